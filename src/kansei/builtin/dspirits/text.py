"""Terminal text for D-Spirits (rich): the board as one seat sees it (compact, fits 80 columns), menu lines
with each card's key numbers, and one line of narration per event — all built from what that seat may see
(``view(seat)``, ``events_for(seat)``, the legal actions of the seat to move)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, OptionWords

from .cards import EVOLUTION, REALM, SPIRIT
from .game import DSpiritsState
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

STEP_NAMES = {
    "opening": "opening draw",
    "draw": "draw step",
    "extra": "draw step (Extra Draw)",
    "main": "main step",
    "battle": "battle step",
    "end": "end step",
    "side": "side-deck swaps",
    "over": "game over",
}
DECKS = ("D-Squad", "Support")


# ------------------------------------------------------------------------------------------ names
def possessive(names: Names, seat: int | None, viewer: int | None) -> str:
    """ "your" for the viewer's own seat, else "Alice's" (lower case "your": callers capitalise)."""
    return "your" if names.addressed(seat, viewer) else f"{names(seat)}'s"


# ------------------------------------------------------------------------------------------ cards
def card_line(t: Table, cid: int, short: bool = False) -> str:
    """A card's name with its key numbers: ``Tuskaroo (ATK 1600 / END 1100, SP 400)``; ``short`` (a hand
    on the board): ``Tuskaroo (1600/1100, SP 400)``, ``Halt Signal (response)``."""
    k = t.kind[cid]
    if k in (SPIRIT, EVOLUTION):
        numbers = f"{t.atk[cid]}/{t.endu[cid]}" if short else f"ATK {t.atk[cid]} / END {t.endu[cid]}"
        return f"{t.name[cid]} ({numbers}, SP {t.spv[cid]})"
    if k == REALM:
        return f"{t.name[cid]} (Realm, bid {t.bid[cid]} SP)"
    if t.cost[cid]:
        return f"{t.name[cid]} (special move{'' if short else ' card'}, {t.cost[cid]} SP)"
    kind = "response" if t.response[cid] else "signal"
    return f"{t.name[cid]} ({kind if short or kind == 'signal' else 'response signal'})"


def hand_card_text(t: Table, label: str, short: bool = False) -> str:
    """A hand label (``tuskaroo+frozen+poison300``) as a player reads it (``short``: on the board)."""
    slug, *marks = label.split("+")
    cid = t.find(slug)
    if cid is None:
        return label
    extra = ""
    for m in marks:
        extra += ", FROZEN" if m == "frozen" else f", POISON {m.removeprefix('poison')}"
    line = card_line(t, cid, short)
    return line[:-1] + extra + ")" if extra else line


# ------------------------------------------------------------------------------------------ the board
def _known_text(t: Table, label: str) -> str:
    """A card known to be in the other hand, by name and statuses only (the board's one line for them)."""
    slug, *marks = label.split("+")
    cid = t.find(slug)
    name = t.name[cid] if cid is not None else slug
    shown = ["FROZEN" if m == "frozen" else f"POISON {m.removeprefix('poison')}" for m in marks]
    return f"{name} ({', '.join(shown)})" if shown else name


def _statuses(u: dict[str, Any]) -> str:
    out = []
    if u["frozen"]:
        out.append("[cyan]FROZEN[/cyan]")
    if u["poison"]:
        out.append(f"[green]POISON {u['poison']}[/green]")
    if u["endured"]:
        out.append("[yellow]endured[/yellow]")
    if u["supercharge"] == "active":
        out.append("[bold red]SUPER CHARGED[/bold red]")
    elif u["supercharge"] == "pending":
        out.append("[red]charging[/red]")
    if u["shifted"]:
        out.append("[dim]soul-shifted[/dim]")
    if u["attacked"]:
        out.append("[dim]attacked[/dim]")
    return " ".join(out)


