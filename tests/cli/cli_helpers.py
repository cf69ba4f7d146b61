"""Helpers for the CLI tests: the terminal at 80×24, running the CLI in-process or as a subprocess."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner, Result

from kansei.cli import app

HERE = Path(__file__).resolve().parent

SIZE = {"COLUMNS": "80", "LINES": "24"}


def cli(*args: str, input: str | None = None, lines: int = 24) -> Result:
    """Run ``kansei ARGS`` in-process at 80 columns and ``lines`` lines; stdout and stderr together in
    ``.output``."""
    return CliRunner().invoke(app, list(args), input=input, env={**SIZE, "LINES": str(lines)})


def assert_one_clear_error(r: Result, *says: str) -> None:
    """Exit 1, no traceback, and each of ``says`` in the output."""
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    for s in says:
        assert s in r.output, (s, r.output)


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ, **SIZE, PYTHONPATH=str(HERE), NO_COLOR="1")
    env.pop("FORCE_COLOR", None)
    return env
