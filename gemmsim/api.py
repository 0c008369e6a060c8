"""gemmsim as a library: the verbs of the command as Python functions, with typed results.

    predict(shape, tile)    the simulated time of a GEMM kernel, its bottleneck and why   -> Prediction
    stream_k(shape, tile)   the same tile under a stream-K schedule, beside predict's     -> StreamKPrediction
    analyze(shape, tile)    the guide's static analysis of a configuration (no replay)    -> Analysis
    tune(shape)             the ranked configurations for a shape                         -> TuneResult
    compare(results)        measured kernel times against the predictions                 -> Comparison
    compare_stalls(stalls)  Nsight Compute's stall reasons against the predicted ones     -> StallComparison
    load_gpu(gpu)           a GPU description                                             -> GPU

`import gemmsim` names them all (`gemmsim.predict(...)`). They take what the command's flags
take, as text or as objects: `shape="5120x5120x8320"` (or a `Problem`, or a tuple of 3 or 4
integers), `tile="64x256x128"`, `gpu="mi300x"` (a name, a .toml path, or a `GPU`) or `arch="gfx942"`,
and the kernel knobs `lds_stage`, `swizzle`, `copy`, `epilogue`, `waves_per_eu`, `split_k`. Each
result has `to_dict()` and `to_json()`: what the command prints under `--json`, `schema_version`
included (docs/json_schema.md).

Bad input raises `gemmsim.InputError` (or another `gemmsim.GemmsimError`: `ConfigError` for a rule of
the kernel, `HardwareFileError` for a GPU description) with the one-line message the command prints;
messages name the command's flags (`--split-k` is `split_k` here). Nothing is printed.

>>> import gemmsim
>>> p = gemmsim.predict("256x256x256", "64x128x64", dtype="bf16", gpu="mi300x")
>>> p.bottleneck, p.kernel.tile
('latency', '64x128x64')
>>> p.time_us >= p.roofline_us
True
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from gemmsim import limits
from gemmsim.analytics.streamk import SCHEDULES
from gemmsim.errors import GemmsimError, InputError
from gemmsim.hw import GPU, default_gpu_for_arch
from gemmsim.hw import load_gpu as _load_gpu_file
from gemmsim.jsonable import versioned
from gemmsim.prediction import Prediction, StreamKPrediction
from gemmsim.problem import KernelConfig, Problem, make_config, make_problem, workgroup_dims
from gemmsim.tuning.result import DEFAULT_TOP, TuneResult

if TYPE_CHECKING:
    from gemmsim.frontends.preshuffle.analysis import TileAnalysis
    from gemmsim.ir.program import Program
    from gemmsim.tuning.cache import TuneCache
    from gemmsim.frontends.preshuffle.space import Space
    from gemmsim.measurements.stalls import StallPoint, StallSummary
    from gemmsim.measurements.stats import Report

__all__ = ["predict", "stream_k", "analyze", "tune", "compare", "compare_stalls", "load_gpu", "Analysis", "Comparison",
           "StallComparison", "DEFAULT_GPU", "DEFAULT_DTYPE"]

DEFAULT_GPU = "mi300x"
"""The GPU when neither `gpu` nor `arch` is given."""
DEFAULT_DTYPE = "bf16"
"""The input dtype when none is given (`predict` with `isa` reads it from the kernel instead)."""


# --- inputs ------------------------------------------------------------------------------------

def load_gpu(gpu: str | os.PathLike | GPU | None = None, *, arch: str | None = None) -> GPU:
    """A GPU description.

    Args:
        gpu: a name (`mi300x`, `mi325x`, `mi350x`, `mi355x`, `h200`), the path of a description
            file (.toml), or a `GPU` (returned as it is). Default: `arch`'s default GPU, else mi300x.
        arch: `gfx942`, `gfx950` or `sm90`: the default GPU of that architecture, instead of `gpu`.

    Raises `HardwareFileError` for an unknown name or arch, or a file the loader refuses.

    >>> gpu = load_gpu(arch="gfx950")
    >>> gpu.name, gpu.arch, gpu.compute_units
    ('mi355x', 'gfx950', 256)
    """
    if gpu is not None and arch is not None:
        raise InputError(f"give gpu or arch, not both (gpu={_name(gpu)!r}, arch={arch!r})")
    if isinstance(gpu, GPU):
        return gpu
    if gpu is None:
        gpu = default_gpu_for_arch(arch) if arch is not None else DEFAULT_GPU
    return _load_gpu_file(gpu)


def _name(gpu) -> str:
    return gpu.name if isinstance(gpu, GPU) else str(gpu)


def _problem(shape, dtype: str, front_end=None) -> Problem:
    """A Problem as given, or made from MxNxK / BxMxNxK text or a tuple (with `dtype`, one the kernel
    family `front_end` takes; default: the preshuffle kernel's)."""
    if isinstance(shape, Problem):
        return shape
    if front_end is None:
        return make_problem(shape, dtype)
    return make_problem(shape, dtype, dtypes=front_end.dtypes, kernel=f"the {front_end.name} kernel")


def _check_knobs(swizzle, waves_per_eu, split_k) -> None:
    """What argparse checks on the command line and the kernel's rules do not (types)."""
    if not isinstance(swizzle, bool):
        raise InputError(f"swizzle={swizzle!r}: expected True or False")
    for name, value, optional in (("waves_per_eu", waves_per_eu, True), ("split_k", split_k, False)):
        if (value is not None or not optional) and (not isinstance(value, int) or isinstance(value, bool)):
            raise InputError(f"{name}={value!r}: expected an integer" + (" or None" if optional else ""))


# --- predict -----------------------------------------------------------------------------------

def predict(shape: str | Problem | tuple[int, ...], tile: str | tuple[int, int, int] | None = None, *,
            family: str | None = None, config: str | Mapping[str, Any] | Any | None = None,
            dtype: str | None = None, gpu: str | os.PathLike | GPU | None = None, arch: str | None = None,
            lds_stage: int = 2, swizzle: bool = True, copy: str = "sync", epilogue: str = "direct",
            waves_per_eu: int | None = None, split_k: int = 1, clock_mhz: float | None = None,
            isa: str | os.PathLike | None = None, kernel: str | None = None, trip_count: int | None = None,
            int_args: str | Sequence | None = None, workgroup: str | int | Sequence[int] | None = None,
            arg_roles: str | None = None, dynamic_lds: int = 0, record: bool = False,
            on_search: Callable[[TuneResult], object] | None = None) -> Prediction:
    """The simulated time of a GEMM kernel, what limits it and why: `gemmsim predict`.

    One compute unit is replayed cycle by cycle for a few iterations of the hot loop and
    extrapolated; the rest of the GPU (grid, tile and wave quantization, L2/HBM traffic, the clock
    under load) is reasoned about.

    Args:
        shape: M, N, K as `"5120x5120x8320"`, or `"8x1024x1024x4096"` for a batch of 8 GEMMs, or a
            tuple of 3 or 4 integers, or a `Problem` (which then carries the dtype).
        tile: the macro tile of the generated preshuffle kernel, `"64x256x128"` (tile_m x tile_n x
            tile_k) or a tuple. None: the fastest tile of `tune` (with the knobs below fixed; the
            search does not split K, so `split_k` then goes unused, as in `gemmsim predict`); with
            `isa`, the tile the kernel's name writes; with another `family`, its config's `tile`.
        family: the kernel family that builds the Program (gemmsim.frontends.registry: `preshuffle`,
            the default, `sm90-mma`, `sm90-ladder`, `isa`, or one registered since).
        config: the family's configuration: `"key=value,..."` text (`"tile=64x128x64,swizzle=1"`), a
            mapping, or an instance of its config type. For the preshuffle family its keys replace the
            knobs below; other families take only `config` (and `tile`).
        dtype: the input dtype (`bf16`, `fp16`, `fp8`, `int8`, `fp4`, ...). Default bf16 (the family's
            default), or with `isa` the input dtype of the kernel's first MFMA.
        gpu: a GPU name, a description file's path, or a `GPU` (default mi300x); or `arch` instead.
        arch: `gfx942`, `gfx950` or `sm90`: that architecture's default GPU.
        lds_stage: A buffers in LDS, 1 or 2.
        swizzle: whether the A tile is XOR-swizzled in LDS.
        copy: the A global->LDS path, `"sync"` (through VGPRs) or `"async"` (LDS DMA).
        epilogue: how C is written, `"direct"` or `"cshuffle"` (through LDS).
        waves_per_eu: LLVM's waves-per-eu hint, 1..8 (None: no hint).
        split_k: split K over this many workgroups per output tile (it must divide the K tiles).
        clock_mhz: the engine clock you measured under this kernel (default: the GPU's clock under
            load, from the kernel's matrix and memory activity).
        isa: compiled AMDGPU assembly (.s, or llvm-objdump -d text) to take the instruction stream
            from, instead of generating it (`FILE.s:KERNEL` names the kernel too): the `isa` family.
        kernel: with `isa`, which kernel of a file that holds several.
        trip_count: with `isa`, the hot loop's trip count, overriding the inferred one.
        int_args: with `isa`, the kernel's 32-bit integer arguments in order (`"M,N,K"` or a list).
        workgroup: with `isa`, work-items per workgroup (`"64x4"`, 256 or a tuple) where the
            metadata lacks it.
        arg_roles: with `isa`, the pointer arguments' roles in order (`"C,A,B,scale_a,scale_b,bias"`).
        dynamic_lds: with `isa`, the bytes of LDS the launch allocates beyond the kernel's fixed segment
            (HIP's dynamic shared memory; a Triton kernel's `shared`).
        record: keep the replayed CU's timeline in `Prediction.timeline` (for a trace or a plot).
        on_search: called with the search's `TuneResult` when `tile` is None and the search picks
            it (the command says which tile it chose).

    Returns the `Prediction`; `to_json()` is what `gemmsim predict --json` prints.

    >>> p = predict("256x256x256", "64x128x64", gpu="mi300x")
    >>> p.kernel.tile, p.problem.dtype, p.occupancy.workgroups_per_cu
    ('64x128x64', 'bf16', 4)
    >>> round(p.time_us, 2) == round(p.to_dict()["time_us"], 2)
    True
    >>> predict("256x256", "64x128x64")
    Traceback (most recent call last):
    gemmsim.errors.InputError: shape '256x256' has 2 dimensions: expected 3 or 4
    """
    from gemmsim.frontends import registry

    if isa is None:
        given = [flag for flag, value in (("--kernel", kernel), ("--trip-count", trip_count),
                                          ("--int-args", int_args), ("--workgroup", workgroup),
                                          ("--dynamic-lds", dynamic_lds or None)) if value is not None]
        if given:
            raise InputError(f"{', '.join(given)} describe{'s' if len(given) == 1 else ''} the kernel of --isa: "
                             f"give --isa FILE.s, or leave {'it' if len(given) == 1 else 'them'} out")
    elif family not in (None, ISA_FAMILY) or config is not None:
        raise InputError(f"--isa takes the kernel from assembly (the {ISA_FAMILY} family): leave out "
                         f"{'--family' if family not in (None, ISA_FAMILY) else '--config'}")
    _check_knobs(swizzle, waves_per_eu, split_k)
    front_end = registry.get(ISA_FAMILY if isa is not None else family)
    if dtype is None and not isinstance(shape, Problem):
        from gemmsim.frontends.amdgpu.program import mfma_dtype
        dtype = mfma_dtype(str(isa), kernel) if isa is not None else front_end.default_dtype
    problem = _problem(shape, dtype, front_end)
    gpu = load_gpu(gpu, arch=arch)
    knobs = dict(lds_stage=lds_stage, swizzle=swizzle, copy=copy, epilogue=epilogue, waves_per_eu=waves_per_eu)
    if isa is not None:
        kernel_config = _isa_config(isa, problem, tile, knobs, split_k, kernel, trip_count, int_args, workgroup,
                                    arg_roles, dynamic_lds)
    elif config is None and front_end.name == registry.DEFAULT:     # --tile and the kernel flags
        kernel_config = make_config(tile, **knobs, split_k=split_k) if tile else None
        if kernel_config is None:
            searched = _tile_search(problem, gpu, **knobs)
            if on_search is not None:
                on_search(searched)
            kernel_config = searched.best.config
    else:
        kernel_config = _family_config(front_end, tile, config, {**knobs, "split_k": split_k})
    from gemmsim.simulate import predict_built
    return predict_built(front_end.build(problem, kernel_config, gpu), gpu, record=record, clock_mhz=clock_mhz)


def stream_k(shape: str | Problem | tuple[int, ...], tile: str | tuple[int, int, int] | None = None, *,
             schedule: str = "stream-k", workers: int | None = None, dtype: str = DEFAULT_DTYPE,
             gpu: str | os.PathLike | GPU | None = None, arch: str | None = None, lds_stage: int = 2,
             swizzle: bool = True, copy: str = "sync", epilogue: str = "direct", waves_per_eu: int | None = None,
             clock_mhz: float | None = None) -> StreamKPrediction:
    """The preshuffle kernel's tile under a stream-K schedule, beside its data-parallel prediction:
    `gemmsim predict --schedule stream-k|dp+sk`.

    Stream-K (gemmsim.analytics.streamk) lays the tiles' K tiles in one line and gives each
    persistent workgroup an equal contiguous range; tiles split between workgroups are finished by the
    one holding their first K tile, which reads the others' fp32 partial tiles (the fix-up). "dp+sk"
    keeps the full rounds data-parallel and streams the last round's tiles. It is priced from the
    replayed rounds of the same tile (and a replay with every CU busy, where the last round leaves
    some idle), not replayed itself.

    Args:
        shape, dtype, gpu, arch, lds_stage, swizzle, copy, epilogue, waves_per_eu, clock_mhz: as in
            `predict` (the preshuffle family; no split-K: stream-K splits K itself).
        tile: the macro tile. None: every valid tile of `tune`'s search (the knobs fixed) is priced
            under the schedule and the fastest kept; the result then names the data-parallel search's
            best beside it (`searched_tiles`, `data_parallel_best_tile`, `data_parallel_best_us`).
        schedule: `"stream-k"` (every tile streamed) or `"dp+sk"`.
        workers: the stream-K workgroups (default: the fastest count of those tried).

    >>> r = stream_k("256x1280x8320", "256x256x128", dtype="fp8", gpu="mi300x")
    >>> r.time_us < r.data_parallel_us, r.plan.tiles_streamed
    (True, 5)
    """
    if schedule not in SCHEDULES:
        raise InputError(f"schedule {schedule!r}: expected one of {', '.join(SCHEDULES)}")
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise InputError(f"workers={workers!r}: expected a positive integer or None")
    _check_knobs(swizzle, waves_per_eu, 1)
    problem = _problem(shape, dtype)
    gpu = load_gpu(gpu, arch=arch)
    knobs = dict(lds_stage=lds_stage, swizzle=swizzle, copy=copy, epilogue=epilogue, waves_per_eu=waves_per_eu)
    from gemmsim.simulate import predict_stream_k
    if tile:
        return predict_stream_k(problem, make_config(tile, **knobs), gpu, schedule, workers, clock_mhz)
    searched = _tile_search(problem, gpu, **knobs)
    priced, refused = [], []
    for candidate in searched.candidates:
        try:
            priced.append(predict_stream_k(problem, candidate.config, gpu, schedule, workers, clock_mhz))
        except GemmsimError as e:    # no K loop at this tile_k, or fewer iterations than the workers asked
            refused.append(e)
    if not priced:
        raise refused[0]
    best = min(priced, key=lambda r: r.time_us)
    return dataclasses.replace(best, searched_tiles=len(searched.candidates),
                               data_parallel_best_tile=searched.best.config.tile,
                               data_parallel_best_us=searched.best.time_us)


ISA_FAMILY = "isa"      # the family of `isa=` (compiled AMDGPU assembly)
KNOB_DEFAULTS = dict(lds_stage=2, swizzle=True, copy="sync", epilogue="direct", waves_per_eu=None, split_k=1)


def _family_config(front_end, tile, config, knobs: dict):
    """The config of a family from `config` (text, a mapping or the config itself) and `tile`. The
    kernel knobs are the default family's: its `config` keys replace them; another family refuses them."""
    from gemmsim.frontends.family import parse_options
    from gemmsim.frontends.registry import DEFAULT

    if isinstance(config, front_end.config_type):
        if tile is not None:
            raise InputError(f"give the tile in the {front_end.name} config, not beside it")
        return config
    options = parse_options(config) if config is None or isinstance(config, str) else dict(config)
    if front_end.name == DEFAULT:
        return front_end.parse_config(tile, {**knobs, **options})
    changed = [name for name, value in knobs.items() if value != KNOB_DEFAULTS[name]]
    if changed:
        flags = ", ".join(f"--{name.replace('_', '-')}" for name in changed)
        raise InputError(f"{flags}: knob{'s' if len(changed) > 1 else ''} of the {DEFAULT} family; the "
                         f"{front_end.name} family takes --config (its keys: "
                         f"{', '.join(f.name for f in dataclasses.fields(front_end.config_type))})")
    return front_end.parse_config(tile, options)


def _isa_config(isa, problem: Problem, tile, knobs: dict, split_k: int, kernel, trip_count, int_args, workgroup,
                arg_roles, dynamic_lds: int = 0):
    from gemmsim.frontends.amdgpu.family import IsaConfig

    given = make_config(tile, **knobs, split_k=split_k) if tile else None
    if given is not None:   # refuse an oversized grid before the kernel is read
        limits.check_grid(-(-problem.m // given.tile_m), -(-problem.n // given.tile_n), given.tile)
    if problem.batch > 1 or split_k != 1:
        raise InputError("a batch (BxMxNxK) and --split-k are predicted for the generated kernel (--tile), not --isa")
    args = _int_args(int_args)
    return IsaConfig(str(isa), kernel, trip_count, tuple(args) if args is not None else None, _workgroup(workgroup),
                     arg_roles, (given.tile_m, given.tile_n, given.tile_k) if given else None, knobs["waves_per_eu"],
                     dynamic_lds)


def _tile_search(problem: Problem, gpu: GPU, **knobs) -> TuneResult:
    """No tile: the winner of `tune`'s search over the tiles, with the other knobs as given (one process)."""
    from gemmsim.tuning.cache import TuneCache, tune as search
    from gemmsim.frontends.preshuffle.space import Space

    space = Space(**{name: (value,) for name, value in knobs.items()})
    return search(problem, gpu, space, TuneCache())


def _int_args(value) -> list[str] | None:
    if value is None or not isinstance(value, str):
        return None if value is None else [str(v).strip() for v in value]
    return [x.strip() for x in value.split(",")]


def _workgroup(value) -> tuple[int, ...] | None:
    if value is None:
        return None
    return workgroup_dims(value if isinstance(value, str) else "x".join(map(str, (
        (value,) if isinstance(value, int) else tuple(value)))))


# --- analyze -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Analysis:
    """The static analysis of a preshuffle-GEMM configuration (`gemmsim analyze`): MFMAs, LDS
    budget, VGPRs, occupancy, grid, and the bank conflicts of every LDS access of the hot loop,
    worked out from the generated instruction stream without replaying it."""

    problem: Problem
    config: KernelConfig
    gpu: GPU = field(repr=False)
    tile: TileAnalysis = field(repr=False)   # the analysis proper (MFMA, VGPR estimate, occupancy, ...)
    program: Program = field(repr=False)     # the generated kernel it was read from
    summary: dict = field(repr=False, compare=False)   # the report's sections, as to_dict() gives them

    def to_dict(self) -> dict:
        """What `gemmsim analyze --json` prints: one section per topic (problem, config, gpu, tile,
        mfma, grid, lds, vgpr, occupancy, per_tile, hot_loop, lds_bank_conflicts) and `schema_version`."""
        return versioned(self.summary)

    def to_json(self) -> str:
        """`to_dict()` as the text `gemmsim analyze --json` prints (keys sorted, indented)."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)


def analyze(shape: str | Problem | tuple[int, ...], tile: str | tuple[int, int, int], *, dtype: str = DEFAULT_DTYPE,
            gpu: str | os.PathLike | GPU | None = None, arch: str | None = None, lds_stage: int = 2,
            swizzle: bool = True, copy: str = "sync", epilogue: str = "direct", waves_per_eu: int | None = None,
            split_k: int = 1) -> Analysis:
    """The guide's static analysis of a preshuffle-GEMM configuration: `gemmsim analyze`.

    Args:
        shape: M, N, K (`"5120x5120x8320"`, a batch `"8x1024x1024x4096"`, a tuple, or a `Problem`).
        tile: the macro tile, `"64x256x128"` or a tuple.
        dtype: the input dtype (default bf16; a `Problem` carries its own).
        gpu, arch: the GPU (name, description file, or `GPU`; default mi300x), or an
            architecture's default GPU.
        lds_stage, swizzle, copy, epilogue, waves_per_eu, split_k: the kernel knobs, as in `predict`.

    Returns an `Analysis`; `to_json()` is what `gemmsim analyze --json` prints.

    >>> a = analyze("256x256x256", "64x256x128", dtype="fp8", arch="gfx942")
    >>> a.tile.mfma.opcode, a.tile.occupancy.limited_by
    ('v_mfma_f32_16x16x32_fp8_fp8', 'vgpr')
    >>> a.to_dict()["grid"]
    {'blocks_m': 4, 'blocks_n': 1, 'blocks': 4}
    """
    _check_knobs(swizzle, waves_per_eu, split_k)
    problem = _problem(shape, dtype)
    config = make_config(tile, lds_stage=lds_stage, swizzle=swizzle, copy=copy, epilogue=epilogue,
                         waves_per_eu=waves_per_eu, split_k=split_k)
    gpu = load_gpu(gpu, arch=arch)
    from gemmsim.frontends.preshuffle.analysis import analyze as analyze_tile
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.report.analyze import summarize

    a = analyze_tile(problem, config, gpu)
    program = generate(a, gpu)
    return Analysis(problem, config, gpu, a, program, summarize(a, program, gpu))


# --- tune --------------------------------------------------------------------------------------

def tune(shape: str | Problem | tuple[int, ...], *, dtype: str = DEFAULT_DTYPE,
         gpu: str | os.PathLike | GPU | None = None, arch: str | None = None, space: str | Space = "tiles",
         top: int = DEFAULT_TOP, cache: bool | str | os.PathLike | TuneCache = True,
         workers: int | None = None, family: str | None = None, measure_top: int = 0,
         runner: str | None = None, measure_dir: str | os.PathLike | None = None) -> TuneResult:
    """Rank the preshuffle GEMM's configurations for one shape: `gemmsim tune --shape`.

    Rules prune the invalid configurations, a lower bound prunes those that cannot win, and the
    rest are replayed; the first `top` are ranked exactly as replaying every candidate would rank
    them, each with why it lost to the best.

    Args:
        shape: M, N, K (`"4096x4096x4096"`, a tuple, or a `Problem`).
        dtype: the input dtype (default bf16; a `Problem` carries its own).
        gpu, arch: the GPU (name, description file, or `GPU`; default mi300x), or an
            architecture's default GPU.
        space: `"tiles"` (the tiles, other knobs at their defaults), `"full"` (x lds_stage x copy x
            epilogue x waves_per_eu), either followed by axes to replace (`"full tile_m=64,128
            lds_stage=2"`), or a `gemmsim.frontends.preshuffle.space.Space`.
        top: how many candidates to rank exactly (and show); fewer replay less.
        cache: True: answer from (and fill) the tuning cache ($GEMMSIM_CACHE_DIR, else
            ~/.cache/gemmsim); False or None: neither read nor write it; a directory: the cache there; or a
            `gemmsim.tuning.cache.TuneCache`.
        workers: processes that replay ahead of the search (default: one per core).
        family: the kernel family whose configurations are ranked (a searchable one: preshuffle,
            sm90-mma). Default: the first searchable family that builds for the GPU (preshuffle on
            the AMD GPUs, sm90-mma on the H200). `space` is that family's: sm90-mma's is the tiles
            kernels/mma_preshuffle.hip builds x swizzle (`"built swizzle=on"` narrows it).
        measure_top: time the first K candidates on this machine's GPU with the project's runner
            (gemmsim.measurements.finalists; `top` is raised to K): the result's `measured`, its `pick`
            the measured best, kept in the cache. Without a GPU nothing runs and `measure_note` says so.
        runner, measure_dir: the runner's command template (default: validation/run.py's, run from the
            repository's root) and the folder for its CSV (default: a temporary one).

    Returns the `TuneResult` (`best`, `runner_up`, `candidates`, and `why_split_k`: why the best
    splits K, "" when it does not); `to_json()` is what `gemmsim tune --shape ... --json` prints.
    The named spaces split K over 1, 2, 4, 8 or 16 workgroups (`"tiles split_k=1"`: no split).

    >>> r = tune("256x512x1024", gpu="mi300x", top=3, cache=False, workers=1)
    >>> r.best.config.tile, r.best.config.split_k, r.best.why, len(r.to_dict()["candidates"])
    ('32x64x128', 4, 'best', 3)
    >>> r.why_split_k
    'split-K 4: unsplit, tile 32x64 gives 8 x 8 = 64 workgroups for 304 CUs (1 round with 21.1 % of the CUs busy), ...'
    """
    if not isinstance(top, int) or isinstance(top, bool) or top < 1:
        raise InputError(f"--top must be a positive integer, got {top}")
    if not isinstance(measure_top, int) or isinstance(measure_top, bool) or measure_top < 0:
        raise InputError(f"--measure-top must be a positive integer, got {measure_top}")
    top = max(top, measure_top)
    from gemmsim.frontends import registry
    from gemmsim.tuning.cache import TuneCache, tune as search

    gpu = load_gpu(gpu, arch=arch)
    front_end = registry.searchable(family) if family is not None else registry.searchable_for(gpu)
    refused = front_end.refuses(gpu)
    if refused:
        raise InputError(f"the {front_end.name} family builds nothing for {gpu.name}: {refused}")
    if isinstance(space, str):
        space = front_end.space(space)     # the preshuffle family's: preshuffle.space.parse_space
    if cache is True:
        cache = TuneCache()
    elif cache is False or cache is None:
        cache = None
    elif not isinstance(cache, TuneCache):
        cache = TuneCache(cache)
    problem = _problem(shape, dtype, front_end)
    from gemmsim.parallel import check_workers, default_workers

    check_workers(workers)
    result = search(problem, gpu, space, cache, top, workers=workers or default_workers(), family=front_end)
    if measure_top:
        result = measure_finalists(result, front_end, gpu, measure_top, cache, runner, measure_dir)
    return result


def measure_finalists(result: TuneResult, front_end, gpu: GPU, k: int, cache=None, runner: str | None = None,
                      measure_dir=None) -> TuneResult:
    """`result` with its first `k` candidates timed by the runner (gemmsim.measurements.finalists), the
    measurements kept in `cache` (a TuneCache, or None)."""
    from gemmsim.measurements.finalists import measure

    outcome = measure(result, front_end, gpu, k, runner, measure_dir)
    if outcome.measured and cache is not None:
        cache.put_measured(result.problem, result.gpu, result.family, outcome.measured)
    fresh = {m.config for m in outcome.measured}
    kept = tuple(m for m in result.measured if m.config not in fresh)
    return dataclasses.replace(result, measured=kept + outcome.measured, measure_note=outcome.note)


# --- compare -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    """Measured kernel times against the simulator's predictions (`gemmsim compare`): every point
    with its prediction and error, and the statistics (`report`: MAPE, rank correlation per kernel
    family, the tile sweeps, and the counter comparisons when there are any)."""

    report: Report

    @property
    def points(self) -> int:
        """How many measured points were predicted."""
        return len(self.report.rows)

    @property
    def mape_pct(self) -> float:
        """The mean absolute percentage error of the predicted times."""
        return self.report.mape_pct

    def to_dict(self) -> dict:
        """What `gemmsim compare --json` prints (with `schema_version`)."""
        from gemmsim.report.compare import as_json

        return as_json(self.report)

    def to_json(self) -> str:
        """`to_dict()` as the text `gemmsim compare --json` prints (keys sorted, indented)."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)


def compare(results: Sequence[str | os.PathLike], *, shape: str | None = None, tile: str | None = None,
            dtype: str = DEFAULT_DTYPE, gpu: str | None = None, arch: str | None = None, swizzle: bool = True,
            kernel: str | None = None, ncu: str | os.PathLike | None = None,
            counters: Sequence[str | os.PathLike] = (), dram: bool = False, sass_dir: str | os.PathLike | None = None,
            predictions: str | os.PathLike | None = None, save: str | os.PathLike | None = None,
            workers: int | None = None, engine: str = "local", address: str | None = None,
            cache: bool | str | os.PathLike = True) -> Comparison:
    """Predict every measured point of the results files and compare: `gemmsim compare`.

    Args:
        results: the measured files: the runner's CSVs (validation/results/*/matrix.csv ...),
            rocprofv3's kernel_trace.csv, kernel_stats.csv, counter_collection.csv or JSON output,
            or an `ncu --csv --page raw` export.
        shape, tile, dtype, swizzle, kernel: what a profiled kernel computed, where the file does not
            say (rocprofv3 and ncu exports): M x N x K, its tile (default: the one its name writes),
            the input dtype, whether A was swizzled, and a regular expression that picks the kernels.
        gpu, arch: a GPU name for every point (default: each row's device), or an architecture's
            default GPU.
        ncu: the Nsight Compute bank-conflict table (default: ncu.csv beside the first runner CSV).
        counters: rocprofv3 counter files (LDS bank conflicts predicted against counted).
        dram: also compare the DRAM reads of the ncu table's kernels.
        sass_dir: the cuobjdump -sass listings of the sm_90 kernels (default: sass/ beside the first file).
        predictions: take the predictions from this file (written by `save`) instead of replaying.
        save: also write every point's prediction to this CSV.
        workers: processes that predict the points' kernels (default: one per core; 1: this process);
            engine `"ray"` hands them to Ray instead (a local instance, or the cluster at `address`).
            The figures are the same whatever predicts them.
        cache: True: keep each kernel's prediction in the cache ($GEMMSIM_CACHE_DIR, else
            ~/.cache/gemmsim), keyed by the kernel, its listing, the GPU description's content and the
            simulator version, and answer from it; False: neither read nor write it; a directory: the
            cache there.

    Returns a `Comparison`; `to_json()` is what `gemmsim compare --json` prints.

    A rocprofv3 kernel_stats.csv of one FlyDSL kernel on an MI325X (in the repository's tests):

    >>> c = compare(["tests/data/compare/rocprof_kernel_stats_mi325x.csv"], shape="5120x5120x8320", dtype="fp8",
    ...             gpu="mi325x")
    >>> row = c.to_dict()["rows"][0]
    >>> row["measured_us"], row["tile"], c.points
    (345.55, '64x256x128', 1)
    """
    from gemmsim.problem import parse_dims
    from gemmsim.measurements.compare import compare as compare_files
    from gemmsim.measurements.points import KernelSpec

    if not results:
        raise InputError("compare needs a results file, or --stalls STALLS.csv")
    if gpu is not None and arch is not None:
        raise InputError(f"give gpu or arch, not both (gpu={gpu!r}, arch={arch!r})")
    _check_files(inputs=[*results, ncu, *counters, predictions], folder=sass_dir, output=save, kernel=kernel)
    gpu = default_gpu_for_arch(arch) if arch is not None else gpu
    if gpu is not None:
        load_gpu(gpu)     # a description that does not load stops the comparison before the first replay
    spec = None
    if shape:
        spec = KernelSpec(parse_dims(shape, "--shape"), dtype, parse_dims(tile, "--tile") if tile else None,
                          swizzle, gpu, kernel)
    from gemmsim.parallel import check_engine, check_workers
    from gemmsim.tuning.cache import PredictionCache

    check_workers(workers)
    check_engine(engine, address)
    store = None if cache is False or cache is None else PredictionCache(None if cache is True else cache)
    try:
        report = compare_files(list(results), spec, gpu=gpu, sass_dir=sass_dir, predictions=predictions, save=save,
                               ncu_csv=ncu, dram=dram, counters=list(counters), kernel=kernel, workers=workers,
                               engine=engine, address=address, cache=store)
    finally:
        if store is not None:
            store.close()
    return Comparison(report)


def _check_files(inputs=(), folder=None, output=None, kernel: str | None = None) -> None:
    """Every path and pattern a comparison names, checked before the first replay (one line each)."""
    from gemmsim.files import check_existing_dir, check_input_file, check_output_path
    from gemmsim.measurements.points import compile_kernel_pattern

    for path in inputs:
        if path is not None:
            check_input_file(str(path))
    if folder is not None:
        check_existing_dir(str(folder))
    if output is not None:
        check_output_path(str(output))
    compile_kernel_pattern(kernel)


@dataclass(frozen=True)
class StallComparison:
    """What the warps waited on, predicted against Nsight Compute (`gemmsim compare --stalls`):
    warp-cycles per issued instruction by stall reason, per kernel and shape, and a summary."""

    points: list[StallPoint]
    summary: StallSummary

    def to_dict(self) -> dict:
        """What `gemmsim compare --stalls ... --json` prints (with `schema_version`)."""
        from gemmsim.report.stalls import as_json

        return as_json(self.points, self.summary)

    def to_json(self) -> str:
        """`to_dict()` as the text `gemmsim compare --stalls ... --json` prints (keys sorted, indented)."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)


def compare_stalls(stalls: str | os.PathLike, *, kernel: str | None = None,
                   sass_dir: str | os.PathLike | None = None) -> StallComparison:
    """The stall breakdown per kernel and shape, predicted against Nsight Compute's: `gemmsim compare --stalls`.

    Args:
        stalls: the runner's stall table (validation/results/h200/stalls.csv).
        kernel: a regular expression: compare only the kernels whose name matches.
        sass_dir: the cuobjdump -sass listings (default: sass/ beside the table).

    The H200 stall table in the repository, one kernel of it:

    >>> s = compare_stalls("validation/results/h200/stalls.csv", kernel="gemm_tiled_f32$")
    >>> [(p["shape"], p["largest_measured"]) for p in s.to_dict()["points"]][:2]
    [('512x512x512', 'long_scoreboard'), ('4096x4096x4096', 'long_scoreboard')]
    """
    from gemmsim.measurements.predictor import Predictor
    from gemmsim.measurements.points import compile_kernel_pattern
    from gemmsim.measurements.stalls import compare_stalls as compare_table, summarize

    _check_files(inputs=[stalls], folder=sass_dir, kernel=kernel)
    pattern = compile_kernel_pattern(kernel) if kernel else None
    sass_dir = Path(sass_dir) if sass_dir else Path(stalls).parent / "sass"
    skipped: list[str] = []
    points = compare_table(stalls, Predictor(sass_dir if sass_dir.is_dir() else None), pattern, skipped)
    if not points:
        raise InputError(f"{stalls}: no profiled point to compare" + (f" matches --kernel {kernel!r}"
                                                                      if pattern else ""))
    return StallComparison(points, summarize(points, skipped))
