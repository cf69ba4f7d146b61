"""Mini D: the state machine (rules digest ids MD-…, see RULES.md and docs/rulings.md).

The race is driven by a small task stack. Everything that happens without a choice (Bunta's drive, a move
roll, a corner, a battle, a crossing) is a task, a tuple of ints popped and carried out by :meth:`_run`;
a task that needs a decision sets :attr:`pending` and the loop stops until :meth:`_apply` answers it. So a
clone is a handful of list copies, and a turn with nothing to decide costs no action at all.

Positions are case numbers in the direction of the race: 0 is the start parking (any number of cars),
``1..L`` the road (at most one car per case once every battle is over), ``L + 1`` the finish line.
Cards are ints indexing :data:`CARDS`; hands are sorted lists, the deck's top is its end.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError, OptionError
from kansei.core.protocol import Action, Game, GameOptions, GameSetup, State

from .cards import KEPT_TIMING, EventCard, TrackRecord, ascii_slug, content, load_tracks

# -- constants --------------------------------------------------------------------------------------------

RACING, FINISHED, OUT = 0, 1, 2
STATUS = ("racing", "finished", "out")
NONE, MASTERED, FAILED = 0, 1, 2  # a racer's state in the corner they last drifted into
CORNER_STATE = (None, "mastered", "failed")
NORMAL, GAMBLER, MOONLIGHT = 0, 1, 2  # MD-O2 cornering lines
LINES = ("normal", "gambler", "moonlight")
LINE_DRIFT = (0, -3, 3)  # MD-O2: Midnight Gambler -3 drift, Moonlight Control +3
LINE_MOVE = (0, 2, -2)  # MD-O2: +2 / -2 movement in this corner once mastered
ATTACK, DEFEND = 0, 1
HAND_LIMIT = 3  # MD-E1
AURA = 3  # MD-N3
SPRINT_LINE = 12  # MD-S2 ruling
BIG = 1 << 30

# tasks (first item of a task tuple)
(T_TURN, T_MOVE, T_LAND, T_DRIFT, T_BATTLE, T_BWIN, T_BROLL, T_CROSS, T_FINISH, T_END, T_LIMIT) = range(11)
# decisions (first item of ``pending``)
(D_SPRINT, D_TURN, D_SKIP, D_LINE, D_DRIFT, D_BATTLE, D_CROSS, D_DRAW, D_DISCARD) = range(9)
DECISIONS = ("sprint", "turn", "skip", "line", "drift", "battle", "crossing", "draw", "discard")
# moments a kept card may be played (a card's window)
W_BOLT, W_TURN, W_DRIFT, W_BATTLE, W_CROSSING, W_SKIP = range(6)
_WINDOW = {"bolt": W_BOLT, "turn": W_TURN, "drift": W_DRIFT, "battle": W_BATTLE, "crossing": W_CROSSING,
           "skip": W_SKIP}  # fmt: skip
# why a forward move stopped
R_NONE, R_CORNER, R_BATTLE, R_FINISH = range(4)
STOPS = (None, "corner", "battle", "finish")


# -- content flattened for the hot path ---------------------------------------------------------------------


class CardDef:
    """An Event card as the engine uses it, with its actions interned."""

    __slots__ = ("id", "name", "slug", "text", "bolt", "effect", "amount", "window", "play", "discard", "rec")

    def __init__(self, cid: int, rec: EventCard):
        self.id = cid
        self.rec = rec
        self.name = rec.name
        self.slug = ascii_slug(rec.name)
        self.text = rec.text
        self.bolt = rec.bolt
        self.effect = rec.effect
        self.amount = rec.amount
        self.window = _WINDOW[rec.timing]
        self.play = Action(f"play {self.slug}", "play", (cid,))
        self.discard = Action(f"discard {self.slug}", "discard", (cid,))


@cache
def card_table() -> tuple[CardDef, ...]:
    return tuple(CardDef(i, rec) for i, rec in enumerate(content().cards))


CARDS = card_table()
WINDOW = tuple(c.window for c in CARDS)
BY_NAME: dict[str, int] = {}
for _c in CARDS:
    BY_NAME[_c.name.lower()] = _c.id
    BY_NAME[_c.slug] = _c.id
DECK = tuple(c.id for c in CARDS for _ in range(c.rec.count))  # the Event deck, unshuffled


def find_card(name: Any) -> int | None:
    cid = BY_NAME.get(str(name).lower())
    return cid if cid is not None else BY_NAME.get(ascii_slug(str(name)))


class Track:
    """A track in the direction of the race (MD-B1; reversed for MD-O3), as flat per-case tables."""

    __slots__ = ("name", "uphill", "L", "sections", "sec_of", "next_cf", "is_event", "straight_end",
                 "events", "diff", "sec_end", "sec_name", "corners")  # fmt: skip

    def __init__(self, rec: TrackRecord, uphill: bool):
        self.name = rec.name
        self.uphill = uphill
        L = self.L = rec.length
        secs = [(s.kind, s.start, s.end, s.difficulty or 0, s.name) for s in rec.sections]
        events = sorted(rec.events)
        if uphill:  # MD-O3: the same road from the bottom, case c becomes L + 1 - c
            secs = [(k, L + 1 - e, L + 1 - b, d, n) for k, b, e, d, n in reversed(secs)]
            events = sorted(L + 1 - c for c in events)
        self.sections = secs
        self.events = events
        self.sec_of = [-1] * (L + 2)
        self.straight_end = [-1] * (L + 2)
        self.is_event = [False] * (L + 2)
        self.diff = [d if k == "corner" else 0 for k, _, _, d, _ in secs]
        self.sec_end = [e for _, _, e, _, _ in secs]
        self.sec_name = [n or (f"corner {i + 1}" if k == "corner" else f"straight {i + 1}")
                         for i, (k, _, _, _, n) in enumerate(secs)]  # fmt: skip
        first = set()
        for i, (k, b, e, _, _) in enumerate(secs):
            for c in range(b, e + 1):
                self.sec_of[c] = i
                if k == "straight":
                    self.straight_end[c] = e
            if k == "corner":
                first.add(b)
        self.corners = sorted(first)
        # next_cf[c]: the first corner's first case after c (BIG if none) — MD-C1 in O(1)
        self.next_cf = [BIG] * (L + 2)
        nxt = BIG
        for c in range(L + 1, -1, -1):
            self.next_cf[c] = nxt
            if c in first:
                nxt = c
        for c in events:
            self.is_event[c] = True

    def section_view(self) -> list[dict]:
        return [
            {"kind": k, "start": b, "end": e, "name": self.sec_name[i],
             **({"difficulty": d} if k == "corner" else {})}
            for i, (k, b, e, d, _) in enumerate(self.sections)
        ]  # fmt: skip


@cache
def shipped_track(track_id: str, uphill: bool) -> Track | None:
    rec = content().find_track(track_id)
    return Track(rec, uphill) if rec is not None else None


def resolve_track(name: str, uphill: bool) -> Track:
    """A shipped track by name, or a track file (one ``[[track]]``); one clear line if neither."""
    t = shipped_track(ascii_slug(name), uphill)
    if t is not None:
        return t
    path = Path(name)
    if path.suffix.lower() == ".toml" and path.exists():
        problems: list[str] = []
        recs = load_tracks(path, problems)
        if not problems and len(recs) != 1:
            problems.append(f"{path}: a track file for play holds exactly one [[track]], has {len(recs)}")
        if problems:
            raise ContentError(problems)
        return Track(recs[0], uphill)
    valid = ", ".join(ascii_slug(t.name) for t in content().tracks)
    raise OptionError(f"minid: unknown track {name!r} (valid: {valid}, or the path of a track .toml file)")


# -- actions (interned) -------------------------------------------------------------------------------

SPRINT_ACTS = [Action(f"sprint {k}", "sprint", (k,)) for k in range(1, SPRINT_LINE + 1)]
LINE_ACTS = [Action(f"line {n}", "line", (i,)) for i, n in enumerate(LINES)]
ROLL = Action("roll", "roll")
ACCEPT = Action("accept", "accept")
PASS = Action("pass", "pass")
DRAW = Action("draw", "draw")
_DECLINE = {D_TURN: ROLL, D_SKIP: PASS, D_DRIFT: ACCEPT, D_BATTLE: PASS, D_CROSS: ACCEPT}
_WHEN = (
    "when drawn", "at the start of your turn", "after your DRIFT roll", "when a battle you are in begins",
    "after your roll for crossing Bunta", "when you would skip a turn",
)  # fmt: skip
_DECISION_WINDOW = {D_TURN: W_TURN, D_SKIP: W_SKIP, D_DRIFT: W_DRIFT, D_BATTLE: W_BATTLE, D_CROSS: W_CROSSING}


# -- the game -------------------------------------------------------------------------------------------


class MiniDOptions(GameOptions):
    track: str = Field("akina", description="a shipped track (akina, usui) or a track .toml file")
    uphill: bool = Field(False, description="MD-O3 uphill touge: the track in reverse")
    aspiration: bool = Field(False, description="MD-O1: +1 move behind an opponent on a straight")
    strategies: bool = Field(False, description="MD-O2: choose a cornering line before each DRIFT roll")
    eurobeat: bool = Field(True, description="MD-S1 flavour: turn the Eurobeat up (narration only)")


class MiniDSetup(GameSetup):
    """Scenario keys (interim: typed fields come with the game's own validation)."""

    aura: Any = None
    bunta: Any = None
    deck: Any = None
    dice: Any = None
    discard: Any = None
    drift: Any = None
    hands: Any = None
    met: Any = None
    positions: Any = None
    skips: Any = None
    starter: Any = None
    waiting: Any = None


def _bad(msg: str) -> ContentError:
    return ContentError([f"minid setup: {msg}"])


class MiniD(Game):
    id = "minid"
    name = "Mini D"
    Options = MiniDOptions
    min_players = 2
    max_players = 6
    Setup = MiniDSetup

    def __init__(self, **options: Any):
        super().__init__(**options)
        o = self.options
        self.track = resolve_track(o.track, o.uphill)
        self.asp = o.aspiration
        self.strat = o.strategies

    def _new_state(self, seed: int, players: int, decks: list | None, setup_model: GameSetup) -> MiniDState:
        setup = setup_model.model_dump(exclude_unset=True)
        if decks and any(d is not None for d in decks):
            raise ContentError(["minid: racers bring no decks; the Event deck is shared "
                                "(a scenario fixes its order with setup 'deck')"])
        if not isinstance(setup, dict):
            raise ContentError(["minid setup: a scenario setup is a JSON object"])
        return MiniDState.new(self, seed, players, setup)

    def rules_file(self) -> Path:
        return Path(__file__).parent / "RULES.md"

    def test_configs(self) -> list[dict]:
        return [
            {"options": {}, "players": 2},
            {"options": {}, "players": 6},
            {"options": {"aspiration": True, "strategies": True, "uphill": True}, "players": 3},
            {"options": {"track": "usui", "aspiration": True, "strategies": True}, "players": 6},
            {"options": {"track": "usui", "uphill": True}, "players": 4},
        ]





    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (tracks.toml, events.toml) or one track or Event-card file."""
        from .cards import file_problems, load_content

        path = Path(path)
        if path.is_dir():
            try:
                load_content(path, prefix=str(path))
            except ContentError as e:
                return e.problems
            return []
        return file_problems(path)




class MiniDState(State):
    __slots__ = (
        "n", "track", "pos", "status", "skips", "met", "csec", "cmode", "cdelta", "aura", "hands",
        "active", "deck", "discard", "bunta", "bunta_on", "order", "cursor", "rnd", "stack", "pending",
        "dice", "places", "outs", "ranking", "bonus", "move_bonus", "sprinters", "landings", "over",
    )  # fmt: skip

    game: MiniD

    # ------------------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: MiniD, seed: int, n: int, setup: dict) -> MiniDState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        tr = s.track = game.track
        s.n = n
        s.pos = [0] * n
        s.status = [RACING] * n
        s.skips = [0] * n
        s.met = [False] * n
        s.csec = [-1] * n
        s.cmode = [NONE] * n
        s.cdelta = [0] * n
        s.aura = -1
        s.hands = [[] for _ in range(n)]
        s.active = [[] for _ in range(n)]
        s.deck = list(DECK)
        s.discard = []
        s.bunta = tr.L + 1  # MD-S1: Bunta starts on the finish line
        s.bunta_on = True
        s.order = list(range(n))
        s.cursor = 0
        s.rnd = 0
        s.stack = []
        s.pending = None
        s.dice = []
        s.places = []
        s.outs = []
        s.ranking = None
        s.bonus = [0] * n
        s.move_bonus = 0
        s.sprinters = []
        s.landings = [None] * n
        s.over = False
        s.rng.shuffle(s.deck)
        s._set_up(setup)
        s.log("race", track=tr.name, direction="uphill" if tr.uphill else "downhill", players=n,
              length=tr.L, eurobeat=game.options.eurobeat)
        if "starter" in setup:
            st = setup["starter"]
            if not isinstance(st, int) or isinstance(st, bool) or not 0 <= st < n:
                raise _bad(f"starter must be a seat 0..{n - 1}, is {st!r}")
            s._begin(st)
        else:  # MD-S2: everyone sprints, one by one in seat order
            s.sprinters = list(range(n))
            s.pending = (D_SPRINT, 0)
        return s

    def _seat_list(self, key: str, value: Any, kind: type, ok) -> list:
        if not isinstance(value, list) or len(value) != self.n:
            raise _bad(f"{key} must be a list with one entry per racer ({self.n})")
        for v in value:
            if not (isinstance(v, kind) and not (kind is int and isinstance(v, bool)) and ok(v)):
                raise _bad(f"{key}: {v!r} is not allowed")
        return list(value)

    def _set_up(self, setup: dict) -> None:
        """Scenario keys (tests and bug reports); cases count from the start in the race's direction.

        ``dice`` the coming die results (any die, in the order rolled, then the Rng) · ``starter`` a seat
        (no sprint) · ``positions`` one case per racer · ``bunta`` his case, or null when he is gone ·
        ``met`` who has crossed him · ``skips`` · ``aura`` a seat · ``drift`` per racer None, "mastered",
        "failed", "gambler" or "moonlight" for the corner they stand in · ``hands`` kept cards and
        ``waiting`` ⚡ cards per racer · ``discard`` cards moved to the discard pile · ``deck`` cards on top
        of the Event deck, top first. Cards named are taken from the deck.
        """
        L = self.track.L
        n = self.n
        if "dice" in setup:  # the coming die results, consumed before the Rng
            dice = setup["dice"]
            if not isinstance(dice, list) or not all(isinstance(d, int) and 1 <= d <= 20 for d in dice):
                raise _bad("dice must be a list of die results 1..20")
            self.dice = list(reversed(dice))
        if "positions" in setup:
            self.pos = self._seat_list("positions", setup["positions"], int, lambda v: 0 <= v <= L)
            road = [p for p in self.pos if p >= 1]
            if len(road) != len(set(road)):
                raise _bad("positions: two racers on one road case (only the parking holds several)")
        if "bunta" in setup:
            b = setup["bunta"]
            if b is None:
                self.bunta_on = False
            elif isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= L + 1:
                self.bunta = b
            else:
                raise _bad(f"bunta must be a case 0..{L + 1} or null (gone), is {b!r}")
        self.met = [p >= self.bunta for p in self.pos] if self.bunta_on else [True] * n
        if "met" in setup:
            self.met = self._seat_list("met", setup["met"], bool, lambda v: True)
        if "skips" in setup:
            self.skips = self._seat_list("skips", setup["skips"], int, lambda v: 0 <= v <= 9)
        if "aura" in setup:
            a = setup["aura"]
            if a is not None and not (isinstance(a, int) and 0 <= a < n):
                raise _bad(f"aura must be a seat 0..{n - 1} or null, is {a!r}")
            self.aura = -1 if a is None else a
        if "drift" in setup:
            states = {None: None, "mastered": (MASTERED, NORMAL), "failed": (FAILED, NORMAL),
                      "gambler": (MASTERED, GAMBLER), "moonlight": (MASTERED, MOONLIGHT)}  # fmt: skip
            vals = self._seat_list("drift", setup["drift"], object, lambda v: v in states)
            for q, v in enumerate(vals):
                if v is None:
                    continue
                sec = self.track.sec_of[self.pos[q]]
                if sec < 0 or self.track.diff[sec] == 0:
                    raise _bad(f"drift: seat {q} is not in a corner (case {self.pos[q]})")
                self.csec[q] = sec
                self.cmode[q], line = states[v]
                self.cdelta[q] = LINE_MOVE[line]
        for key, zone in (("hands", self.hands), ("waiting", self.active)):
            if key not in setup:
                continue
            val = setup[key]
            if not isinstance(val, list) or len(val) != n or not all(isinstance(h, list) for h in val):
                raise _bad(f"{key} must be one list of card names per racer")
            for q, names in enumerate(val):
                for name in names:
                    cid = self._take(name, key)
                    if key == "waiting" and CARDS[cid].effect not in ("next_move", "next_drift"):
                        raise _bad(f"waiting: {name!r} is not a ⚡ card that waits")
                    if key == "hands" and CARDS[cid].bolt:
                        raise _bad(f"hands: {name!r} is a ⚡ card (played at once, never kept)")
                    if key == "hands":
                        insort(zone[q], cid)
                    else:
                        zone[q].append(cid)
        if "discard" in setup:  # named cards from the deck to the discard pile
            names = setup["discard"]
            if not isinstance(names, list):
                raise _bad("discard must be a list of card names")
            self.discard.extend(self._take(name, "discard") for name in names)
        if "deck" in setup:  # named cards on top, the first on top
            names = setup["deck"]
            if not isinstance(names, list):
                raise _bad("deck must be a list of card names, top first")
            top = [self._take(name, "deck") for name in names]
            self.deck.extend(reversed(top))

    def _take(self, name: Any, key: str) -> int:
        cid = find_card(name)
        if cid is None:
            raise _bad(f"{key}: {name!r} is not an Event card")
        if cid not in self.deck:
            raise _bad(f"{key}: no copy of {CARDS[cid].name!r} left in the Event deck")
        self.deck.remove(cid)
        return cid

    def _begin(self, starter: int) -> None:
        """MD-S2: play goes round in seat order from the starter."""
        n = self.n
        self.order = [(starter + i) % n for i in range(n)]
        self.sprinters = []
        self.pending = None
        self.log("start", starter=starter, order=list(self.order))
        self._run()

    # ------------------------------------------------------------------------------ dice
    def _roll(self, sides: int) -> int:
        d = self.dice
        if d:
            v = d.pop()
            if v > sides:
                raise _bad(f"forced die {v} cannot be the result of a d{sides}")
            return v
        return self.rng.die(sides)

    # ------------------------------------------------------------------------------ protocol
    @property
    def to_move(self) -> int | None:
        p = self.pending
        return None if p is None or self.over else p[1]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        return self.ranking[0] if self.over else None

    def returns(self) -> list[float]:
        """MD-W1 placings on a linear scale: +1 for 1st down to -1 for last (0.0 each until the end)."""
        n = self.n
        if not self.over:
            return [0.0] * n
        out = [0.0] * n
        for i, q in enumerate(self.ranking):
            out[q] = 1.0 - 2.0 * i / (n - 1)
        return out

    def _legal_actions(self) -> list[Action]:
        kind, p = self.pending[0], self.pending[1]
        if kind == D_SPRINT:
            return SPRINT_ACTS
        if kind == D_DRAW:
            return [DRAW, PASS]
        if kind == D_LINE:
            return LINE_ACTS
        if kind == D_DISCARD:
            out, last = [], -1
            for c in self.hands[p]:
                if c != last:
                    out.append(CARDS[c].discard)
                    last = c
            return out
        w = _DECISION_WINDOW[kind]
        out, last = [], -1
        for c in self.hands[p]:
            if c != last and WINDOW[c] == w:
                out.append(CARDS[c].play)
            last = c
        out.append(_DECLINE[kind])
        return out

    def _explain(self, action: Action) -> str:
        note = getattr(action, "notation", str(action))
        kind, p = self.pending[0], self.pending[1]
        what = {
            D_SPRINT: "choose a sprint power (sprint 1..12)", D_TURN: "start the turn (play a card or roll)",
            D_SKIP: "skip a turn (play a card that cancels it, or pass)", D_LINE: "choose a cornering line",
            D_DRIFT: "answer a DRIFT roll (play a card or accept)",
            D_BATTLE: "enter a battle (play a card or pass)",
            D_CROSS: "answer a Bunta crossing roll (play a card or accept)",
            D_DRAW: "draw an Event card or pass", D_DISCARD: f"discard down to {HAND_LIMIT} cards",
        }[kind]  # fmt: skip
        if getattr(action, "kind", "") in ("play", "discard") and action.args:
            cid = action.args[0]
            if cid not in self.hands[p]:
                return f"{note!r}: seat {p} holds no {CARDS[cid].name!r} (seat {p} is to {what})"
            if action.kind == "play" and _DECISION_WINDOW.get(kind) != WINDOW[cid]:
                return (f"{note!r}: {CARDS[cid].name!r} is not played now but {_WHEN[WINDOW[cid]]}; "
                        f"seat {p} is to {what}")
        legal = ", ".join(a.notation for a in self.legal_actions()[:12])
        return f"{note!r} is not legal now: seat {p} is to {what} (legal: {legal})"

    def apply(self, action: Action | str, seat: int | None = None) -> MiniDState:
        """As the base, and a scenario's forced die that does not fit the die rolled (a d6 given 9) is refused
        with the state left exactly as it was."""
        if not self.dice:
            super().apply(action, seat)
            return self
        backup = self.clone()
        try:
            super().apply(action, seat)
            return self
        except ContentError:
            for slot in (*State.__slots__, *MiniDState.__slots__):
                setattr(self, slot, getattr(backup, slot))
            raise

    def _apply(self, a: Action) -> None:
        kind, p = self.pending[0], self.pending[1]
        pend = self.pending
        self.pending = None
        k = a.kind
        if kind == D_SPRINT:
            self._sprint(p, a.args[0])
        elif kind == D_DRAW:
            if k == "draw":
                self._draw(p)
            else:
                self.log("no_draw", seat=p)
        elif kind == D_DISCARD:
            c = a.args[0]
            self.hands[p].remove(c)
            self.discard.append(c)
            self.log("discard", seat=p, card=CARDS[c].name)
            self.stack.append((T_LIMIT, p))
        elif kind == D_LINE:
            self._drift_roll(p, a.args[0])
        elif k != "play":  # declined a window
            if kind == D_SKIP:
                self._skip(p)
            elif kind == D_DRIFT:
                self._drift_end(p, *pend[2:])
            elif kind == D_CROSS:
                self._cross_end(p, pend[2], pend[3])
        else:
            c = a.args[0]
            cd = CARDS[c]
            self.hands[p].remove(c)
            self.discard.append(c)
            self.log("play", seat=p, card=cd.name)
            if kind == D_TURN:
                self.move_bonus += cd.amount
                if self._holds(p, W_TURN):
                    self.pending = (D_TURN, p)
            elif kind == D_SKIP:
                self.skips[p] -= 1
                self._turn_go(p)
            elif kind == D_DRIFT:
                _, _, line, n, mod, master = pend
                if cd.effect == "drift_reroll":
                    new = self._roll(20)
                    self.log("reroll", seat=p, roll="drift", old=n, new=new)
                    n = new
                elif cd.effect == "drift_bonus":
                    mod += cd.amount
                else:
                    master = 1
                if self._holds(p, W_DRIFT):
                    self.pending = (D_DRIFT, p, line, n, mod, master)
                else:
                    self._drift_end(p, line, n, mod, master)
            elif kind == D_BATTLE:
                self.bonus[p] += cd.amount
                self.stack.append((T_BWIN, p, pend[2], pend[3]))
            elif kind == D_CROSS:
                new = self._roll(20)
                self.log("reroll", seat=p, roll="crossing", old=pend[2], new=new)
                if self._holds(p, W_CROSSING):
                    self.pending = (D_CROSS, p, new, pend[3])
                else:
                    self._cross_end(p, new, pend[3])
        self._run()

    # ------------------------------------------------------------------------------ the driver
    def _run(self) -> None:
        stack = self.stack
        ops = _OPS
        while self.pending is None and not self.over:
            if stack:
                t = stack.pop()
                ops[t[0]](self, t)
            else:
                self._next_step()

    def _next_step(self) -> None:
        """A round: Bunta (MD-R1), then every racer in turn order (MD-R2)."""
        c = self.cursor
        if c == 0:
            self.rnd += 1
            self.cursor = 1
            self.log("round", round=self.rnd)
            self._bunta_check()
            if self.bunta_on:
                self._bunta_drive(self._roll(6), None)
        elif c <= self.n:
            self.cursor = c + 1
            p = self.order[c - 1]
            if self.status[p] == RACING:
                self._t_turn((T_TURN, p))
        else:
            self.cursor = 0

    def _holds(self, p: int, window: int) -> bool:
        for c in self.hands[p]:
            if WINDOW[c] == window:
                return True
        return False

    # ------------------------------------------------------------------------------ MD-S2 sprint
    def _sprint(self, p: int, power: int) -> None:
        """MD-S2 ruling: the car lands at power + (2d6 - 7); the line is at 12."""
        d1 = self._roll(6)
        d2 = self._roll(6)
        land = self.landings[p] = power + d1 + d2 - 7
        self.log("sprint", seat=p, power=power, dice=[d1, d2], landing=land, crossed=land > SPRINT_LINE)
        sp = self.sprinters
        i = sp.index(p) + 1
        if i < len(sp):
            self.pending = (D_SPRINT, sp[i])
            return
        ok = [q for q in sp if self.landings[q] <= SPRINT_LINE]
        if not ok:  # everyone crossed: everyone sprints again
            self.log("sprint_again", seats=list(sp), why="all crossed")
            self._resprint(sp)
            return
        best = max(self.landings[q] for q in ok)
        tied = [q for q in ok if self.landings[q] == best]
        if len(tied) > 1:  # a tie for the closest: the tied sprint again
            self.log("sprint_again", seats=tied, why="tie")
            self._resprint(tied)
            return
        self._begin(tied[0])

    def _resprint(self, seats: list[int]) -> None:
        self.sprinters = list(seats)
        for q in seats:
            self.landings[q] = None
        self.pending = (D_SPRINT, seats[0])

    # ------------------------------------------------------------------------------ MD-R1 Bunta
    def _bunta_drive(self, k: int, card: str | None) -> None:
        """MD-R1: Bunta drives k cases towards the start, flat out; each racer he crosses rolls (MD-N)."""
        b = self.bunta
        nb = b - k if b > k else 0
        self.bunta = nb
        self.log("bunta_move", die=k, src=b, dst=nb, card=card)
        pos, status, met = self.pos, self.status, self.met
        crossed = [q for q in self.order if status[q] == RACING and not met[q] and pos[q] >= nb]
        if len(crossed) > 1:
            crossed.sort(key=lambda q: -pos[q])  # in the order he meets them
        for q in reversed(crossed):
            self.stack.append((T_CROSS, q))

    def _t_cross(self, t: tuple) -> None:
        """MD-N: the racer rolls 1d20 for crossing Bunta (once per race, MD-R1 ruling)."""
        p = t[1]
        if self.status[p] != RACING or self.met[p]:
            return
        self.met[p] = True
        n = self._roll(20)
        mod = AURA if self.aura == p else 0
        if self._holds(p, W_CROSSING):
            self.pending = (D_CROSS, p, n, mod)
            return
        self._cross_end(p, n, mod)

    def _cross_end(self, p: int, n: int, mod: int) -> None:
        total = n + mod
        prev = None
        if n == 1:  # MD-N2 Bunta's Judgement: into the ravine
            out = "judgement"
        elif n == 20:  # MD-N3 Bunta's Aura: +3 to every roll; the previous holder loses it
            out = "aura"
            prev = self.aura if self.aura >= 0 else None
            self.aura = p
        elif total < 10:  # MD-N1 emergency braking
            out = "brake"
            self.skips[p] += 1
        else:  # MD-N1
            out = "clear"
        self.log("crossing", seat=p, die=n, total=total, outcome=out, previous=prev)
        if n == 1:
            self._go_out(p)
        self._bunta_check()

    def _bunta_check(self) -> None:
        """MD-R1: once Bunta has passed every racer still in the race he stops moving."""
        if self.bunta_on and not self.over:
            status, met = self.status, self.met
            if all(status[q] != RACING or met[q] for q in range(self.n)):
                self.bunta_on = False
                self.log("bunta_gone", case=self.bunta)

    # ------------------------------------------------------------------------------ MD-R2 a racer's turn
    def _t_turn(self, t: tuple) -> None:
        p = t[1]
        if self.status[p] != RACING:
            return
        if self.skips[p]:  # MD-R2: skipped turns stack; one is used up per turn
            if self._holds(p, W_SKIP):
                self.pending = (D_SKIP, p)
                return
            self._skip(p)
            return
        self._turn_go(p)

    def _skip(self, p: int) -> None:
        self.skips[p] -= 1
        self.log("skip", seat=p, left=self.skips[p])

    def _turn_go(self, p: int) -> None:
        self.log("turn", seat=p, round=self.rnd)
        self.stack.append((T_END, p))
        self.move_bonus = 0
        if self._holds(p, W_TURN) and not self._crawling(p):
            self.stack.append((T_MOVE, p))
            self.pending = (D_TURN, p)
        else:
            self._t_move((T_MOVE, p))

    def _crawling(self, p: int) -> bool:
        sec = self.track.sec_of[self.pos[p]]
        return sec >= 0 and sec == self.csec[p] and self.cmode[p] == FAILED

    def _t_move(self, t: tuple) -> None:
        """MD-R2: roll 1d6 and move forward — or crawl one case in a failed corner (MD-C3)."""
        p = t[1]
        if self.status[p] != RACING:
            return
        x = self.pos[p]
        sec = self.track.sec_of[x]
        if sec >= 0 and sec == self.csec[p] and self.cmode[p] == FAILED:  # MD-C3
            self.move_bonus = 0
            self._forward(p, 1, None, "crawl")
            return
        n = self._roll(6)
        total = n + self.move_bonus
        self.move_bonus = 0
        if self.aura == p:  # MD-N3
            total += AURA
        if self.active[p]:
            total += self._trigger(p, "next_move")
        if self.game.asp and self._aspiration(p, x):  # MD-O1
            total += 1
        if sec >= 0 and sec == self.csec[p] and self.cmode[p] == MASTERED:  # MD-O2 (+2 / -2 in this corner)
            total += self.cdelta[p]
        self._forward(p, total if total > 1 else 1, n, "move")

    def _aspiration(self, p: int, x: int) -> bool:
        """MD-O1: on a straight, an opponent ahead on the same straight with 4 cases or fewer between."""
        end = self.track.straight_end[x]
        if end < 0:
            return False
        lim = x + 5 if x + 5 < end else end
        pos, status = self.pos, self.status
        for q in range(self.n):
            if q != p and status[q] == RACING and x < pos[q] <= lim:
                return True
        return False

    def _trigger(self, p: int, effect: str) -> int:
        """Waiting ⚡ cards of ``effect`` act now and go to the discard pile; returns their total."""
        tot = 0
        keep = []
        used = []
        for c in self.active[p]:
            if CARDS[c].effect == effect:
                tot += CARDS[c].amount
                used.append(c)
            else:
                keep.append(c)
        if used:
            self.active[p] = keep
            self.discard.extend(used)
            self.log("trigger", seat=p, cards=[CARDS[c].name for c in used], amount=tot)
        return tot

    def _forward(self, p: int, steps: int, die: int | None, why: str) -> None:
        """A forward move of ``steps`` cases; stops at a corner's first case (MD-C1, first priority), level
        with the first opponent met (MD-F1) or on the finish line; Bunta passed is crossed (MD-R1)."""
        tr = self.track
        pos = self.pos
        x = pos[p]
        stop = x + steps
        reason = R_NONE
        cf = tr.next_cf[x]
        if cf <= stop:  # MD-C1: entering a corner stops the car on its first case
            stop = cf
            reason = R_CORNER
        L = tr.L
        status = self.status
        opp = -1
        oc = BIG
        for q in range(self.n):
            if q != p and status[q] == RACING:
                y = pos[q]
                if x < y <= L and y < oc:
                    oc = y
                    opp = q
        if oc < stop or (oc == stop and reason == R_NONE):  # MD-F1 (at the corner case: corner first)
            stop = oc
            reason = R_BATTLE
        elif stop > L:
            stop = L + 1
            reason = R_FINISH
        pos[p] = stop
        self.log("move", seat=p, src=x, dst=stop, die=die, steps=steps, why=why, stop=STOPS[reason])
        st = self.stack
        if reason == R_CORNER:
            st.append((T_LAND, p, ATTACK))
            st.append((T_DRIFT, p))
        elif reason == R_BATTLE:
            st.append((T_BATTLE, p, opp))
        elif reason == R_FINISH:
            st.append((T_FINISH, p))
        if self.bunta_on and not self.met[p] and stop >= self.bunta:  # MD-R1 ruling: driving past Bunta
            st.append((T_CROSS, p))

    def _place_back(self, p: int, target: int, why: str) -> None:
        """A car put back (battles, cards): it enters no corner; level with an opponent it defends (MD-F3)."""
        if target < 0:
            target = 0
        x = self.pos[p]
        self.pos[p] = target
        self.log("place", seat=p, src=x, dst=target, why=why)
        if target >= 1:
            self.stack.append((T_LAND, p, DEFEND))

    def _t_land(self, t: tuple) -> None:
        """After a stop: an opponent on the same case starts a battle (MD-F1 / MD-F3)."""
        p, role = t[1], t[2]
        if self.status[p] != RACING:
            return
        x = self.pos[p]
        if x < 1 or x > self.track.L:
            return
        pos, status = self.pos, self.status
        for q in range(self.n):
            if q != p and status[q] == RACING and pos[q] == x:
                self.stack.append((T_BATTLE, p, q) if role == ATTACK else (T_BATTLE, q, p))
                return

    def _t_finish(self, t: tuple) -> None:
        p = t[1]
        if self.status[p] != RACING:
            return
        self.status[p] = FINISHED
        self.pos[p] = self.track.L + 1
        self.csec[p] = -1
        self.places.append(p)
        self.log("finish", seat=p, place=len(self.places))
        self._retire(p)
        self._check_end()

    def _go_out(self, p: int) -> None:
        self.status[p] = OUT
        self.outs.append(p)
        self.log("out", seat=p, case=self.pos[p])
        self._retire(p)
        self._check_end()

    def _retire(self, p: int) -> None:
        """A racer who finished or went out discards their Event cards (kept and waiting)."""
        if self.hands[p] or self.active[p]:
            self.discard.extend(self.hands[p])
            self.discard.extend(self.active[p])
            self.hands[p] = []
            self.active[p] = []

    def _check_end(self) -> None:
        """MD-W1 ruling: the race ends when the placings can no longer change (at most one racer left)."""
        racing = [q for q in range(self.n) if self.status[q] == RACING]
        if len(racing) > 1:
            return
        # finishers in order, then the last racer still driving, then racers out, last out first
        self.ranking = self.places + racing + self.outs[::-1]
        self.over = True
        self.pending = None
        self.stack.clear()
        self.log("race_over", placings=list(self.ranking), finished=list(self.places), out=list(self.outs))

    # ------------------------------------------------------------------------------ MD-C corners
    def _t_drift(self, t: tuple) -> None:
        p = t[1]
        if self.status[p] != RACING:
            return
        sec = self.track.sec_of[self.pos[p]]
        self.csec[p] = sec
        self.cmode[p] = NONE
        self.cdelta[p] = 0
        if self.game.strat:  # MD-O2: the line is chosen before the drift roll
            self.pending = (D_LINE, p)
            return
        self._drift_roll(p, NORMAL)

    def _drift_roll(self, p: int, line: int) -> None:
        """MD-C1: roll 1d20 DRIFT against the corner's difficulty."""
        n = self._roll(20)
        mod = LINE_DRIFT[line]
        if self.aura == p:  # MD-N3
            mod += AURA
        if self.active[p]:
            mod += self._trigger(p, "next_drift")
        if self._holds(p, W_DRIFT):
            self.pending = (D_DRIFT, p, line, n, mod, 0)
            return
        self._drift_end(p, line, n, mod, 0)

    def _drift_end(self, p: int, line: int, n: int, mod: int, master: int) -> None:
        tr = self.track
        sec = self.csec[p]
        diff = tr.diff[sec]
        total = n + mod
        if n == 1:  # MD-C4: spin — stay, skip the next turn, then crawl as a failed drift
            out = "spin"
            self.cmode[p] = FAILED
            self.skips[p] += 1
        elif n == 20:  # MD-C5: Kansei dorifuto
            out = "kansei"
            self.cmode[p] = MASTERED
        elif master or total >= diff:  # MD-C2 (MD-O2: the line's movement in this corner)
            out = "mastered"
            self.cmode[p] = MASTERED
            self.cdelta[p] = LINE_MOVE[line]
        else:  # MD-C3
            out = "failed"
            self.cmode[p] = FAILED
        self.log("drift", seat=p, corner=tr.sec_name[sec], die=n, total=total, difficulty=diff,
                 line=LINES[line] if self.game.strat else None, outcome=out)
        if n == 20:  # straight to the next section's first case, and play again after this turn
            self.stack.insert(0, (T_TURN, p))
            self._jump(p, tr.sec_end[sec] + 1, "kansei dorifuto")

    def _jump(self, p: int, target: int, why: str) -> None:
        """A car put forward without driving the cases between (Kansei dorifuto). Landing on a corner's
        first case enters that corner (MD-C1)."""
        tr = self.track
        x = self.pos[p]
        if target > tr.L:
            target = tr.L + 1
            self.stack.append((T_FINISH, p))
        elif tr.next_cf[target - 1] == target:
            self.stack.append((T_DRIFT, p))
        self.pos[p] = target
        self.log("place", seat=p, src=x, dst=target, why=why)
        if self.bunta_on and not self.met[p] and target >= self.bunta:
            self.stack.append((T_CROSS, p))

    # ------------------------------------------------------------------------------ MD-F battles
    def _t_battle(self, t: tuple) -> None:
        _, att, dfd = t
        if self.status[att] != RACING or self.status[dfd] != RACING or self.pos[att] != self.pos[dfd]:
            return
        self.log("battle", attacker=att, defender=dfd, case=self.pos[att])
        self.bonus[att] = self.bonus[dfd] = 0
        st = self.stack
        st.append((T_BROLL, att, dfd))
        if self._holds(dfd, W_BATTLE):
            st.append((T_BWIN, dfd, att, dfd))
        if self._holds(att, W_BATTLE):
            st.append((T_BWIN, att, att, dfd))

    def _t_bwin(self, t: tuple) -> None:
        p = t[1]
        if self._holds(p, W_BATTLE) and self.status[t[2]] == RACING and self.status[t[3]] == RACING:
            self.pending = (D_BATTLE, p, t[2], t[3])

    def _t_broll(self, t: tuple) -> None:
        """MD-F2: attack 1d20 against defence 1d20 + 1d6, resolved in the order (a)..(e)."""
        _, att, dfd = t
        if self.status[att] != RACING or self.status[dfd] != RACING:
            return
        amod = self.bonus[att] + (AURA if self.aura == att else 0)
        dmod = self.bonus[dfd] + (AURA if self.aura == dfd else 0)
        self.bonus[att] = self.bonus[dfd] = 0
        dpos = self.pos[dfd]
        while True:
            a = self._roll(20)
            d = self._roll(20)
            e = self._roll(6)
            A = a + amod
            D = d + e + dmod
            pd = a == 1 or d == 20
            po = a == 20 or d == 1
            shift = None
            if pd and po:  # ruling: both perfect -> roll again
                out = "both_perfect"
            elif pd:  # (a) perfect defence
                out = "perfect_defence"
                shift = self._roll(6)
            elif po:  # (b) perfect overtake
                out = "perfect_overtake"
                shift = self._roll(6) + (AURA if self.aura == att else 0)
            elif A == D:  # (c) equal totals -> roll again
                out = "tie"
            elif A > D:  # (d)
                out = "overtake"
            else:  # (e)
                out = "held"
            self.log("duel", attacker=att, defender=dfd, attack=a, attack_total=A, defence=[d, e],
                     defence_total=D, outcome=out, shift=shift)
            if out == "both_perfect" or out == "tie":
                continue
            break
        if out == "perfect_defence":
            self._place_back(att, dpos - shift, "perfect defence")
        elif out == "held":
            self._place_back(att, dpos - 1, "overtake failed")
        else:
            self.skips[dfd] += 1
            self._forward(att, 1 if out == "overtake" else shift, None, "overtake")  # MD-F3 chains on

    # ------------------------------------------------------------------------------ MD-E events
    def _t_end(self, t: tuple) -> None:
        """End of a turn: an Event case stopped on lets the racer draw (MD-E1), then the hand limit."""
        p = t[1]
        if self.status[p] == RACING and self.track.is_event[self.pos[p]] and (self.deck or self.discard):
            self.stack.append((T_LIMIT, p))
            self.pending = (D_DRAW, p)
        elif len(self.hands[p]) > HAND_LIMIT:
            self.pending = (D_DISCARD, p)

    def _t_limit(self, t: tuple) -> None:
        p = t[1]
        if len(self.hands[p]) > HAND_LIMIT:  # MD-E1: keep at most 3 at the end of your turn
            self.pending = (D_DISCARD, p)

    def _draw(self, p: int) -> None:
        if not self.deck:  # the discard pile, shuffled, becomes the deck
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.log("reshuffle", cards=len(self.deck))
        c = self.deck.pop()
        cd = CARDS[c]
        if not cd.bolt:
            insort(self.hands[p], c)
            self.log("draw", seat=p)
            self.log_private(p, "card", seat=p, card=cd.name)
            return
        self.log("event", seat=p, card=cd.name, text=cd.text)  # ⚡: played at once
        e = cd.effect
        if e == "next_move" or e == "next_drift":
            self.active[p].append(c)  # waits face up; not counted in the hand
            return
        self.discard.append(c)
        if e == "advance":
            self._forward(p, cd.amount, None, cd.name)
        elif e == "retreat":
            self._place_back(p, self.pos[p] - cd.amount, cd.name)
        elif e == "skip":
            self.skips[p] += 1
        elif e == "again":
            self.stack.insert(0, (T_TURN, p))
        elif e == "bunta" and self.bunta_on:
            self._bunta_drive(cd.amount, cd.name)

    # ------------------------------------------------------------------------------ information
    def _decision_view(self) -> dict | None:
        pend = self.pending
        if pend is None or self.over:
            return None
        kind, p = pend[0], pend[1]
        v: dict[str, Any] = {"kind": DECISIONS[kind], "seat": p}
        if kind == D_DRIFT or kind == D_LINE:
            sec = self.csec[p]
            v["corner"] = self.track.sec_name[sec]
            v["difficulty"] = self.track.diff[sec]
        if kind == D_DRIFT:
            v.update(line=LINES[pend[2]], die=pend[3], total=pend[3] + pend[4], gutter=bool(pend[5]))
        elif kind == D_CROSS:
            v.update(die=pend[2], total=pend[2] + pend[3])
        elif kind == D_BATTLE:
            v.update(attacker=pend[2], defender=pend[3], bonus=self.bonus[p])
        elif kind == D_TURN:
            v["bonus"] = self.move_bonus
        return v

    def _racer_view(self, q: int, me: bool) -> dict:
        tr = self.track
        x = self.pos[q]
        corner = None
        sec = tr.sec_of[x]
        if sec >= 0 and sec == self.csec[q] and self.cmode[q] != NONE:
            corner = {"name": tr.sec_name[sec], "state": CORNER_STATE[self.cmode[q]], "move": self.cdelta[q]}
        v = {
            "seat": q,
            "case": x,
            "status": STATUS[self.status[q]],
            "skips": self.skips[q],
            "met_bunta": self.met[q],
            "aura": self.aura == q,
            "corner": corner,
            "hand_count": len(self.hands[q]),
            "waiting": [CARDS[c].name for c in self.active[q]],
            "sprint": self.landings[q],
        }
        if me:
            v["hand"] = [CARDS[c].name for c in self.hands[q]]
        return v

    def view(self, seat: int | None) -> dict:
        tr = self.track
        return {
            "game": "minid",
            "track": tr.name,
            "direction": "uphill" if tr.uphill else "downhill",
            "length": tr.L,
            "sections": tr.section_view(),
            "events": list(tr.events),
            "options": self.game.options_dict,
            "phase": "over" if self.over else "sprint" if self.sprinters else "race",
            "round": self.rnd,
            "to_move": self.to_move,
            "decision": self._decision_view(),
            "order": list(self.order),
            "sprinters": list(self.sprinters),
            "bunta": {"case": self.bunta, "driving": self.bunta_on},
            "aura": self.aura if self.aura >= 0 else None,
            "racers": [self._racer_view(q, seat == q) for q in range(self.n)],
            "deck_count": len(self.deck),
            "discard": [CARDS[c].name for c in self.discard],
            "finished": list(self.places),
            "out": list(self.outs),
            "placings": list(self.ranking) if self.ranking else None,
            "over": self.over,
            "winner": self.winner,
            "you": seat,
        }

    def reveal(self) -> dict:
        v = self.view(None)
        v["hands"] = [[CARDS[c].name for c in h] for h in self.hands]
        v["deck"] = [CARDS[c].name for c in reversed(self.deck)]  # top first
        v["stack"] = [list(t) for t in self.stack]
        v["pending"] = list(self.pending) if self.pending else None
        v["dice"] = list(reversed(self.dice))
        v["corner_state"] = [[self.csec[q], self.cmode[q], self.cdelta[q]] for q in range(self.n)]
        v["cursor"] = self.cursor
        v["rng"] = self.rng.s
        return v

    def census(self) -> dict[int, Counter]:
        """Every Event card is in the deck, a hand, waiting face up or in the discard pile (owner -1: the
        shared deck)."""
        c = Counter(self.deck)
        c.update(self.discard)
        for h in self.hands:
            c.update(h)
        for a in self.active:
            c.update(a)
        return {-1: c}

    def clone(self) -> MiniDState:
        s = MiniDState.__new__(MiniDState)
        self._copy_base(s)
        s.n = self.n
        s.track = self.track
        s.pos = self.pos[:]
        s.status = self.status[:]
        s.skips = self.skips[:]
        s.met = self.met[:]
        s.csec = self.csec[:]
        s.cmode = self.cmode[:]
        s.cdelta = self.cdelta[:]
        s.aura = self.aura
        s.hands = [h[:] for h in self.hands]
        s.active = [a[:] for a in self.active]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.bunta = self.bunta
        s.bunta_on = self.bunta_on
        s.order = self.order  # never changes once the race has begun
        s.cursor = self.cursor
        s.rnd = self.rnd
        s.stack = self.stack[:]
        s.pending = self.pending
        s.dice = self.dice[:]
        s.places = self.places[:]
        s.outs = self.outs[:]
        s.ranking = self.ranking
        s.bonus = self.bonus[:]
        s.move_bonus = self.move_bonus
        s.sprinters = self.sprinters[:]
        s.landings = self.landings[:]
        s.over = self.over
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: the deck order, the other racers' hands, the dice to come."""
        self.dice = []
        others = [q for q in range(self.n) if q != seat]
        pool = list(self.deck)
        for q in others:
            pool.extend(self.hands[q])
        pool.sort()  # a function of what `seat` knows only (no-peeking)
        rng.shuffle(pool)
        i = 0
        for q in others:
            k = len(self.hands[q])
            self.hands[q] = sorted(pool[i : i + k])
            i += k
        self.deck = pool[i:]


_OPS = (
    MiniDState._t_turn,
    MiniDState._t_move,
    MiniDState._t_land,
    MiniDState._t_drift,
    MiniDState._t_battle,
    MiniDState._t_bwin,
    MiniDState._t_broll,
    MiniDState._t_cross,
    MiniDState._t_finish,
    MiniDState._t_end,
    MiniDState._t_limit,
)

__all__ = ["CARDS", "KEPT_TIMING", "MiniD", "MiniDOptions", "MiniDState", "Track", "find_card",
           "resolve_track"]
