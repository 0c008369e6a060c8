"""The measurement runner.

    python -m validation.run --suite ladder|matrix|all|check --out DIR [--ncu] [--stalls] [--sanitize] [--sass]
    python -m validation.run --backend hip --suite all --out DIR [--rocprof]
    python -m validation.run --suite shapes --shapes 2048x2048x10240 --kernels 'REGEX' --out DIR

Writes DIR/<suite>.csv (one row per kernel x shape, see validation/results.py). The suite
runs in a worker subprocess; if the worker dies (a GPU fault can take the context, or the
process, down), the point it was on is recorded as 'crashed' and a new worker resumes after
it. Points already in the CSV are skipped, so re-running a command resumes it.
"""
from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
from itertools import groupby
from pathlib import Path

import numpy as np

from validation import kernels, measure, results, suites
from validation.backends import BACKENDS, create_backend

EXIT_FATAL = 3  # the worker stopped after a runtime error that may poison the context
MAX_RESTARTS = 20


def progress_path(out_dir: Path, suite: str) -> Path:
    return out_dir / f".{suite}.in_progress.json"


def csv_path(out_dir: Path, suite: str) -> Path:
    return out_dir / f"{suite}.csv"


def select_points(suite: str, vendor: str, shapes: list[tuple[int, int, int]] | None,
                  kernel_pattern: str | None) -> list[suites.Point]:
    if suite == "shapes":
        points = suites.shapes_points(shapes or [], vendor)
    else:
        points = suites.suite_points(suite, vendor)
    if shapes:
        points = [p for p in points if (p.m, p.n, p.k) in shapes]
    if kernel_pattern:
        rx = re.compile(kernel_pattern)
        points = [p for p in points if rx.search(p.spec.symbol)]
    return points


def run_worker(backend, points: list[suites.Point], out_dir: Path, command: str,
               overrides: measure.Overrides, launch_log: Path | None = None,
               seed: int | None = None) -> int:
    """Measure every point not yet in the CSV; return 0, or EXIT_FATAL after a fatal error."""
    if not points:
        return 0
    suite = points[0].suite
    out_csv, marker = csv_path(out_dir, suite), progress_path(out_dir, suite)
    done = results.recorded_keys(out_csv)
    todo = [p for p in points if p.key not in done]
    symbols = sorted({p.spec.symbol for p in todo}
                     | ({kernels.REDUCE_SYMBOL} if any(p.spec.split_k > 1 for p in todo) else set()))
    ctx = measure.Context(backend, backend.load_kernels(symbols) if todo else {},
                          backend.device_info(), command, overrides)
    rng = np.random.default_rng(seed)
    for group, members in groupby(todo, key=lambda p: p.input_group):
        members = list(members)
        marker.write_text(json.dumps(list(members[0].key)))
        try:
            m, n, k, dtype = group
            host = measure.random_host_inputs(m, n, k, dtype, backend.target, rng)
            inputs = measure.upload(backend, host, m, n)
        except Exception as err:  # noqa: BLE001 - recorded, the run goes on
            for p in members:
                results.append_row(out_csv, measure.failed_row(ctx, p, "failed", f"inputs: {err!r}"))
            if backend.is_fatal(err):
                return EXIT_FATAL
            continue
        for p in members:
            marker.write_text(json.dumps(list(p.key)))
            if launch_log is not None:
                with launch_log.open("a") as f:
                    f.write(json.dumps(list(p.key)) + "\n")
            try:
                row = measure.measure_point(ctx, p, inputs)
            except Exception as err:  # noqa: BLE001 - recorded, the run goes on
                results.append_row(out_csv, measure.failed_row(ctx, p, "failed", repr(err)))
                if backend.is_fatal(err):
                    return EXIT_FATAL
                continue
            results.append_row(out_csv, row)
            print(f"{p.spec.symbol:34s} {p.m:>6}x{p.n:<6}x{p.k:<5} {row['kernel_time_us']:>12} us "
                  f"{row['gflops']:>10} GFLOP/s {row['status']}", flush=True)
        inputs.free(backend)
    marker.unlink(missing_ok=True)
    return 0


def record_crash(out_dir: Path, suite: str, points: list[suites.Point], returncode: int,
                 device: dict, backend_name: str, command: str) -> bool:
    """After a worker died: mark the point it was on as crashed. False if none is known."""
    marker = progress_path(out_dir, suite)
    if not marker.exists():
        return False
    key = tuple(json.loads(marker.read_text()))
    marker.unlink()
    if key in results.recorded_keys(csv_path(out_dir, suite)):
        return False
    point = next(p for p in points if p.key == key)

    class _Named:  # the row builder only needs the backend's name here
        name = backend_name

    ctx = measure.Context(_Named(), {}, device, command)
    results.append_row(csv_path(out_dir, suite),
                       measure.failed_row(ctx, point, "crashed", f"worker exited with {returncode}"))
    return True


