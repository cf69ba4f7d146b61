"""``kansei play``: a game in the terminal against bots or hot seat, saved on quit, Ctrl-C or the end.

The seed comes from the OS's entropy unless ``--seed`` is given, and is never shown during play. The saved
file is a complete record (seed, every hand): it is for after the game, or for ``--resume``.
"""

from __future__ import annotations

import difflib
import secrets
import signal
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from kansei.agents import make_agent, parse_spec
from kansei.core import replay as replays
from kansei.core.content import shorten_path
from kansei.core.errors import ContentError, KanseiError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game
from kansei.core.rng import derive_seed

from .common import (
    Lang,
    Mode,
    Opts,
    app,
    clean,
    friendly,
    game_lang,
    load_game,
    out,
    parse_options,
    parse_seed,
)
from .lang import plural, tr
from .session import HUMAN, Screen, Session

CLIENT_OPTIONS = ("respond",)  # --opt keys the terminal itself reads when the game does not declare them


def resolve_deck(game: Game, text: str) -> str | dict[str, Any]:
    """One ``--deck``: a starter deck's name in any of the game's languages (kept as its English name, the
    one records store) or a deck file (read into deck data)."""
    starters = game.starter_decks()
    name = game.starter_named(text)
    if name is not None:
        return name
    path = Path(text)
    if path.exists():
        return game.load_deck(path)
    near = difflib.get_close_matches(text, starters, n=1, cutoff=0.5)
    hint = f" — did you mean {near[0]!r}?" if near else ""
    raise ContentError(
        [
            f"--deck {shorten(text, 40)!r}: neither a starter deck of {game.id}{hint} "
            f"({', '.join(starters) or 'it has none'}) nor a deck file"
        ]
    )


def seat_decks(game: Game, texts: list[str] | None, players: int, seat: int) -> list[Any] | None:
    """``--deck`` once: your seat's deck, the others play their starter decks; once per seat: in order."""
    if not texts:
        return None
    decks = [resolve_deck(game, t) for t in texts]
    if len(decks) == 1:
        out_decks: list[Any] = [None] * players
        out_decks[seat] = decks[0]
        return out_decks
    if len(decks) != players:
        raise OptionError(f"--deck: give one deck (yours) or one per seat ({players}), not {len(decks)}")
    return decks


