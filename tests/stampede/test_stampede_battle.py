"""Stampede battle: ST-T4 combat outcomes, ST-F2, ST-C3 events, running and the goal, ST-K1, ST-K2, the
《進路妨害》 assist and 《グレイトフル・トレイン》 (ST-C1/ST-C2 examples as data)."""

from __future__ import annotations

import pytest

from kansei import IllegalAction
from kansei.testing import find_events

C0 = ["Rose Starter", "Sugar Start"]


def battle(sc, field0, field1, **kw):
    p0 = sc.deck({"Rose Starter": 4, "Blaze Petal": 3, "Thorn Sprinter": 4})
    p1 = sc.deck(
        {"Sugar Start": 4, "Candy Hopper": 4, "Lollipop Racer": 4, "Bubble Coat": 4, "Thorn Sprinter": 2},
        base="Sugar Mountain",
    )
    s = sc.start(p0, p1, centers=kw.pop("centers", C0), turn=kw.pop("turn", 3), field=[field0, field1], **kw)
    s.apply("battle")
    return s


def test_st_t4_attacker_lower_is_destroyed(sc):
    s = battle(sc, {"L": "Rose Starter"}, {"L": "Sugar Start"})
    s.apply("attack L > L")  # 3000 POW vs 4000 DEF
    assert sc.top(s, 0, 0) is None and sc.top(s, 1, 0) == "Sugar Start"
    assert find_events(s, "combat")[-1]["outcome"] == "lower"
    assert sc.names(s, s.discard[0]) == ["Rose Starter"]


def test_st_t4_equal_destroys_both(sc):
    s = battle(sc, {"L": "Rose Starter"}, {"R": "Thorn Sprinter"})
    s.apply("attack L > R")  # 3000 vs 3000
    assert sc.top(s, 0, 0) is None and sc.top(s, 1, 2) is None
    assert find_events(s, "combat")[-1]["outcome"] == "equal"


def test_st_t4_attacker_higher_destroys_the_target(sc):
    s = battle(sc, {"R": "Blaze Petal"}, {"L": "Candy Hopper"})
    s.apply("attack R > L")  # 4500 vs 3500
    assert sc.top(s, 0, 2) == "Blaze Petal" and sc.top(s, 1, 0) is None
    assert s.tapped[2]  # acting taps (ST-T4)
    assert "attack R > L" not in sc.legal(s)


def test_st_t4_combined_attack_won_destroys_the_center_top_and_exposes(sc):
    s = battle(sc, {"L": "Rose Starter", "R": "Blaze Petal"}, {"C": ["Lollipop Racer"]})
    assert "attack L+R > C" in sc.legal(s)
    s.apply("attack L+R > C")  # 3000 + 4500 = 7500 vs 7000
    assert sc.names(s, s.centers[1]) == ["Sugar Start"] and sc.top(s, 1, 1) == "Sugar Start"
    ev = find_events(s, "combat")[-1]
    assert ev["combined"] and ev["pow"] == 7500 and ev["outcome"] == "higher"
    assert find_events(s, "exposed")[-1]["card"] == "Sugar Start"
    assert sc.top(s, 0, 0) == "Rose Starter" and sc.top(s, 0, 2) == "Blaze Petal"


def test_st_t4_combined_attack_lost_destroys_every_attacker(sc):
    s = battle(sc, {"L": "Rose Starter", "R": "Thorn Sprinter"}, {"C": ["Lollipop Racer"]})
    s.apply("attack L+R > C")  # 3000 + 2500 = 5500 vs 7000
    assert sc.top(s, 0, 0) is None and sc.top(s, 0, 2) is None
    assert sorted(sc.names(s, s.discard[0])) == ["Rose Starter", "Thorn Sprinter"]
    assert sc.names(s, s.centers[1]) == ["Sugar Start", "Lollipop Racer"]


