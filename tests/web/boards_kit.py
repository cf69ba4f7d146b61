"""What the browser tests share (test_browser.py, test_boards_*.py): a game started from the lobby, a wait
for this page's turn, one move clicked as a person does, a page at a given size, a game played to its end,
and the checks every board must pass at every size (its own board drew, not the generic one; nothing runs
off the edge; no JavaScript leftovers)."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from .conftest import ARTIFACTS

# The pace of the table's animations in the tests: "fast" runs every animation (a board's animate code is
# exercised) in 0.4 of a player's default time; a test of the pacing itself sets its own.
TEST_SPEED = "fast"


def paced(page: Page, speed: str = TEST_SPEED) -> Page:
    """``page`` with the table's speed control set before any page script runs (the player's choice,
    kept in localStorage as the speed menu keeps it)."""
    page.add_init_script(f"localStorage.setItem('kansei.speed', {speed!r})")
    return page


def start_from_lobby(
    page: Page,
    site: str,
    game: str,
    opponent: str = "bot:greedy",
    players: int = 2,
    options: dict[str, str] | None = None,
    seed: int | None = None,
) -> None:
    """A table started as a person does: the game's tile, the players, the lobby's option fields
    (``options``: option name -> the value typed in its field), every other seat ``opponent``, the game's
    seed typed in its field when given (the same deal every run; else a secret one), Start."""
    page.goto(site + "/")
    page.click(f".game-tile[data-game={game}]")
    if players != 2:
        page.select_option("#players", str(players))
    for name, value in (options or {}).items():
        page.fill(f"#opt-{name}", value)
    rows = page.locator(".seat-row")
    for i in range(1, rows.count()):
        rows.nth(i).locator(".seat-kind").select_option(opponent)
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url("**/room/**")


def assert_board_reads_well(page: Page) -> None:
    """No JavaScript leftovers on the table: a field a renderer read wrong shows as one of these."""
    text = page.locator("main").inner_text()
    for junk in ("undefined", "NaN", "[object Object]"):
        assert junk not in text, f"{junk!r} on the table: {text[:2000]}"


TURN_MS = 180_000  # generous: a turn on a loaded machine (the bot, the server, the page) can take long


def my_turn_or_over(page: Page, timeout: float = TURN_MS) -> bool:
    """Wait until it is this page's move (True) or the result screen shows (False)."""
    page.wait_for_function(
        "() => !document.getElementById('result').hidden ||"
        " (document.getElementById('turn').classList.contains('mine') &&"
        " !document.body.dataset.busy && !document.body.dataset.auto &&"
        "  document.querySelectorAll('.playable, .move-btn').length > 0 &&"
        "  document.getElementById('buttons').textContent !== 'sending…')",
        timeout=timeout,
    )
    return page.locator("#result").is_hidden()


SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def open_page(browser: Browser, size: str, locale: str = "en-GB") -> Page:
    w, h = SIZES[size]
    page = paced(browser.new_page(viewport={"width": w, "height": h}, locale=locale))
    page.set_default_timeout(TURN_MS)
    expect.set_options(timeout=60_000)
    return page


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    board = page.locator("#board")
    if board.count() and board.is_visible():  # the board whole, below the shell's bars on a phone
        board.screenshot(path=str(ARTIFACTS / f"{name}-board.png"))


def fits(page: Page, selector: str) -> None:
    """Every element matching ``selector`` lies within the page's width, and the page does not scroll
    sideways: a hand or a course never runs off the edge. Where the page does, the message names the
    innermost elements that reach past the edge (tag, class, the start of their text) and a screenshot of
    the whole page is kept (test-artifacts/web/sideways.png)."""
    out = page.evaluate(
        """(sel) => {
          const w = document.documentElement.clientWidth;
          const bad = [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect())
            .filter((r) => r.width > 0 && (r.left < -1 || r.right > w + 1)).map((r) => [r.left, r.right]);
          const past = (el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.right > w + 1;
          };
          const culprits = [...document.querySelectorAll("body *")]
            .filter((el) => past(el) && ![...el.children].some(past))
            .slice(0, 5)
            .map((el) => {
              const name = `${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/ +/g, ".")}`;
              const text = (el.textContent || "").trim().slice(0, 60);
              return `${name} to ${Math.round(el.getBoundingClientRect().right)} px: ${text}`;
            });
          return {w, bad, culprits, scroll: document.documentElement.scrollWidth};
        }""",
        selector,
    )
    assert not out["bad"], f"{selector} off the edge of {out['w']} px: {out['bad'][:5]}"
    if out["scroll"] > out["w"] + 1:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "sideways.png"), full_page=True)
        raise AssertionError(f"the page scrolls sideways: {out['scroll']} > {out['w']}: {out['culprits']}")


def click_a_move(page: Page, rng: random.Random) -> None:
    """One legal action as a player takes it: a lit thing (or a button), then what it lights next or one
    of the listed choices, until Confirm shows; then Confirm."""
    things = page.locator(".playable, .move-btn")
    things.nth(rng.randrange(things.count())).click()
    for _ in range(6):
        if page.locator("#confirm").is_visible():
            page.click("#confirm")
            return
        lit = page.locator("#board .next")
        choices = page.locator("#choices .choice")
        if choices.count() and (not lit.count() or rng.random() < 0.5):
            choices.nth(rng.randrange(choices.count())).click()
        elif lit.count():
            lit.nth(rng.randrange(lit.count())).click()
        else:
            break
    raise AssertionError("a click led to no move to confirm")


def play_to_the_end(
    page: Page,
    seed: int,
    each: Callable[[Page, int], None] | None = None,
    limit: int = 600,
) -> int:
    """Click legal moves until the result box shows; ``each(page, n)`` before the n-th move."""
    rng = random.Random(seed)
    moves = 0
    while my_turn_or_over(page):
        assert_board_reads_well(page)
        if each:
            each(page, moves)
        click_a_move(page, rng)
        moves += 1
        assert moves < limit, "the game did not end"
    expect(page.locator("#result-title")).to_be_visible()
    return moves


__all__ = ["SIZES", "TEST_SPEED", "fits", "open_page", "paced", "play_to_the_end", "shot", "start_from_lobby"]
