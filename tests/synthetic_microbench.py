"""A microbenchmark CSV computed from known parameters, for testing that `gemmsim calibrate` recovers them.

    python3 tests/synthetic_microbench.py      # rewrites tests/data/microbench_synthetic_mi300x.csv

MI300X holds the values of gemmsim/hw/mi300x.toml as committed with this file (clock, latencies,
bandwidths, VALU and MFMA cycles, LDS lane phases); the ones the description has no value for are
invented and say so (launch overhead, copy bandwidth, LDS per-way cost, dependent MFMA latency).
Each row is what an ideal benchmark of those parameters would print, times 1 +- 1% uniform noise
from a seeded generator, so the file is the same on every run. The LDS rows are the conflict ways
of lane i reading word i x stride, by gemmsim's bank model with the given lane phases.
"""

from __future__ import annotations

import csv
import random
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "tests" / "data" / "microbench_synthetic_mi300x.csv"
COLUMNS = ("bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz", "device", "driver", "command")
NOISE = 0.01
SEED = 14


def _ranges(pairs):
    return tuple(tuple(lane for a, b in zip(g[::2], g[1::2]) for lane in range(a, b + 1)) for g in pairs)


@dataclass(frozen=True)
class Params:
    clock_mhz: float = 2100.0                  # mi300x peak_clock_mhz (a light-load clock)
    lds_latency_cycles: float = 48.0           # mi300x [lds].latency_cycles
    lds_cycles_per_way: float = 4.0            # invented
    l1_hit_latency_cycles: float = 120.0       # mi300x's value when the data was made (now 116)
    l2_hit_latency_ns: float = 102.0           # the same (now 107)
    hbm_latency_ns: float = 218.0              # the same (now 428; 218 ns is the Infinity Cache's)
    hbm_read_bytes_per_s: float = 4.11e12      # mi300x hbm_achievable_bytes_per_s
    mall_bytes_per_s: float = 17.0e12          # mi300x
    l2_read_bytes_per_clk_per_xcd: float = 2048.0   # mi300x
    xcds: int = 8
    copy_bytes_per_s: float = 3.9e12           # invented (read + write)
    launch_overhead_us: float = 6.0            # invented
    valu_cycles: int = 4                       # mi300x: wave64 on 16 lanes
    wave_size: int = 64
    matrix_cycles: dict = field(default_factory=lambda: {    # mi300x [[matrix]] cycles
        "v_mfma_f32_16x16x16_f16": 16, "v_mfma_f32_16x16x16_bf16": 16, "v_mfma_f32_32x32x8_f16": 32,
        "v_mfma_f32_32x32x8_bf16": 32, "v_mfma_f32_16x16x32_fp8_fp8": 16, "v_mfma_f32_32x32x16_fp8_fp8": 32,
        "v_mfma_i32_16x16x32_i8": 16, "v_mfma_i32_32x32x16_i8": 32, "v_mfma_f32_16x16x8_xf32": 16,
        "v_mfma_f32_16x16x4_f32": 32})
    matrix_latency_extra_cycles: float = 8.0   # invented: dependent latency = cycles + this
    phases: dict = field(default_factory=lambda: {           # mi300x [lds.phases] read_b*
        32: _ranges([[0, 31], [32, 63]]),
        64: _ranges([[0, 15], [16, 31], [32, 47], [48, 63]]),
        128: _ranges([[0, 3, 20, 23], [32, 35, 52, 55], [4, 7, 16, 19], [36, 39, 48, 51], [8, 11, 28, 31],
                      [40, 43, 60, 63], [12, 15, 24, 27], [44, 47, 56, 59]])})


MI300X = Params()


