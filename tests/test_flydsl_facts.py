"""The preshuffle generator against FlyDSL's real compiled kernel (facts in tests/data/flydsl_facts.toml).

validation/flydsl_facts.py compiles FlyDSL's preshuffle GEMM for gfx942 and gfx950 and records
what its hot loop issues, what registers and LDS it takes and how its A reads hit the LDS banks.
Each fact becomes one test: the generator's Program for the same configuration must reproduce it.
Counts are compared per K tile (the compiled loop and the generated one may cover different
numbers of tiles per iteration). A fact the generator does not reproduce yet is a strict xfail
with its reason, so that fixing it turns the test red until the xfail is removed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gemmsim.frontends.amdgpu.compare import k_tiles_per_iteration
from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.hw import load_gpu
from gemmsim.analytics.lds_banks import instruction_report
from gemmsim.ir.program import Op, hot_loop, walk
from gemmsim.problem import KernelConfig, Problem

FACTS = tomllib.loads((Path(__file__).parent / "data" / "flydsl_facts.toml").read_text())


def _kernel_id(k: dict) -> str:
    """arch-dtype-tile, then the knobs that differ from FlyDSL's CI kernel (sync copy, lds_stage 2, no hint)."""
    knobs = ((f"-s{k['lds_stage']}" if k["lds_stage"] != 2 else "") + ("-async" if k["copy"] == "async" else "")
             + (f"-wpe{k['waves_per_eu']}" if k["waves_per_eu"] else ""))
    return f"{k['arch']}-{k['dtype']}-{k['tile']}{knobs}"


KERNELS = {_kernel_id(k): k for k in FACTS["kernel"]}

# (kernel, fact) -> why the generator does not reproduce it yet (one line each).
_VGPR_BF16 = ("LLVM ignores the 16-bit hints' spacing: gfx942 recycles B registers as the next tile's B arrives "
              "(186 < the budget's 228); gfx950 hoists A reads far ahead (80 VGPRs of A packs, 252)")
_VGPR_FP8 = ("264 VGPRs estimated overflow the 256 arch VGPRs; LLVM keeps 256 and moves 24 values into AGPRs "
             "(280 in all), more than the 8 over: the spill to AGPRs is not modelled")
_WAIT_950 = ("LLVM's solver for the hints fills the VMEM slots with the A copy and B loads in an order of its own, "
             "so an A write's s_waitcnt also retires B loads: 64x256x128 issues A B B B B A B B in both halves of "
             "its loop (10 and 9 waits), 128x128x128 A A A A B B B B (14, as generated), then A3 A0 B B A1 A2 B B (13)")
_WAIT_950_BF16 = "LLVM ignores the 16-bit spread (A reads hoisted, MFMAs reordered), so its waits follow no hint"
_VGPR_S1_942 = ("FlyDSL's single-buffer loop keeps one B fragment, whose next loads follow each K step's last MFMA: "
                "one B tile and the A packs the hinted schedule keeps live give 70 and 86 (compiled 72 and 90, "
                "estimated 96 and 108), but the same A count breaks the two-B-tile budget of lds_stage 2 (162 "
                "against 152 at 64x256x128), whose A and B errors balance")
_OCC_S1_942 = "occupancy follows the VGPR estimate, which exceeds the compiled allocation (see arch_vgprs)"
_SPILL = ("waves_per_eu=4 caps 64x256x128 at 128 VGPRs: the compiled loop spills 70 VGPRs to scratch, whose "
          "stores, loads and waits the generator does not emit (nor do its A reads keep their addresses)")
_VGPR_NEW = ("not investigated yet (issue 35 added these kernels for their MFMA opcode and counts): the estimate "
             "misses the compiled allocation by more than a granule: gfx942 int8 156 vs 148, fp16 228 vs 188; "
             "gfx950 int8 184 vs 168 (so 2 waves per SIMD, not 3), fp16 228 vs 252")
_UNROLLED = ("LLVM unrolls the whole K loop of the async waves_per_eu=2 kernels (no loop: 65 or 28 K tiles in line) "
             "and keeps 256 VGPRs with spills (int8 18, fp8 128x256x128 spills too); the generator keeps a loop and "
             "estimates 244-248 VGPRs (97 compiled at 64x64x256, 88 estimated: 4 waves, not 5)")
