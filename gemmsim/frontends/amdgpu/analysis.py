"""The guide's main-loop analysis of a compiled kernel, as a JSON-ready dict (report/isa.py prints it).

The FlyDSL GEMM guide reads a kernel's hot loop by counting its v_mfma, s_barrier, buffer_load,
ds_read and ds_write and judging two ratios (analytics.hot_loop). Here the counts are per iteration
of the path the walk took through the loop (frontends/amdgpu/walker.py), occupancy comes from the
kernel's real register and LDS allocation, and every LDS access gets its bank-conflict cost from
the lane addresses evaluated for each wave.
"""

from __future__ import annotations

from gemmsim.analytics.hot_loop import loop_mix
from gemmsim.errors import HardwareFileError
from gemmsim.frontends.amdgpu.classify import mfma_shape
from gemmsim.frontends.amdgpu.parser import Marker
from gemmsim.frontends.amdgpu.program import ParsedKernel
from gemmsim.analytics.occupancy import occupancy
from gemmsim.ir.program import Instr, Loop, Op, find_loop, walk
from gemmsim.analytics.lds_banks import instruction_report


def lds_cost(instr: Instr, lds) -> tuple[int, int, int, int] | None:
    """(cycles, phases, conflict cycles, worst ways) of an LDS access, both halves of a read2/write2;
    None when its lane addresses are unknown."""
    r = instruction_report(instr, lds)
    return None if r is None else (r.cycles, r.phases, r.conflict_cycles, r.max_ways)


def analyze_parsed(pk: ParsedKernel) -> dict:
    program, gpu = pk.program, pk.gpu
    r = program.resources
    occ = occupancy(gpu, r.arch_vgprs, r.accum_vgprs, r.lds_bytes, program.waves_per_workgroup)
    hot = find_loop(program.waves[0], pk.hot_loop)
    return {
        "file": pk.source.path,
        "kernel": pk.source.name,
        "format": pk.source.format,
        "arch": gpu.arch,
        "gpu": gpu.name,
        "resources": {"arch_vgprs": r.arch_vgprs, "accum_vgprs": r.accum_vgprs, "sgprs": r.sgprs,
                      "lds_bytes": r.lds_bytes, "workgroup_size": r.workgroup_size,
                      "waves_per_workgroup": program.waves_per_workgroup, "sources": dict(pk.resource_sources)},
        "occupancy": {"waves_per_simd": occ.waves_per_simd, "limited_by": occ.limited_by,
                      "vgpr_limit": occ.vgpr_limit, "lds_limit": occ.lds_limit,
                      "workgroup_limit": occ.workgroup_limit, "workgroups_per_cu": occ.workgroups_per_cu},
        "hot_loop": _hot_loop_section(pk, hot),
        "mfma": _mfma_section(pk, hot),
        "lds_accesses": _lds_section(pk, hot),
        "grid": list(program.grid),
        "grid_source": pk.grid_source,
        "pointer_roles": [{"argument": origin, "role": r.name, "how": r.how} for origin, r in pk.arg_roles.items()],
        "tile": "x".join(str(x) for x in pk.tile) if pk.tile else None,
        "tile_source": pk.tile_source,
        "branches": [{"line": line, "choice": text} for line, text in sorted(pk.facts[0].branches.items())],
        "assumptions": [{"line": line, "what": text} for line, text in sorted(pk.assumptions.items())],
        "unknown_instructions": [{"line": line, "what": text} for line, text in sorted(pk.unknown_instructions.items())],
        "notes": list(pk.notes) + sorted({n for f in pk.facts for n in f.notes}),
    }


