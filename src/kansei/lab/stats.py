"""The lab's statistics: rates with Wilson intervals, paired differences, Newcombe's difference of two
independent rates, and Holm's correction for many comparisons.

Games are grouped into *units*: the games played on one seed (both seatings of a pairing, both arms of a
card swap). Games of a unit share their deal, so they are not independent; every interval here treats the
unit as the independent observation:

- a **rate** (a deck's score, a seat's win rate; a win counts 1 and a draw ½) is the mean of its units'
  scores, with a Wilson score interval at the *effective* number of games ``p(1 − p) / Var(mean)`` (Kish's
  design effect). When every unit is one game that is exactly the textbook Wilson interval.
- a **paired difference** (card X against its baseline on the same seeds; version B against version A)
  is the mean of the per-unit differences, with Student's t interval and a two-sided p-value.
- **Newcombe's hybrid score interval** (his method 10) is for two rates from different games (the
  observational "win rate when drawn" against "when not drawn").
- **Holm's step-down correction** keeps the chance of flagging any of ``m`` comparisons by luck under 5%;
  each comparison's interval is drawn at the level of the Holm step that decided it, so a flagged
  difference is exactly one whose interval leaves out zero.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from statistics import NormalDist

import numpy as np
from scipy import stats as sps  # type: ignore[import-untyped]

from kansei.sim.stats import wilson

ALPHA = 0.05
Z95 = NormalDist().inv_cdf(1 - ALPHA / 2)


@dataclass(frozen=True)
class Rate:
    """A mean score in [0, 1] with its interval: ``units`` independent units holding ``games`` games."""

    value: float
    low: float
    high: float
    units: int
    games: int

    def to_dict(self) -> dict[str, float | int]:
        return asdict(self)


@dataclass(frozen=True)
class Diff:
    """A difference with its interval and two-sided p-value (``p_holm``: after Holm, where corrected)."""

    value: float
    low: float
    high: float
    p: float
    units: int
    p_holm: float | None = None
    level: float = 1 - ALPHA  # the confidence level the interval is drawn at

    @property
    def flagged(self) -> bool:
        return (self.p_holm if self.p_holm is not None else self.p) < ALPHA

    def to_dict(self, value: str = "value") -> dict[str, float | int | bool | None]:
        """As a dict, the difference itself under the name ``value`` (``impact``, ``delta``…)."""
        d: dict[str, float | int | bool | None] = dict(asdict(self))
        d[value] = d.pop("value")
        d["flagged"] = self.flagged
        return d


def rate(values: Sequence[float], games_per_unit: int = 1, z: float = Z95) -> Rate:
    """The mean of per-unit scores (each in [0, 1]) with a Wilson interval at the effective sample size."""
    x = np.asarray(values, dtype=float)
    n = int(x.size)
    games = n * games_per_unit
    if n == 0:
        return Rate(math.nan, 0.0, 1.0, 0, 0)
    p = float(x.mean())
    var_mean = float(x.var()) / n  # population variance: binary single-game units give exactly n
    n_eff = games if var_mean <= 0 else min(p * (1 - p) / var_mean, float(games))
    if n_eff <= 0:
        n_eff = float(games)
    low, high = wilson(p * n_eff, n_eff, z)
    return Rate(p, low, high, n, games)


def wilson_rate(k: float, n: int, z: float = Z95) -> Rate:
    """``k`` points (draws as ½) out of ``n`` independent games."""
    if n == 0:
        return Rate(math.nan, 0.0, 1.0, 0, 0)
    low, high = wilson(k, n, z)
    return Rate(k / n, low, high, n, n)


def paired(diffs: Sequence[float], level: float = 1 - ALPHA, bound: float = math.inf) -> Diff:
    """Mean of per-unit differences with Student's t interval and two-sided p-value; the interval is cut
    to [-bound, bound] (a difference of win rates lies within ±1)."""
    d = np.asarray(diffs, dtype=float)
    n = int(d.size)
    if n == 0:
        return Diff(math.nan, math.nan, math.nan, 1.0, 0, level=level)
    mean = float(d.mean())
    if n == 1:
        return Diff(mean, -bound, bound, 1.0, 1, level=level)
    se = float(d.std(ddof=1)) / math.sqrt(n)
    if se == 0:  # every unit gave the same difference
        p = 1.0 if mean == 0 else 0.0
        return Diff(mean, mean, mean, p, n, level=level)
    q = float(sps.t.ppf(1 - (1 - level) / 2, n - 1))
    p = float(2 * sps.t.sf(abs(mean) / se, n - 1))
    return Diff(mean, max(-bound, mean - q * se), min(bound, mean + q * se), p, n, level=level)


def newcombe(k1: float, n1: int, k2: float, n2: int, z: float = Z95) -> Diff:
    """p1 − p2 for two independent rates: Newcombe's hybrid score interval (1998, method 10).

    The p-value is the two-sided score (pooled z) test's."""
    if n1 == 0 or n2 == 0:
        return Diff(math.nan, -1.0, 1.0, 1.0, n1 + n2)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = 1.0 if se == 0 else 2 * NormalDist().cdf(-abs(d) / se)
    return Diff(d, low, high, p, n1 + n2)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (in the order given)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def holm_levels(pvalues: Sequence[float], alpha: float = ALPHA) -> list[float]:
    """The confidence level of each comparison's interval under Holm's procedure.

    The comparisons Holm rejects, in order of p, get 1 − α/(m − rank); every later one gets the level of
    the step where the procedure stopped. So an interval leaves out zero exactly when Holm flags it."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    levels = [1 - alpha] * m
    stopped: float | None = None
    for rank, i in enumerate(order):
        step = alpha / (m - rank)
        if stopped is None and pvalues[i] >= step:
            stopped = step
        levels[i] = 1 - (stopped if stopped is not None else step)
    return levels


def paired_family(samples: Sequence[Sequence[float]], alpha: float = ALPHA, bound: float = 1.0) -> list[Diff]:
    """Paired differences for ``m`` comparisons, Holm-corrected: p_holm, and intervals at Holm's levels."""
    raw = [paired(s, bound=bound) for s in samples]
    if len(raw) <= 1:
        return [Diff(r.value, r.low, r.high, r.p, r.units, r.p) for r in raw]
    adjusted = holm([r.p for r in raw])
    levels = holm_levels([r.p for r in raw], alpha)
    out = []
    for s, r, pa, lv in zip(samples, raw, adjusted, levels, strict=True):
        c = paired(s, level=lv, bound=bound)
        out.append(Diff(c.value, c.low, c.high, r.p, r.units, pa, lv))
    return out


__all__ = [
    "ALPHA",
    "Diff",
    "Rate",
    "Z95",
    "holm",
    "holm_levels",
    "newcombe",
    "paired",
    "paired_family",
    "rate",
    "wilson_rate",
]
