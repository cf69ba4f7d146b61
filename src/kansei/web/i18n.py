"""The page's words: one catalogue, ``static/i18n/<lang>.json`` (flat keys -> text with ``{name}``
placeholders), read here for the pages the server renders and embedded in each page for its scripts.
English is complete; another language may lack a key (English shows for it, and tests/web/test_i18n.py
lists what is missing). A new language is a new file: its ``language.name`` key is how it is offered."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

FOLDER = Path(__file__).parent / "static" / "i18n"
DEFAULT = "en"
COOKIE = "kansei_lang"


@lru_cache(maxsize=16)
def messages(lang: str) -> dict[str, str]:
    path = FOLDER / f"{lang}.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


@lru_cache(maxsize=1)
def languages() -> dict[str, str]:
    """Every language of the catalogue: code -> its own name ("Français"), English first."""
    codes = sorted((p.stem for p in FOLDER.glob("*.json")), key=lambda c: (c != DEFAULT, c))
    return {c: messages(c).get("language.name", c) for c in codes}


def pick(request: Request, wanted: str | None = None) -> str:
    """The page's language: ``wanted`` or ``?lang=``, else the cookie, else the browser's first language the
    catalogue has, else English."""
    langs = languages()
    for cand in (wanted, request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if cand and cand in langs:
            return cand
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()
        for cand in (code, code.split("-")[0]):
            if cand in langs:
                return cand
    return DEFAULT


def remember(response: Response, lang: str) -> None:
    """Keep ``lang`` as the visitor's page language, as the page's language menu does (``i18n.js`` choose)."""
    response.set_cookie(COOKIE, lang, max_age=31_536_000, path="/", samesite="lax")


def t(lang: str, key: str, **values: Any) -> str:
    text = messages(lang).get(key) or messages(DEFAULT).get(key) or key
    for k, v in values.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def embedded(lang: str) -> str:
    """The catalogue as the page's scripts read it (``<script type="application/json" id="catalogue">``):
    JSON safe inside a script element."""
    data = {
        "lang": lang,
        "messages": messages(lang),
        "fallback": messages(DEFAULT) if lang != DEFAULT else {},
        "languages": languages(),
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
