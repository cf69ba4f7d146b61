"""Rooms: the games being played, held through the public protocol only.

The database is the truth (a room is its replay); each process keeps the rebuilt state of the rooms it
serves as a cache. An action is applied to a clone of the state, appended to the database under an
optimistic check (the room must still hold exactly the actions this process knows of), and only then does
the clone become the room's state: a refused action, or one that lost a race with another process, changes
nothing. Clients wait on a room; every accepted action (here, or in another process sharing a PostgreSQL
database) wakes the sockets of that room only, and each is sent the payload its own seat may see (built
once per seat, language and cursor, however many sockets share it).

**Bounded memory.** The cache holds at most ``keep`` rooms: past that, the least recently used rooms that
no socket watches leave memory, and come back from the database (their replay) when next asked for. A bot's
move is asked of the pool by the room's id only, so a room waiting for a worker holds no memory either.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import threading
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kansei.agents import parse_spec
from kansei.agents.coach import CONFIRM, coach_spec
from kansei.agents.limits import Budgeted, check_spec
from kansei.core.errors import IllegalAction, KanseiError, OptionError
from kansei.core.protocol import Game, State
from kansei.core.rng import Rng

from . import engine, tutorials
from .bots import BotJob, BotPool, Outcome
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


def clean_name(name: Any, what: str = "name") -> str:
    """A name a person typed, fit to keep: markup stays text (pages draw names as text), runs of spaces
    become one, cut to MAX_NAME characters; "" for none. A name holding control characters is refused in
    one line (nothing is kept)."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise OptionError(f"{what}: a name is text")
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise OptionError(f"{what}: a name holds no control characters (tabs, line breaks, escapes)")
    return " ".join(name.split())[:MAX_NAME].rstrip()


@dataclass(eq=False)
class Waiter:
    """One socket waiting on a room: woken (from any thread) when the room changes."""

    loop: asyncio.AbstractEventLoop
    event: asyncio.Event
    seat: int | None
    player: bool = False  # a seat's own browser watching as a spectator too (a shared screen): not counted

    def wake(self) -> None:
        self.loop.call_soon_threadsafe(self.event.set)


def replay_seat(agent: Any, i: int) -> dict[str, str]:
    """A seat of an uploaded replay from its ``agents`` entry: an agent spec (``greedy``) is kept as the
    bot it was (named like any unnamed seat), anything else is a person's name."""
    text = agent if isinstance(agent, str) else None
    if text:
        try:
            parse_spec(text)
        except KanseiError:
            pass
        else:
            return {"kind": "replay", "spec": text, "name": ""}
    return {"kind": "replay", "name": clean_name(text, f"seat {i + 1}")}


@dataclass(eq=False)
class Live:
    row: RoomRow
    game: Game
    state: State
    history: list[tuple[int | None, str, str]]  # (seat, notation, public notation)
    lock: threading.Lock = field(default_factory=threading.Lock)
    waiters: set[Waiter] = field(default_factory=set)
    online: Counter[int] = field(default_factory=Counter)  # sockets per seat
    version: int = 0  # bumped by every change a payload shows (a move, a seat online, a rematch)
    payloads: dict[tuple[int | None, str, int, bool], tuple[int, str, int]] = field(default_factory=dict)
    notes: list[dict] = field(default_factory=list)  # chat, names, resignations (the last MAX_NOTES)
    undos: int = 0  # actions taken back: a socket that saw one sends its events again from the start
    undo_checked: tuple[int, str | None] | None = None  # (step, why not) of the last action's undo check
    before: tuple[int, State] | None = None  # (its step, the state) before the last action (never changed)
    previews: dict[tuple[int, int, int], dict | None] = field(default_factory=dict)  # (step, seat, move)

    @property
    def over(self) -> bool:
        """The game ended by its rules, or the room ended around it (a resignation)."""
        return self.state.is_over or self.row.over

    @property
    def result(self) -> dict | None:
        return result_of(self.state) if self.state.is_over else self.row.result if self.row.over else None

    @property
    def spectators(self) -> int:
        """Sockets watching without a seat."""
        return sum(1 for w in self.waiters if w.seat is None and not w.player)

    @property
    def step(self) -> int:
        return len(self.history)

    def changed(self) -> None:
        """Called locked: what payloads show changed (their cache is stale)."""
        self.version += 1
        self.payloads.clear()


