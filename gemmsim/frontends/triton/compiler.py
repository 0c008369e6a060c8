"""A Triton kernel compiled for an AMD GPU without one: the source file is imported, the launch that
a torch call of the problem would make is specialized the way Triton's own launcher does, and
`triton.compile` lowers it for the GPU's arch (the HIP target gfx942/gfx950). The wheel carries all
it needs (LLVM and lld are linked into it): no ROCm, no GPU.

Results are kept twice: in memory for the process (caches.kept) and as files in the user cache
directory (`<cache>/triton/<key>.s` with the kernel's metadata beside it as `.json`), so that another
process (the tuner's workers, a later command) reads the amdgcn instead of compiling again. The key
is the SHA-256 of the source file's bytes, the kernel's name, the launch (argument types, constants
and the divisibility Triton keys on), the compile options, the arch, Triton's version and the
environment variables Triton says change its output.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from gemmsim.caches import KeptDict, kept
from gemmsim.errors import ConfigError, InputError
from gemmsim.files import check_input_file, user_cache_dir, write_atomically

OPTIONS = {"num_warps": 4, "num_stages": 2, "waves_per_eu": 0, "matrix_instr_nonkdim": 0, "kpack": 1}
# Triton's HIP launch options and their defaults (triton.backends.amd.compiler.HIPOptions)
INSTALL_HINT = "pip install 'gemmsim[triton]'"
TWO_GIB = 2 ** 31 - 1      # a tensor at most this large is addressed by 32-bit buffer offsets


@dataclass(frozen=True)
class Signature:
    """A kernel's parameters as (name, is_constexpr), in order."""

    kernel: str
    params: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class Compiled:
    """The amdgcn of one specialized launch and what the launch adds to it."""

    asm_path: str                 # the cached .s file
    kernel: str                   # the symbol in it
    shared_bytes: int             # the LDS the launch allocates (dynamic: the kernel declares none)
    num_warps: int
    arch: str
    key: str
    integer_args: tuple[str, ...]   # the integer parameters left as arguments (not turned into constants), in order


def split_source(text: str) -> tuple[str, str]:
    """`FILE.py:KERNEL` -> (FILE.py, KERNEL), with one-line errors for a missing file or name."""
    path, sep, name = str(text).rpartition(":")
    if not sep or not path or not name:
        raise InputError(f"--triton {text!r}: expected FILE.py:KERNEL, e.g. kernels/triton/matmul.py:matmul_kernel")
    check_input_file(path)
    return path, name


def triton_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("triton")
    except PackageNotFoundError:
        raise InputError(f"the triton family compiles with the triton package, which is not installed: "
                         f"{INSTALL_HINT}") from None


def signature(path: str, name: str) -> Signature:
    """The parameters of the @triton.jit function `name` of the file (imports the file)."""
    jit = _jit_function(path, name, _file_digest(path))
    return Signature(name, tuple((p.name, bool(p.is_constexpr)) for p in jit.params))


def compile_launch(path: str, name: str, arch: str, wave_size: int, constexprs: Mapping[str, object],
                   integers: Mapping[str, int], pointers: Mapping[str, tuple[str, int]],
                   options: Mapping[str, int]) -> Compiled:
    """The amdgcn of `name` launched with these values: `pointers` maps an argument to (Triton
    element type, tensor bytes), `integers` and `constexprs` give the others."""
    request = _Request(path, name, arch, wave_size, tuple(sorted(constexprs.items())), tuple(sorted(integers.items())),
                       tuple(sorted(pointers.items())), tuple(sorted({**OPTIONS, **options}.items())))
    return _compiled(request)


@dataclass(frozen=True)
class _Request:
    path: str
    name: str
    arch: str
    wave_size: int
    constexprs: tuple
    integers: tuple
    pointers: tuple
    options: tuple


_BY_KEY = KeptDict("frontends.triton.compiled", maxsize=None)   # key -> Compiled, for this process


def _compiled(request: _Request) -> Compiled:
    key = _key(request)
    found = _BY_KEY.get(key)
    if found is None:
        found = _BY_KEY[key] = _from_disk(request, key) or _compile_and_keep(request, key)
    return found


def _paths(key: str) -> tuple[Path, Path]:
    folder = user_cache_dir() / "triton"
    return folder / f"{key}.s", folder / f"{key}.json"


