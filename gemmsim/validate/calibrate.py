"""Fit the H200's unknown timing parameters from the microbenchmarks, and only from them.

Input: validation/results/h200/microbench.csv and microbench_extra.csv (bench, param_name,
param_value, metric, value, sm_clock_mhz, ...), written by `python -m validation.microbench` and
`python -m validation.microbench_extra` on the H200. No GEMM row is read.

What is fitted, and how (each fit is a few lines of arithmetic over named rows):
* shared-memory latency: the pointer chase through shared memory with w-way bank conflicts,
  latency = a + b (w - 1) by least squares over w = 1..32; the model's latency is a (the
  conflict-free trip), the conflicts themselves come from lane addresses;
* L2-hit latency: the mean of the global pointer chase over buffers that miss the L1 and fit in
  the L2 (1 to 16 MiB), in ns at the measured clock;
* HBM latency: the chase through 256 MiB (beyond the L2; the 1 GiB point adds TLB misses);
* achievable HBM bandwidth: the read bandwidth over 2 GiB (GEMM traffic is almost all reads; the
  copy's read + write figure is reported beside it); the level below the L2 (mall_bytes_per_s, no
  memory-side cache on the H200) is HBM, so it takes the same bandwidth;
* L2 read bandwidth: the mean read bandwidth of the 16 and 32 MiB L2-resident buffers (L1
  bypassed), in bytes per SM clock (the 4 MiB buffer reads faster, 11.5 TB/s, and is left out:
  a GEMM's working set spans the whole L2);
* the per-launch overhead: the copy kernel's event-timed time t = overhead + bytes / bandwidth
  by least squares with relative weights over its four buffer sizes (the empty kernel, 11.1 us, is
  reported beside it: timed with nothing queued before the start event, it includes the host's
  launch call, which the GEMM runner's timing partly hides behind a memset);
* the mma.sync pipe cycles: 4 sub-partitions / (mma per cycle per SM), the rate taken by
  difference of two loop lengths (the launch overhead cancels), rounded to the integer cycles the
  matrix table holds;
* the FFMA pipe cycles: warp size / (event-timed FFMA per cycle per SM / sub-partitions), as a
  check of the spec value 1 (written back only if it differs).
Measured but not expressible in the model (reported, not written): the L1-hit latency, the FFMA
and mma.sync dependent-issue latencies, the barrier cost.

Every written value gets kind = "calibrated" and its own [sources] entry naming the file, the rows
(bench / metric / parameter values) and the fit residual. `rewrite_toml` edits only those lines, so
the rest of the description keeps its text; the output is the same for the same input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gemmsim.errors import GemmsimError, InputError
from gemmsim.files import write_atomically
from gemmsim.hw import GPU, load_gpu
from gemmsim.hw.loader import HW_DIR, check_gpu_text
from gemmsim.validate.rows import read_table

# The measurements live in the repository (validation/results/), not in an installed package:
# found from this file's place in a checkout, whatever the working directory.
REPO = Path(__file__).resolve().parents[2]
DEFAULT_MICROBENCH = REPO / "validation" / "results" / "h200" / "microbench.csv"
EXTRA_NAME = "microbench_extra.csv"      # read from beside the main file when present
L2_READ_MIN_BYTES = 16 << 20
HW_FILE = HW_DIR / "h200.toml"
L2_CHASE_BYTES = (1 << 20, 16 << 20)     # buffers that miss the L1 (<= 256 KiB) and fit in the L2
HBM_CHASE_BYTES = 256 << 20              # beyond the L2, before TLB misses dominate
MMA_OPCODE = "mma.sync.m16n8k16.bf16"
MEASURED_ARCHES = ("sm_90", "sm90")     # the microbenchmarks are H200 (sm_90) kernels: only such a description takes their fits


@dataclass(frozen=True)
class Fitted:
    """One calibrated value and where it came from."""

    section: str          # "lds", "memory", "device", "compute_unit" or "matrix"
    key: str              # key in the section (for "matrix": the opcode's `cycles`)
    value: float
    rows: str             # which rows of the file, by their key columns
    residual: str         # the fit residual, in words with its number
    note: str
    write: bool = True    # False: reported only (no parameter, or the spec already agrees)

    @property
    def source_id(self) -> str:
        return "calib_" + re.sub(r"[^a-z0-9]+", "_", f"{self.section}_{self.key}".lower()).strip("_")

    def source_text(self, folder: str, extra_keys: frozenset = frozenset()) -> str:
        """Where the value came from; `extra_keys` are the (bench, metric) pairs of the extra file."""
        bench, metric = (part.split("=", 1)[1] for part in self.rows.split()[:2])
        file = EXTRA_NAME if (bench, metric) in extra_keys else "microbench.csv"
        return f"gemmsim calibrate: {folder}{file}, rows {self.rows}; {self.residual}"


@dataclass(frozen=True)
class Row:
    bench: str
    param_name: str
    param_value: int
    metric: str
    value: float
    clock_mhz: float


MICROBENCH_COLUMNS = ("bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz")


def read_microbench(path: str | Path) -> list[Row]:
    """The rows of a microbenchmark CSV; every measured value and clock is a positive finite number
    (a latency, a rate, a bandwidth), every parameter a positive integer."""
    if not Path(path).is_file():
        raise InputError(f"microbenchmark file {str(path)!r} does not exist (the measurements are in a checkout of "
                         f"the gemmsim repository, validation/results/; give --microbench)")
    table = read_table(path, "microbenchmark file")
    table.require(MICROBENCH_COLUMNS, "a microbenchmark CSV")
    return [Row(r.text("bench"), r.text("param_name"), r.positive_int("param_value"), r.text("metric"),
                r.positive_number("value"), r.positive_number("sm_clock_mhz")) for r in table.rows]


def _pick(rows: list[Row], bench: str, metric: str, where=lambda v: True) -> list[Row]:
    found = sorted((r for r in rows if r.bench == bench and r.metric == metric and where(r.param_value)),
                   key=lambda r: r.param_value)
    if not found:
        raise InputError(f"microbenchmark rows bench={bench} metric={metric} are missing")
    return found


def _values(rows: list[Row]) -> str:
    return ",".join(str(r.param_value) for r in rows)


def fit_all(rows: list[Row], gpu: GPU, extra: list[Row] | None = None) -> list[Fitted]:
    """Every fit of the module docstring, in a fixed order; the warp size, sub-partitions and L1
    size that the fits divide by come from the GPU description. Without the extra rows, the HBM
    bandwidth comes from the copy fit, the mma.sync rate from the first set, and the L2
    bandwidth is not fitted."""
    fits = [_lds_latency(rows), _l2_latency(rows), _hbm_latency(rows)]
    if extra:
        fits += [*_read_bandwidths(extra), *_copy(rows, with_bandwidth=False)]
    else:
        fits += _copy(rows)
    cu = gpu.cu
    fits += [_mma_cycles(extra or rows, cu.simds), _ffma_cycles(extra or rows, cu.wave_size, cu.simds),
             *_reported_only(rows, gpu)]
    if extra:
        fits += _reported_extra(extra)
    return fits


def _lds_latency(rows: list[Row]) -> Fitted:
    sel = _pick(rows, "shared", "latency_cycles")
    ways = np.array([r.param_value for r in sel], float)
    lat = np.array([r.value for r in sel])
    slope, intercept = np.polyfit(ways - 1, lat, 1)
    resid = np.max(np.abs(intercept + slope * (ways - 1) - lat))
    return Fitted("lds", "latency_cycles", round(float(intercept)), f"bench=shared metric=latency_cycles conflict_ways={_values(sel)}",
                  f"latency = {intercept:.2f} + {slope:.3f} x (ways - 1) cycles, max residual {resid:.3f} cycles",
                  f"conflict-free shared-memory load-to-use latency; each extra way adds {slope:.2f} cycles")


def _l2_latency(rows: list[Row]) -> Fitted:
    sel = _pick(rows, "chase", "latency_ns", lambda v: L2_CHASE_BYTES[0] <= v <= L2_CHASE_BYTES[1])
    vals = np.array([r.value for r in sel])
    mean = float(vals.mean())
    return Fitted("memory", "l2_hit_latency_ns", round(mean, 1), f"bench=chase metric=latency_ns buffer_bytes={_values(sel)}",
                  f"mean {mean:.2f} ns, max deviation {np.max(np.abs(vals - mean)):.3f} ns",
                  f"pointer chase hitting the L2 at {sel[0].clock_mhz:.0f} MHz")


def _hbm_latency(rows: list[Row]) -> Fitted:
    sel = _pick(rows, "chase", "latency_ns", lambda v: v == HBM_CHASE_BYTES)
    return Fitted("memory", "hbm_latency_ns", round(sel[0].value, 1), f"bench=chase metric=latency_ns buffer_bytes={_values(sel)}",
                  "one row, residual 0 (the 1 GiB row, 342 ns, adds TLB misses and is left out)",
                  f"pointer chase through 256 MiB at {sel[0].clock_mhz:.0f} MHz")


def _copy(rows: list[Row], with_bandwidth: bool = True) -> list[Fitted]:
    sel = _pick(rows, "copy", "bandwidth_gb_per_s")
    moved = np.array([2.0 * r.param_value for r in sel])          # read + write
    seconds = moved / (np.array([r.value for r in sel]) * 1e9)
    design = np.vstack([moved, np.ones_like(moved)]).T
    weights = 1.0 / seconds
    (per_byte, overhead), *_ = np.linalg.lstsq(design * weights[:, None], seconds * weights, rcond=None)
    rel = np.max(np.abs(design @ np.array([per_byte, overhead]) - seconds) / seconds)
    bandwidth = float(1.0 / per_byte)
    where = f"bench=copy metric=bandwidth_gb_per_s buffer_bytes={_values(sel)}"
    fit = (f"time = {overhead * 1e6:.2f} us + bytes / {bandwidth / 1e12:.4f} TB/s (read + write, relative least squares), "
           f"max relative residual {100 * rel:.2f}%")
    bw = float(f"{bandwidth:.4g}")
    launch = Fitted("device", "launch_overhead_us", round(float(overhead) * 1e6, 2), where, fit,
                    "event-timed per-launch overhead (launch, ramp-up, drain) beside the replayed kernel time; read by gemmsim compare")
    if not with_bandwidth:
        return [launch, Fitted("memory", "copy_bytes_per_s", bw, where, fit, "read + write; reported", write=False)]
    return [
        Fitted("memory", "hbm_achievable_bytes_per_s", bw, where, fit, "device-to-device copy, read + write counted"),
        Fitted("memory", "mall_bytes_per_s", bw, where, fit,
               "no memory-side cache: what misses the L2 comes from HBM, so this level takes the HBM fit"),
        launch,
    ]


def _read_bandwidths(extra: list[Row]) -> list[Fitted]:
    hbm = _pick(extra, "hbm_read", "read_bandwidth_gb_per_s")
    where = f"bench=hbm_read metric=read_bandwidth_gb_per_s buffer_bytes={_values(hbm)}"
    bw = float(f"{hbm[0].value * 1e9:.4g}")
    fit = f"one row ({hbm[0].value:.1f} GB/s, by difference of 1 and 3 passes), residual 0"
    l2 = _pick(extra, "l2_read", "read_bandwidth_gb_per_s", lambda v: v >= L2_READ_MIN_BYTES)
    vals = np.array([r.value for r in l2])
    per_clk = vals.mean() * 1e9 / (l2[0].clock_mhz * 1e6)
    return [
        Fitted("memory", "hbm_achievable_bytes_per_s", bw, where, fit, "read bandwidth of a 2 GiB buffer (GEMM traffic is reads)"),
        Fitted("memory", "mall_bytes_per_s", bw, where, fit,
               "no memory-side cache: what misses the L2 comes from HBM, so this level takes the HBM read bandwidth"),
        Fitted("memory", "l2_read_bytes_per_clk_per_xcd", round(float(per_clk)),
               f"bench=l2_read metric=read_bandwidth_gb_per_s buffer_bytes={_values(l2)}",
               f"mean {vals.mean():.0f} GB/s at {l2[0].clock_mhz:.0f} MHz = {per_clk:.0f} B/clk, max deviation "
               f"{100 * np.max(np.abs(vals - vals.mean())) / vals.mean():.1f}%",
               "L2-resident reads by every SM, L1 bypassed (the H200 is one 'XCD')"),
    ]


def _reported_extra(extra: list[Row]) -> list[Fitted]:
    launch = _pick(extra, "launch", "event_time_us")
    lines = _pick(extra, "l1_lines", "ldg_per_cycle_per_sm", lambda v: v >= 2)
    per_line = np.array([r.value * r.param_value for r in lines])
    return [
        Fitted("device", "empty_kernel_event_time_us", round(launch[0].value, 2),
               f"bench=launch metric=event_time_us threads={_values(launch)}",
               ", ".join(f"{r.value:.2f} us at {r.param_value} threads" for r in launch),
               "nothing queued before the start event: includes the host's launch call", write=False),
        Fitted("memory", "l1_lines_per_cycle_per_sm", round(float(per_line.mean()), 3),
               f"bench=l1_lines metric=ldg_per_cycle_per_sm lines_per_load={_values(lines)}",
               f"loads per cycle x lines per load = {', '.join(f'{v:.3f}' for v in per_line)}",
               "the L1 serves one 128-byte line per cycle per SM; no L1 in the model", write=False),
    ]


def _mma_cycles(rows: list[Row], simds: int) -> Fitted:
    metric = "mma_per_cycle_per_sm_by_difference"
    if not any(r.bench == "mma_sync" and r.metric == metric for r in rows):
        metric = "mma_per_cycle_per_sm"
    sel = _pick(rows, "mma_sync", metric)
    exact = simds / sel[0].value
    cycles = max(1, round(exact))
    return Fitted("matrix", MMA_OPCODE, cycles, f"bench=mma_sync metric={metric} chains={_values(sel)}",
                  f"{simds} sub-partitions / {sel[0].value:.4f} per cycle per SM = {exact:.3f} cycles, rounded: "
                  f"residual {100 * (cycles - exact) / exact:+.1f}%",
                  "issue rate of independent mma.sync chains per sub-partition")


def _ffma_cycles(rows: list[Row], wave_size: int, simds: int) -> Fitted:
    metric = "ffma_per_cycle_per_sm_by_difference"
    if not any(r.bench == "ffma" and r.metric == metric for r in rows):
        metric = "ffma_per_cycle_per_sm"
    sel = _pick(rows, "ffma", metric)
    exact = wave_size / (sel[0].value / simds)
    cycles = max(1, round(exact))
    return Fitted("compute_unit", "valu_cycles", cycles, f"bench=ffma metric={metric} chains={_values(sel)}",
                  f"{wave_size} lanes / ({sel[0].value:.2f} / {simds}) per cycle = {exact:.3f} cycles, rounded: "
                  f"residual {100 * (cycles - exact) / exact:+.1f}%",
                  "one warp FFMA per sub-partition per cycle; agrees with the spec", write=False)


def _reported_only(rows: list[Row], gpu: GPU) -> list[Fitted]:
    """Measured, but the model has no parameter for them."""
    l1 = _pick(rows, "chase", "latency_cycles", lambda v: v <= gpu.memory.l1_bytes)   # buffers the L1 holds
    ffma = _pick(rows, "ffma", "latency_cycles")
    mma = _pick(rows, "mma_sync", "latency_cycles")
    bar = _pick(rows, "barrier", "cycles_per_barrier")
    threads = np.array([r.param_value for r in bar], float)
    slope, intercept = np.polyfit(threads / gpu.cu.wave_size - 1, [r.value for r in bar], 1)
    mean_l1 = float(np.mean([r.value for r in l1]))
    return [
        Fitted("memory", "l1_hit_latency_cycles", round(mean_l1, 1), f"bench=chase metric=latency_cycles buffer_bytes={_values(l1)}",
               "mean", "no L1 in the model: loads go to the L2", write=False),
        Fitted("compute_unit", "ffma_dependent_latency_cycles", round(ffma[0].value, 2), "bench=ffma metric=latency_cycles chains=1",
               "one row", "the model's VALU result is ready when the pipe frees (1 cycle)", write=False),
        Fitted("matrix", "mma_dependent_latency_cycles", round(mma[0].value, 2), "bench=mma_sync metric=latency_cycles chains=1",
               "one row", "the model's MFMA result is ready when the pipe frees (its cycles)", write=False),
        Fitted("compute_unit", "barrier_cycles", round(float(intercept), 2), f"bench=barrier metric=cycles_per_barrier threads={_values(bar)}",
               f"{intercept:.2f} + {slope:.2f} x (warps - 1) cycles", "the model's barrier releases in the cycle the last wave arrives",
               write=False),
    ]


# ---- writing the description --------------------------------------------------------------------

def _inline(value: float, source_id: str, note: str) -> str:
    text = f"{value:.6g}" if isinstance(value, float) and not float(value).is_integer() else f"{value:g}"
    if isinstance(value, float) and float(value).is_integer() and abs(value) >= 1e6:
        text = f"{value:.6g}"
        if "e" not in text and "." not in text:
            text += ".0"
    return f'{{ value = {text}, kind = "calibrated", source = "{source_id}", note = "{note}" }}'


def rewrite_toml(text: str, fitted: list[Fitted], file_label: str, extra_keys: frozenset = frozenset()) -> str:
    """The description with every written value replaced, its [sources] entry added (or replaced)."""
    lines = text.splitlines()
    section = None
    matrix_opcode = None
    out = []
    for line in lines:
        header = re.match(r"^\s*\[+([^\]]+)\]+\s*$", line)
        if header:
            section = header.group(1).strip()
            matrix_opcode = None
        if section == "matrix":
            m = re.match(r'^opcode\s*=\s*"([^"]+)"', line)
            if m:
                matrix_opcode = m.group(1)
        out.append(_rewrite_line(line, section, matrix_opcode, fitted))
    text = "\n".join(out) + "\n"
    return _with_sources(text, fitted, file_label, extra_keys)


def _rewrite_line(line: str, section: str | None, opcode: str | None, fitted: list[Fitted]) -> str:
    for f in fitted:
        if not f.write:
            continue
        if f.section == "matrix" and section == "matrix" and opcode == f.key:
            key = re.match(r"^(cycles|kind|source|note)\s*=", line)
            if key:
                return {"cycles": f"cycles = {int(f.value)}", "kind": 'kind = "calibrated"',
                        "source": f'source = "{f.source_id}"', "note": f'note = "{f.note}"'}[key.group(1)]
        elif f.section == section and re.match(rf"^{re.escape(f.key)}\s*=", line):
            return f"{f.key} = {_inline(f.value, f.source_id, f.note)}"
    return line


def _with_sources(text: str, fitted: list[Fitted], file_label: str, extra_keys: frozenset) -> str:
    lines = text.splitlines()
    ids = {f.source_id for f in fitted if f.write}
    lines = [ln for ln in lines if not any(re.match(rf"^{i}\s*=", ln) for i in ids)]
    at = lines.index("[sources]") + 1
    while at < len(lines) and lines[at].strip() and not lines[at].startswith("["):
        at += 1
    new = [f'{f.source_id} = "{f.source_text(file_label, extra_keys)}"' for f in fitted if f.write]
    return "\n".join(lines[:at] + new + lines[at:]) + "\n"


def ensure_keys(text: str, fitted: list[Fitted]) -> str:
    """Add a written key that the description lacks (launch_overhead_us) at the end of its section."""
    for f in fitted:
        if not f.write or f.section == "matrix" or re.search(rf"(?m)^{re.escape(f.key)}\s*=", text):
            continue
        lines = text.splitlines()
        start = lines.index(f"[{f.section}]") + 1
        end = start
        while end < len(lines) and lines[end].strip() and not lines[end].startswith("["):
            end += 1
        lines.insert(end, f"{f.key} = {{ value = 0 }}")
        text = "\n".join(lines) + "\n"
    return text


def calibrate(microbench: str | Path = DEFAULT_MICROBENCH, hw_file: str | Path = HW_FILE) -> tuple[list[Fitted], str, str]:
    """(fits, current text, calibrated text) of the description file."""
    rows = read_microbench(microbench)
    extra_path = Path(microbench).parent / EXTRA_NAME
    extra = read_microbench(extra_path) if extra_path.is_file() else None
    if not Path(hw_file).is_file():
        raise InputError(f"GPU description {str(hw_file)!r} does not exist")
    fitted = fit_all(rows, load_gpu(hw_file), extra=extra)
    current = Path(hw_file).read_text()
    label = _label(Path(microbench).parent) + "/"
    extra_keys = frozenset((r.bench, r.metric) for r in extra or ())
    return fitted, current, rewrite_toml(ensure_keys(current, fitted), fitted, label, extra_keys)


def check_target(hw_file: str | Path) -> GPU:
    """The description calibrate may write: one of the GPU the microbenchmarks ran on."""
    gpu = load_gpu(hw_file)
    if gpu.arch not in MEASURED_ARCHES:
        raise InputError(f"{Path(hw_file).name} describes {gpu.name} ({gpu.arch}), but the microbenchmarks "
                         f"are H200 (sm_90) measurements: their fits belong in an sm_90 description such as h200.toml")
    return gpu


def write_calibrated(hw_file: str | Path, text: str) -> None:
    """Replace the description with its calibrated text, only if the loader takes the new text
    (a fit outside a value's domain, e.g. a negative latency from bad measurements, is refused and
    the file keeps every byte); the write is atomic."""
    check_target(hw_file)
    try:
        check_gpu_text(text, hw_file)
    except GemmsimError as e:
        raise InputError(f"calibrate --write refused, {Path(hw_file).name} left as it was: the fitted "
                         f"description is invalid: {e}") from None
    write_atomically(hw_file, text)


def _label(path: Path) -> str:
    """The file as the repository names it (stable whatever the working directory)."""
    parts = path.resolve().parts
    if "validation" in parts:
        return "/".join(parts[parts.index("validation"):])
    return path.name


