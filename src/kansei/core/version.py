"""The installed kansei's version, from the package metadata (the one place it is written is
``pyproject.toml``)."""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, version


@cache
def kansei_version() -> str:
    """``0.1.0``: the version of the installed distribution ("0+unknown" when run from a bare checkout)."""
    try:
        return version("kansei")
    except PackageNotFoundError:
        return "0+unknown"


__all__ = ["kansei_version"]
