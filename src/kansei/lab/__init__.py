"""The balance lab: designers' experiments answered with thousands of games, honest intervals and plots.

Experiments (``kansei lab …``): ``matchup``, ``seats``, ``card`` (controlled swap, ``--scan``), ``shape``,
``skill``, ``diff`` (two content versions) and ``observe`` (saved games). Games run on a local process pool
or on Ray; every game's result lands in a Parquet dataset under the run's folder, so a run resumes where it
stopped and re-reports without replaying. See docs/lab.md.

Importing this package is cheap: the heavy parts (pyarrow, Ray, plotly, scipy) load when a run starts.
"""

from __future__ import annotations

from typing import Any

__all__ = ["report", "resume", "start"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import runner

        return getattr(runner, name)
    raise AttributeError(name)
