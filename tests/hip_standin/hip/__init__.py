"""A stand-in for hip-python (``from hip import hip, hiprtc``) that runs on any machine.

It has the part of hip-python's surface that validation/backends/hip.py calls, with
hip-python's conventions (every call returns a tuple whose first item is the status enum;
names, argument orders and keyword names as in hip-python's examples and the HIP runtime
API), and executes each launched GEMM's math on numpy through validation/backends/cpu_device.py,
the code the emulated backend runs; any other kernel (a microbenchmark) runs as a no-op that
marks its buffers (cpu_device.mark_pointer_arguments). Put
tests/hip_standin first on PYTHONPATH and the real backend code runs unchanged.

What is fake, and must never be read as a measurement: event times (host clock around
the numpy math), register counts, the device name ends in "(hip stand-in)", ROCm version
"0.0.0-standin", and the tools in tests/hip_standin/bin (amd-smi's clocks, rocprofv3's
counters other than SQ_WAVES).

Environment: HIP_STANDIN_ARCH (gfx942, default, or gfx950), HIP_STANDIN_DISPATCH_LOG (a
file to which every launch appends one JSON line: what the fake rocprofv3 reports).
"""
