"""The terminal speaks the table's language: its own words (``cli/lang.py``) in French and Japanese as the
games' are, English as it always was; starter decks and game titles in the language asked, a deck still
chosen (and stored) by its English name."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kansei
from kansei.cli.lang import EN, FR, JA, WORDS
from kansei.core import replay as replays

from .cli_helpers import cli

LANGS = {"fr": FR, "ja": JA}
# entries a language writes as English does (the same words, or only markup and placeholders)
SAME_AS_ENGLISH: dict[str, set[str]] = {
    "fr": {
        "auto",
        "column_id",
        "column_deck",
        "sep",
        "prompt",
        "seat_bot",
        "analyse_actions_1",
        "analyse_actions_n",
        "hint_alt",
    },
    "ja": {"prompt"},
}
# a script that meets most of the terminal's words: help, a card, a card that is none, a bad number, a
# bad action, a hint (off at the hot seat), undo, back, then the menu's first line until the game is over
SCRIPT = ";".join(
    [
        "help",
        "help",
        "card hairpin",
        "card",
        "card zzzqqq",
        "99",
        "xyz",
        "hint",
        "1",
        "undo",
        "back",
        *["1"] * 400,
    ]
)  # (at a hot seat the first line hands the keyboard over)


def fragments(entry: str | tuple[str, str]) -> list[str]:
    """The fixed words of an entry: its text between placeholders and markup, of two words or more."""
    out = []
    for form in (entry,) if isinstance(entry, str) else entry:
        plain = re.sub(r"\[/?[a-z ]*\]", "", form)
        for part in re.split(r"\{[^}]*\}", plain):
            words = " ".join(part.split()).strip(" .,:;()—")
            if len(words.split()) >= 2:
                out.append(words)
    return out


def english_of_its_own(lang: str) -> list[str]:
    """The terminal's English sentences (parts of them) that ``lang`` says otherwise."""
    theirs = " ".join(" ".join(fragments(e)) for e in LANGS[lang].values())
    return sorted({f for key, e in EN.items() for f in fragments(e) if f not in theirs})


def flat(text: str) -> str:
    return " ".join(text.split())  # the terminal wraps lines: words, not lines


def test_the_terminal_catalog_is_complete_and_covers_every_games_languages():
    assert WORDS.problems() == []
    for gid in kansei.games():
        assert set(kansei.load(gid).languages) <= set(WORDS.languages), gid
    for lang, catalog in LANGS.items():
        same = {k for k in EN if catalog[k] == EN[k]}
        assert same == SAME_AS_ENGLISH[lang], f"{lang}: untranslated (or newly equal) entries {same}"


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize(
    "args",
    [
        ("touge", "--vs", "human", "--seed", "3"),
        ("touge", "--vs", "greedy", "--seed", "5"),
        ("initiald", "--vs", "random", "--seed", "2"),
    ],
    ids=["touge-hot-seat", "touge-vs-greedy", "initiald-vs-random"],
)
def test_a_scripted_game_in_french_and_japanese_prints_no_english_of_the_terminals(lang, args, tmp_path):
    r = cli("play", *args, "--lang", lang, "--save", str(tmp_path / "g.json"), "--moves", SCRIPT)
    assert r.exit_code == 0, r.output
    said = flat(r.output)
    english = [f for f in english_of_its_own(lang) if f in said]
    assert not english, english
    assert flat(WORDS.tr(lang, "help_hint")) in said  # the refusal of "xyz" was told in its language
    assert (tmp_path / "g.json").exists()


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_a_replay_stepped_through_in_another_language(lang, tmp_path):
    save = tmp_path / "g.json"
    assert (
        cli(
            "play", "touge", "--vs", "greedy", "--seed", "5", "--save", str(save), "--moves", SCRIPT
        ).exit_code
        == 0
    )
    r = cli("replay", str(save), "--step", "--seat", "0", "--lang", lang, input="")
    assert r.exit_code == 0, r.output
    said = flat(r.output)
    assert not [f for f in english_of_its_own(lang) if f in said]
    won = WORDS.tr(lang, "seat_wins", name=kansei.load("touge").names(None, lang)(1))  # Joueur 2, プレイヤー2
    assert flat(won) in said or flat(WORDS.tr(lang, "draw")) in said
    assert kansei.load("touge").title(lang) in said


