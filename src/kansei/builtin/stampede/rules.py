"""Card Race Stampede!!: the rules of a turn — its phases (ST-T1 … ST-T5), who decides, the legal actions
and applying them. Set-up decisions (ST-S1) come from :mod:`.setup`, responses and abilities from
:mod:`.responses`, battle from :mod:`.combat`.

:class:`StampedeState` is the last layer (``Board`` ← ``Combat`` ← ``Responses`` ← ``SetUp`` ← this) and
the protocol's state: what a seat may see is :mod:`.views`, why an action is refused :mod:`.refusals`.
"""

from __future__ import annotations

from typing import Any

from kansei.core.protocol import Action

from . import steps, views
from .cards import STEERING
from .refusals import reason_for_mover
from .setup import SetUp
from .state import (
    CHOOSE_CENTER,
    CHOOSE_ORDER,
    W_CHOICE,
    W_DECKOUT,
    W_GOAL,
)

FACE_DOWN_CENTER = "set a card face down as the first center"

BATTLE_ACT = steps.BATTLE_ACT
END_ACT = steps.END_ACT
GO_FIRST = Action("go first", "order", (True,))
GO_SECOND = Action("go second", "order", (False,))
SUBSETS = steps.SUBSETS
ATTACKS = steps.ATTACKS
RUNS = steps.RUNS


class StampedeState(SetUp):
    __slots__ = ()

    # -- what a seat is told --------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def _public_notation(self, action: Action) -> str:
        """ST-S1: the first machine is set face down; the others learn only that a card was set."""
        return FACE_DOWN_CENTER if action.kind == "center" else action.notation

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        return reason_for_mover(self, text, seat, lang)

    @property
    def to_move(self) -> int | None:
        """The seat with priority in the innermost open window, else the set-up's chooser or the active
        player (steps.to_move)."""
        return steps.to_move(self, self.race)

    # -- legal actions and steps: the hot paths are steps.py's functions of the race -------------------
    # the protocol's hooks, functions of the state with no layer between (the base calls them through the
    # class), compiled or not
    _legal_actions = steps.legal_actions
    _apply = steps.apply

    def _setup_actions(self) -> list[Action]:
        """The set-up's decisions (ST-S1): the first center, then going first or second."""
        phase = self.race.phase
        if phase == CHOOSE_CENTER:
            seat = 0 if not self.race.centers[0] else 1
            table = self.game.table
            return [table.placing("center", c, -1) for c in self._center_choices(seat)]
        if phase == CHOOSE_ORDER:
            return [GO_FIRST, GO_SECOND]
        return []

    def _main_actions(self, p: int) -> list[Action]:
        return steps.main_actions(self, self.race, p)

    def _battle_actions(self, p: int) -> list[Action]:
        return steps.battle_actions(self, self.race, p)

    def _apply_other(self, kind: str, args: tuple[Any, ...]) -> None:
        """The actions ``steps.apply`` leaves to the layers: declining a choice and the set-up's
        decisions."""
        p = self.to_move
        assert p is not None
        if kind == "decline":
            self.log("decline", seat=p)
            self.race.windows.close()
        elif kind == "center":
            self._choose_center_kind(p, args[0])
            return
        elif kind == "order":
            self._choose_order(p, args[0])
            return
        steps.run(self, self.race)

    def _run(self) -> None:
        """Settle windows and advance the automatic phases (ST-T1 draw, ST-T2 repair, ST-T5 end)."""
        steps.run(self, self.race)

    def _check_lifts(self) -> None:
        """《進路妨害》 is lifted for good once the owner's center is gear 1 or holds few machines."""
        steps.check_lifts(self, self.race)


# the rules each kind of action follows (Game.move_rules: a client's link to the rules, never in texts)
_RULES: dict[str, tuple[str, ...]] = {
    "center": ("ST-S1",),
    "order": ("ST-S1",),
    "call": ("ST-T3",),
    "battle": ("ST-T4",),
    "attack": ("ST-T4",),
    "run": ("ST-T4",),
    "end": ("ST-T5",),
    "event": ("ST-C3", "ST-T6"),
    "assist": ("ST-C2", "ST-T6"),
    "use": ("ST-T6",),
    "hand": ("ST-K4",),
    "keeper": ("ST-K8",),
    "pass": ("ST-T6",),
    "trigger": ("ST-T6",),
    "decline": ("ST-T6",),
}


def move_rules(state: StampedeState, action: Action) -> tuple[str, ...]:
    """The rule ids a legal action follows, with the keywords that shape it now."""
    kind = action.kind
    rules = _RULES.get(kind, ())
    p = state.to_move
    if p is None:
        return rules
    if kind == "call":
        d = state.game.table.cards[action.args[0]]
        if d.cls == STEERING or state.center_def(p).cls == STEERING:
            rules += ("ST-O2",)
    elif kind == "attack":
        if state.obstructed(p):
            rules += ("ST-K1",)
    elif kind in ("pass", "keeper") and state.windows.kind in (W_GOAL, W_DECKOUT):
        rules = ("ST-K8",) + (("ST-O1",) if state.windows.kind == W_DECKOUT else ())
    elif kind == "trigger" and state.windows.kind == W_CHOICE:
        ab = state.card_of[state.windows.data[1]].abilities[action.args[2]]
        if ab.trigger == "crash":
            rules += ("ST-K7",)
    return rules


__all__ = [
    "ATTACKS",
    "BATTLE_ACT",
    "END_ACT",
    "FACE_DOWN_CENTER",
    "GO_FIRST",
    "GO_SECOND",
    "RUNS",
    "SUBSETS",
    "StampedeState",
    "move_rules",
]
