"""validation.analyses.l2kept: a series that leaves its hit line past a size is kept whole up to the size
before it; bad input is one line and exit 2."""

from __future__ import annotations

import pytest

from gemmsim.errors import InputError
from validation.analyses import l2kept
from gemmsim.measurements.microbench import read_microbench
from tests.test_memfit import write_rows

MIB = 1 << 20


def series(mode: str, group: int, whole_mib: int) -> list[tuple]:
    """Warm times on a hit line (4 us + 0.12 us per MiB) up to whole_mib, then 1.5 times it."""
    rows = []
    for size in (8, 16, 24, 32, 40, 48, 56, 64, 96):
        t = 4.0 + 0.12 * size
        rows.append((f"l2_slices_{mode}_g{group}", "buffer_bytes", size * MIB, "warm_us", t if size <= whole_mib else 1.5 * t))
        rows.append((f"l2_slices_{mode}_g{group}", "buffer_bytes", size * MIB, "cold_us", 2 * t))
    return rows


def test_the_size_kept_whole_is_the_last_on_the_hit_line(tmp_path):
    path = write_rows(tmp_path / "slices.csv", series("near", 1, 40) + series("spread", 2, 32))
    fits = {f.name: f for f in l2kept.fit_rows(read_microbench(path))}
    assert fits["l2_slices_near_g1"].whole_up_to == 40 * MIB
    assert fits["l2_slices_spread_g2"].whole_up_to == 32 * MIB
    assert dict(fits["l2_slices_near_g1"].ratios)[48 * MIB] == pytest.approx(1.5)
    assert "whole up to" in l2kept.report(tuple(fits.values()))


def test_a_file_without_slices_rows_is_refused(tmp_path, capsys):
    path = write_rows(tmp_path / "other.csv", [("chase", "buffer_bytes", 8192, "latency_cycles", 40.0)])
    with pytest.raises(InputError, match="no l2_slices"):
        l2kept.fit_rows(read_microbench(path))
    assert l2kept.main([str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("l2kept: error:") and "\n" not in err


def test_a_series_needs_two_sizes_on_the_hit_line(tmp_path):
    rows = [r for r in series("near", 1, 40) if r[2] >= 24 * MIB]
    with pytest.raises(InputError, match="two sizes up to 24 MiB"):
        l2kept.fit_rows(read_microbench(write_rows(tmp_path / "s.csv", rows)))
