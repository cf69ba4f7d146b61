"""The Stampede vocabulary of effect building blocks (see :mod:`kansei.core.effects`).

Three kinds, each an object with small methods the rules call through :class:`~kansei.core.effects.Compiled`
(``c.impl.method(c.p, …)``):

- **condition** — ``ok(p, s, seat, uid, ab) -> bool``: may the ability be used now?
- **cost** — ``options(p, s, seat, uid) -> list`` (the ways to pay; ``[None]`` needs no choice, ``[]``
  cannot be paid), ``pay(p, s, seat, uid, choice) -> paid`` (what was paid, e.g. the cost card).
- **effect** — ``options(p, s, seat, uid) -> list`` (targets; ``[None]`` needs none, ``[]`` no legal
  target: the ability cannot be used), ``run(p, s, seat, uid, choice, paid)``.

Choices are small ints so actions can be interned: a zone *relative to the acting seat* (0–2 your left,
center, right; 3–5 the opponent's), or a card id for cards chosen from hand. ``label`` turns a choice into
the notation word (``myL``, ``opC``, a card slug). A block that uses another card's effect
(``use_discarded_assist``) chooses a pair: the card id and the choices of that card's effects.

Targets (ST-K6): an effect whose target is a machine ignores Dragon Genus machines unless it names Dragon
Genus (``dragon = true``). "self" and "all_…" do not target. ST-F2: a center holding a single machine is
never a target for leaving the field (destroy, bounce).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, get_args

from pydantic import Field

from kansei.core.effects import BlockParams, BlockRegistry

if TYPE_CHECKING:  # pragma: no cover
    from .rules import StampedeState
    from .table import Catalog

REGISTRY = BlockRegistry("stampede")

ZONE_LABELS = ("myL", "myC", "myR", "opL", "opC", "opR")
MACHINE, ASSIST, EVENT = 0, 1, 2

Target = Literal[
    "self", "own_center", "own_machine", "own_side_machine", "own_event", "own_card",
    "opp_machine", "opp_side_machine", "opp_center", "opp_event", "opp_card",
    "all_own_machines", "all_opp_machines",
]  # fmt: skip
_CHOICE_TARGETS = {
    "own_machine", "own_side_machine", "own_event", "own_card",
    "opp_machine", "opp_side_machine", "opp_event", "opp_card",
}  # fmt: skip
_LEAVING = {"destroy", "bounce"}


def zone_label(ch: int | None) -> str:
    return "" if ch is None else ZONE_LABELS[ch]


class TargetSpec(NamedTuple):
    """What a target parameter may pick, worked out once from its name: the relative zones it may name,
    each as (choice, on my side, zone), and whether it takes only machines or only events."""

    zones: tuple[tuple[int, bool, int], ...]
    machines: bool  # machines only ("…machine", "…center"): ST-K6 applies
    events: bool  # events only ("…event")


def _spec(target: str) -> TargetSpec:
    sides = (0,) if target.startswith("own") else (3,) if target.startswith("opp") else (0, 3)
    zones = (1,) if target.endswith("center") else (0, 2) if "side" in target else (0, 1, 2)
    return TargetSpec(
        tuple((side + z, side == 0, z) for side in sides for z in zones),
        "machine" in target or target.endswith("center"),
        target.endswith("event"),
    )


TARGET_SPECS: dict[str, TargetSpec] = {t: _spec(t) for t in get_args(Target)}


def targets(
    s: StampedeState,
    seat: int,
    target: str,
    dragon: bool,
    max_gear: int = 5,
    leaving: bool = False,
    uid: int = -1,
) -> list[int]:
    """Zone choices (relative to ``seat``) a targeting effect may pick."""
    spec = TARGET_SPECS[target]
    out = []
    card_of, field, centers = s.race.card_of, s.race.field, s.race.centers
    for rel, mine, z in spec.zones:
        side = seat if mine else 1 - seat
        u = field[side * 3 + z]
        if u < 0:
            continue
        d = card_of[u]
        if d.kind == MACHINE:
            if spec.events or (d.dragon and not dragon):  # ST-K6: every machine target but named ones
                continue
        elif spec.machines:
            continue
        if d.gear > max_gear:
            continue
        if leaving and z == 1 and len(centers[side]) <= 1:  # ST-F2
            continue
        out.append(rel)
    return out


def _flat(seat: int, rel: int) -> int:
    """Index into the flat field lists of a relative zone choice."""
    return (seat if rel < 3 else 1 - seat) * 3 + rel % 3


def resolve_zone(seat: int, rel: int) -> tuple[int, int]:
    """(side, zone) of a relative zone choice."""
    return (seat if rel < 3 else 1 - seat), rel % 3


class _Impl:
    """Defaults shared by the implementations."""

    choice: str | None = None  # "zone" or "card" when the block asks for a choice
    # what a condition or cost needs of the card using it from the field, known before it is asked (its
    # own test stays the rule): the zones the card must stand in (None: any), a cost that taps it
    source_zones: tuple[int, ...] | None = None
    taps_source = False

    def label(self, p: Any, table: Catalog, ch: Any) -> str:
        """The notation word of a choice (a relative zone label, or a card's slug)."""
        if ch is None:
            return ""
        if self.choice == "card":
            return table.cards[ch].slug
        return zone_label(ch)

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return [None]

    def domain(self, p: Any, table: Catalog) -> list[Any]:
        """Every choice this block could ever offer (for ``Game.action_space``): a superset of
        ``options`` over all states."""
        if self.choice == "card":
            return [d.id for d in table.cards]
        if self.choice == "zone":
            return _target_domain(getattr(p, "target", None))
        return [None]


def _target_domain(target: str | None) -> list[Any]:
    """The relative zones a target parameter may name (None: no choice)."""
    if target is None or target not in _CHOICE_TARGETS:
        return [None]
    zones = (
        (1,) if target.endswith("center") else (0, 2) if "side" in target or "event" in target else (0, 1, 2)
    )
    return [z + (3 if target.startswith("opp") else 0) for z in zones]


def _target_options(p: Any, s: StampedeState, seat: int, uid: int, leaving: bool = False) -> list[Any]:
    t = p.target
    if t in _CHOICE_TARGETS:
        return targets(s, seat, t, getattr(p, "dragon", False), getattr(p, "max_gear", 5), leaving, uid)
    if t == "self":
        return [None] if s.zone_of(uid) >= 0 else []
    if t in ("own_center", "opp_center"):
        rel = 1 if t == "own_center" else 4
        return [None] if rel in targets(s, seat, t, getattr(p, "dragon", False), 5, leaving) else []
    return [None]  # all_…


def _target_zones(p: Any, s: StampedeState, seat: int, uid: int, ch: Any) -> list[tuple[int, int]]:
    """The (side, zone) pairs an effect acts on at resolution (re-checked: targets that left are skipped)."""
    t = p.target
    if t == "self":
        z = s.zone_of(uid)
        return [] if z < 0 else [(s.owner(uid), z)]
    if t in ("own_center", "opp_center"):
        side = seat if t == "own_center" else 1 - seat
        return [(side, 1)] if s.race.field[side * 3 + 1] >= 0 else []
    if t in ("all_own_machines", "all_opp_machines"):
        side = seat if t == "all_own_machines" else 1 - seat
        return [
            (side, z)
            for z in (0, 1, 2)
            if s.race.field[side * 3 + z] >= 0 and s.race.card_of[s.race.field[side * 3 + z]].kind == MACHINE
        ]
    if ch is None:
        return []
    side, z = resolve_zone(seat, ch)
    u = s.race.field[side * 3 + z]
    return [(side, z)] if u >= 0 else []


# ---------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------
class _Cond(_Impl):
    def ok(
        self, p: Any, s: StampedeState, seat: int, uid: int, ab: int
    ) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError


class SelfIsCenter(_Cond):
    """The source is the top machine of your center."""

    source_zones = (1,)

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.field[seat * 3 + 1] == uid


class SelfOnSide(_Cond):
    """The source stands in your left or right zone."""

    source_zones = (0, 2)

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.field[seat * 3] == uid or s.race.field[seat * 3 + 2] == uid


class GearParams(BlockParams):
    gear: int = Field(ge=1, le=5)


class CenterGearAtLeast(_Cond):
    """Your center's gear is at least ``gear``."""

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.card_of[s.race.field[seat * 3 + 1]].gear >= p.gear


class Behind(_Cond):
    """Your remaining distance is greater than the opponent's."""

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.distance[seat] > s.race.distance[1 - seat]


class Ahead(_Cond):
    """Your remaining distance is smaller than the opponent's."""

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.distance[seat] < s.race.distance[1 - seat]


class DistanceParams(BlockParams):
    who: Literal["self", "opponent"] = "self"
    at_most: int = Field(ge=0)


class DistanceAtMost(_Cond):
    """``who``'s remaining distance is at most ``at_most``."""

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.distance[seat if p.who == "self" else 1 - seat] <= p.at_most


class OncePerTurn(_Cond):
    """This ability of this card has not been used this turn."""

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return (uid, ab) not in s.race.used_this_turn


class MyTurn(_Cond):
    """It is your turn."""

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.active == seat


class OpponentTurn(_Cond):
    """It is the opponent's turn."""

    def ok(self, p: Any, s: StampedeState, seat: int, uid: int, ab: int) -> bool:
        return s.race.active != seat


# ---------------------------------------------------------------------------------------------------
# costs
# ---------------------------------------------------------------------------------------------------
class TapSelf(_Impl):
    """Tap this card (it must be untapped on the field)."""

    taps_source = True

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        z = s.zone_of(uid)
        return [None] if z >= 0 and not s.race.tapped[seat * 3 + z] else []

    def pay(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any) -> Any:
        s.set_tapped(seat, s.zone_of(uid), True)
        return None


class TapOwnCard(_Impl):
    """Tap one of your other untapped field cards (machine or event)."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        base = seat * 3
        field, tapped = s.race.field, s.race.tapped
        return [
            z for z in (0, 1, 2) if field[base + z] >= 0 and field[base + z] != uid and not tapped[base + z]
        ]

    def pay(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any) -> Any:
        s.set_tapped(seat, ch, True)
        return s.race.field[seat * 3 + ch]

    def domain(self, p: Any, table: Catalog) -> list[Any]:
        return [0, 1, 2]


class PutUnderSelf(_Impl):
    """Put one of your gear-``gear`` machines from a side zone under this card (this card at the center)."""

    choice = "zone"
    source_zones = (1,)

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        if s.race.field[seat * 3 + 1] != uid:
            return []
        out = []
        for z in (0, 2):
            u = s.race.field[seat * 3 + z]
            if u >= 0 and s.race.card_of[u].kind == MACHINE and s.race.card_of[u].gear == p.gear:
                out.append(z)
        return out

    def pay(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any) -> Any:
        return s.put_under_center(seat, ch)

    def domain(self, p: Any, table: Catalog) -> list[Any]:
        return [0, 2]


class DiscardCard(_Impl):
    """Discard one card from your hand (other than the card being used)."""

    choice = "card"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        hand = s.race.hands[seat]
        seen = set()
        for u in hand:
            if u != uid:
                seen.add(s.race.card_of[u].id)
        return sorted(seen)

    def pay(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any) -> Any:
        return s.discard_from_hand(seat, ch, avoid=uid)


class SacrificeParams(BlockParams):
    max_gear: int = Field(5, ge=1, le=5)


class SacrificeSide(_Impl):
    """Put one of your side machines of gear ≤ ``max_gear`` into the discard pile."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        out = []
        for z in (0, 2):
            u = s.race.field[seat * 3 + z]
            if (
                u >= 0
                and u != uid
                and s.race.card_of[u].kind == MACHINE
                and s.race.card_of[u].gear <= p.max_gear
            ):
                out.append(z)
        return out

    def pay(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any) -> Any:
        u = s.race.field[seat * 3 + ch]
        s.remove_from_field(seat, ch, dest="discard")
        return u

    def domain(self, p: Any, table: Catalog) -> list[Any]:
        return [0, 2]


# ---------------------------------------------------------------------------------------------------
# effects
# ---------------------------------------------------------------------------------------------------
class AddStatsParams(BlockParams):
    target: Target = "self"
    pow: int = 0
    def_: int = Field(0, alias="def")
    from_cost: bool = False  # add the stats of the card paid as cost (Grateful Train)
    duration: Literal["turn", "field"] = "turn"  # until end of turn / while it stays on the field
    dragon: bool = False


class AddStats(_Impl):
    """Add POW/DEF (and/or the cost card's stats) to machines, until end of turn or while on the field."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return _target_options(p, s, seat, uid)

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        dp, dd = p.pow, p.def_
        if p.from_cost:
            for u in paid:
                if u is not None and u >= 0:
                    dp += s.race.card_of[u].pow
                    dd += s.race.card_of[u].def_
        for side, z in _target_zones(p, s, seat, uid, ch):
            u = s.race.field[side * 3 + z]
            if s.race.card_of[u].kind == MACHINE:
                s.add_mod(u, dp, dd, p.duration)


class AmountParams(BlockParams):
    amount: int = Field(ge=1)


class AdvanceParams(BlockParams):
    amount: int = Field(ge=1)
    as_run: bool = False  # a run: stopped by Obstruction (ST-K1), answered by Dead Heat (ST-K5)


class Advance(_Impl):
    """Lower your remaining distance by ``amount`` (a run if ``as_run``)."""

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        if p.as_run and s.obstructed(seat):
            return []
        return [None]

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        s.effect_run(seat, p.amount, p.as_run)


class PushBackParams(BlockParams):
    who: Literal["opponent", "self"] = "opponent"
    amount: int = Field(ge=1)


class PushBack(_Impl):
    """Add ``amount`` to a remaining distance (Goal/Requiem Keeper delays)."""

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        s.change_distance(1 - seat if p.who == "opponent" else seat, p.amount)


class CountParams(BlockParams):
    count: int = Field(1, ge=1, le=10)


class Draw(_Impl):
    """Draw ``count`` cards (ST-O1: drawing from an empty deck loses instead)."""

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        s.draw(seat, p.count)


class TargetParams(BlockParams):
    target: Target
    max_gear: int = Field(5, ge=1, le=5)
    dragon: bool = False  # the effect names Dragon Genus (ST-K6)


class Destroy(_Impl):
    """Destroy the target (ST-F2: never a center holding a single machine)."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return _target_options(p, s, seat, uid, leaving=True)

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        for side, z in _target_zones(p, s, seat, uid, ch):
            if z == 1 and len(s.race.centers[side]) <= 1:
                continue
            s.destroy(side, z)


class Bounce(_Impl):
    """Return the target to its owner's hand (ST-F2 applies)."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return _target_options(p, s, seat, uid, leaving=True)

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        for side, z in _target_zones(p, s, seat, uid, ch):
            if z == 1 and len(s.race.centers[side]) <= 1:
                continue
            s.remove_from_field(side, z, dest="hand")


class Tap(_Impl):
    """Tap the target (an untapped card)."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return [
            ch for ch in _target_options(p, s, seat, uid) if ch is None or not s.race.tapped[_flat(seat, ch)]
        ]

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        for side, z in _target_zones(p, s, seat, uid, ch):
            s.set_tapped(side, z, True)


