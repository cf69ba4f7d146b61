"""The JSON API and the WebSocket, for every game, on SQLite and on PostgreSQL: play to the end, and every
refusal the issue lists (nothing changed, nothing leaked, other rooms still served)."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kansei.agents.levels import LEVELS
from kansei.core import replay as replays

from .conftest import INSTALLED, new_room, play_out, wait_for_turn

GAMES = INSTALLED


def seats_for(game: str, first: str = "human", other: str = "random") -> list[str]:
    return [first, other]


@pytest.mark.parametrize("game", GAMES)
def test_play_to_the_end_against_a_bot_over_http(client: TestClient, game: str) -> None:
    room, tokens = new_room(client, game, seats_for(game, other="greedy"))
    assert list(tokens) == ["0"]
    rng = random.Random(game)
    moves = 0
    while True:
        p = wait_for_turn(client, room, tokens["0"])
        if p["over"]:
            break
        assert p["to_move"] == 0 and p["seat"] == 0
        assert [m["action"] for m in p["moves"]] == p["legal"]
        r = client.post(
            f"/api/rooms/{room}/actions",
            json={"token": tokens["0"], "action": rng.choice(p["legal"]), "step": p["step"]},
        )
        assert r.status_code == 200, r.text
        moves += 1
    assert p["result"]["returns"] and p["to_move"] is None and p["legal"] == []
    # the finished game downloads as a replay that re-runs to the same result
    rep = client.get(f"/api/rooms/{room}/replay").json()
    assert rep["format"] == "kansei-replay/1" and len(rep["actions"]) == p["step"]
    assert replays.run(rep).reproduced is True
    spectator = client.get(f"/api/rooms/{room}").json()
    assert spectator["seat"] is None and spectator["over"]


@pytest.mark.parametrize("game", GAMES)
def test_two_people_play_to_the_end_over_websockets(client: TestClient, game: str) -> None:
    room, tokens = new_room(client, game, ["human", "human"])
    rng = random.Random(7)
    with (
        client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as a,
        client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['1']}") as b,
        client.websocket_connect(f"/api/rooms/{room}/ws") as watcher,
    ):
        socks = {0: a, 1: b}
        last = {0: a.receive_json(), 1: b.receive_json()}
        seen_by_watcher = watcher.receive_json()
        assert seen_by_watcher["seat"] is None and seen_by_watcher["legal"] == []
        while not last[0]["over"]:
            mover = last[0]["to_move"]
            p = last[mover]
            assert p["legal"], p
            socks[mover].send_json({"type": "action", "action": rng.choice(p["legal"]), "step": p["step"]})
            for s in (0, 1):  # every seat hears of every accepted action
                msg = socks[s].receive_json()
                while msg["type"] != "state" or msg["step"] == last[s]["step"]:
                    msg = socks[s].receive_json()
                last[s] = msg
        assert last[1]["over"] and last[0]["result"] == last[1]["result"]
        while seen_by_watcher["step"] < last[0]["step"]:
            seen_by_watcher = watcher.receive_json()
        assert seen_by_watcher["over"] and seen_by_watcher["result"] == last[0]["result"]


def status_and_detail(r) -> tuple[int, str]:
    return r.status_code, r.json()["detail"]


def test_a_refusal_is_told_in_the_readers_language(client: TestClient) -> None:
    """The language the client asks in (``?lang=``) is the refusal's: the game's own reason for the seat
    to move, the core's for a seat out of turn; a language the game lacks reads in its first."""
    room, tokens = new_room(client, "initiald", ["human", "human"], seed=7)
    mover = str(client.get(f"/api/rooms/{room}").json()["to_move"])
    waiter = "1" if mover == "0" else "0"
    legal = client.get(f"/api/rooms/{room}", params={"token": tokens[mover]}).json()["legal"]

    def why(token: str, action: str, lang: str) -> str:
        r = client.post(
            f"/api/rooms/{room}/actions", params={"lang": lang}, json={"token": token, "action": action}
        )
        assert r.status_code == 409, r.text
        return str(r.json()["detail"])

    english, french, japanese = (why(tokens[mover], "fly to the moon", lang) for lang in ("en", "fr", "ja"))
    assert len({english, french, japanese}) == 3 and "moon" in french and "moon" in japanese
    assert why(tokens[mover], "fly to the moon", "de") == english
    assert "ce n'est pas votre tour" in why(tokens[waiter], legal[0], "fr")
    assert "あなたの手番ではありません" in why(tokens[waiter], legal[0], "ja")


