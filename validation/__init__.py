"""Real-kernel validation: build the kernels of ``kernels/``, run them on a GPU, record CSV.

Nothing here imports a GPU runtime at import time: the CUDA (cupy) and HIP (hip-python)
backends are imported only when a backend is created, so the pure parts (suites,
statistics, pre-shuffle, CSV schema, build commands) run and are tested anywhere.
"""
