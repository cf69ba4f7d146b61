"""The Initial D CCG in English, French and Japanese (docs/ARCHITECTURE.md, "Words in several languages"):
one catalog a language (lang.py), complete against the English; every text a client shows — narration,
menu lines, prompts, reasons, refusals, the board, card faces — in each language, with pinned sentences;
boards within 80 terminal cells (a Japanese character takes two); card names in the content in each
language, one card to a name."""

from __future__ import annotations

import re
import shutil

import pytest
from initiald_helpers import reshuffled, states
from rich.cells import cell_len
from rich.console import Console

import kansei
from kansei.builtin.initiald.cards import CONTENT, Maneuver, catalog
from kansei.builtin.initiald.lang import EN, WORDS
from kansei.builtin.initiald.refusals import public_refusal, why_illegal
from kansei.core.names import Names
from kansei.testing import play_random

GAME = kansei.load("initiald")
LANGS = ("en", "fr", "ja")
OTHER = ("fr", "ja")
CONFIGS = [{}, {"discards": "shared"}, {"discard_order": "any", "cost_tie": "seat1"}]
NAMES = Names(["Alice", "Bob"])
RULE_ID = re.compile(r"\bID-[A-Z]\d")
ALL_TYPES = {
    "race", "stage", "draw", "drew", "reshuffle", "play", "discard", "in_play", "cleared", "pass",
    "stage_won", "discard_hand", "keep", "race_over",
}  # fmt: skip


def board(game: kansei.Game, s: kansei.State, seat: int | None, lang: str, names: object = None) -> list[str]:
    con = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    con.print(game.render(s, seat, lang, names=names))
    return con.export_text().splitlines()


# ------------------------------------------------------------------------------------------ the catalog
def test_the_catalog_is_complete_in_every_language_the_game_declares():
    assert GAME.languages == ("en", "fr", "ja")  # English first: the default
    assert GAME.words is WORDS
    assert set(WORDS.languages) == set(GAME.languages)
    assert WORDS.problems() == []


def test_french_and_japanese_say_their_own_words_not_the_english():
    """A catalog copied from English would pass problems(): most entries differ from the English one."""
    for lang in OTHER:
        same = [k for k, v in WORDS.catalogs[lang].items() if v == EN[k]]
        # the same in every language: layouts of fields and symbols, and a few proper or borrowed words
        assert len(same) < len(EN) // 5, (lang, same)


# ------------------------------------------------------------------------------------------ narration
@pytest.mark.parametrize("options", CONFIGS)
def test_every_event_type_narrates_for_every_seat_in_every_language(options):
    game = kansei.load("initiald", **options)
    races = [play_random(game, seed)[0] for seed in range(25)] + ([reshuffled()] if not options else [])
    types: set[str] = set()
    for s in races:
        for seat in (0, 1, None):
            for e in s.events_for(seat):
                types.add(e["type"])
                for lang in LANGS:
                    for names in (None, NAMES, Names(["Alice", "Bob"], second_person=False)):
                        line = game.narrate(e, seat, lang, names=names)
                        assert line and "{" not in line and not RULE_ID.search(line), (lang, seat, e, line)
    assert types >= ALL_TYPES - {"reshuffle"} and (options or "reshuffle" in types)


def test_a_whole_race_is_told_in_french_and_japanese_not_in_english():
    """No line of a played race's log (every seat, the spectator) is its English line, except lines that
    are only names and numbers; and the Japanese uses its own script."""
    for seed in (2, 5, 9):
        s, _ = play_random(GAME, seed)
        for seat in (0, 1, None):
            for e in s.events_for(seat):
                english = GAME.narrate(e, seat, "en", names=NAMES)
                for lang in OTHER:
                    line = GAME.narrate(e, seat, lang, names=NAMES)
                    assert line != english, (lang, e, line)
                assert re.search(
                    r"[\u3040-\u30ff\u4e00-\u9fff]", GAME.narrate(e, seat, "ja", names=NAMES) or ""
                )


