"""The ``kansei`` command line: games, rules, play, sim, replay, validate (and ladder).

Errors a user can cause (unknown game, bad option, malformed file, illegal action) print one clear line per
problem and exit 1 — never a traceback.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from collections.abc import Callable
from datetime import datetime
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import kansei
from kansei.agents import choose, make_agent, parse_spec
from kansei.core import replay as replays
from kansei.core.errors import ContentError, IllegalAction, KanseiError, OptionError
from kansei.core.protocol import Game, State
from kansei.core.registry import broken, game_class

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="kansei: play, simulate and study five tabletop racing and battle card games.",
    rich_markup_mode="rich",
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def fail(message: str) -> NoReturn:
    for line in str(message).splitlines() or [str(message)]:
        err.print(f"[bold red]error:[/] {line}", markup=True, soft_wrap=True)
    raise typer.Exit(1)


def friendly(fn: Callable) -> Callable:
    """Turn user-caused errors into one line each and exit code 1."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except KanseiError as e:
            fail(str(e))

    return wrapper


# ----------------------------------------------------------------------------------- helpers
def _coerce(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def parse_options(opts: list[str] | None, mode: str | None = None) -> dict:
    """``--opt key=value`` (repeatable) and ``--mode`` into a game options dict."""
    options: dict[str, Any] = {}
    for o in opts or []:
        key, eq, val = o.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"--opt expects key=value, got {o!r}")
        options[key.strip()] = _coerce(val.strip())
    if mode:
        options["mode"] = mode
    return options


def load_game(game_id: str, options: dict) -> Game:
    cls = game_class(game_id)
    if "mode" in options and "mode" not in cls.Options.model_fields:
        raise OptionError(f"{game_id} has no modes")
    return kansei.load(game_id, **options)


def split_agents(text: str) -> list[str]:
    """'random,mcts:iters=200,time=1' -> ['random', 'mcts:iters=200,time=1'] (keys stay with their agent)."""
    parts: list[str] = []
    for chunk in text.split(","):
        chunk = chunk.strip()
        if not chunk:
            continue
        if parts and "=" in chunk and ":" not in chunk.split("=")[0] and ":" in parts[-1]:
            parts[-1] += "," + chunk
        else:
            parts.append(chunk)
    if not parts:
        raise OptionError("--agents needs at least one agent, e.g. --agents greedy,random")
    for p in parts:
        parse_spec(p)
    return parts


def progress_bar(total: int, label: str) -> Progress:
    return Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    )


# Options shared by the commands that run many games (sim, ladder).
RunSeed = Annotated[int, typer.Option(help="seed of the whole run")]
Workers = Annotated[int, typer.Option(help="worker processes")]
Players = Annotated[int | None, typer.Option(help="seats per game (games for more than two)")]
Mode = Annotated[str | None, typer.Option(help="game mode")]
Opts = Annotated[list[str] | None, typer.Option("--opt", help="game option key=value (repeatable)")]
AsJson = Annotated[bool, typer.Option("--json", help="print one JSON object")]


# ----------------------------------------------------------------------------------- games
@app.command()
@friendly
def games() -> None:
    """List the games this engine runs."""
    t = Table(title="kansei games")
    for col in ("id", "game", "players", "options (default first)"):
        t.add_column(col)
    for gid in kansei.games():
        cls = game_class(gid)
        opts = []
        for name, f in cls.Options.model_fields.items():
            choices = getattr(f.annotation, "__args__", None)
            if choices and all(isinstance(c, str) for c in choices):
                vals = [str(f.default)] + [c for c in choices if c != f.default]
                opts.append(f"{name}: {'|'.join(vals)}")
            else:
                opts.append(f"{name}={f.default}")
        players = (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}–{cls.max_players}"
        )
        t.add_row(gid, cls.name, players, "\n".join(opts))
    out.print(t)
    for label, why in broken().items():
        err.print(f"[yellow]broken plugin[/] {escape(label)}: {escape(why)}", soft_wrap=True)


# ----------------------------------------------------------------------------------- rules
RULE_ID = re.compile(r"\*\*([A-Z]{2}-[A-Z]+\d+)")


def _repo_root() -> Path:
    return Path(kansei.__file__).resolve().parents[2]


