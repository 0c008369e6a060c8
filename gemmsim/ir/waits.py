"""Minimal s_waitcnt insertion, as the compiler does it: counters retire in issue order, so waiting
for one operation means letting at most (number issued after it) remain outstanding."""

from __future__ import annotations

from gemmsim.ir.program import Instr, Op, VMCNT_OPS


class WaitTracker:
    def __init__(self):
        self.pending = {"vm": [], "lgkm": []}

    def issued(self, instr: Instr, token: object) -> None:
        """Record a memory instruction under a token that a later consumer can name."""
        counter = "vm" if instr.op in VMCNT_OPS else "lgkm"
        self.pending[counter].append(token)

    def wait_for(self, *tokens: object) -> list[Instr]:
        """The s_waitcnt (at most one) needed before the results of `tokens` may be used."""
        thresholds = {}
        for counter in ("vm", "lgkm"):
            queue = self.pending[counter]
            positions = [queue.index(t) for t in tokens if t in queue]
            if positions:
                last = max(positions)
                thresholds[counter + "cnt"] = len(queue) - last - 1
                del queue[: last + 1]
        if not thresholds:
            return []
        tag = " ".join(f"{k}({v})" for k, v in thresholds.items())
        return [Instr(Op.WAITCNT, "s_waitcnt", **thresholds, tag=tag)]

    def wait_all(self, counter: str) -> list[Instr]:
        """Wait until nothing of this counter is outstanding."""
        if not self.pending[counter]:
            return []
        return self.wait_for(self.pending[counter][-1])
