"""A kernel family: what builds one kind of kernel's Program (the IR) from a problem, the family's own
kernel configuration and a GPU. The model never asks which family a Program came from.

A family is a `FrontEnd`; gemmsim.frontends.registry keeps them by name, and `gemmsim predict
--family NAME --config key=value,...`, the library's `predict(family=...)`, `tune` and `compare`
look them up there. `Family` gives the defaults, so that a new family is a config dataclass and a
`build`:

    @dataclass(frozen=True)
    class ToyConfig:
        tile: tuple[int, int, int]
        mfmas: int = 4

    class Toy(Family):
        name, config_type = "toy", ToyConfig
        def build(self, problem, config, gpu):
            return Built(program, problem)        # a Program of gemmsim.ir.program

    registry.register(Toy())

A searchable family (`searchable = True`) also says what `tune` ranks: `space(text)` reads
`--space` into the family's candidate space (anything with a `describe()`, the text it is cached
under), `candidates(problem, gpu, space)` lists that space's configurations for a problem, and
`lower_bound_us(problem, config, gpu)` bounds a configuration's time from below without a replay
(None, the default: the search uses the roofline; a tighter bound prunes more, one that is not a bound ranks wrongly).

`--config` text is read into the config by its fields' types (int, float, bool, str, a tuple of
ints written 64x128x64, each optionally None), `--tile` into a field named `tile`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Protocol

from gemmsim.errors import InputError
from gemmsim.problem import KERNEL_DTYPES, Problem, parse_dims

if TYPE_CHECKING:
    from gemmsim.hw import GPU
    from gemmsim.ir.program import Program


@dataclass(frozen=True)
class Built:
    """What a family built: the Program, the problem it computes (a family may widen it, as the sm_90
    streams give C its fp32 width), and what sizes the per-tile figures where the family knows it."""

    program: Program
    problem: Problem
    analysis: Any = None       # the preshuffle family's TileAnalysis (tiles and occupancy), else None
    tiles: Any = None          # a KernelConfig whose tile sizes the per-tile figures (a parsed kernel's), else None


@dataclass(frozen=True)
class Named:
    """What a measured kernel's symbol says of it: the family that builds it and its configuration."""

    family: str                 # the registered family's name
    config: Any                 # that family's config
    group: str                  # the points ranked together ("ladder_fp32", "mma_preshuffle")
    dtype: str | None = None    # the input dtype the symbol writes, where it writes one
    tile: tuple[int, int, int] | None = None
    swizzle: bool = True


class FrontEnd(Protocol):
    """One kernel family, registered once (gemmsim.frontends.registry.register)."""

    name: str                   # `--family NAME`
    summary: str                # one line for `--help`
    config_type: type           # a frozen dataclass: the family's kernel configuration
    dtypes: tuple[str, ...]     # the input dtypes it builds for
    default_dtype: str          # the input dtype when none is given
    searchable: bool            # gemmsim.tuning's search ranks its configurations (`tune`, predict without a tile)

    def parse_config(self, tile: str | None, options: Mapping[str, Any]) -> Any:
        """The config from `--tile` and the `--config` options (text, or values of the fields' types)."""

    def build(self, problem: Problem, config: Any, gpu: GPU) -> Built:
        """The Program of `config` for `problem` on `gpu` (ConfigError for a rule of the family)."""

    def refuses(self, gpu: GPU) -> str | None:
        """Why the family builds nothing for `gpu`, or None where it does."""

    def kernel_for_symbol(self, symbol: str, registers: int | None = None, listing: str | None = None) -> Named | None:
        """A measured kernel of this family by its symbol (with the registers per thread its row gives and
        its compiled listing where there is one), or None when the symbol is not one of the family's."""

    def symbol(self, config: Any) -> str | None:
        """The symbol of the kernel of kernels/ that the project's runner measures for `config`
        (`gemmsim tune --measure-top`), or None when no kernel of kernels/ is this configuration."""

    def space(self, text: str | None) -> Any:
        """The candidate space `--space` names (None: the family's default); its `describe()` is canonical text."""

    def candidates(self, problem: Problem, gpu: GPU, space: Any) -> list:
        """The space's configurations for `problem` on `gpu` (the family's rules may still refuse some in `build`)."""

    def lower_bound_us(self, problem: Problem, config: Any, gpu: GPU) -> float | None:
        """No prediction of `config` for `problem` on `gpu` is faster (µs), found without a replay; None:
        the family knows no bound of its own and the search uses the roofline."""