def _unit_line(u: dict[str, Any]) -> Text:
    stance = "⚔" if u["stance"] == "attack" else "🛡"
    stack = f" (on {' > '.join(u['stack'])})" if u["stack"] else ""
    line = Text.from_markup(
        f"{stance} [bold]{u['card']}[/bold]{stack}  ATK {u['attack']} END {u['endurance']} SP {u['sp']}"
        f"  [dim]{'/'.join(u['types'])}[/dim] "
    )
    line.append_text(Text.from_markup(_statuses(u)))
    return line


def _zone_rows(grid: RichTable, label: str, items: list[Any]) -> None:
    """A labelled zone of the board: its first item beside the label, the others under it."""
    for i, item in enumerate(items):
        grid.add_row(Text(label if i == 0 else "", style="dim"), item)


def _player(v: dict[str, Any], p: dict[str, Any], seat: int | None, t: Table, names: Names) -> list[Any]:
    me = p["seat"] == seat
    who = "You" if names.addressed(p["seat"], seat) else names(p["seat"])
    n = p["hand_spirits"]
    head = Text.assemble(
        (
            f"{'▶ ' if v['to_move'] == p['seat'] else ''}{who}",
            "bold",
        ),
        " SP ",
        (str(max(0, p["sp"])), "bold magenta"),  # spent to the last point: 0, not -300
        f" · hand {p['hand_count']} ({n} spirit{'' if n == 1 else 's'})",
        (
            f" · squad {p['squad_count']} support {p['support_count']} side {len(p['side'])}"
            + (f" · banished {len(p['banished'])}" if p["banished"] else ""),
            "dim",
        ),
    )
    zones = RichTable.grid(padding=(0, 1))  # labels on the left, each zone's cards wrapping beside them
    zones.add_column(no_wrap=True, min_width=9)
    zones.add_column()
    _zone_rows(zones, "  Battle", [_unit_line(u) for u in p["battle"]] or [Text("(empty)", style="dim")])
    _zone_rows(
        zones,
        "  Support",
        [_unit_line(u) for u in p["support_zone"]]
        + ([Text("cards: " + ", ".join(p["support_cards"]))] if p["support_cards"] else []),
    )
    if p["dworld"]:  # the D-World is face up (DS-Z1): how many, and its newest cards
        newest = ("…, " if len(p["dworld"]) > 3 else "") + ", ".join(p["dworld"][-3:])
        zones.add_row(Text("  D-World", style="dim"), Text(f"{len(p['dworld'])}: {newest}", style="dim"))
    if p["hand_known"] and not me:
        known = ", ".join(_known_text(t, h) for h in p["hand_known"])
        zones.add_row(Text("  Known", style="dim"), Text("in hand: " + known))
    if "hand" in p:
        hand = "; ".join(hand_card_text(t, h, short=True) for h in p["hand"]) or "(empty)"
        zones.add_row(Text("  Hand", style="bold"), Text(hand, style="bold"))
    return [head, zones]


