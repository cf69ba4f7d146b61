"""D-Spirits content schema (DS-C1..C3, DS-D1, DS-B5): D-Spirits, support cards, D-Evolutions, the type
chart and starter decks, validated at load with one line per problem.

Names and texts are English (the source's language), each record's French and Japanese beside them in
``fr`` and ``ja`` tables of the same fields (``fr = { name = "Vent arrière", text = "…" }``): a name where it
is a word (abilities, special moves, support cards, types; a D-Spirit's name is a proper name and stays as it
is), every text. A card's id (its slug, in notations and events) is its English name's and never changes
with the display language; a missing translation reads in English (:func:`untranslated` lists them).

Effects are lists of named blocks (see ``blocks.py``), compiled here into :class:`Program` objects: one per
ability, special move or support card, holding the compiled blocks, the single target choice it needs (if
any) and its cost. Deck rules (DS-D1) live in :meth:`Catalog.deck_problems`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import Field, field_validator, model_validator

from kansei.core.content import TRANSLATIONS, Record, load_records, slug
from kansei.core.effects import Compiled, unimplemented_lines
from kansei.core.errors import ContentError

from .blocks import REGISTRY, block_target

CONTENT = Path(__file__).parent / "content"

# the kinds of card (DS-C1..C3), as the card table numbers them
SPIRIT: Final = 0
EVOLUTION: Final = 1
SIGNAL: Final = 2
REALM: Final = 3
MOVECARD: Final = 4

# DS-D1 deck sizes
SQUAD_SIZE = (15, 20)
SUPPORT_SIZE = (10, 20)
SIDE_SIZE = (0, 20)

Trigger = Literal["command", "summoned", "destroyed", "attack", "end"]
# Triggers that resolve at once, without a chain window or a target choice (docs/rulings.md).
IMMEDIATE = frozenset({"destroyed", "attack", "end"})


class Words(Record):
    """A record's names and texts in one more language (its ``fr`` or ``ja`` table); empty: English."""

    name: str = Field(default="", max_length=80)
    text: str = Field(default="", max_length=600)
    condition_text: str = Field(default="", max_length=600)


class Ability(Record):
    """DS-C1: activated on command, when triggered (destroyed / attacks / your end step), or when summoned."""

    name: str
    trigger: Trigger
    cost: int = Field(default=0, ge=0)  # SP paid on activation (command abilities)
    text: str
    fr: Words | None = None
    ja: Words | None = None
    effects: list[dict] = Field(min_length=1)


class Move(Record):
    """DS-C1: a special move: activated on command for its SP cost, once per turn, before the battle step."""

    name: str
    cost: int = Field(ge=0)
    text: str
    fr: Words | None = None
    ja: Words | None = None
    effects: list[dict] = Field(min_length=1)


class Spirit(Record):
    """DS-C1: a D-Spirit."""

    name: str
    types: list[str] = Field(min_length=1, max_length=2)
    attack: int = Field(ge=0, le=9000)
    endurance: int = Field(ge=0, le=9000)
    sp: int = Field(ge=0, le=5000)
    limit: int | Literal["limitless"] = Field(default=1)
    abilities: list[Ability] = Field(default_factory=list)
    move: Move | None = None
    text: str = ""
    fr: Words | None = None
    ja: Words | None = None
    house: bool = True
    unimplemented: str | None = None

    @field_validator("limit")
    @classmethod
    def _limit(cls, v: Any) -> Any:
        if isinstance(v, int) and not 1 <= v <= 4:
            raise ValueError('limit must be 1..4 or "limitless"')
        return v


class Evolution(Record):
    """DS-C3: a D-Evolution, played from the side deck on top of ``base`` when ``condition`` holds."""

    name: str
    base: str
    types: list[str] = Field(min_length=1, max_length=2)
    attack: int = Field(ge=0, le=9000)
    endurance: int = Field(ge=0, le=9000)
    sp: int = Field(ge=0, le=5000)
    limit: int = Field(default=1, ge=1, le=4)
    condition: list[dict] = Field(min_length=1)
    condition_text: str
    abilities: list[Ability] = Field(default_factory=list)
    move: Move | None = None
    text: str = ""
    fr: Words | None = None
    ja: Words | None = None
    house: bool = True
    unimplemented: str | None = None


