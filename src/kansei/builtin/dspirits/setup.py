"""Scenarios: the typed ``setup`` of a D-Spirits game (who goes first, SP, hands, the field, deck orders…),
validated by pydantic and then against the decks at ``start``, so a refused scenario raises one
``ContentError`` and no game is half made.

    game.start(seed=1, decks=[...], setup={"first": 0, "hands": [["Gravelhound"], []],
               "field": [[{"name": "Mistmaw", "stance": "endure"}], []], "step": "battle"})

With ``hands`` the scenario skips the opening draw and starts at turn 1 of the first player, in ``step``
(draw, main or battle); ``veteran`` counts both players as past their first turn.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import GameSetup
from kansei.core.windows import Windows

from .cards import EVOLUTION, REALM, SIGNAL, SPIRIT
from .duel import Duel
from .rules import RulesState
from .state import (
    BATTLE_SCENE_MAX,
    MAIN,
    NO_LABELS,
    STANCES,
    SUPPORT_SPIRITS_MAX,
    Decklist,
    new_token,
    with_seat,
    without,
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import DSpirits
    from .table import Table

S = TypeVar("S", bound=Duel)

Name = Annotated[StrictStr, Field(min_length=1, max_length=80)]
Names = Annotated[list[Name], Field(max_length=40)]
Seat = Annotated[StrictInt, Field(ge=0, le=1)]
Count = Annotated[StrictInt, Field(ge=0, le=99)]


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FieldSpirit(_Part):
    """A D-Spirit in play at the start of the scenario."""

    name: Name
    zone: Literal["battle", "support"] = "battle"
    stance: Literal["attack", "endure"] = "attack"
    frozen: StrictBool = False
    poison: Annotated[StrictInt, Field(ge=0, le=3000, multiple_of=50)] = 0
    evolved: Annotated[list[Name], Field(max_length=4)] = []  # D-Evolutions on it, bottom first
    super: StrictBool = False  # Super D-Summoned (DS-X3)
    wins: Count = 0  # battles won (D-Evolution conditions)
    endured: Count = 0  # attacks endured


class DeckOrder(_Part):
    """Cards put on top of the decks, the first named on top."""

    squad: Names = []
    support: Names = []


class RealmSpec(_Part):
    name: Name
    owner: Seat = 0


class DSpiritsSetup(GameSetup):
    """Scenario keys; every pair is (seat 0's, seat 1's)."""

    first: Seat | None = None
    sp: (
        tuple[
            Annotated[StrictInt, Field(ge=1, le=1_000_000)], Annotated[StrictInt, Field(ge=1, le=1_000_000)]
        ]
        | None
    ) = None
    order: tuple[DeckOrder | None, DeckOrder | None] | None = None
    dworld: tuple[Names, Names] | None = None
    support_zone: tuple[Names, Names] | None = None  # lasting signals
    hands: tuple[Names, Names] | None = None
    field: (
        tuple[
            Annotated[list[Name | FieldSpirit], Field(max_length=8)],
            Annotated[list[Name | FieldSpirit], Field(max_length=8)],
        ]
        | None
    ) = None
    realm: Name | RealmSpec | None = None
    step: Literal["draw", "main", "battle"] | None = None
    veteran: StrictBool = False

    @model_validator(mode="after")
    def _step_needs_hands(self) -> DSpiritsSetup:
        if self.step is not None and self.hands is None:
            raise ValueError("step needs hands (a scenario with hands starts at a turn)")
        return self


def _fail(line: str) -> ContentError:
    return ContentError([f"dspirits setup: {line}"])


def take(s: RulesState, p: int, name: str, where: str) -> int:
    """Take one card named ``name`` out of seat ``p``'s decks (D-Squad, Support, side)."""
    cid = s.table.find(name)
    if cid is None:
        raise _fail(f"{where}: no card named {shorten(name)!r}")
    if cid in s.squad[p]:
        s.squad = with_seat(s.squad, p, without(s.squad[p], cid))
    elif cid in s.support[p]:
        s.support = with_seat(s.support, p, without(s.support[p], cid))
    elif cid in s.side[p]:
        s.side = with_seat(s.side, p, without(s.side[p], cid))
    else:
        raise _fail(f"{where}: no {s.table.name[cid]} left in seat {p}'s decks")
    return cid


