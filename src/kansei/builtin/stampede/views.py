"""Card Race Stampede!!: what a seat may see (``view``), its published model (:class:`StampedeView`),
everything (``reveal``, for tests and replays) and the refs of actions (``move_refs``).

Hidden: the order of every deck and the cards in hands (the owner's own hand is shown once set-up is
over: the text says the dealt cards are "not looked at yet"), and the opponent's first machine while it
lies face down (ST-S1). Open: the field, distances, discard piles, pending responses and the decklists
(docs/rulings.md).

Refs (docs/ARCHITECTURE.md, "The contract"): the things an action touches, each the ``"ref"`` of an
object of the mover's view.

- ``zone:<seat>:<L|C|R>``: a machine zone of either seat (``players[p].zones``), empty or not: where a
  machine is called or an event placed, the machines that attack or run, the target of an attack or an
  effect, a card whose ability is used from the field or paid with (tapped, put under, sacrificed).
- ``hand:<slug>``: a card in the mover's own hand (``players[p].hand``); copies of a card share it (any
  copy does the same): the card called, placed or played, or discarded to pay a cost.
- ``deck:<seat>:<slug>``: a gear-1 machine of the seat's own deck it may set as its first machine
  (``players[p].first_machines``, ST-S1).
- ``ability:<seat>:<L|C|R>:<n>``: the n-th activated ability (from 1) of the card in that zone
  (``players[p].zones[z].abilities``), after the zone's ref: what ``use`` does rather than attack or run.
- ``trigger:<slug>``: the triggered ability whose owner chooses now (``windows.trigger``).
- ``choice:first`` / ``choice:second``: going first or second (``choices``, ST-S1).
- ``discard:<seat>:<slug>``: a card of the seat's discard pile (``players[p].discard_cards``): the assist
  whose effect 《幻影の周回》 uses, before that effect's own targets.

An action's refs list the card or zone it uses first, then its targets and payments in the order its
notation names them. Going to battle, ending the turn, passing and declining a triggered ability have
none (one of them at most in any decision). Two actions share their refs only where a card in hand has
two keeper abilities with the same choices (no card of the shipped content has).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from kansei.core.protocol import Action, GameView

from .cards import KINDS, MACHINE
from .state import (
    CENTER,
    CHOOSE_CENTER,
    CHOOSE_ORDER,
    SETUP_PHASES,
    W_CHOICE,
    ZONES,
    AbilityItem,
    AttackItem,
    DeadHeatItem,
    PlacedItem,
    RunItem,
)
from .table import can_start

if TYPE_CHECKING:  # pragma: no cover
    from .rules import StampedeState

# ------------------------------------------------------------------------------------------ the model
Seat = Literal[0, 1]
ZoneName = Literal["L", "C", "R"]
ClassId = Literal["scarlet_rose", "sugar_mountain", "midnight_wolf", "dragoon_crown", "steering"]
Phase = Literal["center", "order", "draw", "repair", "main", "battle", "end", "over"]
WindowKind = Literal["attack", "run", "goal", "deckout", "choice", "effect", "deadheat"]
Count = Annotated[int, Field(ge=0)]


class AbilityRef(GameView):
    """An activated ability of a card on the field (``use``), the n-th of the card (from 1)."""

    ref: str
    n: Annotated[int, Field(ge=1)]


class MachineZone(GameView):
    """A machine on top of a zone (ST-C1): POW and DEF with the changes in force; the center also shows
    its stack, bottom first (ST-F2)."""

    ref: str
    kind: Literal["machine"]
    name: str
    en: str
    gear: int
    class_: ClassId = Field(alias="class")
    tapped: bool
    pow: int
    def_: int = Field(alias="def")
    double_action_used: bool
    abilities: list[AbilityRef]
    height: Count | None = None  # the center only: machines in the stack
    stack: list[str] | None = None  # the center only: English names, bottom first


class EventZone(GameView):
    """An event in a side zone (ST-C3): its HP left."""

    ref: str
    kind: Literal["event"]
    name: str
    en: str
    gear: int
    class_: ClassId = Field(alias="class")
    tapped: bool
    hp: int
    max_hp: int
    abilities: list[AbilityRef]


class FaceDownZone(GameView):
    """The opponent's first machine, face down during set-up (ST-S1)."""

    ref: str
    kind: Literal["face_down"]
    height: Count


class EmptyZone(GameView):
    ref: str
    kind: Literal["empty"]


ZoneView = Annotated[MachineZone | EventZone | FaceDownZone | EmptyZone, Field(discriminator="kind")]


