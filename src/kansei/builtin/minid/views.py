"""What a seat sees of a Mini D race (``view``), its typed model (:class:`MiniDView`, ``Game.View``), and the
whole state (``reveal``), as fresh JSON-safe dicts.

Cards are named by their id (slug), sections by index: ``game.cards(lang)`` and the view's ``sections``
carry the names in each language.

Refs (``Game.move_refs``; each is the value of a ``"ref"`` key in the view of the seat to move):

- ``hand:<i>`` — the i-th card of the viewer's own hand (``racers[seat].hand[i]``), for ``play`` and
  ``discard``;
- ``zone:-:deck`` / ``zone:-:discard`` — the shared Event deck (``deck``: ``draw``) and discard pile
  (``discard``: where a discarded card goes);
- ``choice:power-<k>`` — a sprint power 1–12 (MD-S2), in the sprint decision's ``choices``;
- ``choice:line-<name>`` — a cornering line (MD-O2: normal, gambler, moonlight), in the line decision's
  ``choices``;
- ``racer:<seat>`` — a racer (``racers[q]``), named by nothing a move does, for clients to point at.

The declines (``roll``, ``accept``, ``pass`` and not drawing) touch nothing and have no refs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from kansei.core.protocol import GameView

from .terms import (
    BATTLE,
    CORNER_STATE,
    CROSSING,
    DRIFT,
    LINE,
    LINE_DRIFT,
    LINE_MOVE,
    LINES,
    NONE,
    SPRINT,
    SPRINT_LINE,
    STATUS,
    TURN,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState

DECK_REF = "zone:-:deck"
DISCARD_REF = "zone:-:discard"
POWER_REFS = tuple(f"choice:power-{k}" for k in range(1, SPRINT_LINE + 1))
LINE_REFS = tuple(f"choice:line-{name}" for name in LINES)
HAND_REFS = tuple(f"hand:{i}" for i in range(8))  # a hand holds 3 cards, 4 with one drawn (MD-E1)
RACER_REFS = tuple(f"racer:{q}" for q in range(6))


# -- the model of view() (the published schema) ----------------------------------------------------------


class SectionView(GameView):
    """A straight or a corner (MD-B1), cases ``start..end`` in the race's direction."""

    kind: Literal["straight", "corner"]
    start: int
    end: int
    names: dict[str, str] = Field(description="the section's name per language")
    difficulty: int | None = Field(None, description="a corner's DRIFT target (MD-C1); absent on a straight")


class OptionsView(GameView):
    track: str = Field(description="the track's id (or the path or data it was given as)")
    uphill: bool
    aspiration: bool
    strategies: bool
    eurobeat: bool


class PowerChoice(GameView):
    ref: str
    power: int = Field(description="MD-S2: the car lands at power + 2d6 - 7")


class LineChoice(GameView):
    ref: str
    line: Literal["normal", "gambler", "moonlight"]
    drift: int = Field(description="added to the DRIFT roll")
    move: int = Field(description="added to moves in this corner once mastered")


class SprintDecision(GameView):
    kind: Literal["sprint"]
    seat: int
    choices: list[PowerChoice]


class TurnDecision(GameView):
    kind: Literal["turn"]
    seat: int
    bonus: int = Field(description="added to this move by cards played so far")


class SkipDecision(GameView):
    kind: Literal["skip"]
    seat: int


class LineDecision(GameView):
    kind: Literal["line"]
    seat: int
    section: int
    difficulty: int
    choices: list[LineChoice]


class DriftDecision(GameView):
    kind: Literal["drift"]
    seat: int
    section: int
    difficulty: int
    line: Literal["normal", "gambler", "moonlight"]
    die: int = Field(description="the bare d20")
    total: int
    gutter: bool = Field(description="a card made the drift mastered unless the die is a natural 1")


class BattleDecision(GameView):
    kind: Literal["battle"]
    seat: int
    attacker: int
    defender: int
    bonus: int = Field(description="added to this racer's battle total by cards played so far")


class CrossingDecision(GameView):
    kind: Literal["crossing"]
    seat: int
    die: int = Field(description="the bare d20")
    total: int


