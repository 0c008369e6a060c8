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


class VmemQueue(Server):
    """The CU's return path: in arrival order, each request holds it for bytes x cycles_per_byte."""

    def __init__(self, path: MemoryPath):
        super().__init__("vmem")
        self.path = path
        self.bytes = 0

    def request(self, now: float, nbytes: int, store: bool = False, name: str = "") -> float:
        """Time the request is complete (data in registers or LDS, or the store acknowledged)."""
        latency = self.path.store_latency_cycles if store else self.load_latency(nbytes)
        service = nbytes * self.path.cycles_per_byte
        self.bytes += nbytes
        start = self.reserve(now + latency, service, name)
        return start + service

    def load_latency(self, nbytes: int) -> float:
        """A load's latency: the path's, and sector_latency_cycles for each sector beyond the first (a
        warp's load whose lanes span more sectors comes back later; the L1 asks for whole sectors)."""
        path = self.path
        if not path.sector_latency_cycles or nbytes <= path.sector_bytes:
            return path.load_latency_cycles
        return path.load_latency_cycles + (-(-nbytes // path.sector_bytes) - 1) * path.sector_latency_cycles
