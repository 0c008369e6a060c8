"""Compile with Debian's clang-22 (when it is installed, as in CI) and read the result back.

1. The committed corpus is current: recompiled from tests/data/isa/src it is byte-identical when the
   compiler is the one that wrote it (its .ident line), and otherwise parses to the same hot loop.
2. The HIP kernels of kernels/ compiled for gfx942 and gfx950, every kernel parsed, and the
   matrix-core kernel (kernels/mma_preshuffle.hip) put beside the generator for each of its
   configurations. Per K tile its hot loop matches the generator in MFMAs, LDS writes and barriers.
   The differences are structural and checked as such:
   * its loop covers one K tile per iteration (the generator's two), so counts are per K tile;
   * gfx950 (v_mfma_f32_16x16x32_bf16, 16-byte operands): A reads and B loads are 16-byte packs
     like the generator's, so every count and the LDS conflict cycles per K tile match;
   * gfx942 (v_mfma_f32_16x16x16_bf16, 8-byte operands): each lane loads B as one 8-byte fragment
     per K16 step, twice the generator's 16-byte packs, and reads A as 8-byte fragments that the
     compiler pairs into ds_read2(st64)_b64 or leaves single, so the LDS addresses differ from the
     generator's and only the fragment count and the swizzle's effect are compared.
   The kernel guards every A load (zero-fill past M and K); with the integer arguments bound to
   M, N, K and k_blocks the walk takes the in-bounds fast path.
"""

import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.hw import load_gpu
from gemmsim.frontends.amdgpu import load_kernel
from gemmsim.frontends.amdgpu.compare import counts_per_k_tile, k_tiles_per_iteration, lds_accesses, lds_conflict_cycles
from gemmsim.frontends.amdgpu.parser import parse_file
from gemmsim.problem import make_config, make_problem
from gemmsim.ir.program import Op, hot_loop, walk
from gemmsim.frontends.preshuffle.generator import generate
from validation.kernels import mma_tile_configs

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "isa"
pytestmark = pytest.mark.skipif(shutil.which("clang-22") is None,
                                reason="clang-22 is not installed (apt-get install clang-22 lld-22 llvm-22)")
ARCHS = {"gfx942": "mi300x", "gfx950": "mi355x"}
SHAPE = "1024x1024x4224"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """Every source compiled for both archs, in parallel: {(source stem, arch): path of the .s}."""
    import sys
    sys.path.insert(0, str(DATA))
    from build_corpus import CUID, compile_command   # the corpus's own recipe
    out = tmp_path_factory.mktemp("isa")
    jobs = {}
    for source in (DATA / "src" / "preshuffle_gemm.hip", ROOT / "kernels" / "mma_preshuffle.hip",
                   ROOT / "kernels" / "ladder.hip"):
        for arch in ARCHS:
            target = out / f"{source.stem}_{arch}.s"
            jobs[(source.stem, arch)] = (compile_command(source, arch, target), target)
    assert CUID
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = {key: pool.submit(subprocess.run, cmd, capture_output=True, text=True) for key, (cmd, _) in jobs.items()}
    for key, future in results.items():
        r = future.result()
        assert r.returncode == 0, f"{key}: {r.stderr[-2000:]}"
    return {key: target for key, (_, target) in jobs.items()}


def _ident(path: Path) -> str:
    return next((line for line in path.read_text().splitlines() if ".ident" in line), "")


@pytest.mark.parametrize("arch", ARCHS)
def test_committed_corpus_is_current(compiled, arch):
    committed, fresh = DATA / f"preshuffle_gemm_{arch}.s", compiled[("preshuffle_gemm", arch)]
    if _ident(committed) == _ident(fresh):
        assert fresh.read_text() == committed.read_text(), \
            "the committed corpus is stale: run python tests/data/isa/build_corpus.py"
        return
    # another clang-22 build: the code may differ in detail, the kernels must read back alike
    problem = make_problem(SHAPE, "bf16")
    for k in parse_file(committed, only=""):
        old = load_kernel(committed, problem=problem, kernel=k.name)
        new = load_kernel(fresh, problem=problem, kernel=k.name)
        for op in (Op.MFMA, Op.LDS_READ, Op.LDS_WRITE, Op.VMEM_LOAD, Op.BARRIER):
            assert (sum(1 for i, _ in walk(hot_loop(old.program.waves[0]).body) if i.op == op)
                    == sum(1 for i, _ in walk(hot_loop(new.program.waves[0]).body) if i.op == op))
        assert lds_accesses(old.program.waves[0]) == lds_accesses(new.program.waves[0])


