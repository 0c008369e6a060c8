"""The answer of a search: the ranked candidates, the JSON object the tuning cache stores it as, and
the one `gemmsim tune --json` prints (`TuneResult.to_dict()`): with the verdict on its first choice
(gemmsim.tuning.confidence) and, where the finalists were timed on a GPU (`--measure-top K`), their
measured times and the measured best (`pick`, its `source` "measured"; else the predicted best, "predicted")."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from gemmsim.jsonable import versioned
from gemmsim.problem import KernelConfig, Problem

DEFAULT_TOP = 10           # candidates ranked exactly unless asked for more or fewer
WAVES_PER_EU_AUTO = 0      # the tuned-config files' spelling of "no hint"
PRESHUFFLE = "preshuffle"  # the family whose rows take the tuned-config CSV columns


@dataclass(frozen=True)
class Candidate:
    """One valid configuration: its bound, and its replayed time when it was replayed."""

    config: Any                       # the family's config (KernelConfig for the preshuffle GEMM)
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


PREDICTED, MEASURED = "predicted", "measured"     # where a pick comes from


@dataclass(frozen=True)
class Measured:
    """A candidate timed on a GPU by the project's runner (`gemmsim tune --measure-top`): the median of its
    event-timed launches, the host's launch call hidden (validation/measure.py), on `device`."""

    config: str            # the candidate, as config_text writes it
    measured_us: float
    device: str
    driver: str = ""
    command: str = ""      # the runner's command line that timed it
    created: str = ""      # when (UTC), as the runner's CSV gives it

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class TuneResult:
    """The ranked candidates of one problem on one GPU: `best`, `runner_up`, and why each lost."""

    problem: Problem
    gpu: str
    space: str
    candidates: tuple[Candidate, ...]       # ranked: replayed by time, then the rest by bound
    rejected: dict[str, int] = field(default_factory=dict)   # rule message -> configurations it rejected
    from_cache: bool = False
    first_replays: int = 0                  # candidates that got at least the first replay
    top: int = DEFAULT_TOP                  # the first `top` candidates are ranked exactly (and shown)
    family: str = PRESHUFFLE                # the kernel family whose configurations these are
    why_split_k: str = ""                   # why the best splits K ("": it does not; tuning.search.why_split_k)
    measured: tuple[Measured, ...] = ()     # candidates timed on a GPU (this run's --measure-top, or the cache's)
    measure_note: str = ""                  # what --measure-top did, in one line (measured, or why not)

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def measurement(self, candidate: Candidate) -> Measured | None:
        text = config_text(candidate.config)
        return next((m for m in self.measured if m.config == text), None)

    @property
    def pick(self) -> Candidate:
        """The configuration to launch: the fastest measured candidate where some were measured, else the best predicted."""
        timed = [(m.measured_us, i) for i, c in enumerate(self.candidates) if (m := self.measurement(c)) is not None]
        return self.candidates[min(timed)[1]] if timed else self.best

    @property
    def pick_source(self) -> str:
        return MEASURED if self.measurement(self.pick) is not None else PREDICTED

    @property
    def runner_up(self) -> Candidate | None:
        return self.candidates[1] if len(self.candidates) > 1 else None

    @property
    def replays(self) -> int:
        return sum(c.replayed for c in self.candidates)

    def rows(self) -> list[dict]:
        """The first `top` candidates as the rows of `gemmsim tune`'s table."""
        return candidate_rows(self, self.top)

    def to_dict(self) -> dict:
        """What `gemmsim tune --shape ... --json` prints: the first `top` candidates, the space, the
        rules' rejections, why the best splits K, whether it came from the cache, the verdict on the first choice (`confidence`),
        the pick and where it comes from, the measured candidates, and `schema_version`."""
        from gemmsim.tuning.confidence import confidence

        pick = self.pick
        measured = self.measurement(pick)
        return versioned({"from_cache": self.from_cache, "family": self.family, "space": self.space, "gpu": self.gpu,
                          "rejected": self.rejected, "why_split_k": self.why_split_k,
                          "confidence": confidence(self).to_dict(),
                          "pick": {"config": config_text(pick.config), "source": self.pick_source,
                                   "predicted_rank": self.candidates.index(pick) + 1,
                                   "predicted_us": None if pick.time_us is None else round(pick.time_us, 3),
                                   "measured_us": None if measured is None else measured.measured_us},
                          "measured": [m.to_dict() for m in self.measured], "measure_note": self.measure_note or None,
                          "candidates": self.rows()})

    def to_json(self) -> str:
        """`to_dict()` as the text `gemmsim tune --json` prints (indented, in the order above)."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)


def config_columns(config: KernelConfig) -> dict:
    """A configuration in the columns of aiter/FlyDSL tuned-config CSVs (splitK as aiter spells it: 1 unsplit)."""
    return {"tile_m": config.tile_m, "tile_n": config.tile_n, "tile_k": config.tile_k, "lds_stage": config.lds_stage,
            "use_cshuffle_epilog": int(config.epilogue == "cshuffle"), "use_async_copy": int(config.copy == "async"),
            "waves_per_eu": WAVES_PER_EU_AUTO if config.waves_per_eu is None else config.waves_per_eu,
            "splitK": config.split_k}


def config_text(config: Any) -> str:
    """A configuration in one line: the preshuffle GEMM's by its tile (and split), another family's by its fields."""
    if isinstance(config, KernelConfig):
        return config.tile + (f" split {config.split_k}" if config.split_k > 1 else "")
    return ",".join(f"{k}={v}" for k, v in other_family_columns(config).items())


def other_family_columns(config: Any) -> dict:
    """Another family's config as columns: its fields that are set, a tile written MxNxK."""
    out = {}
    for f in fields(config):
        value = getattr(config, f.name)
        if value is None:
            continue
        out[f.name] = "x".join(map(str, value)) if isinstance(value, tuple) else int(value) if isinstance(value, bool) else value
    return out