def test_st_f2_single_card_center_never_leaves(sc):
    """ST-F2: a center holding one machine survives an attack it loses, and as an attacker too."""
    s = battle(sc, {"R": "Blaze Petal"}, {})
    s.apply("attack R > C")  # 4500 vs Sugar Start's 4000: it would be destroyed
    assert sc.names(s, s.centers[1]) == ["Sugar Start"]
    assert find_events(s, "stays")[-1]["card"] == "Sugar Start"
    s.apply("attack C > C")  # Rose Starter 3000 vs 4000: the lone attacker stays as well
    assert sc.names(s, s.centers[0]) == ["Rose Starter"]


def test_st_t4_exposed_center_gets_no_on_enter_effect(sc):
    p1 = sc.deck({"Drop Roller": 2, "Sugar Castle": 2, "Bubble Coat": 4}, base="Sugar Mountain")
    p0 = sc.deck({"Rose Juggernaut": 2})
    s = sc.start(
        p0, p1, centers=C0, turn=5, field=[{"C": ["Rose Juggernaut"]}, {"C": ["Drop Roller", "Sugar Castle"]}]
    )
    s.apply("battle")
    hand_before = list(s.hands[1])
    s.apply("attack C > C")  # 13000 vs 10000: Sugar Castle destroyed, Drop Roller exposed
    assert sc.top(s, 1, 1) == "Drop Roller" and s.hands[1] == hand_before
    assert not find_events(s, "searched")


def test_st_c3_events_lose_hp_and_break_at_zero(sc):
    s = battle(sc, {"L": "Rose Starter", "R": "Blaze Petal"}, {"R": "Bubble Coat"}, turn=3)
    s.apply("attack L > R")  # Obstruction: only Bubble Coat may be attacked
    assert s.view(0)["players"][1]["zones"]["R"]["hp"] == 2000
    assert sc.top(s, 0, 0) == "Rose Starter"  # attackers of an event are never destroyed
    s.apply("attack R > R")  # 4500 ≥ 2000 left
    assert sc.top(s, 1, 2) is None and "Bubble Coat" in sc.names(s, s.discard[1])


def test_st_k1_obstruction_no_running_and_only_obstruction_targets(sc):
    s = battle(sc, {"L": "Rose Starter"}, {"R": "Bubble Coat", "L": "Candy Hopper"})
    legal = sc.legal(s)
    assert not any(a.startswith("run") for a in legal)
    assert {a.split(" > ")[1] for a in legal if a.startswith("attack")} == {"R"}
    with pytest.raises(IllegalAction) as e:
        s.apply("run C")
    assert "Obstruction" in str(e.value)


def test_st_t4_run_and_the_win_at_zero(sc):
    s = battle(sc, {"L": "Blaze Petal"}, {}, distance=[2, 20])
    s.apply("run C")
    assert s.distance[0] == 1 and not s.is_over
    s.apply("run L")
    assert s.is_over and s.winner == 0 and s.reason == "goal" and s.distance[0] == 0
    assert s.legal_actions() == () and s.returns() == [1.0, -1.0]


def test_st_k2_double_action_untaps_once_per_turn(sc):
    p0 = sc.deck({"Rose Juggernaut": 2})
    s = sc.start(
        p0, centers=C0, turn=5, field=[{"C": ["Pykrete Ride", "Grateful Train", "Rose Juggernaut"]}, {}]
    )
    s.apply("battle")
    s.apply("run C")
    assert not s.tapped[1] and s.distance[0] == 16  # untapped once after acting
    s.apply("run C")
    assert s.tapped[1] and s.distance[0] == 12
    assert "run C" not in sc.legal(s)
    s.apply("end")
    s.apply("battle")
    s.apply("end")
    s.apply("battle")
    s.apply("run C")
    s.apply("pass")  # seat 1 holds a card now: it is asked (ST-T6), whatever the card
    assert not s.tapped[1]  # a new turn: once more


def test_st_k2_double_action_per_game_option(sc):
    p0 = sc.deck({"Rose Juggernaut": 2})
    s = sc.start(
        p0,
        centers=C0,
        turn=5,
        field=[{"C": ["Pykrete Ride", "Grateful Train", "Rose Juggernaut"]}, {}],
        options={"double_action": "per_game"},
    )
    s.apply("battle")
    s.apply("run C")
    assert not s.tapped[1]
    for a in ("run C", "end", "battle", "end", "battle", "run C"):
        s.apply(a)
    assert s.tapped[1]


