"""What the L2 keeps of a GEMM between launches, and whether work-groups that share a B tile gain
from it (issue 12, the fresh 64x4096x4096 lead).

    python -m validation.residency --out DIR [--rounds R] [--quick] [--build-dir build]
                                   [--kernels SYM,...] [--shapes MxNxK,...]

The runner times a launch after a poison of C only, so a launch finds in the L2 what the previous
launch of the same kernel left there. Each point below is timed in turn, round after round, in one
process, in two ways:
  warm   as the runner times it (poison of C, the hold, warm-ups, the median of the runs);
  cold   the same with a 256 MiB scrub buffer written in place of the poison, so that the launch
         finds nothing of A and B in the L2.
The points pair a shape where several work-groups read each B tile (M = 64 with TILE_M < 64) with
one where each B tile has one reader (M = 16), with B small enough for the L2 (N = 4096) and too
large for it (N = 16384). --kernels and --shapes time others instead (e.g. the matrix suite's large
shapes, whose rounds reuse A tiles that every partition reads).
Writes DIR/residency.csv: symbol, M, N, K, round, method, median_us, min_us, clock, device, driver.
"""
from __future__ import annotations

import shlex
import sys

import numpy as np

from validation import kernels, measure, suites
from validation.profile import write_csv
from validation.suites import Point

COLUMNS = ("symbol", "M", "N", "K", "round", "method", "median_us", "min_us", "sm_clock_mhz", "device",
           "driver", "command")
SCRUB_BYTES = 256 << 20
SYMBOLS = ("mma_preshuffle_m16n64k128_swz1", "mma_preshuffle_m32n64k64_swz1", "mma_preshuffle_m32n128k64_swz1",
           "mma_preshuffle_m64n64k64_swz1", "mma_preshuffle_m64n128k64_swz1")
SHAPES = ((64, 4096, 4096), (16, 4096, 4096), (64, 16384, 4096), (16, 16384, 4096))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = measure.rounds_parser("python -m validation.residency", __doc__, "residency.csv", rounds=10)
    p.add_argument("--kernels", help=f"comma-separated symbols (default: {','.join(SYMBOLS)})")
    p.add_argument("--shapes", help="comma-separated MxNxK (default: " + ",".join("x".join(map(str, s)) for s in SHAPES) + ")")
    args = p.parse_args(argv)
    symbols = tuple(args.kernels.split(",")) if args.kernels else SYMBOLS
    try:
        shapes = tuple(suites.parse_shape(s) for s in args.shapes.split(",")) if args.shapes else SHAPES
        specs = {symbol: kernels.spec_by_symbol(symbol) for symbol in symbols}
    except ValueError as e:
        p.error(f"--kernels/--shapes: {e}")
    from validation.backends import create_backend

    backend = create_backend("cuda", args.build_dir)
    info = backend.device_info()
    overrides = measure.Overrides.named("quick" if args.quick else None)
    command = shlex.join(["python", "-m", "validation.residency", *argv])
    functions = backend.load_kernels(list(symbols))
    scrub = backend.malloc(SCRUB_BYTES)
    rng = np.random.default_rng(0)
    points = []
    for m, n, k in shapes:
        host = measure.random_host_inputs(m, n, k, "bf16", backend.target, rng)
        inputs = measure.upload(backend, host, m, n)
        for symbol in symbols:
            point = Point("residency", specs[symbol], m, n, k)
            points.append((point, measure.packed_arguments(point, inputs.a, inputs.b, inputs.c, host.k_blocks), inputs))
    rows = []
    for r in range(args.rounds):
        clock = backend.clocks_mhz()[0]
        for point, packed, inputs in points:
            grid, block, function = point.spec.grid(point.m, point.n), point.spec.block, functions[point.spec.symbol]
            for method, poison, nbytes in (("warm", inputs.c, inputs.c_bytes), ("cold", scrub, SCRUB_BYTES)):
                timing, _ = measure.time_launches(backend, function, grid, block, packed, poison, nbytes, overrides)
                rows.append({"symbol": point.spec.symbol, "M": point.m, "N": point.n, "K": point.k, "round": r,
                             "method": method, "median_us": f"{timing.median_us:.3f}", "min_us": f"{timing.min_us:.3f}",
                             "sm_clock_mhz": clock, "device": info["device"], "driver": info["driver"],
                             "command": command})
        print(f"round {r} done", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    write_csv(args.out / "residency.csv", COLUMNS, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
