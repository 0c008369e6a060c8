"""The FlyDSL-style preshuffle GEMM: static analysis, the swizzle, the generator."""
