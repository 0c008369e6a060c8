"""`gemmsim isa`: the guide's main-loop analysis of a compiled kernel, as a JSON-ready dict and a table.

The FlyDSL GEMM guide reads a kernel's hot loop by counting its v_mfma, s_barrier, buffer_load,
ds_read and ds_write, and judges two ratios: MFMAs over all instructions (over 40% good, 30-40%
acceptable, under 30% too much overhead) and memory instructions over all (under 40% good, over
50% memory-dominant). Here the counts are per iteration of the path the walk took through the
loop (walker.py), occupancy comes from the kernel's real register and LDS allocation, and every
LDS access gets its bank-conflict cost from the lane addresses evaluated for each wave.
"""

from __future__ import annotations

from gemmsim.analytics.occupancy import occupancy
from gemmsim.errors import HardwareFileError
from gemmsim.frontends.amdgpu.classify import mfma_shape
from gemmsim.frontends.amdgpu.parser import Marker
from gemmsim.frontends.amdgpu.program import ParsedKernel
from gemmsim.model.lds_banks import instruction_report
from gemmsim.ir.program import Instr, Loop, Op, walk
from gemmsim.report.analyze import MEMORY_RATIO_GOOD, MEMORY_RATIO_HIGH, MFMA_RATIO_GOOD, MFMA_RATIO_OK

COUNTED = {"v_mfma": (Op.MFMA,), "s_barrier": (Op.BARRIER,), "buffer_load": (Op.VMEM_LOAD, Op.LDS_DMA),
           "ds_read": (Op.LDS_READ,), "ds_write": (Op.LDS_WRITE,), "s_waitcnt": (Op.WAITCNT,),
           "valu": (Op.VALU,), "salu": (Op.SALU,), "buffer_store": (Op.VMEM_STORE,)}
MEMORY_OPS = (Op.LDS_READ, Op.LDS_WRITE, Op.VMEM_LOAD, Op.LDS_DMA)


def lds_cost(instr: Instr, lds) -> tuple[int, int, int, int] | None:
    """(cycles, phases, conflict cycles, worst ways) of an LDS access, both halves of a read2/write2;
    None when its lane addresses are unknown."""
    r = instruction_report(instr, lds)
    return None if r is None else (r.cycles, r.phases, r.conflict_cycles, r.max_ways)


def analyze_parsed(pk: ParsedKernel) -> dict:
    program, gpu = pk.program, pk.gpu
    r = program.resources
    occ = occupancy(gpu, r.arch_vgprs, r.accum_vgprs, r.lds_bytes, program.waves_per_workgroup)
    hot = _find_loop(program.waves[0], pk.hot_loop)
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
        "tile": "x".join(str(x) for x in pk.tile) if pk.tile else None,
        "tile_source": pk.tile_source,
        "branches": [{"line": line, "choice": text} for line, text in sorted(pk.facts[0].branches.items())],
        "assumptions": [{"line": line, "what": text} for line, text in sorted(pk.assumptions.items())],
        "unknown_instructions": [{"line": line, "what": text} for line, text in sorted(pk.unknown_instructions.items())],
        "notes": list(pk.notes) + sorted({n for f in pk.facts for n in f.notes}),
    }


def _find_loop(items, name: str | None) -> Loop | None:
    for item in items:
        if isinstance(item, Loop):
            if item.name == name:
                return item
            inner = _find_loop(item.body, name)
            if inner is not None:
                return inner
    return None


def _hot_loop_section(pk: ParsedKernel, hot: Loop | None) -> dict | None:
    if hot is None:
        return None
    instrs = [i for i, _ in walk(hot.body)]
    total = len(instrs)
    counts = {key: sum(1 for i in instrs if i.op in ops) for key, ops in COUNTED.items()}
    memory = sum(1 for i in instrs if i.op in MEMORY_OPS)
    mfma_ratio = counts["v_mfma"] / total if total else 0.0
    memory_ratio = memory / total if total else 0.0
    facts = pk.facts[0].loops.get(hot.name)
    markers = _markers_in(pk, facts)
    return {
        "name": hot.name,
        "lines": [facts.first_line, facts.last_line] if facts else None,
        "trip_count": hot.trip_count,
        "trip_source": pk.trip.source if pk.trip else "",
        "counts": counts,
        "instructions": total,
        "mfma_ratio": round(mfma_ratio, 4),
        "mfma_ratio_verdict": ("good" if mfma_ratio > MFMA_RATIO_GOOD else
                               "acceptable" if mfma_ratio >= MFMA_RATIO_OK else "too much non-MFMA overhead"),
        "memory_ratio": round(memory_ratio, 4),
        "memory_ratio_verdict": ("good overlap" if memory_ratio < MEMORY_RATIO_GOOD else
                                 "memory-dominant" if memory_ratio > MEMORY_RATIO_HIGH else "watch"),
        "sched_group_barriers": sum(1 for m in markers if m.kind == "sched_group_barrier"),
        "sched_barriers": sum(1 for m in markers if m.kind == "sched_barrier"),
    }


