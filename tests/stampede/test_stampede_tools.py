"""Stampede for the tools around it: the terminal text (every event narrated for every seat in both
languages, the board at 80 columns, menu lines), the card faces, the research hooks (action space,
observation encoding), ``respond=auto`` (``worth_asking``) and the greedy bot against random play."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from stampede_helpers import GAME, PAIRS, random_games

import kansei
from kansei.agents import choose, make_agent
from kansei.core.names import Names
from kansei.testing import find_events, play_random


def test_every_event_is_narrated_for_every_seat_in_both_languages():
    """Every event of random games (all deck pairings) gets a line, for each seat that sees it and the
    spectator, in English and Japanese, in the second person and in the third (a hot seat's names):
    nothing raises, no line is empty, shows a notation, a rule id, an internal name or a seat number."""
    names = ["Ann", "Bo"]
    bad = ("myL", " > ", "@", "ST-", "seat ", "_", "None", "{", "シート")
    for s in random_games(24):
        for seat in (0, 1, None):
            for e in s.events_for(seat):
                for lang in GAME.languages:
                    for who in (None, names, Names(names, lang=lang, second_person=False)):
                        line = GAME.narrate(e, seat, lang, who)
                        assert line and "\n" not in line, (e, seat, lang, line)
                        assert not any(b in line for b in bad), (e, line)
                        if who is not None:
                            assert "Player" not in line and "プレイヤー" not in line, (e, line)


def test_narration_names_players_and_speaks_to_the_reader():
    """Issue 11 wording ("you draw", plurals, no negative distance, one line per run) and issue 19:
    players by name, "Player 2" where none was given (people count from 1), "you" for the reader."""
    s, _ = play_random(GAME, 3)
    lines = [GAME.narrate(e, 0) for e in s.events_for(0)]
    text = "\n".join(x for x in lines if x)
    for bad in ("you draws", "you calls", "you attacks", "you runs", "1 cards", "-1 to go", "-2 to go"):
        assert bad not in text
    assert "you draw " in text
    first = find_events(s, "run_declared")[0]
    player = f"Player {first['seat'] + 1}"
    assert GAME.narrate(first, None).startswith(f"{player} declares a run with")
    assert GAME.narrate(first, None, names={first["seat"]: "Zoë"}).startswith("Zoë declares a run with")
    ran = find_events(s, "run", seat=first["seat"])[0]
    assert "runs" not in GAME.narrate(ran, None)  # the distance, not the same run told again
    goal = {"type": "run", "seat": 1, "by": 4, "distance": -3, "dead_heat": False}
    assert GAME.narrate(goal, 0) == "Player 2 reaches the goal line"
    assert GAME.narrate(goal, 1) == "you reach the goal line"
    assert GAME.narrate(goal, 1, names=Names(["A", "B"], second_person=False)) == "B reaches the goal line"
    assert GAME.narrate(goal, 0, "ja", ["A", "B"]) == "Bがゴールラインに到達"
    assert GAME.narrate({"type": "dealt", "seat": 0, "count": 1}, 1) == "Player 1 is dealt a card"
    left = {"type": "left", "seat": 1, "card": "Pykrete Ride", "zone": "L", "dest": "hand"}
    assert GAME.narrate(left, 0) == "Player 2's Pykrete Ride returns to the hand"
    assert GAME.narrate(left, 1, "ja") == "あなたのパイクリート・ライドが手札に戻った"
    assert GAME.narrate(left, 0, "ja") == "プレイヤー2のパイクリート・ライドが手札に戻った"
    over = {"type": "race_over", "winner": 0, "reason": "deck-out", "distance": [3, 4]}
    assert GAME.narrate(over, 1, "ja") == "レース終了：プレイヤー1の勝ち（山札切れ）"


def test_the_subject_is_told_its_own_events_once_by_name():
    """A seat that set its first machine is told it was set (the public event) and which card (its own
    event); the other seat only that a card was set; the drawer sees the count and the card."""
    s, _ = play_random(GAME, 3)
    for seat in (0, 1):
        for lang in GAME.languages:
            firsts = [e for e in s.events_for(seat) if e["type"] in ("first_machine", "first_machine_set")]
            assert len(firsts) == 3, firsts  # both seats' set-up, its own card
            mine = [e for e in firsts if e["type"] == "first_machine"]
            card = GAME.table.cards[GAME.table.find(mine[0]["card"])]
            assert len(mine) == 1 and card.label(lang) in GAME.narrate(mine[0], seat, lang)
            others = [GAME.narrate(e, 1 - seat, lang) for e in s.events_for(1 - seat)]
            assert not any(card.label(lang) in line for line in others[: len(firsts) + 2])
    shift = {"type": "distance", "seat": 1, "by": 2, "distance": -1}
    assert GAME.narrate(shift, 0) == "Player 2's distance +2: at the goal"  # never "-1 to go"
    assert GAME.narrate(shift, 1, "ja").endswith("ゴール")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_fits_80_columns_for_every_seat(lang):
    for s in random_games(3, 40):
        for seat in (0, 1, None):
            out = io.StringIO()
            Console(file=out, width=80, color_system=None).print(GAME.render(s, seat, lang))
            lines = out.getvalue().splitlines()
            assert lines and max(len(x) for x in lines) <= 80
            assert len(lines) <= 26


def test_attack_menu_lines_are_told_apart_by_names(sc):
    """Issue 11: two attack lines differ in the machines' names and zones, not only in "C > L"."""
    s = sc.start(
        centers=["Rose Starter", "Sugar Start"],
        turn=3,
        field=[{"L": "Blaze Petal", "R": "Blaze Petal"}, {"L": "Candy Hopper", "R": "Candy Hopper"}],
    )
    s.apply("battle")
    attacks = [a for a in s.legal_actions() if a.kind == "attack"]
    lines = [GAME.describe_action(s, a) for a in attacks]
    assert len(set(lines)) == len(lines)
    line = GAME.describe_action(s, next(a for a in attacks if a.notation == "attack L > R"))
    assert line == (
        "attack Candy Hopper (their right, DEF 3500) with Blaze Petal (your left) — POW 4500: destroys it"
    )
    assert all("C > " not in x and "L > " not in x for x in lines)


def test_menu_lines_carry_the_key_numbers(sc):
    """Issue 11: hand and menu lines show gear and POW/DEF (machines) or HP (events)."""
    s = sc.start(
        sc.deck({"Pykrete Ride": 4}),
        centers=["Rose Starter", "Sugar Start"],
        turn=2,
        hands=[["Pykrete Ride", "Rose Thorn", "Crimson Pit"], []],
        field=[{"R": "Blaze Petal"}, {}],
    )
    lines = {a.notation: GAME.describe_action(s, a) for a in s.legal_actions()}
    assert lines["call pykrete-ride C"].startswith("call Pykrete Ride G2 8000/8000 to the center")
    s.apply("call pykrete-ride C")
    lines = {a.notation: GAME.describe_action(s, a) for a in s.legal_actions()}
    assert "G1" in lines["assist rose-thorn myR"] and "your right zone" not in lines["assist rose-thorn myR"]
    assert "→ your right: Blaze Petal" in lines["assist rose-thorn myR"]
    assert "HP6000" in lines["event crimson-pit L"]
    ja = GAME.describe_action(s, s.legal_actions()[0], "ja")
    assert "ギア1" in ja and "自分の" in ja


def test_cards_hook_in_both_languages():
    en, ja = GAME.cards("en"), GAME.cards("ja")
    assert len(en) == len(ja) == len(GAME.table.cards)
    rose = next(c for c in en if c["slug"] == "rose-starter")
    assert rose["stats"] == {"gear": 1, "POW": 3000, "DEF": 3000} and rose["kind"] == "machine"
    assert rose["colour"] and rose["house"] in (True, False) and "Scarlet Rose" in rose["tags"]
    coat = next(c for c in ja if c["slug"] == "bubble-coat")
    assert coat["name"] == "バブルコート" and coat["stats"]["HP"] == 5000 and "進路妨害" in coat["tags"]
    with pytest.raises(kansei.OptionError):
        GAME.cards("de")  # a language the game does not declare
    en[0]["name"] = "changed"
    assert GAME.cards("en")[0]["name"] != "changed"


def test_action_space_is_complete_over_randomrandom_games():
    """Every notation of every legal action in random games (all pairings) is in ``action_space()``,
    which holds each notation once."""
    space = GAME.action_space()
    assert len(space) == len(set(space))
    known = set(space)
    for s_seed in range(16):

        def check(state, step, known=known):
            missing = [a.notation for a in state.legal_actions() if a.notation not in known]
            assert not missing, missing

        play_random(GAME, s_seed, decks=list(PAIRS[s_seed % len(PAIRS)]), on_step=check)


def test_observation_is_fixed_length_and_built_from_the_view():
    spec = GAME.observation_spec(2)
    assert len(spec) == len(set(spec))
    for s in random_games(2, 60):
        for seat in (0, 1, None):
            v = s.view(seat)
            x = GAME.encode_view(v, seat)
            assert len(x) == len(spec) and all(isinstance(f, float) for f in x)
            assert GAME.encode_view(s.determinize(seat, random.Random(1)).view(seat), seat) == x


def test_worth_asking_only_when_a_keeper_can_avert_the_goal(sc):
    """respond=auto: a goal window is worth a question only if the keepers held can push the opponent
    back above 0 (ST-K8); the engine still asks (the seat's legal actions are unchanged)."""
    p1 = sc.deck({"Goal Line Guard": 1}, base="Sugar Mountain")
    for start, worth in ((2, True), (1, False)):  # a gear-3 run; Goal Line Guard pushes back 2
        s = sc.start(
            None,
            p1,
            centers=["Rose Starter", "Sugar Start"],
            turn=5,
            distance=[start, 20],
            order=[["Rose Starter"], []],
            hands=[[], ["Goal Line Guard"]],
            field=[{"C": ["Pykrete Ride", "Grateful Train"]}, {}],
        )
        s.apply("battle")
        s.apply("run C")  # gear 3
        s.apply("pass")  # the run window
        assert s.windows.kind == "goal" and sc.legal(s) == ["keeper goal-line-guard", "pass"]
        assert GAME.worth_asking(s, 1) is worth
        assert GAME.worth_asking(s, 0) is True  # not to move: nothing to decide for it


def test_greedy_beats_random(win_rate_against_random):
    """The greedy bot with this game's evaluation beats random play: 40 fixed-seed races, seats alternate;
    random against random, the same races, wins about half."""

    greedy = win_rate_against_random(GAME, "greedy")
    baseline = win_rate_against_random(GAME, "random")
    assert greedy >= 0.75 and greedy >= baseline + 0.2, (greedy, baseline)


def test_greedy_does_not_spend_a_card_on_a_pointless_buff(sc):
    """Issue 11: with every machine tapped, +2000 POW until end of turn (《薔薇の棘》) changes nothing; the
    greedy bot ends the turn and keeps the card (ending the turn is not scored as a lost card)."""
    s = sc.start(
        centers=["Rose Starter", "Sugar Start"],
        turn=3,
        hands=[["Rose Thorn"], []],
        field=[{"R": "Blaze Petal"}, {}],
    )
    s.apply("battle")
    s.apply("run C")
    s.apply("run R")
    assert "assist rose-thorn myR" in sc.legal(s) and "end" in sc.legal(s)
    for seed in range(5):
        assert choose(make_agent("greedy", seed=seed), s, 0).notation == "end"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_the_greedy_steps_scratch_evaluation_is_the_evaluation(seed):
    """``evaluate_scratch`` (what the greedy step scores its dropped copies with, passing their open
    windows in place) gives exactly ``evaluate`` of every legal action's result, for both seats, at
    every step of random games seen from a search's world; ``evaluate`` leaves the state as it was."""
    from kansei.builtin.stampede.bots import evaluate, evaluate_scratch

    def check(state, step):
        world = state.determinize(state.to_move, random.Random(step), events=False)
        for action in world.legal_actions():
            child = world.clone()
            child.advance(action)
            before = child.reveal()
            plain = [evaluate(child, 0), evaluate(child, 1)]
            assert child.reveal() == before
            assert [evaluate_scratch(child.clone(), q) for q in (0, 1)] == plain

    play_random(GAME, seed % 1000, on_step=check)
