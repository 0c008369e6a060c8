"""Bad input never crashes, never hangs: every family of tests/fuzz_cases.py over the CLI.

Each case must exit 0 or 2, print exactly one line on stderr when it exits 2, never a traceback,
end within fuzz_cases.CASE_SECONDS, and leave nothing behind when it fails; the checkout stays as
it was. A fixed seed and a sized example count keep this within the suite's time budget;
`python benchmarks/fuzz.py --cases N` runs many more. The families cover every reader (GPU TOML, the
runner's, rocprofv3's and Nsight Compute's CSVs, rocprofv3 JSON, the stall table, microbenchmarks,
saved predictions, PyTorch traces, Hugging Face configs, AMDGPU assembly, SASS listings) and every
subcommand's flags."""

import subprocess

import pytest
from hypothesis import HealthCheck, Phase, given, settings

import fuzz_cases as fc

EXAMPLES = 12
# No shrinking: a failing case is reported as generated (its text says what it is), at once.
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=fc.CASE_SECONDS * 1000, database=None,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check(case: fc.Case) -> None:
    outcome = fc.run_case(case)
    assert not outcome.problems, f"{case}: {'; '.join(outcome.problems)}\n{outcome.stderr}{outcome.raised}"


@pytest.fixture(scope="module", autouse=True)
def checkout_stays_clean():
    def status():
        return subprocess.run(["git", "status", "--porcelain"], cwd=fc.REPO, capture_output=True, text=True).stdout
    before = status()
    yield
    assert status() == before, "a fuzz case wrote into the checkout"


@pytest.mark.parametrize("command", sorted(fc.COMMANDS))
@FUZZ
@given(data=fc.st.data())
def test_arguments(command, data):
    check(data.draw(fc.argument_cases(command)))


@pytest.mark.parametrize("family", [fc.runner_csv_cases, fc.ncu_raw_cases, fc.rocprof_cases, fc.ncu_table_cases,
                                    fc.predictions_cases, fc.microbench_cases, fc.trace_cases, fc.config_cases,
                                    fc.assembly_cases, fc.sass_cases, fc.stalls_cases, fc.rocprof_json_cases],
                         ids=lambda f: f.__name__.removesuffix("_cases"))
@FUZZ
@given(data=fc.st.data())
def test_bad_files(family, data):
    check(data.draw(family()))


@FUZZ
@given(case=fc.gpu_toml_cases())
def test_bad_gpu_descriptions(case):
    check(case)


@FUZZ
@given(case=fc.huge_argument_cases())
def test_huge_arguments(case):
    check(case)


@FUZZ
@given(case=fc.runner_csv_cases(values=fc.HUGE, family="runner_huge"))
def test_runner_csv_with_huge_dimensions(case):
    """compare's sm_90 path builds its problem without make_problem: the limits must reach it too."""
    check(case)


@FUZZ
@given(case=fc.trace_cases(with_gpu=True))
def test_trace_costed_on_a_gpu(case):
    check(case)


@FUZZ
@given(case=fc.extreme_cases())
def test_issue_39(case):
    """Huge finite numbers in GPU files and --clock-mhz, degenerate calibrations, --engine ray without
    Ray, compare's files and patterns, calibrate --write targets."""
    check(case)
