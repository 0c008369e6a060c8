"""Transformer dimensions: presets, Hugging Face-style config.json files, command-line values.

Only what decides GEMM shapes is kept: widths, head counts, layers, vocabulary, whether the
MLP is gated (SwiGLU: gate, up, down) or plain (fc1, fc2), whether q, k and v come from one
fused projection, and whether linear layers carry a bias (which only turns mm into addmm).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from gemmsim.errors import ConfigError, InputError

MODES = ("inference", "training")   # what a run of the model does

MLP_KINDS = ("gated", "plain")


@dataclass(frozen=True)
class ModelDims:
    name: str
    d_model: int
    d_ff: int
    heads: int
    kv_heads: int
    layers: int
    vocab: int
    mlp: str = "gated"
    bias: bool = False
    fused_qkv: bool = False
    head_dim: int | None = None
    source: str = ""

    @property
    def dim_per_head(self) -> int:
        return self.head_dim if self.head_dim is not None else self.d_model // self.heads

    def validate(self) -> "ModelDims":
        for field in ("d_model", "d_ff", "heads", "kv_heads", "layers", "vocab"):
            value = getattr(self, field)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"model {self.name}: {field} must be a positive integer, got {value!r}")
        if self.mlp not in MLP_KINDS:
            raise ConfigError(f"model {self.name}: mlp must be one of {', '.join(MLP_KINDS)}, got {self.mlp!r}")
        if self.head_dim is None and self.d_model % self.heads:
            raise ConfigError(f"model {self.name}: d_model {self.d_model} is not a multiple of heads {self.heads}"
                              " (give head_dim explicitly)")
        if self.head_dim is not None and self.head_dim < 1:
            raise ConfigError(f"model {self.name}: head_dim must be a positive integer, got {self.head_dim!r}")
        if self.heads % self.kv_heads:
            raise ConfigError(f"model {self.name}: heads {self.heads} is not a multiple of kv_heads {self.kv_heads}")
        return self


PRESETS: dict[str, ModelDims] = {
    m.name: m.validate() for m in (
        ModelDims("llama2-7b", 4096, 11008, 32, 32, 32, 32000, source="meta-llama/Llama-2-7b-hf config.json"),
        ModelDims("llama2-13b", 5120, 13824, 40, 40, 40, 32000, source="meta-llama/Llama-2-13b-hf config.json"),
        ModelDims("llama2-70b", 8192, 28672, 64, 8, 80, 32000, source="meta-llama/Llama-2-70b-hf config.json"),
        ModelDims("llama3-8b", 4096, 14336, 32, 8, 32, 128256, source="meta-llama/Meta-Llama-3-8B config.json"),
        ModelDims("gpt3-xl", 2048, 8192, 16, 16, 24, 50257, mlp="plain", bias=True,
                  source="Brown et al. 2020, Table 2.1 (24 layers, d_model 2048, d_head 128, so 16 heads;"
                         " the table's n_heads 24 does not fit d_model / d_head)"),
        ModelDims("gpt3-175b", 12288, 49152, 96, 96, 96, 50257, mlp="plain", bias=True,
                  source="Brown et al. 2020, Table 2.1"),
    )
}


def preset(name: str) -> ModelDims:
    key = name.lower()
    if key not in PRESETS:
        raise InputError(f"unknown model {name!r}: expected one of {', '.join(PRESETS)} (or --config, or dimensions)")
    return PRESETS[key]


def with_overrides(model: ModelDims, **values) -> ModelDims:
    """The model with the given non-None values replaced (command-line dimensions win)."""
    changed = {k: v for k, v in values.items() if v is not None}
    return replace(model, **changed).validate() if changed else model


def from_dimensions(name: str = "custom", **values) -> ModelDims:
    """A model from dimensions alone; kv_heads defaults to heads."""
    missing = [k for k in ("d_model", "d_ff", "heads", "layers", "vocab") if values.get(k) is None]
    if missing:
        raise InputError(f"a model from dimensions needs {', '.join('--' + m.replace('_', '-') for m in missing)}"
                         " (or --model NAME, or --config FILE)")
    values.setdefault("kv_heads", None)
    if values["kv_heads"] is None:
        values["kv_heads"] = values["heads"]
    return ModelDims(name=name, **{k: v for k, v in values.items() if v is not None}).validate()


# Hugging Face config.json: the key names different model families use for one quantity.
_CONFIG_KEYS = {
    "d_model": ("hidden_size", "n_embd", "d_model"),
    "d_ff": ("intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size"),
    "heads": ("num_attention_heads", "n_head", "num_heads"),
    "kv_heads": ("num_key_value_heads", "num_kv_heads", "n_head_kv"),
    "layers": ("num_hidden_layers", "n_layer", "num_layers"),
    "vocab": ("vocab_size",),
    "head_dim": ("head_dim",),
}
_GATED_TYPES = {"llama", "mistral", "mixtral", "qwen2", "qwen3", "gemma", "gemma2", "gemma3_text", "phi3", "olmo",
                "olmo2", "granite", "deepseek_v2", "deepseek_v3", "cohere"}
_PLAIN_TYPES = {"gpt2", "gpt_neo", "gptj", "gpt_neox", "opt", "bloom", "falcon", "phi", "starcoder2", "gpt_bigcode"}
_FUSED_QKV_TYPES = {"gpt2", "gpt_neox", "bloom", "falcon", "gpt_bigcode"}
_BIASED_TYPES = {"gpt2", "gpt_neo", "gptj", "gpt_neox", "opt", "bloom", "phi", "starcoder2", "gpt_bigcode"}


def from_config_json(path: str | Path) -> ModelDims:
    """Read the GEMM-relevant dimensions from a Hugging Face-style config.json."""
    path = Path(path)
    config = _read_json_object(path)
    if "hidden_size" not in config and isinstance(config.get("text_config"), dict):
        config = {**config["text_config"], "model_type": config["text_config"].get("model_type", "")}
    values = {field: _config_int(path, config, keys, required=field not in ("d_ff", "kv_heads", "head_dim"))
              for field, keys in _CONFIG_KEYS.items()}
    if values["d_ff"] is None:
        values["d_ff"] = 4 * values["d_model"]  # GPT-2 writes n_inner: null for 4 x d_model
    if values["kv_heads"] is None:
        values["kv_heads"] = values["heads"]
    model_type = str(config.get("model_type", ""))
    try:
        return ModelDims(
            name=path.parent.name or path.stem, **values,
            mlp=_mlp_kind(model_type, config),
            bias=bool(config.get("attention_bias", config.get("mlp_bias", model_type in _BIASED_TYPES))),
            fused_qkv=model_type in _FUSED_QKV_TYPES,
            source=str(path),
        ).validate()
    except ConfigError as e:
        raise InputError(f"{path}: {e}") from None


def _mlp_kind(model_type: str, config: dict) -> str:
    if model_type in _GATED_TYPES:
        return "gated"
    if model_type in _PLAIN_TYPES:
        return "plain"
    act = str(config.get("hidden_act", config.get("activation_function", "")))
    return "gated" if act in ("silu", "swiglu") else "plain"


def _read_json_object(path: Path) -> dict:
    try:
        text = path.read_text()
    except OSError as e:
        raise InputError(f"{path}: cannot read config: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: config is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"{path}: config is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise InputError(f"{path}: config nests its JSON too deeply to be a model config") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: config must be a JSON object, got {type(data).__name__}")
    return data


def _config_int(path: Path, config: dict, keys: tuple[str, ...], required: bool) -> int | None:
    for key in keys:
        if key in config and config[key] is not None:
            value = config[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InputError(f"{path}: {key} must be a positive integer, got {value!r}")
            return value
    if required:
        alternatives = f" (or {', '.join(keys[1:])})" if len(keys) > 1 else ""
        raise InputError(f"{path}: missing {keys[0]}{alternatives}")
    return None
