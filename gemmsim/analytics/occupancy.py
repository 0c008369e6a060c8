"""Occupancy: how many waves of a kernel a compute unit keeps in flight at once.

A SIMD holds as many waves as its vector register file fits (registers are allocated per wave in
granules), a CU as many workgroups as its LDS fits and its workgroup and wave slots allow. The
smallest of these limits wins and is named, so a report can say what to shrink. A waves_per_eu hint
is no limit here: LLVM reads it ("amdgpu-waves-per-eu"="N") as the fewest waves a SIMD should hold
and allocates at most waves_per_eu_vgpr_budget registers (spilling the rest), so it acts through the
register count a front-end gives. Pure arithmetic on the GPU description; any front-end's kernel
(generated or parsed) gives its register and LDS use and its waves per workgroup.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gemmsim.hw import GPU


@dataclass(frozen=True)
class Occupancy:
    waves_per_simd: int
    limited_by: str              # "vgpr", "lds" or "workgroups"
    vgpr_limit: int              # waves per SIMD each limit allows
    lds_limit: int
    workgroup_limit: int
    workgroups_per_cu: int


def occupancy(gpu: GPU, arch_vgprs: int, accum_vgprs: int, lds_bytes_per_block: int, waves_per_block: int) -> Occupancy:
    """Waves per SIMD: min over VGPRs (combined arch + accum budget), LDS and workgroup slots."""
    cu = gpu.cu
    granule = cu.vgpr_alloc_granule
    allocated = max(granule, math.ceil((arch_vgprs + accum_vgprs) / granule) * granule)
    vgpr_limit = min(cu.max_waves_per_simd, cu.vgprs_per_lane // allocated)
    blocks_by_lds = gpu.lds.lds_bytes // lds_bytes_per_block if lds_bytes_per_block else cu.max_workgroups_per_cu
    blocks_by_slots = min(cu.max_workgroups_per_cu, cu.max_waves_per_cu // waves_per_block)
    per_simd = waves_per_block / cu.simds
    lds_limit = int(blocks_by_lds * per_simd)
    workgroup_limit = int(blocks_by_slots * per_simd)
    limits = {"vgpr": vgpr_limit, "lds": lds_limit, "workgroups": workgroup_limit}
    if not lds_bytes_per_block:
        del limits["lds"]   # a kernel without LDS is never limited by it (its "limit" is the slot count)
    limited_by = min(limits, key=lambda k: limits[k])
    waves = limits[limited_by]
    return Occupancy(waves, limited_by, vgpr_limit, lds_limit, workgroup_limit,
                     workgroups_per_cu=max(0, int(waves * cu.simds // waves_per_block)))


def waves_per_eu_vgpr_budget(gpu: GPU, waves_per_eu: int) -> int:
    """The most VGPRs per lane (arch + accum, whole granules) that let waves_per_eu waves share a SIMD:
    what LLVM allocates at most under "amdgpu-waves-per-eu"="N". FlyDSL's gfx942 fp8 64x256x128 takes
    152 VGPRs without the hint and 128 with waves_per_eu=4, spilling 70 (tests/data/flydsl_facts.toml)."""
    cu = gpu.cu
    return cu.vgprs_per_lane // waves_per_eu // cu.vgpr_alloc_granule * cu.vgpr_alloc_granule
