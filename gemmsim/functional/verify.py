"""`gemmsim verify`: run the generated kernel on random data and check C against numpy.

Inputs are drawn at random, rounded to the input format with ml_dtypes (so fp8 is real E4M3,
bf16 real bfloat16), laid out as the kernel expects (A row-major M x K; B, given as N x K, in the
pre-shuffled (N/16, K_bytes/64, 4, 16, 16 B) layout), and the program of every workgroup is
replayed. The reference is float64 on the same quantized values, so the only legitimate
differences are the kernel's own roundings, and the tolerance is their worst-case bound:
    f32 accumulation over K terms:  gamma_K * sum_k |a_ik| |b_jk|,  gamma_K = K u32 / (1 - K u32)
    bf16 output rounding:           u_bf16 * (|c_ij| + accumulation error)
Tails, batches and split-K are laid out as the kernel takes them (frontends/preshuffle/analysis.py):
B zero-padded to whole tiles before the pre-shuffle, C with row stride N_pad, a batch's entries one
after another; under split-K the kernel writes f32/int32 partials and the check sums them in f32
and rounds to bf16, as the reduction pass does.
Integer inputs accumulate exactly in int32; their only error is the i32 -> f32 -> bf16 rounding.
The int8 kernel writes bf16 (as FlyDSL's int8 GEMM does; its per-token and per-channel scales
are taken as 1 here).

Faults are injected on purpose to show what the checker catches: `swizzle-read` generates the
program with the LDS read path unswizzled while the write path stays swizzled; `preshuffle`
hands the kernel B in plain row-major N x K order instead of the pre-shuffled layout.
"""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from gemmsim import limits
from gemmsim.frontends.preshuffle.analysis import K_STEP_BYTES, MFMA_TILE, analyze
from gemmsim.errors import ConfigError
from gemmsim.functional.dtypes import (ElementFormat, bf16_values, encode_typed, input_format, round_to, to_bf16_bits,
                                       values_of)
from gemmsim.functional.faults import FAULTS, check_fault, check_seed
from gemmsim.functional.executor import Hazard, Origin, Replay, run
from gemmsim.hw import GPU
from gemmsim.problem import OUTPUT_BYTES, KernelConfig, Problem
from gemmsim.ir.program import Op, Program, walk
from gemmsim.frontends.preshuffle.generator import generate

U_F32 = 2.0 ** -24          # unit roundoff of f32 (24-bit significand, round to nearest)
U_BF16 = 2.0 ** -8          # unit roundoff of bf16 (8-bit significand)
BF16_TINY = 2.0 ** -133     # half the smallest bf16 subnormal: the absolute floor of output rounding
UNWRITTEN = 0xFFFF          # C is pre-filled with this bf16 NaN so that unwritten elements fail

@dataclass(frozen=True)
class Inputs:
    """Quantized inputs as values (for the reference) and as the bytes the kernel reads."""

    a: np.ndarray          # (M, K) float64 values
    b: np.ndarray          # (N, K) float64 values: C = A @ B.T
    a_bytes: np.ndarray    # A row-major
    b_bytes: np.ndarray    # B pre-shuffled (or plain, for the preshuffle fault)


