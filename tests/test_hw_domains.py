"""The GPU description loader refuses nonsense: every value inside its domain, the relations between
values, and files it cannot read, each with one line naming the file, the key, the value and the rule."""

import os
import re

import pytest

from gemmsim.errors import HardwareFileError
from gemmsim.hw import load_gpu
from gemmsim.hw.loader import DOMAINS, HW_DIR, ComputeUnit, LDS, Memory

MI300X = (HW_DIR / "mi300x.toml").read_text()


def _with(key: str, value: str, text: str = MI300X) -> str:
    """mi300x.toml with `key = { value = V, ...}` given another value."""
    new, count = re.subn(rf"^{key} = {{ value = [^,]+,", f"{key} = {{ value = {value},", text, flags=re.M)
    assert count == 1, key
    return new


def _load(tmp_path, text, name="bad.toml"):
    path = tmp_path / name
    path.write_text(text)
    return load_gpu(path)


def test_every_number_of_the_schema_has_a_domain():
    sections = {ComputeUnit: "compute_unit", LDS: "lds", Memory: "memory"}
    for cls, section in sections.items():
        for name, f in cls.__dataclass_fields__.items():
            if f.type in ("int", "float"):
                assert f"[{section}].{name}" in DOMAINS, name


@pytest.mark.parametrize("key,value,rule", [
    ("compute_units", "0", "1..65536"),
    ("compute_units", "1e30", "1..65536"),
    ("simds", "0", "1..65536"),
    ("banks", "0", "1..65536"),
    ("hbm_bytes_per_s", "0", "from 1e6 to 1e16 bytes/s"),
    ("l2_read_bytes_per_clk_per_xcd", "-2048", "positive"),
    ("peak_clock_mhz", "inf", "finite number from 1 to 10000 MHz"),
    ("peak_clock_mhz", "nan", "finite number from 1 to 10000 MHz"),
    ("peak_clock_mhz", "1e-300", "finite number from 1 to 10000 MHz"),
    ("hbm_bytes_per_s", "5e-324", "from 1e6 to 1e16 bytes/s"),
    ("hbm_latency_ns", "nan", "positive finite"),
    ("l1_line_bytes", "0", "positive"),
    ("xcds", "0", "1..65536"),
    ("wave_size", "48", "32 or 64"),
    ("simds", "1.5", "an integer"),
    ("simds", "true", "an integer"),
])
def test_a_value_outside_its_domain_names_file_key_value_and_rule(tmp_path, key, value, rule):
    with pytest.raises(HardwareFileError) as e:
        _load(tmp_path, _with(key, value))
    message = str(e.value)
    assert message.startswith("bad.toml: ") and key in message and rule in message and "\n" not in message
    assert value.strip("-") in message or value in ("true", "1e30") and "= " in message


@pytest.mark.parametrize("key,value,rule", [
    ("xcds", "7", "compute_units must be a whole number of xcds"),
    ("l1_bytes", "32100", "l1_bytes must be a whole number of l1_line_bytes"),
    ("l2_bytes", "1048576", "l2_bytes must be l2_bytes_per_xcd x xcds"),
    ("max_waves_per_cu", "33", "max_waves_per_cu must not exceed simds x max_waves_per_simd"),
    ("hbm_achievable_bytes_per_s", "9e12", "must not exceed hbm_bytes_per_s"),
    ("peak_clock_mhz", "1000", "no sustained clock may exceed peak_clock_mhz"),
])
def test_values_that_contradict_each_other_are_refused(tmp_path, key, value, rule):
    with pytest.raises(HardwareFileError, match=re.escape(rule)):
        _load(tmp_path, _with(key, value))


def test_phases_must_cover_the_wave_once(tmp_path):
    text = MI300X.replace("read_b32 = { value = [[0, 31], [32, 63]]", "read_b32 = { value = [[0, 31], [31, 63]]")
    with pytest.raises(HardwareFileError, match="cover lanes 0..63 exactly once"):
        _load(tmp_path, text)


def test_a_bad_value_in_a_child_file_is_refused_too(tmp_path):
    child = 'inherits = "mi300x"\nname = "child"\n[device]\n' \
            'compute_units = { value = -1, kind = "spec", source = "rocm_mi300" }\n'
    with pytest.raises(HardwareFileError, match=r"child.toml: \[device\].compute_units = -1: must be an integer in 1..65536"):
        _load(tmp_path, child, "child.toml")


def test_a_binary_file_a_directory_and_an_unreadable_file_are_one_line(tmp_path):
    binary = tmp_path / "x.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(HardwareFileError, match="not a text file"):
        load_gpu(binary)
    folder = tmp_path / "dir.toml"
    folder.mkdir()
    with pytest.raises(HardwareFileError, match="is a directory"):
        load_gpu(folder)
    locked = tmp_path / "locked.toml"
    locked.write_text(MI300X)
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as a user who reads every file")
        with pytest.raises(HardwareFileError, match="cannot read"):
            load_gpu(locked)
    finally:
        locked.chmod(0o644)


