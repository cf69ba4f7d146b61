"""Content and deck rules: ID-C1..ID-C5, the shipped house cards, validation of folders and deck files."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from kansei import ContentError
from kansei.builtin.initiald.cards import CONTENT, catalog, load_catalog


def test_id_c1_cars_cover_every_drivetrain_and_the_rx7_has_a_built_in_turbo():
    """ID-C1: cost, Power, Traction, max mods, drivetrain; the RX-7's built-in Turbo."""
    cat = catalog()
    assert len(cat.cars) >= 4
    assert {c.drivetrain for c in cat.cars} == {"F/R", "4WD", "F/F"}
    fd = cat.find("RX-7 FD3S Type R")
    assert fd.built_in == ["Turbo"]
    assert all(c.house for c in cat.all_cards())


def test_id_c2_mods_cover_the_named_types():
    """ID-C2: a dozen mods over Tires, Turbo, Suspension, Team and Driver."""
    cat = catalog()
    assert len(cat.mods) >= 12
    assert {"Tires", "Turbo", "Suspension", "Team", "Driver"} <= {m.type for m in cat.mods}


def test_id_c2_team_and_driver_mods_unlock_special_maneuvers(idh):
    """ID-C2 / ID-C4: "only used by" a Team or Driver mod; without the mod the maneuver is unusable."""
    cat = catalog()
    teams = {m.name for m in cat.mods if m.type == "Team"}
    drivers = {m.name for m in cat.mods if m.type == "Driver"}
    gated = [m for m in cat.maneuvers if m.only_used_by]
    assert any(set(m.only_used_by) & teams for m in gated)
    assert any(set(m.only_used_by) & drivers for m in gated)
    t = idh.game.table
    gutter = t.find("Gutter Run")
    with_takumi = idh.game.side(idh.custom("AE86 Sprinter Trueno", ["Takumi Fujiwara"]), "test")
    without = idh.game.side(idh.custom("AE86 Sprinter Trueno", ["Street Radials"]), "test")
    assert with_takumi.usable[gutter] and not without.usable[gutter]
    pressure = t.find("Red Suns Pressure")
    red = idh.game.side(idh.custom("RX-7 FD3S Type R", ["Red Suns"]), "test")
    assert red.usable[pressure] and not with_takumi.usable[pressure]


def test_id_c3_race_cards_have_three_or_four_stages_on_real_passes():
    """ID-C3: six or more race cards of 3–4 stages (straight, curve, obstacle)."""
    cat = catalog()
    assert len(cat.races) >= 6
    for r in cat.races:
        assert 3 <= len(r.stages) <= 4
        assert set(r.stages) <= {"straight", "curve", "obstacle"}
        assert r.pass_


def test_id_c4_maneuvers_as_the_rulebook_gives_them():
    """ID-C4: 40+ distinct maneuvers; Tight Twin Drift and Pure Power carry the rulebook's values."""
    cat = catalog()
    assert len({m.name for m in cat.maneuvers}) >= 40
    ttd = cat.find("Tight Twin Drift")
    assert ttd.type == "turn"
    assert ttd.strength.as_tuple() == (5, 8, 5)
    assert (ttd.counter.tactics, ttd.counter.turn, ttd.counter.speed) == (6, 9, 7)
    assert (ttd.requirement_type, ttd.requirement_value) == ("traction", 8)
    pp = cat.find("Pure Power")
    assert pp.type == "speed" and pp.strength.straight == 8
    assert {m.type for m in cat.maneuvers} == {"speed", "turn", "tactics"}
    # lasting bonuses and penalties (ID-P5), Style points, and each kind of special requirement
    assert any(m.lasting and any(e.get("amount", 0) > 0 for e in m.effects) for m in cat.maneuvers)
    assert any(m.lasting and any(e.get("who") == "opponent" for e in m.effects) for m in cat.maneuvers)
    assert any(m.style for m in cat.maneuvers)
    assert {"lead", "trailing"} <= {m.position for m in cat.maneuvers}
    assert any(m.needs_mod == "Turbo" for m in cat.maneuvers)
    assert any(m.drivetrain for m in cat.maneuvers)


