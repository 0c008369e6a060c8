"""validation.analyses.storefit: the store costs read off the `epilogue` microbenchmark group, and the
store rule the H200 description takes from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from gemmsim.errors import InputError
from gemmsim.hw import load_gpu
from gemmsim.ir.program import L1Access, Instr, Op
from gemmsim.model.stream import l1_cycles
from gemmsim.measurements.microbench import Row, read_microbench
from validation.analyses.storefit import PAIR_SHAPES, WORD_SHAPES, fit_rows, main

MEASURED = Path(__file__).parents[1] / "validation" / "results" / "h200" / "microbench_epilogue.csv"


def _synthetic(per_line: float, per_partial: float, code: float, l2_bytes_per_s: float, sms: int = 132) -> list[Row]:
    rows = []
    for shape, (lines, partial) in {**WORD_SHAPES, **PAIR_SHAPES}.items():
        cycles = max(code, (2 if shape in PAIR_SHAPES else 1) * (per_line * lines + per_partial * partial))
        for reps in (0, 1, 2, 4):
            rows.append(Row(f"store_{shape}", "reps", reps, "block_cycles", 100 + reps * 4 * 32 * cycles, 1980))
    for m_rep, n_rep in ((4, 4), (8, 4)):
        stores = 4 * m_rep * n_rep * 4
        for reps in (0, 1, 2, 4):
            us = 3.0 + reps * sms * stores * 8 * 32 / l2_bytes_per_s * 1e6
            rows.append(Row(f"epilogue_m{m_rep}_n{n_rep}_b{sms}", "reps", reps, "event_time_us", us, 1980))
    return rows


def test_recovers_the_parameters_it_was_built_from_past_the_kernels_own_limit():
    fit = fit_rows(_synthetic(1.5, 0.5, 5.0, 1.5e12), 132)
    assert (fit.per_line, fit.per_partial_sector, fit.code_bound) == pytest.approx((1.5, 0.5, 5.0))
    assert fit.l2_bytes_per_s == pytest.approx(1.5e12)
    assert not fit.fitted("line", 5.0) and fit.fitted("rows32_word", 64.0)


def test_the_epilogue_series_must_be_on_every_sm():
    with pytest.raises(InputError, match="--sms"):
        fit_rows(_synthetic(1.0, 1.0, 7.0, 2e12, sms=16), 132)


def test_the_description_holds_what_the_committed_rows_give():
    fit = fit_rows(read_microbench(MEASURED), 132)
    mem = load_gpu("h200").memory
    assert (mem.l1_store_cycles_per_line, mem.l1_store_cycles_per_partial_sector) == pytest.approx(
        (fit.per_line, fit.per_partial_sector), abs=0.005)
    assert mem.l2_store_bytes_per_s == pytest.approx(fit.l2_bytes_per_s, rel=0.001)
    for shape, lines, partial, cycles in fit.per_shape:
        if fit.fitted(shape, cycles):          # every fitted shape within 3 % of its measured cycles
            assert fit.cycles(lines, partial) == pytest.approx(cycles, rel=0.03), shape
        elif shape in WORD_SHAPES:             # the kernel's code bounds the rest: the rule stays under it
            assert fit.cycles(lines, partial) < cycles, shape


def _store(lane_addresses) -> Instr:
    sectors = tuple(sorted({a // 32 * 32 for a in lane_addresses}))
    partial = sum(len({a % 32 for a in lane_addresses if a // 32 * 32 == s}) < 8 for s in sectors)
    return Instr(Op.VMEM_STORE, "STG.E", width_bits=32, l1=L1Access(len({s // 128 for s in sectors}), sectors, partial))


def test_a_store_holds_the_pipe_a_cycle_per_line_and_per_partial_sector_on_the_h200_only():
    h200, mi300x = load_gpu("h200"), load_gpu("mi300x")
    epilogue = _store([(lane // 4) * 2048 + 8 * (lane % 4) for lane in range(32)])   # the GEMM's C store: 8 rows
    assert epilogue.l1.partial == 8 and l1_cycles(epilogue, h200) == 16             # 8 lines + 8 partial sectors
    assert l1_cycles(_store(range(0, 128, 4)), h200) == 1                           # one line of whole sectors
    load = Instr(Op.VMEM_LOAD, "LDG.E", width_bits=32, l1=L1Access(8, epilogue.l1.touched_offsets))
    assert l1_cycles(load, h200) == 8                          # loads keep a cycle per line
    assert l1_cycles(epilogue, mi300x) == 8                    # no store rule in the description: as a load


def test_the_sm90_stream_counts_the_sectors_a_store_writes_in_part():
    from gemmsim.frontends.sm90.common import global_access
    mem = load_gpu("h200").memory
    half = global_access(mem, Op.VMEM_STORE, "STG.E", "C", [8 * lane for lane in range(32)], 4, "every other word")
    whole = global_access(mem, Op.VMEM_STORE, "STG.E", "C", [4 * lane for lane in range(32)], 4, "a line")
    load = global_access(mem, Op.VMEM_LOAD, "LDG.E", "A", [8 * lane for lane in range(32)], 4, "a load")
    assert (half.l1.partial, whole.l1.partial, load.l1.partial) == (8, 0, 0)


def test_a_missing_file_is_one_line_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "none.csv")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_fits_shape_table_is_what_the_microbenchmark_stores():
    """storefit's (lines, sectors written in part) per shape, against validation/microbench.py's
    STORE_SHAPES as the sm_90 stream counts them: one 4-byte store instruction (the 8-byte lanes'
    pairs compile to two, each like the first word's)."""
    from gemmsim.frontends.sm90.common import global_access
    from validation.microbench import STORE_SHAPES

    mem = load_gpu("h200").memory
    shapes = {**WORD_SHAPES, **PAIR_SHAPES}
    assert set(shapes) == {name for name, *_ in STORE_SHAPES}
    for name, row_lanes, spread, words, active_rows in STORE_SHAPES:
        lanes = [(lane // row_lanes) * mem.l1_line_bytes + (lane % row_lanes) * spread * words * 4
                 for lane in range(32) if lane // row_lanes < active_rows]
        access = global_access(mem, Op.VMEM_STORE, "STG.E", "C", lanes, 4, name)
        lines = len({s // mem.l1_line_bytes for s in access.l1.touched_offsets})
        assert shapes[name] == (lines, access.l1.partial), name
        assert (name in PAIR_SHAPES) == (words == 2), name
