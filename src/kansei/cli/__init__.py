"""The ``kansei`` command line: games, rules, cards, decks, check, play, sim, ladder, levels, analyse,
replay, validate.

Errors a user can cause (unknown game, bad option, malformed file, illegal action) print one clear line per
problem and exit 1 — never a traceback. The commands live in this package's modules. ``kansei lab`` and
``kansei serve`` belong to the lab and the web packages: they are mounted lazily (imported when run), so
the bare package starts without the extras they need, and a missing extra is named in one line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import typer

from kansei.core.errors import KanseiError

from . import checking, coaching, info, play, replaying, runs, training, validating  # noqa: F401  (each registers its commands)
from .common import app, clean, err, fail, split_agents

# the arguments after `kansei lab` / `kansei serve`, --help included, go to the mounted command as they are
FORWARD = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


def _mounted(extra: str, load: Callable[[], typer.Typer], args: list[str], prog: str) -> None:
    """Run an extra's command line with ``args``; a library of the extra not installed is one line."""
    try:
        load()(args=args, prog_name=prog)
    except ModuleNotFoundError as e:
        missing = e.name or "a library"
        fail(
            f"{prog} needs the {extra} extra ({clean(missing, 40)} is not installed): "
            + f"pip install 'kansei[{extra}]'"
        )


def _lab_app() -> typer.Typer:
    from kansei.lab.cli import app as lab_app

    return lab_app


def _serve_app() -> typer.Typer:
    from kansei.web.cli import serve

    one = typer.Typer(add_completion=False, rich_markup_mode="rich")
    one.command()(serve)
    return one


@app.command("lab", context_settings=FORWARD, add_help_option=False)
def lab(ctx: typer.Context) -> None:
    """Balance experiments: matchups, seats, card impact, race shape, skill, content diffs (the lab extra)."""
    _mounted("lab", _lab_app, list(ctx.args), "kansei lab")


@app.command("serve", context_settings=FORWARD, add_help_option=False)
def serve(ctx: typer.Context) -> None:
    """Serve the browser table: lobby, live rooms, replays and the deck builder (the web extra)."""
    _mounted("web", _serve_app, list(ctx.args), "kansei serve")


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
