"""How far the tuner's predicted gap between two kernels can be off, per kernel family, from the committed
measurements: the error `gemmsim tune` compares its first two choices' gap with ("clear" or "near tie").

    python benchmarks/ranking_error.py --predict   # replay the tuner's view of every measured finalist (~1 min)
                                                   # -> tests/data/tune/tuner_predicted.csv
    python benchmarks/ranking_error.py             # the statistic per family -> gemmsim/tuning/ranking_error.json
    python benchmarks/ranking_error.py --check     # exit 1 if the JSON is not what the committed files give

What is predicted is what `tune` ranks: the family's candidate as its search builds it (sm90-mma: the tile
and swizzle with the build's registers and the compiled listing's facts that gemmsim ships, built_mma),
plus what the measurement's timing method adds per launch (gemmsim.measurements.timing).

The error of one prediction is e = ln(predicted / measured). Two kernels a and b of one shape swap places
when the measured ratio crosses 1: with a predicted ahead by a gap g (t_b / t_a = 1 + g), that happens when
e_b - e_a > ln(1 + g). So the figure that matters is the distribution of |e_a - e_b| over pairs of kernels
that compete at one shape; a common error of the shape (the clock, the launch) cancels in it.

* sm90-mma (the H200, validation/results/h200/{matrix,fresh,depth,large}.csv): per shape, the FINALISTS
  fastest measured kernels; every pair of them; the QUANTILE of |e_a - e_b| over all those pairs.
* preshuffle (MI325X / MI355X, the FlyDSL CI rows of validation/data/amd_public*.csv that fit nothing,
  benchmarks/validate_amd.py): one kernel per shape for most rows, so too few pairs to take a quantile of.
  The errors, centred on each GPU's mean (a GPU's common error cancels in a pair), give a standard
  deviation s; two independent errors differ by a normal of deviation s * sqrt(2), whose QUANTILE of the
  absolute value is z * sqrt(2) * s (z the normal's (1 + QUANTILE) / 2 quantile). The pairs of rows that do
  share a shape (sync and async copy) are listed beside it as a check.

A family's error is written as a percentage, 100 * (exp(q) - 1): `tune` calls the gap between its first two
choices, 100 * (t_2 / t_1 - 1), a near tie when it is at most that.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import itertools
import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

RESULTS = REPO / "validation" / "results" / "h200"
H200_SETS = ("matrix.csv", "fresh.csv", "depth.csv", "large.csv")     # every committed set of matrix-core kernels
PREDICTED = REPO / "tests" / "data" / "tune" / "tuner_predicted.csv"
COMPARE_PREDICTED = REPO / "tests" / "data" / "compare" / "h200_predicted.csv"   # gemmsim compare's, with the listings
OUTPUT = REPO / "gemmsim" / "tuning" / "ranking_error.json"
FINALISTS = 5          # per shape: the kernels a tuner's first choices are among
QUANTILE = 0.8         # a gap above this share of the pairs' errors is called clear
COLUMNS = ("family", "gpu", "source", "config", "dtype", "M", "N", "K", "measured_us", "predicted_us", "fitted")
COMMAND = "python benchmarks/ranking_error.py"


# --- the predictions (replays; --predict) ---------------------------------------------------------

def h200_finalists() -> list:
    """The FINALISTS fastest measured matrix-core points of every shape of every H200 set."""
    from gemmsim.measurements.readers import read_points

    out = []
    for name in H200_SETS:
        by_shape = defaultdict(list)
        for p in read_points(RESULTS / name):
            if p.family == "mma_preshuffle":
                by_shape[(p.m, p.n, p.k)].append(p)
        for shape in sorted(by_shape):
            out += sorted(by_shape[shape], key=lambda p: (p.measured_us, p.symbol))[:FINALISTS]
    return out


def predict_h200(points: list) -> list[dict]:
    """The tuner's prediction of each point (the config its search builds: the family's candidate of that
    tile and swizzle) plus the launch overhead the runner's events include."""
    from dataclasses import asdict

    from gemmsim import api
    from gemmsim.frontends import registry
    from gemmsim.hw import load_gpu
    from gemmsim.measurements.timing import EVENTS_PER_LAUNCH

    gpu = load_gpu("h200")
    family = registry.get("sm90-mma")
    candidates = {(c.tile, c.swizzle, c.split_k): c for c in family.candidates(None, gpu, family.space(None))}
    rows = []
    for i, p in enumerate(points, 1):
        config = asdict(candidates[(p.tile, p.swizzle, 1)])     # the measured sets' kernels are unsplit
        kernel_us = api.predict((p.m, p.n, p.k), family="sm90-mma", config=config, dtype=p.dtype, gpu=gpu).time_us
        rows.append({"family": "sm90-mma", "gpu": "h200", "source": p.source, "config": p.config, "dtype": p.dtype,
                     "M": p.m, "N": p.n, "K": p.k, "measured_us": p.measured_us,
                     "predicted_us": round(kernel_us + EVENTS_PER_LAUNCH.added_us(gpu), 4), "fitted": 0})
        print(f"{i}/{len(points)} {p.source} {p.shape} {p.config}: {p.measured_us} us measured, "
              f"{rows[-1]['predicted_us']} us predicted", file=sys.stderr, flush=True)
    return rows


