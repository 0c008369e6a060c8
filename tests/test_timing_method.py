"""What a published time's method adds to the predicted kernel (gemmsim.measurements.timing)."""

import csv
from pathlib import Path

import pytest

from gemmsim.errors import InputError
from gemmsim.hw import load_gpu
from gemmsim.measurements.timing import METHODS, method_of_source

DATA = Path(__file__).resolve().parents[1] / "validation" / "data"


def test_every_published_time_has_a_method():
    for name in ("amd_public.csv", "amd_public_more.csv"):
        for row in csv.DictReader((DATA / name).open(newline="")):
            assert method_of_source(row["source"]).name == "kernel-trace", (name, row["source"])


def test_a_method_adds_what_it_includes():
    h200, mi355x = load_gpu("h200"), load_gpu("mi355x")
    assert METHODS["kernel-trace"].added_us(h200) == 0.0
    assert METHODS["events-per-launch"].added_us(h200) == h200.launch_overhead_us > 0
    assert METHODS["events-around-loop"].added_us(mi355x) == mi355x.inter_kernel_gap_us == 0.0
    assert "the file gives none" in METHODS["events-around-loop"].adds_text([mi355x])


def test_an_unknown_source_is_a_one_line_error():
    with pytest.raises(InputError, match=r"source 'a blog': no timing method known for it"):
        method_of_source("a blog")
