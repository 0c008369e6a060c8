"""Resource limits (gemmsim/limits.py): requests beyond them are one line and exit 2, at once."""

import time

import pytest

from gemmsim import limits
from gemmsim.cli import main
from gemmsim.errors import ConfigError
from gemmsim.functional.verify import verify
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem

ISA = "tests/data/isa/preshuffle_gemm_gfx942.s:preshuffle_bf16_m64n256k64_swz1_hint0"


def _refused(capsys, argv, *words):
    start = time.perf_counter()
    assert main(argv) == 2
    assert time.perf_counter() - start < 10
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err


def test_make_problem_and_make_config_hold_every_dimension_to_the_limit():
    with pytest.raises(ConfigError, match="M=1099511627776 exceeds the limit 16777216"):
        make_problem((2 ** 40, 256, 128), "bf16")
    with pytest.raises(ConfigError, match="tile_k=33554432 exceeds"):
        make_config((64, 256, 2 ** 25))
    assert make_problem((limits.MAX_DIM, 1, 1), "bf16").m == limits.MAX_DIM


@pytest.mark.parametrize("argv,words", [
    (["predict", "--shape", "1099511627776x256x128", "--tile", "64x256x128"], ["exceeds the limit"]),
    (["predict", "--shape", "1048576x1048576x128", "--tile", "64x256x128"], ["67108864 workgroups", "2^24"]),
    (["predict", "--shape", "64x1048576x262144x128", "--tile", "64x256x128"], ["x 64 (batch x split)", "2^24"]),
    (["predict", "--isa", ISA, "--shape", "8192x4096x4096", "--tile", "1x1x1"], ["33554432 workgroups"]),
    (["predict", "--isa", ISA, "--shape", "4096x4096x4096", "--workgroup", "100000"], ["workgroup size 100000", "1024"]),
    (["predict", "--isa", ISA, "--shape", "4096x4096x4096", "--trip-count", "1000000000"], ["trip count"]),
    (["shapes", "--model", "llama2-7b", "--seq", "597", "--decode-steps", "2147483648"], ["decode steps", "131072"]),
    (["shapes", "--model", "llama2-7b", "--seq", "597", "--batch", "100000"], ["batch 100000", "65536"]),
    (["verify", "--shape", "1099511627776x256x128", "--tile", "64x256x128"], ["PiB of memory", "days"]),
    (["verify", "--shape", "16384x16384x256", "--tile", "64x256x128"], ["GiB of memory", "limits 4.0 GiB"]),
    (["verify", "--shape", "256x256x256", "--tile", "64x256x128", "--seed", "-1"], ["seed -1"]),
])
def test_requests_beyond_a_limit_are_refused_at_once(capsys, argv, words):
    _refused(capsys, argv, *words)


@pytest.mark.parametrize("flags", [["--trip-count", "5"], ["--workgroup", "abc"], ["--int-args", "zz"],
                                   ["--kernel", "nope"]])
def test_predict_refuses_isa_flags_without_isa(capsys, flags):
    _refused(capsys, ["predict", "--shape", "256x256x256", "--tile", "64x256x128", *flags],
             flags[0], "--isa")


def test_library_verify_checks_the_seed_and_the_estimate():
    gpu, config = load_gpu("mi300x"), make_config("64x256x128")
    with pytest.raises(ConfigError, match="seed -1"):
        verify(make_problem("256x256x256", "fp8"), config, gpu, seed=-1)
    with pytest.raises(ConfigError, match="would need about"):
        verify(make_problem("16384x16384x4096", "fp8"), config, gpu)


def test_the_limits_are_in_help(capsys):
    assert main(["predict", "--help"]) == 0
    out = capsys.readouterr().out
    assert "16777216" in out and "2^24" in out and "1024" in out


def test_compare_refuses_a_sass_dir_that_does_not_exist(capsys):
    _refused(capsys, ["compare", "tests/data/compare/runner_mi300x_relabelled.csv", "--sass-dir", "/nonexistent"],
             "--sass-dir", "'/nonexistent' does not exist")


def test_an_assembly_file_beyond_the_line_limit_is_one_line(tmp_path, capsys):
    big = tmp_path / "big.s"
    big.write_text("k:\n" + "  s_nop 0\n" * limits.MAX_ASM_LINES)
    assert main(["isa", str(big)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "over the limit" in err
