"""Static analysis of a preshuffle-GEMM configuration: pure functions, no simulation.

The derivations follow the FlyDSL GEMM optimization guide (`.claude/skills/gemm-optimization`):
256 threads = 4 waves; block_x walks M tiles, block_y walks N tiles; each wave owns tile_n/4
columns; A goes global -> LDS (ping-pong) -> VGPR in 16-byte packs; B is pre-shuffled so each
lane loads its MFMA operand straight from global memory. The unit of K is the "K64 micro-step":
64 bytes of K, which one 16-byte pack per lane covers for a 16-row block.

Shapes beyond whole tiles:
- M, N and K tails by padding, as a pre-shuffled kernel gets them: B is pre-shuffled offline, so
  it is zero-padded there to whole tiles in N and K (N_pad x K_pad); A stays M x K in place (row
  stride K): a K tail's loads run past the row end into the next row (or past the buffer, which
  reads 0), and meet B's zero padding, so they add nothing; rows past M read 0 or another row and
  only feed C rows past M. C is written with row stride N_pad and its stores are confined to
  the buffer (rows past M are dropped, as buffer stores past the descriptor's size are). The
  kernel does the padded shape's work: a tail costs what its padded shape costs.
- Batch: a grid z dimension; entry b reads A, B and writes C b whole (padded) matrices in.
- Split-K: split_k workgroups share an output tile, each over k_tiles/split_k K tiles, and write
  their f32 (int32) partial tile to a workspace [batch][split][M][N_pad]; a second pass sums the
  partials and writes bf16 C (model/gpu.py costs it). This is hipBLASLt's "MultipleBuffer" global
  split-U: deterministic, and no atomic throughput to model, which the GPU descriptions lack.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

from gemmsim.analytics.occupancy import Occupancy, occupancy, waves_per_eu_vgpr_budget
from gemmsim.caches import kept
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU, MatrixInstruction, default_gpus, load_gpu
from gemmsim.ir.program import Op, Program, count_ops, hot_loop
from gemmsim.problem import COPY_MODES, EPILOGUES, OUTPUT_BYTES, KernelConfig, Problem

WAVES_PER_BLOCK = 4
MFMA_TILE = 16          # the generator uses 16x16xK matrix instructions
K_STEP_BYTES = 64       # the guide's K64 micro-step
PACK_BYTES = 16         # one ds_read_b128 / buffer_load_dwordx4 per lane
ADDRESS_VGPRS = 16      # the guide's "~10-20 VGPRs" for offsets and indices
VGPR_BYTES = 4          # a VGPR holds one 32-bit word per lane (the ISA's register width)
# FlyDSL swizzles A in LDS by row XOR16 for 8-bit dtypes and for LDS DMA, but its 16-bit sync-copy
# path keeps CuTe's fixed Swizzle<3,3,3> on elements: 16-byte blocks XORed within 128-byte groups.
SYNC_16BIT_SWIZZLE_GROUP_BYTES = 128
BLOCK_SCALED_DTYPES = ("fp4",)   # MX formats: their matrix instruction applies block scales
# FlyDSL's hot loop per arch, as the GPU description says ([arch_facts].preshuffle_hot_loop): "spread"
# (gfx950: preload, then spread evenly) or "paired" (gfx942: a fixed pattern of rounds)
SPREAD = "spread"
DS_WRITE_ADVANCE = 2     # FlyDSL starts the tail LDS writes this many MFMAs (gfx942: load/read rounds) early
FIRST_READS = 2          # FlyDSL's gfx942 hot loop reads this many A packs before its first MFMA


@kept(1)
def _preload_table() -> dict[str, tuple[int, int]]:
    data = tomllib.loads((Path(__file__).parent / "preload.toml").read_text())
    return {tile: (dsrd, dvmem) for tile, (dsrd, dvmem) in data["tiles"].items()}


def preload(hot_loop: str | None, elem_bytes: float, tile: tuple[int, int, int]) -> tuple[int, int]:
    """(LDS reads, global loads) of a K tile FlyDSL issues before its first MFMA: only its spread
    (gfx950) 8-bit kernel preloads, by a per-tile table (preload.toml)."""
    if hot_loop != SPREAD or elem_bytes != 1:
        return 0, 0
    return _preload_table().get("x".join(str(x) for x in tile), (0, 0))


def _even_counts(count: int, slots: int) -> list[int]:
    """How many of `count` events follow each of `slots` MFMAs when spread evenly (ceil of the running share)."""
    return [-(-(i + 1) * count // slots) + (-i * count // slots) for i in range(slots)]


@dataclass(frozen=True)
class TileSlots:
    """Where a K tile's memory operations go in FlyDSL's gfx950 sync-copy hot loop: each is issued
    just before the MFMA of its position (position = number of MFMAs, after the last one)."""

    loads: tuple[int, ...]     # global loads: the A copy rounds, then B
    reads: tuple[int, ...]     # A LDS reads, in the order of their first use
    writes: tuple[int, ...]    # LDS writes of the next tile's A


def spread_slots(mfmas: int, loads: int, reads: int, writes: int, pre: tuple[int, int],
                 first_use: tuple[int, ...]) -> TileSlots:
    """The preloaded reads and loads go first; the other loads follow one per MFMA (or evenly when
    there are at least as many as MFMAs), the other reads evenly, each no later than the MFMA that
    first uses it (first_use); the LDS writes follow the last MFMAs, after the last read, one per
    MFMA, and any left over go after the tile."""
    pre_reads, pre_loads = min(pre[0], reads), min(pre[1], loads)
    rest = loads - pre_loads
    load_counts = [1] * rest + [0] * (mfmas - rest) if 0 < rest < mfmas else _even_counts(rest, mfmas)
    read_counts = _even_counts(reads - pre_reads, mfmas)

    def positions(first: int, counts: list[int]) -> tuple[int, ...]:
        return tuple([0] * first + [i + 1 for i, c in enumerate(counts) for _ in range(c)])

    last_read = max((i for i, c in enumerate(read_counts) if c), default=-1)
    start = max(mfmas - min(writes, mfmas) - DS_WRITE_ADVANCE, 0, last_read + 1)
    write_at = [i + 1 for i in range(start, mfmas)][: min(writes, mfmas)]
    write_at += [mfmas] * (writes - len(write_at))
    read_at = tuple(min(at, use) for at, use in zip(positions(pre_reads, read_counts), first_use))
    return TileSlots(positions(pre_loads, load_counts), read_at, tuple(write_at))


def paired_slots(mfmas: int, loads: int, reads: int, writes: int, group: int, m_repeat: int) -> TileSlots:
    """FlyDSL's gfx942 hints: two A reads, two MFMAs (with a load after each when the tile has one
    16-row block; with fewer than 4 column blocks, two more reads between three more MFMAs, the
    first two again followed by a load each when the tile has one 16-row block), then
    rounds of one load, `group` MFMAs, one read, `group` MFMAs, the last rounds each followed by
    one LDS write. What the rounds leave over goes after the tile."""
    read_at, load_at, write_at = [0] * FIRST_READS, [], []
    at = 0
    for _ in range(2):
        at += 1
        if m_repeat == 1:
            load_at.append(at)
    if group < 4:
        read_at += [at, at + 1]
        if m_repeat == 1:
            load_at += [at + 1, at + 2]   # one load after each of the first two of these MFMAs
        at += 3
    rounds = mfmas // (2 * group)
    start = max(rounds - min(writes, rounds) - DS_WRITE_ADVANCE, 0)
    for i in range(rounds):
        load_at.append(at)
        read_at.append(at + group)
        at += 2 * group
        if i >= start - 1:
            write_at.append(at)

    def fit(positions: list[int], count: int) -> list[int]:
        return [min(p, mfmas) for p in positions[:count]] + [mfmas] * max(0, count - len(positions))

    return TileSlots(tuple(fit(load_at, loads)), tuple(fit(read_at, reads)), tuple(fit(write_at, writes)))


def k_steps_per_mfma(mfma_per_k_step: float) -> int:
    """K64 steps (A packs) one MFMA's operand spans: 1 where an MFMA takes one K64 step or less
    (gfx950's 8-bit 16x16x128: 2)."""
    return max(1, round(1 / mfma_per_k_step))


def second_pack_addresses(k_unroll: int, mfma_per_k_step: float, m_repeat: int, swizzle: bool) -> int:
    """Address VGPRs beyond the guide's for the A reads of an MFMA that spans several K64 steps (gfx950's
    8-bit 16x16x128): a lane's next pack sits one 16-byte block from its first, the XOR swizzle flipping
    that block forward on some rows and back on others, so it is no immediate offset from the first;
    the compiled kernels compute each such read's address into a VGPR of its own, per 16-row block and
    MFMA K span (their first packs share one base per span, the blocks apart by immediates)."""
    span = k_steps_per_mfma(mfma_per_k_step)
    return (k_unroll // span) * (span - 1) * m_repeat if swizzle and span > 1 else 0


def live_a_operands(read_at: tuple[int, ...], span: int, last_use: tuple[int, ...]) -> int:
    """Most A operands held at once: an operand (span packs, one contiguous register tuple) lives from
    the read of its first pack to its last MFMA. Operand j's packs are reads j*span ... (j+1)*span-1."""
    intervals = [(min(read_at[j * span:(j + 1) * span]), last) for j, last in enumerate(last_use)]
    points = range(max(last_use) + 2)
    return max(sum(first <= x <= last for first, last in intervals) for x in points)


@dataclass(frozen=True)
class VgprEstimate:
    """The guide's register budget, per lane. B is counted twice: the tile in use and the next one in flight.
    a_prefetch is the A held ahead of its MFMAs: the guide's one pack, or under FlyDSL's gfx950 schedule
    the most A operands its reads keep live at once (live_a_operands).

    `floor` is the fewest VGPRs the kernel descriptor states whatever the code uses: LLVM raises the
    count to the smallest one that already holds a SIMD to the waves that LDS and the workgroup slots
    allow (a kernel of 80 VGPRs whose LDS allows 2 waves states 169; tests/data/flydsl_facts.toml).
    It never changes occupancy, so occupancy and the Program take the registers used (arch, accum)
    and keep naming LDS as the limit; `descriptor` is the count a compiled kernel would state.

    `cap` is the waves_per_eu hint's register budget (0: no hint): LLVM allocates no more and
    spills the rest (`spilled`), so arch registers above it are cut, as the compiled kernel's
    count is; the spills' scratch traffic is not modelled."""

    accumulators: int
    b_tile: int
    b_tiles_live: int
    a_prefetch: int
    a_tile: int
    addresses: int
    floor: int = 0
    cap: int = 0

    @property
    def needed(self) -> int:
        """Arch VGPRs the schedule keeps live, before any cap."""
        return self.b_tile * self.b_tiles_live + self.a_prefetch + self.a_tile + self.addresses

    @property
    def arch(self) -> int:
        return min(self.needed, self.cap - self.accumulators) if self.cap else self.needed

    @property
    def spilled(self) -> int:
        return self.needed - self.arch

    @property
    def accum(self) -> int:
        return self.accumulators

    @property
    def total(self) -> int:
        return self.arch + self.accum

    @property
    def descriptor(self) -> int:
        return max(self.total, self.floor)


@dataclass(frozen=True)
class TileAnalysis:
    problem: Problem
    config: KernelConfig
    gpu: str
    arch: str
    mfma: MatrixInstruction
    m_repeat: int
    n_per_wave: int
    num_acc_n: int
    k_unroll: int
    tile_k_bytes: int
    k_blocks16: int
    k_tiles: int               # K tiles of one workgroup (of its K split)
    mfma_per_k_step: float
    mfma_per_tile: int
    mfma_per_block: int
    grid_m: int
    grid_n: int
    a_loads_per_tile: int
    b_loads_per_tile: int
    ds_reads_per_tile: int
    ds_writes_per_tile: int
    a_tile_bytes: int
    lds_pipeline_bytes: int
    lds_cshuffle_bytes: int
    vgpr: VgprEstimate
    occupancy: Occupancy
    k_padded: int              # K rounded up to whole tiles (B's pre-shuffled K)
    n_padded: int              # N rounded up to whole tiles (B's pre-shuffled N, C's row stride)
    a_row_bytes: int           # A's row stride: K x element bytes
    swizzle_group_bytes: int | None = None   # None: XOR16 by row; else a flat XOR in groups (swizzle.lds_offset)
    slots: TileSlots | None = None            # FlyDSL's hot-loop schedule; None: gfx942 async, spread evenly

    @property
    def blocks(self) -> int:
        return self.grid_m * self.grid_n * self.problem.batch * self.config.split_k

    @property
    def c_bytes(self) -> int:
        """Bytes of one C element the kernel stores: bf16 C, or an f32/i32 partial under split-K."""
        return OUTPUT_BYTES if self.config.split_k == 1 else VGPR_BYTES

    @property
    def lds_bytes(self) -> int:
        return self.lds_pipeline_bytes + self.lds_cshuffle_bytes

    # The guide counts in 8-byte packs (a0/a1 per 16 rows); one b128 access carries two of them.
    @property
    def guide_ds_read_packs_per_tile(self) -> int:
        return self.k_unroll * self.m_repeat * 2

    @property
    def guide_b_packs_per_tile(self) -> int:
        return self.k_unroll * 2 * self.num_acc_n

    @property
    def guide_mfma_per_tile(self) -> int:
        return int(self.k_unroll * self.m_repeat * self.num_acc_n * self.mfma_per_k_step)


def workgroups_on_busiest_cu(a: TileAnalysis, gpu: GPU) -> int:
    """The workgroups the busiest CU runs: every full round's, and its share of the last."""
    slots = gpu.compute_units * a.occupancy.workgroups_per_cu
    full_rounds, remainder = divmod(a.blocks, slots)
    return full_rounds * a.occupancy.workgroups_per_cu + -(-remainder // gpu.compute_units)


def select_mfma(gpu: GPU, dtype: str) -> MatrixInstruction:
    """The 16x16 matrix instruction FlyDSL's kernel issues for this dtype on this arch: the one the GPU
    description names ([arch_facts].preshuffle_mfma, read from the compiled kernels: gfx950's int8 kernel
    issues gfx942's half-rate v_mfma_i32_16x16x32_i8), its rate from the [[matrix]] table; else the
    fastest 16x16 instruction for the dtype.

    At an equal rate the unscaled form wins: the kernel applies its per-row and per-column scales
    in the epilogue, so the compiled FlyDSL kernel issues v_mfma_f32_16x16x128_f8f6f4, not the
    block-scaled v_mfma_scale_ form (tests/data/flydsl_facts.toml). fp4 is the exception: FlyDSL's
    fp4 GEMM is MXFP4, whose per-32-element block scales the scaled form applies."""
    candidates = [i for i in gpu.matrix_instructions(dtype) if i.m == MFMA_TILE and i.n == MFMA_TILE]
    if not candidates:
        have = sorted({i.dtype_a for i in gpu.matrix})
        raise ConfigError(f"dtype {dtype!r} is not supported on {gpu.arch} ({gpu.name}): "
                          f"its matrix instructions take {', '.join(have)}")
    named = gpu.arch_facts.preshuffle_mfma.get(dtype)
    if named is not None:
        return next(i for i in candidates if i.opcode == named)
    want_scaled = dtype in BLOCK_SCALED_DTYPES
    return max(candidates, key=lambda i: (i.flops / i.cycles, i.k, i.opcode.startswith("v_mfma_scale") == want_scaled))


def descriptor_vgpr_floor(gpu: GPU, max_waves: int) -> int:
    """The fewest VGPRs per lane that hold a SIMD to at most max_waves waves (0: no cap below the
    hardware's), which LLVM writes into the descriptor as a lower bound (its getMinNumVGPRs)."""
    cu = gpu.cu
    g, total = cu.vgpr_alloc_granule, cu.vgprs_per_lane

    def most(waves: int) -> int:   # the most VGPRs that still allow this many waves
        return total // waves // g * g

    if max_waves < 1:    # not one wave per SIMD (more SIMDs than the workgroups fill): no cap to write
        return 0
    if max_waves >= cu.max_waves_per_simd or most(max_waves) == most(cu.max_waves_per_simd):
        return 0
    return min(total, 1 + min(most(max_waves) - g, most(max_waves + 1)))


def analyze(problem: Problem, config: KernelConfig, gpu: GPU) -> TileAnalysis:
    """Validate the configuration against the kernel's rules and derive everything the guide derives."""
    _check_arch_and_options(config, gpu)
    mfma = select_mfma(gpu, problem.dtype)
    eb = problem.elem_bytes
    tile_k_bytes = config.tile_k * eb
    threads = WAVES_PER_BLOCK * gpu.cu.wave_size
    _check_tiles(problem, config, tile_k_bytes, mfma, eb, threads)
    tile_k_bytes = int(tile_k_bytes)

    m_repeat = config.tile_m // MFMA_TILE
    n_per_wave = config.tile_n // WAVES_PER_BLOCK
    num_acc_n = n_per_wave // MFMA_TILE
    k_unroll = tile_k_bytes // K_STEP_BYTES
    mfma_per_k_step = K_STEP_BYTES / (mfma.k * eb)
    mfma_per_tile = int(k_unroll * m_repeat * num_acc_n * mfma_per_k_step)
    k_tiles = math.ceil(problem.k / config.tile_k) // config.split_k

    a_tile_bytes = config.tile_m * tile_k_bytes
    copy_bytes = PACK_BYTES if config.copy == "sync" else gpu.lds.dma_bytes_per_lane
    a_loads = a_tile_bytes // (threads * copy_bytes)
    lds_pipeline = config.lds_stage * a_tile_bytes
    lds_cshuffle = config.tile_m * config.tile_n * OUTPUT_BYTES if config.epilogue == "cshuffle" else 0
    if lds_pipeline + lds_cshuffle > gpu.lds.lds_bytes:
        raise ConfigError(
            f"LDS budget {lds_pipeline + lds_cshuffle} B (A {config.lds_stage} x {a_tile_bytes} B"
            f"{f' + CShuffle {lds_cshuffle} B' if lds_cshuffle else ''}) exceeds the {gpu.lds.lds_bytes} B of LDS on {gpu.arch}")

    b_tile = k_unroll * num_acc_n * PACK_BYTES // VGPR_BYTES
    slots, a_live = None, PACK_BYTES // VGPR_BYTES   # the guide: one A pack prefetched ahead of its MFMA
    spread = gpu.arch_facts.preshuffle_hot_loop == SPREAD
    if config.copy == "sync" or spread:
        # FlyDSL's gfx950 scheduler spreads an async tile as a sync one, the DMA in place of the A copy
        # loads and no LDS writes (its compiled async loop keeps that order)
        counts = (mfma_per_tile, a_loads + k_unroll * num_acc_n, k_unroll * m_repeat,
                  a_loads if config.copy == "sync" else 0)
        if spread:
            # MFMA order (generator.mfmas): per K group of span K64 steps, per sub-step, mi, ni
            span = k_steps_per_mfma(mfma_per_k_step)           # K64 steps (packs) in one MFMA's A operand
            subs = max(1, int(mfma_per_k_step))                # MFMAs one pack feeds, per column block
            group = subs * m_repeat * num_acc_n                # MFMAs of one K group
            operands = [(g, mi) for g in range(k_unroll // span) for mi in range(m_repeat)]
            first_use = tuple(g * group + mi * num_acc_n for g, mi in operands for _ in range(span))
            slots = spread_slots(*counts, preload(gpu.arch_facts.preshuffle_hot_loop, eb, (config.tile_m, config.tile_n, config.tile_k)),
                                 first_use)
            last_use = tuple(g * group + ((subs - 1) * m_repeat + mi + 1) * num_acc_n - 1 for g, mi in operands)
            a_live = live_a_operands(slots.reads, span, last_use) * span * PACK_BYTES // VGPR_BYTES
        else:
            # the guide's budget stays: the compiled gfx942 kernels hold more A than one pack but
            # recycle B registers as the next tile's B arrives, and the two balance (flydsl_facts.toml)
            slots = paired_slots(*counts, num_acc_n, m_repeat)
    other_limits = occupancy(gpu, 0, 0, lds_pipeline + lds_cshuffle, WAVES_PER_BLOCK)
    vgpr = VgprEstimate(
        accumulators=m_repeat * num_acc_n * (MFMA_TILE * MFMA_TILE // gpu.cu.wave_size),  # f32 C per lane
        b_tile=b_tile,
        # gfx950's single-buffer loop loads the next B after the last MFMA: one B tile live (compiled 16x64x512: 76)
        b_tiles_live=1 if config.lds_stage == 1 and spread else 2,
        a_prefetch=a_live,
        a_tile=a_loads * PACK_BYTES // VGPR_BYTES if config.copy == "sync" else 0,
        addresses=ADDRESS_VGPRS + second_pack_addresses(k_unroll, mfma_per_k_step, m_repeat, config.swizzle),
        floor=descriptor_vgpr_floor(gpu, other_limits.waves_per_simd),
        cap=waves_per_eu_vgpr_budget(gpu, config.waves_per_eu) if config.waves_per_eu else 0,
    )
    occ = occupancy(gpu, vgpr.arch, vgpr.accum, lds_pipeline + lds_cshuffle, WAVES_PER_BLOCK)
    return TileAnalysis(
        problem=problem, config=config, gpu=gpu.name, arch=gpu.arch, mfma=mfma,
        m_repeat=m_repeat, n_per_wave=n_per_wave, num_acc_n=num_acc_n, k_unroll=k_unroll,
        tile_k_bytes=tile_k_bytes, k_blocks16=tile_k_bytes // PACK_BYTES, k_tiles=k_tiles,
        mfma_per_k_step=mfma_per_k_step, mfma_per_tile=mfma_per_tile, mfma_per_block=mfma_per_tile * k_tiles,
        grid_m=math.ceil(problem.m / config.tile_m), grid_n=math.ceil(problem.n / config.tile_n),
        a_loads_per_tile=a_loads, b_loads_per_tile=k_unroll * num_acc_n,
        ds_reads_per_tile=k_unroll * m_repeat, ds_writes_per_tile=a_loads if config.copy == "sync" else 0,
        a_tile_bytes=a_tile_bytes, lds_pipeline_bytes=lds_pipeline, lds_cshuffle_bytes=lds_cshuffle,
        vgpr=vgpr, occupancy=occ,
        k_padded=math.ceil(problem.k / config.tile_k) * config.tile_k,
        n_padded=math.ceil(problem.n / config.tile_n) * config.tile_n,
        a_row_bytes=int(problem.k * eb),
        swizzle_group_bytes=SYNC_16BIT_SWIZZLE_GROUP_BYTES if eb == 2 and config.copy == "sync" else None,
        slots=slots,
    )


def _either(choices: tuple[str, ...]) -> str:
    return " or ".join(repr(c) for c in choices)


def _scheduled_archs() -> list[str]:
    """The archs whose default GPU's description names FlyDSL's hot-loop schedule (for a message)."""
    return sorted(arch for arch, name in default_gpus().items() if load_gpu(name).arch_facts.preshuffle_hot_loop)


def _check_arch_and_options(config: KernelConfig, gpu: GPU) -> None:
    if gpu.arch_facts.preshuffle_hot_loop is None:
        raise ConfigError(f"the preshuffle GEMM generator targets {' and '.join(_scheduled_archs())}; {gpu.name} is "
                          f"{gpu.arch}, whose description gives no [arch_facts].preshuffle_hot_loop (async LDS DMA "
                          f"and MFMA are AMD-only)")
    if config.lds_stage not in (1, 2):
        raise ConfigError(f"lds_stage={config.lds_stage}: must be 1 (single A buffer) or 2 (ping-pong)")
    if config.copy not in COPY_MODES:
        raise ConfigError(f"copy={config.copy!r}: must be {_either(COPY_MODES)}")
    if config.epilogue not in EPILOGUES:
        raise ConfigError(f"epilogue={config.epilogue!r}: must be {_either(EPILOGUES)}")
    if config.waves_per_eu is not None and not 1 <= config.waves_per_eu <= gpu.cu.max_waves_per_simd:
        raise ConfigError(f"waves_per_eu={config.waves_per_eu}: must be between 1 and {gpu.cu.max_waves_per_simd}")
    if not isinstance(config.split_k, int) or config.split_k < 1:
        raise ConfigError(f"split_k={config.split_k!r}: must be a positive integer")
    if config.split_k > 1 and config.epilogue != "direct":
        raise ConfigError(f"split_k={config.split_k} with epilogue={config.epilogue!r}: split-K partials are "
                          f"stored straight from the accumulators (epilogue 'direct')")


def _check_tiles(problem: Problem, config: KernelConfig, tile_k_bytes: float, mfma: MatrixInstruction,
                 eb: float, threads: int) -> None:
    copy_round = threads * PACK_BYTES   # the cooperative A copy moves whole rounds of one pack per thread
    rules = [
        (config.tile_m > 0 and config.tile_m % MFMA_TILE == 0,
         f"tile_m={config.tile_m}: must be a positive multiple of {MFMA_TILE} (the MFMA M dimension)"),
        (config.tile_n > 0 and config.tile_n % (WAVES_PER_BLOCK * MFMA_TILE) == 0,
         f"tile_n={config.tile_n}: must be a positive multiple of {WAVES_PER_BLOCK * MFMA_TILE} "
         f"({WAVES_PER_BLOCK} waves x {MFMA_TILE} columns)"),
        (config.tile_k > 0 and tile_k_bytes % K_STEP_BYTES == 0,
         f"tile_k={config.tile_k}: tile_k x {eb:g} B = {tile_k_bytes:g} B must be a multiple of {K_STEP_BYTES} B (the K64 micro-step)"),
        (tile_k_bytes % (mfma.k * eb) == 0,
         f"tile_k={config.tile_k}: must be a multiple of the K of {mfma.opcode} ({mfma.k})"),
        (float(problem.k * eb).is_integer(),
         f"K={problem.k}: K x {eb:g} B must be a whole number of bytes (A's rows start on a byte)"),
        (math.ceil(problem.k / config.tile_k) % config.split_k == 0,
         f"split_k={config.split_k}: must divide the {math.ceil(problem.k / config.tile_k)} K tiles "
         f"(K={problem.k} / tile_k={config.tile_k}, rounded up)"),
        ((config.tile_m * tile_k_bytes) % copy_round == 0,
         f"A tile {config.tile_m} x {tile_k_bytes:g} B = {config.tile_m * tile_k_bytes:g} B: must be a multiple of "
         f"{copy_round} B ({threads} threads x {PACK_BYTES} B per copy round)"),
    ]
    for ok, message in rules:
        if not ok:
            raise ConfigError(message)


def per_tile_counts(a: TileAnalysis, program: Program) -> dict:
    """Generated hot-loop instructions per K tile beside the guide's formulas (which count 8-byte packs)."""
    loop = hot_loop(program.waves[0])
    counts = count_ops(loop.body) if loop else count_ops(program.waves[0])
    tiles = 2 if loop else a.k_tiles   # the generated loop covers two K tiles (ping-pong) per iteration
    return {
        "mfma": counts.get(Op.MFMA, 0) // tiles,
        "ds_read_b128": counts.get(Op.LDS_READ, 0) // tiles,
        "ds_write": counts.get(Op.LDS_WRITE, 0) // tiles,
        "buffer_load": counts.get(Op.VMEM_LOAD, 0) // tiles,
        "lds_dma": counts.get(Op.LDS_DMA, 0) // tiles,
        "guide_mfma": a.guide_mfma_per_tile,
        "guide_ds_read_packs_8B": a.guide_ds_read_packs_per_tile,
        "guide_b_packs_8B": a.guide_b_packs_per_tile,
        "guide_a_loads": a.a_loads_per_tile,
    }
