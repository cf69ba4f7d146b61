"""Issue 23, as a hostile client tries it: no option, upload or endpoint makes the server read a file a
client names, tampered replays are refused as ``kansei replay`` refuses them, every bad body gets the
documented status (never 400 or 500) and every bad frame a close code with a reason; no message quotes a
server path; a bug in one WebSocket message never ends the socket."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import kansei
from kansei.core.options import shorten
from kansei.web import Config, create_app, engine

from .conftest import FAST, INSTALLED, new_room, play_out

ROOT = Path(__file__).resolve().parents[2]
MINID = Path(kansei.load("minid").content_dir() or "")
needs_minid = pytest.mark.skipif("minid" not in INSTALLED, reason="Mini D is not installed")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path]]:
    """A server whose operator offers one content folder, ``mini`` (a copy of Mini D's)."""
    folder = tmp_path_factory.mktemp("content") / "mini"
    shutil.copytree(MINID, folder)
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'k.db'}"
    app = create_app(Config(db=db, bot_workers=1, bot_budget=1.0, limits=FAST, content={"mini": folder}))
    with TestClient(app) as c:
        yield c, folder


def no_server_path(text: str, *folders: Path) -> None:
    for path in (ROOT, Path("/tmp"), Path("/etc"), *folders):
        assert str(path) not in text, text


def room_refusal(c: TestClient, body: dict) -> tuple[int, str]:
    r = c.post("/api/rooms", json={"seats": ["human", "human"], **body})
    return r.status_code, r.text


@needs_minid
def test_a_track_is_chosen_by_name_never_by_path(served: tuple[TestClient, Path], tmp_path: Path) -> None:
    """Issue 23 §1: Mini D's track takes the content's names only; a path is refused whatever it points at
    (a valid track file, a canary, a missing file) with the same one line, so nothing is read or told."""
    c, folder = served
    canary = tmp_path / "canary.toml"
    canary.write_text('secret = "canary-value-42"\n')
    track_file = tmp_path / "track.toml"
    track_file.write_text((MINID / "tracks.toml").read_text().split("[[track]]")[0] + "[[track]]")
    for value in (str(ROOT / "pyproject.toml"), str(canary), str(track_file), "/nope/x.toml", "../etc"):
        code, text = room_refusal(c, {"game": "minid", "options": {"track": value}})
        assert code == 422 and "canary-value-42" not in text and "secret" not in text
        # the client's own text echoed (cut short), then the same answer whatever the path: no oracle
        expected = f"minid: option track={shorten(repr(value), 40)}: choose one of: akina, usui"
        assert json.loads(text)["detail"] == expected
    room, _ = new_room(c, "minid", ["human", "human"], options={"track": "Usui"})
    assert c.get(f"/api/rooms/{room}").json()["options"]["track"] == "usui"


@needs_minid
def test_content_folders_only_by_the_operators_names(served: tuple[TestClient, Path]) -> None:
    c, folder = served
    for value in ("/etc", str(folder), "/no/such/folder", "mini2", 5, ["mini"]):
        code, text = room_refusal(c, {"game": "minid", "options": {"content": value}})
        expected = f"minid: content {shorten(repr(value), 40)} is not one of this server's (mini)"
        assert code == 422 and json.loads(text)["detail"] == expected
    room, _ = new_room(c, "minid", ["human", "human"], options={"content": "mini"})
    assert c.get(f"/api/rooms/{room}").json()["options"]["content"] == "mini"
    # a game that cannot load that folder is not offered it
    code, text = room_refusal(c, {"game": "touge", "options": {"content": "mini"}})
    assert code == 422 and "none: this server plays the shipped content only" in text
    games = {g["id"]: g for g in c.get("/api/games").json()["games"]}
    assert games["minid"]["options"]["properties"]["content"]["enum"] == [None, "mini"]
    assert games["minid"]["options"]["properties"]["track"]["enum"] == ["akina", "usui"]
    assert "content" not in games["touge"]["options"]["properties"]


@needs_minid
def test_replay_uploads_are_checked_as_kansei_replay_checks_them(served: tuple[TestClient, Path]) -> None:
    """Issue 23 §1 and §7: a replay naming a track file is refused before anything is read; a tampered
    result (digest, winner) is refused, as ``kansei replay`` refuses it."""
    c, _ = served
    room, tokens = new_room(c, "minid", ["human", "random"], seed=3)
    play_out(c, room, tokens["0"], random.Random(1))
    rep = c.get(f"/api/rooms/{room}/replay").json()
    assert c.post("/api/replays", json=rep).status_code == 201
    for key, value in (("digest", "0" * 16), ("winner", 1 - (rep["result"]["winner"] or 0))):
        bad = json.loads(json.dumps(rep))
        bad["result"][key] = value
        r = c.post("/api/replays", json=bad)
        assert r.status_code == 422 and "NOT reproduced" in r.json()["detail"], r.text
    bad = {**rep, "options": {**rep["options"], "track": str(ROOT / "pyproject.toml")}}
    r = c.post("/api/replays", json=bad)
    assert r.status_code == 422 and r.json()["detail"].endswith(": choose one of: akina, usui")


