"""The conformance kit: :func:`check_game` proves that a game keeps the contract every client stands on.

    from kansei.testing import check_game
    check_game("sprint")                       # raises ConformanceError listing every failed property
    report = check_game(MyGame(), only=["census", "leaks"], raise_on_failure=False)

For each configuration (``game.test_configs()`` unless ``configs=``), the kit plays random games and checks
the properties of docs/ARCHITECTURE.md ("The contract between a game and its clients"), each under a name
``only=`` / ``skip=`` select:

========== ===========================================================================================
ends        random games end; ``legal_actions()`` is never empty before the end and empty after it
legal       every legal action applies (as an Action and as its notation); bogus, forged, garbage and
            out-of-turn actions are refused in one line and change nothing
census      no card is created or lost (``State.census()``)
clone       a clone plays on without changing the original
replay      the same seed and notations give the same ``reveal()`` and event log
determinize ``determinize(seat)`` keeps the seat's view, events and census, and the mover's legal actions
reachable   a determinized world is one real play reaches: every card kind in each of its ``zones()`` is
            one random play puts in that zone (up to 200 more plain games are played to find a rare
            one before it counts as unreachable), its mover has legal actions (at every step of the
            replayed games), and it plays to the end
leaks       the two-worlds test: everything a seat is told (view, events, narration, rendered board,
            menu, prompt, unusable, refusals, refs) is equal in two worlds it cannot tell apart
pickle      pickle and deepcopy round trips: exact ``reveal()``, event log, legal actions, same future
to_dict     ``to_dict`` / ``from_dict`` round trips; a determinized world refuses ``to_dict`` in one line
refs        every legal action's refs name ``"ref"`` values of the mover's view, are equal across the
            mover's worlds; at most one action of a decision has none
schema      every view (each seat and the spectator) is JSON and validates against ``Game.View``
standing    ``standing`` is a number, equal in every world of a spectator
encoding    a game with the optional ``encode_state`` shortcut (docs/interop.md): it gives exactly
            ``encode_view(view(seat), seat)`` for every seat and the spectator, in the state and in worlds
            determinized for the mover (the shortcut reads the state; the equality is its privacy)
narration   every event type logged narrates in every declared language (unless in ``silent_events``); a
            game's ``words`` catalog has every English key, form and placeholder in every language
coverage    ``coverage_decks()`` hold every card of ``cards()`` between them, and those games play out
records     ``card_events`` name real seats, verbs and cards; ``deck_lists()`` restart the same game;
            ``first_mover`` is a seat
========== ===========================================================================================

Every failure is one line naming the check, the game, the configuration, the seed and the step, with a
call that reproduces it; the kit runs everything before raising one :class:`ConformanceError` (an
``AssertionError``) that lists them all. A game that lacks a hook the check needs (no ``View``, no refs, no
``zones()``) fails that check with a line naming the hook to implement.
"""

from __future__ import annotations

import copy
import io
import json
import math
import pickle
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pydantic import ValidationError

from ..core.errors import IllegalAction, KanseiError
from ..core.events import json_copy
from ..core.protocol import Action, Game, State
from ..core.records import CARD_VERBS
from ..core.registry import game_class, load

CHECKS: tuple[str, ...] = (
    "ends",
    "legal",
    "census",
    "clone",
    "replay",
    "determinize",
    "reachable",
    "leaks",
    "pickle",
    "to_dict",
    "refs",
    "schema",
    "standing",
    "encoding",
    "narration",
    "coverage",
    "records",
)

BOGUS = Action("definitely-not-an-action", "bogus")
GARBAGE: tuple[Any, ...] = ("", "xyzzy 99", "pass pass pass", "🙂", "x" * 10_000, None, 3, b"pass", 1.5)
MAX_LINE = 300  # characters a refusal may take
# The reachable check plays up to this many more plain random games (seeds from MORE_PLAIN_SEED + 1) before it
# calls a card kind in a hidden zone unreachable: a kind real play rarely puts there needs more than 20 games.
MORE_PLAIN_GAMES = 200
MORE_PLAIN_SEED = 10_000


