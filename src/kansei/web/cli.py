"""``kansei serve``: the browser table on one address (SQLite in ./data unless --db / KANSEI_DB says)."""

from __future__ import annotations

import os
from typing import Annotated

import typer


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
    bot_budget: Annotated[float, typer.Option(help="seconds a bot may think per move")] = 2.0,
) -> None:
    """Serve the browser table: lobby, live rooms, replays and the deck builder."""
    import uvicorn

    from .app import Config, create_app
    from .db import DEFAULT_DB

    url = db or DEFAULT_DB
    os.environ["KANSEI_DB"] = url
    app = create_app(Config(db=url, bot_workers=bot_workers, bot_budget=bot_budget))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"kansei table: open http://{shown}:{port}/  (database {_safe(url)}; Ctrl-C stops)")
    uvicorn.run(
        app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024, ws_per_message_deflate=False
    )


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
