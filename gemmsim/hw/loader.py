"""Read and validate a GPU description file (see the header of mi300x.toml for the format).

A name (`--gpu h200`) is a shipped description (gemmsim/hw/NAME.toml), else one of the user's
(user_gpu_dir(): what `gemmsim calibrate --write` writes); a name both have is refused, so that
neither silently stands for the other. Every number is checked against its domain (DOMAINS),
which bounds it on both sides: a value no real GPU can have is refused in one line, before it
overflows the model's arithmetic."""

from __future__ import annotations

import hashlib
import math
import os
import tomllib
from dataclasses import MISSING, Field, dataclass, field, fields
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Callable, ClassVar, Mapping, get_args, get_origin, get_type_hints

from gemmsim.caches import KeptDict
from gemmsim.dtypes import DTYPES
from gemmsim.errors import HardwareFileError
from gemmsim.files import read_text
from gemmsim.hw.matrix_opcode import is_matrix_mnemonic, operand_format_dtypes, parse_matrix_opcode

HW_DIR = Path(__file__).parent
USER_DIR_ENV = "GEMMSIM_GPU_DIR"     # the user's descriptions (user_gpu_dir), searched after HW_DIR
KINDS = ("spec", "microbenchmark", "calibrated", "assumed", "derived")


@dataclass(frozen=True)
class Domain:
    """The values a key may take: `rule` is what an error message says, `holds` decides it."""

    rule: str
    holds: Callable[[float], bool]


def positive(limit: float, unit: str, why: str) -> Domain:
    """A positive finite number up to `limit` (a bound no real GPU reaches, said in `why`): a value
    beyond it is a typo or a unit error, and past ~1e300 it overflows the model's arithmetic."""
    return Domain(f"must be a positive finite number, at most {unit} ({why})",
                  lambda v: math.isfinite(v) and 0 < v <= limit)


def between(least: float, limit: float, span: str, why: str) -> Domain:
    """A finite number in [least, limit]: for quantities that a value near 0 makes infinite (a
    time divided by a clock or a bandwidth), bounded below as well."""
    return Domain(f"must be a finite number from {span} ({why})", lambda v: math.isfinite(v) and least <= v <= limit)


def non_negative(limit: float, unit: str, why: str) -> Domain:
    return Domain(f"must be a finite number >= 0, at most {unit} ({why})",
                  lambda v: math.isfinite(v) and 0 <= v <= limit)


# The bounds, each with its reason. They are far beyond every real GPU (so no description is
# refused for being fast) and far below what overflows a float or an integer conversion.
MIN_CLOCK_MHZ = 1               # 1 MHz: GPU clocks are 1-3 GHz, idle ones ~100 MHz
MAX_CLOCK_MHZ = 10_000          # 10 GHz
MAX_CYCLES = 10 ** 6            # a million cycles: the slowest memory access is a few thousand
MAX_NS = 10 ** 6                # a millisecond: the slowest memory access is about a microsecond
MAX_US = 10 ** 6                # a second, for a per-launch overhead of a few microseconds
MAX_BYTES = 2 ** 50             # 1 PiB: the largest GPU memories are a few hundred GiB
MIN_BYTES_PER_S = 1e6           # 1 MB/s
MAX_BYTES_PER_S = 1e16          # 10 PB/s: the fastest HBM and caches move tens of TB/s
MAX_PER_CLOCK = 2 ** 24         # FLOPs or bytes per clock of one CU or XCD: the largest are ~10^4
MAX_REGISTERS = 2 ** 16         # registers or wait-counter values: hundreds at most
MIN_CLOCK_FACTOR, MAX_CLOCK_FACTOR = 0.01, 10     # a fitted factor on the clock: about 1

CLOCK_MHZ = between(MIN_CLOCK_MHZ, MAX_CLOCK_MHZ, "1 to 10000 MHz", "no GPU clock is below 1 MHz or above 10 GHz")
CYCLES = positive(MAX_CYCLES, "10^6 cycles", "a million cycles, beyond any GPU's latency")
CYCLES_OR_0 = non_negative(MAX_CYCLES, "10^6 cycles", "a million cycles, beyond any GPU's latency")
NS = positive(MAX_NS, "10^6 ns", "a millisecond, beyond any GPU's memory latency")
NS_OR_0 = non_negative(MAX_NS, "10^6 ns", "a millisecond, beyond any GPU's memory latency")
US_OR_0 = non_negative(MAX_US, "10^6 us", "a second, beyond any kernel launch")
BYTES = positive(MAX_BYTES, "2^50 bytes", "1 PiB, beyond any GPU's memory")
BYTES_OR_0 = non_negative(MAX_BYTES, "2^50 bytes", "1 PiB, beyond any GPU's memory")
BYTES_PER_S = between(MIN_BYTES_PER_S, MAX_BYTES_PER_S, "1e6 to 1e16 bytes/s",
                      "1 MB/s to 10 PB/s, beyond any GPU's bandwidth either way")
