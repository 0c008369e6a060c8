"""`gemmsim tune` output: the ranked candidates of one problem, or a run's dispatch table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gemmsim.analysts.dispatch import config_columns

if TYPE_CHECKING:
    from gemmsim.tune.result import TuneResult


def candidate_rows(result: TuneResult, top: int | None = None) -> list[dict]:
    rows = []
    for rank, c in enumerate(result.candidates[:top], 1):
        rows.append({"rank": rank, "tile": c.config.tile, **{k: v for k, v in config_columns(c.config).items()
                                                             if not k.startswith("tile_")},
                     "time_us": None if c.time_us is None else round(c.time_us, 3),
                     "bound_us": round(c.bound_us, 3), "occupancy": c.occupancy, "bottleneck": c.bottleneck,
                     "why": c.why})
    return rows


def tune_header(result: TuneResult) -> str:
    p, best = result.problem, result.best
    rejected = sum(result.rejected.values())
    source = "answered from cache" if result.from_cache else (
        f"{result.replays} replayed, {result.first_replays - result.replays} stopped after the first replay, "
        f"{len(result.candidates) - result.first_replays} pruned by their static bound")
    return (f"{p.m}x{p.n}x{p.k} {p.dtype} on {result.gpu}: best {best.config.tile} "
            f"{best.time_us:.1f} µs ({best.bottleneck}-bound); {len(result.candidates)} valid configs, "
            f"{rejected} rejected by the kernel's rules; {source}\nspace: {result.space}")


def dispatch_header(what: str, gpu: str, total_us: float, untuned: int, rows: int, cached: int) -> str:
    left_out = f"; {untuned} GEMMs no configuration can run are left out of the total" if untuned else ""
    return (f"{what} on {gpu}: {rows} distinct GEMMs, predicted GEMM time {total_us / 1000:.3f} ms"
            f"{left_out}; {cached} of the {rows - untuned} tuned answered from cache")
