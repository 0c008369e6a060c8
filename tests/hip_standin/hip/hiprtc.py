"""Stand-in for ``hip.hiprtc``: a real compile by clang-22 (header-free, for the arch named in
the options) where clang-22 is installed, so the code object the stand-in's runtime loads is
what hiprtc would have built; without clang-22, an image that names the kernels of the
program's source file (validation.kernels.source_of, and the plain `__global__ void NAME(` kernels
such as the harness's hold_gpu), marked as the stand-in's own."""
from __future__ import annotations

import enum
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from validation import kernels

CLANG = "clang-22"


class hiprtcResult(enum.IntEnum):
    HIPRTC_SUCCESS = 0
    HIPRTC_ERROR_INVALID_INPUT = 3
    HIPRTC_ERROR_INVALID_OPTION = 5
    HIPRTC_ERROR_COMPILATION = 6


class _Program:
    def __init__(self, source: bytes, name: bytes):
        self.source, self.name = source, name
        self.code = b""
        self.log = b""


def hiprtcCreateProgram(src: bytes, name: bytes, numHeaders: int, headers, includeNames):
    if numHeaders or b'#include "' in src:
        return (hiprtcResult.HIPRTC_ERROR_INVALID_INPUT, None)  # the runner inlines its headers
    return (hiprtcResult.HIPRTC_SUCCESS, _Program(bytes(src), bytes(name)))


def hiprtcCompileProgram(prog: _Program, numOptions: int, options):
    options = [o.decode() if isinstance(o, bytes) else str(o) for o in options[:numOptions]]
    arch = [o.split("=", 1)[1] for o in options if o.startswith("--offload-arch=")]
    if len(arch) != 1:
        return (hiprtcResult.HIPRTC_ERROR_INVALID_OPTION,)
    if shutil.which(CLANG):
        return _clang_compile(prog, arch[0], [o for o in options if not o.startswith("--offload-arch=")])
    name = prog.name.decode()
    symbols = [s.symbol for s in kernels.all_specs("amd") if kernels.source_of(s.symbol) == name]
    symbols += re.findall(r"__global__\s+void\s+(\w+)\s*\(", prog.source.decode())
    prog.code = b"\0".join([b"HIPRTC-STANDIN", arch[0].encode(), ",".join(symbols).encode()])
    return (hiprtcResult.HIPRTC_SUCCESS,)


def _clang_compile(prog: _Program, arch: str, options: list[str]):
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "program.hsaco"
        cmd = [CLANG, "-x", "hip", f"--offload-arch={arch}", "--cuda-device-only", "--no-gpu-bundle-output",
               "-nogpulib", "-nogpuinc", *options, "-o", str(out), "-"]
        proc = subprocess.run(cmd, input=prog.source, capture_output=True)
        prog.log = proc.stderr
        if proc.returncode != 0:
            return (hiprtcResult.HIPRTC_ERROR_COMPILATION,)
        prog.code = out.read_bytes()
    return (hiprtcResult.HIPRTC_SUCCESS,)


def hiprtcGetProgramLogSize(prog: _Program):
    return (hiprtcResult.HIPRTC_SUCCESS, len(prog.log) + 1)


def hiprtcGetProgramLog(prog: _Program, log: bytearray):
    log[: len(prog.log)] = prog.log
    return (hiprtcResult.HIPRTC_SUCCESS,)


def hiprtcGetCodeSize(prog: _Program):
    return (hiprtcResult.HIPRTC_SUCCESS, len(prog.code))


def hiprtcGetCode(prog: _Program, code: bytearray):
    code[: len(prog.code)] = prog.code
    return (hiprtcResult.HIPRTC_SUCCESS,)
