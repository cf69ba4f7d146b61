"""Card Race Stampede content schema (ST-C1..C3, ST-D1, ST-O3): cards, starter decks, validation.

Cards are TOML tables with a Japanese ``name``, an English ``en`` and a French ``fr`` (the name in the
page's language, the Japanese original beside it), and their texts ``text``, ``text_en`` and ``text_fr``.
Abilities are composed from the named blocks of :mod:`.blocks` — ``condition``, ``cost`` and ``effects``
lists of ``{block = "…", …}`` tables — and compiled at load time into :class:`Ability` tuples. A card the
blocks cannot express yet carries ``unimplemented = "reason"``: ``kansei validate`` lists it and the
engine keeps it out of play (its abilities are not guessed at).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import Field, model_validator

from kansei.core.content import Record, check_unique, load_records, slug
from kansei.core.effects import Compiled, unimplemented_lines

from .blocks import REGISTRY

CONTENT = Path(__file__).parent / "content"

# The classes by id; their words in each language, and the keywords', are lang.py's (``class_…``, ``kw_…``).
# ST-O2: Steering counts as every class.
CLASSES = ("scarlet_rose", "sugar_mountain", "midnight_wolf", "dragoon_crown", "steering")
STEERING = CLASSES.index("steering")

MACHINE, ASSIST, EVENT = 0, 1, 2
KINDS = ("machine", "assist", "event")

Trigger = Literal[
    "play",  # an assist's effect when it is played
    "activated",  # used from the field when its condition and cost allow (ST-T6: any time)
    "hand",  # used from hand (a Demi-Guest's procedure to reach the center, ST-K4)
    "on_enter",  # when called or placed from hand (not when exposed at the center)
    "on_destroyed",  # when destroyed
    "crash",  # ST-K7: when the remaining distances cross
    "goal_keeper",  # ST-K8: from hand when the opponent is about to reach the goal
    "requiem_keeper",  # ST-K8: from hand when you are about to lose by any means
]
TRIGGERS_BY_KIND = {
    "machine": {"activated", "hand", "on_enter", "on_destroyed", "crash", "goal_keeper", "requiem_keeper"},
    "assist": {"play", "goal_keeper", "requiem_keeper"},
    "event": {"activated", "on_enter", "on_destroyed", "crash", "goal_keeper", "requiem_keeper"},
}

# ST-O3 stat guide: POW + DEF by gear (gear 1: below 7000).
GUIDE = {2: 15000, 3: 20000, 4: 25000, 5: 30000}
GUIDE_ABOVE = 1.15  # more than 15 % above the guide is off it
GUIDE_BELOW = 0.85  # more than 15 % below, for a plain card with balanced stats
GUIDE_BELOW_RELAXED = 0.6  # lopsided stats or an effect may justify down to 60 %

DECK_SIZE = 40  # ST-D1
MAX_COPIES = 4
MAX_STEERING = 3


class AbilitySpec(Record):
    """One ability: when it applies (trigger), and its condition, cost and effect blocks."""

    trigger: Trigger
    optional: bool = False
    condition: list[dict] = []
    cost: list[dict] = []
    effects: list[dict] = Field(min_length=1)


class CardRec(Record):
    """ST-C1 machine, ST-C2 assist, ST-C3 event."""

    name: str  # Japanese name, as printed
    en: str  # English name (notation uses its slug)
    fr: str = Field("", max_length=80)  # French name ("" reads as the English one: a folder of one's own)
    kind: Literal["machine", "assist", "event"]
    gear: int = Field(ge=1, le=5)
    class_: Literal["scarlet_rose", "sugar_mountain", "midnight_wolf", "dragoon_crown", "steering"] = Field(
        alias="class"
    )
    pow: int | None = Field(None, ge=0)
    def_: int | None = Field(None, alias="def", ge=0)
    hp: int | None = Field(None, ge=1)
    keywords: list[Literal["obstruction", "double_action", "guest", "demi_guest", "dragon_genus"]] = []
    dead_heat: int = Field(0, ge=0, le=9)  # ST-K5 Dead Heat XX
    ability: list[AbilitySpec] = []
    text: str = ""  # Japanese card text
    text_en: str = ""
    text_fr: str = ""  # French card text ("" reads as the English text)
    house: bool = True
    source: str = "house"  # where the card comes from: "rulebook", "novel" or "house"
    off_guide: str | None = None  # ST-O3: why the stats may stray from the guide (silences the warning)
    unimplemented: str | None = None  # text the blocks cannot express yet

    @model_validator(mode="after")
    def _shape(self) -> CardRec:
        problems = []
        if self.kind == "machine":
            if self.pow is None or self.def_ is None:
                problems.append("a machine needs pow and def (ST-C1)")
            if self.hp is not None:
                problems.append("only events have hp (ST-C3)")
        else:
            if self.pow is not None or self.def_ is not None:
                problems.append(f"an {self.kind} has no pow/def")
            if self.kind == "event" and self.hp is None:
                problems.append("an event needs hp (ST-C3)")
            if self.kind == "assist" and self.hp is not None:
                problems.append("only events have hp (ST-C3)")
            if self.kind == "assist" and (self.keywords or self.dead_heat):
                problems.append("an assist carries no keywords besides keeper abilities")
        if "guest" in self.keywords and "demi_guest" in self.keywords:
            problems.append("a card is Guest or Demi-Guest, not both")
        if self.dead_heat and self.kind != "machine":
            problems.append("dead_heat is a machine keyword (ST-K5)")
        allowed = TRIGGERS_BY_KIND[self.kind]
        for i, ab in enumerate(self.ability, 1):
            if ab.trigger not in allowed:
                problems.append(f"ability {i}: trigger {ab.trigger!r} is not allowed on an {self.kind}")
        if (
            self.kind == "assist"
            and self.ability
            and not any(a.trigger in ("play", "goal_keeper", "requiem_keeper") for a in self.ability)
        ):
            problems.append("an assist needs a play (or keeper) ability")
        hand = [a for a in self.ability if a.trigger == "hand"]
        if hand and "demi_guest" not in self.keywords:
            problems.append("only a Demi-Guest has a procedure used from hand (trigger 'hand', ST-K4)")
        if "demi_guest" in self.keywords and not hand and not self.unimplemented:
            problems.append("a Demi-Guest needs its procedure: an ability with trigger 'hand' (ST-K4)")
        for i, ab in enumerate(self.ability, 1):
            if (
                ab.trigger in ("activated", "hand")
                and not ab.cost
                and not any(c.get("block") == "once_per_turn" for c in ab.condition)
            ):
                problems.append(
                    f"ability {i}: an activated ability needs a cost or a once_per_turn condition"
                )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def keyword_ids(self) -> list[str]:
        out: list[str] = list(self.keywords)
        if self.dead_heat:
            out.append("dead_heat")
        for a in self.ability:
            if a.trigger in ("crash", "goal_keeper", "requiem_keeper") and a.trigger not in out:
                out.append(a.trigger)
        return out


class StarterDeck(Record):
    name: str
    ja: str = ""
    text: str = ""
    text_en: str = ""
    cards: dict[str, int]


class Ability:
    """An ability compiled for the hot path (blocks as :class:`Compiled`).

    ``zones`` and ``taps_self`` say up front what its conditions and costs require of the card using it
    from the field (each block's ``source_zones`` and ``taps_source``), so the field's abilities that
    cannot be used where the card stands are passed over without asking their blocks."""

    __slots__ = (
        "index", "trigger", "optional", "conds", "costs", "effects", "blocks", "zones", "taps_self",
    )  # fmt: skip

    index: int  # its position among the card's abilities
    trigger: str
    optional: bool
    conds: tuple[Compiled, ...]
    costs: tuple[Compiled, ...]
    effects: tuple[Compiled, ...]
    blocks: tuple[Compiled, ...]  # the costs, then the effects: one choice each, in this order
    zones: tuple[int, ...]  # the zones (left, center, right) the card may be used from the field in
    taps_self: bool  # a cost taps the card itself: it cannot be used while tapped

    def __init__(
        self,
        index: int,
        trigger: str,
        optional: bool,
        conds: tuple[Compiled, ...],
        costs: tuple[Compiled, ...],
        effects: tuple[Compiled, ...],
    ):
        self.index = index
        self.trigger = trigger
        self.optional = optional
        self.conds = conds
        self.costs = costs
        self.effects = effects
        self.blocks = costs + effects
        zones: tuple[int, ...] = (0, 1, 2)
        for c in conds + costs:
            need = getattr(c.impl, "source_zones", None)
            if need is not None:
                zones = tuple(z for z in zones if z in need)
        self.zones = zones
        self.taps_self = any(getattr(c.impl, "taps_source", False) for c in costs)


def guide_warnings(recs: list[CardRec], display: str) -> list[str]:
    """ST-O3: warnings (not errors) for machines whose POW + DEF strays from the stat guide."""
    out = []
    for r in recs:
        if r.kind != "machine" or r.off_guide:
            continue
        total = (r.pow or 0) + (r.def_ or 0)
        where = f'warning: {display}: card "{r.name}" ({r.en})'
        if r.gear == 1:
            if total >= 7000:
                out.append(f"{where}: gear 1 POW+DEF should be below 7000 (ST-O3), is {total}")
            continue
        guide = GUIDE[r.gear]
        lo, hi = sorted(((r.pow or 0), (r.def_ or 0)))
        lopsided = lo * 2 <= hi
        relaxed = lopsided or bool(r.ability) or bool(r.keywords) or r.dead_heat > 0
        floor = GUIDE_BELOW_RELAXED if relaxed else GUIDE_BELOW
        if total > guide * GUIDE_ABOVE:
            out.append(f"{where}: gear {r.gear} POW+DEF is about {guide} (ST-O3), is {total} (too high)")
        elif total < guide * floor:
            out.append(f"{where}: gear {r.gear} POW+DEF is about {guide} (ST-O3), is {total} (too low)")
    return out


def _compile_abilities(rec: CardRec, display: str, problems: list[str]) -> tuple[Ability, ...]:
    out = []
    many = len(rec.ability) > 1
    for i, ab in enumerate(rec.ability, 1):
        where = f'{display}: card "{rec.name}"' + (f": ability {i}" if many else "")
        conds = REGISTRY.compile_list(ab.condition, where, problems, "condition")
        costs = REGISTRY.compile_list(ab.cost, where, problems, "cost")
        effects = REGISTRY.compile_list(ab.effects, where, problems, "effect")
        out.append(Ability(i - 1, ab.trigger, ab.optional, conds, costs, effects))
    return tuple(out)


class Content(NamedTuple):
    """A content folder read and validated: the records, their compiled abilities, the starter decks,
    the warnings and the problems found so far (the table adds the checks that need every card)."""

    records: list[CardRec]
    abilities: list[tuple[Ability, ...]]
    decks: list[StarterDeck]
    warnings: list[str]
    problems: list[str]


def load_content(folder: Path = CONTENT, prefix: str | None = None) -> Content:
    """Read the cards*.toml and decks.toml files of a content folder, validate every record and compile
    its abilities; problems are collected, one line each, never raised here."""
    problems: list[str] = []

    def disp(name: str) -> str:
        return f"{prefix or 'content'}/{name}"

    card_files = sorted(folder.glob("cards*.toml"))
    if not card_files:
        problems.append(f"{disp('cards.toml')}: no such file")
    recs: list[CardRec] = []
    abilities: list[tuple[Ability, ...]] = []
    warnings: list[str] = []
    for path in card_files:
        display = disp(path.name)
        file_recs = load_records(path, "card", CardRec, problems, display, "card")
        for r in file_recs:
            if r.unimplemented:
                abilities.append(())
            else:
                abilities.append(_compile_abilities(r, display, problems))
        recs.extend(file_recs)
        warnings.extend(guide_warnings(file_recs, display))
        warnings.extend(unimplemented_lines(file_recs, display))
    check_unique(recs, disp("cards*.toml"), "card", problems)
    seen: dict[str, str] = {}
    for r in recs:
        for key in {r.en.lower(), slug(r.en)}:
            if key in seen and seen[key] != r.name:
                problems.append(
                    f'{disp("cards*.toml")}: card "{r.name}": English name {r.en!r} is used twice'
                )
            seen[key] = r.name
    decks_path = folder / "decks.toml"
    decks: list[StarterDeck] = []
    if decks_path.exists():
        decks = load_records(decks_path, "deck", StarterDeck, problems, disp("decks.toml"), "deck")
        check_unique(decks, disp("decks.toml"), "deck", problems)
    return Content(recs, abilities, decks, warnings, problems)
