"""Read AMDGPU assembly text into kernels: instructions, labels, scheduling markers and metadata.

Two inputs are understood:
* assembler source (`clang -S`, `hipcc --save-temps`, FlyDSL's `*_final_isa.s`): functions with
  local labels (`.LBB0_2:`), the kernel descriptor block (`.amdhsa_kernel NAME` ...
  `.amdhsa_next_free_vgpr 194` ... `.end_amdhsa_kernel`) and the code-object metadata (YAML between
  `.amdgpu_metadata` and `.end_amdgpu_metadata`: workgroup size, register counts, arguments);
  LLVM prints sched_barrier / sched_group_barrier as comments, which are kept as markers.
* `llvm-objdump -d` text: `<name>:` function headers, one instruction per line with its address
  in a trailing comment; branch targets come from the address arithmetic (or `<Ln>` names with
  --symbolize-operands) and become labels. No descriptor or metadata survive disassembly.
A line that is none of these gives `file:line: expected ...` (InputError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from gemmsim import limits
from gemmsim.errors import InputError
from gemmsim.frontends.amdgpu.operands import Operand, OperandError, parse_operand

_MNEMONIC = re.compile(r"^[a-z_][a-z0-9_]*$")
_LABEL = re.compile(r"^([A-Za-z_.$][\w.$@]*):(.*)$")
_ARCH = re.compile(r"\b(gfx9[0-9a-f]{2})\b")
_MARKER = re.compile(r"^(sched_barrier|sched_group_barrier|iglp_opt)\b(.*)$")
_OBJDUMP_FUNC = re.compile(r"^([0-9a-fA-F]+)\s+<(.+)>:\s*$")
_OBJDUMP_INSTR = re.compile(r"^\s*(\S.*?)\s*//\s*([0-9A-Fa-f]+):((?:\s+[0-9A-Fa-f]{8})+)\s*(<.*>)?\s*$")
BRANCHES_WITH_TARGET = re.compile(r"^s_(cbranch_\w+|branch)$")


@dataclass(frozen=True)
class AsmInstr:
    lineno: int
    mnemonic: str
    operands: tuple[str, ...]
    modifiers: tuple[str, ...]
    text: str
    address: int | None = None

    def operand(self, i: int) -> Operand:
        return parse_operand(self.operands[i])

    def modifier(self, name: str) -> str | None:
        """Value of `name:value` (or `name` for a flag, returned as '')."""
        for m in self.modifiers:
            if m == name:
                return ""
            if m.startswith(name + ":"):
                return m[len(name) + 1:]
        return None

    def int_modifier(self, name: str) -> int:
        """Integer value of `name:value` (hex or decimal); 0 if absent or not a number."""
        value = self.modifier(name)
        try:
            return int(value, 0) if value else 0
        except ValueError:
            return 0


@dataclass(frozen=True)
class Label:
    lineno: int
    name: str


@dataclass(frozen=True)
class Marker:
    """A scheduling pseudo-instruction that emits no code: sched_barrier, sched_group_barrier, iglp_opt."""

    lineno: int
    kind: str
    mask: int | None
    size: int | None
    sync_id: int | None
    text: str


Statement = Union[AsmInstr, Label, Marker]


@dataclass
class KernelSource:
    name: str
    path: str
    format: str                                   # "asm" or "objdump"
    arch: str | None
    body: list[Statement]
    directives: dict[str, int] = field(default_factory=dict)   # .amdhsa_* of the kernel descriptor
    metadata: dict = field(default_factory=dict)               # this kernel's entry of amdhsa.kernels
    is_kernel: bool = True                                     # False: a device function

    @property
    def instructions(self) -> list[AsmInstr]:
        return [s for s in self.body if isinstance(s, AsmInstr)]


# ---- one instruction ---------------------------------------------------------------------------
def split_instruction(text: str, where: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """`buffer_load_dwordx4 v[0:3], v4, s[0:3], 0 offen offset:16` ->
    mnemonic, operands (v[0:3], v4, s[0:3], 0), modifiers (offen, offset:16)."""
    head, _, rest = text.strip().partition(" ")
    mnemonic = head.strip().lower()
    if not _MNEMONIC.match(mnemonic):
        raise InputError(f"{where}: expected an instruction mnemonic, a label or a directive, got {head!r}")
    rest = rest.strip()
    if mnemonic.startswith("s_waitcnt") and "(" in rest:
        return mnemonic, (rest,), ()
    pieces = _split_top_level(rest, ",", where)
    operands: list[str] = []
    modifiers: list[str] = []
    for i, piece in enumerate(pieces):
        words = _split_top_level(piece, " ", where)
        if not words:
            raise InputError(f"{where}: expected an operand between commas in {text.strip()!r}")
        if i < len(pieces) - 1:
            operands.append(" ".join(words))
            continue
        # the last piece: one operand (unless it is itself a modifier) then space-separated modifiers
        first, extra = words[0], words[1:]
        if _is_modifier(first) and not operands:
            modifiers.extend(words)
        elif _is_modifier(first):
            modifiers.extend(words)
        else:
            operands.append(first)
            modifiers.extend(extra)
    for op in operands:
        try:
            parse_operand(op)
        except OperandError as e:
            line = text.strip()
            raise InputError(f"{where}: expected {e} in {line if len(line) <= 120 else line[:120] + '...'!r}") from None
    return mnemonic, tuple(operands), tuple(modifiers)


_FLAG_MODIFIERS = {"offen", "idxen", "addr64", "glc", "slc", "dlc", "nt", "sc0", "sc1", "lds", "tfe", "lwe",
                   "gds", "clamp", "high", "unorm", "da", "d16", "r128", "a16"}


def _is_modifier(word: str) -> bool:
    w = word.lower()
    if w in _FLAG_MODIFIERS:
        return True
    return bool(re.match(r"^[a-z_0-9]+:", w)) and not re.match(r"^[vsa]\[", w)


def _split_top_level(text: str, sep: str, where: str) -> list[str]:
    """Split on `sep` outside brackets and parentheses; check that they balance."""
    out, depth, cur = [], [], []
    pairs = {"[": "]", "(": ")"}
    for ch in text:
        if ch in pairs:
            depth.append(pairs[ch])
        elif ch in ")]":
            if not depth or depth[-1] != ch:
                raise InputError(f"{where}: expected {depth[-1] if depth else 'no'} {'' if depth else 'closing '}"
                                 f"bracket before {ch!r} in {text!r}")
            depth.pop()
        if ch == sep and not depth:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if depth:
        raise InputError(f"{where}: expected {depth[-1]!r} to close a bracket in {text!r}")
    last = "".join(cur).strip()
    if last or out:
        out.append(last)
    return [p for p in out if p] if sep == " " else out


def parse_marker(comment: str, lineno: int) -> Marker | None:
    m = _MARKER.match(comment.strip())
    if not m:
        return None
    fields = dict(re.findall(r"(mask|size|SyncID)\(([^)]*)\)", m.group(2)))

    def num(key):
        try:
            return int(fields[key], 0) if key in fields else None
        except ValueError:
            return None

    return Marker(lineno, m.group(1), num("mask"), num("size"), num("SyncID"), comment.strip())


# ---- files ---------------------------------------------------------------------------------------
def parse_file(path: str | Path, only: str | None = None) -> list[KernelSource]:
    """The functions of an assembly file; with `only`, the other functions' instructions are not
    parsed (their bodies stay empty, but they are listed)."""
    p = Path(path)
    try:
        text = p.read_text()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot be read as text ({e})") from None
    return parse_text(text, str(path), only)


def parse_text(text: str, filename: str = "<text>", only: str | None = None) -> list[KernelSource]:
    lines = text.splitlines()
    limits.check_asm_lines(filename, len(lines))
    if _looks_like_objdump(lines):
        kernels = _parse_objdump(lines, filename)
    else:
        kernels = _parse_asm(lines, filename, only)
    if not kernels:
        raise InputError(f"{filename}: expected at least one function (a label followed by instructions); found none")
    return kernels


def _looks_like_objdump(lines: list[str]) -> bool:
    for line in lines[:50]:
        if "file format elf64-amdgpu" in line or line.startswith("Disassembly of section"):
            return True
        if _OBJDUMP_FUNC.match(line):
            return True
    return False


def _strip_comment(line: str) -> tuple[str, str]:
    """(code, comment) for ';' or '//' comments, outside string literals."""
    if '"' not in line:
        cut = [i for i in (line.find(";"), line.find("//")) if i >= 0]
        if not cut:
            return line, ""
        i = min(cut)
        return line[:i], line[i + (1 if line[i] == ";" else 2):]
    in_str = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_str = not in_str
        elif not in_str and (ch == ";" or line.startswith("//", i)):
            return line[:i], line[i + (1 if ch == ";" else 2):]
    return line, ""


def _parse_asm(lines: list[str], filename: str, only: str | None = None) -> list[KernelSource]:
    functions = {m.group(1) for line in lines for m in [re.match(r"^\s*\.type\s+([\w.$]+)\s*,\s*@function", line)] if m}
    arch = None
    metadata_lines: list[tuple[int, str]] = []
    directives: dict[str, dict[str, int]] = {}
    bodies: dict[str, list[Statement]] = {}
    has_code: set[str] = set()
    order: list[str] = []
    current: str | None = None
    in_meta = False
    descriptor: str | None = None
    for lineno, raw in enumerate(lines, 1):
        where = f"{filename}:{lineno}"
        if in_meta:
            if raw.strip().startswith(".end_amdgpu_metadata"):
                in_meta = False
            else:
                metadata_lines.append((lineno, raw))
            continue
        code, comment = _strip_comment(raw)
        code = code.strip()
        if arch is None:
            m = _ARCH.search(raw) if ".amdgcn_target" in raw or ".amdhsa_code_object" in raw else None
            arch = m.group(1) if m else None
        if not code:
            marker = parse_marker(comment, lineno) if current else None
            if marker:
                bodies[current].append(marker)
            continue
        if descriptor is not None:
            if code.startswith(".end_amdhsa_kernel"):
                descriptor = None
            else:
                _read_directive(code, where, directives[descriptor])
            continue
        if code.startswith(".amdhsa_kernel"):
            parts = code.split()
            if len(parts) != 2:
                raise InputError(f"{where}: expected `.amdhsa_kernel NAME`, got {code!r}")
            descriptor = parts[1]
            directives[descriptor] = {}
            current = None
            continue
        if code.startswith(".amdgpu_metadata"):
            in_meta, current = True, None
            continue
        m = _LABEL.match(code)
        if m:
            name, rest = m.group(1), m.group(2).strip()
            if name.startswith(".Lfunc_end"):
                current = None
            elif _starts_function(name, functions):
                current = name
                if name not in bodies:
                    order.append(name)
                bodies[name] = []
            elif current is not None:
                bodies[current].append(Label(lineno, name))
            if rest and current is not None:
                has_code.add(current)
                if only is None or current == only:
                    bodies[current].append(_instruction(rest, lineno, where))
            continue
        if code.startswith("."):
            if code.startswith(".section") or code.startswith(".text"):
                current = None if code.startswith(".section") else current
            continue
        if current is None:
            if re.match(r"^[A-Za-z_]", code) and not order:
                # instructions with no function label: one anonymous kernel named after the file
                current = Path(filename).stem
                order.append(current)
                bodies[current] = []
            else:
                continue
        has_code.add(current)
        if only is None or current == only:
            bodies[current].append(_instruction(code, lineno, where))
    if arch is None:
        arch = _arch_from_text(lines)
    meta = _kernel_metadata(metadata_lines, filename)
    kernels = []
    for name in order:
        if name not in has_code:
            continue
        is_kernel = name in directives or name in meta or (not directives and not meta)
        kernels.append(KernelSource(name, filename, "asm", arch, bodies[name], directives.get(name, {}),
                                    meta.get(name, {}), is_kernel))
    return kernels


def _starts_function(name: str, functions: set[str]) -> bool:
    if functions:
        return name in functions
    return not name.startswith(".")


def _instruction(code: str, lineno: int, where: str, address: int | None = None) -> AsmInstr:
    mnemonic, operands, modifiers = split_instruction(code, where)
    return AsmInstr(lineno, mnemonic, operands, modifiers, code.strip(), address)


def _read_directive(code: str, where: str, into: dict[str, int]) -> None:
    parts = code.split()
    if not parts[0].startswith(".amdhsa_"):
        return
    if len(parts) != 2:
        raise InputError(f"{where}: expected `{parts[0]} <integer>`, got {code!r}")
    try:
        value = int(parts[1], 0) if len(parts[1]) <= 24 else None
    except ValueError:
        value = None
    if value is None or not 0 <= value < 2 ** 32:     # every kernel descriptor field is a 32-bit unsigned integer
        raise InputError(f"{where}: expected an integer in 0..2^32-1 after {parts[0]}, got {parts[1][:40]!r}")
    into[parts[0][len(".amdhsa_"):]] = value


def _arch_from_text(lines: list[str]) -> str | None:
    for line in lines[:200]:
        m = _ARCH.search(line)
        if m:
            return m.group(1)
    return None


# ---- code-object metadata (the YAML subset LLVM prints) -------------------------------------------
def _kernel_metadata(lines: list[tuple[int, str]], filename: str) -> dict[str, dict]:
    """name -> {key: value} for each entry of amdhsa.kernels (keys without their leading dot)."""
    tokens: list[tuple[int, str]] = []
    for _, raw in lines:
        text = raw.split(" #")[0].rstrip()
        if not text.strip() or text.strip() in ("---", "...") or text.strip().startswith("#"):
            continue
        indent = len(text) - len(text.lstrip(" "))
        body = text.strip()
        while body.startswith("- ") or body == "-":   # `- key: v` is an item holding a mapping
            tokens.append((indent, "-"))
            body, indent = body[1:].strip(), indent + 2
        if body:
            tokens.append((indent, body))
    try:
        doc, _ = _yaml_node(tokens, 0, tokens[0][0]) if tokens else ({}, 0)
    except (IndexError, ValueError):
        return {}  # metadata is a convenience: an odd layout costs the metadata, not the parse
    kernels = doc.get("amdhsa.kernels") if isinstance(doc, dict) else None
    if not isinstance(kernels, list):
        return {}
    return {k["name"]: k for k in kernels if isinstance(k, dict) and isinstance(k.get("name"), str)}


def _yaml_node(tokens: list[tuple[int, str]], i: int, indent: int):
    """Block mappings and sequences of the YAML subset in LLVM's code-object metadata."""
    if tokens[i][1] == "-":
        items = []
        while i < len(tokens) and tokens[i] == (indent, "-"):
            i += 1
            if i < len(tokens) and tokens[i][0] > indent and ":" not in tokens[i][1]:
                value, i = _yaml_value(tokens[i][1]), i + 1      # `- 128`: a scalar item
            elif i < len(tokens) and tokens[i][0] > indent:
                value, i = _yaml_node(tokens, i, tokens[i][0])
            else:
                value = None
            items.append(value)
        return items, i
    mapping: dict = {}
    while i < len(tokens) and tokens[i][0] == indent and tokens[i][1] != "-":
        key, _, rest = tokens[i][1].partition(":")
        key = key.strip().lstrip(".")
        i += 1
        if rest.strip():
            mapping[key] = _yaml_value(rest.strip())
        elif i < len(tokens) and (tokens[i][0] > indent or tokens[i] == (indent, "-")):
            mapping[key], i = _yaml_node(tokens, i, tokens[i][0])
        else:
            mapping[key] = None
    return mapping, i


