"""Fixtures for the browser table's tests: an app on a fresh database (SQLite, or a throwaway PostgreSQL),
real server processes on free ports, and helpers to play through the API."""

from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from importlib.metadata import entry_points
from pathlib import Path

import httpx
import needs
import pytest
from fastapi.testclient import TestClient

import kansei
from kansei.web import Config, create_app
from kansei.web.limits import Limits

ROOT = Path(__file__).resolve().parents[2]
# The games a server can load: the installed plugins (a game registered in-process by another test module
# exists only in that process, not in a server's or a bot worker's).
INSTALLED = sorted({ep.name for ep in entry_points(group="kansei.games")} & set(kansei.games()))
ARTIFACTS = ROOT / "test-artifacts" / "web"
# tests play far faster than people: the flood limits are tested on their own (strict_client)
FAST = Limits(ws_rate=10_000, ws_burst=10_000, http_rate=10_000, http_burst=100_000)


def lobby_rule_id() -> re.Pattern[str]:
    """The lobby's own pattern of the rule id an option's description starts with (``static/js/lobby.js``'s
    RULE_ID, a JavaScript literal Python reads the same): what the lobby links to the rules."""
    script = ROOT / "src" / "kansei" / "web" / "static" / "js" / "lobby.js"
    found = re.search(r"const RULE_ID = /(.+)/;", script.read_text(encoding="utf-8"))
    assert found, "lobby.js no longer declares RULE_ID"
    return re.compile(found[1])


RULE_ID = lobby_rule_id()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL (scripts/pg.sh), stopped at the end of the session whatever happens."""
    needs.program("/usr/lib/postgresql/*/bin/initdb", "initdb", install="PostgreSQL: make system-deps")
    d = tempfile.mkdtemp(prefix="kansei-pg-")
    script = str(ROOT / "scripts" / "pg.sh")
    try:
        url = subprocess.run([script, "start", d], check=True, capture_output=True, text=True).stdout.strip()
        yield url
    finally:
        subprocess.run([script, "stop", d], check=False, capture_output=True)


def fresh_pg_db(url: str) -> str:
    """A new database on the throwaway server (each test module gets an empty one)."""
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"k{os.getpid()}_{random.randrange(10**9)}"
    u = make_url(url)
    with psycopg.connect(
        u.set(drivername="postgresql").render_as_string(hide_password=False), autocommit=True
    ) as c:
        c.execute(f"CREATE DATABASE {name}")
    return u.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('db') / 'kansei.db'}"
    return fresh_pg_db(request.getfixturevalue("postgres_url"))


@pytest.fixture(scope="module")
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(Config(db=db_url, bot_workers=1, bot_budget=1.0, limits=FAST))
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="module")
def sqlite_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'kansei.db'}"
    with TestClient(create_app(Config(db=db, bot_workers=1, bot_budget=1.0, limits=FAST))) as c:
        yield c


@pytest.fixture
def strict_client(tmp_path: Path) -> Iterator[TestClient]:
    """Tight limits, to see floods and oversized input refused."""
    limits = Limits(
        body_bytes=2048, ws_message_bytes=256, ws_rate=2.0, ws_burst=5, http_rate=1.0, http_burst=8
    )
    with TestClient(create_app(Config(db=f"sqlite:///{tmp_path / 'k.db'}", bots=False, limits=limits))) as c:
        yield c


def new_room(client: TestClient, game: str, seats: list, **extra: object) -> tuple[str, dict[str, str]]:
    r = client.post("/api/rooms", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["room"], body["tokens"]


def wait_for_turn(client: TestClient, room: str, token: str | None, timeout: float = 60) -> dict:
    """The payload once the token's seat must move (or the game is over); bots move meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        p = client.get(f"/api/rooms/{room}", params={"token": token} if token else {}).json()
        if p["over"] or p["legal"]:
            return p
        assert time.monotonic() < deadline, f"no move for this seat in {timeout} s: {p['to_move']}"
        time.sleep(0.02)


def eventually(predicate: Callable[[], object], what: str | Callable[[], str], timeout: float = 60) -> None:
    """Wait until ``predicate()`` holds (polling observable state, with a generous deadline)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() >= deadline:
            raise AssertionError(f"not within {timeout} s: {what() if callable(what) else what}")
        time.sleep(0.02)


def play_out(client: TestClient, room: str, token: str, rng: random.Random) -> dict:
    """Random legal moves for the token's seat until the game is over (bots answer meanwhile)."""
    while not (p := wait_for_turn(client, room, token))["over"]:
        r = client.post(f"/api/rooms/{room}/actions", json={"token": token, "action": rng.choice(p["legal"])})
        assert r.status_code == 200, r.text
    return p


class Server:
    """``kansei serve`` in a real process (killable, restartable) on a free port."""

    def __init__(
        self,
        db: str,
        port: int | None = None,
        budget: float = 1.0,
        extra: tuple[str, ...] = (),
        review: float | None = None,
    ):
        self.db, self.port, self.budget, self.extra = db, port or free_port(), budget, extra
        if review is not None:  # seconds the coach searches each move of a review (the server's 0.5)
            self.extra = ("--review-budget", str(review), *extra)
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "KANSEI_DB": self.db}
        self.proc = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("kansei")),  # the installed command, as a person runs it
                "serve",
                "--port",
                str(self.port),
                "--bot-workers",
                "1",
                "--bot-budget",
                str(self.budget),
                *self.extra,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 180  # generous: a loaded machine imports slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"server exited: {self.proc.stderr.read().decode() if self.proc.stderr else ''}"
                )
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()  # never leave a half-started server behind
        raise RuntimeError("server did not start in 180 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
