"""GPU description files: every value sourced, loader errors name the bad key."""

import json

import pytest

from gemmsim.errors import HardwareFileError
from gemmsim.hw import available_gpus, load_gpu
from gemmsim.hw.loader import HW_DIR, KINDS


@pytest.mark.parametrize("name", ["mi300x", "mi325x", "mi350x", "mi355x", "h200"])
def test_every_value_has_a_kind_and_a_source(name):
    gpu = load_gpu(name)
    assert gpu.provenance, "no provenance recorded"
    for key, prov in gpu.provenance.items():
        assert prov.kind in KINDS, key
        assert len(prov.source) > 10, f"{key}: source text too thin: {prov.source!r}"
    # every numeric field of the dataclasses was read through the provenance check
    assert len(gpu.provenance) >= 45


def test_all_five_gpus_ship():
    assert {"mi300x", "mi325x", "mi350x", "mi355x", "h200"} <= set(available_gpus())


def test_sustained_clock_is_well_below_peak_on_mi300x():
    gpu = load_gpu("mi300x")
    assert gpu.peak_clock_mhz / gpu.clock_mhz("fp16") == pytest.approx(1.88, abs=0.02)
    assert gpu.provenance["[device.sustained_clock_mhz].fp16"].kind == "microbenchmark"


def test_peak_flops_match_the_published_tables():
    assert load_gpu("mi300x").peak_flops("bf16") / 1e12 == pytest.approx(1307.4, rel=1e-3)
    assert load_gpu("mi300x").peak_flops("fp8") / 1e12 == pytest.approx(2614.9, rel=1e-3)
    assert load_gpu("mi355x").peak_flops("fp8") / 1e12 == pytest.approx(5000, rel=0.01)


def test_lds_phases_differ_between_gfx942_and_gfx950():
    cdna3, cdna4 = load_gpu("mi300x").lds, load_gpu("mi355x").lds
    assert len(cdna3.lane_phases("read", 128)) == 8 and len(cdna4.lane_phases("read", 128)) == 4
    assert cdna3.lane_phases("read", 128)[0] == (0, 1, 2, 3, 20, 21, 22, 23)
    assert (cdna3.banks, cdna4.banks) == (32, 64)


def test_inherited_file_overrides_only_what_differs():
    mi300x, mi325x = load_gpu("mi300x"), load_gpu("mi325x")
    assert mi325x.compute_units == mi300x.compute_units
    assert mi325x.memory.hbm_bytes_per_s == 6.0e12
    assert mi325x.clock_mhz("fp8") == 1464


def test_gfx950_matrix_table_has_the_full_rate_instructions():
    ops = {(i.opcode, i.dtype_a): i for i in load_gpu("mi355x").matrix}
    f8 = ops[("v_mfma_scale_f32_16x16x128_f8f6f4", "fp8")]
    assert f8.cycles == 32 and f8.flops * 4 / f8.cycles == 8192  # FLOP/CU/clk with 4 SIMDs


def _write(tmp_path, text):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    return path


def test_value_without_source_is_refused(tmp_path):
    from gemmsim.hw.loader import HW_DIR
    text = (HW_DIR / "mi300x.toml").read_text()
    text = text.replace('simds = { value = 4, kind = "spec", source = "shark_guide" }', "simds = { value = 4 }")
    with pytest.raises(HardwareFileError, match=r"\[compute_unit\]\.simds: kind must be one of"):
        load_gpu(_write(tmp_path, text))


def test_unknown_source_and_unknown_key_are_named(tmp_path):
    from gemmsim.hw.loader import HW_DIR
    text = (HW_DIR / "mi300x.toml").read_text()
    bad_source = text.replace('banks = { value = 32, kind = "spec", source = "shark_guide" }',
                              'banks = { value = 32, kind = "spec", source = "nowhere" }')
    with pytest.raises(HardwareFileError, match=r"\[lds\]\.banks: source 'nowhere' is not in \[sources\]"):
        load_gpu(_write(tmp_path, bad_source))
    extra = text.replace("[lds]\n", '[lds]\nbankz = { value = 1, kind = "spec", source = "shark_guide" }\n')
    with pytest.raises(HardwareFileError, match=r"\[lds\]\.bankz: unknown key"):
        load_gpu(_write(tmp_path, extra))


