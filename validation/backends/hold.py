"""The runner's hold of the GPU (kernels/harness.hip's hold_gpu), for a backend that compiles and
launches code (CUDA, HIP)."""
from __future__ import annotations

from validation.backends.argpack import pack_args
from validation.kernels import HARNESS_SOURCE


class HoldsGpu:
    _hold = None   # hold_gpu, loaded on first use

    def hold(self, cycles: int) -> None:
        """Keep the GPU busy for `cycles` clock cycles."""
        if self._hold is None:
            self._hold = self.load_source(HARNESS_SOURCE, ["hold_gpu"])["hold_gpu"]
        self.launch(self._hold, (1, 1, 1), (1, 1, 1), pack_args([("u64", cycles)]))
