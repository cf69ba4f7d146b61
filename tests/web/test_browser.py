"""The table in Debian's Chromium, driven by Playwright as a person would: the lobby, a whole Touge race
against the greedy bot played by clicking to the result screen, eight clicked actions in every other game,
a phone-width table, the replay viewer, the deck builder. Screenshots of every board go to
test-artifacts/web/."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import httpx
import needs
import pytest

import kansei
from kansei.web import i18n

CHROMIUM = needs.program("chromium", "/usr/bin/chromium", install="Debian's chromium: make system-deps")
needs.module("playwright.sync_api", "the test extra: pip install -e '.[test]'")

from playwright.sync_api import Page, expect  # noqa: E402

from .boards_kit import (  # noqa: E402
    TURN_MS,
    assert_board_reads_well,
    click_a_move,
    my_turn_or_over,
    paced,
    start_from_lobby,
)
from .conftest import ARTIFACTS, INSTALLED, RULE_ID, Server, eventually  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    # Debian's Chromium, never a downloaded browser; as root it needs --no-sandbox
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-dev-shm-usage",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # every finished game a page opens is reviewed in the bot pool: at a tenth of a second a move (the
    # table's default is half a second) those reviews leave the pool and the machine to the tests' games
    db = f"sqlite:///{tmp_path_factory.mktemp('web') / 'kansei.db'}"
    server = Server(db, budget=0.5, review=0.1).start()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        yield server.url
    finally:
        server.stop()


class Frames:
    """What the page's sockets were sent: the step of the last state each one received (tests wait on
    this and the server's own step, never on a clock)."""

    def __init__(self, page: Page):
        self.last: dict[int, int] = {}
        self.server = -1
        page.on("websocket", self._socket)

    def __repr__(self) -> str:
        return f"Frames(sockets at {sorted(self.last.values())}, the room at {self.server})"

    def _socket(self, ws) -> None:  # type: ignore[no-untyped-def]
        key = id(ws)
        self.last[key] = -1

        def frame(payload: str | bytes) -> None:
            try:
                msg = json.loads(payload)
            except (ValueError, TypeError):
                return
            if isinstance(msg, dict) and msg.get("type") == "state":
                self.last[key] = int(msg["step"])

        ws.on("framereceived", frame)
        ws.on("close", lambda _ws: self.last.pop(key, None))


def settled(page: Page, frames: Frames, site: str) -> None:
    """Every socket of the page has been sent the room's current state and the page has drawn it."""
    room = page.url.split("/room/")[1].split("?")[0]

    def caught_up() -> bool:
        # a socket whose first frame came before its listener (-1) has been sent nothing since: no move
        # it missed; every other one must have been sent the room's step
        page.evaluate("0")  # sync Playwright hands over socket events only inside its own calls
        step = httpx.get(f"{site}/api/rooms/{room}").json()["step"]
        frames.server = step
        heard = [s for s in frames.last.values() if s >= 0]
        return bool(heard) and all(s == step for s in heard)

    eventually(caught_up, lambda: f"the page's sockets hear the room's last move: {frames!r}", TURN_MS / 1000)
    page.wait_for_function(
        "() => !document.body.dataset.busy && !document.body.dataset.auto", timeout=TURN_MS
    )


def shot(page: Page, name: str, full: bool = False) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


@pytest.fixture(autouse=True)
def patient(page: Page) -> None:
    """Every wait on the page and every expectation: generous deadlines, never a measure of speed; the
    animations at the tests' pace (boards_kit.TEST_SPEED)."""
    paced(page)
    page.set_default_timeout(TURN_MS)
    expect.set_options(timeout=60_000)


def test_touge_against_greedy_played_to_the_result_by_clicking(page: Page, site: str) -> None:
    start_from_lobby(page, site, "touge")
    expect(page.locator("#board[data-drawn] [data-ref]").first).to_be_visible()
    rng = random.Random(12)
    moves = 0
    try:
        while my_turn_or_over(page):
            if moves == 4:
                shot(page, "touge-board")
            assert_board_reads_well(page)
            click_a_move(page, rng)
            moves += 1
            assert moves < 400
    except Exception:
        shot(page, "touge-failure")
        raise
    expect(page.locator("#result-title")).to_be_visible()
    shot(page, "touge-result")
    assert moves >= 5
    # the result screen leads on: a rematch with the same seats
    finished = page.url.split("/room/")[1].split("?")[0]  # before the click: the rematch can open at once
    page.click("#rematch")
    page.wait_for_function("() => !location.pathname.endsWith('" + finished + "')")
    expect(page.locator("#board[data-drawn] [data-ref]").first).to_be_visible()


