"""The project's Triton GEMM (kernels/triton/matmul.py) on the H200 over a grid of meta-parameters.

    python3 -m validation.triton_grid compile --out DIR [--jobs N]     cubins, metadata (no GPU needed)
    python3 -m validation.triton_grid time --out DIR                   DIR/triton_grid.csv (needs the GPU)
    python3 -m validation.triton_grid profile --out DIR --points P,...  one launch per point (under ncu)

Each configuration is compiled twice for sm_90: as Triton compiles it (`wgmma`: warp-group MMA,
HGMMA in the SASS) and with DISABLE_MMA_V3=1 (`mma`: mma.sync, HMMA in the SASS, the instruction
the project's own kernels use). bf16 A (M x K) and B (K x N), row-major, fp32 accumulation and an
fp32 C, as the project's matrix-core kernels have it. The compile stage writes, per configuration,
DIR/cubin/NAME.cubin and DIR/meta/NAME.json (Triton's metadata: shared bytes, num_warps, stages).

Timing is the runner's (validation/measure.py time_launches): C poisoned before every launch, the
GPU held busy while the host submits the launch between its two events, the warm-ups and medians of
validation/stats.py. The launch is Triton's own launcher for the compiled kernel; its host time is
recorded (host_launch_us) to show it stays under the hold. The check is against torch.matmul in
float64 of the same bf16 values, with the runner's tolerance (stats.tolerance).
"""
from __future__ import annotations

import argparse
import csv
import datetime
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from validation import stats

GROUP_M = 8
# (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages): the usual Triton GEMM ranges on Hopper.
CONFIGS = (
    (128, 256, 64, 8, 3), (256, 128, 64, 8, 3), (128, 256, 64, 8, 4), (128, 128, 64, 4, 3),
    (128, 128, 64, 4, 4), (128, 128, 64, 8, 4), (128, 128, 64, 8, 5), (128, 128, 32, 4, 4),
    (128, 128, 128, 8, 3), (128, 64, 64, 4, 4), (64, 128, 64, 4, 4), (64, 128, 32, 4, 5),
    (128, 64, 32, 4, 5), (64, 64, 64, 4, 5), (64, 64, 32, 4, 4), (256, 64, 64, 8, 4),
    (64, 256, 64, 8, 3), (128, 256, 32, 8, 4),
)
# The compiler's variants: name -> environment set while compiling.
VARIANTS = {"wgmma": {}, "mma": {"DISABLE_MMA_V3": "1"}}
SHAPES = ((4096, 4096, 4096), (8192, 8192, 2048), (1024, 8192, 8192), (512, 4096, 14336))
KERNEL = "kernels/triton/matmul.py:matmul_kernel"
SM90 = ("cuda", 90, 32)


@dataclass(frozen=True)
class Config:
    variant: str
    block_m: int
    block_n: int
    block_k: int
    num_warps: int
    num_stages: int

    @property
    def name(self) -> str:
        return (f"{self.variant}_m{self.block_m}n{self.block_n}k{self.block_k}"
                f"w{self.num_warps}s{self.num_stages}")

    @classmethod
    def parse(cls, name: str) -> "Config":
        variant, rest = name.split("_", 1)
        import re
        m = re.fullmatch(r"m(\d+)n(\d+)k(\d+)w(\d+)s(\d+)", rest)
        if variant not in VARIANTS or m is None:
            raise ValueError(f"not a configuration name: {name!r}")
        return cls(variant, *(int(g) for g in m.groups()))


def all_configs() -> list[Config]:
    return [Config(v, *c) for v in VARIANTS for c in CONFIGS]


