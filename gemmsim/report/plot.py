"""The replayed CU's timeline as a picture: one row per wave and per unit (matplotlib, Agg)."""

from __future__ import annotations

from pathlib import Path

from gemmsim.files import write_atomically
from gemmsim.model.resource import Span
from gemmsim.model.stalls import REASONS
from gemmsim.report.trace import _track_key

CATEGORY_COLORS = {"MFMA": "#d62728", "LDS": "#1f77b4", "global memory": "#2ca02c", "VALU": "#ff7f0e",
                   "scalar": "#9467bd", "other": "#7f7f7f", "wait vmcnt": "#b5e3b5", "wait lgkmcnt": "#b9d3ee",
                   "wait barrier": "#d9d9d9"}
# a wait the timeline draws (`wait <reason>`) takes its group's colour
WAIT_KIND = {r.name: f"wait {r.group}" for r in REASONS if r.drawn}


def category(name: str) -> str:
    """What kind of work a span is, from its opcode (or `wait ...` for a stall)."""
    if name.startswith("wait "):
        return WAIT_KIND.get(name[5:], "other")
    if "mfma" in name:
        return "MFMA"
    if name.startswith("ds_"):
        return "LDS"
    if name.startswith(("buffer_", "global_")):
        return "global memory"
    if name.startswith("v_"):
        return "VALU"
    if name.startswith("s_"):
        return "scalar"
    return "other"


def draw_timeline(ax, spans: list[Span], title: str = "") -> None:
    """Draw the spans onto a matplotlib Axes: one row per wave and per unit, coloured by kind of work."""
    import matplotlib.pyplot as plt

    tracks = sorted({s.track for s in spans}, key=_track_key)
    row = {t: i for i, t in enumerate(tracks)}
    bars: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for s in spans:
        bars.setdefault((s.track, category(s.name)), []).append((s.start, max(s.end - s.start, 0.5)))
    for (track, kind), spans_of_kind in sorted(bars.items()):
        ax.broken_barh(spans_of_kind, (row[track] - 0.4, 0.8), facecolors=CATEGORY_COLORS[kind], linewidth=0)
    ax.set_yticks(range(len(tracks)))
    ax.set_yticklabels(tracks, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("cycle")
    ax.set_ylabel("wave / unit")
    ax.set_title(title or "compute-unit timeline", fontsize=9)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in CATEGORY_COLORS.values()]
    ax.legend(handles, list(CATEGORY_COLORS), fontsize=7, loc="upper right")


def plot_timeline(path: str | Path, spans: list[Span], title: str = "") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tracks = {s.track for s in spans}
    fig, ax = plt.subplots(figsize=(14, 0.28 * len(tracks) + 1.5))
    draw_timeline(ax, spans, title)
    fig.tight_layout()
    write_atomically(path, writer=lambda tmp: fig.savefig(tmp, dpi=110))
    plt.close(fig)
