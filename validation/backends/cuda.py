"""CUDA backend through cupy's thin runtime and driver bindings.

Only the CUDA runtime/driver calls are used (no cupy array kernels), so compute-sanitizer and
Nsight Compute see our kernels and nothing else. The HIP backend mirrors this file call for
call. Kernels come from nvcc-built cubins (validation/build.py), built on first use.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np

from validation import build
from validation.kernels import source_of
from validation.backends.argpack import CUDA_EXTRA_MARKERS, launch_extra
from validation.backends.hold import HoldsGpu


class CudaBackend(HoldsGpu):
    name = "cuda"
    vendor = "nvidia"
    target = build.NVIDIA_ARCH

    def __init__(self, build_dir: Path | None = None):
        import cupy  # deferred: the package must import without a GPU runtime

        self._rt = cupy.cuda.runtime
        self._drv = cupy.cuda.driver
        self._errors = (cupy.cuda.runtime.CUDARuntimeError, cupy.cuda.driver.CUDADriverError)
        self._rt.setDevice(0)
        self._rt.free(self._rt.malloc(256))  # creates and binds the primary context
        self.build_dir = Path(build_dir or "build")

    # ---- device description -----------------------------------------------------------
    def device_info(self) -> dict:
        props = self._rt.getDeviceProperties(0)
        name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
        smi = _nvidia_smi("name,driver_version")
        return {"device": smi[0] if smi else name, "driver": smi[1] if smi else
                str(self._rt.driverGetVersion()), "runtime": f"cuda {self._rt.runtimeGetVersion()}"}

    def clocks_mhz(self) -> tuple[float | None, float | None]:
        smi = _nvidia_smi("clocks.sm,clocks.mem")
        try:
            return float(smi[0]), float(smi[1])
        except (TypeError, ValueError, IndexError):
            return None, None

    # ---- modules ----------------------------------------------------------------------
    def load_kernels(self, symbols: list[str]) -> dict[str, int]:
        cubins = {name: self.build_dir / f"{name}_{self.target}.cubin" for name in build.SOURCES}
        if not all(p.exists() for p in cubins.values()):
            cubins = build.build_nvidia(self.build_dir)
        modules = {name: self._drv.moduleLoad(str(path)) for name, path in cubins.items()}
        # Look each symbol up in its own module only: a failed lookup is an API error that
        # compute-sanitizer would (rightly) report.
        return {s: self._drv.moduleGetFunction(modules[source_of(s)], s) for s in symbols}

    def load_cubin(self, cubin: Path, symbols: list[str]) -> dict[str, int]:
        module = self._drv.moduleLoad(str(cubin))
        return {s: self._drv.moduleGetFunction(module, s) for s in symbols}

    def load_source(self, source: Path, symbols: list[str]) -> dict[str, int]:
        """Kernels of any HIP source of kernels/ (the microbenchmarks too): BUILD_DIR/<stem>_sm_90.cubin,
        built by nvcc (validation/build.py, ptxas report beside it) when missing."""
        cubin = self.build_dir / f"{Path(source).stem}_{self.target}.cubin"
        if not cubin.exists():
            cubin = build.build_nvidia_source(Path(source), self.build_dir)
        return self.load_cubin(cubin, symbols)

    def compute_units(self) -> int:
        return self._rt.getDeviceProperties(0)["multiProcessorCount"]

    @property
    def wave_size(self) -> int:
        return self._rt.getDeviceProperties(0)["warpSize"]

    def registers_per_thread(self, function: int) -> int:
        return self._drv.funcGetAttribute(4, function)  # CU_FUNC_ATTRIBUTE_NUM_REGS

    def registers_per_cu(self) -> int:
        return self._rt.getDeviceProperties(0)["regsPerMultiprocessor"]

    # ---- memory -----------------------------------------------------------------------
    def malloc(self, nbytes: int) -> int:
        return self._rt.malloc(max(nbytes, 1))

    def free(self, ptr: int) -> None:
        self._rt.free(ptr)

    def htod(self, ptr: int, host: np.ndarray) -> None:
        self._rt.memcpy(ptr, host.ctypes.data, host.nbytes, self._rt.memcpyHostToDevice)

    def dtoh(self, host: np.ndarray, ptr: int) -> None:
        self._rt.memcpy(host.ctypes.data, ptr, host.nbytes, self._rt.memcpyDeviceToHost)

    def memset(self, ptr: int, byte: int, nbytes: int) -> None:
        self._rt.memsetAsync(ptr, byte, nbytes, 0)

    # ---- execution --------------------------------------------------------------------
    def launch(self, function: int, grid: tuple, block: tuple, packed_args: bytes) -> None:
        extra = launch_extra(packed_args, CUDA_EXTRA_MARKERS)
        self._drv.launchKernel(function, *grid, *block, 0, 0, 0, extra.address)

    def event(self) -> int:
        return self._rt.eventCreate()

    def record(self, event: int) -> None:
        self._rt.eventRecord(event, 0)

    def elapsed_ms(self, start: int, stop: int) -> float:
        self._rt.eventSynchronize(stop)
        return self._rt.eventElapsedTime(start, stop)

    def synchronize(self) -> None:
        self._rt.deviceSynchronize()

    def is_fatal(self, error: BaseException) -> bool:
        """A CUDA error may leave the context unusable: the worker restarts."""
        return isinstance(error, self._errors)


def _nvidia_smi(fields: str) -> list[str] | None:
    try:
        out = subprocess.run(["nvidia-smi", f"--query-gpu={fields}", "--format=csv,noheader,nounits",
                              "-i", "0"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0 or not out.stdout.strip():
        return None
    return [f.strip() for f in out.stdout.strip().splitlines()[0].split(",")]
