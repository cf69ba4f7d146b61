"""Reports: an HTML page per run, the numbers as ``results.csv``, every game as ``games.csv``, the result
as ``result.json``, and an index page of every run of a lab folder (``index.html``).

The page says the question, the method in one paragraph, the findings, the plots a designer would
rather look at than read (matchup heat map, card-impact forest plot, convergence, lead-change and margin
histograms), and the tables of numbers with their intervals. Plotly's JavaScript (4.8 MB) is written once
per lab folder (``plotly-<version>.min.js`` beside the run folders) and every report of the folder loads
it from there: still offline, and a report is a few kilobytes. The index lists every run with its
question, verdict and status, and the history of the folder's content diffs.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
from pathlib import Path
from typing import Any

import plotly  # type: ignore[import-untyped]
import plotly.graph_objects as go  # type: ignore[import-untyped]
from plotly.offline import get_plotlyjs  # type: ignore[import-untyped]

from kansei.core.errors import KanseiError

from .experiments import Result
from .store import Run, _atomic_write

FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif"
GOOD, BAD, NEUTRAL = "#1b7837", "#b2182b", "#4d4d4d"


def _layout(fig: go.Figure, title: str, height: int = 420, top: int = 60) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0.01, "y": 0.98, "yanchor": "top"},
        template="plotly_white",
        height=height,
        margin={"l": 60, "r": 30, "t": top, "b": 60},
        font={"family": FONT, "size": 13},
    )
    return fig


def _finite(x: Any) -> bool:
    return isinstance(x, int | float) and math.isfinite(x)


def heatmap(labels: list[str], matrix: list[list[dict[str, Any] | None]], title: str) -> go.Figure:
    z = [[None if c is None else c["value"] for c in row] for row in matrix]
    text = [
        [
            "" if c is None else f"{100 * c['value']:.0f}%<br>{100 * c['low']:.0f}–{100 * c['high']:.0f}"
            for c in row
        ]
        for row in matrix
    ]
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=labels,
            y=labels,
            text=text,
            texttemplate="%{text}",
            colorscale="RdBu",
            zmid=0.5,
            zmin=0,
            zmax=1,
            hovertemplate="%{y} against %{x}: %{text}<extra></extra>",
            colorbar={"title": "score", "tickformat": ".0%"},
        )
    )
    fig.update_yaxes(autorange="reversed", title="deck")
    fig.update_xaxes(title="opponent", side="top")
    return _layout(fig, title, height=max(420, 140 + 60 * len(labels)), top=120)


def bars(names: list[str], rates: list[dict[str, Any]], title: str, fair: float | None = None) -> go.Figure:
    fig = go.Figure(
        go.Bar(
            x=names,
            y=[r["value"] for r in rates],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [r["high"] - r["value"] for r in rates],
                "arrayminus": [r["value"] - r["low"] for r in rates],
            },
            marker_color=NEUTRAL,
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
    )
    if fair is not None:
        fig.add_hline(y=fair, line_dash="dash", line_color=BAD, annotation_text=f"fair {fair:.0%}")
    fig.update_yaxes(tickformat=".0%", range=[0, 1], title="score")
    return _layout(fig, title)


def forest(names: list[str], rows: list[dict[str, Any]], key: str, title: str, xtitle: str) -> go.Figure:
    """Points with intervals, one line per name (top of the list at the top), flagged ones coloured."""
    keep = [(n, r) for n, r in zip(names, rows, strict=True) if _finite(r[key])]
    colours = [(GOOD if r[key] > 0 else BAD) if r.get("flagged") else NEUTRAL for _, r in keep]
    lo = [r[key] - r["low"] if _finite(r.get("low")) else 0 for _, r in keep]
    hi = [r["high"] - r[key] if _finite(r.get("high")) else 0 for _, r in keep]
    fig = go.Figure(
        go.Scatter(
            x=[r[key] for _, r in keep],
            y=[n for n, _ in keep],
            mode="markers",
            marker={"color": colours, "size": 9},
            error_x={"type": "data", "symmetric": False, "array": hi, "arrayminus": lo, "color": "#999"},
            hovertemplate="%{y}: %{x:+.1%}<extra></extra>",
        )
    )
    fig.add_vline(x=0, line_color="#333")
    fig.update_xaxes(tickformat="+.0%", title=xtitle)
    fig.update_yaxes(autorange="reversed", automargin=True)
    return _layout(fig, title, height=max(320, 90 + 22 * len(keep)))


def histogram(values: list[float], title: str, xtitle: str) -> go.Figure:
    fig = go.Figure(go.Histogram(x=values, marker_color=NEUTRAL))
    fig.update_xaxes(title=xtitle)
    fig.update_yaxes(title="games")
    return _layout(fig, title, height=340)


def convergence_plot(conv: dict[str, Any]) -> go.Figure | None:
    pts = conv.get("points") or []
    if not pts:
        return None
    x = [p["units"] for p in pts]
    fig = go.Figure()
    fig.add_scatter(x=x, y=[p["high"] for p in pts], mode="lines", line={"width": 0}, showlegend=False)
    fig.add_scatter(
        x=x,
        y=[p["low"] for p in pts],
        mode="lines",
        line={"width": 0},
        fill="tonexty",
        fillcolor="rgba(77,77,77,0.2)",
        name="95% interval (pointwise)",
    )
    fig.add_scatter(
        x=x, y=[p["value"] for p in pts], mode="lines+markers", marker_color=NEUTRAL, name="estimate"
    )
    fig.update_xaxes(title="seeds played", type="log")
    fig.update_yaxes(title="estimate", tickformat=".1%")
    return _layout(fig, f"Convergence: {conv.get('cell', '')} as seeds are added", height=340)


def shape_plots(shape: dict[str, Any]) -> list[go.Figure]:
    figs = []
    if shape.get("unit") and shape.get("lead_changes"):
        figs.append(histogram(shape["lead_changes"], "Lead changes per game", "lead changes"))
    if shape.get("unit") and shape.get("margins"):
        figs.append(histogram(shape["margins"], "Winning margins", f"margin ({shape['unit']})"))
    if shape.get("actions"):
        figs.append(histogram(shape["actions"], "Game length", "actions"))
    return figs


def figures(result: Result) -> list[go.Figure]:
    figs = _figures(result)
    d = result.data
    conv = convergence_plot(d.get("convergence") or {})
    if conv is not None:
        figs.append(conv)
    shape = d.get("shape")
    if isinstance(shape, dict) and result.experiment != "shape":
        figs += shape_plots(shape)
    return figs


def _figures(result: Result) -> list[go.Figure]:
    d = result.data
    kind = result.experiment
    if kind == "matchup" and "matrix" in d:
        return [
            heatmap(d["labels"], d["matrix"], "Row deck's score against the column deck"),
            bars(d["labels"], d["overall"], "Score against the field", fair=0.5),
        ]
    if kind == "matchup":
        figs = []
        for c in d["counts"]:
            figs.append(
                bars(
                    [f"seat {s + 1}" for s in range(c["players"])],
                    c["seats"],
                    f"{c['players']} players: win rate per seat",
                    fair=1 / c["players"],
                )
            )
        return figs
    if kind == "seats":
        n = d["players"]
        figs = [bars([f"seat {s + 1}" for s in range(n)], d["seats"], "Seats, decks rotated", fair=1 / n)]
        if d["decks"]:
            figs.append(bars(d["labels"], d["decks"], "Decks, seats rotated", fair=1 / n))
            figs.append(heatmap_grid(d["labels"], d["grid"], n))
        return figs
    if kind == "card":
        cards = d["cards"]
        return [
            forest(
                [c["card"] for c in cards],
                cards,
                "impact",
                "Impact of each card against its baseline",
                "change in win rate",
            )
        ]
    if kind == "diff":
        cells = d["cells"]
        return [
            forest([c["cell"] for c in cells], cells, "delta", "Change from version A to version B", "B − A")
        ]
    if kind == "shape":
        return shape_plots(d["shape"])
    if kind == "tune" and d.get("scores"):
        pts = [{"value": s["score"], "low": s["low"], "high": s["high"]} for s in d["scores"]]
        fig = bars([str(s["value"]) for s in d["scores"]], pts, "The deck's score by the card's number")
        lo, hi = d["band"]
        fig.add_hrect(y0=lo, y1=hi, fillcolor=GOOD, opacity=0.12, line_width=0)
        fig.update_xaxes(title="value", type="category")
        return [fig]
    if kind == "build" and d.get("steps"):
        names = [f"{s['step']}: {s['swap']}" for s in d["steps"]]
        return [forest(names, d["steps"], "gain", "Swaps tried, gain against the current deck", "gain")]
    if kind == "skill":
        fig = go.Figure()
        for b in d["bots"]:
            if b == "random":
                continue
            rs = [g["vs_random"][b] for g in d["games"]]
            fig.add_bar(
                name=b,
                x=[g["game"] for g in d["games"]],
                y=[r["value"] for r in rs],
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [r["high"] - r["value"] for r in rs],
                    "arrayminus": [r["value"] - r["low"] for r in rs],
                },
            )
        fig.add_hline(y=0.6, line_dash="dot", line_color=BAD, annotation_text="below: mostly luck")
        fig.add_hline(y=0.8, line_dash="dot", line_color=GOOD, annotation_text="above: mostly skill")
        fig.update_yaxes(tickformat=".0%", range=[0, 1], title="score against random")
        return [_layout(fig, "How far each bot is above random")]
    if kind == "observe" and d.get("cards"):
        top = d["cards"][:40]
        rows = [
            {
                "iwd": c["iwd"],
                "low": c["iwd_low"],
                "high": c["iwd_high"],
                "flagged": c.get("flagged", False),
            }
            for c in top
        ]
        return [
            forest(
                [c["card"] for c in top],
                rows,
                "iwd",
                "Improvement when drawn (correlation)",
                "win rate when drawn − when not drawn",
            )
        ]
    return []


def heatmap_grid(labels: list[str], grid: list[list[dict[str, Any]]], n: int) -> go.Figure:
    z = [[c["value"] for c in row] for row in grid]
    text = [
        [
            f"{100 * c['value']:.0f}%"
            + (f"<br>{100 * c['low']:.0f}–{100 * c['high']:.0f}" if _finite(c.get("low")) else "")
            for c in row
        ]
        for row in grid
    ]
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=labels,
            y=[f"seat {s + 1}" for s in range(n)],
            text=text,
            texttemplate="%{text}",
            colorscale="RdBu",
            zmid=1 / n,
            zmin=0,
            zmax=1,
            colorbar={"tickformat": ".0%"},
        )
    )
    fig.update_yaxes(autorange="reversed")
    return _layout(fig, "Each deck in each seat", height=260 + 40 * n)


def _table_html(t: dict[str, Any]) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in t["columns"])
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in t["rows"]
    )
    title = html.escape(t["title"])
    return f"<h3>{title}</h3><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


CSS = (
    "body{font-family:FONT;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}"
    "h1{font-size:1.6em;margin-bottom:.2em} h2{font-size:1.2em;margin-top:1.6em} h3{font-size:1.05em}"
    ".q{font-size:1.15em;color:#333} .meta{color:#666;font-size:.9em} ul.findings li{margin:.3em 0}"
    "table{border-collapse:collapse;font-size:.9em;margin:.5em 0 1.5em}"
    "th,td{border-bottom:1px solid #ddd;padding:4px 10px;text-align:left;vertical-align:top}"
    "th{background:#f4f4f4} tr:hover td{background:#fafafa}"
    ".method{background:#f8f8f8;padding:.8em 1em;border-radius:6px}"
).replace("FONT", FONT)


def bundle_name() -> str:
    return f"plotly-{plotly.__version__}.min.js"


def write_bundle(root: Path) -> Path:
    """Plotly's JavaScript, once per lab folder (written aside and renamed: never half a file)."""
    path = root / bundle_name()
    if not path.exists():
        _atomic_write(path, get_plotlyjs().encode("utf-8"))
    return path


