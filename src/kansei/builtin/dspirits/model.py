"""The pieces of a D-Spirits game: a D-Spirit in play, a card in hand, chain items, a bid, and the numbers
the rules fix (rules digest ids DS-…, see RULES.md and docs/rulings.md).

Cards are ints (indices into :mod:`.table`). A D-Spirit in play is a :class:`Unit` (mutable, copied with
its state); a card in hand a :class:`HandCard` (immutable: statuses stay on a D-Spirit back in hand,
DS-R2); items on the chain are :class:`Link` and :class:`AttackItem` (immutable, replaced when negated).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

# -- steps of a turn, and the states around a game -------------------------------------------------------
Phase = Literal["opening", "draw", "extra", "main", "battle", "end", "side", "over"]
OPEN: Phase = "opening"
DRAW: Phase = "draw"
EXTRA: Phase = "extra"  # the draw step, after its draw: Extra Draw (DS-X1)
MAIN: Phase = "main"
BATTLE: Phase = "battle"
ENDSTEP: Phase = "end"
SIDE: Phase = "side"  # between the games of a match: side-deck swaps (DS-D1)
OVER: Phase = "over"

ATTACK_STANCE, ENDURE_STANCE = 0, 1  # DS-G4
STANCES = ("attack", "endure")

# -- zones, game breakers and limits ---------------------------------------------------------------------
BATTLE_SCENE_MAX = 4  # DS-Z1
SUPPORT_SPIRITS_MAX = 4  # docs/rulings.md
OPENING_HAND = 7  # DS-G1
EXTRA_DRAW_COST = 500  # DS-X1
SOUL_SHIFT_COST = 800  # DS-X4
LIMBO_COST = 1200  # DS-X5
FIELD_RUSH_BID = 500  # DS-X6
SUPER_CHARGE_COST = 500  # DS-X7
BID_STEPS = (100, 300, 500)  # DS-R1: raises offered to a bidder (docs/rulings.md)
POISON_STEP = 50  # poison amounts are multiples of this (content validation)

_new = object.__new__


@dataclass(slots=True, eq=False)
class Unit:
    """A D-Spirit in play (DS-C1): its top card, the D-Evolution stack under it (DS-C3), its stance
    (DS-G4), statuses (DS-R2), stat modifiers and what it did this turn. Compared by identity.

    What lasts a turn is stamped with the turn (``attacked_on == state.turn``), so nothing is reset at the
    end of a turn. Units are shared between a state and its clones until one of them writes: the state
    writes only through ``state.writable(seat, unit)``, which copies a unit it does not own (``owner``)."""

    card: int  # the top card
    uid: int  # unique in a game: how chain items and windows name it
    entered: int  # the turn it came into play
    since: int  # its controller's turns on the field = their turns taken - since (D-Evolution conditions)
    owner: int  # the token of the state that may write it in place
    super_summoned: bool = False  # DS-G3 (DS-X3: may be soul-exchanged at once)
    under: tuple[int, ...] = ()  # the cards under the top card, bottom first (DS-C3)
    stance: int = ATTACK_STANCE
    frozen_until: int = 0  # Frozen through the end step of this turn (DS-R2); 0: not frozen
    poison: int = 0  # SP its controller loses at each of their end steps (DS-R2)
    restricted_until: int = 0  # endured: no attack, stance change or exchange through this turn (DS-B2)
    attack_bonus: int = 0  # lasting modifiers
    endurance_bonus: int = 0
    modified_on: int = 0  # the turn of the modifiers below (they last until its end)
    turn_attack: int = 0
    turn_endurance: int = 0
    attacked_on: int = 0  # the turn it last attacked
    stanced_on: int = 0  # ... changed stance (DS-G4)
    moved_on: int = 0  # ... used its special move (DS-C1)
    abilities_on: int = 0  # the turn of ``abilities_used``
    abilities_used: int = 0  # bit i: its i-th command ability was used that turn
    shifted: bool = False  # Soul Shift: abilities and moves inactive (DS-X4)
    wins: int = 0  # opposing D-Spirits it destroyed in battle (D-Evolution conditions)
    endures: int = 0  # attacks it endured
    charged_turn: int = 0  # the turn its Super Charge doubles its attack (DS-X7); 0: none

    def copy(self, owner: int) -> Unit:
        """An independent copy owned by ``owner`` (written out: ``copy.copy`` costs ten times as much)."""
        u: Unit = _new(Unit)
        u.card = self.card
        u.uid = self.uid
        u.entered = self.entered
        u.since = self.since
        u.owner = owner
        u.super_summoned = self.super_summoned
        u.under = self.under
        u.stance = self.stance
        u.frozen_until = self.frozen_until
        u.poison = self.poison
        u.restricted_until = self.restricted_until
        u.attack_bonus = self.attack_bonus
        u.endurance_bonus = self.endurance_bonus
        u.modified_on = self.modified_on
        u.turn_attack = self.turn_attack
        u.turn_endurance = self.turn_endurance
        u.attacked_on = self.attacked_on
        u.stanced_on = self.stanced_on
        u.moved_on = self.moved_on
        u.abilities_on = self.abilities_on
        u.abilities_used = self.abilities_used
        u.shifted = self.shifted
        u.wins = self.wins
        u.endures = self.endures
        u.charged_turn = self.charged_turn
        return u

    def used_ability(self, i: int, turn: int) -> bool:
        return self.abilities_on == turn and bool(self.abilities_used & (1 << i))


class HandCard(NamedTuple):
    """A card in hand. Statuses stay on a D-Spirit returned to hand (DS-R2) and make the card public;
    plain cards are interned per card table, so a hand of plain cards compares by identity."""

    card: int
    frozen: bool = False
    poison: int = 0

    @property
    def marked(self) -> bool:
        """A statused card: every seat knows it is in this hand (docs/rulings.md)."""
        return self.frozen or self.poison > 0


class Link(NamedTuple):
    """DS-R4: an activated card, ability or special move on the chain, with its chosen target."""

    kind: Literal["link"]
    owner: int
    program: int  # id of the compiled program (cards.Program)
    source: int  # uid of the source D-Spirit, or -1
    target_kind: str  # "", "unit" (value: uid), "hand" (value: hand-card index in the catalog), "dworld"
    target: int
    target_hand: HandCard | None
    negated: bool


class AttackItem(NamedTuple):
    """DS-B1: a declared attack on the chain; responses to it resolve first (DS-R4)."""

    kind: Literal["attack"]
    owner: int
    attacker: int  # uid
    target: int  # uid, or -1 for a direct attack (DS-B4)
    negated: bool
    limbo: bool  # DS-X5


ChainItem = Link | AttackItem


class EndureChoice(NamedTuple):
    """DS-B2: the defender's decision window: the attack and what it would do."""

    attacker_seat: int
    attacker: int  # uid
    target: int  # uid
    power: int  # the attack's power
    against: int  # the target's power
    outcome: str  # "higher" or "equal"


