"""``kansei serve``: the browser table on one address (SQLite in ./data unless --db / KANSEI_DB says).

See docs/deploy.md for running it on the internet (behind a reverse proxy with TLS)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from kansei.core.errors import OptionError

# Seconds uvicorn waits for open connections on SIGTERM before it closes them: the bots are stopped at once
# and every accepted action is already in the database, so a stop takes about this long.
SHUTDOWN_SECONDS = 2


def serve(
    host: Annotated[str, typer.Option(envvar="HOST", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="PORT", help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(envvar="KANSEI_DB", help="SQLAlchemy URL (default sqlite:///data/kansei.db)"),
    ] = None,
    bot_workers: Annotated[
        int | None, typer.Option(help="bot worker processes (default: the cores, ≤ 4)")
    ] = None,
    bot_budget: Annotated[float, typer.Option(help="seconds a bot may think per move (every agent)")] = 2.0,
    bot_iterations: Annotated[
        int, typer.Option(help="search work a bot spec may ask per move (iterations × rollouts …)")
    ] = 20_000,
    review_budget: Annotated[
        float,
        typer.Option(help="seconds the coach searches each move of a finished game's review (≤ 60)"),
    ] = 0.5,
    content: Annotated[
        list[str] | None,
        typer.Option(
            help="NAME=FOLDER: a content folder players may choose by NAME (repeatable); they never "
            "name a folder themselves"
        ),
    ] = None,
    keep_rooms: Annotated[
        int, typer.Option(help="rooms held in memory (others wait in the database)")
    ] = 1000,
    idle_minutes: Annotated[
        float, typer.Option(help="a game nobody moved in for this long leaves the public list")
    ] = 30.0,
    rate: Annotated[
        float | None,
        typer.Option(
            help="messages a socket, and changing requests a client, may send a second (default 20)"
        ),
    ] = None,
    burst: Annotated[
        int | None,
        typer.Option(help="how many of those may come at once (default 60 a socket, 200 a client)"),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="trust X-Forwarded-For/-Proto only from these addresses (your reverse proxy, e.g. "
            "127.0.0.1); without it proxy headers are ignored"
        ),
    ] = None,
) -> None:
    """Serve the browser table: lobby, live rooms, replays and the deck builder."""
    import uvicorn

    from .app import Config, create_app
    from .db import DEFAULT_DB
    from .limits import Limits

    if bot_budget <= 0 or bot_budget > 600:
        raise OptionError("--bot-budget must be in (0, 600] seconds")
    if bot_iterations < 1:
        raise OptionError("--bot-iterations must be at least 1")
    if not 0 < review_budget <= 60:
        raise OptionError("--review-budget must be in (0, 60] seconds")
    if idle_minutes <= 0:
        raise OptionError("--idle-minutes must be above 0")
    if keep_rooms < 1:
        raise OptionError("--keep-rooms must be at least 1")
    if (rate is not None and rate <= 0) or (burst is not None and burst < 1):
        raise OptionError("--rate must be above 0 and --burst at least 1")
    limits = Limits()
    if rate is not None:
        limits = replace(limits, ws_rate=rate, http_rate=rate)
    if burst is not None:
        limits = replace(limits, ws_burst=burst, http_burst=burst)
    folders = content_folders(content or [])
    url = db or DEFAULT_DB
    os.environ["KANSEI_DB"] = url
    app = create_app(
        Config(
            db=url,
            bot_workers=bot_workers,
            bot_budget=bot_budget,
            bot_iterations=bot_iterations,
            review_budget=review_budget,
            content=folders,
            keep_rooms=keep_rooms,
            idle_minutes=idle_minutes,
            limits=limits,
        )
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"kansei table: open http://{shown}:{port}/  (database {_safe(url)}; Ctrl-C stops)")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        server_header=False,
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )


def content_folders(pairs: list[str]) -> dict[str, Path]:
    """``NAME=FOLDER`` pairs -> {name: folder}; each folder must exist and load as some game's content."""
    from kansei.core.errors import KanseiError
    from kansei.core.registry import game_class, games

    out: dict[str, Path] = {}
    for pair in pairs:
        name, eq, folder = pair.partition("=")
        name = name.strip()
        if not eq or not name or not folder.strip():
            raise OptionError(f"--content expects NAME=FOLDER, got {pair[:60]!r}")
        if not name.replace("-", "").replace("_", "").isalnum() or len(name) > 40:
            raise OptionError(f"--content {name[:40]!r}: a name is letters, digits, - and _ (≤ 40)")
        path = Path(folder.strip()).expanduser()
        if not path.is_dir():
            raise OptionError(f"--content {name}: {folder[:80]} is not a folder")
        loads = []
        for gid in games():
            try:
                game_class(gid)(content=path)
            except KanseiError:
                continue
            loads.append(gid)
        if not loads:
            raise OptionError(f"--content {name}: {folder[:80]} holds no game's content")
        out[name] = path
    return out


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
