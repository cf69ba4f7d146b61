"""Stampede set-up and turn structure: ST-F1, ST-S1, ST-T1, ST-T2, ST-T5, ST-O1 (deck-out)."""

from __future__ import annotations

import random

import pytest

import kansei
from kansei.testing import find_events, first_event, refused


def test_st_s1_face_down_choice_rps_and_first_player():
    """ST-S1: each seat picks a gear-1 machine face down; RPS winner chooses; 5 cards; distance 20."""
    game = kansei.load("stampede")
    s = game.start(seed=4)
    assert s.phase == "center" and s.to_move == 0
    choices = [a.notation for a in s.legal_actions()]
    assert choices and all(a.startswith("center ") for a in choices)
    s.apply(choices[0])
    assert s.to_move == 1
    v1 = s.view(1)
    assert v1["players"][0]["zones"]["C"] == {"ref": "zone:0:C", "kind": "face_down", "height": 1}  # hidden
    assert s.view(0)["players"][0]["zones"]["C"]["en"]  # known to its owner
    s.apply(s.legal_actions()[-1])
    assert s.phase == "order"
    rps = first_event(s, "rps")
    assert s.to_move == rps["winner"]
    # hands drawn but not looked at yet (ST-S1): nobody sees them before the choice
    assert all("hand" not in p for p in s.view(rps["winner"])["players"])
    assert [len(h) for h in s.hands] == [5, 5] and [len(d) for d in s.decks] == [34, 34]
    s.apply("go second")
    assert s.first == 1 - rps["winner"] and s.active == s.first
    assert s.distance == (20, 20)
    assert s.phase == "main" and s.turn == 1
    assert len(s.hands[s.first]) == 6  # ST-T1 ruling: the first player draws on the first turn
    assert s.view(0)["players"][1]["zones"]["C"]["en"]  # revealed


def test_st_s1_first_player_option_and_setup_key(sc):
    game = kansei.load("stampede", first_player="seat1")
    s = game.start(seed=2)
    while s.phase == "center":
        s.apply(s.legal_actions()[0])
    assert s.first == 1 and s.active == 1 and not find_events(s, "rps")
    s = sc.start(centers=["Rose Starter", "Sugar Start"], first=1)
    assert s.active == 1 and s.turn == 1


def test_st_s1_setup_refuses_non_gear1_center(sc):
    with pytest.raises(kansei.ContentError) as e:
        sc.start(centers=["Pykrete Ride", "Sugar Start"])
    assert "not a gear-1 machine" in str(e.value)


def test_st_f1_tune_zone_shown_and_empty(sc):
    s = sc.start(centers=["Rose Starter", "Sugar Start"])
    assert all(p["tune"] == [] for p in s.view(0)["players"])


def test_st_t1_first_turn_draw_option(sc):
    s = sc.start(centers=["Rose Starter", "Sugar Start"], options={"first_turn_draw": False})
    assert len(s.hands[0]) == 0 and not find_events(s, "draw")
    s = sc.start(centers=["Rose Starter", "Sugar Start"])
    assert len(s.hands[0]) == 1  # ST-T1 ruling (default): the first player draws too


def test_st_t2_repair_untaps_and_st_t5_turn_passes(sc):
    s = sc.start(centers=["Rose Starter", "Sugar Start"])
    s.apply("battle")
    s.apply("run C")
    assert s.tapped[1] and s.distance[0] == 19
    s.apply("end")  # ST-T5
    assert s.active == 1 and s.turn == 2 and s.phase == "main"
    s.apply("battle")
    s.apply("end")
    assert s.active == 0 and s.turn == 3
    assert not s.tapped[1]  # ST-T2: untapped at seat 0's repair phase


def test_st_o1_deck_out_loses(sc):
    """ST-O1: a player who must draw from an empty deck loses (no Requiem Keeper in hand)."""
    s = sc.start(centers=["Rose Starter", "Sugar Start"])
    s.own_decks()[1].clear()
    s.apply("battle")
    s.apply("end")
    assert s.is_over and s.winner == 0 and s.reason == "deck-out"


def test_st_o1_effect_draw_from_empty_deck(sc):
    """ST-O1 ruling: a draw by an effect from an empty deck also loses; option: it only fizzles."""
    for loses in (True, False):
        s = sc.start(
            centers=["Rose Starter", "Sugar Start"],
            hands=[["Thorn Sprinter"], []],
            options={"effect_draw_loses": loses},
        )
        s.own_decks()[0].clear()
        s.apply("call thorn-sprinter L")  # [On enter] draw 1
        if loses:
            assert s.windows.kind == "deckout" and sc.legal(s) == ["pass"]  # asked: it holds a card
            s.apply("pass")
        assert s.is_over is loses
        if loses:
            assert s.winner == 1


def test_random_games_end_and_hands_are_private():
    game = kansei.load("stampede")
    for seed in range(5):
        s = game.start(seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            v = s.view(0)
            assert "hand" not in v["players"][1]
            s.apply(r.choice(s.legal_actions()))
        assert s.winner in (0, 1) and s.returns() in ([1.0, -1.0], [-1.0, 1.0])


def test_garbage_and_out_of_phase_actions_change_nothing(sc):
    """ST-T6, ST-T4, ST-T3(c), ST-K8: refusals say the phase and the rule in words (no rule ids: those
    are ``Game.move_rules``); nothing changes."""
    s = sc.start(centers=["Rose Starter", "Sugar Start"], hands=[["Pykrete Ride"], []])
    for text, expect in (
        ("pass", "no response window is open; Player 1 is in the main phase"),
        ("run C", "machines act in the battle phase"),
        ("call pykrete-ride C", "exceeds this turn's gear cap 1"),
        ("keeper last-rose", "keepers are used only when you are about to lose"),
        ("accept", "no triggered ability is waiting"),
    ):
        for seat in (None, 0):
            message = refused(s, text, seat=seat)
            assert expect in message and "\n" not in message and "ST-" not in message, message
