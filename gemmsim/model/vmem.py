"""The compute unit's path to memory: latency plus its share of L2, Infinity Cache and HBM bandwidth.

A vector-memory instruction (buffer_load, buffer_store, or a global->LDS DMA) leaves the CU at
once; its data comes back after the memory latency, and the CU's return path delivers at most
the CU's share of the memory system's bandwidth. With many requests in flight the latency is
hidden and the bandwidth decides; with few, the latency does. The GPU level works out the
latency (L2 hits and misses of the tile walk) and the share (achievable bandwidth / busy CUs) and
hands them in as a `MemoryPath`. How many requests a wave may have in flight is its vmcnt limit
(see counters.py). Where the description measured it (a warp's chain of first-touch loads), a
load's latency also grows with the sectors its lanes take: on the H200 about 2.4 ns per 32-byte
sector from HBM, 0.5 ns from the L2.

Where the GPU level says which level serves a load (fill_latency_cycles), a load of lines the CU
fetches for the first time waits for the fill from below the L2 although the L2 counts most of them
as hits: the workgroups that share a tile advance through K together, and a follower that catches up
with the one whose miss fetches a line waits for that fill (the `sharers` microbenchmark: followers
of a chain of first-touch loads run at the leader's miss pace, 690-720 cycles per step on the H200,
against 305-317 when the lines are in the L2 before they start). That holds for the tiles first
fetched in the round; a tile an earlier round (or the previous launch) left in the L2 is a hit
(`resident`: the share of a buffer's reads whose tiles are there when the round starts, from the
tile walk). A line the CU fetched before (evicted from its L1 since) is an L2 hit.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.model.resource import Server


@dataclass(frozen=True)
class MemoryPath:
    """What one CU sees of the memory system, in cycles of the engine clock."""

    cycles_per_byte: float          # 1 / (the CU's bandwidth share in bytes per cycle)
    load_latency_cycles: float      # mean unloaded latency of a load (L2 hits and misses mixed)
    store_latency_cycles: float     # until a store is acknowledged (by L2)
    scalar_latency_cycles: float    # scalar loads (kernel arguments): an L2 hit
    sector_bytes: int = 0           # the pieces a load takes from the L2 (the L1's sectors)
    sector_latency_cycles: float = 0.0   # a load's latency grows by this per piece beyond the first
    fill_latency_cycles: float | None = None   # a tile's line fetched from below the L2 (None: the mean above for every load)
    fill_sector_latency_cycles: float = 0.0
    hit_latency_cycles: float = 0.0            # a line in the L2: resident, or fetched by the CU before
    hit_sector_latency_cycles: float = 0.0
    resident: tuple[tuple[str, float], ...] = ()   # (buffer, share of its reads whose tiles are in the L2)
    store_cycles_per_byte: float | None = None     # a store's bytes where the L2 takes stores slower (None: as loads)


class VmemQueue(Server):
    """The CU's return path: in arrival order, each request holds it for bytes x cycles_per_byte."""

    def __init__(self, path: MemoryPath):
        super().__init__("vmem")
        self.path = path
        self.bytes = 0
        # a first fetch's (latency, per-sector latency) by buffer: resident share x hit + the rest x fill
        self.first_fetch_latency = {buffer: (share * path.hit_latency_cycles + (1 - share) * (path.fill_latency_cycles or 0.0),
                                     share * path.hit_sector_latency_cycles + (1 - share) * path.fill_sector_latency_cycles)
                            for buffer, share in path.resident}

    def request(self, now: float, nbytes: int, store: bool = False, name: str = "",
                first_fetch: bool | None = None, buffer: str = "") -> float:
        """Time the request is complete (data in registers or LDS, or the store acknowledged).
        first_fetch: whether the load takes a line of `buffer` this CU has not fetched before (None:
        not known)."""
        latency = self.path.store_latency_cycles if store else self.load_latency(nbytes, first_fetch, buffer)
        per_byte = self.path.store_cycles_per_byte if store and self.path.store_cycles_per_byte else self.path.cycles_per_byte
        service = nbytes * per_byte
        self.bytes += nbytes
        start = self.reserve(now + latency, service, name)
        return start + service

    def load_latency(self, nbytes: int, first_fetch: bool | None = None, buffer: str = "") -> float:
        """A load's latency: the fill's or the L2 hit's where the path tells them apart and the caller
        knows which, else the mean; and the per-sector term for each sector beyond the first (a
        warp's load whose lanes span more sectors comes back later; the L1 asks for whole sectors)."""
        path = self.path
        if first_fetch is None or path.fill_latency_cycles is None:
            base, per_sector = path.load_latency_cycles, path.sector_latency_cycles
        elif first_fetch:
            base, per_sector = self.first_fetch_latency.get(buffer, (path.fill_latency_cycles, path.fill_sector_latency_cycles))
        else:
            base, per_sector = path.hit_latency_cycles, path.hit_sector_latency_cycles
        if not per_sector or nbytes <= path.sector_bytes:
            return base
        return base + (-(-nbytes // path.sector_bytes) - 1) * per_sector