def lds_ways(params: Params, width: int, stride: int) -> float:
    """Conflict ways of lane i reading word i x stride, relative to a contiguous access."""
    from gemmsim.analytics.lds_banks import access_cycles
    from gemmsim.hw import load_gpu

    lds = replace(load_gpu("mi300x").lds, phases={f"read_b{width}": params.phases[width]})

    def cycles(s):
        return access_cycles([lane * s * 4 for lane in range(params.wave_size)], width, "read", lds).cycles

    return cycles(stride) / cycles(width // 32)


def ideal_rows(p: Params) -> list[tuple]:
    """(bench, param_name, param_value, metric, value) of an ideal run."""
    rows = [("shared", "conflict_ways", w, "latency_cycles", p.lds_latency_cycles + p.lds_cycles_per_way * (w - 1))
            for w in (1, 2, 4, 8, 16, 32)]
    ns_per_cycle = 1e3 / p.clock_mhz
    chase = {8 << 10: p.l1_hit_latency_cycles * ns_per_cycle, 16 << 10: p.l1_hit_latency_cycles * ns_per_cycle}
    chase |= {b: p.l2_hit_latency_ns for b in (256 << 10, 1 << 20, 2 << 20)}
    chase |= {1 << 30: p.hbm_latency_ns, 4 << 30: p.hbm_latency_ns * 1.3}      # 4 GiB: TLB misses
    for b, ns in chase.items():
        rows += [("chase", "buffer_bytes", b, "latency_ns", ns), ("chase", "buffer_bytes", b, "latency_cycles", ns / ns_per_cycle)]
    rows += [("copy", "buffer_bytes", b, "bandwidth_gb_per_s", 2 * b / (p.launch_overhead_us * 1e-6 + 2 * b / p.copy_bytes_per_s) / 1e9)
             for b in (8 << 20, 32 << 20, 256 << 20, 2 << 30)]
    rows += [("hbm_read", "buffer_bytes", 128 << 20, "read_bandwidth_gb_per_s", p.mall_bytes_per_s / 1e9),
             ("hbm_read", "buffer_bytes", 2 << 30, "read_bandwidth_gb_per_s", p.hbm_read_bytes_per_s / 1e9)]
    l2 = p.l2_read_bytes_per_clk_per_xcd * p.xcds * p.clock_mhz * 1e6 / 1e9
    rows += [("l2_read", "buffer_bytes", b, "read_bandwidth_gb_per_s", l2) for b in (1 << 20, 2 << 20, 4 << 20)]
    rows += [("launch_runner", "threads", t, "event_time_us", p.launch_overhead_us) for t in (64, 65536)]
    rows += [("valu", "chains", c, "valu_per_cycle_per_simd", p.wave_size / p.valu_cycles) for c in (8,)]
    for opcode, cycles in p.matrix_cycles.items():
        rows += [("matrix", "instruction", opcode, "issue_cycles", cycles),
                 ("matrix", "instruction", opcode, "latency_cycles", cycles + p.matrix_latency_extra_cycles)]
    for width in (32, 64, 128):
        for stride in sorted({width // 32 * k for k in (1, 2, 4, 8, 16, 32)} | {width // 32 + 1}):
            ways = lds_ways(p, width, stride)
            rows += [(f"lds_b{width}", "stride_words", stride, "conflict_ways_observed", ways),
                     (f"lds_b{width}", "stride_words", stride, "cycles_per_access", 8.0 * ways)]
    rows += [("barrier", "threads", t, "cycles_per_barrier", 20.0 + 2.0 * (t // p.wave_size - 1)) for t in (64, 256, 1024)]
    return rows


def write_csv(path: Path, p: Params = MI300X, seed: int = SEED, device: str = "synthetic (mi300x parameters)") -> None:
    rng = random.Random(seed)
    with Path(path).open("w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(COLUMNS)
        for bench, name, param, metric, value in ideal_rows(p):
            noisy = value * (1 + NOISE * (2 * rng.random() - 1))
            w.writerow([bench, name, param, metric, f"{noisy:.6g}", f"{p.clock_mhz:g}", device, "none",
                        "python3 tests/synthetic_microbench.py"])


if __name__ == "__main__":
    write_csv(OUT)
    print(f"wrote {OUT}")
