"""What a seat is told, checked by the two-worlds method: in ``state`` and in ``state.determinize(seat)``
(every card the seat cannot see resampled) the seat must be told exactly the same things — whether it or
the other seat is asked next, narration, menu lines, refusals, the board — and what others are told of an
action (``public_notation``) names only cards that the action makes public."""

from __future__ import annotations

import json
import random
import re

import pytest
from initiald_helpers import reshuffled, states
from rich.console import Console

import kansei
from kansei import IllegalAction
from kansei.testing import find_events, play_random

CONFIGS = [{}, {"discards": "shared"}, {"discard_order": "any", "cost_tie": "seat1"}]
NOTATION = re.compile(r"\b(play|discard) [a-z0-9]+(-[a-z0-9]+)+")
GARBAGE = [
    "",
    "pass pass",
    "play",
    "play x",
    "discard",
    "keep 3",
    "play pure-power discard 99999",
    "²",
    "fly",
]


def board(game: kansei.Game, s: kansei.State, seat: int | None) -> str:
    con = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    con.print(game.render(s, seat))
    return con.export_text()


def refusal(s: kansei.State, text: str, seat: int | None = None) -> str | None:
    """The message ``text`` is refused with (None: it is legal here); with ``seat``, as an Action (what the
    seat to move is told about its own hand)."""
    try:
        s.clone().apply(text if seat is None else kansei.Action(text), seat=seat)
    except IllegalAction as e:
        return str(e)
    return None


@pytest.mark.parametrize("options", CONFIGS)
def test_whether_a_seat_is_asked_depends_only_on_what_the_mover_sees(options):
    """ID-P2 and the discards of ID-P4/ID-P6, from the mover's side: after each of its actions, who is
    asked next (and, when it is the mover again, with which choices) is the same in every world that
    differs only in the other hand — so the other seat is never skipped because of its hidden hand."""
    checked = 0
    for s in states(options, range(6), every=2):
        mover = s.to_move
        if mover is None:
            continue
        world = s.determinize(mover, random.Random(checked))
        for action in s.legal_actions():
            a, b = s.clone(), world.clone()
            a.apply(action)
            b.apply(action)
            assert (a.to_move, a.race.phase, a.is_over) == (b.to_move, b.race.phase, b.is_over), action
            if a.to_move == mover and a.race.stage_no == s.race.stage_no:  # (a new stage draws new cards)
                assert a.legal_actions() == b.legal_actions()
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("options", CONFIGS)
def test_whether_a_seat_is_asked_depends_only_on_what_the_watcher_sees(options):
    """The same from the other side: the watching seat cannot tell from who is asked next what the mover
    holds. In worlds resampling the mover's hand, an action open to the mover in both worlds (the same
    play with the same discards, a pass, a keep) leads to the same seat being asked, in the same phase."""
    checked = 0
    for s in states(options, range(12), every=1):
        mover = s.to_move
        if mover is None:
            continue
        for k in range(3):
            world = s.determinize(1 - mover, random.Random(k))
            for action in set(s.legal_actions()) & set(world.legal_actions()):
                a, b = s.clone(), world.clone()
                a.apply(action)
                b.apply(action)
                if a.race.stage_no == s.race.stage_no:
                    assert (a.to_move, a.race.phase) == (b.to_move, b.race.phase), action
                    checked += 1
    assert checked > 300


def test_narration_menus_board_and_refusals_are_the_same_in_both_worlds():
    """Narration (events_for), the menu of the seat to move, the board of each seat, and the refusals told
    to the mover (seat given) or to anyone (no seat) do not depend on what the reader cannot see."""
    game = kansei.load("initiald")
    space = game.action_space()
    rng = random.Random(7)
    n = 0
    for s in states({}, range(4), every=4):
        mover = s.to_move
        if mover is None:
            continue
        other = 1 - mover
        for seat in (0, 1, None):
            world = s.determinize(seat, random.Random(n))
            said = [game.narrate(e, seat) for e in s.events_for(seat)]
            assert said == [game.narrate(e, seat) for e in world.events_for(seat)]
            assert board(game, s, seat) == board(game, world, seat)
        mine = s.determinize(mover, random.Random(n))
        assert [game.describe_action(s, a) for a in s.legal_actions()] == [
            game.describe_action(mine, a) for a in mine.legal_actions()
        ]
        theirs = s.determinize(other, random.Random(n))
        for text in rng.sample(space, 60) + GARBAGE:
            assert refusal(s, text, mover) == refusal(mine, text, mover), text
            public = (refusal(s, text), refusal(theirs, text))
            if None not in public:  # refused in both worlds: told the same way
                assert public[0] == public[1], text
                assert "hold no" not in public[0]
            try:
                game.parse(s, text)
            except IllegalAction as e:
                assert len(str(e)) < 300 and "\n" not in str(e)
        n += 1
    assert n > 10


