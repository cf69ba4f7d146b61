"""Corners — fame or shame (MD-C1..C5), cornering lines (MD-O2), and the drift odds checked statistically.

Akina downhill: straight 1–8, Premier virage 9–11 (difficulty 8), straight 12–19, Épingle 1 20–21 (10), …
"""

from __future__ import annotations

import math

import pytest
from minid_helpers import STOP, act, corner, decision, notations, race, stops

from kansei.builtin.minid.terms import FAILED, MASTERED
from kansei.testing import find_events, last_event


def moves(state, seat):
    return [(e["src"], e["dst"], e["die"]) for e in find_events(state, "move") if e["seat"] == seat]


def test_md_c1_entering_a_corner_stops_on_its_first_case():
    """MD-C1: a 6 from case 7 would reach 13, but the car stops on 9 (the rest is lost) and rolls DRIFT."""
    s = race(positions=[7, 0], dice=[6, 15], hands=stops(2))
    act(s, "roll")
    assert s.race.positions[0] == 9
    mv = last_event(s, "move")
    assert (mv["src"], mv["dst"], mv["steps"], mv["stop"]) == (7, 9, 6, "corner")
    d = last_event(s, "drift")
    assert (corner(d), d["die"], d["difficulty"]) == ("Premier virage", 15, 8)
    assert decision(s) == ("turn", 1)


def test_md_c2_drift_equal_to_difficulty_is_mastered_and_the_corner_drives_as_straight():
    """MD-C2: DRIFT 8 vs 8 masters; the next roll drives through the corner's cases like a straight."""
    s = race(positions=[7, 0], dice=[2, 8, 1, 4], hands=stops(2))
    act(s, "roll")
    assert last_event(s, "drift")["outcome"] == "mastered"
    assert s.race.corner_state[0] == MASTERED
    act(s, "roll")  # seat 1: 0 -> 1
    assert decision(s) == ("turn", 0)
    act(s, "roll")  # seat 0: 4 from 9 -> 13, out of the corner
    assert s.race.positions[0] == 13
    assert moves(s, 0)[-1] == (9, 13, 4)


def test_md_c3_failed_drift_moves_exactly_one_case_per_turn_until_out():
    """MD-C3: DRIFT 7 vs 8 fails; 9 -> 10 -> 11 -> 12 one case a turn with no die, then rolls again."""
    s = race(positions=[7, 0], dice=[2, 7, 1, 1, 1, 1, 3], hands=stops(2))
    act(s, "roll")
    assert last_event(s, "drift")["outcome"] == "failed" and s.race.corner_state[0] == FAILED
    for want in (10, 11, 12):
        act(s, "roll")  # seat 1 rolls 1; seat 0 crawls (no pause: a crawling racer is offered no move card)
        assert decision(s) == ("turn", 1)
        assert moves(s, 0)[-1] == (want - 1, want, None)
    act(s, "roll")  # seat 1 again; seat 0 is out of the corner and asked before rolling
    assert decision(s) == ("turn", 0)
    act(s, "roll")
    assert moves(s, 0)[-1] == (12, 15, 3)
    assert s.race.forced_dice == []  # crawling used no die: every forced die went where the test says


def test_md_c3_crawl_off_the_last_case_into_a_corner_enters_it():
    """MD-C3 + MD-C1: Usui's S-bend: crawling off S gauche's last case (38) enters S droite (39): DRIFT."""
    s = race(
        options={"track": "usui"}, positions=[38, 0], drift=["failed", None], dice=[16], hands=[[], STOP]
    )
    assert moves(s, 0)[-1] == (38, 39, None)
    d = last_event(s, "drift")
    assert (corner(d, s), d["total"], d["outcome"]) == ("S droite", 16, "mastered")


def test_md_c4_natural_1_spins_skips_a_turn_then_crawls():
    """MD-C4: a natural 1 stays on the first case, skips the next turn, then crawls as a failed drift."""
    s = race(positions=[7, 0], dice=[2, 1, 1, 1], hands=stops(2))
    act(s, "roll")
    assert last_event(s, "drift")["outcome"] == "spin"
    assert (s.race.positions[0], s.race.skips[0], s.race.corner_state[0]) == (9, 1, FAILED)
    act(s, "roll")  # seat 1; then seat 0 skips
    assert last_event(s, "skip")["seat"] == 0 and s.race.skips[0] == 0 and s.race.positions[0] == 9
    act(s, "roll")  # seat 1; then seat 0 crawls 9 -> 10
    assert moves(s, 0)[-1] == (9, 10, None)


