"""`gemmsim analyze`: everything the static analysis and the generated stream say about a
configuration, as one JSON-ready dict and as a readable table."""

from __future__ import annotations

from gemmsim.frontends.preshuffle.analysis import TileAnalysis
from gemmsim.hw import GPU
from gemmsim.model.lds_banks import instruction_report
from gemmsim.ir.program import Op, Program, count_ops, hot_loop, walk

MFMA_RATIO_GOOD, MFMA_RATIO_OK = 0.40, 0.30      # the guide's hot-loop thresholds
MEMORY_RATIO_GOOD, MEMORY_RATIO_HIGH = 0.40, 0.50


def lds_conflicts_by_access(program: Program, gpu: GPU) -> list[dict]:
    """Conflict cost of each distinct LDS access of wave 0's hot loop (or whole stream without a loop)."""
    loop = hot_loop(program.waves[0])
    items = loop.body if loop else program.waves[0]
    rows: dict[tuple, dict] = {}
    for instr, _ in walk(items):
        report = instruction_report(instr, gpu.lds)
        if report is None:
            continue
        key = (instr.opcode, instr.tag.split(" k")[0].split(" m")[0], report.cycles, report.phases)
        row = rows.setdefault(key, {"opcode": instr.opcode, "what": key[1], "count": 0, "cycles": report.cycles,
                                    "phases": report.phases, "conflict_cycles": report.conflict_cycles,
                                    "max_ways": report.max_ways})
        row["count"] += 1
    return list(rows.values())


def hot_loop_mix(program: Program) -> dict:
    loop = hot_loop(program.waves[0])
    if loop is None:
        return {}
    counts = count_ops(loop.body)
    total = sum(counts.values())
    memory = sum(counts.get(op, 0) for op in (Op.LDS_READ, Op.LDS_WRITE, Op.VMEM_LOAD, Op.LDS_DMA))
    mfma_ratio, memory_ratio = counts.get(Op.MFMA, 0) / total, memory / total
    return {
        "trip_count": loop.trip_count,
        "counts": {op.value: n for op, n in sorted(counts.items(), key=lambda kv: kv[0].value)},
        "instructions": total,
        "mfma_ratio": round(mfma_ratio, 4),
        "mfma_ratio_verdict": "good" if mfma_ratio > MFMA_RATIO_GOOD else
                              "acceptable" if mfma_ratio >= MFMA_RATIO_OK else "too much non-MFMA overhead",
        "memory_ratio": round(memory_ratio, 4),
        "memory_ratio_verdict": "good overlap" if memory_ratio < MEMORY_RATIO_GOOD else
                                "memory-dominant" if memory_ratio > MEMORY_RATIO_HIGH else "watch",
    }


def per_tile_counts(a: TileAnalysis, program: Program) -> dict:
    """Generated hot-loop instructions per K tile beside the guide's formulas (which count 8-byte packs)."""
    loop = hot_loop(program.waves[0])
    counts = count_ops(loop.body) if loop else count_ops(program.waves[0])
    tiles = 2 if loop else a.k_tiles
    return {
        "mfma": counts.get(Op.MFMA, 0) // tiles,
        "ds_read_b128": counts.get(Op.LDS_READ, 0) // tiles,
        "ds_write": counts.get(Op.LDS_WRITE, 0) // tiles,
        "buffer_load": counts.get(Op.VMEM_LOAD, 0) // tiles,
        "lds_dma": counts.get(Op.LDS_DMA, 0) // tiles,
        "guide_mfma": a.guide_mfma_per_tile,
        "guide_ds_read_packs_8B": a.guide_ds_read_packs_per_tile,
        "guide_b_packs_8B": a.guide_b_packs_per_tile,
        "guide_a_loads": a.a_loads_per_tile,
    }


