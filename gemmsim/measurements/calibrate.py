"""Fit a GPU description's timing parameters from microbenchmarks, and only from them.

Input: a microbenchmark CSV (gemmsim.measurements.microbench; by default validation/results/<gpu>/
microbench.csv, with microbench_extra.csv beside it when there is one). No GEMM row is read. Each
fit runs when its rows are there and is listed as not measured otherwise; the wave size, SIMDs,
cache sizes, XCDs, LDS banks and matrix table that the fits divide by or look up come from the
description being calibrated, never from here.

What is fitted, and how (each fit is a few lines of arithmetic over named rows):
* LDS latency (shared/latency_cycles by conflict_ways): latency = a + b (w - 1) by least squares;
  the model's latency is a (the conflict-free trip), the conflicts come from lane addresses;
* LDS lane phases (lds_b32|lds_b64|lds_b128 by stride_words: lane i reads the word at i x
  stride, an access of that width; conflict_ways_observed, else cycles_per_access relative to the
  smallest stride): the lanes per phase that reproduce the observed conflict ways best
  (gemmsim.measurements.lds_phases). The description's grouping is kept when nothing fits better (a
  stride sweep counts lanes per phase; it cannot tell which lanes), else [lds.phases]
  read_b<width> is rewritten as consecutive groups;
* L2-hit latency: the mean of the global pointer chase over buffers that miss the L1 and fit in
  one XCD's L2 (4 x L1 to half the L2), in ns at the measured clock;
* HBM latency: the chase through the smallest buffer at least twice every cache (L2 + MALL)
  (larger ones add TLB misses);
* achievable HBM bandwidth: the read bandwidth (hbm_read) of the largest buffer beyond every
  cache; without it, the copy fit below (read + write). The level below the L2: a description
  without a memory-side cache (mall_bytes 0) takes the HBM figure; one with a MALL takes the mean
  of the hbm_read rows whose buffer fits it (2 x L2 to half the MALL), if measured;
* L2 read bandwidth: the mean read bandwidth (l2_read, L1 bypassed) of the buffers between a
  quarter of and one XCD's L2, in bytes per clock per XCD at the rows' clock;
* the per-launch overhead: the mean event time of the empty kernel timed as a GEMM is
  (launch_runner); without it, the copy kernel's t = overhead + bytes / bandwidth by relative least
  squares over its buffer sizes (then also the bandwidth when hbm_read is missing);
* matrix instructions (matrix bench by instruction): issue_cycles, rounded, are the [[matrix]]
  entry's cycles; the H200's mma_sync bench gives mma.sync's cycles as simds / (mma per cycle per
  SM) when no matrix row names it. A dependent latency has no field: reported;
* VALU cycles: wave size / lanes per cycle per SIMD (valu bench, or the H200's ffma bench over its
  sub-partitions), written only if it differs from the description.
Measured but not expressible in the model (reported, not written): the L1-hit latency, dependent
VALU and matrix latencies, the barrier cost, the empty kernel's event time, L1 lines per cycle,
and any row for an instruction or field the description lacks.

Every written value gets kind = "calibrated" and its own [sources] entry naming the file, the rows
(bench / metric / parameter values) and the fit residual (gemmsim.measurements.calibrate_toml writes
them); the output is the same for the same input.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from gemmsim.errors import GemmsimError, InputError
from gemmsim.files import write_atomically
from gemmsim.hw import GPU, load_gpu
from gemmsim.hw.loader import HW_DIR, check_gpu_text, gpu_path, is_shipped, shipped_gpus, user_gpu_dir
from gemmsim.measurements.calibrate_toml import ensure_keys, rewrite_toml
from gemmsim.measurements.lds_phases import best_phases
from gemmsim.measurements.microbench import EXTRA_NAME, Row, has, pick, read_microbench, read_microbench_set, values

# The measurements live in the repository (validation/results/), not in an installed package:
# found from this file's place in a checkout, whatever the working directory.
REPO = Path(__file__).resolve().parents[2]
RESULTS = REPO / "validation" / "results"
DEFAULT_GPU = "h200"
DEFAULT_MICROBENCH = RESULTS / DEFAULT_GPU / "microbench.csv"
HW_FILE = HW_DIR / f"{DEFAULT_GPU}.toml"
MMA_OPCODE = "mma.sync.m16n8k16.bf16"   # the one instruction the H200's mma_sync bench runs
LDS_WIDTHS = (32, 64, 128)
# What calibrate fits from which rows (any one of them), for the list of what a file did not measure.
FITS = (("lds latency", (("shared", "latency_cycles"),)), ("l2/hbm latency", (("chase", "latency_ns"),)),
        ("hbm bandwidth", (("hbm_read", "read_bandwidth_gb_per_s"), ("copy", "bandwidth_gb_per_s"))),
        ("l2 bandwidth", (("l2_read", "read_bandwidth_gb_per_s"),)),
        ("launch overhead", (("launch_runner", "event_time_us"), ("copy", "bandwidth_gb_per_s"))),
        ("matrix cycles", (("matrix", "issue_cycles"), ("mma_sync", "mma_per_cycle_per_sm"),
                           ("mma_sync", "mma_per_cycle_per_sm_by_difference"))),
        ("valu cycles", (("valu", "valu_per_cycle_per_simd"), ("ffma", "ffma_per_cycle_per_sm"),
                         ("ffma", "ffma_per_cycle_per_sm_by_difference"))),
        *((f"lds phases b{w}", ((f"lds_b{w}", "cycles_per_access"), (f"lds_b{w}", "conflict_ways_observed")))
          for w in LDS_WIDTHS))


@dataclass(frozen=True)
class Fitted:
    """One calibrated value and where it came from."""

    section: str          # "lds", "lds.phases", "memory", "device", "compute_unit" or "matrix"
    key: str              # key in the section (for "matrix": the opcode, whose `cycles` it sets)
    value: float
    rows: str             # which rows of the file, by their key columns
    residual: str         # the fit residual, in words with its number
    note: str
    write: bool = True    # False: reported only (no parameter, or the description already agrees)
    toml_value: object = None   # what the file gets when it is not `value` itself (lane phases)
    file: str = "microbench.csv"

    @property
    def source_id(self) -> str:
        return "calib_" + re.sub(r"[^a-z0-9]+", "_", f"{self.section}_{self.key}".lower()).strip("_")

    def source_text(self, folder: str) -> str:
        return f"gemmsim calibrate: {folder}{self.file}, rows {self.rows}; {self.residual}"


@dataclass(frozen=True)
class Calibration:
    fitted: list[Fitted]
    not_measured: list[str]     # fits whose rows the file lacks
    current: str                # the description's text
    calibrated: str             # its text with every written fit


def fit_all(rows: list[Row], gpu: GPU, extra: list[Row] | None = None) -> list[Fitted]:
    """Every fit of the module docstring whose rows are present, in a fixed order."""
    rows = rows + (extra or [])
    if not any(has(rows, bench, metric) for _, which in FITS for bench, metric in which):
        raise InputError("the microbenchmark file has none of the rows calibrate fits (benches " +
                         ", ".join(sorted({b for _, which in FITS for b, _ in which})) + ")")
    fits: list[Fitted] = []
    if has(rows, "shared", "latency_cycles"):
        fits.append(_lds_latency(rows))
    if has(rows, "chase", "latency_ns"):
        fits += [_l2_latency(rows, gpu), _hbm_latency(rows, gpu)]
    if has(rows, "hbm_read", "read_bandwidth_gb_per_s"):
        fits += _read_bandwidths(rows, gpu)
    if has(rows, "l2_read", "read_bandwidth_gb_per_s"):
        fits.append(_l2_bandwidth(rows, gpu))
    fits += _launch_and_copy(rows, gpu)
    fits += _matrix_cycles(rows, gpu)
    fits += _valu_cycles(rows, gpu)
    fits += _lds_phases(rows, gpu)
    fits += _reported_only(rows, gpu)
    return fits


def not_measured(rows: list[Row]) -> list[str]:
    return [f"{what} (bench={'|'.join(dict.fromkeys(b for b, _ in which))})" for what, which in FITS
            if not any(has(rows, bench, metric) for bench, metric in which)]


def _size(n: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return f"{n >> shift} {unit}"
    return f"{n} B"


def _unit(gpu: GPU) -> str:
    return "SM" if gpu.vendor == "nvidia" else "CU"


def _lds_latency(rows: list[Row]) -> Fitted:
    sel = pick(rows, "shared", "latency_cycles")
    _need_distinct(sel, "bench=shared metric=latency_cycles", "conflict_ways", "the line fit")
    ways = np.array([r.param_value for r in sel], float)
    lat = np.array([r.value for r in sel])
    slope, intercept = np.polyfit(ways - 1, lat, 1)
    resid = np.max(np.abs(intercept + slope * (ways - 1) - lat))
    return Fitted("lds", "latency_cycles", round(float(intercept)), f"bench=shared metric=latency_cycles conflict_ways={values(sel)}",
                  f"latency = {intercept:.2f} + {slope:.3f} x (ways - 1) cycles, max residual {resid:.3f} cycles",
                  f"conflict-free shared-memory load-to-use latency; each extra way adds {slope:.2f} cycles", file=sel[0].file)


def _need_distinct(sel: list[Row], rows: str, what: str, fit: str) -> None:
    """A fit over a parameter needs two distinct values of it: fewer is a degenerate fit (a line
    through one point), named here rather than left to numpy's warnings."""
    distinct = sorted({r.param_value for r in sel}, key=str)
    if len(distinct) < 2:
        raise InputError(f"microbenchmark rows {rows}: {fit} needs two distinct {what}, got only "
                         f"{distinct[0]} ({len(sel)} row{'s' if len(sel) != 1 else ''})")


