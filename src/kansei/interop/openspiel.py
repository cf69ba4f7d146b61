"""Every kansei game as an OpenSpiel Python game: ``python_kansei_<id>``.

>>> from kansei.interop import openspiel
>>> openspiel.register()                                   # doctest: +SKIP
>>> game = pyspiel.load_game("python_kansei_minid(players=4)")   # doctest: +SKIP

- **Parameters**: the game's options (those with a bool, int, float or text default) plus ``players``
  (default the game's minimum), ``rng_seed`` (default 0) and ``decks`` (comma-separated starter deck
  names, one per seat; empty: the starter decks).
- **Chance**: ``SAMPLED_STOCHASTIC``. A kansei game owns a seeded random source (dice, shuffles, draws
  happen inside ``apply``), so OpenSpiel never sees a chance node. The seed of each episode is drawn,
  in order, from a generator seeded with ``rng_seed`` when the episode is first used, so a run is
  reproducible. A clone continues the same random stream (searching a clone knows the future dice;
  that is why the kansei-side agents below search *determinised* worlds, and IS-MCTS resamples them).
- **Actions**: the game's fixed action space (:func:`kansei.interop.encoding.action_space`),
  ``num_distinct_actions`` is its size; ``action_to_string`` is the notation.
- **Observations** from ``view(seat)`` only: the observation string is the view as canonical JSON, the
  information-state string adds the seat's ``events_for(seat)``; the observation tensor is the view's
  vector and the information-state tensor adds a hashed bag of those events. With
  ``private_info=NONE`` the spectator view (``view(None)``) is used. ``ALL_PLAYERS`` is not offered.
- **IS-MCTS**: ``resample_from_infostate`` is ``state.determinize(seat, rng)``, so OpenSpiel's Python
  ``ISMCTSBot`` runs (the C++ ``pyspiel.ISMCTSBot`` does not support Python games).
- **Utility**: zero-sum, returns in [-1, 1] (what ``State.returns()`` gives for every registered game).
"""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the interop extra is not installed
    from kansei.core.errors import OptionError

    raise OptionError("the OpenSpiel adapter needs the interop extra: pip install 'kansei[interop]'") from e

import kansei
from kansei.core.errors import KanseiError, OptionError
from kansei.core.protocol import Game, State

from . import encoding
from .encoding import ActionSpace, EventBag, view_text

PREFIX = "python_kansei_"
MAX_GAME_LENGTH = 10_000  # a generous bound: OpenSpiel asks for one; kansei games end long before


def _game_type(game_id: str) -> pyspiel.GameType:
    cls = kansei.core.registry.game_class(game_id)
    params: dict[str, Any] = {"players": cls.min_players, "rng_seed": 0, "decks": ""}
    for name, field in cls.Options.model_fields.items():
        if isinstance(field.default, bool | int | float | str):
            params[name] = field.default
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"kansei {cls.name or game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
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
            cls = type(f"KanseiGame_{gid}", (KanseiGame,), {"game_id": gid})
            pyspiel.register_game(_game_type(gid), cls)
        names.append(name)
    return names


def _split_params(game_type: pyspiel.GameType, params: dict[str, Any]) -> tuple[dict, int, int, list | None]:
    params = {**game_type.parameter_specification, **params}
    players, seed, decks = int(params.pop("players")), int(params.pop("rng_seed")), params.pop("decks")
    deck_list = [d.strip() or None for d in str(decks).split(",")] if str(decks).strip() else None
    return params, players, seed, deck_list


class KanseiGame(pyspiel.Game):
    """One kansei game (options fixed, one player count) seen as an OpenSpiel game."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None, kgame: Game | None = None) -> None:
        gid = self.game_id or (kgame.id if kgame is not None else "")
        game_type = _game_type(gid)
        options, players, rng_seed, decks = _split_params(game_type, params or {})
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
        self.space: ActionSpace = encoding.action_space(self.kgame)
        self.view_encoder = encoding.view_encoder(self.kgame, players)
        self.event_bag = EventBag()
        self._observers: dict[bool, KanseiObserver] = {}
        self._seeds = random.Random(rng_seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, params)

    def next_seed(self) -> int:
        return self._seeds.getrandbits(63)

    def new_initial_state(self) -> KanseiState:
        return KanseiState(self)

    def wrap(self, kstate: State) -> KanseiState:
        """An OpenSpiel state around an existing kansei state (the agents' determinised worlds)."""
        return KanseiState(self, kstate)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict | None = None
    ) -> KanseiObserver:
        return KanseiObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

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


class _Box:
    """Holds the kansei state. OpenSpiel clones a Python state by ``copy.deepcopy`` of each attribute:
    the box clones the kansei state (its own cheap ``clone()``) and shares the game. The kansei game
    starts lazily, so the fresh state OpenSpiel makes for every clone costs nothing and draws no seed."""

    __slots__ = ("game", "state")

    def __init__(self, game: KanseiGame, state: State | None):
        self.game = game
        self.state = state

    def get(self) -> State:
        s = self.state
        if s is None:
            g = self.game
            s = self.state = g.kgame.start(seed=g.next_seed(), players=g.players, decks=g.decks)
        return s

    def __deepcopy__(self, memo: dict) -> _Box:
        return _Box(self.game, self.get().clone())


class KanseiState(pyspiel.State):
    def __init__(self, game: KanseiGame, kstate: State | None = None):
        super().__init__(game)
        self._box = _Box(game, kstate)

    @property
    def kansei_state(self) -> State:
        """The kansei state inside (the real one: never hand it to a seat)."""
        return self._box.get()

    def current_player(self) -> int:
        s = self._box.get()
        return pyspiel.PlayerId.TERMINAL if s.is_over else int(s.to_move)  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        s = self._box.get()
        if s.is_over or player != s.to_move:
            return []
        return self._box.game.space.legal_indices(s)

    def _apply_action(self, action: int) -> None:
        s = self._box.get()
        s.apply(self._box.game.space.action(s, action), seat=s.to_move)

    # OpenSpiel answers ``observation_tensor()`` of a Python game by first asking the game its tensor
    # shape, which builds a fresh initial state and encodes it, at every call. Python callers get the
    # same tensor from the cached observer instead (C++ callers still take OpenSpiel's path).
    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._box.game.tensor(self, player, recall=False)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._box.game.tensor(self, player, recall=True)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._box.game.space.describe(action)

    def is_terminal(self) -> bool:
        return self._box.get().is_over

    def returns(self) -> list[float]:
        s = self._box.get()
        return [float(r) for r in s.returns()] if s.is_over else [0.0] * s.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KanseiState:
        """A world holding only what ``player_id`` knows (``determinize``), for OpenSpiel's IS-MCTS."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return KanseiState(self._box.game, self._box.get().determinize(player_id, rng))

    def __str__(self) -> str:
        return view_text(self._box.get().reveal())


class KanseiObserver:
    """OpenSpiel's PyObserver for a kansei game: everything from ``view(seat)`` (and ``events_for``)."""

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
        s, seat = state.kansei_state, self._seat(player)
        self._enc.encode(s.view(seat), seat, self.dict["view"])
        if self.recall:
            ev = self.dict["events"]
            ev[:] = 0.0
            self._bag.add(s.events_for(seat), ev)

    def string_from(self, state: KanseiState, player: int) -> str:
        s, seat = state.kansei_state, self._seat(player)
        text = view_text(s.view(seat))
        if self.recall:
            text = f"{view_text(s.events_for(seat))}\n{text}"
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


__all__ = ["KanseiGame", "KanseiObserver", "KanseiState", "game_for", "load", "register"]
