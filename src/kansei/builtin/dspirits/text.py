"""Terminal rendering of D-Spirits (rich): both battle scenes with stance, statuses and evolution stacks,
support zones, the Realm, SP, hand and deck counts, and the chain while it is open."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.protocol import Action

from .rules import HMASK, DSpiritsState

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


def _statuses(u: dict) -> str:
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


def _scene(title: str, units: list[dict]) -> Table:
    tab = Table(title=title, expand=False, show_lines=False, title_justify="left")
    for col in ("", "D-Spirit", "evolution stack", "types", "stance", "ATK", "END", "SP", "status"):
        tab.add_column(col)
    for u in units:
        stack = " > ".join([*u["stack"], u["card"]]) if u["stack"] else ""
        tab.add_row(
            u["label"],
            f"[bold]{u['card']}[/bold]",
            stack,
            "/".join(u["types"]),
            "⚔ attack" if u["stance"] == "attack" else "🛡 endure",
            str(u["attack"]),
            str(u["endurance"]),
            str(u["sp"]),
            _statuses(u),
        )
    return tab


def _player(v: dict, p: dict, seat: int | None) -> list[Any]:
    me = p["seat"] == seat
    tag = " (you)" if me else ""
    turn = " ◀ to move" if v["to_move"] == p["seat"] else ""
    head = Text.assemble(
        (f"Seat {p['seat']}{tag}", "bold"),
        "   SP ",
        (str(p["sp"]), "bold magenta"),
        f"   hand {p['hand_count']} ({p['hand_spirits']} D-Spirits, {p['hand_support']} support)"
        f"   D-Squad {p['squad_count']}   Support {p['support_count']}   side {len(p['side'])}"
        f"   D-World {len(p['dworld'])}" + (f"   banished {len(p['banished'])}" if p["banished"] else ""),
        (turn, "bold yellow"),
    )
    parts: list[Any] = [head]
    parts.append(_scene("Battle Scene", p["battle"]) if p["battle"] else Text("  Battle Scene: (empty)"))
    if p["support_zone"] or p["support_cards"]:
        if p["support_zone"]:
            parts.append(_scene("Support Zone (D-Spirits)", p["support_zone"]))
        if p["support_cards"]:
            parts.append(Text("  Support Zone cards: " + ", ".join(p["support_cards"])))
    else:
        parts.append(Text("  Support Zone: (empty)", style="dim"))
    if p["hand_known"] and not me:
        parts.append(Text("  known in hand: " + ", ".join(p["hand_known"])))
    if "hand" in p:
        parts.append(Text("  hand: " + (", ".join(p["hand"]) or "(empty)"), style="bold"))
    return parts


def render(state: DSpiritsState, seat: int | None, lang: str = "en"):
    v = state.view(seat)
    realm = v["realm"]
    head = Text.assemble(
        ("D-Spirits TCG", "bold"),
        f"   game {v['game_no']}"
        + (f" (match {v['match']['wins'][0]}–{v['match']['wins'][1]})" if v["match"]["on"] else ""),
        f"   turn {v['turn']}, seat {v['active']}'s {STEP_NAMES.get(v['phase'], v['phase'])}",
    )
    parts: list[Any] = [head]
    parts.append(
        Text.assemble(
            ("Realm: ", "bold green"),
            f"{realm['card']} (seat {realm['owner']}) — {realm['text']}" if realm else "none",
        )
    )
    order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
    for p in order:
        parts.extend(_player(v, v["players"][p], seat))
    if v["chain"]:
        chain = Table(title="Chain (top resolves first)", title_justify="left")
        for col in ("#", "seat", "what", "target", ""):
            chain.add_column(col)
        for i, it in reversed(list(enumerate(v["chain"], 1))):
            if it["kind"] == "link":
                what = f"{it['name']} ({it['source']})" if it["source"] != it["name"] else it["name"]
                chain.add_row(
                    str(i), str(it["seat"]), what, it["target"], "[red]negated[/red]" if it["negated"] else ""
                )
            else:
                what = f"{'Limbo ' if it['limbo'] else ''}attack by {it['attacker']}"
                chain.add_row(
                    str(i), str(it["seat"]), what, it["target"], "[red]negated[/red]" if it["negated"] else ""
                )
        parts.append(chain)
    if v["endure"]:
        e = v["endure"]
        parts.append(
            Text(f"Endure? attack {e['attack']} against power {e['power']} ({e['outcome']})", style="bold")
        )
    if v["bid"]:
        b = v["bid"]
        what = "Field Rush for" if b["kind"] == "rush" else "Realm"
        parts.append(
            Text(
                f"Bidding: {what} {b['card']} (seat {b['seat']}): {b['amount']} SP by seat {b['high']}; "
                f"seat {b['to_bid']} to raise or pass",
                style="bold green",
            )
        )
    if v["side_swap"]:
        s = v["side_swap"]
        parts.append(
            Text(
                f"Between games: seat {s['seat']} may swap side-deck cards "
                f"({s['swaps_left'][s['seat']]} left)"
                + (f", bringing in {s['pending']}" if s["pending"] else ""),
                style="bold",
            )
        )
    if v["over"]:
        res = "a draw" if v["winner"] is None else f"seat {v['winner']} wins"
        parts.append(Text(f"Game over: {res}", style="bold green"))
    return Panel(Group(*parts), expand=False)


# ------------------------------------------------------------------------------------------ menus
def describe(state: DSpiritsState, action: Action, lang: str = "en") -> str:
    """A menu line for an action."""
    t = state.game.table
    k = action.kind
    a = action.args
    p = state.to_move
    if k == "open":
        return f"opening draw: {a[0]} from the D-Squad deck, {7 - a[0]} from the Support deck"
    if k == "draw":
        return f"draw from your {'D-Squad' if a[0] == 0 else 'Support'} deck"
    if k == "extra":
        if a[0] < 0:
            return "no Extra Draw"
        return f"Extra Draw (500 SP): one more from your {'D-Squad' if a[0] == 0 else 'Support'} deck"
    if k == "recharge":
        return (
            f"Squad Recharge: pay {state.sp[p] // 2} SP (half), D-Spirits of your D-World back into "
            "the D-Squad deck"
        )
    if k == "rush":
        return f"Field Rush: instead of drawing, bid 500 SP for {t.name[a[0]]} — {t.recs[a[0]].text}"
    if k == "summon":
        c = a[0] & HMASK
        return f"Regular Summon {t.name[c]} (ATK {t.atk[c]} / END {t.endu[c]}, SP {t.spv[c]})"
    if k == "exchange":
        return f"Soul Exchange: {a[0]} back to hand, {t.name[a[1] & HMASK]} in its place"
    if k == "stance":
        inst = state._find(p, a[0])
        to = "endure" if inst is not None and inst[3] == 0 else "attack"
        return f"change {a[0]}'s stance to {to}"
    if k in ("move", "ability"):
        inst = state._find(p, a[0])
        prog = None
        if inst is not None:
            prog = t.move[inst[0]] if k == "move" else t.command[inst[0]][a[1]]
        if prog is None:
            return action.notation
        cost = f" ({prog.cost} SP)" if prog.cost else ""
        tgt = f" → {a[-1]}" if a[-1] else ""
        what = "special move" if k == "move" else "ability"
        return f"{what} {prog.name}{cost}{tgt}: {prog.text}"
    if k in ("play", "respond"):
        c = a[0]
        tgt = f" → {a[1]}" if a[1] else ""
        extra = ""
        if t.kind[c] == 3:
            extra = f" (bid from {t.bid[c]} SP)"
        elif t.cost[c]:
            extra = f" ({t.cost[c]} SP)"
        return f"{'respond with' if k == 'respond' else 'play'} {t.name[c]}{extra}{tgt}: {t.recs[c].text}"
    if k == "evolve":
        return f"D-Evolve {a[1]} into {t.name[a[0]]} (ATK {t.atk[a[0]]} / END {t.endu[a[0]]})"
    if k == "shift":
        return f"Soul Shift (800 SP): {a[0]} to the Support Zone, abilities inactive"
    if k == "battle":
        return "go to the battle step"
    if k in ("attack", "limbo"):
        q = 1 - p
        att = state._find(p, a[0])
        if a[1] == "direct":
            pw = state.attack_of(p, att) if att is not None else 0
            head = "Limbo (1200 SP): " if k == "limbo" else ""
            return f"{head}{a[0]} attacks directly ({pw} SP damage)"
        tgt = state._find(q, a[1])
        if att is None or tgt is None:
            return action.notation
        ap = state._battle_power(p, att, tgt, 0)
        dp = state._battle_power(q, tgt, att, 0 if tgt[3] == 0 else 1)
        guess = "wins" if ap > dp else "trades" if ap == dp else "loses"
        head = "Limbo (1200 SP): " if k == "limbo" else ""
        stance = " (enduring)" if tgt[3] == 1 else ""
        return f"{head}{a[0]} ({ap}) attacks {a[1]}{stance} ({dp}): {guess}"
    if k == "supercharge":
        return (
            f"Super Charge {a[0]} (500 SP): skip this battle; next turn its attack doubles and it "
            "alone attacks"
        )
    if k == "end":
        return "end the turn"
    if k == "pass":
        if state.bid is not None:
            return "pass (let the last bid stand)"
        return "pass (let the chain resolve)"
    if k == "endure":
        return "endure: switch to Endure stance, the attack is negated"
    if k == "fall":
        return "do not endure"
    if k == "target":
        return f"target {a[0]}"
    if k == "bid":
        return f"bid {a[0]} SP"
    if k == "side_in":
        return f"bring {t.name[a[0]]} in from the side deck"
    if k == "side_out":
        return f"send {t.name[a[0]]} to the side deck"
    if k == "keep":
        return "keep the decks as they are"
    return action.notation


# ------------------------------------------------------------------------------------------ events
def narrate(game: Any, e: dict, seat: int | None = None, lang: str = "en") -> str | None:
    k = e["type"]
    s = e.get("seat")
    who = "you" if s is not None and s == seat else f"seat {s}"
    whose = "your" if s is not None and s == seat else f"seat {s}'s"
    if k == "game_start":
        return f"Game {e['game']} begins: seat {e['first']} goes first, {e['sp'][0]} SP each."
    if k == "opening":
        return f"{who} draws {e['squad']} from the D-Squad deck and {e['support']} from the Support deck."
    if k == "turn":
        return f"— Turn {e['turn']}: seat {s} (SP {e['sp'][0]}–{e['sp'][1]})"
    if k == "draw":
        if not e["count"]:
            return f"{who}: the {e['deck']} deck is empty."
        return f"{who} draws from the {e['deck']} deck ({e['why']})."
    if k == "drew":
        return f"You drew {e['card']}."
    if k == "sp":
        sign = "+" if e["delta"] > 0 else ""
        return f"{who}: {sign}{e['delta']} SP ({e['why']}) → {e['sp']}"
    if k == "summon":
        return f"{who} {'Super D-Summons' if e['kind'] == 'super' else 'summons'} {e['card']}."
    if k == "attack":
        return f"{who}: {e['attacker']} attacks {e['target']}{' (Limbo)' if e['limbo'] else ''}!"
    if k == "battle":
        o = e["outcome"]
        if o == "direct":
            return f"Direct attack: {e['attacker']} hits for {e['power']}."
        if o in ("negated", "fizzled"):
            return f"The attack is {o}{': ' + e['why'] if e.get('why') else ''}."
        if o == "endured":
            return (
                f"{e['target']} endures {e['attacker']}'s attack ({e['power']} vs Endurance {e['against']})."
            )
        if o == "blocked":
            return f"{e['target']} holds in Endure stance: {e['power']} does not exceed {e['against']}."
        words = {"higher": "beats", "equal": "trades with", "lower": "is repelled by"}[o]
        return f"BATTLE {e['power']} vs {e['against']}: {e['attacker']} {words} {e['target']}."
    if k == "destroy":
        stack = f" (with {', '.join(e['stack'])})" if e["stack"] else ""
        return f"{whose} {e['card']}{stack} is destroyed — {e['why']}."
    if k == "activate":
        tgt = f" on {e['target']}" if e.get("target") else ""
        return f"{who} activates {e['name']}{tgt}."
    if k == "resolve":
        return f"{e['name']} {'is negated' if e['negated'] else 'resolves'}."
    if k == "negate":
        return f"{e['by']} negates {'the attack' if e.get('what') == 'attack' else 'the card below it'}."
    if k == "status":
        amt = f" ({e['amount']} SP each turn)" if e["status"] == "poisoned" else ""
        return f"{whose} {e['card']} is {e['status'].upper()}{amt}."
    if k == "thaw":
        return f"{whose} {e['card']} thaws."
    if k == "cure":
        return f"{whose} {e['card']} is cured."
    if k == "modify":
        return f"{whose} {e['card']}: {e['amount']:+} {e['stat']} ({e['why']})."
    if k == "launch":
        if e["at"] == "negated":
            return f"{whose} {e['card']} is launched into the D-World for nothing."
        return f"{who} launches {e['card']} ({e['stat']} {e['value']})!"
    if k == "bid":
        return f"{who} bids {e['amount']} SP for {e['card']}{' (Field Rush)' if e['kind'] == 'rush' else ''}."
    if k == "bid_won":
        return f"{who} wins the bidding for {e['card']} at {e['amount']} SP."
    if k == "realm":
        return f"Realm {e['card']} takes the field."
    if k == "realm_negated":
        return f"{e['card']} is negated by the higher bid."
    if k == "realm_destroyed":
        return f"The old Realm {e['card']} is destroyed."
    if k == "rushed":
        return f"{who} takes {e['card']} from the {e['source']} deck."
    if k == "evolve":
        return f"{whose} {e['base']} D-Evolves into {e['card']}!"
    if k == "exchange":
        return f"{who} Soul-Exchanges {e['out']} for {e['card']}."
    if k == "stance":
        return f"{whose} {e['card']} takes {e['stance']} stance."
    if k == "supercharge":
        return f"{who} Super Charges {e['card']}."
    if k == "supercharged":
        return f"{whose} {e['card']} is Super Charged: attack {e['power']}."
    if k == "recharge":
        return f"{who} recharges the D-Squad deck with {e['count']} D-Spirits."
    if k == "zone":
        return (
            f"{whose} {e['card']} moves to the {'Support Zone' if e['dest'] == 'support' else 'Battle Scene'}."
        )
    if k == "shift":
        return f"{who} Soul-Shifts {e['card']} to the Support Zone."
    if k == "to_hand":
        return f"{whose} {e['card']} returns to hand ({e['why']})."
    if k == "banish":
        return f"{whose} {e['card']} is removed from play."
    if k == "trigger":
        return f"{e['source']}: {e['name']}."
    if k == "fizzle":
        return f"{e['name']} fizzles: {e['why']}."
    if k == "negated":
        return f"{e['card']}'s ability is negated: {e['why']}."
    if k == "side_swap":
        return f"{who} swaps {e['card_out']} out for {e['card_in']}."
    if k == "game_over":
        w = e["winner"]
        return f"Game {e['game']} over: {'a draw' if w is None else f'seat {w} wins'} ({e['reason']})."
    if k == "match_over":
        w = e["winner"]
        return f"Match over: {'a draw' if w is None else f'seat {w} wins'} {e['wins'][0]}–{e['wins'][1]}."
    if k == "step":
        return f"{who} enters the {e['step']} step."
    return None