def test_english_reads_as_it_always_did(tmp_path):
    """The catalog's English is the terminal's old text, byte for byte (these lines were printed before
    the catalog), but that a seat is named as the games' texts name it ("Player 2", not "seat 1")."""
    r = cli(
        "play", "touge", "--vs", "human", "--seed", "3", "--save", str(tmp_path / "g.json"), "--moves", SCRIPT
    )
    for line in (
        "Touge Card Game — hot seat. Type a number or an action; help lists commands, card NAME shows a "
        "card.",
        "Player 2 to play. Pass the keyboard to Player 2, then press Enter.",
        "Player 2> help",
        "Type a number from the menu or an action's notation. Also: card NAME (a card's whole face), back",
        "card NAME shows a card's whole face, e.g. card hairpin",
        "no card matches 'zzzqqq'",
        "choose 1–8",
        "(help lists the commands)",
        "took back 1 decision: redraw",
        "nothing to go back from (undo takes back a finished decision)",
        "also: Akina Second Hairpin, ",
        "Player 1 wins.",
        "Replay saved to ",
    ):
        assert flat(line) in flat(r.output), line
    assert "Saved the game at action" not in r.output  # the game was played out


@settings(max_examples=40, deadline=None)
@given(
    lang=st.sampled_from(sorted(LANGS)),
    key=st.sampled_from(sorted(EN)),
    n=st.integers(0, 2000),
    text=st.text(max_size=12),
)
def test_every_entry_formats_with_its_english_fields_in_every_language(lang, key, n, text):
    """Whatever the values, an entry formats in every language with the fields English gives it (no
    KeyError at a player's terminal)."""
    entry = EN[key]
    names = {
        name
        for form in ((entry,) if isinstance(entry, str) else entry)
        for name in re.findall(r"\{(\w+)", form)
    }
    fields = {name: (n if name in ("n", "seat") else text) for name in names}
    for you in (True, False):
        assert isinstance(WORDS.say(lang, key, you, **fields), str)


# ------------------------------------------------------------------------------------- starter decks
def test_decks_are_listed_in_the_language_asked_and_found_by_any_of_their_names():
    ja = cli("decks", "touge", "--lang", "ja")
    assert ja.exit_code == 0 and "秋名ダウンヒル" in ja.output and "スターターデッキ" in ja.output
    assert "Akina Downhill" not in ja.output
    one = cli("decks", "touge", "秋名ダウンヒル")
    assert one.exit_code == 0 and one.output.startswith("Name: Akina Downhill")  # a deck file: its key
    cards = cli("cards", "touge", "--lang", "ja")
    assert cards.exit_code == 0 and "峠カードゲーム：" in cards.output
    assert not [f for f in english_of_its_own("ja") if f in flat(cards.output + ja.output)]
    fr = cli("decks", "stampede", "--lang", "fr")
    assert "Rose Écarlate" in fr.output and "decks de départ" in fr.output


def test_a_deck_chosen_by_its_japanese_name_is_stored_by_its_english_one(tmp_path):
    save = tmp_path / "g.json"
    r = cli(
        "play",
        "touge",
        "--deck",
        "秋名ダウンヒル",
        "--seed",
        "1",
        "--lang",
        "ja",
        "--save",
        str(save),
        "--moves",
        "1",
    )
    assert r.exit_code == 0, r.output
    assert json.loads(save.read_text())["decks"] == ["Akina Downhill", None]


def test_a_replay_naming_starter_decks_by_english_name_still_plays(tmp_path: Path):
    """Replays and stored games name a starter deck by its English name: the words beside it change no
    name, and no content digest."""
    for gid in ("touge", "initiald", "stampede", "dspirits"):
        game = kansei.load(gid)
        decks = game.starter_decks()[:2]
        state = game.start(seed=4, decks=decks)
        for _ in range(30):
            if state.is_over:
                break
            state.apply(state.legal_actions()[0])
        rep = replays.make_replay(
            gid, game.options_dict, 4, 2, decks, None, state.actions_played(), state, None
        )
        path = tmp_path / f"{gid}.json"
        path.write_text(json.dumps(rep))
        res = replays.run(replays.read(path), str(path))
        assert res.error is None and res.reproduced is not False and not res.content_changed, (gid, res)


