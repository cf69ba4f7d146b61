"""The course of a race: set-up and disaster draw, hands and redraws, building, tune-ups, runs and race end,
for Time Attack (TG-T0..T5) and Sudden Death (TG-D0..D5)."""

from __future__ import annotations

import pytest
from touge_helpers import AKINA, REDSUNS, cid, legal, pass_until, play, race, skip_redraw

import kansei
from kansei import Action
from kansei.testing import find_events, first_event, refused, scenario


def test_tg_t0_coins_decide_direction_and_leader():
    """TG-T0: over a few seeds both coins show both faces."""
    seen = set()
    for seed in range(40):
        s = kansei.load("touge").start(seed=seed)
        seen.add((s.direction, s.leader))
        assert first_event(s, "coins") == {
            "type": "coins",
            "direction": ("downhill", "uphill")[s.direction],
            "leader": s.leader,
        }
    assert seen == {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_tg_t0_agreed_direction_and_leader_options():
    """TG-T0."""
    s = kansei.load("touge", first_direction="uphill", first_leader="seat1").start(seed=5)
    assert (s.direction, s.leader) == (1, 1)


def test_tg_t0_disaster_draw_from_the_leader_alternately():
    """TG-T0: leader reveals first, then the follower...; the first disaster is in force; the others leave."""
    s = scenario(
        "touge",
        seed=2,
        decks=[AKINA, REDSUNS],
        setup={
            "direction": "downhill",
            "leader": 0,
            "reveal": [["Akina Lakeside Straight", "Supercharger"], ["Akina First Hairpin", "Gravel"]],
        },
    )
    ev = first_event(s, "disaster")
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
    s = scenario(
        "touge",
        seed=2,
        decks=[AKINA, REDSUNS],
        setup={"direction": "downhill", "leader": 1, "reveal": [["Rain"], ["Gravel"]]},
    )
    assert s.disaster == (1, cid("Gravel"))


def test_tg_t0_no_disaster_option():
    """TG-T0."""
    s = kansei.load("touge", disaster_draw=False).start(seed=3)
    assert s.disaster is None and s.view(0)["disaster"] is None
    assert first_event(s, "disaster") == {
        "type": "disaster",
        "card": None,
        "owner": None,
        "revealed": [[], []],
    }
    assert s.game.narrate(first_event(s, "disaster"), 0) == "No disaster this race"


def test_tg_t1_draw_seven_and_redraw_up_to_two():
    """TG-T1: the marked cards go back, are shuffled in, and as many are drawn; leader first."""
    s = race()
    assert [len(h) for h in s.hands] == [7, 7] and s.phase == "redraw" and s.to_move == 0
    first = s.legal_actions()[0]
    s.apply(first, seat=0)
    assert len(s.hands[0]) == 6 and s.redraws_left[0] == 1
    s.apply(s.legal_actions()[0], seat=0)  # second redraw: put back, shuffled in, drawn again
    assert len(s.hands[0]) == 7 and s.to_move == 1  # the follower's turn to redraw
    assert find_events(s, "redraw", seat=None) == [{"type": "redraw", "seat": 0, "count": 2}]
    s.apply("done", seat=1)
    assert s.phase == "build" and len(s.hands[1]) == 7
    assert find_events(s, "redraw", seat=None)[-1] == {"type": "redraw", "seat": 1, "count": 0}


def test_tg_t1_redraw_limit_option():
    """TG-T1: with redraws=0 nobody is asked to redraw."""
    s = kansei.load("touge", redraws=0).start(seed=3)
    assert s.phase == "build"
    s = kansei.load("touge", redraws=1).start(seed=3)
    s.apply(s.legal_actions()[0], seat=s.to_move)
    assert s.to_move == 1 - s.leader  # one redraw used: the leader's redraw is over


def test_tg_t2_build_alternates_and_ends_when_both_pass():
    """TG-T2."""
    s = skip_redraw(race())
    assert s.phase == "build" and s.to_move == 0
    road = next(a for a in s.legal_actions() if a.kind == "road")
    s.apply(road, seat=0)
    assert s.course == [(0, road.args[0])] and s.to_move == 1
    play(s, "pass")
    assert s.phase == "build" and s.to_move == 0
    play(s, "pass")
    assert s.phase == "tune" and first_event(s, "course")["tiles"] == [s.game.table.cards[road.args[0]].name]


def test_tg_t2_empty_course_scores_zero_to_zero():
    """TG-T2, TG-T4: an empty course is a 0-0 tie that wins nothing."""
    s = skip_redraw(race())
    play(s, "pass", "pass")
    pass_until(s, "redraw")
    b = first_event(s, "battle")
    assert b["scores"] == [0, 0] and b["winner"] is None
    assert s.wins == (0, 0) and s.battle == 2


def test_tg_t2_roads_only_in_the_build_phase():
    """TG-T2: a road in the redraw phase is refused with the phase named; nothing changes."""
    s = race()
    road = next(c for c in s.hands[0] if s.game.table.cards[c].kind == "road")
    msg = refused(s, Action(f"road {s.game.table.cards[road].slug}"), seat=0)
    assert "build phase" in msg and "redraw phase" in msg


def test_tg_t2_a_seat_without_roads_is_asked_and_its_pass_is_logged():
    """TG-T2: whether a seat holds a road is hidden, so it is asked anyway: its one action is pass, and
    the pass is in the log like any other (issue 11: a log where one racer lays several roads in a row
    shows the other's passes)."""
    tunes = [
        "Supercharger",
        "Supercharger",
        "Jump",
        "Hyper-Focused",
        "Gutter Drift",
        "Blindspot",
        "Boost Controller",
    ]
    s = race(options={"redraws": 0}, hands=[["Akagi Chicane", "Akina Long Straight"], tunes])
    assert s.phase == "build" and s.to_move == 0
    play(s, "road akagi-chicane")
    assert s.to_move == 1 and legal(s) == ["pass"]
    play(s, "pass", "road akina-long-straight", "pass")
    assert s.phase == "build" and s.to_move == 0
    seen = [(e["type"], e["seat"]) for e in find_events(s, seat=None) if e["type"] in ("road", "pass")]
    assert seen == [("road", 0), ("pass", 1), ("road", 0), ("pass", 1)]
    assert find_events(s, "pass", seat=None) == [{"type": "pass", "seat": 1, "phase": "build"}] * 2


def test_tg_t3_tune_phase_ends_when_both_pass_in_a_row():
    """TG-T3."""
    s = race(hands=[["Akagi Chicane", "Gutter Drift", "Racing Slicks"], []])
    skip_redraw(s)
    play(s, "road akagi-chicane")
    pass_until(s, "tune")
    assert s.to_move == 0
    tile = [i for i, (_, c) in enumerate(s.course) if c == cid("Akagi Chicane")][0] + 1
    play(s, f"tune gutter-drift @{tile}")
    assert (0, cid("Gutter Drift"), tile - 1) in s.tunes and s.to_move == 1
    play(s, "pass")
    assert s.phase == "tune" and s.to_move == 0  # one pass: the phase goes on
    play(s, "tune racing-slicks", "pass")
    assert s.phase == "tune" and s.to_move == 0  # a pass, a tune-up, a pass: not two in a row
    play(s, "pass")
    assert s.battle == 2 and first_event(s, "battle")["battle"] == 1


def test_tg_t3_a_seat_with_nothing_to_play_is_asked():
    """TG-T3: a seat whose ability is spent and who holds no tune-up still gets its turn to pass."""
    s = race(options={"redraws": 0}, hands=[["Akagi Chicane"], ["Akina First Hairpin"]])
    play(s, "road akagi-chicane", "pass", "pass")
    assert s.phase == "tune" and s.to_move == 0
    s.ability_used = (True, True)  # white-box: both abilities spent
    s.hands = [[c for c in h if s.game.table.cards[c].kind == "road"] for h in s.hands]
    s._legal = None
    assert legal(s) == ["pass"]
    play(s, "pass")
    assert s.to_move == 1 and s.phase == "tune"


def test_tg_t4_higher_total_wins_the_battle():
    """TG-T4."""
    s = race(hands=[["Akina Final Hairpin"], []])  # C 6D: AE-86 12, R32 0
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "pass")
    pass_until(s, "redraw")
    b = first_event(s, "battle")
    assert b["scores"] == [12, 0] and b["winner"] == 0 and s.wins == (1, 0)


