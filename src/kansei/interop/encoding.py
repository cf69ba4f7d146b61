"""The encodings the three adapters share: a fixed action index per notation, and fixed-size vectors.

Nothing here names a game. Everything game-specific comes through the protocol and two optional hooks on
the game object (see ``docs/interop.md`` for what a game implements):

``game.action_space() -> Sequence[str]``
    every notation any state of the game (with its options, any player count, any legal deck) can
    produce, each once, in a fixed order that only ever grows at the end. Index ``i`` is the action
    whose notation is ``space[i]``; a trained policy keeps its meaning across restarts and versions.

``game.observation_spec(players) -> Sequence[str]`` and ``game.encode_view(view, seat) -> Sequence[float]``
    a game's own observation vector: the slot names (its documented layout) and the vector of one
    ``view(seat)``. Built from the view alone, so it holds nothing the seat cannot see.

``game.encode_state(state, seat) -> Sequence[float]`` (optional, beside the two above)
    the same numbers as ``encode_view(state.view(seat), seat)``, read from the state without building the
    view; it holds nothing the seat cannot see because it equals the view's encoding (a property test).

Without the hooks the adapters fall back on generic encodings that need nothing from the game:

* :func:`observed_space`: the notations seen in many seeded random games (every player count, starter
  decks rotated), sorted, plus ``overflow`` slots at the end. A legal notation outside the vocabulary
  takes the first free overflow slot in the order of ``legal_actions()``, so every state still maps its
  legal actions one to one onto indices, but the meaning of an overflow index is positional. The
  vocabulary is deterministic (fixed seeds), cached in a versioned file, and can be saved beside a policy.
* :class:`HashedViewEncoder`: the view flattened into ``(path, value)`` features hashed into a fixed
  vector (the "hashing trick" with signed buckets).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol
from weakref import WeakKeyDictionary

import numpy as np

import kansei
from kansei.core.errors import IllegalAction, KanseiError
from kansei.core.protocol import Action, Game, State

SPACE_FORMAT = "kansei-action-space/1"
# The fallback vocabulary: random games played per player count, and the seed they start from.
OBSERVED_GAMES = 200
OBSERVED_SEED = 20_240_601
HASHED_SIZE = 512  # the fallback observation vector
EVENTS_SIZE = 256  # the bag-of-events part of an information-state tensor
# Every observation vector lies in [-OBS_BOUND, OBS_BOUND] (the Box bounds the environments declare): a
# game's encode_view is expected to stay inside and is clipped there; each bucket ``b`` of the hashed
# fallback becomes tanh(b / HASHED_SCALE) (a bucket of log-squashed numbers reaches ~9 for 5,000 SP).
OBS_BOUND = 1.0
HASHED_SCALE = 4.0


class SpaceError(KanseiError):
    """An action space that does not fit the game (a duplicate notation, a state it cannot encode)."""


class ActionIndexError(IllegalAction, ValueError):
    """An action index that is not an int, out of range, or masked out now (one line; state unchanged).

    ``masked`` is True for a valid index that is not legal now (the mask says 0)."""

    def __init__(self, message: str, masked: bool = False):
        super().__init__(message)
        self.masked = masked


# -- actions ------------------------------------------------------------------------------------------


class ActionSpace:
    """A fixed, documented mapping between action notations and indices ``0 .. n-1`` for one game.

    ``notations[i]`` is the action at index ``i``; indices ``len(notations) .. n-1`` are overflow slots
    (fallback vocabularies only; see the module docstring). ``digest`` identifies the vocabulary, so a saved
    policy can check that it is being run against the space it was trained with.
    """

    def __init__(self, notations: Sequence[str], overflow: int = 0, source: str = "game"):
        self.notations: tuple[str, ...] = tuple(notations)
        self.index: dict[str, int] = {}
        for i, n in enumerate(self.notations):
            if not isinstance(n, str):
                raise SpaceError(f"action space entry {i} is {type(n).__name__}, not a notation string")
            if self.index.setdefault(n, i) != i:
                raise SpaceError(f"action space lists {n!r} twice (at {self.index[n]} and {i})")
        self.overflow = int(overflow)
        self.source = source
        # the last legal list seen and its indices: a state caches its legal list until it changes, so a
        # mask, a step and a legal-index query on one state share one mapping
        self._last: tuple[Sequence[Action], list[int]] | None = None
        self.digest = hashlib.sha256("\n".join(self.notations).encode()).hexdigest()[:16]

    def __len__(self) -> int:
        return len(self.notations) + self.overflow

    def __repr__(self) -> str:
        return (
            f"ActionSpace({len(self.notations)} notations + {self.overflow} overflow, "
            f"source={self.source}, digest={self.digest})"
        )

    # The one per-state mapping everything else uses: the legal actions and their indices, aligned.
    def indexed(self, legal: Sequence[Action]) -> list[int]:
        """The index of each legal action, in the order of ``legal`` (all distinct)."""
        last = self._last
        if last is not None and last[0] is legal:
            return last[1]
        out = self._indexed(legal)
        self._last = (legal, out)
        return out

    def _indexed(self, legal: Sequence[Action]) -> list[int]:
        index = self.index
        out = [index.get(a.notation, -1) for a in legal]
        if -1 in out:
            base, spare = len(self.notations), self.overflow
            k = 0
            for i, v in enumerate(out):
                if v == -1:
                    if k >= spare:
                        raise SpaceError(
                            f"{len([v for v in out if v == -1])} legal actions are outside this action space "
                            f"and it has {spare} overflow slots (e.g. {legal[i].notation!r}); the game "
                            "should implement action_space()"
                        )
                    out[i] = base + k
                    k += 1
        return out

    def legal_indices(self, state: State) -> list[int]:
        """The indices of the legal actions of the seat to move, ascending ([] when the game is over)."""
        return sorted(self.indexed(state.legal_actions()))

    def mask(self, state: State, dtype: Any = np.int8) -> np.ndarray:
        m = np.zeros(len(self), dtype=dtype)
        legal = state.legal_actions()
        if legal:
            m[self.indexed(legal)] = 1
        return m

    def action(self, state: State, index: int) -> Action:
        """The legal action at ``index`` in ``state``; IllegalAction (one line) if there is none."""
        legal = state.legal_actions()
        idx = _as_index(index, len(self))
        for a, i in zip(legal, self.indexed(legal), strict=True):
            if i == idx:
                return a
        if state.is_over:
            raise ActionIndexError(f"action {idx}: the game is over", masked=True)
        raise ActionIndexError(
            f"action {idx} ({self.describe(idx)}) is not legal now (masked out)", masked=True
        )

    def index_of(self, state: State, action: Action | str) -> int:
        """The index of a legal action (an Action or its notation) in ``state``."""
        notation = action if isinstance(action, str) else action.notation
        legal = state.legal_actions()
        for a, i in zip(legal, self.indexed(legal), strict=True):
            if a.notation == notation:
                return i
        raise IllegalAction(f"{notation!r} is not a legal action now")

    def describe(self, index: int) -> str:
        """The notation at ``index``, or what an overflow slot means."""
        if 0 <= index < len(self.notations):
            return self.notations[index]
        if index < len(self):
            return f"overflow slot {index - len(self.notations)}"
        return f"out of range (0..{len(self) - 1})"

    # -- pinning a vocabulary beside a trained policy ---------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": SPACE_FORMAT,
            "source": self.source,
            "digest": self.digest,
            "overflow": self.overflow,
            "notations": list(self.notations),
        }

    @classmethod
    def from_json(cls, data: Any) -> ActionSpace:
        if not isinstance(data, dict) or data.get("format") != SPACE_FORMAT:
            raise SpaceError(f"not an action space file (expected format {SPACE_FORMAT!r})")
        notations, overflow = data.get("notations"), data.get("overflow", 0)
        if not isinstance(notations, list) or not isinstance(overflow, int) or overflow < 0:
            raise SpaceError("action space file: 'notations' must be a list and 'overflow' a count")
        space = cls(notations, overflow, str(data.get("source", "file")))
        if data.get("digest") not in (None, space.digest):
            raise SpaceError("action space file: its digest does not match its notations")
        return space

    def save(self, path: Path | str) -> Path:
        path = Path(path)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=0, ensure_ascii=False))
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path: Path | str) -> ActionSpace:
        try:
            return cls.from_json(json.loads(Path(path).read_text()))
        except (OSError, ValueError) as e:
            raise SpaceError(f"{path}: cannot read an action space ({e})") from None


def _as_index(index: Any, n: int) -> int:
    """An action index as an int, or a one-line ValueError (bools, floats with a fraction, text: refused)."""
    if isinstance(index, np.ndarray) and index.shape == ():
        index = index.item()
    if isinstance(index, bool | np.bool_) or not isinstance(index, int | np.integer):
        raise ActionIndexError(f"action {_cut(repr(index))} is not an action index (an int in 0..{n - 1})")
    i = int(index)
    if not 0 <= i < n:
        raise ActionIndexError(f"action {i} is out of range (0..{n - 1})")
    return i


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


_SPACES: WeakKeyDictionary[Game, dict[str, ActionSpace]] = WeakKeyDictionary()
SPACE_KINDS = ("compact", "full")


def action_space(game: Game, kind: str = "compact") -> ActionSpace:
    """The action space the adapters use (cached per game object).

    ``compact`` (the default): :func:`compact_space`, the notations legal in seeded random play, in the
    order of the game's full list, plus overflow slots: small enough for a policy head (the full list
    itself where that is no larger). ``full``: every
    notation the game's ``action_space()`` hook lists (the index before issue 21). Without the hook both
    are the observed fallback (:func:`observed_space`)."""
    if kind not in SPACE_KINDS:
        raise SpaceError(f"action space {kind!r}: valid: {', '.join(SPACE_KINDS)}")
    cached = _SPACES.setdefault(game, {})
    space = cached.get(kind)
    if space is None:
        hook = getattr(game, "action_space", None)
        if not callable(hook):
            space = cached.get("observed") or observed_space(game)
            cached["observed"] = space
        elif kind == "full":
            space = ActionSpace(list(hook()), 0, "game")
        else:
            space = compact_space(game)
        cached[kind] = space
    return space


def full_space(game: Game) -> ActionSpace:
    """Every notation the game's hook lists (the old index); the observed fallback without the hook."""
    return action_space(game, "full")