class Zones(GameView):
    L: ZoneView
    C: ZoneView
    R: ZoneView


class HandCard(GameView):
    """A card in the viewer's own hand."""

    ref: str
    name: str
    en: str


class DeckChoice(GameView):
    """A gear-1 machine of the viewer's deck it may set as its first machine (ST-S1)."""

    ref: str
    name: str
    en: str
    count: Count


class DiscardCard(GameView):
    """A card of a discard pile, once per name: what 《幻影の周回》 picks in the opponent's."""

    ref: str
    name: str
    en: str
    count: Count


class DecklistEntry(GameView):
    name: str
    en: str
    count: Count


class PlayerView(GameView):
    seat: Seat
    distance: int
    zones: Zones
    hand_count: Count
    deck_count: Count
    discard: list[str]  # English names, oldest first
    discard_cards: list[DiscardCard]  # the same cards once per name (by English name), with their refs
    tune: list[str]  # ST-F1: shown, always empty
    forcing: bool  # its 《進路妨害》 holds
    decklist: list[DecklistEntry]
    hand: list[HandCard] | None = None  # the viewer's own, once set-up is over
    first_machines: list[DeckChoice] | None = None  # the viewer's own, while it chooses


class FrameView(GameView):
    kind: WindowKind
    priority: Seat | None
    resolving: bool


class TriggerView(GameView):
    """A triggered ability whose owner chooses its targets now (or declines it)."""

    ref: str
    seat: Seat
    card: str


class AttackItemView(GameView):
    kind: Literal["attack"]
    seat: Seat
    attackers: list[str]
    target: str
    target_zone: ZoneName


class RunItemView(GameView):
    kind: Literal["run"]
    seat: Seat
    card: str
    gear: int


class AbilityItemView(GameView):
    kind: Literal["ability"]
    seat: Seat
    card: str
    ability: Count


class DeadHeatItemView(GameView):
    kind: Literal["deadheat"]
    seat: Seat
    card: str
    by: int


class PlacedItemView(GameView):
    kind: Literal["placed"]
    seat: Seat
    card: str


class FizzledItemView(GameView):
    kind: Literal["fizzled"]
    what: Literal["attack", "run"]
    seat: Seat


class LossItemView(GameView):
    kind: Literal["goal", "deckout"]
    seat: Seat


ItemView = Annotated[
    AttackItemView
    | RunItemView
    | AbilityItemView
    | DeadHeatItemView
    | PlacedItemView
    | FizzledItemView
    | LossItemView,
    Field(discriminator="kind"),
]


class WindowsView(GameView):
    """The open response windows (ST-T6), innermost last, and what waits to resolve, newest last."""

    frames: list[FrameView]
    items: list[ItemView]
    trigger: TriggerView | None


class ChoiceView(GameView):
    ref: str
    name: Literal["first", "second"]


class StampedeView(GameView):
    """What ``view(seat)`` returns (``seat`` None: a spectator)."""

    game: Literal["stampede"]
    phase: Phase
    turn: int
    gear_cap: int
    active: Seat
    first: Literal[-1, 0, 1]  # -1 during set-up
    to_move: Seat | None
    players: Annotated[list[PlayerView], Field(min_length=2, max_length=2)]
    windows: WindowsView | None
    choices: list[ChoiceView]
    you: Seat | None
    over: bool
    winner: Seat | None
    reason: Literal["", "goal", "deck-out"]


# ------------------------------------------------------------------------------------------ the view
REF_ZONES = tuple(tuple(f"zone:{p}:{z}" for z in ZONES) for p in (0, 1))  # [seat][zone]
CHOICES = ({"ref": "choice:first", "name": "first"}, {"ref": "choice:second", "name": "second"})


def zone_view(s: StampedeState, p: int, z: int, hidden: bool) -> dict[str, Any]:
    ref = REF_ZONES[p][z]
    u = s.field[p * 3 + z]
    if u < 0:
        return {"ref": ref, "kind": "empty"}
    if hidden:
        return {"ref": ref, "kind": "face_down", "height": len(s.centers[p])}
    d = s.card_of[u]
    v: dict[str, Any] = {
        "ref": ref,
        "kind": KINDS[d.kind],
        "name": d.name,
        "en": d.en,
        "gear": d.gear,
        "class": d.rec.class_,
        "tapped": s.tapped[p * 3 + z],
        "abilities": [{"ref": f"ability:{p}:{ZONES[z]}:{n}", "n": n} for n in range(1, len(d.activated) + 1)],
    }
    if d.kind == MACHINE:
        v["pow"] = s.pow_of(u)
        v["def"] = s.def_of(u)
        v["double_action_used"] = u in s.double_action_used
    else:
        v["hp"] = d.hp - s.damage.get(u, 0)
        v["max_hp"] = d.hp
    if z == CENTER:
        v["height"] = len(s.centers[p])
        v["stack"] = [s.card_of[x].en for x in s.centers[p]]
    return v


