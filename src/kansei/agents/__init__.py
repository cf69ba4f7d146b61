"""Bots and agent specs: ``random``, ``greedy``, ``mcts:iters=2000``, ``mcts:time=0.5,rollout=greedy``, and
the named levels ``level:beginner`` … ``level:expert`` (:mod:`kansei.agents.levels`)."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from kansei.core.errors import OptionError
from kansei.core.options import coerce, shorten

from .base import Agent, choose
from .levels import LEVEL_KINDS, LEVELS

# kind -> "module:Class"; imported lazily.
_AGENTS: dict[str, str] = {
    "random": "kansei.agents.simple:RandomAgent",
    "greedy": "kansei.agents.simple:GreedyAgent",
    "mcts": "kansei.agents.mcts:MctsAgent",
    **LEVEL_KINDS,
}


_BUILTIN = frozenset(_AGENTS)
# Optional modules contribute kinds through the entry-point group ``kansei.agents`` (name: the kind, value:
# "module:Class"), read once and never imported until such an agent is made.
_PLUGINS_READ = False


def _agents() -> dict[str, str]:
    global _PLUGINS_READ
    if not _PLUGINS_READ:
        _PLUGINS_READ = True
        for ep in entry_points(group="kansei.agents"):
            _AGENTS.setdefault(ep.name, ep.value)
    return _AGENTS


def agent_kinds() -> list[str]:
    """The built-in kinds, then those contributed by installed packages, each sorted."""
    return sorted(_BUILTIN) + sorted(set(_agents()) - _BUILTIN)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """'mcts:iters=2000,rollout=greedy' -> ('mcts', {'iters': 2000, 'rollout': 'greedy'})."""
    if not isinstance(spec, str) or len(spec) > 200:
        raise OptionError(f"agent spec {shorten(repr(spec))} is not a short text like mcts:iters=200")
    spec = spec.strip()
    # the longest kind the spec starts with (a kind may itself hold a colon: "openspiel:mcts:sims=50")
    known = [k for k in _agents() if spec == k or spec.startswith(k + ":")]
    kind = max(known, key=len) if known else spec.partition(":")[0].strip()
    rest = spec[len(kind) + 1 :] if known else ""
    if kind == "level" and not known:
        name = spec.partition(":")[2].partition(":")[0].strip()
        raise OptionError(
            f"unknown level {shorten(name, 30)!r} (levels: {', '.join(LEVELS)}; e.g. level:club)"
        )
    if kind not in _AGENTS:
        raise OptionError(f"unknown agent {shorten(kind, 30)!r} (valid: {', '.join(agent_kinds())})")
    params: dict[str, Any] = {}
    if rest.strip():
        for part in rest.split(","):
            key, eq, val = part.partition("=")
            if not eq or not key.strip():
                raise OptionError(f"agent spec {shorten(spec)!r}: expected key=value, got {shorten(part)!r}")
            params[key.strip()] = coerce(val)
    return kind, params


def split_specs(text: str, flag: str = "--agents") -> list[str]:
    """'random,mcts:iters=200,time=1' -> ['random', 'mcts:iters=200,time=1']: a comma-separated list of
    agent specs, where a ``key=value`` after a comma stays with the agent before it. Every spec is checked
    (one OptionError line naming ``flag`` if the list is empty)."""
    parts: list[str] = []
    for chunk in text.split(","):
        chunk = chunk.strip()
        if not chunk:
            continue
        if parts and "=" in chunk and ":" not in chunk.split("=")[0] and ":" in parts[-1]:
            parts[-1] += "," + chunk
        else:
            parts.append(chunk)
    if not parts:
        raise OptionError(f"{flag} needs at least one agent, e.g. {flag} greedy,random")
    for p in parts:
        parse_spec(p)
    return parts


def make_agent(spec: str, seed: int = 0) -> Agent:
    kind, params = parse_spec(spec)
    module, _, cls = _AGENTS[kind].partition(":")
    agent = getattr(importlib.import_module(module), cls)(seed=seed, **params)
    agent.name = spec.strip()
    return agent


__all__ = ["Agent", "agent_kinds", "choose", "make_agent", "parse_spec", "split_specs"]
