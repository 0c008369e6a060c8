"""validation/analyses/large.py: the ncu stages of validation/device/picksmech.sh paired with the
runner's launch log, written in the stalls table's columns that `gemmsim compare --stalls` reads."""
from __future__ import annotations

import json
from pathlib import Path

from gemmsim.measurements.stalls import read_stalls
from validation import profile
from validation.analyses import large

SHARING = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200" / "sharing_ncu.csv"


def test_profiled_launches_pair_with_the_logged_points_and_read_back_as_a_stalls_table(tmp_path):
    text = SHARING.read_text()
    profiled = profile.parse_ncu_raw_csv(text)[:3]
    (tmp_path / "large_ncu_64x4096x4096.csv").write_text(text)
    (tmp_path / "ncu_launches_64x4096x4096.jsonl").write_text(
        "".join(json.dumps(["large", p["Kernel Name"], 64, 4096, 4096]) + "\n" for p in profiled))
    rows = large.read_run(tmp_path, "cmd")
    assert len(rows) == 3      # as many as the log names, though the raw export has more
    assert [r["symbol"] for r in rows] == [p["Kernel Name"] for p in profiled]
    assert float(rows[0]["dram_read_bytes"]) == float(profiled[0]["dram__bytes_read.sum"].replace(",", ""))
    assert float(rows[0]["l2_read_hit_rate_pct"]) > 0 and rows[0]["stall_long_scoreboard"] != ""
    saved = tmp_path / "s.csv"
    assert large.main([str(tmp_path), "--save", str(saved)]) == 0
    assert [point.shape for _, point in read_stalls(saved)] == ["64x4096x4096"] * 3


def test_a_folder_without_the_ncu_stages_is_one_line_and_exit_2(tmp_path, capsys):
    assert large.main([str(tmp_path)]) == 2
    assert "no large_ncu_" in capsys.readouterr().err
