"""validation.blocktrace: per-warp records to per-block rows, and what the committed H200 traces show."""

import collections
import csv
import gzip
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import spearmanr

from validation.blocktrace import RECORD_WORDS, block_rows

TRACES = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200" / "blocktrace.csv.gz"


def _records(warps):
    """[(sm, start_cycle, end_cycle, start_ns, end_ns), ...] as the kernel writes them (u64 words)."""
    return np.array(warps, dtype=np.uint64).reshape(-1)


def test_block_rows_take_first_start_and_first_and_last_end_per_block():
    rec = _records([(3, 100, 900, 1000, 1800), (3, 110, 700, 1010, 1600),
                    (5, 90, 400, 990, 1300), (5, 95, 450, 995, 1350)])
    rows = block_rows(rec, warps_per_block=2)
    assert [r["sm"] for r in rows] == [3, 5]
    assert rows[0]["start_cycle"] == 100 and rows[0]["first_end_cycle"] == 700 and rows[0]["end_cycle"] == 900
    assert rows[1]["start_ns"] == 0          # times are from the launch's first start (990 ns)
    assert rows[0]["end_ns"] == 1800 - 990 and rows[0]["first_end_ns"] == 1600 - 990
    assert len(rec) == 4 * RECORD_WORDS


def test_block_rows_refuse_a_block_whose_warps_ran_on_two_sms():
    with pytest.raises(RuntimeError, match="several SMs"):
        block_rows(_records([(1, 0, 1, 0, 1), (2, 0, 1, 0, 1)]), warps_per_block=2)


def _blocks_per_sm(symbol: str) -> dict[int, list[tuple[int, int]]]:
    """The first launch at 512^3 of `symbol`: each SM's (block, end_ns) pairs."""
    per_sm = collections.defaultdict(list)
    with gzip.open(TRACES, "rt", newline="") as f:
        for row in csv.DictReader(f):
            if (row["symbol"] == symbol and row["launch"] == "0"
                    and (row["M"], row["N"], row["K"]) == ("512", "512", "512")):
                per_sm[int(row["sm"])].append((int(row["block"]), int(row["end_ns"])))
    return per_sm


@pytest.mark.skipif(not TRACES.exists(), reason="no committed traces")
def test_committed_traces_blocks_of_an_sm_finish_in_launch_order_where_the_queues_fill():
    """The mechanism the README names: on the kernels whose warps wait for a full issue queue
    (gemm_tiled: mio_throttle, gemm: lg_throttle) an SM's blocks finish one after another in the order
    they were launched; gemm_f64 (neither queue full) finishes its blocks together."""
    for symbol, ordered in (("gemm_tiled_f32", True), ("gemm_f32", True), ("gemm_f64", False)):
        per_sm = _blocks_per_sm(symbol).values()
        rho = np.nanmedian([spearmanr(*zip(*blocks)).statistic for blocks in per_sm])
        first_end = np.median([min(e for _, e in blocks) / max(e for _, e in blocks) for blocks in per_sm])
        if ordered:
            assert rho > 0.9 and first_end < 0.7, (symbol, rho, first_end)
        else:
            assert rho < 0.6 and first_end > 0.8, (symbol, rho, first_end)
