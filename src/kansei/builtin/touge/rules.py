"""Touge Card Game: the state machine for both modes (rules digest ids TG-…, see RULES.md).

Cards are ints (indices into :data:`TABLE`); zones are lists of ints, so a clone is a handful of list
copies. Decks are drawn from the end of the list (the end is the top). Hands are kept sorted, so the same
hand always lists its actions in the same order.
"""

from __future__ import annotations

import json
import random
from bisect import insort
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, Literal

from kansei.core.content import read_deck
from kansei.core.content import slug as mkslug
from kansei.core.errors import ContentError, OptionError
from kansei.core.protocol import Action, DuelState, Game, GameOptions, GameSetup

from .cards import Car, Catalog, Disaster, Road, TuneUp, catalog, load_catalog

C, S = 0, 1  # road types
DOWN, UP = 0, 1  # directions
DIRECTIONS = ("downhill", "uphill")
TYPE_NAMES = ("C", "S")

# phases
REDRAW, BUILD, TUNE, NULLIFY, OVER = "redraw", "build", "tune", "nullify", "over"


class CardDef:
    """A card flattened for the hot path. ``kind``: car, road, tune or disaster."""

    __slots__ = (
        "id", "name", "slug", "kind", "rec",
        "rtype", "stars", "value",  # roads
        "mult",  # cars: mult[direction][type]
        "tile_road", "effects",  # tune-ups (tile_road: None for whole-course, else "C"/"S"/"any")
        "ability",  # cars
        "act", "tile_acts",  # interned actions
    )  # fmt: skip


class Table:
    """Every card of a catalog as a CardDef, with its actions interned."""

    def __init__(self, cat: Catalog):
        self.catalog = cat
        self.cards: list[CardDef] = []
        self.by_name: dict[str, int] = {}
        for group, kind in (
            (cat.cars, "car"),
            (cat.roads, "road"),
            (cat.tuneups, "tune"),
            (cat.disasters, "disaster"),
        ):
            for rec in group:
                d = CardDef()
                d.id = len(self.cards)
                d.name = rec.name
                d.slug = mkslug(rec.name)
                d.kind = kind
                d.rec = rec
                d.rtype = d.stars = d.value = d.mult = d.tile_road = d.ability = None
                d.effects = ()
                d.tile_acts = {}
                if isinstance(rec, Road):
                    d.rtype = C if rec.type == "C" else S
                    d.stars = rec.stars
                    d.value = (rec.down, rec.up)
                    d.act = Action(f"road {d.slug}", "road", (d.id,))
                elif isinstance(rec, Car):
                    d.mult = ((rec.dh_c, rec.dh_s), (rec.uh_c, rec.uh_s))
                    d.ability = rec.ability
                    d.effects = tuple(rec.ability.effects)
                    d.act = None
                elif isinstance(rec, TuneUp):
                    d.effects = tuple(rec.effects)
                    d.tile_road = rec.tile_road
                    d.act = Action(f"tune {d.slug}", "tune", (d.id, -1)) if d.tile_road is None else None
                elif isinstance(rec, Disaster):
                    d.effects = tuple(rec.effects)
                    d.act = None
                self.cards.append(d)
                self.by_name[rec.name.lower()] = d.id
                self.by_name[d.slug] = d.id

    def find(self, name: str) -> int | None:

        i = self.by_name.get(str(name).lower())
        return i if i is not None else self.by_name.get(mkslug(str(name)))

    def tile_action(self, cid: int, tile: int) -> Action:
        d = self.cards[cid]
        a = d.tile_acts.get(tile)
        if a is None:
            a = d.tile_acts[tile] = Action(f"tune {d.slug} @{tile + 1}", "tune", (cid, tile))
        return a


@cache
def table() -> Table:
    """The shipped cards as a Table, built once per process."""
    return Table(catalog())


PASS = Action("pass", "pass")
DONE = Action("done", "done")
ABILITY = Action("ability", "ability")
_NULLIFY: dict[int, Action] = {}
_REDRAW: dict[int, Action] = {}


def _nullify_act(tile: int) -> Action:
    a = _NULLIFY.get(tile)
    if a is None:
        a = _NULLIFY[tile] = Action(f"nullify @{tile + 1}", "nullify", (tile,))
    return a


def _redraw_act(cid: int) -> Action:
    a = _REDRAW.get(cid)
    if a is None:
        a = _REDRAW[cid] = Action(f"redraw {table().cards[cid].slug}", "redraw", (cid,))
    return a


class TougeOptions(GameOptions):
    mode: Literal["time_attack", "sudden_death"] = "time_attack"
    # TG-C5 ruling: disasters that nullify pick the highest tile; "leader_choice" lets the leader pick any.
    nullify_pick: Literal["highest", "leader_choice"] = "highest"
    # docs/rulings.md: downhill runs from tile 1, uphill from the last tile; "built" always from tile 1.
    course_order: Literal["mountain", "built"] = "mountain"
    # TG-T0: coins decide, or the players agree.
    first_direction: Literal["coin", "downhill", "uphill"] = "coin"
    first_leader: Literal["coin", "seat0", "seat1"] = "coin"
    disaster_draw: bool = True  # TG-T0 (off: race without a disaster)
    redraws: int = 2  # TG-T1 / TG-D0
    lead_margin: int = 12  # TG-D3


