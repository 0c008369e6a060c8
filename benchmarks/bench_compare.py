"""Wall time and memory of `gemmsim compare` on the committed H200 results, pooled against one process.

    python benchmarks/bench_compare.py [--workers N] [--no-serial] [--sweep-points N] [--out FILE.json]

Runs, each a fresh process with an empty cache folder ($GEMMSIM_CACHE_DIR in a temporary folder:
no saved predictions, no kept ones):
  - `gemmsim compare validation/results/h200/ladder.csv validation/results/h200/matrix.csv --json`
    with --workers N (default 2): wall seconds, CPU seconds (the process and its workers), the peak
    resident memory of the largest single process (the parent or one worker: RUSAGE_CHILDREN);
  - the same again, now answered from the cache it filled;
  - the same with --workers 1 (unless --no-serial), and whether its output is byte for byte the pooled one's;
  - a `gemmsim sweep` of about N points (default 60: LLaMA-like shapes x three tiles on mi300x) on
    the same workers, for its peak memory.
Targets (issue 37): compare <= 60 s on 2 cores, output identical to the serial run, peak memory of
compare and sweep <= 500 MB. The load average (uptime) is printed with every figure: on a shared
machine, figures are comparable only at a similar load.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "validation" / "results" / "h200"
COMPARE = ["compare", str(RESULTS / "ladder.csv"), str(RESULTS / "matrix.csv"), "--json"]


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def run(args: list[str], cache: Path) -> dict:
    """One gemmsim command in a fresh process: its output, wall and CPU seconds (with its pool's
    workers), and the peak resident memory (MB) of its largest single process (itself or a worker:
    wait4's rusage of a child covers its waited-for children, ru_maxrss the largest of them)."""
    env = {**os.environ, "GEMMSIM_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    before = load()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "gemmsim", *args], stdout=out, stderr=err, env=env, cwd=ROOT)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        output, errors = out.read(), err.read()
    if proc.returncode != 0:
        raise SystemExit(f"gemmsim {' '.join(args)} failed ({proc.returncode}): {errors.decode()[-2000:]}")
    return {"out": output, "seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024,
            "load_before": before, "load_after": load()}


def report(label: str, r: dict) -> None:
    print(f"{label:<34} {r['seconds']:>7.1f} s wall {r['cpu']:>7.1f} s CPU   peak RSS {r['peak_mb']:>5.0f} MB   "
          f"({r['load_before']} -> {r['load_after']})", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-serial", action="store_true", help="skip the one-process run (and the identity check)")
    parser.add_argument("--sweep-points", type=int, default=60)
    parser.add_argument("--out", type=Path, help="also write the pooled compare's JSON output here")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; {load()}")
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        pooled = run([*COMPARE, "--workers", str(args.workers)], cache)
        report(f"compare --workers {args.workers} (cold)", pooled)
        if args.out:
            args.out.write_bytes(pooled["out"])
        cached = run([*COMPARE, "--workers", str(args.workers)], cache)
        report("compare, from the cache", cached)
        digest = hashlib.sha256(pooled["out"]).hexdigest()[:16]
        print(f"output sha256 {digest}; from the cache: {'identical' if cached['out'] == pooled['out'] else 'DIFFERENT'}")
        if not args.no_serial:
            serial = run([*COMPARE, "--workers", "1", "--no-cache"], cache)
            report("compare --workers 1 --no-cache", serial)
            print(f"pooled output {'identical to' if serial['out'] == pooled['out'] else 'DIFFERENT from'} the serial run's")
        sweep_out = Path(tmp) / "sweep.csv"
        shapes = Path(tmp) / "shapes.txt"
        shapes.write_text("\n".join(f"{m}x{n}x{k}" for m, n, k in _sweep_shapes(args.sweep_points)) + "\n")
        swept = run(["sweep", "--shapes", str(shapes), "--configs", "tile=64x256x128,128x128x64,256x256x64",
                     "--gpu", "mi300x", "--out", str(sweep_out), "--workers", str(args.workers)], cache)
        report(f"sweep of {len(_sweep_shapes(args.sweep_points)) * 3} points", swept)
    print("(peak RSS: the command's largest single process, parent or pool worker)")
    return 0


def _sweep_shapes(points: int) -> list[tuple[int, int, int]]:
    """points / 3 shapes (three tiles each): LLaMA-like M x N x K."""
    sizes = [(m, n, k) for m in (16, 128, 512, 2048, 4096) for n in (4096, 11008, 14336, 8192) for k in (4096, 2048)]
    return sizes[:max(1, points // 3)]


if __name__ == "__main__":
    sys.exit(main())
