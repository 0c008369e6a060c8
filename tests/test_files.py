"""Writes that cannot corrupt: the temporary file and rename of gemmsim.files, and calibrate --write,
which refuses a description the loader would refuse or one of another GPU, leaving it untouched."""

import os

import pytest

from gemmsim.cli import main
from gemmsim.files import write_atomically
from gemmsim.hw.loader import HW_DIR
from tests.test_calibrate import _write_microbench


def test_a_write_replaces_the_file_whole_and_keeps_its_mode(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old")
    target.chmod(0o640)
    write_atomically(target, "new")
    assert target.read_text() == "new" and (target.stat().st_mode & 0o777) == 0o640
    assert os.listdir(tmp_path) == ["out.json"]


def test_a_new_file_gets_the_umask_mode_not_mkstemp_0600(tmp_path):
    write_atomically(tmp_path / "n.txt", b"x")
    umask = os.umask(0)
    os.umask(umask)
    assert ((tmp_path / "n.txt").stat().st_mode & 0o777) == 0o666 & ~umask


def test_a_failed_write_leaves_the_old_file_byte_identical_and_no_temporary(tmp_path):
    target = tmp_path / "plot.png"
    target.write_bytes(b"\x89PNG old bytes")

    def half_then_fail(tmp):
        assert tmp.suffix == ".png" and tmp.parent == tmp_path   # beside the target, with its extension
        tmp.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        write_atomically(target, writer=half_then_fail)
    assert target.read_bytes() == b"\x89PNG old bytes"
    assert os.listdir(tmp_path) == ["plot.png"]


def test_a_device_is_written_in_place_not_renamed_over(tmp_path):
    write_atomically("/dev/null", "x")
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


def test_predict_trace_goes_through_the_atomic_write(tmp_path, capsys):
    trace = tmp_path / "t.json"
    assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128", "--trace", str(trace)]) == 0
    assert trace.read_text().startswith("{") and os.listdir(tmp_path) == ["t.json"]


def _calibrate(tmp_path, hw_text, **bench):
    microbench = tmp_path / "microbench.csv"
    _write_microbench(microbench, **bench)
    hw = tmp_path / "target.toml"
    hw.write_text(hw_text)
    code = main(["calibrate", "--microbench", str(microbench), "--hw-file", str(hw), "--write"])
    return code, hw


def test_calibrate_write_refuses_fits_the_loader_would_refuse(tmp_path, capsys):
    before = (HW_DIR / "h200.toml").read_text()
    code, hw = _calibrate(tmp_path, before, lds=(-20.0, -3.0), l2_ns=-150.0, hbm_ns=-400.0, mma=-0.5)
    err = capsys.readouterr().err
    # the microbenchmark reader already refuses negative times; either way nothing is written
    assert code == 2 and err.count("\n") == 1 and "positive" in err
    assert hw.read_text() == before
    assert sorted(os.listdir(tmp_path)) == ["microbench.csv", "target.toml"]


def test_calibrate_write_refuses_another_gpus_file(tmp_path, capsys):
    before = (HW_DIR / "mi300x.toml").read_text()
    code, hw = _calibrate(tmp_path, before)
    err = capsys.readouterr().err
    assert code == 2 and "ran on NVIDIA H200" in err and "sm_90" in err and "mi300x is gfx942" in err
    assert hw.read_text() == before
