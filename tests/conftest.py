"""Every test gets its own empty tuning cache: nothing reads or writes the user's ~/.cache/gemmsim."""

import pytest


@pytest.fixture(autouse=True)
def _private_tuning_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GEMMSIM_CACHE_DIR", str(tmp_path / "gemmsim-cache"))
