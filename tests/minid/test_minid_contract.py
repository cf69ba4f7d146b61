"""Mini D keeps the contract between a game and its clients (issue 19, docs/ARCHITECTURE.md "The contract"):
reachable determinized worlds, records for designers, move refs, the typed view, names in every text, pickle,
narration of every event in every language."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from minid_helpers import GAME

import kansei
from kansei.builtin.minid.state import MiniDState
from kansei.testing import play_random

CONFIGS = [(c["options"], c["players"]) for c in GAME.test_configs()]
BOLTS = {c.slug for c in GAME.table.cards if c.bolt}
WAITS = {c.slug for c in GAME.table.cards if c.waits is not None}
KEPT_SLUGS = {c.slug for c in GAME.table.cards if not c.bolt}


def seats_and_spectator(state: kansei.State) -> list[int | None]:
    return [*range(state.players), None]


def real_zone_kinds(zone: str) -> set[str]:
    """What real play ever puts in a zone (MD-E1): hands hold kept cards, waiting holds ⚡ cards that wait."""
    kind = zone.rsplit(":", 1)[1]
    if kind == "hand":
        return KEPT_SLUGS
    if kind == "waiting":
        return WAITS
    return KEPT_SLUGS | BOLTS


# -- reachable worlds (MD-E1: ⚡ cards are played when drawn, never held) ------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_determinized_worlds_never_deal_a_bolt_card_into_a_hand(players):
    """MD-E1: a ⚡ card is played the moment it is drawn, so no real hand holds one. Every world
    ``determinize`` makes, for every racer and the spectator whoever is to move, puts in each hidden zone
    only cards real play puts there, keeps the census, the seat's view and events, and plays on to the end.
    (The old resampling dealt ⚡ cards into hands in about half of all worlds.)"""
    worlds = with_hidden_cards = 0
    for seed in range(30 if players == 2 else 8):
        rng = random.Random(seed)

        def check(state: kansei.State, step: int, rng: random.Random = rng, seed: int = seed) -> None:
            nonlocal worlds, with_hidden_cards
            assert isinstance(state, MiniDState)
            for seat in seats_and_spectator(state):
                world = state.determinize(seat, rng)
                worlds += 1
                with_hidden_cards += any(world.hands[q] for q in range(players) if q != seat)
                for zone, cards in (world.zones() or {}).items():
                    assert set(cards) <= real_zone_kinds(zone), (seed, step, seat, zone, cards)
                assert world.census() == state.census()
                assert world.view(seat) == state.view(seat)
                assert world.events_for(seat) == state.events_for(seat)
                if step % 4 == 0:  # the world plays on to the end
                    end = world.clone()
                    moves = random.Random(step)
                    while not end.is_over:
                        legal = end.legal_actions()
                        assert legal
                        end.apply(legal[moves.randrange(len(legal))])

        play_random(GAME, seed, players, on_step=check)
    assert worlds > 200 and with_hidden_cards > 20, (worlds, with_hidden_cards)


def test_determinized_hands_keep_their_sizes_and_the_seats_own_hand():
    """The resampled hands have the sizes everyone sees; the seat's own hand and every face-up card stay."""
    hands = [["Nitro"], ["Pied au plancher", "Frein à main"], [], ["Ange gardien"]]
    state = GAME.start(seed=3, players=4, setup={"starter": 0, "hands": hands})
    assert isinstance(state, MiniDState)
    for seat in seats_and_spectator(state):
        world = state.determinize(seat, random.Random(1))
        assert isinstance(world, MiniDState)
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        if seat is not None:
            assert world.hands[seat] == state.hands[seat]
        assert world.discard == state.discard and world.waiting == state.waiting
        assert Counter(world.deck) + sum((Counter(h) for h in world.hands), Counter()) == Counter(
            state.deck
        ) + sum((Counter(h) for h in state.hands), Counter())
