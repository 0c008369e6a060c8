"""The GEMMs a PyTorch profiler trace recorded, with their shapes, layouts and GPU kernels.

A trace (Chrome trace JSON, as torch.profiler exports it, gzipped or not) holds CPU ops with
their inputs' shapes, dtypes and strides (when recorded with record_shapes=True), the runtime
calls that launched kernels, and the kernels on the GPU timeline. Three links tie them:
  · CPU ops nest by time on their thread (aten::linear contains aten::addmm);
  · a kernel shares a correlation id with the runtime call that launched it (in its args, or
    through an "ac2g" flow event), and that call sits inside the op that made it;
  · failing that, a kernel's "External id" names the op that launched it.
The GEMM is the innermost GEMM op (addmm inside linear, bmm inside matmul): its inputs are what
reached the BLAS library. Every kernel launched under it counts toward its time.
"""

from __future__ import annotations

import gzip
import json
import math
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from gemmsim import dtypes
from gemmsim.workloads.blas import BlasCall, Operand, blas_call
from gemmsim.errors import InputError

# op name -> (index of A in the inputs, index of B, how the inputs read)
GEMM_OPS = {
    "aten::mm": (0, 1, "mm"),
    "aten::addmm": (1, 2, "mm"),
    "aten::_addmm_activation": (1, 2, "mm"),
    "aten::_scaled_mm": (0, 1, "mm"),
    "aten::bmm": (0, 1, "bmm"),
    "aten::baddbmm": (1, 2, "bmm"),
    "aten::matmul": (0, 1, "matmul"),
    "aten::linear": (0, 1, "linear"),
}
_OP_CATEGORIES = ("cpu_op", "user_annotation")
_TIME_SLACK_US = 1e-3  # exported timestamps are rounded to the nanosecond
_ID_KEYS = ("pid", "tid", "id", "ph", "cat", "name")   # keys of the links between events
_ARG_ID_KEYS = ("correlation", "External id")
MAX_DIM = 1 << 31     # a tensor dimension beyond this is not a GEMM a GPU runs (nor a trace records)


@dataclass(frozen=True)
class GemmCallRecord:
    """One GEMM op of the trace and the kernels it launched."""

    op: str
    phase: str
    dtype: str
    call: BlasCall
    kernels: tuple[tuple[str, float], ...]  # (kernel name, duration µs)


@dataclass(frozen=True)
class GemmGroup:
    """Identical GEMMs of a trace: same op, phase, dtype, shape and layout."""

    op: str
    phase: str
    dtype: str
    call: BlasCall
    count: int
    kernel_time_us: float
    kernel_launches: int
    kernel_names: tuple[tuple[str, int], ...]  # (name, launches), most frequent first

    @property
    def main_kernel(self) -> str:
        return self.kernel_names[0][0] if self.kernel_names else ""


@dataclass(frozen=True)
class TraceGemms:
    path: str
    device_name: str
    device_compute_units: int | None
    groups: tuple[GemmGroup, ...]
    gemm_ops: int
    skipped_ops: int  # GEMM ops whose inputs were not recorded


def read_trace(path: str | Path) -> TraceGemms:
    """All GEMMs of the trace at `path`, grouped, largest total kernel time first."""
    data = load_trace(path)
    if not any(e.get("cat") == "cpu_op" for e in data["traceEvents"]):
        raise InputError(f"{path}: not a PyTorch profiler trace: it has no operator events (cat \"cpu_op\"); "
                         "gemmsim trace reads what torch.profiler exports")
    records, skipped = gemm_records(data["traceEvents"], str(path))
    device_name, cus = _device(data)
    return TraceGemms(str(path), device_name, cus, group_gemms(records), len(records), skipped)


