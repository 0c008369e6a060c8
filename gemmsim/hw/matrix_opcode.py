"""What an AMD matrix-core mnemonic says about itself: its tile, block count, operand and accumulator types.

A CDNA matrix instruction names its work in its mnemonic:

    v_[s]mfma[c][_scale]_<acc>_<M>x<N>x<K>[_<B>b]_<A dtype>[_<B dtype>]

`v_smfmac` is the 2:4-sparse form (its K counts the sparse A's columns), `_scale` the gfx950
block-scaled form, `<B>b` the number of independent blocks (4x4x4_16b computes sixteen 4x4
products at once). Compilers spell the same instruction in more than one way: gfx908/gfx90a names
have no underscore before the dtype and no block count (`v_mfma_f32_32x32x1f32` is two blocks of
32x32x1), and `bf16_1k` marks the bf16 forms that take four elements per lane, which gfx940 renamed
to plain `bf16`. The `f8f6f4` forms of gfx950 read their operand formats from the cbsz (A) and blgp
(B) modifiers, not from the name.

Operand dtypes are gemmsim's registry names (gemmsim.dtypes): `bf8_bf8` is bf8, `fp8_bf8` is fp8 x
bf8. This is the one parser of these mnemonics; the GPU files' [[matrix]] tables, the assembly
front-end and the functional model all read opcodes through it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gemmsim.dtypes import dtype, normalize
from gemmsim.errors import InputError

# Matrix instructions are wave64 instructions on every CDNA chip: an operand is spread over 64 lanes.
MFMA_LANES = 64
# cbsz / blgp values of the f8f6f4 forms -> operand format (CDNA4 ISA, V_MFMA_*_F8F6F4)
F8F6F4_FORMATS = {0: "fp8", 1: "bf8", 2: "fp6", 3: "bf6", 4: "fp4"}
# Elements of A each lane holds in the gfx908/gfx90a forms, which name no block count: the blocks
# are what is left of 64 lanes x these elements after one M x K slice.
_OLD_ELEMENTS_PER_LANE = {"fp32": 1, "xf32": 2, "fp64": 1, "fp16": 4, "bf16": 2, "bf16_1k": 4, "int8": 4}

_MNEMONIC = re.compile(r"^v_(?P<sparse>s)?mfmac?(?P<scale>_scale)?_(?P<acc>f32|i32|f64)_(?P<m>\d+)x(?P<n>\d+)x(?P<k>\d+)"
                       r"(?:_(?P<blocks>\d+)b)?(?P<sep>_?)(?P<types>[a-z][a-z0-9_]*)$")
_ENCODING_SUFFIX = re.compile(r"_(e32|e64|sdwa|dpp|dpp8|e64_dpp)$")


@dataclass(frozen=True)
class MatrixOpcode:
    """One matrix instruction as its mnemonic (and, for f8f6f4, its operand-format modifiers) gives it."""

    canonical: str          # the spelling the GPU files use: underscores, block count, no `_1k`
    m: int
    n: int
    k: int
    blocks: int
    dtype_a: str            # registry names
    dtype_b: str
    accumulator: str        # fp32, int32 or fp64
    sparse: bool            # v_smfmac: 2:4-sparse A
    scaled: bool            # v_mfma_scale: block-scaled operands (gfx950)
    operand_formats: bool   # f8f6f4: the dtypes come from cbsz / blgp, not the name

    @property
    def flops(self) -> int:
        return 2 * self.m * self.n * self.k * self.blocks

    @property
    def dense_k(self) -> int:
        """The K of the dense work: a 2:4-sparse instruction does the work of half its K."""
        return self.k // 2 if self.sparse else self.k


def is_matrix_mnemonic(mnemonic: str) -> bool:
    """A v_mfma / v_smfmac instruction (v_mfma_ld_scale only loads scales: not one)."""
    return mnemonic.startswith(("v_mfma", "v_smfmac")) and not mnemonic.startswith("v_mfma_ld_scale")


def parse_matrix_opcode(mnemonic: str, cbsz: int = 0, blgp: int = 0) -> MatrixOpcode | None:
    """The instruction a matrix mnemonic names; None when it is not one of the forms above.

    cbsz and blgp are the operand-format modifiers of the f8f6f4 forms (0 = fp8, as the assembler defaults)."""
    match = _MNEMONIC.match(_ENCODING_SUFFIX.sub("", mnemonic.strip().lower()))
    if match is None:
        return None
    types = match["types"]
    old_style = not match["sep"]
    one_k = types.endswith("_1k")
    if one_k:
        types = types[:-len("_1k")]
    if types == "f8f6f4":
        if cbsz not in F8F6F4_FORMATS or blgp not in F8F6F4_FORMATS:
            return None
        dtype_a, dtype_b = normalize(F8F6F4_FORMATS[cbsz]), normalize(F8F6F4_FORMATS[blgp])
    else:
        names = _registry_names(types.split("_"))
        if names is None:
            return None
        dtype_a, dtype_b = names
    m, n, k = int(match["m"]), int(match["n"]), int(match["k"])
    blocks = int(match["blocks"]) if match["blocks"] else _implied_blocks(m, k, dtype_a, one_k) if old_style else 1
    head = f"v_{'s' if match['sparse'] else ''}mfma{'c' if match['sparse'] else ''}{match['scale'] or ''}"
    canonical = "_".join(p for p in (head, match["acc"], f"{m}x{n}x{k}", f"{blocks}b" if blocks > 1 else "", types) if p)
    return MatrixOpcode(canonical, m, n, k, blocks, dtype_a, dtype_b, normalize(match["acc"]),
                        sparse=bool(match["sparse"]), scaled=bool(match["scale"]), operand_formats=types == "f8f6f4")


def _registry_names(parts: list[str]) -> tuple[str, str] | None:
    """`fp8_bf8` -> (fp8, bf8); `bf16` -> (bf16, bf16); None if a part is no dtype."""
    if len(parts) not in (1, 2):
        return None
    try:
        names = [normalize(p) for p in parts]
    except InputError:
        return None
    return names[0], names[-1]


def _implied_blocks(m: int, k: int, dtype_a: str, one_k: bool) -> int:
    per_lane = _OLD_ELEMENTS_PER_LANE.get("bf16_1k" if one_k else dtype_a)
    if per_lane is None or (MFMA_LANES * per_lane) % (m * k):
        return 1
    return max(1, MFMA_LANES * per_lane // (m * k))


def operand_format_dtypes() -> tuple[str, ...]:
    """The registry dtypes an f8f6f4 instruction can read (its operand formats)."""
    return tuple(dict.fromkeys(dtype(f).name for f in F8F6F4_FORMATS.values()))
