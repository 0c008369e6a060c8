"""gemmsim trace: GEMMs recovered from a real PyTorch profiler trace recorded on an H200.

tests/data/small_transformer_trace.json.gz is one forward+backward step of the bf16 model in
validation/traces/record_small_transformer.py: 2 layers, d_model 512, 8 heads (head dim 64),
d_ff 2048, vocab 8192, batch 4, sequence 256 (T = 1024 tokens), nn.Linear layers with bias.
"""

import copy
import gzip
import json
import types
from pathlib import Path

import pytest

from gemmsim.workloads import cost, models
from gemmsim.workloads.shapes import Workload, model_gemms
from gemmsim.workloads.torch_trace import gemm_records, group_gemms, load_trace, parse_gemm_inputs, read_trace
from gemmsim.errors import InputError

from cli_runner import run_cli

TRACE = Path(__file__).parent / "data" / "small_transformer_trace.json.gz"
SMALL = models.ModelDims("small", d_model=512, d_ff=2048, heads=8, kv_heads=8, layers=2, vocab=8192,
                         mlp="plain", bias=True)

# Derived by hand from the model: (op, phase, M, N, K, batch, transa, transb) -> calls in one step.
T, D, F, V, L = 1024, 512, 2048, 8192, 2
EXPECTED = {
    # forward: q, k, v, o, fc1, fc2 per layer (Y = X·Wᵀ), the LM head once
    ("addmm", "forward", T, D, D, 1, "T", "N"): 4 * L,
    ("addmm", "forward", T, F, D, 1, "T", "N"): L,
    ("addmm", "forward", T, D, F, 1, "T", "N"): L,
    ("addmm", "forward", T, V, D, 1, "T", "N"): 1,
    # attention: S = Q·Kᵀ and O = P·V over 4 x 8 heads, on contiguous copies
    ("bmm", "forward", 256, 256, 64, 32, "N", "N"): L,
    ("bmm", "forward", 256, 64, 256, 32, "N", "N"): L,
    # backward of every linear layer: dX = dY·W and dW = dYᵀ·X
    ("mm", "backward", T, D, D, 1, "N", "N"): 4 * L,
    ("mm", "backward", D, D, T, 1, "N", "T"): 4 * L,
    ("mm", "backward", T, D, F, 1, "N", "N"): L,
    ("mm", "backward", F, D, T, 1, "N", "T"): L,
    ("mm", "backward", T, F, D, 1, "N", "N"): L,
    ("mm", "backward", D, F, T, 1, "N", "T"): L,
    ("mm", "backward", T, D, V, 1, "N", "N"): 1,
    ("mm", "backward", V, D, T, 1, "N", "T"): 1,
    # backward of the two attention products: dA = dC·Bᵀ, dB = Aᵀ·dC
    ("bmm", "backward", 256, 64, 256, 32, "T", "N"): L,   # dQ = dS·K
    ("bmm", "backward", 64, 256, 256, 32, "N", "T"): L,   # dKᵀ = Qᵀ·dS
    ("bmm", "backward", 256, 256, 64, 32, "T", "N"): L,   # dP = dO·Vᵀ
    ("bmm", "backward", 256, 64, 256, 32, "N", "T"): L,   # dV = Pᵀ·dO
}


def key(group):
    c = group.call
    return (group.op, group.phase, c.m, c.n, c.k, c.batch, c.transa, c.transb)


def counts(groups):
    return {key(g): g.count for g in groups}


@pytest.fixture(scope="module")
def trace():
    return read_trace(TRACE)


@pytest.fixture(scope="module")
def events():
    return load_trace(TRACE)["traceEvents"]


def test_recovers_every_gemm_of_the_model_with_its_count(trace):
    assert counts(trace.groups) == EXPECTED
    assert trace.gemm_ops == sum(EXPECTED.values()) == 51
    assert trace.skipped_ops == 0
    assert {g.dtype for g in trace.groups} == {"bf16"}


