"""How a Triton GEMM kernel is launched for a problem, read from its signature: which pointer is A,
B or C, what each integer argument is, the tile and the grid. Pure rules on names; no Triton here.

The rules (a kernel that breaks one gets a one-line error naming the argument):

    pointers     a non-constexpr argument named a/b/c, a_ptr/b_ptr/c_ptr (any case; `ptr` without the
                 underscore too) is A, B, C; a_scale_ptr / scale_a_ptr, b_scale_ptr / scale_b_ptr and
                 bias_ptr are the scales and the bias. A is M x K, B is K x N, C is M x N, all row-major
                 (contiguous), as torch.matmul(a, b) hands them over.
    integers     M, N, K (any case) are the problem's; stride_<t><d> or stride_<t>_<d> (t in a, b, c;
                 d in m, n, k) is the stride of that dimension of that row-major matrix (stride_am = K,
                 stride_ak = 1, stride_bk = N, stride_bn = 1, stride_cm = N, stride_cn = 1). Any other
                 integer argument, or another layout, is given by name in the meta-parameters
                 (`stride_bk=1,stride_bn=K` is a B stored N x K): a number, or M, N or K.
    tile         the constexprs BLOCK_M, BLOCK_N, BLOCK_K (or BLOCK_SIZE_M, ...): one program computes a
                 BLOCK_M x BLOCK_N tile of C and walks K in BLOCK_K steps.
    grid         one axis of cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N) programs (the tutorial's launch and
                 kernels/triton/matmul.py's); a kernel that reads tl.program_id(1) or (2) is refused.

Triton specializes a launch on its argument values (an integer equal to 1 becomes a constant, one
divisible by 16 is marked so, a tensor below 2 GiB lets the AMD backend use buffer loads); the
values here are what a torch launch of this problem would pass, so the compiled code is the code
that launch runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from gemmsim.dtypes import dtype as dtype_of
from gemmsim.errors import InputError
from gemmsim.problem import Problem

POINTER_ROLES = {"a": "A", "b": "B", "c": "C", "a_scale": "scale_a", "scale_a": "scale_a", "b_scale": "scale_b",
                 "scale_b": "scale_b", "bias": "bias"}
STRIDE = re.compile(r"^stride_?([abc])_?([mnk])$", re.IGNORECASE)
TILE_NAMES = {"m": ("BLOCK_M", "BLOCK_SIZE_M"), "n": ("BLOCK_N", "BLOCK_SIZE_N"), "k": ("BLOCK_K", "BLOCK_SIZE_K")}
MATRIX_DIMS = {"A": ("m", "k"), "B": ("k", "n"), "C": ("m", "n")}
POINTER_ALIGN_BYTES = 256        # torch's allocator: every tensor starts 256-byte aligned (Triton asks for 16)

# gemmsim's dtype -> Triton's element type, per arch: gfx942's fp8 is the fnuz variant, gfx950's the OCP one
TRITON_DTYPES = {"fp16": "fp16", "bf16": "bf16", "fp32": "fp32", "int8": "i8", "int32": "i32"}
TRITON_FP8 = {"gfx942": "fp8e4b8", "gfx950": "fp8e4nv"}


@dataclass(frozen=True)
class Pointer:
    name: str            # the argument's name
    role: str            # A, B, C, scale_a, scale_b, bias
    dtype: str           # Triton's element type ("fp16", "fp8e4b8", ...)
    bytes: int           # the tensor's size: under 2 GiB the AMD backend may use buffer loads


@dataclass(frozen=True)
class Launch:
    """The arguments of one launch, by name, and what the simulator needs of it."""

    pointers: dict[str, Pointer]
    integers: dict[str, int]           # every non-constexpr integer argument's value
    constexprs: dict[str, object]      # the constexpr arguments' values
    tile: tuple[int, int, int]
    grid: int                          # programs on axis 0

    def roles_in_order(self, params: list[str]) -> list[str]:
        return [self.pointers[name].role for name in params if name in self.pointers]


def pointer_role(name: str) -> str | None:
    """The role an argument's name gives it, or None (not a pointer name)."""
    stem = name.lower()
    for suffix in ("_ptr", "ptr"):
        if stem.endswith(suffix) and len(stem) > len(suffix):
            stem = stem[: -len(suffix)]
            break
    return POINTER_ROLES.get(stem)