def _from_disk(request: _Request, key: str) -> Compiled | None:
    asm, meta = _paths(key)
    if not (asm.is_file() and meta.is_file()):
        return None
    try:
        facts = json.loads(meta.read_text())
        return Compiled(str(asm), facts["kernel"], int(facts["shared_bytes"]), int(facts["num_warps"]),
                        request.arch, key, tuple(str(n) for n in facts["integer_args"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None       # a damaged entry: compiled again and written over


def _compile_and_keep(request: _Request, key: str) -> Compiled:
    out, integer_args = _compile(request)
    asm, meta = _paths(key)
    try:
        asm.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(asm, out.asm["amdgcn"])
        write_atomically(meta, json.dumps({"kernel": out.metadata.name, "shared_bytes": out.metadata.shared,
                                           "num_warps": out.metadata.num_warps, "source": request.path,
                                           "integer_args": integer_args, "triton": triton_version()},
                                          sort_keys=True))
    except OSError as e:
        raise InputError(f"triton cache {asm.parent}: {e.strerror or e}") from None
    return Compiled(str(asm), out.metadata.name, int(out.metadata.shared), int(out.metadata.num_warps),
                    request.arch, key, tuple(integer_args))


def _key(request: _Request) -> str:
    import triton  # noqa: F401  (its env knobs below)
    from triton._C.libtriton import get_cache_invalidating_env_vars

    digest = hashlib.sha256(_file_digest(request.path).encode())
    facts = {"name": request.name, "arch": request.arch, "wave": request.wave_size,
             "constexprs": repr(request.constexprs), "integers": [(n, _int_class(v)) for n, v in request.integers],
             "pointers": [(n, t, b <= TWO_GIB) for n, (t, b) in request.pointers], "options": request.options,
             "triton": triton_version(), "env": sorted(get_cache_invalidating_env_vars().items())}
    digest.update(json.dumps(facts, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:32]


def _int_class(value: int) -> tuple:
    """What Triton's specialization sees of an integer: 1, divisible by 16, fits 32 bits."""
    return value == 1, value % 16 == 0, -2 ** 31 <= value < 2 ** 31


def _compile(request: _Request):
    jit = _jit_function(request.path, request.name, _file_digest(request.path))
    from triton import compile as triton_compile
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource, make_backend

    target = GPUTarget("hip", request.arch, request.wave_size)
    backend = make_backend(target)
    values = {**dict(request.constexprs), **dict(request.integers)}
    types, constants, attrs, integer_args = {}, {}, {}, []
    pointers = dict(request.pointers)
    for index, param in enumerate(jit.params):
        if param.is_constexpr:
            types[param.name], constants[(index,)] = "constexpr", values[param.name]
        elif param.name in pointers:
            element, size = pointers[param.name]
            types[param.name] = f"*{element}"
            attrs[(index,)] = backend.parse_attr("D" + ("S" if size <= TWO_GIB and _buffer_ops() else ""))
        else:
            kind, attr = _integer_specialization(values[param.name], param)
            types[param.name] = kind
            if kind == "constexpr":
                constants[(index,)] = values[param.name]
                continue
            if kind != "i32":
                raise InputError(f"{request.name}: {param.name}={values[param.name]} needs a 64-bit argument; the "
                                 f"assembly front-end binds 32-bit integer arguments only")
            integer_args.append(param.name)
            if attr:
                attrs[(index,)] = backend.parse_attr(attr)
    source = ASTSource(fn=jit, signature=types, constexprs=constants, attrs=attrs)
    options = dict(request.options)
    options["enable_fp_fusion"] = True          # Triton's default, said so: it warns when left to its env knob
    if request.arch != "gfx942":
        options.pop("kpack", None)              # gfx950 takes no kpack (Triton warns and ignores it)
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            return triton_compile(source, target=target, options=options), integer_args
    except Exception as e:  # noqa: BLE001  (any failure of the compiler is the user's kernel or meta)
        first = (str(e).strip().splitlines() or [type(e).__name__])
        where = next((line.strip() for line in first if "error" in line.lower()), first[-1].strip())
        raise ConfigError(f"triton could not compile {request.name} for {request.arch} with "
                         f"{_described(request)}: {type(e).__name__}: {where[:300]}") from None


def _described(request: _Request) -> str:
    return ",".join(f"{k}={v}" for k, v in (*request.constexprs, *request.options))


def _integer_specialization(value: int, param) -> tuple[str, str]:
    """Triton's own rule for an integer argument (the launcher's native specialization)."""
    from triton._C.libtriton import native_specialize_impl
    from triton.backends.compiler import BaseBackend

    kind, attr = native_specialize_impl(BaseBackend, value, False, not param.do_not_specialize,
                                        not param.do_not_specialize_on_alignment)
    return kind, attr if isinstance(attr, str) else ""


def _buffer_ops() -> bool:
    from triton import knobs

    return bool(knobs.amd.use_buffer_ops)


def _file_digest(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as e:
        raise InputError(f"--triton {path}: {e.strerror or e}") from None


@kept(16)
def _jit_function(path: str, name: str, digest: str):
    """The @triton.jit function `name` of the file (whose bytes hash to `digest`: an edited file is
    imported again), imported as a module of its own."""
    triton_version()
    module_name = "gemmsim_triton_" + hashlib.sha256(f"{os.path.abspath(path)}:{digest}".encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise InputError(f"--triton {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module       # Triton looks the kernel's globals up through its module
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # noqa: BLE001  (the user's file failed to import)
        sys.modules.pop(module_name, None)
        raise InputError(f"--triton {path}: importing it failed: {type(e).__name__}: {str(e).strip()[:200]}") from None
    from triton.runtime.jit import JITFunction

    found = getattr(module, name, None)
    while found is not None and not isinstance(found, JITFunction) and hasattr(found, "fn"):
        found = found.fn                        # an @triton.autotune / @triton.heuristics wrapper
    if not isinstance(found, JITFunction):
        kernels = sorted(n for n, v in vars(module).items() if isinstance(v, JITFunction) or
                         isinstance(getattr(v, "fn", None), JITFunction))
        what = "no" if found is None else "no @triton.jit"
        raise InputError(f"--triton {path}: {what} kernel named {name!r}; "
                         f"{'its kernels are ' + ', '.join(kernels) if kernels else 'it defines no @triton.jit kernel'}")
    return found
