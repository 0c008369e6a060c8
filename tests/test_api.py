"""The library (gemmsim.api): each verb gives what its command prints under --json, and raises the
command's one-line error; the examples of the docstrings and of the README run; `import gemmsim`
stays cheap (test_json_schema.py checks the JSON outputs themselves)."""

import ast
import copy
import doctest
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gemmsim
from gemmsim import api
from gemmsim.cli import main
from gemmsim.jsonable import SCHEMA_VERSION
from gemmsim.problem import make_problem

ROOT = Path(__file__).resolve().parents[1]
GUIDE = dict(shape="5120x5120x8320", tile="64x256x128", dtype="fp8", gpu="mi300x")
GUIDE_ARGS = ["--shape", "5120x5120x8320", "--tile", "64x256x128", "--dtype", "fp8", "--gpu", "mi300x"]
SMALL = ["--shape", "256x256x256", "--tile", "64x128x64"]
ISA = ROOT / "tests" / "data" / "isa" / "preshuffle_gemm_gfx942.s"
ISA_KERNEL = "preshuffle_bf16_m64n256k64_swz1_hint0"
KERNEL_STATS = ROOT / "tests" / "data" / "compare" / "rocprof_kernel_stats_mi325x.csv"


def _cli(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- the examples -------------------------------------------------------------------------------

EXAMPLES = [t for module in (gemmsim, api) for t in doctest.DocTestFinder().find(module) if t.examples]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda t: t.name)
def test_the_docstring_examples_run(example, monkeypatch):
    monkeypatch.chdir(ROOT)     # the examples of compare read the repository's test data
    test = copy.copy(example)
    test.globs = dict(example.globs)   # a run clears the globals it was given
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)            # prints what differed
    assert runner.failures == 0


def test_every_verb_has_an_example():
    named = {t.name.rpartition(".")[2] for t in EXAMPLES}
    assert {"predict", "analyze", "tune", "compare", "compare_stalls", "load_gpu"} <= named


def test_the_readme_example_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


# --- predict ------------------------------------------------------------------------------------

def test_predict_gives_what_the_command_prints(capsys):
    code, out, _ = _cli(capsys, "predict", *GUIDE_ARGS, "--json")
    p = gemmsim.predict(**GUIDE)
    assert code == 0 and out == p.to_json() + "\n" and json.loads(out) == p.to_dict()
    assert f"{p.time_us:.2f}" == "370.38"      # the guide's example, as the README says
    code, text, _ = _cli(capsys, "predict", *GUIDE_ARGS)
    assert "time              370.38 us" in text


def test_to_json_round_trips_and_names_the_schema_version():
    p = gemmsim.predict("256x256x256", "64x128x64", record=True)
    d = p.to_dict()
    assert json.loads(p.to_json()) == d and d["schema_version"] == SCHEMA_VERSION
    assert p.timeline and "timeline" not in d          # the spans go to --trace, not to the JSON
    assert set(d["roofline"]) == {"time_us", "tflops", "pct_of_peak", "bottleneck", "clock_mhz", "compute_us",
                                  "memory_us", "flops", "compulsory_bytes", "bandwidth", "bandwidth_bytes_per_s"}


def test_predict_takes_objects_as_well_as_text():
    gpu = gemmsim.load_gpu("mi355x")
    problem = make_problem("256x512x512", "fp8")
    p = gemmsim.predict(problem, (64, 128, 128), gpu=gpu, lds_stage=1, swizzle=False, copy="async")
    assert (p.problem.dtype, p.kernel.gpu, p.kernel.tile) == ("fp8", "mi355x", "64x128x128")
    assert p.to_dict() == gemmsim.predict("256x512x512", "64x128x128", dtype="fp8", gpu="mi355x", lds_stage=1,
                                          swizzle=False, copy="async").to_dict()


def test_without_a_tile_the_search_picks_it_and_the_command_says_which(capsys):
    searched = []
    p = gemmsim.predict("256x512x1024", gpu="mi300x", on_search=searched.append)
    assert len(searched) == 1 and p.kernel.tile == searched[0].best.config.tile
    code, out, err = _cli(capsys, "predict", "--shape", "256x512x1024", "--gpu", "mi300x", "--json")
    assert code == 0 and json.loads(out) == p.to_dict()
    assert err == f"gemmsim: no --tile: chose {p.kernel.tile} (best of {len(searched[0].candidates)} valid tiles, " \
                  "from cache; `gemmsim tune` ranks them)\n"


