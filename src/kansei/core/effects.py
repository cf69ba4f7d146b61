"""Effect building blocks: named, parameterised pieces of card text that content composes.

Card effects are never free text to parse, and never special-cased code per card. A game defines a small
vocabulary of *blocks* in Python — each with a name, a *kind* (``"effect"``, ``"cost"``, ``"condition"`` or
any kind the game wants), a pydantic model for its parameters and an implementation — and registers them in
its own :class:`BlockRegistry`. Content then refers to blocks by name::

    [[card.ability]]
    trigger = "activated"
    condition = [{block = "self_is_center"}]
    cost = [{block = "put_under_self", gear = 1}]
    effects = [{block = "add_stats", target = "self", from_cost = true, duration = "turn"}]

At load time :meth:`BlockRegistry.compile` validates each spec and turns it into a :class:`Compiled` block:
the implementation plus its parameters as a plain named tuple (no pydantic, no dict look-ups in the hot
path). Problems are one line each, prefixed by where they are::

    content/cards.toml: card "X": effect 2: unknown block "foo" (known: add_stats, draw, …)
    content/cards.toml: card "X": effect 1 (add_stats): missing parameter "duration"

Blocks can nest: a parameter annotated ``Annotated[dict | None, Slot("cost")]`` (or ``list[dict]`` with
``Slot("condition", many=True)``) holds block specs of that kind and is compiled recursively.

Cards whose text the blocks cannot express yet carry ``unimplemented = "reason"`` in content;
:func:`unimplemented_lines` lists them for ``kansei validate`` so nothing is silently simplified.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError


class BlockParams(BaseModel):
    """Base for a block's parameter model: unknown parameters are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Slot:
    """Marks a parameter that holds nested block spec(s) of ``kind`` (use with ``typing.Annotated``)."""

    kind: str
    many: bool = False


class Block:
    """A registered block: name, kind, parameter model, implementation and documentation."""

    __slots__ = ("name", "kind", "params", "impl", "doc", "prepare", "slots", "fields", "tuple_type")

    def __init__(
        self,
        name: str,
        kind: str,
        params: type[BlockParams],
        impl: Any,
        doc: str = "",
        prepare: Callable[[BaseModel], dict] | None = None,
    ):
        self.name = name
        self.kind = kind
        self.params = params
        self.impl = impl
        self.doc = doc
        self.prepare = prepare
        self.slots: dict[str, Slot] = {}
        for fname, field in params.model_fields.items():
            for meta in field.metadata:
                if isinstance(meta, Slot):
                    self.slots[fname] = meta
        self.fields = tuple(params.model_fields)
        self.tuple_type = params_type(name, self.fields) if self.fields else None

    def signature(self) -> str:
        """``name(param: type = default, …)`` for documentation and error messages."""
        return f"{self.name}({', '.join(self.parameters())})"

    def parameters(self) -> list[str]:
        """Each parameter as ``param: type = default`` (``param: type`` when required)."""
        parts = []
        for fname, field in self.params.model_fields.items():
            ann = field.annotation
            tname = _type_name(ann)
            if fname in self.slots:
                s = self.slots[fname]
                tname = f"[{s.kind} blocks]" if s.many else f"{s.kind} block"
            if field.is_required():
                parts.append(f"{fname}: {tname}")
            else:
                parts.append(f"{fname}: {tname} = {field.default!r}")
        return parts


_param_types: dict[tuple[str, tuple[str, ...]], type] = {}


def params_type(name: str, fields: tuple[str, ...]) -> type:
    """The named tuple type of a block's parameters (``P_add_stats``), made once per name and fields.
    Its values pickle by name and fields, so compiled blocks (and states that hold them) pickle."""
    key = (name, fields)
    cached = _param_types.get(key)
    if cached is not None:
        return cached
    base = namedtuple(f"P_{name}", fields)  # type: ignore[misc]
    made = type(f"P_{name}", (base,), {"__slots__": (), "__reduce__": _reduce_params, "__module__": __name__})
    _param_types[key] = made
    return made


