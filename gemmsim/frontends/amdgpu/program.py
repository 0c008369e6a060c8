"""Build the IR Program of a compiled kernel: resources, per-wave streams, hot-loop trip count, grid.

Resources come from the kernel descriptor (`.amdhsa_next_free_vgpr`, `.amdhsa_accum_offset`,
`.amdhsa_next_free_sgpr`, `.amdhsa_group_segment_fixed_size`) and the metadata (`.agpr_count`,
`.reqd_workgroup_size` / `.max_flat_workgroup_size`); a disassembly has neither, so they are counted
from the registers the code uses. The descriptor's next_free_vgpr is what the hardware allocates
(arch and accumulation VGPRs share one budget on gfx90a and later).

Each wave gets its own stream: the waves run the same code, but the work-item id differs, and with
it the LDS addresses. The hot loop's trip count is, in order of preference: `trip_count` given by
the caller; exact from the loop counter (when its bound is known, e.g. with bound kernel
arguments); derived from K — the K the kernel must cover per wave (from the tile, or from the
accumulators the loop updates) minus what the code outside the loop covers, divided by what one
iteration covers (its MFMA count x the MFMA's K); else 1, said so.

When a problem is given but no argument values, the first three 32-bit integer arguments are tried
as M, N, K (the usual GEMM signature); the binding is kept only if the loop counter then gives a
trip count whose MFMA work covers K exactly, and the report says it was made.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np

from gemmsim import limits
from gemmsim.dtypes import dtype, element_bytes
from gemmsim.errors import InputError
from gemmsim.hw import GPU, default_gpu_for_arch, load_gpu
from gemmsim.frontends.amdgpu import lane_eval as le
from gemmsim.frontends.amdgpu.cfg import CFG, build_cfg
from gemmsim.frontends.amdgpu.classify import Classified, classify, mfma_shape
from gemmsim.frontends.amdgpu.machine import KERNARG, Decoded, Machine, State, TooFewOperands, decode
from gemmsim.frontends.amdgpu.operands import MAX_REGISTER
from gemmsim.frontends.amdgpu.parser import KernelSource, parse_file
from gemmsim.frontends.amdgpu.roles import Role, given_roles, infer_roles, rename_buffers
from gemmsim.frontends.amdgpu.walker import LoopFacts, WalkFacts, Walker
from gemmsim.problem import KERNEL_DTYPES, Problem, parse_dims
from gemmsim.ir.program import Op, Program, Resources, executions, find_loop, hot_loop, walk, with_trip_count

PACKED_ID_BITS = 10           # gfx90a+: v0 = x | y << 10 | z << 20 when more than one id is enabled
MAX_LDS_BYTES = 2 ** 24       # a kernel's metadata LDS size: 16 MiB, beyond any GPU's LDS (64-160 KiB)
MAX_USER_SGPRS = 32           # the kernel descriptor's user SGPR count is a 5-bit field (gfx9: at most 16 used)


@dataclass
class TripInfo:
    count: int
    source: str


@dataclass
class ParsedKernel:
    """A parsed kernel with the Program built from it and everything the report needs."""

    program: Program
    source: KernelSource
    cfg: CFG
    gpu: GPU
    classified: dict[int, Classified]
    facts: list[WalkFacts]                     # one per wave
    assumptions: dict[int, str]
    resource_sources: dict[str, str]
    hot_loop: str | None
    trip: TripInfo | None
    tile: tuple[int, int, int] | None
    tile_source: str
    grid_source: str
    notes: list[str] = field(default_factory=list)
    arg_roles: dict[str, Role] = field(default_factory=dict)   # pointer origin ("arg@8") -> its role and why

    @property
    def unknown_instructions(self) -> dict[int, str]:
        out = {}
        for instr in self.source.instructions:
            c = self.classified[id(instr)]
            if c.note:
                out[instr.lineno] = c.note
        return out


def program_from_file(path, problem: Problem | None = None, gpu: GPU | str | None = None, kernel: str | None = None,
                      trip_count: int | None = None, tile=None, int_args: Sequence | None = None,
                      workgroup: Sequence[int] | None = None, arg_roles=None, dynamic_lds_bytes: int = 0) -> Program:
    """The Program of a kernel in an assembly file (`.s` or `llvm-objdump -d` text).

    problem: sets the grid (with the tile) and derives the hot-loop trip count from K.
    gpu: a GPU or its name; default: the GPU of the file's arch.
    kernel: which kernel of a multi-kernel file (or write the path as FILE.s:KERNEL).
    trip_count: the hot loop's trip count, overriding what is inferred.
    tile: tile_m x tile_n x tile_k (default: from the kernel name, e.g. `m64n256k64`).
    int_args: values of the kernel's 32-bit by-value arguments in order: integers, or M, N, K of the problem.
    workgroup: (x, y, z) work-item counts when the metadata does not fix them.
    arg_roles: the pointer arguments' roles in order ("C,A,B,scale_a,scale_b,bias"); default: inferred
        from what the kernel does with each pointer (gemmsim.frontends.amdgpu.roles).
    dynamic_lds_bytes: LDS the launch allocates beyond the kernel's fixed segment (HIP's dynamic shared
        memory: Triton's kernels declare none and take all of theirs so).
    """
    return load_kernel(path, problem, gpu, kernel, trip_count, tile, int_args, workgroup, arg_roles,
                       dynamic_lds_bytes).program


def load_kernel(path, problem: Problem | None = None, gpu: GPU | str | None = None, kernel: str | None = None,
                trip_count: int | None = None, tile=None, int_args: Sequence | None = None,
                workgroup: Sequence[int] | None = None, arg_roles=None, dynamic_lds_bytes: int = 0) -> ParsedKernel:
    path, kernel = _split_kernel_suffix(str(path), kernel)
    source = select_kernel(parse_file(path, only=kernel), kernel, path)
    gpu = _resolve_gpu(source, gpu, path)
    if trip_count is not None and (not isinstance(trip_count, int) or trip_count < 1):
        raise InputError(f"trip count {trip_count!r}: must be a positive integer")
    if not isinstance(dynamic_lds_bytes, int) or not 0 <= dynamic_lds_bytes <= MAX_LDS_BYTES:
        raise InputError(f"dynamic LDS {dynamic_lds_bytes!r} bytes: expected an integer in 0..{MAX_LDS_BYTES}")
    return _Builder(source, gpu, problem, trip_count, tile, int_args, workgroup, arg_roles, dynamic_lds_bytes).build()


def mfma_dtype(path: str, kernel: str | None) -> str:
    """The input dtype of the kernel's first matrix instruction, as the preshuffle kernel names it
    (bf16 if it has none): the dtype `predict --isa` assumes when none is given."""
    path, kernel = _split_kernel_suffix(path, kernel)
    source = select_kernel(parse_file(path, only=kernel), kernel, path)
    for instr in source.instructions:
        shape = mfma_shape(instr.mnemonic, instr)
        if shape is None:
            continue
        for name in (shape.dtype_a, dtype(shape.dtype_a).rate_as):   # bf8 runs as fp8
            if name in KERNEL_DTYPES:
                return name
    return "bf16"


def _split_kernel_suffix(path: str, kernel: str | None) -> tuple[str, str | None]:
    if kernel is None and not Path(path).exists() and ":" in path:
        head, tail = path.rsplit(":", 1)
        if Path(head).exists() and tail:
            return head, tail
    return path, kernel


def select_kernel(kernels: list[KernelSource], name: str | None, path: str) -> KernelSource:
    entries = [k for k in kernels if k.is_kernel] or kernels
    if name is not None:
        for k in kernels:
            if k.name == name:
                return k
        close = [k.name for k in entries if name.lower() in k.name.lower()]
        raise InputError(f"{path}: no kernel named {name!r}; "
                         f"{'did you mean ' + ', '.join(close[:5]) if close else 'it has ' + _names(entries)}")
    if len(entries) == 1:
        return entries[0]
    raise InputError(f"{path} holds {len(entries)} kernels: pick one with --kernel NAME (or FILE.s:NAME): "
                     f"{_names(entries)}")


def _names(kernels: list[KernelSource]) -> str:
    names = [k.name for k in kernels]
    return ", ".join(names[:8]) + (f", ... ({len(names)} in all)" if len(names) > 8 else "")


def _resolve_gpu(source: KernelSource, gpu: GPU | str | None, path: str) -> GPU:
    if isinstance(gpu, str):
        gpu = load_gpu(gpu)
    arch = source.arch or _arch_from_opcodes(source)
    if gpu is None:
        if arch is None:
            raise InputError(f"{path}: the target arch is not in the file (no .amdgcn_target); give --gpu or --arch")
        return load_gpu(default_gpu_for_arch(arch))
    if arch is not None and gpu.arch != arch:
        raise InputError(f"{path}: {source.name} is compiled for {arch}, but {gpu.name} is {gpu.arch}: "
                         f"replay it on a {arch} GPU")
    return gpu


def _arch_from_opcodes(source: KernelSource) -> str | None:
    gfx950_only = ("v_mfma_f32_16x16x32_bf16", "v_mfma_f32_16x16x32_f16", "v_mfma_scale", "v_bitop3", "f8f6f4",
                   "ds_read_b64_tr", "v_cvt_pk_bf16_f32")
    for instr in source.instructions:
        if instr.mnemonic.startswith(gfx950_only) or "f8f6f4" in instr.mnemonic:
            return "gfx950"
    return None


class _Builder:
    def __init__(self, source: KernelSource, gpu: GPU, problem: Problem | None, trip_count: int | None, tile,
                 int_args, workgroup, arg_roles=None, dynamic_lds_bytes: int = 0):
        self.source, self.gpu, self.problem = source, gpu, problem
        self.dynamic_lds_bytes = dynamic_lds_bytes
        self.arg_roles_arg = arg_roles
        self.trip_count = trip_count
        self.tile_arg, self.int_args, self.workgroup_arg = tile, int_args, workgroup
        self.notes: list[str] = []
        self.resource_sources: dict[str, str] = {}

    def build(self) -> ParsedKernel:
        src, gpu = self.source, self.gpu
        self.decoded: dict[int, Decoded] = {}
        self.classified: dict[int, Classified] = {}
        for instr in src.instructions:
            self.decoded[id(instr)] = decode(instr)
            self.classified[id(instr)] = classify(instr, gpu)
        self.cfg = cfg = build_cfg(src)
        resources = self._resources(src)
        self.n_waves = max(1, math.ceil(resources.workgroup_size / gpu.cu.wave_size))
        self.loop_names = {loop.header: _loop_name(cfg, loop) for loop in cfg.loops}
        tile, tile_source = self._tile()
        walked = self._walk_waves(resources, self._kernarg_values())
        hot_name = _walked_hot_loop(walked[0][0])
        if self._may_bind_problem_dims(walked, hot_name):
            bound = self._walk_waves(resources, self._kernarg_values(("M", "N", "K")))
            bound_hot = _walked_hot_loop(bound[0][0])
            verdict = self._covers_k(bound[0][0], bound_hot, bound[1][0].loops.get(bound_hot), tile)
            if verdict:
                self.notes.append("the first three 32-bit integer arguments were bound to M, N, K: " + verdict +
                                  " (pass --int-args to choose)")
                walked, hot_name = bound, bound_hot
        waves, facts, assumptions = walked
        roles = self._roles(waves[0], hot_name)
        names = {origin: role.name for origin, role in roles.items()}
        waves = [rename_buffers(items, names) for items in waves]
        tile, tile_source = self._check_named_tile(waves[0], hot_name, tile, tile_source)
        trip = None
        candidate = cfg.hot_loop()
        if candidate is not None and candidate.mfmas and self.loop_names[candidate.header] != hot_name:
            self.notes.append(f"the walked path does not enter the loop with the most matrix instructions, "
                              f"{self.loop_names[candidate.header]} (with these argument values)"
                              + (f"; the hot loop is {hot_name}" if hot_name else ""))
        if hot_name is not None:
            trip = self._hot_trip(waves[0], hot_name, facts[0].loops.get(hot_name), tile)
            waves = [with_trip_count(items, lambda loop: loop.name == hot_name, trip.count) for items in waves]
        footprint = None
        if tile is None and self.problem is not None and self.source.directives.get("system_sgpr_workgroup_id_y"):
            footprint = self._c_footprint(waves)
        grid, grid_source = self._grid(waves[0], tile, footprint)
        program = Program(
            name=src.name, arch=gpu.arch, wave_size=gpu.cu.wave_size,
            waves=tuple(tuple(items) for items in waves), resources=resources, grid=grid,
            block_bases=self._block_bases(tile, waves[0]), source=f"{src.path}:{src.name}")
        return ParsedKernel(program, src, cfg, gpu, self.classified, facts, assumptions, self.resource_sources,
                            hot_name, trip, tile, tile_source, grid_source, list(dict.fromkeys(self.notes)), roles)

    def _walk_waves(self, resources: Resources, kernarg_values: dict[int, int]):
        dims = self._workgroup_dims(resources.workgroup_size)
        buffers = self._buffer_names()
        waves, facts = [], []
        assumptions: dict[int, str] = {}
        for w in range(self.n_waves):
            machine = Machine(self.gpu.cu.wave_size, kernarg_values)
            walker = Walker(self.cfg, self.decoded, self.classified, machine, buffers, self.loop_names)
            try:
                waves.append(walker.run(self._initial_state(w, dims, resources.workgroup_size, kernarg_values)))
            except TooFewOperands as e:
                raise InputError(f"{self.source.path}:{e}") from None
            facts.append(walker.facts)
            for line, text in machine.assumptions.items():
                assumptions.setdefault(line, text)
        return waves, facts, assumptions

    def _may_bind_problem_dims(self, walked, hot_name: str | None) -> bool:
        """Try M, N, K for the first integer arguments only when nothing decides the trip count better."""
        if self.problem is None or self.int_args or self.trip_count is not None or not self.cfg.loops:
            return False
        facts = walked[1][0].loops.get(hot_name) if hot_name else None
        if facts is not None and facts.trip is not None:
            return False
        args = self.source.metadata.get("args")
        slots = [a for a in args or [] if isinstance(a, dict) and a.get("value_kind") == "by_value" and a.get("size") == 4]
        return len(slots) >= 3

    def _covers_k(self, items, hot_name: str | None, facts: LoopFacts | None, tile) -> str:
        """With the exact trip count, does the walked program do exactly the MFMA work of K? Returns why
        the binding is taken, or '' (a kernel without MFMAs has nothing to check: taken, and said so)."""
        if hot_name is None or facts is None or facts.trip is None:
            return ""
        items = with_trip_count(items, lambda loop: loop.name == hot_name, facts.trip)
        flops, accumulators, shape = _mfma_work(items)
        if shape is None:
            return "the loop counter then gives the trip count (not checked against K: no matrix instructions)"
        area = tile[0] * tile[1] / self.n_waves if tile else len(accumulators) * shape.m * shape.n * shape.blocks
        if abs(flops - 2 * area * self.problem.k) < 0.5:
            return "the loop counter then gives a trip count whose MFMA work covers K exactly"
        return ""

    # ---- resources -------------------------------------------------------------------------------------
    def _resources(self, src: KernelSource) -> Resources:
        d, meta = src.directives, src.metadata
        used = _registers_used(src)
        if "next_free_vgpr" in d:
            total = d["next_free_vgpr"]
            if "agpr_count" in meta:
                accum = self._meta_count(meta, "agpr_count", MAX_REGISTER + 1)
                how = ".amdhsa_next_free_vgpr (allocated) with .agpr_count"
            else:
                accum = max(0, total - d.get("accum_offset", total))
                how = ".amdhsa_next_free_vgpr - .amdhsa_accum_offset"
            arch = total - accum
        elif "vgpr_count" in meta:
            arch = self._meta_count(meta, "vgpr_count", MAX_REGISTER + 1)
            accum = self._meta_count(meta, "agpr_count", MAX_REGISTER + 1) if "agpr_count" in meta else 0
            how = "metadata .vgpr_count / .agpr_count"
        else:
            arch, accum = used["v"], used["a"]
            how = "counted from the registers the code uses (no kernel descriptor)"
        self.resource_sources["vgprs"] = how
        if "sgpr_count" in meta:   # the compiler's total: with VCC, flat scratch and the XNACK mask
            sgprs = self._meta_count(meta, "sgpr_count", MAX_REGISTER + 1)
            how = "metadata .sgpr_count (VCC and flat scratch included)"
        elif "next_free_sgpr" in d:
            sgprs, how = d["next_free_sgpr"], ".amdhsa_next_free_sgpr (VCC and flat scratch not included)"
        else:
            sgprs, how = used["s"], "counted from the registers the code uses (VCC and flat scratch not included)"
        self.resource_sources["sgprs"] = how
        if "group_segment_fixed_size" in d:
            lds, how = d["group_segment_fixed_size"], ".amdhsa_group_segment_fixed_size"
        elif "group_segment_fixed_size" in meta:
            lds, how = self._meta_count(meta, "group_segment_fixed_size", MAX_LDS_BYTES), "metadata .group_segment_fixed_size"
        else:
            lds, how = 0, "unknown (no kernel descriptor): 0 assumed"
        if self.dynamic_lds_bytes:
            lds, how = lds + self.dynamic_lds_bytes, f"{how} + {self.dynamic_lds_bytes} dynamic (the launch's)"
        self.resource_sources["lds_bytes"] = how
        size, how = self._workgroup_size(meta)
        self.resource_sources["workgroup_size"] = how
        return Resources(arch_vgprs=arch, accum_vgprs=accum, sgprs=sgprs, lds_bytes=lds, workgroup_size=size)

    def _meta_count(self, meta: dict, key: str, limit: int) -> int:
        """A count of the kernel's metadata (registers, bytes): an integer in 0..limit, else one line."""
        value = meta.get(key)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit:
            raise InputError(f"{self.source.path}: {self.source.name}'s metadata .{key} = {str(value)[:40]!r}: "
                             f"expected an integer in 0..{limit}")
        return value

    def _workgroup_size(self, meta: dict) -> tuple[int, str]:
        if self.workgroup_arg is not None:
            dims = tuple(int(x) for x in self.workgroup_arg)
            return math.prod(dims), "given (workgroup)"
        reqd = meta.get("reqd_workgroup_size")
        if isinstance(reqd, list) and reqd and all(isinstance(x, int) for x in reqd):
            return self._metadata_workgroup(math.prod(reqd), "reqd_workgroup_size"), "metadata .reqd_workgroup_size"
        if isinstance(meta.get("max_flat_workgroup_size"), int):
            return (self._metadata_workgroup(meta["max_flat_workgroup_size"], "max_flat_workgroup_size"),
                    "metadata .max_flat_workgroup_size (the launch bound)")
        size = 4 * self.gpu.cu.wave_size
        return size, f"unknown (no metadata): {size} work-items (4 waves) assumed"

    def _metadata_workgroup(self, size: int, key: str) -> int:
        if not 1 <= size <= limits.MAX_WORKGROUP_ITEMS:
            raise InputError(f"{self.source.path}: {self.source.name}'s metadata .{key} gives {size} work-items: "
                             f"expected 1..{limits.MAX_WORKGROUP_ITEMS} (the largest workgroup HIP and CUDA launch)")
        return size

    def _workgroup_dims(self, size: int) -> tuple[int, int, int] | None:
        if self.workgroup_arg is not None:
            dims = tuple(int(x) for x in self.workgroup_arg) + (1, 1)
            return dims[:3]
        reqd = self.source.metadata.get("reqd_workgroup_size")
        if isinstance(reqd, list) and len(reqd) == 3:
            return tuple(reqd)
        ids = self.source.directives.get("system_vgpr_workitem_id", 0)
        if ids == 0:
            return (size, 1, 1)
        self.notes.append("v0 packs the x, y and z work-item ids but the workgroup's shape is not in the file: "
                          "v0 is unknown (give the workgroup shape)")
        return None

    # ---- initial registers of one wave -------------------------------------------------------------------
    def _initial_state(self, wave: int, dims, size: int, kernarg_values: dict[int, int]) -> State:
        lanes = self.gpu.cu.wave_size
        st = State()
        tid = np.arange(wave * lanes, (wave + 1) * lanes, dtype=np.uint64)
        ids = self.source.directives.get("system_vgpr_workitem_id", 0)
        if dims is not None:
            x, y, z = dims
            tx, ty, tz = tid % np.uint64(x), (tid // np.uint64(x)) % np.uint64(y), tid // np.uint64(x * y)
            v0 = tx if ids == 0 else tx | (ty << np.uint64(PACKED_ID_BITS)) | (tz << np.uint64(2 * PACKED_ID_BITS))
            st.regs["v0"] = le.Val(v0.astype(np.uint64))
        active = np.minimum(np.maximum(size - wave * lanes, 0), lanes)
        exec_bits = (1 << int(active)) - 1
        st.regs["exec_lo"] = le.const(exec_bits, lanes, wide=True)
        st.regs["exec_hi"] = le.HiOf(st.regs["exec_lo"])
        for name, index in self._user_sgprs().items():
            if name == "kernarg":
                value = le.unknown_uniform(lanes, le.M64, origin=KERNARG, wide=True)
                st.regs[f"s{index}"], st.regs[f"s{index + 1}"] = value, le.HiOf(value)
            elif name.startswith("preload@"):
                byte = int(name.split("@")[1])
                bound = kernarg_values.get(byte)
                st.regs[f"s{index}"] = (le.const(bound, lanes) if bound is not None
                                        else le.unknown_uniform(lanes, origin=f"arg@{byte}"))
            else:
                st.regs[f"s{index}"] = le.unknown_uniform(lanes, origin=name)
        return st

    def _user_sgprs(self) -> dict[str, int]:
        """Which SGPR holds what at wave start (the kernel descriptor's user and system SGPRs)."""
        d = self.source.directives
        if not d:
            self.notes.append("no kernel descriptor: the kernel-argument pointer is assumed in s[0:1]")
            return {"kernarg": 0}
        out, index = {}, 0
        for key, count in (("private_segment_buffer", 4), ("dispatch_ptr", 2), ("queue_ptr", 2),
                           ("kernarg_segment_ptr", 2), ("dispatch_id", 2), ("flat_scratch_init", 2),
                           ("private_segment_size", 1)):
            if d.get(f"user_sgpr_{key}", 0):
                if key == "kernarg_segment_ptr":
                    out["kernarg"] = index
                index += count
        preload = d.get("user_sgpr_kernarg_preload_length", 0)
        offset = d.get("user_sgpr_kernarg_preload_offset", 0)
        if preload > MAX_USER_SGPRS:
            raise InputError(f"{self.source.path}: .amdhsa_user_sgpr_kernarg_preload_length {preload}: expected "
                             f"0..{MAX_USER_SGPRS} (arguments are preloaded into user SGPRs, at most {MAX_USER_SGPRS})")
        for i in range(preload):
            out[f"preload@{4 * (offset + i)}"] = index + i
        index = d.get("user_sgpr_count", index + preload)
        for key in ("workgroup_id_x", "workgroup_id_y", "workgroup_id_z", "workgroup_info"):
            if d.get(f"system_sgpr_{key}", 0):
                out[key] = index
                index += 1
        return out

    # ---- kernel arguments ----------------------------------------------------------------------------
    def _kernarg_values(self, int_args=None) -> dict[int, int]:
        int_args = int_args if int_args is not None else self.int_args
        if not int_args:
            return {}
        args = self.source.metadata.get("args")
        if not isinstance(args, list):
            raise InputError(f"{self.source.path}: binding integer arguments needs the kernel's argument list "
                             f"(the .args metadata), which {self.source.name} lacks")
        slots = [a for a in args if isinstance(a, dict) and a.get("value_kind") == "by_value" and a.get("size") == 4]
        if len(int_args) > len(slots):
            raise InputError(f"{len(int_args)} integer arguments given, but {self.source.name} has "
                             f"{len(slots)} 32-bit by-value arguments")
        out = {}
        for slot, value in zip(slots, int_args):
            out[self._arg_offset(slot)] = self._arg_value(value) & le.M32
        return out

    def _arg_value(self, value) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if text.upper() in ("M", "N", "K"):
            if self.problem is None:
                raise InputError(f"integer argument {text!r} names a problem dimension, but no shape was given")
            return getattr(self.problem, text.lower())
        try:
            return int(text, 0)
        except ValueError:
            raise InputError(f"integer argument {text!r}: expected an integer or M, N, K") from None

    def _buffer_names(self) -> dict[str, str]:
        """The walk labels each global access with its pointer's origin ("arg@8"); roles come after."""
        return {}

    def _pointer_origins(self) -> list[str]:
        args = self.source.metadata.get("args")
        if not isinstance(args, list):
            return []
        return [f"arg@{self._arg_offset(a)}" for a in args if isinstance(a, dict) and a.get("value_kind") == "global_buffer"]

    def _arg_offset(self, arg: dict) -> int:
        """An argument's byte offset in the kernarg segment (metadata .args[].offset)."""
        offset = arg.get("offset")
        if not isinstance(offset, int) or isinstance(offset, bool) or not 0 <= offset < 2 ** 16:
            raise InputError(f"{self.source.path}: {self.source.name}'s metadata .args offset = {str(offset)[:40]!r}: "
                             f"expected an integer in 0..65535 (a kernel's arguments take a few KiB)")
        return offset

    def _roles(self, items, hot_name: str | None) -> dict[str, Role]:
        origins = self._pointer_origins()
        if self.arg_roles_arg:
            if not origins:
                raise InputError(f"{self.source.path}: --arg-roles needs the kernel's argument list (the .args "
                                 f"metadata), which {self.source.name} lacks")
            return given_roles(self.arg_roles_arg, origins)
        return infer_roles(items, hot_name, origins)

    # ---- tile, trip count, grid ----------------------------------------------------------------------
    def _tile(self) -> tuple[tuple[int, int, int] | None, str]:
        if self.tile_arg is not None:
            dims = parse_dims(self.tile_arg, "tile") if isinstance(self.tile_arg, str) else tuple(self.tile_arg)
            return tuple(int(x) for x in dims), "given"
        for pattern in (r"m(\d+)_?n(\d+)_?k(\d+)", r"(?<!\d)(\d+)x(\d+)x(\d+)(?!\d)"):
            m = re.search(pattern, self.source.name)
            if m:
                return tuple(int(x) for x in m.groups()), f"from the kernel name {self.source.name!r}"
        return None, "unknown (not given, not in the kernel name)"

    def _check_named_tile(self, items, hot_name: str | None, tile, source: str):
        """A tile read from the kernel name must fit the code: its C area over the waves equals the
        accumulators the hot loop updates (a name can hold other numbers)."""
        if tile is None or not source.startswith("from the kernel name"):
            return tile, source
        loop = find_loop(items, hot_name) if hot_name else None
        _, accumulators, shape = _mfma_work(loop.body if loop else items)
        if shape is None:
            return tile, source
        area = len(accumulators) * shape.m * shape.n * shape.blocks * self.n_waves
        if area == tile[0] * tile[1]:
            return tile, source + f", matching the {len(accumulators)} accumulators per wave"
        self.notes.append(f"the kernel name suggests tile {_tile_text(tile)}, but the waves' accumulators cover "
                          f"{area} elements of C, not {tile[0] * tile[1]}: the name is not used (give --tile)")
        return None, "unknown (the kernel name's tile does not fit the code)"

    def _hot_trip(self, items, hot_name: str, facts: LoopFacts | None, tile) -> TripInfo:
        exact = facts.trip if facts is not None else None
        if self.trip_count is not None:
            source = "given (--trip-count)"
            if exact is not None and exact != self.trip_count:
                source += f"; the loop counter says {exact}"
            return TripInfo(self.trip_count, source)
        if exact is not None:
            return TripInfo(exact, f"exact from the loop counter ({facts.trip_source})")
        why = facts.trip_source if facts is not None else "no loop facts"
        if self.problem is not None:
            derived = self._derived_trip(items, hot_name, tile)
            if derived is not None:
                return TripInfo(derived[0], f"derived from K={self.problem.k}: {derived[1]} (exact count unavailable: {why})")
        return TripInfo(1, f"unknown: 1 assumed ({why}); give --trip-count or --shape")

    def _derived_trip(self, items, hot_name: str, tile) -> tuple[int, str] | None:
        loop = find_loop(items, hot_name)
        per_iter = _mfma_work(loop.body) if loop else (0, set(), None)
        flops_iter, accumulators, mfma = per_iter
        if not flops_iter or mfma is None:
            return None
        flops_outside = _mfma_work(items, skip=hot_name)[0]
        waves = self.n_waves
        if tile is not None:
            area = tile[0] * tile[1] / waves
            how_area = f"the {tile[0]}x{tile[1]} tile over {waves} waves"
        else:
            area = len(accumulators) * mfma.m * mfma.n * mfma.blocks
            how_area = f"{len(accumulators)} accumulators of {mfma.m}x{mfma.n}"
        needed = 2 * area * self.problem.k
        remaining = needed - flops_outside
        k_per_iter = flops_iter / (2 * area)
        trips = remaining / flops_iter
        count = max(1, int(math.floor(trips + 1e-9)))
        text = (f"one iteration covers K={k_per_iter:g} per wave ({how_area}); "
                f"the code outside the loop covers K={flops_outside / (2 * area):g}")
        if abs(trips - round(trips)) > 1e-9:
            text += f"; {trips:.2f} iterations needed, {count} simulated (the path outside the loop may not match this K)"
        return count, text

    def _c_footprint(self, waves) -> tuple[int, int] | None:
        """A 2-D kernel (it reads workgroup_id_y) without a known tile: the rows and columns of C its
        waves store to (C row-major, N columns of the GEMM's output dtype), if they cover exactly the
        C area its accumulators hold; workgroup_id_x walks M, as the traffic model lays the grid out."""
        elem = element_bytes(dtype(self.problem.dtype).gemm_output)
        row_bytes = self.problem.n * elem
        offsets, ends = [], []
        for items in waves:
            for instr, _ in walk(items):
                if instr.op == Op.VMEM_STORE and instr.buffer == "C" and instr.lane_offsets:
                    offsets += instr.lane_offsets
                    ends += [o % row_bytes + instr.lane_bytes for o in instr.lane_offsets]
        _, accumulators, shape = _mfma_work(hot_loop(tuple(waves[0])).body if hot_loop(tuple(waves[0])) else waves[0])
        if not offsets or shape is None:
            return None
        rows = int(max(o // row_bytes for o in offsets) - min(o // row_bytes for o in offsets) + 1)
        cols = int((max(ends) - min(o % row_bytes for o in offsets)) // elem)
        area = len(accumulators) * shape.m * shape.n * shape.blocks * self.n_waves
        if rows * cols != area:
            self.notes.append(f"a 2-D grid (workgroup_id_y is read), but C's stores cover {rows} x {cols}, not the "
                              f"{area} elements the accumulators hold: laid out 1-D (give --tile)")
            return None
        return rows, cols

    def _grid(self, items, tile, footprint: tuple[int, int] | None = None) -> tuple[tuple[int, int], str]:
        if self.problem is None:
            return (1, 1), "no problem shape given: one workgroup"
        p = self.problem
        if tile is not None:
            return (math.ceil(p.m / tile[0]), math.ceil(p.n / tile[1])), f"M/tile_m x N/tile_n (tile {_tile_text(tile)})"
        if footprint is not None:
            rows, cols = footprint
            return (math.ceil(p.m / rows), math.ceil(p.n / cols)), (
                f"a 2-D grid (the kernel reads workgroup_id_y): M/{rows} x N/{cols}, the rows and columns of C "
                f"its waves store")
        hot = hot_loop(tuple(items))
        work = _mfma_work(hot.body if hot else items)
        if work[2] is None or not work[1]:
            return (1, 1), "tile unknown and no MFMA accumulators found: one workgroup"
        waves = self.n_waves
        area = len(work[1]) * work[2].m * work[2].n * work[2].blocks * waves
        return (math.ceil(p.m * p.n / area), 1), (f"tile unknown: M*N over the workgroup's C area of {area} "
                                                  f"({waves} waves x {len(work[1])} accumulators)")

    def _block_bases(self, tile, items) -> dict[str, tuple[int, int]]:
        if tile is None or self.problem is None:
            return {}
        mfma = _mfma_work(items)[2]
        eb = element_bytes(mfma.dtype_a) if mfma else self.problem.elem_bytes
        k_bytes = int(self.problem.k * eb)
        return {"A": (tile[0] * k_bytes, 0), "B": (0, tile[1] * k_bytes)}


# ---- helpers -----------------------------------------------------------------------------------------------
def _tile_text(tile) -> str:
    return "x".join(str(x) for x in tile)


def _loop_name(cfg: CFG, loop) -> str:
    header = cfg.blocks[loop.header]
    first = min(cfg.blocks[b].first_line for b in loop.blocks)
    last = max(cfg.blocks[b].last_line for b in loop.blocks)
    return f"{header.label or 'loop'} (lines {first}-{last})"


def _registers_used(src: KernelSource) -> dict[str, int]:
    top = {"v": 0, "a": 0, "s": 0}
    for instr in src.instructions:
        for text in instr.operands:
            m = re.match(r"^-?\|?([vsa])(?:\[(\d+):(\d+)\]|(\d+))", text.strip())
            if m:
                last = int(m.group(3) if m.group(3) is not None else m.group(4))
                top[m.group(1)] = max(top[m.group(1)], last + 1)
    return top


def _walked_hot_loop(items) -> str | None:
    """The loop of the walked stream with the most MFMA work (ties: the most instructions)."""
    loop = hot_loop(tuple(items))
    return loop.name if loop is not None else None


def _mfma_work(items, skip: str | None = None):
    """(MFMA FLOPs weighted by trip counts, accumulator chains, a representative MFMA shape) of a stream;
    `skip` leaves out the loop of that name."""
    flops = 0.0
    rep = None
    for instr, times in executions(items, skip=skip):
        shape = mfma_shape(instr.opcode) if instr.op == Op.MFMA else None
        if shape is not None:
            flops += shape.flops * times
            rep = rep or shape
    return flops, _accumulator_chains(items, skip), rep


def _accumulator_chains(items, skip: str | None = None) -> list[int]:
    """The accumulators a stream updates, counted as chains of MFMAs: an MFMA continues the chain whose
    value is in its C operand (through register copies), else it starts a new one. The compiler may
    move an accumulator to other registers between MFMAs, so distinct destinations would overcount."""
    holder: dict[tuple, int] = {}      # register -> chain whose value it holds
    chains: list[int] = []

    def key(reg):
        return (reg.file, reg.index)

    for item, _ in executions(items, weighted=False, skip=skip):
        if item.dst is None:
            continue
        if item.op == Op.MFMA:
            c = item.dst if item.opcode.startswith("v_smfmac") else (item.srcs[2] if len(item.srcs) > 2 else None)
            chain = holder.get(key(c)) if c is not None else None
            if chain is None:
                chain = len(chains)
                chains.append(chain)
            holder[key(item.dst)] = chain
        elif item.opcode.startswith(("v_mov_b32", "v_accvgpr")) and item.srcs and key(item.srcs[0]) in holder:
            holder[key(item.dst)] = holder[key(item.srcs[0])]
        else:
            holder.pop(key(item.dst), None)
    return chains
