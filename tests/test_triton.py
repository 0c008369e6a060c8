"""The triton family: the project's Triton GEMM (kernels/triton/matmul.py) compiled for gfx942 and
gfx950 here, without a GPU, and read by the assembly front-end; its hot loop does the work its
BLOCK sizes say, `gemmsim isa` on the same amdgcn counts the same, and bad input is one line."""

import json
from pathlib import Path

import pytest

from gemmsim import caches
from gemmsim.cli import main
from gemmsim.errors import InputError
from gemmsim.frontends import registry
from gemmsim.frontends.amdgpu.classify import mfma_shape
from gemmsim.frontends.triton.launch import bind, pointer_role
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Op, executions, hot_loop
from gemmsim.problem import Problem
from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parents[1]
KERNEL = "kernels/triton/matmul.py:matmul_kernel"
MATMUL = [("a_ptr", False), ("b_ptr", False), ("c_ptr", False), ("M", False), ("N", False), ("K", False),
          ("stride_am", False), ("stride_ak", False), ("stride_bk", False), ("stride_bn", False),
          ("stride_cm", False), ("stride_cn", False), ("BLOCK_M", True), ("BLOCK_N", True), ("BLOCK_K", True),
          ("GROUP_M", True)]
BLOCKS = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}


# --- the launch rule (no Triton needed) ------------------------------------------------------------

def test_the_launch_binds_pointers_integers_tile_and_grid_by_name():
    launch = bind("matmul_kernel", MATMUL, Problem(1000, 768, 4096, "fp16"), BLOCKS, "gfx942")
    assert {p.name: p.role for p in launch.pointers.values()} == {"a_ptr": "A", "b_ptr": "B", "c_ptr": "C"}
    assert launch.integers == {"M": 1000, "N": 768, "K": 4096, "stride_am": 4096, "stride_ak": 1, "stride_bk": 768,
                               "stride_bn": 1, "stride_cm": 768, "stride_cn": 1}
    assert launch.tile == (128, 128, 64) and launch.grid == 8 * 6
    assert launch.pointers["a_ptr"].dtype == "fp16" and launch.pointers["a_ptr"].bytes == 1000 * 4096 * 2


def test_fp8_is_the_arch_s_variant_and_c_the_gemm_s_output():
    for arch, fp8 in (("gfx942", "fp8e4b8"), ("gfx950", "fp8e4nv")):
        launch = bind("k", MATMUL, Problem(256, 256, 256, "fp8"), BLOCKS, arch)
        assert launch.pointers["a_ptr"].dtype == fp8 and launch.pointers["c_ptr"].dtype == "bf16"


def test_meta_gives_another_layout_or_an_unknown_integer():
    launch = bind("k", MATMUL, Problem(256, 512, 1024, "bf16"), {**BLOCKS, "stride_bk": "1", "stride_bn": "K"}, "gfx942")
    assert (launch.integers["stride_bk"], launch.integers["stride_bn"]) == (1, 1024)
    with pytest.raises(InputError, match="integer argument split: give its value with --meta split="):
        bind("k", MATMUL + [("split", False)], Problem(256, 256, 256, "fp16"), BLOCKS, "gfx942")


@pytest.mark.parametrize("params, meta, message", [
    (MATMUL, {"BLOCK_M": 128}, r"--meta lacks BLOCK_N, BLOCK_K, GROUP_M"),
    (MATMUL, {**BLOCKS, "BLOCK_Q": 1}, r"--meta BLOCK_Q: k has no argument of that name"),
    ([("x_ptr", False), ("y_ptr", False)], {}, r"integer argument x_ptr"),
    ([("a_ptr", False), ("b_ptr", False), ("M", False)], {}, r"no pointer argument for C"),
    ([p for p in MATMUL if p[0] != "BLOCK_K"], {k: v for k, v in BLOCKS.items() if k != "BLOCK_K"}, r"no constexpr BLOCK_K"),
    (MATMUL, {**BLOCKS, "BLOCK_M": 0}, r"BLOCK_M=0: a block size is a positive integer"),
])
def test_a_launch_the_rule_cannot_make_is_one_line(params, meta, message):
    with pytest.raises(InputError, match=message):
        bind("k", params, Problem(256, 256, 256, "fp16"), meta, "gfx942")


def test_pointer_names():
    assert [pointer_role(n) for n in ("a_ptr", "B", "cptr", "a_scale_ptr", "scale_b_ptr", "bias_ptr", "x_ptr", "K")] == \
        ["A", "B", "C", "scale_a", "scale_b", "bias", None, None]


# --- compiled (needs the triton package) -----------------------------------------------------------

triton = pytest.importorskip("triton", reason="the triton family compiles with the triton package: "
                                              "pip install 'gemmsim[triton]'")