class Support(Record):
    """DS-C2: Signals & Signs, Realms, Special Move cards."""

    name: str
    kind: Literal["signal", "realm", "move"]
    limit: int = Field(default=1, ge=1, le=4)
    text: str
    fr: Words | None = None
    ja: Words | None = None
    timing: Literal["main", "response"] = "main"  # signals: main step only, or also as a chain response
    lasting: bool = False  # signals: stays in the Support Zone with its static effects
    bid: int = Field(default=0, ge=0)  # realms: the opening bid (DS-R1)
    cost: int = Field(default=0, ge=0)  # special move cards: SP cost
    requires: list[str] = Field(default_factory=list)  # special move cards: D-Spirits you must control
    effects: list[dict] = Field(default_factory=list)
    static: list[dict] = Field(default_factory=list)
    house: bool = True
    unimplemented: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> Support:
        problems = []
        if self.kind == "realm":
            if self.bid <= 0 or self.bid % 100:
                problems.append("a realm needs a positive bid in steps of 100")
            if not self.static:
                problems.append("a realm needs static effects")
            if self.effects:
                problems.append("a realm has static effects only")
        elif self.bid:
            problems.append("only realms have a bid")
        if self.kind == "move":
            if not self.requires:
                problems.append("a special move card names the D-Spirits it requires")
        elif self.requires or self.cost:
            problems.append("only special move cards have requires and cost")
        if self.kind == "signal":
            if self.lasting and not self.static:
                problems.append("a lasting signal needs static effects")
            if not self.lasting and self.static:
                problems.append("static effects need lasting = true")
        if self.kind != "signal" and (self.lasting or self.timing != "main"):
            problems.append("timing and lasting are for signals")
        if self.kind != "realm" and not self.effects and not self.static:
            problems.append("the card does nothing: give it effects")
        if problems:
            raise ValueError("; ".join(problems))
        return self


class TypeDef(Record):
    """DS-B5: a type of the chart."""

    name: str
    fr: Words | None = None
    ja: Words | None = None
    elemental: bool = False
    strong_against: list[str] = Field(default_factory=list)
    boost: int = Field(default=300, ge=0, le=3000)


class StarterDeck(Record):
    name: str
    text: str = ""
    squad: dict[str, int]
    support: dict[str, int]
    side: dict[str, int] = Field(default_factory=dict)


class Program:
    """A compiled effect: what an ability, special move or support card does when it resolves."""

    __slots__ = (
        "id",
        "name",
        "source",
        "trigger",
        "cost",
        "effects",
        "choose",
        "max_power",
        "text",
        "needs_attack",
        "needs_link",
        "targets_attacker",
        "launch_self",
        "moves_zone",
    )

    def __init__(
        self,
        pid: int,
        name: str,
        source: str,
        trigger: str,
        cost: int,
        effects: tuple[Compiled, ...],
        text: str,
    ):
        self.id = pid
        self.name = name
        self.source = source  # card name
        self.trigger = trigger  # command/summoned/destroyed/attack/end, "move", "signal", "card"
        self.cost = cost
        self.effects = effects
        self.text = text
        self.choose: str | None = None
        self.max_power = 0
        for c in effects:
            sel, mp = block_target(c)
            if sel is not None:
                self.choose, self.max_power = sel, mp
        self.needs_attack = any(
            c.name == "negate_attack" or getattr(c.p, "target", "") == "attacker" for c in effects
        )
        self.needs_link = any(c.name == "negate" for c in effects)
        # a response that does more than negate an attack: it acts on the attacker (needs one in reach)
        self.targets_attacker = self.needs_attack and any(c.name != "negate_attack" for c in effects)
        self.launch_self = any(c.name == "launch" and c.p.launched == "self" for c in effects)
        self.moves_zone = any(c.name == "move_zone" for c in effects)


