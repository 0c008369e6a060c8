"""The portable microbenchmarks (kernels/microbench/microbench.hip) -> microbench.csv.

    python -m validation.microbench --out DIR [--backend cuda|hip] [--build-dir build] [--quick]
                                    [--only GROUP,...]

One source for sm_90, gfx942 and gfx950; one row per measured quantity: bench, the swept
parameter, and a metric whose name carries its unit (the contract of gemmsim.measurements.microbench,
which `gemmsim calibrate` reads). In-kernel latencies are SM/CU cycles (clock64 / s_memtime);
event-timed throughputs are converted to per-cycle figures with the SM clock the backend reads
right after the measurement (nvidia-smi, amd-smi; the clocks are left alone). Rates "by
difference" divide the extra work of a longer loop by its extra time, so the launch cancels.

The groups (BENCHES, --only takes their names):
  launch   launch_runner: an empty kernel timed exactly as the runner times a GEMM
           (validation.measure.time_launches: poison, the hold that hides the host's launch call,
           events, warm-ups and runs of stats.plan_runs),
           one wave and a full grid; launch: the same kernel between two events, nothing queued;
           launch_poison_r<rep>: launch_runner's timing of one wave with poisons of 4 KiB .. 256 MiB
           (parameter poison_bytes), three sweeps in turn
  chase    pointer chase through global buffers of every cache level (latency cycles and ns)
  copy     device copy bandwidth (read + write) at four buffer sizes
  l2       l2_read: L2-resident reads, L1 bypassed; hbm_read: a 2 GiB buffer (both by difference)
  l1       l1_lines: L1-resident global loads touching 1..32 lines of 128 bytes per load
  l1wide   (issue 12, the fp64 ladder) l1_wide_b32/_b64: the l1_lines rate for 32- and 64-bit elements
           at lane strides of 4..128 bytes (benches l1_wide_b<bits>, parameter lane_stride_bytes, metric
           ldg_per_cycle_per_sm), and l1_wide_b<bits>_half with lanes l and l + 16 on one element (do a
           64-bit load's two half-warps take the data stage apart, as 64-bit shared accesses do?); chase_warp64: one warp's dependent chain of L1-resident warp-wide
           64-bit loads (bench l1_warp_b64, metric latency_cycles) and chase_warp's 32-bit one
           (l1_warp_b32), by lane stride: the L1-hit latency of a load whose lanes span 1..8 lines
  epilogue epilogue_stores (issue 12): the matrix-core GEMM's C stores alone (sm_90's m16n8 layout, four
           guarded 4-byte stores per 16x8 fragment and lane), 4 warps per block, one block on each of 16
           SMs or on every SM, 0 (the launch alone) to 4 tiles per block, each timed as the runner times
           a GEMM (the poison is the whole C, so its lines are in the L2, as the GEMM's are). Benches
           epilogue_m<M_REP>_n<N_REP>_b<blocks>, parameter reps (tiles per block), metric event_time_us;
           store_shape: the same on 16 SMs for warps' stores by the lines and sectors they write (STORE_SHAPES),
           128 per warp at most. Benches store_<shape>, parameter reps (32 stores per warp each), metrics
           event_time_us and block_cycles (the median block's cycles from its first store's issue to its last's)
  lds      shared: dependent LDS latency and rate by conflict ways (lane l reads word l x stride);
           lds_b32/b64/b128: cycles per wave access by stride, one block filling the SM/CU
  valu     ffma: dependent latency, event-timed and by-difference rates; valu: lanes per cycle per SIMD
  madd     (issue 34, the fp64 and int32 ladders) dfma, imad: ffma's measurements for a double-precision
           multiply-add (DFMA on sm_90) and a 32-bit integer one (IMAD; each chain squares its value):
           metrics latency_cycles (chains=1, one warp), <bench>_per_cycle_per_sm (event-timed) and
           <bench>_per_cycle_per_sm_by_difference (8 chains per thread, 8 blocks of 256 per SM/CU), in lane
           operations per cycle per SM/CU, as ffma's
  matrix   the arch's matrix instructions (MATRIX): dependent latency and issue cycles per SIMD;
           on sm_90 also the mma_sync rows of the first H200 suite
  barrier  cycles per __syncthreads by block size
  loaded   loaded_chase (issue 12): one thread's pointer chase (L2- or HBM-resident) while 0..1055
           other blocks stream 16-byte loads (from HBM or the L2); latency and the bandwidth in use
           over the chase's timed window. Benches loaded_<chase>_<stream>, parameter blocks (the
           chaser's block + the streamers)
  mlp      mlp_loads<U> (issue 12): bandwidth vs bytes in flight per SM/CU: U = 1..16 independent
           16-byte loads per thread, 16 or all SMs/CUs with 1 or 4 blocks each, from HBM or the L2.
           Benches mlp_<level>_s<SMs>_b<blocks per SM>_u<U>, parameter threads (per block)
  mio      mio_timeline (issue 12, NVIDIA only): one block of W warps, each issuing 48 shared loads
           with `stride` ways of conflict and reading the cycle counter after each. Benches
           mio_w<W>_s<stride>[_warp<w>], parameter load (its index), metric issue_cycle (cycles
           after the first load); warp 0, and warp 4 (the second warp of sub-partition 0) where
           there is one. mio_pair_s<stride>: warps 0 and 4 alone (one sub-partition, two warps)
  lg       lg_timeline (issue 12, NVIDIA only): the same with global loads that hit in the L1, lane l
           on word l x stride + i (stride 1, 8, 32: 1, 8, 32 lines per load). Benches lg_w<W>_s<stride>,
           lg_pair_s<stride>, as mio's
  cross    lds_cross (issue 12 item 5): conflict-free shared loads beside 0..4 global loads per
           iteration, one launch per count, for Nsight Compute to count shared wavefronts
           (validation/session.sh shared), and the same with shared stores; rows give the shared
           instructions each launch issues
  touch    chase_warp (issue 12): one warp's dependent chain of warp-wide first-touch loads (every
           lane loads each step; caches evicted before each launch), nodes in random or sequential
           (streaming) order over 256 MiB and 2 GiB, and L2-resident for reference; lanes on one word,
           one line, two lines (the pre-shuffled B of the matrix-core GEMM), or two lines loaded twice
           at +4 bytes (its compiled pair of loads). Benches touch_<level>_<order>_<pattern>,
           parameter buffer_bytes
  sharers  chase_sharers (issue 12): the touch chain (two lines per warp load, caches evicted) followed
           through the same lines by 2, 8, 32 or all SMs/CUs' blocks, the followers starting 0 to
           200000 cycles, or the whole chain, after the leader: whether a follower that catches up
           waits for the leader's fills. Benches sharers_b<blocks>_d<delay>, metrics leader_ and
           follower_median_/follower_max_cycles_per_step; sharers_alone: one block
  fetch    fetch_<launch>_<pass> (issue 12): cycles per multiply-add of straight-line code of 256 ..
           4096 steps (4 .. 66 KiB on sm_90), one warp; launch `first` (the kernel's code never fetched),
           `again` (one SM), `all` (a warp on every SM, the median and _max over them); pass `fetching`
           (the code's first run in the launch) and `fetched` (its second)
  slices   read_slices (issue 12, NVIDIA only): one 1024-thread block per SM reads one slice of an
           8 .. 96 MiB buffer once; each slice read by `group` (1, 2, 4, 8) SMs, picked as consecutive SM
           ids (near), SM ids apart (spread) or block ids apart (blocks, as a GEMM grid's B-tile readers).
           Benches l2_slices_<mode>_g<group>, parameter buffer_bytes, metrics warm_us (launch after launch:
           what the L2 kept) and cold_us (a 256 MiB scrub before each launch); block_sm: the SM each block
           of a 2-blocks-per-SM grid lands on (block_ordinal, sm_ordinal: 1-based)
  clock    clock_under_load: the SM/CU clock during the arch's first matrix instruction's and FFMA's
           throughput loops, one 1024-thread block per SM/CU: the longest block's cycles (between two
           __syncthreads) over event time, by difference of two loop lengths
"""
from __future__ import annotations

import argparse
import csv
import itertools
import math
import re
import shlex
import statistics
import sys
from pathlib import Path