def supervise(worker_argv: list[str], points: list[suites.Point], out_dir: Path, backend_name: str,
              command: str, max_restarts: int = MAX_RESTARTS) -> int:
    """Run the worker until every point is recorded, recording crashes in between."""
    suite = points[0].suite
    for _ in range(max_restarts + 1):
        proc = subprocess.run([sys.executable, "-m", "validation.run", *worker_argv])
        remaining = [p for p in points if p.key not in results.recorded_keys(csv_path(out_dir, suite))]
        if not remaining:
            return 0
        device = {"device": "unknown (worker crashed)", "driver": "", "runtime": ""}
        prior = results.read_rows(csv_path(out_dir, suite))
        if prior:
            device = {k: prior[-1][k] for k in ("device", "driver", "runtime")}
        if not record_crash(out_dir, suite, points, proc.returncode, device, backend_name, command):
            if proc.returncode == EXIT_FATAL:  # the failure is recorded: resume after it
                continue
            if proc.returncode == 0:
                return 0
            print(f"worker exited with {proc.returncode} before reaching a point", file=sys.stderr)
            return proc.returncode or 1
    print(f"giving up after {max_restarts} restarts", file=sys.stderr)
    return 1


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m validation.run", description=__doc__.split("\n\n")[0])
    p.add_argument("--suite", required=True, choices=(*suites.SUITES, "all"))
    p.add_argument("--out", required=True, type=Path, help="results folder")
    p.add_argument("--backend", default="cuda", choices=BACKENDS)
    p.add_argument("--build-dir", type=Path, default=Path("build"), help="cubins (CUDA backend)")
    p.add_argument("--shapes", help="only these shapes, e.g. 512x512x512,127x512x512")
    p.add_argument("--kernels", help="only kernel symbols matching this regular expression")
    p.add_argument("--mode", choices=("quick", "check"), help="shortened method (smoke, passes)")
    p.add_argument("--seed", type=int, help="input seed (default: fresh entropy)")
    p.add_argument("--in-process", action="store_true", help="no worker subprocess")
    p.add_argument("--ncu", action="store_true", help="also collect Nsight Compute counters")
    p.add_argument("--stalls", action="store_true", help="also collect Nsight Compute warp-state statistics")
    p.add_argument("--sanitize", action="store_true", help="also run compute-sanitizer")
    p.add_argument("--rocprof", action="store_true", help="also collect rocprofv3 counters and kernel traces (AMD)")
    p.add_argument("--sass", action="store_true", help="also write cuobjdump -sass listings")
    p.add_argument("--passes-only", action="store_true", help="skip the timing suites")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--launch-log", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--command-line", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def suite_list(suite: str) -> list[str]:
    return ["ladder", "matrix"] if suite == "all" else [suite]


def worker_argv(args: argparse.Namespace, suite: str, command: str) -> list[str]:
    argv = ["--worker", "--suite", suite, "--out", str(args.out), "--backend", args.backend,
            "--build-dir", str(args.build_dir), "--command-line", command]
    for flag in ("shapes", "kernels", "mode", "seed"):
        if getattr(args, flag) is not None:
            argv += [f"--{flag}", str(getattr(args, flag))]
    return argv


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    command = args.command_line or shlex.join(["python", "-m", "validation.run", *argv])
    try:
        shapes = [suites.parse_shape(s) for s in args.shapes.split(",")] if args.shapes else None
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.suite == "shapes" and not shapes:
        print("error: the shapes suite measures the shapes --shapes names: give --shapes", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    vendor = "amd" if args.backend == "hip" else "nvidia"
    overrides = measure.Overrides.named(args.mode)

    if args.worker or args.in_process:
        backend = create_backend(args.backend, args.build_dir)
        status = 0
        for suite in suite_list(args.suite):
            points = select_points(suite, vendor, shapes, args.kernels)
            status = run_worker(backend, points, args.out, command, overrides, args.launch_log,
                                args.seed) or status
        return status

    status = 0
    for suite in [] if args.passes_only else suite_list(args.suite):
        points = select_points(suite, vendor, shapes, args.kernels)
        if points:
            status = supervise(worker_argv(args, suite, command), points, args.out, args.backend,
                               command) or status
    if args.sass or args.ncu or args.stalls or args.sanitize or args.rocprof:
        from validation import profile

        if args.sass:
            status = profile.write_sass(args.build_dir, args.out / "sass") or status
        if args.ncu:
            status = profile.run_ncu(args, command) or status
        if args.stalls:
            status = profile.run_stalls(args, command) or status
        if args.sanitize:
            status = profile.run_sanitizers(args, command) or status
        if args.rocprof:
            status = profile.run_rocprof(args, command) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
