"""Scoring: TG-S1, the worked example TG-S2 in both directions, tune-ups (TG-C4), disasters (TG-C5),
car abilities (TG-C6)."""

from __future__ import annotations

import pytest
from touge_helpers import cid, course_of, legal, pass_until, play, race, skip_redraw

from kansei import Action
from kansei.builtin.touge.cards import Car, Road, catalog
from kansei.builtin.touge.rules import DOWN, UP
from kansei.builtin.touge.scoring import Profile, multiplier, score_course, tile_scores
from kansei.testing import find_events, first_event, refused

EXAMPLE = ["Akagi Chicane", "Myogi Downhill Straight", "Akina Lakeside Straight", "Tsuchisaka Sweeper"]


def test_tg_s2_worked_example_on_the_bare_cards():
    """TG-S2 / TG-S1: AE-86 18 vs R32 16 downhill; 15 vs 14 uphill (the corrected reading)."""
    cat = catalog()
    ae86, r32 = cat.find("AE-86 Trueno"), cat.find("Skyline GT-R R32")
    roads = [cat.find(n) for n in EXAMPLE]
    assert [(r.type, r.down, r.up) for r in roads] == [("C", 2, 3), ("S", 3, 1), ("S", 1, 2), ("C", 3, 1)]
    assert score_course((ae86, r32), roads, "downhill") == (18, 16)
    assert score_course((ae86, r32), roads, "uphill") == (15, 14)


def test_tg_s2_misprinted_uphill_table_is_not_followed():
    """TG-S2 ruling: the source's uphill table (AE-86 15, R32 18) fits no uphill value of the last road:
    the rule gives AE-86 12 + 3v and R32 12 + 2v; 15 needs v = 1 and 18 needs v = 3. The engine follows
    the rule, reading the last road as 3D/1U (the only value its downhill column allows)."""
    cat = catalog()
    ae86, r32 = cat.find("AE-86 Trueno"), cat.find("Skyline GT-R R32")
    assert isinstance(ae86, Car) and isinstance(r32, Car)
    roads = [cat.find(n) for n in EXAMPLE]
    last = roads[-1]
    assert isinstance(last, Road)
    tables = {}
    for v in range(13):
        variant = last.model_copy(update={"up": v})
        tables[v] = score_course((ae86, r32), [*roads[:-1], variant], "uphill")
    assert tables == {v: (12 + 3 * v, 12 + 2 * v) for v in range(13)}
    assert (15, 18) not in tables.values()
    assert tables[last.up] == (15, 14) and last.up == 1


@pytest.mark.parametrize("direction,expected", [("downhill", [18, 16]), ("uphill", [15, 14])])
def test_tg_s2_through_the_engine(direction, expected):
    """TG-S2, TG-T2, TG-T3, TG-T4: the example course built and run in a real battle."""
    s = race(
        direction=direction,
        hands=[
            ["Akagi Chicane", "Akina Lakeside Straight", "Tsuchisaka Sweeper"],
            ["Myogi Downhill Straight"],
        ],
    )
    skip_redraw(s)
    play(
        s,
        "road akagi-chicane",
        "road myogi-downhill-straight",
        "road akina-lakeside-straight",
        "pass",
        "road tsuchisaka-sweeper",
        "pass",
        "pass",
    )
    assert s.phase == "tune"
    play(s, "pass", "pass")
    battle = first_event(s, "battle")
    assert battle["scores"] == expected and battle["winner"] == 0
    assert s.wins == (1, 0)


def test_tg_s1_negative_scores_are_possible():
    """TG-S1: a negative multiplier gives a negative tile score."""
    s = course_of(race(), "Akina Final Hairpin")  # C 6D
    s.disaster = (1, cid("Black Ice"))  # cornering -2: R32 downhill C 0 -> -2
    assert tile_scores(s, DOWN) == [(0, -12)]


def _with_tune(s, owner, name, tile=-1):
    s.tunes.append((owner, cid(name), tile))
    return s


def test_tg_c4_supercharger_adds_two_on_a_straight_tile():
    """TG-C4."""
    s = course_of(race(), "Akina Lakeside Straight", "Akina Long Straight")  # S 1D, S 2D
    _with_tune(s, 0, "Supercharger", 1)
    assert tile_scores(s, DOWN) == [(2, 4), (8, 8)]  # AE-86 S+2 -> +4 on tile 2 only


