"""The suite cannot lie (issue 23): a test skipped because something is not installed says why, and under
``CI=true`` it fails instead, whether it used tests/needs.py or pytest.importorskip, in a test or at
collection."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PROBES = """
import needs
import pytest


def test_needs_a_module():
    needs.module("kansei_no_such_module", "nothing installs it")


def test_needs_a_program():
    needs.program("kansei-no-such-program", install="nothing installs it")


def test_importorskip():
    pytest.importorskip("kansei_no_such_module_either")


def test_a_plain_skip_stays_a_skip():
    pytest.skip("not a missing package: a feature a game does not have yet")
"""

COLLECTION = """
import needs

needs.module("kansei_no_such_module", "nothing installs it")


def test_never_runs():
    pass
"""


def run(tmp_path: Path, ci: bool, body: str) -> subprocess.CompletedProcess[str]:
    tests = tmp_path / "tests"
    tests.mkdir(exist_ok=True)
    for name in ("conftest.py", "needs.py"):
        shutil.copy(HERE / name, tests / name)
    (tests / "test_probe.py").write_text(body)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-p", "no:xdist", str(tests)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_missing_package_is_a_skip_with_its_reason_locally(tmp_path: Path) -> None:
    r = run(tmp_path, ci=False, body=PROBES)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "4 skipped" in r.stdout
    assert "missing: Python module kansei_no_such_module (nothing installs it)" in r.stdout
    assert "missing: kansei-no-such-program (nothing installs it)" in r.stdout


def test_under_ci_a_missing_package_fails_and_a_plain_skip_stays(tmp_path: Path) -> None:
    r = run(tmp_path, ci=True, body=PROBES)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "3 failed" in r.stdout and "1 skipped" in r.stdout, r.stdout


def test_under_ci_a_missing_package_at_collection_fails(tmp_path: Path) -> None:
    local = run(tmp_path, ci=False, body=COLLECTION)
    assert local.returncode == 5 and "1 skipped" in local.stdout  # 5: the one module skipped, nothing ran
    r = run(tmp_path, ci=True, body=COLLECTION)
    assert r.returncode != 0 and "missing: Python module kansei_no_such_module" in r.stdout, r.stdout