def test_predict_from_assembly_gives_what_the_command_prints(capsys):
    p = gemmsim.predict("1024x1024x2048", isa=ISA, kernel=ISA_KERNEL, gpu="mi300x")
    code, out, _ = _cli(capsys, "predict", "--isa", ISA, "--kernel", ISA_KERNEL, "--shape", "1024x1024x2048",
                        "--gpu", "mi300x", "--json")
    assert code == 0 and json.loads(out) == p.to_dict() and p.problem.dtype == "bf16"   # the kernel's MFMA


# --- analyze, tune ------------------------------------------------------------------------------

def test_analyze_gives_what_the_command_prints(capsys):
    a = gemmsim.analyze("256x256x256", "64x128x64", arch="gfx950", epilogue="cshuffle")
    code, out, _ = _cli(capsys, "analyze", *SMALL, "--arch", "gfx950", "--epilogue", "cshuffle", "--json")
    assert code == 0 and out == a.to_json() + "\n" and json.loads(out) == a.to_dict()
    assert a.tile.config == a.config and a.program.name


def test_tune_gives_what_the_command_prints(capsys, tmp_path):
    r = gemmsim.tune("256x512x1024", top=3, cache=False, workers=1)
    code, out, _ = _cli(capsys, "tune", "--shape", "256x512x1024", "--top", "3", "--no-cache", "--json")
    assert code == 0 and out == r.to_json() + "\n" and len(r.to_dict()["candidates"]) == 3
    first = gemmsim.tune("256x512x1024", top=3, cache=tmp_path, workers=1)
    again = gemmsim.tune("256x512x1024", top=3, cache=tmp_path, workers=1)
    assert not first.from_cache and again.from_cache and again.to_dict()["candidates"] == r.to_dict()["candidates"]


# --- compare ------------------------------------------------------------------------------------

def test_compare_gives_what_the_command_prints(capsys):
    c = gemmsim.compare([KERNEL_STATS], shape="5120x5120x8320", dtype="fp8", gpu="mi325x")
    code, out, _ = _cli(capsys, "compare", KERNEL_STATS, "--shape", "5120x5120x8320", "--dtype", "fp8",
                        "--gpu", "mi325x", "--json")
    assert code == 0 and out == c.to_json() + "\n" and c.points == 1


def test_compare_refuses_what_the_command_refuses():
    with pytest.raises(gemmsim.InputError, match="compare needs a results file"):
        gemmsim.compare([])
    with pytest.raises(gemmsim.InputError, match=r"--kernel '\(' is not a regular expression"):
        gemmsim.compare_stalls(ROOT / "validation" / "results" / "h200" / "stalls.csv", kernel="(")


# --- errors -------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, argv", [
    (lambda: gemmsim.predict("5120xAx8320", "64x256x128"), ["predict", "--shape", "5120xAx8320", "--tile", "64x256x128"]),
    (lambda: gemmsim.predict("256x256x256", "60x256x128"), ["predict", "--shape", "256x256x256", "--tile", "60x256x128"]),
    (lambda: gemmsim.predict("256x256x256", "64x256x128", gpu="mi999"), ["predict", *SMALL[:2], "--tile", "64x256x128",
                                                                         "--gpu", "mi999"]),
    (lambda: gemmsim.predict("256x256x256", "64x128x64", arch="gfx999"), ["predict", *SMALL, "--arch", "gfx999"]),
    (lambda: gemmsim.predict("256x256x256", "64x128x64", dtype="fp64"), ["predict", *SMALL, "--dtype", "fp64"]),
    (lambda: gemmsim.predict("256x256x256", "64x128x64", split_k=3), ["predict", *SMALL, "--split-k", "3"]),
    (lambda: gemmsim.predict("256x256x256", "64x128x64", kernel="k", trip_count=2),
     ["predict", *SMALL, "--kernel", "k", "--trip-count", "2"]),
    (lambda: gemmsim.predict("2x256x256x256", isa=ISA, kernel=ISA_KERNEL),
     ["predict", "--shape", "2x256x256x256", "--isa", ISA, "--kernel", ISA_KERNEL]),
    (lambda: gemmsim.analyze("0x256x256", "64x128x64"), ["analyze", "--shape", "0x256x256", "--tile", "64x128x64"]),
    (lambda: gemmsim.tune("256x256x256", top=0), ["tune", "--shape", "256x256x256", "--top", "0"]),
    (lambda: gemmsim.tune("256x256x256", space="tiles tile_q=3"), ["tune", "--shape", "256x256x256", "--space",
                                                                   "tiles tile_q=3"]),
], ids=["shape", "tile", "gpu", "arch", "dtype", "split_k", "isa_only", "isa_batch", "analyze", "top", "space"])
def test_bad_input_raises_the_commands_one_line_message(call, argv, capsys):
    with pytest.raises(gemmsim.GemmsimError) as raised:
        call()
    code, out, err = _cli(capsys, *argv)
    assert code == 2 and not out and err == f"gemmsim: error: {raised.value}\n"


