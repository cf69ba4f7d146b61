"""The coach at the table (issue 24's browser part): a hint for the seat to move at a table with a bot,
thought in the bot pool from that seat's information; an analysis of every finished game, computed in the
pool and kept with the game."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient

import kansei
from kansei.web.bots import BotJob, BotPool

from .conftest import eventually, new_room, play_out, wait_for_turn

pytestmark = pytest.mark.slow


def watch(
    reporting: BotPool, starting: BotPool, first_report: Callable[[], object]
) -> tuple[list[tuple[int, int]], list[BotJob]]:
    """Every progress report ``reporting`` makes, in order (``first_report()`` called at the first, while
    the review is made), and every review ``starting`` starts; the pools go on doing what they did."""
    reports: list[tuple[int, int]] = []
    reviews: list[BotJob] = []
    reported, job_for = reporting.progress, starting.job_for

    def progress(job: BotJob, done: int, total: int) -> None:
        reported(job, done, total)
        reports.append((done, total))
        if len(reports) == 1:
            first_report()

    def counted(key: str) -> BotJob | None:
        job = job_for(key)
        if job is not None and job.kind == "analysis":
            reviews.append(job)
        return job

    reporting.progress, starting.job_for = progress, counted
    return reports, reviews


def test_a_hint_is_a_legal_move_for_the_seat_to_move_and_off_between_people(
    sqlite_client: TestClient,
) -> None:
    c = sqlite_client
    room, tokens = new_room(c, "touge", ["human", "greedy"], seed=11)
    p = wait_for_turn(c, room, tokens["0"])
    assert p["hints"] is True
    r = c.post(f"/api/rooms/{room}/hint", json={"token": tokens["0"]})
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["move"] in p["legal"] and h["text"] and 0.0 <= h["chance"] <= 1.0
    assert c.post(f"/api/rooms/{room}/hint", json={}).status_code == 403
    people, ptok = new_room(c, "touge", ["human", "human"])
    assert c.get(f"/api/rooms/{people}").json()["hints"] is False
    off = c.post(f"/api/rooms/{people}/hint", json={"token": ptok["0"]})
    assert off.status_code == 409 and "people" in off.json()["detail"]


def test_a_finished_game_is_analysed_in_the_pool_and_kept(sqlite_client: TestClient) -> None:
    """The review is made once in the pool, says how far it has got while it is made (the page's
    progress bar), and is kept: a page asking again while it is made starts no second review."""
    c = sqlite_client
    hub = c.app.state.hub
    room, tokens = new_room(c, "minid", ["human", "random"], seed=3)
    assert c.get(f"/api/rooms/{room}/analysis").status_code == 409  # not over yet
    play_out(c, room, tokens["0"], random.Random(1))
    asked_meanwhile: list[dict] = []
    pool = hub.pool
    # a page polling while the review is made
    reports, reviews = watch(pool, pool, lambda: asked_meanwhile.append(hub.analysis(room)))
    first = c.get(f"/api/rooms/{room}/analysis").json()
    assert first["status"] in ("queued", "thinking", "ready")
    eventually(
        lambda: c.get(f"/api/rooms/{room}/analysis").json()["status"] not in ("queued", "thinking"),
        "the coach reviews the game",
        300,
    )
    a = c.get(f"/api/rooms/{room}/analysis").json()
    assert a["status"] == "ready", a
    total = len(hub.get(room).history)
    assert reports == [(k, total) for k in range(1, total + 1)], "every action reviewed is reported, in order"
    assert asked_meanwhile[0] == {"status": "thinking", "done": 1, "total": total}
    eventually(lambda: pool.busy() == 0, "the pool is idle again", 60)
    assert len(reviews) == 1, "asked again while it was made, the review is not made twice"
    assert a["format"] == "kansei-analysis/1" and a["game"] == "minid"
    assert len(a["curve"]) == a["plies"] + 1 or len(a["curve"]) >= a["plies"]
    assert len(a["curve_by"]) == len(a["curve"]) and set(a["curve_by"]) <= {0, 1, None}
    assert set(a["summary"]) <= {"0", "1"}
    assert a["moves"], "the person's decisions are judged"
    for m in a["moves"]:
        assert m["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert m["played_text"] and m["best_text"]  # the game's own words, never a notation alone


@pytest.mark.parametrize("game", ["initiald", "touge"])
def test_the_table_coach_searches_as_the_games_expert_within_its_time(
    sqlite_client: TestClient, game: str
) -> None:
    """Issue 24: the coach is the expert bot. The table's hint and review search with the game's expert
    spec (its rollouts, value and prior: until 2026-12-07 they searched 150 iterations of the default
    search, which loses to greedy in Initial D and Touge), each search capped in time so no player waits
    longer than the table allows."""
    from kansei.agents.coach import CONFIRM, coach_spec
    from kansei.agents.levels import level_spec
    from kansei.web.rooms import ANALYSIS_PER_MOVE, ANALYSIS_SECONDS, HINT_SECONDS

    c = sqlite_client
    hub = c.app.state.hub
    expert = level_spec(kansei.load(game), "expert")
    room, tokens = new_room(c, game, ["human", "greedy"], seed=5)
    live = hub.get(room)
    assert coach_spec(live.game) == expert
    wait_for_turn(c, room, tokens["0"])
    hint = hub.coach_job(f"{room}~hint~0~{live.step}")
    assert hint is not None and hint.kind == "hint"
    assert hint.spec == f"{expert},time={HINT_SECONDS:g}" and hint.seconds == HINT_SECONDS
    play_out(c, room, tokens["0"], random.Random(2))
    review = hub.coach_job(f"{room}~analysis")
    assert review is not None and review.kind == "analysis"
    assert review.spec == f"{expert},time={ANALYSIS_PER_MOVE:g}"
    # every action searched, and each searched again for a second look (a fault of the first search), fits
    worst = ANALYSIS_PER_MOVE * (1 + CONFIRM) * len(review.actions)
    assert min(worst, ANALYSIS_SECONDS) <= review.seconds <= ANALYSIS_SECONDS


def test_the_review_budget_is_the_servers_to_set(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``kansei serve --review-budget`` sets the seconds the coach searches each move of a review (deeper
    on a strong server, cheaper on a small one); the whole review's time follows it, and a budget out of
    (0, 60] is refused in one line before the server starts."""
    import uvicorn
    from typer.testing import CliRunner

    from kansei.agents.coach import CONFIRM, coach_spec
    from kansei.cli import app
    from kansei.core.errors import OptionError
    from kansei.web.app import Config, create_app

    from .conftest import FAST

    db = f"sqlite:///{tmp_path / 'k.db'}"
    with TestClient(create_app(Config(db=db, bot_workers=1, review_budget=0.2, limits=FAST))) as c:
        hub = c.app.state.hub
        room, tokens = new_room(c, "touge", ["human", "greedy"], seed=5)
        play_out(c, room, tokens["0"], random.Random(2))
        review = hub.coach_job(f"{room}~analysis")
        assert review is not None
        assert review.spec == f"{coach_spec(hub.get(room).game)},time=0.2"
        assert review.seconds == pytest.approx(10 + 0.2 * (1.5 + CONFIRM) * len(review.actions))

    seen: list[dict] = []
    monkeypatch.setattr(uvicorn, "run", lambda _app, **kw: seen.append(kw))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(app, ["serve", "--db", db, "--review-budget", "2"]).exit_code == 0
    for bad in ("0", "-1", "61"):  # the one line ``kansei``'s main prints as "error: …"
        out = runner.invoke(app, ["serve", "--db", db, "--review-budget", bad])
        assert out.exit_code == 1 and len(seen) == 1
        assert isinstance(out.exception, OptionError)
        assert str(out.exception) == "--review-budget must be in (0, 60] seconds"


