"""Protocol-level behaviour of the Initial D CCG: refusals that name their reason, special requirements
(ID-C4), hidden information, rendering, and the greedy bot against random play."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import kansei
from kansei import Action, IllegalAction
from kansei.builtin.initiald.rules import position_problem, shortfall
from kansei.testing import all_events, find_events, refused


def test_refusals_name_the_reason_and_leave_the_state_unchanged(idh):
    """Refused actions in every phase: a shortfall (ID-P3/ID-P4), the phase, the pending payment. The seat
    to move (``seat=`` given) is told about its own hand, whether it sent an Action or typed the text; a
    text asked without a seat goes through ``game.parse``, whose message anyone may read, built from public
    facts only."""
    s = idh.start(
        [idh.custom("Silvia S13"), idh.RED_SUNS],
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe", "Grip Line", "Apex Kiss"], ["Pure Power"]],
    )
    for text, mine, public in (
        ("discard heel-and-toe", "nothing to pay for", "nothing to pay for"),
        ("keep", "kept only by a stage's winner", "kept only by a stage's winner"),
        ("play pure-power", "you hold no Pure Power", "costs exactly 2 discards now (Power 5 of 7"),
        (
            "play tight-twin-drift",
            "costs exactly 2 discards now (Traction 6 of 8: 2 short)",
            "costs exactly 2 discards now (Traction 6 of 8: 2 short)",
        ),
        ("fly away", "not an Initial D action", "not an Initial D action"),
        ("play tofu-delivry-training", 'did you mean "Tofu Delivery Training"', "no such Initial D card"),
    ):
        told = refused(s, Action(text), seat=0)
        assert mine in told and "\n" not in told, (text, told)
        anyone = refused(s, text)
        assert public in anyone and "hold no" not in anyone, (text, anyone)
        assert refused(s, text, seat=0) == told  # typed by the seat to move: its own reason
    s.apply("play tight-twin-drift discard 2")
    assert "2 more discards must first be made" in refused(s, Action("pass"), seat=0)
    assert "2 more discards must first be made" in refused(s, "pass")
    assert "you hold no Pure Power" in refused(s, Action("discard pure-power"), seat=0)
    assert refused(s, "discard pure-power") == "'discard pure-power' is not a legal action now"
    assert refused(s, "discard pure-power", seat=1) == "player 2: it is not your turn (player 1 is to move)"


def test_id_c4_special_requirements(idh):
    """ID-C4: lead car only, trailing car only, a Turbo mod (built in counts), drivetrain, only used by."""
    # the AE86 (seat 0) leads; the FD trails and has a built-in Turbo
    extra = {
        **idh.PLAIN,
        "Block the Line": 1,
        "Slipstream": 1,
        "Turbo Boost": 1,
        "Gutter Run": 1,
        "Power Oversteer": 1,
    }
    ae86 = idh.custom("AE86 Sprinter Trueno", ["Takumi Fujiwara"], cards=extra)
    fd = idh.custom("RX-7 FD3S Type R", ["Red Suns"], cards=extra)
    s = idh.start(
        [ae86, fd],
        track="Happogahara Run",
        hands=[
            ["Block the Line", "Slipstream", "Turbo Boost", "Gutter Run", "Heel-and-Toe"],
            ["Block the Line", "Slipstream", "Turbo Boost", "Power Oversteer", "Heel-and-Toe"],
        ],
    )
    legal = idh.notations(s)
    assert any(n.startswith("play block-the-line") for n in legal)  # lead car only: Akina leads
    assert not any(n.startswith("play slipstream") for n in legal)  # trailing only
    assert not any(n.startswith("play turbo-boost") for n in legal)  # the AE86 has no Turbo
    assert any(n.startswith("play gutter-run") for n in legal)  # Takumi Fujiwara's maneuver
    with pytest.raises(IllegalAction, match="trailing car only, and the player to move is the lead car"):
        s.apply("play slipstream")
    with pytest.raises(IllegalAction, match="needs a Turbo mod and this car has none"):
        s.apply("play turbo-boost")
    s.apply("play heel-and-toe")
    legal = idh.notations(s)
    assert any(n.startswith("play turbo-boost") for n in legal)  # built-in Turbo (ID-C1)
    assert any(n.startswith("play slipstream") for n in legal)
    assert any(n.startswith("play power-oversteer") for n in legal)  # F/R only: the FD is F/R
    assert not any(n.startswith("play block-the-line") for n in legal)
    with pytest.raises(IllegalAction, match="lead car only, and the player to move is the trailing car"):
        s.apply("play block-the-line")
    civic = idh.custom("Civic SiR EG6", cards={**idh.PLAIN, "Power Oversteer": 1, "Mechanic's Tune-Up": 1})
    c = idh.start(
        [civic, idh.RED_SUNS],
        track="Happogahara Run",
        hands=[["Power Oversteer", "Heel-and-Toe"], ["Pure Power"]],
    )
    with pytest.raises(IllegalAction, match="F/R only and this car is F/F"):
        c.apply("play power-oversteer")
    ae = idh.custom(
        "AE86 Sprinter Trueno",
        ["Street Radials"],
        cards={**idh.PLAIN, "Gutter Run": 1, "Mechanic's Tune-Up": 1},
    )
    a = idh.start(
        [ae, idh.RED_SUNS], track="Happogahara Run", hands=[["Gutter Run", "Heel-and-Toe"], ["Pure Power"]]
    )
    with pytest.raises(IllegalAction, match="only used by Takumi Fujiwara"):
        a.apply("play gutter-run")


def test_opponent_discards_at_random_is_public_and_seeded(idh):
    """Pressure from Behind: the opponent discards 1 card at random (the game's own random source)."""
    hands = [["Heel-and-Toe", "Counter-Steer", "Grip Line"], ["Pressure from Behind", "Pure Power"]]
    out = set()
    for seed in range(12):
        s = idh.start([idh.AKINA, idh.RED_SUNS], seed=seed, track="Akina Downhill", hands=hands)
        s.apply("play heel-and-toe")
        idh.play(s, "Pressure from Behind")
        forced = find_events(s, "discard", reason="forced")
        assert len(forced) == 1 and forced[0]["seat"] == 0
        out.add(forced[0]["card"])
    assert out == {"Counter-Steer", "Grip Line"}


def test_view_hides_hands_and_deck_order(idh):
    s = idh.start(seed=5)
    for seat in (0, 1):
        v = s.view(seat)
        json.dumps(v)
        assert "hand" in v["players"][seat] and "hand" not in v["players"][1 - seat]
        assert "decks" not in v and "hands" not in v
        d = s.determinize(seat, random.Random(3))
        assert d.view(seat) == v and d.census() == s.census()
        assert d.race.hands[seat] == s.race.hands[seat]
    assert all("hand" not in p for p in s.view(None)["players"])


def test_actions_are_interned_and_parse_forgives_case_and_spacing(idh):
    s = idh.start(seed=2)
    a = s.legal_actions()[0]
    assert idh.game.parse(s, "  " + a.notation.upper() + " ") is a
    c = s.clone()
    assert c.legal_actions()[0] is a


def test_render_describe_and_narrate(idh):
    """The board at 80 columns, menu lines with the cost now, narration in the second person."""
    g = idh.game
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        track="Akina Downhill",
        hands=[["Smooth Line", "Tight Twin Drift", "Heel-and-Toe"], ["Pure Power", "Counter-Steer"]],
    )
    s.apply("play smooth-line")
    con = Console(width=80, record=True)
    con.print(g.render(s, 1))
    text = con.export_text()
    for want in (
        "Akina Downhill",
        "▶ 1 ━ straight",
        "P7 T7 S3",
        "In play: Smooth Line (Player 1, +1 Traction)",
        "To beat: Smooth Line (Player 1) — turn 4 here",
        "Your hand (2)",
        "Pure Power             sp8  free",
    ):
        assert want in text, want
    assert "Tight Twin Drift" not in text  # seat 0's hand is hidden from seat 1
    assert max(len(line) for line in text.splitlines()) <= 80
    lines = [g.describe_action(s, a) for a in s.legal_actions()]
    assert lines == [
        "play Pure Power (speed 8 here): free",
        "play Counter-Steer (turn 3 here): free",
        "pass: Player 1 wins the stage",
    ]
    said = [g.narrate(e, 1) for e in s.events_for(1)]
    assert said[0].startswith(
        "You challenge Player 1 (AE86 Sprinter Trueno, cost 6) with the RX-7 FD3S Type R"
    )
    assert "Player 1 plays Smooth Line (turn 4)" in said


