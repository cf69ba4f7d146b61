"""Issue 11 item 3 for the real games: at 80×24 the board, the menu under it and the prompt fit the screen.

Random games reach boards fuller than people usually make (every zone taken, a dozen tiles, six racers);
in 98% of their decisions or more the whole screen fits 24 lines, and the menu always fits the room left
under the board (grouped, or one line an action, as the terminal does it)."""

from __future__ import annotations

import random

import pytest

import kansei
from kansei.cli import menu

WIDTH, LINES = 80, 24


@pytest.mark.parametrize("game_id", ["touge", "initiald", "minid", "stampede", "dspirits"])
def test_board_menu_and_prompt_fit_80x24(game_id: str) -> None:
    game = kansei.load(game_id)
    decisions = fits = 0
    for seed in range(4):
        players = 2 + seed if game_id == "minid" else 2
        state = game.start(seed=seed, players=players)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) > 1:
                board = menu.height(game.render(state, state.to_move), WIDTH)
                room = menu.room(board, len(legal), LINES)
                entries = menu.build(game, state, legal, "en", WIDTH, room)
                shown = menu.height(menu.table(entries, WIDTH), WIDTH)
                assert shown <= room, (game_id, seed, [e.label for e in entries])
                assert sum(len(e.actions) for e in entries) == len(legal)  # every action reachable
                decisions += 1
                fits += board + shown + 1 <= LINES
            state.apply(rng.choice(legal))
    assert decisions > 20
    assert fits / decisions >= 0.98, f"{game_id}: {decisions - fits} of {decisions} screens taller than 24"
