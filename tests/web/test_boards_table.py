"""Every game's own board in Debian's Chromium, around the action bar: the ghost of a chosen move drawn from
the server's preview before Confirm (docs/web-boards.md, ``ghost(move, preview, ctx)``), and at a phone's
size (390×844) nothing playable left under the fixed action bar once the page is scrolled to its bottom,
and no sideways scroll. Screenshots in test-artifacts/web/table-<game>-*.png."""

from __future__ import annotations

import random

import httpx
import needs
import pytest

needs.program("chromium", "/usr/bin/chromium", install="Debian's chromium: make system-deps")
needs.module("playwright.sync_api", "the test extra: pip install -e '.[test]'")

from playwright.sync_api import Browser, Page, expect  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from .boards_kit import my_turn_or_over, open_page, shot, start_from_lobby  # noqa: E402
from .test_browser import browser_type_launch_args, site  # noqa: E402, F401

pytestmark = pytest.mark.browser

GAMES = ["dspirits", "initiald", "minid", "stampede", "touge"]


def pick_until_confirm(page: Page, rng: random.Random) -> bool:
    """Pick one legal move as a player does, up to (not pressing) Confirm; False if a pick played itself."""
    things = page.locator(".playable, .move-btn")
    things.nth(rng.randrange(things.count())).click()
    for _ in range(6):
        if page.locator("#confirm").is_visible():
            return True
        lit, choices = page.locator("#board .next"), page.locator("#choices .choice")
        if choices.count() and (not lit.count() or rng.random() < 0.5):
            choices.nth(rng.randrange(choices.count())).click()
        elif lit.count():
            lit.nth(rng.randrange(lit.count())).click()
        else:
            return False
    return page.locator("#confirm").is_visible()


# Mini D is nearly all dice (a move's preview is almost always null): a race whose first decision is its
# player's, with a sure move among two (keep the DRIFT roll, MD-C2, or play Contre-braquage)
SCENARIO = {"minid": {"seed": 10, "setup": {"starter": 0, "hands": [["contre-braquage"], []]}}}


def open_room(page: Page, url: str, game: str) -> None:
    """The game against the random bot: from the lobby, or its scenario through the API (the page then
    claims the seat's token from its address, as an invitee's does)."""
    if game not in SCENARIO:
        start_from_lobby(page, url, game, "bot:random")
        return
    r = httpx.post(
        f"{url}/api/rooms",
        json={"game": game, "seats": [{"kind": "human", "name": "Ann"}, "random"], **SCENARIO[game]},
    )
    assert r.status_code == 201, r.text
    body = r.json()
    page.goto(f"{url}/room/{body['room']}?token={body['tokens']['0']}")


@pytest.mark.parametrize("game", GAMES)
def test_the_ghost_of_a_previewed_move_shows_before_confirm(
    browser: Browser,
    site: str,  # noqa: F811
    game: str,
) -> None:
    """Moves are picked until the server sends a preview for one (a move with no luck in it): its ghost
    ("If played now", the values after it) is on the board while Confirm still waits. A pick without a
    preview is cancelled and another tried, a few times, before one is confirmed."""
    page = open_page(browser, "desktop")
    rng = random.Random(7)
    try:
        open_room(page, site, game)
        for n in range(240):
            assert my_turn_or_over(page), f"{game}: the game ended before any move had a preview"
            if not pick_until_confirm(page, rng):
                continue
            # the shell asks the server for the move's preview; #preview[data-ghost] says what came back
            answer = page.locator("#preview[data-ghost=view], #preview[data-ghost=text]")
            expect(answer).to_have_count(1)
            if answer.get_attribute("data-ghost") == "text" and n % 4 != 3:
                page.click("#cancel")
                continue
            if answer.get_attribute("data-ghost") == "view":
                note = page.locator("#board .kit-ghost-note")
                expect(note).to_be_visible()
                expect(page.locator("#confirm")).to_be_visible()
                assert note.inner_text().strip().lower().startswith("if ")
                shot(page, f"table-{game}-ghost")
                page.click("#cancel")  # Cancel takes the ghost away
                expect(page.locator("#board .kit-ghost")).to_have_count(0)
                return
            page.click("#confirm")
        raise AssertionError(f"{game}: no previewed move in 240 picks")
    finally:
        page.close()


UNDER_THE_BAR = """() => {
  const bar = document.getElementById('actionbar').getBoundingClientRect();
  const w = document.documentElement.clientWidth;
  const under = [...document.querySelectorAll('#board .playable')].map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.bottom > bar.top + 1 && r.top < bar.bottom)
    .map((r) => [Math.round(r.top), Math.round(r.bottom)]);
  const scroll = document.documentElement.scrollWidth;
  return {under, bar: [Math.round(bar.top), Math.round(bar.bottom)], w, scroll};
}"""


