"""How good are the tuner's picks? Three checks, validation only (nothing here is fitted).

    python benchmarks/validate_picks.py [--rows 1 17]

The tables are markdown.

(a) H200 matrix-core sweeps: for every swept shape of the committed measurements
    (validation/results/h200/matrix.csv, predicted in tests/data/compare/h200_predicted.csv), the
    config the simulator ranks first against the measured best, through gemmsim.measurements.stats.
    The H200 kernel is the sm90 front-end's, which `gemmsim tune` (the preshuffle family, AMD only)
    does not search: this is the pick over the measured tiles.
(b) Published AMD tuned configurations (validation/data/aiter_flydsl_tuned.csv: rows of aiter's
    FlyDSL a8w8 bpreshuffle tuned-GEMM file, with their source): the rank of the tuner's choice in
    our ranking of the same problem, over the space `full` widened by the row's own values. The
    rows were tuned on an 80-CU gfx942 (cu_num 80, an MI308X): we use the MI300X description with
    80 compute units (every other value as the MI300X's; an assumption). The rows are a8w8 with
    per-token/per-channel scales, which the generated kernel loads and applies in its epilogue as FlyDSL's does.
    Beside the config's rank: its rank counting configs the model times alike once, the rank of aiter's
    tile among the space's tiles, each at its best knobs, and the predicted gap of aiter's config to our pick.
(c) How much of the config aiter's tuner resolves (validation/data/aiter_flydsl_tuned_all.csv, every row
    of the same file): between neighbouring M of one (N, K, cu_num), how often the tile changes, and
    where it does not, how often each knob does.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import tempfile
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from gemmsim.errors import ConfigError  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.simulate import predict  # noqa: E402
from gemmsim.problem import KernelConfig, make_problem  # noqa: E402
from gemmsim.tuning.search import search  # noqa: E402
from gemmsim.frontends.preshuffle.space import FULL  # noqa: E402
from gemmsim.measurements.points import Compared, MeasuredPoint, family_of, tile_of  # noqa: E402
from gemmsim.measurements.stats import PICK_TOLERANCE_PCT, sweep_summary, tile_sweep  # noqa: E402

H200_PREDICTED = REPO / "tests" / "data" / "compare" / "h200_predicted.csv"
AMD_TUNED = REPO / "validation" / "data" / "aiter_flydsl_tuned.csv"
AMD_TUNED_ALL = REPO / "validation" / "data" / "aiter_flydsl_tuned_all.csv"
TILE_FIELDS = ("tile_m", "tile_n", "tile_k")
KNOB_FIELDS = ("lds_stage", "use_async_copy", "use_cshuffle_epilog", "waves_per_eu")
FIRST_RUN_MAX_M = 32   # aiter's rows up to M 32 came in commit dce5709c, the others in acf9add4: two tuning runs
CU80_TOML = """inherits = "mi300x"
name = "mi300x_80cu"
marketing_name = "gfx942 with 80 CUs (the cu_num of aiter's tuned rows)"
[sources]
aiter_cu_num = "ROCm/aiter aiter/configs/flydsl_a8w8_bpreshuffle_tuned_gemm.csv: cu_num = 80"
[device]
compute_units = { value = 80, kind = "assumed", source = "aiter_cu_num" }
"""


def h200_picks() -> list[dict]:
    compared = []
    with open(H200_PREDICTED) as f:
        for row in csv.DictReader(f):
            if family_of(row["symbol"]) != "mma_preshuffle":
                continue
            tile, swizzle = tile_of(row["symbol"])
            point = MeasuredPoint(row["symbol"], "mma_preshuffle", row["dtype"], int(row["M"]), int(row["N"]), int(row["K"]),
                          float(row["measured_us"]), "h200", tile, swizzle, source=row["source"])
            compared.append(Compared(point, float(row["predicted_us"]), float(row["kernel_us"]), row["bottleneck"]))
    return tile_sweep(compared)


def amd_config(row: dict) -> KernelConfig:
    wpe = int(row["waves_per_eu"])
    return KernelConfig(int(row["tile_m"]), int(row["tile_n"]), int(row["tile_k"]), lds_stage=int(row["lds_stage"]),
                        copy="async" if row["use_async_copy"] == "1" else "sync",
                        epilogue="cshuffle" if row["use_cshuffle_epilog"] == "1" else "direct",
                        waves_per_eu=wpe or None)


def amd_rank(row: dict, gpu) -> dict:
    problem = make_problem((int(row["M"]), int(row["N"]), int(row["K"])), "fp8")
    theirs = amd_config(row)
    label = f"{theirs.tile} s{theirs.lds_stage} {theirs.copy} {theirs.epilogue} wpe{theirs.waves_per_eu or 0}"
    out = {"M": problem.m, "N": problem.n, "K": problem.k, "aiter_choice": label}
    try:
        their_us = predict(problem, theirs, gpu).time_us
    except ConfigError as e:
        return {**out, "rank": None, "of": None, "note": f"not expressible: {e}"}
    space = replace(FULL, tile_m=_with(FULL.tile_m, theirs.tile_m), tile_n=_with(FULL.tile_n, theirs.tile_n),
                    tile_k_bytes=_with(FULL.tile_k_bytes, int(theirs.tile_k * problem.elem_bytes)),
                    waves_per_eu=_with(FULL.waves_per_eu, theirs.waves_per_eu))
    result, best = search(problem, gpu, space)
    times = times_to_beat(result, problem, gpu, their_us)
    times[theirs] = their_us
    ours = result.best
    tile_rank, tiles = rank_of_tile(times, theirs.tile, result)
    return {**out, "rank": sum(t < their_us for t in times.values()) + 1, "of": len(result.candidates),
            # configs the model times alike (a knob it ignores there) count once
            "distinct_rank": len({t for t in times.values() if t < their_us}) + 1,
            "tile_rank": tile_rank, "tiles": tiles, "aiter_pred_us": round(their_us, 2),
            "our_pick": f"{ours.config.tile} s{ours.config.lds_stage} {ours.config.copy} {ours.config.epilogue} "
                        f"wpe{ours.config.waves_per_eu or 0}",
            "our_pick_us": round(best.time_us, 2), "gap_pct": round(100 * (their_us / best.time_us - 1), 1)}


def times_to_beat(result, problem, gpu, their_us: float) -> dict:
    """The predicted time of every candidate that could be faster than `their_us`: the replayed ones', and
    a prediction of each one the search pruned whose bound is below it. The rest are no faster."""
    times = {}
    for c in result.candidates:
        if c.replayed:
            times[c.config] = c.time_us
        elif c.bound_us < their_us:   # pruned by the winner's time, but it may still beat theirs
            times[c.config] = predict(problem, c.config, gpu).time_us
    return times


def rank_of_tile(times: dict, tile: str, result) -> tuple[int, int]:
    """The rank of `tile` among the space's tiles, each at its fastest config, and the count of tiles.
    `times` holds every config faster than one of `tile`'s, so a tile it lacks is no faster than `tile`."""
    best = {}
    for config, t in times.items():
        best[config.tile] = min(t, best.get(config.tile, t))
    return sum(t < best[tile] for t in best.values()) + 1, len({c.config.tile for c in result.candidates})