class Untap(_Impl):
    """Untap the target (a tapped card)."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return [ch for ch in _target_options(p, s, seat, uid) if ch is None or s.race.tapped[_flat(seat, ch)]]

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        for side, z in _target_zones(p, s, seat, uid, ch):
            s.set_tapped(side, z, False)


class DamageEventParams(BlockParams):
    target: Literal["opp_event", "own_event"] = "opp_event"
    amount: int = Field(ge=1)


class DamageEvent(_Impl):
    """Take ``amount`` off an event's HP; at 0 it is destroyed (ST-C3)."""

    choice = "zone"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return _target_options(p, s, seat, uid)

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        for side, z in _target_zones(p, s, seat, uid, ch):
            s.damage_event(side, z, p.amount)


class SearchParams(BlockParams):
    name: str | None = None  # a card name (Japanese or English)
    kind: Literal["machine", "assist", "event"] | None = None
    max_gear: int = Field(5, ge=1, le=5)
    count: int = Field(1, ge=1, le=4)


class Search(_Impl):
    """Up to ``count`` matching cards from your deck to your hand, then shuffle (ST-O1: fizzles if none)."""

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        kind = None if p.kind is None else ("machine", "assist", "event").index(p.kind)
        s.search(seat, p.name, kind, p.max_gear, p.count)


