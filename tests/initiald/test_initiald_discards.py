"""ID-P3 requirement and ID-P4 counter discards: the rulebook's two worked examples and the rulings."""

from __future__ import annotations

import pytest

from kansei import IllegalAction
from kansei.builtin.initiald.refusals import shortfall_text
from kansei.builtin.initiald.rules import shortfall
from kansei.builtin.initiald.table import POWER, TRACTION
from kansei.testing import find_events


def silvia(idh):
    """A Silvia S13 (Power 5, Traction 6) with plain maneuvers."""
    return idh.custom("Silvia S13")


def test_id_p4_example_traction_6_needs_two_discards_for_tight_twin_drift(idh):
    """ID-P3 / ID-P4 worked example 1: with Traction 6, Tight Twin Drift (Traction 8) costs 2 discards."""
    s = idh.start(
        [silvia(idh), idh.RED_SUNS],
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe", "Apex Kiss", "Grip Line"], ["Pure Power"]],
    )
    assert s.race.lead == 0 and s.to_move == 0  # the cheaper Silvia leads (ID-S1, ID-S3)
    assert s.race.stat(0, TRACTION) == 6
    assert "play tight-twin-drift discard 2" in idh.notations(s)
    assert "play tight-twin-drift" not in idh.notations(s)
    s.apply("play tight-twin-drift discard 2")
    # the player then chooses the discards one by one, left to right through the sorted hand
    assert idh.notations(s) == ["discard heel-and-toe", "discard grip-line"]
    s.apply("discard grip-line")
    # only Apex Kiss lies after Grip Line: the player is still asked (whether a pick is forced depends on
    # the hidden hand, so skipping the question would tell the opponent), with that one choice
    assert idh.notations(s) == ["discard apex-kiss"] and s.to_move == 0
    s.apply("discard apex-kiss")
    assert [s.game.table.cards[c].name for c in s.race.discards[0]] == ["Grip Line", "Apex Kiss"]
    assert [s.game.table.cards[c].name for c in s.race.hands[0]] == ["Heel-and-Toe"]
    assert s.view(None)["last"] == {"card": "Tight Twin Drift", "seat": 0, "type": "turn", "strength": 5}
    assert s.to_move == 1


