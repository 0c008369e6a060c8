"""gemmsim calibrate: fits from the microbenchmarks only, written with their provenance."""

import csv
import json
import re
import tomllib
from pathlib import Path

import pytest

from gemmsim.validate.calibrate import calibrate, fit_all, read_microbench
from gemmsim.cli import main
from gemmsim.errors import InputError
from gemmsim.hw import load_gpu
from gemmsim.hw.loader import HW_DIR

ROOT = Path(__file__).resolve().parents[1]
MICROBENCH = ROOT / "validation" / "results" / "h200" / "microbench.csv"
H200 = HW_DIR / "h200.toml"


def calibrated_entries(data: dict):
    """(name, entry) of every value of kind 'calibrated' in a parsed description."""
    def walk(table, prefix):
        for key, val in table.items():
            if isinstance(val, dict) and val.get("kind") == "calibrated":
                yield f"{prefix}{key}", val
            elif isinstance(val, dict) and key != "sources":
                yield from walk(val, f"{prefix}{key}.")
    yield from walk(data, "")
    for m in data.get("matrix", []):
        if m.get("kind") == "calibrated":
            yield f"matrix {m['opcode']}", m


def test_every_calibrated_value_names_its_file_rows_and_residual():
    data = tomllib.loads(H200.read_text())
    entries = list(calibrated_entries(data))
    assert len(entries) >= 6
    for name, entry in entries:
        text = data["sources"].get(entry["source"], "")
        assert re.search(r"validation/results/h200/microbench(_extra)?\.csv", text), name
        assert re.search(r"rows bench=\w+ metric=\w+", text), name
        assert "residual" in text or "deviation" in text, name


def test_the_committed_description_is_what_calibrate_writes():
    """No drift: fitting the committed microbenchmarks again changes nothing in h200.toml."""
    _, current, calibrated = calibrate(MICROBENCH, H200)
    assert calibrated == current


def test_calibrated_values_reach_the_gpu_object():
    gpu = load_gpu("h200")
    assert gpu.lds.latency_cycles == 29
    assert gpu.memory.l2_hit_latency_ns == pytest.approx(142.3)
    assert gpu.memory.hbm_latency_ns == pytest.approx(312.7)
    assert 4.3e12 < gpu.memory.hbm_achievable_bytes_per_s < 4.5e12
    assert 4000 < gpu.memory.l2_read_bytes_per_clk_per_xcd < 5000
    assert next(m for m in gpu.matrix if m.opcode == "mma.sync.m16n8k16.bf16").cycles == 7
    assert gpu.provenance["[lds].latency_cycles"].kind == "calibrated"
    assert 5 < load_gpu(H200).launch_overhead_us < 10


def _write_microbench(path: Path, lds=(20.0, 3.0), l2_ns=150.0, hbm_ns=400.0, bw=3.0e12, overhead_us=5.0, mma=0.5):
    rows = [("shared", "conflict_ways", w, "latency_cycles", lds[0] + lds[1] * (w - 1)) for w in (1, 2, 4, 8, 16, 32)]
    rows += [("chase", "buffer_bytes", b, "latency_ns", l2_ns) for b in (1 << 20, 4 << 20, 16 << 20)]
    rows += [("chase", "buffer_bytes", b, "latency_cycles", 40.0) for b in (8192, 32768)]
    rows += [("chase", "buffer_bytes", 256 << 20, "latency_ns", hbm_ns)]
    rows += [("copy", "buffer_bytes", b, "bandwidth_gb_per_s", 2 * b / (overhead_us * 1e-6 + 2 * b / bw) / 1e9)
             for b in (8 << 20, 32 << 20, 256 << 20)]
    rows += [("mma_sync", "chains", 4, "mma_per_cycle_per_sm", mma), ("mma_sync", "chains", 1, "latency_cycles", 30.0),
             ("ffma", "chains", 8, "ffma_per_cycle_per_sm", 128.0), ("ffma", "chains", 1, "latency_cycles", 4.0),
             ("barrier", "threads", 32, "cycles_per_barrier", 10.0), ("barrier", "threads", 64, "cycles_per_barrier", 12.0)]
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz", "device", "driver", "command"])
        for r in rows:
            w.writerow([*r, 1980.0, "test", "0", "synthetic"])


def test_fits_recover_known_parameters(tmp_path):
    path = tmp_path / "microbench.csv"
    _write_microbench(path)
    fitted = {f.key: f for f in fit_all(read_microbench(path), load_gpu("h200"))}
    assert fitted["latency_cycles"].value == 20
    assert fitted["l2_hit_latency_ns"].value == pytest.approx(150.0)
    assert fitted["hbm_latency_ns"].value == pytest.approx(400.0)
    assert fitted["hbm_achievable_bytes_per_s"].value == pytest.approx(3.0e12, rel=1e-3)
    assert fitted["launch_overhead_us"].value == pytest.approx(5.0, abs=0.01)
    assert fitted["mma.sync.m16n8k16.bf16"].value == 8          # 4 sub-partitions / 0.5
    assert not fitted["barrier_cycles"].write                   # measured, no model parameter


