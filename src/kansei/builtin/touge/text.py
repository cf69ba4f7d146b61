"""Player-facing text for Touge (rich), in English, French and Japanese: the board as one seat sees it,
menu lines, prompts, why a card or tile cannot be used, narration of events, and card faces.

Everything is built from what the seat may see: ``state.view(seat)`` for the board, the seat's own legal
actions for menus and prompts, and the events of ``state.events_for(seat)`` for narration (never a
notation). Players are named by the table's :class:`~kansei.core.names.Names` ("you" for the viewer's own
seat where the client wants it); names are escaped wherever rich markup is built. No text carries a rule
id or an engine name (``Game.move_rules`` gives the rule ids). The sentences are :mod:`.lang`'s catalogs;
card names and texts are the content's, in each language (views and events name cards in English, their
id: the text finds the card and says its name in the reader's language).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, DeckWords, OptionWords

from .bots import preview
from .cards import Car, Disaster, Road, TuneUp
from .lang import WORDS, plural, say, tr
from .rules import BUILD, NULLIFY, REDRAW, TUNE_PHASE, distinct
from .state import REDRAW_HIDDEN, TougeState
from .table import ROAD, TUNE, CardDef
from .table import Table as CardTable

SHORT_NAME = 12  # cells of a name in the board's lines
TAG_NAME = 5  # cells of a name in the course's narrow columns


def _stars(n: int) -> str:
    return "★" * n


def road_label(d: CardDef, lang: str = "en") -> str:
    """``C ★★★ 4D/3U``: a road's type, tier and values (TG-C2)."""
    kind = tr(lang, "short_C" if d.rtype == 0 else "short_S")
    return tr(lang, "label", type=kind, stars=_stars(d.stars), down=d.value[0], up=d.value[1])


