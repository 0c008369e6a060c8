"""The text around the rows of `gemmsim shapes` and `gemmsim trace`: the headline above the table,
the list of model presets, and the choice among table, CSV and JSON forms of the same rows."""

from __future__ import annotations

from gemmsim.report.rows import format_csv, format_json, format_table


def format_rows(rows: list[dict], meta: dict, header: str, form: str) -> str:
    """`form` is "json" (meta plus rows), "csv" (rows only) or "table" (header then rows)."""
    if form == "json":
        return format_json({**meta, "rows": rows})
    if form == "csv":
        return format_csv(rows)
    return f"{header}\n{format_table(rows)}\n"


def format_presets(presets: dict) -> str:
    return "\n".join(f"{name:12} d_model {m.d_model:6} d_ff {m.d_ff:6} heads {m.heads:3}/{m.kv_heads:<3}"
                     f" layers {m.layers:3} vocab {m.vocab:6} mlp {m.mlp:5}  ({m.source})"
                     for name, m in presets.items())


def _sources(rows: list[dict]) -> str:
    return ", ".join(sorted({r["pred_source"] for r in rows}))


def shapes_header(model_name: str, work, dtype: str, rows: list[dict], gpu: str | None) -> str:
    header = (f"{model_name}: {work.mode}, batch {work.batch}, seq {work.seq}"
              + (f", {work.decode_steps} decode steps" if work.decode_steps else "")
              + f", {dtype}; {sum(r['count'] for r in rows)} GEMM calls in {len(rows)} distinct shapes")
    if gpu:
        total = sum(r["pred_total_us"] or 0.0 for r in rows)
        header += f"\ncost on {gpu} ({_sources(rows)}): {total / 1e3:.3f} ms"
    return header


def trace_header(trace, compute_units: int | None) -> str:
    measured = sum(g.kernel_time_us for g in trace.groups)
    return (f"{trace.path}: {trace.gemm_ops} GEMM ops in {len(trace.groups)} groups, "
            f"{measured:.1f} us of GEMM kernels on {trace.device_name or 'an unnamed device'}"
            f" ({compute_units or '?'} CUs)" + (f"; {trace.skipped_ops} GEMM ops without recorded shapes skipped"
                                                if trace.skipped_ops else ""))


def cost_label(gpu: str, rows: list[dict]) -> str:
    """The legend of a plotted cost: the GPU and where its numbers came from."""
    return f"{gpu} ({_sources(rows)})"
