"""Touge keeps the contract between a game and its clients (issue 19, docs/ARCHITECTURE.md "The contract"):
move refs named in the view, a typed view, names in every text, records for designers, pickling, reachable
determinized worlds, narration of every event, and decks that hold every card. Random races of every test
config, with the starter decks and the coverage decks, cite the rules their hooks follow."""

from __future__ import annotations

import copy
import io
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import kansei
from kansei.builtin.touge.game import Touge
from kansei.builtin.touge.state import TougeState
from kansei.builtin.touge.views import TougeView
from kansei.core.names import Names

GAME = kansei.load("touge")
CONFIGS = [c["options"] for c in GAME.test_configs()]
NAMES = ["Alice", "Bob"]


def games(config: dict[str, Any]) -> Touge:
    game = kansei.load("touge", **config)
    assert isinstance(game, Touge)
    return game


def refs_in(value: Any) -> Iterator[str]:
    """Every value of a "ref" key anywhere in a view."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "ref":
                yield v
            else:
                yield from refs_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from refs_in(v)


def random_states(game: Touge, seeds: range, decks: list[Any] | None = None) -> Iterator[TougeState]:
    """Every state of random races, move by move (the same object, advanced)."""
    for seed in seeds:
        s = game.start(seed=seed, decks=decks)
        assert isinstance(s, TougeState)
        rng = random.Random(seed)
        yield s
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            yield s


def all_decks() -> list[list[Any] | None]:
    return [None, *GAME.coverage_decks()]


# ------------------------------------------------------------------------------------------ refs
@pytest.mark.parametrize("config", CONFIGS)
def test_every_legal_action_has_refs_the_movers_view_names(config: dict[str, Any]):
    """Every ref of every legal action is a "ref" value in the mover's view; at most one action of a
    decision (the pass or done) has none; the first ref is the card (then its tile)."""
    game = games(config)
    kinds = Counter()
    for decks in all_decks():
        for s in random_states(game, range(4), decks):
            if s.is_over:
                continue
            named = set(refs_in(s.view(s.to_move)))
            bare = 0
            for a in s.legal_actions():
                refs = game.move_refs(s, a)
                bare += not refs
                assert set(refs) <= named, (a, refs)
                if refs:
                    kinds[refs[0].split(":")[0]] += 1
                if a.kind == "tune" and len(refs) == 2:
                    assert refs[0].startswith("hand:") and refs[1].startswith("tile:")
            assert bare <= 1, [a.notation for a in s.legal_actions()]
    assert {"hand", "ability"} <= set(kinds) <= {"hand", "ability", "tile"}


def test_refs_are_the_same_in_every_world_the_mover_cannot_tell_apart():
    """Refs depend only on what the mover sees: in a world determinized for it, each action has the
    same refs (hand cards by slug, tiles and abilities by number)."""
    for s in random_states(GAME, range(6)):
        if s.is_over or s.to_move is None:
            continue
        world = s.determinize(s.to_move, random.Random(len(s.course)))
        mine = {a.notation: GAME.move_refs(s, a) for a in s.legal_actions()}
        theirs = {a.notation: GAME.move_refs(world, a) for a in world.legal_actions()}
        assert mine == theirs


def test_refs_of_a_forged_or_stale_action_are_empty():
    s = GAME.start(seed=1)
    assert GAME.move_refs(s, kansei.Action("road akina-final-hairpin", "road", (0,))) == ()


def test_move_rules_cite_rule_ids_of_the_rules_reference():
    """Game.move_rules names the rules an action follows; every id is in RULES.md."""
    rules = GAME.rules_file()
    assert rules is not None
    known = set(re.findall(r"TG-[A-Z]\d+", rules.read_text()))
    seen = set()
    for config in CONFIGS:
        game = games(config)
        for s in random_states(game, range(2)):
            for a in s.legal_actions():
                ids = game.move_rules(s, a)
                assert ids and set(ids) <= known, (a, ids)
                seen.update(ids)
    assert {"TG-T1", "TG-T2", "TG-T3", "TG-C4", "TG-C6", "TG-D2"} <= seen


# ------------------------------------------------------------------------------------------ typed view
@pytest.mark.parametrize("config", CONFIGS)
def test_every_view_validates_against_the_published_model(config: dict[str, Any]):
    """Game.View: every view of every seat and the spectator of random races validates (strict, no
    undeclared key)."""
    game = games(config)
    assert game.View is TougeView
    for decks in all_decks():
        for s in random_states(game, range(3), decks):
            for seat in (0, 1, None):
                TougeView.model_validate(s.view(seat))


def test_the_view_schema_is_published():
    schema = GAME.view_schema()
    assert schema is not None and schema["title"] == "TougeView"
    assert {"course", "players", "phase"} <= set(schema["properties"])
    assert schema.get("additionalProperties") is False


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), sudden=st.booleans())
def test_views_of_any_position_validate(seed: int, steps: int, sudden: bool):
    game = games({"mode": "sudden_death" if sudden else "time_attack"})
    s = game.start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    for seat in (0, 1, None):
        TougeView.model_validate(s.view(seat))


# ------------------------------------------------------------------------------------------ names
def _texts(game: Touge, s: TougeState, seat: int | None, names: Any) -> list[str]:
    """Everything a seat is told in words now: board, narration, and the mover's menu and prompt."""
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(game.render(s, seat, names=names))
    lines = [out.getvalue()]
    lines += [game.narrate(e, seat, names=names) or "" for e in s.events_for(seat)]
    if seat is not None and s.to_move == seat:
        lines.append(game.prompt(s, names=names))
        lines += [game.describe_action(s, a, names=names) for a in s.legal_actions()]
    if seat is not None:
        lines += list(game.unusable(s, seat, names=names).values())
    return lines


