"""Compile kansei's hot modules with mypyc: ``python -m kansei.build`` (needs mypy and a C compiler;
``--clean`` removes every compiled module again; ``--only touge,search,core`` builds some).

What it compiles: the core's generator in native integers (``kansei.core.native_rng``), the search loop
(``kansei.agents.search``) and, for each registered game whose package is part of kansei, the modules it
lists in ``Game.compiled_modules`` (typed functions of the state: Mini D's race, Touge's rules, scoring
and evaluation, Initial D's rules, Stampede's evaluation). Each is compiled on its own into an extension
module beside its source, which Python then imports in its place; ``core/compiled.py`` keeps the source
where ``KANSEI_PURE`` is set or a source was edited after it was compiled. Compiled, they play exactly the
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

import kansei
from kansei.core.registry import game_class

ROOT = Path(kansei.__file__).resolve().parent  # the kansei package
SEARCH = "kansei.agents.search"
CORE = "kansei.core.native_rng"
WRAPV = "-fwrapv"  # signed overflow wraps around (two's complement), defined: native_rng relies on it


def targets(only: set[str] | None = None) -> list[str]:
    """The dotted names of the modules to compile (``only``: game ids, ``search`` and/or ``core``)."""
    out = [CORE] if only is None or "core" in only else []
    out += [SEARCH] if only is None or "search" in only else []
    for gid in kansei.games():
        if only is not None and gid not in only:
            continue
        cls = game_class(gid)
        package = cls.__module__.rpartition(".")[0]
        if not package.startswith("kansei."):
            continue  # a plugin compiles its own modules
        out += [f"{package}.{m}" for m in cls.compiled_modules]
    return out


def built() -> list[Path]:
    """Every compiled module in the kansei package (and the runtime helpers mypyc writes beside them)."""
    return sorted(p for ext in ("*.so", "*.pyd") for p in ROOT.rglob(ext))


def compiled_files(folder: Path, stem: str) -> list[Path]:
    """The compiled forms of module ``stem`` in ``folder`` (the module and mypyc's helper beside it)."""
    return [
        p for p in sorted(folder.glob(f"{stem}*.so")) if p.name.split(".", 1)[0] in (stem, f"{stem}__mypyc")
    ]


def clean() -> None:
    for p in built():
        p.unlink()


def build(modules: list[str]) -> int:
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        # mypyc names the module from the path it is given, relative to where it runs
        work = Path(tmp) / "src"
        shutil.copytree(ROOT, work / "kansei", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
        for name in modules:
            path = Path(*name.split(".")).with_suffix(".py")
            done = subprocess.run(
                [sys.executable, "-m", "mypyc", str(path)],
                cwd=work,
                capture_output=True,
                text=True,
                env={**os.environ, "CFLAGS": f"{os.environ.get('CFLAGS', '')} {WRAPV}".strip()},
            )
            if done.returncode != 0:
                lines = (done.stdout + done.stderr).strip().splitlines()
                failed.append(f"{name} ({lines[-1] if lines else 'no output'})")
                continue
            for so in compiled_files(work / path.parent, path.stem):
                shutil.copy2(so, ROOT.parent / path.parent / so.name)
            print(f"compiled {name}")
    for line in failed:
        print(f"mypyc failed for {line}: it runs as Python")
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
    modules = targets(only)
    for name in modules:  # a module is compiled again from its current source
        path = Path(*name.split("."))
        for so in compiled_files(ROOT.parent / path.parent, path.name):
            so.unlink()
    return build(modules)


if __name__ == "__main__":
    sys.exit(main())
