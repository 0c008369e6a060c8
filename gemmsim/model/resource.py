"""Building blocks of the compute-unit replay: a unit that serves one request at a time, and a pure delay.

A matrix pipe, the LDS and the CU's slice of the memory system all serve their requests one after
the other. The clock (events.py) advances the waves in time order, so a unit can decide, at the
moment a request arrives, when its service starts: the later of the request's ready time and the
end of the previous service. Subclasses say how long a request holds the unit (the arbitration rule: bank phases,
bandwidth); `Delay` is a fixed latency that holds nothing (a pure delay in a small wrapper; arbitration lives in the resources).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """One interval on a timeline track, in cycles."""

    track: str
    name: str
    start: float
    end: float


class Server:
    """A unit that serves requests in arrival order, one at a time. It tells its observer (a
    recorder.Recorder, attached by the compute unit to the units its timeline draws) when it is busy."""

    def __init__(self, track: str):
        self.track = track
        self.free_at = 0.0
        self.busy_cycles = 0.0
        self.observer = None

    def reserve(self, ready: float, duration: float, name: str = "") -> float:
        """Book the unit for `duration` cycles from `ready` or when it frees up; return the start."""
        start = ready if ready > self.free_at else self.free_at
        self.free_at = start + duration
        self.busy_cycles += duration
        if self.observer is not None:
            self.observer.busy(self.track, name, start, start + duration)
        return start


@dataclass(frozen=True)
class Delay:
    """A fixed latency: what happens after a unit is done, holding nothing."""

    cycles: float

    def after(self, t: float) -> float:
        return t + self.cycles
