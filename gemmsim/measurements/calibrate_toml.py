"""Write calibrated values into a GPU description's text, line by line.

Only the lines of written values change (a `{ value, kind = "calibrated", source, note }` entry,
or a [[matrix]] entry's cycles/kind/source/note) and each gets its [sources] entry; the rest of
the file keeps its text, so the output is the same for the same input.
"""

from __future__ import annotations

import re


def _number(value: float) -> str:
    if isinstance(value, float) and float(value).is_integer() and abs(value) >= 1e6:
        text = f"{value:.6g}"
        return text if "e" in text or "." in text else text + ".0"
    return f"{value:.6g}" if isinstance(value, float) and not float(value).is_integer() else f"{value:g}"


def _inline(f) -> str:
    text = str(f.toml_value) if f.toml_value is not None else _number(f.value)
    return f'{{ value = {text}, kind = "calibrated", source = "{f.source_id}", note = "{f.note}" }}'


def rewrite_toml(text: str, fitted: list, folder: str) -> str:
    """The description with every written value replaced, its [sources] entry added (or replaced)."""
    section = None
    matrix_opcode = None
    out = []
    for line in text.splitlines():
        header = re.match(r"^\s*\[+([^\]]+)\]+\s*$", line)
        if header:
            section = header.group(1).strip()
            matrix_opcode = None
        if section == "matrix":
            m = re.match(r'^opcode\s*=\s*"([^"]+)"', line)
            if m:
                matrix_opcode = m.group(1)
        out.append(_rewrite_line(line, section, matrix_opcode, fitted))
    return _with_sources("\n".join(out) + "\n", fitted, folder)


def _rewrite_line(line: str, section: str | None, opcode: str | None, fitted: list) -> str:
    for f in fitted:
        if not f.write:
            continue
        if f.section == "matrix" and section == "matrix" and opcode == f.key:
            key = re.match(r"^(cycles|kind|source|note)\s*=", line)
            if key:
                return {"cycles": f"cycles = {int(f.value)}", "kind": 'kind = "calibrated"',
                        "source": f'source = "{f.source_id}"', "note": f'note = "{f.note}"'}[key.group(1)]
        elif f.section == section and re.match(rf"^{re.escape(f.key)}\s*=", line):
            return f"{f.key} = {_inline(f)}"
    return line


def _with_sources(text: str, fitted: list, folder: str) -> str:
    lines = text.splitlines()
    ids = {f.source_id for f in fitted if f.write}
    lines = [ln for ln in lines if not any(re.match(rf"^{i}\s*=", ln) for i in ids)]
    at = lines.index("[sources]") + 1
    while at < len(lines) and lines[at].strip() and not lines[at].startswith("["):
        at += 1
    new = [f'{f.source_id} = "{f.source_text(folder)}"' for f in fitted if f.write]
    return "\n".join(lines[:at] + new + lines[at:]) + "\n"


def ensure_keys(text: str, fitted: list) -> str:
    """Add a written key that the description lacks (launch_overhead_us) at the end of its section."""
    for f in fitted:
        if not f.write or f.section == "matrix" or _has_key(text, f.section, f.key):
            continue
        lines = text.splitlines()
        if f"[{f.section}]" not in lines:          # a description that inherits the section from its parent
            lines += ["", f"[{f.section}]"]
        start = lines.index(f"[{f.section}]") + 1
        end = start
        while end < len(lines) and lines[end].strip() and not lines[end].startswith("["):
            end += 1
        lines.insert(end, f"{f.key} = {{ value = 0 }}")
        text = "\n".join(lines) + "\n"
    return text


def _has_key(text: str, section: str, key: str) -> bool:
    """Whether the [section] table of the text has the key (the same key may live in other tables)."""
    current = None
    for line in text.splitlines():
        header = re.match(r"^\s*\[+([^\]]+)\]+\s*$", line)
        if header:
            current = header.group(1).strip()
        elif current == section and re.match(rf"^{re.escape(key)}\s*=", line):
            return True
    return False
