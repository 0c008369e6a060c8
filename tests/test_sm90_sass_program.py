"""The generic SASS front-end (family `sass`, frontends/sm90/sass_program.py) against the generated
sm_90 streams of the project's own kernels: the same compiled listings (validation/results/h200/sass/)
walked with the arguments bound give, per hot-loop iteration, the same instructions of every class,
the same trip count, the same shared-memory conflicts and the same block bases as the generators."""

from pathlib import Path

import pytest

from gemmsim.analytics.lds_banks import instruction_report
from gemmsim.errors import ConfigError, InputError
from gemmsim.frontends import registry
from gemmsim.frontends.sm90.sass_eval import MemRef, parse_operand
from gemmsim.frontends.sm90.sass_program import bind_arguments
from gemmsim.frontends.sm90.common import Sm90Problem
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Op, hot_loop
from gemmsim.problem import Problem

SASS = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200" / "sass"
LADDER_EDGE = {"gemm": 16, "gemm_tiled": 16, "gemm_blocked2x2": 32, "gemm_tiled_blocked2x2": 32, "gemm_blocked4x4": 64}


@pytest.fixture(scope="module")
def h200():
    return load_gpu("h200")


def loop_profile(program, gpu):
    """Per warp: the hot loop's trip count, its instructions by class, and its shared conflict cycles."""
    out = []
    for wave in program.waves:
        loop = hot_loop(wave)
        counts, conflicts = {}, 0
        for ins in loop.body:
            key = f"VALU:{ins.opcode}" if ins.op is Op.VALU else ins.op.name
            counts[key] = counts.get(key, 0) + 1
            if ins.op in (Op.LDS_READ, Op.LDS_WRITE):
                report = instruction_report(ins, gpu.lds, ())
                conflicts += report.conflict_cycles if report is not None else -1000   # addresses unknown
        counts.pop("WAITCNT", None)   # the generators' waits stand for scoreboard waits: no instruction
        out.append((loop.trip_count, counts, conflicts))
    return out


def build(family, options, problem, gpu):
    f = registry.get(family)
    return f.build(problem, f.parse_config(None, options), gpu).program


@pytest.mark.parametrize("name", ["mma_preshuffle_m64n128k64_swz1", "mma_preshuffle_m32n64k64_swz0",
                                  "mma_preshuffle_m128n128k32_swz1"])
def test_mma_kernel_through_the_sass_front_end_matches_its_generated_stream(name, h200):
    tm, tn, tk = (int(x) for x in name.split("_")[2].lstrip("m").replace("n", " ").replace("k", " ").split())
    problem = Problem(1024, 1024, 1024, "bf16")
    listing = str(SASS / f"{name}.sass")
    generated = build("sm90-mma", {"tile": f"{tm}x{tn}x{tk}", "swizzle": name[-1], "sass": listing, "registers": "160"},
                      problem, h200)
    walked = build("sass", {"tile": f"{tm}x{tn}x{tk}", "args": "A:B:C:M:N:K:64", "sass": listing, "registers": "160"},
                   problem, h200)
    assert loop_profile(walked, h200) == loop_profile(generated, h200)
    assert walked.block_bases == generated.block_bases
    assert walked.grid == generated.grid


@pytest.mark.parametrize("kernel", sorted(LADDER_EDGE))
@pytest.mark.parametrize("suffix,dtype", [("f32", "fp32"), ("i32", "int32")])
def test_ladder_kernel_through_the_sass_front_end_matches_its_generated_stream(kernel, suffix, dtype, h200):
    problem = Problem(256, 256, 256, dtype)
    listing = str(SASS / f"{kernel}_{suffix}.sass")
    generated = build("sm90-ladder", {"kernel": kernel, "sass": listing}, problem, h200)
    edge = LADDER_EDGE[kernel]
    walked = build("sass", {"tile": f"{edge}x{edge}x16", "args": "A:B:C:M:N:K", "sass": listing, "block": "16x16",
                            "c_bytes": "4"}, problem, h200)
    g, w = loop_profile(generated, h200), loop_profile(walked, h200)
    assert [x[1] for x in w] == [x[1] for x in g]          # every class, per warp, per iteration
    assert [x[2] for x in w] == [x[2] for x in g]          # shared-memory conflict cycles
    assert sum(x[0] for x in w) > 0


