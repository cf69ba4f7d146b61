"""Every kansei game as an OpenSpiel Python game: ``python_kansei_<id>``.

>>> from kansei.interop import openspiel
>>> openspiel.register()                                   # doctest: +SKIP
>>> game = pyspiel.load_game("python_kansei_minid(players=4)")   # doctest: +SKIP

- **Parameters**: the game's options (those with a bool, int, float or text default) plus ``players``
  (default the game's minimum), ``rng_seed`` (default 0), ``decks`` (comma-separated starter deck
  names, one per seat; empty: the starter decks), ``chance`` (``sampled``, the default, or
  ``explicit``) and ``actions`` (``compact``, the default index, or ``full``, the game's whole list: the
  index before issue 21).
- **Chance, sampled** (``SAMPLED_STOCHASTIC``): a kansei game owns a seeded random source (dice,
  shuffles, draws happen inside ``apply``). Each episode's seed is drawn, in order, from a generator
  seeded with ``rng_seed`` when the episode is first stepped or observed (a clone, a shape query or a
  throwaway state draws none), so a run is reproducible. A state holds its own random source: a clone
  or a saved state continues the same future.
- **Chance, explicit** (``chance=explicit``, ``EXPLICIT_STOCHASTIC``): every draw the game makes (the
  deal's shuffles, coin tosses, dice, reshuffles) is a chance node with its uniform outcomes, through
  the core's :class:`~kansei.core.rng.ScriptedRng`: a step is replayed on a clone with the outcomes
  chosen so far, and the first draw past them reports its range. The game's code is unchanged and the
  distribution is the sampled game's (a shuffle is its Fisher–Yates steps, ``n, n-1, …, 2`` outcomes).
- **Positions that save**: ``state.serialize()`` / ``game.deserialize_state(text)``, ``pickle`` and
  ``copy.deepcopy`` of games and states, in both chance modes; ``pyspiel.serialize_game_and_state``
  and ``random_sim_test(serialize=True)`` (C++ paths that need ``GetRNGState`` for sampled games,
  which a Python game cannot provide) in the explicit mode.
- **Actions**: the game's action space (:func:`kansei.interop.encoding.action_space`);
  ``num_distinct_actions`` is its size; ``action_to_string`` is the notation.
- **Observations** from ``view(seat)`` and the seat's events only, kept incrementally per state
  (``events_since``): a step costs the same at ply 10 and ply 200. See ``docs/interop.md``.
- **IS-MCTS**: ``resample_from_infostate`` is ``state.determinize(seat, rng)``, so OpenSpiel's Python
  ``ISMCTSBot`` runs (the C++ ``pyspiel.ISMCTSBot`` does not support Python games).
- **Utility**: zero-sum, returns in [-1, 1] (what ``State.returns()`` gives for every registered game).
"""

from __future__ import annotations

import base64
import binascii
import builtins
import copyreg
import hashlib
import io
import pickle
import random
from collections import OrderedDict
from typing import Any
from weakref import WeakValueDictionary

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the interop extra is not installed
    from kansei.core.errors import OptionError

    raise OptionError("the OpenSpiel adapter needs the interop extra: pip install 'kansei[interop]'") from e

import kansei
from kansei.core.errors import IllegalAction, KanseiError, OptionError
from kansei.core.protocol import Action, Game, State
from kansei.core.rng import ChanceNeeded, NotEnumerable, ScriptedRng, scripted_start

from . import encoding
from .encoding import BAG_UNIT, ActionSpace, EventBag, view_text

PREFIX = "python_kansei_"
MAX_GAME_LENGTH = 10_000  # a generous bound: OpenSpiel asks for one; kansei games end long before
CHANCE_MODES = ("sampled", "explicit")
CHANCE_PROBE_GAMES = 8  # explicit chance: random games played to bound the widest chance node


class SerializationError(KanseiError):
    """A serialized OpenSpiel state that cannot be read: tampered, truncated, foreign or of another game."""


