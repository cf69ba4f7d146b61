"""Options in words (``core.protocol.option``, ``Game.option_words``, ``Game.options_schema``): every option
of every built-in game has an English label and one line that starts with the id of the rule it implements
or rules on, a rule its RULES.md defines (the lobby links there); a value whose bare name says too little
has words; another language's words replace the English ones word by word, English staying for the rest."""

from __future__ import annotations

import re
import typing
from typing import Literal

import pytest

import kansei
from kansei.core.protocol import LABELS, Game, GameOptions, OptionWords, option
from kansei.core.registry import game_class

BUILT_IN = [g for g in kansei.games() if game_class(g).__module__.startswith("kansei.builtin.")]
RULE = re.compile(r"^([A-Z]{1,4}-[A-Z]{1,3}\d+[a-z]?)\b[^:：]*[:：]\s*\S")  # "ST-T3: …", "TG-C5 ruling: …"
DEFINED = re.compile(r"^- \*\*([A-Z]{1,4}-[A-Z]{1,3}\d+[a-z]?)\b", re.M)  # "- **ST-T3 Main.**" in RULES.md
SEAT = re.compile(r"^seat\d+$")  # "Player N" in the page's language, the lobby's own words


def enum_values(annotation: object) -> list[str]:
    """The string values of a ``Literal`` option (none for other types)."""
    if typing.get_origin(annotation) is Literal:
        return [v for v in typing.get_args(annotation) if isinstance(v, str)]
    return []


def test_the_five_games_are_checked() -> None:
    assert sorted(BUILT_IN) == ["dspirits", "initiald", "minid", "stampede", "touge"]


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_option_has_a_label_and_a_line_citing_a_rule_of_its_game(game_id: str) -> None:
    game = kansei.load(game_id)
    rules = game.rules_file()
    assert rules is not None
    defined = set(DEFINED.findall(rules.read_text(encoding="utf-8")))
    words = game.option_words("en")
    for name, f in game.Options.model_fields.items():
        assert f.title, f"{game_id}.{name}: no label of its own (pydantic's would be {name.title()!r})"
        cited = RULE.match(f.description or "")
        assert cited, f"{game_id}.{name}: the description does not start with a rule id: {f.description!r}"
        assert cited[1] in defined, f"{game_id}.{name}: {cited[1]} is no rule of {game_id}'s RULES.md"
        assert "\n" not in (f.description or "") and len(f.description or "") <= 200, f"{game_id}.{name}"
        assert words[name] == OptionWords(f.title, f.description or "", words[name].values)
        unlabelled = [
            v for v in enum_values(f.annotation) if not SEAT.match(v) and v not in words[name].values
        ]
        assert not unlabelled, f"{game_id}.{name}: values without words: {unlabelled}"


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_schema_carries_the_words(game_id: str) -> None:
    game = kansei.load(game_id)
    props = game.options_schema("en")["properties"]
    assert "description" not in game.options_schema("en")  # the model's docstring is no option's word
    for name, words in game.option_words("en").items():
        assert (props[name]["title"], props[name]["description"]) == (words.title, words.description)
        assert props[name].get(LABELS, {}) == dict(words.values)


# -- the mechanism, on a game of its own ---------------------------------------------------------------------
class ToyOptions(GameOptions):
    plain: int = 3  # no words: pydantic's title, no description
    pace: Literal["slow", "fast", "seat0"] = option(
        "slow", "Pace", "TY-P1: how fast the toy runs", labels={"slow": "slowly", "fast": "quickly"}
    )
    lights: bool = option(True, "Lights", "TY-P2 ruling: the lights are on")


class Toy(Game):
    id = "toy-words"
    Options = ToyOptions

    def option_words(self, lang: str = "en") -> dict[str, OptionWords]:
        if lang == "fr":  # a partial translation: one label, one value
            return {"pace": OptionWords("Allure", "", {"fast": "vite"})}
        return super().option_words(lang)


def test_option_declares_its_english_words() -> None:
    words = Toy().option_words("en")
    assert set(words) == {"pace", "lights"}  # a bare field has none: a plugin without words keeps working
    assert words["pace"] == OptionWords(
        "Pace", "TY-P1: how fast the toy runs", {"slow": "slowly", "fast": "quickly"}
    )
    assert words["lights"].values == {}
    assert Toy().option_words("ja") == {}  # no text module: nothing in another language


def test_a_missing_word_stays_english_word_by_word() -> None:
    en, fr, ja = (Toy().options_schema(lang)["properties"] for lang in ("en", "fr", "ja"))
    assert ja == en
    assert fr["pace"]["title"] == "Allure"
    assert fr["pace"]["description"] == "TY-P1: how fast the toy runs"
    assert fr["pace"][LABELS] == {"slow": "slowly", "fast": "vite"}
    assert fr["lights"] == en["lights"]
    assert en["plain"]["title"] == "Plain" and "description" not in en["plain"] and LABELS not in en["plain"]
    assert Toy().options_schema("fr")["properties"] is not Toy().options_schema("fr")["properties"]  # fresh
