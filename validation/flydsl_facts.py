"""Facts read from FlyDSL's compiled preshuffle GEMM, for tests/test_flydsl_facts.py to hold the generator to.

FlyDSL (github ROCm/FlyDSL, `kernels/gemm/preshuffle_gemm.py`) compiles its kernels to gfx942 and
gfx950 assembly without a GPU (../shared/reference/flydsl_compile.md). This script compiles the
configurations of CONFIGS for both archs, reads each final assembly with gemmsim's own assembly
front-end, and writes what it finds to tests/data/flydsl_facts.toml: per-iteration counts of the hot
loop (MFMA, ds_read by width, ds_write, buffer_load, s_waitcnt, s_barrier), the K tiles an
iteration covers, the register, LDS and occupancy figures, and the worst bank-conflict ways of the
hot loop's A reads. Only those numbers are written; FlyDSL's source and its assembly stay in the
scratch folder.

The compile runs in a separate Python that has flydsl (pip) and a CPU torch, with a FlyDSL checkout
on its path; this process only parses. Run it as

    PYTHONPATH=$PWD python3 validation/flydsl_facts.py --flydsl-python VENV/bin/python \\
        --flydsl-src FLYDSL_CHECKOUT --ld-lld /usr/bin/ld.lld-22 --scratch /tmp/flydsl_facts

(one compile takes 10-20 s; `--only gfx950:fp8:64x256x128` or `--only gfx942:fp8:16x64x512-s1-wpe4`
compiles one configuration).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FACTS_PATH = REPO / "tests" / "data" / "flydsl_facts.toml"
ARCH_GPU = {"gfx942": "mi300x", "gfx950": "mi355x"}


@dataclass(frozen=True)
class FlyConfig:
    """One compile: the dtype, the tile, the problem it is compiled for and the kernel's knobs
    (lds_stage, copy, waves_per_eu; None: no hint); archs: where it is compiled (FlyDSL's async copy
    is gfx950-only)."""

    dtype: str
    tile: tuple[int, int, int]
    m: int
    n: int
    k: int
    lds_stage: int = 2
    copy: str = "sync"
    waves_per_eu: int | None = None
    archs: tuple[str, ...] = ("gfx942", "gfx950")

    @property
    def tile_text(self) -> str:
        return "x".join(str(t) for t in self.tile)

    @property
    def knobs_text(self) -> str:
        """The knobs that differ from the CI kernel's (sync copy, lds_stage 2, no hint), e.g. '-s1-wpe4'."""
        return ((f"-s{self.lds_stage}" if self.lds_stage != 2 else "") + ("-async" if self.copy == "async" else "")
                + (f"-wpe{self.waves_per_eu}" if self.waves_per_eu else ""))

    @property
    def name(self) -> str:
        return f"{self.dtype}:{self.tile_text}{self.knobs_text}"


