"""Kernel arguments packed into one buffer, the way cuLaunchKernel / hipModuleLaunchKernel
take them through ``extra`` (BUFFER_POINTER, &buf, BUFFER_SIZE, &size, END).

Both runtimes read the buffer with the C ABI's layout: each argument at an offset aligned
to its own size. The buffer and the extra array must outlive the launch call, so
``LaunchExtra`` keeps them.
"""
from __future__ import annotations

import ctypes
import struct
from dataclasses import dataclass

_FORMATS = {"ptr": "<Q", "i32": "<i", "u32": "<I", "u64": "<Q", "f32": "<f", "f64": "<d"}

# The launch-parameter markers of each runtime's ``extra`` array.
CUDA_EXTRA_MARKERS = {"buffer_pointer": 1, "buffer_size": 2, "end": 0}
HIP_EXTRA_MARKERS = {"buffer_pointer": 1, "buffer_size": 2, "end": 3}


def pack_args(args: list[tuple[str, int]]) -> bytes:
    """[('ptr', 0x7f..), ('i32', 512), ...] -> bytes laid out as the kernel expects."""
    buf = bytearray()
    for kind, value in args:
        if kind not in _FORMATS:
            raise ValueError(f"argument kind {kind!r} is not one of {sorted(_FORMATS)}")
        fmt = _FORMATS[kind]
        size = struct.calcsize(fmt)
        buf.extend(b"\0" * (-len(buf) % size))
        buf.extend(struct.pack(fmt, value))
    return bytes(buf)


def unpack_args(buffer: bytes, kinds: list[str]) -> list[int]:
    """Inverse of pack_args (used by the emulated backend and the tests)."""
    values, offset = [], 0
    for kind in kinds:
        fmt = _FORMATS[kind]
        size = struct.calcsize(fmt)
        offset += -offset % size
        values.append(struct.unpack_from(fmt, buffer, offset)[0])
        offset += size
    return values


@dataclass
class LaunchExtra:
    """The ``extra`` array for one launch, and the storage it points into."""

    buffer: ctypes.Array
    size: ctypes.c_size_t
    array: ctypes.Array

    @property
    def address(self) -> int:
        return ctypes.addressof(self.array)


def launch_extra(packed: bytes, markers: dict[str, int]) -> LaunchExtra:
    buffer = ctypes.create_string_buffer(packed, max(len(packed), 1))
    size = ctypes.c_size_t(len(packed))
    array = (ctypes.c_void_p * 5)(markers["buffer_pointer"], ctypes.addressof(buffer),
                                  markers["buffer_size"], ctypes.addressof(size), markers["end"])
    return LaunchExtra(buffer, size, array)


def gemm_arguments(spec_family: str, a: int, b: int, c: int, m: int, n: int, k: int,
                   k_blocks: int = 0) -> list[tuple[str, int]]:
    """The argument list of kernels/*.hip: (A, B, C, M, N, K[, k_blocks])."""
    args = [("ptr", a), ("ptr", b), ("ptr", c), ("i32", m), ("i32", n), ("i32", k)]
    if spec_family == "mma":
        args.append(("i32", k_blocks))
    return args


def reduce_arguments(workspace: int, c: int, elements: int, splits: int) -> list[tuple[str, int]]:
    """The argument list of split-K's reduction pass (kernels/mma_preshuffle.hip splitk_reduce_f32):
    (W, C, M x N, splits)."""
    return [("ptr", workspace), ("ptr", c), ("i32", elements), ("i32", splits)]
