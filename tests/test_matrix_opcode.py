"""The one matrix-opcode parser: every table opcode, every opcode of the committed assembly, the
spellings compilers emit, and the loader's check that a [[matrix]] entry agrees with its opcode."""

import re
from pathlib import Path

import pytest

from gemmsim.errors import HardwareFileError
from gemmsim.hw import available_gpus, load_gpu
from gemmsim.hw.matrix_opcode import parse_matrix_opcode

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "tests" / "data" / "isa").glob("*.s")) + sorted((ROOT / "tests" / "data" / "isa").glob("*.dis"))
MNEMONIC = re.compile(r"^\s*(?:[0-9a-f]+:\s+)?(v_s?mfma\w*)", re.MULTILINE)


def _table_rows():
    for name in available_gpus():
        for row in load_gpu(name).matrix:
            if row.opcode.startswith(("v_mfma", "v_smfmac")):
                yield name, row


@pytest.mark.parametrize("gpu, row", list(_table_rows()), ids=lambda x: getattr(x, "opcode", x))
def test_every_table_opcode_parses_to_its_declared_shape_and_dtypes(gpu, row):
    parsed = parse_matrix_opcode(row.opcode)
    assert parsed is not None and parsed.canonical == row.opcode
    assert (parsed.m, parsed.n, parsed.k, parsed.blocks) == (row.m, row.n, row.k, 1)
    if parsed.operand_formats:   # f8f6f4: the entry names the formats; the modifiers pick them
        cbsz = {"fp8": 0, "bf8": 1, "fp6": 2, "fp4": 4}[row.dtype_a]
        parsed = parse_matrix_opcode(row.opcode, cbsz=cbsz, blgp=cbsz)
    assert (parsed.dtype_a, parsed.dtype_b) == (row.dtype_a, row.dtype_b)


def test_every_opcode_of_the_committed_assembly_parses():
    seen = {}
    for path in CORPUS:
        for mnemonic in MNEMONIC.findall(path.read_text()):
            seen[mnemonic] = parse_matrix_opcode(mnemonic)
    assert seen, "the corpus has matrix instructions"
    assert all(p is not None for p in seen.values()), [m for m, p in seen.items() if p is None]
    # the corpus is bf16 GEMMs; its opcodes are the tables' spellings
    tables = {row.opcode for _, row in _table_rows()}
    for mnemonic, parsed in seen.items():
        assert (parsed.dtype_a, parsed.dtype_b, parsed.accumulator) == ("bf16", "bf16", "fp32")
        assert parsed.canonical in tables


@pytest.mark.parametrize("opcode, expected", [
    # (canonical, M, N, K, blocks, A, B, accumulator)
    ("v_mfma_f32_16x16x32_bf8_bf8", ("v_mfma_f32_16x16x32_bf8_bf8", 16, 16, 32, 1, "bf8", "bf8", "fp32")),
    ("v_mfma_f32_16x16x32_fp8_bf8", ("v_mfma_f32_16x16x32_fp8_bf8", 16, 16, 32, 1, "fp8", "bf8", "fp32")),
    ("v_mfma_f32_32x32x16_bf8_fp8", ("v_mfma_f32_32x32x16_bf8_fp8", 32, 32, 16, 1, "bf8", "fp8", "fp32")),
    ("v_mfma_f32_16x16x16bf16_1k", ("v_mfma_f32_16x16x16_bf16", 16, 16, 16, 1, "bf16", "bf16", "fp32")),
    ("v_mfma_f32_32x32x8f16", ("v_mfma_f32_32x32x8_f16", 32, 32, 8, 1, "fp16", "fp16", "fp32")),
    ("v_mfma_f32_32x32x1f32", ("v_mfma_f32_32x32x1_2b_f32", 32, 32, 1, 2, "fp32", "fp32", "fp32")),
    ("v_mfma_f32_4x4x4f16", ("v_mfma_f32_4x4x4_16b_f16", 4, 4, 4, 16, "fp16", "fp16", "fp32")),
    ("v_mfma_f32_32x32x4_2b_f16", ("v_mfma_f32_32x32x4_2b_f16", 32, 32, 4, 2, "fp16", "fp16", "fp32")),
    ("v_mfma_f64_4x4x4f64", ("v_mfma_f64_4x4x4_4b_f64", 4, 4, 4, 4, "fp64", "fp64", "fp64")),
    ("v_mfma_i32_16x16x64_i8", ("v_mfma_i32_16x16x64_i8", 16, 16, 64, 1, "int8", "int8", "int32")),
    ("v_mfma_f32_16x16x8xf32", ("v_mfma_f32_16x16x8_xf32", 16, 16, 8, 1, "xf32", "xf32", "fp32")),
    ("v_smfmac_f32_16x16x32_bf16", ("v_smfmac_f32_16x16x32_bf16", 16, 16, 32, 1, "bf16", "bf16", "fp32")),
    ("v_mfma_f32_16x16x16_bf16_e64", ("v_mfma_f32_16x16x16_bf16", 16, 16, 16, 1, "bf16", "bf16", "fp32")),
])
def test_spellings_the_compilers_emit(opcode, expected):
    p = parse_matrix_opcode(opcode)
    assert (p.canonical, p.m, p.n, p.k, p.blocks, p.dtype_a, p.dtype_b, p.accumulator) == expected