@pytest.mark.parametrize("config", CONFIGS[:2])
def test_no_text_says_seat_n_or_a_rule_id_and_people_count_from_1(config: dict[str, Any]):
    """Issue 19: players by name ("Player 2" where none was given), never "seat 1", no rule id, no
    engine name in any text a player reads."""
    game = games(config)
    for names in (None, NAMES, Names(NAMES, second_person=False)):
        for seed in range(3):
            s = game.start(seed=seed)
            rng = random.Random(seed)
            while True:
                for seat in (0, 1, None):
                    for line in _texts(game, s, seat, names):
                        assert not re.search(r"\bseat\b|TG-[A-Z]\d|_[a-z]|\{|\}", line), line
                if s.is_over:
                    break
                s.apply(rng.choice(s.legal_actions()))
            told = " ".join(_texts(game, s, None, names))
            if names is None:
                assert "Player 1" in told and "Player 2" in told and "Player 0" not in told
            else:
                assert "Alice" in told and "Bob" in told


def test_names_are_escaped_on_the_board():
    """A name is plain text: rich markup in it is shown, not obeyed."""
    s = GAME.start(seed=2)
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(GAME.render(s, None, names=["[red]Eve", "Bob"]))
    assert "[red]Eve" in out.getvalue()


def test_the_prompt_states_the_decision_faced():
    """The prompt says what the phase asks: redraw (TG-T1), lay a road (TG-T2), tune up (TG-T3), pick
    the wiped tile (TG-C5); empty once the race is over."""
    seen = {}
    game = games({"nullify_pick": "leader_choice"})
    for s in random_states(game, range(4)):
        line = game.prompt(s)
        seen.setdefault(s.phase, set()).add(line.split()[0] if line else "")
    assert seen["redraw"] == {"Put"}
    assert seen["build"] <= {"Lay", "You"}
    assert seen["tune"] <= {"Play", "Switch", "You"}
    assert seen["nullify"] == {"Pick"}
    assert seen["over"] == {""}


def test_unusable_gives_a_reason_for_each_thing_no_action_uses():
    """For the seat to move, every hand card, tile and ability of its view that no legal action uses
    has one line saying why, and nothing an action uses is called unusable."""
    for config in CONFIGS[:2]:
        game = games(config)
        for s in random_states(game, range(3)):
            for seat in (0, 1):
                why = game.unusable(s, seat)
                named = set(refs_in(s.view(seat)))
                assert set(why) <= named
                assert all(w and "\n" not in w for w in why.values())
                if s.to_move == seat and not s.is_over:
                    used = {r for a in s.legal_actions() for r in game.move_refs(s, a)}
                    assert not used & set(why)
                    assert used | set(why) == named, (named - used - set(why), s.phase)


