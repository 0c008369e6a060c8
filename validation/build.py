"""Build the kernels: nvcc for NVIDIA, clang-22 (header-free) or ROCm's hipcc for AMD code
objects and assembly, and the options the HIP backend hands to hiprtc. One source per kernel
family for all of them.

    python -m validation.build --nvidia build/          # cubins for sm_90 (the microbenchmarks too)
    python -m validation.build --amd build/ gfx942      # code objects (.hsaco) for gfx942 (or gfx950)
    python -m validation.build --amd-asm build/ gfx942  # .s only
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from validation.kernels import HARNESS_SOURCE, KERNELS_DIR, LADDER_SOURCE, MMA_SOURCE

SOURCES = {"ladder": LADDER_SOURCE, "mma_preshuffle": MMA_SOURCE}
MICROBENCH_DIR = KERNELS_DIR / "microbench"
NVIDIA_ARCH = "sm_90"
AMD_ARCHS = ("gfx942", "gfx950")
CLANG = "clang-22"


def nvcc_command(source: Path, output: Path, arch: str = NVIDIA_ARCH, nvcc: str = "nvcc") -> list[str]:
    """nvcc builds the .hip source as CUDA (-x cu) through kernels/portable.h."""
    return [nvcc, "-x", "cu", f"-arch={arch}", "-O3", "-lineinfo", "-cubin",
            f"-I{KERNELS_DIR}", "-Xptxas", "-v", "-o", str(output), str(source)]


def clang_amd_command(source: Path, output: Path, arch: str, clang: str = CLANG) -> list[str]:
    """Header-free HIP device compile to AMDGPU assembly (no ROCm needed)."""
    if arch not in AMD_ARCHS:
        raise ValueError(f"AMD arch {arch!r} is not one of {AMD_ARCHS}")
    return [clang, "-x", "hip", f"--offload-arch={arch}", "--cuda-device-only", "-nogpulib",
            "-nogpuinc", "-O3", "-std=c++17", f"-I{KERNELS_DIR}", "-S", "-o", str(output),
            str(source)]


def amd_code_object_command(source: Path, output: Path, arch: str, compiler: str = CLANG) -> list[str]:
    """A loadable code object (an AMDGPU ELF, not an offload bundle) for hipModuleLoadData.
    clang-22 compiles header-free (-nogpuinc: kernels/portable.h needs no HIP headers);
    hipcc is ROCm's clang with the HIP headers and device libraries."""
    if arch not in AMD_ARCHS:
        raise ValueError(f"AMD arch {arch!r} is not one of {AMD_ARCHS}")
    header_free = [] if Path(compiler).name.startswith("hipcc") else ["-nogpulib", "-nogpuinc"]
    return [compiler, "-x", "hip", f"--offload-arch={arch}", "--cuda-device-only",
            "--no-gpu-bundle-output", *header_free, "-O3", "-std=c++17", f"-I{KERNELS_DIR}",
            "-o", str(output), str(source)]


def amd_code_object_path(build_dir: Path, name: str, arch: str) -> Path:
    return Path(build_dir) / f"{name}_{arch}.hsaco"


def amd_compiler() -> str | None:
    """clang-22 if installed, else ROCm's hipcc (PATH, then $ROCM_PATH/bin)."""
    import os

    for candidate in (CLANG, "hipcc", str(Path(os.environ.get("ROCM_PATH", "/opt/rocm")) / "bin" / "hipcc")):
        if shutil.which(candidate):
            return candidate
    return None


def hiprtc_options(arch: str) -> list[str]:
    """Options for hiprtcCompileProgram; the source is passed with its includes inlined."""
    if arch not in AMD_ARCHS:
        raise ValueError(f"AMD arch {arch!r} is not one of {AMD_ARCHS}")
    return [f"--offload-arch={arch}", "-O3", "-std=c++17"]


_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"\s*$', re.MULTILINE)