MISSING_BUNDLE = (
    "<script>if(typeof Plotly==='undefined'){document.addEventListener('DOMContentLoaded',function(){"
    "var p=document.createElement('p');p.className='meta';p.textContent='The plots need BUNDLE beside this "
    "run folder (it is written once per lab folder): copy it along with the run.';"
    "document.body.insertBefore(p,document.body.children[1]);});}</script>"
)


def html_page(run: Run, result: Result) -> str:
    figs = figures(result)
    divs = "".join(
        f.to_html(full_html=False, include_plotlyjs=False, config={"displaylogo": False}) for f in figs
    )
    findings = "".join(f"<li>{html.escape(f)}</li>" for f in result.findings)
    tables = "".join(_table_html(t) for t in result.tables)
    notes = "".join(f"<p class='meta'>{html.escape(n)}</p>" for n in result.notes)
    meta = run.meta
    params = json.dumps(meta.get("params", {}), sort_keys=True)
    what = "saved games" if meta.get("experiment") == "observe" else "games"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(result.title)}</title>
<style>{CSS}</style><script src="../{bundle_name()}"></script>
{MISSING_BUNDLE.replace("BUNDLE", bundle_name())}</head><body>
<p class="meta"><a href="../index.html">all runs</a></p>
<h1>{html.escape(result.title)}</h1>
<p class="q">{html.escape(result.question)}</p>
<h2>What we found</h2><ul class="findings">{findings}</ul>
<h2>How</h2><p class="method">{html.escape(result.method)}</p>
{divs}
<h2>Numbers</h2>{tables}{notes}
<p class="meta">Run {html.escape(run.folder.name)} · kansei {html.escape(str(meta.get("kansei")))} ·
{html.escape(str(meta.get("created")))} · {int(meta.get("total", 0))} {what} ·
parameters {html.escape(params)} · the numbers: <a href="results.csv">results.csv</a>, every game:
<a href="games.csv">games.csv</a> and <code>games/</code> (Parquet).</p>
</body></html>"""


def _csv(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    cols: list[str] = []
    for r in rows:
        for k in r:
            if k not in cols:
                cols.append(k)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: json.dumps(v) if isinstance(v, list | dict) else v for k, v in r.items()})
    return buf.getvalue()


def write_reports(run: Run, result: Result) -> Path:
    """Write report.html, results.csv, games.csv and result.json into the run's folder."""
    folder = run.folder
    write_bundle(folder.parent)
    (folder / "report.html").write_text(html_page(run, result), encoding="utf-8")
    (folder / "results.csv").write_text(_csv(result.csv), encoding="utf-8")
    if run.meta.get("experiment") != "observe":
        (folder / "games.csv").write_text(_csv(run.rows()), encoding="utf-8")
    (folder / "result.json").write_text(json.dumps(json_safe(result.to_dict())), encoding="utf-8")
    return folder / "report.html"