@pytest.mark.parametrize("game", [g for g in INSTALLED if g != "touge"])
def test_eight_clicked_actions_in_every_other_game(page: Page, site: str, game: str) -> None:
    """Eight moves clicked as a person does in every game but Touge (played to its end above), with every
    other seat a bot: the board reads well before each, and the log tells them. Animations at the tests'
    pace (boards_kit.TEST_SPEED): a Mini D table animates every racer's turn between two of its moves."""
    paced(page)
    several = page.context.request.get(site + "/api/games").json()
    most = next(g["max_players"] for g in several["games"] if g["id"] == game)
    start_from_lobby(page, site, game, "bot:random", players=min(3, most))
    rng = random.Random(game)
    taken = 0
    while taken < 8:
        if not my_turn_or_over(page):  # a short race (Mini D's dice): on into the rematch
            page.click("#rematch")
            page.wait_for_function("() => document.getElementById('result').hidden")
            continue
        assert_board_reads_well(page)
        click_a_move(page, rng)
        taken += 1
    my_turn_or_over(page)  # the table settles on the next move or the result
    if page.locator("#result").is_visible():
        page.get_by_role("button", name="Look at the table").click()
    shot(page, f"{game}-board")
    log = page.locator("#log li")
    assert log.count() > 0


def test_phone_width(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    start_from_lobby(page, site, "stampede")
    my_turn_or_over(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 392, f"the page is {width}px wide at phone width"
    shot(page, "stampede-phone", full=True)
    page.goto(site + "/")
    expect(page.locator(".game-tile").first).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 392
    shot(page, "lobby-phone", full=True)


def test_lobby_and_names_are_shown_as_text(page: Page, site: str) -> None:
    page.goto(site + "/")
    expect(page.locator(".game-tile")).to_have_count(len(INSTALLED))
    shot(page, "lobby")
    # the opponent's menu offers the game's named levels by measured strength, the club by default
    page.click(".game-tile[data-game=touge]")
    menu = page.locator(".seat-row").nth(1).locator(".seat-kind")
    expect(menu).to_have_value("bot:level:club")
    expert = menu.locator("option[value='bot:level:expert']")
    expect(expert).to_have_text(re.compile(r"^Expert — [+−]\d+ Elo, (\d+ ms|[\d.]+ s) a move$"))
    assert "searches" in (expert.get_attribute("title") or "")  # what it does, in words
    # a game of luck (Mini D): its levels unranked with their time a move, what the calibration measured
    # in the title
    page.click(".game-tile[data-game=minid]")
    expert = page.locator(".seat-row").nth(1).locator(".seat-kind option[value='bot:level:expert']")
    expect(expert).to_have_text(re.compile(r"^Expert — unranked, \d+ ms a move$"))
    assert "not ranked: over 400 games a pairing" in (expert.get_attribute("title") or "")
    r = httpx.post(
        site + "/api/rooms",
        json={"game": "touge", "seats": [{"kind": "human", "name": "<b>Bold</b> Ann"}, "random"]},
    ).json()
    page.goto(site + r["links"]["0"])
    chip = page.locator(".seat-chip.s0")
    expect(chip).to_contain_text("<b>Bold</b> Ann")
    assert chip.locator("b").count() == 0


def test_replay_controls_wait_for_the_replay_and_show_the_step_asked_last(page: Page, site: str) -> None:
    """Until the first step has loaded the replay's length is unknown, and a click on "next" then stepped
    nowhere (a loaded machine lost one of twelve clicks of the test below): the controls show once it is
    known. Answers that cross (a click's overtaken by the next one's) leave the step asked last shown, and
    the next click steps on from it."""
    r = httpx.post(
        site + "/api/rooms", json={"game": "touge", "seats": ["greedy", "greedy"], "seed": 3}
    ).json()
    room = r["room"]
    eventually(lambda: httpx.get(f"{site}/api/rooms/{room}").json()["over"], "the bots finish their game")
    held = []
    page.route(re.compile(r".*/steps/0\?.*"), lambda route: held.append(route))
    with page.expect_request(re.compile(r".*/steps/0\?.*")):
        page.goto(f"{site}/replay/{room}")
    expect(page.locator("#replay-bar")).to_be_hidden()  # step 0 is not answered yet
    held.pop().continue_()
    expect(page.locator("#replay-bar")).to_be_visible()
    expect(page.locator("#rp-label")).to_contain_text("step 0")
    page.route(re.compile(r".*/steps/1\?.*"), lambda route: held.append(route))
    with page.expect_request(re.compile(r".*/steps/1\?.*")):
        page.click("#rp-next")  # step 1: its answer held back
    with page.expect_response(re.compile(r".*/steps/2\?.*")):
        page.click("#rp-next")  # step 2: answered first
    expect(page.locator("#rp-label")).to_contain_text("step 2")
    with page.expect_response(re.compile(r".*/steps/1\?.*")):
        held.pop().continue_()  # step 1's late answer
    page.click("#rp-next")  # step 3: every answer before it has arrived
    expect(page.locator("#rp-label")).to_contain_text("step 3")
    assert page.locator("#rp-step").input_value() == "3"


def test_replay_viewer_steps_through_a_finished_game(page: Page, site: str) -> None:
    r = httpx.post(
        site + "/api/rooms", json={"game": "dspirits", "seats": ["greedy", "random"], "seed": 4}
    ).json()
    room = r["room"]
    eventually(lambda: httpx.get(f"{site}/api/rooms/{room}").json()["over"], "the bots finish their game")
    page.goto(f"{site}/replay/{room}")
    expect(page.locator("#replay-bar")).to_be_visible()
    # nothing is played in a replay: no action bar, which on a phone would sit empty over the page's foot
    expect(page.locator("#actionbar")).to_be_hidden()
    for _ in range(12):
        page.click("#rp-next")
    expect(page.locator("#rp-label")).to_contain_text("step 12")
    page.wait_for_load_state("networkidle")
    # every card open: both hands face up, each titled with its player's name, none offered as a move
    expect(page.locator(".kit-open-hand")).to_have_count(2)
    expect(page.locator(".kit-open-hand").first).to_contain_text("Player 1's hand")
    assert page.locator(".kit-open-hand .card").count() >= 2
    assert page.locator(".kit-open-hand [data-ref]").count() == 0
    shot(page, "dspirits-replay-open")
    with page.expect_response(lambda resp: "seat=1" in resp.url):
        page.select_option("#rp-seat", "1")
    page.wait_for_load_state("networkidle")
    # as Player 2 saw it: its own hand, never the other's
    expect(page.locator(".kit-open-hand")).to_have_count(0)
    expect(page.locator(".ds-hand .card").first).to_be_visible()
    shot(page, "dspirits-replay-seat1")
    page.goto(f"{site}/games")
    expect(page.locator(f"#finished a[href='/replay/{room}']")).to_be_visible()
    # a replay file opened here plays back the same
    file = ARTIFACTS / "dspirits-replay.json"
    file.write_bytes(httpx.get(f"{site}/api/rooms/{room}/replay").content)
    page.set_input_files("#replay-file", str(file))
    page.wait_for_url("**/replay/**")
    assert not page.url.endswith(room)
    expect(page.locator("#rp-label")).to_contain_text("step 0")
    # and a table being played can be watched by anyone with its address
    r = httpx.post(site + "/api/rooms", json={"game": "touge", "seats": ["human", "random"]}).json()
    page.goto(site + r["spectate"])
    expect(page.locator("#board[data-drawn]")).to_be_visible()
    expect(page.locator("#prompt")).to_contain_text("watching")


@pytest.mark.parametrize("game", [g for g in INSTALLED if g != "dspirits"])
def test_a_replay_with_every_card_open_shows_every_hand(page: Page, site: str, game: str) -> None:
    """A finished game's replay with every card open shows each player's hand face up on every board (a
    seat's own view never holds another's hand, so only a replay's merged view can); as one player saw
    it, only that player's. D-Spirits: the replay viewer's test above."""
    room = httpx.post(
        site + "/api/rooms", json={"game": game, "seats": ["greedy", "random"], "seed": 2}
    ).json()["room"]
    eventually(lambda: httpx.get(f"{site}/api/rooms/{room}").json()["over"], "the bots finish their game")
    page.goto(f"{site}/replay/{room}?step=4")
    expect(page.locator("#rp-label")).to_contain_text("step 4")  # Stampede deals its hands at step 3
    expect(page.locator(".kit-open-hand")).to_have_count(2)
    expect(page.locator(".kit-open-hand").nth(1)).to_contain_text("Player 2's hand")
    with page.expect_response(lambda resp: "seat=0" in resp.url):
        page.select_option("#rp-seat", "0")
    expect(page.locator(".kit-open-hand")).to_have_count(0)


def test_a_stampede_replay_with_every_card_open_shows_each_players_first_machines(
    page: Page, site: str
) -> None:
    """ST-S1: at set-up each player chooses a first machine among its deck's gear-1 machines. A replay with
    every card open shows both players' choices, titled with their names and never clickable; as one
    player saw it, only that player's own."""
    seats = {"game": "stampede", "seats": ["greedy", "random"], "seed": 2}
    room = httpx.post(site + "/api/rooms", json=seats).json()["room"]
    eventually(lambda: httpx.get(f"{site}/api/rooms/{room}").json()["over"], "the bots finish their game")
    page.goto(f"{site}/replay/{room}?step=0")
    expect(page.locator("#rp-label")).to_contain_text("step 0")
    firsts = page.locator(".st-open-firsts")
    expect(firsts).to_have_count(2)
    expect(firsts.nth(1)).to_contain_text("Player 2's first machines to choose from")
    expect(firsts.locator("[data-ref]")).to_have_count(0)  # shown, never offered as moves
    expect(firsts.nth(0).locator(".card-extra").first).to_contain_text("×")
    with page.expect_response(lambda resp: "seat=0" in resp.url):
        page.select_option("#rp-seat", "0")
    expect(page.locator(".st-open-firsts")).to_have_count(0)
    expect(page.locator(".st-hand [data-ref^='deck:0:']").first).to_be_visible()  # its own, as it chose


def test_the_analysis_of_a_finished_game_reads_in_the_page_language_and_leads_to_its_moves(
    page: Page, site: str
) -> None:
    """Issue 24's Analysis view, as a player opens it after a game: the coach reviews the game in the bot
    pool, and the replay page draws the chance curve, each seat's count of errors and the costliest
    moves in the page's language; a costly move's button takes the replay to that move."""
    seats = {"game": "touge", "seats": ["greedy", "random"], "seed": 8}
    room = httpx.post(site + "/api/rooms", json=seats).json()["room"]
    eventually(lambda: httpx.get(f"{site}/api/rooms/{room}").json()["over"], "the bots finish their race")
    page.context.add_cookies([{"name": "kansei_lang", "value": "ja", "url": site}])
    try:
        page.goto(f"{site}/replay/{room}")
        box = page.locator("#analysis")
        expect(box.locator("h3")).to_have_text("分析")
        expect(box.locator("svg.curve polyline").first).to_be_visible(timeout=180_000)  # the pool's review
        # one line per seat, each from what that seat saw (curve_by), in its colour, named under the graph
        expect(box.locator("svg.curve polyline[data-seat]")).to_have_count(2)
        views = ["— プレイヤー1から見た", "— プレイヤー2から見た"]
        expect(box.locator(".curve-legend .who")).to_have_text(views)
        expect(box.locator(".analysis-summary li")).to_have_count(2)  # each seat, from its own information
        expect(box).to_contain_text("各プレイヤーが見えていた情報から")
        costly = box.locator("ol.costly li button")
        assert costly.count() >= 1, "a greedy-random race has moves that cost something"
        # each loss as the review measured it, to a tenth of a point: whole points read "−5" beside a
        # 4.6-point loss graded good (a fault is graded from 5)
        moves = httpx.get(f"{site}/api/rooms/{room}/analysis").json()["moves"]
        worst = sorted((m["loss"] for m in moves if m["loss"] >= 0.05), reverse=True)[:5]
        expect(box.locator("ol.costly li small")).to_have_count(len(worst))
        for text, loss in zip(box.locator("ol.costly li small").all_inner_texts(), worst, strict=True):
            shown = re.fullmatch(r"勝率 −(\d+(?:\.\d)?)ポイント", text)
            assert shown and abs(float(shown[1]) - loss) <= 0.051, (text, loss)
        step = re.fullmatch(r"(\d+)手目", costly.first.inner_text().strip())
        assert step, costly.first.inner_text()
        costly.first.click()
        expect(page.locator("#rp-label")).to_contain_text(f"中{step[1]}手目")
        shot(page, "touge-analysis-ja", full=True)
    finally:
        page.context.clear_cookies()


def test_the_table_speaks_the_page_language_when_the_game_text_has_another(page: Page, site: str) -> None:
    """The page's words follow the page, the game's text follows ``?cards=``: a French page starting
    Initial D (its text in English, French and Japanese) gets the game in French, prompt, log and board,
    with the card language to choose; a Stampede table asked for in Japanese card text keeps a French
    page."""
    page.context.add_cookies([{"name": "kansei_lang", "value": "fr", "url": site}])
    try:
        start_from_lobby(page, site, "initiald", "bot:random")
        assert "cards=fr" in page.url and "lang=" not in page.url
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator(".log-wrap h3")).to_have_text("Journal de la table")
        expect(page.locator("#rules-btn")).to_have_text("Règles")
        expect(page.locator("#lang")).to_be_visible()  # three languages of card text to choose from
        expect(page.locator("#lang")).to_have_value("fr")
        if my_turn_or_over(page):
            expect(page.locator("#prompt")).to_contain_text(re.compile(r"manœuvre|étape|défaussez|passez"))
        assert_table_reads(page, "initiald", "fr")
        page.goto(site + "/")
        page.click(".game-tile[data-game=stampede]")
        page.select_option("#lang", "ja")
        page.click("#start")
        page.wait_for_url("**/room/**")
        assert "cards=ja" in page.url
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("#lang")).to_have_value("ja")
        expect(page.locator("#board[data-drawn] [data-ref]").first).to_be_visible()
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", page.locator("#board").inner_text())
        expect(page.locator(".log-wrap h3")).to_have_text("Journal de la table")
        # a rematch keeps the card text's language
        page.once("dialog", lambda d: d.accept())
        page.click("#table-menu summary")
        page.click("#resign-btn")
        first = page.url.split("/room/")[1].split("?")[0]  # before the click: the rematch can open at once
        page.click("#rematch")
        page.wait_for_url(re.compile(r"/room/(?!" + re.escape(first) + ")"))
        assert "cards=ja" in page.url
        expect(page.locator("#lang")).to_have_value("ja")
    finally:
        page.context.clear_cookies()


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def game_words(game: str, lang: str) -> tuple[set[str], set[str]]:
    """What ``game``'s board may name in ``lang``, from its card faces: the names of its cards and of their
    parts (abilities, special moves, built-in mods, passes) in ``lang``; and the English names views carry
    (and the English words of those parts) that read otherwise in ``lang`` and are in none of its words: a
    board in ``lang`` never shows these."""
    g = kansei.load(game)
    english = {c["slug"]: c for c in g.cards("en")}
    local = g.cards(lang)
    names: set[str] = set()
    words: list[str] = []
    other: set[str] = set()
    for c in local:
        names.add(c["name"])
        words += [c["name"], c["text"]]
        if c["name"] != english[c["slug"]]["name"]:
            other.add(english[c["slug"]]["name"])
        english_parts = {x["key"]: x for x in english[c["slug"]].get("parts", [])}
        for part in c.get("parts", []):
            names.add(part["name"])
            words += [part["name"], part.get("text", "")]
            if part["name"] != part["key"]:
                other.add(part["key"])
            said = english_parts[part["key"]].get("text", "")
            if said and part.get("text", "") != said:
                other.add(said)  # an ability's words, as the view carries them
    every = "\n".join(words)
    return names, {n for n in other if n not in every}


