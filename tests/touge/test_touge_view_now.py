"""The board's multipliers (views.py ``now``): what TG-S1 scores with now, not the printed TG-C1 ones."""

from __future__ import annotations

from touge_helpers import cid, course_of, race

from kansei.builtin.touge.scoring import tile_scores
from kansei.builtin.touge.views import TougeView, view


def test_tg_c6_god_foot_shows_on_the_board_as_the_multiplier_it_scores_with():
    """TG-C6 / TG-S1: God Foot switched on, the view's ``now`` straight multiplier is printed + 1 and is
    what a straight tile scores with; ``multipliers`` stay the printed ones."""
    s = course_of(race(), "Myogi Downhill Straight")
    s.cars = (cid("Skyline GT-R R32"), s.cars[1])
    before = view(s, 0)["players"][0]
    assert before["now"] == before["multipliers"]["downhill"]
    s.ability_on = (True, False)
    after = view(s, 0)["players"][0]
    printed = after["multipliers"]["downhill"]
    assert after["now"] == {"C": printed["C"], "S": printed["S"] + 1}
    ((score, _),) = tile_scores(s, 0)
    assert score == 3 * after["now"]["S"]  # the straight's downhill value times the shown multiplier
    TougeView.model_validate(view(s, 1))


def test_tg_c5_the_disaster_changes_both_racers_multipliers_on_the_board():
    """TG-C5: Rain (a disaster) lowers what each racer scores with, and the board says so."""
    s = course_of(race(), "Akagi Chicane")
    s.disaster = (1, cid("Rain"))
    for p in view(s, None)["players"]:
        assert p["now"]["C"] == p["multipliers"]["downhill"]["C"] - 1