def render(state: DSpiritsState, seat: int | None, lang: str = "en", names: Names | None = None) -> Panel:
    names = names or Names()
    v = state.view(seat)
    t = state.table
    realm = v["realm"]
    match = f" (match {v['match']['wins'][0]}–{v['match']['wins'][1]})" if v["match"]["on"] else ""
    head = Text.assemble(
        ("D-Spirits", "bold"),
        f"  game {v['game_no']}{match}, turn {v['turn']}: "
        + (
            STEP_NAMES[v["phase"]]
            if v["phase"] in ("over", "side", "opening")
            else f"{possessive(names, v['active'], seat)} {STEP_NAMES.get(v['phase'], v['phase'])}"
        ),
    )
    parts: list[Any] = []
    if realm:  # the shared Realm zone (DS-Z1), when a Realm holds it
        text = f"{realm['card']} ({names(realm['owner'])}): {realm['text'].removeprefix('Realm: ')}"
        parts.append(Text.assemble(("Realm: ", "bold green"), text))
    order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
    for p in order:
        parts.extend(_player(v, v["players"][p], seat, t, names))
    if v["chain"]:  # a labelled row like the zones; the last link resolves first
        chain = RichTable.grid(padding=(0, 1))
        chain.add_column(no_wrap=True, min_width=9)
        chain.add_column()
        for i, it in enumerate(v["chain"], 1):
            neg = " [red](negated)[/red]" if it["negated"] else ""
            first = "  [dim]← resolves first[/dim]" if i == len(v["chain"]) and i > 1 else ""
            if it["kind"] == "link":
                src = f" ({it['source']})" if it["source"] != it["name"] else ""
                tgt = f" on {it['target']}" if it["target"] else ""
                what = f"{i}. {escape(names(it['seat']))}: {it['name']}{src}{tgt}{neg}{first}"
            else:
                limbo = "Limbo " if it["limbo"] else ""
                tgt = "directly" if it["target"] == "direct" else it["target"]
                what = f"{i}. {escape(names(it['seat']))}: {limbo}{it['attacker']} attacks {tgt}{neg}{first}"
            chain.add_row(Text("Chain" if i == 1 else "", style="bold"), Text.from_markup(what))
        parts.append(chain)
    if v["endure"]:
        e = v["endure"]
        parts.append(Text(f"Endure? an attack of {e['attack']} against your {e['power']}", style="bold"))
    if v["bid"]:
        b = v["bid"]
        what = "Field Rush for" if b["kind"] == "rush" else "Realm"
        parts.append(
            Text(
                f"Bidding: {what} {b['card']} ({names(b['seat'])}): {b['amount']} SP by {names(b['high'])}; "
                f"{names(b['to_bid'])} to raise or pass",
                style="bold green",
            )
        )
    if v["side_swap"]:
        s = v["side_swap"]
        pending = f", bringing in {s['pending']}" if s["pending"] else ""
        parts.append(
            Text(
                f"Between games: {names(s['seat'])} may swap side-deck cards "
                f"({s['swaps_left'][s['seat']]} left){pending}",
                style="bold",
            )
        )
    if v["over"]:
        w = v["winner"]
        res = "a draw" if w is None else "you win" if names.addressed(w, seat) else f"{names(w)} wins"
        parts.append(Text(f"Game over: {res}", style="bold green"))
    return Panel(Group(*parts), expand=False, title=head, title_align="left")


# ------------------------------------------------------------------------------------------ menus
def _target(state: DSpiritsState, p: int, label: str) -> str:
    """A target label (``foe:gravelhound#2``) as a player reads it."""
    pre, _, rest = label.partition(":")
    t = state.table
    if pre in ("foe", "own"):
        u = state.find_unit(1 - p if pre == "foe" else p, rest)
        name = t.name[u.card] if u is not None else rest
        return f"{'the opposing' if pre == 'foe' else 'your'} {name}"
    if pre == "hand":
        return f"{hand_card_text(t, rest)} from your hand"
    if pre == "dworld":
        c = t.find(rest)
        return f"{card_line(t, c) if c is not None else rest} from your D-World"
    return label


