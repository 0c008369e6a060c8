"""The replay's clock: what happens next in a compute unit, in time order (gemmsim's own event scheduler).

A compute unit's replay is event-driven: a wave issues instructions until it has to wait (for a
pipe, the SIMD's issue port, a counter, a queue entry, the workgroup barrier), asks to be resumed
at a later cycle or when an event happens, and the scheduler resumes whatever is due next.

The ordering the replay relies on, and all there is of it: the clock only moves forward; what is
due at an earlier cycle happens first; what is due at the same cycle happens in the order it was
scheduled (first in, first out: an entry carries a running number). An event that several
processes wait for (a barrier's release) resumes them in the order they began to wait, all in one
entry of the queue. So the same inputs give the same order of events, hence the same timeline.

A process is a generator: it runs until it yields, and whoever resumes it calls its `__next__`
(a wave keeps that as `resume`, puts it on the queue to wake up later, or on an event's callbacks
to be resumed when the event happens). A process ends by returning.

One shortcut keeps the replay fast: a process resumed on its own (by its own wake-up, not among an
event's waiters) that wants to sleep until a cycle before which nothing is due may move the clock
there itself and go on (`sleep` answers False). Its wake-up would have been the next entry taken
off the queue, so the order of everything else stays the same (tests/test_model_replay.py checks
the replay with the shortcut against the same replay without it).
"""

from __future__ import annotations

from heapq import heappop, heappush
from itertools import count
from typing import Callable


class Event:
    """Something that happens once, which any number of processes wait for (a workgroup barrier's
    release, a queue entry handed to a waiting warp). `succeed` schedules it at the current cycle;
    when it happens its callbacks run in the order they were added, and `callbacks` becomes None:
    a process that asks later finds it has happened and goes on at once."""

    __slots__ = ("scheduler", "callbacks")

    def __init__(self, scheduler: "Scheduler"):
        self.scheduler = scheduler
        self.callbacks: list[Callable[[], object]] | None = []

    @property
    def happened(self) -> bool:
        return self.callbacks is None

    def succeed(self) -> None:
        self.scheduler.after(0, self._happen)

    def _happen(self) -> None:
        scheduler, callbacks, self.callbacks = self.scheduler, self.callbacks, None
        scheduler.sharing = True   # the waiters share this instant: none may move the clock on its own
        for callback in callbacks:
            try:
                callback()
            except StopIteration:   # a resumed process returned
                pass
        scheduler.sharing = False


class Scheduler:
    """The current cycle and a heap of (cycle, running number, callback) of what is due."""

    __slots__ = ("now", "queue", "order", "sharing")

    def __init__(self):
        self.now: float = 0   # (an int until a delay makes it a float: whole cycles print as such in a trace)
        self.queue: list[tuple[float, int, Callable[[], object]]] = []
        self.order = count()
        self.sharing = False   # an event's callbacks are running (Event._happen)

    def after(self, delay: float, callback: Callable[[], object]) -> None:
        """Call `callback` `delay` cycles from now, after whatever was scheduled for that cycle before."""
        heappush(self.queue, (self.now + delay, next(self.order), callback))

    def sleep(self, delay: float, resume: Callable[[], object]) -> bool:
        """A process that will `resume` `delay` cycles from now: True if it must yield (its wake-up
        is queued); False if it may go on at once, the clock moved there (the shortcut above)."""
        at, queue = self.now + delay, self.queue
        if not self.sharing and (not queue or queue[0][0] > at):
            self.now = at
            return False
        heappush(queue, (at, next(self.order), resume))
        return True

    def event(self) -> Event:
        return Event(self)

    def start(self, process) -> Callable[[], object]:
        """Queue a process (a generator) to begin at the current cycle; return what resumes it."""
        resume = process.__next__
        self.after(0, resume)
        return resume

    def run(self) -> None:
        """Take what is due off the queue, in order, until nothing is."""
        queue = self.queue
        while queue:
            self.now, _, callback = heappop(queue)
            try:
                callback()
            except StopIteration:   # a process returned
                pass