def test_public_notation_names_only_cards_the_action_makes_public():
    """Every action shows its card to all (a played maneuver is face up, a discard goes to the public
    discard pile): the public notation is the notation, and the card is in the other seat's view after."""
    game = kansei.load("initiald")
    kinds = set()
    for s in states({}, range(5), every=1):
        mover = s.to_move
        for action in s.legal_actions():
            told = s.public_notation(action)
            assert told == action.notation
            kinds.add(action.kind)
            if action.kind in ("play", "discard"):
                after = s.clone()
                after.apply(action)
                name = s.game.table.cards[action.args[0]].name
                assert name in json.dumps(after.view(1 - mover)), (action, name)
    assert kinds == {"play", "discard", "pass", "keep"}
    assert game.narrate({"type": "pass", "seat": 0}, 1) == "Player 1 passes"


def test_a_drawn_card_is_told_to_its_seat_only():
    """The public ``draw`` event has the count; the private ``drew`` names the cards to that seat."""
    s = kansei.load("initiald").start(seed=4)
    for seat in (0, 1):
        mine = find_events(s, "drew", seat=seat)
        assert [e["seat"] for e in mine] == [seat]
        assert sorted(mine[0]["cards"]) == sorted(c["card"] for c in s.view(seat)["players"][seat]["hand"])
    assert find_events(s, "drew", seat=None) == []
    assert [e["count"] for e in find_events(s, "draw", seat=None)] == [8, 8]


@pytest.mark.parametrize("options", CONFIGS)
def test_every_event_type_is_narrated_and_every_board_fits_80_columns(options):
    """Smoke: every event type the game logs is narrated for each seat and the spectator; the board of
    each seat fits 80 columns and, with the menu of the seat to move, 24 lines."""
    game = kansei.load("initiald", **options)
    tallest = 0
    for s in states(options, range(8), every=4):
        for seat in (0, 1, None):
            lines = board(game, s, seat).splitlines()
            assert max(len(line) for line in lines) <= 80
            menu = len(s.legal_actions()) if seat == s.to_move else 0
            tallest = max(tallest, len(lines) + menu)
    assert tallest <= 23
    types: set[str] = set()
    # a race whose deck runs out (ID-P1 ruling), then plain random races
    races = [reshuffled(game)] + [play_random(game, seed)[0] for seed in range(40)]
    for s in races:
        for seat in (0, 1, None):
            for e in s.events_for(seat):
                types.add(e["type"])
                line = game.narrate(e, seat)
                assert line, e
                assert "you draws" not in line and " 1 cards" not in line, line
                assert not NOTATION.search(line), line  # no notation in narration
    assert types == {
        "race", "stage", "draw", "drew", "reshuffle", "play", "discard", "in_play", "cleared", "pass",
        "stage_won", "discard_hand", "keep", "race_over",
    }  # fmt: skip


def test_the_board_after_the_race_and_at_a_new_stage_shows_nothing_stale(idh):
    """Issue 11: no "To beat" after the race, no last maneuver of an earlier stage at a new stage."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        track="Akina Downhill",
        hands=[["Heel-and-Toe", "Crowd Pleaser"], ["Pure Power"]],
        order=[
            [
                "Gutter Run",
                "Counter-Steer",
                "Counter-Steer",
                "Grip Line",
                "Grip Line",
                "Apex Kiss",
                "Apex Kiss",
            ],
            [],
        ],
    )
    s.apply("play heel-and-toe")
    s.apply("pass")
    s.apply("keep")  # stage 2 begins
    text = board(idh.game, s, 1)
    stage = "\n".join(line for line in text.splitlines() if not line.startswith("Discards:"))
    assert "Heel-and-Toe" not in stage and "To beat" not in text  # (it is in the face-up discard pile)
    assert "Discards: Player 1 Heel-and-Toe" in text
    assert s.view(1)["players"][0]["last_maneuver"] is None
    s.apply("play gutter-run")
    s.apply("pass")
    text = board(idh.game, s, 1)
    assert s.is_over and "To beat" not in text and "Race over: Player 1 wins" in text
