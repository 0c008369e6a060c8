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

    from gemmsim.frontends import registry
    from gemmsim.tuning.confidence import confidence

    measurable = registry.get(result.family).symbol(best.config) is not None   # a kernel --measure-top can time
    family = "" if result.family == PRESHUFFLE else f", family {result.family}"
    second = result.runner_up
    batch = f"{p.batch}x" if p.batch > 1 else ""
    lines = [f"{batch}{p.m}x{p.n}x{p.k} {p.dtype} on {result.gpu}{family}: best {config_text(best.config)} "
             f"{best.time_us:.1f} µs ({best.bottleneck}-bound); {len(result.candidates)} valid configs, "
             f"{rejected} rejected by the kernel's rules; {source}",
             confidence(result).text(None if second is None else config_text(second.config), measurable)]
    if result.why_split_k:
        lines.insert(1, f"why {result.why_split_k}")
    if result.measure_note:
        lines.append(result.measure_note)
    if result.measured:
        lines.append(measured_line(result))
    return "\n".join(lines + [f"space: {result.space}"])


def measured_line(result: TuneResult) -> str:
    """The measured pick against the predicted one."""
    from gemmsim.tuning.result import config_text

    pick, best = result.pick, result.best
    m = result.measurement(pick)
    rank = result.candidates.index(pick) + 1
    line = (f"measured best: {config_text(pick.config)} {m.measured_us:.1f} µs on {m.device}, predicted rank {rank} "
            f"({pick.time_us:.1f} µs predicted)")
    if pick is best:
        return line + ": the prediction's pick"
    mb = result.measurement(best)
    slower = "" if mb is None else f", measured {100 * (mb.measured_us / m.measured_us - 1):.1f} % slower"
    return line + f"; the prediction's pick {config_text(best.config)}{slower}"


def dispatch_header(what: str, gpu: str, total_us: float, untuned: int, rows: int, cached: int) -> str:
    left_out = f"; {untuned} GEMMs no configuration can run are left out of the total" if untuned else ""
    return (f"{what} on {gpu}: {rows} distinct GEMMs, predicted GEMM time {total_us / 1000:.3f} ms"
            f"{left_out}; {cached} of the {rows - untuned} tuned answered from cache")
