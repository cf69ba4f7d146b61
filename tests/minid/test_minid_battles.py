"""Battles — overtake or die trying (MD-F1..F3): every row of the MD-F2 table in its order, criticals, ties,
chains, and the outcome rates checked against the exact probabilities.

Akina downhill: straight 12–19, then Épingle 1 (20–21). Seat 0 starts on 12 and seat 1 on 15 unless said.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from minid_helpers import STOP, act, corner, decision, race, stops

from kansei.testing import find_events, last_event


def duel(dice, positions=(12, 15), players=2, **setup):
    """Seat 0 rolls the first die and attacks; the rest of ``dice`` are the battle's."""
    setup.setdefault("hands", stops(players))
    s = race(players=players, positions=list(positions), dice=list(dice), **setup)
    act(s, "roll")
    return s


def skipped(s):
    return [e["seat"] for e in find_events(s, "skip")]


def outcomes(s):
    return [e["outcome"] for e in find_events(s, "duel")]


def test_md_f1_passing_through_an_opponent_stops_level_and_attacks():
    """MD-F1: a 6 from 12 would reach 18; it stops on 15 beside seat 1 (the rest is lost) and attacks."""
    s = duel([6, 15, 5, 2])
    mv = find_events(s, "move")[0]
    assert (mv["dst"], mv["steps"], mv["stop"]) == (15, 6, "battle")
    b = last_event(s, "battle")
    assert (b["attacker"], b["defender"], b["case"]) == (0, 1, 15)


def test_md_f1_landing_on_an_opponent_attacks():
    """MD-F1: landing exactly on the opponent's case."""
    s = duel([3, 15, 5, 2])
    assert last_event(s, "battle")["case"] == 15


def test_md_f1_no_battle_in_the_parking():
    """MD-F1: the parking holds every car; moving out of it past nobody starts no battle."""
    s = race(positions=[0, 0], dice=[3], hands=stops(2))
    act(s, "roll")
    assert find_events(s, "battle") == [] and s.race.positions == [3, 0]


def test_md_f2_d_attack_higher_overtakes_one_ahead_defender_skips():
    """MD-F2 (d): 15 vs 5 + 2: the attacker goes 1 case ahead; the defender skips their next turn."""
    s = duel([3, 15, 5, 2])
    d = last_event(s, "duel")
    assert (d["attack_total"], d["defence_total"], d["outcome"]) == (15, 7, "overtake")
    assert s.race.positions[0] == 16
    assert skipped(s) == [1] and decision(s) == ("turn", 0)  # seat 1's turn went by


def test_md_f2_e_attack_lower_drops_one_behind():
    """MD-F2 (e): 5 vs 10 + 3: the attacker goes 1 case behind the defender; nobody skips."""
    s = duel([3, 5, 10, 3])
    assert outcomes(s) == ["held"]
    assert s.race.positions == [14, 15] and s.race.skips == [0, 0]


def test_md_f2_c_equal_totals_roll_again():
    """MD-F2 (c): 12 vs 10 + 2 is a tie: the dice are rolled again (then 15 vs 5 + 2)."""
    s = duel([3, 12, 10, 2, 15, 5, 2])
    assert outcomes(s) == ["tie", "overtake"]
    assert s.race.positions[0] == 16


def test_md_f2_a_attacker_natural_1_perfect_defence_drops_1d6_behind():
    """MD-F2 (a): the attacker's d20 shows 1: back 1d6 (4) behind the defender: 15 - 4 = 11."""
    s = duel([3, 1, 10, 3, 4])
    d = last_event(s, "duel")
    assert (d["outcome"], d["shift"]) == ("perfect_defence", 4)
    assert s.race.positions == [11, 15] and s.race.skips == [0, 0]


def test_md_f2_a_defender_natural_20_beats_a_higher_attack():
    """MD-F2 (a) before (d): with the Aura the attack is 19 + 3 = 22 > 20 + 1, but a natural 20 in defence
    is a perfect defence."""
    s = duel([3, 19, 20, 1, 2], aura=0)
    d = last_event(s, "duel")
    assert d["attack_total"] > d["defence_total"]
    assert d["outcome"] == "perfect_defence" and s.race.positions[0] == 13


