"""Predicted against Nsight Compute counters: shared-memory traffic and bank conflicts, DRAM reads.

The runner's ncu.csv (validation/results/*/ncu.csv) holds per profiled kernel the counters below;
the simulator's side comes from the same Program the time prediction replays.

* shared memory: load/store instructions, wavefronts (l1tex__data_pipe_lsu_wavefronts_mem_shared_
  op_{ld,st}.sum) and bank conflicts (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum).
  Predicted wavefronts are the bank-phase cycles of model.lds_banks for each instruction's lane
  addresses; predicted conflicts are the wavefronts beyond the ideal ones (per phase, its distinct
  words over the banks), the quantity ncu counts for an instruction's own lanes. ncu adds conflicts
  that no instruction's lanes make: the microbenchmark `cross` (validation/results/h200/cross_ncu.csv)
  shows none for shared loads alone (0.009 % of the wavefronts) and 0.8-2.5 % beside global loads
  through the L1, whose data banks the shared accesses share. That cross-traffic share is reported
  apart (the excess), not predicted;
* DRAM reads: the HBM bytes the tile walk predicts the kernel reads, against dram__bytes_read.sum.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gemmsim.hw import load_gpu
from gemmsim.measurements.points import MeasuredPoint
from gemmsim.measurements.predictor import Predictor, shared_key, worker_predictor
from gemmsim.measurements.readers import profiled_kernels
from gemmsim.measurements.shared import SHARED_COLUMNS, SHARED_COUNTS, SIDES, ideal_wavefronts, shared_counts  # noqa: F401
from gemmsim.parallel import run_tasks

LARGE_READ_BYTES = 100e6      # kernels reading this much are where the tile walk's reads should hold


def bank_conflicts(ncu_csv: str | Path, predictor: Predictor, workers: int | None = 1, engine: str = "local",
                   address: str | None = None) -> list[dict]:
    """Per profiled kernel: shared-memory instructions, wavefronts and bank conflicts, predicted and
    measured. The predicted counts of each kernel (its Program built, every shared access's banks
    worked out) come from the predictor's disk cache, else from `workers` processes or Ray."""
    profiled = list(profiled_kernels(ncu_csv, SHARED_COLUMNS))
    computed = {p: c for p in dict.fromkeys(p for _, p in profiled) if (c := predictor.known_shared_counts(p)) is not None}
    kernels = [p for p in dict.fromkeys(p for _, p in profiled) if p not in computed]   # not predicted with them
    keys = {p: shared_key(predictor.cache_key(p)) for p in kernels} if predictor.cache else {}
    counts = predictor.cache.get_many(list(keys.values())) if keys else {}
    todo = [p for p in kernels if keys.get(p) not in counts]
    fresh = dict(zip(todo, run_tasks(_shared_counts_task, [(predictor.sass_dir, p) for p in todo], workers=workers,
                                     engine=engine, address=address, label="shared accesses")))
    if keys and fresh:
        predictor.cache.put_many([(keys[p], p.gpu, c) for p, c in fresh.items()])
    computed.update(fresh)
    out = []
    for r, p in profiled:
        predicted = computed[p] if p in computed else counts[keys[p]]
        row = {"symbol": p.symbol, "shape": p.shape}
        for side in SIDES:
            for what in SHARED_COUNTS:
                row[f"{side}_{what}_predicted"] = predicted[side][what]
                row[f"{side}_{what}_measured"] = r.count(f"shared_{side}_{what}")
        out.append(row)
    return out


def _shared_counts_task(task: tuple[Path | None, MeasuredPoint]) -> dict[str, dict[str, int]]:
    """A pool's task: the predicted shared-memory counts of one profiled kernel (on the H200)."""
    sass_dir, p = task
    gpu = load_gpu("h200")
    program, _ = worker_predictor(sass_dir).program(p, gpu)
    return shared_counts(program, gpu)


def dram_reads(ncu_csv: str | Path, predictor: Predictor) -> list[dict]:
    """Per profiled kernel with a dram_read_bytes counter: predicted and measured DRAM reads."""
    out = []
    for r, p in profiled_kernels(ncu_csv, ("dram_read_bytes",)):
        if not r.get("dram_read_bytes"):
            continue
        out.append({"symbol": p.symbol, "shape": p.shape,
                    "dram_read_bytes_predicted": predicted_dram_read_bytes(predictor.prediction(p)),
                    "dram_read_bytes_measured": r.count("dram_read_bytes")})
    return out


def predicted_dram_read_bytes(prediction) -> int:
    """The HBM bytes a Prediction reads: its HBM traffic less what it writes."""
    traffic = prediction.traffic
    return int(round(traffic.hbm_bytes - traffic.write_bytes))


@dataclass(frozen=True)
class ConflictAgreement:
    kernels: int
    exact_ld_instructions: int
    exact_st_instructions: int
    exact_ld_conflicts: int
    exact_st_conflicts: int
    excess_matches_wavefronts: int      # counts where measured-predicted conflicts == measured-predicted wavefronts
    counts: int                         # 2 per kernel (loads, stores)
    excess_min_pct: float               # measured excess of conflicts, % of the measured wavefronts
    excess_max_pct: float
    wavefronts_within_2pct: int         # counts (of those with any wavefronts) where predicted is within 2 %
    wavefront_counts: int


def conflict_agreement(rows: list[dict]) -> ConflictAgreement:
    def exact(key):
        return sum(1 for r in rows if r[f"{key}_predicted"] == r[f"{key}_measured"])

    same_excess = sum(1 for r in rows for side in SIDES
                      if r[f"{side}_wavefronts_measured"] - r[f"{side}_wavefronts_predicted"]
                      == r[f"{side}_bank_conflicts_measured"] - r[f"{side}_bank_conflicts_predicted"])
    excess = [(r[f"{side}_bank_conflicts_measured"] - r[f"{side}_bank_conflicts_predicted"])
              / max(1, r[f"{side}_wavefronts_measured"]) for r in rows for side in SIDES]
    measured = [(r[f"{side}_wavefronts_predicted"], r[f"{side}_wavefronts_measured"]) for r in rows for side in SIDES
                if r[f"{side}_wavefronts_measured"] > 0]
    within = sum(1 for p, m in measured if abs(p - m) <= 0.02 * m)
    return ConflictAgreement(len(rows), exact("ld_instructions"), exact("st_instructions"), exact("ld_bank_conflicts"),
                             exact("st_bank_conflicts"), same_excess, 2 * len(rows), 100 * min(excess), 100 * max(excess),
                             within, len(measured))


@dataclass(frozen=True)
class DramAgreement:
    kernels: int
    median_ratio: float | None          # predicted / measured DRAM reads (None: no kernel read any)
    min_ratio: float | None
    max_ratio: float | None
    large_kernels: int                  # those reading at least LARGE_READ_BYTES
    large_median_ratio: float | None
    large_min_ratio: float | None
    large_max_ratio: float | None


def dram_agreement(rows: list[dict]) -> DramAgreement:
    def ratios(min_bytes):
        return np.array([r["dram_read_bytes_predicted"] / r["dram_read_bytes_measured"] for r in rows
                         if r["dram_read_bytes_measured"] > 0 and r["dram_read_bytes_measured"] >= min_bytes])

    def spread(values):
        return (float(np.median(values)), float(values.min()), float(values.max())) if len(values) else (None,) * 3

    every, large = ratios(0), ratios(LARGE_READ_BYTES)
    return DramAgreement(len(every), *spread(every), len(large), *spread(large))
