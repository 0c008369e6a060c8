"""`gemmsim analyze`: everything the static analysis and the generated stream say about a
configuration, as one JSON-ready dict and as a readable table."""

from __future__ import annotations

from tabulate import tabulate

from gemmsim.analytics.hot_loop import hot_loop_mix, hot_loop_section, lds_conflicts_by_access
from gemmsim.frontends.preshuffle.analysis import per_tile_counts
from gemmsim.frontends.preshuffle.analysis import WAVES_PER_BLOCK, TileAnalysis
from gemmsim.hw import GPU
from gemmsim.ir.program import Program

SECTION_TITLES = {"tile": "Tile", "mfma": "MFMA", "grid": "Grid", "lds": "LDS", "vgpr": "VGPR",
                  "occupancy": "Occupancy", "per_tile": "Per K tile"}


def summarize(a: TileAnalysis, program: Program, gpu: GPU) -> dict:
    p, c = a.problem, a.config
    occ = a.occupancy
    problem = {"m": p.m, "n": p.n, "k": p.k, "dtype": p.dtype, "gflop": round(p.flops / 1e9, 3)}
    config = {"tile": c.tile, "lds_stage": c.lds_stage, "swizzle": c.swizzle, "copy": c.copy,
              "epilogue": c.epilogue, "waves_per_eu": c.waves_per_eu}
    if p.batch > 1:      # written only where they are not the default, so other reports keep their keys
        problem["batch"] = p.batch
    if c.split_k > 1:
        config["split_k"] = c.split_k
    return {
        "problem": problem,
        "config": config,
        "gpu": {"name": gpu.name, "arch": gpu.arch, "compute_units": gpu.compute_units},
        "tile": {"m_repeat": a.m_repeat, "n_per_wave": a.n_per_wave, "num_acc_n": a.num_acc_n,
                 "k_unroll": a.k_unroll, "tile_k_bytes": a.tile_k_bytes, "k_tiles": a.k_tiles},
        "mfma": {"instruction": a.mfma.opcode, "cycles": a.mfma.cycles, "per_k64_step": a.mfma_per_k_step,
                 "per_tile_per_wave": a.mfma_per_tile, "per_block_per_wave": a.mfma_per_block,
                 "per_block_all_waves": a.mfma_per_block * WAVES_PER_BLOCK},
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
        "hot_loop": hot_loop_section(hot_loop_mix(program)),
        "lds_bank_conflicts": lds_conflicts_by_access(program, gpu),
    }


SECTION_TITLES = {"tile": "Tile", "mfma": "MFMA", "grid": "Grid", "lds": "LDS", "vgpr": "VGPR",
                  "occupancy": "Occupancy", "per_tile": "Per tile"}


def format_table(s: dict) -> str:
    p, c = s["problem"], s["config"]
    batch = f"{p['batch']}x" if "batch" in p else ""
    split = f" split_k={c['split_k']}" if "split_k" in c else ""
    lines = [f"{batch}{p['m']}x{p['n']}x{p['k']} {p['dtype']}  tile {c['tile']}  on {s['gpu']['name']} ({s['gpu']['arch']})"
             f"  lds_stage={c['lds_stage']} swizzle={'on' if c['swizzle'] else 'off'} copy={c['copy']}"
             f" epilogue={c['epilogue']}{split}"]
    for key, title in SECTION_TITLES.items():
        lines += [title, _key_values(s[key])]
    if s["hot_loop"]:
        h = dict(s["hot_loop"])
        h["counts"] = ", ".join(f"{k} {v}" for k, v in h["counts"].items())
        lines += ["Hot loop (2 K tiles per iteration)", _key_values(h)]
    lines.append("LDS bank conflicts (hot loop, wave 0)")
    rows = [[r["opcode"], r["what"], r["count"], r["cycles"], r["phases"], r["conflict_cycles"], r["max_ways"]]
            for r in s["lds_bank_conflicts"]]
    lines.append(_indent(tabulate(rows, headers=["opcode", "what", "count", "cycles", "phases", "conflict", "ways"],
                                  tablefmt="plain")))
    return "\n".join(lines)


def _key_values(rows: dict) -> str:
    return _indent(tabulate([[k, v] for k, v in rows.items()], tablefmt="plain", disable_numparse=True))


def _indent(text: str, prefix: str = "  ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())