def test_refusals_change_nothing(client: TestClient) -> None:
    room, tokens = new_room(client, "touge", ["human", "human"], seed=7)
    p0 = client.get(f"/api/rooms/{room}", params={"token": tokens["0"]}).json()
    mover = str(p0["to_move"])
    waiter = "1" if mover == "0" else "0"
    legal = client.get(f"/api/rooms/{room}", params={"token": tokens[mover]}).json()["legal"]
    before = client.get(f"/api/rooms/{room}").json()

    def act(token: str | None, action: object, **extra: object):
        return client.post(f"/api/rooms/{room}/actions", json={"token": token, "action": action, **extra})

    code, why = status_and_detail(act(tokens[waiter], legal[0]))  # out of turn
    assert code == 409 and "turn" in why
    code, why = status_and_detail(act(tokens[mover], "fly to the moon"))  # illegal
    assert code == 409 and why
    code, why = status_and_detail(act("not-a-token", legal[0]))  # a token for no seat
    assert code == 403
    code, why = status_and_detail(act(tokens[mover], legal[0], step=before["step"] + 5))  # stale client
    assert code == 409 and "stale" in why
    assert act(None, legal[0]).status_code == 403  # no token at all: a spectator may not act
    assert act("", legal[0]).status_code == 403
    assert act(12, legal[0]).status_code == 422  # a token is text: malformed
    assert act(tokens[mover], 12).status_code == 422  # an action is a notation
    r = client.post(
        f"/api/rooms/{room}/actions", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and r.json()["detail"]
    assert (
        client.post(
            f"/api/rooms/{room}/actions", json={"token": tokens[mover], "action": "x" * 600}
        ).status_code
        == 422
    )
    code, why = status_and_detail(client.get("/api/rooms/nosuchroom"))
    assert code == 404 and why == "unknown room"
    assert (
        client.post(
            "/api/rooms/nosuchroom/actions", json={"token": tokens[mover], "action": legal[0]}
        ).status_code
        == 404
    )
    assert client.get(f"/api/rooms/{room}", params={"token": "forged"}).status_code == 403
    # the seed is secret while the game is played: no replay, no steps
    assert client.get(f"/api/rooms/{room}/replay").status_code == 409
    assert client.get(f"/api/rooms/{room}/steps/0").status_code == 409
    after = client.get(f"/api/rooms/{room}").json()
    assert after["step"] == before["step"] and after["view"] == before["view"]
    # and the room still plays
    assert act(tokens[mover], legal[0]).status_code == 200


def test_creation_refusals(client: TestClient) -> None:
    bad = [
        ({"game": "nope", "seats": ["human", "human"]}, 404),
        ({"game": "touge", "seats": ["human"]}, 422),  # one player for a two-player game
        ({"game": "touge", "seats": ["human", "wizard"]}, 422),  # no such agent
        ({"game": "touge", "seats": ["human", "mcts:iters=-3"]}, 422),
        ({"game": "touge", "seats": ["human", "human"], "options": {"mdoe": "x"}}, 422),
        ({"game": "touge", "seats": ["human", "human"], "seed": -1}, 422),
        ({"game": "touge", "seats": ["human", "human"], "seed": 2**64}, 422),
        ({"game": "touge", "seats": ["human", "human"], "decks": ["no such deck", None]}, 422),
        ({"game": "touge", "seats": ["human"] * 9}, 422),
        ({"game": "touge", "seats": ["human", "human"], "surprise": 1}, 422),
    ]
    n = client.get("/api/rooms", params={"limit": 200}).json()["rooms"]
    for body, code in bad:
        r = client.post("/api/rooms", json=body)
        assert r.status_code == code, (body, r.text)
        assert isinstance(r.json()["detail"], str) and "\n" not in r.json()["detail"]
    assert client.get("/api/rooms", params={"limit": 200}).json()["rooms"] == n


def test_tokens_are_random_and_stored_hashed(client: TestClient) -> None:
    room, tokens = new_room(client, "touge", ["human", "human"])
    room2, tokens2 = new_room(client, "touge", ["human", "human"])
    assert len({tokens["0"], tokens["1"], tokens2["0"], tokens2["1"]}) == 4
    assert all(len(t) >= 32 and room not in t for t in tokens.values())
    # a seat's token works only in its own room
    assert client.get(f"/api/rooms/{room2}", params={"token": tokens["0"]}).status_code == 403
    hub = client.app.state.hub
    row = hub.store.room(room)
    stored = json.dumps(row.tokens)
    assert tokens["0"] not in stored and tokens["1"] not in stored and len(row.tokens[0]) == 64


def test_finished_game_refuses_actions_and_offers_a_rematch(client: TestClient) -> None:
    room, tokens = new_room(client, "minid", ["human", "random"], seed=3)
    play_out(client, room, tokens["0"], random.Random(1))
    r = client.post(f"/api/rooms/{room}/actions", json={"token": tokens["0"], "action": "pass"})
    assert r.status_code == 409 and "over" in r.json()["detail"]
    assert client.post(f"/api/rooms/{room}/rematch", json={"token": "forged"}).status_code == 403
    again = client.post(f"/api/rooms/{room}/rematch", json={"token": tokens["0"]}).json()["room"]
    assert again != room
    assert client.post(f"/api/rooms/{room}/rematch", json={"token": tokens["0"]}).json()["room"] == again
    assert client.get(f"/api/rooms/{room}").json()["rematch"] == again
    mine = client.get(f"/api/rooms/{again}", params={"token": tokens["0"]}).json()
    assert mine["seat"] == 0 and not mine["over"] and mine["step"] == 0


def test_replays_step_by_step_and_upload(client: TestClient) -> None:
    room, tokens = new_room(client, "touge", ["human", "greedy"], seed=5)
    p = play_out(client, room, tokens["0"], random.Random(2))
    total = p["step"]
    rep = client.get(f"/api/rooms/{room}/replay")
    assert rep.headers["content-disposition"].startswith("attachment")
    for seat in ("0", "1", "all"):
        first = client.get(f"/api/rooms/{room}/steps/0", params={"seat": seat}).json()
        last = client.get(f"/api/rooms/{room}/steps/{total}", params={"seat": seat}).json()
        assert first["step"] == 0 and last["step"] == total and last["total"] == total
    assert client.get(f"/api/rooms/{room}/steps/{total}", params={"seat": "0"}).json()["view"] == p["view"]
    assert client.get(f"/api/rooms/{room}/steps/{total + 1}").status_code == 422
    assert client.get(f"/api/rooms/{room}/steps/3", params={"seat": "7"}).status_code == 422
    up = client.post("/api/replays", content=rep.content, headers={"content-type": "application/json"})
    assert up.status_code == 201, up.text
    copy = up.json()["room"]
    assert up.json()["steps"] == total and up.json()["over"]
    for seat in ("0", "all"):
        a = client.get(f"/api/rooms/{room}/steps/{total}", params={"seat": seat}).json()
        b = client.get(f"/api/rooms/{copy}/steps/{total}", params={"seat": seat}).json()
        assert a["view"] == b["view"] and a["log"] == b["log"]
    # a replay that does not re-run is refused with its first problem
    broken = json.loads(rep.content)
    broken["actions"][3] = "teleport"
    r = client.post("/api/replays", json=broken)
    assert r.status_code == 422 and "action 4" in r.json()["detail"]
    assert (
        client.post(
            "/api/replays", content=b"[1, 2", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )


def test_websocket_refusals(client: TestClient) -> None:
    room, tokens = new_room(client, "touge", ["human", "human"], seed=7)
    with pytest.raises(WebSocketDisconnect) as e:
        with client.websocket_connect("/api/rooms/nosuchroom/ws") as ws:
            ws.receive_json()
    assert e.value.code == 4404
    with pytest.raises(WebSocketDisconnect) as e:
        with client.websocket_connect(f"/api/rooms/{room}/ws?token=forged") as ws:
            ws.receive_json()
    assert e.value.code == 4403
    with client.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as ws:
        p = ws.receive_json()
        mover = p["to_move"]
        ws.send_text("{oops")
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "action", "action": 5})
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "dance"})
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"
        if mover != 0:  # out of turn over the socket
            ws.send_json({"type": "action", "action": "pass"})
            err = ws.receive_json()
            assert err["type"] == "error" and "turn" in err["message"]
        else:
            ws.send_json({"type": "action", "action": "not a move", "step": p["step"]})
            assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "action", "action": "pass", "step": p["step"] + 9})
        err = ws.receive_json()
        assert err["type"] == "error" and "stale" in err["message"]
        fresh = ws.receive_json()  # and the game as it is now
        assert fresh["type"] == "state" and fresh["step"] == p["step"]
    assert client.get(f"/api/rooms/{room}").json()["step"] == p["step"]