def _l2_latency(rows: list[Row], gpu: GPU) -> Fitted:
    low, high = 4 * gpu.memory.l1_bytes, gpu.memory.l2_bytes_per_xcd // 2
    sel = pick(rows, "chase", "latency_ns", lambda v: low <= v <= high, f"buffer_bytes in {low}..{high} (misses the L1, fits the L2)")
    vals = np.array([r.value for r in sel])
    mean = float(vals.mean())
    return Fitted("memory", "l2_hit_latency_ns", round(mean, 1), f"bench=chase metric=latency_ns buffer_bytes={values(sel)}",
                  f"mean {mean:.2f} ns, max deviation {np.max(np.abs(vals - mean)):.3f} ns",
                  f"pointer chase hitting the L2 at {sel[0].clock_mhz:.0f} MHz", file=sel[0].file)


def _beyond_caches(gpu: GPU) -> int:
    return 2 * (gpu.memory.l2_bytes + gpu.memory.mall_bytes)


def _hbm_latency(rows: list[Row], gpu: GPU) -> Fitted:
    beyond = pick(rows, "chase", "latency_ns", lambda v: v >= _beyond_caches(gpu),
                  f"buffer_bytes >= {_beyond_caches(gpu)} (twice every cache)")
    row, larger = beyond[0], beyond[1:]
    left_out = ""
    if len(larger) == 1:
        left_out = f" (the {_size(larger[0].param_value)} row, {larger[0].value:.0f} ns, adds TLB misses and is left out)"
    elif larger:
        left_out = f" (the {len(larger)} larger buffers add TLB misses and are left out)"
    return Fitted("memory", "hbm_latency_ns", round(row.value, 1), f"bench=chase metric=latency_ns buffer_bytes={row.param_value}",
                  f"one row, residual 0{left_out}", f"pointer chase through {_size(row.param_value)} at {row.clock_mhz:.0f} MHz",
                  file=row.file)


