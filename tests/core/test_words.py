"""core/words.py: a game's sentences by language, English the reference and the fallback."""

from __future__ import annotations

import pytest

from kansei.builtin.minid.game import MiniD
from kansei.core.words import Words
from kansei.testing.kit import check_game

EN = {
    "turn": "Round {round}",
    "draws": ("You draw {n}", "{Who} draws {n}"),
    "card_1": "{n} card",
    "card_n": "{n} cards",
}
FR = {
    "turn": "Tour {round}",
    "draws": ("Vous piochez {n}", "{Who} pioche {n}"),
    "card_1": "{n} carte",
    "card_n": "{n} cartes",
}


def test_lookup_forms_plurals_and_fallback():
    words = Words({"en": EN, "fr": FR})
    assert words.languages == ("en", "fr")
    assert words.tr("fr", "turn", round=3) == "Tour 3"
    assert words.say("fr", "draws", True, n=2) == "Vous piochez 2"
    assert words.say("en", "draws", False, n=2, Who="Ann") == "Ann draws 2"
    assert words.tr("en", "draws", n=1, Who="Bo") == "Bo draws 1"  # tr takes a pair's third person
    assert [words.plural("fr", "card", n) for n in (1, 2)] == ["1 carte", "2 cartes"]
    assert words.tr("de", "turn", round=1) == "Round 1"  # a language without a catalog reads English
    partial = Words({"en": EN, "fr": {"turn": "Tour {round}"}})
    assert partial.tr("fr", "card_n", n=4) == "4 cards"  # a missing key reads English
    assert partial.has("fr", "turn") and not partial.has("fr", "card_n")


def test_problems_name_every_missing_key_form_and_placeholder():
    assert Words({"en": EN, "fr": FR}).problems() == []
    broken = dict(FR, extra="x", draws="Vous piochez {n}", turn="Tour {manche}")
    del broken["card_1"]
    problems = Words({"en": EN, "fr": broken}).problems()
    assert problems == [
        "fr lacks 1 key(s): card_1",
        "fr has 1 key(s) English lacks: extra",
        "fr 'draws': a pair in English",
        "fr 'turn': fields ['manche'] where English has ['round']",
    ]
    pair = Words({"en": EN, "fr": dict(FR, draws=("Vous piochez {n}", "{Qui} pioche {n}"))}).problems()
    assert pair == ["fr 'draws' (other): fields ['Qui', 'n'] where English has ['Who', 'n']"]
    with pytest.raises(ValueError):
        Words({})


def test_the_kit_holds_a_games_catalog_to_english(monkeypatch):
    """The conformance kit's narration check fails a game whose catalog lacks a key in a language."""
    catalogs = dict(MiniD.words.catalogs)  # type: ignore[union-attr]
    fr = catalogs["fr"] = dict(catalogs["fr"])
    fr.pop("round")
    monkeypatch.setattr(MiniD, "words", Words(catalogs))
    with pytest.raises(AssertionError, match="Game.words: 1 problem.*fr lacks 1 key.*round"):
        check_game(
            "minid", seeds=[0], end_seeds=[100], only=["narration"], configs=[{"options": {}, "players": 2}]
        )


def test_a_translated_card_reads_english_where_it_has_no_translation_and_each_name_names_one_card():
    from kansei.core.content import Translated, name_clashes

    nitro = Translated(name="Nitro", ja="ニトロ", text="Move 3.", text_fr="Avancez de 3.")
    assert [nitro.name_in(lang) for lang in ("en", "fr", "ja", "de")] == ["Nitro", "Nitro", "ニトロ", "Nitro"]
    assert [nitro.text_in(lang) for lang in ("en", "fr", "ja")] == ["Move 3.", "Avancez de 3.", "Move 3."]
    boost = Translated(name="Boost", fr="Nitro")
    assert name_clashes([nitro, Translated(name="Boost")], "x") == []
    assert name_clashes([nitro, Translated(name="nitro")], "cards.toml") == [
        "cards.toml: card name 'nitro' is used by two cards"
    ]
    assert name_clashes([nitro, boost], "cards.toml") == [
        "cards.toml: card name 'Nitro' (fr) is used by two cards: 'Nitro' and 'Boost'"
    ]
