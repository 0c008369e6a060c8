"""gemmsim.parallel and what uses it: a pool gives the serial loop's results, in order; `compare`
on several processes, and answered from its disk cache, prints byte for byte what one process does."""

import csv
import math
from pathlib import Path

import pytest

from gemmsim import api
from gemmsim.errors import InputError
from gemmsim.parallel import run_tasks
from gemmsim.tuning.cache import PredictionCache

RESULTS = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200"
SMALL = {("gemm_tiled_f32", "127"), ("gemm_blocked2x2_f64", "127"), ("mma_preshuffle_m32n64k64_swz1", "127"),
         ("mma_preshuffle_m16n64k128_swz0", "127")}


def test_a_pool_returns_the_serial_results_in_order():
    items = list(range(40, 0, -1))
    assert list(run_tasks(math.factorial, items, workers=2)) == [math.factorial(i) for i in items]
    assert list(run_tasks(math.factorial, items, workers=1)) == [math.factorial(i) for i in items]
    assert list(run_tasks(math.factorial, [], workers=2)) == []


@pytest.mark.parametrize("workers", [0, -1, 1.5, True])
def test_workers_must_be_a_positive_integer(workers):
    with pytest.raises(InputError, match="--workers must be a positive integer"):
        list(run_tasks(abs, [1], workers=workers))


def _cut(source: Path, out: Path) -> None:
    """The rows of `source` whose (symbol, M) is in SMALL."""
    with source.open(newline="") as f:
        reader = csv.DictReader(f)
        rows = [r for r in reader if (r["symbol"], r["M"]) in SMALL]
    with out.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=reader.fieldnames)
        w.writeheader()
        w.writerows(rows)


def test_compare_on_a_pool_and_from_the_cache_prints_what_one_process_does(tmp_path):
    for name in ("ladder.csv", "matrix.csv", "ncu.csv"):     # ncu.csv beside them: the bank conflicts too
        _cut(RESULTS / name, tmp_path / name)
    files = [tmp_path / "ladder.csv", tmp_path / "matrix.csv"]

    def run(**options) -> str:
        return api.compare(files, sass_dir=RESULTS / "sass", **options).to_json()

    serial = run(workers=1, cache=False)
    assert '"points": 4' in serial and serial.count('"ld_bank_conflicts_predicted"') == 4
    assert run(workers=2, cache=False) == serial
    cache = tmp_path / "cache"
    assert run(workers=2, cache=cache) == serial           # fills the cache
    assert PredictionCache(cache).entries() == 4 + 4        # 4 kernels' predictions, 4 kernels' shared counts
    assert run(workers=1, cache=cache) == serial           # answered from it