class DrawDecision(GameView):
    kind: Literal["draw"]
    seat: int


class DiscardDecision(GameView):
    kind: Literal["discard"]
    seat: int


DecisionView = Annotated[
    SprintDecision
    | TurnDecision
    | SkipDecision
    | LineDecision
    | DriftDecision
    | BattleDecision
    | CrossingDecision
    | DrawDecision
    | DiscardDecision,
    Field(discriminator="kind"),
]


class BuntaView(GameView):
    case: int
    driving: bool


class CornerView(GameView):
    section: int
    state: Literal["mastered", "failed"]
    move: int = Field(description="MD-O2: the line's movement in this corner once mastered")


class HandCard(GameView):
    ref: str
    card: str = Field(description="the card's id (slug)")


class RacerView(GameView):
    seat: int
    ref: str
    case: int = Field(description="0 the parking, 1..length the road, length + 1 the finish")
    status: Literal["racing", "finished", "out"]
    skips: int
    met_bunta: bool
    aura: bool
    corner: CornerView | None
    hand_count: int
    waiting: list[str] = Field(description="⚡ cards waiting face up for a roll")
    sprint: int | None = Field(description="where the racer's sprint landed (MD-S2)")
    hand: list[HandCard] | None = Field(None, description="the viewer's own kept cards (absent for others)")


class DeckView(GameView):
    ref: str
    count: int


class DiscardView(GameView):
    ref: str
    cards: list[str]


class MiniDView(GameView):
    """What ``view(seat)`` returns, for every racer and the spectator (``seat`` None)."""

    game: Literal["minid"]
    track: str
    track_names: dict[str, str] = Field(description="the track's name per language (``track``: English)")
    direction: Literal["downhill", "uphill"]
    length: int
    sections: list[SectionView]
    events: list[int] = Field(description="the Event cases")
    options: OptionsView
    phase: Literal["sprint", "race", "over"]
    round: int
    to_move: int | None
    decision: DecisionView | None
    order: list[int]
    sprinters: list[int]
    bunta: BuntaView
    aura: int | None
    racers: list[RacerView]
    deck: DeckView
    discard: DiscardView
    finished: list[int]
    out: list[int]
    placings: list[int] | None
    over: bool
    winner: int | None
    you: int | None


# -- view() ----------------------------------------------------------------------------------------------


def hand_ref(i: int) -> str:
    """The ref of the i-th card of the viewer's hand (a scenario may deal more than the usual four)."""
    return HAND_REFS[i] if i < len(HAND_REFS) else f"hand:{i}"


def decision_view(s: MiniDState) -> dict | None:
    r = s.race
    d = r.pending
    if d is None or r.over:
        return None
    p = d.seat
    kind = d.kind
    v: dict[str, Any] = {"kind": kind, "seat": p}
    if kind == DRIFT or kind == LINE:
        sec = r.corner_section[p]
        v["section"] = sec
        v["difficulty"] = r.track.difficulty[sec]
    if kind == DRIFT:
        v.update(line=LINES[d.line], die=d.die, total=d.die + d.mod, gutter=d.master)
    elif kind == CROSSING:
        v.update(die=d.die, total=d.die + d.mod)
    elif kind == BATTLE:
        v.update(attacker=d.attacker, defender=d.defender, bonus=r.battle_bonus[p])
    elif kind == TURN:
        v["bonus"] = r.move_bonus
    elif kind == SPRINT:
        v["choices"] = [{"ref": ref, "power": k} for k, ref in enumerate(POWER_REFS, 1)]
    elif kind == LINE:
        v["choices"] = [
            {"ref": LINE_REFS[i], "line": name, "drift": LINE_DRIFT[i], "move": LINE_MOVE[i]}
            for i, name in enumerate(LINES)
        ]
    return v


