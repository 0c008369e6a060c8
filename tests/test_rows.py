"""Every reader names the first bad row: file:line, column, value and the rule it breaks."""

import csv
import gzip
import json
import shutil
import warnings
from pathlib import Path

import pytest

from gemmsim.workloads import models
from gemmsim.workloads.torch_trace import read_trace
from gemmsim.cli import main
from gemmsim.errors import InputError
from gemmsim.measurements.calibrate import read_microbench
from gemmsim.measurements.points import KernelSpec
from gemmsim.measurements.readers import profiled_kernels, read_points
from gemmsim.measurements.saved import compared_from_file

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "compare"
RESULTS = ROOT / "validation" / "results" / "h200"


def lines_of(path: Path, count: int) -> list[str]:
    return path.read_text().splitlines()[:count]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n")
    return path


def runner(tmp_path, column=None, value=None, line=2) -> Path:
    """The first two rows of the H200 ladder CSV, `column` of file line `line` set to `value`."""
    rows = lines_of(RESULTS / "ladder.csv", 3)
    if column:
        header = rows[0].split(",")
        cells = rows[line - 1].split(",")
        cells[header.index(column)] = value
        rows[line - 1] = ",".join(cells)
    return write(tmp_path / "ladder.csv", rows)


def refused(call, *parts):
    with pytest.raises(InputError) as err:
        call()
    message = str(err.value)
    assert "\n" not in message and all(p in message for p in parts), message
    return message


@pytest.mark.parametrize("column, value, rule", [
    ("M", "128.5", "is not a positive integer"), ("N", "abc", "is not a positive integer"),
    ("K", "-128", "is not a positive integer"), ("M", "0", "is not a positive integer"),
    ("kernel_time_us", "nan", "is not a positive finite number"),
    ("kernel_time_us", "inf", "is not a positive finite number"),
    ("kernel_time_us", "-3", "is not a positive finite number"),
    ("kernel_time_us", "0", "is not a positive finite number"),
    ("regs_per_thread", "1.5", "is not a positive integer"), ("tile_mxnxk", "axbxc", "is not a tile MxNxK"),
    ("swizzle", "maybe", "is not one of"), ("device", "RTX 9090", "names no GPU"),
])
def test_runner_csv_names_the_bad_cell(tmp_path, column, value, rule):
    path = runner(tmp_path, column, value, line=3)
    message = refused(lambda: read_points(path), f"{path}:3: column {column!r}: value {value!r} {rule}")
    assert message.startswith(f"{path}:3: column {column!r}: value {value!r} {rule}")


def test_runner_csv_short_row_missing_column_binary_and_empty(tmp_path):
    rows = lines_of(RESULTS / "ladder.csv", 3)
    short = write(tmp_path / "short.csv", rows[:2] + [rows[2].rsplit(",", 5)[0]])
    refused(lambda: read_points(short), f"{short}:3: the row has", "fields, the header")
    header = rows[0].split(",")
    i = header.index("K")
    missing = write(tmp_path / "missing.csv", [",".join(r.split(",")[:i] + r.split(",")[i + 1:]) for r in rows])
    refused(lambda: read_points(missing), "not a runner CSV: missing column 'K'")
    binary = tmp_path / "bin.csv"
    binary.write_bytes(b"\xff\xfe\x00\x81garbage")
    refused(lambda: read_points(binary), "bin.csv")
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    refused(lambda: read_points(empty), "empty file")


def test_failed_runs_are_still_skipped(tmp_path):
    path = runner(tmp_path, "status", "failed", line=3)
    assert len(read_points(path)) == 1


def test_truncated_ncu_export_and_bad_time(tmp_path):
    rows = lines_of(DATA / "ncu_raw_sample.csv", 4)
    cut = write(tmp_path / "cut.csv", rows[:3] + [rows[3][:25]])
    refused(lambda: read_points(cut, KernelSpec((512, 512, 512))), f"{cut}:4: the row has")
    bad = write(tmp_path / "bad.csv", rows[:2] + [rows[2].replace('"12,512"', '"nan"')])
    refused(lambda: read_points(bad, KernelSpec((512, 512, 512))),
            f"{bad}:3: column 'gpu__time_duration.sum': value 'nan' is not a positive finite number")


def test_rocprof_negative_average(tmp_path):
    rows = lines_of(DATA / "rocprof_kernel_stats_mi325x.csv", 3)
    bad = write(tmp_path / "stats.csv", [rows[0], rows[1].replace(",345550.000000,", ",-5,", 1), rows[2]])
    refused(lambda: read_points(bad, KernelSpec((512, 512, 512), tile=(64, 256, 128))),
            f"{bad}:2: column 'AverageNs': value '-5' is not a positive finite number")


def test_kernel_pattern_that_does_not_compile():
    refused(lambda: KernelSpec((1, 1, 1), kernel="("), "--kernel '(' is not a regular expression")


def test_runners_ncu_table_counts(tmp_path):
    with (RESULTS / "ncu.csv").open(newline="") as f:
        header, cells = list(csv.reader(f))[:2]
    cells[header.index("shared_ld_bank_conflicts")] = "-1"
    bad = tmp_path / "ncu.csv"
    with bad.open("w", newline="") as f:
        csv.writer(f).writerows([header, cells])
    column = "shared_ld_bank_conflicts"
    refused(lambda: [r.count(column) for r, _ in profiled_kernels(bad, (column,))],
            f"{bad}:2: column {column!r}: value '-1' is not a count")
    refused(lambda: list(profiled_kernels(bad, ("shared_xx",))), "missing column 'shared_xx'")