def _game_type(game_id: str, chance: str = "sampled") -> pyspiel.GameType:
    cls = kansei.core.registry.game_class(game_id)
    params: dict[str, Any] = {"players": cls.min_players, "rng_seed": 0, "decks": "", "chance": "sampled"}
    params["actions"] = "compact"
    for name, field in cls.Options.model_fields.items():
        if isinstance(field.default, bool | int | float | str):
            params[name] = field.default
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"kansei {cls.name or game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance == "explicit" else mode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register ``python_kansei_<id>`` with pyspiel for every registered kansei game (or those given).

    Idempotent. Returns the OpenSpiel names."""
    known = set(pyspiel.registered_names())
    names = []
    for gid in kansei.games() if game_ids is None else game_ids:
        name = PREFIX + gid
        if name not in known:
            # One subclass per game, registered as the creator (as OpenSpiel's own Python games do: a
            # closure as creator crashes the interpreter at exit, when pybind drops it without the GIL).
            cls = type(f"KanseiGame_{gid}", (KanseiGame,), {"game_id": gid, "__module__": __name__})
            globals()[cls.__name__] = cls  # findable by name, as pickle looks classes up
            pyspiel.register_game(_game_type(gid), cls)
        names.append(name)
    return names


def _split_params(
    game_type: pyspiel.GameType, params: dict[str, Any]
) -> tuple[dict, int, int, list | None, str, str]:
    params = {**game_type.parameter_specification, **params}
    players, seed, decks = int(params.pop("players")), int(params.pop("rng_seed")), params.pop("decks")
    chance, actions = str(params.pop("chance")), str(params.pop("actions"))
    deck_list = [d.strip() or None for d in str(decks).split(",")] if str(decks).strip() else None
    return params, players, seed, deck_list, chance, actions


# Live games by their full OpenSpiel name, so a state read back in this process finds its game.
_LIVE: WeakValueDictionary[str, KanseiGame] = WeakValueDictionary()


class KanseiGame(pyspiel.Game):
    """One kansei game (options fixed, one player count, one chance mode) seen as an OpenSpiel game."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None, kgame: Game | None = None) -> None:
        gid = self.game_id or (kgame.id if kgame is not None else "")
        options, players, rng_seed, decks, chance, actions = _split_params(_game_type(gid), params or {})
        if chance not in CHANCE_MODES:
            raise OptionError(f"{gid}: chance={chance!r}: valid: {', '.join(CHANCE_MODES)}")
        if actions not in encoding.SPACE_KINDS:
            raise OptionError(f"{gid}: actions={actions!r}: valid: {', '.join(encoding.SPACE_KINDS)}")
        self.kgame = kgame if kgame is not None else kansei.load(gid, **options)
        if not self.kgame.min_players <= players <= self.kgame.max_players:
            raise OptionError(
                f"{gid}: players={players} is not allowed "
                f"({self.kgame.min_players}..{self.kgame.max_players})"
            )
        if decks is not None and len(decks) != players:
            raise OptionError(f"{gid}: decks= names {len(decks)} decks for {players} players")
        self.players = players
        self.decks = decks
        self.explicit = chance == "explicit"
        self.rng_seed = rng_seed
        self.space: ActionSpace = encoding.action_space(self.kgame, actions)
        self.view_encoder = encoding.view_encoder(self.kgame, players)
        self.event_bag = EventBag()
        self.empty_bag = np.zeros(self.event_bag.size)
        self.empty_bag.flags.writeable = False  # shared by every seat's first record
        self._observers: dict[bool, KanseiObserver] = {}
        self._seeds = random.Random(rng_seed)
        self.max_chance = 0  # no bound while it is being worked out
        self.max_chance = _chance_bound(self, self.kgame, players, decks) if self.explicit else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=self.max_chance,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(gid, chance), info, params or {})
        _LIVE[str(self)] = self

    def next_seed(self) -> int:
        return self._seeds.getrandbits(63)

    def peek_seed(self) -> int:
        """The seed the next episode will draw, without drawing it."""
        ahead = random.Random()
        ahead.setstate(self._seeds.getstate())
        return ahead.getrandbits(63)

    def reseed(self, seed: int | None) -> None:
        """Restart the stream the episodes' seeds are drawn from (``rng_seed`` when ``seed`` is None)."""
        self._seeds = random.Random(self.rng_seed if seed is None else seed)

    def new_initial_state(self) -> KanseiState:
        return KanseiState(self)

    def wrap(self, kstate: State) -> KanseiState:
        """An OpenSpiel state around an existing kansei state (the agents' determinised worlds)."""
        return KanseiState(self, kstate)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict | None = None
    ) -> KanseiObserver:
        return KanseiObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    # Shapes without a state: OpenSpiel's own answer builds an initial state and encodes it, which would
    # start an episode (and draw a seed) at every query.
    def observation_tensor_shape(self) -> list[int]:
        return [self.view_encoder.size]

    def observation_tensor_size(self) -> int:
        return self.view_encoder.size

    def information_state_tensor_shape(self) -> list[int]:
        return [self.view_encoder.size + self.event_bag.size]

    def information_state_tensor_size(self) -> int:
        return self.view_encoder.size + self.event_bag.size

    def tensor(self, state: KanseiState, player: int | None, recall: bool) -> list[float]:
        """``player``'s observation (``recall``: information state) tensor of ``state``, through one
        cached observer of OpenSpiel's default kind."""
        observer = self._observers.get(recall)
        if observer is None:
            observer = self._observers[recall] = self.make_py_observer(
                pyspiel.IIGObservationType(perfect_recall=recall)
            )
        observer.set_from(state, state.current_player() if player is None else player)
        return observer.tensor.tolist()

    # -- saving ------------------------------------------------------------------------------------
    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _restore_game,
            (self.game_id or self.kgame.id, dict(self.get_parameters()), self._seeds.getstate()),
        )

    def __deepcopy__(self, memo: dict) -> KanseiGame:
        return self  # a game is immutable but for its episode stream, which a copy would fork

    def deserialize_state(self, text: Any) -> KanseiState:
        """The state ``state.serialize()`` wrote. Anything else (tampered, truncated, another game's):
        one :class:`SerializationError` line, and OpenSpiel is not asked."""
        box = _read_serialized(text, self)
        # OpenSpiel restores the history and move number; the attributes, already read, are set here
        head = text.rsplit("\n", 1)[0]
        state = pyspiel.Game.deserialize_state(self, f"{head}\n__dict__={_EMPTY_ATTRS}")
        state._box = box
        box.game = self
        return state


