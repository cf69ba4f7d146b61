"""Every word of the page from one catalogue (static/i18n/<lang>.json): every key the pages and scripts
use is in English; French and Japanese have every English key (a plural form the language does not use
aside); placeholders match; and the pages a player sees carry no key in place of a word."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kansei.web import i18n

from .conftest import play_out

WEB = Path(i18n.__file__).parent
PLURAL = re.compile(r"\.(zero|one|two|few|many|other)$")


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((WEB / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def used_keys() -> set[str]:
    """Keys named literally in the scripts (t("…")) and templates (t('…'))."""
    keys: set[str] = set()
    for path in [
        *WEB.glob("static/js/*.js"),
        *WEB.glob("static/games/generic.js"),
        *WEB.glob("templates/*.html"),
    ]:
        keys |= set(
            re.findall(r"""\bt\(\s*["'`]([a-z_]+(?:\.[a-z_]+)+)["'`]""", path.read_text(encoding="utf-8"))
        )
    return keys


def test_every_key_the_page_uses_is_in_english() -> None:
    en = catalogue("en")
    assert len(used_keys()) > 100  # the scan finds the page's words
    missing = sorted(k for k in used_keys() if k not in en and f"{k}.other" not in en)
    assert not missing, f"keys used but not in en.json: {missing}"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_french_and_japanese_say_everything_english_says(lang: str) -> None:
    en, other = catalogue("en"), catalogue(lang)
    missing = sorted(
        k for k in en if k not in other and not (PLURAL.search(k) and PLURAL.sub(".other", k) in other)
    )
    assert not missing, f"{lang}.json lacks: {missing}"
    for k, text in other.items():
        assert k in en, f"{lang}.json has a key English lacks: {k}"
        assert set(re.findall(r"\{(\w+)\}", text)) <= set(re.findall(r"\{(\w+)\}", en[k])) | {"count"}, k


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_pages_in_every_language_show_words_not_keys(sqlite_client: TestClient, lang: str) -> None:
    keys = set(catalogue("en"))
    for path in ("/", "/games", "/decks", "/rules", "/rules/touge", "/room/x", "/replay/x"):
        html = sqlite_client.get(path, params={"lang": lang}).text
        body = html.split('id="catalogue">', 1)[0] + html.split("</script>", 1)[-1]
        shown = set(re.findall(r">\s*([a-z_]+\.[a-z_.]+)\s*<", body))
        assert not (shown & keys), f"{path} in {lang} shows catalogue keys: {sorted(shown & keys)}"
        assert f'<html lang="{lang}">' in html


def test_a_links_language_stays_for_the_pages_it_leads_to(sqlite_client: TestClient) -> None:
    """Seen at a hot seat: a lobby opened as ``/?lang=ja`` started a table whose page was English around a
    Japanese game (the table's address has no ``?lang=``, and the browser asked for English). A link's
    language is now kept as the language menu keeps it, in the cookie, until another is chosen."""
    c = sqlite_client
    english = {"accept-language": "en-US,en;q=0.9"}
    c.cookies.clear()
    try:
        assert '<html lang="en">' in c.get("/room/x", headers=english).text
        assert '<html lang="ja">' in c.get("/", params={"lang": "ja"}, headers=english).text
        assert '<html lang="ja">' in c.get("/room/x", headers=english).text
        assert '<html lang="fr">' in c.get("/decks", params={"lang": "fr"}, headers=english).text
        assert '<html lang="fr">' in c.get("/replay/x", headers=english).text
        assert c.get("/", params={"lang": "xx"}, headers=english).cookies.get("kansei_lang") is None
    finally:
        c.cookies.clear()  # the other tests' pages in the browser's language


def test_the_lobby_gets_titles_and_starter_decks_in_the_pages_language(sqlite_client: TestClient) -> None:
    """``/api/games?lang=ja``: each game's ``title`` and its starter decks' words in Japanese, while
    ``name`` and ``starter_decks`` stay the English keys a room is asked for (and stored games keep)."""
    ja = {g["id"]: g for g in sqlite_client.get("/api/games", params={"lang": "ja"}).json()["games"]}
    en = {g["id"]: g for g in sqlite_client.get("/api/games").json()["games"]}
    assert ja["initiald"]["title"] == "頭文字D CCG" and ja["initiald"]["name"] == "Initial D CCG"
    assert ja["touge"]["title"] == "峠カードゲーム" and en["touge"]["title"] == "Touge Card Game"
    assert ja["stampede"]["title"] == "カードレース・スタンピード！！"
    for gid, g in ja.items():
        assert g["starter_decks"] == en[gid]["starter_decks"]
        assert [d["name"] for d in g["starters"]] == g["starter_decks"]
    titles = {d["name"]: d["title"] for d in ja["touge"]["starters"]}
    assert titles == {"Akina Downhill": "秋名ダウンヒル", "Red Suns Power": "赤城レッドサンズ・パワー"}
    assert all(
        d["title"] != d["name"] and d["text"]
        for g in ("touge", "initiald", "dspirits")
        for d in ja[g]["starters"]
    )
    fr = sqlite_client.get("/api/games/stampede/decks", params={"lang": "fr"}).json()
    assert [d["name"] for d in fr["decks"]] == en["stampede"]["starter_decks"]  # the deck data: English keys
    assert fr["words"][0] == {
        "name": "Scarlet Rose",
        "title": "Rose Écarlate",
        "text": fr["words"][0]["text"],
    }


def test_a_room_asked_for_a_starter_deck_by_its_english_name_plays_and_names_its_game_in_the_language(
    sqlite_client: TestClient,
) -> None:
    r = sqlite_client.post(
        "/api/rooms",
        json={"game": "touge", "seats": ["human", "random"], "decks": ["Akina Downhill", "Red Suns Power"]},
    )
    assert r.status_code == 201, r.text
    room, token = r.json()["room"], r.json()["tokens"]["0"]
    p = sqlite_client.get(f"/api/rooms/{room}", params={"lang": "ja"}).json()
    assert p["game_name"] == "峠カードゲーム"
    assert sqlite_client.get(f"/api/rooms/{room}").json()["game_name"] == "Touge Card Game"
    play_out(sqlite_client, room, token, random.Random(1))
    replay = sqlite_client.get(f"/api/rooms/{room}/replay").json()
    assert replay["decks"] == ["Akina Downhill", "Red Suns Power"]