def test_bot_specs_are_bounded_or_refused_naming_the_limit(served: tuple[TestClient, Path]) -> None:
    """Issue 23 §2 and §8: every agent kind is checked (OpenSpiel's too); a seed key is a 422, not a 500."""
    c, _ = served
    for spec, words in (
        ("openspiel:mcts:sims=1000000000", "limit of 20,000 iterations"),
        ("mcts:iters=1000000000", "limit of 20,000 iterations"),  # the server's limit first: it is tighter
        ("mcts:iters=1000000", "limit of 20,000 iterations"),
        ("mcts:time=3600", "limit of 1 s a move"),
        ("random:seed=1", "unknown key 'seed'"),
        ("greedy:x=1", "unknown key 'x'"),
    ):
        code, text = room_refusal(c, {"game": "touge", "seats": ["human", spec]})
        assert code == 422 and words in json.loads(text)["detail"], (spec, text)
    menu = c.get("/api/games").json()
    assert "mcts:time=2" not in {b["spec"] for b in menu["bots"]}  # over this server's 1 s
    assert menu["bot_limits"] == {"seconds": 1.0, "iterations": 20_000}


def test_no_seat_token_no_action_and_no_rematch(served: tuple[TestClient, Path]) -> None:
    """Issue 23 §6: a spectator (no token, an empty one) cannot act or open a rematch: 403."""
    c, _ = served
    room, tokens = new_room(c, "touge", ["human", "random"], seed=2)
    play_out(c, room, tokens["0"], random.Random(3))
    for body in ({"token": ""}, {}, {"token": None}):
        r = c.post(f"/api/rooms/{room}/rematch", json=body)
        assert r.status_code == 403, (body, r.text)
        r = c.post(f"/api/rooms/{room}/actions", json={**body, "action": "pass"})
        assert r.status_code == 403, (body, r.text)
    assert c.get(f"/api/rooms/{room}").json()["rematch"] is None
    assert c.post(f"/api/rooms/{room}/rematch", json={"token": tokens["0"]}).status_code == 200


BAD_BODIES = [
    (b'{"game": "touge", "seats": ["\xff\xfe"]}', "not UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nested deeper"),
    (b'{"game": "touge", "seats": ["human", "human"], "seed": ' + b"9" * 5000 + b"}", "longer than"),
    (b'{"game": "touge", "seats": ["human", "human"], "seed": NaN}', "not a JSON number"),
    (b'{"game": "touge", "seats": ["human", "human"], "seed": 1e400}', "malformed"),
    (b'{"game": "touge",', "malformed JSON"),
]