# Scenario keys (docs: RULES.md / tests): fixed coins, a fixed disaster (or "none"), the top cards the
# disaster draw reveals ("reveal"), the top cards after set-up ("order"), and starting hands ("hands").
class TougeSetup(GameSetup):
    """Scenario keys (interim: typed fields come with the game's own validation)."""

    direction: Any = None
    disaster: Any = None
    hands: Any = None
    leader: Any = None
    order: Any = None
    reveal: Any = None


class Touge(Game):
    id = "touge"
    name = "Touge Card Game"
    Options = TougeOptions
    min_players = 2
    max_players = 2
    Setup = TougeSetup

    def __init__(self, **options: Any):
        super().__init__(**options)
        o = self.options
        if not 0 <= o.redraws <= 7:
            raise OptionError(f"touge: option redraws={o.redraws}: must be 0..7")
        if o.lead_margin < 1:
            raise OptionError(f"touge: option lead_margin={o.lead_margin}: must be at least 1")
        self.table = table()
        self.sudden = o.mode == "sudden_death"
        self._decks: dict[str, tuple[int, list[int], dict]] = {}  # resolved deck specs (validated once)

    # -- decks --------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.catalog.decks]

    def _deck_from_spec(self, spec: Any, seat: int) -> tuple[int, list[int], dict]:
        """A deck spec (starter name, deck-file path, or {"car":…, "cards":{…}}) -> (car, cards, decklist).

        Starter names and inline decks are resolved and validated once per game object (simulations start
        thousands of races); deck files are read every time, as they may change between games.
        """
        if (
            spec is None
            or isinstance(spec, dict | str)
            and not (isinstance(spec, str) and Path(spec).exists())
        ):
            key = json.dumps([seat if spec is None else None, spec], sort_keys=True, default=str)
            hit = self._decks.get(key)
            if hit is None:
                hit = self._decks[key] = self._resolve_deck(spec, seat)
            return hit
        return self._resolve_deck(spec, seat)

    def _resolve_deck(self, spec: Any, seat: int) -> tuple[int, list[int], dict]:
        cat = self.table.catalog
        where = f"deck of seat {seat}"
        if spec is None:
            spec = cat.decks[seat % len(cat.decks)].name
        if isinstance(spec, str):
            starter = next((d for d in cat.decks if d.name.lower() == spec.lower()), None)
            if starter is not None:
                car, cards = starter.car, dict(starter.cards)
            elif Path(spec).exists():
                car, cards = self.read_deck_file(Path(spec))
                where = spec
            else:
                raise ContentError(
                    [
                        f"{where}: {spec!r} is neither a starter deck ({', '.join(self.starter_decks())}) "
                        "nor a deck file"
                    ]
                )
        elif isinstance(spec, dict):
            car, cards = spec.get("car"), dict(spec.get("cards") or {})
        else:
            raise ContentError([f"{where}: a deck is a starter name, a file path or an object"])
        problems = cat.deck_problems(car, cards, where)
        if problems:
            raise ContentError(problems)
        t = self.table
        car_id = t.find(car) if car else None
        ids: list[int] = []
        for name, n in cards.items():
            cid = t.find(name)
            if t.cards[cid].kind == "car":
                car_id = cid
                continue
            ids.extend([cid] * n)
        decklist = {t.cards[i].name: n for i, n in sorted(Counter(ids).items())}
        return car_id, ids, decklist

    def read_deck_file(self, path: Path) -> tuple[str | None, dict[str, int]]:
        deck = read_deck(path)
        car = deck.meta.get("car")
        if isinstance(car, list):
            car = car[0] if len(car) == 1 else None
        return car, deck.counts()

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cars/roads/tuneups/disasters/decks.toml) or a deck file."""
        path = Path(path)
        try:
            if path.is_dir():
                load_catalog(path, prefix=str(path))
                return []
            car, cards = self.read_deck_file(path)
        except ContentError as e:
            return e.problems
        return self.table.catalog.deck_problems(car, cards, str(path))

    # -- protocol -------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list | None, setup_model: GameSetup) -> TougeState:
        setup = setup_model.model_dump(exclude_unset=True)
        specs = list(decks) if decks else [None, None]
        if len(specs) != 2:
            raise ContentError([f"touge: two decks are needed, got {len(specs)}"])
        built = [self._deck_from_spec(specs[i], i) for i in range(2)]
        return TougeState.new(self, seed, built, setup)

    def rules_file(self) -> Path:
        return Path(__file__).parent / "RULES.md"

    def test_configs(self) -> list[dict]:
        return [
            {"options": {"mode": "time_attack"}, "players": 2},
            {"options": {"mode": "sudden_death"}, "players": 2},
            {"options": {"mode": "time_attack", "nullify_pick": "leader_choice"}, "players": 2},
        ]








class TougeState(DuelState):
    __slots__ = (
        "phase", "cars", "decks", "hands", "aside", "redraws_left", "course", "tunes", "disaster",
        "removed", "direction", "leader", "turn", "passes", "battle", "wins", "ability_used",
        "ability_on", "null_tile", "totals", "leg", "battles", "decklists",
        "redraw_stage",
    )  # fmt: skip

    game: Touge

    # ---------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, game: Touge, seed: int, built: list, setup: dict) -> TougeState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.cars = [built[0][0], built[1][0]]
        s.decks = [list(built[0][1]), list(built[1][1])]
        s.decklists = [built[0][2], built[1][2]]
        s.hands = [[], []]
        s.aside = [[], []]
        s.redraws_left = [0, 0]
        s.course = []
        s.tunes = []
        s.disaster = None
        s.removed = [[], []]
        s.turn = s.passes = 0
        s.battle = 1
        s.wins = [0, 0]
        s.ability_used = [False, False]
        s.ability_on = [False, False]
        s.null_tile = -1
        s.totals = [0, 0]
        s.leg = 0
        s.over = False
        s.win = None
        s.battles = []
        s.redraw_stage = 0
        s.phase = REDRAW
        s._set_up(setup)
        return s

    def _set_up(self, setup: dict) -> None:
        """TG-T0 / TG-D0: cars revealed, coins for direction and leader, the disaster draw, shuffles."""
        o = self.game.options
        t = self.game.table
        rng = self.rng
        self.log("cars", cars=[t.cards[c].name for c in self.cars])
        # TG-T0: a coin decides the first direction, another the first leader (or the players agree).
        d = setup.get("direction", None if o.first_direction == "coin" else o.first_direction)
        if d is None:
            self.direction = rng.coin()
        elif d in DIRECTIONS:
            self.direction = DIRECTIONS.index(d)
        else:
            raise ContentError([f"touge setup: direction must be downhill or uphill, is {d!r}"])
        lead = setup.get("leader", None if o.first_leader == "coin" else int(o.first_leader[-1]))
        if lead is None:
            self.leader = rng.coin()
        elif lead in (0, 1):
            self.leader = lead
        else:
            raise ContentError([f"touge setup: leader must be 0 or 1, is {lead!r}"])
        self.log("coins", direction=DIRECTIONS[self.direction], leader=self.leader)
        for p in (0, 1):
            rng.shuffle(self.decks[p])
        if setup.get("reveal") is not None:
            self._fix_order(setup["reveal"], "reveal")
        if "disaster" in setup:
            self._fixed_disaster(setup["disaster"])
        elif o.disaster_draw:
            self._disaster_draw()
        else:
            self._remove_disasters()
        for p in (0, 1):
            rng.shuffle(self.decks[p])
        order = setup.get("order")
        hands = setup.get("hands")
        if order is not None:
            self._fix_order(order, "order")
        self._deal(10 if self.game.sudden else 7, hands)
        self._start_redraw()

    def _fixed_disaster(self, name: Any) -> None:
        t = self.game.table
        if name in (None, "none"):
            self._remove_disasters()
            return
        cid = t.find(name)
        if cid is None or t.cards[cid].kind != "disaster":
            raise ContentError([f"touge setup: disaster {name!r} is not a disaster card"])
        for p in (self.leader, 1 - self.leader):
            if cid in self.decks[p]:
                self.decks[p].remove(cid)
                self.disaster = (p, cid)
                break
        else:
            raise ContentError([f"touge setup: disaster {name!r} is in neither deck"])
        self._remove_disasters()
        self.log("disaster", card=t.cards[cid].name, owner=self.disaster[0], revealed=[])

    def _disaster_draw(self) -> None:
        """TG-T0: from the leader, alternately reveal top cards until a disaster; the rest are removed."""
        t = self.game.table
        revealed: list[list[int]] = [[], []]
        p = self.leader
        found = None
        while found is None and (
            len(revealed[0]) < len(self.decks[0]) or len(revealed[1]) < len(self.decks[1])
        ):
            deck = self.decks[p]
            k = len(revealed[p])
            if k < len(deck):
                cid = deck[-1 - k]
                if t.cards[cid].kind == "disaster":
                    found = (p, cid, k)
                else:
                    revealed[p].append(cid)
            p = 1 - p
        if found is not None:
            owner, cid, k = found
            del self.decks[owner][-1 - k]
            self.disaster = (owner, cid)
        self.log(
            "disaster",
            card=t.cards[found[1]].name if found else None,
            owner=found[0] if found else None,
            revealed=[[t.cards[c].name for c in r] for r in revealed],
        )
        self._remove_disasters()  # revealed non-disasters stay in the decks, which are then shuffled

    def _remove_disasters(self) -> None:
        cards = self.game.table.cards
        for p in (0, 1):
            keep = []
            for cid in self.decks[p]:
                (self.removed[p] if cards[cid].kind == "disaster" else keep).append(cid)
            self.decks[p] = keep

    def _fix_order(self, order: Any, key: str) -> None:
        """Scenario: put the named cards on top of each deck, first name on top."""
        t = self.game.table
        if not isinstance(order, list) or len(order) != 2:
            raise ContentError([f"touge setup: {key} must be two lists of card names (top first)"])
        for p in (0, 1):
            top = []
            for name in order[p]:
                cid = t.find(name)
                if cid is None or cid not in self.decks[p]:
                    raise ContentError([f"touge setup: {key}: {name!r} is not in seat {p}'s deck"])
                self.decks[p].remove(cid)
                top.append(cid)
            self.decks[p].extend(reversed(top))

    def _deal(self, n: int, hands: Any = None) -> None:
        t = self.game.table
        for p in (0, 1):
            if hands is not None:
                if not isinstance(hands, list) or len(hands) != 2:
                    raise ContentError(["touge setup: hands must be two lists of card names"])
                for name in hands[p]:
                    cid = t.find(name)
                    if cid is None or cid not in self.decks[p]:
                        raise ContentError([f"touge setup: hands: {name!r} is not in seat {p}'s deck"])
                    self.decks[p].remove(cid)
                    insort(self.hands[p], cid)
            self._draw(p, n - len(self.hands[p]))

    def _draw(self, p: int, n: int) -> int:
        deck, hand = self.decks[p], self.hands[p]
        n = min(n, len(deck))
        for _ in range(n):
            insort(hand, deck.pop())
        if n:
            self.log("draw", seat=p, count=n)
        return n

    # ---------------------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.phase == NULLIFY:
            return self.leader
        return self.turn


    def _legal_actions(self) -> list[Action]:
        p = self.turn
        ph = self.phase
        cards = self.game.table.cards
        if ph == BUILD:
            out = [cards[c].act for c in _distinct(self.hands[p]) if cards[c].kind == "road"]
            out.append(PASS)
            return out
        if ph == TUNE:
            return self._tune_actions(p)
        if ph == REDRAW:
            out = []
            if self.redraws_left[p] > 0:
                out = [_redraw_act(c) for c in _distinct(self.hands[p])]
            out.append(DONE)
            return out
        if ph == NULLIFY:
            return [_nullify_act(i) for i in self._nullify_candidates()]
        return []

    def _tune_actions(self, p: int) -> list[Action]:
        t = self.game.table
        cards = t.cards
        out = []
        course = self.course
        for c in _distinct(self.hands[p]):
            d = cards[c]
            if d.kind != "tune":
                continue
            if d.tile_road is None:
                out.append(d.act)
                continue
            want = -1 if d.tile_road == "any" else (C if d.tile_road == "C" else S)
            for i, (_, rid) in enumerate(course):
                if want < 0 or cards[rid].rtype == want:
                    out.append(t.tile_action(c, i))
        if not self.ability_used[p]:
            out.append(ABILITY)
        out.append(PASS)
        return out

    def _explain(self, action: Action) -> str:
        if self.phase == NULLIFY:
            return f"{action.notation!r}: seat {self.leader} (the leader) picks the tile to nullify now"
        kind = getattr(action, "kind", "")
        where = {REDRAW: "redraw", BUILD: "build", TUNE: "tune-up"}[self.phase]
        if kind == "road" and self.phase != BUILD:
            return f"{action.notation!r}: roads are played in the build phase; this is the {where} phase"
        if kind == "tune" and self.phase != TUNE:
            return f"{action.notation!r}: tune-ups are played in the tune-up phase; this is the {where} phase"
        if kind in ("road", "tune", "redraw") and action.args and action.args[0] not in self.hands[self.turn]:
            return f"{action.notation!r}: seat {self.turn} holds no such card"
        if action.kind == "ability" and self.ability_used[self.turn]:
            return "'ability': the car's ability is used once per race (TG-C1) and is spent"
        legal = ", ".join(a.notation for a in self.legal_actions()[:10])
        return (
            f"{action.notation!r} is not legal now for seat {self.turn} in the {where} phase (legal: {legal})"
        )

    def _apply(self, a: Action) -> None:
        k = a.kind
        p = self.turn
        if self.phase == BUILD:
            if k == "road":  # TG-T2: one road onto the end of the shared course
                cid = a.args[0]
                self.hands[p].remove(cid)
                self.course.append((p, cid))
                self.passes = 0
                self.log("road", seat=p, card=self.game.table.cards[cid].name, tile=len(self.course))
            else:
                self.passes += 1
                self.log("pass", seat=p)
            self.turn = 1 - p
            self._advance_build()
        elif self.phase == TUNE:
            if k == "tune":  # TG-T3
                cid, tile = a.args
                self.hands[p].remove(cid)
                self.tunes.append((p, cid, tile))
                self.passes = 0
                self.log(
                    "tune", seat=p, card=self.game.table.cards[cid].name, tile=tile + 1 if tile >= 0 else None
                )
                for e in self.game.table.cards[cid].effects:
                    if e.kind == "draw":  # Hyper-Focused (TG-C4)
                        self._draw(p, e.amount)
            elif k == "ability":  # TG-C6 ruling: activated in the tune-up phase, lasts this battle
                self.ability_used[p] = True
                self.ability_on[p] = True
                self.passes = 0
                self.log("ability", seat=p, ability=self.game.table.cards[self.cars[p]].ability.name)
            else:
                self.passes += 1
                self.log("pass", seat=p)
            self.turn = 1 - p
            self._advance_tune()
        elif self.phase == REDRAW:
            if k == "redraw":  # TG-T1: put back up to N cards, shuffle them in, draw as many
                cid = a.args[0]
                self.hands[p].remove(cid)
                self.aside[p].append(cid)
                self.redraws_left[p] -= 1
                if self.redraws_left[p] == 0:
                    self._finish_redraw(p)
            else:
                self._finish_redraw(p)
        elif self.phase == NULLIFY:
            self.null_tile = a.args[0]
            self.log("nullify", seat=self.leader, tile=self.null_tile + 1)
            self._run_leg()

    # ---------------------------------------------------------------------------- phases
    def _start_redraw(self) -> None:
        self.phase = REDRAW
        self.redraw_stage = 0
        self.turn = self.leader
        n = self.game.options.redraws
        self.redraws_left = [n, n]
        if n == 0:
            self._after_redraw()

    def _finish_redraw(self, p: int) -> None:
        put = self.aside[p]
        if put:
            self.decks[p].extend(put)
            self.aside[p] = []
            self.rng.shuffle(self.decks[p])
            self._draw(p, len(put))
        self.log("redraw", seat=p, count=len(put))
        self.redraw_stage += 1
        if self.redraw_stage == 1:
            self.turn = 1 - self.leader
        else:
            self._after_redraw()

    def _after_redraw(self) -> None:
        if self.game.sudden and self.battle > 1:
            self._start_tune()  # TG-D1 / TG-D4: one course for the race; play resumes at TG-D2

        else:  # TG-T2 each Time Attack battle; TG-D1 the one Sudden Death course
            self.phase = BUILD
            self.turn = self.leader
            self.passes = 0
            self._advance_build()

    def _advance_build(self) -> None:
        """TG-T2: ends when both pass in a row or neither has a road left; a player without a road passes."""
        cards = self.game.table.cards
        while True:
            has = [any(cards[c].kind == "road" for c in self.hands[q]) for q in (0, 1)]
            if self.passes >= 2 or not (has[0] or has[1]):
                self.log("course", tiles=[cards[c].name for _, c in self.course])
                self._start_tune()
                return
            if has[self.turn]:
                return
            self.passes += 1
            self.turn = 1 - self.turn

    def _start_tune(self) -> None:
        self.phase = TUNE
        self.turn = self.leader
        self.passes = 0
        self._advance_tune()

    def _advance_tune(self) -> None:
        """TG-T3: ends when both pass in a row; a player with nothing to play passes."""
        while True:
            if self.passes >= 2:
                self._begin_run()
                return
            acts = self._tune_actions(self.turn)
            if len(acts) > 1:
                self.remember_legal(acts)  # computed anyway: it is this decision's legal list
                return
            self.passes += 1
            self.turn = 1 - self.turn

    def _begin_run(self) -> None:
        self.leg = 0
        self.totals = [0, 0]
        self._begin_leg()

    def _begin_leg(self) -> None:
        """Before each run: a nullifying disaster picks its tile (TG-C5 ruling), asking the leader on ties."""
        self.null_tile = -1
        cands = self._nullify_candidates()
        if len(cands) == 1:
            self.null_tile = cands[0]
            self.log("nullify", seat=None, tile=self.null_tile + 1)
        elif len(cands) > 1:
            self.phase = NULLIFY
            return
        self._run_leg()

    def _nullify_candidates(self) -> list[int]:
        if self.disaster is None or not self.course:
            return []
        cards = self.game.table.cards
        if not any(e.kind == "nullify_top" for e in cards[self.disaster[1]].effects):
            return []
        if self.game.options.nullify_pick == "leader_choice":
            return list(range(len(self.course)))
        d = self.direction
        vals = [cards[c].value[d] for _, c in self.course]
        top = max(vals)
        return [i for i, v in enumerate(vals) if v == top]

    def _run_leg(self) -> None:
        if self.game.sudden:
            self._run_sudden()
        else:
            self._run_time_attack()

    def order(self, direction: int) -> list[int]:
        """Tile order of a run: downhill from tile 1, uphill from the last tile (course_order ruling)."""
        n = len(self.course)
        if direction == UP and self.game.options.course_order == "mountain":
            return list(range(n - 1, -1, -1))
        return list(range(n))

    def _run_time_attack(self) -> None:
        """TG-T4: both cars run the whole course; the higher total wins; a tie wins nothing."""
        scores = tile_scores(self, self.direction)
        tot = [sum(s[0] for s in scores), sum(s[1] for s in scores)]
        bw = 0 if tot[0] > tot[1] else 1 if tot[1] > tot[0] else None
        if bw is not None:
            self.wins[bw] += 1
        self._record_battle(tot, bw, scores)
        # TG-T5: the race ends with 2 wins or after 3 battles
        if max(self.wins) >= 2 or self.battle >= 3:
            w = 0 if self.wins[0] > self.wins[1] else 1 if self.wins[1] > self.wins[0] else None
            self._finish(w)
            return
        self._collect(course_too=True)
        self.direction ^= 1
        self.leader ^= 1
        self.battle += 1
        self._deal(7)
        self._start_redraw()

    def _run_sudden(self) -> None:
        """TG-D3/TG-D4: tile by tile with running totals; reverse once; else the battle ends, no winner."""
        lead = self.leader
        fol = 1 - lead
        margin = self.game.options.lead_margin
        scores = tile_scores(self, self.direction)
        tot = self.totals
        per_tile = []
        for i in self.order(self.direction):
            a, b = scores[i]
            tot[0] += a
            tot[1] += b
            per_tile.append({"tile": i + 1, "scores": [a, b], "totals": list(tot)})
            if tot[lead] - tot[fol] >= margin:  # TG-D3: the starting leader ahead by 12 or more
                self.log("run", direction=DIRECTIONS[self.direction], tiles=per_tile, leg=self.leg)
                self._record_battle(list(tot), lead, None)
                self._finish(lead, reason="lead")
                return
        self.log("run", direction=DIRECTIONS[self.direction], tiles=per_tile, leg=self.leg)
        if tot[fol] > tot[lead]:  # TG-D3: the follower got ahead and is ahead at the end of the course
            self._record_battle(list(tot), fol, None)
            self._finish(fol, reason="overtake")
            return
        if self.leg == 0:  # TG-D4: switch direction and run the course in reverse, totals carry on
            self.leg = 1
            self.direction ^= 1
            self._begin_leg()
            return
        self._record_battle(list(tot), None, None)
        if self.battle >= 3:  # TG-D5: no winner after 3 battles is a draw
            self._finish(None)
            return
        # TG-D4: hands and played tune-ups back to the decks; draw 5, redraw 2; resume at TG-D2
        self._collect(course_too=False)
        self.battle += 1
        self.leader ^= 1
        # the reverse run flipped the direction once; the next battle starts opposite to this one's start
        self.totals = [0, 0]
        self._deal(5)
        self._start_redraw()

    def _record_battle(self, tot: list[int], bw: int | None, scores: list | None) -> None:
        rec = {
            "battle": self.battle,
            "direction": DIRECTIONS[self.direction],
            "leader": self.leader,
            "scores": tot,
            "winner": bw,
        }
        self.battles.append(rec)
        ev = dict(rec)
        if scores is not None:
            ev["tiles"] = [list(s) for s in scores]
        self.log("battle", **ev)
        self.ability_on = [False, False]

    def _collect(self, course_too: bool) -> None:
        """TG-T5 / TG-D4: cards go back to their owners' decks, which are shuffled."""
        for p in (0, 1):
            self.decks[p].extend(self.hands[p])
            self.hands[p] = []
            self.decks[p].extend(self.aside[p])
            self.aside[p] = []
        for p, cid, _ in self.tunes:
            self.decks[p].append(cid)
        self.tunes = []
        if course_too:
            for p, cid in self.course:
                self.decks[p].append(cid)
            self.course = []
        for p in (0, 1):
            self.rng.shuffle(self.decks[p])
        self.null_tile = -1

    def _finish(self, w: int | None, reason: str = "battles") -> None:
        self.over = True
        self.win = w
        self.phase = OVER
        self.log("race_over", winner=w, wins=list(self.wins), reason=reason)

    # ---------------------------------------------------------------------------- information
    def _player_view(self, p: int, me: bool) -> dict:
        t = self.game.table
        car = t.cards[self.cars[p]]
        v = {
            "seat": p,
            "car": car.name,
            "multipliers": {
                "downhill": {"C": car.mult[0][0], "S": car.mult[0][1]},
                "uphill": {"C": car.mult[1][0], "S": car.mult[1][1]},
            },
            "ability": car.ability.name,
            "ability_text": car.ability.text,
            "ability_used": self.ability_used[p],
            "ability_active": self.ability_on[p],
            "hand_count": len(self.hands[p]),
            "deck_count": len(self.decks[p]),
            "redrawing": len(self.aside[p]),
            "removed": sorted(t.cards[c].name for c in self.removed[p]),
            "decklist": self.decklists[p],
        }
        if me:
            v["hand"] = [t.cards[c].name for c in self.hands[p]]
            v["set_aside"] = sorted(t.cards[c].name for c in self.aside[p])
        return v

    def view(self, seat: int | None) -> dict:
        t = self.game.table
        scores = tile_scores(self, self.direction) if self.course else []
        return {
            "game": "touge",
            "mode": self.game.options.mode,
            "phase": self.phase,
            "battle": self.battle,
            "direction": DIRECTIONS[self.direction],
            "leader": self.leader,
            "to_move": self.to_move,
            "wins": list(self.wins),
            "disaster": None
            if self.disaster is None
            else {
                "card": t.cards[self.disaster[1]].name,
                "owner": self.disaster[0],
                "text": t.cards[self.disaster[1]].rec.text,
            },
            "course": [
                {
                    "tile": i + 1,
                    "road": t.cards[c].name,
                    "type": TYPE_NAMES[t.cards[c].rtype],
                    "stars": t.cards[c].stars,
                    "down": t.cards[c].value[0],
                    "up": t.cards[c].value[1],
                    "owner": o,
                    "tuneups": [
                        {"card": t.cards[u].name, "owner": uo} for uo, u, ti in self.tunes if ti == i
                    ],
                    "scores": list(scores[i]) if scores else [0, 0],
                    "nullified": i == self.null_tile,
                }
                for i, (o, c) in enumerate(self.course)
            ],
            "course_tuneups": [{"card": t.cards[u].name, "owner": uo} for uo, u, ti in self.tunes if ti < 0],
            "projected": [sum(s[0] for s in scores), sum(s[1] for s in scores)],
            "totals": list(self.totals),
            "battles": [dict(b) for b in self.battles],
            "players": [self._player_view(p, seat == p) for p in (0, 1)],
            "you": seat,
            "over": self.over,
            "winner": self.win,
        }

    def reveal(self) -> dict:
        t = self.game.table
        v = self.view(None)
        v["hands"] = [[t.cards[c].name for c in h] for h in self.hands]
        v["decks"] = [[t.cards[c].name for c in reversed(d)] for d in self.decks]  # top first
        v["aside"] = [[t.cards[c].name for c in a] for a in self.aside]
        v["turn"] = self.turn
        v["passes"] = self.passes
        v["leg"] = self.leg
        v["rng"] = self.rng.s
        return v

    def census(self) -> dict[int, Counter]:
        out = {
            p: Counter(self.decks[p])
            + Counter(self.hands[p])
            + Counter(self.aside[p])
            + Counter(self.removed[p])
            + Counter([self.cars[p]])
            for p in (0, 1)
        }
        for p, c in self.course:
            out[p][c] += 1
        for p, c, _ in self.tunes:
            out[p][c] += 1
        if self.disaster is not None:
            out[self.disaster[0]][self.disaster[1]] += 1
        return out

    def clone(self) -> TougeState:
        s = TougeState.__new__(TougeState)
        self._copy_base(s)
        s.phase = self.phase
        s.cars = self.cars
        s.decks = [self.decks[0][:], self.decks[1][:]]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.aside = [self.aside[0][:], self.aside[1][:]]
        s.redraws_left = self.redraws_left[:]
        s.course = self.course[:]
        s.tunes = self.tunes[:]
        s.disaster = self.disaster
        s.removed = self.removed  # never changes after set-up
        s.direction = self.direction
        s.leader = self.leader
        s.turn = self.turn
        s.passes = self.passes
        s.battle = self.battle
        s.wins = self.wins[:]
        s.ability_used = self.ability_used[:]
        s.ability_on = self.ability_on[:]
        s.null_tile = self.null_tile
        s.totals = self.totals[:]
        s.leg = self.leg
        s.over = self.over
        s.win = self.win
        s.battles = self.battles[:]
        s.decklists = self.decklists
        s.redraw_stage = self.redraw_stage
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, the other hand and its set-aside cards, and
        the future of the random source. Decklists are open information (docs/rulings.md)."""
        for p in (0, 1):
            # sorted first: the result depends only on what `seat` knows and on `rng` (no-peeking test)
            if p == seat:
                self.decks[p].sort()
                rng.shuffle(self.decks[p])
                continue
            pool = sorted(self.decks[p] + self.hands[p] + self.aside[p])
            rng.shuffle(pool)
            nh, na = len(self.hands[p]), len(self.aside[p])
            self.hands[p] = sorted(pool[:nh])
            self.aside[p] = pool[nh : nh + na]
            self.decks[p] = pool[nh + na :]


def _distinct(hand: list[int]) -> list[int]:
    """Distinct cards of a sorted hand, in order."""
    out = []
    last = -1
    for c in hand:
        if c != last:
            out.append(c)
            last = c
    return out


# ------------------------------------------------------------------------------------------------
# Scoring (TG-S1): road value in the current direction × the multiplier after tune-ups, disaster and
# abilities. Order (docs/rulings.md): car + own additions (course-wide, then the tile's) → ×2 for
# Instinct → the disaster's additions, halvings and caps (unless Foresight) → the opponent's halvings →
# Blindspot takes the better type → nullified tiles score 0.
# ------------------------------------------------------------------------------------------------


class _Profile:
    __slots__ = ("base", "add", "tile_add", "best", "null", "double", "ignore", "halve", "cap")


def _profiles(s: TougeState, direction: int) -> list[_Profile]:
    cards = s.game.table.cards
    profs = []
    for p in (0, 1):
        pr = _Profile()
        pr.base = cards[s.cars[p]].mult[direction]
        pr.add = [0, 0]
        pr.tile_add = {}
        pr.best = set()
        pr.null = set()
        pr.double = False
        pr.ignore = False
        pr.halve = [False, False]
        pr.cap = [None, None]
        profs.append(pr)
    own: list[tuple[int, Any, int]] = [(p, e, tile) for p, cid, tile in s.tunes for e in cards[cid].effects]
    for p in (0, 1):
        if s.ability_on[p]:
            own.extend((p, e, -1) for e in cards[s.cars[p]].effects)
    for p, e, tile in own:
        targets = (p,) if e.who == "self" else (1 - p,) if e.who == "opponent" else (0, 1)
        for q in targets:
            pr = profs[q]
            k = e.kind
            if k == "mult_add":
                if tile >= 0:
                    pr.tile_add[tile] = pr.tile_add.get(tile, 0) + e.amount
                else:
                    for r in _roads(e.road):
                        pr.add[r] += e.amount
            elif k == "nullify":
                pr.null.add(tile)
            elif k == "best_of":
                pr.best.add(tile)
            elif k == "double":
                pr.double = True
            elif k == "ignore_disaster":
                pr.ignore = True
            elif k == "mult_halve":
                for r in _roads(e.road):
                    pr.halve[r] = True
            elif k == "mult_cap":
                for r in _roads(e.road):
                    pr.cap[r] = e.amount if pr.cap[r] is None else min(pr.cap[r], e.amount)
    return profs


def _roads(road: str) -> tuple[int, ...]:
    return (C,) if road == "C" else (S,) if road == "S" else (C, S)


def _disaster_mods(s: TougeState) -> tuple[list[int], list[bool], list[int | None]]:
    add, halve, cap = [0, 0], [False, False], [None, None]
    if s.disaster is not None:
        for e in s.game.table.cards[s.disaster[1]].effects:
            for r in _roads(e.road):
                if e.kind == "mult_add":
                    add[r] += e.amount
                elif e.kind == "mult_halve":
                    halve[r] = True
                elif e.kind == "mult_cap":
                    cap[r] = e.amount if cap[r] is None else min(cap[r], e.amount)
    return add, halve, cap


def _half(m: int) -> int:
    return int(m / 2)  # toward zero (TG-C5)


def multiplier(pr: _Profile, dis: tuple, rtype: int, tile: int) -> int:
    m = pr.base[rtype] + pr.add[rtype] + pr.tile_add.get(tile, 0)
    if pr.double:
        m *= 2
    if not pr.ignore:
        dadd, dhalve, dcap = dis
        m += dadd[rtype]
        if dhalve[rtype]:
            m = _half(m)
        if dcap[rtype] is not None and m > dcap[rtype]:
            m = dcap[rtype]
    if pr.halve[rtype]:
        m = _half(m)
    if pr.cap[rtype] is not None and m > pr.cap[rtype]:
        m = pr.cap[rtype]
    return m


def tile_scores(s: TougeState, direction: int) -> list[tuple[int, int]]:
    """TG-S1: each tile's score for both players in ``direction``."""
    cards = s.game.table.cards
    profs = _profiles(s, direction)
    dis = _disaster_mods(s)
    out = []
    for i, (_, cid) in enumerate(s.course):
        d = cards[cid]
        v = d.value[direction]
        row = []
        for pr in profs:
            if i in pr.null or (i == s.null_tile and not pr.ignore):
                row.append(0)
            elif i in pr.best:
                row.append(v * max(multiplier(pr, dis, C, i), multiplier(pr, dis, S, i)))
            else:
                row.append(v * multiplier(pr, dis, d.rtype, i))
        out.append((row[0], row[1]))
    return out


def score_course(cars: tuple[Car, Car], roads: list[Road], direction: str) -> tuple[int, int]:
    """TG-S1 on bare cards (no tune-ups, disaster or abilities): the worked example of TG-S2."""
    d = DIRECTIONS.index(direction)
    out = []
    for car in cars:
        mult = ((car.dh_c, car.dh_s), (car.uh_c, car.uh_s))[d]
        out.append(sum((r.down, r.up)[d] * mult[0 if r.type == "C" else 1] for r in roads))
    return out[0], out[1]