def _restore_game(game_id: str, params: dict, seeds: Any) -> KanseiGame:
    game = load(game_id, **params)
    game._seeds.setstate(seeds)
    return game


def _game_by_name(name: str) -> KanseiGame:
    game = _LIVE.get(name)
    if game is None:
        register([name[len(PREFIX) :].split("(")[0]])
        game = pyspiel.load_game(name)
    return game


def _chance_bound(game: KanseiGame, kgame: Game, players: int, decks: list | None) -> int:
    """The widest chance node of explicit chance: twice the widest one in a few seeded random games, at
    least the number of cards in play (a shuffle's first step) and 6 (a die). Checked at every node."""
    widest = 6
    for g in range(CHANCE_PROBE_GAMES):
        rng = random.Random(g)
        box = _ChanceBox(game, None)
        while True:
            need = box.chance_need()
            if need:
                widest = max(widest, need)
                box.resolve(box.prefix + (rng.randrange(need),))
                continue
            s = box.state
            assert s is not None
            if s.is_over:
                break
            box.step(rng.choice(s.legal_actions()))
    return 2 * widest


# -- what a state holds -----------------------------------------------------------------------------------
class _Chain:
    """A seat's digest chain: blake2b over each event's digest in turn, starting from ``""``. Each step's
    link holds the digests of its new events and is folded only when the chain is first read (the
    information-state string): the tensor, a learner's hot path, never needs it. The text is the same
    however the log was walked, in one call or many."""

    __slots__ = ("_base", "_digests", "_text")

    def __init__(self, base: _Chain | None, digests: tuple[str, ...], text: str | None = None):
        self._base, self._digests, self._text = base, digests, text

    def text(self) -> str:
        if self._text is None:
            pending, node = [], self
            while node._text is None:  # back to the last link already folded (the start is)
                pending.append(node)
                node = node._base  # type: ignore[assignment]
            chain = node._text
            for link in reversed(pending):
                for digest in link._digests:
                    chain = hashlib.blake2b(f"{chain}{digest}".encode(), digest_size=16).hexdigest()
                link._text, link._base, link._digests = chain, None, ()
        return self._text  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"_Chain({self.text()!r})"


_START = _Chain(None, (), "")

# Per seat: (cursor in the log, events seen, bag of those events in units of 1/BAG_UNIT (an exact sum,
# never changed in place: clones share it), digest chain over them), brought up to date with
# ``events_since``: an information state costs the new events, not the history.
Recall = tuple[int, int, np.ndarray, _Chain]


class _Boxed:
    """The part of an OpenSpiel state that is kansei's (OpenSpiel clones a Python state by deep-copying
    each attribute, and serializes it by pickling them)."""

    __slots__ = ("game", "memo")
    game: KanseiGame
    memo: dict[int | None, Recall]

    def current(self) -> State | None:
        """The kansei state the seats observe (None at explicit chance's first node, before the deal)."""
        raise NotImplementedError

    def copy(self, records: dict | None = None) -> _Boxed:
        raise NotImplementedError

    def recall(self, seat: int | None) -> Recall:
        s = self.current()
        entry = self.memo.get(seat)
        if entry is None or (s is not None and entry[0] > s.event_count()):  # none, or a later state's
            entry = (0, 0, self.game.empty_bag, _START)
        if s is not None and entry[0] < s.event_count():
            events, cursor = s.events_since(seat, entry[0], copy=False)  # read only, never kept
            if events:
                bag, digests, known = self.game.event_bag, [], self.game.event_bag.known
                idx: list[int] = []
                units: list[int] = []
                for event in events:  # one link per event: the same chain however the log was walked
                    hit = known.get(id(event))  # EventBag.sum, inlined: a seat-event is the unit cost
                    if hit is None or hit[0] is not event:
                        hit = bag.entry(event)
                    digests.append(hit[1])
                    idx += hit[2]
                    units += hit[3]
                total = entry[2] + np.bincount(idx, units, minlength=bag.size)  # exact: whole units
                entry = (cursor, entry[1] + len(events), total, _Chain(entry[3], tuple(digests)))
            else:
                entry = (cursor, entry[1], entry[2], entry[3])
            kept = self.memo.get(seat)
            peeked = isinstance(self, _Box) and self.state is None  # a peeked start is not kept
            if not peeked and (kept is None or kept[0] <= cursor):  # a shared memo keeps the latest
                self.memo[seat] = entry
        return entry


