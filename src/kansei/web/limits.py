"""Bad input and floods: body size limits (an ASGI middleware) and token buckets per client."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    chat_rate: float = 0.5  # chat lines a second a seat may send, on average (a flood is refused, the
    chat_burst: int = 6  # socket stays open)


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


MAX_DEPTH = 32  # nesting of a JSON body (a deck or a scenario needs a handful)
MAX_DIGITS = 100  # characters of one JSON number (a seed has at most 20)


def json_problem(body: bytes) -> str | None:
    """Why ``body`` is not a JSON text this server reads (None: it is): not UTF-8, nested too deep, a
    number too long, NaN or Infinity, or not JSON at all. One line, quoting nothing of the body."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        return f"the body is not UTF-8 text (byte {e.start})"
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:  # brackets outside strings: the nesting, before any parser recurses into it
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return f"the JSON body is nested deeper than {MAX_DEPTH} levels"
        elif ch in "]}":
            depth -= 1

    def number(kind: type) -> Callable[[str], Any]:
        def read(literal: str) -> Any:
            if len(literal) > MAX_DIGITS:
                raise ValueError(f"a number longer than {MAX_DIGITS} characters")
            return kind(literal)

        return read

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not a JSON number")

    try:
        json.loads(text, parse_int=number(int), parse_float=number(float), parse_constant=constant)
    except json.JSONDecodeError as e:
        return f"malformed JSON: {e.msg} (line {e.lineno}, column {e.colno})"
    except (ValueError, RecursionError) as e:
        return f"malformed JSON: {str(e).splitlines()[0][:120]}"
    return None


class Bodies:
    """Every request body, before any handler runs: over the limit (declared or streamed, chunked or
    not) -> 413; a POST body that is not JSON this server reads (see :func:`json_problem`) -> 422. The
    body is then handed on whole."""

    def __init__(self, app: ASGIApp, limits: Limits, upload_paths: tuple[str, ...]):
        self.app, self.limits, self.upload_paths = app, limits, upload_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        limit = (
            self.limits.upload_bytes
            if any(path.startswith(p) or path.endswith(p) for p in self.upload_paths)
            else self.limits.body_bytes
        )
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                if value.isdigit():
                    await _refuse(send, 413, f"request body too large (limit {limit} bytes)")
                else:
                    await _refuse(send, 422, "malformed content-length")
                return
        chunks: list[bytes] = []
        seen = 0
        while True:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                return
            part = msg.get("body", b"")
            seen += len(part)
            if seen > limit:
                await _refuse(send, 413, f"request body too large (limit {limit} bytes)")
                return
            chunks.append(part)
            if not msg.get("more_body", False):
                break
        body = b"".join(chunks)
        if body.strip():
            problem = json_problem(body)
            if problem is not None:
                await _refuse(send, 422, problem)
                return
        replayed = False

        async def whole() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, whole, send)


async def _refuse(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
