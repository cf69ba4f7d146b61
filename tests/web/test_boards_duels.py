"""The two-player duels' own boards in Debian's Chromium at a desktop's and a phone's size, each game
clicked to its end against the random bot: Stampede (static/games/stampede.js, the page and the cards in
Japanese: zones and machines with POW, DEF and gear), D-Spirits (dspirits.js: spirits, the chain) and
Initial D (initiald.js: the stages, the cars). Screenshots in test-artifacts/web/boards-<game>-*.png."""

from __future__ import annotations

import needs
import pytest

needs.program("chromium", "/usr/bin/chromium", install="Debian's chromium: make system-deps")
needs.module("playwright.sync_api", "the test extra: pip install -e '.[test]'")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from .boards_kit import fits, open_page, play_to_the_end, shot, start_from_lobby  # noqa: E402
from .test_browser import browser_type_launch_args, site  # noqa: E402, F401

pytestmark = pytest.mark.browser

GAMES = {
    # game: (page language, what marks its own board, what must fit the width)
    "stampede": ("ja", ".st-board .st-field", ".st-zone, .st-hand .card, .st-side"),
    "dspirits": ("fr", ".ds-board .ds-zone.battle", ".ds-side, .ds-hand .card, .ds-chain"),
    "initiald": ("en", ".id-board .id-track", ".id-stage, .id-hand .card, .id-car"),
}
# Options typed in the lobby: Stampede's race from distance 8 instead of 20 (ST-S1's start_distance, an
# option of the game): every kind of turn still comes, in a third of the clicks (this test was the suite's
# longest, 2½ minutes a size on a busy machine).
OPTIONS = {"stampede": {"start_distance": "8"}}
# The other seat is the greedy bot, which races to win: against random clicks it ends a Stampede race in a
# third of random's moves (20 of this page's moves at the median, 37 at the 90th percentile, against 59 and
# 97; D-Spirits 28 and 40 against 43 and 56), so the test's length varies less with the room's secret seed.
OPPONENT = "bot:greedy"


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_duel_board_clicked_to_the_end(browser: Browser, site: str, game: str, size: str) -> None:  # noqa: F811
    lang, mark, wide = GAMES[game]
    page = open_page(browser, size, locale={"ja": "ja-JP", "fr": "fr-FR"}.get(lang, "en-GB"))
    page.context.add_cookies([{"name": "kansei_lang", "value": lang, "url": site}])
    try:
        start_from_lobby(page, site, game, OPPONENT, options=OPTIONS.get(game))
        expect(page.locator(f"#board[data-game={game}] {mark}").first).to_be_visible()

        def each(page: Page, n: int) -> None:
            fits(page, wide)
            if n in (6, 14):
                shot(page, f"boards-{game}-{size}-{n}")

        play_to_the_end(page, seed=3, each=each, limit=900)
        shot(page, f"boards-{game}-{size}-result")
        page.click("#result-close")
        expect(page.locator(mark).first).to_be_visible()
        fits(page, wide)
        shot(page, f"boards-{game}-{size}-final")
    except Exception:
        shot(page, f"boards-{game}-{size}-failure")
        raise
    finally:
        page.close()
