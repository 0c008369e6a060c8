"""Rebuild the committed assembly corpus of gemmsim's ISA front-end tests.

    python tests/data/isa/build_corpus.py            # writes tests/data/isa/*.s and *.dis

Needs Debian's clang-22, ld.lld-22 and llvm-objdump-22 (apt-get install clang-22 lld-22 llvm-22).
The tests use the committed files, so they run without a compiler; tests/test_isa_compile.py
recompiles with clang-22 when it is present and checks the committed files are current.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = {"preshuffle_gemm": HERE / "src" / "preshuffle_gemm.hip",
           "c_first_gemm": HERE / "src" / "c_first_gemm.hip"}   # FlyDSL's argument order: C, A, B
DISASSEMBLED_SOURCE = "preshuffle_gemm"
ARCHS = ("gfx942", "gfx950")
CLANG, LLD, OBJDUMP = "clang-22", "ld.lld-22", "llvm-objdump-22"
CUID = "gemmsim-isa-corpus"   # fixed, so the __hip_cuid symbol does not depend on the checkout path
DISASSEMBLED = ("preshuffle_bf16_m64n256k64_swz1_hint0", "preshuffle_bf16_m32n128k128_swz0_hint1")


def compile_command(source: Path, arch: str, out: Path) -> list[str]:
    return [CLANG, "-x", "hip", f"--offload-arch={arch}", "--cuda-device-only", "-nogpulib", "-nogpuinc", "-O3",
            f"-cuid={CUID}", "-S", str(source), "-o", str(out)]


def compile_asm(source: Path, arch: str, out: Path) -> None:
    subprocess.run(compile_command(source, arch, out), check=True, capture_output=True, text=True)


def disassemble(asm: Path, arch: str, out: Path) -> None:
    """Assemble, link into a code object and disassemble it: the llvm-objdump -d form of the same code."""
    with tempfile.TemporaryDirectory() as tmp:
        obj, co = Path(tmp) / "k.o", Path(tmp) / "k.co"
        subprocess.run([CLANG, "-target", "amdgcn-amd-amdhsa", f"-mcpu={arch}", "-c", str(asm), "-o", str(obj)],
                       check=True, capture_output=True, text=True)
        subprocess.run([LLD, "-shared", str(obj), "-o", str(co)], check=True, capture_output=True, text=True)
        text = subprocess.run([OBJDUMP, "-d", f"--mcpu={arch}", f"--disassemble-symbols={','.join(DISASSEMBLED)}",
                               str(co)], check=True, capture_output=True, text=True).stdout
    # the first line names the temporary file; keep the listing independent of it
    out.write_text(text.replace(str(co), "preshuffle_gemm.co"))


def main() -> int:
    missing = [tool for tool in (CLANG, LLD, OBJDUMP) if shutil.which(tool) is None]
    if missing:
        print(f"build_corpus: {', '.join(missing)} not found (apt-get install clang-22 lld-22 llvm-22)", file=sys.stderr)
        return 2
    for name, source in SOURCES.items():
        for arch in ARCHS:
            asm = HERE / f"{name}_{arch}.s"
            compile_asm(source, arch, asm)
            print(f"wrote {asm.relative_to(HERE.parents[2])}")
        if name != DISASSEMBLED_SOURCE:
            continue
        dis = HERE / f"{name}_gfx942.dis"
        disassemble(HERE / f"{name}_gfx942.s", "gfx942", dis)
        print(f"wrote {dis.relative_to(HERE.parents[2])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
