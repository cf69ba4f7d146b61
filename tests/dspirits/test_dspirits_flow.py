"""The course of a game: SP and the opening draw (DS-G1), the turn steps (DS-G2), summons (DS-G3), stances
(DS-G4), zones (DS-Z1), the best-of-three match with side-deck swaps, hidden information and the terminal."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from dspirits_helpers import STONE, VENOM, cid, deck, lab, legal, names, play
from rich.console import Console

import kansei
from kansei import Action, OptionError
from kansei.builtin.dspirits.state import HandCard
from kansei.testing import all_events, find_events, last_event, refused

A = deck({"Gravelhound": 3, "Tuskaroo": 2, "Howlpack": 3, "Maulbear": 1}, {"Quick Summon": 2}, {})
B = deck({"Gravelhound": 2, "Tuskaroo": 2}, {}, {})


def test_ds_g1_starting_sp_first_player_and_opening_split():
    g = kansei.load("dspirits")
    firsts = {g.start(seed=i).first for i in range(30)}
    assert firsts == {0, 1}  # rock-paper-scissors
    s = g.start(seed=4, setup={"first": 1})
    assert s.sp == [5000, 5000] and s.phase == "opening" and s.to_move == 1
    assert legal(s) == [f"open {k}" for k in range(8)]
    play(s, "open 5")
    assert s.to_move == 0
    play(s, "open 2")
    kinds = s.game.table.kind
    assert sum(1 for h in s.hand[1] if kinds[h.card] == 0) == 5 and len(s.hand[1]) == 7
    assert sum(1 for h in s.hand[0] if kinds[h.card] == 0) == 2 and len(s.hand[0]) == 7
    assert s.active == 1 and s.phase == "draw" and s.turn == 1
    assert kansei.load("dspirits", starting_sp=8000).start(seed=1).sp == [8000, 8000]
    with pytest.raises(OptionError, match="starting_sp"):
        kansei.load("dspirits", starting_sp=10)


def test_ds_g1_zero_sp_loses():
    s = lab(decks=(A, B), field=[["Tuskaroo"], []], step="battle", sp=[5000, 1600])
    play(s, "attack tuskaroo direct")
    assert s.is_over and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert last_event(s, "game_over")["reason"] == "sp"


def test_ds_g2_turn_steps_draw_main_battle_end():
    s = lab(decks=(A, B), hands=[["Gravelhound"], []], field=[[], ["Tuskaroo"]], step="draw")
    assert s.phase == "draw" and legal(s)[:2] == ["draw squad", "draw support"]
    play(s, "draw squad", "no extra")
    assert s.phase == "main"
    play(s, "summon gravelhound", "battle")
    assert s.phase == "battle" and last_event(s, "step")["step"] == "battle"
    play(s, "end")  # end step, then the other player's draw step
    assert (s.active, s.phase, s.turn) == (1, "draw", 2)


def test_ds_g3_one_regular_summon_super_summons_any_number():
    s = lab(
        decks=(A, B),
        hands=[["Gravelhound", "Gravelhound", "Tuskaroo", "Maulbear", "Quick Summon", "Quick Summon"], []],
    )
    play(s, "summon tuskaroo")
    assert not any(a.startswith("summon") for a in legal(s))
    assert "one Regular Summon per turn" in refused(s, Action("summon maulbear"), seat=0)
    play(s, "play quick-summon hand:gravelhound", "play quick-summon hand:gravelhound")
    assert names(s, 0) == ["Tuskaroo", "Gravelhound", "Gravelhound"]
    assert [e["kind"] for e in find_events(s, "summon")] == ["regular", "super", "super"]


def test_ds_g3_super_summoned_after_the_battle_step_began_cannot_attack():
    s = lab(decks=(A, B), hands=[["Howlpack"], []], field=[["Gravelhound"], []], step="battle")
    h = HandCard(cid("Howlpack"))
    s.hand[0].remove(h)
    s.duel.bind(s)  # white-box, as a step would: a Super D-Summon during the battle step
    s.summon(0, h, sup=True)
    s.duel.release()
    s.remember_legal(s.duel.decision_actions())
    assert s.scene[0][-1].uid not in s.ready
    assert [a for a in legal(s) if a.startswith("attack")] == ["attack gravelhound direct"]


def test_ds_g4_stance_change_once_per_turn():
    s = lab(decks=(A, B), field=[["Gravelhound"], []])
    play(s, "stance gravelhound")
    assert s.view(0)["players"][0]["battle"][0]["stance"] == "endure"
    assert "stance gravelhound" not in legal(s)
    play(s, "battle")
    assert not any(a.startswith("attack") for a in legal(s))  # only Attack stance attacks


def test_ds_z1_four_dspirits_on_the_battle_scene_at_most():
    s = lab(
        decks=(A, B),
        hands=[["Howlpack"], []],
        field=[["Gravelhound", "Gravelhound", "Tuskaroo", "Tuskaroo"], []],
    )
    assert not any(a.startswith("summon") for a in legal(s))
    assert names(s, 0) == ["Gravelhound", "Gravelhound", "Tuskaroo", "Tuskaroo"]
    assert [u["label"] for u in s.view(0)["players"][0]["battle"]] == [
        "gravelhound#1",
        "gravelhound#2",
        "tuskaroo#1",
        "tuskaroo#2",
    ]


def test_ds_d1_match_side_deck_swap_between_games():
    """Best of three: after a game each player may swap side-deck cards in; the loser goes first next."""
    g = kansei.load("dspirits", match=True)
    s = g.start(
        seed=3,
        decks=[STONE, VENOM],
        setup={
            "first": 0,
            "hands": [[], []],
            "veteran": True,
            "step": "battle",
            "field": [["Cragback"], []],
            "sp": [5000, 1000],
        },
    )
    census = s.census()
    play(s, "attack cragback direct")
    assert not s.is_over and s.phase == "side" and s.match_wins == [1, 0]
    assert s.census() == census
    acts = legal(s)
    assert "side in volcanic-rift" in acts and "keep" in acts
    assert "side in pebblit" not in acts  # Limitless: already one in the D-Squad deck
    assert not any("rockwraggle-titan" in a for a in acts)  # D-Evolutions stay in the side deck
    play(s, "side in volcanic-rift")
    assert all(a.startswith("side out") for a in legal(s))
    play(s, "side out healing-light")
    decklist = s.view(1)["players"][0]["decklist"]
    assert {c["card"]: c["count"] for c in decklist["side"]}["Healing Light"] == 1
    assert "Volcanic Rift" in [c["card"] for c in decklist["support"]]
    play(s, "keep", "keep")
    assert s.game_no == 2 and s.phase == "opening" and s.to_move == 1  # the loser opens
    assert s.sp == [5000, 5000] and s.census() == census
    rng = random.Random(1)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    assert 2 <= len(s.results) <= 3
    wins = Counter(r["winner"] for r in s.results)
    assert s.winner == (0 if wins[0] > wins[1] else 1 if wins[1] > wins[0] else None)


def test_turn_limit_safety_net():
    s = kansei.load("dspirits", max_turns=4).start(seed=9)
    rng = random.Random(2)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    assert s.turn <= 4
    r = s.results[-1]
    assert r["reason"] in ("turn_limit", "sp")


def test_hidden_information_in_views_and_determinize():
    s = lab(decks=(A, B), hands=[["Gravelhound", "Quick Summon"], ["Tuskaroo"]])
    v1 = s.view(1)
    assert "hand" not in v1["players"][0] and v1["players"][0]["hand_count"] == 2
    assert v1["players"][0]["hand_spirits"] == 1 and v1["players"][1]["hand"] == ["tuskaroo"]
    s.hand[1] = [HandCard(cid("Tuskaroo"), frozen=True)]  # a frozen card back in hand is public (DS-R2)
    assert s.view(0)["players"][1]["hand_known"] == ["tuskaroo+frozen"]
    d = s.determinize(0, random.Random(5))
    assert d.hand[1] == s.hand[1] and d.hand[0] == s.hand[0]
    assert d.view(0) == s.view(0)


def test_render_describe_narrate_show_the_whole_board():
    s = lab(
        decks=(A, B),
        hands=[["Quick Summon", "Howlpack"], ["Gravelhound"]],
        field=[["Gravelhound"], [{"name": "Tuskaroo", "poison": 200, "frozen": True}]],
        realm=None,
    )
    g = s.game
    console = Console(width=160, record=True)
    console.print(g.render(s, 0))
    out = console.export_text()
    for word in (
        "Battle  ",
        "Tuskaroo",
        "POISON 200",
        "FROZEN",
        "SP",
        "squad ",
        "Hand    Howlpack (1000/",
    ):
        assert word in out, word
    assert "Realm:" not in out  # no Realm holds the zone yet: no line for it
    for a in s.legal_actions():
        assert g.describe_action(s, a)
    play(s, "play quick-summon hand:howlpack")
    for e in all_events(s):
        line = g.narrate(e, 0)
        assert line is None or "\n" not in line
    assert g.rules_file().exists()