def compile_config(cfg: Config):
    """Triton's CompiledKernel for sm_90: A, B, C row-major (unit strides specialized, as Triton's
    JIT does for contiguous tensors), every size and leading dimension a multiple of 16."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from kernels.triton.matmul import matmul_kernel

    signature = {"a_ptr": "*bf16", "b_ptr": "*bf16", "c_ptr": "*fp32", "M": "i32", "N": "i32", "K": "i32",
                 "stride_am": "i32", "stride_ak": "constexpr", "stride_bk": "i32", "stride_bn": "constexpr",
                 "stride_cm": "i32", "stride_cn": "constexpr", "BLOCK_M": "constexpr",
                 "BLOCK_N": "constexpr", "BLOCK_K": "constexpr", "GROUP_M": "constexpr"}
    constants = {(7,): 1, (9,): 1, (11,): 1, (12,): cfg.block_m, (13,): cfg.block_n,
                 (14,): cfg.block_k, (15,): GROUP_M}
    attrs = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 4, 5, 6, 8, 10)}
    saved = {k: os.environ.get(k) for k in VARIANTS[cfg.variant]}
    os.environ.update(VARIANTS[cfg.variant])
    try:
        return triton.compile(ASTSource(matmul_kernel, signature, constants, attrs),
                              target=GPUTarget(*SM90),
                              options={"num_warps": cfg.num_warps, "num_stages": cfg.num_stages})
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def kernel_args(cfg: Config, a: int, b: int, c: int, m: int, n: int, k: int) -> tuple:
    return (a, b, c, m, n, k, k, 1, n, 1, n, 1, cfg.block_m, cfg.block_n, cfg.block_k, GROUP_M)


def grid_of(cfg: Config, m: int, n: int) -> tuple[int, int, int]:
    return (-(-m // cfg.block_m) * -(-n // cfg.block_n), 1, 1)


def _compile_one(name: str, out: str) -> tuple[str, str]:
    cfg = Config.parse(name)
    try:
        kernel = compile_config(cfg)
    except Exception as err:  # noqa: BLE001 - recorded, the grid goes on
        return name, f"failed: {' '.join(repr(err).split())[:300]}"
    out_dir = Path(out)
    (out_dir / "cubin" / f"{name}.cubin").write_bytes(kernel.asm["cubin"])
    meta = {"name": name, "variant": cfg.variant, "BLOCK_M": cfg.block_m, "BLOCK_N": cfg.block_n,
            "BLOCK_K": cfg.block_k, "GROUP_M": GROUP_M, "num_warps": kernel.metadata.num_warps,
            "num_stages": kernel.metadata.num_stages, "shared": kernel.metadata.shared,
            "kernel_name": kernel.metadata.name, "hash": kernel.hash,
            "ptx_wgmma": kernel.asm["ptx"].count("wgmma.mma_async"),
            "ptx_mma_sync": kernel.asm["ptx"].count("mma.sync")}
    (out_dir / "meta" / f"{name}.json").write_text(json.dumps(meta, indent=1) + "\n")
    (out_dir / "ttgir" / f"{name}.ttgir").write_text(kernel.asm["ttgir"])
    return name, "ok"


def cmd_compile(args) -> int:
    for sub in ("cubin", "meta", "ttgir"):
        (args.out / sub).mkdir(parents=True, exist_ok=True)
    names = [c.name for c in all_configs()]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(_compile_one, names, [str(args.out)] * len(names)))
    failed = [(n, s) for n, s in results if s != "ok"]
    for n, s in failed:
        print(f"{n}: {s}", file=sys.stderr)
    print(f"compiled {len(results) - len(failed)}/{len(results)} in {time.perf_counter() - t0:.1f} s")
    return 0


TIME_COLUMNS = ("timestamp_utc", "device", "driver", "runtime", "triton", "torch", "sm_clock_mhz",
                "mem_clock_mhz", "config", "variant", "BLOCK_M", "BLOCK_N", "BLOCK_K", "GROUP_M",
                "num_warps", "num_stages", "shared_bytes", "regs_per_thread", "spills", "grid", "M", "N",
                "K", "warmups", "runs", "kernel_time_us", "kernel_time_min_us", "kernel_time_max_us",
                "gflops", "host_launch_us", "correct", "max_abs_err", "rel_err", "tolerance", "status",
                "error", "command")


def _launch_backend():
    """The CUDA backend whose launch also takes a callable (a Triton launch) for the timed kernel;
    the hold and every other call are the backend's own."""
    from validation.backends.cuda import CudaBackend

    class TritonLaunches(CudaBackend):
        def launch(self, function, grid, block, packed_args):
            if callable(function):
                function()
            else:
                super().launch(function, grid, block, packed_args)

    return TritonLaunches


