"""Stampede content and deck validation: ST-C1..C3, ST-D1, ST-O3, effect blocks as data, bad input."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import kansei
from kansei import ContentError
from kansei.builtin.stampede.cards import CLASSES, CONTENT
from kansei.builtin.stampede.table import load_catalog


@pytest.fixture(scope="module")
def game():
    return kansei.load("stampede")


def test_st_c1_c2_c3_rulebook_examples_exist_with_their_figures(sc):
    """ST-C1, ST-C2, ST-C3: the three example cards of the rulebook, as data."""
    t = sc.card("グレイトフル・トレイン")
    assert (t.en, t.kind, t.gear, t.rec.class_, t.pow, t.def_) == (
        "Grateful Train",
        0,
        3,
        "scarlet_rose",
        10000,
        10000,
    )
    ab = t.activated[0]
    assert [c.name for c in ab.conds] == ["self_is_center"]
    assert [c.name for c in ab.costs] == ["put_under_self"] and ab.costs[0].p.gear == 1
    assert [e.name for e in ab.effects] == ["add_stats"] and ab.effects[0].p.from_cost
    o = sc.card("進路妨害")
    assert (o.en, o.kind, o.gear, o.rec.class_) == ("Obstruction", 1, 3, "scarlet_rose")
    assert [e.name for e in o.play.effects] == ["force_attack_center"]
    b = sc.card("バブルコート")
    assert (b.en, b.kind, b.gear, b.rec.class_, b.hp, b.obstruction) == (
        "Bubble Coat",
        2,
        2,
        "sugar_mountain",
        5000,
        True,
    )
    assert b.on_destroyed[0].optional and b.on_destroyed[0].costs[0].name == "tap_own_card"


def test_novel_figures(sc):
    assert (sc.card("パイクリート・ライド").gear, sc.card("パイクリート・ライド").rec.class_) == (
        2,
        "scarlet_rose",
    )
    assert (sc.card("Pykrete Ride").pow, sc.card("Pykrete Ride").def_) == (8000, 8000)
    j = sc.card("ガイルロード・ジューダス")
    assert (j.gear, j.pow, j.def_) == (4, 9000, 9000)
    m = sc.card("マスター・フォーミュラ")
    assert (m.gear, m.pow, m.def_) == (5, 15000, 15000)
    d = sc.card("麗蘭剣デオーネ")
    assert (d.rec.class_, d.pow, d.def_) == ("steering", 15500, 5500)
    y = sc.card("極上の乗り手ユリカ")
    assert (y.rec.class_, y.dead_heat) == ("steering", 4)


def test_house_content_covers_classes_gears_keywords(sc):
    cards = sc.cat.cards
    assert len(cards) >= 60
    for cls in CLASSES:
        gears = {d.gear for d in cards if d.rec.class_ == cls and d.kind == 0}
        assert gears == {1, 2, 3, 4, 5} or cls == "steering" and {1, 2, 3, 4} <= gears, cls
    kws = set()
    for d in cards:
        kws.update(d.rec.keyword_ids)
    assert kws >= {
        "obstruction",
        "double_action",
        "guest",
        "demi_guest",
        "dead_heat",
        "dragon_genus",
        "crash",
        "goal_keeper",
        "requiem_keeper",
    }
    assert all(d.name and d.en and d.text and d.text_en for d in cards)


def test_st_d1_four_starter_decks_of_different_classes_are_legal(game, sc):
    """ST-D1: 40 cards, ≤4 of a name, ≤3 different Steering, a gear-1 machine; four classes."""
    assert len(game.starter_decks()) >= 4
    classes = set()
    for d in sc.cat.decks:
        assert sc.cat.deck_problems(d.cards, d.name) == []
        assert sum(d.cards.values()) == 40
        main = {sc.card(n).rec.class_ for n in d.cards} - {"steering"}
        assert len(main) == 1
        classes |= main
    assert len(classes) == 4


@pytest.mark.parametrize(
    "change, expect",
    [
        ({"Rose Starter": 3}, "exactly 40 cards (ST-D1), has 39"),
        ({"Rose Starter": 5, "Blaze Petal": 2}, "at most 4 copies (ST-D1), has 5"),
        (
            {"Checkered Flag": 0, "Pit In": 1, "Safety Car": 1, "Blaze Petal": 1},
            "at most 3 different Steering cards (ST-D1), has 4",
        ),
        ({"Unknown Racer": 1, "Blaze Petal": 2}, 'card "Unknown Racer": no such Stampede card'),
    ],
)
def test_st_d1_illegal_decks_one_line_each(game, sc, change, expect):
    cards = dict(sc.starters["Scarlet Rose"]) | change
    cards = {k: v for k, v in cards.items() if v}
    problems = sc.cat.deck_problems(cards, "deck")
    assert any(expect in p for p in problems), problems
    assert all("\n" not in p for p in problems)
    with pytest.raises(ContentError) as e:
        game.start(seed=1, decks=[{"cards": cards}, None])
    assert expect in str(e.value)


def test_st_d1_needs_a_gear1_machine_that_can_start(sc):
    cards = {
        "Pykrete Ride": 4,
        "Crimson Runner": 4,
        "Grateful Train": 4,
        "Rose Guardian": 4,
        "Rose Juggernaut": 4,
        "Scarlet Empress": 4,
        "Rose Thorn": 4,
        "Crimson Pit": 4,
        "Last Rose": 4,
        "Obstruction": 4,
    }
    assert any("gear-1 machine" in p for p in sc.cat.deck_problems(cards, "d"))


def test_illegal_deck_file_validates_one_line(game, tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("4 Rose Starter\n4 Blaze Petal\n# too few\n")
    problems = game.validate_content(f)
    assert problems == [f"{f}: a deck has exactly 40 cards (ST-D1), has 8"]
    good = tmp_path / "good.toml"
    lines = "\n".join(f'"{k}" = {v}' for k, v in kansei.load("stampede").table.decks[2].cards.items())
    good.write_text(f'name = "wolves"\n[cards]\n{lines}\n')
    assert game.validate_content(good) == []


def _content_copy(tmp_path: Path) -> Path:
    dst = tmp_path / "content"
    shutil.copytree(CONTENT, dst)
    return dst


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_shipped_content_validates_with_warnings_only(game):
    problems = game.validate_content(CONTENT)
    assert all(p.startswith("warning") for p in problems)
    assert not any("not implemented yet" in p for p in problems)  # 《幻影の周回》 was the last one


def test_unknown_effect_block_is_one_clear_line(game, tmp_path):
    folder = _content_copy(tmp_path)
    _replace(folder / "cards_steering.toml", '{ block = "draw", count = 2 }', '{ block = "foo" }')
    problems = game.validate_content(folder)
    errors = [p for p in problems if not p.startswith("warning")]
    assert len(errors) == 1
    assert errors[0].startswith(
        f'{folder}/cards_steering.toml: card "チェッカーフラッグ": effect 1: unknown block "foo" '
        "(known: add_stats, advance, bounce"
    )


def test_missing_block_parameter_is_one_clear_line(game, tmp_path):
    folder = _content_copy(tmp_path)
    _replace(
        folder / "cards_steering.toml",
        '{ block = "push_back", who = "opponent", amount = 2 }',
        '{ block = "push_back", who = "opponent" }',
    )
    errors = [p for p in game.validate_content(folder) if not p.startswith("warning")]
    assert errors == [
        f'{folder}/cards_steering.toml: card "ゴールライン・ガード": effect 1 (push_back): missing '
        "parameter \"amount\" (signature: push_back(who: opponent|self = 'opponent', amount: int))"
    ]


def test_bad_parameter_wrong_kind_and_bad_search_name(tmp_path):
    folder = _content_copy(tmp_path)
    _replace(
        folder / "cards_scarlet_rose.toml",
        'effects = [{ block = "draw", count = 1 }]',
        'effects = [{ block = "tap_self" }]',
    )
    _replace(folder / "cards_scarlet_rose.toml", "pow = 3000\ndef = 3000", 'pow = 3000\ndef = "lots"')
    _replace(
        folder / "cards_sugar_mountain.toml",
        'name = "バブルコート", count = 1 }]\n\n[[card]]\nname = "ホイップ',
        'name = "No Such Coat", count = 1 }]\n\n[[card]]\nname = "ホイップ',
    )
    with pytest.raises(ContentError) as e:
        load_catalog(folder, prefix="c")
    lines = e.value.problems
    assert any(
        'card "ソーン・スプリンター": effect 1: block "tap_self" is a cost block, not an effect block' in p
        for p in lines
    )
    assert any('card "ローズ・スターター": def: Input should be a valid integer' in p for p in lines)
    assert any("search: no card named 'No Such Coat'" in p for p in lines)


def test_st_o3_stat_guide_warns_not_errors(game, tmp_path):
    """ST-O3: stats off the guide are warnings; an ``off_guide`` reason records the exception."""
    folder = _content_copy(tmp_path)
    _replace(folder / "cards_scarlet_rose.toml", "pow = 4500\ndef = 2000", "pow = 4500\ndef = 3000")
    _replace(
        folder / "cards_midnight_wolf.toml",
        'off_guide = "the novel\'s figures; a strong Crash effect (ST-O3)"\n',
        "",
    )
    problems = game.validate_content(folder)
    assert all(p.startswith("warning") for p in problems)
    assert any(
        '"ブレイズ・ペタル" (Blaze Petal): gear 1 POW+DEF should be below 7000 (ST-O3), is 7500' in p
        for p in problems
    )
    # Judas (9000/9000, gear 4) keeps an effect: 18000 is within 60 % of 25000, so no warning even without it
    assert not any("Guileroad Judas" in p for p in problems)


def test_unimplemented_card_is_listed_and_kept_out_of_decks(game, sc, tmp_path):
    """A card marked ``unimplemented`` (none ships any more) is a warning, loses its abilities and is
    refused in a deck."""
    folder = _content_copy(tmp_path)
    _replace(
        folder / "cards_steering.toml",
        'text = "相手の捨札のアシスト1枚を選び、その効果を使う。"',
        'unimplemented = "kept out for this test"\ntext = "相手の捨札のアシスト1枚を選び、その効果を使う。"',
    )
    assert any("not implemented yet" in p and "幻影の周回" in p for p in game.validate_content(folder))
    cat, _ = load_catalog(folder)
    d = cat.cards[cat.find("Phantom Lap")]
    assert d.disabled and d.abilities == ()
    cards = dict(sc.starters["Scarlet Rose"])
    cards["Checkered Flag"] = 0
    cards["Phantom Lap"] = 1
    cards = {k: v for k, v in cards.items() if v}
    assert any("not implemented yet" in p for p in cat.deck_problems(cards, "d"))
    assert not any("not implemented yet" in p for p in sc.cat.deck_problems(cards, "d"))
