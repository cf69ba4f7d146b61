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
from .state import MiniDState
from .terms import FAILED, GAMBLER, LINE_MOVE, MASTERED, MOONLIGHT, NONE, NORMAL, RACING, SPRINT, Decision

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
    s.seats = seats
    s.table = game.table
    s.track = tr = game.track
    s.aspiration = game.options.aspiration
    s.strategies = game.options.strategies
    s.positions = [0] * seats
    s.status = [RACING] * seats
    s.skips = [0] * seats
    s.met_bunta = [False] * seats
    s.corner_section = [-1] * seats
    s.corner_state = [NONE] * seats
    s.corner_move = [0] * seats
    s.aura = -1
    s.hands = [[] for _ in range(seats)]
    s.waiting = [[] for _ in range(seats)]
    s.deck = list(s.table.deck)
    s.discard = []
    s.bunta = tr.length + 1  # MD-S1: Bunta starts on the finish line
    s.bunta_driving = True
    s.order = list(range(seats))
    s.cursor = 0
    s.round_no = 0
    s.tasks = []
    s.pending = None
    s.forced_dice = []
    s.finished = []
    s.out = []
    s.ranking = None
    s.battle_bonus = [0] * seats
    s.move_bonus = 0
    s.sprinters = []
    s.landings = [None] * seats
    s.over = False
    s.rng.shuffle(s.deck)
    apply_setup(s, setup)
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
        rules.begin(s, setup.starter)
    else:  # MD-S2: everyone sprints, one by one in seat order
        s.sprinters = list(range(seats))
        s.pending = Decision(SPRINT, 0)
    return s


def _log_dealt(s: MiniDState) -> None:
    """The cards a scenario dealt: each racer's kept hand (told to that racer only) and its ⚡ cards
    waiting face up (told to all)."""
    cards = s.table.cards
    for q in range(s.seats):
        if s.hands[q]:
            s.log_private(q, "dealt", seat=q, cards=[cards[c].slug for c in s.hands[q]])
        if s.waiting[q]:
            s.log("dealt_waiting", seat=q, cards=[cards[c].slug for c in s.waiting[q]])


def bad(msg: str) -> ContentError:
    return ContentError([f"minid setup: {msg}"])


def _per_seat(key: str, value: list | None, seats: int) -> list | None:
    if value is not None and len(value) != seats:
        raise bad(f"{key} must be a list with one entry per racer ({seats}), has {len(value)}")
    return value


def apply_setup(s: MiniDState, setup: MiniDSetup) -> None:
    """Put the scenario into a new state (before the race is logged); ContentError on the first problem."""
    length = s.track.length
    n = s.seats
    given = setup.model_fields_set
    if setup.starter is not None and setup.starter >= n:
        raise bad(f"starter must be a seat 0..{n - 1}, is {setup.starter}")
    if setup.aura is not None and setup.aura >= n:
        raise bad(f"aura must be a seat 0..{n - 1} or null, is {setup.aura}")
    if setup.dice is not None:  # the coming die results, consumed before the generator
        s.forced_dice = list(reversed(setup.dice))
    positions = _per_seat("positions", setup.positions, n)
    if positions is not None:
        for q, x in enumerate(positions):
            if x > length:
                raise bad(f"positions: seat {q} on case {x}, off the road (0..{length}; 0 is the parking)")
        road = [x for x in positions if x >= 1]
        if len(road) != len(set(road)):
            raise bad("positions: two racers on one road case (only the parking holds several)")
        s.positions = list(positions)
    if "bunta" in given:
        if setup.bunta is None:
            s.bunta_driving = False
        elif setup.bunta > length + 1:
            raise bad(f"bunta must be a case 0..{length + 1} or null (gone), is {setup.bunta}")
        else:
            s.bunta = setup.bunta
    s.met_bunta = [x >= s.bunta for x in s.positions] if s.bunta_driving else [True] * n
    met = _per_seat("met", setup.met, n)
    if met is not None:
        s.met_bunta = list(met)
    skips = _per_seat("skips", setup.skips, n)
    if skips is not None:
        s.skips = list(skips)
    if setup.aura is not None:
        s.aura = setup.aura
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
            sec = s.track.corner_of(s.positions[q])
            if sec < 0:
                raise bad(f"drift: seat {q} is not in a corner (case {s.positions[q]})")
            s.corner_section[q] = sec
            s.corner_state[q], line = states[v]
            s.corner_move[q] = LINE_MOVE[line]
    cards = s.table.cards
    hands = _per_seat("hands", setup.hands, n)
    for q, names in enumerate(hands or ()):
        for name in names:
            cid = _take(s, name, "hands")
            if cards[cid].bolt:
                raise bad(f"hands: {shorten(name, 40)!r} is a ⚡ card (played at once, never kept)")
            insort(s.hands[q], cid)
    waiting = _per_seat("waiting", setup.waiting, n)
    for q, names in enumerate(waiting or ()):
        for name in names:
            cid = _take(s, name, "waiting")
            if cards[cid].waits is None:
                raise bad(f"waiting: {shorten(name, 40)!r} is not a ⚡ card that waits")
            s.waiting[q].append(cid)
    for name in setup.discard or ():  # named cards from the deck to the discard pile
        s.discard.append(_take(s, name, "discard"))
    if setup.deck:  # named cards on top, the first on top
        top = [_take(s, name, "deck") for name in setup.deck]
        s.deck.extend(reversed(top))


def _take(s: MiniDState, name: str, key: str) -> int:
    cid = s.table.find_card(name)
    if cid is None:
        raise bad(f"{key}: {shorten(name, 40)!r} is not an Event card")
    if cid not in s.deck:
        raise bad(f"{key}: no copy of {s.table.cards[cid].name['fr']!r} left in the Event deck")
    s.deck.remove(cid)
    return cid


__all__ = ["MiniDSetup", "apply_setup", "bad", "new_race"]
