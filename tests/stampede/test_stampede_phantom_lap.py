"""《幻影の周回》 (Phantom Lap, ST-C2 assist, Steering gear 3): "Choose an assist in the opponent's discard
pile and use its effect" — the ``use_discarded_assist`` block and its rulings (docs/rulings.md)."""

from __future__ import annotations

from collections import Counter

from kansei.testing import find_events

ROSE = ["Crimson Runner", "Grateful Train"]  # a gear-3 Scarlet Rose center: Phantom Lap is usable (ST-T6)


def _decks(sc, mine=None, theirs=None):
    p0 = sc.deck({"Phantom Lap": 2, "Crimson Runner": 2, "Grateful Train": 2} | (mine or {}))
    p1 = sc.deck(theirs or {}, base="Sugar Mountain")
    return p0, p1


def _start(sc, discard, *, mine=None, theirs=None, hand=("Phantom Lap",), **setup):
    p0, p1 = _decks(sc, mine, dict(Counter(discard[1])) | (theirs or {}))
    setup.setdefault("turn", 4)
    setup.setdefault("centers", ["Rose Starter", "Sugar Start"])
    setup.setdefault("field", [{"C": ROSE}, {"C": ["Lollipop Racer"]}])
    return sc.start(p0, p1, hands=[list(hand), []], discard=discard, **setup)


def _phantom(sc, s):
    return [a for a in sc.legal(s) if a.startswith("assist phantom-lap")]


def test_st_c2_phantom_lap_offers_each_assist_with_a_play_effect_in_the_opponents_discard(sc):
    """ST-C2: one choice per assist of the opponent's discard (by name, each with its own targets); not a
    machine, not a keeper (ST-K8: no effect to play), not another copier, never the player's own pile."""
    s = _start(
        sc,
        [["Howl"], ["Rose Thorn", "Checkered Flag", "Checkered Flag", "Goal Line Guard", "Phantom Lap",
                    "Candy Hopper"]],
        mine={"Howl": 1},
    )  # fmt: skip
    assert _phantom(sc, s) == ["assist phantom-lap rose-thorn myC", "assist phantom-lap checkered-flag"]


def test_st_c2_phantom_lap_needs_an_assist_in_the_opponents_discard(sc):
    s = _start(sc, [["Howl"], []], mine={"Howl": 1})
    assert _phantom(sc, s) == []


def test_st_t6_phantom_lap_itself_obeys_the_center_gear(sc):
    """ST-T6: Phantom Lap (gear 3) needs a center of gear 3 or more; the copied card's own class and gear
    do not matter (Dragon's Roar is Dragoon Crown, the center Scarlet Rose)."""
    s = _start(sc, [[], ["Checkered Flag"]], field=[{"C": ["Crimson Runner"]}, {"C": ["Lollipop Racer"]}])
    assert _phantom(sc, s) == []


def test_st_c2_the_copied_effect_is_the_players_own_and_the_copied_card_stays(sc):
    """The effect runs for the player (Checkered Flag: the player draws 2); the copied card stays in the
    opponent's discard pile, Phantom Lap goes to the player's."""
    s = _start(sc, [[], ["Checkered Flag"]])
    hand0, deck0, deck1 = len(s.hands[0]), len(s.decks[0]), len(s.decks[1])
    s.apply("assist phantom-lap checkered-flag")
    assert len(s.hands[0]) == hand0 - 1 + 2 and len(s.decks[0]) == deck0 - 2 and len(s.decks[1]) == deck1
    assert sc.names(s, s.discard[1]) == ["Checkered Flag"]
    assert sc.names(s, s.discard[0]) == ["Phantom Lap"]
    (copy,) = find_events(s, "copy")
    assert (copy["seat"], copy["card"], copy["owner"]) == (0, "Checkered Flag", 1)
    assert find_events(s, "resolved")[-1]["card"] == "Phantom Lap"


def test_st_k6_the_copied_effects_targets_are_relative_to_the_player(sc):
    """Dragon's Roar copied: "tap an opposing machine" taps the copier's opponent's (named Dragon Genus,
    ST-K6, so a Dragon Genus center is a target too)."""
    s = _start(
        sc,
        [[], ["Dragon's Roar"]],
        theirs={"Dragon Egg": 4, "Dragoon Knight": 2},
        centers=["Rose Starter", "Dragon Egg"],
        field=[{"C": ROSE}, {"C": ["Dragoon Knight"]}],
    )
    assert _phantom(sc, s) == ["assist phantom-lap dragon-s-roar opC"]
    s.apply("assist phantom-lap dragon-s-roar opC")
    assert s.tapped[4] and not s.tapped[1]