def test_f8f6f4_reads_its_operand_formats_from_cbsz_and_blgp():
    name = "v_mfma_scale_f32_16x16x128_f8f6f4"
    assert (parse_matrix_opcode(name).dtype_a, parse_matrix_opcode(name).dtype_b) == ("fp8", "fp8")
    mixed = parse_matrix_opcode(name, cbsz=1, blgp=4)
    assert (mixed.dtype_a, mixed.dtype_b, mixed.scaled, mixed.operand_formats) == ("bf8", "fp4", True, True)
    assert parse_matrix_opcode(name, cbsz=2).dtype_a == "fp6"
    assert parse_matrix_opcode(name, cbsz=7) is None          # no such format


def test_sparse_and_non_matrix_forms():
    sparse = parse_matrix_opcode("v_smfmac_f32_16x16x32_bf16")
    assert sparse.sparse and sparse.dense_k == 16 and sparse.flops == 2 * 16 * 16 * 32
    for name in ("v_mfma_ld_scale_b32", "v_mfma_f32_64x64x64_zz", "v_add_u32", "v_mfma_f32_16x16x16"):
        assert parse_matrix_opcode(name) is None


def test_no_second_matrix_opcode_regex_in_the_package():
    """One parser: no other module of gemmsim matches matrix mnemonics with a regular expression."""
    offenders = []
    for path in (ROOT / "gemmsim").rglob("*.py"):
        if path.name == "matrix_opcode.py":
            continue
        for line in path.read_text().splitlines():
            if re.search(r"""re\.\w+\(\s*r?["'][^"']*mfma""", line):
                offenders.append(f"{path.relative_to(ROOT)}: {line.strip()}")
    assert not offenders, offenders


def _write_gpu(path: Path, opcode: str, shape: str, dtypes: str) -> Path:
    """mi300x's file with one [[matrix]] entry (a new path each time: the loader caches by path), without
    the arch fact that names opcodes of the full table."""
    text = "".join(line for line in (ROOT / "gemmsim" / "hw" / "mi300x.toml").read_text().splitlines(keepends=True)
                   if not line.startswith("preshuffle_mfma = "))
    entry = (f'[[matrix]]\nopcode = "{opcode}"\nshape = {shape}\ndtypes = {dtypes}\ncycles = 16\n'
             f'kind = "spec"\nsource = "mfma_calc"\n')
    path.write_text(text[:text.index("[[matrix]]")] + entry)
    return path


def test_the_loader_checks_each_entry_against_its_opcode(tmp_path):
    good = load_gpu(_write_gpu(tmp_path / "good.toml", "v_mfma_f32_16x16x32_bf8_bf8", "[16, 16, 32]", '["bf8", "bf8"]'))
    assert good.matrix[0].dtype_a == "bf8"
    with pytest.raises(HardwareFileError, match="shape .* disagrees with the opcode's 16x16x16"):
        load_gpu(_write_gpu(tmp_path / "shape.toml", "v_mfma_f32_16x16x16_bf16", "[16, 16, 32]", '["bf16", "bf16"]'))
    with pytest.raises(HardwareFileError, match=r"dtypes .* disagree with the opcode's \[bf8, fp8\]"):
        load_gpu(_write_gpu(tmp_path / "mixed.toml", "v_mfma_f32_16x16x32_bf8_fp8", "[16, 16, 32]", '["fp8", "fp8"]'))
    with pytest.raises(HardwareFileError, match="not a registry name"):
        load_gpu(_write_gpu(tmp_path / "alias.toml", "v_mfma_f32_16x16x16_bf16", "[16, 16, 16]", '["bfloat16", "bf16"]'))
    with pytest.raises(HardwareFileError, match="formats among fp8, bf8, fp6, fp4"):
        load_gpu(_write_gpu(tmp_path / "f8f6f4.toml", "v_mfma_scale_f32_16x16x128_f8f6f4", "[16, 16, 128]",
                            '["bf16", "bf16"]'))
