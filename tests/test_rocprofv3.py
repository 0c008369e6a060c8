"""rocprofv3 readers (kernel trace, kernel stats, counters, JSON) on fixtures written from the
documented formats (tests/data/rocprofv3/README.md), and gemmsim compare's AMD LDS bank-conflict report."""

import json
from pathlib import Path

import pytest

from gemmsim.cli import main
from gemmsim.errors import InputError
from gemmsim.kernel_names import dtype_in_name, parse_macro_tile
from gemmsim.measurements import rocprof
from gemmsim.measurements.compare import compare
from gemmsim.measurements.points import KernelSpec
from gemmsim.measurements.readers import named_tile, read_points

DATA = Path(__file__).resolve().parent / "data" / "rocprofv3"
SHAPE = (1024, 1024, 1024)
SPEC = KernelSpec(SHAPE, "bf16", None, True, "mi300x")


@pytest.mark.parametrize("name,tile,family,dtype", [
    ("kernel_gemm_preshuffle_fp8_64x256x128", (64, 256, 128), "flydsl", "fp8"),
    ("kernel_gemm_preshuffle_bf16_256x128x64(...)", (256, 128, 64), "flydsl", "bf16"),
    ("Cijk_Ailk_Bljk_BBS_BH_MT128x128x64_MI16x16x16x1_SN_1LDSB0_GRVW8", (128, 128, 64), "tensile", None),
    ("ck::kernel_gemm_xdl_cshuffle_v3<256x128x128x64_32x32_2x2_Intrawave_v3>", (128, 128, 64), "ck", None),
])
def test_kernel_names_give_the_tile_in_one_place(name, tile, family, dtype):
    parsed = parse_macro_tile(name)
    assert (parsed.m, parsed.n, parsed.k, parsed.family) == (*tile, family)
    assert named_tile(name) == tile and dtype_in_name(name) == dtype


def test_nvidia_library_names_are_not_taken_for_the_amd_generator():
    assert parse_macro_tile("nvjet_sm90_tst_128x256_64x4_2x1_v_bz_TNT") is not None
    assert named_tile("nvjet_sm90_tst_128x256_64x4_2x1_v_bz_TNT") is None


def test_formats_are_told_by_their_columns():
    assert [rocprof.format_of(DATA / f) for f in ("kernel_trace.csv", "kernel_trace_rocm6.3.csv", "kernel_stats.csv",
                                                  "counter_collection.csv", "results.json",
                                                  "../compare/runner_mi300x_relabelled.csv")] == \
        ["kernel_trace", "kernel_trace", "kernel_stats", "counter_collection", "json", None]


def test_kernel_trace_rocm7_layout_gives_the_median_dispatch_per_kernel():
    points = read_points(DATA / "kernel_trace.csv", SPEC)
    assert [(p.symbol, p.tile, p.dtype, p.measured_us) for p in points] == [
        ("kernel_gemm_preshuffle_fp8_64x256x128", (64, 256, 128), "fp8", pytest.approx(7.10)),    # 7.10, 7.02, 7.31
        ("kernel_gemm_preshuffle_fp8_128x128x128", (128, 128, 128), "fp8", pytest.approx(7.80))]  # 7.90, 7.70
    assert all(p.gpu == "mi300x" and (p.m, p.n, p.k) == SHAPE for p in points)   # the fill kernel is left out


def test_kernel_trace_rocm63_layout():
    points = read_points(DATA / "kernel_trace_rocm6.3.csv", SPEC)
    assert [(p.symbol, p.measured_us) for p in points] == [("kernel_gemm_preshuffle_fp8_64x256x128", pytest.approx(7.16))]


def test_kernel_stats_tiles_from_flydsl_tensile_and_ck_names():
    points = {p.symbol.split("_")[0]: p for p in read_points(DATA / "kernel_stats.csv", SPEC)}
    assert set(points) == {"kernel", "Cijk", "ck::kernel"}
    assert (points["kernel"].tile, points["kernel"].dtype, points["kernel"].measured_us) == ((64, 256, 128), "fp8",
                                                                                             pytest.approx(7.143333))
    assert (points["Cijk"].tile, points["Cijk"].dtype) == ((128, 128, 64), "bf16")     # dtype from --dtype
    assert points["ck::kernel"].tile == (128, 128, 64)


def test_a_given_tile_wins_over_the_name():
    points = read_points(DATA / "kernel_trace_rocm6.3.csv", KernelSpec(SHAPE, "fp8", (32, 64, 64), True, "mi300x"))
    assert points[0].tile == (32, 64, 64)


def test_counter_collection_one_sample_per_dispatch():
    samples = {s.dispatch_id: s for s in rocprof.read_counter_collection(DATA / "counter_collection.csv")}
    assert sorted(samples) == [1, 2, 3]
    assert samples[2].counters["SQ_LDS_BANK_CONFLICT"] == 401408 and samples[3].counters["SQ_WAVES"] == 256
    assert set(samples[2].counters) == set(rocprof.COUNTERS)
    means = rocprof.mean_counters(list(samples.values()))
    counters, dispatches = means["kernel_gemm_preshuffle_fp8_64x256x128(...)"]
    assert dispatches == 2 and counters["SQ_LDS_BANK_CONFLICT"] == 403456        # (401408 + 405504) / 2


