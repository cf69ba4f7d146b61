"""Rooms: the games being played, held through the public protocol only.

The database is the truth (a room is its replay); each process keeps the rebuilt state of the rooms it
serves as a cache. An action is applied to a clone of the state, appended to the database under an
optimistic check (the room must still hold exactly the actions this process knows of), and only then does
the clone become the room's state: a refused action, or one that lost a race with another process, changes
nothing. Clients wait on a room; every accepted action (here, or in another process sharing a PostgreSQL
database) wakes them and each builds the payload its own seat may see.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import random
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from kansei.core.errors import IllegalAction, KanseiError, OptionError
from kansei.core.protocol import Game, State

from . import engine
from .bots import BotJob, BotPool, capped_spec
from .db import RoomRow, Stale, Store

MAX_NAME = 24


class RoomError(KanseiError):
    """A request about a room that cannot be served (unknown room, bad token): one line, HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def clean_name(name: Any, fallback: str) -> str:
    text = " ".join(str(name or "").split())[:MAX_NAME]
    return text or fallback


@dataclass(eq=False)
class Waiter:
    loop: asyncio.AbstractEventLoop
    event: asyncio.Event
    seat: int | None

    def wake(self) -> None:
        self.loop.call_soon_threadsafe(self.event.set)


@dataclass(eq=False)
class Live:
    row: RoomRow
    game: Game
    state: State
    history: list[tuple[int | None, str, str]]  # (seat, notation, public notation)
    lock: threading.Lock = field(default_factory=threading.Lock)
    waiters: set[Waiter] = field(default_factory=set)
    bot_pending: int = -1  # the step a bot job was sent for

    @property
    def step(self) -> int:
        return len(self.history)


def start_state(game: Game, row: RoomRow) -> State:
    return game.start(seed=row.seed, players=row.players, decks=row.decks, setup=row.setup or None)


def result_of(state: State) -> dict | None:
    if not state.is_over:
        return None
    return {"winner": state.winner, "returns": state.returns()}


