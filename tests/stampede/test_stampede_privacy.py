"""Stampede and hidden information: what a seat is told is the same in two worlds that differ only in what
it cannot see — events, narration, menus, refusals, the public notation of an action, and whether it is
asked at all (ST-S1 face-down first machines, ST-T6 response windows, ST-K8 keepers)."""

from __future__ import annotations

import random

import pytest

import kansei
from kansei import IllegalAction
from kansei.builtin.stampede.rules import FACE_DOWN_CENTER
from kansei.testing import find_events, first_event, play_random

GAME = kansei.load("stampede")
SPACE = GAME.action_space()


def _visible_slugs(state, seat: int) -> set[str]:
    """The slugs of every card ``seat`` sees on the table (fields, stacks, discard piles, its hand), the
    open decklists aside."""
    table = GAME.table
    out = set()
    v = state.view(seat)
    for pv in v["players"]:
        for zv in pv["zones"].values():
            if zv["kind"] in ("machine", "event"):
                out.add(table.cards[table.find(zv["en"])].slug)
                out.update(table.cards[table.find(n)].slug for n in zv.get("stack", []))
        out.update(table.cards[table.find(n)].slug for n in pv["discard"])
        out.update(table.cards[table.find(c["en"])].slug for c in pv.get("hand") or [])
    return out


def _refusal(state, text: str, seat: int | None = None) -> str | None:
    try:
        state.clone().apply(text, seat=seat)
    except IllegalAction as e:
        return str(e)
    return None


def test_st_s1_the_first_machine_is_set_face_down_for_the_others():
    """ST-S1: the others are told "a card"; the chooser is told which (a private event)."""
    s = GAME.start(seed=4)
    action = s.legal_actions()[0]
    assert s.public_notation(action) == FACE_DOWN_CENTER and action.notation.startswith("center ")
    s.apply(action, seat=0)
    name = first_event(s, "first_machine")["card"]
    assert first_event(s, "first_machine_set", seat=1) == {"type": "first_machine_set", "seat": 0}
    assert not find_events(s, "first_machine", seat=1) and not find_events(s, "first_machine", seat=None)
    assert find_events(s, "first_machine", seat=0)[0]["card"] == name
    assert all(GAME.narrate(e, 1) is None or name not in GAME.narrate(e, 1) for e in s.events_for(1))
    assert GAME.narrate(s.events_for(1)[-1], 1) == "Player 1 sets a card face down as the first machine"
    assert GAME.narrate(s.events_for(1)[-1], 1, names=["Ann", "Bo"]) == (
        "Ann sets a card face down as the first machine"
    )
    assert name in GAME.narrate(find_events(s, "first_machine", seat=0)[0], 0)


def test_st_s1_a_seat_with_one_kind_of_first_machine_is_still_asked(sc):
    """Whether a seat chooses must not tell what its deck holds: one kind is still a decision (ST-S1)."""
    others = ("Blaze Petal", "Thorn Sprinter")  # the other gear-1 machines of the Scarlet Rose deck
    cards = {k: v for k, v in sc.starters["Scarlet Rose"].items() if k not in others}
    more = {"Crimson Runner": 1, "Rose Guardian": 2, "Rose Juggernaut": 2, "Scarlet Empress": 2}
    for name, n in more.items():
        cards[name] += n
    deck = {"name": "one starter", "cards": cards}
    s = GAME.start(seed=1, decks=[deck, None])
    assert [a.notation for a in s.legal_actions()] == ["center rose-starter"]
    assert s.to_move == 0


@pytest.mark.parametrize("seed", range(6))
def test_public_notation_names_only_cards_the_others_see(seed):
    """For every action of a random game, its public notation names no card the other seat cannot see
    once it is done (a card set face down is "a card")."""

    def check(state, step):
        mover = state.to_move
        for action in state.legal_actions():
            public = state.public_notation(action)
            after = state.clone()
            after.apply(action, seat=mover)
            seen = _visible_slugs(after, 1 - mover)
            for e in after.events_for(1 - mover, len(state.events_for(1 - mover))):  # shown on the way
                for name in [e.get("card"), *(e.get("cards") or [])]:
                    if isinstance(name, str):
                        seen.add(GAME.table.cards[GAME.table.find(name)].slug)
            for word in public.replace("@", " ").replace("#", " ").split():
                if GAME.table.find(word) is not None and word not in ("pass", "end", "battle"):
                    assert word in seen, f"{public!r} names {word}, unseen by seat {1 - mover}"

    play_random(GAME, seed, on_step=check)


def _two_worlds(state, seat, rng):
    """``state`` and a world in which everything ``seat`` cannot see was resampled."""
    return state, state.determinize(seat, rng)


