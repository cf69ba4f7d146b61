"""Initial D CCG set-up: the scenario keys, the decks each seat brings, and the start of the race (ID-S1..S3,
then the first stage's draw, ID-P1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, Strict

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import GameSetup

from . import rules
from .cards import STAGE_TYPES, Car, CardName, DeckSpec, Mod, car_identity
from .race import starting_grid
from .state import InitialDState
from .table import MAX_NEED, Side

if TYPE_CHECKING:  # pragma: no cover
    from .game import InitialD

MAX_HAND = MAX_NEED + 1  # a scenario's hand; in play a hand never passes 9 (ID-P1)

SeatNo = Annotated[int, Strict(), Field(ge=0, le=1)]
CardList = Annotated[list[CardName], Field(max_length=MAX_HAND)]


class InitialDSetup(GameSetup):
    """Scenario keys, all optional: ``challenger`` (0 or 1, instead of ID-S1), ``track`` (one of the other
    seat's race cards, instead of ID-S2's random pick), ``hands`` (two lists of card names, or null: that
    seat's first hand, taken from its deck) and ``order`` (two lists: cards put on top of each deck, first
    name on top)."""

    challenger: SeatNo | None = None
    track: CardName | None = None
    hands: tuple[CardList | None, CardList | None] | None = None
    order: tuple[CardList | None, CardList | None] | None = None


# ------------------------------------------------------------------------------------------ decks
def starter_sides(game: InitialD) -> dict[str, Side]:
    """The content's starter decks as sides, by lower-case name (built once per game)."""
    return {
        d.name.lower(): side(game, d.data(), f"{game.id}: starter deck {d.name!r}")
        for d in game.table.catalog.decks
    }


def deck_spec(game: InitialD, deck: Any, where: str) -> tuple[DeckSpec | None, list[str]]:
    """Deck data read and checked against ID-C1, ID-C2, ID-C3 and ID-C5: (the deck, []) or (None,
    problems, one line each)."""
    problems: list[str] = []
    cat = game.table.catalog
    spec = cat.read_data(deck, where, problems)
    if spec is not None:
        problems.extend(cat.deck_problems(spec, where))
    return (None if problems else spec), problems


def side(game: InitialD, spec: Any, where: str) -> Side:
    """A deck (a starter deck's name, or deck data) as a Side; ContentError otherwise."""
    if isinstance(spec, str):
        found = game.starters.get(spec.lower())
        if found is None:
            raise ContentError(
                [f"{where}: {shorten(spec, 40)!r} is no starter deck ({', '.join(game.starter_decks())})"]
            )
        return found
    ds, problems = deck_spec(game, spec, where)
    if ds is None:
        raise ContentError(problems)
    return Side.from_spec(game.table, ds)


def sides(game: InitialD, decks: list[Any] | None) -> list[Side]:
    """Both seats' decks (None: the starter decks in order), every problem of both in one ContentError."""
    specs = game.two_decks(decks)
    names = game.starter_decks()
    out: list[Side] = []
    problems: list[str] = []
    for i, spec in enumerate(specs):
        try:
            out.append(side(game, names[i % len(names)] if spec is None else spec, f"deck of seat {i}"))
        except ContentError as e:
            problems.extend(e.problems)
    if problems:
        raise ContentError(problems)
    return out


# ------------------------------------------------------------------------------------------ the start
def new_state(game: InitialD, seed: int, sides: list[Side], setup: InitialDSetup) -> InitialDState:
    s = InitialDState.__new__(InitialDState)
    s._init_base(game, seed)
    s.race = starting_grid(game, sides)
    set_up(s, setup)
    return s


def set_up(s: InitialDState, setup: InitialDSetup) -> None:
    r = s.race
    t = s.game.table
    cards = t.cards
    rng = s.rng
    costs = [r.sides[0].cost, r.sides[1].cost]
    # ID-S1: the player whose car plus mods costs more is the challenger; equal cost: a coin (ruling)
    coin = False
    ch = setup.challenger
    if ch is None:
        if costs[0] != costs[1]:
            ch = 0 if costs[0] > costs[1] else 1
        else:
            tie = s.game.options.cost_tie
            coin = tie == "coin"
            ch = rng.coin() if coin else int(tie[-1])
    r.challenger = ch
    # ID-S2: the challenger picks one of the other player's three race cards at random
    home = r.sides[1 - ch].races
    if setup.track is not None:
        cid = t.find(setup.track)
        if cid is None or cid not in home:
            names = ", ".join(cards[c].name for c in home)
            raise ContentError(
                [
                    f"initiald setup: track {shorten(setup.track, 40)!r} is not one of seat {1 - ch}'s "
                    f"races ({names})"
                ]
            )
        r.track = cid
    else:
        r.track = home[rng.below(len(home))]
    track = cards[r.track].rec
    r.stages = tuple(STAGE_TYPES.index(x) for x in getattr(track, "stages", ()))
    # ID-S3: the challenger starts the first stage as the trailing car
    r.lead = 1 - ch
    s.log(
        "race",
        cars=[cards[sd.car].name for sd in r.sides],
        mods=[[cards[m].name for m in sd.mods] for sd in r.sides],
        costs=costs,
        coin=coin,
        challenger=ch,
        track=cards[r.track].name,
        owner=1 - ch,
        stages=[STAGE_TYPES[x] for x in r.stages],
    )
    for p in (0, 1):
        rng.shuffle(r.decks[p])
    if setup.order is not None:  # scenario: the named cards on top of each deck, first name on top
        for p in (0, 1):
            top = [take(s, p, name, "order") for name in setup.order[p] or []]
            r.decks[p].extend(reversed(top))
    fixed = [False, False]
    if setup.hands is not None:
        for p in (0, 1):
            hand = setup.hands[p]
            if hand is not None:
                fixed[p] = True
                r.hands[p] = sorted(take(s, p, name, "hands") for name in hand)
    rules.start(s, fixed)


