"""The browser table: lobby, rooms, live play over WebSocket, replays and the deck builder.

``kansei serve`` (or ``make run``) starts it; ``create_app`` builds the ASGI app for tests and servers."""

from __future__ import annotations

from .app import Config, create_app

__all__ = ["Config", "create_app"]