def default_save(game_id: str) -> Path:
    """replays/<game>-<date-time>.json (no seed in the name: it is shown on screen)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path("replays") / f"{game_id}-{stamp}.json"
    k = 2
    while path.exists():
        path = Path("replays") / f"{game_id}-{stamp}-{k}.json"
        k += 1
    return path


def save_game(session: Session, record: dict[str, Any], path: Path, over: bool) -> None:
    rep = replays.make_replay(
        session.game.id,
        session.game.options_dict,
        record["seed"],
        session.state.players,
        record["decks"],
        record["setup"],
        session.actions,
        session.state,
        session.agents,
    )
    where, why = replays.save_somewhere(path, rep)
    lang = session.lang
    if why:
        out.print(f"[yellow]{tr(lang, 'saved_elsewhere', why=clean(why), where=clean(where))}[/]")
    if over:
        out.print(tr(lang, "saved_over", where=clean(where)))
    else:
        out.print(tr(lang, "saved_at", n=len(session.actions), where=clean(where)))


@app.command()
@friendly
def play(
    game: Annotated[str, typer.Argument(help="game id, e.g. touge")] = "touge",
    mode: Mode = None,
    vs: Annotated[
        str | None,
        typer.Option(help="opponents: an agent spec (random, greedy, mcts:iters=500) or human (hot seat)"),
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help="your seat, counted from 0: seat 0 is Player 1 (default 0)")
    ] = None,
    seed: Annotated[str | None, typer.Option(help="random seed (default: from the OS; never shown)")] = None,
    players: Annotated[int | None, typer.Option(help="number of seats (games for more than two)")] = None,
    opt: Opts = None,
    deck: Annotated[
        list[str] | None,
        typer.Option("--deck", help="a starter deck name or deck file: once (yours) or once per seat"),
    ] = None,
    lang: Lang = None,
    save: Annotated[Path | None, typer.Option(help="where to save the game (default replays/…)")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a game saved by quit or Ctrl-C")] = None,
    fast: Annotated[bool, typer.Option("--fast", help="no pauses between rounds of narration")] = False,
    respond: Annotated[
        str | None, typer.Option(help="auto: ask only when you have a real choice (default); ask: always")
    ] = None,
    moves: Annotated[
        str | None,
        typer.Option(
            help="what you type, given in advance: entries separated by ';' (a menu number or an action); "
            "the game is saved once they are used up (scripts, no keyboard needed)"
        ),
    ] = None,
) -> None:
    """Play in the terminal against a bot (or hot seat with --vs human)."""
    options = parse_options(opt)
    for key in CLIENT_OPTIONS:
        if key in options and respond is None:
            respond = str(options[key])
    if resume is not None:
        given = [
            n
            for n, v in (
                ("--mode", mode),
                ("--vs", vs),
                ("--seat", seat),
                ("--seed", seed),
                ("--players", players),
                ("--opt", opt),
                ("--deck", deck),
            )
            if v
        ]
        if given:
            raise OptionError(f"--resume continues a game as it was saved: drop {', '.join(given)}")
        session, record = resumed(resume, lang)
        save = save or resume
    else:
        if mode:
            options["mode"] = mode
        session, record = new_game(game, options, vs or "greedy", seat or 0, seed, players, deck, lang)
        save = save or default_save(session.game.id)
    replays.check_file_target(save)  # before playing: a game is never lost to a bad path
    if respond is not None and respond not in ("auto", "ask"):
        raise OptionError(f"respond must be auto or ask, not {shorten(respond, 20)!r}")
    session.auto = respond != "ask"
    script = [m.strip() for m in moves.split(";")] if moves is not None else None
    session.screen = Screen(fast=fast or script is not None, script=script, lang=session.lang)
    g = session.game
    if session.humans:
        me = escape(session.player(session.humans[0]))
        who = session.tr("hot_seat") if session.hot_seat else session.tr("you_are", name=me)
        out.print(session.tr("intro", game=clean(g.title(session.lang)), who=who))
    ctrl_c_stops()
    try:
        over = session.run()
    except KeyboardInterrupt:
        out.print(f"\n[yellow]{session.tr('interrupted')}[/]")
        save_game(session, record, save, False)
        raise typer.Exit(130) from None
    except EOFError:
        over = False
    if over:
        session.finish()
    save_game(session, record, save, over)


def ctrl_c_stops() -> None:
    """Ctrl-C stops an interactive game (and saves it) even where kansei was started by a process that
    ignores or blocks SIGINT and so handed that on (a script's background job, a test harness): Python
    then installs no KeyboardInterrupt of its own, and the bot would think on through every Ctrl-C."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def new_game(
    game_id: str,
    options: dict[str, Any],
    vs: str,
    seat: int,
    seed_text: str | None,
    players: int | None,
    deck: list[str] | None,
    lang: str | None,
) -> tuple[Session, dict[str, Any]]:
    game_options = {k: v for k, v in options.items() if k not in CLIENT_OPTIONS}
    if any(k in options for k in CLIENT_OPTIONS):
        cls_fields = load_game(game_id, {}).Options.model_fields
        game_options.update({k: v for k, v in options.items() if k in CLIENT_OPTIONS and k in cls_fields})
    g = load_game(game_id, game_options)
    lng = game_lang(g, lang)
    given = parse_seed(seed_text)
    seed = secrets.randbits(63) if given is None else given
    n = g.player_count(players)
    if not 0 <= seat < n:
        raise OptionError(f"--seat must be 0..{n - 1}")
    human_vs = vs.strip().lower() == HUMAN
    if not human_vs:
        parse_spec(vs)
    decks = seat_decks(g, deck, n, seat)
    state = g.start(seed=seed, players=n, decks=decks)
    agents = [HUMAN if (human_vs or s == seat) else vs.strip() for s in range(n)]
    # bots draw from the OS too, unless the game is seeded (then a replayable session)
    bots = {
        s: make_agent(spec, seed=secrets.randbits(63) if given is None else derive_seed(seed, "bot", s))
        for s, spec in enumerate(agents)
        if spec != HUMAN
    }
    session = Session(g, state, agents, bots, lng, Screen())
    return session, {"seed": seed, "decks": decks, "setup": None}


def resumed(path: Path, lang: str | None) -> tuple[Session, dict[str, Any]]:
    display = shorten_path(path, 80)
    rep = replays.read(path)
    g, state, model = replays.start(rep, display)
    lng = game_lang(g, lang)
    for i, text in enumerate(model.actions):
        try:
            state.apply(text)
        except KanseiError as e:
            raise ContentError(
                [f"{display}: action {i + 1} {shorten(text)!r} no longer applies: {e}"]
            ) from None
    if model.result is not None and replays.digest(state) != model.result.digest:
        changed = model.content is not None and model.content != replays.content_digest(g)
        why = (
            "content changed since this save" if changed else "the game no longer reaches the saved position"
        )
        raise ContentError([f"{display}: cannot resume: {why}"])
    if state.is_over:
        raise ContentError([f"{display}: this game is over; `kansei replay {display}` re-runs it"])
    n = state.players
    agents = [HUMAN if a in (HUMAN, "you") else a for a in (model.agents or [HUMAN] * n)]
    if len(agents) != n:
        raise ContentError([f"{display}: agents: one per seat ({n}) is needed"])
    bots = {s: make_agent(spec, seed=secrets.randbits(63)) for s, spec in enumerate(agents) if spec != HUMAN}
    session = Session(g, state, agents, bots, lng, Screen(), actions=list(model.actions), fresh=False)
    game = clean(g.title(lng))
    mover = state.to_move
    assert mover is not None  # the game is not over (above)
    out.print(plural(lng, "resumed", len(model.actions), game=game, name=escape(session.player(mover))))
    return session, {"seed": model.seed, "decks": model.decks, "setup": model.setup or None}
