"""Terminal text for D-Spirits (rich): the board as one seat sees it (compact, fits 80 columns), menu lines
with each card's key numbers, and one line of narration per event — all built from what that seat may see
(``view(seat)``, ``events_for(seat)``, the legal actions of the seat to move), in English, French or
Japanese: every sentence is a key of ``lang.py``'s catalogs (``WORDS``), every name of the content comes
through ``lang.local`` (views and events carry English names)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, DeckWords, OptionWords

from .cards import EVOLUTION, MOVECARD, REALM, SIGNAL, SPIRIT, Evolution, Spirit, words_of
from .chains import NO_EXTRA
from .game import DSpiritsState
from .lang import WORDS, Local, local
from .state import (
    ATTACK_STANCE,
    BATTLE_SCENE_MAX,
    EXTRA_DRAW_COST,
    FIELD_RUSH_BID,
    LIMBO_COST,
    OPENING_HAND,
    SOUL_SHIFT_COST,
    SUPER_CHARGE_COST,
)
from .table import Table

tr = WORDS.tr
say = WORDS.say
STEPS = ("opening", "draw", "extra", "main", "battle", "end", "side", "over")
DECK_KEYS = ("deck_squad", "deck_support")  # a seat's two decks (0: D-Squad, 1: Support)
KIND_KEYS = {SPIRIT: "kind_spirit", EVOLUTION: "kind_evolution", SIGNAL: "kind_signal", REALM: "kind_realm"}
KIND_KEYS[MOVECARD] = "kind_move"


def step_name(phase: str, lang: str) -> str:
    """A step (a phase of the state) in words: "main step"."""
    return tr(lang, f"step_{phase}") if phase in STEPS else phase


def _join(items: list[str], lang: str) -> str:
    return tr(lang, "sep").join(items)


# ------------------------------------------------------------------------------------------ cards
def card_line(t: Table, cid: int, short: bool = False, lang: str = "en") -> str:
    """A card's name with its key numbers: ``Tuskaroo (ATK 1600 / END 1100, SP 400)``; ``short`` (a hand
    on the board): ``Tuskaroo (1600/1100, SP 400)``, ``Halt Signal (response)``."""
    k = t.kind[cid]
    name = local(t, lang).card(t.name[cid])
    if k in (SPIRIT, EVOLUTION):
        numbers = tr(lang, "cl_numbers_short" if short else "cl_numbers", atk=t.atk[cid], end=t.endu[cid])
        return tr(lang, "cl_spirit", name=name, numbers=numbers, sp=t.spv[cid])
    if k == REALM:
        return tr(lang, "cl_realm", name=name, bid=t.bid[cid])
    if t.cost[cid]:
        return tr(lang, "cl_move_short" if short else "cl_move", name=name, cost=t.cost[cid])
    if not t.response[cid]:
        return tr(lang, "cl_signal", name=name)
    return tr(lang, "cl_response_short" if short else "cl_response", name=name)


def _marks(marks: list[str], lang: str) -> list[str]:
    """A hand label's statuses (``frozen``, ``poison300``) in words: FROZEN, POISON 300."""
    return [
        tr(lang, "mark_frozen") if m == "frozen" else tr(lang, "mark_poison", n=m.removeprefix("poison"))
        for m in marks
    ]


def hand_card_text(t: Table, label: str, short: bool = False, lang: str = "en") -> str:
    """A hand label (``tuskaroo+frozen+poison300``) as a player reads it (``short``: on the board)."""
    slug, *marks = label.split("+")
    cid = t.find(slug)
    if cid is None:
        return label
    extra = "".join(tr(lang, "sep") + m for m in _marks(marks, lang))
    line = card_line(t, cid, short, lang)
    return line[:-1] + extra + line[-1] if extra else line  # inside the closing bracket


# ------------------------------------------------------------------------------------------ the board
def _known_text(t: Table, label: str, lang: str) -> str:
    """A card known to be in the other hand, by name and statuses only (the board's one line for them)."""
    slug, *marks = label.split("+")
    cid = t.find(slug)
    name = local(t, lang).card(t.name[cid]) if cid is not None else slug
    shown = _marks(marks, lang)
    return tr(lang, "marked", name=name, marks=_join(shown, lang)) if shown else name


def _statuses(u: dict[str, Any], lang: str) -> str:
    out = []
    if u["frozen"]:
        out.append(f"[cyan]{tr(lang, 'mark_frozen')}[/cyan]")
    if u["poison"]:
        out.append(f"[green]{tr(lang, 'mark_poison', n=u['poison'])}[/green]")
    if u["endured"]:
        out.append(f"[yellow]{tr(lang, 'st_endured')}[/yellow]")
    if u["supercharge"] == "active":
        out.append(f"[bold red]{tr(lang, 'st_supercharged')}[/bold red]")
    elif u["supercharge"] == "pending":
        out.append(f"[red]{tr(lang, 'st_charging')}[/red]")
    if u["shifted"]:
        out.append(f"[dim]{tr(lang, 'st_shifted')}[/dim]")
    if u["attacked"]:
        out.append(f"[dim]{tr(lang, 'st_attacked')}[/dim]")
    return " ".join(out)


def _unit_line(u: dict[str, Any], lang: str, loc: Local) -> Text:
    stance = "⚔" if u["stance"] == "attack" else "🛡"
    stack = tr(lang, "u_stack", stack=" > ".join(loc.card(c) for c in u["stack"])) if u["stack"] else ""
    stats = tr(lang, "u_stats", atk=u["attack"], end=u["endurance"], sp=u["sp"])
    types = "/".join(loc.type(ty) for ty in u["types"])
    line = Text.from_markup(
        f"{stance} [bold]{loc.card(u['card'])}[/bold]{stack}  {stats}  [dim]{types}[/dim] "
    )
    line.append_text(Text.from_markup(_statuses(u, lang)))
    return line