def test_id_c5_starter_decks_are_legal(idh):
    """ID-C5: a starter deck is 1 car, 1 mod, 3 races and 50 maneuvers, at most 3 copies of a card."""
    cat = catalog()
    assert len(cat.decks) >= 2
    for d in cat.decks:
        assert cat.find(d.car) is not None
        assert len(d.mods) == 1 and len(d.races) == 3
        assert sum(d.cards.values()) == 50
        assert max(d.cards.values()) <= 3
        side = idh.game.side(d.name, "test")
        assert len(side.maneuvers) == 50
    s = idh.start()  # both starters, by default
    assert sum(len(z) for z in (s.race.decks[0], s.race.hands[0])) == 50


def _problems(idh, deck) -> list[str]:
    with pytest.raises(ContentError) as e:
        idh.game.start(decks=[deck, idh.RED_SUNS])
    return e.value.problems


def test_id_c1_exactly_one_car(idh):
    """ID-C1: a deck with two cars (or none) is refused."""
    deck = idh.custom("Silvia S13")
    deck["cards"]["Civic SiR EG6"] = 1
    probs = _problems(idh, deck)
    assert probs == ["deck of seat 0: a deck has exactly one car (ID-C1), has 2"]
    deck = idh.custom("Silvia S13")
    del deck["car"]
    assert _problems(idh, deck) == ["deck of seat 0: a deck has exactly one car (ID-C1), has 0"]


def test_id_c2_mod_limits(idh):
    """ID-C2: max mods, one per type, no second Turbo on the RX-7 (ID-C1), "only used by" on mods."""
    probs = _problems(idh, idh.custom("Lancer Evolution III", ["Racing Slicks", "Street Radials"]))
    assert probs == [
        'deck of seat 0: car "Lancer Evolution III" takes at most 1 mods (ID-C2), has 2',
        "deck of seat 0: at most one Tires mod per car (ID-C2), has 2: Racing Slicks, Street Radials",
    ]
    probs = _problems(idh, idh.custom("RX-7 FD3S Type R", ["Twin Turbo Kit"]))
    assert probs == [
        'deck of seat 0: mod "Twin Turbo Kit": the RX-7 FD3S Type R has a built-in Turbo and '
        "cannot take another (ID-C1)"
    ]
    probs = _problems(idh, idh.custom("Silvia S13", ["Takumi Fujiwara"]))
    assert probs == [
        'deck of seat 0: mod "Takumi Fujiwara": only used by AE86 Sprinter Trueno, not by the '
        "Silvia S13 (ID-C2)"
    ]
    # a legal maximum: three mods of different types on the AE86
    ok = idh.custom("AE86 Sprinter Trueno", ["Takumi Fujiwara", "Racing Slicks", "Akina SpeedStars"])
    assert idh.game.start(decks=[ok, idh.RED_SUNS]).race.sides[0].cost == 4 + 2 + 2 + 1


def test_id_c3_exactly_three_race_cards(idh):
    """ID-C3: each player brings exactly three race cards."""
    deck = idh.custom("Silvia S13", races=["Usui Pass", "Akagi Uphill"])
    assert _problems(idh, deck) == ["deck of seat 0: a player brings exactly 3 race cards (ID-C3), has 2"]


def test_id_c5_deck_size_and_copies_one_line_per_problem(idh):
    """ID-C5: at least 50 maneuvers and at most 3 copies; every problem is reported, one line each."""
    cards = dict(idh.PLAIN)
    cards["Mechanic's Tune-Up"] = 1  # 50 - 1
    cards["Pure Power"] = 4  # + 1
    cards["Tight Twin Drift"] = 2  # - 1: 49 maneuvers
    deck = idh.custom("Silvia S13", cards=cards)
    deck["cards"]["No Such Card"] = 1
    probs = _problems(idh, deck)
    assert probs == [
        'deck of seat 0: card "No Such Card": no such Initial D card',
        "deck of seat 0: a deck needs at least 50 maneuvers (ID-C5), has 49",
        'deck of seat 0: card "Pure Power": at most 3 copies (ID-C5), has 4',
    ]


