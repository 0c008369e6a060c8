"""Where a warp stops issuing global loads: the `inflight` microbenchmark read beside its SASS.

    python -m validation.analyses.inflight validation/results/h200/microbench_inflight.csv

One warp per SM (or four) issues 128 independent loads of new lines and reads the cycle counter
after every 4th or 8th (kernels inflight_m4, inflight_m8; rows
inflight_<hbm|l2>_m<mark>_w<warps>[_last]: the issue cycle of load n, and the cycle all values are
in). Where the counter advances by more than twice its usual step the warp stalled at issue. ptxas tracks the loads on scoreboard barriers and, short of barriers, waits on one before
giving it new loads; those waits are in the SASS (microbench_inflight_sass.txt beside the CSV). A
stall with a compiled wait among its loads is the compiler's; one without would be a ceiling of the
hardware on a warp's loads in flight. Kernels inflight_n<N> issue N loads with no counter read among
them (rows inflight_count_<level>_w<warps>, param N: the cycle the warp is past the last load's
issue, and the cycle all values are in); the table gives, for each N, the load after which ptxas
first waits on a barrier with loads pending, and the issue cycles from HBM and from the L2.
Kernels inflight_at<K> issue 128 loads and read the counter once, after load K (rows
inflight_at_<level>_w<warps>: past load K, past the last load, all in).

Which ceiling, if any: `ceiling_table` replays each kernel's compiled load order and waits from its
SASS (a load every `gap` cycles, each back `latency` cycles later, a wait holding the warp until its
barrier's loads are back) with no ceiling and with a ceiling of C loads in flight per warp, beside
the measured cycle the warp got past its last load.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.frontends.sm90.sass_reader import parse_sass
from gemmsim.measurements.microbench import Row
from validation.analyses.command import fit_command

SASS_NAME = "microbench_inflight_sass.txt"
BENCH = re.compile(r"inflight_(?P<level>hbm|l2)_m(?P<mark>\d+)_w(?P<warps>\d+)(?P<last>_last)?$")
COUNT_BENCH = re.compile(r"inflight_count_(?P<level>hbm|l2)_w(?P<warps>\d+)$")
STALL_FACTOR = 2.0      # a step this many times the usual one is a stall


@dataclass(frozen=True)
class Stall:
    first_load: int          # the loads issued during the step that stalled: first_load..last_load
    last_load: int
    extra_cycles: float      # beyond the usual step
    compiled_wait: int | None  # a wait on a load barrier after this load, within the step, if any


@dataclass(frozen=True)
class Series:
    bench: str
    cycles_per_load: float   # while loads flow
    latency_cycles: float    # the last load's issue to all values in
    stalls: tuple[Stall, ...]


def read_series(rows: list[Row]) -> dict[str, tuple[list[tuple[int, float]], float]]:
    """bench -> ([(loads issued, cycle)], cycle all values are in)."""
    marks: dict[str, list[tuple[int, float]]] = {}
    done: dict[str, float] = {}
    for r in rows:
        if not BENCH.match(r.bench):
            continue
        if r.metric == "issue_cycle":
            marks.setdefault(r.bench, []).append((int(r.param_value), r.value))
        elif r.metric == "done_cycle":
            done[r.bench] = r.value
    missing = sorted(set(marks) ^ set(done))
    if not marks or missing:
        raise InputError("no inflight_* issue and done rows" if not marks else f"{missing[0]}: issue or done rows missing")
    return {b: (sorted(m), done[b]) for b, m in marks.items()}


def compiled_waits(sass_text: str, function: str) -> list[int]:
    """The loads (counted from 1) after which the compiled kernel waits on a barrier that still
    tracks loads in flight (a wait on a barrier with none pending costs nothing)."""
    functions = parse_sass(sass_text)
    if function not in functions:
        raise InputError(f"no {function} in the SASS listing")
    pending: dict[int, int] = {}
    waits, loads = [], 0
    for ins in functions[function]:
        held = [b for b, n in pending.items() if n and ins.control.wait_mask >> b & 1]
        if held and loads and (not waits or waits[-1] != loads):
            waits.append(loads)
        for b in held:
            pending[b] = 0
        if ins.opcode.startswith("LDG"):
            loads += 1
            if ins.control.write_barrier is not None:
                pending[ins.control.write_barrier] = pending.get(ins.control.write_barrier, 0) + 1
    return waits


def analyze(marks: list[tuple[int, float]], done: float, waits: list[int], bench: str) -> Series:
    steps = [(n0, n1, t1 - t0) for (n0, t0), (n1, t1) in zip(marks, marks[1:])]
    usual = statistics.median(dt for _, _, dt in steps)
    per_load = usual / (steps[0][1] - steps[0][0])
    stalls = []
    for n0, n1, dt in steps:
        if dt > STALL_FACTOR * usual:
            # a wait after load k holds load k + 1, so it falls in this step when n0 <= k < n1
            wait = next((k for k in waits if n0 <= k < n1), None)
            stalls.append(Stall(n0 + 1, n1, dt - usual, wait))
    return Series(bench, per_load, done - marks[-1][1], tuple(stalls))


def report(series: list[Series]) -> str:
    lines = ["series                 cycles/load  latency  stalls at issue (loads: extra cycles, the compiled wait)"]
    for s in series:
        text = ", ".join(f"{st.first_load}-{st.last_load}: +{st.extra_cycles:.0f}"
                         + (f" (wait after load {st.compiled_wait})" if st.compiled_wait else " (no compiled wait)")
                         for st in s.stalls) or "none"
        lines.append(f"{s.bench:22s} {s.cycles_per_load:11.1f} {s.latency_cycles:8.0f}  {text}")
    stalls = [st for s in series for st in s.stalls]
    compiled = sum(st.compiled_wait is not None for st in stalls)
    lines.append(f"{compiled} of {len(stalls)} stalls at issue have a compiled scoreboard wait among their loads")
    return "\n".join(lines)


def count_report(rows: list[Row], sass_text: str) -> str:
    """Per N: ptxas's first wait, and the issue cycles of every inflight_count series."""
    issue: dict[str, dict[int, float]] = {}
    for r in rows:
        if COUNT_BENCH.match(r.bench) and r.metric == "issue_cycle":
            issue.setdefault(r.bench, {})[int(r.param_value)] = r.value
    if not issue:
        return ""
    benches = sorted(issue)
    lines = ["N    first compiled wait   issue cycles: " + "  ".join(b.removeprefix("inflight_count_") for b in benches)]
    for n in sorted(issue[benches[0]]):
        first = next((k for k in compiled_waits(sass_text, f"inflight_n{n}") if k < n), None)
        cycles = "  ".join(f"{issue[b].get(n, float('nan')):7.0f}" for b in benches)
        lines.append(f"{n:<4d} {'after load ' + str(first) if first else 'none':20s}  {cycles}")
    return "\n".join(lines)