class _Box(_Boxed):
    """Sampled chance: the kansei state, stepped in place. It starts lazily, so the fresh state OpenSpiel
    makes for every clone (and any throwaway state) costs nothing and draws no seed."""

    __slots__ = ("state",)

    def __init__(self, game: KanseiGame, state: State | None):
        self.game = game
        self.state = state
        self.memo = {}

    def get(self) -> State:
        s = self.state
        if s is None:
            g = self.game
            s = self.state = g.kgame.start(seed=g.next_seed(), players=g.players, decks=g.decks)
        return s

    def current(self) -> State:
        """What an observer sees. A state not started yet is observed as it will start (the next seed,
        peeked, not drawn): OpenSpiel's own shape queries encode a throwaway state, which must not shift
        the episodes' seeds."""
        s = self.state
        if s is None:
            g = self.game
            return g.kgame.start(seed=g.peek_seed(), players=g.players, decks=g.decks)
        return s

    def __deepcopy__(self, memo: dict) -> _Box:
        return self.copy()

    def copy(self, records: dict | None = None) -> _Box:
        """A copy holding a clone, and ``records`` (default: a copy of this box's; entries are never
        changed in place)."""
        other = _Box(self.game, self.get().clone())
        other.memo = dict(self.memo) if records is None else records
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_box, (str(self.game), self.get()))


def _restore_box(name: str, state: Any) -> _Box:
    if not isinstance(state, State):
        raise SerializationError("a serialized state holds no kansei state")
    return _Box(_game_by_name(name), state)


class _ChanceBox(_Boxed):
    """Explicit chance: a decision (or terminal) node holds ``state``; a chance node holds the node it
    came from (``base``; None before the deal), the action being applied there and the outcomes drawn so
    far (``prefix``). States are never changed in place, so copies share them."""

    __slots__ = ("state", "base", "action", "prefix", "need")

    def __init__(self, game: KanseiGame, state: State | None):
        self.game = game
        self.state = state
        self.base: State | None = None
        self.action: Action | None = None
        self.prefix: tuple[int, ...] = ()
        self.need = -1 if state is None else 0  # -1: not worked out yet
        self.memo = {}

    def current(self) -> State | None:
        return self.state if self.state is not None else self.base

    def chance_need(self) -> int:
        """The number of outcomes of this chance node (0 at a decision or terminal node)."""
        if self.need < 0:
            self.resolve(self.prefix)
        return self.need

    def resolve(self, prefix: tuple[int, ...]) -> None:
        g = self.game
        try:
            if self.base is None:
                with scripted_start(prefix):
                    s = g.kgame.start(seed=0, players=g.players, decks=g.decks)
            else:
                s = self.base.clone()
                s.rng = ScriptedRng(prefix)
                s.apply(self.action, seat=self.base.to_move)  # type: ignore[arg-type]
        except ChanceNeeded as e:
            self.prefix, self.need = prefix, e.outcomes
            if g.max_chance and e.outcomes > g.max_chance:
                raise KanseiError(
                    f"{g.kgame.id}: a chance node with {e.outcomes} outcomes, above the game's bound "
                    f"{g.max_chance}"
                ) from None
            return
        except NotEnumerable as e:
            raise KanseiError(f"{g.kgame.id}: explicit chance is not available: {e}") from None
        self.state, self.base, self.action, self.prefix, self.need = s, None, None, (), 0

    def step(self, action: Action) -> None:
        s = self.state
        assert s is not None
        self.base, self.action, self.state = s, action, None
        self.resolve(())

    def __deepcopy__(self, memo: dict) -> _ChanceBox:
        return self.copy()

    def copy(self, records: dict | None = None) -> _ChanceBox:
        """A copy (sharing the states, never changed in place), with ``records`` as :meth:`_Box.copy`."""
        other = _ChanceBox.__new__(_ChanceBox)
        other.game, other.state, other.base, other.action = self.game, self.state, self.base, self.action
        other.prefix, other.need = self.prefix, self.need
        other.memo = dict(self.memo) if records is None else records
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        action = None if self.action is None else self.action.notation
        return (_restore_chance_box, (str(self.game), self.state, self.base, action, self.prefix))


