"""The analyst's door into gemmsim: from a model or a profiler trace to its GEMMs.

`shapes` lists the GEMMs a transformer makes, `dimeff` measures how well a kernel's macro tile
fits a shape and the GPU's compute units, and `torch_trace` recovers the GEMMs a PyTorch
profiler trace recorded. Everything here is a pure function of its inputs; `cli` prints.
"""
