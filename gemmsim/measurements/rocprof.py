"""rocprofv3's outputs: kernel dispatches with their times, and hardware counters per dispatch.

The formats, as the rocprofv3 documentation shows them (ROCprofiler-SDK, source/docs/how-to/
using-rocprofv3.rst and source/docs/data/*.csv; tests/data/rocprofv3/README.md says which versions):

* `--kernel-trace` kernel_trace.csv: one row per dispatch, "Kind","Agent_Id","Queue_Id",...,
  "Dispatch_Id","Kernel_Id","Kernel_Name","Correlation_Id","Start_Timestamp","End_Timestamp",...
  (timestamps in ns; ROCm 6.3 and 7.x differ in the columns around them, which are not read);
* `--kernel-trace --stats` kernel_stats.csv: "Name","Calls","TotalDurationNs","AverageNs",...
  (read by gemmsim.measurements.readers, one point per kernel name);
* `--pmc A B ...` counter_collection.csv: one row per dispatch and counter, "Dispatch_Id",
  "Kernel_Name",...,"Counter_Name","Counter_Value" (the value summed over the counter's instances);
* `--output-format json` <pid>_results.json: {"rocprofiler-sdk-tool": [one object per process,
  with "kernel_symbols" (kernel_id -> kernel_name), "counters" (id -> name), "buffer_records":
  {"kernel_dispatch": [{start_timestamp, end_timestamp, dispatch_info: {kernel_id, dispatch_id}}]},
  "callback_records": {"counter_collection": [{dispatch_data: {dispatch_info}, records: [{counter_id,
  value}]}]}]} (a counter's records are its instances; they are summed here, as the CSV does).

The counters gemmsim compare reads (COUNTERS), and on which arch rocprofiler-sdk defines them,
from its counter_defs.yaml (rocprofiler-sdk 0.5.0, ROCm 6.3) and the MI350 counter list of the
ROCm 7 documentation: every one exists on gfx942 (MI300X/MI325X). The SDK's file predates gfx950;
the MI350 page lists the counters new to gfx950 (SQ_INSTS_LDS_LOAD/STORE/ATOMIC and their
_BANDWIDTH forms, among others) and says nothing of the rest, so on gfx950 check each name with
`rocprofv3 -L` (--list-metrics) before a run (COUNTERS_ON_GFX950 says which are new, which unconfirmed).
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.measurements.rows import Table, read_table

# What each counter counts (counter_defs.yaml), summed over its SE / TCC instances.
COUNTERS = {
    "SQ_LDS_BANK_CONFLICT": "cycles the LDS is stalled by bank conflicts (per SE, summed over its SIMDs)",
    "SQ_LDS_IDX_ACTIVE": "cycles the LDS is busy with indexed (ds_read/ds_write) operations (per SE)",
    "SQ_INSTS_LDS": "LDS instructions issued, FLAT included (per SE)",
    "SQ_WAVES": "waves sent to the sequencers (per SE)",
    "SQ_BUSY_CYCLES": "cycles with any wave in a shader engine (per SE)",
    "TCC_HIT": "L2 hits (per TCC channel)",
    "TCC_MISS": "L2 misses, uncached reads included (per TCC channel)",
    "GRBM_GUI_ACTIVE": "cycles the GPU is active",
}
COUNTERS_ON_GFX942 = tuple(COUNTERS)
COUNTERS_ON_GFX950 = {"defined": (), "unconfirmed": tuple(COUNTERS),
                      "new_lds": ("SQ_INSTS_LDS_LOAD", "SQ_INSTS_LDS_STORE", "SQ_INSTS_LDS_ATOMIC")}
TRACE_COLUMNS = ("Kernel_Name", "Start_Timestamp", "End_Timestamp")
COUNTER_COLUMNS = ("Dispatch_Id", "Kernel_Name", "Counter_Name", "Counter_Value")
STATS_COLUMNS = ("Name", "AverageNs")
JSON_TOP = "rocprofiler-sdk-tool"


@dataclass(frozen=True)
class Dispatch:
    """One kernel launch of a trace."""

    kernel: str
    dispatch_id: int
    start_ns: int
    end_ns: int
    grid: int = 0          # work-items of the launch (0: not recorded)

    @property
    def duration_us(self) -> float:
        return (self.end_ns - self.start_ns) / 1e3


@dataclass
class CounterSample:
    """The counters collected for one dispatch."""

    kernel: str
    dispatch_id: int
    counters: dict[str, float] = field(default_factory=dict)


def format_of(path: str | Path) -> str | None:
    """'kernel_trace', 'kernel_stats', 'counter_collection' or 'json' by the file's content; None otherwise."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        return "json"
    if not path.is_file():
        return None
    header = set(read_table(path, "results file").header)
    if set(TRACE_COLUMNS) <= header and "Counter_Name" not in header:
        return "kernel_trace"
    if set(COUNTER_COLUMNS) <= header:
        return "counter_collection"
    if set(STATS_COLUMNS) <= header:
        return "kernel_stats"
    return None