def test_obstruction_assist_forces_attacks_on_the_center_until_lifted(sc):
    """《進路妨害》 (ST-C2 example): every opposing machine able to act must attack the center; lifted
    when the center holds two machine cards or fewer."""
    p1 = sc.deck({"Lollipop Racer": 4, "Sugar Castle": 2}, base="Sugar Mountain")
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=5,
        hands=[["Obstruction"], []],
        order=[["Rose Starter"], []],
        field=[
            {"C": ["Pykrete Ride", "Grateful Train"]},
            {"C": ["Lollipop Racer", "Sugar Castle"], "L": "Candy Hopper"},
        ],
    )
    s.apply("assist obstruction")
    assert s.forcing_until[0] == 6
    s.apply("battle")
    s.apply("end")
    s.apply("battle")
    legal = sc.legal(s)
    assert "end" not in legal and not any(a.startswith("run") for a in legal)
    assert {a for a in legal if a.startswith("attack")} == {"attack L > C", "attack C > C", "attack L+C > C"}
    with pytest.raises(IllegalAction) as e:
        s.apply("end")
    assert "forced attack" in str(e.value) and "ST-" not in str(e.value)
    s.apply("attack C > C")  # 9000 vs Grateful Train's 10000: the attacker is destroyed
    s.apply("pass")  # seat 0 holds a card: asked whether it responds (ST-T6)
    assert "end" not in sc.legal(s)  # Candy Hopper may still act
    s.apply("attack L > C")  # 3000 vs 10000: destroyed
    s.apply("pass")
    assert "end" in sc.legal(s)


def test_obstruction_assist_lifted_by_a_short_center(sc):
    p1 = sc.deck({"Melty Giant": 2}, base="Sugar Mountain")
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=5,
        hands=[["Obstruction"], []],
        order=[["Rose Starter"], []],
        field=[{"C": ["Pykrete Ride", "Grateful Train"]}, {"C": ["Melty Giant"], "L": "Candy Hopper"}],
    )
    s.apply("assist obstruction")
    s.apply("battle")
    s.apply("end")
    s.apply("battle")
    s.apply("attack C > C")  # 11000 vs 10000: Grateful Train destroyed, two machine cards left
    s.apply("pass")
    assert s.forcing_until[0] == 0 and find_events(s, "force_lifted")
    legal = sc.legal(s)
    assert "end" in legal and "run L" in legal


def test_grateful_train_adds_the_cost_cards_stats_until_end_of_turn(sc):
    """ST-C1 example: [center / cost: a gear-1 card on the field under it] + the cost card's stats."""
    s = sc.start(
        centers=C0, turn=5, field=[{"C": ["Pykrete Ride", "Grateful Train"], "L": "Blaze Petal"}, {}]
    )
    assert "use grateful-train@C myL" in sc.legal(s)
    s.apply("use grateful-train@C myL")
    assert sc.names(s, s.centers[0]) == ["Rose Starter", "Pykrete Ride", "Blaze Petal", "Grateful Train"]
    assert sc.top(s, 0, 0) is None
    v = s.view(0)["players"][0]["zones"]["C"]
    assert (v["pow"], v["def"], v["height"]) == (14500, 12000, 4)
    assert not any(a.startswith("use") for a in sc.legal(s))  # no gear-1 card left to pay with
    s.apply("battle")
    s.apply("end")
    v = s.view(0)["players"][0]["zones"]["C"]
    assert (v["pow"], v["def"]) == (10000, 10000)


def test_grateful_train_only_while_it_is_the_center(sc):
    s = sc.start(
        centers=C0,
        turn=5,
        field=[{"C": ["Pykrete Ride", "Grateful Train", "Rose Juggernaut"], "L": "Blaze Petal"}, {}],
    )
    assert not any(a.startswith("use grateful-train") for a in sc.legal(s))