PER_CLOCK = positive(MAX_PER_CLOCK, "2^24 per clock", "beyond any GPU's rate per CU or XCD")
REGISTERS = positive(MAX_REGISTERS, "65536", "beyond any GPU's register file or wait counter")
REGISTERS_OR_0 = non_negative(MAX_REGISTERS, "65536", "beyond any GPU's register file or queue")
CLOCK_FACTOR = between(MIN_CLOCK_FACTOR, MAX_CLOCK_FACTOR, "0.01 to 10", "a fitted factor on the clock, about 1")
# Counts of units the model keeps per unit (CUs, XCDs, SIMDs, wave slots, banks): the largest GPUs
# have a few hundred CUs, so 2^16 is far beyond any, and keeps the per-unit arrays and loops small.
COUNT = Domain("must be an integer in 1..65536", lambda v: 1 <= v <= 2 ** 16)
FRACTION = Domain("must be a fraction in (0, 1]", lambda v: 0 < v <= 1)
WAVE_SIZES = Domain("must be 32 or 64 (the wave sizes of the GPUs the model knows)", lambda v: v in (32, 64))
# A [[matrix]] entry's shape and cycles (checked with the entry): the largest matrix instruction
# tiles are 64 x 256 x 16 (wgmma) and 16 x 16 x 128 (fp4 MFMA).
MAX_MATRIX_DIM = 1024

# Every number of a description is declared once, on its dataclass field below: `hw(DOMAIN)` for a
# required key, `hw(DOMAIN, default=V)` for one a file may leave out. DOMAINS, the optional keys and
# the types each value is read as are derived from those fields (after the dataclasses). int/float
# come from the field's type (an int key refuses 1.5); nan and inf break every rule. Relations
# between keys (a cache is whole lines, XCDs split the CUs evenly, ...) are RELATIONS, checked
# after the values.


def hw(domain: Domain, *, default=MISSING, absent=MISSING, same_as: str | None = None, each: bool = False,
       group: str | None = None):
    """A hardware key of its dataclass's section (the class's SECTION), in `domain`. Optional when
    given `default` (a file without it gets that value, the field's default) or `absent` (the same,
    for a field that can have no default); `same_as`: absent from a file, it takes that key's value.
    `each`: a table of dtype -> number, each in `domain`. `group`: a name for a set of optional keys
    (OPTIONAL_MEMORY_KEYS, ...)."""
    if absent is MISSING:
        absent = default
    meta = {"domain": domain, "optional": absent is not MISSING, "absent": absent, "same_as": same_as,
            "each": each, "group": group}
    return field(default=default, metadata=MappingProxyType(meta))


def _multiple(a: str, b: str):
    return (a, b), f"{a} must be a whole number of {b}", lambda g: g[a] % g[b] == 0


def _at_most(a: str, b: str):
    return (a, b), f"{a} must not exceed {b}", lambda g: g[a] <= g[b]


# Rules between keys: (the keys, the rule, holds(values by key name)). The lane phases covering the
# wave exactly once are checked where they are read ([lds.phases]).
RELATIONS = (
    _multiple("compute_units", "xcds"),
    (("l2_bytes", "l2_bytes_per_xcd", "xcds"), "l2_bytes must be l2_bytes_per_xcd x xcds",
     lambda g: g["l2_bytes"] == g["l2_bytes_per_xcd"] * g["xcds"]),
    _multiple("l1_bytes", "l1_line_bytes"),
    _multiple("l1_line_bytes", "l1_sector_bytes"),
    _multiple("l2_bytes_per_xcd", "l1_line_bytes"),
    _multiple("mall_bytes", "l1_line_bytes"),
    (("lds_bytes", "banks", "bank_width_bytes"), "lds_bytes must be a whole number of bank rows (banks x bank_width_bytes)",
     lambda g: g["lds_bytes"] % (g["banks"] * g["bank_width_bytes"]) == 0),
    (("max_waves_per_cu", "simds", "max_waves_per_simd"), "max_waves_per_cu must not exceed simds x max_waves_per_simd",
     lambda g: g["max_waves_per_cu"] <= g["simds"] * g["max_waves_per_simd"]),
    _at_most("arch_vgprs_max", "vgprs_per_lane"),
    _multiple("vgprs_per_lane", "vgpr_alloc_granule"),
    _at_most("hbm_achievable_bytes_per_s", "hbm_bytes_per_s"),
    (("sustained_clock_mhz", "peak_clock_mhz"), "no sustained clock may exceed peak_clock_mhz",
     lambda g: max(g["sustained_clock_mhz"].values()) <= g["peak_clock_mhz"]),
)


@dataclass(frozen=True)
class Provenance:
    kind: str
    source: str
    note: str = ""


@dataclass(frozen=True)
class MatrixInstruction:
    """One matrix-core instruction: the tile it computes, its operand dtypes and its pipe time."""

    opcode: str
    m: int
    n: int
    k: int
    dtype_a: str
    dtype_b: str
    cycles: int
    note: str = ""
    # issue to result of a dependent chain, where longer than `cycles` (0 / absent: `cycles`, the result
    # is there when the pipe frees)
    latency_cycles: int = hw(CYCLES_OR_0, default=0)
    SECTION: ClassVar[str] = "matrix"

    @property
    def flops(self) -> int:
        return 2 * self.m * self.n * self.k