def _restore_chance_box(name: str, state: Any, base: Any, action: Any, prefix: Any) -> _ChanceBox:
    box = _ChanceBox(_game_by_name(name), None)
    if state is not None and not isinstance(state, State):
        raise SerializationError("a serialized state holds no kansei state")
    if not isinstance(prefix, tuple) or not all(type(k) is int and k >= 0 for k in prefix):
        raise SerializationError("a serialized chance node has no list of outcomes")
    if state is not None:
        box.state, box.need = state, 0
        return box
    if base is not None:
        if not isinstance(base, State) or not isinstance(action, str):
            raise SerializationError("a serialized chance node holds no state and action")
        chosen = next((a for a in base.legal_actions() if a.notation == action), None)
        if chosen is None:
            raise SerializationError(f"a serialized chance node applies {action!r}, not legal there")
        box.base, box.action = base, chosen
    try:
        box.resolve(prefix)
    except (ValueError, KanseiError) as e:
        raise SerializationError(f"a serialized chance node does not replay: {e}") from None
    if box.state is None and box.prefix != prefix:
        raise SerializationError("a serialized chance node does not replay")
    return box


class KanseiState(pyspiel.State):
    def __init__(self, game: KanseiGame, kstate: State | None = None):
        super().__init__(game)
        self._box: _Box | _ChanceBox = _ChanceBox(game, kstate) if game.explicit else _Box(game, kstate)

    @property
    def kansei_state(self) -> State:
        """The kansei state inside (the real one: never hand it to a seat). At an explicit chance node,
        the state the pending step started from; before the deal there is none (KanseiError)."""
        box = self._box
        s = box.get() if isinstance(box, _Box) else box.current()
        if s is None:
            raise KanseiError("the deal has not been drawn yet: this state is a chance node")
        return s

    def current_player(self) -> int:
        box = self._box
        if isinstance(box, _ChanceBox):
            if box.chance_need():
                return pyspiel.PlayerId.CHANCE
            s = box.state
        else:
            s = box.get()
        assert s is not None
        return pyspiel.PlayerId.TERMINAL if s.is_over else int(s.to_move)  # type: ignore[arg-type]

    def _decision(self) -> State | None:
        """The kansei state at a decision or terminal node (None at a chance node)."""
        box = self._box
        if isinstance(box, _ChanceBox):
            return None if box.chance_need() else box.state
        return box.get()

    def _legal_actions(self, player: int) -> list[int]:
        s = self._decision()
        if s is None or s.is_over or player != s.to_move:
            return []
        return self._box.game.space.legal_indices(s)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        box = self._box
        n = box.chance_need() if isinstance(box, _ChanceBox) else 0
        return [(k, 1.0 / n) for k in range(n)]

    def _apply_action(self, action: int) -> None:
        box = self._box
        if isinstance(box, _ChanceBox):
            n = box.chance_need()
            if n:
                if (
                    isinstance(action, bool)
                    or not isinstance(action, int | np.integer)
                    or not 0 <= action < n
                ):
                    raise IllegalAction(f"chance outcome {action!r} is not one of 0..{n - 1}")
                box.resolve((*box.prefix, int(action)))
            else:
                s = box.state
                assert s is not None
                box.step(box.game.space.action(s, action))
            return
        s = box.get()
        s.advance(box.game.space.action(s, action))  # one of s.legal_actions() itself: already checked

    # OpenSpiel answers ``observation_tensor()`` of a Python game by first asking the game its tensor
    # shape, which builds a fresh initial state and encodes it, at every call. Python callers get the
    # same tensor from the cached observer instead (C++ callers still take OpenSpiel's path).
    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._box.game.tensor(self, player, recall=False)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._box.game.tensor(self, player, recall=True)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return self._box.game.space.describe(action)

    def is_terminal(self) -> bool:
        s = self._decision()
        return s is not None and s.is_over

    def returns(self) -> list[float]:
        s = self._decision()
        if s is not None and s.is_over:
            return [float(r) for r in s.returns()]
        return [0.0] * self._box.game.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KanseiState:
        """A world holding only what ``player_id`` knows (``determinize``), for OpenSpiel's IS-MCTS."""
        rng = random.Random(int(probability_sampler() * 2**53))
        world = self.kansei_state.determinize(player_id, rng)
        state = KanseiState(self._box.game, world)
        box = self._box
        if isinstance(box, _ChanceBox) and box.state is None and box.base is not None:
            assert isinstance(state._box, _ChanceBox)
            state._box.step(next(a for a in world.legal_actions() if a.notation == box.action.notation))  # type: ignore[union-attr]
        return state

    def __str__(self) -> str:
        box = self._box
        s = box.current()
        if s is None:
            return f"(the deal: outcomes {list(box.prefix)} so far)"  # type: ignore[union-attr]
        text = view_text(s.reveal())
        if isinstance(box, _ChanceBox) and box.state is None:
            return f"{text}\n(chance: {box.action.notation!r} after outcomes {list(box.prefix)})"  # type: ignore[union-attr]
        return text

    # -- saving ------------------------------------------------------------------------------------
    def serialize(self) -> str:
        """This state as text for ``game.deserialize_state``: OpenSpiel's own layout for Python states
        (history, move number, the pickled attributes), which needs no game random state."""
        history = ",".join(f"{pa.player}:{pa.action}" for pa in self.full_history())
        payload = base64.b64encode(pickle.dumps({"_box": self._box}, protocol=4)).decode("ascii")
        return f"history={history}\nmove_number={self.move_number()}\n__dict__={payload}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_state_from_text, (str(self._box.game), self.serialize()))

    def __deepcopy__(self, memo: dict) -> KanseiState:
        return self.clone()

    def __copy__(self) -> KanseiState:
        return self.clone()


