"""The control bits of the compiled sm_90 code (gemmsim.frontends.sm90.control) against what they
must say: loads set a write barrier that their consumers wait on, fixed-latency ALU ops set none,
dependent chains stall for the latencies the microbenchmarks measured."""

import re
from pathlib import Path

import pytest

from gemmsim.frontends.sm90.control import decode_control, describe
from gemmsim.frontends.sm90.sass_reader import hot_loop_controls, hot_loop_order, loops, parse_sass, read_sass
from gemmsim.measurements.rows import read_table

RESULTS = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200"
SASS = RESULTS / "sass"
LISTINGS = sorted(SASS.glob("*.sass"))
VARIABLE_LATENCY = ("LDG", "S2R")            # completion out of order: each needs its own barrier
FIXED_LATENCY = ("FFMA", "DFMA", "IADD3", "LOP3", "ISETP", "SHF", "LEA", "MOV", "HMMA")


def all_functions():
    for path in LISTINGS:
        yield from parse_sass(path.read_text()).items()


def measured(bench: str, metric: str, param: str) -> float:
    table = read_table(RESULTS / "microbench.csv", "microbenchmarks")
    rows = [r for r in table.rows if r.text("bench") == bench and r.text("metric") == metric
            and r.text("param_value") == param]
    assert len(rows) == 1
    return float(rows[0].text("value"))


def test_fields_of_a_hand_built_word():
    # stall 4, yield, write barrier 2, read barrier 1 (as 3 bits each), wait on barriers 0 and 5, reuse 0b0011
    word = (4 << 41) | (1 << 45) | (2 << 46) | (1 << 49) | (0b100001 << 52) | (0b0011 << 58) | 0x1234
    c = decode_control(word)
    assert (c.stall, c.yield_bit, c.write_barrier, c.read_barrier, c.wait_mask, c.reuse) == (4, True, 2, 1, 0b100001, 3)
    assert c.waits_on() == (0, 5)
    none = decode_control((7 << 46) | (7 << 49) | (1 << 41))
    assert none.write_barrier is None and none.read_barrier is None and describe(none) == "S01 W- R- M000000"


def test_every_instruction_of_every_listing_has_its_control():
    for name, instrs in all_functions():
        assert instrs and all(i.control is not None for i in instrs), name


def test_global_loads_and_s2r_set_a_write_barrier_and_fixed_latency_alu_ops_none():
    seen = {k: 0 for k in VARIABLE_LATENCY + FIXED_LATENCY}
    for name, instrs in all_functions():
        for i in instrs:
            if i.base in VARIABLE_LATENCY:
                assert i.control.write_barrier is not None, (name, hex(i.address), i.opcode)
                seen[i.base] += 1
            elif i.base in FIXED_LATENCY:
                assert i.control.write_barrier is None and i.control.read_barrier is None, (name, hex(i.address))
                seen[i.base] += 1
    assert all(seen[k] > 0 for k in ("LDG", "S2R", "FFMA", "HMMA", "ISETP"))


def _dest(operands: str) -> str | None:
    m = re.match(r"(R\d+)", operands)
    return m.group(1) if m else None


def _reads(operands: str, reg: str) -> bool:
    """`reg` among the sources (after the destination), or as the address of a store."""
    srcs = operands.split(",", 1)[1] if "," in operands else ""
    return re.search(rf"\b{reg}\b", srcs) is not None or re.match(rf"\[{reg}\b", operands) is not None


def test_the_first_reader_of_a_global_load_waits_on_its_write_barrier():
    """In straight-line code, the first instruction that reads an LDG's destination (or one before
    it) waits on the barrier the LDG set: the consumer cannot rely on a stall count."""
    checked = 0
    for name, instrs in all_functions():
        for k, load in enumerate(instrs):
            if load.base != "LDG" or load.predicate:
                continue
            reg, barrier, waited = _dest(load.operands), load.control.write_barrier, False
            for later in instrs[k + 1:]:
                if later.base in ("BRA", "EXIT", "BSYNC", "BSSY", "WARPSYNC", "CALL", "RET"):
                    break
                waited = waited or barrier in later.control.waits_on()
                if _reads(later.operands, reg):
                    assert waited, (name, hex(load.address), hex(later.address), describe(later.control))
                    checked += 1
                    break
    assert checked > 20


def test_the_tiled_kernels_shared_store_waits_on_the_global_load_it_stores():
    instrs = read_sass(SASS / "gemm_tiled_f32.sass")
    by_address = {i.address: i for i in instrs}
    load, store = by_address[0x2C0], by_address[0x3A0]      # LDG R24 ... ; STS [R19], R24
    assert load.base == "LDG" and store.base == "STS" and store.operands.endswith("R24")
    assert store.control.waits_on() == (load.control.write_barrier,)
    # the load's read barrier guards its address registers R6/R7: the IADD3 that advances R6 waits on it
    bump = by_address[0x350]
    assert bump.operands.startswith("R6,") and load.control.read_barrier in bump.control.waits_on()


def _loop_of(function: str, body_len: int):
    instrs = read_sass(SASS / "microbench_sm_90.sass", function)
    return next(lp for lp in loops(instrs) if len(lp.body) == body_len)


def test_a_dependent_ffma_chain_stalls_for_the_measured_ffma_latency():
    body = [i for i in _loop_of("ffma_latency", 19).body if i.base == "FFMA"]
    stalls = [i.control.stall for i in body[2:-1]]     # the links of the chain inside the unrolled body
    assert set(stalls) == {4}
    assert round(measured("ffma", "latency_cycles", "1")) == 4


def test_a_dependent_mma_chain_spends_the_measured_mma_latency_between_links():
    """Hopper's mma.sync is not scoreboarded: the compiler pads a dependent HMMA with its own stall
    count and a NOP's (15 + 9 cycles), the 24 cycles the latency microbenchmark measures."""
    body = _loop_of("mma_sync_m16n8k16_bf16_latency", 19).body
    assert all(i.control.write_barrier is None for i in body if i.base == "HMMA")
    links = []
    for k, i in enumerate(body[:-2]):
        if i.base == "HMMA" and body[k + 1].base == "NOP" and body[k + 2].base == "HMMA":
            links.append(i.control.stall + body[k + 1].control.stall)
    assert links and set(links) == {24}
    assert round(measured("mma_sync", "latency_cycles", "1")) == 24


def test_exit_and_the_trailing_self_branch():
    for name, instrs in all_functions():
        for k, i in enumerate(instrs):
            if i.base == "BRA" and k and instrs[k - 1].base == "EXIT":
                assert i.operands.endswith(hex(i.address)) and i.control.wait_mask == 0, name


@pytest.mark.parametrize("listing", ["gemm_tiled_f32", "mma_preshuffle_m64n128k64_swz0"])
def test_one_control_per_letter_of_the_hot_loop_order(listing):
    controls = hot_loop_controls(SASS / f"{listing}.sass")
    assert len(controls) == len(hot_loop_order(SASS / f"{listing}.sass"))
    assert all(c is not None for c in controls)
