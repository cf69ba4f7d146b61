"""The race as a whole: the sprint (MD-S2), rounds and priorities (MD-R2), placings and returns (MD-W1),
aspiration (MD-O1), players 2–6, bad input, hidden information, terminal text and the rules reference."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from minid_helpers import STOP, act, decision, notations, race, stops

import kansei
from kansei import ContentError, IllegalAction, OptionError
from kansei.builtin.minid.game import NO_DECKS
from kansei.builtin.minid.rules import SPRINT_ACTS
from kansei.core.options import shorten
from kansei.core.protocol import Action
from kansei.testing import all_events, find_events, last_event, refused


def sprint(players=2, dice=(), seed=0, **opts):
    return kansei.load("minid", **opts).start(seed=seed, players=players, setup={"dice": list(dice)})


# -- MD-S2 ---------------------------------------------------------------------------------------------------


def test_md_s2_closest_at_or_below_the_line_starts_then_seat_order():
    """MD-S2 ruling: 10 + (3+4-7) = 10, 8 + (6+6-7) = 13 crosses, 12 + (1+1-7) = 7: seat 0 (10) starts."""
    s = sprint(players=3, dice=[3, 4, 6, 6, 1, 1, 5])
    assert decision(s) == ("sprint", 0) and notations(s) == [f"sprint {k}" for k in range(1, 13)]
    act(s, "sprint 10")
    assert s.view(1)["racers"][0]["sprint"] == 10  # seen before the next racer chooses
    assert decision(s) == ("sprint", 1)
    act(s, "sprint 8")
    act(s, "sprint 12")
    assert [(e["seat"], e["landing"], e["crossed"]) for e in find_events(s, "sprint")] == [
        (0, 10, False),
        (1, 13, True),
        (2, 7, False),
    ]
    assert last_event(s, "start") == {"type": "start", "starter": 0, "order": [0, 1, 2]}
    assert s.view(None)["phase"] == "race"


def test_md_s2_tie_for_the_closest_resprints_between_the_tied_only():
    """MD-S2 ruling: 10 and 10 tie (seat 2's 5 is out of it): seats 0 and 1 sprint again; then 1 starts."""
    s = sprint(players=3, dice=[3, 4, 2, 5, 1, 1, 3, 4, 4, 4])
    for k in (10, 10, 10):
        act(s, f"sprint {k}")
    assert last_event(s, "sprint_again") == {"type": "sprint_again", "seats": [0, 1], "why": "tie"}
    assert decision(s) == ("sprint", 0) and s.view(None)["sprinters"] == [0, 1]
    act(s, "sprint 5")  # 5 + 1 = 6... dice 3, 4 -> 5
    act(s, "sprint 9")  # 9 + 1 = 10 -> wait: dice 4, 4 -> 10
    assert [e["landing"] for e in find_events(s, "sprint")][-2:] == [5, 10]
    assert last_event(s, "start")["order"] == [1, 2, 0]


def test_md_s2_everyone_crosses_everyone_sprints_again():
    s = sprint(players=2, dice=[6, 6, 6, 6, 1, 2, 3, 3])
    act(s, "sprint 12")
    act(s, "sprint 9")
    assert last_event(s, "sprint_again")["why"] == "all_crossed" and decision(s) == ("sprint", 0)
    act(s, "sprint 12")  # 12 + 3 - 7 = 8
    act(s, "sprint 12")  # 12 + 6 - 7 = 11
    assert last_event(s, "start")["starter"] == 1


def test_md_s2_order_goes_round_from_the_starter():
    s = race(players=4, starter=2, positions=[0, 0, 0, 0], hands=stops(4))
    assert s.race.order == [2, 3, 0, 1] and decision(s) == ("turn", 2)


def test_md_s2_random_sprints_pick_every_starter():
    seen = set()
    for seed in range(60):
        s = kansei.load("minid").start(seed=seed, players=3)
        rng = random.Random(seed)
        while s.view(None)["phase"] == "sprint":
            act(s, rng.choice(SPRINT_ACTS))
        seen.add(s.race.order[0])
    assert seen == {0, 1, 2}


# -- MD-R2 ---------------------------------------------------------------------------------------------------


def test_md_r2_round_is_bunta_then_racers_in_turn_order():
    """MD-R2: round, Bunta's drive, then the racers from the starter (here 1, 2, 0)."""
    s = race(players=3, starter=1, bunta=50, positions=[10, 20, 30], dice=[2, 1, 1, 1, 1])
    kinds = [
        (e["type"], e.get("seat")) for e in all_events(s) if e["type"] in ("round", "bunta_move", "turn")
    ]
    assert kinds[:5] == [("round", None), ("bunta_move", None), ("turn", 1), ("turn", 2), ("turn", 0)]


def test_md_r2_corner_before_battle_on_the_same_case():
    """MD-R2 priority: seat 1 waits on the corner's first case (9): seat 0 stops there, rolls DRIFT first,
    then attacks."""
    s = race(positions=[7, 9], dice=[2, 12, 15, 5, 2], hands=[[], STOP], drift=[None, "failed"])
    kinds = [e["type"] for e in all_events(s) if e["type"] in ("drift", "battle", "duel")]
    assert kinds == ["drift", "battle", "duel"]


def test_md_r2_an_opponent_before_the_corner_means_battle_and_no_corner():
    """MD-R2: seat 1 on 8: seat 0's 4 from 7 stops on 8 for a battle; the corner is not reached."""
    s = race(positions=[7, 8], dice=[4, 5, 10, 3], hands=[[], STOP])
    assert find_events(s, "drift") == [] and last_event(s, "battle")["case"] == 8 and s.race.positions[0] == 7


# -- MD-W1 ---------------------------------------------------------------------------------------------------


def test_md_w1_first_to_the_finish_wins_two_racers():
    """MD-W1: 58 + 3 passes the line: seat 0 wins; with one racer left the placings are final."""
    s = race(positions=[58, 30], dice=[3])
    assert s.is_over and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert s.to_move is None and s.legal_actions() == ()
    assert last_event(s, "race_over")["placings"] == [0, 1]
    with pytest.raises(IllegalAction):
        act(s, "roll")


def test_md_w1_the_others_race_on_for_places():
    """MD-W1: seat 0 finishes 1st; seats 1 and 2 race on."""
    s = race(players=3, positions=[58, 30, 40], dice=[3], hands=[[], STOP, []])
    assert s.race.finished == [0] and not s.is_over and s.race.status[0] == 1
    assert s.returns() == [0.0, 0.0, 0.0] and s.winner is None


def test_md_w1_racers_out_rank_last_first_out_last():
    """MD-W1 ruling: Bunta crosses 3 then 2, both natural 1; seat 0 finishes; seat 1 is the last one
    driving: placings 0, 1, 2, 3 (seat 3, out first, is last)."""
    s = race(
        players=4, bunta=32, positions=[58, 12, 27, 30], met=[True, True, False, False], dice=[6, 1, 1, 3]
    )
    assert s.race.out == [3, 2] and s.is_over
    assert s.view(None)["placings"] == [0, 1, 2, 3]
    assert s.returns() == pytest.approx([1.0, 1 / 3, -1 / 3, -1.0])


def test_md_w1_the_last_racer_left_takes_first_when_all_others_are_out():
    s = race(players=3, bunta=30, positions=[10, 27, 25], met=[True, False, False], dice=[6, 1, 1])
    assert s.is_over and s.winner == 0 and s.view(None)["placings"] == [0, 2, 1]


def test_md_w1_returns_average_as_places():
    """MD-W1: returns are linear in the place over 2..6 racers: they sum to 0, first is +1, last -1."""
    for n in range(2, 7):
        g = kansei.load("minid")
        s = g.start(seed=n, players=n)
        rng = random.Random(n)
        while not s.is_over:
            act(s, rng.choice(s.legal_actions()))
        r = s.returns()
        assert r[s.winner] == 1.0 and min(r) == -1.0 and abs(sum(r)) < 1e-9
        assert sorted(r, reverse=True) == [1 - 2 * i / (n - 1) for i in range(n)]


# -- MD-O1 aspiration ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("positions", "option", "steps"),
    [
        ([12, 17], True, 2),  # 4 cases between (13..16): +1
        ([12, 18], True, 1),  # 5 between: no
        ([17, 22], True, 1),  # Épingle 1 between them: not the same straight
        ([12, 17], False, 1),  # option off
        ([17, 12], True, 1),  # the opponent is behind
    ],
)
def test_md_o1_aspiration(positions, option, steps):
    """MD-O1: following an opponent on a straight with 4 cases or fewer between: +1 to the move."""
    s = race(options={"aspiration": option}, positions=positions, dice=[1], hands=[[], STOP])
    assert find_events(s, "move")[0]["steps"] == steps