class Recycle(_Impl):
    """Put the ``count`` most recent cards of your discard pile at the bottom of your deck."""

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        s.recycle(seat, p.count)


class ForceParams(BlockParams):
    lift_gear: int = Field(1, ge=1, le=5)  # lifted when your center is this gear (or lower)
    lift_cards: int = Field(2, ge=0, le=10)  # lifted when your center holds this many machines or fewer


class ForceAttackCenter(_Impl):
    """Until the opponent's next end phase, every opposing machine able to act must attack your center."""

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        s.force_attack(seat, p.lift_gear, p.lift_cards)


class CancelAttack(_Impl):
    """The attack declared against you (now on the stack) fizzles; the attackers stay tapped."""

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return [None] if s.pending_against(seat, "attack") >= 0 else []

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        s.cancel_pending(seat, "attack")


class CancelRun(_Impl):
    """The opponent's declared run (now on the stack) fizzles; the machine stays tapped."""

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return [None] if s.pending_against(seat, "run") >= 0 else []

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        s.cancel_pending(seat, "run")


class EnterCenter(_Impl):
    """(From hand) put this card on top of your center: a Demi-Guest's procedure (ST-K4)."""

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        return [None] if uid in s.race.hands[seat] else []

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        if uid in s.race.hands[seat]:
            s.enter_center(seat, uid)


