"""`gemmsim tune` output: the headers above the ranked candidates of one problem (their rows are
TuneResult.rows) or a run's dispatch table."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gemmsim.tuning.result import TuneResult


def tune_header(result: TuneResult) -> str:
    p, best = result.problem, result.best
    rejected = sum(result.rejected.values())
    source = "answered from cache" if result.from_cache else (
        f"{result.replays} replayed, {result.first_replays - result.replays} stopped after the first replay, "
        f"{len(result.candidates) - result.first_replays} pruned by their static bound")
    from gemmsim.tuning.result import PRESHUFFLE, config_text

    family = "" if result.family == PRESHUFFLE else f", family {result.family}"
    why = f"\nwhy {result.why_split_k}" if result.why_split_k else ""
    batch = f"{p.batch}x" if p.batch > 1 else ""
    return (f"{batch}{p.m}x{p.n}x{p.k} {p.dtype} on {result.gpu}{family}: best {config_text(best.config)} "
            f"{best.time_us:.1f} µs ({best.bottleneck}-bound); {len(result.candidates)} valid configs, "
            f"{rejected} rejected by the kernel's rules; {source}{why}\nspace: {result.space}")


def dispatch_header(what: str, gpu: str, total_us: float, untuned: int, rows: int, cached: int) -> str:
    left_out = f"; {untuned} GEMMs no configuration can run are left out of the total" if untuned else ""
    return (f"{what} on {gpu}: {rows} distinct GEMMs, predicted GEMM time {total_us / 1000:.3f} ms"
            f"{left_out}; {cached} of the {rows - untuned} tuned answered from cache")
