"""Card Race Stampede!!: the state — what it holds, what it can be asked, how cards move, and its copies.

Representation (the hot path of search, so plain lists of ints):

- every physical card of a game is a *uid*: seat 0's cards are ``0 … seat1_start - 1``, seat 1's the rest;
  ``card_of[uid]`` is its :class:`~.table.CardDef` (the printed card);
- ``field`` holds the top card of each machine zone as six uids, ``seat * 3 + zone`` (zones: ``LEFT``,
  ``CENTER``, ``RIGHT``; -1 empty); the center slot mirrors the top of ``centers[seat]``, the stack
  (bottom first, ST-F2);
- ``tapped`` is laid out like ``field`` (the center's flag belongs to the zone: a card exposed by a
  destroyed top keeps it);
- decks are lists with the top at the end; hands and discard piles are lists of uids;
- a state and its copies share their decks, hands, discard piles and center stacks until either changes
  one (``own_decks()`` and the like: copy-on-write, since most steps of a search leave them alone);
- the per-seat pairs that change seldom (``distance``, ``forcing_until``, ``force_lift``) are tuples,
  replaced whole on a change (:func:`replaced`), so copies share them;
- pending effects and response windows live in ``windows`` (:class:`~kansei.core.windows.Windows`, ST-T6),
  whose items are the named tuples below.

The layers of the state, each a class on top of the previous one: :class:`Board` (this module: the
fields, queries, card movements, copies, census and resampling), ``combat.Combat`` (attacks, runs, the
goal), ``responses.Responses`` (abilities and response windows), ``setup.SetUp`` (set-up and scenarios)
and ``rules.StampedeState`` (phases, the legal actions of a turn and applying them; the protocol's
hooks). What a seat sees is :mod:`.views`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Self

from kansei.core.protocol import Action, DuelState, RecordField
from kansei.core.windows import Windows

from . import steps
from .cards import Ability
from .items import (
    ABILITY_EVENT,
    ATTACK_EVENT,
    CALL_EVENT,
    COMBAT_EVENT,
    DESTROYED_EVENT,
    DRAW_EVENT,
    DREW_EVENT,
    END_TURN_EVENT,
    EXPOSED_EVENT,
    HIT_EVENT,
    NOTHING_KNOWN,
    PHASE_EVENT,
    RESOLVED_EVENT,
    RUN_DECLARED_EVENT,
    RUN_EVENT,
    STATS_EVENT,
    STAYS_EVENT,
    TAP_EVENT,
    TURN_EVENT,
    UNTAP_EVENT,
    AbilityItem,
    AttackItem,
    DeadHeatItem,
    DeckList,
    FizzledItem,
    Known,
    LossItem,
    PlacedItem,
    RunItem,
    StatMod,
    replaced,
)
from .race import (
    BATTLE,
    CENTER,
    CHOOSE_CENTER,
    CHOOSE_ORDER,
    DRAW,
    END,
    EVENT,
    KEEPER_WINDOWS,
    LEFT,
    MAIN,
    OVER,
    REPAIR,
    RESPONSE_WINDOWS,
    RIGHT,
    SETUP_PHASES,
    W_ATTACK,
    W_CHOICE,
    W_DEAD_HEAT,
    W_DECKOUT,
    W_EFFECT,
    W_GOAL,
    W_RUN,
    ZONES,
    Race,
)
from .table import CardDef, can_start

if TYPE_CHECKING:  # pragma: no cover
    from .game import Stampede
    from .setup import Plan


class Board(DuelState):
    """The state of a race and the moves of cards; the rules of a turn are in the layers above."""

    __slots__ = ("race", "reason", "rps_winner", "pending_setup", "decklists")

    game: Stampede
    race: Race  # everything the turns read and change (race.py): the compiled rules' record
    reason: str  # how the race ended: "goal" or "deck-out"
    rps_winner: int  # who won rock-paper-scissors (-1 until thrown)
    pending_setup: Plan | None  # a scenario's cards waiting for both first machines (ST-S1)
    decklists: tuple[DeckList, DeckList]  # as the race began; shared by every copy

    # the race's fields, read through the state under their own names: for the views, texts, refusals and
    # tests, which knew them as the state's (the rules read ``state.race`` itself; see Race for each)
    card_of: RecordField[tuple[CardDef, ...]] = RecordField("race")
    seat1_start: RecordField[int] = RecordField("race")
    decks: RecordField[list[list[int]]] = RecordField("race")
    hands: RecordField[list[list[int]]] = RecordField("race")
    discard: RecordField[list[list[int]]] = RecordField("race")
    centers: RecordField[list[list[int]]] = RecordField("race")
    field: RecordField[list[int]] = RecordField("race")
    tapped: RecordField[list[bool]] = RecordField("race")
    damage: RecordField[dict[int, int]] = RecordField("race")
    stat_mods: RecordField[list[StatMod]] = RecordField("race")
    distance: RecordField[tuple[int, int]] = RecordField("race")
    turn: RecordField[int] = RecordField("race")
    start_turn: RecordField[int] = RecordField("race")
    active: RecordField[int] = RecordField("race")
    first: RecordField[int] = RecordField("race")
    phase: RecordField[str] = RecordField("race")
    double_action_used: RecordField[list[int]] = RecordField("race")
    used_this_turn: RecordField[list[tuple[int, int]]] = RecordField("race")
    forcing_until: RecordField[tuple[int, int]] = RecordField("race")
    force_lift: RecordField[tuple[tuple[int, int], tuple[int, int]]] = RecordField("race")
    leader: RecordField[int] = RecordField("race")
    windows: RecordField[Windows] = RecordField("race")
    known: RecordField[Known] = RecordField("race")

    # -- implemented by the layers above (steps.py calls them through the state) -------------------
    def _trigger(self, p: int, uid: int, ab: Ability) -> None:
        raise NotImplementedError  # responses.Responses

    def _run(self) -> None:
        raise NotImplementedError  # rules.StampedeState

    def can_respond(self, seat: int, kind: str) -> bool:
        raise NotImplementedError  # responses.Responses (the window host)

    def resolve(self, item: tuple[Any, ...]) -> None:
        raise NotImplementedError  # responses.Responses (the window host)

    def _resolve_ability(self, item: AbilityItem) -> None:
        raise NotImplementedError  # responses.Responses

    def _trigger_actions(self) -> list[Action]:
        raise NotImplementedError  # responses.Responses

    def _keeper_actions(self, p: int, kind: str, out: list[Action]) -> None:
        raise NotImplementedError  # responses.Responses

    def _procedure_actions(self, p: int, u: int, d: CardDef, out: list[Action]) -> None:
        raise NotImplementedError  # responses.Responses

    def _notation(self, kind: str, d: CardDef, zone: int, ab_index: int, ch: tuple[Any, ...]) -> str:
        raise NotImplementedError  # responses.Responses

    def _setup_actions(self) -> list[Action]:
        raise NotImplementedError  # rules.StampedeState

    def _apply_other(self, kind: str, args: tuple[Any, ...]) -> None:
        raise NotImplementedError  # rules.StampedeState

    # -- queries ------------------------------------------------------------------------------------
    def owner(self, uid: int) -> int:
        return 0 if uid < self.race.seat1_start else 1

    def zone_of(self, uid: int) -> int:
        """The zone of a card on its owner's field (-1 if it is not on top of a zone)."""
        return steps.zone_of(self.race, uid)

    def pow_of(self, uid: int) -> int:
        """POW with the stat changes in force (ST-C1)."""
        return steps.pow_of(self.race, uid)

    def def_of(self, uid: int) -> int:
        """DEF with the stat changes in force (ST-C1)."""
        return steps.def_of(self.race, uid)

    def center_def(self, p: int) -> CardDef:
        """The printed card on top of ``p``'s center."""
        return self.race.card_of[self.race.field[p * 3 + CENTER]]

    def obstructed(self, seat: int) -> bool:
        """ST-K1: the opponent of ``seat`` has a card with Obstruction on the field (center: its top)."""
        return steps.obstructed(self.race, seat)

    def usable(self, seat: int, d: CardDef) -> bool:
        """ST-T6 / ST-O2: an assist or event only while your center is of its class (Steering either way)
        with gear ≥ the card's gear; ST-T3(c) the turn's gear cap."""
        return steps.usable(self.race, seat, d)

    def forced(self, seat: int) -> bool:
        """Is ``seat`` under an opponent's forced center attack (《進路妨害》) that is not lifted?"""
        return steps.forced(self.race, seat)

    def pending_against(self, seat: int, kind: str) -> int:
        """Index of the topmost pending ``kind`` item (attack/run) declared by ``seat``'s opponent, or -1."""
        items = self.race.windows.items
        for i in range(len(items) - 1, -1, -1):
            it = items[i]
            if it[0] == kind and it[1] != seat:
                return i
        return -1

    # -- copy-on-write (the race's piles, for the blocks and tests that change one) --------------------
    def own_decks(self) -> list[list[int]]:
        return self.race.own_decks()

    def own_hands(self) -> list[list[int]]:
        return self.race.own_hands()

    def own_centers(self) -> list[list[int]]:
        return self.race.own_centers()

    def own_discard(self) -> list[list[int]]:
        return self.race.own_discard()

    # -- card movements (each logs what every seat sees) ----------------------------------------------
    def draw(self, p: int, n: int, phase: bool = False) -> None:
        """ST-T1 / ST-O1: draw ``n``; from an empty deck the player is about to lose (Requiem Keeper)."""
        steps.draw(self, self.race, p, n, phase)

    def set_tapped(self, p: int, z: int, value: bool) -> None:
        self.race.tapped[p * 3 + z] = value
        if self.narrating:
            card = self.race.card_of[self.race.field[p * 3 + z]].en
            self.log_records([(None, (TAP_EVENT if value else UNTAP_EVENT, p, ZONES[z], card))])

    def add_mod(self, u: int, dp: int, dd: int, duration: str) -> None:
        self.race.stat_mods.append(StatMod(u, dp, dd, duration != "turn"))
        if self.narrating:
            self.log_records([(None, (STATS_EVENT, self.race.card_of[u].en, dp, dd, duration))])

    def _pop_center(self, p: int) -> int:
        """Take the top card off ``p``'s center stack (ST-F2: never the last one); returns its uid."""
        return steps.pop_center(self.race, p)

    def _clear_side(self, p: int, z: int) -> int:
        return steps.clear_side(self.race, p, z)

    def destroy(self, p: int, z: int) -> None:
        """Destroy the card on top of a zone (ST-F2: a center holding a single machine stays)."""
        steps.destroy(self, self.race, p, z)

    def remove_from_field(self, p: int, z: int, dest: str) -> None:
        """A card leaves the field without being destroyed, to ``dest``: "hand" or "discard"."""
        u = self.race.field[p * 3 + z]
        if u < 0:
            return
        if z == CENTER:
            if len(self.race.centers[p]) <= 1:
                return  # ST-F2
            old = self.race.card_of[u].gear
            self._pop_center(p)
        else:
            old = -1
            self._clear_side(p, z)
        if dest == "hand":
            self.race.own_hands()[p].append(u)
            self._known_in_hand(p, u)
        else:
            self.race.own_discard()[p].append(u)
        self.log("left", seat=p, card=self.race.card_of[u].en, zone=ZONES[z], dest=dest)
        if old >= 0:
            self._center_changed(p, old)

    def _center_changed(self, p: int, old_gear: int) -> None:
        """ST-T3: side machines above the center's new gear return to hand (steps.center_changed)."""
        steps.center_changed(self, self.race, p, old_gear)

    def put_under_center(self, p: int, z: int) -> int:
        """Cost of 《グレイトフル・トレイン》: a side machine goes directly under the center's top card."""
        u = self._clear_side(p, z)
        stack = self.race.own_centers()[p]
        stack.insert(len(stack) - 1, u)
        self.log("put_under", seat=p, card=self.race.card_of[u].en, zone=ZONES[z], height=len(stack))
        return u

    def discard_from_hand(self, p: int, cid: int, avoid: int = -1) -> int:
        """Discard a copy of card ``cid`` from ``p``'s hand (not the uid ``avoid``); the discard is public."""
        hand = self.race.own_hands()[p]
        for i, u in enumerate(hand):
            if u != avoid and self.race.card_of[u].id == cid:
                del hand[i]
                self.left_hand(p, u)
                self.race.own_discard()[p].append(u)
                self.log("discarded", seat=p, card=self.race.card_of[u].en)
                return u
        return -1  # pragma: no cover - the cost's options come from the hand

    def left_hand(self, p: int, u: int) -> None:
        """``u`` left ``p``'s hand in the open (steps.left_hand)."""
        steps.left_hand(self.race, p, u)

    def _known_in_hand(self, p: int, u: int) -> None:
        steps.known_in_hand(self.race, p, u)

    def _set_known_bottom(self, p: int, n: int) -> None:
        hands, bottoms = self.race.known
        if bottoms[p] != n:
            self.race.known = Known(hands, replaced(bottoms, p, n))

    def damage_event(self, p: int, z: int, n: int) -> None:
        """ST-C3: an event's HP drops; at 0 it is destroyed."""
        u = self.race.field[p * 3 + z]
        if u < 0 or self.race.card_of[u].kind != EVENT:
            return
        lost = self.race.damage.get(u, 0) + n
        self.race.damage[u] = lost
        left = max(0, self.race.card_of[u].hp - lost)
        self.log("event_hp", seat=p, card=self.race.card_of[u].en, hp=left)
        if left <= 0:
            self.destroy(p, z)

    def search(self, p: int, name: str | None, kind: int | None, max_gear: int, count: int) -> None:
        """Cards from the deck to the hand, then a shuffle (ST-O1: fizzles when none is there). The others
        see how many cards; the owner sees which."""
        deck = self.race.own_decks()[p]
        card_of = self.race.card_of
        found = []
        for i in range(len(deck) - 1, -1, -1):
            d = card_of[deck[i]]
            if name is not None and name not in (d.name, d.en):
                continue
            if kind is not None and d.kind != kind:
                continue
            if d.gear > max_gear:
                continue
            found.append(i)
            if len(found) == count:
                break
        if not found:
            self.log("fizzle", what="search", seat=p)
            return
        taken = [deck.pop(i) for i in found]  # descending indices: deleting keeps the others valid
        self.race.own_hands()[p].extend(taken)
        self.log("searched", seat=p, count=len(taken))
        self.log_private(p, "searched_cards", seat=p, cards=[card_of[u].en for u in taken])
        self.rng.shuffle(deck)
        self._set_known_bottom(p, 0)

    def recycle(self, p: int, n: int) -> None:
        """The ``n`` most recent discards go to the bottom of the deck."""
        pile = self.race.discard[p]
        k = min(n, len(pile))
        if not k:
            self.log("fizzle", what="recycle", seat=p)
            return
        pile = self.race.own_discard()[p]
        moved = pile[-k:]
        del pile[-k:]
        self.race.own_decks()[p][0:0] = moved
        self._set_known_bottom(p, self.race.known.bottoms[p] + k)  # in the open: everyone knows the bottom
        self.log("recycled", seat=p, count=k, cards=[self.race.card_of[u].en for u in moved])

    def force_attack(self, p: int, lift_gear: int, lift_cards: int) -> None:
        """《進路妨害》: until the opponent's next end phase (this turn's, if it is theirs)."""
        self.race.forcing_until = replaced(
            self.race.forcing_until, p, self.race.turn if self.race.active != p else self.race.turn + 1
        )
        self.race.force_lift = replaced(self.race.force_lift, p, (lift_gear, lift_cards))
        self.log("force", seat=p, until=self.race.forcing_until[p])

    def cancel_pending(self, p: int, kind: str) -> None:
        """The topmost ``kind`` declared against ``p`` fizzles when it would resolve."""
        i = self.pending_against(p, kind)
        if i >= 0:
            self.race.windows.replace(i, FizzledItem("fizzled", kind, self.race.windows.items[i][1]))

    def _finish(self, winner: int | None, reason: str) -> None:
        self.over = True
        self.win = winner
        self.reason = reason
        self.race.phase = OVER
        self.race.windows.clear()
        self.log("race_over", winner=winner, reason=reason, distance=list(self.race.distance))

    # -- census and copies -----------------------------------------------------------------------
    def census(self) -> dict[int, Counter[Any]]:
        out: dict[int, Counter[Any]] = {}
        card_of = self.race.card_of
        plan = self.pending_setup
        for p in (0, 1):
            c: Counter[Any] = Counter()
            zones = [self.race.decks[p], self.race.hands[p], self.race.discard[p], self.race.centers[p]]
            if plan is not None:  # a scenario's cards wait outside the decks until set-up ends
                zones += [plan.stacks[p], [u for _, u in plan.sides[p]], plan.hands[p]]
                zones += [plan.discard[p], plan.order[p]]
            for zone in zones:
                for u in zone:
                    c[card_of[u].id] += 1
            for z in (0, 2):
                u = self.race.field[p * 3 + z]
                if u >= 0:
                    c[card_of[u].id] += 1
            out[p] = c
        return out

    def zones(self) -> dict[str, Counter[str]]:
        """Every zone's cards by slug: ``zone:<seat>:hand|deck|discard``, the machine zones
        ``zone:<seat>:L|C|R`` (the center: its whole stack) and, in a scenario before set-up ends, the
        cards it set aside (``zone:<seat>:scenario``)."""
        card_of = self.race.card_of
        out: dict[str, Counter[str]] = {}
        plan = self.pending_setup
        for p in (0, 1):
            piles = {"hand": self.race.hands[p], "deck": self.race.decks[p], "discard": self.race.discard[p]}
            piles["L"] = [u for u in (self.race.field[p * 3],) if u >= 0]
            piles["C"] = self.race.centers[p]
            piles["R"] = [u for u in (self.race.field[p * 3 + 2],) if u >= 0]
            if plan is not None:
                piles["scenario"] = [
                    *plan.stacks[p], *(u for _, u in plan.sides[p]), *plan.hands[p], *plan.discard[p],
                    *plan.order[p],
                ]  # fmt: skip
            for name, cards in piles.items():
                out[f"zone:{p}:{name}"] = Counter(card_of[u].slug for u in cards)
        return out

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Each seat's deck as deck data (English card names), as the race began."""
        cards = self.game.table.cards
        return [{"name": d.name, "cards": {cards[cid].en: n for cid, n in d.cards}} for d in self.decklists]

    def _first_mover(self) -> int | None:
        """ST-S1: the seat that went first (None during set-up)."""
        return self.race.first if self.race.first >= 0 else None

    def clone(self) -> Self:
        s = type(self).__new__(type(self))
        self._copy_base(s)
        s.race = self.race.clone()
        s.over = self.over
        s.win = self.win
        s.reason = self.reason
        s.rps_winner = self.rps_winner
        s.pending_setup = self.pending_setup  # read-only once made
        s.decklists = self.decklists
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: deck orders, the opponent's hand (and during set-up every
        hand, not looked at yet, and the opponent's face-down first machine). What every seat knows
        stays: the cards that went to a hand in the open, the recycled cards at the bottom of a deck."""
        self.race.narrating = self.narrating  # a world made for search keeps no events (determinize)
        setup = self.race.phase in SETUP_PHASES
        # every deck and each resampled hand is made anew here: new per-seat lists, not copies to change
        decks, hands = list(self.race.decks), list(self.race.hands)
        hands_kept = False  # whether a hand is still the list this state may share with a copy
        for p in (0, 1):
            deck = decks[p]
            bottom = min(self.race.known.bottoms[p], len(deck))
            if p == seat and not setup:
                rest = deck[bottom:]
                rest.sort()
                rng.shuffle(rest)
                decks[p] = deck[:bottom] + rest if bottom else rest
                hands_kept = True
                continue
            known = list(self.race.known.hands[p])
            hand = hands[p]
            face_down = setup and p != seat and bool(self.race.centers[p])
            pool = deck[bottom:] + (_without(hand, known) if known else hand)
            if face_down:
                pool += self.race.centers[p]
            pool.sort()
            rng.shuffle(pool)
            if face_down:
                i = next(i for i, u in enumerate(pool) if can_start(self.race.card_of[u]))
                u = pool.pop(i)
                self.race.own_centers()[p] = [u]
                self.race.field[p * 3 + CENTER] = u
            hidden = len(hand) - len(known)
            hands[p] = known + pool[:hidden]
            decks[p] = deck[:bottom] + pool[hidden:] if bottom else pool[hidden:]
        self.race.decks, self.race.decks_shared = decks, False
        self.race.hands, self.race.hands_shared = hands, hands_kept


def _without(cards: list[int], gone: list[int]) -> list[int]:
    """``cards`` less the uids in ``gone``."""
    out = cards[:]
    for u in gone:
        out.remove(u)
    return out


__all__ = [
    "ABILITY_EVENT",
    "ATTACK_EVENT",
    "CALL_EVENT",
    "COMBAT_EVENT",
    "DESTROYED_EVENT",
    "DRAW_EVENT",
    "DREW_EVENT",
    "END_TURN_EVENT",
    "EXPOSED_EVENT",
    "HIT_EVENT",
    "PHASE_EVENT",
    "RESOLVED_EVENT",
    "RUN_DECLARED_EVENT",
    "RUN_EVENT",
    "STATS_EVENT",
    "STAYS_EVENT",
    "TAP_EVENT",
    "TURN_EVENT",
    "UNTAP_EVENT",
    "AbilityItem",
    "AttackItem",
    "BATTLE",
    "Board",
    "CENTER",
    "CHOOSE_CENTER",
    "CHOOSE_ORDER",
    "DRAW",
    "DeckList",
    "Known",
    "NOTHING_KNOWN",
    "DeadHeatItem",
    "END",
    "FizzledItem",
    "KEEPER_WINDOWS",
    "LEFT",
    "LossItem",
    "MAIN",
    "OVER",
    "PlacedItem",
    "REPAIR",
    "RESPONSE_WINDOWS",
    "RIGHT",
    "RunItem",
    "SETUP_PHASES",
    "StatMod",
    "W_ATTACK",
    "W_CHOICE",
    "W_DEAD_HEAT",
    "W_DECKOUT",
    "W_EFFECT",
    "W_GOAL",
    "W_RUN",
    "ZONES",
]
