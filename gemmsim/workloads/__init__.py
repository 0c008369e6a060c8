"""The analyst's door into gemmsim: from a model or a profiler trace to its GEMMs.

`shapes` lists the GEMMs a transformer makes, `torch_trace` recovers the GEMMs a PyTorch
profiler trace recorded, and `summaries` puts beside each its dimension efficiency and roofline
(gemmsim.analytics) and its cost (the timing model, `cost`). Everything here is a pure function of
its inputs; `cli` prints.
"""
