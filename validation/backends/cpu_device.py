"""A device on the CPU: host bytes behind fake device addresses, and what each kernel of
kernels/ computes, executed on numpy from the launch's packed argument buffer.

Shared by the emulated backend and the hip-python stand-in (tests/hip_standin), so that both
run the same math: a launch is read exactly as the GPU reads it (the C ABI argument layout),
and the matrix-core kernel's B is read through the target's pre-shuffled layout.
"""
from __future__ import annotations

import numpy as np

from validation import kernels, preshuffle
from validation.backends.argpack import unpack_args

ADDRESS_BASE = 1 << 32
ALIGNMENT = 256


class CpuMemory:
    """Allocations of host bytes, each at a fake device address."""

    def __init__(self):
        self._blocks: dict[int, np.ndarray] = {}
        self._next = ADDRESS_BASE

    def malloc(self, nbytes: int) -> int:
        size = max(nbytes, 1)
        address = self._next
        self._blocks[address] = np.zeros(size, dtype=np.uint8)
        self._next += -(-size // ALIGNMENT) * ALIGNMENT + ALIGNMENT  # a gap between blocks
        return address

    def free(self, address: int) -> None:
        del self._blocks[address]

    def block(self, address: int) -> np.ndarray:
        """The bytes of the allocation that starts at address (KeyError if none does)."""
        return self._blocks[address]

    __getitem__ = block  # memory[address], as the emulated backend indexed its dict of blocks

    def write(self, address: int, data: bytes | np.ndarray) -> None:
        raw = np.frombuffer(bytes(data) if not isinstance(data, np.ndarray)
                            else np.ascontiguousarray(data).tobytes(), np.uint8)
        self._blocks[address][: raw.size] = raw

    def read(self, address: int, nbytes: int) -> bytes:
        return self._blocks[address][:nbytes].tobytes()

    def fill(self, address: int, byte: int, nbytes: int) -> None:
        self._blocks[address][:nbytes] = byte

    def view(self, address: int, dtype, count: int) -> np.ndarray:
        return self._blocks[address][: count * np.dtype(dtype).itemsize].view(dtype)


def argument_kinds(spec: kernels.LaunchSpec) -> list[str]:
    """(A, B, C, M, N, K[, k_blocks]): see argpack.gemm_arguments; the reduction pass (W, C, MN, splits)."""
    if spec.family == "reduce":
        return ["ptr", "ptr", "i32", "i32"]
    return ["ptr"] * 3 + ["i32"] * (4 if spec.family == "mma" else 3)


def execute_gemm(memory: CpuMemory, spec: kernels.LaunchSpec, target: str, packed_args: bytes,
                 perturb: bool = False) -> None:
    """Compute C = A @ B as the kernel does and store it in C's allocation; a split-K kernel stores
    each split's partial product (its K tiles) into its slice of the workspace it gets as C, and the
    reduction pass sums the slices.

    ``perturb`` adds 1 to C[0, 0] (a wrong result, for testing the correctness check)."""
    if spec.family == "reduce":
        w_ptr, c_ptr, elements, splits = unpack_args(packed_args, argument_kinds(spec))
        partials = memory.view(w_ptr, np.float32, splits * elements).reshape(splits, elements)
        total = partials.sum(axis=0, dtype=np.float32)
        if perturb:
            total[0] += 1.0
        memory.view(c_ptr, np.float32, elements)[:] = total
        return
    a_ptr, b_ptr, c_ptr, m, n, k, *rest = unpack_args(packed_args, argument_kinds(spec))
    if spec.family == "mma":
        layout = preshuffle.LAYOUTS[preshuffle.TARGET_LAYOUT[target]]
        k_pad, n_pad = rest[0] * layout.mma_k, preshuffle.padded_extent(n, kernels.MMA_N_PADDING)
        a = preshuffle.bf16_bits_to_float64(memory.view(a_ptr, np.uint16, m * k)).reshape(m, k)
        shuffled = memory.view(b_ptr, np.uint16, k_pad * n_pad)
        b = preshuffle.bf16_bits_to_float64(preshuffle.unshuffle_b(shuffled, layout, k, n, k_pad, n_pad))
        out_dtype = np.float32
    else:
        dtype = np.dtype(kernels.NUMPY_DTYPE[spec.dtype])
        a = memory.view(a_ptr, dtype, m * k).reshape(m, k).astype(np.float64)
        b = memory.view(b_ptr, dtype, k * n).reshape(k, n).astype(np.float64)
        out_dtype = dtype
    if spec.split_k > 1:   # split z: the K tiles [z * per, (z + 1) * per) of the kernel's tile_k
        per = -(-(-(-k // spec.tile_k)) // spec.split_k) * spec.tile_k
        c = np.stack([a[:, z * per:(z + 1) * per] @ b[z * per:(z + 1) * per] for z in range(spec.split_k)])
    else:
        c = a @ b
    if perturb:
        c.reshape(-1)[0] += 1.0
    memory.view(c_ptr, out_dtype, c.size)[:] = c.reshape(-1).astype(out_dtype)


# What a microbenchmark kernel leaves when its math is not emulated (the emulated backend's
# convention, validation/microbench.py): u64 1000 over the first 64 KiB of every buffer it got.
NOOP_MARK = 1000
NOOP_FILL_BYTES = 64 << 10


def mark_pointer_arguments(memory: CpuMemory, packed_args: bytes) -> int:
    """Run a kernel whose math is not emulated as a no-op that fills the start of every buffer
    it was given with NOOP_MARK: each 8-byte-aligned argument word that is an allocation's
    address (the argument kinds are not known here). Returns how many buffers it marked."""
    marked = 0
    for offset in range(0, len(packed_args) - 7, 8):
        address = int.from_bytes(packed_args[offset: offset + 8], "little")
        try:
            block = memory.block(address)
        except KeyError:
            continue
        words = min(block.nbytes, NOOP_FILL_BYTES) // 8
        block[: words * 8].view(np.uint64)[:] = NOOP_MARK
        marked += 1
    return marked
