"""The lab's experiments, by the name the command line gives them."""

from __future__ import annotations

from .base import CommonParams, Experiment, Result
from .card import Card
from .diff import Diff
from .matchup import Matchup
from .observe import Observe
from .search import Build, Search, Tune
from .seats import Seats
from .shape import Shape
from .skill import Skill

EXPERIMENTS: dict[str, type[Experiment]] = {
    e.kind: e for e in (Matchup, Seats, Card, Shape, Skill, Diff, Observe, Tune, Build)
}

__all__ = ["EXPERIMENTS", "CommonParams", "Experiment", "Result", "Search"]
