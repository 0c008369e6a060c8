"""Every JSON output of the command carries `schema_version` at its top level, and the top-level keys
that docs/json_schema.md lists for it: a key added, renamed or removed without the document fails here."""

import json
import re
from pathlib import Path

import pytest

from gemmsim.cli import main
from gemmsim.jsonable import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parents[1]
SMALL = ["--shape", "256x256x256", "--tile", "64x128x64"]
ISA = ROOT / "tests" / "data" / "isa" / "preshuffle_gemm_gfx942.s"
ISA_KERNEL = "preshuffle_bf16_m64n256k64_swz1_hint0"
KERNEL_STATS = ROOT / "tests" / "data" / "compare" / "rocprof_kernel_stats_mi325x.csv"


def _documented_keys() -> dict[str, set[str]]:
    """docs/json_schema.md: each section's top-level keys, the backquoted names before a ': ' in its
    bullets (several to a bullet, split by '; '; a bullet goes on over the indented lines below it)."""
    bullets: dict[str, list[str]] = {}
    name = None
    for line in (ROOT / "docs" / "json_schema.md").read_text().splitlines():
        if line.startswith("## "):
            name = line[3:].strip()
        elif line.startswith("- ") and name:
            bullets.setdefault(name, []).append(line[2:])
        elif line.startswith("  ") and name in bullets:
            bullets[name][-1] += " " + line.strip()
    sections = {name: {key for text in texts for part in text.split("; ")
                       for key in re.findall(r"`(\w+)`", part.split(": ", 1)[0])} for name, texts in bullets.items()}
    return {name: keys for name, keys in sections.items() if keys}


OUTPUTS = {
    "predict": ["predict", *SMALL],
    "predict-schedule": ["predict", *SMALL, "--schedule", "stream-k"],
    "analyze": ["analyze", *SMALL],
    "tune": ["tune", "--shape", "256x256x256", "--top", "2", "--no-cache"],
    "tune-dispatch": ["tune", "--d-model", "64", "--d-ff", "128", "--heads", "2", "--layers", "1", "--vocab", "100",
                      "--seq", "16", "--gpu", "mi300x", "--no-cache"],
    "compare": ["compare", KERNEL_STATS, "--shape", "5120x5120x8320", "--dtype", "fp8", "--gpu", "mi325x"],
    "compare-stalls": ["compare", "--stalls", ROOT / "validation" / "results" / "h200" / "stalls.csv",
                       "--kernel", "gemm_tiled_f32$"],
    "calibrate": ["calibrate"],
    "verify": ["verify", "--shape", "128x128x128", "--tile", "64x128x64"],
    "isa": ["isa", f"{ISA}:{ISA_KERNEL}"],
    "shapes": ["shapes", "--model", "llama2-7b", "--layers", "2", "--seq", "16"],
    "trace": ["trace", ROOT / "tests" / "data" / "small_transformer_trace.json.gz"],
    "dimeff": ["dimeff", "--shape", "2048x10240x2048", "--tile", "MT256x144x32"],
    "cache-info": ["cache", "info"],
}


def test_the_schema_document_has_a_section_per_output():
    assert set(_documented_keys()) == set(OUTPUTS)


@pytest.mark.parametrize("section", OUTPUTS)
def test_every_json_output_has_the_schema_version_and_the_documented_keys(section, capsys):
    code = main([str(a) for a in [*OUTPUTS[section], "--json"]])
    document = json.loads(capsys.readouterr().out)
    assert code == 0 and document["schema_version"] == SCHEMA_VERSION
    assert set(document) == _documented_keys()[section]
