"""`gemmsim isa FILE.s`: read a compiled kernel and print the guide's main-loop analysis."""

from __future__ import annotations

import argparse
import json

from gemmsim import limits
from gemmsim.cli.common import (add_dtype_arg, add_format_args, add_gpu_args, add_shape_arg, add_tile_arg,
                                add_triton_args, announce, assembly_file, count_arg, gpu_name, output_path,
                                triton_config)
from gemmsim.errors import InputError
from gemmsim.frontends.amdgpu.program import MAX_LDS_BYTES
from gemmsim.jsonable import versioned
from gemmsim.problem import make_problem, workgroup_dims


def register(subparsers) -> None:
    p = subparsers.add_parser("isa", help="analyze compiled AMDGPU assembly (.s or llvm-objdump -d text)")
    p.add_argument("file", metavar="FILE.s", type=assembly_file, nargs="?",
                   help="assembly from clang -S / hipcc --save-temps / FlyDSL, or objdump -d (or --triton instead)")
    p.add_argument("--kernel", help="which kernel of a file that holds several")
    p.add_argument("--list", action="store_true", help="list the kernels in the file and exit")
    add_gpu_args(p, default=None, unset="the default GPU of the file's arch")
    add_shape_arg(p, required=False, what="sets the grid and derives the hot loop's trip count from K")
    add_dtype_arg(p, default=None, unset="the input dtype of the kernel's first MFMA", what="input dtype of --shape")
    add_tile_arg(p, required=False, unset="default: from the kernel name, e.g. m64n256k64")
    add_source_args(p)
    add_triton_args(p)
    p.add_argument("--save-asm", metavar="FILE.s", type=output_path,
                   help="with --triton: write the compiled amdgcn there (`gemmsim isa FILE.s` reads it again)")
    add_format_args(p)
    p.set_defaults(func=run)


def add_source_args(p: argparse.ArgumentParser) -> None:
    """What a parsed kernel cannot always tell about itself (shared with `predict --isa`)."""
    p.add_argument("--trip-count", type=count_arg("trip count", limits.MAX_TRIP_COUNT, "a K loop runs at most K times"),
                   help=f"the hot loop's trip count, overriding what is inferred (1..{limits.MAX_TRIP_COUNT})")
    p.add_argument("--int-args", help="the kernel's 32-bit integer arguments in order, e.g. M,N,K")
    p.add_argument("--workgroup", help=f"work-items per workgroup as X[xYxZ], when the metadata lacks it "
                                       f"(at most {limits.MAX_WORKGROUP_ITEMS} in all)")
    p.add_argument("--arg-roles", metavar="ROLES",
                   help="the pointer arguments' roles in order, e.g. C,A,B,scale_a,scale_b,bias ('-' for none); "
                        "default: inferred from what the kernel does with each pointer")
    p.add_argument("--dynamic-lds", metavar="BYTES", type=count_arg("dynamic LDS", MAX_LDS_BYTES, "beyond any GPU's LDS", 0),
                   default=0, help="LDS the launch allocates beyond the kernel's fixed segment (HIP's dynamic shared "
                                   "memory, a Triton kernel's; default 0)")


def source_kwargs(args: argparse.Namespace) -> dict:
    int_args = [x.strip() for x in args.int_args.split(",")] if args.int_args else None
    workgroup = workgroup_dims(args.workgroup) if args.workgroup else None
    return {"trip_count": args.trip_count, "int_args": int_args, "workgroup": workgroup, "arg_roles": args.arg_roles,
            "dynamic_lds": args.dynamic_lds}


def run(args: argparse.Namespace) -> int:
    from gemmsim.hw import load_gpu
    from gemmsim.frontends.amdgpu.parser import parse_file
    from gemmsim.frontends.amdgpu.program import load_kernel, mfma_dtype
    from gemmsim.frontends.amdgpu.analysis import analyze_parsed
    from gemmsim.report.isa import format_analysis

    triton = triton_config(args)
    if triton is not None or args.save_asm:
        return _run_triton(args, triton)
    if args.file is None:
        raise InputError("give the assembly file (gemmsim isa FILE.s) or a Triton kernel (--triton FILE.py:KERNEL)")
    if args.list:
        for k in parse_file(args.file, only=""):
            print(f"{k.name}{'' if k.is_kernel else '  (device function)'}")
        return 0
    gpu = load_gpu(gpu_name(args)) if gpu_name(args) else None
    problem = None
    if args.shape:
        problem = make_problem(args.shape, args.dtype or mfma_dtype(args.file, args.kernel))
    elif args.dtype:
        raise InputError("--dtype describes --shape; give --shape MxNxK with it")
    kwargs = source_kwargs(args)
    kwargs["dynamic_lds_bytes"] = kwargs.pop("dynamic_lds")
    pk = load_kernel(args.file, problem=problem, gpu=gpu, kernel=args.kernel, tile=args.tile, **kwargs)
    report = analyze_parsed(pk)
    print(json.dumps(versioned(report), indent=2, sort_keys=True) if args.json else format_analysis(report))
    return 0


def _run_triton(args: argparse.Namespace, config: dict | None) -> int:
    """`gemmsim isa --triton FILE.py:KERNEL --meta ... --shape MxNxK`: compile, then read the amdgcn."""
    from gemmsim.api import DEFAULT_GPU
    from gemmsim.frontends import registry
    from gemmsim.frontends.amdgpu.analysis import analyze_parsed
    from gemmsim.hw import load_gpu
    from gemmsim.report.isa import format_analysis

    if config is None:
        raise InputError("--save-asm writes the amdgcn of --triton FILE.py:KERNEL: give --triton")
    clash = [flag for flag, given in (("FILE.s", args.file), ("--kernel", args.kernel), ("--list", args.list),
                                      ("--tile", args.tile), ("--trip-count", args.trip_count),
                                      ("--int-args", args.int_args), ("--workgroup", args.workgroup),
                                      ("--arg-roles", args.arg_roles), ("--dynamic-lds", args.dynamic_lds)) if given]
    if clash:
        raise InputError(f"--triton compiles the kernel and binds its launch: leave out {', '.join(clash)}")
    if not args.shape:
        raise InputError("--triton needs --shape MxNxK: the launch's arguments and grid come from it")
    family = registry.get("triton")
    problem = make_problem(args.shape, args.dtype or family.default_dtype, dtypes=family.dtypes,
                           kernel="the triton family")
    gpu = load_gpu(gpu_name(args) or DEFAULT_GPU)
    pk = family.parsed(problem, family.parse_config(None, config), gpu)
    if args.save_asm:
        from gemmsim.files import read_text, write_atomically

        write_atomically(args.save_asm, read_text(pk.source.path, "the compiled amdgcn"))
        announce(args.save_asm)
    report = analyze_parsed(pk)
    print(json.dumps(versioned(report), indent=2, sort_keys=True) if args.json else format_analysis(report))
    return 0