def test_tg_t5_cards_return_and_direction_and_leader_alternate():
    """TG-T5."""
    s = skip_redraw(race())
    census = s.census()
    road = next(a for a in s.legal_actions() if a.kind == "road")
    s.apply(road, seat=0)
    pass_until(s, "redraw")
    assert s.battle == 2 and s.direction == 1 and s.leader == 1
    assert s.course == [] and s.tunes == [] and [len(h) for h in s.hands] == [7, 7]
    assert s.census() == census
    assert first_event(s, "battle_start") == {
        "type": "battle_start",
        "battle": 2,
        "direction": "uphill",
        "leader": 1,
    }


def test_tg_t5_race_ends_with_two_wins():
    """TG-T5: two battle wins end the race at once: no third battle."""
    s = race(hands=[["Akina Final Hairpin"], []])
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "pass", "pass", "pass")  # battle 1: 12-0 downhill
    assert s.wins == (1, 0) and s.battle == 2 and s.leader == 1 and s.direction == 1
    skip_redraw(s)
    play(s, "pass")  # battle 2, uphill: seat 1 leads and passes
    corner = next(
        a for a in s.legal_actions() if a.kind == "road" and s.game.table.cards[a.args[0]].rtype == 0
    )
    s.apply(corner, seat=0)  # AE-86 UH C+3 against R32 UH C+2
    play(s, "pass", "pass", "pass", "pass")
    assert s.is_over and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert s.battle == 2 and not find_events(s, "battle_start", battle=3)
    assert first_event(s, "race_over") == {
        "type": "race_over",
        "winner": 0,
        "wins": [2, 0],
        "reason": "battles",
    }


