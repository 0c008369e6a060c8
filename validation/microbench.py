"""H200 microbenchmarks (kernels/microbench/microbench.cu) -> microbench.csv.

    python -m validation.microbench --out DIR [--build-dir build] [--quick]

One row per measured quantity: bench, the swept parameter, and a metric whose name carries
its unit (latency_cycles, bandwidth_gb_per_s, ffma_per_cycle_per_sm, ...). In-kernel clock64()
latencies are SM cycles; event-timed throughputs are converted to per-cycle figures with the
SM clock nvidia-smi reports right after the measurement (the clocks are left alone).

The ``*_in_kernel`` rates divide each block's clock64() span into its work and assume every
block of the grid is resident at once. On the H200 run of 2026-11-29 that held for the
shared-memory bench (in-kernel and event-timed rates agree) but not for the FFMA and mma.sync
benches (in-kernel rates twice the event-timed ones, above the SM's 128 FFMA/cycle): use the
event-timed ``*_per_cycle_per_sm`` figures for those.
"""
from __future__ import annotations

import argparse
import csv
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

import numpy as np

from validation.backends.argpack import pack_args

SOURCE = Path(__file__).resolve().parent.parent / "kernels" / "microbench" / "microbench.cu"
SYMBOLS = ("chase_global", "copy_vec4", "chase_shared", "ffma_latency", "ffma_throughput",
           "mma_latency", "mma_throughput", "barrier_loop")
COLUMNS = ("bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz", "device",
           "driver", "command")
LINE_BYTES = 128
CHASE_SIZES = (8 << 10, 32 << 10, 128 << 10, 1 << 20, 4 << 20, 16 << 20, 40 << 20, 256 << 20, 1 << 30)
COPY_SIZES = (8 << 20, 32 << 20, 256 << 20, 2 << 30)
SMEM_STRIDES = (1, 2, 4, 8, 16, 32)
BARRIER_THREADS = (32, 64, 128, 256, 512, 1024)


def build_cubin(build_dir: Path) -> Path:
    cubin = build_dir / "microbench_sm_90.cubin"
    build_dir.mkdir(parents=True, exist_ok=True)
    subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-lineinfo", "-cubin", "-o", str(cubin), str(SOURCE)],
                   check=True)
    return cubin


