"""Stampede main phase: ST-T3 (a)(b)(c), side machines returning, ST-F2, ST-O2 Steering, ST-K3, ST-K4."""

from __future__ import annotations

import pytest

from kansei import IllegalAction
from kansei.testing import find_events

C0 = ["Rose Starter", "Sugar Start"]


def test_st_t3_a_center_takes_one_gear_up_of_the_same_class(sc):
    p0 = sc.deck({"Lollipop Racer": 1})
    s = sc.start(p0, centers=C0, turn=2, hands=[["Pykrete Ride", "Lollipop Racer", "Grateful Train"], []])
    legal = sc.legal(s)
    assert "call pykrete-ride C" in legal
    assert "call lollipop-racer C" not in legal  # ST-T3(a): another class
    assert "call grateful-train C" not in legal  # ST-T3(a): gear 3 is not one up from gear 1
    with pytest.raises(IllegalAction) as e:
        s.apply("call lollipop-racer C")
    assert "another class" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        s.apply("call grateful-train C")
    assert "gear cap 2" in str(e.value)  # ST-T3(c): the reason in words, no rule id
    s.apply("call pykrete-ride C")
    assert sc.names(s, s.centers[0]) == ["Rose Starter", "Pykrete Ride"] and s.field[1] == s.centers[0][-1]


def test_st_t3_b_side_machines_at_most_the_center_gear(sc):
    s = sc.start(centers=C0, turn=2, hands=[["Pykrete Ride", "Crimson Runner", "Blaze Petal"], []])
    legal = sc.legal(s)
    assert "call blaze-petal L" in legal and "call blaze-petal R" in legal
    assert "call crimson-runner L" not in legal  # gear 2 beside a gear-1 center
    with pytest.raises(IllegalAction) as e:
        s.apply("call crimson-runner L")
    assert "side machines need gear ≤ the center's gear 1" in str(e.value)  # ST-T3(b)
    s.apply("call pykrete-ride C")
    s.apply("call crimson-runner L")
    s.apply("call blaze-petal R")
    assert [sc.top(s, 0, z) for z in range(3)] == ["Crimson Runner", "Pykrete Ride", "Blaze Petal"]
    assert not any(a.startswith("call") for a in sc.legal(s))  # zones full


def test_st_t3_c_gear_cap_by_turn_count(sc):
    """ST-T3(c): the turn count caps the gear (the first player's turn 1: gear 1; the second's: gear 2)."""
    s = sc.start(centers=C0, hands=[["Pykrete Ride"], ["Lollipop Racer"]])
    assert "call pykrete-ride C" not in sc.legal(s)
    s.apply("battle")
    s.apply("end")
    assert s.turn == 2 and s.active == 1
    assert "call lollipop-racer C" in sc.legal(s)
    assert s.view(0)["gear_cap"] == 2


@pytest.mark.parametrize(
    "mode, returned",
    [("strictly_below", ["Pykrete Ride"]), ("at_or_below", ["Pykrete Ride", "Blaze Petal"])],
)
def test_st_t3_side_machines_return_when_the_center_gear_falls(sc, mode, returned):
    """ST-T3: the center drops from gear 2 to 1; a side machine returns to hand when the center's gear is
    now at or below its own (以下, the default), or only strictly below it (option)."""
    p1 = sc.deck({"Melty Giant": 1}, base="Sugar Mountain")
    s = sc.start(
        sc.deck({"Pykrete Ride": 2}),
        p1,
        centers=C0,
        first=1,
        turn=4,
        options={"side_return": mode},
        field=[{"C": ["Pykrete Ride"], "L": "Pykrete Ride", "R": "Blaze Petal"}, {"C": ["Melty Giant"]}],
    )
    s.apply("battle")
    s.apply("attack C > C")  # 11000 POW against 8000 DEF
    assert sc.names(s, s.centers[0]) == ["Rose Starter"]
    assert sorted(sc.names(s, s.hands[0])) == sorted(returned)
    assert [e["card"] for e in find_events(s, "returned")] == returned
    if mode == "strictly_below":
        assert sc.top(s, 0, 2) == "Blaze Petal"


def test_st_o2_steering_stacks_with_anything_and_counts_as_every_class(sc):
    p0 = sc.deck({"Steering Wheel": 2, "Reiranken Deone": 1, "Checkered Flag": 1})
    s = sc.start(
        p0,
        centers=["Steering Wheel", "Sugar Start"],
        turn=3,
        hands=[["Pykrete Ride", "Reiranken Deone", "Rose Thorn", "Checkered Flag"], []],
    )
    assert "assist rose-thorn myC" in sc.legal(s)  # a Scarlet Rose assist with a Steering center
    s.apply("call pykrete-ride C")  # Scarlet Rose on Steering
    s.apply("call reiranken-deone C")  # Steering on Scarlet Rose
    assert sc.names(s, s.centers[0]) == ["Steering Wheel", "Pykrete Ride", "Reiranken Deone"]
    assert "assist checkered-flag" in sc.legal(s)