def _state_from_text(name: Any, text: Any) -> KanseiState:
    if not isinstance(name, str) or not name.startswith(PREFIX):
        raise SerializationError("a pickled kansei OpenSpiel state without its game")
    return _game_by_name(name).deserialize_state(text)


_EMPTY_ATTRS = base64.b64encode(pickle.dumps({})).decode("ascii")


# -- reading saved states ------------------------------------------------------------------------------
_SAFE_BUILTINS = frozenset(
    {"set", "frozenset", "dict", "list", "tuple", "int", "float", "str", "bytes", "bool", "complex", "object"}
)
_SAFE_OTHER = {
    ("copyreg", "_reconstructor"): copyreg._reconstructor,  # type: ignore[attr-defined]
    ("collections", "OrderedDict"): OrderedDict,
}


class _Loader(pickle.Unpickler):
    """Unpickles only what a kansei state holds: kansei's own classes and functions and plain data."""

    def find_class(self, module: str, name: str) -> Any:
        if "." not in name:
            if module == "builtins" and name in _SAFE_BUILTINS:
                return getattr(builtins, name)
            if (module, name) in _SAFE_OTHER:
                return _SAFE_OTHER[(module, name)]
            if module == "collections" and name in ("Counter", "deque", "defaultdict"):
                import collections

                return getattr(collections, name)
            if module == "kansei" or module.startswith("kansei."):
                import importlib
                import inspect

                try:
                    obj = getattr(importlib.import_module(module), name)
                except (ImportError, AttributeError):
                    obj = None
                function = inspect.isfunction(obj) or inspect.isbuiltin(obj)  # builtin: compiled (mypyc)
                if (isinstance(obj, type) or function) and str(getattr(obj, "__module__", "")).startswith(
                    "kansei"
                ):
                    return obj
        raise SerializationError(f"a serialized state refers to {module}.{name}, which no kansei state holds")


def _read_serialized(text: Any, game: KanseiGame) -> _Box | _ChanceBox:
    """Check a serialized state before OpenSpiel reads it; the box it holds, or one line."""
    if not isinstance(text, str):
        raise SerializationError(f"a serialized state is text, not {type(text).__name__}")
    parts = text.split("\n", 2)
    if len(parts) != 3 or not parts[0].startswith("history=") or not parts[2].startswith("__dict__="):
        raise SerializationError("not a serialized kansei OpenSpiel state (truncated or foreign)")
    history, number = parts[0][len("history=") :], parts[1].removeprefix("move_number=")
    if not parts[1].startswith("move_number=") or not number.isdigit():
        raise SerializationError("a serialized state without its move number")
    for item in filter(None, history.split(",")):
        p, _, a = item.partition(":")
        if not (p.lstrip("-").isdigit() and a.isdigit()):
            raise SerializationError("a serialized state with a damaged history")
    try:
        raw = base64.b64decode(parts[2][len("__dict__=") :], validate=True)
        attrs = _Loader(io.BytesIO(raw)).load()
    except SerializationError:
        raise
    except KanseiError as e:
        raise SerializationError(f"a serialized state that does not read: {e}") from None
    except (binascii.Error, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError) as e:
        raise SerializationError(
            f"a serialized state that does not read (truncated or damaged: {e})"
        ) from None
    except Exception as e:  # anything else a damaged pickle can raise: still one line
        raise SerializationError(f"a serialized state that does not read ({type(e).__name__})") from None
    box = attrs.get("_box") if isinstance(attrs, dict) else None
    want = _ChanceBox if game.explicit else _Box
    if not isinstance(box, want) or set(attrs) != {"_box"}:
        raise SerializationError(f"not a serialized state of {game} (another game or chance mode)")
    s = box.current()
    if s is not None and (s.game is not game.kgame or s.players != game.players):
        if (
            s.game.id != game.kgame.id
            or s.game.options_dict != game.kgame.options_dict
            or s.players != game.players
        ):
            raise SerializationError(
                f"a serialized state of {s.game.id} ({s.players} players), not of {game}"
            )
    return box


