"""What a player reads, in English and French (issue 11): every event narrated for every reader, the board
at 80 columns, menu lines, wording and plurals, card and corner names per language, ``content=`` folders
and hostile content files."""

from __future__ import annotations

import io
import os
import random
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from minid_helpers import GAME, STOP, STOP2, act, race
from rich.cells import cell_len
from rich.console import Console

import kansei
from kansei import ContentError, OptionError
from kansei.builtin.minid.cards import CONTENT
from kansei.builtin.minid.lang import CATALOGS, WORDS
from kansei.builtin.minid.refusals import refusal
from kansei.builtin.minid.state import MiniDState
from kansei.core.names import Names
from kansei.testing import all_events, last_event, play_random

EVENT_TYPES = {
    "race", "sprint", "sprint_again", "start", "round", "bunta_move", "crossing", "bunta_gone", "turn",
    "skip", "move", "place", "drift", "battle", "duel", "finish", "out", "race_over", "bolt", "drew",
    "drew_card", "no_draw", "play", "discard", "reroll", "trigger", "reshuffle", "hand_discarded", "dealt",
    "dealt_waiting",
}  # fmt: skip
RARE = {"reshuffle", "sprint_again", "reroll", "discard", "out", "dealt", "dealt_waiting"}  # some seeds only


