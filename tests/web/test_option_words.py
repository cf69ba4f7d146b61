"""The lobby's options in every language it offers: each built-in game has, in each page language, a label
and a line for every option, citing the rule the English cites in a form the lobby links
(``static/js/lobby.js``'s RULE_ID), and words for every value but the seats (the lobby's own "Player N");
``/api/games?lang=`` carries them, English where a word is missing or the language unknown; the server's
own ``content`` option speaks the page's language from the catalogue."""

from __future__ import annotations

import re
import shutil
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from fastapi.testclient import TestClient

import kansei
from kansei.core.protocol import LABELS
from kansei.core.registry import game_class
from kansei.web import Config, create_app, i18n

from .conftest import FAST, RULE_ID

BUILT_IN = [g for g in kansei.games() if game_class(g).__module__.startswith("kansei.builtin.")]
LANGS = list(i18n.languages())
SEAT = re.compile(r"^seat\d+$")


def values(annotation: object) -> list[str]:
    if typing.get_origin(annotation) is Literal:
        return [v for v in typing.get_args(annotation) if isinstance(v, str)]
    return []


def test_the_lobby_offers_english_french_and_japanese() -> None:
    assert LANGS == ["en", "fr", "ja"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_option_in_every_language_of_the_lobby(game_id: str, lang: str) -> None:
    game = kansei.load(game_id)
    english, words = game.option_words("en"), game.option_words(lang)
    for name, f in game.Options.model_fields.items():
        assert name in words, f"{game_id}.{name} has no words in {lang}"
        w = words[name]
        assert w.title.strip() and w.description.strip(), f"{game_id}.{name} in {lang}: {w}"
        cited, cited_en = RULE_ID.match(w.description), RULE_ID.match(english[name].description)
        assert cited and cited_en, (
            f"{game_id}.{name} in {lang}: the lobby finds no rule id in {w.description!r}"
        )
        assert cited[1] == cited_en[1], f"{game_id}.{name} in {lang} cites {cited[1]}, English {cited_en[1]}"
        assert w.description[cited.end() :].strip(), f"{game_id}.{name} in {lang}: nothing after the rule id"
        missing = [v for v in values(f.annotation) if not SEAT.match(v) and not w.values.get(v, "").strip()]
        assert not missing, f"{game_id}.{name} in {lang}: values without words: {missing}"
        if lang != "en":  # the words of another language, not English copied
            assert (w.description, w.values) != (english[name].description, english[name].values), name


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A server offering one content folder of its own (``mini``, a copy of Mini D's)."""
    folder = tmp_path_factory.mktemp("content") / "mini"
    shutil.copytree(Path(kansei.load("minid").content_dir() or ""), folder)
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'k.db'}"
    with TestClient(create_app(Config(db=db, bots=False, limits=FAST, content={"mini": folder}))) as c:
        yield c


def options_of(c: TestClient, game: str, lang: str | None) -> tuple[str, dict]:
    body = c.get("/api/games", params={"lang": lang} if lang is not None else {}).json()
    return body["lang"], next(g for g in body["games"] if g["id"] == game)["options"]["properties"]


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_games_payload_speaks_the_page_language(served: TestClient, lang: str) -> None:
    said, props = options_of(served, "stampede", lang)
    assert said == lang
    words, english = kansei.load("stampede").option_words(lang), kansei.load("stampede").option_words("en")
    side = props["side_return"]
    assert (side["title"], side["description"]) == (
        words["side_return"].title,
        words["side_return"].description,
    )
    assert side["title"] != english["side_return"].title
    assert side[LABELS] == dict(words["side_return"].values)
    assert side["enum"] == ["at_or_below", "strictly_below"]  # the values themselves never change
    for game in BUILT_IN:  # every option of every game, in that language, each with a rule to link
        _, props = options_of(served, game, lang)
        for name, prop in props.items():
            if name != "content":
                assert RULE_ID.match(prop["description"]), (game, name, prop)
                assert prop["title"] == kansei.load(game).option_words(lang)[name].title, (game, name)
    _, minid = options_of(served, "minid", lang)
    assert minid["track"]["enum"] == ["akina", "usui"]  # a network client names the content's tracks only
    tracks = {"akina": "秋名", "usui": "碓氷"} if lang == "ja" else {"akina": "Akina", "usui": "Usui"}
    assert minid["track"][LABELS] == tracks  # the names the board shows
    assert (
        minid["content"]["title"]
        == i18n.t(lang, "lobby.option.content")
        != i18n.t("en", "lobby.option.content")
    )
    assert minid["content"]["enum"] == [None, "mini"]


@pytest.mark.parametrize("lang", [None, "en", "de", "x" * 16])
def test_english_for_any_other_language(served: TestClient, lang: str | None) -> None:
    said, props = options_of(served, "minid", lang)
    assert said == "en"
    english = kansei.load("minid").option_words("en")
    assert (props["strategies"]["title"], props["strategies"]["description"]) == (
        english["strategies"].title,
        english["strategies"].description,
    )
    assert props["content"]["title"] == "Content"


def test_a_language_code_too_long_is_refused(served: TestClient) -> None:
    r = served.get("/api/games", params={"lang": "x" * 17})
    assert r.status_code == 422