def _yaml_value(text: str):
    if text.startswith("[") and text.endswith("]"):
        return [_yaml_value(x.strip()) for x in text[1:-1].split(",") if x.strip()]
    try:
        return int(text, 0)
    except ValueError:
        pass
    if text in ("true", "false"):
        return text == "true"
    return text.strip("'\"")


# ---- llvm-objdump -d --------------------------------------------------------------------------------
def _parse_objdump(lines: list[str], filename: str) -> list[KernelSource]:
    arch = _arch_from_text(lines)
    funcs: list[tuple[str, list[tuple[int, int, str, str | None]]]] = []
    for lineno, raw in enumerate(lines, 1):
        m = _OBJDUMP_FUNC.match(raw)
        if m:
            name = m.group(2)
            if re.fullmatch(r"L\d+", name) and funcs:
                funcs[-1][1].append((lineno, int(m.group(1), 16), "", name))  # a --symbolize-operands label
            else:
                funcs.append((name, []))
            continue
        if not raw.strip() or raw.startswith("Disassembly of section") or "file format" in raw:
            continue
        m = _OBJDUMP_INSTR.match(raw)
        if not m:
            if funcs and raw.startswith((" ", "\t")):
                raise InputError(f"{filename}:{lineno}: expected `instruction // ADDRESS: ENCODING`, got {raw.strip()!r}")
            continue
        if not funcs:
            raise InputError(f"{filename}:{lineno}: expected a `ADDRESS <name>:` function header before instructions")
        funcs[-1][1].append((lineno, int(m.group(2), 16), m.group(1), None))
    return [_objdump_kernel(name, rows, filename, arch) for name, rows in funcs if any(r[2] for r in rows)]


