"""The preshuffle generator: main-loop counts against the guide, loops kept, waits before uses, lane
layouts, and the Programs it keeps."""

from dataclasses import replace

import pytest

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem
from gemmsim.ir.program import Loop, Op, count_ops, hot_loop, walk
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.frontends.preshuffle.swizzle import lds_offset

CONFIGS = [  # (gpu, dtype, shape, tile, options)
    ("mi300x", "fp8", "5120x5120x8320", "64x256x128", {}),
    ("mi300x", "int8", "1024x1024x1024", "128x128x128", {}),
    ("mi300x", "bf16", "1024x2048x1024", "64x256x64", {}),
    ("mi300x", "fp16", "1024x1024x2048", "128x256x64", {"copy": "async"}),
    ("mi355x", "fp8", "5120x5120x8320", "64x256x128", {}),
    ("mi355x", "bf16", "8192x8192x8192", "128x256x128", {"epilogue": "cshuffle"}),
    ("mi355x", "int8", "256x2112x7168", "64x64x256", {"lds_stage": 1}),
    ("mi355x", "fp4", "1024x1024x4096", "64x256x256", {"copy": "async"}),
]


def _build(gpu, dtype, shape, tile, opts):
    g = load_gpu(gpu)
    a = analyze(make_problem(shape, dtype), make_config(tile, **opts), g)
    return a, generate(a, g)


