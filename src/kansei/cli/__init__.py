"""The ``kansei`` command line: games, rules, cards, decks, play, sim, ladder, levels, analyse, replay,
validate.

Errors a user can cause (unknown game, bad option, malformed file, illegal action) print one clear line per
problem and exit 1 — never a traceback. The commands live in this package's modules; other packages add
their sub-commands below (``app.add_typer``).
"""

from __future__ import annotations

import sys

from kansei.core.errors import KanseiError

from . import coaching, info, play, replaying, runs, training, validating  # noqa: F401  (each registers its commands)
from .common import app, clean, err, split_agents

# isort: split
# The extras' commands (their modules import their heavy libraries only when a command runs).
from kansei.lab.cli import app as lab_app  # noqa: E402  (kansei lab: the balance lab)
from kansei.web.cli import serve  # noqa: E402  (kansei serve: the browser table)

app.add_typer(lab_app, name="lab")
app.command()(serve)


def main() -> None:
    try:
        app()
    except KanseiError as e:  # pragma: no cover - commands catch these themselves
        for line in str(e).splitlines()[:20]:
            err.print(f"[bold red]error:[/] {clean(line)}")
        sys.exit(1)


__all__ = ["app", "main", "split_agents"]


if __name__ == "__main__":
    main()