# -- players and bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 7, 0])
def test_players_outside_2_to_6_are_one_clear_line(n):
    with pytest.raises(OptionError) as e:
        kansei.load("minid").start(players=n)
    assert str(e.value) == f"minid: {n} players is not allowed (this game takes 2–6)"


def test_bad_setup_is_one_clear_line():
    g = kansei.load("minid")
    for setup, text in [
        ({"nitro": 1}, "unknown key 'nitro'"),
        ({"positions": [1, 1]}, "two racers on one road case"),
        ({"positions": [1]}, "one entry per racer (2), has 1"),
        ({"positions": [99, 0]}, "seat 0 on case 99, off the road (0..60"),
        ({"dice": [0]}, "dice.0=0: Input should be greater than or equal to 1"),
        ({"hands": [["Coup de turbo"], []]}, "is a ⚡ card"),
        ({"hands": [["Nope"], []]}, "'Nope' is not an Event card"),
        ({"starter": 5}, "starter must be a seat 0..1"),
        ({"starter": True}, "starter=True: Input should be a valid integer"),
        ({"drift": ["failed", None]}, "seat 0 is not in a corner"),
        ({"waiting": [["Nitro"], []]}, "'Nitro' is not a ⚡ card that waits"),
        ({"deck": ["Nitro", "Nitro", "Nitro"]}, "no copy of 'Nitro' left in the Event deck"),
    ]:
        with pytest.raises(ContentError) as e:
            g.start(seed=0, players=2, setup=setup)
        assert text in e.value.problems[0] and "\n" not in e.value.problems[0], (setup, e.value.problems)
    for decks in (["a", "b"], [None], [{"name": "x", "cards": {}}, None]):
        with pytest.raises(ContentError) as e:
            g.start(seed=0, players=2, decks=decks)
        assert e.value.problems == [NO_DECKS]
    assert g.start(seed=0, players=2, decks=[None, None]).to_move == 0


