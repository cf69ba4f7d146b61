"""The lab's statistics: rates with Wilson intervals, paired differences (Student's t, or an exact sign-flip
permutation test where units are few), Newcombe's difference of two independent rates, Holm's correction
over independent hypotheses, always-valid confidence sequences for sequential runs, and sample sizes.

Games are grouped into *units*: the games played on one seed (both seatings of a pairing, both arms of a
card swap). Games of a unit share their deal, so they are not independent; every interval here treats the
unit as the independent observation:

- **No interval or p-value from fewer than** :data:`MIN_UNITS` independent units: the result says "not
  enough games" instead (and the hypothesis does not join Holm's family).
- a **rate** (a deck's score, a seat's win rate; a win counts 1 and a draw 1/players) is the mean of its
  units' scores, with a Wilson score interval at the *effective* number of games ``p(1 − p) / Var(mean)``
  (Kish's design effect), never more than the games nor fewer than the units. When every unit is one game
  that is exactly the textbook Wilson interval.
- a **paired difference** (card X against its baseline on the same seeds; version B against version A)
  is the mean of the per-unit differences. From :data:`EXACT_UNITS` units on, with some spread, Student's
  t gives the interval and the two-sided p-value; with fewer units (or every unit giving the same
  difference) the sign-flip permutation test does (every sign pattern enumerated up to
  :data:`ENUMERATE` units, else :data:`PERMUTATIONS` seeded draws), and its interval is the test
  inverted: every shift the test does not reject.
- **Newcombe's hybrid score interval** (his method 10) is for two rates from different games.
- **Holm's step-down correction** keeps the chance of flagging any of ``m`` comparisons by luck under 5%;
  each comparison's interval is drawn at the level of the Holm step that decided it (and labelled with
  it: "99.3% interval"), so a flagged difference is exactly one whose interval leaves out zero. Callers
  pass independent hypotheses only (a 2-seat game's seat 1 is seat 0's mirror: one hypothesis).
- A **sequential run** (``--precision``, ``--until-significant``) looks at its data after every round;
  fixed-sample intervals would then cover less than they claim. It uses the asymptotic confidence
  sequence of Waudby-Smith et al. (2021, "Time-uniform central limit theory"): an interval valid at every
  look at once, Bonferroni over the run's comparisons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import product
from statistics import NormalDist

import numpy as np
from scipy import stats as sps  # type: ignore[import-untyped]

from kansei.sim.stats import wilson

ALPHA = 0.05
Z95 = NormalDist().inv_cdf(1 - ALPHA / 2)
MIN_UNITS = 10  # independent units below which no interval or p-value is given
EXACT_UNITS = 30  # below this many units a paired test is a sign-flip permutation test
ENUMERATE = 16  # up to this many units every sign pattern is enumerated (an exact test)
PERMUTATIONS = 20_000  # seeded sign patterns drawn above ENUMERATE units
POWER = 0.8  # the power sample sizes are planned for


def level_label(level: float) -> str:
    """'95%', '99.3%', '99.92%': a level as a person reads it (one decimal, more only to tell it from 100)."""
    pct = 100 * level
    if abs(pct - round(pct)) < 1e-9:
        return f"{pct:.0f}%"
    for digits in (1, 2, 3, 4):
        text = f"{pct:.{digits}f}"
        if float(text) < 100:
            return f"{text}%"
    return f"{pct:.4f}%"


@dataclass(frozen=True)
class Rate:
    """A mean score in [0, 1] with its interval: ``units`` independent units holding ``games`` games.
    ``low``/``high`` are NaN when there are fewer than MIN_UNITS units (``enough`` is then False)."""

    value: float
    low: float
    high: float
    units: int
    games: int
    level: float = 1 - ALPHA

    @property
    def enough(self) -> bool:
        return self.units >= MIN_UNITS and not math.isnan(self.low)

    def to_dict(self) -> dict[str, float | int | bool]:
        d: dict[str, float | int | bool] = dict(asdict(self))
        d["enough"] = self.enough
        return d


@dataclass(frozen=True)
class Diff:
    """A difference with its interval and two-sided p-value (``p_holm``: after Holm, where corrected).

    ``method``: "t", "exact sign-flip", "sign-flip (20000 draws)", "always-valid" (a sequential run), or
    "not enough units" (then the interval is NaN, p is 1 and nothing is flagged)."""

    value: float
    low: float
    high: float
    p: float
    units: int
    p_holm: float | None = None
    level: float = 1 - ALPHA  # the confidence level the interval is drawn at
    method: str = "t"
    p_better: float | None = None  # the probability the difference is above zero (flat prior)

    @property
    def enough(self) -> bool:
        return self.method != "not enough units"

    @property
    def flagged(self) -> bool:
        if not self.enough:
            return False
        if self.method == "always-valid":
            return self.low > 0 or self.high < 0
        return (self.p_holm if self.p_holm is not None else self.p) < ALPHA

    def to_dict(self, value: str = "value") -> dict[str, float | int | bool | str | None]:
        """As a dict, the difference itself under the name ``value`` (``impact``, ``delta``…)."""
        d: dict[str, float | int | bool | str | None] = dict(asdict(self))
        d[value] = d.pop("value")
        d["flagged"] = self.flagged
        d["enough"] = self.enough
        return d


def rate(values: Sequence[float], games_per_unit: int = 1, z: float = Z95) -> Rate:
    """The mean of per-unit scores (each in [0, 1]) with a Wilson interval at the effective sample size."""
    x = np.asarray(values, dtype=float)
    n = int(x.size)
    games = n * games_per_unit
    level = 2 * NormalDist().cdf(z) - 1
    if n == 0:
        return Rate(math.nan, math.nan, math.nan, 0, 0, level)
    p = float(x.mean())
    if n < MIN_UNITS:
        return Rate(p, math.nan, math.nan, n, games, level)
    var_mean = float(x.var()) / n  # population variance: binary single-game units give exactly n
    n_eff = float(n) if var_mean <= 0 else min(p * (1 - p) / var_mean, float(games))
    n_eff = max(n_eff, float(n))  # a unit is at least one independent game
    low, high = wilson(p * n_eff, n_eff, z)
    return Rate(p, low, high, n, games, level)


def wilson_rate(k: float, n: int, z: float = Z95) -> Rate:
    """``k`` points (draws as ½) out of ``n`` independent games."""
    level = 2 * NormalDist().cdf(z) - 1
    if n == 0:
        return Rate(math.nan, math.nan, math.nan, 0, 0, level)
    if n < MIN_UNITS:
        return Rate(k / n, math.nan, math.nan, n, n, level)
    low, high = wilson(k, n, z)
    return Rate(k / n, low, high, n, n, level)


# -- paired differences ------------------------------------------------------------------------------
def _signs(n: int) -> np.ndarray:
    """The sign patterns of the permutation test: all 2**n up to ENUMERATE units, else seeded draws."""
    if n <= ENUMERATE:
        return np.array(list(product((1.0, -1.0), repeat=n)))
    rng = np.random.default_rng(20_000 + n)  # fixed: the same data always gives the same p-value
    return rng.choice(np.array([1.0, -1.0]), size=(PERMUTATIONS, n))


def _flip_p(d: np.ndarray, signs: np.ndarray, shift: float) -> float:
    """Two-sided sign-flip p-value of 'the mean of d is shift'."""
    x = d - shift
    observed = abs(float(x.sum()))
    stats = np.abs(signs @ x)
    hits = int(np.count_nonzero(stats >= observed - 1e-12 * (1 + observed)))
    if signs.shape[0] == 2 ** signs.shape[1]:
        return hits / signs.shape[0]
    return (hits + 1) / (signs.shape[0] + 1)


def _flip_bound(d: np.ndarray, signs: np.ndarray, alpha: float, direction: int, bound: float) -> float:
    """The farthest shift on one side of the mean that the sign-flip test at ``alpha`` does not reject."""
    mean = float(d.mean())
    far = float(d.max() if direction > 0 else d.min())
    if _flip_p(d, signs, far) > alpha:  # not rejected even past every unit: unbounded on this side
        return direction * bound if math.isfinite(bound) else far
    lo, hi = mean, far  # p(lo) > alpha >= p(hi)
    for _ in range(50):
        mid = (lo + hi) / 2
        if _flip_p(d, signs, mid) > alpha:
            lo = mid
        else:
            hi = mid
        if abs(hi - lo) < 1e-7:
            break
    return lo


def paired(diffs: Sequence[float], level: float = 1 - ALPHA, bound: float = math.inf) -> Diff:
    """Mean of per-unit differences with its interval and two-sided p-value (t from EXACT_UNITS units with
    spread, the sign-flip permutation test otherwise); the interval is cut to [-bound, bound] (a
    difference of win rates lies within ±1). Fewer than MIN_UNITS units: no interval, no p-value."""
    d = np.asarray(diffs, dtype=float)
    n = int(d.size)
    if n == 0:
        return Diff(math.nan, math.nan, math.nan, 1.0, 0, level=level, method="not enough units")
    mean = float(d.mean())
    if n < MIN_UNITS:
        return Diff(mean, math.nan, math.nan, 1.0, n, level=level, method="not enough units")
    sd = float(d.std(ddof=1))
    better = p_better(mean, sd, n)
    if sd == 0:  # every unit gave the same difference: the sign-flip test, worked out
        p = 1.0 if mean == 0 else min(1.0, 2.0 ** (1 - n))
        return Diff(mean, mean, mean, p, n, level=level, method="exact sign-flip", p_better=better)
    if n < EXACT_UNITS:
        signs = _signs(n)
        p = _flip_p(d, signs, 0.0)
        alpha = 1 - level
        low = max(-bound, _flip_bound(d, signs, alpha, -1, bound))
        high = min(bound, _flip_bound(d, signs, alpha, 1, bound))
        # the sign-flip p-value is a step function of the shift, not monotone: keep the interval's hull
        # consistent with the test of zero (it holds zero exactly when zero is not rejected)
        if p > alpha:
            low, high = min(low, 0.0), max(high, 0.0)
        elif low <= 0.0 <= high:
            tiny = 1e-9 * max(1.0, abs(mean))
            low, high = (max(low, tiny), high) if mean > 0 else (low, min(high, -tiny))
        method = "exact sign-flip" if n <= ENUMERATE else f"sign-flip ({PERMUTATIONS} draws)"
        return Diff(mean, low, high, p, n, level=level, method=method, p_better=better)
    se = sd / math.sqrt(n)
    q = float(sps.t.ppf(1 - (1 - level) / 2, n - 1))
    p = float(2 * sps.t.sf(abs(mean) / se, n - 1))
    return Diff(
        mean, max(-bound, mean - q * se), min(bound, mean + q * se), p, n, level=level, p_better=better
    )


def p_better(mean: float, sd: float, n: int) -> float:
    """The probability that the true mean difference is above zero, with a flat prior and the normal
    approximation of the mean (Student's t with n − 1 degrees of freedom): P(B better)."""
    if n < 2 or not math.isfinite(sd):
        return math.nan
    if sd == 0:
        return 1.0 if mean > 0 else 0.0 if mean < 0 else 0.5
    return float(sps.t.cdf(mean / (sd / math.sqrt(n)), n - 1))


def newcombe(k1: float, n1: int, k2: float, n2: int, z: float = Z95) -> Diff:
    """p1 − p2 for two independent rates: Newcombe's hybrid score interval (1998, method 10).

    The p-value is the two-sided score (pooled z) test's."""
    if n1 == 0 or n2 == 0:
        return Diff(math.nan, math.nan, math.nan, 1.0, n1 + n2, method="not enough units")
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = 1.0 if se == 0 else 2 * NormalDist().cdf(-abs(d) / se)
    return Diff(d, low, high, p, n1 + n2, level=2 * NormalDist().cdf(z) - 1, method="Newcombe")


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


def paired_family(
    samples: Sequence[Sequence[float]],
    alpha: float = ALPHA,
    bound: float = 1.0,
    sequential: dict | None = None,
) -> list[Diff]:
    """Paired differences for ``m`` independent comparisons, Holm-corrected: p_holm, and intervals at
    Holm's levels. Comparisons with too few units are reported as such and left out of the family.
    ``sequential`` (a sequential run's settings): always-valid intervals, Bonferroni over the family."""
    if sequential is not None:
        return [confidence_sequence(s, alpha / max(1, len(samples)), sequential, bound) for s in samples]
    raw = [paired(s, bound=bound) for s in samples]
    tested = [i for i, r in enumerate(raw) if r.enough]
    if len(tested) <= 1:
        return [Diff(**{**asdict(r), "p_holm": r.p if r.enough else None}) for r in raw]
    adjusted = holm([raw[i].p for i in tested])
    levels = holm_levels([raw[i].p for i in tested], alpha)
    out = list(raw)
    for i, pa, lv in zip(tested, adjusted, levels, strict=True):
        c = paired(samples[i], level=lv, bound=bound)
        out[i] = Diff(c.value, c.low, c.high, raw[i].p, c.units, pa, lv, c.method, c.p_better)
    return out


# -- sequential runs: an interval valid at every look ----------------------------------------------------
def cs_radius(sd: float, n: int, alpha: float, planned: int) -> float:
    """Half-width of the asymptotic confidence sequence after ``n`` units (Waudby-Smith, Arbour, Sinha,
    Kennedy & Ramdas 2021, Theorem 2.2, two-sided): valid at every ``n`` at once with level 1 − α, tightest
    near ``planned`` units."""
    if n < 2:
        return math.inf
    l2 = -2 * math.log(alpha)
    rho2 = (l2 + math.log(l2 + 1)) / max(1, planned)
    return sd * math.sqrt(2 * (n * rho2 + 1) / (n * n * rho2) * math.log(math.sqrt(n * rho2 + 1) / alpha))


def confidence_sequence(
    values: Sequence[float], alpha: float, sequential: dict, bound: float = 1.0, null: float = 0.0
) -> Diff:
    """The mean of ``values`` with its always-valid interval at level 1 − α (a sequential run's)."""
    x = np.asarray(values, dtype=float)
    n = int(x.size)
    if n < MIN_UNITS:
        mean = float(x.mean()) if n else math.nan
        return Diff(mean, math.nan, math.nan, 1.0, n, level=1 - alpha, method="not enough units")
    mean = float(x.mean())
    sd = float(x.std(ddof=1))
    r = cs_radius(sd, n, alpha, int(sequential.get("planned", n)))
    low, high = max(null - bound, mean - r), min(null + bound, mean + r)
    p = 0.0 if (low > null or high < null) else 1.0  # always-valid: read the interval, not a p-value
    return Diff(mean, low, high, p, n, None, 1 - alpha, "always-valid", p_better(mean - null, sd, n))


# -- sample sizes --------------------------------------------------------------------------------------
def units_needed(sd: float, effect: float, alpha: float = ALPHA, power: float = POWER) -> int:
    """Independent units a two-sided test at ``alpha`` needs to find a true difference of ``effect`` with
    probability ``power``, for per-unit standard deviation ``sd`` (the normal approximation)."""
    if effect <= 0:
        return 10**12
    z = NormalDist().inv_cdf(1 - alpha / 2) + NormalDist().inv_cdf(power)
    return max(MIN_UNITS, math.ceil((z * sd / effect) ** 2))


def units_for_precision(sd: float, half_width: float, alpha: float = ALPHA) -> int:
    """Units for a (fixed-sample) interval of half-width ``half_width``."""
    if half_width <= 0:
        return 10**12
    z = NormalDist().inv_cdf(1 - alpha / 2)
    return max(MIN_UNITS, math.ceil((z * sd / half_width) ** 2))


def cs_units_for_precision(sd: float, half_width: float, alpha: float = ALPHA) -> int:
    """Units after which the confidence sequence tuned for that point is ``half_width`` wide."""
    n = units_for_precision(sd, half_width, alpha)
    while cs_radius(sd, n, alpha, n) > half_width and n < 10**10:
        n = math.ceil(n * 1.05) + 1
    return n


def detectable(sd: float, units: int, alpha: float = ALPHA, power: float = POWER) -> float:
    """The smallest true difference ``units`` units find with probability ``power`` at ``alpha``."""
    if units < 2:
        return math.inf
    z = NormalDist().inv_cdf(1 - alpha / 2) + NormalDist().inv_cdf(power)
    return z * sd / math.sqrt(units)


__all__ = [
    "ALPHA",
    "ENUMERATE",
    "EXACT_UNITS",
    "MIN_UNITS",
    "PERMUTATIONS",
    "Diff",
    "Rate",
    "Z95",
    "confidence_sequence",
    "cs_radius",
    "cs_units_for_precision",
    "detectable",
    "holm",
    "holm_levels",
    "level_label",
    "newcombe",
    "p_better",
    "paired",
    "paired_family",
    "rate",
    "units_for_precision",
    "units_needed",
    "wilson_rate",
]