@dataclass(frozen=True)
class Mismatch:
    """The first wrong element of C (row-major order) and what produced it."""

    row: int
    col: int
    block: tuple[int, int]
    got: float
    want: float
    tolerance: float
    stored_by: Origin | None
    computed_by: Origin | None

    def describe(self) -> str:
        lines = [f"C[{self.row}, {self.col}] = {self.got:.6g}, expected {self.want:.6g} "
                 f"(tolerance {self.tolerance:.3g}) in block {self.block}"]
        lines.append(f"  stored by   {self.stored_by.describe()}" if self.stored_by else
                     "  stored by   no instruction: the element was never written")
        if self.computed_by:
            lines.append(f"  computed by {self.computed_by.describe()}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        def origin(o):
            return None if o is None else {"tag": o.instr.tag, "opcode": o.instr.opcode, "wave": o.wave, "lane": o.lane}
        return {"row": self.row, "col": self.col, "block": list(self.block), "got": _finite(self.got),
                "want": self.want, "tolerance": self.tolerance,
                "stored_by": origin(self.stored_by), "computed_by": origin(self.computed_by)}


@dataclass(frozen=True)
class VerifyReport:
    program: str
    gpu: str
    arch: str
    shape: tuple[int, int, int]
    dtype: str
    input_format: str
    seed: int
    fault: str | None
    blocks: int
    elements: int
    wrong: int
    max_abs_error: float
    worst_error_to_tolerance: float
    first_wrong: Mismatch | None
    hazards: tuple[Hazard, ...]
    hazard_count: int
    cause: str
    engine: str = "numpy"      # the replay's data path (executor.py): numpy, numba or numba-trace; same result
    c_digest: str = ""         # BLAKE2b (128-bit) of the bytes the kernel left in C: equal digests, equal C

    @property
    def passed(self) -> bool:
        return self.wrong == 0 and self.hazard_count == 0

    def to_dict(self) -> dict:
        return {
            "program": self.program, "gpu": self.gpu, "arch": self.arch, "shape": list(self.shape),
            "dtype": self.dtype, "input_format": self.input_format, "seed": self.seed, "fault": self.fault,
            "passed": self.passed, "blocks": self.blocks, "elements": self.elements, "wrong": self.wrong,
            "max_abs_error": _finite(self.max_abs_error),
            "worst_error_to_tolerance": _finite(self.worst_error_to_tolerance),
            "first_wrong": self.first_wrong.to_dict() if self.first_wrong else None,
            "hazard_count": self.hazard_count, "hazards": [h.describe() for h in self.hazards],
            "cause": self.cause, "c_digest": self.c_digest,
        }


def _finite(x: float) -> float | str:
    return float(x) if np.isfinite(x) else str(x)


def preshuffle_b(b_bytes: np.ndarray) -> np.ndarray:
    """N x K_bytes row-major B -> (N/16, K_bytes/64, 4, 16, 16 B): lane (k quarter, column) gets 16 bytes."""
    n, kb = b_bytes.shape
    if n % MFMA_TILE or kb % K_STEP_BYTES:
        raise ConfigError(f"B of {n} x {kb} B cannot be pre-shuffled: N must be a multiple of {MFMA_TILE} and "
                          f"K bytes a multiple of {K_STEP_BYTES}")
    packs = K_STEP_BYTES // 4
    tiled = b_bytes.reshape(n // MFMA_TILE, MFMA_TILE, kb // K_STEP_BYTES, 4, packs)
    return np.ascontiguousarray(tiled.transpose(0, 2, 3, 1, 4)).ravel()


def make_inputs(problem: Problem, fmt: ElementFormat, seed: int, preshuffled: bool = True,
                padded: tuple[int, int] | None = None) -> Inputs:
    """Random A (M x K) and B (N x K) rounded to the format, with the bytes the kernel reads; a batch
    stacks its entries (A, B, C of entry b follow entry b-1). `padded` (N_pad, K_pad): B is
    zero-padded to it before the pre-shuffle, as the offline pre-shuffle of a tail shape does."""
    rng = np.random.default_rng(seed)
    shape_a, shape_b = (problem.m, problem.k), (problem.n, problem.k)
    if problem.batch > 1:
        shape_a, shape_b = (problem.batch,) + shape_a, (problem.batch,) + shape_b
    if fmt.is_int:   # (the values as the format's own array, which encodes without another rounding)
        typed_a, typed_b = (rng.integers(-128, 128, size=s).astype(fmt.np_type) for s in (shape_a, shape_b))
        a, b = typed_a.astype(np.float64), typed_b.astype(np.float64)
    else:
        spread = 2.0 if fmt.bits == 4 else 1.0   # fp4 spans 0.5 .. 6: use more of it
        normal_a = rng.normal(0.0, spread, size=shape_a)
        with ThreadPoolExecutor(1) as pool:        # B's draw (the generator's next numbers) while A is rounded
            normal_b = pool.submit(rng.normal, 0.0, spread, shape_b)
            typed_a = round_to(normal_a, fmt, in_place=True)
            a = values_of(typed_a, fmt)
            typed_b = round_to(normal_b.result(), fmt, in_place=True)
        b = values_of(typed_b, fmt)
    entries = typed_b.reshape(-1, problem.n, problem.k)
    if padded is not None:   # zero bits, the value 0 in every format
        n_pad, k_pad = padded
        patterns = entries.view(np.uint16 if fmt.bits == 16 else np.uint8)
        entries = np.pad(patterns, ((0, 0), (0, n_pad - problem.n), (0, k_pad - problem.k))).view(fmt.np_type)
    b_plain = [encode_typed(e, fmt) for e in entries]
    b_bytes = (np.concatenate([preshuffle_b(e) for e in b_plain]) if preshuffled
               else np.concatenate([e.ravel() for e in b_plain]))
    return Inputs(a, b, encode_typed(typed_a, fmt).ravel(), b_bytes)


def tolerance(inputs: Inputs, reference: np.ndarray, fmt: ElementFormat) -> np.ndarray:
    """Worst-case error bound of every C element (see the module docstring)."""
    k = inputs.a.shape[-1]
    if fmt.is_int:
        accumulation = U_F32 * np.abs(reference)     # exact int32 sum, one rounding to f32
    else:
        gamma = k * U_F32 / (1 - k * U_F32)          # a split-K sum is one more order of the same K terms
        accumulation = np.abs(inputs.a) @ np.swapaxes(np.abs(inputs.b), -1, -2)
        accumulation *= gamma
    bound = np.abs(reference)                        # U_BF16 (|C| + accumulation) + accumulation + BF16_TINY,
    bound += accumulation                            # computed in place, in that order
    bound *= U_BF16
    bound += accumulation
    bound += BF16_TINY
    return bound


def check_request(problem: Problem, seed: int) -> None:
    """The seed numpy can take, and a shape within verify's memory and time limits."""
    check_seed(seed)
    limits.check_verify(problem.m, problem.n, problem.k)


def verify(problem: Problem, config: KernelConfig, gpu: GPU, seed: int = 0, fault: str | None = None,
           engine: str | None = None) -> VerifyReport:
    """Generate the program, replay every workgroup on random data and compare C with numpy.
    Refuses, with its estimate, a shape whose replay would need too much memory or time.
    engine: the replay's, "numpy" or "numba" (default: numba when installed; executor.run)."""
    check_request(problem, seed)
    check_fault(fault, config)
    analysis = analyze(problem, config, gpu)
    program = generate(analysis, gpu, break_swizzle_read=fault == "swizzle-read")
    return check_program(program, problem, config, gpu, seed, fault, engine)


def check_program(program: Program, problem: Problem, config: KernelConfig, gpu: GPU, seed: int = 0,
                  fault: str | None = None, engine: str | None = None) -> VerifyReport:
    """Replay a given program (generated, or altered by a test) on random data and compare C with numpy."""
    check_request(problem, seed)
    fmt = input_format(problem.dtype, gpu.arch)
    n_pad, k_pad = _round_up(problem.n, config.tile_n), _round_up(problem.k, config.tile_k)
    plain = (n_pad, k_pad) == (problem.n, problem.k) and problem.batch == 1 and config.split_k == 1
    inputs = make_inputs(problem, fmt, seed, preshuffled=fault != "preshuffle", padded=(n_pad, k_pad))
    with ThreadPoolExecutor(1, thread_name_prefix="gemmsim-reference") as pool:
        reference = pool.submit(_reference, inputs, fmt)   # numpy's products, while the replay runs
        if plain:
            c_bytes = np.full(problem.m * problem.n, UNWRITTEN, dtype=np.uint16).view(np.uint8)
            replay = run(program, {"A": inputs.a_bytes, "B": inputs.b_bytes, "C": c_bytes,
                                   **_unit_scales(problem, config)}, engine=engine)
            got = bf16_values(replay.buffers["C"].view(np.uint16)).reshape(problem.m, problem.n)
        else:
            replay, got = _run_shaped(program, problem, config, inputs, n_pad, engine)
        want, tol = reference.result()
    return _report(problem, config, gpu, program.name, fmt, seed, fault, replay, got, want, tol)


def _reference(inputs: Inputs, fmt: ElementFormat) -> tuple[np.ndarray, np.ndarray]:
    """C = A B^T in float64 on the quantized values, and its tolerance."""
    want = inputs.a @ np.swapaxes(inputs.b, -1, -2)
    return want, tolerance(inputs, want, fmt)


def _unit_scales(problem: Problem, config: KernelConfig) -> dict[str, np.ndarray]:
    """Per-row and per-column f32 scales of 1 for the kernels that load them (8-bit GEMMs), so C is A @ B^T."""
    rows, cols = _round_up(problem.m, config.tile_m), _round_up(problem.n, config.tile_n)
    return {"scale_a": np.ones(rows, dtype=np.float32).view(np.uint8),
            "scale_b": np.ones(cols, dtype=np.float32).view(np.uint8)}


def _round_up(x: int, step: int) -> int:
    return -(-x // step) * step


def _run_shaped(program: Program, problem: Problem, config: KernelConfig, inputs: Inputs,
                n_pad: int, engine: str | None) -> tuple[Replay, np.ndarray]:
    """A batch, a split-K or a tail: C has row stride N_pad (columns past N are cut off here); under
    split-K the kernel fills an f32 (int32) workspace [batch][split][M][N_pad] and the reduction pass,
    done here as the second kernel would, sums the splits in f32 and rounds to bf16."""
    split, int_acc = config.split_k, program_is_int(program)
    slices = problem.batch * split * problem.m * n_pad
    if split == 1:
        c_bytes = np.full(slices, UNWRITTEN, dtype=np.uint16).view(np.uint8)
    else:   # an f32 NaN (or an implausible int32) in every word marks what was never written
        c_bytes = np.full(slices, 0x7FC00000, dtype=np.uint32).view(np.uint8)
    replay = run(program, {"A": inputs.a_bytes, "B": inputs.b_bytes, "C": c_bytes, **_unit_scales(problem, config)},
                 engine=engine)
    words = replay.buffers["C"]
    if split == 1:
        c = bf16_values(words.view(np.uint16)).reshape(problem.batch, problem.m, n_pad)
    else:
        parts = words.view(np.int32 if int_acc else np.float32).reshape(problem.batch, split, problem.m, n_pad)
        unwritten = (words.view(np.uint32) == 0x7FC00000).reshape(parts.shape).any(axis=1)
        total = parts.astype(np.float32).sum(axis=1, dtype=np.float32)
        c = bf16_values(to_bf16_bits(total)).astype(np.float64)
        c[unwritten] = np.nan
    c = c[:, :, :problem.n]
    return replay, (c[0] if problem.batch == 1 else c)


def program_is_int(program: Program) -> bool:
    """Whether the program's matrix instructions accumulate in int32."""
    return any(i.opcode.startswith("v_mfma_i32") for i, _ in walk(program.waves[0]) if i.op == Op.MFMA)


def _report(problem, config, gpu, name, fmt, seed, fault, replay: Replay, got, want, tol) -> VerifyReport:
    error = got - want
    np.abs(error, out=error)
    wrong = ~(error <= tol)                      # NaN (never written) counts as wrong
    count = int(np.count_nonzero(wrong))
    first = _first_mismatch(problem, config, replay, got, want, tol, wrong) if count else None
    unwritten = np.isnan(error)                  # a NaN error counts as infinite below
    max_error = np.inf if unwritten.any() else float(np.max(error))
    with np.errstate(invalid="ignore"):
        ratio = np.divide(error, tol, out=error)   # (error is not needed after this)
        if unwritten.any():
            ratio[unwritten] = np.inf
    return VerifyReport(
        program=name, gpu=gpu.name, arch=gpu.arch, shape=(problem.m, problem.n, problem.k), dtype=problem.dtype,
        input_format=fmt.name, seed=seed, fault=fault, blocks=len(replay.blocks), elements=int(wrong.size),
        wrong=count, max_abs_error=max_error, worst_error_to_tolerance=float(np.max(ratio)), first_wrong=first,
        hazards=tuple(replay.hazards), hazard_count=replay.hazard_count,
        cause=_cause(fault, count, replay, first, problem, config),
        engine=replay.engine, c_digest=hashlib.blake2b(replay.buffers["C"], digest_size=16).hexdigest(),
    )


def _first_mismatch(problem, config, replay: Replay, got, want, tol, wrong) -> Mismatch:
    row, col = divmod(int(np.argmax(wrong.ravel())), problem.n)   # a batch's rows follow one another
    byte = (row * problem.n + col) * OUTPUT_BYTES
    plain_c = replay.buffers["C"].size == problem.m * problem.n * OUTPUT_BYTES   # else no byte of C to trace
    stored_by = replay.origin(int(replay.stored_by["C"][byte])) if plain_c and "C" in replay.stored_by else None
    computed_by = replay.origin(int(replay.value_from["C"][byte])) if stored_by else None
    if stored_by:
        block = replay.blocks[int(replay.stored_block["C"][byte])]
    else:
        block = ((row % problem.m) // config.tile_m, col // config.tile_n)
    at = lambda x: float(x.reshape(-1, problem.n)[row, col])   # noqa: E731
    return Mismatch(row, col, tuple(block), at(got), at(want), at(tol), stored_by, computed_by)


def _cause(fault: str | None, wrong: int, replay: Replay, first: Mismatch | None, problem: Problem,
           config: KernelConfig) -> str:
    if fault is not None:
        return FAULTS[fault] if wrong else f"the injected fault {fault!r} went undetected"
    if replay.hazards:
        return f"synchronization: {replay.hazards[0].describe()}"
    if first is not None and first.stored_by is not None:
        owner = (first.row // config.tile_m, first.col // config.tile_n)
        if owner != first.block:
            return (f"block {first.block} stored into the C tile of block {owner}: stores are not confined to "
                    f"their tile")
    if wrong:
        return "unexplained: the program computes a wrong C with no synchronization hazard"
    return ""