def _grep(root: Path, pattern: str, suffix: str = ".py") -> dict[str, list[str]]:
    """rule id -> ['path:line', ...] for every citation under ``root``."""
    found: dict[str, list[str]] = {}
    if not root.exists():
        return found
    rx = re.compile(pattern)
    for path in sorted(root.rglob(f"*{suffix}")):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for no, line in enumerate(lines, 1):
            for rid in rx.findall(line):
                found.setdefault(rid, []).append(f"{path.relative_to(root.parent)}:{no}")
    return found


def rules_coverage(game: Game) -> tuple[list[str], dict, dict, bool]:
    rules_path = game.rules_file()
    text = rules_path.read_text(encoding="utf-8") if rules_path is not None else ""
    ids = list(dict.fromkeys(RULE_ID.findall(text)))
    prefix = ids[0].split("-")[0] if ids else "XX"
    pat = rf"\b({prefix}-[A-Z]+\d+)\b"
    pkg = Path(kansei.__file__).resolve().parent
    code = _grep(pkg, pat)
    tests_dir = _repo_root() / "tests"
    tests = _grep(tests_dir, pat)
    return ids, code, tests, tests_dir.exists()


@app.command()
@friendly
def rules(
    game: Annotated[str, typer.Argument(help="game id, e.g. touge")],
    coverage: Annotated[bool, typer.Option("--coverage", help="only the rule-id coverage table")] = False,
) -> None:
    """The game's rules reference; for each rule id, the code that implements it and the tests citing it."""
    g = kansei.load(game)
    path = g.rules_file()
    if path is None or not path.exists():
        fail(f"{game}: no rules reference shipped")
    if not coverage:
        out.print(Markdown(path.read_text(encoding="utf-8")))
    ids, code, tests, have_tests = rules_coverage(g)
    t = Table(title=f"{g.name}: rule ids, implementing code and citing tests")
    t.add_column("rule")
    t.add_column("code")
    t.add_column("tests")
    missing_code, missing_tests = [], []
    for rid in ids:
        c = code.get(rid, [])
        ts = tests.get(rid, [])
        if not c:
            missing_code.append(rid)
        if not ts:
            missing_tests.append(rid)
        t.add_row(
            rid,
            "\n".join(c[:3]) + (f"\n(+{len(c) - 3} more)" if len(c) > 3 else "") or "[red]none",
            ("\n".join(ts[:3]) + (f"\n(+{len(ts) - 3} more)" if len(ts) > 3 else ""))
            or ("[red]none" if have_tests else "[dim](tests not installed)"),
        )
    out.print(t)
    out.print(f"{len(ids)} rule ids; without implementing code: {', '.join(missing_code) or 'none'}")
    if have_tests:
        out.print(f"without a citing test: {', '.join(missing_tests) or 'none'}")


# ----------------------------------------------------------------------------------- play
def _narrate(game: Game, events: list[dict[str, Any]], seat: int | None, lang: str = "en") -> None:
    """Tell ``seat`` the events it was given by ``state.events_for(seat)``."""
    for e in events:
        line = game.narrate(e, seat, lang)
        if line:
            out.print(f"  [cyan]›[/] {escape(line)}")


def _save_play(
    game: Game,
    state: State,
    seed: int,
    players: int,
    decks: list | None,
    actions: list[str],
    agents: list[str],
    path: Path | None,
) -> Path:
    path = path or Path("replays") / f"{game.id}-{datetime.now():%Y%m%d-%H%M%S}-{seed}.json"
    rep = replays.make_replay(
        game.id,
        game.options_dict,
        seed,
        players,
        decks,
        None,
        actions,
        state if state.is_over else None,
        agents,
    )
    return replays.save(path, rep)


