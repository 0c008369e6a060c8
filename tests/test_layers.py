"""The package's imports run one way (README "Layout"): a module imports only from lower layers.

A layer that reached upward (the IR importing the model, the analytics importing a front-end) would
make the pieces that users and the other front-ends rely on depend on one front-end's details.

The package's own `__init__` sits near the top, above `api`: `import gemmsim` names the verbs of
gemmsim.api (`gemmsim.predict(...)`, loaded on first use), so it imports that layer. Lower modules
reach `gemmsim` only for `__version__` (a literal, which setuptools also reads), which `_imports`
leaves out. `jsonable` (the serializer of the typed results) is at the bottom, so that the results
of every layer can use it.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gemmsim"
LAYERS = [
    {"errors", "files", "identity", "jsonable"},
    {"dtypes", "progress", "limits", "tables"},
    {"hw"},
    {"problem", "kernel_names"},
    {"ir"},
    {"analytics"},
    {"frontends", "prediction"},
    {"model", "functional"},
    {"predict"},
    {"tune"},
    {"analysts", "validate"},
    {"sweep"},
    {"report"},
    {"api"},
    {"__init__"},
    {"cli"},
    {"__main__"},
]
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "gemmsim":
            if node.module == "gemmsim":
                yield from (f"gemmsim.{a.name}" for a in node.names if a.name != "__version__")
            else:
                yield node.module
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == "gemmsim")


def test_every_module_belongs_to_a_layer():
    units = {_unit(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts)) for p in PACKAGE.rglob("*.py")}
    assert units <= set(RANK), f"modules outside every layer: {sorted(units - set(RANK))}"


def test_imports_only_reach_down():
    upward = []
    for path in PACKAGE.rglob("*.py"):
        source = _unit(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        for module in _imports(path):
            target = _unit(module)
            if target != source and RANK[target] >= RANK[source]:
                upward.append(f"{path.relative_to(PACKAGE.parent)} imports {module}")
    assert not upward, "\n".join(upward)
