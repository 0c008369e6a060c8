"""gemmsim shapes: the GEMMs of a transformer run, their counts, phases and BLAS flags."""

import json
import types

import pytest

from gemmsim.workloads import cost, models
from gemmsim.workloads.blas import Operand, blas_call, linear_forward, linear_input_grad, linear_weight_grad
from gemmsim.workloads.shapes import Workload, model_gemms
from gemmsim.errors import ConfigError, InputError

from cli_runner import run_cli


def find(rows, phase, m, n, k, **extra):
    hits = [r for r in rows if (r.phase, r.call.m, r.call.n, r.call.k) == (phase, m, n, k)
            and all(getattr(r, key, getattr(r.call, key, None)) == v for key, v in extra.items())]
    assert len(hits) == 1, f"expected one {phase} {m}x{n}x{k} {extra} row, found {len(hits)}"
    return hits[0]


# --- the BLAS convention ----------------------------------------------------------------------

def test_linear_flags_follow_the_row_major_convention():
    fwd, dx, dw = linear_forward(10, 3, 7), linear_input_grad(10, 3, 7), linear_weight_grad(10, 3, 7)
    assert (fwd.m, fwd.n, fwd.k, fwd.flags) == (10, 7, 3, "(T,N)")
    assert (dx.m, dx.n, dx.k, dx.flags) == (10, 3, 7, "(N,N)")
    assert (dw.m, dw.n, dw.k, dw.flags) == (7, 3, 10, "(N,T)")
    # leading dims: the row stride of each stored tensor
    assert (fwd.lda, fwd.ldb, fwd.ldc) == (3, 3, 7)
    assert (dx.lda, dx.ldb, dx.ldc) == (3, 7, 3)
    assert (dw.lda, dw.ldb, dw.ldc) == (3, 7, 3)


def test_operand_layout_handles_vectors_and_odd_strides():
    assert Operand(1, 4096, 4096, 1).blas_layout() == ("N", 4096)
    assert Operand(4096, 1, 1, 4096).blas_layout() == ("T", 4096)
    assert Operand(8, 8, 2, 16).blas_layout() == ("N", 8)  # neither layout: copied row-major
    with pytest.raises(InputError, match="inner dimensions differ"):
        blas_call(Operand.row_major(4, 5), Operand.row_major(6, 7))


# --- LLaMA-2 7B inference ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def llama_rows():
    return model_gemms(models.preset("llama2-7b"), Workload(batch=1, seq=597, decode_steps=36))


def test_llama2_up_gate_rows_in_prefill_and_decode(llama_rows):
    prefill = find(llama_rows, "prefill", 597, 11008, 4096)
    decode = find(llama_rows, "decode", 1, 11008, 4096)
    assert prefill.count == 64 == 32 * 2
    assert decode.count == 2304 == 32 * 2 * 36
    for row in (prefill, decode):
        assert set(row.name.split("/")) == {"gate_proj", "up_proj"}
        assert (row.op, row.call.flags, row.dtype) == ("mm", "(T,N)", "bf16")


def test_llama2_other_linear_rows(llama_rows):
    assert find(llama_rows, "prefill", 597, 4096, 4096).count == 32 * 4
    assert find(llama_rows, "prefill", 597, 4096, 11008).count == 32
    assert find(llama_rows, "decode", 1, 4096, 11008).count == 32 * 36
    assert find(llama_rows, "prefill", 1, 32000, 4096).count == 1  # LM head: last position only
    assert find(llama_rows, "decode", 1, 32000, 4096).count == 36


def test_llama2_decode_attention_grows_with_the_kv_cache(llama_rows):
    scores = [r for r in llama_rows if r.phase == "decode" and r.name == "attn_scores"]
    assert [r.call.n for r in scores] == list(range(598, 598 + 36))
    assert {(r.call.m, r.call.k, r.call.batch, r.call.flags, r.count) for r in scores} == {(1, 128, 32, "(T,N)", 32)}


def test_llama2_prefill_linear_flops_match_parameter_count(llama_rows):
    per_block = 4 * 4096 * 4096 + 3 * 4096 * 11008
    linear = [r for r in llama_rows if r.phase == "prefill" and r.op == "mm" and r.name != "lm_head"]
    assert sum(r.call.flops * r.count for r in linear) == 2 * 597 * 32 * per_block


def test_grouped_query_attention_narrows_k_and_v():
    rows = model_gemms(models.preset("llama2-70b"), Workload(batch=2, seq=100))
    kv = find(rows, "prefill", 200, 1024, 8192)
    assert set(kv.name.split("/")) == {"k_proj", "v_proj"} and kv.count == 160
    assert find(rows, "prefill", 100, 100, 128, batch=2 * 64).name == "attn_scores"


# --- GPT-3 XL training ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def gpt3_rows():
    return model_gemms(models.preset("gpt3-xl"), Workload(batch=5, seq=2048, mode="training"))


def test_gpt3_xl_mlp_forward_and_backward(gpt3_rows):
    fwd = find(gpt3_rows, "forward", 10240, 8192, 2048)
    dx = find(gpt3_rows, "backward dX", 10240, 2048, 8192)
    dw = find(gpt3_rows, "backward dW", 8192, 2048, 10240)
    assert (fwd.op, fwd.call.flags, fwd.count, fwd.name) == ("addmm", "(T,N)", 24, "fc1")
    assert (dx.op, dx.call.flags, dx.count, dx.name) == ("mm", "(N,N)", 24, "fc1")
    assert (dw.op, dw.call.flags, dw.count, dw.name) == ("mm", "(N,T)", 24, "fc1")
    assert (fwd.call.lda, fwd.call.ldb, fwd.call.ldc) == (2048, 2048, 8192)
    assert (dx.call.lda, dx.call.ldb, dx.call.ldc) == (2048, 8192, 2048)
    assert (dw.call.lda, dw.call.ldb, dw.call.ldc) == (2048, 8192, 2048)