def assert_table_reads(page: Page, game: str, lang: str) -> None:
    """The board names the game's things in ``lang``: every card face on it is named in ``lang``, and no
    English name (or ability's words) of the view that reads otherwise in ``lang`` is in its text or its
    titles."""
    names, english = game_words(game, lang)
    shown = page.evaluate(
        "() => [...document.querySelectorAll('#board .card-name')].map((e) => e.textContent.trim())"
    )
    assert set(shown) <= names, f"{game}: faces not named in {lang}: {sorted(set(shown) - names)[:8]}"
    text = page.evaluate(
        "() => { const b = document.getElementById('board');"
        " return [b.textContent, ...[...b.querySelectorAll('[title]')].map((e) => e.title)].join('\\n'); }"
    )
    found = sorted(n for n in english if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", text))
    assert not found, f"{game}: English names on a table in {lang}: {found[:8]}"


def a_move_described(page: Page) -> str:
    """Pick things on the board (the first lit each time) until a move is chosen: its line, as the menu
    words it, before Confirm."""
    for _ in range(8):
        if page.locator("#confirm").is_visible():
            return page.locator("#preview .preview-text").inner_text()
        choices = page.locator("#choices .choice")
        lit = page.locator("#board .next")
        if choices.count():
            return choices.first.inner_text()
        (lit.first if lit.count() else page.locator(".playable, .move-btn").first).click()
    raise AssertionError("no move came to be chosen")


# what shows each game's own names in the table's language from the first move on (the car's ability,
# the track and its pass, the track); D-Spirits' abilities: the next test
NAMED = {
    "touge": ".tg-racer.mine .tg-ability b",
    "initiald": ".id-board > .chips .chip b",
    "minid": ".md-head .chip b",
    "stampede": "#board .card-name",
}


@pytest.mark.parametrize("game", INSTALLED)
def test_every_board_reads_the_table_language(page: Page, site: str, game: str) -> None:
    """A Japanese page starting a game from the lobby: the board, the prompt, the menu and the log read
    Japanese, and the board shows none of the English names the view carries where the game has Japanese
    ones."""
    page.context.add_cookies([{"name": "kansei_lang", "value": "ja", "url": site}])
    try:
        start_from_lobby(page, site, game, "bot:random")
        assert "cards=ja" in page.url
        assert my_turn_or_over(page)
        assert_board_reads_well(page)
        expect(page.locator("#prompt")).to_contain_text(JAPANESE)
        assert JAPANESE.search(page.locator("#board").inner_text())
        if game in NAMED:
            expect(page.locator(NAMED[game]).first).to_contain_text(JAPANESE)
        assert_table_reads(page, game, "ja")
        shot(page, f"{game}-ja")
        assert JAPANESE.search(a_move_described(page)), "the menu's line of a move"
        page.click("#confirm")
        expect(page.locator("#log")).to_contain_text(JAPANESE)
    finally:
        page.context.clear_cookies()


# a D-Spirits table with abilities and a special move on the field (Rockwraggle's Boulder Barrage,
# Lampire's Flicker) at the main step
DS_FIELD = {
    "first": 0,
    "veteran": True,
    "step": "main",
    "hands": [["Pebblit"], ["Frostling"]],
    "field": [["Rockwraggle", "Lampire"], ["Illguana"]],
}


def test_dspirits_abilities_and_special_moves_read_the_table_language(page: Page, site: str) -> None:
    """The abilities and special moves under each D-Spirit, named and explained in the table's language
    (their card's face's parts): Japanese at a desktop's width, French at a phone's with nothing off the
    edge."""
    g = kansei.load("dspirits")
    for lang, size in (("ja", {"width": 1280, "height": 800}), ("fr", {"width": 390, "height": 844})):
        faces = {c["slug"]: c for c in g.cards(lang)}
        parts = {(p["key"]): p for slug in ("rockwraggle", "lampire") for p in faces[slug]["parts"]}
        r = httpx.post(
            site + "/api/rooms",
            json={
                "game": "dspirits",
                "seats": [{"kind": "human", "name": "Ann"}, "random"],
                "seed": 1,
                "setup": DS_FIELD,
            },
        ).json()
        page.context.add_cookies([{"name": "kansei_lang", "value": lang, "url": site}])
        page.set_viewport_size(size)
        try:
            page.goto(f"{site}{r['links']['0']}&cards={lang}")
            assert my_turn_or_over(page)
            progs = page.locator(".ds-side.mine .ds-prog")
            expect(progs).to_have_count(2)
            for i, key in enumerate(("Boulder Barrage", "Flicker")):
                expect(progs.nth(i)).to_contain_text(parts[key]["name"])
            assert_table_reads(page, "dspirits", lang)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= size["width"] + 2, f"the {lang} table is {width}px wide at {size['width']}"
            shot(page, f"dspirits-{lang}-{size['width']}", full=True)
        finally:
            page.context.clear_cookies()


def test_a_french_touge_table_on_a_phone(page: Page, site: str) -> None:
    """A French page at a phone's width starting Touge: the cars, their abilities, the roads in French,
    nothing off the edge."""
    page.context.add_cookies([{"name": "kansei_lang", "value": "fr", "url": site}])
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        start_from_lobby(page, site, "touge", "bot:random")
        assert "cards=fr" in page.url
        assert my_turn_or_over(page)
        names, _ = game_words("touge", "fr")
        for car in page.locator(".tg-racer .tg-car").all_text_contents():
            assert car in names
        for ability in page.locator(".tg-racer .tg-ability b").all_text_contents():
            assert ability in names
        assert_table_reads(page, "touge", "fr")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 392, f"the French table is {width}px wide at phone width"
        shot(page, "touge-fr-phone", full=True)
    finally:
        page.context.clear_cookies()


def test_the_lobby_explains_each_option_in_the_page_language(page: Page, site: str) -> None:
    """A Japanese page at desktop width and a French one at phone width: Stampede's options labelled,
    explained and valued in the page's language (the help without its rule id, a link to that rule), a
    seat as the page names a player; no game's French options widen the phone's page."""
    stampede = kansei.load("stampede")
    english = stampede.option_words("en")["side_return"]
    try:
        for lang, size in (("ja", {"width": 1280, "height": 800}), ("fr", {"width": 390, "height": 844})):
            page.context.add_cookies([{"name": "kansei_lang", "value": lang, "url": site}])
            page.set_viewport_size(size)
            page.goto(site + "/?game=stampede")
            words = stampede.option_words(lang)["side_return"]
            assert words.title != english.title and words.description != english.description
            expect(page.locator("label[for=opt-side_return]")).to_have_text(words.title)
            cited = RULE_ID.match(words.description)
            assert cited
            help_ = page.locator("#opt-side_return-help")
            expect(help_).to_contain_text(words.description[cited.end() :])
            expect(help_).not_to_contain_text(cited[0].strip())
            expect(help_.locator("a.rule-link")).to_have_attribute(
                "href", f"/rules/stampede#{cited[1].lower()}"
            )
            menu = page.locator("#opt-side_return")
            expect(menu.locator("option[value=at_or_below]")).to_have_text(words.values["at_or_below"])
            expect(menu).to_have_value("at_or_below")
            seat = page.locator("#opt-first_player option[value=seat1]")
            expect(seat).to_have_text(i18n.t(lang, "player.n", n=2))
            shot(page, f"lobby-options-{lang}-{size['width']}", full=True)
        for game in INSTALLED:  # at phone width, in French
            page.click(f".game-tile[data-game={game}]")
            expect(page.locator(f".game-tile[data-game={game}]")).to_have_attribute("aria-checked", "true")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 392, f"{game}'s options make the French lobby {width}px wide at phone width"
    finally:
        page.context.clear_cookies()


def test_the_lobby_names_games_and_starter_decks_in_the_page_language(page: Page, site: str) -> None:
    """A Japanese lobby: the games' tiles by their titles, the starter decks by their Japanese names (a
    deck still asked for by its English one), and a table started from it names its game in Japanese."""
    touge = kansei.load("touge")
    try:
        page.context.add_cookies([{"name": "kansei_lang", "value": "ja", "url": site}])
        page.goto(site + "/?game=touge")
        expect(page.locator(".game-tile[data-game=initiald] b")).to_have_text("頭文字D CCG")
        expect(page.locator(".game-tile[data-game=touge] b")).to_have_text(touge.title("ja"))
        deck = page.locator(".seat-row").nth(0).locator(".seat-deck")
        option = deck.locator("option[value='starter:Akina Downhill']")
        expect(option).to_have_text("秋名ダウンヒル")
        assert option.get_attribute("title") == touge.deck_words("ja")["Akina Downhill"].text
        deck.select_option("starter:Akina Downhill")
        page.click("#start")
        page.wait_for_url(re.compile(r"/room/"))
        expect(page.locator("#game-title")).to_have_text(touge.title("ja"))
    finally:
        page.context.clear_cookies()


def test_a_friend_on_the_same_screen(page: Page, site: str) -> None:
    frames = Frames(page)
    start_from_lobby(page, site, "initiald", "hotseat")
    rng = random.Random(5)
    curtains = 0
    for _ in range(8):
        # the table settles on one of: the hand-over curtain, a move to make, the result
        page.wait_for_function(
            "() => !document.getElementById('curtain').hidden || !document.getElementById('result').hidden ||"
            " (document.getElementById('turn').classList.contains('mine') &&"
            " !document.body.dataset.busy && !document.body.dataset.auto &&"
            "  document.querySelectorAll('.playable, .move-btn').length > 0)",
            timeout=TURN_MS,
        )
        settled(page, frames, site)  # both seats' sockets told the last move: the curtain is decided
        if page.locator("#curtain-go").is_visible():
            curtains += 1
            if curtains == 1:
                shot(page, "hotseat-curtain")
            # the panel says whom the screen waits for, not that somebody is watching
            expect(page.locator("#prompt")).to_contain_text("to take the screen")
            page.click("#curtain-go")
            continue
        if page.locator("#result").is_visible():
            break
        click_a_move(page, rng)
    assert curtains >= 1  # the screen hid one player's cards before showing the other's


def test_a_friend_by_invite_link(page: Page, site: str, browser) -> None:  # type: ignore[no-untyped-def]
    page.goto(site + "/")
    page.click(".game-tile[data-game=touge]")
    page.locator(".seat-row").nth(1).locator(".seat-kind").select_option("invite")
    page.locator(".seat-row").nth(1).locator(".seat-name").fill("Bea")
    page.click("#start")
    link = page.locator(".invite-link").input_value()
    shot(page, "lobby-invite")
    page.click("#go-table")
    friend = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    friend.goto(link)
    expect(friend.locator(".seat-chip.me")).to_contain_text("Bea")
    assert "token=" not in friend.url  # the link's token moves out of the address bar
    rng = random.Random(8)
    for _ in range(4):  # whoever is to move clicks; the other sees it happen
        for who in (page, friend):
            if who.locator("#turn.mine").count():
                my_turn_or_over(who)
                click_a_move(who, rng)
                expect(who.locator("#buttons")).not_to_have_text("sending…")
    friend.reload()  # a reload resumes the seat
    expect(friend.locator(".seat-chip.me")).to_contain_text("Bea")
    shot(friend, "touge-friend-view")


def test_deck_builder_validates_live_and_feeds_the_lobby(page: Page, site: str) -> None:
    games = [g for g in httpx.get(site + "/api/games").json()["games"] if g["starter_decks"]]
    game = next((g for g in games if httpx.get(f"{site}/api/games/{g['id']}/decks").status_code == 200), None)
    if game is None:
        pytest.skip("no game gives its starter decks as deck data yet (game.starter_deck)")
    page.goto(f"{site}/decks?game={game['id']}")
    expect(page.locator("#db-pool .card").first).to_be_visible()
    expect(page.locator("#db-problems")).to_contain_text("legal deck")  # a starter deck is legal
    shot(page, f"{game['id']}-deck-builder")
    # one card too many of something: the game's validator says so, one line per problem
    for _ in range(6):
        page.locator("#db-list li button[title='one more']").first.click()
    expect(page.locator("#db-problems div").first).to_be_visible()
    assert page.locator("#db-problems").get_attribute("data-ok") == "false"
    page.locator("#db-search").fill("zzzz-no-such-card")
    expect(page.locator("#db-pool .card")).to_have_count(0)
    page.locator("#db-search").fill("")
    for _ in range(6):
        page.locator("#db-list li button[title='one less']").first.click()
    expect(page.locator("#db-problems")).to_contain_text("legal deck")
    page.locator("#db-name").fill("Tuesday deck")
    page.click("#db-save")
    page.goto(f"{site}/?game={game['id']}")
    expect(page.locator(".seat-deck").first.locator("option", has_text="Tuesday deck")).to_have_count(1)


def test_the_deck_builder_says_a_faces_keys_in_the_page_language(page: Page, site: str) -> None:
    """Touge's faces keep English keys for their kind, stats and tags (its board reads them) and say them
    in their ``labels``: a French deck builder shows « virage en descente » and « voiture », its filters
    and a deck's own fields in French, and no English key; switched to English cards, English again."""
    words = kansei.load("touge").cards("fr")
    car = next(f for f in words if f["kind"] == "car")
    try:
        page.context.add_cookies([{"name": "kansei_lang", "value": "fr", "url": site}])
        page.goto(f"{site}/decks?game=touge")
        face = page.locator(f"#db-pool .card[data-card='{car['slug']}']")
        expect(face.locator(".card-kind")).to_have_text("voiture", ignore_case=True)
        expect(face.locator(".card-stats")).to_contain_text("virage en descente")
        expect(page.locator("#db-kind option[value=road]")).to_have_text("route")
        expect(page.locator("#db-tag option[value='whole course']")).to_have_text("tout le parcours")
        expect(page.locator("#db-extra")).to_contain_text("voiture")
        expect(page.locator("#db-extra")).to_contain_text("description")
        pool = page.locator("#db-pool").inner_text()
        assert "downhill corner" not in pool and "uphill" not in pool
        page.locator("#db-kind").select_option("road")
        page.locator("#db-lang").select_option("en")  # the cards in English: the chosen kind stays
        expect(page.locator("#db-kind option[value=road]")).to_have_text("road")
        assert page.locator("#db-kind").input_value() == "road"
        expect(page.locator("#db-pool .card .card-stats").first).to_contain_text("downhill")
    finally:
        page.context.clear_cookies()


def refs_in(view: object) -> set[str]:
    """Every value of a "ref" key anywhere in a view."""
    out: set[str] = set()
    if isinstance(view, dict):
        for k, v in view.items():
            if k == "ref" and isinstance(v, str):
                out.add(v)
            else:
                out |= refs_in(v)
    elif isinstance(view, list):
        for v in view:
            out |= refs_in(v)
    return out


@pytest.mark.parametrize("game", INSTALLED)
def test_a_shared_screen_shows_nothing_private_until_its_player_confirms(
    page: Page, site: str, game: str
) -> None:
    """Hot seat (issue 20): the private panels and log lines of the seat about to move are not in the DOM,
    the accessibility tree or a screenshot until that player confirms, after a reload too."""
    r = httpx.post(
        site + "/api/rooms",
        json={
            "game": game,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}],
            "seed": 2,
        },
    ).json()
    room, tokens = r["room"], r["tokens"]
    rng = random.Random(game)
    for _ in range(40):  # on to a decision where the mover holds something private, if the game has any
        spectator = httpx.get(f"{site}/api/rooms/{room}").json()
        mover = spectator["to_move"]
        token = tokens[str(mover)]
        mine = httpx.get(f"{site}/api/rooms/{room}", params={"token": token, "voice": "third"}).json()
        private_refs = refs_in(mine["view"]) - refs_in(spectator["view"])
        public_lines = set(spectator["log"])
        private_lines = {line for line in mine["log"] if line and line not in public_lines}
        if private_refs or private_lines:
            break
        act = {"token": token, "action": rng.choice(mine["legal"])}
        assert httpx.post(f"{site}/api/rooms/{room}/actions", json=act).status_code == 200
    page.goto(site + "/")
    page.evaluate(
        "([room, tokens]) => localStorage.setItem(`kansei.tokens.${room}`, JSON.stringify(tokens))",
        [room, tokens],
    )
    for attempt in ("first visit", "after a reload"):
        if attempt == "first visit":
            page.goto(f"{site}/room/{room}")
        else:
            page.reload()
        expect(page.locator("#curtain-go")).to_be_visible()
        expect(page.locator("#board[data-drawn]")).to_be_attached()
        html = page.content()
        tree = page.locator("body").aria_snapshot()  # the accessibility tree
        text = page.locator("body").inner_text()
        for ref in private_refs:
            assert ref not in html, (
                f"{game}, {attempt}: the mover's private {ref!r} is in the page before they confirm"
            )
        for line in private_lines:
            assert line not in text and line not in tree, (
                f"{game}, {attempt}: a private log line is shown: {line!r}"
            )
        shot(page, f"{game}-hotseat-curtain")
    page.click("#curtain-go")
    if private_refs:
        page.wait_for_function(
            'refs => refs.some((r) => document.querySelector(`[data-ref="${CSS.escape(r)}"]`))',
            arg=sorted(private_refs),
        )
    expect(page.locator("#curtain")).to_be_hidden()
    shot(page, f"{game}-hotseat-confirmed")