def item_view(s: StampedeState, it: tuple[Any, ...]) -> dict[str, Any]:
    """A pending item as public names (responses are face up)."""
    card_of = s.card_of
    v: dict[str, Any] = {"kind": it[0]}
    if isinstance(it, AttackItem):
        v |= {
            "seat": it.seat,
            "attackers": [card_of[u].en for _, u in it.attackers],
            "target": card_of[it.target].en,
            "target_zone": ZONES[it.target_zone],
        }
    elif isinstance(it, RunItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en, "gear": card_of[it.uid].gear}
    elif isinstance(it, AbilityItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en, "ability": it.ability}
    elif isinstance(it, DeadHeatItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en, "by": it.by}
    elif isinstance(it, PlacedItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en}
    elif it[0] == "fizzled":
        v |= {"what": it[1], "seat": it[2]}
    else:  # goal, deckout
        v["seat"] = it[1]
    return v


def _windows_view(s: StampedeState) -> dict[str, Any] | None:
    windows = s.windows
    if not windows.frames:
        return None
    trigger = None
    if windows.kind == W_CHOICE:
        seat, uid, _ = windows.data
        d = s.card_of[uid]
        trigger = {"ref": f"trigger:{d.slug}", "seat": seat, "card": d.en}
    return {
        "frames": [
            {"kind": f.kind, "priority": f.priority, "resolving": f.resolving} for f in windows.frames
        ],
        "items": [item_view(s, it) for it in windows.items],
        "trigger": trigger,
    }


def _decklist(s: StampedeState, p: int) -> list[dict[str, Any]]:
    cards = s.game.table.cards
    return [{"name": cards[cid].name, "en": cards[cid].en, "count": n} for cid, n in s.decklists[p].cards]


def _first_machines(s: StampedeState, p: int) -> list[dict[str, Any]]:
    """ST-S1: the kinds of gear-1 machines in ``p``'s deck, with how many of each."""
    counts: dict[int, int] = {}
    card_of = s.card_of
    for u in s.decks[p]:
        d = card_of[u]
        if can_start(d):
            counts[d.id] = counts.get(d.id, 0) + 1
    cards = s.game.table.cards
    return [
        {"ref": f"deck:{p}:{cards[cid].slug}", "name": cards[cid].name, "en": cards[cid].en, "count": n}
        for cid, n in sorted(counts.items())
    ]


def _discard_cards(s: StampedeState, p: int) -> list[dict[str, Any]]:
    counts: dict[int, int] = {}
    card_of = s.card_of
    for u in s.discard[p]:
        cid = card_of[u].id
        counts[cid] = counts.get(cid, 0) + 1
    cards = s.game.table.cards
    return [
        {"ref": f"discard:{p}:{d.slug}", "name": d.name, "en": d.en, "count": counts[d.id]}
        for d in sorted((cards[cid] for cid in counts), key=lambda d: d.en)
    ]


def view(s: StampedeState, seat: int | None) -> dict[str, Any]:
    setup = s.phase in SETUP_PHASES
    card_of = s.card_of
    players = []
    for p in (0, 1):
        hidden_center = setup and p != seat
        pv: dict[str, Any] = {
            "seat": p,
            "distance": s.distance[p],
            "zones": {ZONES[z]: zone_view(s, p, z, hidden_center and z == CENTER) for z in (0, 1, 2)},
            "hand_count": len(s.hands[p]),
            "deck_count": len(s.decks[p]),
            "discard": [card_of[u].en for u in s.discard[p]],
            "discard_cards": _discard_cards(s, p),
            "tune": [],  # ST-F1 ruling: shown, always empty
            "forcing": bool(s.forcing_until[p]),
            "decklist": _decklist(s, p),
        }
        if p == seat and not setup:  # ST-S1: the hands are looked at once set-up is over
            hand = sorted((card_of[u] for u in s.hands[p]), key=lambda d: d.en)
            pv["hand"] = [{"ref": f"hand:{d.slug}", "name": d.name, "en": d.en} for d in hand]
        if p == seat and s.phase == CHOOSE_CENTER and not s.centers[p]:
            pv["first_machines"] = _first_machines(s, p)
        players.append(pv)
    return {
        "game": "stampede",
        "phase": s.phase,
        "turn": s.turn,
        "gear_cap": s.turn,
        "active": s.active,
        "first": s.first,
        "to_move": s.to_move,
        "players": players,
        "windows": _windows_view(s),
        "choices": [dict(c) for c in CHOICES] if s.phase == CHOOSE_ORDER else [],
        "you": seat,
        "over": s.over,
        "winner": s.win,
        "reason": s.reason,
    }


