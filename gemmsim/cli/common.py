"""The flags every subcommand shares, defined once: same name, same help, same default everywhere.

Defaults: `--gpu mi300x` (`--arch` picks the default GPU of an arch instead) and `--dtype bf16`,
except where the input already names them (`isa` reads both from the assembly, `layout` from the
opcode, `compare` from each measured row) or where the flag adds an optional column (`shapes`,
`trace`: no GPU, no cost).

Output files (`--plot`, `--trace`, `--save`) are checked while the flags are read, so a path that
cannot be written stops the command before any work, with one line and exit 2; each file written
is announced on stderr.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from gemmsim import dtypes, limits
from gemmsim.api import DEFAULT_DTYPE, DEFAULT_GPU  # the library's defaults are the command's
from gemmsim.errors import GemmsimError, InputError
from gemmsim.files import check_existing_dir, check_input_file, check_output_path
from gemmsim.hw import GPU, available_gpus, default_gpu_for_arch, default_gpus, load_gpu
from gemmsim.hw.loader import CLOCK_MHZ, USER_DIR_ENV, Domain, user_gpu_dir
from gemmsim.problem import KernelConfig, Problem, make_config, make_problem

COMMON_DTYPES = ("bf16", "fp16", "fp8", "bf8", "int8", "fp4")  # what --help lists; any registry spelling works


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: `gemmsim predict: error: MESSAGE (see gemmsim predict --help)`."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


# --- inputs ------------------------------------------------------------------------------------

def add_gpu_args(parser: argparse.ArgumentParser, default: str | None = DEFAULT_GPU, unset: str | None = None,
                 what: str = "GPU description") -> None:
    """--gpu NAME|FILE.toml or --arch ARCH. `default` None makes the GPU optional; `unset` says what then."""
    group = parser.add_mutually_exclusive_group()
    when_unset = f"default {default}" if default else f"default: {unset}"
    group.add_argument("--gpu", type=gpu_arg,
                       help=f"{what}: {', '.join(available_gpus())}, or a .toml path ({when_unset}); "
                            f"NAME is also looked up in {user_gpu_dir()} (${USER_DIR_ENV})")
    arches = default_gpus()   # the descriptions that stand for their arch (default_for_arch)
    defaults = ", ".join(f"{arch} -> {name}" for arch, name in sorted(arches.items()))
    group.add_argument("--arch", help=f"{' | '.join(sorted(arches))}: the default GPU of that arch ({defaults}; "
                                      f"underscores may be left out)")
    parser.set_defaults(gpu_default=default)


def gpu_name(args: argparse.Namespace) -> str | None:
    """The GPU asked for: --gpu, else --arch's default GPU, else the command's default (may be None)."""
    if getattr(args, "gpu", None):
        return args.gpu
    if getattr(args, "arch", None):
        return default_gpu_for_arch(args.arch)
    return getattr(args, "gpu_default", DEFAULT_GPU)


def gpu_from_args(args: argparse.Namespace) -> GPU:
    name = gpu_name(args)
    if name is None:
        raise InputError("this command needs --gpu or --arch")
    return load_gpu(name)


def domain_number(domain: Domain):
    """argparse type: a number in a GPU description's domain (gemmsim.hw.loader), refused in one line
    stating the domain's rule, bounds and reason: a flag and a file hold one quantity to one rule."""
    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not domain.holds(value):
            raise argparse.ArgumentTypeError(f"{text!r}: {domain.rule}")
        return value
    return convert


clock_mhz = domain_number(CLOCK_MHZ)      # --clock-mhz: as every clock of a GPU description


def regex(text: str) -> str:
    """argparse type: a regular expression, compiled while the flags are read, so a pattern that does
    not compile stops every path of the command before any work (the command compiles it again)."""
    from gemmsim.measurements.points import compile_kernel_pattern

    try:
        compile_kernel_pattern(text, flag="")
    except GemmsimError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def count_arg(what: str, limit: int, why: str, minimum: int = 1):
    """argparse type: an integer in [minimum, limit], refused in one line naming the limit and why."""
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} {text!r} is not an integer") from None
        try:
            limits.check_count(what, value, limit, why, minimum)
        except GemmsimError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return value
    return convert