def _zone_rows(grid: RichTable, label: str, items: list[Any]) -> None:
    """A labelled zone of the board: its first item beside the label, the others under it."""
    for i, item in enumerate(items):
        grid.add_row(Text(label if i == 0 else "", style="dim"), item)


def _player(
    v: dict[str, Any], p: dict[str, Any], seat: int | None, t: Table, names: Names, lang: str
) -> list[Any]:
    me = p["seat"] == seat
    loc = local(t, lang)
    who = tr(lang, "you") if names.addressed(p["seat"], seat) else names(p["seat"])
    n = p["hand_spirits"]
    head = Text.assemble(
        (
            f"{'▶ ' if v['to_move'] == p['seat'] else ''}{who}",
            "bold",
        ),
        tr(lang, "p_sp"),
        (str(max(0, p["sp"])), "bold magenta"),  # spent to the last point: 0, not -300
        WORDS.plural(lang, "p_hand", n, count=p["hand_count"]),
        (
            tr(lang, "p_decks", squad=p["squad_count"], support=p["support_count"], side=len(p["side"]))
            + (tr(lang, "p_banished", n=len(p["banished"])) if p["banished"] else ""),
            "dim",
        ),
    )
    zones = RichTable.grid(padding=(0, 1))  # labels on the left, each zone's cards wrapping beside them
    zones.add_column(no_wrap=True, min_width=9)
    zones.add_column()
    empty = Text(tr(lang, "z_empty"), style="dim")
    _zone_rows(zones, "  " + tr(lang, "z_battle"), [_unit_line(u, lang, loc) for u in p["battle"]] or [empty])
    cards = _join([loc.card(c) for c in p["support_cards"]], lang)
    _zone_rows(
        zones,
        "  " + tr(lang, "z_support"),
        [_unit_line(u, lang, loc) for u in p["support_zone"]]
        + ([Text(tr(lang, "z_cards", cards=cards))] if p["support_cards"] else []),
    )
    if p["dworld"]:  # the D-World is face up (DS-Z1): how many, and its newest cards
        newest = ("…" + tr(lang, "sep") if len(p["dworld"]) > 3 else "") + _join(
            [loc.card(c) for c in p["dworld"][-3:]], lang
        )
        zones.add_row(
            Text("  " + tr(lang, "z_dworld"), style="dim"),
            Text(tr(lang, "z_newest", n=len(p["dworld"]), cards=newest), style="dim"),
        )
    if p["hand_known"] and not me:
        known = _join([_known_text(t, h, lang) for h in p["hand_known"]], lang)
        zones.add_row(Text("  " + tr(lang, "z_known"), style="dim"), Text(tr(lang, "z_in_hand", cards=known)))
    if "hand" in p:
        hand = "; ".join(hand_card_text(t, h, True, lang) for h in p["hand"]) or tr(lang, "z_empty")
        zones.add_row(Text("  " + tr(lang, "z_hand"), style="bold"), Text(hand, style="bold"))
    return [head, zones]


def _step_of(names: Names, phase: str, active: int | None, seat: int | None, lang: str) -> str:
    """The step of the board's title: "your main step", "Alice's battle step", "game over"."""
    if phase in ("over", "side", "opening"):
        return step_name(phase, lang)
    you = names.addressed(active, seat)
    return say(lang, "r_step_of", you, who=names(active), step=step_name(phase, lang))


def render(state: DSpiritsState, seat: int | None, lang: str = "en", names: Names | None = None) -> Panel:
    names = names or Names()
    v = state.view(seat)
    t = state.duel.table
    loc = local(t, lang)
    realm = v["realm"]
    match = tr(lang, "r_match", a=v["match"]["wins"][0], b=v["match"]["wins"][1]) if v["match"]["on"] else ""
    step = _step_of(names, v["phase"], v["active"], seat, lang)
    head = Text.assemble(
        ("D-Spirits", "bold"),
        tr(lang, "r_head", game=v["game_no"], match=match, turn=v["turn"], step=step),
    )
    parts: list[Any] = []
    if realm:  # the shared Realm zone (DS-Z1), when a Realm holds it
        cid = t.find(realm["card"])
        text = loc.text[cid] if cid is not None else realm["text"]
        text = text.removeprefix(tr(lang, "realm_prefix"))
        line = tr(lang, "r_realm", card=loc.card(realm["card"]), owner=names(realm["owner"]), text=text)
        parts.append(Text.assemble((tr(lang, "r_realm_label"), "bold green"), line))
    order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
    for p in order:
        parts.extend(_player(v, v["players"][p], seat, t, names, lang))
    if v["chain"]:  # a labelled row like the zones; the last link resolves first
        chain = RichTable.grid(padding=(0, 1))
        chain.add_column(no_wrap=True, min_width=9)
        chain.add_column()
        for i, it in enumerate(v["chain"], 1):
            neg = f" [red]{tr(lang, 'c_negated')}[/red]" if it["negated"] else ""
            first = f"  [dim]{tr(lang, 'c_first')}[/dim]" if i == len(v["chain"]) and i > 1 else ""
            who = escape(names(it["seat"]))
            if it["kind"] == "link":
                src = (
                    tr(lang, "n_source", source=loc.card(it["source"])) if it["source"] != it["name"] else ""
                )
                tgt = tr(lang, "c_on", card=loc.card(it["target"])) if it["target"] else ""
                what = tr(lang, "c_link", i=i, who=who, name=loc.name(it["name"]), source=src, target=tgt)
            else:
                limbo = tr(lang, "c_limbo") if it["limbo"] else ""
                attacker = loc.card(it["attacker"]) if it["attacker"] != "(gone)" else tr(lang, "gone")
                if it["target"] == "direct":
                    what = tr(lang, "c_attack_direct", i=i, who=who, limbo=limbo, attacker=attacker)
                else:
                    target = loc.card(it["target"]) if it["target"] != "(gone)" else tr(lang, "gone")
                    what = tr(lang, "c_attack", i=i, who=who, limbo=limbo, attacker=attacker, target=target)
            chain.add_row(
                Text(tr(lang, "c_label") if i == 1 else "", style="bold"),
                Text.from_markup(what + neg + first),
            )
        parts.append(chain)
    if v["endure"]:
        e = v["endure"]
        parts.append(Text(tr(lang, "r_endure", attack=e["attack"], power=e["power"]), style="bold"))
    if v["bid"]:
        b = v["bid"]
        key = "r_bid_rush" if b["kind"] == "rush" else "r_bid_realm"
        line = tr(
            lang,
            key,
            card=loc.card(b["card"]),
            owner=names(b["seat"]),
            amount=b["amount"],
            high=names(b["high"]),
            to_bid=names(b["to_bid"]),
        )
        parts.append(Text(line, style="bold green"))
    if v["side_swap"]:
        s = v["side_swap"]
        pending = tr(lang, "r_side_pending", card=loc.card(s["pending"])) if s["pending"] else ""
        line = tr(lang, "r_side", who=names(s["seat"]), left=s["swaps_left"][s["seat"]], pending=pending)
        parts.append(Text(line, style="bold"))
    if v["over"]:
        parts.append(
            Text(tr(lang, "r_over", result=_result(v["winner"], seat, lang, names)), style="bold green")
        )
    return Panel(Group(*parts), expand=False, title=head, title_align="left")


