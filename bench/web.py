"""Load benchmark for the browser table (not a test): N rooms played bot against bot over loopback
WebSockets, both seats of every room driven by this process (a random legal move as soon as the seat's
payload says it is its turn), against a real `kansei serve`-equivalent server process.

Reports accepted moves/s and the latency of a move (action sent on the socket -> the new state received on
the same socket), with the engine's own speed on the same games in this run as the anchor.

    python bench/web.py --rooms 200 [--game touge] [--db sqlite|postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


def serve(port: int, db: str) -> None:
    """The server, with the flood limits lifted (one client address plays every room here)."""
    import uvicorn

    from kansei.web import Config, create_app
    from kansei.web.limits import Limits

    limits = Limits(ws_rate=1e6, ws_burst=10**6, http_rate=1e6, http_burst=10**7)
    uvicorn.run(
        create_app(Config(db=db, limits=limits, bots=False)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
    )


def engine_anchor(game_id: str, games: int) -> float:
    """The engine alone: random legal moves per second on the same game, in this process."""
    import kansei

    game = kansei.load(game_id)
    rng = random.Random(1)
    moves, t0 = 0, time.perf_counter()
    for seed in range(games):
        state = game.start(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (time.perf_counter() - t0)


async def play_seat(url: str, rng: random.Random, latencies: list[float], done: asyncio.Event) -> int:
    moves = 0
    async with websockets.connect(url, max_size=2**22) as ws:
        sent_at: float | None = None
        step = -1
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            if sent_at is not None and msg["step"] > step:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg["over"]:
                done.set()
                break
            if msg["legal"] and sent_at is None:
                step = msg["step"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "action", "action": rng.choice(msg["legal"]), "step": step})
                )
                moves += 1
    return moves


async def run(base: str, game: str, rooms: int) -> tuple[int, float, list[float]]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        made = await asyncio.gather(
            *(
                client.post("/api/rooms", json={"game": game, "seats": ["human", "human"]})
                for _ in range(rooms)
            )
        )
    ws_base = base.replace("http", "ws")
    latencies: list[float] = []
    rng = random.Random(7)
    tasks = []
    t0 = time.perf_counter()
    for r in made:
        body = r.json()
        done = asyncio.Event()
        for token in body["tokens"].values():
            url = f"{ws_base}/api/rooms/{body['room']}/ws?token={token}"
            tasks.append(play_seat(url, random.Random(rng.random()), latencies, done))
    counts = await asyncio.gather(*tasks)
    return sum(counts), time.perf_counter() - t0, latencies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--game", default="touge")
    ap.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    ap.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return
    tmp = tempfile.mkdtemp(prefix="kansei-bench-")
    pg_dir = None
    if args.db == "postgres":
        pg_dir = tempfile.mkdtemp(prefix="kansei-pg-")  # its own folder: the postgres user must enter it
        db = subprocess.run(
            [str(ROOT / "scripts" / "pg.sh"), "start", pg_dir], check=True, capture_output=True, text=True
        ).stdout.strip()
    else:
        db = f"sqlite:///{tmp}/bench.db"
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), db])
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/api/games").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        anchor = engine_anchor(args.game, 50)
        moves, seconds, lat = asyncio.run(run(base, args.game, args.rooms))
    finally:
        server.terminate()
        server.wait(10)
        if pg_dir:
            subprocess.run([str(ROOT / "scripts" / "pg.sh"), "stop", pg_dir], check=False)
    lat.sort()
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    print(f"{args.rooms} rooms of {args.game} ({args.db}), {2 * args.rooms} WebSockets, one server process:")
    rate = moves / seconds
    print(
        f"  {moves} moves in {seconds:.1f} s = {rate:,.0f} moves/s;",
        f"latency p50 {p50:.1f} ms, p99 {p99:.1f} ms",
    )
    print(
        f"  anchor, same run: the engine alone plays {anchor:,.0f} moves/s "
        f"(the server keeps {moves / seconds / anchor:.1%} of that while persisting every move and pushing "
        "each seat its own view)"
    )


if __name__ == "__main__":
    main()