@dataclass(frozen=True)
class ComputeUnit:
    simds: int = hw(COUNT)
    wave_size: int = hw(WAVE_SIZES)
    max_waves_per_simd: int = hw(COUNT)
    vgprs_per_lane: int = hw(REGISTERS)
    arch_vgprs_max: int = hw(REGISTERS)
    vgpr_alloc_granule: int = hw(REGISTERS)
    sgprs_per_wave_max: int = hw(REGISTERS_OR_0)   # 0: no scalar register file (NVIDIA)
    max_waves_per_cu: int = hw(COUNT)
    max_workgroups_per_cu: int = hw(COUNT)
    valu_cycles: int = hw(CYCLES)
    salu_cycles: int = hw(CYCLES)
    vmcnt_max: int = hw(REGISTERS)
    lgkmcnt_max: int = hw(REGISTERS)
    expcnt_max: int = hw(REGISTERS)
    peak_flops_per_clk: Mapping[str, int] = hw(PER_CLOCK, each=True)
    # optional: the release of a workgroup barrier after its last arrival, base + per wave of the workgroup
    # (0 / absent: a barrier releases in the last arrival's cycle)
    barrier_latency_cycles: float = hw(CYCLES_OR_0, default=0.0)
    barrier_cycles_per_wave: float = hw(CYCLES_OR_0, default=0.0)
    # optional: NVIDIA's MIO queue in front of the shared-memory pipe (model/mio.py); 0 / absent: none
    mio_queue_per_simd: int = hw(COUNT, default=0)
    mio_queue_shared: int = hw(REGISTERS_OR_0, default=0)
    # optional: NVIDIA's LG queue in front of the L1 for global loads and stores (model/mio.py); 0 / absent: none
    lg_queue_per_simd: int = hw(COUNT, default=0)
    lg_queue_shared: int = hw(REGISTERS_OR_0, default=0)
    SECTION: ClassVar[str] = "compute_unit"


@dataclass(frozen=True)
class LDS:
    lds_bytes: int = hw(BYTES)
    banks: int = hw(COUNT)
    bank_width_bytes: int = hw(BYTES)
    bytes_per_clk: int = hw(PER_CLOCK)
    latency_cycles: int = hw(CYCLES)
    dma_bytes_per_lane: int = hw(BYTES)  # global->LDS copy (async) width per lane
    # "read_b128" -> groups of lanes served in the same cycle (and so able to conflict)
    phases: Mapping[str, tuple[tuple[int, ...], ...]]
    SECTION: ClassVar[str] = "lds"

    def lane_phases(self, op: str, width_bits: int) -> tuple[tuple[int, ...], ...]:
        key = f"{op}_b{width_bits}"
        if key not in self.phases:
            raise HardwareFileError(f"[lds.phases] has no entry {key!r} (have {', '.join(sorted(self.phases))})")
        return self.phases[key]


@dataclass(frozen=True)
class Memory:
    l1_bytes: int = hw(BYTES)
    l1_line_bytes: int = hw(BYTES)
    l2_bytes: int = hw(BYTES)
    l2_bytes_per_xcd: int = hw(BYTES)
    l2_read_bytes_per_clk_per_xcd: int = hw(PER_CLOCK)
    mall_bytes: int = hw(BYTES_OR_0)   # 0: no memory-side cache (NVIDIA)
    mall_bytes_per_s: float = hw(BYTES_PER_S)
    hbm_bytes: int = hw(BYTES)
    hbm_bytes_per_s: float = hw(BYTES_PER_S)
    hbm_achievable_bytes_per_s: float = hw(BYTES_PER_S)
    l2_hit_latency_ns: float = hw(NS)
    hbm_latency_ns: float = hw(NS)
    l1_hit_latency_cycles: float = hw(CYCLES)  # load-to-use of a global load that hits the CU's L1, in engine cycles
    # the piece of a line the L1 fetches and tags apart (absent from a file: whole lines)
    l1_sector_bytes: int = hw(BYTES, default=0, same_as="l1_line_bytes")
    # A load the L2 misses and the Infinity Cache (MALL) serves (optional; None: no MALL, or none measured,
    # and every L2 miss takes hbm_latency_ns)
    mall_latency_ns: float | None = hw(NS, default=None, group="mall")
    # Under load (optional; None where the description gives none). Latency grows by this many ns per
    # TB/s of bandwidth in use, below saturation (pointer chase beside streaming loads):
    hbm_latency_ns_per_tb_per_s: float | None = hw(NS_OR_0, default=None, group="loaded")
    l2_latency_ns_per_tb_per_s: float | None = hw(NS_OR_0, default=None, group="loaded")
    hbm_loaded_latency_ns: float | None = hw(NS, default=None, group="loaded")   # the loaded fit's intercept (the floor under any load)
    l2_loaded_latency_ns: float | None = hw(NS, default=None, group="loaded")
    # optional: what one CU reads from the L2 while the others leave it room (absent: its even slice)
    l2_sm_read_bytes_per_clk: float | None = hw(PER_CLOCK, default=None)
    outstanding_bytes_per_cu: float | None = hw(BYTES, default=None, group="loaded")  # bytes one CU keeps in flight when it reaches its own peak
    # A warp's load that misses the L1 (optional; None where the description gives none): its latency grows
    # by this many ns per sector it takes beyond the first, from HBM or from the L2; a load that finds its
    # line still in flight (a hit on a pending miss) completes l1_pending_hit_cycles after the line arrives.
    hbm_sector_latency_ns: float | None = hw(NS_OR_0, default=None, group="touch")
    l2_sector_latency_ns: float | None = hw(NS_OR_0, default=None, group="touch")
    l1_pending_hit_cycles: float | None = hw(CYCLES_OR_0, default=None, group="touch")
    # A warp's one-word load that hits the L2 on an idle GPU (chase_warp): the floor of an L2 hit's
    # latency, under the loaded one-thread chase where that is lower.
    l2_warp_latency_ns: float | None = hw(NS, default=None, group="touch")
    # A warp's store (optional; None where unmeasured: it takes the data pipe as a load does, and the CU's
    # share of the L2 as a read): it holds the L1 for l1_store_cycles_per_line a line it writes plus
    # l1_store_cycles_per_partial_sector a sector it writes only part of; the L2 takes stores' sectors at
    # l2_store_bytes_per_s (32 bytes a sector), the whole GPU together.
    l1_store_cycles_per_line: float | None = hw(CYCLES_OR_0, default=None, group="store")
    l1_store_cycles_per_partial_sector: float | None = hw(CYCLES_OR_0, default=None, group="store")
    l2_store_bytes_per_s: float | None = hw(BYTES_PER_S, default=None, group="store")
    # An XCD's L2 split in partitions, each caching the lines its own SMs read (NVIDIA since A100): a
    # line that SMs of two partitions read takes room in both.
    l2_partitions: int = hw(COUNT, default=1)
    SECTION: ClassVar[str] = "memory"