def reveal(s: StampedeState) -> dict[str, Any]:
    """Everything (tests, replays, debugging; never sent to a seat)."""
    v = view(s, None)
    card_of = s.card_of
    for p in (0, 1):
        v["players"][p]["hand"] = [card_of[u].en for u in s.hands[p]]
        v["players"][p]["deck"] = [card_of[u].en for u in reversed(s.decks[p])]
        v["players"][p]["zones"]["C"] = zone_view(s, p, CENTER, False)
        v["players"][p]["known_in_hand"] = [card_of[u].en for u in s.known.hands[p]]
        v["players"][p]["known_at_bottom"] = s.known.bottoms[p]
    v["mods"] = [[card_of[m.uid].en, m.pow, m.def_, int(m.lasting)] for m in s.stat_mods]
    v["force"] = list(s.forcing_until)
    v["leader"] = s.leader
    v["rng"] = s.rng.s
    v["rps_winner"] = s.rps_winner
    v["used"] = len(s.used_this_turn)
    return v


# ------------------------------------------------------------------------------------------ refs
def _choice_refs(s: StampedeState, p: int, cid: int, ab_index: int, ch: tuple[Any, ...]) -> list[str]:
    """The refs of an ability's choices: a zone (relative to ``p``: 0–2 yours, 3–5 the opponent's), a
    card of the hand (to discard), or a card of the opponent's discard pile and its effect's choices."""
    ab = s.game.table.cards[cid].abilities[ab_index]
    return _block_refs(s, p, ab.costs + ab.effects, ch)


def _block_refs(s: StampedeState, p: int, blocks: tuple[Any, ...], ch: tuple[Any, ...]) -> list[str]:
    cards = s.game.table.cards
    out = []
    for blk, c in zip(blocks, ch, strict=True):
        if c is None:
            continue
        if blk.impl.choice == "card":
            out.append(f"hand:{cards[c].slug}")
        elif (
            blk.impl.choice == "copy"
        ):  # 《幻影の周回》: the card in the opponent's discard, then its targets
            copied = cards[c[0]]
            out.append(f"discard:{1 - p}:{copied.slug}")
            if copied.play is not None:
                out += _block_refs(s, p, copied.play.effects, c[1])
        else:
            side = p if c < 3 else 1 - p
            out.append(REF_ZONES[side][c % 3])
    return out


def move_refs(s: StampedeState, action: Action) -> tuple[str, ...]:
    """The refs of a legal action of the seat to move (see the module's docstring)."""
    p = s.to_move
    if p is None:
        return ()
    kind, args = action.kind, action.args
    cards = s.game.table.cards
    if kind in ("call", "event"):
        return (f"hand:{cards[args[0]].slug}", REF_ZONES[p][args[1]])
    if kind == "attack":
        return (*(REF_ZONES[p][z] for z in args[0]), REF_ZONES[1 - p][args[1]])
    if kind == "run":
        return (REF_ZONES[p][args[0]],)
    if kind in ("assist", "keeper", "hand", "use", "trigger"):
        cid, zone, ab_index, ch = args
        d = cards[cid]
        if kind == "use":
            n = 1 + [a.index for a in d.activated].index(ab_index)
            head: tuple[str, ...] = (REF_ZONES[p][zone], f"ability:{p}:{ZONES[zone]}:{n}")
        else:
            head = (f"trigger:{d.slug}" if kind == "trigger" else f"hand:{d.slug}",)
        return (*head, *_choice_refs(s, p, cid, ab_index, ch))
    if kind == "center":
        return (f"deck:{p}:{cards[args[0]].slug}",)
    if kind == "order":
        return ("choice:first" if args[0] else "choice:second",)
    return ()  # battle, end, pass, decline


__all__ = ["StampedeView", "item_view", "move_refs", "reveal", "view", "zone_view"]
