"""D-Spirits effect building blocks (DS-C1, DS-C2, DS-C3): the vocabulary card effects are composed from.

Content never holds free text to parse: an ability, special move or support card lists blocks by name
(``{block = "inflict", status = "poisoned", target = "foe", amount = 200}``), validated and compiled at
load by :class:`kansei.core.effects.BlockRegistry`. Three kinds:

- ``effect`` blocks run when a chain link resolves (DS-R4) or a trigger fires; they act through the
  state's small primitive API (``select``, ``destroy``, ``lose_sp``, …): the rules stay in the state.
- ``static`` blocks are continuous: the stat auras of Realms and lasting Signals (DS-R1, DS-B6).
- ``condition`` blocks are D-Evolution requirements (DS-C3).

Targets. An effect may *choose* one D-Spirit or card (``foe``, ``own``, ``other_own``, ``any``, or the card
of ``super_summon`` / the launched D-Spirit of ``launch``); the player names it with the action. Every
choosing block of one effect shares that single choice (checked in ``cards.py``). Other selectors act
without a choice: ``self`` (the source D-Spirit), ``all_foes``, ``all_own``, ``all``, and ``attacker`` (the
D-Spirit whose attack is on the chain, for responses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from kansei.core.effects import BlockParams, BlockRegistry

if TYPE_CHECKING:  # pragma: no cover
    from .spirits import SpiritState as DSpiritsState
    from .state import Ctx, Unit

REGISTRY = BlockRegistry("dspirits")

Target = Literal["self", "foe", "own", "other_own", "any", "all_foes", "all_own", "all", "attacker"]
CHOOSING = frozenset({"foe", "own", "other_own", "any"})  # selectors the player picks a D-Spirit for
Stat = Literal["attack", "endurance"]


# ------------------------------------------------------------------------------------------ effects
class Amount(BlockParams):
    amount: int = Field(gt=0)


class DamageSp(BlockParams):
    amount: int = Field(gt=0)
    who: Literal["opponent", "you"] = "opponent"


class Draw(BlockParams):
    amount: int = Field(default=1, ge=1, le=5)
    deck: Literal["squad", "support"] = "squad"


class Targeted(BlockParams):
    target: Target
    max_power: int = Field(default=0, ge=0)  # 0: no limit; else only D-Spirits with Attack power <= this


class Modify(BlockParams):
    stat: Stat
    amount: int
    target: Target = "self"
    max_power: int = Field(default=0, ge=0)
    duration: Literal["turn", "permanent"] = "turn"

    @model_validator(mode="after")
    def _nonzero(self) -> Modify:
        if self.amount == 0:
            raise ValueError("amount must not be 0")
        return self


class Inflict(BlockParams):
    status: Literal["frozen", "poisoned"]
    target: Target
    amount: int = Field(default=0, ge=0)  # poison damage to the controller per turn (DS-R2)
    max_power: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _amount(self) -> Inflict:
        if self.status == "poisoned" and not 50 <= self.amount <= 3000:
            raise ValueError("poisoned needs amount (damage per turn) between 50 and 3000")
        if self.status == "poisoned" and self.amount % 50:
            raise ValueError("poison amount must be a multiple of 50")
        if self.status == "frozen" and self.amount:
            raise ValueError("frozen takes no amount")
        return self


class Launch(BlockParams):
    stat: Literal["attack", "endurance", "sp"]
    at: Literal["sp", "foe"] = "sp"  # the opponent's SP, or a chosen opposing D-Spirit (DS-R3)
    launched: Literal["self", "other_own"] = "self"

    @model_validator(mode="after")
    def _one_choice(self) -> Launch:
        if self.at == "foe" and self.launched == "other_own":
            raise ValueError("a launch chooses one thing: launch 'self' at a foe, or another D-Spirit at SP")
        return self


class SuperSummon(BlockParams):
    source: Literal["hand", "dworld"]
    max_power: int = Field(default=0, ge=0)


class NoParams(BlockParams):
    pass


def _gain_sp(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """You gain ``amount`` SP (Pixie types regain SP)."""
    s.gain_sp(c.owner, p.amount, "y_named", c.name)


def _damage_sp(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """The opponent (or you) loses ``amount`` SP."""
    s.lose_sp(1 - c.owner if p.who == "opponent" else c.owner, p.amount, "y_named", c.name)


def _draw(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Draw ``amount`` cards from your D-Squad or Support deck."""
    for _ in range(p.amount):
        s.draw(c.owner, 0 if p.deck == "squad" else 1, "y_named", c.name)