def test_write_rewrites_only_the_fitted_lines_and_is_deterministic(tmp_path, capsys):
    bench = tmp_path / "microbench.csv"
    _write_microbench(bench)
    hw = tmp_path / "h200.toml"
    hw.write_text(H200.read_text())
    assert main(["calibrate", "--microbench", str(bench), "--hw-file", str(hw)]) == 0
    assert "+latency_cycles = { value = 20" in capsys.readouterr().out
    assert hw.read_text() == H200.read_text()                   # without --write nothing changes
    assert main(["calibrate", "--microbench", str(bench), "--hw-file", str(hw), "--write"]) == 0
    first = hw.read_text()
    assert main(["calibrate", "--microbench", str(bench), "--hw-file", str(hw), "--write"]) == 0
    assert hw.read_text() == first
    changed = [a for a, b in zip(H200.read_text().splitlines(), first.splitlines()) if a != b]
    assert all(re.match(r"^(latency_cycles|l2_hit|hbm_|mall_bytes_per_s|launch_overhead|cycles|calib_|note|kind|source)", ln)
               or ln.startswith(("calib", "[")) for ln in changed), changed
    assert load_gpu(str(hw)).lds.latency_cycles == 20


def test_the_default_paths_work_from_any_directory(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["calibrate", "--json"]) == 0
    fitted = json.loads(capsys.readouterr().out)
    assert any(f["section"] == "lds" and f["key"] == "latency_cycles" for f in fitted)


def test_missing_rows_and_files_are_one_line_errors(tmp_path, capsys):
    assert main(["calibrate", "--microbench", str(tmp_path / "none.csv")]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and len(err.strip().splitlines()) == 1
    assert main(["calibrate", "--hw-file", str(tmp_path / "none.toml")]) == 2
    assert "does not exist" in capsys.readouterr().err
    bad = tmp_path / "bad.csv"
    bad.write_text("bench,param_name,param_value,metric,value,sm_clock_mhz\nchase,buffer_bytes,8192,latency_ns,20,1980\n")
    with pytest.raises(InputError, match="bench=shared"):
        fit_all(read_microbench(bad), load_gpu("h200"))


def test_extra_rows_take_over_bandwidths_and_rates(tmp_path):
    """With microbench_extra.csv beside the file: HBM from the read bench, L2 from the L2-resident
    reads (4 MiB left out), mma.sync from the by-difference rate; sources name the extra file."""
    bench = tmp_path / "microbench.csv"
    _write_microbench(bench)
    with (tmp_path / "microbench_extra.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz", "device", "driver", "command"])
        for row in (("hbm_read", "buffer_bytes", 2 << 30, "read_bandwidth_gb_per_s", 4000.0),
                    ("l2_read", "buffer_bytes", 4 << 20, "read_bandwidth_gb_per_s", 20000.0),
                    ("l2_read", "buffer_bytes", 16 << 20, "read_bandwidth_gb_per_s", 7920.0),
                    ("l2_read", "buffer_bytes", 32 << 20, "read_bandwidth_gb_per_s", 7920.0),
                    ("launch", "threads", 32, "event_time_us", 11.0),
                    ("l1_lines", "lines_per_load", 2, "ldg_per_cycle_per_sm", 0.5),
                    ("mma_sync", "chains", 4, "mma_per_cycle_per_sm_by_difference", 0.4),
                    ("ffma", "chains", 8, "ffma_per_cycle_per_sm_by_difference", 128.0)):
            w.writerow([*row, 1980.0, "test", "0", "synthetic"])
    hw = tmp_path / "h200.toml"
    hw.write_text(H200.read_text())
    fitted, _, text = calibrate(bench, hw)
    values = {f.key: f.value for f in fitted if f.write}
    assert values["hbm_achievable_bytes_per_s"] == pytest.approx(4.0e12)
    assert values["l2_read_bytes_per_clk_per_xcd"] == 4000               # 7920 GB/s / 1.98 GHz
    assert values["mma.sync.m16n8k16.bf16"] == 10
    data = tomllib.loads(text)
    assert "microbench_extra.csv, rows bench=l2_read" in data["sources"]["calib_memory_l2_read_bytes_per_clk_per_xcd"]
    assert "microbench_extra.csv, rows bench=mma_sync" in data["sources"]["calib_matrix_mma_sync_m16n8k16_bf16"]
    assert "microbench.csv, rows bench=copy" in data["sources"]["calib_device_launch_overhead_us"]
