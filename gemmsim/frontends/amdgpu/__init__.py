"""The assembly front-end: compiled AMDGPU kernels (gfx942, gfx950) read back into the IR.

`load_kernel`, `program_from_file` and `ParsedKernel` (gemmsim.frontends.amdgpu.program's) are
imported from here on first use: the kernel families' registry imports this package's `family`
without the parser and numpy."""

PROGRAM_NAMES = ("ParsedKernel", "load_kernel", "program_from_file")


def __getattr__(name: str):
    if name in PROGRAM_NAMES:
        from gemmsim.frontends.amdgpu import program

        return getattr(program, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