# -- results ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    """One configuration the kit plays: the game's options and the number of players."""

    options: Mapping[str, Any]
    players: int

    def text(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"[{opts}]p{self.players}" if opts else f"p{self.players}"

    def arg(self) -> dict[str, Any]:
        return {"options": dict(self.options), "players": self.players}


@dataclass(frozen=True)
class Failure:
    """One failed property: which check, where (configuration, seed, step) and what went wrong."""

    check: str
    game: str
    config: Config
    seed: int | None
    step: int | None
    message: str
    end_game: bool = False  # found in one of the plain random games (``end_seeds``), not a probed one

    def where(self) -> str:
        parts = [self.game, self.config.text()]
        if self.seed is not None:
            parts.append(f"seed {self.seed}")
        if self.step is not None:
            parts.append(f"step {self.step}")
        return " ".join(parts)

    def reproduce(self) -> str:
        """A call that runs exactly this check on exactly this game."""
        args = [repr(self.game), f"configs=[{self.config.arg()!r}]"]
        if self.seed is not None:
            args.append(f"seeds=[], end_seeds=[{self.seed}]" if self.end_game else f"seeds=[{self.seed}]")
        args.append(f"only=[{self.check!r}]")
        return f"kansei.testing.check_game({', '.join(args)})"

    def __str__(self) -> str:
        return f"{self.check}: {self.where()}: {self.message} — reproduce: {self.reproduce()}"


class ConformanceError(AssertionError):
    """A game broke the contract: ``failures`` holds every failed property, one line each."""

    def __init__(self, game: str, failures: Sequence[Failure], extra: Sequence[str] = ()):
        self.game = game
        self.failures = list(failures)
        lines = [str(f) for f in self.failures] + list(extra)
        head = f"{game} fails {len(self.failures)} conformance propert{'y' if len(failures) == 1 else 'ies'}"
        super().__init__("\n".join([head + ":", *lines]))


@dataclass
class Report:
    """What :func:`check_game` ran: the checks, the time each took, the games and states it looked at."""

    game: str
    configs: list[Config]
    checks: tuple[str, ...]
    failures: list[Failure] = field(default_factory=list)
    suppressed: Counter[tuple[str, str]] = field(default_factory=Counter)  # (check, config) -> more
    seconds: dict[str, float] = field(default_factory=dict)
    games: int = 0
    probes: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures

    def extra_lines(self) -> list[str]:
        return [
            f"{check}: {self.game} {config}: {n} more failure{'s' if n > 1 else ''} like these"
            for (check, config), n in sorted(self.suppressed.items())
        ]

    def lines(self) -> list[str]:
        return [str(f) for f in self.failures] + self.extra_lines()

    def raise_if_failed(self) -> None:
        if self.failures:
            raise ConformanceError(self.game, self.failures, self.extra_lines())


class _Fail(Exception):
    """A property does not hold: the message is the failure's line."""


# -- helpers ------------------------------------------------------------------------------------------
def logged(state: State) -> list[tuple[int | None, dict[str, Any]]]:
    """``state.event_log()`` without the copies (the kit only compares it, and logs grow long)."""
    return list(state._log.entries())


def seen(state: State, seat: int | None) -> list[dict[str, Any]]:
    """``state.events_for(seat)`` without the copies, for comparing."""
    return list(state._log.visible(seat))


def snapshot(state: State) -> str:
    """Everything about a state, as text: its ``reveal()`` and its whole event log."""
    return json.dumps(state.reveal(), sort_keys=True, default=repr) + repr(logged(state))


def fingerprint(state: State) -> str:
    """A state's ``reveal()`` and how many events it logged: what a refused action or a look must not
    change (cheaper than :func:`snapshot` on a long log)."""
    return json.dumps(state.reveal(), sort_keys=True, default=repr) + f"#{state.event_count()}"


def difference(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any]:
    """Where two JSON-like values first differ (``hands.1[2]``) and the two parts there."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip("."), a.get(key, "(missing)"), b.get(key, "(missing)")
            if a[key] != b[key]:
                return difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})".lstrip("."), a, b
    return path.lstrip(".") or "the value", a, b


def first_difference(a: Any, b: Any) -> str:
    """Where two JSON-like values first differ, as text for a failure line."""
    return difference(a, b)[0]


def short(value: Any, limit: int = 80) -> str:
    text = value if isinstance(value, str) else repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def view_refs(value: Any) -> set[str]:
    """Every value of a ``"ref"`` key anywhere in a view."""
    out: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Mapping):
            ref = v.get("ref")
            if isinstance(ref, str):
                out.add(ref)
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return out


def zone_family(ref: str) -> str:
    """``zone:1:hand`` -> ``zone:*:hand``: zones of the same name compare across seats (the census keeps
    cards with their owners, so this only widens what a zone may hold, never whose card it is)."""
    parts = ref.split(":")
    if len(parts) >= 3 and parts[0] == "zone" and parts[1].lstrip("-").isdigit():
        return ":".join([parts[0], "*", *parts[2:]])
    return ref


def rendered(game: Game, state: State, seat: int | None, lang: str) -> str:
    """The board as ``seat`` sees it, as plain text 80 columns wide."""
    from rich.console import Console

    console = Console(file=io.StringIO(), width=80, color_system=None, emoji=False)
    console.print(game.render(state, seat, lang))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return str(out)


def _where(error: BaseException) -> str:
    """The innermost frame of a traceback as ``file.py:123`` (where a game raised)."""
    tb = traceback.extract_tb(error.__traceback__)
    if not tb:
        return ""
    frame = tb[-1]
    return f" at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}"


def _refused(state: State, action: Any, seat: int | None = None) -> str | None:
    """Apply ``action`` expecting a refusal: None if it was refused in one line and nothing changed,
    else what went wrong."""
    before = fingerprint(state)
    try:
        state.apply(action, seat=seat)
    except IllegalAction as e:
        text = str(e)
        if fingerprint(state) != before:
            return f"refusing {short(action, 40)} changed the state"
        if not text or "\n" in text or len(text) >= MAX_LINE:
            return f"refusing {short(action, 40)} is not one line below {MAX_LINE} characters: {short(text)}"
        return None
    except Exception as e:
        return f"{short(action, 40)} raised {type(e).__name__} instead of IllegalAction: {short(str(e))}"
    return f"{short(action, 40)} was accepted"


# -- the run ------------------------------------------------------------------------------------------
@dataclass
class _Probe:
    """One state the kit looks at closely, with the worlds it determinized for it (made once)."""

    state: State
    seed: int
    step: int
    worlds: dict[tuple[int | None, int], State | str] = field(default_factory=dict)  # str: what failed


class _Checker:
    """The checks of one game under one configuration."""

    def __init__(
        self,
        game: Game,
        config: Config,
        checks: tuple[str, ...],
        report: Report,
        *,
        max_steps: int,
        probes: int,
        per_check: int,
    ):
        self.game = game
        self.config = config
        self.checks = checks
        self.report = report
        self.max_steps = max_steps
        self.probes = probes
        self.per_check = per_check
        self.seats: list[int | None] = [*range(config.players), None]
        self.failed: Counter[str] = Counter()
        self.said: set[tuple[str, str]] = set()  # (check, message) reported: the same line once
        self.cards = self._cards()
        self.slugs = {str(c.get("slug")) for c in self.cards}
        self.seen_zones: dict[str, set[str]] = {}  # zone family -> card kinds real play put there
        self.extra_plain = 0  # plain games played on demand by the reachable check (see _unseen)
        self.zone_keys: set[str] = set()
        self.event_samples: dict[str, list[tuple[int | None, dict[str, Any]]]] = {}
        self.card_event_count = 0

    # -- bookkeeping ------------------------------------------------------------------------------
    def _cards(self) -> list[dict[str, Any]]:
        try:
            return list(self.game.cards())
        except Exception:
            return []

    def on(self, check: str) -> bool:
        return check in self.checks

    def fail(self, check: str, seed: int | None, step: int | None, message: str, end: bool = False) -> None:
        """Record a failure: each different line once, at most ``per_check`` lines a check (the rest are
        counted)."""
        if (check, message) in self.said or self.failed[check] >= self.per_check:
            self.report.suppressed[(check, self.config.text())] += 1
            return
        self.failed[check] += 1
        self.report.failures.append(
            Failure(check, self.game.id, self.config, seed, step, message.replace("\n", " | "), end)
        )
        self.said.add((check, message))

    def run(
        self, check: str, seed: int | None, step: int | None, fn: Callable[[], None], end: bool = False
    ) -> None:
        """Run one check, recording a failure (or any exception the game raised) as one line."""
        if not self.on(check):
            return
        t0 = time.perf_counter()
        try:
            fn()
        except _Fail as e:
            self.fail(check, seed, step, str(e), end)
        except Exception as e:
            self.fail(check, seed, step, f"raised {type(e).__name__}{_where(e)}: {short(str(e), 160)}", end)
        finally:
            self.report.seconds[check] = self.report.seconds.get(check, 0.0) + time.perf_counter() - t0

    def world(self, probe: _Probe, seat: int | None, k: int = 0) -> State:
        """The ``k``-th world determinized for ``seat`` at a probe (made once; if ``determinize`` raises,
        every check that needs the world fails with what it raised)."""
        key = (seat, k)
        if key not in probe.worlds:
            try:
                probe.worlds[key] = probe.state.determinize(
                    seat, random.Random(f"{probe.seed}:{probe.step}:{seat}:{k}")
                )
            except Exception as e:
                probe.worlds[key] = (
                    f"determinize({seat}) raised {type(e).__name__}{_where(e)}: {short(str(e))}"
                )
        world = probe.worlds[key]
        if isinstance(world, str):
            raise _Fail(world)
        return world

    def has_cards(self) -> bool:
        return bool(self.cards)

    # -- playing ----------------------------------------------------------------------------------
    def start(self, seed: int, **kwargs: Any) -> State:
        return self.game.start(seed=seed, players=self.config.players, **kwargs)

    def observe(self, state: State) -> None:
        """What real play shows the kit: the card kinds in each zone."""
        zones = state.zones()
        if not zones:
            return
        for ref, counter in zones.items():
            fam = zone_family(ref)
            self.zone_keys.add(fam)
            self.seen_zones.setdefault(fam, set()).update(k for k, n in counter.items() if n > 0)

    def collect_events(self, state: State) -> None:
        for audience, event in logged(state):
            kind = str(event.get("type"))
            samples = self.event_samples.setdefault(kind, [])
            if len(samples) < 3 and (audience, event) not in samples:
                samples.append((audience, json_copy(event)))

    def play(self, seed: int, *, end: bool, **kwargs: Any) -> tuple[State, list[str]] | None:
        """A random game from ``seed`` to its end, checking what holds at every step (ends, census);
        returns the final state and the notations played (None if it could not be played)."""
        try:
            state = self.start(seed, **kwargs)
        except Exception as e:
            self.fail(
                "ends", seed, 0, f"start raised {type(e).__name__}{_where(e)}: {short(str(e), 160)}", end
            )
            return None
        census = self._census0(state, seed, end)
        rng = random.Random(seed)
        notes: list[str] = []
        step = 0
        try:
            while not state.is_over:
                self.observe(state)
                legal = state.legal_actions()
                if not legal or state.to_move is None:
                    self.fail(
                        "ends",
                        seed,
                        step,
                        "legal_actions() is empty (or no one is to move) before the end",
                        end,
                    )
                    return None
                if census is not None and step and self.on("census"):
                    now = state.census()
                    if now != census:
                        self.fail(
                            "census",
                            seed,
                            step,
                            f"cards were created or lost: {_census_diff(census, now)}",
                            end,
                        )
                        census = None
                action = legal[rng.randrange(len(legal))]
                notes.append(action.notation)
                state.apply(action, seat=state.to_move)
                step += 1
                if step >= self.max_steps:
                    self.fail("ends", seed, step, f"the game did not end in {self.max_steps} actions", end)
                    return None
        except Exception as e:
            self.fail(
                "ends", seed, step, f"playing raised {type(e).__name__}{_where(e)}: {short(str(e), 160)}", end
            )
            return None
        self.observe(state)
        self.report.games += 1
        self.run("ends", seed, step, lambda: self._over(state), end)
        if census is not None and self.on("census"):
            now = state.census()
            if now != census:
                self.fail(
                    "census", seed, step, f"cards were created or lost: {_census_diff(census, now)}", end
                )
        self.collect_events(state)
        return state, notes

    def _census0(self, state: State, seed: int, end: bool) -> dict[int, Counter[Any]] | None:
        census = state.census()
        if census is None and self.has_cards() and self.on("census") and not self.failed["census"]:
            self.fail(
                "census",
                seed,
                0,
                "State.census() is None for a game with cards: implement State.census()",
                end,
            )
        return census

    def _over(self, state: State) -> None:
        if state.to_move is not None:
            raise _Fail(f"the game is over but to_move is {state.to_move!r}")
        if state.legal_actions() != ():
            raise _Fail("the game is over but legal_actions() is not empty")
        returns = state.returns()
        if len(returns) != self.config.players:
            raise _Fail(f"returns() has {len(returns)} values for {self.config.players} players")
        winner = state.winner
        if winner is not None and not 0 <= winner < self.config.players:
            raise _Fail(f"winner {winner!r} is not a seat")

    # -- the configuration, whole -----------------------------------------------------------------
    def check(self, seeds: Sequence[int], end_seeds: Sequence[int]) -> None:
        self.run("pickle", None, None, self.game_copies)
        for seed in end_seeds:  # plain random games first: what real play puts in every zone
            self.play(seed, end=True)
        for seed in seeds:
            self.deep(seed)
        self.run("narration", None, None, self.narration)
        self.run("coverage", None, None, self.coverage)
        if self.on("records") and self.has_cards() and not self.card_event_count and self.event_samples:
            self.fail(
                "records",
                None,
                None,
                "Game.card_events() names no card in any event of these games: implement Game.card_events",
            )

    def deep(self, seed: int) -> None:
        """One random game played, then replayed by notation and looked at closely at ``probes`` steps."""
        played = self.play(seed, end=False)
        if played is None:
            return
        final, notes = played
        self.run("records", seed, len(notes), lambda: self.records(final, seed))
        n = len(notes)
        steps = sorted({round(i * n / max(1, self.probes - 1)) for i in range(self.probes)}) if n else [0]
        try:
            state = self.start(seed)
        except Exception:
            return
        at = 0
        for step in steps:
            while at < step:
                if at and self.on("reachable"):
                    self.run("reachable", seed, at, partial(self.worlds_can_move, state, seed, at))
                try:
                    state.apply(notes[at])
                except Exception as e:
                    if self.on("replay"):
                        why = f"{type(e).__name__}: {short(str(e))}"
                        self.fail("replay", seed, at, f"replaying {notes[at]!r} by notation raised {why}")
                    return
                at += 1
            self.probe(_Probe(state, seed, step))
        self.run("replay", seed, n, lambda: self.replayed(final, state))

    def replayed(self, final: State, again: State) -> None:
        a, b = final.reveal(), again.reveal()
        if json.dumps(a, sort_keys=True, default=repr) != json.dumps(b, sort_keys=True, default=repr):
            raise _Fail(
                "the same seed and notations give another reveal() "
                f"(first difference: {first_difference(a, b)})"
            )
        if logged(final) != logged(again):
            raise _Fail("the same seed and notations give another event log")

    # -- one state, closely -----------------------------------------------------------------------
    def probe(self, p: _Probe) -> None:
        self.report.probes += 1
        for check, fn in (
            ("legal", self.legal),
            ("clone", self.clone),
            ("determinize", self.determinize),
            ("reachable", self.reachable),
            ("leaks", self.leaks),
            ("refs", self.refs),
            ("schema", self.schema),
            ("standing", self.standing),
            ("encoding", self.encoding),
            ("pickle", self.pickles),
            ("to_dict", self.to_dict),
        ):
            if not self.on(check):
                continue
            before = fingerprint(p.state)

            def guarded(fn: Callable[[_Probe], None] = fn, before: str = before) -> None:
                fn(p)
                if fingerprint(p.state) != before:
                    raise _Fail("looking at the state changed it")

            self.run(check, p.seed, p.step, guarded)

    def legal(self, p: _Probe) -> None:
        s = p.state
        if s.is_over:
            for bad in (BOGUS, "pass"):
                why = _refused(s, bad)
                if why:
                    raise _Fail(f"after the end: {why}")
            return
        legal = s.legal_actions()
        mover = s.to_move
        if not isinstance(legal, tuple) or not legal:
            raise _Fail("legal_actions() is not a non-empty tuple before the end")
        if len({a.notation for a in legal}) != len(legal):
            dup = [n for n, k in Counter(a.notation for a in legal).items() if k > 1]
            raise _Fail(f"two legal actions share a notation: {short(dup)}")
        for bad in (BOGUS, *GARBAGE, [legal[0]]):
            why = _refused(s, bad)
            if why:
                raise _Fail(why)
        try:
            legal[0].kind = "forged"
        except AttributeError:
            pass
        else:
            raise _Fail(
                "a legal action could be changed (actions are shared by every state: they must be immutable)"
            )
        for other in range(self.config.players):
            if other != mover:
                why = _refused(s, legal[0], seat=other)
                if why:
                    raise _Fail(f"out of turn (seat {other}): {why}")
                break
        rng = random.Random(f"{p.seed}:{p.step}:legal")
        sample = list(legal) if len(legal) <= 8 else list(legal[:4]) + rng.sample(list(legal[4:]), 4)
        for action in sample:
            by_action, by_text, forged = s.clone(), s.clone(), s.clone()
            try:
                by_action.apply(action, seat=mover)
                by_text.apply(action.notation.upper(), seat=mover)
                forged.apply(Action(action.notation, "forged", ("nonsense", 10**9)), seat=mover)
            except IllegalAction as e:
                raise _Fail(f"the legal action {action.notation!r} was refused: {short(str(e))}") from None
            one = fingerprint(by_action)
            if fingerprint(by_text) != one:
                raise _Fail(f"{action.notation!r} typed as text does something else than the action")
            if fingerprint(forged) != one:
                raise _Fail(f"a forged action with the notation {action.notation!r} is not the engine's own")

    def clone(self, p: _Probe) -> None:
        s = p.state
        before = snapshot(s)
        c = s.clone()
        if snapshot(c) != before:
            raise _Fail("clone() differs from the original")
        rng = random.Random(f"{p.seed}:{p.step}:clone")
        for _ in range(self.max_steps):
            if c.is_over:
                break
            legal = c.legal_actions()
            c.apply(legal[rng.randrange(len(legal))])
        if snapshot(s) != before:
            raise _Fail("playing a clone changed the original")

    def determinize(self, p: _Probe) -> None:
        s = p.state
        legal = [a.notation for a in s.legal_actions()]
        census = s.census()
        for seat in self.seats:
            world = self.world(p, seat)
            mine, theirs = s.view(seat), world.view(seat)
            if mine != theirs:
                raise _Fail(
                    f"view({seat}) differs in a world determinized for seat {seat} "
                    f"(at {first_difference(mine, theirs)}): the view shows something the seat cannot know"
                )
            if seen(world, seat) != seen(s, seat):
                raise _Fail(f"a world determinized for seat {seat} changes the events it sees")
            if world.census() != census:
                raise _Fail(
                    f"a world determinized for seat {seat} changes the census: "
                    f"{_census_diff(census, world.census())}"
                )
            if world.to_move != s.to_move or world.is_over != s.is_over:
                raise _Fail(
                    f"a world determinized for seat {seat} changes who is to move or whether it is over"
                )
            if (
                seat is not None
                and seat == s.to_move
                and [a.notation for a in world.legal_actions()] != legal
            ):
                raise _Fail(f"a world determinized for seat {seat} (to move) changes its legal actions")

    def reachable(self, p: _Probe) -> None:
        """Worlds real play could reach: their zones hold only card kinds real play puts in those zones
        (games with ``zones()``), their mover can act and they play to the end (every game)."""
        zoned = p.state.zones() is not None
        for seat in self.seats:
            world = self.world(p, seat)
            for ref, counter in sorted((world.zones() or {}).items()):
                fam = zone_family(ref)
                if fam not in self.zone_keys:
                    raise _Fail(
                        f"a world determinized for seat {seat} has a zone {ref!r} real play never has"
                    )
                odd = self._unseen(fam, counter)
                if odd:
                    raise _Fail(
                        f"a world determinized for seat {seat} puts {short(odd, 60)} in {ref}, "
                        f"where real play never puts {'it' if len(odd) == 1 else 'them'}"
                    )
        for seat in self.seats:
            world = self.world(p, seat)
            if not world.is_over and not world.legal_actions():
                raise _Fail(
                    f"a world determinized for seat {seat} is a dead end: its mover has no legal action "
                    "(not over)"
                )
            self._plays_out(world.clone(), seat, p)
        if not zoned and self.has_cards():
            raise _Fail(
                "State.zones() is None for a game with cards: implement State.zones() "
                "(every zone's cards by slug)"
            )

    def _unseen(self, fam: str, counter: Mapping[str, int]) -> list[str]:
        """The card kinds of ``counter`` no real game has put in zone family ``fam`` yet. Before a kind
        counts as unreachable, more plain random games are played (up to :data:`MORE_PLAIN_GAMES`) to see
        whether real play puts it there: a rare card in a hand is not a bug of the game."""

        def unseen() -> list[str]:
            return sorted(k for k, n in counter.items() if n > 0 and k not in self.seen_zones.get(fam, ()))

        odd = unseen()
        while odd and self.extra_plain < MORE_PLAIN_GAMES:
            self.extra_plain += 1
            self.play(MORE_PLAIN_SEED + self.extra_plain, end=True)
            odd = unseen()
        return odd

    def worlds_can_move(self, state: State, seed: int, step: int) -> None:
        """At every step of a replayed game (not only the probes): in a world determinized for any seat,
        the mover has a legal action (a world real play reaches never dead-ends)."""
        if state.is_over:
            return
        for seat in self.seats:
            try:
                world = state.determinize(seat, random.Random(f"{seed}:{step}:{seat}:move"))
            except Exception as e:
                raise _Fail(
                    f"determinize({seat}) raised {type(e).__name__}{_where(e)}: {short(str(e))}"
                ) from None
            if not world.is_over and not world.legal_actions():
                raise _Fail(
                    f"a world determinized for seat {seat} is a dead end: its mover has no legal action "
                    "(not over)"
                )

    def _plays_out(self, world: State, seat: int | None, p: _Probe) -> None:
        rng = random.Random(f"{p.seed}:{p.step}:{seat}:out")
        census = world.census()
        for step in range(self.max_steps):
            if world.is_over:
                return
            legal = world.legal_actions()
            if not legal:
                raise _Fail(
                    f"a world determinized for seat {seat} reaches a dead end {step} actions on "
                    "(no legal action)"
                )
            try:
                world.apply(legal[rng.randrange(len(legal))])
            except Exception as e:
                raise _Fail(
                    f"a world determinized for seat {seat} fails {step} actions on: "
                    f"{type(e).__name__}{_where(e)}: {short(str(e))}"
                ) from None
            if world.census() != census:
                raise _Fail(
                    f"a world determinized for seat {seat} loses or creates cards {step + 1} actions on"
                )
        raise _Fail(f"a world determinized for seat {seat} does not end in {self.max_steps} actions")

    # the two-worlds test
    def told(self, s: State, seat: int | None, texts: Sequence[str], render: bool) -> dict[str, Any]:
        game = self.game
        events = seen(s, seat)
        out: dict[str, Any] = {"view": s.view(seat), "events": events}
        for lang in game.languages:  # narrate() reads the event alone: the newest events say enough
            out[f"narration ({lang})"] = [game.narrate(e, seat, lang) for e in events[-12:]]
        if render:
            out["render"] = rendered(game, s, seat, game.languages[0])
        if seat is not None:
            out["unusable"] = game.unusable(s, seat)
            out["refusals"] = (
                [self._refusal(s, t, seat) for t in texts]
                if s.to_move == seat
                else [self._refusal(s, t, seat) for t in texts[:3]]
            )
            for lang in game.languages[1:]:  # a refusal in the reader's language tells no more
                out[f"refusals ({lang})"] = [self._refusal(s, t, seat, lang) for t in texts[:3]]
            if s.to_move == seat:
                legal = s.legal_actions()
                out["menu"] = [(a.notation, game.describe_action(s, a)) for a in legal]
                out["prompt"] = game.prompt(s)
                out["refs"] = [game.move_refs(s, a) for a in legal]
                out["rules"] = [game.move_rules(s, a) for a in legal]
        return out

    def _refusal(self, s: State, text: str, seat: int, lang: str | None = None) -> str:
        try:
            s.clone().apply(text, seat=seat, lang=lang)
        except IllegalAction as e:
            return str(e)
        return "accepted"

    def probe_texts(self, p: _Probe) -> list[str]:
        """Texts a curious player might type: the legal verbs with card slugs (a sample of each)."""
        rng = random.Random(f"{p.seed}:{p.step}:texts")
        verbs = sorted({a.notation.split()[0] for a in p.state.legal_actions() if a.notation.split()})
        verbs = rng.sample(verbs, min(4, len(verbs))) if verbs else ["play"]
        slugs = sorted(self.slugs)
        names = rng.sample(slugs, min(8, len(slugs))) if slugs else ["x"]
        return ["pass", "done"] + [f"{v} {n}" for v in verbs for n in names]

    def leaks(self, p: _Probe) -> None:
        texts = self.probe_texts(p)
        # the board is drawn for one seat per probe, in turn (boards can be slow to draw; over the probes
        # of a configuration every seat and the spectator are drawn)
        drawn = self.seats[self.report.probes % len(self.seats)]
        for seat in self.seats:
            world = self.world(p, seat)
            render = seat == drawn
            mine, theirs = self.told(p.state, seat, texts, render), self.told(world, seat, texts, render)
            for key, value in mine.items():
                if theirs.get(key) != value:
                    at, x, y = difference(value, theirs.get(key))
                    raise _Fail(
                        f"seat {seat}'s {key} differs between two worlds it cannot tell apart (at {at}): "
                        f"{short(x, 60)} vs {short(y, 60)}"
                    )

    def refs(self, p: _Probe) -> None:
        s = p.state
        if s.is_over:
            return
        mover = s.to_move
        assert mover is not None
        legal = s.legal_actions()
        in_view = view_refs(s.view(mover))
        refs = {}
        for a in legal:
            r = self.game.move_refs(s, a)
            if not isinstance(r, tuple) or not all(isinstance(x, str) and x for x in r):
                raise _Fail(f"move_refs({a.notation!r}) is not a tuple of non-empty texts: {short(r)}")
            refs[a.notation] = r
        bare = [n for n, r in refs.items() if not r]
        if len(bare) > 1:
            if len(bare) == len(refs):
                raise _Fail(
                    "no legal action has refs: implement Game.move_refs "
                    "(what each action touches, as refs its view carries)"
                )
            raise _Fail(
                f"{len(bare)} legal actions have no refs ({short(bare, 60)}): at most one may (a pass)"
            )
        for notation, r in refs.items():
            missing = [x for x in r if x not in in_view]
            if missing:
                hint = "" if in_view else ' (the view carries no "ref" keys at all)'
                raise _Fail(
                    f"{notation!r} has refs {short(missing, 60)} that the mover's view does not name{hint}"
                )
        world = self.world(p, mover)
        for a in world.legal_actions():
            if self.game.move_refs(world, a) != refs.get(a.notation):
                raise _Fail(f"the refs of {a.notation!r} differ in a world the mover cannot tell apart")

    def schema(self, p: _Probe) -> None:
        model = self.game.View
        for seat in self.seats:
            view = p.state.view(seat)
            try:
                text = json.dumps(view)
            except (TypeError, ValueError) as e:
                raise _Fail(f"view({seat}) is not JSON: {short(str(e))}") from None
            try:
                json.dumps(seen(p.state, seat))
            except (TypeError, ValueError) as e:
                raise _Fail(f"events_for({seat}) is not JSON: {short(str(e))}") from None
            if model is None:
                raise _Fail(
                    "the game publishes no schema of its view: implement Game.View (a GameView model)"
                )
            try:
                model.model_validate_json(text)
            except ValidationError as e:
                err = e.errors()[0]
                loc = ".".join(str(x) for x in err["loc"]) or "view"
                raise _Fail(
                    f"view({seat}) does not match {model.__name__} at {loc}: {err['msg']} "
                    f"({len(e.errors())} problem{'s' if len(e.errors()) > 1 else ''})"
                ) from None

    def standing(self, p: _Probe) -> None:
        s = p.state
        values = []
        for seat in range(self.config.players):
            v = self.game.standing(s, seat)
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                raise _Fail(f"standing(seat {seat}) is not a finite number: {short(v)}")
            values.append(v)
        for k in range(2):
            world = self.world(p, None, k)
            theirs = [self.game.standing(world, seat) for seat in range(self.config.players)]
            if theirs != values:
                raise _Fail(
                    f"standing differs in a spectator's world ({values} vs {theirs}): "
                    "it reads hidden information"
                )

    def encoding(self, p: _Probe) -> None:
        shortcut = getattr(self.game, "encode_state", None)
        if not callable(shortcut):
            return  # the adapters encode the view itself: nothing to compare
        encode_view = getattr(self.game, "encode_view", None)
        if not callable(encode_view):
            raise _Fail("encode_state without encode_view: the shortcut must equal encode_view of the view")
        states = [("the state", p.state)]
        if not p.state.is_over:
            states.append(("a world determinized for the mover", self.world(p, p.state.to_move)))
        for where, state in states:
            for seat in [None, *range(self.config.players)]:
                fast, slow = list(shortcut(state, seat)), list(encode_view(state.view(seat), seat))
                if fast != slow:
                    at = next((i for i, (a, b) in enumerate(zip(fast, slow, strict=False)) if a != b), None)
                    what = (
                        f"slot {at}: {fast[at]} != {slow[at]}"
                        if at is not None
                        else f"{len(fast)} slots vs {len(slow)}"
                    )
                    raise _Fail(
                        f"encode_state(seat {seat}) is not encode_view of the view in {where} ({what}): "
                        "it reads something else than the view shows"
                    )

    # serialization
    def game_copies(self) -> None:
        game = self.game
        back = pickle.loads(pickle.dumps(game))
        if type(back) is not type(game) or back.options != game.options:
            raise _Fail("a pickled Game comes back as another game or with other options")
        if pickle.loads(pickle.dumps(game)) is not back:
            raise _Fail("a Game unpickled twice is two objects, not the one shared object of the process")
        if copy.deepcopy(game) is not game or copy.copy(game) is not game:
            raise _Fail("copy/deepcopy of a Game is not the Game itself (it is shared and immutable)")

    def pickles(self, p: _Probe) -> None:
        s = p.state
        try:
            data = pickle.dumps(s)
        except Exception as e:
            raise _Fail(f"the state does not pickle: {type(e).__name__}: {short(str(e), 120)}") from None
        for how, other in (("unpickled", pickle.loads(data)), ("deep-copied", copy.deepcopy(s))):
            self._same(s, other, how, p)

    def _same(self, s: State, other: State, how: str, p: _Probe) -> None:
        if other is s or type(other) is not type(s):
            raise _Fail(f"a {how} state is not a new {type(s).__name__}")
        a, b = s.reveal(), other.reveal()
        if json.dumps(a, sort_keys=True, default=repr) != json.dumps(b, sort_keys=True, default=repr):
            raise _Fail(f"a {how} state has another reveal() (at {first_difference(a, b)})")
        if logged(other) != logged(s):
            raise _Fail(f"a {how} state has another event log")
        if [a.notation for a in other.legal_actions()] != [a.notation for a in s.legal_actions()]:
            raise _Fail(f"a {how} state has other legal actions")
        if other.game is not s.game and other.game is not pickle.loads(pickle.dumps(s.game)):
            raise _Fail(f"a {how} state has its own copy of the Game (it should share the process's)")
        mine = s.clone()
        rng = random.Random(f"{p.seed}:{p.step}:future")
        for _ in range(40):
            if mine.is_over:
                break
            legal = mine.legal_actions()
            action = legal[rng.randrange(len(legal))]
            mine.apply(action)
            try:
                other.apply(action.notation)
            except IllegalAction:
                raise _Fail(f"a {how} state refuses {action.notation!r}, which the original plays") from None
        if snapshot(mine) != snapshot(other):
            raise _Fail(
                f"a {how} state has another future under the same actions (a random source not carried?)"
            )

    def to_dict(self, p: _Probe) -> None:
        s = p.state
        record = s.to_dict()
        try:
            text = json.dumps(record)
        except (TypeError, ValueError) as e:
            raise _Fail(f"to_dict() is not JSON: {short(str(e))}") from None
        back = self.game.from_dict(json.loads(text))
        if type(back) is not type(s):
            raise _Fail(f"from_dict(to_dict()) is a {type(back).__name__}")
        a, b = s.reveal(), back.reveal()
        if json.dumps(a, sort_keys=True, default=repr) != json.dumps(b, sort_keys=True, default=repr):
            raise _Fail(f"from_dict(to_dict()) has another reveal() (at {first_difference(a, b)})")
        if logged(back) != logged(s):
            raise _Fail("from_dict(to_dict()) has another event log")
        if [x.notation for x in back.legal_actions()] != [x.notation for x in s.legal_actions()]:
            raise _Fail("from_dict(to_dict()) has other legal actions")
        if back.to_dict() != record:
            raise _Fail("to_dict() of a state rebuilt from a record is another record")
        if _registered(self.game):
            from ..core.replay import from_dict

            again = from_dict(json.loads(text))
            if snapshot(again) != snapshot(back):
                raise _Fail("kansei.from_dict(record) rebuilds another state than game.from_dict(record)")
        world = self.world(p, None)
        try:
            world.to_dict()
        except KanseiError as e:
            if "\n" in str(e) or not str(e):
                raise _Fail(
                    f"a determinized world refuses to_dict() in more than one line: {short(str(e))}"
                ) from None
        else:
            raise _Fail("a determinized world has a to_dict() (it has no history to replay: it must refuse)")

    # whole-configuration checks
    def narration(self) -> None:
        game = self.game
        silent = game.silent_events
        missing: list[str] = []
        for kind, samples in sorted(self.event_samples.items()):
            if kind in silent:
                continue
            for lang in game.languages:
                for audience, event in samples:
                    seats = [audience] if audience is not None else self.seats
                    bad = [seat for seat in seats if not _said(game.narrate(event, seat, lang))]
                    if bad:
                        missing.append(f"{kind!r} in {lang} (seat {bad[0]})")
                        break
                else:
                    continue
                break
        if missing:
            raise _Fail(
                f"{len(missing)} event type{'s' if len(missing) > 1 else ''} narrate nothing: "
                f"{short(', '.join(missing), 160)} "
                "(narrate them in text.py, or list them in Game.silent_events)"
            )
        words = game.words
        if words is not None:
            lacking = [lang for lang in game.languages if lang not in words.languages]
            if lacking:
                raise _Fail(f"Game.words has no catalog for {', '.join(lacking)} (a language it declares)")
            problems = words.problems()
            if problems:
                raise _Fail(f"Game.words: {len(problems)} problem(s): {short('; '.join(problems), 240)}")
        decks = game.deck_words_problems()  # the starter decks' words (the text module's DECKS)
        if decks:
            raise _Fail(f"deck words: {len(decks)} problem(s): {short('; '.join(decks), 240)}")

    def coverage(self) -> None:
        if not self.has_cards():
            return
        game = self.game
        decks_sets = game.coverage_decks()
        held: set[str] = set()
        starts: list[State] = []
        specs: list[list[Any] | None] = list(decks_sets) or [None]
        for i, decks in enumerate(specs):
            try:
                s = self.start(i, decks=decks) if decks is not None else self.start(i)
            except KanseiError as e:
                raise _Fail(f"coverage_decks()[{i}] does not start a game: {short(str(e), 120)}") from None
            starts.append(s)
            zones = s.zones()
            if zones is None:
                raise _Fail("State.zones() is None for a game with cards: implement State.zones()")
            for counter in zones.values():
                held.update(k for k, n in counter.items() if n > 0)
        missing = sorted(self.slugs - held)
        if missing:
            what = "coverage_decks()" if decks_sets else "the starting decks (Game.coverage_decks() is empty)"
            raise _Fail(
                f"{what} hold no copy of {len(missing)} card{'s' if len(missing) > 1 else ''} of cards(): "
                f"{short(missing, 100)}: implement Game.coverage_decks() so every card is played"
            )
        for i, decks in enumerate(decks_sets):
            for seed in (0, 1):
                played = self.play(seed, end=False, decks=decks)
                if played is None:
                    raise _Fail(
                        f"a game with coverage_decks()[{i}] could not be played (see the 'ends' lines)"
                    )

    def records(self, final: State, seed: int) -> None:
        game = self.game
        players = self.config.players
        for _, event in logged(final):
            for ce in game.card_events(event):
                if not (isinstance(ce, tuple) and len(ce) == 3):
                    raise _Fail(f"card_events gives {short(ce)}, not a CardEvent")
                who, verb, card = ce
                if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < players:
                    raise _Fail(f"card_events({event.get('type')!r}) names seat {who!r}")
                if verb not in CARD_VERBS:
                    raise _Fail(
                        f"card_events({event.get('type')!r}) has the verb {verb!r} (one of {CARD_VERBS})"
                    )
                if self.slugs and card not in self.slugs:
                    raise _Fail(f"card_events({event.get('type')!r}) names {card!r}, no slug of cards()")
                self.card_event_count += 1
        first = final.first_mover
        if first is not None and (
            isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
        ):
            raise _Fail(f"first_mover is {first!r}, not a seat")
        fresh = self.start(seed)
        decks = fresh.deck_lists()
        if not isinstance(decks, list) or len(decks) != players:
            raise _Fail(f"deck_lists() is not a list with one entry per seat: {short(decks)}")
        try:
            json.dumps(decks)
        except (TypeError, ValueError):
            raise _Fail("deck_lists() is not JSON") from None
        if any(d is not None for d in decks):
            again = self.start(seed, decks=json.loads(json.dumps(decks)))
            if snapshot(again) != snapshot(fresh):
                raise _Fail("starting again with decks=deck_lists() and the same seed gives another game")
        if final.deck_lists() != decks:
            raise _Fail("deck_lists() changes during the game (it is the decks as the game began)")


def _said(text: Any) -> bool:
    return isinstance(text, str) and bool(text.strip())


def _census_diff(a: Mapping[int, Counter[Any]] | None, b: Mapping[int, Counter[Any]] | None) -> str:
    if a is None or b is None:
        return "census() became None"
    parts = []
    for owner in sorted(set(a) | set(b), key=str):
        x, y = a.get(owner, Counter()), b.get(owner, Counter())
        gained, lost = y - x, x - y
        for card, n in sorted(gained.items(), key=str):
            parts.append(f"seat {owner} +{n} {card}")
        for card, n in sorted(lost.items(), key=str):
            parts.append(f"seat {owner} -{n} {card}")
    return short(", ".join(parts) or "(owners changed)", 120)


def _registered(game: Game) -> bool:
    """Whether the registry gives this game's class for its id (so a record or pickle can find it)."""
    try:
        return game_class(game.id) is type(game)
    except KanseiError:
        return False


# -- the entry point ----------------------------------------------------------------------------------
def _configs(game: Game, configs: Iterable[Mapping[str, Any]] | None) -> list[Config]:
    out = []
    for cfg in configs if configs is not None else game.test_configs():
        out.append(Config(dict(cfg.get("options", {})), int(cfg.get("players", game.min_players))))
    return out


def _selected(only: Iterable[str] | None, skip: Iterable[str]) -> tuple[str, ...]:
    chosen = list(only) if only is not None else list(CHECKS)
    unknown = [c for c in [*chosen, *skip] if c not in CHECKS]
    if unknown:
        raise ValueError(f"unknown check {unknown[0]!r} (checks: {', '.join(CHECKS)})")
    return tuple(c for c in CHECKS if c in chosen and c not in set(skip))


def check_game(
    game_or_id: Game | str,
    *,
    configs: Iterable[Mapping[str, Any]] | None = None,
    seeds: Iterable[int] = (0, 1, 2),
    end_seeds: Iterable[int] | None = None,
    only: Iterable[str] | None = None,
    skip: Iterable[str] = (),
    probes: int = 8,
    max_steps: int = 10_000,
    per_check: int = 3,
    raise_on_failure: bool = True,
) -> Report:
    """Check that a game keeps the contract (see the module's documentation for every check).

    ``game_or_id``: a Game, or the id of a registered game (its options come from each configuration).
    ``configs``: ``[{"options": {...}, "players": n}, …]`` (default ``game.test_configs()``). ``seeds``: the
    games looked at closely, each at ``probes`` steps spread over the game; ``end_seeds``: plain random
    games (default 100..119) that must end and show what real play puts in every zone. ``per_check``:
    failures kept per check and configuration (the rest are counted). Raises :class:`ConformanceError`
    listing every failure unless ``raise_on_failure=False``; returns the :class:`Report`.
    """
    checks = _selected(only, skip)
    base = game_or_id if isinstance(game_or_id, Game) else load(game_or_id)
    cfgs = _configs(base, configs)
    report = Report(base.id, cfgs, checks)
    deep = list(seeds)
    plain = list(end_seeds) if end_seeds is not None else list(range(100, 120))
    for cfg in cfgs:
        if cfg.options or not isinstance(game_or_id, Game):
            try:
                game = type(base)(
                    **({"content": base.content_path} if base.content_path else {}), **cfg.options
                )
            except KanseiError as e:
                report.failures.append(
                    Failure("ends", base.id, cfg, None, None, f"the options are refused: {e}")
                )
                continue
        else:
            game = base
        checker = _Checker(game, cfg, checks, report, max_steps=max_steps, probes=probes, per_check=per_check)
        checker.check(deep, plain)
    if raise_on_failure:
        report.raise_if_failed()
    return report


__all__ = ["CHECKS", "Config", "ConformanceError", "Failure", "Report", "check_game", "snapshot"]
