"""Which of kansei's modules run compiled: the guard in front of Python's import of a mypyc-built module.

``python -m kansei.build`` may compile a few hot modules with mypyc (the search loop, each game's
``Game.compiled_modules``) into extension modules beside their sources, which Python then imports in their
place. This guard, installed by ``import kansei``, keeps the source instead wherever

- ``KANSEI_PURE`` is set in the environment (the pure-Python path, always kept, gives identical games), or
- the compiled module is older than its source (edited since: it would not run the same code).

It looks only at ``kansei.*`` modules that have both an extension module and a ``.py`` source side by
side; every other import goes on as usual.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PURE = "KANSEI_PURE"


def source_of(compiled: Path) -> Path:
    """The ``.py`` source a compiled module was built from (``rules.cpython-311-x86_64-linux-gnu.so``
    -> ``rules.py``)."""
    return compiled.with_name(compiled.name.split(".", 1)[0] + ".py")


def use_compiled(compiled: Path) -> bool:
    """Whether the extension module ``compiled`` is imported in place of its source."""
    if os.environ.get(PURE):
        return False
    source = source_of(compiled)
    return not source.exists() or source.stat().st_mtime <= compiled.stat().st_mtime


class CompiledGuard(importlib.abc.MetaPathFinder):
    """Hands Python the source of a ``kansei.*`` module whose compiled form is not to be used."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("kansei."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return None  # not compiled: the usual import
        compiled = Path(str(spec.origin))
        source = source_of(compiled)
        if not source.exists() or use_compiled(compiled):
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def runs_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from its compiled form (an extension module), not its source."""
    return not str(getattr(module, "__file__", "")).endswith(".py")


def install() -> None:
    """Put the guard in front of Python's import system (once)."""
    if not any(isinstance(f, CompiledGuard) for f in sys.meta_path):
        sys.meta_path.insert(0, CompiledGuard())


def compiled_modules() -> list[str]:
    """The ``kansei.*`` modules imported so far that run compiled in this process (what a benchmark
    reports beside its figures)."""
    out = []
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if name.startswith("kansei.") and where and not where.endswith(".py"):
            if source_of(Path(where)).exists():  # not mypyc's helper module, which has no source
                out.append(name)
    return sorted(out)


__all__ = [
    "PURE",
    "CompiledGuard",
    "compiled_modules",
    "install",
    "runs_compiled",
    "source_of",
    "use_compiled",
]