def summarize(a: TileAnalysis, program: Program, gpu: GPU) -> dict:
    p, c = a.problem, a.config
    occ = a.occupancy
    return {
        "problem": {"m": p.m, "n": p.n, "k": p.k, "dtype": p.dtype, "gflop": round(p.flops / 1e9, 3)},
        "config": {"tile": c.tile, "lds_stage": c.lds_stage, "swizzle": c.swizzle, "copy": c.copy,
                   "epilogue": c.epilogue, "waves_per_eu": c.waves_per_eu},
        "gpu": {"name": gpu.name, "arch": gpu.arch, "compute_units": gpu.compute_units},
        "tile": {"m_repeat": a.m_repeat, "n_per_wave": a.n_per_wave, "num_acc_n": a.num_acc_n,
                 "k_unroll": a.k_unroll, "tile_k_bytes": a.tile_k_bytes, "k_tiles": a.k_tiles},
        "mfma": {"instruction": a.mfma.opcode, "cycles": a.mfma.cycles, "per_k64_step": a.mfma_per_k_step,
                 "per_tile_per_wave": a.mfma_per_tile, "per_block_per_wave": a.mfma_per_block,
                 "per_block_all_waves": a.mfma_per_block * 4},
        "grid": {"blocks_m": a.grid_m, "blocks_n": a.grid_n, "blocks": a.blocks},
        "lds": {"a_tile_bytes": a.a_tile_bytes, "pipeline_bytes": a.lds_pipeline_bytes,
                "cshuffle_bytes": a.lds_cshuffle_bytes, "total_bytes": a.lds_bytes, "capacity_bytes": gpu.lds.lds_bytes},
        "vgpr": {"accumulators": a.vgpr.accumulators, "b_tile": a.vgpr.b_tile, "b_tiles_live": a.vgpr.b_tiles_live,
                 "a_prefetch": a.vgpr.a_prefetch, "a_tile": a.vgpr.a_tile, "addresses": a.vgpr.addresses,
                 "arch": a.vgpr.arch, "accum": a.vgpr.accum, "total": a.vgpr.total},
        "occupancy": {"waves_per_simd": occ.waves_per_simd, "limited_by": occ.limited_by,
                      "vgpr_limit": occ.vgpr_limit, "lds_limit": occ.lds_limit,
                      "workgroup_limit": occ.workgroup_limit, "workgroups_per_cu": occ.workgroups_per_cu},
        "per_tile": per_tile_counts(a, program),
        "hot_loop": hot_loop_mix(program),
        "lds_bank_conflicts": lds_conflicts_by_access(program, gpu),
    }


SECTION_TITLES = {"tile": "Tile", "mfma": "MFMA", "grid": "Grid", "lds": "LDS", "vgpr": "VGPR",
                  "occupancy": "Occupancy", "per_tile": "Per tile"}


def format_table(s: dict) -> str:
    lines = []

    def section(title: str, rows: dict) -> None:
        lines.append(title)
        for key, val in rows.items():
            lines.append(f"  {key:<24} {val}")

    p, c = s["problem"], s["config"]
    lines.append(f"{p['m']}x{p['n']}x{p['k']} {p['dtype']}  tile {c['tile']}  on {s['gpu']['name']} ({s['gpu']['arch']})"
                 f"  lds_stage={c['lds_stage']} swizzle={'on' if c['swizzle'] else 'off'} copy={c['copy']}"
                 f" epilogue={c['epilogue']}")
    for key, title in SECTION_TITLES.items():
        section(title, s[key])
    if s["hot_loop"]:
        h = dict(s["hot_loop"])
        h["counts"] = ", ".join(f"{k} {v}" for k, v in h["counts"].items())
        section("Hot loop (2 K tiles per iteration)", h)
    lines.append("LDS bank conflicts (hot loop, wave 0)")
    lines.append(f"  {'opcode':<16}{'what':<18}{'count':>6}{'cycles':>8}{'phases':>8}{'conflict':>10}{'ways':>6}")
    for r in s["lds_bank_conflicts"]:
        lines.append(f"  {r['opcode']:<16}{r['what']:<18}{r['count']:>6}{r['cycles']:>8}{r['phases']:>8}"
                     f"{r['conflict_cycles']:>10}{r['max_ways']:>6}")
    return "\n".join(lines)
