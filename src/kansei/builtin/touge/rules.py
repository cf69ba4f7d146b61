"""Touge Card Game: the game and its state machine for both modes (rules digest ids TG-…, see RULES.md).

Cards are ints (indices into the game's :class:`~.table.Table`); zones are lists of ints, so a clone is a
handful of list copies. Decks are drawn from the end of the list (the end is the top). Hands are kept
sorted, so the same hand always lists its actions in the same order.

Every seat whose turn it is in an alternating phase is asked, whether or not it holds a road or a
tune-up (that is hidden information): a seat with nothing to play has the single action ``pass``, and
every pass is logged alike.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple

from pydantic import Field

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import Action, DuelState, Game, GameOptions

from . import decks as deckdata
from . import views
from .cards import load_catalog
from .scenario import DIRECTIONS, TougeSetup, deal, set_up
from .scoring import run_order, tile_scores, walk, wipe_candidates
from .table import ABILITY, DONE, PASS, ROAD, TUNE, Deck, Table, table, table_for

C, S = 0, 1  # road types
DOWN, UP = 0, 1  # directions

# phases
REDRAW, BUILD, TUNE_PHASE, NULLIFY, OVER = "redraw", "build", "tune", "nullify", "over"


class TougeOptions(GameOptions):
    mode: Literal["time_attack", "sudden_death"] = "time_attack"
    # TG-C5 ruling: disasters that nullify pick the highest tile; "leader_choice" lets the leader pick any.
    nullify_pick: Literal["highest", "leader_choice"] = "highest"
    # docs/rulings.md: downhill runs from tile 1, uphill from the last tile; "built" runs from tile 1 and
    # the Sudden Death return run back from the last tile (TG-D4).
    course_order: Literal["mountain", "built"] = "mountain"
    # TG-T0: coins decide, or the players agree.
    first_direction: Literal["coin", "downhill", "uphill"] = "coin"
    first_leader: Literal["coin", "seat0", "seat1"] = "coin"
    disaster_draw: bool = True  # TG-T0 (off: race without a disaster)
    redraws: int = Field(default=2, ge=0, le=7)  # TG-T1 / TG-D0
    lead_margin: int = Field(default=12, ge=1, le=999)  # TG-D3


class Touge(Game):
    id = "touge"
    name = "Touge Card Game"
    Options = TougeOptions
    Setup = TougeSetup
    min_players = 2
    max_players = 2
    languages = ("en",)

    options: TougeOptions
    table: Table
    sudden: bool

    def __init__(self, *, content: Path | str | None = None, **options: Any):
        super().__init__(content=content, **options)
        if self.content_path is None:
            self.table = table()
        else:
            self.table = table_for(str(self.content_path.resolve()), self.content_digest())
        self.sudden = self.options.mode == "sudden_death"

    # -- decks --------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return list(self.table.starter_names)

    def starter_deck(self, name: str) -> dict[str, Any]:
        return deckdata.starter_deck(self.table, name)

    def load_deck(self, path: Path) -> dict[str, Any]:
        return deckdata.load_deck(Path(path))

    def deck_problems(self, deck: Any) -> list[str]:
        name = deck.get("name") if isinstance(deck, dict) else None
        where = f"deck {shorten(name, 40)!r}" if isinstance(name, str) else "deck"
        return deckdata.deck_problems(self.table, deck, where)

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cars/roads/tuneups/disasters/decks.toml) or a deck file."""
        path = Path(path)
        try:
            if path.is_dir():
                load_catalog(path, prefix=str(path))
                return []
            data = self.load_deck(path)
        except ContentError as e:
            return e.problems
        return deckdata.deck_problems(self.table, data, str(path))

    # -- protocol -------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> TougeState:
        specs = self.two_decks(decks)
        built = [deckdata.resolve(self.table, specs[i], i) for i in range(2)]
        return TougeState.new(self, seed, built, setup)

    def test_configs(self) -> list[dict[str, Any]]:
        return [
            {"options": {"mode": "time_attack"}, "players": 2},
            {"options": {"mode": "sudden_death"}, "players": 2},
            {"options": {"mode": "time_attack", "nullify_pick": "leader_choice"}, "players": 2},
            {"options": {"mode": "sudden_death", "course_order": "built"}, "players": 2},
        ]

    # -- hooks for tools ----------------------------------------------------------------------
    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        self.check_lang(lang)
        return views.card_faces(self.table)

    def action_space(self) -> list[str]:
        return views.action_space(self.table)

    def observation_spec(self, players: int = 2) -> list[str]:
        return views.observation_spec(self.table)

    def encode_view(self, view: dict[str, Any], seat: int | None) -> list[float]:
        return views.encode_view(self.table, view, seat)

    def menu_group(self, state: Any, action: Action, lang: str = "en") -> str | None:
        """A long menu groups the tune-ups by card (then the tile is picked); other actions stand alone."""
        self.check_lang(lang)
        if action.kind != TUNE:
            return None
        card = self.table.cards[action.args[0]]
        return f"tune-up {card.name}: {getattr(card.rec, 'text', '')}"