def _check_choices(effects: tuple[Compiled, ...], where: str, problems: list[str]) -> None:
    """One target choice per effect: every choosing block must choose the same way."""
    seen: tuple[str, int] | None = None
    for i, c in enumerate(effects, 1):
        sel, mp = block_target(c)
        if sel is None:
            continue
        if seen is not None and seen != (sel, mp):
            problems.append(
                f"{where}: effect {i} ({c.name}) chooses {sel} (max_power {mp}) but an earlier "
                f"effect chooses {seen[0]} (max_power {seen[1]}): one choice per effect"
            )
        seen = (sel, mp)


class Catalog:
    """All D-Spirits cards, the type chart and starter decks; compiled programs indexed by id."""

    def __init__(
        self,
        spirits: list[Spirit],
        evolutions: list[Evolution],
        supports: list[Support],
        types: list[TypeDef],
        decks: list[StarterDeck],
    ):
        self.spirits = spirits
        self.evolutions = evolutions
        self.supports = supports
        self.types = types
        self.decks = decks
        self.by_name: dict[str, Spirit | Evolution | Support] = {}
        for group in (spirits, evolutions, supports):
            for c in group:
                self.by_name[c.name.lower()] = c
                self.by_name[slug(c.name)] = c
        self.programs: list[Program] = []
        # card name -> {"abilities": [Program], "move": Program|None, "effect": Program|None,
        #               "static": tuple[Compiled], "condition": tuple[Compiled]}
        self.compiled: dict[str, dict[str, Any]] = {}

    def find(self, name: str) -> Spirit | Evolution | Support | None:
        return self.by_name.get(str(name).lower()) or self.by_name.get(slug(str(name)))

    def kind_of(self, card: Any) -> str:
        if isinstance(card, Spirit):
            return "spirit"
        if isinstance(card, Evolution):
            return "evolution"
        return "support"

    # -- compilation -------------------------------------------------------------------------------
    def _program(
        self,
        name: str,
        source: str,
        trigger: str,
        cost: int,
        specs: list[dict],
        text: str,
        where: str,
        problems: list[str],
    ) -> Program | None:
        before = len(problems)
        effects = REGISTRY.compile_list(specs, where, problems, "effect")
        _check_choices(effects, where, problems)
        if len(problems) > before:
            return None
        prog = Program(len(self.programs), name, source, trigger, cost, effects, text)
        if trigger in IMMEDIATE and prog.choose is not None:
            problems.append(
                f"{where}: a '{trigger}' ability resolves at once and cannot choose a target "
                f"(it chooses {prog.choose})"
            )
            return None
        if trigger not in ("signal",) and (prog.needs_attack or prog.needs_link):
            problems.append(f"{where}: negate, negate_attack and target 'attacker' are for response signals")
            return None
        self.programs.append(prog)
        return prog

    def compile(self, disp: dict[str, str], problems: list[str]) -> None:
        type_names = {t.name for t in self.types}

        def check_types(types: list[str], where: str) -> None:
            for t in types:
                if t not in type_names:
                    problems.append(
                        f"{where}: types: unknown type {t!r} (chart: {', '.join(sorted(type_names))})"
                    )

        for group, file, kind in (
            (self.spirits, disp["spirits"], "spirit"),
            (self.evolutions, disp["evolutions"], "evolution"),
        ):
            for c in group:
                where = f'{file}: {kind} "{c.name}"'
                check_types(c.types, where)
                entry: dict[str, Any] = {
                    "abilities": [],
                    "move": None,
                    "effect": None,
                    "static": (),
                    "condition": (),
                }
                for a in c.abilities:
                    prog = self._program(
                        a.name,
                        c.name,
                        a.trigger,
                        a.cost,
                        a.effects,
                        a.text,
                        f'{where}: ability "{a.name}"',
                        problems,
                    )
                    if prog is not None:
                        entry["abilities"].append(prog)
                if c.move is not None:
                    entry["move"] = self._program(
                        c.move.name,
                        c.name,
                        "move",
                        c.move.cost,
                        c.move.effects,
                        c.move.text,
                        f'{where}: move "{c.move.name}"',
                        problems,
                    )
                if isinstance(c, Evolution):
                    entry["condition"] = REGISTRY.compile_list(
                        c.condition, f"{where}: condition", problems, "condition"
                    )
                    base = self.find(c.base)
                    if not isinstance(base, Spirit | Evolution) or base.name == c.name:
                        problems.append(f'{where}: base: "{c.base}" is not a D-Spirit or D-Evolution')
                self.compiled[c.name] = entry
        for sup in self.supports:
            where = f'{disp["supports"]}: {sup.kind} "{sup.name}"'
            entry = {"abilities": [], "move": None, "effect": None, "static": (), "condition": ()}
            if sup.effects:
                trig = "signal" if sup.kind == "signal" else "card"
                if sup.kind == "signal" and sup.timing != "response":
                    trig = "card"
                entry["effect"] = self._program(
                    sup.name, sup.name, trig, sup.cost, sup.effects, sup.text, where, problems
                )
            if sup.static:
                entry["static"] = REGISTRY.compile_list(sup.static, f"{where}: static", problems, "static")
                for i, s in enumerate(entry["static"], 1):
                    if s.p.type is not None and s.p.type not in type_names:
                        problems.append(f"{where}: static {i} (aura): unknown type {s.p.type!r}")
            for r in sup.requires:
                if not isinstance(self.find(r), Spirit | Evolution):
                    problems.append(f'{where}: requires: "{r}" is not a D-Spirit')
            self.compiled[sup.name] = entry
        for t in self.types:
            for o in t.strong_against:
                if o not in type_names:
                    problems.append(f'{disp["types"]}: type "{t.name}": strong_against: unknown type {o!r}')

    # -- DS-D1 ------------------------------------------------------------------------------------
    def deck_problems(
        self, squad: dict[str, int], support: dict[str, int], side: dict[str, int], where: str
    ) -> list[str]:
        """DS-D1 deck construction, one line per problem."""
        problems = []
        totals: dict[str, int] = {}
        sizes = {"squad": 0, "support": 0, "side": 0}
        for deck_name, cards in (("squad", squad), ("support", support), ("side", side)):
            for name, count in cards.items():
                c = self.find(name)
                if c is None:
                    problems.append(f'{where}: {deck_name}: card "{name}": no such D-Spirits card')
                    continue
                if not isinstance(count, int) or count < 1:
                    problems.append(f'{where}: {deck_name}: card "{name}": count must be a positive integer')
                    continue
                sizes[deck_name] += count
                kind = self.kind_of(c)
                if deck_name == "squad" and kind != "spirit":
                    problems.append(
                        f'{where}: squad: "{c.name}" is not a D-Spirit (the D-Squad deck holds '
                        "D-Spirits only, DS-D1)"
                    )
                if deck_name == "support" and kind != "support":
                    problems.append(f'{where}: support: "{c.name}" is not a support card (DS-D1)')
                if kind == "evolution" and deck_name != "side":
                    problems.append(
                        f'{where}: {deck_name}: "{c.name}" is a D-Evolution: it lives in the side '
                        "deck (DS-C3)"
                    )
                if isinstance(c, Spirit) and c.limit == "limitless":
                    # DS-D1 ruling: one copy in the D-Squad deck, any number in the side deck
                    if deck_name == "squad" and count > 1:
                        problems.append(
                            f'{where}: squad: "{c.name}" is Limitless: 1 copy in the D-Squad deck '
                            f"(DS-D1), has {count}"
                        )
                    if deck_name == "support":
                        pass
                    continue
                totals[c.name] = totals.get(c.name, 0) + count
        for name, n in totals.items():
            lim = self.find(name).limit  # type: ignore[union-attr]
            if isinstance(lim, int) and n > lim:
                problems.append(f'{where}: "{name}": {n} copies across the decks, its limit is {lim} (DS-D1)')
        for deck_name, (lo, hi), label in (
            ("squad", SQUAD_SIZE, "D-Squad deck"),
            ("support", SUPPORT_SIZE, "Support deck"),
            ("side", SIDE_SIZE, "side deck"),
        ):
            n = sizes[deck_name]
            if not lo <= n <= hi:
                problems.append(f"{where}: the {label} holds {lo}–{hi} cards (DS-D1), has {n}")
        return problems


