"""Results as JSON: deterministic (keys sorted, floats rounded to 6 significant digits), so the same
inputs give byte-identical text.

Records serialize field by field. The analytics records a Prediction shares with other commands
(roofline, dimension efficiency, occupancy, problem) carry more than a prediction reports; for
them the fields written are listed here, so the prediction's JSON keeps its keys.
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass

from gemmsim.analytics.dimeff import DimEfficiency
from gemmsim.analytics.occupancy import Occupancy
from gemmsim.analytics.roofline import Roofline
from gemmsim.prediction import Prediction
from gemmsim.problem import Problem

# The fields written for a record, where not all of them (properties allowed).
_WRITTEN = {
    Roofline: ("time_us", "tflops", "pct_of_peak", "bottleneck", "clock_mhz", "compute_us", "memory_us", "flops",
               "compulsory_bytes", "bandwidth", "bandwidth_bytes_per_s"),
    DimEfficiency: ("num_tiles", "waves", "slots_per_cu", "slots_per_wave", "tile_eff", "wq_eff", "dim_eff",
                    "tile_m", "tile_n"),
    Occupancy: ("waves_per_simd", "workgroups_per_cu", "limited_by"),
    Problem: ("m", "n", "k", "dtype", "flops"),
    Prediction: tuple(f.name for f in fields(Prediction) if f.name != "timeline"),
}


def plain(value):
    """Records, mappings and sequences as JSON-ready values; floats rounded to 6 significant digits."""
    if is_dataclass(value) and not isinstance(value, type):
        names = _WRITTEN.get(type(value)) or tuple(f.name for f in fields(value))
        return {name: plain(getattr(value, name)) for name in names}
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def to_json(value) -> str:
    return json.dumps(plain(value), indent=2, sort_keys=True)