class Battle(NamedTuple):
    """One finished battle, as ``view`` reports it."""

    battle: int
    direction: str
    leader: int
    scores: tuple[int, int]
    winner: int | None


class TougeState(DuelState):
    __slots__ = (
        "phase", "cars", "decks", "hands", "aside", "redraws_left", "course", "tunes", "disaster",
        "removed", "direction", "leader", "turn", "passes", "battle", "wins", "ability_used",
        "ability_on", "null_tile", "totals", "leg", "battles", "decklists", "redraw_stage",
    )  # fmt: skip

    game: Touge
    phase: str
    cars: tuple[int, int]
    decks: list[list[int]]  # top = end of the list
    hands: list[list[int]]  # sorted
    aside: list[list[int]]  # cards marked for a redraw
    redraws_left: list[int]
    course: list[tuple[int, int]]  # (owner, road)
    tunes: list[tuple[int, int, int]]  # (owner, tune-up, tile or -1 for the whole course)
    disaster: tuple[int, int] | None  # (owner, card)
    removed: list[list[int]]  # disasters out of the race (TG-T0)
    direction: int
    leader: int
    turn: int
    passes: int  # passes in a row in the current phase
    battle: int
    wins: list[int]
    ability_used: list[bool]
    ability_on: list[bool]
    null_tile: int  # the tile the disaster wipes this run, -1 for none
    totals: list[int]  # Sudden Death running totals
    leg: int  # Sudden Death: 0 the first run of a battle, 1 the return run
    battles: list[Battle]
    decklists: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]  # open information
    redraw_stage: int  # 0: the leader redraws, 1: the follower

    # ---------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, game: Touge, seed: int, built: list[Deck], setup: TougeSetup) -> TougeState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.cars = (built[0].car, built[1].car)
        s.decks = [list(built[0].cards), list(built[1].cards)]
        s.decklists = (built[0].decklist, built[1].decklist)
        s.hands = [[], []]
        s.aside = [[], []]
        s.redraws_left = [0, 0]
        s.course = []
        s.tunes = []
        s.disaster = None
        s.removed = [[], []]
        s.direction = s.leader = s.turn = s.passes = 0
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
        set_up(s, setup)
        s._start_redraw()
        return s

    def draw(self, p: int, n: int, dealt: Sequence[int] = ()) -> int:
        """``p`` draws ``n`` cards (fewer from a short deck): the count is public, the cards private."""
        deck, hand = self.decks[p], self.hands[p]
        n = max(0, min(n, len(deck)))
        got = list(dealt)
        for _ in range(n):
            c = deck.pop()
            insort(hand, c)
            got.append(c)
        if got:
            cards = self.game.table.cards
            self.log("drew", seat=p, count=len(got))
            self.log_private(p, "drew_cards", seat=p, cards=[cards[c].name for c in got])
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
            out: list[Action] = [
                a
                for c in _distinct(self.hands[p])
                if (a := cards[c].act) is not None and cards[c].kind == ROAD
            ]
            out.append(PASS)
            return out
        if ph == TUNE_PHASE:
            return self._tune_actions(p)
        if ph == REDRAW:
            out = []
            if self.redraws_left[p] > 0:
                out = [a for c in _distinct(self.hands[p]) if (a := cards[c].redraw) is not None]
            out.append(DONE)
            return out
        if ph == NULLIFY:
            return [views.nullify_act(i) for i in self.nullify_candidates()]
        return []

    def _tune_actions(self, p: int) -> list[Action]:
        cards = self.game.table.cards
        out = []
        course = self.course
        for c in _distinct(self.hands[p]):
            d = cards[c]
            if d.kind != TUNE:
                continue
            want = d.tile_road
            if want is None:
                if d.act is not None:
                    out.append(d.act)
                continue
            for i, (_, rid) in enumerate(course):
                if want < 0 or cards[rid].rtype == want:
                    out.append(d.tile_action(i))
        if not self.ability_used[p]:
            out.append(ABILITY)
        out.append(PASS)
        return out

    def _why_illegal(self, text: str, seat: int) -> str:
        """A refusal told to the seat to move: the phase, its own hand, the spent ability."""
        return views.refusal(self, text)

    def _public_notation(self, action: Action) -> str:
        """A redraw names a card in hand: the others are told only that a card was put back."""
        if action.kind == "redraw":
            return "redraw a card"
        return action.notation

    def _apply(self, a: Action) -> None:
        k = a.kind
        p = self.turn
        cards = self.game.table.cards
        if self.phase == BUILD:
            if k == "road":  # TG-T2: one road onto the end of the shared course
                cid = a.args[0]
                self.hands[p].remove(cid)
                self.course.append((p, cid))
                self.passes = 0
                self.log("road", seat=p, card=cards[cid].name, tile=len(self.course))
            else:  # TG-T2: a pass, whether or not the seat held a road (hidden)
                self.passes += 1
                self.log("pass", seat=p, phase=BUILD)
            self.turn = 1 - p
            if self.passes >= 2:  # TG-T2: building ends when both pass in a row
                self.log("course", tiles=[cards[c].name for _, c in self.course])
                self._start_tune()
        elif self.phase == TUNE_PHASE:
            if k == "tune":  # TG-T3
                cid, tile = a.args
                self.hands[p].remove(cid)
                self.tunes.append((p, cid, tile))
                self.passes = 0
                self.log("tune", seat=p, card=cards[cid].name, tile=tile + 1 if tile >= 0 else None)
                if cards[cid].draws:  # Hyper-Focused (TG-C4)
                    self.draw(p, cards[cid].draws)
            elif k == "ability":  # TG-C6 ruling: switched on in the tune-up phase, lasts this battle
                self.ability_used[p] = True
                self.ability_on[p] = True
                self.passes = 0
                car = cards[self.cars[p]]
                self.log("ability", seat=p, ability=car.ability.name if car.ability else "")
                if car.draws:
                    self.draw(p, car.draws)
            else:
                self.passes += 1
                self.log("pass", seat=p, phase=TUNE_PHASE)
            self.turn = 1 - p
            if self.passes >= 2:  # TG-T3: ends when both pass in a row
                self._begin_run()
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
            cards = self.game.table.cards
            self.log_private(p, "put_back", seat=p, cards=[cards[c].name for c in put])
        self.log("redraw", seat=p, count=len(put))
        if put:
            self.decks[p].extend(put)
            self.aside[p] = []
            self.rng.shuffle(self.decks[p])
            self.draw(p, len(put))
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

    def _start_tune(self) -> None:
        self.phase = TUNE_PHASE
        self.turn = self.leader
        self.passes = 0

    def _begin_run(self) -> None:
        self.leg = 0
        self.totals = [0, 0]
        self._begin_leg()

    def _begin_leg(self) -> None:
        """Before each run: a nullifying disaster picks its tile (TG-C5 ruling), asking the leader on ties."""
        self.null_tile = -1
        cands = self.nullify_candidates()
        if len(cands) == 1:
            self.null_tile = cands[0]
            self.log("nullify", seat=None, tile=self.null_tile + 1)
        elif len(cands) > 1:
            self.phase = NULLIFY
            return
        self._run_leg()

    def nullify_candidates(self) -> list[int]:
        """The tiles a nullifying disaster may wipe before this run (public: the course and the disaster)."""
        return wipe_candidates(self, self.direction)

    def _run_leg(self) -> None:
        if self.game.sudden:
            self._run_sudden()
        else:
            self._run_time_attack()

    def _run_time_attack(self) -> None:
        """TG-T4: both cars run the whole course; the higher total wins; a tie wins nothing."""
        scores = tile_scores(self, self.direction)
        tot = (sum(s[0] for s in scores), sum(s[1] for s in scores))
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
        self._next_battle(7)

    def _run_sudden(self) -> None:
        """TG-D3/TG-D4: tile by tile with running totals; reverse once; else the battle ends, no winner."""
        lead = self.leader
        fol = 1 - lead
        margin = self.game.options.lead_margin
        scores = tile_scores(self, self.direction)
        tot = self.totals
        per_tile, won = walk(scores, run_order(self, self.direction, self.leg), tot, lead, margin)
        self.log("run", direction=DIRECTIONS[self.direction], tiles=per_tile, leg=self.leg)
        if won:  # TG-D3: the starting leader ahead by 12 or more after a tile
            self._record_battle((tot[0], tot[1]), lead, None)
            self._finish(lead, reason="lead")
            return
        if tot[fol] > tot[lead]:  # TG-D3: the follower got ahead and is ahead at the end of the course
            self._record_battle((tot[0], tot[1]), fol, None)
            self._finish(fol, reason="overtake")
            return
        if self.leg == 0:  # TG-D4: switch direction and run the course in reverse, totals carry on
            self.leg = 1
            self.direction ^= 1
            self._begin_leg()
            return
        self._record_battle((tot[0], tot[1]), None, None)
        if self.battle >= 3:  # TG-D5: no winner after 3 battles is a draw
            self._finish(None)
            return
        # TG-D4: hands and played tune-ups back to the decks; draw 5, redraw 2; resume at TG-D2
        self._collect(course_too=False)
        self.leader ^= 1
        # the reverse run flipped the direction once; the next battle starts opposite to this one's start
        self.totals = [0, 0]
        self._next_battle(5)

    def _next_battle(self, hand: int) -> None:
        self.battle += 1
        self.leg = 0
        self.log("battle_start", battle=self.battle, direction=DIRECTIONS[self.direction], leader=self.leader)
        deal(self, hand)
        self._start_redraw()

    def _record_battle(
        self, tot: tuple[int, int], bw: int | None, scores: list[tuple[int, int]] | None
    ) -> None:
        rec = Battle(self.battle, DIRECTIONS[self.direction], self.leader, tot, bw)
        self.battles.append(rec)
        ev = views.battle_dict(rec)
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
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
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
