"""A CPU emulation of the runtime surface, for testing the runner without a GPU.

Memory is host bytes behind fake device addresses; a launch unpacks the argument buffer
exactly as a GPU would read it and computes what the kernel computes (the matrix-core
kernel's B is read through the pre-shuffled layout). Events read the host clock.
Faults can be injected per kernel symbol: ``fail`` raises a (fatal) runtime error,
``wrong`` writes a wrong result, ``crash`` ends the process as a GPU fault would.
"""
from __future__ import annotations

import os
import time

import numpy as np

from validation import kernels, preshuffle
from validation.backends.argpack import unpack_args


class EmulatedRuntimeError(RuntimeError):
    pass


class EmulatedBackend:
    name = "emulated"
    vendor = "nvidia"  # emulates the sm_90 build: warp 32, the m16n8k16 B layout
    target = "sm_90"

    def __init__(self, fail=(), wrong=(), crash=()):
        env = os.environ.get
        self.fail = set(fail) | set(filter(None, env("GEMMSIM_EMULATE_FAIL", "").split(",")))
        self.wrong = set(wrong) | set(filter(None, env("GEMMSIM_EMULATE_WRONG", "").split(",")))
        self.crash = set(crash) | set(filter(None, env("GEMMSIM_EMULATE_CRASH", "").split(",")))
        self._memory: dict[int, np.ndarray] = {}
        self._next_address = 1 << 32
        self._events: dict[int, float] = {}

    def device_info(self) -> dict:
        return {"device": "emulated (CPU)", "driver": "none", "runtime": "numpy"}

    def clocks_mhz(self):
        return None, None

    def load_kernels(self, symbols: list[str]) -> dict[str, kernels.LaunchSpec]:
        return {s: kernels.spec_by_symbol(s, self.vendor) for s in symbols}

    def registers_per_thread(self, function) -> int:
        return 0

    def malloc(self, nbytes: int) -> int:
        address = self._next_address
        self._memory[address] = np.zeros(max(nbytes, 1), dtype=np.uint8)
        self._next_address += (max(nbytes, 1) + 255) // 256 * 256 + 256
        return address

    def free(self, ptr: int) -> None:
        del self._memory[ptr]

    def htod(self, ptr: int, host: np.ndarray) -> None:
        self._memory[ptr][: host.nbytes] = np.frombuffer(np.ascontiguousarray(host).tobytes(), np.uint8)

    def dtoh(self, host: np.ndarray, ptr: int) -> None:
        host.reshape(-1).view(np.uint8)[:] = self._memory[ptr][: host.nbytes]

    def memset(self, ptr: int, byte: int, nbytes: int) -> None:
        self._memory[ptr][:nbytes] = byte

    def _view(self, ptr: int, dtype, count: int) -> np.ndarray:
        return self._memory[ptr][: count * np.dtype(dtype).itemsize].view(dtype)

    def launch(self, spec: kernels.LaunchSpec, grid, block, packed_args: bytes) -> None:
        if spec.symbol in self.crash:
            os._exit(77)
        if spec.symbol in self.fail:
            raise EmulatedRuntimeError(f"injected launch failure in {spec.symbol}")
        kinds = ["ptr"] * 3 + ["i32"] * (4 if spec.family == "mma" else 3)
        a_ptr, b_ptr, c_ptr, m, n, k, *rest = unpack_args(packed_args, kinds)
        if spec.family == "mma":
            layout = preshuffle.LAYOUTS[preshuffle.TARGET_LAYOUT[self.target]]
            k_pad, n_pad = rest[0] * layout.mma_k, preshuffle.padded_extent(n, kernels.MMA_N_PADDING)
            a = preshuffle.bf16_bits_to_float64(self._view(a_ptr, np.uint16, m * k)).reshape(m, k)
            shuffled = self._view(b_ptr, np.uint16, k_pad * n_pad)
            b = preshuffle.bf16_bits_to_float64(preshuffle.unshuffle_b(shuffled, layout, k, n, k_pad, n_pad))
            out_dtype = np.float32
        else:
            dtype = np.dtype(kernels.NUMPY_DTYPE[spec.dtype])
            a = self._view(a_ptr, dtype, m * k).reshape(m, k).astype(np.float64)
            b = self._view(b_ptr, dtype, k * n).reshape(k, n).astype(np.float64)
            out_dtype = dtype
        c = a @ b
        if spec.symbol in self.wrong:
            c[0, 0] += 1.0
        self._view(c_ptr, out_dtype, m * n)[:] = c.reshape(-1).astype(out_dtype)

    def event(self) -> int:
        handle = len(self._events) + 1
        self._events[handle] = 0.0
        return handle

    def record(self, event: int) -> None:
        self._events[event] = time.perf_counter()

    def elapsed_ms(self, start: int, stop: int) -> float:
        return max((self._events[stop] - self._events[start]) * 1e3, 1e-6)

    def synchronize(self) -> None:
        pass

    def is_fatal(self, error: BaseException) -> bool:
        return isinstance(error, EmulatedRuntimeError)