@dataclass(frozen=True)
class ClockUnderLoad:
    """The parameters of the power-limited engine clock (gemmsim.model.clock says how they combine)."""

    full_load_mfma_activity: float = hw(FRACTION)  # matrix-pipe busy fraction at which sustained_clock_mhz was measured
    effective_clock_factor: float = hw(CLOCK_FACTOR)  # one per GPU, fitted to published GEMM times (1.0 until fitted)
    SECTION: ClassVar[str] = "device.clock_under_load"


@dataclass(frozen=True)
class ArchFacts:
    """What the instruction set and its compilers do that a front-end must know ([arch_facts] of a file;
    absent keys take these defaults). A new GPU of a new arch says them in its own file."""

    bf16_in_software: bool = False   # no f32 -> bf16 conversion instruction: a kernel rounds in software
    # how FlyDSL's preshuffle GEMM orders a K tile's hot loop on this arch ("paired": fixed rounds of
    # loads, MFMAs and reads; "spread": preloads, then the rest spread over the MFMAs); None: FlyDSL
    # builds no preshuffle GEMM for it, and neither does gemmsim's generator
    preshuffle_hot_loop: str | None = None
    # the matrix instruction FlyDSL's preshuffle GEMM issues per input dtype on this arch (an opcode of the
    # file's [[matrix]] table); a dtype not named takes the table's fastest 16x16 instruction
    preshuffle_mfma: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


PRESHUFFLE_HOT_LOOPS = ("paired", "spread")


@dataclass(frozen=True)
class GPU:
    name: str
    marketing_name: str
    arch: str
    vendor: str
    compute_units: int = hw(COUNT)
    xcds: int = hw(COUNT)
    peak_clock_mhz: float = hw(CLOCK_MHZ)
    sustained_clock_mhz: Mapping[str, float] = hw(CLOCK_MHZ, each=True)
    cu: ComputeUnit
    lds: LDS
    memory: Memory
    matrix: tuple[MatrixInstruction, ...]
    launch_overhead_us: float = hw(US_OR_0, absent=0.0)  # per-launch time beside the kernel's own (0: the file gives none)
    # between back-to-back launches of one stream, what a timing of the whole loop adds per launch (0: none given)
    inter_kernel_gap_us: float = hw(US_OR_0, absent=0.0)
    provenance: Mapping[str, Provenance] = field(repr=False)
    clock_under_load: ClockUnderLoad | None = None  # None: the sustained clock whatever the kernel does
    arch_facts: ArchFacts = ArchFacts()
    SECTION: ClassVar[str] = "device"

    @cached_property
    def fingerprint(self) -> str:
        """The description's content, every loaded value (inherited ones too) but the provenance and
        the file's name: a SHA-256 of its repr, computed once. The in-memory caches (caches.ByContent)
        and the tuning cache key on it."""
        return hashlib.sha256(repr(self).encode()).hexdigest()

    def clock_mhz(self, dtype: str, sustained: bool = True) -> float:
        """Engine clock for a GEMM of this dtype: the measured median under load, or the peak."""
        if not sustained:
            return self.peak_clock_mhz
        if dtype not in self.sustained_clock_mhz:
            raise HardwareFileError(
                f"{self.name}: no sustained clock for dtype {dtype!r} (have {', '.join(sorted(self.sustained_clock_mhz))})")
        return self.sustained_clock_mhz[dtype]

    def peak_flops(self, dtype: str, clock_mhz: float | None = None) -> float:
        """Dense matrix FLOP/s of the whole GPU at a clock (default: the peak clock)."""
        per_clk = self.cu.peak_flops_per_clk.get(dtype)
        if per_clk is None:
            raise HardwareFileError(
                f"{self.name}: no peak FLOP/clk for dtype {dtype!r} (have {', '.join(sorted(self.cu.peak_flops_per_clk))})")
        mhz = self.peak_clock_mhz if clock_mhz is None else clock_mhz
        return per_clk * self.compute_units * mhz * 1e6

    def matrix_instructions(self, dtype: str) -> tuple[MatrixInstruction, ...]:
        return tuple(i for i in self.matrix if i.dtype_a == dtype)


# What the loader derives from the fields' hw(...) declarations, for each section's dataclass.
SECTIONS = (GPU, ClockUnderLoad, ComputeUnit, MatrixInstruction, LDS, Memory)


