"""A test harness for game authors (and kansei's own tests): the conformance kit, scenarios, event finders,
random play.

    from kansei.testing import check_game, scenario, find_events, first_event, play_random

    check_game("mygame")   # every property of the contract (kit.py); ConformanceError lists what fails

    s = scenario("touge", setup={"direction": "downhill", "leader": 0}, seed=7)
    s.apply("pass")
    battle = first_event(s, "battle")

Event finders read every event (public and private) by default, like :meth:`State.reveal`; pass ``seat``
to see exactly what that seat is told (``state.events_for(seat)``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from ..core.errors import IllegalAction
from ..core.protocol import Action, Game, State
from ..core.registry import load
from .kit import CHECKS, ConformanceError, Failure, Report, check_game

ALL = "all"  # find_events(seat=ALL): public and private events alike


def scenario(
    game_id: str,
    *,
    setup: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    players: int | None = None,
    decks: list[Any] | None = None,
    actions: Iterable[str] = (),
) -> State:
    """A state set up exactly (``setup``: the game's scenario keys), with ``actions`` played by notation."""
    state = load(game_id, **(options or {})).start(seed=seed, players=players, decks=decks, setup=setup)
    for text in actions:
        state.apply(text)
    return state


def all_events(state: State) -> list[dict[str, Any]]:
    """Every event in order, public and private (copies)."""
    return [event for _, event in state.event_log()]


def find_events(
    state: State, type_: str | None = None, seat: int | None | str = ALL, **match: Any
) -> list[dict[str, Any]]:
    """The events of ``type_`` (any type when None) whose fields equal ``match``; ``seat``: whose eyes
    (``ALL`` for every event, None for a spectator's)."""
    events = all_events(state) if seat == ALL else state.events_for(seat if isinstance(seat, int) else None)
    return [
        e
        for e in events
        if (type_ is None or e.get("type") == type_) and all(e.get(k) == v for k, v in match.items())
    ]


def first_event(state: State, type_: str, seat: int | None | str = ALL, **match: Any) -> dict[str, Any]:
    """The first event of ``type_`` matching ``match``; AssertionError naming the types seen if none."""
    found = find_events(state, type_, seat, **match)
    if not found:
        seen = sorted({str(e.get("type")) for e in all_events(state)})
        raise AssertionError(f"no {type_!r} event matching {match} (types logged: {', '.join(seen)})")
    return found[0]


def last_event(state: State, type_: str, seat: int | None | str = ALL, **match: Any) -> dict[str, Any]:
    found = find_events(state, type_, seat, **match)
    if not found:
        raise AssertionError(f"no {type_!r} event matching {match}")
    return found[-1]


def play_random(
    game: Game,
    seed: int,
    players: int | None = None,
    *,
    max_steps: int = 5000,
    on_step: Callable[[State, int], None] | None = None,
    choose: Callable[[State, random.Random], Action] | None = None,
    **start: Any,
) -> tuple[State, list[str]]:
    """Play a game to the end with uniformly random legal actions (or ``choose``); returns the final state
    and the notations played. ``on_step(state, step)`` runs before every action (for invariant checks)."""
    state = game.start(seed=seed, players=players, **start)
    rng = random.Random(seed)
    notations: list[str] = []
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty before the game is over"
        if on_step is not None:
            on_step(state, steps)
        action = choose(state, rng) if choose is not None else legal[rng.randrange(len(legal))]
        notations.append(action.notation)
        state.apply(action, seat=state.to_move)
        steps += 1
        assert steps < max_steps, f"the game did not end in {max_steps} actions"
    return state, notations


def refused(state: State, action: Action | str, seat: int | None = None) -> str:
    """Apply ``action`` expecting a refusal; returns the message, and checks nothing changed."""
    before = (repr(state.reveal()), state.event_count())
    try:
        state.apply(action, seat=seat)
    except IllegalAction as e:
        assert (repr(state.reveal()), state.event_count()) == before, "a refused action changed the state"
        return str(e)
    raise AssertionError(f"{action!r} was accepted")


def refuses_text_cleanly(state: State, text: str, limit: int = 300) -> None:
    """Any ``text`` offered to the seat to move is played when it names a legal action, else refused in
    one line of fewer than ``limit`` characters that changes nothing, whether it comes as an Action or as
    typed text (the property the games' hostile-input tests share)."""
    seat = state.to_move
    if seat is None:
        return
    why = state._why_illegal(text, seat, state.game.languages[0])
    assert why is None or ("\n" not in why and len(why) < 300)
    legal = {a.notation for a in state.legal_actions()}
    before = (repr(state.reveal()), state.event_count())
    for asked, accepted in ((Action(text), text in legal), (text, " ".join(text.split()).lower() in legal)):
        if accepted:
            continue
        try:
            state.apply(asked, seat=seat)
        except IllegalAction as e:
            assert "\n" not in str(e) and len(str(e)) < limit, str(e)
        else:
            raise AssertionError(f"{asked!r} was accepted")
    assert (repr(state.reveal()), state.event_count()) == before, "a refused action changed the state"


__all__ = [
    "ALL",
    "CHECKS",
    "ConformanceError",
    "Failure",
    "Report",
    "check_game",
    "all_events",
    "find_events",
    "first_event",
    "last_event",
    "play_random",
    "refused",
    "refuses_text_cleanly",
    "scenario",
]
