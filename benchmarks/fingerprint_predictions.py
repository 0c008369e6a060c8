"""A fingerprint of the replay's results, to check that a speed-up changes no prediction.

    python benchmarks/fingerprint_predictions.py --save FILE    # record (from the unmodified code)
    python benchmarks/fingerprint_predictions.py --check FILE   # compare, exit 1 on any difference

Runs a spread of predictions through the Python API (preshuffle configs on mi300x, mi325x and
mi355x: bf16 and fp8, skinny, square, tails, split-K, batch, async copy; and committed H200 matrix
and ladder points through the SASS front-end, as `gemmsim compare` builds them) and keeps every
field of each Prediction but the timeline, floats at full precision, plus the timeline (every span) of
two recorded replays. Floats must agree to a relative 1e-9 (a change of summation order); anything
else must be equal.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.jsonable import JSON_NONE  # noqa: E402
from gemmsim.simulate import predict  # noqa: E402
from gemmsim.problem import make_config, make_problem  # noqa: E402
from gemmsim.measurements.predictor import Predictor  # noqa: E402
from gemmsim.measurements.readers import read_points  # noqa: E402

H200 = ROOT / "validation" / "results" / "h200"
REL = 1e-9

# (name, shape, dtype, gpu, tile, config options)
AMD = [
    ("square-bf16-300", "4096x4096x4096", "bf16", "mi300x", "256x256x64", {}),
    ("square-bf16-300-128", "4096x4096x4096", "bf16", "mi300x", "128x128x64", {}),
    ("skinny-bf16-300", "16x8192x4096", "bf16", "mi300x", "16x128x256", {}),
    ("tails-bf16-300", "1000x3000x777", "bf16", "mi300x", "128x256x64", {}),
    ("splitk-bf16-300", "64x4096x16384", "bf16", "mi300x", "64x128x128", {"split_k": 4}),
    ("batch-bf16-300", "8x512x512x1024", "bf16", "mi300x", "128x128x64", {}),
    ("stage1-bf16-300", "2048x2048x2048", "bf16", "mi300x", "128x256x64", {"lds_stage": 1}),
    ("noswz-bf16-300", "2048x2048x2048", "bf16", "mi300x", "128x128x64", {"swizzle": False}),
    ("fp8-325", "5120x5120x8320", "fp8", "mi325x", "256x256x128", {}),
    ("fp8-skinny-325", "32x7168x2048", "fp8", "mi325x", "32x128x256", {}),
    ("bf16-325", "8192x1024x4096", "bf16", "mi325x", "256x128x64", {}),
    ("fp8-355", "4096x4096x4096", "fp8", "mi355x", "256x256x128", {}),
    ("bf16-355", "1024x11008x4096", "bf16", "mi355x", "128x256x64", {}),
    ("async-fp8-355", "2048x2048x4096", "fp8", "mi355x", "128x128x128", {"copy": "async"}),
    ("tails-fp8-355", "597x4096x4096", "fp8", "mi355x", "64x256x128", {}),
    ("cshuffle-bf16-300", "1024x1024x1024", "bf16", "mi300x", "128x128x64", {"epilogue": "cshuffle"}),
]
# committed H200 points (validation/results/h200), predicted as `gemmsim compare` does
SM90 = [("ladder.csv", "gemm_tiled_f32", "128x128x128"), ("ladder.csv", "gemm_blocked4x4_f64", "512x64x512"),
        ("ladder.csv", "gemm_tiled_blocked2x2_i32", "512x512x512"), ("ladder.csv", "gemm_f32", "127x512x512"),
        ("matrix.csv", "mma_preshuffle_m16n64k128_swz0", "128x128x128"),
        ("matrix.csv", "mma_preshuffle_m64n256k64_swz1", "512x512x512"),
        ("matrix.csv", "mma_preshuffle_m32n256k64_swz1", "4096x4096x4096")]
RECORDED = [("rec-bf16-300", "1024x1024x1024", "bf16", "mi300x", "128x128x64", {}),
            ("rec-fp8-355", "512x512x2048", "fp8", "mi355x", "128x128x128", {"copy": "async"})]


def full(value):
    """Every field as JSON-ready values; floats kept exactly (as their repr)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # a None the JSON writes otherwise (a missing hot loop: {}) is kept as the JSON writes it
        return {f.name: f.metadata[JSON_NONE] if getattr(value, f.name) is None and JSON_NONE in f.metadata
                else full(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name != "timeline"}
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return {str(k): full(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [full(v) for v in value]
    if value is None or isinstance(value, (int, str, bool)):
        return value
    return repr(value)


def fingerprint() -> dict:
    out = {}
    for name, shape, dtype, gpu, tile, options in AMD:
        out[name] = full(predict(make_problem(shape, dtype), make_config(tile, **options), load_gpu(gpu)))
    points = {(p.source, p.symbol, p.shape): p for f in ("ladder.csv", "matrix.csv") for p in read_points(H200 / f)}
    predictor = Predictor(H200 / "sass")
    for key in SM90:
        out["h200:" + ":".join(key)] = full(predictor.prediction(points[key]))
    for name, shape, dtype, gpu, tile, options in RECORDED:
        p = predict(make_problem(shape, dtype), make_config(tile, **options), load_gpu(gpu), record=True)
        out[name] = full(p)
        spans = "\n".join(f"{s.track} {s.name} {s.start!r} {s.end!r}" for s in p.timeline)
        out[name + ":timeline"] = [len(p.timeline), hashlib.sha256(spans.encode()).hexdigest()]
    return out


def differences(old, new, path="") -> list[str]:
    if isinstance(old, dict) and isinstance(new, dict):
        found = [f"{path}.{k}: only in one" for k in old.keys() ^ new.keys()]
        return found + [d for k in old.keys() & new.keys() for d in differences(old[k], new[k], f"{path}.{k}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [d for i, (a, b) in enumerate(zip(old, new)) for d in differences(a, b, f"{path}[{i}]")]
    if old == new:
        return []
    try:
        a, b = float(old), float(new)
        if abs(a - b) <= REL * max(abs(a), abs(b)):
            return []
    except (TypeError, ValueError):
        pass
    return [f"{path}: {old!r} -> {new!r}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path)
    group.add_argument("--check", type=Path)
    args = parser.parse_args()
    start = time.perf_counter()
    now = fingerprint()
    print(f"{len(now)} entries in {time.perf_counter() - start:.1f} s")
    if args.save:
        args.save.write_text(json.dumps(now, indent=1, sort_keys=True))
        return 0
    found = differences(json.loads(args.check.read_text()), now)
    for d in found[:50]:
        print(d)
    print("identical" if not found else f"{len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
