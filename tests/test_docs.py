"""The API reference builds from the docstrings (docs/build_api.py, pdoc) without a warning, and has a
page for every module: a docstring pdoc cannot read or link fails here, as it would in CI."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import gemmsim

ROOT = Path(__file__).resolve().parents[1]


def test_the_api_reference_builds_without_warnings(tmp_path):
    out = tmp_path / "api"
    run = subprocess.run([sys.executable, str(ROOT / "docs" / "build_api.py"), str(out)], capture_output=True,
                         text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    pages = {p.relative_to(out).with_suffix("").as_posix().replace("/", ".") for p in out.rglob("*.html")}
    modules = {"gemmsim"} | {m.name for m in pkgutil.walk_packages(gemmsim.__path__, "gemmsim.")
                             if not m.name.endswith("__main__")}
    assert modules <= pages, sorted(modules - pages)
    verbs = (out / "gemmsim.html").read_text()
    assert all(f'id="{verb}"' in verbs for verb in ("predict", "analyze", "tune", "compare", "load_gpu"))