def _objdump_kernel(name, rows, filename, arch) -> KernelSource:
    named = {label: addr for _, addr, text, label in rows if label}
    instrs: list[AsmInstr] = []
    targets: set[int] = set()
    for lineno, addr, text, label in rows:
        if label:
            continue
        where = f"{filename}:{lineno}"
        instr = _instruction(text, lineno, where, addr)
        if BRANCHES_WITH_TARGET.match(instr.mnemonic) and instr.operands:
            target = _objdump_target(instr, addr, named, where)
            targets.add(target)
            instr = AsmInstr(lineno, instr.mnemonic, (f".L{target:x}",), instr.modifiers, instr.text, addr)
        instrs.append(instr)
    body: list[Statement] = []
    for instr in instrs:
        if instr.address in targets:
            body.append(Label(instr.lineno, f".L{instr.address:x}"))
        body.append(instr)
    return KernelSource(name, filename, "objdump", arch, body)


def _objdump_target(instr: AsmInstr, addr: int, named: dict[str, int], where: str) -> int:
    op = instr.operands[0]
    if op in named:
        return named[op]
    try:
        simm16 = int(op, 0)
    except ValueError:
        raise InputError(f"{where}: expected a branch offset or label after {instr.mnemonic}, got {op!r}") from None
    if simm16 >= 0x8000:
        simm16 -= 0x10000
    return addr + 4 + 4 * simm16
