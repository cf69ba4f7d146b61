"""At the wire, no payload for a seat holds what that seat cannot see: for every game and configuration,
a random game is played through the API and every seat's (and a spectator's) payload is checked after every
action against ``reveal()`` (no hidden card's name), against a determinised world (the same payload from a
world that only agrees with what the seat knows), and for the secret seed."""

from __future__ import annotations

import json
import random
import re

import pytest
from fastapi.testclient import TestClient

from kansei.web import engine
from kansei.web.payload import seat_payload

from .conftest import INSTALLED, new_room

pytestmark = pytest.mark.slow  # whole games of every configuration, every payload checked

SEED = 8_761_234_567_890_123
STEPS = 150  # actions checked per game: enough for every phase of a game, hands and windows included
SAME = ("to_move", "legal", "moves", "view", "events", "log", "over", "result")


def card_names(game) -> dict[str, str]:
    """Every way a card is written (its name in each language, its slug) -> the card (its slug)."""
    names: dict[str, str] = {}
    for lang in engine.languages(game):
        for c in engine.cards(game, lang):
            for n in (c["name"], c["slug"]):
                if len(n) >= 3:
                    names[n] = c["slug"]
    return names


def finder(names: set[str]) -> re.Pattern[str]:
    """One pattern for every name (longest first), matched as whole words."""
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alts})(?![\w-])")


def mentioned(pattern: re.Pattern[str], text: str, names: dict[str, str]) -> set[str]:
    """The cards a text names (however written)."""
    return {names[m] for m in pattern.findall(text)}


def test_no_payload_holds_what_its_seat_cannot_see(
    sqlite_client: TestClient, config: tuple[str, dict, int]
) -> None:
    """``config``: every game with each of its test configurations (tests/conftest.py)."""
    gid, options, players = config
    if gid not in INSTALLED:
        pytest.skip(f"{gid} is registered in-process by another test module, not installed")
    c = sqlite_client
    room, tokens = new_room(c, gid, ["human"] * players, options=options, seed=SEED)
    hub = c.app.state.hub
    game = engine.game_for(gid, options)
    names = card_names(game)
    pattern = finder(names) if names else None
    viewers: list[int | None] = [*range(players), None]
    known: dict[int | None, set[str]] = {v: set() for v in viewers}  # every card each viewer was ever shown
    rng = random.Random(gid)
    resampled = 0  # steps where the other world really differs: the comparison had something to catch
    for _ in range(STEPS):
        live = hub.get(room)
        state = live.state
        in_play = (
            mentioned(pattern, json.dumps(state.reveal(), ensure_ascii=False), names) if pattern else set()
        )
        for v in viewers:
            params = {"token": tokens[str(v)]} if v is not None else {}
            p = c.get(f"/api/rooms/{room}", params=params).json()
            wire = json.dumps(p, ensure_ascii=False)
            assert str(SEED) not in wire, "the seed reached a client"
            if v != state.to_move:
                assert p["legal"] == [] and p["moves"] == []
            if pattern is not None:
                # what the protocol tells the viewer: its view, events, their narration, its own options
                told = [state.view(v), engine.events_for(state, v), p["log"], p["moves"]]
                shown = json.dumps(told, ensure_ascii=False)
                known[v] |= mentioned(pattern, shown, names)
                hidden = in_play - known[v]
                leaked = mentioned(pattern, wire, names) & hidden
                assert not leaked, f"seat {v} was sent hidden card(s) {sorted(leaked)} at step {p['step']}"
            # the same payload from another world that agrees with all this viewer knows
            world = state.determinize(v, random.Random(p["step"]))
            resampled += world.reveal() != state.reveal()
            alt = seat_payload(game, world, live.history, v, p["lang"])
            for key in SAME:
                assert alt[key] == p[key], (
                    f"seat {v}'s {key} depends on what it cannot see (step {p['step']})"
                )
        if state.is_over:
            break
        mover = state.to_move
        legal = c.get(f"/api/rooms/{room}", params={"token": tokens[str(mover)]}).json()["legal"]
        r = c.post(
            f"/api/rooms/{room}/actions", json={"token": tokens[str(mover)], "action": rng.choice(legal)}
        )
        assert r.status_code == 200, r.text
    assert resampled > 0
