"""HIP backend through hip-python: the CUDA backend's calls under their HIP names.

Differences from cuda.py are only where HIP differs: the kernels are code objects built for
the device's gfx arch, loaded from BUILD_DIR/<source>_<gfxNNN>.hsaco when the build step
made them (clang-22 or hipcc, validation/build.py), else compiled at run time by hiprtc (the
same sources, includes inlined); the ``extra`` end marker is HIP's; every row records the
ROCm and driver versions and the SCLK/MCLK amd-smi (else rocm-smi) read while the point ran
(validation/backends/amd_smi.py). It needs ROCm (libamdhip64, libhiprtc) and an AMD GPU; on
other machines it runs against the stand-in for hip-python in tests/hip_standin (put that
folder first on PYTHONPATH), which executes the kernels' math on numpy.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from validation import build
from validation.kernels import source_of
from validation.backends import amd_smi
from validation.backends.argpack import HIP_EXTRA_MARKERS, launch_extra
from validation.backends.hold import HoldsGpu


class HipError(RuntimeError):
    pass


def base_arch(gcn_arch_name: str) -> str:
    """'gfx942:sramecc+:xnack-' -> 'gfx942'."""
    return gcn_arch_name.split(":", 1)[0].strip()


class HipBackend(HoldsGpu):
    name = "hip"
    vendor = "amd"

    def __init__(self, build_dir: Path | None = None, sample_clocks: bool | None = None):
        from hip import hip, hiprtc  # deferred: needs ROCm at first call

        self._hip, self._rtc = hip, hiprtc
        self.build_dir = Path(build_dir or "build")
        self._check(hip.hipSetDevice(0))
        props = hip.hipDeviceProp_t()
        self._check(hip.hipGetDeviceProperties(props, 0))
        self._props = props
        arch = props.gcnArchName
        self.target = base_arch(arch.decode() if isinstance(arch, bytes) else str(arch))
        self.loaded_from: dict[str, str] = {}  # source name -> the code object file, or "hiprtc"
        # GEMMSIM_AMD_CLOCKS=off: no amd-smi at all (under rocprofv3, which would trace it too)
        self._clocks_off = os.environ.get("GEMMSIM_AMD_CLOCKS") == "off"
        if sample_clocks is None:
            sample_clocks = not self._clocks_off
        self._clocks = amd_smi.ClockSampler() if sample_clocks else None

    def _check(self, result):
        """hip-python returns (status, *values); raise on a failed status, return the values."""
        status, values = (result[0], result[1:]) if isinstance(result, tuple) else (result, ())
        ok_codes = (self._hip.hipError_t.hipSuccess, self._rtc.hiprtcResult.HIPRTC_SUCCESS)
        if status not in ok_codes:
            raise HipError(getattr(status, "name", str(status)))
        return values[0] if len(values) == 1 else values

    # ---- device description -----------------------------------------------------------
    def device_info(self) -> dict:
        name = self._props.name
        name = name.decode() if isinstance(name, bytes) else str(name)
        hip_driver = self._check(self._hip.hipDriverGetVersion())
        runtime = self._check(self._hip.hipRuntimeGetVersion())
        driver = amd_smi.driver_version()
        rocm = amd_smi.rocm_version() or "unknown"
        return {"device": f"{name} ({self.target})",
                "driver": f"amdgpu {driver} (hip driver {hip_driver})" if driver else f"hip driver {hip_driver}",
                "runtime": f"rocm {rocm}, hip {runtime}"}

    def clocks_mhz(self) -> tuple[float | None, float | None]:
        """(SCLK, MCLK): the highest SCLK read since the last call, i.e. while the point ran."""
        if self._clocks_off:
            return None, None
        return self._clocks.take() if self._clocks else amd_smi.read_clocks()

    def close(self) -> None:
        if self._clocks:
            self._clocks.stop()

    # ---- modules ----------------------------------------------------------------------
    def load_kernels(self, symbols: list[str]) -> dict[str, object]:
        needed = {source_of(s) for s in symbols}
        modules = {name: self._load(name) for name in needed}
        return {s: self._check(self._hip.hipModuleGetFunction(modules[source_of(s)], s.encode()))
                for s in symbols}

    def _load(self, name: str, source: Path | None = None) -> object:
        """The pre-built code object for this arch if the build step made one, else hiprtc."""
        prebuilt = build.amd_code_object_path(self.build_dir, name, self.target)
        if prebuilt.is_file():
            self.loaded_from[name] = str(prebuilt)
            return self._check(self._hip.hipModuleLoadData(prebuilt.read_bytes()))
        self.loaded_from[name] = "hiprtc"
        return self._compile(name, source or build.SOURCES[name])

    def _compile(self, name: str, source) -> object:
        rtc = self._rtc
        text = build.inline_local_includes(source).encode()
        program = self._check(rtc.hiprtcCreateProgram(text, name.encode(), 0, [], []))
        options = [o.encode() for o in build.hiprtc_options(self.target)]
        status = rtc.hiprtcCompileProgram(program, len(options), options)
        status = status[0] if isinstance(status, tuple) else status
        if status != rtc.hiprtcResult.HIPRTC_SUCCESS:
            log = bytearray(self._check(rtc.hiprtcGetProgramLogSize(program)))
            rtc.hiprtcGetProgramLog(program, log)
            raise HipError(f"hiprtc failed on {name}: {log.decode(errors='replace')}")
        code = bytearray(self._check(rtc.hiprtcGetCodeSize(program)))
        self._check(rtc.hiprtcGetCode(program, code))
        return self._check(self._hip.hipModuleLoadData(code))

    def load_source(self, source: Path, symbols: list[str]) -> dict[str, object]:
        """Kernels of any HIP source of kernels/ (the microbenchmarks too), loaded as load_kernels
        loads the GEMMs: BUILD_DIR/<stem>_<arch>.hsaco if the build made it, else hiprtc."""
        module = self._load(Path(source).stem, Path(source))
        return {s: self._check(self._hip.hipModuleGetFunction(module, s.encode())) for s in symbols}

    def compute_units(self) -> int:
        return self._props.multiProcessorCount

    @property
    def wave_size(self) -> int:
        return self._props.warpSize

    def registers_per_cu(self) -> int:
        return self._props.regsPerMultiprocessor

    def registers_per_thread(self, function) -> int:
        attr = self._hip.hipFunction_attribute.HIP_FUNC_ATTRIBUTE_NUM_REGS
        return self._check(self._hip.hipFuncGetAttribute(attr, function))

    # ---- memory -----------------------------------------------------------------------
    def malloc(self, nbytes: int):
        return self._check(self._hip.hipMalloc(max(nbytes, 1)))

    def free(self, ptr) -> None:
        self._check(self._hip.hipFree(ptr))

    def htod(self, ptr, host: np.ndarray) -> None:
        kind = self._hip.hipMemcpyKind.hipMemcpyHostToDevice
        self._check(self._hip.hipMemcpy(ptr, host.ctypes.data, host.nbytes, kind))

    def dtoh(self, host: np.ndarray, ptr) -> None:
        kind = self._hip.hipMemcpyKind.hipMemcpyDeviceToHost
        self._check(self._hip.hipMemcpy(host.ctypes.data, ptr, host.nbytes, kind))

    def memset(self, ptr, byte: int, nbytes: int) -> None:
        self._check(self._hip.hipMemsetAsync(ptr, byte, nbytes, None))

    # ---- execution --------------------------------------------------------------------
    def launch(self, function, grid: tuple, block: tuple, packed_args: bytes) -> None:
        extra = launch_extra(packed_args, HIP_EXTRA_MARKERS)
        self._check(self._hip.hipModuleLaunchKernel(function, *grid, *block, sharedMemBytes=0,
                                                    stream=None, kernelParams=None,
                                                    extra=extra.address))

    def event(self):
        return self._check(self._hip.hipEventCreate())

    def record(self, event) -> None:
        self._check(self._hip.hipEventRecord(event, None))

    def elapsed_ms(self, start, stop) -> float:
        self._check(self._hip.hipEventSynchronize(stop))
        return self._check(self._hip.hipEventElapsedTime(start, stop))

    def synchronize(self) -> None:
        self._check(self._hip.hipDeviceSynchronize())

    def is_fatal(self, error: BaseException) -> bool:
        return isinstance(error, HipError)



def describe_device() -> str:
    """'gfx942 AMD Instinct MI300X': device 0's arch and name as hip-python reports them (the
    session script's build target and GPU description)."""
    backend = HipBackend(sample_clocks=False)
    name = backend._props.name
    return f"{backend.target} {name.decode() if isinstance(name, bytes) else name}"


if __name__ == "__main__":
    print(describe_device())
