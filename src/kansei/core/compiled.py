"""Which of kansei's modules run compiled: the guard in front of Python's import of a mypyc-built module.

``python -m kansei.build`` may compile a few hot modules with mypyc (the search loop, each game's
``Game.compiled_modules``) into extension modules beside their sources, which Python then imports in their
place. The compiled modules of one folder are one group, built together (a game's modules call each
other's compiled functions directly), so they are used together or not at all. This guard, installed by
``import kansei``, keeps the sources of a folder's compiled modules instead wherever

- ``KANSEI_PURE`` is set in the environment (the pure-Python path, always kept, gives identical games), or
- any of them is older than its source (edited since: it would not run the same code, and the others
  would call the old code of the edited one).

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


def extension_modules(folder: Path) -> list[Path]:
    """The extension modules in ``folder`` (compiled modules and mypyc's libraries beside them)."""
    return sorted(p for pattern in ("*.so", "*.pyd") for p in folder.glob(pattern))


def current(compiled: Path) -> bool:
    """Whether the extension module ``compiled`` was built from its source as it is (or has no source)."""
    source = source_of(compiled)
    return not source.exists() or source.stat().st_mtime <= compiled.stat().st_mtime


def use_compiled(compiled: Path) -> bool:
    """Whether the extension module ``compiled`` is imported in place of its source: not where
    ``KANSEI_PURE`` is set, and only if every compiled module of its folder (its group) is current."""
    if os.environ.get(PURE):
        return False
    return all(current(other) for other in extension_modules(compiled.parent))


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
    reports beside its figures). A module's source is looked for where its name puts it: mypyc gives the
    modules of a group that import one another a ``__file__`` of its own making."""
    top = Path(__file__).resolve().parent.parent.parent  # the folder holding the kansei package
    out = []
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if name.startswith("kansei.") and where and not where.endswith(".py"):
            if top.joinpath(*name.split(".")).with_suffix(".py").exists():  # not a mypyc library
                out.append(name)
    return sorted(out)


__all__ = [
    "PURE",
    "CompiledGuard",
    "compiled_modules",
    "current",
    "extension_modules",
    "install",
    "runs_compiled",
    "source_of",
    "use_compiled",
]
