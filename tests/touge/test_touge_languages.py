"""Touge in English, French and Japanese: the catalogs are complete, every text hook speaks every language
the game declares (English first and unchanged), the board fits 80 columns in each (Japanese characters
are two cells wide: measured with rich), the cards carry their names and texts in each language, and a
French or Japanese game shows no English sentence."""

from __future__ import annotations

import io
import random
import re
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from touge_helpers import AKINA, REDSUNS, play, race, skip_redraw

import kansei
from kansei.builtin.touge.cards import CONTENT
from kansei.builtin.touge.game import Touge
from kansei.builtin.touge.lang import EN, FR, JA, WORDS
from kansei.builtin.touge.refusals import refusal
from kansei.core.errors import ContentError
from kansei.core.names import Names
from kansei.testing import play_random

LANGS = ("en", "fr", "ja")
MODES = ("time_attack", "sudden_death")
EVENT_TYPES = {
    "cars", "coins", "disaster", "drew", "drew_cards", "put_back", "redraw", "road", "pass", "course", "tune",
    "ability", "nullify", "run", "battle", "battle_start", "race_over",
}  # fmt: skip
# the catalog entries a language may share with English: signs, the game's name, the modes' names (kept in
# French as the lobby says them), layouts around a card's name
SAME_AS_ENGLISH = {
    "fr": {"col_tile", "comma", "disaster_line", "hand_road", "owned", "title", "mode_sudden_death",
           "mode_time_attack", "label_stars"},
    "ja": {"col_tile", "owned", "label_stars"},
}  # fmt: skip
ONLY_NAMES = re.compile(r"^[\W\d_]*$")  # a line of signs and numbers once the names are taken out


def board(game, state, seat, lang, names=None, width=80) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(game.render(state, seat, lang, names))
    return out.getvalue().splitlines()


def test_the_catalogs_are_complete_in_every_language_the_game_declares():
    assert WORDS.problems() == []
    assert set(WORDS.languages) == set(Touge.languages) == set(LANGS)
    assert Touge.languages[0] == "en" and Touge.words is WORDS
    for lang, catalog in (("fr", FR), ("ja", JA)):
        same = {k for k in EN if catalog[k] == EN[k]}
        assert same == SAME_AS_ENGLISH[lang], f"{lang}: untranslated (or newly equal) entries {same}"


@pytest.mark.parametrize("mode", MODES)
def test_every_event_narrates_for_every_seat_in_every_language_and_the_board_fits(mode):
    """Every event type, every seat and the spectator, every language: one non-empty line; the board in
    80 cells, with the default names and with long ones (a Japanese name is twice as wide)."""
    game = kansei.load("touge", mode=mode, nullify_pick="leader_choice")
    seen: dict[str, set[str]] = {lang: set() for lang in LANGS}
    long = Names(["Alexandria-Von-Longname", "山田太郎右衛門之助と申します"])
    for seed in range(6):
        state, _ = play_random(game, seed)
        for seat in (0, 1, None):
            for e in state.events_for(seat):
                for lang in LANGS:
                    line = game.narrate(e, seat, lang)
                    assert isinstance(line, str) and line and "\n" not in line, (lang, e, line)
                    seen[lang].add(e["type"])
            for lang in LANGS:
                for names in (None, long):
                    lines = board(game, state, seat, lang, names)
                    assert max(cell_len(x) for x in lines) <= 80, (lang, seat, lines)
    assert seen["en"] <= EVENT_TYPES and {"road", "tune", "battle", "race_over"} <= seen["en"]