def test_the_copied_assists_condition_binds_the_copy_unless_the_option_says_ignore(sc):
    """Ruling: Slipstream ("use only while your remaining distance is greater") is copied with its
    condition (``copy_conditions="apply"``); ``copy_conditions="ignore"`` uses its effect alone."""
    ahead = _start(sc, [[], ["Slipstream"]], distance=[10, 15])
    assert _phantom(sc, ahead) == []
    behind = _start(sc, [[], ["Slipstream"]], distance=[15, 10])
    assert _phantom(sc, behind) == ["assist phantom-lap slipstream"]
    behind.apply("assist phantom-lap slipstream")
    assert behind.distance[0] == 13
    ignored = _start(sc, [[], ["Slipstream"]], distance=[10, 15], options={"copy_conditions": "ignore"})
    assert _phantom(sc, ignored) == ["assist phantom-lap slipstream"]
    ignored.apply("assist phantom-lap slipstream")
    assert ignored.distance[0] == 8


def _attacked(sc):
    """Seat 1 attacks seat 0's Blaze Petal; seat 0 holds Phantom Lap, seat 1's discard Cotton Candy Cloud."""
    p0, p1 = _decks(sc, {"Blaze Petal": 2}, {"Cotton Candy Cloud": 2, "Candy Hopper": 4})
    s = sc.start(
        p0,
        p1,
        first=1,
        turn=4,
        centers=["Rose Starter", "Sugar Start"],
        order=[[], ["Candy Hopper"]],
        hands=[["Phantom Lap"], ["Candy Hopper"]],
        discard=[[], ["Cotton Candy Cloud"]],
        field=[{"C": ROSE, "R": "Blaze Petal"}, {"C": ["Lollipop Racer"], "L": "Candy Hopper"}],
    )
    s.apply("battle")
    s.apply("attack L > R")
    assert s.to_move == 0 and s.windows.kind == "attack"
    return s


def test_st_t6_phantom_lap_answers_an_attack_with_the_opponents_cotton_candy_cloud(sc):
    """ST-T6: in the attack window the copied 《綿あめの雲》 cancels the attack declared against the
    player."""
    s = _attacked(sc)
    assert _phantom(sc, s) == ["assist phantom-lap cotton-candy-cloud"]
    s.apply("assist phantom-lap cotton-candy-cloud")
    s.apply("pass")  # seat 1 holds a card it cannot use: asked, and passes
    s.apply("pass")  # seat 0 could still use Crimson Runner's ability
    assert not s.windows.frames and sc.top(s, 0, 2) == "Blaze Petal"
    assert find_events(s, "fizzle")[-1]["what"] == "attack"


def test_the_copy_fizzles_when_the_chosen_card_left_the_discard_before_it_resolves(sc):
    """Targets are checked again at resolution (docs/rulings.md): a chosen card no longer in the
    opponent's discard pile makes the effect fizzle. No shipped card empties a discard pile inside an attack
    window, so the pile is emptied by hand here."""
    s = _attacked(sc)
    s.apply("assist phantom-lap cotton-candy-cloud")
    s.own_discard()[1].clear()
    s.apply("pass")
    s.apply("pass")
    assert find_events(s, "fizzle")[-1] == {
        "type": "fizzle",
        "what": "copy",
        "seat": 0,
        "card": "Phantom Lap",
    }
    assert find_events(s, "copy") == []
    assert s.game.narrate(find_events(s, "fizzle")[-1], 0) == "your Phantom Lap: its copied effect fizzles"


def test_phantom_lap_refs_menu_narration_and_action_space(sc):
    """The contract (docs/ARCHITECTURE.md): the copy's refs name the card in the opponent's discard pile
    (``discard:1:<slug>``, in the view) before the copied effect's targets; the menu and the narration say
    which card's effect is used, in both languages; the action space holds every copy."""
    s = _start(sc, [[], ["Rose Thorn", "Checkered Flag"]])
    game = s.game
    act = next(a for a in s.legal_actions() if a.notation == "assist phantom-lap rose-thorn myC")
    assert game.move_refs(s, act) == ("hand:phantom-lap", "discard:1:rose-thorn", "zone:0:C")
    cards = s.view(0)["players"][1]["discard_cards"]
    assert [(c["ref"], c["count"]) for c in cards] == [
        ("discard:1:checkered-flag", 1),
        ("discard:1:rose-thorn", 1),
    ]
    assert (
        "the effect of Rose Thorn in their discard pile, your center: Grateful Train"
        in game.describe_action(s, act)
    )
    assert "相手の捨札の 薔薇の棘 の効果" in game.describe_action(s, act, "ja")
    s.apply(act)
    copy = find_events(s, "copy")[-1]
    assert game.narrate(copy, 0) == "you use the effect of Rose Thorn from Player 2's discard pile"
    assert game.narrate(copy, 1) == "Player 1 uses the effect of Rose Thorn from your discard pile"
    assert game.narrate(copy, 1, "ja")
    space = set(game.action_space())
    assert {"assist phantom-lap rose-thorn myC", "assist phantom-lap dragon-s-roar opC"} <= space
    assert not any(n.startswith("assist phantom-lap phantom-lap") for n in space)
