"""The answer of a search: the ranked candidates, and the JSON object the tuning cache stores it as."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from gemmsim.problem import KernelConfig, Problem

DEFAULT_TOP = 10           # candidates ranked exactly unless asked for more or fewer


@dataclass(frozen=True)
class Candidate:
    """One valid configuration: its bound, and its replayed time when it was replayed."""

    config: KernelConfig
    bound_us: float
    occupancy: int                    # workgroups per CU
    time_us: float | None = None      # None: not replayed (its bound could not beat the best)
    bottleneck: str | None = None
    why: str = ""                     # why it lost ("best" for the winner)

    @property
    def replayed(self) -> bool:
        return self.time_us is not None

    @property
    def rank_time_us(self) -> float:
        return self.time_us if self.time_us is not None else self.bound_us


@dataclass(frozen=True)
class TuneResult:
    problem: Problem
    gpu: str
    space: str
    candidates: tuple[Candidate, ...]       # ranked: replayed by time, then the rest by bound
    rejected: dict[str, int] = field(default_factory=dict)   # rule message -> configurations it rejected
    from_cache: bool = False
    first_replays: int = 0                  # candidates that got at least the first replay

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def runner_up(self) -> Candidate | None:
        return self.candidates[1] if len(self.candidates) > 1 else None

    @property
    def replays(self) -> int:
        return sum(c.replayed for c in self.candidates)


def result_to_dict(result: TuneResult) -> dict:
    return {"gpu": result.gpu, "space": result.space, "rejected": result.rejected, "first_replays": result.first_replays,
            "candidates": [{**asdict(c.config), "bound_us": c.bound_us, "occupancy": c.occupancy,
                            "time_us": c.time_us, "bottleneck": c.bottleneck, "why": c.why}
                           for c in result.candidates]}


def result_from_dict(d: dict, problem: Problem, from_cache: bool = False) -> TuneResult:
    config_fields = {f.name for f in fields(KernelConfig)}
    candidates = tuple(Candidate(KernelConfig(**{k: v for k, v in c.items() if k in config_fields}),
                                 c["bound_us"], c["occupancy"], c["time_us"], c["bottleneck"], c["why"])
                       for c in d["candidates"])
    return TuneResult(problem, d["gpu"], d["space"], candidates, d["rejected"], from_cache,
                      d.get("first_replays", 0))
