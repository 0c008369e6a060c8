"""The tiles kernels/mma_preshuffle.hip builds are written once for Python (BUILT_TILES): its
GS_MMA_TILE_CONFIGS macro, what nvcc instantiates, must list exactly those; and the sm90-mma
family's candidate space is made of them."""

import re
from pathlib import Path

import pytest

from gemmsim.errors import InputError
from gemmsim.frontends.sm90.mma_space import BUILT_TILES, SPLITK_FACTORS, SPLITK_TILES, MmaSpace, parse_mma_space

SOURCE = Path(__file__).resolve().parents[1] / "kernels" / "mma_preshuffle.hip"


def _macro_tiles() -> list[tuple[int, int, int]]:
    text = SOURCE.read_text()
    block = text[text.index("#define GS_MMA_TILE_CONFIGS(X)"):].split("// clang-format on", 1)[0]
    return [tuple(int(v) for v in m) for m in re.findall(r"X\((\d+),\s*(\d+),\s*(\d+)\)", block)]


def test_the_kernel_source_instantiates_exactly_the_built_tiles():
    assert _macro_tiles() == list(BUILT_TILES)


def test_the_runner_reads_the_same_list():
    from validation import kernels

    assert kernels.mma_tile_configs() == list(BUILT_TILES)


def test_the_default_space_is_every_built_tile_with_and_without_the_swizzle():
    configs = parse_mma_space("tiles").configs()
    splits = {(t, True, k) for t in SPLITK_TILES for k in SPLITK_FACTORS}
    assert len(configs) == 2 * len(BUILT_TILES) + len(splits)
    assert set(configs) == {(t, s, 1) for t in BUILT_TILES for s in (False, True)} | splits
    assert parse_mma_space("tiles split_k=1").configs() == [c for c in configs if c[2] == 1]
    narrowed = parse_mma_space("built tile=64x256x64,32x256x64 swizzle=on")
    assert narrowed == MmaSpace(((64, 256, 64), (32, 256, 64)), (True,))
    assert narrowed.configs() == [((64, 256, 64), True, 1), ((32, 256, 64), True, 1)]    # no split kernel of theirs
    assert parse_mma_space(narrowed.describe()) == narrowed     # the text it is cached under reads back


@pytest.mark.parametrize("text, message", [("built tile=64x64x16", "builds no such tile"),
                                           ("built swizzle=maybe", "expected on or off"),
                                           ("built split_k=3", "the source builds splits 1, 2, 4, 8"),
                                           ("built lds_stage=2", "sm90-mma family's space")])
def test_a_space_the_kernel_cannot_build_is_refused(text, message):
    with pytest.raises(InputError, match=message):
        parse_mma_space(text)