def apply_setup(s: RulesState, setup: DSpiritsSetup) -> None:
    """Set the scenario up on a new game (before the opening draw); ContentError when it cannot be."""
    t = s.table
    if setup.sp is not None:
        s.sp = list(setup.sp)
    if setup.order is not None:
        for p in (0, 1):
            order = setup.order[p]
            if order is None:
                continue
            for key, names in (("squad", order.squad), ("support", order.support)):
                deck = list(s.squad[p] if key == "squad" else s.support[p])
                top = []
                for name in names:
                    cid = t.find(name)
                    if cid is None or cid not in deck:
                        raise _fail(f"order: {shorten(name)!r} is not in seat {p}'s {key} deck")
                    deck.remove(cid)
                    top.append(cid)
                deck.extend(reversed(top))
                if key == "squad":
                    s.squad = with_seat(s.squad, p, tuple(deck))
                else:
                    s.support = with_seat(s.support, p, tuple(deck))
    for p in (0, 1):
        for name in setup.dworld[p] if setup.dworld else ():
            s.to_dworld(p, (take(s, p, name, "dworld"),))
        for name in setup.support_zone[p] if setup.support_zone else ():
            cid = take(s, p, name, "support_zone")
            if not t.lasting[cid]:
                raise _fail(f"support_zone: {t.name[cid]} is not a lasting signal")
            s.support_cards = with_seat(s.support_cards, p, (*s.support_cards[p], cid))
    if setup.realm is not None:
        owner, name = (
            (setup.realm.owner, setup.realm.name) if isinstance(setup.realm, RealmSpec) else (0, setup.realm)
        )
        cid = take(s, owner, name, "realm")
        if t.kind[cid] != REALM:
            raise _fail(f"realm: {t.name[cid]} is not a Realm")
        s.realm = (owner, cid)
    s.refresh_auras()
    if setup.veteran:
        s.turns_taken = (1, 1)
    if setup.field is not None:
        for p in (0, 1):
            for spec in setup.field[p]:
                _field_spirit(
                    s, p, spec if isinstance(spec, FieldSpirit) else FieldSpirit(name=spec), setup.veteran
                )
    if setup.hands is not None:
        for p in (0, 1):
            for name in setup.hands[p]:
                insort(s.hand[p], t.plain[take(s, p, name, "hands")])
            if s.hand[p]:
                s.log_private(p, "dealt", seat=p, cards=[t.name[h.card] for h in s.hand[p]])
        s.start_turn(s.first)  # the scenario skips the opening draw
        if setup.step == "main":
            s.phase = MAIN
        elif setup.step == "battle":
            s.phase = MAIN
            s.start_battle()


def _field_spirit(s: RulesState, p: int, spec: FieldSpirit, veteran: bool) -> None:
    t = s.table
    cid = take(s, p, spec.name, "field")
    if t.kind[cid] != SPIRIT:
        raise _fail(f"field: {t.name[cid]} is not a D-Spirit")
    u = s.new_unit(p, cid, spec.super)
    u.entered = 0 if veteran else 1
    u.since = 0  # on the field for every turn its controller took
    for name in spec.evolved:
        evo = take(s, p, name, "field evolved")
        if t.kind[evo] != EVOLUTION or t.base[evo] != u.card:
            raise _fail(f"field: {t.name[evo]} is not a D-Evolution of {t.name[u.card]}")
        s.set_top(p, u, evo)
    u.stance = STANCES.index(spec.stance)
    if spec.frozen:
        u.frozen_until = 1 if p == s.first else 2  # until its controller's first end step
    u.poison = spec.poison
    u.wins = spec.wins
    u.endures = spec.endured
    support = spec.zone == "support"
    zone = s.parked[p] if support else s.scene[p]
    if len(zone) >= (SUPPORT_SPIRITS_MAX if support else BATTLE_SCENE_MAX):
        raise _fail(f"field: seat {p}'s {'Support Zone' if support else 'Battle Scene'} is full")
    s.place(p, u, parked=support)


def _deck_data(t: Table, name: str, lists: Decklist) -> dict[str, Any]:
    """A seat's decklists as deck data (card names and copies); the same decks give the same (shared,
    never changed) object."""
    key = (name, tuple(lists[0]), tuple(lists[1]), tuple(lists[2]))
    known = t.deck_data.get(key)
    if known is not None:
        return known
    cards: dict[str, int] = {}
    side: dict[str, int] = {}
    for ids, out in ((lists[0], cards), (lists[1], cards), (lists[2], side)):
        for c in ids:
            out[t.name[c]] = out.get(t.name[c], 0) + 1
    if len(t.deck_data) > 256:
        t.deck_data.clear()
    data = t.deck_data[key] = {"name": name, "cards": cards, "side": side}
    return data


