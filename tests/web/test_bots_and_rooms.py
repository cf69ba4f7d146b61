"""Issue 23 §2–§5 on the server: every bot move is bounded whatever its agent (a search over its deadline is
stopped, not left running, and the server stops promptly on SIGTERM keeping every accepted action); rooms
with people are served before bot-only rooms; idle rooms leave memory and come back; a join or a move wakes
that room's sockets only. No test here reads a clock: each waits on what the server shows."""

from __future__ import annotations

import json
import random
import signal
import subprocess
from contextlib import ExitStack
from pathlib import Path

import httpx
import needs
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from kansei.web import Config, create_app, payload

from .conftest import FAST, Server, eventually, new_room, wait_for_turn


def app_with(tmp_path: Path, **config: object) -> TestClient:
    return TestClient(create_app(Config(db=f"sqlite:///{tmp_path / 'k.db'}", limits=FAST, **config)))  # type: ignore[arg-type]


def collect_errors(c: TestClient) -> list[str]:
    seen: list[str] = []
    hub = c.app.state.hub
    hub.on_error = seen.append
    if hub.pool is not None:
        hub.pool.on_error = seen.append
    return seen


def test_an_untimed_search_over_its_budget_is_stopped_and_its_worker_goes_on(tmp_path: Path) -> None:
    """Issue 23 §2: OpenSpiel's MCTS has no time key; at the server's deadline the worker stops it itself
    (the same worker process then thinks the next move) and a legal move is played for it."""
    needs.module("open_spiel", "the interop extra: pip install -e '.[interop]'")
    with app_with(tmp_path, bot_workers=1, bot_budget=0.3) as c:
        seen = collect_errors(c)
        pool = c.app.state.hub.pool
        pid = pool.workers[0].proc.pid
        room, tokens = new_room(c, "touge", ["openspiel:mcts:sims=20000", "human"], seed=1)
        rng = random.Random(0)

        def the_bot_was_stopped() -> bool:  # the person plays whenever it is their move
            p = c.get(f"/api/rooms/{room}", params={"token": tokens["1"]}).json()
            if p["legal"]:
                c.post(
                    f"/api/rooms/{room}/actions",
                    json={"token": tokens["1"], "action": rng.choice(p["legal"])},
                )
            return any("over its budget" in m for m in seen)

        eventually(the_bot_was_stopped, "the bot's search stopped at its deadline")
        eventually(lambda: c.get(f"/api/rooms/{room}").json()["to_move"] != 0, "a move played for the bot")
        assert pool.workers[0].proc.pid == pid  # stopped by its own alarm: not killed, not replaced
        # and the worker is free: a quick bot in another room moves
        quick, qt = new_room(c, "touge", ["greedy", "human"], seed=2)
        wait_for_turn(c, quick, qt["1"])
        assert pool.workers[0].proc.pid == pid


def test_a_person_facing_a_bot_is_served_before_bot_only_rooms(tmp_path: Path) -> None:
    """Issue 23 §3: with one worker and six bot-only rooms each thinking its whole budget, a person's bot
    still gets its real move (never the fallback): rooms with people go first and interrupt a bot-only
    room's search (that room thinks again later)."""
    # a budget generous enough for a greedy move on a loaded machine; each bot-only room thinks all of it
    with app_with(tmp_path, bot_workers=1, bot_budget=5.0) as c:
        seen = collect_errors(c)
        hub = c.app.state.hub
        for i in range(6):
            new_room(c, "touge", ["mcts:time=5", "mcts:time=5"], seed=10 + i)
        eventually(lambda: hub.pool.busy() >= 6, "the bot-only rooms queue up")
        room, tokens = new_room(c, "touge", ["human", "greedy"], seed=3)
        rng = random.Random(1)
        replies = 0
        while replies < 4:
            p = wait_for_turn(c, room, tokens["0"])
            if p["over"]:
                break
            before = p["step"]
            r = c.post(
                f"/api/rooms/{room}/actions", json={"token": tokens["0"], "action": rng.choice(p["legal"])}
            )
            assert r.status_code == 200
            if wait_for_turn(c, room, tokens["0"])["step"] > before + 1:
                replies += 1
        assert replies >= 1
        assert not [m for m in seen if room in m], seen  # every reply was the bot's own move
        assert hub.pool.busy() >= 1  # while the bot-only rooms were still waiting or thinking


