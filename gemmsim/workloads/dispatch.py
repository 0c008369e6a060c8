"""A dispatch table for a whole run: every distinct GEMM (model shapes or a profiler trace), tuned.

Each distinct (M, N, K, dtype) is tuned once (gemmsim.tuning.cache.tune, with the caller's cache);
the table says which configuration to launch, its predicted time and the runner-up, in the columns
aiter/FlyDSL tuned-config CSVs use (M, N, K, tile_m, tile_n, tile_k, lds_stage, use_cshuffle_epilog,
use_async_copy, waves_per_eu, splitK, ...). A GEMM that no configuration of the space can run (e.g. N not a
multiple of any tile_n) is a row with the reason and no time, not an error; the run's total counts
only the rows that have a time and says how many were left out.

A GEMM whose candidates were timed on a GPU (`gemmsim tune --shape ... --measure-top K`, kept in the
tuning cache, or `measure` here) is launched with its measured best: its row's `source` says
"measured" and gives `measured_us` beside `predicted_us`; the others say "predicted". The run's total
takes the measured time where there is one.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim import progress
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU
from gemmsim.problem import make_problem
from gemmsim.tuning.cache import tune
from gemmsim.tuning.result import PREDICTED, config_columns
from gemmsim.frontends.preshuffle.space import Space


@dataclass(frozen=True)
class Gemm:
    """One GEMM of the run: its BLAS shape, dtype, how many times it runs (batch x count) and who runs it."""

    m: int
    n: int
    k: int
    dtype: str
    launches: int
    names: tuple[str, ...]


def distinct_gemms(items) -> list[Gemm]:
    """(name, dtype, BlasCall, count) items -> one Gemm per (M, N, K, dtype), in first-seen order."""
    merged: dict[tuple, Gemm] = {}
    for name, dtype, call, count in items:
        key = (call.m, call.n, call.k, dtype)
        seen = merged.get(key)
        launches = count * call.batch
        if seen is None:
            merged[key] = Gemm(call.m, call.n, call.k, dtype, launches, (name,))
        else:
            names = seen.names if name in seen.names else seen.names + (name,)
            merged[key] = Gemm(seen.m, seen.n, seen.k, dtype, seen.launches + launches, names)
    return list(merged.values())


DISPATCH_TOP = 2     # a row names the best and the runner-up: the search ranks just those two exactly


def dispatch_rows(gemms: list[Gemm], gpu: GPU, space: Space, cache=None, top: int = DISPATCH_TOP,
                  measure=None, workers: int = 1) -> list[dict]:
    """One row per GEMM. `top`: candidates ranked exactly (at least the best and the runner-up); `measure`:
    a function that takes a GEMM's TuneResult and returns it with its finalists measured (None: none);
    `workers`: processes each search's replays run ahead on (tuning/ahead.py; the ranking does not
    depend on them)."""
    rows = []
    for g in progress.track(gemms, "tuning each GEMM"):
        row = {"M": g.m, "N": g.n, "K": g.k, "dtype": g.dtype}
        try:
            result = tune(make_problem((g.m, g.n, g.k), g.dtype), gpu, space, cache, max(top, DISPATCH_TOP), workers)
        except ConfigError as e:
            rows.append({**row, **dict.fromkeys(_CONFIG_COLUMNS), "predicted_us": None, "runner_up": None,
                         "runner_up_us": None, "measured_us": None, "source": None, "launches": g.launches,
                         "total_us": None, "gemms": " ".join(g.names), "note": f"not tuned: {e}"})
            continue
        if measure is not None:
            result = measure(result)
        rows.append({**row, **pick_columns(result), "launches": g.launches, "gemms": " ".join(g.names),
                     "note": "; ".join(filter(None, ("from cache" if result.from_cache else "", result.measure_note)))})
        rows[-1] = _with_total(rows[-1], g.launches)
    return rows


def pick_columns(result) -> dict:
    """The pick's configuration, its predicted and measured time and where it comes from, and the runner-up
    (the predicted ranking's next one after the pick)."""
    pick = result.pick
    measured = result.measurement(pick)
    second = next((c for c in result.candidates if c is not pick), None)
    return {**config_columns(pick.config), "predicted_us": None if pick.time_us is None else round(pick.time_us, 3),
            "runner_up": _label(second.config) if second else None,
            "runner_up_us": round(second.rank_time_us, 3) if second else None,
            "measured_us": None if measured is None else measured.measured_us, "source": result.pick_source}


def _with_total(row: dict, launches: int) -> dict:
    time_us = row["measured_us"] if row["source"] != PREDICTED else row["predicted_us"]
    total = None if time_us is None else round(time_us * launches, 3)
    out = {k: v for k, v in row.items() if k not in ("gemms", "note")}
    return {**out, "total_us": total, "gemms": row["gemms"], "note": row["note"]}


_CONFIG_COLUMNS = ("tile_m", "tile_n", "tile_k", "lds_stage", "use_cshuffle_epilog", "use_async_copy", "waves_per_eu",
                   "splitK")


def _label(config) -> str:
    extras = [f"stage{config.lds_stage}", config.copy, config.epilogue]
    if config.waves_per_eu is not None:
        extras.append(f"wpe{config.waves_per_eu}")
    if config.split_k > 1:
        extras.append(f"splitK{config.split_k}")
    return f"{config.tile} {' '.join(extras)}"


def run_total(rows: list[dict]) -> tuple[float, int]:
    """The run's predicted GEMM time (µs) over the tuned rows, and how many rows had no time."""
    return sum(r["total_us"] for r in rows if r["total_us"] is not None), sum(r["total_us"] is None for r in rows)
