"""Every kernel of kernels/ compiles: clang-22 for gfx942 and gfx950 (header-free HIP), and
nvcc for sm_90 where nvcc is installed. The compiled output names every kernel the runner
launches, uses the matrix instruction we meant, and (on sm_90) spills nothing."""
from __future__ import annotations

import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from validation import build, kernels

AMD_MATRIX_INSTRUCTION = {"gfx942": "v_mfma_f32_16x16x16_bf16", "gfx950": "v_mfma_f32_16x16x32_bf16"}


def _compile_all(jobs: dict[str, list[str]]) -> dict[str, subprocess.CompletedProcess]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(subprocess.run, cmd, capture_output=True, text=True)
                   for name, cmd in jobs.items()}
        return {name: f.result() for name, f in futures.items()}


@pytest.fixture(scope="module")
def amd_asm(tmp_path_factory) -> dict[tuple[str, str], str]:
    if shutil.which(build.CLANG) is None:
        pytest.skip("clang-22 is not installed")
    out = tmp_path_factory.mktemp("amd")
    jobs = {f"{name}:{arch}": build.clang_amd_command(src, out / f"{name}_{arch}.s", arch)
            for arch in build.AMD_ARCHS for name, src in build.SOURCES.items()}
    done = _compile_all(jobs)
    for key, proc in done.items():
        assert proc.returncode == 0, f"{key}: {proc.stderr[-2000:]}"
    return {tuple(key.split(":")): (out / f"{key.replace(':', '_')}.s").read_text() for key in jobs}


@pytest.fixture(scope="module")
def nvcc_build(tmp_path_factory) -> dict[str, str]:
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc is not installed")
    out = tmp_path_factory.mktemp("nv")
    jobs = {name: build.nvcc_command(src, out / f"{name}.cubin") for name, src in build.SOURCES.items()}
    done = _compile_all(jobs)
    for name, proc in done.items():
        assert proc.returncode == 0, f"{name}: {proc.stderr[-2000:]}"
    return {name: proc.stderr for name, proc in done.items()}  # ptxas -v reports


def _amd_kernel_symbols(asm: str) -> set[str]:
    return set(re.findall(r"^\s*\.globl\s+(\w+)", asm, re.MULTILINE))


@pytest.mark.parametrize("arch", build.AMD_ARCHS)
def test_clang22_builds_every_kernel_for_amd(amd_asm, arch):
    symbols = _amd_kernel_symbols(amd_asm[("ladder", arch)]) | _amd_kernel_symbols(amd_asm[("mma_preshuffle", arch)])
    expected = {spec.symbol for spec in kernels.all_specs("amd")}
    assert expected <= symbols


@pytest.mark.parametrize("arch", build.AMD_ARCHS)
def test_amd_matrix_kernel_uses_the_arch_mfma_and_no_scratch(amd_asm, arch):
    asm = amd_asm[("mma_preshuffle", arch)]
    assert AMD_MATRIX_INSTRUCTION[arch] in asm
    scratch = re.findall(r"\.amdhsa_private_segment_fixed_size\s+(\d+)", asm)
    assert scratch and all(int(s) == 0 for s in scratch)
    # 4 waves of 64 lanes per work-group
    assert re.search(r"\.max_flat_workgroup_size:\s+256", asm)


@pytest.mark.parametrize("arch", build.AMD_ARCHS)
def test_amd_tiled_ladder_kernels_use_lds(amd_asm, arch):
    asm = amd_asm[("ladder", arch)]
    sizes = dict(re.findall(r"\.amdhsa_kernel\s+(\w+)\s*\n(?:.*\n)*?\s*\.amdhsa_group_segment_fixed_size\s+(\d+)", asm))
    assert int(sizes["gemm_tiled_f32"]) == 2 * 16 * 16 * 4
    assert int(sizes["gemm_tiled_blocked2x2_f32"]) == 2 * 32 * 16 * 4
    assert int(sizes["gemm_f32"]) == 0


