"""The boards' scripted tutorials (static/games/<id>.tutorial.json, docs/web-boards.md "tutorial") play
through in the engine as written: from the tutorial's set-up and seed, with its bots answering, each step's
``expect`` names the refs of exactly one legal move of the person's seat (``[]``: the decision's one move
without refs, a pass or done), every step speaks English, French and Japanese, and Touge's lesson ends
with the first battle won (TG-S1, TG-T5), Initial D's with stage 1 won (ID-P2), and Mini D's, Stampede's and
D-Spirits' with the game won (MD-W1, ST-T4, DS-G1). The server holds the script: a move off it is refused
in one line and the stored game is unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import kansei
from kansei.agents import make_agent

GAMES = Path(kansei.__file__).parent / "web" / "static" / "games"
TUTORIALS = sorted(GAMES.glob("*.tutorial.json"))


def play(game_id: str, tut: dict[str, Any]) -> Any:
    game = kansei.load(game_id)
    state = game.start(seed=tut["seed"], players=tut["players"], setup=tut["setup"])
    me = tut["seats"].index("human")
    bots = {i: make_agent(spec, seed=i) for i, spec in enumerate(tut["seats"]) if spec != "human"}
    for n, step in enumerate(tut["steps"]):
        while not state.is_over and state.to_move != me:
            state.apply(bots[state.to_move].act(state, state.to_move), seat=state.to_move)
        assert not state.is_over, f"step {n + 1}: the game ended before it"
        fits = [a for a in state.legal_actions() if list(game.move_refs(state, a)) == step["expect"]]
        assert len(fits) == 1, f"step {n + 1} expects {step['expect']}: {len(fits)} legal moves touch that"
        state.apply(fits[0], seat=me)
        assert {"en", "fr", "ja"} <= set(step["say"]), f"step {n + 1} does not speak every language"
    while not state.is_over and state.to_move != me:  # the bots answer the last step
        state.apply(bots[state.to_move].act(state, state.to_move), seat=state.to_move)
    return state


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.name.split(".")[0] for p in TUTORIALS])
def test_tutorial_plays_through_as_scripted(path: Path) -> None:
    tut = json.loads(path.read_text(encoding="utf-8"))
    play(path.name.split(".")[0], tut)


def test_touge_tutorial_ends_with_the_first_battle_won() -> None:
    """TG-T5: the lesson's course, tune-ups and ability win battle 1 against the greedy bot."""
    state = play("touge", json.loads((GAMES / "touge.tutorial.json").read_text(encoding="utf-8")))
    view = state.view(0)
    assert view["battle"] == 2 and view["wins"] == [1, 0]
    assert view["battles"][0]["winner"] == 0


def lesson(game_id: str) -> Any:
    return play(game_id, json.loads((GAMES / f"{game_id}.tutorial.json").read_text(encoding="utf-8")))


def test_initiald_tutorial_ends_with_stage_1_won() -> None:
    """ID-P2: the last maneuver nobody answers wins the stage; the lesson's four maneuvers outlast the bot."""
    assert lesson("initiald").view(0)["results"][:1] == [0]


@pytest.mark.parametrize("game_id", ["minid", "stampede", "dspirits"])
def test_tutorial_ends_with_the_game_won(game_id: str) -> None:
    """MD-W1 (the finish first), ST-T4 (a run to distance 0), DS-B4 (a direct attack to SP 0)."""
    state = lesson(game_id)
    assert state.is_over and state.winner == 0


def test_a_forged_move_off_the_script_is_refused(sqlite_client: TestClient) -> None:
    """A legal move that is not the step's (as a forged client would send it) is refused in one line naming
    the step's move; the stored game is unchanged, and the step's own move is then played."""
    c = sqlite_client
    r = c.get("/tutorial/dspirits", follow_redirects=False)
    assert r.status_code == 303
    room = r.headers["location"].split("/")[3].split("?")[0]
    token = r.headers["location"].split("token=")[1].split("&")[0]
    before = c.get(f"/api/rooms/{room}", params={"token": token}).json()
    step = before["tutorial"]
    off = next(m["action"] for m in before["moves"] if m["refs"] != step["expect"])
    r = c.post(f"/api/rooms/{room}/actions", json={"token": token, "action": off})
    assert r.status_code == 400
    assert r.json()["detail"] == "tutorial step 1 asks for another move: draw from your D-Squad deck"
    after = c.get(f"/api/rooms/{room}", params={"token": token}).json()
    kept = ("step", "events", "tutorial")
    assert [after[k] for k in kept] == [before[k] for k in kept]
    assert c.app.state.hub.store.room(room).steps == 0  # nothing stored
    right = next(m["action"] for m in before["moves"] if m["refs"] == step["expect"])
    r = c.post(f"/api/rooms/{room}/actions", json={"token": token, "action": right})
    assert r.status_code == 200 and r.json()["tutorial"]["step"] == 1
