"""Stampede properties over random games with every pairing of starter decks (the generic invariants run
the default decks only): ST-F2 the center is never empty, the field mirrors the stacks, cards are neither
created nor lost, determinisation keeps each view, the turn's gear cap (ST-T3c) is never exceeded."""

from __future__ import annotations

import itertools
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import kansei
from kansei import IllegalAction

GAME = kansei.load("stampede")
DECKS = GAME.starter_decks()
PAIRS = list(itertools.product(DECKS, DECKS))
BOGUS = kansei.Action("nonsense", "bogus")


def check_state(s) -> None:
    for p in (0, 1):
        assert s.centers[p], "ST-F2: the center always holds a machine"
        assert s.field[p * 3 + 1] == s.centers[p][-1]
        for z in (0, 2):
            if s.field[p * 3 + z] < 0:
                assert not s.tapped[p * 3 + z]
        for u in s.centers[p]:
            assert s.card_of[u].kind == 0
    if s.phase in ("main", "battle") and not s.windows.frames:
        for p in (0, 1):
            top = s.card_of[s.field[p * 3 + 1]]
            assert top.gear <= s.turn or top.demi_guest, "ST-T3(c)"


@settings(max_examples=12, deadline=None)
@given(
    pair=st.sampled_from(PAIRS),
    seed=st.integers(0, 2**31 - 1),
    options=st.sampled_from([{}, {"side_return": "at_or_below", "double_action": "per_game"}]),
)
def test_random_games_with_every_deck_pairing_keep_invariants(pair, seed, options):
    game = kansei.load("stampede", **options)
    s = game.start(seed=seed, decks=list(pair))
    base = s.census()
    rng = random.Random(seed)
    steps = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal and s.to_move in (0, 1)
        if s.phase not in ("center", "order"):
            check_state(s)
        if steps % 7 == 0:
            snap = json.dumps(s.reveal(), sort_keys=True)
            try:
                s.apply(BOGUS)
            except IllegalAction as e:
                assert "\n" not in str(e)
            assert json.dumps(s.reveal(), sort_keys=True) == snap
            for seat in (0, 1):
                d = s.determinize(seat, random.Random(steps))
                assert d.view(seat) == s.view(seat)
                if s.to_move == seat:
                    assert d.legal_actions() == legal
        s.apply(rng.choice(legal))
        assert s.census() == base
        steps += 1
        assert steps < 3000
    assert s.winner in (0, 1) and s.reason in ("goal", "deck-out")


def test_notation_round_trips_and_is_stable(sc):
    s = GAME.start(seed=9, decks=["Midnight Wolf", "Dragoon Crown"])
    rng = random.Random(9)
    while not s.is_over:
        for a in s.legal_actions():
            assert GAME.parse(s, a.notation.upper()) is a
        s.apply(rng.choice(s.legal_actions()))


def test_field_abilities_passed_over_are_only_those_their_blocks_refuse():
    """``Ability.zones`` and ``Ability.taps_self`` (the blocks' ``source_zones``, ``taps_source``) let the
    legal actions skip a field card's ability without asking its blocks: over random games with every
    deck, each ability skipped where its card stands is one its own condition or cost refuses there."""
    rng = random.Random(24)
    skipped = 0
    for i, pair in enumerate(PAIRS):
        s = GAME.start(seed=i + 1, decks=list(pair))
        while not s.is_over:
            for p in (0, 1):
                for z in (0, 1, 2):
                    u = s.field[p * 3 + z]
                    for ab in s.card_of[u].activated if u >= 0 else ():
                        if z not in ab.zones or (s.tapped[p * 3 + z] and ab.taps_self):
                            assert s._ability_options(p, u, ab) == []
                            skipped += 1
            s.apply(rng.choice(s.legal_actions()))
    assert skipped  # the games met some
