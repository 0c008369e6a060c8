"""Passes beside the timing suites: Nsight Compute counters, compute-sanitizer, SASS listings
(NVIDIA), and rocprofv3 counters and kernel traces (AMD).

Each pass runs the runner's worker under the tool in 'check' mode (no warm-ups, one launch
per point, correctness still checked), so the tool sees each of our kernels once per shape,
in a known order, and no other kernels (the runner launches nothing but ours).
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from validation import results, suites

# Nsight Compute metric -> column name in ncu.csv (counts unless the name says otherwise).
NCU_METRICS = {
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum": "shared_ld_bank_conflicts",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum": "shared_st_bank_conflicts",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": "shared_ld_wavefronts",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": "shared_st_wavefronts",
    "smsp__inst_executed_op_shared_ld.sum": "shared_ld_instructions",
    "smsp__inst_executed_op_shared_st.sum": "shared_st_instructions",
    "smsp__inst_executed.sum": "instructions_executed",
    "gpu__time_duration.sum": "duration_ns",
    "sm__cycles_elapsed.max": "sm_cycles_elapsed",
    "dram__bytes_read.sum": "dram_read_bytes",
    "dram__bytes_write.sum": "dram_write_bytes",
    "sm__warps_active.avg.pct_of_peak_sustained_active": "achieved_occupancy_pct",
    "launch__registers_per_thread": "registers_per_thread",
}
NCU_REQUIRED = list(NCU_METRICS)[:4] + ["gpu__time_duration.sum"]
NCU_SHAPES = ((512, 512, 512), (127, 512, 512), (4096, 4096, 4096))
NCU_KERNEL_FILTER = "regex:^(gemm|mma_preshuffle)"
NCU_COLUMNS = ("suite", "symbol", "M", "N", "K", "ncu_kernel_name", "grid", "block",
               *NCU_METRICS.values(), "metrics_missing", "command")
SANITIZER_TOOLS = ("memcheck", "racecheck")
SANITIZER_COLUMNS = ("tool", "symbol", "shapes", "points_run", "points_correct", "errors",
                     "tool_errors_total", "tool_exit_code", "status", "command")


def worker_command(args, suite: str, out_dir: Path, shapes, launch_log: Path | None = None) -> list[str]:
    cmd = [sys.executable, "-m", "validation.run", "--worker", "--suite", suite, "--out", str(out_dir),
           "--backend", args.backend, "--build-dir", str(args.build_dir), "--mode", "check",
           "--shapes", ",".join("x".join(map(str, s)) for s in shapes)]
    if args.kernels:
        cmd += ["--kernels", args.kernels]
    if launch_log is not None:
        cmd += ["--launch-log", str(launch_log)]
    return cmd


def write_csv(path: Path, columns, rows: list[dict]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        for row in rows:
            writer.writerow({c: row.get(c, "") for c in columns})


# ---- Nsight Compute ----------------------------------------------------------------------
def parse_ncu_raw_csv(text: str) -> list[dict]:
    """ncu --page raw --csv: a header row, a units row, then one row per profiled launch."""
    lines = [ln for ln in text.splitlines() if ln.startswith('"')]
    if len(lines) < 2:
        return []
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    header, body = rows[0], rows[2:] if rows[1] and rows[1][0] == "" else rows[1:]
    return [dict(zip(header, r)) for r in body]


def ncu_number(text: str) -> str:
    cleaned = text.replace(",", "").strip()
    try:
        float(cleaned)
    except ValueError:
        return ""
    return cleaned


def ncu_rows(profiled: list[dict], launches: list[list], command: str) -> list[dict]:
    """Pair the i-th profiled launch with the i-th launch the worker logged."""
    out = []
    for launch, prof in zip(launches, profiled):
        suite, symbol, m, n, k = launch
        row = {"suite": suite, "symbol": symbol, "M": m, "N": n, "K": k,
               "ncu_kernel_name": prof.get("Kernel Name", ""), "grid": prof.get("Grid Size", ""),
               "block": prof.get("Block Size", ""), "command": command}
        missing = []
        for metric, column in NCU_METRICS.items():
            value = ncu_number(prof.get(metric, ""))
            row[column] = value
            if value == "":
                missing.append(column)
        row["metrics_missing"] = ";".join(missing)
        out.append(row)
    return out


def run_ncu(args, command: str, timeout_s: int = 300) -> int:
    ncu = shutil.which("ncu")
    if ncu is None:
        print("ncu not found: skipping the Nsight Compute pass", file=sys.stderr)
        return 1
    work = args.out / "ncu_work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    launch_log, report = work / "launches.jsonl", work / "report"
    shapes = [s for s in NCU_SHAPES] if not args.shapes else [suites.parse_shape(s) for s in args.shapes.split(",")]
    status = 1
    for metrics in (list(NCU_METRICS), NCU_REQUIRED):
        launch_log.unlink(missing_ok=True)
        cmd = [ncu, "--clock-control", "none", "--kernel-name", NCU_KERNEL_FILTER, "--metrics",
               ",".join(metrics), "-f", "-o", str(report),
               *worker_command(args, "all", work / "rows", shapes, launch_log)]
        proc = _run_logged(cmd, args.out / "ncu.log", timeout_s)
        if proc == 0 and Path(f"{report}.ncu-rep").exists():
            status = 0
            break
    if status:
        return status
    export = subprocess.run([ncu, "--import", f"{report}.ncu-rep", "--csv", "--page", "raw",
                             "--print-units", "base"], capture_output=True, text=True)
    (args.out / "ncu_raw.csv").write_text(export.stdout)
    launches = [json.loads(line) for line in launch_log.read_text().splitlines()]
    profiled = parse_ncu_raw_csv(export.stdout)
    write_csv(args.out / "ncu.csv", NCU_COLUMNS, ncu_rows(profiled, launches, command + "  [ncu pass]"))
    print(f"ncu: {len(profiled)} profiled launches for {len(launches)} logged", flush=True)
    return 0 if len(profiled) == len(launches) else 1


# ---- Nsight Compute: warp-state statistics (stall reasons) -----------------------------------
# The WarpStateStats section gives, per stall reason, the warp-cycles spent stalled on it per
# issued instruction (smsp__average_warps_issue_stalled_<reason>_per_issue_active.ratio); these
# plus 'selected' (1 per issued instruction) add up to smsp__average_warp_latency_per_inst_issued.
# Beside the section: counts, occupancy, L1/L2 hit rates, and global-load requests and sectors.
STALLS_SECTION = "WarpStateStats"
STALLS_METRICS = {
    "gpu__time_duration.sum": "duration_ns",
    "sm__cycles_elapsed.max": "sm_cycles_elapsed",
    "smsp__cycles_active.avg": "smsp_cycles_active_avg",
    "smsp__inst_executed.sum": "inst_executed",
    "smsp__inst_issued.sum": "inst_issued",
    "smsp__average_warp_latency_per_inst_issued.ratio": "warp_cycles_per_issued_inst",
    "smsp__warps_active.avg.per_cycle_active": "warps_active_per_smsp",
    "sm__warps_active.avg.pct_of_peak_sustained_active": "achieved_occupancy_pct",
    "l1tex__t_sector_hit_rate.pct": "l1_hit_rate_pct",
    "lts__t_sector_hit_rate.pct": "l2_hit_rate_pct",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum": "gld_requests",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": "gld_sectors",
    "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct": "gld_l1_hit_rate_pct",
    "launch__registers_per_thread": "registers_per_thread",
}
# Nsight Compute's stall reasons on sm_90 (columns stall_<reason>, warp-cycles per issued
# instruction); a reason the tool reports that is not listed here still gets its column.
NCU_STALL_REASONS = ("long_scoreboard", "short_scoreboard", "mio_throttle", "lg_throttle", "barrier",
                     "math_pipe_throttle", "wait", "not_selected", "dispatch_stall", "no_instruction",
                     "selected", "branch_resolving", "drain", "imc_miss", "membar", "misc", "sleeping",
                     "tex_throttle")
_STALL_METRIC = re.compile(r"^smsp__average_warps?_(?:latency_)?issue_stalled_(\w+?)"
                           r"(?:_per_issue_active)?\.ratio$")
# (shape, kernel regex or None): the ladder in fp32 and every matrix-core config on a skinny,
# a square and a small shape; fp64/int32 (timed on the small shapes only) on three small ones.
STALLS_GROUPS = (
    ((512, 512, 512), None),
    ((4096, 4096, 4096), None),
    ((16, 11008, 4096), None),
    ((127, 512, 512), None),
    ((512, 512, 2048), None),
)
STALLS_FIXED = ("suite", "symbol", "M", "N", "K", "ncu_kernel_name", "grid", "block")


def stall_columns(header) -> dict[str, str]:
    """ncu raw-page metric name -> stall_<reason> column, for every stall metric in the header
    (the per-issue ratio preferred where the tool gives two names for one reason)."""
    out: dict[str, str] = {}
    for name in sorted(header, key=lambda n: "per_issue_active" not in n):
        m = _STALL_METRIC.match(name)
        if m and "_pred_on" not in name and f"stall_{m.group(1)}" not in out.values():
            out[name] = f"stall_{m.group(1)}"
    return out


def stalls_columns(extra_stalls=()) -> tuple[str, ...]:
    stalls = [f"stall_{r}" for r in NCU_STALL_REASONS]
    stalls += [c for c in extra_stalls if c not in stalls]
    return (*STALLS_FIXED, *STALLS_METRICS.values(), *stalls, "metrics_missing", "command")


def stalls_rows(profiled: list[dict], launches: list[list], command: str) -> list[dict]:
    out = []
    for launch, prof in zip(launches, profiled):
        suite, symbol, m, n, k = launch
        row = {"suite": suite, "symbol": symbol, "M": m, "N": n, "K": k,
               "ncu_kernel_name": prof.get("Kernel Name", ""), "grid": prof.get("Grid Size", ""),
               "block": prof.get("Block Size", ""), "command": command}
        missing = []
        for metric, column in STALLS_METRICS.items():
            row[column] = ncu_number(prof.get(metric, ""))
            if row[column] == "":
                missing.append(column)
        for metric, column in stall_columns(prof).items():
            row[column] = ncu_number(prof.get(metric, ""))
        missing += [f"stall_{r}" for r in NCU_STALL_REASONS if row.get(f"stall_{r}", "") == ""]
        row["metrics_missing"] = ";".join(missing)
        out.append(row)
    return out


def known_metric_names(query_text: str) -> set[str]:
    """Base metric names in `ncu --query-metrics` output (first word of each line)."""
    return {ln.split()[0] for ln in query_text.splitlines() if ln.strip() and re.match(r"^[a-z]\w*__\w+", ln)}


def run_stalls(args, command: str, deadline_s: int = 330) -> int:
    """One ncu run per shape group (--section WarpStateStats and STALLS_METRICS), so a run cut by
    the deadline loses only its own group; OUT/stalls.csv, OUT/stalls_work/ (reports, raw CSVs,
    launch logs), OUT/ncu_query_metrics.txt."""
    import time

    ncu = shutil.which("ncu")
    if ncu is None:
        print("ncu not found: skipping the stalls pass", file=sys.stderr)
        return 1
    start = time.monotonic()
    work = args.out / "stalls_work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    query = subprocess.run([ncu, "--query-metrics"], capture_output=True, text=True)
    (args.out / "ncu_query_metrics.txt").write_text(query.stdout + query.stderr)
    known = known_metric_names(query.stdout)
    metrics = [m for m in STALLS_METRICS if not known or m.split(".")[0] in known]
    dropped = [m for m in STALLS_METRICS if m not in metrics]
    if dropped:
        print(f"stalls: not in --query-metrics, dropped: {', '.join(dropped)}", flush=True)
    groups = STALLS_GROUPS
    if args.shapes:
        groups = tuple((suites.parse_shape(s), None) for s in args.shapes.split(","))
    all_rows, status = [], 0
    for i, (shape, kernels) in enumerate(groups):
        left = int(deadline_s - (time.monotonic() - start))
        if left < 20:
            print(f"stalls: deadline, skipped {'x'.join(map(str, shape))}", flush=True)
            status = 1
            continue
        group_args = argparse.Namespace(**{**vars(args), "kernels": kernels or args.kernels})
        name = "x".join(map(str, shape))
        launch_log, report = work / f"launches_{name}.jsonl", work / f"report_{name}"
        worker = worker_command(group_args, "all", work / f"rows_{name}", [shape], launch_log)
        code = 1
        for metric_set in (metrics, []):
            launch_log.unlink(missing_ok=True)
            cmd = [ncu, "--clock-control", "none", "--kernel-name", NCU_KERNEL_FILTER,
                   "--section", STALLS_SECTION, *(["--metrics", ",".join(metric_set)] if metric_set else []),
                   "-f", "-o", str(report), *worker]
            t0 = time.monotonic()
            code = _run_logged(cmd, work / f"ncu_{name}.log", left)
            print(f"stalls: {name}: exit {code} in {time.monotonic() - t0:.1f} s", flush=True)
            if code == 0 or code == 124:
                break
        if not Path(f"{report}.ncu-rep").exists() or not launch_log.exists():
            status = 1
            continue
        export = subprocess.run([ncu, "--import", f"{report}.ncu-rep", "--csv", "--page", "raw",
                                 "--print-units", "base"], capture_output=True, text=True)
        (work / f"raw_{name}.csv").write_text(export.stdout)
        launches = [json.loads(line) for line in launch_log.read_text().splitlines()]
        profiled = parse_ncu_raw_csv(export.stdout)
        all_rows += stalls_rows(profiled, launches, command + "  [stalls pass]")
        print(f"stalls: {name}: {len(profiled)} profiled launches for {len(launches)} logged", flush=True)
        status = status or (0 if code == 0 and len(profiled) == len(launches) else 1)
    extra = sorted({c for r in all_rows for c in r if c.startswith("stall_")})
    write_csv(args.out / "stalls.csv", stalls_columns(extra), all_rows)
    return status


# ---- rocprofv3 ------------------------------------------------------------------------------
# Counter passes: each set is collected in one hardware pass (rocprofv3 --pmc fails a set that
# needs more). Names from rocprofiler-sdk's counter_defs.yaml (gfx942); a counter the GPU lacks
# (gfx950 may lack some) is dropped after a probe, and the drop is logged in rocprof/counters.log.
ROCPROF_PASSES = {
    "lds": ("SQ_LDS_BANK_CONFLICT", "SQ_INSTS_LDS", "SQ_LDS_IDX_ACTIVE", "SQ_LDS_ADDR_CONFLICT"),
    "waves": ("SQ_WAVES", "SQ_BUSY_CYCLES", "GRBM_GUI_ACTIVE", "SQ_INSTS_VALU", "SQ_INSTS_MFMA"),
    "l2": ("TCC_HIT_sum", "TCC_MISS_sum"),
}
# rocprofv3's own file names (without its %pid%_ / -o prefix); each pass folder gets these.
ROCPROF_FILES = ("kernel_trace.csv", "kernel_stats.csv", "counter_collection.csv", "agent_info.csv",
                 "results.json")
ROCPROF_KERNEL_FILTER = "^(gemm|mma_preshuffle)"
ROCPROF_PROBE = ("^gemm_f32$", (128, 128, 128))  # one launch: is a counter collectable at all?


def rocprof_command(tool: str, counters, out_dir: Path, worker: list[str]) -> list[str]:
    return [tool, "--kernel-trace", "--stats", "--pmc", *counters, "--kernel-include-regex",
            ROCPROF_KERNEL_FILTER, "--output-format", "csv", "json", "-d", str(out_dir), "-o", "run",
            "--", *worker]


def collect_rocprof_files(out_dir: Path) -> list[str]:
    """Move rocprofv3's files (NAME_kernel_trace.csv, possibly in subfolders it made) to
    out_dir/kernel_trace.csv etc.; return the names found."""
    found = []
    for name in ROCPROF_FILES:
        target = out_dir / name
        candidates = sorted(p for p in out_dir.rglob(f"*{name}") if p != target and "rows" not in p.parts)
        if candidates:
            candidates[-1].replace(target)
        if target.exists():
            found.append(name)
    return found


def _rocprof_pass(tool: str, counters, out_dir: Path, worker: list[str], log_path: Path, timeout_s: int) -> bool:
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir(parents=True)
    # amd-smi, which the backend runs for clocks, would be profiled too: the pass reads no clocks
    env = {**os.environ, "GEMMSIM_AMD_CLOCKS": "off"}
    code = _run_logged(rocprof_command(tool, counters, out_dir, worker), log_path, timeout_s, env)
    return code == 0 and "counter_collection.csv" in collect_rocprof_files(out_dir)


def _available_counters(tool: str, args, counters, root: Path, note) -> list[str]:
    """The counters of a failed pass that rocprofv3 collects one at a time on a one-launch probe."""
    kernels_rx, shape = ROCPROF_PROBE
    probe_args = argparse.Namespace(**{**vars(args), "kernels": kernels_rx})
    kept = []
    for counter in counters:
        probe = root / "probe"
        worker = worker_command(probe_args, "ladder", probe / "rows", [shape])
        if _rocprof_pass(tool, [counter], probe, worker, root / f"probe_{counter}.log", 120):
            kept.append(counter)
        else:
            note(f"dropped {counter}: rocprofv3 could not collect it alone (log: probe_{counter}.log)")
    shutil.rmtree(root / "probe", ignore_errors=True)
    return kept


def run_rocprof(args, command: str, timeout_s: int = 300) -> int:
    """One rocprofv3 run of the worker ('check' mode: one launch per point) per counter pass,
    into OUT/rocprof/<pass>/ with rocprofv3's file names, plus launches.jsonl (the points in
    launch order) and rows/ (the pass's own runner CSV: its correctness check). A pass already
    complete is kept (a re-run resumes)."""
    tool = shutil.which("rocprofv3")
    if tool is None:
        print("rocprofv3 not found: skipping the rocprofv3 pass", file=sys.stderr)
        return 1
    root = args.out / "rocprof"
    root.mkdir(parents=True, exist_ok=True)
    shapes = list(NCU_SHAPES) if not args.shapes else [suites.parse_shape(s) for s in args.shapes.split(",")]

    def note(line: str) -> None:
        print(f"rocprof: {line}", flush=True)
        with (root / "counters.log").open("a") as log:
            log.write(line + "\n")

    status = 0
    for name, counters in ROCPROF_PASSES.items():
        out_dir = root / name
        if (out_dir / "counter_collection.csv").exists() and (out_dir / "launches.jsonl").exists():
            note(f"{name}: already collected, kept")
            continue
        worker = worker_command(args, "all", out_dir / "rows", shapes, out_dir / "launches.jsonl")
        ok = _rocprof_pass(tool, counters, out_dir, worker, root / f"{name}.log", timeout_s)
        if not ok:
            kept = _available_counters(tool, args, counters, root, note)
            ok = bool(kept) and _rocprof_pass(tool, kept, out_dir, worker, root / f"{name}.log", timeout_s)
            counters = kept
        if not ok:
            note(f"{name}: no counters collected")
            status = 1
            continue
        launches = len((out_dir / "launches.jsonl").read_text().splitlines())
        note(f"{name}: {', '.join(counters)} over {launches} launches")
    return status


# ---- compute-sanitizer -----------------------------------------------------------------
_SUMMARY = re.compile(r"ERROR SUMMARY:\s*(\d+)\s+error")
_RACE_SUMMARY = re.compile(r"RACECHECK SUMMARY:\s*(\d+)\s+hazards? displayed\s*\((\d+)\s+errors?")


def sanitizer_error_total(tool: str, log: str) -> int | None:
    if tool == "racecheck":
        m = _RACE_SUMMARY.search(log)
        if m:
            return int(m.group(2))
    m = _SUMMARY.search(log)
    return int(m.group(1)) if m else None


def errors_by_kernel(log: str, symbols: list[str]) -> dict[str, int]:
    """Sanitizer report lines ('=========  ...') that name each kernel."""
    report = [ln for ln in log.splitlines() if ln.startswith("=========")]
    return {s: sum(1 for ln in report if re.search(rf"\b{re.escape(s)}\b", ln)) for s in symbols}


def run_sanitizers(args, command: str, timeout_s: int = 300) -> int:
    tool_path = shutil.which("compute-sanitizer")
    if tool_path is None:
        print("compute-sanitizer not found: skipping", file=sys.stderr)
        return 1
    rows, status = [], 0
    for tool in SANITIZER_TOOLS:
        work = args.out / f"sanitizer_{tool}"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        log_path = args.out / f"sanitizer_{tool}.log"
        cmd = [tool_path, "--tool", tool, "--print-limit", "200",
               *worker_command(args, "check", work, suites.CHECK_SHAPES)]
        code = _run_logged(cmd, log_path, timeout_s)
        log = log_path.read_text(errors="replace")
        total = sanitizer_error_total(tool, log)
        point_rows = results.read_rows(work / "check.csv")
        symbols = sorted({r["symbol"] for r in point_rows})
        per_kernel = errors_by_kernel(log, symbols)
        for symbol in symbols:
            mine = [r for r in point_rows if r["symbol"] == symbol]
            clean = total == 0 and per_kernel[symbol] == 0
            rows.append({"tool": tool, "symbol": symbol,
                         "shapes": ";".join(f"{r['M']}x{r['N']}x{r['K']}" for r in mine),
                         "points_run": len(mine),
                         "points_correct": sum(r["status"] == "ok" for r in mine),
                         "errors": per_kernel[symbol], "tool_errors_total": "" if total is None else total,
                         "tool_exit_code": code, "status": "clean" if clean else "errors",
                         "command": shlex_join(cmd)})
        status = status or (0 if total == 0 else 1)
    write_csv(args.out / "sanitizer.csv", SANITIZER_COLUMNS, rows)
    return status


# ---- SASS ---------------------------------------------------------------------------------
_FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)\s*$", re.MULTILINE)


def split_sass_by_function(listing: str) -> dict[str, str]:
    """cuobjdump -sass output -> {kernel symbol: its listing}."""
    starts = [(m.start(), m.group(1)) for m in _FUNCTION.finditer(listing)]
    out = {}
    for i, (pos, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(listing)
        out[name] = listing[pos:end].rstrip() + "\n"
    return out


def write_sass(build_dir: Path, out_dir: Path) -> int:
    tool = shutil.which("cuobjdump")
    if tool is None:
        print("cuobjdump not found: skipping SASS listings", file=sys.stderr)
        return 1
    out_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    for cubin in sorted(Path(build_dir).glob("*.cubin")):
        listing = subprocess.run([tool, "-sass", str(cubin)], capture_output=True, text=True,
                                 check=True).stdout
        for name, text in split_sass_by_function(listing).items():
            (out_dir / f"{name}.sass").write_text(f"// cuobjdump -sass {cubin.name}\n{text}")
            count += 1
    print(f"sass: {count} kernel listings in {out_dir}", flush=True)
    return 0 if count else 1


# ---- helpers -------------------------------------------------------------------------------
def shlex_join(cmd: list[str]) -> str:
    import shlex

    return shlex.join(cmd)


def _run_logged(cmd: list[str], log_path: Path, timeout_s: int, env: dict | None = None) -> int:
    print("$ " + shlex_join(cmd), flush=True)
    with log_path.open("w") as log:
        try:
            return subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout_s, env=env).returncode
        except subprocess.TimeoutExpired:
            log.write(f"\n[timed out after {timeout_s} s]\n")
            return 124
