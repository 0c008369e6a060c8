"""validation.analyses.memfit: the fits recover known parameters, the committed H200 rows give the
committed h200.toml values, and bad input is one line and exit 2."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import numpy as np
import pytest

from gemmsim.errors import InputError
from gemmsim.hw import load_gpu
from validation.analyses import memfit

ROOT = Path(__file__).resolve().parents[1]
H200_CSV = ROOT / "validation" / "results" / "h200" / "microbench_memory.csv"
COLUMNS = ("bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz")


def write_rows(path: Path, rows: list[tuple]) -> Path:
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow([*r, 1980])
    return path


def synthetic_loaded(unloaded=300.0, floor=340.0, slope=10.0, peak_tb=4.5, noise=0.0, seed=0):
    """Rows of one loaded_hbm_hbm series: linear to 0.8 x peak, then a steep queue."""
    rng = np.random.default_rng(seed)
    rows = [("loaded_hbm_hbm", "blocks", 1, "latency_ns", unloaded)]
    for i, bw in enumerate(np.linspace(0.05, 1.0, 15) * peak_tb):
        blocks = 2 + i * 10
        lat = floor + slope * bw if bw <= 0.8 * peak_tb else floor + slope * bw + 400 * (bw / peak_tb - 0.8)
        lat *= 1 + noise * rng.standard_normal()
        rows += [("loaded_hbm_hbm", "blocks", blocks, "latency_ns", lat),
                 ("loaded_hbm_hbm", "blocks", blocks, "stream_bandwidth_gb_per_s", bw * 1e3)]
    return rows


def synthetic_mlp(latency_ns=400.0, plateau=130.0, sms=16, noise=0.0, seed=0):
    """Rows of one mlp series from bandwidth per SM = min(in flight / L, P)."""
    rng = np.random.default_rng(seed)
    rows = []
    for threads in (32, 64, 128, 256, 512, 1024):
        for loads in (1, 2, 4, 8, 16):
            in_flight = threads * loads * 16
            bw = min(in_flight / latency_ns, plateau) * (1 + noise * rng.standard_normal())
            bench = f"mlp_hbm_s{sms}_b1_u{loads}"
            rows += [(bench, "threads", threads, "bandwidth_gb_per_s", bw * sms),
                     (bench, "threads", threads, "bytes_in_flight_per_sm", in_flight)]
    return rows


def test_loaded_fit_recovers_slope_and_floor(tmp_path):
    path = write_rows(tmp_path / "m.csv", synthetic_loaded(noise=0.005))
    f = memfit.fit_file(path, 132).loaded_series("hbm", "hbm")
    assert f.unloaded_ns == pytest.approx(300.0)
    assert f.slope_ns_per_tb_per_s == pytest.approx(10.0, rel=0.15)
    assert f.floor_ns == pytest.approx(340.0, rel=0.01)
    assert f.slope_low <= f.slope_ns_per_tb_per_s <= f.slope_high
    assert f.fitted_up_to_tb_per_s <= 0.8 * 4.5 + 1e-9           # the queue past the knee is left out


def test_loaded_fit_is_robust_to_an_outlier(tmp_path):
    rows = synthetic_loaded()
    i = next(k for k, r in enumerate(rows) if r[2] == 32 and r[3] == "latency_ns")
    rows[i] = rows[i][:4] + (rows[i][4] * 3,)                        # one chase disturbed threefold
    f = memfit.fit_file(write_rows(tmp_path / "m.csv", rows), 132).loaded_series("hbm", "hbm")
    assert f.slope_ns_per_tb_per_s == pytest.approx(10.0, rel=0.1)


def test_mlp_fit_recovers_latency_and_plateau(tmp_path):
    path = write_rows(tmp_path / "m.csv", synthetic_mlp(noise=0.02))
    f = memfit.fit_file(path, 132).mlp_series("hbm", 16)
    assert f.latency_ns == pytest.approx(400.0, rel=0.05)
    assert f.plateau_gb_per_s_per_sm == pytest.approx(130.0, rel=0.05)
    assert f.knee_bytes_per_sm == pytest.approx(52000, rel=0.08)
    assert f.saturation_bytes_per_sm in (32768, 65536)               # the first measured point >= 95 % of P


def test_committed_h200_rows_fit_to_the_committed_toml_values():
    fit = memfit.fit_file(H200_CSV, 132)
    mem = load_gpu("h200").memory
    assert fit.loaded_series("hbm", "hbm").slope_ns_per_tb_per_s == pytest.approx(mem.hbm_latency_ns_per_tb_per_s, rel=0.02)
    assert fit.loaded_series("l2", "l2").slope_ns_per_tb_per_s == pytest.approx(mem.l2_latency_ns_per_tb_per_s, rel=0.02)
    assert fit.loaded_series("hbm", "hbm").floor_ns == pytest.approx(mem.hbm_loaded_latency_ns, rel=0.005)
    assert fit.loaded_series("l2", "l2").floor_ns == pytest.approx(mem.l2_loaded_latency_ns, rel=0.005)
    assert fit.few_sm_series("hbm").knee_bytes_per_sm == pytest.approx(mem.outstanding_bytes_per_cu, rel=0.02)
    # the unloaded chase agrees with the calibrated unloaded latencies of the first suite
    assert fit.loaded_series("hbm", "hbm").unloaded_ns == pytest.approx(mem.hbm_latency_ns, rel=0.03)
    assert fit.loaded_series("l2", "l2").unloaded_ns == pytest.approx(mem.l2_hit_latency_ns, rel=0.03)
    # all SMs saturate the HBM with fewer bytes each than one SM needs to reach its own limit
    assert fit.mlp_series("hbm", 132).knee_bytes_per_sm < fit.few_sm_series("hbm").knee_bytes_per_sm


def test_new_keys_carry_calibrated_provenance_naming_the_microbenchmark():
    gpu = load_gpu("h200")
    for key in memfit_keys():
        prov = gpu.provenance[f"[memory].{key}"]
        assert prov.kind == "calibrated"
        assert "validation/analyses/" in prov.source and "microbench_memory.csv" in prov.source


def memfit_keys():
    from gemmsim.hw.loader import OPTIONAL_MEMORY_KEYS
    return OPTIONAL_MEMORY_KEYS


@pytest.mark.parametrize("name", ["mi300x", "mi355x"])
def test_amd_descriptions_leave_the_keys_out(name):
    mem = load_gpu(name).memory
    assert all(getattr(mem, k) is None for k in memfit_keys())


@pytest.mark.parametrize("rows, message", [
    ([("chase", "buffer_bytes", 8192, "latency_ns", 20.0)], "no loaded_* or mlp_* rows"),
    ([("loaded_hbm_hbm", "blocks", 3, "latency_ns", 350.0),
      ("loaded_hbm_hbm", "blocks", 3, "stream_bandwidth_gb_per_s", 30.0)], "no unloaded row"),
    ([("loaded_hbm_hbm", "blocks", 1, "latency_ns", 310.0),
      ("loaded_hbm_hbm", "blocks", 3, "latency_ns", 350.0),
      ("loaded_hbm_hbm", "blocks", 3, "stream_bandwidth_gb_per_s", 30.0)], "the slope needs 3"),
    ([("mlp_hbm_s16_b1_u1", "threads", 32, "bandwidth_gb_per_s", 20.0)], "the fit needs 3"),
    ([("mlp_hbm_s16_b1_u1", "threads", 32, "bandwidth_gb_per_s", 20.0),
      ("mlp_hbm_s16_b1_u1", "threads", 32, "bytes_in_flight_per_sm", 999)], "is not blocks x threads x loads x 16"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, rows, message):
    path = write_rows(tmp_path / "bad.csv", rows)
    with pytest.raises(InputError, match=re.escape(message)):
        memfit.fit_file(path, 132)
    assert memfit.main([str(path), "--compute-units", "132"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("memfit: error:") and message.split()[0] in err


def test_missing_file_and_bad_compute_units(tmp_path, capsys):
    assert memfit.main([str(tmp_path / "nope.csv"), "--compute-units", "132"]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert memfit.main([str(H200_CSV), "--compute-units", "8"]) == 2   # the file has 16- and 132-SM series
    assert "more than --compute-units 8" in capsys.readouterr().err
    assert memfit.main([str(H200_CSV), "--compute-units", "0"]) == 2
    assert "must be a positive integer" in capsys.readouterr().err


def test_cli_prints_every_series():
    assert memfit.main([str(H200_CSV), "--compute-units", "132"]) == 0