def test_oversized_and_floods_are_refused_and_others_still_served(strict_client: TestClient) -> None:
    c = strict_client
    room, tokens = new_room(c, "touge", ["human", "human"])
    r = c.post(
        "/api/rooms", json={"game": "touge", "seats": ["human", "human"], "options": {"x": "y" * 5000}}
    )
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    with pytest.raises(WebSocketDisconnect) as e:
        with c.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "ping", "pad": "z" * 1000}))
            ws.receive_json()
    assert e.value.code == 1009
    with pytest.raises(WebSocketDisconnect) as e:
        with c.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as ws:
            ws.receive_json()
            for _ in range(50):
                ws.send_json({"type": "ping"})
            while True:
                ws.receive_json()
    assert e.value.code == 1008
    codes = [
        c.post(f"/api/rooms/{room}/actions", json={"token": tokens["0"], "action": "x"}).status_code
        for _ in range(20)
    ]
    assert 429 in codes
    assert c.get(f"/api/rooms/{room}").status_code == 200  # reading is never throttled


def test_user_text_is_cut_and_pages_escape_it(client: TestClient) -> None:
    name = "<img src=x onerror=alert(1)>" + "x" * 100
    room, _ = new_room(client, "touge", [{"kind": "human", "name": name}, "random"])
    seats = client.get(f"/api/rooms/{room}").json()["seats"]
    assert seats[0]["name"] == name[:24]
    page = client.get('/room/"><img src=x onerror=alert(1)>')
    assert page.status_code == 200
    assert "<img src=x" not in page.text and "&lt;img src=x" in page.text