def test_illegal_and_out_of_turn_actions_are_refused_with_the_state_unchanged():
    """Refusals tell the asking seat (the seat to move) why: the decision it faces, whether it holds the card
    named and when that card is played; another seat is told only that it is not its turn. Typed by the
    seat to move, a text is told the same reason; asked without a seat, the generic one, safe for any seat."""
    s = race(positions=[2, 0], dice=[3], hands=[["Frein à main"], STOP])
    assert decision(s) == ("draw", 0)
    before = json.dumps(s.reveal(), sort_keys=True)
    bad = ["roll", "sprint 3", "play frein-a-main", "discard nitro", "line gambler", "play ²", "x" * 150]
    for text in bad:
        msg = refused(s, Action(text), seat=0)
        assert "\n" not in msg and "you are to draw an Event card or pass" in msg, msg
        assert refused(s, text, seat=0) == msg
        assert refused(s, text) == f"{shorten(text)!r} is not a legal action now"
    frein = Action("play frein-a-main")
    assert "'Handbrake' is not played now but after your DRIFT roll" in refused(s, frein, seat=0)
    assert "you hold no 'Nitro'" in refused(s, Action("play nitro"), seat=0)
    assert "no Event card is called 'teleport'" in refused(s, Action("play teleport"), seat=0)
    forged = Action("play frein-a-main", "play", (s.race.hands[0][0],))
    assert "is not played now" in refused(s, forged, seat=0)
    assert refused(s, "play nitro", seat=1) == "player 2: it is not your turn (player 1 is to move)"
    assert json.dumps(s.reveal(), sort_keys=True) == before


def test_a_forced_die_too_big_for_its_die_is_refused_state_unchanged():
    """Scenario dice: a 9 where a d6 is rolled is one clear line, and the state stays as it was."""
    s = race(positions=[12, 0], dice=[9], hands=stops(2))
    before = json.dumps(s.reveal(), sort_keys=True)
    with pytest.raises(ContentError) as e:
        act(s, "roll")
    assert e.value.problems == ["minid setup: forced die 9 cannot be the result of a d6"]
    # race, each racer's dealt hand, start, round, turn: nothing of the refused roll
    assert json.dumps(s.reveal(), sort_keys=True) == before and len(all_events(s)) == 6


# -- hidden information --------------------------------------------------------------------------------------


def test_views_hide_hands_deck_order_and_future_dice():
    s = race(positions=[2, 12], dice=[3, 6, 6], hands=[["Frein à main"], ["Nitro", "Appel de phares"]])
    v0 = s.view(0)
    json.dumps(v0)
    assert (
        v0["racers"][0]["hand"] == [{"ref": "hand:0", "card": "frein-a-main"}]
        and "hand" not in v0["racers"][1]
    )
    assert "Nitro" not in json.dumps(v0) and "dice" not in v0
    assert v0["deck"] == {"ref": "zone:-:deck", "count": 30}  # how many cards, not which
    d = s.determinize(0, random.Random(4))
    assert d.view(0) == v0 and d.census() == s.census() and d.race.forced_dice == []
    assert d.race.hands[0] == s.race.hands[0] and len(d.race.hands[1]) == 2