class UseDiscardedAssist(_Impl):
    """Choose an assist in the opponent's discard pile and use its effect as your own (《幻影の周回》)."""

    # The choice is ``(card id, its effects' choices)``: the copied assist's play ability is used by the
    # acting seat, its condition checked for that seat (option ``copy_conditions``), its targets relative
    # to that seat, and its effects run as if the acting card had them (docs/rulings.md): the copied card
    # stays where it is; its costs (none in the shipped content) are not paid, since only the effect is
    # used; the center's class and gear limit only the card played (ST-T6). A keeper (ST-K8: no play
    # ability) or an assist that itself copies cannot be chosen. At resolution the chosen card must still
    # lie in the opponent's discard pile, or the effect fizzles; the copied effects check their own
    # targets again.

    choice = "copy"

    def options(self, p: Any, s: StampedeState, seat: int, uid: int) -> list[Any]:
        pile = s.race.discard[1 - seat]
        if not pile:
            return []
        card_of = s.race.card_of
        conditions = s.game.options.copy_conditions == "apply"
        out: list[Any] = []
        for d in sorted({card_of[u] for u in pile}, key=_card_id):
            ab = _copyable(d.play)
            if ab is None:
                continue
            if conditions and not all(c.impl.ok(c.p, s, seat, uid, ab.index) for c in ab.conds):
                continue
            lists = [e.impl.options(e.p, s, seat, uid) for e in ab.effects]
            if all(lists):
                out.extend((d.id, sub) for sub in product(*lists))
        return out

    def run(self, p: Any, s: StampedeState, seat: int, uid: int, ch: Any, paid: tuple[Any, ...]) -> None:
        cid, sub = ch
        card_of = s.race.card_of
        opp = 1 - seat
        copied = next((card_of[u] for u in s.race.discard[opp] if card_of[u].id == cid), None)
        ab = None if copied is None else copied.play
        if copied is None or ab is None:  # the chosen card left the discard pile before resolution
            s.log("fizzle", what="copy", seat=seat, card=card_of[uid].en)
            return
        s.log("copy", seat=seat, card=copied.en, owner=opp)
        for e, c in zip(ab.effects, sub, strict=True):
            if s.over:
                return
            e.impl.run(e.p, s, seat, uid, c, ())

    def label(self, p: Any, table: Catalog, ch: Any) -> str:
        cid, sub = ch
        d = table.cards[cid]
        assert d.play is not None
        words = [d.slug]
        words += [
            e.impl.label(e.p, table, c) for e, c in zip(d.play.effects, sub, strict=True) if c is not None
        ]
        return " ".join(words)

    def domain(self, p: Any, table: Catalog) -> list[Any]:
        out: list[Any] = []
        for d in table.cards:
            ab = None if d.kind != ASSIST else _copyable(d.play)
            if ab is not None:
                out.extend((d.id, sub) for sub in product(*(e.impl.domain(e.p, table) for e in ab.effects)))
        return out