@app.command()
@friendly
def play(
    game: Annotated[str, typer.Argument(help="game id, e.g. touge")] = "touge",
    mode: Annotated[str | None, typer.Option(help="game mode, e.g. time_attack or sudden_death")] = None,
    vs: Annotated[
        str, typer.Option(help="opponent: an agent spec (random, greedy, mcts:iters=500) or human")
    ] = "greedy",
    seat: Annotated[int, typer.Option(help="your seat (0 moves first where the rules let seats decide)")] = 0,
    seed: Annotated[int | None, typer.Option(help="random seed (default: from the clock)")] = None,
    players: Annotated[int | None, typer.Option(help="number of seats (games for more than two)")] = None,
    opt: Opts = None,
    deck: Annotated[
        list[str] | None, typer.Option("--deck", help="deck per seat: starter name or file")
    ] = None,
    lang: Annotated[str, typer.Option(help="card text language: en or ja")] = "en",
    save: Annotated[Path | None, typer.Option(help="where to save the replay")] = None,
) -> None:
    """Play in the terminal against a bot (or hot-seat with --vs human)."""
    options = parse_options(opt, mode)
    g = load_game(game, options)
    g.check_lang(lang)
    seed = secrets.randbits(63) if seed is None else seed
    n = players or g.min_players
    decks = list(deck) if deck else None
    state = g.start(seed=seed, players=n, decks=decks)
    if not 0 <= seat < n:
        raise OptionError(f"--seat must be 0..{n - 1}")
    human = vs.strip().lower() == "human"
    bots = {} if human else {s: make_agent(vs, seed=seed * 31 + s) for s in range(n) if s != seat}
    names = ["you" if (s == seat or human) else vs for s in range(n)]
    actions: list[str] = []
    out.print(f"[bold]{g.name}[/]. Type a number or an action; [bold]help[/] lists commands.")
    seen = [0] * n  # per seat: how many of its events it has been told
    while not state.is_over:
        me = state.to_move
        assert me is not None
        viewer = me if human else seat
        _narrate(g, state.events_for(viewer, seen[viewer]), viewer, lang)
        seen[viewer] = len(state.events_for(viewer))
        if me in bots:
            a = choose(bots[me], state, me)
            out.print(f"[magenta]seat {me} ({escape(vs)})[/]: {escape(state.public_notation(a))}")
            state.apply(a, seat=me)
            actions.append(a.notation)
            continue
        out.print(g.render(state, viewer, lang))
        legal = state.legal_actions()
        for i, a in enumerate(legal, 1):
            text = escape(g.describe_action(state, a, lang))
            out.print(f"  [bold]{i:>2}[/]. {text}  [dim]({escape(a.notation)})[/]")
        try:
            text = input(f"seat {me}> ").strip()
        except (EOFError, KeyboardInterrupt):
            text = "quit"
        if not text:
            continue
        low = text.lower()
        if low in ("quit", "exit", "q"):
            p = _save_play(g, state, seed, n, decks, actions, names, save)
            out.print(f"Saved the game so far to {p} — `kansei replay {p}` re-runs it.")
            return
        if low in ("help", "?", "h"):
            out.print(
                "Commands: a number from the list, an action's notation, [bold]view[/] (the JSON you "
                "see), [bold]log[/] (recent events), [bold]quit[/] (save a replay and stop)."
            )
            continue
        if low == "view":
            out.print_json(json.dumps(state.view(viewer)))
            continue
        if low == "log":
            _narrate(g, state.events_for(viewer)[-20:], viewer, lang)
            continue
        try:
            a = (
                legal[int(text) - 1]
                if text.isdigit() and 1 <= int(text) <= len(legal)
                else g.parse(state, text)
            )
            state.apply(a, seat=me)
            actions.append(a.notation)
        except IllegalAction as e:
            out.print(f"[red]{escape(str(e))}[/]")
    final = None if human else seat
    _narrate(g, state.events_for(final, seen[final] if final is not None else 0), final, lang)
    out.print(g.render(state, final, lang))
    w = state.winner
    if w is None:
        out.print("[bold]The game is a draw.[/]")
    else:
        out.print(f"[bold green]Seat {w} ({names[w]}) wins.[/]")
    p = _save_play(g, state, seed, n, decks, actions, names, save)
    out.print(f"Replay saved to {p}.")


