"""H200 microbenchmarks that the first set (validation/microbench.py) lacks, for `gemmsim calibrate`.

    python -m validation.microbench_extra --out DIR [--build-dir build]

* launch: an empty kernel, event-timed like every GEMM point (one launch between two events):
  one warp, and a full grid (8 blocks of 256 threads per SM);
* l2_read: every SM reads an L2-resident buffer (4 to 32 MiB) with 16-byte loads that bypass
  the L1 (__ldcg); the bandwidth is the extra bytes over the extra time between 4 and 20 passes,
  so the launch overhead cancels;
* hbm_read: the same over 2 GiB (1 and 3 passes);
* l1_lines: L1-resident loads (32 KiB buffer) whose 32 lanes touch 1, 2, 4, 8 or 32 lines of 128
  bytes: global-load instructions per cycle per SM (by difference of two loop lengths);
* mma_sync / ffma: the issue-rate kernels of microbench.cu timed at two loop lengths, so the rate
  is the extra work over the extra time (the first set's rates include the launch overhead).
Rows have the columns of microbench.csv; the clock is nvidia-smi's right after each bench.
"""
from __future__ import annotations

import argparse
import csv
import shlex
import subprocess
import sys
from pathlib import Path

from validation import microbench as mb

SOURCE = r"""
typedef unsigned int u32;
typedef unsigned long long u64;

extern "C" __global__ void empty_kernel(u32* sink) {
  if (threadIdx.x == 1023 && blockIdx.x == (1u << 30)) sink[0] = 1;
}

// n is a power of two (uint4 elements); each pass starts 4096 elements further on
extern "C" __global__ void l2_read(const uint4* __restrict__ src, u64 n, int passes, u32* sink) {
  u32 acc = 0;
  const u64 stride = (u64)gridDim.x * blockDim.x;
  for (int p = 0; p < passes; ++p) {
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
      const uint4 v = __ldcg(src + ((i + (u64)p * 4096) & (n - 1)));
      acc = acc * 31u + (v.x ^ v.y ^ v.z ^ v.w);
    }
  }
  if (acc == 0x9e3779b9u) sink[0] = acc;
}

// 32 KiB buffer (8192 floats); lane l reads word l * stride_words of a 128-byte-aligned window
extern "C" __global__ void l1_lines(const float* __restrict__ buf, int stride_words, int iters, float* sink) {
  const int lane = threadIdx.x & 31;
  const int base = (lane * stride_words) & 8191;
  float acc = 0.f;
  for (int i = 0; i < iters; ++i) {
    #pragma unroll
    for (int j = 0; j < 8; ++j) acc += buf[(base + j * 1024 + i * 32) & 8191];
  }
  if (acc == 1234.5f) sink[0] = acc;
}
"""
SYMBOLS = ("empty_kernel", "l2_read", "l1_lines")
L2_SIZES = (4 << 20, 16 << 20, 32 << 20)
HBM_SIZE = 2 << 30
L1_STRIDES = (1, 2, 4, 8, 32)


def build(build_dir: Path) -> Path:
    build_dir.mkdir(parents=True, exist_ok=True)
    src = build_dir / "microbench_extra.cu"
    src.write_text(SOURCE)
    cubin = build_dir / "microbench_extra_sm_90.cubin"
    subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-lineinfo", "-cubin", "-o", str(cubin), str(src)], check=True)
    subprocess.run(f"cuobjdump -sass {cubin} > {build_dir / 'microbench_extra_sm_90.sass'}", shell=True, check=False)
    return cubin


def bench_launch(x: mb.Bench) -> None:
    for blocks, threads in ((1, 32), (x.sms * 8, 256)):
        t = x.timed_us("empty_kernel", blocks, threads, [("ptr", int(x.sink))], repeats=51, warmups=5)
        x.row("launch", "threads", blocks * threads, "event_time_us", t, x.clock())


