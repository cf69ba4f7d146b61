"""D-Spirits for people and tools: every event narrated for each seat and the spectator, the board within
80 columns, wording that speaks to the seat (issue 11), menu and hand lines with each card's numbers, card
faces, and the bots (greedy beats random)."""

from __future__ import annotations

import io
import math
import random
import re

import pytest
from dspirits_helpers import deck, lab, play, squad_cards
from rich.console import Console

import kansei
from kansei.agents import choose, make_agent
from kansei.builtin.dspirits.cards import catalog
from kansei.testing import play_random

EVENT_TYPES = {
    "activate", "attack", "banish", "battle", "bid", "bid_won", "cure", "dealt", "destroy", "draw", "drew",
    "evolve", "exchange", "fall", "fizzle", "game_over", "game_start", "launch", "match_over", "modify",
    "negate", "negated", "no_draw", "opening", "pass", "play", "realm", "realm_destroyed", "realm_negated",
    "recharge", "resolve", "rushed", "shift", "side_swap", "sp", "stance", "status", "step", "summon",
    "supercharge", "supercharged", "thaw", "to_hand", "trigger", "turn", "zone",
}  # fmt: skip
A = deck(
    {"Rockwraggle": 1, "Gravelhound": 2, "Tuskaroo": 1, "Lampire": 2, "Emberpup": 2},
    {"Banish Sign": 1, "Healing Light": 1, "Counter Sign": 1},
)