def test_phases_must_cover_every_lane_once(tmp_path):
    from gemmsim.hw.loader import HW_DIR
    text = (HW_DIR / "mi300x.toml").read_text().replace(
        "read_b32 = { value = [[0, 31], [32, 63]]", "read_b32 = { value = [[0, 31], [32, 62]]")
    with pytest.raises(HardwareFileError, match=r"read_b32: phases must cover lanes 0..63 exactly once"):
        load_gpu(_write(tmp_path, text))


def test_unknown_gpu_and_malformed_toml(tmp_path):
    with pytest.raises(HardwareFileError, match="unknown GPU 'mi999'"):
        load_gpu("mi999")
    with pytest.raises(HardwareFileError, match="not valid TOML"):
        load_gpu(_write(tmp_path, "name = [unclosed"))


def test_an_l2_in_partitions_is_the_h200s_and_a_description_without_the_key_has_one(tmp_path):
    assert load_gpu("h200").memory.l2_partitions == 2
    assert load_gpu("mi300x").memory.l2_partitions == 1
    text = (HW_DIR / "h200.toml").read_text().replace("l2_partitions = { value = 2,", "l2_partitions = { value = 0,")
    with pytest.raises(HardwareFileError, match="l2_partitions"):
        load_gpu(_write(tmp_path, text))


def test_gfx950_table_has_the_unscaled_f8f6f4_forms_clang_and_flydsl_emit():
    gpu = load_gpu("mi355x")
    by_key = {(m.opcode, m.dtype_a): m for m in gpu.matrix}
    assert by_key[("v_mfma_f32_16x16x128_f8f6f4", "fp8")].cycles == 32
    assert by_key[("v_mfma_f32_16x16x128_f8f6f4", "fp4")].cycles == 16
    assert by_key[("v_mfma_f32_32x32x64_f8f6f4", "fp8")].cycles == 64
    assert any("v_mfma_f32_16x16x128_f8f6f4" in key for key in gpu.provenance)


# What the memory microbenchmarks added to the H200's description: each one measured by a microbenchmark whose rows
# are committed, and the source text names the file.
H200_MEASURED = ("[compute_unit].barrier_latency_cycles", "[compute_unit].barrier_cycles_per_wave",
                 "[memory].hbm_latency_ns_per_tb_per_s", "[memory].hbm_loaded_latency_ns",
                 "[memory].l2_latency_ns_per_tb_per_s", "[memory].l2_loaded_latency_ns",
                 "[memory].hbm_sector_latency_ns", "[memory].l2_sector_latency_ns", "[memory].l1_pending_hit_cycles",
                 "[memory].l2_warp_latency_ns", "[memory].l2_bytes_per_xcd", "[device.sustained_clock_mhz].bf16",
                 "[device.sustained_clock_mhz].fp32")


@pytest.mark.parametrize("key", H200_MEASURED)
def test_the_h200_parameters_of_the_fidelity_work_name_their_microbenchmark(key):
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    prov = load_gpu("h200").provenance[key]
    assert prov.kind in ("microbenchmark", "calibrated"), key
    files = re.findall(r"validation/results/h200/[\w./-]+\.csv", prov.source)
    assert files and all((root / f).is_file() for f in files), f"{key}: {prov.source[:120]}"


