"""Predicted vs measured time of every row of the FlyDSL measurements on MI325X and MI355X.

    python benchmarks/validate_amd.py [path/to/measurements.csv]          the table, MAPE, leave-one-out
    python benchmarks/validate_amd.py --fit [path/to/measurements.csv]    the effective clock factor to
                                                                          write into each GPU file

Default CSV: validation/data/amd_public.csv (published FlyDSL CI times, every row with its source;
see validation/data/README.md), then the rows of validation/data/amd_public_more.csv: the same CI's
other rows (M = 16 with wide N, M = 512, 9728x8192x8320 in fp8 and int8, the async-copy kernels), which
fit nothing, take no part in the leave-one-out refits and are reported on their own. Each row runs the
FlyDSL preshuffle GEMM with the options of its `kernel` column (copy, lds_stage, waves_per_eu), on the
GPU file of its runner, and is timed by the method of its source (validation/data/README.md, "How each
source timed"): the prediction adds what that method puts in the time beside the kernel.

One parameter per GPU is fitted to these rows: [device.clock_under_load].effective_clock_factor
(gemmsim/model/clock.py), from the rows in FIT_ROWS only (validation/data/README.md keeps the same
split). The table says of each row whether it fitted anything; the MAPE is over the rows that
fitted nothing. Leave-one-out: each row predicted with the factor fitted to the other rows of its
GPU (all of them, fit rows included), the factor of the GPU file not used. The column "MHz if
cycles right" is a diagnostic, not a fit: the clock at which the replay's cycle count would take
the measured time (compare with the clock the prediction used).
"""

from __future__ import annotations

import csv
import math
import re
import sys
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tabulate import tabulate  # noqa: E402

from gemmsim.hw import GPU, load_gpu  # noqa: E402
from gemmsim.measurements.timing import method_of_source  # noqa: E402
from gemmsim.problem import make_config, make_problem  # noqa: E402
from gemmsim.simulate import predict  # noqa: E402

DEFAULT_CSV = REPO / "validation" / "data" / "amd_public.csv"
MORE_CSV = REPO / "validation" / "data" / "amd_public_more.csv"   # validation only, never fitted
GPU_OF_RUNNER = {"MI325X": "mi325x", "MI355X": "mi355x"}
# the kernel column: "FlyDSL ... preshuffle_gemm.py (sync copy, lds_stage=2[, waves_per_eu=2])"
KERNEL_OPTIONS = re.compile(r"\((?P<copy>sync|async) copy, lds_stage=(?P<lds_stage>\d)(?:, waves_per_eu=(?P<wpe>\d))?\)")
# The rows the effective clock factor of each GPU is fitted to: per GPU the largest fp8 GEMM, the
# one closest to the full-load GEMMs the sustained clocks were measured under.
FIT_ROWS = {("mi325x", "fp8", "8192x8192x8192"), ("mi355x", "fp8", "8192x8192x8192")}
FIT_ITERATIONS = 4     # the factor scales the clock; memory latencies in ns move cycles a little
FIT_TOLERANCE = 1e-4   # relative change of the factor at which the fit stops


def row_inputs(row: dict) -> tuple[str, str, str, str]:
    gpu = next(name for marker, name in GPU_OF_RUNNER.items() if marker in row["gpu"])
    dtype = row["dtype_in"].split()[0]
    shape = f"{row['M']}x{row['N']}x{row['K']}"
    tile = row["tile"].removeprefix("tile")
    return gpu, dtype, shape, tile


def kernel_options(row: dict) -> dict:
    match = KERNEL_OPTIONS.search(row["kernel"])
    if match is None:
        raise ValueError(f"kernel {row['kernel']!r}: names no '(sync|async copy, lds_stage=N)'")
    options = {"copy": match["copy"], "lds_stage": int(match["lds_stage"])}
    if match["wpe"]:
        options["waves_per_eu"] = int(match["wpe"])
    return options


