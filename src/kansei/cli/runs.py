"""``kansei sim`` and ``kansei ladder``: many bot games over worker processes.

One Ctrl-C stops promptly: the games finished so far are summarised (marked partial) and their replays are
already written; the exit code is then 130. Save targets are checked before the first game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from kansei.core import replay as replays
from kansei.core.errors import OptionError

from .common import (
    AsJson,
    GameId,
    Mode,
    Opts,
    Players,
    RunSeed,
    Workers,
    app,
    clean,
    err,
    friendly,
    load_game,
    out,
    parse_options,
    plural,
    progress_bar,
    split_agents,
)


def _check_counts(games: int, workers: int) -> None:
    if games < 1:
        raise OptionError("--games must be at least 1")
    if workers < 1:
        raise OptionError("--workers must be at least 1")


def _stopped_note(res: dict[str, Any] | Any, played: int, planned: int) -> str:
    stopped = res.get("stopped") if isinstance(res, dict) else getattr(res, "stopped", None)
    return f"partial: {stopped} after {played:,} of {planned:,} games" if stopped else ""


def _ms(t: Any) -> str:
    if t is None or t.ms_median is None:
        return "—"
    return f"{t.ms_median:,.1f}, {t.ms_p95:,.1f}"


def _end(stopped: str | None, interrupted: bool) -> None:
    if stopped:
        err.print(f"[yellow]{clean(stopped)}: the results above are partial[/]")
        raise typer.Exit(130 if interrupted else 1)


# ----------------------------------------------------------------------------------- sim
@app.command()
@friendly
def sim(
    game: GameId,
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

    _check_counts(games_, workers)
    options = parse_options(opt, mode)
    g = load_game(game, options)
    if players is not None:
        g.player_count(players)  # before the progress bar: one line naming the game's range
    specs = split_agents(agents)
    if save_replays is not None:
        replays.check_folder_target(save_replays)  # before playing: never lose what was played
    with progress_bar(game) as bar:
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
        _end(res.get("stopped"), bool(res.get("interrupted")))
        return
    note = _stopped_note(res, res["games"], games_)
    title = f"{clean(game)}: {plural(res['games'], 'game')}, {res['players']} seats, seed {seed}"
    t = Table(title=title + (f" — [yellow]{note}[/]" if note else ""))
    for col in ("agent", "wins", "win rate", "95% interval", "mean return"):
        agent = col == "agent"  # a spec to copy whole: folded on a narrow terminal, never cut short
        t.add_column(col, justify="left" if agent else "right", overflow="fold" if agent else "ellipsis")
    for name in res["agents"]:
        lo, hi = res["ci95"][name]
        t.add_row(
            clean(name, 120),
            str(res["wins"][name]),
            f"{res['win_rate'][name]:.1%}",
            f"{lo:.1%} – {hi:.1%}",
            f"{res['mean_return'][name]:+.3f}",
        )
    out.print(t)
    seats = ", ".join(f"seat {k}: {v}" for k, v in res["seat_wins"].items())
    speed = f"{res['games_per_sec']} games/s" if res["games_per_sec"] else "—"
    out.print(
        f"draws {res['draws']}; wins by seat: {seats}; {res['mean_actions']:.1f} actions per game; "
        f"{res['seconds']:.2f} s ({speed})"
    )
    if save_replays:
        out.print(f"{plural(res['games'], 'replay')} written to {clean(save_replays)}/")
    _end(res.get("stopped"), bool(res.get("interrupted")))


# ----------------------------------------------------------------------------------- ladder
@app.command()
@friendly
def ladder(
    game: GameId,
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
    levels: Annotated[
        bool,
        typer.Option(
            "--levels",
            help="calibrate the named levels: each against greedy and the level below (greedy = 0)",
        ),
    ] = False,
    until: Annotated[
        float | None,
        typer.Option(
            help="stop a pairing once its 95% interval is ± this narrow (e.g. 0.05), at most --games"
        ),
    ] = None,
    ceiling: Annotated[
        bool,
        typer.Option(
            "--ceiling",
            help="with --levels: also the clairvoyant ceiling (the expert seeing every card, 10× its budget)",
        ),
    ] = False,
    save_ratings: Annotated[
        bool, typer.Option("--save-ratings", help="with --levels: write the ratings kansei ships")
    ] = False,
    ratings_file: Annotated[
        Path | None, typer.Option(help="with --save-ratings: another ratings file to write")
    ] = None,
) -> None:
    """Round robin between bots: win-rate matrix with 95% intervals, Bradley–Terry ratings (Elo scale).
    With --levels, the calibration of the named levels (kansei levels shows the result)."""
    from kansei.sim.ladder import ladder as run_ladder
    from kansei.sim.ladder import plan_players

    _check_counts(games_, workers)
    if (save_ratings or ceiling) and not levels:
        raise OptionError("--save-ratings and --ceiling go with --levels")
    options = parse_options(opt, mode)
    g = load_game(game, options)
    if players is not None:
        g.player_count(players)
    pairs = None
    anchor = 0
    sees_all: list[int] = []
    if levels:
        from kansei.sim import calibrate

        if options:
            raise OptionError("--levels rates the game with its default options: leave out --opt and --mode")
        specs = list(calibrate.AGENTS)
        pairs = calibrate.level_pairs(ceiling)
        anchor = specs.index("greedy")
        if ceiling:
            sees_all = [len(specs)]
            specs.append(calibrate.ceiling_spec(g))
    else:
        specs = split_agents(agents)
    if len(specs) < 2:
        raise OptionError("a ladder needs at least two agents, e.g. --agents random,greedy,mcts")
    total = len(plan_players(g, specs, pairs, sees_all)[1]) * games_
    with progress_bar(f"{game} ladder") as bar:
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
            pairs=pairs,
            until=until,
            anchor=anchor,
            sees_all=sees_all,
        )
    if save_ratings:
        from kansei.sim import calibrate

        command = (
            f"kansei ladder {game} --levels --games {games_} --seed {seed}"
            + (f" --until {until:g}" if until else "")
            + (" --ceiling" if ceiling else "")
        )
        path = ratings_file or calibrate.ratings_path()
        calibrate.merge(path, game, calibrate.entry(g, res, command))
        err.print(f"ratings of {clean(game)} written to {clean(path)}")
    if as_json:
        print(json.dumps(res.to_dict()))
        _end(res.stopped, res.interrupted)
        return
    names = res.agents
    played = sum(p.games for p in res.pairings)
    note = _stopped_note(res, played, total)
    # titles above the tables as lines of their own (a table's title wraps at the table's width)
    out.print(
        f"[bold]{clean(game)}: row's win rate against column (95% interval)[/]"
        + (f" — [yellow]{note}[/]" if note else "")
    )
    m = Table()
    m.add_column("agent")
    for name in names:
        m.add_column(clean(name, 40), justify="center")
    for i, name in enumerate(names):
        cells = []
        for j in range(len(names)):
            c = res.matrix[i][j]
            if c is None or c["rate"] is None:
                cells.append("—")
            else:
                cells.append(f"{c['rate']:.0%}\n[dim]{c['low']:.0%}–{c['high']:.0%}[/]")
        m.add_row(clean(name, 40), *cells)
    out.print(m)
    if res.until:
        out.print(f"[dim]a pairing stopped once its 95% interval was within ±{res.until:.0%}[/]")
    # under the matrix, not as its caption (a caption wraps at the table's width)
    out.print(f"[dim]{games_} games per pairing, {res.players} seats, seed {seed}; a draw counts ½[/]")
    for i, first in enumerate(res.same_as):
        if first != i:
            same = f"{clean(names[i], 40)} plays {clean(names[first], 40)}'s spec"
            out.print(f"[dim]{same}: one player, its games are those[/]")
    out.print(f"[bold]Bradley–Terry ratings, Elo scale, {clean(names[res.anchor], 40)} = 0[/]")
    r = Table()
    for col in ("#", "agent", "rating", "95% interval", "games", "score", "ms a move\n(median, p95)"):
        agent = col == "agent"  # a spec to copy whole: folded on a narrow terminal, never cut short
        r.add_column(col, justify="left" if agent else "right", overflow="fold" if agent else "ellipsis")
    think = {name: res.think[i] for i, name in enumerate(names) if i < len(res.think)}
    for rank, x in enumerate(sorted(res.ratings, key=lambda x: -x.rating), 1):
        interval = "anchor" if x.agent == names[res.anchor] else f"{x.low:+.0f} … {x.high:+.0f}"
        r.add_row(
            str(rank),
            clean(x.agent, 120),
            f"{x.rating:+.0f}",
            interval,
            str(x.games),
            f"{x.score / x.games:.1%}" if x.games else "—",
            _ms(think.get(x.agent)),
        )
    out.print(r)
    out.print(f"{plural(played, 'game')} in {res.seconds:.1f} s with {plural(workers, 'worker')}")
    _end(res.stopped, res.interrupted)