def _copy_fit(rows: list[Row]) -> tuple[float, float, str, str, str]:
    """(overhead s, bandwidth B/s, rows, fit text, file) of t = overhead + bytes / bandwidth."""
    sel = pick(rows, "copy", "bandwidth_gb_per_s")
    _need_distinct(sel, "bench=copy metric=bandwidth_gb_per_s", "buffer sizes", "the fit of overhead and bandwidth")
    moved = np.array([2.0 * r.param_value for r in sel])          # read + write
    seconds = moved / (np.array([r.value for r in sel]) * 1e9)
    design = np.vstack([moved, np.ones_like(moved)]).T
    weights = 1.0 / seconds
    (per_byte, overhead), *_ = np.linalg.lstsq(design * weights[:, None], seconds * weights, rcond=None)
    rel = np.max(np.abs(design @ np.array([per_byte, overhead]) - seconds) / seconds)
    bandwidth = float(1.0 / per_byte)
    fit = (f"time = {overhead * 1e6:.2f} us + bytes / {bandwidth / 1e12:.4f} TB/s (read + write, relative least squares), "
           f"max relative residual {100 * rel:.2f}%")
    return float(overhead), bandwidth, f"bench=copy metric=bandwidth_gb_per_s buffer_bytes={values(sel)}", fit, sel[0].file


