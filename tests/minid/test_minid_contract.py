"""Mini D keeps the contract between a game and its clients (issue 19, docs/ARCHITECTURE.md "The contract"):
reachable determinized worlds, records for designers, move refs, the typed view, names in every text, pickle,
narration of every event in every language."""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from minid_helpers import GAME, STOP, STOP2, act, race

import kansei
from kansei.builtin.minid.state import MiniDState
from kansei.testing import play_random

CONFIGS = [(c["options"], c["players"]) for c in GAME.test_configs()]
BOLTS = {c.slug for c in GAME.table.cards if c.bolt}
WAITS = {c.slug for c in GAME.table.cards if c.waits is not None}
KEPT_SLUGS = {c.slug for c in GAME.table.cards if not c.bolt}
RULES = Path(GAME.rules_file() or "RULES.md")  # the shipped rules reference, every id of the digest


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
                with_hidden_cards += any(world.race.hands[q] for q in range(players) if q != seat)
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
        assert [len(h) for h in world.race.hands] == [len(h) for h in state.race.hands]
        if seat is not None:
            assert world.race.hands[seat] == state.race.hands[seat]
        assert world.race.discard == state.race.discard and world.race.waiting == state.race.waiting
        assert Counter(world.race.deck) + sum((Counter(h) for h in world.race.hands), Counter()) == Counter(
            state.race.deck
        ) + sum((Counter(h) for h in state.race.hands), Counter())


# -- move refs (docs/ARCHITECTURE.md: every ref names something in the mover's view) ------------------------