def test_pinned_french_and_japanese_narration(idh):
    g = idh.game
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        track="Akina Downhill",
        hands=[["Smooth Line", "Tight Twin Drift", "Heel-and-Toe"], ["Pure Power", "Counter-Steer"]],
    )
    s.apply("play smooth-line")
    play = [e for e in s.events_for(1) if e["type"] == "play"][0]
    kept = [e for e in s.events_for(0) if e["type"] == "in_play"][0]
    race = [e for e in s.events_for(None) if e["type"] == "race"][0]
    assert g.narrate(play, 1, "fr", names=NAMES) == "Alice joue Trajectoire fluide (pilotage 4)"
    assert g.narrate(play, 0, "fr", names=NAMES) == "Vous jouez Trajectoire fluide (pilotage 4)"
    assert g.narrate(kept, 0, "fr", names=NAMES) == "Votre Trajectoire fluide reste en jeu"
    assert g.narrate(kept, 1, "fr", names=NAMES) == "Trajectoire fluide (Alice) reste en jeu"
    assert g.narrate(play, 1, "ja", names=NAMES) == "Aliceは《スムーズなライン》を出す（コーナリング4）"
    assert g.narrate(play, 0, "ja", names=NAMES) == "あなたは《スムーズなライン》を出す（コーナリング4）"
    assert g.narrate(kept, 0, "ja", names=NAMES) == "あなたの《スムーズなライン》は場に残る"
    # people count from 1 in the table's language when no name is given (core.names)
    assert g.narrate({"type": "pass", "seat": 0}, 1, "fr") == "Joueur 1 passe"
    assert g.narrate({"type": "pass", "seat": 0}, 1, "ja") == "プレイヤー1はパス"
    # the challenge (ID-S1): "you" is the object as well as the subject
    challenger = race["challenger"]
    told = g.narrate(race, 1 - challenger, "fr", names=NAMES)
    assert told.startswith(f"{NAMES(challenger)} vous défie (") and "Descente d'Akina" in told
    assert "秋名ダウンヒル" in g.narrate(race, None, "ja", names=NAMES)
    assert g.describe_action(s, s.legal_actions()[-1], "fr", names=NAMES) == "passer : Alice gagne l'étape"
    assert g.describe_action(s, s.legal_actions()[-1], "ja", names=NAMES) == "パス：Aliceがこのステージに勝つ"


# ------------------------------------------------------------------------------------------ the decision
def test_pinned_prompts_in_french_and_japanese(idh):
    """ID-P2 lead a stage / answer a maneuver; ID-P4 pay its discards; ID-P6 the winner keeps or discards."""
    g = idh.game
    s = idh.start(
        [idh.custom("Silvia S13"), idh.RED_SUNS],
        track="Happogahara Run",
        hands=[
            ["Tight Twin Drift", "Heel-and-Toe", "Grip Line", "Apex Kiss"],
            ["Pure Power", "Late Braking"],
        ],
        challenger=1,
    )
    assert g.prompt(s, "fr", names=NAMES) == (
        "Menez l'étape 1 (ligne droite) : jouez une manœuvre, ou passez : Bob pourra alors en jouer une pour "
        "la gagner"
    )
    assert g.prompt(s, "ja", names=NAMES) == (
        "ステージ1（ストレート）を先行：マニューバーを出すか、パス（Bobは1枚出せば勝てる）"
    )
    s.apply("play tight-twin-drift discard 2")
    assert g.prompt(s, "fr", names=NAMES) == (
        "Défaussez encore 2 cartes pour payer Double drift serré (de gauche à droite dans votre main)"
    )
    assert (
        g.prompt(s, "ja", names=NAMES)
        == "《タイトなツインドリフト》の支払いにあと2枚捨てる（手札の左から右へ）"
    )
    third = Names(["Alice", "Bob"], second_person=False)
    assert g.prompt(s, "fr", names=third).startswith("Alice : défaussez encore 2 cartes")
    assert g.prompt(s, "ja", names=third).startswith("Alice：《タイトなツインドリフト》の支払いに")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert g.prompt(s, "fr", names=NAMES).startswith("Alice a joué Double drift serré (pilotage 5 ici) : ")
    assert g.prompt(s, "ja", names=NAMES).startswith(
        "Aliceの《タイトなツインドリフト》（ここでコーナリング5）に"
    )
    s.apply("pass")
    assert g.prompt(s, "fr", names=NAMES).startswith("Vous avez gagné l'étape 1 : défaussez les cartes")
    assert g.prompt(s, "ja", names=NAMES).startswith("ステージ1に勝利：ステージ2（コーナー）に")
    over, _ = play_random(g, 3)
    assert g.prompt(over, "fr") == g.prompt(over, "ja") == ""