def test_trace_matches_gemmsim_shapes_for_the_same_model(trace):
    """`shapes` in training mode predicts this trace exactly: shapes, flags, leading dims, counts."""
    predicted = {}
    for row in model_gemms(SMALL, Workload(batch=4, seq=256, mode="training")):
        phase = "backward" if row.phase.startswith("backward") else row.phase
        k = (row.op, phase, row.call)
        predicted[k] = predicted.get(k, 0) + row.count
    assert {(g.op, g.phase, g.call): g.count for g in trace.groups} == predicted


def test_device_and_kernels(trace):
    assert (trace.device_name, trace.device_compute_units) == ("NVIDIA H200", 132)
    launches = sum(g.kernel_launches for g in trace.groups)
    assert launches == 52  # one kernel per GEMM, plus the reduce of the one split-K GEMM
    split = [g for g in trace.groups if g.kernel_launches != g.count]
    assert [(g.call.shape, len(g.kernel_names)) for g in split] == [("1024x512x8192", 2)]
    assert all(g.kernel_time_us > 0 for g in trace.groups)


def test_recovered_flags_agree_with_the_cublas_kernel_names(trace):
    """nvjet kernels end in their operand layouts; the first two letters are transa, transb."""
    for g in trace.groups:
        name = g.main_kernel
        assert name.startswith("nvjet_"), name
        assert name[-3:-1] == g.call.transa + g.call.transb, (name, g.call)


def test_kernel_links_through_correlation_flows_or_external_id(events, trace):
    def without(arg=None, drop_flows=False, cats=("kernel",)):
        out = []
        for e in copy.deepcopy(events):
            if drop_flows and e.get("cat") == "ac2g":
                continue
            if arg and (e.get("cat") in cats):
                e.get("args", {}).pop(arg, None)
            out.append(e)
        return out

    reference = {key(g): (g.kernel_launches, round(g.kernel_time_us, 6)) for g in trace.groups}
    runtime_cats = ("kernel", "cuda_runtime", "cuda_driver")
    for variant in (without("External id"),                                    # correlation ids
                    without("correlation", cats=runtime_cats),                  # ac2g flow events
                    without("correlation", drop_flows=True, cats=runtime_cats)):  # External id
        groups = group_gemms(gemm_records(variant)[0])
        assert {key(g): (g.kernel_launches, round(g.kernel_time_us, 6)) for g in groups} == reference


def test_outer_ops_are_used_when_no_inner_gemm_was_recorded():
    """A trace cut at aten::linear / aten::matmul still gives the GEMM the library ran."""
    def op(name, dims, strides, ts, ext):
        return {"ph": "X", "cat": "cpu_op", "name": name, "pid": 1, "tid": 1, "ts": ts, "dur": 5.0,
                "args": {"External id": ext, "Input Dims": dims, "Input Strides": strides,
                         "Input type": ["c10::BFloat16"] * len(dims)}}
    events = [
        op("aten::linear", [[4, 256, 512], [2048, 512], [2048]], [[131072, 512, 1], [512, 1], [1]], 0.0, 1),
        op("aten::matmul", [[4, 8, 256, 64], [4, 8, 64, 256]], [[131072, 16384, 64, 1], [131072, 16384, 256, 1]],
           10.0, 2),
    ]
    records, _ = gemm_records(events)
    linear, matmul = records
    assert (linear.call.shape, linear.call.flags, linear.call.batch) == ("1024x2048x512", "(T,N)", 1)
    assert (matmul.call.shape, matmul.call.flags, matmul.call.batch) == ("256x256x64", "(N,N)", 32)
    assert linear.kernels == ()


@pytest.mark.parametrize("recorded, name", [
    ("c10::BFloat16", "bf16"), ("c10::Half", "fp16"), ("float", "fp32"), ("c10::Float8_e4m3fnuz", "fp8"),
    ("c10::Float8_e5m2", "bf8"), ("signed char", "int8"), ("c10::ComplexFloat", "c10::ComplexFloat"), ("", "unknown"),
])
def test_recorded_input_types_are_read_through_the_dtype_registry(recorded, name):
    args = {"Input Dims": [[4, 8], [8, 2]], "Input type": [recorded, recorded]}
    assert parse_gemm_inputs("aten::mm", args)[1] == name