def _result(w: int | None, seat: int | None, lang: str, names: Names) -> str:
    """A game's result as ``seat`` reads it: "a draw", "you win", "Alice wins"."""
    if w is None:
        return tr(lang, "res_draw")
    return say(lang, "res_win", names.addressed(w, seat), who=names(w))


# ------------------------------------------------------------------------------------------ menus
def _target(state: DSpiritsState, p: int, label: str, lang: str) -> str:
    """A target label (``foe:gravelhound#2``) as a player reads it."""
    pre, _, rest = label.partition(":")
    t = state.duel.table
    if pre in ("foe", "own"):
        u = state.duel.find_unit(1 - p if pre == "foe" else p, rest)
        name = local(t, lang).card(t.name[u.card]) if u is not None else rest
        return tr(lang, "t_foe" if pre == "foe" else "t_own", card=name)
    if pre == "hand":
        return tr(lang, "t_hand", card=hand_card_text(t, rest, False, lang))
    if pre == "dworld":
        c = t.find(rest)
        return tr(lang, "t_dworld", card=card_line(t, c, False, lang) if c is not None else rest)
    return label


def public_words(notation: str, lang: str = "en") -> str | None:
    """Another seat's move whose events tell a seat nothing, from its public notation alone: an Extra
    Draw declined (DS-X1)."""
    return tr(lang, "m_no_extra") if notation == NO_EXTRA.notation else None


