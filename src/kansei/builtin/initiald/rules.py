"""Initial D CCG: the state machine (rules digest ids ID-…, see RULES.md).

Cards are ints (indices into the module's :class:`Table`); zones are lists of ints, so a clone is a handful
of list copies. Decks are drawn from the end of the list (the end is the top). Hands are kept sorted, so a
hand always lists its actions in the same order.

Decisions and their branching (what search bots see):

- ``play <maneuver>`` / ``play <maneuver> discard N`` — one action per distinct playable card in hand; the
  engine computes N, the exact number of discards the maneuver costs now (ID-P3 + ID-P4), so the player only
  chooses *which* maneuver. ``pass`` is always offered (ID-P2); a player with nothing playable passes at once.
- ``discard <card>`` — then the N discards are chosen one card at a time. With the default
  ``discard_order = "hand_order"`` each pick is at or after the previous one in the (sorted) hand, so every
  set of discards is reached by exactly one sequence and the branching stays at most the hand size; a pick
  that would leave too few cards to finish is never offered, and a forced pick is made automatically.
- At the end of a stage the winner chooses ``discard <card>`` (same ordering) for each card to throw away,
  then ``keep`` to keep the rest (ID-P6).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, Literal

from kansei.core.content import read_deck, slug
from kansei.core.errors import ContentError, IllegalAction
from kansei.core.protocol import Action, DuelState, Game, GameOptions, GameSetup, State

from .cards import (
    MANEUVER_TYPES,
    STAGE_TYPES,
    Car,
    Catalog,
    DeckSpec,
    Maneuver,
    Mod,
    Race,
    catalog,
    identity,
    load_catalog,
)

POWER, TRACTION, STYLE = 0, 1, 2
STAT_NAMES = ("Power", "Traction", "Style")
_STAT_INDEX = {"power": POWER, "traction": TRACTION, "style": STYLE}
ANY, LEAD, TRAIL = 0, 1, 2
_POSITION = {"any": ANY, "lead": LEAD, "trailing": TRAIL}
PLAY, PAY, KEEP, OVER = 0, 1, 2, 3
PHASE_NAMES = ("play", "discard", "keep", "over")
HAND_SIZE = 7  # ID-P1
MAX_NEED = 40


class CardDef:
    """A card flattened for the hot path. ``kind``: car, mod, race or maneuver."""

    __slots__ = (
        "id", "name", "slug", "kind", "rec",
        "mtype", "strength", "counter", "req_stat", "req_val", "position", "needs_mod", "drivetrains",
        "only", "style", "lasting", "delta_self", "delta_opp", "clears", "opp_discards",
        "plays", "disc",
    )  # fmt: skip


class Table:
    """Every card of a catalog as a CardDef, with its actions interned."""

    def __init__(self, cat: Catalog):
        self.catalog = cat
        self.cards: list[CardDef] = []
        self.by_name: dict[str, int] = {}
        for rec in cat.all_cards():
            d = CardDef()
            d.id = len(self.cards)
            d.name = rec.name
            d.slug = slug(rec.name)
            d.rec = rec
            d.mtype = d.req_stat = -1
            d.strength = d.counter = (0, 0, 0)
            d.req_val = d.style = d.opp_discards = 0
            d.position = ANY
            d.needs_mod = None
            d.drivetrains = d.only = None
            d.lasting = False
            d.delta_self = d.delta_opp = (0, 0, 0)
            d.clears = ()
            d.plays = ()
            d.disc = None
            if isinstance(rec, Car):
                d.kind = "car"
            elif isinstance(rec, Mod):
                d.kind = "mod"
            elif isinstance(rec, Race):
                d.kind = "race"
            else:
                assert isinstance(rec, Maneuver)
                d.kind = "maneuver"
                d.mtype = MANEUVER_TYPES.index(rec.type)
                d.strength = rec.strength.as_tuple()
                d.counter = rec.counter.as_tuple()
                d.req_stat = _STAT_INDEX.get(rec.requirement_type, -1)
                d.req_val = rec.requirement_value
                d.position = _POSITION[rec.position]
                d.needs_mod = rec.needs_mod
                d.drivetrains = frozenset(rec.drivetrain) if rec.drivetrain else None
                d.only = frozenset(x.lower() for x in rec.only_used_by) if rec.only_used_by else None
                d.style = rec.style
                ds, do = [0, 0, 0], [0, 0, 0]
                clears = []
                for e in rec.effects:
                    if e.kind == "bonus":
                        (ds if e.who == "self" else do)[_STAT_INDEX[e.stat]] += e.amount
                    elif e.kind == "discard_in_play":
                        clears.append((e.who, e.amount))
                    elif e.kind == "opponent_discards":
                        d.opp_discards += e.amount
                d.lasting = rec.lasting  # ID-P5
                d.delta_self, d.delta_opp = tuple(ds), tuple(do)
                d.clears = tuple(clears)
                d.plays = tuple(
                    Action(f"play {d.slug}" if n == 0 else f"play {d.slug} discard {n}", "play", (d.id, n))
                    for n in range(MAX_NEED + 1)
                )
                d.disc = Action(f"discard {d.slug}", "discard", (d.id,))
            self.cards.append(d)
            self.by_name[rec.name.lower()] = d.id
            self.by_name[d.slug] = d.id

    def find(self, name: str) -> int | None:
        i = self.by_name.get(str(name).lower())
        return i if i is not None else self.by_name.get(slug(str(name)))


@cache
def table() -> Table:
    """The shipped cards as a Table, built once per process."""
    return Table(catalog())


PASS = Action("pass", "pass")
KEEP_REST = Action("keep", "keep")


class Side:
    """What one player brought: car, mods and races (fixed for the race), resolved for the hot path."""

    __slots__ = ("car", "mods", "races", "maneuvers", "cost", "stats", "usable", "mod_types", "decklist",
                 "identity", "drivetrain")

    def __init__(self, t: Table, car: int, mods: list[int], races: list[int], maneuvers: list[int]):
        cards = t.cards
        self.car = car
        self.mods = tuple(mods)
        self.races = tuple(races)
        self.maneuvers = tuple(maneuvers)
        crec: Car = cards[car].rec
        mrecs: list[Mod] = [cards[m].rec for m in mods]
        self.cost = crec.cost + sum(m.cost for m in mrecs)  # ID-S1: car plus mods
        self.drivetrain = crec.drivetrain
        # ID-C1 / ID-C2: car + mods, per stage type (some bonuses only count in one stage type)
        stats = []
        for st in STAGE_TYPES:
            v = [crec.power + sum(m.power for m in mrecs), crec.traction + sum(m.traction for m in mrecs),
                 crec.style + sum(m.style for m in mrecs)]
            for b in [*crec.bonuses, *(b for m in mrecs for b in m.bonuses)]:
                if b.stage is None or b.stage == st:
                    v[_STAT_INDEX[b.stat]] += b.amount
            stats.append(tuple(v))
        self.stats = tuple(stats)
        # ID-C1: a built-in mod counts as having a mod of that type
        self.mod_types = frozenset([*crec.built_in, *(m.type for m in mrecs)])
        self.identity = identity(crec, mrecs)
        # static special requirements of every maneuver (drivetrain, needs_mod, only used by)
        usable = bytearray(len(cards))
        for d in cards:
            if d.kind != "maneuver":
                continue
            ok = True
            if d.drivetrains is not None and self.drivetrain not in d.drivetrains:
                ok = False
            if d.needs_mod is not None and d.needs_mod not in self.mod_types:
                ok = False
            if d.only is not None and not (d.only & self.identity):
                ok = False
            usable[d.id] = ok
        self.usable = bytes(usable)
        self.decklist = {cards[c].name: n for c, n in sorted(Counter(maneuvers).items())}

    def special_problem(self, d: CardDef) -> str | None:
        """Why a maneuver's static special requirement is not met (None: it is)."""
        rec: Maneuver = d.rec
        if d.drivetrains is not None and self.drivetrain not in d.drivetrains:
            return f"{d.name} is {' or '.join(rec.drivetrain)} only and this car is {self.drivetrain}"
        if d.needs_mod is not None and d.needs_mod not in self.mod_types:
            return f"{d.name} needs a {d.needs_mod} mod and this car has none"
        if d.only is not None and not (d.only & self.identity):
            return f"{d.name} is only used by {', '.join(rec.only_used_by)}"
        return None


