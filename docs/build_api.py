"""Build the API reference, HTML pages from the docstrings, with pdoc; any warning fails the build.

    python docs/build_api.py [OUT]        # default: docs/api (ignored by git); open OUT/index.html

Every module of the package gets a page. pdoc walks a package's modules, but where a package has
`__all__` it takes only the modules `__all__` names (`gemmsim.__all__` names the library's verbs,
`gemmsim.hw.__all__` the loader's classes), so the modules such a walk leaves out are named too.
"""

from __future__ import annotations

import pkgutil
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_specs() -> list[str]:
    """The fewest module names whose pdoc walks reach every module of gemmsim, each module once."""
    import gemmsim
    from pdoc.extract import walk_specs

    modules = ["gemmsim"] + [m.name for m in pkgutil.walk_packages(gemmsim.__path__, "gemmsim.")
                             if not m.name.endswith(".__main__")]
    specs, reached = [], set()
    for name in modules:
        if name not in reached:
            specs.append(name)
            reached.update(walk_specs([name]))
    return specs


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "api"
    warnings.simplefilter("error")   # pdoc says what it cannot read or link as a warning
    for category in (DeprecationWarning, PendingDeprecationWarning):   # but other libraries' deprecations are theirs
        warnings.filterwarnings("default", category=category, module=r"(?!gemmsim)")
    sys.path.insert(0, str(ROOT))
    import pdoc

    pdoc.pdoc(*module_specs(), output_directory=out)
    print(f"wrote {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