class Hub:
    def __init__(self, store: Store, pool: BotPool | None, bot_budget: float = 2.0, bot_grace: float = 10.0):
        self.store = store
        self.pool = pool
        self.bot_budget = bot_budget
        self.bot_grace = bot_grace
        self.rooms: dict[str, Live] = {}
        self.keep = 2000  # rooms held in memory before finished, unwatched ones are dropped
        self._lock = threading.Lock()
        self.on_error: Callable[[str], None] = lambda msg: None

    # -- loading ---------------------------------------------------------------------------------
    def get(self, room_id: str) -> Live:
        if not isinstance(room_id, str) or not 0 < len(room_id) <= 32:
            raise RoomError("unknown room", 404)
        with self._lock:
            live = self.rooms.get(room_id)
        if live is not None:
            return live
        row = self.store.room(room_id)
        if row is None:
            raise RoomError("unknown room", 404)
        game = engine.game_for(row.game, row.options)
        state = start_state(game, row)
        live = Live(row, game, state, [])
        self._catch_up(live)
        with self._lock:
            if len(self.rooms) >= self.keep:
                self._forget()
            return self.rooms.setdefault(room_id, live)

    def _forget(self) -> None:
        """Drop finished rooms nobody watches from the cache (the database keeps them; called locked)."""
        for room_id, live in list(self.rooms.items()):
            if live.state.is_over and not live.waiters:
                del self.rooms[room_id]

    def _catch_up(self, live: Live) -> bool:
        """Apply the actions other processes stored since this one last looked. True if any."""
        new = self.store.actions(live.row.id, live.step)
        if not new:
            return False
        state = live.state.clone() if live.history else live.state
        for seat, notation, public in new:
            engine.apply(state, notation, seat)
            live.history.append((seat, notation, public))
        live.state = state
        row = self.store.room(live.row.id)
        if row is not None:
            live.row = row
        return True

    def refresh(self, room_id: str) -> None:
        """Another process changed the room: catch up and wake this process's clients."""
        with self._lock:
            live = self.rooms.get(room_id)
        if live is None:
            return
        with live.lock:
            self._catch_up(live)
            row = self.store.room(room_id)
            if row is not None:
                live.row = row
        self.wake(live)

    # -- creating --------------------------------------------------------------------------------
    def create(
        self,
        game_id: str,
        options: dict,
        seats: list[Any],
        seed: int | None = None,
        decks: list | None = None,
        setup: dict | None = None,
        public: bool = True,
        tokens: list[str | None] | None = None,
    ) -> tuple[Live, dict[int, str]]:
        """A new room; returns it and the token of each human seat (kept by nobody but the caller)."""
        if not isinstance(options, dict):
            raise OptionError("options must be an object of option: value")
        game = engine.game_for(game_id, options)
        if not isinstance(seats, list) or not seats:
            raise OptionError(
                f"seats must be a list, one entry per seat ({game.min_players}–{game.max_players})"
            )
        plan = [self._seat(i, s) for i, s in enumerate(seats)]
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise OptionError("seed must be an integer, 0 <= seed < 2**64")
        row = RoomRow(
            id=secrets.token_urlsafe(9),
            game=game_id,
            options=game.options_dict,
            seed=seed,
            players=len(plan),
            decks=decks,
            setup=setup or None,
            seats=plan,
            tokens=[None] * len(plan),
            public=bool(public),
            steps=0,
            over=False,
            result=None,
            bot_seed=secrets.randbits(63),
            origin="play",
            rematch=None,
            created=0.0,
        )
        state = start_state(game, row)  # validates players, decks and setup before anything is stored
        issued: dict[int, str] = {}
        for i, s in enumerate(plan):
            if s["kind"] == "human":
                if tokens is not None and tokens[i] is not None:
                    row.tokens[i] = tokens[i]  # a rematch: the same seats keep their tokens
                else:
                    issued[i] = new_token()
                    row.tokens[i] = token_hash(issued[i])
        self.store.create_room(row)
        live = Live(row, game, state, [])
        with self._lock:
            self.rooms[row.id] = live
        self.kick(live)
        return live, issued

    def _seat(self, i: int, s: Any) -> dict:
        if isinstance(s, str):
            s = {"kind": "human"} if s.strip().lower() == "human" else {"kind": "bot", "spec": s}
        if not isinstance(s, dict):
            raise OptionError(
                f"seat {i}: 'human', an agent spec (random, greedy, mcts:iters=200) or an object"
            )
        kind = s.get("kind", "bot" if s.get("spec") else "human")
        if kind == "human":
            return {"kind": "human", "name": clean_name(s.get("name"), f"Player {i + 1}")}
        if kind != "bot":
            raise OptionError(f"seat {i}: kind must be human or bot")
        spec = str(s.get("spec") or "")[:120]
        capped_spec(spec, self.bot_budget)  # validates the spec: one line listing the valid agents/keys
        return {"kind": "bot", "spec": spec.strip(), "name": clean_name(s.get("name"), spec.strip())}

    def create_replay(self, replay: dict) -> Live:
        """Store an uploaded kansei-replay/1 as a finished room (no tokens) and return it."""
        game = engine.game_for(replay["game"], replay.get("options") or {})
        players = int(replay.get("players") or game.min_players)
        row = RoomRow(
            id=secrets.token_urlsafe(9),
            game=replay["game"],
            options=game.options_dict,
            seed=int(replay.get("seed", 0)),
            players=players,
            decks=replay.get("decks"),
            setup=replay.get("setup") or None,
            seats=[
                {"kind": "replay", "name": clean_name(n, f"Seat {i + 1}")}
                for i, n in enumerate((replay.get("agents") or [None] * players)[:players])
            ],
            tokens=[None] * players,
            public=False,
            steps=0,
            over=False,
            result=None,
            bot_seed=0,
            origin="upload",
            rematch=None,
            created=0.0,
        )
        while len(row.seats) < players:
            row.seats.append({"kind": "replay", "name": f"Seat {len(row.seats) + 1}"})
        state = start_state(game, row)
        history: list[tuple[int | None, str, str]] = []
        for i, text in enumerate(replay.get("actions") or []):
            seat = state.to_move
            try:
                action, public = engine.apply(state, text, seat)
            except IllegalAction as e:
                raise OptionError(f"replay action {i + 1} {str(text)[:60]!r}: {e}") from None
            history.append((seat, action.notation, public))
        self.store.create_room(row)
        for i, (seat, notation, public) in enumerate(history):
            last = i == len(history) - 1
            self.store.append(
                row.id, i, seat, notation, public, last and state.is_over, result_of(state) if last else None
            )
        return self.get(row.id)

    # -- acting ----------------------------------------------------------------------------------
    def seat_of(self, live: Live, token: str | None) -> int | None:
        """The seat a token holds (None: no token, a spectator). A token that holds no seat: 403."""
        if not token:
            return None
        h = token_hash(str(token)[:200])
        for i, t in enumerate(live.row.tokens):
            if t is not None and hmac.compare_digest(t, h):
                return i
        raise RoomError("this token holds no seat in this room", 403)

    def act(self, room_id: str, seat: int | None, notation: str, expect: int | None = None) -> Live:
        live = self.get(room_id)
        with live.lock:
            if expect is not None and expect != live.step:
                self._catch_up(live)
                if expect != live.step:
                    raise RoomError(
                        f"stale: the game is at step {live.step}, you acted on step {expect}", 409
                    )
            if seat is None:
                raise RoomError("a seat token is required to act", 403)
            if live.state.is_over:
                raise RoomError("the game is over", 409)
            state = live.state.clone()
            action, public = engine.apply(state, notation, seat)  # IllegalAction: nothing changed
            idx = live.step
            try:
                self.store.append(
                    room_id, idx, seat, action.notation, public, state.is_over, result_of(state)
                )
            except Stale:
                self._catch_up(live)
                self.wake(live)
                raise RoomError("stale: another move was made first; your view is refreshed", 409) from None
            live.state = state
            live.history.append((seat, action.notation, public))
            live.row.steps = live.step
            live.row.over = state.is_over
            live.row.result = result_of(state)
        self.wake(live)
        self.kick(live)
        return live

    def wake(self, live: Live) -> None:
        for w in list(live.waiters):
            w.wake()

    # -- bots ------------------------------------------------------------------------------------
    def kick(self, live: Live) -> None:
        """If a bot is to move, send the move to the worker pool (once per step)."""
        state = live.state
        if self.pool is None or state.is_over:
            return
        seat = state.to_move
        if seat is None or seat >= len(live.row.seats) or live.row.seats[seat]["kind"] != "bot":
            return
        with live.lock:
            if live.bot_pending == live.step:
                return
            live.bot_pending = step = live.step
        spec = capped_spec(live.row.seats[seat]["spec"], self.bot_budget)
        job = BotJob(
            room=live.row,
            step=step,
            actions=tuple((s, n) for s, n, _ in live.history),
            spec=spec,
            seat=seat,
            agent_seed=(live.row.bot_seed * 1_000_003 + step) % 2**63,
        )
        fut = self.pool.submit(job)
        timer = threading.Timer(
            self.bot_budget + self.bot_grace, self._bot_timeout, (live.row.id, step, seat)
        )
        timer.daemon = True
        timer.start()
        fut.add_done_callback(lambda f: self._bot_done(f, timer, live.row.id, step, seat))

    def _bot_done(
        self, fut: Future[tuple[str, int, str]], timer: threading.Timer, room_id: str, step: int, seat: int
    ) -> None:
        timer.cancel()
        try:
            _, _, notation = fut.result()
        except Exception as e:  # the bot could not move: a random legal move, so the room never stalls
            self.on_error(f"room {room_id}: bot move failed ({e}); playing a random legal move")
            self._bot_fallback(room_id, step, seat)
            return
        self._bot_apply(room_id, step, seat, notation)

    def _bot_timeout(self, room_id: str, step: int, seat: int) -> None:
        self.on_error(f"room {room_id}: bot over its budget at step {step}; playing a random legal move")
        self._bot_fallback(room_id, step, seat)

    def _bot_fallback(self, room_id: str, step: int, seat: int) -> None:
        live = self.rooms.get(room_id)
        if live is not None and live.step == step and not live.state.is_over:
            self._bot_apply(room_id, step, seat, random.choice(live.state.legal_actions()).notation)

    def _bot_apply(self, room_id: str, step: int, seat: int, notation: str) -> None:
        try:
            self.act(room_id, seat, notation, expect=step)
        except (RoomError, KanseiError):
            pass  # another process (or the fallback) moved first
        except Exception as e:  # never let a bot thread die silently
            self.on_error(f"room {room_id}: bot move not applied: {e}")

    def resume(self) -> int:
        """After a (re)start: load every unfinished room whose seat to move is a bot and kick it."""
        n = 0
        for room_id in self.store.unfinished():
            try:
                live = self.get(room_id)
            except KanseiError as e:
                self.on_error(f"room {room_id} could not be resumed: {e}")
                continue
            self.kick(live)
            n += 1
        return n