def refs_in(value: object) -> set[str]:
    """Every value of a ``"ref"`` key anywhere in a view."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "ref" and isinstance(v, str):
                out.add(v)
            else:
                out |= refs_in(v)
    elif isinstance(value, list):
        for v in value:
            out |= refs_in(v)
    return out


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_every_legal_action_has_refs_that_name_things_in_the_movers_view(options, players):
    """Every legal action's refs are ``"ref"`` values of the mover's view; at most one action of a decision
    (its decline) has none; the refs are the same in every world the mover cannot tell apart."""
    game = kansei.load("minid", **options)
    decisions = set()
    for seed in range(6):
        rng = random.Random(seed)

        def check(state: kansei.State, step: int, rng: random.Random = rng) -> None:
            mover = state.to_move
            assert mover is not None
            shown = refs_in(state.view(mover))
            refs = {a.notation: game.move_refs(state, a) for a in state.legal_actions()}
            assert sum(1 for r in refs.values() if not r) <= 1, refs
            for note, r in refs.items():
                assert set(r) <= shown, (note, r, shown)
            world = state.determinize(mover, rng)
            assert {a.notation: game.move_refs(world, a) for a in world.legal_actions()} == refs
            decisions.add(state.view(None)["decision"]["kind"])

        play_random(game, seed, players, on_step=check)
    assert {"sprint", "draw"} <= decisions


def test_refs_of_each_kind_of_move():
    """A card is its place in the mover's hand (a discard also names the pile), ``draw`` the Event deck, a
    sprint power and a cornering line their choice; the declines name nothing."""
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Nitro", "Frein à main"], STOP])
    hand = [c["card"] for c in s.view(0)["racers"][0]["hand"]]
    assert [(a.notation, GAME.move_refs(s, a)) for a in s.legal_actions()] == [
        ("play nitro", (f"hand:{hand.index('nitro')}",)),
        ("roll", ()),
    ]
    act(s, "roll")  # 7 -> 9, the first corner's DRIFT roll: the handbrake may answer it
    assert [(a.notation, GAME.move_refs(s, a)) for a in s.legal_actions()] == [
        ("play frein-a-main", (f"hand:{hand.index('frein-a-main')}",)),
        ("accept", ()),
    ]
    three = ["Nitro", "Frein à main", "Nitro"]
    s = race(positions=[2, 0], dice=[3], hands=[three, STOP2], deck=["Appel de phares"])
    act(s, "roll", "draw")
    hand = [c["card"] for c in s.view(0)["racers"][0]["hand"]]
    assert len(hand) == 4 and {a.notation: GAME.move_refs(s, a) for a in s.legal_actions()} == {
        f"discard {c}": (f"hand:{hand.index(c)}", "zone:-:discard") for c in hand
    }
    s = race(positions=[2, 0], dice=[3], hands=[[], STOP])
    assert [GAME.move_refs(s, a) for a in s.legal_actions()] == [("zone:-:deck",), ()]
    s = GAME.start(seed=0, players=2)
    assert GAME.move_refs(s, s.legal_actions()[6]) == ("choice:power-7",)
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2], hands=[[], STOP])
    assert [s.game.move_refs(s, a) for a in s.legal_actions()] == [
        ("choice:line-normal",),
        ("choice:line-gambler",),
        ("choice:line-moonlight",),
    ]


def test_move_rules_name_rules_of_the_digest():
    """Every legal action's rules are ids of the rules digest: the decision's rule, MD-E1 for a card."""
    ids = set(re.findall(r"MD-[A-Z]\d*", RULES.read_text(encoding="utf-8")))
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Frein à main"], STOP])
    assert [GAME.move_rules(s, a) for a in s.legal_actions()] == [("MD-C1", "MD-E1"), ("MD-C1",)]
    for options, players in CONFIGS:
        game = kansei.load("minid", **options)

        def check(state: kansei.State, step: int, game: kansei.Game = game) -> None:
            for a in state.legal_actions():
                rules = game.move_rules(state, a)
                assert rules and set(rules) <= ids, (a, rules)

        play_random(game, 1, players, on_step=check)


# -- the typed view ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_every_view_of_random_races_validates_against_the_published_model(options, players):
    """``Game.View`` (strict, no undeclared key) validates ``view(seat)`` for every racer and the spectator
    at every step of random races, and at the end."""
    game = kansei.load("minid", **options)
    model = game.View
    assert model is not None
    kinds = set()
    for seed in range(4):

        def check(state: kansei.State, step: int) -> None:
            for seat in seats_and_spectator(state):
                model.model_validate(state.view(seat))
            kinds.add(state.view(None)["decision"]["kind"])

        state, _ = play_random(game, seed, players, on_step=check)
        for seat in seats_and_spectator(state):
            model.model_validate(state.view(seat))
    assert {"sprint", "draw"} <= kinds


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), hands=st.lists(st.integers(0, 3), min_size=6))
def test_views_of_scenarios_with_cards_validate(seed, players, hands):
    """Races dealt kept cards (so every card moment is asked) validate for every viewer, step by step."""
    pool = [c.name["fr"] for c in GAME.table.cards if not c.bolt for _ in range(c.count)]
    deal = random.Random(seed).sample(pool, min(sum(hands[:players]), len(pool)))  # the last hands run short
    setup_hands, i = [], 0
    for k in hands[:players]:
        setup_hands.append(deal[i : i + k])
        i += k
    state = GAME.start(seed=seed % 1000, players=players, setup={"hands": setup_hands})
    rng = random.Random(seed)
    model = GAME.View
    assert model is not None
    for _ in range(60):
        for seat in seats_and_spectator(state):
            model.model_validate(state.view(seat))
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_the_view_schema_is_json_schema_of_the_view():
    schema = GAME.view_schema()
    assert schema is not None
    json.dumps(schema)
    assert schema["additionalProperties"] is False and "racers" in schema["properties"]
    decisions = {d["title"] for d in schema["$defs"].values() if d["title"].endswith("Decision")}
    assert len(decisions) == 9  # one per decision kind (terms.DECISIONS)


# -- records for designers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_card_events_account_for_every_card_drawn(options, players):
    """``card_events`` over a race's whole log: every card drawn (a kept card, a ⚡ card) is then played or
    discarded, or is still held (or waiting) at the end — nothing is counted twice or lost; every event that
    names a card gives at least one record."""
    game = kansei.load("minid", **options)
    total: Counter[str] = Counter()
    for seed in range(10):
        state, _ = play_random(game, seed, players)
        assert isinstance(state, MiniDState)
        drawn: Counter[str] = Counter()
        gone: Counter[str] = Counter()
        for _, e in state.event_log():
            records = game.card_events(e)
            if ("card" in e and e["type"] != "bunta_move" and e["type"] not in ("move", "place")) or (
                "cards" in e and e["type"] != "reshuffle"
            ):
                assert records, e
            for r in records:
                assert r.seat == e["seat"] and r.card in GAME.table.by_slug
                total[r.verb] += 1
                (drawn if r.verb == "drawn" else gone)[r.card] += 1
        r = state.race
        held = Counter(GAME.table.cards[c].slug for q in range(players) for c in r.hands[q] + r.waiting[q])
        assert drawn - gone == held and gone - drawn == Counter()
    assert total["drawn"] and total["played"]


def test_card_events_of_each_kind():
    """A kept card drawn, played, discarded; a ⚡ card drawn and played at once; a waiting ⚡ card played when
    it acts; a retiring racer's cards discarded."""
    ev = GAME.card_events
    assert ev({"type": "drew_card", "seat": 1, "card": "nitro"}) == [(1, "drawn", "nitro")]
    assert ev({"type": "drew", "seat": 1}) == []  # the public side of the same draw
    assert ev({"type": "bolt", "seat": 0, "card": "coup-de-turbo"}) == [
        (0, "drawn", "coup-de-turbo"),
        (0, "played", "coup-de-turbo"),
    ]
    assert ev({"type": "bolt", "seat": 0, "card": "pneus-neufs"}) == [(0, "drawn", "pneus-neufs")]
    assert ev({"type": "trigger", "seat": 0, "cards": ["pneus-neufs"], "amount": 2}) == [
        (0, "played", "pneus-neufs")
    ]
    assert ev({"type": "hand_discarded", "seat": 2, "cards": ["nitro", "pneus-neufs"]}) == [
        (2, "discarded", "nitro"),
        (2, "discarded", "pneus-neufs"),
    ]
    assert ev({"type": "play", "seat": 0, "card": "nitro"}) == [(0, "played", "nitro")]
    assert ev({"type": "discard", "seat": 0, "card": "nitro"}) == [(0, "discarded", "nitro")]
    assert ev({"type": "round", "round": 2}) == []


