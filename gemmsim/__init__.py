"""gemmsim: a cycle-approximate simulator of tiled GPU GEMM kernels on AMD Instinct GPUs."""

__version__ = "0.1.0"