XFAIL: dict[tuple[str, str], str] = {
    **{(k, "arch_vgprs"): _VGPR_NEW for k in ("gfx942-int8-64x256x128", "gfx942-fp16-64x256x128",
                                             "gfx950-int8-64x256x128", "gfx950-fp16-64x256x128")},
    ("gfx950-int8-64x256x128", "waves_per_simd"): _VGPR_NEW,
    **{(k, "loop_s_waitcnt"): ("not investigated yet: per K tile the generator waits 16 times (int8) and 31 (fp16), "
                               "the compiled loops 10 and 20.5; as for fp8 (_WAIT_950), LLVM orders the loads its own way")
       for k in ("gfx950-int8-64x256x128", "gfx950-fp16-64x256x128")},
    **{(k, f): _UNROLLED for k in ("gfx950-int8-128x256x128-async-wpe2", "gfx950-fp8-128x256x128-async-wpe2")
       for f in ("arch_vgprs", "spills")},
    **{("gfx950-fp8-64x64x256-async-wpe2", f): _UNROLLED for f in ("arch_vgprs", "waves_per_simd")},
    **{(k, "arch_vgprs"): _VGPR_S1_942 for k in ("gfx942-fp8-16x64x512-s1-wpe4", "gfx942-fp8-32x128x256-s1")},
    **{(k, "waves_per_simd"): _OCC_S1_942 for k in ("gfx942-fp8-16x64x512-s1-wpe4", "gfx942-fp8-32x128x256-s1")},
    ("gfx942-fp8-16x128x512-wpe4", "spills"): ("the estimate (164 VGPRs) exceeds the hint's 128, but the compiled "
                                                "kernel fits in 124 without spilling: pressed, LLVM recycles B "
                                                "registers (the generated order keeps 66 of the budget's 128 live)"),
    **{("gfx942-fp8-64x256x128-wpe4", f): _SPILL for f in ("loop_s_waitcnt", "a_read_max_ways")},
    **{(k, "arch_vgprs"): _VGPR_BF16 for k in ("gfx942-bf16-64x256x128", "gfx950-bf16-64x256x128")},
    ("gfx950-fp8-128x256x128", "arch_vgprs"): _VGPR_FP8,
    **{(k, "loop_s_waitcnt"): _WAIT_950 for k in ("gfx950-fp8-64x256x128", "gfx950-fp8-128x128x128")},
    ("gfx950-bf16-64x256x128", "loop_s_waitcnt"): _WAIT_950_BF16,
}

COUNTED = ("loop_mfma", "loop_ds_write", "loop_buffer_load", "loop_s_barrier", "loop_s_waitcnt")
FACT_NAMES = COUNTED + ("loop_ds_read", "mfma_opcode", "lds_bytes", "arch_vgprs", "waves_per_simd",
                        "a_read_max_ways", "spills")
# A kernel whose K loop LLVM unrolled whole (hot_loop = false) has no loop to count: its MFMAs per K tile
# (kernel_mfma over k_tiles), its opcode and its resources are the facts
UNROLLED_FACT_NAMES = ("kernel_mfma", "mfma_opcode", "lds_bytes", "arch_vgprs", "waves_per_simd", "spills")


def _generated(fact: dict):
    gpu = load_gpu(fact["gpu"])
    m, n, k = (int(x) for x in fact["shape"].split("x"))
    tm, tn, tk = (int(x) for x in fact["tile"].split("x"))
    config = KernelConfig(tm, tn, tk, lds_stage=fact["lds_stage"], copy=fact["copy"],
                          waves_per_eu=fact["waves_per_eu"] or None)
    a = analyze(Problem(m, n, k, fact["dtype"]), config, gpu)
    return a, generate(a, gpu), gpu


def _per_tile_opcodes(program, tile) -> dict[str, float]:
    """Hot-loop instructions per K tile by opcode, and the op classes the facts count."""
    loop = hot_loop(program.waves[0])
    tiles = k_tiles_per_iteration(program, tile)
    out: dict[str, float] = {}
    for instr, _ in walk(loop.body):
        keys = [instr.opcode]
        if instr.op == Op.MFMA:
            keys.append("loop_mfma")
        for prefix, key in (("ds_write", "loop_ds_write"), ("buffer_load", "loop_buffer_load"),
                            ("s_waitcnt", "loop_s_waitcnt"), ("s_barrier", "loop_s_barrier")):
            if instr.opcode.startswith(prefix):   # an LDS DMA is a buffer_load with the lds modifier, as compiled
                keys.append(key)
        for key in keys:
            out[key] = out.get(key, 0) + 1 / tiles
    return out


def _generated_value(name: str, fact: dict):
    a, program, gpu = _generated(fact)
    tile = tuple(int(x) for x in fact["tile"].split("x"))
    if name in COUNTED or name in ("loop_ds_read", "kernel_mfma"):
        counts = _per_tile_opcodes(program, tile)
        if name == "kernel_mfma":
            return round(counts.get("loop_mfma", 0), 6)
        if name == "loop_ds_read":
            return {o: round(v, 6) for o, v in sorted(counts.items()) if o.startswith("ds_read")}
        return round(counts.get(name, 0), 6)
    if name == "mfma_opcode":
        return ",".join(sorted({i.opcode for i, _ in walk(program.waves[0]) if i.op == Op.MFMA}))
    if name == "lds_bytes":
        return program.resources.lds_bytes
    if name == "arch_vgprs":
        # the compiled fact is the descriptor's count (.amdhsa_next_free_vgpr), with LLVM's occupancy floor
        assert a.vgpr.total == program.resources.arch_vgprs + program.resources.accum_vgprs
        return a.vgpr.descriptor
    if name == "waves_per_simd":
        return a.occupancy.waves_per_simd
    if name == "spills":
        return a.vgpr.spilled > 0
    if name == "a_read_max_ways":
        loop = hot_loop(program.waves[0])
        reads = [i for i, _ in walk(loop.body) if i.op == Op.LDS_READ and i.opcode == "ds_read_b128"]
        return max(instruction_report(i, gpu.lds).max_ways for i in reads)
    raise KeyError(name)