def hw_keys(cls) -> tuple[Field, ...]:
    """The hardware keys of a section's dataclass: its fields declared with hw(...), in their order."""
    return tuple(f for f in fields(cls) if "domain" in f.metadata)


def domain_key(cls, f: Field) -> str:
    """The name DOMAINS and the error messages give a key: `[section].key`, or `[section.key]` for a
    table of one number per dtype."""
    return f"[{cls.SECTION}.{f.name}]" if f.metadata["each"] else f"[{cls.SECTION}].{f.name}"


def number_type(cls, f: Field) -> type:
    """int or float, from the field's type: `int`, `float | None`, `Mapping[str, float]`."""
    hint = get_type_hints(cls)[f.name]
    args = [a for a in get_args(hint) if a is not type(None)]
    if get_origin(hint) is not None:
        return args[-1]       # Mapping[str, T] -> T; T | None -> T
    return hint


def _is_table(cls, f: Field) -> bool:
    """Whether the field is a table of the section read by its own dataclass ([device.clock_under_load])."""
    hint = get_type_hints(cls)[f.name]
    return any(getattr(t, "SECTION", None) == f"{cls.SECTION}.{f.name}" for t in (hint, *get_args(hint)))


def _group(cls, group: str) -> tuple[str, ...]:
    return tuple(f.name for f in hw_keys(cls) if f.metadata["group"] == group)


# Every number of a description and the values it may take.
DOMAINS: dict[str, Domain] = {domain_key(cls, f): f.metadata["domain"] for cls in SECTIONS for f in hw_keys(cls)}
# [memory] keys a description may leave out (None in Memory): measured on the H200 only so far
OPTIONAL_MEMORY_KEYS = _group(Memory, "loaded")
# the Infinity Cache's latency (no MALL on NVIDIA)
MALL_MEMORY_KEYS = _group(Memory, "mall")
# the warp-wide first-touch load (chase_warp)
TOUCH_MEMORY_KEYS = _group(Memory, "touch")
# the store path (store_shape, epilogue_stores)
STORE_MEMORY_KEYS = _group(Memory, "store")
# [device]: its required keys, its tables (clock_under_load), then its optional keys
DEVICE_KEYS = (tuple(f.name for f in hw_keys(GPU) if not f.metadata["optional"])
               + tuple(f.name for f in fields(GPU) if _is_table(GPU, f))
               + tuple(f.name for f in hw_keys(GPU) if f.metadata["optional"]))


def user_gpu_dir() -> Path:
    """Where a user's own GPU descriptions live (what `gemmsim calibrate --write` writes):
    $GEMMSIM_GPU_DIR, else $XDG_CONFIG_HOME/gemmsim/gpus, else ~/.config/gemmsim/gpus."""
    if os.environ.get(USER_DIR_ENV):
        return Path(os.environ[USER_DIR_ENV]).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "gemmsim" / "gpus"


def user_gpus() -> list[str]:
    """The names of the user's descriptions (user_gpu_dir), those that no shipped one takes."""
    try:
        found = [p.stem.lower() for p in user_gpu_dir().glob("*.toml") if p.is_file()]
    except OSError:
        return []
    return sorted(set(found) - set(shipped_gpus()))


def shipped_gpus() -> list[str]:
    return sorted(p.stem for p in HW_DIR.glob("*.toml"))


def available_gpus() -> list[str]:
    """Every name `--gpu NAME` takes: the shipped descriptions, then the user's."""
    return shipped_gpus() + user_gpus()


def is_shipped(path: str | Path) -> bool:
    """A file of the package's own descriptions (gemmsim/hw/): only a commit changes those."""
    return Path(path).resolve().parent == HW_DIR.resolve()


def default_gpu_for_arch(arch: str) -> str:
    """The shipped GPU whose description says `default_for_arch = true` for its arch (`sm90` is
    `sm_90`: an arch is named with or without its underscores)."""
    defaults = default_gpus()
    wanted = _arch_key(arch) if isinstance(arch, str) else None
    for known, name in defaults.items():
        if _arch_key(known) == wanted:
            return name
    raise HardwareFileError(f"unknown arch {arch!r}: expected one of {', '.join(sorted(defaults))}")


def _arch_key(arch: str) -> str:
    return arch.lower().replace("_", "")


_DEFAULTS: dict[tuple, dict[str, str]] = KeptDict("hw.loader.default_gpus", 1)


def default_gpus() -> dict[str, str]:
    """arch -> the shipped GPU that stands for it (`--arch`): the one description of the arch that
    says `default_for_arch = true` at its top (a file's own key: one that inherits does not inherit it)."""
    paths = sorted(HW_DIR.glob("*.toml"))
    key = tuple((p, _read_text(p)) for p in paths)
    out = _DEFAULTS.get(key)
    if out is None:
        out = {}
        for path in paths:
            if not _marks_default(path):
                continue
            arch = _read_with_parents(path, seen=()).get("arch")
            if not isinstance(arch, str):
                raise HardwareFileError(f"{path.name}: arch: missing top-level string")
            if arch in out:
                raise HardwareFileError(f"{path.name}: default_for_arch: {out[arch]}.toml is already the default "
                                        f"GPU of {arch}; an arch has one")
            out[arch] = path.stem
        _DEFAULTS.clear()
        _DEFAULTS[key] = out
    return dict(out)


