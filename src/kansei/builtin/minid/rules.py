"""Mini D: the state machine (rules digest ids MD-…, see RULES.md and docs/rulings.md).

The race is driven by a small task stack. Everything that happens without a choice (Bunta's drive, a move
roll, a corner, a battle, a crossing) is a task — a tuple ``(step, seat, …)`` whose first item is the
state's method that carries it out — popped by :meth:`MiniDState._run`. A step that needs a decision sets
:attr:`MiniDState.pending` (a :class:`Decision`) and the loop stops until :meth:`MiniDState._apply`
answers it. So a clone is a handful of list copies, and a turn with nothing to decide costs no action.

Whether a racer is asked never depends on hidden cards: a racer holding any kept card is asked at every
moment a kept card could be played (its turn, its DRIFT roll, its battles, its crossing, a skipped turn),
and answers with a card playable then or declines; a racer with an empty hand is not asked (everyone can
see that hand is empty).

Positions are case numbers in the direction of the race: 0 is the start parking (any number of cars),
``1..length`` the road (at most one car per case once every battle is over), ``length + 1`` the finish.
Cards are ints indexing the content's :class:`~.table.Table`; hands are sorted lists, the deck's top is
its end.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError
from kansei.core.protocol import Action, GameOptions, State, local_path_option

from . import views
from .battles import battle
from .corners import drift_end, drift_roll, enter_corner
from .scenario import apply_setup
from .table import BIG, Table, Track
from .terms import (
    ATTACK,
    AURA,
    BATTLE,
    CROSSING,
    DEFEND,
    DISCARD,
    DRAW,
    DRIFT,
    FAILED,
    FINISHED,
    HAND_LIMIT,
    LINE,
    LINES,
    MASTERED,
    NONE,
    OUT,
    RACING,
    SKIP,
    SPRINT,
    SPRINT_LINE,
    TURN,
    Decision,
)

# -- actions (interned: shared by every state of a process, immutable) --------------------------------------

SPRINT_ACTS = tuple(Action(f"sprint {k}", "sprint", (k,)) for k in range(1, SPRINT_LINE + 1))
LINE_ACTS = tuple(Action(f"line {n}", "line", (i,)) for i, n in enumerate(LINES))
ROLL = Action("roll", "roll")
ACCEPT = Action("accept", "accept")
PASS = Action("pass", "pass")
DRAW_ACT = Action("draw", "draw")
DRAW_CHOICES = (DRAW_ACT, PASS)
DECLINE = {TURN: ROLL, SKIP: PASS, DRIFT: ACCEPT, BATTLE: PASS, CROSSING: ACCEPT}

Task = tuple[Any, ...]  # (step method, its arguments…)


class MiniDOptions(GameOptions):
    track: str = local_path_option(
        "akina", max_length=300, description="a track of the content (akina, usui) or a track .toml file"
    )
    uphill: bool = Field(False, description="MD-O3 uphill touge: the track in reverse")
    aspiration: bool = Field(False, description="MD-O1: +1 move behind an opponent on a straight")
    strategies: bool = Field(False, description="MD-O2: choose a cornering line before each DRIFT roll")
    eurobeat: bool = Field(True, description="MD-S1 flavour: turn the Eurobeat up (narration only)")


class MiniDState(State):
    __slots__ = (
        "seats", "table", "track", "aspiration", "strategies", "positions", "status", "skips", "met_bunta",
        "corner_section", "corner_state", "corner_move", "aura", "hands", "waiting", "deck", "discard",
        "bunta", "bunta_driving", "order", "cursor", "round_no", "tasks", "pending", "forced_dice",
        "finished", "out", "ranking", "battle_bonus", "move_bonus", "sprinters", "landings", "over",
    )  # fmt: skip

    seats: int
    table: Table
    track: Track
    aspiration: bool  # MD-O1
    strategies: bool  # MD-O2
    positions: list[int]
    status: list[int]  # RACING, FINISHED or OUT
    skips: list[int]  # turns still to skip (MD-R2: they stack)
    met_bunta: list[bool]  # crossed Bunta already (once per race, MD-R1 ruling)
    corner_section: list[int]  # the corner a racer last drifted into (-1: none)
    corner_state: list[int]  # NONE, MASTERED or FAILED in that corner
    corner_move: list[int]  # MD-O2: the line's movement in that corner once mastered
    aura: int  # who holds Bunta's Aura (MD-N3), -1 for nobody
    hands: list[list[int]]  # kept Event cards, hidden, sorted
    waiting: list[list[int]]  # ⚡ cards waiting face up for a roll
    deck: list[int]
    discard: list[int]
    bunta: int  # his case
    bunta_driving: bool
    order: list[int]  # turn order from the starter
    cursor: int  # 0: Bunta's drive next, k: the k-th racer of the order next
    round_no: int
    tasks: list[Task]
    pending: Decision | None
    forced_dice: list[int]  # a scenario's coming die results, the next one last
    finished: list[int]  # in finishing order
    out: list[int]  # in the order they went out
    ranking: list[int] | None
    battle_bonus: list[int]
    move_bonus: int
    sprinters: list[int]
    landings: list[int | None]
    over: bool

    # ------------------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game: Any, seed: int, seats: int, setup: Any) -> MiniDState:
        s = cls.__new__(cls)
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
        if setup.starter is not None:
            s._begin(setup.starter)
        else:  # MD-S2: everyone sprints, one by one in seat order
            s.sprinters = list(range(seats))
            s.pending = Decision(SPRINT, 0)
        return s

    def _begin(self, starter: int) -> None:
        """MD-S2: play goes round in seat order from the starter."""
        n = self.seats
        self.order = [(starter + i) % n for i in range(n)]
        self.sprinters = []
        self.pending = None
        self.log("start", starter=starter, order=list(self.order))
        self._run()

    # ------------------------------------------------------------------------------ dice
    def _roll(self, sides: int) -> int:
        forced = self.forced_dice
        if forced:
            v = forced.pop()
            if v > sides:
                raise ContentError([f"minid setup: forced die {v} cannot be the result of a d{sides}"])
            return v
        return self.rng.die(sides)

    def reroll(self, p: int, roll: str, old: int) -> int:
        """A card's reroll of a d20 (``roll``: "drift" or "crossing"); the new roll stands."""
        new = self._roll(20)
        self.log("reroll", seat=p, roll=roll, old=old, new=new)
        return new

    # ------------------------------------------------------------------------------ protocol
    @property
    def to_move(self) -> int | None:
        d = self.pending
        return None if d is None or self.over else d.seat

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        return self.ranking[0] if self.ranking is not None else None

    @property
    def players(self) -> int:
        return self.seats

    def returns(self) -> list[float]:
        """MD-W1 placings on a linear scale: +1 for 1st down to -1 for last (0.0 each until the end)."""
        n = self.seats
        out = [0.0] * n
        if self.ranking is not None:
            for i, q in enumerate(self.ranking):
                out[q] = 1.0 - 2.0 * i / (n - 1)
        return out

    def _legal_actions(self) -> Sequence[Action]:
        d = self.pending
        assert d is not None
        kind = d.kind
        if kind == SPRINT:
            return SPRINT_ACTS
        if kind == DRAW:
            return DRAW_CHOICES
        if kind == LINE:
            return LINE_ACTS
        cards = self.table.cards
        out: list[Action] = []
        last = -1
        for c in self.hands[d.seat]:
            if c != last and (kind == DISCARD or cards[c].window == kind):
                out.append(cards[c].discard if kind == DISCARD else cards[c].play)
            last = c
        if kind != DISCARD:
            out.append(DECLINE[kind])
        return out

    def _why_illegal(self, text: str, seat: int) -> str | None:
        from .text import refusal

        return refusal(self, text, seat)

    def _apply(self, a: Action) -> None:
        if self.forced_dice:  # a scenario: a forced die that does not fit its die refuses the action unplayed
            self.clone()._decide(a)
        self._decide(a)

    def _decide(self, a: Action) -> None:
        d = self.pending
        assert d is not None
        self.pending = None
        p = d.seat
        kind = d.kind
        if kind == SPRINT:
            self._sprint(p, a.args[0])
        elif kind == DRAW:
            if a is DRAW_ACT:
                self._draw(p)
            else:
                self.log("no_draw", seat=p)
        elif kind == DISCARD:
            c = a.args[0]
            self.hands[p].remove(c)
            self.discard.append(c)
            self.log("discard", seat=p, card=self.table.cards[c].slug)
            self.tasks.append((MiniDState._hand_limit, p))
        elif kind == LINE:
            drift_roll(self, p, a.args[0])
        elif a.kind == "play":  # a kept card at its moment (its block acts on the decision)
            c = a.args[0]
            card = self.table.cards[c]
            self.hands[p].remove(c)
            self.discard.append(c)
            self.log("play", seat=p, card=card.slug)
            card.effect.impl.play(card.effect.p, self, p, d)
        elif kind == SKIP:  # declined: the turn is skipped
            self._skip(p)
        elif kind == DRIFT:
            drift_end(self, p, d.line, d.die, d.mod, d.master)
        elif kind == CROSSING:
            self._cross_end(p, d.die, d.mod)
        self._run()

    # ------------------------------------------------------------------------------ the driver
    def _run(self) -> None:
        tasks = self.tasks
        while self.pending is None and not self.over:
            if tasks:
                t = tasks.pop()
                n = len(t)  # a step with its arguments, spelt out (twice as fast as t[0](self, *t[1:]))
                if n == 2:
                    t[0](self, t[1])
                elif n == 3:
                    t[0](self, t[1], t[2])
                else:
                    t[0](self, t[1], t[2], t[3])
            else:
                self._next_step()

    def _next_step(self) -> None:
        """A round: Bunta (MD-R1), then every racer in turn order (MD-R2)."""
        c = self.cursor
        if c == 0:
            self.round_no += 1
            self.cursor = 1
            self.log("round", round=self.round_no)
            self._bunta_check()
            if self.bunta_driving:
                self.bunta_drive(self._roll(6), None)
        elif c <= self.seats:
            self.cursor = c + 1
            self._turn(self.order[c - 1])
        else:
            self.cursor = 0

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
            self.pending = Decision(SPRINT, sp[i])
            return
        ok = [q for q in sp if (self.landings[q] or 0) <= SPRINT_LINE]
        if not ok:  # everyone crossed: everyone sprints again
            self.log("sprint_again", seats=list(sp), why="all_crossed")
            self._resprint(sp)
            return
        best = max(self.landings[q] or 0 for q in ok)
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
        self.pending = Decision(SPRINT, seats[0])

    # ------------------------------------------------------------------------------ MD-R1, MD-N Bunta
    def bunta_drive(self, k: int, card: str | None) -> None:
        """MD-R1: Bunta drives k cases towards the start, flat out; each racer he crosses rolls (MD-N)."""
        b = self.bunta
        nb = b - k if b > k else 0
        self.bunta = nb
        self.log("bunta_move", die=k, src=b, dst=nb, card=card)
        pos, status, met = self.positions, self.status, self.met_bunta
        crossed = [q for q in self.order if status[q] == RACING and not met[q] and pos[q] >= nb]
        if len(crossed) > 1:
            crossed.sort(key=lambda q: -pos[q])  # in the order he meets them
        for q in reversed(crossed):
            self.tasks.append((MiniDState.cross_bunta, q))

    def cross_bunta(self, p: int) -> None:
        """MD-N: the racer rolls 1d20 for crossing Bunta (once per race, MD-R1 ruling)."""
        if self.status[p] != RACING or self.met_bunta[p]:
            return
        self.met_bunta[p] = True
        self.ask_crossing(p, self._roll(20), AURA if self.aura == p else 0)

    def ask_crossing(self, p: int, die: int, mod: int) -> None:
        """A racer holding cards may answer the crossing roll (Ange gardien); else it stands."""
        if self.hands[p]:
            self.pending = Decision(CROSSING, p, die=die, mod=mod)
        else:
            self._cross_end(p, die, mod)

    def _cross_end(self, p: int, n: int, mod: int) -> None:
        total = n + mod
        prev = None
        if n == 1:  # MD-N2 Bunta's Judgement: into the ravine
            outcome = "judgement"
        elif n == 20:  # MD-N3 Bunta's Aura: +3 to every roll; the previous holder loses it
            outcome = "aura"
            prev = self.aura if self.aura >= 0 else None
            self.aura = p
        elif total < 10:  # MD-N1 emergency braking
            outcome = "brake"
            self.skips[p] += 1
        else:  # MD-N1
            outcome = "clear"
        self.log("crossing", seat=p, die=n, total=total, outcome=outcome, previous=prev)
        if n == 1:
            self._go_out(p)
        self._bunta_check()

    def _bunta_check(self) -> None:
        """MD-R1: once Bunta has passed every racer still in the race he stops moving."""
        if self.bunta_driving and not self.over:
            status, met = self.status, self.met_bunta
            if all(status[q] != RACING or met[q] for q in range(self.seats)):
                self.bunta_driving = False
                self.log("bunta_gone", case=self.bunta)

    # ------------------------------------------------------------------------------ MD-R2 a racer's turn
    def _turn(self, p: int) -> None:
        if self.status[p] != RACING:
            return
        if self.skips[p]:  # MD-R2: skipped turns stack; one is used up per turn
            if self.hands[p]:  # asked: a card may cancel the skip (Réflexes de livreur)
                self.pending = Decision(SKIP, p)
            else:
                self._skip(p)
            return
        self.take_turn(p)

    def play_again(self, p: int) -> None:
        """A turn of ``p``'s own after everything now in progress (Deuxième souffle, Kansei dorifuto)."""
        self.tasks.insert(0, (MiniDState._turn, p))

    def _skip(self, p: int) -> None:
        self.skips[p] -= 1
        self.log("skip", seat=p, left=self.skips[p])

    def take_turn(self, p: int) -> None:
        """MD-R2: the turn proper: cards before the roll, the move, then the end of the turn (MD-E1)."""
        self.log("turn", seat=p, round=self.round_no)
        self.tasks.append((MiniDState._end_turn, p))
        self.move_bonus = 0
        if self.hands[p] and not self._crawling(p):
            self.tasks.append((MiniDState._move, p))
            self.pending = Decision(TURN, p)
        else:
            self._move(p)

    def ask_turn_card(self, p: int) -> None:
        """After a card before the roll: a racer with cards left is asked again."""
        if self.hands[p]:
            self.pending = Decision(TURN, p)

    def _crawling(self, p: int) -> bool:
        sec = self.track.section_at[self.positions[p]]
        return sec >= 0 and sec == self.corner_section[p] and self.corner_state[p] == FAILED

    def _move(self, p: int) -> None:
        """MD-R2: roll 1d6 and move forward — or crawl one case in a failed corner (MD-C3)."""
        if self.status[p] != RACING:
            return
        x = self.positions[p]
        sec = self.track.section_at[x]
        in_corner = sec >= 0 and sec == self.corner_section[p]
        if in_corner and self.corner_state[p] == FAILED:  # MD-C3
            self.move_bonus = 0
            self.forward(p, 1, None, "crawl")
            return
        n = self._roll(6)
        total = n + self.move_bonus
        self.move_bonus = 0
        if self.aura == p:  # MD-N3
            total += AURA
        if self.waiting[p]:
            total += self._trigger(p, "move")
        if self.aspiration and self._aspiration(p, x):  # MD-O1
            total += 1
        if in_corner and self.corner_state[p] == MASTERED:  # MD-O2 (+2 / -2 in this corner)
            total += self.corner_move[p]
        self.forward(p, total if total > 1 else 1, n, "move")

    def _aspiration(self, p: int, x: int) -> bool:
        """MD-O1: on a straight, an opponent ahead on the same straight with 4 cases or fewer between."""
        end = self.track.straight_end[x]
        if end < 0:
            return False
        lim = x + 5 if x + 5 < end else end
        pos, status = self.positions, self.status
        return any(q != p and status[q] == RACING and x < pos[q] <= lim for q in range(self.seats))

    def _trigger(self, p: int, roll: str) -> int:
        """Waiting ⚡ cards for ``roll`` act now and go to the discard pile; returns their total."""
        cards = self.table.cards
        used = [c for c in self.waiting[p] if cards[c].waits == roll]
        if not used:
            return 0
        self.waiting[p] = [c for c in self.waiting[p] if cards[c].waits != roll]
        self.discard.extend(used)
        total = sum(cards[c].effect.impl.amount(cards[c].effect.p) for c in used)
        self.log("trigger", seat=p, cards=[cards[c].slug for c in used], amount=total)
        return total

    def forward(self, p: int, steps: int, die: int | None, why: str, card: str | None = None) -> None:
        """A forward move of ``steps`` cases; stops at a corner's first case (MD-C1, first priority), level
        with the first opponent met (MD-F1) or on the finish line; Bunta passed is crossed (MD-R1)."""
        tr = self.track
        pos = self.positions
        x = pos[p]
        stop = x + steps
        reason = None
        cf = tr.next_corner[x]
        if cf <= stop:  # MD-C1: entering a corner stops the car on its first case
            stop = cf
            reason = "corner"
        length = tr.length
        status = self.status
        opp = -1
        oc = BIG
        for q in range(self.seats):
            if q != p and status[q] == RACING:
                y = pos[q]
                if x < y <= length and y < oc:
                    oc = y
                    opp = q
        if oc < stop or (oc == stop and reason is None):  # MD-F1 (at the corner case: corner first)
            stop = oc
            reason = "battle"
        elif stop > length:
            stop = length + 1
            reason = "finish"
        pos[p] = stop
        self.log("move", seat=p, src=x, dst=stop, die=die, steps=steps, why=why, card=card, stop=reason)
        tasks = self.tasks
        if reason == "corner":
            tasks.append((MiniDState._land, p, ATTACK))
            tasks.append((enter_corner, p))
        elif reason == "battle":
            tasks.append((battle, p, opp))
        elif reason == "finish":
            tasks.append((MiniDState.finish_race, p))
        if self.bunta_driving and not self.met_bunta[p] and stop >= self.bunta:  # MD-R1 ruling: past Bunta
            tasks.append((MiniDState.cross_bunta, p))

    def place_back(self, p: int, target: int, why: str, card: str | None = None) -> None:
        """A car put back (battles, cards): it enters no corner; level with an opponent it defends (MD-F3)."""
        if target < 0:
            target = 0
        x = self.positions[p]
        self.positions[p] = target
        self.log("place", seat=p, src=x, dst=target, why=why, card=card)
        if target >= 1:
            self.tasks.append((MiniDState._land, p, DEFEND))

    def _land(self, p: int, role: int) -> None:
        """After a stop: an opponent on the same case starts a battle (MD-F1 / MD-F3)."""
        if self.status[p] != RACING:
            return
        x = self.positions[p]
        if x < 1 or x > self.track.length:
            return
        pos, status = self.positions, self.status
        for q in range(self.seats):
            if q != p and status[q] == RACING and pos[q] == x:
                self.tasks.append((battle, p, q) if role == ATTACK else (battle, q, p))
                return

    # ------------------------------------------------------------------------------ MD-W1 the end
    def finish_race(self, p: int) -> None:
        if self.status[p] != RACING:
            return
        self.status[p] = FINISHED
        self.positions[p] = self.track.length + 1
        self.corner_section[p] = -1
        self.finished.append(p)
        self.log("finish", seat=p, place=len(self.finished))
        self._retire(p)
        self._check_end()

    def _go_out(self, p: int) -> None:
        self.status[p] = OUT
        self.out.append(p)
        self.log("out", seat=p, case=self.positions[p])
        self._retire(p)
        self._check_end()

    def _retire(self, p: int) -> None:
        """A racer who finished or went out discards their Event cards (kept and waiting)."""
        if self.hands[p] or self.waiting[p]:
            self.discard.extend(self.hands[p])
            self.discard.extend(self.waiting[p])
            self.hands[p] = []
            self.waiting[p] = []

    def _check_end(self) -> None:
        """MD-W1 ruling: the race ends when the placings can no longer change (at most one racer left)."""
        racing = [q for q in range(self.seats) if self.status[q] == RACING]
        if len(racing) > 1:
            return
        # finishers in order, then the last racer still driving, then racers out, last out first
        self.ranking = self.finished + racing + self.out[::-1]
        self.over = True
        self.pending = None
        self.tasks.clear()
        self.log("race_over", placings=list(self.ranking), finished=list(self.finished), out=list(self.out))

    # ------------------------------------------------------------------------------ MD-E events
    def _end_turn(self, p: int) -> None:
        """End of a turn: an Event case stopped on lets the racer draw (MD-E1), then the hand limit."""
        if (
            self.status[p] == RACING
            and self.track.is_event[self.positions[p]]
            and (self.deck or self.discard)
        ):
            self.tasks.append((MiniDState._hand_limit, p))
            self.pending = Decision(DRAW, p)
        elif len(self.hands[p]) > HAND_LIMIT:
            self.pending = Decision(DISCARD, p)

    def _hand_limit(self, p: int) -> None:
        if len(self.hands[p]) > HAND_LIMIT:  # MD-E1: keep at most 3 at the end of your turn
            self.pending = Decision(DISCARD, p)

    def _draw(self, p: int) -> None:
        if not self.deck:  # the discard pile, shuffled, becomes the deck
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.log("reshuffle", cards=len(self.deck))
        c = self.deck.pop()
        card = self.table.cards[c]
        if not card.bolt:  # kept: the others see that a card was drawn, not which
            insort(self.hands[p], c)
            self.log("drew", seat=p)
            self.log_private(p, "drew_card", seat=p, card=card.slug)
            return
        self.log("bolt", seat=p, card=card.slug)  # ⚡: played at once, face up
        if card.waits is not None:
            self.waiting[p].append(c)  # waits face up; not counted in the hand
            return
        self.discard.append(c)
        card.effect.impl.run(card.effect.p, self, p, card.slug)

    # ------------------------------------------------------------------------------ information
    def view(self, seat: int | None) -> dict:
        """What ``seat`` sees (None: a spectator); cards by id (slug): ``game.cards(lang)`` names them."""
        return views.view(self, seat)

    def reveal(self) -> dict:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
        """Every Event card is in the deck, a hand, waiting face up or in the discard pile (owner -1: the
        shared deck)."""
        c = Counter(self.deck)
        c.update(self.discard)
        for h in self.hands:
            c.update(h)
        for w in self.waiting:
            c.update(w)
        return {-1: c}

    def clone(self) -> MiniDState:
        s = MiniDState.__new__(MiniDState)
        self._copy_base(s)
        s.seats = self.seats
        s.table = self.table
        s.track = self.track
        s.aspiration = self.aspiration
        s.strategies = self.strategies
        s.positions = self.positions[:]
        s.status = self.status[:]
        s.skips = self.skips[:]
        s.met_bunta = self.met_bunta[:]
        s.corner_section = self.corner_section[:]
        s.corner_state = self.corner_state[:]
        s.corner_move = self.corner_move[:]
        s.aura = self.aura
        s.hands = [h[:] for h in self.hands]
        s.waiting = [w[:] for w in self.waiting]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.bunta = self.bunta
        s.bunta_driving = self.bunta_driving
        s.order = self.order  # never changes once the race has begun (replaced, never mutated)
        s.cursor = self.cursor
        s.round_no = self.round_no
        s.tasks = self.tasks[:]
        s.pending = self.pending  # immutable
        s.forced_dice = self.forced_dice[:]
        s.finished = self.finished[:]
        s.out = self.out[:]
        s.ranking = self.ranking  # set once, at the end
        s.battle_bonus = self.battle_bonus[:]
        s.move_bonus = self.move_bonus
        s.sprinters = self.sprinters[:]
        s.landings = self.landings[:]
        s.over = self.over
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: the deck order, the other racers' hands, the dice to come."""
        self.forced_dice = []
        others = [q for q in range(self.seats) if q != seat]
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


def __getattr__(name: str) -> Any:
    """``rules.MiniD``: the game class lives in :mod:`.game` (imported lazily: it imports this module)."""
    if name == "MiniD":
        from .game import MiniD

        return MiniD
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DECLINE", "LINE_ACTS", "SPRINT_ACTS", "MiniDOptions", "MiniDState"]