def _reduce_params(p: Any) -> tuple[Any, ...]:
    return (_params, (type(p).__name__.removeprefix("P_"), tuple(p._fields), tuple(p)))


def _params(name: str, fields: tuple[str, ...], values: tuple[Any, ...]) -> Any:
    """A pickled block's parameters back as their named tuple."""
    return params_type(name, tuple(fields))(*values)


def _type_name(ann: Any) -> str:
    origin = get_origin(ann)
    args = get_args(ann)
    if origin is not None and args and all(isinstance(a, str | int | bool) for a in args):
        return "|".join(str(a) for a in args)
    return getattr(ann, "__name__", str(ann)).replace("typing.", "")


class Compiled:
    """A block compiled for the hot path.

    ``impl`` is the implementation the game registered (a function or an object with methods), ``p`` the
    parameters as a named tuple (nested block specs already :class:`Compiled`). Calling a compiled block
    calls ``impl(p, *args)``; games with richer implementations use ``c.impl.method(c.p, …)``.
    """

    __slots__ = ("name", "kind", "impl", "p", "spec")

    def __init__(self, name: str, kind: str, impl: Any, p: Any, spec: Mapping[str, Any]):
        self.name = name
        self.kind = kind
        self.impl = impl
        self.p = p
        self.spec = spec

    def __call__(self, *args: Any) -> Any:
        return self.impl(self.p, *args)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Compiled, (self.name, self.kind, self.impl, self.p, self.spec))

    def __copy__(self) -> Compiled:
        return self  # compiled once from content and never changed: shared by every state

    def __deepcopy__(self, memo: dict[int, Any]) -> Compiled:
        return self

    def __repr__(self) -> str:
        return f"Compiled({self.name}, {self.p!r})"


