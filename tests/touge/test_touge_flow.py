"""The course of a race: set-up and disaster draw, hands and redraws, building, tune-ups, runs and race end,
for Time Attack (TG-T0..T5) and Sudden Death (TG-D0..D5); decks and content (TG-C3, TG-C7)."""

from __future__ import annotations

from collections import Counter

import pytest
from touge_helpers import AKINA, REDSUNS, cid, pass_until, play, scenario, skip_redraw

import kansei
from kansei import ContentError, IllegalAction
from kansei.builtin.touge.cards import TIER_LIMITS, catalog
from kansei.testing import all_events


def test_tg_t0_coins_decide_direction_and_leader():
    """TG-T0."""
    seen = set()
    for seed in range(40):
        s = kansei.load("touge").start(seed=seed)
        seen.add((s.direction, s.leader))
    assert seen == {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_tg_t0_agreed_direction_and_leader_options():
    """TG-T0."""
    s = kansei.load("touge", first_direction="uphill", first_leader="seat1").start(seed=5)
    assert (s.direction, s.leader) == (1, 1)


def test_tg_t0_disaster_draw_from_the_leader_alternately():
    """TG-T0: leader reveals first, then the follower...; the first disaster is in force; the others leave."""
    s = kansei.load("touge").start(
        seed=2,
        decks=[AKINA, REDSUNS],
        setup={
            "direction": "downhill",
            "leader": 0,
            "reveal": [["Akina Lakeside Straight", "Supercharger"], ["Akina First Hairpin", "Gravel"]],
        },
    )
    ev = [e for e in all_events(s) if e["type"] == "disaster"][0]
    # order: seat0 straight, seat1 hairpin, seat0 supercharger, seat1 gravel -> Gravel (seat 1)
    assert ev["card"] == "Gravel" and ev["owner"] == 1
    assert ev["revealed"] == [["Akina Lakeside Straight", "Supercharger"], ["Akina First Hairpin"]]
    assert s.disaster == (1, cid("Gravel"))
    kinds = {s.game.table.cards[c].kind for p in (0, 1) for c in s.decks[p] + s.hands[p]}
    assert "disaster" not in kinds  # every other disaster removed from both decks
    assert len(s.removed[0]) == 5 and len(s.removed[1]) == 4
    # revealed non-disasters went back: the census still holds them
    assert s.census()[1][cid("Akina First Hairpin")] == 1


def test_tg_t0_leader_reveals_first():
    """TG-T0."""
    s = kansei.load("touge").start(
        seed=2,
        decks=[AKINA, REDSUNS],
        setup={"direction": "downhill", "leader": 1, "reveal": [["Rain"], ["Gravel"]]},
    )
    assert s.disaster == (1, cid("Gravel"))


def test_tg_t0_no_disaster_option():
    """TG-T0."""
    s = kansei.load("touge", disaster_draw=False).start(seed=3)
    assert s.disaster is None and s.view(0)["disaster"] is None


def test_tg_t1_draw_seven_and_redraw_up_to_two():
    """TG-T1."""
    s = scenario()
    assert [len(h) for h in s.hands] == [7, 7] and s.phase == "redraw" and s.to_move == 0
    first = s.legal_actions()[0]
    s.apply(first)
    assert len(s.hands[0]) == 6 and s.redraws_left[0] == 1
    s.apply(s.legal_actions()[0])  # second redraw: put back, shuffled in, drawn again
    assert len(s.hands[0]) == 7 and s.to_move == 1  # the follower's turn to redraw
    s.apply("done")
    assert s.phase == "build" and len(s.hands[1]) == 7


def test_tg_t1_redraw_limit_option():
    """TG-T1."""
    s = kansei.load("touge", redraws=0).start(seed=3)
    assert s.phase == "build"


def test_tg_t2_build_alternates_and_ends_when_both_pass():
    """TG-T2."""
    s = skip_redraw(scenario())
    assert s.phase == "build" and s.to_move == 0
    road = next(a for a in s.legal_actions() if a.kind == "road")
    s.apply(road)
    assert s.course == [(0, road.args[0])] and s.to_move == 1
    play(s, "pass", "pass")
    assert s.phase == "tune"


def test_tg_t2_empty_course_scores_zero_to_zero():
    """TG-T2."""
    s = skip_redraw(scenario())
    play(s, "pass", "pass")
    pass_until(s, "redraw")
    b = [e for e in all_events(s) if e["type"] == "battle"][0]
    assert b["scores"] == [0, 0] and b["winner"] is None  # TG-T4: a tie wins nothing
    assert s.wins == [0, 0] and s.battle == 2


@pytest.mark.xfail(strict=True, reason="issue 10: per-game refusals")
def test_tg_t2_roads_only_in_the_build_phase():
    """TG-T2."""
    s = scenario()
    road = next(c for c in s.hands[0] if s.game.table.cards[c].kind == "road")
    before = s.reveal()
    with pytest.raises(IllegalAction, match="build phase"):
        s.apply(s.game.table.cards[road].act)
    assert s.reveal() == before


def test_tg_t2_player_without_roads_passes_automatically():
    """TG-T2."""
    s = skip_redraw(scenario())
    s.hands[1] = [c for c in s.hands[1] if s.game.table.cards[c].kind != "road"]
    s.decks[1] = [c for c in s.decks[1]]
    road = next(a for a in s.legal_actions() if a.kind == "road")
    s.apply(road)
    assert s.to_move == 0 or s.phase != "build"  # seat 1 had nothing to play


def test_tg_t3_tune_phase_ends_when_both_pass_in_a_row():
    """TG-T3."""
    s = scenario(hands=[["Akagi Chicane", "Gutter Drift", "Racing Slicks"], []])
    skip_redraw(s)
    play(s, "road akagi-chicane")
    pass_until(s, "tune")
    assert s.to_move == 0
    tile = [i for i, (_, c) in enumerate(s.course) if c == cid("Akagi Chicane")][0] + 1
    s.apply(f"tune gutter-drift @{tile}")
    assert (0, cid("Gutter Drift"), tile - 1) in s.tunes
    while s.phase == "tune" and s.battle == 1:
        s.apply("pass")
    assert s.battle == 2 or s.is_over


def test_tg_t4_higher_total_wins_the_battle():
    """TG-T4."""
    s = scenario(hands=[["Akina Final Hairpin"], []])  # C 6D: AE-86 12, R32 0
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "pass")
    pass_until(s, "redraw")
    b = [e for e in all_events(s) if e["type"] == "battle"][0]
    assert b["scores"][0] > b["scores"][1] and b["winner"] == 0 and s.wins == [1, 0]