def test_predictions_file(tmp_path):
    points = read_points(RESULTS / "ladder.csv")[:1]
    rows = lines_of(ROOT / "tests" / "data" / "compare" / "h200_predicted.csv", 2)
    good = write(tmp_path / "p.csv", rows)
    assert compared_from_file(points, good)[0].predicted_us == float(rows[1].split(",")[7])
    predicted = rows[1].split(",")[7]
    bad = write(tmp_path / "bad.csv", [rows[0], rows[1].replace(f",{predicted},", ",nan,")])
    refused(lambda: compared_from_file(points, bad), f"{bad}:2: column 'predicted_us': value 'nan'")
    short = write(tmp_path / "short.csv", [rows[0].rsplit(",", 1)[0]] + [r.rsplit(",", 1)[0] for r in rows[1:]])
    refused(lambda: compared_from_file(points, short), "missing column 'bottleneck'")


@pytest.mark.parametrize("column, value", [("value", "-39.6"), ("value", "nan"), ("param_value", "8192.5"),
                                           ("sm_clock_mhz", ""), ("value", "0")])
def test_microbenchmark_rows(tmp_path, column, value):
    rows = lines_of(RESULTS / "microbench.csv", 3)
    header = rows[0].split(",")
    cells = rows[2].split(",")
    cells[header.index(column)] = value
    bad = write(tmp_path / "microbench.csv", rows[:2] + [",".join(cells)])
    refused(lambda: read_microbench(bad), f"{bad}:3: column {column!r}: value {value!r}")


def test_calibrate_cli_one_line_for_negative_microbenchmarks(tmp_path, capsys):
    bad = tmp_path / "microbench.csv"
    bad.write_text("\n".join(r if i == 0 else r.replace(",1980.0,", ",-1980.0,")
                             for i, r in enumerate((RESULTS / "microbench.csv").read_text().splitlines())) + "\n")
    hw = tmp_path / "h200.toml"
    shutil.copy(ROOT / "gemmsim" / "hw" / "h200.toml", hw)
    assert main(["calibrate", "--microbench", str(bad), "--hw-file", str(hw), "--write"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a positive finite number" in err
    assert hw.read_bytes() == (ROOT / "gemmsim" / "hw" / "h200.toml").read_bytes()


# --- traces and configs ------------------------------------------------------------------------------

def mm_trace(tmp_path, **changes) -> Path:
    event = {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 0.0, "dur": 5.0,
             "args": {"External id": 1, "Input Dims": [[64, 32], [32, 16]], "Input type": ["c10::BFloat16"] * 2}}
    event.update(changes)
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"traceEvents": [event]}))
    return path


@pytest.mark.parametrize("changes, problem", [
    ({"ts": float("nan")}, "has ts nan: it must be finite"),
    ({"dur": -5.0}, "has dur -5.0: it must be finite and >= 0"),
    ({"dur": float("inf")}, "must be finite and >= 0"),
    ({"args": [1, 2]}, "args is list, expected an object"),
    ({"args": "x"}, "args is str, expected an object"),
    ({"pid": [1]}, "pid is list, expected a number or a string"),
    ({"args": {"External id": {}, "Input Dims": [[4, 4], [4, 4]]}}, "External id is dict"),
    ({"args": {"Input Dims": [[1 << 40, 2], [2, 2]]}}, "every dimension must be between 0 and"),
    ({"args": {"Input Dims": [[-3, 2], [2, 2]]}}, "every dimension must be between 0 and"),
])
def test_trace_events_out_of_their_domain(tmp_path, changes, problem):
    path = mm_trace(tmp_path, **changes)
    refused(lambda: read_trace(path), str(path), problem)


def test_trace_dims_whose_product_is_too_large(tmp_path):
    path = mm_trace(tmp_path, name="aten::linear",
                    args={"Input Dims": [[1 << 31, 1 << 31, 8], [8, 8]], "Input type": ["c10::BFloat16"] * 2})
    refused(lambda: read_trace(path), "every GEMM dimension must be at most")


@pytest.mark.parametrize("compress", [False, True])
def test_trace_nested_too_deep(tmp_path, compress):
    text = b"[" * 100_000 + b"]" * 100_000
    path = tmp_path / "deep.json"
    path.write_bytes(gzip.compress(text) if compress else text)
    refused(lambda: read_trace(path), "nests its JSON too deeply")


def test_config_nested_too_deep(tmp_path):
    path = tmp_path / "config.json"
    path.write_text('{"a":' * 100_000)
    refused(lambda: models.from_config_json(path), "nests its JSON too deeply")


@pytest.mark.parametrize("pattern", ["(", "[[\\a"])   # the second also draws a FutureWarning from re
def test_compare_cli_kernel_pattern_is_one_line(capsys, pattern):
    with warnings.catch_warnings():
        warnings.simplefilter("error")     # a warning would be a second line on stderr
        rc = main(["compare", str(DATA / "rocprof_kernel_stats_mi325x.csv"), "--shape", "64x64x64", "--kernel", pattern])
    assert rc == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a regular expression" in err


def test_a_trace_whose_input_type_is_not_a_name_is_one_line(tmp_path, capsys):
    """Found by benchmarks/fuzz.py: a list where the type name belongs reached a dict key (exit 70)."""
    import json
    from gemmsim.cli import main
    event = {"ph": "X", "cat": "cpu_op", "name": "aten::bmm", "ts": 0, "dur": 1, "pid": 1, "tid": 1,
             "args": {"External id": 3, "Input Dims": [[32, 256, 64], [32, 64, 256]], "Input type": [[1, 2], [2, 1]]}}
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"traceEvents": [event]}))
    assert main(["trace", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Input type" in err