def start_state(game: Game, row: RoomRow) -> State:
    return game.start(seed=row.seed, players=row.players, decks=row.decks, setup=row.setup or None)


def result_of(state: State) -> dict | None:
    if not state.is_over:
        return None
    return {"winner": state.winner, "returns": state.returns()}


# The coach searches as the game's expert level does (kansei.agents.coach.coach_spec), each search capped in
# time (a spec with no time key gets the cap as its time, kansei.agents.limits): the expert's iterations on
# a quiet machine, fewer on a busy one, never a wait longer than these
HINT_SECONDS = 1.5  # one hint
ANALYSIS_PER_MOVE = 0.5  # the search at each decision of a finished game (``kansei serve --review-budget``)
ANALYSIS_SECONDS = 300.0  # the whole review, whatever the game's length
# A review another server claimed and has not spoken of for this long (stopped, or its review set aside for
# people's moves all that time) is made by whichever server is asked for it next.
REVIEW_STALE = 60.0
MAX_COACH_WORK = 100_000  # the search work of the coach's spec, far above any expert's (the server's own)
MAX_CHAT = 400  # characters of one chat line (a longer one is cut)
MAX_NOTES = 200  # notes a room keeps in memory and sends (the database keeps them all)
MAX_PREVIEWS = 256  # move previews a room keeps (those of its present step only)


def clean_chat(text: Any) -> str:
    """A chat line fit to keep: text (pages show it as text, never markup), control characters refused in
    one line (a line break is a space), runs of spaces one, cut to MAX_CHAT characters; empty is refused."""
    if not isinstance(text, str):
        raise OptionError("chat: a message is text")
    text = text.replace("\r\n", " ").replace("\n", " ")
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise OptionError("chat: a message holds no control characters")
    text = " ".join(text.split())[:MAX_CHAT].rstrip()
    if not text:
        raise OptionError("chat: an empty message")
    return text


def resign_result(game: Game, state: State, seat: int) -> dict:
    """The result of a table ``seat`` resigned from (docs/rulings.md, Engine-wide: resigning): it places
    last; the others by their standing (``game.standing``: public information only), the best first; the
    returns spread as the rules' own placings do (+1 first … −1 last)."""
    others = sorted(
        (s for s in range(state.players) if s != seat), key=lambda s: -float(game.standing(state, s))
    )
    order = [*others, seat]
    n = len(order)
    returns = [0.0] * n
    for place, s in enumerate(order):
        returns[s] = 1.0 - 2.0 * place / (n - 1) if n > 1 else 0.0
    return {"winner": order[0], "returns": returns, "resigned": seat}


def why_not_undo(live: Live) -> str | None:
    """Called locked: whether the room's last action may be taken back by its seat (None: it may)."""
    if live.undo_checked is not None and live.undo_checked[0] == live.step:
        return live.undo_checked[1]
    why: str | None
    if not live.history or live.over:
        why = "nothing to take back"
    else:
        seat, notation, _ = live.history[-1]
        if seat is None or live.row.seats[seat].get("kind") != "human":
            why = "the last move was not a person's"
        else:
            if live.before is not None and live.before[0] == live.step - 1:
                before = live.before[1]
            else:
                before = start_state(live.game, live.row)
                for s_, n_, _ in live.history[:-1]:
                    engine.apply(before, n_, s_)
            why = engine.why_not_undo(before, notation, seat)
    live.undo_checked = (live.step, why)
    return why


def has_people(seats: list[dict]) -> bool:
    return any(s.get("kind") == "human" for s in seats)


@dataclass(frozen=True)
class BotLimits:
    """What one bot move may cost (agents/limits.py): seconds and search work; and the seconds the coach
    searches each decision of a finished game's review (deeper reviews on a strong server, cheaper ones on
    a small one)."""

    seconds: float = 2.0
    iterations: int = 20_000
    review: float = ANALYSIS_PER_MOVE

    def check(self, spec: str) -> Budgeted:
        return check_spec(spec, max_seconds=self.seconds, max_iterations=self.iterations)