def _compiled_value(name: str, fact: dict):
    if name == "kernel_mfma":
        return round(fact["kernel_mfma"] / fact["k_tiles"], 6)
    tiles = fact.get("k_tiles_per_iteration")
    if name in COUNTED:
        return round(fact[name] / tiles, 6)
    if name == "loop_ds_read":
        return {o: round(v / tiles, 6) for o, v in sorted(fact[name].items())}
    if name == "arch_vgprs":
        return fact["arch_vgprs"] + fact["accum_vgprs"]
    if name == "spills":
        return fact["vgpr_spill_count"] > 0
    return fact[name]


def _cases():
    for kid, fact in KERNELS.items():
        for name in FACT_NAMES if fact["hot_loop"] else UNROLLED_FACT_NAMES:
            marks = [pytest.mark.xfail(strict=True, reason=XFAIL[(kid, name)])] if (kid, name) in XFAIL else []
            yield pytest.param(kid, name, id=f"{kid}-{name}", marks=marks)


@pytest.mark.parametrize("kid,name", list(_cases()))
def test_generator_reproduces_the_compiled_fact(kid, name):
    fact = KERNELS[kid]
    got, want = _generated_value(name, fact), _compiled_value(name, fact)
    if name == "arch_vgprs":
        # an estimate, not an allocation: it must land within one allocation granule of the compiler's
        granule = load_gpu(fact["gpu"]).cu.vgpr_alloc_granule
        assert abs(got - want) < granule, f"{kid}: estimated {got} VGPRs, compiled {want}"
    else:
        assert got == want, f"{kid} {name}: generator {got}, compiled {want}"


def test_facts_file_records_its_provenance():
    assert FACTS["flydsl_version"] and len(FACTS["flydsl_commit"]) == 40
    assert "validation/flydsl_facts.py" in FACTS["command"]
    assert {k["arch"] for k in FACTS["kernel"]} == {"gfx942", "gfx950"}


def test_every_dtype_flydsl_builds_is_compiled_on_both_archs():
    """Issue 35: the facts hold each dtype of FlyDSL's preshuffle GEMM (fp8, int8, bf16, fp16) on gfx942
    and gfx950, so that the generator's opcode is checked against the compiled one for each (mfma_opcode)."""
    have = {(k["arch"], k["dtype"]) for k in FACTS["kernel"]}
    assert have >= {(arch, d) for arch in ("gfx942", "gfx950") for d in ("fp8", "int8", "bf16", "fp16")}
    int8 = {k["arch"]: k["mfma_opcode"] for k in FACTS["kernel"] if k["dtype"] == "int8" and k["copy"] == "sync"}
    assert int8 == {"gfx942": "v_mfma_i32_16x16x32_i8", "gfx950": "v_mfma_i32_16x16x32_i8"}


def test_facts_are_whole_k_tiles_per_iteration():
    for kid, fact in KERNELS.items():
        if not fact["hot_loop"]:
            assert fact["kernel_mfma"] % fact["k_tiles"] == 0, kid
            continue
        assert fact["k_tiles_per_iteration"] == int(fact["k_tiles_per_iteration"]) >= 1, kid


def test_facts_toml_writer_round_trips():
    from validation.flydsl_facts import to_toml

    kern = {"arch": "gfx950", "loop_ds_read": {"ds_read_b128": 16, "ds_read_b64": 2}, "k_tiles_per_iteration": 2.0,
            "note": 'a "quoted" name'}
    back = tomllib.loads(to_toml({"flydsl_version": "0.5.0"}, [kern]))
    assert back["kernel"] == [kern] and back["flydsl_version"] == "0.5.0"


@pytest.mark.parametrize("extra,message", [
    (["--only", "gfx999:fp8:1x2x3"], "--only 'gfx999:fp8:1x2x3': not one of"),
    (["--ld-lld", "/no/such/ld.lld"], "--ld-lld /no/such/ld.lld: no such file"),
])
def test_facts_script_bad_input_is_a_one_line_error(tmp_path, capsys, extra, message):
    from validation.flydsl_facts import main

    src = tmp_path / "fly"
    (src / "kernels" / "gemm").mkdir(parents=True)
    (src / "kernels" / "gemm" / "preshuffle_gemm.py").write_text("")
    assert main(["--flydsl-python", "python3", "--flydsl-src", str(src), "--ld-lld", __file__] + extra) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_facts_script_without_a_flydsl_checkout_is_a_one_line_error(tmp_path, capsys):
    from validation.flydsl_facts import main

    assert main(["--flydsl-python", "python3", "--flydsl-src", str(tmp_path)]) == 2
    assert "holds no kernels/gemm/preshuffle_gemm.py" in capsys.readouterr().err
