"""The suites: which kernel runs on which shape and element type.

Shapes are (M, N, K): C is M x N, the dot products are K long.
"""
from __future__ import annotations

from dataclasses import dataclass

from validation import kernels

SMALL_SHAPES = (
    (128, 128, 128), (256, 256, 256), (512, 512, 512),
    (127, 512, 512), (512, 64, 512), (512, 512, 2048),
)
TRANSFORMER_SHAPES = ((4096, 4096, 4096), (16, 11008, 4096), (597, 11008, 4096),
                      (10240, 8192, 2048))
SHAPES = SMALL_SHAPES + TRANSFORMER_SHAPES
# fp64 and int32 are correctness-and-timing on the small shapes only (fp32 is the ladder's
# timing type on every shape).
LADDER_TYPE_SHAPES = {"f32": SHAPES, "f64": SMALL_SHAPES, "i32": SMALL_SHAPES}
# Odd, non-tile-aligned shapes for compute-sanitizer (memcheck, racecheck) and the smoke
# check: ragged M and N, K not a multiple of any tile, and K % 8 != 0 (the matrix kernel's
# unaligned A path).
CHECK_SHAPES = ((67, 45, 53), (33, 70, 40), (35, 72, 37))
# Shapes no suite above has, measured later to test whether a mechanism generalizes: skinny
# (M <= 64), square, K-heavy and non-aligned. fp32 ladder and every matrix-core config.
FRESH_SHAPES = ((32, 8192, 4096), (64, 4096, 4096), (2048, 2048, 2048), (256, 256, 16384),
                (1000, 2145, 1000), (3000, 1111, 777))
# The K sweep: every matrix-core config at two fixed grids (512 x 512: one block per SM for every tile;
# 128 x 128: one to eight blocks) and K from 128 to 8192, so that a kernel's fixed cost (the launch,
# the first tiles' loads, the epilogue) stands apart from its cost per K tile.
DEPTH_SHAPES = tuple((512, 512, k) for k in (128, 256, 512, 1024, 2048, 4096)) + tuple(
    (128, 128, k) for k in (128, 512, 2048, 8192))
# Large shapes no suite above has (issue 34): the swizzled large tiles were predicted 29-53 % too
# slow at tens to hundreds of GFLOP. K-heavy, N-heavy, large square and wide; every matrix-core config.
LARGE_SHAPES = ((4096, 4096, 8192), (2048, 8192, 10240), (8192, 4096, 1024), (1024, 16384, 4096),
                (6144, 6144, 3072))
# Skinny shapes for split-K (issue 38): M <= 64 with K in the thousands, where a grid of one or two
# output tiles per N column leaves most SMs idle. Each split-K tile (kernels.mma_splitk_configs) split
# 1 (the plain kernel), 2, 4 and 8 ways; every K tile count here is a multiple of 8.
SPLITK_SHAPES = ((32, 4096, 16384), (64, 2048, 8192), (16, 8192, 14336))
SUITES = ("ladder", "matrix", "check", "fresh", "depth", "large", "splitk", "shapes")
# "shapes" has no shapes of its own: every matrix-core config at the shapes --shapes names (what
# `gemmsim tune --measure-top K` runs, with --kernels narrowing it to the K finalists).


@dataclass(frozen=True)
class Point:
    suite: str
    spec: kernels.LaunchSpec
    m: int
    n: int
    k: int

    @property
    def key(self) -> tuple[str, str, int, int, int]:
        return (self.suite, self.spec.symbol, self.m, self.n, self.k)

    @property
    def input_group(self) -> tuple[int, int, int, str]:
        """Points with the same group share one set of device-resident inputs."""
        return (self.m, self.n, self.k, self.spec.dtype)


def ladder_points(vendor: str = "nvidia") -> list[Point]:
    return [Point("ladder", kernels.ladder_spec(kern, dtype), *shape)
            for dtype, shapes in LADDER_TYPE_SHAPES.items()
            for shape in shapes
            for kern in kernels.LADDER_KERNELS]


def matrix_points(vendor: str = "nvidia") -> list[Point]:
    return [Point("matrix", kernels.mma_spec(*cfg, swz, vendor), *shape)
            for shape in SHAPES
            for cfg in kernels.mma_tile_configs()
            for swz in (False, True)]


def check_points(vendor: str = "nvidia") -> list[Point]:
    return [Point("check", spec, *shape) for shape in CHECK_SHAPES
            for spec in kernels.all_specs(vendor)]


def fresh_points(vendor: str = "nvidia") -> list[Point]:
    return ([Point("fresh", kernels.ladder_spec(kern, "f32"), *shape)
             for shape in FRESH_SHAPES for kern in kernels.LADDER_KERNELS]
            + [Point("fresh", kernels.mma_spec(*cfg, swz, vendor), *shape)
               for shape in FRESH_SHAPES for cfg in kernels.mma_tile_configs() for swz in (False, True)])


def depth_points(vendor: str = "nvidia") -> list[Point]:
    return [Point("depth", kernels.mma_spec(*cfg, swz, vendor), *shape)
            for shape in DEPTH_SHAPES for cfg in kernels.mma_tile_configs() for swz in (False, True)]


def large_points(vendor: str = "nvidia") -> list[Point]:
    return [Point("large", kernels.mma_spec(*cfg, swz, vendor), *shape)
            for shape in LARGE_SHAPES for cfg in kernels.mma_tile_configs() for swz in (False, True)]


def shapes_points(shapes, vendor: str = "nvidia") -> list[Point]:
    """Every matrix-core kernel, the split-K ones too, at each of `shapes` (the "shapes" suite: the shapes
    come from the command)."""
    specs = [kernels.mma_spec(*cfg, swz, vendor) for cfg in kernels.mma_tile_configs() for swz in (False, True)]
    specs += [kernels.mma_spec(*tile, True, vendor, split) for tile, split in kernels.mma_splitk_configs()]
    return [Point("shapes", spec, *shape) for shape in shapes for spec in specs]


def splitk_points(vendor: str = "nvidia") -> list[Point]:
    tiles = sorted({tile for tile, _ in kernels.mma_splitk_configs()})
    splits = (1, *sorted({split for _, split in kernels.mma_splitk_configs()}))
    return [Point("splitk", kernels.mma_spec(*tile, True, vendor, split), *shape)
            for shape in SPLITK_SHAPES for tile in tiles for split in splits]


def suite_points(suite: str, vendor: str = "nvidia") -> list[Point]:
    if suite == "shapes":
        raise ValueError("the shapes suite measures the shapes --shapes names: give --shapes")
    if suite == "all":
        return ladder_points(vendor) + matrix_points(vendor)
    builders = {"ladder": ladder_points, "matrix": matrix_points, "check": check_points,
                "fresh": fresh_points, "depth": depth_points, "large": large_points, "splitk": splitk_points}
    if suite not in builders:
        raise ValueError(f"unknown suite {suite!r}; choose {', '.join(SUITES)} or all")
    return builders[suite](vendor)


def parse_shape(text: str) -> tuple[int, int, int]:
    """'597x11008x4096' -> (597, 11008, 4096)."""
    parts = text.lower().split("x")
    if len(parts) != 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise ValueError(f"shape {text!r} is not MxNxK with positive integers")
    return tuple(int(p) for p in parts)  # type: ignore[return-value]
