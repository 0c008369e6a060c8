"""The largest inputs gemmsim accepts, stated up front with the reason for each value.

A limit is not a rule of the hardware (those live in the GPU description) but of the simulator:
what it can do in reasonable time and memory on a laptop-class machine. Inputs are checked where
they enter (make_problem, make_config, the CLI's flags), so a request beyond a limit is one line
naming the value and the limit before any work starts, never minutes of work or a MemoryError.
The figures quoted were measured on the project's 2-core machine.
"""

from __future__ import annotations

from gemmsim.errors import ConfigError

# One GEMM dimension (M, N or K). Real workloads stay far below (a 1M-token batch is 2^20, the
# largest vocabularies about 2^18); 2^24 keeps M*N*K and every byte count exact in a float64.
MAX_DIM = 2 ** 24

# Workgroups of one kernel launch (the grid, batch entries and K splits included). The GPU-level traffic
# walk (model/traffic.py) visits each round once, a slice of the ids (~0.2 µs a workgroup), and walks
# identical layers of a batch once where they repeat in whole rounds; its memory is a few arrays per
# round and per tile, not per workgroup. What the limit guards is time: at 2^24 one prediction takes
# 4-10 s on the project's 2-core machine, shared (262144x65536x1024 int8, tile 16x64x256, on MI300X:
# 5.6-9.9 s; 128x16384x8192x1024: 3.6-7.8 s) and a `tune` of that batch 33-56 s, the more at the
# higher load (benchmarks/bench_any_grid.py). The batch from aiter's tuned configurations that issue 38
# quotes (16x16384x8192x1024 int8: 2^21 at tile 16x64x256) answers; 2^26 would take four times as long. (It was 2^20 when the walk revisited the grid once per round: 2^22 took 430 s.)
MAX_WORKGROUPS = 2 ** 24

# Lines of one assembly file (gemmsim isa, predict --isa). A compiled GEMM kernel is a few thousand
# lines (the committed corpus: 1 500-6 300; a FlyDSL dump of one kernel about 5 000); the parser and
# the lane walk take ~0.3 ms and ~6 kB per line, so a million lines took over 300 s and 6.4 GB.
MAX_ASM_LINES = 100_000

# Work-items of one workgroup: the largest workgroup HIP and CUDA launch. Beyond it the CU replay
# would simulate waves no GPU runs (100 000 work-items are ~1 600 waves and minutes of replay).
MAX_WORKGROUP_ITEMS = 1024

# A hot loop's trip count: a K loop cannot iterate more often than K has elements.
MAX_TRIP_COUNT = MAX_DIM

# Sequences of a batch (shapes): batch x sequence length is the M of the linear layers, so the
# product is held to MAX_DIM as well.
MAX_BATCH = 2 ** 16

# Generated tokens (shapes --decode-steps): each step adds its attention GEMMs to the list (~80 µs
# and ~3.5 KB a step), so 2^17 steps, the longest context of current models, take ~11 s and ~0.5 GB.
MAX_DECODE_STEPS = 2 ** 17

# `verify` keeps A and B as float64 values beside their encoded bytes and C, the reference and the
# tolerance as float64 (about 40 B per input element and 48 B per output element, measured; 4096^3
# fp8 peaked at 1.4 GB), and the whole verify (inputs, lane-by-lane replay, reference) does about
# 6 x 10^8 multiply-adds a second with the numpy replay (bf16 2048^3: 15 s; fp8 4096^3: 102 s) and
# 2-4 x 10^9 with numba's compiled one (fp8 4096^3: 17.5 s), measured on the 2-core machine while
# other work shared it.
VERIFY_BYTES_PER_INPUT_ELEMENT = 40
VERIFY_BYTES_PER_OUTPUT_ELEMENT = 48
VERIFY_MACS_PER_SECOND = 5e8       # the slower end (bf16, numpy), so the estimate errs long
VERIFY_MAX_BYTES = 4 * 2 ** 30     # 4 GiB
VERIFY_MAX_SECONDS = 300.0


def summary() -> str:
    """The limits in one sentence, for --help."""
    return (f"limits: each of M, N, K <= {MAX_DIM} (2^24), at most {MAX_WORKGROUPS} "
            f"(2^{MAX_WORKGROUPS.bit_length() - 1}) workgroups in the grid")


def check_dims(what: str, dims: dict[str, int]) -> None:
    """Each dimension of a shape or tile at most MAX_DIM."""
    for name, d in dims.items():
        if d > MAX_DIM:
            raise ConfigError(f"{what}: {name}={d} exceeds the limit {MAX_DIM} (2^24) of one GEMM dimension")


def check_grid(grid_m: int, grid_n: int, tile: str = "", layers: int = 1) -> None:
    """At most MAX_WORKGROUPS workgroups: grid_m x grid_n, times `layers` (batch entries x K splits)."""
    blocks = grid_m * grid_n * layers
    if blocks > MAX_WORKGROUPS:
        on = f" with tile {tile}" if tile else ""
        z = f" x {layers} (batch x split)" if layers > 1 else ""
        raise ConfigError(f"the grid{on} has {grid_m} x {grid_n}{z} = {blocks} workgroups, over the limit "
                          f"{MAX_WORKGROUPS} (2^{MAX_WORKGROUPS.bit_length() - 1}) the simulator walks in "
                          f"reasonable time: use a larger tile or a smaller shape")


def check_count(what: str, value: int, limit: int, why: str, minimum: int = 1) -> None:
    """An integer count in [minimum, limit]."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ConfigError(f"{what} {value!r}: must be an integer >= {minimum}")
    if value > limit:
        raise ConfigError(f"{what} {value} exceeds the limit {limit} ({why})")


def verify_cost(m: int, n: int, k: int) -> tuple[float, float]:
    """(bytes, seconds) that `verify` of an M x N x K GEMM needs, estimated before it starts."""
    memory = VERIFY_BYTES_PER_INPUT_ELEMENT * (m + n) * k + VERIFY_BYTES_PER_OUTPUT_ELEMENT * m * n
    return float(memory), m * n * k / VERIFY_MACS_PER_SECOND


def check_verify(m: int, n: int, k: int) -> None:
    memory, seconds = verify_cost(m, n, k)
    if memory > VERIFY_MAX_BYTES or seconds > VERIFY_MAX_SECONDS:
        raise ConfigError(f"verify {m}x{n}x{k} would need about {_bytes(memory)} of memory and {_duration(seconds)} "
                          f"(limits {_bytes(VERIFY_MAX_BYTES)}, {_duration(VERIFY_MAX_SECONDS)}): verify a smaller "
                          f"shape; the kernel's code is the same for any multiple of its tile")


def _bytes(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if n < 1024 or unit == "EiB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{n:.0f} B"
        n /= 1024
    return f"{n:.1f} EiB"


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"


def check_asm_lines(filename: str, lines: int) -> None:
    if lines > MAX_ASM_LINES:
        raise ConfigError(f"{filename}: {lines} lines, over the limit {MAX_ASM_LINES} of one assembly file "
                          f"(a compiled GEMM kernel is a few thousand): give the file of the one kernel")
