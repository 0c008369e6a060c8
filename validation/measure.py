"""Measure one point: the timing method, the correctness check, the CSV row.

Method (one shape = one input group):
  * fresh random inputs per group, generated on the host; the float64 reference C is
    computed once on the host from exactly those values (bf16 inputs: from the rounded values);
  * inputs uploaded once and reused by every kernel of the group, in a fixed kernel order;
  * per kernel: the output is poisoned (every byte 0xFF: NaN for fp32/fp64, -1 for int32)
    before every launch, and the GPU held busy while the host queues the timed launch between
    its two events (so the events time the GPU, not the host's launch call); 5 warm-ups; a
    median of at least 21 event-timed launches (fewer only for launches over 100 ms, see
    stats.plan_runs); then the last output is checked;
  * a split-K kernel (spec.split_k > 1) writes fp32 partials into a workspace of split_k x M x N
    (allocated per point, poisoned with C before every launch) and the reduction pass
    (kernels.REDUCE_SYMBOL) sums them into C: both launches go between the same two events, and the
    end-to-end time allocates and frees the workspace too, as a library's split-K GEMM does;
  * end-to-end time: wall clock of device allocation, host-to-device copies of A and B,
    the launch, synchronization, the device-to-host copy of C and the frees (pageable host
    memory), median of 5 (3 when one takes over 200 ms). Host-side pre-shuffling of B is
    not included: it is a one-off weight transformation.
"""
from __future__ import annotations

import argparse
import datetime
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from validation import kernels, preshuffle, stats
from validation.backends.argpack import gemm_arguments, pack_args, reduce_arguments
from validation.suites import Point

POISON_BYTE = 0xFF
E2E_RUNS = 5
SLOW_E2E_US = 200_000.0
SLOW_E2E_RUNS = 3
# The GPU is held busy this long before each timed launch (100 us at the H200's 1980 MHz), longer
# than the host takes to submit the start event, the launch and the stop event (about 15 us), so
# the events time the GPU's work: the host's launch call is hidden, as it is behind a preceding
# kernel in a real workload.
HOLD_CYCLES = 200_000


@dataclass
class Overrides:
    """Shortened methods: 'quick' for smoke tests, 'check' for sanitizer/profiler passes."""

    warmups: int | None = None
    runs: int | None = None
    e2e_runs: int | None = None

    @classmethod
    def named(cls, mode: str | None) -> "Overrides":
        return {None: cls(), "quick": cls(1, 3, 1), "check": cls(0, 1, 0)}[mode]


@dataclass
class Context:
    backend: object
    functions: dict
    device: dict
    command: str
    overrides: Overrides = field(default_factory=Overrides)


@dataclass
class HostInputs:
    a: np.ndarray  # what is uploaded as A (bf16 bits for the matrix kernel)
    b: np.ndarray  # what is uploaded as B (pre-shuffled bf16 bits for the matrix kernel)
    reference: np.ndarray  # float64 M x N
    out_dtype: np.dtype
    k_blocks: int = 0


