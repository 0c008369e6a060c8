"""The text and JSON forms of a calibration (`gemmsim calibrate`): each fitted value and its fit."""

from __future__ import annotations

import difflib
import json

from gemmsim.jsonable import versioned


def format_fitted_json(result) -> str:
    """The JSON document of `gemmsim calibrate --json` (docs/json_schema.md)."""
    fitted = [{"section": f.section, "key": f.key, "value": f.value, "written": f.write, "rows": f.rows,
               "residual": f.residual, "note": f.note} for f in result.fitted]
    return json.dumps(versioned({"fitted": fitted, "not_measured": result.not_measured}), indent=2, sort_keys=True)


def format_fitted(result) -> str:
    lines = [f"{'section':13s} {'key':40s} {'value':>14s}  written  fit"]
    for f in result.fitted:
        lines.append(f"{f.section:13s} {f.key:40s} {f.value:>14.6g}  {'yes' if f.write else 'no ':3s}      {f.residual}")
        if not f.write:
            lines.append(f"{'':13s}   ({f.note})")
    if result.not_measured:
        lines.append("not measured: " + "; ".join(result.not_measured))
    return "\n".join(lines)


def format_rewrite_diff(current: str, calibrated: str, label: str) -> str:
    """What --write would change in the description file, as a unified diff."""
    diff = list(difflib.unified_diff(current.splitlines(True), calibrated.splitlines(True), label,
                                     label + " (calibrated)"))
    return "".join(diff) if diff else f"{label} is already calibrated (no change)"
