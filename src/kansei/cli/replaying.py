"""``kansei replay``: re-run a replay and check its result, or step through it as one seat saw it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from kansei.core import replay as replays
from kansei.core.content import shorten_path
from kansei.core.errors import KanseiError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game, State

from .common import Lang, app, clean, fail, friendly, game_lang, out, plural, say
from .lang import plural as plural_in
from .lang import tr


def _narrate(game: Game, state: State, seat: int | None, start: int, lang: str) -> int:
    """Print the narration of ``events_for(seat)`` from ``start``; returns the new count."""
    events = state.events_for(seat, start)
    for e in events:
        line = game.narrate(e, seat, lang)
        if line:
            say(line)
    return start + len(events)


@app.command("replay")
@friendly
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a kansei-replay/1 JSON file")],
    show: Annotated[bool, typer.Option(help="narrate every public event")] = False,
    step: Annotated[
        bool, typer.Option("--step", help="one action at a time (Enter: next, b: board, q: stop)")
    ] = False,
    seat: Annotated[
        int | None,
        typer.Option(help="with --step: see the game as this seat saw it (from 0: seat 0 is Player 1)"),
    ] = None,
    lang: Lang = None,
) -> None:
    """Re-run a replay or scenario file and check that the recorded result is reproduced."""
    display = shorten_path(file, 80)
    rep = replays.read(file)
    if step or seat is not None:
        step_through(rep, display, seat, lang)
        return
    res = replays.run(rep, display)
    st = res.state
    g = st.game
    if show:
        lng = game_lang(g, lang)
        _narrate(g, st, None, 0, lng)
        out.print(g.render(st, None, lng))
    if res.error or res.reproduced is False:
        problem = res.error or "NOT reproduced — " + "; ".join(res.mismatches)
        if res.content_changed:
            fail(f"{display}: {res.content_note()}; {problem.removeprefix(display + ': ')}")
        fail(problem if res.error else f"{display}: {problem}")
    where = plural(res.applied, "action")
    status = "over" if st.is_over else f"in progress, seat {st.to_move} to move"
    name = clean(rep["game"], 40)
    if res.expected is None:
        out.print(
            f"{clean(display)}: {name}, {where}, {status} (no recorded result to check)", soft_wrap=True
        )
        return
    who = ("a draw" if st.winner is None else f"seat {st.winner} wins") if st.is_over else ""
    note = " [dim](content changed since, the result still holds)[/]" if res.content_changed else ""
    out.print(
        f"[green]reproduced[/]: {clean(display)}: {name}, {where}, {status}{', ' + who if who else ''}{note}",
        soft_wrap=True,
    )


def step_through(rep: dict, display: str, seat: int | None, lang: str | None) -> None:
    """Every action in turn, as ``seat`` saw it (None: as a spectator): the others' moves by their public
    notation, the events that seat was told, its board on request."""
    g, state, model = replays.start(rep, display)
    lng = game_lang(g, lang)
    if seat is not None and not 0 <= seat < state.players:
        raise OptionError(f"--seat must be 0..{state.players - 1}")
    named = g.names(None, lng)  # "Player 2", as the game's own narration names the seats
    who = escape(named(seat)) if seat is not None else tr(lng, "spectator")
    total = len(model.actions)
    out.print(plural_in(lng, "steps", total, game=clean(g.title(lng)), who=who))
    told = _narrate(g, state, seat, 0, lng)
    ended = False  # the input ran out: go on to the end without asking
    for i, text in enumerate(model.actions, 1):
        mover = state.to_move
        try:
            action = g.parse(state, text)
        except KanseiError as e:
            fail(f"{display}: action {i} {shorten(text)!r}: {e}")
        shown = action.notation if mover == seat else state.public_notation(action)
        state.apply(action)
        actor = tr(lng, "you") if mover == seat else escape(named(mover))
        out.print(f"[bold]{i}/{total}[/] {tr(lng, 'told', who=actor, what=clean(shown, 200))}")
        told = _narrate(g, state, seat, told, lng)
        cmd = ""
        while not ended:
            try:
                cmd = out.input("[dim]›[/] ").strip().lower()[:20]
            except EOFError:
                ended, cmd = True, ""
            if cmd in ("b", "board"):
                out.print(g.render(state, seat, lng))
                continue
            break
        if cmd in ("q", "quit"):
            return
    out.print(g.render(state, seat, lng))
    if state.is_over:
        w = state.winner
        won = tr(lng, "draw") if w is None else tr(lng, "seat_wins", name=escape(named(w)))
        out.print(f"[bold]{won}[/]")
