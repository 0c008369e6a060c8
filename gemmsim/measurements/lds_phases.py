"""Which lanes share an LDS cycle, from a stride sweep: the lane-phase fit of `gemmsim calibrate`.

The lds_b32|lds_b64|lds_b128 microbenchmarks have lane i of one wave read the word at i x stride
with an access of that width, and report the conflict ways (the access's cycles over those of a
conflict-free one). A grouping of lanes into phases predicts those ways through the bank model
(analytics.lds_banks, from every lane's address); the fit keeps the grouping that predicts them
best among the description's own and consecutive groups of 1, 2, 4 ... lanes. Groupings that
predict the same ways for every stride are the same to the sweep: the description's wins, then the
fewest lanes (past one bank row per cycle, more lanes per phase add no cycles, so they tie).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from gemmsim.hw import GPU


@dataclass(frozen=True)
class PhaseFit:
    phases: tuple[tuple[int, ...], ...]
    lanes_per_phase: int
    described: bool              # the description's own grouping
    predicted: np.ndarray        # the conflict ways it predicts at each stride


def predicted_ways(strides, relative_to: int | None, width: int, phases, gpu: GPU) -> np.ndarray:
    """Conflict ways at each stride for a lane grouping, relative to the access at stride
    `relative_to` (None: the contiguous access, stride = width in words)."""
    from gemmsim.analytics.lds_banks import access_cycles

    lds = replace(gpu.lds, phases={**gpu.lds.phases, f"read_b{width}": phases})
    word = gpu.lds.bank_width_bytes

    def cycles(stride):
        return access_cycles([lane * stride * word for lane in range(gpu.cu.wave_size)], width, "read", lds).cycles

    base = cycles(relative_to if relative_to else max(1, width // (8 * word)))
    return np.array([cycles(s) / base for s in strides])


def best_phases(strides, observed: np.ndarray, relative_to: int | None, width: int, gpu: GPU) -> PhaseFit:
    """The grouping whose predicted ways match `observed` best (least squares of the log ratio)."""
    wave = gpu.cu.wave_size
    described = gpu.lds.phases.get(f"read_b{width}")
    candidates = [(described, True)] if described else []
    lanes = 1
    while lanes <= wave:
        candidates.append((tuple(tuple(range(a, a + lanes)) for a in range(0, wave, lanes)), False))
        lanes *= 2
    scored = []
    for order, (phases, own) in enumerate(candidates):
        predicted = predicted_ways(strides, relative_to, width, phases, gpu)
        score = round(float(np.sum(np.log(observed / predicted) ** 2)), 9)
        scored.append(((score, 0 if own else 1, len(phases[0]), order), PhaseFit(phases, len(phases[0]), own, predicted)))
    return min(scored, key=lambda s: s[0])[1]
