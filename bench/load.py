"""Load test of the browser table with locust (headless, bounded in time, loopback only; not a test, not in
CI): N rooms at once over WebSocket, half a person against a bot (greedy), half two people, on a throwaway
PostgreSQL behind one or two ``kansei serve`` processes (with two, a two-people room has one seat on each
server, so every move crosses processes through PostgreSQL's NOTIFY). Optionally B bot-only rooms think
their whole budget meanwhile (the fair pool: a person's bot must still answer with its own move).

Each locust user is one room: it creates it, plays its people's seats by WebSocket (a random legal move as
soon as a seat's payload says it is its move) and starts another room when the game ends, so N rooms stay
open. Reported: moves/s, the latency of a move (sent -> the new state back on the same socket, p50/p99), a
bot's reply to a person (the person's move -> the bot's move seen), the servers' memory (their processes and
bot workers, RSS), errors, and how often a bot's move was played for it (over its budget).

    python bench/load.py --rooms 200 --servers 1 --seconds 60 [--bot-only 50 --people-only 0] [--game touge]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import gevent
import websocket
from locust import User, events, task
from locust.env import Environment
from locust.exception import StopUser

ROOT = Path(__file__).resolve().parents[1]
KANSEI = str(Path(sys.executable).with_name("kansei"))
SERVERS: list[str] = []
GAME = "touge"
PEOPLE_ONLY = 0.5  # the share of rooms with two people (the others: a person against greedy)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fire(name: str, started: float, error: Exception | None = None, length: int = 0) -> None:
    events.request.fire(
        request_type="WS",
        name=name,
        response_time=(time.perf_counter() - started) * 1000,
        response_length=length,
        exception=error,
        context={},
    )


class Room(User):
    """One room at a time: a person against greedy, or two people (one socket per person)."""

    abstract = False

    def on_start(self) -> None:
        self.rng = random.Random(id(self))
        self.people_only = self.rng.random() < PEOPLE_ONLY

    @task
    def play_a_game(self) -> None:
        import httpx

        seats = ["human", "human"] if self.people_only else ["human", "greedy"]
        base = SERVERS[self.rng.randrange(len(SERVERS))]
        t0 = time.perf_counter()
        try:
            r = httpx.post(f"{base}/api/rooms", json={"game": GAME, "seats": seats}, timeout=60)
            r.raise_for_status()
        except Exception as e:
            fire("create room", t0, e)
            return
        fire("create room", t0, length=len(r.content))
        body = r.json()
        socks = {}
        for i, (seat, token) in enumerate(sorted(body["tokens"].items())):
            server = SERVERS[(SERVERS.index(base) + i) % len(SERVERS)]  # two servers: a seat on each
            url = server.replace("http", "ws") + f"/api/rooms/{body['room']}/ws?token={token}"
            socks[int(seat)] = websocket.create_connection(url, timeout=120)
        try:
            self._play(socks)
        except StopUser:
            raise
        except Exception as e:
            fire("game", t0, e)
        finally:
            for s in socks.values():
                s.close()

    def _play(self, socks: dict[int, websocket.WebSocket]) -> None:
        last = {seat: json.loads(s.recv()) for seat, s in socks.items()}
        waiting_bot: float | None = None
        while True:
            mover = next((seat for seat, p in last.items() if p.get("legal")), None)
            if any(p.get("over") for p in last.values()):
                return
            if mover is None:  # a bot is to move: wait for its move on the person's socket
                seat, s = next(iter(socks.items()))
                msg = json.loads(s.recv())
                if msg.get("type") == "state":
                    if waiting_bot is not None and msg["step"] > last[seat]["step"]:
                        fire("bot reply", waiting_bot)
                        waiting_bot = None
                    last[seat] = msg
                continue
            p = last[mover]
            sent = time.perf_counter()
            socks[mover].send(
                json.dumps({"type": "action", "action": self.rng.choice(p["legal"]), "step": p["step"]})
            )
            for seat, s in socks.items():  # every seat hears of the move
                while True:
                    msg = json.loads(s.recv())
                    if msg.get("type") == "error":
                        fire("move", sent, RuntimeError(msg["message"]))
                        return
                    if msg.get("type") == "state" and msg["step"] > p["step"]:
                        if seat == mover:
                            fire("move", sent, length=len(msg))
                        last[seat] = msg
                        break
            if not self.people_only and not last[mover]["over"] and not last[mover]["legal"]:
                waiting_bot = time.perf_counter()


def rss_mb(pids: list[int]) -> float:
    """Resident memory of these processes and their children (bot workers), in MB."""
    total = 0
    seen: set[int] = set()
    todo = list(pids)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
            todo += [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            continue
    return total / 1024


def main() -> None:
    global GAME, PEOPLE_ONLY
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--servers", type=int, choices=[1, 2], default=1)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--bot-only", type=int, default=0, help="bot-only rooms thinking meanwhile")
    ap.add_argument("--game", default="touge")
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--people-only", type=float, default=0.5, help="share of rooms with two people")
    ap.add_argument("--spawn-seconds", type=float, default=20, help="rooms are opened over this long")
    args = ap.parse_args()
    GAME, PEOPLE_ONLY = args.game, args.people_only
    pg = tempfile.mkdtemp(prefix="kansei-pg-")
    logs = Path(tempfile.mkdtemp(prefix="kansei-load-"))
    db = subprocess.run(
        [str(ROOT / "scripts" / "pg.sh"), "start", pg], check=True, capture_output=True, text=True
    ).stdout.strip()
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for i in range(args.servers):
            port = free_port()
            cmd = [
                KANSEI,
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-workers",
                "1",
                "--bot-budget",
                str(args.budget),
            ]
            cmd += ["--rate", "1000000", "--burst", "10000000", "--keep-rooms", "1000"]
            procs.append(
                subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=open(logs / f"server{i}.log", "wb"))
            )
            SERVERS.append(f"http://127.0.0.1:{port}")
        import httpx

        for base in SERVERS:
            for _ in range(1800):
                try:
                    if httpx.get(base + "/api/games", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    gevent.sleep(0.1)
        for i in range(args.bot_only):
            spec = f"mcts:time={args.budget}"
            httpx.post(
                SERVERS[i % len(SERVERS)] + "/api/rooms",
                json={"game": GAME, "seats": [spec, spec]},
                timeout=60,
            )
        anchor = engine_anchor(GAME)
        env = Environment(user_classes=[Room], events=events)
        runner = env.create_local_runner()
        runner.start(user_count=args.rooms, spawn_rate=max(1.0, args.rooms / args.spawn_seconds))
        t0 = time.perf_counter()
        peak = 0.0

        def sample() -> None:
            nonlocal peak
            while True:
                peak = max(peak, rss_mb([p.pid for p in procs]))
                gevent.sleep(2)

        sampler = gevent.spawn(sample)
        gevent.sleep(args.seconds)
        elapsed = time.perf_counter() - t0
        memory = rss_mb([p.pid for p in procs])
        runner.quit()
        sampler.kill()
        stats = env.stats
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
        subprocess.run([str(ROOT / "scripts" / "pg.sh"), "stop", pg], check=False)
    fallbacks = sum(
        (logs / f"server{i}.log").read_text(errors="replace").count("random legal move")
        for i in range(args.servers)
    )
    move = stats.get("move", "WS")
    reply = stats.get("bot reply", "WS")
    errors = sum(e.num_failures for e in stats.entries.values())
    pct = move.get_response_time_percentile
    extra = f", {args.bot_only} bot-only rooms thinking" if args.bot_only else ""
    print(
        f"{args.rooms} rooms of {GAME} on PostgreSQL, {args.servers} server process(es), "
        f"{args.seconds:.0f} s{extra}"
    )
    rate = move.num_requests / elapsed
    print(
        f"  moves: {move.num_requests} = {rate:,.0f} moves/s; "
        f"latency p50 {pct(0.5):.0f} ms, p99 {pct(0.99):.0f} ms"
    )
    if reply.num_requests:
        rp = reply.get_response_time_percentile
        print(
            f"  bot replies to people: {reply.num_requests}; p50 {rp(0.5):.0f} ms, p99 {rp(0.99):.0f} ms; "
            f"moves played for a bot over its budget: {fallbacks}"
        )
    print(
        f"  servers' memory (with bot workers): {memory:,.0f} MB at the end, {peak:,.0f} MB at most; "
        f"errors: {errors}"
    )
    print(
        f"  anchor, same run: the engine alone plays {anchor:,.0f} moves/s ({rate / anchor:.2%} of it served)"
    )
    for (name, _), e in stats.entries.items():
        if e.num_failures:
            print(f"    {name}: {e.num_failures} failures")
    for err in list(stats.errors.values())[:5]:
        print(f"    error: {err.error!s:.200} ×{err.occurrences}")


def engine_anchor(game_id: str, seconds: float = 3.0) -> float:
    """The engine alone: random legal moves per second on the same game, in this process."""
    import kansei

    game = kansei.load(game_id)
    rng = random.Random(1)
    moves, t0, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - t0 < seconds:
        state = game.start(seed=seed)
        seed += 1
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (time.perf_counter() - t0)


if __name__ == "__main__":
    os.environ.setdefault("KANSEI_DB", "")
    main()