def test_st_t6_assists_need_the_center_class_and_gear(sc):
    """ST-T6: an assist only while the center is of its class with gear ≥ the card's gear."""
    p0 = sc.deck({"Cotton Candy Cloud": 1, "Checkered Flag": 1})
    s = sc.start(p0, centers=C0, turn=5, hands=[["Obstruction", "Checkered Flag", "Pykrete Ride"], []])
    assert not any(a.startswith("assist") for a in sc.legal(s))  # gear 3 / gear 2 above a gear-1 center
    s.apply("call pykrete-ride C")
    assert "assist checkered-flag" in sc.legal(s) and "assist obstruction" not in sc.legal(s)


def test_st_k3_guest_never_at_the_center_and_never_runs(sc):
    p0 = sc.deck({"Whip Mechanic": 1, "Pit Crew": 1})
    s = sc.start(
        p0, centers=C0, turn=2, field=[{"C": ["Pykrete Ride"]}, {}], hands=[["Whip Mechanic", "Pit Crew"], []]
    )
    legal = sc.legal(s)
    assert "call whip-mechanic L" in legal and "call whip-mechanic C" not in legal
    assert sc.card("Pit Crew").guest and "center pit-crew" not in legal
    s.apply("call whip-mechanic L")
    s.apply("battle")
    legal = sc.legal(s)
    assert "run L" not in legal and "run C" in legal
    assert "attack L > C" in legal  # a Guest may still attack


def test_st_k4_demi_guest_reaches_the_center_only_by_its_procedure_and_runs_only_there(sc):
    p0 = sc.deck({"Luna Stalker": 2, "Wolf Cub": 2, "Shadow Fang": 2}, base="Midnight Wolf")
    s = sc.start(
        p0,
        centers=["Wolf Cub", "Sugar Start"],
        turn=3,
        field=[{"C": ["Shadow Fang"], "L": "Wolf Cub"}, {}],
        hands=[["Luna Stalker"], []],
    )
    legal = sc.legal(s)
    assert "call luna-stalker C" not in legal
    assert "procedure luna-stalker myL" in legal  # cost: a side machine to the discard pile
    s.apply("procedure luna-stalker myL")
    assert sc.names(s, s.centers[0]) == ["Wolf Cub", "Shadow Fang", "Luna Stalker"]
    assert sc.names(s, s.discard[0]) == ["Wolf Cub"]
    s.apply("battle")
    assert "run C" in sc.legal(s)
    # on a side zone a Demi-Guest does not run
    s2 = sc.start(
        p0,
        centers=["Wolf Cub", "Sugar Start"],
        turn=3,
        field=[{"C": ["Shadow Fang", "Midnight Breaker"], "R": "Luna Stalker"}, {}],
    )
    s2.apply("battle")
    assert "run R" not in sc.legal(s2) and "run C" in sc.legal(s2)


def test_once_per_turn_condition(sc):
    p0 = sc.deck({"Scarlet Empress": 1, "Rose Juggernaut": 1})
    s = sc.start(
        p0,
        centers=C0,
        turn=5,
        field=[{"C": ["Pykrete Ride", "Grateful Train", "Rose Juggernaut", "Scarlet Empress"]}, {}],
    )
    assert "use scarlet-empress@C myC" in sc.legal(s)
    s.apply("use scarlet-empress@C myC")
    assert s.pow_of(s.field[1]) == 20000
    assert not any(a.startswith("use scarlet-empress") for a in sc.legal(s))
    for a in ("battle", "end", "battle", "end"):
        s.apply(a)
    assert s.pow_of(s.field[1]) == 17000  # until end of turn
    assert "use scarlet-empress@C myC" in sc.legal(s)


def test_st_o1_search_of_a_deck_without_the_card_fizzles(sc):
    cards = dict(sc.starters["Sugar Mountain"]) | {
        "Bubble Coat": 0,
        "Drop Roller": 4,
        "Sugar Castle": 4,
        "Melty Giant": 4,
    }
    p1 = {"cards": {k: v for k, v in cards.items() if v}}
    s = sc.start(None, p1, centers=C0, first=1, turn=2, hands=[[], ["Drop Roller"]])
    hand = len(s.hands[1])
    s.apply("call drop-roller C")  # [On enter] search 《バブルコート》: none left in the deck
    assert len(s.hands[1]) == hand - 1
    assert find_events(s, "fizzle")[-1]["what"] == "search"