def load_catalog(folder: Path = CONTENT, prefix: str | None = None) -> Catalog:
    """Load, validate and compile a content folder; raises ContentError listing every problem."""
    problems: list[str] = []
    disp = {
        k: f"{prefix or 'content'}/{k}.toml" for k in ("spirits", "evolutions", "supports", "types", "decks")
    }

    def load(key: str, table: str, model: type, kind: str) -> list:
        return load_records(folder / f"{key}.toml", table, model, problems, disp[key], kind, unique=True)

    spirits = load("spirits", "spirit", Spirit, "spirit")
    evolutions = load("evolutions", "evolution", Evolution, "evolution")
    supports = load("supports", "support", Support, "support card")
    types = load("types", "type", TypeDef, "type")
    decks = load("decks", "deck", StarterDeck, "deck")
    cat = Catalog(spirits, evolutions, supports, types, decks)
    names = [c.name.lower() for g in (spirits, evolutions, supports) for c in g]
    for n in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"{prefix or 'content'}/*.toml: card name {n!r} is used by two cards")
    cat.compile(disp, problems)
    for d in decks:
        problems.extend(cat.deck_problems(d.squad, d.support, d.side, f'{disp["decks"]}: deck "{d.name}"'))
    if problems:
        raise ContentError(problems)
    return cat