def test_a_source_fitted_under_validation_analyses_has_its_command_in_the_readme():
    """The package does not name its lab's analyses; a value one of them fitted names the run's CSV,
    and validation/README.md's "Reproduce" gives the command that reads it, a module that exists."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    readme = (root / "validation" / "README.md").read_text()
    reproduce = readme[readme.index("## Reproduce"):]
    commands = re.findall(r"python -m validation\.analyses\.(\w+) (validation/results/h200/[\w./-]+\.csv)", reproduce)
    assert all((root / "validation" / "analyses" / f"{module}.py").is_file() for module, _ in commands), commands
    cited = {key: p.source for key, p in load_gpu("h200").provenance.items() if "validation/analyses/" in p.source}
    assert len(set(cited.values())) >= 9, sorted(cited)
    for key, text in cited.items():
        csv = re.search(r"validation/analyses/ \w+ of (validation/results/h200/[\w./-]+\.csv)", text)
        assert csv and csv.group(1) in {c for _, c in commands}, f"{key}: {text[:120]}"


@pytest.mark.parametrize("name", ["mi300x", "mi325x", "mi350x", "mi355x"])
def test_amd_memory_latencies_name_a_pointer_chase(name):
    """L1, L2, Infinity Cache and HBM latencies come from published pointer chases: MI300X's, which
    the gfx950 files reuse for the levels beyond the CU (kind assumed), and a gfx950 part's for the
    L1; none from the unattributed lead any more."""
    prov = load_gpu(name).provenance
    for key in ("l1_hit_latency_cycles", "l2_hit_latency_ns", "mall_latency_ns", "hbm_latency_ns"):
        p = prov[f"[memory].{key}"]
        measured_here = name in ("mi300x", "mi325x") or key == "l1_hit_latency_cycles"
        assert p.kind == ("microbenchmark" if measured_here else "assumed"), key
        assert any(s in p.source for s in ("chipsandcheese.com", "caps-tum/mt4g", "MrRoy09/AMD-CDNA3-CacheBenchmarking")), key
    mem = load_gpu(name).memory
    assert mem.l2_hit_latency_ns < mem.mall_latency_ns < mem.hbm_latency_ns


def test_arch_facts_are_the_descriptions_and_inherited_with_them():
    facts = {name: load_gpu(name).arch_facts for name in ("mi300x", "mi325x", "mi350x", "mi355x", "h200")}
    assert {n: f.preshuffle_hot_loop for n, f in facts.items()} == {
        "mi300x": "paired", "mi325x": "paired", "mi350x": "spread", "mi355x": "spread", "h200": None}
    assert [n for n, f in facts.items() if f.bf16_in_software] == ["mi300x", "mi325x"]
    assert load_gpu("mi300x").provenance["[arch_facts].bf16_in_software"].kind == "spec"
    assert {n: f.preshuffle_mfma.get("int8") for n, f in facts.items()} == {
        "mi300x": "v_mfma_i32_16x16x32_i8", "mi325x": "v_mfma_i32_16x16x32_i8", "mi350x": "v_mfma_i32_16x16x32_i8",
        "mi355x": "v_mfma_i32_16x16x32_i8", "h200": None}


def test_the_named_mfma_must_be_in_the_matrix_table_for_its_dtype(tmp_path):
    text = (HW_DIR / "mi355x.toml").read_text()
    with pytest.raises(HardwareFileError, match=r"preshuffle_mfma\.int8 = 'v_mfma_i32_16x16x16_i8': must be an opcode"):
        load_gpu(_write(tmp_path, text.replace('int8 = "v_mfma_i32_16x16x32_i8"', 'int8 = "v_mfma_i32_16x16x16_i8"')))
    with pytest.raises(HardwareFileError, match=r"preshuffle_mfma\.fp8 = 'v_mfma_i32_16x16x32_i8': must be an opcode"):
        load_gpu(_write(tmp_path, text.replace('fp8 = "v_mfma_f32_16x16x128_f8f6f4"', 'fp8 = "v_mfma_i32_16x16x32_i8"')))
    with pytest.raises(HardwareFileError, match=r"preshuffle_mfma = 'x': must be a table of dtype = opcode"):
        load_gpu(_write(tmp_path, text.replace('preshuffle_mfma = { value = {', 'preshuffle_mfma = { value = "x", was = {')))


def test_an_arch_fact_needs_a_source_a_known_key_and_a_known_value(tmp_path):
    text = (HW_DIR / "mi355x.toml").read_text()
    unsourced = text.replace('preshuffle_hot_loop = { value = "spread", kind = "spec", source = "flydsl_kernel"',
                             'preshuffle_hot_loop = { value = "spread"')
    with pytest.raises(HardwareFileError, match=r"\[arch_facts\]\.preshuffle_hot_loop: kind must be one of"):
        load_gpu(_write(tmp_path, unsourced))
    with pytest.raises(HardwareFileError, match=r"preshuffle_hot_loop = 'even': must be one of paired, spread"):
        load_gpu(_write(tmp_path, text.replace('value = "spread"', 'value = "even"')))
    with pytest.raises(HardwareFileError, match=r"bf16_in_software = 1: must be true or false"):
        load_gpu(_write(tmp_path, text.replace("bf16_in_software = { value = false", "bf16_in_software = { value = 1")))
    extra = text.replace("[arch_facts]\n", '[arch_facts]\nwarp_size = { value = 1, kind = "spec", source = "gpu_specs" }\n')
    with pytest.raises(HardwareFileError, match=r"\[arch_facts\]\.warp_size: unknown key"):
        load_gpu(_write(tmp_path, extra))


def test_each_arch_has_one_default_gpu_its_own_file_names(tmp_path, monkeypatch):
    from gemmsim.hw import default_gpu_for_arch, default_gpus
    from gemmsim.hw import loader

    assert default_gpus() == {"gfx942": "mi300x", "gfx950": "mi355x", "sm_90": "h200"}
    assert default_gpu_for_arch("sm90") == default_gpu_for_arch("sm_90") == "h200"   # mi325x inherits no marker
    with pytest.raises(HardwareFileError, match=r"unknown arch 'gfx1100': expected one of gfx942, gfx950, sm_90"):
        default_gpu_for_arch("gfx1100")
    for name in ("mi300x", "mi325x"):
        (tmp_path / f"{name}.toml").write_text((HW_DIR / f"{name}.toml").read_text())
    monkeypatch.setattr(loader, "HW_DIR", tmp_path)
    assert default_gpus() == {"gfx942": "mi300x"}
    (tmp_path / "mi325x.toml").write_text("default_for_arch = true\n" + (HW_DIR / "mi325x.toml").read_text())
    with pytest.raises(HardwareFileError, match=r"mi325x.toml: default_for_arch: mi300x.toml is already the default"):
        default_gpus()


def test_add_a_gpu_is_one_file(tmp_path, capsys):
    """README, "Add a GPU": one description, here of a new arch whose facts it states, predicted with --gpu FILE."""
    from tests.cli_runner import run_cli

    path = tmp_path / "toy350.toml"
    path.write_text('''inherits = "mi300x"
name = "toy350"
marketing_name = "a gfx942 board with gfx950's FlyDSL schedule"
arch = "gfx9toy"

[sources]
toy_note = "tests/test_hw.py: a made-up GPU for the recipe's test, not a real part"

[arch_facts]
bf16_in_software = { value = false, kind = "assumed", source = "toy_note" }
preshuffle_hot_loop = { value = "spread", kind = "assumed", source = "toy_note" }
''')
    gpu = load_gpu(path)
    assert (gpu.name, gpu.arch, gpu.arch_facts.preshuffle_hot_loop) == ("toy350", "gfx9toy", "spread")
    argv = ["predict", "--tile", "64x256x128", "--shape", "1024x1024x1024", "--dtype", "fp8", "--json", "--gpu"]
    toy, mi300x = (json.loads(run_cli(argv + [g], capsys)[1]) for g in (str(path), "mi300x"))
    assert toy["kernel"]["gpu"] == "toy350" and toy["kernel"]["arch"] == "gfx9toy"
    assert toy["time_us"] != mi300x["time_us"]       # the same hardware, another hot-loop schedule


def test_every_assumed_amd_value_names_the_measurement_that_would_replace_it():
    """Issue 35: an `assumed` number of an AMD description says which run settles it (its note's 'settle:')."""
    for name in ("mi300x", "mi325x", "mi350x", "mi355x"):
        for key, p in load_gpu(name).provenance.items():
            if p.kind == "assumed":
                assert "settle:" in p.note, f"{name} {key}"
