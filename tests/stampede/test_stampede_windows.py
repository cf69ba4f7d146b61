"""Stampede timing (ST-T6): response windows, LIFO resolution, cheap passing; keywords that act through them:
ST-K5 Dead Heat, ST-K6 Dragon Genus, ST-K7 Crash, ST-K8 Goal Keeper / Requiem Keeper; triggered abilities."""

from __future__ import annotations

from kansei.testing import find_events, refused

C0 = ["Rose Starter", "Sugar Start"]


def sugar(sc, **add):
    return sc.deck({"Sugar Start": 4, "Lollipop Racer": 4, "Candy Hopper": 4} | add, base="Sugar Mountain")


def test_st_t6_attack_window_response_fizzles_the_attack(sc):
    """ST-T6: the defender gets a decision when an attack is declared; 《綿あめの雲》 cancels it."""
    p1 = sugar(sc, **{"Cotton Candy Cloud": 2})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=4,
        order=[["Rose Starter"], []],
        hands=[[], ["Cotton Candy Cloud"]],
        field=[{"R": "Blaze Petal"}, {"C": ["Lollipop Racer"], "L": "Candy Hopper"}],
    )
    s.apply("battle")
    s.apply("attack R > L")
    assert s.to_move == 1 and s.windows.kind == "attack"
    assert sc.legal(s) == ["assist cotton-candy-cloud", "pass"]
    s.apply("assist cotton-candy-cloud")
    assert s.to_move == 0 and s.windows.kind == "attack"  # priority back to seat 0, which holds a card
    assert sc.legal(s) == ["pass"]  # Rose Starter answers nothing, but seat 0 is asked all the same
    s.apply("pass")
    assert s.to_move == 0 and s.phase == "battle" and not s.windows.frames
    assert sc.top(s, 1, 0) == "Candy Hopper" and sc.top(s, 0, 2) == "Blaze Petal"
    assert s.tapped[2]  # the attacker stays tapped
    assert find_events(s, "fizzle")[-1]["what"] == "attack"


def test_st_t6_passing_is_cheap_no_window_without_a_response(sc):
    s = sc.start(
        centers=C0, turn=3, order=[["Rose Starter"], []], field=[{"R": "Blaze Petal"}, {"L": "Candy Hopper"}]
    )
    s.apply("battle")
    s.apply("attack R > L")
    assert s.to_move == 0 and not s.windows.frames  # the window was skipped: no decision for seat 1
    assert sc.top(s, 1, 0) is None


def test_st_t6_responses_resolve_last_in_first_out(sc):
    p1 = sugar(sc, **{"Whip Mechanic": 2})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=4,
        hands=[["Rose Thorn"], []],
        order=[["Rose Starter"], []],
        field=[{"R": "Blaze Petal"}, {"C": ["Lollipop Racer"], "R": "Whip Mechanic"}],
    )
    s.apply("battle")
    s.apply("attack R > C")  # 4500 vs Lollipop 7000
    assert s.to_move == 1
    s.apply("use whip-mechanic@R myC")  # +4000 DEF to the target, seat 1's own center (first in)
    assert s.to_move == 0  # priority back to the attacker
    s.apply("assist rose-thorn myR")  # +2000 POW to the attacker (last in)
    # seat 1 holds no card and has used its Whip Mechanic: it passes automatically; seat 0 holds one
    assert s.to_move == 0 and sc.legal(s) == ["pass"]
    s.apply("pass")
    assert s.to_move == 0 and not s.windows.frames
    stats = [(e["card"], e["pow"], e["def_"]) for e in find_events(s, "stats")]
    assert stats == [("Blaze Petal", 2000, 0), ("Lollipop Racer", 0, 4000)]  # LIFO
    combat = find_events(s, "combat")[-1]
    assert (combat["pow"], combat["def_"], combat["outcome"]) == (6500, 11000, "lower")


