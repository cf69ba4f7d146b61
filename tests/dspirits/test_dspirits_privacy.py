"""What a seat is told, and nothing more (issues 10 and 15): drawn cards are private events, the other seat
is told each action as it is made (face up), refusals and menus are for the seat to move, and whether a
seat is asked — in a chain window (DS-R4), in the draw step (DS-G2, DS-X6) or for a target in its hand —
depends only on what the other seat can see. Two worlds that differ only in what a seat cannot see tell
it the same."""

from __future__ import annotations

import random
import re

import pytest
from dspirits_helpers import deck, lab, legal, play

import kansei
from kansei import Action
from kansei.builtin.dspirits.game import DSpiritsState
from kansei.builtin.dspirits.state import with_seat
from kansei.builtin.dspirits.table import table
from kansei.testing import find_events, first_event

A = deck({"Tuskaroo": 1, "Howlpack": 2, "Gravelhound": 1}, {"Meteor Signal": 1, "Quick Summon": 1})
B = deck(
    {"Gravelhound": 2},
    {
        "Counter Sign": 1,
        "Soul Draw": 2,
        "Meteor Signal": 2,
        "Freeze Ray": 2,
        "Venom Sign": 2,
        "Healing Light": 1,
    },
)  # one response signal only
OPTIONS = [{}, {"old_rules": True, "first_turn_attack": True}, {"match": True, "starting_sp": 2000}]
PROBES = [
    "summon tuskaroo",
    "summon lampire",
    "play counter-sign",
    "play stone-sanctum",
    "play quick-summon hand:howlpack",
    "respond counter-sign",
    "respond halt-signal",
    "exchange gravelhound tuskaroo",
    "attack rockwraggle direct",
    "bid 600",
    "rush stone-sanctum",
    "extra squad",
    "ability lampire flicker",
    "target hand:howlpack",
    "pass",
]


def twin(state: DSpiritsState, seat: int, k: int) -> DSpiritsState:
    """A world that differs from ``state`` only in what ``seat`` cannot see (the other hand and deck
    orders); ``seat``'s own deck orders and the random source are kept, so both deal ``seat`` alike."""
    other = state.determinize(seat, random.Random(k))
    assert isinstance(other, DSpiritsState)
    other.duel.squad = with_seat(other.squad, seat, state.squad[seat])
    other.duel.support = with_seat(other.support, seat, state.support[seat])
    other.rng = state.rng.clone()
    return other


def refusal(state: DSpiritsState, text: str, seat: int) -> str:
    try:
        state.clone().apply(Action(text), seat=seat)
    except kansei.IllegalAction as e:
        return str(e)
    return "accepted"


def told(state: DSpiritsState, seat: int) -> dict:
    """Everything ``seat`` is told now."""
    game = state.game
    events = state.events_for(seat)
    out = {
        "view": state.view(seat),
        "events": events,
        "narration": [game.narrate(e, seat) for e in events],
        "spectator": (state.view(None), state.events_for(None)),
        "to_move": state.to_move,
    }
    if state.to_move == seat:
        out["menu"] = [(a.notation, game.describe_action(state, a)) for a in state.legal_actions()]
        out["refusals"] = [refusal(state, text, seat) for text in PROBES]
    elif not state.is_over:
        out["refusals"] = [refusal(state, text, seat) for text in PROBES[:3]]
    return out


def step_both(a: DSpiritsState, b: DSpiritsState, seat: int, rng: random.Random) -> bool:
    """One move in both worlds: ``seat`` plays the same action; the other seat an action told alike to
    ``seat`` in both. False when the other seat has nothing in common to do (its hands differ)."""
    mover = a.to_move
    assert mover is not None
    if mover == seat:
        assert legal(a) == legal(b)
        act = rng.choice(a.legal_actions())
        a.apply(act, seat=seat)
        b.apply(act.notation, seat=seat)
        return True
    pa = {a.public_notation(x): x for x in a.legal_actions()}
    pb = {b.public_notation(x): x for x in b.legal_actions()}
    common = sorted(set(pa) & set(pb))
    if not common:
        return False
    shown = rng.choice(common)
    a.apply(pa[shown], seat=mover)
    b.apply(pb[shown], seat=mover)
    return True