def test_a_bad_shape_is_an_input_error():
    with pytest.raises(gemmsim.InputError, match=r"^shape '5120xAx8320' is malformed"):
        gemmsim.predict(shape="5120xAx8320", tile="64x256x128")


def test_arguments_the_command_line_cannot_misspell_are_checked_too():
    with pytest.raises(gemmsim.InputError, match="swizzle='no': expected True or False"):
        gemmsim.predict("256x256x256", "64x128x64", swizzle="no")
    with pytest.raises(gemmsim.InputError, match="split_k=None: expected an integer$"):
        gemmsim.predict("256x256x256", "64x128x64", split_k=None)
    with pytest.raises(gemmsim.InputError, match="waves_per_eu=2.5: expected an integer or None"):
        gemmsim.analyze("256x256x256", "64x128x64", waves_per_eu=2.5)


# --- load_gpu and the package -------------------------------------------------------------------

def test_load_gpu_takes_a_name_a_path_an_arch_or_a_gpu():
    gpu = gemmsim.load_gpu("mi300x")
    assert gemmsim.load_gpu() is gpu and gemmsim.load_gpu(gpu) is gpu and gemmsim.load_gpu(arch="gfx942") is gpu
    assert gemmsim.load_gpu(ROOT / "gemmsim" / "hw" / "h200.toml").name == gemmsim.load_gpu(arch="sm90").name == "h200"
    with pytest.raises(gemmsim.InputError, match="give gpu or arch, not both"):
        gemmsim.load_gpu("mi300x", arch="gfx942")
    with pytest.raises(gemmsim.HardwareFileError, match="unknown GPU 'mi999'"):
        gemmsim.load_gpu("mi999")


def test_the_package_exports_the_verbs_and_the_exceptions():
    from gemmsim import errors

    assert (gemmsim.InputError, gemmsim.GemmsimError, gemmsim.ConfigError, gemmsim.HardwareFileError) == \
           (errors.InputError, errors.GemmsimError, errors.ConfigError, errors.HardwareFileError)
    for name in ("predict", "analyze", "tune", "compare", "compare_stalls", "load_gpu"):
        assert name in gemmsim.__all__ and getattr(gemmsim, name) is getattr(api, name)


def _python(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                          cwd=ROOT).stdout.strip()


def test_import_gemmsim_imports_no_heavy_library():
    heavy = ("numpy", "scipy", "matplotlib", "ml_dtypes", "tabulate")
    assert _python(f"import sys, gemmsim; print(sorted(m for m in {heavy!r} if m in sys.modules))") == "[]"


def test_the_verbs_keep_their_names_when_the_modules_of_those_names_are_imported():
    """No module of the package is named after a verb (gemmsim/simulate.py, gemmsim/tuning/): importing
    one would bind it to the package's attribute of that name, over the verb."""
    assert _python("import gemmsim, importlib; from gemmsim.simulate import predict_program; "
                   "from gemmsim.tuning.cache import TuneCache; import gemmsim.tuning.search; "
                   "m = importlib.import_module('gemmsim.simulate'); "
                   "print(gemmsim.predict is gemmsim.api.predict, gemmsim.tune is gemmsim.api.tune, "
                   "m.predict_program is predict_program)") == "True True True"


def test_setuptools_reads_the_version_without_importing_the_package():
    tree = ast.parse((ROOT / "gemmsim" / "version.py").read_text())
    assigned = {t.id: node.value for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
                if isinstance(t, ast.Name)}
    assert isinstance(assigned["__version__"], ast.Constant) and assigned["__version__"].value == gemmsim.__version__
