"""Initial D CCG: the rules of a stage as functions of the race (rules digest ids ID-…, see RULES.md).

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

The rules are functions of the race (:class:`~.race.Race`, the state's data). :func:`apply` and :func:`start`
are the steps the state takes: each binds the state's random source to the race and hands the events told to
the state's log at its end; the next decision's actions are listed when asked (:func:`legal_actions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from kansei.core.protocol import Action

from .cards import MANEUVER_TYPES, STAGE_TYPES
from .race import (
    DISCARD_HAND_EVENT,
    DRAW_EVENT,
    DREW_EVENT,
    IN_PLAY_EVENT,
    KEEP_EVENT,
    PASS_EVENT,
    PLAY_EVENT,
    RACE_OVER_EVENT,
    RESHUFFLE_EVENT,
    STAGE_EVENT,
    STAGE_WON_EVENT,
    Race,
)
from .table import KEEP, KEEP_REST, LEAD, MAX_NEED, OVER, PASS, PAY, PLAY, POWER, STYLE, TRAIL, CardDef

if TYPE_CHECKING:  # pragma: no cover
    from .state import InitialDState

HAND_SIZE: Final = 7  # ID-P1


# ------------------------------------------------------------------------------------------ the state's steps
def apply(s: InitialDState, action: Action) -> None:
    """The state's step: ``action``, then the race runs on to the next decision."""
    r = s.race
    r.bind(s.rng, s.narrating)
    act(r, action)
    _hand_over(s, r)


def start(s: InitialDState, skip_draw: list[bool]) -> None:
    """The race's first stage (the set-up done): the draw, then the lead car's first decision."""
    r = s.race
    r.bind(s.rng, s.narrating)
    begin_stage(r, skip_draw)
    _hand_over(s, r)


def _hand_over(s: InitialDState, r: Race) -> None:
    """The events the step told, to the state's log."""
    told = r.told()
    if told:
        s.log_records(told)


# ------------------------------------------------------------------------------------------ legal actions
def legal_actions(s: InitialDState) -> list[Action]:
    """The choices of the seat to move (the state's hook), listed when asked."""
    r = s.race
    p = r.turn
    ph = r.phase
    if ph == PLAY:
        out = plays(r, p)
        out.append(PASS)
        return out
    if ph == PAY:
        return discard_options(r, p, r.need)
    if ph == KEEP:
        return keep_options(r, p)
    return []


def shortfall(r: Race, p: int, cid: int) -> tuple[int, int]:
    """ID-P3 / ID-P4: (requirement shortfall, counter shortfall) of maneuver ``cid`` for seat ``p``."""
    cards = r.table.cards
    d = cards[cid]
    req = 0
    if d.req_stat >= 0:
        req = max(0, d.req_val - r.stat(p, d.req_stat))
    ctr = 0
    if r.last >= 0:  # ID-P4: the first maneuver of a stage counters nothing
        last = cards[r.last]
        ctr = max(0, last.strength[r.stages[r.stage_no]] - d.counter[last.mtype])
    return req, ctr


def discards_needed(r: Race, p: int, cid: int) -> int:
    """ID-P4 ruling: requirement and counter discards add up (option discards="shared": the larger)."""
    req, ctr = shortfall(r, p, cid)
    return max(req, ctr) if r.shared else req + ctr


def position_problem(r: Race, p: int, d: CardDef) -> str | None:
    """Why seat ``p`` cannot play ``d`` in its position this stage (ID-C4: lead or trailing car only)."""
    if d.position == LEAD and p != r.lead:
        return f"{d.name} is for the lead car only, and the player to move is the trailing car"
    if d.position == TRAIL and p == r.lead:
        return f"{d.name} is for the trailing car only, and the player to move is the lead car"
    return None