def test_tg_t5_equal_wins_after_three_battles_is_a_draw():
    """TG-T5."""
    s = skip_redraw(race())
    for _ in range(3):  # three empty courses: three ties
        pass_until(s, "redraw")
        skip_redraw(s)
    assert s.is_over and s.winner is None and s.returns() == [0.0, 0.0] and s.battle == 3


# ------------------------------------------------------------------------------ Sudden Death
def test_tg_d0_draw_ten_and_redraw_two():
    """TG-D0."""
    s = race("sudden_death")
    assert [len(h) for h in s.hands] == [10, 10] and s.phase == "redraw" and s.redraws_left == (2, 2)


def test_tg_d1_one_course_for_the_whole_race_and_tg_d3_follower_ahead_wins():
    """TG-D1, TG-D3."""
    s = race("sudden_death", hands=[["Akagi Chicane"], ["Akagi Mid Straight"]])
    skip_redraw(s)
    play(s, "road akagi-chicane", "road akagi-mid-straight", "pass", "pass")  # C 2D/3U, S 3D/3U
    course = list(s.course)
    play(s, "pass", "pass")  # TG-D2: tune-ups, then the run
    run = first_event(s, "run")
    # downhill: AE-86 4+6=10, R32 0+12=12 -> follower (R32) ahead at the end: wins (TG-D3)
    assert run["direction"] == "downhill" and run["tiles"][-1]["totals"] == [10, 12]
    assert s.is_over and s.winner == 1 and first_event(s, "race_over")["reason"] == "overtake"
    assert s.course == course


