"""Content and decks: the card kinds (DS-C1..C3), deck construction (DS-D1), the type chart file (DS-B5),
validation of content folders and deck files, and bad decks refused with one clear line each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from dspirits_helpers import STONE, VENOM

import kansei
from kansei import ContentError
from kansei.builtin.dspirits.cards import CONTENT, Evolution, Spirit, catalog

GAME = kansei.load("dspirits")


def test_ds_c1_house_content_spirits_over_six_types_with_the_named_three():
    cat = catalog()
    assert len(cat.spirits) >= 40
    types = {t for s in cat.spirits for t in s.types}
    assert len(types) >= 6 and types <= {t.name for t in cat.types}
    named = {s.name: s for s in cat.spirits}
    assert named["Rockwraggle"].move is not None  # special move launching D-Spirits at SP
    assert named["Rockwraggle"].move.effects[0]["block"] == "launch"
    assert any(
        e["block"] == "inflict" and e["status"] == "poisoned"
        for a in named["Illguana"].abilities
        for e in a.effects
    )
    assert any(e["block"] == "move_zone" for a in named["Lampire"].abilities for e in a.effects)
    triggers = {a.trigger for s in cat.spirits for a in s.abilities}
    assert {"command", "summoned", "destroyed", "attack", "end"} <= triggers
    assert any(s.limit == "limitless" for s in cat.spirits)


def test_ds_c2_support_cards_of_the_three_kinds():
    cat = catalog()
    assert len(cat.supports) >= 20
    kinds = {s.kind for s in cat.supports}
    assert kinds == {"signal", "realm", "move"}
    assert all(s.bid > 0 for s in cat.supports if s.kind == "realm")
    assert all(s.requires and s.cost > 0 for s in cat.supports if s.kind == "move")


def test_ds_c3_four_d_evolutions_on_named_bases():
    cat = catalog()
    assert len(cat.evolutions) >= 4
    for e in cat.evolutions:
        assert isinstance(cat.find(e.base), Spirit | Evolution)
        assert e.condition


def test_ds_b5_type_chart_is_a_content_file():
    cat = catalog()
    assert (CONTENT / "types.toml").exists()
    chart = {t.name: t for t in cat.types}
    assert "Ice" in chart["Fire"].strong_against and chart["Fire"].elemental and not chart["Spooky"].elemental
    assert all(t.boost == 300 for t in cat.types)


def test_ds_d1_starter_decks_are_legal_and_have_side_decks():
    cat = catalog()
    assert len(cat.decks) >= 2
    for d in cat.decks:
        assert cat.deck_problems(d.squad, d.support, d.side, d.name) == []
        assert d.side and any(isinstance(cat.find(n), Evolution) for n in d.side)
        assert 15 <= sum(d.squad.values()) <= 20 and 10 <= sum(d.support.values()) <= 20


def _problems(squad, support, side):
    return catalog().deck_problems(squad, support, side, "deck")


def test_ds_d1_sizes_and_copy_limits_across_decks():
    d = catalog().decks[0]
    squad, support, side = dict(d.squad), dict(d.support), dict(d.side)
    assert (
        _problems({"Lampire": 2}, support, side)[0]
        == "deck: the D-Squad deck holds 15–20 cards (DS-D1), has 2"
    )
    over = dict(side)
    over["Lampire"] = 1  # 2 in the D-Squad deck + 1 in the side deck
    assert _problems(squad, support, over) == [
        'deck: "Lampire": 3 copies across the decks, its limit is 2 (DS-D1)'
    ]
    few = {k: v for k, v in list(support.items())[:3]}
    assert any("Support deck holds 10–20" in p for p in _problems(squad, few, side))
    big_side = dict(side)
    big_side["Pebblit"] = 20
    assert any("side deck holds 0–20" in p for p in _problems(squad, support, big_side))


def test_ds_d1_limitless_one_in_squad_any_in_side():
    d = catalog().decks[0]
    squad, support, side = dict(d.squad), dict(d.support), dict(d.side)
    side["Pebblit"] = 6
    assert _problems(squad, support, side) == []
    squad["Pebblit"] = 2
    assert (
        _problems(squad, support, side)[0]
        == 'deck: squad: "Pebblit" is Limitless: 1 copy in the D-Squad deck (DS-D1), has 2'
    )


def test_ds_d1_cards_in_the_wrong_deck():
    d = catalog().decks[0]
    squad, support = dict(d.squad), dict(d.support)
    squad["Counter Sign"] = 1
    support["Rockwraggle Titan"] = 1
    probs = _problems(squad, support, {})
    assert (
        'deck: squad: "Counter Sign" is not a D-Spirit (the D-Squad deck holds D-Spirits only, DS-D1)'
        in probs
    )
    assert any('"Rockwraggle Titan" is a D-Evolution' in p for p in probs)
    assert _problems({"Nobody": 1}, {}, {})[0] == 'deck: squad: card "Nobody": no such D-Spirits card'


def test_a_bad_deck_is_refused_at_start_with_one_line_per_problem():
    d = catalog().decks[0]
    bad = {"name": "bad", "cards": {**d.squad, **d.support}, "side": {"Lampire": 1}}
    with pytest.raises(ContentError) as e:
        GAME.start(seed=1, decks=[bad, VENOM])
    assert e.value.problems == [
        'deck of seat 0: "Lampire": 3 copies across the decks, its limit is 2 (DS-D1)'
    ]
    with pytest.raises(ContentError, match="is not a starter deck"):
        GAME.start(seed=1, decks=["No Such Deck", VENOM])


def test_starter_deck_data_round_trip():
    """DS-D1: a starter deck as deck data plays like the starter deck by name."""
    data = GAME.starter_deck(STONE)
    assert data["name"] == STONE and set(data) == {"name", "text", "cards", "side"}
    assert GAME.deck_problems(data) == []
    a = GAME.start(seed=3, decks=[data, VENOM])
    b = GAME.start(seed=3, decks=[STONE, VENOM])
    assert a.reveal() == b.reveal()
    with pytest.raises(ContentError, match="no starter deck"):
        GAME.starter_deck("Nope")


def test_validate_content_folder_and_broken_blocks(tmp_path: Path):
    assert GAME.validate_content(CONTENT) == []
    broken = tmp_path / "content"
    shutil.copytree(CONTENT, broken)
    text = (broken / "spirits.toml").read_text()
    text = text.replace('{ block = "damage_sp", amount = 300 }', '{ block = "damage_hp", amount = 300 }', 1)
    text = text.replace(
        '{ block = "inflict", status = "frozen", target = "foe", max_power = 1200 }',
        '{ block = "inflict", status = "frozen", max_power = 1200 }',
        1,
    )
    text = text.replace('types = ["Rock"]\nattack = 1700', 'types = ["Stone"]\nattack = 1700', 1)
    (broken / "spirits.toml").write_text(text)
    probs = GAME.validate_content(broken)
    assert any(
        'spirit "Cindersnake": ability "Last Ember": effect 1: unknown block "damage_hp"' in p for p in probs
    )
    assert any(
        'spirit "Frostling": ability "Chill Breath": effect 1 (inflict): missing parameter "target"' in p
        for p in probs
    )
    assert any("spirit \"Rockwraggle\": types: unknown type 'Stone'" in p for p in probs)
    assert all("\n" not in p for p in probs)


def test_validate_deck_files(tmp_path: Path):
    d = catalog().decks[1]
    toml = tmp_path / "venom.toml"
    lines = ['name = "Venom"', "[cards]"] + [f'"{k}" = {v}' for k, v in {**d.squad, **d.support}.items()]
    lines += ["[side]"] + [f'"{k}" = {v}' for k, v in d.side.items()]
    toml.write_text("\n".join(lines) + "\n")
    assert GAME.validate_content(toml) == []
    assert GAME.load_deck(toml) == {"name": "Venom", "cards": {**d.squad, **d.support}, "side": dict(d.side)}
    txt = tmp_path / "venom.txt"
    body = [f"{v} {k}" for k, v in {**d.squad, **d.support}.items()] + [
        f"Side: {v} {k}" for k, v in d.side.items()
    ]
    txt.write_text("\n".join(body) + "\n")
    assert GAME.validate_content(txt) == []
    s = GAME.start(seed=2, decks=[STONE, GAME.load_deck(txt)])
    assert sum(c["count"] for c in s.view(1)["players"][1]["decklist"]["side"]) == sum(d.side.values())
    bad = tmp_path / "bad.txt"
    bad.write_text("3 Illguana\n")
    probs = GAME.validate_content(bad)
    assert f'{bad}: "Illguana": 3 copies across the decks, its limit is 2 (DS-D1)' in probs
    assert any("D-Squad deck holds 15–20 cards (DS-D1), has 3" in p for p in probs)
    with pytest.raises(ContentError, match="deck of seat 1: 'venom.txt' is not a starter deck"):
        GAME.start(seed=2, decks=[STONE, "venom.txt"])  # start opens no file