def test_arguments_bind_in_order_with_pointer_alignment():
    words = bind_arguments(("A", "M", "B", "cdiv(K, 16)"), Sm90Problem(64, 32, 40, "bf16"))
    assert words[0x210] == 0 and words[0x214] == 1 << 8      # A at 1 << 40: the high word holds 1 << 8
    assert words[0x218] == 64                                 # M, then B aligned to 8 bytes
    assert words[0x220] == 0 and words[0x224] == 2 << 8
    assert words[0x228] == 3                                  # cdiv(40, 16)


def test_a_bad_argument_is_one_line_input_error():
    with pytest.raises(InputError, match="expected A, B, C, null"):
        bind_arguments(("A", "pow(M, 2)"), Sm90Problem(64, 32, 40, "bf16"))


def test_memory_operands_are_read_with_their_registers_and_offset():
    ref = parse_operand("desc[UR18][R8.64+0x100]")
    assert ref == MemRef(reg="R8", wide=True, ureg="", offset=0x100)
    assert parse_operand("[R146+UR4+-0x10]") == MemRef(reg="R146", ureg="UR4", offset=-0x10)


def test_a_listing_with_warp_group_mma_is_refused_not_predicted_without_its_matrix_work(tmp_path, h200):
    listing = tmp_path / "k.sass"
    listing.write_text("\t\tFunction : k\n"
                       "        /*0000*/                   HGMMA.64x128x16.F32.BF16 R24, gdesc[UR4], RZ ;   /* 0x0 */\n"
                       "                                                                     /* 0x000fe20000000800 */\n"
                       "        /*0010*/                   EXIT ;                                      /* 0x0 */\n"
                       "                                                                     /* 0x000fe20000000800 */\n")
    with pytest.raises(ConfigError, match="HGMMA"):
        build("sass", {"tile": "64x128x16", "args": "A:B:C:M:N:K", "sass": str(listing)}, Problem(64, 128, 16, "bf16"), h200)


TRITON = SASS.parent / "triton"


@pytest.mark.parametrize("config,shape", [("mma_m128n128k64w4s4", (4096, 4096, 4096)),
                                          ("mma_m128n128k64w4s4", (512, 4096, 14336))])
def test_triton_listing_issues_what_nsight_compute_counted(config, shape, tmp_path, h200):
    """Triton's own kernel (cp.async, ldmatrix, a grouped 1-D grid, divisions by arguments): the walked
    Program issues exactly the warp instructions ncu counted on the H200 (smsp__inst_executed.sum)."""
    import csv
    import json
    import tarfile

    from gemmsim.frontends.sm90.common import launch_instructions

    with tarfile.open(TRITON / "sass.tgz") as tar:   # the files by content (extractall's filter= is 3.11.4+)
        for m in tar.getmembers():
            if m.isfile() and config in m.name:
                out = tmp_path / m.name
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(tar.extractfile(m).read())
    meta = json.loads((tmp_path / "meta" / f"{config}.json").read_text())
    order = json.loads((TRITON / "profile_order.json").read_text())
    rows = list(csv.DictReader((TRITON / "ncu_raw.csv").open()))[1:]   # the units row first
    at = next(i for i, o in enumerate(order) if o["config"] == config and (o["M"], o["N"], o["K"]) == shape)
    counted = int(rows[at]["smsp__inst_executed.sum"].replace(",", ""))
    program = build("sass", {"sass": str(tmp_path / "sass" / f"{config}.sass"), "args": "A:B:C:M:N:K:K:N:N:null:null",
                             "tile": f"{meta['BLOCK_M']}x{meta['BLOCK_N']}x{meta['BLOCK_K']}",
                             "block": str(32 * meta["num_warps"]), "shared": str(meta["shared"])},
                    Problem(*shape, "bf16"), h200)
    assert launch_instructions(program) == counted