class Family:
    """The defaults of a FrontEnd: subclass it, set `name` and `config_type`, write `build`."""

    name = ""
    summary = ""
    config_type: type = type(None)
    dtypes: tuple[str, ...] = KERNEL_DTYPES
    default_dtype = "bf16"
    searchable = False

    def parse_config(self, tile: str | None, options: Mapping[str, Any]) -> Any:
        return config_from_options(self.config_type, tile, options, self.name)

    def build(self, problem: Problem, config: Any, gpu: GPU) -> Built:
        raise NotImplementedError(f"the {self.name} family builds no Program")

    def refuses(self, gpu: GPU) -> str | None:
        return None

    def kernel_for_symbol(self, symbol: str, registers: int | None = None, listing: str | None = None) -> Named | None:
        return None

    def symbol(self, config: Any) -> str | None:
        return None

    def space(self, text: str | None) -> Any:
        raise InputError(f"the {self.name} family has no candidate space to tune")

    def candidates(self, problem: Problem, gpu: GPU, space: Any) -> list:
        return []

    def lower_bound_us(self, problem: Problem, config: Any, gpu: GPU) -> float | None:
        return None


# --- --config text -----------------------------------------------------------------------------

TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def space_axes(words: list[str], names, read, refusal) -> dict[str, tuple]:
    """The axes of a `--space` text after its named space: each word `NAME=V1,V2` becomes NAME: the values,
    each `read(NAME, V)`; a word of another form, or a NAME not in `names`, is one InputError whose
    text is `refusal(word)`."""
    axes = {}
    for word in words:
        name, _, values = word.partition("=")
        if name not in names or not values:
            raise InputError(refusal(word))
        axes[name] = tuple(read(name, v) for v in values.split(","))
    return axes


def parse_options(text: str | None, flag: str = "--config") -> dict[str, str]:
    """`tile=64x128x64,swizzle=1` -> {"tile": "64x128x64", "swizzle": "1"} (`flag` names the option in errors)."""
    if not text:
        return {}
    out: dict[str, str] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise InputError(f"{flag} {text!r}: expected key=value pairs joined by ',', e.g. "
                             f"{'tile=64x128x64,swizzle=1' if flag == '--config' else 'BLOCK_M=128,num_warps=4'}")
        if key in out:
            raise InputError(f"{flag} {text!r}: {key} is given twice")
        out[key] = value
    return out


def config_from_options(config_type: type, tile: str | None, options: Mapping[str, Any], family: str) -> Any:
    """A config dataclass from `--tile` (its field `tile`) and the options, each read by its field's type;
    an unknown key, a value of the wrong form or a missing required field is refused in one line."""
    options = dict(options)
    fields = {f.name: f for f in dataclasses.fields(config_type)}
    if tile is not None:
        if "tile" not in fields:
            raise InputError(f"the {family} family takes no --tile: its --config keys are {', '.join(fields)}")
        if "tile" in options:
            raise InputError(f"give the tile once: --tile {tile} or tile={options['tile']} in --config")
        options["tile"] = tile
    values = convert_options(config_type, options, family)
    missing = [name for name, f in fields.items() if name not in values
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise InputError(f"the {family} family needs {', '.join(f'{m}=...' for m in missing)} in --config"
                         + (" (or --tile)" if "tile" in missing else ""))
    return config_type(**values)


def convert_options(config_type: type, options: Mapping[str, Any], family: str) -> dict[str, Any]:
    """Each option as its field's type (text is read; a value of another type is kept as given)."""
    hints = typing.get_type_hints(config_type)
    names = [f.name for f in dataclasses.fields(config_type)]
    out = {}
    for key, value in options.items():
        if key not in names:
            raise InputError(f"--config key {key!r}: the {family} family takes {', '.join(names)}")
        out[key] = _read(hints[key], value, key) if isinstance(value, str) else value
    return out


def _read(hint, text: str, key: str):
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        if text.lower() == "none" and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _read(inner[0], text, key) if len(inner) == 1 else text
    if hint is bool:
        if text.lower() in TRUE + FALSE:
            return text.lower() in TRUE
        raise InputError(f"--config {key}={text}: expected one of {', '.join(TRUE + FALSE)}")
    if hint in (int, float):
        try:
            return hint(text)
        except ValueError:
            raise InputError(f"--config {key}={text}: expected {'an integer' if hint is int else 'a number'}") from None
    if typing.get_origin(hint) is tuple and args and all(a is int or a is Ellipsis for a in args):
        count = len(args) if Ellipsis not in args else tuple(range(1, 9))
        return parse_dims(text, f"--config {key}", count)
    if hint is str:
        return text
    raise InputError(f"--config {key}: not settable as text (the library takes it as a value)")
