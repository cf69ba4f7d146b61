"""ID-W1 scenarios: two consecutive stages won as the lead car win the race at once."""

from __future__ import annotations

from pathlib import Path

from kansei.core import replay
from kansei.testing import all_events

FILLER = ["Counter-Steer", "Counter-Steer", "Grip Line", "Grip Line", "Apex Kiss", "Apex Kiss"]


def test_id_w1_two_lead_wins_in_a_row_end_a_four_stage_race_after_stage_two(idh):
    """ID-W1: Akina leads stage 1 (ID-S3) and wins it, leads stage 2 and wins it: the race is over."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        track="Akina Downhill",
        hands=[["Heel-and-Toe", "Crowd Pleaser"], ["Pure Power"]],
        order=[["Gutter Run", *FILLER], []],
    )
    assert len(s.race.stages) == 4 and s.race.lead == 0
    s.apply("play heel-and-toe")
    s.apply("pass")  # the FD could answer but does not
    assert s.race.results == [0] and s.race.streak == 1 and not s.is_over
    assert s.view(1)["lead_streak"] == 1
    s.apply("keep")
    assert s.race.stage_no == 1 and s.race.lead == 0
    s.apply("play gutter-run")  # Takumi's maneuver: Traction 9 in the curve meets its 7
    s.apply("pass")
    assert s.is_over and s.winner == 0 and s.race.reason == "ID-W1"
    assert s.race.results == [0, 0] and s.race.stage_no == 1  # stages 3 and 4 are never run
    assert s.returns() == [1.0, -1.0] and s.to_move is None and s.legal_actions() == ()
    assert all_events(s)[-1] == {"type": "race_over", "winner": 0, "reason": "ID-W1", "stages": [0, 0]}


def test_id_w1_a_win_from_behind_does_not_count(idh):
    """ID-W1: only stages *started* as the lead car count. The FD wins stage 1 from behind, then leads and
    wins stages 2 and 3: the race ends after stage 3, not stage 2."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        track="Akina Downhill",
        hands=[["Heel-and-Toe"], ["Pure Power", "Full Throttle"]],
        order=[[], ["Power Oversteer", "Power Oversteer", "Power Oversteer"]],
    )
    s.apply("play heel-and-toe")
    s.apply("play pure-power")  # FD answers; Akina has nothing left: pass is its only choice
    assert s.legal_actions() == (s.legal_actions()[0],) and s.legal_actions()[0].notation == "pass"
    s.apply("pass")
    assert s.race.results == [1] and s.race.streak == 0 and s.race.lead == 1
    s.apply("keep")
    idh.play(s, "Power Oversteer")
    s.apply("pass")
    assert s.race.results == [1, 1] and s.race.streak == 1 and not s.is_over
    s.apply("keep")
    idh.play(s, "Power Oversteer")
    s.apply("pass")
    assert s.is_over and s.winner == 1 and s.race.reason == "ID-W1" and s.race.results == [1, 1, 1]


def test_id_w1_scenario_file_reproduces():
    """ID-W1: the scenario file (setup + a few actions) replays to the recorded result."""
    rep = replay.read(Path(__file__).parent / "scenarios" / "initiald-id-w1.json")
    res = replay.run(rep)
    assert res.ok and res.reproduced is True
    assert res.state.race.reason == "ID-W1" and res.state.winner == 0