def _launch_and_copy(rows: list[Row], gpu: GPU) -> list[Fitted]:
    out = []
    runner = has(rows, "launch_runner", "event_time_us")
    if runner:
        # one work-group: the full grid's extra is the dispatch of its blocks, which a GEMM's own
        # replay of its waves covers
        sel = pick(rows, "launch_runner", "event_time_us")
        one = min(sel, key=lambda r: r.param_value)
        others = ", ".join(f"{r.value:.3f} us at {r.param_value:g} threads" for r in sel if r is not one)
        out.append(Fitted("device", "launch_overhead_us", round(one.value, 2),
                          f"bench=launch_runner metric=event_time_us threads={one.param_value:g}",
                          f"{one.value:.3f} us, one row, residual 0" + (f" ({others})" if others else ""),
                          "empty kernel on one work-group, timed as the runner times a GEMM; read by gemmsim compare",
                          file=one.file))
    if not has(rows, "copy", "bandwidth_gb_per_s"):
        return out
    overhead, bandwidth, where, fit, file = _copy_fit(rows)
    bw = float(f"{bandwidth:.4g}")
    launch = Fitted("device", "launch_overhead_us_by_copy_fit" if runner else "launch_overhead_us", round(overhead * 1e6, 2), where, fit,
                    "event-timed per-launch overhead (launch, ramp-up, drain) beside the replayed kernel time; read by gemmsim compare",
                    write=not runner, file=file)
    if has(rows, "hbm_read", "read_bandwidth_gb_per_s"):
        return [*out, launch, Fitted("memory", "copy_bytes_per_s", bw, where, fit, "read + write; reported", write=False, file=file)]
    hbm = Fitted("memory", "hbm_achievable_bytes_per_s", bw, where, fit, "device-to-device copy, read + write counted", file=file)
    if gpu.memory.mall_bytes:
        return [*out, hbm, launch]
    return [*out, hbm, replace(hbm, key="mall_bytes_per_s",
                               note="no memory-side cache: what misses the L2 comes from HBM, so this level takes the HBM fit"),
            launch]