def candidate_rows(result: TuneResult, top: int | None = None) -> list[dict]:
    """The first `top` candidates (all of them if None) as table rows: rank, tile, the other knobs in
    the tuned-config columns (another family: its config's fields), time, bound, occupancy, bottleneck
    and why it lost."""
    rows = []
    timed = bool(result.measured)
    for rank, c in enumerate(result.candidates[:top], 1):
        if isinstance(c.config, KernelConfig):
            knobs = {"tile": c.config.tile, **{k: v for k, v in config_columns(c.config).items() if not k.startswith("tile_")}}
        else:
            knobs = other_family_columns(c.config)
        measured = result.measurement(c) if timed else None
        rows.append({"rank": rank, **knobs,
                     "time_us": None if c.time_us is None else round(c.time_us, 3),
                     **({"measured_us": None if measured is None else measured.measured_us} if timed else {}),
                     "bound_us": round(c.bound_us, 3), "occupancy": c.occupancy, "bottleneck": c.bottleneck,
                     "why": c.why})
    return rows


def result_to_dict(result: TuneResult) -> dict:
    """What the tuning cache stores (a family other than preshuffle is named: its entries carry its config's fields)."""
    family = {} if result.family == PRESHUFFLE else {"family": result.family}
    why = {"why_split_k": result.why_split_k} if result.why_split_k else {}
    return {"gpu": result.gpu, "space": result.space, "rejected": result.rejected, "first_replays": result.first_replays,
            **family, **why,
            "candidates": [{**asdict(c.config), "bound_us": c.bound_us, "occupancy": c.occupancy,
                            "time_us": c.time_us, "bottleneck": c.bottleneck, "why": c.why}
                           for c in result.candidates]}


def result_from_dict(d: dict, problem: Problem, from_cache: bool = False, top: int = DEFAULT_TOP) -> TuneResult:
    family = d.get("family", PRESHUFFLE)
    config_type = KernelConfig
    if family != PRESHUFFLE:
        from gemmsim.frontends import registry

        config_type = registry.get(family).config_type
    config_fields = {f.name for f in fields(config_type)}
    candidates = tuple(Candidate(config_type(**{k: _from_json(v) for k, v in c.items() if k in config_fields}),
                                 c["bound_us"], c["occupancy"], c["time_us"], c["bottleneck"], c["why"])
                       for c in d["candidates"])
    return TuneResult(problem, d["gpu"], d["space"], candidates, d["rejected"], from_cache,
                      d.get("first_replays", 0), top, family, why_split_k=d.get("why_split_k", ""))


def _from_json(value):
    """JSON writes a tuple (a tile) as a list: read it back as the tuple the frozen config holds."""
    return tuple(value) if isinstance(value, list) else value