# ------------------------------------------------------------------------------------------ records
@pytest.mark.parametrize("config", CONFIGS[:2])
def test_card_events_tell_what_every_card_did(config: dict[str, Any]):
    """Records (core/records.py): every card drawn (drew_cards), put back (put_back), laid or played
    (road, tune), every ability switched on (its car) and the disaster in force, by slug and seat; a seat
    only ever draws, plays or discards its own cards."""
    game = games(config)
    slugs = {d.slug for d in game.table.cards}
    for seed in range(6):
        s = game.start(seed=seed, decks=game.coverage_decks()[seed % 2] if seed % 3 else None)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        own = [{game.table.cards[c].slug for c in s.census()[p]} for p in (0, 1)]  # every card a seat owns
        counts: Counter[tuple[str, str]] = Counter()
        for _, event in s.event_log():
            records = game.card_events(event)
            for r in records:
                assert r.card in slugs and r.card in own[r.seat], r
                counts[event["type"], r.verb] += 1
            if event["type"] in ("road", "tune", "ability"):
                assert len(records) == 1 and records[0].verb == "played"
            elif event["type"] == "drew_cards":
                assert len(records) == len(event["cards"])
        drawn = sum(len(e["cards"]) for _, e in s.event_log() if e["type"] == "drew_cards")
        assert counts["drew_cards", "drawn"] == drawn > 0
        assert counts["road", "played"] > 0


def test_standing_is_the_points_lead_over_the_battles_run():
    """Game.standing in points (TG-T4, TG-D3): each seat's scores minus the other's over the battles run,
    the same for both seats with opposite signs, and equal in any world a spectator cannot tell apart."""
    assert GAME.standing_unit == "points"
    for config in CONFIGS[:2]:
        game = games(config)
        for s in random_states(game, range(4)):
            a, b = game.standing(s, 0), game.standing(s, 1)
            assert a == -b
            assert a == sum(x["scores"][0] - x["scores"][1] for x in s.view(None)["battles"])
            world = s.determinize(None, random.Random(1))
            assert game.standing(world, 0) == a


def test_first_mover_is_the_first_leader_and_deck_lists_are_the_decks_as_dealt():
    """TG-T0: the first battle's leader moves first; deck_lists give each seat's deck as legal deck
    data which holds exactly the cards the seat owns."""
    for seed in range(8):
        decks = GAME.coverage_decks()[seed % 2] if seed % 2 else None
        s = GAME.start(seed=seed, decks=decks)
        coins = next(e for e in s.events_for(None) if e["type"] == "coins")
        assert s.first_mover == coins["leader"] == s.to_move
        lists = s.deck_lists()
        again = GAME.start(seed=seed, decks=lists)
        assert again.reveal() == s.reveal()
        for p, deck in enumerate(lists):
            assert deck is not None and GAME.deck_problems(deck) == []
            owned = Counter({GAME.table.cards[c].name: n for c, n in s.census()[p].items()})
            assert owned == Counter(deck["cards"]) + Counter([deck["car"]])
        while not s.is_over:
            s.apply(s.legal_actions()[-1])
        assert s.first_mover == coins["leader"] and s.deck_lists() == lists


def test_zones_hold_every_card_once():
    """State.zones: every card of the census is in exactly one zone, by slug."""
    for s in random_states(GAME, range(3)):
        zones = s.zones()
        total = sum(zones.values(), Counter())
        census = sum(
            (Counter({GAME.table.cards[c].slug: n for c, n in s.census()[p].items()}) for p in (0, 1)),
            Counter(),
        )
        assert total == census
        for p in (0, 1):
            assert sum(zones[f"zone:{p}:hand"].values()) == len(s.hands[p])


# ------------------------------------------------------------------------------------------ pickling
def _round_trip(s: TougeState) -> TougeState:
    out = pickle.loads(pickle.dumps(s))
    assert isinstance(out, TougeState) and out.game is s.game  # the game pickles as a reference
    return out


def _future(s: TougeState, seed: int) -> tuple[str, list[Any]]:
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return repr(s.reveal()), s.event_log()


