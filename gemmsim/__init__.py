"""gemmsim: a cycle-approximate simulator of tiled GPU GEMM kernels on AMD Instinct GPUs.

The verbs of the `gemmsim` command, as functions with typed results (gemmsim.api):

>>> import gemmsim
>>> p = gemmsim.predict("256x256x256", "64x128x64", dtype="bf16", gpu="mi300x")
>>> p.kernel.gpu, p.bottleneck
('mi300x', 'latency')

`predict`, `stream_k`, `analyze`, `tune`, `compare`, `compare_stalls` and `load_gpu`; bad input raises
`InputError` (a `GemmsimError`) with the one-line message the command prints. `import gemmsim`
stays cheap: the verbs import the simulator (numpy, the replay) when first called.
"""

from gemmsim.version import __version__
from gemmsim.errors import ConfigError, GemmsimError, HardwareFileError, InputError
from gemmsim.api import analyze, compare, compare_stalls, load_gpu, predict, stream_k, tune

__all__ = ["predict", "stream_k", "analyze", "tune", "compare", "compare_stalls", "load_gpu",
           "GemmsimError", "InputError", "ConfigError", "HardwareFileError", "__version__"]