def _with(values: tuple, value) -> tuple:
    return values if value in values else values + (value,)


def amd_ranks(rows: list[int] | None) -> list[dict]:
    """Rank aiter's choice in the rows of AMD_TUNED numbered `rows` (from 1; None: every row)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mi300x_80cu.toml"
        path.write_text(CU80_TOML)
        gpu = load_gpu(path)
        with open(AMD_TUNED) as f:
            return [amd_rank(row, gpu) for n, row in enumerate(csv.DictReader(f), 1) if rows is None or n in rows]


def knob_changes(rows: list[dict]) -> dict:
    """Between each tuned row and the next larger M of the same N, K and cu_num: the pairs, the pairs
    whose tile is unchanged, and how many of those change each knob, any knob, and use_async_copy at
    lds_stage 1 on both sides (where aiter's kernel ignores it)."""
    groups = defaultdict(list)
    for r in sorted(rows, key=lambda r: int(r["M"])):
        groups[(r["cu_num"], r["N"], r["K"])].append(r)
    pairs = [pair for g in groups.values() for pair in zip(g, g[1:])]
    same_tile = [(a, b) for a, b in pairs if all(a[f] == b[f] for f in TILE_FIELDS)]
    changed = {f: sum(a[f] != b[f] for a, b in same_tile) for f in KNOB_FIELDS}
    return {"pairs": len(pairs), "same_tile": len(same_tile), **changed,
            "any_knob": sum(any(a[f] != b[f] for f in KNOB_FIELDS) for a, b in same_tile),
            "async_at_s1": sum(a["use_async_copy"] != b["use_async_copy"] and a["lds_stage"] == b["lds_stage"] == "1"
                               for a, b in same_tile)}


def _knob_sentence(c: dict) -> str:
    return (f"the tile changes in {c['pairs'] - c['same_tile']} of {c['pairs']} pairs; of the {c['same_tile']} with "
            f"the tile unchanged, a knob changes in {c['any_knob']} ({100 * c['any_knob'] / c['same_tile']:.0f} %): "
            + ", ".join(f"{f} {c[f]}" for f in KNOB_FIELDS)
            + f" (use_async_copy {c['async_at_s1']} times at lds_stage 1 on both sides, "
              "where aiter's kernel ignores it)")


def _table(rows: list[dict]) -> str:
    cols = list(dict.fromkeys(k for r in rows for k in r))
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join("" if r.get(c) is None else str(r.get(c)) for c in cols) + " |" for r in rows]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", help=f"only these rows of {AMD_TUNED.name} (from 1) in (b)")
    args = parser.parse_args()
    with open(AMD_TUNED) as f:
        count = sum(1 for _ in csv.DictReader(f))
    bad = [n for n in args.rows or () if not 1 <= n <= count]
    if bad:
        print(f"validate_picks: --rows {bad[0]}: {AMD_TUNED.name} has rows 1 to {count}", file=sys.stderr)
        return 2
    sweep = h200_picks()
    s = sweep_summary(sweep)
    print(f"(a) H200 matrix-core sweeps: {s.shapes} shapes; pick within {PICK_TOLERANCE_PCT:g}% of the measured "
          f"best on {s.picks_within_tolerance}; within 3% on {sum(r['pick_slower_pct'] <= 3 for r in sweep)}; "
          f"median Spearman {s.median_spearman}\n")
    print(_table([{k: r[k] for k in ("shape", "configs", "measured_best", "measured_best_us", "simulator_pick",
                                     "pick_measured_us", "pick_slower_pct", "spearman")} for r in sweep]))
    ranks = amd_ranks(args.rows)
    ranked = [r for r in ranks if r["rank"] is not None]
    print(f"\n(b) aiter FlyDSL tuned configs ({len(ranks)} rows, 80-CU gfx942, fp8): the tuner's choice ranks "
          f"1st in {sum(r['rank'] == 1 for r in ranked)}, top 3 in {sum(r['rank'] <= 3 for r in ranked)}, "
          f"top 10 in {sum(r['rank'] <= 10 for r in ranked)} of the {len(ranked)} rows our space can express "
          f"(top 3 in {sum(r['distinct_rank'] <= 3 for r in ranked)} counting configs timed alike once); "
          f"its tile (at its best knobs) ranks 1st in {sum(r['tile_rank'] == 1 for r in ranked)}, "
          f"top 3 in {sum(r['tile_rank'] <= 3 for r in ranked)}, "
          f"top 10 in {sum(r['tile_rank'] <= 10 for r in ranked)}; "
          f"median gap of its config to our pick {statistics.median(r['gap_pct'] for r in ranked):.1f} %\n")
    print(_table(ranks))
    with open(AMD_TUNED_ALL) as f:
        tuned = list(csv.DictReader(f))
    print(f"\n(c) aiter's tuner between neighbouring M ({AMD_TUNED_ALL.name}, {len(tuned)} rows):")
    for name, rows in (("M <= 32", [r for r in tuned if int(r["M"]) <= FIRST_RUN_MAX_M]),
                       ("M > 32", [r for r in tuned if int(r["M"]) > FIRST_RUN_MAX_M])):
        print(f"- {name}: {_knob_sentence(knob_changes(rows))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