def load_trace(path: str | Path) -> dict:
    """The trace as a dict with a "traceEvents" list; gzip is recognised by its magic bytes."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise InputError(f"{path}: cannot read trace: {e.strerror or e}") from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (EOFError, OSError, zlib.error) as e:
            raise InputError(f"{path}: gzip data is truncated or corrupt ({e})") from None
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise InputError(f"{path}: trace is neither JSON text nor gzip") from None
    except RecursionError:
        raise InputError(f"{path}: trace nests its JSON too deeply to be a profiler trace") from None
    except json.JSONDecodeError as e:
        hint = "; the file looks truncated" if raw.rstrip()[-1:] not in (b"}", b"]") else ""
        raise InputError(f"{path}: trace is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}){hint}") from None
    if isinstance(data, list):
        data = {"traceEvents": data}
    if not isinstance(data, dict) or not isinstance(data.get("traceEvents"), list):
        raise InputError(f"{path}: not a Chrome trace: expected an object with a \"traceEvents\" list")
    for i, event in enumerate(data["traceEvents"]):
        _check_event(event, f"{path}: traceEvents[{i}]")
    return data


def _check_event(event, where: str) -> None:
    """The fields the links read have the JSON types a profiler writes: ids are numbers or strings
    (they key the links), args is an object."""
    if not isinstance(event, dict):
        raise InputError(f"{where} is {type(event).__name__}, expected an object")
    args = event.get("args")
    if args is not None and not isinstance(args, dict):
        raise InputError(f"{where}: args is {type(args).__name__}, expected an object")
    for name, value in [*((k, event.get(k)) for k in _ID_KEYS), *((k, (args or {}).get(k)) for k in _ARG_ID_KEYS)]:
        if value is not None and not isinstance(value, (str, int, float)):
            raise InputError(f"{where}: {name} is {type(value).__name__}, expected a number or a string")


def gemm_records(events: list[dict], where: str = "trace") -> tuple[list[GemmCallRecord], int]:
    """One record per innermost GEMM op that has recorded inputs; and how many had none."""
    ops = [e for e in events if e.get("ph") == "X" and e.get("cat") in _OP_CATEGORIES]
    runtime = [e for e in events if e.get("ph") == "X" and _is_runtime(e)]
    nodes = ops + runtime
    _check_times(nodes + [e for e in events if e.get("ph") == "X" and e.get("cat") == "kernel"], where)
    parent = _enclosing_parents(nodes)
    leaves = _innermost_gemm_ops(ops, parent)
    launches = _kernels_by_gemm(events, nodes, len(ops), parent, leaves)
    records, skipped = [], 0
    for i in sorted(leaves):
        args = ops[i].get("args") or {}
        if "Input Dims" not in args:
            skipped += 1
            continue
        call, dtype = parse_gemm_inputs(ops[i]["name"], args, where)
        records.append(GemmCallRecord(ops[i]["name"].removeprefix("aten::"), _phase(i, ops, parent), dtype,
                                      call, tuple(launches.get(i, ()))))
    if leaves and not records:
        raise InputError(f"{where}: its {len(leaves)} GEMM ops carry no \"Input Dims\";"
                         " record the trace with torch.profiler.profile(record_shapes=True)")
    return records, skipped


def group_gemms(records: list[GemmCallRecord]) -> tuple[GemmGroup, ...]:
    """Identical GEMMs summed; order: total kernel time, then count, then the GEMM itself."""
    buckets: dict[tuple, list[GemmCallRecord]] = {}
    for rec in records:
        buckets.setdefault((rec.op, rec.phase, rec.dtype, rec.call), []).append(rec)
    groups = []
    for (op, phase, dtype, call), recs in buckets.items():
        kernels = [k for rec in recs for k in rec.kernels]
        names = Counter(name for name, _ in kernels)
        groups.append(GemmGroup(op, phase, dtype, call, len(recs), sum(d for _, d in kernels), len(kernels),
                                tuple(sorted(names.items(), key=lambda kv: (-kv[1], kv[0])))))
    return tuple(sorted(groups, key=lambda g: (-g.kernel_time_us, -g.count, g.op, g.phase, _call_key(g.call))))


def parse_gemm_inputs(name: str, args: dict, where: str = "trace") -> tuple[BlasCall, str]:
    """The BLAS call and dtype of a GEMM op from its recorded "Input Dims/Strides/type"."""
    ia, ib, kind = GEMM_OPS[name]
    what = f"{where}: {name} (External id {args.get('External id', '?')})"
    dims = _dims_list(args.get("Input Dims"), what, "Input Dims")
    strides = args.get("Input Strides")
    strides = _dims_list(strides, what, "Input Strides") if strides is not None else None
    if len(dims) <= max(ia, ib):
        raise InputError(f"{what}: Input Dims has {len(dims)} inputs, expected at least {max(ia, ib) + 1}")
    a_dims, b_dims = dims[ia], dims[ib]
    a_str, b_str = (strides[ia], strides[ib]) if strides and len(strides) > max(ia, ib) else (None, None)
    try:
        call = _CALL_BUILDERS[kind](a_dims, b_dims, a_str, b_str)
    except (InputError, ValueError, IndexError) as e:
        raise InputError(f"{what}: cannot read a matrix product from dims {a_dims} x {b_dims}: {e}") from None
    if max(call.m, call.n, call.k, call.batch) > MAX_DIM:
        raise InputError(f"{what}: the product of dims {a_dims} x {b_dims} is {call.shape} x {call.batch}: "
                         f"every GEMM dimension must be at most {MAX_DIM}")
    types = args.get("Input type") or []
    raw_type = types[ia] if isinstance(types, list) and len(types) > ia else ""
    if not isinstance(raw_type, str):
        raise InputError(f"{what}: \"Input type\" of input {ia} is {raw_type!r}, expected a type name such as "
                         f"'c10::BFloat16'")
    return call, _dtype_name(raw_type)


# --- reading the matrices of each kind of op -------------------------------------------------

def _operand(dims: list[int], strides: list[int] | None) -> Operand:
    """The last two dims of a tensor as a matrix (a vector is one row or column)."""
    rows, cols = (dims[-2], dims[-1]) if len(dims) >= 2 else (1, dims[0])
    if strides is None or len(strides) != len(dims):
        return Operand.row_major(rows, cols)
    if len(dims) == 1:
        return Operand(rows, cols, cols, strides[0])
    return Operand(rows, cols, strides[-2], strides[-1])


def _mm_call(a, b, sa, sb) -> BlasCall:
    if len(a) != 2 or len(b) != 2:
        raise ValueError("mm takes two 2-D matrices")
    return blas_call(_operand(a, sa), _operand(b, sb))


def _bmm_call(a, b, sa, sb) -> BlasCall:
    if len(a) != 3 or len(b) != 3 or a[0] != b[0]:
        raise ValueError("bmm takes two 3-D tensors with one batch size")
    return blas_call(_operand(a, sa), _operand(b, sb), batch=a[0])


def _matmul_call(a, b, sa, sb) -> BlasCall:
    """torch.matmul: a 2-D B folds A's leading dims into M; otherwise batch dims broadcast."""
    if len(b) == 1:
        b, sb = [b[0], 1], ([sb[0], 1] if sb else None)
    if len(b) == 2 and len(a) >= 2:
        rows = math.prod(a[:-1])
        a_op = Operand(rows, a[-1], sa[-2], sa[-1]) if sa else Operand.row_major(rows, a[-1])
        return blas_call(a_op, _operand(b, sb))
    batch_a, batch_b = a[:-2], b[:-2]
    width = max(len(batch_a), len(batch_b))
    padded = [[1] * (width - len(x)) + list(x) for x in (batch_a, batch_b)]
    batch = math.prod(max(x, y) for x, y in zip(*padded))
    return blas_call(_operand(a, sa), _operand(b, sb), batch=batch)


