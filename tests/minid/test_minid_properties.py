"""Properties of random races (hypothesis): every racer is placed, at rest no two cars share a road case,
skips never go negative, Bunta only drives towards the start, and every event narrates on one line."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from minid_helpers import act

import kansei
from kansei.builtin.minid.terms import RACING
from kansei.testing import all_events

OPTIONS = st.fixed_dictionaries(
    {
        "track": st.sampled_from(["akina", "usui"]),
        "uphill": st.booleans(),
        "aspiration": st.booleans(),
        "strategies": st.booleans(),
    }
)
AT_REST = {"sprint", "turn", "skip", "draw", "discard"}  # decisions taken with no battle or corner pending


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), options=OPTIONS)
def test_random_races_keep_the_rules_invariants(seed, players, options):
    """MD-F1/F3: once every battle is over a road case holds one car; MD-R1: Bunta never drives back;
    MD-R2: skips never negative; MD-W1: the placings are every seat once, finishers first in order."""
    g = kansei.load("minid", **options)
    s = g.start(seed=seed, players=players)
    rng = random.Random(seed)
    r = s.race
    L = r.track.length
    bunta = r.bunta
    while not s.is_over:
        d = s.view(None)["decision"]
        if d["kind"] in AT_REST:
            road = [x for q, x in enumerate(r.positions) if r.status[q] == RACING and 1 <= x <= L]
            assert len(road) == len(set(road)), (road, d)
        assert all(k >= 0 for k in r.skips)
        assert all(0 <= x <= L + 1 for x in r.positions)
        assert r.bunta <= bunta
        bunta = r.bunta
        act(s, rng.choice(s.legal_actions()))
    placings = s.view(None)["placings"]
    assert sorted(placings) == list(range(players))
    assert placings[: len(s.race.finished)] == s.race.finished
    assert s.winner == placings[0]
    json.dumps(all_events(s))
    assert {e["type"] for a, e in s.event_log() if a is not None} <= {
        "drew_card"
    }  # only drawn cards are private
    for seat in (None, 0):
        for e in s.events_for(seat):
            line = g.narrate(e, seat)
            assert line is None or (isinstance(line, str) and "\n" not in line)
