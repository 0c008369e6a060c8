"""Stand-in for ``hip.hip`` (the HIP runtime API in hip-python): see the package docstring."""
from __future__ import annotations

import ctypes
import enum
import json
import os
import time

from validation import kernels
from validation.backends.cpu_device import CpuMemory, execute_gemm, mark_pointer_arguments

ARCH = os.environ.get("HIP_STANDIN_ARCH", "gfx942")
PRODUCT = {"gfx942": "AMD Instinct MI300X", "gfx950": "AMD Instinct MI355X"}
# hip_runtime_api.h: HIP_LAUNCH_PARAM_BUFFER_POINTER, _BUFFER_SIZE, _END
LAUNCH_PARAM_BUFFER_POINTER, LAUNCH_PARAM_BUFFER_SIZE, LAUNCH_PARAM_END = 1, 2, 3
EM_AMDGPU = 224  # the ELF machine number of an AMDGPU code object
HIP_VERSION = 60342134  # what hipRuntimeGetVersion returns on ROCm 6.3 (major*1e7 + minor*1e5 + patch)
FAKE_REGISTERS = 32


class hipError_t(enum.IntEnum):
    hipSuccess = 0
    hipErrorInvalidValue = 1
    hipErrorInvalidDevicePointer = 17
    hipErrorInvalidImage = 200
    hipErrorNoBinaryForGpu = 209
    hipErrorInvalidConfiguration = 9
    hipErrorNotFound = 500
    hipErrorLaunchFailure = 719


class hipMemcpyKind(enum.IntEnum):
    hipMemcpyHostToHost = 0
    hipMemcpyHostToDevice = 1
    hipMemcpyDeviceToHost = 2
    hipMemcpyDeviceToDevice = 3


class hipFunction_attribute(enum.IntEnum):
    HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0
    HIP_FUNC_ATTRIBUTE_NUM_REGS = 4


_ok = (hipError_t.hipSuccess,)


class Pointer:
    """hip-python returns device pointers as objects that ``int()`` turns into the address."""

    def __init__(self, address: int):
        self._address = address

    def __int__(self) -> int:
        return self._address

    def __repr__(self) -> str:
        return f"<Pointer {self._address:#x}>"


class hipDeviceProp_t:
    def __init__(self):
        self.name = b""
        self.gcnArchName = b""
        self.warpSize = 0
        self.multiProcessorCount = 0
        self.regsPerMultiprocessor = 0


class _Module:
    def __init__(self, symbols: set[str], image: bytes = b""):
        self.symbols, self.image = symbols, image

    def has(self, symbol: str) -> bool:
        """Named in the stand-in's image, or in the code object's string table."""
        return symbol in self.symbols or (symbol.encode() + b"\0") in self.image


class _Function:
    """A GEMM of kernels/ (spec: its math is executed), or another kernel (a microbenchmark:
    run as a no-op, see cpu_device.mark_pointer_arguments)."""

    def __init__(self, symbol: str, spec: kernels.LaunchSpec | None):
        self.symbol, self.spec = symbol, spec


class _Event:
    def __init__(self):
        self.ns: int | None = None


_memory = CpuMemory()


def hipSetDevice(device: int):
    return _ok if device == 0 else (hipError_t.hipErrorInvalidValue,)


def hipGetDeviceProperties(props: hipDeviceProp_t, device: int):
    if device != 0:
        return (hipError_t.hipErrorInvalidValue,)
    props.name = f"{PRODUCT.get(ARCH, 'AMD GPU')} (hip stand-in)".encode()
    props.gcnArchName = f"{ARCH}:sramecc+:xnack-".encode()
    props.warpSize = 64
    props.multiProcessorCount = 304 if ARCH == "gfx942" else 256
    props.regsPerMultiprocessor = 131072   # 512 VGPRs x 64 lanes x 4 SIMDs
    return _ok


def hipDriverGetVersion():
    return (hipError_t.hipSuccess, HIP_VERSION)


def hipRuntimeGetVersion():
    return (hipError_t.hipSuccess, HIP_VERSION)


# ---- modules ---------------------------------------------------------------------------------
def _is_amdgpu_code_object(image: bytes) -> bool:
    return image[:4] == b"\x7fELF" and int.from_bytes(image[18:20], "little") == EM_AMDGPU


def hipModuleLoadData(image):
    image = bytes(image)
    if image.startswith(b"HIPRTC-STANDIN\0"):  # what the stand-in's hiprtc makes without clang-22
        arch, symbols = image.split(b"\0")[1:3]
        if arch.decode() != ARCH:
            return (hipError_t.hipErrorNoBinaryForGpu, None)
        return (hipError_t.hipSuccess, _Module(set(symbols.decode().split(","))))
    if not _is_amdgpu_code_object(image):  # an offload bundle too: the stand-in reads plain code objects
        return (hipError_t.hipErrorInvalidImage, None)
    if f"amdgcn-amd-amdhsa--{ARCH}".encode() not in image:
        return (hipError_t.hipErrorNoBinaryForGpu, None)  # built for another arch
    return (hipError_t.hipSuccess, _Module(set(), image))


