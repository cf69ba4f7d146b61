"""Card Race Stampede!!: the hot paths of the rules as typed functions of the race (rules digest ids ST-…,
see RULES.md): the legal actions of a main or battle step and of a response window, the common steps
(pass, end, attack, battle, call), the automatic phases, the window host's two answers, combat, runs,
destruction and draws.

They are what a search runs at almost every step, so they are written against :class:`~.race.Race` and
compiled with it, the card table and the evaluation as Stampede's group (``Game.compiled_modules``):
compiled, every read of a field or a card is a C struct read. The state's layers (``state.py`` …
``rules.py``) call them for these paths and keep the rest (abilities and their blocks, set-up,
scenarios, seldom effects); the state is used here as a Python object, for what only it has: its log,
its random source, the game's options and the abilities' blocks (which are handed the state, as they
declare). Events are built and logged only where the race narrates (``Race.narrating``): a world made
for search keeps none, and its log would drop them anyway.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any, Final

from kansei.core.protocol import Action

from .cards import Ability
from .items import (
    ABILITY_EVENT,
    ATTACK_EVENT,
    CALL_EVENT,
    COMBAT_EVENT,
    DESTROYED_EVENT,
    DRAW_EVENT,
    DREW_EVENT,
    END_TURN_EVENT,
    EXPOSED_EVENT,
    HIT_EVENT,
    PHASE_EVENT,
    RESOLVED_EVENT,
    RUN_DECLARED_EVENT,
    RUN_EVENT,
    STAYS_EVENT,
    TURN_EVENT,
    AbilityItem,
    AttackItem,
    DeadHeatItem,
    Known,
    LossItem,
    PlacedItem,
    RunItem,
)
from .race import (
    BATTLE,
    CENTER,
    CHOOSE_CENTER,
    CHOOSE_ORDER,
    DRAW,
    END,
    EVENT,
    KEEPER_WINDOWS,
    LEFT,
    MACHINE,
    MAIN,
    REPAIR,
    RESPONSE_WINDOWS,
    RIGHT,
    STEERING,
    W_ATTACK,
    W_CHOICE,
    W_DEAD_HEAT,
    W_DECKOUT,
    W_EFFECT,
    W_GOAL,
    W_RUN,
    ZONES,
    Race,
)
from .table import CardDef

if TYPE_CHECKING:  # pragma: no cover
    from .state import Board

PASS: Final = Action("pass", "pass")
DECLINE: Final = Action("decline", "decline")
BATTLE_ACT: Final = Action("battle", "battle")
END_ACT: Final = Action("end", "end")

# the non-empty subsets of the three zones by bitmask, for single and combined attacks (ST-T4)
SUBSETS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(z for z in (0, 1, 2) if sub >> z & 1) for sub in range(1, 8) if sub & mask == sub)
    for mask in range(8)
)
ATTACKS: Final[dict[tuple[tuple[int, ...], int], Action]] = {
    (att, tz): Action(f"attack {'+'.join(ZONES[z] for z in att)} > {ZONES[tz]}", "attack", (att, tz))
    for att in SUBSETS[7]
    for tz in (0, 1, 2)
}
RUNS: Final[tuple[Action, ...]] = tuple(Action(f"run {ZONES[z]}", "run", (z,)) for z in (0, 1, 2))
# by the bitmask of the machines able to act, then the target zone: every attack they can make on it
ATTACKS_BY_MASK: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(tuple(ATTACKS[att, tz] for att in SUBSETS[mask]) for tz in (0, 1, 2)) for mask in range(8)
)


# the actions that use an ability
ABILITY_KINDS: Final = frozenset(("use", "assist", "keeper", "hand", "trigger"))


def card_id(d: CardDef) -> int:
    """A card's place in the table: calls are listed in this order."""
    return d.id