def _marks_default(path: Path) -> bool:
    """Whether the file itself (not a parent) says `default_for_arch = true`."""
    try:
        marker = tomllib.loads(_read_text(path)).get("default_for_arch", False)
    except tomllib.TOMLDecodeError as e:
        raise HardwareFileError(f"{path.name}: not valid TOML: {e}") from None
    if not isinstance(marker, bool):
        raise HardwareFileError(f"{path.name}: default_for_arch = {marker!r}: must be true or false")
    return marker


_CACHE: dict[tuple[Path, str], GPU] = KeptDict("hw.loader.gpus")


def load_gpu(name_or_path: str | Path) -> GPU:
    """Load a GPU by name (`mi300x`) or by the path of a description file (cached by path and text,
    so a file rewritten by `calibrate --write` is read again)."""
    path = gpu_path(name_or_path)
    key = (path, _read_text(path))
    gpu = _CACHE.get(key)
    if gpu is None:
        gpu = _CACHE[key] = _build(path, _read_with_parents(path, seen=()))
    return gpu


def gpu_path(name_or_path: str | Path) -> Path:
    """The description file of a GPU name (shipped, else the user's) or of a .toml path."""
    text = str(name_or_path)
    if text.endswith(".toml") or "/" in text:
        path = Path(text)
        if path.is_dir():
            raise HardwareFileError(f"GPU description file {text!r} is a directory")
        if not path.is_file():
            raise HardwareFileError(f"GPU description file {text!r} does not exist")
        return path.resolve()
    shipped, user = HW_DIR / f"{text.lower()}.toml", user_gpu_dir() / f"{text.lower()}.toml"
    if shipped.is_file():
        if user.is_file():   # neither may silently stand for the other
            raise HardwareFileError(f"GPU name {text!r} is both shipped ({shipped}) and yours ({user}): rename "
                                    f"yours (a calibrated description takes its own name, e.g. {text.lower()}-calibrated)")
        return shipped
    if user.is_file():
        return user.resolve()
    raise HardwareFileError(f"unknown GPU {text!r}: expected one of {', '.join(available_gpus())} or a .toml path")


def check_gpu_text(text: str, path: str | Path) -> GPU:
    """The GPU that `text` would describe if written to `path` (its parents read from disk): lets a
    writer (calibrate --write) refuse a description the loader would refuse, before it replaces one."""
    path = Path(path).resolve()
    return _build(path, _parse_with_parents(text, path, seen=()))


def _read_with_parents(path: Path, seen: tuple[Path, ...]) -> dict:
    if path in seen:
        raise HardwareFileError(f"{path.name}: `inherits` forms a cycle")
    return _parse_with_parents(_read_text(path), path, seen)


def _parse_with_parents(text: str, path: Path, seen: tuple[Path, ...]) -> dict:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HardwareFileError(f"{path.name}: not valid TOML: {e}") from None
    parent = data.pop("inherits", None)
    if parent is None:
        return data
    base = _read_with_parents(gpu_path(parent), seen + (path,))
    return _merge(base, data)


def _read_text(path: Path) -> str:
    """The file's text, or one line saying why it cannot be read (a binary file is not UTF-8)."""
    return read_text(path, "a text file", HardwareFileError)


def _merge(base: dict, override: dict) -> dict:
    """Deep-merge tables; a value given as {value=...} replaces the parent's whole entry."""
    out = dict(base)
    for key, val in override.items():
        if isinstance(val, dict) and "value" not in val and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], val)
        else:
            out[key] = val
    return out


