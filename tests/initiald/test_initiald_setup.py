"""Set-up: ID-S1 challenger from costs, ID-S2 the random track from the other player's races, ID-S3 lead."""

from __future__ import annotations

import pytest

from kansei import ContentError
from kansei.testing import all_events, first_event


def test_id_s1_the_costlier_car_plus_mods_is_the_challenger(idh):
    """ID-S1: Red Suns FD (6 + 2 = 8) challenges Akina Hachi-Roku (4 + 2 = 6), in either seat."""
    s = idh.start([idh.AKINA, idh.RED_SUNS])
    assert [sd.cost for sd in s.race.sides] == [6, 8]
    assert s.race.challenger == 1
    s = idh.start([idh.RED_SUNS, idh.AKINA])
    assert s.race.challenger == 0
    ev = all_events(s)[0]
    assert ev["type"] == "race" and ev["costs"] == [8, 6] and ev["coin"] is False


def test_id_s1_equal_cost_a_coin_decides(idh, idh_factory):
    """ID-S1 ruling: on equal cost a coin decides; option cost_tie lets the players agree instead."""
    seen = set()
    for seed in range(20):
        s = idh.start([idh.AKINA, idh.AKINA], seed=seed)
        assert all_events(s)[0]["coin"] is True
        seen.add(s.race.challenger)
    assert seen == {0, 1}
    agreed = idh_factory(cost_tie="seat1")
    for seed in range(5):
        s = agreed.start([agreed.AKINA, agreed.AKINA], seed=seed)
        assert s.race.challenger == 1 and all_events(s)[0]["coin"] is False


def test_id_s2_the_track_is_one_of_the_other_players_races_at_random(idh):
    """ID-S2: the challenger picks one of the other player's three race cards at random."""
    t = idh.game.table
    tracks = set()
    for seed in range(40):
        s = idh.start([idh.AKINA, idh.RED_SUNS], seed=seed)
        assert s.race.track in s.race.sides[0].races  # Akina's home tracks: seat 1 challenges
        tracks.add(t.cards[s.race.track].name)
        assert list(s.race.stages) == [
            ("straight", "curve", "obstacle").index(x) for x in t.cards[s.race.track].rec.stages
        ]
    assert tracks == {"Akina Downhill", "Myogi Night Run", "Irohazaka Hairpins"}


def test_id_s2_a_scenario_may_fix_the_track_but_only_among_the_other_players_races(idh):
    """ID-S2 in scenarios: setup={"track": ...} must name one of the non-challenger's race cards."""
    s = idh.start([idh.AKINA, idh.RED_SUNS], track="Myogi Night Run")
    assert s.view(None)["track"] == {"name": "Myogi Night Run", "pass": "Mt. Myogi", "owner": 0}
    with pytest.raises(ContentError, match="not one of seat 0's races"):
        idh.start([idh.AKINA, idh.RED_SUNS], track="Akagi Uphill")
    with pytest.raises(ContentError, match="unknown key"):
        idh.start([idh.AKINA, idh.RED_SUNS], dice=[1])


def test_id_s3_the_challenger_trails_the_first_stage(idh):
    """ID-S3: the challenger starts as the trailing car; the other player leads and plays first."""
    for decks, ch in (([idh.AKINA, idh.RED_SUNS], 1), ([idh.RED_SUNS, idh.AKINA], 0)):
        s = idh.start(decks)
        assert s.race.challenger == ch and s.race.lead == 1 - ch and s.to_move == 1 - ch
        stage = first_event(s, "stage")
        assert stage == {"type": "stage", "stage": 1, "stage_type": stage["stage_type"], "lead": 1 - ch}