def dispatches_from_table(table: Table) -> list[Dispatch]:
    """The dispatches of a kernel_trace.csv; a dispatch must end after it starts."""
    table.require(TRACE_COLUMNS, "a rocprofv3 kernel_trace.csv")
    out = []
    for r in table.rows:
        if r.get("Kind", "KERNEL_DISPATCH") != "KERNEL_DISPATCH":
            continue
        start, end = r.count("Start_Timestamp"), r.count("End_Timestamp")
        if end <= start:
            raise r.error("End_Timestamp", f"is not after Start_Timestamp {start}")
        grid = 1
        for axis in ("Grid_Size_X", "Grid_Size_Y", "Grid_Size_Z"):
            grid *= r.count(axis) if r.get(axis) else 1
        out.append(Dispatch(r.text("Kernel_Name"), r.count("Dispatch_Id") if r.get("Dispatch_Id") else len(out) + 1,
                            start, end, grid))
    return out


def read_counter_collection(path: str | Path) -> list[CounterSample]:
    """One sample per dispatch of a counter_collection.csv (rows of one dispatch and counter add up)."""
    table = read_table(path, "rocprofv3 counter file")
    table.require(COUNTER_COLUMNS, "a rocprofv3 counter_collection.csv")
    samples: dict[int, CounterSample] = {}
    for r in table.rows:
        dispatch = r.count("Dispatch_Id")
        sample = samples.setdefault(dispatch, CounterSample(r.text("Kernel_Name"), dispatch))
        name = r.text("Counter_Name")
        sample.counters[name] = sample.counters.get(name, 0.0) + r.non_negative_number("Counter_Value")
    return list(samples.values())


def read_results_json(path: str | Path) -> tuple[list[Dispatch], list[CounterSample]]:
    """The dispatches (buffer_records.kernel_dispatch) and counter samples
    (callback_records.counter_collection) of rocprofv3's JSON output, over every process in it."""
    path = Path(path)
    data = _load_json(path)
    processes = data.get(JSON_TOP) if isinstance(data, dict) else None
    if not isinstance(processes, list):
        raise InputError(f"{path}: not rocprofv3 JSON output (no {JSON_TOP!r} list at the top)")
    dispatches, samples = [], []
    for i, proc in enumerate(processes):
        where = f"{path}: {JSON_TOP}[{i}]"
        if not isinstance(proc, dict):
            raise InputError(f"{where} is not an object")
        names = {_int(s, "kernel_id", where): _symbol_name(s, where) for s in _list(proc, "kernel_symbols", where)}
        counters = {_int(_obj(c, "id", where), "handle", where): _text(c, "name", where)
                    for c in _list(proc, "counters", where)}
        for d in _list(_obj(proc, "buffer_records", where, default={}), "kernel_dispatch", where):
            info = _obj(d, "dispatch_info", where)
            start, end = _int(d, "start_timestamp", where), _int(d, "end_timestamp", where)
            if end <= start:
                raise InputError(f"{where}: kernel_dispatch {info.get('dispatch_id')}: end_timestamp is not after start_timestamp")
            size = _obj(info, "grid_size", where, default={})
            grid = 1
            for axis in ("x", "y", "z"):
                grid *= _int(size, axis, where) if axis in size else 1
            dispatches.append(Dispatch(_kernel(names, info, where), _int(info, "dispatch_id", where), start, end, grid))
        for c in _list(_obj(proc, "callback_records", where, default={}), "counter_collection", where):
            info = _obj(_obj(c, "dispatch_data", where), "dispatch_info", where)
            sample = CounterSample(_kernel(names, info, where), _int(info, "dispatch_id", where))
            for rec in _list(c, "records", where):
                cid = _int(_obj(rec, "counter_id", where), "handle", where)
                if cid not in counters:
                    raise InputError(f"{where}: counter_collection record names counter id {cid}, not in 'counters'")
                value = rec.get("value")
                if not isinstance(value, (int, float)) or isinstance(value, bool) or not value >= 0:
                    raise InputError(f"{where}: counter {counters[cid]} value {value!r} is not a number >= 0")
                sample.counters[counters[cid]] = sample.counters.get(counters[cid], 0.0) + float(value)
            samples.append(sample)
    return dispatches, samples


