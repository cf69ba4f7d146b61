"""Compile the search loop (``search.py``) with mypyc: ``python -m kansei.agents.build`` (needs mypy and a C
compiler; ``--clean`` removes the compiled module again).

The compiled module sits beside ``search.py`` and Python imports it in its place. It makes exactly the same
choices as the source (``tests/agents/test_compiled_search.py``); ``KANSEI_PURE=1`` runs the source anyway.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent  # the folder holding the ``kansei`` package


def built() -> list[Path]:
    return sorted(HERE.glob("search*.so")) + sorted(HERE.glob("search*.pyd"))


def clean() -> None:
    for p in built():
        p.unlink()


def build() -> int:
    clean()
    with tempfile.TemporaryDirectory() as tmp:
        # mypyc names the module from the path it is given, relative to where it runs
        work = Path(tmp) / "src"
        skip = shutil.ignore_patterns("*.so", "__pycache__")
        shutil.copytree(ROOT / "kansei", work / "kansei", ignore=skip)
        command = [sys.executable, "-m", "mypyc", "kansei/agents/search.py"]
        done = subprocess.run(command, cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            lines = (done.stdout + done.stderr).strip().splitlines()
            print(f"mypyc failed ({lines[-1] if lines else 'no output'}): the search runs as Python")
            return 1
        for so in (work / "kansei" / "agents").glob("search*.so"):
            shutil.copy2(so, HERE / so.name)
    print("compiled: " + ", ".join(p.name for p in built()))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--clean"]:
        clean()
        print("removed the compiled search: the search runs as Python")
        return 0
    return build()


if __name__ == "__main__":
    sys.exit(main())