# The tiles of FlyDSL's CI rows in validation/data/amd_public.csv, at their shapes, and 128x128x128.
CONFIGS = (
    FlyConfig("fp8", (64, 64, 256), 256, 2112, 7168),
    FlyConfig("fp8", (64, 256, 128), 5120, 5120, 8320),
    FlyConfig("bf16", (64, 256, 128), 5120, 5120, 8320),
    FlyConfig("fp8", (128, 128, 128), 5120, 5120, 8320),
    FlyConfig("fp8", (128, 256, 128), 8192, 8192, 8192),
    # The knobs of aiter's tuned gfx942 fp8 rows (validation/data/aiter_flydsl_tuned.csv) at their shapes,
    # as far as FlyDSL's kernel has them (its CShuffle epilogue is gone; async copy needs gfx950).
    FlyConfig("fp8", (16, 64, 512), 4, 1280, 4096, lds_stage=1, waves_per_eu=4),
    FlyConfig("fp8", (16, 64, 512), 4, 1280, 4096, archs=("gfx942",)),
    FlyConfig("fp8", (16, 64, 512), 4, 1280, 4096, lds_stage=1, copy="async", archs=("gfx950",)),
    FlyConfig("fp8", (32, 64, 512), 64, 1280, 4096, waves_per_eu=1, archs=("gfx942",)),
    FlyConfig("fp8", (32, 128, 256), 64, 4096, 1024, lds_stage=1, archs=("gfx942",)),
    FlyConfig("fp8", (16, 128, 512), 32, 4096, 4096, waves_per_eu=4, archs=("gfx942",)),   # K 1024 leaves no loop
    # a hint the registers cannot meet: LLVM caps the allocation and spills
    FlyConfig("fp8", (64, 256, 128), 5120, 5120, 8320, waves_per_eu=4, archs=("gfx942",)),
    # The other dtypes FlyDSL builds, at the CI's int8 shape and tile (its MFMA per dtype and arch), and the
    # CI's async-copy kernels (gfx950 only; waves_per_eu 2, the CI script's default for them)
    FlyConfig("int8", (64, 256, 128), 9728, 8192, 8320),
    FlyConfig("fp16", (64, 256, 128), 5120, 5120, 8320),
    FlyConfig("int8", (128, 256, 128), 9728, 8192, 8320, copy="async", waves_per_eu=2, archs=("gfx950",)),
    FlyConfig("fp8", (128, 256, 128), 9728, 8192, 8320, copy="async", waves_per_eu=2, archs=("gfx950",)),
    FlyConfig("fp8", (64, 64, 256), 256, 2112, 7168, copy="async", waves_per_eu=2, archs=("gfx950",)),
)

# Runs in the FlyDSL Python: build the kernel, call it once on CPU tensors (COMPILE_ONLY runs nothing).
_COMPILE = r"""
import sys, torch
sys.path.insert(0, sys.argv[1])
from kernels.gemm.preshuffle_gemm import compile_preshuffle_gemm
dtype, (tm, tn, tk), (M, N, K) = sys.argv[2], map(int, sys.argv[3].split("x")), map(int, sys.argv[4].split("x"))
stage, copy, wpe = int(sys.argv[5]), sys.argv[6], int(sys.argv[7])
fn = compile_preshuffle_gemm(N=N, K=K, tile_m=tm, tile_n=tn, tile_k=tk, in_dtype=dtype, out_dtype="bf16",
                             lds_stage=stage, use_async_copy=copy == "async", waves_per_eu=wpe or None)
elem = {"fp8": torch.int8, "int8": torch.int8, "fp16": torch.float16}.get(dtype, torch.bfloat16)
fn(torch.empty(M * N, dtype=torch.bfloat16), torch.empty(M * K, dtype=elem), torch.empty(N * K, dtype=elem),
   torch.empty(M, dtype=torch.float32), torch.empty(N, dtype=torch.float32), torch.empty(0, dtype=torch.bfloat16),
   M, N, None)
"""


class FactsError(Exception):
    """A compile or a parse that gave no facts; the CLI prints it on one line."""


def compile_one(cfg: FlyConfig, arch: str, args, scratch: Path) -> Path:
    """The final assembly of one configuration, compiled in the FlyDSL Python."""
    dump = scratch / f"{arch}_{cfg.dtype}_{cfg.tile_text}{cfg.knobs_text}"
    rocm = scratch / "rocm"
    (rocm / "llvm" / "bin").mkdir(parents=True, exist_ok=True)
    link = rocm / "llvm" / "bin" / "ld.lld"
    if not link.exists():
        link.symlink_to(args.ld_lld)
    env = dict(os.environ, COMPILE_ONLY="1", ARCH=arch, FLYDSL_GPU_ARCH=arch, FLYDSL_DUMP_IR="1",
               FLYDSL_DUMP_DIR=str(dump), ROCM_PATH=str(rocm))
    env.pop("PYTHONPATH", None)
    run = subprocess.run([args.flydsl_python, "-c", _COMPILE, str(args.flydsl_src), cfg.dtype, cfg.tile_text,
                          f"{cfg.m}x{cfg.n}x{cfg.k}", str(cfg.lds_stage), cfg.copy, str(cfg.waves_per_eu or 0)],
                         env=env, capture_output=True, text=True)
    found = sorted(dump.glob("kernel_gemm_0/*_final_isa.s"))
    if run.returncode != 0 or not found:
        last = (run.stderr.strip().splitlines() or ["no output"])[-1]
        raise FactsError(f"compiling {arch}:{cfg.name} failed: {last}")
    return found[-1]


