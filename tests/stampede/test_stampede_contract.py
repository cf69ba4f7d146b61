"""Stampede keeps the contract between a game and its clients (issue 19, docs/ARCHITECTURE.md): move refs
that name things in the mover's view, a typed view, players by name, the decision in words and why a
thing cannot be used, records for designers, pickling, reachable determinized worlds and decks that play
every card. Over random games of every test config, with the coverage decks."""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import kansei
from kansei.core.names import Names
from kansei.core.records import CARD_VERBS
from kansei.testing import find_events

GAME = kansei.load("stampede")
CONFIGS = GAME.test_configs()
PAIRS = GAME.coverage_decks()
RULE_IDS = set(re.findall(r"ST-[A-Z]\d+", (GAME.rules_file() or "").read_text(encoding="utf-8")))


def _refs_in(view: Any) -> set[str]:
    """Every value of a "ref" key anywhere in a view."""
    out: set[str] = set()
    if isinstance(view, dict):
        for k, v in view.items():
            if k == "ref" and isinstance(v, str):
                out.add(v)
            else:
                out |= _refs_in(v)
    elif isinstance(view, list):
        for v in view:
            out |= _refs_in(v)
    return out


def _states(games: int, seed: int = 0, every: int = 1) -> Iterator[Any]:
    """States along random games of every config, both coverage pairings."""
    for config in CONFIGS:
        game = kansei.load("stampede", **config["options"])
        for i in range(games):
            s = game.start(seed=seed + i, decks=PAIRS[i % len(PAIRS)])
            rng = random.Random(seed + i)
            step = 0
            while not s.is_over:
                if step % every == 0:
                    yield s
                s.apply(rng.choice(s.legal_actions()))
                step += 1
            yield s


def test_every_legal_action_has_refs_that_name_things_in_the_movers_view():
    """Refs: each ref of a legal action is a "ref" of view(mover); at most one action of a decision has
    none (battle, end, pass, decline); an action's first ref is what it uses first (the hand card, the
    machine, the triggered ability); refs are the same in every world the mover cannot tell apart."""
    rng = random.Random(5)
    for s in _states(4):
        if s.is_over:
            assert GAME.move_refs(s, kansei.Action("pass", "pass")) == ()
            continue
        mover = s.to_move
        shown = _refs_in(s.view(mover))
        refs = {a: GAME.move_refs(s, a) for a in s.legal_actions()}
        empty = [a.notation for a, r in refs.items() if not r]
        assert len(empty) <= 1, empty
        assert all(a.kind in ("battle", "end", "pass", "decline") for a in s.legal_actions() if not refs[a])
        for a, r in refs.items():
            assert set(r) <= shown, (a.notation, set(r) - shown)
            if a.kind in ("call", "event", "assist", "keeper", "hand"):
                assert r[0].startswith("hand:"), (a.notation, r)
            if a.kind in ("attack", "run", "use"):
                assert r[0].startswith(f"zone:{mover}:"), (a.notation, r)
        world = s.determinize(mover, rng)
        assert world.legal_actions() == s.legal_actions()
        assert {a: GAME.move_refs(world, a) for a in world.legal_actions()} == refs


def test_refs_tell_the_legal_actions_apart():
    """No two legal actions share their refs (no card of the content has two abilities of a kind)."""
    for s in _states(3, seed=20):
        if not s.is_over:
            refs = [GAME.move_refs(s, a) for a in s.legal_actions()]
            assert len(set(refs)) == len(refs), [a.notation for a in s.legal_actions()]


def test_attack_refs_are_the_attackers_then_the_target(sc):
    """ST-T4: 'attack L+C > R' touches my left and center machines, then the opposing right zone."""
    s = sc.start(
        centers=["Rose Starter", "Sugar Start"],
        turn=3,
        field=[{"L": "Blaze Petal"}, {"R": "Candy Hopper"}],
    )
    s.apply("battle")
    assert GAME.move_refs(s, GAME.parse(s, "attack L+C > R")) == ("zone:0:L", "zone:0:C", "zone:1:R")
    assert GAME.move_refs(s, GAME.parse(s, "run C")) == ("zone:0:C",)
    assert GAME.move_refs(s, GAME.parse(s, "end")) == ()