def describe(state: DSpiritsState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """A menu line for an action of the seat to move, with the numbers that matter."""
    t = state.table
    k = action.kind
    a = action.args
    p = state.to_move
    if p is None:
        return action.notation
    if k == "open":
        return f"opening draw: {a[0]} from the D-Squad deck, {OPENING_HAND - a[0]} from the Support deck"
    if k == "draw":
        return f"draw from your {DECKS[a[0]]} deck"
    if k == "no_draw":
        return "draw nothing this turn"
    if k == "extra":
        if a[0] < 0:
            return "no Extra Draw"
        return f"Extra Draw ({EXTRA_DRAW_COST} SP): one more from your {DECKS[a[0]]} deck"
    if k == "recharge":
        return (
            f"Squad Recharge: pay {state.sp[p] // 2} SP (half), your D-World's D-Spirits back into "
            "the D-Squad deck"
        )
    if k == "rush":
        realm = card_line(t, a[0])
        return f"Field Rush: instead of drawing, bid {FIELD_RUSH_BID} SP for {realm}: {t.recs[a[0]].text}"
    if k == "summon":
        return f"Regular Summon {hand_card_text(t, state.hand_label(a[0]))}"
    if k == "exchange":
        u = state.find_unit(p, a[0])
        out = t.name[u.card] if u is not None else a[0]
        return f"Soul Exchange: {out} back to hand, {hand_card_text(t, state.hand_label(a[1]))} in its place"
    if k == "stance":
        u = state.find_unit(p, a[0])
        if u is None:
            return action.notation
        to = "Endure" if u.stance == ATTACK_STANCE else "Attack"
        return f"{t.name[u.card]} to {to} stance"
    if k in ("move", "ability"):
        u = state.find_unit(p, a[0])
        prog = None
        if u is not None:
            prog = t.move[u.card] if k == "move" else t.command[u.card][a[1]]
        if prog is None or u is None:
            return action.notation
        cost = f" ({prog.cost} SP)" if prog.cost else ""
        tgt = f" → {_target(state, p, a[-1])}" if a[-1] else ""
        what = "special move" if k == "move" else "ability"
        return f"{t.name[u.card]}'s {what} {prog.name}{cost}{tgt}: {prog.text}"
    if k in ("play", "respond"):
        c = a[0]
        tgt = f" → {_target(state, p, a[1])}" if a[1] else ""
        verb = "respond with" if k == "respond" else "play"
        return f"{verb} {card_line(t, c)}{tgt}: {t.recs[c].text}"
    if k == "evolve":
        u = state.find_unit(p, a[1])
        base = t.name[u.card] if u is not None else a[1]
        return f"D-Evolve {base} into {card_line(t, a[0])}"
    if k == "shift":
        who = _target(state, p, "own:" + a[0])
        return f"Soul Shift ({SOUL_SHIFT_COST} SP): {who} to the Support Zone, abilities inactive"
    if k == "battle":
        return "go to the battle step"
    if k in ("attack", "limbo"):
        return _describe_attack(state, p, k, a)
    if k == "supercharge":
        return (
            f"Super Charge {_target(state, p, 'own:' + a[0])} ({SUPER_CHARGE_COST} SP): skip this battle; "
            "next turn its attack doubles and it alone attacks"
        )
    if k == "end":
        return "end the turn"
    if k == "pass":
        if state.bid is not None:
            return "pass (let the last bid stand)"
        if state.wnd.kind == "target":
            return "no target: the ability fizzles"
        return "pass (let the chain resolve)"
    if k == "endure":
        return "endure: switch to Endure stance, the attack is negated"
    if k == "fall":
        return "do not endure"
    if k == "target":
        return f"target {_target(state, p, a[0])}"
    if k == "bid":
        return f"bid {a[0]} SP (you have {state.sp[p]})"
    if k == "side_in":
        return f"bring {card_line(t, a[0])} in from the side deck"
    if k == "side_out":
        return f"send {card_line(t, a[0])} to the side deck"
    if k == "keep":
        return "keep the decks as they are"
    return action.notation


def _describe_attack(state: DSpiritsState, p: int, k: str, a: tuple[Any, ...]) -> str:
    t = state.table
    q = 1 - p
    att = state.find_unit(p, a[0])
    if att is None:
        return f"{k} {' '.join(a)}"
    head = f"Limbo ({LIMBO_COST} SP): " if k == "limbo" else ""
    name = t.name[att.card]
    if a[1] == "direct":
        return f"{head}{name} attacks directly ({state.attack_of(p, att)} SP damage)"
    tgt = state.find_unit(q, a[1])
    if tgt is None:
        return f"{k} {' '.join(a)}"
    enduring = tgt.stance != ATTACK_STANCE
    ap = state.battle_power(p, att, tgt, 0)
    dp = state.battle_power(q, tgt, att, 1 if enduring else 0)
    guess = (
        "wins"
        if ap > dp
        else "trades"
        if ap == dp and not enduring
        else "loses"
        if not enduring
        else "is held"
    )
    stance = " (enduring)" if enduring else ""
    return f"{head}{name} ({ap}) attacks {t.name[tgt.card]}{stance} ({dp}): {guess}"


# ------------------------------------------------------------------------------------------ events
def narrate(
    game: Any, e: dict[str, Any], seat: int | None = None, lang: str = "en", names: Names | None = None
) -> str | None:
    """One line for an event of ``events_for(seat)``, in ``seat``'s words (``you`` for its own)."""
    names = names or Names()
    k = e["type"]
    s = e.get("seat")
    you = names.addressed(s, seat)
    Who = "You" if you else names(s)
    whose = possessive(names, s, seat)
    Whose = whose[0].upper() + whose[1:] if you else whose

    def v(plural: str, singular: str) -> str:
        """The verb agreeing with ``who``."""
        return plural if you else singular

    if k == "game_start":
        first = "you go" if names.addressed(e["first"], seat) else f"{names(e['first'])} goes"
        return f"Game {e['game']} begins: {first} first, {e['sp'][0]} SP each."
    if k == "opening":
        n, m = e["squad"], e["support"]
        return f"{Who} {v('draw', 'draws')} {n} from the D-Squad deck and {m} from the Support deck."
    if k == "turn":
        return f"— Turn {e['turn']}: {whose} turn (SP {e['sp'][0]}–{e['sp'][1]})"
    if k == "draw":
        if not e["count"]:
            return f"{Whose} {e['deck']} deck is empty."
        return (
            f"{Who} {v('draw', 'draws')} a card from the {DECKS[e['deck'] == 'support']} deck ({e['why']})."
        )
    if k == "drew":
        return f"You drew {e['card']}."
    if k == "dealt":
        return f"Your hand: {', '.join(e['cards'])}."
    if k == "no_draw":
        return f"{Who} {v('draw', 'draws')} no card this turn."
    if k == "sp":
        verb = v("gain", "gains") if e["delta"] > 0 else v("lose", "loses")
        left = f"{e['sp']} left" if e["sp"] > 0 else "none left"  # never "-300 left"
        return f"{Who} {verb} {abs(e['delta'])} SP ({e['why']}): {left}."
    if k == "summon":
        how = v("Super D-Summon", "Super D-Summons") if e["kind"] == "super" else v("summon", "summons")
        return f"{Who} {how} {e['card']}."
    if k == "attack":
        tgt = "directly" if e["target"] == "direct" else e["target"]
        return f"{Whose} {e['attacker']} attacks {tgt}{' (Limbo)' if e['limbo'] else ''}!"
    if k == "battle":
        return _battle_line(e)
    if k == "fall":
        return f"{Whose} {e['card']} does not endure."
    if k == "destroy":
        stack = f" (with {', '.join(e['stack'])})" if e["stack"] else ""
        return f"{Whose} {e['card']}{stack} is destroyed: {e['why']}."
    if k == "activate":
        tgt = ""
        if e.get("target"):
            ts = e.get("target_seat")
            owner = possessive(names, ts, seat)
            tgt = f" on {owner} {e['target']}"
        what = "responds with" if e.get("kind") == "response" else "activates"
        if you:
            what = "respond with" if e.get("kind") == "response" else "activate"
        src = f" ({e['source']})" if e.get("source") and e["source"] != e["name"] else ""
        return f"{Who} {what} {e['name']}{src}{tgt}."
    if k == "play":
        return f"{Who} {v('play', 'plays')} {e['card']}."
    if k == "resolve":
        return f"{e['name']} {'is negated' if e['negated'] else 'resolves'}."
    if k == "negate":
        return f"{e['by']} negates {'the attack' if e.get('what') == 'attack' else 'the card it answers'}."
    if k == "pass":
        if e.get("window") == "bid":
            return f"{Who} {v('let', 'lets')} the bid stand."
        if e.get("forced"):
            return f"{Who} cannot answer." if not you else "You cannot answer."
        return f"{Who} {v('pass', 'passes')}."
    if k == "status":
        amt = f" ({e['amount']} SP each turn)" if e["status"] == "poisoned" else ""
        return f"{Whose} {e['card']} is {e['status'].upper()}{amt}."
    if k == "thaw":
        return f"{Whose} {e['card']} thaws."
    if k == "cure":
        return f"{Whose} {e['card']} is cured."
    if k == "modify":
        return f"{Whose} {e['card']}: {e['amount']:+} {e['stat']} ({e['why']})."
    if k == "launch":
        if e["at"] == "negated":
            return f"{Whose} {e['card']} is launched into the D-World for nothing."
        return f"{Who} {v('launch', 'launches')} {e['card']} ({e['stat']} {e['value']})!"
    if k == "bid":
        rush = " (Field Rush)" if e["kind"] == "rush" else ""
        return f"{Who} {v('bid', 'bids')} {e['amount']} SP for {e['card']}{rush}."
    if k == "bid_won":
        return f"{Who} {v('win', 'wins')} the bidding for {e['card']} at {e['amount']} SP."
    if k == "realm":
        return f"Realm {e['card']} takes the field."
    if k == "realm_negated":
        return f"{e['card']} is negated by the higher bid."
    if k == "realm_destroyed":
        return f"The old Realm {e['card']} is destroyed."
    if k == "rushed":
        return f"{Who} {v('take', 'takes')} {e['card']} from the {e['source']} deck."
    if k == "evolve":
        return f"{Whose} {e['base']} D-Evolves into {e['card']}!"
    if k == "exchange":
        return f"{Who} {v('Soul-Exchange', 'Soul-Exchanges')} {e['out']} for {e['card']}."
    if k == "stance":
        return f"{Whose} {e['card']} takes {e['stance']} stance."
    if k == "supercharge":
        return f"{Who} {v('Super Charge', 'Super Charges')} {e['card']}."
    if k == "supercharged":
        return f"{Whose} {e['card']} is Super Charged: attack {e['power']}."
    if k == "recharge":
        n = e["count"]
        return (
            f"{Who} {v('recharge', 'recharges')} the D-Squad deck with {n} D-Spirit{'s' if n != 1 else ''}."
        )
    if k == "zone":
        zone = "Support Zone" if e["dest"] == "support" else "Battle Scene"
        return f"{Whose} {e['card']} moves to the {zone}."
    if k == "shift":
        return f"{Who} {v('Soul-Shift', 'Soul-Shifts')} {e['card']} to the Support Zone."
    if k == "to_hand":
        return f"{Whose} {e['card']} returns to hand ({e['why']})."
    if k == "banish":
        return f"{Whose} {e['card']} is removed from play."
    if k == "trigger":
        return f"{e['source']}: {e['name']}."
    if k == "fizzle":
        return f"{e['name']} fizzles: {e['why']}."
    if k == "negated":
        return f"{e['card']}'s ability is negated: {e['why']}."
    if k == "side_swap":
        return f"{Who} {v('swap', 'swaps')} {e['card_out']} out for {e['card_in']}."
    if k == "game_over":
        w = e["winner"]
        res = "a draw" if w is None else "you win" if names.addressed(w, seat) else f"{names(w)} wins"
        why = {"sp": "SP ran out", "turn_limit": "turn limit, the higher SP wins"}.get(
            e["reason"], e["reason"]
        )
        return f"Game {e['game']} is over: {res} ({why})."
    if k == "match_over":
        w = e["winner"]
        wins = e["wins"]
        if w is None:
            return f"The match is a draw, {wins[0]}–{wins[1]}."
        res = "You win" if names.addressed(w, seat) else f"{names(w)} wins"
        return f"{res} the match, {wins[w]} games to {wins[1 - w]}."
    if k == "step":
        return f"{Who} {v('enter', 'enters')} the {e['step']} step."
    return None


def _battle_line(e: dict[str, Any]) -> str:
    o = e["outcome"]
    if o == "direct":
        return f"Direct attack: {e['attacker']} hits for {e['power']}."
    if o in ("negated", "fizzled"):
        return f"The attack is {o}{': ' + e['why'] if e.get('why') else ''}."
    if o == "endured":
        return (
            f"{e['target']} endures {e['attacker']}'s attack ({e['power']} against Endurance {e['against']})."
        )
    if o == "blocked":
        return f"{e['target']} holds in Endure stance: {e['power']} does not exceed {e['against']}."
    words = {"higher": "beats", "equal": "trades with", "lower": "is repelled by"}[o]
    return f"Battle {e['power']} against {e['against']}: {e['attacker']} {words} {e['target']}."


# ------------------------------------------------------------------------------------------ decisions
def _item_words(state: DSpiritsState, seat: int, names: Names) -> str:
    """The item on top of the chain, as the seat answering it reads it."""
    chain = state.view(seat)["chain"]
    if not chain:
        return "the chain"
    it = chain[-1]
    whose = possessive(names, it["seat"], seat)
    if it["kind"] == "link":
        return f"{whose} {it['name']}"
    tgt = "you directly" if it["target"] == "direct" else f"{possessive(names, seat, seat)} {it['target']}"
    return f"the attack of {whose} {it['attacker']} on {tgt}"


def prompt(state: DSpiritsState, lang: str = "en", names: Names | None = None) -> str:
    """The decision the seat to move faces, in its own words."""
    names = names or Names()
    p = state.to_move
    if p is None:
        return ""
    t = state.table
    kind = state.wnd.kind if state.wnd.priority is not None else None
    if kind == "endure":
        e = state.endure_choice()
        found = state.locate(e.target)
        mine = t.name[found[1].card] if found else "D-Spirit"
        return f"Endure with your {mine} (an attack of {e.power} against {e.against}), or let it fall"
    if kind == "target":
        data = state.wnd.data
        prog = t.catalog.programs[getattr(data, "program", 0)]
        return f"Choose a target for {prog.name}"
    if kind is not None:
        return f"Respond to {_item_words(state, p, names)}, or pass"
    if state.bid is not None:
        b = state.bid
        high = "yours" if b.high == p else f"by {names(b.high)}"
        return f"Raise the bid for {t.name[b.card]} (it stands at {b.amount} SP, {high}), or pass"
    ph = state.phase
    if ph == "opening":
        return f"Opening draw: choose how many of your {OPENING_HAND} cards come from the D-Squad deck"
    if ph == "side":
        if state.side_pending >= 0:
            return f"Choose the card {t.name[state.side_pending]} replaces in your decks"
        return f"Swap a side-deck card in, or keep your decks ({state.swaps_left[p]} swaps left)"
    kinds = {a.kind for a in state.legal_actions()}
    if ph == "draw":
        extra = [
            w
            for k, w in (("rush", "take a Field Rush"), ("recharge", "recharge your D-Squad deck"))
            if k in kinds
        ]
        return "Draw a card from one of your decks" + (", or " + " or ".join(extra) if extra else "")
    if ph == "extra":
        return f"Extra Draw: one more card for {EXTRA_DRAW_COST} SP, or none"
    if ph == "main":
        return "Your main step: summon, play cards, use abilities or change stances, then go to battle"
    if ph == "battle":
        if kinds & {"attack", "limbo"}:
            return "Your battle step: attack with a D-Spirit, or end your turn"
        return "Your battle step: end your turn"
    return STEP_NAMES.get(ph, ph)


def _hand_reason(state: DSpiritsState, p: int, cid: int) -> str:
    t = state.table
    sp = state.sp[p]
    window = state.wnd.kind if state.wnd.priority is not None else None
    if window in ("chain", "attack"):
        if t.kind[cid] == SPIRIT:
            return "a D-Spirit cannot answer the chain"
        if not t.response[cid]:
            return "only response signals answer the chain"
        return "it has nothing on the chain to answer now"
    if window is not None or state.bid is not None:
        return "not now: answer the decision first"
    if state.phase != "main":
        return f"not now: this is the {STEP_NAMES.get(state.phase, state.phase)}"
    k = t.kind[cid]
    if k == SPIRIT:
        if state.summoned:
            return "you have made your Regular Summon this turn"
        if len(state.scene[p]) >= BATTLE_SCENE_MAX:
            return "your Battle Scene is full"
        return "it cannot be summoned now"
    eff = t.effect[cid]
    if t.response[cid] and (eff is None or eff.needs_attack or eff.needs_link):
        return "a response: it answers a card or an attack"
    if k == REALM:
        return f"its opening bid is {t.bid[cid]} SP and you have {sp} (a payment must leave you 1 SP)"
    if t.cost[cid] and sp <= t.cost[cid]:
        return f"it costs {t.cost[cid]} SP and you have {sp} (a payment must leave you 1 SP)"
    if t.requires[cid] and not all(state.controls(p, r) for r in t.requires[cid]):
        return f"it needs {' and '.join(t.name[r] for r in t.requires[cid])} under your control"
    return "it has no target now"


def _spirit_reason(state: DSpiritsState, p: int, uid: int) -> str:
    found = state.locate(uid)
    if found is None:
        return "not now"
    q, u = found
    ph = state.phase
    if q != p:
        if ph == "battle" and u in state.parked[q]:
            return "in the Support Zone: it cannot be attacked"
        return "not a target now"
    if state.wnd.priority is not None or state.bid is not None:
        return "not now: answer the decision first"
    if state.is_frozen(u):
        return "Frozen until your next end step"
    if state.is_restricted(u):
        return "it endured an attack: no attack or stance change this turn"
    if ph == "battle":
        if not state.may_attack(p):
            return "the first player does not attack on their first turn"
        if u in state.parked[p]:
            return "in the Support Zone: it attacks only by Limbo"
        if u.attacked_on == state.turn:
            return "it has attacked this turn"
        if u.stance != ATTACK_STANCE:
            return "in Endure stance: it cannot attack"
        if u.uid not in state.ready:
            return "it came into play after the battle step began"
        return "it cannot attack now"
    if ph == "main":
        return "it has nothing to do now"
    return f"not now: this is the {STEP_NAMES.get(ph, ph)}"


def unusable(state: DSpiritsState, seat: int, lang: str = "en", names: Names | None = None) -> dict[str, str]:
    """Why the cards and D-Spirits of ``seat``'s view that no legal action uses cannot be used now (the
    seat to move only: the other seat has no decision)."""
    if state.to_move != seat:
        return {}
    game = state.game
    used = {r for a in state.legal_actions() for r in game.move_refs(state, a)}
    out: dict[str, str] = {}
    t = state.table
    for h in state.hand[seat]:
        ref = "hand:" + state.hand_label(h)
        if ref not in used and ref not in out:
            out[ref] = _hand_reason(state, seat, h.card)
    for q in (seat, 1 - seat):
        for u in state.scene[q] + state.parked[q]:
            ref = f"spirit:{u.uid}"
            if ref not in used and (q == seat or state.phase == "battle"):
                out[ref] = _spirit_reason(state, seat, u.uid)
            if q != seat:
                continue
            move = t.move[u.card]
            if move is not None and f"move:{u.uid}" not in used and f"spirit:{u.uid}" in used:
                out[f"move:{u.uid}"] = _program_reason(state, seat, u, move, u.moved_on == state.turn)
            for j, prog in enumerate(t.command[u.card]):
                ref = f"ability:{u.uid}:{t.pslug[prog.id]}"
                if ref not in used and f"spirit:{u.uid}" in used:
                    out[ref] = _program_reason(state, seat, u, prog, u.used_ability(j, state.turn))
    return out


def _program_reason(state: DSpiritsState, p: int, u: Any, prog: Any, spent: bool) -> str:
    if spent:
        return "used this turn (once per turn)"
    if u.shifted:
        return "soul-shifted: its abilities are inactive"
    if prog.cost and state.sp[p] <= prog.cost:
        return f"it costs {prog.cost} SP and you have {state.sp[p]} (a payment must leave you 1 SP)"
    if state.phase != "main":
        return f"not now: this is the {STEP_NAMES.get(state.phase, state.phase)}"
    return "it has no target now"


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
            "D-Spirit dans votre Support Zone",
        ),
        "elemental_negates_spooky": OptionWords(
            "Élémentaire annule Spooky",
            "DS-B5, arbitrage : un D-Spirit Élémentaire qui détruit un Spooky en combat annule ses "
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
            "エレメンタルがスプーキーを打ち消す",
            "DS-B5 裁定：バトルでスプーキーの D-Spirit を破壊したエレメンタルの D-Spirit は、"
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
