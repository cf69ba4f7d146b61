"""What one seat is sent: built only from ``view(seat)``, ``events_for(seat)``, the legal actions (to the
seat to move only) and the public notation of other seats' actions. Never the seed, never ``reveal()``
while a game is played."""

from __future__ import annotations

from typing import Any

from kansei.core.names import Names
from kansei.core.protocol import Game, State

from . import engine, tutorials
from .rooms import Live, payload_text, result_of


def seats_info(live: Live) -> list[dict]:
    online = set(live.online)
    out = []
    for i, s in enumerate(live.row.seats):
        d = {"seat": i, "kind": s["kind"], "name": s["name"], "online": s["kind"] != "human" or i in online}
        if s["kind"] == "bot":
            d["spec"] = s["spec"]
        out.append(d)
    return out


def pick_lang(game: Game, lang: str | None) -> str:
    langs = engine.languages(game)
    return lang if lang in langs else langs[0]


def seat_payload(
    game: Game,
    state: State,
    history: list[tuple[int | None, str, str]],
    seat: int | None,
    lang: str,
    since: int = 0,
    names: Names | None = None,
) -> dict[str, Any]:
    """The payload of the issue (``to_move``, ``legal``, ``view``, ``events``, ``over``, ``result``) plus
    what the page needs, from the engine's hooks only: the seat's moves with the game's own descriptions,
    their refs (``game.move_refs``: what each touches in the seat's view) and rule ids, the decision in
    words (``game.prompt``) and why the things it cannot use now cannot be used (``game.unusable``), both
    told only to the seat to move; narrated events (with the table's names) and where the narration
    breaks; the last action as this seat may know it."""
    over = state.is_over
    to_move = None if over else state.to_move
    mine = seat is not None and to_move == seat
    legal = state.legal_actions() if mine else ()
    names = names if names is not None else game.names(None, lang)
    events = engine.events_for(state, seat, max(0, since))
    last = None
    if history:
        actor, notation, public = history[-1]
        last = {"seat": actor, "action": notation if actor == seat and seat is not None else public}
    return {
        "seat": seat,
        "step": len(history),
        "to_move": to_move,
        "legal": [a.notation for a in legal],
        "moves": [
            {
                "action": a.notation,
                "kind": a.kind,
                "text": engine.describe(game, state, a, lang, names),
                "refs": engine.move_refs(game, state, a),
                "rules": engine.move_rules(game, state, a),
            }
            for a in legal
        ],
        "prompt": engine.prompt(game, state, lang, names) if mine else "",
        # the move the table may play by itself for the seat (nothing else it could do matters): the page
        # plays it unless its player asked to be stopped every time
        "auto": auto.notation
        if mine and seat is not None and (auto := engine.default_action(game, state, seat))
        else None,
        "unusable": engine.unusable(game, state, seat, lang, names) if mine and seat is not None else {},
        "view": state.view(seat),
        "events": events,
        "events_start": max(0, since),
        "log": [engine.narrate(game, e, seat, lang, names) for e in events],
        "breaks": [i for i, e in enumerate(events) if engine.narration_break(game, e)],
        "names": names.as_list(state.players),
        "last": last,
        "over": over,
        "result": result_of(state),
        "lang": lang,
    }


def given_names(row_seats: list[dict]) -> list[str | None]:
    """The names people gave their seats (None: none given, the game says "Player 2" in its language). A
    bot's spec is never a name."""
    out: list[str | None] = []
    for s in row_seats:
        name = s.get("name") or None
        out.append(None if name is None or name == s.get("spec") else str(name))
    return out


def room_payload(
    live: Live, seat: int | None, lang: str | None, since: int = 0, third: bool = False
) -> dict[str, Any]:
    with live.lock:  # one consistent snapshot: states are replaced, never changed, once published
        state, history, row = live.state, list(live.history), live.row
        spectators, notes, ended = live.spectators, list(live.notes), live.over and not state.is_over
    lang = pick_lang(live.game, lang)
    names = engine.table_names(live.game, given_names(row.seats), lang, hot_seat=third)
    p = seat_payload(live.game, state, history, seat, lang, since, names)
    if ended:  # the room ended around the game (a resignation): nobody is to move any more
        p.update(over=True, to_move=None, legal=[], moves=[], prompt="", auto=None, unusable={})
        p["result"] = row.result
    p.update(
        notes=notes,  # chat lines, names given, resignations: {id, seat, kind, text, at}
        room=row.id,
        game=row.game,
        game_name=live.game.title(lang),
        options=row.options,
        seats=seats_info(live),
        rematch=row.rematch,
        languages=list(engine.languages(live.game)),
        spectators=spectators,
        hints=any(s.get("kind") == "bot" for s in row.seats),  # the coach's hint button (rooms.hints_allowed)
    )
    script = tutorials.script_for(live.game) if row.origin == tutorials.ORIGIN else None
    if script is not None:  # a lesson: the step the person is at (tutorials.current)
        p["tutorial"] = tutorials.current(script, history)
    return p


def socket_payload(
    live: Live, seat: int | None, lang: str | None, since: int, third: bool = False
) -> tuple[str, int]:
    """The socket message for ``seat`` from event ``since`` on, as JSON text, and the cursor after it.
    Built once per room version, seat, language and cursor: the sockets of one room that see the same
    thing (spectators above all) share one build, so a change costs that room's distinct seats, not its
    sockets."""
    lang = pick_lang(live.game, lang)
    key = (seat, lang, since, third)
    with live.lock:
        version = live.version
        hit = live.payloads.get(key)
    if hit is not None and hit[0] == version:
        return hit[1], hit[2]
    p = room_payload(live, seat, lang, since, third)
    text, cursor = payload_text(p), p["events_start"] + len(p["events"])
    with live.lock:
        if live.version == version:
            live.payloads[key] = (version, text, cursor)
    return text, cursor


def merged_view(state: State) -> Any:
    """All cards open (finished games only): the spectator's view with what each seat saw merged in."""
    out: Any = state.view(None)
    for seat in range(state.players):
        out = _merge(out, state.view(seat))
    return out


def _merge(a: Any, b: Any) -> Any:
    if isinstance(a, dict) and isinstance(b, dict):
        merged = dict(a)
        for k, v in b.items():
            merged[k] = _merge(a[k], v) if k in a else v
        return merged
    if isinstance(a, list) and isinstance(b, list):
        if len(a) == len(b):
            return [_merge(x, y) for x, y in zip(a, b, strict=True)]
        return b if len(b) > len(a) else a
    return a if a is not None else b
