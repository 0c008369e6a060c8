"""Watching a replay: the units tell a recorder what they do, and the recorder keeps the timeline.

The replay's units (the pipes, the LDS, the memory path) and its waves do not keep logs of their
own. Each is attached to one recorder and tells it when it is busy, when a wave issued an
instruction and when a wave waited. A replay that is not recorded gets `NOT_RECORDING`, which
forgets everything; what is told once per instruction (an issue, a wait) is not told to it at all,
as even a call that forgets costs there (the compute unit knows whether it records). The
`Timeline` recorder keeps what the reports draw: one span per busy interval of every unit, one per
issued instruction on its wave's track, the waits a wave spends on counters and barriers, and a
plain log of the issued instructions (wave, class, issue cycle, done cycle) for tests and tools.
"""

from __future__ import annotations

from gemmsim.ir.program import Op
from gemmsim.model.resource import Span
from gemmsim.model.stalls import DRAWN_WAITS


class Recorder:
    """Hears what the replay does and keeps none of it (the replay that nobody records)."""

    def busy(self, track: str, name: str, start: float, end: float) -> None:
        """A unit served a request from `start` to `end`."""

    def issued(self, wave: str, op: Op, opcode: str, now: float, done: float) -> None:
        """A wave issued an instruction at `now`; its work is done at `done`."""

    def waited(self, wave: str, why: str, start: float, end: float) -> None:
        """A wave could not issue from `start` to `end`, held by `why` (a stall reason)."""


NOT_RECORDING = Recorder()


class Timeline(Recorder):
    """Keeps every span, in the order the replay produced them, and the log of issued instructions."""

    def __init__(self):
        self.spans: list[Span] = []
        self.instructions: list[tuple] = []

    def busy(self, track: str, name: str, start: float, end: float) -> None:
        self.spans.append(Span(track, name, start, end))

    def issued(self, wave: str, op: Op, opcode: str, now: float, done: float) -> None:
        self.instructions.append((wave, op.value, now, done))
        # an MFMA is drawn for as long as it runs; anything else for its issue cycle
        self.spans.append(Span(wave, opcode, now, done if op is Op.MFMA else now + 1))

    def waited(self, wave: str, why: str, start: float, end: float) -> None:
        if why in DRAWN_WAITS:
            self.spans.append(Span(wave, f"wait {why}", start, end))