class KanseiObserver:
    """OpenSpiel's PyObserver for a kansei game: everything from ``view(seat)`` and the seat's events.

    The tensor is the view's vector (in [-1, 1]) and, with perfect recall, the bag of the events the seat
    has seen, each event's mass 1 spread over its keys and divided by the number of events (so in [-1, 1]).
    The information-state string is ``p<seat> <events seen>:<digest chain of them>`` and the view as
    canonical JSON: equal in every world the seat cannot tell apart, of a size independent of the history.
    """

    def __init__(self, game: KanseiGame, iig_obs_type: pyspiel.IIGObservationType, params: dict | None):
        if params:
            raise ValueError(f"kansei observers take no parameters; got {sorted(params)}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "kansei games offer no all-players observation (each seat sees only its own view)"
            )
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.recall = bool(iig_obs_type.perfect_recall)
        self._enc = game.view_encoder
        self._bag = game.event_bag
        size = self._enc.size + (self._bag.size if self.recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[: self._enc.size]}
        if self.recall:
            self.dict["events"] = self.tensor[self._enc.size :]

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: KanseiState, player: int) -> None:
        box, seat = state._box, self._seat(player)
        s = box.current()
        if s is None:  # explicit chance, before the deal: nothing to see yet
            self.tensor[:] = 0.0
            return
        self._enc.encode_state(s, seat, self.dict["view"])
        if self.recall:
            _, seen, bag, _ = box.recall(seat)
            events = self.dict["events"]
            if seen:
                np.multiply(bag, 1.0 / (BAG_UNIT * seen), out=events, casting="same_kind")
            else:
                events[:] = 0.0

    def string_from(self, state: KanseiState, player: int) -> str:
        box, seat = state._box, self._seat(player)
        s = box.current()
        if s is None:
            return f"p{player} (the deal)"
        text = view_text(s.view(seat))
        if self.recall:
            _, seen, _, chain = box.recall(seat)
            text = f"{seen}:{chain.text()}\n{text}"
        return f"p{player} {text}"


_GAMES: OrderedDict[tuple[int, int], KanseiGame] = OrderedDict()


def game_for(kstate: State) -> KanseiGame:
    """The OpenSpiel game for a kansei state's game object and player count (a small LRU cache; the
    cached OpenSpiel game holds the kansei game, so the ``id`` in the key stays unique while cached)."""
    kgame = kstate.game
    key = (id(kgame), kstate.players)
    g = _GAMES.get(key)
    if g is None:
        register([kgame.id])
        params = {k: v for k, v in kgame.options_dict.items() if isinstance(v, bool | int | float | str)}
        g = _GAMES[key] = KanseiGame({**params, "players": kstate.players}, kgame=kgame)
        while len(_GAMES) > 32:
            _GAMES.popitem(last=False)
    else:
        _GAMES.move_to_end(key)
    return g


def load(game_id: str, **params: Any) -> KanseiGame:
    """``pyspiel.load_game("python_kansei_<id>", params)`` after registering; errors are one line."""
    register([game_id])
    try:
        return pyspiel.load_game(PREFIX + game_id, params)
    except KanseiError:
        raise
    except pyspiel.SpielError as e:
        raise OptionError(f"{game_id}: {e}") from None


def serialize_game_and_state(game: KanseiGame, state: KanseiState) -> str:
    """``pyspiel.serialize_game_and_state`` for both chance modes (OpenSpiel's own asks a sampled game for
    ``GetRNGState``): the same layout, which ``pyspiel.deserialize_game_and_state`` reads back. The game
    comes back at the start of its stream of episode seeds (pickle the game to keep its place)."""
    return (
        "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
        f"[Game]\n{game}\n[State]\n{state.serialize()}\n"
    )


# -- rl_environment -------------------------------------------------------------------------------------
class ChanceSampler:
    """A chance-event sampler for ``rl_environment.Environment`` whose ``seed`` also restarts the kansei
    game's stream of episode seeds, so ``env.seed(s)`` controls all of kansei's randomness (sampled chance:
    the episodes' seeds; explicit chance: the outcomes drawn)."""

    def __init__(self, game: KanseiGame, seed: int | None = None):
        self.game = game
        self.seed(seed)

    def seed(self, seed: int | None = None) -> None:
        self._rng = np.random.RandomState(seed)
        self.game.reseed(seed)

    def __call__(self, state: pyspiel.State) -> int:
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        return int(self._rng.choice(actions, p=probs))