def _ptxas_functions(report: str) -> dict[str, str]:
    """ptxas -v: 'Function properties for NAME' then the spill and register lines."""
    blocks = re.split(r"ptxas info\s+: Function properties for ", report)[1:]
    return {b.split("\n", 1)[0].strip(): b for b in blocks}


def test_nvcc_builds_every_kernel_for_sm90(nvcc_build):
    functions = {}
    for report in nvcc_build.values():
        functions.update(_ptxas_functions(report))
    expected = {spec.symbol for spec in kernels.all_specs("nvidia")}
    assert expected <= set(functions)


def test_nvcc_matrix_kernels_spill_nothing(nvcc_build):
    for name, block in _ptxas_functions(nvcc_build["mma_preshuffle"]).items():
        assert "0 bytes spill stores, 0 bytes spill loads" in block, name


def test_hiprtc_source_is_self_contained():
    text = build.inline_local_includes(kernels.MMA_SOURCE)
    assert '#include "' not in text
    assert "lds_byte_col" in text and "GS_WAVE_SIZE" in text


MICROBENCH_SOURCES = sorted(build.MICROBENCH_DIR.glob("*.hip"))


@pytest.mark.skipif(shutil.which(build.CLANG) is None, reason="clang-22 is not installed")
@pytest.mark.parametrize("arch", build.AMD_ARCHS)
@pytest.mark.parametrize("source", MICROBENCH_SOURCES, ids=[p.name for p in MICROBENCH_SOURCES])
def test_every_microbenchmark_source_builds_a_code_object_for_amd(tmp_path, source, arch):
    """The code object the HIP backend loads (build.amd_code_object_command): an AMDGPU ELF for the arch."""
    out = build.amd_code_object_path(tmp_path, source.stem, arch)
    proc = subprocess.run(build.amd_code_object_command(source, out, arch), capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    image = out.read_bytes()
    assert image[:4] == b"\x7fELF" and f"amdgcn-amd-amdhsa--{arch}".encode() in image


# ---- the portable microbenchmarks (kernels/microbench/microbench.hip) ------------------

def _microbench_asm(tmp_path, arch: str) -> str:
    from validation import microbench

    out = tmp_path / f"microbench_{arch}.s"
    proc = subprocess.run(build.clang_amd_command(microbench.SOURCE, out, arch), capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out.read_text()


def _function(asm: str, symbol: str) -> str:
    return asm[asm.index(f"\n{symbol}:"):].split("s_endpgm", 1)[0]


@pytest.mark.skipif(shutil.which(build.CLANG) is None, reason="clang-22 is not installed")
@pytest.mark.parametrize("arch", build.AMD_ARCHS)
def test_microbenchmarks_have_every_kernel_the_driver_loads_on_amd(tmp_path, arch):
    """Each symbol validation/microbench.py loads for the arch; each matrix bench issues its own MFMA
    (only that arch's: the others are behind #if); the LDS benches read at their width."""
    from validation import microbench

    asm = _microbench_asm(tmp_path, arch)
    assert set(microbench.symbols_for(arch)) <= _amd_kernel_symbols(asm)
    assert "mma_sync_m16n8k16_bf16_latency" not in asm
    for opcode in microbench.MATRIX[arch]:
        body = _function(asm, f"{microbench.matrix_symbol(opcode)}_throughput")
        assert f"{opcode} " in body or f"{opcode}\t" in body, opcode
    for width in (32, 64, 128):
        assert f"ds_read_b{width}" in _function(asm, f"lds_b{width}"), width


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not installed")
def test_microbenchmarks_build_for_sm90_with_every_kernel_the_driver_loads(tmp_path):
    from validation import microbench

    ptx = tmp_path / "microbench.ptx"
    cmd = [c for c in build.nvcc_command(microbench.SOURCE, ptx) if c not in ("-cubin", "-Xptxas", "-v")]
    proc = subprocess.run([*cmd[:-3], "-ptx", *cmd[-3:]], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    text = ptx.read_text()
    entries = set(re.findall(r"\.entry\s+(\w+)\(", text))
    assert set(microbench.symbols_for("sm_90")) <= entries
    assert "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" in text and "mfma" not in text
