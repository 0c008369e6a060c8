"""`gemmsim verify` (functional replay of the generated kernel) and `gemmsim layout` (MFMA lane maps)."""

from __future__ import annotations

import argparse
import json
import time

from gemmsim.cli.common import add_gpu_args, add_kernel_args, gpu_from_args, kernel_from_args
from gemmsim.functional.verify import FAULTS, VerifyReport, verify


def register(subparsers) -> None:
    p = subparsers.add_parser("verify", help="run the generated kernel on random data and check C against numpy")
    add_kernel_args(p)
    p.add_argument("--seed", type=int, default=0, help="random seed of the inputs (default 0)")
    p.add_argument("--break", dest="fault", choices=tuple(FAULTS), default=None,
                   help="inject a fault that verify must catch: " + "; ".join(f"{k}" for k in FAULTS))
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_verify)

    p = subparsers.add_parser("layout", help="which lane holds which A, B and C element of a matrix instruction")
    p.add_argument("--instr", required=True, help="opcode, e.g. v_mfma_f32_16x16x32_fp8_fp8")
    add_gpu_args(p)
    p.add_argument("--dtype", default=None, help="operand dtype when the opcode takes several (f8f6f4: fp8 or fp4)")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="also draw the maps to this image")
    p.set_defaults(func=_layout)


def _verify(args: argparse.Namespace) -> int:
    problem, config, gpu = kernel_from_args(args)
    start = time.perf_counter()
    report = verify(problem, config, gpu, seed=args.seed, fault=args.fault)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, sort_keys=True))
    else:
        print(format_report(report, seconds))
    return 0 if report.passed else 1


def format_report(report: VerifyReport, seconds: float | None = None) -> str:
    m, n, k = report.shape
    verdict = "PASS" if report.passed else "FAIL"
    lines = [f"verify {report.program} on {report.gpu} ({report.arch}), {m}x{n}x{k} {report.dtype} "
             f"({report.input_format}), seed {report.seed}"
             + (f", injected fault: {report.fault}" if report.fault else ""),
             f"  {report.blocks} workgroups replayed, {report.elements} C elements"
             + (f" in {seconds:.2f} s" if seconds is not None else ""),
             f"  {verdict}: {report.wrong} wrong, worst error / tolerance = {report.worst_error_to_tolerance:.3g}, "
             f"{report.hazard_count} synchronization hazards"]
    if report.cause:
        lines.append(f"  cause: {report.cause}")
    if report.first_wrong:
        lines.append("  first wrong element: " + report.first_wrong.describe().replace("\n", "\n  "))
    for hazard in report.hazards[:5]:
        lines.append(f"  hazard {hazard.describe()}")
    return "\n".join(lines)


def _layout(args: argparse.Namespace) -> int:
    from gemmsim.functional.layout import format_layout, instruction_layout, plot_layout

    gpu = gpu_from_args(args)
    lay = instruction_layout(gpu, args.instr, args.dtype)
    print(format_layout(lay))
    if args.plot:
        plot_layout(lay, args.plot)
        print(f"\nplot written to {args.plot}")
    return 0
