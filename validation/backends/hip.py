"""HIP backend through hip-python: the CUDA backend's calls under their HIP names.

Differences from cuda.py are only where HIP differs: the kernels are compiled at run time
by hiprtc for the device's gfx arch (from the same sources, includes inlined), the
``extra`` end marker is HIP's, and clocks come from amd-smi/rocm-smi. It needs ROCm
(libamdhip64, libhiprtc) and an AMD GPU, so it cannot run on the NVIDIA machine; the pure
parts it uses (hiprtc options, include inlining, argument packing, the gfx arch's B
layout) are tested without a GPU.
"""
from __future__ import annotations

import subprocess

import numpy as np

from validation import build
from validation.kernels import source_of
from validation.backends.argpack import HIP_EXTRA_MARKERS, launch_extra


class HipError(RuntimeError):
    pass


def base_arch(gcn_arch_name: str) -> str:
    """'gfx942:sramecc+:xnack-' -> 'gfx942'."""
    return gcn_arch_name.split(":", 1)[0].strip()


class HipBackend:
    name = "hip"
    vendor = "amd"

    def __init__(self):
        from hip import hip, hiprtc  # deferred: needs ROCm at first call

        self._hip, self._rtc = hip, hiprtc
        self._check(hip.hipSetDevice(0))
        props = hip.hipDeviceProp_t()
        self._check(hip.hipGetDeviceProperties(props, 0))
        self._props = props
        arch = props.gcnArchName
        self.target = base_arch(arch.decode() if isinstance(arch, bytes) else str(arch))

    def _check(self, result):
        """hip-python returns (status, *values); raise on a failed status, return the values."""
        status, values = (result[0], result[1:]) if isinstance(result, tuple) else (result, ())
        ok_codes = (self._hip.hipError_t.hipSuccess, self._rtc.hiprtcResult.HIPRTC_SUCCESS)
        if status not in ok_codes:
            raise HipError(str(status))
        return values[0] if len(values) == 1 else values

    # ---- device description -----------------------------------------------------------
    def device_info(self) -> dict:
        name = self._props.name
        name = name.decode() if isinstance(name, bytes) else str(name)
        driver = self._check(self._hip.hipDriverGetVersion())
        runtime = self._check(self._hip.hipRuntimeGetVersion())
        return {"device": f"{name} ({self.target})", "driver": str(driver), "runtime": f"hip {runtime}"}

    def clocks_mhz(self) -> tuple[float | None, float | None]:
        try:
            out = subprocess.run(["rocm-smi", "--showclocks", "--csv"], capture_output=True,
                                 text=True, timeout=20).stdout
        except (OSError, subprocess.TimeoutExpired):
            return None, None
        return _parse_rocm_smi_clocks(out)

    # ---- modules ----------------------------------------------------------------------
    def load_kernels(self, symbols: list[str]) -> dict[str, object]:
        needed = {source_of(s) for s in symbols}
        modules = {name: self._compile(name, build.SOURCES[name]) for name in needed}
        return {s: self._check(self._hip.hipModuleGetFunction(modules[source_of(s)], s.encode()))
                for s in symbols}

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


def _parse_rocm_smi_clocks(csv_text: str) -> tuple[float | None, float | None]:
    """rocm-smi --showclocks --csv: take card 0's sclk and mclk, e.g. '(2100Mhz)'."""
    import re

    lines = [ln for ln in csv_text.splitlines() if ln.strip()]
    if len(lines) < 2:
        return None, None
    header = [h.strip().lower() for h in lines[0].split(",")]
    row = lines[1].split(",")

    def mhz(column: str) -> float | None:
        for i, h in enumerate(header):
            if h.startswith(column) and i < len(row):
                m = re.search(r"(\d+(?:\.\d+)?)\s*mhz", row[i], re.IGNORECASE)
                if m:
                    return float(m.group(1))
        return None

    return mhz("sclk"), mhz("mclk")
