"""Triton kernels compiled for AMD GPUs and read by the assembly front-end: the `triton` kernel family.

    launch.py     the launch a torch call would make, from the kernel's signature (roles, integers, tile, grid)
    compiler.py   triton.compile for gfx942/gfx950 without a GPU, specialized as Triton's launcher does; cached
    family.py     the family (`gemmsim predict --triton FILE.py:KERNEL --meta ...`)
"""
