"""What the PettingZoo and Gymnasium environments share: one game, its spaces, observations and text."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np

import kansei
from kansei.core.errors import OptionError
from kansei.core.protocol import State

from . import encoding
from .encoding import ActionSpace


class Table:
    """A kansei game with its options and player count fixed, and the encodings the environments use.

    ``action_space``: None or ``"compact"`` (the default index), ``"full"`` (the game's whole list), an
    :class:`ActionSpace`, or the path of one saved beside a trained policy (so it keeps its indices)."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        decks: list | None = None,
        action_space: ActionSpace | Path | str | None = None,
        **options: Any,
    ):
        self.game = kansei.load(game_id, **options)
        g = self.game
        self.players = g.min_players if players is None else players
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise OptionError(f"{game_id}: players must be a number ({g.min_players}..{g.max_players})")
        if not g.min_players <= self.players <= g.max_players:
            raise OptionError(
                f"{game_id}: {self.players} players is not allowed ({g.min_players}..{g.max_players})"
            )
        self.decks = decks
        if action_space is None or action_space in encoding.SPACE_KINDS:
            self.space = encoding.action_space(g, action_space or "compact")
        elif isinstance(action_space, ActionSpace):
            self.space = action_space
        else:
            self.space = ActionSpace.load(action_space)
        self.encoder = encoding.view_encoder(g, self.players)

    def start(self, seed: int) -> State:
        return self.game.start(seed=seed, players=self.players, decks=self.decks)

    def observe(self, state: State, seat: int | None) -> np.ndarray:
        """The seat's observation vector: that of ``state.view(seat)`` (the game's ``encode_state`` shortcut
        gives the same numbers without building the view)."""
        out = np.zeros(self.encoder.size, np.float32)
        self.encoder.encode_state(state, seat, out)
        return out

    def text(self, state: State, seat: int | None) -> str:
        """The game's own rendering of what ``seat`` sees (None: a spectator), as plain text."""
        from rich.console import Console

        buf = io.StringIO()
        Console(file=buf, width=100, color_system=None, force_terminal=False).print(
            self.game.render(state, seat)
        )
        return buf.getvalue()