def test_idle_rooms_leave_memory_and_come_back_from_the_database(tmp_path: Path) -> None:
    """Issue 23 §4: past ``keep_rooms`` the least recently used unwatched rooms leave memory; asked for
    again, a room is rebuilt from its replay, whole; a watched room never leaves."""
    with app_with(tmp_path, bots=False, keep_rooms=10) as c:
        hub = c.app.state.hub
        first, tokens = new_room(c, "touge", ["human", "human"], seed=5)
        mover = str(c.get(f"/api/rooms/{first}").json()["to_move"])
        legal = c.get(f"/api/rooms/{first}", params={"token": tokens[mover]}).json()["legal"]
        assert (
            c.post(
                f"/api/rooms/{first}/actions", json={"token": tokens[mover], "action": legal[0]}
            ).status_code
            == 200
        )
        before = c.get(f"/api/rooms/{first}", params={"token": tokens["0"]}).json()
        watched, wt = new_room(c, "touge", ["human", "human"], seed=6)
        with c.websocket_connect(f"/api/rooms/{watched}/ws?token={wt['0']}") as ws:
            ws.receive_json()
            for i in range(40):
                new_room(c, "touge", ["human", "human"], seed=100 + i)
            assert hub.held() <= 11 and first not in hub.rooms and watched in hub.rooms
        after = c.get(f"/api/rooms/{first}", params={"token": tokens["0"]}).json()
        assert {k: after[k] for k in ("step", "view", "events", "legal")} == {
            k: before[k] for k in ("step", "view", "events", "legal")
        }
        mover = str(after["to_move"])
        legal = c.get(f"/api/rooms/{first}", params={"token": tokens[mover]}).json()["legal"]
        r = c.post(
            f"/api/rooms/{first}/actions", json={"token": tokens[mover], "action": legal[0], "step": 1}
        )
        assert r.status_code == 200 and r.json()["step"] == 2


def test_a_join_or_a_move_costs_that_rooms_sockets_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23 §5: spectators joining wake nobody; a move wakes the room's sockets, each told once, and
    the payload is built once per seat and cursor however many spectators watch."""
    builds: list[int | None] = []
    real = payload.room_payload

    def counted(live, seat, lang, since=0, third=False):  # type: ignore[no-untyped-def]
        builds.append(seat)
        return real(live, seat, lang, since, third)

    monkeypatch.setattr(payload, "room_payload", counted)
    with app_with(tmp_path, bots=False) as c:
        room, tokens = new_room(c, "touge", ["human", "human"], seed=8)
        other, _ = new_room(c, "touge", ["human", "human"], seed=9)
        with ExitStack() as stack:
            a = stack.enter_context(c.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}"))
            first = {0: a.receive_json()}
            b = stack.enter_context(c.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['1']}"))
            first[1] = b.receive_json()
            assert a.receive_json()["seats"][1]["online"]  # seat 1 came online: seat 0 is told
            elsewhere = stack.enter_context(c.websocket_connect(f"/api/rooms/{other}/ws"))
            elsewhere.receive_json()
            socks = [stack.enter_context(c.websocket_connect(f"/api/rooms/{room}/ws")) for _ in range(20)]
            for s in socks:
                assert s.receive_json()["type"] == "state"
            builds.clear()
            mover = first[0]["to_move"]
            me = a if mover == 0 else b
            me.send_json({"type": "action", "action": first[mover]["legal"][0], "step": 0})
            for s in (a, b, *socks):  # each socket of the room hears of the move once, and only that
                msg = s.receive_json()
                assert msg["type"] == "state" and msg["step"] == 1, msg
            # seat 0, seat 1 and the spectators: one build each, not one per socket
            assert sorted(builds, key=str) == sorted([0, 1, None], key=str), builds
            elsewhere.send_json({"type": "ping"})
            assert elsewhere.receive_json()["type"] == "pong"  # the other room's socket heard nothing


@pytest.mark.slow  # two real server processes
def test_sigterm_stops_the_server_promptly_with_every_accepted_action_kept(tmp_path: Path) -> None:
    """Issue 23 §2: with a bot deep in an untimed search and sockets open, SIGTERM stops the server (it
    ignored SIGTERM for 20 s and needed kill -9); every action it accepted is there after a restart."""
    needs.module("open_spiel", "the interop extra: pip install -e '.[interop]'")
    db = f"sqlite:///{tmp_path / 'k.db'}"
    server = Server(db, budget=120, extra=("--bot-iterations", "1000000")).start()
    try:
        base = server.url
        r = httpx.post(
            f"{base}/api/rooms",
            json={"game": "touge", "seats": ["human", "openspiel:mcts:sims=1000000"], "seed": 4},
        ).json()
        room, token = r["room"], r["tokens"]["0"]
        rng = random.Random(2)
        accepted = 0
        with connect(base.replace("http", "ws") + f"/api/rooms/{room}/ws?token={token}") as ws:
            while True:
                p = json.loads(ws.recv(timeout=30))
                if p.get("type") != "state":
                    continue
                if p["to_move"] != 0:
                    break  # the bot thinks now (up to 120 s, a million simulations)
                ws.send(json.dumps({"type": "action", "action": rng.choice(p["legal"]), "step": p["step"]}))
                accepted += 1
            assert server.proc is not None
            server.proc.send_signal(signal.SIGTERM)
            try:
                server.proc.wait(20)
            except subprocess.TimeoutExpired:
                pytest.fail("the server was still running 20 s after SIGTERM")
        assert accepted >= 1
        again = Server(db, port=server.port, budget=0.5).start()
        try:
            after = httpx.get(f"{again.url}/api/rooms/{room}").json()
            assert after["step"] >= accepted
        finally:
            again.stop()
    finally:
        server.kill()