def triton_dtype(name: str, arch: str) -> str:
    if name == "fp8":
        return TRITON_FP8.get(arch, "fp8e4nv")
    if name not in TRITON_DTYPES:
        raise InputError(f"dtype {name}: the triton family compiles {', '.join(['fp8', *TRITON_DTYPES])}")
    return TRITON_DTYPES[name]


def bind(kernel: str, params: list[tuple[str, bool]], problem: Problem, meta: Mapping[str, object],
         arch: str) -> Launch:
    """The launch of `kernel` (its parameters as (name, is_constexpr) in order) for `problem`, with
    `meta` naming constexprs and integer arguments."""
    names = [name for name, _ in params]
    unknown = [key for key in meta if key not in names]
    if unknown:
        raise InputError(f"--meta {unknown[0]}: {kernel} has no argument of that name; its arguments are "
                         f"{', '.join(names)}")
    constexprs, pointers, integers = {}, {}, {}
    for name, is_constexpr in params:
        if is_constexpr:
            if name not in meta:
                missing = [n for n, c in params if c and n not in meta]
                raise InputError(f"--meta lacks {', '.join(missing)}: {kernel}'s tl.constexpr arguments need values "
                                 f"(e.g. --meta {','.join(f'{n}=...' for n in missing)})")
            constexprs[name] = meta[name]
        elif name in meta:
            integers[name] = _integer(name, meta[name], problem)
        elif (role := pointer_role(name)) is not None:
            pointers[name] = _pointer(name, role, problem, arch)
        else:
            integers[name] = _default_integer(kernel, name, problem)
    missing = [r for r in ("A", "B", "C") if r not in {p.role for p in pointers.values()}]
    if missing:
        raise InputError(f"{kernel}: no pointer argument for {', '.join(missing)}: the triton family reads roles from "
                         f"argument names (a_ptr, b_ptr, c_ptr, or a, b, c)")
    tile = tuple(_tile_size(kernel, constexprs, dim) for dim in "mnk")
    grid = -(-problem.m // tile[0]) * -(-problem.n // tile[1])
    return Launch(pointers, integers, constexprs, tile, grid)


def _pointer(name: str, role: str, problem: Problem, arch: str) -> Pointer:
    if role in MATRIX_DIMS:
        elem = problem.dtype if role != "C" else dtype_of(problem.dtype).gemm_output
        rows, cols = (getattr(problem, d) for d in MATRIX_DIMS[role])
        size = rows * cols * dtype_of(elem).bytes * problem.batch
    else:   # a scale or a bias: fp32, one per row or column
        elem, size = "fp32", 4 * max(problem.m, problem.n)
    return Pointer(name, role, triton_dtype(elem, arch), int(size))


def _default_integer(kernel: str, name: str, problem: Problem) -> int:
    if name.lower() in ("m", "n", "k"):
        return getattr(problem, name.lower())
    stride = STRIDE.match(name)
    if stride is None:
        raise InputError(f"{kernel}: integer argument {name}: give its value with --meta {name}=... (the triton "
                         f"family binds only M, N, K and stride_am .. stride_cn by name)")
    matrix, dim = stride.group(1).upper(), stride.group(2).lower()
    rows, cols = MATRIX_DIMS[matrix]
    if dim not in (rows, cols):
        raise InputError(f"{kernel}: {name} is a stride of {matrix} along {dim.upper()}, but {matrix} is "
                         f"{rows.upper()} x {cols.upper()}: give its value with --meta {name}=...")
    return getattr(problem, cols) if dim == rows else 1


def _integer(name: str, value, problem: Problem) -> int:
    if isinstance(value, bool):
        raise InputError(f"--meta {name}={value}: an integer argument takes a number, or M, N, K")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if text.lower() in ("m", "n", "k"):
        return getattr(problem, text.lower())
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    raise InputError(f"--meta {name}={text}: an integer argument takes a number, or M, N, K")


def _tile_size(kernel: str, constexprs: dict, dim: str) -> int:
    by_upper = {name.upper(): value for name, value in constexprs.items()}
    for candidate in TILE_NAMES[dim]:
        value = by_upper.get(candidate)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(f"--meta {candidate}={value}: a block size is a positive integer")
        return value
    raise InputError(f"{kernel}: no constexpr {' or '.join(TILE_NAMES[dim])}: the triton family reads the tile "
                     f"from BLOCK_M, BLOCK_N, BLOCK_K (or BLOCK_SIZE_M, ...)")
