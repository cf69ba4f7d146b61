"""Tracks and cards as data (MD-B1, MD-O3, MD-E1): the shipped content, and `kansei validate` on bad files
(one line per problem)."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest
from minid_helpers import act, corner, race

import kansei
from kansei import ContentError, OptionError
from kansei.builtin.minid.cards import CONTENT, ascii_slug
from kansei.testing import first_event, last_event

GAME = kansei.load("minid")


def corners(track):
    names = track.section_names["fr"]
    return [(names[i], b, e, d) for i, (k, b, e, d) in enumerate(track.sections) if k == "corner"]


def test_md_b1_akina_downhill_is_data_60_cases_5_to_8_corners_6_to_16_with_event_cases():
    """MD-B1: an Akina-like downhill of ~60 cases with 5–8 corners of difficulty 6–16 and Event cases."""
    t = GAME.table.track("akina", False)
    assert t.length == 60
    cs = corners(t)
    assert 5 <= len(cs) <= 8 and all(6 <= d <= 16 for *_, d in cs)
    assert min(d for *_, d in cs) == 6 and max(d for *_, d in cs) == 16
    assert len(t.events) >= 5 and all(1 <= c <= 60 for c in t.events)
    # contiguous sections covering 1..60
    assert t.sections[0][1] == 1 and t.sections[-1][2] == 60
    assert all(a[2] + 1 == b[1] for a, b in zip(t.sections, t.sections[1:], strict=False))


def test_md_b1_a_second_pass_ships_too():
    """MD-B1: at least two tracks; Usui has its own corners (an S-bend of two corners back to back)."""
    assert {t.name for t in GAME.table.content.tracks} >= {"Akina", "Usui"}
    u = GAME.table.track("usui", False)
    cs = corners(u)
    assert ("S gauche", 37, 38, 11) in cs and ("S droite", 39, 40, 12) in cs


def test_md_o3_uphill_is_the_track_in_reverse():
    """MD-O3: the same Akina from the bottom: the finish straight first, then the Dernier virage (d6);
    Event case 58 becomes 3; the start is the old finish and Bunta waits on the summit line."""
    up = GAME.table.track("akina", True)
    down = GAME.table.track("akina", False)
    assert up.sections[0][:3] == ("straight", 1, 4)
    assert corners(up)[0] == ("Dernier virage", 5, 6, 6)
    assert corners(up)[-1] == ("Premier virage", 50, 52, 8)
    assert up.events == sorted(61 - c for c in down.events) and 3 in up.events
    s = race(options={"uphill": True}, positions=[0, 0], dice=[6, 12])
    d = first_event(s, "drift")
    assert (corner(d, s), d["difficulty"]) == ("Dernier virage", 6)
    assert last_event(s, "race")["direction"] == "uphill"
    assert kansei.load("minid", uphill=True).start(seed=1, players=2).race.bunta == 61


@pytest.mark.parametrize("track", ["akina", "usui"])
def test_md_o3_every_track_plays_both_ways(track):
    """MD-O3: every shipped track is usable uphill: random races end with every racer placed."""
    for uphill in (False, True):
        g = kansei.load("minid", track=track, uphill=uphill)
        for seed in range(20):
            s = g.start(seed=seed, players=4)
            rng = random.Random(seed)
            while not s.is_over:
                act(s, rng.choice(s.legal_actions()))
            assert sorted(s.view(None)["placings"]) == [0, 1, 2, 3]


def test_md_b1_shipped_content_validates():
    assert GAME.validate_content(CONTENT) == []
    assert GAME.validate_content(CONTENT / "tracks.toml") == []
    assert GAME.validate_content(CONTENT / "events.toml") == []


BAD_TRACK = """
[[track]]
name = "Broken"
length = 20
events = [3, 3, 25]
sections = [
  { kind = "straight", start = 1, end = 5 },
  { kind = "corner", start = 6, end = 7, difficulty = 0 },
  { kind = "straight", start = 9, end = 10, difficulty = 4 },
  { kind = "corner", start = 10, end = 12, difficulty = 21 },
  { kind = "corner", start = 13, end = 14 },
  { kind = "straight", start = 15, end = 17 },
]
"""


def test_md_b1_validate_reports_each_track_problem_on_one_line(tmp_path):
    """MD-B1: corners 1–20, contiguous sections, a reachable finish, Event cases on the road — one line each,
    naming the file, the track and the section."""
    p = tmp_path / "broken.toml"
    p.write_text(BAD_TRACK)
    problems = GAME.validate_content(p)
    text = "\n".join(problems)
    assert all("\n" not in x and str(p) in x and 'track "Broken"' in x for x in problems)
    assert re.search(r"section 2 \(corner\): difficulty must be 1–20 \(a d20 target\), is 0", text)
    assert re.search(r"section 3 \(straight\) starts at case 9, expected 8 .*gap", text)
    assert "section 3 (straight): a straight has no difficulty" in text
    assert re.search(r"section 4 \(corner\) starts at case 10, expected 11 .*overlap", text)
    assert "section 4 (corner): difficulty must be 1–20 (a d20 target), is 21" in text
    assert "section 5 (corner): a corner needs a difficulty (1–20)" in text
    assert "the finish is not reachable: sections stop at case 17, the track has 20 cases" in text
    assert "Event case 25 is off the road (cases 1–20)" in text
    assert "Event case 3 is listed twice" in text
    assert len(problems) == 9


def test_md_b1_a_malformed_track_file_as_the_track_option_is_refused(tmp_path):
    p = tmp_path / "broken.toml"
    p.write_text(BAD_TRACK)
    with pytest.raises(ContentError) as e:
        kansei.load("minid", track=str(p))
    assert len(e.value.problems) == 9


def test_md_b1_a_good_user_track_plays(tmp_path):
    p = tmp_path / "haruna.toml"
    p.write_text(
        '[[track]]\nname = "Haruna"\nlength = 12\nevents = [4]\nsections = [\n'
        '  { kind = "straight", start = 1, end = 5 },\n'
        '  { kind = "corner", start = 6, end = 7, difficulty = 9 },\n'
        '  { kind = "straight", start = 8, end = 12 },\n]\n'
    )
    assert GAME.validate_content(p) == []
    g = kansei.load("minid", track=str(p), uphill=True)
    assert g.track.sections[1][:4] == ("corner", 6, 7, 9)
    s = g.start(seed=3, players=3)
    assert s.view(None)["track"] == "Haruna"


def test_md_e1_validate_reports_card_problems(tmp_path):
    p = tmp_path / "cards.toml"
    p.write_text(
        '[[card]]\nname = "Faux ⚡"\ntext = "x"\nbolt = true\n'
        'effect = { block = "move_bonus", amount = 2 }\n\n'
        '[[card]]\nname = "Sans montant"\ntext = "x"\nbolt = false\neffect = { block = "battle_bonus" }\n\n'
        '[[card]]\nname = "Inconnu"\ntext = "x"\nbolt = false\neffect = { block = "teleport" }\n'
    )
    problems = GAME.validate_content(p)
    assert len(problems) == 3
    assert 'card "Faux ⚡": effect: block "move_bonus" is a kept block, not a bolt block' in problems[0]
    assert 'card "Sans montant": effect (battle_bonus): missing parameter "amount"' in problems[1]
    assert 'card "Inconnu": effect: unknown block "teleport" (known: ' in problems[2]


def test_validate_other_files(tmp_path):
    p = tmp_path / "x.toml"
    p.write_text('[[road]]\nname = "x"\n')
    assert GAME.validate_content(p) == [
        f"{p}: expected [[track]] entries (a track) or [[card]] entries (Event cards)"
    ]
    q = tmp_path / "y.toml"
    q.write_text("not = [toml")
    assert len(GAME.validate_content(q)) == 1
    folder = tmp_path / "content"
    folder.mkdir()
    (folder / "tracks.toml").write_text(BAD_TRACK)
    probs = GAME.validate_content(folder)
    assert len(probs) == 10 and probs[-1] == f"{folder}/events.toml: no such file"


def test_unknown_track_and_options_are_one_clear_line():
    with pytest.raises(OptionError) as e:
        kansei.load("minid", track="irohazaka")
    assert str(e.value) == (
        "minid: unknown track 'irohazaka' (valid: akina, usui, or the path of a track .toml file)"
    )
    with pytest.raises(OptionError) as e:
        kansei.load("minid", nitrous=True)
    assert "unknown option 'nitrous'" in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(OptionError):
        kansei.load("minid", uphill="sometimes")


def test_tracks_file_is_where_the_rules_say():
    assert (Path(CONTENT) / "tracks.toml").exists() and (Path(CONTENT) / "events.toml").exists()


# -- the track option: a name, data, or (locally) a file ----------------------------------------------------


@pytest.mark.parametrize("rec", GAME.table.content.tracks, ids=lambda r: r.name)
def test_md_b1_every_shipped_track_loads_by_its_id_and_its_name(rec):
    """``kansei.load("minid", track=…)`` takes each shipped track by id or name (any case), both ways."""
    for name in (ascii_slug(rec.name), rec.name, rec.name.upper()):
        for uphill in (False, True):
            g = kansei.load("minid", track=name, uphill=uphill)
            assert g.track.name == rec.name and g.track.uphill is uphill
    assert GAME.named_choices("track") == tuple(ascii_slug(t.name) for t in GAME.table.content.tracks)


def test_md_b1_a_track_given_as_data_is_validated_like_the_content_and_plays_the_same_race():
    """A track as data (one ``[[track]]`` table as a dict) is the same track as the content's: the same
    sections, the same race from the same seed; the view names it by id, the options keep the data (so a
    record of the race carries its track)."""
    data = tomllib.loads((CONTENT / "tracks.toml").read_text(encoding="utf-8"))["track"][1]
    by_data, by_name = kansei.load("minid", track=data), kansei.load("minid", track="usui")
    assert by_data.track.sections == by_name.track.sections and by_data.track.events == by_name.track.events
    a, b = by_data.start(seed=5, players=3), by_name.start(seed=5, players=3)
    assert a.view(1) == b.view(1) and a.view(1)["options"]["track"] == "usui"
    assert by_data.options_dict["track"] == data
    for s in (a, b):
        rng = random.Random(5)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
    assert a.view(None) == b.view(None)
    with pytest.raises(ContentError) as e:
        kansei.load("minid", track={**data, "sections": data["sections"][:-1], "events": [1, 1]})
    assert e.value.problems == [
        'minid: track "Usui": the finish is not reachable: sections stop at case 53, the track has 66 cases',
        'minid: track "Usui": Event case 1 is listed twice',
    ]
    with pytest.raises(ContentError) as e:
        kansei.load("minid", track={"name": "Myogi", "length": "long"})
    assert all(line.startswith('minid: track "Myogi": ') for line in e.value.problems)
    with pytest.raises(OptionError) as e:
        kansei.load("minid", track=["usui"])
    assert "a track's name, a track as data (an object) or the path of a track file" in str(e.value)


def test_md_b1_the_track_option_is_marked_as_a_local_path():
    """Only local users may name a track file: the option is declared a local path (a network client may
    only choose one of ``named_choices("track")``)."""
    assert GAME.Options.local_path_options() == ("track",)
