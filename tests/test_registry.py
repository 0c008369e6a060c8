"""The kernel families' registry: every family is looked up there, by `predict`, `tune`, `compare`
and the command, and the symbols of kernels/ are claimed by their own family only."""

import dataclasses
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import gemmsim
from gemmsim.errors import ConfigError, InputError
from gemmsim.frontends import registry
from gemmsim.frontends.family import Family, Named, config_from_options, parse_options
from gemmsim.frontends.sm90.families import MmaConfig
from gemmsim.measurements.predictor import Predictor
from gemmsim.measurements.readers import read_points
from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "validation" / "results" / "h200"
ISA = ROOT / "tests" / "data" / "isa" / "preshuffle_gemm_gfx942.s"
ISA_KERNEL = "preshuffle_bf16_m64n256k64_swz1_hint0"


def test_the_built_in_families_register_once():
    assert registry.names()[:6] == ["preshuffle", "sm90-mma", "sm90-ladder", "sass", "isa", "triton"]
    assert registry.get().name == registry.DEFAULT == "preshuffle"
    with pytest.raises(InputError, match=r"unknown kernel family 'cutlass': expected one of preshuffle, sm90-mma"):
        registry.get("cutlass")
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.get("sm90-mma"))


def test_a_family_needs_a_frozen_config_and_every_member():
    @dataclass
    class Loose:
        tile: tuple[int, int, int]

    class Bad(Family):
        name, config_type = "bad", Loose

    with pytest.raises(TypeError, match="must be a frozen dataclass"):
        registry.register(Bad())
    with pytest.raises(TypeError, match="lacks name, summary"):
        registry.register(object())


def test_no_symbol_name_dispatch_outside_the_families_own_registrations():
    """grep finds the symbol patterns only where the sm_90 families claim their kernels."""
    out = subprocess.run(["grep", "-rn", r'LADDER_SYMBOL\|MMA_SYMBOL\|startswith("mma_\|startswith("gemm', "gemmsim/"],
                         cwd=ROOT, capture_output=True, text=True).stdout
    files = {line.split(":")[0] for line in out.splitlines()}
    assert files == {"gemmsim/frontends/sm90/families.py"}


def test_symbols_name_their_family_and_config():
    mma = registry.kernel_for_symbol("mma_preshuffle_m64n128k64_swz0", registers=160, listing="x.sass")
    assert (mma.family, mma.group, mma.tile, mma.swizzle) == ("sm90-mma", "mma_preshuffle", (64, 128, 64), False)
    assert (mma.config.registers, mma.config.sass) == (160, "x.sass")
    ladder = registry.kernel_for_symbol("gemm_tiled_blocked2x2_i32")
    assert (ladder.family, ladder.group, ladder.dtype, ladder.config.kernel) == (
        "sm90-ladder", "ladder_int32", "int32", "gemm_tiled_blocked2x2")
    assert registry.kernel_for_symbol("kernel_gemm_preshuffle_fp8_64x256x128") is None


def test_predict_reaches_the_sm90_mma_family_as_compare_predicts_it(capsys):
    """`gemmsim predict --family sm90-mma` of a measured point: compare's time less the launch overhead."""
    point = next(p for p in read_points(RESULTS / "matrix.csv")
                 if p.symbol == "mma_preshuffle_m64n128k64_swz1" and p.shape == "512x512x2048")
    total, kernel_us, _ = Predictor(RESULTS / "sass").predict(point)
    config = f"tile=64x128x64,swizzle=1,registers={point.registers},sass={RESULTS / 'sass' / (point.symbol + '.sass')}"
    p = gemmsim.predict("512x512x2048", family="sm90-mma", config=config, gpu="h200")
    assert p.time_us == kernel_us and total == kernel_us + gemmsim.load_gpu("h200").launch_overhead_us
    rc, out = run_cli(["predict", "--family", "sm90-mma", "--config", config, "--shape", "512x512x2048",
                       "--gpu", "h200", "--json"], capsys)
    assert rc == 0 and f'"time_us": {float(f"{kernel_us:.6g}")}' in out   # JSON floats: 6 significant digits


