"""Writes and executes the teaching notebook: `python notebooks/build.py`.

The cells below are the notebook's source of truth; this script turns them into
notebooks/gemm_on_mi300x.ipynb and runs it in a fresh kernel (nbclient) so the committed file
carries the outputs of the current code. tests/test_notebook.py executes the cells again and
checks that the text outputs and the number of figures are those committed (PNG bytes depend on
the matplotlib version, so figures are compared by count, not by pixels).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
NOTEBOOK = HERE / "gemm_on_mi300x.ipynb"
TIMEOUT_S = 600

CELLS: list[tuple[str, str]] = []


def md(text: str) -> None:
    CELLS.append(("markdown", text.strip("\n")))


def code(text: str) -> None:
    CELLS.append(("code", text.strip("\n")))


# ---------------------------------------------------------------------------------------------------
md(r"""
# GPU GEMM on MI300X, learned by running the simulator

This notebook is a one-hour course on how a tiled matrix multiplication runs on an AMD Instinct GPU
(MI300X, gfx942; with MI355X, gfx950, and the NVIDIA H200 for comparison). It follows the AMD/FlyDSL
GEMM optimization guide, but instead of reading formulas you change a tile and watch the consequences,
computed by **gemmsim**, the same code that predicts kernel times:

1. The problem: FLOPs, bytes, arithmetic intensity, the roofline
2. Tiling: workgroup tiles, waves, MFMA instructions (the guide's worked example)
3. The MFMA: which lane holds which element
4. LDS and bank conflicts: the XOR swizzle
5. Occupancy: registers and LDS
6. The pipeline: a compute unit's timeline from the event-driven replay
7. The whole GPU: tile and wave quantization, choosing a tile
8. Is the model right? Predictions against measurements
9. Exercises (answers at the end)

Every number below is computed by the cells; nothing is typed in by hand. Run it with
`pip install -e '.[notebook]'` then `jupyter lab notebooks/gemm_on_mi300x.ipynb`;
`python notebooks/build.py` re-executes it and CI checks that the committed outputs are current.
""")

code(r"""
%matplotlib inline
import matplotlib.pyplot as plt
import numpy as np
from tabulate import tabulate

from gemmsim.hw import load_gpu
from gemmsim.problem import make_problem, make_config
from gemmsim.analytics.roofline import roofline
from gemmsim.analytics.dimeff import dim_efficiency
from gemmsim.analytics.lds_banks import access_cycles, bank_load
from gemmsim.frontends.preshuffle.analysis import analyze, per_tile_counts
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.frontends.preshuffle.swizzle import lds_offset
from gemmsim.functional.layout import instruction_layout, draw_layout, layout_caption
from gemmsim.ir.program import Op, walk
from gemmsim.simulate import predict
from gemmsim.tuning.search import predict_gemm
from gemmsim.report.plot import draw_timeline
from gemmsim.report.lds_plot import draw_bank_load

plt.rcParams["figure.dpi"] = 80
mi300x, mi355x, h200 = load_gpu("mi300x"), load_gpu("mi355x"), load_gpu("h200")
for g in (mi300x, mi355x, h200):
    print(f"{g.name}: {g.marketing_name}, {g.arch}, {g.compute_units} compute units, peak clock {g.peak_clock_mhz:.0f} MHz")
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 1. The problem: FLOPs, bytes and the roofline

C = A·B with A of M×K and B of K×N does $2MNK$ floating-point operations (one multiply and one add per
term). At the very least it reads A and B once from HBM and writes C once. The ratio of the two is the
**arithmetic intensity** (FLOPs per byte). A GPU delivers at most `peak FLOP/s` and moves at most
`HBM bytes/s`; so a kernel takes at least `max(FLOPs / peak, bytes / bandwidth)`. The intensity where the two
are equal is the **ridge**: above it a GEMM is compute-bound, below it memory-bound.

Our running example is the guide's: M=5120, N=5120, K=8320 in fp8.
""")

code(r"""
guide = make_problem("5120x5120x8320", "fp8")
r = roofline(guide.m, guide.n, guide.k, guide.dtype, mi300x, "spec")
print(f"FLOPs               2*M*N*K = {r.flops:.4g}")
print(f"compulsory bytes    (M+N)*K*{guide.elem_bytes:g} B + M*N*C bytes = {r.compulsory_bytes:.4g}")
print(f"intensity           {r.flops_per_byte:.1f} FLOP/B")
print(f"MI300X fp8 peak     {r.peak_flops / 1e12:.0f} TFLOP/s at {r.clock_mhz:.0f} MHz")
print(f"MI300X HBM          {r.bandwidth_bytes_per_s / 1e12:.2f} TB/s -> ridge at {r.ridge_flops_per_byte:.0f} FLOP/B")
print(f"compute bound {r.compute_us:.1f} us, memory bound {r.memory_us:.1f} us -> roofline {r.time_us:.1f} us ({r.bottleneck})")
""")

md(r"""
The roofline of three GPUs, with a few GEMMs placed on it: the guide's square-ish GEMM, and the skinny
GEMMs of LLM decoding (few tokens, M small), which fall far left of the ridge.
""")

code(r"""
examples = {"guide 5120x5120x8320": (5120, 5120, 8320), "prefill 4096x4096x4096": (4096, 4096, 4096),
            "decode 16x8192x8192": (16, 8192, 8192), "decode 1x4096x4096": (1, 4096, 4096)}
intensity = np.logspace(0, 4, 200)
fig, ax = plt.subplots(figsize=(8, 5))
for g, colour in ((mi300x, "C3"), (mi355x, "C1"), (h200, "C2")):
    peak = roofline(1, 1, 1, "fp8", g, "spec").peak_flops
    bw = g.memory.hbm_bytes_per_s
    ax.loglog(intensity, np.minimum(peak, intensity * bw) / 1e12, color=colour, label=f"{g.name} fp8")
    for name, (m, n, k) in examples.items():
        e = roofline(m, n, k, "fp8", g, "spec")
        ax.plot(e.flops_per_byte, e.tflops, "o", color=colour)
for i, (name, (m, n, k)) in enumerate(examples.items()):
    e = roofline(m, n, k, "fp8", mi300x, "spec")
    ax.annotate(name, (e.flops_per_byte, e.tflops), textcoords="offset points", xytext=(-60, -14 - 12 * (i % 2)),
                fontsize=8)
ax.set_xlabel("arithmetic intensity (FLOP per byte of compulsory HBM traffic)")
ax.set_ylabel("attainable TFLOP/s")
ax.set_title("Figure 1. fp8 roofline of MI300X, MI355X and H200 with example GEMMs")
ax.legend()
ax.grid(True, which="both", alpha=0.3)
plt.show()
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 2. Tiling: workgroups, waves and MFMA instructions

The preshuffle GEMM gives each **workgroup** (four waves; the lanes of a wave are printed below) one `tile_m × tile_n` tile of C,
and walks K in steps of `tile_k`. A goes global → LDS → registers (double-buffered: the "ping-pong"), B is
pre-shuffled in memory so that each lane loads its MFMA operand straight into registers. Each wave owns a
`tile_n / 4` wide slice of the tile and computes it with 16×16 matrix instructions (MFMA). (The kernel's
shape constants, the 4 waves, the 16×16 instruction, the 64-byte K step and the 16-byte packs, are rules of
this kernel, not results.)

`analyze` derives everything the guide derives, for the guide's example tile 64×256×128:
""")

code(r"""
config = make_config("64x256x128")
a = analyze(guide, config, mi300x)
eb = guide.elem_bytes
print(f"{mi300x.name}: {mi300x.cu.wave_size} lanes per wave, so a workgroup of 4 waves has {4 * mi300x.cu.wave_size} threads")
rows = [
    ("MFMA instruction", "fastest 16x16 form for the dtype", a.mfma.opcode),
    ("m_repeat", f"tile_m / 16 = {config.tile_m} / 16", a.m_repeat),
    ("n_per_wave", f"tile_n / waves = {config.tile_n} / 4", a.n_per_wave),
    ("num_acc_n", f"n_per_wave / 16 = {a.n_per_wave} / 16", a.num_acc_n),
    ("tile_k bytes", f"tile_k * {eb:g} B", a.tile_k_bytes),
    ("k_unroll (K64 steps)", f"tile_k bytes / 64 = {a.tile_k_bytes} / 64", a.k_unroll),
    ("MFMA per K64 step", f"64 B / (mfma K {a.mfma.k} * {eb:g} B)", a.mfma_per_k_step),
    ("MFMA per tile", "k_unroll * m_repeat * num_acc_n * per step", a.mfma_per_tile),
    ("K tiles", f"K / tile_k = {guide.k} / {config.tile_k}", a.k_tiles),
    ("grid", "ceil(M / tile_m) x ceil(N / tile_n)", f"{a.grid_m} x {a.grid_n} = {a.blocks} workgroups"),
    ("A tile bytes", "tile_m * tile_k bytes", a.a_tile_bytes),
    ("A loads per tile", "A tile bytes / (256 threads * 16 B)", a.a_loads_per_tile),
    ("LDS", f"lds_stage ({config.lds_stage}) * A tile bytes", a.lds_bytes),
    ("VGPRs (arch + accum)", "B tiles live, A prefetch, A tile, addresses + C accumulators", f"{a.vgpr.arch} + {a.vgpr.accum}"),
]
print(tabulate(rows, headers=["quantity", "formula", "value"]))
""")

md(r"""
The generator turns the configuration into the instruction stream one wave executes (the IR). Counting
its hot loop per K tile gives the same numbers as the guide's formulas (the guide counts 8-byte packs,
the code moves 16 bytes per `ds_read_b128`, hence the factor two):
""")

code(r"""
program = generate(a, mi300x)
counts = per_tile_counts(a, program)
print(tabulate(sorted(counts.items()), headers=["per K tile", "count"]))
kinds = ["mfma", "ds_read_b128", "ds_write", "buffer_load"]
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.bar(kinds, [counts[k] for k in kinds], color=["C3", "C0", "C0", "C2"])
ax.set_xlabel("instruction kind")
ax.set_ylabel("instructions per wave per K tile")
ax.set_title(f"Figure 2. The hot loop of {config.tile} on {mi300x.name}: what one wave issues per K tile")
plt.show()
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 3. The MFMA: which lane holds which element

