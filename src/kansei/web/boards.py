"""Where each game's browser board comes from (docs/web-boards.md).

A board is an ES module loaded by game id. A game's own package may ship one: ``web/board.js`` beside its
``game.py`` (with any files it imports or draws, under ``web/``), served at ``/boards/<id>/board.js``.
Otherwise the table's built-in board for that id (``static/games/<id>.js``), and otherwise the generic
board, which draws any game from its typed view. Nothing here names a game.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from kansei.core.protocol import Game

HERE = Path(__file__).parent
BUILT_IN = HERE / "static" / "games"
GENERIC = "/static/games/generic.js"
PLUGIN_FOLDER = "web"
PLUGIN_ENTRY = "board.js"
# what a board's folder may serve (no page, no script of another kind, nothing executable on the server)
SERVED = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".jpg": "image/jpeg",
    ".woff2": "font/woff2",
}


def plugin_folder(game: Game) -> Path | None:
    """The ``web/`` folder of the game's own package, if it ships a board there."""
    pkg = game.package_dir()
    folder = pkg / PLUGIN_FOLDER if pkg is not None else None
    return folder if folder is not None and (folder / PLUGIN_ENTRY).is_file() else None


def board_url(game: Game) -> str:
    """The module the table imports for ``game``: its package's, the built-in one, or the generic."""
    if plugin_folder(game) is not None:
        return f"/boards/{game.id}/{PLUGIN_ENTRY}"
    if (BUILT_IN / f"{game.id}.js").is_file() and game.id != "generic":
        return f"/static/games/{game.id}.js"
    return GENERIC


def board_file(game: Game, path: str) -> tuple[Path, str] | None:
    """A file of the game's board folder (its path and media type), or None: outside the folder, of a
    kind a board does not serve, or missing. The answer is the same whatever lies outside the folder."""
    folder = plugin_folder(game)
    if folder is None or not path or len(path) > 200 or "\\" in path or "\0" in path:
        return None
    root = folder.resolve()
    target = (root / path).resolve()
    if root not in target.parents or not target.is_file():
        return None
    kind = SERVED.get(target.suffix.lower())
    if kind is None:
        return None
    return target, kind or mimetypes.guess_type(target.name)[0] or "application/octet-stream"
