"""The large tiles at large shapes (issue 34): Nsight Compute's view beside the replay's.

    python -m validation.analyses.large DIR [--save STALLS.csv]

DIR holds what validation/device/picksmech.sh's ncu stages left: large_ncu_<shape>.csv (ncu --page
raw) and ncu_launches_<shape>.jsonl (the runner's launch log, one point per profiled launch, in
order). Prints, per profiled kernel: the kernel time (gpu__time_duration) against the replay's, the
L2 read hit rate (lts__t_sector_op_read_hit_rate) and DRAM reads (dram__bytes_read) against the tile
walk's, the achieved occupancy, how evenly the SMs were busy (sm__cycles_active avg / max) and the
largest stall reasons. It writes the rows (--save, default large_stalls.csv) in the stalls table's
columns (validation/profile.py: `gemmsim compare --stalls` reads them) plus this run's own counters.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from validation import profile

# ncu metric -> column, beyond the stalls table's (profile.STALLS_METRICS)
EXTRA_METRICS = {
    "dram__bytes_read.sum": "dram_read_bytes",
    "dram__bytes_write.sum": "dram_write_bytes",
    "lts__t_sectors_op_read.sum": "l2_read_sectors",
    "lts__t_sector_op_read_hit_rate.pct": "l2_read_hit_rate_pct",
    "lts__t_sectors_srcunit_tex_op_read.sum": "l2_read_sectors_from_sms",
    "sm__cycles_active.avg": "sm_cycles_active_avg",
    "sm__cycles_active.max": "sm_cycles_active_max",
    "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active": "tensor_active_pct",
    "lts__t_sectors.avg.pct_of_peak_sustained_elapsed": "l2_sectors_pct_of_peak",
    "dram__throughput.avg.pct_of_peak_sustained_elapsed": "dram_throughput_pct",
    "smsp__inst_executed_op_global_ld.sum": "gld_instructions",
}


def read_run(folder: Path, command: str) -> list[dict]:
    """Every profiled launch of the folder, paired with the point the runner logged for it."""
    rows = []
    for raw in sorted(folder.glob("large_ncu_*.csv")):
        shape = raw.stem.removeprefix("large_ncu_")
        log = folder / f"ncu_launches_{shape}.jsonl"
        if not log.is_file():
            continue
        launches = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
        profiled = profile.parse_ncu_raw_csv(raw.read_text())
        for row, prof in zip(profile.stalls_rows(profiled, launches, command), profiled):
            for metric, column in EXTRA_METRICS.items():
                row[column] = profile.ncu_number(prof.get(metric, ""))
            rows.append(row)
    return rows


def number(row: dict, column: str) -> float:
    try:
        return float(row.get(column, ""))
    except ValueError:
        return float("nan")


def report(rows: list[dict], saved: Path) -> None:
    from gemmsim.measurements.predictor import Predictor
    from gemmsim.measurements.stalls import read_stalls

    predictor = Predictor(Path(__file__).resolve().parents[1] / "results" / "h200" / "sass")
    print(f"{'kernel':34s} {'shape':16s} {'ncu_us':>8s} {'pred_us':>8s} {'err%':>6s}  {'L2rd%':>5s} {'pred':>5s}  "
          f"{'DRAMrd_MB':>9s} {'pred':>6s}  {'occ%':>5s} {'act/max':>7s} {'tensor%':>7s}  largest stalls (cycles per issued instruction)")
    for row, (_, point) in zip(rows, read_stalls(saved)):
        p = predictor.prediction(point)
        measured_us = number(row, "duration_ns") / 1e3
        hbm_read = (p.traffic.hbm_bytes - p.traffic.write_bytes) / 1e6
        stalls = sorted(((number(row, c), c.removeprefix("stall_")) for c in row if c.startswith("stall_")
                         and c != "stall_selected"), reverse=True)[:3]
        print(f"{row['symbol'].removeprefix('mma_preshuffle_'):34s} {point.shape:16s} {measured_us:8.1f} {p.time_us:8.1f} "
              f"{100 * (p.time_us / measured_us - 1):+6.1f}  {number(row, 'l2_read_hit_rate_pct'):5.1f} "
              f"{100 * p.traffic.l2_hit_rate:5.1f}  {number(row, 'dram_read_bytes') / 1e6:9.1f} {hbm_read:6.1f}  "
              f"{number(row, 'achieved_occupancy_pct'):5.1f} "
              f"{number(row, 'sm_cycles_active_avg') / number(row, 'sm_cycles_active_max'):7.3f} "
              f"{number(row, 'tensor_active_pct'):7.1f}  " + ", ".join(f"{name} {value:.2f}" for value, name in stalls))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m validation.analyses.large", description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path)
    p.add_argument("--save", type=Path, default=Path("large_stalls.csv"),
                   help="the rows in the stalls table's columns, plus this run's counters (default: large_stalls.csv)")
    args = p.parse_args(argv)
    rows = read_run(args.folder, "validation/device/picksmech.sh (ncu stages)")
    if not rows:
        print(f"{args.folder}: no large_ncu_<shape>.csv with its ncu_launches_<shape>.jsonl", file=sys.stderr)
        return 2
    extra = sorted({c for r in rows for c in r if c.startswith("stall_")})
    columns = profile.stalls_columns(extra)
    profile.write_csv(args.save, (*columns[:-2], *EXTRA_METRICS.values(), *columns[-2:]), rows)
    report(rows, args.save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