def test_a_review_whose_progress_cannot_be_recorded_still_ends_and_the_pool_stays_in_step(
    sqlite_client: TestClient,
) -> None:
    """The worker's progress reports and its answer share one pipe: a report the server fails to record
    is said in one line, the review still lands, and the next job reads its own answer, not a stale one."""
    c = sqlite_client
    hub = c.app.state.hub
    seen: list[str] = []
    pool = hub.pool
    pool.on_error = seen.append

    def broken(job, done: int, total: int) -> None:
        raise RuntimeError("the progress board fell over")

    pool.progress = broken
    room, tokens = new_room(c, "minid", ["human", "random"], seed=4)
    play_out(c, room, tokens["0"], random.Random(3))
    c.get(f"/api/rooms/{room}/analysis")
    eventually(
        lambda: c.get(f"/api/rooms/{room}/analysis").json()["status"] not in ("queued", "thinking"),
        "the coach reviews the game",
        300,
    )
    assert c.get(f"/api/rooms/{room}/analysis").json()["status"] == "ready"
    assert any("progress not recorded: the progress board fell over" in line for line in seen), seen
    # the same workers then play a bot's moves in step with their own jobs
    bots, btok = new_room(c, "touge", ["human", "greedy"], seed=5)
    p = wait_for_turn(c, bots, btok["0"])
    assert not p["over"] and p["legal"]