def test_tg_t5_cards_return_and_direction_and_leader_alternate():
    """TG-T5."""
    s = skip_redraw(scenario())
    census = s.census()
    road = next(a for a in s.legal_actions() if a.kind == "road")
    s.apply(road)
    pass_until(s, "redraw")
    assert s.battle == 2 and s.direction == 1 and s.leader == 1
    assert s.course == [] and s.tunes == [] and [len(h) for h in s.hands] == [7, 7]
    assert s.census() == census


def test_tg_t5_race_ends_with_two_wins():
    """TG-T5."""
    s = kansei.load("touge").start(seed=9)
    rng = __import__("random").Random(9)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    assert max(s.wins) >= 2 or s.battle == 3
    if s.winner is not None:
        assert s.wins[s.winner] > s.wins[1 - s.winner]
    else:
        assert s.wins[0] == s.wins[1]


def test_tg_t5_equal_wins_after_three_battles_is_a_draw():
    """TG-T5."""
    s = skip_redraw(scenario())
    for _ in range(3):  # three empty courses: three ties
        pass_until(s, "redraw") if not s.is_over else None
        skip_redraw(s) if not s.is_over else None
    assert s.is_over and s.winner is None and s.returns() == [0.0, 0.0] and s.battle == 3


# ------------------------------------------------------------------------------ Sudden Death
def test_tg_d0_draw_ten_and_redraw_two():
    """TG-D0."""
    s = scenario("sudden_death")
    assert [len(h) for h in s.hands] == [10, 10] and s.phase == "redraw"


def test_tg_d1_one_course_for_the_whole_race_and_tg_d4_reverse_then_next_battle():
    """TG-D1, TG-D4."""
    s = scenario("sudden_death", hands=[["Akagi Chicane"], ["Akagi Mid Straight"]])
    skip_redraw(s)
    play(s, "road akagi-chicane", "road akagi-mid-straight", "pass", "pass")  # C 2D/3U, S 3D/3U
    course = list(s.course)
    play(s, "pass", "pass")  # TG-D2: tune-ups, then the run
    runs = [e for e in all_events(s) if e["type"] == "run"]
    # downhill: AE-86 4+6=10, R32 0+12=12 -> follower (R32) ahead at the end: wins (TG-D3)
    assert runs[0]["direction"] == "downhill"
    assert s.is_over and s.winner == 1
    assert s.course == course


def test_tg_d3_leader_ahead_by_twelve_wins_at_once():
    """TG-D3."""
    s = scenario("sudden_death", hands=[["Akina Final Hairpin", "Akina Five Consecutive Hairpins"], []])
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "road akina-five-consecutive-hairpins", "pass", "pass")
    play(s, "pass", "pass")
    run = [e for e in all_events(s) if e["type"] == "run"][0]
    assert s.is_over and s.winner == 0
    assert run["tiles"][0]["totals"] == [12, 0]  # after the first tile the leader is 12 ahead
    assert len(run["tiles"]) == 1  # decided at once, mid-course
    assert [e for e in all_events(s) if e["type"] == "race_over"][0]["reason"] == "lead"


def test_tg_d3_lead_margin_option():
    """TG-D3."""
    s = kansei.load("touge", mode="sudden_death", lead_margin=30).start(
        seed=1,
        decks=[AKINA, REDSUNS],
        setup={
            "direction": "downhill",
            "leader": 0,
            "disaster": "none",
            "hands": [["Akina Final Hairpin"], []],
        },
    )
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "pass")
    play(s, "pass", "pass")
    assert not (s.is_over and [e for e in all_events(s) if e["type"] == "race_over"][0]["reason"] == "lead")


