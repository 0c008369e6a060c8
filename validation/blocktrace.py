"""Where and when each block of a ladder GEMM ran (issue 12): kernels/microbench/blocktrace.hip.

    python -m validation.blocktrace --out DIR [--rounds R] [--build-dir build]

Every traced kernel is the ladder kernel of the same name with each warp's SM, start and end
written down (cycle counter and GPU-wide timer). For each kernel and shape of POINTS it first times
the untraced and the traced kernel as the runner times a GEMM (so the trace's own cost shows), then
launches the traced one R times and writes one row per block and launch: the SM, the first warp's
start, the first and the last warp's end (SM cycles, and ns from the launch's first start).
Writes DIR/blocktrace.csv and DIR/blocktrace_timing.csv.
"""
from __future__ import annotations

import shlex
import sys

import numpy as np

from validation import kernels, measure
from validation.backends.argpack import gemm_arguments, pack_args
from validation.build import MICROBENCH_DIR
from validation.profile import write_csv

SOURCE = MICROBENCH_DIR / "blocktrace.hip"
RECORD_WORDS = 5     # per warp: SM id, start cycle, end cycle, start ns, end ns (blocktrace.hip)
SYMBOLS = ("gemm_f32", "gemm_tiled_f32", "gemm_blocked2x2_f32", "gemm_tiled_blocked2x2_f32",
           "gemm_blocked4x4_f32", "gemm_f64", "gemm_tiled_f64")
SHAPES = ((512, 512, 512), (512, 512, 2048), (1024, 1024, 512))
COLUMNS = ("symbol", "M", "N", "K", "launch", "block", "sm", "start_cycle", "first_end_cycle", "end_cycle",
           "start_ns", "first_end_ns", "end_ns")   # the conditions are in blocktrace_timing.csv
TIMING_COLUMNS = ("symbol", "M", "N", "K", "variant", "registers_per_thread", "median_us", "min_us",
                  "sm_clock_mhz", "device", "driver", "command")


def block_rows(records: np.ndarray, warps_per_block: int) -> list[dict]:
    """Per-warp records (warps x RECORD_WORDS, u64) -> one dict per block."""
    r = records.reshape(-1, warps_per_block, RECORD_WORDS).astype(np.int64)
    t0 = r[:, :, 3].min()
    rows = []
    for block, warps in enumerate(r):
        sms = set(warps[:, 0].tolist())
        if len(sms) != 1:
            raise RuntimeError(f"block {block}: warps on several SMs {sorted(sms)}")
        rows.append({"block": block, "sm": int(warps[0, 0]), "start_cycle": int(warps[:, 1].min()),
                     "first_end_cycle": int(warps[:, 2].min()), "end_cycle": int(warps[:, 2].max()),
                     "start_ns": int(warps[:, 3].min() - t0), "first_end_ns": int(warps[:, 4].min() - t0),
                     "end_ns": int(warps[:, 4].max() - t0)})
    return rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = measure.rounds_parser("python -m validation.blocktrace", __doc__, "blocktrace.csv", rounds=2)
    args = p.parse_args(argv)
    from validation.backends import create_backend

    backend = create_backend("cuda", args.build_dir)
    info = backend.device_info()
    command = shlex.join(["python", "-m", "validation.blocktrace", *argv])
    plain = backend.load_kernels(list(SYMBOLS))
    traced = backend.load_source(SOURCE, [f"traced_{s}" for s in SYMBOLS])
    overrides = measure.Overrides.named("quick" if args.quick else None)
    rng = np.random.default_rng(0)
    rows, timing = [], []
    for symbol in SYMBOLS:
        spec = kernels.spec_by_symbol(symbol)
        warps_per_block = int(np.prod(spec.block)) // backend.wave_size
        for m, n, k in SHAPES:
            grid = spec.grid(m, n)
            host = measure.random_host_inputs(m, n, k, spec.dtype, backend.target, rng)
            inputs = measure.upload(backend, host, m, n)
            words = grid[0] * grid[1] * warps_per_block * RECORD_WORDS
            records = backend.malloc(words * 8)
            base = gemm_arguments(spec.family, int(inputs.a), int(inputs.b), int(inputs.c), m, n, k)
            variants = {"plain": (plain[symbol], pack_args(base)),
                        "traced": (traced[f"traced_{symbol}"],
                                   pack_args(base + [("ptr", int(records)), ("u32", grid[0])]))}
            clock = backend.clocks_mhz()[0]
            point = {"symbol": symbol, "M": m, "N": n, "K": k}
            same = {**point, "sm_clock_mhz": clock, "device": info["device"], "driver": info["driver"], "command": command}
            for variant, (function, packed) in variants.items():
                summary, _ = measure.time_launches(backend, function, grid, spec.block, packed, inputs.c,
                                                   inputs.c_bytes, overrides)
                timing.append({**same, "variant": variant, "registers_per_thread": backend.registers_per_thread(function),
                               "median_us": f"{summary.median_us:.3f}", "min_us": f"{summary.min_us:.3f}"})
            function, packed = variants["traced"]
            for launch in range(args.rounds):
                backend.memset(records, 0, words * 8)
                backend.launch(function, grid, spec.block, packed)
                backend.synchronize()
                host_records = np.empty(words, dtype=np.uint64)
                backend.dtoh(host_records, records)
                rows += [{**point, "launch": launch, **r} for r in block_rows(host_records, warps_per_block)]
            print(f"{symbol} {m}x{n}x{k}: plain {timing[-2]['median_us']} us, traced {timing[-1]['median_us']} us",
                  flush=True)
            for ptr in (records, inputs.a, inputs.b, inputs.c):
                backend.free(ptr)
    args.out.mkdir(parents=True, exist_ok=True)
    write_csv(args.out / "blocktrace.csv", COLUMNS, rows)
    write_csv(args.out / "blocktrace_timing.csv", TIMING_COLUMNS, timing)
    return 0


if __name__ == "__main__":
    sys.exit(main())
