"""Which pointer argument is A, B, C, a scale or a bias: read from what the kernel does with it,
never from its position in the argument list.

FlyDSL's preshuffle GEMM takes (C, A, B, scale_a, scale_b, bias, ...); a GEMM written by hand often
takes (A, B, C, ...). The traffic model needs to know which bytes are A's (reused along N), B's
(reused along M) and C's (written once), so the walked wave tells:

    stored to                                            C  (another stored pointer keeps its arg@ name)
    loaded in the hot loop, into LDS                     A-like: an LDS DMA, or loaded into VGPRs that a
                                                         ds_write stores
    loaded in the hot loop, into VGPRs an MFMA reads     B-like (FlyDSL's preshuffled B)
    loaded outside the hot loop only                     scale_a, scale_b, bias, in argument order
                                                         (read once per row or column of the tile)

Two hot-loop pointers that reach the MFMAs the same way are A and B in argument order, and the
reason says so. A user who knows better passes the roles (`--arg-roles C,A,B,scale_a,scale_b,bias`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gemmsim.errors import InputError
from gemmsim.ir.program import Instr, Loop, Op, Reg

ROLES = ("A", "B", "C", "scale_a", "scale_b", "bias")
SKIP_ROLE = "-"                    # --arg-roles: this pointer plays no GEMM role (keeps its arg@ name)
ONCE_ROLES = ("scale_a", "scale_b", "bias")
CONSUMER_HOPS = 4                  # VALU steps followed from a load to the instruction that uses its data


@dataclass(frozen=True)
class Role:
    name: str      # "A", "B", "C", "scale_a", ... or the origin ("arg@48") when it plays none
    how: str       # why: what the kernel does with the pointer, or "given (--arg-roles)"


def given_roles(text: str | list[str], pointer_origins: list[str]) -> dict[str, Role]:
    """--arg-roles: one role per pointer argument, in argument order ('-' for one that plays none)."""
    names = [x.strip() for x in text.split(",")] if isinstance(text, str) else list(text)
    for name in names:
        if name not in ROLES and name != SKIP_ROLE:
            raise InputError(f"--arg-roles: {name!r} is not a role (expected {', '.join(ROLES)} or {SKIP_ROLE})")
    repeated = sorted({n for n in names if n != SKIP_ROLE and names.count(n) > 1})
    if repeated:
        raise InputError(f"--arg-roles: {', '.join(repeated)} given more than once")
    if len(names) > len(pointer_origins):
        raise InputError(f"--arg-roles names {len(names)} pointers, but the kernel has {len(pointer_origins)} "
                         f"pointer arguments")
    return {origin: Role(name if name != SKIP_ROLE else origin, "given (--arg-roles)")
            for origin, name in zip(pointer_origins, names)}


def infer_roles(items: tuple, hot_loop: str | None, pointer_origins: list[str]) -> dict[str, Role]:
    """Roles of the pointer arguments (by origin, "arg@8") from one walked wave whose memory
    instructions carry their pointer's origin as `buffer`."""
    stream = list(_flatten(items, hot_loop, False))
    stored: dict[str, float] = {}
    hot_uses: dict[str, set[str]] = {}
    loaded_outside: list[str] = []
    for i, (instr, in_hot) in enumerate(stream):
        origin = instr.buffer
        if origin not in pointer_origins:
            continue
        if instr.op == Op.VMEM_STORE:
            stored[origin] = stored.get(origin, 0.0) + instr.lane_bytes
        elif instr.op in (Op.VMEM_LOAD, Op.LDS_DMA) and in_hot:
            hot_uses.setdefault(origin, set()).add("lds" if instr.op == Op.LDS_DMA else _consumer(stream, i))
        elif instr.op == Op.VMEM_LOAD and origin not in loaded_outside:
            loaded_outside.append(origin)
    roles: dict[str, Role] = {}
    if stored:
        c = max(stored, key=lambda o: (stored[o], -pointer_origins.index(o)))
        roles[c] = Role("C", "stored to")
    hot = [o for o in pointer_origins if o in hot_uses and o not in roles]
    via_lds = [o for o in hot if "lds" in hot_uses[o] and "mfma" not in hot_uses[o]]
    direct = [o for o in hot if "mfma" in hot_uses[o] and "lds" not in hot_uses[o]]
    if len(via_lds) == 1 and len(direct) == 1:
        roles[via_lds[0]] = Role("A", "loaded in the hot loop into LDS")
        roles[direct[0]] = Role("B", "loaded in the hot loop into registers an MFMA reads")
    else:
        for name, origin in zip(("A", "B"), hot):
            ways = " and ".join(sorted(hot_uses[origin])) or "unknown use"
            roles[origin] = Role(name, f"loaded in the hot loop (to {ways}); A and B in argument order, "
                                       f"both reach the MFMAs the same way")
    once = [o for o in pointer_origins if o in loaded_outside and o not in roles]
    for name, origin in zip(ONCE_ROLES, once):
        roles[origin] = Role(name, "loaded outside the hot loop only (once per tile)")
    return {o: roles.get(o, Role(o, "no role found (neither stored to nor loaded)")) for o in pointer_origins}


def rename_buffers(items: tuple, names: dict[str, str]) -> tuple:
    """The stream with every memory instruction's pointer origin replaced by its role."""
    out = []
    for item in items:
        if isinstance(item, Loop):
            item = replace(item, body=rename_buffers(item.body, names))
        elif item.buffer in names:
            item = replace(item, buffer=names[item.buffer])
        out.append(item)
    return tuple(out)


def _flatten(items: tuple, hot_loop: str | None, in_hot: bool):
    for item in items:
        if isinstance(item, Loop):
            yield from _flatten(item.body, hot_loop, in_hot or item.name == hot_loop)
        else:
            yield item, in_hot


def _consumer(stream: list[tuple[Instr, bool]], at: int) -> str:
    """Where the data of the load at `at` goes: "lds" (a ds_write stores it), "mfma" (an MFMA reads
    it), "other"; VALU steps in between are followed. The stream wraps around once (a loop's
    prefetch is used at the top of the next iteration)."""
    regs = [stream[at][0].dst] if stream[at][0].dst is not None else []
    order = list(range(at + 1, len(stream))) + list(range(0, at))
    hops = 0
    for j in order:
        instr = stream[j][0]
        if not any(_overlap(r, s) for r in regs for s in instr.srcs):
            continue
        if instr.op == Op.LDS_WRITE:
            return "lds"
        if instr.op == Op.MFMA:
            return "mfma"
        if instr.op == Op.VALU and instr.dst is not None and hops < CONSUMER_HOPS:
            regs, hops = [instr.dst], hops + 1
            continue
        return "other"
    return "other"


def _overlap(a: Reg, b: Reg) -> bool:
    return a.file == b.file and a.index < b.index + b.count and b.index < a.index + a.count