def command(row: dict) -> str:
    gpu, dtype, shape, tile = row_inputs(row)
    o = kernel_options(row)
    return (f"gemmsim predict --tile {tile} --shape {shape} --dtype {dtype} --gpu {gpu} --copy {o['copy']} "
            f"--lds-stage {o['lds_stage']}" + (f" --waves-per-eu {o['waves_per_eu']}" if "waves_per_eu" in o else ""))


def is_fit_row(row: dict) -> bool:
    return row_inputs(row)[:3] in FIT_ROWS and kernel_options(row)["copy"] == "sync"


def with_factor(gpu: GPU, factor: float) -> GPU:
    return replace(gpu, clock_under_load=replace(gpu.clock_under_load, effective_clock_factor=factor))


def predict_row(row: dict, gpu: GPU):
    _, dtype, shape, tile = row_inputs(row)
    return predict(make_problem(shape, dtype), make_config(tile, **kernel_options(row)), gpu)


def predicted_us(row: dict, gpu: GPU, p=None) -> float:
    """The time the row's source would have reported: the kernel's predicted time plus what its timing
    method adds per launch (gemmsim.measurements.timing)."""
    p = p or predict_row(row, gpu)
    return p.time_us + method_of_source(row["source"]).added_us(gpu)


def fit_factor(rows: list[dict], gpu: GPU) -> float:
    """The factor that makes the mean log error over `rows` zero (time scales about as 1/factor;
    a few multiplicative steps absorb what the memory latencies in ns add)."""
    factor = gpu.clock_under_load.effective_clock_factor
    for _ in range(FIT_ITERATIONS):
        g = with_factor(gpu, factor)
        log_ratio = sum(math.log(predicted_us(r, g) / float(r["time_us"])) for r in rows) / len(rows)
        step = math.exp(log_ratio)
        factor *= step
        if abs(step - 1) < FIT_TOLERANCE:
            break
    return factor


def leave_one_out(rows: list[dict], gpus: dict[str, GPU], predictions: list[float]) -> list[float]:
    """Signed % error of each row predicted with the factor fitted to the other rows of its GPU.
    The refit is one multiplicative step from the file's factor on the predictions already made
    (time scales as 1/factor but for the memory latencies in ns), then the left-out row is replayed."""
    errors = []
    for i, row in enumerate(rows):
        name = row_inputs(row)[0]
        others = [j for j, r in enumerate(rows) if j != i and row_inputs(r)[0] == name]
        log_ratio = sum(math.log(predictions[j] / float(rows[j]["time_us"])) for j in others) / len(others)
        factor = gpus[name].clock_under_load.effective_clock_factor * math.exp(log_ratio)
        t = predicted_us(row, with_factor(gpus[name], factor))
        errors.append(100 * (t - float(row["time_us"])) / float(row["time_us"]))
    return errors


def print_fit(rows: list[dict], gpus: dict[str, GPU]) -> None:
    for name, gpu in gpus.items():
        fit = [r for r in rows if is_fit_row(r) and row_inputs(r)[0] == name]
        factor = fit_factor(fit, gpu)
        names = "; ".join(" ".join(row_inputs(r)[1:3]) for r in fit)
        print(f"{name}: effective_clock_factor = {factor:.4f} (fitted to {names})")


def table_rows(rows: list[dict], gpus: dict[str, GPU], predictions: list, loo: list[float | None]) -> list[list]:
    table = []
    for row, p, loo_error in zip(rows, predictions, loo):
        gpu, dtype, shape, tile = row_inputs(row)
        o = kernel_options(row)
        measured = float(row["time_us"])
        t = predicted_us(row, gpus[gpu], p)
        u = p.evidence.steady_state_utilization
        s = p.evidence.stalls["grouped_fraction"]
        table.append([gpu, dtype, shape, tile, o["copy"] + (f"/wpe{o['waves_per_eu']}" if "waves_per_eu" in o else ""),
                      method_of_source(row["source"]).name, f"{measured:.2f}", f"{t:.2f}",
                      f"{100 * (t - measured) / measured:+.1f}%", "fit" if is_fit_row(row) else "-",
                      "-" if loo_error is None else f"{loo_error:+.1f}%", p.bottleneck,
                      f"{u['mfma']:.2f}/{u['lds']:.2f}/{u['vmem_bandwidth']:.2f}",
                      f"{s['vmcnt']:.2f}/{s['lgkmcnt']:.2f}/{s['barrier']:.2f}/{s['mfma_pipe']:.2f}",
                      f"{max(p.mfma_utilization, p.memory_activity):.2f}", f"{p.clock_mhz:.0f}",
                      f"{p.simulation.cycles / measured:.0f}"])
    return table


