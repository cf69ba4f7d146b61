"""Persistence (SQLAlchemy Core): a room is its game, options, seed, decks, setup, seats and token hashes;
its actions are rows appended in the same transaction that accepts them. SQLite by default, any SQLAlchemy
URL (PostgreSQL) for a shared server; with PostgreSQL every accepted action is also a NOTIFY, so server
processes sharing the database hear each other's moves."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

CHANNEL = "kansei_moves"
DEFAULT_DB = "sqlite:///data/kansei.db"

meta = MetaData()
rooms = Table(
    "rooms",
    meta,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", String(24), nullable=False),  # 0 <= seed < 2**64 does not fit a signed BIGINT
    Column("players", Integer, nullable=False),
    Column("decks", JSON),
    Column("setup", JSON),
    Column("seats", JSON, nullable=False),  # [{"kind": "human"|"bot"|"replay", "spec", "name"}]
    Column("tokens", JSON, nullable=False),  # sha256 hex of each human seat's token, None for bots
    Column("public", Boolean, nullable=False, default=True),
    Column("steps", Integer, nullable=False, default=0),  # number of accepted actions
    Column("over", Boolean, nullable=False, default=False),
    Column("result", JSON),
    Column("bot_seed", String(24), nullable=False),
    Column("origin", String(16), nullable=False, default="play"),  # play | upload
    Column("rematch", String(32)),  # the room a rematch of this one opened
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)
actions = Table(
    "actions",
    meta,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer),
    Column("notation", String(512), nullable=False),
    Column("public", String(512), nullable=False),
    Column("at", Float, nullable=False),
)

# What happens around a game and is kept with it: chat lines, a seat's new name, a resignation, a table
# closed by its players. Not part of the game's replay (the game's own actions are).
notes = Table(
    "notes",
    meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(32), ForeignKey("rooms.id"), nullable=False, index=True),
    Column("seat", Integer),
    Column("kind", String(16), nullable=False),  # chat | name | resign | close
    Column("text", String(1024), nullable=False),
    Column("at", Float, nullable=False),
)

# The coach's review of a finished game (kansei-analysis/1, or {"error": one line}), kept with the game.
analyses = Table(
    "analyses",
    meta,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("data", JSON, nullable=False),
    Column("at", Float, nullable=False),
)
# A review being made (the coach's analysis of a finished game): which server process makes it and how far
# it has got, so every process sharing the database reports the same progress and none starts it twice.
# Gone once the review is kept (``analyses``).
reviews = Table(
    "reviews",
    meta,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("server", String(32), nullable=False),
    Column("done", Integer, nullable=False),  # actions reviewed
    Column("total", Integer, nullable=False),  # of the game's (0: not known yet)
    Column("at", Float, nullable=False),  # last word from the server making it
)


@dataclass(frozen=True)
class Review:
    """A review being made: by which server process, how far (``done`` of ``total`` actions), and when that
    server last said so (``at``, seconds since the epoch)."""

    server: str
    done: int
    total: int
    at: float

    def held_elsewhere(self, server: str, stale: float) -> bool:
        """Whether a server other than ``server`` makes it and was heard from in the last ``stale`` seconds
        (else ``server`` may make it: its own claim, or a stale one)."""
        return self.server != server and self.at > time.time() - stale


@dataclass
class RoomRow:
    id: str
    game: str
    options: dict
    seed: int
    players: int
    decks: list | None
    setup: dict | None
    seats: list[dict]
    tokens: list[str | None]
    public: bool
    steps: int
    over: bool
    result: dict | None
    bot_seed: int
    origin: str
    rematch: str | None
    created: float
    updated: float = field(default=0.0)


def _row(r: Any) -> RoomRow:
    m = dict(r._mapping)
    m["seed"] = int(m["seed"])
    m["bot_seed"] = int(m["bot_seed"])
    return RoomRow(**m)


class Stale(Exception):
    """Another request (or another server process) appended an action first."""


class Store:
    def __init__(self, url: str | None = None):
        url = url or DEFAULT_DB
        u = make_url(url)
        self.url = url
        self.is_postgres = u.get_backend_name() == "postgresql"
        if u.get_backend_name() == "sqlite" and u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        kw: dict[str, Any] = {"future": True}
        if u.get_backend_name() == "sqlite":
            kw["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kw["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kw)
        if u.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        meta.create_all(self.engine)
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()

    # -- rooms ----------------------------------------------------------------------------------
    def create_room(self, row: RoomRow) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(
                insert(rooms).values(
                    id=row.id,
                    game=row.game,
                    options=row.options,
                    seed=str(row.seed),
                    players=row.players,
                    decks=row.decks,
                    setup=row.setup,
                    seats=row.seats,
                    tokens=row.tokens,
                    public=row.public,
                    steps=0,
                    over=False,
                    result=None,
                    bot_seed=str(row.bot_seed),
                    origin=row.origin,
                    rematch=None,
                    created=now,
                    updated=now,
                )
            )

    def room(self, room_id: str) -> RoomRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(rooms).where(rooms.c.id == room_id)).first()
        return None if r is None else _row(r)

    def actions(self, room_id: str, start: int = 0) -> list[tuple[int | None, str, str]]:
        """(seat, notation, public notation) of the room's actions from ``start``, in order."""
        with self.engine.connect() as c:
            rs = c.execute(
                select(actions.c.seat, actions.c.notation, actions.c.public)
                .where(actions.c.room == room_id, actions.c.idx >= start)
                .order_by(actions.c.idx)
            ).all()
        return [(r[0], r[1], r[2]) for r in rs]

    def append(
        self,
        room_id: str,
        idx: int,
        seat: int | None,
        notation: str,
        public: str,
        over: bool,
        result: dict | None,
    ) -> None:
        """Append action ``idx`` (0-based) if the room holds exactly ``idx`` actions; else Stale."""
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(
                update(rooms)
                .where(rooms.c.id == room_id, rooms.c.steps == idx)
                .values(steps=idx + 1, over=over, result=result, updated=now)
            )
            if done.rowcount != 1:
                raise Stale(room_id)
            c.execute(
                insert(actions).values(
                    room=room_id, idx=idx, seat=seat, notation=notation, public=public, at=now
                )
            )
            if self.is_postgres:
                c.execute(text("SELECT pg_notify(:ch, :msg)"), {"ch": CHANNEL, "msg": f"{room_id} {idx + 1}"})

    def append_many(
        self, room_id: str, moves: list[tuple[int | None, str, str]], result: dict | None
    ) -> None:
        """A new room's whole history at once (an uploaded replay): one transaction, one notification."""
        if not moves:
            return
        now = time.time()
        with self.engine.begin() as c:
            c.execute(
                insert(actions),
                [
                    {"room": room_id, "idx": i, "seat": seat, "notation": n, "public": p, "at": now}
                    for i, (seat, n, p) in enumerate(moves)
                ],
            )
            c.execute(
                update(rooms)
                .where(rooms.c.id == room_id, rooms.c.steps == 0)
                .values(steps=len(moves), over=result is not None, result=result, updated=now)
            )

    def take_back(self, room_id: str, idx: int) -> bool:
        """Remove the room's last action ``idx`` (an undo) if it is still the last; False otherwise."""
        with self.engine.begin() as c:
            done = c.execute(
                update(rooms)
                .where(rooms.c.id == room_id, rooms.c.steps == idx + 1, rooms.c.over.is_(False))
                .values(steps=idx, updated=time.time())
            )
            if done.rowcount != 1:
                return False
            c.execute(actions.delete().where(actions.c.room == room_id, actions.c.idx == idx))
            if self.is_postgres:
                c.execute(text("SELECT pg_notify(:ch, :msg)"), {"ch": CHANNEL, "msg": f"{room_id} undo"})
            return True

    def set_rematch(self, room_id: str, new_id: str) -> bool:
        with self.engine.begin() as c:
            done = c.execute(
                update(rooms).where(rooms.c.id == room_id, rooms.c.rematch.is_(None)).values(rematch=new_id)
            )
            if self.is_postgres and done.rowcount == 1:
                c.execute(text("SELECT pg_notify(:ch, :msg)"), {"ch": CHANNEL, "msg": f"{room_id} rematch"})
            return done.rowcount == 1

    # -- around the game: chat, names, resignations ---------------------------------------------
    def add_note(self, room_id: str, seat: int | None, kind: str, text_: str) -> dict:
        """Keep a note with the room (and tell the other server processes); the note as stored."""
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(insert(notes).values(room=room_id, seat=seat, kind=kind, text=text_, at=now))
            key = done.inserted_primary_key
            nid = int(key[0]) if key else 0
            c.execute(update(rooms).where(rooms.c.id == room_id).values(updated=now))
            if self.is_postgres:
                c.execute(text("SELECT pg_notify(:ch, :msg)"), {"ch": CHANNEL, "msg": f"{room_id} note"})
        return {"id": nid, "seat": seat, "kind": kind, "text": text_, "at": now}

    def notes(self, room_id: str, after: int = 0, limit: int = 200) -> list[dict]:
        """The room's notes after id ``after``, oldest first (at most the last ``limit``)."""
        q = (
            select(notes.c.id, notes.c.seat, notes.c.kind, notes.c.text, notes.c.at)
            .where(notes.c.room == room_id, notes.c.id > after)
            .order_by(notes.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as c:
            rs = c.execute(q).all()
        return [{"id": r[0], "seat": r[1], "kind": r[2], "text": r[3], "at": r[4]} for r in reversed(rs)]

    def analysis(self, room_id: str) -> dict | None:
        with self.engine.connect() as c:
            r = c.execute(select(analyses.c.data).where(analyses.c.room == room_id)).first()
        return None if r is None else dict(r[0])

    def set_analysis(self, room_id: str, data: dict) -> None:
        """Keep a finished review (it is no longer being made)."""
        with self.engine.begin() as c:
            c.execute(analyses.delete().where(analyses.c.room == room_id))
            c.execute(insert(analyses).values(room=room_id, data=data, at=time.time()))
            c.execute(reviews.delete().where(reviews.c.room == room_id))

    def review(self, room_id: str) -> Review | None:
        """Who is making the review of ``room_id`` and how far it has got (None: nobody claimed it)."""
        with self.engine.connect() as c:
            return self._review(c, room_id)

    @staticmethod
    def _review(c: Any, room_id: str) -> Review | None:
        r = c.execute(
            select(reviews.c.server, reviews.c.done, reviews.c.total, reviews.c.at).where(
                reviews.c.room == room_id
            )
        ).first()
        return None if r is None else Review(str(r[0]), int(r[1]), int(r[2]), float(r[3]))

    def claim_review(self, room_id: str, server: str, stale: float) -> bool:
        """``server`` starts (or starts over) the review of ``room_id``: True unless another server made
        it and was heard from in the last ``stale`` seconds."""
        now = time.time()
        try:
            with self.engine.begin() as c:
                got = self._review(c, room_id)
                if got is None:
                    c.execute(insert(reviews).values(room=room_id, server=server, done=0, total=0, at=now))
                    return True
                if got.held_elsewhere(server, stale):
                    return False
                c.execute(
                    update(reviews)
                    .where(reviews.c.room == room_id, reviews.c.server == got.server, reviews.c.at == got.at)
                    .values(server=server, done=0, total=0, at=now)
                )
        except IntegrityError:  # another server claimed it first, at the same moment
            return False
        mine = self.review(room_id)  # the update above changes nothing if another took it meanwhile
        return mine is not None and mine.server == server

    def review_progress(self, room_id: str, server: str, done: int, total: int) -> None:
        """How far ``server``'s review of ``room_id`` has got (nothing if another server took it over)."""
        with self.engine.begin() as c:
            c.execute(
                update(reviews)
                .where(reviews.c.room == room_id, reviews.c.server == server)
                .values(done=done, total=total, at=time.time())
            )

    def set_seats(self, room_id: str, seats: list[dict]) -> None:
        with self.engine.begin() as c:
            c.execute(update(rooms).where(rooms.c.id == room_id).values(seats=seats))

    def end(self, room_id: str, steps: int, result: dict) -> bool:
        """End a room that is not over at ``steps`` actions with ``result`` (a resignation); False if it
        moved on or ended first."""
        with self.engine.begin() as c:
            done = c.execute(
                update(rooms)
                .where(rooms.c.id == room_id, rooms.c.over.is_(False), rooms.c.steps == steps)
                .values(over=True, result=result, updated=time.time())
            )
            return done.rowcount == 1

    def unlist(self, room_id: str) -> None:
        """Take a room off the public list (its players closed it, or it sat idle)."""
        with self.engine.begin() as c:
            c.execute(update(rooms).where(rooms.c.id == room_id).values(public=False))

    def listing(self, *, over: bool, limit: int = 50, since: float | None = None) -> list[RoomRow]:
        """Public rooms, being played or finished, the most recently moved first; with ``since``, only
        those that changed since then (idle tables leave the list)."""
        q = select(rooms).where(rooms.c.over == over, rooms.c.public.is_(True))
        if since is not None:
            q = q.where(rooms.c.updated >= since)
        q = q.order_by(rooms.c.updated.desc()).limit(limit)
        with self.engine.connect() as c:
            return [_row(r) for r in c.execute(q).all()]

    def unfinished(self) -> list[str]:
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(select(rooms.c.id).where(rooms.c.over.is_(False))).all()]

    def unfinished_with_bots(self) -> list[tuple[str, list[dict]]]:
        """(id, seats) of every unfinished room with a bot seat, the least recently moved first."""
        q = select(rooms.c.id, rooms.c.seats).where(rooms.c.over.is_(False)).order_by(rooms.c.updated)
        with self.engine.connect() as c:
            rows = c.execute(q).all()
        return [(r[0], r[1]) for r in rows if any(s.get("kind") == "bot" for s in r[1] or [])]

    def count(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(rooms)).scalar_one())

    # -- cross-process notifications (PostgreSQL) -------------------------------------------------
    def listen(
        self, callback: Callable[[str, str], None], on_error: Callable[[str], None] | None = None
    ) -> None:
        """Call ``callback(room_id, what)`` for every NOTIFY from any process (PostgreSQL only)."""
        if not self.is_postgres or self._listener is not None:
            return
        import psycopg

        conninfo = make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)
        ready = threading.Event()

        def run() -> None:
            while not self._stop.is_set():
                try:
                    with psycopg.connect(conninfo, autocommit=True) as conn:
                        conn.execute(f"LISTEN {CHANNEL}")
                        ready.set()
                        while not self._stop.is_set():
                            for n in conn.notifies(timeout=0.5):
                                room_id, _, what = n.payload.partition(" ")
                                try:
                                    callback(room_id, what)
                                except Exception as e:  # one room's trouble never stops the listening
                                    if on_error is not None:
                                        on_error(f"room {room_id}: {e}")
                except Exception as e:  # a dropped connection: listen again shortly
                    if on_error is not None and not self._stop.is_set():
                        on_error(f"listening to PostgreSQL: {e}")
                    ready.set()
                    self._stop.wait(0.5)

        self._listener = threading.Thread(target=run, name="kansei-listen", daemon=True)
        self._listener.start()
        ready.wait(5)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=2)
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