def test_tg_c4_supercharger_only_targets_straights():
    """TG-C4."""
    s = race(hands=[["Supercharger", "Akagi Chicane", "Akina Lakeside Straight"], []])
    skip_redraw(s)
    play(s, "road akagi-chicane")
    pass_until(s, "tune")
    legal = {a.notation for a in s.legal_actions()}
    straights = [i + 1 for i, (_, c) in enumerate(s.course) if s.game.table.cards[c].rtype == 1]
    corners = [i + 1 for i, (_, c) in enumerate(s.course) if s.game.table.cards[c].rtype == 0]
    assert f"tune supercharger @{corners[0]}" not in legal
    for t in straights:
        assert f"tune supercharger @{t}" in legal


def test_tg_c4_jump_nullifies_a_corner_for_you_only():
    """TG-C4."""
    s = course_of(race(), "Akagi Chicane")
    _with_tune(s, 0, "Jump", 0)
    assert tile_scores(s, DOWN) == [(0, 0)]
    s.disaster = (1, cid("Black Ice"))  # R32 C -2 -> -4 ; AE-86 nullified
    assert tile_scores(s, DOWN) == [(0, -4)]


def test_tg_c4_blindspot_takes_the_better_multiplier():
    """TG-C4."""
    s = course_of(race(), "Akagi Chicane")  # corner 2D
    _with_tune(s, 1, "Blindspot", 0)  # R32 downhill C0 S4 -> scores the corner as a straight
    assert tile_scores(s, DOWN) == [(4, 8)]


def test_tg_c4_hyper_focused_draws_two():
    """TG-C4."""
    s = race(hands=[["Hyper-Focused"], []])
    skip_redraw(s)
    pass_until(s, "tune")
    before = len(s.hands[0])
    play(s, "tune hyper-focused")
    assert len(s.hands[0]) == before - 1 + 2
    assert find_events(s, "drew", seat=1)[-1] == {"type": "drew", "seat": 0, "count": 2}


def test_tg_c4_course_wide_tune_up():
    """TG-C4."""
    s = course_of(race(), "Akagi Chicane", "Akina Long Straight")
    _with_tune(s, 0, "Racing Slicks")  # +1 cornering everywhere
    assert tile_scores(s, DOWN) == [(6, 0), (4, 8)]


@pytest.mark.parametrize(
    "disaster,expected",
    [
        ("Rain", [(2, -2), (4, 8)]),  # cornering -1
        ("Gravel", [(4, 0), (2, 6)]),  # straight -1
        ("Gum-Tape Death Match", [(2, 0), (4, 8)]),  # cornering halved toward zero: 2 -> 1
        ("Police Patrol", [(4, 0), (4, 4)]),  # straight multiplier capped at 2
    ],
)
def test_tg_c5_disasters_act_on_both_players(disaster, expected):
    """TG-C5."""
    s = course_of(race(), "Akagi Chicane", "Akina Long Straight")  # C 2D, S 2D
    s.disaster = (0, cid(disaster))
    assert tile_scores(s, DOWN) == expected


def test_tg_c5_halving_rounds_toward_zero_for_negatives():
    """TG-C5."""
    pr = Profile((-3, 7))
    assert multiplier(pr, ((0, 0), (True, False), (None, None)), 0, 0) == -1  # -3/2 -> -1, not -2


def test_tg_c5_oil_slick_nullifies_the_highest_tile_for_both():
    """TG-C5."""
    s = race(disaster="Oil Slick", hands=[["Akina Final Hairpin", "Akagi Chicane"], []])
    skip_redraw(s)
    play(s, "road akina-final-hairpin")
    pass_until(s, "tune")
    play(s, "pass", "pass")
    tiles = first_event(s, "course")["tiles"]
    final = tiles.index("Akina Final Hairpin")
    assert first_event(s, "nullify") == {"type": "nullify", "seat": None, "tile": final + 1}
    battle = first_event(s, "battle")
    assert battle["tiles"][final] == [0, 0]


def test_tg_c5_leader_picks_among_tied_tiles():
    """TG-C5 ruling: the highest tile is nullified; among ties the leader picks."""
    s = race(
        disaster="Landslide", leader=1, hands=[["Akina Tofu Shop Approach"], ["Usui Bypass Straight"]]
    )  # both S 2D/1U
    skip_redraw(s)
    play(s, "road usui-bypass-straight", "road akina-tofu-shop-approach", "pass", "pass")
    assert s.phase == "tune" and len(s.course) == 2
    play(s, "pass", "pass")
    assert s.phase == "nullify" and s.to_move == 1
    assert legal(s) == ["nullify @1", "nullify @2"]
    assert "pick the tile the disaster wipes out" in refused(s, Action("nullify @3"), seat=1)
    play(s, "nullify @2")
    battle = first_event(s, "battle")
    assert battle["tiles"][1] == [0, 0] and battle["tiles"][0] != [0, 0]