def coverage_decks(game: DSpirits, games: int = 2) -> list[list[Any]]:
    """Deck data for ``games`` games (two decks each) holding every card of the content between them,
    each deck legal (DS-D1): D-Evolutions in the side deck of the deck holding their base, Special Move
    cards in the deck holding the D-Spirits they need, the rest dealt round, and each deck filled up to
    the minimum sizes with second copies where the copy limits allow."""
    from .cards import SQUAD_SIZE, SUPPORT_SIZE

    t = game.table
    n = 2 * games
    squads: list[dict[int, int]] = [{} for _ in range(n)]
    supports: list[dict[int, int]] = [{} for _ in range(n)]
    sides: list[dict[int, int]] = [{} for _ in range(n)]
    home: dict[int, int] = {}  # D-Spirit -> the deck that holds it

    def put(zone: list[dict[int, int]], i: int, c: int) -> None:
        zone[i][c] = zone[i].get(c, 0) + 1
        if t.kind[c] == SPIRIT:
            home.setdefault(c, i)

    nxt = 0
    for c in range(t.n):  # Special Move cards with the D-Spirits they need
        if t.requires[c]:
            i = next((home[r] for r in t.requires[c] if r in home), nxt % n)
            nxt += 1
            put(supports, i, c)
            for r in t.requires[c]:
                if r not in home:
                    put(squads, i, r)
    for c in range(t.n):
        if t.kind[c] == EVOLUTION:
            b = t.base[c]
            if b not in home:
                put(squads, nxt % n, b)
                nxt += 1
            put(sides, home[b], c)
    for c in range(t.n):
        if t.kind[c] == SPIRIT and c not in home:
            put(squads, min(range(n), key=lambda i: sum(squads[i].values())), c)
        elif t.kind[c] != SPIRIT and t.kind[c] != EVOLUTION and not t.requires[c]:
            put(supports, min(range(n), key=lambda i: sum(supports[i].values())), c)

    def fill(zone: dict[int, int], low: int, kinds: tuple[int, ...]) -> None:
        for c in range(t.n):
            if sum(zone.values()) >= low:
                return
            limit = t.limit[c]
            if (
                t.kind[c] in kinds
                and not t.requires[c]
                and (isinstance(limit, int) and limit >= 2)
                and zone.get(c, 0) == 1
            ):
                zone[c] = 2
        for c in range(t.n):  # still short: any card of the kind, once, within its limit
            if sum(zone.values()) >= low:
                return
            if t.kind[c] in kinds and not t.requires[c] and c not in zone and t.kind[c] != EVOLUTION:
                zone[c] = 1

    decks = []
    for i in range(n):
        fill(squads[i], SQUAD_SIZE[0], (SPIRIT,))
        fill(supports[i], SUPPORT_SIZE[0], (SIGNAL, REALM))
        cards = {t.name[c]: k for c, k in {**squads[i], **supports[i]}.items()}
        side = {t.name[c]: k for c, k in sides[i].items()}
        decks.append({"name": f"coverage {i + 1}", "cards": cards, "side": side})
    return [decks[2 * g : 2 * g + 2] for g in range(games)]


def new_state(
    cls: type[S],
    game: DSpirits,
    table: Table,
    seed: int,
    decks: list[Decklist],
    setup: DSpiritsSetup,
    deck_names: tuple[str, str] = ("", ""),
) -> S:
    """A new game of class ``cls``: the decklists, who goes first (DS-G1), the deal, the scenario, and
    everything automatic up to the first decision. The state holds the game's record (``duel``)."""
    s = cls.__new__(cls)
    s._init_base(game, seed)
    d = s.duel = RulesState()
    d.game = game
    d.bind(s)
    d.table = table
    d.lists = [(list(deck[0]), list(deck[1]), list(deck[2])) for deck in decks]
    d.game_no = 0
    d.match_wins = [0, 0]
    d.results = []
    d.over = False
    d.win = None
    d.side_seat = 0
    d.side_pending = -1
    d.swaps_left = [0, 0]
    d.wnd = Windows(2)
    d.token = new_token()
    d.label_memo = NO_LABELS
    d.ready = ()
    d.decks_at_start = tuple(
        _deck_data(table, name, deck) for name, deck in zip(deck_names, decks, strict=True)
    )
    first = setup.first
    if first is None:
        o = game.options.first_player
        first = s.rng.coin() if o == "rps" else int(o[-1])  # DS-G1: rock-paper-scissors
    d.match_first = first
    d.new_game(first)
    apply_setup(d, setup)
    d.proceed()
    d.release()
    return s


__all__ = ["DSpiritsSetup", "FieldSpirit", "apply_setup", "new_state", "take"]
