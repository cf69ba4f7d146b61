"""Touge's own board (static/games/touge.js) in Debian's Chromium at a desktop's and a phone's size: a race
against the greedy bot clicked to its end, the course drawn as a road of tiles in their owners' colours, a
hand that fits, a road's ghost at the end of the course before Confirm, the final course after the race.
Screenshots in test-artifacts/web/boards-touge-*.png."""

from __future__ import annotations

import needs
import pytest

needs.program("chromium", "/usr/bin/chromium", install="Debian's chromium: make system-deps")
needs.module("playwright.sync_api", "the test extra: pip install -e '.[test]'")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from .boards_kit import fits, open_page, play_to_the_end, shot, start_from_lobby  # noqa: E402
from .test_browser import browser_type_launch_args, site  # noqa: E402, F401

pytestmark = pytest.mark.browser


def road_ghost(page: Page) -> bool:
    """Pick a road from the hand: before Confirm its ghost stands at the end of the course, marked "if
    scored now", and Cancel takes it away. False when no road can be laid now."""
    roads = page.locator(".tg-hand .card.kind-road.playable")
    if not roads.count():
        return False
    roads.first.click()
    confirm = page.locator("#confirm")
    if not confirm.is_visible() or not (confirm.get_attribute("data-action") or "").startswith("road"):
        page.keyboard.press("Escape")
        return False
    ghost = page.locator(".tg-course .tg-tile.kit-ghost")
    expect(ghost).to_have_count(1)
    expect(ghost.locator(".tg-ghost-note")).to_have_text("if scored now")
    page.click("#cancel")
    expect(ghost).to_have_count(0)
    return True


SEED = 5


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_touge_board_race_clicked_to_the_end(browser: Browser, site: str, size: str) -> None:  # noqa: F811
    page = open_page(browser, size)
    try:
        # a set deal: on a secret one, random clicks once passed every battle before a second road (CI)
        start_from_lobby(page, site, "touge", "bot:greedy", seed=SEED)
        expect(page.locator("#board[data-game=touge] .tg-board")).to_be_visible()
        seen = {"ghost": False, "tiles": 0, "shots": 0}

        def each(page: Page, n: int) -> None:
            fits(page, ".tg-hand .card, .tg-tile, .tg-racer, .tg-totals")
            tiles = page.locator(".tg-course .tg-tile:not(.kit-ghost)")
            count = tiles.count()
            if count:
                # each tile in its owner's colour: the band is that seat's colour
                band = tiles.first.locator(".tg-tile-band").evaluate(
                    "e => getComputedStyle(e).backgroundColor"
                )
                assert band in ("rgb(224, 98, 58)", "rgb(61, 139, 217)"), band
            if count >= 3 and seen["shots"] == 0:
                shot(page, f"boards-touge-{size}-course")
                seen["shots"] += 1
            seen["tiles"] = max(seen["tiles"], count)
            if not seen["ghost"]:
                seen["ghost"] = road_ghost(page)

        play_to_the_end(page, seed=20, each=each)
        shot(page, f"boards-touge-{size}-result")
        assert seen["ghost"], "no road was ever laid by clicking"
        assert seen["tiles"] >= 2
        page.click("#result-close")
        # the race is over: the last battle's course stays on the board with its scores, or, when both
        # racers passed before any road (TG-T2: an empty course scores 0 to 0), the empty course's note
        expect(page.locator(".tg-course .tg-tile, .tg-course .tg-empty").first).to_be_visible()
        expect(page.locator(".tg-history .tg-past").first).to_be_visible()
        fits(page, ".tg-tile, .tg-racer")
        shot(page, f"boards-touge-{size}-final")
    except Exception:
        shot(page, f"boards-touge-{size}-failure")
        raise
    finally:
        page.close()
