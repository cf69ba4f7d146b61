"""ID-W2 scenarios: without two lead wins in a row, the winner of the final stage wins the race."""

from __future__ import annotations

from pathlib import Path

from kansei.core import replay
from kansei.testing import last_event

AKINA_TOP = [
    # stage 2 draw (Akina leads with 1 card kept: draws 7)
    "Hairpin Drift",
    "Counter-Steer",
    "Counter-Steer",
    "Grip Line",
    "Grip Line",
    "Clutch Kick",
    "Clutch Kick",
    # stage 3 draw (Akina trails after losing stage 2: draws 7)
    "Tight Twin Drift",
    "Four-Wheel Drift",
    "Four-Wheel Drift",
    "Four-Wheel Drift",
    "Feint Drift",
    "Feint Drift",
    "Debris Dodge",
]
FD_TOP = [
    # stage 2 draw (the FD trails; higher Style: draws 8)
    "Tight Twin Drift",
    "Full Throttle",
    "Full Throttle",
    "Turbo Boost",
    "Turbo Boost",
    "Turbo Boost",
    "Late Braking",
    "Late Braking",
    # stage 3 draw (the FD leads and keeps 6: draws 3)
    "Pure Power",
    "Pure Power",
    "Redline Shift",
]


def test_id_w2_the_final_stage_decides_when_nobody_pulls_away(idh):
    """ID-W2: stages go to the trailing car each time (1: Akina, 2: FD, 3: Akina); nobody wins two
    stages in a row as the lead car, so the winner of the final stage, Akina, wins the race."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        challenger=0,
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe", "Apex Kiss"], ["Pure Power", "Full Throttle"]],
        order=[AKINA_TOP, FD_TOP],
    )
    assert [("straight", "curve", "obstacle")[x] for x in s.race.stages] == ["straight", "curve", "straight"]
    assert s.race.lead == 1
    # stage 1 (straight): FD leads with Pure Power, Akina answers with Tight Twin Drift for 1 discard
    s.apply("play pure-power")
    s.apply("play tight-twin-drift discard 1")
    s.apply("discard apex-kiss")
    s.apply("pass")
    assert s.race.results == [0] and s.race.streak == 0
    s.apply("keep")  # Akina keeps Heel-and-Toe
    # stage 2 (curve): Akina leads with Hairpin Drift; the FD answers with Tight Twin Drift (Traction 7 of 8)
    assert len(s.race.hands[0]) == 8 and len(s.race.hands[1]) == 8
    s.apply("play hairpin-drift")
    assert "play tight-twin-drift discard 1" in idh.notations(s)
    s.apply("play tight-twin-drift discard 1")
    s.apply("discard late-braking")
    s.apply("pass")
    assert s.race.results == [0, 1] and s.race.streak == 0
    s.apply("keep")
    # stage 3 (straight, the final stage): the FD leads with Pure Power, Akina answers and the FD passes
    s.apply("play pure-power")
    s.apply("play tight-twin-drift discard 1")
    s.apply(s.legal_actions()[0])  # any discard
    s.apply("pass")
    assert s.is_over and s.winner == 0 and s.race.reason == "ID-W2"
    assert s.race.results == [0, 1, 0]
    assert last_event(s, "race_over")["reason"] == "ID-W2"


def test_id_w2_a_single_lead_win_in_the_final_stage_is_enough(idh):
    """ID-W2: the FD leads and wins stage 1; Akina takes stage 2 (the FD passed first, ID-P2), so the FD
    never gets its second lead win; Akina leads and wins the final stage: one lead win, ID-W2 decides."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        challenger=0,
        track="Happogahara Run",
        hands=[["Heel-and-Toe"], ["Pure Power"]],
        order=[
            [
                "Hairpin Drift",
                "Heel-and-Toe",
                "Counter-Steer",
                "Grip Line",
                "Apex Kiss",
                "Apex Kiss",
                "Clutch Kick",
                "Feint Drift",
                "Feint Drift",
            ],
            [],
        ],
    )
    s.apply("play pure-power")  # Heel-and-Toe cannot answer it (2 discards, no other card) ...
    assert idh.notations(s) == ["pass"]
    s.apply("pass")  # ... so Akina passes, its only choice
    assert s.race.results == [1] and s.race.streak == 1 and not s.is_over
    assert s.race.stage_no == 1 and s.race.lead == 1 and s.to_move == 1  # nothing to keep: stage 2 begins
    s.apply("pass")  # the FD passes before any maneuver ...
    s.apply("play hairpin-drift")  # ... and Akina's one maneuver wins stage 2
    assert s.race.results == [1, 0] and s.race.streak == 0 and not s.is_over
    s.apply("keep")
    assert s.race.stage_no == 2 and s.race.lead == 0
    s.apply("play heel-and-toe")
    s.apply("pass")
    assert s.is_over and s.winner == 0 and s.race.reason == "ID-W2" and s.race.results == [1, 0, 0]
    assert s.race.streak == 1  # a single lead win: ID-W1 did not apply


def test_id_w2_scenario_file_reproduces():
    """ID-W2: the scenario file (setup + a few actions) replays to the recorded result."""
    rep = replay.read(Path(__file__).parent / "scenarios" / "initiald-id-w2.json")
    res = replay.run(rep)
    assert res.ok and res.reproduced is True
    assert res.state.race.reason == "ID-W2" and res.state.winner == 0