@pytest.mark.parametrize("mode", MODES)
def test_menus_prompts_reasons_and_refusals_speak_every_language(mode):
    """Along random games, at every decision: the prompt, every menu line and group, why things cannot be
    used (both seats) and the refusals of a set of texts, in each language; French and Japanese are never
    the English words (a forgotten key reads English)."""
    game = kansei.load("touge", mode=mode, nullify_pick="leader_choice")
    texts = ["road", "road akina-final-hairpin", "road jump", "tune jump", "tune supercharger @99",
             "tune weight-reduction @1", "tune supercharger", "tune inertia-drift @1", "ability", "redraw",
             "redraw warp", "done", "pass", "nullify @1", "xyzzy"]  # fmt: skip
    for seed in range(3):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            said = {lang: game.prompt(s, lang) for lang in LANGS}
            assert all(said.values()) and said["fr"] != said["en"] and said["ja"] != said["en"]
            for a in s.legal_actions():
                lines = {lang: game.describe_action(s, a, lang) for lang in LANGS}
                assert lines["fr"] != lines["en"] and lines["ja"] != lines["en"], lines
                group = {lang: game.menu_group(s, a, lang) for lang in LANGS}
                assert (group["en"] is None) == (group["fr"] is None) == (group["ja"] is None)
                assert group["en"] is None or len(set(group.values())) == 3
            for seat in (0, 1):
                why = {lang: game.unusable(s, seat, lang) for lang in LANGS}
                assert set(why["fr"]) == set(why["en"]) == set(why["ja"])
                for ref in why["en"]:
                    assert why["fr"][ref] != why["en"][ref] and why["ja"][ref] != why["en"][ref], ref
            for t in texts:
                told = {lang: refusal(s, t, lang) for lang in LANGS}
                assert told["fr"] != told["en"] and told["ja"] != told["en"], told
            s.apply(rng.choice(s.legal_actions()))


def test_a_played_games_log_and_board_in_french_and_japanese_have_no_english():
    """Every line of a whole race's log differs from its English line, but lines of names and numbers; no
    English card name shows in French where the card has a French one; Japanese has no Latin word but the
    players' names and the cars' model codes (GT-R, FC3S)."""
    names = ["Alice", "Bob"]
    english = {f["name"] for f in kansei.load("touge").cards()} - {
        f["name"] for f in kansei.load("touge").cards("fr")
    }
    latin = re.compile(r"[A-Za-z]{3,}")
    for mode in MODES:
        game = kansei.load("touge", mode=mode)
        state, _ = play_random(game, 3)
        for seat in (0, None):
            told = {lang: list(board(game, state, seat, lang, names)) for lang in ("fr", "ja")}
            for e in state.events_for(seat):
                en = game.narrate(e, seat, "en", names)
                for lang in ("fr", "ja"):
                    line = game.narrate(e, seat, lang, names)
                    bare = ONLY_NAMES.match(re.sub(r"Alice|Bob|you", "", en or ""))
                    assert line != en or bare, (lang, en)
                    told[lang].append(line)
            fr, ja = "\n".join(told["fr"]), "\n".join(told["ja"])
            assert not [n for n in english if n in fr]
            assert latin.findall(re.sub(r"Alice|Bob", "", ja)) == []


def test_pinned_french_sentences():
    """Written out and read: the reader is "vous", the others by name ("Joueur 2" by default)."""
    game = kansei.load("touge")
    names = ["Alice", "Bob"]
    road = {"type": "road", "seat": 1, "card": "Akina Final Hairpin", "tile": 3}
    assert game.narrate(road, 1, "fr") == "Vous posez Dernière épingle d'Akina en tronçon 3"
    assert game.narrate(road, 0, "fr", names) == "Bob pose Dernière épingle d'Akina en tronçon 3"
    assert game.narrate({"type": "drew", "seat": 1, "count": 1}, 0, "fr") == "Joueur 2 pioche 1 carte"
    assert game.narrate({"type": "drew_cards", "seat": 0, "cards": ["Jump", "Rain"]}, 0, "fr") == (
        "Vos nouvelles cartes : Saut et Pluie"
    )
    assert game.narrate({"type": "redraw", "seat": 1, "count": 0}, 0, "fr", names) == "Bob garde sa main"
    ability = {"type": "ability", "seat": 0, "ability": "Gutter Drift", "car": "AE-86 Trueno"}
    assert game.narrate(ability, 0, "fr") == "Vous activez Drift au caniveau"
    battle = {"type": "battle", "battle": 1, "direction": "downhill", "leader": 0, "scores": [18, 16]}
    assert game.narrate({**battle, "winner": 0}, 0, "fr", names) == (
        "Duel 1, descente : vous 18 – Bob 16 ; vous gagnez"
    )
    over = {"type": "race_over", "winner": 1, "wins": [0, 1], "reason": "overtake"}  # TG-D3
    assert game.narrate(over, None, "fr", names) == "Course finie : Bob gagne la course en dépassant"
    run = {"type": "run", "direction": "uphill", "tiles": [{"totals": [4, 9]}], "leg": 1}  # TG-D4
    assert (
        game.narrate(run, 1, "fr", names)
        == "Passage en montée (le retour) : Alice 4 – vous 9 après 1 tronçon"
    )
    s = game.start(
        seed=1, decks=[AKINA, REDSUNS], setup={"leader": 0, "hands": [["Akina Final Hairpin"], []]}
    )
    assert game.prompt(s, "fr") == "Remettez jusqu'à 2 cartes pour repiocher, ou gardez votre main"
    redraw = next(a for a in s.legal_actions() if a.notation == "redraw akina-final-hairpin")
    assert game.describe_action(s, redraw, "fr") == (
        "remettre Dernière épingle d'Akina (V ★★★★★ 6D/5M) pour repiocher"
    )
    assert refusal(s, "road akina-final-hairpin", "fr") == (
        "les routes se posent en phase de construction ; nous sommes en phase de repioche"
    )