class BlockRegistry:
    """One game's vocabulary of blocks. Games make their own instance; nothing here is global."""

    def __init__(self, game: str):
        self.game = game
        self.blocks: dict[str, Block] = {}

    # -- registration -----------------------------------------------------------------------------
    def register(
        self,
        name: str,
        params: type[BlockParams] = BlockParams,
        impl: Any = None,
        *,
        kind: str = "effect",
        doc: str = "",
        prepare: Callable[[BaseModel], dict] | None = None,
    ) -> Block:
        """Register a block. ``prepare`` may turn the validated model into the dict of fields to store
        (e.g. strings into ints); by default the model's fields are stored as they are."""
        if name in self.blocks:
            raise ValueError(f"{self.game}: block {name!r} is registered twice")
        if name == "block":
            raise ValueError("'block' is reserved")
        b = Block(name, kind, params, impl, doc or (getattr(impl, "__doc__", "") or "").strip(), prepare)
        self.blocks[name] = b
        return b

    def block(
        self, name: str, params: type[BlockParams] = BlockParams, *, kind: str = "effect", doc: str = ""
    ) -> Callable[[Any], Any]:
        """Decorator form of :meth:`register`: ``@reg.block("draw", DrawParams)`` above the implementation."""

        def deco(impl: Any) -> Any:
            self.register(name, params, impl, kind=kind, doc=doc)
            return impl

        return deco

    # -- queries ------------------------------------------------------------------------------------
    def names(self, kind: str | None = None) -> list[str]:
        return sorted(n for n, b in self.blocks.items() if kind is None or b.kind == kind)

    def describe(self, kind: str | None = None) -> list[str]:
        """One line per block: its signature and documentation (for docs and ``kansei rules``)."""
        out = []
        for n in self.names(kind):
            b = self.blocks[n]
            out.append(f"{b.kind}: {b.signature()}" + (f" — {b.doc.splitlines()[0]}" if b.doc else ""))
        return out

    # -- compilation --------------------------------------------------------------------------------
    def compile(self, spec: Any, where: str, kind: str = "effect") -> Compiled:
        """Validate and compile one spec; raises :class:`ContentError` (one line per problem)."""
        problems: list[str] = []
        c = self._compile(spec, where, kind, problems)
        if problems or c is None:
            raise ContentError(problems or [f"{where}: invalid block"])
        return c

    def compile_list(
        self, specs: Any, where: str, problems: list[str], kind: str = "effect", label: str | None = None
    ) -> tuple[Compiled, ...]:
        """Compile a list of specs numbered from 1 (``… : effect 2: …``); problems are appended."""
        label = label or kind
        if specs is None:
            return ()
        if isinstance(specs, Mapping):
            specs = [specs]
        if not isinstance(specs, list | tuple):
            problems.append(f'{where}: {label}s must be a list of tables like {{block = "name", …}}')
            return ()
        out = []
        for i, spec in enumerate(specs, 1):
            c = self._compile(spec, f"{where}: {label} {i}", kind, problems)
            if c is not None:
                out.append(c)
        return tuple(out)

    def check(self, spec: Any, where: str, kind: str = "effect") -> list[str]:
        """Problems of one spec (empty when it compiles)."""
        problems: list[str] = []
        self._compile(spec, where, kind, problems)
        return problems

    def _known(self, kind: str) -> str:
        return ", ".join(self.names(kind)) or "none"

    def _compile(self, spec: Any, where: str, kind: str, problems: list[str]) -> Compiled | None:
        if not isinstance(spec, Mapping):
            problems.append(f'{where}: must be a table like {{block = "name", …}}, is {spec!r}')
            return None
        name = spec.get("block")
        if name is None:
            problems.append(f'{where}: no "block" key (known {kind} blocks: {self._known(kind)})')
            return None
        b = self.blocks.get(name) if isinstance(name, str) else None
        if b is None:
            problems.append(f'{where}: unknown block "{name}" (known: {self._known(kind)})')
            return None
        if b.kind != kind:
            problems.append(f'{where}: block "{name}" is {_a(b.kind)} block, not {_a(kind)} block')
            return None
        params = {k: v for k, v in spec.items() if k != "block"}
        here = f"{where} ({name})"
        try:
            model = b.params.model_validate(params)
        except ValidationError as e:
            for err in e.errors():
                loc = ".".join(str(x) for x in err["loc"])
                if err["type"] == "missing":
                    problems.append(f'{here}: missing parameter "{loc}" (signature: {b.signature()})')
                elif err["type"] == "extra_forbidden":
                    problems.append(f'{here}: unknown parameter "{loc}" (signature: {b.signature()})')
                else:
                    msg = err["msg"].removeprefix("Value error, ")
                    problems.append(f'{here}: parameter "{loc}": {msg}, is {err.get("input")!r}')
            return None
        values = b.prepare(model) if b.prepare else {f: getattr(model, f) for f in b.fields}
        before = len(problems)
        for fname, s in b.slots.items():
            raw = values.get(fname)
            if s.many:
                values[fname] = self.compile_list(raw, here, problems, s.kind, label=fname)
            elif raw is not None:
                values[fname] = self._compile(raw, f"{here}: {fname}", s.kind, problems)
        if len(problems) > before:
            return None
        p = b.tuple_type(**values) if b.tuple_type else ()
        return Compiled(name, b.kind, b.impl, p, dict(spec))


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def unimplemented_lines(records: Iterable[Any], display: str, kind: str = "card") -> list[str]:
    """``warning: …: card "X": not implemented yet: reason`` for each record carrying ``unimplemented``.

    The lines start with ``warning`` so ``kansei validate`` lists them without failing.
    """
    out = []
    for r in records:
        reason = getattr(r, "unimplemented", None)
        if reason:
            out.append(f'warning: {display}: {kind} "{r.name}": not implemented yet: {reason}')
    return out


__all__ = [
    "Block",
    "BlockParams",
    "BlockRegistry",
    "Compiled",
    "Slot",
    "unimplemented_lines",
]
