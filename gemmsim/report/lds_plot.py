"""LDS bank load as a picture: which bank each phase of one access asks for, and how often."""

from __future__ import annotations


def draw_bank_load(ax, load: list[list[int]], title: str = "") -> None:
    """Heatmap of analytics.lds_banks.bank_load onto a matplotlib Axes: phases down, banks across,
    each cell the distinct dwords that phase asks of that bank (1: served in one cycle)."""
    import numpy as np

    grid = np.array(load)
    top = max(4, int(grid.max()))
    image = ax.imshow(grid, aspect="auto", interpolation="nearest", cmap="Reds", vmin=0, vmax=top)
    ax.set_yticks(range(grid.shape[0]))
    ax.set_xlabel("bank")
    ax.set_ylabel("phase (lanes served together)")
    ax.set_title(title or "LDS bank load", fontsize=9)
    ax.figure.colorbar(image, ax=ax, label="dwords asked of the bank", ticks=range(top + 1))