def test_pinned_japanese_sentences():
    """Written out and read: the reader is あなた, the others by name (プレイヤー2 by default)."""
    game = kansei.load("touge")
    names = ["Alice", "Bob"]
    road = {"type": "road", "seat": 1, "card": "Akina Final Hairpin", "tile": 3}
    assert game.narrate(road, 1, "ja") == "あなたは秋名最終ヘアピンを区間3に置く"
    assert game.narrate(road, 0, "ja") == "プレイヤー2は秋名最終ヘアピンを区間3に置く"
    assert game.narrate({"type": "drew", "seat": 0, "count": 2}, 0, "ja") == "あなたは2枚引く"
    tune = {"type": "tune", "seat": 0, "card": "Nitrous Oxide", "tile": 4}
    assert game.narrate(tune, 1, "ja", names) == "Aliceは区間4にナイトロを出す"
    disaster = {"type": "disaster", "card": "Black Ice", "owner": 1, "revealed": [[], ["x", "y"]]}
    assert game.narrate(disaster, 0, "ja", names) == (
        "災害：Bobの山札からブラックアイスバーン（他のカード2枚の後）。レース中ずっと有効"
    )
    start = {"type": "battle_start", "battle": 2, "direction": "uphill", "leader": 1}  # TG-T5
    assert game.narrate(start, 1, "ja") == "第2バトル：上り、あなたがリーダー"
    over = {"type": "race_over", "winner": 0, "wins": [1, 0], "reason": "lead"}  # TG-D3
    assert game.narrate(over, 0, "ja") == "レース終了：あなたがレースに勝利（勝ちを決めるリード）"
    s = game.start(
        seed=1, decks=[AKINA, REDSUNS], setup={"leader": 0, "hands": [["Akina Final Hairpin"], []]}
    )
    assert game.prompt(s, "ja") == "2枚まで戻して引き直すか、この手札でいく"
    redraw = next(a for a in s.legal_actions() if a.notation == "redraw akina-final-hairpin")
    assert (
        game.describe_action(s, redraw, "ja") == "秋名最終ヘアピン（コーナー★★★★★・下6/上5）を戻して引き直す"
    )


def test_the_two_modes_and_the_phases_are_named_in_every_language():
    """TG-D0: Time Attack and Sudden Death on the board's title; the build phase at its foot."""
    for mode, ja in (("time_attack", "タイムアタック"), ("sudden_death", "サドンデス")):
        s = skip_redraw(race(mode))
        game = s.game
        assert f"峠 — {ja}" in board(game, s, 0, "ja")[0]
        assert "コース作り：あなたの番" in "\n".join(board(game, s, 0, "ja"))
        assert "construction, à vous" in "\n".join(board(game, s, 0, "fr"))
    s = play(skip_redraw(race("sudden_death")), "pass", "pass")
    assert s.game.unusable(s, 1, "fr")["ability:0"] == "capacité de Joueur 1 : c'est à Joueur 1 de l'activer"


