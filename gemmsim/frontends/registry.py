"""The kernel families by name: each registers once, and predict, tune, compare and the command
look them up here (gemmsim.frontends.family says what a family is).

Built in (each module's FAMILIES, loaded on the first lookup, so that `import gemmsim` stays cheap):

    preshuffle    the FlyDSL-style preshuffle GEMM generator (AMD); the default family
    sm90-mma      the sm_90 stream of kernels/mma_preshuffle.hip (symbols mma_preshuffle_m<M>n<N>k<K>_swz<S>)
    sm90-ladder   the sm_90 streams of kernels/ladder.hip (symbols <variant>_<f32|f64|i32>)
    isa           compiled AMDGPU assembly (`--isa FILE.s`)
    triton        a Triton kernel compiled for the GPU's arch, then read as assembly (`--triton FILE.py:KERNEL`)

Another family (a test's, a user's) is added with `register(family)`: from then on `gemmsim predict
--family NAME` builds its Program and a measured kernel whose symbol it claims is predicted by it.
"""

from __future__ import annotations

import dataclasses
import re

from gemmsim.errors import InputError
from gemmsim.frontends.family import FrontEnd, Named

DEFAULT = "preshuffle"      # the family of `--tile` and the kernel flags when no --family is given
NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
MEMBERS = ("name", "summary", "config_type", "dtypes", "default_dtype", "searchable", "parse_config", "build",
           "refuses", "kernel_for_symbol", "symbol", "space", "candidates", "lower_bound_us")

_families: dict[str, FrontEnd] = {}
_built_ins_loaded = False


def _built_ins() -> tuple[FrontEnd, ...]:
    from gemmsim.frontends.amdgpu.family import FAMILIES as amdgpu
    from gemmsim.frontends.preshuffle.family import FAMILIES as preshuffle
    from gemmsim.frontends.sm90.families import FAMILIES as sm90
    from gemmsim.frontends.triton.family import FAMILIES as triton

    return preshuffle + sm90 + amdgpu + triton


def _all() -> dict[str, FrontEnd]:
    global _built_ins_loaded
    if not _built_ins_loaded:
        _built_ins_loaded = True
        for family in _built_ins():
            _check(family)
            _families.setdefault(family.name, family)
    return _families


def _check(family) -> None:
    """A programming error, not a user's: the family breaks the FrontEnd contract."""
    lacking = [m for m in MEMBERS if not hasattr(family, m)]
    if lacking:
        raise TypeError(f"{family!r} is not a FrontEnd (gemmsim.frontends.family): it lacks {', '.join(lacking)}")
    if not isinstance(family.name, str) or not NAME.match(family.name):
        raise ValueError(f"family name {family.name!r}: lower-case letters, digits, '-' and '_'")
    t = family.config_type
    if not (dataclasses.is_dataclass(t) and t.__dataclass_params__.frozen):
        raise TypeError(f"family {family.name}: config_type {t!r} must be a frozen dataclass")


def register(family: FrontEnd, replace: bool = False) -> FrontEnd:
    """Add a family under its name (`replace`: over one registered before). Returns it."""
    _check(family)
    families = _all()
    if family.name in families and not replace:
        raise ValueError(f"a family {family.name!r} is registered already (replace=True replaces it)")
    families[family.name] = family
    return family


def unregister(name: str) -> None:
    """Remove a family registered with `register` (a test's, once it is done)."""
    _all().pop(name, None)


def names() -> list[str]:
    return list(_all())


def get(name: str | None = None) -> FrontEnd:
    """The family of that name (None: the default, preshuffle)."""
    families = _all()
    name = DEFAULT if name is None else name
    if name not in families:
        raise InputError(f"unknown kernel family {name!r}: expected one of {', '.join(families)}")
    return families[name]


def searchable(name: str | None = None) -> FrontEnd:
    """The family of that name, where gemmsim.tuning's search ranks its configurations (`tune`)."""
    family = get(name)
    if not family.searchable:
        can = [f.name for f in _all().values() if f.searchable]
        raise InputError(f"the {family.name} family has no candidate space to tune: tune searches "
                         f"{', '.join(can)}'s configurations")
    return family


def searchable_for(gpu) -> FrontEnd:
    """The family `tune` ranks for `gpu` when none is named: the first registered searchable family that
    builds for it (the built-in order: preshuffle on the AMD GPUs, sm90-mma on the H200)."""
    refusals = []
    for family in _all().values():
        if family.searchable:
            reason = family.refuses(gpu)
            if reason is None:
                return family
            refusals.append(f"{family.name}: {reason}")
    raise InputError(f"no kernel family with a candidate space builds for {gpu.name} ({'; '.join(refusals)})")


def kernel_for_symbol(symbol: str, registers: int | None = None, listing: str | None = None) -> Named | None:
    """The family and config of a measured kernel by its symbol: the first family that claims it
    (the built-in ones first), or None (a kernel of no family: the caller gives its tile)."""
    for family in _all().values():
        named = family.kernel_for_symbol(symbol, registers, listing)
        if named is not None:
            return named
    return None