import numpy as np

from validation.backends.argpack import pack_args
from validation.kernels import KERNELS_DIR

SOURCE = KERNELS_DIR / "microbench" / "microbench.hip"
COLUMNS = ("bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz", "device",
           "driver", "command")
# microbench.hip's GS_FETCH sizes (multiply-adds). 16384 (263 KiB) was measured once, at commit 805d8e1,
# and dropped: its straight-line code made every build of the source 9 s (clang) to 150 s (nvcc) longer
FETCH_STEPS = (256, 1024, 4096)
EPILOGUE_TILES = ((1, 2), (4, 4), (8, 4), (4, 8))   # microbench.hip's epilogue_stores (M_REP, N_REP)
SYMBOLS = ("empty_kernel", "store_words", "chase_global", "copy_vec4", "read_vec4", "l1_lines", "chase_shared",
           "lds_b32", "lds_b64", "lds_b128", "ffma_latency", "ffma_throughput", "dfma_latency", "dfma_throughput",
           "imad_latency", "imad_throughput", "barrier_loop", "loaded_chase",
           "mlp_loads1", "mlp_loads2", "mlp_loads4", "mlp_loads8", "mlp_loads16", "lds_cross",
           "chase_warp", "chase_sharers", "l1_wide_b32", "l1_wide_b64", "chase_warp64",
           *(f"epilogue_stores_m{m}_n{n}" for m, n in EPILOGUE_TILES), "store_shape",
           *(f"fetch_straight{n}" for n in FETCH_STEPS))
# The matrix instructions each arch's kernels use (kernel NAME_latency / NAME_throughput, NAME the
# opcode with every run of other characters made '_'), as the GPU descriptions' [[matrix]] tables
# name them.
MATRIX = {
    "sm_90": ("mma.sync.m16n8k16.bf16",),
    "gfx942": ("v_mfma_f32_16x16x16_f16", "v_mfma_f32_16x16x16_bf16", "v_mfma_f32_32x32x8_f16",
               "v_mfma_f32_32x32x8_bf16", "v_mfma_f32_16x16x32_fp8_fp8", "v_mfma_f32_32x32x16_fp8_fp8",
               "v_mfma_i32_16x16x32_i8", "v_mfma_i32_32x32x16_i8", "v_mfma_f32_16x16x4_f32"),
    "gfx950": ("v_mfma_f32_16x16x16_f16", "v_mfma_f32_16x16x16_bf16", "v_mfma_f32_16x16x32_f16",
               "v_mfma_f32_16x16x32_bf16", "v_mfma_f32_32x32x16_bf16", "v_mfma_f32_16x16x32_fp8_fp8",
               "v_mfma_i32_16x16x64_i8", "v_mfma_i32_32x32x32_i8"),
}
MMA_SYNC = "mma.sync.m16n8k16.bf16"
# Issue slots per SM/CU that the per-SIMD figures divide by: Hopper's four SM sub-partitions and
# CDNA 3/4's four SIMDs per CU (gemmsim's descriptions: [compute_unit].simds).
SIMDS_PER_CU = 4
LINE_BYTES = 128
CHASE_SIZES = (8 << 10, 32 << 10, 128 << 10, 1 << 20, 4 << 20, 16 << 20, 40 << 20, 256 << 20, 1 << 30)
COPY_SIZES = (8 << 20, 32 << 20, 256 << 20, 2 << 30)
L2_SIZES = (4 << 20, 16 << 20, 32 << 20)
HBM_SIZE = 2 << 30
L1_STRIDES = (1, 2, 4, 8, 32)
SMEM_STRIDES = (1, 2, 4, 8, 16, 32)
LDS_WIDTHS = (32, 64, 128)
LDS_STRIDE_FACTORS = (1, 2, 4, 8, 16, 32)     # stride_words = width / 32 x factor
LDS_UNROLL = 8                                # microbench.hip's LDS_UNROLL
LDS_BLOCK = 1024
LAUNCH_POISON_BYTES = 4 << 20                 # the C of a 1024 x 1024 fp32 GEMM
# the C sizes of the runner's shapes span 8 KiB (16 x 128 fp32) .. 320 MiB (10240 x 8192 fp32)
LAUNCH_POISON_SWEEP = tuple(4 ** e << 10 for e in range(1, 10))   # 4 KiB .. 256 MiB
LAUNCH_POISON_REPEATS = 3                     # sweeps in turn: drift vs noise
# loaded: (bench, chase buffer, stream buffer); the chase sizes are chase's L2 and HBM levels
LOADED_SERIES = (("loaded_l2_hbm", 2 << 20, 2 << 30), ("loaded_hbm_hbm", 256 << 20, 2 << 30),
                 ("loaded_l2_l2", 2 << 20, 16 << 20), ("loaded_hbm_l2", 256 << 20, 16 << 20))
LOADED_STREAMERS = (0, 2, 4, 8, 16, 33, 66, 99, 132, 165, 198, 264, 330, 396, 528, 792, 1055)
LOADED_BLOCK = 256                            # threads per block; 1056 blocks = 8 per SM of 132
STREAM_UNROLL = 4                             # microbench.hip's STREAM_UNROLL
MLP_LOADS = (1, 2, 4, 8, 16)
MLP_THREADS = (32, 64, 128, 256, 512, 1024)
MLP_LEVELS = (("hbm", 2 << 30), ("l2", 16 << 20))
MIO_LOADS = 48                                # microbench.hip's MIO_LOADS
MIO_WARPS = (1, 2, 4, 8, 16, 32)
MIO_STRIDES = (1, 8, 32)
INFLIGHT_COUNTS = (32, 48, 56, 60, 62, 64, 66, 68, 72, 80, 96, 128)   # microbench.hip's inflight_n<N>
INFLIGHT_AT = (48, 56, 64, 72)                                         # microbench.hip's inflight_at<K>
NVIDIA_ONLY = ("mio_timeline", "lg_timeline", "read_slices", "inflight_m4", "inflight_m8") + tuple(
    f"inflight_n{n}" for n in INFLIGHT_COUNTS) + tuple(f"inflight_at{k}" for k in INFLIGHT_AT)
# slices: the distinct bytes read per launch, the SMs that read each slice, and how the sharers are picked
SLICE_SIZES = tuple(m << 20 for m in (8, 16, 24, 32, 40, 48, 56, 64, 96))
SLICE_GROUPS = (1, 2, 4, 8)
SLICE_MODES = ("near", "spread", "blocks")   # microbench.hip's read_slices modes 0, 1, 2
SLICE_SCRUB_BYTES = 256 << 20
CROSS_GLOBALS = (0, 1, 2, 4)                  # global loads per iteration beside the shared ones
CROSS_UNROLL = 8                              # microbench.hip's CROSS_UNROLL
CROSS_SIZE = 256 << 20
# touch: (level, order, buffer bytes); patterns: (name, lane_words, pair) of chase_warp
TOUCH_SERIES = (("hbm", "random", 256 << 20), ("hbm", "random", 2 << 30), ("hbm", "sequential", 256 << 20),
                ("hbm", "sequential", 2 << 30), ("l2", "random", 16 << 20))