def racer_view(s: MiniDState, q: int, me: bool) -> dict:
    r = s.race
    tr = r.track
    x = r.positions[q]
    cards = r.table.cards
    corner = None
    sec = tr.section_at[x]
    if sec >= 0 and sec == r.corner_section[q] and r.corner_state[q] != NONE:
        corner = {
            "section": sec,
            "state": CORNER_STATE[r.corner_state[q]],
            "move": r.corner_move[q],
        }
    v = {
        "seat": q,
        "ref": RACER_REFS[q],
        "case": x,
        "status": STATUS[r.status[q]],
        "skips": r.skips[q],
        "met_bunta": r.met_bunta[q],
        "aura": r.aura == q,
        "corner": corner,
        "hand_count": len(r.hands[q]),
        "waiting": [cards[c].slug for c in r.waiting[q]],
        "sprint": r.landings[q],
    }
    if me:
        v["hand"] = [{"ref": hand_ref(i), "card": cards[c].slug} for i, c in enumerate(r.hands[q])]
    return v


def options_view(s: MiniDState) -> dict[str, Any]:
    opts = s.game.options_dict
    if not isinstance(opts["track"], str):  # a track given as data: its id (the view has its sections)
        opts["track"] = s.race.track.track_id
    return opts


def view(s: MiniDState, seat: int | None) -> dict:
    """What ``seat`` sees (None: a spectator); cards by id (slug): ``game.cards(lang)`` names them."""
    r = s.race
    tr = r.track
    cards = r.table.cards
    return {
        "game": "minid",
        "track": tr.name,
        "track_names": dict(tr.names),
        "direction": "uphill" if tr.uphill else "downhill",
        "length": tr.length,
        "sections": tr.section_view(),
        "events": list(tr.events),
        "options": options_view(s),
        "phase": "over" if r.over else "sprint" if r.sprinters else "race",
        "round": r.round_no,
        "to_move": s.to_move,
        "decision": decision_view(s),
        "order": list(r.order),
        "sprinters": list(r.sprinters),
        "bunta": {"case": r.bunta, "driving": r.bunta_driving},
        "aura": r.aura if r.aura >= 0 else None,
        "racers": [racer_view(s, q, seat == q) for q in range(r.seats)],
        "deck": {"ref": DECK_REF, "count": len(r.deck)},
        "discard": {"ref": DISCARD_REF, "cards": [cards[c].slug for c in r.discard]},
        "finished": list(r.finished),
        "out": list(r.out),
        "placings": list(r.ranking) if r.ranking is not None else None,
        "over": r.over,
        "winner": s.winner,
        "you": seat,
    }


# -- refs of a legal action (Game.move_refs) ----------------------------------------------------------------


def move_refs(s: MiniDState, kind: str, args: tuple[Any, ...]) -> tuple[str, ...]:
    """The refs of a legal action of the seat to move (see the module's docstring)."""
    r = s.race
    d = r.pending
    if d is None:
        return ()
    if kind == "sprint":
        return (POWER_REFS[args[0] - 1],)
    if kind == "line":
        return (LINE_REFS[args[0]],)
    if kind == "play":
        return (hand_ref(r.hands[d.seat].index(args[0])),)
    if kind == "discard":
        return (hand_ref(r.hands[d.seat].index(args[0])), DISCARD_REF)
    if kind == "draw":
        return (DECK_REF,)
    return ()


def reveal(s: MiniDState) -> dict:
    r = s.race
    cards = r.table.cards
    d = r.pending
    v = view(s, None)
    v["hands"] = [[cards[c].slug for c in h] for h in r.hands]
    v["deck"] = [cards[c].slug for c in reversed(r.deck)]  # top first
    v["tasks"] = [[t[0].__name__.lstrip("_"), *t[1:]] for t in r.tasks]
    v["pending"] = None if d is None else d._asdict()
    v["dice"] = list(reversed(r.forced_dice))
    v["corner_state"] = [[r.corner_section[q], r.corner_state[q], r.corner_move[q]] for q in range(r.seats)]
    v["cursor"] = r.cursor
    v["battle_bonus"] = list(r.battle_bonus)
    v["move_bonus"] = r.move_bonus
    v["rng"] = s.rng.s
    return v


__all__ = ["DECK_REF", "DISCARD_REF", "MiniDView", "move_refs", "reveal", "view"]
