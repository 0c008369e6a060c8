"""The compute unit's L1 data cache for global loads: a line that is already there is a hit.

Warps of one workgroup (and workgroups resident on the same CU) often read the same 128-byte
lines of A or B: the 8 warps of a blocked ladder kernel read one B row, the matrix-core kernel's
warps read the same B fragments. The first access of a line misses and goes to the L2 (the
memory path of vmem.py); the line is then kept in the CU's L1, and a later access of it is
answered by the L1 after its hit latency (from the GPU file) without moving bytes over the path
to the L2 again. A line that is still on its way (a second access while the first miss is in
flight) is a hit that completes when the line arrives (and l1_pending_hit_cycles after, where the
description measured it): the L1 merges the two.

Where the description has sectors (`l1_sector_bytes` below the line: the H200's 32-byte sectors of
128-byte lines) the L1 holds and misses them apart: a load of a sector its line does not hold yet goes
to the L2, although the line is there (gemm_blocked4x4_f64 reads A's next sector every 4 steps of K, a
new line every 16: Nsight Compute's sector hit rate is 93.7 %, the replay's 93.3 %). The entries below
are then sectors; "line" is the L1's entry.

The L1 is modelled as fully associative with least-recently-used replacement over
l1_bytes / entry bytes entries; the replay looks them up in simulated-time order, by the byte
addresses the instructions' lanes touch (block base + lane offset + loop strides).
Stores are write-through and do not allocate lines.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple


class Lookup(NamedTuple):
    """What the L1 holds of one access's lines (a named tuple: one is made per global load)."""

    missed: tuple               # lines that go to the L2, in the order asked (deterministic LRU order)
    ready: float                # when the hit lines' data is (or will be) in the L1; 0 if none hit


class L1Cache:
    """Lines held by one CU's L1 (any hashable key: the replay uses (buffer, line)), least recently used
    first, each with the time its data is there."""

    def __init__(self, capacity_bytes: int, line_bytes: int):
        self.line_bytes = line_bytes
        self.capacity = max(1, capacity_bytes // line_bytes)
        # least recently used first: a dict keeps its keys in the order they were put in (a line used
        # again is taken out and put back at the end), and is faster here than an OrderedDict
        self.lines: dict[int, float] = {}
        self.hits = 0
        self.misses = 0

    def lookup(self, lines) -> Lookup:
        """Hit lines become the most recently used; missed lines are reported, not yet filled."""
        held = self.lines
        if held.keys().isdisjoint(lines):   # a miss of every line (the common case): no look-up one by one
            self.misses += len(lines)
            return Lookup(tuple(lines), 0.0)
        missed, ready = [], 0.0
        for line in lines:
            t = held.get(line)
            if t is None:
                missed.append(line)
                continue
            held[line] = held.pop(line)   # the most recently used
            if t > ready:
                ready = t
        self.hits += len(lines) - len(missed)
        self.misses += len(missed)
        return Lookup(tuple(missed), ready)

    def fill(self, lines, ready: float) -> None:
        """The missed lines arrive at `ready`; the least recently used lines make room."""
        held = self.lines
        if not held.keys().isdisjoint(lines):   # (a line not held yet goes to the end as it is added)
            for line in lines:
                if line in held:
                    held[line] = held.pop(line)
        for line in lines:   # (a loop: faster here than update(zip(...)))
            held[line] = ready
        over = len(held) - self.capacity
        if over > 0:         # the least recently used go, all at once
            for line in list(itertools.islice(held, over)):
                del held[line]