def plays(r: Race, p: int) -> list[Action]:
    """Every distinct maneuver in hand seat ``p`` can play now, each with its exact discard cost."""
    cards = r.table.cards
    side = r.sides[p]
    # special requirements (drivetrain, Turbo, Team/Driver) and lead/trailing car only (ID-C4)
    usable = side.usable_as[p == r.lead]
    hand = r.hands[p]
    spare = len(hand) - 1  # the played card itself does not count (ID-P4 ruling)
    if spare > MAX_NEED:
        spare = MAX_NEED
    st = r.stages[r.stage_no]
    base = side.stats[st]
    pw = base[0] + r.buff[p * 3]
    tr = base[1] + r.buff[p * 3 + 1]
    last = r.last
    ls = lt = 0
    if last >= 0:
        ld = cards[last]
        ls, lt = ld.strength[st], ld.mtype
    shared = r.shared
    out = []
    prev = -1
    for c in hand:
        if c == prev:
            continue
        prev = c
        if not usable[c]:
            continue
        d = cards[c]
        rs = d.req_stat  # ID-P3: Power or Traction must reach the requirement; a discard adds 1
        if rs >= 0:
            need = d.req_val - (pw if rs == POWER else tr)
            if need < 0:
                need = 0
        else:
            need = 0
        if last >= 0:  # ID-P4: the counter against the last maneuver's type must reach its strength
            gap = ls - d.counter[lt]
            if gap > 0:
                need = (need if need > gap else gap) if shared else need + gap
        if need <= spare:
            out.append(d.plays[need])
    return out


def discard_options(r: Race, p: int, need: int) -> list[Action]:
    """Distinct cards that may be discarded next. In hand order, each pick is at or after the last one
    and leaves enough cards after it to finish paying."""
    cards = r.table.cards
    hand = r.hands[p]
    n = len(hand)
    ordered = r.ordered
    floor = r.floor if ordered else -1
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


def keep_options(r: Race, p: int) -> list[Action]:
    out = discard_options(r, p, 0)
    out.append(KEEP_REST)
    return out


# ------------------------------------------------------------------------------------------ applying actions
def act(r: Race, action: Action) -> None:
    k = action.kind
    p = r.turn
    if k == "play":
        _play(r, p, action.args[0], action.args[1])
    elif k == "pass":
        if r.narrating:
            r.tell((PASS_EVENT, p))
        _on_pass(r, p)
    elif k == "discard":
        c = action.args[0]
        r.discard(p, c, "pay" if r.phase == PAY else "keep")
        if r.ordered:
            r.floor = c
        if r.phase == PAY:
            r.need -= 1
            _pay(r, p)
        elif not r.hands[p]:
            _next_stage(r)
    elif k == "keep":  # ID-P6: the winner keeps the rest of the hand
        if r.narrating:
            r.tell((KEEP_EVENT, p, len(r.hands[p])))
        _next_stage(r)


def _play(r: Race, p: int, cid: int, n: int) -> None:
    """ID-P2..P4: announce the maneuver, then pay its discards card by card."""
    d = r.table.cards[cid]
    r.hands[p].remove(cid)
    r.pending = cid
    r.need = n
    r.floor = -1
    if r.narrating:
        st = r.stages[r.stage_no]
        r.tell((PLAY_EVENT, p, d.name, MANEUVER_TYPES[d.mtype], d.strength[st], STAGE_TYPES[st], n))
    r.phase = PAY
    _pay(r, p)


def _pay(r: Race, p: int) -> None:
    """The player picks each discard, unless the whole rest of the hand must go (a fact every seat can
    see from the hand size): then they are made at once."""
    need = r.need
    if need > 0:
        hand = r.hands[p]
        if need < len(hand):
            return
        for c in hand[:]:
            r.discard(p, c, "pay")
        r.need = 0
    _resolve(r, p)


def _resolve(r: Race, p: int) -> None:
    """The maneuver takes effect (its blocks run); it becomes the last maneuver the opponent must
    counter."""
    cid = r.pending
    d = r.table.cards[cid]
    r.pending = -1
    r.floor = -1
    for effect in d.effects:
        effect(r, p, 1)
    if d.lasting:  # ID-P5: stays in play with its bonuses and penalties
        r.inplay.append((p, cid))
        if r.narrating:
            r.tell((IN_PLAY_EVENT, p, d.name))
    else:
        r.pile.append((p, cid))
    if d.style:
        r.style_pts[p] += d.style
    r.last = cid
    r.last_by = p
    r.played += 1
    r.last_played[p] = cid
    if r.opened:  # ID-P2 ruling: answering the lead car's opening pass wins the stage
        _end_stage(r, p, "answered the lead car's pass")
    else:
        _to_play(r, 1 - p)


# ------------------------------------------------------------------------------------------ the stage
def _to_play(r: Race, p: int) -> None:
    """Seat ``p`` plays a maneuver or passes (ID-P2); it is asked even with nothing playable."""
    r.phase = PLAY
    r.turn = p


