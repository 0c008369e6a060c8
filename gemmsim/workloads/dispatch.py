"""A dispatch table for a whole run: every distinct GEMM (model shapes or a profiler trace), tuned.

Each distinct (M, N, K, dtype) is tuned once (gemmsim.tuning.cache.tune, with the caller's cache);
the table says which configuration to launch, its predicted time and the runner-up, in the columns
aiter/FlyDSL tuned-config CSVs use (M, N, K, tile_m, tile_n, tile_k, lds_stage, use_cshuffle_epilog,
use_async_copy, waves_per_eu, ...). A GEMM that no configuration of the space can run (e.g. N not a
multiple of any tile_n) is a row with the reason and no time, not an error; the run's total counts
only the rows that have a time and says how many were left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim import progress
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU
from gemmsim.problem import make_problem
from gemmsim.tuning.cache import tune
from gemmsim.tuning.result import config_columns
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


def dispatch_rows(gemms: list[Gemm], gpu: GPU, space: Space, cache=None, workers: int = 1) -> list[dict]:
    """A row per distinct GEMM: its best configuration and runner-up, each search's replays run ahead
    on `workers` processes (tuning/ahead.py; the ranking does not depend on them)."""
    rows = []
    for g in progress.track(gemms, "tuning each GEMM"):
        row = {"M": g.m, "N": g.n, "K": g.k, "dtype": g.dtype}
        try:
            result = tune(make_problem((g.m, g.n, g.k), g.dtype), gpu, space, cache, DISPATCH_TOP, workers)
        except ConfigError as e:
            rows.append({**row, **dict.fromkeys(_CONFIG_COLUMNS), "predicted_us": None, "runner_up": None,
                         "runner_up_us": None, "launches": g.launches, "total_us": None,
                         "gemms": " ".join(g.names), "note": f"not tuned: {e}"})
            continue
        best, second = result.best, result.runner_up
        rows.append({**row, **config_columns(best.config), "predicted_us": round(best.time_us, 3),
                     "runner_up": _label(second.config) if second else None,
                     "runner_up_us": round(second.rank_time_us, 3) if second else None,
                     "launches": g.launches, "total_us": round(best.time_us * g.launches, 3),
                     "gemms": " ".join(g.names), "note": "from cache" if result.from_cache else ""})
    return rows


_CONFIG_COLUMNS = ("tile_m", "tile_n", "tile_k", "lds_stage", "use_cshuffle_epilog", "use_async_copy", "waves_per_eu")


def _label(config) -> str:
    extras = [f"stage{config.lds_stage}", config.copy, config.epilogue]
    if config.waves_per_eu is not None:
        extras.append(f"wpe{config.waves_per_eu}")
    return f"{config.tile} {' '.join(extras)}"


def run_total(rows: list[dict]) -> tuple[float, int]:
    """The run's predicted GEMM time (µs) over the tuned rows, and how many rows had no time."""
    return sum(r["total_us"] for r in rows if r["total_us"] is not None), sum(r["total_us"] is None for r in rows)
