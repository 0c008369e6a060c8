"""The front door: every subcommand's --help, --version, one-line argument errors, output paths
checked before any work, written files announced, and no progress output under --json or a pipe."""

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gemmsim import __version__, progress
from gemmsim.cli import build_parser, dimeff, main
from gemmsim.cli.common import DEFAULT_DTYPE, DEFAULT_GPU

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
TRACE = DATA / "small_transformer_trace.json.gz"
COMMANDS = tuple(build_parser().commands)
PREDICT = ["predict", "--tile", "64x64x64", "--shape", "256x256x256", "--dtype", "fp8", "--gpu", "mi300x"]


def run_main(argv, capsys):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def assert_one_line_error(rc, err, *words):
    assert rc == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in lines[0], (word, lines[0])


# --- help and version ---------------------------------------------------------------------------

def test_every_subcommand_is_listed_in_help_order():
    assert COMMANDS == ("predict", "tune", "analyze", "isa", "verify", "layout", "shapes", "dimeff", "trace",
                        "sweep", "compare", "calibrate", "cache")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_subcommand_has_help(command, capsys):
    rc, out, err = run_main([command, "--help"], capsys)
    assert rc == 0 and out.startswith(f"usage: gemmsim {command}") and err == ""


def test_version(capsys):
    rc, out, _ = run_main(["--version"], capsys)
    assert rc == 0 and out.strip() == f"gemmsim {__version__}"


