"""Rows (lists of dicts) as an aligned text table, CSV, JSON, or a bar chart of time by group.

Functions return text or write the named file; printing is left to the CLI.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.files import write_atomically
from gemmsim.jsonable import versioned

_MAX_CELL = 48  # table cells longer than this are cut (CSV and JSON keep them whole)


def _cell(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 1e4 else f"{value:.0f}"
    text = str(value)
    return text if len(text) <= _MAX_CELL else text[:_MAX_CELL - 3] + "..."


def columns_of(rows: list[dict]) -> list[str]:
    """Every key of the rows, in first-seen order."""
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(row))
    return list(seen)


def format_table(rows: list[dict]) -> str:
    if not rows:
        return "(no rows)"
    cols = columns_of(rows)
    cells = [[_cell(row.get(c)) for c in cols] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(cols)]
    numeric = [all(isinstance(row.get(c), (int, float)) or row.get(c) is None for row in rows) for c in cols]
    def line(values):
        return "  ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)).rstrip()
    return "\n".join([line(cols), line(["-" * w for w in widths])] + [line(r) for r in cells])


def format_key_values(row: dict) -> str:
    """One row as `key  value` lines (for single results such as dimeff)."""
    width = max(len(k) for k in row)
    return "\n".join(f"{k.ljust(width)}  {_cell(v)}" for k, v in row.items())


def format_csv(rows: list[dict]) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns_of(rows), lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: ("" if v is None else v) for k, v in row.items()} for row in rows)
    return buf.getvalue()


def format_json(document: dict) -> str:
    """A JSON document of rows and what they are, `schema_version` first (docs/json_schema.md)."""
    return json.dumps(versioned(document), indent=2, ensure_ascii=False) + "\n"


def group_label(row: dict) -> str:
    batch = f" x{row['batch']}" if row.get("batch", 1) != 1 else ""
    who = row.get("name") or row.get("op", "")
    return f"{who} {row['M']}x{row['N']}x{row['K']}{batch} {row.get('trans', '')} {row.get('phase', '')}".strip()


def plot_times(rows: list[dict], bars: dict[str, str], path: str | Path, title: str, top: int = 30) -> None:
    """Horizontal bars of time by GEMM group; `bars` maps a column (µs) to its legend label."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bars = {col: label for col, label in bars.items() if any(r.get(col) is not None for r in rows)}
    if not bars:
        raise InputError("--plot: no times to plot (for shapes, give --gpu)")
    key = next(iter(bars))
    shown = sorted(rows, key=lambda r: -(r.get(key) or 0.0))[:top]
    labels = [group_label(r) for r in shown]
    height = 0.8 / len(bars)
    fig, ax = plt.subplots(figsize=(10, 1.2 + 0.32 * len(shown)))
    for j, (col, label) in enumerate(bars.items()):
        ys = [i + j * height for i in range(len(shown))]
        ax.barh(ys, [r.get(col) or 0.0 for r in shown], height=height, label=label)
    ax.set_yticks([i + height * (len(bars) - 1) / 2 for i in range(len(shown))])
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("time (µs)")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        write_atomically(path, writer=lambda tmp: fig.savefig(tmp, dpi=120, metadata={"Software": None}))
    except OSError as e:
        raise InputError(f"--plot {path}: cannot write: {e.strerror or e}") from None
    finally:
        plt.close(fig)
