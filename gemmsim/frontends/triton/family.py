"""Triton kernels as a kernel family (`gemmsim predict --triton FILE.py:KERNEL --meta ...`, or
`--family triton --config kernel=FILE.py:KERNEL,BLOCK_M=128,...`): the kernel is compiled for the
GPU's arch (gemmsim.frontends.triton.compiler), its launch read from its signature
(gemmsim.frontends.triton.launch), and the amdgcn handed to the assembly front-end
(gemmsim.frontends.amdgpu), which builds the Program from what the code does, exactly as `gemmsim
isa` reads the same file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from gemmsim import limits
from gemmsim.errors import ConfigError, InputError
from gemmsim.frontends.amdgpu.roles import Role
from gemmsim.frontends.family import TRUE, FALSE, Built, Family, parse_options
from gemmsim.frontends.triton import compiler
from gemmsim.frontends.triton.launch import Launch, bind
from gemmsim.problem import KernelConfig, Problem

TRITON_DTYPES = ("fp16", "bf16", "fp8")


@dataclass(frozen=True)
class TritonConfig:
    """One compiled variant of a Triton kernel: the kernel, its meta-parameters and launch options."""

    kernel: str                                   # FILE.py:KERNEL
    meta: str = ""                                # constexprs and integer arguments by name: "BLOCK_K=64,BLOCK_M=128,..." (sorted)
    num_warps: int = compiler.OPTIONS["num_warps"]
    num_stages: int = compiler.OPTIONS["num_stages"]
    waves_per_eu: int = compiler.OPTIONS["waves_per_eu"]                 # 0: no hint
    matrix_instr_nonkdim: int = compiler.OPTIONS["matrix_instr_nonkdim"]  # 0: the compiler's choice
    kpack: int = compiler.OPTIONS["kpack"]

    @property
    def options(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in compiler.OPTIONS}

    @property
    def values(self) -> dict[str, Any]:
        """The meta-parameters by name, as values (integers, booleans, or M, N, K)."""
        return {name: _meta_value(name, value) for name, value in parse_options(self.meta, "--meta").items()}

    def text(self) -> str:
        """The --meta text of this config (meta-parameters, then the options that differ from Triton's defaults)."""
        changed = [f"{k}={v}" for k, v in self.options.items() if v != compiler.OPTIONS[k]]
        return ",".join(([self.meta] if self.meta else []) + changed)


@dataclass(frozen=True)
class Prepared:
    """What building a config takes before the assembly front-end: the launch and the compiled kernel."""

    launch: Launch
    compiled: compiler.Compiled
    int_args: tuple[int, ...]          # the values of the kernel's non-constant integer arguments, in order
    arg_roles: tuple[str, ...]         # the roles of its pointer arguments in order (Triton's own scratch pointers follow)


def make_config(kernel: str, meta: str | Mapping[str, Any] | None) -> TritonConfig:
    """A config from `FILE.py:KERNEL` and `--meta` text (or a mapping): launch options by their names,
    everything else a meta-parameter of the kernel."""
    options = parse_options(meta, "--meta") if meta is None or isinstance(meta, str) else dict(meta)
    launch = {}
    for name in compiler.OPTIONS:
        if name in options:
            launch[name] = _option(name, options.pop(name))
    values = {name: _meta_value(name, value) for name, value in options.items()}
    compiler.split_source(kernel)
    return TritonConfig(kernel, meta_text(values), **launch)


def meta_text(values: Mapping[str, Any]) -> str:
    """Meta-parameters as canonical text: sorted by name, booleans as true/false."""
    return ",".join(f"{name}={str(v).lower() if isinstance(v, bool) else v}" for name, v in sorted(values.items()))


def _option(name: str, value) -> int:
    if isinstance(value, str):
        try:
            value = int(value)
        except ValueError:
            raise InputError(f"--meta {name}={value}: expected an integer") from None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > 1024:
        raise InputError(f"--meta {name}={value}: expected an integer in 0..1024")
    if name == "num_warps" and (value < 1 or value > 16 or value & (value - 1)):
        raise InputError(f"--meta num_warps={value}: expected a power of 2 in 1..16 (at most 1024 work-items)")
    if name == "num_stages" and value < 1:
        raise InputError(f"--meta num_stages={value}: expected at least 1")
    if name == "matrix_instr_nonkdim" and value not in (0, 16, 32):
        raise InputError(f"--meta matrix_instr_nonkdim={value}: expected 0 (the compiler's choice), 16 or 32")
    if name == "waves_per_eu" and value > 8:
        raise InputError(f"--meta waves_per_eu={value}: expected 0 (no hint) .. 8")
    return value


def _meta_value(name: str, value):
    """A meta-parameter: an integer, a boolean, or a name (M, N, K for an integer argument)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        return int(text, 0)
    except ValueError:
        pass
    if text.lower() in TRUE[1:] + FALSE[1:]:       # true/yes/on, false/no/off (1 and 0 stay integers)
        return text.lower() in TRUE
    if text.upper() in ("M", "N", "K"):
        return text.upper()
    raise InputError(f"--meta {name}={text}: expected an integer, true/false, or M, N, K")


class Triton(Family):
    name = "triton"
    summary = "a Triton kernel (--triton FILE.py:KERNEL --meta BLOCK_M=..): compiled for the GPU's arch, then read as assembly"
    config_type = TritonConfig
    dtypes = TRITON_DTYPES
    default_dtype = "fp16"

    def parse_config(self, tile: str | None, options: Mapping[str, Any]) -> TritonConfig:
        if tile is not None:
            raise InputError("the triton family takes its tile from the kernel's BLOCK_M, BLOCK_N, BLOCK_K "
                             "(--meta), not --tile")
        options = dict(options)
        kernel = options.pop("kernel", None)
        if kernel is None:
            raise InputError("the triton family needs kernel=FILE.py:KERNEL in --config (or --triton FILE.py:KERNEL)")
        return make_config(kernel, options)

    searchable = True       # `gemmsim tune --triton FILE.py:KERNEL` ranks its meta-parameters (space.py)

    def space(self, text: str | None):
        """`kernel=FILE.py:KERNEL [meta=K=V,...] [tiles|full] [axis=v1,v2 ...]` (the command writes the first
        two from --triton and --meta)."""
        from gemmsim.frontends.triton.space import parse_space

        kernel, meta, rest = None, "", []
        for word in (text or "").split():
            if word.startswith("kernel="):
                kernel = word.removeprefix("kernel=")
            elif word.startswith("meta="):
                meta = word.removeprefix("meta=")
            else:
                rest.append(word)
        if kernel is None:
            raise InputError("the triton family tunes one kernel: give --triton FILE.py:KERNEL")
        return parse_space(kernel, meta, " ".join(rest))

    def candidates(self, problem: Problem, gpu, space) -> list[TritonConfig]:
        from gemmsim.frontends.triton.launch import TILE_NAMES

        path, name = compiler.split_source(space.kernel)
        params = [p for p, is_constexpr in compiler.signature(path, name).params if is_constexpr]
        names = []
        for dim in "mnk":
            found = [p for p in params if p.upper() in TILE_NAMES[dim]]
            if not found:
                raise InputError(f"{name}: no constexpr {' or '.join(TILE_NAMES[dim])}: the triton family tunes the "
                                 f"tile through BLOCK_M, BLOCK_N, BLOCK_K (or BLOCK_SIZE_M, ...)")
            names.append(found[0])
        return [make_config(space.kernel, meta) for meta in space.configs(problem, tuple(names))]

    def refuses(self, gpu) -> str | None:
        if gpu.vendor != "amd":
            return f"the triton family compiles for AMD GPUs (gfx942, gfx950), got {gpu.name}"
        return None

    def prepare(self, problem: Problem, config: TritonConfig, gpu) -> Prepared:
        """Bind the launch and compile it (or find it compiled)."""
        why = self.refuses(gpu)
        if why:
            raise InputError(why)
        if problem.batch > 1:
            raise InputError("the triton family launches one GEMM: a batch (BxMxNxK) is not its launch")
        path, name = compiler.split_source(config.kernel)
        sig = compiler.signature(path, name)
        launch = bind(name, list(sig.params), problem, config.values, gpu.arch)
        limits.check_grid(-(-problem.m // launch.tile[0]), -(-problem.n // launch.tile[1]),
                          "x".join(map(str, launch.tile)))
        compiled = compiler.compile_launch(
            path, name, gpu.arch, gpu.cu.wave_size, launch.constexprs, launch.integers,
            {p.name: (p.dtype, p.bytes) for p in launch.pointers.values()}, config.options)
        if compiled.shared_bytes > gpu.lds.lds_bytes:
            raise ConfigError(f"{name} with {config.text()} needs {compiled.shared_bytes} bytes of LDS; a compute unit "
                              f"of {gpu.name} has {gpu.lds.lds_bytes}")
        int_args = tuple(launch.integers[name] for name in compiled.integer_args)
        roles = tuple(launch.roles_in_order([p for p, _ in sig.params]))
        return Prepared(launch, compiled, int_args, roles)

    def parsed(self, problem: Problem, config: TritonConfig, gpu):
        """The assembly front-end's ParsedKernel of the compiled launch (what `gemmsim isa --triton` reports)."""
        from gemmsim.frontends.amdgpu.program import load_kernel

        prepared = self.prepare(problem, config, gpu)
        compiled, launch = prepared.compiled, prepared.launch
        pk = load_kernel(compiled.asm_path, problem, gpu, kernel=compiled.kernel, tile=launch.tile,
                         int_args=list(prepared.int_args), arg_roles=",".join(prepared.arg_roles),
                         dynamic_lds_bytes=compiled.shared_bytes)
        _check_launch(pk, compiled, config)
        pk.arg_roles = {origin: Role(role.name, _role_reason(role.name, launch)) for origin, role in pk.arg_roles.items()}
        pk.grid_source = (f"cdiv(M, {launch.tile[0]}) * cdiv(N, {launch.tile[1]}) = {launch.grid} programs "
                          f"(the triton family's launch rule)")
        return pk

    def build(self, problem: Problem, config: TritonConfig, gpu) -> Built:
        pk = self.parsed(problem, config, gpu)
        waves = config.waves_per_eu or None
        return Built(pk.program, problem, tiles=KernelConfig(*pk.tile, waves_per_eu=waves))


def _role_reason(role: str, launch: Launch) -> str:
    names = [p.name for p in launch.pointers.values() if p.role == role]
    if names:
        return f"the argument {names[0]} (the triton family's naming rule)"
    return "Triton's own (scratch) pointer: no GEMM role"


def _check_launch(pk, compiled: compiler.Compiled, config: TritonConfig) -> None:
    """The compiled kernel must be the 1-D launch the rule describes and run num_warps waves."""
    directives = pk.source.directives
    if directives.get("system_sgpr_workgroup_id_y") or directives.get("system_sgpr_workgroup_id_z"):
        raise InputError(f"{config.kernel}: the kernel reads tl.program_id(1) or (2); the triton family launches one "
                         f"axis of cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N) programs")
    if pk.program.waves_per_workgroup != compiled.num_warps:
        raise InputError(f"{config.kernel}: the compiled kernel runs {pk.program.waves_per_workgroup} waves per "
                         f"workgroup, but num_warps is {compiled.num_warps}")


FAMILIES = (Triton(),)
