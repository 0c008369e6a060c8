"""How sure a ranking is: the predicted gap between the first two choices against the model's measured
ranking error on the family, read from ranking_error.json beside this module.

That file is written by `python benchmarks/ranking_error.py` from the committed measurements (and a test
recomputes it from them): per family, how far the predicted gap between two competing kernels of one
shape was off (sm90-mma: the 80 % quantile of |e_a - e_b| over pairs of the 5 fastest measured kernels
of each H200 shape, e = ln(predicted / measured)). The verdict:

    clear        the runner-up is predicted slower than the best by more than that error
    near tie     by at most that error: the measured order may well be the other one (measure the
                 finalists: `gemmsim tune ... --measure-top K`)
    unknown      no committed measurement gives the family an error, or the runner-up was not replayed
                 (--top 1) and its bound does not settle it
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gemmsim.caches import kept

ERROR_FILE = Path(__file__).resolve().with_name("ranking_error.json")
CLEAR, NEAR_TIE, UNKNOWN, ALONE = "clear", "near tie", "unknown", "only candidate"


@dataclass(frozen=True)
class Confidence:
    """The verdict on a ranking's first choice, with the figures it rests on."""

    verdict: str                      # clear, near tie, unknown, only candidate
    gap_pct: float | None             # the runner-up's predicted time over the best's, - 1, in %
    error_pct: float | None           # the family's measured ranking error (None: none committed)
    contenders: int                   # ranked candidates predicted within error_pct of the best (the best included)
    ranked: int                       # candidates replayed (the ones contenders counts among)
    basis: str                        # where error_pct comes from, in words
    gap_is_bound: bool = False        # the runner-up was not replayed: gap_pct is its bound's gap, a lower bound
    statistic: str = ""               # how error_pct was computed (ranking_error.json's words)

    def to_dict(self) -> dict:
        return {"verdict": self.verdict, "gap_pct": self.gap_pct, "error_pct": self.error_pct,
                "contenders": self.contenders, "ranked": self.ranked, "gap_is_bound": self.gap_is_bound,
                "basis": self.basis, "statistic": self.statistic}

    def text(self, runner_up: str | None, measurable: bool = True) -> str:
        """One line for the table's header (`measurable`: the family has kernels `--measure-top` can time)."""
        if self.verdict == ALONE:
            return "verdict: only candidate (no other configuration is valid)"
        gap = "" if self.gap_pct is None else (
            f"the runner-up {runner_up} is predicted {'at least ' if self.gap_is_bound else ''}"
            f"{self.gap_pct:.1f} % slower")
        if self.error_pct is None:
            return f"verdict: unknown: {gap}; {self.basis}"
        if self.verdict == UNKNOWN:
            return (f"verdict: unknown: {gap} (not replayed: --top 2 settles it), the model's measured ranking error on "
                    f"this family {self.error_pct:.1f} %")
        what = ("clear" if self.verdict == CLEAR else
                "near tie (within the model's measured error on this family)")
        tail = "" if self.verdict == CLEAR else (f"; {self.contenders} of the {self.ranked} ranked within it"
                                                 + (f": measure them (--measure-top {self.contenders})"
                                                    if measurable else ""))
        return f"verdict: {what}: {gap}; error {self.error_pct:.1f} % ({self.basis}){tail}"


@kept(1)
def ranking_errors() -> dict:
    """ranking_error.json: {"families": {name: {"error_pct", "statistic", ...}}, "command", ...}."""
    return json.loads(ERROR_FILE.read_text())


def family_error(family: str) -> dict | None:
    return ranking_errors()["families"].get(family)


def confidence(result: Any, error: dict | None = None) -> Confidence:
    """The verdict on `result`'s (a TuneResult: result.py imports this module) first choice; `error` (a family entry of ranking_error.json) defaults to
    the committed one of the result's family."""
    error = error if error is not None else family_error(result.family)
    best, second = result.best, result.runner_up
    ranked = sum(c.replayed for c in result.candidates)
    if second is None:
        return Confidence(ALONE, None, None if error is None else error["error_pct"], 1, ranked, "")
    gap_pct = round(100 * (second.rank_time_us / best.time_us - 1), 2)     # as shown: the verdict is the one read
    if error is None:
        return Confidence(UNKNOWN, round(gap_pct, 2), None, 0, ranked,
                          f"no committed measurement gives the {result.family} family a ranking error "
                          f"(benchmarks/ranking_error.py)", not second.replayed)
    error_pct = error["error_pct"]
    contenders = sum(c.replayed and round(100 * (c.time_us / best.time_us - 1), 2) <= error_pct for c in result.candidates)
    basis = f"the {ranking_errors()['quantile']:.0%} quantile of the pairwise error, {_counts(error)}: gemmsim/tuning/{ERROR_FILE.name}"
    if gap_pct > error_pct:
        verdict = CLEAR
    elif second.replayed:
        verdict = NEAR_TIE
    else:
        verdict = UNKNOWN
    return Confidence(verdict, round(gap_pct, 2), error_pct, contenders, ranked, basis, not second.replayed,
                      error["statistic"])


def _counts(error: dict) -> str:
    if "pairs" in error:
        return f"{error['pairs']} pairs at {error['shapes']} measured shapes"
    return f"{error['rows']} measured rows on {' and '.join(error['gpus'])}, assumed independent"
