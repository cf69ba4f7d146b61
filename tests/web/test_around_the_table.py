"""Around the game (issue 20): names an invitee gives, chat (escaped, cut, refused in one line, a flood
refused without closing the socket), resigning, closing a table, idle tables off the public list, the
move a table may play by itself, the spectator count."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kansei.web import Config, create_app
from kansei.web.limits import Limits

from .conftest import FAST, INSTALLED, new_room, wait_for_turn


@pytest.fixture
def calm(tmp_path: Path) -> TestClient:
    """A server whose chat allows three lines in a burst (the socket's own limit is wide)."""
    limits = Limits(
        ws_rate=10_000, ws_burst=10_000, http_rate=10_000, http_burst=10_000, chat_rate=0.01, chat_burst=3
    )
    with TestClient(create_app(Config(db=f"sqlite:///{tmp_path / 'k.db'}", bots=False, limits=limits))) as c:
        yield c


def test_an_invitee_names_their_seat_and_every_text_uses_it(sqlite_client: TestClient) -> None:
    c = sqlite_client
    room, tokens = new_room(c, "touge", [{"kind": "human", "name": "Ann"}, "human"])
    before = c.get(f"/api/rooms/{room}", params={"token": tokens["0"]}).json()
    assert before["names"] == ["Ann", "Player 2"]  # people count from 1
    r = c.post(f"/api/rooms/{room}/name", json={"token": tokens["1"], "name": "  <i>Bea</i>\u00a0 Z  "})
    assert r.status_code == 200, r.text
    after = c.get(f"/api/rooms/{room}", params={"token": tokens["0"]}).json()
    assert after["names"] == ["Ann", "<i>Bea</i> Z"]  # kept as text (pages draw it as text), spaces folded
    assert any("<i>Bea</i> Z" in (line or "") for line in after["log"])  # the game's narration names her
    assert after["seats"][1]["name"] == "<i>Bea</i> Z"
    assert (
        c.post(f"/api/rooms/{room}/name", json={"token": tokens["1"], "name": "x" * 10_000}).json()["names"][
            1
        ]
        == "x" * 24
    )
    bad = c.post(f"/api/rooms/{room}/name", json={"token": tokens["1"], "name": "Bea\x1b[31m"})
    assert bad.status_code == 422 and "control" in bad.json()["detail"] and "\n" not in bad.json()["detail"]
    assert c.post(f"/api/rooms/{room}/name", json={"name": "Eve"}).status_code == 403  # a spectator


def test_chat_is_kept_with_the_game_as_text_cut_and_refused_in_one_line(sqlite_client: TestClient) -> None:
    c = sqlite_client
    room, tokens = new_room(c, "minid", ["human", "human"])
    ok = c.post(
        f"/api/rooms/{room}/chat", json={"token": tokens["0"], "text": "<script>alert(1)</script> gg"}
    )
    assert ok.status_code == 200, ok.text
    long = c.post(f"/api/rooms/{room}/chat", json={"token": tokens["1"], "text": "y" * 10_000})
    assert long.status_code == 200 and len(long.json()["text"]) == 400
    for bad in ("", "   ", "a\x00b", "a\x07"):
        r = c.post(f"/api/rooms/{room}/chat", json={"token": tokens["0"], "text": bad})
        assert r.status_code == 422 and "\n" not in r.json()["detail"], (bad, r.text)
    assert c.post(f"/api/rooms/{room}/chat", json={"text": "hi"}).status_code == 403  # spectators read only
    notes = c.get(f"/api/rooms/{room}").json()["notes"]
    chat = [n for n in notes if n["kind"] == "chat"]
    assert [n["seat"] for n in chat] == [0, 1]
    assert chat[0]["text"] == "<script>alert(1)</script> gg"  # stored as typed: the page shows it as text


def test_a_chat_flood_is_refused_without_closing_the_game_socket(calm: TestClient) -> None:
    room, tokens = new_room(calm, "touge", ["human", "human"])
    with calm.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as ws:
        assert ws.receive_json()["type"] == "state"
        refused = 0
        for i in range(12):
            ws.send_json({"type": "chat", "text": f"spam {i}"})
        seen = 0
        while seen < 12:
            msg = ws.receive_json()
            if msg["type"] == "error":
                assert msg["message"] == "too many chat lines: slow down"
                refused += 1
                seen += 1
            elif msg["type"] == "state" and msg["notes"]:
                seen = max(seen, refused + len([n for n in msg["notes"] if n["kind"] == "chat"]))
        assert refused == 9
        ws.send_json({"type": "ping"})  # the socket still plays
        while (msg := ws.receive_json())["type"] != "pong":
            pass
    kept = [n for n in calm.get(f"/api/rooms/{room}").json()["notes"] if n["kind"] == "chat"]
    assert [n["text"] for n in kept] == ["spam 0", "spam 1", "spam 2"]


@pytest.mark.parametrize("game", INSTALLED)
def test_resigning_ends_the_table_with_that_seat_last(sqlite_client: TestClient, game: str) -> None:
    c = sqlite_client
    room, tokens = new_room(c, game, ["human", "human"], seed=3)
    assert c.post(f"/api/rooms/{room}/resign", json={}).status_code == 403
    r = c.post(f"/api/rooms/{room}/resign", json={"token": tokens["1"]})
    assert r.status_code == 200, r.text
    p = r.json()
    assert p["over"] and p["to_move"] is None and p["legal"] == [] and p["moves"] == []
    assert p["result"]["winner"] == 0 and p["result"]["resigned"] == 1
    assert p["result"]["returns"] == [1.0, -1.0]
    assert [n["kind"] for n in p["notes"]][-1] == "resign"
    # nothing more is played; a second resignation is refused in one line; a rematch opens
    legal = wait_for_turn(c, room, tokens["0"])
    assert legal["over"]
    again = c.post(f"/api/rooms/{room}/resign", json={"token": tokens["0"]})
    assert again.status_code == 409
    assert c.post(f"/api/rooms/{room}/rematch", json={"token": tokens["0"]}).status_code == 200
    assert c.get(f"/api/rooms/{room}/replay").status_code == 200  # the game so far, to step through


def test_closed_and_idle_tables_leave_the_public_list(tmp_path: Path) -> None:
    app = create_app(Config(db=f"sqlite:///{tmp_path / 'k.db'}", bots=False, limits=FAST, idle_minutes=30))
    with TestClient(app) as c:
        room, tokens = new_room(c, "touge", ["human", "human"])
        listed = lambda: {r["room"] for r in c.get("/api/rooms").json()["rooms"]}  # noqa: E731
        assert room in listed()
        assert c.post(f"/api/rooms/{room}/close", json={}).status_code == 403
        assert c.post(f"/api/rooms/{room}/close", json={"token": tokens["0"]}).json()["public"] is False
        assert room not in listed()
        assert c.get(f"/api/rooms/{room}").status_code == 200  # its address still shows it
        other, _ = new_room(c, "touge", ["human", "human"])
        assert other in listed()
    stale = create_app(
        Config(db=f"sqlite:///{tmp_path / 'k.db'}", bots=False, limits=FAST, idle_minutes=1e-9)
    )
    with TestClient(stale) as c:
        assert other not in {r["room"] for r in c.get("/api/rooms").json()["rooms"]}


def test_a_lone_option_is_offered_to_the_table_to_play_by_itself(sqlite_client: TestClient) -> None:
    """``auto`` is the mover's only action (or its pass) exactly when the game says nothing else matters."""
    c = sqlite_client
    seen = 0
    rng = random.Random(4)
    for game in INSTALLED:
        room, tokens = new_room(c, game, ["human", "human"], seed=5)
        for _ in range(300):
            p = c.get(f"/api/rooms/{room}").json()
            if p["over"]:
                break
            seat = p["to_move"]
            mine = c.get(f"/api/rooms/{room}", params={"token": tokens[str(seat)]}).json()
            if mine["auto"] is not None:
                seen += 1
                assert mine["auto"] in mine["legal"]
                assert len(mine["legal"]) == 1 or mine["auto"] in [
                    m["action"] for m in mine["moves"] if m["kind"] == "pass"
                ]
            else:
                assert len(mine["legal"]) > 1
            other = c.get(f"/api/rooms/{room}", params={"token": tokens[str(1 - seat)]}).json()
            assert other["auto"] is None and other["prompt"] == ""
            c.post(
                f"/api/rooms/{room}/actions",
                json={"token": tokens[str(seat)], "action": rng.choice(mine["legal"])},
            )
    assert seen > 0


@pytest.mark.parametrize("game", INSTALLED)
def test_undo_takes_back_only_what_revealed_nothing_and_drew_nothing(
    sqlite_client: TestClient, game: str
) -> None:
    """Engine-wide ruling (docs/rulings.md, undo): a seat takes back its own last action while nobody acted
    since, if it drew nothing random and showed nothing hidden; the table is then exactly as before it."""
    c = sqlite_client
    room, tokens = new_room(c, game, ["human", "human"], seed=9)
    rng = random.Random(game)
    taken = refused = 0
    for _ in range(120):
        p = c.get(f"/api/rooms/{room}").json()
        if p["over"]:
            break
        seat = str(p["to_move"])
        other = str(1 - int(seat))
        before = {s: c.get(f"/api/rooms/{room}", params={"token": tokens[s]}).json() for s in ("0", "1")}
        action = rng.choice(before[seat]["legal"])
        assert (
            c.post(f"/api/rooms/{room}/actions", json={"token": tokens[seat], "action": action}).status_code
            == 200
        )
        if c.get(f"/api/rooms/{room}").json()["over"]:
            break
        assert c.get(f"/api/rooms/{room}/undo", params={"token": tokens[other]}).json()["undo"] is False
        check = c.get(f"/api/rooms/{room}/undo", params={"token": tokens[seat]}).json()
        if check["undo"] and taken < 3:
            r = c.post(f"/api/rooms/{room}/undo", json={"token": tokens[seat]})
            assert r.status_code == 200, r.text
            for s in ("0", "1"):
                now = c.get(f"/api/rooms/{room}", params={"token": tokens[s]}).json()
                for key in ("step", "view", "legal", "events", "to_move"):
                    assert now[key] == before[s][key], (game, s, key)
            taken += 1
            c.post(f"/api/rooms/{room}/actions", json={"token": tokens[seat], "action": action})
        elif not check["undo"] and refused < 3:
            r = c.post(f"/api/rooms/{room}/undo", json={"token": tokens[seat]})
            assert r.status_code == 409 and "\n" not in r.json()["detail"]
            refused += 1
    assert taken or refused