def json_safe(x: Any) -> Any:
    """``x`` with every NaN or infinite number as None (strict JSON)."""
    if isinstance(x, float):
        return x if math.isfinite(x) else None
    if isinstance(x, dict):
        return {str(k): json_safe(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [json_safe(v) for v in x]
    return x


def write_index(root: Path) -> Path:
    """``index.html`` of a lab folder: every run with its question, verdict and status, newest first, and
    the history of its content diffs (each diff's versions and what changed)."""
    runs: list[Run] = []
    skipped: list[str] = []
    for folder in sorted(p for p in root.iterdir() if (p / "run.json").exists()) if root.is_dir() else []:
        try:
            runs.append(Run.open(folder))
        except KanseiError as e:
            skipped.append(f"{folder.name}: {str(e).splitlines()[0]}")
    runs.sort(key=lambda r: str(r.meta.get("created", "")), reverse=True)
    rows = []
    for r in runs:
        name = html.escape(r.folder.name)
        link = f"<a href='{name}/report.html'>{name}</a>" if (r.folder / "report.html").exists() else name
        verdict = "<br>".join(html.escape(str(v)) for v in r.meta.get("verdict", [])[:2])
        rows.append(
            f"<tr><td>{link}</td><td>{html.escape(str(r.meta.get('experiment')))}</td>"
            f"<td>{html.escape(str(r.meta.get('question', '')))}</td><td>{verdict}</td>"
            f"<td>{html.escape(r.status)}</td><td>{int(r.meta.get('total', 0))}</td>"
            f"<td>{html.escape(str(r.meta.get('created', '')))}</td></tr>"
        )
    history = []
    for r in sorted(runs, key=lambda r: str(r.meta.get("created", ""))):
        if r.meta.get("experiment") != "diff" or r.status != "complete":
            continue
        p = r.meta.get("params", {})
        result = _read_result(r.folder)
        changed = [c for c in (result.get("csv") or []) if c.get("flagged")]
        what = (
            "; ".join(f"{c.get('cell')} {100 * float(c.get('delta') or 0):+.1f} pts" for c in changed[:6])
            or "no significant change"
        )
        history.append(
            f"<tr><td>{html.escape(str(p.get('game')))}</td><td>{html.escape(str(p.get('run')))}</td>"
            f"<td>{html.escape(str(p.get('a')))}</td><td>{html.escape(str(p.get('b')))}</td>"
            f"<td>{html.escape(what)}</td><td><a "
            f"href='{html.escape(r.folder.name)}/report.html'>report</a></td></tr>"
        )
    head = "".join(
        f"<th>{c}</th>" for c in ("run", "experiment", "question", "verdict", "status", "games", "created")
    )
    hist = ""
    if history:
        hhead = "".join(
            f"<th>{c}</th>" for c in ("game", "experiment", "version A", "version B", "changed", "")
        )
        hist = (
            "<h2>History of content diffs</h2><table><thead><tr>"
            + hhead
            + "</tr></thead><tbody>"
            + "".join(history)
            + "</tbody></table>"
        )
    notes = "".join(f"<p class='meta'>not listed: {html.escape(s)}</p>" for s in skipped)
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>kansei lab runs</title><style>{CSS}</style></head><body>
<h1>Lab runs in {html.escape(str(root))}</h1>
<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>{hist}{notes}
</body></html>"""
    path = root / "index.html"
    _atomic_write(path, page.encode("utf-8"))
    return path


def _read_result(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


__all__ = ["figures", "html_page", "json_safe", "write_bundle", "write_index", "write_reports"]
