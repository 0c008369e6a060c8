"""Flat, printable rows for each analyst subcommand (one dict per row, columns in order).

The same rows feed the table, the CSV, the JSON and the plot, so the four never disagree.
Floats are rounded here, once, so that output is byte-identical from run to run.
"""

from __future__ import annotations

from gemmsim import dtypes, progress
from gemmsim.workloads.blas import BlasCall
from gemmsim.workloads.cost import gemm_cost
from gemmsim.kernel_names import MacroTile, parse_macro_tile
from gemmsim.workloads.shapes import GemmRow
from gemmsim.workloads.torch_trace import GemmGroup, TraceGemms
from gemmsim.analytics.dimeff import DimEfficiency, dim_efficiency
from gemmsim.analytics.roofline import ACHIEVABLE, Roofline, roofline
from gemmsim.hw import load_gpu


def _r(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def call_columns(call: BlasCall) -> dict:
    return {"M": call.m, "N": call.n, "K": call.k, "batch": call.batch, "trans": call.flags,
            "lda": call.lda, "ldb": call.ldb, "ldc": call.ldc}


def call_dim_efficiency(call: BlasCall, tile: MacroTile, compute_units: int) -> DimEfficiency:
    """Dimension efficiency (TraceLens: one tile per CU at a time) of a framework-view GEMM on a
    kernel's macro tile. A tile named by a column-major BLAS library runs along the library's m,
    the framework's N."""
    m, n = (call.n, call.m) if tile.blas_view else (call.m, call.n)
    return dim_efficiency(m, n, tile.m, tile.n, compute_units, batch=call.batch)


def dim_columns(eff: DimEfficiency | None, tile: MacroTile | None) -> dict:
    return {"tile": tile.label if tile else "", "tile_eff": _r(eff.tile_eff) if eff else None,
            "wq_eff": _r(eff.wq_eff) if eff else None, "dim_eff": _r(eff.dim_eff) if eff else None}


def cost_columns(call: BlasCall, dtype: str, gpu_name: str | None, count: int) -> dict:
    """Predicted time on the target GPU per call and for all calls; blank for unknown dtypes."""
    if not gpu_name:
        return {}
    if dtype not in dtypes.DTYPES:
        return {"pred_us": None, "pred_total_us": None, "pred_source": f"no model for dtype {dtype}"}
    cost = gemm_cost(call.m, call.n, call.k, dtype, gpu_name, call.batch)
    return {"pred_us": _r(cost.time_us, 3), "pred_total_us": _r(cost.time_us * count, 3), "pred_source": cost.source}


def shape_rows(rows: list[GemmRow], gpu_name: str | None = None, tile: MacroTile | None = None) -> list[dict]:
    """`gemmsim shapes`: each GEMM of the run; with a GPU its cost, with a tile its dim efficiency."""
    cus = load_gpu(gpu_name).compute_units if gpu_name and tile else None
    out = []
    for row in progress.track(rows, "cost per GEMM shape") if gpu_name else rows:
        item = {"phase": row.phase, "name": row.name, "op": row.op, **call_columns(row.call), "dtype": row.dtype,
                "count": row.count, "gflop": _r(row.call.flops / 1e9)}
        if tile and cus:
            item.update(dim_columns(call_dim_efficiency(row.call, tile, cus), tile))
        item.update(cost_columns(row.call, row.dtype, gpu_name, row.count))
        out.append(item)
    return out


def trace_rows(trace: TraceGemms, gpu_name: str | None = None, compute_units: int | None = None) -> list[dict]:
    """`gemmsim trace`: each group of identical GEMMs with measured time, dim efficiency, cost."""
    cus = compute_units or trace.device_compute_units
    groups = progress.track(trace.groups, "cost per GEMM group") if gpu_name else trace.groups
    return [_trace_row(g, cus, gpu_name) for g in groups]


def _trace_row(group: GemmGroup, cus: int | None, gpu_name: str | None) -> dict:
    call, total = group.call, group.kernel_time_us
    tile = parse_macro_tile(group.main_kernel) if group.main_kernel else None
    eff = call_dim_efficiency(call, tile, cus) if tile and cus else None
    row = {"op": group.op, "phase": group.phase, **call_columns(call), "dtype": group.dtype, "count": group.count,
           "kernel_us": _r(total, 3), "mean_us": _r(total / group.count, 3),
           "tflops": _r(call.flops * group.count / (total * 1e6), 2) if total > 0 else None,
           **dim_columns(eff, tile), "kernel": group.main_kernel,
           "note": _kernel_note(group)}
    row.update(cost_columns(call, group.dtype, gpu_name, group.count))
    return row


def _kernel_note(group: GemmGroup) -> str:
    notes = []
    names = " ".join(n for n, _ in group.kernel_names).lower()
    if "splitk" in names or "streamk" in names or "stream_k" in names:
        notes.append("split/stream-K: dim_eff not modelled")
    if len(group.kernel_names) > 1:
        notes.append(f"{len(group.kernel_names)} kernel names")
    if group.kernel_launches == 0:
        notes.append("no kernel found")
    return "; ".join(notes)


def dimeff_row(m: int, n: int, k: int, tile: MacroTile, gpu_name: str, dtype: str, batch: int = 1,
               compute_units: int | None = None, slots_per_cu: int = 1) -> dict:
    """`gemmsim dimeff`: the tile counts, the three efficiencies and the roofline (at the achievable
    HBM bandwidth) of one GEMM."""
    gpu = load_gpu(gpu_name)
    cus = compute_units or gpu.compute_units
    eff = dim_efficiency(m, n, tile.m, tile.n, cus, slots_per_cu=slots_per_cu, batch=batch)
    roof = roofline(m, n, k, dtype, gpu, ACHIEVABLE, batch=batch)
    return {"M": m, "N": n, "K": k, "batch": batch, "dtype": dtype, "gpu": gpu.name, "tile": tile.label,
            "tile_family": tile.family, "compute_units": cus, "slots_per_cu": eff.slots_per_cu,
            "tiles_m": eff.tiles_m, "tiles_n": eff.tiles_n,
            "num_tiles": eff.num_tiles, "waves": eff.waves, "tile_eff": _r(eff.tile_eff, 6),
            "wq_eff": _r(eff.wq_eff, 6), "dim_eff": _r(eff.dim_eff, 6), **_roofline_columns(roof)}


def _roofline_columns(roof: Roofline) -> dict:
    bound = "compute" if roof.flops_per_byte >= roof.ridge_flops_per_byte else "memory"
    return {"gflop": _r(roof.flops / 1e9), "mbytes": _r(roof.compulsory_bytes / 1e6),
            "flops_per_byte": _r(roof.flops_per_byte, 2), "ridge_flops_per_byte": _r(roof.ridge_flops_per_byte, 2),
            "bound": bound, "peak_tflops": _r(roof.peak_flops / 1e12, 2), "bandwidth": roof.bandwidth,
            "hbm_tb_per_s": _r(roof.bandwidth_bytes_per_s / 1e12, 3), "clock_mhz": roof.clock_mhz,
            "roofline_us": _r(roof.time_us, 3)}