def _copyable(ab: Any) -> Any:
    """The play ability of an assist, if another card may use its effect (one that copies may not)."""
    if ab is None or any(isinstance(e.impl, UseDiscardedAssist) for e in ab.effects):
        return None
    return ab


def _card_id(d: Any) -> int:
    return int(d.id)


def _reg(name: str, impl: _Impl, params: type[BlockParams] = BlockParams, kind: str = "effect") -> None:
    REGISTRY.register(name, params, impl, kind=kind)


_reg("self_is_center", SelfIsCenter(), kind="condition")
_reg("self_on_side", SelfOnSide(), kind="condition")
_reg("center_gear_at_least", CenterGearAtLeast(), GearParams, kind="condition")
_reg("behind", Behind(), kind="condition")
_reg("ahead", Ahead(), kind="condition")
_reg("distance_at_most", DistanceAtMost(), DistanceParams, kind="condition")
_reg("once_per_turn", OncePerTurn(), kind="condition")
_reg("my_turn", MyTurn(), kind="condition")
_reg("opponent_turn", OpponentTurn(), kind="condition")

_reg("tap_self", TapSelf(), kind="cost")
_reg("tap_own_card", TapOwnCard(), kind="cost")
_reg("put_under_self", PutUnderSelf(), GearParams, kind="cost")
_reg("discard_card", DiscardCard(), kind="cost")
_reg("sacrifice_side", SacrificeSide(), SacrificeParams, kind="cost")

_reg("add_stats", AddStats(), AddStatsParams)
_reg("advance", Advance(), AdvanceParams)
_reg("push_back", PushBack(), PushBackParams)
_reg("draw", Draw(), CountParams)
_reg("destroy", Destroy(), TargetParams)
_reg("bounce", Bounce(), TargetParams)
_reg("tap", Tap(), TargetParams)
_reg("untap", Untap(), TargetParams)
_reg("damage_event", DamageEvent(), DamageEventParams)
_reg("search", Search(), SearchParams)
_reg("recycle", Recycle(), CountParams)
_reg("force_attack_center", ForceAttackCenter(), ForceParams)
_reg("cancel_attack", CancelAttack())
_reg("cancel_run", CancelRun())
_reg("enter_center", EnterCenter())
_reg("use_discarded_assist", UseDiscardedAssist())

__all__ = ["REGISTRY", "ZONE_LABELS", "resolve_zone", "targets", "zone_label"]