def test_titles_in_the_language_asked():
    r = cli("games", "--lang", "ja")
    assert r.exit_code == 0 and "頭文字D CCG" in r.output and "峠カードゲーム" in r.output
    assert "Touge Card Game" in cli("games").output


def test_a_group_of_japanese_lines_is_labelled_in_japanese():
    """Japanese writes no spaces between words, so the words a group's lines share are read character by
    character (the verb they end with, else their start, else what each names); English keeps its words."""
    from kansei.cli.menu import common_ends, common_prefix

    redraws = ["秋名第1ヘアピン（コーナー★）を戻して引き直す", "死角を戻して引き直す"]
    assert common_prefix(redraws) == "" and common_ends(redraws) == "を戻して引き直す"
    assert common_ends(["相手のセンターのAを攻撃（1）", "相手のセンターのBを攻撃（2）"]) == "相手のセンターの"
    assert common_ends(["パワーサージ（シグナル）を使う → A", "夜間飛行：B"]) == "パワーサージ / 夜間飛行"
    assert common_ends(["put back Akina (C ★)", "put back Blindspot"]) == ""  # spaced words: common_prefix


# ---- another seat's move its events do not tell ------------------------------------------------------
SILENT = {"touge": "redraw", "stampede": "pass", "dspirits": "extra"}  # the kind of move each game has


def silent_moves(gid: str, games: int = 12) -> list[tuple[str, str]]:
    """(public notation, kind) of the random moves whose events told some other seat nothing."""
    g = kansei.load(gid)
    rng = random.Random(5)
    found = []
    for seed in range(games):
        s = g.start(seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            mover = s.to_move
            public = s.public_notation(action)
            before = [len(s.events_for(j)) for j in range(s.players)]
            s.apply(action, seat=mover)
            if any(len(s.events_for(j)) == before[j] for j in range(s.players) if j != mover):
                found.append((public, action.kind))
    return found


@pytest.mark.parametrize("gid", ["touge", "initiald", "minid", "stampede", "dspirits"])
def test_a_move_its_events_do_not_tell_is_told_in_words(gid: str) -> None:
    """A Stampede pass, a D-Spirits Extra Draw declined, a Touge card put back: the other seat's events say
    nothing of them, so the terminal tells it the move itself, in its language (``Game.public_words``,
    from the public notation alone, never the card put back). Initial D and Mini D have none such."""
    g = kansei.load(gid)
    found = silent_moves(gid)
    assert {kind for _, kind in found} == ({SILENT[gid]} if gid in SILENT else set())
    for public, _ in set(found):
        said = {lang: g.public_words(public, lang) for lang in g.languages}
        assert all(words != public for words in said.values()), said  # words, not the notation
        assert len(set(said.values())) == len(said), said  # each language its own


def test_the_terminal_tells_a_pass_in_french() -> None:
    """At a French hot seat, seat 0 is told seat 1's pass as « passe », not as the notation ``pass``."""
    from kansei.cli.session import HUMAN, Screen, Session

    g = kansei.load("stampede")
    rng = random.Random(2)
    for seed in range(20):
        state = g.start(seed=seed)
        session = Session(g, state, [HUMAN, HUMAN], {}, "fr", Screen(fast=True))
        while state.to_move is not None:
            mover, legal = state.to_move, state.legal_actions()
            passing = mover == 1 and len(legal) > 1 and any(a.kind == "pass" for a in legal)
            action = next(a for a in legal if a.kind == "pass") if passing else rng.choice(legal)
            before = len(state.events_for(0))
            session.apply(action, mover)
            if passing and len(state.events_for(0)) == before:
                told = [text for _, text in session.pending[0]]
                said = WORDS.tr("fr", "told", who="Joueur 2", what="passe")
                assert told[-1] == said, told[-3:]
                return
    pytest.fail("seat 1 never passed silently in 20 games")