def test_determinize_depends_only_on_what_the_seat_knows():
    """Two races differing only in seat 1's hidden hand give the same determinisation for seat 0."""
    a = race(positions=[2, 0], dice=[3], hands=[[], ["Nitro"]])
    b = race(positions=[2, 0], dice=[3], hands=[[], ["Pied au plancher"]])
    assert a.view(0) == b.view(0)
    da, db = a.determinize(0, random.Random(9)), b.determinize(0, random.Random(9))
    assert da.reveal() == db.reveal()


# -- terminal text -------------------------------------------------------------------------------------------


def test_render_draws_the_strip_with_cars_bunta_and_event_cases():
    from rich.console import Console

    s = race(
        players=3,
        bunta=40,
        positions=[2, 12, 0],
        met=[False, False, False],
        dice=[3, 12],
        hands=[["Nitro"], [], []],
    )
    con = Console(width=120, record=True)
    con.print(s.game.render(s, 0))
    out = con.export_text()
    lines = out.splitlines()
    road = next(line for line in lines if " P " in line and " F" in line)
    cars = lines[lines.index(road) + 1]
    start = road.index(" P ") + 3
    assert road[start + 4] == "?" and road[start + 8] == "^"  # Event case 5, Premier virage on 9
    assert cars[start + 1] == "1" and cars[start + 11] == "2" and cars[start + 36] == "B"  # players from 1
    assert "parking: 3" in out and "Nitro" in out and "Player 1 (you)" in out


def test_narration_of_rolls():
    s = race(positions=[7, 0], dice=[2, 15], hands=[[], STOP])
    g = s.game
    assert g.narrate(last_event(s, "drift"), 1) == "Player 1, First corner: DRIFT 15 vs 8: drift mastered"
    fr = "Joueur 1, Premier virage : DRIFT 15 contre 8 : drift maîtrisé"
    assert g.narrate(last_event(s, "drift"), 1, "fr") == fr
    assert g.narrate(last_event(s, "move"), 0) == "You roll d6 2: 7 → 9 — corner!"
    s = race(positions=[12, 15], dice=[3, 15, 5, 2], hands=[[], STOP])
    assert g.narrate(last_event(s, "duel")) == "ATTACK 15 vs DEFENCE 7 (5+2): overtake"
    s = race(bunta=30, positions=[27, 0], met=[False, True], dice=[5, 9], hands=stops(2))
    line = "Player 1 crosses Bunta: d20 9: emergency braking — next turn skipped"
    assert g.narrate(last_event(s, "crossing")) == line
    for e in all_events(s):
        line = g.narrate(e, 0)
        assert line is None or "\n" not in line


def test_describe_actions():
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2], hands=[[], STOP])
    g = s.game
    d = {a.notation: g.describe_action(s, a) for a in s.legal_actions()}
    assert d["line gambler"].startswith("Midnight Gambler") and "50% to master d8" in d["line gambler"]
    assert "65% to master d8" in d["line normal"] and "80% to master" in d["line moonlight"]
    s2 = kansei.load("minid").start(seed=0, players=2)
    assert "100% ≤ 12" in g.describe_action(s2, s2.legal_actions()[0])  # sprint 1 never crosses


# -- the rules reference -------------------------------------------------------------------------------------

MD_IDS = [
    "MD-B1",
    "MD-S1",
    "MD-S2",
    "MD-R1",
    "MD-R2",
    "MD-C1",
    "MD-C2",
    "MD-C3",
    "MD-C4",
    "MD-C5",
    "MD-F1",
    "MD-F2",
    "MD-F3",
    "MD-E1",
    "MD-N1",
    "MD-N2",
    "MD-N3",
    "MD-W1",
    "MD-O1",
    "MD-O2",
    "MD-O3",
]


def test_rules_reference_lists_every_rule_and_every_rule_is_tested():
    g = kansei.load("minid")
    text = g.rules_file().read_text(encoding="utf-8")
    found = re.findall(r"^- \*\*(MD-[A-Z]\d+)", text, flags=re.M)
    assert found == MD_IDS
    tests = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_minid_*.py"))
    tests = tests.replace(text, "")
    for rid in MD_IDS:
        assert re.search(rf"{rid}\b|{rid.lower().replace('-', '_')}_", tests), rid


def test_configs_cover_2_and_6_players_and_the_options():
    cfgs = kansei.load("minid").test_configs()
    assert {c["players"] for c in cfgs} >= {2, 6}
    on = set()
    for c in cfgs:
        on |= {k for k, v in c["options"].items() if v is True}
    assert on >= {"aspiration", "strategies", "uphill"}
