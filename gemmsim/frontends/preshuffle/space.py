"""The candidate space of the preshuffle GEMM family: one tuple of values per knob.

A space is the cross product of its axes; tile_k is given in bytes so one space serves every dtype
(128 B of K is 64 bf16 or 128 fp8 elements). Configurations the kernel's rules reject are pruned
later, by the analysis (it raises ConfigError), never by a second copy of the rules here.

    tiles   the tiles x the split factor, every other knob at its default
    full    the tiles x lds_stage x copy mode x epilogue x waves_per_eu x the split factor

The split factor (split_k: workgroups sharing an output tile, each over 1/split_k of the K tiles,
then a reduction pass; frontends/preshuffle/analysis.py) is an axis of the named spaces `tune` and
its dispatch tables search: a skinny GEMM's grid leaves most CUs idle unsplit. The bases TILES
and FULL keep it at 1: `predict` without a tile and `shapes --model` cost each GEMM over TILES,
the kernel as launched without a split.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, fields, replace

from gemmsim.errors import InputError
from gemmsim.frontends.family import space_axes
from gemmsim.problem import COPY_MODES, EPILOGUES, KernelConfig, Problem


@dataclass(frozen=True)
class Space:
    tile_m: tuple[int, ...] = (16, 32, 64, 128)
    tile_n: tuple[int, ...] = (64, 128, 256)
    tile_k_bytes: tuple[int, ...] = (128, 256)
    lds_stage: tuple[int, ...] = (2,)
    copy: tuple[str, ...] = ("sync",)
    epilogue: tuple[str, ...] = ("direct",)
    waves_per_eu: tuple[int | None, ...] = (None,)
    swizzle: tuple[bool, ...] = (True,)
    split_k: tuple[int, ...] = (1,)

    def configs(self, problem: Problem) -> list[KernelConfig]:
        """Every configuration of the space for this problem, in a fixed order (ties keep it)."""
        out = []
        for tk_bytes, tm, tn, stage, copy, epilogue, wpe, swizzle, split in itertools.product(
                self.tile_k_bytes, self.tile_m, self.tile_n, self.lds_stage, self.copy, self.epilogue,
                self.waves_per_eu, self.swizzle, self.split_k):
            tile_k = tk_bytes / problem.elem_bytes
            if tile_k != int(tile_k):
                continue
            out.append(KernelConfig(tm, tn, int(tile_k), lds_stage=stage, copy=copy, epilogue=epilogue,
                                    waves_per_eu=wpe, swizzle=swizzle, split_k=split))
        return out

    def describe(self) -> str:
        """A canonical text (the cache key and what the output names); split_k is named only where
        it splits, so an unsplit space keeps the text (and the cache entries) it had before the axis."""
        return " ".join(f"{f.name}={','.join(_text(v) for v in getattr(self, f.name))}"
                        for f in fields(self) if f.name != "split_k" or self.split_k != (1,))


TILES = Space()
FULL = Space(lds_stage=(1, 2), copy=COPY_MODES, epilogue=EPILOGUES, waves_per_eu=(None, 1, 2))
# K split over 1 to 16 workgroups: what GEMM libraries' split-K and stream-K tunings span (hipBLASLt's
# global split-U, aiter's splitK column); a split must also divide the K tiles (the kernel's rule)
SPLITS = (1, 2, 4, 8, 16)
SPACES = {"tiles": replace(TILES, split_k=SPLITS), "full": replace(FULL, split_k=SPLITS)}


def parse_space(text: str | None) -> Space:
    """`full`, `tiles`, or a named space with axes replaced: `full tile_m=64,128 lds_stage=2`,
    `tiles split_k=1` (no split)."""
    words = (text or "full").replace(";", " ").split()
    base = SPACES.get(words[0]) if words else FULL
    if base is None:
        base, axes = FULL, words
    else:
        axes = words[1:]
    names = {f.name for f in fields(Space)}
    return replace(base, **space_axes(axes, names, _value, lambda axis: (
        f"space {axis!r}: expected NAME=V1,V2 with NAME one of {', '.join(sorted(names))}, "
        f"or a named space ({', '.join(SPACES)})")))


def _value(name: str, text: str):
    if name in ("copy", "epilogue"):
        return text
    if name == "waves_per_eu" and text == "auto":
        return None
    if name == "swizzle" and text in ("on", "off"):
        return text == "on"
    try:
        return int(text)
    except ValueError:
        raise InputError(f"space {name}={text!r}: expected an integer") from None


def _text(value) -> str:
    return "auto" if value is None else ("on" if value else "off") if isinstance(value, bool) else str(value)