def test_card_faces_in_every_language():
    """The cards hook: the same cards, numbers and board keys in every language; names and texts in each
    (a road's type in words), one card to a name across the languages."""
    game = kansei.load("touge")
    faces = {lang: game.cards(lang) for lang in LANGS}
    en = faces["en"]
    every_name: dict[str, str] = {}
    for lang in ("fr", "ja"):
        for e, f in zip(en, faces[lang], strict=True):
            assert (f["slug"], f["kind"], f["stats"], f["tags"], f["house"]) == (
                e["slug"],
                e["kind"],
                e["stats"],
                e["tags"],
                e["house"],
            )
            assert f["text"] != e["text"], (lang, e["name"])
            proper = lang == "fr" and (e["kind"] == "car" or e["name"].startswith("Usui C-"))
            assert (f["name"] == e["name"]) == proper, (lang, e["name"], f["name"])
    for lang in LANGS:
        for f in faces[lang]:
            assert every_name.setdefault(f["name"], f["slug"]) == f["slug"], f["name"]
    hairpin = next(f for f in faces["fr"] if f["slug"] == "akina-final-hairpin")
    assert hairpin["name"] == "Dernière épingle d'Akina"
    assert (
        hairpin["text"] == "★★★★★ virage, 6 en descente / 5 en montée. Là où la course se gagne ou se perd."
    )
    ae86 = next(f for f in faces["ja"] if f["slug"] == "ae-86-trueno")
    assert ae86["name"] == "AE86 トレノ" and ae86["text"].startswith("溝落とし：このバトルの間")


def test_a_card_without_translations_reads_english_and_a_clashing_name_is_one_line(tmp_path: Path):
    """Content in English only still loads (the other languages read English); a French name that is
    another card's name is refused in one line naming both cards."""
    dst = tmp_path / "content"
    shutil.copytree(CONTENT, dst)
    tune = dst / "tuneups.toml"
    text = tune.read_text()
    plain = re.sub(r'\n(fr|ja|text_fr|text_ja) = "[^"\n]*"', "", text)
    tune.write_text(plain)
    game = kansei.load("touge", content=dst)
    jump = next(f for f in game.cards("ja") if f["slug"] == "jump")
    assert (jump["name"], jump["text"]) == ("Jump", "One corner scores 0 for you.")
    tune.write_text(plain.replace('name = "Jump"\n', 'name = "Jump"\nfr = "Coasting"\n', 1))
    with pytest.raises(ContentError) as e:
        kansei.load("touge", content=dst)
    assert "card name 'Coasting' (fr) is used by two cards: 'Coasting' and 'Jump'" in str(e.value)
    assert len(e.value.problems) == 1


@pytest.mark.parametrize("mode", MODES)
def test_two_worlds_tell_a_seat_the_same_in_every_language(mode: str):
    """The two-worlds test of test_touge_privacy in French and Japanese: the board, the narration, the
    menu, the prompt, the reasons and the refusals a seat reads are the same in two worlds that differ
    only in the other seat's hidden cards."""
    from test_touge_privacy import step_both, twin

    game = kansei.load("touge", mode=mode, nullify_pick="leader_choice")

    def told(s, seat: int, lang: str) -> dict:
        out = {
            "board": board(game, s, seat, lang),
            "narration": [game.narrate(e, seat, lang) for e in s.events_for(seat)],
            "unusable": game.unusable(s, seat, lang),
        }
        if s.to_move == seat:
            out["prompt"] = game.prompt(s, lang)
            out["menu"] = [
                (game.describe_action(s, a, lang), game.menu_group(s, a, lang)) for a in s.legal_actions()
            ]
            out["refusals"] = [refusal(s, t, lang) for t in ("road x", "tune jump @1", "redraw jump", "done")]
        return out

    for seed in range(3):
        seat = seed % 2
        a = game.start(seed=seed)
        b = twin(a, seat, seed)
        rng = random.Random(seed)
        while not a.is_over:
            for lang in ("fr", "ja"):
                assert told(a, seat, lang) == told(b, seat, lang), (lang, seed)
            step_both(a, b, seat, rng)