TOUCH_PATTERNS = (("word", 0, 0), ("line", 1, 0), ("two_lines", 2, 0), ("pair", 2, 1))
TOUCH_EVICT_BYTES = 1 << 30                   # memset before each first-touch launch: past every L2/MALL
SHARERS_BLOCKS = (2, 8, 32, 0)               # blocks of chase_sharers (0: one per SM/CU)
SHARERS_DELAYS = (0, 2000, 20000, 200000, -1)  # followers' head start for the leader, cycles (-1: the whole chain)
EPILOGUE_REPS = (0, 1, 2, 4)                  # tiles of C per block (0: the launch alone)
EPILOGUE_BLOCKS = 16                          # as the GEMMs at 512 x 512 (16 to 32 blocks); and one per SM
# store_shape's (name, lanes per row, word spread, words per lane, rows whose lanes store): rows are
# 128-byte lines; 32 rows: every lane stores
STORE_SHAPES = (("line", 32, 1, 1, 32),              # one line, four whole sectors
                ("rows8_half", 4, 2, 1, 32),         # the GEMM's epilogue: 8 lines, every other word of a sector
                ("rows8_16B", 4, 1, 1, 32),          # 8 lines, half a sector each, contiguous
                ("rows8_full", 4, 1, 2, 32),         # 8 lines, one whole sector each (8-byte stores)
                ("rows4_two_sectors", 8, 1, 2, 32),  # 4 lines, two whole sectors each
                ("rows32_word", 1, 1, 1, 32),        # 32 lines, one word each
                # the ladder kernels' C stores: lanes 2 or 4 elements apart (gemm_blocked2x2/4x4)
                ("rows2_words_8B_apart", 16, 2, 1, 32),   # 2 lines, 8 sectors, every other word
                ("rows4_words_16B_apart", 8, 4, 1, 32),   # 4 lines, 16 sectors, a word in every 16 bytes
                ("rows8_pairs_32B_apart", 4, 4, 2, 32),   # 8 lines, 32 sectors, 8 bytes each (fp64 4x4)
                # a tail's guard: few lanes store (is a store's least cost per instruction or per byte?)
                ("rows4_sector", 8, 1, 1, 32),            # 4 lines, one whole sector each
                ("rows4_sector_1_row", 8, 1, 1, 1),       # its first row only: 8 lanes, 1 line, 1 sector
                ("rows8_half_1_row", 4, 2, 1, 1))         # the GEMM's store, first row only: 4 lanes
STORE_SHAPE_UNROLL = 32                       # microbench.hip's STORE_SHAPE_UNROLL
CLOCK_BLOCK = 1024                            # clock: one block per SM/CU: 32 warps of 32, 16 waves of 64


def matrix_symbol(opcode: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", opcode.lower()).strip("_")


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
    """The backend, the loaded kernels and the rows written so far."""

    def __init__(self, backend, functions: dict, command: str, quick: bool):
        self.b, self.f, self.command, self.quick = backend, functions, command, quick
        self.sms, self.wave = backend.compute_units(), backend.wave_size
        self.target = backend.target
        self.device = backend.device_info()
        self.rows: list[dict] = []
        self.sink = backend.malloc(64 << 20)
        self.cycles = backend.malloc(8 * 8192)

    def row(self, bench, param_name, param_value, metric, value, clock) -> None:
        """One row; a value that is not a positive finite number (a failed difference) is left out."""
        if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0) or not clock:
            print(f"{bench:13s} {param_name}={param_value:<12} {metric:34s} left out ({value!r} at clock {clock})")
            return
        self.rows.append({"bench": bench, "param_name": param_name, "param_value": param_value,
                          "metric": metric, "value": f"{value:.6g}", "sm_clock_mhz": clock,
                          "device": self.device["device"], "driver": self.device["driver"],
                          "command": self.command})
        print(f"{bench:13s} {param_name}={param_value:<12} {metric:34s} {value:.6g}", flush=True)

    def launch(self, name, grid, block, args) -> None:
        self.b.launch(self.f[name], (grid, 1, 1), (block, 1, 1), pack_args(args))

    def timed_us(self, name, grid, block, args, repeats=11, warmups=2) -> float:
        """Median event time of one launch, nothing queued before it."""
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

    def extra_us(self, name, grid, block, args_of, lengths) -> float:
        """Extra time of the longer of two loop lengths (args_of(length) -> the arguments)."""
        short, long = (self.timed_us(name, grid, block, args_of(n)) for n in lengths)
        return long - short

    def first_cycles(self, count: int = 1) -> np.ndarray:
        self.b.synchronize()
        out = np.empty(count, dtype=np.uint64)
        self.b.dtoh(out, self.cycles)
        return out

    def per_cycle_per_cu(self, work: float, us: float, clock) -> float:
        return work / self.sms / (us * 1e-6 * clock * 1e6) if clock and us > 0 else float("nan")

    def clock(self) -> float | None:
        return self.b.clocks_mhz()[0]


# ---- the benches ------------------------------------------------------------------------------

def bench_launch(x: Bench) -> None:
    from validation.measure import Overrides, time_launches

    poison = x.b.malloc(LAUNCH_POISON_BYTES)
    args = pack_args([("ptr", int(x.sink))])
    overrides = Overrides.named("quick" if x.quick else None)
    for blocks, threads in ((1, x.wave), (x.sms * 8, 256)):
        summary, _ = time_launches(x.b, x.f["empty_kernel"], (blocks, 1, 1), (threads, 1, 1), args, poison,
                                   LAUNCH_POISON_BYTES, overrides)
        x.row("launch_runner", "threads", blocks * threads, "event_time_us", summary.median_us, x.clock())
    x.b.free(poison)
    for blocks, threads in ((1, x.wave), (x.sms * 8, 256)):
        t = x.timed_us("empty_kernel", blocks, threads, [("ptr", int(x.sink))], repeats=51, warmups=5)
        x.row("launch", "threads", blocks * threads, "event_time_us", t, x.clock())
    # the runner poisons C before the start event: before the runner held the GPU (measure.HOLD_CYCLES),
    # the host submitted the kernel while the GPU wrote the poison, so its size hid part of the host's
    # launch time; with the hold it should not matter, and these rows show whether it does
    sizes = LAUNCH_POISON_SWEEP[:2] if x.quick else LAUNCH_POISON_SWEEP
    poison = x.b.malloc(max(sizes))
    for rep in range(1 if x.quick else LAUNCH_POISON_REPEATS):
        for size in sizes:
            summary, _ = time_launches(x.b, x.f["empty_kernel"], (1, 1, 1), (x.wave, 1, 1), args, poison, size,
                                       overrides)
            x.row(f"launch_poison_r{rep}", "poison_bytes", size, "event_time_us", summary.median_us, x.clock())
    x.b.free(poison)


def bench_fetch(x: Bench) -> None:
    """Cycles per multiply-add of straight-line code, by code size: the first launch of each kernel
    (its code never fetched), again on one SM, then one warp on every SM; each launch's first pass
    (fetching) and second pass (the code already fetched)."""
    args = [("f32", 0.999), ("f32", 1e-3), ("ptr", int(x.sink)), ("ptr", int(x.cycles))]
    for steps in FETCH_STEPS[:2] if x.quick else FETCH_STEPS:
        name = f"fetch_straight{steps}"
        for label, blocks in (("first", 1), ("again", 1), ("all", x.sms)):
            x.launch(name, blocks, x.wave, args)
            spans = x.first_cycles(2 * blocks).astype(float).reshape(blocks, 2)
            clock = x.clock()
            for pass_, what in enumerate(("fetching", "fetched")):
                x.row(f"fetch_{label}_{what}", "steps", steps, "cycles_per_step", float(np.median(spans[:, pass_])) / steps,
                      clock)
            if blocks > 1:
                x.row(f"fetch_{label}_fetching_max", "steps", steps, "cycles_per_step", spans[:, 0].max() / steps, clock)