def test_md_c4_natural_1_spins_even_when_the_total_would_pass():
    """MD-C4 with the Aura (+3) and Moonlight Control (+3): the natural is read on the bare die."""
    s = race(options={"strategies": True}, positions=[7, 0], aura=0, dice=[2, 1], hands=stops(2))
    act(s, "roll")
    act(s, "line moonlight")
    d = last_event(s, "drift")
    assert (d["die"], d["total"], d["outcome"]) == (1, 7, "spin")


def test_md_c5_natural_20_kansei_dorifuto_next_section_and_play_again():
    """MD-C5: straight to the first case of the next section (12), then an extra turn right away."""
    s = race(positions=[7, 0], dice=[2, 20, 3], hands=stops(2))
    act(s, "roll")
    assert last_event(s, "drift")["outcome"] == "kansei"
    assert s.race.positions[0] == 12
    assert last_event(s, "place")["why"] == "kansei"
    assert decision(s) == ("turn", 0)  # plays again before seat 1
    act(s, "roll")
    assert moves(s, 0)[-1] == (12, 15, 3)
    assert [e["seat"] for e in find_events(s, "turn")] == [0, 0]


def test_md_c5_kansei_passes_cars_in_the_corner_and_attacks_one_on_the_landing_case():
    """MD-C5 ruling: cars in the rest of the corner are passed without a battle; one on the landing case
    is attacked (MD-F1)."""
    s = race(players=3, positions=[7, 10, 12], dice=[2, 20, 15, 5, 2, 4], hands=[STOP, [], []])
    act(s, "roll")
    b = find_events(s, "battle")
    assert [(e["attacker"], e["defender"], e["case"]) for e in b] == [(0, 2, 12)]
    assert last_event(s, "duel")["outcome"] == "overtake"
    assert s.race.positions[0] == 13 and s.race.skips[2] == 1
    assert decision(s) == ("turn", 0)  # the extra turn
    act(s, "roll")
    assert moves(s, 0)[-1] == (13, 17, 4)


def test_md_c5_kansei_onto_a_corner_first_case_enters_that_corner():
    """MD-C5 ruling + MD-C1: Usui's S gauche (37–38) kansei lands on S droite's first case (39): DRIFT."""
    s = race(options={"track": "usui"}, positions=[35, 0], dice=[2, 20, 15], hands=stops(2))
    act(s, "roll")
    ds = find_events(s, "drift")
    assert [(corner(d, s), d["outcome"]) for d in ds] == [("S gauche", "kansei"), ("S droite", "mastered")]
    assert s.race.positions[0] == 39 and decision(s) == ("turn", 0)


def test_md_c5_kansei_in_the_last_corner_reaches_the_finish(tmp_path):
    """MD-C5: with no next section the car goes to the finish line (a user track ending in a corner)."""
    p = tmp_path / "cliff.toml"
    p.write_text(
        '[[track]]\nname = "Cliff"\nlength = 10\nsections = [\n'
        '  { kind = "straight", start = 1, end = 6 },\n'
        '  { kind = "corner", start = 7, end = 10, difficulty = 12 },\n]\n'
    )
    s = race(options={"track": str(p)}, positions=[5, 0], dice=[3, 20])
    assert last_event(s, "finish")["seat"] == 0 and s.is_over and s.winner == 0


# -- MD-O2 cornering strategies ------------------------------------------------------------------------------


def test_md_o2_line_is_chosen_before_the_drift_roll_only_with_the_option():
    """MD-O2: with `strategies` the racer picks a line at the corner; without it there is no such choice."""
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2, 12], hands=stops(2))
    act(s, "roll")
    assert decision(s) == ("line", 0)
    assert notations(s) == ["line normal", "line gambler", "line moonlight"]
    assert find_events(s, "drift") == []  # not rolled yet
    s2 = race(positions=[7, 0], dice=[2, 12], hands=stops(2))
    act(s2, "roll")
    assert decision(s2) == ("turn", 1)


