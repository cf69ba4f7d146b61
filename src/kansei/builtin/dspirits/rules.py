"""D-Spirits TCG: the state machine (rules digest ids DS-…, see RULES.md and docs/rulings.md).

Cards are ints (indices into :mod:`.table`). Decks are lists drawn from the end (the end is the top); hands
are sorted lists of *hand ints* — the card id with its statuses packed above bit 12, since Frozen and
Poisoned stay on a D-Spirit back in hand (DS-R2). A D-Spirit in play is an *instance*: a small list of
ints (layout below) whose ``UNDER`` slot holds the D-Evolution stack under its top card (DS-C3). A clone
copies a handful of lists.

Chains (DS-R4) and every other out-of-turn decision use :class:`kansei.core.windows.Windows`: an activated
card, ability or special move is a ``("link", …)`` item, a declared attack an ``("attack", …)`` item, and
they resolve last-in first-out. Endure (DS-B2) is a one-decision window for the defender; a triggered
ability that needs a target is one for its owner. Windows nobody can answer close without a decision.
"""

from __future__ import annotations

import random
import re
from bisect import insort
from collections import Counter
from pathlib import Path
from typing import Any, Literal

from kansei.core.content import read_deck, read_toml, slug
from kansei.core.errors import ContentError, IllegalAction, OptionError
from kansei.core.protocol import Action, DuelState, Game, GameOptions, GameSetup, State
from kansei.core.windows import Windows

from .blocks import CHOOSING
from .cards import Program, load_catalog, unimplemented
from .table import EVOLUTION, MOVECARD, REALM, SIGNAL, SPIRIT, Table, table

# -- instance layout ---------------------------------------------------------------------------------
(
    CID,
    UNDER,
    UID,
    STANCE,
    FROZEN,
    POISON,
    ENDURED,
    ENTERED,
    SUPER,
    ATK,
    END,
    TATK,
    TEND,
    FLAGS,
    WINS,
    ENDURES,
    CHARGE,
    OWNT,
) = range(18)
ATTACK_STANCE, ENDURE_STANCE = 0, 1
STANCES = ("attack", "endure")
F_ATTACKED, F_STANCED, F_MOVED, F_READY, F_SHIFTED = 1, 2, 4, 8, 16
F_ABIL = 32  # F_ABIL << i: the i-th command ability was used this turn
TURN_FLAGS = F_ATTACKED | F_STANCED | F_MOVED | F_READY | (F_ABIL * 0b1111)

# -- hand ints ---------------------------------------------------------------------------------------
HMASK = 0xFFF
HFROZEN = 1 << 12
HPSHIFT = 13  # poison damage // 50 above this bit

# -- phases ------------------------------------------------------------------------------------------
OPEN, DRAW, EXTRA, MAIN, BATTLE, ENDSTEP, SIDE, OVER = (
    "opening",
    "draw",
    "extra",
    "main",
    "battle",
    "end",
    "side",
    "over",
)

# -- game breakers and limits ------------------------------------------------------------------------
BATTLE_SCENE_MAX = 4  # DS-Z1
SUPPORT_SPIRITS_MAX = 4  # docs/rulings.md
OPENING_HAND = 7  # DS-G1
EXTRA_DRAW_COST = 500  # DS-X1
SOUL_SHIFT_COST = 800  # DS-X4
LIMBO_COST = 1200  # DS-X5
FIELD_RUSH_BID = 500  # DS-X6
SUPER_CHARGE_COST = 500  # DS-X7
BID_STEPS = (100, 300, 500)  # DS-R1: raises offered to a bidder (docs/rulings.md)


class DSpiritsOptions(GameOptions):
    starting_sp: int = 5000  # DS-G1
    first_player: Literal["rps", "seat0", "seat1"] = "rps"  # DS-G1: rock-paper-scissors (a fair coin)
    first_turn_attack: bool = False  # DS-G2 ruling: the first player does not attack on turn 1
    old_rules: bool = False  # DS-X4: Soul Shift, removed from the current rules
    elemental_negates_spooky: bool = True  # DS-B5 ruling
    match: bool = False  # best of three with side-deck swaps between games (DS-D1)
    side_swaps: int = 3  # swaps each player may make between two games of a match
    max_turns: int = 60  # house safety net: after this many turns the higher SP wins


# -- interned actions --------------------------------------------------------------------------------
_ACTS: dict[str, Action] = {}


def _act(notation: str, kind: str, args: tuple = ()) -> Action:
    """An interned action; ``args`` must be a function of the notation alone."""
    a = _ACTS.get(notation)
    if a is None:
        a = _ACTS[notation] = Action(notation, kind, args)
    return a


PASS = _act("pass", "pass")
BATTLE_ACT = _act("battle", "battle")
END_ACT = _act("end", "end")
ENDURE_ACT = _act("endure", "endure")
FALL_ACT = _act("fall", "fall")
NO_EXTRA = _act("no extra", "extra", (-1,))
KEEP = _act("keep", "keep")
RECHARGE = _act("recharge", "recharge")
DRAW_ACTS = (_act("draw squad", "draw", (0,)), _act("draw support", "draw", (1,)))
EXTRA_ACTS = (_act("extra squad", "extra", (0,)), _act("extra support", "extra", (1,)))


class Ctx:
    """What a resolving effect knows: who controls it, its source D-Spirit, its chosen target."""

    __slots__ = ("owner", "src", "tk", "tv", "name", "pid")

    def __init__(self, owner: int, src: int, tk: str, tv: int, name: str, pid: int = -1):
        self.owner = owner
        self.src = src  # uid of the source D-Spirit, or -1
        self.tk = tk  # "", "u" (a D-Spirit in play, tv = uid), "h" (hand int), "d" (card in the D-World)
        self.tv = tv
        self.name = name
        self.pid = pid


# ====================================================================================================
# The game
# ====================================================================================================
class DSpiritsSetup(GameSetup):
    """Scenario keys (interim: typed fields come with the game's own validation)."""

    dworld: Any = None
    field: Any = None
    first: Any = None
    hands: Any = None
    order: Any = None
    realm: Any = None
    sp: Any = None
    step: Any = None
    support_zone: Any = None
    veteran: Any = None


