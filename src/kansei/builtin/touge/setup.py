"""Set-up (TG-T0, TG-D0), scenarios and decks: coins, the disaster draw, shuffles, the first deal, and
decks as data (TG-C1, TG-C3, TG-C7) resolved for a race.

A scenario fixes what chance would decide (``setup`` of ``game.start``): the coins, the disaster (or
``"none"``), the top cards the disaster draw reveals (``reveal``), the top cards after set-up (``order``)
and starting hands (``hands``). Every key is typed and checked before play begins; a refused set-up
raises one ContentError and the new state is dropped.

Deck data is a JSON-safe dict ``{"name": …, "car": …, "cards": {card name: count}}`` (the car may also
be listed among the cards). ``start`` takes deck data or a starter deck's name and never opens a file;
:func:`load_deck` reads a user's file (TOML or ``3 Card Name`` lines, with a ``Car: …`` header) once.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from kansei.core.content import read_deck
from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import GameSetup, validation_lines

from .cards import MAX_DECK, MIN_OTHER_CARDS, TIER_LIMITS
from .table import CAR, DISASTER, ROAD, Deck, Table

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState

DIRECTIONS = ("downhill", "uphill")
CardName = Annotated[str, StringConstraints(min_length=1, max_length=100)]
CardNames = Annotated[list[CardName], Field(max_length=60)]
Leader = Annotated[int, Field(ge=0, le=1, strict=True)]
DirectionName = Literal["downhill", "uphill"]


class TougeSetup(GameSetup):
    """Scenario keys, all optional: what the coins show, which disaster is in force ("none": no disaster),
    each seat's top cards for the disaster draw (``reveal``) and after set-up (``order``, top first), and
    cards dealt into each starting hand (``hands``; the rest is drawn)."""

    direction: DirectionName | None = None
    leader: Leader | None = None
    disaster: CardName | None = None
    reveal: tuple[CardNames, CardNames] | None = None
    order: tuple[CardNames, CardNames] | None = None
    hands: tuple[CardNames, CardNames] | None = None


def set_up(s: TougeState, setup: TougeSetup) -> None:
    """TG-T0 / TG-D0: cars revealed, coins for direction and leader, the disaster draw, shuffles, the deal."""
    o = s.game.options
    t = s.game.table
    rng = s.rng
    s.log("cars", cars=[t.cards[c].name for c in s.cars])
    # TG-T0: a coin decides the first direction, another the first leader (or the players agree).
    d = setup.direction or (None if o.first_direction == "coin" else o.first_direction)
    s.direction = rng.coin() if d is None else DIRECTIONS.index(d)
    lead = setup.leader
    if lead is None:
        lead = rng.coin() if o.first_leader == "coin" else int(o.first_leader[-1])
    s.leader = s.first_leader = lead
    s.log("coins", direction=DIRECTIONS[s.direction], leader=s.leader)
    for p in (0, 1):
        rng.shuffle(s.decks[p])
    if setup.reveal is not None:
        fix_order(s, setup.reveal, "reveal")
    if setup.disaster is not None:
        fixed_disaster(s, setup.disaster)
    elif o.disaster_draw:
        disaster_draw(s)
    else:
        no_disaster(s)
    for p in (0, 1):
        rng.shuffle(s.decks[p])
    if setup.order is not None:
        fix_order(s, setup.order, "order")
    deal(s, 10 if s.game.sudden else 7, setup.hands)


def fixed_disaster(s: TougeState, name: str) -> None:
    t = s.game.table
    if name.lower() == "none":
        no_disaster(s)
        return
    cid = t.find(name)
    if cid is None or t.cards[cid].kind != DISASTER:
        raise ContentError([f"touge setup: disaster {shorten(name, 40)!r} is not a disaster card"])
    for p in (s.leader, 1 - s.leader):
        if cid in s.decks[p]:
            s.decks[p].remove(cid)
            s.disaster = (p, cid)
            break
    else:
        raise ContentError([f"touge setup: disaster {shorten(name, 40)!r} is in neither deck"])
    remove_disasters(s)
    s.log("disaster", card=t.cards[cid].name, owner=p, revealed=[[], []])


def disaster_draw(s: TougeState) -> None:
    """TG-T0: from the leader, alternately reveal top cards until a disaster; the rest are removed."""
    t = s.game.table
    disasters = t.disasters
    revealed: list[list[int]] = [[], []]
    p = s.leader
    found = None
    while found is None and (len(revealed[0]) < len(s.decks[0]) or len(revealed[1]) < len(s.decks[1])):
        deck = s.decks[p]
        k = len(revealed[p])
        if k < len(deck):
            cid = deck[-1 - k]
            if cid in disasters:
                found = (p, cid, k)
            else:
                revealed[p].append(cid)
        p = 1 - p
    if found is not None:
        owner, cid, k = found
        del s.decks[owner][-1 - k]
        s.disaster = (owner, cid)
    s.log(
        "disaster",
        card=t.cards[found[1]].name if found else None,
        owner=found[0] if found else None,
        revealed=[[t.cards[c].name for c in r] for r in revealed],
    )
    remove_disasters(s)  # revealed non-disasters stay in the decks, which are then shuffled


def no_disaster(s: TougeState) -> None:
    """A race without a disaster (``disaster_draw=false`` or a scenario's "none"): all are set aside."""
    remove_disasters(s)
    s.log("disaster", card=None, owner=None, revealed=[[], []])


def remove_disasters(s: TougeState) -> None:
    disasters = s.game.table.disasters
    for p in (0, 1):
        kept: list[int] = []
        removed = s.removed[p]
        for c in s.decks[p]:  # one pass, in deck order (a loop: twice as fast as two comprehensions)
            if c in disasters:
                removed.append(c)
            else:
                kept.append(c)
        s.decks[p] = kept


def fix_order(s: TougeState, order: tuple[list[str], list[str]], key: str) -> None:
    """Scenario: put the named cards on top of each deck, first name on top."""
    t = s.game.table
    for p in (0, 1):
        top = []
        for name in order[p]:
            cid = t.find(name)
            if cid is None or cid not in s.decks[p]:
                raise ContentError([f"touge setup: {key}: {shorten(name, 40)!r} is not in seat {p}'s deck"])
            s.decks[p].remove(cid)
            top.append(cid)
        s.decks[p].extend(reversed(top))


def deal(s: TougeState, n: int, hands: tuple[list[str], list[str]] | None = None) -> None:
    """Each racer draws ``n`` (a scenario's named cards first)."""
    t = s.game.table
    for p in (0, 1):
        if hands is not None:
            if len(hands[p]) > n:
                raise ContentError(
                    [f"touge setup: hands: seat {p} is dealt {n} cards, {len(hands[p])} named"]
                )
            for name in hands[p]:
                cid = t.find(name)
                if cid is None or cid not in s.decks[p]:
                    raise ContentError(
                        [f"touge setup: hands: {shorten(name, 40)!r} is not in seat {p}'s deck"]
                    )
                s.decks[p].remove(cid)
                insort(s.hands[p], cid)
        s.draw(p, n - len(s.hands[p]), dealt=list(s.hands[p]))


# ------------------------------------------------------------------------------------------ decks
MAX_FILE = 256 * 1024  # bytes: a deck file is a few lines


class DeckData(BaseModel):
    """Deck data as ``start`` and the tools exchange it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: Annotated[str, StringConstraints(max_length=100)] = "deck"
    car: CardName | None = None
    cards: Annotated[dict[CardName, Annotated[int, Field(ge=1, le=MAX_DECK)]], Field(max_length=500)]
    text: Annotated[str, StringConstraints(max_length=2000)] = ""


def capped(problems: list[str], limit: int = 20) -> list[str]:
    """At most ``limit`` problem lines, then one line counting the rest."""
    if len(problems) <= limit:
        return problems
    return [*problems[:limit], f"… and {len(problems) - limit} more"]


def parse_deck(data: Any, where: str) -> tuple[DeckData | None, list[str]]:
    """Deck data validated into :class:`DeckData`, or the problems (one line each)."""
    if not isinstance(data, dict):
        return None, [f"{where}: deck data is an object with name, car and cards"]
    try:
        return DeckData.model_validate(data), []
    except ValidationError as e:
        return None, capped(validation_lines(where, e))


def deck_problems(table: Table, data: Any, where: str = "deck") -> list[str]:
    """Every problem of deck data (its form, then TG-C1, TG-C3, TG-C7), one line each."""
    deck, problems = parse_deck(data, where)
    if deck is None:
        return problems
    return table.catalog.deck_problems(deck.car, dict(deck.cards), where)


def resolve(table: Table, spec: Any, seat: int) -> Deck:
    """A deck entry of ``start``: None (the seat's starter deck), a starter deck's name, or deck data.
    Never a path. ContentError (one line per problem) otherwise."""
    where = f"touge: deck of seat {seat}"
    if spec is None:
        return table.starters[table.starter_names[seat % len(table.starter_names)].lower()]
    if isinstance(spec, str):
        hit = table.starters.get(spec.lower())
        if hit is None:
            raise ContentError(
                [
                    f"{where}: no starter deck {shorten(spec, 40)!r} (starter decks: "
                    f"{', '.join(table.starter_names)}; a deck file is read with load_deck)"
                ]
            )
        return hit
    deck, problems = parse_deck(spec, where)
    if deck is None:
        raise ContentError(problems)
    problems = table.catalog.deck_problems(deck.car, dict(deck.cards), where)
    if problems:
        raise ContentError(problems)
    return table.resolve(deck.name, deck.car, dict(deck.cards))


def starter_deck(table: Table, name: str) -> dict[str, Any]:
    """A starter deck as deck data (a fresh dict)."""
    for d in table.catalog.decks:
        if isinstance(name, str) and d.name.lower() == name.lower():
            return {"name": d.name, "car": d.car, "cards": dict(d.cards), "text": d.text}
    raise ContentError(
        [f"touge: no starter deck {shorten(name, 40)!r} (starter decks: {', '.join(table.starter_names)})"]
    )


def load_deck(path: Path) -> dict[str, Any]:
    """A user's deck file as deck data: TOML (``name``, ``car``, ``[cards]``) or text lines (``Car: …``,
    ``3 Card Name``). Only regular files of at most 256 KB are read. ContentError, one line per problem."""
    display = shorten(str(path), 80)
    try:
        if not path.is_file():
            raise ContentError(
                [f"{display}: no such file" if not path.exists() else f"{display}: not a file"]
            )
        if path.stat().st_size > MAX_FILE:
            raise ContentError([f"{display}: too large for a deck file (over {MAX_FILE // 1024} KB)"])
        deck = read_deck(path)
    except OSError as e:
        raise ContentError([f"{display}: cannot be read ({e.strerror or 'error'})"]) from None
    except RecursionError:
        raise ContentError([f"{display}: nested too deeply"]) from None
    except ContentError as e:
        raise ContentError(capped(e.problems)) from None
    problems = []
    car: Any = deck.meta.pop("car", None)
    if isinstance(car, list):  # text header lines: "Car: AE-86 Trueno"
        if len(car) != 1:
            problems.append(f"{display}: a deck names one car, names {len(car)}")
        car = car[0] if car else None
    if car is not None and not isinstance(car, str):
        problems.append(f"{display}: car must be a card name")
    text = deck.meta.pop("text", "")
    for key in list(deck.meta)[:10]:
        problems.append(f"{display}: unknown key {shorten(key, 30)!r} (a deck has name, car, cards, text)")
    if problems:
        raise ContentError(problems)
    data: dict[str, Any] = {"name": shorten(deck.name, 100), "cards": deck.counts()}
    if car is not None:
        data["car"] = car
    if isinstance(text, str) and text:
        data["text"] = text
    return data


def coverage_decks(table: Table) -> list[list[Any]]:
    """Pairs of legal decks (deck data) that together hold every card of the table: each car drives one
    deck, and the roads, tune-ups and disasters are dealt out one copy each round the decks, as many
    decks as TG-C3's road limits and the house limit ask for; a deck short of TG-C7's 30 cards is filled
    with more copies of its tune-ups and disasters (or of its one-star roads)."""
    cards = table.cards

    def tier(cid: int) -> int:
        return cards[cid].stars if cards[cid].kind == ROAD else 0

    def fits(deck: Counter[int], cid: int) -> bool:
        stars = tier(cid)
        if deck.total() >= MAX_DECK:
            return False
        return not stars or sum(n for c, n in deck.items() if tier(c) == stars) < TIER_LIMITS[stars]

    cars = [d.id for d in cards if d.kind == CAR]
    decks: list[Counter[int]] = [Counter(), Counter()]
    for i, d in enumerate(d for d in cards if d.kind != CAR):
        turn = decks[i % len(decks) :] + decks[: i % len(decks)]
        home = next((deck for deck in turn if fits(deck, d.id)), None)
        if home is None:
            home = Counter()
            decks.append(home)
        home[d.id] += 1
    for deck in decks:
        fill = [c for c in deck if not tier(c)] or [c for c in deck if tier(c) == 1]
        while deck.total() < MIN_OTHER_CARDS and fill:
            c = fill[deck.total() % len(fill)]
            if fits(deck, c):
                deck[c] += 1
            else:
                fill.remove(c)
    n = max(len(decks), len(cars)) if cars else 0
    n += n % 2
    data = [
        {
            "name": f"coverage {i + 1}",
            "car": cards[cars[i % len(cars)]].name,
            "cards": {cards[c].name: k for c, k in sorted(decks[i % len(decks)].items())},
        }
        for i in range(n)
    ]
    return [[data[i], data[i + 1]] for i in range(0, n, 2)]