def take(s: InitialDState, p: int, name: str, key: str) -> int:
    cid = s.game.table.find(name)
    deck = s.race.decks[p]
    if cid is None or cid not in deck:
        raise ContentError(
            [f"initiald setup: {key}: {shorten(name, 40)!r} is not (or no longer) in seat {p}'s deck"]
        )
    deck.remove(cid)
    return cid


# ------------------------------------------------------------------------------------------ coverage
COPIES = 3  # ID-C5: at most 3 copies of a card
DECK_SIZE = 50  # ID-C5: at least 50 maneuvers


def coverage_decks(game: InitialD) -> list[list[dict[str, Any]]]:
    """Legal decks, two to a game, that together hold every car, mod, race card and maneuver of the
    content, each maneuver where possible in a deck whose car can play it (``Game.coverage_decks``).

    A deck per car, whose mods are those no deck holds yet (the ones only some cars may take first); then
    a deck for each mod still left, on the first car that takes it. A deck's maneuvers are those it can
    play that no deck plays yet, then others it can play, three copies each, to 50. A maneuver no car
    can play joins a deck all the same (it pays discards there)."""
    cat = game.table.catalog
    mods_left = [m.name for m in cat.mods]
    races_left = [r.name for r in cat.races]
    unplayed = [m.name for m in cat.maneuvers]
    decks: list[dict[str, Any]] = []

    def fits(car: Car, mod: Mod, chosen: list[Mod]) -> bool:  # ID-C1, ID-C2
        taken = {*car.built_in, *(m.type for m in chosen)}
        if mod.type in taken or len(chosen) >= car.max_mods:
            return False
        return not mod.only_used_by or bool(car_identity(car) & {x.lower() for x in mod.only_used_by})

    def build(car: Car, chosen: list[Mod]) -> None:
        # the restricted mods first (a Driver fits one car), then the others, each type once
        for m in sorted((m for m in cat.mods if m.name in mods_left), key=lambda m: not m.only_used_by):
            if m not in chosen and fits(car, m, chosen):
                chosen.append(m)
        races = races_left[:3]
        races += [r.name for r in cat.races if r.name not in races][: 3 - len(races)]
        for name in (*(m.name for m in chosen), *races):
            for left in (mods_left, races_left):
                if name in left:
                    left.remove(name)
        spec = DeckSpec(car=[car.name], mods=[m.name for m in chosen], races=races)
        usable = Side.from_spec(game.table, spec).usable
        can = [m.name for m in cat.maneuvers if usable[game.table.need(m.name)]]
        order = [n for n in can if n in unplayed] + [n for n in can if n not in unplayed]
        order += [m.name for m in cat.maneuvers if m.name not in can]
        cards = {car.name: 1, **{name: 1 for name in spec.mods}, **{name: 1 for name in races}}
        total = 0
        for name in order:
            if total >= DECK_SIZE:
                break
            cards[name] = min(COPIES, DECK_SIZE - total)
            total += cards[name]
            if name in can and name in unplayed:
                unplayed.remove(name)
        decks.append({"name": f"Coverage {len(decks) + 1}", "cards": cards})

    for car in cat.cars:
        build(car, [])
    while mods_left:
        mod = next(m for m in cat.mods if m.name == mods_left[0])
        taker = next((c for c in cat.cars if fits(c, mod, [])), None)
        if taker is None:  # no car may take it: a content error (ID-C2) the catalog does not check
            mods_left.pop(0)
            continue
        build(taker, [mod])
    for name in unplayed:
        home = next((d for d in decks if d["cards"].get(name, 0) < COPIES), None)
        if home is not None:
            home["cards"][name] = home["cards"].get(name, 0) + 1
    if len(decks) % 2:
        decks.append({"name": decks[0]["name"], "cards": dict(decks[0]["cards"])})
    return [[decks[i], decks[i + 1]] for i in range(0, len(decks), 2)]


__all__ = ["InitialDSetup", "coverage_decks", "deck_spec", "new_state", "side", "sides", "starter_sides"]
