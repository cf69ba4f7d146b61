"""Mini D's set-up: a new race (MD-S1, MD-S2) and the scenario keys ``setup`` puts into it.

Scenarios (tests, bug reports, designers' situations) are the typed ``setup`` keys and their checks.

Cases count from the start in the race's direction. ``dice`` the coming die results in the order rolled (any
die; then the seeded generator) · ``starter`` a seat (no sprint) · ``positions`` one case per racer ·
``bunta`` his case, or null when he is gone · ``met`` who has crossed him · ``skips`` · ``aura`` a seat ·
``drift`` per racer null, "mastered", "failed", "gambler" or "moonlight" for the corner they stand in ·
``hands`` kept cards and ``waiting`` ⚡ cards per racer · ``discard`` cards moved to the discard pile ·
``deck`` cards on top of the Event deck, top first. Cards named (in either language, or by id) are taken
from the deck. Everything is checked here, at ``start``: one ContentError line, nothing changed.
"""

from __future__ import annotations

from bisect import insort
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import GameSetup

from . import rules
from .race import Race, starting_grid
from .state import MiniDState
from .terms import FAILED, GAMBLER, LINE_MOVE, MASTERED, MOONLIGHT, NORMAL, SPRINT, Decision

Die = Annotated[int, Field(ge=1, le=20)]
Case = Annotated[int, Field(ge=0, le=401)]
CardName = Annotated[str, Field(max_length=100)]
Cards = Annotated[list[CardName], Field(max_length=40)]
DriftState = Literal["mastered", "failed", "gambler", "moonlight"]


