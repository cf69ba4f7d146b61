"""A run's folder: what was asked (``run.json``), every game's result (a Parquet dataset under ``games/``),
the content versions played (``content/``) and the reports (``report.html``, ``results.csv``,
``result.json``).

Results are appended as whole Parquet files, each written to a temporary name and renamed, so a file is
either complete or absent whatever stops the run; a game written twice (a chunk finished just as the run
was stopped and is played again on resume) is read once.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.dataset as ds  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

import kansei
from kansei.core.options import shorten

from .errors import RunError

FORMAT = "kansei-lab-run/2"
DEFAULT_ROOT = Path("lab-runs")

SCHEMA = pa.schema(
    [
        ("index", pa.int64()),
        ("unit", pa.int64()),
        ("game", pa.string()),
        ("version", pa.int16()),
        ("seed", pa.uint64()),
        ("players", pa.int16()),
        ("tag", pa.string()),
        ("agents", pa.list_(pa.string())),
        ("decks", pa.list_(pa.string())),
        ("first_mover", pa.int16()),
        ("winner", pa.int16()),
        ("scores", pa.list_(pa.float64())),
        ("returns", pa.list_(pa.float64())),
        ("actions", pa.int32()),
        ("turns", pa.int32()),
        ("seconds", pa.float64()),
        ("lead_changes", pa.int32()),
        ("first_leader", pa.int16()),
        ("half_leader", pa.int16()),
        ("comeback", pa.bool_()),
        ("margin", pa.float64()),
        ("drawn", pa.list_(pa.list_(pa.string()))),
        ("played", pa.list_(pa.list_(pa.string()))),
        ("drawn_by_turn", pa.list_(pa.list_(pa.int32()))),
    ]
)


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


class Run:
    """A run folder on disk."""

    def __init__(self, folder: Path, meta: dict[str, Any]):
        self.folder = folder
        self.meta = meta

    # -- making and finding runs -------------------------------------------------------------------
    @staticmethod
    def new_folder(root: Path | None, label: str) -> Path:
        root = root if root is not None else DEFAULT_ROOT
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = re.sub(r"[^A-Za-z0-9_.-]+", "-", label).strip("-") or "run"
        folder = root / f"{base}-{stamp}"
        n = 2
        while folder.exists():
            folder = root / f"{base}-{stamp}-{n}"
            n += 1
        return folder

    @classmethod
    def create(cls, folder: Path, meta: dict[str, Any]) -> Run:
        if (folder / "run.json").exists():
            raise RunError(
                f"{shorten(folder)} already holds a run: resume it with --resume {shorten(folder)}"
            )
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "games").mkdir(exist_ok=True)
        meta = dict(meta, format=FORMAT, created=datetime.now(UTC).isoformat(timespec="seconds"))
        run = cls(folder, meta)
        run.save_meta()
        return run

    @classmethod
    def open(cls, where: str | Path, root: Path | None = None) -> Run:
        """A run by folder, or by name under the runs folder."""
        folder = Path(where)
        if (
            not (folder / "run.json").exists()
            and root is not None
            and (root / str(where) / "run.json").exists()
        ):
            folder = root / str(where)
        if not (folder / "run.json").exists() and (DEFAULT_ROOT / str(where) / "run.json").exists():
            folder = DEFAULT_ROOT / str(where)
        meta_path = folder / "run.json"
        if not meta_path.exists():
            raise RunError(f"{shorten(str(where))}: no lab run there (a run folder holds run.json)")
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise RunError(f"{shorten(str(meta_path))}: unreadable ({type(e).__name__})") from None
        if not isinstance(meta, dict) or not str(meta.get("format", "")).startswith("kansei-lab-run/"):
            raise RunError(f"{shorten(str(meta_path))}: not a kansei lab run")
        made = str(meta.get("kansei", "?"))
        if meta.get("format") != FORMAT or made != kansei.__version__:
            raise RunError(
                f"{shorten(str(folder))} was made by kansei {shorten(made, 20)} ({meta.get('format')}); this "
                f"is kansei {kansei.__version__} ({FORMAT}): its games cannot be mixed or re-read, start "
                "a new run"
            )
        return cls(folder, meta)

    @property
    def status(self) -> str:
        """'complete' (played and reported), 'playing', 'stopped' (resume it) or 'failed: <why>'."""
        return str(self.meta.get("status", "playing"))

    def set_status(self, status: str) -> None:
        self.meta["status"] = status
        self.save_meta()

    def save_meta(self) -> None:
        # keys in their order: a deck's card order is the order its cards are shuffled from
        _atomic_write(self.folder / "run.json", json.dumps(self.meta, indent=1).encode())

    # -- results -----------------------------------------------------------------------------------
    @property
    def games_dir(self) -> Path:
        return self.folder / "games"

    def write_rows(self, rows: list[dict[str, Any]]) -> None:
        """Append finished games as one Parquet file."""
        if not rows:
            return
        table = pa.Table.from_pylist(rows, schema=SCHEMA)
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink, compression="zstd")
        name = f"part-{datetime.now():%H%M%S}-{uuid.uuid4().hex[:10]}.parquet"
        _atomic_write(self.games_dir / name, sink.getvalue().to_pybytes())

    def _parts(self) -> list[Path]:
        return sorted(self.games_dir.glob("part-*.parquet")) if self.games_dir.is_dir() else []

    def table(self) -> pa.Table:
        """Every game played so far, one row per index, sorted by index."""
        parts = self._parts()
        if not parts:
            return SCHEMA.empty_table()
        table = ds.dataset([str(p) for p in parts], format="parquet", schema=SCHEMA).to_table()
        table = table.sort_by("index")
        idx = table.column("index").to_pylist()
        keep = [i for i in range(len(idx)) if i == 0 or idx[i] != idx[i - 1]]
        return table.take(keep) if len(keep) != len(idx) else table

    def done(self) -> set[int]:
        parts = self._parts()
        if not parts:
            return set()
        col = ds.dataset([str(p) for p in parts], format="parquet", schema=SCHEMA).to_table(columns=["index"])
        return set(col.column("index").to_pylist())

    def rows(self) -> list[dict[str, Any]]:
        return self.table().to_pylist()

    def compact(self) -> None:
        """Fold the parts into one file (after a run finished); safe to stop at any moment."""
        parts = self._parts()
        if len(parts) <= 1:
            return
        table = self.table()
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink, compression="zstd")
        _atomic_write(self.games_dir / "part-all.parquet.new", sink.getvalue().to_pybytes())
        os.replace(self.games_dir / "part-all.parquet.new", self.games_dir / "part-0-all.parquet")
        for p in parts:
            if p.name != "part-0-all.parquet":
                p.unlink(missing_ok=True)


__all__ = ["DEFAULT_ROOT", "FORMAT", "SCHEMA", "Run", "RunError"]