def test_id_p4_example_answering_pure_power_with_tight_twin_drift_needs_one_discard(idh):
    """ID-P4 worked example 2: Pure Power (speed, strength 8 on a straight) answered by Tight Twin Drift
    (speed counter 7) costs 1 discard when the requirement is met (AE86 with Takumi: Traction 8)."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        challenger=0,
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe"], ["Pure Power", "Full Throttle"]],
    )
    assert s.race.lead == 1 and s.race.stages[s.race.stage_no] == 0  # a straight
    s.apply("play pure-power")  # Power 7 meets Pure Power's 7: free
    assert s.race.stat(0, TRACTION) == 8
    # Heel-and-Toe (speed counter 6) would need 2 discards and only 1 other card is held: not offered
    assert idh.notations(s) == ["play tight-twin-drift discard 1", "pass"]
    ttd = s.game.table.find("Tight Twin Drift")
    assert "speed counter 7 against Pure Power's strength 8: 1 short" in shortfall_text(s, 0, ttd)
    # the whole rest of the hand must go (a fact the hand size tells everyone): discarded at once
    s.apply("play tight-twin-drift discard 1")
    assert s.race.hands[0] == [] and s.to_move == 1


def test_id_p4_requirement_and_counter_discards_add_up(idh):
    """ID-P4 ruling: requirement (2) and counter (1) discards are separate and add up to 3."""
    s = idh.start(
        [silvia(idh), idh.RED_SUNS],
        challenger=0,
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe", "Grip Line", "Apex Kiss"], ["Pure Power"]],
    )
    s.apply("play pure-power")
    assert "play tight-twin-drift discard 3" in idh.notations(s)
    s.apply("play tight-twin-drift discard 3")  # three other cards: every discard is forced
    paid = [e["card"] for e in find_events(s, "discard", reason="pay")]
    assert paid == ["Heel-and-Toe", "Grip Line", "Apex Kiss"]


def test_id_p4_shared_discards_option(idh_factory):
    """ID-P4, option discards="shared": one discard raises both, so the larger shortfall (2) is paid."""
    idh = idh_factory(discards="shared")
    s = idh.start(
        [silvia(idh), idh.RED_SUNS],
        challenger=0,
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe", "Grip Line", "Apex Kiss"], ["Pure Power"]],
    )
    s.apply("play pure-power")
    assert "play tight-twin-drift discard 2" in idh.notations(s)


def test_id_p4_played_card_does_not_count_and_the_shortfall_is_named(idh):
    """ID-P4 ruling: the played card is not a discard. A play that cannot be paid is refused, naming the
    shortfall to the seat to move, and the state is unchanged."""
    s = idh.start(
        [silvia(idh), idh.RED_SUNS],
        challenger=0,
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe", "Grip Line"], ["Pure Power"]],
    )
    s.apply("play pure-power")
    assert not any(n.startswith("play tight-twin-drift") for n in idh.notations(s))
    before = idh.snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.apply("play tight-twin-drift discard 3", seat=0)
    msg = str(e.value)
    assert "needs 3 discards" in msg and "holds only 2 other cards" in msg
    assert "Traction 6 of 8: 2 short" in msg
    assert "speed counter 7 against Pure Power's strength 8: 1 short" in msg
    with pytest.raises(IllegalAction, match="needs 3 discard"):
        s.apply(s.game.table.cards[s.game.table.find("Tight Twin Drift")].plays[3], seat=0)  # an Action too
    assert idh.snapshot(s) == before


def test_id_p4_first_maneuver_counters_nothing_and_wrong_counts_are_refused(idh):
    """ID-P4: the first maneuver of a stage needs no counter; a play must name its exact discard cost."""
    s = idh.start(
        [silvia(idh), idh.RED_SUNS],
        track="Happogahara Run",
        hands=[["Pure Power", "Heel-and-Toe", "Grip Line"], ["Pure Power"]],
    )
    assert "play pure-power discard 2" in idh.notations(s)  # Power 5 of 7
    before = idh.snapshot(s)
    with pytest.raises(IllegalAction, match=r"costs exactly 2 discards now .*'play pure-power discard 2"):
        s.apply("play pure-power", seat=0)
    assert idh.snapshot(s) == before


def test_id_p3_bonuses_in_play_count_towards_requirements(idh):
    """ID-P3: Power or Traction includes bonuses and penalties in play (Mechanic's Tune-Up: +1 Power)."""
    s = idh.start(
        [silvia(idh), idh.RED_SUNS],
        track="Happogahara Run",
        hands=[["Mechanic's Tune-Up", "Pure Power", "Heel-and-Toe"], ["Pure Power"]],
    )
    pp = s.game.table.find("Pure Power")
    assert s.race.stat(0, POWER) == 5 and shortfall(s.race, 0, pp) == (2, 0)
    s.apply("play mechanic-s-tune-up")
    assert s.race.stat(0, POWER) == 6 and shortfall(s.race, 0, pp)[0] == 1


def test_discard_order_any_offers_every_card(idh_factory):
    """Option discard_order="any": the next discard may be any card in hand (no left-to-right rule)."""
    idh = idh_factory(discard_order="any")
    s = idh.start(
        [idh.custom("Silvia S13"), idh.RED_SUNS],
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe", "Apex Kiss", "Grip Line"], ["Pure Power"]],
    )
    s.apply("play tight-twin-drift discard 2")
    assert idh.notations(s) == ["discard heel-and-toe", "discard grip-line", "discard apex-kiss"]
    s.apply("discard apex-kiss")
    assert idh.notations(s) == ["discard heel-and-toe", "discard grip-line"]
    s.apply("discard heel-and-toe")
    assert [s.game.table.cards[c].name for c in s.race.hands[0]] == ["Grip Line"]
