"""Every input path and option is checked while the flags are read, before any work: a
file that is missing, not a regular file or unreadable is one line saying which, and exit 2; a
regular expression that does not compile is refused on every path; a number beyond its bound too."""

import json
import os
import time
import warnings
from pathlib import Path

import pytest

import gemmsim.cli.predict
from gemmsim.cli import main

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "validation" / "results" / "h200"
DATA = Path(__file__).resolve().parent / "data"
ISA = str(DATA / "isa" / "preshuffle_gemm_gfx942.s")
MATRIX = str(RESULTS / "matrix.csv")

# Every flag or positional that names a file gemmsim reads, with {} where the path goes.
INPUT_FILES = {
    "compare RESULTS": ["compare", "{}"],
    "compare --ncu": ["compare", MATRIX, str(RESULTS / "ladder.csv"), "--ncu", "{}"],
    "compare --counters": ["compare", MATRIX, "--counters", "{}"],
    "compare --stalls": ["compare", "--stalls", "{}"],
    "compare --predictions": ["compare", MATRIX, "--predictions", "{}"],
    "calibrate --microbench": ["calibrate", "--microbench", "{}"],
    "calibrate --hw-file": ["calibrate", "--hw-file", "{}"],
    "predict --gpu FILE.toml": ["predict", "--shape", "256x256x256", "--tile", "64x256x128", "--gpu", "{}"],
    "predict --isa": ["predict", "--shape", "256x256x256", "--isa", "{}"],
    "isa FILE": ["isa", "{}"],
    "shapes --config": ["shapes", "--config", "{}", "--seq", "16"],
    "trace FILE": ["trace", "{}"],
    "tune --trace": ["tune", "--trace", "{}"],
}


def _run(argv, capsys):
    start = time.perf_counter()
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err, time.perf_counter() - start


def _bad_files(tmp_path) -> dict[str, tuple[str, str]]:
    """what -> (path, the words the message must say); each path named as a .toml too (--gpu)."""
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    return {"missing": (str(tmp_path / "none.toml"), "does not exist"),
            "a directory": (str(folder), "not a regular file (a directory)"),
            "a device": ("/dev/null", "not a regular file (a character device)")}


@pytest.mark.parametrize("flag", sorted(INPUT_FILES))
def test_every_input_file_is_checked_before_any_work(tmp_path, capsys, flag):
    for what, (path, words) in _bad_files(tmp_path).items():
        if flag == "predict --gpu FILE.toml" and path == "/dev/null":
            path = "/dev/../dev/null"          # a path (it has a '/'), not a GPU name
        rc, out, err, seconds = _run([path if a == "{}" else a for a in INPUT_FILES[flag]], capsys)
        assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1, (flag, what, err)
        assert f"{path}: {words}" in err and seconds < 5, (flag, what, err, seconds)


def test_an_unreadable_input_file_says_so(tmp_path, capsys):
    locked = tmp_path / "locked.csv"
    locked.write_text("M,N,K\n")
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as a user who reads every file")
        rc, _, err, _ = _run(["compare", str(locked)], capsys)
        assert rc == 2 and f"{locked}: cannot be read: Permission denied" in err
    finally:
        locked.chmod(0o644)


def test_an_assembly_file_may_name_its_kernel(capsys):
    rc, out, err, _ = _run(["isa", ISA + ":nope"], capsys)
    assert rc == 2 and "no kernel named 'nope'" in err          # the file was found; the kernel was not


@pytest.mark.parametrize("pattern, words", [("(", "missing ), unterminated subpattern"),
                                            ("a{99999999999}", "repetition number is too large"),
                                            ("(" * 2000 + ")" * 2000, "Python can compile")])
def test_a_kernel_regex_is_compiled_on_every_path(capsys, pattern, words):
    """`compare RESULTS.csv --kernel '('` (a runner CSV) replayed every point for over 60 s: the
    pattern was compiled only on the --stalls and profiler-export paths."""
    for argv in (["compare", MATRIX], ["compare", "--stalls", str(RESULTS / "stalls.csv")],
                 ["compare", str(DATA / "compare" / "ncu_raw_sample.csv"), "--shape", "128x128x128"]):
        rc, out, err, seconds = _run([*argv, "--kernel", pattern], capsys)
        assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err and seconds < 5