@pytest.fixture(autouse=True)
def _one_triton_cache(tmp_path_factory, monkeypatch):
    """One cache folder for the module's compilations (each test would otherwise start empty)."""
    monkeypatch.setenv("GEMMSIM_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "triton-cache"))


def _built(shape, gpu, meta):
    family = registry.get("triton")
    m, n, k = shape
    problem = Problem(m, n, k, "fp16")
    config = family.parse_config(None, {"kernel": KERNEL, **meta})
    return family.build(problem, config, load_gpu(gpu)), family.parsed(problem, config, load_gpu(gpu))


def _mfma_flops(items):
    return sum(mfma_shape(i.opcode).flops * times for i, times in executions(items) if i.op == Op.MFMA)


def _bytes(items, op, wave_size):
    return sum(i.wave_bytes(wave_size) * times for i, times in executions(items)
               if i.op == op)


@pytest.mark.parametrize("gpu, meta", [
    ("mi300x", {**BLOCKS, "num_warps": 4, "num_stages": 2}),
    ("mi300x", {"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 4, "num_warps": 4, "matrix_instr_nonkdim": 16}),
    ("mi355x", {**BLOCKS, "num_warps": 8, "num_stages": 2}),
])
def test_the_hot_loop_does_the_work_of_its_blocks(gpu, meta):
    shape = (1024, 1024, 2048)
    built, pk = _built(shape, gpu, meta)
    program = built.program
    bm, bn, bk = meta["BLOCK_M"], meta["BLOCK_N"], meta["BLOCK_K"]
    waves = meta["num_warps"]
    assert program.waves_per_workgroup == waves and program.grid == (1024 // bm, 1024 // bn)
    # the whole kernel: every workgroup's waves do 2 * BLOCK_M * BLOCK_N * K of MFMA work
    assert sum(_mfma_flops(w) for w in program.waves) == 2 * bm * bn * shape[2]
    # one hot-loop iteration covers a whole number of BLOCK_K steps, and loads each step's A and B once
    loops = [hot_loop(w) for w in program.waves]
    per_iter = sum(_mfma_flops(loop.body) for loop in loops)
    steps = per_iter / (2 * bm * bn * bk)
    assert steps == int(steps) >= 1
    wave_size = load_gpu(gpu).cu.wave_size
    tile_bytes = (bm + bn) * bk * 2
    assert sum(_bytes(loop.body, Op.VMEM_LOAD, wave_size) for loop in loops) == tile_bytes * steps
    assert sum(_bytes(loop.body, Op.LDS_WRITE, wave_size) for loop in loops) == tile_bytes * steps
    assert all(i.lane_offsets is not None for i, _ in executions(loops[0].body, weighted=False)
               if i.op in (Op.LDS_READ, Op.LDS_WRITE)), "every LDS address of the hot loop is evaluated"
    assert pk.trip.source.startswith("exact from the loop counter")
    assert program.resources.lds_bytes >= tile_bytes      # the launch's dynamic LDS holds at least one stage


def test_predict_runs_on_both_amd_arches(capsys):
    for gpu, arch in (("mi300x", "gfx942"), ("mi355x", "gfx950")):
        rc, out = run_cli(["predict", "--triton", KERNEL, "--meta", "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8",
                           "--shape", "4096x4096x4096", "--gpu", gpu, "--json"], capsys)
        p = json.loads(out)
        assert rc == 0 and p["kernel"]["arch"] == arch and p["kernel"]["tile"] == "128x128x64"
        assert p["time_us"] >= p["roofline_us"] > 0


def test_gemmsim_isa_on_the_same_amdgcn_counts_the_same_hot_loop(tmp_path, capsys):
    saved = tmp_path / "matmul.s"
    common = ["--shape", "2048x2048x4096", "--gpu", "mi300x", "--json"]
    rc, out = run_cli(["isa", "--triton", KERNEL, "--meta", "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8",
                       "--save-asm", str(saved), *common], capsys)
    via_triton = json.loads(out)
    rc, out = run_cli(["isa", str(saved), "--dynamic-lds", str(via_triton["resources"]["lds_bytes"]), *common], capsys)
    plain = json.loads(out)
    for key in ("counts", "instructions", "trip_count"):
        assert via_triton["hot_loop"][key] == plain["hot_loop"][key], key
    assert via_triton["resources"] == {**plain["resources"], "sources": via_triton["resources"]["sources"]}
    assert [r["role"] for r in via_triton["pointer_roles"]][:3] == ["A", "B", "C"]
    # and predict's Program is the one `gemmsim isa` reports
    built, _ = _built((2048, 2048, 4096), "mi300x", BLOCKS)
    loop = hot_loop(built.program.waves[0])
    assert loop.trip_count == via_triton["hot_loop"]["trip_count"]
    assert sum(1 for i, _ in executions(loop.body, weighted=False) if i.op == Op.MFMA) == \
        via_triton["hot_loop"]["counts"]["v_mfma"]


def test_a_compiled_kernel_is_read_back_not_compiled_again(monkeypatch):
    from gemmsim.frontends.triton import compiler

    _built((512, 512, 512), "mi300x", {**BLOCKS, "num_stages": 3})
    caches.clear()                                   # a new process: only the files remain
    monkeypatch.setattr(compiler, "_compile", lambda request: pytest.fail("compiled again"))
    _built((512, 512, 512), "mi300x", {**BLOCKS, "num_stages": 3})


@pytest.mark.parametrize("argv, message", [
    (["--triton", "nope.py:k"], "nope.py: does not exist"),
    (["--triton", "kernels/triton/matmul.py"], "expected FILE.py:KERNEL"),
    (["--triton", "kernels/triton/matmul.py:mm"], "no kernel named 'mm'; its kernels are matmul_kernel"),
    (["--triton", KERNEL, "--meta", "BLOCK_M=128"], "--meta lacks BLOCK_N, BLOCK_K, GROUP_M"),
    (["--triton", KERNEL, "--meta", "BLOCK_M=128,BLOCK_N"], "--meta 'BLOCK_M=128,BLOCK_N': expected key=value"),
    (["--triton", KERNEL, "--meta", "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8,num_warps=3"], "num_warps=3: expected a power of 2"),
    (["--triton", KERNEL, "--meta", "BLOCK_M=128,BLOCK_N=128,BLOCK_K=48,GROUP_M=8"], "triton could not compile matmul_kernel for gfx942"),
    (["--triton", KERNEL, "--meta", "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", "--gpu", "h200"], "compiles for AMD GPUs"),
    (["--triton", KERNEL, "--meta", "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8", "--tile", "64x64x64"], "leave out --tile"),
    (["--meta", "BLOCK_M=128"], "give --triton FILE.py:KERNEL with it"),
])
def test_bad_input_is_one_line(argv, message, capsys):
    rc = main(["predict", "--shape", "1024x1024x1024", *argv])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and message in err and len(err.splitlines()) == 1, err


# --- tune ------------------------------------------------------------------------------------------

def test_tune_ranks_the_space_by_replay_and_answers_again_from_the_cache():
    from gemmsim import api

    space = f"kernel={KERNEL} meta=GROUP_M=8 tiles block_m=64,128 block_n=128 block_k=64 num_warps=4"
    first = api.tune("1024x1024x2048", dtype="fp16", gpu="mi300x", space=space, family="triton", top=2)
    assert first.family == "triton" and not first.from_cache and len(first.candidates) == 2
    assert first.best.time_us <= first.runner_up.time_us
    best = first.best.config
    assert (best.num_warps, best.values["BLOCK_N"], best.values["GROUP_M"]) == (4, 128, 8)
    again = api.tune("1024x1024x2048", dtype="fp16", gpu="mi300x", space=space, family="triton", top=2)
    assert again.from_cache and again.best.config == best and again.best.time_us == first.best.time_us
    alone = api.predict("1024x1024x2048", family="triton", config=best, dtype="fp16", gpu="mi300x")
    assert alone.time_us == pytest.approx(first.best.time_us)


def test_the_space_is_keyed_by_the_kernel_s_bytes(tmp_path):
    from gemmsim.frontends.triton.space import parse_space

    copy = tmp_path / "matmul.py"
    copy.write_text((ROOT / "kernels" / "triton" / "matmul.py").read_text())
    before = parse_space(f"{copy}:matmul_kernel", "GROUP_M=8", "tiles").describe()
    copy.write_text(copy.read_text() + "\n# edited\n")
    after = parse_space(f"{copy}:matmul_kernel", "GROUP_M=8", "tiles").describe()
    assert before != after and "triton=" in after
    assert parse_space(KERNEL, "", "full block_m=128").block_m == (128,)
    assert parse_space(KERNEL, "", "full").matrix_instr_nonkdim == (16, 32)


@pytest.mark.parametrize("argv, message", [
    (["--meta", "BLOCK_M=128"], "--meta BLOCK_M: tune sweeps it"),
    (["--space", "tiles block_q=1"], "--space 'block_q=1'"),
    (["--family", "preshuffle"], "--triton tunes the triton family: leave out --family"),
])
def test_tune_bad_input_is_one_line(argv, message, capsys):
    rc = main(["tune", "--triton", KERNEL, "--shape", "1024x1024x1024", "--gpu", "mi300x", *argv])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and message in err and len(err.splitlines()) == 1, err
