"""Card Race Stampede!!: the state machine (rules digest ids ST-…, see RULES.md).

Representation (hot path):

- every physical card is a *uid* (seat 0's cards first); ``D[uid]`` is its :class:`~.cards.CardDef`;
- ``F`` is the field as a flat list of six uids (``seat * 3 + zone``; zones 0 left, 1 center, 2 right;
  -1 empty); the center slot mirrors the top of ``centers[seat]``, the stack (bottom first, ST-F2);
- ``T`` the tapped flags in the same layout (the center's flag belongs to the zone: a card exposed by a
  destroyed top keeps it);
- decks are lists with the top at the end; hands, discards are lists of uids;
- pending effects and response windows live in a :class:`~kansei.core.windows.Windows` (ST-T6).

Everything a card does beyond the printed keywords is data: abilities compiled from blocks
(:mod:`.blocks`), run through ``_ability_options`` / ``_activate`` / ``resolve``.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from kansei.core.content import read_deck
from kansei.core.errors import ContentError, IllegalAction
from kansei.core.protocol import Action, DuelState, Game, GameOptions, GameSetup, State
from kansei.core.windows import Windows

from .blocks import ZONE_LABELS
from .cards import (
    ASSIST,
    EVENT,
    MACHINE,
    STEERING,
    Ability,
    CardDef,
    Catalog,
    can_start,
    catalog,
    load_catalog,
)

# phases
CENTER, ORDER, DRAW, REPAIR, MAIN, BATTLE, END, OVER = (
    "center", "order", "draw", "repair", "main", "battle", "end", "over",
)  # fmt: skip
SETUP_PHASES = (CENTER, ORDER)
ZONES = "LCR"
L, C, R = 0, 1, 2

# window kinds (docs/rulings.md, "Card Race Stampede": response windows)
W_ATTACK, W_RUN, W_GOAL, W_DECKOUT = "attack", "run", "goal", "deckout"
W_CHOICE, W_EFFECT = "choice", "effect"  # a triggered ability's owner decides; effects resolving now

PASS = Action("pass", "pass")
BATTLE_ACT = Action("battle", "battle")
END_ACT = Action("end", "end")
DECLINE = Action("decline", "decline")
GO_FIRST = Action("go first", "order", (0,))
GO_SECOND = Action("go second", "order", (1,))

_ACTS: dict[tuple, Action] = {}

# non-empty subsets of the three zones, by bitmask, for single and combined attacks (ST-T4)
_SUBSETS: list[list[tuple[int, ...]]] = [
    [tuple(z for z in (0, 1, 2) if sub >> z & 1) for sub in range(1, 8) if sub & mask == sub]
    for mask in range(8)
]


def _intern(key: tuple, notation_fn) -> Action:
    a = _ACTS.get(key)
    if a is None:
        a = _ACTS[key] = Action(notation_fn(), key[0], key[1:])
    return a


class StampedeOptions(GameOptions):
    # ST-T3 ruling: side machines return when the center's gear falls strictly below theirs; the literal
    # text ("at or below") is kept as an option.
    side_return: Literal["below", "at_or_below"] = "below"
    # ST-S1: rock-paper-scissors, whose winner chooses; or fixed.
    first_player: Literal["rps", "seat0", "seat1"] = "rps"
    # ST-T1 ruling: the first player draws on the first turn too.
    first_turn_draw: bool = True
    # ST-K2 ruling: Double Action untaps once per card per turn (or once per game).
    double_action: Literal["per_turn", "per_game"] = "per_turn"
    # ST-O1 ruling: a draw by an effect from an empty deck also loses (the text says "draw").
    effect_draw_loses: bool = True
    start_distance: int = Field(20, ge=1, le=99)  # ST-S1
    hand_size: int = Field(5, ge=0, le=10)  # ST-S1


class StampedeSetup(GameSetup):
    """Scenario keys (interim: typed fields come with the game's own validation)."""

    centers: Any = None
    discard: Any = None
    distance: Any = None
    field: Any = None
    first: Any = None
    hands: Any = None
    order: Any = None
    turn: Any = None


class Stampede(Game):
    id = "stampede"
    name = "Card Race Stampede!!"
    Options = StampedeOptions
    min_players = 2
    max_players = 2
    Setup = StampedeSetup
    languages = ("en", "ja")

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.table: Catalog = catalog()

    # -- decks --------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.decks]

    def _starter(self, name: str) -> list[int] | None:
        for d in self.table.decks:
            if name.strip().lower() in (d.name.lower(), d.ja.lower()):
                return self._ids(d.cards)
        return None

    def _ids(self, cards: dict[str, int]) -> list[int]:
        ids: list[int] = []
        for name, n in cards.items():
            ids.extend([self.table.find(name)] * n)
        return sorted(ids)

    def deck_from_spec(self, spec: Any, seat: int) -> list[int]:
        """A deck spec (starter name, deck file path, or ``{"cards": {name: count}}``) -> card ids (ST-D1)."""
        where = f"deck of seat {seat}"
        if spec is None:
            spec = self.table.decks[seat % len(self.table.decks)].name
        if isinstance(spec, str):
            ids = self._starter(spec)
            if ids is not None:
                return ids
            if Path(spec).exists():
                cards = read_deck(Path(spec)).counts()
                where = spec
            else:
                raise ContentError(
                    [
                        f"{where}: {spec!r} is neither a starter deck ({', '.join(self.starter_decks())}) "
                        "nor a deck file"
                    ]
                )
        elif isinstance(spec, dict):
            cards = spec.get("cards", spec)
            if not isinstance(cards, dict) or not all(isinstance(v, int) for v in cards.values()):
                raise ContentError([f"{where}: a deck object is {{'cards': {{name: count}}}}"])
        else:
            raise ContentError([f"{where}: a deck is a starter name, a file path or an object"])
        problems = self.table.deck_problems(cards, where)
        if problems:
            raise ContentError(problems)
        return self._ids(cards)

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cards*.toml, decks.toml) or a deck file; warnings start with
        ``warning`` (ST-O3 stat guide, cards not implemented yet)."""
        path = Path(path)
        try:
            if path.is_dir():
                _, warnings = load_catalog(path, prefix=str(path))
                return warnings
            cards = read_deck(path).counts()
        except ContentError as e:
            return e.problems
        return self.table.deck_problems(cards, str(path))

    # -- protocol ------------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list | None, setup_model: GameSetup) -> StampedeState:
        setup = setup_model.model_dump(exclude_unset=True)
        specs = list(decks) if decks else [None, None]
        if len(specs) != 2:
            raise ContentError([f"stampede: two decks are needed, got {len(specs)}"])
        built = [self.deck_from_spec(specs[i], i) for i in range(2)]
        return StampedeState.new(self, seed, built, setup)

    def parse(self, state: State, text: str) -> Action:
        try:
            return super().parse(state, text)
        except IllegalAction:
            if state.is_over:
                raise
            words = " ".join(str(text).split()).lower()
            kind = words.split(" ", 1)[0] if words else ""
            kind = {"go": "order", "keeper": "keeper", "procedure": "hand", "accept": "trigger"}.get(
                kind, kind
            )
            args: tuple = ()
            parts = words.split()
            if kind in ("call", "event") and len(parts) == 3 and parts[2].upper() in ZONES:
                cid = self.table.find(parts[1])
                if cid is not None:
                    args = (cid, ZONES.index(parts[2].upper()))
            raise IllegalAction(state._explain(Action(words or repr(text), kind, args))) from None

    def rules_file(self) -> Path:
        return Path(__file__).parent / "RULES.md"

    def test_configs(self) -> list[dict]:
        return [
            {"options": {}, "players": 2},
            {"options": {"side_return": "at_or_below", "double_action": "per_game"}, "players": 2},
            {"options": {"first_player": "seat1", "first_turn_draw": False}, "players": 2},
        ]








class StampedeState(DuelState):
    __slots__ = (
        "D", "split", "decks", "hands", "discard", "centers", "F", "T", "dmg", "mods", "distance",
        "turn", "start_turn", "active", "first", "phase", "da_used", "used", "force", "force_lift",
        "leader", "reason", "W", "rps_winner", "decklists", "setup_spec",
    )  # fmt: skip

    game: Stampede

    # ---------------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, game: Stampede, seed: int, built: list[list[int]], setup: dict) -> StampedeState:
        cards = game.table.cards
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.D = tuple(cards[c] for c in built[0] + built[1])
        s.split = len(built[0])
        s.decks = [list(range(s.split)), list(range(s.split, len(s.D)))]
        s.decklists = [dict(sorted(Counter(cards[c].en for c in b).items())) for b in built]
        s.hands = [[], []]
        s.discard = [[], []]
        s.centers = [[], []]
        s.F = [-1] * 6
        s.T = [False] * 6
        s.dmg = {}
        s.mods = []
        o = game.options
        s.distance = [o.start_distance, o.start_distance]  # ST-S1
        s.turn = s.start_turn = 1
        s.active = 0
        s.first = -1
        s.phase = CENTER
        s.da_used = []
        s.used = []
        s.force = [0, 0]
        s.force_lift = [(1, 2), (1, 2)]
        s.leader = -1
        s.over = False
        s.win = None
        s.reason = ""
        s.W = Windows(2)
        s.rps_winner = -1
        s._set_up(setup)
        return s

    def _find_in(self, zone: list[int], name: Any, where: str) -> int:
        cid = self.game.table.find(str(name))
        if cid is None:
            raise ContentError([f"stampede setup: {where}: {name!r} is not a Stampede card"])
        for u in zone:
            if self.D[u].id == cid:
                return u
        raise ContentError([f"stampede setup: {where}: no {name!r} left in that deck"])

    def _set_up(self, setup: dict) -> None:
        """ST-S1: the face-down first machine, shuffle, draw, rock-paper-scissors (scenario keys fix any)."""
        for key in ("centers", "hands", "order", "field", "distance", "discard"):
            v = setup.get(key)
            if v is not None and (not isinstance(v, list) or len(v) != 2):
                raise ContentError([f"stampede setup: {key} must be a list of two entries (seat 0, seat 1)"])
        if "turn" in setup:
            t = setup["turn"]
            if not isinstance(t, int) or t < 1:
                raise ContentError(["stampede setup: turn must be a positive integer"])
            self.turn = self.start_turn = t
        if "distance" in setup:
            self.distance = [int(x) for x in setup["distance"]]
            a, b = self.distance
            self.leader = 0 if a < b else 1 if b < a else -1  # ST-K7: the lead a scenario starts with
        centers = setup.get("centers") or [None, None]
        for p in (0, 1):
            if centers[p] is not None:
                u = self._find_in(self.decks[p], centers[p], f"centers[{p}]")
                if not can_start(self.D[u]):
                    raise ContentError(
                        [
                            f"stampede setup: centers[{p}]: {centers[p]!r} is not a gear-1 machine "
                            "that can be the center (ST-S1)"
                        ]
                    )
                self._choose_center(p, u)
        self.setup_spec = setup  # the rest of set-up runs once both first machines are chosen
        self._after_center()

    def _choose_center(self, p: int, u: int) -> None:
        self.decks[p].remove(u)
        self.centers[p].append(u)
        self.F[p * 3 + 1] = u
        self.log("first_machine_set", seat=p)  # face down (ST-S1)

    def _center_choices(self, p: int) -> list[int]:
        seen = sorted({self.D[u].id for u in self.decks[p] if can_start(self.D[u])})
        return seen

    def _after_center(self) -> None:
        """Auto-choose a first machine when there is only one kind; continue set-up when both are set."""
        for p in (0, 1):
            if not self.centers[p]:
                ch = self._center_choices(p)
                if len(ch) == 1:
                    self._choose_center(p, next(u for u in self.decks[p] if self.D[u].id == ch[0]))
                else:
                    return  # a decision (phase CENTER)
        setup, self.setup_spec = self.setup_spec, {}
        self._finish_setup(setup)

    def _finish_setup(self, setup: dict) -> None:
        rng = self.rng
        for p in (0, 1):
            rng.shuffle(self.decks[p])  # ST-S1: shuffle the other 39
        for key in ("field", "discard", "hands", "order"):
            if key in setup:
                getattr(self, f"_setup_{key}")(setup[key])
        for p in (0, 1):
            self._draw_setup(p, self.game.options.hand_size - len(self.hands[p]))
        # ST-S1: rock-paper-scissors; the winner chooses to go first or second
        o = self.game.options
        if "first" in setup:
            f = setup["first"]
            if f not in (0, 1):
                raise ContentError(["stampede setup: first must be 0 or 1"])
            self._start_race(f)
        elif o.first_player != "rps":
            self._start_race(int(o.first_player[-1]))
        else:
            throws = []
            while True:
                a, b = rng.below(3), rng.below(3)
                throws.append([a, b])
                if a != b:
                    break
            self.rps_winner = 0 if (a - b) % 3 == 2 else 1  # 0 rock, 1 scissors, 2 paper: rock beats scissors
            self.log("rps", throws=throws, winner=self.rps_winner)
            self.phase = ORDER

    def _draw_setup(self, p: int, n: int) -> None:
        for _ in range(max(0, n)):
            if self.decks[p]:
                self.hands[p].append(self.decks[p].pop())

    def _setup_field(self, spec: list) -> None:
        for p in (0, 1):
            f = spec[p] or {}
            if not isinstance(f, dict) or set(f) - {"L", "C", "R"}:
                raise ContentError(["stampede setup: field entries are {L: name, C: [names], R: name}"])
            for name in f.get("C") or []:
                u = self._find_in(self.decks[p], name, f"field[{p}].C")
                self.decks[p].remove(u)
                self.centers[p].append(u)
                self.F[p * 3 + 1] = u
            for z, key in ((0, "L"), (2, "R")):
                if f.get(key):
                    u = self._find_in(self.decks[p], f[key], f"field[{p}].{key}")
                    self.decks[p].remove(u)
                    self.F[p * 3 + z] = u

    def _setup_discard(self, spec: list) -> None:
        self._take_from_decks(spec, self.discard, "discard")

    def _setup_hands(self, spec: list) -> None:
        self._take_from_decks(spec, self.hands, "hands")

    def _take_from_decks(self, spec: list, zones: list[list[int]], key: str) -> None:
        """Scenario: move the named cards of each seat from its deck into ``zones[seat]``."""
        for p in (0, 1):
            for name in spec[p] or []:
                u = self._find_in(self.decks[p], name, f"{key}[{p}]")
                self.decks[p].remove(u)
                zones[p].append(u)

    def _setup_order(self, spec: list) -> None:
        """Scenario: put the named cards on top of each deck, the first name on top."""
        for p in (0, 1):
            top = []
            for name in spec[p] or []:
                u = self._find_in(self.decks[p], name, f"order[{p}]")
                self.decks[p].remove(u)
                top.append(u)
            self.decks[p].extend(reversed(top))

    def _start_race(self, first: int) -> None:
        """ST-S1: reveal the first machines; the first player starts."""
        self.first = first
        self.active = first
        self.log("first_player", seat=first)
        self.log("reveal", centers=[self.D[self.centers[p][0]].en for p in (0, 1)])
        self.phase = DRAW
        self._run()

    # ---------------------------------------------------------------------------------- queries
    def owner(self, uid: int) -> int:
        return 0 if uid < self.split else 1

    def zone_of(self, uid: int) -> int:
        """The zone of a card on its owner's field (-1 if it is not on top of a zone)."""
        if uid < 0:
            return -1
        base = 0 if uid < self.split else 3
        F = self.F
        if F[base] == uid:
            return 0
        if F[base + 1] == uid:
            return 1
        if F[base + 2] == uid:
            return 2
        return -1

    def pow_of(self, uid: int) -> int:
        v = self.D[uid].pow
        if self.mods:
            for u, dp, _, _ in self.mods:
                if u == uid:
                    v += dp
        return v

    def def_of(self, uid: int) -> int:
        v = self.D[uid].def_
        if self.mods:
            for u, _, dd, _ in self.mods:
                if u == uid:
                    v += dd
        return v

    def cap(self) -> int:
        """ST-T3(c): this turn's gear cap is the turn count (both players' turns, from 1)."""
        return self.turn

    def center_def(self, p: int) -> CardDef:
        return self.D[self.F[p * 3 + 1]]

    def obstructed(self, seat: int) -> bool:
        """ST-K1: the opponent of ``seat`` has a card with Obstruction on the field (center: its top)."""
        base = (1 - seat) * 3
        F, D = self.F, self.D
        for z in (0, 1, 2):
            u = F[base + z]
            if u >= 0 and D[u].obstruction:
                return True
        return False

    def usable(self, seat: int, d: CardDef) -> bool:
        """ST-T6 / ST-O2: an assist or event only while your center is of its class (Steering either way)
        with gear ≥ the card's gear; ST-T3(c) the turn's gear cap."""
        c = self.D[self.F[seat * 3 + 1]]
        if c.gear < d.gear or d.gear > self.turn:
            return False
        return d.cls == c.cls or d.cls == STEERING or c.cls == STEERING

    def forced(self, seat: int) -> bool:
        """Is ``seat`` under an opponent's forced center attack (《進路妨害》) that is not lifted?"""
        o = 1 - seat
        until = self.force[o]
        if not until or until < self.turn:
            return False
        g, n = self.force_lift[o]
        return self.center_def(o).gear > g and len(self.centers[o]) > n

    def attack_targets(self, seat: int) -> list[int]:
        """ST-T4 / ST-K1: opposing zones ``seat`` may attack."""
        base = (1 - seat) * 3
        F, D = self.F, self.D
        obst = self.obstructed(seat)
        return [z for z in (0, 1, 2) if F[base + z] >= 0 and (not obst or D[F[base + z]].obstruction)]

    def pending_against(self, seat: int, kind: str) -> int:
        """Index of the topmost pending ``kind`` item (attack/run) declared by ``seat``'s opponent, or -1."""
        items = self.W.items
        for i in range(len(items) - 1, -1, -1):
            it = items[i]
            if it[0] == kind and it[1] != seat:
                return i
        return -1

    # ---------------------------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.W.frames:
            p = self.W.priority
            if p is not None:
                return p
        if self.phase == CENTER:
            return 0 if not self.centers[0] else 1
        if self.phase == ORDER:
            return self.rps_winner
        return self.active


    # ---------------------------------------------------------------------------------- legal actions
    def _legal_actions(self) -> list[Action]:
        W = self.W
        if W.frames:
            seat = W.priority
            kind = W.frames[-1].kind
            if kind == W_CHOICE:
                return self._trigger_actions()
            if kind == W_GOAL or kind == W_DECKOUT:
                out = self._keeper_actions(seat, kind)
            else:
                out = self._instant_actions(seat)
            out.append(PASS)
            return out
        ph = self.phase
        p = self.active
        if ph == MAIN:
            out = self._call_actions(p)
            out.extend(self._instant_actions(p))
            out.extend(self._procedure_actions(p))
            out.append(BATTLE_ACT)
            return out
        if ph == BATTLE:
            return self._battle_actions(p)
        if ph == CENTER:
            seat = self.to_move
            cards = self.game.table.cards
            return [
                _intern(("center", c), lambda c=c: f"center {cards[c].slug}")
                for c in self._center_choices(seat)
            ]
        if ph == ORDER:
            return [GO_FIRST, GO_SECOND]
        return []

    def _distinct_hand(self, p: int) -> list[int]:
        D = self.D
        return sorted({D[u].id for u in self.hands[p]})

    def _call_actions(self, p: int) -> list[Action]:
        """ST-T3: calls from hand to the center stack or an empty side zone."""
        out: list[Action] = []
        cards = self.game.table.cards
        cap = self.turn
        c = self.center_def(p)
        base = p * 3
        left_free = self.F[base] < 0
        right_free = self.F[base + 2] < 0
        for cid in self._distinct_hand(p):
            d = cards[cid]
            if d.kind == MACHINE:
                if d.gear > cap or d.disabled:  # ST-T3(c)
                    continue
                # ST-T3(a), ST-O2, ST-K3, ST-K4: one gear up, same class (Steering stacks with anything)
                if (
                    d.gear == c.gear + 1
                    and not d.guest
                    and not d.demi_guest
                    and (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING)
                ):
                    out.append(_intern(("call", cid, 1), lambda d=d: f"call {d.slug} C"))
                if d.gear <= c.gear:  # ST-T3(b)
                    if left_free:
                        out.append(_intern(("call", cid, 0), lambda d=d: f"call {d.slug} L"))
                    if right_free:
                        out.append(_intern(("call", cid, 2), lambda d=d: f"call {d.slug} R"))
        return out

    def _instant_actions(self, p: int) -> list[Action]:
        """ST-T6: assists, events and activated abilities usable now by ``p``."""
        out: list[Action] = []
        D = self.D
        cards = self.game.table.cards
        base = p * 3
        hand = self.hands[p]
        if hand:
            seen: set[int] = set()
            for u in hand:
                d = D[u]
                if not d.instant or d.id in seen:
                    continue
                seen.add(d.id)
                if not self.usable(p, d):
                    continue
                if d.kind == ASSIST:
                    for ch in self._ability_options(p, u, d.play):
                        out.append(self._act("assist", d, 0, d.play.index, ch))
                else:  # EVENT: placed in an empty side zone
                    for z in (0, 2):
                        if self.F[base + z] < 0:
                            out.append(
                                _intern(("event", d.id, z), lambda d=d, z=z: f"event {d.slug} {ZONES[z]}")
                            )
        for z in (0, 1, 2):
            u = self.F[base + z]
            if u < 0:
                continue
            d = D[u]
            if not d.activated or (d.kind == EVENT and not self.usable(p, d)):
                continue
            for ab in d.activated:
                for ch in self._ability_options(p, u, ab):
                    out.append(self._act("use", d, z, ab.index, ch))
        del cards
        return out

    def _procedure_actions(self, p: int) -> list[Action]:
        """ST-K4: a Demi-Guest's procedure from hand (main phase)."""
        out: list[Action] = []
        D = self.D
        seen: set[int] = set()
        for u in self.hands[p]:
            d = D[u]
            if not d.hand or d.id in seen or d.gear > self.turn:
                continue
            seen.add(d.id)
            for ab in d.hand:
                for ch in self._ability_options(p, u, ab):
                    out.append(self._act("hand", d, 0, ab.index, ch))
        return out

    def _keeper_actions(self, p: int, kind: str) -> list[Action]:
        """ST-K8: Goal Keeper (opponent about to reach the goal) and Requiem Keeper (any loss) from hand."""
        out: list[Action] = []
        if self.W.data != p:
            return out
        D = self.D
        seen: set[int] = set()
        for u in self.hands[p]:
            d = D[u]
            if not d.keepers or d.id in seen:
                continue
            seen.add(d.id)
            if not self.usable(p, d):
                continue
            for ab in d.keepers if kind == W_GOAL else d.requiem_keeper:
                for ch in self._ability_options(p, u, ab):
                    out.append(self._act("keeper", d, 0, ab.index, ch))
        return out

    def _trigger_actions(self) -> list[Action]:
        seat, uid, ab_index = self.W.data
        d = self.D[uid]
        ab = d.abilities[ab_index]
        out = [self._act("trigger", d, 0, ab.index, ch) for ch in self._ability_options(seat, uid, ab)]
        if ab.optional or not out:
            out.append(DECLINE)
        return out

    def _battle_actions(self, p: int) -> list[Action]:
        """ST-T4: attacks (single or combined) and runs by untapped machines; ST-K1 Obstruction."""
        base = p * 3
        F, T, D = self.F, self.T, self.D
        able = 0
        for z in (0, 1, 2):
            u = F[base + z]
            if u >= 0 and not T[base + z] and D[u].kind == MACHINE:
                able |= 1 << z
        out: list[Action] = []
        targets = self.attack_targets(p) if able else []
        if able and self.forced(p) and 1 in targets:
            # 《進路妨害》: every machine able to act must attack the center
            for att in _SUBSETS[able]:
                out.append(_attack_act(att, 1))
            out.extend(self._instant_actions(p))
            return out
        for tz in targets:
            for att in _SUBSETS[able]:
                out.append(_attack_act(att, tz))
        if able and not self.obstructed(p):  # ST-K1: no running while the opponent has Obstruction
            for z in (0, 1, 2):
                if able >> z & 1:
                    d = D[F[base + z]]
                    if d.guest or (d.demi_guest and z != 1):  # ST-K3, ST-K4
                        continue
                    out.append(_RUN_ACTS[z])
        out.extend(self._instant_actions(p))
        out.append(END_ACT)
        return out

    def _act(self, kind: str, d: CardDef, zone: int, ab_index: int, ch: tuple) -> Action:
        key = (kind, d.id, zone, ab_index, ch)
        a = _ACTS.get(key)
        if a is None:
            a = _ACTS[key] = Action(self._notation(kind, d, zone, ab_index, ch), kind, key[1:])
        return a

    def _notation(self, kind: str, d: CardDef, zone: int, ab_index: int, ch: tuple) -> str:
        abilities = d.abilities
        ab = abilities[ab_index]
        words = []
        for blk, c in zip(ab.costs + ab.effects, ch, strict=True):
            if c is not None:
                words.append(blk.impl.label(blk.p, self, c))
        tail = (" " + " ".join(words)) if words else ""
        if kind == "use":
            n = sum(1 for a in abilities if a.trigger == "activated")
            k = f"#{ab_index + 1}" if n > 1 else ""
            return f"use {d.slug}@{ZONES[zone]}{k}{tail}"
        if kind == "hand":
            return f"procedure {d.slug}{tail}"
        if kind == "trigger":
            return f"accept{tail}"
        if kind == "keeper":
            n = len(d.keepers)
            k = f"#{ab_index + 1}" if n > 1 else ""
            return f"keeper {d.slug}{k}{tail}"
        return f"assist {d.slug}{tail}"

    def _ability_options(self, seat: int, uid: int, ab: Ability | None) -> list[tuple]:
        """The choice tuples (one entry per cost, then per effect) with which ``ab`` can be used now."""
        if ab is None:
            return []
        idx = ab.index
        for c in ab.conds:
            if not c.impl.ok(c.p, self, seat, uid, idx):
                return []
        lists = []
        single = True
        for blk in ab.costs + ab.effects:
            opts = blk.impl.options(blk.p, self, seat, uid)
            if not opts:
                return []
            if len(opts) > 1:
                single = False
            lists.append(opts)
        if single:
            return [tuple(o[0] for o in lists)]
        return list(product(*lists))

    # ---------------------------------------------------------------------------------- why illegal
    def _explain(self, action: Action) -> str:
        n = getattr(action, "notation", str(action))
        kind = getattr(action, "kind", "")
        W = self.W
        who = self.to_move
        if self.phase in SETUP_PHASES:
            what = "its first machine (center …)" if self.phase == CENTER else "to go first or second"
            return f"{n!r}: set-up (ST-S1): seat {who} is choosing {what}"
        if W.frames:
            wk = W.kind
            if kind in ("call", "attack", "run", "battle", "end", "hand"):
                return f"{n!r}: a {wk} window is open (ST-T6): seat {who} must respond or pass first"
            if kind == "keeper" and wk not in (W_GOAL, W_DECKOUT):
                return (
                    f"{n!r}: keepers are used only when you are about to lose (ST-K8); this is a {wk} window"
                )
            if kind in ("trigger", "decline") and wk != W_CHOICE:
                return f"{n!r}: no triggered ability is waiting for a choice"
            legal = ", ".join(a.notation for a in self.legal_actions()[:10])
            return f"{n!r} is not a legal response now (seat {who}, {wk} window; legal: {legal})"
        if kind == "pass":
            return (
                f"{n!r}: no response window is open (ST-T6); seat {who} is in the {self.phase} phase "
                "('battle' goes to battle, 'end' ends the turn)"
            )
        if kind == "keeper":
            return f"{n!r}: keepers are used only when you are about to lose (ST-K8); no such window is open"
        if kind in ("trigger", "decline"):
            return f"{n!r}: no triggered ability is waiting for a choice"
        if kind == "call" and self.phase != MAIN:
            return f"{n!r}: machines are called in your main phase (ST-T3); this is the {self.phase} phase"
        if kind in ("attack", "run") and self.phase != BATTLE:
            return f"{n!r}: machines act in the battle phase (ST-T4); this is the {self.phase} phase"
        if kind == "call" and action.args:
            cid, z = action.args[0], action.args[1]
            return self._why_not_call(cid, z, n)
        if kind == "run" and self.phase == BATTLE and self.obstructed(self.active):
            return f"{n!r}: the opponent has a card with Obstruction on the field: no running (ST-K1)"
        if kind in ("attack", "run", "end") and self.phase == BATTLE and self.forced(self.active):
            return f"{n!r}: 《進路妨害》 is in force: every machine able to act must attack the center"
        legal = ", ".join(a.notation for a in self.legal_actions()[:12])
        return f"{n!r} is not legal now for seat {who} in the {self.phase} phase (legal: {legal})"

    def _why_not_call(self, cid: int, z: int, n: str) -> str:
        p = self.active
        d = self.game.table.cards[cid]
        if cid not in {self.D[u].id for u in self.hands[p]}:
            return f"{n!r}: seat {p} holds no {d.en}"
        if d.gear > self.turn:
            return f"{n!r}: gear {d.gear} exceeds this turn's gear cap {self.turn} (ST-T3c)"
        c = self.center_def(p)
        if z == 1:
            if d.guest or d.demi_guest:
                return f"{n!r}: a Guest/Demi-Guest cannot be called to the center (ST-K3/K4)"
            if d.gear != c.gear + 1:
                return f"{n!r}: the center takes gear {c.gear + 1} next, not gear {d.gear} (ST-T3a)"
            return (
                f"{n!r}: the center is of another class; only Steering stacks with anything (ST-T3a, ST-O2)"
            )
        if d.gear > c.gear:
            return f"{n!r}: side machines need gear ≤ the center's gear {c.gear} (ST-T3b)"
        return f"{n!r}: that zone is occupied"

    # ---------------------------------------------------------------------------------- apply
    def _apply(self, a: Action) -> None:
        k = a.kind
        p = self.to_move
        if k == "pass":
            self.W.pass_()
        elif k == "attack":
            self._declare_attack(p, a.args[0], a.args[1])
        elif k == "run":
            self._declare_run(p, a.args[0])
        elif k == "call":
            self._call(p, a.args[0], a.args[1])
        elif k == "battle":
            self.phase = BATTLE
            self.log("phase", seat=p, phase=BATTLE)
        elif k == "end":
            self.phase = END
        elif k in ("use", "assist", "keeper", "hand", "trigger"):
            self._activate(p, k, a.args)
        elif k == "event":
            self._place_event(p, a.args[0], a.args[1])
        elif k == "decline":
            self.log("decline", seat=p)
            self.W.close()
        elif k == "center":
            cid = a.args[0]
            self._choose_center(p, next(u for u in self.decks[p] if self.D[u].id == cid))
            self._after_center()
            return
        elif k == "order":
            go_first = a.args[0] == 0
            self.log("order_chosen", seat=p, first=go_first)
            self._start_race(p if go_first else 1 - p)
            return
        self._run()

    def _run(self) -> None:
        """Settle windows and advance the automatic phases (ST-T1 draw, ST-T2 repair, ST-T5 end)."""
        W = self.W
        while not self.over:
            if W.frames:
                if W.settle(self) is not None:
                    return
                continue
            ph = self.phase
            if ph == DRAW:
                self.phase = REPAIR
                self.log("turn", seat=self.active, turn=self.turn, cap=self.turn)
                o = self.game.options
                if o.first_turn_draw or self.turn != self.start_turn:  # ST-T1 ruling
                    self.draw(self.active, 1, phase=True)
                continue
            if ph == REPAIR:  # ST-T2
                base = self.active * 3
                T = self.T
                T[base] = T[base + 1] = T[base + 2] = False
                self.phase = MAIN
                return
            if ph == END:
                self._end_turn()
                continue
            self._check_lifts()
            return

    def _end_turn(self) -> None:
        """ST-T5: end-of-turn effects expire, the turn passes."""
        if self.mods:
            self.mods = [m for m in self.mods if m[3]]
        for o in (0, 1):
            if self.force[o] and self.force[o] <= self.turn:
                self.force[o] = 0
                self.log("force_ends", seat=o)
        self.log("end_turn", seat=self.active, turn=self.turn)
        self.turn += 1
        self.active = 1 - self.active
        if self.used:
            self.used = []
        if self.da_used and self.game.options.double_action == "per_turn":
            self.da_used = []
        self.phase = DRAW

    def _check_lifts(self) -> None:
        """《進路妨害》 is lifted for good once the owner's center is gear 1 or holds few machines."""
        for o in (0, 1):
            if self.force[o]:
                g, n = self.force_lift[o]
                if self.center_def(o).gear <= g or len(self.centers[o]) <= n:
                    self.force[o] = 0
                    self.log("force_lifted", seat=o)

    # ---------------------------------------------------------------------------------- declarations
    def _call(self, p: int, cid: int, z: int) -> None:
        u = self._take_from_hand(p, cid)
        base = p * 3
        if z == 1:
            self.centers[p].append(u)
        self.F[base + z] = u
        self.T[base + z] = False
        self.log("call", seat=p, card=self.D[u].en, zone=ZONES[z], height=len(self.centers[p]))
        self._on_enter(p, u)

    def _place_event(self, p: int, cid: int, z: int) -> None:
        u = self._take_from_hand(p, cid)
        self.F[p * 3 + z] = u
        self.T[p * 3 + z] = False
        self.log("event", seat=p, card=self.D[u].en, zone=ZONES[z], hp=self.D[u].hp)
        if self.W.frames and self.W.priority == p:
            self.W.respond(("placed", p, u))  # a response: priority passes (ST-T6)
        self._on_enter(p, u)

    def _take_from_hand(self, p: int, cid: int) -> int:
        hand = self.hands[p]
        D = self.D
        for i, u in enumerate(hand):
            if D[u].id == cid:
                del hand[i]
                return u
        raise IllegalAction(f"seat {p} holds no such card")  # pragma: no cover - legality checked before

    def _declare_attack(self, p: int, att: tuple[int, ...], tz: int) -> None:
        """ST-T4: tap the attackers; the defender may respond (attack window)."""
        base = p * 3
        F = self.F
        pairs = []
        for z in att:
            self.T[base + z] = True
            pairs.append((z, F[base + z]))
        tu = F[(1 - p) * 3 + tz]
        item = ("attack", p, tuple(pairs), tz, tu)
        self.log(
            "attack",
            seat=p,
            attackers=[self.D[u].en for _, u in pairs],
            zones=[ZONES[z] for z in att],
            target=self.D[tu].en,
            target_zone=ZONES[tz],
        )
        self.W.open(W_ATTACK, 1 - p, item, opener_passed=True)

    def _declare_run(self, p: int, z: int) -> None:
        """ST-T4: tap the machine; the opponent may respond (run window)."""
        u = self.F[p * 3 + z]
        self.T[p * 3 + z] = True
        self.log("run_declared", seat=p, card=self.D[u].en, zone=ZONES[z], gear=self.D[u].gear)
        self.W.open(W_RUN, 1 - p, ("run", p, z, u), opener_passed=True)

    def _activate(self, p: int, kind: str, args: tuple) -> None:
        """Use an ability: pay its costs now, put it on the stack (a response inside a window)."""
        cid, zone, ab_index, ch = args
        W = self.W
        if kind == "trigger":
            _, uid, _ = W.data
        elif kind == "use":
            uid = self.F[p * 3 + zone]
        else:
            uid = next(u for u in self.hands[p] if self.D[u].id == cid)
        d = self.D[uid]
        ab = d.abilities[ab_index]
        if kind in ("assist", "keeper"):  # the card is used up (ST-C2)
            self.hands[p].remove(uid)
            self.discard[p].append(uid)
        nc = len(ab.costs)
        paid = tuple(ab.costs[i].impl.pay(ab.costs[i].p, self, p, uid, ch[i]) for i in range(nc))
        for c in ab.conds:
            if c.name == "once_per_turn":
                self.used.append((uid, ab_index))
        self.log(
            "ability", seat=p, card=d.en, how=kind, ability=ab_index, choices=[x for x in ch if x is not None]
        )
        item = ("ability", p, uid, ab_index, ch, paid)
        if kind == "trigger":
            W.push(item)
            W.close()
        elif W.frames and W.priority == p:
            W.respond(item)
        else:
            W.open(W_EFFECT, p)
            W.push(item)
            W.close()

    # ---------------------------------------------------------------------------------- window host
    def can_respond(self, seat: int, kind: str) -> bool:
        if kind == W_ATTACK or kind == W_RUN:
            return self._may_respond(seat)
        if kind == W_GOAL or kind == W_DECKOUT:
            return self.W.data == seat and bool(self._keeper_actions(seat, kind))
        if kind == W_CHOICE:
            return self.W.data[0] == seat
        return False

    def _may_respond(self, seat: int) -> bool:
        """Fast check first (no instant card, no activated ability: no decision), then the full list."""
        D = self.D
        any_ = False
        for u in self.hands[seat]:
            if D[u].instant:
                any_ = True
                break
        if not any_:
            base = seat * 3
            F = self.F
            for z in (0, 1, 2):
                u = F[base + z]
                if u >= 0 and D[u].activated:
                    any_ = True
                    break
        return any_ and bool(self._instant_actions(seat))

    def resolve(self, item: tuple) -> None:
        k = item[0]
        if k == "attack":
            self._resolve_attack(item)
        elif k == "run":
            self._resolve_run(item)
        elif k == "ability":
            self._resolve_ability(item)
        elif k == "goal":
            p = item[1]
            if self.distance[p] <= 0:  # ST-T4: at 0 you win at once
                self._finish(p, "goal")
            else:
                self.log("goal_averted", seat=p, distance=self.distance[p])
        elif k == "deckout":
            p = item[1]
            if not self.decks[p]:  # ST-O1
                self._finish(1 - p, "deck-out")
            else:
                self.log("deckout_averted", seat=p)
                self.draw(p, 1)
        elif k == "deadheat":
            self._resolve_dead_heat(item)
        elif k == "fizzled":
            self.log("fizzle", what=item[1], seat=item[2])
        # "placed": an event placed as a response; nothing left to do

    # ---------------------------------------------------------------------------------- resolution
    def _resolve_attack(self, item: tuple) -> None:
        """ST-T4 combat: POW (summed for a combined attack) against DEF; events lose HP."""
        _, p, pairs, tz, tu = item
        o = 1 - p
        F, D = self.F, self.D
        base = p * 3
        present = [(z, u) for z, u in pairs if F[base + z] == u]
        target_ok = F[o * 3 + tz] == tu and (not self.obstructed(p) or D[tu].obstruction)
        if not present or not target_ok:
            self.log("fizzle", what="attack", seat=p)
            self._double_action(p, present)
            return
        total = 0
        for _, u in present:
            total += self.pow_of(u)
        td = D[tu]
        if td.kind == EVENT:
            self.log(
                "combat",
                seat=p,
                pow=total,
                target=td.en,
                hp_before=td.hp - self.dmg.get(tu, 0),
                outcome="event",
            )
            self.damage_event(o, tz, total)
        else:
            df = self.def_of(tu)
            outcome = "lower" if total < df else "higher" if total > df else "equal"
            self.log(
                "combat", seat=p, pow=total, target=td.en, def_=df, outcome=outcome, combined=len(present) > 1
            )
            if outcome != "lower":
                self.destroy(o, tz)
            if outcome != "higher":
                for z, u in present:
                    if F[base + z] == u:
                        self.destroy(p, z)
        self._double_action(p, present)

    def _double_action(self, p: int, pairs) -> None:
        """ST-K2: after acting, a Double Action machine untaps once (per turn by default)."""
        base = p * 3
        for z, u in pairs:
            if (
                self.F[base + z] == u
                and self.D[u].double_action
                and u not in self.da_used
                and self.T[base + z]
            ):
                self.T[base + z] = False
                self.da_used.append(u)
                self.log("double_action", seat=p, card=self.D[u].en)

    def _resolve_run(self, item: tuple) -> None:
        _, p, z, u = item
        if self.F[p * 3 + z] != u or self.obstructed(p):
            self.log("fizzle", what="run", seat=p)
            return
        self._move(p, self.D[u].gear, answerable=True)
        self._double_action(p, ((z, u),))

    def effect_run(self, p: int, n: int, as_run: bool) -> None:
        """``advance`` block: lower the distance; a run (``as_run``) obeys ST-K1 and wakes Dead Heat."""
        if as_run and self.obstructed(p):
            self.log("fizzle", what="run", seat=p)
            return
        self._move(p, n, answerable=as_run)

    def _move(self, p: int, n: int, answerable: bool, dead_heat: bool = False) -> None:
        """Lower ``p``'s remaining distance; Dead Heat (ST-K5), Crash (ST-K7), the goal (ST-T4, ST-K8)."""
        self.distance[p] -= n
        self.log("run", seat=p, by=n, distance=self.distance[p], dead_heat=dead_heat)
        o = 1 - p
        if answerable:  # ST-K5: each Dead Heat card of the opponent runs too (not in answer to Dead Heat)
            F, D = self.F, self.D
            items = []
            for z in (0, 1, 2):
                u = F[o * 3 + z]
                if u >= 0 and D[u].dead_heat:
                    items.append(("deadheat", o, u, D[u].dead_heat))
            if items:
                self.W.open("deadheat", o)
                for it in items:
                    self.W.push(it)
                self.W.close()
        self._crash_check()
        if self.distance[p] <= 0:
            # about to reach the goal: the opponent may answer with a keeper first (ST-K8)
            self.W.open(W_GOAL, o, ("goal", p), data=o)

    def _resolve_dead_heat(self, item: tuple) -> None:
        _, q, u, n = item
        if self.zone_of(u) < 0:
            self.log("fizzle", what="dead_heat", seat=q)
            return
        if self.obstructed(q):  # ST-K5: a run, so Obstruction stops it
            self.log("fizzle", what="dead_heat", seat=q, reason="obstruction")
            return
        self.log("dead_heat", seat=q, card=self.D[u].en, by=n)
        self._move(q, n, answerable=False, dead_heat=True)

    def change_distance(self, p: int, delta: int) -> None:
        """Add ``delta`` to a remaining distance (keepers' delays, costs)."""
        self.distance[p] += delta
        self.log("distance", seat=p, by=delta, distance=self.distance[p])
        self._crash_check()
        if delta < 0 and self.distance[p] <= 0:
            self.W.open(W_GOAL, 1 - p, ("goal", p), data=1 - p)

    def _crash_check(self) -> None:
        """ST-K7: when the remaining distances cross (the strict lead changes hands), Crash triggers."""
        a, b = self.distance
        lead = 0 if a < b else 1 if b < a else self.leader
        if lead == self.leader:
            return
        before = self.leader
        self.leader = lead
        if before < 0:
            return
        self.log("crash", overtaker=lead, overtaken=before)
        F, D = self.F, self.D
        # the active player's triggers are decided first (their frames open last, on top)
        for p in (1 - self.active, self.active):
            for z in (0, 1, 2):
                u = F[p * 3 + z]
                if u >= 0 and D[u].crash:
                    for ab in D[u].crash:
                        self._trigger(p, u, ab)

    def _resolve_ability(self, item: tuple) -> None:
        _, p, uid, ab_index, ch, paid = item
        d = self.D[uid]
        ab = d.abilities[ab_index]
        nc = len(ab.costs)
        for i, e in enumerate(ab.effects):
            if self.over:
                return
            e.impl.run(e.p, self, p, uid, ch[nc + i], paid)
        self.log("resolved", seat=p, card=d.en)

    def _trigger(self, p: int, uid: int, ab: Ability) -> None:
        """A triggered ability: resolve at once when there is nothing to choose, else ask its owner."""
        opts = self._ability_options(p, uid, ab)
        if not opts:
            if not ab.optional:
                self.log("fizzle", what=ab.trigger, seat=p, card=self.D[uid].en)
            return
        if len(opts) == 1 and not ab.optional and not ab.costs:
            self.W.open(W_EFFECT, p)
            self.W.push(("ability", p, uid, ab.index, opts[0], ()))
            self.W.close()
            return
        self.W.open(W_CHOICE, p, data=(p, uid, ab.index))

    def _on_enter(self, p: int, u: int) -> None:
        for ab in self.D[u].on_enter:
            self._trigger(p, u, ab)

    # ---------------------------------------------------------------------------------- primitives
    def draw(self, p: int, n: int, phase: bool = False) -> None:
        """ST-T1 / ST-O1: draw ``n``; from an empty deck the player is about to lose (Requiem Keeper)."""
        deck = self.decks[p]
        for _ in range(n):
            if not deck:
                if not phase and not self.game.options.effect_draw_loses:
                    self.log("fizzle", what="draw", seat=p)
                    return
                self.log("deck_empty", seat=p)
                self.W.open(W_DECKOUT, p, ("deckout", p), data=p)
                return
            u = deck.pop()
            self.hands[p].append(u)
            self.log("draw", seat=p, count=1, left=len(deck))
            self.log_private(p, "drew", seat=p, card=self.D[u].en)

    def set_tapped(self, p: int, z: int, value: bool) -> None:
        self.T[p * 3 + z] = value
        self.log("tap" if value else "untap", seat=p, zone=ZONES[z], card=self.D[self.F[p * 3 + z]].en)

    def add_mod(self, u: int, dp: int, dd: int, duration: str) -> None:
        self.mods.append((u, dp, dd, 0 if duration == "turn" else 1))
        self.log("stats", card=self.D[u].en, pow=dp, def_=dd, duration=duration)

    def _left_field(self, u: int) -> None:
        if self.mods:
            self.mods = [m for m in self.mods if m[0] != u]
        self.dmg.pop(u, None)

    def destroy(self, p: int, z: int) -> None:
        """Destroy the card on top of a zone (ST-F2: a center holding a single machine stays)."""
        base = p * 3
        u = self.F[base + z]
        if u < 0:
            return
        if z == 1:
            st = self.centers[p]
            if len(st) <= 1:
                self.log("stays", seat=p, card=self.D[u].en)  # ST-F2
                return
            old = self.D[u].gear
            st.pop()
            self.F[base + 1] = st[-1]
            self.discard[p].append(u)
            self._left_field(u)
            self.log("destroyed", seat=p, card=self.D[u].en, zone="C")
            self.log("exposed", seat=p, card=self.D[st[-1]].en, height=len(st))  # no on-enter effects
            self._center_changed(p, old)
        else:
            self.F[base + z] = -1
            self.T[base + z] = False
            self.discard[p].append(u)
            self._left_field(u)
            self.log("destroyed", seat=p, card=self.D[u].en, zone=ZONES[z])
        for ab in self.D[u].on_destroyed:
            self._trigger(p, u, ab)

    def remove_from_field(self, p: int, z: int, to: str) -> None:
        """A card leaves the field without being destroyed (to hand or discard)."""
        base = p * 3
        u = self.F[base + z]
        if u < 0:
            return
        if z == 1:
            st = self.centers[p]
            if len(st) <= 1:
                return  # ST-F2
            old = self.D[u].gear
            st.pop()
            self.F[base + 1] = st[-1]
            (self.hands[p] if to == "hand" else self.discard[p]).append(u)
            self._left_field(u)
            self.log("left", seat=p, card=self.D[u].en, zone="C", dest=to)
            self._center_changed(p, old)
            return
        self.F[base + z] = -1
        self.T[base + z] = False
        (self.hands[p] if to == "hand" else self.discard[p]).append(u)
        self._left_field(u)
        self.log("left", seat=p, card=self.D[u].en, zone=ZONES[z], dest=to)

    def _center_changed(self, p: int, old_gear: int) -> None:
        """ST-T3: when the center's gear falls below a side machine's gear, that machine returns to hand."""
        g = self.center_def(p).gear
        if g >= old_gear:
            return
        literal = self.game.options.side_return == "at_or_below"
        base = p * 3
        for z in (0, 2):
            u = self.F[base + z]
            if u >= 0 and self.D[u].kind == MACHINE:
                sg = self.D[u].gear
                if sg > g or (literal and sg >= g):
                    self.F[base + z] = -1
                    self.T[base + z] = False
                    self.hands[p].append(u)
                    self._left_field(u)
                    self.log("returned", seat=p, card=self.D[u].en, zone=ZONES[z], center_gear=g)

    def put_under_center(self, p: int, z: int) -> int:
        """Cost of 《グレイトフル・トレイン》: a side machine goes directly under the center's top card."""
        base = p * 3
        u = self.F[base + z]
        self.F[base + z] = -1
        self.T[base + z] = False
        self._left_field(u)
        st = self.centers[p]
        st.insert(len(st) - 1, u)
        self.log("put_under", seat=p, card=self.D[u].en, zone=ZONES[z], height=len(st))
        return u

    def enter_center(self, p: int, u: int) -> None:
        """ST-K4: a Demi-Guest's procedure puts it on top of the center."""
        old = self.center_def(p).gear
        self.hands[p].remove(u)
        self.centers[p].append(u)
        self.F[p * 3 + 1] = u
        self.T[p * 3 + 1] = False
        self.log("call", seat=p, card=self.D[u].en, zone="C", height=len(self.centers[p]), procedure=True)
        self._center_changed(p, old)
        self._on_enter(p, u)

    def discard_from_hand(self, p: int, cid: int, avoid: int = -1) -> int:
        hand = self.hands[p]
        for i, u in enumerate(hand):
            if u != avoid and self.D[u].id == cid:
                del hand[i]
                self.discard[p].append(u)
                self.log("discarded", seat=p, card=self.D[u].en)
                return u
        return -1  # pragma: no cover

    def damage_event(self, p: int, z: int, n: int) -> None:
        """ST-C3: an event's HP drops; at 0 it is destroyed."""
        u = self.F[p * 3 + z]
        if u < 0 or self.D[u].kind != EVENT:
            return
        dmg = self.dmg.get(u, 0) + n
        self.dmg[u] = dmg
        left = max(0, self.D[u].hp - dmg)
        self.log("event_hp", seat=p, card=self.D[u].en, hp=left)
        if left <= 0:
            self.destroy(p, z)

    def search(self, p: int, name: str | None, kind: str | None, max_gear: int, count: int) -> None:
        """Cards from the deck to the hand, then a shuffle (ST-O1: fizzles when none is there)."""
        deck = self.decks[p]
        D = self.D
        kinds = {"machine": MACHINE, "assist": ASSIST, "event": EVENT}
        found = []
        for i in range(len(deck) - 1, -1, -1):
            d = D[deck[i]]
            if name is not None and name not in (d.name, d.en):
                continue
            if kind is not None and d.kind != kinds[kind]:
                continue
            if d.gear > max_gear:
                continue
            found.append(i)
            if len(found) == count:
                break
        if not found:
            self.log("fizzle", what="search", seat=p)
            return
        for i in found:  # descending indices: deleting keeps the others valid
            u = deck.pop(i)
            self.hands[p].append(u)
            self.log("searched", seat=p, card=D[u].en)
        self.rng.shuffle(deck)

    def recycle(self, p: int, n: int) -> None:
        """The ``n`` most recent discards go to the bottom of the deck."""
        disc = self.discard[p]
        k = min(n, len(disc))
        if not k:
            self.log("fizzle", what="recycle", seat=p)
            return
        moved = disc[-k:]
        del disc[-k:]
        self.decks[p][0:0] = moved
        self.log("recycled", seat=p, count=k, cards=[self.D[u].en for u in moved])

    def force_attack(self, p: int, lift_gear: int, lift_cards: int) -> None:
        """《進路妨害》: until the opponent's next end phase (this turn's, if it is theirs)."""
        self.force[p] = self.turn if self.active != p else self.turn + 1
        self.force_lift[p] = (lift_gear, lift_cards)
        self.log("force", seat=p, until=self.force[p])

    def cancel_pending(self, p: int, kind: str) -> None:
        i = self.pending_against(p, kind)
        if i >= 0:
            it = self.W.items[i]
            self.W.replace(i, ("fizzled", kind, it[1]))

    def _finish(self, w: int | None, reason: str) -> None:
        self.over = True
        self.win = w
        self.reason = reason
        self.phase = OVER
        self.W.clear()
        self.log("race_over", winner=w, reason=reason, distance=list(self.distance))

    # ---------------------------------------------------------------------------------- information
    def _card_view(self, u: int) -> dict:
        d = self.D[u]
        return {"name": d.name, "en": d.en, "gear": d.gear}

    def _zone_view(self, p: int, z: int, hidden: bool) -> dict | None:
        u = self.F[p * 3 + z]
        if u < 0:
            return None
        if hidden:
            return {"face_down": True, "height": len(self.centers[p])}
        d = self.D[u]
        v: dict[str, Any] = {
            "name": d.name,
            "en": d.en,
            "kind": ("machine", "assist", "event")[d.kind],
            "gear": d.gear,
            "class": d.rec.class_,
            "tapped": self.T[p * 3 + z],
        }
        if d.kind == MACHINE:
            v["pow"] = self.pow_of(u)
            v["def"] = self.def_of(u)
            v["double_action_used"] = u in self.da_used
        else:
            v["hp"] = d.hp - self.dmg.get(u, 0)
            v["max_hp"] = d.hp
        if z == 1:
            v["height"] = len(self.centers[p])
            v["stack"] = [self.D[x].en for x in self.centers[p]]
        return v

    def _item_view(self, it: tuple) -> dict:
        """A pending item as public names (responses are face up)."""
        k = it[0]
        D = self.D
        v: dict[str, Any] = {"kind": k}
        if k == "attack":
            v |= {
                "seat": it[1],
                "attackers": [D[u].en for _, u in it[2]],
                "target": D[it[4]].en,
                "target_zone": ZONES[it[3]],
            }
        elif k == "run":
            v |= {"seat": it[1], "card": D[it[3]].en, "gear": D[it[3]].gear}
        elif k == "ability":
            v |= {"seat": it[1], "card": D[it[2]].en, "ability": it[3]}
        elif k in ("goal", "deckout"):
            v["seat"] = it[1]
        elif k == "deadheat":
            v |= {"seat": it[1], "card": D[it[2]].en, "by": it[3]}
        elif k == "placed":
            v |= {"seat": it[1], "card": D[it[2]].en}
        elif k == "fizzled":
            v |= {"what": it[1], "seat": it[2]}
        return v

    def _windows_view(self) -> dict:
        W = self.W
        return {
            "frames": [{"kind": f.kind, "priority": f.priority, "resolving": f.resolving} for f in W.frames],
            "items": [self._item_view(it) for it in W.items],
        }

    def view(self, seat: int | None) -> dict:
        setup = self.phase in SETUP_PHASES
        players = []
        for p in (0, 1):
            hidden_center = setup and p != seat
            pv: dict[str, Any] = {
                "seat": p,
                "distance": self.distance[p],
                "zones": {ZONES[z]: self._zone_view(p, z, hidden_center and z == 1) for z in (0, 1, 2)},
                "hand_count": len(self.hands[p]),
                "deck_count": len(self.decks[p]),
                "discard": [self.D[u].en for u in self.discard[p]],
                "tune": [],  # ST-F1 ruling: shown, always empty
                "forcing": bool(self.force[p]),
            }
            if p == seat and not setup:
                pv["hand"] = sorted(self.D[u].en for u in self.hands[p])
            players.append(pv)
        return {
            "game": "stampede",
            "phase": self.phase,
            "turn": self.turn,
            "gear_cap": self.turn,
            "active": self.active,
            "first": self.first,
            "to_move": self.to_move,
            "players": players,
            "windows": self._windows_view() if self.W.frames else None,
            "you": seat,
            "over": self.over,
            "winner": self.win,
            "reason": self.reason,
        }

    def reveal(self) -> dict:
        v = self.view(None)
        for p in (0, 1):
            v["players"][p]["hand"] = [self.D[u].en for u in self.hands[p]]
            v["players"][p]["deck"] = [self.D[u].en for u in reversed(self.decks[p])]
            v["players"][p]["zones"]["C"] = self._zone_view(p, 1, False)
        v["mods"] = [[self.D[u].en, a, b, d] for u, a, b, d in self.mods]
        v["force"] = list(self.force)
        v["leader"] = self.leader
        v["rng"] = self.rng.s
        v["rps_winner"] = self.rps_winner
        v["used"] = len(self.used)
        return v

    def census(self) -> dict[int, Counter]:
        out = {}
        D = self.D
        for p in (0, 1):
            c: Counter = Counter()
            for zone in (self.decks[p], self.hands[p], self.discard[p], self.centers[p]):
                for u in zone:
                    c[D[u].id] += 1
            for z in (0, 2):
                u = self.F[p * 3 + z]
                if u >= 0:
                    c[D[u].id] += 1
            out[p] = c
        return out

    def clone(self) -> StampedeState:
        s = StampedeState.__new__(StampedeState)
        self._copy_base(s)
        s.D = self.D
        s.split = self.split
        s.decks = [self.decks[0][:], self.decks[1][:]]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.discard = [self.discard[0][:], self.discard[1][:]]
        s.centers = [self.centers[0][:], self.centers[1][:]]
        s.F = self.F[:]
        s.T = self.T[:]
        s.dmg = self.dmg.copy() if self.dmg else {}
        s.mods = self.mods[:] if self.mods else []
        s.distance = self.distance[:]
        s.turn = self.turn
        s.start_turn = self.start_turn
        s.active = self.active
        s.first = self.first
        s.phase = self.phase
        s.da_used = self.da_used[:] if self.da_used else []
        s.used = self.used[:] if self.used else []
        s.force = self.force[:]
        s.force_lift = self.force_lift[:]
        s.leader = self.leader
        s.over = self.over
        s.win = self.win
        s.reason = self.reason
        s.W = self.W.clone()
        s.rps_winner = self.rps_winner
        s.decklists = self.decklists
        s.setup_spec = self.setup_spec
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: deck orders, the opponent's hand (and during set-up every
        hand, not looked at yet, and the opponent's face-down first machine)."""
        setup = self.phase in SETUP_PHASES
        for p in (0, 1):
            if p == seat and not setup:
                self.decks[p].sort()
                rng.shuffle(self.decks[p])
                continue
            face_down = setup and p != seat and bool(self.centers[p])
            pool = self.decks[p] + self.hands[p] + (self.centers[p] if face_down else [])
            pool.sort()
            rng.shuffle(pool)
            if face_down:
                i = next(i for i, u in enumerate(pool) if can_start(self.D[u]))
                u = pool.pop(i)
                self.centers[p] = [u]
                self.F[p * 3 + 1] = u
            nh = len(self.hands[p])
            self.hands[p] = pool[:nh]
            self.decks[p] = pool[nh:]


_RUN_ACTS = tuple(Action(f"run {ZONES[z]}", "run", (z,)) for z in (0, 1, 2))


def _attack_act(att: tuple[int, ...], tz: int) -> Action:
    key = ("attack", att, tz)
    a = _ACTS.get(key)
    if a is None:
        a = _ACTS[key] = Action(
            f"attack {'+'.join(ZONES[z] for z in att)} > {ZONES[tz]}", "attack", (att, tz)
        )
    return a


__all__ = ["Stampede", "StampedeState", "StampedeOptions", "ZONE_LABELS"]