def test_json_dispatches_and_counter_instances_summed():
    dispatches, samples = rocprof.read_results_json(DATA / "results.json")
    assert [(d.kernel, d.dispatch_id, round(d.duration_us, 2)) for d in dispatches] == [
        ("kernel_gemm_preshuffle_fp8_64x256x128", 2, 7.10), ("kernel_gemm_preshuffle_fp8_64x256x128", 3, 7.02),
        ("__amd_rocclr_fillBufferAligned", 1, 2.48)]
    assert [s.dispatch_id for s in samples] == [2, 3]
    assert samples[0].counters == {"SQ_WAVES": 256, "SQ_LDS_BANK_CONFLICT": 401408, "SQ_INSTS_LDS": 73728,
                                   "GRBM_GUI_ACTIVE": 10240}                      # four SE instances each, summed
    points = read_points(DATA / "results.json", SPEC)
    assert [(p.symbol, p.measured_us) for p in points] == [("kernel_gemm_preshuffle_fp8_64x256x128", pytest.approx(7.06))]


def test_compare_reports_lds_bank_conflicts_predicted_vs_counted():
    spec = KernelSpec(SHAPE, "fp8", None, False, "mi300x")       # the unswizzled kernel: the model predicts conflicts
    report = compare([DATA / "kernel_trace.csv", DATA / "counter_collection.csv"], spec)
    assert len(report.rows) == 2
    (row,) = report.lds_counters                                 # the fill kernel is not a GEMM
    assert row["symbol"] == "kernel_gemm_preshuffle_fp8_64x256x128" and row["tile"] == "64x256x128"
    assert row["lds_conflict_cycles_counted"] == 403456 and row["dispatches"] == 2
    assert row["lds_conflict_cycles_predicted"] > 0
    assert row["counted_over_predicted"] == pytest.approx(403456 / row["lds_conflict_cycles_predicted"], rel=1e-3)
    assert row["predicted"]["SQ_WAVES"] == 256                  # 16 x 4 workgroups of 4 waves
    assert row["predicted"]["SQ_INSTS_LDS"] > 0 and row["counters"]["SQ_INSTS_LDS"] == 73728
    swizzled = compare([DATA / "kernel_trace.csv"], KernelSpec(SHAPE, "fp8", None, True, "mi300x"),
                       counters=[DATA / "counter_collection.csv"])
    assert swizzled.lds_counters[0]["lds_conflict_cycles_predicted"] == 0      # the XOR swizzle removes them
    assert swizzled.lds_counters[0]["counted_over_predicted"] is None


def test_compare_cli_text_and_json_from_the_json_output(capsys):
    args = ["compare", str(DATA / "results.json"), "--shape", "1024x1024x1024", "--gpu", "mi300x", "--no-swizzle"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "SQ_LDS_BANK_CONFLICT" in out and "401,408" in out
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (row,) = report["lds_bank_conflicts_rocprof"]
    assert row["lds_conflict_cycles_counted"] == 401408 and row["counters"]["SQ_WAVES"] == 256


@pytest.mark.parametrize("files,extra,message", [
    (["counter_collection.csv"], [], "counters alone give no kernel time"),
    (["kernel_trace.csv"], [], "--shape"),
    (["kernel_trace.csv"], ["--counters", "kernel_stats.csv"], "not a rocprofv3 counter_collection.csv"),
    (["kernel_trace.csv"], ["--counters", "none.csv"], "none.csv: does not exist"),
])
def test_compare_input_errors_are_one_line(files, extra, message, capsys):
    shape = [] if message == "--shape" else ["--shape", "1024x1024x1024"]
    extra = [str(DATA / e) if e.endswith(".csv") else e for e in extra]
    assert main(["compare", *[str(DATA / f) for f in files], *shape, *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.pop("rocprofiler-sdk-tool"), "no 'rocprofiler-sdk-tool' list"),
    (lambda d: d["rocprofiler-sdk-tool"][0]["kernel_symbols"].pop(), "not in 'kernel_symbols'"),
    (lambda d: d["rocprofiler-sdk-tool"][0]["counters"].pop(0), "not in 'counters'"),
    (lambda d: d["rocprofiler-sdk-tool"][0]["buffer_records"]["kernel_dispatch"][0].update(end_timestamp=1),
     "end_timestamp is not after"),
    (lambda d: d["rocprofiler-sdk-tool"][0]["callback_records"]["counter_collection"][0]["records"][0].update(value=-1),
     "is not a number >= 0"),
])
def test_bad_json_is_one_line(tmp_path, mutate, message):
    data = json.loads((DATA / "results.json").read_text())
    mutate(data)
    bad = tmp_path / "results.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(InputError, match=message) as e:
        rocprof.read_results_json(bad)
    assert "\n" not in str(e.value)
    bad.write_text("{not json")
    with pytest.raises(InputError, match="not JSON"):
        rocprof.read_results_json(bad)


def test_bad_trace_rows_name_their_cell(tmp_path):
    text = (DATA / "kernel_trace.csv").read_text().replace("2417736051127100", "2417736051100000", 1)
    bad = tmp_path / "kernel_trace.csv"
    bad.write_text(text)
    with pytest.raises(InputError, match=r"kernel_trace.csv:3: column 'End_Timestamp'"):
        read_points(bad, SPEC)
    bad.write_text((DATA / "counter_collection.csv").read_text().replace("401408.000000", "-5", 1))
    with pytest.raises(InputError, match="Counter_Value.*finite number >= 0"):
        rocprof.read_counter_collection(bad)


def test_a_kernel_launched_with_several_grids_is_refused(tmp_path):
    """Several grid sizes under one name are several GEMM shapes; one --shape cannot describe them."""
    bad = tmp_path / "kernel_trace.csv"
    bad.write_text((DATA / "kernel_trace.csv").read_text().replace(",256,1,1,16384,1,1\n", ",256,1,1,32768,1,1\n", 1))
    with pytest.raises(InputError, match="ran with 2 grid sizes"):
        read_points(bad, SPEC)
    assert len(read_points(bad, KernelSpec(SHAPE, "fp8", None, True, "mi300x", kernel="128x128x128"))) == 1
