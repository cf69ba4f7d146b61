"""``kansei train GAME``: fit the game's learned value on self-play games (kansei.agents.learned)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

import kansei
from kansei.core.errors import OptionError

from .common import (
    AsJson,
    GameId,
    RunSeed,
    Workers,
    app,
    clean,
    friendly,
    load_game,
    out,
    plural,
    progress_bar,
    split_agents,
)


@app.command()
@friendly
def train(
    game: GameId,
    games_: Annotated[int, typer.Option("--games", min=1, help="self-play games")] = 2000,
    seed: RunSeed = 0,
    workers: Workers = 1,
    agent: Annotated[str, typer.Option(help="the self-play bot in every seat")] = "greedy:noise=0.1",
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="a running Ray cluster (default: RAY_ADDRESS)")] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="the weights file (default: the one kansei ships, data/weights/GAME.json)"),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Learn GAME's value (a chance of winning from its position features) by self-play, and write the
    weights. The same options give the same file, byte for byte."""
    from kansei.agents import learned
    from kansei.agents.hints import hint
    from kansei.core.replay import content_digest
    from kansei.sim.selfplay import positions

    g = load_game(game, {})
    if hint(g, "features") is None or not hint(g, "feature_names"):
        raise OptionError(
            f"{game} has no features for a learned value (features and feature_names in bots.py)"
        )
    if len(split_agents(agent)) != 1:
        raise OptionError("--agent takes one agent spec, e.g. greedy:noise=0.1")
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise OptionError("kansei train needs numpy (pip install -e '.[train]')") from None
    with progress_bar(f"{game} self-play") as bar:
        task = bar.add_task("games", total=games_)
        xs, ys = positions(
            game,
            games_,
            seed=seed,
            workers=workers,
            spec=agent,
            backend=backend,
            address=address,
            progress=lambda k: bar.advance(task, k),
        )
    unit = learned.eval_unit([x[0] for x in xs])
    rows = [[x[0] / unit, *x[1:]] for x in xs]
    weights, figures = learned.fit(rows, ys)
    rec = learned.record(
        g,
        weights,
        unit,
        figures,
        {
            "games": games_,
            "seed": seed,
            "self_play": agent,
            "content": content_digest(g),
            "kansei": kansei.__version__,
            "command": f"kansei train {game} --games {games_} --seed {seed} --agent {agent}",
        },
    )
    path = save or learned.weights_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(rec, indent=1) + "\n", "utf-8")
    tmp.replace(path)
    learned.forget()
    if as_json:
        print(json.dumps(rec))
        return
    out.print(
        f"[bold]{clean(game)}[/]: {plural(figures['positions'], 'position')} from {plural(games_, 'game')}; "
        f"log loss {figures['log_loss']:.4f}, {figures['accuracy']:.1%} of decided games foreseen"
    )
    for name, w in zip(rec["features"], rec["weights"], strict=True):
        out.print(f"  {clean(name, 30):<14} {w:+.4f}")
    out.print(f"written to {clean(path)}")
