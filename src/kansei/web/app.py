"""The ASGI app: pages, the JSON API and live play over WebSocket (see docs/api.md)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

import tomli_w
from anyio import to_thread
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as Path_
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import kansei
from kansei.agents import agent_kinds
from kansei.agents.levels import levels
from kansei.core.errors import ContentError, IllegalAction, KanseiError
from kansei.core.protocol import Game
from kansei.core.registry import game_class

from . import engine, i18n, tutorials
from .boards import board_file, board_url
from .bots import STRENGTHS, BotPool
from .db import Store
from .limits import Bodies, Bucket, Buckets, Limits
from .payload import given_names, merged_view, pick_lang, room_payload, seat_payload, socket_payload
from .rooms import ANALYSIS_PER_MOVE, BotLimits, Hub, Live, RoomError, Waiter
from .rules import rules_html

HERE = Path(__file__).parent
MAX_SEATS = 8
MAX_REASON = 120  # bytes of a WebSocket close reason (a control frame holds 123)
log = logging.getLogger("kansei.web")


@dataclass
class Config:
    db: str | None = None
    bot_workers: int | None = None
    bot_budget: float = 2.0  # seconds a bot may think per move (every agent kind)
    bot_iterations: int = 20_000  # search work a bot spec may ask for per move (agents/limits.py)
    review_budget: float = ANALYSIS_PER_MOVE  # seconds the coach searches each decision of a review
    limits: Limits = Limits()
    bots: bool = True
    content: dict[str, Path] = field(default_factory=dict)  # the content folders clients may name
    keep_rooms: int = 1000  # rooms held in memory before unwatched ones leave it
    idle_minutes: float = 30.0  # a game nobody moved in for this long leaves the public list


# ----------------------------------------------------------------------------------- request bodies
class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = "human"
    spec: str | None = Field(None, max_length=120)
    name: str | None = Field(None, max_length=10_000)  # cut to 24 characters (rooms.clean_name)


class NewRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, Any] = {}
    seats: list[str | SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int | None = None
    decks: list[Any] | None = Field(None, max_length=MAX_SEATS)
    setup: dict[str, Any] | None = None
    public: bool = True


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)  # none: a spectator, refused with 403
    action: str = Field(max_length=500)
    step: int | None = Field(None, ge=0, le=10**9)


class TokenOnly(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)


class Previewed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)
    move: int = Field(ge=0, le=100_000)  # the index of the move in the payload's ``moves``
    step: int = Field(ge=0, le=10**9)  # the step of the payload the move is from


class Named(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)
    name: str = Field(max_length=10_000)  # cut to 24 characters (rooms.clean_name)


class Said(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)
    text: str = Field(max_length=10_000)  # cut to 400 characters (rooms.clean_chat)


class DeckBody(BaseModel):
    deck: dict[str, Any]


class DeckFile(BaseModel):
    text: str = Field(max_length=200_000)
    filename: str = Field("deck.txt", max_length=200)


one_line = engine.one_line


def close_reason(text: str) -> str:
    """A WebSocket close reason: one line that fits a control frame."""
    return text.encode("utf-8")[:MAX_REASON].decode("utf-8", "ignore")


def create_app(config: Config | None = None) -> FastAPI:
    cfg = config or Config()

    engine.configure(cfg.content)
    bot_limits = BotLimits(cfg.bot_budget, cfg.bot_iterations, cfg.review_budget)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine.configure(cfg.content)
        store = Store(cfg.db or os.environ.get("KANSEI_DB"))

        def report(msg: str) -> None:
            print(f"kansei web: {engine.scrub(msg)}", flush=True)

        hub = Hub(store, bot_limits, keep=cfg.keep_rooms, on_error=report)
        if cfg.bots:
            hub.pool = BotPool(
                cfg.bot_workers,
                hub.bot_job,
                hub.bot_done,
                content=cfg.content,
                on_error=report,
                progress=hub.coach_progress,
            )
        app.state.hub = hub
        store.listen(lambda room_id, _what: hub.refresh(room_id), hub.on_error)
        await to_thread.run_sync(hub.resume)
        try:
            yield
        finally:
            if hub.pool is not None:
                hub.pool.close()  # at once: a thinking bot never holds up a shutdown
            store.close()

    app = FastAPI(
        title="kansei table",
        version=kansei.__version__,
        summary="Play the kansei card games in the browser: rooms, seats, live play over WebSocket.",
        lifespan=lifespan,
        docs_url=None,  # the API's page is the project's own (/docs: no script or style from a CDN)
        redoc_url=None,
    )
    app.add_middleware(Bodies, limits=cfg.limits, upload_paths=("/api/replays", "/decks/import"))
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    pages = Jinja2Templates(directory=HERE / "templates")
    posts = Buckets(cfg.limits.http_rate, cfg.limits.http_burst)
    chats = Buckets(cfg.limits.chat_rate, cfg.limits.chat_burst)  # per room and seat

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def client_key(request: Request | WebSocket) -> str:
        return request.client.host if request.client else "?"

    def throttle(request: Request | WebSocket) -> None:
        if not posts.take(client_key(request)):
            raise RoomError("too many requests: slow down", 429)

    # -------------------------------------------------------------------------------- errors
    @app.exception_handler(RoomError)
    async def room_error(_: Request, e: RoomError) -> JSONResponse:
        return JSONResponse({"detail": one_line(e)}, status_code=e.status)

    @app.exception_handler(IllegalAction)
    async def illegal(_: Request, e: IllegalAction) -> JSONResponse:
        return JSONResponse({"detail": one_line(e)}, status_code=409)

    @app.exception_handler(KanseiError)
    async def kansei_error(_: Request, e: KanseiError) -> JSONResponse:
        lines = [engine.scrub(ln)[:300] for ln in str(e).splitlines() if ln.strip()] or [type(e).__name__]
        return JSONResponse({"detail": lines[0], "problems": lines[:50]}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, e: RequestValidationError) -> JSONResponse:
        errs = e.errors()
        first = errs[0] if errs else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "request"
        return JSONResponse({"detail": f"{where}: {first.get('msg', 'malformed request')}"[:300]}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:
        status = 422 if e.status_code == 400 else e.status_code  # a body the framework could not read
        return JSONResponse({"detail": engine.scrub(str(e.detail))[:300]}, status_code=status)

    @app.exception_handler(Exception)
    async def server_error(request: Request, e: Exception) -> JSONResponse:
        # a bug of ours: logged whole here, one line without a path for the client
        log.error("%s %s: %s", request.method, request.url.path, engine.one_line(e), exc_info=e)
        return JSONResponse({"detail": "internal error (logged on the server)"}, status_code=500)

    # -------------------------------------------------------------------------------- pages
    def page(request: Request, name: str, **ctx: Any) -> HTMLResponse:
        lang = i18n.pick(request)
        response = pages.TemplateResponse(
            request,
            name,
            {
                "title": "kansei",
                "lang": lang,
                "t": lambda key, **v: i18n.t(lang, key, **v),
                "catalogue": i18n.embedded(lang),
                "page_languages": i18n.languages(),
                **ctx,
            },
        )
        if request.query_params.get("lang") == lang != request.cookies.get(i18n.COOKIE):
            # a link's ?lang= is kept for the pages it leads to (the table a lobby opens), as the menu's is
            i18n.remember(response, lang)
        return response

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def lobby(request: Request) -> HTMLResponse:
        return page(request, "lobby.html")

    @app.get("/room/{room}", response_class=HTMLResponse, include_in_schema=False)
    def table(request: Request, room: str) -> HTMLResponse:
        return page(request, "table.html", room=room, mode="live")

    @app.get("/tutorial/{game}", include_in_schema=False)
    def tutorial_start(request: Request, game: str) -> Response:
        """A new lesson of ``game`` (tutorials.py): a private room from its script, then its page."""
        throttle(request)
        the_game(game)
        live, tokens = hub_of(request).create_tutorial(game)
        token = tokens[next(iter(tokens))]
        carried = {k: v for k, v in request.query_params.items() if k in ("lang", "cards", "howto")}
        query = urlencode({"token": token, **carried})
        return RedirectResponse(f"/tutorial/{game}/{live.row.id}?{query}", status_code=303)

    @app.get("/tutorial/{game}/{room}", response_class=HTMLResponse, include_in_schema=False)
    def tutorial_page(request: Request, game: str, room: str) -> HTMLResponse:
        return page(request, "table.html", room=room, mode="tutorial")

    @app.get("/replay/{room}", response_class=HTMLResponse, include_in_schema=False)
    def replay_page(request: Request, room: str) -> HTMLResponse:
        return page(request, "table.html", room=room, mode="replay")

    @app.get("/games", response_class=HTMLResponse, include_in_schema=False)
    def finished_page(request: Request) -> HTMLResponse:
        return page(request, "games.html")

    @app.get("/decks", response_class=HTMLResponse, include_in_schema=False)
    def decks_page(request: Request) -> HTMLResponse:
        return page(request, "decks.html")

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def api_docs(request: Request) -> HTMLResponse:
        """Every endpoint of the API from its OpenAPI schema, served by the project itself (offline too);
        /openapi.json is the schema, docs/api.md the guide."""
        endpoints = []
        for path, ops in app.openapi()["paths"].items():
            for method, op in ops.items():
                body = (
                    op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
                )
                endpoints.append(
                    {
                        "method": method.upper(),
                        "path": path,
                        "tag": (op.get("tags") or ["other"])[0],
                        "summary": op.get("summary", ""),
                        "description": op.get("description", ""),
                        "params": [
                            (q["name"], q["in"], q.get("required", False)) for q in op.get("parameters", [])
                        ],
                        "body": str(body.get("$ref", "")).rsplit("/", 1)[-1] or body.get("title", ""),
                        "anchor": f"{method}-{path}".replace("/", "-").replace("{", "").replace("}", ""),
                    }
                )
        endpoints.sort(key=lambda e: (e["tag"], e["path"], e["method"]))
        return page(request, "api.html", endpoints=endpoints, version=kansei.__version__)

    @app.get("/rules", response_class=HTMLResponse, include_in_schema=False)
    def rules_index(request: Request) -> HTMLResponse:
        games = [engine.game_for(gid, {}) for gid in engine.game_ids()]
        return page(request, "rules.html", game=None, games=games)

    @app.get("/rules/{game}", response_class=HTMLResponse, include_in_schema=False)
    def rules_page(request: Request, game: str) -> HTMLResponse:
        g = the_game(game)
        found = rules_html(g)
        html, sections, _ = found if found is not None else ("", [], [])
        return page(request, "rules.html", game=g, html=html, sections=sections)

    # -------------------------------------------------------------------------------- games and decks
    def the_game(game_id: str) -> Any:
        if game_id not in engine.game_ids():
            raise RoomError(f"unknown game {game_id[:40]!r} (valid: {', '.join(engine.game_ids())})", 404)
        return engine.game_for(game_id, {})

    def network_schema(game_id: str, lang: str = i18n.DEFAULT) -> dict:
        """The game's options as a network client may give them: an option that may name a local file
        takes one of the content's names (an enum), and ``content`` one of the operator's folders. Each
        option's label, description and values' words in the page's language ``lang`` where the game has
        them (``game.options_schema``), English elsewhere; the server's own ``content`` in the catalogue's."""
        g = engine.game_for(game_id, {})
        schema = g.options_schema(lang)
        props = schema.setdefault("properties", {})
        for key in game_class(game_id).Options.local_path_options():
            if key in props:
                props[key] = {**props[key], "enum": list(g.named_choices(key))}
                props[key].pop("maxLength", None)
        names = engine.content_names(game_id)
        if names:
            props[engine.CONTENT] = {
                "title": i18n.t(lang, "lobby.option.content"),
                "description": i18n.t(lang, "lobby.option.content_help"),
                "enum": [None, *names],
                "default": None,
            }
        return schema

    def bot_menu() -> list[dict]:
        out = []
        for spec, label in STRENGTHS:  # label: a catalogue key
            try:
                bot_limits.check(spec)
            except KanseiError:
                continue  # beyond this server's limits
            out.append({"spec": spec, "key": label, "label": i18n.t(i18n.DEFAULT, label)})
        return out

    def level_menu(game: Game, lang: str) -> list[dict]:
        """The game's named levels for the lobby, weakest first: each with its rating and CPU time a move
        as its calibration measured them, or the one line saying why it cannot play here."""
        out = []
        for level in levels(game, lang=lang):
            row = level.to_dict()
            if row["available"]:
                try:
                    bot_limits.check(level.spec)
                except KanseiError as e:
                    row["available"], row["why"] = False, f"unavailable here: {str(e).splitlines()[0]}"
            out.append(row)
        return out

    def deck_menu(g: Game, lang: str) -> list[dict]:
        """The starter decks as a page in ``lang`` shows them: each by its English ``name`` (the key) with
        its ``title`` and ``text`` in that language (English where the game has none)."""
        return [{"name": n, "title": w.name, "text": w.text} for n, w in g.deck_words(lang).items()]

    @app.get("/api/games", tags=["games"])
    def list_games(lang: Annotated[str | None, Query(max_length=16)] = None) -> dict:
        """Every game with its players, options (JSON schema: each option's ``title`` and ``description``,
        its values' words in ``x-kansei-labels``, in the page language ``lang`` where the game has them,
        else English), languages and starter decks; the bot menu. ``name`` is the game's English title and
        ``title`` its title in ``lang``; ``starter_decks`` the decks' English names (what a room is asked
        to start with: ``decks``) and ``starters`` each one's ``{"name", "title", "text"}`` in ``lang``."""
        lang = lang if lang in i18n.languages() else i18n.DEFAULT
        out = []
        for gid in engine.game_ids():
            g = engine.game_for(gid, {})
            out.append(
                {
                    "id": gid,
                    "name": g.name,
                    "title": g.title(lang),
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "options": network_schema(gid, lang),
                    "languages": list(engine.languages(g)),
                    "starter_decks": list(g.starter_decks()),
                    "starters": deck_menu(g, lang),
                    "board": board_url(g),
                    "schema": f"/api/games/{gid}/schema",
                    "tutorial": f"/tutorial/{gid}" if tutorials.script_file(g) is not None else None,
                    "levels": level_menu(g, lang),
                }
            )
        return {
            "lang": lang,
            "games": out,
            "bots": bot_menu(),
            "agents": agent_kinds(),
            "bot_limits": {"seconds": bot_limits.seconds, "iterations": bot_limits.iterations},
        }

    @app.get("/api/games/{game}/schema", tags=["games"])
    def view_schema(game: str) -> dict:
        """The JSON Schema of the game's views (``game.view_schema()``): what ``view`` in a payload holds,
        for every seat and the spectator; every key a ``"ref"`` names something a move may touch."""
        g = the_game(game)
        return {"game": game, "schema": g.view_schema()}

    @app.get("/boards/{game}/{path:path}", include_in_schema=False)
    def board_asset(game: str, path: str) -> Response:
        """A file of a plugin game's own board (its package's ``web/`` folder): the module and what it
        imports. 404 for anything else, whatever lies outside the folder."""
        g = the_game(game)
        found = board_file(g, path)
        if found is None:
            raise RoomError("no such board file", 404)
        file, kind = found
        return Response(file.read_bytes(), media_type=kind, headers={"cache-control": "no-cache"})

    @app.get("/api/games/{game}/cards", tags=["games"])
    def card_pool(game: str, lang: str | None = None) -> dict:
        """Every card face in a language, and ``names``: any card name in any language -> its slug."""
        g = the_game(game)
        lang = pick_lang(g, lang)
        names: dict[str, str] = {}
        for lg in engine.languages(g):
            for c in engine.cards(g, lg):
                names.setdefault(c["name"], c["slug"])
                names.setdefault(c["slug"], c["slug"])
        return {"game": game, "lang": lang, "cards": engine.cards(g, lang), "names": names}

    @app.get("/api/games/{game}/decks", tags=["decks"])
    def starter_decks(game: str, lang: Annotated[str | None, Query(max_length=16)] = None) -> dict:
        """The starter decks as deck data (``{"name", "cards": {name: count}, ...}``), and ``words``: each
        one's ``{"name", "title", "text"}`` in the page language ``lang`` (English where the game has
        none)."""
        g = the_game(game)
        lang = lang if lang in i18n.languages() else i18n.DEFAULT
        return {"decks": [g.starter_deck(n) for n in g.starter_decks()], "words": deck_menu(g, lang)}

    @app.post("/api/games/{game}/decks/check", tags=["decks"])
    def check_deck(game: str, body: DeckBody, request: Request) -> dict:
        """The game's own deck validator (the CLI's): one line per problem, [] when the deck is legal."""
        throttle(request)
        g = the_game(game)
        return {"problems": list(g.deck_problems(body.deck))}

    @app.post("/api/games/{game}/decks/import", tags=["decks"])
    def import_deck(game: str, body: DeckFile, request: Request) -> dict:
        """Read a deck file (TOML or "3 Card Name" lines) with the game's reader -> deck data and problems."""
        throttle(request)
        g = the_game(game)
        suffix = ".toml" if body.filename.lower().endswith(".toml") else ".txt"
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"deck{suffix}"
            path.write_text(body.text, encoding="utf-8")
            try:
                deck = g.load_deck(path)
            except ContentError as e:  # the file is the client's: its problems never name our folder
                raise ContentError([p.replace(f"{tmp}/", "").replace(tmp, "") for p in e.problems]) from None
        return {"deck": deck, "problems": list(g.deck_problems(deck))}

    @app.post("/api/games/{game}/decks/export", tags=["decks"], response_class=PlainTextResponse)
    def export_deck(game: str, body: DeckBody, request: Request) -> PlainTextResponse:
        """Deck data -> a TOML deck file the CLI and the importer read back."""
        throttle(request)
        the_game(game)
        text = deck_toml(body.deck)
        name = "".join(ch for ch in str(body.deck.get("name", "deck")) if ch.isalnum() or ch in "-_")[:40]
        return PlainTextResponse(
            text, headers={"content-disposition": f'attachment; filename="{name or "deck"}.toml"'}
        )

    # -------------------------------------------------------------------------------- rooms
    @app.post("/api/rooms", tags=["rooms"], status_code=201)
    def create_room(body: NewRoom, request: Request) -> dict:
        """A new room. ``seats``: one per seat, "human" or an agent spec (or ``{"kind", "spec", "name"}``).
        Returns the room id and one secret token per human seat (only now: the server keeps hashes)."""
        throttle(request)
        the_game(body.game)
        options = engine.network_options(body.game, body.options)  # never a path a client names
        seats = [s if isinstance(s, str) else s.model_dump() for s in body.seats]
        live, tokens = hub_of(request).create(
            body.game, options, seats, body.seed, body.decks, body.setup, body.public
        )
        return {
            "room": live.row.id,
            "tokens": {str(i): t for i, t in tokens.items()},
            "links": {str(i): f"/room/{live.row.id}?token={t}" for i, t in tokens.items()},
            "spectate": f"/room/{live.row.id}",
        }

    @app.get("/api/rooms", tags=["rooms"])
    def list_rooms(
        request: Request, finished: bool = False, limit: Annotated[int, Query(ge=1, le=200)] = 50
    ) -> dict:
        """Public rooms being played (to spectate or join an open seat), or finished games to replay."""
        hub = hub_of(request)
        out = []
        idle = None if finished else time.time() - cfg.idle_minutes * 60
        for row in hub.store.listing(over=finished, limit=limit, since=idle):
            out.append(
                {
                    "room": row.id,
                    "game": row.game,
                    "options": row.options,
                    "seats": [
                        {"kind": s["kind"], "name": s["name"], **({"spec": s["spec"]} if "spec" in s else {})}
                        for s in row.seats
                    ],
                    "steps": row.steps,
                    "over": row.over,
                    "result": row.result,
                    "origin": row.origin,
                    "updated": row.updated,
                }
            )
        return {"rooms": out}

    @app.get("/api/rooms/{room}", tags=["rooms"])
    def room_state(
        room: str,
        request: Request,
        token: str | None = None,
        lang: str | None = None,
        since: Annotated[int, Query(ge=0)] = 0,
        voice: Annotated[str, Query(pattern="^(second|third)$")] = "second",
    ) -> dict:
        """The room as the token's seat sees it (no token: a spectator). ``voice=third``: the texts name
        every player, "you" included (a screen shared by several players)."""
        hub = hub_of(request)
        live = hub.get(room)
        return room_payload(live, hub.seat_of(live, token), lang, since, third=voice == "third")

    @app.post("/api/rooms/{room}/actions", tags=["rooms"])
    def act(room: str, body: Act, request: Request, lang: str | None = None) -> dict:
        """Take an action (its notation) as the token's seat; the new payload, or a 4xx and nothing changed.
        ``step`` (optional) is the step the client saw: a stale client is refused with 409."""
        throttle(request)
        hub = hub_of(request)
        live = hub.get(room)
        seat = hub.seat_of(live, body.token)
        if seat is None:
            raise RoomError("a seat token is required to act", 403)
        live = hub.act(room, seat, body.action, body.step, lang)
        return room_payload(live, seat, lang)

    @app.post("/api/rooms/{room}/preview", tags=["rooms"])
    async def preview(room: str, body: Previewed, request: Request) -> dict:
        """What the token's seat (to move) would see after one of its moves, before it confirms it:
        ``{"step", "move", "preview"}``, where ``preview`` is ``{"view": …}`` (the seat's view after the
        move) when that view depends on no luck and nothing the seat cannot see, else null (a draw, a die,
        a card turned up). ``move`` is the index in the payload's ``moves``; a ``step`` that is not the
        game's is refused with 409. Nothing changes."""
        throttle(request)
        hub = hub_of(request)
        live = await to_thread.run_sync(hub.get, room)
        seat = hub.seat_of(live, body.token)
        return await to_thread.run_sync(hub.preview, room, seat, body.move, body.step)

    @app.post("/api/rooms/{room}/name", tags=["rooms"])
    def rename(room: str, body: Named, request: Request, lang: str | None = None) -> dict:
        """Name the token's seat (an invitee sets theirs): shown everywhere the table names players. Markup
        stays text, control characters are refused, it is cut to 24 characters."""
        throttle(request)
        hub = hub_of(request)
        live = hub.get(room)
        seat = hub.seat_of(live, body.token)
        live = hub.rename(room, seat, body.name)
        return room_payload(live, seat, lang)

    @app.post("/api/rooms/{room}/chat", tags=["rooms"])
    def chat(room: str, body: Said, request: Request) -> dict:
        """A chat line from the token's seat, kept with the game (``notes`` in every payload). The socket's
        ``{"type": "chat", "text"}`` does the same."""
        throttle(request)
        hub = hub_of(request)
        live = hub.get(room)
        seat = hub.seat_of(live, body.token)
        if not chats.take(f"{room}:{seat}"):
            raise RoomError("too many chat lines: slow down", 429)
        return hub.chat(room, seat, body.text)

    @app.post("/api/rooms/{room}/resign", tags=["rooms"])
    def resign(room: str, body: TokenOnly, request: Request, lang: str | None = None) -> dict:
        """The token's seat gives up: the game ends, that seat last, the others by their standing."""
        throttle(request)
        hub = hub_of(request)
        live = hub.get(room)
        seat = hub.seat_of(live, body.token)
        live = hub.resign(room, seat)
        return room_payload(live, seat, lang)

    @app.post("/api/rooms/{room}/close", tags=["rooms"])
    def close_room(room: str, body: TokenOnly, request: Request) -> dict:
        """A player takes the table off the public list (its address still shows it)."""
        throttle(request)
        hub = hub_of(request)
        live = hub.get(room)
        hub.close(room, hub.seat_of(live, body.token))
        return {"room": room, "public": False}

    @app.get("/api/rooms/{room}/undo", tags=["rooms"])
    def undo_check(room: str, request: Request, token: str | None = None) -> dict:
        """Whether the token's seat may take its last action back now (``{"undo", "why", "step"}``): its
        own last action, nobody acted since, no randomness drawn and nothing hidden revealed to anyone
        (docs/rulings.md, Engine-wide: undo)."""
        hub = hub_of(request)
        live = hub.get(room)
        return hub.undo_check(room, hub.seat_of(live, token))

    @app.post("/api/rooms/{room}/undo", tags=["rooms"])
    def undo(room: str, body: TokenOnly, request: Request, lang: str | None = None) -> dict:
        """Take the token's seat's last action back (see ``GET …/undo``): the new payload, or 409 with why
        not in one line, nothing changed."""
        throttle(request)
        hub = hub_of(request)
        live = hub.get(room)
        seat = hub.seat_of(live, body.token)
        live = hub.undo(room, seat)
        return room_payload(live, seat, lang)

    @app.post("/api/rooms/{room}/hint", tags=["coach"])
    async def hint(room: str, body: TokenOnly, request: Request, lang: str | None = None) -> dict:
        """The coach's suggestion to the token's seat, which must be to move (``kansei.agents.coach.hint``:
        a search from that seat's information only, in the bot pool): ``{"move", "text", "chance",
        "alternatives"}``. At tables with a bot; off between people (409)."""
        throttle(request)
        hub = hub_of(request)
        live = await to_thread.run_sync(hub.get, room)
        seat = hub.seat_of(live, body.token)
        return await to_thread.run_sync(hub.ask_hint, room, seat, pick_lang(live.game, lang))

    @app.get("/api/rooms/{room}/analysis", tags=["coach"])
    def analysis(room: str, request: Request, lang: str | None = None) -> dict:
        """The coach's review of a finished game (``kansei.agents.coach.review``, every seat judged with
        its own information), kept with the game: ``{"status": "ready", "curve", "moves", "summary", …}``;
        the first request asks the bot pool for it (``{"status": "queued"}``: ask again; every socket of
        the room is told when it is ready)."""
        return hub_of(request).analysis(room, lang)

    @app.post("/api/rooms/{room}/rematch", tags=["rooms"])
    def rematch(room: str, body: TokenOnly, request: Request) -> dict:
        """A finished game's rematch: same game, options, decks and seats, a new secret seed; each seat
        keeps its token. Every seat is told the new room's id (``rematch`` in the payload)."""
        throttle(request)
        hub = hub_of(request)
        live = hub.get(room)
        if hub.seat_of(live, body.token) is None:
            raise RoomError("a seat token is required to open a rematch", 403)
        if not live.over:
            raise RoomError("the game is not over yet", 409)
        if live.row.rematch:
            return {"room": live.row.rematch}
        seats = [dict(s) for s in live.row.seats]
        new, _ = hub.create(
            live.row.game,
            live.row.options,
            seats,
            None,
            live.row.decks,
            live.row.setup,
            live.row.public,
            tokens=list(live.row.tokens),
        )
        if not hub.store.set_rematch(room, new.row.id):
            row = hub.store.room(room)
            return {"room": row.rematch if row else new.row.id}
        hub.rematched(live, new.row.id)
        return {"room": new.row.id}

    # -------------------------------------------------------------------------------- replays
    def finished(hub: Hub, room: str) -> Live:
        live = hub.get(room)
        if not live.over:
            raise RoomError("replays open when the game is over (the seed is secret until then)", 409)
        return live

    @app.get("/api/rooms/{room}/replay", tags=["replays"])
    def download_replay(room: str, request: Request) -> Response:
        """A finished game as a ``kansei-replay/1`` file."""
        from kansei.core import replay as replays

        live = finished(hub_of(request), room)
        row = live.row
        rep = replays.make_replay(
            row.game,
            engine.replay_options(row.options),
            row.seed,
            row.players,
            row.decks,
            row.setup,
            [n for _, n, _ in live.history],
            live.state,
            [s.get("spec") or s["name"] for s in row.seats],
        )
        return Response(
            json.dumps(rep, indent=1, ensure_ascii=False),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{row.game}-{row.id}.json"'},
        )

    @app.get("/api/rooms/{room}/steps/{step}", tags=["replays"])
    def replay_step(
        room: str,
        step: Annotated[int, Path_(ge=0, le=10**9)],
        request: Request,
        seat: Annotated[str, Query(max_length=8)] = "all",
        lang: Annotated[str | None, Query(max_length=16)] = None,
    ) -> dict:
        """A finished game after ``step`` actions, from one seat's point of view (``seat=0``…) or with every
        card open (``seat=all``)."""
        live = finished(hub_of(request), room)
        if step > live.step:
            raise RoomError(f"step must be 0..{live.step}", 422)
        viewer: int | None
        if seat == "all":
            viewer = None
        elif seat.isascii() and seat.isdigit() and int(seat) < live.row.players:
            viewer = int(seat)
        else:
            raise RoomError(f"seat must be all or 0..{live.row.players - 1}", 422)
        state = engine.game_for(live.row.game, live.row.options).start(
            seed=live.row.seed, players=live.row.players, decks=live.row.decks, setup=live.row.setup or None
        )
        for s, n, _ in live.history[:step]:
            engine.apply(state, n, s)
        lang = pick_lang(live.game, lang)
        names = engine.table_names(live.game, given_names(live.row.seats), lang, hot_seat=True)
        p = seat_payload(live.game, state, live.history[:step], viewer, lang, names=names)
        p["legal"], p["moves"] = [], []
        if viewer is None:
            p["view"] = merged_view(state)
        p.update(
            room=room,
            game=live.row.game,
            game_name=live.game.title(lang),
            total=live.step,
            seats=[{"seat": i, "kind": s["kind"], "name": s["name"]} for i, s in enumerate(live.row.seats)],
            languages=list(engine.languages(live.game)),
            options=live.row.options,
        )
        return p

    @app.post(
        "/api/replays",
        tags=["replays"],
        status_code=201,
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object", "title": "kansei-replay/1"}}},
            }
        },
    )
    async def upload_replay(request: Request) -> dict:
        """Upload a ``kansei-replay/1`` file (its JSON as the body): it is checked exactly as ``kansei
        replay`` checks it (the schema, every action, the recorded result and digest) and kept as a finished
        game to step through; a file that does not re-run to its result is refused with its first
        problem."""
        throttle(request)
        raw = await request.body()
        data = engine.read_replay(raw.decode("utf-8"))  # the body is UTF-8 JSON (the middleware checked)
        the_game(str(data.get("game")))
        engine.network_options(data["game"], data.get("options") or {})  # before anything is loaded
        await to_thread.run_sync(engine.check_replay, data)
        live = await to_thread.run_sync(hub_of(request).create_replay, data)
        return {"room": live.row.id, "over": live.state.is_over, "steps": live.step}

    # -------------------------------------------------------------------------------- live play
    @app.websocket("/api/rooms/{room}/ws")
    async def live_socket(ws: WebSocket, room: str) -> None:
        """Pushes the seat's payload (``{"type": "state", ...}``) after every change. The client sends
        ``{"type": "action", "action": NOTATION, "step": N}`` or ``{"type": "ping"}``; a refusal is
        ``{"type": "error", "message"}`` and the socket stays open. A frame the server does not read (binary,
        too big, a flood) closes the socket with a code and a one-line reason."""
        hub = hub_of(ws)
        await ws.accept()
        query = ws.query_params
        token, lang, since_text = query.get("token"), query.get("lang"), query.get("since", "0")
        third = query.get("voice") == "third"  # a shared screen: every player by name
        if not posts.take(client_key(ws)):
            await ws.close(1008, "too many requests: slow down")
            return
        if not (since_text.isascii() and since_text.isdigit() and len(since_text) <= 12):
            await ws.close(4422, "since must be a whole number (an event index, 0 or more)")
            return
        if lang is not None and len(lang) > 16:
            await ws.close(4422, "lang must be a language code (en, fr, ja)")
            return
        # a shared screen's own spectator socket (voice=third without a token) is a player's, not a watcher's
        waiter = Waiter(asyncio.get_running_loop(), asyncio.Event(), None, player=third and not token)
        try:
            live = await to_thread.run_sync(hub.get, room)
            waiter.seat = seat = hub.seat_of(live, token)
            live = await to_thread.run_sync(hub.watch, room, waiter)
        except RoomError as e:
            await ws.close(4000 + e.status, close_reason(one_line(e)))
            return
        except KanseiError as e:  # a room that no longer loads (its game or content is gone)
            await ws.close(4422, close_reason(one_line(e)))
            return
        cursor = int(since_text)
        bucket = Bucket(cfg.limits.ws_rate, cfg.limits.ws_burst)
        # chat lines past the socket's rate are refused one by one (the chat's own limit); only a flood five
        # times the socket's limit closes it
        hard = Bucket(cfg.limits.ws_rate * 5, cfg.limits.ws_burst * 5)

        async def push() -> None:
            nonlocal cursor
            undos = live.undos
            while True:
                waiter.event.clear()
                if live.undos != undos:  # a move was taken back: this socket's events again from the start
                    undos, cursor = live.undos, 0
                text, cursor = socket_payload(live, seat, lang, cursor, third)  # shared by the room's sockets
                await ws.send_text(text)
                await waiter.event.wait()

        async def error(message: str) -> None:
            await ws.send_json({"type": "error", "message": message})

        async def handle(raw: str) -> None:
            try:
                msg = json.loads(raw)
            except (ValueError, RecursionError):
                await error("malformed message: send a JSON object")
                return
            if not isinstance(msg, dict):
                await error("malformed message: send a JSON object")
                return
            kind = msg.get("type")
            if kind == "ping":
                await ws.send_json({"type": "pong"})
            elif kind == "action":
                action, step = msg.get("action"), msg.get("step")
                if not isinstance(action, str) or len(action) > 500:
                    await error("action must be a notation (a string)")
                    return
                if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
                    await error("step must be an integer")
                    return
                try:
                    await to_thread.run_sync(hub.act, room, seat, action, step, lang)
                except KanseiError as e:
                    await error(one_line(e))
                    if isinstance(e, RoomError) and e.status == 409:
                        waiter.wake()  # a stale client: send it the game as it is now
            elif kind == "chat":
                if not chats.take(f"{room}:{seat}"):
                    await error("too many chat lines: slow down")
                    return
                try:
                    await to_thread.run_sync(hub.chat, room, seat, msg.get("text"))
                except KanseiError as e:
                    await error(one_line(e))
            else:
                await error("unknown message type (action, chat or ping)")

        async def listen() -> None:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                raw = frame.get("text")
                if raw is None:
                    await ws.close(1003, "binary frames are not read here: send JSON text")
                    return
                if len(raw.encode("utf-8", "replace")) > cfg.limits.ws_message_bytes:
                    await ws.close(1009, f"message too big (limit {cfg.limits.ws_message_bytes} bytes)")
                    return
                if not hard.take() or (not bucket.take() and '"chat"' not in raw):
                    await ws.close(1008, "too many messages: slow down")
                    return
                try:
                    await handle(raw)
                except (WebSocketDisconnect, asyncio.CancelledError):
                    raise
                except Exception as e:  # a bug of ours: logged; this message fails, the socket goes on
                    log.error("room %s socket: %s", room, one_line(e), exc_info=e)
                    await error("internal error: that message was not handled (logged on the server)")

        tasks = [asyncio.create_task(push()), asyncio.create_task(listen())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for t in tasks:
                t.cancel()
            for t in tasks:
                try:
                    await t
                except (asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                    pass
                except Exception as e:  # a socket closed mid-send
                    hub.on_error(f"socket: {one_line(e)}")
            await to_thread.run_sync(hub.unwatch, live, waiter)

    return app


def deck_toml(deck: dict[str, Any]) -> str:
    """Deck data as a TOML deck file (what ``kansei validate`` and the importer read back); a deck TOML
    cannot hold (a null in a list, mixed types) is one ContentError line."""

    def clean(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): clean(v) for k, v in value.items() if v is not None}
        if isinstance(value, list):
            if any(v is None for v in value):
                raise ContentError(["deck: a list holds a null, which a TOML deck file cannot"])
            return [clean(v) for v in value]
        return value

    try:
        return tomli_w.dumps(clean(deck))
    except (TypeError, ValueError) as e:
        raise ContentError([f"deck: cannot be written as a TOML deck file ({one_line(e)})"]) from None
