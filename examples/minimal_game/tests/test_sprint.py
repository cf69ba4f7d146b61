"""Sprint as a kansei plugin: found through its entry point, played by kansei's own harness and bots."""

from __future__ import annotations

import random

import pytest

import kansei
from kansei import ContentError, IllegalAction
from kansei.agents import choose, make_agent
from kansei.testing import first_event, play_random, refused, scenario


def test_the_entry_point_registers_the_game():
    assert "sprint" in kansei.games()


def test_sp_r2_the_faster_card_moves_and_leads():
    s = scenario("sprint", seed=1, setup={"leader": 0})
    fast, slow = max(s.hands[0], key=s.speed.get), min(s.hands[1], key=s.speed.get)
    s.apply(f"play {fast.lower()}", seat=0)
    assert s.events_for(1)[-1] == {"type": "played", "seat": 0}  # SP-R1: face down for seat 1
    s.apply(f"play {slow.lower()}", seat=1)
    shown = first_event(s, "revealed")
    assert shown["cards"] == [fast, slow]
    if s.speed[fast] > s.speed[slow]:
        assert s.position == [s.speed[fast], 0] and s.leader == 0


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
    assert "not your turn" in refused(scenario("sprint"), "play nitro", seat=1)
    with pytest.raises(IllegalAction):
        scenario("sprint").apply("play everything")


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
    # the same 60 seeds: greedy (using Sprint.evaluate) wins 45, a random bot in its seat 25
    assert wins_against_random("greedy") >= 40 > 30 >= wins_against_random("random")