class _Reader:
    """Pulls sourced values out of the parsed file, recording provenance and naming bad keys."""

    def __init__(self, filename: str, data: dict):
        self.filename = filename
        self.sources = data.get("sources", {})
        if not isinstance(self.sources, dict) or not self.sources:
            self.fail("sources", "a [sources] table naming every source is required")
        self.provenance: dict[str, Provenance] = {}

    def fail(self, key: str, rule: str):
        raise HardwareFileError(f"{self.filename}: {key}: {rule}")

    def table(self, data: dict, key: str) -> dict:
        val = data.get(key)
        if not isinstance(val, dict):
            self.fail(key, "missing table")
        return val

    def check_provenance(self, key: str, entry: dict) -> Provenance:
        kind, source = entry.get("kind"), entry.get("source")
        if kind not in KINDS:
            self.fail(key, f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
        if source not in self.sources:
            self.fail(key, f"source {source!r} is not in [sources]")
        prov = Provenance(kind, self.sources[source], entry.get("note", ""))
        self.provenance[key] = prov
        return prov

    def value(self, table: dict, section: str, key: str, typ: type, domain: Domain | None = None):
        full = f"[{section}].{key}"
        entry = table.get(key)
        if not isinstance(entry, dict) or "value" not in entry:
            self.fail(full, "missing; expected { value = ..., kind = ..., source = ... }")
        self.check_provenance(full, entry)
        val = self.coerce(full, entry["value"], typ)
        if typ in (int, float):
            domain = domain or DOMAINS.get(full) or DOMAINS.get(f"[{section}]") or DOMAINS[f"[{section.split('.')[0]}].{key}"]
            if not domain.holds(val):
                shown = f"{float(val):g}" if isinstance(val, int) and abs(val) > 10 ** 15 else repr(val)
                self.fail(f"{full} = {shown}", domain.rule)
        return val

    def coerce(self, key: str, val, typ: type):
        if typ is float and isinstance(val, (int, float)) and not isinstance(val, bool):
            val = float(val)
        if typ is int and isinstance(val, float) and val.is_integer():
            val = int(val)
        if typ in (int, float) and (not isinstance(val, typ) or isinstance(val, bool)):
            kind = "an integer" if typ is int else "a number"
            self.fail(f"{key} = {val!r}", f"must be {kind}")
        return val

    def check_relations(self, values: dict) -> None:
        for keys, rule, holds in RELATIONS:
            if not holds(values):
                self.fail(", ".join(f"{k} = {dict(values[k]) if k == 'sustained_clock_mhz' else values[k]!r}"
                                    for k in keys), rule)

    def section(self, table: dict, cls, check_unknown: bool = True) -> dict:
        """The hardware keys (hw_keys) of cls's section, from its table: the required ones, then the
        optional ones (those absent from the table take their `absent` or `same_as` value). Refuses a
        key that no field of cls names; the fields that are no hardware key are the caller's to read."""
        if check_unknown:
            known = {f.name for f in fields(cls)}
            for key in table:
                if key not in known:
                    self.fail(f"[{cls.SECTION}].{key}", f"unknown key (expected one of {', '.join(sorted(known))})")
        keys = hw_keys(cls)
        out = {}
        for f in sorted(keys, key=lambda f: f.metadata["optional"]):
            meta, typ = f.metadata, number_type(cls, f)
            if meta["each"]:
                out[f.name] = self.number_map(self.table(table, f.name), f"{cls.SECTION}.{f.name}", typ, meta["domain"])
            elif not meta["optional"] or f.name in table:
                out[f.name] = self.value(table, cls.SECTION, f.name, typ, meta["domain"])
            elif meta["same_as"] is None:
                out[f.name] = meta["absent"]
        out.update({f.name: out[f.metadata["same_as"]] for f in keys if f.name not in out})
        return out

    def number_map(self, table: dict, section: str, typ: type, domain: Domain | None = None) -> Mapping[str, float]:
        if not table:
            self.fail(f"[{section}]", "must name at least one dtype")
        return MappingProxyType({k: self.value(table, section, k, typ, domain) for k in table})

    def phases(self, table: dict, lanes: int) -> Mapping[str, tuple[tuple[int, ...], ...]]:
        out = {}
        for key in table:
            ranges = self.value(table, "lds.phases", key, list)
            out[key] = tuple(self.expand_lanes(f"[lds.phases].{key}", group, lanes) for group in ranges)
            covered = sorted(lane for group in out[key] for lane in group)
            if covered != list(range(lanes)):
                self.fail(f"[lds.phases].{key}", f"phases must cover lanes 0..{lanes - 1} exactly once")
        return MappingProxyType(out)

    def expand_lanes(self, key: str, group, lanes: int) -> tuple[int, ...]:
        if not isinstance(group, list) or len(group) % 2 or not all(isinstance(x, int) for x in group):
            self.fail(key, f"each phase is a list of inclusive [first, last] lane pairs, got {group!r}")
        out = []
        for first, last in zip(group[::2], group[1::2]):
            if not 0 <= first <= last < lanes:
                self.fail(key, f"lane range {first}..{last} is outside 0..{lanes - 1}")
            out.extend(range(first, last + 1))
        return tuple(out)

    def matrix(self, entries) -> tuple[MatrixInstruction, ...]:
        if not isinstance(entries, list) or not entries:
            self.fail("[[matrix]]", "at least one matrix instruction is required")
        out = []
        for i, e in enumerate(entries):
            if not isinstance(e, dict):
                self.fail(f"[[matrix]] #{i}", f"must be a table, got {e!r}")
            key = f"[[matrix]] #{i} ({e.get('opcode', '?')})"
            self.check_provenance(key, e)
            shape, dtypes, cycles = e.get("shape"), e.get("dtypes"), e.get("cycles")
            if not (isinstance(shape, list) and len(shape) == 3
                    and all(isinstance(x, int) and not isinstance(x, bool) and 0 < x <= MAX_MATRIX_DIM for x in shape)):
                self.fail(key, f"shape must be [M, N, K] of integers in 1..{MAX_MATRIX_DIM} (a matrix instruction's "
                               f"tile), got {shape!r}")
            if not (isinstance(dtypes, list) and len(dtypes) == 2):
                self.fail(key, f"dtypes must be [a, b], got {dtypes!r}")
            if not (isinstance(cycles, int) and not isinstance(cycles, bool) and 0 < cycles <= MAX_CYCLES):
                self.fail(key, f"cycles must be an integer in 1..10^6 (a million cycles, beyond any GPU's), "
                               f"got {cycles!r}")
            self.check_opcode(key, e.get("opcode"), shape, dtypes)
            latency = self.value(e, f"matrix.{e['opcode']}", "latency_cycles", int) if "latency_cycles" in e else 0
            out.append(MatrixInstruction(e["opcode"], *shape, *dtypes, cycles, e.get("note", ""), latency))
        return tuple(out)

    def check_opcode(self, key: str, opcode, shape: list[int], dtypes: list[str]) -> None:
        """The declared dtypes are registry names, and an AMD opcode's shape and dtypes are what it names."""
        if not isinstance(opcode, str) or not opcode:
            self.fail(key, "opcode must be a non-empty string")
        for d in dtypes:
            if not isinstance(d, str) or d not in DTYPES:
                self.fail(key, f"dtype {d!r} is not a registry name (expected one of {', '.join(DTYPES)})")
        if not is_matrix_mnemonic(opcode):
            return
        parsed = parse_matrix_opcode(opcode)
        if parsed is None:
            self.fail(key, "the opcode is not a matrix instruction the opcode parser reads")
        if [parsed.m, parsed.n, parsed.k] != shape or parsed.blocks != 1:
            self.fail(key, f"shape {shape} disagrees with the opcode's {parsed.m}x{parsed.n}x{parsed.k}"
                           f"{f' x {parsed.blocks} blocks' if parsed.blocks != 1 else ''}")
        allowed = operand_format_dtypes() if parsed.operand_formats else None
        if (allowed is not None and not set(dtypes) <= set(allowed)) or (
                allowed is None and list(dtypes) != [parsed.dtype_a, parsed.dtype_b]):
            expected = f"formats among {', '.join(allowed)}" if allowed else f"[{parsed.dtype_a}, {parsed.dtype_b}]"
            self.fail(key, f"dtypes {dtypes} disagree with the opcode's {expected}")


def _build(path: Path, data: dict) -> GPU:
    r = _Reader(path.name, data)
    for key in ("name", "marketing_name", "arch", "vendor"):
        if not isinstance(data.get(key), str):
            r.fail(key, "missing top-level string")
    if not isinstance(data.get("default_for_arch", False), bool):
        r.fail(f"default_for_arch = {data['default_for_arch']!r}", "must be true or false")
    device = r.table(data, "device")
    for key in device:
        if key not in DEVICE_KEYS:
            r.fail(f"[device].{key}", f"unknown key (expected one of {', '.join(DEVICE_KEYS)})")
    cu_table, lds_table = r.table(data, "compute_unit"), r.table(data, "lds")
    cu = ComputeUnit(**r.section(cu_table, ComputeUnit))
    lds = LDS(**r.section(lds_table, LDS), phases=r.phases(r.table(lds_table, "phases"), cu.wave_size))
    memory = Memory(**r.section(r.table(data, "memory"), Memory))
    device_values = r.section(device, GPU, check_unknown=False)
    gpu = GPU(
        name=data["name"],
        marketing_name=data["marketing_name"],
        arch=data["arch"],
        vendor=data["vendor"],
        **device_values,
        cu=cu,
        lds=lds,
        memory=memory,
        matrix=(matrix := r.matrix(data.get("matrix"))),
        provenance=MappingProxyType(r.provenance),
        clock_under_load=_clock_under_load(r, device),
        arch_facts=_arch_facts(r, data, matrix),
    )
    r.check_relations({"compute_units": gpu.compute_units, "xcds": gpu.xcds, "peak_clock_mhz": gpu.peak_clock_mhz,
                       "sustained_clock_mhz": gpu.sustained_clock_mhz, **vars(gpu.cu), **vars(gpu.lds),
                       **vars(gpu.memory)})
    return gpu


def _clock_under_load(r: _Reader, device: dict) -> ClockUnderLoad | None:
    if "clock_under_load" not in device:
        return None
    table = r.table(device, "clock_under_load")
    return ClockUnderLoad(**r.section(table, ClockUnderLoad))


ARCH_FACT_TYPES = {"bf16_in_software": bool, "preshuffle_hot_loop": str, "preshuffle_mfma": dict}
_ARCH_FACT_RULES = {bool: "must be true or false", str: "must be a string", dict: "must be a table of dtype = opcode"}


def _arch_facts(r: _Reader, data: dict, matrix: tuple[MatrixInstruction, ...]) -> ArchFacts:
    """[arch_facts]: each fact a sourced value, as every number is; absent keys keep ArchFacts' defaults."""
    if "arch_facts" not in data:
        return ArchFacts()
    table = r.table(data, "arch_facts")
    facts = {}
    for key in table:
        full = f"[arch_facts].{key}"
        if key not in ARCH_FACT_TYPES:
            r.fail(full, f"unknown key (expected one of {', '.join(ARCH_FACT_TYPES)})")
        val = r.value(table, "arch_facts", key, ARCH_FACT_TYPES[key])
        if not isinstance(val, ARCH_FACT_TYPES[key]):
            r.fail(f"{full} = {val!r}", _ARCH_FACT_RULES[ARCH_FACT_TYPES[key]])
        facts[key] = val
    for dtype_name, opcode in facts.get("preshuffle_mfma", {}).items():
        if not any(i.opcode == opcode and i.dtype_a == dtype_name for i in matrix):
            r.fail(f"[arch_facts].preshuffle_mfma.{dtype_name} = {opcode!r}",
                   f"must be an opcode of the file's [[matrix]] table that takes {dtype_name}")
    if "preshuffle_mfma" in facts:
        facts["preshuffle_mfma"] = MappingProxyType(dict(facts["preshuffle_mfma"]))
    if facts.get("preshuffle_hot_loop", PRESHUFFLE_HOT_LOOPS[0]) not in PRESHUFFLE_HOT_LOOPS:
        r.fail(f"[arch_facts].preshuffle_hot_loop = {facts['preshuffle_hot_loop']!r}",
               f"must be one of {', '.join(PRESHUFFLE_HOT_LOOPS)}")
    return ArchFacts(**facts)