# every playable thing brought into view as the browser does it (a keyboard's focus, scrollIntoView) lies
# clear of the bar: the page's scroll padding is the bar's height
REACHED = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#board .playable')) {
    el.scrollIntoView({block: 'nearest'});
    const bar = document.getElementById('actionbar').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height < bar.top && r.bottom > bar.top + 1) {
      out.push([el.dataset.ref, Math.round(r.bottom), Math.round(bar.top)]);
    }
  }
  return out.slice(0, 5);
}"""

# what the player just picked stays in sight above the bar, which grew to show the choice and Confirm
# the chosen move's pieces out of sight (above the screen or under the bar); where they lie further apart
# than the space above the bar, one of them in sight is enough (the page shows the piece picked last)
CHOSEN = """() => {
  const bar = document.getElementById('actionbar').getBoundingClientRect();
  const pieces = [...document.querySelectorAll('#board .selected')]
    .map((el) => [el.dataset.ref, el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && r.height < bar.top);
  const hidden = pieces.filter(([, r]) => r.bottom > bar.top + 1 || r.top < -1);
  const span = pieces.length
    ? Math.max(...pieces.map(([, r]) => r.bottom)) - Math.min(...pieces.map(([, r]) => r.top)) : 0;
  if (span > bar.top && hidden.length < pieces.length) return [];
  return hidden.map(([ref, r]) => [ref, Math.round(r.top), Math.round(r.bottom), Math.round(bar.top)]);
}"""


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_nothing_playable_hides_under_the_action_bar(
    browser: Browser,
    site: str,  # noqa: F811
    game: str,
) -> None:
    """390×844: on the player's turns, scrolled to the bottom, no playable thing of the board lies under the
    fixed action bar (the page keeps the bar's height free below the board), and nothing scrolls sideways."""
    page = open_page(browser, "phone")
    rng = random.Random(11)
    try:
        start_from_lobby(page, site, game, "bot:random")
        for n in range(4):
            if not my_turn_or_over(page):
                break
            # scrolled to the bottom and staying there: a payload that lands after the scroll (under load,
            # the bot's move) can grow the page or resize the bar, so every poll scrolls again
            page.wait_for_function(
                "() => { window.scrollTo(0, document.documentElement.scrollHeight);"
                " return Math.ceil(window.scrollY + window.innerHeight)"
                " >= document.documentElement.scrollHeight - 1; }"
            )
            out = page.evaluate(UNDER_THE_BAR)
            if n == 0:
                shot(page, f"table-{game}-phone-bottom")
            assert not out["under"], (
                f"{game}: playable things under the action bar {out['bar']}: {out['under']}"
            )
            assert out["scroll"] <= out["w"] + 1, (
                f"{game}: the page scrolls sideways ({out['scroll']} > {out['w']})"
            )
            hidden = page.evaluate(REACHED)
            assert not hidden, (
                f"{game}: playable things brought into view still under the action bar: {hidden}"
            )
            if pick_until_confirm(page, rng):
                # the server's preview is back and its ghost drawn (a ghost can open a pile above the hand
                # and push the pick down); the page scrolls the pick into sight on its next frame
                page.wait_for_function("() => document.getElementById('preview').dataset.ghost !== 'asking'")
                try:
                    page.wait_for_function(f"() => ({CHOSEN})().length === 0", timeout=10_000)
                except PlaywrightTimeout:
                    pass  # the assertion below says what stayed hidden
                chosen = page.evaluate(CHOSEN)
                assert not chosen, (
                    f"{game}: the chosen thing is under the action bar (Confirm showing): {chosen}"
                )
                page.click("#confirm")
    finally:
        page.close()


HAND = {"initiald": ".id-hand .card", "dspirits": ".ds-hand .card", "stampede": ".st-hand .card"}


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", sorted(HAND))
def test_the_cards_in_hand_are_compact_and_tell_everything_on_a_long_press(
    browser: Browser,
    site: str,  # noqa: F811
    game: str,
    size: str,
) -> None:
    """The hand's cards at 1280×800 and 390×844: Initial D's with their stats as icons (each icon's full
    words its title), a phone's hand a few short rows, never wider than the page; a long press (the context
    menu) shows a card whole, every stat and all its words, and closes again."""
    page = open_page(browser, size)
    try:
        start_from_lobby(page, site, game, "bot:random")
        cards = page.locator(f"#board {HAND[game]}")
        rng = random.Random(5)
        for _ in range(12):  # D-Spirits opens with a bid: play on until a hand shows
            assert my_turn_or_over(page)
            if cards.count():
                break
            if pick_until_confirm(page, rng):
                page.click("#confirm")
        expect(cards.first).to_be_visible()
        shot(page, f"table-{game}-{size}-hand")
        boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
        width = page.evaluate("() => document.documentElement.clientWidth")
        assert all(b and b["x"] >= -1 and b["x"] + b["width"] <= width + 1 for b in boxes), boxes
        if game == "initiald":
            icons = cards.first.locator(".icon")
            assert icons.count() >= 6  # strength on three stage types, counters against three maneuver types
            assert "strength" in (icons.first.get_attribute("title") or "")
            if size == "phone":
                assert max(b["height"] for b in boxes if b) <= 130, boxes
                expect(cards.first.locator(".card-text")).to_be_hidden()
        cards.first.dispatch_event("contextmenu")
        detail = page.locator("#dialog .card-detail .card.full")
        expect(detail).to_be_visible()
        expect(detail).to_have_attribute("data-card", cards.first.get_attribute("data-card") or "?")
        if game == "initiald":  # every maneuver has its words
            expect(detail.locator(".card-text")).to_be_visible()
        shot(page, f"table-{game}-{size}-card")
        page.click("#card-detail-close")
        expect(page.locator("#dialog")).to_be_hidden()
    finally:
        page.close()