def unimplemented(cat: Catalog, prefix: str = "content") -> list[str]:
    """Warnings for cards whose text the blocks cannot express yet (none in the shipped content)."""
    return (
        unimplemented_lines(cat.spirits, f"{prefix}/spirits.toml", "spirit")
        + unimplemented_lines(cat.evolutions, f"{prefix}/evolutions.toml", "evolution")
        + unimplemented_lines(cat.supports, f"{prefix}/supports.toml", "support card")
    )


def words_of(rec: Any, lang: str, field: str = "name") -> str:
    """A record's ``field`` (name, text, condition_text) in ``lang``: its ``fr`` / ``ja`` table's, English
    where that table has none."""
    english: str = getattr(rec, field)
    local = getattr(rec, lang, None) if lang in TRANSLATIONS else None
    return (getattr(local, field) if local is not None else "") or english


def untranslated(cat: Catalog, prefix: str = "content") -> list[str]:
    """One line per name (where it is a word) or text of the content a language lacks: abilities', special
    moves', support cards' and types' names, every text. Missing ones read in English."""
    out: list[str] = []

    def need(rec: Any, where: str, fields: tuple[str, ...]) -> None:
        for lang in TRANSLATIONS:
            local = getattr(rec, lang)
            for f in fields:
                if getattr(rec, f) and not (local is not None and getattr(local, f)):
                    out.append(f"{where}: no {lang}.{f}")

    cards: tuple[tuple[list[Any], str, str], ...] = (
        (cat.spirits, "spirits", "spirit"),
        (cat.evolutions, "evolutions", "evolution"),
    )
    for group, file, kind in cards:
        for c in group:
            where = f'{prefix}/{file}.toml: {kind} "{c.name}"'
            need(c, where, ("text", "condition_text") if isinstance(c, Evolution) else ("text",))
            for a in c.abilities:
                need(a, f'{where}: ability "{a.name}"', ("name", "text"))
            if c.move is not None:
                need(c.move, f'{where}: move "{c.move.name}"', ("name", "text"))
    for sup in cat.supports:
        need(sup, f'{prefix}/supports.toml: {sup.kind} "{sup.name}"', ("name", "text"))
    for t in cat.types:
        need(t, f'{prefix}/types.toml: type "{t.name}"', ("name",))
    return out


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    return load_catalog()
