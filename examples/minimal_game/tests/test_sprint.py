"""Sprint as a kansei plugin: found through its entry point, played by kansei's own harness and bots, and
conforming to the whole contract (kansei.testing.check_game)."""

from __future__ import annotations

import random

import pytest

import kansei
from kansei import ContentError, IllegalAction
from kansei.agents import choose, make_agent
from kansei.testing import check_game, first_event, play_random, refused, scenario


def test_the_entry_point_registers_the_game():
    assert "sprint" in kansei.games()


def test_sprint_keeps_the_whole_contract():
    check_game("sprint")


def speed(state, slug: str) -> int:
    return state.table.cards[slug].speed


def test_sp_r2_the_faster_card_moves_and_leads_and_both_go_face_up():
    s = scenario("sprint", seed=1, setup={"leader": 0})
    fast = max(s.hands[0], key=lambda c: speed(s, c))
    slow = min(s.hands[1], key=lambda c: speed(s, c))
    s.apply(f"play {fast}", seat=0)
    assert s.events_for(1)[-1] == {"type": "played", "seat": 0}  # SP-R1: face down for seat 1
    s.apply(f"play {slow}", seat=1)
    shown = first_event(s, "revealed")
    assert shown["cards"] == [fast, slow]
    assert s.piles == [[fast], [slow]]  # revealed cards stay in play (the census keeps them)
    if speed(s, fast) > speed(s, slow):
        assert s.position[0] >= speed(s, fast) and s.leader == 0


def test_sp_c1_slipstream_still_moves_one_when_it_loses():
    deck = {"name": "test", "cards": {"slipstream": 2, "nitro": 4}}
    s = scenario("sprint", seed=3, decks=[deck, {"name": "fast", "cards": {"nitro": 4, "shift": 2}}])
    s.hands = [["slipstream"], ["nitro"]]  # a scenario fixes the hands
    s.apply("play slipstream", seat=0)
    s.apply("play nitro", seat=1)
    assert first_event(s, "advanced") == {
        "type": "advanced",
        "seat": 0,
        "card": "slipstream",
        "spaces": 1,
        "position": 1,
    }
    assert s.position[0] == 1


def test_sp_c2_nitro_draws_a_card_when_it_wins():
    s = scenario("sprint", seed=4)
    s.hands = [["nitro", "shift", "shift"], ["launch", "launch", "launch"]]
    before = len(s.decks[0])
    s.apply("play nitro", seat=0)
    s.apply("play launch", seat=1)
    assert len(s.decks[0]) == before - 2  # Nitro's card, then the round's draw (SP-R3)
    assert len(s.hands[0]) == 4


def test_a_face_down_card_is_hidden_from_the_other_seat():
    s = scenario("sprint", seed=2)
    action = s.legal_actions()[0]
    assert s.public_notation(action) == "play a card face down"
    s.apply(action, seat=0)
    world = s.determinize(1, random.Random(0))
    assert world.view(1) == s.view(1) and world.events_for(1) == s.events_for(1)


def test_bad_input_is_one_clear_line():
    with pytest.raises(kansei.OptionError, match="goal"):
        kansei.load("sprint", goal=2)
    with pytest.raises(ContentError, match="leader"):
        kansei.load("sprint").start(seed=0, setup={"leader": 5})
    with pytest.raises(ContentError, match="deck of player 2: no card 'turbo'"):
        kansei.load("sprint").start(seed=0, decks=[None, {"name": "x", "cards": {"turbo": 3}}])
    s = scenario("sprint", seed=0)
    assert "not your turn" in refused(s, "play nitro", seat=1)
    hand = ", ".join(s.table.cards[c].name for c in s.hands[0])
    if "nitro" not in s.hands[0]:  # an Action refused to the seat to move names its own hand
        assert refused(s, kansei.Action("play nitro"), seat=0) == f"you hold no Nitro (your hand: {hand})"
        assert refused(s, "play nitro") == "'play nitro' is not a legal action now"
    with pytest.raises(IllegalAction):
        s.apply("play everything")


def wins_against_random(kind: str, games: int = 60) -> int:
    game, wins = kansei.load("sprint"), 0
    for seed in range(games):
        state = game.start(seed=seed)
        bots = [make_agent(kind if seat == seed % 2 else "random", seed) for seat in (0, 1)]
        while not state.is_over:
            seat = state.to_move
            state.apply(choose(bots[seat], state, seat), seat=seat)
        wins += state.winner == seed % 2
    return wins


def test_sp_w1_games_end_and_greedy_beats_random():
    for seed in range(30):
        state, _ = play_random(kansei.load("sprint"), seed)
        assert state.is_over
    greedy, baseline = wins_against_random("greedy"), wins_against_random("random")
    assert greedy >= baseline + 10, (greedy, baseline)
