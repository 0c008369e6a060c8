"""gemmsim.validate.storefit: the store costs read off the `epilogue` microbenchmark group."""

from __future__ import annotations

from pathlib import Path

import pytest

from gemmsim.errors import InputError
from gemmsim.validate.microbench import Row, read_microbench
from gemmsim.validate.storefit import SHAPE_SECTORS, fit_rows, main

MEASURED = Path(__file__).parents[1] / "validation" / "results" / "h200" / "microbench_epilogue.csv"


def _synthetic(per_sector: float, l2_bytes_per_s: float, sms: int = 132) -> list[Row]:
    rows = []
    for shape, sectors in SHAPE_SECTORS.items():
        for reps in (0, 1, 2, 4):
            rows.append(Row(f"store_{shape}", "reps", reps, "block_cycles", 100 + reps * 4 * 32 * sectors * per_sector, 1980))
    for m_rep, n_rep in ((4, 4), (8, 4)):
        stores = 4 * m_rep * n_rep * 4
        for reps in (0, 1, 2, 4):
            us = 3.0 + reps * sms * stores * 8 * 32 / l2_bytes_per_s * 1e6
            rows.append(Row(f"epilogue_m{m_rep}_n{n_rep}_b{sms}", "reps", reps, "event_time_us", us, 1980))
    return rows


def test_recovers_the_parameters_it_was_built_from():
    fit = fit_rows(_synthetic(2.5, 1.5e12), 132)
    assert fit.cycles_per_sector == pytest.approx(2.5)
    assert fit.l2_bytes_per_s == pytest.approx(1.5e12)


def test_the_epilogue_series_must_be_on_every_sm():
    with pytest.raises(InputError, match="--sms"):
        fit_rows(_synthetic(2.0, 2e12, sms=16), 132)


def test_measured_h200_stores_take_about_two_cycles_a_sector():
    fit = fit_rows(read_microbench(MEASURED), 132)
    assert 1.5 < fit.cycles_per_sector < 2.5
    # the GEMM's own C store (8 half-filled sectors) is within 5 % of the per-sector line
    half = next(c for shape, _, c in fit.per_shape if shape == "rows8_half")
    assert half == pytest.approx(8 * fit.cycles_per_sector, rel=0.05)


def test_a_missing_file_is_one_line_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "none.csv")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
