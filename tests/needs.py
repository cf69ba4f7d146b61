"""What a test needs beyond kansei itself (an extra's module, a system package), the one way to say so.

A test whose need is missing is skipped with the reason ``missing: …`` (``pytest -rs`` prints it) — except
under ``CI=true``, where it fails instead: CI installs everything (``make test`` runs ``make system-deps``
and installs every extra), so a missing package there is a broken CI, never a silent skip. tests/conftest.py
applies the same rule to any other skip that says a module could not be imported.
"""

from __future__ import annotations

import glob
import importlib
import os
import shutil
from types import ModuleType
from typing import NoReturn

import pytest

MISSING = "missing: "


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def missing(what: str) -> NoReturn:
    """Skip (fail under CI=true) for ``what`` missing: 'chromium (make system-deps)'."""
    reason = MISSING + what
    if in_ci():
        pytest.fail(f"{reason} — under CI=true a missing requirement fails the run", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def module(name: str, install: str) -> ModuleType:
    """Import ``name`` or :func:`missing`: ``module("pyspiel", "the interop extra: pip install …")``."""
    try:
        return importlib.import_module(name)
    except ImportError:
        missing(f"Python module {name} ({install})")


def program(*candidates: str, install: str) -> str:
    """The first of ``candidates`` (a command on PATH, a path or a glob) that exists, or :func:`missing`."""
    for c in candidates:
        found = shutil.which(c) or next(iter(sorted(glob.glob(c))), None)
        if found:
            return found
    missing(f"{' or '.join(candidates)} ({install})")


def is_missing_reason(text: str) -> bool:
    """A skip reason that says something is not installed (ours, or pytest.importorskip's)."""
    return MISSING in text or "could not import" in text