def printed(game: kansei.Game, state: kansei.State, seat: int | None, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(game.render(state, seat))
    return out.getvalue()


def scenarios() -> list[kansei.State]:
    """States whose logs hold the events random games seldom reach (launch, banish, recharge, no draw)."""
    launch = lab(decks=(A, A), field=[["Rockwraggle", "Gravelhound"], ["Tuskaroo"]])
    play(launch, "move rockwraggle own:gravelhound")
    banish = lab(decks=(A, A), hands=[["Banish Sign"], []], field=[[], ["Emberpup"]])
    play(banish, "play banish-sign foe:emberpup")
    recharge = lab(decks=(A, A), step="draw", dworld=[squad_cards(A), []])
    play(recharge, "recharge", "draw squad")
    empty = lab(decks=(A, A), step="draw", hands=[squad_cards(A), []], dworld=[[], []])
    return [launch, banish, recharge, empty]


def test_every_event_is_narrated_and_every_seat_rendered_at_80_columns():
    """Smoke: every event type D-Spirits logs is narrated for each seat and the spectator, in one line
    and without error; the board renders for each seat within 80 columns."""
    seen: set[str] = set()
    states = scenarios()
    for options in ({}, {"match": True, "old_rules": True, "starting_sp": 2000}):
        game = kansei.load("dspirits", **options)
        states += [play_random(game, seed)[0] for seed in range(12)]
        states += [game.start(seed=1)]
    for state in states:
        game = state.game
        for seat in (0, 1, None):
            for e in state.events_for(seat):
                seen.add(e["type"])
                line = game.narrate(e, seat)
                assert line is None or (isinstance(line, str) and line and "\n" not in line), e
            out = printed(game, state, seat)
            assert max(len(x) for x in out.splitlines()) <= 80
    assert seen >= EVENT_TYPES - {"no_draw", "recharge"} and seen <= EVENT_TYPES | {"no_draw"}


def test_narration_speaks_to_the_seat():
    """Issue 11 wording: "you summon", "seat 1 summons", targets by card and owner (no notation), plurals,
    and the match score from the winner's side."""
    g = kansei.load("dspirits")
    summon = {"type": "summon", "seat": 0, "card": "Lampire", "kind": "regular"}
    assert g.narrate(summon, 0) == "You summon Lampire."
    assert g.narrate(summon, 1) == "Player 1 summons Lampire."
    draw = {"type": "draw", "seat": 1, "deck": "squad", "count": 1, "why": "y_draw_step", "by": ""}
    assert g.narrate(draw, 1) == "You draw a card from the D-Squad deck (draw step)."
    assert g.narrate(draw, None) == "Player 2 draws a card from the D-Squad deck (draw step)."
    act = {
        "type": "activate",
        "seat": 1,
        "name": "Toxic Bite",
        "source": "Illguana",
        "target": "Lampire",
        "target_seat": 0,
        "kind": "summoned",
    }
    assert g.narrate(act, 0) == "Player 2 activates Toxic Bite (Illguana) on your Lampire."
    assert g.narrate(act, 1) == "You activate Toxic Bite (Illguana) on Player 1's Lampire."
    recharge = {"type": "recharge", "seat": 0, "count": 1}
    assert g.narrate(recharge, 0) == "You recharge the D-Squad deck with 1 D-Spirit."
    over = {"type": "match_over", "winner": 1, "wins": [0, 2]}
    assert g.narrate(over, 0) == "Player 2 wins the match, 2 games to 0."
    assert g.narrate(over, 1) == "You win the match, 2 games to 0."
    sp = {"type": "sp", "seat": 0, "delta": -350, "sp": 4650, "why": "y_destroyed", "by": "Gravelhound"}
    assert g.narrate(sp, 0) == "You lose 350 SP (Gravelhound destroyed): 4650 left."
    out = {"type": "sp", "seat": 0, "delta": -600, "sp": -300, "why": "y_destroyed", "by": "Infernohound"}
    assert (
        g.narrate(out, 1) == "Player 1 loses 600 SP (Infernohound destroyed): none left."
    )  # not "-300 left"
    forced = {"type": "pass", "seat": 1, "window": "chain", "forced": True}
    assert g.narrate(forced, 0) == "Player 2 cannot answer." and g.narrate(forced, 1) == "You cannot answer."


def test_menu_and_hand_lines_carry_each_cards_numbers():
    """Issue 11: hand and menu lines name cards (not slugs) with ATK / END / SP, a support card's bid or
    cost; targets are named by card and owner."""
    s = lab(
        decks=(A, A),
        hands=[["Tuskaroo", "Banish Sign", "Counter Sign"], []],
        field=[["Rockwraggle", "Gravelhound"], ["Emberpup"]],
    )
    g = s.game
    menu = {a.notation: g.describe_action(s, a) for a in s.legal_actions()}
    assert menu["summon tuskaroo"] == "Regular Summon Tuskaroo (ATK 1600 / END 1100, SP 500)"
    banish = "play Banish Sign (signal) → the opposing Emberpup:"
    assert menu["play banish-sign foe:emberpup"].startswith(banish)
    assert menu["move rockwraggle own:gravelhound"].startswith(
        "Rockwraggle's special move Boulder Barrage (400 SP) → your Gravelhound:"
    )
    board = printed(g, s, 0, width=200)
    assert "Hand    Tuskaroo (1600/1100, SP 500); Counter Sign (response); Banish" in board  # ATK/END
    assert "tuskaroo" not in board


def test_card_faces():
    """Game.cards(): every card with its numbers, kind, text and tags, JSON-safe and fresh."""
    g = kansei.load("dspirits")
    faces = g.cards()
    assert len(faces) == g.table.n and len({f["slug"] for f in faces}) == len(faces)
    by = {f["name"]: f for f in faces}
    assert by["Tuskaroo"]["stats"] == {"ATK": 1600, "END": 1100, "SP": 500, "limit": 2}
    assert by["Tuskaroo"]["kind"] == "D-Spirit" and by["Stone Sanctum"]["stats"]["bid"] == 500
    assert "Boulder Barrage (400 SP)" in by["Rockwraggle"]["text"]
    assert by["Counter Sign"]["tags"] == ["response"] and by["Pebblit"]["stats"]["limit"] == "Limitless"
    assert "D-Evolution of Rockwraggle" in by["Rockwraggle Titan"]["text"]
    faces[0]["stats"]["ATK"] = -1
    assert g.cards()[0]["stats"].get("ATK") != -1


def test_greedy_beats_random():
    """40 fixed-seed games, seats alternating: greedy wins clearly more often than random."""
    game = kansei.load("dspirits")
    wins = 0
    for seed in range(40):
        s = game.start(seed=seed)
        bots = [make_agent("greedy", seed), make_agent("random", seed)]
        greedy_seat = seed % 2
        if greedy_seat:
            bots.reverse()
        while not s.is_over:
            seat = s.to_move
            assert seat is not None
            s.apply(choose(bots[seat], s, seat), seat=seat)
        wins += s.winner == greedy_seat
    assert wins >= 32, wins


def random_deck(rng: random.Random) -> dict:
    """A random legal deck (DS-D1): 15–20 D-Spirits, 10–20 support cards, D-Evolutions in the side deck."""
    cat = catalog()
    squad: dict[str, int] = {}
    while sum(squad.values()) < rng.randint(15, 20):
        s = rng.choice(cat.spirits)
        limit = 1 if s.limit == "limitless" else s.limit
        if squad.get(s.name, 0) < limit:
            squad[s.name] = squad.get(s.name, 0) + 1
    support: dict[str, int] = {}
    while sum(support.values()) < rng.randint(10, 20):
        c = rng.choice(cat.supports)
        if support.get(c.name, 0) < c.limit:
            support[c.name] = support.get(c.name, 0) + 1
    side = {e.name: 1 for e in cat.evolutions if rng.random() < 0.7}
    return {"name": "random", "cards": {**squad, **support}, "side": side}


@pytest.mark.parametrize("options", [{}, {"match": True, "old_rules": True, "starting_sp": 2000}])
def test_action_space_is_complete_and_fixed(options: dict):
    """Every legal notation of random games (starter decks and random legal decks) is in the action space,
    which has no duplicates and the same order every time."""
    game = kansei.load("dspirits", **options)
    space = game.action_space()
    assert len(space) == len(set(space)) and space == kansei.load("dspirits", **options).action_space()
    known = set(space)
    rng = random.Random(5)

    def all_known(state: kansei.State, step: int) -> None:
        for a in state.legal_actions():
            assert a.notation in known, a.notation

    for seed in range(30):
        decks = [random_deck(rng), random_deck(rng)] if seed % 2 else None
        assert all(game.deck_problems(d) == [] for d in decks or [])
        play_random(game, seed, decks=decks, on_step=all_known)


def test_observation_encoding_is_fixed_length_and_from_the_view_alone():
    """encode_view: one finite number of modest scale per observation_spec slot, the same in a world
    resampled for the seat (it reads only view(seat))."""
    game = kansei.load("dspirits")
    spec = game.observation_spec(2)
    assert len(spec) == len(set(spec))
    for seed in range(4):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in (0, 1, None):
                vec = game.encode_view(s.view(seat), seat)
                assert len(vec) == len(spec) and all(math.isfinite(x) and abs(x) < 100 for x in vec)
                if seat is not None:
                    other = s.determinize(seat, random.Random(seed))
                    assert game.encode_view(other.view(seat), seat) == vec
            s.apply(rng.choice(s.legal_actions()))


def test_a_chain_is_a_labelled_row_that_marks_what_resolves_first() -> None:
    """The board shows a pending chain (DS-R4) one link a line, the last marked as resolving first."""
    game = kansei.load("dspirits")
    for seed in range(40):
        state = game.start(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if len(state.view(None)["chain"]) >= 2:
                board = printed(game, state, state.to_move)
                lines = [line for line in board.splitlines() if "Chain" in line or "resolves first" in line]
                assert lines and re.match(r"Chain +1\. Player [12]:", lines[0].strip("│ "))
                assert sum("← resolves first" in line for line in board.splitlines()) == 1
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no chain of two links in 40 random games")


def test_the_face_up_d_world_is_on_the_board() -> None:
    """Issue 11 item 8 / DS-Z1: the D-World is public; the board shows how many cards it holds and the
    newest, for both seats."""
    game = kansei.load("dspirits")
    state = game.start(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        players = state.view(None)["players"]
        if all(p["dworld"] for p in players):
            board = printed(game, state, 0)
            for p in players:
                assert f"{len(p['dworld'])}: " in board and p["dworld"][-1] in board
            return
        state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no game state with both D-Worlds filled")