def board(state: MiniDState, seat: int | None, lang: str = "en", width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(state.game.render(state, seat, lang))
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def test_every_event_type_is_narrated_for_every_reader_in_every_language_and_the_board_fits_80_columns():
    """Random races in every test configuration log every event type; each is narrated in one non-empty line
    for each seat that sees it and the spectator, in English, French and Japanese, unless the game lists it
    as silent (``turn``: a narration break); the board renders at 80 columns (terminal cells: a Japanese
    character takes two) for each seat."""
    seen: set[str] = set()
    for cfg in GAME.test_configs():
        game = kansei.load("minid", **cfg["options"])
        n = cfg["players"]
        for seed in range(12):

            def look(state: kansei.State, step: int, seed: int = seed, n: int = n) -> None:
                if seed == 0 and step % 9 == 4:
                    assert isinstance(state, MiniDState)
                    for seat in [*range(n), None]:
                        for lang in GAME.languages:
                            assert max(cell_len(x) for x in board(state, seat, lang).splitlines()) <= 80

            state, _ = play_random(game, seed, n, on_step=look)
            assert isinstance(state, MiniDState)
            for seat in [*range(n), None]:
                for e in state.events_for(seat):
                    seen.add(e["type"])
                    for lang in GAME.languages:
                        line = game.narrate(e, seat, lang)
                        if e["type"] not in game.silent_events:
                            assert isinstance(line, str) and line and "\n" not in line, e
                            assert "{" not in line and "}" not in line, line
            for seat in [*range(n), None] if seed < 2 else ():
                for lang in GAME.languages:
                    text = board(state, seat, lang)
                    assert max(cell_len(x) for x in text.splitlines()) <= 80
    assert seen >= EVENT_TYPES - RARE and seen <= EVENT_TYPES


def test_reshuffle_and_rare_events_narrate():
    everything = [c.name["fr"] for c in GAME.table.cards for _ in range(c.count)]
    everything.remove("Nitro")
    s = race(positions=[2, 0], dice=[3], discard=everything, hands=[[], STOP])
    act(s, "draw")
    e = last_event(s, "reshuffle")
    assert GAME.narrate(e, 0) == "The Event discard pile is shuffled into a new deck (32 cards)"
    assert GAME.narrate(e, 0, "fr") == "La défausse Événement est mélangée en une nouvelle pioche (32 cartes)"


def test_wording_plurals_and_you():
    """Issue 11: '1 case' not '1 cases', 'You draw' not 'You draws', no notation in narration."""
    g = GAME
    assert g.narrate({"type": "bunta_move", "die": 1, "src": 20, "dst": 19, "card": None}) == (
        "Bunta drives 1 case (d6 1): 20 → 19"
    )
    assert g.narrate(
        {"type": "bunta_move", "die": 4, "src": 20, "dst": 16, "card": "livraison-de-tofu"}, 0
    ) == ("Bunta drives 4 cases (Tofu Delivery): 20 → 16")
    move = {"type": "move", "seat": 1, "src": 3, "dst": 4, "die": None, "steps": 1, "why": "overtake",
            "card": None, "stop": None}  # fmt: skip
    assert g.narrate(move, 1) == "You move 1 case (overtake): 3 → 4"
    assert g.narrate(move, 0) == "Player 2 moves 1 case (overtake): 3 → 4"
    assert g.narrate(move, 0, "fr") == "Joueur 2 avance de 1 case (dépassement) : 3 → 4"
    assert g.narrate(move, 0, names=["Ann", "Bo"]) == "Bo moves 1 case (overtake): 3 → 4"
    bolt = {"type": "bolt", "seat": 0, "card": "coup-de-turbo"}
    turbo = "Move forward 3 cases now (corners, battles and Bunta apply as on any move)."
    assert g.narrate(bolt, 0) == f"You draw ⚡ Turbo Kick: {turbo}"
    assert g.narrate(bolt, 1).startswith("Player 1 draws ⚡ Turbo Kick: ")
    play = {"type": "play", "seat": 0, "card": "pied-au-plancher"}
    assert (
        g.narrate(play, 0) == "You play Flat Out"
        and g.narrate(play, 1, "fr") == "Joueur 1 joue Pied au plancher"
    )
    battle = {"type": "battle", "attacker": 1, "defender": 0, "case": 12}
    assert g.narrate(battle, 0) == "Player 2 attacks you at case 12: BATTLE"
    assert g.narrate(battle, 0, "fr") == "Joueur 2 vous attaque en case 12 : DUEL"
    sprint = {"type": "sprint", "seat": 0, "power": 9, "dice": [6, 4], "landing": 12, "crossed": False}
    assert g.narrate(sprint, 0) == "You sprint at power 9, 2d6 6+4: you land at 12 — right on the line!"
    over = {"type": "race_over", "placings": [1, 0], "finished": [1], "out": []}
    assert g.narrate(over, 0) == "Race over: 1st Player 2, 2nd you"
    assert g.narrate(over, 0, "fr") == "Course terminée : 1er Joueur 2, 2e vous"
    assert g.narrate(over, 0, names=Names(["Ann", "Bo"], second_person=False)) == "Race over: 1st Bo, 2nd Ann"
    trig = {"type": "trigger", "seat": 0, "cards": ["pneus-neufs", "flaque-d-huile"], "amount": -1}
    assert g.narrate(trig, 1) == "Fresh Tyres, Oil Puddle act for Player 1 (-1)"


def test_languages_card_and_corner_names():
    """Issue 11: Mini D has English (default) and French (its source's language); a language it lacks is
    refused in one line; names follow the language, notations do not."""
    assert GAME.languages == ("en", "fr", "ja")
    with pytest.raises(OptionError) as e:
        GAME.check_lang("de")
    assert str(e.value) == "minid has no language 'de' (it has: en, fr, ja)"
    s = race(positions=[19, 0], dice=[1, 12], hands=[["Pied au plancher"], STOP])
    assert [a.notation for a in s.legal_actions()] == ["play pied-au-plancher", "roll"]
    assert GAME.parse(s, "play flat-out").notation == "play pied-au-plancher"  # the English id is understood
    menu_en = [GAME.describe_action(s, a) for a in s.legal_actions()]
    menu_fr = [GAME.describe_action(s, a, "fr") for a in s.legal_actions()]
    flat = "play Flat Out — Play at the start of your turn, before your move roll: +2 to this move."
    assert menu_en == [flat, "roll your move"]
    assert menu_fr[0].startswith("jouer Pied au plancher — À jouer au début de votre tour")
    act(s, "roll")
    drift = last_event(s, "drift")
    assert GAME.narrate(drift, 1).startswith("Player 1, Hairpin 1: DRIFT 12 vs 10")
    assert GAME.narrate(drift, 1, "fr").startswith("Joueur 1, Épingle 1 : DRIFT 12 contre 10")
    en, fr = board(s, 0), board(s, 0, "fr")
    assert "Hairpin 1" in en and "Épingle" not in en and "Flat Out" in en and "Pied au plancher" not in en
    assert "Épingle 1" in fr and "Pied au plancher" in fr and "Virages" in fr


def test_menu_lines_carry_the_numbers():
    """Menus: the odds of a sprint and of each cornering line, the DRIFT kept and its verdict."""
    s = kansei.load("minid").start(seed=0, players=2)
    assert GAME.describe_action(s, s.legal_actions()[9]) == "power 10: lands 5 to 15, 83% ≤ 12"
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2], hands=[[], STOP])
    d = {a.notation: s.game.describe_action(s, a) for a in s.legal_actions()}
    gambler = (
        "Midnight Gambler (late braking): DRIFT -3, +2 move in this corner once mastered — 50% to master d8"
    )
    assert d["line gambler"] == gambler
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Frein à main"], STOP])
    assert GAME.describe_action(s, s.legal_actions()[-1]) == "keep the DRIFT roll: 5 vs 8 — failed"
    assert (
        GAME.describe_action(s, s.legal_actions()[-1], "fr") == "garder le jet de DRIFT : 5 contre 8 — raté"
    )


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=300), seat=st.integers(0, 1))
def test_refusals_never_raise_on_any_text(text, seat):
    s = race(positions=[2, 0], dice=[3], hands=[["Frein à main"], STOP])
    why = refusal(s, text, seat)
    assert why is None or ("\n" not in why and len(why) < 600)