def random_host_inputs(m: int, n: int, k: int, dtype: str, target: str,
                       rng: np.random.Generator) -> HostInputs:
    if dtype == "bf16":
        a = preshuffle.float32_to_bf16_bits(rng.uniform(-1, 1, (m, k)).astype(np.float32))
        b = preshuffle.float32_to_bf16_bits(rng.uniform(-1, 1, (k, n)).astype(np.float32))
        ref = preshuffle.bf16_bits_to_float64(a) @ preshuffle.bf16_bits_to_float64(b)
        layout = preshuffle.LAYOUTS[preshuffle.TARGET_LAYOUT[target]]
        k_pad = preshuffle.padded_extent(k, kernels.MMA_K_PADDING)
        n_pad = preshuffle.padded_extent(n, kernels.MMA_N_PADDING)
        shuffled = preshuffle.preshuffle_b(b, layout, k_pad, n_pad)
        return HostInputs(a, shuffled, ref, np.dtype(np.float32), k_pad // layout.mma_k)
    np_dtype = np.dtype(kernels.NUMPY_DTYPE[dtype])
    if dtype == "i32":
        a = rng.integers(-8, 9, (m, k), dtype=np.int32)
        b = rng.integers(-8, 9, (k, n), dtype=np.int32)
    else:
        a = rng.uniform(-1, 1, (m, k)).astype(np_dtype)
        b = rng.uniform(-1, 1, (k, n)).astype(np_dtype)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    return HostInputs(a, b, ref, np_dtype)


@dataclass
class DeviceInputs:
    host: HostInputs
    a: object
    b: object
    c: object
    c_bytes: int

    def free(self, backend) -> None:
        for ptr in (self.a, self.b, self.c):
            backend.free(ptr)


def upload(backend, host: HostInputs, m: int, n: int) -> DeviceInputs:
    a, b = backend.malloc(host.a.nbytes), backend.malloc(host.b.nbytes)
    c_bytes = m * n * host.out_dtype.itemsize
    c = backend.malloc(c_bytes)
    backend.htod(a, host.a)
    backend.htod(b, host.b)
    return DeviceInputs(host, a, b, c, c_bytes)


def packed_arguments(point: Point, a, b, c, k_blocks: int) -> bytes:
    return pack_args(gemm_arguments(point.spec.family, int(a), int(b), int(c), point.m, point.n,
                                    point.k, k_blocks))


def point_launches(functions: dict, point: Point, a, b, c, k_blocks: int, workspace=None) -> list[tuple]:
    """(function, grid, block, packed arguments) of every launch that computes a point: the kernel, and
    for a split-K kernel (writing its partials into `workspace`) the reduction pass into C after it."""
    spec = point.spec
    if spec.split_k == 1:
        return [(functions[spec.symbol], spec.grid(point.m, point.n), spec.block,
                 packed_arguments(point, a, b, c, k_blocks))]
    reduce = kernels.reduce_spec()
    return [(functions[spec.symbol], spec.grid(point.m, point.n), spec.block,
             packed_arguments(point, a, b, workspace, k_blocks)),
            (functions[reduce.symbol], kernels.reduce_grid(point.m, point.n), reduce.block,
             pack_args(reduce_arguments(int(workspace), int(c), point.m * point.n, spec.split_k)))]


def workspace_bytes(point: Point, c_bytes: int) -> int:
    """The split-K partials: split_k slices of C's size (0 for a kernel that splits nothing)."""
    return point.spec.split_k * c_bytes if point.spec.split_k > 1 else 0


def time_kernel(backend, function, point: Point, packed: bytes, inputs: DeviceInputs,
                overrides: Overrides) -> tuple[stats.TimeSummary, int]:
    """Event-timed launches, each after a fresh poison of C: (summary, warm-ups done)."""
    return time_launches(backend, function, point.spec.grid(point.m, point.n), point.spec.block, packed,
                         inputs.c, inputs.c_bytes, overrides)


def time_launches(backend, function, grid: tuple, block: tuple, packed: bytes, poison, poison_bytes: int,
                  overrides: Overrides, then: tuple = (), poison_more: tuple = ()) -> tuple[stats.TimeSummary, int]:
    """The runner's timing of one kernel (also the microbenchmarks' launch_runner bench): each
    launch between two events, after a poison of `poison_bytes` bytes at `poison` and a hold of the
    GPU (HOLD_CYCLES) that hides the host's launch call; the warm-ups
    and runs of stats.plan_runs. `then`: launches (function, grid, block, packed) that follow the
    kernel between the same events (split-K's reduction pass); `poison_more`: (pointer, bytes) poisoned
    with the output. Returns (summary, warm-ups done)."""
    start, stop = backend.event(), backend.event()
    profiled = overrides.warmups == 0   # profiler/sanitizer passes: exactly the timed launches, no hold

    def timed_launch() -> float:
        backend.memset(poison, POISON_BYTE, poison_bytes)
        for ptr, nbytes in poison_more:
            backend.memset(ptr, POISON_BYTE, nbytes)
        if not profiled:
            backend.hold(HOLD_CYCLES)
        backend.record(start)
        backend.launch(function, grid, block, packed)
        for launch in then:
            backend.launch(*launch)
        backend.record(stop)
        return backend.elapsed_ms(start, stop) * 1e3

    if profiled:
        warmups, runs = 0, overrides.runs or stats.MIN_RUNS
    else:
        first_us = timed_launch()  # the first warm-up, timed to size the plan
        plan = stats.plan_runs(first_us)
        warmups = plan.warmups if overrides.warmups is None else overrides.warmups
        runs = plan.runs if overrides.runs is None else overrides.runs
        for _ in range(max(warmups - 1, 0)):
            timed_launch()
    times = [timed_launch() for _ in range(runs)]
    backend.synchronize()
    return stats.summarize(times), warmups


def end_to_end_us(backend, functions: dict, point: Point, host: HostInputs) -> float:
    """Allocation, copies in, launch(es), synchronization, copy out, free: wall clock."""
    t0 = time.perf_counter()
    out = np.empty((point.m, point.n), dtype=host.out_dtype)
    a, b = backend.malloc(host.a.nbytes), backend.malloc(host.b.nbytes)
    c = backend.malloc(out.nbytes)
    workspace = backend.malloc(workspace_bytes(point, out.nbytes)) if point.spec.split_k > 1 else None
    backend.htod(a, host.a)
    backend.htod(b, host.b)
    for launch in point_launches(functions, point, a, b, c, host.k_blocks, workspace):
        backend.launch(*launch)
    backend.synchronize()
    backend.dtoh(out, c)
    for ptr in (a, b, c) if workspace is None else (a, b, c, workspace):
        backend.free(ptr)
    return (time.perf_counter() - t0) * 1e6


def end_to_end_summary(backend, functions: dict, point: Point, host: HostInputs, runs: int | None):
    if runs == 0:
        return None, 0
    times = [end_to_end_us(backend, functions, point, host)]
    wanted = runs if runs is not None else (SLOW_E2E_RUNS if times[0] > SLOW_E2E_US else E2E_RUNS)
    times += [end_to_end_us(backend, functions, point, host) for _ in range(wanted - 1)]
    return stats.summarize(times).median_us, len(times)


def base_row(ctx: Context, point: Point) -> dict:
    spec = point.spec
    return {
        "timestamp_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "suite": point.suite, "device": ctx.device["device"], "backend": ctx.backend.name,
        "driver": ctx.device["driver"], "runtime": ctx.device["runtime"], "sm_clock_mhz": "",
        "mem_clock_mhz": "", "kernel": spec.kernel, "symbol": spec.symbol, "dtype": spec.dtype,
        "tile_mxnxk": spec.tile, "swizzle": int(spec.swizzle),
        "workgroup": "x".join(str(d) for d in spec.block), "threads": spec.threads,
        "regs_per_thread": 0, "M": point.m, "N": point.n, "K": point.k, "warmups": 0, "runs": 0,
        "kernel_time_us": "", "kernel_time_min_us": "", "kernel_time_max_us": "", "gflops": "",
        "e2e_runs": 0, "e2e_time_us": "", "e2e_gflops": "", "correct": False, "max_abs_err": "",
        "rel_err": "", "tolerance": stats.tolerance(spec.dtype, point.k), "status": "failed",
        "error": "", "command": ctx.command,
    }


def failed_row(ctx: Context, point: Point, status: str, message: str) -> dict:
    row = base_row(ctx, point)
    row.update(status=status, error=" ".join(message.split())[:300])
    return row


def measure_point(ctx: Context, point: Point, inputs: DeviceInputs) -> dict:
    backend, function = ctx.backend, ctx.functions[point.spec.symbol]
    if point.spec.split_k == 1:
        packed = packed_arguments(point, inputs.a, inputs.b, inputs.c, inputs.host.k_blocks)
        timing, warmups = time_kernel(backend, function, point, packed, inputs, ctx.overrides)
    else:
        nbytes = workspace_bytes(point, inputs.c_bytes)
        workspace = backend.malloc(nbytes)
        try:
            first, *then = point_launches(ctx.functions, point, inputs.a, inputs.b, inputs.c, inputs.host.k_blocks,
                                          workspace)
            timing, warmups = time_launches(backend, *first, inputs.c, inputs.c_bytes, ctx.overrides,
                                            then=tuple(then), poison_more=((workspace, nbytes),))
        finally:
            backend.free(workspace)
    sm_mhz, mem_mhz = backend.clocks_mhz()
    out = np.empty((point.m, point.n), dtype=inputs.host.out_dtype)
    backend.dtoh(out, inputs.c)
    report = stats.compare(out, inputs.host.reference)
    correct = stats.is_correct(report, point.spec.dtype, point.k)
    e2e_us, e2e_runs = end_to_end_summary(backend, ctx.functions, point, inputs.host, ctx.overrides.e2e_runs)

    row = base_row(ctx, point)
    row.update(
        sm_clock_mhz="" if sm_mhz is None else sm_mhz, mem_clock_mhz="" if mem_mhz is None else mem_mhz,
        regs_per_thread=backend.registers_per_thread(function), warmups=warmups, runs=timing.runs,
        kernel_time_us=round(timing.median_us, 3), kernel_time_min_us=round(timing.min_us, 3),
        kernel_time_max_us=round(timing.max_us, 3),
        gflops=round(stats.gflops(point.m, point.n, point.k, timing.median_us), 3),
        e2e_runs=e2e_runs, e2e_time_us="" if e2e_us is None else round(e2e_us, 3),
        e2e_gflops="" if e2e_us is None else round(stats.gflops(point.m, point.n, point.k, e2e_us), 3),
        correct=correct, max_abs_err=f"{report.max_abs_err:.6g}", rel_err=f"{report.rel_err:.6g}",
        status="ok" if correct else "incorrect",
        error="" if correct else f"{report.nonfinite} non-finite elements" if report.nonfinite
        else "error above tolerance",
    )
    return row


def rounds_parser(prog: str, doc: str, csv_name: str, rounds: int) -> argparse.ArgumentParser:
    """The flags of a script that times its variants in turn, round after round, in one process
    (validation.overhead, validation.residency): --out, --rounds (at least 1), --quick, --build-dir."""

    def at_least_one(text: str) -> int:
        value = int(text)
        if value < 1:
            raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
        return value

    p = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    p.add_argument("--out", type=Path, required=True, help=f"folder for {csv_name}")
    p.add_argument("--rounds", type=at_least_one, default=rounds)
    p.add_argument("--quick", action="store_true", help="the runner's quick mode (for a profiler pass)")
    p.add_argument("--build-dir", type=Path, default=Path("build"))
    return p
