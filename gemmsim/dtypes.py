"""The one table of element types: their names, sizes, spellings and what a GEMM of them writes.

Every part of gemmsim names a dtype the same way ("bf16", "fp8", "int8", ...). Other tools spell
them differently (PyTorch's "c10::BFloat16", NumPy's "float16", an opcode's "f16"); `normalize`
turns any known spelling into gemmsim's name, and nothing else keeps a table of its own.

Which dtypes a GPU runs on its matrix cores is a fact of that GPU, read from its description's
matrix table (`matrix_dtypes`), not from here. fp8 and bf8 are the two 8-bit float encodings
(E4M3 and E5M2); their exact variant per architecture (fnuz on gfx942, OCP on gfx950) is the
functional model's business (gemmsim.functional.dtypes).
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.errors import InputError


@dataclass(frozen=True)
class DType:
    name: str
    bytes: float            # per element; sub-byte types pack several per byte (fp4: 0.5)
    is_int: bool
    gemm_output: str        # what a GEMM of this input writes (the accumulator's usual store type)
    rate_as: str            # whose matrix-core rate and clock apply (bf8 runs at fp8's)
    aliases: tuple[str, ...] = ()


def _d(name, nbytes, is_int=False, output=None, rate_as=None, aliases=()) -> DType:
    return DType(name, nbytes, is_int, output or name, rate_as or name, tuple(aliases))


DTYPES: dict[str, DType] = {d.name: d for d in (
    _d("fp64", 8.0, aliases=("float64", "double", "f64")),
    _d("fp32", 4.0, aliases=("float32", "float", "f32")),
    _d("xf32", 4.0, aliases=("tf32",)),
    _d("bf16", 2.0, aliases=("bfloat16", "c10::bfloat16")),
    _d("fp16", 2.0, aliases=("float16", "half", "f16", "c10::half")),
    _d("fp8", 1.0, output="bf16", aliases=("float8", "fp8_e4m3", "e4m3", "float8_e4m3fn", "float8_e4m3fnuz",
                                           "c10::float8_e4m3fn", "c10::float8_e4m3fnuz", "f8")),
    _d("bf8", 1.0, output="bf16", rate_as="fp8", aliases=("fp8_e5m2", "e5m2", "float8_e5m2", "float8_e5m2fnuz",
                                                          "c10::float8_e5m2", "c10::float8_e5m2fnuz")),
    _d("fp6", 0.75, output="bf16", aliases=("bf6",)),
    _d("fp4", 0.5, output="bf16", aliases=("float4_e2m1fn", "c10::float4_e2m1fn_x2")),
    _d("int8", 1.0, is_int=True, output="int32", aliases=("i8", "signed char", "char")),
    _d("int4", 0.5, is_int=True, output="int32", aliases=("i4",)),
    _d("int32", 4.0, is_int=True, aliases=("i32", "int")),
)}

_BY_SPELLING = {alias: d.name for d in DTYPES.values() for alias in (d.name, *d.aliases)}


def normalize(spelling: str) -> str:
    """gemmsim's name for any known spelling of a dtype; a one-line error for an unknown one."""
    name = _BY_SPELLING.get(str(spelling).strip().lower())
    if name is None:
        raise InputError(f"unknown dtype {spelling!r}: expected one of {', '.join(DTYPES)}")
    return name


def dtype(spelling: str) -> DType:
    return DTYPES[normalize(spelling)]


def element_bytes(spelling: str) -> float:
    return dtype(spelling).bytes


def matrix_dtypes(gpu) -> tuple[str, ...]:
    """The input dtypes the GPU's matrix table has instructions for, in the registry's order."""
    have = {i.dtype_a for i in gpu.matrix}
    return tuple(name for name in DTYPES if name in have)