def with_seat(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    """A per-seat pair of ints with ``seat``'s entry replaced (``items.replaced``, typed)."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


# ------------------------------------------------------------------------------------------ queries
def zone_of(r: Race, uid: int) -> int:
    """The zone of a card on its owner's field (-1 if it is not on top of a zone)."""
    if uid < 0:
        return -1
    base = 0 if uid < r.seat1_start else 3
    field = r.field
    if field[base] == uid:
        return LEFT
    if field[base + 1] == uid:
        return CENTER
    if field[base + 2] == uid:
        return RIGHT
    return -1


def pow_of(r: Race, uid: int) -> int:
    """POW with the stat changes in force (ST-C1)."""
    v = r.card_of[uid].pow
    for mod in r.stat_mods:
        if mod[0] == uid:
            v += mod[1]
    return v


def def_of(r: Race, uid: int) -> int:
    """DEF with the stat changes in force (ST-C1)."""
    v = r.card_of[uid].def_
    for mod in r.stat_mods:
        if mod[0] == uid:
            v += mod[2]
    return v


def obstructed(r: Race, seat: int) -> bool:
    """ST-K1: the opponent of ``seat`` has a card with Obstruction on the field (center: its top)."""
    base = (1 - seat) * 3
    field, card_of = r.field, r.card_of
    u = field[base]  # the three zones written out: asked at every battle step and resolution
    if u >= 0 and card_of[u].obstruction:
        return True
    u = field[base + 1]
    if u >= 0 and card_of[u].obstruction:
        return True
    u = field[base + 2]
    return u >= 0 and card_of[u].obstruction


def usable(r: Race, seat: int, d: CardDef) -> bool:
    """ST-T6 / ST-O2: an assist or event only while your center is of its class (Steering either way)
    with gear ≥ the card's gear; ST-T3(c) the turn's gear cap."""
    c = r.card_of[r.field[seat * 3 + CENTER]]
    if c.gear < d.gear or d.gear > r.turn:
        return False
    return d.cls == c.cls or d.cls == STEERING or c.cls == STEERING


def forced(r: Race, seat: int) -> bool:
    """Is ``seat`` under an opponent's forced center attack (《進路妨害》) that is not lifted?"""
    o = 1 - seat
    until = r.forcing_until[o]
    if not until or until < r.turn:
        return False
    gear, height = r.force_lift[o]
    return r.card_of[r.field[o * 3 + CENTER]].gear > gear and len(r.centers[o]) > height


def to_move(s: Board, r: Race) -> int | None:
    """Who decides now: the seat with priority in the innermost window waiting for a decision, else the
    set-up's chooser (ST-S1) or the active player; None once the race is over."""
    if s.over:
        return None
    frames = r.windows.frames
    if frames:
        frame = frames[-1]
        if not frame[4]:  # not resolving: the innermost window waits for its seat with priority
            return frame[1]
    phase = r.phase
    if phase == CHOOSE_CENTER:
        return 0 if not r.centers[0] else 1
    if phase == CHOOSE_ORDER:
        return s.rps_winner
    return r.active


# ------------------------------------------------------------------------------------------ legal actions
def legal_actions(s: Board) -> list[Action]:
    """The choices of the seat to move (the state's hook)."""
    r = s.race
    if r.windows.frames:
        return window_actions(s, r)
    phase = r.phase
    if phase == MAIN:
        return main_actions(s, r, r.active)
    if phase == BATTLE:
        return battle_actions(s, r, r.active)
    return s._setup_actions()


def window_actions(s: Board, r: Race) -> list[Action]:
    """The legal actions of the seat with priority in the innermost window."""
    frame = r.windows.frames[-1]  # waiting for a decision (a resolving window never is)
    seat: int = frame[1]
    kind: str = frame[0]
    if kind == W_CHOICE:
        return s._trigger_actions()
    out: list[Action] = []
    if kind in KEEPER_WINDOWS:
        s._keeper_actions(seat, kind, out)
    else:
        instant_actions(s, r, seat, out)
    out.append(PASS)
    return out


def instant_actions(s: Board, r: Race, p: int, out: list[Action]) -> None:
    """ST-T6: the assists, events and activated abilities usable now by ``p``, onto ``out``."""
    hand = r.hands[p]
    if hand:
        card_of = r.card_of
        c = card_of[r.field[p * 3 + CENTER]]
        cap = r.turn
        top = c.gear if c.gear < cap else cap  # ST-T6: the center's gear at least; ST-T3(c): the gear cap
        cls = c.cls
        any_class = cls == STEERING  # ST-O2: a Steering center takes any class
        seen: list[CardDef] = []  # the first copy of each card (copies are alike: one test decides all)
        for u in hand:
            d = card_of[u]
            if not d.instant or d.gear > top or not (any_class or d.cls == cls or d.cls == STEERING):
                continue
            if d not in seen:
                seen.append(d)
                hand_instant(s, r, p, u, d, out)
    field_actions(s, r, p, out)


def hand_instant(s: Board, r: Race, p: int, u: int, d: CardDef, out: list[Action]) -> None:
    """The ways ``p`` may use the assist or event ``u`` from hand (its first copy), once ST-T6 allows
    its class and gear: an assist's choices; an event into an empty side zone."""
    play = d.play
    if play is not None:  # an assist
        for ch in ability_options(s, p, u, play):
            out.append(act(s, "assist", d, 0, play.index, ch))
        return
    field, base = r.field, p * 3
    if field[base] < 0:
        out.append(d.events[0])
    if field[base + 2] < 0:
        out.append(d.events[1])


def field_actions(s: Board, r: Race, p: int, out: list[Action]) -> None:
    """The activated abilities of ``p``'s cards on the field usable now, onto ``out``."""
    base = p * 3
    card_of, field = r.card_of, r.field
    # the three zones written out: asked at every decision, and most cards have no such ability
    u = field[base]
    if u >= 0 and card_of[u].activated:
        abilities_of(s, r, p, 0, u, card_of[u], out)
    u = field[base + 1]
    if u >= 0 and card_of[u].activated:
        abilities_of(s, r, p, 1, u, card_of[u], out)
    u = field[base + 2]
    if u >= 0 and card_of[u].activated:
        abilities_of(s, r, p, 2, u, card_of[u], out)


def abilities_of(s: Board, r: Race, p: int, z: int, u: int, d: CardDef, out: list[Action]) -> None:
    """The ways to use the activated abilities of ``u`` (the card ``d``), in ``p``'s zone ``z`` (an
    event only while ST-T6 allows its class and gear), onto ``out``."""
    if d.kind == EVENT and not usable(r, p, d):
        return
    tapped = r.tapped[p * 3 + z]
    for ab in d.activated:
        if z not in ab.zones or (tapped and ab.taps_self):
            continue  # its blocks would refuse it here (Ability.zones, Ability.taps_self)
        for ch in ability_options(s, p, u, ab):
            out.append(act(s, "use", d, z, ab.index, ch))


def ability_options(s: Board, seat: int, uid: int, ab: Ability) -> list[tuple[Any, ...]]:
    """The choice tuples (one entry per cost, then per effect) with which ``ab`` can be used now: its
    blocks are asked (they are handed the state, as they declare)."""
    conds = ab.conds
    if conds:
        idx = ab.index
        for c in conds:
            if not c.impl.ok(c.p, s, seat, uid, idx):
                return []
    lists: list[list[Any]] = []
    for blk in ab.blocks:
        opts = blk.impl.options(blk.p, s, seat, uid)
        if not opts:
            return []
        lists.append(opts)
    return list(product(*lists))


def act(s: Board, kind: str, d: CardDef, zone: int, ab_index: int, ch: tuple[Any, ...]) -> Action:
    """The (interned) action using ability ``ab_index`` of card ``d`` in the way ``ch``."""
    table = s.game.table
    key = (kind, d.id, zone, ab_index, ch)
    action = table.actions.get(key)
    if action is None:
        action = table.intern(key, lambda: s._notation(kind, d, zone, ab_index, ch))
    return action


def main_actions(s: Board, r: Race, p: int) -> list[Action]:
    """The main phase, from one pass over the hand: calls (ST-T3, by card in table order), assists
    and events (ST-T6, hand order) and the field's abilities, Demi-Guest procedures (ST-K4), then
    going to battle."""
    out: list[Action] = []
    hand = r.hands[p]
    if hand:
        card_of = r.card_of
        c = card_of[r.field[p * 3 + CENTER]]
        cap = r.turn
        top = c.gear if c.gear < cap else cap  # ST-T6: the center's gear at least; ST-T3(c): the gear cap
        cls = c.cls
        any_class = cls == STEERING  # ST-O2
        machines: list[CardDef] = []
        instants: list[int] = []
        procedures: list[int] = []
        seen: list[CardDef] = []  # the first copy of each card (copies are alike: one test decides all)
        for u in hand:
            d = card_of[u]
            if d.calls:
                if d.gear > cap or d in seen:  # ST-T3(c)
                    continue
                seen.append(d)
                if not d.disabled:
                    machines.append(d)
                if d.hand:
                    procedures.append(u)
            elif (
                d.instant
                and d.gear <= top
                and (any_class or d.cls == cls or d.cls == STEERING)
                and d not in seen
            ):
                seen.append(d)
                instants.append(u)
        if machines:
            if len(machines) > 1:
                machines.sort(key=card_id)
            calls(r, p, c, machines, out)
        for u in instants:
            hand_instant(s, r, p, u, card_of[u], out)
        field_actions(s, r, p, out)
        for u in procedures:
            s._procedure_actions(p, u, card_of[u], out)
    else:
        field_actions(s, r, p, out)
    out.append(BATTLE_ACT)
    return out


def calls(r: Race, p: int, c: CardDef, machines: list[CardDef], out: list[Action]) -> None:
    """ST-T3: the calls of ``machines`` (in hand, within the gear cap) to the center stack (``c`` on
    top) or an empty side zone."""
    base = p * 3
    field = r.field
    up = c.gear + 1
    any_class = c.cls == STEERING
    left_free = field[base] < 0
    right_free = field[base + 2] < 0
    for d in machines:
        placings = d.calls
        # ST-T3(a), ST-O2, ST-K3, ST-K4: one gear up, same class (Steering stacks with anything)
        if d.gear == up:
            if not d.guest and not d.demi_guest and (d.cls == c.cls or d.cls == STEERING or any_class):
                out.append(placings[CENTER])
        elif d.gear < up:  # ST-T3(b): at most the center's gear beside it
            if left_free:
                out.append(placings[LEFT])
            if right_free:
                out.append(placings[RIGHT])


def able(r: Race, p: int) -> int:
    """Bitmask of ``p``'s zones holding an untapped machine (able to act, ST-T4): left 1, center 2,
    right 4."""
    base = p * 3
    field, tapped, card_of = r.field, r.tapped, r.card_of
    mask = 0
    u = field[base]
    if u >= 0 and not tapped[base] and card_of[u].kind == MACHINE:
        mask = 1
    u = field[base + 1]
    if u >= 0 and not tapped[base + 1] and card_of[u].kind == MACHINE:
        mask |= 2
    u = field[base + 2]
    if u >= 0 and not tapped[base + 2] and card_of[u].kind == MACHINE:
        mask |= 4
    return mask


def battle_actions(s: Board, r: Race, p: int) -> list[Action]:
    """ST-T4: attacks (single or combined) and runs by untapped machines; ST-K1 Obstruction."""
    mask = able(r, p)
    out: list[Action] = []
    if mask:
        blocked = obstructed(r, p)
        attacks = ATTACKS_BY_MASK[mask]
        card_of, field = r.card_of, r.field
        opp = (1 - p) * 3
        if r.forcing_until[1 - p] and forced(r, p):
            center = field[opp + CENTER]
            if center >= 0 and (not blocked or card_of[center].obstruction):  # a target (ST-K1)
                # 《進路妨害》: every machine able to act must attack the center
                out.extend(attacks[CENTER])
                instant_actions(s, r, p, out)
                return out
        for tz in (LEFT, CENTER, RIGHT):  # ST-K1: only cards with Obstruction while one stands there
            u = field[opp + tz]
            if u >= 0 and (not blocked or card_of[u].obstruction):
                out.extend(attacks[tz])
        if not blocked:  # ST-K1: no running while the opponent has Obstruction
            base = p * 3
            for z in (0, 1, 2):
                if mask >> z & 1:
                    d = card_of[field[base + z]]
                    if d.guest or (d.demi_guest and z != CENTER):  # ST-K3, ST-K4
                        continue
                    out.append(RUNS[z])
    instant_actions(s, r, p, out)
    out.append(END_ACT)
    return out


# ------------------------------------------------------------------------------------------ steps
def apply(s: Board, action: Action) -> None:
    """The state's step: the common actions here, the others by the state's layers."""
    r = s.race
    r.narrating = s.narrating  # bound for the step (Race.narrating)
    kind = action.kind
    # the kinds in the order random and searching play meets them most
    if kind == "pass":
        r.windows.pass_()
        run(s, r)
        return
    if kind == "end":
        r.phase = END
        run(s, r)
        return
    args: tuple[Any, ...] = action.args
    if kind == "attack":  # attacks, runs, calls and going to battle: the active player's, no window open
        declare_attack(s, r, r.active, args[0], args[1])
        run(s, r)
        return
    if kind == "battle":
        r.phase = BATTLE
        if r.narrating:
            s.log_records([(None, (PHASE_EVENT, r.active, BATTLE))])
        run(s, r)
        return
    if kind == "call":
        call(s, r, r.active, args[0], args[1])
        run(s, r)
        return
    p = to_move(s, r)
    assert p is not None
    if kind in ABILITY_KINDS:
        activate(s, r, p, kind, args)
    elif kind == "run":
        declare_run(s, r, p, args[0])
    elif kind == "event":
        place_event(s, r, p, args[0], args[1])
    else:  # declining a choice, the set-up's decisions
        s._apply_other(kind, args)
        return
    run(s, r)


def run(s: Board, r: Race) -> None:
    """Settle windows and advance the automatic phases (ST-T1 draw, ST-T2 repair, ST-T5 end)."""
    windows = r.windows
    while not s.over:
        if windows.frames:
            if windows.settle(s) is not None:
                return
            continue
        phase = r.phase
        if phase == MAIN or phase == BATTLE:  # a decision of the active player
            if r.forcing_until[0] or r.forcing_until[1]:
                check_lifts(s, r)
            return
        if phase == DRAW:
            r.phase = REPAIR
            if r.narrating:
                s.log_records([(None, (TURN_EVENT, r.active, r.turn, r.turn))])
            if s.game.options.first_turn_draw or r.turn != r.start_turn:  # ST-T1 ruling
                draw(s, r, r.active, 1, True)
            continue
        if phase == REPAIR:  # ST-T2
            base = r.active * 3
            tapped = r.tapped
            tapped[base] = tapped[base + 1] = tapped[base + 2] = False
            r.phase = MAIN
            return
        if phase == END:
            end_turn(s, r)
            continue
        check_lifts(s, r)
        return


def end_turn(s: Board, r: Race) -> None:
    """ST-T5: end-of-turn effects expire, the turn passes."""
    if r.stat_mods:
        r.stat_mods = [m for m in r.stat_mods if m.lasting]
    for o in (0, 1):
        if r.forcing_until[o] and r.forcing_until[o] <= r.turn:
            r.forcing_until = with_seat(r.forcing_until, o, 0)
            if r.narrating:
                s.log("force_ends", seat=o)
    if r.narrating:
        s.log_records([(None, (END_TURN_EVENT, r.active, r.turn))])
    r.turn += 1
    r.active = 1 - r.active
    if r.used_this_turn:
        r.used_this_turn = []
    if r.double_action_used and s.game.options.double_action == "per_turn":
        r.double_action_used = []
    r.phase = DRAW


def check_lifts(s: Board, r: Race) -> None:
    """《進路妨害》 is lifted for good once the owner's center is gear 1 or holds few machines."""
    for o in (0, 1):
        if r.forcing_until[o]:
            gear, height = r.force_lift[o]
            if r.card_of[r.field[o * 3 + CENTER]].gear <= gear or len(r.centers[o]) <= height:
                r.forcing_until = with_seat(r.forcing_until, o, 0)
                if r.narrating:
                    s.log("force_lifted", seat=o)


def call(s: Board, r: Race, p: int, cid: int, z: int) -> None:
    """ST-T3: a machine from hand onto the center stack or a side zone."""
    u = take_from_hand(r, p, cid)
    base = p * 3
    if z == CENTER:
        r.own_centers()[p].append(u)
    r.field[base + z] = u
    r.tapped[base + z] = False
    if r.narrating:
        card = r.card_of[u].en
        s.log_records([(None, (CALL_EVENT, p, card, ZONES[z], len(r.centers[p])))])
    on_enter(s, r, p, u)


def on_enter(s: Board, r: Race, p: int, u: int) -> None:
    """A card's abilities that trigger as it enters the field (most have none)."""
    for ab in r.card_of[u].on_enter:
        trigger(s, r, p, u, ab)


def place_event(s: Board, r: Race, p: int, cid: int, z: int) -> None:
    """ST-C3 / ST-T6: an event from hand into an empty side zone (a response inside a window)."""
    u = take_from_hand(r, p, cid)
    r.field[p * 3 + z] = u
    r.tapped[p * 3 + z] = False
    d = r.card_of[u]
    if r.narrating:
        s.log("event", seat=p, card=d.en, zone=ZONES[z], hp=d.hp)
    windows = r.windows
    if windows.frames and windows.priority == p:
        windows.respond(PlacedItem("placed", p, u))  # a response: priority passes (ST-T6)
    on_enter(s, r, p, u)


# ------------------------------------------------------------------------------------------ abilities (ST-T6)
def activate(s: Board, r: Race, p: int, kind: str, args: tuple[Any, ...]) -> None:
    """Use an ability: pay its costs now, put it on the stack (a response inside a window)."""
    cid: int = args[0]
    zone: int = args[1]
    ab_index: int = args[2]
    ch: tuple[Any, ...] = args[3]
    windows = r.windows
    card_of = r.card_of
    if kind == "trigger":
        uid: int = windows.data[1]
    elif kind == "use":
        uid = r.field[p * 3 + zone]
    else:
        uid = -1
        for u in r.hands[p]:
            if card_of[u].id == cid:
                uid = u
                break
    d = card_of[uid]
    ab = d.abilities[ab_index]
    if kind == "assist" or kind == "keeper":  # the card is used up (ST-C2)
        r.own_hands()[p].remove(uid)
        left_hand(r, p, uid)
        r.own_discard()[p].append(uid)
    costs = ab.costs
    paid = tuple([costs[i].impl.pay(costs[i].p, s, p, uid, ch[i]) for i in range(len(costs))])
    for c in ab.conds:
        if c.name == "once_per_turn":
            r.used_this_turn.append((uid, ab_index))
    if r.narrating:
        choices = [x for x in ch if x is not None]
        s.log_records([(None, (ABILITY_EVENT, p, d.en, kind, ab_index, choices))])
    item = AbilityItem("ability", p, uid, ab_index, ch, paid)
    if kind == "trigger":
        windows.push(item)
        windows.close()
    elif windows.frames and windows.priority == p:
        windows.respond(item)
    else:  # the active player's own assists and abilities resolve at once (docs/rulings.md)
        windows.open(W_EFFECT, p)
        windows.push(item)
        windows.close()


def resolve_ability(s: Board, r: Race, item: tuple[Any, ...]) -> None:
    """An ability on the stack resolves: its effects run in order (until the race ends)."""
    p: int = item[1]
    uid: int = item[2]
    ch: tuple[Any, ...] = item[4]
    paid: tuple[Any, ...] = item[5]
    d = r.card_of[uid]
    ab = d.abilities[item[3]]
    nc = len(ab.costs)
    i = 0
    for e in ab.effects:
        if s.over:
            return
        e.impl.run(e.p, s, p, uid, ch[nc + i], paid)
        i += 1
    if r.narrating:
        s.log_records([(None, (RESOLVED_EVENT, p, d.en))])


def trigger(s: Board, r: Race, p: int, uid: int, ab: Ability) -> None:
    """A triggered ability: resolve at once when there is nothing to choose, else ask its owner."""
    opts = ability_options(s, p, uid, ab)
    windows = r.windows
    if not opts:
        if not ab.optional:
            if r.narrating:
                s.log("fizzle", what=ab.trigger, seat=p, card=r.card_of[uid].en)
        return
    if len(opts) == 1 and not ab.optional and not ab.costs:
        windows.open(W_EFFECT, p)
        windows.push(AbilityItem("ability", p, uid, ab.index, opts[0], ()))
        windows.close()
        return
    windows.open(W_CHOICE, p, data=(p, uid, ab.index))


def take_from_hand(r: Race, p: int, cid: int) -> int:
    """The first copy of card ``cid`` leaves ``p``'s hand (a legal action's: it is there)."""
    hand = r.own_hands()[p]
    card_of = r.card_of
    for i in range(len(hand)):
        u = hand[i]
        if card_of[u].id == cid:
            del hand[i]
            left_hand(r, p, u)
            return u
    raise AssertionError(f"seat {p} holds no card {cid}")  # pragma: no cover - legal actions only


def left_hand(r: Race, p: int, u: int) -> None:
    """``u`` left ``p``'s hand in the open: whoever knew a copy of it was there knows one less (the
    others cannot tell which copy of a card was played)."""
    known = r.known.hands[p]
    if not known:
        return
    if u not in known:
        cid = r.card_of[u].id
        copy = -1
        for k in known:
            if r.card_of[k].id == cid:
                copy = k
                break
        if copy < 0:
            return
        u = copy
    i = known.index(u)
    set_known_hand(r, p, known[:i] + known[i + 1 :])


def known_in_hand(r: Race, p: int, u: int) -> None:
    """``u`` went to ``p``'s hand in the open: every seat knows it is there."""
    set_known_hand(r, p, (*r.known.hands[p], u))


def set_known_hand(r: Race, p: int, cards: tuple[int, ...]) -> None:
    """What every seat knows of ``p``'s hand is now ``cards`` (``Known`` is replaced whole)."""
    hands, bottoms = r.known
    r.known = Known((cards, hands[1]) if p == 0 else (hands[0], cards), bottoms)


# ------------------------------------------------------------------------------------------ the window host
def can_respond(s: Board, r: Race, seat: int, kind: str) -> bool:
    """Whether ``seat`` is asked in the open window of ``kind``: on public information only."""
    if kind in RESPONSE_WINDOWS:
        if r.hands[seat]:
            return True
        found: list[Action] = []
        field_actions(s, r, seat, found)
        if found:
            return True
        if r.narrating:
            s.log("no_response", seat=seat, window=kind)
        return False
    if kind in KEEPER_WINDOWS:
        if r.windows.data != seat:  # ST-K8: only the seat about to lose uses keepers
            return False
        if r.hands[seat]:
            return True
        if r.narrating:
            s.log("no_response", seat=seat, window=kind)
        return False
    if kind == W_CHOICE:
        return bool(r.windows.data[0] == seat)
    return False  # effects resolving, Dead Heat: nobody is asked


def resolve(s: Board, r: Race, item: tuple[Any, ...]) -> None:
    """Carry out one item of the window stack (its first field names its kind)."""
    kind: str = item[0]
    # the kinds in the order play meets them most
    if kind == W_ATTACK:
        resolve_attack(s, r, item)
    elif kind == W_RUN:
        resolve_run(s, r, item)
    elif kind == "ability":
        resolve_ability(s, r, item)
    elif kind == W_DEAD_HEAT:
        resolve_dead_heat(s, r, item)
    elif kind == W_GOAL:
        resolve_goal(s, r, item)
    elif kind == W_DECKOUT:
        resolve_deckout(s, r, item)
    elif kind == "placed":
        pass  # an event placed as a response: the placement was the response
    else:  # a declaration cancelled by a response ("fizzled")
        if r.narrating:
            s.log("fizzle", what=item[1], seat=item[2])


# ------------------------------------------------------------------------------------------ battle (ST-T4)
def declare_attack(s: Board, r: Race, p: int, zones: tuple[int, ...], tz: int) -> None:
    """ST-T4: tap the attackers; the defender may respond (attack window)."""
    base = p * 3
    field, tapped = r.field, r.tapped
    pairs: list[tuple[int, int]] = []
    for z in zones:
        tapped[base + z] = True
        pairs.append((z, field[base + z]))
    target = field[(1 - p) * 3 + tz]
    if r.narrating:  # a search's world skips the names (every greedy step declares attacks)
        card_of = r.card_of
        attackers = [card_of[pair[1]].en for pair in pairs]
        where = [ZONES[z] for z in zones]
        s.log_records([(None, (ATTACK_EVENT, p, attackers, where, card_of[target].en, ZONES[tz]))])
    item = AttackItem(W_ATTACK, p, tuple(pairs), tz, target)
    r.windows.open(W_ATTACK, 1 - p, item, opener_passed=True)


def declare_run(s: Board, r: Race, p: int, z: int) -> None:
    """ST-T4: tap the machine; the opponent may respond (run window)."""
    u = r.field[p * 3 + z]
    r.tapped[p * 3 + z] = True
    if r.narrating:
        d = r.card_of[u]
        s.log_records([(None, (RUN_DECLARED_EVENT, p, d.en, ZONES[z], d.gear))])
    r.windows.open(W_RUN, 1 - p, RunItem(W_RUN, p, z, u), opener_passed=True)


def resolve_attack(s: Board, r: Race, item: tuple[Any, ...]) -> None:
    """ST-T4 combat: POW (summed for a combined attack) against DEF; events lose HP."""
    p: int = item[1]
    attackers: tuple[tuple[int, int], ...] = item[2]
    tz: int = item[3]
    tu: int = item[4]
    o = 1 - p
    field, card_of = r.field, r.card_of
    base = p * 3
    present: list[tuple[int, int]] = []
    for pair in attackers:
        if field[base + pair[0]] == pair[1]:
            present.append(pair)
    target_ok = field[o * 3 + tz] == tu and (not obstructed(r, p) or card_of[tu].obstruction)
    if not present or not target_ok:
        if r.narrating:
            s.log("fizzle", what="attack", seat=p)
        double_action(s, r, p, present)
        return
    modified = bool(r.stat_mods)  # else every card has its printed stats (ST-C1): most combats
    total = 0
    for pair in present:
        total += pow_of(r, pair[1]) if modified else card_of[pair[1]].pow
    target = card_of[tu]
    # a search's world skips building the combat's event: the hot path of every greedy step
    narrating = r.narrating
    if target.kind == EVENT:
        if narrating:
            hp = target.hp - r.damage.get(tu, 0)
            s.log_records([(None, (HIT_EVENT, p, total, target.en, hp, "event"))])
        s.damage_event(o, tz, total)
    else:
        df = def_of(r, tu) if modified else target.def_
        outcome = "lower" if total < df else "higher" if total > df else "equal"
        if narrating:
            combined = len(present) > 1
            s.log_records([(None, (COMBAT_EVENT, p, total, target.en, df, outcome, combined))])
        if outcome != "lower":
            destroy(s, r, o, tz)
        if outcome != "higher":
            for pair in present:
                if field[base + pair[0]] == pair[1]:
                    destroy(s, r, p, pair[0])
    double_action(s, r, p, present)


def double_action(s: Board, r: Race, p: int, pairs: list[tuple[int, int]]) -> None:
    """ST-K2: after acting, a Double Action machine untaps once (per turn by default)."""
    base = p * 3
    card_of = r.card_of
    for pair in pairs:
        z, u = pair
        if (
            card_of[u].double_action
            and r.field[base + z] == u
            and u not in r.double_action_used
            and r.tapped[base + z]
        ):
            r.tapped[base + z] = False
            r.double_action_used.append(u)
            if r.narrating:
                s.log("double_action", seat=p, card=card_of[u].en)


def resolve_run(s: Board, r: Race, item: tuple[Any, ...]) -> None:
    """ST-T4: a declared run goes its machine's gear, unless the machine left or Obstruction stops it."""
    p: int = item[1]
    z: int = item[2]
    u: int = item[3]
    if r.field[p * 3 + z] != u or obstructed(r, p):
        if r.narrating:
            s.log("fizzle", what="run", seat=p)
        return
    move(s, r, p, r.card_of[u].gear, True, False)
    double_action(s, r, p, [(z, u)])


def move(s: Board, r: Race, p: int, n: int, answerable: bool, dead_heat: bool) -> None:
    """Lower ``p``'s remaining distance; Dead Heat (ST-K5), Crash (ST-K7), the goal (ST-T4, ST-K8)."""
    r.distance = with_seat(r.distance, p, r.distance[p] - n)
    if r.narrating:
        s.log_records([(None, (RUN_EVENT, p, n, r.distance[p], dead_heat))])
    o = 1 - p
    windows = r.windows
    if answerable:  # ST-K5: each Dead Heat card of the opponent runs too (not in answer to Dead Heat)
        field, card_of = r.field, r.card_of
        items: list[DeadHeatItem] = []
        for z in (0, 1, 2):
            u = field[o * 3 + z]
            if u >= 0 and card_of[u].dead_heat:
                items.append(DeadHeatItem(W_DEAD_HEAT, o, u, card_of[u].dead_heat))
        if items:
            windows.open(W_DEAD_HEAT, o)
            for it in items:
                windows.push(it)
            windows.close()
    crash_check(s, r)
    if r.distance[p] <= 0:
        # about to reach the goal: the opponent may answer with a keeper first (ST-K8)
        windows.open(W_GOAL, o, LossItem(W_GOAL, p), data=o)


def resolve_dead_heat(s: Board, r: Race, item: tuple[Any, ...]) -> None:
    """ST-K5: a Dead Heat card runs with the opponent, if it is still on the field and not obstructed."""
    q: int = item[1]
    u: int = item[2]
    n: int = item[3]
    if zone_of(r, u) < 0:
        if r.narrating:
            s.log("fizzle", what="dead_heat", seat=q)
        return
    if obstructed(r, q):  # ST-K5: a run, so Obstruction stops it
        if r.narrating:
            s.log("fizzle", what="dead_heat", seat=q, reason="obstruction")
        return
    if r.narrating:
        s.log("dead_heat", seat=q, card=r.card_of[u].en, by=n)
    move(s, r, q, n, False, True)


def resolve_goal(s: Board, r: Race, item: tuple[Any, ...]) -> None:
    """ST-T4: at 0 you win at once (unless a keeper put the goal back, ST-K8)."""
    p: int = item[1]
    if r.distance[p] <= 0:
        s._finish(p, "goal")
    else:
        if r.narrating:
            s.log("goal_averted", seat=p, distance=r.distance[p])


def resolve_deckout(s: Board, r: Race, item: tuple[Any, ...]) -> None:
    """ST-O1: drawing from an empty deck loses (unless a keeper refilled it, ST-K8)."""
    p: int = item[1]
    if not r.decks[p]:
        s._finish(1 - p, "deck-out")
    else:
        if r.narrating:
            s.log("deckout_averted", seat=p)
        draw(s, r, p, 1, False)


def crash_check(s: Board, r: Race) -> None:
    """ST-K7: when the remaining distances cross (the strict lead changes hands), Crash triggers."""
    a, b = r.distance
    lead = 0 if a < b else 1 if b < a else r.leader
    if lead == r.leader:
        return
    before = r.leader
    r.leader = lead
    if before < 0:
        return
    if r.narrating:
        s.log("crash", overtaker=lead, overtaken=before)
    field, card_of = r.field, r.card_of
    # the active player's triggers are decided first (their frames open last, on top)
    for p in (1 - r.active, r.active):
        for z in (0, CENTER, 2):
            u = field[p * 3 + z]
            if u >= 0 and card_of[u].crash:
                for ab in card_of[u].crash:
                    trigger(s, r, p, u, ab)


# ------------------------------------------------------------------------------------------ cards moving
def draw(s: Board, r: Race, p: int, n: int, phase: bool) -> None:
    """ST-T1 / ST-O1: draw ``n``; from an empty deck the player is about to lose (Requiem Keeper)."""
    deck = r.own_decks()[p]
    for _ in range(n):
        if not deck:
            if not phase and not s.game.options.effect_draw_loses:
                if r.narrating:
                    s.log("fizzle", what="draw", seat=p)
                return
            if r.narrating:
                s.log("deck_empty", seat=p)
            r.windows.open(W_DECKOUT, p, LossItem(W_DECKOUT, p), data=p)
            return
        u = deck.pop()
        r.own_hands()[p].append(u)
        if r.narrating:
            drew = r.card_of[u].en
            s.log_records([(None, (DRAW_EVENT, p, 1, len(deck))), (p, (DREW_EVENT, p, drew))])


def left_field(r: Race, u: int) -> None:
    """A card that leaves the field loses its stat changes and damage."""
    if r.stat_mods:
        r.stat_mods = [m for m in r.stat_mods if m.uid != u]
    if r.damage:
        r.damage.pop(u, None)


def pop_center(r: Race, p: int) -> int:
    """Take the top card off ``p``'s center stack (ST-F2: never the last one); returns its uid."""
    stack = r.own_centers()[p]
    u = stack.pop()
    r.field[p * 3 + CENTER] = stack[-1]
    left_field(r, u)
    return u


def clear_side(r: Race, p: int, z: int) -> int:
    """Empty a side zone; returns the uid that was there."""
    u = r.field[p * 3 + z]
    r.field[p * 3 + z] = -1
    r.tapped[p * 3 + z] = False
    left_field(r, u)
    return u


def destroy(s: Board, r: Race, p: int, z: int) -> None:
    """Destroy the card on top of a zone (ST-F2: a center holding a single machine stays)."""
    u = r.field[p * 3 + z]
    if u < 0:
        return
    card_of = r.card_of
    if z == CENTER:
        if len(r.centers[p]) <= 1:
            if r.narrating:  # ST-F2
                s.log_records([(None, (STAYS_EVENT, p, card_of[u].en))])
            return
        old = card_of[u].gear
        pop_center(r, p)
        r.own_discard()[p].append(u)
        if r.narrating:  # a search's world skips the events of every attack's casualties
            below = r.centers[p][-1]
            s.log_records([
                (None, (DESTROYED_EVENT, p, card_of[u].en, "C")),
                (None, (EXPOSED_EVENT, p, card_of[below].en, len(r.centers[p]))),
            ])  # fmt: skip
        center_changed(s, r, p, old)  # the exposed card gets no on-enter effects (ST-T4)
    else:
        clear_side(r, p, z)
        r.own_discard()[p].append(u)
        if r.narrating:
            s.log_records([(None, (DESTROYED_EVENT, p, card_of[u].en, ZONES[z]))])
    for ab in card_of[u].on_destroyed:
        trigger(s, r, p, u, ab)


def center_changed(s: Board, r: Race, p: int, old_gear: int) -> None:
    """ST-T3: when the center's gear drops to or below a side machine's gear, that machine returns to
    hand (option ``side_return=strictly_below``: only when it drops strictly below)."""
    card_of = r.card_of
    g = card_of[r.field[p * 3 + CENTER]].gear
    if g >= old_gear:
        return
    strict = s.game.options.side_return == "strictly_below"
    base = p * 3
    for z in (LEFT, RIGHT):
        u = r.field[base + z]
        if u < 0 or card_of[u].kind != MACHINE:
            continue
        side_gear = card_of[u].gear
        if side_gear > g or (not strict and side_gear == g):
            clear_side(r, p, z)
            r.own_hands()[p].append(u)
            known_in_hand(r, p, u)
            if r.narrating:
                s.log("returned", seat=p, card=card_of[u].en, zone=ZONES[z], center_gear=g)


__all__ = [
    "ATTACKS",
    "ATTACKS_BY_MASK",
    "BATTLE_ACT",
    "DECLINE",
    "END_ACT",
    "PASS",
    "RUNS",
    "SUBSETS",
    "apply",
    "can_respond",
    "legal_actions",
    "resolve",
]
