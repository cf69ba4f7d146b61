"""``kansei check GAME``: the conformance kit (``kansei.testing.check_game``) on the command line, for
plugin authors: every property of the contract, one line per failure with a call that reproduces it."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from kansei.core.errors import OptionError

from .common import GameId, app, clean, err, fail, friendly, load_game, out, parse_options, plural


def _names(text: str | None, flag: str) -> list[str] | None:
    from kansei.testing import CHECKS

    if text is None:
        return None
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in CHECKS]
    if unknown:
        raise OptionError(f"{flag}: no check {clean(unknown[0], 30)!r} (checks: {', '.join(CHECKS)})")
    return names


@app.command()
@friendly
def check(
    game: GameId,
    seeds: Annotated[
        int, typer.Option(min=0, max=1000, help="games looked at closely per configuration")
    ] = 3,
    games: Annotated[int, typer.Option(min=0, max=10_000, help="plain random games per configuration")] = 20,
    probes: Annotated[int, typer.Option(min=1, max=200, help="states looked at closely per game")] = 8,
    only: Annotated[str | None, typer.Option(help="comma-separated checks to run (default: all)")] = None,
    skip: Annotated[str | None, typer.Option(help="comma-separated checks to leave out")] = None,
    players: Annotated[int | None, typer.Option(help="one configuration with this many players")] = None,
    opt: Annotated[list[str] | None, typer.Option("--opt", help="game option key=value (repeatable)")] = None,
) -> None:
    """Check that a game keeps the contract every client relies on (the conformance kit)."""
    from kansei.testing import check_game

    chosen, left_out = _names(only, "--only"), _names(skip, "--skip") or []
    options = parse_options(opt)
    g = load_game(game, options)
    configs = None
    if options or players is not None:
        configs = [{"options": options, "players": g.player_count(players)}]
    t0 = time.perf_counter()
    report = check_game(
        g,
        configs=configs,
        seeds=range(seeds),
        end_seeds=range(100, 100 + games),
        probes=probes,
        only=chosen,
        skip=left_out,
        raise_on_failure=False,
    )
    dt = time.perf_counter() - t0
    failed = {f.check for f in report.failures}
    for name in report.checks:
        took = report.seconds.get(name, 0.0)
        mark = "[bold red]FAIL[/]" if name in failed else "[green]ok[/]  "
        out.print(f"{mark} {name:<12} {took:6.1f}s")
    for line in report.lines():
        err.print(f"[red]{clean(line, 600)}[/]", soft_wrap=True)
    summary = (
        f"{clean(g.id)}: {plural(len(report.configs), 'configuration')}, {plural(report.games, 'game')}, "
        f"{plural(report.probes, 'state')} looked at closely, {dt:.1f}s"
    )
    if report.failures:
        fail(f"{summary}: {plural(len(report.failures), 'failure')} in {', '.join(sorted(failed))}")
    out.print(f"{summary}: the contract holds", soft_wrap=True)