class InitialDOptions(GameOptions):
    # ID-S1 ruling: equal cost — a coin decides (or the players agree on a challenger).
    cost_tie: Literal["coin", "seat0", "seat1"] = "coin"
    # ID-P4 ruling: requirement and counter discards add up; "shared": each discard counts for both.
    discards: Literal["separate", "shared"] = "separate"
    # How discards are picked (docs/rulings.md): in hand order (one way per set, small branching) or freely.
    discard_order: Literal["hand_order", "any"] = "hand_order"


class InitialDSetup(GameSetup):
    """Scenario keys (interim: typed fields come with the game's own validation)."""

    challenger: Any = None
    hands: Any = None
    order: Any = None
    track: Any = None


class InitialD(Game):
    id = "initiald"
    name = "Initial D CCG"
    Options = InitialDOptions
    min_players = 2
    max_players = 2
    Setup = InitialDSetup

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.table = table()
        self.shared = self.options.discards == "shared"
        self.ordered = self.options.discard_order == "hand_order"
        self._starter_sides: dict[str, Side] = {}

    # -- decks ------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.catalog.decks]

    def deck_spec(self, spec: Any, where: str) -> DeckSpec:
        """A deck (starter name, deck-file path, or {"car", "mods", "races", "cards"}) split by card kind.
        Raises ContentError with one line per problem (ID-C1, ID-C2, ID-C3, ID-C5)."""
        cat = self.table.catalog
        problems: list[str] = []
        if isinstance(spec, str):
            starter = cat.starter(spec)
            if starter is not None:
                entries = [(starter.car, 1), *((m, 1) for m in starter.mods),
                           *((r, 1) for r in starter.races), *starter.cards.items()]
            elif Path(spec).is_file():
                where = spec
                entries = self._file_entries(Path(spec))
            else:
                raise ContentError(
                    [f"{where}: {spec!r} is neither a starter deck ({', '.join(self.starter_decks())}) "
                     "nor a deck file"]
                )
        elif isinstance(spec, dict):
            entries = _dict_entries(spec, where, problems)
        else:
            raise ContentError([f"{where}: a deck is a starter name, a file path or an object"])
        ds = cat.split(entries, where, problems)
        problems.extend(cat.deck_problems(ds, where))
        if problems:
            raise ContentError(problems)
        return ds

    def _file_entries(self, path: Path) -> list[tuple[str, int]]:
        deck = read_deck(path)
        problems: list[str] = []
        entries: list[tuple[str, int]] = []
        for key, val in deck.meta.items():
            if key in ("car", "mod", "mods", "race", "races"):
                vals = val if isinstance(val, list) else [val]
                for v in vals:
                    if isinstance(v, str):
                        entries.append((v, 1))
                    else:
                        problems.append(f"{path}: {key}: expected card names, got {v!r}")
            elif key not in ("game", "text", "description", "author"):
                problems.append(f"{path}: unknown key {key!r} (expected car, mods, races and [cards])")
        if problems:
            raise ContentError(problems)
        return entries + deck.cards

    def build_side(self, spec: Any, seat: int) -> Side:
        if spec is None:
            spec = self.starter_decks()[seat % 2]
        key = spec.lower() if isinstance(spec, str) and self.table.catalog.starter(spec) else None
        if key is not None and key in self._starter_sides:
            return self._starter_sides[key]
        ds = self.deck_spec(spec, f"deck of seat {seat}")
        t = self.table
        man = [t.find(n) for n, k in ds.maneuvers.items() for _ in range(k)]
        side = Side(t, t.find(ds.car[0]), [t.find(m) for m in ds.mods], [t.find(r) for r in ds.races], man)
        if key is not None:
            self._starter_sides[key] = side
        return side

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cars/mods/races/maneuvers/decks.toml) or a deck file."""
        path = Path(path)
        try:
            if path.is_dir():
                load_catalog(path, prefix=str(path))
                return []
            self.deck_spec(str(path), str(path))
        except ContentError as e:
            return e.problems
        return []

    # -- protocol -------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list | None, setup_model: GameSetup) -> InitialDState:
        setup = setup_model.model_dump(exclude_unset=True)
        specs = list(decks) if decks else [None, None]
        if len(specs) != 2:
            raise ContentError([f"initiald: two decks are needed, got {len(specs)}"])
        sides = [self.build_side(specs[i], i) for i in range(2)]
        return InitialDState.new(self, seed, sides, setup)

    def parse(self, state: State, text: str) -> Action:
        """As the base, but a refused ``play``/``discard`` names its reason (the shortfall, the phase)."""
        try:
            return super().parse(state, text)
        except IllegalAction:
            words = " ".join(str(text).split()).lower().split(" ")
            if not state.is_over and words in (["pass"], ["keep"]):
                raise IllegalAction(state._explain(PASS if words[0] == "pass" else KEEP_REST)) from None
            if not state.is_over and words and words[0] in ("play", "discard") and len(words) > 1:
                rest = words[1:]
                n = 0
                if words[0] == "play" and len(rest) >= 3 and rest[-2] == "discard" and rest[-1].isdigit():
                    n, rest = int(rest[-1]), rest[:-2]
                cid = self.table.find(" ".join(rest))
                if cid is not None and self.table.cards[cid].kind == "maneuver":
                    d = self.table.cards[cid]
                    a = d.plays[min(n, MAX_NEED)] if words[0] == "play" else d.disc
                    raise IllegalAction(state._explain(a)) from None
            raise

    def rules_file(self) -> Path:
        return Path(__file__).parent / "RULES.md"

    def test_configs(self) -> list[dict]:
        return [
            {"options": {}, "players": 2},
            {"options": {"discards": "shared"}, "players": 2},
            {"options": {"discard_order": "any", "cost_tie": "seat1"}, "players": 2},
        ]






def _dict_entries(spec: dict, where: str, problems: list[str]) -> list[tuple[str, int]]:
    entries: list[tuple[str, int]] = []
    for key, val in spec.items():
        if key == "car":
            if isinstance(val, str):
                entries.append((val, 1))
            else:
                problems.append(f"{where}: car must be a card name")
        elif key in ("mods", "races"):
            if isinstance(val, str):
                val = [val]
            if not isinstance(val, list) or not all(isinstance(v, str) for v in val):
                problems.append(f"{where}: {key} must be a list of card names")
            else:
                entries.extend((v, 1) for v in val)
        elif key == "cards":
            if not isinstance(val, dict):
                problems.append(f"{where}: cards must be an object of name: count")
                continue
            for name, n in val.items():
                if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                    problems.append(f'{where}: card "{name}": count must be a positive integer, is {n!r}')
                else:
                    entries.append((name, n))
        elif key not in ("name", "text", "game"):
            problems.append(f"{where}: unknown key {key!r} (expected car, mods, races, cards)")
    return entries




class InitialDState(DuelState):
    __slots__ = (
        "sides", "phase", "turn", "lead", "challenger", "track", "stages", "stage_no",
        "decks", "hands", "discards", "pile", "inplay", "buff", "style_pts",
        "last", "last_by", "played", "opened", "pending", "need", "floor",
        "streak", "results", "last_played", "reason",
    )  # fmt: skip

    game: InitialD

    # ---------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, game: InitialD, seed: int, sides: list[Side], setup: dict) -> InitialDState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.sides = sides
        s.decks = [list(sides[0].maneuvers), list(sides[1].maneuvers)]
        s.hands = [[], []]
        s.discards = [[], []]
        s.pile = []
        s.inplay = []
        s.buff = [0, 0, 0, 0, 0, 0]  # bonuses/penalties in play: seat*3 + stat (ID-P5)
        s.style_pts = [0, 0]  # Style points from maneuvers played (ID-P1)
        s.last = s.last_by = s.pending = -1
        s.played = s.need = s.streak = s.stage_no = 0
        s.floor = -1
        s.opened = False
        s.results = []
        s.last_played = [-1, -1]
        s.over = False
        s.win = None
        s.reason = ""
        s._set_up(setup)
        return s

    def _set_up(self, setup: dict) -> None:
        t = self.game.table
        cards = t.cards
        rng = self.rng
        costs = [self.sides[0].cost, self.sides[1].cost]
        # ID-S1: the player whose car plus mods costs more is the challenger; equal cost: a coin (ruling)
        coin = False
        ch = setup.get("challenger")
        if ch is not None:
            if ch not in (0, 1):
                raise ContentError([f"initiald setup: challenger must be 0 or 1, is {ch!r}"])
        elif costs[0] != costs[1]:
            ch = 0 if costs[0] > costs[1] else 1
        else:
            tie = self.game.options.cost_tie
            coin = tie == "coin"
            ch = rng.coin() if coin else int(tie[-1])
        self.challenger = ch
        # ID-S2: the challenger picks one of the other player's three race cards at random
        home = self.sides[1 - ch].races
        want = setup.get("track")
        if want is not None:
            cid = t.find(want)
            if cid is None or cid not in home:
                names = ", ".join(cards[r].name for r in home)
                raise ContentError(
                    [f"initiald setup: track {want!r} is not one of seat {1 - ch}'s races ({names})"]
                )
            self.track = cid
        else:
            self.track = home[rng.below(len(home))]
        self.stages = tuple(STAGE_TYPES.index(x) for x in cards[self.track].rec.stages)
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
        order = setup.get("order")
        if order is not None:
            self._fix_order(order)
        hands = setup.get("hands")
        fixed = [False, False]
        if hands is not None:
            if not isinstance(hands, list) or len(hands) != 2:
                raise ContentError(["initiald setup: hands must be two lists of card names (or null)"])
            for p in (0, 1):
                if hands[p] is None:
                    continue
                fixed[p] = True
                for name in hands[p]:
                    self.hands[p].append(self._take(p, name, "hands"))
                self.hands[p].sort()
        self._begin_stage(skip_draw=fixed)

    def _take(self, p: int, name: Any, key: str) -> int:
        cid = self.game.table.find(name)
        if cid is None or cid not in self.decks[p]:
            raise ContentError([f"initiald setup: {key}: {name!r} is not (or no longer) in seat {p}'s deck"])
        self.decks[p].remove(cid)
        return cid

    def _fix_order(self, order: Any) -> None:
        """Scenario: put the named cards on top of each deck, first name on top."""
        if not isinstance(order, list) or len(order) != 2:
            raise ContentError(["initiald setup: order must be two lists of card names (top first)"])
        for p in (0, 1):
            top = [self._take(p, name, "order") for name in (order[p] or [])]
            self.decks[p].extend(reversed(top))

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
            out = self._discard_opts(p, 0)
            out.append(KEEP_REST)
            return out
        return []

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
        d = self.game.table.cards[cid]
        req = 0
        if d.req_stat >= 0:
            req = max(0, d.req_val - self.stat(p, d.req_stat))
        ctr = 0
        if self.last >= 0:  # ID-P4: the first maneuver of a stage counters nothing
            L = self.game.table.cards[self.last]
            ctr = max(0, L.strength[self.stages[self.stage_no]] - d.counter[L.mtype])
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
            L = cards[last]
            ls, lt = L.strength[st], L.mtype
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
            if need <= spare:
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
            out.append(cards[c].disc)
        return out

    # ---------------------------------------------------------------------------- illegal actions
    def _explain(self, action: Action) -> str:
        cards = self.game.table.cards
        p = self.turn
        kind = getattr(action, "kind", "")
        note = getattr(action, "notation", str(action))
        args = getattr(action, "args", ())
        ok_card = kind in ("play", "discard") and args and 0 <= args[0] < len(cards)
        if self.phase == PAY:
            pend = cards[self.pending].name
            if kind == "discard" and ok_card:
                c = args[0]
                if c not in self.hands[p]:
                    return f"{note!r}: seat {p} holds no {cards[c].name}"
                return (f"{note!r}: discards are picked in hand order (option discard_order) and enough must "
                        f"remain to finish paying {self.need} more for {pend}")
            return f"{note!r}: seat {p} must first discard {self.need} more card(s) to pay for {pend}"
        if self.phase == KEEP:
            if kind == "discard" and ok_card and args[0] not in self.hands[p]:
                return f"{note!r}: seat {p} holds no {cards[args[0]].name}"
            if kind == "discard":
                return f"{note!r}: discards are picked in hand order (option discard_order)"
            return (f"{note!r}: the stage is over; seat {p} (its winner) chooses cards to discard, "
                    "then 'keep' for the rest (ID-P6)")
        # PLAY
        if kind == "play" and ok_card and cards[args[0]].kind == "maneuver":
            c, n = args
            d = cards[c]
            if c not in self.hands[p]:
                return f"{note!r}: seat {p} holds no {d.name}"
            why = self.sides[p].special_problem(d) or self.position_problem(p, d)
            if why:
                return f"{note!r}: {why} (ID-C4 special requirement)"
            need = self.discards_needed(p, c)
            spare = len(self.hands[p]) - 1
            parts = self._shortfall_text(p, c)
            if need > spare:
                return (f"{note!r}: {d.name} needs {need} discard(s) ({parts}) but seat {p} holds only "
                        f"{spare} other card(s) (ID-P3, ID-P4)")
            if n != need:
                return (f"{note!r}: {d.name} costs exactly {need} discard(s) now ({parts}): "
                        f"'{d.plays[need].notation}'")
        if kind == "discard":
            return f"{note!r}: there is nothing to pay for; play a maneuver or pass (ID-P2)"
        if kind == "keep":
            return f"{note!r}: cards are kept only by a stage's winner at its end (ID-P6)"
        legal = ", ".join(a.notation for a in self.legal_actions()[:10])
        return f"{note!r} is not legal now for seat {p} (legal: {legal})"

    def _shortfall_text(self, p: int, cid: int) -> str:
        cards = self.game.table.cards
        d = cards[cid]
        req, ctr = self.shortfall(p, cid)
        out = []
        if d.req_stat >= 0:
            have = self.stat(p, d.req_stat)
            name = STAT_NAMES[d.req_stat]
            out.append(f"{name} {have} of {d.req_val}: {req} short" if req else
                       f"{name} {have} ≥ {d.req_val}")
        if self.last >= 0:
            L = cards[self.last]
            mt = MANEUVER_TYPES[L.mtype]
            out.append(f"{mt} counter {d.counter[L.mtype]} against {L.name}'s strength "
                       f"{L.strength[self.stages[self.stage_no]]}" + (f": {ctr} short" if ctr else " ✓"))
        return "; ".join(out) or "no requirement"

    # ---------------------------------------------------------------------------- applying actions
    def _apply(self, a: Action) -> None:
        k = a.kind
        p = self.turn
        if k == "play":
            self._play(p, a.args[0], a.args[1])
        elif k == "pass":
            self.log("pass", seat=p, forced=False)
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
        self.hands[p].remove(c)
        self.discards[p].append(c)
        self.log("discard", seat=p, card=self.game.table.cards[c].name, reason=reason)

    def _keep_opts(self, p: int) -> list[Action]:
        out = self._discard_opts(p, 0)
        out.append(KEEP_REST)
        return out

    def _play(self, p: int, cid: int, n: int) -> None:
        """ID-P2..P4: announce the maneuver, then pay its discards card by card."""
        d = self.game.table.cards[cid]
        self.hands[p].remove(cid)
        self.pending = cid
        self.need = n
        self.floor = -1
        st = self.stages[self.stage_no]
        self.log("play", seat=p, card=d.name, mtype=MANEUVER_TYPES[d.mtype], strength=d.strength[st],
                 stage_type=STAGE_TYPES[st], discards=n)
        self.phase = PAY
        self._pay(p)

    def _pay(self, p: int) -> None:
        """Forced discards are made at once; otherwise the player picks the next one."""
        while self.need > 0:
            opts = self._discard_opts(p, self.need)
            if len(opts) != 1:
                self.remember_legal(opts)
                return
            c = opts[0].args[0]
            self._discard_from_hand(p, c, "pay")
            if self.game.ordered:
                self.floor = c
            self.need -= 1
        self._resolve(p)

    def _resolve(self, p: int) -> None:
        """The maneuver takes effect; it becomes the last maneuver the opponent must counter."""
        cards = self.game.table.cards
        cid = self.pending
        d = cards[cid]
        self.pending = -1
        self.floor = -1
        for who, count in d.clears:
            self._clear(p, who, count)
        if d.opp_discards:
            q = 1 - p
            hand = self.hands[q]
            for _ in range(min(d.opp_discards, len(hand))):
                self._discard_from_hand(q, hand[self.rng.below(len(hand))], "forced")
        if d.lasting:  # ID-P5: stays in play with its bonuses and penalties
            self.inplay.append((p, cid))
            self._apply_buff(p, d, 1)
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

    def _apply_buff(self, owner: int, d: CardDef, sign: int) -> None:
        b = self.buff
        o = owner * 3
        q = (1 - owner) * 3
        for s in range(3):
            b[o + s] += sign * d.delta_self[s]
            b[q + s] += sign * d.delta_opp[s]

    def _clear(self, p: int, who: str, count: int) -> None:
        """ID-P5: discard maneuvers in play (most recent first); their bonuses and penalties end."""
        cards = self.game.table.cards
        n = 0
        for i in range(len(self.inplay) - 1, -1, -1):
            owner, c = self.inplay[i]
            if who == "any" or (who == "self") == (owner == p):
                del self.inplay[i]
                self._apply_buff(owner, cards[c], -1)
                self.discards[owner].append(c)
                self.log("cleared", seat=owner, card=cards[c].name, by=p)
                n += 1
                if count and n >= count:
                    return

    def _to_play(self, p: int) -> None:
        """Seat ``p`` plays a maneuver or passes; with nothing playable it passes at once (ID-P2)."""
        self.phase = PLAY
        self.turn = p
        plays = self._plays(p)
        if plays:
            plays.append(PASS)
            self.remember_legal(plays)
        else:
            self.log("pass", seat=p, forced=True)
            self._on_pass(p)

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
        if self.hands[loser]:  # ID-P6: the loser discards the hand
            n = len(self.hands[loser])
            self.discards[loser].extend(self.hands[loser])
            self.hands[loser] = []
            self.log("discard_hand", seat=loser, count=n)
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

    def _begin_stage(self, skip_draw: tuple | list) -> None:
        self.played = 0
        self.last = self.last_by = -1
        self.opened = False
        self.floor = -1
        self.log("stage", stage=self.stage_no + 1, stage_type=STAGE_TYPES[self.stages[self.stage_no]],
                 lead=self.lead)
        # ID-P1: draw up to 7; the lead car one more; the higher Style one more (none on a tie)
        style = (self.stat(0, STYLE), self.stat(1, STYLE))
        for p in (self.lead, 1 - self.lead):
            if skip_draw[p]:
                continue
            target = HAND_SIZE + (p == self.lead) + (style[p] > style[1 - p])
            self._draw(p, target - len(self.hands[p]))
        self._to_play(self.lead)

    def _draw(self, p: int, n: int) -> None:
        """Draw ``n`` cards; an empty deck is refilled by shuffling the discard pile (ID-P1 ruling)."""
        hand, deck = self.hands[p], self.decks[p]
        got = 0
        while got < n:
            if not deck:
                disc = self.discards[p]
                if not disc:
                    break
                deck.extend(disc)
                disc.clear()
                self.rng.shuffle(deck)
                self.log("reshuffle", seat=p, count=len(deck))
            hand.append(deck.pop())
            got += 1
        if got:
            hand.sort()
            self.log("draw", seat=p, count=got)

    def _finish(self, w: int, reason: str) -> None:
        self.over = True
        self.win = w
        self.reason = reason
        self.phase = OVER
        self.remember_legal([])
        self.log("race_over", winner=w, reason=reason, stages=list(self.results))

    # ---------------------------------------------------------------------------- information
    def _player_view(self, p: int, me: bool) -> dict:
        cards = self.game.table.cards
        side = self.sides[p]
        car = cards[side.car].rec
        v = {
            "seat": p,
            "car": car.name,
            "drivetrain": car.drivetrain,
            "built_in": list(car.built_in),
            "mods": [cards[m].name for m in side.mods],
            "races": [cards[r].name for r in side.races],
            "cost": side.cost,
            "power": self.stat(p, POWER),
            "traction": self.stat(p, TRACTION),
            "style": self.stat(p, STYLE),
            "lead": p == self.lead,
            "hand_count": len(self.hands[p]),
            "deck_count": len(self.decks[p]),
            "discard": [cards[c].name for c in self.discards[p]],
            "in_play": [cards[c].name for o, c in self.inplay if o == p],
            "last_maneuver": cards[self.last_played[p]].name if self.last_played[p] >= 0 else None,
            "decklist": side.decklist,
        }
        if me:
            v["hand"] = [cards[c].name for c in self.hands[p]]
        return v

    def view(self, seat: int | None) -> dict:
        cards = self.game.table.cards
        st = self.stages[self.stage_no]
        last = None
        if self.last >= 0:
            L = cards[self.last]
            last = {"card": L.name, "seat": self.last_by, "type": MANEUVER_TYPES[L.mtype],
                    "strength": L.strength[st]}
        pending = None
        if self.phase == PAY:
            pending = {"seat": self.turn, "card": cards[self.pending].name, "discards_left": self.need}
        return {
            "game": "initiald",
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "track": {"name": cards[self.track].name, "pass": cards[self.track].rec.pass_,
                      "owner": 1 - self.challenger},
            "stages": [STAGE_TYPES[x] for x in self.stages],
            "stage": self.stage_no + 1,
            "stage_type": STAGE_TYPES[st],
            "challenger": self.challenger,
            "lead": self.lead,
            "results": list(self.results),
            "lead_streak": self.streak,
            "maneuvers_this_stage": self.played,
            "lead_passed": self.opened,
            "last": last,
            "pending": pending,
            "stage_pile": [{"card": cards[c].name, "seat": o} for o, c in self.pile],
            "players": [self._player_view(p, seat == p) for p in (0, 1)],
            "you": seat,
            "over": self.over,
            "winner": self.win,
            "reason": self.reason,
        }

    def reveal(self) -> dict:
        cards = self.game.table.cards
        v = self.view(None)
        v["hands"] = [[cards[c].name for c in h] for h in self.hands]
        v["decks"] = [[cards[c].name for c in reversed(d)] for d in self.decks]  # top first
        v["floor"] = self.floor
        v["rng"] = self.rng.s
        return v

    def census(self) -> dict[int, Counter]:
        out = {}
        for p in (0, 1):
            sd = self.sides[p]
            c = Counter(self.decks[p])
            c.update(self.hands[p])
            c.update(self.discards[p])
            c.update(sd.mods)
            c.update(sd.races)
            c[sd.car] += 1
            out[p] = c
        for o, c in self.pile:
            out[o][c] += 1
        for o, c in self.inplay:
            out[o][c] += 1
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

