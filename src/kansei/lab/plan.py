"""What a run plays: the shared tables of a run (games, content versions, decks, agents) and its jobs.

A :class:`Job` is one game, named by small integers into the run's :class:`Tables`, so thousands of jobs
ship cheaply to workers while the decks and content files travel once per worker. A job's seed depends
only on the run's seed and the job's *unit* (the games dealt from one seed: both seatings of a pairing,
both arms of a card swap, both content versions of a diff), never on the order games are played in or on
which worker plays them — the same seed gives the same numbers on every backend and worker count.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from kansei.core.rng import derive_seed

SEED_LIMIT = 2**63  # derive_seed gives 63-bit seeds; a game accepts any seed below 2**64


@dataclass(frozen=True)
class GameRef:
    """A game id with its options, and its content versions (``None``: the shipped content)."""

    id: str
    options: dict[str, Any]
    versions: list[str | None]  # a digest per version: the key into Tables.contents
    shipped_digest: str | None = None  # the driver's digest of the shipped content, checked by workers


@dataclass
class Tables:
    """Everything jobs refer to by number; shipped to each worker once."""

    games: list[GameRef] = field(default_factory=list)
    decks: list[dict[str, Any]] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)
    contents: dict[str, dict[str, bytes]] = field(default_factory=dict)  # digest -> {relative path: bytes}
    records: bool = False  # keep the cards each seat drew and played (card events) in every row

    def deck(self, deck: dict[str, Any]) -> int:
        """The index of ``deck`` in the table (added if new). Decks are the same only in the same order:
        a deck list's order decides its shuffle, so a reordered deck is another deck."""
        key = deck_key(deck)
        for i, d in enumerate(self.decks):
            if deck_key(d) == key:
                return i
        self.decks.append(deck)
        return len(self.decks) - 1

    def agent(self, spec: str) -> int:
        if spec not in self.agents:
            self.agents.append(spec)
        return self.agents.index(spec)


def deck_key(deck: dict[str, Any]) -> str:
    """Deck data as text with its keys in their order (two decks are one only if this is equal)."""
    return json.dumps(deck, default=str)


@dataclass(frozen=True)
class Job:
    """One game. ``decks``/``agents`` hold an index per seat (deck None: the game's own default)."""

    index: int
    unit: int
    seed: int
    players: int
    agents: tuple[int, ...]
    decks: tuple[int | None, ...] | None = None
    game: int = 0
    version: int = 0
    tag: str = ""  # the experiment's label for this game (cell, arm), kept in the dataset for people


def unit_seed(run_seed: int, unit: int) -> int:
    """The seed of every game of unit ``unit``."""
    return derive_seed(run_seed, "lab-unit", unit)


def numbered(jobs: list[Job]) -> list[Job]:
    """The jobs with ``index`` set to their position."""
    return [
        Job(i, j.unit, j.seed, j.players, j.agents, j.decks, j.game, j.version, j.tag)
        for i, j in enumerate(jobs)
    ]


def plan_digest(tables: Tables, jobs: list[Job]) -> str:
    """A hash of everything that decides the games' results (to refuse resuming a different plan)."""
    h = hashlib.sha256()
    meta = {
        "games": [asdict(g) for g in tables.games],
        "decks": tables.decks,
        "agents": tables.agents,
        "records": tables.records,
    }
    h.update(json.dumps(meta, default=str).encode())  # in order: a deck's card order decides its shuffle
    for j in jobs:
        h.update(repr((j.index, j.unit, j.seed, j.players, j.agents, j.decks, j.game, j.version)).encode())
    return h.hexdigest()[:16]


__all__ = ["SEED_LIMIT", "GameRef", "Job", "Tables", "deck_key", "numbered", "plan_digest", "unit_seed"]
