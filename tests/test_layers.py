"""The package's imports run one way (README "Layout"): a module imports only from lower layers.

A layer that reached upward (the IR importing the model, the analytics importing a front-end) would
make the pieces that users and the other front-ends rely on depend on one front-end's details.
The lab (validation/: the runs, their one-off analyses) depends on the package, never the reverse.

The package's own `__init__` sits near the top, above `api`: `import gemmsim` names the verbs of
gemmsim.api (`gemmsim.predict(...)`), so it imports that layer; no lower module imports it (the
version is gemmsim/version.py's, at the bottom). `jsonable` (the serializer of the typed results) is at the bottom, so that the results
of every layer can use it.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gemmsim"
LAYERS = [
    {"errors", "version"},
    {"caches", "files", "jsonable"},
    {"dtypes", "progress", "limits", "tables"},
    {"parallel"},
    {"hw"},
    {"problem", "kernel_names"},
    {"ir"},
    {"analytics"},
    {"frontends", "prediction"},
    {"model", "functional"},
    {"simulate"},
    {"tuning"},
    {"workloads", "measurements"},
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
                yield from (f"gemmsim.{a.name}" for a in node.names)
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


def _imported_modules(path: Path):
    """Every module `path` imports, at its top or inside a function."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names)


def test_the_package_never_imports_the_lab():
    lab = [f"{path.relative_to(PACKAGE.parent)} imports {module}" for path in PACKAGE.rglob("*.py")
           for module in _imported_modules(path) if module.split(".")[0] in ("validation", "benchmarks", "tests")]
    assert not lab, "\n".join(lab)


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere in its text (at the top, inside a function,
    under TYPE_CHECKING); `from gemmsim.x import y` reaches gemmsim.x.y where that is a module."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for module, path in paths.items():
        reached = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module in paths:
                reached |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in paths else node.module
                            for a in node.names}
            elif isinstance(node, ast.Import):
                reached |= {a.name for a in node.names if a.name in paths}
        graph[module] = reached - {module}
    return graph


def test_no_modules_import_each_other():
    """No circle in the import graph, however long: a lazy import inside a function only hides one
    (the function runs once the first module is loaded), it does not make it one way."""
    graph = _import_graph()
    state, circles = {}, []

    def visit(module, trail):
        state[module] = "open"
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                circles.append(" -> ".join(trail[trail.index(target):] + [target]))
            elif target not in state:
                visit(target, trail + [target])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert not circles, "\n".join(circles)