# ----------------------------------------------------------------------------------- sim
@app.command()
@friendly
def sim(
    game: Annotated[str, typer.Argument(help="game id")],
    agents: Annotated[
        str, typer.Option(help="comma-separated agent specs; seats alternate between them")
    ] = "greedy,random",
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    seed: RunSeed = 0,
    workers: Workers = 1,
    players: Players = None,
    mode: Mode = None,
    opt: Opts = None,
    as_json: AsJson = False,
    save_replays: Annotated[Path | None, typer.Option(help="folder to write one replay per game")] = None,
) -> None:
    """Play many bot games and report win rates with 95% intervals."""
    from kansei.sim import simulate

    if games_ < 1:
        raise OptionError("--games must be at least 1")
    if workers < 1:
        raise OptionError("--workers must be at least 1")
    options = parse_options(opt, mode)
    load_game(game, options)
    specs = split_agents(agents)
    with progress_bar(games_, f"{game}") as bar:
        task = bar.add_task("games", total=games_)
        res = simulate(
            game,
            options,
            specs,
            games_,
            seed=seed,
            workers=workers,
            players=players,
            save_replays=save_replays,
            progress=lambda k: bar.advance(task, k),
        )
    if as_json:
        print(json.dumps(res))
        return
    t = Table(title=f"{game}: {res['games']} games, {res['players']} seats, seed {seed}")
    for col in ("agent", "wins", "win rate", "95% interval", "mean return"):
        t.add_column(col, justify="right" if col != "agent" else "left")
    for name in res["agents"]:
        lo, hi = res["ci95"][name]
        t.add_row(
            name,
            str(res["wins"][name]),
            f"{res['win_rate'][name]:.1%}",
            f"{lo:.1%} – {hi:.1%}",
            f"{res['mean_return'][name]:+.3f}",
        )
    out.print(t)
    seats = ", ".join(f"seat {k}: {v}" for k, v in res["seat_wins"].items())
    out.print(
        f"draws {res['draws']}; wins by seat: {seats}; {res['mean_actions']:.1f} actions per game; "
        f"{res['seconds']:.2f} s ({res['games_per_sec']} games/s)"
    )
    if save_replays:
        out.print(f"replays written to {save_replays}/")


# ----------------------------------------------------------------------------------- replay
@app.command("replay")
@friendly
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a kansei-replay/1 JSON file")],
    show: Annotated[bool, typer.Option(help="narrate every event")] = False,
) -> None:
    """Re-run a replay or scenario file and check that the recorded result is reproduced."""
    rep = replays.read(file)
    res = replays.run(rep, str(file))
    g = res.state.game
    if show:
        _narrate(g, res.state.events_for(None), None)
        out.print(g.render(res.state, None))
    if res.error:
        fail(res.error)
    st = res.state
    where = f"{res.applied} actions"
    status = "over" if st.is_over else f"in progress, seat {st.to_move} to move"
    if res.expected is None:
        out.print(f"{file}: {rep['game']}, {where}, {status} (no recorded result to check)")
        return
    if res.reproduced:
        who = "a draw" if st.winner is None else f"seat {st.winner} wins"
        out.print(
            f"[green]reproduced[/]: {file}: {rep['game']}, {where}, {status}"
            + (f", {who}" if st.is_over else "")
        )
        return
    got = replays.result_of(st)
    diffs = [f"{k}: recorded {v!r}, got {got.get(k)!r}" for k, v in res.expected.items() if got.get(k) != v]
    fail(f"{file}: NOT reproduced — " + "; ".join(diffs))


# ----------------------------------------------------------------------------------- validate
def _guess_game(path: Path) -> str | None:
    parts = path.resolve().parts
    for gid in kansei.games():
        if gid in parts and "games" in parts:
            return gid
    if path.is_file() and path.suffix == ".toml":
        try:
            import tomllib

            data = tomllib.loads(path.read_text(encoding="utf-8"))
            if isinstance(data.get("game"), str):
                return data["game"]
        except (OSError, ValueError):
            return None
    return None


@app.command()
@friendly
def validate(
    path: Annotated[
        Path, typer.Argument(help="a content folder, or a deck file (TOML or '3 Card Name' lines)")
    ],
    game: Annotated[
        str | None, typer.Option(help="game id (guessed from the path or file when omitted)")
    ] = None,
) -> None:
    """Check a content folder or a deck file: one line per problem; exit 1 if there is any."""
    if not path.exists():
        fail(f"{path}: no such file or folder")
    gid = game or _guess_game(path)
    candidates = [gid] if gid else kansei.games()
    best: tuple[str, list[str]] | None = None
    for cand in candidates:
        problems = kansei.load(cand).validate_content(path)
        if best is None or len(problems) < len(best[1]):
            best = (cand, problems)
    assert best is not None
    gid, problems = best
    warnings = [p for p in problems if p.lower().startswith("warning")]
    errors = [p for p in problems if not p.lower().startswith("warning")]
    for w in warnings:
        err.print(f"[yellow]{w}[/]", soft_wrap=True)
    if errors:
        raise ContentError(errors)
    out.print(
        f"[green]ok[/]: {path} is valid {game_class(gid).name} content"
        + (f" ({len(warnings)} warnings)" if warnings else "")
    )


