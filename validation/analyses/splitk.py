"""Split-K on the H200 (issue 38): predicted against measured, by split factor, and where the time goes.

    python -m validation.analyses.splitk validation/results/h100/splitk.csv --gpu h200 --sass-dir validation/results/h200/sass \
        --ncu validation/results/h100/splitk_ncu.csv --launches validation/results/h100/splitk_ncu_launches.jsonl

Predicts every point of the runner CSV as `gemmsim compare` does (the SASS listings of --sass-dir,
default sass/ beside the CSV; --gpu as compare's: the GPU description the rows are predicted on) and prints, per split factor (1 = the plain kernel), the points, MAPE, the mean signed error
and the worst error; Spearman over all points and per shape; and per shape the measured best
configuration beside the simulator's pick. With the Nsight Compute export of the script's ncu stage
(validation/device/splitk.sh: one launch each, --clock-control none) and its launch log, each split-K
point's two kernels apart: the partial tiles' duration against the replay's kernel time, and the
reduction pass's against the model's reduction (model/gpu.py reduction_pass_cycles).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from validation import profile


def split_of(symbol: str) -> int:
    found = re.search(r"_splitk(\d+)$", symbol)
    return int(found.group(1)) if found else 1


def by_split(compared) -> list[tuple[int, int, float, float, float]]:
    """(split, points, MAPE %, mean signed error %, worst |error| %) per split factor."""
    groups = defaultdict(list)
    for c in compared:
        groups[split_of(c.point.symbol)].append(c.error_pct)
    return [(s, len(e), sum(map(abs, e)) / len(e), sum(e) / len(e), max(e, key=abs)) for s, e in sorted(groups.items())]


def ncu_pairs(raw_csv: Path, launches: Path) -> dict[tuple, dict]:
    """(symbol, M, N, K) -> {"kernel_us", "reduce_us"}: the profiled launches in order, each GEMM launch
    paired with the runner's logged point and a split-K point's reduction pass with the launch before it."""
    logged = [json.loads(line) for line in launches.read_text().splitlines() if line.strip()]
    profiled = profile.parse_ncu_raw_csv(raw_csv.read_text())
    out, points, current = {}, iter(logged), None
    for prof in profiled:
        name = prof.get("Kernel Name", "")
        us = float(profile.ncu_number(prof.get("gpu__time_duration.sum", "")) or "nan") / 1e3
        if name.startswith("splitk_reduce"):
            if current is not None:
                out[current]["reduce_us"] = us
            continue
        _, symbol, m, n, k = next(points)
        if symbol != name:
            raise ValueError(f"{raw_csv}: profiled {name!r} where the launch log has {symbol!r}")
        current = (symbol, m, n, k)
        out[current] = {"kernel_us": us, "reduce_us": None}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m validation.analyses.splitk", description=__doc__.split("\n\n")[0])
    p.add_argument("csv", type=Path, help="the runner's splitk.csv")
    p.add_argument("--ncu", type=Path, help="ncu --page raw --csv export of the ncu stage")
    p.add_argument("--launches", type=Path, help="the ncu stage's launch log (ncu_launches.jsonl)")
    p.add_argument("--gpu", help="predict on this GPU description (as gemmsim compare --gpu)")
    p.add_argument("--sass-dir", type=Path, help="cuobjdump -sass listings (default: sass/ beside the CSV)")
    args = p.parse_args(argv)
    from gemmsim.measurements.compare import compare

    sass_dir = args.sass_dir or args.csv.parent / "sass"
    report = compare([args.csv], gpu=args.gpu, sass_dir=sass_dir)
    compared = report.rows
    print(f"{len(compared)} points; MAPE {sum(abs(c.error_pct) for c in compared) / len(compared):.1f} %")
    print(f"{'split':>5s} {'points':>6s} {'MAPE_%':>7s} {'signed_%':>8s} {'worst_%':>8s}")
    for split, n, mape, signed, worst in by_split(compared):
        print(f"{split:5d} {n:6d} {mape:7.1f} {signed:+8.1f} {worst:+8.1f}")
    if args.ncu and args.launches:
        from gemmsim.measurements.predictor import Predictor

        pairs = ncu_pairs(args.ncu, args.launches)
        predictor = Predictor(sass_dir)
        print(f"\n{'kernel':40s} {'shape':15s} {'ncu_us':>8s} {'replay':>8s} {'reduce':>7s} {'model':>6s} {'event_us':>8s}")
        for c in compared:
            key = (c.point.symbol, c.point.m, c.point.n, c.point.k)
            if key not in pairs:
                continue
            pred = predictor.prediction(c.point)
            reduction = pred.simulation.split_k_reduction_cycles / pred.clock_mhz
            reduce_us = pairs[key]["reduce_us"]
            print(f"{c.point.symbol.removeprefix('mma_preshuffle_'):40s} {c.point.shape:15s} {pairs[key]['kernel_us']:8.2f} "
                  f"{pred.time_us - reduction:8.2f} {'-' if reduce_us is None else f'{reduce_us:.2f}':>7s} "
                  f"{reduction:6.2f} {c.point.measured_us:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
