"""The linter's rules (pyproject.toml, [tool.ruff]) hold over the whole repository: unused imports,
undefined names and the like fail the tests, not a reviewer's eye. ruff comes with the test extra."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
