"""`gemmsim isa`: the guide's main-loop analysis of a compiled kernel (analytics.compiled_kernel), as text."""

from __future__ import annotations

from tabulate import tabulate


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
                     f"global_load {c['global_load']}, "
                     f"ds_read {c['ds_read']}, ds_write {c['ds_write']}, s_waitcnt {c['s_waitcnt']}, "
                     f"valu {c['valu']}, salu {c['salu']}")
        lines.append(f"    MFMA ratio     {100 * h['mfma_ratio']:.1f}%  ({h['mfma_ratio_verdict']})")
        lines.append(f"    memory ratio   {100 * h['memory_ratio']:.1f}%  ({h['memory_ratio_verdict']})")
        if h["sched_group_barriers"] or h["sched_barriers"]:
            lines.append(f"    hints          {h['sched_group_barriers']} sched_group_barrier, "
                         f"{h['sched_barriers']} sched_barrier")
    for m in a["mfma"]:
        lines.append(f"  MFMA             {m['opcode']}: {m['count']} in the kernel, {m['in_hot_loop']} in the hot loop, "
                     f"{m['cycles']} cycles [{m['cycles_source']}]")
    lines.append(f"  grid             {a['grid'][0]} x {a['grid'][1]} workgroups [{a['grid_source']}]")
    for r in a.get("pointer_roles", []):
        lines.append(f"  pointer          {r['argument']} is {r['role']} [{r['how']}]")
    if a["lds_accesses"]:
        lines.append("  LDS accesses")
        lines.append(_indent(_lds_table(a["lds_accesses"]), "    "))
    for key, title in (("assumptions", "assumed"), ("unknown_instructions", "unclassified")):
        if a[key]:
            lines.append(f"  {title:<16} {len(a[key])} lines, e.g. line {a[key][0]['line']}: {a[key][0]['what']}")
    for note in a["notes"]:
        lines.append(f"  note             {note}")
    return "\n".join(lines)


def _lds_table(rows: list[dict]) -> str:
    """One row per LDS instruction: its worst bank cost over the waves, or why its address is unknown."""
    body = []
    for row in rows:
        head = [row["line"], row["opcode"], f"b{row['width_bits']}"]
        if row["known"]:
            body.append(head + [row["cycles"], row["phases"], row["conflict_cycles"], row["max_ways"],
                                "yes" if row["in_hot_loop"] else ""])
        else:
            body.append(head + ["", "", "", "", "yes" if row["in_hot_loop"] else "",
                                f"address unknown: {row.get('reason', '')}"])
    headers = ["line", "opcode", "width", "cycles", "phases", "conflicts", "ways", "hot"]
    if any(not row["known"] for row in rows):
        headers.append("")
    return tabulate(body, headers=headers, tablefmt="plain")


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())
