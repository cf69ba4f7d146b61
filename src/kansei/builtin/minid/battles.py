"""Battles — overtake or die trying (MD-F1..F3): task steps of the race, each a function of the state
(``(battle, attacker, defender)`` on the task stack), each a function of the race."""

from __future__ import annotations

from . import rules
from .race import BATTLE_EVENT, DUEL_EVENT, Race
from .terms import AURA, BATTLE, RACING, Decision


def battle(r: Race, att: int, dfd: int) -> None:
    pos, status = r.positions, r.status
    if status[att] != RACING or status[dfd] != RACING or pos[att] != pos[dfd]:
        return
    if r.narrating:
        r.tell((BATTLE_EVENT, att, dfd, pos[att]))
    r.battle_bonus[att] = r.battle_bonus[dfd] = 0
    tasks = r.tasks
    tasks.append((duel, att, dfd))
    if r.hands[dfd]:  # each racer holding cards is asked, the attacker first
        tasks.append((battle_card, dfd, att, dfd))
    if r.hands[att]:
        tasks.append((battle_card, att, att, dfd))


def ask_battle_card(r: Race, p: int, att: int, dfd: int) -> None:
    """After a battle card: the racer is asked again (if it still holds cards)."""
    r.tasks.append((battle_card, p, att, dfd))


def battle_card(r: Race, p: int, att: int, dfd: int) -> None:
    if r.hands[p] and r.status[att] == RACING and r.status[dfd] == RACING:
        r.pending = Decision(BATTLE, p, attacker=att, defender=dfd)


def duel(r: Race, att: int, dfd: int) -> None:
    """MD-F2: attack 1d20 against defence 1d20 + 1d6, resolved in the order (a)..(e)."""
    if r.status[att] != RACING or r.status[dfd] != RACING:
        return
    attack_mod = r.battle_bonus[att] + (AURA if r.aura == att else 0)
    defence_mod = r.battle_bonus[dfd] + (AURA if r.aura == dfd else 0)
    r.battle_bonus[att] = r.battle_bonus[dfd] = 0
    defender_case = r.positions[dfd]
    while True:
        a = rules.roll(r, 20)
        d = rules.roll(r, 20)
        e = rules.roll(r, 6)
        attack = a + attack_mod
        defence = d + e + defence_mod
        perfect_defence = a == 1 or d == 20
        perfect_overtake = a == 20 or d == 1
        shift = shift_die = None
        if perfect_defence and perfect_overtake:  # ruling: both perfect -> roll again
            outcome = "both_perfect"
        elif perfect_defence:  # (a)
            outcome = "perfect_defence"
            shift = shift_die = rules.roll(r, 6)
        elif perfect_overtake:  # (b)
            outcome = "perfect_overtake"
            shift_die = rules.roll(r, 6)
            shift = shift_die + (AURA if r.aura == att else 0)
        elif attack == defence:  # (c) equal totals -> roll again
            outcome = "tie"
        elif attack > defence:  # (d)
            outcome = "overtake"
        else:  # (e)
            outcome = "held"
        if r.narrating:
            r.tell((DUEL_EVENT, att, dfd, a, attack, [d, e], defence, outcome, shift, shift_die))
        if outcome != "both_perfect" and outcome != "tie":
            break
    if outcome == "perfect_defence":
        rules.place_back(r, att, defender_case - (shift or 0), "perfect_defence")
    elif outcome == "held":
        rules.place_back(r, att, defender_case - 1, "held")
    else:
        r.skips[dfd] += 1
        rules.forward(r, att, 1 if outcome == "overtake" else shift or 1, None, "overtake")  # MD-F3 chains