def test_tg_d4_no_winner_runs_reverse_then_a_new_battle_on_the_same_course():
    """TG-D4."""
    s = scenario("sudden_death", hands=[["Akina Lakeside Straight"], []])  # S 1D/2U
    skip_redraw(s)
    play(s, "road akina-lakeside-straight", "pass", "pass")
    course = list(s.course)
    play(s, "pass", "pass")
    # downhill AE-86 1*2=2 vs R32 1*4=4: follower ahead -> wins. Make it even instead:
    assert s.is_over and s.winner == 1
    # an even course: both score equally -> reverse run, then battle 2
    s = scenario("sudden_death", hands=[["Akagi Big Bridge"], []])  # S 1D/1U
    s.cars = [cid("Skyline GT-R R32"), cid("Skyline GT-R R32")]  # mirror match: always level
    skip_redraw(s)
    play(s, "road akagi-big-bridge", "pass", "pass")
    course = list(s.course)
    play(s, "pass", "pass")
    runs = [e for e in all_events(s) if e["type"] == "run"]
    assert [r["direction"] for r in runs] == ["downhill", "uphill"]
    assert runs[1]["tiles"][-1]["totals"] == [6, 6]  # totals carry on: 4 down + 2 up each
    assert s.battle == 2 and s.phase == "redraw" and s.course == course
    assert [len(h) for h in s.hands] == [5, 5] and s.leader == 1  # draw 5; leader alternates
    skip_redraw(s)
    assert s.phase == "tune"  # resumes at TG-D2: no new building


def test_tg_d5_no_winner_after_three_battles_is_a_draw():
    """TG-D5."""
    s = scenario("sudden_death")
    skip_redraw(s)
    play(s, "pass", "pass")  # an empty course: never a winner
    for _ in range(3):
        while not s.is_over and s.phase in ("tune", "redraw"):
            s.apply("pass" if s.phase == "tune" else "done")
    assert s.is_over and s.winner is None and s.battle == 3


# ------------------------------------------------------------------------------ decks and content
def test_tg_c3_road_limits_per_tier_are_enforced():
    """TG-C3."""
    cat = catalog()
    ones = [r.name for r in cat.roads if r.stars == 1]
    cards = {ones[0]: 36}
    problems = cat.deck_problems("AE-86 Trueno", cards, "deck")
    assert any("at most 35 1-star roads (TG-C3), has 36" in p for p in problems)
    fives = [r.name for r in cat.roads if r.stars == 5]
    problems = cat.deck_problems("AE-86 Trueno", {fives[0]: 3, ones[0]: 30}, "deck")
    assert problems == ["deck: at most 2 5-star roads (TG-C3), has 3"]
    assert TIER_LIMITS == {1: 35, 2: 15, 3: 10, 4: 5, 5: 2}


def test_tg_c3_refused_at_game_start():
    """TG-C3."""
    with pytest.raises(ContentError, match="TG-C3"):
        kansei.load("touge").start(
            seed=1, decks=[{"car": "AE-86 Trueno", "cards": {"Akina Final Hairpin": 31}}, REDSUNS]
        )


def test_tg_c7_starter_box_and_decks():
    """TG-C7."""
    cat = catalog()
    assert len(cat.cars) == 4 and len(cat.disasters) == 10
    assert Counter(r.stars for r in cat.roads) == {1: 25, 2: 15, 3: 8, 4: 5, 5: 2}
    tune_names = {t.name for t in cat.tuneups}
    box_tunes = sum(n for d in cat.decks for name, n in d.cards.items() if name in tune_names)
    assert box_tunes == 30
    assert len(cat.decks) == 2
    for d in cat.decks:
        assert cat.deck_problems(d.car, d.cards, d.name) == []
        assert sum(d.cards.values()) >= 30
    for name in ("Supercharger", "Jump", "Hyper-Focused", "Gutter Drift", "Blindspot"):
        assert name in tune_names  # TG-C4 named kinds
    dis = {d.name for d in cat.disasters}
    assert {"Oil Slick", "Landslide", "Rain", "Gravel", "Gum-Tape Death Match"} <= dis  # TG-C5
    passes = {r.pass_ for r in cat.roads}
    assert {"Akina", "Myogi", "Usui", "Akagi", "Irohazaka", "Tsubaki Line"} <= passes


def test_tg_c7_deck_needs_one_car_and_thirty_cards():
    """TG-C7."""
    cat = catalog()
    problems = cat.deck_problems(None, {"Akina First Hairpin": 10}, "d")
    assert "d: a deck has exactly one car (TG-C1), has 0" in problems
    assert "d: a deck needs at least 30 cards besides the car (TG-C7), has 10" in problems


def test_tg_c1_car_is_revealed_not_drawn():
    """TG-C1."""
    s = scenario()
    cars = catalog().cars
    for p in (0, 1):
        names = {s.game.table.cards[c].name for c in s.hands[p] + s.decks[p]}
        assert not names & {c.name for c in cars}
    assert s.view(1)["players"][0]["car"] == "AE-86 Trueno"