def test_a_review_preempted_for_a_persons_move_shows_queued_not_its_old_progress(tmp_path) -> None:
    """A review is bot-only work: a person's bot move interrupts it, and it waits in line to start over.
    Until stop 43 the page went on showing the progress it had made ("12 of 40 moves reviewed") while it
    waited; now it says "queued" until the review starts again, and then counts from the first move."""
    from kansei.web import Config, create_app

    from .conftest import FAST

    db = f"sqlite:///{tmp_path / 'k.db'}"
    with TestClient(create_app(Config(db=db, bot_workers=1, bot_budget=1.0, limits=FAST))) as c:
        hub = c.app.state.hub
        pool = hub.pool
        room, tokens = new_room(c, "minid", ["human", "random"], seed=3)
        play_out(c, room, tokens["0"], random.Random(1))
        reports, _ = watch(pool, pool, lambda: None)
        job_for = pool.job_for
        seen_meanwhile: list[dict] = []

        def picked(key: str):
            if "~" not in key and not seen_meanwhile:  # a bot's move: the review was set aside for it
                seen_meanwhile.append(hub.analysis(room))
            return job_for(key)

        pool.job_for = picked
        assert c.get(f"/api/rooms/{room}/analysis").json()["status"] in ("queued", "thinking")
        eventually(lambda: len(reports) >= 2, "the review is under way", 120)
        assert c.get(f"/api/rooms/{room}/analysis").json()["status"] == "thinking"
        new_room(c, "touge", ["greedy", "human"], seed=2)  # a person waits on a bot's move
        eventually(lambda: seen_meanwhile, "the person's bot moves first", 120)
        assert seen_meanwhile[0] == {"status": "queued"}, seen_meanwhile
        restarted = len(reports)
        eventually(
            lambda: c.get(f"/api/rooms/{room}/analysis").json()["status"] == "ready", "the review lands", 300
        )
        total = len(hub.get(room).history)
        assert reports[restarted:] == [(k, total) for k in range(1, total + 1)], (
            "counted again from the first"
        )


def test_servers_sharing_a_database_make_a_review_once_and_report_the_same_progress(tmp_path) -> None:
    """Several server processes may share the database, behind a proxy with no sticky sessions: the page's
    polls reach any of them. The review is claimed in the database by the server that starts it; another
    server asked for it reports that one's progress and starts no second review (until stop 43 it queued its
    own, and read "queued" while the first was halfway)."""
    from kansei.web import Config, create_app

    from .conftest import FAST

    db = f"sqlite:///{tmp_path / 'shared.db'}"
    with ExitStack() as stack:
        a, b = (
            stack.enter_context(
                TestClient(create_app(Config(db=db, bot_workers=1, bot_budget=1.0, limits=FAST)))
            )
            for _ in range(2)
        )
        room, tokens = new_room(a, "minid", ["human", "random"], seed=3)
        play_out(a, room, tokens["0"], random.Random(1))
        b_meanwhile: list[dict] = []
        a_pool, b_pool = a.app.state.hub.pool, b.app.state.hub.pool
        # A's progress, and a poll reaching the other server while A makes the review; B's reviews
        _, b_reviews = watch(
            a_pool, b_pool, lambda: b_meanwhile.append(b.get(f"/api/rooms/{room}/analysis").json())
        )
        assert a.get(f"/api/rooms/{room}/analysis").json()["status"] in ("queued", "thinking")
        eventually(
            lambda: b.get(f"/api/rooms/{room}/analysis").json()["status"] == "ready", "the review lands", 300
        )
        total = len(a.app.state.hub.get(room).history)
        assert b_meanwhile == [{"status": "thinking", "done": 1, "total": total}]
        eventually(lambda: b_pool.busy() == 0, "the other server's pool is idle", 60)
        assert b_reviews == [], "the other server made no second review"
        assert a.get(f"/api/rooms/{room}/analysis").json() == b.get(f"/api/rooms/{room}/analysis").json()


def test_a_review_claim_goes_stale_and_is_taken_over(db_url: str) -> None:
    """A server that claimed a review and then stopped (or set it aside for people's moves all along) holds
    it only while it was heard from lately; then the next server asked makes it, and the first one's late
    words change nothing."""
    from kansei.web import Config, create_app
    from kansei.web.db import Store

    from .conftest import FAST

    with TestClient(create_app(Config(db=db_url, bots=False, limits=FAST))) as c:
        room, _ = new_room(c, "touge", ["human", "human"], seed=1)
    store = Store(db_url)
    assert store.review(room) is None
    assert store.claim_review(room, "first", stale=60)
    store.review_progress(room, "first", 3, 40)
    assert (store.review(room).done, store.review(room).total) == (3, 40)
    assert not store.claim_review(room, "second", stale=60)  # heard from lately
    assert store.claim_review(room, "first", stale=60)  # its own, started over
    assert (store.review(room).server, store.review(room).done) == ("first", 0)
    assert store.claim_review(room, "second", stale=0)  # not heard from since: taken over
    store.review_progress(room, "first", 9, 40)  # too late
    assert (store.review(room).server, store.review(room).done) == ("second", 0)
    store.set_analysis(room, {"format": "kansei-analysis/1"})
    assert store.review(room) is None  # kept: no longer being made