def test_predict_reaches_the_ladder_family_with_its_own_dtypes():
    point = next(p for p in read_points(RESULTS / "ladder.csv") if p.symbol == "gemm_tiled_f64" and p.shape == "512x512x512")
    _, kernel_us, _ = Predictor().predict(point)    # the source order: no listing
    assert gemmsim.predict("512x512x512", family="sm90-ladder", config=f"kernel=gemm_tiled,registers={point.registers}",
                           dtype="fp64", gpu="h200").time_us == kernel_us
    with pytest.raises(ConfigError, match="dtype 'bf16' is not one the sm90-ladder kernel takes: expected one of fp32"):
        gemmsim.predict("512x512x512", family="sm90-ladder", config="kernel=gemm", dtype="bf16", gpu="h200")


def test_the_preshuffle_family_by_config_is_the_flags_prediction():
    by_flags = gemmsim.predict("1024x1024x1024", "64x128x64", lds_stage=1, gpu="mi300x")
    by_config = gemmsim.predict("1024x1024x1024", family="preshuffle", config="tile=64x128x64,lds_stage=1", gpu="mi300x")
    assert by_config.to_dict() == by_flags.to_dict()
    with pytest.raises(InputError, match="--lds-stage: knob of the preshuffle family; the sm90-mma family takes --config"):
        gemmsim.predict("1024x1024x1024", family="sm90-mma", config="tile=64x128x64", lds_stage=1, gpu="h200")


def test_the_isa_family_is_predict_isa():
    by_flag = gemmsim.predict("1024x1024x2048", isa=ISA, kernel=ISA_KERNEL, gpu="mi300x")
    by_family = gemmsim.predict("1024x1024x2048", family="isa", config=f"isa={ISA},kernel={ISA_KERNEL}", gpu="mi300x")
    assert by_family.to_dict() == by_flag.to_dict()


def test_tune_takes_only_a_family_it_can_search_that_builds_for_the_gpu():
    with pytest.raises(InputError, match="the sm90-ladder family has no candidate space to tune"):
        gemmsim.tune("256x512x1024", family="sm90-ladder", gpu="h200", cache=False)
    with pytest.raises(InputError, match="the sm90-mma family builds nothing for mi300x"):
        gemmsim.tune("256x512x1024", family="sm90-mma", gpu="mi300x", cache=False)


def test_a_measured_symbol_a_registered_family_claims_is_predicted_by_it():
    class Claims(Family):
        name, config_type = "claims", MmaConfig

        def kernel_for_symbol(self, symbol, registers=None, listing=None):
            if re.fullmatch(r"toy_kernel_\d+", symbol):
                return Named(self.name, self.config_type(tile=(64, 128, 64)), "toy", tile=(64, 128, 64))
            return None

        def build(self, problem, config, gpu):
            raise ConfigError("built by the claims family")

    registry.register(Claims())
    try:
        point = dataclasses.replace(read_points(RESULTS / "matrix.csv")[0], symbol="toy_kernel_7")
        with pytest.raises(ConfigError, match="built by the claims family"):
            Predictor().predict(point)
    finally:
        registry.unregister("claims")


def test_config_text_is_read_by_the_fields_types():
    @dataclass(frozen=True)
    class C:
        tile: tuple[int, int, int]
        on: bool = True
        count: int | None = None

    assert config_from_options(C, "16x32x64", parse_options("on=0,count=none"), "c") == C((16, 32, 64), False, None)
    for text, message in (("on=maybe", "expected one of 1, true"), ("count=x", "expected an integer"),
                          ("tile=1x2", "has 2 dimensions"), ("on", "expected key=value pairs"), ("on=1,on=0", "twice")):
        with pytest.raises(InputError, match=message):
            config_from_options(C, None, parse_options(text), "c")
    with pytest.raises(InputError, match=r"the c family needs tile=\.\.\. in --config \(or --tile\)"):
        config_from_options(C, None, {}, "c")
