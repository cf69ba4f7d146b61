"""Bots and agent specs: ``random``, ``greedy``, ``mcts:iters=2000``, ``mcts:time=0.5,rollout=greedy``."""

from __future__ import annotations

import importlib
from typing import Any

from kansei.core.errors import OptionError
from kansei.core.options import coerce, shorten

from .base import Agent, choose

# kind -> "module:Class"; imported lazily.
_AGENTS: dict[str, str] = {
    "random": "kansei.agents.simple:RandomAgent",
    "greedy": "kansei.agents.simple:GreedyAgent",
    "mcts": "kansei.agents.mcts:MctsAgent",
}


def agent_kinds() -> list[str]:
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """'mcts:iters=2000,rollout=greedy' -> ('mcts', {'iters': 2000, 'rollout': 'greedy'})."""
    if not isinstance(spec, str) or len(spec) > 200:
        raise OptionError(f"agent spec {shorten(repr(spec))} is not a short text like mcts:iters=200")
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip()
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


def make_agent(spec: str, seed: int = 0) -> Agent:
    kind, params = parse_spec(spec)
    module, _, cls = _AGENTS[kind].partition(":")
    agent = getattr(importlib.import_module(module), cls)(seed=seed, **params)
    agent.name = spec.strip()
    return agent


__all__ = ["Agent", "agent_kinds", "choose", "make_agent", "parse_spec"]
