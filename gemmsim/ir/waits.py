"""Minimal s_waitcnt insertion, as the compiler does it: counters retire in issue order, so waiting
for one operation means letting at most (number issued after it) remain outstanding.

Where two paths meet (a loop's entry and its back edge), LLVM's waitcnt pass joins what each path
left outstanding and keeps, per operation, the fewer issued after it: the stricter wait (join)."""

from __future__ import annotations

from gemmsim.ir.program import Counter, Instr, Op, counter_of

COUNTERS = tuple(Counter)


class WaitTracker:
    def __init__(self):
        # per counter: token -> its issue score; issued[counter]: the score the next operation gets
        self.pending: dict[str, dict[object, int]] = {c: {} for c in COUNTERS}
        self.issued_count = {c: 0 for c in COUNTERS}

    def issued(self, instr: Instr, token: object) -> None:
        """Record a memory instruction under a token that a later consumer can name."""
        counter = counter_of(instr.op)
        self.pending[counter][token] = self.issued_count[counter]
        self.issued_count[counter] += 1

    def _after(self, counter: str, token: object) -> int:
        """How many operations of this counter were issued after the token's."""
        return self.issued_count[counter] - self.pending[counter][token] - 1

    def wait_for(self, *tokens: object) -> list[Instr]:
        """The s_waitcnt (at most one) needed before the results of `tokens` may be used."""
        thresholds = {}
        for counter in COUNTERS:
            queue = self.pending[counter]
            scores = [queue[t] for t in tokens if t in queue]
            if scores:
                # the fewest issued after any of them (_after) belong to the latest issued; that wait
                # also retires every operation issued no later
                latest = max(scores)
                thresholds[counter + "cnt"] = self.issued_count[counter] - latest - 1
                for t in [t for t, score in queue.items() if score <= latest]:
                    del queue[t]
        if not thresholds:
            return []
        tag = " ".join(f"{k}({v})" for k, v in thresholds.items())
        return [Instr(Op.WAITCNT, "s_waitcnt", **thresholds, tag=tag)]

    def wait_all(self, counter: str) -> list[Instr]:
        """Wait until nothing of this counter is outstanding."""
        if not self.pending[counter]:
            return []
        return self.wait_for(max(self.pending[counter], key=self.pending[counter].get))

    def copy(self) -> WaitTracker:
        out = WaitTracker()
        out.pending = {c: dict(q) for c, q in self.pending.items()}
        out.issued_count = dict(self.issued_count)
        return out

    def joined(self, other: WaitTracker) -> WaitTracker:
        """What is outstanding where this path and `other` meet: every token either left, with the
        fewer operations issued after it of the two."""
        out = WaitTracker()
        for c in COUNTERS:
            after = {t: self._after(c, t) for t in self.pending[c]}
            for t in other.pending[c]:
                after[t] = min(after.get(t, other._after(c, t)), other._after(c, t))
            out.issued_count[c] = top = max(after.values(), default=-1) + 1
            out.pending[c] = {t: top - a - 1 for t, a in after.items()}
        return out

    def state(self) -> tuple:
        """What is outstanding, comparable between two points (tokens with the operations after them)."""
        return tuple(tuple(sorted(((t, self._after(c, t)) for t in self.pending[c]), key=repr)) for c in COUNTERS)


class WaitScript:
    """A WaitTracker's calls, recorded in order and replayed later on a tracker in any state. The
    instructions between the waits do not depend on what is outstanding, only the waits do: a loop
    body is built once and its waits are worked out for each entry state its fixed point tries."""

    def __init__(self):
        self.calls: list[tuple[object, str, tuple]] = []   # (the wait's slot in the built list, or None; call; args)

    def issued(self, instr: Instr, token: object) -> None:
        self.calls.append((None, "issued", (instr, token)))

    def wait_for(self, *tokens: object) -> list:
        return self._slot("wait_for", tokens)

    def wait_all(self, counter: str) -> list:
        return self._slot("wait_all", (counter,))

    def _slot(self, call: str, args: tuple) -> list:
        slot = WaitSlot()
        self.calls.append((slot, call, args))
        return [slot]

    def replay(self, tracker: WaitTracker) -> dict[WaitSlot, list[Instr]]:
        """Make the calls on `tracker` (it advances as it would have); return each slot's waits."""
        waits = {}
        for slot, call, args in self.calls:
            if slot is None:
                tracker.issued(*args)
            else:
                waits[slot] = getattr(tracker, call)(*args)
        return waits


class WaitSlot:
    """Where a recorded wait goes in the list built with a WaitScript (`fill` puts its waits there)."""

    __slots__ = ()


def fill(items: list, waits: dict[WaitSlot, list[Instr]]) -> list:
    """The built list with each WaitSlot replaced by its waits (none, or one s_waitcnt)."""
    out = []
    for item in items:
        if type(item) is WaitSlot:
            out += waits[item]
        else:
            out.append(item)
    return out
