"""Operands of AMDGPU assembly: registers (v5, s[0:1], a[0:3], vcc, exec, m0), immediates, labels.

The assembler prints a register run as `v[4:7]` (four 32-bit registers) and a single one as `v4`;
special scalar registers (vcc, exec, m0, scc) have names. Source modifiers (`-v1`, `|v1|`,
`neg(...)`, `abs(...)`, `sext(...)`) change a value but not which register is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RUN = re.compile(r"^([vsa])\[(\d+):(\d+)\]$")
_ONE = re.compile(r"^([vsa])(\d+)$")
_TTMP = re.compile(r"^ttmp(\d+)$|^ttmp\[(\d+):(\d+)\]$")
_INT = re.compile(r"^-?(0x[0-9a-fA-F]+|\d+)$")
_FLOAT = re.compile(r"^-?\d+\.\d*(e[-+]?\d+)?$")
# special registers: name -> (register file, 32-bit words)
SPECIAL = {"vcc": 2, "vcc_lo": 1, "vcc_hi": 1, "exec": 2, "exec_lo": 1, "exec_hi": 1, "m0": 1, "scc": 1,
           "null": 1, "off": 0, "flat_scratch": 2, "flat_scratch_lo": 1, "flat_scratch_hi": 1,
           "xnack_mask": 2, "src_shared_base": 1, "src_shared_limit": 1, "src_private_base": 1,
           "src_private_limit": 1, "src_pops_exiting_wave_id": 1, "src_lds_direct": 1, "execz": 1, "vccz": 1}


@dataclass(frozen=True)
class Operand:
    kind: str          # "v", "s", "a" (register runs), "special", "imm", "float", "label", "other"
    index: int = 0     # first register, or the integer value of an immediate
    count: int = 1     # registers in the run
    name: str = ""     # special register or label name, or the raw text

    @property
    def is_reg(self) -> bool:
        return self.kind in ("v", "s", "a")

    def regs(self) -> list[str]:
        """Names of the 32-bit registers this operand covers (`v4`, `v5`, ... or `vcc_lo`, `vcc_hi`)."""
        if self.is_reg:
            return [f"{self.kind}{self.index + i}" for i in range(self.count)]
        if self.kind == "special" and self.name in ("vcc", "exec", "flat_scratch", "xnack_mask"):
            return [f"{self.name}_lo", f"{self.name}_hi"]
        if self.kind == "special":
            return [self.name]
        return []


class OperandError(ValueError):
    """Text that is not an operand; the parser turns it into file:line: expected ..."""


def strip_modifiers(text: str) -> str:
    """`-|v1|`, `neg(v1)`, `abs(v1)`, `sext(v1)`, `lit(5)` -> the operand inside."""
    t = text.strip()
    while True:
        if t.startswith("-") and not _INT.match(t) and not _FLOAT.match(t):
            t = t[1:].strip()
            continue
        if len(t) >= 2 and t[0] == "|" and t[-1] == "|":
            t = t[1:-1].strip()
            continue
        m = re.match(r"^(neg|abs|sext|lit|lit64)\((.*)\)$", t)
        if m:
            t = m.group(2).strip()
            continue
        return t


# A wave addresses at most 512 VGPRs and AGPRs and about 106 SGPRs: a register number beyond this is
# not one the hardware has. An immediate is at most 64 bits (lit64): 20 decimal or 16 hex digits.
MAX_REGISTER = 1023
MAX_IMMEDIATE_DIGITS = 20


def _register(text: str, digits: str) -> int:
    if len(digits) > 4 or int(digits) > MAX_REGISTER:
        raise OperandError(f"a register number of at most {MAX_REGISTER}, not {_short(text)}")
    return int(digits)


def _short(text: str, width: int = 40) -> str:
    return repr(text if len(text) <= width else text[:width] + "...")


def parse_operand(text: str) -> Operand:
    t = strip_modifiers(text)
    low = t.lower()
    m = _RUN.match(low)
    if m:
        first, last = _register(t, m.group(2)), _register(t, m.group(3))
        if last < first:
            raise OperandError(f"a register run {t!r} with first <= last")
        return Operand(m.group(1), first, last - first + 1, t)
    m = _ONE.match(low)
    if m:
        return Operand(m.group(1), _register(t, m.group(2)), 1, t)
    if low in SPECIAL:
        return Operand("special", 0, SPECIAL[low], low)
    if _TTMP.match(low):
        return Operand("other", 0, 1, t)
    if _INT.match(low):
        if len(low.lstrip("-").removeprefix("0x")) > MAX_IMMEDIATE_DIGITS:
            raise OperandError(f"an immediate of at most 64 bits, not {_short(t)} ({len(low)} characters)")
        return Operand("imm", int(low, 0), 1, t)
    if _FLOAT.match(low):
        return Operand("float", 0, 1, t)
    if re.match(r"^[a-z_.$][\w.$]*$", t, re.IGNORECASE):
        return Operand("label", 0, 1, t)
    if t.startswith("[") or t.startswith("<"):
        return Operand("other", 0, 1, t)
    if re.match(r"^[vsa]\[", low) or low.startswith("["):
        raise OperandError(f"a register run like v[4:7], not {t!r}")
    return Operand("other", 0, 1, t)