# --- the subcommand ------------------------------------------------------------------------------------

def test_cli_json_is_deterministic_and_complete(capsys):
    rc, first = run_cli(["trace", str(TRACE), "--json"], capsys)
    _, second = run_cli(["trace", str(TRACE), "--json"], capsys)
    data = json.loads(first)
    assert rc == 0 and first == second
    assert (data["gemm_ops"], data["compute_units"], len(data["rows"])) == (51, 132, 18)
    top = data["rows"][0]
    assert top["kernel_us"] == max(r["kernel_us"] for r in data["rows"])
    assert all(r["dim_eff"] is not None and 0 < r["dim_eff"] <= 1 for r in data["rows"])
    split = [r for r in data["rows"] if "split" in r["note"]]
    assert [(r["M"], r["N"], r["K"]) for r in split] == [(1024, 512, 8192)]


def test_cli_prediction_on_another_gpu_and_plot(tmp_path, capsys, monkeypatch):
    # the timing model's own numbers are tested elsewhere: a stand-in keeps this test quick
    monkeypatch.setattr(cost, "predict_gemm", lambda shape, dtype, gpu: types.SimpleNamespace(time_us=2.0))
    png = tmp_path / "gemms.png"
    rc, out = run_cli(["trace", str(TRACE), "--gpu", "mi300x", "--csv", "--plot", str(png)], capsys)
    lines = out.strip().splitlines()
    header = lines[0].split(",")
    assert rc == 0 and len(lines) == 19
    assert header[-3:] == ["pred_us", "pred_total_us", "pred_source"]
    assert all(line.endswith(",model") or line.endswith(",batched model") for line in lines[1:])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_reads_plain_json_and_limits_rows(tmp_path, capsys):
    plain = tmp_path / "trace.json"
    plain.write_bytes(gzip.decompress(TRACE.read_bytes()))
    rc, out = run_cli(["trace", str(plain), "--top", "3"], capsys)
    assert rc == 0 and "51 GEMM ops in 18 groups" in out and len(out.strip().splitlines()) == 1 + 2 + 3  # summary, column header, rule, rows


# --- bad traces --------------------------------------------------------------------------------------

def one_line_error(path, problem):
    with pytest.raises(InputError) as err:
        read_trace(path)
    message = str(err.value)
    assert problem in message and str(path) in message and "\n" not in message, message


def test_truncated_gzip(tmp_path):
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(TRACE.read_bytes()[:20000])
    one_line_error(cut, "gzip data is truncated or corrupt")


def test_truncated_json(tmp_path):
    cut = tmp_path / "cut.json"
    cut.write_bytes(gzip.decompress(TRACE.read_bytes())[:50000])
    one_line_error(cut, "the file looks truncated")


@pytest.mark.parametrize("text, problem", [
    ('{"traceEvents": {}}', "not a Chrome trace"),
    ('{"schemaVersion": 1}', "not a Chrome trace"),
    ('[{"ph": "X"}, 7]', "traceEvents[1] is int"),
    ('{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": "0", "dur": 1}]}', "no numeric 'ts'"),
    ('{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 0, "dur": 1, "args": {}}]}',
     "record_shapes=True"),
    ('{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 0, "dur": 1,'
     ' "args": {"External id": 9, "Input Dims": [[4, 8], [7, 2]]}}]}', "aten::mm (External id 9)"),
    ('{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 0, "dur": 1,'
     ' "args": {"Input Dims": [[4, "8"], [8, 2]]}}]}', "Input Dims must hold lists of integers"),
])
def test_malformed_traces(tmp_path, text, problem):
    path = tmp_path / "bad.json"
    path.write_text(text)
    one_line_error(path, problem)


def test_missing_and_binary_files(tmp_path):
    one_line_error(tmp_path / "absent.json", "cannot read trace")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    one_line_error(binary, "bin.json")
