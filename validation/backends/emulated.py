"""A CPU emulation of the runtime surface, for testing the runner without a GPU.

Memory and kernel math are validation/backends/cpu_device.py's (shared with the hip-python
stand-in). Events read the host clock.
Faults can be injected per kernel symbol: ``fail`` raises a (fatal) runtime error,
``wrong`` writes a wrong result, ``crash`` ends the process as a GPU fault would.
"""
from __future__ import annotations

import os
import time

import numpy as np

from validation import kernels
from validation.backends.cpu_device import CpuMemory, execute_gemm


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
        self._memory = CpuMemory()
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
        return self._memory.malloc(nbytes)

    def free(self, ptr: int) -> None:
        self._memory.free(ptr)

    def htod(self, ptr: int, host: np.ndarray) -> None:
        self._memory.write(ptr, host)

    def dtoh(self, host: np.ndarray, ptr: int) -> None:
        host.reshape(-1).view(np.uint8)[:] = self._memory.block(ptr)[: host.nbytes]

    def memset(self, ptr: int, byte: int, nbytes: int) -> None:
        self._memory.fill(ptr, byte, nbytes)

    def launch(self, spec: kernels.LaunchSpec, grid, block, packed_args: bytes) -> None:
        if spec.symbol in self.crash:
            os._exit(77)
        if spec.symbol in self.fail:
            raise EmulatedRuntimeError(f"injected launch failure in {spec.symbol}")
        execute_gemm(self._memory, spec, self.target, packed_args, perturb=spec.symbol in self.wrong)

    def hold(self, cycles: int) -> None:
        pass  # a CPU has no queue to fill ahead of the timed launch

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