def test_kernel_picks_a_runner_csvs_points_by_symbol(capsys):
    rc, out, err, _ = _run(["compare", str(RESULTS / "ladder.csv"), "--kernel", "^gemm_f32$", "--json",
                            "--predictions", str(DATA / "compare" / "h200_predicted.csv")], capsys)
    assert rc == 0, err
    rows = json.loads(out)["rows"]
    assert len(rows) == 10 and {r["symbol"] for r in rows} == {"gemm_f32"}
    rc, _, err, _ = _run(["compare", str(RESULTS / "ladder.csv"), "--kernel", "^nothing$"], capsys)
    assert rc == 2 and "matches --kernel '^nothing$'" in err


@pytest.mark.parametrize("clock", ["1e308", "10001", "inf", "0", "-5", "1e-300", "0.5", "x"])
def test_clock_mhz_is_bounded_like_a_gpu_files_clock(capsys, clock):
    rc, out, err, _ = _run(["predict", "--shape", "256x256x256", "--tile", "64x256x128", "--clock-mhz", clock], capsys)
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "not a number" in err if clock == "x" else "from 1 to 10000 MHz (no GPU clock" in err


def test_a_library_warning_never_reaches_the_terminal(monkeypatch, capsys):
    def warns(args):
        warnings.warn("Polyfit may be poorly conditioned", RuntimeWarning)
        return 0
    monkeypatch.setattr(gemmsim.cli.predict, "run", warns)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128"]) == 0
    assert capsys.readouterr().err == "" and seen == []
    with pytest.warns(RuntimeWarning, match="poorly conditioned"):        # --debug lets them through
        assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128", "--debug"]) == 0


# --- what the fuzz found in the readers (one line and exit 2, each was exit 70 or a hang) ----------------

ASM = DATA / "isa" / "c_first_gemm_gfx942.s"


@pytest.mark.parametrize("old, new, words", [
    ("\ts_load_dwordx2 s[8:9], s[0:1], 0x10\n", "\ts_load_dwordx2\n", ":12: s_load_dwordx2 with 0 operands"),
    ("v[66:67], s[0:1], s18", "v[66:99999999999], s[0:1], s18", "a register number of at most 1023"),
    ("s_lshl_b32 s18, s17, 1", "s_lshl_b32 s18, s17, " + "9" * 5000, "an immediate of at most 64 bits"),
    (".amdhsa_user_sgpr_kernarg_preload_length 0", ".amdhsa_user_sgpr_kernarg_preload_length 4294967296",
     "expected an integer in 0..2^32-1"),                  # was a hang: a loop over 2^32 preloaded SGPRs
    (".amdhsa_user_sgpr_kernarg_preload_length 0", ".amdhsa_user_sgpr_kernarg_preload_length 4000000",
     "expected 0..32"),
    (".sgpr_count:     26", ".sgpr_count:     [1]", "metadata .sgpr_count = '[1]'"),
    (".max_flat_workgroup_size: 256", ".max_flat_workgroup_size: 4294967296", "expected 1..1024"),
])
def test_a_broken_assembly_file_is_one_line(tmp_path, capsys, old, new, words):
    text = ASM.read_text()
    assert old in text
    bad = tmp_path / "k.s"
    bad.write_text(text.replace(old, new, 1))
    for argv in (["isa", str(bad), "--shape", "256x256x256"], ["predict", "--isa", str(bad), "--shape", "256x256x256"]):
        rc, out, err, seconds = _run(argv, capsys)
        assert rc == 2 and len(err.strip().splitlines()) == 1 and words in err and seconds < 10, (argv, err)


def test_a_sass_listing_that_is_not_text_is_one_line(tmp_path, capsys):
    (tmp_path / "sass").mkdir()
    (tmp_path / "sass" / "gemm_f32.sass").write_bytes(b"\xfb\xc9\xa6\x8c")
    rows = (RESULTS / "ladder.csv").read_text().splitlines()
    (tmp_path / "ladder.csv").write_text("\n".join(rows[:2]) + "\n")
    rc, _, err, _ = _run(["compare", str(tmp_path / "ladder.csv")], capsys)
    assert rc == 2 and "gemm_f32.sass: not a SASS listing (not UTF-8 text at byte 0)" in err


def test_a_rocprof_json_nested_too_deep_is_one_line(tmp_path, capsys):
    deep = tmp_path / "results.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    rc, _, err, _ = _run(["compare", str(deep), "--shape", "1024x1024x1024"], capsys)
    assert rc == 2 and "nests its JSON too deeply" in err
