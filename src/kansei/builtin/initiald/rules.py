"""Initial D CCG: the game and its state machine (rules digest ids ID-…, see RULES.md).

Cards are ints (indices into the game's :class:`~.table.Table`); zones are lists of ints, so a clone is a
handful of list copies. Decks are drawn from the end of the list (the end is the top). Hands are kept
sorted, so a hand always lists its actions in the same order.

Decisions and their branching (what search bots see):

- ``play <maneuver>`` / ``play <maneuver> discard N`` — one action per distinct playable card in hand; the
  engine computes N, the exact number of discards the maneuver costs now (ID-P3 + ID-P4), so the player only
  chooses *which* maneuver. ``pass`` is always offered (ID-P2). A player is asked even when nothing in hand
  can be played (``pass`` is then the only choice): whether it can play depends on its hidden hand, so
  skipping it would tell the opponent.
- ``discard <card>`` — then the N discards are chosen one card at a time. With the default
  ``discard_order = "hand_order"`` each pick is at or after the previous one in the (sorted) hand, so every
  set of discards is reached by exactly one sequence and the branching stays at most the hand size; a pick
  that would leave too few cards to finish is never offered. Only when the whole rest of the hand must go
  (public: the hand size is known) are the discards made at once.
- At the end of a stage the winner chooses ``discard <card>`` (same ordering) for each card to throw away,
  then ``keep`` to keep the rest (ID-P6).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, Strict

from kansei.core.content import read_deck
from kansei.core.errors import ContentError, IllegalAction
from kansei.core.options import shorten
from kansei.core.protocol import Action, DuelState, Game, GameOptions, GameSetup, State

from . import refusals, views
from .cards import MANEUVER_TYPES, STAGE_TYPES, CardName, DeckSpec, load_catalog
from .table import (
    KEEP,
    KEEP_REST,
    LEAD,
    MAX_NEED,
    OVER,
    PASS,
    PAY,
    PHASE_NAMES,
    PLAY,
    POWER,
    STYLE,
    TRAIL,
    CardDef,
    Side,
    Table,
    table,
)

HAND_SIZE = 7  # ID-P1
MAX_HAND = MAX_NEED + 1  # a scenario's hand; in play a hand never passes 9 (ID-P1)

SeatNo = Annotated[int, Strict(), Field(ge=0, le=1)]
CardList = Annotated[list[CardName], Field(max_length=MAX_HAND)]


class InitialDOptions(GameOptions):
    # ID-S1 ruling: equal cost — a coin decides (or the players agree on a challenger).
    cost_tie: Literal["coin", "seat0", "seat1"] = "coin"
    # ID-P4 ruling: requirement and counter discards add up; "shared": each discard counts for both.
    discards: Literal["separate", "shared"] = "separate"
    # How discards are picked (docs/rulings.md): in hand order (one way per set, small branching) or freely.
    discard_order: Literal["hand_order", "any"] = "hand_order"


class InitialDSetup(GameSetup):
    """Scenario keys, all optional: ``challenger`` (0 or 1, instead of ID-S1), ``track`` (one of the other
    seat's race cards, instead of ID-S2's random pick), ``hands`` (two lists of card names, or null: that
    seat's first hand, taken from its deck) and ``order`` (two lists: cards put on top of each deck, first
    name on top)."""

    challenger: SeatNo | None = None
    track: CardName | None = None
    hands: tuple[CardList | None, CardList | None] | None = None
    order: tuple[CardList | None, CardList | None] | None = None


class InitialD(Game):
    id = "initiald"
    name = "Initial D CCG"
    Options = InitialDOptions
    Setup = InitialDSetup
    min_players = 2
    max_players = 2
    languages = ("en",)

    options: InitialDOptions
    table: Table
    shared: bool
    ordered: bool

    def __init__(self, *, content: Path | str | None = None, **options: Any) -> None:
        super().__init__(content=content, **options)
        folder = self.content_path
        self.table = table(folder, self.content_digest() if folder is not None else "")
        self.shared = self.options.discards == "shared"
        self.ordered = self.options.discard_order == "hand_order"
        # the starter decks as sides, built once (immutable, so states share them)
        self._starters: dict[str, Side] = {}
        for d in self.table.catalog.decks:
            self._starters[d.name.lower()] = self.side(d.data(), f"{self.id}: starter deck {d.name!r}")

    # -- decks ------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.catalog.decks]

    def starter_deck(self, name: str) -> dict[str, Any]:
        deck = self.table.catalog.starter(name) if isinstance(name, str) else None
        if deck is None:
            return super().starter_deck(str(name))
        return deck.data()

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        """ID-C1, ID-C2, ID-C3, ID-C5 and the shape of deck data, one line per problem."""
        name = deck.get("name") if isinstance(deck, Mapping) else None
        return self._problems(deck, f"deck {shorten(name, 40)!r}" if isinstance(name, str) else "deck")[1]

    def _problems(self, deck: Any, where: str) -> tuple[DeckSpec | None, list[str]]:
        problems: list[str] = []
        cat = self.table.catalog
        spec = cat.read_data(deck, where, problems)
        if spec is not None:
            problems.extend(cat.deck_problems(spec, where))
        return (None if problems else spec), problems

    def load_deck(self, path: Path) -> dict[str, Any]:
        """A deck file as deck data: TOML (``name``, ``car``, ``mods``, ``races``, ``[cards]``) or lines
        (``Car: AE86 Sprinter Trueno``, ``Mods: Takumi Fujiwara``, ``3 Tight Twin Drift``). The car, mods and
        race cards join ``cards`` (as in a starter deck's data); a card's kind says where it goes."""
        deck = read_deck(Path(path))  # bounded in size and depth; ContentError
        where = deck.path
        data: dict[str, Any] = {"name": shorten(deck.name, 100), "cards": {}}
        cards: dict[str, int] = data["cards"]
        problems: list[str] = []
        for key, val in deck.meta.items():
            vals = val if isinstance(val, list) else [val]
            if key in ("car", "mod", "mods", "race", "races"):
                for v in vals:
                    if not isinstance(v, str) or len(v) > 80:
                        problems.append(f"{where}: {key}: expected card names, got {shorten(repr(v), 40)}")
                    else:
                        cards[v] = cards.get(v, 0) + 1
            elif key == "text" and isinstance(val, str):
                data["text"] = shorten(val, 2000)
            elif key not in ("game", "text", "description", "author"):
                problems.append(
                    f"{where}: unknown key {shorten(key, 30)!r} (expected car, mods, races, cards)"
                )
        for name, count in deck.counts().items():
            cards[name] = cards.get(name, 0) + count
        if not problems:
            problems = self._problems(data, where)[1]
        if problems:
            raise ContentError(problems)
        return data

    def side(self, spec: Any, where: str) -> Side:
        """A deck (None: not here; a starter deck's name; deck data) as a Side; ContentError otherwise."""
        if isinstance(spec, str):
            side = self._starters.get(spec.lower())
            if side is None:
                raise ContentError(
                    [f"{where}: {shorten(spec, 40)!r} is no starter deck ({', '.join(self.starter_decks())})"]
                )
            return side
        ds, problems = self._problems(spec, where)
        if ds is None:
            raise ContentError(problems)
        return Side(self.table, ds)

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cars/mods/races/maneuvers/decks.toml) or a deck file."""
        path = Path(path)
        try:
            if path.is_dir():
                load_catalog(path, prefix=str(path))
            else:
                self.load_deck(path)
        except ContentError as e:
            return e.problems
        return []

    # -- protocol -------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> InitialDState:
        specs = self.two_decks(decks)
        names = self.starter_decks()
        sides: list[Side] = []
        problems: list[str] = []
        for i, spec in enumerate(specs):
            try:
                sides.append(self.side(names[i % len(names)] if spec is None else spec, f"deck of seat {i}"))
            except ContentError as e:
                problems.extend(e.problems)
        if problems:
            raise ContentError(problems)
        assert isinstance(setup, InitialDSetup)
        return InitialDState.new(self, seed, sides, setup)

    def parse(self, state: State, text: str) -> Action:
        """As the base; a refusal names what is wrong from what every seat sees (the phase, the card's
        public requirements), never from the hand of the seat to move."""
        try:
            return super().parse(state, text)
        except IllegalAction:
            if isinstance(state, InitialDState) and isinstance(text, str) and not state.is_over:
                raise IllegalAction(refusals.public_refusal(state, text)) from None
            raise

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        self.check_lang(lang)
        return views.card_faces(self.table)

    def action_space(self) -> list[str]:
        return views.action_space(self.table)

    def observation_spec(self, players: int = 2) -> list[str]:
        return views.observation_spec(self.table)

    def encode_view(self, view: Mapping[str, Any], seat: int | None) -> list[float]:
        return views.encode_view(self.table, view, seat)

    def test_configs(self) -> list[dict[str, Any]]:
        return [
            {"options": {}, "players": 2},
            {"options": {"discards": "shared"}, "players": 2},
            {"options": {"discard_order": "any", "cost_tie": "seat1"}, "players": 2},
        ]


class InitialDState(DuelState):
    __slots__ = (
        "sides",
        "phase",
        "turn",
        "lead",
        "challenger",
        "track",
        "stages",
        "stage_no",
        "decks",
        "hands",
        "discards",
        "pile",
        "inplay",
        "buff",
        "style_pts",
        "last",
        "last_by",
        "played",
        "opened",
        "pending",
        "need",
        "floor",
        "streak",
        "results",
        "last_played",
        "reason",
    )

    game: InitialD
    sides: list[Side]  # per seat: car, mods, races, decklist (fixed for the race)
    phase: int  # PLAY, PAY, KEEP or OVER
    turn: int  # the seat to decide
    lead: int  # the lead car of this stage (ID-S3, ID-P6)
    challenger: int  # ID-S1
    track: int  # the race card (ID-S2)
    stages: tuple[int, ...]  # stage types of the track
    stage_no: int  # 0-based
    decks: list[list[int]]  # per seat, top = end
    hands: list[list[int]]  # per seat, sorted
    discards: list[list[int]]  # per seat, public
    pile: list[tuple[int, int]]  # (owner, card): maneuvers played this stage that are not in play
    inplay: list[tuple[int, int]]  # (owner, card): lasting maneuvers (ID-P5)
    buff: list[int]  # bonuses/penalties in play: seat*3 + stat (ID-P5)
    style_pts: list[int]  # Style points from maneuvers played (ID-P1)
    last: int  # the last maneuver of this stage (-1: none yet)
    last_by: int  # who played it
    played: int  # maneuvers played this stage
    opened: bool  # the lead car passed before any maneuver (ID-P2 ruling)
    pending: int  # the maneuver being paid for (PAY)
    need: int  # discards still to pay (PAY)
    floor: int  # hand order: the last discarded card (-1: none)
    streak: int  # consecutive stages won by the lead car (ID-W1)
    results: list[int]  # winner of each stage so far
    last_played: list[int]  # per seat: its last maneuver this stage (-1: none)
    reason: str  # ID-W1 or ID-W2 once over

    # ---------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, game: InitialD, seed: int, sides: list[Side], setup: InitialDSetup) -> InitialDState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.sides = sides
        s.decks = [list(sides[0].maneuvers), list(sides[1].maneuvers)]
        s.hands = [[], []]
        s.discards = [[], []]
        s.pile = []
        s.inplay = []
        s.buff = [0, 0, 0, 0, 0, 0]
        s.style_pts = [0, 0]
        s.last = s.last_by = s.pending = -1
        s.played = s.need = s.streak = s.stage_no = 0
        s.floor = -1
        s.opened = False
        s.results = []
        s.last_played = [-1, -1]
        s.over = False
        s.win = None
        s.reason = ""
        s.phase = PLAY
        s.turn = 0
        s._set_up(setup)
        return s

    def _set_up(self, setup: InitialDSetup) -> None:
        t = self.game.table
        cards = t.cards
        rng = self.rng
        costs = [self.sides[0].cost, self.sides[1].cost]
        # ID-S1: the player whose car plus mods costs more is the challenger; equal cost: a coin (ruling)
        coin = False
        ch = setup.challenger
        if ch is None:
            if costs[0] != costs[1]:
                ch = 0 if costs[0] > costs[1] else 1
            else:
                tie = self.game.options.cost_tie
                coin = tie == "coin"
                ch = rng.coin() if coin else int(tie[-1])
        self.challenger = ch
        # ID-S2: the challenger picks one of the other player's three race cards at random
        home = self.sides[1 - ch].races
        if setup.track is not None:
            cid = t.find(setup.track)
            if cid is None or cid not in home:
                names = ", ".join(cards[r].name for r in home)
                raise ContentError(
                    [
                        f"initiald setup: track {shorten(setup.track, 40)!r} is not one of seat {1 - ch}'s "
                        f"races ({names})"
                    ]
                )
            self.track = cid
        else:
            self.track = home[rng.below(len(home))]
        race = cards[self.track].rec
        self.stages = tuple(STAGE_TYPES.index(x) for x in getattr(race, "stages", ()))
        # ID-S3: the challenger starts the first stage as the trailing car
        self.lead = 1 - ch
        self.log(
            "race",
            cars=[cards[sd.car].name for sd in self.sides],
            mods=[[cards[m].name for m in sd.mods] for sd in self.sides],
            costs=costs,
            coin=coin,
            challenger=ch,
            track=cards[self.track].name,
            owner=1 - ch,
            stages=[STAGE_TYPES[x] for x in self.stages],
        )
        for p in (0, 1):
            rng.shuffle(self.decks[p])
        if setup.order is not None:  # scenario: the named cards on top of each deck, first name on top
            for p in (0, 1):
                top = [self._take(p, name, "order") for name in setup.order[p] or []]
                self.decks[p].extend(reversed(top))
        fixed = [False, False]
        if setup.hands is not None:
            for p in (0, 1):
                hand = setup.hands[p]
                if hand is not None:
                    fixed[p] = True
                    self.hands[p] = sorted(self._take(p, name, "hands") for name in hand)
        self._begin_stage(skip_draw=fixed)

    def _take(self, p: int, name: str, key: str) -> int:
        cid = self.game.table.find(name)
        if cid is None or cid not in self.decks[p]:
            raise ContentError(
                [f"initiald setup: {key}: {shorten(name, 40)!r} is not (or no longer) in seat {p}'s deck"]
            )
        self.decks[p].remove(cid)
        return cid

    # ---------------------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    def _legal_actions(self) -> list[Action]:
        p = self.turn
        ph = self.phase
        if ph == PLAY:
            out = self._plays(p)
            out.append(PASS)
            return out
        if ph == PAY:
            return self._discard_opts(p, self.need)
        if ph == KEEP:
            return self._keep_opts(p)
        return []

    def _why_illegal(self, text: str, seat: int) -> str | None:
        """Told to the seat to move about its own action (a refused Action; see refusals.py)."""
        return refusals.why_illegal(self, text, seat)

    # ---------------------------------------------------------------------------- stats and costs
    @property
    def stage_type(self) -> int:
        return self.stages[self.stage_no]

    def stat(self, p: int, s: int) -> int:
        """A car's current Power, Traction or Style: car + mods (for this stage type) + maneuvers in play
        (ID-P3, ID-P5) + Style points from maneuvers played (ID-P1)."""
        v = self.sides[p].stats[self.stages[self.stage_no]][s] + self.buff[p * 3 + s]
        return v + self.style_pts[p] if s == STYLE else v

    def shortfall(self, p: int, cid: int) -> tuple[int, int]:
        """ID-P3 / ID-P4: (requirement shortfall, counter shortfall) of maneuver ``cid`` for seat ``p``."""
        cards = self.game.table.cards
        d = cards[cid]
        req = 0
        if d.req_stat >= 0:
            req = max(0, d.req_val - self.stat(p, d.req_stat))
        ctr = 0
        if self.last >= 0:  # ID-P4: the first maneuver of a stage counters nothing
            last = cards[self.last]
            ctr = max(0, last.strength[self.stages[self.stage_no]] - d.counter[last.mtype])
        return req, ctr

    def discards_needed(self, p: int, cid: int) -> int:
        """ID-P4 ruling: requirement and counter discards add up (option discards="shared": the larger)."""
        req, ctr = self.shortfall(p, cid)
        return max(req, ctr) if self.game.shared else req + ctr

    def position_problem(self, p: int, d: CardDef) -> str | None:
        if d.position == LEAD and p != self.lead:
            return f"{d.name} is for the lead car only and seat {p} is the trailing car"
        if d.position == TRAIL and p == self.lead:
            return f"{d.name} is for the trailing car only and seat {p} is the lead car"
        return None

    def _plays(self, p: int) -> list[Action]:
        """Every distinct maneuver in hand seat ``p`` can play now, each with its exact discard cost."""
        cards = self.game.table.cards
        side = self.sides[p]
        usable = side.usable
        hand = self.hands[p]
        spare = len(hand) - 1  # the played card itself does not count (ID-P4 ruling)
        st = self.stages[self.stage_no]
        base = side.stats[st]
        pw = base[0] + self.buff[p * 3]
        tr = base[1] + self.buff[p * 3 + 1]
        is_lead = p == self.lead
        last = self.last
        ls = lt = 0
        if last >= 0:
            ld = cards[last]
            ls, lt = ld.strength[st], ld.mtype
        shared = self.game.shared
        out = []
        prev = -1
        for c in hand:
            if c == prev:
                continue
            prev = c
            if not usable[c]:  # special requirements: drivetrain, Turbo, Team/Driver (ID-C4)
                continue
            d = cards[c]
            pos = d.position
            if (pos == LEAD and not is_lead) or (pos == TRAIL and is_lead):
                continue
            rs = d.req_stat  # ID-P3: Power or Traction must reach the requirement; a discard adds 1
            need = d.req_val - (pw if rs == POWER else tr) if rs >= 0 else 0
            if need < 0:
                need = 0
            if last >= 0:  # ID-P4: the counter against the last maneuver's type must reach its strength
                gap = ls - d.counter[lt]
                if gap > 0:
                    need = (need if need > gap else gap) if shared else need + gap
            if need <= spare and need <= MAX_NEED:
                out.append(d.plays[need])
        return out

    def _discard_opts(self, p: int, need: int) -> list[Action]:
        """Distinct cards that may be discarded next. In hand order, each pick is at or after the last one
        and leaves enough cards after it to finish paying."""
        cards = self.game.table.cards
        hand = self.hands[p]
        n = len(hand)
        ordered = self.game.ordered
        floor = self.floor if ordered else -1
        out = []
        prev = -1
        for i, c in enumerate(hand):
            if c == prev or c < floor:
                continue
            prev = c
            if ordered and n - i < need:
                break
            disc = cards[c].disc
            assert disc is not None
            out.append(disc)
        return out

    def _keep_opts(self, p: int) -> list[Action]:
        out = self._discard_opts(p, 0)
        out.append(KEEP_REST)
        return out

    # ---------------------------------------------------------------------------- applying actions
    def _apply(self, a: Action) -> None:
        k = a.kind
        p = self.turn
        if k == "play":
            self._play(p, a.args[0], a.args[1])
        elif k == "pass":
            self.log("pass", seat=p)
            self._on_pass(p)
        elif k == "discard":
            c = a.args[0]
            self._discard_from_hand(p, c, "pay" if self.phase == PAY else "keep")
            if self.game.ordered:
                self.floor = c
            if self.phase == PAY:
                self.need -= 1
                self._pay(p)
            elif self.hands[p]:
                self.remember_legal(self._keep_opts(p))
            else:
                self._next_stage()
        elif k == "keep":  # ID-P6: the winner keeps the rest of the hand
            self.log("keep", seat=p, count=len(self.hands[p]))
            self._next_stage()

    def _discard_from_hand(self, p: int, c: int, reason: str) -> None:
        """Discard piles are public: the card is named to everyone."""
        self.hands[p].remove(c)
        self.discards[p].append(c)
        self.log("discard", seat=p, card=self.game.table.cards[c].name, reason=reason)

    def _play(self, p: int, cid: int, n: int) -> None:
        """ID-P2..P4: announce the maneuver, then pay its discards card by card."""
        d = self.game.table.cards[cid]
        self.hands[p].remove(cid)
        self.pending = cid
        self.need = n
        self.floor = -1
        st = self.stages[self.stage_no]
        self.log(
            "play",
            seat=p,
            card=d.name,
            mtype=MANEUVER_TYPES[d.mtype],
            strength=d.strength[st],
            stage_type=STAGE_TYPES[st],
            discards=n,
        )
        self.phase = PAY
        self._pay(p)

    def _pay(self, p: int) -> None:
        """The player picks each discard, unless the whole rest of the hand must go (a fact every seat can
        see from the hand size): then they are made at once."""
        need = self.need
        if need > 0:
            hand = self.hands[p]
            if need < len(hand):
                self.remember_legal(self._discard_opts(p, need))
                return
            for c in hand[:]:
                self._discard_from_hand(p, c, "pay")
            self.need = 0
        self._resolve(p)

    def _resolve(self, p: int) -> None:
        """The maneuver takes effect (its blocks run); it becomes the last maneuver the opponent must
        counter."""
        d = self.game.table.cards[self.pending]
        cid = self.pending
        self.pending = -1
        self.floor = -1
        for effect in d.effects:
            effect(self, p, 1)
        if d.lasting:  # ID-P5: stays in play with its bonuses and penalties
            self.inplay.append((p, cid))
            self.log("in_play", seat=p, card=d.name)
        else:
            self.pile.append((p, cid))
        if d.style:
            self.style_pts[p] += d.style
        self.last = cid
        self.last_by = p
        self.played += 1
        self.last_played[p] = cid
        if self.opened:  # ID-P2 ruling: answering the lead car's opening pass wins the stage
            self._end_stage(p, "answered the lead car's pass")
        else:
            self._to_play(1 - p)

    # -- the primitives effect blocks act through (blocks.py) ----------------------------------------
    def add_bonus(self, seat: int, stat: int, amount: int) -> None:
        """ID-P5: a bonus or penalty to ``seat``'s car while a maneuver is in play."""
        self.buff[seat * 3 + stat] += amount

    def clear_in_play(self, p: int, who: str, count: int) -> None:
        """ID-P5: discard maneuvers in play (most recent first) of ``who`` as seen by ``p``; their bonuses
        and penalties end. ``count`` 0: all of them."""
        cards = self.game.table.cards
        n = 0
        for i in range(len(self.inplay) - 1, -1, -1):
            owner, c = self.inplay[i]
            if who == "any" or (who == "self") == (owner == p):
                del self.inplay[i]
                for effect in cards[c].effects:
                    effect(self, owner, -1)
                self.discards[owner].append(c)
                self.log("cleared", seat=owner, card=cards[c].name, by=p)
                n += 1
                if count and n >= count:
                    return

    def random_discards(self, q: int, count: int) -> None:
        """Seat ``q`` discards ``count`` cards from hand at random (the game's seeded random source)."""
        hand = self.hands[q]
        for _ in range(min(count, len(hand))):
            self._discard_from_hand(q, hand[self.rng.below(len(hand))], "forced")

    # ---------------------------------------------------------------------------- the stage
    def _to_play(self, p: int) -> None:
        """Seat ``p`` plays a maneuver or passes (ID-P2); it is asked even with nothing playable."""
        self.phase = PLAY
        self.turn = p
        plays = self._plays(p)
        plays.append(PASS)
        self.remember_legal(plays)

    def _on_pass(self, p: int) -> None:
        """ID-P2: the first player unable or unwilling to play ends the stage; whoever played last wins."""
        if self.played:
            self._end_stage(self.last_by, "last maneuver")
        elif p == self.lead and not self.opened:
            # ID-P2 ruling: the lead car passed before any maneuver; the trailing car may play one to win
            self.opened = True
            self._to_play(1 - p)
        else:
            self._end_stage(self.lead, "no maneuver played")  # ID-P2 ruling: the lead car wins

    def _end_stage(self, w: int, how: str) -> None:
        lead = self.lead
        for owner, c in self.pile:  # ID-P5 ruling: maneuvers not in play go to their owner's discard pile
            self.discards[owner].append(c)
        self.pile = []
        self.results.append(w)
        # ID-W1: count consecutive stages won by a player who started them as the lead car
        self.streak = self.streak + 1 if w == lead else 0
        self.log("stage_won", stage=self.stage_no + 1, winner=w, lead=lead, how=how, streak=self.streak)
        if self.streak >= 2:
            self._finish(w, "ID-W1")
            return
        if self.stage_no + 1 >= len(self.stages):  # ID-W2: otherwise the winner of the final stage
            self._finish(w, "ID-W2")
            return
        loser = 1 - w
        if self.hands[loser]:  # ID-P6: the loser discards the hand (to the public discard pile)
            names = [self.game.table.cards[c].name for c in self.hands[loser]]
            self.discards[loser].extend(self.hands[loser])
            self.hands[loser] = []
            self.log("discard_hand", seat=loser, count=len(names), cards=names)
        self.lead = w  # ID-P6: the winner is the lead car of the next stage
        if self.hands[w]:  # ID-P6: the winner may keep any cards in hand
            self.phase = KEEP
            self.turn = w
            self.floor = -1
            self.remember_legal(self._keep_opts(w))
        else:
            self._next_stage()

    def _next_stage(self) -> None:
        self.stage_no += 1
        self._begin_stage((False, False))

    def _begin_stage(self, skip_draw: tuple[bool, bool] | list[bool]) -> None:
        self.played = 0
        self.last = self.last_by = -1
        self.last_played = [-1, -1]
        self.opened = False
        self.floor = -1
        self.log(
            "stage",
            stage=self.stage_no + 1,
            stage_type=STAGE_TYPES[self.stages[self.stage_no]],
            lead=self.lead,
        )
        # ID-P1: draw up to 7; the lead car one more; the higher Style one more (none on a tie)
        style = (self.stat(0, STYLE), self.stat(1, STYLE))
        for p in (self.lead, 1 - self.lead):
            if skip_draw[p]:
                continue
            target = HAND_SIZE + (p == self.lead) + (style[p] > style[1 - p])
            self._draw(p, target - len(self.hands[p]))
        self._to_play(self.lead)

    def _draw(self, p: int, n: int) -> None:
        """Draw ``n`` cards; an empty deck is refilled by shuffling the discard pile (ID-P1 ruling). The
        count is public; the cards are told to ``p`` alone."""
        hand, deck = self.hands[p], self.decks[p]
        got: list[int] = []
        while len(got) < n:
            if not deck:
                disc = self.discards[p]
                if not disc:
                    break
                deck.extend(disc)
                disc.clear()
                self.rng.shuffle(deck)
                self.log("reshuffle", seat=p, count=len(deck))
            got.append(deck.pop())
        if got:
            hand.extend(got)
            hand.sort()
            self.log("draw", seat=p, count=len(got))
            cards = self.game.table.cards
            self.log_private(p, "drew", seat=p, cards=[cards[c].name for c in got])

    def _finish(self, w: int, reason: str) -> None:
        self.over = True
        self.win = w
        self.reason = reason
        self.phase = OVER
        self.remember_legal([])
        self.log("race_over", winner=w, reason=reason, stages=list(self.results))

    # ---------------------------------------------------------------------------- information
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
        out: dict[int, Counter[Any]] = {}
        for p in (0, 1):
            sd = self.sides[p]
            c = Counter(self.decks[p])
            c.update(self.hands[p])
            c.update(self.discards[p])
            c.update(sd.mods)
            c.update(sd.races)
            c[sd.car] += 1
            out[p] = c
        for owner, cid in (*self.pile, *self.inplay):
            out[owner][cid] += 1
        if self.pending >= 0:
            out[self.turn][self.pending] += 1
        return out

    def clone(self) -> InitialDState:
        s = InitialDState.__new__(InitialDState)
        self._copy_base(s)
        s.sides = self.sides
        s.phase = self.phase
        s.turn = self.turn
        s.lead = self.lead
        s.challenger = self.challenger
        s.track = self.track
        s.stages = self.stages
        s.stage_no = self.stage_no
        d, h, x = self.decks, self.hands, self.discards
        s.decks = [d[0][:], d[1][:]]
        s.hands = [h[0][:], h[1][:]]
        s.discards = [x[0][:], x[1][:]]
        s.pile = self.pile[:]
        s.inplay = self.inplay[:]
        s.buff = self.buff[:]
        s.style_pts = self.style_pts[:]
        s.last = self.last
        s.last_by = self.last_by
        s.played = self.played
        s.opened = self.opened
        s.pending = self.pending
        s.need = self.need
        s.floor = self.floor
        s.streak = self.streak
        s.results = self.results[:]
        s.last_played = self.last_played[:]
        s.over = self.over
        s.win = self.win
        s.reason = self.reason
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, the other hand, and the future of the random
        source. Decklists, discard piles and cards in play are open information (docs/rulings.md)."""
        for p in (0, 1):
            # sorted first: the result depends only on what `seat` knows and on `rng` (no-peeking test)
            if p == seat:
                self.decks[p].sort()
                rng.shuffle(self.decks[p])
                continue
            pool = sorted(self.decks[p] + self.hands[p])
            rng.shuffle(pool)
            nh = len(self.hands[p])
            self.hands[p] = sorted(pool[:nh])
            self.decks[p] = pool[nh:]


__all__ = ["KEEP", "MAX_NEED", "OVER", "PAY", "PHASE_NAMES", "PLAY", "InitialD", "InitialDState"]