def test_md_o2_midnight_gambler_minus_3_drift_plus_2_move_in_the_corner():
    """MD-O2 Midnight Gambler: 11 - 3 = 8 masters d8; the next move in this corner is +2 (1 + 2 = 3)."""
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2, 11, 1, 1], hands=stops(2))
    act(s, "roll")
    act(s, "line gambler")
    d = last_event(s, "drift")
    assert (d["total"], d["line"], d["outcome"]) == (8, "gambler", "mastered")
    act(s, "roll")  # seat 1
    act(s, "roll")  # seat 0 rolls 1 (+2) from 9
    mv = moves(s, 0)[-1]
    assert mv == (9, 12, 1) and last_event(s, "move")["steps"] == 3


def test_md_o2_midnight_gambler_fails_where_normal_would_pass():
    """MD-O2: die 10 masters d8 normally, but 10 - 3 = 7 fails with Midnight Gambler."""
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2, 10], hands=stops(2))
    act(s, "roll")
    act(s, "line gambler")
    assert last_event(s, "drift")["outcome"] == "failed"


def test_md_o2_moonlight_control_plus_3_drift_minus_2_move_minimum_1():
    """MD-O2 Moonlight Control: 5 + 3 = 8 masters d8; a 2 in this corner moves max(2 - 2, 1) = 1."""
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2, 5, 1, 2], hands=stops(2))
    act(s, "roll")
    act(s, "line moonlight")
    assert last_event(s, "drift")["outcome"] == "mastered"
    act(s, "roll")
    act(s, "roll")
    assert moves(s, 0)[-1] == (9, 10, 2)


def test_md_o2_gambler_natural_20_is_still_kansei():
    """MD-O2 + MD-C5: 20 - 3 is read as a natural 20."""
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2, 20], hands=stops(2))
    act(s, "roll")
    act(s, "line gambler")
    assert last_event(s, "drift")["outcome"] == "kansei"


def test_md_o2_line_bonus_ends_when_the_corner_is_left():
    """MD-O2: +2 applies in this corner only: after leaving it, a 1 moves 1."""
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2, 11, 1, 2, 1, 1], hands=stops(2))
    act(s, "roll")
    act(s, "line gambler")
    act(s, "roll")
    act(s, "roll")  # 9 -> 13 (2 + 2)
    act(s, "roll")
    act(s, "roll")  # 13 -> 14 (1)
    assert moves(s, 0)[-2:] == [(9, 13, 2), (13, 14, 1)]


# -- the drift odds, statistically ---------------------------------------------------------------------------


def exact_outcomes(difficulty: int, mod: int) -> dict[str, float]:
    """MD-C1..C5 straight from the rule text: a natural 1 spins, a natural 20 is kansei, else total ≥ diff."""
    out = {"spin": 0, "kansei": 0, "mastered": 0, "failed": 0}
    for n in range(1, 21):
        if n == 1:
            out["spin"] += 1
        elif n == 20:
            out["kansei"] += 1
        elif n + mod >= difficulty:
            out["mastered"] += 1
        else:
            out["failed"] += 1
    return {k: v / 20 for k, v in out.items()}


@pytest.mark.parametrize(
    ("start", "difficulty", "line", "aura"),
    [(7, 8, None, False), (29, 16, None, False), (29, 16, "moonlight", True), (19, 10, "gambler", False)],
)
def test_md_c2_c3_drift_success_rate_matches_the_exact_probability(start, difficulty, line, aura):
    """MD-C2..C5 statistically: 40,000 DRIFT rolls from the state's own seeded dice (only the move die is
    forced) land within 4.5 standard errors of the exact outcome probabilities — an off-by-one in the
    comparison (> for ≥) or a modifier on the wrong side moves a rate by 0.05, i.e. 20 standard errors."""
    trials = 40000
    opts = {"strategies": True} if line else {}
    mod = {"gambler": -3, "moonlight": 3, None: 0}[line] + (3 if aura else 0)
    want = exact_outcomes(difficulty, mod)
    counts = dict.fromkeys(want, 0)
    for seed in range(trials):
        s = race(
            seed=seed,
            options=opts,
            positions=[start, 0],
            dice=[2],
            hands=[[], STOP],
            aura=0 if aura else None,
        )
        if line:
            act(s, f"line {line}")
        d = find_events(s, "drift")[0]
        assert d["difficulty"] == difficulty
        counts[d["outcome"]] += 1
    for k, p in want.items():
        se = math.sqrt(p * (1 - p) / trials) or 1 / trials
        assert abs(counts[k] / trials - p) <= 4.5 * se + 1e-9, (k, counts[k] / trials, p)