HEADERS = ["gpu", "dtype", "shape", "tile", "copy", "method", "measured us", "predicted us", "error", "fitted",
           "LOO error", "bottleneck", "mfma/lds/vmem", "stalls vm/lgkm/bar/pipe", "activity", "clock MHz",
           "MHz if cycles right"]


def errors_of(rows: list[dict], gpus: dict[str, GPU], predictions: list) -> list[float]:
    return [100 * (predicted_us(r, gpus[row_inputs(r)[0]], p) - float(r["time_us"])) / float(r["time_us"])
            for r, p in zip(rows, predictions)]


def summary(label: str, errors: list[float]) -> str:
    n = len(errors)
    return (f"{label}: MAPE {sum(abs(e) for e in errors) / n:.1f}%, mean signed {sum(errors) / n:+.1f}% over {n} rows; "
            f"{sum(abs(e) <= 15 for e in errors)} of {n} within 15%")


def main(argv: list[str]) -> int:
    fit_only = "--fit" in argv
    argv = [a for a in argv if a != "--fit"]
    path = Path(argv[0]) if argv else DEFAULT_CSV
    if not path.is_file():
        print(f"validate_amd: {path} not found (pass the CSV path as the argument)", file=sys.stderr)
        return 2
    rows = list(csv.DictReader(path.open()))
    more = list(csv.DictReader(MORE_CSV.open())) if not argv and MORE_CSV.is_file() else []
    gpus = {name: load_gpu(name) for name in sorted({row_inputs(r)[0] for r in rows + more})}
    if fit_only:
        print_fit(rows, gpus)
        return 0
    predictions = [predict_row(row, gpus[row_inputs(row)[0]]) for row in rows]
    times = [predicted_us(row, gpus[row_inputs(row)[0]], p) for row, p in zip(rows, predictions)]
    loo = leave_one_out(rows, gpus, times)
    more_predictions = [predict_row(row, gpus[row_inputs(row)[0]]) for row in more]
    print(tabulate(table_rows(rows, gpus, predictions, loo) + table_rows(more, gpus, more_predictions, [None] * len(more)),
                   headers=HEADERS, tablefmt="plain", disable_numparse=True))
    for name, gpu in gpus.items():
        load = gpu.clock_under_load
        print(f"{name}: effective_clock_factor {load.effective_clock_factor:g} "
              f"(full-load clock {gpu.clock_mhz('fp8'):g} MHz fp8 / {gpu.clock_mhz('bf16'):g} MHz bf16 published; "
              f"the factor's distance from 1 is model error)")
    methods = sorted({method_of_source(r["source"]).name for r in rows + more})
    for name in methods:
        m = method_of_source(next(r["source"] for r in rows + more if method_of_source(r["source"]).name == name))
        print(f"method {name}: {m.what}; adds {m.adds_text(gpus.values())}")
    validation = [e for r, e in zip(rows, errors_of(rows, gpus, predictions)) if not is_fit_row(r)]
    print(summary(f"{path.name}, rows that fitted nothing", validation))
    print(f"leave-one-out MAPE {sum(abs(e) for e in loo) / len(loo):.1f}% over {len(loo)} rows")
    if more:
        print(summary(f"{MORE_CSV.name} (never fitted)", errors_of(more, gpus, more_predictions)))
    print("commands:")
    for row in rows + more:
        print(f"  {command(row)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