def _on_pass(r: Race, p: int) -> None:
    """ID-P2: the first player unable or unwilling to play ends the stage; whoever played last wins."""
    if r.played:
        _end_stage(r, r.last_by, "last maneuver")
    elif p == r.lead and not r.opened:
        # ID-P2 ruling: the lead car passed before any maneuver; the trailing car may play one to win
        r.opened = True
        _to_play(r, 1 - p)
    else:
        _end_stage(r, r.lead, "no maneuver played")  # ID-P2 ruling: the lead car wins


def _end_stage(r: Race, w: int, how: str) -> None:
    lead = r.lead
    for owner, c in r.pile:  # ID-P5 ruling: maneuvers not in play go to their owner's discard pile
        r.discards[owner].append(c)
    r.pile = []
    r.results.append(w)
    # ID-W1: count consecutive stages won by a player who started them as the lead car
    r.streak = r.streak + 1 if w == lead else 0
    if r.narrating:
        r.tell((STAGE_WON_EVENT, r.stage_no + 1, w, lead, how, r.streak))
    if r.streak >= 2:
        _finish(r, w, "ID-W1")
        return
    if r.stage_no + 1 >= len(r.stages):  # ID-W2: otherwise the winner of the final stage
        _finish(r, w, "ID-W2")
        return
    loser = 1 - w
    lost = r.hands[loser]
    if lost:  # ID-P6: the loser discards the hand (to the public discard pile)
        r.discards[loser].extend(lost)
        r.hands[loser] = []
        if r.narrating:
            cards = r.table.cards
            r.tell((DISCARD_HAND_EVENT, loser, len(lost), [cards[c].name for c in lost]))
    r.lead = w  # ID-P6: the winner is the lead car of the next stage
    if r.hands[w]:  # ID-P6: the winner may keep any cards in hand
        r.phase = KEEP
        r.turn = w
        r.floor = -1
    else:
        _next_stage(r)


def _next_stage(r: Race) -> None:
    r.stage_no += 1
    begin_stage(r, [False, False])


def begin_stage(r: Race, skip_draw: list[bool]) -> None:
    r.played = 0
    r.last = r.last_by = -1
    r.last_played = [-1, -1]
    r.opened = False
    r.floor = -1
    if r.narrating:
        r.tell((STAGE_EVENT, r.stage_no + 1, STAGE_TYPES[r.stages[r.stage_no]], r.lead))
    # ID-P1: draw up to 7; the lead car one more; the higher Style one more (none on a tie)
    style = (r.stat(0, STYLE), r.stat(1, STYLE))
    for p in (r.lead, 1 - r.lead):
        if skip_draw[p]:
            continue
        target = HAND_SIZE + (p == r.lead) + (style[p] > style[1 - p])
        _draw(r, p, target - len(r.hands[p]))
    _to_play(r, r.lead)


def _draw(r: Race, p: int, n: int) -> None:
    """Draw ``n`` cards; an empty deck is refilled by shuffling the discard pile (ID-P1 ruling). The
    count is public; the cards are told to ``p`` alone."""
    hand, deck = r.hands[p], r.decks[p]
    if 0 < n <= len(deck):  # the usual case: the top n cards at once, in the order they are drawn
        got = deck[: -n - 1 : -1]
        del deck[-n:]
    else:
        got = []
    while len(got) < n:
        if not deck:
            disc = r.discards[p]
            if not disc:
                break
            deck.extend(disc)
            disc.clear()
            # the new deck holds only these cards (public: the pile was); the race's resample keeps to it
            gen = tuple(sorted(deck))
            r.gen = (gen, r.gen[1]) if p == 0 else (r.gen[0], gen)
            r.rng.shuffle(deck)
            if r.narrating:
                r.tell((RESHUFFLE_EVENT, p, len(deck)))
        got.append(deck.pop())
    if got:
        hand.extend(got)
        hand.sort()
        if r.narrating:
            cards = r.table.cards
            r.tell((DRAW_EVENT, p, len(got)))
            r.tell_seat(p, (DREW_EVENT, p, [cards[c].name for c in got]))


def _finish(r: Race, w: int, reason: str) -> None:
    r.over = True
    r.win = w
    r.reason = reason
    r.phase = OVER
    if r.narrating:
        r.tell((RACE_OVER_EVENT, w, reason, list(r.results)))


__all__ = [
    "HAND_SIZE",
    "apply",
    "begin_stage",
    "discard_options",
    "discards_needed",
    "keep_options",
    "legal_actions",
    "plays",
    "position_problem",
    "shortfall",
    "start",
]
