"""The one place an agent spec is checked against limits: how long one move may take and how much search
it may ask for. A server (``kansei serve``) calls it for every bot seat, and so may any tool that runs
agents for someone else.

An agent's ``Params`` mark their budget keys with :data:`SECONDS` (a time budget the agent keeps itself),
:data:`ITERATIONS` (counts whose product is the search's work: iterations, simulations, rollouts per leaf)
and :data:`COUNT` (a count bounded on its own, not a factor of that product: the worlds a fixed number of
simulations is shared among), as ``Field(..., json_schema_extra=ITERATIONS)``. :func:`check_spec` then,
for every agent kind:

- refuses an unknown kind or key, a malformed value, a time over ``max_seconds`` and work over
  ``max_iterations``, each in one line naming the limit;
- gives a spec without a time key the limit as its time (for agents that keep a time budget);
- says how long the caller must let a move run (``seconds``) and whether the agent stops by itself in that
  time (``timed``); the caller stops any other search at that deadline itself (a server's worker pool does).

An agent that marks no budget key is searched by its integer keys: each one a spec gives counts as work.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from kansei.core.errors import OptionError
from kansei.core.options import shorten

BUDGET = "x-kansei-budget"
SECONDS: dict[str, Any] = {BUDGET: "seconds"}  # a time budget per move, which the agent keeps itself
ITERATIONS: dict[str, Any] = {BUDGET: "iterations"}  # a count of search work (their product is the work)
COUNT: dict[str, Any] = {BUDGET: "count"}  # a count of work on its own (each at most the limit)


@dataclass(frozen=True)
class Budgeted:
    """An agent spec that passed :func:`check_spec`: ``spec`` is its canonical text (with the time key the
    limit gave it), ``seconds`` the wall-clock budget of one move, ``timed`` whether the agent itself stops
    within ``seconds`` (otherwise the caller must stop it)."""

    spec: str
    kind: str
    seconds: float
    timed: bool

    def __str__(self) -> str:
        return self.spec


def agent_params(kind: str) -> type[BaseModel]:
    """The ``Params`` model of an agent kind (imports its module, makes no agent)."""
    from kansei.agents import _agents

    module, _, cls = _agents()[kind].partition(":")
    params: type[BaseModel] = getattr(importlib.import_module(module), cls).Params
    return params


def budget_keys(params: type[BaseModel]) -> dict[str, str]:
    """``key -> "seconds" | "iterations" | "count"`` for the budget keys an agent's Params mark."""
    out: dict[str, str] = {}
    for name, f in params.model_fields.items():
        extra = f.json_schema_extra
        if isinstance(extra, dict) and extra.get(BUDGET) in ("seconds", "iterations", "count"):
            out[name] = str(extra[BUDGET])
    return out


def check_spec(spec: str, *, max_seconds: float, max_iterations: int) -> Budgeted:
    """``spec`` checked against the limits, with a time budget (see the module's docstring); one
    :class:`OptionError` line for anything refused."""
    from kansei.agents import parse_spec  # the spec grammar lives with the agents

    kind, given = parse_spec(spec)
    params_model = agent_params(kind)
    keys = budget_keys(params_model)
    if not keys:  # an agent that marks no budget: every integer it is given is work
        keys = {k: "iterations" for k, v in given.items() if isinstance(v, int) and not isinstance(v, bool)}
    timing = [k for k, role in keys.items() if role == "seconds"]
    for key, role in keys.items():  # the caller's limit first: it is tighter than any the agent has
        value = given.get(key)
        if (
            role != "seconds"
            and isinstance(value, int)
            and not isinstance(value, bool)
            and value > max_iterations
        ):
            unit = " iterations" if role == "iterations" else ""
            raise OptionError(
                f"agent {kind}: {key}={_text(value)} is over the limit of {max_iterations:,}{unit} a move"
            )
    params = _validated(kind, params_model, given)  # the spec as given, its defaults resolved
    out = dict(given)
    for key in timing:
        t = given.get(key)
        if t is None:
            out[key] = max_seconds
        elif float(getattr(params, key)) > max_seconds:
            raise OptionError(
                f"agent {kind}: {key}={shorten(t, 20)} is over the limit of {max_seconds:g} s a move"
            )
    work = 1
    named = []
    for key, role in keys.items():
        value = getattr(params, key, None)
        if role == "seconds" or value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise OptionError(f"agent {kind}: {key} must be a number, is {shorten(value, 20)!r}")
        if timing and key not in out:
            out[key] = value  # a default count stays in force beside the time it is given
        if role == "count":
            if value > max_iterations:
                raise OptionError(
                    f"agent {kind}: {key}={_text(value)} is over the limit of {max_iterations:,} a move"
                )
            continue
        work *= max(1, int(value))
        named.append(f"{key}={_text(value)}")
        if work > max_iterations:
            raise OptionError(
                f"agent {kind}: {' × '.join(named)} is over the limit of {max_iterations:,} iterations a move"
            )
    params = _validated(kind, params_model, out)
    seconds = max_seconds
    if timing:
        seconds = min(max_seconds, float(getattr(params, timing[0])))
    text = ",".join(f"{k}={_text(v)}" for k, v in out.items())
    return Budgeted(f"{kind}:{text}" if text else kind, kind, seconds, timed=bool(timing))


def _validated(kind: str, model: type[BaseModel], given: dict[str, Any]) -> BaseModel:
    try:
        return model(**given)
    except ValidationError as e:
        from kansei.agents.base import _param_error

        raise OptionError(_param_error(kind, model, e)) from None
    except TypeError as e:  # a model that takes no such arguments at all
        raise OptionError(f"agent {kind}: {shorten(e, 80)}") from None


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


__all__ = [
    "BUDGET",
    "COUNT",
    "ITERATIONS",
    "SECONDS",
    "Budgeted",
    "agent_params",
    "budget_keys",
    "check_spec",
]