def test_gpt3_xl_fc2_forward_is_its_own_row(gpt3_rows):
    fc2 = find(gpt3_rows, "forward", 10240, 2048, 8192)
    assert (fc2.op, fc2.call.flags, fc2.name, fc2.count) == ("addmm", "(T,N)", "fc2", 24)


def test_training_backward_does_twice_the_forward_flops(gpt3_rows):
    def flops(phases):
        return sum(r.call.flops * r.count for r in gpt3_rows if r.phase in phases)
    assert flops({"backward dX", "backward dW"}) == 2 * flops({"forward"})


# --- models from config.json and from dimensions ------------------------------------------------

def test_config_json_gives_the_preset_shapes(tmp_path):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008,
                               "num_attention_heads": 32, "num_key_value_heads": 32, "num_hidden_layers": 32,
                               "vocab_size": 32000, "hidden_act": "silu"}))
    work = Workload(batch=1, seq=597, decode_steps=36)
    from_file = model_gemms(models.from_config_json(cfg), work)
    assert from_file == model_gemms(models.preset("llama2-7b"), work)


def test_gpt2_style_config_is_fused_plain_and_biased(tmp_path):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"model_type": "gpt2", "n_embd": 768, "n_inner": None, "n_head": 12,
                               "n_layer": 12, "vocab_size": 50257}))
    model = models.from_config_json(cfg)
    assert (model.d_ff, model.mlp, model.fused_qkv, model.bias, model.kv_heads) == (3072, "plain", True, True, 12)
    rows = model_gemms(model, Workload(batch=1, seq=10))
    assert find(rows, "prefill", 10, 3 * 768, 768).name == "qkv_proj"


def test_cli_dimensions_override_a_preset(capsys):
    rc, out = run_cli(["shapes", "--model", "llama2-7b", "--layers", "2", "--seq", "16", "--json"], capsys)
    data = json.loads(out)
    up = [r for r in data["rows"] if r["name"] == "gate_proj/up_proj"]
    assert rc == 0 and up[0]["count"] == 4 and up[0]["M"] == 16


def test_cli_model_from_dimensions_as_csv(capsys):
    rc, out = run_cli(["shapes", "--d-model", "64", "--d-ff", "256", "--heads", "4", "--layers", "3",
                       "--vocab", "100", "--mlp", "plain", "--mode", "training", "--batch", "2", "--seq", "8",
                       "--csv"], capsys)
    lines = out.strip().splitlines()
    assert rc == 0 and lines[0].startswith("phase,name,op,M,N,K,batch,trans,lda,ldb,ldc,dtype,count")
    assert "backward dW,fc1,mm,256,64,16,1,\"(N,T)\"" in out


def test_cli_table_with_cost_and_tile(capsys, monkeypatch):
    # a stand-in for the timing model (which has no candidate tile for the 50257-wide LM head)
    monkeypatch.setattr(cost, "predict_gemm", lambda shape, dtype, gpu: types.SimpleNamespace(time_us=10.0))
    rc, out = run_cli(["shapes", "--model", "gpt3-xl", "--mode", "training", "--batch", "5", "--seq", "2048",
                       "--gpu", "mi300x", "--tile", "MT256x256x64"], capsys)
    assert rc == 0 and "579 GEMM calls in 18 distinct shapes" in out and "cost on mi300x (batched model, model)" in out


# --- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, problem", [
    ('{"hidden_size": 4096, "num_attention_he', "not valid JSON"),
    ('[1, 2]', "must be a JSON object"),
    ('{"intermediate_size": 11008, "num_attention_heads": 32, "num_hidden_layers": 2, "vocab_size": 10}',
     "missing hidden_size"),
    ('{"hidden_size": 64, "num_attention_heads": "8", "num_hidden_layers": 2, "vocab_size": 10}',
     "num_attention_heads must be a positive integer"),
    ('{"hidden_size": 64, "num_attention_heads": 6, "num_hidden_layers": 2, "vocab_size": 10}',
     "not a multiple of heads"),
])
def test_bad_config_is_a_one_line_input_error(tmp_path, text, problem):
    cfg = tmp_path / "config.json"
    cfg.write_text(text)
    with pytest.raises(InputError) as err:
        models.from_config_json(cfg)
    assert problem in str(err.value) and str(cfg) in str(err.value) and "\n" not in str(err.value)


def test_missing_config_file(tmp_path):
    with pytest.raises(InputError, match="cannot read config"):
        models.from_config_json(tmp_path / "nope.json")


def test_bad_workloads_and_models():
    with pytest.raises(ConfigError, match="inference only"):
        Workload(batch=1, seq=8, decode_steps=2, mode="training").validate()
    with pytest.raises(ConfigError, match="batch must be a positive integer"):
        Workload(batch=0, seq=8).validate()
    with pytest.raises(InputError, match="unknown model"):
        models.preset("llama9")
    with pytest.raises(InputError, match="--d-ff"):
        models.from_dimensions(d_model=64, heads=4, layers=2, vocab=10)
    with pytest.raises(ConfigError, match="not a multiple of kv_heads"):
        models.from_dimensions(d_model=64, d_ff=128, heads=4, kv_heads=3, layers=2, vocab=10)