def test_every_view_validates_against_the_published_model():
    """Typed view: view(seat) of both seats and the spectator is a StampedeView (strict, no undeclared
    key), and the JSON schema is published."""
    View = GAME.View
    assert View is not None
    for s in _states(3, seed=40):
        for seat in (0, 1, None):
            View.model_validate(s.view(seat))
    schema = GAME.view_schema()
    assert schema is not None and json.loads(json.dumps(schema))["title"] == "StampedeView"
    assert {"players", "windows", "choices"} <= set(schema["properties"])


def test_a_view_with_an_undeclared_or_mistyped_key_does_not_validate():
    from pydantic import ValidationError

    s = GAME.start(seed=3)
    v = s.view(0)
    v["secret"] = 1
    with pytest.raises(ValidationError):
        GAME.View.model_validate(v)
    v = s.view(0)
    v["players"][0]["distance"] = "20"
    with pytest.raises(ValidationError):
        GAME.View.model_validate(v)


_ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


def _japanese_ok(line: str) -> bool:
    """A Japanese line holds no English word but HP (as the Japanese cards print it)."""
    return all(w == "HP" for w in _ASCII_WORD.findall(line))


def test_prompt_states_the_decision_and_unusable_says_why_in_both_languages():
    """prompt: the decision faced, in words, no rule id or seat number; a response window says respond, a
    goal window keeper, set-up its choices. unusable: for the seat to move, refs of its view that no
    legal action uses, each with one line; the same in every world it cannot tell apart."""
    rng = random.Random(9)
    seen_windows = set()
    for s in _states(3, seed=60):
        if s.is_over:
            assert GAME.prompt(s) == ""
            continue
        mover = s.to_move
        for lang in GAME.languages:
            line = GAME.prompt(s, lang)
            assert line and "\n" not in line and "ST-" not in line and "seat" not in line.lower()
            if lang == "ja":
                assert _japanese_ok(line), line
            reasons = GAME.unusable(s, mover, lang)
            used = {r for a in s.legal_actions() for r in GAME.move_refs(s, a)}
            assert set(reasons) <= _refs_in(s.view(mover)) and not set(reasons) & used
            for why in reasons.values():
                assert why and "\n" not in why and "ST-" not in why
                assert lang != "ja" or _japanese_ok(why), why
            assert GAME.unusable(s, 1 - mover, lang) == {}
            world = s.determinize(mover, rng)
            assert GAME.unusable(world, mover, lang) == reasons
            assert GAME.prompt(world, lang) == line
        if s.windows.frames:
            seen_windows.add(s.windows.kind)
            words = {"attack": "respond", "run": "respond", "goal": "keeper", "deckout": "Requiem Keeper"}
            kind = s.windows.kind
            if kind in words and any(a.kind != "pass" for a in s.legal_actions()):
                assert words[kind] in GAME.prompt(s), GAME.prompt(s)
    assert {"attack", "run"} <= seen_windows


def test_prompt_and_unusable_in_set_up_and_by_name(sc):
    s = GAME.start(seed=2)
    assert GAME.prompt(s).startswith("Choose your first machine")
    assert GAME.prompt(s, names=Names(["Ann", "Bo"], second_person=False)).startswith("Ann: Choose")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    if s.phase == "order":
        assert "first or second" in GAME.prompt(s)
    s = sc.start(centers=["Rose Starter", "Sugar Start"], turn=1, hands=[["Pykrete Ride", "Rose Thorn"], []])
    reasons = GAME.unusable(s, 0)
    assert reasons["hand:pykrete-ride"] == "gear 2 is above this turn's gear cap 1"  # ST-T3(c)
    assert GAME.unusable(s, 0, "ja")["hand:pykrete-ride"] == "ギア2はこのターンのギア上限1を超える"
    assert "hand:rose-thorn" not in reasons  # a gear-1 assist of the center's class: usable (ST-T6)


