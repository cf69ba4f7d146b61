"""Inference (``determinize(seat, rng, infer=True)``, docs/rulings.md "Inference"): worlds that deal the
other hand as its play makes likely. What is inferred (``Race.marks`` / ``Race.masks``) is computed from
public events only, so two races that differ only in a hand its owner alone sees infer the same; the deal
depends only on that and on the random source; and the evidence moves the deal where it is decisive."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from initiald_helpers import states

import kansei
from kansei.agents import choose, make_agent
from kansei.builtin.initiald.race import Race
from kansei.builtin.initiald.state import InitialDState
from kansei.core.protocol import Action, State

CONFIGS = [{}, {"discards": "shared"}, {"discard_order": "any"}]


def belief(r: Race) -> tuple[object, ...]:
    return (r.marks, r.masks, r.low)


def hidden(s: State, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see of a world: the other hand and both deck orders."""
    assert isinstance(s, InitialDState)
    r = s.race
    return (tuple(r.hands[1 - seat]), tuple(r.decks[0]), tuple(r.decks[1]))


def greedy_states(seeds: range) -> list[tuple[InitialDState, int]]:
    """Every decision point of greedy races (the seat asked, and the other's hand marked or not)."""
    game = kansei.load("initiald")
    out = []
    for seed in seeds:
        s = game.start(seed=seed)
        bots = [make_agent("greedy", seed), make_agent("greedy", seed + 1)]
        while not s.is_over:
            seat = s.to_move
            assert seat is not None and isinstance(s, InitialDState)
            out.append((s.clone(), seat))
            s.apply(choose(bots[seat], s, seat))
    return out


def plant(w: InitialDState, p: int, c: int) -> None:
    """Put card ``c`` in seat ``p``'s hand of world ``w`` (from its deck, a card of the hand going back in
    its place): what the other seat cannot tell from the real race."""
    r = w.race
    if c in r.hands[p]:
        return
    deck, hand = r.decks[p], r.hands[p]
    i = deck.index(c)
    deck[i] = hand.pop()
    hand.append(c)
    hand.sort()


@pytest.mark.parametrize("options", CONFIGS)
def test_what_is_inferred_reads_no_hidden_card(options):
    """Every action of random races, applied in the race and in a world where the mover's hand (hidden
    from the other seat) is dealt again with the action's card planted in it, leaves the same inference:
    the updates read the card named and the hand's size, never the rest of the hand."""
    checked = 0
    for s in states(options, range(8)):
        mover = s.to_move
        if mover is None:
            continue
        for k in range(2):
            w = s.determinize(1 - mover, random.Random(k))
            assert isinstance(w, InitialDState)
            assert belief(w.race) == belief(s.race)
            action = random.Random(k).choice(s.legal_actions())
            if action.kind in ("play", "discard"):
                plant(w, mover, action.args[0])
            real, world = s.clone(), w.clone()
            real.advance(action)
            world.advance(Action(action.notation, action.kind, action.args))
            assert isinstance(real, InitialDState) and isinstance(world, InitialDState)
            assert belief(real.race) == belief(world.race), action.notation
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("options", CONFIGS)
def test_an_inferred_world_depends_only_on_what_the_seat_knows(options):
    """Two races that differ only in what ``seat`` cannot see (the race and a world of it) deal the same
    inferred world from the same random source, and one source always deals the same world."""
    marked = 0
    for s in states(options, range(6), every=2):
        seat = s.to_move
        if seat is None:
            continue
        marked += s.race.marks[1 - seat] > 0
        w = s.determinize(seat, random.Random(99))
        a = s.determinize(seat, random.Random(5), infer=True)
        b = w.determinize(seat, random.Random(5), infer=True)
        again = s.determinize(seat, random.Random(5), infer=True)
        assert hidden(a, seat) == hidden(b, seat) == hidden(again, seat)
        assert a.view(seat) == s.view(seat)
        assert a.census() == s.census()
        assert a.legal_actions() == s.legal_actions()
    assert marked > 10


def test_without_marks_an_inferred_world_is_the_uniform_one():
    """Nothing inferred of the other hand: ``infer`` deals exactly what uniform dealing deals."""
    seen = 0
    for s in states({}, range(4)):
        seat = s.to_move
        if seat is None or s.race.marks[1 - seat]:
            continue
        seen += 1
        a = s.determinize(seat, random.Random(3), infer=True)
        b = s.determinize(seat, random.Random(3))
        assert hidden(a, seat) == hidden(b, seat)
    assert seen > 20


def test_decisive_evidence_moves_the_deal():
    """The other seat's hand marked as three cards of one kind the pool holds three of (each 1 / INFER_EPS
    = 20 times likelier than any other card): the inferred deal holds more than one and a half of them, the
    uniform deal under one (about three hand sizes in a pool of 45)."""
    for s in states({}, range(3)):
        seat = s.to_move
        if seat is None or s.race.phase != 0:
            continue
        r = s.race
        opp = 1 - seat
        pool = Counter(r.decks[opp] + r.hands[opp])
        kind = next((c for c, n in sorted(pool.items()) if n >= 3), None)
        if kind is None or len(r.hands[opp]) < 5 or len(r.decks[opp]) < 20:
            continue
        r.marks = (3, 0) if opp == 0 else (0, 3)
        r.masks = (1 << kind, 0) if opp == 0 else (0, 1 << kind)
        inferred = uniform = 0
        for k in range(200):
            inferred += s.determinize(seat, random.Random(k), infer=True).race.hands[opp].count(kind)
            uniform += s.determinize(seat, random.Random(k)).race.hands[opp].count(kind)
        assert inferred / 200 > 1.5
        assert uniform / 200 < 1.0
        assert inferred > 2 * uniform
        return
    pytest.fail("no state to test")


def test_against_greedy_the_inferred_deal_holds_more_of_the_real_hand():
    """Over greedy races, where the other hand is marked, worlds dealt with inference share more cards
    with the real hand than uniform worlds (the evidence is of a player who weighs cards as the
    evaluation does, as the greedy bot does)."""
    uniform = inferred = 0.0
    n = 0
    for s, seat in greedy_states(range(8)):
        opp = 1 - seat
        if not s.race.marks[opp] or s.race.phase != 0:
            continue
        real = Counter(s.race.hands[opp])
        n += 1
        for k in range(10):
            u = s.determinize(seat, random.Random(k)).race.hands[opp]
            i = s.determinize(seat, random.Random(k), infer=True).race.hands[opp]
            uniform += sum((Counter(u) & real).values())
            inferred += sum((Counter(i) & real).values())
    assert n > 50
    assert inferred > 1.05 * uniform


def test_the_search_deals_its_worlds_as_asked(monkeypatch):
    """``mcts:…,infer=true`` asks every sampled world with inference, the default uniformly."""
    asked: list[bool] = []
    real = State.determinize

    def spy(self, seat, rng, *, events=True, infer=False):
        asked.append(infer)
        return real(self, seat, rng, events=events, infer=infer)

    monkeypatch.setattr(State, "determinize", spy)
    s = kansei.load("initiald").start(seed=1)
    seat = s.to_move
    for spec, want in (("mcts:iters=20,depth=0,infer=true", True), ("mcts:iters=20,depth=0", False)):
        asked.clear()
        make_agent(spec, 0).act(s.determinize(seat, random.Random(0)), seat)
        assert len(asked) > 10 and set(asked[1:]) == {want}
