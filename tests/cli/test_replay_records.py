"""Replays are checked against a schema, never "reproduced" when tampered with, and pinned to their content
(issue 15 §3, issue 10 §7)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_one_clear_error, cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kansei.core import replay as replays
from kansei.core.errors import KanseiError
from kansei.core.protocol import Game
from kansei.sim import play_game


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    return play_game("toy", {}, ["greedy", "random"], seed=11, record=True).replay or {}


def write(tmp: Path, rep: dict[str, Any], name: str = "r.json") -> Path:
    p = tmp / name
    p.write_text(json.dumps(rep))
    return p


def test_a_replay_records_its_content_and_version(recorded: dict[str, Any]) -> None:
    import kansei

    assert recorded["content"] == kansei.load("toy").content_digest()
    assert recorded["kansei"] == kansei.__version__
    assert replays.run(recorded).reproduced is True


@pytest.mark.parametrize(
    ("result", "says"),
    [
        ({}, "result.over: missing"),
        ({"over": True, "winner": 0, "returns": [1.0, -1.0]}, "result.digest: missing"),
        ({"over": True, "winer": 0, "returns": None, "digest": "0" * 16}, "did you mean 'winner'?"),
        ({"over": "yes", "winner": 0, "returns": None, "digest": "0" * 16}, "result.over"),
        ({"over": True, "winner": 0, "returns": None, "digest": "not hex"}, "result.digest"),
    ],
)
def test_a_partial_or_misspelt_result_is_an_error(
    tmp_path: Path, recorded: dict[str, Any], result: dict, says: str
) -> None:
    r = cli("replay", str(write(tmp_path, {**recorded, "result": result})))
    assert_one_clear_error(r, says)
    assert "reproduced" not in r.output


def test_an_altered_result_is_not_reproduced(tmp_path: Path, recorded: dict[str, Any]) -> None:
    rep = copy.deepcopy(recorded)
    rep["result"]["digest"] = "0" * 16
    r = cli("replay", str(write(tmp_path, rep)))
    assert_one_clear_error(r, "NOT reproduced", "digest: recorded")


def test_changed_content_is_named_in_one_line(
    tmp_path: Path, recorded: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    rep = copy.deepcopy(recorded)
    rep["actions"][-1] = "fly away"
    monkeypatch.setattr(Game, "content_digest", lambda self: "f" * 16)
    r = cli("replay", str(write(tmp_path, rep)))
    assert_one_clear_error(
        r, f"content changed since this replay: recorded {recorded['content']}, now {'f' * 16}"
    )
    assert len(r.output.strip().splitlines()) == 1
    good = cli("replay", str(write(tmp_path, recorded, "good.json")))
    assert good.exit_code == 0 and "the result still holds" in good.output


def test_starter_deck_names_are_data_and_other_texts_are_refused(tmp_path: Path) -> None:
    import kansei

    g = kansei.load("touge")
    starters = g.starter_decks()
    rep = replays.make_replay("touge", g.options_dict, 3, 2, [starters[0].upper(), None], None, [], None)
    assert replays.run(rep).error is None
    rep["decks"] = ["../../etc/passwd", None]
    with pytest.raises(KanseiError, match="is not a starter deck"):
        replays.run(rep)


# ---- mutated files: a KanseiError or a run, never anything else; a changed result never "reproduced"
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
KEYS = [*replays.KEYS, "result.over", "result.winner", "result.returns", "result.digest", "extra"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(KEYS), value=JSON)
def test_mutated_fields(recorded: dict[str, Any], key: str, value: Any) -> None:
    rep = copy.deepcopy(recorded)
    target, _, sub = key.partition(".")
    if sub:
        rep[target][sub] = value
    else:
        rep[target] = value
    try:
        res = replays.run(replays.loads(json.dumps(rep)))
    except KanseiError as e:
        assert str(e) and all(len(line) < 400 for line in str(e).splitlines())
        return
    if target == "result" and rep["result"] != recorded["result"]:
        assert res.reproduced is not True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_bytes(recorded: dict[str, Any], data: st.DataObject) -> None:
    text = json.dumps(recorded)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        ch = data.draw(st.sampled_from(list('{}[]",:0123456789.-eE ntfaux\\')))
        text = (
            text[:i] + ch + text[i:]
            if op == "insert"
            else text[:i] + (ch if op == "replace" else "") + text[i + 1 :]
        )
    try:
        res = replays.run(replays.loads(text))
    except KanseiError:
        return
    if res.reproduced:
        assert replays.result_of(res.state) == recorded["result"]