class MiniDSetup(GameSetup):
    """Scenario keys, all optional (see the module's docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    starter: int | None = Field(None, ge=0, le=5)
    dice: list[Die] | None = Field(None, max_length=2000)
    positions: list[Case] | None = Field(None, max_length=6)
    bunta: Case | None = None
    met: list[bool] | None = Field(None, max_length=6)
    skips: list[Annotated[int, Field(ge=0, le=9)]] | None = Field(None, max_length=6)
    aura: int | None = Field(None, ge=0, le=5)
    drift: list[DriftState | None] | None = Field(None, max_length=6)
    hands: list[Cards] | None = Field(None, max_length=6)
    waiting: list[Cards] | None = Field(None, max_length=6)
    discard: Cards | None = None
    deck: Cards | None = None


def new_race(game: Any, seed: int, seats: int, setup: MiniDSetup) -> MiniDState:
    """A new race: every car in the parking, Bunta on the finish line (MD-S1), the Event deck shuffled, the
    scenario put in; then the sprint for first player (MD-S2), or the race from ``setup.starter``."""
    s = MiniDState.__new__(MiniDState)
    s._init_base(game, seed)
    r = s.race = starting_grid(game, seats)
    tr = r.track
    s.rng.shuffle(r.deck)
    apply_setup(r, setup)
    s.log(
        "race",
        track=tr.track_id,
        direction="uphill" if tr.uphill else "downhill",
        players=seats,
        length=tr.length,
        eurobeat=game.options.eurobeat,
    )
    _log_dealt(s)
    if setup.starter is not None:
        rules.start(s, setup.starter)
    else:  # MD-S2: everyone sprints, one by one in seat order
        r.sprinters = list(range(seats))
        r.pending = Decision(SPRINT, 0)
    return s


def _log_dealt(s: MiniDState) -> None:
    """The cards a scenario dealt: each racer's kept hand (told to that racer only) and its ⚡ cards
    waiting face up (told to all)."""
    r = s.race
    cards = r.table.cards
    for q in range(r.seats):
        if r.hands[q]:
            s.log_private(q, "dealt", seat=q, cards=[cards[c].slug for c in r.hands[q]])
        if r.waiting[q]:
            s.log("dealt_waiting", seat=q, cards=[cards[c].slug for c in r.waiting[q]])


def bad(msg: str) -> ContentError:
    return ContentError([f"minid setup: {msg}"])


def _per_seat(key: str, value: list | None, seats: int) -> list | None:
    if value is not None and len(value) != seats:
        raise bad(f"{key} must be a list with one entry per racer ({seats}), has {len(value)}")
    return value


def apply_setup(r: Race, setup: MiniDSetup) -> None:
    """Put the scenario into a new race (before it is logged); ContentError on the first problem."""
    given = setup.model_fields_set
    if not given:  # a race without a scenario
        return
    length = r.track.length
    n = r.seats
    if setup.starter is not None and setup.starter >= n:
        raise bad(f"starter must be a seat 0..{n - 1}, is {setup.starter}")
    if setup.aura is not None and setup.aura >= n:
        raise bad(f"aura must be a seat 0..{n - 1} or null, is {setup.aura}")
    if setup.dice is not None:  # the coming die results, consumed before the generator
        r.forced_dice = list(reversed(setup.dice))
    positions = _per_seat("positions", setup.positions, n)
    if positions is not None:
        for q, x in enumerate(positions):
            if x > length:
                raise bad(f"positions: seat {q} on case {x}, off the road (0..{length}; 0 is the parking)")
        road = [x for x in positions if x >= 1]
        if len(road) != len(set(road)):
            raise bad("positions: two racers on one road case (only the parking holds several)")
        r.positions = list(positions)
    if "bunta" in given:
        if setup.bunta is None:
            r.bunta_driving = False
        elif setup.bunta > length + 1:
            raise bad(f"bunta must be a case 0..{length + 1} or null (gone), is {setup.bunta}")
        else:
            r.bunta = setup.bunta
    r.met_bunta = [x >= r.bunta for x in r.positions] if r.bunta_driving else [True] * n
    met = _per_seat("met", setup.met, n)
    if met is not None:
        r.met_bunta = list(met)
    skips = _per_seat("skips", setup.skips, n)
    if skips is not None:
        r.skips = list(skips)
    if setup.aura is not None:
        r.aura = setup.aura
    drift = _per_seat("drift", setup.drift, n)
    if drift is not None:
        states = {
            "mastered": (MASTERED, NORMAL),
            "failed": (FAILED, NORMAL),
            "gambler": (MASTERED, GAMBLER),
            "moonlight": (MASTERED, MOONLIGHT),
        }
        for q, v in enumerate(drift):
            if v is None:
                continue
            sec = r.track.corner_of(r.positions[q])
            if sec < 0:
                raise bad(f"drift: seat {q} is not in a corner (case {r.positions[q]})")
            r.corner_section[q] = sec
            r.corner_state[q], line = states[v]
            r.corner_move[q] = LINE_MOVE[line]
    cards = r.table.cards
    hands = _per_seat("hands", setup.hands, n)
    for q, names in enumerate(hands or ()):
        for name in names:
            cid = _take(r, name, "hands")
            if cards[cid].bolt:
                raise bad(f"hands: {shorten(name, 40)!r} is a ⚡ card (played at once, never kept)")
            insort(r.hands[q], cid)
    waiting = _per_seat("waiting", setup.waiting, n)
    for q, names in enumerate(waiting or ()):
        for name in names:
            cid = _take(r, name, "waiting")
            if cards[cid].waits is None:
                raise bad(f"waiting: {shorten(name, 40)!r} is not a ⚡ card that waits")
            r.waiting[q].append(cid)
    for name in setup.discard or ():  # named cards from the deck to the discard pile
        r.discard.append(_take(r, name, "discard"))
    if setup.deck:  # named cards on top, the first on top
        top = [_take(r, name, "deck") for name in setup.deck]
        r.deck.extend(reversed(top))


def _take(r: Race, name: str, key: str) -> int:
    cid = r.table.find_card(name)
    if cid is None:
        raise bad(f"{key}: {shorten(name, 40)!r} is not an Event card")
    if cid not in r.deck:
        raise bad(f"{key}: no copy of {r.table.cards[cid].name['fr']!r} left in the Event deck")
    r.deck.remove(cid)
    return cid


__all__ = ["MiniDSetup", "apply_setup", "bad", "new_race"]
