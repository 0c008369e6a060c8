"""The newcomer's path: the README's two commands are what CI runs, in a virtual environment that
borrows nothing from the system, so every module the package and the tests import at load time must
come from a distribution the README's install names (the package's dependencies and its test extra)."""

import ast
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CI = ROOT / ".ci" / "run"


def _readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    return readme.split("```bash\n", 1)[1].split("```", 1)[0].strip().splitlines()


def test_the_readme_starts_with_the_install_and_the_test_command():
    install, tests = _readme_commands()
    assert install.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && "
                              "gemmsim predict ")
    assert tests == "python3 -m pytest -q -n auto"   # pytest-xdist: one worker per core


def test_ci_runs_the_readme_commands_verbatim_in_a_venv_that_borrows_nothing():
    ci = CI.read_text()
    assert "--system-site-packages" not in ci and "set -euo pipefail" in ci
    # .ci/run reads the commands out of the README with this awk program: it must find these two.
    program = re.search(r"commands=\$\(awk '([^']+)' README.md\)", ci)
    assert program, ".ci/run no longer reads its commands from README.md"
    found = subprocess.run(["awk", program.group(1), "README.md"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.strip().splitlines()
    assert found == _readme_commands()


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared(*extras: str) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + [r for e in extras for r in project["optional-dependencies"][e]]
    return {_normalized(re.match(r"[A-Za-z0-9_.\-]+", r).group()) for r in requirements}


def _top_level_imports(folder: Path) -> dict[str, str]:
    """Third-party modules imported at load time (a module's top level) -> the file that imports it.
    Imports inside functions are optional features, guarded where they are used."""
    local = {p.stem for p in folder.glob("*.py")} | {p.name for p in ROOT.iterdir() if p.is_dir()}
    found = {}
    for path in sorted(folder.rglob("*.py"), key=lambda p: p.stem.endswith("_numba")):  # a plain module first: its import is the one to judge
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in local:
                    found.setdefault(top, str(path.relative_to(ROOT)))
    return found


# gemmsim's modules named *_numba hold the compiled kernels of the `fast` extra: they are imported
# only where numba is installed (gemmsim.functional.kernels), so they alone may import it at load time.
@pytest.mark.parametrize("folder, extras", [("gemmsim", ()), ("tests", ("test",))])
def test_every_module_imported_at_load_time_is_declared(folder, extras):
    providers = metadata.packages_distributions()
    declared, optional = _declared(*extras), _declared("fast") - _declared()
    undeclared = [f"{module} (imported by {where})" for module, where in _top_level_imports(ROOT / folder).items()
                  if not declared & {_normalized(d) for d in providers.get(module, [])}
                  and not (Path(where).stem.endswith("_numba") and optional & {_normalized(d) for d in
                                                                               providers.get(module, [])})]
    assert not undeclared, (f"not in pyproject.toml's dependencies{' or the ' + ', '.join(extras) + ' extra' if extras else ''}: "
                            + ", ".join(undeclared))
