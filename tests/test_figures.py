"""The drawing functions the notebook uses draw onto a caller's Axes, titled and labelled."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from gemmsim.analytics.lds_banks import bank_load  # noqa: E402
from gemmsim.functional.layout import draw_layout, instruction_layout  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.model.resource import Span  # noqa: E402
from gemmsim.report.lds_plot import draw_bank_load  # noqa: E402
from gemmsim.report.plot import CATEGORY_COLORS, draw_timeline, plot_timeline  # noqa: E402


def test_timeline_one_row_per_track_coloured_by_kind(tmp_path):
    spans = [Span("wg0.wave0", "v_mfma_f32_16x16x32_fp8_fp8", 0, 16), Span("lds", "ds_read_b128", 4, 12),
             Span("wg0.wave0", "wait lgkmcnt", 16, 20)]
    fig, ax = plt.subplots()
    draw_timeline(ax, spans, "two tracks")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["wg0.wave0", "lds"]
    assert ax.get_title() == "two tracks" and ax.get_xlabel() == "cycle" and ax.get_ylabel()
    colours = {tuple(c.get_facecolor()[0]) for c in ax.collections}
    assert colours == {matplotlib.colors.to_rgba(CATEGORY_COLORS[k]) for k in ("MFMA", "LDS", "wait lgkmcnt")}
    plt.close(fig)
    plot_timeline(tmp_path / "t.png", spans)
    assert (tmp_path / "t.png").stat().st_size > 0


def test_bank_load_heatmap_shows_the_grid():
    lds = load_gpu("mi300x").lds
    load = bank_load([lane * 128 for lane in range(64)], 128, "read", lds)
    fig, ax = plt.subplots()
    draw_bank_load(ax, load, "stride 128")
    assert ax.images[0].get_array().shape == (len(load), lds.banks)
    assert ax.get_title() == "stride 128" and ax.get_xlabel() == "bank" and ax.get_ylabel()
    plt.close(fig)


def test_layout_panels_titled_and_labelled():
    lay = instruction_layout(load_gpu("mi300x"), "v_mfma_f32_16x16x32_fp8_fp8")
    fig, axes = plt.subplots(1, 3)
    draw_layout(axes, lay, labels=False)
    assert [ax.get_title() for ax in axes] == ["A (16 x 32): lane", "B (32 x 16): lane", "C (16 x 16): lane:register"]
    assert all(ax.get_xlabel() and ax.get_ylabel() and not ax.texts for ax in axes)
    plt.close(fig)