def _read_bandwidths(rows: list[Row], gpu: GPU) -> list[Fitted]:
    hbm = pick(rows, "hbm_read", "read_bandwidth_gb_per_s", lambda v: v >= _beyond_caches(gpu),
               f"buffer_bytes >= {_beyond_caches(gpu)} (twice every cache)")[-1]
    where = f"bench=hbm_read metric=read_bandwidth_gb_per_s buffer_bytes={hbm.param_value}"
    bw = float(f"{hbm.value * 1e9:.4g}")
    fit = f"one row ({hbm.value:.1f} GB/s, by difference of 1 and 3 passes), residual 0"
    out = [Fitted("memory", "hbm_achievable_bytes_per_s", bw, where, fit,
                  f"read bandwidth of a {_size(hbm.param_value)} buffer (GEMM traffic is reads)", file=hbm.file)]
    mem = gpu.memory
    if not mem.mall_bytes:
        return out + [replace(out[0], key="mall_bytes_per_s",
                              note="no memory-side cache: what misses the L2 comes from HBM, so this level takes the HBM read bandwidth")]
    in_mall = [r for r in rows if r.bench == "hbm_read" and r.metric == "read_bandwidth_gb_per_s"
               and 2 * mem.l2_bytes <= r.param_value <= mem.mall_bytes // 2]
    if in_mall:
        vals = np.array([r.value for r in in_mall])
        out.append(Fitted("memory", "mall_bytes_per_s", float(f"{vals.mean() * 1e9:.4g}"),
                          f"bench=hbm_read metric=read_bandwidth_gb_per_s buffer_bytes={values(in_mall)}",
                          f"mean {vals.mean():.1f} GB/s, max deviation {100 * np.max(np.abs(vals - vals.mean())) / vals.mean():.1f}%",
                          "reads of buffers beyond the L2 that the memory-side cache holds", file=in_mall[0].file))
    return out


def _l2_bandwidth(rows: list[Row], gpu: GPU) -> Fitted:
    per_xcd = gpu.memory.l2_bytes_per_xcd
    l2 = pick(rows, "l2_read", "read_bandwidth_gb_per_s", lambda v: per_xcd // 4 <= v <= per_xcd,
              f"buffer_bytes in {per_xcd // 4}..{per_xcd} (a quarter of to one XCD's L2)")
    vals = np.array([r.value for r in l2])
    per_clk = vals.mean() * 1e9 / (l2[0].clock_mhz * 1e6) / gpu.xcds
    xcds = f" / {gpu.xcds} XCDs" if gpu.xcds > 1 else ""
    where = (f"the {gpu.name.upper()} is one 'XCD'" if gpu.xcds == 1 else f"each of {gpu.xcds} XCDs serving its own {_unit(gpu)}s")
    return Fitted("memory", "l2_read_bytes_per_clk_per_xcd", round(float(per_clk)),
                  f"bench=l2_read metric=read_bandwidth_gb_per_s buffer_bytes={values(l2)}",
                  f"mean {vals.mean():.0f} GB/s at {l2[0].clock_mhz:.0f} MHz{xcds} = {per_clk:.0f} B/clk, max deviation "
                  f"{100 * np.max(np.abs(vals - vals.mean())) / vals.mean():.1f}%",
                  f"L2-resident reads by every {_unit(gpu)}, L1 bypassed ({where})", file=l2[0].file)


def _matrix_cycles(rows: list[Row], gpu: GPU) -> list[Fitted]:
    table = {m.opcode: m for m in gpu.matrix}
    out = []
    issue = {r.param_value: r for r in rows if r.bench == "matrix" and r.metric == "issue_cycles"}
    for opcode, r in sorted(issue.items()):
        cycles = max(1, round(r.value))
        known = opcode in table
        out.append(Fitted("matrix", opcode, cycles, f"bench=matrix metric=issue_cycles instruction={opcode}",
                          f"{r.value:.3f} cycles per instruction per SIMD, rounded: residual {100 * (cycles - r.value) / r.value:+.1f}%",
                          "issue interval of independent chains per SIMD" if known else
                          f"no [[matrix]] entry {opcode} in {gpu.name}: reported", write=known, file=r.file))
    if MMA_OPCODE not in issue and MMA_OPCODE in table and (has(rows, "mma_sync", "mma_per_cycle_per_sm")
                                                           or has(rows, "mma_sync", "mma_per_cycle_per_sm_by_difference")):
        out.append(_mma_sync_cycles(rows, gpu.cu.simds))
    for r in sorted((r for r in rows if r.bench == "matrix" and r.metric == "latency_cycles"), key=lambda r: r.param_value):
        out.append(Fitted("matrix", f"{r.param_value} dependent latency", round(r.value, 2),
                          f"bench=matrix metric=latency_cycles instruction={r.param_value}", "one row",
                          "no dependent-latency field: the model's result is ready when the pipe frees", write=False, file=r.file))
    return out


def _mma_sync_cycles(rows: list[Row], simds: int) -> Fitted:
    metric = "mma_per_cycle_per_sm_by_difference"
    if not has(rows, "mma_sync", metric):
        metric = "mma_per_cycle_per_sm"
    sel = pick(rows, "mma_sync", metric)
    exact = simds / sel[0].value
    cycles = max(1, round(exact))
    return Fitted("matrix", MMA_OPCODE, cycles, f"bench=mma_sync metric={metric} chains={values(sel)}",
                  f"{simds} sub-partitions / {sel[0].value:.4f} per cycle per SM = {exact:.3f} cycles, rounded: "
                  f"residual {100 * (cycles - exact) / exact:+.1f}%",
                  "issue rate of independent mma.sync chains per sub-partition", file=sel[0].file)


def _valu_cycles(rows: list[Row], gpu: GPU) -> list[Fitted]:
    wave, simds = gpu.cu.wave_size, gpu.cu.simds
    if has(rows, "valu", "valu_per_cycle_per_simd"):
        sel = pick(rows, "valu", "valu_per_cycle_per_simd")
        per_simd, how = sel[-1].value, f"{sel[-1].value:.2f} lanes per cycle per SIMD"
        metric = "bench=valu metric=valu_per_cycle_per_simd"
    else:
        metric = "ffma_per_cycle_per_sm_by_difference"
        if not has(rows, "ffma", metric):
            metric = "ffma_per_cycle_per_sm"
        if not has(rows, "ffma", metric):
            return []
        sel = pick(rows, "ffma", metric)
        per_simd, how = sel[0].value / simds, f"({sel[0].value:.2f} / {simds}) per cycle"
        metric = f"bench=ffma metric={metric}"
    exact = wave / per_simd
    cycles = max(1, round(exact))
    differs = cycles != gpu.cu.valu_cycles
    return [Fitted("compute_unit", "valu_cycles", cycles, f"{metric} chains={values(sel)}",
                   f"{wave} lanes / {how} = {exact:.3f} cycles, rounded: residual {100 * (cycles - exact) / exact:+.1f}%",
                   f"one wave's VALU op per SIMD every {cycles} cycles; " +
                   ("differs from the description" if differs else "agrees with the description"), write=differs, file=sel[0].file)]


def _lds_phases(rows: list[Row], gpu: GPU) -> list[Fitted]:
    out = []
    for width in LDS_WIDTHS:
        bench = f"lds_b{width}"
        if has(rows, bench, "conflict_ways_observed"):
            sel = pick(rows, bench, "conflict_ways_observed")
            observed = np.array([r.value for r in sel])
            relative_to = None                       # the writer's conflict ways: relative to a conflict-free access
        elif has(rows, bench, "cycles_per_access"):
            sel = pick(rows, bench, "cycles_per_access")
            observed = np.array([r.value for r in sel]) / sel[0].value
            relative_to = sel[0].param_value         # relative to the smallest stride measured
        else:
            continue
        out.append(_fit_phases(sel, observed, relative_to, width, gpu))
    return out


def _fit_phases(sel: list[Row], observed: np.ndarray, relative_to, width: int, gpu: GPU) -> Fitted:
    key = f"read_b{width}"
    best = best_phases([r.param_value for r in sel], observed, relative_to, width, gpu)
    resid = float(np.max(np.abs(observed - best.predicted) / best.predicted))
    rows = f"bench={sel[0].bench} metric={sel[0].metric} stride_words={values(sel)}"
    fit = f"{best.lanes_per_phase} lanes per phase, max relative residual {100 * resid:.1f}% over {len(sel)} strides"
    if best.described:
        return Fitted("lds.phases", key, best.lanes_per_phase, rows, fit,
                      f"agrees with the description's {key} ({best.lanes_per_phase} lanes per phase): kept",
                      write=False, file=sel[0].file)
    return Fitted("lds.phases", key, best.lanes_per_phase, rows, fit,
                  f"{best.lanes_per_phase} consecutive lanes per phase (a stride sweep counts the lanes, not which ones)",
                  toml_value=[[group[0], group[-1]] for group in best.phases], file=sel[0].file)


def _reported_only(rows: list[Row], gpu: GPU) -> list[Fitted]:
    """Measured, but the model has no parameter for them."""
    out = []
    if has(rows, "chase", "latency_cycles"):
        l1 = [r for r in pick(rows, "chase", "latency_cycles") if r.param_value <= gpu.memory.l1_bytes // 2]
        if l1:
            out.append(Fitted("memory", "l1_hit_latency_cycles", round(float(np.mean([r.value for r in l1])), 1),
                              f"bench=chase metric=latency_cycles buffer_bytes={values(l1)}", "mean",
                              "no L1 latency in the replay: loads go to the L2", write=False, file=l1[0].file))
    if has(rows, "ffma", "latency_cycles"):
        ffma = pick(rows, "ffma", "latency_cycles")
        out.append(Fitted("compute_unit", "ffma_dependent_latency_cycles", round(ffma[0].value, 2), "bench=ffma metric=latency_cycles chains=1",
                          "one row", "the model's VALU result is ready when the pipe frees (1 cycle)", write=False, file=ffma[0].file))
    if has(rows, "mma_sync", "latency_cycles"):
        mma = pick(rows, "mma_sync", "latency_cycles")
        out.append(Fitted("matrix", "mma_dependent_latency_cycles", round(mma[0].value, 2), "bench=mma_sync metric=latency_cycles chains=1",
                          "one row", "the model's MFMA result is ready when the pipe frees (its cycles)", write=False, file=mma[0].file))
    if has(rows, "barrier", "cycles_per_barrier"):
        bar = pick(rows, "barrier", "cycles_per_barrier")
        threads = np.array([r.param_value for r in bar], float)
        if len(set(threads)) > 1:
            slope, intercept = np.polyfit(threads / gpu.cu.wave_size - 1, [r.value for r in bar], 1)
        else:      # one thread count (one row, or repeats of it): the mean, no per-wave slope
            slope, intercept = 0.0, float(np.mean([r.value for r in bar]))
        out.append(Fitted("compute_unit", "barrier_cycles", round(float(intercept), 2), f"bench=barrier metric=cycles_per_barrier threads={values(bar)}",
                          f"{intercept:.2f} + {slope:.2f} x (waves - 1) cycles", "the model's barrier releases in the cycle the last wave arrives",
                          write=False, file=bar[0].file))
    if has(rows, "launch", "event_time_us"):
        launch = pick(rows, "launch", "event_time_us")
        out.append(Fitted("device", "empty_kernel_event_time_us", round(launch[0].value, 2),
                          f"bench=launch metric=event_time_us threads={values(launch)}",
                          ", ".join(f"{r.value:.2f} us at {r.param_value} threads" for r in launch),
                          "nothing queued before the start event: includes the host's launch call", write=False, file=launch[0].file))
    if has(rows, "l1_lines", "ldg_per_cycle_per_sm"):
        lines = pick(rows, "l1_lines", "ldg_per_cycle_per_sm", lambda v: v >= 2)
        per_line = np.array([r.value * r.param_value for r in lines])
        out.append(Fitted("memory", "l1_lines_per_cycle_per_sm", round(float(per_line.mean()), 3),
                          f"bench=l1_lines metric=ldg_per_cycle_per_sm lines_per_load={values(lines)}",
                          f"loads per cycle x lines per load = {', '.join(f'{v:.3f}' for v in per_line)}",
                          "the L1 serves one 128-byte line per cycle per SM; no L1 in the model", write=False, file=lines[0].file))
    return out


# ---- the whole calibration, and writing it --------------------------------------------------------

def description_path(gpu: str | Path) -> Path:
    """The file of a GPU named as --gpu takes it (a shipped or a user's name, or a .toml path)."""
    return gpu_path(gpu)      # the loader's one-line error names the GPUs it knows


def default_microbench(gpu: GPU) -> Path:
    return RESULTS / gpu.name / "microbench.csv"


def check_measured_on(rows: list[Row], gpu: GPU) -> None:
    """Refuse rows whose device column names a GPU of another arch than the description's."""
    from gemmsim.measurements.readers import GPU_OF_DEVICE

    for device in sorted({r.device for r in rows if r.device}):
        known = next((name for key, name in GPU_OF_DEVICE if key in device.lower()), None)
        arch = load_gpu(known).arch if known else next(iter(re.findall(r"gfx\d+[a-f]?|sm_?\d+", device.lower())), None)
        if arch and arch.replace("_", "") != gpu.arch.replace("_", ""):
            raise InputError(f"the microbenchmarks ran on {device} ({arch}), but {gpu.name} is {gpu.arch}: "
                             f"their fits belong in a {arch} description")


def calibrate(microbench: str | Path | None = None, hw_file: str | Path = HW_FILE) -> Calibration:
    """The fits of the microbenchmarks (default: validation/results/<gpu>/microbench.csv) and the
    description's text before and after."""
    path = description_path(hw_file)
    gpu = load_gpu(path)
    microbench = microbench or default_microbench(gpu)
    rows = read_microbench_set(microbench)
    check_measured_on(rows, gpu)
    current = path.read_text()
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # a fit numpy warns about (poorly conditioned, 0/0) is degenerate
        try:
            fits = fit_all(rows, gpu)
        except (Warning, FloatingPointError, ZeroDivisionError) as e:
            raise InputError(f"{microbench}: the rows give a degenerate fit ({type(e).__name__}: "
                             f"{str(e).splitlines()[0] if str(e) else 'no message'}): check their parameters "
                             f"and values") from None
    fitted = [_inherited(f, current) for f in fits]
    label = _label(Path(microbench).parent) + "/"
    return Calibration(fitted, not_measured(rows), current, rewrite_toml(ensure_keys(current, fitted), fitted, label))


def _inherited(f: Fitted, text: str) -> Fitted:
    """A [[matrix]] entry the file inherits from its parent has no line here to rewrite: reported."""
    if f.write and f.section == "matrix" and not re.search(rf'(?m)^opcode\s*=\s*"{re.escape(f.key)}"', text):
        return replace(f, write=False, note=f.note + "; the entry is inherited: calibrate the parent description")
    return f


# `calibrate --write` never changes a shipped description (gemmsim/hw/: only a commit does): a
# calibration belongs to the machine it measured, and goes to a file of the user's (gemmsim
# calibrate --help says the rule).
CALIBRATED_SUFFIX = "-calibrated"
GPU_NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")


def write_target(source: str | Path, write: str = "") -> Path:
    """Where `calibrate --write [NAME|FILE.toml]` puts the calibration of the description `source`:
    `write` empty, `source` itself, or NAME-calibrated.toml in the user's GPU folder when `source` is
    shipped; a .toml path, that file; a NAME, NAME.toml in the user's GPU folder. Refused when that
    would change a shipped file, or a user's name would stand for a shipped GPU."""
    source = Path(source)
    if not write:
        return user_gpu_dir() / f"{source.stem}{CALIBRATED_SUFFIX}.toml" if is_shipped(source) else source
    if write.endswith(".toml") or "/" in write:
        target = Path(write)
        if is_shipped(target):
            raise InputError(f"calibrate --write {write}: a description shipped with gemmsim (gemmsim/hw/) changes "
                             f"only by a commit: write your calibration to a file of yours")
        return target
    name = write.lower()
    if not GPU_NAME.fullmatch(name):
        raise InputError(f"calibrate --write {write!r}: a GPU name is letters, digits, '.', '_' and '-' "
                         f"(or give a FILE.toml path)")
    if name in shipped_gpus():
        raise InputError(f"calibrate --write {write}: {name} is a shipped GPU, and yours must not stand for it: "
                         f"name the calibration, e.g. {name}{CALIBRATED_SUFFIX}")
    return user_gpu_dir() / f"{name}.toml"


def described_as(text: str, source: Path, target: Path) -> str:
    """The calibrated text as the file `target` holds it: written elsewhere than its source, the copy
    is named after its file and says what it was made from (the shipped file is unchanged)."""
    if target.resolve() == source.resolve():
        return text
    name = target.stem.lower()
    text, count = re.subn(r'(?m)^name\s*=\s*"[^"\n]*"', f'name = "{name}"', text, count=1)
    if not count:
        raise InputError(f"{source}: no top-level name = \"...\" line to rename the calibrated copy")
    origin = f"gemmsim/hw/{source.name}" if is_shipped(source) else source.name
    return (f"# {name}: {origin} with the values `gemmsim calibrate` fitted (kind = \"calibrated\", each with its "
            f"source below);\n# {origin} itself is unchanged.\n" + text)


def write_calibrated(hw_file: str | Path, text: str) -> None:
    """Write the calibrated description to `hw_file`, only if the loader takes the new text (a fit
    outside a value's domain, e.g. a negative latency from bad measurements, is refused and the
    file keeps every byte); the write is atomic. Never a shipped description."""
    if is_shipped(hw_file):
        raise InputError(f"calibrate: {hw_file} is shipped with gemmsim and changes only by a commit")
    try:
        check_gpu_text(text, hw_file)
    except GemmsimError as e:
        raise InputError(f"calibrate --write refused, {Path(hw_file).name} left as it was: the fitted "
                         f"description is invalid: {e}") from None
    Path(hw_file).parent.mkdir(parents=True, exist_ok=True)
    write_atomically(hw_file, text)


def _label(path: Path) -> str:
    """The file as the repository names it (stable whatever the working directory)."""
    parts = path.resolve().parts
    for top in ("validation", "tests"):
        if top in parts:
            return "/".join(parts[parts.index(top):])
    return path.name


__all__ = ["Calibration", "EXTRA_NAME", "Fitted", "calibrate", "fit_all", "read_microbench", "write_calibrated",
           "write_target"]