def _read_bandwidth(x: mb.Bench, size: int, passes: tuple[int, int]) -> float:
    src = x.b.malloc(size)
    x.b.memset(src, 1, size)
    n = size // 16
    times = [x.timed_us("l2_read", x.sms * 8, 256, [("ptr", int(src)), ("u64", n), ("i32", p), ("ptr", int(x.sink))])
             for p in passes]
    x.b.free(src)
    return size * (passes[1] - passes[0]) / ((times[1] - times[0]) * 1e-6) / 1e9


def bench_l2(x: mb.Bench) -> None:
    for size in L2_SIZES:
        bw = _read_bandwidth(x, size, (4, 20))
        x.row("l2_read", "buffer_bytes", size, "read_bandwidth_gb_per_s", bw, x.clock())
    bw = _read_bandwidth(x, HBM_SIZE, (1, 3))
    x.row("hbm_read", "buffer_bytes", HBM_SIZE, "read_bandwidth_gb_per_s", bw, x.clock())


def bench_l1_lines(x: mb.Bench) -> None:
    buf = x.b.malloc(32 << 10)
    x.b.memset(buf, 0, 32 << 10)
    blocks, threads, lengths = x.sms * 8, 256, (256, 1280)
    for stride in L1_STRIDES:
        times = [x.timed_us("l1_lines", blocks, threads, [("ptr", int(buf)), ("i32", stride), ("i32", n),
                                                            ("ptr", int(x.sink))]) for n in lengths]
        clock = x.clock()
        loads = blocks * threads // 32 * 8 * (lengths[1] - lengths[0])
        if clock:
            rate = loads / x.sms / ((times[1] - times[0]) * 1e-6 * clock * 1e6)
            lines = min(32, stride)
            x.row("l1_lines", "lines_per_load", lines, "ldg_per_cycle_per_sm", rate, clock)
    x.b.free(buf)


def bench_rates(x: mb.Bench) -> None:
    """mma.sync and FFMA issue rates by difference of two loop lengths."""
    cases = (("mma_throughput", x.sms * 4, 256, [("u32", 0x3F803F80)], (64, 320), (256 // 32) * 4 * 8, "mma_sync",
              "mma_per_cycle_per_sm_by_difference"),
             ("ffma_throughput", x.sms * 8, 256, [("f32", 0.999), ("f32", 1e-3)], (64, 320), 256 * 8 * 16, "ffma",
              "ffma_per_cycle_per_sm_by_difference"))
    for name, blocks, threads, head, lengths, per_block_per_iter, bench, metric in cases:
        times = [x.timed_us(name, blocks, threads, head + [("i32", n), ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
                 for n in lengths]
        clock = x.clock()
        work = blocks * per_block_per_iter * (lengths[1] - lengths[0])
        if clock:
            x.row(bench, "chains", 4 if bench == "mma_sync" else 8, metric,
                  work / x.sms / ((times[1] - times[0]) * 1e-6 * clock * 1e6), clock)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="python -m validation.microbench_extra")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--build-dir", type=Path, default=Path("build"))
    args = p.parse_args(argv)
    from validation.backends.cuda import CudaBackend

    backend = CudaBackend(args.build_dir)
    first = args.build_dir / "microbench_sm_90.cubin"
    if not first.exists():
        first = mb.build_cubin(args.build_dir)
    functions = backend.load_cubin(first, list(mb.SYMBOLS))
    functions.update(backend.load_cubin(build(args.build_dir), list(SYMBOLS)))
    sms = backend._rt.getDeviceProperties(0)["multiProcessorCount"]
    bench = mb.Bench(backend, functions, shlex.join(["python", "-m", "validation.microbench_extra", *argv]), sms)
    try:
        for step in (bench_launch, bench_l2, bench_l1_lines, bench_rates):
            try:
                step(bench)
            except Exception as e:  # keep what the other benches measured
                print(f"{step.__name__} failed: {e}", flush=True)
    finally:
        args.out.mkdir(parents=True, exist_ok=True)
        with (args.out / "microbench_extra.csv").open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=mb.COLUMNS)
            writer.writeheader()
            writer.writerows(bench.rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
