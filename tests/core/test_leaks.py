"""What a seat is told is the same in two worlds that differ only in what the seat cannot see.

For every registered game and configuration, at points of random games, for each seat and the spectator:
``world = state.determinize(seat, rng)`` resamples everything hidden from that seat. Everything the seat is
told must be identical in both: its view, its events and their narration, the board as rendered for it,
its menu (when it is to move), and the refusals it gets for any text it may type.
"""

from __future__ import annotations

import io
import random

from rich.console import Console

import kansei
from kansei import IllegalAction
from kansei.testing import play_random


def rendered(game: kansei.Game, state: kansei.State, seat: int | None) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None, emoji=False)
    console.print(game.render(state, seat))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return str(out)


def refusal(state: kansei.State, text: str, seat: int | None) -> str:
    try:
        state.clone().apply(text, seat=seat)
    except IllegalAction as e:
        return str(e)
    return "accepted"


def probes(state: kansei.State) -> list[str]:
    """Texts a curious player might type: every card name and slug of the game after a few verbs."""
    names = [face["slug"] for face in state.game.cards()][:40] or ["x"]
    return [f"{verb} {name}" for verb in ("play", "road", "redraw", "call", "summon") for name in names] + [
        "pass",
        "done",
    ]


def told(game: kansei.Game, state: kansei.State, seat: int | None, texts: list[str]) -> dict[str, object]:
    events = state.events_for(seat)
    out: dict[str, object] = {
        "view": state.view(seat),
        "events": events,
        "narration": [game.narrate(e, seat) for e in events],
        "render": rendered(game, state, seat),
    }
    if seat is not None:  # a spectator cannot act: apply without a seat means "the seat to move asks"
        out["refusals"] = [refusal(state, t, seat) for t in texts]
    if seat is not None and state.to_move == seat:
        out["menu"] = [(a.notation, game.describe_action(state, a)) for a in state.legal_actions()]
    return out


def test_a_seat_is_told_the_same_in_every_world_it_cannot_tell_apart(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    for seed in range(2):
        rng = random.Random(seed)

        def on_step(state: kansei.State, step: int, rng: random.Random = rng) -> None:
            if step % 9 != 4:
                return
            texts = probes(state)
            for seat in [*range(n), None]:
                world = state.determinize(seat, rng)
                mine, theirs = told(game, state, seat, texts), told(game, world, seat, texts)
                for key in mine:
                    assert mine[key] == theirs[key], f"{gid} step {step}: seat {seat}'s {key} differs"

        play_random(game, seed, n, on_step=on_step)