def _destroy(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Destroy the D-Spirit(s); their controller loses their SP value (DS-B3)."""
    for who, u in s.select(p.target, p.max_power, c):
        s.destroy(who, u, "y_named", c.name)


def _banish(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Remove the D-Spirit(s) from play, with their evolution stacks (DS-C3); no SP is lost."""
    for who, u in s.select(p.target, p.max_power, c):
        s.banish(who, u, "y_named", c.name)


def _bounce(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Return the D-Spirit(s) to their owner's hand (statuses stay on them, DS-R2)."""
    for who, u in s.select(p.target, p.max_power, c):
        s.to_hand(who, u, "y_named", c.name)


def _modify(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Add ``amount`` to Attack power or Endurance, for this turn or for as long as it stays in play."""
    for who, u in s.select(p.target, p.max_power, c):
        s.modify(who, u, p.stat, p.amount, p.duration == "permanent", "y_named", c.name)


def _inflict(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Inflict Frozen or Poisoned (DS-R2)."""
    for who, u in s.select(p.target, p.max_power, c):
        s.inflict(who, u, p.status, p.amount, "y_named", c.name)


def _cure(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Remove every status from the D-Spirit(s)."""
    for who, u in s.select(p.target, p.max_power, c):
        s.cure(who, u, "y_named", c.name)


def _launch(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Launch a D-Spirit (DS-R3): one of its stats damages the opponent's SP or a chosen opposing D-Spirit;
    then it goes to the D-World (also when the launch is negated — see ``on_negated``)."""
    s.launch(c, p.stat, p.at, p.launched)


def _super_summon(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Super D-Summon the chosen D-Spirit from your hand or D-World (DS-G3)."""
    s.super_summon_chosen(c)


def _move_zone(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """The source D-Spirit moves between your Support Zone and your Battle Scene (Lampire, DS-B6)."""
    s.move_zone(c)


def _negate(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Negate the card or effect this one responds to (the link below it in the chain, DS-R4)."""
    s.negate_below(c)


def _negate_attack(p: Any, s: DSpiritsState, c: Ctx) -> None:
    """Negate the attack on the chain."""
    s.negate_attack(c)


for _name, _params, _impl in (
    ("gain_sp", Amount, _gain_sp),
    ("damage_sp", DamageSp, _damage_sp),
    ("draw", Draw, _draw),
    ("destroy", Targeted, _destroy),
    ("banish", Targeted, _banish),
    ("bounce", Targeted, _bounce),
    ("modify", Modify, _modify),
    ("inflict", Inflict, _inflict),
    ("cure", Targeted, _cure),
    ("launch", Launch, _launch),
    ("super_summon", SuperSummon, _super_summon),
    ("move_zone", NoParams, _move_zone),
    ("negate", NoParams, _negate),
    ("negate_attack", NoParams, _negate_attack),
):
    REGISTRY.register(_name, _params, _impl, kind="effect")


# ------------------------------------------------------------------------------------------ statics
class Aura(BlockParams):
    stat: Stat
    amount: int
    type: str | None = None  # only D-Spirits of this type (checked against the chart in cards.py)
    side: Literal["all", "own", "foe"] = "all"  # relative to the card's owner


def _aura(p: Any, *_: Any) -> Any:
    """A continuous stat change while the card is in play (Realm zone or Support Zone)."""
    return p


REGISTRY.register("aura", Aura, _aura, kind="static")


# ------------------------------------------------------------------------------------------ conditions
class Turns(BlockParams):
    turns: int = Field(ge=1, le=10)


class Count(BlockParams):
    count: int = Field(default=1, ge=1, le=5)


class SpAtMost(BlockParams):
    amount: int = Field(gt=0)


def _turns_on_field(p: Any, s: DSpiritsState, owner: int, u: Unit) -> bool:
    """The base has been on the field for ``turns`` of your turns (this one included)."""
    return s.own_turns(owner, u) >= p.turns


def _battle_wins(p: Any, s: DSpiritsState, owner: int, u: Unit) -> bool:
    """The base has destroyed ``count`` opposing D-Spirits in battle."""
    return u.wins >= p.count


def _endured(p: Any, s: DSpiritsState, owner: int, u: Unit) -> bool:
    """The base has endured ``count`` attacks (DS-B2)."""
    return u.endures >= p.count


def _sp_at_most(p: Any, s: DSpiritsState, owner: int, u: Unit) -> bool:
    """Your SP is at most ``amount``."""
    return s.sp[owner] <= p.amount


REGISTRY.register("turns_on_field", Turns, _turns_on_field, kind="condition")
REGISTRY.register("battle_wins", Count, _battle_wins, kind="condition")
REGISTRY.register("endured", Count, _endured, kind="condition")
REGISTRY.register("sp_at_most", SpAtMost, _sp_at_most, kind="condition")


def block_target(c: Any) -> tuple[str | None, int]:
    """(choosing selector or None, max_power) of one compiled effect block."""
    name, p = c.name, c.p
    if name == "super_summon":
        return p.source, p.max_power
    if name == "launch":
        if p.launched == "other_own":
            return "other_own", 0
        return ("foe", 0) if p.at == "foe" else (None, 0)
    t = getattr(p, "target", None)
    if t in CHOOSING:
        return t, getattr(p, "max_power", 0)
    return None, 0


__all__ = ["CHOOSING", "REGISTRY", "block_target"]
