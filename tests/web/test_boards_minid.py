"""Mini D's own board (static/games/minid.js) in Debian's Chromium, the page in French, at a desktop's and
a phone's size: a three-racer race against two random bots clicked to its end; the track drawn as a road
of cases with the cars and Bunta on it, the decision's choices (sprint powers, lines) clickable on the
board, the hand fitting. Screenshots in test-artifacts/web/boards-minid-*.png."""

from __future__ import annotations

import random

import httpx
import needs
import pytest

needs.program("chromium", "/usr/bin/chromium", install="Debian's chromium: make system-deps")
needs.module("playwright.sync_api", "the test extra: pip install -e '.[test]'")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from .boards_kit import fits, open_page, play_to_the_end, shot, start_from_lobby  # noqa: E402
from .conftest import new_room  # noqa: E402
from .test_browser import browser_type_launch_args, site  # noqa: E402, F401

pytestmark = pytest.mark.browser


SEED = 3


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_minid_board_in_french_race_clicked_to_the_end(browser: Browser, site: str, size: str) -> None:  # noqa: F811
    page = open_page(browser, size, locale="fr-FR")
    page.context.add_cookies([{"name": "kansei_lang", "value": "fr", "url": site}])
    try:
        # a set deal: whether the sprint's powers ever light up for random clicks depends on the cards
        start_from_lobby(page, site, "minid", "bot:random", players=3, seed=SEED)
        expect(page.locator("#board[data-game=minid] .md-road")).to_be_visible()
        expect(page.locator(".md-head")).to_contain_text("Bunta")
        assert page.locator(".md-dir").inner_text().split()[-1] in ("descente", "montée")
        seen = {"powers": False, "shot": False}

        def each(page: Page, n: int) -> None:
            fits(page, ".md-row, .md-hand .card, .md-racer, .md-decision")
            # three cars on the road (or past it) and Bunta somewhere
            assert page.locator(".md-road .md-car").count() + page.locator(".md-racer.out").count() >= 1
            if page.locator(".md-power.playable").count():
                seen["powers"] = True
                if not seen["shot"]:
                    shot(page, f"boards-minid-{size}-sprint")
                    seen["shot"] = True
            if n == 12:
                shot(page, f"boards-minid-{size}-race")

        play_to_the_end(page, seed=7, each=each)
        shot(page, f"boards-minid-{size}-result")
        assert seen["powers"], "the sprint's powers were never clickable on the board"
        page.click("#result-close")
        fits(page, ".md-row, .md-racer")
        shot(page, f"boards-minid-{size}-final")
    except Exception:
        shot(page, f"boards-minid-{size}-failure")
        raise
    finally:
        page.close()


def test_only_the_racer_to_move_is_told_your_move(browser: Browser, site: str) -> None:  # noqa: F811
    """A racer's turn reads "Your move" only on that racer's page; on another racer's, or a spectator's, it
    reads "Player 2 to move": the board once told everyone "Player 2 Your move"."""
    rng = random.Random(3)
    decision: dict = {}
    with httpx.Client(base_url=site) as c:
        for seed in range(3, 23):  # about one race in two asks a racer with Event cards in hand for its turn
            room, tokens = new_room(c, "minid", ["human"] * 3, seed=seed)  # type: ignore[arg-type]
            p = c.get(f"/api/rooms/{room}").json()
            while not p["over"] and (p["view"].get("decision") or {}).get("kind") != "turn":
                token = tokens[str(p["to_move"])]
                legal = c.get(f"/api/rooms/{room}", params={"token": token}).json()["legal"]
                c.post(f"/api/rooms/{room}/actions", json={"token": token, "action": rng.choice(legal)})
                p = c.get(f"/api/rooms/{room}").json()
            if not p["over"]:
                decision = p["view"]["decision"]
                break
    assert decision, "no race of twenty asked a racer for its turn"
    mover = decision["seat"]
    for token, says in (
        (tokens[str(mover)], "Your move"),
        (tokens[str((mover + 1) % 3)], f"Player {mover + 1} to move"),
        (None, f"Player {mover + 1} to move"),  # a spectator
    ):
        page = open_page(browser, "desktop")
        try:
            page.goto(f"{site}/room/{room}" + (f"?token={token}" if token else ""))
            expect(page.locator(".md-decision")).to_contain_text(says)
            if says != "Your move":
                expect(page.locator(".md-decision")).not_to_contain_text("Your move")
        finally:
            page.close()