def test_python_dash_m_gemmsim():
    proc = subprocess.run([sys.executable, "-m", "gemmsim", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: gemmsim ")
    proc = subprocess.run([sys.executable, "-m", "gemmsim", "--version"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == f"gemmsim {__version__}"


def test_one_default_per_shared_flag():
    """--dtype defaults to bf16 and --gpu to mi300x wherever they have a default, and --help says which."""
    for name, parser in build_parser().commands.items():
        for action in parser._actions:
            if action.dest == "dtype":
                assert action.default in (DEFAULT_DTYPE, None), name
            if action.dest == "gpu":
                assert parser.get_default("gpu_default") in (DEFAULT_GPU, None), name
            if action.dest in ("dtype", "gpu"):
                assert "default" in action.help, (name, action.dest)


# --- argument errors ----------------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["predict", "--tile", "64x64x64"], ["gemmsim predict: error:", "--shape", "see gemmsim predict --help"]),
    (["predict", "--shape", "5x5x5", "--bogus"], ["gemmsim predict: error:", "unrecognized arguments: --bogus"]),
    (["analyze", "--shape", "5x5x5", "--tile", "64x64x64", "--lds-stage", "3"], ["gemmsim analyze: error:", "3"]),
    (["dimeff", "--shape", "5x5x5", "--tile", "64x64x64", "--dtype", "fp7"], ["unknown dtype 'fp7'"]),
    (["shapes", "--model", "llama2-7b", "--seq", "8", "--json", "--csv"], ["not allowed with argument"]),
    (["predict", "--gpu", "mi300x", "--arch", "gfx942", "--shape", "5x5x5"], ["not allowed with argument"]),
    (["nosuch"], ["gemmsim: error:", "invalid choice"]),
    ([], ["gemmsim: error:", "COMMAND"]),
])
def test_argument_errors_are_one_line(argv, words, capsys):
    rc, out, err = run_main(argv, capsys)
    assert_one_line_error(rc, err, *words)
    assert out == ""


@pytest.mark.parametrize("flag", ["--shape", "--tile"])
def test_a_negative_dimension_is_a_value_rejected_by_its_rule(flag, capsys):
    argv = {"--shape": "256x256x256", "--tile": "64x64x64"}
    argv[flag] = "-5x64x64"
    rc, out, err = run_main(["predict", "--gpu", "mi300x", *(x for kv in argv.items() for x in kv)], capsys)
    assert_one_line_error(rc, err, "'-5x64x64'", "must be a positive integer")


def test_dtype_spellings_are_read_through_the_registry(capsys):
    rc, out, _ = run_main(["dimeff", "--shape", "2048x2048x2048", "--tile", "256x128x64", "--dtype", "BFloat16",
                           "--json"], capsys)
    assert rc == 0 and json.loads(out)["dtype"] == "bf16"


# --- output paths -------------------------------------------------------------------------------

def _writers(tmp: Path) -> dict[str, tuple[list[str], str]]:
    """Every subcommand that writes a file: its argv, with {} where the output path goes, and its kind."""
    hw = tmp / "h200_copy.toml"
    hw.write_text((ROOT / "gemmsim" / "hw" / "h200.toml").read_text())
    matrix = str(ROOT / "validation" / "results" / "h200" / "matrix.csv")
    predicted = str(DATA / "compare" / "h200_predicted.csv")
    return {
        "predict --trace": ([*PREDICT, "--trace", "{}"], "json"),
        "predict --plot": ([*PREDICT, "--plot", "{}"], "plot"),
        "layout --plot": (["layout", "--instr", "v_mfma_f32_16x16x32_fp8_fp8", "--arch", "gfx942", "--plot", "{}"],
                          "plot"),
        "shapes --plot": (["shapes", "--model", "llama2-7b", "--seq", "16", "--gpu", "mi300x", "--plot", "{}"], "plot"),
        "trace --plot": (["trace", str(TRACE), "--plot", "{}"], "plot"),
        "compare --save": (["compare", matrix, "--predictions", predicted, "--save", "{}"], "csv"),
        "compare --plot": (["compare", matrix, "--predictions", predicted, "--plot", "{}"], "plot"),
        "calibrate --write": (["calibrate", "--hw-file", "{}", "--write"], "toml"),
    }


def _bad_paths(tmp: Path, kind: str) -> dict[str, str]:
    a_file = tmp / "a_file.txt"
    a_file.write_text("x")
    (tmp / "a_dir").mkdir(exist_ok=True)
    name = {"plot": "out.png", "json": "out.json", "csv": "out.csv", "toml": "out.toml"}[kind]
    bad = {
        "a directory": str(tmp / "a_dir"),
        "a missing parent": str(tmp / "missing" / name),
        "a parent that is a file": str(a_file / name),
        "a place root cannot write (/proc)": f"/proc/{name}",
        "a place root cannot write (/sys)": f"/sys/{name}",
    }
    if kind == "plot":
        bad["no extension"] = str(tmp / "out")
        bad["an extension matplotlib cannot write"] = str(tmp / "out.docx")
    return bad


def test_every_unwritable_output_path_is_one_line_and_exit_2_before_any_work(tmp_path, capsys):
    work = tmp_path / "work"
    work.mkdir()
    for writer, (argv, kind) in _writers(tmp_path).items():
        for what, path in _bad_paths(work, kind).items():
            before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
            rc, out, err = run_main([path if a == "{}" else a for a in argv], capsys)
            assert rc == 2 and out == "", (writer, what, out)
            lines = err.strip().splitlines()
            assert len(lines) == 1 and "Traceback" not in err and path in lines[0], (writer, what, err)
            assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before, (writer, what)


def test_written_files_are_announced_on_stderr(tmp_path, capsys):
    trace_file, png = tmp_path / "t.json", tmp_path / "t.png"
    rc, out, err = run_main([*PREDICT, "--trace", trace_file, "--plot", png, "--json"], capsys)
    assert rc == 0 and json.loads(out)
    assert err.splitlines() == [f"gemmsim: wrote {trace_file}", f"gemmsim: wrote {png}"]
    assert json.loads(trace_file.read_text())["traceEvents"] and png.read_bytes()[:4] == b"\x89PNG"


def test_an_existing_output_file_is_left_as_it_was_when_the_command_fails(tmp_path, capsys):
    keep = tmp_path / "keep.json"
    keep.write_text("old")
    rc, _, err = run_main(["predict", "--tile", "64x64x64", "--shape", "0x5x5", "--trace", keep], capsys)
    assert_one_line_error(rc, err, "positive integer")
    assert keep.read_text() == "old"


# --- progress -----------------------------------------------------------------------------------

class _Terminal:
    """A stderr that says it is a terminal and records what is written to it."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, s):
        self.text += s
        return len(s)

    def flush(self):
        pass


@pytest.mark.parametrize("form, shown", [([], True), (["--json"], False), (["--csv"], False)])
def test_progress_only_for_a_person_at_a_terminal(form, shown, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(progress, "enable", lambda on=True: calls.append(on))
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["dimeff", "--shape", "2048x2048x2048", "--tile", "256x128x64", *form]) == 0
    assert calls[0] is shown and calls[-1] is False  # turned off again when the command ends
    assert terminal.text == ""


@pytest.mark.parametrize("form, shown", [([], True), (["--json"], False)])
def test_a_tracked_loop_draws_at_a_terminal_and_stays_quiet_under_json(form, shown, monkeypatch, capsys):
    def run_with_a_long_loop(args):
        assert sum(progress.track(range(3), "work")) == 3
        return 0
    monkeypatch.setattr(dimeff, "run", run_with_a_long_loop)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["dimeff", "--shape", "2048x2048x2048", "--tile", "256x128x64", *form]) == 0
    assert ("work" in terminal.text) is shown, terminal.text


def test_nothing_on_stderr_into_a_pipe():
    proc = subprocess.run([sys.executable, "-m", "gemmsim", "trace", str(TRACE), "--top", "3"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout and proc.stderr == ""


# --- trace on JSON that is not a PyTorch profiler trace -----------------------------------------

def test_trace_refuses_json_that_is_not_a_profiler_trace(tmp_path, capsys):
    perfetto = tmp_path / "predicted.json"
    assert main([*PREDICT, "--trace", str(perfetto)]) == 0
    capsys.readouterr()
    for name, text in (("empty.json", "{}"), ("list.json", "[1, 2]"), ("events.json", "[]"),
                       ("perfetto.json", perfetto.read_text())):
        path = tmp_path / name
        path.write_text(text)
        rc, out, err = run_main(["trace", path], capsys)
        assert_one_line_error(rc, err, str(path))
        assert out == ""
    _, _, err = run_main(["trace", tmp_path / "perfetto.json"], capsys)
    assert "not a PyTorch profiler trace" in err


def test_trace_still_reads_a_gzipped_profiler_trace(tmp_path, capsys):
    plain = tmp_path / "t.json"
    plain.write_bytes(gzip.decompress(TRACE.read_bytes()))
    rc, out, err = run_main(["trace", plain, "--json"], capsys)
    assert rc == 0 and err == "" and json.loads(out)["gemm_ops"] == 51