def cmd_time(args) -> int:
    import torch
    import triton

    from validation import measure

    backend = _launch_backend()(args.build_dir)
    device = backend.device_info()
    torch.backends.cuda.matmul.allow_tf32 = False
    configs = [Config.parse(n) for n in args.configs.split(",")] if args.configs else all_configs()
    shapes = parse_shapes(args.shapes) if args.shapes else list(SHAPES)
    kernels = {}
    for cfg in configs:
        try:
            kernel = compile_config(cfg)   # from Triton's cache after the compile stage
            kernel._init_handles()
            kernels[cfg] = kernel
        except Exception as err:  # noqa: BLE001 - recorded below
            kernels[cfg] = err
    out_csv = args.out / "triton_grid.csv"
    new = not out_csv.exists()
    gen = torch.Generator(device="cuda").manual_seed(0)
    with out_csv.open("a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=TIME_COLUMNS)
        if new:
            writer.writeheader()
        for m, n, k in shapes:
            if m % 16 or n % 16 or k % 16:
                raise SystemExit(f"shape {m}x{n}x{k}: the compiled kernels assume multiples of 16")
            a = (torch.rand((m, k), device="cuda", generator=gen) * 2 - 1).to(torch.bfloat16)
            b = (torch.rand((k, n), device="cuda", generator=gen) * 2 - 1).to(torch.bfloat16)
            ref = torch.matmul(a.double(), b.double())
            ref_norm = float(torch.linalg.norm(ref))
            c = torch.empty((m, n), device="cuda", dtype=torch.float32)
            torch.cuda.synchronize()
            for cfg in configs:
                row = {col: "" for col in TIME_COLUMNS}
                row.update(timestamp_utc=datetime.datetime.now(datetime.timezone.utc).strftime(
                    "%Y-%m-%dT%H:%M:%SZ"), device=device["device"], driver=device["driver"],
                    runtime=device["runtime"], triton=triton.__version__, torch=torch.__version__,
                    config=cfg.name, variant=cfg.variant, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n,
                    BLOCK_K=cfg.block_k, GROUP_M=GROUP_M, num_warps=cfg.num_warps,
                    num_stages=cfg.num_stages, grid=grid_of(cfg, m, n)[0], M=m, N=n, K=k,
                    tolerance=stats.tolerance("bf16", k), status="failed", correct=False,
                    command=args.command)
                kernel = kernels[cfg]
                if isinstance(kernel, Exception):
                    row["error"] = " ".join(repr(kernel).split())[:300]
                    writer.writerow(row)
                    continue
                row.update(shared_bytes=kernel.metadata.shared, regs_per_thread=kernel.n_regs,
                           spills=kernel.n_spills)
                try:
                    runner = kernel[grid_of(cfg, m, n)]
                    launch_args = kernel_args(cfg, a.data_ptr(), b.data_ptr(), c.data_ptr(), m, n, k)

                    def launch(runner=runner, launch_args=launch_args):
                        runner(*launch_args, stream=0)

                    host = []
                    for _ in range(5):   # the host's launch call, alone (not timed by the events)
                        t0 = time.perf_counter()
                        launch()
                        host.append((time.perf_counter() - t0) * 1e6)
                    backend.synchronize()
                    timing, warmups = measure.time_launches(
                        backend, launch, grid_of(cfg, m, n), (cfg.num_warps * 32, 1, 1), b"",
                        c.data_ptr(), c.numel() * 4, measure.Overrides.named(args.mode))
                    sm_mhz, mem_mhz = backend.clocks_mhz()
                    diff = c.double() - ref
                    nonfinite = int((~torch.isfinite(c)).sum())
                    report = stats.ErrorReport(float(diff.abs().max()), float(torch.linalg.norm(diff)) / ref_norm,
                                               nonfinite) if not nonfinite else stats.ErrorReport(
                                                   float("inf"), float("inf"), nonfinite)
                    correct = stats.is_correct(report, "bf16", k)
                    row.update(sm_clock_mhz=sm_mhz or "", mem_clock_mhz=mem_mhz or "", warmups=warmups,
                               runs=timing.runs, kernel_time_us=round(timing.median_us, 3),
                               kernel_time_min_us=round(timing.min_us, 3),
                               kernel_time_max_us=round(timing.max_us, 3),
                               gflops=round(stats.gflops(m, n, k, timing.median_us), 3),
                               host_launch_us=round(statistics.median(host), 2), correct=correct,
                               max_abs_err=f"{report.max_abs_err:.6g}", rel_err=f"{report.rel_err:.6g}",
                               status="ok" if correct else "incorrect",
                               error="" if correct else "error above tolerance or non-finite")
                except Exception as err:  # noqa: BLE001 - recorded, the grid goes on
                    row["error"] = " ".join(repr(err).split())[:300]
                writer.writerow(row)
                f.flush()
                print(f"{cfg.name:28s} {m:>5}x{n:<5}x{k:<6} {row['kernel_time_us']:>10} us "
                      f"{row['gflops']:>10} GFLOP/s {row['status']}", flush=True)
            del a, b, ref, c
            torch.cuda.empty_cache()
    return 0


def cmd_profile(args) -> int:
    """One launch per point, for a profiler; DIR/profile_order.json lists them in launch order."""
    import torch

    points = []
    for item in args.points.split(","):
        name, shape = item.split("@")
        points.append((Config.parse(name), parse_shapes(shape)[0]))
    order = []
    for cfg, (m, n, k) in points:
        kernel = compile_config(cfg)
        a = torch.rand((m, k), device="cuda").to(torch.bfloat16)
        b = torch.rand((k, n), device="cuda").to(torch.bfloat16)
        c = torch.empty((m, n), device="cuda", dtype=torch.float32)
        kernel[grid_of(cfg, m, n)](*kernel_args(cfg, a.data_ptr(), b.data_ptr(), c.data_ptr(), m, n, k),
                                   stream=0)
        torch.cuda.synchronize()
        order.append({"config": cfg.name, "M": m, "N": n, "K": k})
        del a, b, c
    (args.out / "profile_order.json").write_text(json.dumps(order, indent=1) + "\n")
    return 0


def parse_shapes(text: str) -> list[tuple[int, int, int]]:
    return [tuple(int(x) for x in s.lower().split("x")) for s in text.split(",")]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m validation.triton_grid", description=__doc__.split("\n\n")[0])
    p.add_argument("stage", choices=("compile", "time", "profile"))
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--jobs", type=int, default=8)
    p.add_argument("--configs", help="configuration names (default: the whole grid)")
    p.add_argument("--shapes", help="MxNxK,... (default: the grid's four)")
    p.add_argument("--points", help="profile: CONFIG@MxNxK,...")
    p.add_argument("--mode", choices=("quick",), help="the runner's quick mode")
    p.add_argument("--build-dir", type=Path, default=Path("build"))
    args = p.parse_args(argv)
    args.command = "python3 -m validation.triton_grid " + " ".join(sys.argv[1:] if argv is None else argv)
    args.out.mkdir(parents=True, exist_ok=True)
    return {"compile": cmd_compile, "time": cmd_time, "profile": cmd_profile}[args.stage](args)


if __name__ == "__main__":
    sys.exit(main())