def read_facts(asm: Path, cfg: FlyConfig, arch: str) -> dict:
    """The numbers of one compiled kernel, read by gemmsim's assembly front-end."""
    from gemmsim.frontends.amdgpu import load_kernel
    from gemmsim.frontends.amdgpu.analysis import analyze_parsed
    from gemmsim.frontends.amdgpu.compare import k_tiles_per_iteration
    from gemmsim.ir.program import Op, hot_loop, walk
    from gemmsim.problem import Problem

    pk = load_kernel(asm, problem=Problem(cfg.m, cfg.n, cfg.k, cfg.dtype), gpu=ARCH_GPU[arch], tile=cfg.tile)
    report = analyze_parsed(pk)
    loop = hot_loop(pk.program.waves[0])
    res, occ = report["resources"], report["occupancy"]
    spills = re.search(r"\.vgpr_spill_count:\s*(\d+)", Path(asm).read_text())
    common = {
        "arch_vgprs": res["arch_vgprs"], "accum_vgprs": res["accum_vgprs"], "sgprs": res["sgprs"],
        "vgpr_spill_count": int(spills.group(1)) if spills else 0,
        "lds_bytes": res["lds_bytes"],
        "waves_per_simd": occ["waves_per_simd"], "occupancy_limited_by": occ["limited_by"],
    }
    head = {"arch": arch, "gpu": ARCH_GPU[arch], "dtype": cfg.dtype, "tile": cfg.tile_text,
            "shape": f"{cfg.m}x{cfg.n}x{cfg.k}",
            "lds_stage": cfg.lds_stage, "copy": cfg.copy, "waves_per_eu": cfg.waves_per_eu or 0}
    if loop is None:
        # LLVM unrolled the whole K loop (a known trip count): the kernel's MFMAs per K tile instead
        every = Counter(instr.opcode for instr, _ in walk(pk.program.waves[0]))
        k_tiles = -(-cfg.k // cfg.tile[2])
        return {**head, "hot_loop": False,
                "mfma_opcode": ",".join(sorted(o for o in every if o.startswith("v_mfma"))),
                "k_tiles": k_tiles,
                "kernel_mfma": sum(n for o, n in every.items() if o.startswith("v_mfma")), **common}
    by_opcode = Counter(instr.opcode for instr, _ in walk(loop.body))
    by_op = Counter(instr.op for instr, _ in walk(loop.body))
    mfma = sorted({o for o in by_opcode if o.startswith("v_mfma")})
    ds_read = {o: n for o, n in sorted(by_opcode.items()) if o.startswith("ds_read")}
    a_reads = [r for r in report["lds_accesses"] if r["in_hot_loop"] and r["opcode"] == "ds_read_b128"]
    return {
        **head, "hot_loop": True,
        "mfma_opcode": ",".join(mfma),
        "loop_trip_count": loop.trip_count,
        "k_tiles_per_iteration": round(k_tiles_per_iteration(pk.program, cfg.tile), 6),
        "loop_mfma": by_op[Op.MFMA],
        "loop_ds_read": ds_read,
        "loop_ds_write": sum(n for o, n in by_opcode.items() if o.startswith("ds_write")),
        "loop_buffer_load": sum(n for o, n in by_opcode.items() if o.startswith("buffer_load")),
        "loop_s_waitcnt": sum(n for o, n in by_opcode.items() if o.startswith("s_waitcnt")),
        "loop_s_barrier": by_opcode["s_barrier"],
        "a_read_max_ways": max((r.get("max_ways", 0) for r in a_reads), default=0),
        **common,
    }


def flydsl_commit(src: Path) -> str:
    head = subprocess.run(["git", "-C", str(src), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode == 0:
        return head.stdout.strip()
    marker = src / "COMMIT"   # an exported tree carries no .git: its commit is written beside it
    return marker.read_text().strip() if marker.exists() else "unknown"


def flydsl_version(python: str) -> str:
    run = subprocess.run([python, "-c", "import importlib.metadata as m; print(m.version('flydsl'))"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise FactsError(f"{python}: has no flydsl package (pip install flydsl in that environment)")
    return run.stdout.strip()


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_toml(header: dict, kernels: list[dict]) -> str:
    lines = ["# Facts read from FlyDSL's compiled preshuffle GEMM (each kernel's knobs as listed), by",
             "# validation/flydsl_facts.py. Numbers only: no FlyDSL source or assembly is kept.",
             "# loop_* count one pass over the hot loop's body; k_tiles_per_iteration says how many K tiles it covers.",
             ""]
    lines += [f"{k} = {_toml_value(v)}" for k, v in header.items()]
    for kern in kernels:
        lines += ["", "[[kernel]]"] + [f"{k} = {_toml_value(v)}" for k, v in kern.items()]
    return "\n".join(lines) + "\n"


def _selected(only: str | None) -> list[tuple[str, FlyConfig]]:
    pairs = [(arch, cfg) for arch in ARCH_GPU for cfg in CONFIGS if arch in cfg.archs]
    if only is None:
        return pairs
    picked = [(a, c) for a, c in pairs if f"{a}:{c.name}" == only]
    if not picked:
        names = ", ".join(f"{a}:{c.name}" for a, c in pairs)
        raise FactsError(f"--only {only!r}: not one of {names}")
    return picked


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--flydsl-python", required=True, help="a Python with flydsl and torch (CPU) installed")
    p.add_argument("--flydsl-src", required=True, type=Path, help="a FlyDSL checkout (kernels/gemm/preshuffle_gemm.py)")
    p.add_argument("--ld-lld", default="/usr/bin/ld.lld-22", help="the ld.lld FlyDSL links with")
    p.add_argument("--scratch", type=Path, default=None, help="where the compiles are dumped (default: a temp dir)")
    p.add_argument("--only", default=None, help="one configuration, ARCH:DTYPE:TILE")
    p.add_argument("--out", type=Path, default=FACTS_PATH)
    args = p.parse_args(argv)
    try:
        if not (args.flydsl_src / "kernels" / "gemm" / "preshuffle_gemm.py").exists():
            raise FactsError(f"--flydsl-src {args.flydsl_src}: holds no kernels/gemm/preshuffle_gemm.py")
        if not Path(args.ld_lld).exists():
            raise FactsError(f"--ld-lld {args.ld_lld}: no such file")
        pairs = _selected(args.only)
        version = flydsl_version(args.flydsl_python)
        scratch = args.scratch or Path(tempfile.mkdtemp(prefix="flydsl_facts_"))
        kernels = []
        for arch, cfg in pairs:
            kernels.append(read_facts(compile_one(cfg, arch, args, scratch), cfg, arch))
            kern = kernels[-1]
            mfma = f"{kern['loop_mfma']} MFMA/iteration" if kern["hot_loop"] else f"no loop, {kern['kernel_mfma']} MFMA"
            print(f"{arch}:{cfg.name}: {kern['mfma_opcode']}, {mfma}, {kern['arch_vgprs']} VGPRs", file=sys.stderr)
    except FactsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    header = {"flydsl_version": version, "flydsl_commit": flydsl_commit(args.flydsl_src),
              "flydsl_kernel": "kernels/gemm/preshuffle_gemm.py (out bf16; each kernel's lds_stage, copy, waves_per_eu)",
              "command": "PYTHONPATH=$PWD python3 validation/flydsl_facts.py --flydsl-python VENV/bin/python "
                         "--flydsl-src FLYDSL_CHECKOUT --ld-lld /usr/bin/ld.lld-22"}
    args.out.write_text(to_toml(header, kernels))
    print(f"wrote {len(kernels)} kernels to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
