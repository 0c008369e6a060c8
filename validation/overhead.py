"""What a GEMM's launch costs beside the empty kernel's, interleaved in one process (issue 12).

    python -m validation.overhead --out DIR [--rounds R] [--quick] [--build-dir build]

The runner used to time a launch with the host's launch call inside the events: the small shapes'
measured times carried 9.5-10 us beside the replayed kernel, and that part drifted by several
microseconds between sweeps and sessions. Every variant below is timed in turn, round after round,
in one process, so drift falls on all alike, in three ways:
  runner    as the runner times a GEMM (validation.measure.time_launches: poison of C, the GPU held
            busy while the host queues the events and the launch, warm-ups, median of the runs);
  unhidden  the same without the hold: the runner's method before commit 'measure: hide the host's
            launch call', where the events also time the host's launch call;
  host      the wall time of the launch call alone on the host.
Variants: the empty kernel on one block and on the grid of gemm_f32 at 128^3; store_words (every
thread writes one word of the poisoned buffer) on that grid; the real GEMM kernels on one
work-group (16^3 and 64x128x64) and at 128^3.
Run under Nsight Compute (`--rounds 1 --quick`) for each launch's GPU duration: event time minus
duration is what the harness adds.
Writes DIR/overhead.csv: variant, symbol, grid, block, round, method, median_us, min_us, clock.
"""
from __future__ import annotations

import shlex
import sys
import time
from dataclasses import dataclass

import numpy as np

from validation import kernels, measure, stats
from validation.backends.argpack import pack_args
from validation.microbench import SOURCE
from validation.profile import write_csv
from validation.suites import Point

COLUMNS = ("variant", "symbol", "grid", "block", "round", "method", "median_us", "min_us",
           "sm_clock_mhz", "device", "driver", "command")
POISON_BYTES = 128 * 128 * 4          # C of a 128^3 fp32 GEMM
GRID_128 = ((8, 8, 1), (256, 1, 1))   # gemm_f32's grid and block at 128^3
GEMMS = (("gemm_f32", 16, 16, 16), ("gemm_f32", 128, 128, 128),
         ("mma_preshuffle_m64n128k64_swz1", 64, 128, 64), ("mma_preshuffle_m64n128k64_swz1", 128, 128, 128))
HOST_CALLS = 51


@dataclass
class Variant:
    name: str
    symbol: str
    function: object
    grid: tuple
    block: tuple
    packed: bytes
    poison: object
    poison_bytes: int


def variants(backend, rng: np.random.Generator) -> list[Variant]:
    own = backend.load_source(SOURCE, ["empty_kernel", "store_words"])
    gemm = backend.load_kernels(sorted({g[0] for g in GEMMS}))
    buffer = backend.malloc(POISON_BYTES)
    sink = pack_args([("ptr", int(buffer))])
    out = [Variant("empty_1block", "empty_kernel", own["empty_kernel"], (1, 1, 1), (backend.wave_size, 1, 1),
                   sink, buffer, POISON_BYTES),
           Variant("empty_grid128", "empty_kernel", own["empty_kernel"], *GRID_128, sink, buffer, POISON_BYTES),
           Variant("store_grid128", "store_words", own["store_words"], *GRID_128, sink, buffer, POISON_BYTES)]
    for symbol, m, n, k in GEMMS:
        spec = kernels.spec_by_symbol(symbol)
        host = measure.random_host_inputs(m, n, k, spec.dtype, backend.target, rng)
        inputs = measure.upload(backend, host, m, n)
        packed = measure.packed_arguments(Point("overhead", spec, m, n, k), inputs.a, inputs.b, inputs.c,
                                          host.k_blocks)
        out.append(Variant(f"{symbol}_{m}x{n}x{k}", symbol, gemm[symbol], spec.grid(m, n), spec.block, packed,
                           inputs.c, inputs.c_bytes))
    return out


def unhidden_us(backend, v: Variant, runs: int, warmups: int) -> list[float]:
    start, stop = backend.event(), backend.event()
    times = []
    for i in range(warmups + runs):
        backend.memset(v.poison, measure.POISON_BYTE, v.poison_bytes)
        backend.record(start)
        backend.launch(v.function, v.grid, v.block, v.packed)
        backend.record(stop)
        if i >= warmups:
            times.append(backend.elapsed_ms(start, stop) * 1e3)
    return times


def host_us(backend, v: Variant, calls: int) -> list[float]:
    times = []
    for _ in range(calls):
        t0 = time.perf_counter()
        backend.launch(v.function, v.grid, v.block, v.packed)
        times.append((time.perf_counter() - t0) * 1e6)
        backend.synchronize()
    return times


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = measure.rounds_parser("python -m validation.overhead", __doc__, "overhead.csv", rounds=30)
    args = p.parse_args(argv)
    from validation.backends import create_backend

    backend = create_backend("cuda", args.build_dir)
    info = backend.device_info()
    overrides = measure.Overrides.named("quick" if args.quick else None)
    command = shlex.join(["python", "-m", "validation.overhead", *argv])
    timed = variants(backend, np.random.default_rng(0))
    rows = []
    for v_round in range(args.rounds):
        clock = backend.clocks_mhz()[0]
        for v in timed:
            summary, _ = measure.time_launches(backend, v.function, v.grid, v.block, v.packed, v.poison,
                                               v.poison_bytes, overrides)
            timings = {"runner": summary,
                       "unhidden": stats.summarize(unhidden_us(backend, v, overrides.runs or 21, 2)),
                       "host": stats.summarize(host_us(backend, v, 3 if args.quick else HOST_CALLS))}
            for method, timing in timings.items():
                rows.append({"variant": v.name, "symbol": v.symbol, "grid": "x".join(map(str, v.grid)),
                             "block": "x".join(map(str, v.block)), "round": v_round, "method": method,
                             "median_us": f"{timing.median_us:.3f}", "min_us": f"{timing.min_us:.3f}",
                             "sm_clock_mhz": clock, "device": info["device"], "driver": info["driver"], "command": command})
        done = [r for r in rows if r["round"] == v_round and r["method"] == "runner"]
        print(f"round {v_round}: " + " ".join(f"{r['variant']}={r['median_us']}" for r in done), flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    write_csv(args.out / "overhead.csv", COLUMNS, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
