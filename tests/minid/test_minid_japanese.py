"""Mini D in Japanese, its third language: the catalog complete against English, the content's cards, tracks
and corners in Japanese (a record in French alone, or in every language), exact sentences of the log, prompts,
menus, reasons and refusals, the board in 80 terminal cells (a Japanese character takes two), a whole race's
log that is never the English line, and what a seat is told the same in worlds it cannot tell apart."""

from __future__ import annotations

import io
import random
import re
import shutil

import pytest
from minid_helpers import GAME, STOP, STOP2, act, race
from rich.cells import cell_len
from rich.console import Console

import kansei
from kansei import ContentError
from kansei.builtin.minid.cards import CONTENT, LANGUAGES
from kansei.builtin.minid.lang import JA, WORDS
from kansei.builtin.minid.refusals import refusal
from kansei.builtin.minid.state import MiniDState
from kansei.builtin.minid.text import fit
from kansei.core.names import Names
from kansei.core.protocol import Action
from kansei.testing import last_event, play_random

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji


def board(state: MiniDState, seat: int | None, names: object = None, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(state.game.render(state, seat, "ja", names))  # type: ignore[arg-type]
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def test_japanese_is_the_games_third_language_with_every_line():
    assert GAME.languages == LANGUAGES == ("en", "fr", "ja")
    assert set(WORDS.languages) == set(GAME.languages)
    assert WORDS.problems() == []
    untranslated = [
        k for k, v in JA.items() if v == WORDS.catalogs["en"][k] and JAPANESE.search(str(v)) is None
    ]
    # the same in English: symbols, the DRIFT / Eurobeat words the source keeps, and the lines' names
    assert set(untranslated) <= {
        "col_waiting",
        "key_drift_bonus",
        "eurobeat",
        "gambler",
        "moonlight",
        "title",
    }


# -- content -------------------------------------------------------------------------------------------------


def test_every_shipped_card_track_and_corner_has_its_japanese():
    """MD-E1, MD-B1: every Event card's name and text, every track's name and text and every named section
    are in Japanese, other than the English."""
    for c in GAME.table.cards:
        assert JAPANESE.search(c.name["ja"]) and JAPANESE.search(c.text["ja"]), c.slug
        assert c.name["ja"] != c.name["en"] and c.text["ja"] != c.text["en"]
    for rec in GAME.table.content.tracks:
        track = GAME.table.track(rec.name, False)
        assert track is not None and JAPANESE.search(track.names["ja"]) and JAPANESE.search(track.text["ja"])
        named = [i for i, s in enumerate(rec.sections) if s.name]
        assert all(JAPANESE.search(track.section_names["ja"][i]) for i in named)
    assert GAME.track.names == {"en": "Akina", "fr": "Akina", "ja": "秋名"}
    assert GAME.option_words("ja")["track"].values == {
        "akina": "秋名",
        "usui": "碓氷",
    }  # the lobby's, as the board
    assert GAME.option_words("fr")["track"].values == {"akina": "Akina", "usui": "Usui"}


def test_a_card_named_in_japanese_is_the_same_card():
    assert GAME.table.find_card("ニトロ") == GAME.table.find_card("Nitro") == GAME.table.find_card("nitro")
    s = race(positions=[19, 0], dice=[1, 12], hands=[["ベタ踏み"], STOP])  # a scenario deals it by that name
    assert [a.notation for a in s.legal_actions()] == ["play pied-au-plancher", "roll"]


def test_a_card_missing_a_language_is_one_loader_line(tmp_path):
    """A card is in French alone (its French read in every language) or in every language: a translated
    card without its Japanese is one problem line naming the fields; a French-only one loads."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    events = folder / "events.toml"
    text = events.read_text(encoding="utf-8")
    events.write_text(
        text.replace('ja = "ニトロ"\n', "").replace(
            'text_ja = "自分の手番の開始時、移動ロールの前に使う：この移動に+3。"\n', ""
        )
    )
    with pytest.raises(ContentError) as e:
        kansei.load("minid", content=folder)
    assert e.value.problems == [
        f'{folder}/events.toml: card "Nitro": translated, but no Japanese (ja, text_ja): a card is in French '
        "alone or in every language of the game (en, fr, ja)"
    ]
    p = tmp_path / "cards.toml"
    p.write_text(
        '[[card]]\nname = "Coup de frein"\ntext = "x"\nbolt = true\neffect = { block = "skip_turn" }\n\n'
        '[[card]]\nname = "Klaxon"\nja = "クラクション"\ntext = "y"\nbolt = true\n'
        'effect = { block = "skip_turn" }\n'
    )
    assert GAME.validate_content(p) == [
        f'{p}: card "Klaxon": translated, but no English or Japanese (en, text_en, text_ja): a card is in '
        "French alone or in every language of the game (en, fr, ja)"
    ]


def test_a_track_missing_a_language_is_one_loader_line(tmp_path):
    """MD-B1: a translated track gives its Japanese name, its texts and every named section in every
    language; a track in French alone (the tests' user tracks) still plays, its corners named in Japanese
    by number."""
    p = tmp_path / "haruna.toml"
    p.write_text(
        '[[track]]\nname = "Haruna"\nlength = 12\nevents = [4]\nsections = [\n'
        '  { kind = "straight", start = 1, end = 5 },\n'
        '  { kind = "corner", start = 6, end = 7, difficulty = 9, name = "Épingle", en = "Hairpin" },\n'
        '  { kind = "straight", start = 8, end = 12 },\n]\n'
    )
    assert GAME.validate_content(p) == [
        f'{p}: track "Haruna": translated, but no Japanese (ja, section 2 ja): a track is in French alone or '
        "in every language of the game (en, fr, ja)"
    ]
    p.write_text(p.read_text().replace(', name = "Épingle", en = "Hairpin"', ""))
    assert GAME.validate_content(p) == []
    g = kansei.load("minid", track=str(p))
    assert g.track.section_names["ja"] == ["ストレート1", "コーナー2", "ストレート3"]
    assert g.track.names["ja"] == "Haruna"


# -- exact sentences -----------------------------------------------------------------------------------------


def test_narration_in_japanese_word_for_word():
    g = GAME
    bunta = {"type": "bunta_move", "die": 4, "src": 20, "dst": 16, "card": "livraison-de-tofu"}
    assert g.narrate(bunta, 0, "ja") == "文太が4マス走る（豆腐の配達）：20 → 16"
    move = {"type": "move", "seat": 1, "src": 3, "dst": 4, "die": None, "steps": 1, "why": "overtake",
            "card": None, "stop": None}  # fmt: skip
    assert g.narrate(move, 1, "ja") == "あなたは1マス進む（追い抜き）：3 → 4"
    assert g.narrate(move, 0, "ja") == "プレイヤー2は1マス進む（追い抜き）：3 → 4"
    assert g.narrate(move, 0, "ja", ["Ann", "文太郎"]) == "文太郎は1マス進む（追い抜き）：3 → 4"
    battle = {"type": "battle", "attacker": 1, "defender": 0, "case": 12}
    assert g.narrate(battle, 0, "ja") == "プレイヤー2が12マス目であなたにアタック：バトル"
    sprint = {"type": "sprint", "seat": 0, "power": 9, "dice": [6, 4], "landing": 12, "crossed": False}
    assert g.narrate(sprint, 0, "ja") == "あなたはパワー9でスプリント、2d6 6+4：12に着地 — ラインぴったり！"
    over = {"type": "race_over", "placings": [1, 0], "finished": [1], "out": []}
    assert g.narrate(over, 0, "ja") == "レース終了：1位 プレイヤー2、2位 あなた"
    trig = {"type": "trigger", "seat": 0, "cards": ["pneus-neufs", "flaque-d-huile"], "amount": -1}
    assert g.narrate(trig, 1, "ja") == "新品タイヤ、オイル溜まりが発動（プレイヤー1に-1）"
    aura = {"type": "crossing", "seat": 0, "total": 20, "die": 20, "outcome": "aura", "previous": 1}
    assert g.narrate(aura, 0, "ja") == (
        "あなたは文太とすれ違う：d20 20：文太のオーラ！ レース終了まですべてのロールに+3"
        "（プレイヤー2はオーラを失う）"
    )
    duel = {"type": "duel", "attack_total": 5, "defence_total": 26, "defence": [20, 6],
            "outcome": "perfect_defence", "shift": 3}  # fmt: skip
    assert (
        g.narrate(duel, None, "ja")
        == "アタック 5 対 ディフェンス 26（20+6）：パーフェクトディフェンス（3マス）"
    )
    assert g.narrate({"type": "finish", "seat": 1, "place": 2}, 0, "ja") == "プレイヤー2がゴール：2位！"
    s = race(positions=[19, 0], dice=[1, 12], hands=[["Pied au plancher"], STOP])
    act(s, "roll")
    assert (
        g.narrate(last_event(s, "drift"), 1, "ja") == "プレイヤー1、ヘアピン1：DRIFT 12 対 10：ドリフト成功"
    )


def test_prompts_menus_and_reasons_in_japanese():
    """The decision faced (MD-R2, MD-C1, MD-F2, MD-N1, MD-E1), its menu with the cards' own texts, and why
    a card or a pile cannot be used now."""
    names = ["Ann", "Bo"]
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Nitro", "Frein à main"], STOP])
    assert (
        GAME.prompt(s, "ja", names)
        == "あなたの手番です：移動ロールの前にカードを使うか、ダイスを振ってください"
    )
    assert [GAME.describe_action(s, a, "ja") for a in s.legal_actions()] == [
        "「ニトロ」を使う — 自分の手番の開始時、移動ロールの前に使う：この移動に+3。",
        "移動ロールを振る",
    ]
    hand = [c["card"] for c in s.view(0)["racers"][0]["hand"]]
    brake = f"hand:{hand.index('frein-a-main')}"
    assert GAME.unusable(s, 0, "ja") == {
        brake: "使えるのは自分の DRIFT ロールのあとです。今は使えません",
        "zone:-:deck": "カードを引けるのは、イベントマスで手番を終えたときだけです",
        "zone:-:discard": "捨てられるのは、手番の終わりに手札が上限の3枚を超えたときだけです",
    }
    act(s, "roll")
    assert GAME.prompt(s, "ja", names) == (
        "第1コーナーでの DRIFT ロール：5（出目5）対 8、失敗：カードを使うか、この結果で確定してください"
    )
    assert GAME.describe_action(s, s.legal_actions()[-1], "ja") == "DRIFT ロールを確定：5 対 8 — 失敗"
    s = race(positions=[12, 15], dice=[3], hands=[STOP, ["Appel de phares"]])
    act(s, "roll")
    assert GAME.prompt(s, "ja", names) == (
        "Annが15マス目であなたにアタックしてきました：ダイスの前にカードを使うか、勝負してください"
    )
    s = race(
        positions=[2, 0],
        dice=[3],
        hands=[["Nitro", "Frein à main", "Nitro"], STOP2],
        deck=["Appel de phares"],
    )
    act(s, "roll")
    assert GAME.prompt(s, "ja") == "イベントマスです：イベントカードを引くか、パスしてください"
    act(s, "draw")
    assert GAME.prompt(s, "ja") == "手札が4枚あります：1枚捨ててください（手番の終わりに持てるのは3枚まで）"
    s = race(options={"strategies": True}, positions=[7, 0], dice=[2], hands=[[], STOP])
    assert s.game.prompt(s, "ja") == "第1コーナー（難易度8）を抜けるラインを選んでください"
    gambler = {a.notation: s.game.describe_action(s, a, "ja") for a in s.legal_actions()}["line gambler"]
    assert (
        gambler
        == "Midnight Gambler（レイトブレーキング）：DRIFT -3、成功すればこのコーナーで移動+2 — d8 の成功率50%"
    )
    start = GAME.start(seed=0, players=2)
    assert (
        GAME.describe_action(start, start.legal_actions()[9], "ja")
        == "パワー10：5〜15に着地、12以下になる確率83%"
    )


def test_refusals_in_japanese_and_english_unchanged():
    """A refusal names the decision faced and, about the mover's own cards only, why a card is not played
    now; the core asks for English (it has no language to pass), which stays word for word."""
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Nitro", "Frein à main"], STOP])
    assert refusal(s, "play frein-a-main", 0, "ja") == (
        "「play frein-a-main」：「サイドブレーキ」を使えるのは今ではなく自分の DRIFT ロールのあとです。"
        "いまの決定：手番を始める（play カード、または roll）"
    )
    assert refusal(s, "play fermer-la-porte", 0, "ja") == (
        "「play fermer-la-porte」：「インを閉める」は手札にありません。"
        "いまの決定：手番を始める（play カード、または roll）"
    )
    assert refusal(s, "jump", 0, "ja") == (
        "「jump」は今は選べません。いまの決定：手番を始める（play カード、または roll）"
        "（選べる手：play nitro、roll）"
    )
    assert refusal(s, "play frein-a-main", 0) == (
        "'play frein-a-main': 'Handbrake' is not played now but after your DRIFT roll; you are to start the "
        "turn (play a card or roll)"
    )
    with pytest.raises(kansei.IllegalAction) as e:
        s.apply(Action("discard nitro"), seat=0)
    assert str(e.value) == (
        "'discard nitro': cards are discarded only above the hand limit of 3; you are to start the turn "
        "(play a card or roll)"
    )


def test_card_faces_in_japanese():
    en, ja = GAME.cards("en"), GAME.cards("ja")
    assert [c["slug"] for c in ja] == [c["slug"] for c in en]
    flat = next(c for c in ja if c["slug"] == "pied-au-plancher")
    assert flat["name"] == "ベタ踏み" and flat["kind"] == "手札のイベント"
    assert flat["text"] == "自分の手番の開始時、移動ロールの前に使う：この移動に+2。"
    assert flat["stats"] == {"枚数": 2, "値": 2} and flat["tags"] == ["移動ボーナス", "自分の手番の開始時"]
    turbo = next(c for c in ja if c["slug"] == "coup-de-turbo")
    assert turbo["kind"] == "⚡ イベント" and turbo["stats"]["マス数"] == 3 and turbo["colour"] == "yellow"
    for face in ja:
        assert all(JAPANESE.search(str(x)) for x in (face["name"], face["text"], face["kind"], *face["tags"]))


# -- the board -----------------------------------------------------------------------------------------------


def test_the_board_in_japanese_names_corners_cards_and_columns_in_japanese():
    """The board's words are Japanese; a long cell of the table folds (Japanese has no spaces to wrap at)
    rather than hiding its end behind "…"."""
    s = race(positions=[19, 0], dice=[1, 12], hands=[["Pied au plancher", "Ange gardien"], STOP])
    act(s, "roll")
    text = board(s, 0)
    assert "Mini D — 秋名 ダウンヒル" in text and "ヘアピン1：成功" in text
    assert "レーサー" in text and "コーナー：" in text and "文太：" in text and "（あなた）" in text
    assert not re.search(r"(?<![A-Za-z])(racer|case|Corners|Bunta|Hairpin|Flat Out|you)(?![A-Za-z])", text)
    assert max(cell_len(x) for x in text.splitlines()) <= 80
    cards = "".join(line.split("済み")[-1].strip(" │") for line in text.splitlines()[10:14])
    assert "ベタ踏み（移動+2）、守護天使（文太で振り直し）" in cards and "…" not in text
    wide = board(s, 0, width=120)
    assert "ベタ踏み（移動+2）、守護天使（文太で振り直し）" in wide


def test_wide_names_are_cut_by_terminal_cells_and_the_board_still_fits():
    """A player's name takes at most 12 terminal cells on the board: a Japanese name is cut at 6 characters
    (5 and an ellipsis), a narrow one as before."""
    assert (
        fit("ながいなまえのレーサー", 12) == "ながいなま…"
        and cell_len(fit("ながいなまえのレーサー", 12)) <= 12
    )
    assert fit("藤原拓海", 12) == "藤原拓海" and fit("Alexander the Great", 12) == "Alexander t…"
    names = ["藤原拓海", "高橋涼介のFC3S", "中里毅", "ながいなまえのレーサー", "Ed", "庄司慎吾"]
    game = kansei.load("minid")
    seen = 0

    def look(state: kansei.State, step: int) -> None:
        nonlocal seen
        if step % 7 == 3:
            assert isinstance(state, MiniDState)
            for seat in (0, 3, None):
                text = board(state, seat, names)
                assert max(cell_len(x) for x in text.splitlines()) <= 80
                assert "ながいなま…" in text
                seen += 1

    play_random(game, 2, 6, on_step=look)
    assert seen


# -- a whole race --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "players"), [({}, 3), ({"track": "usui", "strategies": True}, 4)])
def test_a_whole_race_log_in_japanese_is_never_its_english_line(options, players):
    """Every line a racer and the spectator read of a whole race (narration, and prompts and menus on the
    way) differs from its English, unless it is only names, numbers and symbols."""
    game = kansei.load("minid", **options)
    only_names = re.compile(r"[\W\d_]*|Player \d")
    checked = 0

    def check(state: kansei.State, step: int) -> None:
        nonlocal checked
        if state.to_move is None or step % 4:
            return
        pairs = [(game.prompt(state, "en"), game.prompt(state, "ja"))]
        pairs += [
            (game.describe_action(state, a), game.describe_action(state, a, "ja"))
            for a in state.legal_actions()
        ]
        for en, ja in pairs:
            assert ja != en or only_names.fullmatch(en), en
            checked += 1

    state, _ = play_random(game, random.Random(players).randrange(100), players, on_step=check)
    for seat in [*range(players), None]:
        for e in state.events_for(seat):
            if e["type"] in game.silent_events:
                continue
            en, ja = game.narrate(e, seat), game.narrate(e, seat, "ja")
            assert isinstance(ja, str) and ja and "\n" not in ja and "{" not in ja
            assert ja != en or only_names.fullmatch(en or ""), en
            checked += 1
    assert checked > 100


# -- privacy -------------------------------------------------------------------------------------------------


def test_what_a_seat_is_told_in_japanese_is_the_same_in_worlds_it_cannot_tell_apart():
    """Prompt, reasons and refusals in Japanese come from the seat's view: the same in every world
    ``determinize(seat)`` gives (the narration, board and menus in Japanese are in test_minid_protocol's)."""
    texts = ["roll", "pass", "draw", "accept", "play zzz"]
    texts += [f"{v} {c.slug}" for v in ("play", "discard") for c in GAME.table.cards if not c.bolt]

    def told(state: MiniDState, seat: int) -> list[object]:
        out: list[object] = [sorted(state.game.unusable(state, seat, "ja").items())]
        if state.to_move == seat:
            out.append(state.game.prompt(state, "ja"))
            out += [refusal(state, t, seat, "ja") for t in texts]
        return out

    for seed in range(2):
        rng = random.Random(seed)

        def check(state: kansei.State, step: int, rng: random.Random = rng) -> None:
            if step % 4:
                return
            assert isinstance(state, MiniDState)
            for seat in range(3):
                world = state.determinize(seat, rng)
                assert isinstance(world, MiniDState)
                assert told(state, seat) == told(world, seat), (step, seat)

        play_random(GAME, seed, 3, on_step=check, setup={"hands": [["Nitro"], ["Frein à main"], []]})


def test_default_names_are_japanese_and_given_names_are_kept():
    over = {"type": "race_over", "placings": [2, 0, 1], "finished": [2, 0, 1], "out": []}
    assert GAME.narrate(over, None, "ja") == "レース終了：1位 プレイヤー3、2位 プレイヤー1、3位 プレイヤー2"
    assert GAME.narrate(over, 1, "ja", Names(["拓海", "涼介", "Bo [b]"])) == (
        "レース終了：1位 Bo [b]、2位 拓海、3位 あなた"
    )
