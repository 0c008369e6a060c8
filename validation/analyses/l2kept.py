"""What the L2 keeps between launches, from the `slices` microbenchmark (issue 12).

    python -m validation.analyses.l2kept validation/results/h200/microbench_slices.csv

The rows come from `python -m validation.microbench --only slices` (microbench.hip's read_slices):
one block per SM reads one slice of a buffer once, launch after launch, each slice read by `group`
SMs picked as consecutive SM ids (near), SM ids apart (spread) or block ids apart (blocks). Benches
l2_slices_<mode>_g<group>, parameter buffer_bytes, metric warm_us.

Per series, while the L2 keeps the whole buffer from the last launch the launch time grows along
one line with the size (the hit line: least squares over the sizes up to HIT_UP_TO). A size's ratio is
its time over the hit line's; `whole_up_to` is the largest size whose ratio, and every smaller size's,
is within WHOLE_TOLERANCE of 1 (past it part of the buffer comes from HBM, and the time leaves the line).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

import numpy as np

from gemmsim.errors import InputError
from gemmsim.measurements.microbench import Row
from validation.analyses.command import fit_command

MIB = 1 << 20
HIT_UP_TO = 24 * MIB
WHOLE_TOLERANCE = 0.05
SLICES = re.compile(r"^l2_slices_([a-z]+)_g(\d+)$")


@dataclass(frozen=True)
class KeptSeries:
    mode: str
    group: int
    ratios: tuple[tuple[int, float], ...]   # (buffer bytes, warm time / the hit line's), by size
    whole_up_to: int                          # bytes

    @property
    def name(self) -> str:
        return f"l2_slices_{self.mode}_g{self.group}"


def kept_series(mode: str, group: int, times: dict[int, float]) -> KeptSeries:
    """One series of warm launch times (us) by buffer bytes."""
    hit = sorted(s for s in times if s <= HIT_UP_TO)
    if len(hit) < 2:
        raise InputError(f"l2_slices_{mode}_g{group}: the hit line needs two sizes up to {HIT_UP_TO // MIB} MiB "
                         f"(have {', '.join(str(s // MIB) for s in sorted(times))} MiB)")
    line = np.polyfit(hit, [times[s] for s in hit], 1)
    ratios = tuple((size, float(times[size] / np.polyval(line, size))) for size in sorted(times))
    whole = 0
    for size, ratio in ratios:
        if abs(ratio - 1) > WHOLE_TOLERANCE:
            break
        whole = size
    return KeptSeries(mode, group, ratios, whole)


def fit_rows(rows: list[Row]) -> tuple[KeptSeries, ...]:
    series: dict[tuple[str, int], dict[int, float]] = {}
    for r in rows:
        m = SLICES.match(r.bench)
        if m and r.metric == "warm_us" and r.param_name == "buffer_bytes":
            series.setdefault((m[1], int(m[2])), {})[int(r.param_value)] = r.value
    if not series:
        raise InputError("no l2_slices_* warm_us rows (python -m validation.microbench --only slices writes them)")
    return tuple(kept_series(mode, group, times) for (mode, group), times in sorted(series.items(), key=lambda kv: (kv[0][1], kv[0][0])))


def report(fits: tuple[KeptSeries, ...]) -> str:
    sizes = sorted({s for f in fits for s, _ in f.ratios})
    lines = [f"warm launch time over the hit line (sizes up to {HIT_UP_TO // MIB} MiB), by buffer size in MiB; "
             f"whole: every size up to it within {WHOLE_TOLERANCE:.0%}",
             f"  {'series':22s}" + "".join(f"{s // MIB:>7d}" for s in sizes) + "   whole up to"]
    for f in fits:
        by_size = dict(f.ratios)
        lines.append(f"  {f.name:22s}" + "".join(f"{by_size.get(s, float('nan')):7.2f}" for s in sizes)
                     + f"   {f.whole_up_to // MIB:>4d} MiB")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return fit_command("l2kept", __doc__, "microbench_slices.csv (python -m validation.microbench --only slices)",
                       lambda rows, args: report(fit_rows(rows)), argv)


if __name__ == "__main__":
    sys.exit(main())