def _markers_in(pk: ParsedKernel, facts) -> list[Marker]:
    if facts is None:
        return []
    loop = next((l for l in pk.cfg.loops if pk.cfg.blocks[l.header].first_line == facts.header_line), None)
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


def format_analysis(a: dict) -> str:
    lines = [f"{a['kernel']}  ({a['file']}, {a['format']})  on {a['gpu']} ({a['arch']})"]
    r, o = a["resources"], a["occupancy"]
    lines.append(f"  registers        {r['arch_vgprs']} arch VGPRs + {r['accum_vgprs']} AGPRs, {r['sgprs']} SGPRs   "
                 f"[{r['sources']['vgprs']}]")
    lines.append(f"  LDS              {r['lds_bytes']} bytes   [{r['sources']['lds_bytes']}]")
    lines.append(f"  workgroup        {r['workgroup_size']} work-items = {r['waves_per_workgroup']} waves   "
                 f"[{r['sources']['workgroup_size']}]")
    lines.append(f"  occupancy        {o['waves_per_simd']} waves per SIMD, {o['workgroups_per_cu']} workgroups per CU "
                 f"(limited by {o['limited_by']})")
    h = a["hot_loop"]
    if h is None:
        lines.append("  hot loop         none (no loop in the kernel)")
    else:
        c = h["counts"]
        lines.append(f"  hot loop         {h['name']}: {h['instructions']} instructions per iteration x {h['trip_count']}")
        lines.append(f"                   trip count: {h['trip_source']}")
        lines.append(f"    counts         v_mfma {c['v_mfma']}, s_barrier {c['s_barrier']}, buffer_load {c['buffer_load']}, "
                     f"ds_read {c['ds_read']}, ds_write {c['ds_write']}, s_waitcnt {c['s_waitcnt']}, "
                     f"valu {c['valu']}, salu {c['salu']}")
        lines.append(f"    MFMA ratio     {100 * h['mfma_ratio']:.1f}%  ({h['mfma_ratio_verdict']})")
        lines.append(f"    memory ratio   {100 * h['memory_ratio']:.1f}%  ({h['memory_ratio_verdict']})")
        if h["sched_group_barriers"] or h["sched_barriers"]:
            lines.append(f"    hints          {h['sched_group_barriers']} sched_group_barrier, "
                         f"{h['sched_barriers']} sched_barrier")
    for m in a["mfma"]:
        lines.append(f"  matrix           {m['opcode']}: {m['count']} in the kernel, {m['in_hot_loop']} in the hot loop, "
                     f"{m['cycles']} cycles [{m['cycles_source']}]")
    lines.append(f"  grid             {a['grid'][0]} x {a['grid'][1]} workgroups [{a['grid_source']}]")
    if a["lds_accesses"]:
        lines.append("  LDS accesses     line  opcode                 width  cycles  phases  conflicts  ways  hot")
        for row in a["lds_accesses"]:
            hot = "yes" if row["in_hot_loop"] else ""
            if not row["known"]:
                lines.append(f"                   {row['line']:>5}  {row['opcode']:<22} b{row['width_bits']:<4}  "
                             f"address unknown: {row.get('reason', '')}")
                continue
            lines.append(f"                   {row['line']:>5}  {row['opcode']:<22} b{row['width_bits']:<4}  "
                         f"{row['cycles']:>6}  {row['phases']:>6}  {row['conflict_cycles']:>9}  {row['max_ways']:>4}  {hot}")
    for key, title in (("assumptions", "assumed"), ("unknown_instructions", "unclassified")):
        if a[key]:
            lines.append(f"  {title:<16} {len(a[key])} lines, e.g. line {a[key][0]['line']}: {a[key][0]['what']}")
    for note in a["notes"]:
        lines.append(f"  note             {note}")
    return "\n".join(lines)