def test_games_cards_and_openapi(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["id"] for g in games["games"]] == GAMES
    assert {b["spec"] for b in games["bots"]} >= {"random", "greedy"}
    for g in games["games"]:  # every game offers the four named levels, each as measured (or why not)
        assert [lv["agent"] for lv in g["levels"]] == [f"level:{n}" for n in LEVELS], g["id"]
        rated = [lv["rating"]["rating"] for lv in g["levels"] if lv["rating"]]
        assert rated == sorted(rated), g["id"]
        assert all(lv["description"] and (lv["rating"] or lv["why"]) for lv in g["levels"]), g["id"]
    touge = next(g for g in games["games"] if g["id"] == "touge")
    assert all(lv["rating"] and lv["time"]["median"] is not None for lv in touge["levels"])
    # what each level plays, in the page's language (the lobby's tooltip)
    japanese = client.get("/api/games", params={"lang": "ja"}).json()["games"]
    touge_ja = next(g for g in japanese if g["id"] == "touge")
    assert all("手" in lv["description"] for lv in touge_ja["levels"]), touge_ja["levels"]
    for g in games["games"]:
        pool = client.get(f"/api/games/{g['id']}/cards").json()
        assert pool["lang"] == g["languages"][0]
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for p in ("/api/rooms", "/api/rooms/{room}", "/api/rooms/{room}/actions", "/api/games"):
        assert p in paths
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/api/rooms/{room}/actions" in docs.text
    assert (
        "cdn" not in docs.text.lower() and "https://" not in docs.text
    )  # served by the project, offline too
    for page in ("/", "/games", "/decks", "/static/js/table.js", "/static/app.css"):
        assert client.get(page).status_code == 200


