"""gemmsim: a cycle-approximate simulator of tiled GPU GEMM kernels on AMD Instinct GPUs.

The verbs of the `gemmsim` command, as functions with typed results (gemmsim.api):

>>> import gemmsim
>>> p = gemmsim.predict("256x256x256", "64x128x64", dtype="bf16", gpu="mi300x")
>>> p.kernel.gpu, p.bottleneck
('mi300x', 'latency')

`predict`, `analyze`, `tune`, `compare`, `compare_stalls` and `load_gpu`; bad input raises
`InputError` (a `GemmsimError`) with the one-line message the command prints. `import gemmsim`
stays cheap: the verbs import the simulator (numpy, SimPy) when first called.

Two verbs share their names with modules below them (gemmsim/predict.py, the orchestration of one
prediction, and gemmsim/tune/, the search): `gemmsim.predict` and `gemmsim.tune` are the verbs,
and those modules are imported by their full names (`from gemmsim.tune.cache import TuneCache`,
`importlib.import_module("gemmsim.predict")`).
"""

import sys
import types

from gemmsim.version import __version__  # noqa: E402
from gemmsim.errors import ConfigError, GemmsimError, HardwareFileError, InputError  # noqa: E402


class _Package(types.ModuleType):
    """The package's module type. Importing gemmsim.predict or gemmsim.tune (as every prediction
    does) would bind that module to the package's attribute of the same name, over the verb; the
    verbs keep their names."""

    def __setattr__(self, name: str, value) -> None:
        if name in _VERBS and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


_VERBS = frozenset({"predict", "tune"})     # the verbs that a module of the package is also named
sys.modules[__name__].__class__ = _Package

from gemmsim.api import analyze, compare, compare_stalls, load_gpu, predict, tune  # noqa: E402

__all__ = ["predict", "analyze", "tune", "compare", "compare_stalls", "load_gpu",
           "GemmsimError", "InputError", "ConfigError", "HardwareFileError", "__version__"]