def describe(state: DSpiritsState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """A menu line for an action of the seat to move, with the numbers that matter."""
    duel = state.duel
    t = duel.table
    loc = local(t, lang)
    k = action.kind
    a = action.args
    p = state.to_move
    if p is None:
        return action.notation
    if k == "open":
        return tr(lang, "m_open", squad=a[0], support=OPENING_HAND - a[0])
    if k == "draw":
        return tr(lang, "m_draw", deck=tr(lang, DECK_KEYS[a[0]]))
    if k == "no_draw":
        return tr(lang, "m_no_draw")
    if k == "extra":
        if a[0] < 0:
            return tr(lang, "m_no_extra")
        return tr(lang, "m_extra", cost=EXTRA_DRAW_COST, deck=tr(lang, DECK_KEYS[a[0]]))
    if k == "recharge":
        return tr(lang, "m_recharge", cost=duel.sp[p] // 2)
    if k == "rush":
        return tr(
            lang, "m_rush", bid=FIELD_RUSH_BID, card=card_line(t, a[0], False, lang), text=loc.text[a[0]]
        )
    if k == "summon":
        return tr(lang, "m_summon", card=hand_card_text(t, duel.hand_label(a[0]), False, lang))
    if k == "exchange":
        u = duel.find_unit(p, a[0])
        out = loc.card(t.name[u.card]) if u is not None else a[0]
        card = hand_card_text(t, duel.hand_label(a[1]), False, lang)
        return tr(lang, "m_exchange", out=out, card=card)
    if k == "stance":
        u = duel.find_unit(p, a[0])
        if u is None:
            return action.notation
        key = "m_stance_endure" if u.stance == ATTACK_STANCE else "m_stance_attack"
        return tr(lang, key, card=loc.card(t.name[u.card]))
    if k in ("move", "ability"):
        u = duel.find_unit(p, a[0])
        prog = None
        if u is not None:
            prog = t.move[u.card] if k == "move" else t.command[u.card][a[1]]
        if prog is None or u is None:
            return action.notation
        return tr(
            lang,
            "m_move" if k == "move" else "m_ability",
            card=loc.card(t.name[u.card]),
            name=loc.prog_name[prog.id],
            cost=tr(lang, "m_cost", cost=prog.cost) if prog.cost else "",
            target=tr(lang, "m_to", target=_target(state, p, a[-1], lang)) if a[-1] else "",
            text=loc.prog_text[prog.id],
        )
    if k in ("play", "respond"):
        c = a[0]
        tgt = tr(lang, "m_to", target=_target(state, p, a[1], lang)) if a[1] else ""
        key = "m_respond" if k == "respond" else "m_play"
        return tr(lang, key, card=card_line(t, c, False, lang), target=tgt, text=loc.text[c])
    if k == "evolve":
        u = duel.find_unit(p, a[1])
        base = loc.card(t.name[u.card]) if u is not None else a[1]
        return tr(lang, "m_evolve", base=base, card=card_line(t, a[0], False, lang))
    if k == "shift":
        return tr(lang, "m_shift", cost=SOUL_SHIFT_COST, card=_target(state, p, "own:" + a[0], lang))
    if k == "battle":
        return tr(lang, "m_battle")
    if k in ("attack", "limbo"):
        return _describe_attack(state, p, k, a, lang)
    if k == "supercharge":
        return tr(lang, "m_supercharge", card=_target(state, p, "own:" + a[0], lang), cost=SUPER_CHARGE_COST)
    if k == "end":
        return tr(lang, "m_end")
    if k == "pass":
        if duel.bid is not None:
            return tr(lang, "m_pass_bid")
        if duel.wnd.kind == "target":
            return tr(lang, "m_pass_target")
        return tr(lang, "m_pass")
    if k == "endure":
        return tr(lang, "m_endure")
    if k == "fall":
        return tr(lang, "m_fall")
    if k == "target":
        return tr(lang, "m_target", target=_target(state, p, a[0], lang))
    if k == "bid":
        return tr(lang, "m_bid", amount=a[0], sp=duel.sp[p])
    if k == "side_in":
        return tr(lang, "m_side_in", card=card_line(t, a[0], False, lang))
    if k == "side_out":
        return tr(lang, "m_side_out", card=card_line(t, a[0], False, lang))
    if k == "keep":
        return tr(lang, "m_keep")
    return action.notation


def _describe_attack(state: DSpiritsState, p: int, k: str, a: tuple[Any, ...], lang: str) -> str:
    duel = state.duel
    t = duel.table
    loc = local(t, lang)
    q = 1 - p
    att = duel.find_unit(p, a[0])
    if att is None:
        return f"{k} {' '.join(a)}"
    head = tr(lang, "m_limbo", cost=LIMBO_COST) if k == "limbo" else ""
    name = loc.card(t.name[att.card])
    if a[1] == "direct":
        return tr(lang, "m_attack_direct", head=head, card=name, power=duel.attack_of(p, att))
    tgt = duel.find_unit(q, a[1])
    if tgt is None:
        return f"{k} {' '.join(a)}"
    enduring = tgt.stance != ATTACK_STANCE
    ap = duel.battle_power(p, att, tgt, 0)
    dp = duel.battle_power(q, tgt, att, 1 if enduring else 0)
    guess = (
        "g_wins"
        if ap > dp
        else "g_trades"
        if ap == dp and not enduring
        else "g_loses"
        if not enduring
        else "g_held"
    )
    return tr(
        lang,
        "m_attack",
        head=head,
        card=name,
        ap=ap,
        target=loc.card(t.name[tgt.card]),
        stance=tr(lang, "m_enduring") if enduring else "",
        dp=dp,
        guess=tr(lang, guess),
    )


# ------------------------------------------------------------------------------------------ events
# Why something happened: an event's ``why`` is the key of the reason's sentence in lang.py's catalogs
# (``y_battle``: "destroyed in battle by {card}", ``x_shift``: "Soul Shift", ``y_named``: a card's or an
# ability's name alone), and its ``by`` the card or ability the sentence names, "" when it names none.
def reason(e: Mapping[str, Any], lang: str, loc: Local) -> str:
    """An event's reason (``why`` and ``by``) in ``lang``."""
    return tr(lang, e["why"], card=loc.name(e.get("by", "")))


def narrate(
    game: Any, e: dict[str, Any], seat: int | None = None, lang: str = "en", names: Names | None = None
) -> str | None:
    """One line for an event of ``events_for(seat)``, in ``seat``'s words (``you`` for its own)."""
    names = names or Names()
    loc = local(game.table, lang)
    k = e["type"]
    s = e.get("seat")
    you = names.addressed(s, seat)
    Who = names(s)

    def line(key: str, **fields: Any) -> str:
        """The sentence ``key`` with its subject the event's seat (the reader: "you")."""
        return say(lang, key, you, Who=Who, **fields)

    def card(field: str = "card") -> str:
        return loc.card(e[field])

    def why() -> str:
        return reason(e, lang, loc)

    if k == "game_start":
        first = e["first"]
        return say(
            lang,
            "n_game_start",
            names.addressed(first, seat),
            who=names(first),
            game=e["game"],
            sp=e["sp"][0],
        )
    if k == "opening":
        return line("n_opening", squad=e["squad"], support=e["support"])
    if k == "turn":
        return say(lang, "n_turn", you, who=Who, turn=e["turn"], a=e["sp"][0], b=e["sp"][1])
    if k == "draw":
        if not e["count"]:
            key = f"n_empty_{e['deck']}"
            return line(key) if WORDS.has("en", key) else f"{Who} {e['deck']}"
        return line("n_draw", deck=tr(lang, DECK_KEYS[e["deck"] == "support"]), why=why())
    if k == "drew":
        return tr(lang, "n_drew", card=card())
    if k == "dealt":
        return tr(lang, "n_dealt", cards=_join([loc.card(c) for c in e["cards"]], lang))
    if k == "no_draw":
        return line("n_no_draw")
    if k == "sp":
        left = tr(lang, "n_left", sp=e["sp"]) if e["sp"] > 0 else tr(lang, "n_none_left")  # never "-300 left"
        return line("n_sp_gain" if e["delta"] > 0 else "n_sp_lose", n=abs(e["delta"]), why=why(), left=left)
    if k == "summon":
        return line("n_super" if e["kind"] == "super" else "n_summon", card=card())
    if k == "attack":
        limbo = tr(lang, "n_limbo") if e["limbo"] else ""
        if e["target"] == "direct":
            return line("n_attack_direct", attacker=card("attacker"), limbo=limbo)
        return line("n_attack", attacker=card("attacker"), target=card("target"), limbo=limbo)
    if k == "battle":
        return _battle_line(e, lang, loc)
    if k == "fall":
        return line("n_fall", card=card())
    if k == "destroy":
        stack = tr(lang, "n_with", cards=_join([loc.card(c) for c in e["stack"]], lang)) if e["stack"] else ""
        return line("n_destroy", card=card(), stack=stack, why=why())
    if k == "activate":
        tgt = ""
        if e.get("target"):
            ts = e.get("target_seat")
            tgt = say(lang, "n_on", names.addressed(ts, seat), who=names(ts), card=card("target"))
        src = (
            tr(lang, "n_source", source=card("source"))
            if e.get("source") and e["source"] != e["name"]
            else ""
        )
        key = "n_respond" if e.get("kind") == "response" else "n_activate"
        return line(key, name=loc.name(e["name"]), source=src, target=tgt)
    if k == "play":
        return line("n_play", card=card())
    if k == "resolve":
        return tr(lang, "n_resolve_negated" if e["negated"] else "n_resolve", name=loc.name(e["name"]))
    if k == "negate":
        key = "n_negate_attack" if e.get("what") == "attack" else "n_negate_card"
        return tr(lang, key, card=loc.name(e["by"]))
    if k == "pass":
        if e.get("window") == "bid":
            return line("n_pass_bid")
        if e.get("forced"):
            return line("n_pass_forced")
        return line("n_pass")
    if k == "status":
        status = f"n_status_{e['status']}"
        word = tr(lang, status) if WORDS.has("en", status) else str(e["status"]).upper()
        amt = tr(lang, "n_each_turn", amount=e["amount"]) if e["status"] == "poisoned" else ""
        return line("n_status", card=card(), status=word, amount=amt)
    if k == "thaw":
        return line("n_thaw", card=card())
    if k == "cure":
        return line("n_cure", card=card())
    if k == "modify":
        return line("n_modify", card=card(), amount=e["amount"], stat=_stat(e["stat"], lang), why=why())
    if k == "launch":
        if e["at"] == "negated":
            return line("n_launch_negated", card=card())
        return line("n_launch", card=card(), stat=_stat(e["stat"], lang), value=e["value"])
    if k == "bid":
        rush = tr(lang, "n_rush") if e["kind"] == "rush" else ""
        return line("n_bid", amount=e["amount"], card=card(), rush=rush)
    if k == "bid_won":
        return line("n_bid_won", card=card(), amount=e["amount"])
    if k == "realm":
        return tr(lang, "n_realm", card=card())
    if k == "realm_negated":
        return tr(lang, "n_realm_negated", card=card())
    if k == "realm_destroyed":
        return tr(lang, "n_realm_destroyed", card=card())
    if k == "rushed":
        return line("n_rushed_side" if e["source"] == "side" else "n_rushed_support", card=card())
    if k == "evolve":
        return line("n_evolve", base=card("base"), card=card())
    if k == "exchange":
        return line("n_exchange", out=card("out"), card=card())
    if k == "stance":
        return line("n_stance_endure" if e["stance"] == "endure" else "n_stance_attack", card=card())
    if k == "supercharge":
        return line("n_supercharge", card=card())
    if k == "supercharged":
        return line("n_supercharged", card=card(), power=e["power"])
    if k == "recharge":
        return line("n_recharge_1" if e["count"] == 1 else "n_recharge_n", n=e["count"])
    if k == "zone":
        return line("n_zone_support" if e["dest"] == "support" else "n_zone_battle", card=card())
    if k == "shift":
        return line("n_shift", card=card())
    if k == "to_hand":
        return line("n_to_hand", card=card(), why=why())
    if k == "banish":
        return line("n_banish", card=card())
    if k == "trigger":
        return tr(lang, "n_trigger", source=card("source"), name=loc.name(e["name"]))
    if k == "fizzle":
        return tr(lang, "n_fizzle", name=loc.name(e["name"]), why=why())
    if k == "negated":
        return tr(lang, "n_negated", card=card(), why=why())
    if k == "side_swap":
        return line("n_side_swap", out=card("card_out"), card=card("card_in"))
    if k == "game_over":
        over = f"n_over_{e['reason']}"
        why_over = tr(lang, over) if WORDS.has("en", over) else str(e["reason"])
        result = _result(e["winner"], seat, lang, names)
        return tr(lang, "n_game_over", game=e["game"], result=result, why=why_over)
    if k == "match_over":
        w = e["winner"]
        wins = e["wins"]
        if w is None:
            return tr(lang, "n_match_draw", a=wins[0], b=wins[1])
        return say(lang, "n_match_over", names.addressed(w, seat), Who=names(w), a=wins[w], b=wins[1 - w])
    if k == "step":
        return line("n_step", step=step_name(e["step"], lang))
    return None


def _stat(stat: Any, lang: str) -> str:
    """A stat as events name it (``attack``, ``endurance``) in words."""
    key = f"stat_{stat}"
    return tr(lang, key) if WORDS.has("en", key) else str(stat)


def _battle_line(e: dict[str, Any], lang: str, loc: Local) -> str:
    o = e["outcome"]
    if o == "direct":
        return tr(lang, "n_b_direct", attacker=loc.card(e["attacker"]), power=e["power"])
    if o in ("negated", "fizzled"):
        why = tr(lang, "n_b_why", why=reason(e, lang, loc)) if e.get("why") else ""
        return tr(lang, f"n_b_{o}", why=why)
    fields = {
        "attacker": loc.card(e["attacker"]),
        "target": loc.card(e["target"]),
        "power": e["power"],
        "against": e["against"],
    }
    if o in ("endured", "blocked", "higher", "equal", "lower"):
        return tr(lang, f"n_b_{o}", **fields)
    return tr(lang, "n_b_lower", **fields)


# ------------------------------------------------------------------------------------------ decisions
def _item_words(state: DSpiritsState, seat: int, names: Names, lang: str) -> str:
    """The item on top of the chain, as the seat answering it reads it."""
    chain = state.view(seat)["chain"]
    if not chain:
        return tr(lang, "i_chain")
    loc = local(state.duel.table, lang)
    it = chain[-1]
    mine = names.addressed(it["seat"], seat)
    if it["kind"] == "link":
        return say(lang, "i_link", mine, who=names(it["seat"]), name=loc.name(it["name"]))
    attacker = say(lang, "i_link", mine, who=names(it["seat"]), name=loc.card(it["attacker"]))
    if it["target"] == "direct":
        target = tr(lang, "i_you_directly")
    else:
        target = say(
            lang, "i_link", names.addressed(seat, seat), who=names(seat), name=loc.card(it["target"])
        )
    return tr(lang, "i_attack", attacker=attacker, target=target)


def prompt(state: DSpiritsState, lang: str = "en", names: Names | None = None) -> str:
    """The decision the seat to move faces, in its own words."""
    duel = state.duel
    names = names or Names()
    p = state.to_move
    if p is None:
        return ""
    t = duel.table
    loc = local(t, lang)
    kind = duel.wnd.kind if duel.wnd.priority is not None else None
    if kind == "endure":
        e = duel.endure_choice()
        found = duel.locate(e.target)
        mine = loc.card(t.name[found[1].card]) if found else "D-Spirit"
        return tr(lang, "pr_endure", card=mine, power=e.power, against=e.against)
    if kind == "target":
        data = duel.wnd.data
        return tr(lang, "pr_target", name=loc.prog_name[getattr(data, "program", 0)])
    if kind is not None:
        return tr(lang, "pr_respond", item=_item_words(state, p, names, lang))
    if duel.bid is not None:
        b = duel.bid
        high = tr(lang, "pr_bid_yours") if b.high == p else tr(lang, "pr_bid_by", who=names(b.high))
        return tr(lang, "pr_bid", card=loc.card(t.name[b.card]), amount=b.amount, high=high)
    ph = duel.phase
    if ph == "opening":
        return tr(lang, "pr_opening", n=OPENING_HAND)
    if ph == "side":
        if duel.side_pending >= 0:
            return tr(lang, "pr_side_pending", card=loc.card(t.name[duel.side_pending]))
        return tr(lang, "pr_side", n=duel.swaps_left[p])
    kinds = {a.kind for a in state.legal_actions()}
    if ph == "draw":
        extra = [tr(lang, w) for k, w in (("rush", "pr_rush"), ("recharge", "pr_recharge")) if k in kinds]
        more = tr(lang, "pr_or_first") + tr(lang, "pr_or").join(extra) if extra else ""
        return tr(lang, "pr_draw") + more
    if ph == "extra":
        return tr(lang, "pr_extra", cost=EXTRA_DRAW_COST)
    if ph == "main":
        return tr(lang, "pr_main")
    if ph == "battle":
        return tr(lang, "pr_battle" if kinds & {"attack", "limbo"} else "pr_battle_end")
    return step_name(ph, lang)


def _not_now(phase: str, lang: str) -> str:
    return tr(lang, "u_not_now_step", step=step_name(phase, lang))


def _hand_reason(state: DSpiritsState, p: int, cid: int, lang: str) -> str:
    duel = state.duel
    t = duel.table
    sp = duel.sp[p]
    window = duel.wnd.kind if duel.wnd.priority is not None else None
    if window in ("chain", "attack"):
        if t.kind[cid] == SPIRIT:
            return tr(lang, "u_no_spirit_answer")
        if not t.response[cid]:
            return tr(lang, "u_only_responses")
        return tr(lang, "u_nothing_to_answer")
    if window is not None or duel.bid is not None:
        return tr(lang, "u_answer_first")
    if duel.phase != "main":
        return _not_now(duel.phase, lang)
    k = t.kind[cid]
    if k == SPIRIT:
        if duel.summoned:
            return tr(lang, "u_summoned")
        if len(duel.scene[p]) >= BATTLE_SCENE_MAX:
            return tr(lang, "u_scene_full")
        return tr(lang, "u_no_summon")
    eff = t.effect[cid]
    if t.response[cid] and (eff is None or eff.needs_attack or eff.needs_link):
        return tr(lang, "u_response")
    if k == REALM:
        return tr(lang, "u_realm_bid", bid=t.bid[cid], sp=sp)
    if t.cost[cid] and sp <= t.cost[cid]:
        return tr(lang, "u_costs", cost=t.cost[cid], sp=sp)
    if t.requires[cid] and not all(duel.controls(p, r) for r in t.requires[cid]):
        loc = local(t, lang)
        return tr(lang, "u_needs", cards=tr(lang, "and").join(loc.card(t.name[r]) for r in t.requires[cid]))
    return tr(lang, "u_no_target")


def _spirit_reason(state: DSpiritsState, p: int, uid: int, lang: str) -> str:
    duel = state.duel
    found = duel.locate(uid)
    if found is None:
        return tr(lang, "u_not_now")
    q, u = found
    ph = duel.phase
    if q != p:
        if ph == "battle" and u in duel.parked[q]:
            return tr(lang, "u_support_safe")
        return tr(lang, "u_not_target")
    if duel.wnd.priority is not None or duel.bid is not None:
        return tr(lang, "u_answer_first")
    if duel.is_frozen(u):
        return tr(lang, "u_frozen")
    if duel.is_restricted(u):
        return tr(lang, "u_restricted")
    if ph == "battle":
        if not duel.may_attack(p):
            return tr(lang, "u_first_turn")
        if u in duel.parked[p]:
            return tr(lang, "u_support_limbo")
        if u.attacked_on == duel.turn:
            return tr(lang, "u_attacked")
        if u.stance != ATTACK_STANCE:
            return tr(lang, "u_enduring")
        if u.uid not in duel.ready:
            return tr(lang, "u_not_ready")
        return tr(lang, "u_no_attack")
    if ph == "main":
        return tr(lang, "u_idle")
    return _not_now(ph, lang)


def unusable(state: DSpiritsState, seat: int, lang: str = "en", names: Names | None = None) -> dict[str, str]:
    """Why the cards and D-Spirits of ``seat``'s view that no legal action uses cannot be used now (the
    seat to move only: the other seat has no decision)."""
    duel = state.duel
    if state.to_move != seat:
        return {}
    game = state.game
    used = {r for a in state.legal_actions() for r in game.move_refs(state, a)}
    out: dict[str, str] = {}
    t = duel.table
    for h in duel.hand[seat]:
        ref = "hand:" + duel.hand_label(h)
        if ref not in used and ref not in out:
            out[ref] = _hand_reason(state, seat, h.card, lang)
    for q in (seat, 1 - seat):
        for u in duel.scene[q] + duel.parked[q]:
            ref = f"spirit:{u.uid}"
            if ref not in used and (q == seat or duel.phase == "battle"):
                out[ref] = _spirit_reason(state, seat, u.uid, lang)
            if q != seat:
                continue
            move = t.move[u.card]
            if move is not None and f"move:{u.uid}" not in used and f"spirit:{u.uid}" in used:
                out[f"move:{u.uid}"] = _program_reason(state, seat, u, move, u.moved_on == duel.turn, lang)
            for j, prog in enumerate(t.command[u.card]):
                ref = f"ability:{u.uid}:{t.pslug[prog.id]}"
                if ref not in used and f"spirit:{u.uid}" in used:
                    out[ref] = _program_reason(state, seat, u, prog, u.used_ability(j, duel.turn), lang)
    return out


def _program_reason(state: DSpiritsState, p: int, u: Any, prog: Any, spent: bool, lang: str) -> str:
    duel = state.duel
    if spent:
        return tr(lang, "u_spent")
    if u.shifted:
        return tr(lang, "u_shifted")
    if prog.cost and duel.sp[p] <= prog.cost:
        return tr(lang, "u_costs", cost=prog.cost, sp=duel.sp[p])
    if duel.phase != "main":
        return _not_now(duel.phase, lang)
    return tr(lang, "u_no_target")


# ------------------------------------------------------------------------------------------ card faces
def card_faces(t: Table, lang: str = "en") -> list[dict[str, Any]]:
    """Every card face in ``lang`` (``Game.cards``): D-Spirits and D-Evolutions with ATK / END / SP and
    their abilities, support cards with their bid or cost. ``parts``: a D-Spirit's abilities then its
    special move, in the card's order (:func:`_part`)."""
    loc = local(t, lang)
    out = []
    for cid, rec in enumerate(t.recs):
        kind = t.kind[cid]
        stats: dict[str, Any] = {}
        tags: list[str] = []
        lines: list[str] = []
        parts: list[dict[str, Any]] = []
        if isinstance(rec, Spirit | Evolution):
            stats = {"ATK": rec.attack, "END": rec.endurance, "SP": rec.sp}
            tags = [loc.type(ty) for ty in rec.types]
            if t.elemental[cid]:
                tags.append(tr(lang, "f_elemental"))
            if isinstance(rec, Evolution):
                lines.append(tr(lang, "f_evolution", base=loc.card(rec.base), condition=loc.condition[cid]))
            for ab in rec.abilities:
                cost = tr(lang, "m_cost", cost=ab.cost) if ab.cost else ""
                lines.append(
                    tr(lang, "f_ability", name=words_of(ab, lang), cost=cost, text=words_of(ab, lang, "text"))
                )
                parts.append(_part(ab, "ability", lang))
            if rec.move is not None:
                m = rec.move
                lines.append(
                    tr(lang, "f_move", name=words_of(m, lang), cost=m.cost, text=words_of(m, lang, "text"))
                )
                parts.append(_part(m, "move", lang))
            if rec.text:
                lines.append(loc.text[cid])
        else:
            if rec.kind == "realm":
                stats = {"bid": rec.bid}
            elif rec.kind == "move":
                stats = {"cost": rec.cost}
                tags.append(
                    tr(lang, "f_needs", cards=tr(lang, "and").join(loc.card(r) for r in rec.requires))
                )
            if rec.timing == "response":
                tags.append(tr(lang, "f_response"))
            if rec.lasting:
                tags.append(tr(lang, "f_lasting"))
            lines.append(loc.text[cid])
        limit = rec.limit
        stats["limit"] = limit if isinstance(limit, int) else tr(lang, "f_limitless")
        # the board's own glyphs (ATK ⚔, END ◆), each with its words; the deck limit stays in the words
        glyph = {"ATK": "⚔", "END": "◆", "SP": "SP", "bid": "SP", "cost": "SP"}
        icons = [
            {"icon": glyph[k], "value": v, "title": tr(lang, f"icon_{k}", v=v), "group": "stats"}
            for k, v in stats.items()
            if k in glyph
        ]
        icons.append(
            {
                "icon": "×",
                "value": stats["limit"],
                "title": tr(lang, "icon_limit", v=stats["limit"]),
                "group": "stats",
            }
        )
        out.append(
            {
                "name": loc.card(rec.name),
                "slug": t.slug[cid],
                "kind": tr(lang, KIND_KEYS[kind]),
                "text": " ".join(lines),
                "stats": stats,
                "icons": icons,
                "tags": tags,
                "colour": None,
                "house": bool(rec.house),
                "parts": parts,
            }
        )
    return out


def _part(rec: Any, kind: str, lang: str) -> dict[str, Any]:
    """An ability or special move of a face, as the board shows it (``players[].battle[].abilities`` and
    ``move``, a chain link's ``name``): ``key`` is the English name the view carries, the rest in ``lang``."""
    return {
        "key": rec.name,
        "kind": kind,
        "name": words_of(rec, lang),
        "text": words_of(rec, lang, "text"),
        "cost": rec.cost,
    }


# -- the options in words -----------------------------------------------------------------------------------
# What the lobby calls each option (Game.option_words): English is the Options model's own (game.py); these
# are the other languages of the page, each line starting with the rule id the English cites.
OPTIONS: dict[str, dict[str, OptionWords]] = {
    "fr": {
        "starting_sp": OptionWords(
            "SP de départ",
            "DS-G1 : les Spirit Points de chaque joueur au départ ; un joueur à 0 SP ou moins perd",
        ),
        "first_player": OptionWords(
            "Premier joueur",
            "DS-G1 : qui commence : pierre-feuille-ciseaux (un pile ou face équitable), ou convenu entre "
            "les joueurs",
            {"rps": "pierre-feuille-ciseaux"},
        ),
        "first_turn_attack": OptionWords(
            "Attaque au premier tour",
            "DS-G2, arbitrage : le premier joueur peut attaquer dès son tout premier tour (désactivé : "
            "non, comme le disent les règles)",
        ),
        "old_rules": OptionWords(
            "Anciennes règles : Soul Shift",
            "DS-X4 : rétablit Soul Shift, retiré des règles actuelles : payer 800 SP pour garer un "
            "D-Spirit dans votre Zone de soutien",
        ),
        "elemental_negates_spooky": OptionWords(
            "Élémentaire annule Spectre",
            "DS-B5, arbitrage : un D-Spirit Élémentaire qui détruit un D-Spirit Spectre en combat annule ses "
            "capacités « quand il est détruit »",
        ),
        "match": OptionWords(
            "Match au meilleur des trois",
            "DS-D1 : jouer un match au meilleur des trois parties, avec des échanges de side deck entre "
            "les parties (désactivé : une seule partie)",
        ),
        "side_swaps": OptionWords(
            "Échanges de side deck",
            "DS-D1 : en match, combien d'échanges un pour un avec le side deck chaque joueur peut faire "
            "entre deux parties",
        ),
        "max_turns": OptionWords(
            "Limite de tours",
            "DS-G1, règle maison : après ce nombre de tours, la partie s'arrête et le plus de SP gagne ; "
            "ainsi toute partie finit",
        ),
    },
    "ja": {
        "starting_sp": OptionWords(
            "最初のSP",
            "DS-G1：各プレイヤーが持って始めるスピリットポイント。0以下になったプレイヤーの負け",
        ),
        "first_player": OptionWords(
            "先攻の決め方",
            "DS-G1：じゃんけん（公平なコイントス）で先攻を決めるか、プレイヤーが合意して決める",
            {"rps": "じゃんけん"},
        ),
        "first_turn_attack": OptionWords(
            "最初のターンの攻撃",
            "DS-G2 裁定：先攻プレイヤーが最初のターンから攻撃できる（オフ：ルールどおり攻撃できない）",
        ),
        "old_rules": OptionWords(
            "旧ルール：ソウルシフト",
            "DS-X4：現行ルールで削除されたソウルシフトを使う："
            "800 SP を払って D-Spirit をサポートゾーンに移す",
        ),
        "elemental_negates_spooky": OptionWords(
            "エレメンタルが霊を打ち消す",
            "DS-B5 裁定：バトルで霊の D-Spirit を破壊したエレメンタルの D-Spirit は、"
            "その「破壊されたとき」の能力を打ち消す",
        ),
        "match": OptionWords(
            "3本勝負のマッチ",
            "DS-D1：ゲームの合間にサイドデッキと入れ替えながら、3本勝負のマッチをする（オフ：1ゲームだけ）",
        ),
        "side_swaps": OptionWords(
            "サイドデッキの入れ替え",
            "DS-D1：マッチで、ゲームの合間に各プレイヤーがサイドデッキと1枚ずつ入れ替えられる回数",
        ),
        "max_turns": OptionWords(
            "ターンの上限",
            "DS-G1 ハウスルール：このターン数を過ぎるとゲームが終わり、SP の多い方が勝つ。"
            "どのゲームも必ず終わる",
        ),
    },
}

# The starter decks' words in the other languages, by English name (the key a deck is chosen by); words,
# not content: they change no content digest (Game.deck_words). The D-Spirits' names keep their spelling.
DECKS: dict[str, dict[str, DeckWords]] = {
    "fr": {
        "Stone and Shade": DeckWords(
            "Pierre et Ombre",
            "Rockwraggle lance des rochers tandis que Lampire entre et sort des ombres en voletant.",
        ),
        "Venom and Frost": DeckWords(
            "Venin et Givre", "Le poison d'Illguana et le froid du nord usent l'adversaire."
        ),
    },
    "ja": {
        "Stone and Shade": DeckWords("岩と影", "Rockwraggleが岩を投げ、Lampireが影から影へと飛び回る。"),
        "Venom and Frost": DeckWords("毒と氷", "Illguanaの毒と北の寒さが相手をじわじわと削る。"),
    },
}