def _list(lang: str, items: list[str], last: str = "list_and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last``: the key of the words before the last item)."""
    if len(items) <= 1:
        return "".join(items)
    return tr(lang, "comma").join(items[:-1]) + tr(lang, last) + items[-1]


def _card(table: CardTable, name: Any, lang: str) -> str:
    """A card named in English by a view or an event, by its name in ``lang`` (as given if unknown)."""
    cid = table.find(name) if isinstance(name, str) else None
    return table.cards[cid].rec.name_in(lang) if cid is not None else str(name)


def _cards(table: CardTable, names: list[Any], lang: str) -> list[str]:
    return [_card(table, n, lang) for n in names]


# ------------------------------------------------------------------------------------------ who
def _who(names: Names, seat: int | None, viewer: int | None, lang: str) -> str:
    """A racer mid-sentence, told to ``viewer``: "you" for its own seat, else the name."""
    return tr(lang, "you") if names.addressed(seat, viewer) else names(seat)


def _say(
    lang: str,
    key: str,
    names: Names,
    seat: int | None,
    viewer: int | None,
    who: str | None = None,
    **fields: Any,
) -> str:
    """Sentence ``key`` whose subject is ``seat``: its "you" form told to that seat, else with ``{Who}``
    (``who``, or the seat's name)."""
    you = names.addressed(seat, viewer)
    return say(lang, key, you, Who=who if who is not None else names(seat), **fields)


def _short(names: Names, seat: int | None, viewer: int | None, lang: str, most: int = SHORT_NAME) -> str:
    """A name cut to ``most`` cells (a Japanese character is two), for the board."""
    who = _who(names, seat, viewer, lang)
    return who if cell_len(who) <= most else set_cell_size(who, most - 1) + "…"


def _tag(names: Names, seat: int, viewer: int | None, lang: str) -> str:
    """A racer in the course's narrow columns: "you", "P2" where no name was given, else a cut name."""
    if names.addressed(seat, viewer):
        return tr(lang, "you_tag")
    if names.given(seat):
        return _short(names, seat, viewer, lang, TAG_NAME)
    return tr(lang, "tag", n=seat + 1)


def _scores(names: Names, scores: list[int], viewer: int | None, lang: str) -> str:
    """``Alice 18 – Bob 16`` (``you 18 – Bob 16``)."""
    return f"{_who(names, 0, viewer, lang)} {scores[0]} – {_who(names, 1, viewer, lang)} {scores[1]}"


def _direction(lang: str, direction: Any) -> str:
    key = f"dir_{direction}"
    return tr(lang, key) if WORDS.has(lang, key) else str(direction)


# ------------------------------------------------------------------------------------------ the board
def render(state: TougeState, seat: int | None, lang: str = "en", names: Names | None = None) -> Panel:
    names = names or Names(lang=lang)
    v = state.view(seat)
    t = state.game.table
    mode = tr(lang, "mode_time_attack" if v["mode"] == "time_attack" else "mode_sudden_death")
    head = Text.assemble(
        (tr(lang, "title", mode=mode), "bold"),
        f"  {tr(lang, 'head_battle', battle=v['battle'])}  ",
        (tr(lang, f"head_{v['direction']}"), "bold cyan"),
        f"  {tr(lang, 'head_leader', who=_short(names, v['leader'], seat, lang))}"
        f"  {tr(lang, 'head_wins', a=v['wins'][0], b=v['wins'][1])}",
    )
    dis = v["disaster"]
    if dis:
        cid = t.find(dis["card"])
        rec = t.cards[cid].rec if cid is not None else None
        shown = tr(
            lang,
            "disaster_line",
            card=rec.name_in(lang) if rec else dis["card"],
            text=rec.text_in(lang) if rec else dis["text"],
        )
    else:
        shown = tr(lang, "none")
    dline = Text.assemble((tr(lang, "disaster_label"), "bold red"), shown)
    parts: list[Any] = [dline]
    short = [escape(_tag(names, p, seat, lang)) for p in (0, 1)]
    comma = tr(lang, "comma")
    if v["course"]:
        course = Table(expand=False, box=None, pad_edge=False)
        columns = ("col_tile", "col_road", "", "col_du", "col_by", "col_tuneups")
        for col in (*columns, short[0], short[1]):
            title = tr(lang, col) if col in columns and col else col
            if col == "col_road":  # one line a road: a long name is cut (card NAME shows it whole)
                course.add_column(title, no_wrap=True, overflow="ellipsis", max_width=24)
            elif col == "col_tuneups":
                course.add_column(title, min_width=12, overflow="fold")  # Japanese has no spaces
            else:
                course.add_column(
                    title, no_wrap=True, justify="right" if col in short else "left", min_width=2
                )
        for tile in v["course"]:
            tunes = comma.join(
                tr(lang, "owned", card=escape(_card(t, u["card"], lang)), who=short[u["owner"]])
                for u in tile["tuneups"]
            )
            name = escape(_card(t, tile["road"], lang))
            course.add_row(
                str(tile["tile"]),
                f"✗ [strike]{name}[/strike]" if tile["nullified"] or tile["wiped"] else name,
                f"{tr(lang, 'col_' + tile['type'])}{_stars(tile['stars'])}",
                f"{tile['down']}/{tile['up']}",
                short[tile["owner"]],
                tunes,
                str(tile["scores"][0]),
                str(tile["scores"][1]),
            )
        course.add_row(
            "",
            f"[bold]{tr(lang, 'this_run')}",
            "",
            "",
            "",
            "",
            f"[bold]{v['projected'][0]}",
            f"[bold]{v['projected'][1]}",
        )
        parts.append(course)
    else:
        parts.append(Text(tr(lang, "course_empty")))
    if v["course_tuneups"]:
        whole = comma.join(
            tr(lang, "owned", card=_card(t, u["card"], lang), who=_short(names, u["owner"], seat, lang))
            for u in v["course_tuneups"]
        )
        parts.append(Text(tr(lang, "whole_course", tunes=whole)))
    for p in v["players"]:
        m = p["multipliers"]
        you = names.addressed(p["seat"], seat)
        ab = p["ability"]
        car = t.cards[state.cars[p["seat"]]]
        ability = car.ability.name_in(lang) if car.ability else ab["name"]
        state_word = tr(lang, "ab_on" if ab["active"] else "ab_used" if ab["used"] else "ab_ready")
        line = tr(
            lang,
            "player",
            who=_short(names, p["seat"], seat, lang),
            car=car.rec.name_in(lang),
            dhc=m["downhill"]["C"],
            dhs=m["downhill"]["S"],
            uhc=m["uphill"]["C"],
            uhs=m["uphill"]["S"],
            ability=ability,
            state=state_word,
            hand=p["hand_count"],
            deck=p["deck_count"],
        )
        parts.append(Text(line, style="bold" if you else ""))
        if p.get("hand") is not None:
            hand = Table.grid(padding=(0, 1))  # the cards wrap under themselves, not under "hand:"
            hand.add_column(no_wrap=True)
            hand.add_column(overflow="fold")  # a Japanese line is one word: folded, not cut
            held = escape(_hand_line(state, [h["card"] for h in p["hand"]], lang))
            hand.add_row(tr(lang, "hand_label"), held or tr(lang, "empty"))
            parts.append(hand)
    if v["over"]:  # the battles' scores (during the race the players' lines say enough)
        for b in v["battles"]:
            won = tr(lang, "tie") if b["winner"] is None else _say(lang, "b_won", names, b["winner"], seat)
            line = tr(
                lang,
                "b_battle",
                battle=b["battle"],
                direction=_direction(lang, b["direction"]),
                scores=_scores(names, b["scores"], seat, lang),
                result=won,
            )
            parts.append(Text(line, style="dim"))
        res = tr(lang, "draw") if v["winner"] is None else _say(lang, "b_race_won", names, v["winner"], seat)
        parts.append(Text(tr(lang, "b_race", result=res), style="bold green"))
        foot = Text(tr(lang, "foot_over"), style="italic")
    else:
        key = f"phase_{v['phase']}"
        phase = tr(lang, key) if WORDS.has(lang, key) else v["phase"]
        mover = _short(names, v["to_move"], seat, lang)
        foot = Text(tr(lang, "foot", phase=phase, who=mover), style="italic")
        if v["course"] and v["forecast"] is not None:  # in the bottom border: what passing now gives
            forecast = _forecast_line(v["forecast"], seat, names, lang)
            foot.append(tr(lang, "foot_forecast", forecast=forecast), style="cyan")
    return Panel(
        Group(*parts), expand=False, title=head, title_align="left", subtitle=foot, subtitle_align="left"
    )


def _forecast_line(f: dict[str, Any], seat: int | None, names: Names, lang: str) -> str:
    score = f"{f['totals'][0]}–{f['totals'][1]}"
    if f["race_over"]:
        if f["race_winner"] is None:
            return tr(lang, "fc_race_draw", score=score)
        winner = f["race_winner"]
        return _say(lang, "fc_race", names, winner, seat, _tag(names, winner, seat, lang), score=score)
    if f["winner"] is None:
        return tr(lang, "fc_none", score=score)
    return _say(
        lang, "fc_battle", names, f["winner"], seat, _tag(names, f["winner"], seat, lang), score=score
    )


def _hand_line(state: TougeState, held: list[str], lang: str = "en") -> str:
    """Hand cards with their key numbers: roads with type, tier and values; tune-ups by name."""
    t = state.game.table
    out = []
    for name in held:
        cid = t.find(name)
        d = t.cards[cid] if cid is not None else None
        shown = d.rec.name_in(lang) if d is not None else name
        road = d is not None and d.kind == ROAD
        out.append(tr(lang, "hand_road", card=shown, label=road_label(d, lang)) if d and road else shown)
    return tr(lang, "comma").join(out)


# ------------------------------------------------------------------------------------------ menus
def describe(state: TougeState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """A menu line for the seat to move: the card with its numbers, and the change it makes to the
    projected margin of this run (``[margin +4]``)."""
    cards = state.game.table.cards
    k = action.kind
    if k == "road":
        d = cards[action.args[0]]
        what = tr(lang, "m_road", card=d.rec.name_in(lang), label=road_label(d, lang))
    elif k == "tune":
        d = cards[action.args[0]]
        tile = action.args[1]
        if tile >= 0:
            road = cards[state.course[tile][1]]
            what = tr(
                lang,
                "m_tune_tile",
                card=d.rec.name_in(lang),
                text=d.rec.text_in(lang),
                tile=tile + 1,
                road=road.rec.name_in(lang),
                label=road_label(road, lang),
            )
        else:
            what = tr(lang, "m_tune", card=d.rec.name_in(lang), text=d.rec.text_in(lang))
    elif k == "ability":
        ab = cards[state.cars[state.turn]].ability
        what = (
            tr(lang, "m_ability", ability=ab.name_in(lang), text=ab.text_in(lang))
            if ab
            else tr(lang, "m_ability_none")
        )
    elif k == "redraw":
        d = cards[action.args[0]]
        if d.kind == ROAD:
            return tr(lang, "m_redraw_road", card=d.rec.name_in(lang), label=road_label(d, lang))
        return tr(lang, "m_redraw", card=d.rec.name_in(lang))
    elif k == "done":
        return tr(lang, "m_keep" if not state.aside[state.turn] else "m_done")
    elif k == "nullify":
        tile = action.args[0]
        road = cards[state.course[tile][1]]
        return tr(lang, "m_nullify", tile=tile + 1, road=road.rec.name_in(lang), label=road_label(road, lang))
    elif k == "pass":
        return tr(lang, "m_pass")
    else:
        return action.notation
    pv = preview(state, action)
    if pv is not None:
        if pv.standing != pv.before:
            standing = tr(lang, f"standing_{pv.standing}")
            what += tr(lang, "m_margin_standing", margin=pv.margin, standing=standing)
        else:
            what += tr(lang, "m_margin", margin=pv.margin)
    return what


def public_words(notation: str, lang: str = "en") -> str | None:
    """Another seat's move whose events tell a seat nothing, from its public notation alone: a card put
    back to redraw (TG-T1; which card is that seat's own)."""
    return tr(lang, "w_redraw_hidden") if notation == REDRAW_HIDDEN else None


def menu_group(card: CardDef, lang: str = "en") -> str:
    """The group of a tune-up's plays in a long menu: the card and its text."""
    return tr(lang, "m_group", card=card.rec.name_in(lang), text=card.rec.text_in(lang))


def prompt(state: TougeState, lang: str = "en", names: Names | None = None) -> str:
    """The decision the seat to move faces, from its own view: its hand and its legal actions."""
    if state.is_over:
        return ""
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    if state.phase == REDRAW:
        p = state.turn
        marked = len(state.aside[p])
        left = state.redraws_left[p]
        if not marked:
            return tr(lang, "p_redraw", cards=plural(lang, "card", left))
        return tr(lang, "p_redraw_more", left=left, put=plural(lang, "put_back", marked))
    if state.phase == BUILD:
        return tr(lang, "p_build" if "road" in kinds else "p_no_road")
    if state.phase == TUNE_PHASE:
        tune, ability = "tune" in kinds, "ability" in kinds
        if not (tune or ability):
            return tr(lang, "p_no_tune")
        if not ability:
            return tr(lang, "p_tune")
        ab = state.game.table.cards[state.cars[state.turn]].ability
        name = ab.name_in(lang) if ab else tr(lang, "your_ability")
        return tr(lang, "p_tune_ability" if tune else "p_ability", ability=name)
    if state.phase == NULLIFY:
        tiles = [str(a.args[0] + 1) for a in legal]
        return tr(lang, "p_nullify", tiles=_list(lang, tiles, "list_or"))
    return ""


def unusable(state: TougeState, seat: int, lang: str = "en", names: Names | None = None) -> dict[str, str]:
    """Why each card, tile and ability in ``seat``'s view that no legal action of it uses cannot be used
    now, one line each, from that seat's view only (its own hand, the open course)."""
    names = names or Names(lang=lang)
    cards = state.game.table.cards
    hand = distinct(state.hands[seat])
    own = [f"hand:{cards[c].slug}" for c in hand] + [f"ability:{seat}"]
    tiles = [f"tile:{i + 1}" for i in range(len(state.course))]
    other = f"ability:{1 - seat}"
    out: dict[str, str] = {other: tr(lang, "u_other_ability", Who=names(1 - seat))}
    if state.is_over or state.to_move != seat:
        wait = tr(lang, "u_over") if state.is_over else tr(lang, "u_wait", Who=names(state.to_move))
        out.update({ref: wait for ref in own + tiles})
        return out
    used = {ref for a in state.legal_actions() for ref in state.game.move_refs(state, a)}
    phase = state.phase
    for c, ref in zip(hand, own, strict=False):
        if ref not in used:
            out[ref] = _why_card(state, cards[c], phase, lang)
    ab = f"ability:{seat}"
    if ab not in used:
        out[ab] = tr(lang, "u_ability_used" if state.ability_used[seat] else "u_ability_phase")
    for i, ref in enumerate(tiles):
        if ref in used:
            continue
        if phase == TUNE_PHASE:
            out[ref] = tr(lang, "u_tile_C" if cards[state.course[i][1]].rtype == 0 else "u_tile_S")
        elif phase == NULLIFY:
            out[ref] = tr(lang, "u_tile_nullify")
        else:
            out[ref] = tr(lang, "u_tile_phase")
    return out


def _why_card(state: TougeState, d: CardDef, phase: str, lang: str) -> str:
    """Why a card of the mover's hand has no action now."""
    if phase == BUILD:
        return tr(lang, "u_tune_build" if d.kind == TUNE else "u_not_now")
    if phase == TUNE_PHASE:
        if d.kind == ROAD:
            return tr(lang, "u_road_sudden" if state.game.sudden and state.battle > 1 else "u_road")
        if not state.course:
            return tr(lang, "u_course_empty")
        return tr(lang, "u_card_C" if d.tile_road == 0 else "u_card_S")
    if phase == REDRAW:
        return tr(lang, "u_no_redraws")
    return tr(lang, "u_leader_picks")


# ------------------------------------------------------------------------------------------ narration
def narrate(
    game: Any, event: dict[str, Any], seat: int | None = None, lang: str = "en", names: Names | None = None
) -> str | None:
    """One line per event of ``events_for(seat)``, told to ``seat`` ("you" for its own actions)."""
    names = names or Names(lang=lang)
    t = event.get("type")
    who = event.get("seat")
    table: CardTable = game.table

    def does(key: str, **fields: Any) -> str:
        return _say(lang, key, names, who, seat, **fields)

    def card(name: Any) -> str:
        return _card(table, name, lang)

    if t == "cars":
        a, b = event["cars"]
        first = _say(lang, "n_cars_1", names, 0, seat, car=card(a))
        return tr(lang, "n_cars", first=first, second=_say(lang, "n_cars_2", names, 1, seat, car=card(b)))
    if t == "coins":
        lead = _say(lang, "n_lead", names, event["leader"], seat)
        return tr(lang, "n_coins", direction=_direction(lang, event["direction"]), lead=lead)
    if t == "disaster":
        if event["card"] is None:
            return tr(lang, "n_no_disaster")
        shown = sum(len(r) for r in event.get("revealed") or [])
        after = tr(lang, "n_after", cards=plural(lang, "other_card", shown)) if shown else ""
        return _say(lang, "n_disaster", names, event["owner"], seat, card=card(event["card"]), after=after)
    if t == "drew":
        return does("n_drew", cards=plural(lang, "card", event["count"]))
    if t == "drew_cards":
        return tr(lang, "n_drew_cards", cards=_list(lang, _cards(table, event["cards"], lang)))
    if t == "put_back":
        return tr(lang, "n_put_back", cards=_list(lang, _cards(table, event["cards"], lang)))
    if t == "redraw":
        if not event["count"]:
            return does("n_keep")
        return does("n_redraw", cards=plural(lang, "card", event["count"]))
    if t == "road":
        return does("n_road", card=card(event["card"]), tile=event["tile"])
    if t == "pass":
        return does("n_pass")
    if t == "tune":
        if event.get("tile"):
            return does("n_tune_tile", card=card(event["card"]), tile=event["tile"])
        return does("n_tune", card=card(event["card"]))
    if t == "ability":
        return does("n_ability", ability=_ability(table, event, lang))
    if t == "course":
        return tr(lang, "n_course", tiles=plural(lang, "tile", len(event["tiles"])))
    if t == "nullify":
        if who is None:
            return tr(lang, "n_wipe", tile=event["tile"])
        return does("n_nullify", tile=event["tile"])
    if t == "run":
        last = event["tiles"][-1]["totals"] if event["tiles"] else [0, 0]
        return tr(
            lang,
            "n_run_back" if event.get("leg") else "n_run",
            direction=_direction(lang, event["direction"]),
            scores=_scores(names, last, seat, lang),
            tiles=plural(lang, "tile", len(event["tiles"])),
        )
    if t == "battle":
        w = tr(lang, "tie") if event["winner"] is None else _say(lang, "n_win", names, event["winner"], seat)
        return tr(
            lang,
            "n_battle",
            battle=event["battle"],
            direction=_direction(lang, event["direction"]),
            scores=_scores(names, event["scores"], seat, lang),
            result=w,
        )
    if t == "battle_start":
        lead = _say(lang, "n_lead", names, event["leader"], seat)
        direction = _direction(lang, event["direction"])
        return tr(lang, "n_battle_start", battle=event["battle"], direction=direction, lead=lead)
    if t == "race_over":
        if event["winner"] is None:
            return tr(lang, "n_race_draw")
        reason = event.get("reason", "")
        why = tr(lang, f"why_{reason}") if reason in ("lead", "overtake") else ""
        return _say(lang, "n_race", names, event["winner"], seat, why=why)
    return None


def _ability(table: CardTable, event: dict[str, Any], lang: str) -> str:
    """The ability an ``ability`` event names, in ``lang``: its car's (the event's name where unknown)."""
    cid = table.find(event["car"]) if isinstance(event.get("car"), str) else None
    ab = table.cards[cid].ability if cid is not None else None
    return ab.name_in(lang) if ab is not None and ab.name == event["ability"] else str(event["ability"])


# ------------------------------------------------------------------------------------------ card faces
def _road_text(r: Road, lang: str) -> str:
    kind = tr(lang, f"type_{r.type}")
    return tr(
        lang, "face_road", stars="★" * r.stars, type=kind, down=r.down, up=r.up, text=r.text_in(lang)
    ).strip()


def card_faces(table: CardTable, lang: str = "en") -> list[dict[str, Any]]:
    """Every card face in ``lang`` (JSON-safe, fresh): cars, roads, tune-ups, disasters. The name and the
    text are in ``lang``; ``kind``, ``tags`` and the keys of ``stats`` are the same words in every language,
    the keys the browser's board reads (``web/static/games/touge.js``: a road's type, a tune-up's scope,
    a road's stars and values), and ``labels`` says each of them in ``lang`` (a pass's name is its own).
    A car's face has ``parts``: its ability, ``{"key", "kind", "name", "text"}`` with ``key`` the English
    name the view carries (``players[].ability.name``) and the rest in ``lang``."""
    out = []
    for d in table.cards:
        rec = d.rec
        face: dict[str, Any] = {
            "name": rec.name_in(lang),
            "slug": d.slug,
            "kind": d.kind,
            "colour": None,
            "house": rec.house,
        }
        if isinstance(rec, Car):
            ab = rec.ability
            flavour = rec.text_in(lang)
            face["text"] = tr(
                lang,
                "face_car_flavour" if flavour else "face_car",
                ability=ab.name_in(lang),
                text=ab.text_in(lang),
                flavour=flavour,
            )
            face["stats"] = {
                "downhill corner": rec.dh_c,
                "downhill straight": rec.dh_s,
                "uphill corner": rec.uh_c,
                "uphill straight": rec.uh_s,
            }
            face["tags"] = ["car"]
            # the car's ability as the board names it: the view carries its English name (``key``)
            face["parts"] = [
                {"key": ab.name, "kind": "ability", "name": ab.name_in(lang), "text": ab.text_in(lang)}
            ]
        elif isinstance(rec, Road):
            face["text"] = _road_text(rec, lang)
            face["stats"] = {"stars": rec.stars, "downhill": rec.down, "uphill": rec.up}
            face["tags"] = [EN_TYPES[rec.type], rec.pass_]
        elif isinstance(rec, TuneUp):
            face["text"] = rec.text_in(lang)
            face["stats"] = {}
            face["tags"] = ["tune-up", "one tile" if d.tile_road is not None else "whole course"]
        elif isinstance(rec, Disaster):
            face["text"] = rec.text_in(lang)
            face["stats"] = {}
            face["tags"] = ["disaster"]
        # the English keys the board reads (kind, stat names, tags), each in words for a client to show
        keys = [d.kind, *face["stats"], *face["tags"]]
        face["labels"] = {k: tr(lang, f"label_{k}") for k in keys if WORDS.has("en", f"label_{k}")}
        out.append(face)
    return out


EN_TYPES = {"C": "corner", "S": "straight"}  # a road's type as the faces' tags say it (the board's keys)


# -- the options in words -----------------------------------------------------------------------------------
# What the lobby calls each option (Game.option_words): English is the Options model's own (game.py); these
# are the other languages of the page, each line starting with the rule id the English cites.
OPTIONS: dict[str, dict[str, OptionWords]] = {
    "fr": {
        "mode": OptionWords(
            "Format de course",
            "TG-D0 : le Time Attack se joue au meilleur des trois duels, chacun sur un nouveau parcours "
            "; la Sudden Death court un seul parcours jusqu'à ce qu'un pilote se détache",
            {
                "time_attack": "Time Attack (au meilleur des trois)",
                "sudden_death": "Sudden Death (un parcours)",
            },
        ),
        "nullify_pick": OptionWords(
            "Tronçon effacé par une catastrophe",
            "TG-C5, arbitrage : Oil Slick et Landslide font marquer 0 à un tronçon : le plus fort dans "
            "le sens de la course, ou celui que choisit le meneur",
            {"highest": "le plus fort (le meneur départage)", "leader_choice": "au choix du meneur"},
        ),
        "course_order": OptionWords(
            "Ordre de passage",
            "TG-D4, arbitrage : d'où part chaque passage (ça compte en Sudden Death, notée tronçon par "
            "tronçon) : le tronçon 1 est le sommet, ou le premier passage part du tronçon 1 et le retour "
            "revient",
            {
                "mountain": "descente du sommet, montée du pied",
                "built": "dans l'ordre de pose",
            },
        ),
        "first_direction": OptionWords(
            "Premier sens",
            "TG-T0 : le sens du premier duel : à pile ou face, ou convenu entre les joueurs",
            {"coin": "pile ou face", "downhill": "descente", "uphill": "montée"},
        ),
        "first_leader": OptionWords(
            "Premier meneur",
            "TG-T0 : qui mène le premier duel (pose la première route) : à pile ou face, ou convenu "
            "entre les joueurs",
            {"coin": "pile ou face"},
        ),
        "disaster_draw": OptionWords(
            "Tirage de la catastrophe",
            "TG-T0 : les pilotes retournent des cartes jusqu'à une catastrophe, en vigueur toute la "
            "course (désactivé : une course sans catastrophe)",
        ),
        "redraws": OptionWords(
            "Cartes à repiocher",
            "TG-T1 : combien de cartes de sa nouvelle main chaque pilote peut remettre et repiocher "
            "(TG-D0 aussi)",
        ),
        "lead_margin": OptionWords(
            "Avance gagnante (Sudden Death)",
            "TG-D3 : les points d'avance, après n'importe quel tronçon, qui font gagner la course au "
            "meneur du duel",
        ),
    },
    "ja": {
        "mode": OptionWords(
            "レース形式",
            "TG-D0：タイムアタックは3バトルで2勝した方の勝ち、毎回新しいコース。"
            "サドンデスは1つのコースをどちらかが大きく引き離すまで走る",
            {"time_attack": "タイムアタック（3本勝負）", "sudden_death": "サドンデス（1コース）"},
        ),
        "nullify_pick": OptionWords(
            "災害で0点になる区間",
            "TG-C5 裁定：Oil Slick と Landslide は1区間を0点にする：進む向きで最も点の高い区間か、"
            "リーダーが選ぶ区間",
            {"highest": "最も高い区間（同点はリーダーが選ぶ）", "leader_choice": "リーダーが自由に選ぶ"},
        ),
        "course_order": OptionWords(
            "走る順番",
            "TG-D4 裁定：各走行をどこから始めるか（区間ごとに採点するサドンデスで効く）："
            "区間1を山頂とするか、最初の走行は区間1から始めて逆走で戻るか",
            {"mountain": "下りは山頂から、上りはふもとから", "built": "並べた順"},
        ),
        "first_direction": OptionWords(
            "最初の向き",
            "TG-T0：最初のバトルの向き：コイントスで決めるか、プレイヤーが合意して決める",
            {"coin": "コイントス", "downhill": "下り", "uphill": "上り"},
        ),
        "first_leader": OptionWords(
            "最初のリーダー",
            "TG-T0：最初のバトルをリードする人（最初の道を置く）：コイントスで決めるか、合意して決める",
            {"coin": "コイントス"},
        ),
        "disaster_draw": OptionWords(
            "災害カードをめくる",
            "TG-T0：災害が出るまで交互にカードをめくり、その災害がレース中ずっと有効になる（オフ："
            "災害なしのレース）",
        ),
        "redraws": OptionWords(
            "引き直し",
            "TG-T1：配られた手札のうち、各レーサーが戻して引き直せる枚数（TG-D0 も同じ）",
        ),
        "lead_margin": OptionWords(
            "勝ちになるリード（サドンデス）",
            "TG-D3：どの区間の後でも、バトルのリーダーがこの点数だけ先行すればレースに勝つ",
        ),
    },
}


# The starter decks' words in the other languages, by English name (the key a deck is chosen by); words,
# not content: they change no content digest (Game.deck_words). Proper names keep their spelling.
DECKS: dict[str, dict[str, DeckWords]] = {
    "fr": {
        "Akina Downhill": DeckWords("Descente d'Akina", "La voiture du tofu et les virages d'Akina."),
        "Red Suns Power": DeckWords(
            "Puissance Red Suns", "Des lignes droites, des turbos et de la puissance brute."
        ),
    },
    "ja": {
        "Akina Downhill": DeckWords("秋名ダウンヒル", "豆腐屋のクルマと秋名のコーナー。"),
        "Red Suns Power": DeckWords("赤城レッドサンズ・パワー", "ストレート、ターボ、そして圧倒的なパワー。"),
    },
}

__all__ = [
    "DECKS",
    "OPTIONS",
    "card_faces",
    "describe",
    "menu_group",
    "narrate",
    "prompt",
    "render",
    "road_label",
    "unusable",
]