@pytest.mark.parametrize("seed", range(5))
def test_what_a_seat_is_told_is_the_same_in_two_worlds(seed):
    """Narration, menu lines, refusals (with and without a seat) and whether the other seat is asked next:
    equal in the real state and in a world resampled for the seat that reads them."""
    rng = random.Random(seed)
    texts = rng.sample(SPACE, 60) + ["pass", "end", "battle", "run C", "attack C > C", "call nothing L"]

    def check(state, step):
        if step % 2:
            return
        mover = state.to_move
        other = 1 - mover
        # the whole narration so far (quadratic in the game's length: every sixth step), the rest below at
        # every other step
        for seat in (0, 1, None) if step % 6 == 0 else ():
            real, world = _two_worlds(state, seat, random.Random(step))
            assert [GAME.narrate(e, seat, lang) for e in real.events_for(seat) for lang in ("en", "ja")] == [
                GAME.narrate(e, seat, lang) for e in world.events_for(seat) for lang in ("en", "ja")
            ]
        real, world = _two_worlds(state, mover, random.Random(step))
        assert [GAME.describe_action(real, a, "en") for a in real.legal_actions()] == [
            GAME.describe_action(world, a, "en") for a in world.legal_actions()
        ]
        for text in texts:
            a, b = _refusal(real, text, mover), _refusal(world, text, mover)
            assert a == b, (text, a, b)
        # game.parse answers anyone: refusals equal in a world where both hands are resampled
        spectator = state.determinize(None, random.Random(step))
        for text in texts:
            a, b = _refusal(state, text), _refusal(spectator, text)
            if a is not None and b is not None:
                assert a == b, (text, a, b)
        # whether the other seat is asked next depends on nothing it alone knows (ST-T6)
        for action in state.legal_actions()[:8]:
            nxt = state.clone().apply(action, seat=mover)
            alt = state.determinize(mover, random.Random(step)).apply(action, seat=mover)
            assert (nxt.to_move == other) == (alt.to_move == other), action.notation

    play_random(GAME, seed, on_step=check)


def test_st_t6_a_seat_holding_only_unusable_cards_is_asked_and_passes(sc):
    """ST-T6: an attack window asks the defender whenever it holds a card; it passes if none answers."""
    s = sc.start(
        centers=["Rose Starter", "Sugar Start"],
        turn=3,
        order=[["Rose Starter"], []],
        hands=[[], ["Melty Giant"]],  # a gear-5 machine: no response
        field=[{"R": "Blaze Petal"}, {"L": "Candy Hopper"}],
    )
    s.apply("battle")
    s.apply("attack R > L")
    assert s.to_move == 1 and sc.legal(s) == ["pass"]
    assert not GAME.worth_asking(s, 1)  # a client may pass for the player (respond=auto)
    s.apply("pass")
    assert s.to_move == 0 and sc.top(s, 1, 0) is None


def test_st_t6_a_seat_with_no_card_in_hand_passes_and_the_pass_is_logged(sc):
    """Public information rules out a response (no hand, nothing usable on the field): no decision, and
    the automatic pass is an event every seat sees."""
    s = sc.start(
        centers=["Rose Starter", "Sugar Start"],
        turn=3,
        order=[["Rose Starter"], []],
        field=[{"R": "Blaze Petal"}, {"L": "Candy Hopper"}],
    )
    s.apply("battle")
    s.apply("attack R > L")
    assert s.to_move == 0 and not s.windows.frames
    assert first_event(s, "no_response", seat=0) == {"type": "no_response", "seat": 1, "window": "attack"}
    assert GAME.narrate(first_event(s, "no_response"), 0) == "Player 2 cannot answer (no cards in hand)"
    assert GAME.narrate(first_event(s, "no_response"), 1) == "you cannot answer (no cards in hand)"


def test_searched_cards_are_told_to_their_owner_only(sc):
    """《バブルコート》: the card taken from the deck is private; the others see a count."""
    p1 = sc.deck({"Bubble Coat": 4, "Candy Hopper": 4}, base="Sugar Mountain")
    s = sc.start(
        None,
        p1,
        centers=["Rose Starter", "Sugar Start"],
        turn=4,
        order=[["Rose Starter"], []],
        field=[{"L": "Blaze Petal", "R": "Blaze Petal"}, {"R": "Bubble Coat", "L": "Candy Hopper"}],
    )
    s.apply("battle")
    s.apply("attack L+R > R")
    s.apply("accept myL")
    assert first_event(s, "searched", seat=0) == {"type": "searched", "seat": 1, "count": 1}
    assert not find_events(s, "searched_cards", seat=0)
    assert find_events(s, "searched_cards", seat=1)[0]["cards"] == ["Bubble Coat"]
