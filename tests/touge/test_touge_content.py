"""Content and decks: the starter box (TG-C7), deck rules (TG-C1, TG-C3), effect blocks, user deck files,
other content folders, and the card faces the tools list."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from touge_helpers import AKINA, REDSUNS, race

import kansei
from kansei import ContentError
from kansei.builtin.touge.blocks import REGISTRY
from kansei.builtin.touge.cards import CONTENT, TIER_LIMITS, catalog, load_catalog

GAME = kansei.load("touge")


def test_tg_c3_road_limits_per_tier_are_enforced():
    """TG-C3."""
    cat = catalog()
    ones = [r.name for r in cat.roads if r.stars == 1]
    problems = cat.deck_problems("AE-86 Trueno", {ones[0]: 36}, "deck")
    assert "deck: at most 35 1-star roads (TG-C3), has 36" in problems
    fives = [r.name for r in cat.roads if r.stars == 5]
    problems = cat.deck_problems("AE-86 Trueno", {fives[0]: 3, ones[0]: 30}, "deck")
    assert problems == ["deck: at most 2 5-star roads (TG-C3), has 3"]
    assert TIER_LIMITS == {1: 35, 2: 15, 3: 10, 4: 5, 5: 2}


def test_tg_c3_refused_at_game_start():
    """TG-C3: a deck over a tier limit is refused by start, one line."""
    deck = {"name": "hairpins", "car": "AE-86 Trueno", "cards": {"Akina Final Hairpin": 31}}
    with pytest.raises(ContentError) as e:
        GAME.start(seed=1, decks=[deck, REDSUNS])
    assert e.value.problems == ["touge: deck of seat 0: at most 2 5-star roads (TG-C3), has 31"]


def test_tg_c7_starter_box_and_decks():
    """TG-C7, TG-C4, TG-C5: the box, its named cards, and two legal starter decks."""
    cat = catalog()
    assert len(cat.cars) == 4 and len(cat.disasters) == 10
    assert Counter(r.stars for r in cat.roads) == {1: 25, 2: 15, 3: 8, 4: 5, 5: 2}
    tune_names = {t.name for t in cat.tuneups}
    box_tunes = sum(n for d in cat.decks for name, n in d.cards.items() if name in tune_names)
    assert box_tunes == 30
    assert GAME.starter_decks() == [AKINA, REDSUNS]
    for name in GAME.starter_decks():
        deck = GAME.starter_deck(name)
        assert GAME.deck_problems(deck) == [] and sum(deck["cards"].values()) >= 30
    for name in ("Supercharger", "Jump", "Hyper-Focused", "Gutter Drift", "Blindspot"):
        assert name in tune_names  # TG-C4 named kinds
    dis = {d.name for d in cat.disasters}
    assert {"Oil Slick", "Landslide", "Rain", "Gravel", "Gum-Tape Death Match"} <= dis  # TG-C5
    passes = {r.pass_ for r in cat.roads}
    assert {"Akina", "Myogi", "Usui", "Akagi", "Irohazaka", "Tsubaki Line"} <= passes


def test_tg_c7_deck_needs_one_car_and_thirty_cards():
    """TG-C7, TG-C1."""
    problems = GAME.deck_problems({"name": "d", "cards": {"Akina First Hairpin": 10}})
    assert "deck 'd': a deck has exactly one car (TG-C1), has 0" in problems
    assert "deck 'd': a deck needs at least 30 cards besides the car (TG-C7), has 10" in problems


def test_tg_c1_car_is_revealed_not_drawn():
    """TG-C1: the car is in the decklist but never in a hand or deck."""
    s = race()
    cars = {c.name for c in catalog().cars}
    for p in (0, 1):
        assert not {s.game.table.cards[c].name for c in s.hands[p] + s.decks[p]} & cars
    assert s.view(1)["players"][0]["car"] == "AE-86 Trueno"


def test_starter_deck_is_fresh_data_and_plays_as_inline_data():
    """A starter deck is deck data; changing the copy changes nothing; deck data plays like the name."""
    deck = GAME.starter_deck("akina downhill")
    deck["cards"]["Akina Final Hairpin"] = 99
    assert GAME.starter_deck(AKINA)["cards"]["Akina Final Hairpin"] == 1
    a = GAME.start(seed=4, decks=[GAME.starter_deck(AKINA), None])
    b = GAME.start(seed=4)
    assert a.reveal() == b.reveal()


def test_start_opens_no_file(tmp_path: Path):
    """A deck entry that names a file is refused: start never opens a path (load_deck does)."""
    path = tmp_path / "deck.txt"
    path.write_text("Car: AE-86 Trueno\n30 Akina First Hairpin\n")
    with pytest.raises(ContentError, match="no starter deck"):
        GAME.start(seed=1, decks=[str(path), None])
    with pytest.raises(ContentError, match="no starter deck"):
        GAME.start(seed=1, decks=["/etc/passwd", None])
    data = GAME.load_deck(path)
    assert data == {"name": "deck", "car": "AE-86 Trueno", "cards": {"Akina First Hairpin": 30}}
    assert GAME.start(seed=1, decks=[data, None]).view(0)["players"][0]["decklist"] == {
        "Akina First Hairpin": 30
    }


def test_load_deck_toml_and_bad_files(tmp_path: Path):
    """load_deck reads TOML or text; a folder, a huge file or a bad header is one ContentError."""
    toml = tmp_path / "mine.toml"
    toml.write_text('name = "Mine"\ncar = "Civic EG6"\n[cards]\n"Akina First Hairpin" = 30\n')
    assert GAME.load_deck(toml) == {"name": "Mine", "car": "Civic EG6", "cards": {"Akina First Hairpin": 30}}
    with pytest.raises(ContentError, match="not a file"):
        GAME.load_deck(tmp_path)
    with pytest.raises(ContentError, match="no such file"):
        GAME.load_deck(tmp_path / "missing.txt")
    big = tmp_path / "big.txt"
    big.write_text("1 Akina First Hairpin\n" * 20_000)
    with pytest.raises(ContentError, match="too large"):
        GAME.load_deck(big)
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(ContentError):
        GAME.load_deck(deep)
    two = tmp_path / "two.txt"
    two.write_text("Car: Civic EG6\nCar: AE-86 Trueno\nColour: red\n30 Akina First Hairpin\n")
    with pytest.raises(ContentError) as e:
        GAME.load_deck(two)
    assert len(e.value.problems) == 2 and "names one car" in e.value.problems[0]
    lines = tmp_path / "lines.txt"
    lines.write_text("".join(f"x{i}\n" for i in range(500)))
    with pytest.raises(ContentError) as e:
        GAME.load_deck(lines)
    assert len(e.value.problems) == 21 and e.value.problems[-1] == "… and 480 more"


def test_effects_are_blocks_and_bad_blocks_are_one_line_each(tmp_path: Path):
    """Content names effect blocks; a bad block, parameter or placement is one line with its place."""
    assert set(REGISTRY.names()) == {
        "best_of", "double", "draw", "ignore_disaster", "mult_add", "mult_cap", "mult_halve", "nullify",
        "nullify_top",
    }  # fmt: skip
    dst = tmp_path / "content"
    shutil.copytree(CONTENT, dst)
    tune = (dst / "tuneups.toml").read_text()
    tune = tune.replace('{ block = "draw", amount = 2 }', '{ block = "warp", amount = 2 }')
    tune = tune.replace('{ block = "nullify", road = "C" }', '{ block = "nullify", road = "X" }')
    tune = tune.replace('{ block = "best_of" }', '{ block = "nullify_top" }')
    (dst / "tuneups.toml").write_text(tune)
    cars = (
        (dst / "cars.toml")
        .read_text()
        .replace('{ block = "ignore_disaster" }', '{ block = "nullify", road = "C" }')
    )
    (dst / "cars.toml").write_text(cars)
    with pytest.raises(ContentError) as e:
        load_catalog(dst, prefix="c")
    problems = e.value.problems
    assert any(
        p.startswith('c/tuneups.toml: tune-up "Hyper-Focused": effect 1: unknown block "warp"')
        for p in problems
    )
    assert any(
        p.startswith('c/tuneups.toml: tune-up "Jump": effect 1 (nullify): parameter "road"') for p in problems
    )
    blindspot = 'c/tuneups.toml: tune-up "Blindspot": effect 1 (nullify_top): '
    assert blindspot + "block 'nullify_top' cannot be on a tune-up" in problems
    fc3s = 'c/cars.toml: car "RX-7 Savanna FC3S": ability: effect 1 (nullify): '
    assert fc3s + "block 'nullify' cannot be on a car ability" in problems
    assert kansei.load("touge").validate_content(dst)  # the same problems through the tool


def test_content_folder_option_plays_with_that_content(tmp_path: Path):
    """kansei.load(content=…): another content folder, validated, and used by start."""
    dst = tmp_path / "content"
    shutil.copytree(CONTENT, dst)
    roads = (
        (dst / "roads.toml")
        .read_text()
        .replace('name = "Akina Final Hairpin"', 'name = "Akina Last Hairpin"')
    )
    (dst / "roads.toml").write_text(roads)
    (dst / "decks.toml").write_text(
        (dst / "decks.toml").read_text().replace("Akina Final Hairpin", "Akina Last Hairpin")
    )
    game = kansei.load("touge", content=dst)
    assert game.content_digest() != GAME.content_digest()
    s = game.start(seed=1)
    names = {game.table.cards[c].name for p in (0, 1) for c in s.decks[p] + s.hands[p]}
    assert "Akina Last Hairpin" in names and "Akina Final Hairpin" not in names
    assert "road akina-last-hairpin" in game.action_space()
    (dst / "cars.toml").write_text((dst / "cars.toml").read_text().replace("dh_s = 2", "dh_s = 3", 1))
    with pytest.raises(ContentError, match="dh_c \\+ dh_s must be 4"):
        kansei.load("touge", content=dst)


def test_cards_lists_every_face():
    """The cards hook: every card, JSON-safe, with its key numbers."""
    faces = GAME.cards()
    assert len(faces) == 4 + 55 + 14 + 10
    hairpin = next(f for f in faces if f["name"] == "Akina Final Hairpin")
    assert hairpin["kind"] == "road" and hairpin["stats"] == {"stars": 5, "downhill": 6, "uphill": 5}
    assert (
        hairpin["slug"] == "akina-final-hairpin" and hairpin["house"] is True and "corner" in hairpin["tags"]
    )
    ae86 = next(f for f in faces if f["name"] == "AE-86 Trueno")
    assert ae86["stats"] == {
        "downhill corner": 2,
        "downhill straight": 2,
        "uphill corner": 3,
        "uphill straight": 1,
    }
    assert "Gutter Drift" in ae86["text"]
    base = {"name", "slug", "kind", "text", "stats", "tags", "colour", "house", "labels"}
    assert all(set(f) == (base | {"parts"} if f["kind"] == "car" else base) for f in faces)
    # the English keys the board reads, each in words (issue: a French deck builder said "downhill corner")
    assert ae86["labels"] == {"car": "car", **{k: k for k in ae86["stats"]}}
    french = next(f for f in GAME.cards("fr") if f["slug"] == hairpin["slug"])
    assert french["stats"] == hairpin["stats"] and french["tags"] == hairpin["tags"]  # the keys stay
    assert french["labels"]["road"] == "route" and french["labels"]["corner"] == "virage"
    assert all(set(f["labels"]) <= {f["kind"], *f["stats"], *f["tags"]} for f in faces)
    # the car's ability as the board shows it, keyed by the name the view carries
    assert ae86["parts"] == [
        {
            "key": "Gutter Drift",
            "kind": "ability",
            "name": "Gutter Drift",
            "text": "+1 to cornering for this battle.",
        }
    ]
    faces[0]["name"] = "changed"
    assert GAME.cards()[0]["name"] != "changed"
    with pytest.raises(kansei.OptionError, match="no language"):
        GAME.cards("de")  # a language Touge lacks (it has en, fr, ja)
