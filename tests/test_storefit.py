"""gemmsim.validate.storefit: the store costs read off the `epilogue` microbenchmark group, and the
store rule the H200 description takes from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from gemmsim.errors import InputError
from gemmsim.hw import load_gpu
from gemmsim.ir.program import L1Access, Instr, Op
from gemmsim.model.stream import l1_cycles
from gemmsim.validate.microbench import Row, read_microbench
from gemmsim.validate.storefit import PAIR_SHAPES, WORD_SHAPES, fit_rows, main

MEASURED = Path(__file__).parents[1] / "validation" / "results" / "h200" / "microbench_epilogue.csv"


def _synthetic(per_sector: float, per_line: float, floor: float, l2_bytes_per_s: float, sms: int = 132) -> list[Row]:
    rows = []
    for shape, (sectors, lines) in {**WORD_SHAPES, **PAIR_SHAPES}.items():
        cycles = max(floor, per_sector * sectors + per_line * lines)
        for reps in (0, 1, 2, 4):
            rows.append(Row(f"store_{shape}", "reps", reps, "block_cycles", 100 + reps * 4 * 32 * cycles, 1980))
    for m_rep, n_rep in ((4, 4), (8, 4)):
        stores = 4 * m_rep * n_rep * 4
        for reps in (0, 1, 2, 4):
            us = 3.0 + reps * sms * stores * 8 * 32 / l2_bytes_per_s * 1e6
            rows.append(Row(f"epilogue_m{m_rep}_n{n_rep}_b{sms}", "reps", reps, "event_time_us", us, 1980))
    return rows


def test_recovers_the_parameters_it_was_built_from():
    fit = fit_rows(_synthetic(1.5, 0.5, 9.0, 1.5e12), 132)
    assert (fit.per_sector, fit.per_line, fit.min_cycles) == pytest.approx((1.5, 0.5, 9.0))
    assert fit.l2_bytes_per_s == pytest.approx(1.5e12)


def test_the_epilogue_series_must_be_on_every_sm():
    with pytest.raises(InputError, match="--sms"):
        fit_rows(_synthetic(1.0, 1.0, 7.0, 2e12, sms=16), 132)


def test_the_description_holds_what_the_committed_rows_give():
    fit = fit_rows(read_microbench(MEASURED), 132)
    mem = load_gpu("h200").memory
    assert (mem.l1_store_cycles_per_sector, mem.l1_store_cycles_per_line, mem.l1_store_min_cycles) == pytest.approx(
        (fit.per_sector, fit.per_line, fit.min_cycles), abs=0.005)
    assert mem.l2_store_bytes_per_s == pytest.approx(fit.l2_bytes_per_s, rel=0.001)
    # every fitted shape within 3 % of its measured cycles
    for shape, sectors, lines, cycles in fit.per_shape:
        if shape in WORD_SHAPES:
            assert fit.cycles(sectors, lines) == pytest.approx(cycles, rel=0.03), shape


def _store(lane_addresses) -> Instr:
    sectors = tuple(sorted({a // 32 * 32 for a in lane_addresses}))
    return Instr(Op.VMEM_STORE, "STG.E", width_bits=32, l1=L1Access(len({s // 128 for s in sectors}), sectors))


def test_a_store_holds_the_pipe_a_cycle_per_sector_and_per_line_on_the_h200_only():
    h200, mi300x = load_gpu("h200"), load_gpu("mi300x")
    epilogue = _store([(lane // 4) * 2048 + 8 * (lane % 4) for lane in range(32)])   # the GEMM's C store: 8 rows
    assert l1_cycles(epilogue, h200) == 16                     # 8 sectors + 8 lines
    assert l1_cycles(_store(range(0, 128, 4)), h200) == 8      # one line: the floor (7.62)
    load = Instr(Op.VMEM_LOAD, "LDG.E", width_bits=32, l1=L1Access(8, epilogue.l1.touched_offsets))
    assert l1_cycles(load, h200) == 8                          # loads keep a cycle per line
    assert l1_cycles(epilogue, mi300x) == 8                    # no store rule in the description: as a load


def test_a_missing_file_is_one_line_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "none.csv")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
