"""A refusal speaks the reader's language: ``State.apply(…, lang=)`` and ``Game.parse(…, lang)`` tell the
seat to move why, in any language its game has (the core's own sentences and the game's reasons), the
game's first language for one it lacks; the state is unchanged either way."""

from __future__ import annotations

import json

import pytest

import kansei
from kansei.core.errors import IllegalAction
from kansei.core.protocol import Action
from kansei.core.words import CORE

GAMES = ("touge", "initiald", "minid", "stampede", "dspirits")
JAPANESE = tuple(chr(c) for c in range(0x3040, 0x30FF))


def told(state, action, seat, lang=None) -> str:
    before = json.dumps(state.reveal(), sort_keys=True, default=str)
    with pytest.raises(IllegalAction) as e:
        state.apply(action, seat=seat, lang=lang)
    assert json.dumps(state.reveal(), sort_keys=True, default=str) == before, "a refusal changed the state"
    return str(e.value)


@pytest.mark.parametrize("gid", GAMES)
def test_the_seat_to_move_is_told_why_in_its_language(gid):
    game = kansei.load(gid)
    s = game.start(seed=3)
    seat = s.to_move
    assert {"fr", "ja"} <= set(game.languages)
    english = told(s, "bogus words", seat)
    french, japanese = told(s, "bogus words", seat, "fr"), told(s, "bogus words", seat, "ja")
    assert len({english, french, japanese}) == 3, (english, french, japanese)
    assert any(ch in japanese for ch in JAPANESE) or any("\u4e00" <= ch <= "\u9fff" for ch in japanese)
    assert told(s, "bogus words", seat, "xx") == english  # a language the game lacks: its first
    other = (seat + 1) % s.players  # the core's own sentence
    out_of_turn = CORE.tr("fr", "not_your_turn", seat=other + 1, mover=seat + 1)
    assert told(s, s.legal_actions()[0], other, "fr") == out_of_turn
    # typed by the seat to move, a text gets the same reason as the Action (its own cards may be named)
    assert told(s, "bogus words", seat, "ja") == told(s, Action("bogus words"), seat, "ja")


def test_parse_refuses_in_the_language_asked():
    game = kansei.load("touge")
    s = game.start(seed=1)
    with pytest.raises(IllegalAction, match="n'est pas une action possible maintenant"):
        game.parse(s, "bogus", "fr")
    with pytest.raises(IllegalAction, match="is not a legal action now"):
        game.parse(s, "bogus")
    s2 = game.start(seed=1)
    while not s2.is_over:
        s2.apply(s2.legal_actions()[0])
    assert told(s2, "anything", None, "ja") == CORE.tr("ja", "game_over")


def test_the_core_sentences_are_complete():
    assert CORE.problems() == []
