"""Run many fuzz cases over the CLI and print the figures (bad input never crashes, never hangs).

Usage: python benchmarks/fuzz.py [--cases N] [--seed S] [--show K] [--family NAME ...] [--edges]
The cases are tests/fuzz_cases.py's families (arguments of every subcommand; bad files of every
kind: CSVs, JSON, traces, configs, assembly, SASS listings; bad GPU descriptions, huge sizes, the
extreme cases), spread evenly over the families; each runs in-process through gemmsim.cli.main. Prints the cases run, the exits by code per family, the cases that
raised (a traceback) or broke another rule (more than one stderr line on exit 2, over the time
limit, files left behind, inf or nan printed by a run that exited 0), and the slowest cases. Exit
status 1 when any case broke a rule. --edges runs, instead, every number of two GPU descriptions at
tiny, bound and huge values (fuzz_cases.gpu_edge_cases).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

# This checkout's gemmsim and the tests' case generators, whatever gemmsim is installed.
REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

import fuzz_cases as fc  # noqa: E402

FAMILIES = {
    "arguments": fc.argument_cases(),
    "runner_csv": fc.runner_csv_cases(),
    "ncu_raw": fc.ncu_raw_cases(),
    "rocprof": fc.rocprof_cases(),
    "ncu_table": fc.ncu_table_cases(),
    "predictions": fc.predictions_cases(),
    "microbench": fc.microbench_cases(),
    "trace": fc.trace_cases(),
    "config": fc.config_cases(),
    "gpu_toml": fc.gpu_toml_cases(),
    "huge_arguments": fc.huge_argument_cases(),
    "runner_huge": fc.runner_csv_cases(values=fc.HUGE, family="runner_huge"),
    "trace_cost": fc.trace_cases(with_gpu=True),
    "assembly": fc.assembly_cases(),
    "sass": fc.sass_cases(),
    "stalls": fc.stalls_cases(),
    "rocprof_json": fc.rocprof_json_cases(),
    "extremes": fc.extreme_cases(),
}


def run_family(strategy, count: int, seed_value: int) -> list[fc.Outcome]:
    outcomes: list[fc.Outcome] = []

    @seed(seed_value)
    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=strategy)
    def collect(case):
        outcomes.append(fc.run_case(case))

    collect()
    return outcomes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300, help="cases in all, spread over the families (default 300)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--show", type=int, default=10, help="slowest and failing cases to list (default 10)")
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES), metavar="NAME",
                        help=f"only these families (repeatable): {', '.join(FAMILIES)}")
    parser.add_argument("--edges", action="store_true",
                        help="instead: every number of mi300x.toml and h200.toml at tiny, bound and huge values "
                             "(fuzz_cases.gpu_edge_cases, about 2 000 runs)")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.edges:
        return report([fc.run_case(case) for case in fc.gpu_edge_cases()], start, args.show)
    families = {name: FAMILIES[name] for name in args.family} if args.family else FAMILIES
    per_family = max(1, args.cases // len(families))
    outcomes: list[fc.Outcome] = []
    for name, strategy in families.items():
        done = run_family(strategy, per_family, args.seed)
        outcomes += done
        print(f"{name:15s} {len(done):5d} cases  exits {dict(sorted(_exits(done).items(), key=str))}", flush=True)
    return report(outcomes, start, args.show)


def report(outcomes: list[fc.Outcome], start: float, show: int) -> int:
    """The figures of a run; 1 when any case broke a rule."""
    bad = [o for o in outcomes if o.problems]
    print(f"\n{len(outcomes)} cases in {time.perf_counter() - start:.0f} s; exits by code "
          f"{dict(sorted(_exits(outcomes).items(), key=str))}")
    print(f"tracebacks (main raised): {sum(o.rc is None for o in outcomes)}; exits other than 0/2: "
          f"{sum(o.rc not in (0, 2, None) for o in outcomes)}; over {fc.CASE_SECONDS} s: "
          f"{sum(o.seconds > fc.CASE_SECONDS for o in outcomes)}; exit 2 with other than one stderr line: "
          f"{sum(o.rc == 2 and len(o.stderr.strip().splitlines()) != 1 for o in outcomes)}; "
          f"files left behind: {sum(bool(o.left_behind) for o in outcomes)}; inf/nan printed on exit 0: "
          f"{sum(o.printed_non_finite for o in outcomes)}")
    print(f"\nslowest {show}:")
    for o in sorted(outcomes, key=lambda o: -o.seconds)[:show]:
        print(f"  {o.seconds:6.2f} s  exit {o.rc}  {_short(o.case)}")
    if bad:
        print(f"\nbroke a rule ({len(bad)}; first {show}):")
        for o in bad[:show]:
            print(f"  {'; '.join(o.problems)}  {_short(o.case)}")
            said = (o.raised or o.stderr).strip().splitlines()
            if said:
                print(f"      {said[-1][:300]}")
    return 1 if bad else 0


def _exits(outcomes: list[fc.Outcome]) -> collections.Counter:
    return collections.Counter("raised" if o.rc is None else o.rc for o in outcomes)


def _short(case: fc.Case, width: int = 150) -> str:
    text = str(case)
    return text if len(text) <= width else text[:width - 3] + "..."


if __name__ == "__main__":
    sys.exit(main())