def test_tg_d3_leader_ahead_by_twelve_wins_at_once():
    """TG-D3."""
    s = race("sudden_death", hands=[["Akina Final Hairpin", "Akina Five Consecutive Hairpins"], []])
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "road akina-five-consecutive-hairpins", "pass", "pass")
    play(s, "pass", "pass")
    run = first_event(s, "run")
    assert s.is_over and s.winner == 0
    assert run["tiles"][0]["totals"] == [12, 0]  # after the first tile the leader is 12 ahead
    assert len(run["tiles"]) == 1  # decided at once, mid-course
    assert first_event(s, "race_over")["reason"] == "lead"


@pytest.mark.parametrize(
    "margin,expected",
    [
        (12, (0, "lead", 1)),  # 12-0 after tile 1 of the first run
        (13, (0, "lead", 2)),  # not yet: back uphill 5×3 vs 5×2 makes it 27-10, 17 ahead
        (30, (None, None, 2)),  # never: the battle ends with no winner and battle 2 begins
    ],
)
def test_tg_d3_lead_margin_option(margin, expected):
    """TG-D3: the leader's winning lead is the option lead_margin (12 by default)."""
    s = race("sudden_death", options={"lead_margin": margin}, hands=[["Akina Final Hairpin"], []])  # C 6D/5U
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "pass", "pass", "pass")
    winner, reason, runs = expected
    assert len(find_events(s, "run")) == runs
    if winner is None:
        assert (
            not s.is_over and s.battle == 2 and find_events(s, "run")[-1]["tiles"][-1]["totals"] == [27, 10]
        )
    else:
        assert s.winner == winner and first_event(s, "race_over")["reason"] == reason


def test_tg_d4_no_winner_runs_reverse_then_a_new_battle_on_the_same_course():
    """TG-D4."""
    s = race("sudden_death", hands=[["Akagi Big Bridge", "Akina Lakeside Straight"], []])  # S 1D/1U, S 1D/2U
    s.cars = (cid("Skyline GT-R R32"), cid("Skyline GT-R R32"))  # mirror match: always level
    skip_redraw(s)
    play(s, "road akagi-big-bridge", "pass", "road akina-lakeside-straight", "pass", "pass")
    course = list(s.course)
    play(s, "pass", "pass")
    runs = find_events(s, "run")
    assert [r["direction"] for r in runs] == ["downhill", "uphill"]
    assert [t["tile"] for t in runs[0]["tiles"]] == [1, 2] and [t["tile"] for t in runs[1]["tiles"]] == [2, 1]
    assert runs[1]["tiles"][-1]["totals"] == [14, 14]  # totals carry on: 4+4 down, then 4+2 up each
    assert s.battle == 2 and s.phase == "redraw" and s.course == course
    assert [len(h) for h in s.hands] == [5, 5] and s.leader == 1  # draw 5; leader alternates
    skip_redraw(s)
    assert s.phase == "tune"  # resumes at TG-D2: no new building


def test_tg_d4_built_order_returns_the_other_way():
    """TG-D4 (issue 11): with course_order=built the first run goes from tile 1 whatever the direction,
    and the return run "switches directions and reiterates the course in reverse"."""
    s = race(
        "sudden_death",
        options={"course_order": "built"},
        direction="uphill",
        hands=[["Akagi Big Bridge", "Akina Lakeside Straight"], []],
    )
    s.cars = (cid("Skyline GT-R R32"), cid("Skyline GT-R R32"))
    skip_redraw(s)
    play(s, "road akagi-big-bridge", "pass", "road akina-lakeside-straight", "pass", "pass", "pass", "pass")
    runs = find_events(s, "run")
    assert [r["direction"] for r in runs] == ["uphill", "downhill"]
    assert [t["tile"] for t in runs[0]["tiles"]] == [1, 2]
    assert [t["tile"] for t in runs[1]["tiles"]] == [2, 1]


def test_tg_d5_no_winner_after_three_battles_is_a_draw():
    """TG-D5."""
    s = race("sudden_death")
    skip_redraw(s)
    play(s, "pass", "pass")  # an empty course: never a winner
    while not s.is_over:
        play(s, "pass" if s.phase == "tune" else "done")
    assert s.winner is None and s.battle == 3 and len(find_events(s, "battle")) == 3
