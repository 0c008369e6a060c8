"""Record a PyTorch profiler trace of one forward+backward step of a small bf16 transformer.

The trace is test data for `gemmsim trace`: every GEMM in it comes from a model whose shapes we
know, so the parser's recovered shapes and counts can be checked against counts derived by hand.

Model (plain nn.Linear layers, so every projection is an aten::addmm forward and two aten::mm
backward; attention written with torch.matmul, so its two products are aten::bmm):
  2 layers, d_model 512, 8 heads (head dim 64), d_ff 2048, GELU MLP, vocab 8192,
  batch 4, sequence 256 (T = 1024 tokens), causal attention, cross-entropy loss, bf16 weights.

Run (one call on the H200 device machine; the step itself takes well under a second):
    python3 validation/traces/record_small_transformer.py --out $OUT
It writes $OUT/small_transformer_trace.json.gz (the Chrome trace, gzipped),
$OUT/record_meta.json (device, driver, torch and CUDA versions, model dimensions) and
$OUT/torch_gemm_ops.txt (torch's own count of GEMM ops by input shape, a cross-check).

Recorded for tests/data/ on 2026-11-29 with the command above, on the `nvidia-h200` device
machine: NVIDIA H200 (132 SMs), driver 580.159.04, torch 2.11.0+cu130 (CUDA 13.0), Python 3.12.3;
17.6 s wall for the whole script. The trace holds 51 GEMM ops (13 addmm, 26 mm, 12 bmm) and
52 GEMM kernels (cuBLAS nvjet kernels, plus one split-K reduce). See tests/data/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F

DIMS = dict(layers=2, d_model=512, heads=8, d_ff=2048, vocab=8192, batch=4, seq=256)
GEMM_OPS = ("aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::matmul", "aten::linear")


class Block(nn.Module):
    """Pre-norm transformer block: separate q, k, v, o projections and a two-layer GELU MLP."""

    def __init__(self, d_model: int, heads: int, d_ff: int):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d_model)
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.up = nn.Linear(d_model, d_ff)
        self.down = nn.Linear(d_ff, d_model)

    def split_heads(self, x: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        return x.view(b, s, self.heads, d // self.heads).transpose(1, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        h = self.ln1(x)
        q, k, v = (self.split_heads(p(h)) for p in (self.q, self.k, self.v))
        scores = torch.matmul(q, k.transpose(-2, -1)) * (d // self.heads) ** -0.5
        causal = torch.ones(s, s, dtype=torch.bool, device=x.device).triu(1)
        probs = scores.masked_fill(causal, float("-inf")).softmax(dim=-1)
        attn = torch.matmul(probs, v).transpose(1, 2).reshape(b, s, d)
        x = x + self.o(attn)
        return x + self.down(F.gelu(self.up(self.ln2(x))))


class SmallTransformer(nn.Module):
    def __init__(self, layers: int, d_model: int, heads: int, d_ff: int, vocab: int, seq: int):
        super().__init__()
        self.tok = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(seq, d_model)
        self.blocks = nn.ModuleList(Block(d_model, heads, d_ff) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d_model)
        self.lm_head = nn.Linear(d_model, vocab)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(tokens.shape[1], device=tokens.device)
        x = self.tok(tokens) + self.pos(pos)
        for block in self.blocks:
            x = block(x)
        return self.lm_head(self.ln_f(x))


def train_step(model: nn.Module, tokens: torch.Tensor, targets: torch.Tensor) -> None:
    model.zero_grad(set_to_none=True)
    logits = model(tokens)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.view(-1))
    loss.backward()


def driver_version() -> str:
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=30)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def torch_gemm_counts(prof) -> list[str]:
    """Torch's own count of GEMM ops by (name, input shapes, input strides if recorded)."""
    counts = Counter()
    for evt in prof.events():
        if evt.name in GEMM_OPS:
            counts[(evt.name, str(evt.input_shapes))] += 1
    return [f"{n:4d}  {name}  {shapes}" for (name, shapes), n in sorted(counts.items())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.environ.get("OUT", "."), help="output folder")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    torch.manual_seed(0)
    dev = torch.device("cuda")
    d = DIMS
    model = SmallTransformer(d["layers"], d["d_model"], d["heads"], d["d_ff"], d["vocab"], d["seq"])
    model = model.to(device=dev, dtype=torch.bfloat16)
    tokens = torch.randint(0, d["vocab"], (d["batch"], d["seq"]), device=dev)
    targets = torch.randint(0, d["vocab"], (d["batch"], d["seq"]), device=dev)

    for _ in range(3):  # warm up: cuBLAS handles, workspaces, heuristics
        train_step(model, tokens, targets)
    torch.cuda.synchronize()

    activities = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=activities, record_shapes=True) as prof:
        train_step(model, tokens, targets)
        torch.cuda.synchronize()

    raw = out / "small_transformer_trace.json"
    prof.export_chrome_trace(str(raw))
    with open(raw, "rb") as src, gzip.open(str(raw) + ".gz", "wb", compresslevel=9) as dst:
        shutil.copyfileobj(src, dst)
    raw.unlink()

    meta = {
        "device": torch.cuda.get_device_name(0),
        "driver": driver_version(),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "python": sys.version.split()[0],
        "model": d,
        "dtype": "bf16",
        "command": "python3 validation/traces/record_small_transformer.py --out $OUT",
    }
    (out / "record_meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    lines = torch_gemm_counts(prof)
    (out / "torch_gemm_ops.txt").write_text("\n".join(lines) + "\n")

    print(json.dumps(meta, indent=2))
    print(f"trace: {raw}.gz, {os.path.getsize(str(raw) + '.gz')} bytes")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
