"""Sprint's rules: the legal actions and their application, one function per rule (ids of RULES.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.protocol import Action

if TYPE_CHECKING:
    from .state import SprintState


def legal(s: SprintState) -> list[Action]:
    """SP-R1: the seat to move plays any card of its hand (each kind once: copies are alike)."""
    cards = s.table.cards
    return [cards[slug].play for slug in sorted(set(s.hands[s.turn]))]


def play(s: SprintState, action: Action) -> None:
    """SP-R1: the card goes face down; once both seats have played, the round is revealed."""
    seat, slug = s.turn, action.args[0]
    s.hands[seat].remove(slug)
    s.played[seat] = slug
    s.log("played", seat=seat)
    s.log_private(seat, "played_card", seat=seat, card=slug)
    if s.played[1 - seat] is None:
        s.turn = 1 - seat
        return
    reveal(s)


def reveal(s: SprintState) -> None:
    """SP-R2: the faster card moves its owner by its speed (a tie: both move 1) and leads next; both cards
    go face up to their piles; the cards' effects run (SP-C1, SP-C2); then each seat draws (SP-R3)."""
    cards = s.table.cards
    shown = [c for c in s.played if c is not None]
    speeds = [cards[c].speed for c in shown]
    fast = 0 if speeds[0] > speeds[1] else 1 if speeds[1] > speeds[0] else None
    for seat in (0, 1):
        s.position[seat] += 1 if fast is None else (speeds[seat] if seat == fast else 0)
        s.piles[seat].append(shown[seat])
    s.played = [None, None]
    s.log("revealed", cards=shown, positions=list(s.position), winner=fast)
    if fast is not None:
        for block in cards[shown[fast]].on_win:
            block(s, fast, shown[fast])
        for block in cards[shown[1 - fast]].on_lose:
            block(s, 1 - fast, shown[1 - fast])
    s.leader = 1 - s.leader if fast is None else fast
    s.turn = s.leader
    for seat in (0, 1):  # SP-R3
        s.draw(seat, 1)
    end_if_won(s)


def end_if_won(s: SprintState) -> None:
    """SP-W1: the goal reached, or a seat without a card to play: the one ahead wins (level: a draw)."""
    if max(s.position) >= s.goal or not s.hands[0] or not s.hands[1]:
        ahead = s.position[0] - s.position[1]
        s.over, s.win = True, (0 if ahead > 0 else 1 if ahead < 0 else None)
        s.log("race_over", winner=s.win, positions=list(s.position))


__all__ = ["end_if_won", "legal", "play", "reveal"]
