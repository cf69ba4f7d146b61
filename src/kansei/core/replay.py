"""Replay and scenario files (JSON, format ``kansei-replay/1``).

``{"format": "kansei-replay/1", "game": "touge", "options": {...}, "seed": 7, "players": 2,
"decks": [...], "setup": {...}, "actions": ["road akina-hairpin", "pass", ...], "result": {...}}``

``result`` holds ``winner``, ``returns``, ``over`` and ``digest`` (a hash of the final ``reveal()``), so a
re-run checks the outcome byte for byte. A file with a ``setup`` and few actions is a scenario.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ContentError, KanseiError
from .protocol import State
from .registry import load

FORMAT = "kansei-replay/1"


def digest(state: State) -> str:
    blob = json.dumps(state.reveal(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def result_of(state: State) -> dict:
    return {
        "over": state.is_over,
        "winner": state.winner if state.is_over else None,
        "returns": state.returns() if state.is_over else None,
        "digest": digest(state),
    }


def make_replay(
    game_id: str,
    options: dict,
    seed: int,
    players: int,
    decks: list | None,
    setup: dict | None,
    actions: list[str],
    state: State | None,
    agents: list[str] | None = None,
) -> dict:
    rep: dict[str, Any] = {
        "format": FORMAT,
        "game": game_id,
        "options": options,
        "seed": seed,
        "players": players,
        "decks": decks,
        "setup": setup or {},
        "actions": list(actions),
    }
    if agents:
        rep["agents"] = agents
    if state is not None:
        rep["result"] = result_of(state)
    return rep


def save(path: Path, replay: dict) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(replay, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)  # atomic: a crash never leaves half a replay
    return path


def read(path: Path) -> dict:
    path = Path(path)
    display = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError([f"{display}: no such file"]) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ContentError([f"{display}: not a JSON replay: {e}"]) from None
    problems = []
    if not isinstance(data, dict):
        raise ContentError([f"{display}: a replay is a JSON object"])
    if data.get("format") != FORMAT:
        problems.append(f"{display}: format must be {FORMAT!r}, is {data.get('format')!r}")
    if not isinstance(data.get("game"), str):
        problems.append(f"{display}: game: missing or not a string")
    if not isinstance(data.get("seed", 0), int):
        problems.append(f"{display}: seed: must be an integer")
    if not isinstance(data.get("options", {}), dict):
        problems.append(f"{display}: options: must be an object")
    if not isinstance(data.get("setup", {}) or {}, dict):
        problems.append(f"{display}: setup: must be an object")
    acts = data.get("actions", [])
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        problems.append(f"{display}: actions: must be a list of strings")
    if problems:
        raise ContentError(problems)
    return data


@dataclass
class RunResult:
    state: State
    applied: int
    error: str | None
    expected: dict | None
    reproduced: bool | None

    @property
    def ok(self) -> bool:
        return self.error is None and self.reproduced is not False


def run(replay: dict, display: str = "replay") -> RunResult:
    """Re-run a replay; reports the first refused action (with its index) instead of raising."""
    game = load(replay["game"], **(replay.get("options") or {}))
    state = game.start(
        seed=replay.get("seed", 0),
        players=replay.get("players"),
        decks=replay.get("decks"),
        setup=replay.get("setup") or None,
    )
    error = None
    applied = 0
    for i, text in enumerate(replay.get("actions", [])):
        try:
            state.apply(text)
        except KanseiError as e:
            error = f"{display}: action {i + 1} {text!r}: {e}"
            break
        applied += 1
    expected = replay.get("result")
    reproduced = None
    if expected is not None and error is None:
        got = result_of(state)
        reproduced = all(got.get(k) == v for k, v in expected.items() if k in got)
    return RunResult(state, applied, error, expected, reproduced)
