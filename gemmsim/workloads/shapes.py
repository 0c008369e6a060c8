"""Every GEMM one run of a transformer makes: linear layers and attention, with counts.

Tokens are rows: a linear layer over T tokens is a T×d_out×d_in GEMM. Inference is a prefill
over batch×prompt tokens and then one decode step per generated token (M = batch); training
is a forward over batch×seq tokens and a backward with two GEMMs per linear layer, the input
gradient dX = dY·W and the weight gradient dW = dYᵀ·X.

Attention is written as eager PyTorch runs it: torch.matmul over the batch×heads (query) heads,
so each product is one bmm. In prefill and training Q, Kᵀ and V are head-split views that
matmul copies into contiguous batches, so both operands read as 'N'; in decode K and V come
from a contiguous KV cache and Kᵀ is a transposed view, read as 'T'. The backward of a bmm
C = A·B is dA = dC·Bᵀ and dB = Aᵀ·dC. Grouped-query attention repeats K and V to all heads,
as Hugging Face's eager attention does.

Assumptions, kept visible: in inference only the last position of each sequence goes through
the LM head (as generate() and serving engines do); bias only changes the op name.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.workloads.blas import (BlasCall, Operand, blas_call, linear_forward, linear_input_grad,
                                   linear_weight_grad)
from gemmsim.workloads.models import MODES, ModelDims
from gemmsim.errors import ConfigError

PHASES = ("prefill", "decode", "forward", "backward dX", "backward dW")


@dataclass(frozen=True)
class Workload:
    """What one run does: batch, sequence (prompt) length, decode steps, inference or training."""

    batch: int
    seq: int
    decode_steps: int = 0
    mode: str = "inference"

    def validate(self) -> "Workload":
        if self.mode not in MODES:
            raise ConfigError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        for field in ("batch", "seq"):
            value = getattr(self, field)
            if not isinstance(value, int) or value < 1:
                raise ConfigError(f"{field} must be a positive integer, got {value!r}")
        if not isinstance(self.decode_steps, int) or self.decode_steps < 0:
            raise ConfigError(f"decode steps must be a non-negative integer, got {self.decode_steps!r}")
        if self.mode == "training" and self.decode_steps:
            raise ConfigError("decode steps apply to inference only; training runs forward and backward")
        return self


@dataclass(frozen=True)
class GemmRow:
    """One distinct GEMM of a run and how often the run makes it."""

    name: str
    phase: str
    op: str
    dtype: str
    call: BlasCall
    count: int


@dataclass(frozen=True)
class _Linear:
    name: str
    d_in: int
    d_out: int


def model_gemms(model: ModelDims, work: Workload, dtype: str = "bf16") -> list[GemmRow]:
    """All GEMMs of one run, identical ones merged (names joined by '/'), in phase order."""
    model.validate()
    work.validate()
    if work.mode == "training":
        rows = _training_rows(model, work, dtype)
    else:
        rows = _prefill_rows(model, work, dtype) + _decode_rows(model, work, dtype)
    return merge_identical(rows)


def merge_identical(rows: list[GemmRow]) -> list[GemmRow]:
    """Sum the counts of rows with the same phase, op, dtype and BLAS call; keep first-seen order."""
    merged: dict[tuple, GemmRow] = {}
    for row in rows:
        key = (row.phase, row.op, row.dtype, row.call)
        if key in merged:
            old = merged[key]
            names = old.name.split("/")
            name = old.name if row.name in names else f"{old.name}/{row.name}"
            merged[key] = GemmRow(name, row.phase, row.op, row.dtype, row.call, old.count + row.count)
        else:
            merged[key] = row
    return sorted(merged.values(), key=lambda r: PHASES.index(r.phase))


def linear_layers(model: ModelDims) -> list[_Linear]:
    """The linear layers of one transformer block, in execution order."""
    d, hd = model.d_model, model.dim_per_head
    q_width, kv_width = model.heads * hd, model.kv_heads * hd
    if model.fused_qkv:
        attn = [_Linear("qkv_proj", d, q_width + 2 * kv_width)]
    else:
        attn = [_Linear("q_proj", d, q_width), _Linear("k_proj", d, kv_width), _Linear("v_proj", d, kv_width)]
    attn.append(_Linear("o_proj", q_width, d))
    if model.mlp == "gated":
        mlp = [_Linear("gate_proj", d, model.d_ff), _Linear("up_proj", d, model.d_ff), _Linear("down_proj", model.d_ff, d)]
    else:
        mlp = [_Linear("fc1", d, model.d_ff), _Linear("fc2", model.d_ff, d)]
    return attn + mlp


def _lm_head(model: ModelDims) -> _Linear:
    return _Linear("lm_head", model.d_model, model.vocab)


def _forward_op(model: ModelDims) -> str:
    return "addmm" if model.bias else "mm"


def _linear_forward_rows(model: ModelDims, tokens: int, phase: str, dtype: str, count: int) -> list[GemmRow]:
    return [GemmRow(lin.name, phase, _forward_op(model), dtype, linear_forward(tokens, lin.d_in, lin.d_out),
                    count * model.layers) for lin in linear_layers(model)]


def _lm_head_row(model: ModelDims, tokens: int, phase: str, dtype: str, count: int) -> GemmRow:
    head = _lm_head(model)
    return GemmRow(head.name, phase, _forward_op(model), dtype, linear_forward(tokens, head.d_in, head.d_out), count)


def _prefill_rows(model: ModelDims, work: Workload, dtype: str) -> list[GemmRow]:
    tokens = work.batch * work.seq
    rows = _linear_forward_rows(model, tokens, "prefill", dtype, 1)
    rows += _attention_forward_rows(model, work.batch, work.seq, "prefill", dtype)
    rows.append(_lm_head_row(model, work.batch, "prefill", dtype, 1))   # only the last position of each sequence
    return rows


def _decode_rows(model: ModelDims, work: Workload, dtype: str) -> list[GemmRow]:
    if not work.decode_steps:
        return []
    rows = _linear_forward_rows(model, work.batch, "decode", dtype, work.decode_steps)
    for step in range(1, work.decode_steps + 1):
        rows += _decode_attention_rows(model, work.batch, work.seq + step, dtype)
    rows.append(_lm_head_row(model, work.batch, "decode", dtype, work.decode_steps))
    return rows


def _attention_forward_rows(model: ModelDims, batch: int, seq: int, phase: str, dtype: str) -> list[GemmRow]:
    """S = Q·Kᵀ and O = P·V over contiguous per-head copies (bmm over batch × heads)."""
    hd, heads = model.dim_per_head, batch * model.heads
    scores = blas_call(Operand.row_major(seq, hd), Operand.row_major(hd, seq), heads)
    context = blas_call(Operand.row_major(seq, seq), Operand.row_major(seq, hd), heads)
    return [GemmRow("attn_scores", phase, "bmm", dtype, scores, model.layers),
            GemmRow("attn_context", phase, "bmm", dtype, context, model.layers)]


def _decode_attention_rows(model: ModelDims, batch: int, context_len: int, dtype: str) -> list[GemmRow]:
    """One new query against a contiguous KV cache of context_len positions."""
    hd, heads = model.dim_per_head, batch * model.heads
    scores = blas_call(Operand.row_major(1, hd), Operand.transposed(hd, context_len), heads)
    context = blas_call(Operand.row_major(1, context_len), Operand.row_major(context_len, hd), heads)
    return [GemmRow("attn_scores", "decode", "bmm", dtype, scores, model.layers),
            GemmRow("attn_context", "decode", "bmm", dtype, context, model.layers)]


def _training_rows(model: ModelDims, work: Workload, dtype: str) -> list[GemmRow]:
    tokens = work.batch * work.seq
    rows = _linear_forward_rows(model, tokens, "forward", dtype, 1)
    rows += _attention_forward_rows(model, work.batch, work.seq, "forward", dtype)
    rows.append(_lm_head_row(model, tokens, "forward", dtype, 1))
    head = _lm_head(model)
    for lin, per_run in [(lin, model.layers) for lin in linear_layers(model)] + [(head, 1)]:
        rows.append(GemmRow(lin.name, "backward dX", "mm", dtype,
                            linear_input_grad(tokens, lin.d_in, lin.d_out), per_run))
        rows.append(GemmRow(lin.name, "backward dW", "mm", dtype,
                            linear_weight_grad(tokens, lin.d_in, lin.d_out), per_run))
    rows += _attention_backward_rows(model, work.batch, work.seq, dtype)
    return rows


def _attention_backward_rows(model: ModelDims, batch: int, seq: int, dtype: str) -> list[GemmRow]:
    """Gradients of both bmm of attention (no weights: all are input gradients)."""
    hd, heads = model.dim_per_head, batch * model.heads
    grads = {
        "attn dQ=dS.K": blas_call(Operand.row_major(seq, seq), Operand.transposed(seq, hd), heads),
        "attn dK^T=Q^T.dS": blas_call(Operand.transposed(hd, seq), Operand.row_major(seq, seq), heads),
        "attn dP=dO.V^T": blas_call(Operand.row_major(seq, hd), Operand.transposed(hd, seq), heads),
        "attn dV=P^T.dO": blas_call(Operand.transposed(seq, seq), Operand.row_major(seq, hd), heads),
    }
    return [GemmRow(name, "backward dX", "bmm", dtype, call, model.layers) for name, call in grads.items()]