def test_action_outside_a_window_and_main_action_inside_one_are_refused(sc):
    p1 = sugar(sc, **{"Cotton Candy Cloud": 2})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=4,
        order=[["Rose Starter"], []],
        hands=[[], ["Cotton Candy Cloud"]],
        field=[{"R": "Blaze Petal"}, {"C": ["Lollipop Racer"]}],
    )
    assert "no response window is open" in refused(s, "pass")
    assert "\n" not in refused(s, "assist cotton-candy-cloud")
    s.apply("battle")
    s.apply("attack R > C")
    message = refused(s, "end")
    assert "an attack window is open: Player 2 must respond or pass first" in message
    assert refused(s, "end", seat=0) == "player 1: it is not your turn (player 2 is to move)"


def test_run_window_cancel_run(sc):
    p1 = sc.deck({"Dark Signpost": 2, "Howling Drift": 2}, base="Midnight Wolf")
    s = sc.start(
        None,
        p1,
        centers=["Rose Starter", "Wolf Cub"],
        turn=4,
        order=[["Rose Starter"], []],
        field=[{"C": ["Pykrete Ride"]}, {"C": ["Howling Drift"], "R": "Dark Signpost"}],
    )
    s.apply("battle")
    s.apply("run C")
    assert s.windows.kind == "run" and "use dark-signpost@R" in sc.legal(s)
    s.apply("use dark-signpost@R")
    assert s.distance == (20, 20) and s.tapped[1]


def test_st_k8_goal_keeper_delays_the_goal(sc):
    p1 = sugar(sc, **{"Goal Line Guard": 1})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=3,
        distance=[1, 20],
        order=[["Rose Starter"], []],
        hands=[[], ["Goal Line Guard"]],
    )
    s.apply("battle")
    s.apply("run C")
    assert s.windows.kind == "run" and s.to_move == 1  # asked first in the run window (it holds a card)
    s.apply("pass")
    assert s.windows.kind == "goal" and s.to_move == 1
    assert sc.legal(s) == ["keeper goal-line-guard", "pass"]
    s.apply("keeper goal-line-guard")
    assert not s.is_over and s.distance[0] == 2
    assert find_events(s, "goal_averted")


def test_st_k8_without_a_keeper_the_goal_wins(sc):
    s = sc.start(centers=C0, turn=3, distance=[1, 20])
    s.apply("battle")
    s.apply("run C")
    assert s.is_over and s.winner == 0


def test_st_k8_requiem_keeper_answers_deck_out_and_the_goal(sc):
    p1 = sugar(sc, **{"Sweet Trap": 2})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=3,
        hands=[[], ["Sweet Trap", "Sweet Trap"]],
        discard=[[], ["Candy Hopper", "Lollipop Racer", "Sugar Start"]],
    )
    s.own_decks()[1].clear()
    s.apply("battle")
    s.apply("end")  # seat 1 must draw from an empty deck (ST-O1)
    assert s.windows.kind == "deckout" and s.to_move == 1
    assert sc.legal(s) == ["keeper sweet-trap", "pass"]
    s.apply("keeper sweet-trap")
    assert s.to_move == 1 and s.windows.kind == "deckout"  # priority came back: the second copy may follow
    s.apply("pass")
    assert not s.is_over and s.phase == "main" and s.active == 1
    assert len(s.decks[1]) == 2 and s.distance[0] == 22  # 3 back, 1 drawn; +2 for seat 0


def test_st_k8_requiem_keeper_answers_the_goal_too(sc):
    p1 = sugar(sc, **{"Sweet Trap": 2})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=3,
        distance=[1, 20],
        order=[["Rose Starter"], []],
        hands=[[], ["Sweet Trap"]],
    )
    s.apply("battle")
    s.apply("run C")
    s.apply("pass")  # the run window
    assert s.windows.kind == "goal" and sc.legal(s) == ["keeper sweet-trap", "pass"]
    s.apply("pass")
    assert s.is_over and s.winner == 0