# -- content= and hostile content files ----------------------------------------------------------------------


def test_content_folder_replaces_the_shipped_cards_and_tracks(tmp_path):
    """``content=``: a copied folder whose card has a new English name is used, cached per folder and digest;
    a change of its files is a new table; the shipped content is untouched."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    events = folder / "events.toml"
    events.write_text(events.read_text(encoding="utf-8").replace('en = "Flat Out"', 'en = "Pedal Down"'))
    g = kansei.load("minid", content=folder)
    assert next(c for c in g.cards() if c["slug"] == "pied-au-plancher")["name"] == "Pedal Down"
    assert kansei.load("minid", content=folder).table is g.table  # cached
    assert next(c for c in GAME.cards() if c["slug"] == "pied-au-plancher")["name"] == "Flat Out"
    events.write_text(events.read_text(encoding="utf-8").replace('"Pedal Down"', '"Foot Down"'))
    os.utime(events, ns=(1, 1))
    g2 = kansei.load("minid", content=folder)
    assert g2.table is not g.table
    assert next(c for c in g2.cards() if c["slug"] == "pied-au-plancher")["name"] == "Foot Down"
    play_random(g2, 1, 3)


def test_a_broken_content_folder_is_refused_with_one_line_per_problem(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    (folder / "events.toml").write_text(
        '[[card]]\nname = "X"\ntext = "x"\nbolt = true\neffect = { block = "nope" }\n'
    )
    with pytest.raises(ContentError) as e:
        kansei.load("minid", content=folder)
    assert len(e.value.problems) == 1 and 'unknown block "nope"' in e.value.problems[0]
    with pytest.raises(ContentError):
        kansei.load("minid", content=tmp_path / "missing")


@pytest.mark.parametrize("kind", ["directory", "fifo", "deep", "huge"])
def test_hostile_track_files_are_one_line(tmp_path, kind):
    """Issue 15: a folder, a FIFO, a file nested 100,000 deep or larger than 1 MB as ``track=`` or to
    ``validate``: one ContentError line, no hang, no traceback."""
    path = tmp_path / "track.toml"
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    elif kind == "deep":
        path.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    else:
        path.write_text("x = 1\n" * 300_000)
    with pytest.raises(ContentError) as e:
        kansei.load("minid", track=str(path))
    assert len(e.value.problems) == 1 and "\n" not in e.value.problems[0]
    problems = GAME.validate_content(path)  # a folder is validated as a content folder: two files missing
    assert len(problems) == (2 if kind == "directory" else 1) and all("\n" not in p for p in problems)


def test_random_races_in_french_read_like_french():
    """Spot check: a French narration has no English words from the catalog of common lines."""
    state, _ = play_random(GAME, 5, 3)
    lines = [GAME.narrate(e, 0, "fr") for e in all_events(state) if e["type"] != "drew_card"]
    text = " ".join(x for x in lines if x)
    for english in (" rolls ", " case(s)", " attacks ", "Round ", " seat ", "You "):
        assert english not in text
    assert random.Random(0)  # keep the import honest for hypothesis-free runs


def test_the_rules_reference_path_is_in_the_package():
    assert Path(GAME.rules_file() or "").name == "RULES.md"


# -- names, prompts and reasons (issue 19: the contract's text hooks) ---------------------------------------

SEAT_WORDS = re.compile(r"\b(seat|Seat|pilote|Pilote|Joueur|Player) ?[0-9]")
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|MD-[A-Z]|\{|\}|-0\.3")  # snake_case names, rule ids, formats
ENGLISH_IN_FRENCH = (" the ", "You ", " you ", " your ", " draws", " rolls", " attacks", "Round ", " keeps ",
                     " and ", "Player", " moves ")  # fmt: skip
NAMES = ["Ann", "Bo [b]x", "Cy", "Di", "Ed", "Flo"]
# English words of the catalog a Japanese line must not hold (DRIFT, Eurobeat, the lines' names and dice such
# as 2d6 stay as the source has them)
ENGLISH_IN_JAPANESE = re.compile(
    r"(?<![A-Za-z])(the|[Yy]ou|[Yy]our|draws?|rolls?|attacks?|[Rr]ound|keeps?|moves?|and|Player|cases?|"
    r"cards?|corner|battle|skip|turn|play|discard|pass)(?![A-Za-z])"
)


def texts_for(state: kansei.State, seat: int | None, lang: str, names: Names) -> list[str]:
    game = state.game
    out = [game.narrate(e, seat, lang, names) or "" for e in state.events_for(seat)]
    out = [x for x, e in zip(out, state.events_for(seat), strict=True) if e["type"] not in game.silent_events]
    if state.to_move is not None and state.to_move == seat:
        out.append(game.prompt(state, lang, names))
        out += [game.describe_action(state, a, lang, names) for a in state.legal_actions()]
    if seat is not None:
        out += list(game.unusable(state, seat, lang, names).values())
    return out


@pytest.mark.parametrize(("options", "players"), [(c["options"], c["players"]) for c in GAME.test_configs()])
def test_every_text_names_the_players_and_says_no_seat_number_rule_id_or_internal_name(options, players):
    """Narration, prompts, menus and reasons name the players (``names(seat)``, "Player 2" counted from 1
    where none was given, "you" for the reader's own racer); none says "seat 0", a rule id, an internal
    name or an unfilled format; every line is one non-empty line in English, French and Japanese, and French
    and Japanese lines hold no English words."""
    game = kansei.load("minid", **options)
    for seed in range(3):
        given = Names(NAMES[:players]) if seed % 2 else Names()

        def check(state: kansei.State, step: int, given: Names = given) -> None:
            if step % 3:
                return
            for seat in [*range(players), None]:
                for lang in GAME.languages:
                    for line in texts_for(state, seat, lang, Names.of(given, lang)):
                        assert line and "\n" not in line, (seat, lang, line)
                        assert not SEAT_WORDS.search(line) or not given.given(0), line
                        assert not INTERNAL.search(line), line
                        if lang == "fr":
                            assert not any(w in line for w in ENGLISH_IN_FRENCH), line
                        if lang == "ja":
                            assert not ENGLISH_IN_JAPANESE.search(line), line
                            assert "プレイヤー" not in line or not given.given(0), line

        state, _ = play_random(game, seed, players, on_step=check)
        over = [
            game.narrate(e, None, "en", given) for e in state.events_for(None) if e["type"] == "race_over"
        ]
        placed = [given(q) for q in state.view(None)["placings"]]
        assert over and all(name in over[0] for name in placed)


def test_names_in_the_board_are_never_markup_and_cars_count_from_one():
    s = race(players=3, positions=[2, 12, 0], hands=[["Nitro"], [], []])
    out = board_with(s, 0, ["[bold]Ann[/]", "Bo", None])
    assert "1 [bold]Ann[/] (you)" in out and "2 Bo" in out and "Player 3" in out and "3 Player 3" not in out
    assert "Joueur 3" in board_with(s, 0, ["Ann", "Bo", None], "fr")
    third = board_with(s, 0, Names(["Ann", "Bo"], second_person=False))
    assert "(you)" not in third and "Ann to decide" in third


def board_with(state: MiniDState, seat: int | None, names: object, lang: str = "en") -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(state.game.render(state, seat, lang, names))  # type: ignore[arg-type]
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def test_both_languages_have_every_line():
    assert set(CATALOGS) == set(GAME.languages) == set(WORDS.languages)
    assert WORDS.problems() == []  # every key, form and placeholder of English in French and Japanese


def test_prompts_state_the_decision_really_faced():
    """``prompt``: the sprint, the start of a turn, a turn to skip, a cornering line, a DRIFT roll, a battle
    (attacking or defending), a crossing, a draw and a discard, each said as what the racer does now."""
    names = ["Ann", "Bo"]
    s = GAME.start(seed=0, players=2)
    assert GAME.prompt(s, "en", names).startswith("Choose your sprint power, 1 to 12")
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Nitro", "Frein à main"], STOP])
    assert GAME.prompt(s, "en", names) == "Your turn: play a card before your move roll, or roll"
    assert GAME.prompt(s, "en", Names(names, second_person=False)).startswith("Ann: Your turn")
    act(s, "roll")
    assert GAME.prompt(s, "en", names) == (
        "Your DRIFT roll in First corner: 5 (die 5) against 8, failed: play a card, or accept it"
    )
    assert GAME.prompt(s, "fr", names) == (
        "Votre jet de DRIFT dans Premier virage : 5 (dé 5) contre 8, raté : jouez une carte, ou gardez-le"
    )
    s = race(positions=[12, 15], dice=[3], hands=[STOP, ["Appel de phares"]])
    act(s, "roll")
    # Ann, attacking with no battle card, was passed for (settle); Bo defends
    assert GAME.prompt(s, "en", names) == "Ann attacks you at case 15: play a card before the dice, or fight"
    s = race(positions=[2, 0], dice=[3], hands=[[], STOP])
    assert GAME.prompt(s, "fr") == "Case Événement : tirez une carte Événement, ou passez"
    s = race(
        positions=[2, 0],
        dice=[3],
        hands=[["Nitro", "Frein à main", "Nitro"], STOP2],
        deck=["Appel de phares"],
    )
    act(s, "roll", "draw")
    assert GAME.prompt(s) == "You hold 4 cards: discard one (keep at most 3 at the end of your turn)"
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2], hands=[[], STOP])
    assert s.game.prompt(s) == "Choose your cornering line for First corner (difficulty 8)"
    s = race(bunta=30, positions=[27, 0], met=[False, True], dice=[5, 9], hands=[["Ange gardien"], STOP])
    assert GAME.prompt(s) == (
        "You cross Bunta: d20 9 (die 9), emergency braking — next turn skipped: play a card, or accept "
        "the roll"
    )
    s = race(positions=[7, 0], skips=[1, 0], hands=[["Réflexes de livreur"], STOP])
    assert GAME.prompt(s) == "You must skip this turn: play a card to cancel the skip, or pass"
    over, _ = play_random(GAME, 1, 2)
    assert GAME.prompt(over) == ""


def test_unusable_says_why_each_card_and_pile_cannot_be_used_now():
    """``unusable``: a card is played at its own moment; the deck is drawn from at the end of a turn on an
    Event case; cards are discarded above the hand limit only. The racer not to move is told the same."""
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Nitro", "Frein à main"], STOP])
    hand = [c["card"] for c in s.view(0)["racers"][0]["hand"]]
    brake = f"hand:{hand.index('frein-a-main')}"
    assert GAME.unusable(s, 0) == {
        brake: "Played after your DRIFT roll, not now",
        "zone:-:deck": "You draw only when your turn ends on an Event case",
        "zone:-:discard": "You discard only above the hand limit of 3, at the end of your turn",
    }
    assert GAME.unusable(s, 0, "fr")[brake] == "Se joue après votre jet de DRIFT, pas maintenant"
    assert GAME.unusable(s, 1)["hand:0"] == "Played at the start of your turn, not now"
    act(s, "roll")
    assert brake not in GAME.unusable(s, 0)


@pytest.mark.parametrize("players", [2, 4])
def test_unusable_names_only_refs_of_the_seats_view_that_no_legal_action_uses(players):
    for seed in range(6):

        def check(state: kansei.State, step: int) -> None:
            mover = state.to_move
            used = {r for a in state.legal_actions() for r in GAME.move_refs(state, a)}
            for seat in range(players):
                view = state.view(seat)
                shown = {c["ref"] for c in view["racers"][seat].get("hand") or ()}
                shown |= {view["deck"]["ref"], view["discard"]["ref"]}
                why = GAME.unusable(state, seat)
                assert set(why) <= shown
                if seat == mover:
                    assert set(why) == shown - used, (step, why, used)
                else:
                    assert set(why) == shown

        play_random(
            GAME,
            seed,
            players,
            on_step=check,
            setup={"hands": [["Nitro"], ["Frein à main"]] + [[]] * (players - 2)},
        )