def _linear_call(x, w, sx, sw) -> BlasCall:
    """F.linear: Y = X·Wᵀ with the leading dims of X as rows; Wᵀ is a transposed view of W."""
    if len(w) != 2:
        raise ValueError("linear weight must be 2-D")
    rows = math.prod(x[:-1]) if len(x) > 1 else 1
    x_op = Operand(rows, x[-1], sx[-2], sx[-1]) if sx and len(x) > 1 else Operand.row_major(rows, x[-1])
    w_op = Operand(w[1], w[0], sw[1], sw[0]) if sw else Operand.transposed(w[1], w[0])
    return blas_call(x_op, w_op)


_CALL_BUILDERS = {"mm": _mm_call, "bmm": _bmm_call, "matmul": _matmul_call, "linear": _linear_call}


# --- the call tree and the kernel links --------------------------------------------------------

def _is_runtime(event: dict) -> bool:
    cat = str(event.get("cat", ""))
    return "runtime" in cat or "driver" in cat


def _check_times(events: list[dict], where: str) -> None:
    """Every complete event has a finite start and a finite duration >= 0 (else it nests nowhere)."""
    for e in events:
        for key in ("ts", "dur"):
            value = e.get(key)
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise InputError(f"{where}: event {e.get('name', '?')!r} has no numeric {key!r}")
            if not math.isfinite(value) or (key == "dur" and value < 0):
                rule = "finite" if key == "ts" else "finite and >= 0"
                raise InputError(f"{where}: event {e.get('name', '?')!r} has {key} {value!r}: it must be {rule}")


