"""Matrix-instruction layouts and arithmetic, element formats: checked against formulas written out here."""

import ml_dtypes
import numpy as np
import pytest

from gemmsim.errors import ConfigError
from gemmsim.functional.dtypes import FORMATS, decode, encode, input_format, quantize
from gemmsim.functional.mfma import execute, parse_mfma

OPCODES = ["v_mfma_f32_16x16x16_bf16", "v_mfma_f32_16x16x16_f16", "v_mfma_f32_16x16x32_fp8_fp8",
           "v_mfma_i32_16x16x32_i8", "v_mfma_f32_16x16x32_bf16", "v_mfma_i32_16x16x64_i8",
           "v_mfma_scale_f32_16x16x128_f8f6f4", "v_mfma_f32_32x32x8_f16"]


def _lane_operands(a, b, m, k):
    """Place A (m x k) and B (k x n) in lanes by the documented rule: lane g*m + i holds row i (column i)
    for K run g, element e = k % (k / groups)."""
    groups = 64 // m
    kpl = k // groups
    a_lanes = np.zeros((64, kpl), a.dtype)
    b_lanes = np.zeros((64, kpl), b.dtype)
    for lane in range(64):
        g, i = divmod(lane, m)
        a_lanes[lane] = a[i, g * kpl:(g + 1) * kpl]
        b_lanes[lane] = b[g * kpl:(g + 1) * kpl, i]
    return a_lanes, b_lanes


def _c_from_lanes(words, m):
    """Read C back by the documented rule (16x16: lane l, reg r -> C[(l//16)*4 + r, l%16])."""
    c = np.zeros((m, m), words.dtype)
    for lane in range(64):
        for r in range(words.shape[1]):
            if m == 16:
                c[(lane // 16) * 4 + r, lane % 16] = words[lane, r]
            else:
                c[(r // 4) * 8 + (lane // 32) * 4 + r % 4, lane % 32] = words[lane, r]
    return c


@pytest.mark.parametrize("opcode", OPCODES)
def test_mfma_computes_a_times_b_plus_c_in_the_documented_lane_layout(opcode):
    shape = parse_mfma(opcode)
    rng = np.random.default_rng(1)
    m, k = shape.m, shape.k
    if shape.int_accumulator:
        a, b = rng.integers(-128, 128, (m, k)), rng.integers(-128, 128, (k, m))
        acc = rng.integers(-1000, 1000, (64, shape.acc_regs)).astype(np.int32)
    else:
        a, b = rng.integers(-4, 5, (m, k)) * 0.5, rng.integers(-4, 5, (k, m)) * 0.25  # exact in every format
        acc = rng.normal(size=(64, shape.acc_regs)).astype(np.float32)
    a_lanes, b_lanes = _lane_operands(a, b, m, k)
    out = execute(shape, a_lanes[None], b_lanes[None], acc.view(np.uint32)[None])[0]
    got = _c_from_lanes(out.view(np.int32 if shape.int_accumulator else np.float32), m)
    want = a @ b + _c_from_lanes(acc, m)
    assert np.array_equal(got, want.astype(got.dtype))


def test_int32_accumulator_wraps_like_the_hardware():
    shape = parse_mfma("v_mfma_i32_16x16x32_i8")
    a_lanes, b_lanes = np.zeros((64, 8)), np.zeros((64, 8))
    a_lanes[0, 0], b_lanes[0, 0] = 1, 1                      # adds 1 to C[0, 0] (lane 0, register 0)
    acc = np.zeros((64, 4), np.int32)
    acc[0, 0] = np.iinfo(np.int32).max
    out = execute(shape, a_lanes[None], b_lanes[None], acc.view(np.uint32)[None])[0].view(np.int32)
    assert out[0, 0] == np.iinfo(np.int32).min


def test_operand_width_picks_the_f8f6f4_format_and_rejects_wrong_sizes():
    shape = parse_mfma("v_mfma_scale_f32_16x16x128_f8f6f4")
    assert shape.operand_format("gfx950", 32 * 8).name == "fp8_e4m3fn"
    assert shape.operand_format("gfx950", 32 * 4).name == "fp4_e2m1"
    with pytest.raises(ConfigError, match="fp8 .* or fp4"):
        shape.operand_format("gfx950", 32 * 6 + 1)
    with pytest.raises(ConfigError, match="must supply 8 x 8 bits"):
        parse_mfma("v_mfma_f32_16x16x32_fp8_fp8").operand_format("gfx942", 128)


def test_unknown_matrix_opcode_is_a_one_line_error():
    with pytest.raises(ConfigError, match="v_mfma_f32_4x4x4_16b_f16"):
        parse_mfma("v_mfma_f32_4x4x4_16b_f16")


def test_fp8_is_fnuz_on_gfx942_and_ocp_on_gfx950():
    # 1.0: exponent bias 8 (fnuz) gives 0x40, bias 7 (OCP) gives 0x38
    assert decode(np.array([[0x40]], np.uint8), input_format("fp8", "gfx942"))[0, 0] == 1.0
    assert decode(np.array([[0x38]], np.uint8), input_format("fp8", "gfx950"))[0, 0] == 1.0
    assert input_format("fp8", "gfx942").max_value == 240 and input_format("fp8", "gfx950").max_value == 448


def test_quantize_rounds_to_nearest_even_and_saturates():
    fmt = input_format("fp8", "gfx950")
    assert quantize(np.array([1.0 + 1 / 16]), fmt)[0] == 1.0      # tie between 1.0 and 1.125 -> even
    assert quantize(np.array([1e6, -1e6]), fmt).tolist() == [448.0, -448.0]
    assert quantize(np.array([1.0 + 1 / 256]), FORMATS["bf16"])[0] == 1.0
    assert quantize(np.array([300.7, -200.2]), FORMATS["int8"]).tolist() == [127, -128]


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_encode_then_decode_returns_the_quantized_values(name):
    fmt = FORMATS[name]
    rng = np.random.default_rng(2)
    values = quantize(rng.normal(0, 2, size=(3, 64)) * (30 if fmt.is_int else 1), fmt)
    raw = encode(values, fmt)
    assert raw.dtype == np.uint8 and raw.shape == (3, 64 * fmt.bits // 8)
    assert np.array_equal(decode(raw, fmt), values)


def test_fp4_packs_the_even_element_in_the_low_nibble():
    fmt = FORMATS["fp4_e2m1"]
    raw = encode(np.array([[0.5, 6.0]]), fmt)
    assert raw.tolist() == [[(np.array(6.0, ml_dtypes.float4_e2m1fn).view(np.uint8) << 4)
                             | np.array(0.5, ml_dtypes.float4_e2m1fn).view(np.uint8)]]


def test_mixed_fp8_bf8_reads_each_operand_in_its_own_format():
    shape = parse_mfma("v_mfma_f32_16x16x32_fp8_bf8")       # 8 K elements of 8 bits per lane
    assert shape.operand_format("gfx942", 64).name == "fp8_e4m3fnuz"
    assert shape.operand_format("gfx942", 64, operand="b").name == "bf8_e5m2fnuz"
    assert parse_mfma("v_mfma_f32_16x16x32_bf8_bf8").operand_format("gfx950", 64).name == "bf8_e5m2"