def test_standing_is_the_lead_in_cases_over_the_best_other_racer():
    """MD-W1: the standing is in cases (a finisher on the finish line, an out racer at the start)."""
    assert GAME.standing_unit == "cases"
    s = race(players=3, positions=[10, 4, 7], hands=[STOP, [], []])
    assert [GAME.standing(s, q) for q in range(3)] == [3.0, -6.0, -3.0]
    s = race(players=2, positions=[58, 30], dice=[3])  # seat 0 finishes on the line (61)
    assert s.is_over and GAME.standing(s, 0) == 61 - s.race.positions[1] and GAME.standing(s, 1) < 0


@pytest.mark.parametrize("players", [2, 6])
def test_standing_is_public_and_the_first_mover_is_the_sprint_winner(players):
    """Standing uses positions only (the same in every determinized world); the first mover is the racer
    who won the sprint (None until then); racers bring no decks."""
    for seed in range(4):
        rng = random.Random(seed)

        def check(state: kansei.State, step: int, rng: random.Random = rng) -> None:
            lead = [GAME.standing(state, q) for q in range(players)]
            assert max(lead) >= 0 and (players > 2 or lead[0] == -lead[1])
            world = state.determinize(None, rng)
            assert [GAME.standing(world, q) for q in range(players)] == lead
            assert state.deck_lists() == [None] * players
            starts = [e for e in state.events_for(None) if e["type"] == "start"]
            assert state.first_mover == (starts[0]["starter"] if starts else None)

        play_random(GAME, seed, players, on_step=check)


def test_zones_hold_the_census():
    """``zones()``: the deck, the discard pile, each racer's hand and waiting cards, by slug; together the
    census."""
    s = race(players=3, positions=[2, 12, 0], waiting=[["Pneus neufs"], [], []], hands=[["Nitro"], STOP, []])
    zones = s.zones()
    assert zones["zone:0:hand"] == Counter(["nitro"]) and zones["zone:0:waiting"] == Counter(["pneus-neufs"])
    assert set(zones) == {"zone:-:deck", "zone:-:discard"} | {
        f"zone:{q}:{k}" for q in range(3) for k in ("hand", "waiting")
    }
    together = sum(zones.values(), Counter())
    assert together == Counter({GAME.table.cards[c].slug: n for c, n in s.census()[-1].items()})


