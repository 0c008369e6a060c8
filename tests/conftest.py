"""Every test gets its own empty tuning cache and GPU folder: nothing reads or writes the user's
~/.cache/gemmsim or ~/.config/gemmsim/gpus."""

import pytest


@pytest.fixture(autouse=True)
def _private_tuning_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GEMMSIM_CACHE_DIR", str(tmp_path / "gemmsim-cache"))
    monkeypatch.setenv("GEMMSIM_GPU_DIR", str(tmp_path / "gemmsim-gpus"))