class TargetChoice(NamedTuple):
    """A "when summoned" ability waiting for its owner to choose a target."""

    program: int
    source: int  # uid


class Bid(NamedTuple):
    """DS-R1 Realm bidding (also DS-X6 Field Rush): who opened, for what, the standing bid, who bids next."""

    kind: Literal["play", "rush"]
    opener: int
    card: int
    amount: int
    high: int  # the seat whose bid stands
    mover: int  # the seat to raise or pass
    source: Literal["hand", "support", "side"]


class Ctx:
    """What a resolving effect knows: who controls it, its source D-Spirit, its chosen target."""

    __slots__ = ("owner", "src", "target_kind", "target", "target_hand", "name", "program")

    owner: int
    src: int
    target_kind: str
    target: int
    target_hand: HandCard | None
    name: str
    program: int

    def __init__(
        self,
        owner: int,
        src: int,
        name: str,
        program: int = -1,
        target_kind: str = "",
        target: int = 0,
        target_hand: HandCard | None = None,
    ):
        self.owner = owner
        self.src = src  # uid of the source D-Spirit, or -1
        self.target_kind = target_kind
        self.target = target
        self.target_hand = target_hand
        self.name = name
        self.program = program


__all__ = [
    "ATTACK_STANCE",
    "BATTLE",
    "BATTLE_SCENE_MAX",
    "BID_STEPS",
    "DRAW",
    "ENDSTEP",
    "ENDURE_STANCE",
    "EXTRA",
    "EXTRA_DRAW_COST",
    "FIELD_RUSH_BID",
    "LIMBO_COST",
    "MAIN",
    "OPEN",
    "OPENING_HAND",
    "OVER",
    "SIDE",
    "SOUL_SHIFT_COST",
    "STANCES",
    "SUPER_CHARGE_COST",
    "SUPPORT_SPIRITS_MAX",
    "AttackItem",
    "Bid",
    "ChainItem",
    "Ctx",
    "EndureChoice",
    "HandCard",
    "Link",
    "Phase",
    "TargetChoice",
    "Unit",
]
