"""The facts gemmsim ships of the kernels kernels/mma_preshuffle.hip builds (gemmsim/frontends/sm90/
built_mma.json): they are what the SASS readers take from the committed listings, and a configuration
built with them is the one `compare` predicts from the measured kernel's listing and registers."""

import pytest

from gemmsim.errors import ConfigError
from gemmsim.frontends import registry
from gemmsim.frontends.sm90.built_mma import built_kernel, decode, encode
from gemmsim.frontends.sm90.families import MmaConfig, mma_symbol
from gemmsim.frontends.sm90.mma_space import BUILT_TILES
from gemmsim.hw import load_gpu
from gemmsim.problem import Problem
from gemmsim.simulate import predict_built
from validation import built_mma

FAMILY = registry.get("sm90-mma")


def test_the_shipped_facts_are_the_committed_listings_and_registers():
    assert built_mma.FACTS.read_text() == built_mma.text(), "run python -m validation.built_mma"


def test_every_built_kernel_has_facts_and_they_survive_json():
    for tile in BUILT_TILES:
        for swizzle in (False, True):
            kernel = built_kernel(mma_symbol(tile, swizzle))
            assert kernel is not None and kernel.registers > 0 and kernel.order
            assert decode(encode(kernel)) == kernel
    assert built_kernel("mma_preshuffle_m8n8k8_swz0") is None


def test_built_predicts_what_the_listing_and_the_registers_predict():
    gpu, problem = load_gpu("h200"), Problem(512, 512, 2048, "bf16")
    symbol = mma_symbol((64, 128, 64), True)
    listing = built_mma.LISTINGS / f"{symbol}.sass"
    registers = built_mma.registers()[symbol]
    shipped = FAMILY.build(problem, MmaConfig((64, 128, 64), True, built=True), gpu)
    from_listing = FAMILY.build(problem, MmaConfig((64, 128, 64), True, registers, str(listing)), gpu)
    assert predict_built(shipped, gpu).time_us == predict_built(from_listing, gpu).time_us
    bare = FAMILY.build(problem, MmaConfig((64, 128, 64), True), gpu)
    assert predict_built(bare, gpu).time_us != predict_built(shipped, gpu).time_us


def test_tune_ranks_the_built_kernels():
    gpu = load_gpu("h200")
    configs = FAMILY.candidates(None, gpu, FAMILY.space(None))
    assert configs and all(c.built for c in configs)


@pytest.mark.parametrize("config, message", [
    (MmaConfig((64, 64, 32), True, built=True), "ships no facts of mma_preshuffle_m64n64k32_swz1"),
    (MmaConfig((64, 128, 64), True, sass="k.sass", built=True), "not both"),
])
def test_built_refuses_in_one_line(config, message):
    with pytest.raises(ConfigError, match=message):
        FAMILY.build(Problem(512, 512, 512, "bf16"), config, load_gpu("h200"))
