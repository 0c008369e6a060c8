"""Generator of the preshuffle GEMM's per-wave instruction stream (the FlyDSL kernel's structure).

Per K tile each wave computes m_repeat x num_acc_n 16x16 accumulators. A comes from LDS in
16-byte packs, one ds_read_b128 per (K64 step, 16-row block); B comes pre-shuffled from global
memory straight into VGPRs, one buffer_load_dwordx4 per (K64 step, 16-column block). While a
tile is computed, the next tile's A and B are fetched: A through VGPRs and ds_write into the
other LDS buffer (sync copy) or by LDS DMA (async copy). The main loop runs two tiles per
iteration (pong buffer, then ping) so that it stays one loop body.

Hot-loop interleaving: sync copy follows the scheduling hints of FlyDSL's kernel (the compiled
kernels keep close to them, tests/data/flydsl_facts.toml); the GPU description names the pattern
([arch_facts].preshuffle_hot_loop). On gfx942 ("paired", analysis.paired_slots) two A
reads come first, then rounds of one global load, num_acc_n MFMAs, one LDS read, num_acc_n MFMAs,
the LDS writes after the last rounds; on gfx950 ("spread", analysis.spread_slots) a per-tile number of loads
and reads come first (8-bit tiles), the rest spread over the MFMAs, the LDS writes among the last
MFMAs. Async copy spreads the LDS reads and DMA loads evenly over all MFMAs. With one A buffer
(lds_stage 1) on gfx950 the next tile's B loads follow the tile's last MFMA, as FlyDSL's compiled
single-buffer loop issues them. Where a hinted LDS read comes after the MFMA that first needs its
pack, the next MFMAs whose packs are in registers go first (_ready_first), as LLVM fills the slot.
Waits are inserted where data is consumed, in the loop from what the prologue and the loop's own back
edge leave outstanding (ir/waits.py); the prologue issues B in FlyDSL's copy order, the loop in the
order its MFMAs consume it.

Epilogue: an 8-bit GEMM's last tile loads its per-row and per-column scales (scale_a, scale_b) and
the epilogue multiplies each accumulator by them before the bf16 conversion, which on gfx942 (no
conversion instruction) is the compiled kernel's software rounding.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from gemmsim.frontends.preshuffle.analysis import (PACK_BYTES, SPREAD, WAVES_PER_BLOCK, TileAnalysis,
                                                   k_steps_per_mfma)
from gemmsim.hw import GPU
from gemmsim.caches import ByContent, kept
from gemmsim.problem import OUTPUT_BYTES
from gemmsim.ir.program import Counter, Instr, Item, Loop, Op, Program, Reg, Resources, fingerprinted
from gemmsim.frontends.preshuffle.swizzle import BLOCK_BYTES, lds_offset, xor16
from gemmsim.ir.waits import WaitScript, WaitTracker, fill

VMEM_LOAD_B128 = "buffer_load_dwordx4"
DS_READ_B128 = "ds_read_b128"
DS_WRITE_B128 = "ds_write_b128"
DMA_OPCODE = {4: "buffer_load_dword lds", 16: "buffer_load_dwordx4 lds"}
B_COPY_K64_STEPS = 2         # FlyDSL's B copy moves a column block's K64 steps two at a time (compiled prologues)
SCALE_BYTES = 4              # scale_a and scale_b are f32, one per row of A and per column of B
SCALED_ELEM_BYTES = 1        # FlyDSL's 8-bit GEMM scales C per row (scale_a) and per column (scale_b)
SCALES_IN_LAST_TILE_ACC_VGPRS = 64   # up to this many accumulator VGPRs FlyDSL loads the scales during the
                                     # last tile's MFMAs, above it after them (compiled: tests/data/flydsl_facts.toml)
# Where the GPU has no f32 -> bf16 conversion instruction ([arch_facts].bf16_in_software: gfx942), the
# compiled epilogue rounds each element in software with these
BF16_ROUND_VALU = ("v_bfe_u32", "v_add3_u32", "v_or_b32", "v_cmp_u_f32", "v_cndmask_b32", "v_lshrrev_b32")


@dataclass(frozen=True)
class _Regs:
    """VGPR map of one lane: accumulators, two B tiles, the A packs of a tile, the A copy staging."""

    acc: int
    b: int
    a_pack: int
    a_stage: int
    end: int


class _WaveBuilder:
    """Emits the instruction stream of one wave."""

    def __init__(self, a: TileAnalysis, gpu: GPU, wave: int, break_swizzle_read: bool = False):
        self.a, self.gpu, self.wave = a, gpu, wave
        self.spread = gpu.arch_facts.preshuffle_hot_loop == SPREAD   # FlyDSL's gfx950 schedule (else gfx942's)
        self.lanes = gpu.cu.wave_size
        self.threads = WAVES_PER_BLOCK * self.lanes
        self.k_bytes = a.a_row_bytes                            # A's row stride
        self.b_k_bytes = int(a.k_padded * a.problem.elem_bytes)  # pre-shuffled B's K, padded
        self.waits = WaitTracker()
        self.swizzle_read = a.config.swizzle and not break_swizzle_read
        packs = a.k_unroll * a.m_repeat
        acc = a.m_repeat * a.num_acc_n * 4
        b = a.k_unroll * a.num_acc_n * 4
        self.regs = _Regs(acc=0, b=acc, a_pack=acc + 2 * b, a_stage=acc + 2 * b + 4 * packs,
                          end=acc + 2 * b + 4 * packs + 4 * max(1, a.a_loads_per_tile))
        self.b_tile_regs = b
        self.k_steps_per_mfma = k_steps_per_mfma(a.mfma_per_k_step)

    # ---- per-lane addresses -------------------------------------------------------------
    def _thread(self, lane: int) -> int:
        return self.wave * self.lanes + lane

    def a_copy_coords(self, r: int, lane: int, nbytes: int) -> tuple[int, int]:
        """(row, byte column) of the A-tile chunk that thread moves in copy round r."""
        return _copy_coords(r * self.threads + self._thread(lane), nbytes, self.a.tile_k_bytes)

    def _copy_round(self, r: int, nbytes: int) -> tuple[tuple[int, int], ...]:
        """a_copy_coords of every lane."""
        first = r * self.threads + self._thread(0)
        return _copy_round_coords(first, self.lanes, nbytes, self.a.tile_k_bytes)

    def lds_buffer_base(self, tile: int) -> int:
        return (tile % self.a.config.lds_stage) * self.a.a_tile_bytes

    def k_pack(self, ku: int, lane: int) -> tuple[int, int]:
        """(K64 step, 16-byte quarter of it) that this lane's pack of step ku holds.

        A matrix instruction that spans one K64 step gives lane group g = lane // 16 the step's
        quarter g. One that spans several (gfx950's 16x16x128 fp8: two) takes its K in the
        natural order: lane group g holds bytes [g*W/4, (g+1)*W/4) of the instruction's W bytes
        of K, as consecutive packs; pack p of the span is its ku-th load. The compiled FlyDSL
        kernel reads A and B this way (tests/data/flydsl_facts.toml)."""
        return _k_pack(self.k_steps_per_mfma, ku, lane)

    def b_offset(self, tile: int, ku: int, ni: int, lane: int) -> int:
        """Pre-shuffled B is (N/16, K_bytes/64, 4, 16, 16 B): lane = (k quarter, column)."""
        return self.b_block_base(tile, ni) + _b_lane_offsets(self.k_steps_per_mfma, ku, self.lanes)[lane]

    def b_block_base(self, tile: int, ni: int) -> int:
        """Byte offset of the first 1 KiB K chunk of tile `tile` in column block ni of this wave."""
        n_block = self.wave * self.a.num_acc_n + ni
        return (n_block * (self.b_k_bytes // 64) + tile * self.a.k_unroll) * 4 * 256

    # ---- instruction makers ---------------------------------------------------------------
    def _mem(self, op, opcode, width, buffer, offsets, strides, dst=None, srcs=(), tag=""):
        return Instr(op, opcode, cycles=1, width_bits=width, lane_bytes=width // 8, buffer=buffer,
                     lane_offsets=tuple(offsets), iter_strides=strides, dst=dst, srcs=srcs, tag=tag)

    def b_load(self, tile: int, ku: int, ni: int, strides) -> Instr:
        dst = Reg("v", self.regs.b + (tile % 2) * self.b_tile_regs + (ku * self.a.num_acc_n + ni) * 4, 4)
        base = self.b_block_base(tile, ni)
        offs = [base + o for o in _b_lane_offsets(self.k_steps_per_mfma, ku, self.lanes)]
        return self._mem(Op.VMEM_LOAD, VMEM_LOAD_B128, 128, "B", offs, strides, dst=dst, tag=f"B k{ku} n{ni}")

    def a_load(self, tile: int, r: int, strides) -> Instr:
        column = tile * self.a.tile_k_bytes
        offs = [row * self.k_bytes + column + col for row, col in self._copy_round(r, PACK_BYTES)]
        dst = Reg("v", self.regs.a_stage + 4 * r, 4)
        return self._mem(Op.VMEM_LOAD, VMEM_LOAD_B128, 128, "A", offs, strides, dst=dst, tag=f"A copy {r}")

    def a_write(self, tile: int, r: int) -> Instr:
        offs = _lds_offsets(self._copy_round(r, PACK_BYTES), self.lds_buffer_base(tile), self.a.tile_k_bytes,
                            self.a.config.swizzle, self.a.swizzle_group_bytes)
        src = Reg("v", self.regs.a_stage + 4 * r, 4)
        return self._mem(Op.LDS_WRITE, DS_WRITE_B128, 128, "lds", offs, (), srcs=(src,), tag=f"A copy {r} -> LDS")

    def a_dma(self, tile: int, r: int, strides) -> Instr:
        """Global -> LDS DMA: lane i lands at consecutive LDS bytes, so the swizzle moves to the global side."""
        nbytes = self.gpu.lds.dma_bytes_per_lane
        base = self.lds_buffer_base(tile)
        lds, glob = [], []
        for lane in range(self.lanes):
            row, col_swz = self.a_copy_coords(r, lane, nbytes)
            block = col_swz - col_swz % BLOCK_BYTES
            col = (xor16(row, block, self.a.k_blocks16) if self.a.config.swizzle else block) + col_swz % BLOCK_BYTES
            lds.append(base + row * self.a.tile_k_bytes + col_swz)
            glob.append(row * self.k_bytes + tile * self.a.tile_k_bytes + col)
        assert lds == [lds[0] + i * nbytes for i in range(self.lanes)]  # DMA lands lanes contiguously
        return Instr(Op.LDS_DMA, DMA_OPCODE[nbytes], cycles=1, width_bits=nbytes * 8, lane_bytes=nbytes,
                     buffer="A", lane_offsets=tuple(glob), iter_strides=strides, lds_base=lds[0],
                     tag=f"A dma {r} -> LDS")

    def a_read(self, tile: int, ku: int, mi: int) -> Instr:
        offs = _lds_offsets(_a_pack_coords(self.k_steps_per_mfma, ku, mi, self.lanes), self.lds_buffer_base(tile),
                            self.a.tile_k_bytes, self.swizzle_read, self.a.swizzle_group_bytes)
        dst = Reg("v", self.regs.a_pack + 4 * (ku * self.a.m_repeat + mi), 4)
        return self._mem(Op.LDS_READ, DS_READ_B128, 128, "lds", offs, (), dst=dst, tag=f"A pack k{ku} m{mi}")

    def valu(self, opcode: str, tag: str, dst=None, srcs=()) -> Instr:
        return Instr(Op.VALU, opcode, cycles=self.gpu.cu.valu_cycles, dst=dst, srcs=srcs, tag=tag)

    def salu(self, opcode: str, tag: str) -> Instr:
        return Instr(Op.SALU, opcode, cycles=self.gpu.cu.salu_cycles, tag=tag)

    # ---- MFMA order -----------------------------------------------------------------------
    def mfmas(self, tile: int) -> tuple[tuple[Instr, tuple, tuple], ...]:
        """(mfma, A pack keys it reads, B load keys it reads) in issue order: ku, sub-step, mi, ni.

        When one 16-byte pack feeds several MFMAs (sub-steps: gfx942's 8-byte K slices), FlyDSL's
        tiled MMA walks the sub-steps outermost: every (mi, ni) of the first slice, then of the
        next, as the compiled gfx942 kernels issue them (tests/data/flydsl_facts.toml)."""
        a = self.a
        return _mfma_order(a.k_unroll, a.mfma_per_k_step, a.m_repeat, a.num_acc_n, a.mfma.opcode, a.mfma.cycles,
                           self.regs, self.b_tile_regs, tile % 2)

    # ---- one K tile -----------------------------------------------------------------------
    def tile(self, t: int, prefetch: bool, strides: tuple[int, ...]) -> list[Instr]:
        """Compute tile t; if prefetch, fetch tile t+1 meanwhile. With async copy the tile's first A
        pack was already requested (the guide's A0 prefetch); with sync copy the tile reads all its
        packs and writes the next tile's A into LDS among its last MFMAs (FlyDSL's scheduler)."""
        a = self.a
        out: list[Instr] = []
        mfmas = self.mfmas(t)
        loads = self._next_tile_loads(t + 1, strides, with_dma=not self._dma_waits_for_free_buffer()) if prefetch else []
        last_loads = [] if prefetch else self._scale_loads()
        first_use = {}
        for i, (_, a_keys, _) in enumerate(mfmas):
            for key in a_keys:
                first_use.setdefault(key, i)
        packs = sorted(first_use, key=first_use.get)
        if a.slots is None:
            packs = packs[1:]   # the first pack came with the A0 prefetch (async copy)
        reads = [(self.a_read(t, key[2], key[3]), key) for key in packs]
        # with one A buffer the writes wait behind the barrier that frees it (_land_next_a)
        sync_writes = prefetch and a.slots and a.config.copy == "sync" and a.config.lds_stage == 2
        writes = list(range(a.a_loads_per_tile)) if sync_writes else []
        load_at, read_at, write_at = self._positions(len(mfmas), len(loads), len(reads), len(writes))
        if last_loads:
            loads = last_loads
            early = a.m_repeat * a.num_acc_n * 4 <= SCALES_IN_LAST_TILE_ACC_VGPRS
            load_at = [0 if early else len(mfmas)] * len(loads)
        mfmas, read_at = _kept_ready_first(mfmas, tuple(key for _, key in reads), tuple(read_at))
        # (position, kind, index): kind 0 an LDS read, 1 a global load, 2 an LDS write; position i = before MFMA i
        events = ([(at, 0, j) for j, at in enumerate(read_at)] + [(at, 1, j) for j, at in enumerate(load_at)]
                  + [(at, 2, j) for j, at in enumerate(write_at)])

        events.sort(key=lambda e: (e[0], self._rank(e[0], e[1]), e[2]))
        n = len(mfmas)
        if a.config.swizzle:
            out += [self.valu("v_xor_b32", f"swizzle column k{ku}") for ku in range(a.k_unroll)]
        out += [self.salu("s_add_u32", "K offset"), self.salu("s_addc_u32", "K offset")]
        pending = iter(events)
        event = next(pending, None)
        for i in range(n + 1):
            while event is not None and (event[0] <= i or i == n):
                _, kind, j = event
                if kind == 0:
                    out += self._issue(reads[j])
                elif kind == 1:
                    out += self._issue(loads[j])
                else:
                    out += self._write_a(t + 1, writes[j])
                event = next(pending, None)
            if i < n:
                mfma, a_keys, b_keys = mfmas[i]
                out += self.waits.wait_for(*a_keys, *b_keys)
                out.append(mfma)
        if prefetch:
            out += self._land_next_a(t + 1, strides, written=bool(writes))
        return out

    def _rank(self, at: int, kind: int) -> int:
        """Which of one position's reads (0), loads (1) and writes (2) go first, as FlyDSL's hints order them."""
        a = self.a
        if a.slots is None or (at == 0 and self.spread):
            return (1, 0, 2)[kind]   # loads, then reads: the async spread and gfx950's preload
        if self.spread:
            return kind              # after each MFMA: reads, loads, writes
        return (2, 1, 0)[kind]       # gfx942: a round's write, then the next round's load; reads mid-round

    def _positions(self, n: int, loads: int, reads: int, writes: int) -> tuple[list[int], list[int], list[int]]:
        """Before which MFMA each global load, LDS read and LDS write of a tile goes."""
        a = self.a
        if a.slots is not None:
            load_at, read_at, write_at = list(a.slots.loads[:loads]), list(a.slots.reads), list(a.slots.writes[:writes])
        else:
            load_at, read_at, write_at = _spread(loads, n), _spread(reads, n), []
        if self.spread and a.config.lds_stage == 1:
            # FlyDSL's single-buffer loop keeps one B tile in registers: on gfx950 the compiled loop issues
            # the next tile's A copy first and its B loads after the tile's last MFMA (sync and async copy)
            a_copies = min(loads, a.a_loads_per_tile if a.config.copy == "sync" else 0)
            load_at = [0] * a_copies + [n] * (loads - a_copies)
        return load_at, read_at, write_at

    def _dma_waits_for_free_buffer(self) -> bool:
        """With one A buffer, a DMA may only start once every wave has finished reading it."""
        return self.a.config.copy == "async" and self.a.config.lds_stage == 1

    def _a_dmas(self, t: int, strides) -> list[tuple[Instr, object]]:
        return [(self.a_dma(t, r, strides), ("adma", t % 2, r)) for r in range(self.a.a_loads_per_tile)]

    def _next_tile_loads(self, t: int, strides, with_dma: bool = True,
                         hinted: bool = True) -> list[tuple[Instr, object]]:
        """Tile t's A copy, then its B loads: in the order its MFMAs consume B (per MFMA K span, column
        block, the span's K64 steps) where FlyDSL's hints schedule them, and in its copy's own order,
        B_COPY_K64_STEPS of a column block at a time, where nothing does (the prologue): as compiled."""
        a = self.a
        if a.config.copy == "sync":
            a_ops = [(self.a_load(t, r, strides), ("acopy", t % 2, r)) for r in range(a.a_loads_per_tile)]
        else:
            a_ops = self._a_dmas(t, strides) if with_dma else []
        span = self.k_steps_per_mfma if hinted else min(B_COPY_K64_STEPS, a.k_unroll)
        b_ops = [(self.b_load(t, g + p, ni, strides), ("b", t % 2, g + p, ni))
                 for g in range(0, a.k_unroll, span) for ni in range(a.num_acc_n) for p in range(span)]
        return a_ops + b_ops

    def _scaled(self) -> bool:
        """Whether the epilogue applies scales: an 8-bit GEMM that is not split over K."""
        return self.a.problem.elem_bytes == SCALED_ELEM_BYTES and self.a.config.split_k <= 1

    def _scale_loads(self) -> list[tuple[Instr, object]]:
        """The epilogue's scales of an 8-bit GEMM: one dword of scale_b per column block (lane = column)
        and one dwordx4 of scale_a per 16-row block (lane group g = rows 4g..4g+3), as compiled."""
        a = self.a
        if not self._scaled():
            return []
        out = []
        for ni in range(a.num_acc_n):
            col = self.wave * a.n_per_wave + ni * 16
            offs = [(col + lane % 16) * SCALE_BYTES for lane in range(self.lanes)]
            dst = Reg("v", self.regs.a_stage + ni, 1)
            out.append((self._mem(Op.VMEM_LOAD, "buffer_load_dword", 32, "scale_b", offs, (), dst=dst,
                                  tag=f"scale_b n{ni}"), ("scale_b", ni)))
        for mi in range(a.m_repeat):
            offs = [(mi * 16 + (lane // 16) * 4) * SCALE_BYTES for lane in range(self.lanes)]
            dst = Reg("v", self.regs.a_stage + a.num_acc_n + 4 * mi, 4)
            out.append((self._mem(Op.VMEM_LOAD, VMEM_LOAD_B128, 128, "scale_a", offs, (), dst=dst,
                                  tag=f"scale_a m{mi}"), ("scale_a", mi)))
        return out

    def _scale(self, acc: Reg, mi: int, ni: int) -> list[Instr]:
        """Multiply an accumulator's 4 elements by their row and column scales (8-bit GEMMs), once its
        scales have arrived: the compiled epilogues take about one packed multiply per element."""
        if not self._scaled():
            return []
        # no destination: the functional replay runs with unit scales, so the product is the accumulator
        out = self.waits.wait_for(("scale_a", mi), ("scale_b", ni))
        return out + [self.valu("v_pk_mul_f32", f"acc(m{mi},n{ni}) row {ii} x scales", srcs=(Reg("v", acc.index + ii),))
                      for ii in range(4)]

    def _to_bf16(self, acc: Reg, mi: int, ni: int) -> list[Instr]:
        """Rows 0-1 and 2-3 of an accumulator packed in place into acc[0] and acc[1] as bf16 pairs (low half
        = even row) by one v_cvt_pk_bf16_f32 per pair. gfx942 has no such instruction: its compiled
        epilogue rounds each element in software (BF16_ROUND_VALU, 6 VALU); the pair's 12 are issued as
        11 of those and the v_cvt_pk_bf16_f32 that gives the functional replay its packed result."""
        out = []
        for pair in range(2):
            rows = (Reg("v", acc.index + 2 * pair), Reg("v", acc.index + 2 * pair + 1))
            tag = f"acc(m{mi},n{ni}) rows {2 * pair}-{2 * pair + 1} -> bf16"
            if self.gpu.arch_facts.bf16_in_software:
                out += [self.valu(op, f"{tag} ({op})", srcs=rows) for op in (BF16_ROUND_VALU * 2)[:-1]]
            out.append(self.valu("v_cvt_pk_bf16_f32", tag, dst=Reg("v", acc.index + pair), srcs=rows))
        return out

    def _issue(self, op_and_key) -> list[Instr]:
        instr, key = op_and_key
        self.waits.issued(instr, key)
        return [instr]

    def _write_a(self, t: int, r: int) -> list[Instr]:
        """Copy round r of tile t's A, staged in VGPRs, into its LDS buffer."""
        return self.waits.wait_for(("acopy", t % 2, r)) + self._issue((self.a_write(t, r), ("awrite", t % 2, r)))

    def _land_next_a(self, t: int, strides, written: bool = False) -> list[Instr]:
        """Get tile t's A into its LDS buffer (unless the tile already wrote it), synchronize, and
        with async copy request its first pack (the guide's A0 prefetch)."""
        a = self.a
        out: list[Instr] = []
        if a.config.lds_stage == 1:
            out += self.waits.wait_all(Counter.LGKM)          # every wave has read the only buffer ...
            out.append(Instr(Op.BARRIER, "s_barrier", tag="buffer free"))  # ... before it is overwritten
        if a.config.copy == "sync":
            if not written:
                for r in range(a.a_loads_per_tile):
                    out += self._write_a(t, r)
            out += self.waits.wait_all(Counter.LGKM)
        else:
            if self._dma_waits_for_free_buffer() and t > 0:
                for op in self._a_dmas(t, strides):
                    out += self._issue(op)
            out += self.waits.wait_for(*[("adma", t % 2, r) for r in range(a.a_loads_per_tile)])
        out.append(Instr(Op.BARRIER, "s_barrier", tag=f"A tile {t} in LDS"))
        if a.slots is None:
            out += self._issue((self.a_read(t, 0, 0), ("a", t % 2, 0, 0)))
        return out

    # ---- whole program --------------------------------------------------------------------
    def prologue(self) -> list[Instr]:
        out = [self.salu("s_load_dwordx8", "kernel arguments"), self.valu("v_lshlrev_b32", "lane offsets"),
               self.valu("v_add_u32", "row offsets")]
        for instr, key in self._next_tile_loads(0, (), hinted=False):
            out += self._issue((instr, key))
        return out + self._land_next_a(0, ())

    def epilogue(self) -> list[Instr]:
        a = self.a
        out = self.waits.wait_all(Counter.LGKM)
        if a.config.epilogue == "direct":
            return out + self._direct_stores()
        return out + self._cshuffle_stores()

    def _c_offset(self, row: int, col: int) -> int:
        return (row * self.a.n_padded + col) * self.a.c_bytes

    def _c_store_offsets(self, mi: int, ni: int, ii: int) -> list[int]:
        """Where each lane stores row ii of accumulator (mi, ni): lane = (row group of 4, column)."""
        base = self._c_offset(mi * 16 + ii, self.wave * self.a.n_per_wave + ni * 16)
        return [base + o for o in _c_lane_offsets(self.lanes, self.a.n_padded, self.a.c_bytes)]

    def _to_float(self, acc: Reg) -> list[Instr]:
        """Integer accumulators (int8 MFMA) become f32 in place before the bf16 conversion; the
        kernel's per-row and per-column scales are not modelled (unit scales)."""
        if not self.a.mfma.opcode.startswith("v_mfma_i32"):
            return []
        regs = [Reg("v", acc.index + ii) for ii in range(4)]
        return [self.valu("v_cvt_f32_i32", f"acc row {ii} i32 -> f32", dst=r, srcs=(r,)) for ii, r in enumerate(regs)]

    def _direct_stores(self) -> list[Instr]:
        """Rows 0-1 and 2-3 of each accumulator are packed in place into acc[0] and acc[1] as bf16
        pairs (low half = even row); 2-byte stores then write the low or the high half."""
        a, out = self.a, []
        if a.config.split_k > 1:
            return self._partial_stores()
        for mi in range(a.m_repeat):
            for ni in range(a.num_acc_n):
                acc = Reg("v", self.regs.acc + (mi * a.num_acc_n + ni) * 4, 4)
                out += self._to_float(acc) + self._scale(acc, mi, ni) + self._to_bf16(acc, mi, ni)
                for ii in range(4):
                    offs = self._c_store_offsets(mi, ni, ii)
                    opcode = "buffer_store_short" + ("_d16_hi" if ii % 2 else "")
                    out.append(self._mem(Op.VMEM_STORE, opcode, 16, "C", offs, (),
                                         srcs=(Reg("v", acc.index + ii // 2, 1),), tag=f"C m{mi} n{ni} row {ii}"))
        return out

    def _partial_stores(self) -> list[Instr]:
        """Split-K: each accumulator row goes out as it is (f32, or i32 for int8), one dword per lane,
        into this split's slice of the workspace; the reduction pass converts to bf16."""
        a, out = self.a, []
        for mi in range(a.m_repeat):
            for ni in range(a.num_acc_n):
                acc = Reg("v", self.regs.acc + (mi * a.num_acc_n + ni) * 4, 4)
                for ii in range(4):
                    offs = self._c_store_offsets(mi, ni, ii)
                    out.append(self._mem(Op.VMEM_STORE, "buffer_store_dword", 32, "C", offs, (),
                                         srcs=(Reg("v", acc.index + ii, 1),), tag=f"C partial m{mi} n{ni} row {ii}"))
        return out

    def _cshuffle_stores(self) -> list[Instr]:
        a, out = self.a, []
        base = a.lds_pipeline_bytes
        row_bytes = a.config.tile_n * OUTPUT_BYTES
        for mi in range(a.m_repeat):
            for ni in range(a.num_acc_n):
                acc = Reg("v", self.regs.acc + (mi * a.num_acc_n + ni) * 4, 4)
                out += self._to_float(acc) + self._scale(acc, mi, ni) + self._to_bf16(acc, mi, ni)
                for ii in range(4):
                    offs = [base + (mi * 16 + (lane // 16) * 4 + ii) * row_bytes
                            + (self.wave * a.n_per_wave + ni * 16 + lane % 16) * OUTPUT_BYTES
                            for lane in range(self.lanes)]
                    opcode = "ds_write_b16" + ("_d16_hi" if ii % 2 else "")
                    packed = Reg("v", acc.index + ii // 2, 1)
                    write = self._mem(Op.LDS_WRITE, opcode, 16, "lds", offs, (), srcs=(packed,),
                                      tag=f"C m{mi} n{ni} row {ii} -> LDS")
                    out += self._issue((write, ("cw", mi, ni, ii)))
        out += self.waits.wait_all(Counter.LGKM)
        out.append(Instr(Op.BARRIER, "s_barrier", tag="C tile in LDS"))
        e_vec = 4 if a.config.tile_n % 128 == 0 else 2
        lanes_n = 32
        rows_per_round = self.threads // lanes_n
        for rm in range(a.config.tile_m // rows_per_round):
            for rn in range(a.config.tile_n // (lanes_n * e_vec)):
                coords = []
                for lane in range(self.lanes):
                    t = self._thread(lane)
                    coords.append((rm * rows_per_round + t // lanes_n, rn * lanes_n * e_vec + (t % lanes_n) * e_vec))
                width = e_vec * OUTPUT_BYTES * 8
                stage = Reg("v", self.regs.a_stage, e_vec // 2)
                read = self._mem(Op.LDS_READ, f"ds_read_b{width}", width, "lds",
                                 [base + r * row_bytes + c * OUTPUT_BYTES for r, c in coords], (), dst=stage,
                                 tag=f"C shuffle read {rm},{rn}")
                out += self._issue((read, ("cr", rm, rn)))
                out += self.waits.wait_for(("cr", rm, rn))
                store = "buffer_store_dwordx2" if e_vec == 4 else "buffer_store_dword"
                out.append(self._mem(Op.VMEM_STORE, store, width, "C", [self._c_offset(r, c) for r, c in coords], (),
                                     srcs=(stage,), tag=f"C store {rm},{rn}"))
        return out

    def stream(self) -> tuple[Item, ...]:
        a = self.a
        items: list[Item] = list(self.prologue())
        prefetched = a.k_tiles - 1                 # tiles computed while the next one is fetched
        iterations = prefetched // 2
        loop_stride = (2 * a.tile_k_bytes,)
        if iterations:
            body = self._loop_body(loop_stride)
            body += [self.salu("s_add_u32", "loop counter"), self.salu("s_cmp_lt_u32", "loop test"),
                     Instr(Op.BRANCH, "s_cbranch_scc1", tag="next iteration")]
            items.append(Loop(tuple(self._scale_b_strides(body)), iterations, name="main K loop"))
        t = 2 * iterations
        if prefetched % 2:
            items += self.tile(t, True, ())
            t += 1
        items += self.tile(t, False, ())
        items += self.epilogue()
        items.append(Instr(Op.BRANCH, "s_endpgm", tag="end"))
        return tuple(items)

    def _loop_body(self, strides) -> list[Instr]:
        """Two tiles, with the waits of a loop: the body starts from what the prologue and the body's
        own last pass left outstanding, joined (LLVM's waitcnt pass iterates a loop to this fixed point)."""
        entry = head = self.waits.copy()
        # the body's instructions are the same in every pass, only its waits change: built once, with
        # its tracker calls recorded, and each pass replays those calls on a copy of the head
        self.waits = script = WaitScript()
        body = self.tile(0, True, strides) + self.tile(1, True, strides)
        while True:
            self.waits = head.copy()
            waits = script.replay(self.waits)
            joined = entry.joined(self.waits)
            if joined.state() == head.state():
                return fill(body, waits)
            head = joined

    def _scale_b_strides(self, body: list[Instr]) -> list[Instr]:
        """In the loop, B advances 2*k_unroll chunks of 1 KiB per iteration, A by 2 tiles of K bytes."""
        b_stride = (2 * self.a.k_unroll * 4 * 256,)
        out = []
        for instr in body:
            if instr.buffer == "B" and instr.iter_strides:
                instr = replace(instr, iter_strides=b_stride)
            out.append(instr)
        return out


# ---- per-lane patterns, kept: every tile, wave and candidate asks for the same few again ----------------
LANE_PATTERNS_KEPT = 4096


def _k_pack(span: int, ku: int, lane: int) -> tuple[int, int]:
    """_WaveBuilder.k_pack for an MFMA that spans `span` K64 steps."""
    first, p = ku - ku % span, ku % span
    quarter = (lane // 16) * span + p
    return first + quarter // 4, quarter % 4


@kept(LANE_PATTERNS_KEPT)
def _b_lane_offsets(span: int, ku: int, lanes: int) -> tuple[int, ...]:
    """Each lane's byte offset in a B load of step ku from its column block's first K chunk of the tile."""
    packs = [_k_pack(span, ku, lane) for lane in range(lanes)]
    return tuple((step * 4 + quarter) * 256 + (lane % 16) * PACK_BYTES for lane, (step, quarter) in enumerate(packs))


@kept(LANE_PATTERNS_KEPT)
def _a_pack_coords(span: int, ku: int, mi: int, lanes: int) -> tuple[tuple[int, int], ...]:
    """(row, byte column) in the A tile of each lane's pack of step ku, row block mi."""
    packs = [_k_pack(span, ku, lane) for lane in range(lanes)]
    return tuple((mi * 16 + lane % 16, step * 64 + quarter * PACK_BYTES) for lane, (step, quarter) in enumerate(packs))


def _copy_coords(thread_chunk: int, nbytes: int, row_bytes: int) -> tuple[int, int]:
    chunk = thread_chunk * nbytes
    return chunk // row_bytes, chunk % row_bytes


@kept(LANE_PATTERNS_KEPT)
def _copy_round_coords(first: int, lanes: int, nbytes: int, row_bytes: int) -> tuple[tuple[int, int], ...]:
    return tuple(_copy_coords(first + lane, nbytes, row_bytes) for lane in range(lanes))


@kept(LANE_PATTERNS_KEPT)
def _lds_offsets(coords: tuple[tuple[int, int], ...], base: int, row_bytes: int, swizzle: bool,
                 group_bytes: int | None) -> tuple[int, ...]:
    return tuple(base + lds_offset(row, col, row_bytes, swizzle, group_bytes) for row, col in coords)


@kept(LANE_PATTERNS_KEPT)
def _c_lane_offsets(lanes: int, row_elems: int, elem_bytes: int) -> tuple[int, ...]:
    """Each lane's byte offset in a store of one accumulator row from the row's first column:
    lane group g = lane // 16 holds row 4g, lane % 16 the column."""
    return tuple(((lane // 16) * 4 * row_elems + lane % 16) * elem_bytes for lane in range(lanes))


@kept(LANE_PATTERNS_KEPT)
def _mfma_order(k_unroll: int, per_step: float, m_repeat: int, num_acc_n: int, opcode: str, cycles: int, regs: _Regs,
                b_tile_regs: int, parity: int) -> tuple[tuple[Instr, tuple, tuple], ...]:
    """_WaveBuilder.mfmas of a tile of this parity: the same for every wave, and kept for every candidate
    of this tile shape."""
    out = []
    span = k_steps_per_mfma(per_step)
    for ku in range(k_unroll):
        if (ku + 1) % span:
            continue  # a wide MFMA consumes several K64 steps: emit it on the last one
        steps = tuple(range(ku - span + 1, ku + 1))
        for sub in range(max(1, int(per_step))):
            for mi in range(m_repeat):
                for ni in range(num_acc_n):
                    acc = Reg("v", regs.acc + (mi * num_acc_n + ni) * 4, 4)
                    dwords = 4 // max(1, int(per_step))
                    srcs = []
                    for s in steps:
                        srcs.append(Reg("v", regs.a_pack + 4 * (s * m_repeat + mi) + sub * dwords, dwords))
                    for s in steps:
                        srcs.append(Reg("v", regs.b + parity * b_tile_regs + (s * num_acc_n + ni) * 4 + sub * dwords,
                                        dwords))
                    instr = Instr(Op.MFMA, opcode, cycles=cycles, dst=acc, srcs=tuple(srcs) + (acc,),
                                  tag=f"acc(m{mi},n{ni}) k{ku}.{sub}")
                    out.append((instr, tuple(("a", parity, s, mi) for s in steps),
                                tuple(("b", parity, s, ni) for s in steps)))
    return tuple(out)


def _ready_first(mfmas, read_keys: list, read_at: list[int]) -> tuple[list, list[int]]:
    """The MFMAs in the order LLVM issues them around hinted LDS reads, and the reads' positions.

    A read stays at its hinted position (before MFMA read_at[j]); an MFMA whose A pack is not read
    yet gives its turn to the next MFMA in order whose packs are (the compiled gfx942 kernels fill a
    late pack's latency with the first pack's next K slice). Only when no MFMA is ready does a read
    move up to the MFMA that needs it. Packs without a read here (the A0 prefetch) count as read."""
    at = dict(zip(read_keys, read_at))
    remaining, order = list(mfmas), []
    for i in range(len(mfmas)):
        pick = next((m for m in remaining if all(at.get(k, 0) <= i for k in m[1])), remaining[0])
        for k in pick[1]:
            if at.get(k, 0) > i:
                at[k] = i
        remaining.remove(pick)
        order.append(pick)
    return order, [at[k] for k in read_keys]


@kept(LANE_PATTERNS_KEPT)
def _kept_ready_first(mfmas: tuple, read_keys: tuple, read_at: tuple) -> tuple[tuple, tuple[int, ...]]:
    """_ready_first of a tile parity's MFMA order: every wave and both passes of the loop body ask for
    the same order again."""
    order, at = _ready_first(mfmas, list(read_keys), list(read_at))
    return tuple(order), tuple(at)


def _spread(count: int, slots: int) -> list[int]:
    """Positions of `count` events spread evenly over `slots` MFMAs."""
    if count == 0:
        return []
    return [min(slots - 1, math.floor(i * slots / count)) for i in range(count)]


PROGRAMS_KEPT = 32   # a tune generates up to a few dozen candidates; a model's GEMMs repeat them


def generate(a: TileAnalysis, gpu: GPU, break_swizzle_read: bool = False) -> Program:
    """The Program of one workgroup of the analysed configuration on this GPU.

    Equal inputs give the same Program object (an equal one once it has left the cache: the replay's
    caches key on its content). Of the problem the generator needs M, the dtype and the batch; N and
    K reach it only through the analysis (padded sizes, A's row stride, the grid), so they are left
    out of the problem it is given: a model's GEMMs 1xNx128 with N one tile apart then share one
    Program, its decode and its replays."""
    shape = replace(a.problem, n=0, k=0)
    return _generate(replace(a, problem=shape), ByContent(gpu), break_swizzle_read)


@kept(PROGRAMS_KEPT)
def _generate(a: TileAnalysis, gpu_key: ByContent, break_swizzle_read: bool) -> Program:
    gpu = gpu_key.obj
    waves = tuple(_WaveBuilder(a, gpu, w, break_swizzle_read).stream() for w in range(WAVES_PER_BLOCK))
    a_row, b_k = a.a_row_bytes, int(a.k_padded * a.problem.elem_bytes)
    c_row = a.n_padded * a.c_bytes
    batch, split = a.problem.batch, a.config.split_k
    c_slice = a.problem.m * c_row                       # one (entry, split) slice of C or of the workspace
    z = {}
    if batch * split > 1:
        # A and B move by whole matrices per entry and by the split's K range per split
        split_k_bytes = a.k_tiles * a.tile_k_bytes
        z = {"A": (a.problem.m * a_row, split_k_bytes), "B": (a.n_padded * b_k, split_k_bytes // 64 * 4 * 256),
             "C": (split * c_slice, c_slice)}
    return fingerprinted(Program(
        name=f"preshuffle_gemm_{a.problem.dtype}_{a.config.tile}_{a.config.copy}_s{a.config.lds_stage}"
             f"{'_swz' if a.config.swizzle else ''}_{a.config.epilogue}"
             f"{f'_b{batch}' if batch > 1 else ''}{f'_splitk{split}' if split > 1 else ''}",
        arch=gpu.arch,
        wave_size=gpu.cu.wave_size,
        waves=waves,
        resources=Resources(arch_vgprs=a.vgpr.arch, accum_vgprs=a.vgpr.accum, sgprs=32,
                            lds_bytes=a.lds_bytes, workgroup_size=WAVES_PER_BLOCK * gpu.cu.wave_size),
        grid=(a.grid_m, a.grid_n),
        block_bases={"A": (a.config.tile_m * a_row, 0), "B": (0, a.config.tile_n * b_k),
                     "C": (a.config.tile_m * c_row, a.config.tile_n * a.c_bytes),
                     "scale_a": (a.config.tile_m * SCALE_BYTES, 0), "scale_b": (0, a.config.tile_n * SCALE_BYTES)},
        source="generated",
        batch=batch, split_k=split, z_bases=z, z_extents={"C": c_slice} if z else {},
    ), ("preshuffle", a, gpu_key.fingerprint, break_swizzle_read))