def dtype_name(text: str) -> str:
    """argparse type: gemmsim's name for any known spelling (bfloat16 -> bf16)."""
    try:
        return dtypes.normalize(text)
    except GemmsimError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_dtype_arg(parser, default: str | None = DEFAULT_DTYPE, unset: str | None = None,
                  what: str = "input dtype") -> None:
    when_unset = f"default {default}" if default else f"default: {unset}"
    parser.add_argument("--dtype", type=dtype_name, default=default,
                        help=f"{what}: {', '.join(COMMON_DTYPES)}, ... ({when_unset})")


def add_shape_arg(parser, required: bool = True, what: str | None = None, batch: bool = False) -> None:
    """`batch`: the command also takes BxMxNxK, a batch of B GEMMs of MxNxK (strided A, B and C)."""
    if batch:
        parser.add_argument("--shape", required=required, metavar="[B]xMxNxK",
                            help="M, N, K (any sizes: tails are padded to whole tiles), optionally led by a batch "
                                 "count B: positive integers joined by 'x', e.g. 5120x5120x8320 or 8x1024x1024x4096 "
                                 f"(8 GEMMs of 1024x1024x4096; {limits.summary()})" + (f"; {what}" if what else ""))
        return
    parser.add_argument("--shape", required=required, metavar="MxNxK",
                        help=f"M, N, K: positive integers joined by 'x', e.g. 5120x5120x8320 ({limits.summary()})"
                             + (f"; {what}" if what else ""))


def add_tile_arg(parser, required: bool = True, names: bool = False, unset: str | None = None) -> None:
    """The macro tile; `names` also accepts kernel names (analysts read them from profiler traces)."""
    if names:
        text = ("macro tile or kernel name: MT256x64x32, 64x256x128, 256x128x128x64_32x32_2x2, "
                "a Tensile/cuBLAS kernel name")
    else:
        text = "tile_m x tile_n x tile_k, e.g. 64x256x128"
    parser.add_argument("--tile", required=required, help=text + (f" ({unset})" if unset else ""))


def add_kernel_args(parser: argparse.ArgumentParser, need_tile: bool = True, dtype_unset: str | None = None) -> None:
    """The preshuffle GEMM: the problem, its kernel configuration and the GPU. `dtype_unset` replaces
    the bf16 default with a rule of the command's (predict --isa reads the kernel's MFMA)."""
    add_shape_arg(parser, batch=True)
    add_tile_arg(parser, required=need_tile)
    add_dtype_arg(parser, default=None if dtype_unset else DEFAULT_DTYPE, unset=dtype_unset)
    add_gpu_args(parser)
    parser.add_argument("--lds-stage", type=int, default=2, choices=(1, 2), help="A buffers in LDS (default 2)")
    parser.add_argument("--no-swizzle", action="store_true", help="plain row-major A tile in LDS")
    parser.add_argument("--copy", default="sync", choices=("sync", "async"), help="A global->LDS path (default sync)")
    parser.add_argument("--epilogue", default="direct", choices=("direct", "cshuffle"),
                        help="how C is written (default direct)")
    parser.add_argument("--waves-per-eu", type=int, default=None,
                        help="LLVM's waves-per-eu hint, 1..8: registers capped so that many waves fit a SIMD (no occupancy cap)")
    parser.add_argument("--split-k", type=int, default=1, metavar="S",
                        help="split K over S workgroups per output tile (S must divide the K tiles); they write "
                             "f32 partials that a second pass reduces to C (default 1)")


def kernel_config(args: argparse.Namespace) -> KernelConfig:
    return make_config(args.tile, lds_stage=args.lds_stage, swizzle=not args.no_swizzle, copy=args.copy,
                       epilogue=args.epilogue, waves_per_eu=args.waves_per_eu, split_k=args.split_k)


def kernel_from_args(args: argparse.Namespace) -> tuple[Problem, KernelConfig, GPU]:
    problem = make_problem(args.shape, args.dtype)
    return problem, kernel_config(args), gpu_from_args(args)


# Flags whose value may start with '-' (a negative dimension is a value to reject with its rule,
# not an unknown option): main() glues `--shape -5x5x5` into `--shape=-5x5x5` before argparse.
DIMS_FLAGS = ("--shape", "--tile", "--workgroup")


def glue_dash_values(argv: list[str]) -> list[str]:
    out: list[str] = []
    for token in argv:
        if out and out[-1] in DIMS_FLAGS and re.fullmatch(r"-\d.*", token):
            out[-1] = f"{out[-1]}={token}"
        else:
            out.append(token)
    return out


# --- outputs -----------------------------------------------------------------------------------