@pytest.mark.parametrize("options", OPTIONS)
def test_two_worlds_tell_a_seat_the_same(options: dict):
    """For each seat, from points of random games: a world where only what the seat cannot see differs
    tells it the same (view, events, narration, menu, refusals, who is asked next) move after move."""
    game = kansei.load("dspirits", **options)
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = game.start(seed=seed)
        for _ in range(rng.randrange(5, 60)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        for seat in (0, 1):
            if s.is_over:
                break
            a, b = s.clone(), twin(s, seat, seed)
            for _ in range(40):
                assert told(a, seat) == told(b, seat), (seed, seat)
                compared += 1
                if a.is_over or not step_both(a, b, seat, rng):
                    break
    assert compared > 200


def test_whether_a_seat_is_asked_depends_only_on_what_the_other_can_see():
    """DS-R4: a seat with support cards in hand is asked in a chain window while one of its open
    decklist's response signals is unaccounted for, whether or not it holds one; it then passes. A seat
    whose hand has no support card is passed for (every seat can see that), and the pass is an event."""
    holding = lab(
        decks=(A, B), hands=[["Meteor Signal"], ["Counter Sign"]], field=[["Tuskaroo"], ["Gravelhound"]]
    )
    bluff = lab(decks=(A, B), hands=[["Meteor Signal"], ["Soul Draw"]], field=[["Tuskaroo"], ["Gravelhound"]])
    empty = lab(
        decks=(A, B), hands=[["Meteor Signal"], ["Gravelhound"]], field=[["Tuskaroo"], ["Gravelhound"]]
    )
    for s in (holding, bluff, empty):
        play(s, "play meteor-signal foe:gravelhound")
    assert holding.to_move == bluff.to_move == 1 and empty.to_move == 0
    assert legal(holding) == ["respond counter-sign", "pass"] and legal(bluff) == ["pass"]
    assert first_event(empty, "pass", seat=0) == {
        "type": "pass",
        "seat": 1,
        "window": "chain",
        "forced": True,
    }
    play(bluff, "pass")
    assert first_event(bluff, "pass", seat=0) == {
        "type": "pass",
        "seat": 1,
        "window": "chain",
        "forced": False,
    }
    # every copy of the decklist's responses in the D-World: nothing left to hold, no question
    gone = lab(
        decks=(A, B),
        hands=[["Meteor Signal"], ["Soul Draw"]],
        dworld=[[], ["Counter Sign"]],
        field=[["Tuskaroo"], ["Gravelhound"]],
    )
    play(gone, "play meteor-signal foe:gravelhound")
    assert gone.to_move == 0 and first_event(gone, "pass", forced=True)["seat"] == 1


def test_in_two_worlds_the_same_seat_is_asked_next():
    """The two-worlds method on every window and draw step of random games: after the mover's action, a
    world where the other seat's hidden cards are resampled asks the same seat next."""
    game = kansei.load("dspirits")
    checked = 0
    for seed in range(25):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            mover = s.to_move
            assert mover is not None
            act = rng.choice(s.legal_actions())
            w = s.determinize(mover, random.Random(seed))  # the other seat's hand is resampled
            s.apply(act, seat=mover)
            w.apply(act.notation, seat=mover)
            if s.to_move != mover or w.to_move != mover:
                assert (s.to_move, s.is_over) == (w.to_move, w.is_over), (seed, act.notation)
                checked += 1
    assert checked > 500


def test_a_target_in_hand_is_asked_for_whenever_the_hand_may_hold_one():
    """Howlpack's Call of the Pack (a Super D-Summon from hand): its owner is asked while it holds any
    D-Spirit, even one that does not fit; with no D-Spirit in hand (public) it fizzles without asking."""
    fits = lab(decks=(A, B), hands=[["Howlpack", "Gravelhound", "Howlpack"], []])
    misfit = lab(decks=(A, B), hands=[["Howlpack", "Tuskaroo"], []])
    none = lab(decks=(A, B), hands=[["Howlpack", "Quick Summon"], []])
    for s in (fits, misfit, none):
        play(s, "summon howlpack")
    assert legal(fits) == ["target hand:howlpack"] and legal(misfit) == ["pass"]
    assert none.to_move == 0 and none.wnd.priority is None
    assert first_event(none, "fizzle", seat=1)["why"] == "y_no_target"  # "no target"
    play(misfit, "pass")
    assert first_event(misfit, "fizzle", seat=1) == first_event(none, "fizzle", seat=1)


def test_drawn_cards_are_private_events_with_a_public_counterpart():
    """DS-G2: the deck drawn from is public, the card only for its drawer; a determinized world keeps
    only the events its seat may see."""
    s = lab(step="draw")
    play(s, "draw squad")
    public = first_event(s, "draw")
    assert public == {"type": "draw", "seat": 0, "deck": "squad", "count": 1, "why": "y_draw_step", "by": ""}
    assert first_event(s, "drew", seat=0)["card"] and not find_events(s, "drew", seat=1)
    assert not find_events(s, "drew", seat=None)
    world = s.determinize(1, random.Random(1))
    assert world.events_for(1) == s.events_for(1) and not find_events(world, "drew")
    assert all(e.get("to") is None for e in s.events_for(1))


def test_public_notation_names_only_cards_the_other_seat_is_shown():
    """Every D-Spirits action is made face up: each card a notation names is, after the action, named in
    what the other seat is told (its events or its view) — the notation is the public notation."""
    t = table()
    slugs = {t.slug[i]: t.name[i] for i in range(t.n)}
    game = kansei.load("dspirits")
    kinds = set()
    for seed in range(25):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            mover = s.to_move
            assert mover is not None
            act = rng.choice(s.legal_actions())
            told = s.public_notation(act)
            assert told == act.notation
            before = len(s.events_for(1 - mover))
            s.apply(act, seat=mover)
            shown = repr(s.events_for(1 - mover)[before:]) + repr(s.view(1 - mover))
            for word in re.split(r"[ :#+]", told):
                if word in slugs:
                    assert slugs[word] in shown, (told, slugs[word])
            kinds.add(act.kind)
    assert kinds >= {"summon", "play", "attack", "draw", "open", "pass", "bid", "stance", "battle", "end"}


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_determinized_worlds_keep_only_what_the_seat_knows(options: dict):
    """determinize(seat): the seat's view and events are unchanged; the other hand is resampled from that
    player's own cards of the same kind (D-Spirits from the D-Squad deck, support cards from the Support
    deck), statused cards in hand stay (they are public, DS-R2)."""
    game = kansei.load("dspirits", **options)
    kind = table().kind
    for seed in range(10):
        s, _ = game.start(seed=seed), None
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 80)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_over:
            continue
        for seat in (0, 1):
            w = s.determinize(seat, random.Random(seed))
            assert w.view(seat) == s.view(seat) and w.events_for(seat) == s.events_for(seat)
            o = 1 - seat
            for zone in ("hand",):
                mine = sorted(kind[h.card] == 0 for h in getattr(s, zone)[o])
                theirs = sorted(kind[h.card] == 0 for h in getattr(w, zone)[o])
                assert mine == theirs
            assert [h for h in w.hand[o] if h.frozen or h.poison] == [
                h for h in s.hand[o] if h.frozen or h.poison
            ]
            assert w.census() == s.census()
