"""Compile kansei's hot modules with mypyc: ``python -m kansei.build`` (needs mypy and a C compiler;
``--clean`` removes every compiled module again; ``--only touge,search,core`` builds some).

What it compiles: the core's generator in native integers (``kansei.core.native_rng``), the search loop
(``kansei.agents.search``) and, for each registered game whose package is part of kansei, the modules it
lists in ``Game.compiled_modules`` (typed functions of the state: Mini D's race, Touge's rules, scoring
and evaluation, Initial D's race, card table, rules and evaluation, Stampede's card table, race, hot
rules and evaluation, D-Spirits' card table, record with its rules' layers and evaluation). A game's
modules are compiled together, as one group: one shared library beside them (``compiled__mypyc``) and a
small extension module in place of each source, which Python then imports instead of it. Within a group
a call or an attribute read of another module's function or class is a direct C one (compiled apart, it
went through Python's calls and look-ups). ``core/compiled.py`` keeps the sources of a whole group where
``KANSEI_PURE`` is set or any of them was edited after it was compiled. Compiled, they play exactly the
games their sources play (``tests/core/test_compiled_rules.py``, ``tests/agents/test_compiled_search.py``,
``tests/core/test_native_rng.py``, ``bench/identical.py --pure``). C is compiled with ``-fwrapv``: a
signed sum or product that overflows wraps around, as ``native_rng``'s 64-bit arithmetic needs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

import kansei
from kansei.core.compiled import extension_modules
from kansei.core.registry import game_class

ROOT = Path(kansei.__file__).resolve().parent  # the kansei package
SEARCH = "kansei.agents.search"
CORE = "kansei.core.native_rng"
WRAPV = "-fwrapv"  # signed overflow wraps around (two's complement), defined: native_rng relies on it
GROUP_LIBRARY = "compiled"  # a game's group library: <package>/compiled__mypyc.*.so

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="kansei_compiled", ext_modules=mypycify({paths!r}, group_name={group!r}))
"""


class Group(NamedTuple):
    """Modules compiled together into one shared library (all in one package folder)."""

    name: str  # the library's dotted name, without mypyc's ``__mypyc`` suffix
    modules: list[str]  # dotted names

    @property
    def folder(self) -> Path:
        return ROOT.parent / Path(*self.modules[0].split(".")[:-1])


def targets(only: set[str] | None = None) -> list[Group]:
    """The groups to compile (``only``: game ids, ``search`` and/or ``core``): the core's generator alone,
    the search loop alone, then each game's ``compiled_modules`` together."""
    out = [Group(CORE, [CORE])] if only is None or "core" in only else []
    out += [Group(SEARCH, [SEARCH])] if only is None or "search" in only else []
    for gid in kansei.games():
        if only is not None and gid not in only:
            continue
        cls = game_class(gid)
        package = cls.__module__.rpartition(".")[0]
        if not package.startswith("kansei.") or not cls.compiled_modules:
            continue  # a plugin compiles its own modules
        modules = [f"{package}.{m}" for m in cls.compiled_modules]
        out.append(Group(modules[0] if len(modules) == 1 else f"{package}.{GROUP_LIBRARY}", modules))
    return out


def built() -> list[Path]:
    """Every compiled module in the kansei package (and the group libraries mypyc writes beside them)."""
    return sorted(p for ext in ("*.so", "*.pyd") for p in ROOT.rglob(ext))


def clean() -> None:
    for p in built():
        p.unlink()


def build(groups: list[Group]) -> int:
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        # mypyc names the modules from the paths it is given, relative to where it runs
        work = Path(tmp) / "src"
        shutil.copytree(ROOT, work / "kansei", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
        for group in groups:
            paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in group.modules]
            setup = work / "setup_compiled.py"
            setup.write_text(SETUP.format(paths=paths, group=group.name))
            done = subprocess.run(
                [sys.executable, setup.name, "build_ext", "--inplace"],
                cwd=work,
                capture_output=True,
                text=True,
                env={**os.environ, "CFLAGS": f"{os.environ.get('CFLAGS', '')} {WRAPV}".strip()},
            )
            folder = work / group.folder.relative_to(ROOT.parent)
            if done.returncode != 0:
                lines = (done.stdout + done.stderr).strip().splitlines()
                failed.append(f"{', '.join(group.modules)} ({lines[-1] if lines else 'no output'})")
                continue
            for so in extension_modules(folder):
                shutil.copy2(so, group.folder / so.name)
            print(f"compiled {', '.join(group.modules)}")
    for line in failed:
        print(f"mypyc failed for {line}: they run as Python")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--clean"]:
        clean()
        print("removed every compiled module: kansei runs as Python")
        return 0
    only = None
    if len(args) == 2 and args[0] == "--only":
        only = {a.strip() for a in args[1].split(",") if a.strip()}
    elif args:
        print("usage: python -m kansei.build [--only touge,minid,search,core] | --clean")
        return 2
    groups = targets(only)
    for group in groups:  # a group is compiled again from its current sources, the whole folder's together
        for so in extension_modules(group.folder):
            so.unlink()
    return build(groups)


if __name__ == "__main__":
    sys.exit(main())
