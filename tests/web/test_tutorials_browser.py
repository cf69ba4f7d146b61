"""Every game's tutorial (/tutorial/<game>, tutorials.py, tutorial.js) in Debian's Chromium at a desktop's and
a phone's size: the lesson is finished by clicking only what each step makes glow; a click on anything
else is refused, shown as the step's hint, and changes nothing (the same drawn step, the same board); the
coach bubble never covers what it points at; "how to play" numbers the notes on the board; no catalogue key
shows in place of a word (the server's refusal of a move off the script: test_boards_tutorials.py).
Screenshots in test-artifacts/web/tutorial-<game>-<size>*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path

import needs
import pytest

needs.program("chromium", "/usr/bin/chromium", install="Debian's chromium: make system-deps")
needs.module("playwright.sync_api", "the test extra: pip install -e '.[test]'")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

import kansei  # noqa: E402

from .boards_kit import SIZES, assert_board_reads_well, open_page, shot  # noqa: E402
from .test_browser import browser_type_launch_args, site  # noqa: E402, F401

pytestmark = pytest.mark.browser

GAMES = Path(kansei.__file__).parent / "web" / "static" / "games"
LESSONS = sorted(p.name.split(".")[0] for p in GAMES.glob("*.tutorial.json"))
KEY = re.compile(r"\b(?:tutorial|howto|lobby|table|hint|action|turn|prompt)\.[a-z_]+\b")

# the page is ready for the person's next step, or the lesson is over
READY = """() => document.getElementById('tut-play') || (
  document.querySelector('#coach[data-step] #coach-say') && !document.body.dataset.busy &&
  document.getElementById('turn').classList.contains('mine') &&
  document.querySelectorAll('.tut-target').length &&
  !document.getElementById('sending'))"""


def script(game: str) -> dict:
    return json.loads((GAMES / f"{game}.tutorial.json").read_text(encoding="utf-8"))


def step_of(page: Page) -> str:
    return page.locator("#coach").get_attribute("data-step") or ""


def confirm(page: Page) -> None:
    if page.locator("#confirm").is_visible():
        page.click("#confirm")


# what the board says, read from the DOM in one step: innerText depends on layout, and a board drawn again
# in the same frame (the refusal redraws it) can read as one run-on line on a busy machine
BOARD_TEXT = "() => document.getElementById('board').textContent.replace(/\\s+/g, ' ').trim()"


def wrong_click(page: Page) -> bool:
    """Make a move the step does not ask for: the server refuses it, the bubble shows the step again with
    the refusal, and the board is the same. False when the step leaves nothing else to do."""
    other = page.locator("#board .playable:not(.tut-target), #buttons .move-btn:not(.tut-target)")
    if not other.count():
        return False
    drawn = page.locator("#board").get_attribute("data-drawn")
    board = page.evaluate(BOARD_TEXT)
    step = step_of(page)
    other.first.click()
    for _ in range(4):  # what the first pick lights next, until Confirm
        if page.locator("#confirm").is_visible():
            break
        lit = page.locator("#board .next, #choices .choice")
        if not lit.count():
            break
        lit.first.click()
    confirm(page)
    expect(page.locator("#coach.wrong #coach-why")).to_be_visible()
    expect(page.locator("#coach #coach-say")).not_to_be_empty()
    assert page.locator("#board").get_attribute("data-drawn") == drawn
    assert step_of(page) == step
    assert page.evaluate(BOARD_TEXT) == board
    return True


def right_click(page: Page, expect_refs: list[str]) -> None:
    """The step's move, clicked as the glow shows it: its refs in order (or its one button), then Confirm."""
    if not expect_refs:
        page.locator("#buttons .move-btn.tut-target").click()
    for ref in expect_refs:
        if page.locator("#confirm").is_visible() or page.locator("#choices .choice.tut-target").count():
            break
        page.locator(f'#board [data-ref="{ref}"].tut-target').first.click()
    if page.locator("#choices .choice.tut-target").count():  # several moves share those refs: the step's
        page.locator("#choices .choice.tut-target").click()
    confirm(page)


def bubble_clear_of_targets(page: Page) -> None:
    overlap = page.evaluate(
        """() => {
          const b = document.getElementById('coach').getBoundingClientRect();
          return [...document.querySelectorAll('#board .tut-target')].map((el) => el.getBoundingClientRect())
            .some((r) => r.width && r.left < b.right && r.right > b.left
              && r.top < b.bottom && r.bottom > b.top);
        }"""
    )
    assert not overlap, "the coach bubble covers what it points at"


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", LESSONS)
def test_tutorial_finished_by_clicking_what_glows(browser: Browser, site: str, game: str, size: str) -> None:  # noqa: F811
    lesson = script(game)
    page = open_page(browser, size)
    try:
        page.goto(f"{site}/tutorial/{game}")
        page.wait_for_url(f"**/tutorial/{game}/**")
        tried_wrong = False
        for n, step in enumerate(lesson["steps"]):
            page.wait_for_function(READY)
            assert step_of(page) == str(n), f"{game}: the page shows step {step_of(page)}, not {n}"
            assert_board_reads_well(page)
            bubble_clear_of_targets(page)
            if n == 1:
                shot(page, f"tutorial-{game}-{size}")
            if not tried_wrong:
                tried_wrong = wrong_click(page)
            right_click(page, step["expect"])
            page.wait_for_function(
                "(n) => document.getElementById('tut-play')"
                " || document.querySelector('#coach')?.dataset.step !== n",
                arg=str(n),
            )
        assert tried_wrong, f"{game}: no step offered a move off the script to try"
        expect(page.locator("#tut-play")).to_be_visible()
        assert page.locator("#tut-play").get_attribute("href") == f"/?game={game}"
        assert page.locator("#tut-rules").get_attribute("href") == f"/rules/{game}"
        shot(page, f"tutorial-{game}-{size}-done")
        text = page.locator("body").inner_text()
        assert not KEY.findall(text), f"untranslated keys: {KEY.findall(text)}"
    finally:
        page.close()


@pytest.mark.parametrize("game", LESSONS)
def test_how_to_play_numbers_the_board(browser: Browser, site: str, game: str) -> None:  # noqa: F811
    """The lobby's link opens the lesson's board with the notes: each one numbered on what it names."""
    page = open_page(browser, "desktop")
    try:
        page.goto(f"{site}/?game={game}")
        page.click("#howto-link")
        page.wait_for_url(f"**/tutorial/{game}/**")
        page.wait_for_function(READY)
        notes = page.locator("#howto .howto-notes li")
        expect(notes.first).to_be_visible()
        assert 4 <= notes.count() <= 7, f"{game}: {notes.count()} notes"
        assert page.locator(".howto-badge").count() == notes.count(), "a note names nothing on the board"
        shot(page, f"howto-{game}")
        page.click("#howto-btn")
        expect(page.locator("#howto")).to_have_count(0)
        expect(page.locator(".howto-badge")).to_have_count(0)
    finally:
        page.close()
