"""The assembly front-end: compiled AMDGPU kernels (gfx942, gfx950) read back into the IR.

`load_kernel`, `program_from_file` and `ParsedKernel` are gemmsim.frontends.amdgpu.program's, imported
on first use: the kernel families' registry imports this package's `family` without the parser (and numpy)."""

__all__ = ["ParsedKernel", "load_kernel", "program_from_file"]


def __getattr__(name: str):
    if name in __all__:
        from gemmsim.frontends.amdgpu import program

        return getattr(program, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