A matrix instruction is executed by a whole wave: its lanes each hold a few elements of A, of B and of
the C accumulators. The maps below come from the same tables the functional executor multiplies with
(so `gemmsim verify` checks them): each lane holds a run of consecutive K of one row of A and of one column of B.
""")

code(r"""
lay = instruction_layout(mi300x, a.mfma.opcode)
fig, axes = plt.subplots(1, 3, figsize=(15, 5), gridspec_kw={"width_ratios": [1.6, 1, 1.4]})
draw_layout(axes, lay, labels=False)
fig.suptitle("Figure 3. " + layout_caption(lay), fontsize=9)
plt.show()
print(f"{lay.shape.opcode}: {lay.shape.k_per_lane} K per lane in {lay.operand_regs} registers per operand, "
      f"{lay.shape.acc_regs} accumulators per lane")
""")

code(r"""
rows = [(i.opcode, i.dtype_a, f"{i.m}x{i.n}x{i.k}", i.cycles, i.flops, i.flops // i.cycles)
        for i in mi300x.matrix if i.dtype_a in ("fp8", "bf16")]
print(tabulate(rows, headers=["MI300X instruction", "dtype", "MxNxK", "cycles", "FLOPs", "FLOPs/cycle per SIMD"]))
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 4. LDS and bank conflicts

The LDS is split into banks one word wide (their number and width per arch are printed below). A wide access is served in
**phases**: only the lanes of one phase compete for banks. If two lanes of a phase want different words
of the same bank, they serialize. The A-tile read of the preshuffle kernel (`ds_read_b128`) has lane `l`
read row `l % 16` at byte column `(l // 16) * 16`. When a tile row is as wide as a row of banks, every row starts on bank 0 (when it is half as wide, every other row does),
so rows collide. The XOR swizzle stores 16-byte block `c` of row `r` at `c XOR (r mod blocks)`, which spreads
the rows over different banks.

The heatmaps show, for each phase (row) and bank (column), how many distinct words that phase asks of that
bank: a phase takes as many cycles as its largest cell.
""")

code(r"""
for gpu in (mi300x, mi355x):
    print(f"{gpu.arch}: {gpu.lds.banks} banks of {gpu.lds.bank_width_bytes} B = {gpu.lds.banks * gpu.lds.bank_width_bytes} B "
          f"per row of banks; the guide tile's A row is {a.tile_k_bytes} B")

def a_read_addresses(gpu, swizzle):
    # the generator's first A-pack read of the guide tile: the addresses the model replays
    an = analyze(guide, make_config("64x256x128", swizzle=swizzle), gpu)
    read = next(i for i, _ in walk(generate(an, gpu).waves[0]) if i.op == Op.LDS_READ)
    return read.lane_offsets, read.width_bits

fig, axes = plt.subplots(2, 2, figsize=(15, 8))
for row, gpu in enumerate((mi300x, mi355x)):
    for col, swizzle in enumerate((False, True)):
        addresses, width = a_read_addresses(gpu, swizzle)
        cost = access_cycles(addresses, width, "read", gpu.lds)
        draw_bank_load(axes[row, col], bank_load(addresses, width, "read", gpu.lds),
                       f"{gpu.name} ({gpu.arch}, {gpu.lds.banks} banks), swizzle {'on' if swizzle else 'off'}: "
                       f"{cost.cycles} cycles, {cost.conflict_cycles} conflict cycles")
        print(f"{gpu.name:7s} swizzle={swizzle!s:5s}: {cost.phases} phases, worst {cost.max_ways}-way, "
              f"{cost.cycles} cycles of which {cost.conflict_cycles} are conflicts")
fig.suptitle("Figure 4. Bank load of one ds_read_b128 of the A tile, without and with the XOR swizzle")
fig.tight_layout()
plt.show()
""")

md(r"""
The same addresses can be written by hand from the swizzle function, and any other layout tried. Here a
classic alternative, **padding** each row by 16 bytes instead of swizzling:
""")

code(r"""
def pack_addresses(row_bytes, swizzle, pad=0):
    return [lds_offset(lane % 16, (lane // 16) * 16, row_bytes, swizzle) + (lane % 16) * pad for lane in range(64)]

for pad in (0, 4, 16):
    for gpu in (mi300x, mi355x):
        c = access_cycles(pack_addresses(128, False, pad), 128, "read", gpu.lds)
        print(f"row padded by {pad:2d} B on {gpu.arch}: {c.cycles} cycles ({c.conflict_cycles} conflicts)")
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 5. Occupancy: how many waves a SIMD keeps in flight

Each SIMD has a register file shared by its waves (on gfx942/gfx950 the architectural and accumulator
registers come out of one combined budget, printed below), and a compute unit has one LDS.
A wave that needs more registers, or a workgroup that needs more LDS, leaves room for fewer waves. More waves
in flight hide more latency; the smallest limit wins.
""")

code(r"""
tiles = ["16x64x256", "32x64x128", "32x128x128", "64x128x128", "64x256x128", "128x128x128", "128x256x128",
         "128x256x256", "256x256x128"]
cu = mi300x.cu
print(f"{mi300x.name}: {cu.vgprs_per_lane} VGPRs per lane per SIMD (allocated in granules of {cu.vgpr_alloc_granule}), "
      f"at most {cu.max_waves_per_simd} waves per SIMD, {mi300x.lds.lds_bytes} B of LDS per CU")
square = make_problem("4096x4096x4096", "fp8")   # K divisible by every tile_k below
rows, waves, limits = [], [], []
for t in tiles:
    an = analyze(square, make_config(t), mi300x)
    o = an.occupancy
    rows.append((t, an.vgpr.arch, an.vgpr.accum, an.lds_bytes, o.vgpr_limit, o.lds_limit, o.waves_per_simd, o.limited_by))
    waves.append(o.waves_per_simd)
    limits.append((o.vgpr_limit, o.lds_limit))
print(tabulate(rows, headers=["tile", "arch VGPRs", "acc VGPRs", "LDS B", "VGPR limit", "LDS limit", "waves/SIMD", "limited by"]))

fig, ax = plt.subplots(figsize=(9, 4))
x = np.arange(len(tiles))
ax.bar(x - 0.25, [l[0] for l in limits], 0.25, label="VGPR limit", color="C0")
ax.bar(x, [l[1] for l in limits], 0.25, label="LDS limit", color="C1")
ax.bar(x + 0.25, waves, 0.25, label="waves per SIMD (the smaller)", color="C3")
ax.set_xticks(x, tiles, rotation=30)
ax.set_xlabel("tile (tile_m x tile_n x tile_k)")
ax.set_ylabel("waves per SIMD")
ax.set_title(f"Figure 5. Occupancy over tile sizes on {mi300x.name} (fp8, lds_stage=2)")
ax.legend()
plt.show()
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 6. The pipeline: one compute unit, replayed

`predict(..., record=True)` replays the busiest compute unit event by event and records every instruction's issue
and every stall. One row per wave and per unit (SIMD MFMA pipe, LDS, vector memory). We use a small problem
(M=256, N=256, K=2048) so that the picture is readable: with the guide tile its few workgroups each get a CU of their own.

**Ping-pong** (`lds_stage=2`) lets the copy of K tile i+1 into LDS overlap the MFMAs of tile i; with a single
buffer (`lds_stage=1`) the waves must wait at a barrier until everyone has finished reading before the next
copy can land.
""")

code(r"""
small = make_problem("256x256x2048", "fp8")
def replay(**options):
    return predict(small, make_config("64x256x128", **options), mi300x, record=True)

runs = {"ping-pong (lds_stage=2)": replay(lds_stage=2), "single buffer (lds_stage=1)": replay(lds_stage=1)}
fig, axes = plt.subplots(2, 1, figsize=(14, 9), sharex=True)
for ax, (name, p) in zip(axes, runs.items()):
    draw_timeline(ax, p.timeline, f"{name}: {p.time_us:.2f} us, bottleneck {p.bottleneck}")
    print(f"{name:28s} {p.time_us:7.2f} us  {p.simulation.cycles:8.0f} cycles  "
          f"MFMA pipe busy in the steady state {p.evidence.steady_state_utilization['mfma']:.0%}")
axes[0].set_xlim(0, 4000)
fig.suptitle("Figure 6. The first 4000 cycles of one CU, with and without the LDS ping-pong")
fig.tight_layout()
plt.show()
""")

md(r"""
Turning the swizzle off makes every A read conflict (section 4); the LDS track becomes busier, and the
MFMAs wait for their operands:
""")

code(r"""
runs["no swizzle"] = replay(swizzle=False)
fig, axes = plt.subplots(2, 1, figsize=(14, 9), sharex=True)
for ax, name in zip(axes, ("ping-pong (lds_stage=2)", "no swizzle")):
    p = runs[name]
    draw_timeline(ax, p.timeline, f"{name}: {p.time_us:.2f} us, LDS conflict cycles per workgroup "
                                  f"{p.lds_conflict_cycles.per_workgroup:.0f}")
axes[0].set_xlim(0, 4000)
fig.suptitle("Figure 7. With and without the XOR swizzle (ping-pong on)")
fig.tight_layout()
plt.show()
p = runs["no swizzle"]
print(f"no swizzle: {p.time_us:.2f} us, {p.lds_conflict_cycles.per_workgroup:.0f} conflict cycles per workgroup")
""")

md(r"""
Where do the waves spend their time? The replay groups each wave's stall cycles by what it waited on:
the vector-memory counter (`vmcnt`), the LDS counter (`lgkmcnt`), the barrier, or the MFMA pipe being busy
(which is what a compute-bound kernel should show).
""")

code(r"""
kinds = ["vmcnt", "lgkmcnt", "barrier", "mfma_pipe"]
fig, ax = plt.subplots(figsize=(9, 4))
bottom = np.zeros(len(runs))
for kind in kinds:
    values = np.array([p.evidence.stalls["grouped_fraction"][kind] for p in runs.values()])
    ax.barh(list(runs), values, left=bottom, label=kind)
    bottom += values
ax.set_xlabel("fraction of the steady-state window a wave spends waiting")
ax.set_ylabel("variant")
ax.set_title("Figure 8. Stall breakdown of one wave, 256x256x2048 fp8 on MI300X")
ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
plt.show()
rows = [(name, *(f"{p.evidence.stalls['grouped_fraction'][k]:.3f}" for k in kinds), p.evidence.largest_wait)
        for name, p in runs.items()]
print(tabulate(rows, headers=["variant", *kinds, "largest wait"]))
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 7. The whole GPU: tile and wave quantization

The grid of workgroups is spread over all compute units in **rounds**. Two things waste work: tiles that
hang over the edge of C (tile quantization), and a last round that leaves compute units idle (wave
quantization). Their product is the **dimension efficiency**.
""")

code(r"""
ms = np.arange(64, 4097, 64)
fig, ax = plt.subplots(figsize=(9, 4))
for tile_m, tile_n in ((64, 256), (128, 128), (256, 256)):
    eff = [dim_efficiency(int(m), 5120, tile_m, tile_n, mi300x.compute_units).dim_eff for m in ms]
    ax.plot(ms, eff, label=f"tile {tile_m}x{tile_n}")
ax.set_xlabel("M (N = 5120)")
ax.set_ylabel("dimension efficiency (useful / launched work)")
ax.set_title(f"Figure 9. Tile and wave quantization on {mi300x.compute_units} CUs (one workgroup per CU)")
ax.legend()
plt.show()
d = dim_efficiency(guide.m, guide.n, 64, 256, mi300x.compute_units)
print(f"guide example: {d.num_tiles} tiles over {d.compute_units} CUs = {d.waves} rounds, "
      f"tile eff {d.tile_eff:.3f}, wave eff {d.wq_eff:.3f}, dim eff {d.dim_eff:.3f}")
""")

md(r"""
Now the full prediction against the roofline over a sweep of shapes. `predict_gemm` with no tile runs
the search behind `gemmsim tune`: it goes through the candidate tiles, prunes them with cheap bounds and
replays the ones that can still win.
""")

code(r"""
shapes = [(256, 5120, 8320), (1024, 5120, 8320), (2048, 5120, 8320), (4096, 5120, 8320), (5120, 5120, 8320)]
rows, predicted, bound = [], [], []
for m, n, k in shapes:
    p = predict_gemm((m, n, k), "fp8", mi300x)
    rows.append((f"{m}x{n}x{k}", p.kernel.tile, f"{p.time_us:.1f}", f"{p.roofline_us:.1f}",
                 f"{p.roofline_us / p.time_us:.0%}", p.bottleneck))
    predicted.append(p.tflops)
    bound.append(p.roofline.tflops)
print(tabulate(rows, headers=["shape (fp8)", "tile picked", "predicted us", "roofline us", "of roofline", "bottleneck"]))
fig, ax = plt.subplots(figsize=(8, 4))
labels = [f"{m}" for m, _, _ in shapes]
ax.plot(labels, bound, "k--o", label="roofline")
ax.plot(labels, predicted, "C3-o", label="predicted (best tile)")
ax.set_xlabel("M (N = 5120, K = 8320)")
ax.set_ylabel("TFLOP/s")
ax.set_title(f"Figure 10. Predicted fp8 GEMM throughput on {mi300x.name} against the roofline")
ax.legend()
plt.show()
""")

md(r"""
### Beating wave quantization: stream-K

A skinny shape leaves most of the GPU idle whatever the tile: 256x1280x8320 on 256x256 tiles is 5 tiles,
5 busy CUs of 304, each running all 65 K tiles. **Stream-K** (the persistent schedule of hipBLASLt and
tritonBLAS) lays the 5 x 65 (tile, K tile) iterations in one line and cuts it into equal contiguous
ranges, one per workgroup. A tile split between workgroups is finished by the one holding its first K
tile: the others write their fp32 partial tiles to a workspace and raise a flag; it waits, reads them and
writes C (the **fix-up**). More workers mean fewer K tiles each but more partials to read, and more busy
CUs lower the clock under load. `gemmsim predict --schedule stream-k` prices the schedule from the replayed
rounds of the same tile (gemmsim.analytics.streamk) and picks the fastest worker count; the figure prices
counts from 5 (the data-parallel schedule) to one per CU.
""")

code(r"""
from gemmsim import stream_k

sk_shape, sk_tile = "256x1280x8320", "256x256x128"
sk_best = stream_k(sk_shape, sk_tile, dtype="fp8", gpu="mi300x")
sk_counts = [5 * j for j in range(1, 41)] + [mi300x.compute_units]
sk_runs = [stream_k(sk_shape, sk_tile, dtype="fp8", gpu="mi300x", workers=w) for w in sk_counts]
fig, ax = plt.subplots(figsize=(9, 4))
ax.plot(sk_counts, [r.time_us for r in sk_runs], "C0-o", ms=3, label="stream-K (predicted)")
ax.plot(sk_counts, [r.time_us - r.fixup_us for r in sk_runs], "C2--", label="stream-K without its fix-up")
ax.axhline(sk_best.data_parallel_us, color="k", ls=":", label="data-parallel (5 workgroups)")
ax.plot([sk_best.plan.workers], [sk_best.time_us], "C3*", ms=14, label=f"chosen: {sk_best.plan.workers} workers")
ax.set_xlabel("stream-K workgroups")
ax.set_ylabel("predicted time (us)")
ax.set_title(f"Figure 11. Stream-K on {sk_shape} fp8, tile {sk_tile}, {mi300x.name}")
ax.legend()
plt.show()
sk_plan = sk_best.plan
print(f"data-parallel {sk_best.data_parallel_us:.1f} us; stream-K {sk_best.time_us:.1f} us ({sk_best.speedup:.2f}x) with "
      f"{sk_plan.workers} workers of {sk_plan.iterations_min}-{sk_plan.iterations_max} K tiles, {sk_plan.max_contributors} on each tile; "
      f"fix-up {sk_best.fixup_us:.1f} us, load {sk_best.load_us:.1f} us on the slowest worker's path")
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 8. Is the model right?

A simulator is only useful if it tracks hardware. Two checks, both from committed data:

* **H200**: the project's own kernels (a ladder of CUDA-core GEMMs and a tensor-core preshuffle GEMM swept
  over tiles) measured on an H200 (`validation/results/h200/`), predicted by the committed prediction file
  that a test keeps equal to what the code predicts.
* **AMD**: published FlyDSL CI timings on MI325X and MI355X (`validation/data/amd_public.csv`), predicted here.
""")

code(r"""
from pathlib import Path
from gemmsim.measurements.readers import read_points
from gemmsim.measurements.saved import compared_from_file
from gemmsim.measurements.stats import build_report, sweep_summary

root = Path.cwd().parent if Path.cwd().name == "notebooks" else Path.cwd()
results = root / "validation" / "results" / "h200"
points = [p for name in ("ladder.csv", "matrix.csv") for p in read_points(results / name)]
report = build_report(compared_from_file(points, root / "tests" / "data" / "compare" / "h200_predicted.csv"))
families = sorted({c.point.family for c in report.rows})
fig, ax = plt.subplots(figsize=(6.5, 6))
for f in families:
    cs = [c for c in report.rows if c.point.family == f]
    ax.loglog([c.point.measured_us for c in cs], [c.predicted_us for c in cs], ".", label=f)
lims = [min(c.point.measured_us for c in report.rows) / 1.5, max(c.point.measured_us for c in report.rows) * 1.5]
ax.plot(lims, lims, "k--", lw=1, label="predicted = measured")
ax.set_xlabel("measured time (us)")
ax.set_ylabel("predicted time (us)")
ax.set_title(f"Figure 12. H200: {len(report.rows)} kernels, predicted vs measured")
ax.legend(fontsize=7)
plt.show()
s = sweep_summary(report.sweep)
print(f"MAPE {report.mape_pct:.1f}%, median error {report.median_ape_pct:.1f}% over {len(report.rows)} points")
for f, rank in sorted(report.spearman_by_family.items()):
    print(f"  {f:16s} Spearman rank correlation {rank.rho:.3f} over {rank.points} points" if rank.rho is not None else f"  {f}: too few points")
print(f"tile sweep: over {s.shapes} shapes the simulator's pick is within 5% of the fastest measured config in "
      f"{s.picks_within_tolerance}; median Spearman {s.median_spearman:.2f}")
""")

code(r"""
errors = np.array([c.error_pct for c in report.rows])
fig, ax = plt.subplots(figsize=(8, 3.5))
ax.hist(errors, bins=40, color="C0")
ax.axvline(0, color="k", lw=1)
ax.set_xlabel("prediction error (%), positive = predicted slower than measured")
ax.set_ylabel("kernels")
ax.set_title("Figure 13. H200: distribution of the prediction error")
plt.show()
print("the worst misses, stated honestly:")
print(tabulate([(c.point.symbol, c.point.shape, f"{c.point.measured_us:.1f}", f"{c.predicted_us:.1f}", f"{c.error_pct:+.0f}%")
                for c in report.worst], headers=["kernel", "shape", "measured us", "predicted us", "error"]))
""")

code(r"""
import csv
gpu_of_runner = {"MI325X": "mi325x", "MI355X": "mi355x"}
rows, labels, measured, predicted_us = [], [], [], []
for row in csv.DictReader((root / "validation" / "data" / "amd_public.csv").open()):
    gpu = next(name for marker, name in gpu_of_runner.items() if marker in row["gpu"])
    dtype = "fp8" if row["dtype_in"].startswith("fp8") else row["dtype_in"]
    p = predict(make_problem((int(row["M"]), int(row["N"]), int(row["K"])), dtype),
                make_config(row["tile"].removeprefix("tile"), copy="sync", lds_stage=2), load_gpu(gpu))
    t = float(row["time_us"])
    labels.append(f"{gpu} {dtype}\n{row['M']}x{row['N']}x{row['K']}")
    measured.append(t)
    predicted_us.append(p.time_us)
    rows.append((gpu, dtype, f"{row['M']}x{row['N']}x{row['K']}", row["tile"], f"{t:.1f}", f"{p.time_us:.1f}",
                 f"{100 * (p.time_us - t) / t:+.0f}%", p.bottleneck))
print(tabulate(rows, headers=["gpu", "dtype", "shape", "tile", "measured us", "predicted us", "error", "bottleneck"]))
err = np.abs(100 * (np.array(predicted_us) - np.array(measured)) / np.array(measured))
print(f"MAPE {err.mean():.1f}% over {len(err)} published rows; {int((err <= 15).sum())} within 15%")
fig, ax = plt.subplots(figsize=(11, 4))
x = np.arange(len(labels))
ax.bar(x - 0.2, measured, 0.4, label="measured (FlyDSL CI median)")
ax.bar(x + 0.2, predicted_us, 0.4, label="predicted")
ax.set_xticks(x, labels, fontsize=7)
ax.set_yscale("log")
ax.set_xlabel("GPU, dtype and shape")
ax.set_ylabel("time (us)")
ax.set_title("Figure 14. Published FlyDSL preshuffle GEMM times on MI325X and MI355X vs the prediction")
ax.legend()
plt.show()
""")

code(r"""
faster_h200 = sum(c.predicted_us < c.point.measured_us for c in report.rows)
faster_amd = sum(p < m for p, m in zip(predicted_us, measured))
print(f"H200: predicted faster than measured on {faster_h200} of {len(report.rows)} kernels")
print(f"AMD:  predicted faster than measured on {faster_amd} of {len(measured)} published rows")
""")

md(r"""
What the model misses is as instructive as what it gets right. Read the sign of the misses above: where the
replay is faster than the hardware, something the kernel waits on is missing from the model (a latency, a
bandwidth limit, a clock lower than the sustained one recorded in the GPU file), not mis-scaled. The tile
*ranking* (Spearman) is much better than the absolute time, which is what choosing a tile needs. The AMD rows
are few and come from CI runners whose clocks were not recorded. The H200 description is calibrated on
microbenchmarks only; on AMD one effective-clock factor per GPU is fitted to one published row each (the
largest fp8 GEMM, see validation/data/README.md), and every other row only validates.
""")

# ---------------------------------------------------------------------------------------------------
md(r"""
## 9. Exercises

Try each before reading the answer at the end; the answers are computed by the cells below them.

1. **Bank conflicts.** Predict the conflict cycles of the unswizzled A read on gfx942 if the tile row were
   256 bytes (tile_k = 256 in fp8) instead of 128. Then check with `access_cycles`.
2. **A different swizzle.** Change the swizzle to XOR with `(row // 2) mod blocks` instead of `row mod blocks`.
   Predict whether gfx942 is still conflict-free, then count.
3. **Occupancy.** Which limit decides the occupancy of a 256x256x128 tile, and how many waves per SIMD remain?
4. **Quantization.** For M = N = 5120 on MI300X, which of the tiles 64x256 and 256x256 wastes less in the last
   round (one workgroup per CU)?
5. **The pipeline.** How much slower is the single-buffered kernel than the ping-pong on the small problem of
   section 6, and which stall grew?
""")

md("## Answers")

code(r"""
# 1. 256-byte rows: every row still starts on bank 0 of 32 (256 = 2 * 32 banks * 4 B)
for row_bytes in (128, 256):
    c = access_cycles(pack_addresses(row_bytes, False), 128, "read", mi300x.lds)
    print(f"answer 1: rows of {row_bytes} B unswizzled on gfx942: {c.conflict_cycles} conflict cycles")
""")

code(r"""
# 2. XOR with (row // 2): rows 2i and 2i+1 land on the same block
def half_swizzle_addresses(row_bytes):
    blocks = row_bytes // 16
    return [(lane % 16) * row_bytes + (((lane // 16) ^ ((lane % 16) // 2 % blocks)) * 16) for lane in range(64)]

for gpu in (mi300x, mi355x):
    c = access_cycles(half_swizzle_addresses(128), 128, "read", gpu.lds)
    print(f"answer 2: XOR with row//2 on {gpu.arch}: {c.conflict_cycles} conflict cycles, worst {c.max_ways}-way")
""")

code(r"""
# 3.
an = analyze(guide, make_config("256x256x128"), mi300x)
print(f"answer 3: VGPRs {an.vgpr.arch} + {an.vgpr.accum}, LDS {an.lds_bytes} B -> "
      f"{an.occupancy.waves_per_simd} waves/SIMD, limited by {an.occupancy.limited_by}")
""")

code(r"""
# 4.
for tm, tn in ((64, 256), (256, 256)):
    d = dim_efficiency(5120, 5120, tm, tn, mi300x.compute_units)
    print(f"answer 4: {tm}x{tn}: {d.num_tiles} tiles, {d.waves} rounds, wave efficiency {d.wq_eff:.3f}")
""")

code(r"""
# 5.
two, one = runs["ping-pong (lds_stage=2)"], runs["single buffer (lds_stage=1)"]
grown = max(kinds, key=lambda k: one.evidence.stalls["grouped_fraction"][k] - two.evidence.stalls["grouped_fraction"][k])
print(f"answer 5: {one.time_us:.2f} us vs {two.time_us:.2f} us ({one.time_us / two.time_us - 1:+.1%}); "
      f"the stall that grew most: {grown}")
""")


def notebook() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell(s) if kind == "markdown" else nbformat.v4.new_code_cell(s)
                for kind, s in CELLS]
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i:02d}"   # stable ids: a rebuild changes only what the code changed
    return nb


def execute(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Run every cell in a fresh kernel started in notebooks/; raises on the first error. The kernel
    imports gemmsim from this checkout (first on its PYTHONPATH), whatever else is installed."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    client = NotebookClient(nb, timeout=TIMEOUT_S, kernel_name="python3", resources={"metadata": {"path": str(HERE)}})
    client.execute(env=env)
    return nb


def main() -> int:
    nb = execute(notebook())
    nbformat.write(nb, NOTEBOOK)
    print(f"wrote {NOTEBOOK}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
