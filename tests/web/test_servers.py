"""Real server processes: a server killed mid-game and started again on the same database resumes the game
(bots included), and two servers sharing a PostgreSQL database serve the same games, a move made through
one reaching clients connected to the other."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import Server, fresh_pg_db

pytestmark = pytest.mark.slow  # real server processes


def create(base: str, game: str, seats: list, seed: int = 1) -> tuple[str, dict[str, str]]:
    r = httpx.post(f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()["room"], r.json()["tokens"]


def my_turn(base: str, room: str, token: str, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        p = httpx.get(f"{base}/api/rooms/{room}", params={"token": token}).json()
        if p["over"] or p["legal"]:
            return p
        assert time.monotonic() < deadline, "the bot never moved"
        time.sleep(0.05)


def seen_by(base: str, room: str, token: str, step: int, timeout: float = 30) -> dict:
    """The room as ``base`` serves it once it has reached ``step``: a move made through another server
    reaches this one by PostgreSQL's NOTIFY, a moment later (a busy machine makes that moment longer)."""
    deadline = time.monotonic() + timeout
    while (p := httpx.get(f"{base}/api/rooms/{room}", params={"token": token}).json())["step"] < step:
        assert time.monotonic() < deadline, f"step {step} never reached {base}: still at {p['step']}"
        time.sleep(0.05)
    assert p["step"] == step, f"{base} is at step {p['step']}, past {step}"
    return p


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for s in started:
        s.stop()


def test_a_killed_server_resumes_every_game_on_restart(tmp_path: Path, servers: list[Server]) -> None:
    db = f"sqlite:///{tmp_path / 'kansei.db'}"
    a = Server(db).start()
    servers.append(a)
    room, tokens = create(a.url, "touge", ["human", "greedy"], seed=11)
    t = tokens["0"]
    rng = random.Random(4)
    for _ in range(6):
        p = my_turn(a.url, room, t)
        httpx.post(f"{a.url}/api/rooms/{room}/actions", json={"token": t, "action": rng.choice(p["legal"])})
    before = httpx.get(f"{a.url}/api/rooms/{room}", params={"token": t}).json()
    a.kill()  # SIGKILL: no shutdown, no flush but the database's own
    b = Server(db, port=a.port).start()
    servers.append(b)
    after = httpx.get(f"{b.url}/api/rooms/{room}", params={"token": t}).json()
    assert after["step"] >= before["step"]
    if after["step"] == before["step"]:
        assert after["view"] == before["view"] and after["events"] == before["events"]
    # the same token resumes the seat, and the bot moves again after the restart
    while not (p := my_turn(b.url, room, t))["over"]:
        r = httpx.post(
            f"{b.url}/api/rooms/{room}/actions", json={"token": t, "action": rng.choice(p["legal"])}
        )
        assert r.status_code == 200, r.text
    assert p["result"]["returns"]


def test_two_servers_share_a_postgresql_database(postgres_url: str, servers: list[Server]) -> None:
    db = fresh_pg_db(postgres_url)
    fast = ("--rate", "1000", "--burst", "10000")  # one test client plays both seats, faster than people
    a, b = Server(db, extra=fast).start(), Server(db, extra=fast).start()
    servers += [a, b]
    room, tokens = create(a.url, "stampede", ["human", "human"], seed=5)
    rng = random.Random(9)
    ws_url = b.url.replace("http", "ws") + f"/api/rooms/{room}/ws?token={tokens['1']}"
    with connect(ws_url) as sock:  # seat 1 watches and plays through server B
        seen = json.loads(sock.recv(timeout=10))
        assert seen["step"] == 0
        while not seen["over"]:
            mover = seen["to_move"]
            if mover == 0:  # seat 0 plays through server A's HTTP API, once A has heard of B's move
                p = seen_by(a.url, room, tokens["0"], seen["step"])
                r = httpx.post(
                    f"{a.url}/api/rooms/{room}/actions",
                    json={"token": tokens["0"], "action": rng.choice(p["legal"]), "step": p["step"]},
                )
                assert r.status_code == 200, r.text
            else:
                sock.send(
                    json.dumps({"type": "action", "action": rng.choice(seen["legal"]), "step": seen["step"]})
                )
            step = seen["step"]
            while seen["step"] == step:  # B's socket hears of the move, wherever it was made
                msg = json.loads(sock.recv(timeout=10))
                assert msg["type"] != "error", msg
                if msg["type"] == "state":
                    seen = msg
    final_a = seen_by(a.url, room, tokens["1"], seen["step"])
    assert final_a["over"] and final_a["view"] == seen["view"]


def test_a_bot_room_made_on_one_server_is_played_from_the_other(
    postgres_url: str, servers: list[Server]
) -> None:
    db = fresh_pg_db(postgres_url)
    a, b = Server(db).start(), Server(db).start()
    servers += [a, b]
    room, tokens = create(a.url, "initiald", ["human", "greedy"], seed=3)
    rng = random.Random(2)
    while not (p := my_turn(b.url, room, tokens["0"]))["over"]:
        r = httpx.post(
            f"{b.url}/api/rooms/{room}/actions", json={"token": tokens["0"], "action": rng.choice(p["legal"])}
        )
        assert r.status_code == 200, r.text
    assert httpx.get(f"{a.url}/api/rooms/{room}").json()["over"]