class Hub:
    def __init__(
        self,
        store: Store,
        limits: BotLimits | None = None,
        keep: int = 1000,
        on_error: Callable[[str], None] | None = None,
    ):
        self.store = store
        self.limits = limits or BotLimits()
        self.pool: BotPool | None = None
        self.rooms: OrderedDict[str, Live] = OrderedDict()  # the cache, least recently used first
        self.keep = keep  # rooms held in memory before unwatched ones leave it
        self._lock = threading.Lock()
        self._coach: dict[str, tuple[threading.Event, dict]] = {}  # hints being thought, by queue key
        self.server = secrets.token_hex(8)  # this process, among those sharing the database (reviews)
        self.on_error: Callable[[str], None] = on_error or (lambda msg: None)

    # -- loading ---------------------------------------------------------------------------------
    def get(self, room_id: str) -> Live:
        if not isinstance(room_id, str) or not 0 < len(room_id) <= 32:
            raise RoomError("unknown room", 404)
        with self._lock:
            live = self.rooms.get(room_id)
            if live is not None:
                self.rooms.move_to_end(room_id)
                return live
        row = self.store.room(room_id)
        if row is None:
            raise RoomError("unknown room", 404)
        game = engine.game_for(row.game, row.options)
        live = Live(row, game, start_state(game, row), [])
        self._catch_up(live)
        live.notes = self.store.notes(room_id, 0, MAX_NOTES)
        return self._hold(live)

    def _hold(self, live: Live) -> Live:
        """Keep ``live`` in the cache (or the copy another thread loaded first); evict past ``keep``."""
        with self._lock:
            held = self.rooms.setdefault(live.row.id, live)
            self.rooms.move_to_end(live.row.id)
            if len(self.rooms) > self.keep:
                self._evict()
            return held

    def _evict(self) -> None:
        """Called locked: the least recently used rooms no socket watches leave memory (the database keeps
        them), down to ``keep``."""
        excess = len(self.rooms) - self.keep
        for room_id, live in list(self.rooms.items()):
            if excess <= 0:
                break
            if not live.waiters:
                del self.rooms[room_id]
                excess -= 1

    def held(self) -> int:
        with self._lock:
            return len(self.rooms)

    def _catch_up(self, live: Live) -> bool:
        """Apply the actions other processes stored since this one last looked. True if any."""
        row = self.store.room(live.row.id) if live.history else None
        rebuilt = row is not None and row.steps < live.step
        if row is not None and rebuilt:  # another process took a move back: rebuild from the replay
            live.row, live.history = row, []
            live.state = start_state(live.game, row)
            live.undos += 1
        new = self.store.actions(live.row.id, live.step)
        if not new:
            if rebuilt:
                live.changed()
            return rebuilt
        state = live.state.clone() if live.history else live.state
        for seat, notation, public in new:
            engine.apply(state, notation, seat)
            live.history.append((seat, notation, public))
        live.state = state
        row = self.store.room(live.row.id)
        if row is not None:
            live.row = row
        live.changed()
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
            if row is not None and (row.rematch, row.over, row.seats) != (
                live.row.rematch,
                live.row.over,
                live.row.seats,
            ):
                live.row = row
                live.changed()
            last = live.notes[-1]["id"] if live.notes else 0
            new = self.store.notes(room_id, last, MAX_NOTES)
            if new:
                live.notes = (live.notes + new)[-MAX_NOTES:]
                live.changed()
        self.wake(live)  # (its bot, if one is to move, is thought by the process that took the move)

    # -- watching --------------------------------------------------------------------------------
    def watch(self, room_id: str, waiter: Waiter) -> Live:
        """Add a socket to a room (loaded if it left memory). A seat coming online wakes that room's
        sockets; a spectator wakes nobody."""
        live = self.get(room_id)
        with self._lock:  # eviction happens under this lock: a watched room stays
            live = self.rooms.setdefault(room_id, live)
            live.waiters.add(waiter)
        if waiter.seat is not None:
            with live.lock:
                live.online[waiter.seat] += 1
                first = live.online[waiter.seat] == 1
                if first:
                    live.changed()
            if first:
                self.wake(live)
        return live

    def unwatch(self, live: Live, waiter: Waiter) -> None:
        with self._lock:
            live.waiters.discard(waiter)
        if waiter.seat is not None:
            with live.lock:
                live.online[waiter.seat] -= 1
                last = live.online[waiter.seat] <= 0
                if last:
                    del live.online[waiter.seat]
                    live.changed()
            if last:
                self.wake(live)

    def wake(self, live: Live) -> None:
        for w in list(live.waiters):
            w.wake()

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
        origin: str = "play",
    ) -> tuple[Live, dict[int, str]]:
        """A new room; returns it and the token of each human seat (kept by nobody but the caller).
        ``options`` are the room's options as :func:`engine.network_options` returned them."""
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
            options=dict(options),
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
            origin=origin,
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
        live = self._hold(Live(row, game, state, []))
        self.kick(live)
        return live, issued

    def create_tutorial(self, game_id: str) -> tuple[Live, dict[int, str]]:
        """A private room playing ``game_id``'s lesson (tutorials.py) from its set-up, seed and seats."""
        options = engine.network_options(game_id, {})
        script = tutorials.script_for(engine.game_for(game_id, options))
        if script is None:
            raise RoomError(f"{game_id} has no tutorial yet: its rules are at /rules/{game_id}", 404)
        return self.create(
            game_id,
            options,
            list(script.seats),
            script.seed,
            None,
            script.setup,
            False,
            origin=tutorials.ORIGIN,
        )

    def script_of(self, live: Live) -> tutorials.Script | None:
        """The lesson a tutorial room follows (None: any other room)."""
        return tutorials.script_for(live.game) if live.row.origin == tutorials.ORIGIN else None

    def _seat(self, i: int, s: Any) -> dict:
        if isinstance(s, str):
            s = {"kind": "human"} if s.strip().lower() == "human" else {"kind": "bot", "spec": s}
        if not isinstance(s, dict):
            raise OptionError(
                f"seat {i}: 'human', an agent spec (random, greedy, mcts:iters=200) or an object"
            )
        kind = s.get("kind", "bot" if s.get("spec") else "human")
        if kind == "human":
            return {"kind": "human", "name": clean_name(s.get("name"), f"seat {i + 1}")}
        if kind != "bot":
            raise OptionError(f"seat {i}: kind must be human or bot")
        spec = str(s.get("spec") or "").strip()
        if not spec:
            raise OptionError(f"seat {i}: a bot needs an agent spec (random, greedy, mcts:iters=200)")
        self.limits.check(spec[:200])  # one line naming the limit, the valid agents or keys
        return {"kind": "bot", "spec": spec, "name": clean_name(s.get("name"), f"seat {i + 1}")}

    def create_replay(self, replay: dict) -> Live:
        """Store an uploaded kansei-replay/1 (already checked: it re-runs to its recorded result) as a
        finished room (no tokens) and return it."""
        options = engine.network_options(replay["game"], replay.get("options") or {})
        game = engine.game_for(replay["game"], options)
        players = int(replay.get("players") or game.min_players)
        row = RoomRow(
            id=secrets.token_urlsafe(9),
            game=replay["game"],
            options=options,
            seed=int(replay.get("seed", 0)),
            players=players,
            decks=replay.get("decks"),
            setup=replay.get("setup") or None,
            seats=[
                replay_seat(n, i) for i, n in enumerate((replay.get("agents") or [None] * players)[:players])
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
            row.seats.append({"kind": "replay", "name": ""})
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
        self.store.append_many(
            row.id, [(seat, notation, public) for seat, notation, public in history], result_of(state)
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

    def act(
        self,
        room_id: str,
        seat: int | None,
        notation: str,
        expect: int | None = None,
        lang: str | None = None,
    ) -> Live:
        """Apply ``notation`` as ``seat`` (``expect``: the step the client saw); a refusal in ``lang``."""
        if seat is None:
            raise RoomError("a seat token is required to act", 403)
        live = self.get(room_id)
        with live.lock:
            if expect is not None and expect != live.step:
                self._catch_up(live)
                if expect != live.step:
                    raise RoomError(
                        f"stale: the game is at step {live.step}, you acted on step {expect}", 409
                    )
            if live.over:
                raise RoomError("the game is over", 409)
            state = live.state.clone()
            action, public = engine.apply(state, notation, seat, lang)  # IllegalAction: nothing changed
            script = self.script_of(live)
            n = tutorials.step_no(script, live.history) if script is not None else None
            if script is not None and n is not None and seat == script.learner:
                why = tutorials.off_script(live.game, live.state, action, script.steps[n], n)
                if why is not None:
                    raise RoomError(why)  # the lesson's order (a 400): nothing applied, nothing stored
            idx = live.step
            try:
                self.store.append(
                    room_id, idx, seat, action.notation, public, state.is_over, result_of(state)
                )
            except Stale:
                self._catch_up(live)
                self.wake(live)
                raise RoomError("stale: another move was made first; your view is refreshed", 409) from None
            live.before = (live.step, live.state)
            live.state = state
            live.history.append((seat, action.notation, public))
            live.row.steps = live.step
            live.row.over = state.is_over
            live.row.result = result_of(state)
            live.changed()
        self.wake(live)
        self.kick(live)
        return live

    # -- around the game -------------------------------------------------------------------------
    def note(self, live: Live, seat: int | None, kind: str, text: str) -> dict:
        """Keep a note with the room and show it to every socket."""
        n = self.store.add_note(live.row.id, seat, kind, text)
        with live.lock:
            live.notes = (live.notes + [n])[-MAX_NOTES:]
            live.changed()
        self.wake(live)
        return n

    def chat(self, room_id: str, seat: int | None, text: Any) -> dict:
        """A chat line from a seated player (spectators read the chat; they do not write in it)."""
        if seat is None:
            raise RoomError("only the table's players write in its chat", 403)
        live = self.get(room_id)
        return self.note(live, seat, "chat", clean_chat(text))

    def rename(self, room_id: str, seat: int | None, name: Any) -> Live:
        """A person names their own seat (an invitee, or anyone changing theirs)."""
        if seat is None:
            raise RoomError("a seat token is required to name a seat", 403)
        live = self.get(room_id)
        if live.row.seats[seat].get("kind") != "human":
            raise RoomError("only a person's seat takes a name", 409)
        text = clean_name(name, "name")
        with live.lock:
            seats = [dict(s) for s in live.row.seats]
            seats[seat]["name"] = text
            self.store.set_seats(room_id, seats)
            live.row.seats = seats
            live.changed()
        self.note(live, seat, "name", text)
        return live

    def resign(self, room_id: str, seat: int | None) -> Live:
        """``seat`` gives up: the table ends (the result of ``resign_result``), nothing else changes."""
        if seat is None:
            raise RoomError("a seat token is required to resign", 403)
        live = self.get(room_id)
        with live.lock:
            if live.over:
                raise RoomError("the game is over", 409)
            result = resign_result(live.game, live.state, seat)
            if not self.store.end(room_id, live.step, result):
                self._catch_up(live)
                raise RoomError("stale: the game moved on; look again and resign if you still wish", 409)
            live.row.over, live.row.result = True, result
            live.changed()
        self.note(live, seat, "resign", "")
        return live

    def close(self, room_id: str, seat: int | None) -> Live:
        """A player takes the table off the public list (a finished or abandoned game)."""
        if seat is None:
            raise RoomError("a seat token is required to close a table", 403)
        live = self.get(room_id)
        self.store.unlist(room_id)
        with live.lock:
            live.row.public = False
            live.changed()
        self.note(live, seat, "close", "")
        return live

    def undo_check(self, room_id: str, seat: int | None) -> dict:
        """Whether ``seat`` may take its last action back now, and if not why (asked by a client after
        its own move: the check replays worlds, so it is made on request, once per step)."""
        live = self.get(room_id)
        with live.lock:
            if seat is None or not live.history or live.history[-1][0] != seat or live.over:
                return {
                    "undo": False,
                    "why": "only your own last move can be taken back, before anyone else acts",
                }
            why = why_not_undo(live)
        return {"undo": why is None, "why": why, "step": live.step}

    def preview(self, room_id: str, seat: int | None, move: int, step: int) -> dict:
        """What ``seat`` (to move) would see after the ``move``-th of its moves (``payload.moves``) at
        ``step``: ``{"step", "move", "preview"}``, the preview ``{"view": …}`` when the view after it depends
        on no luck and nothing hidden (``engine.preview``), else null. Made on request (it replays worlds),
        once per step, seat and move."""
        if seat is None:
            raise RoomError("a seat token is required to preview a move", 403)
        live = self.get(room_id)
        with live.lock:
            if step != live.step:
                raise RoomError(f"stale: the game is at step {live.step}, you asked about step {step}", 409)
            if live.over or live.state.to_move != seat:
                raise RoomError("it is not your move", 409)
            state = live.state  # never changed once published: read outside the lock
            legal = state.legal_actions()
            key = (step, seat, move)
            known = key in live.previews
            hit = live.previews.get(key)
        if not 0 <= move < len(legal):
            raise RoomError(
                f"move must be the index of one of your {len(legal)} moves (0 to {len(legal) - 1})"
            )
        if not known:
            view = engine.preview(state, legal[move], seat)
            hit = None if view is None else {"view": view}
            with live.lock:
                if live.step == step:
                    if len(live.previews) >= MAX_PREVIEWS or any(k[0] != step for k in live.previews):
                        live.previews.clear()
                    live.previews[key] = hit
        return {"step": step, "move": move, "preview": hit}

    def undo(self, room_id: str, seat: int | None) -> Live:
        """``seat`` takes back its last action, if nobody acted since and the rules allow it (see
        ``engine.why_not_undo``); refused in one line otherwise, nothing changed."""
        if seat is None:
            raise RoomError("a seat token is required to take a move back", 403)
        live = self.get(room_id)
        with live.lock:
            if not live.history or live.history[-1][0] != seat:
                raise RoomError("only your own last move can be taken back, before anyone else acts", 409)
            why = why_not_undo(live)
            if why is not None:
                raise RoomError(f"that move cannot be taken back: {why}", 409)
            idx = live.step - 1
            if not self.store.take_back(room_id, idx):
                self._catch_up(live)
                raise RoomError("stale: the game moved on; your view is refreshed", 409)
            state = start_state(live.game, live.row)
            for s_, n_, _ in live.history[:-1]:
                engine.apply(state, n_, s_)
            live.state = state
            live.history.pop()
            live.row.steps = live.step
            live.undos += 1
            live.changed()
        self.note(live, seat, "undo", "")
        return live

    def rematched(self, live: Live, new_id: str) -> None:
        with live.lock:
            live.row.rematch = new_id
            live.changed()
        self.wake(live)

    # -- bots ------------------------------------------------------------------------------------
    def bot_to_move(self, live: Live) -> int | None:
        state = live.state
        seat = None if live.over else state.to_move
        if seat is None or seat >= len(live.row.seats) or live.row.seats[seat]["kind"] != "bot":
            return None
        return seat

    def kick(self, live: Live) -> None:
        """If a bot is to move, ask the worker pool for its move (the pool asks once per room)."""
        if self.pool is not None and self.bot_to_move(live) is not None:
            self.pool.request(live.row.id, has_people(live.row.seats))

    # -- the coach (kansei.agents.coach), in the bot pool ------------------------------------------
    def hints_allowed(self, live: Live) -> bool:
        """Hints at a table with a bot (off between people: nobody gets a stronger partner unasked)."""
        return any(s.get("kind") == "bot" for s in live.row.seats)

    def ask_hint(self, room_id: str, seat: int | None, lang: str, wait: float | None = None) -> dict:
        """The coach's suggestion to ``seat`` (to move), from its information only, thought in the pool;
        waits for it (a 503 if no worker answered in time)."""
        if seat is None:
            raise RoomError("a seat token is required to ask for a hint", 403)
        live = self.get(room_id)
        if not self.hints_allowed(live):
            raise RoomError("hints are off at a table of people only", 409)
        with live.lock:
            if live.over:
                raise RoomError("the game is over", 409)
            if live.state.to_move != seat:
                raise RoomError("a hint is for the seat to move", 409)
            step = live.step
        if self.pool is None:
            raise RoomError("this server thinks no bot moves (no coach either)", 409)
        key = f"{room_id}~hint~{seat}~{step}"
        with self._lock:
            waiting = self._coach.setdefault(key, (threading.Event(), {}))
        self.pool.request(key, True)
        if not waiting[0].wait(wait if wait is not None else HINT_SECONDS + 15):
            raise RoomError("the coach did not answer in time: try again", 503)
        with self._lock:
            self._coach.pop(key, None)
        answer = waiting[1]
        if "error" in answer:
            raise RoomError(f"no hint: {answer['error']}", 503)
        move = next((a for a in live.state.legal_actions() if a.notation == answer["move"]), None)
        if move is None or live.step != step:
            raise RoomError("stale: the game moved on while the coach thought", 409)
        names = live.game.names([s.get("name") or None for s in live.row.seats], lang)
        return {**answer, "text": engine.describe(live.game, live.state, move, lang, names)}

    def analysis(self, room_id: str, lang: str | None = None) -> dict:
        """The coach's review of a finished game: kept with the game once made; asked of the pool (bot-only
        priority: it waits for every person's move) the first time anyone looks. Each reviewed move comes
        with the game's own words for the move played and the one the coach preferred (``played_text``,
        ``best_text``), in ``lang``, with the table's names."""
        live = self.get(room_id)
        if not live.over:
            raise RoomError("a game is analysed once it is over", 409)
        stored = self.store.analysis(room_id)
        if stored is not None:
            if "error" in stored:
                return {"status": "error", **stored}
            return {"status": "ready", **self._worded(live, stored, lang)}
        going = self.store.review(room_id)  # made here or by another server sharing the database
        if going is None or not going.held_elsewhere(self.server, REVIEW_STALE):
            if self.pool is None:
                raise RoomError("this server thinks no bot moves (no coach either)", 409)
            self.pool.request(f"{room_id}~analysis", False)
        if going is None or going.total == 0:  # in line (again, when set aside for a person's move)
            return {"status": "queued"}
        return {"status": "thinking", "done": going.done, "total": going.total}

    def coach_progress(self, job: BotJob, done: int, total: int) -> None:
        """The pool's word on a review being made (``done`` of the game's ``total`` actions reviewed; 0 of
        0: set aside for a person's move, to start over), kept where every server reads it."""
        if job.kind == "analysis":
            self.store.review_progress(job.room.split("~")[0], self.server, done, total)

    def _worded(self, live: Live, data: dict, lang: str | None) -> dict:
        game = live.game
        lang = lang if lang in engine.languages(game) else engine.languages(game)[0]
        # a review is read by anyone: every player by name, nobody "you"
        names = engine.table_names(game, [s.get("name") or None for s in live.row.seats], lang, hot_seat=True)
        at = {int(m["ply"]): m for m in data.get("moves", [])}
        state = start_state(game, live.row)
        moves = []
        for ply, (seat, notation, _) in enumerate(live.history):
            m = at.get(ply)
            if m is not None:
                words = {}
                for key in ("played", "best"):
                    try:
                        words[f"{key}_text"] = engine.describe(
                            game, state, game.parse(state, m[key]), lang, names
                        )
                    except KanseiError:
                        words[f"{key}_text"] = ""
                moves.append({**m, **words})
            engine.apply(state, notation, seat)
        return {**data, "moves": moves}

    def coach_job(self, key: str) -> BotJob | None:
        room_id, kind, *rest = key.split("~")
        live = self.get(room_id)
        with live.lock:
            row, step = live.row, live.step
            actions = tuple((s, n) for s, n, _ in live.history)
        if kind == "hint":
            seat = int(rest[0])
            if step != int(rest[1]) or live.over:
                return None
            cap, seconds = HINT_SECONDS, HINT_SECONDS
        else:
            if self.store.analysis(room_id) is not None:  # asked again while it was made (the page polls)
                return None
            if not self.store.claim_review(room_id, self.server, REVIEW_STALE):
                return None  # another server is making it
            seat = 0
            cap = self.limits.review
            # a search at every decision, a second look of CONFIRM times that at each move it faults (every
            # move of the weakest player may be), and a little more for the replay between
            seconds = min(ANALYSIS_SECONDS, 10 + cap * (1.5 + CONFIRM) * len(actions))
        spec = check_spec(coach_spec(live.game), max_seconds=cap, max_iterations=MAX_COACH_WORK).spec
        return BotJob(
            room=key,
            game=row.game,
            options=row.options,
            seed=row.seed,
            players=row.players,
            decks=row.decks,
            setup=row.setup,
            step=step,
            actions=actions,
            spec=spec,
            seconds=seconds,
            seat=seat,
            agent_seed=(row.bot_seed * 7_919 + step) % 2**63,
            kind="hint" if kind == "hint" else "analysis",
        )

    def coach_done(self, job: BotJob, outcome: Outcome, text: str) -> None:
        try:
            answer = json.loads(text) if outcome == "move" else None
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            why = {"over": "it took longer than this server allows", "lost": "its worker was lost"}
            answer = {"error": why.get(outcome, text or "the coach failed")}
        if job.kind == "hint":
            with self._lock:
                waiting = self._coach.get(job.room)
            if waiting is not None:
                waiting[1].update(answer)
                waiting[0].set()
            return
        room_id = job.room.split("~")[0]
        self.store.set_analysis(room_id, answer)
        try:
            live = self.get(room_id)
        except KanseiError:
            return
        with live.lock:
            live.changed()
        self.wake(live)

    def bot_job(self, room_id: str) -> BotJob | None:
        """The pool's question: what should the bot of ``room_id`` think about now (None: nothing)?"""
        if "~" in room_id:  # the coach's work, queued under its own key
            try:
                return self.coach_job(room_id)
            except (KanseiError, ValueError) as e:
                self.on_error(f"coach job {room_id}: {engine.one_line(e)}")
                return None
        try:
            live = self.get(room_id)
        except KanseiError as e:
            self.on_error(f"room {room_id} could not be loaded for its bot: {engine.one_line(e)}")
            return None
        with live.lock:
            seat = self.bot_to_move(live)
            if seat is None:
                return None
            row, step = live.row, live.step
            actions = tuple((s, n) for s, n, _ in live.history)
        try:
            budget = self.limits.check(row.seats[seat]["spec"])
        except KanseiError as e:  # a spec stored under other limits: the fallback plays for it
            self.on_error(f"room {room_id}: bot spec refused now ({engine.one_line(e)})")
            budget = Budgeted("random", "random", self.limits.seconds, timed=False)
        return BotJob(
            room=row.id,
            game=row.game,
            options=row.options,
            seed=row.seed,
            players=row.players,
            decks=row.decks,
            setup=row.setup,
            step=step,
            actions=actions,
            spec=budget.spec,
            seconds=budget.seconds,
            seat=seat,
            agent_seed=(row.bot_seed * 1_000_003 + step) % 2**63,
        )

    def bot_done(self, job: BotJob, outcome: Outcome, text: str) -> None:
        """The pool's answer: the bot's move, or (over its budget, failed) a legal move played for it, so
        a room never stalls."""
        if job.kind != "move":
            self.coach_done(job, outcome, text)
            return
        notation = text if outcome == "move" else None
        if notation is None:
            why = {"over": "over its budget", "lost": "its worker was lost"}.get(outcome, f"failed ({text})")
            self.on_error(f"room {job.room}: bot {why} at step {job.step}; a random legal move is played")
            live = self.get(job.room)
            with live.lock:
                if live.step != job.step or live.over:
                    return
                legal = live.state.legal_actions()
                notation = legal[Rng(job.agent_seed).below(len(legal))].notation
        try:
            self.act(job.room, job.seat, notation, expect=job.step)
        except KanseiError:
            pass  # another process (or a person's undo of a stale view) moved first

    def resume(self) -> int:
        """After a (re)start: ask the pool for every unfinished room with a bot (loaded when a worker is
        free, not now: a restart does not bring every room into memory)."""
        if self.pool is None:
            return 0
        n = 0
        for room_id, seats in self.store.unfinished_with_bots():
            self.pool.request(room_id, has_people(seats))
            n += 1
        return n


def payload_text(payload: dict[str, Any]) -> str:
    return json.dumps({"type": "state", **payload}, ensure_ascii=False, separators=(",", ":"))
