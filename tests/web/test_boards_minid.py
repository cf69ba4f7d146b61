"""Mini D's own board (static/games/minid.js) in Debian's Chromium, the page in French, at a desktop's and
a phone's size: a three-racer race against two random bots clicked to its end; the track drawn as a road
of cases with the cars and Bunta on it, the decision's choices (sprint powers, lines) clickable on the
board, the hand fitting. Screenshots in test-artifacts/web/boards-minid-*.png."""

from __future__ import annotations

import needs
import pytest

needs.program("chromium", "/usr/bin/chromium", install="Debian's chromium: make system-deps")
needs.module("playwright.sync_api", "the test extra: pip install -e '.[test]'")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from .boards_kit import fits, open_page, play_to_the_end, shot, start_from_lobby  # noqa: E402
from .test_browser import browser_type_launch_args, site  # noqa: E402, F401

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_minid_board_in_french_race_clicked_to_the_end(browser: Browser, site: str, size: str) -> None:  # noqa: F811
    page = open_page(browser, size, locale="fr-FR")
    page.context.add_cookies([{"name": "kansei_lang", "value": "fr", "url": site}])
    try:
        start_from_lobby(page, site, "minid", "bot:random", players=3)
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
