"""``kansei analyse`` (the coach's review of a recorded game) and ``kansei levels`` (the named bot levels,
with their measured ratings and time per move)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table

import kansei
from kansei.agents.levels import MoveTime, Rating
from kansei.core import replay as replays
from kansei.core.content import shorten_path
from kansei.core.errors import OptionError
from kansei.core.words import group_digits, percent

from .common import AsJson, app, clean, err, friendly, load_game, out, progress_bar
from .lang import WORDS as TERMINAL_WORDS
from .lang import plural as lang_plural
from .lang import tr

SPARK = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float | None]) -> str:
    """One character a move: the height of a chance between 0 and 1 (a space where none was measured)."""
    top = len(SPARK) - 1
    return "".join(" " if v is None else SPARK[min(top, max(0, round(v * top)))] for v in values)


def seen_by(curve: list[float | None], by: list[int | None]) -> dict[int | None, list[float | None]]:
    """The curve as each seat saw it, where seats judged its points with different information
    (``Analysis.curve_by``): each seat's own points, its last one held until its next, and the result at
    the end; one curve (keyed None) where a single view gave every point."""
    seats = sorted({s for s in by if s is not None})
    if len(seats) < 2:
        return {None: curve}
    views: dict[int | None, list[float | None]] = {}
    for seat in seats:
        held: float | None = None
        line: list[float | None] = []
        for value, who in zip(curve, by, strict=True):
            if value is not None and who in (seat, None):
                held = value
            line.append(held)
        views[seat] = line
    return views


@app.command()
@friendly
def analyse(
    file: Annotated[Path, typer.Argument(help="a kansei-replay/1 JSON file (kansei play and sim save them)")],
    seat: Annotated[
        int | None, typer.Option(help="judge this seat's moves with only what it could see at the time")
    ] = None,
    all_open: Annotated[
        bool, typer.Option("--open", help="all-open: the expert sees every hand, deck order and die")
    ] = False,
    agent: Annotated[
        str | None, typer.Option(help="the searcher (default: the game's expert level), e.g. mcts:iters=500")
    ] = None,
    top: Annotated[int, typer.Option(min=0, max=50, help="costliest moves listed")] = 5,
    seed: Annotated[int, typer.Option(min=0, help="seed of the searches")] = 0,
    lang: Annotated[str, typer.Option(help="display language: en, fr or ja")] = "en",
    as_json: AsJson = False,
) -> None:
    """Review a finished (or unfinished) game with the expert bot: chances after every move, the costliest
    moves with the move it would have played, and a summary ("3 mistakes, 1 blunder")."""
    from kansei.agents.coach import analyse as run

    check_lang(lang)
    display = shorten_path(file, 80)
    rep = replays.read(file)
    if agent is not None:
        from .common import split_agents

        if len(split_agents(agent)) != 1:
            raise OptionError("--agent takes one agent spec, e.g. mcts:iters=500")
    total = len(rep.get("actions", []) or [])
    with progress_bar("analysing") as bar:
        task = bar.add_task("moves", total=total)
        res = run(
            rep,
            seat=seat,
            open=all_open,
            spec=agent,
            seed=seed,
            display=display,
            progress=lambda done, _: bar.update(task, completed=done),
        )
    if as_json:
        print(json.dumps(res.to_dict()))
        return
    names = rep.get("agents") if isinstance(rep.get("agents"), list) else None

    def who(q: int) -> str:
        name = names[q] if names and q < len(names) else None
        if name:
            return tr(lang, "analyse_who_named", seat=q, name=clean(name, 40))
        return tr(lang, "analyse_who", seat=q)

    head = f"[bold]{clean(res.game)}[/]: {lang_plural(lang, 'analyse_actions', res.plies)}, "
    if res.info == "all-open":
        head += tr(lang, "analyse_open")
    elif res.seat is not None:
        head += tr(lang, "analyse_seat", seat=res.seat)
    else:
        head += tr(lang, "analyse_each")
    out.print(head)
    per = res.seconds / max(1, len(res.moves))
    out.print(
        tr(
            lang,
            "analyse_searcher",
            spec=clean(res.spec, 60),
            iterations=group_digits(res.iterations, lang),
            seconds=group_digits(res.seconds, lang, 1),
            per=group_digits(per, lang, 2),
        )
    )
    for note in res.notes:
        err.print(f"[yellow]{clean(note, 300)}[/]")
    for q in sorted(res.summary):
        out.print(tr(lang, "analyse_summary", who=who(q), summary=summary_line(res.summary[q], lang)))
    out.print(tr(lang, "analyse_curve_2" if res.players == 2 else "analyse_curve_n", seat=res.curve_seat))
    views = seen_by(res.curve, res.curve_by)
    for viewer, values in views.items():
        if len(views) > 1:
            out.print(tr(lang, "analyse_seen_by", seat=viewer))
        line = sparkline(values)
        for i in range(0, len(line), 72):
            out.print(f"  {line[i : i + 72]}")
    worst = res.costliest(top)
    if worst:
        one_seat = len({m.seat for m in worst}) == 1  # the seat is named above: no column for it
        t = Table(title=None, box=box.SIMPLE_HEAD, pad_edge=False)
        for col in ("move", "seat", "played", "expected", "best", "expected", "loss", "grade"):
            if col == "seat" and one_seat:
                continue
            notation = col in ("played", "best")  # folded where it must be, never cut short
            t.add_column(
                tr(lang, f"analyse_col_{col}"),
                justify="right" if col in ("move", "seat", "loss") else "left",
                overflow="fold" if notation else "ellipsis",
                no_wrap=not notation,
            )
        for m in worst:
            cells = [
                str(m.ply + 1),
                str(m.seat),
                clean(m.played, 40),
                percent(m.chance_played, lang),
                clean(m.best, 40),
                percent(m.chance_best, lang),
                group_digits(m.loss, lang, 1),
                tr(lang, f"grade_{m.grade}"),
            ]
            t.add_row(*(cells[:1] + cells[2:] if one_seat else cells), end_section=True)  # folded rows apart
        out.print(tr(lang, "analyse_costliest"))
        out.print(t)
    elif res.moves:
        out.print(tr(lang, "analyse_none_lost"))


def check_lang(lang: str) -> None:
    """One line unless the terminal has words in ``lang`` (the coach's and the levels' languages)."""
    if lang not in TERMINAL_WORDS.languages:
        known = ", ".join(TERMINAL_WORDS.languages)
        raise OptionError(f"--lang must be one of {known}, not {clean(lang, 20)!r}")


def summary_line(counts: dict[str, int], lang: str) -> str:
    """'2 mistakes, 1 blunder' in ``lang`` (the web page's words), or 'no mistakes'."""
    parts = [
        lang_plural(lang, f"count_{grade}", counts[grade])
        for grade in ("inaccuracy", "mistake", "blunder")
        if counts.get(grade)
    ]
    return tr(lang, "sep").join(parts) if parts else tr(lang, "no_mistakes")


@app.command()
@friendly
def levels(
    game: Annotated[str | None, typer.Argument(help="game id (default: every game)")] = None,
    lang: Annotated[str, typer.Option(help="display language: en, fr or ja")] = "en",
    as_json: AsJson = False,
) -> None:
    """The named bot levels (level:beginner … level:expert) of each game: the agent each plays, its rating
    on the game's scale (greedy = 0, 95% interval) and its CPU time per move, as last measured, in
    ``--lang``."""
    from kansei.agents.levels import levels as game_levels
    from kansei.agents.levels import measured, read_ratings

    check_lang(lang)
    ids = [game] if game is not None else kansei.games()
    data, note = read_ratings()
    if note:
        err.print(f"[yellow]{clean(note)}[/]")
    rows = {}
    for gid in ids:
        g = load_game(gid, {})
        rows[gid] = (game_levels(g, data, lang), measured(g, data))
    if as_json:
        payload = {gid: [lv.to_dict() for lv in lvs] for gid, (lvs, _) in rows.items()}
        print(json.dumps({"games": payload, "note": note}))
        return
    for gid, (lvs, found) in rows.items():
        t = Table(title=None)
        t.add_column(tr(lang, "levels_level"), no_wrap=True)
        t.add_column(tr(lang, "levels_plays"), overflow="fold")  # a spec to copy whole, folded if narrow
        t.add_column(tr(lang, "levels_rating"), no_wrap=True)  # its games on a line of their own
        t.add_column(tr(lang, "levels_ms"), no_wrap=True)
        how: list[tuple[str, str]] = []  # what each plays like, in words under the table (prose wraps)
        for name in ("random", "greedy"):
            got = found.get(name)
            if got is not None:
                t.add_row(f"[dim]{name}[/]", name, _rating_text(got.rating, lang), _ms_text(got.time, lang))
        for lv in lvs:
            if not lv.available:
                t.add_row(lv.name, clean(lv.spec, 120), "—", "—")
                how.append((lv.name, f"[red]{clean(lv.why, 300)}[/]"))
                continue
            t.add_row(
                f"[bold]{lv.name}[/]",
                clean(lv.spec, 120),
                _rating_text(lv.rating, lang),
                _ms_text(lv.time, lang),
            )
            # unranked: what it plays, and the calibration's one note under the legend
            how.append((lv.name, clean(lv.description if lv.unranked else lv.why or lv.description, 300)))
        got = found.get("ceiling")
        if got is not None:
            t.add_row(
                "[dim]ceiling[/]",
                clean(got.spec, 120),
                _rating_text(got.rating, lang),
                _ms_text(got.time, lang),
            )
            how.append(("ceiling", tr(lang, "levels_ceiling")))
        out.print(tr(lang, "levels_title", game=clean(gid)))
        out.print(t)
        legend = Table.grid(padding=(0, 1))
        legend.add_column(no_wrap=True)
        legend.add_column(overflow="fold")  # prose wraps at its spaces; Japanese, which has none, folds
        for name, words in how:
            legend.add_row(f"  {name}", words)
        out.print(tr(lang, "levels_how"))
        out.print(legend)
        luck = next((lv.why for lv in lvs if lv.unranked), "")
        if luck:
            footer = Table.grid(padding=(0, 1))
            footer.add_column(no_wrap=True)
            footer.add_column(overflow="fold")
            footer.add_row(" ", f"[yellow]{clean(luck, 300)}[/]")
            out.print(footer)


def _rating_text(r: Rating | None, lang: str) -> str:
    """The rating with its interval, and on a line of its own the games that measured it; a dash for none
    (not measured, or unranked)."""
    if r is None:
        return "—"
    games = tr(lang, "levels_games", n=group_digits(r.games, lang))
    return f"{r.rating:+.0f} ({r.low:+.0f} … {r.high:+.0f})\n{games}"


def _ms_text(t: MoveTime | None, lang: str) -> str:
    """CPU milliseconds a move, the median and the 95th percentile, as ``lang`` writes numbers."""
    if t is None:
        return "—"
    median, p95 = group_digits(t.median, lang, 1), group_digits(t.p95, lang, 1)
    return tr(lang, "levels_ms_pair", median=median, p95=p95)
