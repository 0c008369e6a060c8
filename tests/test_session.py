"""validation/session.sh, the one driver of the validation runs: --list names every plan that the
one-call scripts it replaced ran, each plan's stages name modules, suites, microbenchmark groups,
functions and variables that exist, and an unknown plan or a bad argument is one line and exit 2.
None of it needs a GPU (tests/test_amd_session.py runs the amd plan against the stand-in)."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from validation.microbench import BENCHES
from validation.suites import SUITES

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "validation" / "session.sh"
# one plan per script it replaced (validation/PLAN_session.sh)
PLANS = ("h200", "amd", "stalls", "memory", "shared", "source", "launch", "small", "fetch", "overhead",
         "sharing", "residency", "l1wide", "epilogue", "blocktrace", "lg", "inflight")


def session(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("OUT", "DEADLINE_S")} | env
    return subprocess.run(["bash", str(SCRIPT), *args], cwd=REPO, env=environment, capture_output=True,
                          text=True, timeout=60)


def stages(plan: str) -> list[list[str]]:
    """The plan's rows of the stage table: plan[:modes], stage, limit_s, when, command."""
    shown = session("--show", plan)
    assert shown.returncode == 0, shown.stderr
    return [[cell.strip() for cell in line.split("|", 4)] for line in shown.stdout.splitlines()]


def test_list_names_every_plan():
    listed = session("--list")
    assert listed.returncode == 0 and listed.stderr == ""
    assert sorted(line.split()[0] for line in listed.stdout.splitlines()) == sorted(PLANS)


def test_one_driver_is_the_only_session_script():
    assert [p.name for p in (REPO / "validation").glob("*.sh")] == ["session.sh"]


@pytest.mark.parametrize("args", [("nosuch",), (), ("h200",), ("h200", "bogus"), ("amd", "smoke", "more"),
                                  ("memory", "--slow"), ("stalls", "soon"), ("lg", "extra"), ("--show", "nosuch")])
def test_a_bad_plan_or_argument_is_one_line_and_exit_2(args):
    out = session(*args, OUT="/nonexistent/out")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("session.sh: "), out.stderr


def test_a_plan_that_writes_into_out_refuses_to_start_without_it():
    out = session("memory")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "OUT=DIR" in out.stderr


def test_the_h200_modes_each_have_stages_and_full_is_suites_then_passes():
    rows = stages("h200")
    modes = {mode for row in rows if ":" in row[0] for mode in row[0].split(":")[1].split(",")}
    assert modes == {"smoke", "suites", "passes", "full"}
    full = [row[1] for row in rows if row[0] == "h200" or "full" in row[0]]
    suites = [row[1] for row in rows if row[0] == "h200" or "suites" in row[0]]
    passes = [row[1] for row in rows if "passes" in row[0]]
    assert full == suites + passes


@pytest.mark.parametrize("plan", PLANS)
def test_every_stage_names_what_exists(plan):
    text = SCRIPT.read_text()
    rows = stages(plan)
    assert any(limit != "-" for _, _, limit, _, _ in rows), "a plan measures something"
    for _, stage, limit, when, command in rows:
        assert re.fullmatch(r"\w+", stage) and (limit == "-" or limit.isdigit()), stage
        if "$MB" in command:
            command = command.replace("$MB", re.search(r'^MB="([^"]+)"', text, re.M).group(1))
        for module in re.findall(r"python3? -m ([\w.]+)", command):
            path = REPO / module.replace(".", "/")
            assert path.with_suffix(".py").is_file() or (path / "__main__.py").is_file(), module
        for groups in re.findall(r"--only ([\w,]+)", command):
            assert set(groups.split(",")) <= set(BENCHES), groups
        for suite in re.findall(r"--suite (\w+)", command):
            assert suite in (*SUITES, "all"), suite
        functions = re.findall(r"bash -c (\w+)", command) + ([when] if when != "-" else [])
        functions += [command] if re.fullmatch(r"[a-z_]+", command) else []
        for function in functions:
            assert re.search(rf"^{function}\(\) \{{", text, re.M), f"{stage}: no function {function}"
        for variable in re.findall(r"\$\{?([A-Z_][A-Z0-9_]*)", command):
            assert re.search(rf"\b{variable}=", text), f"{stage}: ${variable} is never set"


def test_the_functions_and_variables_of_the_driver_name_modules_that_exist():
    for module in set(re.findall(r"python3? -m ([\w.]+)", SCRIPT.read_text())):
        path = REPO / module.replace(".", "/")
        assert path.with_suffix(".py").is_file() or (path / "__main__.py").is_file(), module