def chase_permutation(buffer_bytes: int, rng: np.random.Generator) -> np.ndarray:
    """u32 buffer where node i (one per 128-byte line) holds the index of the next node of a
    random cycle through every node."""
    nodes = buffer_bytes // LINE_BYTES
    stride = LINE_BYTES // 4
    order = rng.permutation(nodes).astype(np.uint64) * stride
    buf = np.zeros(buffer_bytes // 4, dtype=np.uint32)
    buf[order] = np.roll(order, -1).astype(np.uint32)
    return buf


class Bench:
    def __init__(self, backend, functions: dict, command: str, sms: int):
        self.b, self.f, self.command, self.sms = backend, functions, command, sms
        self.device = backend.device_info()
        self.rows: list[dict] = []
        self.sink = backend.malloc(64 << 20)
        self.cycles = backend.malloc(8 * 8192)

    def row(self, bench, param_name, param_value, metric, value, clock):
        self.rows.append({"bench": bench, "param_name": param_name, "param_value": param_value,
                          "metric": metric, "value": f"{value:.6g}", "sm_clock_mhz": clock or "",
                          "device": self.device["device"], "driver": self.device["driver"],
                          "command": self.command})
        print(f"{bench:10s} {param_name}={param_value:<12} {metric:34s} {value:.6g}", flush=True)

    def launch(self, name, grid, block, args) -> None:
        self.b.launch(self.f[name], (grid, 1, 1), (block, 1, 1), pack_args(args))

    def timed_us(self, name, grid, block, args, repeats=11, warmups=2) -> float:
        start, stop = self.b.event(), self.b.event()
        times = []
        for i in range(warmups + repeats):
            self.b.record(start)
            self.launch(name, grid, block, args)
            self.b.record(stop)
            t = self.b.elapsed_ms(start, stop) * 1e3
            if i >= warmups:
                times.append(t)
        return statistics.median(times)

    def first_cycles(self, count: int = 1) -> np.ndarray:
        self.b.synchronize()
        out = np.empty(count, dtype=np.uint64)
        self.b.dtoh(out, self.cycles)
        return out

    def per_sm_rate_in_kernel(self, blocks: int, work_per_block: float) -> float:
        """Work per SM cycle from the last launch's per-block clock64() spans, all blocks
        being resident at once (each bench sizes its grid to fill the SMs exactly once)."""
        spans = self.first_cycles(blocks).astype(np.float64)
        return (blocks / self.sms) * work_per_block / float(np.mean(spans))

    def clock(self) -> float | None:
        return self.b.clocks_mhz()[0]


def bench_chase(x: Bench, sizes, steps: int, rng) -> None:
    for size in sizes:
        buf = chase_permutation(size, rng)
        dev = x.b.malloc(buf.nbytes)
        x.b.htod(dev, buf)
        warm = size // LINE_BYTES if size <= (64 << 20) else 0
        x.launch("chase_global", 1, 1, [("ptr", int(dev)), ("i32", warm), ("i32", steps),
                                        ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
        cycles = float(x.first_cycles()[0]) / steps
        clock = x.clock()
        x.row("chase", "buffer_bytes", size, "latency_cycles", cycles, clock)
        if clock:
            x.row("chase", "buffer_bytes", size, "latency_ns", cycles / clock * 1e3, clock)
        x.b.free(dev)


def bench_copy(x: Bench, sizes) -> None:
    for size in sizes:
        src, dst = x.b.malloc(size), x.b.malloc(size)
        x.b.memset(src, 1, size)
        n = size // 16
        t = x.timed_us("copy_vec4", x.sms * 8, 256, [("ptr", int(src)), ("ptr", int(dst)), ("u64", n)])
        x.row("copy", "buffer_bytes", size, "bandwidth_gb_per_s", 2 * size / (t * 1e-6) / 1e9, x.clock())
        x.b.free(src)
        x.b.free(dst)


def bench_shared(x: Bench, strides, iters: int) -> None:
    for stride in strides:
        args = [("i32", stride), ("i32", iters), ("ptr", int(x.sink)), ("ptr", int(x.cycles))]
        x.launch("chase_shared", 1, 32, args)
        latency = float(x.first_cycles()[0]) / iters
        blocks, threads = x.sms * 2, 1024
        t = x.timed_us("chase_shared", blocks, threads, args)
        clock = x.clock()
        ways = stride  # lanes l*stride: stride lanes share each bank used
        x.row("shared", "conflict_ways", ways, "latency_cycles", latency, clock)
        warp_loads = blocks * (threads // 32) * iters
        x.row("shared", "conflict_ways", ways, "warp_loads_per_cycle_per_sm_in_kernel",
              x.per_sm_rate_in_kernel(blocks, (threads // 32) * iters), clock)
        if clock:
            per_cycle = warp_loads / x.sms / (t * 1e-6 * clock * 1e6)
            x.row("shared", "conflict_ways", ways, "warp_loads_per_cycle_per_sm", per_cycle, clock)


def bench_ffma(x: Bench, iters: int) -> None:
    args = [("f32", 0.999), ("f32", 1e-3), ("i32", iters), ("ptr", int(x.sink)), ("ptr", int(x.cycles))]
    x.launch("ffma_latency", 1, 32, args)
    x.row("ffma", "chains", 1, "latency_cycles", float(x.first_cycles()[0]) / (iters * 16), x.clock())
    blocks, threads = x.sms * 8, 256
    t = x.timed_us("ffma_throughput", blocks, threads, args)
    clock = x.clock()
    ffma = blocks * threads * 8 * 16 * iters
    x.row("ffma", "chains", 8, "ffma_per_cycle_per_sm_in_kernel",
          x.per_sm_rate_in_kernel(blocks, threads * 8 * 16 * iters), clock)
    x.row("ffma", "chains", 8, "tflop_per_s", 2 * ffma / (t * 1e-6) / 1e12, clock)
    if clock:
        x.row("ffma", "chains", 8, "ffma_per_cycle_per_sm", ffma / x.sms / (t * 1e-6 * clock * 1e6), clock)


def bench_mma(x: Bench, iters: int) -> None:
    args = [("u32", 0x3F803F80), ("i32", iters), ("ptr", int(x.sink)), ("ptr", int(x.cycles))]
    x.launch("mma_latency", 1, 32, args)
    x.row("mma_sync", "chains", 1, "latency_cycles", float(x.first_cycles()[0]) / (iters * 8), x.clock())
    blocks, threads = x.sms * 4, 256
    t = x.timed_us("mma_throughput", blocks, threads, args)
    clock = x.clock()
    mmas = blocks * (threads // 32) * 4 * 8 * iters
    x.row("mma_sync", "chains", 4, "mma_per_cycle_per_sm_in_kernel",
          x.per_sm_rate_in_kernel(blocks, (threads // 32) * 4 * 8 * iters), clock)
    x.row("mma_sync", "chains", 4, "tflop_per_s", mmas * 2 * 16 * 8 * 16 / (t * 1e-6) / 1e12, clock)
    if clock:
        x.row("mma_sync", "chains", 4, "mma_per_cycle_per_sm", mmas / x.sms / (t * 1e-6 * clock * 1e6), clock)


def bench_barrier(x: Bench, thread_counts, iters: int) -> None:
    for threads in thread_counts:
        x.launch("barrier_loop", 1, threads, [("i32", iters), ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
        x.row("barrier", "threads", threads, "cycles_per_barrier", float(x.first_cycles()[0]) / iters, x.clock())


def run_all(x: Bench, quick: bool) -> None:
    rng = np.random.default_rng(5)
    bench_chase(x, CHASE_SIZES[:4] if quick else CHASE_SIZES, 2048 if quick else 16384, rng)
    bench_copy(x, COPY_SIZES[:2] if quick else COPY_SIZES)
    bench_shared(x, SMEM_STRIDES, 256 if quick else 4096)
    bench_ffma(x, 64 if quick else 1024)
    bench_mma(x, 32 if quick else 256)
    bench_barrier(x, BARRIER_THREADS, 256 if quick else 4096)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="python -m validation.microbench")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--build-dir", type=Path, default=Path("build"))
    p.add_argument("--quick", action="store_true")
    args = p.parse_args(argv)
    from validation.backends.cuda import CudaBackend

    backend = CudaBackend(args.build_dir)
    cubin = args.build_dir / "microbench_sm_90.cubin"
    if not cubin.exists():
        cubin = build_cubin(args.build_dir)
    sms = backend._rt.getDeviceProperties(0)["multiProcessorCount"]
    bench = Bench(backend, backend.load_cubin(cubin, list(SYMBOLS)),
                  shlex.join(["python", "-m", "validation.microbench", *argv]), sms)
    try:
        run_all(bench, args.quick)
    finally:
        args.out.mkdir(parents=True, exist_ok=True)
        with (args.out / "microbench.csv").open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=COLUMNS)
            writer.writeheader()
            writer.writerows(bench.rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