def test_pinned_reasons_a_card_cannot_be_used(idh):
    """ID-C4: position, Turbo; told in the reader's language."""
    g = idh.game
    ae86 = idh.custom("AE86 Sprinter Trueno", cards={**idh.PLAIN, "Slipstream": 1, "Turbo Boost": 1})
    s = idh.start([ae86, idh.RED_SUNS], track="Happogahara Run", hands=[["Slipstream", "Turbo Boost"], []])
    fr, ja = g.unusable(s, 0, "fr"), g.unusable(s, 0, "ja")
    assert set(fr) == set(ja) == set(g.unusable(s, 0)) == {"hand:slipstream", "hand:turbo-boost"}
    assert (
        fr["hand:slipstream"]
        == "Aspiration se joue seulement en voiture qui suit, et vous êtes la voiture de tête"
    )
    assert fr["hand:turbo-boost"] == "Coup de turbo demande un mod Turbo, et cette voiture n'en a pas"
    assert ja["hand:slipstream"] == "《スリップストリーム》は後追い車専用で、あなたは先行車"
    assert ja["hand:turbo-boost"] == "《ターボブースト》にはターボのModが必要だが、この車にはない"


@pytest.mark.parametrize("options", CONFIGS)
def test_every_text_of_a_decision_is_told_in_every_language(options):
    """Prompt, reasons, menu lines and board for every seat, in each language: non-empty, one line each, no
    field left unfilled, no rule id; French and Japanese prompts and menus are not the English ones; the
    reasons are the same cards in every language (from the mover's view only)."""
    game = kansei.load("initiald", **options)
    for s in states(options, range(4), every=4):
        for lang in LANGS:
            for seat in (0, 1, None):
                assert board(game, s, seat, lang, NAMES)
        if s.is_over:
            continue
        mover = s.to_move
        english = [game.prompt(s, "en", names=NAMES)] + [
            game.describe_action(s, a, "en", names=NAMES) for a in s.legal_actions()
        ]
        for lang in OTHER:
            told = [game.prompt(s, lang, names=NAMES)] + [
                game.describe_action(s, a, lang, names=NAMES) for a in s.legal_actions()
            ]
            why = game.unusable(s, mover, lang, names=NAMES)
            assert set(why) == set(game.unusable(s, mover, "en", names=NAMES))
            for line in [*told, *why.values()]:
                assert line and "\n" not in line and "{" not in line and not RULE_ID.search(line), line
            assert all(a != b for a, b in zip(told, english, strict=True)), (lang, told)


def test_refusals_are_told_in_the_language_asked():
    """refusals.py's sentences are the catalog's: public ones and those told to the seat to move; English
    by default (the core's parse and _why_illegal carry no language)."""
    texts = ["fly", "play pure-powr", "play akina-downhill", "keep", "discard grip-line", "play slipstream"]
    for s in states({}, range(2), every=5):
        if s.is_over:
            continue
        for text in texts:
            english = public_refusal(s, text)
            assert english == public_refusal(s, text, "en")
            for lang in OTHER:
                assert public_refusal(s, text, lang) != english, (lang, text)
                mine = why_illegal(s, text, s.to_move, lang)
                assert mine is None or mine != why_illegal(s, text, s.to_move), (lang, text)
    s = GAME.start(seed=0)
    assert public_refusal(s, "fly", "fr").startswith("'fly' n'est pas une action d'Initial D (")
    assert public_refusal(s, "play akina-downhill", "ja") == (
        "'play akina-downhill'：《秋名ダウンヒル》はレースカードで、マニューバーではない"
    )


# ------------------------------------------------------------------------------------------ the board
@pytest.mark.parametrize("options", CONFIGS)
def test_every_board_fits_80_cells_and_24_lines_in_every_language(options):
    """The board of each seat fits 80 terminal cells (measured with rich: a Japanese character takes two)
    and, with the menu of the seat to move, 24 lines — with the default names, long ones and Japanese ones."""
    game = kansei.load("initiald", **options)
    tallest = 0
    names_sets = (
        None,
        ["Alexandrina Longname-Smythe", "Bartholomew Q. Extralong"],
        ["藤原拓海と仲間たち", "高橋涼介"],
    )
    for s in states(options, range(6), every=4):
        for lang in OTHER:
            for names in names_sets:
                for seat in (0, 1, None):
                    lines = board(game, s, seat, lang, names)
                    assert max(cell_len(line) for line in lines) <= 80
                    menu = len(s.legal_actions()) if seat == s.to_move else 0
                    tallest = max(tallest, len(lines) + menu)
    assert tallest <= 23


def test_the_japanese_board_names_the_game_track_and_terms_in_japanese():
    s = GAME.start(seed=3)
    text = "\n".join(board(GAME, s, 0, "ja"))
    assert text.startswith("頭文字D · ")
    assert "ステージ" in text and "手札" in text and "プレイヤー2" in text
    french = "\n".join(board(GAME, s, 0, "fr"))
    assert "Étapes " in french and "Joueur 2" in french and "Votre main" in french