def inline_local_includes(source: Path, seen: set[Path] | None = None) -> str:
    """The source text with every #include "x.h" (beside the source, else in kernels/) replaced by x.h's text (once each), so
    hiprtc compiles one self-contained string."""
    seen = set() if seen is None else seen
    text = source.read_text()

    def expand(match: re.Match) -> str:
        header = (source.parent / match.group(1)).resolve()
        if not header.is_file():  # as the compilers' -I kernels/ finds it (microbench/*.hip)
            header = (KERNELS_DIR / match.group(1)).resolve()
        if header in seen:
            return ""
        seen.add(header)
        return inline_local_includes(header, seen)

    return _INCLUDE.sub(expand, text)


def run_build(command: list[str]) -> str:
    """Run a compiler; raise with its output on failure; return its stderr (ptxas -v)."""
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"build failed ({proc.returncode}): {' '.join(command)}\n{proc.stderr}")
    return proc.stderr


def build_nvidia(out_dir: Path, nvcc: str = "nvcc") -> dict[str, Path]:
    return {name: build_nvidia_source(source, out_dir, nvcc) for name, source in SOURCES.items()}


def build_nvidia_source(source: Path, out_dir: Path, nvcc: str = "nvcc") -> Path:
    """One source's sm_90 cubin, <stem>_sm_90.cubin, with its ptxas report beside it."""
    out_dir.mkdir(parents=True, exist_ok=True)
    cubin = out_dir / f"{source.stem}_{NVIDIA_ARCH}.cubin"
    report = run_build(nvcc_command(source, cubin, nvcc=nvcc))
    (out_dir / f"{source.stem}_{NVIDIA_ARCH}.ptxas.txt").write_text(report)
    return cubin


def build_amd_asm(out_dir: Path, arch: str, clang: str = CLANG) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    listings = {}
    for name, source in SOURCES.items():
        asm = out_dir / f"{name}_{arch}.s"
        run_build(clang_amd_command(source, asm, arch, clang=clang))
        listings[name] = asm
    return listings


def build_amd(out_dir: Path, arch: str, compiler: str | None = None) -> dict[str, Path]:
    """Code objects for the HIP backend (kept with the results: they are what ran; disassemble
    with llvm-objdump -d): the GEMM sources, then each kernels/microbench/*.hip. A microbenchmark
    source that fails is reported, not fatal (the backend then compiles it with hiprtc, which
    will say why)."""
    from concurrent.futures import ThreadPoolExecutor

    compiler = compiler or amd_compiler()
    if compiler is None:
        raise RuntimeError(f"neither {CLANG} nor hipcc is installed: the HIP backend will compile with hiprtc")
    out_dir.mkdir(parents=True, exist_ok=True)
    sources = {**SOURCES, HARNESS_SOURCE.stem: HARNESS_SOURCE, **{p.stem: p for p in sorted(MICROBENCH_DIR.glob("*.hip"))}}
    objects = {name: amd_code_object_path(out_dir, name, arch) for name in sources}
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = {name: pool.submit(_try_build, amd_code_object_command(src, objects[name], arch, compiler))
                for name, src in sources.items()}
    for name, future in done.items():
        error = future.result()
        if error and name in SOURCES:
            raise RuntimeError(error)
        if error:
            print(f"warning: {error}", file=sys.stderr)
            del objects[name]
    return objects


def _try_build(command: list[str]) -> str | None:
    try:
        run_build(command)
    except RuntimeError as err:
        return str(err)
    return None


def have_tool(name: str) -> bool:
    return shutil.which(name) is not None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nvidia", type=Path, metavar="DIR", help="write sm_90 cubins here")
    parser.add_argument("--amd", nargs=2, metavar=("DIR", "ARCH"),
                        help="write code objects for ARCH (gfx942 or gfx950) here")
    parser.add_argument("--amd-asm", nargs=2, metavar=("DIR", "ARCH"),
                        help="write AMDGPU assembly for ARCH (gfx942 or gfx950) here")
    args = parser.parse_args(argv)
    try:
        if args.nvidia:
            for path in build_nvidia(args.nvidia).values():
                print(path)
            for source in sorted(MICROBENCH_DIR.glob("*.hip")):
                print(build_nvidia_source(source, args.nvidia))
        if args.amd:
            for path in build_amd(Path(args.amd[0]), args.amd[1]).values():
                print(path)
        if args.amd_asm:
            for path in build_amd_asm(Path(args.amd_asm[0]), args.amd_asm[1]).values():
                print(path)
    except (RuntimeError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
