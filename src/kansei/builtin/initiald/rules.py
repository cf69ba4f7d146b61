"""Initial D CCG: the rules of a stage as functions of the state (rules digest ids ID-…, see RULES.md).

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

from typing import TYPE_CHECKING

from kansei.core.protocol import Action

from .cards import MANEUVER_TYPES, STAGE_TYPES
from .table import KEEP, KEEP_REST, LEAD, MAX_NEED, OVER, PASS, PAY, PLAY, POWER, STYLE, TRAIL, CardDef

if TYPE_CHECKING:  # pragma: no cover
    from .state import InitialDState

HAND_SIZE = 7  # ID-P1


# ------------------------------------------------------------------------------------------ legal actions
def legal_actions(s: InitialDState) -> list[Action]:
    p = s.turn
    ph = s.phase
    if ph == PLAY:
        out = plays(s, p)
        out.append(PASS)
        return out
    if ph == PAY:
        return discard_options(s, p, s.need)
    if ph == KEEP:
        return keep_options(s, p)
    return []


def shortfall(s: InitialDState, p: int, cid: int) -> tuple[int, int]:
    """ID-P3 / ID-P4: (requirement shortfall, counter shortfall) of maneuver ``cid`` for seat ``p``."""
    cards = s.game.table.cards
    d = cards[cid]
    req = 0
    if d.req_stat >= 0:
        req = max(0, d.req_val - s.stat(p, d.req_stat))
    ctr = 0
    if s.last >= 0:  # ID-P4: the first maneuver of a stage counters nothing
        last = cards[s.last]
        ctr = max(0, last.strength[s.stages[s.stage_no]] - d.counter[last.mtype])
    return req, ctr


def discards_needed(s: InitialDState, p: int, cid: int) -> int:
    """ID-P4 ruling: requirement and counter discards add up (option discards="shared": the larger)."""
    req, ctr = shortfall(s, p, cid)
    return max(req, ctr) if s.game.shared else req + ctr


def position_problem(s: InitialDState, p: int, d: CardDef) -> str | None:
    """Why seat ``p`` cannot play ``d`` in its position this stage (ID-C4: lead or trailing car only)."""
    if d.position == LEAD and p != s.lead:
        return f"{d.name} is for the lead car only, and the player to move is the trailing car"
    if d.position == TRAIL and p == s.lead:
        return f"{d.name} is for the trailing car only, and the player to move is the lead car"
    return None


def plays(s: InitialDState, p: int) -> list[Action]:
    """Every distinct maneuver in hand seat ``p`` can play now, each with its exact discard cost."""
    cards = s.game.table.cards
    side = s.sides[p]
    # special requirements (drivetrain, Turbo, Team/Driver) and lead/trailing car only (ID-C4)
    usable = side.usable_as[p == s.lead]
    hand = s.hands[p]
    spare = len(hand) - 1  # the played card itself does not count (ID-P4 ruling)
    if spare > MAX_NEED:
        spare = MAX_NEED
    st = s.stages[s.stage_no]
    base = side.stats[st]
    pw = base[0] + s.buff[p * 3]
    tr = base[1] + s.buff[p * 3 + 1]
    last = s.last
    ls = lt = 0
    if last >= 0:
        ld = cards[last]
        ls, lt = ld.strength[st], ld.mtype
    shared = s.game.shared
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


def discard_options(s: InitialDState, p: int, need: int) -> list[Action]:
    """Distinct cards that may be discarded next. In hand order, each pick is at or after the last one
    and leaves enough cards after it to finish paying."""
    cards = s.game.table.cards
    hand = s.hands[p]
    n = len(hand)
    ordered = s.game.ordered
    floor = s.floor if ordered else -1
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


def keep_options(s: InitialDState, p: int) -> list[Action]:
    out = discard_options(s, p, 0)
    out.append(KEEP_REST)
    return out


# ------------------------------------------------------------------------------------------ applying actions
def apply(s: InitialDState, action: Action) -> None:
    k = action.kind
    p = s.turn
    if k == "play":
        _play(s, p, action.args[0], action.args[1])
    elif k == "pass":
        s.log("pass", seat=p)
        _on_pass(s, p)
    elif k == "discard":
        c = action.args[0]
        _discard_from_hand(s, p, c, "pay" if s.phase == PAY else "keep")
        if s.game.ordered:
            s.floor = c
        if s.phase == PAY:
            s.need -= 1
            _pay(s, p)
        elif s.hands[p]:
            s.remember_legal(keep_options(s, p))
        else:
            _next_stage(s)
    elif k == "keep":  # ID-P6: the winner keeps the rest of the hand
        s.log("keep", seat=p, count=len(s.hands[p]))
        _next_stage(s)


def _discard_from_hand(s: InitialDState, p: int, c: int, reason: str) -> None:
    """Discard piles are public: the card is named to everyone."""
    s.hands[p].remove(c)
    s.discards[p].append(c)
    s.log("discard", seat=p, card=s.game.table.cards[c].name, reason=reason)


def _play(s: InitialDState, p: int, cid: int, n: int) -> None:
    """ID-P2..P4: announce the maneuver, then pay its discards card by card."""
    d = s.game.table.cards[cid]
    s.hands[p].remove(cid)
    s.pending = cid
    s.need = n
    s.floor = -1
    st = s.stages[s.stage_no]
    s.log(
        "play",
        seat=p,
        card=d.name,
        mtype=MANEUVER_TYPES[d.mtype],
        strength=d.strength[st],
        stage_type=STAGE_TYPES[st],
        discards=n,
    )
    s.phase = PAY
    _pay(s, p)


def _pay(s: InitialDState, p: int) -> None:
    """The player picks each discard, unless the whole rest of the hand must go (a fact every seat can
    see from the hand size): then they are made at once."""
    need = s.need
    if need > 0:
        hand = s.hands[p]
        if need < len(hand):
            s.remember_legal(discard_options(s, p, need))
            return
        for c in hand[:]:
            _discard_from_hand(s, p, c, "pay")
        s.need = 0
    _resolve(s, p)


def _resolve(s: InitialDState, p: int) -> None:
    """The maneuver takes effect (its blocks run); it becomes the last maneuver the opponent must
    counter."""
    d = s.game.table.cards[s.pending]
    cid = s.pending
    s.pending = -1
    s.floor = -1
    for effect in d.effects:
        effect(s, p, 1)
    if d.lasting:  # ID-P5: stays in play with its bonuses and penalties
        s.inplay.append((p, cid))
        s.log("in_play", seat=p, card=d.name)
    else:
        s.pile.append((p, cid))
    if d.style:
        s.style_pts[p] += d.style
    s.last = cid
    s.last_by = p
    s.played += 1
    s.last_played[p] = cid
    if s.opened:  # ID-P2 ruling: answering the lead car's opening pass wins the stage
        _end_stage(s, p, "answered the lead car's pass")
    else:
        _to_play(s, 1 - p)


# -- what effect blocks do (blocks.py calls them through the state's primitives) ---------------------
def clear_in_play(s: InitialDState, p: int, who: str, count: int) -> None:
    """ID-P5: discard maneuvers in play (most recent first) of ``who`` as seen by ``p``; their bonuses
    and penalties end. ``count`` 0: all of them."""
    cards = s.game.table.cards
    n = 0
    for i in range(len(s.inplay) - 1, -1, -1):
        owner, c = s.inplay[i]
        if who == "any" or (who == "self") == (owner == p):
            del s.inplay[i]
            for effect in cards[c].effects:
                effect(s, owner, -1)
            s.discards[owner].append(c)
            s.log("cleared", seat=owner, card=cards[c].name, by=p)
            n += 1
            if count and n >= count:
                return


def random_discards(s: InitialDState, q: int, count: int) -> None:
    """Seat ``q`` discards ``count`` cards from hand at random (the game's seeded random source)."""
    hand = s.hands[q]
    for _ in range(min(count, len(hand))):
        _discard_from_hand(s, q, hand[s.rng.below(len(hand))], "forced")


# ------------------------------------------------------------------------------------------ the stage
def _to_play(s: InitialDState, p: int) -> None:
    """Seat ``p`` plays a maneuver or passes (ID-P2); it is asked even with nothing playable."""
    s.phase = PLAY
    s.turn = p
    out = plays(s, p)
    out.append(PASS)
    s.remember_legal(out)


def _on_pass(s: InitialDState, p: int) -> None:
    """ID-P2: the first player unable or unwilling to play ends the stage; whoever played last wins."""
    if s.played:
        _end_stage(s, s.last_by, "last maneuver")
    elif p == s.lead and not s.opened:
        # ID-P2 ruling: the lead car passed before any maneuver; the trailing car may play one to win
        s.opened = True
        _to_play(s, 1 - p)
    else:
        _end_stage(s, s.lead, "no maneuver played")  # ID-P2 ruling: the lead car wins


def _end_stage(s: InitialDState, w: int, how: str) -> None:
    lead = s.lead
    for owner, c in s.pile:  # ID-P5 ruling: maneuvers not in play go to their owner's discard pile
        s.discards[owner].append(c)
    s.pile = []
    s.results.append(w)
    # ID-W1: count consecutive stages won by a player who started them as the lead car
    s.streak = s.streak + 1 if w == lead else 0
    s.log("stage_won", stage=s.stage_no + 1, winner=w, lead=lead, how=how, streak=s.streak)
    if s.streak >= 2:
        _finish(s, w, "ID-W1")
        return
    if s.stage_no + 1 >= len(s.stages):  # ID-W2: otherwise the winner of the final stage
        _finish(s, w, "ID-W2")
        return
    loser = 1 - w
    if s.hands[loser]:  # ID-P6: the loser discards the hand (to the public discard pile)
        names = [s.game.table.cards[c].name for c in s.hands[loser]]
        s.discards[loser].extend(s.hands[loser])
        s.hands[loser] = []
        s.log("discard_hand", seat=loser, count=len(names), cards=names)
    s.lead = w  # ID-P6: the winner is the lead car of the next stage
    if s.hands[w]:  # ID-P6: the winner may keep any cards in hand
        s.phase = KEEP
        s.turn = w
        s.floor = -1
        s.remember_legal(keep_options(s, w))
    else:
        _next_stage(s)


def _next_stage(s: InitialDState) -> None:
    s.stage_no += 1
    begin_stage(s, (False, False))


def begin_stage(s: InitialDState, skip_draw: tuple[bool, bool] | list[bool]) -> None:
    s.played = 0
    s.last = s.last_by = -1
    s.last_played = [-1, -1]
    s.opened = False
    s.floor = -1
    s.log(
        "stage",
        stage=s.stage_no + 1,
        stage_type=STAGE_TYPES[s.stages[s.stage_no]],
        lead=s.lead,
    )
    # ID-P1: draw up to 7; the lead car one more; the higher Style one more (none on a tie)
    style = (s.stat(0, STYLE), s.stat(1, STYLE))
    for p in (s.lead, 1 - s.lead):
        if skip_draw[p]:
            continue
        target = HAND_SIZE + (p == s.lead) + (style[p] > style[1 - p])
        _draw(s, p, target - len(s.hands[p]))
    _to_play(s, s.lead)


def _draw(s: InitialDState, p: int, n: int) -> None:
    """Draw ``n`` cards; an empty deck is refilled by shuffling the discard pile (ID-P1 ruling). The
    count is public; the cards are told to ``p`` alone."""
    hand, deck = s.hands[p], s.decks[p]
    if 0 < n <= len(deck):  # the usual case: the top n cards at once, in the order they are drawn
        got = deck[: -n - 1 : -1]
        del deck[-n:]
    else:
        got = []
    while len(got) < n:
        if not deck:
            disc = s.discards[p]
            if not disc:
                break
            deck.extend(disc)
            disc.clear()
            # the new deck holds only these cards (public: the pile was); the state's resample keeps to it
            gen = (tuple(sorted(deck)),)
            s.gen = gen + s.gen[1:] if p == 0 else s.gen[:1] + gen
            s.rng.shuffle(deck)
            s.log("reshuffle", seat=p, count=len(deck))
        got.append(deck.pop())
    if got:
        hand.extend(got)
        hand.sort()
        s.log("draw", seat=p, count=len(got))
        cards = s.game.table.cards
        s.log_private(p, "drew", seat=p, cards=[cards[c].name for c in got])


def _finish(s: InitialDState, w: int, reason: str) -> None:
    s.over = True
    s.win = w
    s.reason = reason
    s.phase = OVER
    s.remember_legal([])
    s.log("race_over", winner=w, reason=reason, stages=list(s.results))


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
]