# ----------------------------------------------------------------------------------- ladder (issue 7)
@app.command()
@friendly
def ladder(
    game: Annotated[str, typer.Argument(help="game id")],
    agents: Annotated[
        str, typer.Option(help="comma-separated agent specs, e.g. random,greedy,mcts:iters=200,mcts:time=1")
    ] = "random,greedy,mcts",
    games_: Annotated[int, typer.Option("--games", help="games per pairing (even: balanced seats)")] = 20,
    seed: RunSeed = 0,
    workers: Workers = 1,
    players: Players = None,
    mode: Mode = None,
    opt: Opts = None,
    as_json: AsJson = False,
) -> None:
    """Round robin between bots: win-rate matrix with 95% intervals, Bradley–Terry ratings (Elo scale)."""
    from kansei.sim.ladder import ladder as run_ladder

    if games_ < 1:
        raise OptionError("--games must be at least 1")
    if workers < 1:
        raise OptionError("--workers must be at least 1")
    options = parse_options(opt, mode)
    load_game(game, options)
    specs = split_agents(agents)
    if len(specs) < 2:
        raise OptionError("a ladder needs at least two agents, e.g. --agents random,greedy,mcts")
    total = len(specs) * (len(specs) - 1) // 2 * games_
    with progress_bar(total, f"{game} ladder") as bar:
        task = bar.add_task("games", total=total)
        res = run_ladder(
            game,
            options,
            specs,
            games_,
            seed=seed,
            workers=workers,
            players=players,
            progress=lambda k: bar.advance(task, k),
        )
    if as_json:
        print(json.dumps(res.to_dict()))
        return
    names = res.agents
    m = Table(
        title=f"{game}: row's win rate against column (95% interval)",
        caption=f"{games_} games per pairing, {res.players} seats, seed {seed}; a draw counts ½",
    )
    m.add_column("agent")
    for name in names:
        m.add_column(name, justify="center")
    for i, name in enumerate(names):
        cells = []
        for j in range(len(names)):
            c = res.matrix[i][j]
            cells.append("—" if c is None else f"{c['rate']:.0%}\n[dim]{c['low']:.0%}–{c['high']:.0%}[/]")
        m.add_row(name, *cells)
    out.print(m)
    r = Table(title=f"Bradley–Terry ratings, Elo scale, {names[0]} = 0")
    for col in ("#", "agent", "rating", "95% interval", "games", "score"):
        r.add_column(col, justify="left" if col == "agent" else "right")
    for rank, x in enumerate(sorted(res.ratings, key=lambda x: -x.rating), 1):
        interval = "anchor" if x.agent == names[0] else f"{x.low:+.0f} … {x.high:+.0f}"
        r.add_row(
            str(rank),
            x.agent,
            f"{x.rating:+.0f}",
            interval,
            str(x.games),
            f"{x.score / x.games:.1%}" if x.games else "—",
        )
    out.print(r)
    out.print(f"{sum(p.games for p in res.pairings)} games in {res.seconds:.1f} s with {workers} worker(s)")


# The extras' commands (their modules import their heavy libraries only when a command runs).
from kansei.lab.cli import app as lab_app  # noqa: E402  (kansei lab: the balance lab)
from kansei.web.cli import serve  # noqa: E402  (kansei serve: the browser table)

app.add_typer(lab_app, name="lab")
app.command()(serve)


def main() -> None:
    try:
        app()
    except KanseiError as e:  # pragma: no cover - commands catch these themselves
        for line in str(e).splitlines():
            err.print(f"[bold red]error:[/] {line}")
        sys.exit(1)


if __name__ == "__main__":
    main()