def bench_chase(x: Bench) -> None:
    rng = np.random.default_rng(5)
    steps = 2048 if x.quick else 16384
    for size in CHASE_SIZES[:4] if x.quick else CHASE_SIZES:
        buf = chase_permutation(size, rng)
        dev = x.b.malloc(buf.nbytes)
        x.b.htod(dev, buf)
        warm = size // LINE_BYTES if size <= (64 << 20) else 0
        x.launch("chase_global", 1, 1, [("ptr", int(dev)), ("i32", warm), ("i32", steps),
                                        ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
        cycles = float(x.first_cycles()[0]) / steps
        clock = x.clock()
        x.row("chase", "buffer_bytes", size, "latency_cycles", cycles, clock)
        x.row("chase", "buffer_bytes", size, "latency_ns", cycles / clock * 1e3 if clock else 0.0, clock)
        x.b.free(dev)


def bench_copy(x: Bench) -> None:
    for size in COPY_SIZES[:2] if x.quick else COPY_SIZES:
        src, dst = x.b.malloc(size), x.b.malloc(size)
        x.b.memset(src, 1, size)
        t = x.timed_us("copy_vec4", x.sms * 8, 256, [("ptr", int(src)), ("ptr", int(dst)), ("u64", size // 16)])
        x.row("copy", "buffer_bytes", size, "bandwidth_gb_per_s", 2 * size / (t * 1e-6) / 1e9, x.clock())
        x.b.free(src)
        x.b.free(dst)


def _read_bandwidth(x: Bench, size: int, passes: tuple[int, int]) -> float:
    src = x.b.malloc(size)
    x.b.memset(src, 1, size)
    dt = x.extra_us("read_vec4", x.sms * 8, 256,
                    lambda p: [("ptr", int(src)), ("u64", size // 16), ("i32", p), ("ptr", int(x.sink))], passes)
    x.b.free(src)
    return size * (passes[1] - passes[0]) / (dt * 1e-6) / 1e9 if dt > 0 else float("nan")


def bench_l2(x: Bench) -> None:
    for size in L2_SIZES[:1] if x.quick else L2_SIZES:
        x.row("l2_read", "buffer_bytes", size, "read_bandwidth_gb_per_s", _read_bandwidth(x, size, (4, 20)), x.clock())
    if not x.quick:
        x.row("hbm_read", "buffer_bytes", HBM_SIZE, "read_bandwidth_gb_per_s", _read_bandwidth(x, HBM_SIZE, (1, 3)),
              x.clock())


def bench_l1(x: Bench) -> None:
    buf = x.b.malloc(32 << 10)
    x.b.memset(buf, 0, 32 << 10)
    blocks, threads, lengths = x.sms * 8, 256, (256, 1280)
    for stride in L1_STRIDES:
        dt = x.extra_us("l1_lines", blocks, threads,
                        lambda n: [("ptr", int(buf)), ("i32", stride), ("i32", n), ("ptr", int(x.sink))], lengths)
        clock = x.clock()
        loads = blocks * threads // x.wave * 8 * (lengths[1] - lengths[0])
        lines = min(x.wave, max(1, stride * x.wave * 4 // LINE_BYTES))   # 128-byte lines one load touches
        x.row("l1_lines", "lines_per_load", lines, "ldg_per_cycle_per_sm", x.per_cycle_per_cu(loads, dt, clock), clock)
    x.b.free(buf)


L1_WIDE_STRIDES = (4, 8, 16, 32, 64, 128)     # lane stride, bytes (a multiple of the element)
L1_WIDE_BUFFER = 32 << 10                     # microbench.hip's L1_WIDE_BYTES


def bench_l1wide(x: Bench) -> None:
    """The L1 data stage's cycles per load by element width and lane stride (rate, by difference), and
    the L1-hit latency of one warp's warp-wide load by the same (a dependent chain, L1-resident)."""
    buf = x.b.malloc(L1_WIDE_BUFFER)
    x.b.memset(buf, 0, L1_WIDE_BUFFER)
    blocks, threads, lengths = x.sms * 8, 256, (256, 1280)
    for bits, (suffix, lane_mask) in itertools.product((32, 64), (("", 31), ("_half", 15))):
        for stride in L1_WIDE_STRIDES:
            if stride % (bits // 8):
                continue
            dt = x.extra_us(f"l1_wide_b{bits}", blocks, threads,
                            lambda n: [("ptr", int(buf)), ("i32", stride // (bits // 8)), ("i32", lane_mask),
                                       ("i32", n), ("ptr", int(x.sink))], lengths)
            loads = blocks * threads // x.wave * 8 * (lengths[1] - lengths[0])
            clock = x.clock()
            x.row(f"l1_wide_b{bits}{suffix}", "lane_stride_bytes", stride, "ldg_per_cycle_per_sm",
                  x.per_cycle_per_cu(loads, dt, clock), clock)
    x.b.free(buf)
    steps = 512 if x.quick else 4096
    rng = np.random.default_rng(13)
    for bits in (32, 64):
        for stride in L1_WIDE_STRIDES:
            elem = bits // 8
            if stride % elem:
                continue
            lane_elems = stride // elem
            node_elems = lane_elems * x.wave
            nodes = max(2, (16 << 10) // (node_elems * elem))      # 16 KiB: L1-resident
            perm = rng.permutation(nodes)
            succ = np.empty(nodes, dtype=np.int64)
            succ[perm] = np.roll(perm, -1)
            host = np.repeat((succ * node_elems).astype(np.uint64 if bits == 64 else np.uint32), node_elems)
            dev = x.b.malloc(host.nbytes)
            x.b.htod(dev, host)

            def run(n_steps: int) -> float:
                if bits == 64:
                    args = [("ptr", int(dev)), ("u32", 0), ("i32", lane_elems), ("i32", n_steps),
                            ("ptr", int(x.sink)), ("ptr", int(x.cycles))]
                    x.launch("chase_warp64", 1, x.wave, args)
                else:
                    args = [("ptr", int(dev)), ("u32", 0), ("i32", lane_elems), ("i32", 0), ("i32", n_steps),
                            ("ptr", int(x.sink)), ("ptr", int(x.cycles))]
                    x.launch("chase_warp", 1, x.wave, args)
                return float(x.first_cycles()[0]) / n_steps

            run(nodes)                          # every node once, untimed: now in the L1
            latency = statistics.median(run(steps) for _ in range(3))
            x.row(f"l1_warp_b{bits}", "lane_stride_bytes", stride, "latency_cycles", latency, x.clock())
            x.b.free(dev)


def bench_epilogue(x: Bench) -> None:
    """The matrix-core GEMM's C stores alone, by tile (microbench.hip's (M_REP, N_REP) pairs), blocks
    and tiles per block: what its epilogue costs beside the launch, and per store once the SM is busy."""
    from validation.measure import Overrides, time_launches

    overrides = Overrides.named("quick" if x.quick else None)
    for (m_rep, n_rep), blocks in itertools.product(EPILOGUE_TILES, (EPILOGUE_BLOCKS, x.sms)):
        rows, cols = 16 * m_rep, 32 * n_rep
        nbytes = max(EPILOGUE_REPS) * blocks * rows * cols * 4
        c = x.b.malloc(nbytes)
        for reps in EPILOGUE_REPS:
            packed = pack_args([("ptr", int(c)), ("i32", blocks), ("i32", reps), ("i32", rows), ("i32", cols)])
            summary, _ = time_launches(x.b, x.f[f"epilogue_stores_m{m_rep}_n{n_rep}"], (blocks, 1, 1), (128, 1, 1),
                                       packed, c, nbytes, overrides)
            x.row(f"epilogue_m{m_rep}_n{n_rep}_b{blocks}", "reps", reps, "event_time_us", summary.median_us,
                  x.clock())
        x.b.free(c)
    blocks, warps, line_words = EPILOGUE_BLOCKS, 4, LINE_BYTES // 4
    nbytes = blocks * warps * max(EPILOGUE_REPS) * STORE_SHAPE_UNROLL * 32 * LINE_BYTES   # 32 rows a store at most
    c = x.b.malloc(nbytes)
    for name, row_lanes, spread, words, active_rows in STORE_SHAPES:
        assert row_lanes * spread * words <= line_words
        for reps in EPILOGUE_REPS:
            packed = pack_args([("ptr", int(c)), ("i32", blocks), ("i32", reps), ("i32", row_lanes), ("i32", spread),
                                ("i32", words), ("i32", active_rows), ("ptr", int(x.cycles))])
            summary, _ = time_launches(x.b, x.f["store_shape"], (blocks, 1, 1), (warps * 32, 1, 1), packed, c, nbytes,
                                       overrides)
            clock = x.clock()
            x.row(f"store_{name}", "reps", reps, "event_time_us", summary.median_us, clock)
            x.row(f"store_{name}", "reps", reps, "block_cycles", float(np.median(x.first_cycles(blocks))), clock)
    x.b.free(c)


def bench_lds(x: Bench) -> None:
    iters = 256 if x.quick else 4096
    for stride in SMEM_STRIDES:
        args = [("i32", stride), ("i32", iters), ("ptr", int(x.sink)), ("ptr", int(x.cycles))]
        x.launch("chase_shared", 1, x.wave, args)
        latency = float(x.first_cycles()[0]) / iters
        blocks, threads = x.sms * 2, 1024
        t = x.timed_us("chase_shared", blocks, threads, args)
        clock = x.clock()
        x.row("shared", "conflict_ways", stride, "latency_cycles", latency, clock)   # lane l*stride: stride lanes a bank
        x.row("shared", "conflict_ways", stride, "warp_loads_per_cycle_per_sm",
              x.per_cycle_per_cu(blocks * (threads // x.wave) * iters, t, clock), clock)
    for width in LDS_WIDTHS:
        for factor in LDS_STRIDE_FACTORS:
            stride = width // 32 * factor
            x.launch(f"lds_b{width}", 1, LDS_BLOCK, [("i32", stride), ("i32", iters), ("u32", 0), ("ptr", int(x.sink)),
                                                    ("ptr", int(x.cycles))])
            accesses = LDS_BLOCK // x.wave * iters * LDS_UNROLL
            x.row(f"lds_b{width}", "stride_words", stride, "cycles_per_access",
                  float(x.first_cycles()[0]) / accesses, x.clock())


def bench_valu(x: Bench) -> None:
    iters = 64 if x.quick else 1024
    head = [("f32", 0.999), ("f32", 1e-3)]
    tail = [("ptr", int(x.sink)), ("ptr", int(x.cycles))]
    x.launch("ffma_latency", 1, x.wave, head + [("i32", iters)] + tail)
    x.row("ffma", "chains", 1, "latency_cycles", float(x.first_cycles()[0]) / (iters * 16), x.clock())
    blocks, threads = x.sms * 8, 256
    per_iter = blocks * threads * 8 * 16
    t = x.timed_us("ffma_throughput", blocks, threads, head + [("i32", iters)] + tail)
    clock = x.clock()
    x.row("ffma", "chains", 8, "tflop_per_s", 2 * per_iter * iters / (t * 1e-6) / 1e12, clock)
    x.row("ffma", "chains", 8, "ffma_per_cycle_per_sm", x.per_cycle_per_cu(per_iter * iters, t, clock), clock)
    lengths = (16, 80) if x.quick else (64, 320)
    dt = x.extra_us("ffma_throughput", blocks, threads, lambda n: head + [("i32", n)] + tail, lengths)
    clock = x.clock()
    rate = x.per_cycle_per_cu(per_iter * (lengths[1] - lengths[0]), dt, clock)
    x.row("ffma", "chains", 8, "ffma_per_cycle_per_sm_by_difference", rate, clock)
    x.row("valu", "chains", 8, "valu_per_cycle_per_simd", rate / SIMDS_PER_CU, clock)


def bench_madd(x: Bench) -> None:
    """DFMA and IMAD as bench_valu measures FFMA: one warp's dependent chain (latency), then 8
    independent chains per thread over 8 blocks of 256 threads per SM/CU (rate, event-timed and by
    difference of two loop lengths)."""
    iters = 64 if x.quick else 1024
    tail = [("ptr", int(x.sink)), ("ptr", int(x.cycles))]
    for bench, head in (("dfma", [("f64", 0.999), ("f64", 1e-3)]), ("imad", [("u32", 3), ("u32", 1)])):
        x.launch(f"{bench}_latency", 1, x.wave, head + [("i32", iters)] + tail)
        x.row(bench, "chains", 1, "latency_cycles", float(x.first_cycles()[0]) / (iters * 16), x.clock())
        blocks, threads = x.sms * 8, 256
        per_iter = blocks * threads * 8 * 16
        t = x.timed_us(f"{bench}_throughput", blocks, threads, head + [("i32", iters)] + tail)
        clock = x.clock()
        x.row(bench, "chains", 8, f"{bench}_per_cycle_per_sm", x.per_cycle_per_cu(per_iter * iters, t, clock), clock)
        lengths = (16, 80) if x.quick else (64, 320)
        dt = x.extra_us(f"{bench}_throughput", blocks, threads, lambda n: head + [("i32", n)] + tail, lengths)
        clock = x.clock()
        x.row(bench, "chains", 8, f"{bench}_per_cycle_per_sm_by_difference",
              x.per_cycle_per_cu(per_iter * (lengths[1] - lengths[0]), dt, clock), clock)


def bench_matrix(x: Bench) -> None:
    iters = 32 if x.quick else 256
    lengths = (16, 80) if x.quick else (64, 320)
    blocks, threads = x.sms * 4, SIMDS_PER_CU * x.wave * 2     # two waves per SIMD
    chains = 4
    for opcode in MATRIX.get(x.target, ()):
        name = matrix_symbol(opcode)
        args = lambda n: [("u32", 0x3F803F80), ("i32", n), ("ptr", int(x.sink)), ("ptr", int(x.cycles))]  # noqa: E731
        x.launch(f"{name}_latency", 1, x.wave, args(iters))
        latency = float(x.first_cycles()[0]) / (iters * 8)
        x.row("matrix", "instruction", opcode, "latency_cycles", latency, x.clock())
        per_iter = blocks * (threads // x.wave) * chains * 8
        dt = x.extra_us(f"{name}_throughput", blocks, threads, args, lengths)
        clock = x.clock()
        rate = x.per_cycle_per_cu(per_iter * (lengths[1] - lengths[0]), dt, clock)
        x.row("matrix", "instruction", opcode, "issue_cycles", SIMDS_PER_CU / rate, clock)
        if opcode == MMA_SYNC:   # the first H200 suite's rows, for comparison
            t = x.timed_us(f"{name}_throughput", blocks, threads, args(iters))
            x.row("mma_sync", "chains", 1, "latency_cycles", latency, clock)
            x.row("mma_sync", "chains", chains, "mma_per_cycle_per_sm", x.per_cycle_per_cu(per_iter * iters, t, clock), clock)
            x.row("mma_sync", "chains", chains, "mma_per_cycle_per_sm_by_difference", rate, clock)


def bench_barrier(x: Bench) -> None:
    iters = 256 if x.quick else 4096
    for waves in (1, 2, 4, 8, 16, 32):
        threads = waves * x.wave
        if threads > 1024:
            break
        x.launch("barrier_loop", 1, threads, [("i32", iters), ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
        x.row("barrier", "threads", threads, "cycles_per_barrier", float(x.first_cycles()[0]) / iters, x.clock())


def bench_loaded(x: Bench) -> None:
    """Latency of one thread's chase while other blocks stream: bytes the streamers read during the
    chase's timed window / that window (chaser cycles at the SM clock) is the bandwidth in use."""
    rng = np.random.default_rng(12)
    steps = 1024 if x.quick else 8192
    streamers = LOADED_STREAMERS[::4] if x.quick else LOADED_STREAMERS
    flag, counts = x.b.malloc(64), x.b.malloc(8 * (max(streamers) + 1))
    stream_bufs: dict[int, int] = {}
    for bench, chase_bytes, stream_bytes in LOADED_SERIES[:2] if x.quick else LOADED_SERIES:
        if stream_bytes not in stream_bufs:
            stream_bufs[stream_bytes] = x.b.malloc(stream_bytes)
            x.b.memset(stream_bufs[stream_bytes], 1, stream_bytes)
        chase = chase_permutation(chase_bytes, rng)
        dev = x.b.malloc(chase.nbytes)
        x.b.htod(dev, chase)
        warm = max(1024, chase_bytes // LINE_BYTES if chase_bytes <= (64 << 20) else 0)
        node = np.zeros(1, dtype=np.uint32)     # the chase goes on from where the last launch stopped
        for n in streamers:
            lat, bw = [], []
            for _ in range(1 if x.quick else 3):
                x.b.memset(flag, 0, 64)
                x.b.memset(counts, 0, 8 * (n + 1))
                x.launch("loaded_chase", n + 1, LOADED_BLOCK,
                         [("ptr", int(dev)), ("u32", int(node[0])), ("i32", warm), ("i32", steps),
                          ("ptr", stream_bufs[stream_bytes]),
                          ("u64", stream_bytes // 16 - 1), ("u32", n), ("i32", 1 << 20), ("ptr", int(flag)),
                          ("ptr", int(counts)), ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
                cycles = float(x.first_cycles()[0])
                x.b.dtoh(node, x.sink)
                got = np.empty(n + 1, dtype=np.uint64)
                x.b.dtoh(got, counts)
                lat.append(cycles / steps)
                bw.append(float(got[1:].sum()) / cycles)        # bytes per chaser cycle
            clock = x.clock()
            latency, per_cycle = statistics.median(lat), statistics.median(bw)
            x.row(bench, "blocks", n + 1, "latency_cycles", latency, clock)
            x.row(bench, "blocks", n + 1, "latency_ns", latency / clock * 1e3 if clock else 0.0, clock)
            if n:
                x.row(bench, "blocks", n + 1, "stream_bandwidth_gb_per_s", per_cycle * clock * 1e6 / 1e9 if clock else 0.0,
                      clock)
        x.b.free(dev)
    for buf in stream_bufs.values():
        x.b.free(buf)
    x.b.free(flag)
    x.b.free(counts)


def _mlp_configs(sms: int, quick: bool) -> list[tuple[int, int, int, int]]:
    """(SMs, blocks per SM, threads per block, loads per thread) of the sweep: one block on 16 SMs
    (the per-SM limit, far from the memory's) and on every SM, and 4 blocks on every SM."""
    few = min(16, sms)
    out = [(s, 1, t, u) for s in (few, sms) for t in MLP_THREADS for u in MLP_LOADS]
    out += [(sms, 4, t, u) for t in MLP_THREADS[1:4] for u in MLP_LOADS]
    return out[::7] if quick else out


def bench_mlp(x: Bench) -> None:
    """Bandwidth vs bytes in flight per SM/CU: by difference of two loop lengths, each launch
    starting where the last ended (a launch smaller than the L2 then never hits the last one's lines)."""
    repeats = 3 if x.quick else 5
    for level, size in MLP_LEVELS[:1] if x.quick else MLP_LEVELS:
        src = x.b.malloc(size)
        x.b.memset(src, 1, size)
        elements, start = size // 16, 0
        for sms, per_sm, threads, loads in _mlp_configs(x.sms, x.quick):
            if level == "l2" and per_sm != 1:
                continue
            blocks = sms * per_sm
            if x.b.registers_per_thread(x.f[f"mlp_loads{loads}"]) * threads * per_sm > x.b.registers_per_cu():
                print(f"mlp {level} s{sms} b{per_sm} u{loads} threads={threads}: left out (registers)")
                continue
            in_flight = per_sm * threads * loads * 16          # bytes per SM, all loads outstanding
            guess = min(4e12 if level == "hbm" else 8e12, sms * in_flight / 600e-9)   # B/s, to size the launch
            per_iter = blocks * threads * loads * 16
            short = max(4, int(guess * 1e-3 / per_iter))         # about 1 ms
            times = {}
            for iters in (short, 3 * short):
                samples = []
                for i in range(1 + repeats):
                    t0, t1 = x.b.event(), x.b.event()
                    x.b.record(t0)
                    x.launch(f"mlp_loads{loads}", blocks, threads,
                             [("ptr", int(src)), ("u64", elements - 1), ("u64", start), ("i32", iters),
                              ("ptr", int(x.sink))])
                    x.b.record(t1)
                    ms = x.b.elapsed_ms(t0, t1)
                    start = (start + iters * blocks * threads * loads) % elements // 512 * 512
                    if i:
                        samples.append(ms * 1e3)
                times[iters] = statistics.median(samples)
            dt = times[3 * short] - times[short]
            bw = 2 * short * per_iter / (dt * 1e-6) / 1e9 if dt > 0 else float("nan")
            clock = x.clock()
            bench = f"mlp_{level}_s{sms}_b{per_sm}_u{loads}"
            x.row(bench, "threads", threads, "bandwidth_gb_per_s", bw, clock)
            x.row(bench, "threads", threads, "bytes_in_flight_per_sm", in_flight, clock)
        x.b.free(src)


def _issue_timeline(x: Bench, kernel: str, first_args: list, warps: int, stride: int, active: int) -> np.ndarray:
    """Median over launches of each active warp's issue cycles (warps x MIO_LOADS)."""
    runs = []
    for _ in range(3 if x.quick else 7):
        x.launch(kernel, 1, warps * x.wave, first_args + [("i32", stride), ("u32", active), ("ptr", int(x.sink)),
                                                          ("ptr", int(x.cycles))])
        runs.append(x.first_cycles(warps * MIO_LOADS).reshape(warps, MIO_LOADS))
    return np.median(np.stack(runs), axis=0)


def _issue_timelines(x: Bench, prefix: str, kernel: str, first_args: list) -> None:
    """Every warp of the block, then warps 0 and 4 alone (one sub-partition): rows <prefix>_w<W>_s<stride>."""
    runs = [(f"{prefix}_w{w}_s{s}", w, s, (1 << w) - 1, (0, 4) if w > 4 else (0,)) for w in MIO_WARPS for s in MIO_STRIDES]
    runs += [(f"{prefix}_pair_s{s}", 5, s, 0b10001, (0, 4)) for s in MIO_STRIDES]
    for name, warps, stride, active, shown in runs:
        timeline = _issue_timeline(x, kernel, first_args, warps, stride, active)
        clock = x.clock()
        for w in shown:
            bench = name + (f"_warp{w}" if w else "")
            for i in range(1, MIO_LOADS):
                x.row(bench, "load", i, "issue_cycle", float(timeline[w, i]), clock)


def bench_mio(x: Bench) -> None:
    """When a warp stops issuing shared loads."""
    if not x.target.startswith("sm_"):
        print("mio: NVIDIA only (AMD's ceiling is the lgkmcnt counter)")
        return
    _issue_timelines(x, "mio", "mio_timeline", [])


LG_BUFFER_BYTES = 64 * 1024   # lg_timeline reads words up to 31 x 32 + 2 x MIO_LOADS


def bench_lg(x: Bench) -> None:
    """When a warp stops issuing global loads that hit in the L1."""
    if not x.target.startswith("sm_"):
        print("lg: NVIDIA only (AMD's ceiling is the vmcnt counter)")
        return
    src = x.b.malloc(LG_BUFFER_BYTES)
    x.b.memset(src, 0, LG_BUFFER_BYTES)
    _issue_timelines(x, "lg", "lg_timeline", [("ptr", int(src))])
    x.b.free(src)


INFLIGHT_LOADS, INFLIGHT_MARKS = 128, (4, 8)   # microbench.hip's: loads, and a counter read after every 4th / 8th
INFLIGHT_BLOCKS = 8                       # on 8 SMs: far from any bandwidth limit
INFLIGHT_WARPS = (1, 4)                   # warps per block (per SM): a ceiling per warp or per SM
INFLIGHT_STRIDE_WORDS = 16 << 10          # 64 KiB between a lane's loads: every load a new line
INFLIGHT_BUFFER = 3 << 30                 # 3 GiB: a new region (8 MiB) for every launch pair, past the L2 many times over


def bench_inflight(x: Bench) -> None:
    """How many global loads one warp keeps in flight, from HBM (a region no launch read before) and
    from the L2 (the same region again at once): the issue timelines of INFLIGHT_LOADS loads, the
    issue time of N loads with no counter read among them, and of the first K of 128 loads."""
    if not x.target.startswith("sm_"):
        print("inflight: NVIDIA only (AMD's ceiling is the vmcnt counter)")
        return
    src = x.b.malloc(INFLIGHT_BUFFER)
    x.b.memset(src, 0, INFLIGHT_BUFFER)
    regions = itertools.count(1)   # region 0 is left alone: the memset's last lines may stay in the L2
    _inflight_timelines(x, src, regions)
    _inflight_counts(x, src, regions)
    _inflight_at(x, src, regions)
    x.b.free(src)


def _inflight_runs(x: Bench, kernel: str, warps: int, src: int, regions, values: int) -> dict[str, list[np.ndarray]]:
    """Each launch's cycles (blocks x warps x values), HBM then L2 over the same new region, repeated."""
    runs = {"hbm": [], "l2": []}
    for _ in range(3 if x.quick else 9):
        base = next(regions) * INFLIGHT_LOADS * INFLIGHT_STRIDE_WORDS
        for level in runs:
            x.launch(kernel, INFLIGHT_BLOCKS, warps * x.wave, [("ptr", int(src)), ("u64", base),
                     ("u64", INFLIGHT_STRIDE_WORDS), ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
            runs[level].append(x.first_cycles(INFLIGHT_BLOCKS * warps * values).reshape(INFLIGHT_BLOCKS, warps, values))
    return runs


def _inflight_timelines(x: Bench, src: int, regions) -> None:
    """The issue cycle of every 4th (8th) load and the cycle all values are in (median over blocks
    and launches; warp 0 and the block's last warp). Rows inflight_<level>_m<mark>_w<warps>[_last],
    param load (the count issued; the done_cycle row at INFLIGHT_LOADS)."""
    for mark in INFLIGHT_MARKS:
        marks = INFLIGHT_LOADS // mark
        for warps in INFLIGHT_WARPS:
            runs = _inflight_runs(x, f"inflight_m{mark}", warps, src, regions, marks + 1)
            clock = x.clock()
            for level, cycles in runs.items():
                stacked = np.concatenate(cycles)
                for w, suffix in ((0, ""), (warps - 1, "_last")) if warps > 1 else ((0, ""),):
                    median = np.median(stacked[:, w, :], axis=0)
                    bench = f"inflight_{level}_m{mark}_w{warps}{suffix}"
                    for j in range(marks):
                        x.row(bench, "load", (j + 1) * mark, "issue_cycle", float(median[j]), clock)
                    x.row(bench, "load", INFLIGHT_LOADS, "done_cycle", float(median[-1]), clock)


def _inflight_counts(x: Bench, src: int, regions) -> None:
    """N loads: the cycle the warp is past the last one's issue and the cycle all are in. Rows
    inflight_count_<level>_w<warps>, param loads = N."""
    _inflight_warp0(x, src, regions, "inflight_n", INFLIGHT_COUNTS, "inflight_count", "loads",
                    ("issue_cycle", "done_cycle"))


def _inflight_at(x: Bench, src: int, regions) -> None:
    """128 loads: the cycle the warp is past load K, past the last, and all values in. Rows
    inflight_at_<level>_w<warps>, param load = K."""
    _inflight_warp0(x, src, regions, "inflight_at", INFLIGHT_AT, "inflight_at", "load",
                    ("issue_cycle", "last_issue_cycle", "done_cycle"))


def _inflight_warp0(x: Bench, src: int, regions, kernel: str, params: tuple[int, ...], bench: str,
                    param_name: str, metrics: tuple[str, ...]) -> None:
    """Kernel <kernel><param> for every param and warp count: the median over blocks and launches of
    warp 0's values, one row per metric, bench <bench>_<level>_w<warps>."""
    for warps in INFLIGHT_WARPS:
        for param in params:
            runs = _inflight_runs(x, f"{kernel}{param}", warps, src, regions, len(metrics))
            clock = x.clock()
            for level, cycles in runs.items():
                median = np.median(np.concatenate(cycles)[:, 0, :], axis=0)
                for metric, value in zip(metrics, median):
                    x.row(f"{bench}_{level}_w{warps}", param_name, param, metric, float(value), clock)


def bench_cross(x: Bench) -> None:
    """One launch of lds_cross per (loads or stores, count of global loads), in that order (the order
    Nsight Compute profiles them in); each row gives the shared instructions that launch issues."""
    src = x.b.malloc(CROSS_SIZE)
    x.b.memset(src, 1, CROSS_SIZE)
    blocks, threads, iters = x.sms * 2, 256, 64 if x.quick else 512
    for stores, kind in ((0, "load"), (1, "store")):
        for globals in CROSS_GLOBALS:
            x.launch("lds_cross", blocks, threads, [("ptr", int(src)), ("u64", CROSS_SIZE // 4 - 1), ("i32", globals),
                                                    ("i32", stores), ("i32", iters), ("u32", 0), ("ptr", int(x.sink))])
            x.b.synchronize()
            x.row(f"cross_{kind}", "globals", globals, f"shared_{kind}_instructions",
                  blocks * threads // x.wave * iters * CROSS_UNROLL, x.clock())
    x.b.free(src)


def touch_nodes(buffer_bytes: int, node_words: int, order: str, rng: np.random.Generator) -> np.ndarray:
    """u32 buffer of nodes of node_words words; every word of a node holds the word index of the
    next node: a random cycle through every node, or each node's successor the next one in memory."""
    nodes = buffer_bytes // (4 * node_words)
    if order == "random":
        perm = rng.permutation(nodes)
        succ = np.empty(nodes, dtype=np.int64)
        succ[perm] = np.roll(perm, -1)
    else:
        succ = (np.arange(nodes, dtype=np.int64) + 1) % nodes
    return np.repeat((succ * node_words).astype(np.uint32), node_words)


def touch_evict_bytes(x: Bench) -> int:
    """What a first-touch bench writes before each launch to push its lines out of every cache."""
    return (64 << 20) if x.quick else TOUCH_EVICT_BYTES


def bench_touch(x: Bench) -> None:
    """Cycles per step of one warp's chain of warp-wide first-touch loads (chase_warp): HBM series
    evict the caches before each launch and go on from where the last launch stopped, so no step finds
    its line cached; the L2 series walks its 16 MiB once untimed first."""
    rng = np.random.default_rng(7)
    steps, repeats = (512, 1) if x.quick else (4096, 3)
    node_words = 2 * x.wave                    # two lanes' words per lane: room for lane_words 2 and the pair
    evict_bytes = touch_evict_bytes(x)
    evict = x.b.malloc(evict_bytes)
    series = TOUCH_SERIES[::2] if x.quick else TOUCH_SERIES
    for level, order, size in series:
        size = min(size, 64 << 20) if x.quick else size
        buf = touch_nodes(size, node_words, order, rng)
        dev = x.b.malloc(buf.nbytes)
        x.b.htod(dev, buf)
        del buf
        node = np.zeros(1, dtype=np.uint32)
        for pattern, lane_words, pair in TOUCH_PATTERNS:
            def run(n_steps: int) -> float:
                x.launch("chase_warp", 1, x.wave, [("ptr", int(dev)), ("u32", int(node[0])), ("i32", lane_words),
                                                    ("i32", pair), ("i32", n_steps), ("ptr", int(x.sink)),
                                                    ("ptr", int(x.cycles))])
                cycles = float(x.first_cycles()[0])
                x.b.dtoh(node, x.sink)
                return cycles / n_steps
            if level == "l2":
                run(size // (4 * node_words))      # every node once: the buffer is now in the L2
            lat = []
            for _ in range(repeats):
                if level == "hbm":
                    x.b.memset(evict, 0, evict_bytes)
                lat.append(run(steps))
            latency, clock = statistics.median(lat), x.clock()
            bench = f"touch_{level}_{order}_{pattern}"
            x.row(bench, "buffer_bytes", size, "latency_cycles", latency, clock)
            x.row(bench, "buffer_bytes", size, "latency_ns", latency / clock * 1e3 if clock else 0.0, clock)
        x.b.free(dev)
    x.b.free(evict)


def bench_sharers(x: Bench) -> None:
    """Cycles per step of a chain of first-touch warp-wide loads (the pre-shuffled B pattern) that
    several blocks, one per SM/CU, follow through the same lines (chase_sharers): the leader starts
    at once, the followers after `delay` cycles. Caches evicted before each launch. With no delay the
    followers ask for lines the leader's misses are still filling; with the whole chain's head start
    (delay -1: the leader's own cycles twice over) they find every line in the L2."""
    steps = 128 if x.quick else 1024
    evict_bytes = touch_evict_bytes(x)
    node_words = 2 * x.wave
    buf = touch_nodes((16 << 20) if x.quick else (256 << 20), node_words, "random", np.random.default_rng(11))
    dev, evict = x.b.malloc(buf.nbytes), x.b.malloc(evict_bytes)
    x.b.htod(dev, buf)
    del buf

    def run(blocks: int, delay: int) -> np.ndarray:
        x.b.memset(evict, 0, evict_bytes)
        x.launch("chase_sharers", blocks, x.wave, [("ptr", int(dev)), ("u32", 0), ("i32", 2), ("i32", steps),
                                                   ("i32", delay), ("ptr", int(x.sink)), ("ptr", int(x.cycles))])
        return x.first_cycles(blocks).astype(float) / steps

    alone = float(run(1, 0)[0])
    x.row("sharers_alone", "blocks", 1, "cycles_per_step", alone, x.clock())
    for blocks in SHARERS_BLOCKS:
        blocks = min(blocks or x.sms, x.sms)
        for delay in SHARERS_DELAYS:
            delay = int(2 * alone * steps) if delay < 0 else delay
            per_step = run(blocks, delay)
            clock, bench = x.clock(), f"sharers_b{blocks}_d{delay}"
            x.row(bench, "blocks", blocks, "leader_cycles_per_step", per_step[0], clock)
            x.row(bench, "blocks", blocks, "follower_median_cycles_per_step", float(np.median(per_step[1:])), clock)
            x.row(bench, "blocks", blocks, "follower_max_cycles_per_step", float(per_step[1:].max()), clock)
    x.b.free(dev)
    x.b.free(evict)


def bench_clock(x: Bench) -> None:
    """The SM/CU clock while a kernel keeps every SM busy, read from the kernel itself: the extra
    in-kernel cycles of a longer loop over its extra event time, for the arch's first matrix
    instruction (the matrix pipe busy) and FFMA. One block of CLOCK_BLOCK threads per SM/CU (8 warps
    per sub-partition, 4 waves per SIMD: the pipes full); the kernels read clock64 / s_memtime
    between two __syncthreads, so a block's span covers all its warps: the SM's busy time. The
    cycles are the longest block's (the one that ends the kernel; two blocks sharing an SM both span
    it). One warp's span is shorter than the kernel when its SM runs other warps past it (scheduling
    is not fair): the first version, the median of thread 0's span over 4 to 8 blocks per SM, read
    1115 (FFMA) and 1150 MHz (mma.sync) on the H200, where the by-difference FFMA rate (121 per cycle
    per SM at 1980 MHz) and ncu put the clock at 1815 to 1980. The clock the backend reports
    (nvidia-smi, amd-smi) is read after the kernel, not during it."""
    lengths = (200, 1000) if x.quick else (20000, 100000)
    blocks, threads = x.sms, CLOCK_BLOCK
    kernels = [(MATRIX[x.target][0], f"{matrix_symbol(MATRIX[x.target][0])}_throughput",
                lambda n: [("u32", 0x3F803F80), ("i32", n)])] if x.target in MATRIX else []
    kernels.append(("ffma", "ffma_throughput", lambda n: [("f32", 0.999), ("f32", 1e-3), ("i32", n)]))
    for label, name, head in kernels:
        tail = [("ptr", int(x.sink)), ("ptr", int(x.cycles))]
        us, cycles = [], []
        for n in lengths:
            x.timed_us(name, blocks, threads, head(n) + tail, repeats=1, warmups=1)   # the clock settles
            us.append(x.timed_us(name, blocks, threads, head(n) + tail, repeats=3, warmups=0))
            spans = x.first_cycles(blocks).astype(float)
            cycles.append(float(spans.max()))
            print(f"clock {label} iters={n}: {us[-1]:.1f} us, block cycles min {spans.min():.0f} "
                  f"median {np.median(spans):.0f} max {spans.max():.0f}", flush=True)
        mhz = (cycles[1] - cycles[0]) / (us[1] - us[0]) if us[1] > us[0] else float("nan")
        x.row("clock_under_load", "kernel", label, "sm_clock_mhz", mhz, x.clock())


def bench_slices(x: Bench) -> None:
    """What the L2 keeps between launches of slices that several SMs read: warm (launch after launch)
    against cold (a 256 MiB scrub written before each launch), by size, sharers and how they are picked;
    and the SM each block of a GEMM-like grid (2 blocks of 128 threads per SM) lands on."""
    from validation.measure import Overrides, time_launches

    if "read_slices" not in x.f:
        print("slices: NVIDIA only (the kernel reads %smid)")
        return
    overrides = Overrides.named("quick" if x.quick else None)
    where = x.b.malloc(4 * 4 * x.sms)
    poison, scrub = x.b.malloc(4 << 10), x.b.malloc(SLICE_SCRUB_BYTES)
    src = x.b.malloc(max(SLICE_SIZES))
    x.b.memset(src, 1, max(SLICE_SIZES))
    for size in SLICE_SIZES[::4] if x.quick else SLICE_SIZES:
        for group in SLICE_GROUPS:
            for mode in SLICE_MODES[:1] if group == 1 else SLICE_MODES:
                slices = -(-x.sms // group)
                packed = pack_args([("ptr", int(src)), ("u64", size // 16 // slices), ("i32", slices), ("i32", group),
                                    ("i32", SLICE_MODES.index(mode)), ("ptr", int(x.sink)), ("ptr", int(where))])
                for metric, buf, nbytes in (("warm_us", poison, 4 << 10), ("cold_us", scrub, SLICE_SCRUB_BYTES)):
                    summary, _ = time_launches(x.b, x.f["read_slices"], (x.sms, 1, 1), (1024, 1, 1), packed, buf,
                                               nbytes, overrides)
                    x.row(f"l2_slices_{mode}_g{group}", "buffer_bytes", size, metric, summary.median_us, x.clock())
    blocks = 2 * x.sms
    x.b.launch(x.f["read_slices"], (blocks, 1, 1), (128, 1, 1),
               pack_args([("ptr", int(src)), ("u64", 64), ("i32", 1), ("i32", 1), ("i32", 2), ("ptr", int(x.sink)),
                          ("ptr", int(where))]))
    x.b.synchronize()
    sms = np.empty(blocks, dtype=np.uint32)
    x.b.dtoh(sms, where)
    clock = x.clock()
    for block, sm in enumerate(sms):
        x.row("block_sm", "block_ordinal", block + 1, "sm_ordinal", int(sm) + 1, clock)
    for buf in (where, poison, scrub, src):
        x.b.free(buf)


# In this order: the launch last, when the benches before it have brought the clocks up.
BENCHES = {"chase": bench_chase, "copy": bench_copy, "l2": bench_l2, "l1": bench_l1, "l1wide": bench_l1wide,
           "epilogue": bench_epilogue, "lds": bench_lds,
           "valu": bench_valu, "madd": bench_madd, "matrix": bench_matrix, "barrier": bench_barrier, "loaded": bench_loaded,
           "mlp": bench_mlp, "mio": bench_mio, "lg": bench_lg, "inflight": bench_inflight, "cross": bench_cross,
           "touch": bench_touch,
           "sharers": bench_sharers, "clock": bench_clock, "fetch": bench_fetch, "slices": bench_slices,
           "launch": bench_launch}


def symbols_for(target: str) -> list[str]:
    own = NVIDIA_ONLY if target.startswith("sm_") else ()
    return list(SYMBOLS) + list(own) + [f"{matrix_symbol(op)}_{kind}" for op in MATRIX.get(target, ())
                            for kind in ("latency", "throughput")]


def write_csv(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="python -m validation.microbench", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, required=True, help="folder for microbench.csv")
    p.add_argument("--backend", choices=("cuda", "hip"), default="cuda")
    p.add_argument("--build-dir", type=Path, default=Path("build"))
    p.add_argument("--quick", action="store_true", help="small sizes and short loops (a smoke test)")
    p.add_argument("--only", help=f"comma-separated groups of {', '.join(BENCHES)}")
    args = p.parse_args(argv)
    groups = list(BENCHES) if not args.only else [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = [g for g in groups if g not in BENCHES]
    if unknown:
        p.error(f"--only: unknown group {unknown[0]!r}; choose from {', '.join(BENCHES)}")
    from validation.backends import create_backend

    backend = create_backend(args.backend, args.build_dir)
    functions = backend.load_source(SOURCE, symbols_for(backend.target))
    bench = Bench(backend, functions, shlex.join(["python", "-m", "validation.microbench", *argv]), args.quick)
    failed = []
    try:
        for group in groups:
            try:
                BENCHES[group](bench)
            except Exception as e:  # keep what the other groups measured
                print(f"{group} failed: {type(e).__name__}: {e}", flush=True)
                failed.append(group)
    finally:
        write_csv(args.out / "microbench.csv", bench.rows)
        close = getattr(backend, "close", None)
        if close:
            close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