def test_card_events_say_which_card_was_drawn_played_and_discarded():
    """Records: every event that draws, plays or discards a card translates (verbs and slugs known);
    every draw and every call is one; over random games with the coverage decks most cards are played."""
    slugs = {c["slug"] for c in GAME.cards()}
    played: Counter[str] = Counter()
    for s in _states(4, seed=80, every=10**9):
        if not s.is_over:
            continue
        for _, e in s.event_log():
            got = GAME.card_events(e)
            for ce in got:
                assert ce.verb in CARD_VERBS and ce.card in slugs and ce.seat in (0, 1)
            if e["type"] in ("drew", "call", "discarded", "destroyed", "event", "first_machine"):
                assert len(got) == 1, e
            if e["type"] in ("hand", "searched_cards"):
                assert len(got) == len(e["cards"])
            if e["type"] in ("draw", "turn", "attack", "run", "tap"):
                assert got == []  # the card of a public draw is in the drawer's own event
            played.update(ce.card for ce in got if ce.verb == "played")
    enabled = {d.slug for d in GAME.table.cards if not d.disabled}
    assert len(set(played) & enabled) >= len(enabled) // 2


def test_standing_is_the_distance_lead_from_public_information():
    rng = random.Random(3)
    for s in _states(2, seed=100, every=5):
        a, b = GAME.standing(s, 0), GAME.standing(s, 1)
        assert a == -b == s.distance[1] - s.distance[0]
        world = s.determinize(None, rng)
        assert GAME.standing(world, 0) == a
    assert GAME.standing_unit == "distance"


def test_first_mover_deck_lists_and_zones():
    s = GAME.start(seed=7, decks=PAIRS[1])
    assert s.first_mover is None  # ST-S1: not chosen yet
    lists = s.deck_lists()
    assert [d["name"] for d in lists] == PAIRS[1]
    assert all(sum(d["cards"].values()) == 40 for d in lists)
    again = GAME.start(seed=7, decks=lists)
    assert sorted(d.id for d in again.card_of) == sorted(d.id for d in s.card_of)
    rng = random.Random(7)
    while s.first < 0:
        s.apply(rng.choice(s.legal_actions()))
    assert s.first_mover == s.first in (0, 1)
    for _ in range(60):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
        zones = s.zones()
        census = s.census()
        for p in (0, 1):
            mine = Counter()
            for key, cards in zones.items():
                if key.startswith(f"zone:{p}:"):
                    mine.update(cards)
            by_slug = Counter({GAME.table.cards[cid].slug: n for cid, n in census[p].items()})
            assert mine == by_slug
        assert set(zones) == {
            f"zone:{p}:{z}" for p in (0, 1) for z in ("hand", "deck", "discard", "L", "C", "R")
        }
    assert s.deck_lists() == lists  # as the race began


def test_coverage_decks_are_legal_and_hold_every_card_that_can_be_played():
    held = set()
    for pair in PAIRS:
        assert len(pair) == 2
        for spec in pair:
            data = GAME.starter_deck(spec) if isinstance(spec, str) else spec
            assert GAME.deck_problems(data) == []
            held |= {GAME.table.cards[GAME.table.find(n)].slug for n in data["cards"]}
        GAME.start(seed=1, decks=pair)
    assert held == {d.slug for d in GAME.table.cards if not d.disabled}


def test_coverage_decks_build_a_deck_for_cards_in_no_starter_deck(tmp_path):
    """Content with a card in no starter deck: coverage_decks adds a legal deck holding it."""
    import shutil

    from kansei.builtin.stampede.cards import CONTENT

    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    with open(folder / "cards_scarlet_rose.toml", "a", encoding="utf-8") as f:
        f.write(
            '\n[[card]]\nname = "ローズ・テスター"\nen = "Rose Tester"\nkind = "machine"\ngear = 2\n'
            'class = "scarlet_rose"\npow = 8000\ndef = 7000\ntext = "試験用。"\ntext_en = "For tests."\n'
        )
    game = kansei.load("stampede", content=folder)
    pairs = game.coverage_decks()
    decks = [d for pair in pairs for d in pair if isinstance(d, dict)]
    assert any("Rose Tester" in d["cards"] for d in decks)
    for pair in pairs:
        game.start(seed=1, decks=pair)


