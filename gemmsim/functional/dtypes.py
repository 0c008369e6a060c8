"""Element formats of the GEMM inputs and output: how values become bytes and bytes become values.

A matrix core reads its operands as raw register bits; what those bits mean depends on the
instruction and the architecture. FP8 is E4M3 on both gfx942 and gfx950, but gfx942 uses the
"fnuz" variant (no negative zero, NaN at 0x80, exponent bias 8, max 240) while gfx950 follows the
OCP standard (bias 7, max 448). FP4 is OCP E2M1, two values per byte with the even element in the
low nibble. Quantization uses ml_dtypes, so the rounding is the real round-to-nearest-even of the
format, and decoding is a lookup table of every bit pattern (fast and exact).
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np

from gemmsim.caches import KeptDict, kept
from gemmsim.dtypes import normalize
from gemmsim.errors import ConfigError, InputError


@dataclass(frozen=True)
class ElementFormat:
    """One element format: its name, width in bits and the numpy/ml_dtypes type that rounds to it."""

    name: str
    bits: int
    np_type: type
    is_int: bool = False

    @property
    def max_value(self) -> float:
        info = np.iinfo(self.np_type) if self.is_int else ml_dtypes.finfo(self.np_type)
        return float(info.max)


FORMATS = {
    "bf16": ElementFormat("bf16", 16, ml_dtypes.bfloat16),
    "fp16": ElementFormat("fp16", 16, np.float16),
    "fp8_e4m3fnuz": ElementFormat("fp8_e4m3fnuz", 8, ml_dtypes.float8_e4m3fnuz),
    "fp8_e4m3fn": ElementFormat("fp8_e4m3fn", 8, ml_dtypes.float8_e4m3fn),
    "bf8_e5m2fnuz": ElementFormat("bf8_e5m2fnuz", 8, ml_dtypes.float8_e5m2fnuz),
    "bf8_e5m2": ElementFormat("bf8_e5m2", 8, ml_dtypes.float8_e5m2),
    "int8": ElementFormat("int8", 8, np.int8, is_int=True),
}
if hasattr(ml_dtypes, "float4_e2m1fn"):   # ml_dtypes >= 0.5
    FORMATS["fp4_e2m1"] = ElementFormat("fp4_e2m1", 4, ml_dtypes.float4_e2m1fn)

# registry dtype -> its format; fp8 and bf8 have one per architecture (their arch's own 8-bit encodings).
_FORMAT_OF = {"bf16": "bf16", "fp16": "fp16", "int8": "int8", "fp4": "fp4_e2m1"}
_ARCH_FORMATS = {
    ("fp8", "gfx942"): "fp8_e4m3fnuz", ("fp8", "gfx950"): "fp8_e4m3fn",
    ("bf8", "gfx942"): "bf8_e5m2fnuz", ("bf8", "gfx950"): "bf8_e5m2",
}
MODELLED_DTYPES = tuple(dict.fromkeys([d for d, _ in _ARCH_FORMATS] + list(_FORMAT_OF)))


@kept(None)
def input_format(dtype: str, arch: str) -> ElementFormat:
    """The element format of a kernel input dtype (any spelling the registry knows) on an architecture."""
    try:
        name = normalize(dtype)
    except InputError:
        name = None
    fmt = _ARCH_FORMATS.get((name, arch)) or _FORMAT_OF.get(name)
    if fmt == "fp4_e2m1" and fmt not in FORMATS:
        raise ConfigError(f"dtype 'fp4' needs ml_dtypes >= 0.5 for float4_e2m1fn (installed: {ml_dtypes.__version__})")
    if fmt not in FORMATS:
        raise ConfigError(f"dtype {dtype!r} has no functional model on {arch}: expected one of "
                          f"{', '.join(MODELLED_DTYPES)}")
    return FORMATS[fmt]


def quantize(values: np.ndarray, fmt: ElementFormat) -> np.ndarray:
    """Round float64 values to the format (integers: round and saturate); returns float64 values."""
    if fmt.is_int:
        info = np.iinfo(fmt.np_type)
        return np.clip(np.rint(values), info.min, info.max)
    return values_of(round_to(values, fmt), fmt)


def round_to(values: np.ndarray, fmt: ElementFormat, in_place: bool = False) -> np.ndarray:
    """Float64 values rounded to a float format, as an array of that format (saturating rather than
    overflowing to NaN; with in_place, the values are saturated where they are)."""
    saturated = np.maximum(values, -fmt.max_value, out=values if in_place else None)   # np.clip, 4 times slower
    np.minimum(saturated, fmt.max_value, out=saturated)
    return saturated.astype(fmt.np_type)


def values_of(typed: np.ndarray, fmt: ElementFormat) -> np.ndarray:
    """An array of a float format -> float64 values (by the value table: the same numbers astype gives)."""
    return value_table(fmt)[_patterns(typed, fmt)]


def _patterns(typed: np.ndarray, fmt: ElementFormat) -> np.ndarray:
    """The bit pattern of each element of an array of the format (4-bit elements sit one per byte)."""
    patterns = typed.view(np.uint16 if fmt.bits == 16 else np.uint8)
    return patterns & 0xF if fmt.bits == 4 else patterns


def encode(values: np.ndarray, fmt: ElementFormat) -> np.ndarray:
    """Already-quantized values (last axis = elements) -> little-endian bytes (last axis = bytes)."""
    return encode_typed(values.astype(fmt.np_type), fmt)


def encode_typed(typed: np.ndarray, fmt: ElementFormat) -> np.ndarray:
    """An array of the format (last axis = elements) -> little-endian bytes (last axis = bytes)."""
    if fmt.bits == 4:
        nibbles = typed.view(np.uint8) & 0xF
        if nibbles.shape[-1] % 2:
            raise ConfigError(f"{fmt.name}: an odd number of elements ({nibbles.shape[-1]}) cannot be packed in bytes")
        return (nibbles[..., 0::2] | (nibbles[..., 1::2] << 4)).astype(np.uint8)
    raw = np.ascontiguousarray(typed).view(np.uint8)
    return raw.reshape(typed.shape[:-1] + (typed.shape[-1] * fmt.bits // 8,))


_LUTS: dict[str, np.ndarray] = KeptDict("functional.dtypes.lookup_tables")


def _lookup_table(fmt: ElementFormat) -> np.ndarray:
    """The value of every bit pattern of an 8- or 4-bit format (float64, or int64 for integers)."""
    table = _LUTS.get(fmt.name)
    if table is None:
        patterns = np.arange(1 << fmt.bits, dtype=np.uint8)
        typed = patterns.view(fmt.np_type)
        table = _LUTS[fmt.name] = typed.astype(np.int64 if fmt.is_int else np.float64)
    return table


_VALUES: dict[str, np.ndarray] = KeptDict("functional.dtypes.value_tables")


def value_table(fmt: ElementFormat) -> np.ndarray:
    """The value of every bit pattern of a format as float64 (integers too: int8 products and their
    sums over one instruction are exact in float64), indexed by the pattern."""
    if fmt.name not in _VALUES:
        patterns = np.arange(1 << fmt.bits, dtype=np.uint16 if fmt.bits == 16 else np.uint8)
        with np.errstate(invalid="ignore"):   # the NaN patterns stay NaN
            _VALUES[fmt.name] = patterns.view(fmt.np_type).astype(np.float64)
    return _VALUES[fmt.name]


def decode(raw: np.ndarray, fmt: ElementFormat) -> np.ndarray:
    """Bytes (last axis) -> values (last axis = elements): float64, or int64 for integer formats."""
    raw = np.ascontiguousarray(raw, dtype=np.uint8)
    if fmt.bits == 16:
        return raw.view(np.uint16).view(fmt.np_type).astype(np.float64)
    table = _lookup_table(fmt)
    if fmt.bits == 8:
        return table[raw]
    pairs = np.stack([raw & 0xF, raw >> 4], axis=-1)  # even element in the low nibble
    return table[pairs.reshape(raw.shape[:-1] + (raw.shape[-1] * 2,))]


def to_bf16_bits(values_f32: np.ndarray) -> np.ndarray:
    """f32 values -> bf16 bit patterns (uint16), round to nearest even as v_cvt_pk_bf16_f32 does."""
    return np.asarray(values_f32, dtype=np.float32).astype(ml_dtypes.bfloat16).view(np.uint16)


def bf16_values(bits: np.ndarray) -> np.ndarray:
    """bf16 bit patterns (uint16) -> float64 values."""
    return np.asarray(bits, dtype=np.uint16).view(ml_dtypes.bfloat16).astype(np.float64)