def test_greedy_beats_random(win_rate_against_random):
    """The greedy bot with this game's evaluation beats random play: 40 fixed-seed races, seats alternate;
    random against random wins about half (the same races, measured beside it)."""
    g = kansei.load("initiald")

    greedy = win_rate_against_random(g, "greedy")
    baseline = win_rate_against_random(g, "random")
    assert greedy >= 0.75 and greedy >= baseline + 0.2, (greedy, baseline)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), shared=st.booleans())
def test_id_p3_p4_every_offered_play_costs_exactly_its_shortfall(idh_factory, seed, shared):
    """ID-P3 / ID-P4 as a property over random races: a maneuver is offered exactly when its special
    requirements are met and its discards (requirement + counter, or the larger with discards="shared")
    fit in the rest of the hand, and then with that exact count; every stage goes to the last player to
    have played, or to the lead car when nobody played (ID-P2)."""
    idh = idh_factory(discards="shared" if shared else "separate")
    s = idh.start(seed=seed)
    rng = random.Random(seed)
    cards = s.game.table.cards
    while not s.is_over:
        if s.race.phase == 0:
            p = s.to_move
            offered = {a.args[0]: a.args[1] for a in s.legal_actions() if a.kind == "play"}
            for c in set(s.race.hands[p]):
                d = cards[c]
                req, ctr = shortfall(s.race, p, c)
                need = max(req, ctr) if shared else req + ctr
                ok = (
                    s.race.sides[p].special_problem(d) is None
                    and position_problem(s.race, p, d) is None
                    and need <= len(s.race.hands[p]) - 1
                )
                assert (c in offered) == ok
                if ok:
                    assert offered[c] == need
        s.apply(rng.choice(s.legal_actions()))
    plays: list[int] = []
    lead = None
    for e in all_events(s):
        if e["type"] == "stage":
            plays, lead = [], e["lead"]
        elif e["type"] == "play":
            plays.append(e["seat"])
        elif e["type"] == "stage_won":
            if e["how"] == "last maneuver":
                assert e["winner"] == plays[-1] and plays[0] == lead
                assert all(a != b for a, b in zip(plays, plays[1:], strict=False))  # alternate
            elif e["how"] == "no maneuver played":
                assert plays == [] and e["winner"] == lead
            else:
                assert plays == [1 - lead] and e["winner"] == 1 - lead