# -- pickle and deepcopy -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_pickled_and_deep_copied_states_are_the_same_race(options, players):
    """A state pickled or deep-copied at any step has the original's ``reveal()``, event log and legal
    actions, and the same future: the same actions give the same race to the end."""
    game = kansei.load("minid", **options)
    for seed in range(3):

        def check(state: kansei.State, step: int, seed: int = seed) -> None:
            if step % 3:
                return
            for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                assert isinstance(copied, MiniDState) and copied.game is state.game
                assert copied.reveal() == state.reveal() and copied.event_log() == state.event_log()
                assert copied.legal_actions() == state.legal_actions()
                a, b, moves = state.clone(), copied, random.Random(step)
                while not a.is_over:
                    legal = a.legal_actions()
                    pick = moves.randrange(len(legal))
                    a.apply(legal[pick])
                    b.apply(b.legal_actions()[pick])
                assert b.is_over and a.reveal() == b.reveal() and a.event_log() == b.event_log()

        play_random(game, seed, players, on_step=check)


# -- the English alias, coverage decks, scenario deals -----------------------------------------------------


def test_game_parse_reads_a_card_by_its_english_id_too():
    """``game.parse`` (what the web calls) takes ``play flat-out`` for ``play pied-au-plancher``, in any
    case and spacing, and ``discard`` likewise; a card not held is still refused."""
    s = race(positions=[19, 0], dice=[1, 12], hands=[["Pied au plancher"], STOP])
    for text in ("play flat-out", "PLAY   Flat-Out", "play pied-au-plancher"):
        assert GAME.parse(s, text).notation == "play pied-au-plancher"
    with pytest.raises(kansei.IllegalAction):
        GAME.parse(s, "play handbrake")
    three = ["Nitro", "Frein à main", "Pied au plancher"]
    s = race(positions=[2, 0], dice=[3], hands=[three, STOP], deck=["Appel de phares"])
    act(s, "roll", "draw")
    assert GAME.parse(s, "discard Handbrake").notation == "discard frein-a-main"
    assert s.apply("discard flashing-headlights", seat=0) is s and len(s.race.hands[0]) == 3


def test_coverage_every_card_is_in_the_shared_event_deck():
    """Racers bring no decks (``coverage_decks()`` is empty): every card of the content is in the Event deck
    every race starts with, so random races play every card."""
    assert GAME.coverage_decks() == []
    zones = GAME.start(seed=0, players=2).zones()
    assert set(zones["zone:-:deck"]) == {c["slug"] for c in GAME.cards()}


def test_scenario_deals_and_a_retiring_racers_cards_are_told_in_both_languages():
    """A scenario's dealt hand is told to its racer only, its waiting ⚡ cards to all; a racer who finishes
    turns its cards face up onto the discard pile (MD-E1)."""
    s = race(positions=[58, 0], dice=[3], hands=[["Nitro"], []], waiting=[["Pneus neufs"], []])
    dealt = [e for e in s.events_for(0) if e["type"] == "dealt"]
    assert dealt == [{"type": "dealt", "seat": 0, "cards": ["nitro"]}]
    assert not [e for e in s.events_for(1) if e["type"] == "dealt"]
    lines = {e["type"]: GAME.narrate(e, 0, "en", ["Ann", "Bo"]) for e in s.events_for(0)}
    assert lines["dealt"] == "Your hand: Nitro"
    assert lines["dealt_waiting"] == "Waiting face up in front of you: Fresh Tyres"
    act(s, "roll")
    gone = [e for e in s.events_for(1) if e["type"] == "hand_discarded"]
    assert gone == [{"type": "hand_discarded", "seat": 0, "cards": ["nitro", "pneus-neufs"]}]
    assert GAME.narrate(gone[0], 1, "fr", ["Ann", "Bo"]) == (
        "Les cartes Événement de Ann vont à la défausse : Nitro, Pneus neufs"
    )
