"""Measured against predicted, from the files to the report: what `gemmsim compare` does.

The pieces, one job each: readers (points out of the runner's, rocprofv3's and Nsight Compute's
CSVs, rocprofv3's JSON; rocprof the rocprofv3 formats), predictor (which Program a measured kernel is, and its prediction), saved (predictions kept
in a file), stats (error, rank correlation, tile picks), ncu (predicted against Nsight Compute
counters), amd_counters (predicted against rocprofv3 counters: LDS bank conflicts). Formatting lives in gemmsim.report.compare.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.measurements import amd_counters, ncu, rocprof
from gemmsim.measurements.points import KernelSpec
from gemmsim.measurements.predictor import Predictor, compare_points
from gemmsim.measurements.readers import profiled_kernels, read_points
from gemmsim.measurements.shared import SHARED_COLUMNS
from gemmsim.measurements.saved import compared_from_file, save_predictions
from gemmsim.measurements.stats import Report, build_report
from gemmsim.tuning.cache import PredictionCache


def compare(results: list[str | Path], spec: KernelSpec | None = None, gpu: str | None = None,
            sass_dir: str | Path | None = None, predictions: str | Path | None = None,
            save: str | Path | None = None, ncu_csv: str | Path | None = None, dram: bool = False,
            counters: list[str | Path] = (), kernel: str | None = None, workers: int | None = 1,
            engine: str = "local", address: str | None = None, cache: PredictionCache | None = None) -> Report:
    """Every measured point of `results` with its prediction and the statistics.

    gpu overrides every point's GPU; sass_dir (default sass/ beside the first file) holds the
    sm_90 listings; predictions takes the predictions from a file a `save` run wrote instead of
    replaying; ncu_csv (default ncu.csv beside the first file, for runner CSVs) adds the bank
    conflict comparison, and `dram` the DRAM-read one. rocprofv3 counter files (counter_collection.csv
    among `results` or in `counters`, and the counters of a rocprofv3 JSON) add the LDS bank
    conflicts predicted against SQ_LDS_BANK_CONFLICT. kernel (a regular expression) keeps only the
    runner CSVs' points whose symbol it matches (a profiler export's kernels are chosen by spec.kernel).
    workers, engine, address: the processes (or Ray cluster) that predict the distinct kernels
    (gemmsim.parallel; the figures do not depend on them); cache: predictions kept on disk."""
    kinds = {str(path): rocprof.format_of(path) for path in [*results, *counters]}
    for path in counters:
        if kinds[str(path)] not in ("counter_collection", "json"):
            raise InputError(f"--counters {str(path)!r}: not a rocprofv3 counter_collection.csv or JSON output"
                             + ("" if Path(path).is_file() else " (no such file)"))
    timed = [path for path in results if kinds[str(path)] != "counter_collection"]
    counter_files = [path for path in [*results, *counters] if kinds[str(path)] in ("counter_collection", "json")]
    if not timed:
        raise InputError(f"{', '.join(map(str, results))}: counters alone give no kernel time; give the rocprofv3 "
                         f"kernel_trace.csv, kernel_stats.csv or JSON of the run too")
    points = [p for path in timed for p in read_points(path, spec, gpu)]
    if kernel and spec is None:
        pattern = KernelSpec((1, 1, 1), kernel=kernel).kernel_pattern
        points = [p for p in points if pattern.search(p.symbol)]
        if not points:
            raise InputError(f"no point of {', '.join(map(str, results))} has a symbol that matches --kernel {kernel!r}")
    if gpu:
        points = [replace(p, gpu=gpu) for p in points]
    first_dir = Path(results[0]).parent
    sass_dir = Path(sass_dir) if sass_dir else first_dir / "sass"
    predictor = Predictor(sass_dir if sass_dir.is_dir() else None, cache)
    skipped: list[str] = []
    counters_csv = Path(ncu_csv) if ncu_csv else first_dir / "ncu.csv"
    with_conflicts = bool(ncu_csv) or (counters_csv.is_file() and spec is None)
    if predictions:
        compared = compared_from_file(points, predictions)
    else:
        compared = compare_points(points, predictor, skipped, workers, engine, address,
                                  _profiled(counters_csv) if with_conflicts else [])
    if not compared:
        raise InputError(f"no point of {', '.join(map(str, results))} could be predicted: "
                         f"{skipped[0] if skipped else 'no rows'}")
    if save:
        save_predictions(compared, save)
    conflicts = ncu.bank_conflicts(counters_csv, predictor, workers, engine, address) if with_conflicts else []
    report = build_report(compared, conflicts, skipped)
    if dram:
        report.dram = ncu.dram_reads(counters_csv, predictor)
    for path in counter_files:
        samples = (rocprof.read_results_json(path)[1] if kinds[str(path)] == "json"
                   else rocprof.read_counter_collection(path))
        if samples:
            report.lds_counters += amd_counters.lds_bank_conflicts(samples, _need_spec(spec, path), predictor,
                                                                   Path(path).name, report.skipped)
    return report


def _profiled(ncu_csv: Path) -> list:
    """The kernels of the Nsight Compute table whose shared-memory counts the comparison will want
    (their Programs are built for their predictions anyway); none where the table does not read:
    ncu.bank_conflicts then says why, as before."""
    try:
        return [p for _, p in profiled_kernels(ncu_csv, SHARED_COLUMNS)]
    except InputError:
        return []


def _need_spec(spec: KernelSpec | None, path) -> KernelSpec:
    if spec is None:
        raise InputError(f"{path}: rocprofv3 counters do not say which GEMM ran; give --shape (and --dtype, --gpu)")
    return spec