def test_a_thinking_bot_blocks_no_other_room(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from kansei.web import Config, create_app

    from .conftest import FAST

    app = create_app(Config(db=f"sqlite:///{tmp_path / 'k.db'}", bot_workers=1, bot_budget=4.0, limits=FAST))
    with TestClient(app) as c:
        slow, _ = new_room(c, "touge", ["mcts:time=4", "mcts:time=4"], seed=1)  # thinks 4 s a move
        quick, tokens = new_room(c, "touge", ["human", "human"], seed=2)
        rng = random.Random(3)
        for _ in range(8):  # a whole stretch of another room's game meanwhile
            p = c.get(f"/api/rooms/{quick}", params={"token": tokens["0"]}).json()
            t = tokens[str(p["to_move"])]
            legal = c.get(f"/api/rooms/{quick}", params={"token": t}).json()["legal"]
            assert (
                c.post(
                    f"/api/rooms/{quick}/actions", json={"token": t, "action": rng.choice(legal)}
                ).status_code
                == 200
            )
        assert c.get(f"/api/rooms/{slow}").json()["step"] == 0  # the bot is still thinking its first move


@pytest.mark.parametrize("game", GAMES)
def test_deck_builder_api(sqlite_client: TestClient, game: str) -> None:
    c = sqlite_client
    info = next(g for g in c.get("/api/games").json()["games"] if g["id"] == game)
    got = c.get(f"/api/games/{game}/decks")
    assert got.status_code == 200, got.text
    if not info["starter_decks"]:  # Mini D: racers bring no decks (they share one Event deck)
        assert got.json()["decks"] == []
        return
    deck = got.json()["decks"][0]
    assert c.post(f"/api/games/{game}/decks/check", json={"deck": deck}).json()["problems"] == []
    toml = c.post(f"/api/games/{game}/decks/export", json={"deck": deck})
    assert toml.status_code == 200 and "[cards]" in toml.text
    back = c.post(f"/api/games/{game}/decks/import", json={"text": toml.text, "filename": "d.toml"}).json()
    assert back["deck"]["cards"] == deck["cards"] and back["problems"] == []
    lines = "\n".join(f"{n} {name}" for name, n in deck["cards"].items())
    plain = c.post(f"/api/games/{game}/decks/import", json={"text": lines, "filename": "d.txt"})
    if plain.status_code == 200:
        assert plain.json()["deck"]["cards"] == deck["cards"]
    else:  # a deck that needs more than its cards (a car, mods…) is refused with a reason
        assert plain.status_code == 422 and plain.json()["detail"]
    name = next(iter(deck["cards"]))
    bad = {**deck, "cards": {**deck["cards"], name: 99}}
    problems = c.post(f"/api/games/{game}/decks/check", json={"deck": bad}).json()["problems"]
    assert problems and all("\n" not in p for p in problems)
    r = c.post(f"/api/games/{game}/decks/import", json={"text": "3 No Such Card At All", "filename": "d.txt"})
    # the reader refuses it, or reads it and the validator names the card
    assert (r.status_code == 422 and r.json()["detail"]) or any(
        "No Such Card" in p for p in r.json()["problems"]
    )