def add_format_args(parser, csv: bool = False) -> None:
    """--json (and --csv where the output is a table): machine-readable output, no progress bars."""
    if csv:
        form = parser.add_mutually_exclusive_group()
        form.add_argument("--csv", action="store_true", help="CSV instead of a table")
        form.add_argument("--json", action="store_true", help="JSON instead of a table")
    else:
        parser.add_argument("--json", action="store_true", help="JSON instead of text")


def add_plot_arg(parser, what: str) -> None:
    parser.add_argument("--plot", type=plot_path, metavar="FILE.png",
                        help=f"also draw {what} to this image (its extension picks the format: png, svg, pdf, ...)")


def add_trace_arg(parser, what: str) -> None:
    parser.add_argument("--trace", type=output_path, metavar="FILE.json", help=f"also write {what}")


def add_save_arg(parser, what: str) -> None:
    parser.add_argument("--save", type=output_path, metavar="FILE.csv", help=f"also write {what}")


def plot_formats() -> tuple[str, ...]:
    from matplotlib.backend_bases import FigureCanvasBase

    return tuple(sorted(FigureCanvasBase.get_supported_filetypes()))


def check_plot_path(path: str) -> None:
    """A writable path whose extension matplotlib can write (no silent NAME -> NAME.png)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if not suffix:
        raise InputError(f"plot file {path!r} has no extension: name the format, e.g. {path}.png")
    if suffix not in plot_formats():
        raise InputError(f"plot file {path!r}: matplotlib cannot write .{suffix}: "
                         f"expected one of {', '.join(plot_formats())}")
    check_output_path(path)


def _argparse_type(check):
    def convert(path: str) -> str:
        try:
            check(path)
        except GemmsimError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return path
    return convert


def check_gpu_arg(text: str) -> None:
    """--gpu NAME|FILE.toml: a file it names is an input file (its content is read later, by the loader)."""
    if text.endswith(".toml") or "/" in text:
        check_input_file(text)


def check_assembly_arg(text: str) -> None:
    """FILE.s, or FILE.s:KERNEL (a kernel of the file; the library splits it the same way)."""
    head, colon, tail = text.rpartition(":")
    if colon and tail and not Path(text).exists() and Path(head).exists():
        text = head
    check_input_file(text)


def check_triton_arg(text: str) -> None:
    """FILE.py:KERNEL: the file exists and can be read (the kernel is looked up when it is imported)."""
    from gemmsim.frontends.triton.compiler import split_source

    split_source(text)


def add_triton_args(parser: argparse.ArgumentParser) -> None:
    """A Triton kernel and its meta-parameters (the triton family), shared by predict, isa and tune."""
    parser.add_argument("--triton", metavar="FILE.py:KERNEL", type=triton_kernel,
                        help="a @triton.jit GEMM kernel, compiled for the GPU's arch (pip install 'gemmsim[triton]'); "
                             "the triton family: pointers a_ptr/b_ptr/c_ptr, integers M, N, K and stride_am .. "
                             "stride_cn bound by name, grid cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N)")
    parser.add_argument("--meta", metavar="KEY=VALUE,...",
                        help="with --triton: the kernel's constexprs (BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8), "
                             "other integer arguments by name (stride_bk=1,stride_bn=K), and Triton's options "
                             "num_warps, num_stages, waves_per_eu, matrix_instr_nonkdim, kpack")


def triton_config(args: argparse.Namespace) -> dict | None:
    """--triton and --meta as the triton family's config (None without --triton)."""
    from gemmsim.frontends.family import parse_options

    if getattr(args, "triton", None) is None:
        if getattr(args, "meta", None):
            raise InputError("--meta gives a Triton kernel's meta-parameters: give --triton FILE.py:KERNEL with it")
        return None
    options = parse_options(args.meta, "--meta")
    if "kernel" in options:
        raise InputError("--meta kernel=...: the kernel is --triton's")
    return {"kernel": args.triton, **options}


existing_dir = _argparse_type(check_existing_dir)
existing_file = _argparse_type(check_input_file)
gpu_arg = _argparse_type(check_gpu_arg)
assembly_file = _argparse_type(check_assembly_arg)
output_path = _argparse_type(check_output_path)
plot_path = _argparse_type(check_plot_path)
triton_kernel = _argparse_type(check_triton_arg)


def announce(path) -> None:
    print(f"gemmsim: wrote {path}", file=sys.stderr)