@pytest.mark.parametrize(("body", "words"), BAD_BODIES, ids=[w for _, w in BAD_BODIES])
def test_malformed_bodies_are_422_on_every_post(
    served: tuple[TestClient, Path], body: bytes, words: str
) -> None:
    """Issue 23 §8: invalid UTF-8, deep JSON, 5,000-digit numbers: 422 with one line (was 400 or 500)."""
    c, _ = served
    for path in ("/api/rooms", "/api/replays", "/api/games/touge/decks/check", "/api/rooms/x/actions"):
        r = c.post(path, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 422, (path, r.text)
        assert words in r.json()["detail"] or words == "malformed", r.text
        assert "\n" not in r.json()["detail"]


def test_oversized_bodies_are_413_chunked_or_not(strict_client: TestClient) -> None:
    """Issue 23 §8: a chunked body over the limit is 413 (was 400), like a declared one."""
    c = strict_client
    big = json.dumps({"game": "touge", "seats": ["human", "human"], "options": {"x": "y" * 5000}}).encode()

    def chunks() -> Iterator[bytes]:
        for i in range(0, len(big), 512):
            yield big[i : i + 512]

    r = c.post("/api/rooms", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    r = c.post("/api/rooms", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_odd_parameters_and_deck_data_are_422(served: tuple[TestClient, Path]) -> None:
    """Issue 23 §8: ``steps/1?seat=²`` and a deck export with a nested null were 500s."""
    c, _ = served
    room, tokens = new_room(c, "touge", ["human", "random"], seed=4)
    play_out(c, room, tokens["0"], random.Random(5))
    for seat in ("²", "٣", "-1", "1.0", "x" * 9):
        assert c.get(f"/api/rooms/{room}/steps/1", params={"seat": seat}).status_code == 422, seat
    deck = c.get("/api/games/touge/decks").json()["decks"][0]
    for bad in ({**deck, "cards": {**deck["cards"], "x": None}}, {**deck, "extra": [1, None]}):
        r = c.post("/api/games/touge/decks/export", json={"deck": bad})
        assert r.status_code in (200, 422), r.text
    r = c.post("/api/games/touge/decks/export", json={"deck": {**deck, "extra": [1, None]}})
    assert r.status_code == 422 and "null" in r.json()["detail"]


def test_deck_file_problems_never_quote_a_server_path(served: tuple[TestClient, Path]) -> None:
    c, _ = served
    for game in ("touge", "stampede", "dspirits", "initiald"):
        if game not in INSTALLED:
            continue
        for text, name in (("[cards\nx", "d.toml"), ("3 No Such Card", "d.txt"), ("x = [1,", "d.toml")):
            r = c.post(f"/api/games/{game}/decks/import", json={"text": text, "filename": name})
            assert r.status_code in (200, 422), r.text
            no_server_path(r.text)


@needs_minid
def test_the_web_reads_moves_with_the_games_own_parser(served: tuple[TestClient, Path]) -> None:
    """Issue 19 §4: Mini D's English alias (``play flat-out``), which ``game.parse`` accepts, is accepted
    over the API too (it raised AssertionError: a 500 on REST, a dead socket over WebSocket)."""
    game = kansei.load("minid")
    english = {slug: alias for alias, slug in game.table.english_slugs.items() if alias != slug}
    for seed in range(200):
        state = game.start(seed=seed, players=2)
        rng = random.Random(seed)
        while not state.is_over:
            plays = [a for a in state.legal_actions() if a.notation.split()[-1] in english]
            if plays and plays[0].notation.startswith("play "):
                alias = f"play {english[plays[0].notation.split()[-1]]}"
                action, _ = engine.apply(state, alias, state.to_move)
                assert action == plays[0]
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no game offered a card to play by its English name")


def test_websocket_frames_the_server_does_not_read_close_with_a_reason(
    served: tuple[TestClient, Path],
) -> None:
    """Issue 23 §8: a binary frame cut the socket with no close code (1006); now a code and a reason."""
    c, _ = served
    room, tokens = new_room(c, "touge", ["human", "human"], seed=7)
    with pytest.raises(WebSocketDisconnect) as e:
        with c.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as ws:
            ws.receive_json()
            ws.send_bytes(b"\x00\x01binary")
            ws.receive_json()
    assert e.value.code == 1003 and "binary" in e.value.reason
    for query in ("since=abc", "since=-1", "since=" + "9" * 40, "lang=" + "x" * 40):
        with pytest.raises(WebSocketDisconnect) as e:
            with c.websocket_connect(f"/api/rooms/{room}/ws?{query}") as ws:
                ws.receive_json()
        assert e.value.code == 4422 and e.value.reason, query
    with c.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as ws:
        ws.receive_json()
        ws.send_text("[" * 2000 + "]" * 2000)  # deep JSON text: an error message, the socket goes on
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_an_unexpected_error_in_one_message_never_ends_the_socket(
    served: tuple[TestClient, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19 §4: an exception in one message is logged, answered with an error, and the socket serves
    the next message."""
    c, _ = served
    room, tokens = new_room(c, "touge", ["human", "human"], seed=7)
    hub = c.app.state.hub
    real = hub.act
    calls = []

    def broken(*args: object, **kw: object) -> object:
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("a bug at /srv/kansei/secret.py line 3")
        return real(*args, **kw)

    monkeypatch.setattr(hub, "act", broken)
    with c.websocket_connect(f"/api/rooms/{room}/ws?token={tokens['0']}") as ws:
        p = ws.receive_json()
        ws.send_json({"type": "action", "action": "pass", "step": p["step"]})
        err = ws.receive_json()
        assert err["type"] == "error" and "internal error" in err["message"] and "/srv" not in err["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"
        if p["legal"]:  # and the next action is served
            ws.send_json({"type": "action", "action": p["legal"][0], "step": p["step"]})
            msg = ws.receive_json()
            assert msg["type"] == "state" and msg["step"] == p["step"] + 1


def test_proxy_headers_are_ignored_unless_configured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 23 §9: X-Forwarded-For from anywhere set the client's address; now only with
    ``--forwarded-allow-ips``."""
    import uvicorn
    from typer.testing import CliRunner

    from kansei.cli import app

    seen: list[dict] = []
    monkeypatch.setattr(uvicorn, "run", lambda _app, **kw: seen.append(kw))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    db = f"sqlite:///{tmp_path / 'k.db'}"
    assert runner.invoke(app, ["serve", "--db", db]).exit_code == 0
    assert runner.invoke(app, ["serve", "--db", db, "--forwarded-allow-ips", "127.0.0.1"]).exit_code == 0
    assert seen[0]["proxy_headers"] is False
    assert seen[1]["proxy_headers"] is True and seen[1]["forwarded_allow_ips"] == "127.0.0.1"
    bad = runner.invoke(app, ["serve", "--db", db, "--content", "x=/no/such/folder"])
    assert bad.exit_code != 0 and len(seen) == 2