def median_by_kernel(dispatches: list[Dispatch]) -> list[tuple[str, float, int]]:
    """(kernel name, median duration µs, dispatches) per kernel name, in order of first dispatch."""
    by_name: dict[str, list[float]] = defaultdict(list)
    for d in dispatches:
        by_name[d.kernel].append(d.duration_us)
    return [(name, statistics.median(times), len(times)) for name, times in by_name.items()]


def grids_by_kernel(dispatches: list[Dispatch]) -> dict[str, set[int]]:
    """The launch sizes each kernel name ran with (several: several GEMM shapes under one name)."""
    grids: dict[str, set[int]] = defaultdict(set)
    for d in dispatches:
        grids[d.kernel].add(d.grid)
    return grids


def mean_counters(samples: list[CounterSample]) -> dict[str, tuple[dict[str, float], int]]:
    """Per kernel name: the mean of each counter over its dispatches, and how many dispatches."""
    by_name: dict[str, list[CounterSample]] = defaultdict(list)
    for s in samples:
        by_name[s.kernel].append(s)
    out = {}
    for name, group in by_name.items():
        keys = sorted({k for s in group for k in s.counters})
        out[name] = ({k: statistics.fmean(s.counters.get(k, 0.0) for s in group) for k in keys}, len(group))
    return out


# ---- JSON plumbing: one-line errors naming the file and the key ----------------------------------

def _load_json(path: Path):
    if not path.is_file():
        raise InputError(f"rocprofv3 JSON file {str(path)!r} does not exist")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: not a JSON text file (byte {e.start}: {e.reason})") from None
    except json.JSONDecodeError as e:
        raise InputError(f"{path}:{e.lineno}: not JSON ({e.msg})") from None
    except RecursionError:
        raise InputError(f"{path}: nests its JSON too deeply to be rocprofv3 output") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None


def _obj(d: dict, key: str, where: str, default=None) -> dict:
    value = d.get(key, default) if isinstance(d, dict) else None
    if not isinstance(value, dict):
        raise InputError(f"{where}: {key!r} is missing or not an object")
    return value


def _list(d: dict, key: str, where: str) -> list:
    value = d.get(key, [])
    if not isinstance(value, list):
        raise InputError(f"{where}: {key!r} is not a list")
    return value


def _int(d: dict, key: str, where: str) -> int:
    value = d.get(key) if isinstance(d, dict) else None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InputError(f"{where}: {key!r} = {value!r} is not an integer >= 0")
    return value


def _text(d: dict, key: str, where: str) -> str:
    value = d.get(key) if isinstance(d, dict) else None
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{where}: {key!r} = {value!r} is not a name")
    return value


def _symbol_name(symbol: dict, where: str) -> str:
    """The demangled name without arguments when rocprofv3 gives one, else the name as compiled."""
    for key in ("truncated_kernel_name", "formatted_kernel_name"):
        if isinstance(symbol.get(key), str) and symbol[key].strip():
            return symbol[key]
    return _text(symbol, "kernel_name", where)


def _kernel(names: dict[int, str], info: dict, where: str) -> str:
    kid = _int(info, "kernel_id", where)
    if kid not in names:
        raise InputError(f"{where}: dispatch {info.get('dispatch_id')} names kernel id {kid}, not in 'kernel_symbols'")
    return names[kid]