def test_st_k5_dead_heat_runs_with_the_opponent(sc):
    p1 = sc.deck({"Moonlight Run": 2, "Yurika the Supreme Rider": 1}, base="Midnight Wolf")
    s = sc.start(
        None,
        p1,
        centers=["Rose Starter", "Moonlight Run"],
        turn=3,
        order=[["Rose Starter"], []],
        field=[{}, {"L": "Moonlight Run"}],
    )
    s.apply("battle")
    s.apply("run C")
    assert s.distance == (19, 18)  # two Dead Heat 1 cards (center and left)
    assert len(find_events(s, "dead_heat")) == 2


def test_st_k5_dead_heat_does_not_answer_dead_heat_and_obstruction_stops_it(sc):
    p0 = sc.deck({"Moonlight Run": 2})
    p1 = sc.deck({"Moonlight Run": 2}, base="Midnight Wolf")
    s = sc.start(
        p0,
        p1,
        centers=["Rose Starter", "Moonlight Run"],
        turn=3,
        order=[["Rose Starter"], []],
        field=[{"L": "Moonlight Run"}, {}],
    )
    s.apply("battle")
    s.apply("run C")
    assert s.distance == (19, 19)  # seat 1 answered once; seat 0's Dead Heat does not answer that
    s2 = sc.start(
        sc.deck({"Rose Guardian": 2}),
        p1,
        centers=["Rose Starter", "Moonlight Run"],
        turn=3,
        order=[["Rose Starter"], []],
        field=[{"C": ["Pykrete Ride", "Rose Guardian"]}, {}],
    )
    s2.apply("battle")
    s2.apply("run C")
    assert s2.distance == (17, 20)  # seat 0 has Obstruction: seat 1's Dead Heat (a run) fizzles
    assert find_events(s2, "fizzle")[-1]["what"] == "dead_heat"


def test_st_k7_crash_triggers_when_distances_cross(sc):
    p0 = sc.deck({"Night Scout": 2}, base="Midnight Wolf")
    s = sc.start(p0, None, centers=["Night Scout", "Sugar Start"], turn=3, distance=[20, 19])
    hand = len(s.hands[0])
    s.apply("battle")
    s.apply("run C")  # 20 → 19: level, no crossing yet
    assert len(s.hands[0]) == hand and not find_events(s, "crash")
    s.apply("end")
    s.apply("battle")
    s.apply("end")
    hand = len(s.hands[0])
    s.apply("battle")
    s.apply("run C")  # 19 → 18 < 19: overtakes
    s.apply("pass")  # seat 1 holds the card it drew: asked in the run window
    assert find_events(s, "crash")[-1] == {"overtaker": 0, "overtaken": 1, "type": "crash"}
    assert len(s.hands[0]) == hand + 1  # [Crash] draw 1


def test_st_k7_crash_with_a_target_asks_its_owner(sc):
    p1 = sc.deck({"Shadow Fang": 2}, base="Midnight Wolf")
    s = sc.start(
        sc.deck({"Pykrete Ride": 2}),
        p1,
        centers=["Rose Starter", "Wolf Cub"],
        turn=3,
        distance=[20, 19],
        order=[["Rose Starter"], []],
        field=[{"C": ["Pykrete Ride"], "L": "Blaze Petal", "R": "Thorn Sprinter"}, {"C": ["Shadow Fang"]}],
    )
    s.apply("battle")
    s.apply("run C")  # 20 → 18: seat 0 overtakes; seat 1's Shadow Fang: tap an opposing machine
    assert s.windows.kind == "choice" and s.to_move == 1
    assert sc.legal(s) == ["accept opL", "accept opR"]  # the center is tapped already; no decline
    s.apply("accept opR")
    assert s.tapped[2] and not s.tapped[0] and s.to_move == 0