def test_md_f2_a_comes_before_c():
    """MD-F2 (a) before (c): attack 1 + 3 (Appel de phares) = 4 = 2 + 2, but the natural 1 decides."""
    s = duel([3, 1, 2, 2, 1], hands=[["Appel de phares", "Nitro"], STOP])
    assert decision(s) == ("battle", 0)
    act(s, "play appel-de-phares")
    d = last_event(s, "duel")
    assert d["attack_total"] == d["defence_total"] == 4
    assert d["outcome"] == "perfect_defence"


def test_md_f2_a_perfect_defence_stops_at_the_parking():
    """MD-F2 (a): dropping back past the start leaves the car in the parking (case 0)."""
    s = duel([4, 1, 10, 3, 6], positions=(0, 3))
    assert s.race.positions[0] == 0


def test_md_f2_b_attacker_natural_20_perfect_overtake():
    """MD-F2 (b): the attacker's 20: 1d6 (3) ahead of the defender, who skips their next turn."""
    s = duel([3, 20, 10, 6, 3])
    d = last_event(s, "duel")
    assert (d["outcome"], d["shift"]) == ("perfect_overtake", 3)
    assert s.race.positions[0] == 18 and skipped(s) == [1]


def test_md_f2_b_defender_natural_1_beats_a_lower_attack():
    """MD-F2 (b) before (e): attack 2 < defence 1 + 6, but the defender's natural 1 is a perfect overtake."""
    s = duel([3, 2, 1, 6, 2])
    d = last_event(s, "duel")
    assert d["attack_total"] < d["defence_total"] and d["outcome"] == "perfect_overtake"
    assert s.race.positions[0] == 17 and skipped(s) == [1]


def test_md_f2_b_comes_before_c():
    """MD-F2 (b) before (c): 7 vs 1 + 6 are equal, but the defender's natural 1 decides."""
    s = duel([3, 7, 1, 6, 1])
    assert outcomes(s) == ["perfect_overtake"] and s.race.positions[0] == 16


def test_md_f2_b_perfect_overtake_with_the_aura_goes_3_further():
    """MD-F2 (b) + MD-N3 ruling: the holder's own overtake distance gets +3 (2 + 3 = 5): 15 -> 20 is
    Épingle 1's first case, so the car stops there and rolls DRIFT (a forward move, MD-C1)."""
    s = duel([3, 20, 10, 6, 2, 15], aura=0)
    assert last_event(s, "duel")["shift"] == 5
    assert s.race.positions[0] == 20 and corner(last_event(s, "drift")) == "Épingle 1"


def test_md_f2_perfect_overtake_into_a_corner_stops_on_its_first_case():
    """MD-F2 (b) ruling: going ahead is a forward move: from 17, 5 cases would reach 22, but Épingle 1 starts
    on 20 (MD-C1)."""
    s = duel([3, 20, 10, 3, 5, 15], positions=(14, 17))
    assert s.race.positions[0] == 20
    assert last_event(s, "drift")["outcome"] == "mastered"


@pytest.mark.parametrize(("a", "d"), [(1, 1), (20, 20)])
def test_md_f2_ruling_both_perfect_rolls_again(a, d):
    """MD-F2 ruling: (a) and (b) both hold (attack 1 and defence 1, or 20 and 20): roll again."""
    s = duel([3, a, d, 3, 15, 5, 2])
    assert outcomes(s) == ["both_perfect", "overtake"]


def test_md_f2_aura_adds_3_to_attack_and_to_defence():
    """MD-N3 in battle: 10 + 3 beats 8 + 4; and 13 loses to 8 + 4 + 3."""
    s = duel([3, 10, 8, 4], aura=0)
    d = last_event(s, "duel")
    assert (d["attack_total"], d["defence_total"], d["outcome"]) == (13, 12, "overtake")
    s = duel([3, 13, 8, 4], aura=1)
    d = last_event(s, "duel")
    assert (d["attack_total"], d["defence_total"], d["outcome"]) == (13, 15, "held")