def hipModuleGetFunction(module: _Module, name: bytes):
    symbol = name.decode() if isinstance(name, bytes) else str(name)
    if not module.has(symbol):
        return (hipError_t.hipErrorNotFound, None)
    gemm = symbol in {s.symbol for s in kernels.all_specs("amd")}
    return (hipError_t.hipSuccess, _Function(symbol, kernels.spec_by_symbol(symbol, "amd") if gemm else None))


def hipFuncGetAttribute(attrib, function: _Function):
    if attrib == hipFunction_attribute.HIP_FUNC_ATTRIBUTE_NUM_REGS:
        return (hipError_t.hipSuccess, FAKE_REGISTERS)
    if attrib == hipFunction_attribute.HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
        return (hipError_t.hipSuccess, 1024)
    return (hipError_t.hipErrorInvalidValue, None)


# ---- memory ----------------------------------------------------------------------------------
def hipMalloc(size: int):
    return (hipError_t.hipSuccess, Pointer(_memory.malloc(size)))


def hipFree(ptr):
    try:
        _memory.free(int(ptr))
    except KeyError:
        return (hipError_t.hipErrorInvalidDevicePointer,)
    return _ok


def hipMemcpy(dst, src, sizeBytes: int, kind):
    try:
        if kind == hipMemcpyKind.hipMemcpyHostToDevice:
            _memory.write(int(dst), ctypes.string_at(int(src), sizeBytes))
        elif kind == hipMemcpyKind.hipMemcpyDeviceToHost:
            ctypes.memmove(int(dst), _memory.read(int(src), sizeBytes), sizeBytes)
        else:
            return (hipError_t.hipErrorInvalidValue,)
    except KeyError:
        return (hipError_t.hipErrorInvalidDevicePointer,)
    return _ok


def hipMemsetAsync(dst, value: int, sizeBytes: int, stream=None):
    try:
        _memory.fill(int(dst), value, sizeBytes)
    except KeyError:
        return (hipError_t.hipErrorInvalidDevicePointer,)
    return _ok


# ---- execution -------------------------------------------------------------------------------
def _read_extra(extra) -> bytes | None:
    """The argument buffer behind ``extra``: void*[5] = {BUFFER_POINTER, &buf, BUFFER_SIZE,
    &size, END} at the address hip-python was given."""
    words = (ctypes.c_void_p * 5).from_address(int(extra))
    markers = (words[0], words[2], words[4])
    if markers != (LAUNCH_PARAM_BUFFER_POINTER, LAUNCH_PARAM_BUFFER_SIZE, LAUNCH_PARAM_END):
        return None
    size = ctypes.c_size_t.from_address(words[3]).value
    return ctypes.string_at(words[1], size)


def hipModuleLaunchKernel(f: _Function, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
                          sharedMemBytes=0, stream=None, kernelParams=None, extra=None):
    if kernelParams is not None or extra is None:
        return (hipError_t.hipErrorInvalidValue,)  # the runner passes its arguments through extra
    packed = _read_extra(extra)
    if packed is None:
        return (hipError_t.hipErrorInvalidValue,)
    block = (blockDimX, blockDimY, blockDimZ)
    if f.spec is not None and block != f.spec.block:
        return (hipError_t.hipErrorInvalidConfiguration,)
    start = time.perf_counter_ns()
    try:
        if f.spec is not None:
            execute_gemm(_memory, f.spec, ARCH, packed)
        else:
            mark_pointer_arguments(_memory, packed)
    except KeyError:
        return (hipError_t.hipErrorLaunchFailure,)  # an argument that is no allocation's address
    _log_dispatch(f.symbol, (gridDimX, gridDimY, gridDimZ), block, start, time.perf_counter_ns())
    return _ok


def _log_dispatch(symbol: str, grid: tuple, block: tuple, start_ns: int, end_ns: int) -> None:
    path = os.environ.get("HIP_STANDIN_DISPATCH_LOG")
    if path:
        with open(path, "a") as log:
            log.write(json.dumps({"kernel": symbol, "grid": list(grid), "block": list(block),
                                  "start_ns": start_ns, "end_ns": end_ns}) + "\n")


def hipEventCreate():
    return (hipError_t.hipSuccess, _Event())


def hipEventRecord(event: _Event, stream=None):
    event.ns = time.perf_counter_ns()
    return _ok


def hipEventSynchronize(event: _Event):
    return _ok if event.ns is not None else (hipError_t.hipErrorInvalidValue,)


def hipEventElapsedTime(start: _Event, stop: _Event):
    if start.ns is None or stop.ns is None:
        return (hipError_t.hipErrorInvalidValue, None)
    return (hipError_t.hipSuccess, max(stop.ns - start.ns, 1) / 1e6)


def hipDeviceSynchronize():
    return _ok