def _cache_dir() -> Path:
    root = os.environ.get("KANSEI_CACHE") or os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(root) / "kansei" / "action-spaces"


def _content_key(game: Game, *extra: Any) -> str:
    """What a vocabulary depends on: game, options, kansei version, the game's content (and ``extra``)."""
    digest, cards = getattr(game, "content_digest", None), getattr(game, "cards", None)
    content = digest() if callable(digest) else json.dumps(cards(), sort_keys=True) if callable(cards) else ""
    key = json.dumps(
        [game.id, game.options_dict, kansei.__version__, content, OBSERVED_GAMES, OBSERVED_SEED, *extra],
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _observe(game: Game, games: int) -> tuple[set[str], int]:
    """The notations legal somewhere in ``games`` seeded random games per player count (starter decks
    rotated through the seats), and the widest legal list seen."""
    seen: set[str] = set()
    widest = 0
    starters = list(game.starter_decks())
    for n in range(game.min_players, game.max_players + 1):
        for g in range(games):
            decks = [starters[(g + s) % len(starters)] for s in range(n)] if starters else None
            state = game.start(seed=OBSERVED_SEED + 7919 * g + n, players=n, decks=decks)
            rng = random.Random(g)
            while not state.is_over:
                legal = state.legal_actions()
                widest = max(widest, len(legal))
                seen.update(a.notation for a in legal)
                state.apply(legal[int(rng.random() * len(legal))], seat=state.to_move)
    return seen, widest


def _cached(path: Path, build: Any, cache: bool) -> ActionSpace:
    if cache:
        try:
            return ActionSpace.from_json(json.loads(path.read_text()))
        except (OSError, ValueError, SpaceError):
            pass
    space: ActionSpace = build()
    if cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            space.save(path)
        except OSError:
            pass  # a read-only home: the vocabulary is rebuilt next time, identically
    return space


def observed_space(game: Game, games: int = OBSERVED_GAMES, cache: bool = True) -> ActionSpace:
    """The fallback vocabulary: notations seen in ``games`` seeded random games per player count.

    Deterministic (fixed seeds), so rebuilding it gives the same indices; cached under
    ``$KANSEI_CACHE`` (or ``~/.cache``)/kansei/action-spaces, keyed by game, options, kansei version and
    content."""

    def build() -> ActionSpace:
        seen, widest = _observe(game, games)
        return ActionSpace(sorted(seen), overflow=max(32, 2 * widest), source="observed")

    path = _cache_dir() / f"{game.id}-{_content_key(game)}.json"
    return _cached(path, build, cache and games == OBSERVED_GAMES)


def compact_space(game: Game, games: int = OBSERVED_GAMES, cache: bool = True) -> ActionSpace:
    """The compact index of a game with an ``action_space()`` hook: the notations legal in ``games``
    seeded random games per player count, in the order of the hook's list, then ``overflow`` slots
    (twice the widest legal list seen, at least 32). A legal notation outside it (rare: play that random
    games never reach) takes the next free overflow slot in the order of ``legal_actions()``, as in the
    observed fallback. Deterministic and cached like :func:`observed_space`; ``digest`` names it."""
    full = full_space(game)

    def build() -> ActionSpace:
        seen, widest = _observe(game, games)
        unknown = sorted(seen.difference(full.index))
        if unknown:
            raise SpaceError(f"{game.id}: action_space() lacks {unknown[0]!r} (and {len(unknown) - 1} more)")
        kept = [n for n in full.notations if n in seen]
        overflow = max(32, 2 * widest)
        if len(full) <= len(kept) + overflow:  # already as small: keep the complete list
            return ActionSpace(full.notations, 0, "game")
        return ActionSpace(kept, overflow=overflow, source="compact")

    path = _cache_dir() / f"{game.id}-compact-{_content_key(game, full.digest)}.json"
    return _cached(path, build, cache and games == OBSERVED_GAMES)


def migration(old: ActionSpace, new: ActionSpace) -> np.ndarray:
    """For each index of ``old``, the index of the same notation in ``new`` (-1 where ``new`` has it only
    as an overflow slot, or ``old``'s index is itself an overflow slot): to carry a trained policy's output
    layer over (``new_logits[:, m[m >= 0]] = old_logits[:, m >= 0]``), or to translate saved indices."""
    out = np.full(len(old), -1, np.int64)
    for i, notation in enumerate(old.notations):
        out[i] = new.index.get(notation, -1)
    return out


# -- observations -----------------------------------------------------------------------------------


class ViewEncoder(Protocol):
    size: int
    names: tuple[str, ...] | None  # the slot names (a documented layout), None for hashed buckets

    def encode(self, view: dict, seat: int | None, out: np.ndarray) -> None: ...

    def encode_state(self, state: State, seat: int | None, out: np.ndarray) -> None:
        """The vector of ``state.view(seat)``, however it is worked out."""
        ...


def _bucket(key: str, size: int) -> tuple[int, float]:
    h = zlib.crc32(key.encode("utf-8"))
    return h % size, -1.0 if (h >> 31) & 1 else 1.0


def squash(x: float) -> float:
    """sign(x)·log(1+|x|): numbers of any scale (5000 SP, 3 cards) into a range a network takes."""
    return math.copysign(math.log1p(abs(x)), x)


class HashedViewEncoder:
    """The generic observation vector: the JSON view flattened and hashed into ``size`` signed buckets.

    Each leaf of the view becomes one feature, keyed by its path (dict keys joined by ``.``, list
    positions as ``[i]`` up to 31, later positions pooled as ``[*]``):

    * a number (or bool) ``x`` at path ``p`` adds ``±squash(x)`` to bucket ``hash(p)``;
    * a string ``s`` adds ``±1`` to bucket ``hash(p=s)``; ``null`` adds ``±1`` to ``hash(p=null)``;
    * a list of strings is a multiset: each element adds ``±1`` to ``hash(p[]=s)`` (hands, discards).

    ``hash`` is CRC-32 of the UTF-8 key (the same on every machine and run); the sign is its top bit.
    Each bucket ``b`` is then given as ``tanh(b / HASHED_SCALE)``, in (-1, 1).
    """

    names: tuple[str, ...] | None = None

    def __init__(self, size: int = HASHED_SIZE):
        self.size = int(size)
        self._keys: dict[str, tuple[int, float]] = {}

    def _key(self, key: str) -> tuple[int, float]:
        hit = self._keys.get(key)
        if hit is None:
            if len(self._keys) > 200_000:
                self._keys.clear()
            hit = self._keys[key] = _bucket(key, self.size)
        return hit

    def encode_state(self, state: State, seat: int | None, out: np.ndarray) -> None:
        self.encode(state.view(seat), seat, out)

    def encode(self, view: dict, seat: int | None, out: np.ndarray) -> None:
        acc = [0.0] * self.size
        self._walk("", view, acc)
        out[:] = acc  # one conversion: item-wise numpy updates cost more than the walk
        np.multiply(out, 1.0 / HASHED_SCALE, out=out)
        np.tanh(out, out=out)  # into (-1, 1), order kept: 4,000 and 5,000 SP stay apart

    def _walk(self, path: str, v: Any, acc: list[float]) -> None:
        key, log1p = self._key, math.log1p
        if type(v) is dict:
            for k, x in v.items():
                self._walk(f"{path}.{k}", x, acc)
        elif type(v) is list:
            if v and all(type(x) is str for x in v):
                for x in v:
                    i, s = key(f"{path}[]={x}")
                    acc[i] += s
            else:
                for n, x in enumerate(v):
                    self._walk(f"{path}[{n if n < 32 else '*'}]", x, acc)
        elif v is None or type(v) is str:
            i, s = key(f"{path}={'null' if v is None else v}")
            acc[i] += s
        elif v:  # a number or True (0 and False add nothing)
            i, s = key(path)
            x = float(v)
            acc[i] += s * log1p(x) if x > 0 else -s * log1p(-x)


class GameViewEncoder:
    """A game's own observation vector (its ``observation_spec`` and ``encode_view`` hooks, and its
    optional ``encode_state`` shortcut: the same vector straight from the state, without the view)."""

    def __init__(self, game: Game, players: int):
        self._encode = game.encode_view  # type: ignore[attr-defined]
        shortcut = getattr(game, "encode_state", None)
        self._from_state = shortcut if callable(shortcut) else None
        self.names: tuple[str, ...] | None = tuple(game.observation_spec(players))  # type: ignore[attr-defined]
        self.size = len(self.names)
        self._game_id = game.id

    def encode(self, view: dict, seat: int | None, out: np.ndarray) -> None:
        self._fill(self._encode(view, seat), "encode_view", out)

    def encode_state(self, state: State, seat: int | None, out: np.ndarray) -> None:
        """``encode(state.view(seat), seat, out)``, through the game's ``encode_state`` when it has one
        (equal by its contract, which a property test proves for every built-in game)."""
        if self._from_state is None:
            self._fill(self._encode(state.view(seat), seat), "encode_view", out)
        else:
            self._fill(self._from_state(state, seat), "encode_state", out)

    def _fill(self, vec: Sequence[float], hook: str, out: np.ndarray) -> None:
        if len(vec) != self.size:
            raise SpaceError(
                f"{self._game_id}: {hook} gave {len(vec)} numbers, observation_spec names {self.size}"
            )
        out[:] = np.fromiter(vec, np.float32, self.size)  # twice as fast as assigning the list
        np.minimum(out, OBS_BOUND, out=out)  # two ufuncs: a third of np.clip's cost on a small vector
        np.maximum(out, -OBS_BOUND, out=out)


def view_encoder(game: Game, players: int) -> ViewEncoder:
    """The game's own encoder when it has both hooks, else the hashed fallback."""
    if callable(getattr(game, "encode_view", None)) and callable(getattr(game, "observation_spec", None)):
        return GameViewEncoder(game, players)
    return HashedViewEncoder()


# The event bag counts in units of 1/BAG_UNIT: every weight 1/k for up to 16 keys is a whole number of units,
# so sums are exact in float64 (whole numbers far below 2**53) and the same in any order or grouping.
BAG_UNIT = 720_720  # the least common multiple of 1..16


class EventBag:
    """A bag of the events a seat has seen, hashed into ``size`` buckets (the information-state tensor's
    history part): each event adds ``±w`` to ``hash(type)`` and to ``hash(type.field=value)`` for each of
    its fields, ``w`` being 1 over its number of keys, so one event moves the bag by at most 1 in all
    (numbers are not squashed here: an event's fields are labels: seats, cards, rolls). Divided by the
    number of events, the bag lies in [-1, 1].

    Amounts are whole numbers of ``1 / BAG_UNIT`` (``w`` exactly, for events of up to 16 keys; a hair
    under it for more), so a bag is an exact sum: the same whether the log was walked in one call or
    many, in whatever grouping (an array of such sums, ``bag * (1 / (BAG_UNIT * n))``, is the tensor).

    What one event adds, and its digest (of its text, for the information state's chain), are worked
    out once per logged event object: a log's events are never changed and are shared by clones and
    determinized worlds, so the cache holds the event itself (its id cannot be reused while cached)."""

    def __init__(self, size: int = EVENTS_SIZE):
        self.size = int(size)
        self._by_text: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        # by the event's id: (the event, its digest, its buckets, their amounts in units); an entry
        # counts only if it holds the event
        self.known: dict[int, tuple[dict, str, tuple[int, ...], tuple[int, ...]]] = {}
        # a field's bucket and sign by (type, key, value's type, value): the same few fields recur in
        # many events (``move.seat=3``), and a CRC of the text costs more than a lookup
        self._fields: dict[tuple[Any, ...], tuple[int, float]] = {}

    def read(self, event: dict) -> tuple[str, tuple[tuple[int, float], ...]]:
        """One logged event's digest and its (bucket, amount) pairs (amounts as fractions)."""
        hit = self.known.get(id(event))
        if hit is None or hit[0] is not event:
            hit = self.entry(event)
        return hit[1], tuple((i, u / BAG_UNIT) for i, u in zip(hit[2], hit[3], strict=True))

    def entry(self, event: dict) -> tuple[dict, str, tuple[int, ...], tuple[int, ...]]:
        """Work out what one logged event adds, and keep it under its id: ``(event, digest, buckets,
        units)``."""
        text = repr(event)
        pairs = self._by_text.get(text)
        if pairs is None:
            pairs = self._units(event)
            if len(self._by_text) > 100_000:
                self._by_text.clear()
            self._by_text[text] = pairs
        digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        if len(self.known) > 200_000:
            self.known.clear()
        hit = self.known[id(event)] = (event, digest, pairs[0], pairs[1])
        return hit

    def _units(self, event: dict) -> tuple[tuple[int, ...], tuple[int, ...]]:
        t = event.get("type", "")
        w = BAG_UNIT // max(1, len(event))
        acc: dict[int, int] = {}
        fields = self._fields
        for k, v in event.items():
            plain = v is None or type(v) in (str, int, bool, float)
            hit = fields.get((t, k, type(v), v)) if plain else None
            if hit is None:
                text = v
                if isinstance(v, dict | list | tuple):
                    text = json.dumps(v, sort_keys=True, separators=(",", ":"), default=str)
                hit = _bucket(f"{t}" if k == "type" else f"{t}.{k}={text}", self.size)
                if plain:
                    if len(fields) > 100_000:
                        fields.clear()
                    fields[(t, k, type(v), v)] = hit
            i, sign = hit
            acc[i] = acc.get(i, 0) + (w if sign > 0 else -w)
        return tuple(acc), tuple(acc.values())

    def sum(self, events: Iterable[dict]) -> np.ndarray:
        """The bag of ``events`` in units (float64 whole numbers: exact)."""
        idx: list[int] = []
        units: list[int] = []
        for ev in events:
            hit = self.known.get(id(ev))
            if hit is None or hit[0] is not ev:
                hit = self.entry(ev)
            idx += hit[2]
            units += hit[3]
        return np.bincount(idx, units, minlength=self.size) if idx else np.zeros(self.size)

    def add(self, events: Iterable[dict], out: Any) -> None:
        """Add ``events`` to ``out`` (a list or an array of ``size`` numbers), as fractions."""
        for i, v in enumerate(self.sum(events) / BAG_UNIT):
            out[i] += v


def view_text(view: Any) -> str:
    """The canonical text of a view or event list: compact JSON, keys sorted (equal views, equal text)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