class LazyTensors(list):
    """Every player's tensor of one time step, each worked out when first read (``[p]``, iteration,
    ``len``): a learner reads its own player's, ``rl_environment`` would build them all. It holds a copy
    of the position, so reading after the environment moved on gives the tensor of that time step."""

    def __init__(self, state: KanseiState, recall: bool):
        super().__init__()
        box = state._box.copy(records=state._box.memo)  # shared: what one step reads, the next starts from
        self._holder = _Held(box)
        self._game = state._box.game
        self._recall = recall
        self._players = self._game.players
        self._done: dict[int, list[float]] = {}

    def _get(self, p: int) -> list[float]:
        hit = self._done.get(p)
        if hit is None:
            hit = self._done[p] = self._game.tensor(self._holder, p, self._recall)  # type: ignore[arg-type]
        return hit

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self._get(p) for p in range(self._players)[i]]
        p = range(self._players)[i]
        return self._get(p)

    def __iter__(self) -> Any:
        return (self._get(p) for p in range(self._players))

    def __len__(self) -> int:
        return self._players

    def __repr__(self) -> str:
        return repr(list(self))

    def __eq__(self, other: object) -> bool:
        return list(self) == other

    __hash__ = None


class _Held:
    """Just a box, as an observer reads it (``state._box``)."""

    __slots__ = ("_box",)

    def __init__(self, box: _Box | _ChanceBox):
        self._box = box

    def current_player(self) -> int:
        raise TypeError("a held position has no player to move for a tensor: name the player")


def rl_environment(game_id: str, seed: int | None = None, **params: Any) -> Any:
    """OpenSpiel's ``rl_environment.Environment`` on ``python_kansei_<id>`` with a :class:`ChanceSampler`,
    so ``env.seed(s)`` is honoured, and each player's information-state (or observation) tensor worked
    out when read (:class:`LazyTensors`: the same values, at the cost of the tensors a learner reads).
    Keys as :func:`load`, plus the environment's own (``observation_type``, ``include_full_state``…)."""
    from open_spiel.python import rl_environment as rl

    class KanseiEnvironment(rl.Environment):
        """``rl_environment.Environment`` whose time steps build each player's tensor when read (the rest
        as OpenSpiel's own ``get_time_step`` and ``reset``, for turn-based games)."""

        def _observations(self) -> dict[str, Any]:
            state: Any = getattr(self, "_state")  # noqa: B009 (set by OpenSpiel's untyped base)
            mover = state.current_player()
            # what ``state.legal_actions(p)`` gives every player (only the mover has any, in a turn-based
            # game), asked of the Python state directly: through pyspiel each costs a round trip to C++
            legal = [state._legal_actions(p) if p == mover else [] for p in range(self.num_players)]
            obs: dict[str, Any] = {
                "info_state": LazyTensors(state, recall=not self._use_observation),
                "legal_actions": legal,
                "current_player": mover,
                "serialized_state": [],
            }
            if self._include_full_state:
                obs["serialized_state"] = serialize_game_and_state(self._game, state)
            return obs

        def get_time_step(self) -> Any:
            state: Any = getattr(self, "_state")  # noqa: B009 (set by OpenSpiel's untyped base)
            last = state.is_terminal()
            self._should_reset = last
            # ``state.rewards()`` of a game with terminal rewards only, without its trip through C++
            rewards = state.returns() if last else [0.0] * self.num_players
            discounts = [0.0] * self.num_players if last else self._discounts
            kind = rl.StepType.LAST if last else rl.StepType.MID
            return rl.TimeStep(self._observations(), rewards, discounts, kind)

        def reset(self) -> Any:
            self._should_reset = False
            self._state = self._game.new_initial_state()
            self._sample_external_events()
            return rl.TimeStep(self._observations(), None, None, rl.StepType.FIRST)

        @property
        def is_turn_based(self) -> bool:
            return True  # every kansei game is sequential (OpenSpiel's asks the game's type twice a step)

        def _sample_external_events(self) -> None:
            if self._game.explicit:  # sampled chance has no chance node (and no mean-field player)
                super()._sample_external_events()

    env_keys = {"observation_type", "include_full_state", "enable_legality_check"}
    env_kwargs = {k: params.pop(k) for k in list(params) if k in env_keys}
    game = load(game_id, **params)
    return KanseiEnvironment(game, chance_event_sampler=ChanceSampler(game, seed), **env_kwargs)


__all__ = [
    "ChanceSampler",
    "KanseiGame",
    "KanseiObserver",
    "KanseiState",
    "SerializationError",
    "game_for",
    "LazyTensors",
    "load",
    "register",
    "rl_environment",
    "serialize_game_and_state",
]
