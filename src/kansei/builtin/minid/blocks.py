"""Mini D's Event card effects as building blocks (see :mod:`kansei.core.effects`).

An Event card names one block: ``effect = { block = "advance", cases = 3 }``. Two kinds:

- **bolt** — a ⚡ card acts as soon as it is drawn (MD-E1): ``run(p, race, seat, card)``. The ones with
  ``waits`` set (``next_move``, ``next_drift``) lie face up in front of the racer until the roll they
  modify: ``amount(p)`` is then added to it.
- **kept** — a kept card waits hidden in hand for its moment, its ``window``: ``play(p, race, seat,
  decision)`` acts on the decision open then (the DRIFT roll being answered, the battle about to start…).

Every block's parameters are validated when content loads; a card never needs Python of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field, field_validator

from kansei.core.effects import BlockParams, BlockRegistry

from . import bunta, rules
from .battles import ask_battle_card
from .corners import ask_drift
from .terms import BATTLE, BOLT, CROSSING, DRIFT, DRIFT_ROLL, KEPT, MOVE_ROLL, SKIP, TURN

if TYPE_CHECKING:  # pragma: no cover
    from .race import Race
    from .terms import Decision

REGISTRY = BlockRegistry("minid")


class Cases(BlockParams):
    cases: int = Field(ge=1, le=20, description="how many cases")


class Bonus(BlockParams):
    amount: int = Field(ge=1, le=20, description="added to the total")


class Modifier(BlockParams):
    amount: int = Field(ge=-20, le=20, description="added to the roll (negative: taken off)")

    @field_validator("amount")
    @classmethod
    def _not_zero(cls, v: int) -> int:
        if v == 0:
            raise ValueError("a modifier of 0 does nothing")
        return v


# -- ⚡ cards: played at once ------------------------------------------------------------------------


class Bolt:
    """A ⚡ effect. ``waits``: the roll it waits for face up (None: it acts now)."""

    waits: str | None = None

    def run(self, p: Any, r: Race, seat: int, card: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def amount(self, p: Any) -> int:
        return 0


class Advance(Bolt):
    """Move forward ``cases`` now; corners, battles and Bunta apply as on any move."""

    def run(self, p: Any, r: Race, seat: int, card: str) -> None:
        rules.forward(r, seat, p.cases, None, "card", card)


class Retreat(Bolt):
    """Go back ``cases`` now (a car put back enters no corner; level with an opponent it defends)."""

    def run(self, p: Any, r: Race, seat: int, card: str) -> None:
        rules.place_back(r, seat, r.positions[seat] - p.cases, "card", card)


class SkipTurn(Bolt):
    """Skip your next turn."""

    def run(self, p: Any, r: Race, seat: int, card: str) -> None:
        r.skips[seat] += 1


class PlayAgain(Bolt):
    """Play again after this turn."""

    def run(self, p: Any, r: Race, seat: int, card: str) -> None:
        rules.play_again(r, seat)


class BuntaDrives(Bolt):
    """Bunta drives ``cases`` towards the start now; every racer he crosses rolls for it (MD-N)."""

    def run(self, p: Any, r: Race, seat: int, card: str) -> None:
        if r.bunta_driving:
            bunta.bunta_drive(r, p.cases, card)


class NextRoll(Bolt):
    """Waits face up (not in the hand) and adds ``amount`` to the racer's next roll of its kind."""

    def __init__(self, roll: str):
        self.waits = roll

    def run(self, p: Any, r: Race, seat: int, card: str) -> None:
        pass  # the race puts the card face up in front of the racer

    def amount(self, p: Any) -> int:
        return int(p.amount)


# -- kept cards: played at their moment --------------------------------------------------------------


class Kept:
    """A kept effect, played in its ``window`` on the decision open then."""

    window: str = TURN

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


class MoveBonus(Kept):
    """At the start of your turn, before your move roll: ``amount`` more to this move."""

    window = TURN

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:
        r.move_bonus += p.amount
        rules.ask_turn_card(r, seat)


class DriftReroll(Kept):
    """After your DRIFT roll: roll it again; the new roll stands."""

    window = DRIFT

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:
        ask_drift(r, seat, d.line, rules.reroll(r, seat, "drift", d.die), d.mod, d.master)


class DriftBonus(Kept):
    """After your DRIFT roll: ``amount`` more to it (a natural 1 stays a spin)."""

    window = DRIFT

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:
        ask_drift(r, seat, d.line, d.die, d.mod + p.amount, d.master)


class DriftMaster(Kept):
    """After your DRIFT roll: the drift is mastered unless the die shows a natural 1."""

    window = DRIFT

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:
        ask_drift(r, seat, d.line, d.die, d.mod, True)


class BattleBonus(Kept):
    """When a battle you are in begins, before the dice: ``amount`` more to your total."""

    window = BATTLE

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:
        r.battle_bonus[seat] += p.amount
        ask_battle_card(r, seat, d.attacker, d.defender)


class CrossingReroll(Kept):
    """After your roll for crossing Bunta, even a natural 1: roll it again."""

    window = CROSSING

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:
        bunta.ask_crossing(r, seat, rules.reroll(r, seat, "crossing", d.die), d.mod)


class CancelSkip(Kept):
    """When you would skip a turn: cancel that skip and play the turn."""

    window = SKIP

    def play(self, p: Any, r: Race, seat: int, d: Decision) -> None:
        r.skips[seat] -= 1
        rules.take_turn(r, seat)


REGISTRY.register("advance", Cases, Advance(), kind=BOLT)
REGISTRY.register("retreat", Cases, Retreat(), kind=BOLT)
REGISTRY.register("skip_turn", BlockParams, SkipTurn(), kind=BOLT)
REGISTRY.register("play_again", BlockParams, PlayAgain(), kind=BOLT)
REGISTRY.register("bunta_drives", Cases, BuntaDrives(), kind=BOLT)
REGISTRY.register(
    "next_move",
    Modifier,
    NextRoll(MOVE_ROLL),
    kind=BOLT,
    doc="Waits face up; adds ``amount`` to the racer's next move roll (minimum 1).",
)
REGISTRY.register(
    "next_drift",
    Modifier,
    NextRoll(DRIFT_ROLL),
    kind=BOLT,
    doc="Waits face up; adds ``amount`` to the racer's next DRIFT roll.",
)
REGISTRY.register("move_bonus", Bonus, MoveBonus(), kind=KEPT)
REGISTRY.register("drift_reroll", BlockParams, DriftReroll(), kind=KEPT)
REGISTRY.register("drift_bonus", Bonus, DriftBonus(), kind=KEPT)
REGISTRY.register("drift_master", BlockParams, DriftMaster(), kind=KEPT)
REGISTRY.register("battle_bonus", Bonus, BattleBonus(), kind=KEPT)
REGISTRY.register("crossing_reroll", BlockParams, CrossingReroll(), kind=KEPT)
REGISTRY.register("cancel_skip", BlockParams, CancelSkip(), kind=KEPT)

__all__ = ["BATTLE", "BOLT", "CROSSING", "DRIFT", "KEPT", "REGISTRY", "SKIP", "TURN"]