CEILINGS = (None, 56, 60, 63, 66, 72)
LATENCIES = (800, 900, 1000)     # HBM, cycles: the first compiled wait of inflight_hbm_m4_w1 ends 780-1000 after its loads


def replay_issue(code: list, loads: int, latency: float, ceiling: int | None, gap: float) -> float:
    """The cycle a warp is past its last load: the compiled order and waits of `code` (a function's
    SASS instructions), one load every `gap` cycles, each back after `latency`, and at most `ceiling`
    loads in flight (None: no ceiling)."""
    t, back, pending, issued = 0.0, [], {}, 0
    for ins in code:
        held = [b for b, times in pending.items() if times and ins.control.wait_mask >> b & 1]
        if held and issued < loads:
            t = max([t] + [max(pending[b]) for b in held])
            for b in held:
                pending[b] = []
        if ins.opcode.startswith("LDG"):
            in_flight = sorted(r for r in back if r > t)
            if ceiling is not None and len(in_flight) >= ceiling:
                t = in_flight[len(in_flight) - ceiling]   # until enough of them are back
            issued += 1
            back.append(t + latency)
            pending.setdefault(ins.control.write_barrier, []).append(t + latency)
            t += gap
            if issued == loads:
                return t
    raise InputError(f"fewer than {loads} loads in the SASS listing")


def ceiling_table(rows: list[Row], sass_text: str) -> str:
    """Measured cycle past the last load (HBM, one warp per SM) against replays with and without a ceiling."""
    measured = {}
    for r in rows:
        if r.bench == "inflight_at_hbm_w1" and r.metric == "last_issue_cycle":
            measured[f"inflight_at{r.param_value}"] = (128, r.value)
        elif r.bench == "inflight_count_hbm_w1" and r.metric == "issue_cycle" and int(r.param_value) >= 64:
            measured[f"inflight_n{r.param_value}"] = (int(r.param_value), r.value)
    flowing = [r.value / int(r.param_value) for r in rows
               if r.bench == "inflight_count_l2_w1" and r.metric == "issue_cycle" and int(r.param_value) == 56]
    if not measured or not flowing:
        return ""
    gap = flowing[0]
    functions = parse_sass(sass_text)
    lines = [f"past the last load from HBM, one warp per SM: measured against replays of the compiled waits "
             f"(a load every {gap:.1f} cycles; ceiling of loads in flight per warp: none, "
             + ", ".join(str(c) for c in CEILINGS[1:]) + ")"]
    for latency in LATENCIES:
        lines.append(f"latency {latency} cycles")
        for function, (loads, cycles) in sorted(measured.items()):
            replays = "  ".join(f"{replay_issue(functions[function], loads, latency, c, gap):5.0f}" for c in CEILINGS)
            lines.append(f"  {function:14s} {cycles:6.0f}   {replays}")
    return "\n".join(lines)


def report_of(rows: list[Row], args) -> str:
    sass = args.sass or args.csv.parent / SASS_NAME
    if not Path(sass).is_file():
        raise InputError(f"SASS listing {str(sass)!r} not found (give --sass)")
    text = Path(sass).read_text()
    series = read_series(rows)
    waits = {mark: compiled_waits(text, f"inflight_m{mark}") for mark in {BENCH.match(b)["mark"] for b in series}}
    timelines = report([analyze(m, d, waits[BENCH.match(b)["mark"]], b) for b, (m, d) in sorted(series.items())])
    return "\n\n".join(t for t in (timelines, count_report(rows, text), ceiling_table(rows, text)) if t)


def main(argv: list[str] | None = None) -> int:
    return fit_command("inflight", __doc__, "the microbenchmark CSV (group inflight)", report_of, argv,
                       options=lambda p: p.add_argument("--sass", type=Path, help=f"its SASS (default: {SASS_NAME} beside it)"))


if __name__ == "__main__":
    raise SystemExit(main())