def test_the_shipped_files_all_load():
    for name in ("mi300x", "mi325x", "mi350x", "mi355x", "h200"):
        assert load_gpu(name).compute_units > 0


def _numeric_value_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines())
            if re.search(r"\bvalue = [-+0-9.]", line) and not line.lstrip().startswith("#")]


@pytest.mark.parametrize("name", ["mi300x", "h200"])
def test_a_huge_finite_number_in_any_key_is_refused_with_its_bound(tmp_path, name):
    """Issue 39: 1e308 passed every 'positive finite' rule and overflowed in the model (exit 70).
    Every domain has an upper bound a real GPU cannot exceed, named in the message."""
    text = (HW_DIR / f"{name}.toml").read_text()
    lines = text.splitlines()
    for i in _numeric_value_lines(text):
        changed = lines[:i] + [re.sub(r"\bvalue = [^,}]+", "value = 1e308", lines[i])] + lines[i + 1:]
        with pytest.raises(HardwareFileError) as e:
            _load(tmp_path, "\n".join(changed))
        message = str(e.value)
        assert "\n" not in message and ("at most" in message or " to " in message or "1..65536" in message
                                         or "fraction" in message or "32 or 64" in message), (lines[i], message)


@pytest.mark.parametrize("key,bound", [
    ("peak_clock_mhz", "from 1 to 10000 MHz"), ("barrier_latency_cycles", "at most 10^6 cycles"),
    ("valu_cycles", "at most 10^6 cycles"), ("salu_cycles", "at most 10^6 cycles"),
    ("l2_hit_latency_ns", "at most 10^6 ns"), ("peak_flops_per_clk.bf16", "at most 2^24 per clock"),
    ("latency_cycles", "at most 10^6 cycles"), ("hbm_bytes_per_s", "from 1e6 to 1e16 bytes/s"),
])
def test_the_bounds_of_issue_39_are_stated_with_their_reason(tmp_path, key, bound):
    table, _, key = key.rpartition(".")
    text = _with(key, "1e308") if not table else None
    if table:   # a key that other tables have too: replaced in its own table
        head, at, tail = MI300X.partition(f"[compute_unit.{table}]")
        text = head + at + _with(key, "1e308", tail)
    with pytest.raises(HardwareFileError, match=re.escape(bound) + r" \(.*(beyond|10 GHz).*\)$"):
        _load(tmp_path, text)


def test_a_hardware_key_is_declared_once_on_its_field():
    """Each number's domain and whether a file may leave it out are its field's hw(...) metadata only:
    DOMAINS, the optional-key tuples and [device]'s keys are derived from the fields."""
    from gemmsim.hw import loader

    for cls in loader.SECTIONS:
        for f in loader.hw_keys(cls):
            assert loader.DOMAINS[loader.domain_key(cls, f)] is f.metadata["domain"], f.name
    optional = {f.name for f in loader.hw_keys(Memory) if f.metadata["optional"]}
    grouped = (loader.OPTIONAL_MEMORY_KEYS + loader.MALL_MEMORY_KEYS + loader.TOUCH_MEMORY_KEYS
               + loader.STORE_MEMORY_KEYS)
    assert set(grouped) == optional - {"l1_sector_bytes", "l2_partitions", "l2_sm_read_bytes_per_clk"}
    assert loader.DEVICE_KEYS == ("compute_units", "xcds", "peak_clock_mhz", "sustained_clock_mhz",
                                  "clock_under_load", "launch_overhead_us", "inter_kernel_gap_us")


def test_a_new_optional_key_is_one_line(tmp_path, monkeypatch):
    """Issue 40: a new [memory] key is its field's one line; the loader reads it, bounds it by its
    domain, and takes its default where a file leaves it out."""
    from dataclasses import dataclass

    from gemmsim.hw import loader

    @dataclass(frozen=True)
    class MemoryWithL3(Memory):
        l3_latency_ns: float | None = loader.hw(loader.NS, default=None)    # the one line

    line = 'l3_latency_ns = { value = 300, kind = "assumed", source = "mt4g_mi300x" }\n'
    with_l3 = MI300X.replace("[memory]\n", "[memory]\n" + line, 1)
    with pytest.raises(HardwareFileError, match=r"\[memory\]\.l3_latency_ns: unknown key"):
        _load(tmp_path, with_l3)                                            # not a key of today's Memory
    monkeypatch.setattr(loader, "Memory", MemoryWithL3)
    gpu = _load(tmp_path, with_l3, "l3.toml")
    assert gpu.memory.l3_latency_ns == 300.0 and isinstance(gpu.memory.l3_latency_ns, float)
    assert gpu.provenance["[memory].l3_latency_ns"].kind == "assumed"
    assert _load(tmp_path, MI300X, "no_l3.toml").memory.l3_latency_ns is None
    with pytest.raises(HardwareFileError) as e:
        _load(tmp_path, with_l3.replace("value = 300,", "value = 0,"), "zero.toml")
    assert str(e.value) == f"zero.toml: [memory].l3_latency_ns = 0.0: {loader.NS.rule}"
