"""Backends: the same small runtime surface on CUDA (cupy), HIP (hip-python) and a CPU
emulation used by the tests. Each is imported only when asked for."""
from __future__ import annotations

BACKENDS = ("cuda", "hip", "emulated")


def create_backend(name: str, build_dir=None):
    if name == "cuda":
        from validation.backends.cuda import CudaBackend
        return CudaBackend(build_dir)
    if name == "hip":
        from validation.backends.hip import HipBackend
        return HipBackend(build_dir)
    if name == "emulated":
        from validation.backends.emulated import EmulatedBackend
        return EmulatedBackend()
    raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