def _validate_amd():
    spec = importlib.util.spec_from_file_location("validate_amd", REPO / "benchmarks" / "validate_amd.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def predict_amd() -> list[dict]:
    """Every FlyDSL CI row, predicted as benchmarks/validate_amd.py does (the method's addition included)."""
    from gemmsim.hw import load_gpu

    va = _validate_amd()
    rows = []
    for path in (va.DEFAULT_CSV, va.MORE_CSV):
        for r in csv.DictReader(path.open()):
            gpu_name, dtype, shape, tile = va.row_inputs(r)
            options = va.kernel_options(r)
            config = " ".join([tile, *(f"{k}={v}" for k, v in options.items())])
            m, n, k = shape.split("x")
            rows.append({"family": "preshuffle", "gpu": gpu_name, "source": path.name, "config": config,
                         "dtype": dtype, "M": m, "N": n, "K": k, "measured_us": float(r["time_us"]),
                         "predicted_us": round(va.predicted_us(r, load_gpu(gpu_name)), 4),
                         "fitted": int(va.is_fit_row(r))})
    return rows


def write_predictions(rows: list[dict], path: Path = PREDICTED) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def read_predictions(path: Path = PREDICTED) -> list[dict]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


# --- the statistic (no replay) --------------------------------------------------------------------

def log_error(row: dict) -> float:
    return math.log(float(row["predicted_us"]) / float(row["measured_us"]))


def as_pct(log_value: float) -> float:
    return round(100 * (math.exp(log_value) - 1), 2)


def quantile(values: list[float], q: float) -> float:
    """The q-quantile with linear interpolation between order statistics (numpy's default)."""
    xs = sorted(values)
    at = (len(xs) - 1) * q
    lo, hi = math.floor(at), math.ceil(at)
    return xs[lo] + (xs[hi] - xs[lo]) * (at - lo)


def _by_shape(rows: list[dict]) -> dict:
    groups = defaultdict(list)
    for r in rows:
        groups[(r["gpu"], r["source"], r["dtype"], int(r["M"]), int(r["N"]), int(r["K"]))].append(r)
    return groups


def _pair_errors(groups: dict) -> list[tuple]:
    """(shape key, config a, config b, |e_a - e_b|) of every pair of rows that share a shape."""
    out = []
    for key, members in sorted(groups.items()):
        for a, b in itertools.combinations(sorted(members, key=lambda r: r["config"]), 2):
            out.append((key, a["config"], b["config"], abs(log_error(a) - log_error(b))))
    return out


def pairs_statistic(rows: list[dict]) -> dict:
    pairs = _pair_errors(_by_shape(rows))
    errors = [d for *_, d in pairs]
    return {"error_pct": as_pct(quantile(errors, QUANTILE)), "median_pct": as_pct(quantile(errors, 0.5)),
            "pairs": len(pairs), "shapes": len(_by_shape(rows)),
            "sources": sorted({f"validation/results/h200/{r['source']}" for r in rows}),
            "statistic": f"the {QUANTILE:.0%} quantile of |e_a - e_b| over every pair of the {FINALISTS} fastest "
                         f"measured kernels of each shape (e = ln(predicted / measured))"}


def spread_statistic(rows: list[dict]) -> dict:
    validation = [r for r in rows if str(r["fitted"]) == "0"]
    by_gpu = defaultdict(list)
    for r in validation:
        by_gpu[r["gpu"]].append(log_error(r))
    centred = [e - statistics.fmean(errs) for errs in by_gpu.values() for e in errs]
    s = math.sqrt(sum(d * d for d in centred) / (len(centred) - len(by_gpu)))
    z = statistics.NormalDist().inv_cdf((1 + QUANTILE) / 2)
    pairs = _pair_errors(_by_shape(validation))
    return {"error_pct": as_pct(z * math.sqrt(2) * s), "sd_pct": as_pct(s), "rows": len(validation),
            "gpus": sorted(by_gpu),
            "sources": sorted({f"validation/data/{r['source']}" for r in validation}),
            "statistic": f"z * sqrt(2) * s: the {QUANTILE:.0%} quantile of |e_a - e_b| for two independent normal "
                         f"errors of deviation s, the errors' deviation about each GPU's mean (z = {z:.4f}; "
                         f"e = ln(predicted / measured), the rows that fit nothing)",
            "same_shape_pairs": [{"gpu": key[0], "dtype": key[2], "shape": f"{key[3]}x{key[4]}x{key[5]}", "a": a, "b": b,
                                  "error_pct": as_pct(d)} for key, a, b, d in pairs]}


STATISTICS = {"sm90-mma": pairs_statistic, "preshuffle": spread_statistic}


def compare_finalists() -> list[dict]:
    """gemmsim compare's committed predictions (the compiled listings, the build's registers) of the
    FINALISTS fastest measured matrix-core kernels of each matrix.csv shape, as prediction rows."""
    by_shape = defaultdict(list)
    with COMPARE_PREDICTED.open(newline="") as f:
        for r in csv.DictReader(f):
            if r["symbol"].startswith("mma_preshuffle_"):
                by_shape[(r["source"], r["M"], r["N"], r["K"])].append(r)
    rows = []
    for shape in sorted(by_shape):
        for r in sorted(by_shape[shape], key=lambda r: (float(r["measured_us"]), r["symbol"]))[:FINALISTS]:
            rows.append({"gpu": "h200", "source": r["source"], "config": r["symbol"], "dtype": r["dtype"], "M": r["M"],
                         "N": r["N"], "K": r["K"], "measured_us": r["measured_us"], "predicted_us": r["predicted_us"],
                         "fitted": 0})
    return rows


def checks(family: str, rows: list[dict]) -> dict:
    """Figures beside a family's error that say how far to trust it (not used by `tune`)."""
    if family != "sm90-mma":
        return {}
    listing = pairs_statistic(compare_finalists())
    return {"spread_pct": spread_statistic(rows)["error_pct"],
            "spread_note": "the preshuffle family's statistic (independent errors) on these rows, beside the pairs'",
            "with_listing_pct": listing["error_pct"],
            "with_listing_note": f"the same pairs statistic on gemmsim compare's committed predictions "
                                 f"({COMPARE_PREDICTED.relative_to(REPO).as_posix()}: each measured kernel's own "
                                 f"listing and registers) of matrix.csv's {listing['pairs']} "
                                 f"pairs"}


def ranking_error(rows: list[dict]) -> dict:
    """The JSON `gemmsim tune` reads: each family's error, how it was computed and from what."""
    families = {}
    for family, statistic in STATISTICS.items():
        members = [r for r in rows if r["family"] == family]
        families[family] = {**statistic(members), "predictions": PREDICTED.relative_to(REPO).as_posix(),
                            **checks(family, members)}
    return {"command": COMMAND, "quantile": QUANTILE, "finalists": FINALISTS,
            "method": "e = ln(predicted / measured) of the time the tuner predicts (the family's candidate as its "
                      "search builds it, plus what the measurement's timing method adds per launch); two kernels "
                      "of a shape swap places when e_b - e_a exceeds ln(t_b / t_a). A gap between the first two "
                      "choices at most error_pct is a near tie. See benchmarks/ranking_error.py.",
            "families": families}


def render(document: dict) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--predict", action="store_true", help=f"replay the predictions into {PREDICTED.relative_to(REPO)}")
    p.add_argument("--check", action="store_true", help=f"exit 1 if {OUTPUT.relative_to(REPO)} is out of date")
    args = p.parse_args(argv)
    if args.predict:
        write_predictions(predict_h200(h200_finalists()) + predict_amd())
    text = render(ranking_error(read_predictions()))
    if args.check:
        if OUTPUT.read_text() != text:
            print(f"{OUTPUT.relative_to(REPO)} is not what {COMMAND} computes from the committed files", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text)
    for family, f in json.loads(text)["families"].items():
        print(f"{family}: {f['error_pct']} % ({f['statistic']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
