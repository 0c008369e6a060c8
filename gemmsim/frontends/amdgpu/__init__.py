"""The assembly front-end: compiled AMDGPU kernels (gfx942, gfx950) read back into the IR."""

from gemmsim.frontends.amdgpu.program import ParsedKernel, load_kernel, program_from_file

__all__ = ["ParsedKernel", "load_kernel", "program_from_file"]