def _enclosing_parents(nodes: list[dict]) -> list[int | None]:
    """For each event, the innermost event on its thread whose time span contains it."""
    parent: list[int | None] = [None] * len(nodes)
    by_thread: dict[tuple, list[int]] = {}
    for i, e in enumerate(nodes):
        by_thread.setdefault((e.get("pid"), e.get("tid")), []).append(i)
    for indices in by_thread.values():
        indices.sort(key=lambda i: (nodes[i]["ts"], -nodes[i]["dur"], i))
        stack: list[int] = []
        for i in indices:
            start = nodes[i]["ts"]
            while stack and nodes[stack[-1]]["ts"] + nodes[stack[-1]]["dur"] < start + nodes[i]["dur"] - _TIME_SLACK_US:
                stack.pop()
            parent[i] = stack[-1] if stack else None
            stack.append(i)
    return parent


def _innermost_gemm_ops(ops: list[dict], parent: list[int | None]) -> set[int]:
    """GEMM ops with no GEMM op inside them (the one that reached the BLAS library)."""
    gemm = {i for i, e in enumerate(ops) if e.get("name") in GEMM_OPS}
    outer = set()
    for i in gemm:
        p = parent[i]
        while p is not None:
            outer.add(p)
            p = parent[p]
    return gemm - outer


def _kernels_by_gemm(events, nodes, n_ops, parent, leaves) -> dict[int, list[tuple[str, float]]]:
    """Kernels launched under each innermost GEMM op, in trace order."""
    runtime_by_corr, op_by_external = {}, {}
    flow_ids = _flow_ids(events)
    for i, node in enumerate(nodes):
        args = node.get("args") or {}
        if i >= n_ops:
            corr = args.get("correlation", flow_ids.get(("s", node.get("pid"), node.get("tid"), node["ts"])))
            if corr is not None:
                runtime_by_corr[corr] = i
        elif "External id" in args and node.get("cat") == "cpu_op":
            op_by_external.setdefault(args["External id"], i)
    out: dict[int, list[tuple[str, float]]] = {}
    for k in events:
        if k.get("ph") != "X" or k.get("cat") != "kernel":
            continue
        gemm = _gemm_of_kernel(k, runtime_by_corr, op_by_external, flow_ids, parent, leaves)
        if gemm is not None:
            out.setdefault(gemm, []).append((str(k.get("name", "")), float(k.get("dur", 0.0))))
    return out


def _gemm_of_kernel(kernel, runtime_by_corr, op_by_external, flow_ids, parent, leaves) -> int | None:
    args = kernel.get("args") or {}
    corr = args.get("correlation", flow_ids.get(("f", kernel.get("pid"), kernel.get("tid"), kernel.get("ts"))))
    start = parent[runtime_by_corr[corr]] if corr in runtime_by_corr else op_by_external.get(args.get("External id"))
    while start is not None and start not in leaves:
        start = parent[start]
    return start


def _flow_ids(events: list[dict]) -> dict[tuple, object]:
    """("s" or "f", pid, tid, ts) -> id of the launch-to-kernel flow ("ac2g") at that point."""
    return {(e["ph"], e.get("pid"), e.get("tid"), e.get("ts")): e.get("id")
            for e in events if e.get("cat") == "ac2g" and e.get("ph") in ("s", "f")}


def _phase(i: int, ops: list[dict], parent: list[int | None]) -> str:
    """"backward" when any enclosing op is an autograd node, else "forward"."""
    p = parent[i]
    while p is not None:
        name = str(ops[p].get("name", "")) if p < len(ops) else ""
        if "Backward" in name or name.startswith("autograd::engine"):
            return "backward"
        p = parent[p]
    return "forward"


def _device(data: dict) -> tuple[str, int | None]:
    props = data.get("deviceProperties")
    if isinstance(props, list) and props and isinstance(props[0], dict):
        cus = props[0].get("numSms")
        return str(props[0].get("name", "")), cus if isinstance(cus, int) and cus > 0 else None
    return "", None


def _dims_list(value, what: str, key: str) -> list[list[int]]:
    if not isinstance(value, list):
        raise InputError(f"{what}: {key} must be a list, got {type(value).__name__}")
    for item in value:
        if not isinstance(item, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in item):
            raise InputError(f"{what}: {key} must hold lists of integers, got {item!r}")
        if key == "Input Dims" and any(not 0 <= d <= MAX_DIM for d in item):
            raise InputError(f"{what}: {key} {item!r}: every dimension must be between 0 and {MAX_DIM}")
    return value


def _dtype_name(recorded: str) -> str:
    """gemmsim's name for a recorded "Input type" (c10::BFloat16 -> bf16); an unknown type as recorded."""
    try:
        return dtypes.normalize(recorded)
    except InputError:
        return recorded or "unknown"


def _call_key(call: BlasCall) -> tuple:
    return (call.m, call.n, call.k, call.batch, call.transa, call.transb, call.lda, call.ldb, call.ldc)