def test_md_f2_battle_cards_attacker_then_defender_before_the_dice():
    """MD-E1 kept battle cards: the attacker is asked first, then the defender; bonuses add to the totals."""
    s = race(
        positions=[12, 15], dice=[3, 10, 8, 4], hands=[["Appel de phares", "Nitro"], ["Fermer la porte"]]
    )
    act(s, "roll")
    assert decision(s) == ("battle", 0)
    act(s, "play appel-de-phares")
    assert decision(s) == ("battle", 1)
    act(s, "play fermer-la-porte")
    d = last_event(s, "duel")
    assert (d["attack_total"], d["defence_total"], d["outcome"]) == (13, 17, "held")


# -- MD-F3 chains --------------------------------------------------------------------------------------------


def test_md_f3_successful_overtake_reaching_another_opponent_attacks_again():
    """MD-F3: 0 overtakes 1 on 15, lands on 16 where 2 is: a second battle with 0 attacking."""
    s = duel([3, 15, 5, 2, 15, 5, 2], positions=(12, 15, 16), players=3)
    assert [(b["attacker"], b["defender"], b["case"]) for b in find_events(s, "battle")] == [
        (0, 1, 15),
        (0, 2, 16),
    ]
    assert s.race.positions == [17, 15, 16] and skipped(s) == [1, 2]


def test_md_f3_failed_overtake_level_with_another_opponent_defends():
    """MD-F3: 0 beats 1 (15), then fails against 2 (16) and drops to 15, level with 1: 1 attacks 0 there
    (and fails, dropping to 14)."""
    s = duel([3, 15, 5, 2, 5, 10, 3, 5, 10, 3], positions=(12, 15, 16), players=3)
    assert [(b["attacker"], b["defender"], b["case"]) for b in find_events(s, "battle")] == [
        (0, 1, 15),
        (0, 2, 16),
        (1, 0, 15),
    ]
    assert outcomes(s) == ["overtake", "held", "held"]
    assert s.race.positions == [15, 14, 16] and s.race.skips == [0, 1, 0]
    assert decision(s) == ("draw", 0)  # 15 is an Event case


def test_md_f3_perfect_defence_dropping_onto_a_car_behind_defends():
    """MD-F3: 0 (14) attacks 1 (15), natural 1: back 3 to 12 where 2 waits: 2 attacks 0 (and overtakes)."""
    s = duel([1, 1, 10, 3, 3, 15, 5, 2], positions=(14, 15, 12), players=3)
    assert [(b["attacker"], b["defender"], b["case"]) for b in find_events(s, "battle")] == [
        (0, 1, 15),
        (2, 0, 12),
    ]
    assert s.race.positions == [12, 15, 13] and s.race.skips[0] == 1


# -- MD-F2 statistically -------------------------------------------------------------------------------------


def exact_battle() -> dict[str, Fraction]:
    """MD-F2 from the rule text: enumerate d20 × d20 × d6, drop the rolls that are rolled again."""
    count = {"perfect_defence": 0, "perfect_overtake": 0, "overtake": 0, "held": 0}
    for a in range(1, 21):
        for d in range(1, 21):
            for e in range(1, 7):
                pa, pb = a == 1 or d == 20, a == 20 or d == 1
                if pa and pb or (not pa and not pb and a == d + e):
                    continue
                key = (
                    "perfect_defence"
                    if pa
                    else "perfect_overtake"
                    if pb
                    else "overtake"
                    if a > d + e
                    else "held"
                )
                count[key] += 1
    total = sum(count.values())
    return {k: Fraction(v, total) for k, v in count.items()}


def test_md_f2_outcome_rates_match_the_exact_probabilities():
    """MD-F2 statistically: 20,000 battles on the state's own dice within 4.5 standard errors of the exact
    rates (a perfect defence on the attacker's 1 only, or ties resolved for the defender, fail this)."""
    trials = 20000
    want = exact_battle()
    counts = dict.fromkeys(want, 0)
    for seed in range(trials):
        s = race(seed=seed, positions=[12, 15], dice=[3], hands=[[], STOP])
        counts[
            [e for e in find_events(s, "duel") if e["outcome"] not in ("tie", "both_perfect")][0]["outcome"]
        ] += 1
    for k, p in want.items():
        p = float(p)
        se = math.sqrt(p * (1 - p) / trials)
        assert abs(counts[k] / trials - p) <= 4.5 * se, (k, counts[k] / trials, p)
