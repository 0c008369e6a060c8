"""`gemmsim isa` and `gemmsim predict --isa` through the main CLI."""

import json
from pathlib import Path

import pytest

from gemmsim.cli import main

DATA = Path(__file__).parent / "data" / "isa"
GFX942 = DATA / "preshuffle_gemm_gfx942.s"
KERNEL = "preshuffle_bf16_m64n256k64_swz0_hint0"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_report(capsys):
    code, out, err = run(capsys, "isa", GFX942, "--kernel", KERNEL, "--shape", "4096x4096x4096")
    assert code == 0 and not err
    assert "v_mfma 128, s_barrier 2, buffer_load 20, global_load 0, ds_read 16, ds_write 4" in out
    assert "MFMA ratio" in out and "(good)" in out
    assert "exact from the loop counter" in out
    assert "grid             64 x 16 workgroups" in out
    # no swizzle on gfx942: every A read of the hot loop is 4-way conflicted
    rows = [line.split() for line in out.splitlines() if "ds_read_b128" in line and line.rstrip().endswith("yes")]
    assert rows and all(r[-2] == "4" for r in rows)


def test_json_report_is_deterministic(capsys):
    argv = ("isa", f"{GFX942}:{KERNEL}", "--json", "--shape", "1024x1024x2048")
    _, first, _ = run(capsys, *argv)
    _, second, _ = run(capsys, *argv)
    assert first == second
    report = json.loads(first)
    assert report["kernel"] == KERNEL and report["hot_loop"]["counts"]["v_mfma"] == 128
    assert report["resources"]["lds_bytes"] == 16384 and report["occupancy"]["limited_by"] == "vgpr"
    hot_reads = [r for r in report["lds_accesses"] if r["in_hot_loop"] and r["opcode"] == "ds_read_b128"]
    assert len(hot_reads) == 16 and all(r["conflict_cycles"] == 24 for r in hot_reads)


def test_list_and_errors(capsys):
    code, out, _ = run(capsys, "isa", GFX942, "--list")
    assert code == 0 and KERNEL in out.split()
    code, out, err = run(capsys, "isa", GFX942)
    assert code == 2 and err.startswith("gemmsim: error:") and "--kernel" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "isa", DATA / "missing.s")
    assert code == 2 and "missing.s: does not exist" in err
    code, _, err = run(capsys, "isa", GFX942, "--kernel", KERNEL, "--trip-count", "0")
    assert code == 2 and "trip count 0" in err
    code, _, err = run(capsys, "isa", GFX942, "--kernel", KERNEL, "--gpu", "mi355x")
    assert code == 2 and "compiled for gfx942" in err


def test_predict_from_assembly(capsys):
    pytest.importorskip("gemmsim.simulate", reason="gemmsim.simulate (the timing model) is not built yet")
    code, out, err = run(capsys, "predict", "--isa", f"{GFX942}:{KERNEL}", "--shape", "2048x2048x2048",
                         "--dtype", "bf16", "--gpu", "mi300x", "--json")
    assert code == 0, err
    p = json.loads(out)
    assert p["time_us"] >= p["roofline_us"] > 0
    assert p["kernel"]["source"].endswith(KERNEL) and p["kernel"]["grid"] == [32, 8]