def _play_on(s: Any, seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return json.dumps(s.reveal(), sort_keys=True), json.dumps(s.event_log(), sort_keys=True)


@pytest.mark.parametrize("copier", ["pickle", "deepcopy"])
def test_a_copied_state_has_the_same_reveal_legal_actions_and_future(copier):
    """Pickle and deepcopy: an unpickled (deep-copied) state, at random points of random games, has the
    original's reveal(), legal actions, event log and, played on with the same actions, the same end."""
    rng = random.Random(11)
    for i, s in enumerate(_states(1, seed=120, every=23)):
        c = pickle.loads(pickle.dumps(s)) if copier == "pickle" else copy.deepcopy(s)
        assert json.dumps(c.reveal(), sort_keys=True) == json.dumps(s.reveal(), sort_keys=True)
        assert [a.notation for a in c.legal_actions()] == [a.notation for a in s.legal_actions()]
        assert c.event_log() == s.event_log()
        if i % 4 == 0 and not s.is_over:
            seed = rng.randrange(1000)
            assert _play_on(c, seed) == _play_on(s.clone(), seed)


def _reveal(s: Any) -> str:
    return json.dumps(s.reveal(), sort_keys=True)


def _play_out(s: Any, rng: random.Random) -> None:
    while not s.is_over:
        s.advance(rng.choice(s.legal_actions()))


def test_a_clone_and_its_original_play_apart_without_touching_each_other():
    """clone() shares the piles (decks, hands, discard piles, center stacks) with the original until one of
    them changes a pile (copy-on-write): at random points of random games and of search worlds, playing a
    clone to the end leaves the original and a clone of the clone as they were, and playing the original
    on leaves a clone taken before as it was."""
    rng = random.Random(17)
    for i, s in enumerate(_states(2, seed=160, every=5)):
        if s.is_over:
            continue
        world = s.determinize(s.to_move, random.Random(i), events=False)
        for original in (s.clone(), world):
            before = _reveal(original)
            child = original.clone()
            grandchild = child.clone()
            _play_out(child, rng)
            assert _reveal(original) == before and _reveal(grandchild) == before
            kept = original.clone()
            _play_out(original, rng)
            assert _reveal(kept) == before and _reveal(grandchild) == before


def test_determinized_worlds_are_reachable_for_every_seat_whoever_moves():
    """Reachable worlds (every seat and the spectator, whoever is to move): the seat's view and events are
    kept; every card keeps its owner; hidden hands hold only cards of that seat's deck and hand, with the
    cards that went there in the open; a face-down first machine is a gear-1 machine; random play goes
    on to the end."""
    rng = random.Random(13)
    for i, s in enumerate(_states(2, seed=140, every=3)):
        if s.is_over:
            continue
        for seat in (0, 1, None):
            w = s.determinize(seat, rng)
            assert w.view(seat) == s.view(seat) and w.events_for(seat) == s.events_for(seat)
            assert w.census() == s.census()
            for p in (0, 1):
                hidden = Counter(w.hands[p] + w.decks[p])
                assert hidden == Counter(s.hands[p] + s.decks[p]) or s.phase in ("center", "order")
                assert set(s.known.hands[p]) <= set(w.hands[p])
                k = min(s.known.bottoms[p], len(s.decks[p]))
                assert w.decks[p][:k] == s.decks[p][:k]
                if s.phase == "center" and p != seat and s.centers[p]:
                    d = w.card_of[w.centers[p][0]]
                    assert d.kind == 0 and d.gear == 1
            if i % 5 == 0:
                w2 = w.clone()
                steps = 0
                while not w2.is_over and steps < 3000:
                    w2.apply(rng.choice(w2.legal_actions()))
                    steps += 1
                assert w2.is_over


def test_a_side_machine_returned_to_hand_stays_in_every_world_of_the_opponent(sc):
    """ST-T3: a side machine that returns to its owner's hand does so in the open; the opponent's
    determinized worlds keep it in that hand until it leaves again."""
    s = sc.start(
        centers=["Rose Starter", "Sugar Start"],
        turn=4,
        field=[{"C": ["Pykrete Ride", "Grateful Train"]}, {"C": ["Lollipop Racer"], "R": "Drop Roller"}],
        hands=[[], ["Candy Hopper"]],
    )
    s.apply("battle")
    s.apply("attack C > C")  # Grateful Train destroys Lollipop Racer: the center drops to gear 1
    while s.windows.frames:
        s.apply("pass")
    returned = find_events(s, "returned")
    assert returned and returned[0]["card"] == "Drop Roller"
    roller = next(u for u in s.hands[1] if s.card_of[u].en == "Drop Roller")
    assert s.known.hands[1] == (roller,)
    kept = 0
    for k in range(20):
        for seat in (0, None):
            w = s.determinize(seat, random.Random(k))
            assert roller in w.hands[1] and len(w.hands[1]) == len(s.hands[1])
            kept += s.card_of[s.hands[1][0]].en in [w.card_of[u].en for u in w.hands[1]]
    assert kept < 40  # the card held unseen is resampled


def test_recycled_cards_stay_at_the_bottom_in_every_world(sc):
    """ST-K8: a Requiem Keeper puts discarded cards at the bottom of the deck in the open; every world,
    whoever it is made for, keeps them there (the rest of the deck is shuffled)."""
    s = sc.start(
        None,
        sc.deck({"Sweet Trap": 2}, base="Sugar Mountain"),
        centers=["Rose Starter", "Sugar Start"],
        turn=3,
        distance=[1, 20],
        order=[["Rose Starter"], []],
        hands=[[], ["Sweet Trap"]],
        discard=[[], ["Candy Hopper", "Lollipop Racer", "Sugar Start"]],
    )
    s.apply("battle")
    s.apply("run C")
    s.apply("pass")  # the run window
    s.apply("keeper sweet-trap")  # the goal window: 3 cards to the bottom, +2 for seat 0
    while s.windows.frames:
        s.apply("pass")
    assert not s.is_over and s.known.bottoms[1] == 3
    bottom = s.decks[1][:3]
    recycled = find_events(s, "recycled")[0]["cards"]  # the top 3 of the pile: Sweet Trap went there first
    assert [s.card_of[u].en for u in bottom] == recycled == ["Lollipop Racer", "Sugar Start", "Sweet Trap"]
    orders = set()
    for k in range(10):
        for seat in (0, 1, None):
            w = s.determinize(seat, random.Random(k))
            assert w.decks[1][:3] == bottom
            orders.add(tuple(w.decks[1][3:]))
    assert len(orders) > 1  # the rest is shuffled


def test_move_rules_name_rules_of_the_rulebook():
    for s in _states(2, seed=160, every=2):
        for a in s.legal_actions():
            ids = GAME.move_rules(s, a)
            assert ids and set(ids) <= RULE_IDS, (a.notation, ids)


def test_the_board_names_players_and_prints_names_as_given():
    """render: players by name ("you" for the viewer), a name with rich markup printed as given (the
    board is built of Text, never markup), no seat numbers."""
    import io

    from rich.console import Console

    names = ["[bold red]Ann[/]", "Bo"]
    s, _ = _a_race_under_way()
    for seat in (0, 1, None):
        for lang in GAME.languages:
            out = io.StringIO()
            Console(file=out, width=80, color_system=None).print(GAME.render(s, seat, lang, names))
            text = out.getvalue()
            assert "seat" not in text.lower() and "シート" not in text
            if seat != 0:
                assert "[bold red]Ann[/]" in text
            if seat == 1:
                you = {"en": "you —", "ja": "あなた —", "fr": "vous —"}[lang]
                assert you in text and "Bo —" not in text


def _a_race_under_way() -> tuple[Any, int]:
    s = GAME.start(seed=21)
    rng = random.Random(21)
    steps = 0
    while not s.is_over and (s.phase in ("center", "order") or steps < 30):
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
    return s, steps