class DSpirits(Game):
    id = "dspirits"
    name = "D-Spirits TCG"
    Options = DSpiritsOptions
    min_players = 2
    max_players = 2
    Setup = DSpiritsSetup

    def __init__(self, **options: Any):
        super().__init__(**options)
        o = self.options
        if not 500 <= o.starting_sp <= 100000:
            raise OptionError(f"dspirits: option starting_sp={o.starting_sp}: must be 500..100000")
        if not 0 <= o.side_swaps <= 20:
            raise OptionError(f"dspirits: option side_swaps={o.side_swaps}: must be 0..20")
        if not 2 <= o.max_turns <= 1000:
            raise OptionError(f"dspirits: option max_turns={o.max_turns}: must be 2..1000")
        self.table: Table = table()

    # -- decks --------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.catalog.decks]

    def read_deck_file(self, path: Path) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
        """A deck file: TOML with ``[squad]``, ``[support]``, ``[side]`` tables (or ``[cards]`` sorted by
        kind), or text lines ``2 Lampire`` sorted by kind with ``Side: 2 Pebblit`` lines for the side deck."""
        path = Path(path)
        cat = self.table.catalog
        squad: dict[str, int] = {}
        support: dict[str, int] = {}
        side: dict[str, int] = {}
        problems: list[str] = []

        def sort_in(name: str, n: int) -> None:
            c = cat.find(name)
            kind = cat.kind_of(c) if c is not None else "spirit"
            target = squad if kind == "spirit" else support if kind == "support" else side
            target[name] = target.get(name, 0) + n

        if path.suffix.lower() == ".toml" and path.exists():
            data = read_toml(path, str(path))
            for key, target in (("squad", squad), ("support", support), ("side", side)):
                tab = data.pop(key, None)
                if tab is None:
                    continue
                if not isinstance(tab, dict):
                    problems.append(f"{path}: [{key}] must be a table of name = count")
                    continue
                for name, n in tab.items():
                    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                        problems.append(
                            f'{path}: {key}: card "{name}": count must be a positive integer, is {n!r}'
                        )
                    else:
                        target[name] = n
            cards = data.pop("cards", None)
            if isinstance(cards, dict):
                for name, n in cards.items():
                    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                        problems.append(f'{path}: card "{name}": count must be a positive integer, is {n!r}')
                    else:
                        sort_in(name, n)
            data.pop("name", None)
            data.pop("text", None)
            for key in sorted(data):
                problems.append(
                    f"{path}: unknown key {key!r} (expected [squad], [support], [side] or [cards])"
                )
            if problems:
                raise ContentError(problems)
            return squad, support, side
        deck = read_deck(path)
        for name, n in deck.cards:
            sort_in(name, n)
        for line in deck.meta.get("side", []):
            m = re.match(r"^\s*(\d+)\s*[xX×]?\s+(.+?)\s*$", line)
            if not m or int(m.group(1)) < 1:
                problems.append(f"{path}: side: expected '<count> <card name>', got {line!r}")
                continue
            side[m.group(2)] = side.get(m.group(2), 0) + int(m.group(1))
        for key in deck.meta:
            if key != "side":
                problems.append(f"{path}: unknown header {key!r} (only 'Side: <count> <card>' lines)")
        if problems:
            raise ContentError(problems)
        return squad, support, side

    def _deck_from_spec(self, spec: Any, seat: int) -> tuple[list[int], list[int], list[int]]:
        cat = self.table.catalog
        where = f"deck of seat {seat}"
        if spec is None:
            spec = cat.decks[seat % len(cat.decks)].name
        if isinstance(spec, str):
            starter = next((d for d in cat.decks if d.name.lower() == spec.lower()), None)
            if starter is not None:
                squad, support, side = dict(starter.squad), dict(starter.support), dict(starter.side)
            elif Path(spec).exists():
                squad, support, side = self.read_deck_file(Path(spec))
                where = spec
            else:
                raise ContentError(
                    [
                        f"{where}: {spec!r} is neither a starter deck "
                        f"({', '.join(self.starter_decks())}) nor a deck file"
                    ]
                )
        elif isinstance(spec, dict):
            bad = set(spec) - {"squad", "support", "side", "name"}
            if bad:
                raise ContentError(
                    [f"{where}: unknown key(s) {', '.join(sorted(bad))} (squad, support, side)"]
                )
            squad, support, side = (dict(spec.get(k) or {}) for k in ("squad", "support", "side"))
        else:
            raise ContentError([f"{where}: a deck is a starter name, a file path or an object"])
        problems = cat.deck_problems(squad, support, side, where)  # DS-D1
        if problems:
            raise ContentError(problems)
        t = self.table
        lists: list[list[int]] = []
        for cards in (squad, support, side):
            ids: list[int] = []
            for name, n in cards.items():
                ids.extend([t.find(name)] * n)  # type: ignore[list-item]
            lists.append(sorted(ids))
        return lists[0], lists[1], lists[2]

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder or a deck file (DS-D1), one line each."""
        path = Path(path)
        try:
            if path.is_dir():
                cat = load_catalog(path, prefix=str(path))
                return unimplemented(cat, str(path))
            squad, support, side = self.read_deck_file(path)
        except ContentError as e:
            return e.problems
        return self.table.catalog.deck_problems(squad, support, side, str(path))

    # -- protocol -----------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list | None, setup_model: GameSetup) -> DSpiritsState:
        setup = setup_model.model_dump(exclude_unset=True)
        specs = list(decks) if decks else [None, None]
        if len(specs) != 2:
            raise ContentError([f"dspirits: two decks are needed, got {len(specs)}"])
        built = [self._deck_from_spec(specs[i], i) for i in range(2)]
        return DSpiritsState.new(self, seed, built, setup)

    def parse(self, state: State, text: str) -> Action:
        try:
            return super().parse(state, text)
        except IllegalAction as e:
            why = state.explain(text) if isinstance(state, DSpiritsState) else None
            if why:
                raise IllegalAction(why) from None
            raise e from None

    def rules_file(self) -> Path:
        return Path(__file__).parent / "RULES.md"

    def test_configs(self) -> list[dict]:
        return [
            {"options": {}, "players": 2},
            {"options": {"old_rules": True, "first_turn_attack": True}, "players": 2},
            {"options": {"match": True, "starting_sp": 3000}, "players": 2},
        ]








# ====================================================================================================
# The state
# ====================================================================================================
class DSpiritsState(DuelState):
    __slots__ = (
        "phase", "active", "first", "turn", "turns_taken", "sp", "squad", "support", "side", "hand", "dworld",
        "banished", "bs", "sz", "szc", "realm", "auras", "wnd", "bid", "summoned", "exchanged", "shifted",
        "rushed", "attacks", "uid_next", "open_seat", "lists", "game_no", "match_wins",
        "results", "side_seat", "side_pending", "swaps_left",
    )  # fmt: skip

    game: DSpirits

    # ------------------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: DSpirits, seed: int, built: list, setup: dict) -> DSpiritsState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.lists = [[list(b[0]), list(b[1]), list(b[2])] for b in built]
        s.game_no = 0
        s.match_wins = [0, 0]
        s.results = []
        s.over = False
        s.win = None
        s.side_seat = 0
        s.side_pending = -1
        s.swaps_left = [0, 0]
        first = setup.get("first")
        if first is None:
            o = game.options.first_player
            first = s.rng.coin() if o == "rps" else int(o[-1])  # DS-G1: rock-paper-scissors
        elif first not in (0, 1):
            raise ContentError([f"dspirits setup: first must be 0 or 1, is {first!r}"])
        s._new_game(first, setup)
        s._advance()
        return s

    def _new_game(self, first: int, setup: dict | None = None) -> None:
        """Zones from the decklists, shuffled; SP; then the opening draw (DS-G1)."""
        setup = setup or {}
        self.game_no += 1
        self.squad = [list(self.lists[p][0]) for p in (0, 1)]
        self.support = [list(self.lists[p][1]) for p in (0, 1)]
        self.side = [sorted(self.lists[p][2]) for p in (0, 1)]
        self.hand = [[], []]
        self.dworld = [[], []]
        self.banished = [[], []]
        self.bs = [[], []]
        self.sz = [[], []]
        self.szc = [[], []]
        self.realm = None
        self.auras = ()
        self.wnd = Windows(2)
        self.bid = None
        self.summoned = self.exchanged = self.shifted = self.rushed = False
        self.attacks = 0
        self.uid_next = 1
        self.turn = 0
        self.turns_taken = [0, 0]
        o = self.game.options
        self.sp = [o.starting_sp, o.starting_sp]
        self.first = first
        self.active = first
        for p in (0, 1):
            self.rng.shuffle(self.squad[p])
            self.rng.shuffle(self.support[p])
        self.log("game_start", game=self.game_no, first=first, sp=list(self.sp))
        self.phase = OPEN
        self.open_seat = first
        if setup:
            self._apply_setup(setup)

    # -- scenario set-up ------------------------------------------------------------------------------
    def _take(self, p: int, name: Any, where: str) -> int:
        t = self.game.table
        cid = t.find(name)
        if cid is None:
            raise ContentError([f"dspirits setup: {where}: no card named {name!r}"])
        for zone in (self.squad[p], self.support[p], self.side[p]):
            if cid in zone:
                zone.remove(cid)
                return cid
        raise ContentError([f"dspirits setup: {where}: {name!r} is not in seat {p}'s decks"])

    def _apply_setup(self, setup: dict) -> None:
        t = self.game.table
        if "sp" in setup:
            sp = setup["sp"]
            if not (isinstance(sp, list) and len(sp) == 2 and all(isinstance(x, int) and x > 0 for x in sp)):
                raise ContentError(["dspirits setup: sp must be two positive integers"])
            self.sp = list(sp)
        order = setup.get("order")
        if order is not None:
            if not isinstance(order, list) or len(order) != 2:
                raise ContentError(
                    ["dspirits setup: order must be two objects {squad: [...], support: [...]}"]
                )
            for p in (0, 1):
                for key, deck in (("squad", self.squad[p]), ("support", self.support[p])):
                    names = (order[p] or {}).get(key, [])
                    top = []
                    for name in names:
                        cid = t.find(name)
                        if cid is None or cid not in deck:
                            raise ContentError(
                                [f"dspirits setup: order: {name!r} is not in seat {p}'s {key} deck"]
                            )
                        deck.remove(cid)
                        top.append(cid)
                    deck.extend(reversed(top))
        for key in ("dworld", "support_zone"):
            lists = setup.get(key)
            if lists is None:
                continue
            if not isinstance(lists, list) or len(lists) != 2:
                raise ContentError([f"dspirits setup: {key} must be two lists of card names"])
            for p in (0, 1):
                for name in lists[p]:
                    cid = self._take(p, name, key)
                    if key == "dworld":
                        self.dworld[p].append(cid)
                    else:
                        if not t.lasting[cid]:
                            raise ContentError(
                                [f"dspirits setup: support_zone: {name!r} is not a lasting signal"]
                            )
                        self.szc[p].append(cid)
        realm = setup.get("realm")
        if realm is not None:
            owner = realm.get("owner", 0) if isinstance(realm, dict) else 0
            name = realm.get("name") if isinstance(realm, dict) else realm
            cid = self._take(owner, name, "realm")
            if t.kind[cid] != REALM:
                raise ContentError([f"dspirits setup: realm: {name!r} is not a realm"])
            self.realm = (owner, cid)
        self._refresh_auras()
        veteran = bool(setup.get("veteran", False))
        if veteran:
            self.turns_taken = [1, 1]
        field = setup.get("field")
        if field is not None:
            if not isinstance(field, list) or len(field) != 2:
                raise ContentError(["dspirits setup: field must be two lists of D-Spirits"])
            for p in (0, 1):
                for spec in field[p]:
                    self._setup_spirit(p, spec, veteran)
        hands = setup.get("hands")
        if hands is not None:
            if not isinstance(hands, list) or len(hands) != 2:
                raise ContentError(["dspirits setup: hands must be two lists of card names"])
            for p in (0, 1):
                for name in hands[p]:
                    insort(self.hand[p], self._take(p, name, "hands"))
            self.phase = DRAW  # the scenario skips the opening draw
            self._start_turn(self.first)
            step = setup.get("step", "draw")
            if step not in ("draw", "main", "battle"):
                raise ContentError([f"dspirits setup: step must be draw, main or battle, is {step!r}"])
            if step == "main":
                self.phase = MAIN
            elif step == "battle":
                self.phase = MAIN
                self._start_battle()

    def _setup_spirit(self, p: int, spec: Any, veteran: bool) -> None:
        t = self.game.table
        if isinstance(spec, str):
            spec = {"name": spec}
        if not isinstance(spec, dict) or "name" not in spec:
            raise ContentError([f"dspirits setup: field: {spec!r} needs a name"])
        bad = set(spec) - {
            "name",
            "zone",
            "stance",
            "frozen",
            "poison",
            "evolved",
            "super",
            "wins",
            "endured",
        }
        if bad:
            raise ContentError([f"dspirits setup: field: unknown key(s) {', '.join(sorted(bad))}"])
        cid = self._take(p, spec["name"], "field")
        if t.kind[cid] != SPIRIT:
            raise ContentError([f"dspirits setup: field: {spec['name']!r} is not a D-Spirit"])
        inst = self._instance(cid, entered=0 if veteran else 1, sup=bool(spec.get("super", False)))
        inst[OWNT] = 1 if veteran else 0  # the first turn's start counts one more
        for e in spec.get("evolved", []):
            eid = self._take(p, e, "field evolved")
            inst[UNDER] = inst[UNDER] + (inst[CID],)
            inst[CID] = eid
        inst[STANCE] = STANCES.index(spec.get("stance", "attack"))
        if spec.get("frozen"):
            inst[FROZEN] = 1 if p == self.first else 2  # until its controller's first end step
        inst[POISON] = int(spec.get("poison", 0))
        inst[WINS] = int(spec.get("wins", 0))
        inst[ENDURES] = int(spec.get("endured", 0))
        zone = self.sz[p] if spec.get("zone", "battle") == "support" else self.bs[p]
        if len(zone) >= BATTLE_SCENE_MAX:
            raise ContentError([f"dspirits setup: field: seat {p}'s zone is full"])
        zone.append(inst)

    def _instance(self, cid: int, entered: int, sup: bool) -> list:
        uid = self.uid_next
        self.uid_next += 1
        return [cid, (), uid, ATTACK_STANCE, 0, 0, 0, entered, 1 if sup else 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

    # ------------------------------------------------------------------------------ protocol basics
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        w = self.wnd.priority
        if w is not None:
            return w
        if self.bid is not None:
            return self.bid[5]
        if self.phase == OPEN:
            return self.open_seat
        if self.phase == SIDE:
            return self.side_seat
        return self.active


    # ------------------------------------------------------------------------------ small helpers
    def afford(self, p: int, cost: int) -> bool:
        """An SP payment must leave the payer at least 1 SP (docs/rulings.md)."""
        return self.sp[p] > cost

    def _pay(self, p: int, cost: int, why: str) -> None:
        if cost:
            self.sp[p] -= cost
            self.log("sp", seat=p, delta=-cost, sp=self.sp[p], why=why)

    def lose_sp(self, p: int, amount: int, why: str) -> None:
        """DS-B3 and every other SP loss; the game ends when the event is over (``_check_end``)."""
        if amount > 0:
            self.sp[p] -= amount
            self.log("sp", seat=p, delta=-amount, sp=self.sp[p], why=why)

    def gain_sp(self, p: int, amount: int, why: str) -> None:
        if amount > 0:
            self.sp[p] += amount
            self.log("sp", seat=p, delta=amount, sp=self.sp[p], why=why)

    def _refresh_auras(self) -> None:
        """Static effects in force: the Realm's (DS-R1) and lasting signals' in Support Zones (DS-B6)."""
        t = self.game.table
        out = []
        sources = [(p, c) for p in (0, 1) for c in self.szc[p]]
        if self.realm is not None:
            sources.append(self.realm)
        for owner, c in sources:
            for a in t.statics[c]:
                bit = t.type_bit.get(a.type, 0) if a.type else 0
                out.append((owner, a.side, bit, 0 if a.stat == "attack" else 1, a.amount))
        self.auras = tuple(out)

    def _aura(self, p: int, cid: int, stat: int) -> int:
        v = 0
        if self.auras:
            types = self.game.table.types[cid]
            for owner, side, bit, st, amount in self.auras:
                if st != stat or (bit and not types & bit):
                    continue
                if side == "all" or (side == "own") == (owner == p):
                    v += amount
        return v

    def attack_of(self, p: int, inst: list) -> int:
        """Attack power now: printed + modifiers + auras, doubled while Super Charged (DS-X7)."""
        c = inst[CID]
        v = self.game.table.atk[c] + inst[ATK] + inst[TATK]
        if self.auras:
            v += self._aura(p, c, 0)
        if inst[CHARGE] == self.turn and self.turn:
            v *= 2
        return v if v > 0 else 0

    def endurance_of(self, p: int, inst: list) -> int:
        c = inst[CID]
        v = self.game.table.endu[c] + inst[END] + inst[TEND]
        if self.auras:
            v += self._aura(p, c, 1)
        return v if v > 0 else 0

    def is_frozen(self, inst: list) -> bool:
        return inst[FROZEN] >= self.turn and inst[FROZEN] > 0

    def is_restricted(self, inst: list) -> bool:
        """DS-B2: the turn after enduring it cannot attack, change stance or be soul-exchanged."""
        return inst[ENDURED] >= self.turn and inst[ENDURED] > 0

    def _next_end(self, p: int) -> int:
        """The turn whose end step is ``p``'s next (Frozen lasts until then, DS-R2)."""
        return self.turn if self.active == p else self.turn + 1

    def _locate(self, uid: int) -> tuple[int, list] | None:
        for p in (0, 1):
            for inst in self.bs[p]:
                if inst[UID] == uid:
                    return p, inst
            for inst in self.sz[p]:
                if inst[UID] == uid:
                    return p, inst
        return None

    def _remove(self, p: int, inst: list) -> None:
        if inst in self.bs[p]:
            self.bs[p].remove(inst)
        else:
            self.sz[p].remove(inst)

    def _labels(self, p: int) -> list[str]:
        """Stable names of ``p``'s D-Spirits in play (Battle Scene then Support Zone): the card's slug,
        with ``#n`` when two share a card."""
        slugs = self.game.table.slug
        field = self.bs[p] + self.sz[p]
        cids = [i[CID] for i in field]
        if len(set(cids)) == len(cids):
            return [slugs[c] for c in cids]
        seen: dict[int, int] = {}
        out = []
        for c in cids:
            if cids.count(c) > 1:
                seen[c] = seen.get(c, 0) + 1
                out.append(f"{slugs[c]}#{seen[c]}")
            else:
                out.append(slugs[c])
        return out

    def _find(self, p: int, label: str) -> list | None:
        labels = self._labels(p)
        try:
            i = labels.index(label)
        except ValueError:
            return None
        nb = len(self.bs[p])
        return self.bs[p][i] if i < nb else self.sz[p][i - nb]

    def hand_label(self, h: int) -> str:
        s = self.game.table.slug[h & HMASK]
        if h & HFROZEN:
            s += "+frozen"
        if h >> HPSHIFT:
            s += f"+poison{(h >> HPSHIFT) * 50}"
        return s

    def _controls(self, p: int, cid: int) -> bool:
        """A D-Spirit is under your control if its top card or any card of its stack is ``cid``."""
        for inst in self.bs[p] + self.sz[p]:
            if inst[CID] == cid or cid in inst[UNDER]:
                return True
        return False

    # ------------------------------------------------------------------------------ primitives for blocks
    def select(self, target: str, max_power: int, c: Ctx) -> list[tuple[int, list]]:
        """The D-Spirits a block acts on now (targets are checked again at resolution)."""
        out: list[tuple[int, list]] = []
        if target == "self":
            found = self._locate(c.src) if c.src >= 0 else None
            if found is not None:
                out.append(found)
        elif target in CHOOSING:
            if c.tk == "u":
                found = self._locate(c.tv)
                if found is not None:
                    q, inst = found
                    ok = {
                        "foe": q != c.owner,
                        "own": q == c.owner,
                        "any": True,
                        "other_own": q == c.owner and inst[UID] != c.src,
                    }[target]
                    if ok and (not max_power or self.attack_of(q, inst) <= max_power):
                        out.append(found)
        elif target == "attacker":
            i = self.wnd.find("attack")
            if i >= 0:
                found = self._locate(self.wnd.items[i][2])
                if found is not None and (not max_power or self.attack_of(*found) <= max_power):
                    out.append(found)
        else:
            seats = (1 - c.owner,) if target == "all_foes" else (c.owner,) if target == "all_own" else (0, 1)
            for q in seats:
                for inst in self.bs[q] + self.sz[q]:
                    if not max_power or self.attack_of(q, inst) <= max_power:
                        out.append((q, inst))
        return out

    def destroy(self, p: int, inst: list, why: str, killer: int = -1) -> None:
        """Destroyed: the whole stack to the D-World; the controller loses the top card's SP (DS-B3, DS-C3);
        its "when destroyed" abilities fire, unless an Elemental destroyed a Spooky in battle (DS-B5)."""
        t = self.game.table
        self._remove(p, inst)
        top = inst[CID]
        self.dworld[p].extend(inst[UNDER])
        self.dworld[p].append(top)
        self.log("destroy", seat=p, card=t.name[top], stack=[t.name[c] for c in inst[UNDER]], why=why)
        self.lose_sp(p, t.spv[top], f"{t.name[top]} destroyed")
        progs = t.abil[top].get("destroyed", ()) if not inst[FLAGS] & F_SHIFTED else ()
        if (
            progs
            and killer >= 0
            and self.game.options.elemental_negates_spooky
            and t.spooky[top]
            and t.elemental[killer]
        ):
            self.log("negated", seat=p, card=t.name[top], why=f"{t.name[killer]} is Elemental (DS-B5)")
            return
        for prog in progs:
            self._run(prog, p, inst[UID])

    def banish(self, p: int, inst: list, why: str) -> None:
        t = self.game.table
        self._remove(p, inst)
        self.banished[p].extend(inst[UNDER])
        self.banished[p].append(inst[CID])
        self.log("banish", seat=p, card=t.name[inst[CID]], why=why)

    def to_hand(self, p: int, inst: list, why: str) -> None:
        """Back to hand: the base card, keeping its statuses (DS-R2); D-Evolutions on it go to the D-World."""
        t = self.game.table
        self._remove(p, inst)
        stack = inst[UNDER] + (inst[CID],)
        base = stack[0]
        self.dworld[p].extend(stack[1:])
        h = base
        if self.is_frozen(inst):
            h |= HFROZEN
        if inst[POISON]:
            h |= (inst[POISON] // 50) << HPSHIFT
        insort(self.hand[p], h)
        self.log("to_hand", seat=p, card=t.name[base], why=why)

    def modify(self, p: int, inst: list, stat: str, amount: int, permanent: bool, why: str) -> None:
        slot = (ATK if permanent else TATK) if stat == "attack" else (END if permanent else TEND)
        inst[slot] += amount
        self.log(
            "modify",
            seat=p,
            card=self.game.table.name[inst[CID]],
            stat=stat,
            amount=amount,
            until="permanent" if permanent else "turn",
            why=why,
        )

    def inflict(self, p: int, inst: list, status: str, amount: int, why: str) -> None:
        """DS-R2: Frozen until its controller's next end step; Poisoned until cured or out of play."""
        if status == "frozen":
            inst[FROZEN] = self._next_end(p)
        else:
            inst[POISON] = max(inst[POISON], amount)
        self.log(
            "status", seat=p, card=self.game.table.name[inst[CID]], status=status, amount=amount, why=why
        )

    def cure(self, p: int, inst: list, why: str) -> None:
        inst[FROZEN] = 0
        inst[POISON] = 0
        self.log("cure", seat=p, card=self.game.table.name[inst[CID]], why=why)

    def draw(self, p: int, deck: int, why: str) -> bool:
        src = self.squad[p] if deck == 0 else self.support[p]
        if not src:
            self.log("draw", seat=p, deck=("squad", "support")[deck], count=0, why=why)
            return False
        c = src.pop()
        insort(self.hand[p], c)
        self.log("draw", seat=p, deck=("squad", "support")[deck], count=1, why=why)
        self.log_private(p, "drew", seat=p, card=self.game.table.name[c])
        return True

    def launch(self, c: Ctx, stat: str, at: str, launched: str) -> None:
        """DS-R3: a launched D-Spirit deals one of its stats to SP or a D-Spirit, then goes to the D-World.
        Not an attack and not a destruction: no SP is lost for it."""
        t = self.game.table
        uid = c.src if launched == "self" else (c.tv if c.tk == "u" else -1)
        found = self._locate(uid) if uid >= 0 else None
        if found is None:
            self.log("fizzle", seat=c.owner, name=c.name, why="the launched D-Spirit left play")
            return
        q, inst = found
        if q != c.owner:
            return
        if launched == "other_own" and inst[UID] == c.src:
            return
        value = (
            self.attack_of(q, inst)
            if stat == "attack"
            else self.endurance_of(q, inst)
            if stat == "endurance"
            else t.spv[inst[CID]]
        )
        name = t.name[inst[CID]]
        self._remove(q, inst)
        self.dworld[q].extend(inst[UNDER])
        self.dworld[q].append(inst[CID])
        if at == "sp":
            self.log("launch", seat=q, card=name, stat=stat, value=value, at="sp")
            self.lose_sp(1 - q, value, f"{name} launched")
        else:
            tgt = self._locate(c.tv) if c.tk == "u" else None
            self.log("launch", seat=q, card=name, stat=stat, value=value, at="foe")
            if tgt is not None and tgt[0] != q and value > self.endurance_of(*tgt):
                self.destroy(tgt[0], tgt[1], f"hit by launched {name}")

    def launch_fizzle(self, c: Ctx, launched: str) -> None:
        """DS-R3: a negated launch still sends the launched D-Spirit to the D-World."""
        uid = c.src if launched == "self" else (c.tv if c.tk == "u" else -1)
        found = self._locate(uid) if uid >= 0 else None
        if found is None or found[0] != c.owner:
            return
        q, inst = found
        self._remove(q, inst)
        self.dworld[q].extend(inst[UNDER])
        self.dworld[q].append(inst[CID])
        self.log("launch", seat=q, card=self.game.table.name[inst[CID]], stat="", value=0, at="negated")

    def super_summon_chosen(self, c: Ctx) -> None:
        """DS-G3: a Super D-Summon of the chosen card from hand or D-World (if it is still there)."""
        p = c.owner
        if len(self.bs[p]) >= BATTLE_SCENE_MAX:
            self.log("fizzle", seat=p, name=c.name, why="the Battle Scene is full")
            return
        if c.tk == "h" and c.tv in self.hand[p]:
            self.hand[p].remove(c.tv)
            self._summon(p, c.tv, sup=True)
        elif c.tk == "d" and c.tv in self.dworld[p]:
            self.dworld[p].remove(c.tv)
            self._summon(p, c.tv, sup=True)
        else:
            self.log("fizzle", seat=p, name=c.name, why="the card is no longer there")

    def move_zone(self, c: Ctx) -> None:
        """Lampire: between the Support Zone and the Battle Scene (DS-B6)."""
        found = self._locate(c.src)
        if found is None:
            return
        p, inst = found
        name = self.game.table.name[inst[CID]]
        if inst in self.bs[p]:
            if len(self.sz[p]) < SUPPORT_SPIRITS_MAX:
                self.bs[p].remove(inst)
                self.sz[p].append(inst)
                self.log("zone", seat=p, card=name, dest="support")
        elif len(self.bs[p]) < BATTLE_SCENE_MAX:
            self.sz[p].remove(inst)
            self.bs[p].append(inst)
            self.log("zone", seat=p, card=name, dest="battle")

    def negate_below(self, c: Ctx) -> None:
        """DS-R4: negate the link under this one (the card it responded to)."""
        items = self.wnd.items
        if items:
            it = items[-1]
            if not it[-1 if it[0] == "link" else 4]:
                if it[0] == "link":
                    self.wnd.replace(len(items) - 1, it[:6] + (True,))
                else:
                    self.wnd.replace(len(items) - 1, it[:4] + (True,) + it[5:])
                self.log("negate", seat=c.owner, by=c.name)

    def negate_attack(self, c: Ctx) -> None:
        i = self.wnd.find("attack")
        if i >= 0:
            it = self.wnd.items[i]
            self.wnd.replace(i, it[:4] + (True,) + it[5:])
            self.log("negate", seat=c.owner, by=c.name, what="attack")

    def own_turns_on_field(self, p: int, inst: list) -> int:
        return inst[OWNT]

    def battle_wins(self, inst: list) -> int:
        return inst[WINS]

    def times_endured(self, inst: list) -> int:
        return inst[ENDURES]

    # ------------------------------------------------------------------------------ summons and programs
    def _summon(self, p: int, h: int, sup: bool) -> None:
        """DS-G3: onto the Battle Scene in Attack stance; statuses from the hand come along (DS-R2)."""
        t = self.game.table
        cid = h & HMASK
        inst = self._instance(cid, self.turn, sup)
        inst[OWNT] = 1 if self.active == p else 0
        if h & HFROZEN:
            inst[FROZEN] = self._next_end(p)
        inst[POISON] = (h >> HPSHIFT) * 50
        self.bs[p].append(inst)
        self.log("summon", seat=p, card=t.name[cid], kind="super" if sup else "regular")
        for prog in t.abil[cid].get("summoned", ()):
            self._trigger(prog, p, inst)

    def _trigger(self, prog: Program, p: int, inst: list) -> None:
        """A "when summoned" ability goes on the chain; its owner picks a target first if it needs one."""
        if prog.choose is None:
            self._open_link(p, prog, inst[UID], "", 0)
            return
        choices = self._choices(p, prog, inst)
        if not choices:
            self.log("fizzle", seat=p, name=prog.name, why="no target")
            return
        if len(choices) == 1:
            tk, tv = self._resolve_choice(p, prog, inst, choices[0])
            self._open_link(p, prog, inst[UID], tk, tv, choices[0])
            return
        self.wnd.open("target", p, data=(prog.id, inst[UID]))

    def _open_link(self, p: int, prog: Program, src: int, tk: str, tv: int, label: str = "") -> None:
        self.log("activate", seat=p, name=prog.name, source=prog.source, target=label, kind=prog.trigger)
        self.wnd.open("chain", 1 - p, trigger=("link", p, prog.id, src, tk, tv, False), opener_passed=True)

    def _run(self, prog: Program, p: int, src: int) -> None:
        """Immediate abilities (destroyed / attack / end): no chain, no choice (docs/rulings.md)."""
        self.log("trigger", seat=p, name=prog.name, source=prog.source)
        c = Ctx(p, src, "", 0, prog.name, prog.id)
        for b in prog.effects:
            b.impl(b.p, self, c)

    def _choices(self, p: int, prog: Program, src_inst: list | None) -> list[str]:
        """Target labels a program may choose now (prefixed foe:/own:/hand:/dworld:)."""
        t = self.game.table
        sel, mp = prog.choose, prog.max_power
        out: list[str] = []
        if sel == "hand":
            if len(self.bs[p]) >= BATTLE_SCENE_MAX:
                return out
            last = -1
            for h in self.hand[p]:
                c = h & HMASK
                if h != last and t.kind[c] == SPIRIT and (not mp or t.atk[c] <= mp):
                    out.append("hand:" + self.hand_label(h))
                last = h
            return out
        if sel == "dworld":
            if len(self.bs[p]) >= BATTLE_SCENE_MAX:
                return out
            for c in sorted(set(self.dworld[p])):
                if t.kind[c] == SPIRIT and (not mp or t.atk[c] <= mp):
                    out.append("dworld:" + t.slug[c])
            return out
        sides = (1 - p,) if sel == "foe" else (p,) if sel in ("own", "other_own") else (p, 1 - p)
        for q in sides:
            labels = self._labels(q)
            field = self.bs[q] + self.sz[q] if sel != "other_own" else self.bs[q]
            pre = "foe:" if q != p else "own:"
            for i, inst in enumerate(field):
                if sel == "other_own" and (src_inst is None or inst[UID] == src_inst[UID]):
                    continue
                if mp and self.attack_of(q, inst) > mp:
                    continue
                out.append(pre + labels[i])
        return out

    def _resolve_choice(self, p: int, prog: Program, src_inst: list | None, label: str) -> tuple[str, int]:
        pre, _, rest = label.partition(":")
        if pre == "hand":
            for h in self.hand[p]:
                if self.hand_label(h) == rest:
                    return "h", h
        elif pre == "dworld":
            c = self.game.table.find(rest)
            if c is not None:
                return "d", c
        elif pre in ("foe", "own"):
            inst = self._find(1 - p if pre == "foe" else p, rest)
            if inst is not None:
                return "u", inst[UID]
        return "", 0

    # ------------------------------------------------------------------------------ window host
    def can_respond(self, seat: int, kind: str) -> bool:
        if kind in ("endure", "target"):
            return True
        return bool(self._responses(seat))

    def resolve(self, item: tuple) -> None:
        if item[0] == "link":
            self._resolve_link(item)
        else:
            self._resolve_attack(item)
        self._check_end()

    def _resolve_link(self, item: tuple) -> None:
        _, owner, pid, src, tk, tv, neg = item
        prog = self.game.table.catalog.programs[pid]
        c = Ctx(owner, src, tk, tv, prog.name, pid)
        if neg:
            self.log("resolve", seat=owner, name=prog.name, negated=True)
            for b in prog.effects:
                if b.name == "launch":
                    self.launch_fizzle(c, b.p.launched)
            return
        self.log("resolve", seat=owner, name=prog.name, negated=False)
        for b in prog.effects:
            b.impl(b.p, self, c)

    def _battle_power(self, p: int, inst: list, foe: list, stat: int) -> int:
        """The stat a battle compares, with the type boost when it has the advantage (DS-B5)."""
        t = self.game.table
        v = self.attack_of(p, inst) if stat == 0 else self.endurance_of(p, inst)
        return v + t.adv[inst[CID]][foe[CID]]

    def _resolve_attack(self, item: tuple) -> None:
        """DS-B1..B4: the attack on top of the chain is carried out (after its responses, DS-R4)."""
        t = self.game.table
        _, p, auid, tuid, neg, limbo = item
        q = 1 - p
        if neg:
            self.log("battle", seat=p, outcome="negated")
            return
        fa = self._locate(auid)
        if fa is None or fa[0] != p:
            self.log("battle", seat=p, outcome="fizzled", why="the attacker left play")
            return
        att = fa[1]
        if tuid < 0:  # DS-B4 direct attack
            if self.bs[q]:
                self.log("battle", seat=p, outcome="fizzled", why="the opponent has a D-Spirit again")
                return
            a = self.attack_of(p, att)
            self.log("battle", seat=p, outcome="direct", attacker=t.name[att[CID]], power=a)
            self.lose_sp(q, a, f"direct attack by {t.name[att[CID]]}")
            return
        fd = self._locate(tuid)
        if fd is None or fd[0] != q or fd[1] not in self.bs[q]:
            self.log("battle", seat=p, outcome="fizzled", why="the target left the Battle Scene")
            return
        dfd = fd[1]
        a = self._battle_power(p, att, dfd, 0)
        an, dn = t.name[att[CID]], t.name[dfd[CID]]
        if dfd[STANCE] == ENDURE_STANCE:  # DS-B2: already enduring: destroyed only if A exceeds Endurance
            e = self._battle_power(q, dfd, att, 1)
            if a > e:
                self.log(
                    "battle",
                    seat=p,
                    outcome="higher",
                    attacker=an,
                    target=dn,
                    power=a,
                    against=e,
                    stance="endure",
                )
                att[WINS] += 1
                self.destroy(q, dfd, f"destroyed in battle by {an}", killer=att[CID])
            else:
                self.log("battle", seat=p, outcome="blocked", attacker=an, target=dn, power=a, against=e)
            return
        d = self._battle_power(q, dfd, att, 0)
        if a < d:  # DS-B1: the attacker is destroyed
            self.log("battle", seat=p, outcome="lower", attacker=an, target=dn, power=a, against=d)
            dfd[WINS] += 1
            self.destroy(p, att, f"destroyed in battle by {dn}", killer=dfd[CID])
            return
        outcome = "higher" if a > d else "equal"
        # DS-B2: the defender may endure when its Endurance exceeds the attack
        if not self.is_frozen(dfd) and self._battle_power(q, dfd, att, 1) > a:
            self.wnd.open("endure", q, data=(p, auid, tuid, a, d, outcome))
            return
        self._battle_outcome(p, att, dfd, a, d, outcome)

    def _battle_outcome(self, p: int, att: list, dfd: list, a: int, d: int, outcome: str) -> None:
        t = self.game.table
        q = 1 - p
        an, dn = t.name[att[CID]], t.name[dfd[CID]]
        self.log("battle", seat=p, outcome=outcome, attacker=an, target=dn, power=a, against=d)
        acid, dcid = att[CID], dfd[CID]
        if outcome == "higher":  # DS-B1
            att[WINS] += 1
            self.destroy(q, dfd, f"destroyed in battle by {an}", killer=acid)
        else:  # equal: both are destroyed
            self.destroy(q, dfd, f"destroyed in battle by {an}", killer=acid)
            self.destroy(p, att, f"destroyed in battle by {dn}", killer=dcid)

    # ------------------------------------------------------------------------------ the flow
    def _advance(self) -> None:
        """Carry out everything automatic until a player must decide (the chain, skipped steps, end steps)."""
        while not self.over:
            if self._check_end():
                continue
            if self.wnd.frames:
                if self.wnd.settle(self) is not None:
                    return
                continue
            if self.bid is not None:
                return
            ph = self.phase
            a = self.active
            if ph == DRAW:
                opts = self._draw_options(a)
                if len(opts) > 1 or (opts and opts[0] is not DRAW_ACTS[0] and opts[0] is not DRAW_ACTS[1]):
                    self.remember_legal(opts)
                    return
                if opts:  # one plain draw: no decision to make
                    self._draw_step(a, opts[0].args[0])
                    continue
                self.log("no_draw", seat=a)
                self.phase = MAIN
                continue
            if ph == EXTRA:
                opts = self._extra_options(a)
                if opts:
                    self.remember_legal(opts)
                    return
                self.phase = MAIN
                continue
            if ph == BATTLE:
                opts = self._battle_actions(a)
                if len(opts) > 1:
                    self.remember_legal(opts)
                    return
                self._end_turn()
                continue
            if ph == SIDE:
                if self.swaps_left[self.side_seat] <= 0 and self.side_pending < 0:
                    self._side_done()
                    continue
            return

    def _check_end(self) -> bool:
        """DS-G1: a player at 0 SP or less loses (both at once: a draw)."""
        if self.phase in (OVER, SIDE, OPEN) or self.over:
            return False
        lost = [self.sp[p] <= 0 for p in (0, 1)]
        if not (lost[0] or lost[1]):
            return False
        w = None if lost[0] and lost[1] else (1 if lost[0] else 0)
        self._finish_game(w, "sp")
        return True

    def _finish_game(self, w: int | None, reason: str) -> None:
        self.wnd.clear()
        self.bid = None
        self.results.append({"game": self.game_no, "winner": w, "sp": list(self.sp), "reason": reason})
        self.log("game_over", game=self.game_no, winner=w, sp=list(self.sp), reason=reason)
        if w is not None:
            self.match_wins[w] += 1
        o = self.game.options
        if not o.match or max(self.match_wins) >= 2 or self.game_no >= 3:
            self.over = True
            self.phase = OVER
            if o.match:
                mw = self.match_wins
                self.win = 0 if mw[0] > mw[1] else 1 if mw[1] > mw[0] else None
                self.log("match_over", winner=self.win, wins=list(mw))
            else:
                self.win = w
            return
        # DS-D1: between the games of a match, each player may swap cards with the side deck
        self.phase = SIDE
        self.side_seat = 0
        self.side_pending = -1
        self.swaps_left = [o.side_swaps, o.side_swaps]
        self.open_seat = (1 - w) if w is not None else self.rng.coin()  # the loser goes first

    def _side_done(self) -> None:
        if self.side_seat == 0:
            self.side_seat = 1
            return
        first = self.open_seat
        self._new_game(first)

    def _start_turn(self, p: int) -> None:
        """A new turn: DS-G2 draw step first. Super Charge becomes active (DS-X7)."""
        self.turn += 1
        self.active = p
        self.turns_taken[p] += 1
        self.summoned = self.exchanged = self.shifted = self.rushed = False
        self.attacks = 0
        for inst in self.bs[p] + self.sz[p]:
            inst[OWNT] += 1
        for inst in self.bs[p]:
            if inst[CHARGE] == self.turn:
                self.log(
                    "supercharged",
                    seat=p,
                    card=self.game.table.name[inst[CID]],
                    power=self.attack_of(p, inst),
                )
        self.log("turn", seat=p, turn=self.turn, sp=list(self.sp))
        self.phase = DRAW

    def _start_battle(self) -> None:
        """DS-G2: only D-Spirits on the Battle Scene as the battle step begins may attack."""
        self.phase = BATTLE
        for inst in self.bs[self.active]:
            inst[FLAGS] |= F_READY
        self.log("step", seat=self.active, step="battle")

    def _end_turn(self) -> None:
        """DS-G2 end step: poison (DS-R2), end-step abilities, thaw; then the other player's turn."""
        t = self.game.table
        p = self.active
        self.phase = ENDSTEP  # carried out at once: never a decision
        for inst in list(self.bs[p] + self.sz[p]):
            if inst[POISON]:
                self.lose_sp(p, inst[POISON], f"{t.name[inst[CID]]} is poisoned")
        for inst in list(self.bs[p] + self.sz[p]):
            if inst[FLAGS] & F_SHIFTED:
                continue
            for prog in t.abil[inst[CID]].get("end", ()):
                self._run(prog, p, inst[UID])
        for inst in self.bs[p] + self.sz[p]:
            if inst[FROZEN] == self.turn:
                self.log("thaw", seat=p, card=t.name[inst[CID]])
        self.hand[p] = sorted(h & ~HFROZEN for h in self.hand[p])  # frozen cards in hand thaw too
        for q in (0, 1):
            for inst in self.bs[q] + self.sz[q]:
                inst[FLAGS] &= ~TURN_FLAGS
                inst[TATK] = 0
                inst[TEND] = 0
        if self._check_end():
            return
        if self.turn >= self.game.options.max_turns:  # house safety net: the higher SP wins
            w = 0 if self.sp[0] > self.sp[1] else 1 if self.sp[1] > self.sp[0] else None
            self._finish_game(w, "turn_limit")
            return
        self._start_turn(1 - p)

    # ------------------------------------------------------------------------------ options per step
    def _draw_options(self, p: int) -> list[Action]:
        """DS-G2 draw step: draw from either deck; DS-X2 Squad Recharge; DS-X6 Field Rush."""
        out = []
        if self.squad[p]:
            out.append(DRAW_ACTS[0])
        if self.support[p]:
            out.append(DRAW_ACTS[1])
        t = self.game.table
        if not self.squad[p] and self.sp[p] >= 2 and any(t.kind[c] == SPIRIT for c in self.dworld[p]):
            out.append(RECHARGE)
        if self.afford(p, FIELD_RUSH_BID):
            for c in sorted(set(self.support[p]) | set(self.side[p])):
                if t.kind[c] == REALM:
                    out.append(_act(f"rush {t.slug[c]}", "rush", (c,)))
        return out

    def _extra_options(self, p: int) -> list[Action]:
        """DS-X1: one more card for 500 SP, not on your first turn, not after a Field Rush."""
        if self.rushed or self.turns_taken[p] <= 1 or not self.afford(p, EXTRA_DRAW_COST):
            return []
        out = []
        if self.squad[p]:
            out.append(EXTRA_ACTS[0])
        if self.support[p]:
            out.append(EXTRA_ACTS[1])
        if out:
            out.append(NO_EXTRA)
        return out

    def _hand_spirits(self, p: int) -> list[int]:
        kind = self.game.table.kind
        out = []
        last = -1
        for h in self.hand[p]:
            if h != last and kind[h & HMASK] == SPIRIT:
                out.append(h)
            last = h
        return out

    def _with_targets(
        self, out: list, head: str, kind: str, args: tuple, p: int, prog: Program, src: list | None
    ) -> None:
        if prog.choose is None:
            out.append(_act(head, kind, args + ("",)))
            return
        for lab in self._choices(p, prog, src):
            out.append(_act(f"{head} {lab}", kind, args + (lab,)))

    def _program_ok(self, p: int, prog: Program, src: list | None) -> bool:
        """Extra conditions some blocks put on activation (a zone with room)."""
        for b in prog.effects:
            if b.name == "move_zone" and src is not None:
                if src in self.bs[p] and len(self.sz[p]) >= SUPPORT_SPIRITS_MAX:
                    return False
                if src in self.sz[p] and len(self.bs[p]) >= BATTLE_SCENE_MAX:
                    return False
            if b.name == "launch" and b.p.launched == "self" and (src is None or src not in self.bs[p]):
                return False
        return True

    def _evolution_ok(self, p: int, inst: list, evo: int) -> bool:
        """DS-C3: the D-Evolution is in the side deck or the D-World and its condition holds."""
        if evo not in self.side[p] and evo not in self.dworld[p]:
            return False
        for cnd in self.game.table.cond[evo]:
            if not cnd.impl(cnd.p, self, p, inst):
                return False
        return True

    def _main_actions(self, p: int) -> list[Action]:
        t = self.game.table
        out: list[Action] = []
        bs, sz = self.bs[p], self.sz[p]
        turn = self.turn
        sp = self.sp[p]
        hand_spirits = self._hand_spirits(p)
        if not self.summoned and len(bs) < BATTLE_SCENE_MAX:  # DS-G3 one Regular Summon per turn
            for h in hand_spirits:
                out.append(_act(f"summon {self.hand_label(h)}", "summon", (h,)))
        labels = self._labels(p)
        nb = len(bs)
        for i, inst in enumerate(bs + sz):
            lab = labels[i]
            c = inst[CID]
            flags = inst[FLAGS]
            shifted = flags & F_SHIFTED
            if i < nb:
                free = not self.is_frozen(inst) and not self.is_restricted(inst)
                # DS-X3 Soul Exchange: Super D-Summoned, or on the field since an earlier turn
                if free and not self.exchanged and hand_spirits and (inst[SUPER] or inst[ENTERED] < turn):
                    for h in hand_spirits:
                        out.append(_act(f"exchange {lab} {self.hand_label(h)}", "exchange", (lab, h)))
                if free and not flags & F_STANCED:  # DS-G4 stance change
                    out.append(_act(f"stance {lab}", "stance", (lab,)))
                prog = t.move[c]  # DS-C1 special move, once per turn, before the battle step
                if (
                    prog is not None
                    and not flags & F_MOVED
                    and not shifted
                    and sp > prog.cost
                    and self._program_ok(p, prog, inst)
                ):
                    self._with_targets(out, f"move {lab}", "move", (lab,), p, prog, inst)
                for e in t.evos[c]:  # DS-C3
                    if self._evolution_ok(p, inst, e):
                        out.append(_act(f"evolve {t.slug[e]} {lab}", "evolve", (e, lab)))
                # DS-X4 Soul Shift (old rules only)
                if (
                    self.game.options.old_rules
                    and not self.shifted
                    and sp > SOUL_SHIFT_COST
                    and len(sz) < SUPPORT_SPIRITS_MAX
                ):
                    out.append(_act(f"shift {lab}", "shift", (lab,)))
            if not shifted:
                for j, prog in enumerate(t.command[c]):
                    if not flags & (F_ABIL << j) and sp > prog.cost and self._program_ok(p, prog, inst):
                        self._with_targets(
                            out, f"ability {lab} {_pslug(prog)}", "ability", (lab, j), p, prog, inst
                        )
        last = -1
        for h in self.hand[p]:
            if h == last or h > HMASK:
                continue
            last = h
            k = t.kind[h]
            if k == SIGNAL:
                prog = t.effect[h]
                if prog is None:
                    out.append(_act(f"play {t.slug[h]}", "play", (h, "")))
                elif not prog.needs_attack and not prog.needs_link:
                    self._with_targets(out, f"play {t.slug[h]}", "play", (h,), p, prog, None)
            elif k == REALM:
                if sp > t.bid[h]:  # DS-R1: the opening bid must be affordable
                    out.append(_act(f"play {t.slug[h]}", "play", (h, "")))
            elif k == MOVECARD:
                prog = t.effect[h]
                if sp > t.cost[h] and prog is not None and all(self._controls(p, r) for r in t.requires[h]):
                    self._with_targets(out, f"play {t.slug[h]}", "play", (h,), p, prog, None)
        out.append(BATTLE_ACT)
        return out

    def _attackers(self, p: int) -> list[list]:
        """DS-G2/DS-G4: Battle Scene D-Spirits in Attack stance, there when the step began, not yet used;
        a Super Charged D-Spirit is the only one that may attack (DS-X7)."""
        charged = [i for i in self.bs[p] if i[CHARGE] == self.turn]
        pool = charged or self.bs[p]
        return [
            i
            for i in pool
            if i[FLAGS] & F_READY
            and not i[FLAGS] & F_ATTACKED
            and i[STANCE] == ATTACK_STANCE
            and not self.is_frozen(i)
            and not self.is_restricted(i)
        ]

    def _may_attack(self, p: int) -> bool:
        """DS-G2 ruling: the first player does not attack on their first turn."""
        return self.game.options.first_turn_attack or not (p == self.first and self.turns_taken[p] == 1)

    def _battle_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        if self._may_attack(p):
            q = 1 - p
            labels = self._labels(p)
            nb = len(self.bs[p])
            idx = {id(inst): i for i, inst in enumerate(self.bs[p] + self.sz[p])}
            tl = self._labels(q)[: len(self.bs[q])]  # DS-B6: only the Battle Scene may be targeted
            targets = tl if tl else ["direct"]  # DS-B4: direct only against an empty Battle Scene
            for inst in self._attackers(p):
                lab = labels[idx[id(inst)]]
                for tgt in targets:
                    out.append(_act(f"attack {lab} {tgt}", "attack", (lab, tgt)))
            charged = any(i[CHARGE] == self.turn for i in self.bs[p])
            if not charged and self.afford(p, LIMBO_COST):  # DS-X5 Limbo
                for k, inst in enumerate(self.sz[p]):
                    if (
                        inst[FLAGS] & (F_ATTACKED | F_SHIFTED)
                        or inst[STANCE] != ATTACK_STANCE
                        or self.is_frozen(inst)
                        or self.is_restricted(inst)
                    ):
                        continue
                    lab = labels[nb + k]
                    for tgt in targets:
                        out.append(_act(f"limbo {lab} {tgt}", "limbo", (lab, tgt)))
            if self.attacks == 0 and not charged and self.afford(p, SUPER_CHARGE_COST):  # DS-X7
                for k in range(nb):
                    out.append(_act(f"supercharge {labels[k]}", "supercharge", (labels[k],)))
        out.append(END_ACT)
        return out

    def _responses(self, p: int) -> list[Action]:
        """DS-R4: response signals ``p`` may chain now (the window's top item is what they answer)."""
        t = self.game.table
        items = self.wnd.items
        if not items:
            return []
        top = items[-1]
        top_live_link = top[0] == "link" and not top[6]
        attack_i = self.wnd.find("attack", self.wnd.frames[-1].base)
        live_attack = attack_i >= 0 and not items[attack_i][4]
        out: list[Action] = []
        last = -1
        for h in self.hand[p]:
            if h == last or h > HMASK:
                continue
            last = h
            if t.kind[h] != SIGNAL or not t.response[h]:
                continue
            prog = t.effect[h]
            if prog is None:
                continue
            if prog.needs_link and not top_live_link:
                continue
            if prog.needs_attack and not live_attack:
                continue
            if prog.needs_attack and not prog.needs_link:
                # target "attacker" with max_power: only when the attacker qualifies
                if any(b.name != "negate_attack" for b in prog.effects):
                    c = Ctx(p, -1, "", 0, prog.name)
                    if not any(
                        self.select(getattr(b.p, "target", ""), getattr(b.p, "max_power", 0), c)
                        for b in prog.effects
                        if getattr(b.p, "target", "") == "attacker"
                    ):
                        continue
            self._with_targets(out, f"respond {t.slug[h]}", "respond", (h,), p, prog, None)
        return out

    def _bid_actions(self) -> list[Action]:
        """DS-R1: raise in fixed steps (affordable ones) or pass."""
        kind, opener, cid, amount, high, mover, src = self.bid
        out = []
        for step in BID_STEPS:
            n = amount + step
            if self.afford(mover, n):
                out.append(_act(f"bid {n}", "bid", (n,)))
        out.append(PASS)
        return out

    def _side_actions(self) -> list[Action]:
        """DS-D1: swap a side-deck card for a card of the same deck (sizes and limits stay legal)."""
        t = self.game.table
        p = self.side_seat
        squad, support, side = self.lists[p]
        if self.side_pending >= 0:
            inc = self.side_pending
            deck = squad if t.kind[inc] == SPIRIT else support
            return [_act(f"side out {t.slug[c]}", "side_out", (c,)) for c in sorted(set(deck)) if c != inc]
        out = []
        if self.swaps_left[p] > 0:
            for c in sorted(set(side)):
                k = t.kind[c]
                if k == EVOLUTION:
                    continue
                if k == SPIRIT and t.limit[c] == "limitless" and c in squad:
                    continue  # DS-D1 ruling: one Limitless copy in the D-Squad deck
                out.append(_act(f"side in {t.slug[c]}", "side_in", (c,)))
        out.append(KEEP)
        return out

    def _legal_actions(self) -> list[Action]:
        w = self.wnd.priority
        if w is not None:
            kind = self.wnd.kind
            if kind == "endure":
                return [ENDURE_ACT, FALL_ACT]
            if kind == "target":
                pid, uid = self.wnd.data
                prog = self.game.table.catalog.programs[pid]
                found = self._locate(uid)
                return [
                    _act(f"target {lab}", "target", (lab,))
                    for lab in self._choices(w, prog, found[1] if found else None)
                ] or [PASS]
            return self._responses(w) + [PASS]
        if self.bid is not None:
            return self._bid_actions()
        ph = self.phase
        p = self.active
        if ph == MAIN:
            return self._main_actions(p)
        if ph == BATTLE:
            return self._battle_actions(p)
        if ph == DRAW:
            return self._draw_options(p)
        if ph == EXTRA:
            return self._extra_options(p)
        if ph == OPEN:
            q = self.open_seat
            lo = max(0, OPENING_HAND - len(self.support[q]))
            hi = min(OPENING_HAND, len(self.squad[q]))
            return [_act(f"open {k}", "open", (k,)) for k in range(lo, hi + 1)]
        if ph == SIDE:
            return self._side_actions()
        return []

    # ------------------------------------------------------------------------------ applying actions
    def _apply(self, a: Action) -> None:
        getattr(self, "_do_" + a.kind)(a)
        self._advance()

    def _do_open(self, a: Action) -> None:
        """DS-G1: seven cards, split between the D-Squad and Support decks as the player chooses."""
        q = self.open_seat
        k = a.args[0]
        for _ in range(k):
            insort(self.hand[q], self.squad[q].pop())
        for _ in range(OPENING_HAND - k):
            insort(self.hand[q], self.support[q].pop())
        self.log("opening", seat=q, squad=k, support=OPENING_HAND - k)
        if q == self.first:
            self.open_seat = 1 - q
        else:
            self._start_turn(self.first)

    def _do_draw(self, a: Action) -> None:
        self._draw_step(self.active, a.args[0])

    def _draw_step(self, p: int, deck: int) -> None:
        """DS-G2: the draw step's one card, from the deck the player chooses."""
        self.draw(p, deck, "draw step")
        self.phase = EXTRA

    def _do_extra(self, a: Action) -> None:
        p = self.active
        if a.args[0] >= 0:  # DS-X1 Extra Draw
            self._pay(p, EXTRA_DRAW_COST, "Extra Draw")
            self.draw(p, a.args[0], "Extra Draw")
        self.phase = MAIN

    def _do_recharge(self, a: Action) -> None:
        """DS-X2: pay half your SP; D-Spirits in your D-World shuffle back into the D-Squad deck."""
        p = self.active
        t = self.game.table
        self._pay(p, self.sp[p] // 2, "Squad Recharge")
        back = [c for c in self.dworld[p] if t.kind[c] == SPIRIT]
        self.dworld[p] = [c for c in self.dworld[p] if t.kind[c] != SPIRIT]
        self.squad[p].extend(back)
        self.rng.shuffle(self.squad[p])
        self.log("recharge", seat=p, count=len(back))

    def _do_rush(self, a: Action) -> None:
        """DS-X6 Field Rush: instead of drawing, bid from 500 SP for a Realm of your Support or Side deck."""
        p = self.active
        cid = a.args[0]
        src = "support" if cid in self.support[p] else "side"
        (self.support[p] if src == "support" else self.side[p]).remove(cid)  # held aside while bidding
        self.rushed = True
        self.log("bid", seat=p, card=self.game.table.name[cid], amount=FIELD_RUSH_BID, kind="rush")
        self.bid = ("rush", p, cid, FIELD_RUSH_BID, p, 1 - p, src)

    def _do_bid(self, a: Action) -> None:
        kind, opener, cid, amount, high, mover, src = self.bid
        n = a.args[0]
        self.log("bid", seat=mover, card=self.game.table.name[cid], amount=n, kind=kind)
        self.bid = (kind, opener, cid, n, mover, 1 - mover, src)

    def _end_bid(self) -> None:
        """DS-R1: the last bidder wins and pays; a Realm won by its player enters (the old one is destroyed),
        one won by the opponent is negated. DS-X6: a Field Rush won puts the Realm in hand."""
        t = self.game.table
        kind, opener, cid, amount, high, mover, src = self.bid
        self.bid = None
        self._pay(high, amount, "Field Rush bid" if kind == "rush" else "Realm bid")
        self.log("bid_won", seat=high, card=t.name[cid], amount=amount, kind=kind)
        if kind == "play":
            if high == opener:
                if self.realm is not None:
                    old_owner, old = self.realm
                    self.dworld[old_owner].append(old)
                    self.log("realm_destroyed", seat=old_owner, card=t.name[old])
                self.realm = (opener, cid)
                self._refresh_auras()
                self.log("realm", seat=opener, card=t.name[cid])
            else:
                self.dworld[opener].append(cid)
                self.log("realm_negated", seat=opener, card=t.name[cid])
        else:
            if high == opener:
                insort(self.hand[opener], cid)
                self.log("rushed", seat=opener, card=t.name[cid], source=src)
            elif src == "support":
                self.support[opener].append(cid)
            else:
                insort(self.side[opener], cid)
            if src == "support":
                self.rng.shuffle(self.support[opener])
            self.phase = MAIN  # DS-X6: no draw and no Extra Draw this turn

    def _do_pass(self, a: Action) -> None:
        if self.wnd.priority is not None:
            if self.wnd.kind == "target":  # no target left: the ability fizzles
                self.wnd.close()
                return
            self.wnd.pass_()
            return
        if self.bid is not None:
            self._end_bid()

    def _do_summon(self, a: Action) -> None:
        p = self.active
        h = a.args[0]
        self.hand[p].remove(h)
        self.summoned = True
        self._summon(p, h, sup=False)

    def _do_exchange(self, a: Action) -> None:
        """DS-X3: back to hand, replaced by a D-Spirit from hand (not a summon: no summon abilities)."""
        p = self.active
        lab, h = a.args
        inst = self._find(p, lab)
        t = self.game.table
        self.exchanged = True
        i = self.bs[p].index(inst)
        self.hand[p].remove(h)
        self.to_hand(p, inst, "Soul Exchange")
        new = self._instance(h & HMASK, self.turn, False)
        new[OWNT] = 1
        if h & HFROZEN:
            new[FROZEN] = self._next_end(p)
        new[POISON] = (h >> HPSHIFT) * 50
        self.bs[p].insert(i, new)
        self.log("exchange", seat=p, out=t.name[inst[CID]], card=t.name[h & HMASK])

    def _do_stance(self, a: Action) -> None:
        p = self.active
        inst = self._find(p, a.args[0])
        inst[STANCE] ^= 1
        inst[FLAGS] |= F_STANCED
        self.log("stance", seat=p, card=self.game.table.name[inst[CID]], stance=STANCES[inst[STANCE]])

    def _activate(self, p: int, prog: Program, src: list | None, label: str) -> None:
        tk, tv = self._resolve_choice(p, prog, src, label) if label else ("", 0)
        self._open_link(p, prog, src[UID] if src is not None else -1, tk, tv, label)

    def _do_move(self, a: Action) -> None:
        p = self.active
        lab, tgt = a.args
        inst = self._find(p, lab)
        prog = self.game.table.move[inst[CID]]
        inst[FLAGS] |= F_MOVED
        self._pay(p, prog.cost, prog.name)
        self._activate(p, prog, inst, tgt)

    def _do_ability(self, a: Action) -> None:
        p = self.active
        lab, j, tgt = a.args
        inst = self._find(p, lab)
        prog = self.game.table.command[inst[CID]][j]
        inst[FLAGS] |= F_ABIL << j
        self._pay(p, prog.cost, prog.name)
        self._activate(p, prog, inst, tgt)

    def _do_play(self, a: Action) -> None:
        t = self.game.table
        p = self.active
        cid, tgt = a.args
        self.hand[p].remove(cid)
        k = t.kind[cid]
        if k == REALM:  # DS-R1: the opener bids the printed amount; the opponent may outbid
            self.log("bid", seat=p, card=t.name[cid], amount=t.bid[cid], kind="play")
            self.bid = ("play", p, cid, t.bid[cid], p, 1 - p, "hand")
            return
        self.log("play", seat=p, card=t.name[cid], target=tgt)
        if t.lasting[cid]:
            self.szc[p].append(cid)
            self._refresh_auras()
        else:
            self.dworld[p].append(cid)
        prog = t.effect[cid]
        if k == MOVECARD:
            self._pay(p, t.cost[cid], t.name[cid])
        if prog is not None:
            self._activate(p, prog, None, tgt)

    def _do_respond(self, a: Action) -> None:
        """DS-R4: a response goes on top of the chain; priority passes."""
        t = self.game.table
        p = self.wnd.priority
        cid, tgt = a.args
        self.hand[p].remove(cid)
        self.dworld[p].append(cid)
        prog = t.effect[cid]
        tk, tv = self._resolve_choice(p, prog, None, tgt) if tgt else ("", 0)
        self.log("activate", seat=p, name=prog.name, source=prog.source, target=tgt, kind="response")
        self.wnd.respond(("link", p, prog.id, -1, tk, tv, False))

    def _do_target(self, a: Action) -> None:
        p = self.wnd.priority
        pid, uid = self.wnd.data
        prog = self.game.table.catalog.programs[pid]
        found = self._locate(uid)
        src = found[1] if found else None
        tk, tv = self._resolve_choice(p, prog, src, a.args[0])
        self.wnd.close()
        self._open_link(p, prog, uid, tk, tv, a.args[0])

    def _do_evolve(self, a: Action) -> None:
        """DS-C3: the D-Evolution goes on top of its base (not a summon)."""
        t = self.game.table
        p = self.active
        evo, lab = a.args
        inst = self._find(p, lab)
        src = "side" if evo in self.side[p] else "dworld"
        (self.side[p] if src == "side" else self.dworld[p]).remove(evo)
        old = inst[CID]
        inst[UNDER] = inst[UNDER] + (old,)
        inst[CID] = evo
        self.log("evolve", seat=p, card=t.name[evo], base=t.name[old], source=src)

    def _do_shift(self, a: Action) -> None:
        """DS-X4 Soul Shift (old rules): 800 SP, to the Support Zone, abilities and moves inactive."""
        p = self.active
        inst = self._find(p, a.args[0])
        self.shifted = True
        self._pay(p, SOUL_SHIFT_COST, "Soul Shift")
        self.bs[p].remove(inst)
        self.sz[p].append(inst)
        inst[FLAGS] |= F_SHIFTED
        self.log("shift", seat=p, card=self.game.table.name[inst[CID]])

    def _do_battle(self, a: Action) -> None:
        self._start_battle()

    def _do_end(self, a: Action) -> None:
        self._end_turn()

    def _declare(self, p: int, att: list, tgt_label: str, limbo: bool) -> None:
        t = self.game.table
        q = 1 - p
        tgt = None if tgt_label == "direct" else self._find(q, tgt_label)
        att[FLAGS] |= F_ATTACKED
        self.attacks += 1
        if limbo:
            self._pay(p, LIMBO_COST, "Limbo")
        self.log(
            "attack",
            seat=p,
            attacker=t.name[att[CID]],
            target=t.name[tgt[CID]] if tgt else "direct",
            limbo=limbo,
        )
        for prog in t.abil[att[CID]].get("attack", ()):
            self._run(prog, p, att[UID])
        self.wnd.open(
            "attack",
            q,
            trigger=("attack", p, att[UID], tgt[UID] if tgt else -1, False, limbo),
            opener_passed=True,
        )

    def _do_attack(self, a: Action) -> None:
        p = self.active
        lab, tgt = a.args
        self._declare(p, self._find(p, lab), tgt, False)

    def _do_limbo(self, a: Action) -> None:
        """DS-X5 Limbo: 1200 SP for a D-Spirit in your Support Zone to attack."""
        p = self.active
        lab, tgt = a.args
        self._declare(p, self._find(p, lab), tgt, True)

    def _do_supercharge(self, a: Action) -> None:
        """DS-X7: 500 SP, skip this battle; next turn that D-Spirit's attack doubles and it alone attacks."""
        p = self.active
        inst = self._find(p, a.args[0])
        self._pay(p, SUPER_CHARGE_COST, "Super Charge")
        inst[CHARGE] = self.turn + 2
        self.log("supercharge", seat=p, card=self.game.table.name[inst[CID]])
        self._end_turn()

    def _do_endure(self, a: Action) -> None:
        """DS-B2: the attack is negated; next turn the D-Spirit cannot attack, change stance or be
        soul-exchanged."""
        p, auid, tuid, atk, d, outcome = self.wnd.data
        self.wnd.close()
        q = 1 - p
        found = self._locate(tuid)
        if found is None:
            return
        dfd = found[1]
        dfd[STANCE] = ENDURE_STANCE
        dfd[ENDURED] = self.turn + 1
        dfd[ENDURES] += 1
        t = self.game.table
        fa = self._locate(auid)
        self.log(
            "battle",
            seat=p,
            outcome="endured",
            attacker=t.name[fa[1][CID]] if fa else "",
            target=t.name[dfd[CID]],
            power=atk,
            against=self.endurance_of(q, dfd),
        )

    def _do_fall(self, a: Action) -> None:
        p, auid, tuid, atk, d, outcome = self.wnd.data
        self.wnd.close()
        fa, fd = self._locate(auid), self._locate(tuid)
        if fa is None or fd is None:
            return
        self._battle_outcome(p, fa[1], fd[1], atk, d, outcome)

    def _do_side_in(self, a: Action) -> None:
        self.side_pending = a.args[0]

    def _do_side_out(self, a: Action) -> None:
        t = self.game.table
        p = self.side_seat
        squad, support, side = self.lists[p]
        inc, out = self.side_pending, a.args[0]
        deck = squad if t.kind[inc] == SPIRIT else support
        side.remove(inc)
        deck.remove(out)
        deck.append(inc)
        side.append(out)
        deck.sort()
        side.sort()
        self.side_pending = -1
        self.swaps_left[p] -= 1
        self.log("side_swap", seat=p, card_in=t.name[inc], card_out=t.name[out])

    def _do_keep(self, a: Action) -> None:
        self.swaps_left[self.side_seat] = 0
        self._side_done()

    # ------------------------------------------------------------------------------ refusals
    def _explain(self, action: Action) -> str:
        why = self.explain(action.notation)
        return why or f"{action.notation!r} is not legal now for seat {self.to_move} ({self._where()})"

    def _where(self) -> str:
        if self.wnd.priority is not None:
            return f"{self.wnd.kind} window"
        if self.bid is not None:
            return "realm bidding"
        return f"{self.phase} step" if self.phase not in (OPEN, SIDE, OVER) else self.phase

    def explain(self, text: str) -> str | None:
        """A precise one-line reason for a refused notation (shortfalls, phases), or None."""
        words = " ".join(str(text).split()).lower().split(" ")
        if not words or not words[0]:
            return None
        t = self.game.table
        head = words[0]
        p = self.to_move
        if p is None:
            return f"{text!r}: the game is over"
        sp = self.sp[p]
        if head == "bid" and len(words) == 2:
            if self.bid is None:
                return f"{text!r}: no realm bidding is open"
            try:
                n = int(words[1])
            except ValueError:
                return f"{text!r}: a bid is a number of SP"
            cur = self.bid[3]
            steps = ", ".join(str(cur + s) for s in BID_STEPS)
            if n <= cur:
                return (
                    f"{text!r}: a bid lower than allowed: the bid stands at {cur} SP; "
                    f"raise to {steps} (DS-R1)"
                )
            if not self.afford(p, n):
                return f"{text!r}: you cannot afford {n} SP (you have {sp}; a payment must leave you 1 SP)"
            return f"{text!r}: bids go up in fixed steps: {steps} (DS-R1)"
        costs = {
            "extra": (EXTRA_DRAW_COST, "Extra Draw (DS-X1)"),
            "limbo": (LIMBO_COST, "Limbo (DS-X5)"),
            "supercharge": (SUPER_CHARGE_COST, "Super Charge (DS-X7)"),
            "shift": (SOUL_SHIFT_COST, "Soul Shift (DS-X4)"),
            "rush": (FIELD_RUSH_BID, "Field Rush (DS-X6)"),
        }
        if head == "shift" and not self.game.options.old_rules:
            return f"{text!r}: Soul Shift is removed from the rules (DS-X4); enable it with old_rules=true"
        if head in costs and not self.afford(p, costs[head][0]):
            cost, what = costs[head]
            return (
                f"{text!r}: {what} costs {cost} SP and you have {sp} (a payment must leave you at least 1 SP)"
            )
        if head == "play" and len(words) >= 2:
            cid = t.find(words[1])
            if cid is not None:
                if t.kind[cid] == REALM and not self.afford(p, t.bid[cid]):
                    return (
                        f"{text!r}: the opening bid for {t.name[cid]} is {t.bid[cid]} SP and you have {sp} "
                        "(DS-R1)"
                    )
                if t.kind[cid] == MOVECARD and not self.afford(p, t.cost[cid]):
                    return f"{text!r}: {t.name[cid]} costs {t.cost[cid]} SP and you have {sp}"
                if cid not in self.hand[p]:
                    return f"{text!r}: seat {p} holds no {t.name[cid]}"
        if head in ("move", "ability") and len(words) >= 2 and p == self.active:
            inst = self._find(p, words[1])
            if inst is not None:
                progs = [t.move[inst[CID]]] if head == "move" else list(t.command[inst[CID]])
                for prog in progs:
                    if prog is not None and prog.cost and not self.afford(p, prog.cost):
                        return f"{text!r}: {prog.name} costs {prog.cost} SP and you have {sp}"
        if head in ("attack", "limbo", "supercharge") and self.phase != BATTLE:
            return f"{text!r}: attacks are declared in the battle step; this is the {self._where()}"
        if head == "attack" and self.phase == BATTLE and not self._may_attack(p):
            return f"{text!r}: the first player does not attack on their first turn (DS-G2)"
        if head == "summon" and self.summoned and self.phase == MAIN:
            return f"{text!r}: one Regular Summon per turn (DS-G3)"
        if head == "extra" and self.phase != EXTRA:
            return f"{text!r}: Extra Draw comes right after the draw step's draw (DS-X1)"
        return None

    # ------------------------------------------------------------------------------ information
    def _inst_view(self, p: int, inst: list, label: str, zone: str) -> dict:
        t = self.game.table
        v = {
            "label": label,
            "card": t.name[inst[CID]],
            "stack": [t.name[c] for c in inst[UNDER]],
            "zone": zone,
            "types": list(t.type_names[inst[CID]]),
            "stance": STANCES[inst[STANCE]],
            "attack": self.attack_of(p, inst),
            "endurance": self.endurance_of(p, inst),
            "sp": t.spv[inst[CID]],
            "frozen": self.is_frozen(inst),
            "poison": inst[POISON],
            "endured": self.is_restricted(inst),
            "attacked": bool(inst[FLAGS] & F_ATTACKED),
            "shifted": bool(inst[FLAGS] & F_SHIFTED),
            "supercharge": "active"
            if inst[CHARGE] == self.turn and self.turn
            else "pending"
            if inst[CHARGE] > self.turn
            else "",
            "super_summoned": bool(inst[SUPER]),
            "wins": inst[WINS],
        }
        return v

    def _player_view(self, p: int, me: bool) -> dict:
        t = self.game.table
        labels = self._labels(p)
        nb = len(self.bs[p])
        hand_sp = sum(1 for h in self.hand[p] if t.kind[h & HMASK] == SPIRIT)
        v = {
            "seat": p,
            "sp": self.sp[p],
            "squad_count": len(self.squad[p]),
            "support_count": len(self.support[p]),
            "side": [t.name[c] for c in self.side[p]],
            "hand_count": len(self.hand[p]),
            "hand_spirits": hand_sp,
            "hand_support": len(self.hand[p]) - hand_sp,
            "hand_known": [self.hand_label(h) for h in self.hand[p] if h > HMASK],
            "dworld": [t.name[c] for c in self.dworld[p]],
            "banished": [t.name[c] for c in self.banished[p]],
            "battle": [self._inst_view(p, inst, labels[i], "battle") for i, inst in enumerate(self.bs[p])],
            "support_zone": [
                self._inst_view(p, inst, labels[nb + i], "support") for i, inst in enumerate(self.sz[p])
            ],
            "support_cards": [t.name[c] for c in self.szc[p]],
            "turns_taken": self.turns_taken[p],
            "decklist": {
                "squad": _counts(t, self.lists[p][0]),
                "support": _counts(t, self.lists[p][1]),
                "side": _counts(t, self.lists[p][2]),
            },
        }
        if me:
            v["hand"] = [self.hand_label(h) for h in self.hand[p]]
        return v

    def _chain_view(self) -> list[dict]:
        t = self.game.table
        out = []
        progs = t.catalog.programs
        for it in self.wnd.items:
            if it[0] == "link":
                prog = progs[it[2]]
                tgt = ""
                if it[4] == "u":
                    f = self._locate(it[5])
                    tgt = t.name[f[1][CID]] if f else "(gone)"
                elif it[4] in ("h", "d"):
                    tgt = t.name[it[5] & HMASK]
                out.append(
                    {
                        "kind": "link",
                        "seat": it[1],
                        "name": prog.name,
                        "source": prog.source,
                        "text": prog.text,
                        "target": tgt,
                        "negated": it[6],
                    }
                )
            else:
                fa, fd = self._locate(it[2]), self._locate(it[3]) if it[3] >= 0 else None
                out.append(
                    {
                        "kind": "attack",
                        "seat": it[1],
                        "attacker": t.name[fa[1][CID]] if fa else "(gone)",
                        "target": (t.name[fd[1][CID]] if fd else "(gone)") if it[3] >= 0 else "direct",
                        "negated": it[4],
                        "limbo": it[5],
                    }
                )
        return out

    def view(self, seat: int | None) -> dict:
        t = self.game.table
        bid = None
        if self.bid is not None:
            kind, opener, cid, amount, high, mover, src = self.bid
            bid = {
                "kind": kind,
                "seat": opener,
                "card": t.name[cid],
                "amount": amount,
                "high": high,
                "to_bid": mover,
            }
        endure = None
        if self.wnd.kind == "endure" and self.wnd.priority is not None:
            p, auid, tuid, a, d, outcome = self.wnd.data
            endure = {"attack": a, "power": d, "outcome": outcome}
        return {
            "game": "dspirits",
            "game_no": self.game_no,
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "to_move": self.to_move,
            "window": self.wnd.kind if self.wnd.priority is not None else None,
            "chain": self._chain_view(),
            "endure": endure,
            "bid": bid,
            "realm": None
            if self.realm is None
            else {"card": t.name[self.realm[1]], "owner": self.realm[0], "text": t.recs[self.realm[1]].text},
            "players": [self._player_view(p, seat == p) for p in (0, 1)],
            "you": seat,
            "match": {
                "on": self.game.options.match,
                "wins": list(self.match_wins),
                "results": [dict(r) for r in self.results],
            },
            "side_swap": None
            if self.phase != SIDE
            else {
                "seat": self.side_seat,
                "pending": t.name[self.side_pending] if self.side_pending >= 0 else None,
                "swaps_left": list(self.swaps_left),
            },
            "over": self.over,
            "winner": self.win,
        }

    def reveal(self) -> dict:
        t = self.game.table
        v = self.view(None)
        v["hands"] = [[self.hand_label(h) for h in self.hand[p]] for p in (0, 1)]
        v["squad"] = [[t.name[c] for c in reversed(self.squad[p])] for p in (0, 1)]  # top first
        v["support"] = [[t.name[c] for c in reversed(self.support[p])] for p in (0, 1)]
        v["windows"] = self.wnd.reveal()
        v["rng"] = self.rng.s
        v["flags"] = [
            self.summoned,
            self.exchanged,
            self.shifted,
            self.rushed,
            self.attacks,
            self.uid_next,
            self.open_seat,
            self.side_pending,
            list(self.swaps_left),
            list(self.turns_taken),
        ]
        v["instances"] = [
            [list(i[:1]) + [list(i[UNDER])] + list(i[2:]) for i in self.bs[p] + self.sz[p]] for p in (0, 1)
        ]
        return v

    def census(self) -> dict[int, Counter]:
        out = {}
        for p in (0, 1):
            c = (
                Counter(self.squad[p])
                + Counter(self.support[p])
                + Counter(self.side[p])
                + Counter(h & HMASK for h in self.hand[p])
                + Counter(self.dworld[p])
                + Counter(self.banished[p])
                + Counter(self.szc[p])
            )
            for inst in self.bs[p] + self.sz[p]:
                c[inst[CID]] += 1
                for u in inst[UNDER]:
                    c[u] += 1
            out[p] = c
        if self.realm is not None:
            out[self.realm[0]][self.realm[1]] += 1
        if self.bid is not None:  # the card bid for is held aside (DS-R1, DS-X6)
            out[self.bid[1]][self.bid[2]] += 1
        if self.phase == SIDE or self.over:
            pass
        return out

    def clone(self) -> DSpiritsState:
        s = DSpiritsState.__new__(DSpiritsState)
        self._copy_base(s)
        s.phase = self.phase
        s.active = self.active
        s.first = self.first
        s.turn = self.turn
        s.turns_taken = self.turns_taken[:]
        s.sp = self.sp[:]
        s.squad = [self.squad[0][:], self.squad[1][:]]
        s.support = [self.support[0][:], self.support[1][:]]
        s.side = [self.side[0][:], self.side[1][:]]
        s.hand = [self.hand[0][:], self.hand[1][:]]
        s.dworld = [self.dworld[0][:], self.dworld[1][:]]
        s.banished = [self.banished[0][:], self.banished[1][:]]
        s.bs = [[i[:] for i in self.bs[0]], [i[:] for i in self.bs[1]]]
        s.sz = [[i[:] for i in self.sz[0]], [i[:] for i in self.sz[1]]]
        s.szc = [self.szc[0][:], self.szc[1][:]]
        s.realm = self.realm
        s.auras = self.auras
        s.wnd = self.wnd.clone()
        s.bid = self.bid
        s.summoned = self.summoned
        s.exchanged = self.exchanged
        s.shifted = self.shifted
        s.rushed = self.rushed
        s.attacks = self.attacks
        s.uid_next = self.uid_next
        s.open_seat = self.open_seat
        s.over = self.over
        s.win = self.win
        s.lists = (
            [[x[:] for x in self.lists[0]], [x[:] for x in self.lists[1]]]
            if self.game.options.match
            else self.lists
        )
        s.game_no = self.game_no
        s.match_wins = self.match_wins[:]
        s.results = self.results[:]
        s.side_seat = self.side_seat
        s.side_pending = self.side_pending
        s.swaps_left = self.swaps_left[:]
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, and the other hand's unmarked cards among
        that player's deck of the same kind (D-Spirits with the D-Squad deck, support cards with the
        Support deck). Statused cards in hand are public (DS-R2); decklists and side decks are open
        information (docs/rulings.md)."""
        kind = self.game.table.kind
        for p in (0, 1):
            if p == seat:
                self.squad[p].sort()
                rng.shuffle(self.squad[p])
                self.support[p].sort()
                rng.shuffle(self.support[p])
                continue
            known = [h for h in self.hand[p] if h > HMASK]
            plain_sp = [h for h in self.hand[p] if h <= HMASK and kind[h] == SPIRIT]
            plain_su = [h for h in self.hand[p] if h <= HMASK and kind[h] != SPIRIT]
            pool = sorted(plain_sp + self.squad[p])
            rng.shuffle(pool)
            new_sp = pool[: len(plain_sp)]
            self.squad[p] = pool[len(plain_sp) :]
            pool = sorted(plain_su + self.support[p])
            rng.shuffle(pool)
            new_su = pool[: len(plain_su)]
            self.support[p] = pool[len(plain_su) :]
            self.hand[p] = sorted(known + new_sp + new_su)


def _counts(t: Table, ids: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in ids:
        out[t.name[c]] = out.get(t.name[c], 0) + 1
    return out


_PSLUG: dict[int, str] = {}


def _pslug(prog: Program) -> str:
    s = _PSLUG.get(prog.id)
    if s is None:
        s = _PSLUG[prog.id] = slug(prog.name)
    return s
