"""Battles — overtake or die trying (MD-F1..F3): task steps of the race, each a function of the state
(``(battle, attacker, defender)`` on the task stack)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules
from .terms import AURA, BATTLE, RACING, Decision

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState


def battle(s: MiniDState, att: int, dfd: int) -> None:
    pos, status = s.positions, s.status
    if status[att] != RACING or status[dfd] != RACING or pos[att] != pos[dfd]:
        return
    s.log("battle", attacker=att, defender=dfd, case=pos[att])
    s.battle_bonus[att] = s.battle_bonus[dfd] = 0
    tasks = s.tasks
    tasks.append((duel, att, dfd))
    if s.hands[dfd]:  # each racer holding cards is asked, the attacker first
        tasks.append((battle_card, dfd, att, dfd))
    if s.hands[att]:
        tasks.append((battle_card, att, att, dfd))


def ask_battle_card(s: MiniDState, p: int, att: int, dfd: int) -> None:
    """After a battle card: the racer is asked again (if it still holds cards)."""
    s.tasks.append((battle_card, p, att, dfd))


def battle_card(s: MiniDState, p: int, att: int, dfd: int) -> None:
    if s.hands[p] and s.status[att] == RACING and s.status[dfd] == RACING:
        s.pending = Decision(BATTLE, p, attacker=att, defender=dfd)


def duel(s: MiniDState, att: int, dfd: int) -> None:
    """MD-F2: attack 1d20 against defence 1d20 + 1d6, resolved in the order (a)..(e)."""
    if s.status[att] != RACING or s.status[dfd] != RACING:
        return
    attack_mod = s.battle_bonus[att] + (AURA if s.aura == att else 0)
    defence_mod = s.battle_bonus[dfd] + (AURA if s.aura == dfd else 0)
    s.battle_bonus[att] = s.battle_bonus[dfd] = 0
    defender_case = s.positions[dfd]
    while True:
        a = rules.roll(s, 20)
        d = rules.roll(s, 20)
        e = rules.roll(s, 6)
        attack = a + attack_mod
        defence = d + e + defence_mod
        perfect_defence = a == 1 or d == 20
        perfect_overtake = a == 20 or d == 1
        shift = shift_die = None
        if perfect_defence and perfect_overtake:  # ruling: both perfect -> roll again
            outcome = "both_perfect"
        elif perfect_defence:  # (a)
            outcome = "perfect_defence"
            shift = shift_die = rules.roll(s, 6)
        elif perfect_overtake:  # (b)
            outcome = "perfect_overtake"
            shift_die = rules.roll(s, 6)
            shift = shift_die + (AURA if s.aura == att else 0)
        elif attack == defence:  # (c) equal totals -> roll again
            outcome = "tie"
        elif attack > defence:  # (d)
            outcome = "overtake"
        else:  # (e)
            outcome = "held"
        s.log(
            "duel",
            attacker=att,
            defender=dfd,
            attack=a,
            attack_total=attack,
            defence=[d, e],
            defence_total=defence,
            outcome=outcome,
            shift=shift,
            shift_die=shift_die,
        )
        if outcome != "both_perfect" and outcome != "tie":
            break
    if outcome == "perfect_defence":
        rules.place_back(s, att, defender_case - (shift or 0), "perfect_defence")
    elif outcome == "held":
        rules.place_back(s, att, defender_case - 1, "held")
    else:
        s.skips[dfd] += 1
        rules.forward(s, att, 1 if outcome == "overtake" else shift or 1, None, "overtake")  # MD-F3 chains