# ------------------------------------------------------------------------------------------ card faces
def test_card_faces_in_every_language():
    """The same cards (by slug) in each language; every maneuver and mod has its own French and Japanese
    name; the races their own pass; a name in any language belongs to one card."""
    faces = {lang: GAME.cards(lang) for lang in LANGS}
    slugs = [c["slug"] for c in faces["en"]]
    for lang in OTHER:
        assert [c["slug"] for c in faces[lang]] == slugs
        assert all(c["name"] and c["text"] and c["kind"] for c in faces[lang])
        for c, e in zip(faces[lang], faces["en"], strict=True):
            assert c["stats"] and len(c["stats"]) == len(e["stats"]) and len(c["icons"]) == len(e["icons"])
            assert c["text"] != e["text"], (lang, c["name"])
            assert c["kind"] != e["kind"] or c["kind"] == "mod"
            if e["kind"] == "maneuver":
                assert c["name"] != e["name"], (lang, e["name"])  # maneuvers are named with words
    every = [c["name"].lower() for lang in LANGS for c in faces[lang]]
    owners: dict[str, str] = {}
    for lang in LANGS:
        for c in faces[lang]:
            assert owners.setdefault(c["name"].lower(), c["slug"]) == c["slug"], c["name"]
    assert len(set(every)) >= len(slugs)
    cat = catalog()
    assert all(m.ja and m.fr and m.text_ja and m.text_fr for m in cat.maneuvers)
    assert all(r.ja and r.pass_ja for r in cat.races)
    pure = {lang: next(c for c in faces[lang] if c["slug"] == "pure-power") for lang in LANGS}
    assert pure["fr"]["name"] == "Puissance pure" and pure["ja"]["name"] == "ピュアパワー"
    assert pure["fr"]["stats"]["Prérequis"] == "Puissance 7"
    assert pure["ja"]["stats"]["必要値"] == "パワー7"
    assert [i["title"] for i in pure["ja"]["icons"]][0] == "ストレートのステージで強さ8"
    gutter = next(c for c in faces["ja"] if c["slug"] == "gutter-run")
    assert gutter["name"] == "溝落とし" and "藤原拓海専用。" in gutter["text"]


def test_maneuver_texts_name_requirements_in_the_reader_s_language():
    """ID-C4 special requirements on a face: "only used by" names the mod in that language."""
    cat = catalog()
    blind = next(m for m in cat.maneuvers if m.name == "Blind Attack")
    assert isinstance(blind, Maneuver)
    face = {lang: next(c for c in GAME.cards(lang) if c["slug"] == "blind-attack")["text"] for lang in LANGS}
    assert face["fr"].startswith(
        "Voiture qui suit uniquement. Uniquement pour Takumi Fujiwara. +2 Style quand"
    )
    assert face["ja"].startswith("後追い車のみ。藤原拓海専用。出したときスタイル+2。")


def test_a_name_taken_by_two_cards_in_any_language_is_one_clear_line(idh, tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    man = folder / "maneuvers.toml"
    man.write_text(man.read_text().replace('fr = "Plein gaz"', 'fr = "Puissance pure"', 1))
    probs = idh.game.validate_content(folder)
    assert probs == [
        f"{folder}/*.toml: card name 'Puissance pure' (fr) is used by two cards: "
        "'Pure Power' and 'Full Throttle'"
    ]


def test_an_unknown_language_is_one_clear_line():
    with pytest.raises(kansei.KanseiError, match="initiald has no language 'de' \\(it has: en, fr, ja\\)"):
        GAME.cards("de")


def test_a_cost_of_one_discard_reads_in_the_singular():
    """ID-P3/ID-P4: a play the hand cannot pay says how many discards it needs, "1 discard" for one (the
    catalog's plural forms: it read "needs 1 discards"), in every language."""
    from kansei.builtin.initiald.text import cost_now

    seen: dict[int, str] = {}
    for s in states({}, range(40)):
        if s.is_over:
            continue
        for seat in (0, 1):
            for cid in s.race.hands[seat]:
                text = cost_now(s, seat, cid, detail=False)
                found = re.fullmatch(r"✗ needs (\d+) discards?", text)
                if found:
                    seen[int(found[1])] = text
                    for lang in OTHER:
                        assert cost_now(s, seat, cid, detail=False, lang=lang) != text
    assert seen[1] == "✗ needs 1 discard" and seen[2] == "✗ needs 2 discards"
