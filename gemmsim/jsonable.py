"""The JSON gemmsim writes: records as JSON-ready values, and the version of their schema.

Every JSON document the command prints (`--json`) and every result's `to_dict()` carries
`schema_version` at its top level; docs/json_schema.md lists each document's keys and says when
the version changes. Records serialize field by field, floats rounded to 6 significant digits,
so the same inputs give byte-identical text.

This module sits at the bottom of the package so that the typed results (gemmsim.prediction,
gemmsim.tuning.result) can serialize themselves; the report layer formats with the same functions.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

SCHEMA_VERSION = 1
"""The version of every JSON document's schema (docs/json_schema.md): raised when a key is removed
or renamed or a value changes its meaning or type; a new key leaves it as it is."""

JSON = "json"
"""Field metadata of a record (`field(metadata={JSON: ...})`): the attributes of the field's value
to write (properties allowed), where it carries more than its owner reports, or False to leave the
field out."""

JSON_NONE = "json_none"
"""Field metadata of a record (`field(metadata={JSON_NONE: ...})`): what the field writes when its
value is None (else null), where a document has always written, say, {} for a missing section."""


def versioned(document: dict) -> dict:
    """`document` with `schema_version` as its first key."""
    return {"schema_version": SCHEMA_VERSION, **document}


def plain(value, names: tuple[str, ...] | None = None):
    """Records, mappings and sequences as JSON-ready values; floats rounded to 6 significant digits.

    A record (dataclass) writes `names` if given, else each field whose metadata does not say
    otherwise (see `JSON`)."""
    if is_dataclass(value) and not isinstance(value, type):
        if names is not None:
            return {name: plain(getattr(value, name)) for name in names}
        out = {}
        for f in fields(value):
            written = f.metadata.get(JSON, True)
            if written is not False:
                v = getattr(value, f.name)
                if v is None and JSON_NONE in f.metadata:
                    out[f.name] = f.metadata[JSON_NONE]
                else:
                    out[f.name] = plain(v, None if written is True else tuple(written))
        return out
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value
