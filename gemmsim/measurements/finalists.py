"""Measure a ranking's finalists on this machine's GPU: `gemmsim tune ... --measure-top K`.

The simulation prunes the space; the GPU settles the last few. The top K candidates are built and timed
by the project's own runner (validation/run.py: kernels/ built by nvcc, or hipcc on AMD; per kernel 5
warm-ups and the median of at least 21 event-timed launches with the host's launch call hidden behind a
held GPU; the output checked against a reference), run as a separate process whose CSV is read back with
the runner's reader (gemmsim.measurements.readers). gemmsim imports nothing of validation/: the runner
lives in the repository, beside the package, and is reached through its command line, a template

    {python} -m validation.run --suite shapes --backend {backend} --shapes {shape} --kernels {kernels} --out {out}

run in the current directory (the repository's root) with {python} this interpreter, {backend} cuda or
hip (the GPU description's vendor), {shape} MxNxK, {kernels} a regular expression naming the finalists'
symbols and {out} the folder for its CSV (`shapes.csv`; a temporary one unless --measure-dir names one).
`--runner TEMPLATE` or $GEMMSIM_RUNNER replace it (the placeholders are filled in each argument after the
template is split as a shell would; no shell runs it).

With the default runner, the GPU of the description's vendor must be here (nvidia-smi lists one; /dev/kfd
on AMD): without it, nothing runs and the note says so in one line; the ranking stands as predicted. A
family whose candidates are no kernel of kernels/ (FrontEnd.symbol is None: the FlyDSL preshuffle
generator's) is not measured either. A runner that fails is an error naming its exit status, its last
line and its log.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.tuning.result import Measured, TuneResult, config_text

DEFAULT_RUNNER = ("{python} -m validation.run --suite shapes --backend {backend} --shapes {shape} "
                  "--kernels {kernels} --out {out}")
RUNNER_ENV = "GEMMSIM_RUNNER"
RUNNER_CSV = "shapes.csv"          # what the runner's "shapes" suite writes in {out}
RUNNER_LOG = "runner.log"          # its output, kept beside the CSV
BACKEND = {"nvidia": "cuda", "amd": "hip"}
PLACEHOLDERS = ("python", "backend", "shape", "kernels", "out")
RUNNER_COLUMNS = ("symbol", "M", "N", "K", "kernel_time_us", "status", "device")


@dataclass(frozen=True)
class Outcome:
    measured: tuple[Measured, ...]
    note: str                      # one line: what was measured, or why nothing was
    csv: Path | None = None        # the runner's CSV, where it ran


def gpu_absent(vendor: str) -> str | None:
    """Why no GPU of `vendor` is usable here, or None where one is."""
    if vendor == "amd":
        return None if Path("/dev/kfd").exists() else "no AMD GPU here (/dev/kfd is absent)"
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return "no NVIDIA GPU here (nvidia-smi is not installed)"
    try:
        listed = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"no NVIDIA GPU here (nvidia-smi -L: {e})"
    if listed.returncode != 0 or "GPU " not in listed.stdout:
        return "no NVIDIA GPU here (nvidia-smi -L lists none)"
    return None


def runner_argv(template: str, problem, symbols: list[str], out: Path, backend: str) -> list[str]:
    """The runner's argument list: `template` split as a shell would, each placeholder filled in."""
    values = {"python": sys.executable, "backend": backend, "shape": f"{problem.m}x{problem.n}x{problem.k}",
              "kernels": "^(" + "|".join(re.escape(s) for s in symbols) + ")$", "out": str(out)}
    try:
        argv = [part.format(**values) for part in shlex.split(template)]
    except (KeyError, IndexError, ValueError) as e:
        raise InputError(f"--runner {template!r}: {e!r} (its placeholders are {', '.join('{' + p + '}' for p in PLACEHOLDERS)})") from None
    if not argv:
        raise InputError("--runner is empty: give the runner's command line")
    return argv


def read_runner_csv(path: Path, problem, symbols: dict[str, str]) -> tuple[Measured, ...]:
    """The finalists' rows of the runner's CSV at `path` (`symbols`: symbol -> config text) that ran and were
    correct (status ok), at the problem's shape, fastest first. Every cell is read through
    gemmsim.measurements.rows: a bad one is an error naming its file, line and column. The device is
    whatever ran (any GPU, or the runner's CPU emulation), as the CSV names it."""
    from gemmsim.measurements.rows import read_table

    table = read_table(path, "runner CSV")
    table.require(RUNNER_COLUMNS, "the runner's CSV (validation/results.py)")
    out = []
    for r in table.rows:
        symbol = r.text("symbol")
        if symbol not in symbols or r.get("status") != "ok":
            continue
        if (r.positive_int("M"), r.positive_int("N"), r.positive_int("K")) != (problem.m, problem.n, problem.k):
            continue
        out.append(Measured(symbols[symbol], r.positive_number("kernel_time_us"), r.text("device"), r.get("driver"),
                            r.get("command"), r.get("timestamp_utc")))
    return tuple(sorted(out, key=lambda m: m.measured_us))


def measure(result: TuneResult, family, gpu, k: int, runner: str | None = None,
            out_dir: str | Path | None = None) -> Outcome:
    """Time the first `k` replayed candidates of `result` (a `family` ranking on `gpu`) with the runner."""
    finalists = [c for c in result.candidates[:k] if c.replayed]
    symbols = {family.symbol(c.config): config_text(c.config) for c in finalists}
    if None in symbols:
        return Outcome((), f"--measure-top: the {result.family} family's candidates are no kernel of kernels/ that the "
                           f"runner builds: the ranking stands as predicted")
    template = runner if runner is not None else os.environ.get(RUNNER_ENV) or DEFAULT_RUNNER
    if template == DEFAULT_RUNNER:
        absent = gpu_absent(gpu.vendor)
        if absent:
            return Outcome((), f"--measure-top: {absent}: the ranking stands as predicted")
    try:
        if out_dir is None:
            out = Path(tempfile.mkdtemp(prefix="gemmsim-measure-"))
        else:
            out = Path(out_dir)
            out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"--measure-dir {out_dir}: {e.strerror or e}") from None
    argv = runner_argv(template, result.problem, list(symbols), out, BACKEND.get(gpu.vendor, "cuda"))
    log = out / RUNNER_LOG
    try:
        with log.open("a") as f:
            done = subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT)
    except OSError as e:
        raise InputError(f"--measure-top: the runner {argv[0]!r} did not start: {e.strerror or e}") from None
    csv_path = out / RUNNER_CSV
    if done.returncode != 0 or not csv_path.is_file():
        lines = log.read_text(errors="replace").strip().splitlines()
        last = lines[-1].strip() if lines else "no output"
        what = f"exited with {done.returncode} ({last})" if done.returncode else f"wrote no {RUNNER_CSV} in {out} ({last})"
        raise InputError(f"--measure-top: the runner {what}; its log: {log}; run from the gemmsim repository's root "
                         f"(validation/ is there) or name one with --runner")
    measured = read_runner_csv(csv_path, result.problem, symbols)
    missing = sorted(set(symbols.values()) - {m.config for m in measured})
    note = (f"measured {len(measured)} of the top {len(symbols)} on {measured[0].device if measured else 'the GPU'} "
            f"({csv_path})" + (f"; no correct time for {', '.join(missing)}" if missing else ""))
    return Outcome(measured, note, csv_path)
