"""Reading ``key=value`` texts: the one coercion for ``--opt``, agent specs and URL or form parameters.

pydantic then validates the coerced value against the declared field, so a game sees only typed options.
"""

from __future__ import annotations

from typing import Any

from .errors import OptionError

MAX_TEXT = 200  # characters: a key or value longer than this is refused, never echoed whole

_TRUE = ("true", "yes", "on")
_FALSE = ("false", "no", "off")


def shorten(text: object, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (for echoing user input in one line)."""
    s = str(text)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def coerce(text: str) -> bool | int | float | str:
    """'yes' -> True, '3' -> 3, '0.5' -> 0.5, anything else stays a string."""
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    if low.lstrip("+-").isdigit() and low.isascii():
        if len(low) > 30:
            raise OptionError(f"number {shorten(text, 20)!r} is too long")
        return int(low)
    try:
        value = float(low)
    except ValueError:
        return text.strip()
    if value != value or value in (float("inf"), float("-inf")):
        return text.strip()  # 'nan', 'inf' stay text: pydantic refuses them where a number is wanted
    return value


def parse_pairs(pairs: list[str] | None, what: str = "--opt") -> dict[str, Any]:
    """``["key=value", …]`` into a dict of coerced values; a malformed pair is one clear line."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        if len(pair) > MAX_TEXT:
            raise OptionError(f"{what}: {shorten(pair)!r} is longer than {MAX_TEXT} characters")
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"{what} expects key=value, got {shorten(pair)!r}")
        out[key.strip()] = coerce(value)
    return out


__all__ = ["MAX_TEXT", "coerce", "parse_pairs", "shorten"]
