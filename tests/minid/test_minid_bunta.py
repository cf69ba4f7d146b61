"""Bunta (MD-R1, MD-N1..N3): his drive each round, crossings and their order, Judgement, the Aura and its
passing; skipped turns that stack (MD-R2); racers out of the race."""

from __future__ import annotations

from minid_helpers import STOP, STOP2, act, decision, race, stops

from kansei.builtin.minid.terms import OUT
from kansei.testing import all_events, find_events, last_event


def crossings(s):
    return [(e["seat"], e["die"], e["outcome"]) for e in find_events(s, "crossing")]


def test_md_r1_bunta_drives_1d6_towards_the_start_every_round_before_the_racers():
    """MD-R1/MD-R2: each round opens with Bunta's d6 (40 -> 36, then 36 -> 31), then the racers."""
    s = race(bunta=40, positions=[10, 0], dice=[4, 2, 3, 5], hands=stops(2))
    assert [(e["src"], e["dst"]) for e in find_events(s, "bunta_move")] == [(40, 36)]
    assert [e["type"] for e in all_events(s)][-3:] == ["round", "bunta_move", "turn"]
    act(s, "roll")
    act(s, "roll")
    assert [(e["src"], e["dst"], e["die"]) for e in find_events(s, "bunta_move")] == [
        (40, 36, 4),
        (36, 31, 5),
    ]
    assert decision(s) == ("turn", 0)


def test_md_s1_bunta_starts_on_the_finish_line():
    """MD-S1: before the first round Bunta waits on the finish line (case L + 1)."""
    import kansei

    s = kansei.load("minid").start(seed=1, players=3)
    assert s.race.bunta == s.race.track.length + 1 == 61 and s.race.bunta_driving


def test_md_r1_racers_crossed_roll_in_the_order_bunta_meets_them():
    """MD-R1: Bunta 30 -> 25 meets seat 1 (28) before seat 0 (27)."""
    s = race(bunta=30, positions=[27, 28], dice=[5, 12, 13], hands=stops(2))
    assert crossings(s) == [(1, 12, "clear"), (0, 13, "clear")]
    assert s.race.met_bunta == [True, True]


def test_md_r1_bunta_crosses_cars_still_in_the_parking():
    """MD-R1: a drive into the parking crosses the cars there, in turn order."""
    s = race(bunta=3, positions=[0, 0], dice=[5, 12, 13], hands=stops(2))
    assert s.race.bunta == 0 and crossings(s) == [(0, 12, "clear"), (1, 13, "clear")]


def test_md_r1_ruling_a_racer_driving_past_bunta_crosses_him():
    """MD-R1 ruling: Bunta stops on 15; seat 0 drives 12 -> 16 past him and rolls for the crossing."""
    s = race(bunta=16, positions=[12, 0], met=[False, True], dice=[1, 4, 12], hands=stops(2))
    assert crossings(s) == []
    act(s, "roll")
    assert crossings(s) == [(0, 12, "clear")] and s.race.positions[0] == 16


def test_md_r1_ruling_the_crossing_comes_before_the_corner():
    """MD-R1 ruling + MD-R2: passing Bunta on the way into Épingle 1: the crossing is rolled first, and a
    Judgement leaves no drift to roll (the race ends: one racer left, MD-W1)."""
    s = race(bunta=19, positions=[16, 0], met=[False, True], dice=[1, 4, 1], hands=stops(2))
    act(s, "roll")
    assert crossings(s) == [(0, 1, "judgement")]
    assert find_events(s, "drift") == []
    assert s.is_over and s.winner == 1 and s.returns() == [-1.0, 1.0]


def test_md_r1_ruling_each_racer_meets_bunta_only_once():
    """MD-R1 ruling: Bunta passes seat 0 again (already met): no second crossing."""
    s = race(bunta=12, positions=[10, 3], met=[True, False], dice=[4], hands=stops(2))
    assert s.race.bunta == 8 and crossings(s) == []


def test_md_r1_bunta_stops_once_he_has_passed_every_racer():
    """MD-R1: after crossing the last racer he has not met, Bunta no longer drives (no more d6)."""
    s = race(bunta=6, positions=[10, 3], met=[True, False], dice=[3, 15, 2, 1], hands=stops(2))
    assert crossings(s) == [(1, 15, "clear")]
    assert last_event(s, "bunta_gone")["case"] == 3 and not s.race.bunta_driving
    act(s, "roll")
    act(s, "roll")
    assert decision(s) == ("turn", 0) and len(find_events(s, "bunta_move")) == 1 and s.race.round_no == 2


# -- MD-N ----------------------------------------------------------------------------------------------------


