"""What every command shares: the consoles, one-line errors, escaping of user text, option parsing.

Errors a user can cause (unknown game, bad option, malformed file, illegal action, a file that cannot be
read) print one clear line per problem — at most :data:`MAX_ERRORS` of them, then a count — and exit 1,
never a traceback. Any text that came from a user or a file is printed through :func:`clean`: rich markup
and emoji codes are shown as typed, control characters are made visible and long texts are cut.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.cells import cell_len, chop_cells
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import kansei
from kansei.agents import split_specs
from kansei.core.errors import KanseiError, OptionError
from kansei.core.options import parse_pairs, shorten
from kansei.core.protocol import MAX_SEED, Game
from kansei.core.registry import game_class

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="kansei: play, simulate and study five tabletop racing and battle card games.",
    rich_markup_mode="rich",
)
# emoji=False: a user's ':x:' stays ':x:'; highlight=False: no colouring of numbers in user text
out = Console(highlight=False, emoji=False)
err = Console(stderr=True, highlight=False, emoji=False)

MAX_ERRORS = 20  # problem lines printed before "… and N more"
MAX_LINE = 300  # characters of one printed error line
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

F = TypeVar("F", bound=Callable[..., Any])


def clean(text: object, limit: int = MAX_LINE) -> str:
    """User or file text made safe to print with rich markup: control characters shown as ``\\xNN``,
    cut to ``limit`` characters, rich markup escaped (``[/x]`` prints as typed)."""
    s = shorten(str(text), limit) if limit else str(text)
    s = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", s)
    return escape(s)


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 action', '2 actions', '1,204 games'."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def error_lines(problems: Iterable[str], limit: int = MAX_ERRORS) -> list[str]:
    """At most ``limit`` problem lines, then '… and 199,990 more'."""
    lines: list[str] = []
    extra = 0
    for p in problems:
        for line in str(p).splitlines() or [""]:
            if len(lines) < limit:
                lines.append(line)
            else:
                extra += 1
    if extra:
        lines.append(f"… and {extra:,} more")
    return lines


def fail(message: object, code: int = 1) -> NoReturn:
    """Print one line per problem (a text, a list of them, or a ContentError) and exit with ``code``."""
    if isinstance(message, list | tuple):
        problems = [str(m) for m in message]
    elif hasattr(message, "problems"):
        problems = list(message.problems)
    else:
        problems = str(message).splitlines()
    for line in error_lines(problems or [str(message)]):
        err.print(f"[bold red]error:[/] {clean(line)}", soft_wrap=True)
    raise typer.Exit(code)


def warn(line: str) -> None:
    err.print(f"[yellow]{clean(line)}[/]", soft_wrap=True)


def friendly(fn: F) -> F:
    """Turn user-caused errors into one line each and exit code 1 (Ctrl-C: one line, exit 130)."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except KanseiError as e:
            fail(e)
        except OSError as e:  # a file a person named that the system refuses
            where = f"{e.filename}: " if getattr(e, "filename", None) else ""
            fail(f"{where}{e.strerror or type(e).__name__}")
        except RecursionError:
            fail("an input nests too deeply")
        except KeyboardInterrupt:
            err.print("interrupted")
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]


def terminal_size() -> tuple[int, int]:
    """(columns, lines) of the terminal, honouring COLUMNS/LINES (80×24 when unknown)."""
    size = shutil.get_terminal_size((80, 24))
    return max(40, size.columns), max(10, size.lines)


def interactive() -> bool:
    """Whether a person is at a terminal (pauses and screen clearing make sense)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


# ----------------------------------------------------------------------------------- options
def parse_options(opts: list[str] | None, mode: str | None = None) -> dict[str, Any]:
    """``--opt key=value`` (repeatable, the core's one coercion) and ``--mode`` into a game options dict."""
    options = parse_pairs(opts, "--opt")
    if "content" in options:
        raise OptionError("--opt content=…: 'content' is not a game option")
    if mode:
        options["mode"] = mode
    return options


def load_game(game_id: str, options: dict[str, Any]) -> Game:
    cls = game_class(game_id)
    if "mode" in options and "mode" not in cls.Options.model_fields:
        raise OptionError(f"{game_id} has no modes")
    return kansei.load(game_id, **options)


def game_lang(game: Game, lang: str | None) -> str:
    """The display language: ``lang`` if the game has it (else one line naming those it has), or the
    game's default."""
    return game.check_lang(lang) if lang is not None else game.languages[0]


def parse_seed(text: str | None) -> int | None:
    """``--seed``: a whole number 0 <= seed < 2**64 (None: not given)."""
    if text is None:
        return None
    t = text.strip().replace("_", "")
    if not (t.isascii() and t.isdigit()) or len(t) > 20 or int(t) >= MAX_SEED:
        raise OptionError(f"--seed must be a whole number from 0 to 2^64-1, not {shorten(text, 30)!r}")
    return int(t)


def split_agents(text: str) -> list[str]:
    """``--agents``: 'random,mcts:iters=200,time=1' -> ['random', 'mcts:iters=200,time=1'] (the agents
    package's reading of a list of specs)."""
    return split_specs(text)


def progress_bar(label: str) -> Progress:
    return Progress(
        TextColumn(f"[bold]{clean(label, 40)}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    )


# Options shared by several commands.
RunSeed = Annotated[int, typer.Option(min=0, help="seed of the whole run")]
Workers = Annotated[int, typer.Option(help="worker processes")]
Players = Annotated[int | None, typer.Option(help="seats per game (games for more than two)")]
Mode = Annotated[str | None, typer.Option(help="game mode")]
Opts = Annotated[list[str] | None, typer.Option("--opt", help="game option key=value (repeatable)")]
AsJson = Annotated[bool, typer.Option("--json", help="print one JSON object")]
Lang = Annotated[str | None, typer.Option(help="display language (default: the game's first)")]
GameId = Annotated[str, typer.Argument(help="game id, e.g. touge (see `kansei games`)")]


def say(text: str) -> None:
    """Print a line of narration after its marker, wrapping under its own text (not under the marker);
    text in wide characters without spaces (Japanese), which word wrapping would push whole onto the
    next line, is folded at the edge instead."""
    text = shorten(text, 400)
    width = max(20, terminal_size()[0] - 4)
    if cell_len(text) <= len(text) + 2:
        line = Table.grid(padding=(0, 1))
        line.add_column(no_wrap=True)
        line.add_column(max_width=width)
        line.add_row("  [cyan]›[/]", clean(text, 0))
        out.print(line)
        return
    for i, chunk in enumerate(chop_cells(text, width)):
        out.print(f"  [cyan]›[/] {clean(chunk, 0)}" if i == 0 else f"    {clean(chunk, 0)}")