def test_tg_c5_leader_choice_option_lets_the_leader_pick_any_tile():
    """TG-C5."""
    s = race(
        options={"nullify_pick": "leader_choice"},
        disaster="Oil Slick",
        hands=[["Akina Final Hairpin", "Akagi Chicane"], []],
    )
    skip_redraw(s)
    play(s, "road akina-final-hairpin", "pass", "road akagi-chicane", "pass", "pass")
    play(s, "pass", "pass")
    assert s.phase == "nullify"
    assert len(s.legal_actions()) == len(s.course)


def test_tg_c6_foresight_ignores_the_disaster():
    """TG-C6."""
    s = course_of(race(), "Akagi Chicane")
    s.cars = (cid("RX-7 Savanna FC3S"), s.cars[1])  # DH C+3
    s.disaster = (1, cid("Rain"))
    assert tile_scores(s, DOWN) == [(4, -2)]  # FC3S: (3-1)*2 = 4 ; R32: (0-1)*2
    s.ability_on = (True, False)
    assert tile_scores(s, DOWN) == [(6, -2)]


def test_tg_c6_gum_tape_ability_halves_the_opponent():
    """TG-C6."""
    s = course_of(race(), "Akagi Chicane")  # corner 2U uphill 3
    s.cars = (s.cars[0], cid("Civic EG6"))
    s.ability_on = (False, True)
    assert tile_scores(s, UP) == [(3 * 1, 3 * 3)]  # AE-86 UH C3 halved -> 1 ; EG6 UH C3


def test_tg_c6_gutter_drift_lasts_one_battle_and_is_once_per_race():
    """TG-C6."""
    s = race(hands=[["Akagi Chicane", "Racing Slicks", "Feint Motion"], []])
    skip_redraw(s)
    play(s, "road akagi-chicane")
    pass_until(s, "tune")
    assert s.to_move == 0 and "ability" in legal(s)
    play(s, "ability")
    assert s.ability_on[0] and s.ability_used[0]
    tile = [i for i, (_, c) in enumerate(s.course) if c == cid("Akagi Chicane")][0]
    assert tile_scores(s, DOWN)[tile][0] == 2 * 3  # AE-86 DH C2 +1
    while s.to_move != 0:
        play(s, "pass")
    assert "ability" not in legal(s)
    assert "once per race" in refused(s, Action("ability", "ability"), seat=0)
    pass_until(s, "redraw")
    assert s.battle == 2 and not s.ability_on[0] and s.ability_used[0]  # that battle only, spent


def test_tg_c6_instinct_doubles_multipliers_and_own_effects():
    """TG-C6."""
    pr = Profile((2, 2))
    pr.add, pr.tile_add, pr.double = [1, 0], {0: 2}, True
    rain = ((-1, 0), (False, False), (None, None))
    assert multiplier(pr, rain, 0, 0) == (2 + 1 + 2) * 2 - 1  # doubled before the disaster


def test_tg_c1_car_design_rule_is_enforced():
    """TG-C1."""
    with pytest.raises(ValueError, match="dh_c \\+ dh_s must be 4, is 5"):
        Car(name="X", dh_c=3, dh_s=2, uh_c=2, uh_s=2, ability={"name": "a", "effects": [{"block": "double"}]})
    with pytest.raises(ValueError, match="within -4..4"):
        Car(
            name="X", dh_c=5, dh_s=-1, uh_c=2, uh_s=2, ability={"name": "a", "effects": [{"block": "double"}]}
        )
    for car in catalog().cars:  # every shipped car obeys TG-C1
        assert car.dh_c + car.dh_s == 4 and car.uh_c + car.uh_s == 4


def test_tg_c2_roads_have_a_type_tier_and_two_values():
    """TG-C2."""
    r = Road.model_validate({"name": "T", "pass": "Akina", "type": "C", "stars": 3, "down": 2, "up": 3})
    assert (r.type, r.stars, r.down, r.up) == ("C", 3, 2, 3)
    with pytest.raises(ValueError):
        Road.model_validate({"name": "T", "pass": "Akina", "type": "X", "stars": 6, "down": 2, "up": 3})