@pytest.mark.parametrize("config", CONFIGS)
def test_a_pickled_or_deep_copied_state_has_the_same_reveal_actions_and_future(config: dict[str, Any]):
    """Issue 19: the state's own fields pickle (no lambda, generator or open file) and deep-copy; the
    copy has exactly the original's reveal(), event log, legal actions and future."""
    game = games(config)
    rng = random.Random(7)
    for seed in range(4):
        s = game.start(seed=seed)
        for _ in range(rng.randrange(60)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        copies = [_round_trip(s), copy.deepcopy(s)]
        for other in copies:
            assert other.reveal() == s.reveal() and other.event_log() == s.event_log()
            assert [a.notation for a in other.legal_actions()] == [a.notation for a in s.legal_actions()]
        futures = [_future(c, seed) for c in [s.clone(), *copies]]
        assert futures[1] == futures[0] and futures[2] == futures[0]


# ------------------------------------------------------------------------------------------ worlds
def _kind(game: Touge, slug: str) -> str:
    cid = game.table.find(slug)
    assert cid is not None, slug
    return game.table.cards[cid].kind


def _real_placements(game: Touge, decks: list[Any] | None) -> set[tuple[str, str]]:
    """(zone, kind of card) pairs real random play puts cards in."""
    seen: set[tuple[str, str]] = set()
    for s in random_states(game, range(20), decks):
        for zone, cards in s.zones().items():
            seen.update((zone, _kind(game, c)) for c in cards)
    return seen


@pytest.mark.parametrize("config", CONFIGS[:2])
def test_determinized_worlds_are_reachable_and_play_on(config: dict[str, Any]):
    """For every seat and the spectator, whoever is to move: the world keeps the seat's view and events,
    the census (each seat holds only its own cards), only puts kinds of card in zones where real play puts
    them (no disaster is ever in a hand or a deck after set-up, TG-T0), and random play goes on from it
    to the end."""
    game = games(config)
    real = _real_placements(game, None)
    rng = random.Random(3)
    checked = 0
    for s in random_states(game, range(8)):
        if rng.random() > 0.2:
            continue
        for seat in (0, 1, None):
            world = s.determinize(seat, random.Random(checked))
            assert isinstance(world, TougeState)
            assert world.view(seat) == s.view(seat) and world.events_for(seat) == s.events_for(seat)
            assert world.census() == s.census()
            for zone, cards in world.zones().items():
                for card in cards:
                    assert (zone, _kind(game, card)) in real, (zone, card)
                    if zone.endswith((":hand", ":deck", ":set_aside")):
                        assert _kind(game, card) in ("road", "tune")
            play = random.Random(checked)
            while not world.is_over:
                legal = world.legal_actions()
                assert legal
                world.apply(play.choice(legal))
            checked += 1
    assert checked > 30


# ------------------------------------------------------------------------------------------ narration
@pytest.mark.parametrize("config", CONFIGS)
def test_every_event_type_narrates_for_every_seat_that_sees_it(config: dict[str, Any]):
    """Narration coverage: each event of random races (coverage decks too) narrates one non-empty line
    to each seat that sees it (a private event to its seat, a public one to both and the spectator),
    with and without names; the game logs no silent event."""
    game = games(config)
    assert game.silent_events == frozenset()
    types = set()
    for decks in all_decks():
        for seed in range(3):
            s = game.start(seed=seed, decks=decks)
            rng = random.Random(seed)
            while not s.is_over:
                s.apply(rng.choice(s.legal_actions()))
            for audience, event in s.event_log():
                types.add(event["type"])
                for seat in (0, 1, None) if audience is None else (audience,):
                    for names in (None, NAMES):
                        line = game.narrate(event, seat, names=names)
                        assert isinstance(line, str) and line and "\n" not in line, (event, seat)
    assert {"drew", "drew_cards", "road", "tune", "battle", "race_over"} <= types


# ------------------------------------------------------------------------------------------ decks
def test_coverage_decks_are_legal_and_hold_every_card():
    """Game.coverage_decks: legal decks (TG-C1, TG-C3, TG-C7) that together hold every card of the
    content, every car driving one; races with them end."""
    pairs = GAME.coverage_decks()
    held: set[str] = set()
    for pair in pairs:
        assert len(pair) == 2
        for deck in pair:
            assert GAME.deck_problems(deck) == []
            held.update(deck["cards"])
            held.add(deck["car"])
        s = GAME.start(seed=1, decks=pair)
        while not s.is_over:
            s.apply(s.legal_actions()[0])
    assert held == {d.name for d in GAME.table.cards}


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    mode=st.sampled_from(["time_attack", "sudden_death"]),
    picks=st.lists(st.integers(0, 1_000), min_size=200, max_size=200),
)
def test_hands_stay_sorted_and_no_action_is_offered_twice(seed: int, mode: str, picks: list[int]):
    """The legal actions walk each hand as a sorted list (copies side by side, rules.hand_actions): every
    hand stays sorted through a whole race, in the real game and in a search's determinised world, and no
    notation is ever offered twice."""
    game = kansei.load("touge", mode=mode)
    state = game.start(seed=seed)
    for pick in picks:
        if state.is_over:
            break
        for world in (state, state.determinize(state.to_move or 0, random.Random(pick), events=False)):
            for hand in world.hands:
                assert hand == sorted(hand)
        legal = state.legal_actions()
        notations = [a.notation for a in legal]
        assert len(notations) == len(set(notations)), notations
        state.apply(legal[pick % len(legal)])
