"""Does the tuner's first-replay bound hold? Every candidate's first and final replay, side by side.

    python benchmarks/check_replay_bound.py [--quick]

`gemmsim tune` skips the final replay of a candidate whose first replay's bound
(gemmsim.simulate.FirstReplay.bound_us) already exceeds the current top-K cutoff. The bound assumes
the final replay, at a higher clock, loses at most the clock's rise in cycles, or EVENT_ORDER_LOSS of
them. This replays both for every candidate of the space below (tune's tiles x lds_stage 1/2 x sync
and async copy x direct and cshuffle epilogue, for each GPU, shape and dtype) whose final clock
differs from its first, and prints the candidates that used the largest share of their allowance.
Exit 1 if any final time falls below its bound. The full run takes about 12 minutes on one core of
the development machine (2056 candidates); --quick takes one GPU and two shapes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gemmsim import progress  # noqa: E402
from gemmsim.frontends.preshuffle.generator import generate  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.simulate import first_replay  # noqa: E402
from gemmsim.problem import make_problem  # noqa: E402
from gemmsim.tuning.search import valid_analyses  # noqa: E402
from gemmsim.frontends.preshuffle.space import Space  # noqa: E402

SPACE = Space(lds_stage=(1, 2), copy=("sync", "async"), epilogue=("direct", "cshuffle"), tile_k_bytes=(128,))
GPUS = ("mi300x", "mi325x", "mi355x")
SHAPES = ("1024x4096x1024", "2048x2048x4096", "4096x4096x4096", "256x8192x2048", "8192x8192x1024")
SHOWN = 8


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="mi325x and two shapes only")
    args = p.parse_args(argv)
    gpus, shapes = (("mi325x",), SHAPES[:2]) if args.quick else (GPUS, SHAPES)
    cases = [(g, s, d) for g in gpus for s in shapes for d in ("bf16", "fp8")]
    rows, violations = [], []
    progress.enable(progress.wanted(False))
    for gpu_name, shape, dtype in progress.track(cases, "GPU, shape and dtype"):
        gpu, problem = load_gpu(gpu_name), make_problem(shape, dtype)
        for a in valid_analyses(problem, gpu, SPACE)[0]:
            first = first_replay(generate(a, gpu), problem, gpu, analysis=a)
            if first.final_clock_mhz == first.clock_mhz:
                continue
            final = first.finish()
            cycles = final.simulation.cycles - final.simulation.split_k_reduction_cycles
            lost = 1.0 - cycles / first.replay.cycles
            allowed = 1.0 - first.bound_us * first.final_clock_mhz / first.replay.cycles   # what bound_us lets it lose
            c = a.config
            name = f"{gpu_name} {shape} {dtype} {c.tile_m}x{c.tile_n}x{c.tile_k} stage{c.lds_stage} {c.copy} {c.epilogue}"
            rows.append((lost / allowed, lost, first.final_clock_mhz / first.clock_mhz - 1, name))
            if final.time_us < first.bound_us:
                violations.append(name)
    rows.sort(reverse=True)
    print(f"{len(rows)} candidates whose final replay ran at another clock; the largest shares of the allowance:")
    for share, lost, rise, name in rows[:SHOWN]:
        print(f"  {share:6.3f}  lost {100 * lost:6.2f} % of the cycles at a {100 * rise:+6.2f} % clock  {name}")
    print(f"below the bound: {len(violations)}" + "".join(f"\n  {v}" for v in violations))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
