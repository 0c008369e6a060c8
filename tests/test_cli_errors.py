"""The one top-level handler: bad input is one line and exit 2, a bug is one line and exit 70,
and --debug adds the traceback."""

import gemmsim.cli.predict
from gemmsim.cli import main
from gemmsim.errors import InputError


def _patch_predict(monkeypatch, exc):
    def explode(args):
        raise exc
    monkeypatch.setattr(gemmsim.cli.predict, "run", explode)


def test_a_bug_is_one_line_and_exit_70(monkeypatch, capsys):
    _patch_predict(monkeypatch, ZeroDivisionError("division by zero"))
    assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("gemmsim: internal error: ZeroDivisionError: division by zero")
    assert "Reporting bugs" in err and "--debug" in err


def test_debug_shows_the_traceback_anywhere_on_the_line(monkeypatch, capsys):
    _patch_predict(monkeypatch, KeyError("x"))
    assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128", "--debug"]) == 70
    err = capsys.readouterr().err
    assert "Traceback" in err and err.rstrip().splitlines()[-1].startswith("gemmsim: internal error: KeyError")


def test_bad_input_and_a_user_file_error_are_one_line_and_exit_2(monkeypatch, capsys):
    _patch_predict(monkeypatch, InputError("shape 'x' is malformed"))
    assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128"]) == 2
    assert capsys.readouterr().err == "gemmsim: error: shape 'x' is malformed\n"
    _patch_predict(monkeypatch, PermissionError(13, "Permission denied", "/x/y.csv"))
    assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128"]) == 2
    assert capsys.readouterr().err == "gemmsim: error: /x/y.csv: Permission denied\n"


def test_a_nan_in_a_gpu_file_is_exit_2_not_a_nan_time(tmp_path, capsys):
    from gemmsim.hw.loader import HW_DIR
    path = tmp_path / "nan.toml"
    path.write_text((HW_DIR / "mi300x.toml").read_text().replace("hbm_latency_ns = { value = 428",
                                                                  "hbm_latency_ns = { value = nan"))
    assert main(["predict", "--shape", "256x256x256", "--tile", "64x256x128", "--gpu", str(path)]) == 2
    out = capsys.readouterr()
    assert "nan" not in out.out and "hbm_latency_ns = nan" in out.err