@pytest.mark.parametrize("arch", ARCHS)
def test_ladder_kernels_parse_with_resolved_lds_addresses(compiled, arch):
    path = compiled[("ladder", arch)]
    problem = make_problem("512x512x512", "fp16")
    kernels = parse_file(path, only="")
    assert len(kernels) >= 10
    for k in kernels:
        pk = load_kernel(path, problem=problem, kernel=k.name, workgroup=(16, 16), int_args=["M", "N", "K"])
        assert pk.hot_loop is not None and not pk.unknown_instructions
        assert not any(f.lds_unresolved for f in pk.facts), k.name
        if "tiled" in k.name:   # 16-wide K tiles in LDS
            assert pk.trip.count == 512 // 16 and pk.trip.source.startswith("exact"), (k.name, pk.trip)
    # the 16x16 shape is not in the metadata: without it v0 (x | y << 10) is unknown, and the
    # tiled kernels say which LDS accesses they could not resolve
    tiled = next(k.name for k in kernels if k.name.startswith("gemm_tiled_f32"))
    pk = load_kernel(path, problem=problem, kernel=tiled)
    assert any(f.lds_unresolved for f in pk.facts) and any("work-item ids" in n for n in pk.notes)


@pytest.mark.parametrize("arch", ARCHS)
def test_mma_preshuffle_beside_the_generator(compiled, arch):
    path, gpu = compiled[("mma_preshuffle", arch)], load_gpu(ARCHS[arch])
    problem = make_problem(SHAPE, "bf16")
    mma_k = 16 if arch == "gfx942" else 32
    configs = mma_tile_configs()
    assert len(configs) >= 8
    for tile in configs:
        conflicts = {}
        for swizzle in (0, 1):
            name = f"mma_preshuffle_m{tile[0]}n{tile[1]}k{tile[2]}_swz{swizzle}"
            pk = load_kernel(path, problem=problem, kernel=name, int_args=["M", "N", "K", problem.k // mma_k])
            # kernels/mma_preshuffle.hip swizzles A by row XOR16 at every dtype; the generator follows
            # FlyDSL, whose bf16 sync copy XORs in 128-byte groups: compare them on the HIP kernel's layout
            a = replace(analyze(problem, make_config(tile, swizzle=bool(swizzle)), gpu), swizzle_group_bytes=None)
            generated = generate(a, gpu)
            mine, theirs = counts_per_k_tile(pk.program, tile), counts_per_k_tile(generated, tile)
            assert k_tiles_per_iteration(pk.program, tile) == 1 and pk.trip.count == a.k_tiles, name
            assert pk.trip.source.startswith("exact"), (name, pk.trip.source)
            for key in ("mfma", "lds_write", "barrier"):
                assert mine[key] == theirs[key], (name, key, mine[key], theirs[key])
            assert not any(f.lds_unresolved for f in pk.facts), name
            per_tile = lds_conflict_cycles(pk.program.waves[0], gpu.lds)
            if arch == "gfx950":
                assert (mine["lds_read"], mine["vmem_load"]) == (theirs["lds_read"], theirs["vmem_load"]), name
                assert per_tile == lds_conflict_cycles(generated.waves[0], gpu.lds) / 2, name
            else:
                assert mine["vmem_load"] == a.a_loads_per_tile + 2 * a.b_loads_per_tile, name
                fragments = sum(2 if i.lane_offsets2 is not None else 1
                                for i, _ in walk(hot_loop(pk.program.waves[0]).body) if i.op == Op.LDS_READ)
                assert fragments == 2 * a.ds_reads_per_tile, name
            conflicts[swizzle] = per_tile
        assert conflicts[1] <= conflicts[0], (tile, conflicts)
