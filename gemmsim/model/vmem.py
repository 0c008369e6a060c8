"""The compute unit's path to memory: latency plus its share of L2, Infinity Cache and HBM bandwidth.

A vector-memory instruction (buffer_load, buffer_store, or a global->LDS DMA) leaves the CU at
once; its data comes back after the memory latency, and the CU's return path delivers at most
the CU's share of the memory system's bandwidth. With many requests in flight the latency is
hidden and the bandwidth decides; with few, the latency does. The GPU level works out the
latency (L2 hits and misses of the tile walk) and the share (achievable bandwidth / busy CUs) and
hands them in as a `MemoryPath`. How many requests a wave may have in flight is its vmcnt limit
(see counters.py).
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


class VmemQueue(Server):
    """The CU's return path: in arrival order, each request holds it for bytes x cycles_per_byte."""

    def __init__(self, path: MemoryPath):
        super().__init__("vmem")
        self.path = path
        self.bytes = 0

    def request(self, now: float, nbytes: int, store: bool = False, name: str = "") -> float:
        """Time the request is complete (data in registers or LDS, or the store acknowledged)."""
        latency = self.path.store_latency_cycles if store else self.path.load_latency_cycles
        service = nbytes * self.path.cycles_per_byte
        self.bytes += nbytes
        start = self.reserve(now + latency, service, name)
        return start + service
