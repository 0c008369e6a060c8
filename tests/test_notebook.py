"""The teaching notebook runs from a fresh kernel, and its committed outputs are those of the code.

notebooks/build.py holds the cells and writes notebooks/gemm_on_mi300x.ipynb executed. Here the
cells are executed again (nbclient, fresh kernel, any error fails) and compared with the committed
file: the same cells, the same text outputs, the same number of figures. PNG bytes are not compared:
they change with the matplotlib version and fonts, not with the code. On a mismatch, run
`python notebooks/build.py` and commit the notebook.
"""

import nbformat
import pytest

from notebooks.build import NOTEBOOK, execute, notebook

MIN_FIGURES = 8


def _texts(cell) -> tuple[str, list[str]]:
    """What a cell printed (streams joined: the kernel may split a print into chunks at any point)
    and the text of its results and displays."""
    printed, shown = [], []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            printed.append(o["text"])
        elif o["output_type"] in ("execute_result", "display_data"):
            shown.append(o["data"].get("text/plain", ""))
        elif o["output_type"] == "error":
            shown.append(f"{o['ename']}: {o['evalue']}")
    return "".join(printed), shown


def _figures(nb) -> int:
    return sum("image/png" in o.get("data", {}) for c in nb.cells for o in c.get("outputs", []))


@pytest.fixture(scope="module")
def fresh():
    return execute(notebook())


@pytest.fixture(scope="module")
def committed():
    return nbformat.read(NOTEBOOK, as_version=4)


def test_the_committed_cells_are_those_of_the_builder(committed):
    assert [(c.cell_type, c.source) for c in committed.cells] == [(c.cell_type, c.source) for c in notebook().cells], \
        "notebooks/build.py changed: run `python notebooks/build.py` and commit the notebook"


def test_the_notebook_runs_and_its_text_outputs_are_the_committed_ones(fresh, committed):
    for i, (new, old) in enumerate(zip(fresh.cells, committed.cells)):
        assert _texts(new) == _texts(old), f"cell {i} prints something else now: run `python notebooks/build.py`"


def test_enough_figures_each_with_a_title(fresh, committed):
    assert _figures(fresh) == _figures(committed) >= MIN_FIGURES
    sources = [c.source for c in fresh.cells if c.cell_type == "code" and "plt.show()" in c.source]
    for source in sources:
        assert "set_title(" in source or "suptitle(" in source
        assert "set_xlabel(" in source or "draw_" in source
