"""The preshuffle GEMM as a kernel family (gemmsim.frontends.registry's default): its configuration
is gemmsim.problem.KernelConfig (`--tile` and the kernel flags, or `--config tile=...,lds_stage=1`),
its Program the generator's, from the static analysis of the configuration on the GPU."""

from __future__ import annotations

from typing import Any, Mapping

from gemmsim import limits
from gemmsim.errors import InputError
from gemmsim.frontends.family import Built, Family, convert_options
from gemmsim.problem import KERNEL_DTYPES, KernelConfig, Problem, make_config

KNOBS = ("lds_stage", "swizzle", "copy", "epilogue", "waves_per_eu", "split_k")


class Preshuffle(Family):
    name = "preshuffle"
    summary = "the FlyDSL-style preshuffle GEMM (AMD): A through LDS, B pre-shuffled into registers"
    config_type = KernelConfig
    dtypes = KERNEL_DTYPES
    searchable = True      # gemmsim.tuning ranks its configurations

    def parse_config(self, tile: str | None, options: Mapping[str, Any]) -> KernelConfig:
        options = dict(options)
        if "tile" in options:
            if tile is not None:
                raise InputError(f"give the tile once: --tile {tile} or tile={options['tile']} in --config")
            tile = options.pop("tile")
        for key in options:
            if key not in KNOBS:
                raise InputError(f"--config key {key!r}: the {self.name} family takes tile, {', '.join(KNOBS)}")
        if tile is None:
            raise InputError(f"the {self.name} family needs a tile: --tile MxNxK (or tile= in --config)")
        return make_config(tile, **convert_options(KernelConfig, options, self.name))

    def build(self, problem: Problem, config: KernelConfig, gpu) -> Built:
        from gemmsim.frontends.preshuffle.analysis import analyze
        from gemmsim.frontends.preshuffle.generator import generate

        a = analyze(problem, config, gpu)      # the rules first: they check the split
        limits.check_grid(a.grid_m, a.grid_n, config.tile, problem.batch * config.split_k)
        return Built(generate(a, gpu), problem, analysis=a)

    def space(self, text: str | None):
        """The preshuffle Space (`tiles`, `full`, axes replaced); tuning.search ranks it with the
        analysis' bounds and its pool of replays."""
        from gemmsim.frontends.preshuffle.space import parse_space

        return parse_space(text)

    def candidates(self, problem: Problem, gpu, space) -> list[KernelConfig]:
        return space.configs(problem)

    def refuses(self, gpu) -> str | None:
        if gpu.arch_facts.preshuffle_hot_loop is None:
            return (f"{gpu.name} ({gpu.arch}) has no FlyDSL hot-loop schedule of the preshuffle GEMM "
                    f"([arch_facts].preshuffle_hot_loop)")
        return None


FAMILIES = (Preshuffle(),)