def test_deck_files_toml_and_text(idh, tmp_path):
    """ID-C5 via `kansei validate`: deck files in TOML and in '3 Card Name' lines; starters by name."""
    good = tmp_path / "silvia.toml"
    lines = [
        'game = "initiald"',
        'name = "Silvia test"',
        'car = "Silvia S13"',
        'mods = ["Street Radials"]',
        'races = ["Usui Pass", "Akagi Uphill", "Shomaru Pass"]',
        "[cards]",
    ]
    lines += [f'"{n}" = {k}' for n, k in idh.PLAIN.items()]
    good.write_text("\n".join(lines) + "\n")
    assert idh.game.validate_content(good) == []
    txt = tmp_path / "silvia.txt"
    txt.write_text(
        "Car: Silvia S13\nMod: Street Radials\n# races\n1 Usui Pass\n1 Akagi Uphill\n1 Shomaru Pass\n"
        + "".join(f"{k} {n}\n" for n, k in idh.PLAIN.items())
    )
    assert idh.game.validate_content(txt) == []
    decks = [idh.game.load_deck(good), idh.game.load_deck(txt)]
    assert decks[0]["name"] == "Silvia test" and decks[0]["cards"]["Silvia S13"] == 1
    s = idh.game.start(decks=decks, setup={"challenger": 0})
    assert s.race.sides[0].cost == s.race.sides[1].cost == 4
    bad = tmp_path / "bad.txt"
    bad.write_text("1 Silvia S13\n4 Pure Power\n1 Usui Pass\n")
    assert idh.game.validate_content(bad) == [
        f"{bad}: a player brings exactly 3 race cards (ID-C3), has 1",
        f"{bad}: a deck needs at least 50 maneuvers (ID-C5), has 4",
        f'{bad}: card "Pure Power": at most 3 copies (ID-C5), has 4',
    ]
    with pytest.raises(ContentError, match="is no starter deck"):  # start opens no file: a path is a name
        idh.game.start(decks=[str(good), idh.AKINA])
    with pytest.raises(ContentError) as e:
        idh.game.start(decks=["Nonexistent Starter", idh.AKINA])
    assert (
        str(e.value)
        == "deck of seat 0: 'Nonexistent Starter' is no starter deck (Akina Hachi-Roku, Red Suns FD)"
    )


def test_content_folder_validation_names_file_card_and_field(idh, tmp_path):
    """A broken content folder is reported one line per problem, naming file, card and field."""
    assert idh.game.validate_content(CONTENT) == []
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    man = folder / "maneuvers.toml"
    text = man.read_text()
    text = text.replace('requirement_value = 8\nrequirement_type = "traction"', "requirement_value = 8", 1)
    text = text.replace('only_used_by = ["Takumi Fujiwara"]', 'only_used_by = ["Takumi Fujiwarra"]', 1)
    man.write_text(text)
    cars = folder / "cars.toml"
    cars.write_text(cars.read_text().replace('drivetrain = "4WD"', 'drivetrain = "AWD"', 1))
    probs = idh.game.validate_content(folder)
    assert any("cars.toml" in p and '"Skyline GT-R R32"' in p and "drivetrain" in p for p in probs)
    assert any("maneuvers.toml" in p and '"Tight Twin Drift"' in p and "requirement_type" in p for p in probs)
    assert any('"Gutter Run"' in p and "Takumi Fujiwarra" in p for p in probs)
    # the starter deck that held the broken card is now short of maneuvers (the card did not load)
    assert any("decks.toml" in p and "Akina Hachi-Roku" in p for p in probs)
    with pytest.raises(ContentError):
        load_catalog(folder)


def test_decklist_counts_match_the_census(idh):
    s = idh.start()
    for p in (0, 1):
        names = Counter(idh.game.table.cards[c].name for c in s.census()[p].elements())
        side = s.race.sides[p]
        assert sum(names.values()) == 50 + 1 + len(side.mods) + 3