@pytest.mark.parametrize("gpu, dtype, shape, tile, opts", CONFIGS)
def test_main_loop_counts_equal_the_guide_formulas(gpu, dtype, shape, tile, opts):
    a, program = _build(gpu, dtype, shape, tile, opts)
    loop = hot_loop(program.waves[0])
    per_tile = {op: n // 2 for op, n in count_ops(loop.body).items()}  # two K tiles per iteration
    assert per_tile[Op.MFMA] == a.k_unroll * a.m_repeat * a.num_acc_n * a.mfma_per_k_step
    # the guide counts 8-byte A and B packs; each generated access moves 16 bytes per lane
    assert per_tile[Op.LDS_READ] * 2 == a.k_unroll * a.m_repeat * 2
    b_loads = per_tile[Op.VMEM_LOAD] - (a.a_loads_per_tile if a.config.copy == "sync" else 0)
    assert b_loads * 2 == a.k_unroll * 2 * a.num_acc_n
    a_tile_bytes = a.config.tile_m * a.tile_k_bytes
    if a.config.copy == "sync":
        assert per_tile[Op.LDS_WRITE] * 256 * 16 == a_tile_bytes
    else:
        assert per_tile.get(Op.LDS_WRITE, 0) == 0
        assert per_tile[Op.LDS_DMA] * 256 * load_gpu(gpu).lds.dma_bytes_per_lane == a_tile_bytes
    assert per_tile[Op.BARRIER] == (1 if a.config.lds_stage == 2 else 2)  # stage 1 also waits before overwriting


@pytest.mark.parametrize("gpu, dtype, shape, tile, opts", CONFIGS)
def test_whole_kernel_does_all_the_mfma_work(gpu, dtype, shape, tile, opts):
    a, program = _build(gpu, dtype, shape, tile, opts)
    for wave in program.waves:
        assert count_ops(wave)[Op.MFMA] == a.mfma_per_block
    flops_per_block = 2 * a.config.tile_m * a.config.tile_n * a.problem.k
    assert a.mfma_per_block * 4 * a.mfma.flops == flops_per_block


def test_k_loop_stays_a_loop():
    a, program = _build("mi300x", "fp8", "5120x5120x8320", "64x256x128", {})
    loops = [item for item in program.waves[0] if isinstance(item, Loop)]
    assert len(loops) == 1 and loops[0].trip_count == (a.k_tiles - 1) // 2 == 32
    # unrolled, 32 iterations would be thousands; the epilogue alone takes ~450 (gfx942 rounds to bf16 in software)
    assert sum(1 for _ in walk(program.waves[0])) < 1000


def test_lds_reads_and_writes_use_the_same_swizzle():
    a, program = _build("mi300x", "fp8", "512x512x512", "64x256x128", {})
    reads = {i.tag: i for i, _ in walk(program.waves[0]) if i.op == Op.LDS_READ}
    pack = reads["A pack k1 m2"]
    expected = [lds_offset(2 * 16 + lane % 16, 64 + (lane // 16) * 16, 128, True) for lane in range(64)]
    assert [o % a.a_tile_bytes for o in pack.lane_offsets] == expected


def _pending_reads_violations(items):
    """Replay counters in issue order; report any instruction that reads a register still in flight."""
    in_flight = {"vm": [], "lgkm": []}
    problems = []
    for instr, _ in walk(items, repeat_loops=True):
        if instr.op == Op.WAITCNT:
            for counter, limit in (("vm", instr.vmcnt), ("lgkm", instr.lgkmcnt)):
                if limit is not None:
                    del in_flight[counter][: max(0, len(in_flight[counter]) - limit)]
            continue
        pending = {(r.file, r.index + k) for q in in_flight.values() for dst in q for r in [dst] for k in range(r.count)}
        for src in instr.srcs:
            if any((src.file, src.index + k) in pending for k in range(src.count)):
                problems.append(f"{instr.opcode} [{instr.tag}] reads {src} before its load completed")
        if instr.op in (Op.VMEM_LOAD, Op.LDS_READ) and instr.dst is not None:
            in_flight["vm" if instr.op == Op.VMEM_LOAD else "lgkm"].append(instr.dst)
        elif instr.op in (Op.LDS_WRITE, Op.LDS_DMA, Op.VMEM_STORE):
            in_flight["vm" if instr.op != Op.LDS_WRITE else "lgkm"].append(_NOREG)
    return problems


class _NoReg:
    file, index, count = "none", 0, 0


_NOREG = _NoReg()


@pytest.mark.parametrize("gpu, dtype, shape, tile, opts", CONFIGS)
def test_every_use_waits_for_its_load(gpu, dtype, shape, tile, opts):
    m, n, _ = shape.split("x")
    tk = int(tile.split("x")[2])
    _, program = _build(gpu, dtype, f"{m}x{n}x{tk * 6}", tile, opts)  # 6 K tiles: loop + tail paths
    assert _pending_reads_violations(program.waves[1]) == []


def test_program_resources_and_grid():
    a, program = _build("mi300x", "fp8", "5120x5120x8320", "64x256x128", {})
    assert program.grid == (80, 20) and program.waves_per_workgroup == 4
    assert program.resources.lds_bytes == 16384 and program.resources.workgroup_size == 256


def test_b_and_c_offsets_follow_the_per_lane_layouts():
    """The kept per-lane patterns (B's pre-shuffled chunks, C's rows) give what the layouts say lane by lane."""
    a, program = _build("mi300x", "bf16", "1000x3000x777", "64x128x64", {})
    wave = 1
    instrs = {}
    for i, _ in walk(program.waves[wave]):
        instrs.setdefault(i.tag, i)
    b_load = instrs["B k1 n1"]           # the first B load of step 1, column block 1 (prologue: tile 0)
    chunks_per_row = int(a.k_padded * a.problem.elem_bytes) // 64
    n_block = wave * a.num_acc_n + 1
    expected = [((n_block * chunks_per_row + 1) * 4 + lane // 16) * 256 + (lane % 16) * 16 for lane in range(64)]
    assert list(b_load.lane_offsets) == expected
    store = instrs["C m0 n1 row 3"]
    expected = [((lane // 16) * 4 + 3) * a.n_padded * 2 + (wave * a.n_per_wave + 16 + lane % 16) * 2
                for lane in range(64)]
    assert list(store.lane_offsets) == expected


def test_equal_generator_inputs_give_one_program():
    """Of the problem the generator reads M, dtype and batch: N within one tile (N padded alike) gives the
    very Program object again; K, which moves A's row stride, gives another; so does another GPU object."""
    g = load_gpu("mi300x")
    config = make_config("16x64x128")

    def program(shape, gpu=g):
        return generate(analyze(make_problem(shape, "bf16"), config, gpu), gpu)

    assert program("1x598x128") is program("1x633x128")
    assert program("1x128x598") != program("1x128x599")
    slower_valu = replace(g, cu=replace(g.cu, valu_cycles=g.cu.valu_cycles + 4))
    assert program("1x598x128", slower_valu) != program("1x598x128")


@pytest.mark.parametrize("gpu, dtype, tile, scale_loads, cvt", [
    ("mi300x", "fp8", "16x64x512", 2, 2),      # one column block, one 16-row block; gfx942 rounds to bf16 in software
    ("mi300x", "fp8", "64x256x128", 8, 32),    # 4 + 4, as the compiled kernel loads them
    ("mi355x", "fp8", "16x64x512", 2, 2),      # gfx950 converts with v_cvt_pk_bf16_f32, two per accumulator
    ("mi355x", "bf16", "64x256x128", 0, 32),   # 16-bit GEMMs take no scales
])
def test_last_tile_loads_the_epilogue_scales(gpu, dtype, tile, scale_loads, cvt):
    a, program = _build(gpu, dtype, "256x1280x4096", tile, {})
    body = [i for i, _ in walk(program.waves[0])]
    scales = [i for i in body if i.buffer in ("scale_a", "scale_b")]
    assert len(scales) == scale_loads == (a.m_repeat + a.num_acc_n if dtype == "fp8" else 0)
    assert sum(i.opcode == "v_cvt_pk_bf16_f32" for i in body) == cvt
    if gpu == "mi300x":   # gfx942 has no f32 -> bf16 conversion: 6 VALU per element
        assert sum(i.opcode == "v_cndmask_b32" for i in body) == 4 * a.m_repeat * a.num_acc_n


def test_an_mfma_whose_pack_is_read_late_gives_its_turn_to_the_next_ready_one():
    from gemmsim.frontends.preshuffle.generator import _ready_first

    # MFMAs 0-1 read pack p0, 2-3 pack p1 (read before MFMA 3), 4-5 p0 again (its next K slice)
    mfmas = [(i, (k,), ()) for i, k in enumerate(["p0", "p0", "p1", "p1", "p0", "p0"])]
    order, read_at = _ready_first(mfmas, ["p0", "p1"], [0, 3])
    assert [m[0] for m in order] == [0, 1, 4, 2, 3, 5] and read_at == [0, 3]
    order, read_at = _ready_first(mfmas[:4], ["p0", "p1"], [0, 3])   # nothing to fill: the read moves up
    assert [m[0] for m in order] == [0, 1, 2, 3] and read_at == [0, 2]