def _hot_loop_section(pk: ParsedKernel, hot: Loop | None) -> dict | None:
    if hot is None:
        return None
    mix = loop_mix(hot.body, weighted=False)   # one walk through the body, as the code reads
    facts = pk.facts[0].loops.get(hot.name)
    markers = _markers_in(pk, facts)
    return {
        "name": hot.name,
        "lines": [facts.first_line, facts.last_line] if facts else None,
        "trip_count": hot.trip_count,
        "trip_source": pk.trip.source if pk.trip else "",
        "counts": _load_counts_by_opcode(mix.guide_counts(), hot.body),
        "instructions": mix.instructions,
        "mfma_ratio": round(mix.mfma_ratio, 4),
        "mfma_ratio_verdict": mix.mfma_ratio_verdict,
        "memory_ratio": round(mix.memory_ratio, 4),
        "memory_ratio_verdict": mix.memory_ratio_verdict,
        "sched_group_barriers": sum(1 for m in markers if m.kind == "sched_group_barrier"),
        "sched_barriers": sum(1 for m in markers if m.kind == "sched_barrier"),
    }


GLOBAL_LOAD_PREFIXES = ("global_load", "flat_load")   # loads through a flat/global address, not a buffer descriptor


def _load_counts_by_opcode(counts: dict[str, int], body) -> dict[str, int]:
    """The guide's buffer_load count holds buffer_load* only; global_load / flat_load are counted apart."""
    global_loads = sum(1 for instr, _ in walk(body)
                       if instr.op in (Op.VMEM_LOAD, Op.LDS_DMA) and instr.opcode.startswith(GLOBAL_LOAD_PREFIXES))
    out = dict(counts)
    out["buffer_load"] = counts["buffer_load"] - global_loads
    out["global_load"] = global_loads
    return out


def _markers_in(pk: ParsedKernel, facts) -> list[Marker]:
    if facts is None:
        return []
    loop = next((lp for lp in pk.cfg.loops if pk.cfg.blocks[lp.header].first_line == facts.header_line), None)
    if loop is None:
        return []
    return [s for b in sorted(loop.blocks) for s in pk.cfg.blocks[b].statements if isinstance(s, Marker)]


def _mfma_section(pk: ParsedKernel, hot: Loop | None) -> list[dict]:
    rows: dict[str, dict] = {}
    in_hot = {i.tag.split(":")[0] for i, _ in walk(hot.body)} if hot else set()
    for instr in pk.source.instructions:
        c = pk.classified[id(instr)]
        if c.op != Op.MFMA:
            continue
        row = rows.setdefault(instr.mnemonic, {"opcode": instr.mnemonic, "count": 0, "in_hot_loop": 0,
                                               "cycles": c.cycles, "cycles_source": c.mfma.source if c.mfma else c.note})
        shape = mfma_shape(instr.mnemonic, instr)
        if shape is not None:
            row.update(m=shape.m, n=shape.n, k=shape.k, blocks=shape.blocks, dtype_a=shape.dtype_a,
                       dtype_b=shape.dtype_b)
        row["count"] += 1
        if f"line {instr.lineno}" in in_hot:
            row["in_hot_loop"] += 1
    return [rows[k] for k in sorted(rows)]


def _lds_section(pk: ParsedKernel, hot: Loop | None) -> list[dict]:
    """Each LDS instruction on the walked path, with its worst bank cost over the waves."""
    in_hot = {i.tag.split(":")[0] for i, _ in walk(hot.body)} if hot else set()
    rows: dict[int, dict] = {}
    for wave, items in enumerate(pk.program.waves):
        for instr, _ in walk(items):
            if instr.op not in (Op.LDS_READ, Op.LDS_WRITE):
                continue
            line = int(instr.tag.split(":")[0].split()[1])
            row = rows.setdefault(line, {"line": line, "opcode": instr.opcode, "width_bits": instr.width_bits,
                                         "in_hot_loop": f"line {line}" in in_hot, "known": True})
            if instr.lane_offsets is None:
                row["known"] = False
                row["reason"] = pk.facts[wave].lds_unresolved.get(line, "unknown")
                continue
            try:
                cost = lds_cost(instr, pk.gpu.lds)
            except HardwareFileError as e:
                row["known"], row["reason"] = False, str(e)
                continue
            cycles, phases, conflicts, ways = cost
            if "conflict_cycles" not in row or conflicts > row["conflict_cycles"]:
                row.update(cycles=cycles, phases=phases, conflict_cycles=conflicts, max_ways=ways, worst_wave=wave)
    return [rows[k] for k in sorted(rows)]
