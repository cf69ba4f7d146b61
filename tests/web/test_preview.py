"""Move previews (docs/web-boards.md, ``ghost(move, preview, ctx)``): before Confirm the server tells the
seat to move what it would see after a move, only when that depends on no luck and nothing hidden
(``engine.preview``: the random source untouched, the same view in worlds the seat cannot tell apart), and
a preview is never anything but the view the seat really gets by playing the move."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kansei
from kansei.core.protocol import Action, State
from kansei.web import engine

from .conftest import INSTALLED, new_room


def position_with(gid: str, want: Callable[[State, Action], bool], seeds: int = 40) -> tuple[State, Action]:
    """The first position of random games of ``gid`` where the seat to move has an action ``want`` likes."""
    game = kansei.load(gid)
    for seed in range(seeds):
        state, rng = game.start(seed=seed, players=2), random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            for a in state.legal_actions():
                if want(state, a):
                    return state, a
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{gid}: no position with such an action in {seeds} random games")


def after(state: State, action: Action) -> State:
    out = state.clone()
    engine.apply(out, action.notation, state.to_move)
    return out


def lucky(state: State, action: Action) -> bool:
    """The action draws from the random source (a die, a shuffle, a draw)."""
    return after(state, action).rng.s != state.rng.s


def test_a_die_roll_gets_no_preview() -> None:
    """Mini D's roll (MD-R2: a turn rolls 1d6 and moves forward) is luck: no preview."""
    state, roll = position_with("minid", lambda s, a: a.kind == "roll")
    assert lucky(state, roll)
    assert engine.preview(state, roll, state.to_move) is None


def test_drawing_a_card_gets_no_preview() -> None:
    """D-Spirits' draw step (DS-G2) takes the top card of a hidden, shuffled deck: unknown before."""
    state, draw = position_with("dspirits", lambda s, a: a.kind == "draw")
    seat = state.to_move
    assert engine.preview(state, draw, seat) is None
    # and it is the hidden card that decides it: worlds the seat cannot tell apart disagree on its view after
    rng = random.Random(1)
    views = {repr(after(state.determinize(seat, rng), draw).view(seat)) for _ in range(6)}
    assert len(views) > 1


def test_a_deterministic_move_gets_the_view_after_it() -> None:
    """Initial D's play of a card from the hand is public and certain: the preview is the real view after."""
    state, play = position_with("initiald", lambda s, a: a.kind == "play" and not lucky(s, a))
    seat = state.to_move
    preview = engine.preview(state, play, seat)
    assert preview is not None
    assert preview == after(state, play).view(seat)
    assert preview != state.view(seat)  # it shows the move's effect


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), data=st.data())
@pytest.mark.parametrize("gid", INSTALLED)
def test_a_preview_is_what_the_seat_sees_after_playing(gid: str, seed: int, steps: int, data) -> None:  # type: ignore[no-untyped-def]
    """At random positions of every game, for every move of the seat to move: the preview is null or
    exactly the seat's view after really playing the move (privacy: nothing the seat would not then see),
    and never for a move that draws from the random source."""
    game = kansei.load(gid)
    state, rng = game.start(seed=seed, players=game.player_count(None)), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_over:
        return
    seat, before = state.to_move, repr(state.reveal())
    legal = state.legal_actions()
    for i in data.draw(st.lists(st.integers(0, len(legal) - 1), min_size=1, max_size=8, unique=True)):
        action = legal[i]
        preview = engine.preview(state, action, seat)
        if preview is None:
            continue
        assert not lucky(state, action), f"{gid}: a preview of {action.notation!r}, which draws luck"
        assert preview == after(state, action).view(seat), f"{gid}: the preview of {action.notation!r}"
    assert repr(state.reveal()) == before  # previews change nothing


def test_the_preview_endpoint(sqlite_client: TestClient) -> None:
    """``POST /api/rooms/{room}/preview``: the seat to move gets a preview (or null) for each of its moves
    by index; a stale step, a wrong index, another seat or no token is one line and changes nothing."""
    c = sqlite_client
    room, tokens = new_room(c, "initiald", ["human", "human"], seed=5)
    p = c.get(f"/api/rooms/{room}", params={"token": tokens["0"]}).json()
    seat = p["to_move"]
    mine, other = tokens[str(seat)], tokens[str(1 - seat)]
    got = []
    for i, m in enumerate(p["moves"]):
        r = c.post(f"/api/rooms/{room}/preview", json={"token": mine, "move": i, "step": p["step"]})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["step"] == p["step"] and body["move"] == i
        got.append((m["action"], body["preview"]))
    assert any(pv is not None for _, pv in got)
    action, pv = next((a, pv) for a, pv in got if pv is not None)
    played = c.post(f"/api/rooms/{room}/actions", json={"token": mine, "action": action, "step": p["step"]})
    assert played.status_code == 200
    assert played.json()["view"] == pv["view"]  # what the preview said is what the seat then saw

    for body, status in [
        ({"token": mine, "move": 0, "step": p["step"]}, 409),  # stale now
        ({"token": other, "move": 10_000, "step": p["step"] + 1}, 400),
        ({"move": 0, "step": p["step"] + 1}, 403),
        ({"token": "nope", "move": 0, "step": p["step"] + 1}, 403),
        ({"token": mine, "move": -1, "step": 0}, 422),
    ]:
        r = c.post(f"/api/rooms/{room}/preview", json=body)
        assert r.status_code == status, (body, r.text)
        detail = r.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail and "Traceback" not in detail
    assert c.get(f"/api/rooms/{room}").json()["step"] == p["step"] + 1