def test_md_n1_ten_or_more_nothing_happens():
    """MD-N1: a crossing roll of exactly 10 is clear."""
    s = race(bunta=30, positions=[27, 0], met=[False, True], dice=[5, 10], hands=stops(2))
    assert crossings(s) == [(0, 10, "clear")] and s.race.skips == [0, 0] and decision(s) == ("turn", 0)


def test_md_n1_under_ten_emergency_braking_skips_the_next_turn():
    """MD-N1: 9 brakes: seat 0's next turn (this round's) is skipped."""
    s = race(bunta=30, positions=[27, 0], met=[False, True], dice=[5, 9], hands=stops(2))
    assert crossings(s) == [(0, 9, "brake")]
    assert [e["seat"] for e in find_events(s, "skip")] == [0] and decision(s) == ("turn", 1)


def test_md_n2_natural_1_bunta_s_judgement_out_of_the_race():
    """MD-N2: out of the race: no more turns, their cards go to the discard pile; the others race on."""
    s = race(
        players=3,
        bunta=30,
        positions=[27, 0, 0],
        met=[False, True, True],
        dice=[5, 1],
        hands=[["Frein à main"], STOP, STOP2],
    )
    assert crossings(s) == [(0, 1, "judgement")]
    assert s.race.status[0] == OUT and s.race.out == [0] and s.race.hands[0] == []
    assert "frein-a-main" in s.view(1)["discard"]["cards"]
    assert decision(s) == ("turn", 1) and not s.is_over
    assert last_event(s, "out")["seat"] == 0


def test_md_n3_natural_20_bunta_s_aura_plus_3_to_every_roll():
    """MD-N3: the Aura: the next move roll of 2 moves 5."""
    s = race(bunta=15, positions=[12, 0], met=[False, True], dice=[3, 20, 2], hands=stops(2))
    assert crossings(s) == [(0, 20, "aura")] and s.race.aura == 0
    act(s, "roll")
    mv = last_event(s, "move")
    assert (mv["die"], mv["steps"], mv["src"], mv["dst"]) == (2, 5, 12, 17)


def test_md_n3_the_aura_passes_to_the_new_holder():
    """MD-N3: whoever held the Aura before loses it; their next roll has no bonus."""
    s = race(bunta=15, positions=[12, 0], met=[False, True], aura=1, dice=[3, 20, 1, 2], hands=stops(2))
    assert s.race.aura == 0 and last_event(s, "crossing")["previous"] == 1
    act(s, "roll")  # seat 0: 1 + 3
    act(s, "roll")  # seat 1: 2, no bonus
    assert [(e["seat"], e["steps"]) for e in find_events(s, "move")] == [(0, 4), (1, 2)]
    assert s.view(None)["aura"] == 0


def test_md_n3_ruling_naturals_are_read_on_the_bare_die():
    """MD-N3 ruling: with the Aura a natural 1 is still the Judgement, and 7 + 3 = 10 is clear."""
    s = race(bunta=30, positions=[27, 0], met=[False, True], aura=0, dice=[5, 1], hands=stops(2))
    assert crossings(s) == [(0, 1, "judgement")] and last_event(s, "crossing")["total"] == 4
    s = race(bunta=30, positions=[27, 0], met=[False, True], aura=0, dice=[5, 7], hands=stops(2))
    assert crossings(s) == [(0, 7, "clear")] and last_event(s, "crossing")["total"] == 10


# -- MD-R2 skipped turns -------------------------------------------------------------------------------------


def test_md_r2_skipped_turns_stack():
    """MD-R2: two skips cost two turns; the third turn is played."""
    s = race(positions=[10, 0], skips=[2, 0], dice=[1, 1, 3], hands=[[], STOP])
    assert [e["left"] for e in find_events(s, "skip")] == [1]
    act(s, "roll")
    assert [e["left"] for e in find_events(s, "skip")] == [1, 0]
    act(s, "roll")
    assert [(e["seat"], e["src"], e["dst"]) for e in find_events(s, "move")][-2:] == [(1, 1, 2), (0, 10, 13)]


def test_md_r2_skips_from_bunta_and_a_battle_stack():
    """MD-R2: braking for Bunta (MD-N1) and losing a battle as defender (MD-F2 d) in one round: two skips."""
    s = race(bunta=20, positions=[15, 18], met=[True, False], dice=[2, 5, 3, 15, 5, 2], hands=[STOP, STOP])
    assert crossings(s) == [(1, 5, "brake")] and s.race.skips[1] == 1
    act(s, "roll")  # seat 0: 15 -> 18: battle, overtakes (18 -> 19); seat 1 then skips one of two
    assert last_event(s, "duel")["outcome"] == "overtake"
    assert s.race.skips[1] == 1 and [e["left"] for e in find_events(s, "skip") if e["seat"] == 1] == [1]