def test_st_k7_crash_with_a_single_target_needs_no_decision(sc):
    p1 = sc.deck({"Shadow Fang": 2}, base="Midnight Wolf")
    s = sc.start(
        sc.deck({"Pykrete Ride": 2}),
        p1,
        centers=["Rose Starter", "Wolf Cub"],
        turn=3,
        distance=[20, 19],
        order=[["Rose Starter"], []],
        field=[{"C": ["Pykrete Ride"], "L": "Blaze Petal"}, {"C": ["Shadow Fang"]}],
    )
    s.apply("battle")
    s.apply("run C")
    assert s.tapped[0] and s.to_move == 0 and not s.windows.frames


def test_st_k6_dragon_genus_ignores_targeting_effects_unless_named(sc):
    p1 = sc.deck({"Dragon Egg": 4, "Dragoon Knight": 2}, base="Dragoon Crown")
    p0 = sc.deck({"Crimson Runner": 2, "Dragon's Roar": 1}, base="Scarlet Rose")
    s = sc.start(
        p0,
        p1,
        centers=["Rose Starter", "Dragon Egg"],
        turn=4,
        field=[{"C": ["Crimson Runner"]}, {"C": ["Dragoon Knight"]}],
    )
    assert not any(a.startswith("use crimson-runner") for a in sc.legal(s))  # only Dragon Genus to target
    p0 = sc.deck({"Dragon's Roar": 2, "Pykrete Ride": 2}, base="Dragoon Crown")
    s = sc.start(
        p0,
        p1,
        centers=["Wyvern Kid", "Dragon Egg"],
        turn=4,
        hands=[["Dragon's Roar"], []],
        field=[{"C": ["Breath Charger"]}, {"C": ["Dragoon Knight"]}],
    )
    assert "assist dragon-s-roar opC" in sc.legal(s)  # names Dragon Genus
    s.apply("assist dragon-s-roar opC")
    assert s.tapped[4]


def test_bubble_coat_on_destroyed_optional_cost_and_search(sc):
    """ST-C3 example: when destroyed, tap one of your field cards to add a Bubble Coat from the deck."""
    p1 = sugar(sc, **{"Bubble Coat": 4})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=4,
        order=[["Rose Starter"], []],
        field=[{"L": "Blaze Petal", "R": "Blaze Petal"}, {"R": "Bubble Coat", "L": "Candy Hopper"}],
    )
    s.apply("battle")
    s.apply("attack L+R > R")  # 9000 against 5000 HP
    assert s.windows.kind == "choice" and s.to_move == 1
    assert sorted(sc.legal(s)) == ["accept myC", "accept myL", "decline"]
    s.apply("accept myL")
    assert s.tapped[3] and "Bubble Coat" in sc.names(s, s.hands[1])
    assert sc.names(s, s.decks[1]).count("Bubble Coat") == 2
    assert s.to_move == 0


def test_view_windows_and_render_both_languages(sc):
    from rich.console import Console

    p1 = sugar(sc, **{"Cotton Candy Cloud": 2})
    s = sc.start(
        None,
        p1,
        centers=C0,
        turn=4,
        order=[["Rose Starter"], []],
        hands=[[], ["Cotton Candy Cloud"]],
        field=[{"R": "Blaze Petal"}, {"C": ["Lollipop Racer"]}],
    )
    s.apply("battle")
    s.apply("attack R > C")
    v = s.view(1)
    assert v["windows"]["frames"][0]["kind"] == "attack" and v["gear_cap"] == 4
    game = s.game
    for lang, needle, tapped, stack in (
        ("en", "Lollipop Racer", "TAPPED", "stack ×2"),
        ("ja", "ロリポップ・レーサー", "疲労", "2枚"),
    ):
        con = Console(width=80, record=True)
        con.print(game.render(s, 1, lang))
        out = con.export_text()
        assert needle in out and tapped in out and stack in out
        assert ("綿あめの雲" if lang == "ja" else "Cotton Candy Cloud") in out  # seat 1's own hand
        lines = [game.describe_action(s, a, lang) for a in s.legal_actions()]
        assert any(("綿あめの雲" if lang == "ja" else "Cotton Candy Cloud") in x for x in lines)
