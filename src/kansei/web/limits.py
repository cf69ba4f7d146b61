"""Bad input and floods: body size limits (an ASGI middleware) and token buckets per client."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64 * 1024  # a JSON request
    upload_bytes: int = 2 * 1024 * 1024  # a replay or deck file
    ws_message_bytes: int = 4 * 1024
    ws_rate: float = 20.0  # messages a second a socket may send, on average
    ws_burst: int = 60
    http_rate: float = 20.0  # requests that change something (POST, new sockets) a second, per client
    http_burst: int = 200


class Bucket:
    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, float(burst)
        self.level = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Buckets:
    """One bucket per client address (bounded: the oldest are forgotten)."""

    def __init__(self, rate: float, burst: int, keep: int = 10_000):
        self.rate, self.burst, self.keep = rate, burst, keep
        self.buckets: dict[str, Bucket] = {}
        self.lock = threading.Lock()

    def take(self, key: str) -> bool:
        with self.lock:
            b = self.buckets.pop(key, None) or Bucket(self.rate, self.burst)
            self.buckets[key] = b  # most recently used last
            while len(self.buckets) > self.keep:
                self.buckets.pop(next(iter(self.buckets)))
            return b.take()


class BodyLimit:
    """Refuse request bodies over the limit with 413 (declared or streamed), before any handler runs."""

    def __init__(self, app: ASGIApp, limits: Limits, upload_paths: tuple[str, ...]):
        self.app, self.limits, self.upload_paths = app, limits, upload_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        limit = (
            self.limits.upload_bytes
            if any(path.startswith(p) or path.endswith(p) for p in self.upload_paths)
            else self.limits.body_bytes
        )
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _too_big(send, limit)
                return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > limit:
                    raise _TooBig
            return msg

        try:
            await self.app(scope, counted, send)
        except _TooBig:
            await _too_big(send, limit)


class _TooBig(Exception):
    pass


async def _too_big(send: Send, limit: int) -> None:
    body = f'{{"detail":"request body too large (limit {limit} bytes)"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
