"""Choosing the kernel: the candidate space of the preshuffle GEMM, a search that replays only the
candidates that can still win, and a cache of the answers keyed by what they depend on."""
