"""D-Spirits in English, French and Japanese: the catalogs are complete (every key, form and placeholder of
the English), the content has every name that is a word and every text in each language, every event
narrates in each language for each seat and the spectator, the board fits 80 columns (measured in cells:
Japanese is double width), menus, prompts, reasons and card faces are in the language asked, a few
sentences pinned, a played game's log has no English left in French or Japanese, and a seat is told the
same in two worlds it cannot tell apart, in every language."""

from __future__ import annotations

import io
import random
import re
import shutil
from pathlib import Path

import pytest
from dspirits_helpers import lab, play
from rich.cells import cell_len
from rich.console import Console
from test_dspirits_privacy import PROBES, step_both, twin
from test_dspirits_text import EVENT_TYPES, A, scenarios

import kansei
from kansei.builtin.dspirits.cards import CONTENT, catalog, load_catalog, untranslated
from kansei.builtin.dspirits.lang import WORDS
from kansei.core.errors import ContentError
from kansei.testing import play_random

GAME = kansei.load("dspirits")
LANGS = ("en", "fr", "ja")


def printed(game: kansei.Game, state: kansei.State, seat: int | None, lang: str) -> str:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(game.render(state, seat, lang))
    return out.getvalue()


def played(seed: int, options: dict | None = None) -> kansei.State:
    return play_random(kansei.load("dspirits", **(options or {})), seed)[0]


def test_the_catalogs_are_complete_in_every_declared_language():
    assert GAME.languages == LANGS and GAME.words is WORDS
    assert set(WORDS.languages) == set(GAME.languages)
    assert WORDS.problems() == []


def test_the_content_has_every_name_that_is_a_word_and_every_text_in_each_language():
    """DS-C1..C3: abilities, special moves, support cards and types are named in each language, every
    text is translated; a D-Spirit's name is a proper name and stays as printed."""
    assert untranslated(catalog()) == []
    faces = {lang: {f["slug"]: f for f in GAME.cards(lang)} for lang in LANGS}
    assert faces["fr"].keys() == faces["en"].keys() == faces["ja"].keys()
    for slug, en in faces["en"].items():
        for lang in ("fr", "ja"):
            face = faces[lang][slug]
            assert face["stats"].keys() == en["stats"].keys() and face["text"] != en["text"] or not en["text"]
            if en["kind"] in ("D-Spirit", "D-Evolution"):
                assert face["name"] == en["name"]
            else:
                assert face["name"] != en["name"] or en["name"] == "Drain", (lang, slug)


def test_a_translation_table_with_an_unknown_field_is_one_clear_line(tmp_path: Path):
    broken = tmp_path / "content"
    shutil.copytree(CONTENT, broken)
    text = (broken / "supports.toml").read_text()
    text = text.replace('fr = { name = "Signe de contre"', 'fr = { nom = "Signe de contre"', 1)
    (broken / "supports.toml").write_text(text)
    with pytest.raises(ContentError) as e:
        load_catalog(broken)
    lines = [line for line in str(e.value).splitlines() if "fr.nom" in line]
    assert lines == ['content/supports.toml: support card "Counter Sign": fr.nom: unknown field']


def test_every_event_narrates_in_every_language_for_each_seat_and_the_spectator():
    """Every event type D-Spirits logs narrates a non-empty line (no field left unformatted) for each
    seat and the spectator in English, French and Japanese."""
    states = scenarios()
    for options in ({}, {"match": True, "old_rules": True, "starting_sp": 2000}):
        states += [played(seed, options) for seed in range(12)]
    seen: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for state in states:
        for seat in (0, 1, None):
            for e in state.events_for(seat):
                for lang in LANGS:
                    line = state.game.narrate(e, seat, lang)
                    assert isinstance(line, str) and line and "\n" not in line, (lang, e)
                    assert not re.search(r"\{[A-Za-z_]+\}", line), (lang, line)
                    seen[lang].add(e["type"])
    for lang in LANGS:
        assert seen[lang] >= EVENT_TYPES - {"no_draw", "recharge"}, (lang, EVENT_TYPES - seen[lang])


def test_the_board_fits_80_columns_in_every_language():
    """The board for each seat and the spectator, at points of random games, measured in cells."""
    for seed in range(6):
        s = GAME.start(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_over:
            if step % 7 == 0:
                for lang in LANGS:
                    for seat in (0, 1, None):
                        out = printed(GAME, s, seat, lang)
                        assert max(cell_len(x) for x in out.splitlines()) <= 80, (lang, seat, out)
            s.apply(rng.choice(s.legal_actions()))
            step += 1


def test_menus_prompts_and_reasons_are_in_the_language_asked():
    """Every decision of random games has a prompt, a menu line for each action and the reasons for
    what cannot be used, in each language; French and Japanese differ from the English."""
    for seed in range(4):
        s = GAME.start(seed=seed, decks=GAME.coverage_decks()[seed % 2] if seed > 1 else None)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move
            assert seat is not None
            said = {
                lang: (
                    GAME.prompt(s, lang),
                    [GAME.describe_action(s, a, lang) for a in s.legal_actions()],
                    GAME.unusable(s, seat, lang),
                )
                for lang in LANGS
            }
            for lang in LANGS:
                prompt, menu, unusable = said[lang]
                assert prompt and all(menu) and all(unusable.values())
                assert unusable.keys() == said["en"][2].keys()
                if lang != "en":
                    assert prompt != said["en"][0]
                    for ref, why in unusable.items():
                        assert why != said["en"][2][ref], (lang, why)
            s.apply(rng.choice(s.legal_actions()))


def test_pinned_french_and_japanese_sentences():
    """A few sentences as a French and a Japanese player read them (issue 11's wording, translated)."""
    summon = {"type": "summon", "seat": 0, "card": "Lampire", "kind": "regular"}
    assert GAME.narrate(summon, 0, "fr") == "Vous invoquez Lampire."
    assert GAME.narrate(summon, 1, "fr") == "Joueur 1 invoque Lampire."
    assert GAME.narrate(summon, 0, "ja") == "あなたはLampireを召喚した。"
    assert GAME.narrate(summon, 1, "ja") == "プレイヤー1はLampireを召喚した。"
    act = {
        "type": "activate",
        "seat": 1,
        "name": "Toxic Bite",
        "source": "Illguana",
        "target": "Lampire",
        "target_seat": 0,
        "kind": "summoned",
    }
    assert GAME.narrate(act, 0, "fr") == "Joueur 2 active Morsure toxique (Illguana) sur votre Lampire."
    assert GAME.narrate(act, 1, "fr") == "Vous activez Morsure toxique (Illguana) sur Lampire de Joueur 1."
    ja = "プレイヤー2は毒の噛みつき（Illguana）を発動した（対象：あなたのLampire）。"
    assert GAME.narrate(act, 0, "ja") == ja
    sp = {"type": "sp", "seat": 0, "delta": -350, "sp": 4650, "why": "y_destroyed", "by": "Gravelhound"}
    assert GAME.narrate(sp, 0, "fr") == "Vous perdez 350 SP (Gravelhound détruit) : il en reste 4650."
    assert GAME.narrate(sp, 1, "ja") == "プレイヤー1は350 SPを失った（Gravelhoundが破壊された）：残り4650。"
    out = {"type": "sp", "seat": 0, "delta": -600, "sp": -300, "why": "y_destroyed", "by": "Infernohound"}
    assert GAME.narrate(out, 1, "fr") == "Joueur 1 perd 600 SP (Infernohound détruit) : plus aucun."
    battle = {"type": "battle", "seat": 0, "outcome": "higher", "attacker": "Tuskaroo", "target": "Pebblit"}
    battle |= {"power": 1600, "against": 600}
    assert GAME.narrate(battle, 0, "fr") == "Combat 1600 contre 600 : Tuskaroo bat Pebblit."
    assert GAME.narrate(battle, 0, "ja") == "バトル 1600対600：TuskarooがPebblitに勝った。"
    over = {"type": "match_over", "winner": 1, "wins": [0, 2]}
    assert GAME.narrate(over, 1, "fr") == "Vous gagnez le match, 2 parties à 0."
    assert GAME.narrate(over, 0, "ja") == "マッチはプレイヤー2の勝ち、2勝0敗。"

    s = lab(decks=(A, A), hands=[["Tuskaroo", "Banish Sign"], []], field=[["Rockwraggle"], ["Emberpup"]])
    fr = {a.notation: GAME.describe_action(s, a, "fr") for a in s.legal_actions()}
    ja = {a.notation: GAME.describe_action(s, a, "ja") for a in s.legal_actions()}
    assert fr["summon tuskaroo"] == "Invocation normale : Tuskaroo (ATK 1600 / END 1100, SP 500)"
    assert ja["summon tuskaroo"] == "通常召喚 Tuskaroo（ATK 1600 / END 1100、SP 500）"
    assert fr["play banish-sign foe:emberpup"].startswith(
        "jouer Signe de bannissement (signal) → Emberpup adverse : Retirez du jeu"
    )
    assert ja["play banish-sign foe:emberpup"].startswith("追放のサイン（シグナル）を使う → 相手のEmberpup：")
    assert GAME.prompt(s, "fr").startswith("Votre étape principale : invoquez")
    assert GAME.prompt(s, "ja").startswith("あなたのメインステップ：召喚")
    assert s.why_illegal("battle", 0, "fr") is None  # a legal action has no reason
    play(s, "summon tuskaroo")
    once = "'summon emberpup' : une seule invocation normale par tour"
    assert s.why_illegal("summon emberpup", 0, "fr") == once
    assert s.why_illegal("summon emberpup", 0, "ja") == "'summon emberpup'：通常召喚は1ターンに1回"
    assert s.why_illegal("summon emberpup", 0) == "'summon emberpup': one Regular Summon per turn"
    tusk = {f["slug"]: f for f in GAME.cards("ja")}["tuskaroo"]
    assert tusk["kind"] == "D-Spirit" and tusk["tags"] == ["獣"]
    counter = {f["slug"]: f for f in GAME.cards("fr")}["counter-sign"]
    assert counter["name"] == "Signe de contre" and counter["tags"] == ["réponse"]
    assert counter["text"].startswith("Réponse : annulez la carte")


def _names_only(line: str, names: set[str]) -> bool:
    """A line with no words of its own: names of cards and players, numbers, signs."""
    for n in sorted(names, key=len, reverse=True):
        line = line.replace(n, "")
    return not re.search(r"[A-Za-z]{3,}", line)


def test_a_played_games_log_has_no_english_left_in_french_or_japanese():
    """Every line of whole games, for each seat and the spectator, reads differently in French and in
    Japanese from its English, unless it is only names and numbers."""
    names = {c.name for group in (catalog().spirits, catalog().evolutions) for c in group}
    names |= {"Player 1", "Player 2", "D-Spirit", "SP"}
    for seed in range(6):
        s = played(seed, {"match": True} if seed % 2 else {})
        for seat in (0, 1, None):
            for e in s.events_for(seat):
                en = GAME.narrate(e, seat, "en")
                for lang in ("fr", "ja"):
                    line = GAME.narrate(e, seat, lang)
                    assert line != en or _names_only(en, names), (lang, en)
            for lang in ("fr", "ja"):
                board = printed(GAME, s, seat, lang)
                english = ("Battle", "Support", "Hand", "Game over", "game ", "turn ", "(empty)", " wins")
                for phrase in english:
                    assert phrase not in board, (lang, phrase, board)


def test_two_worlds_tell_a_seat_the_same_in_every_language():
    """Privacy in words: where only what a seat cannot see differs, its narration, board, menu, prompt,
    reasons and refusals are the same in each language."""
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.start(seed=seed)
        for _ in range(rng.randrange(5, 40)):
            s.apply(rng.choice(s.legal_actions()))
        for seat in (0, 1):
            a, b = s.clone(), twin(s, seat, seed)
            for _ in range(12):
                if a.is_over:
                    break
                for lang in LANGS:
                    for w in (a, b):
                        assert w.events_for(seat) == a.events_for(seat)
                    told = [
                        (
                            [GAME.narrate(e, seat, lang) for e in w.events_for(seat)],
                            printed(GAME, w, seat, lang),
                            GAME.prompt(w, lang) if w.to_move == seat else None,
                            [GAME.describe_action(w, x, lang) for x in w.legal_actions()]
                            if w.to_move == seat
                            else None,
                            GAME.unusable(w, seat, lang),
                            [w.why_illegal(p, seat, lang) for p in PROBES] if w.to_move == seat else None,
                        )
                        for w in (a, b)
                    ]
                    assert told[0] == told[1], (seed, seat, lang)
                if not step_both(a, b, seat, rng):
                    break


def test_known_cards_of_a_hand_carry_their_name_and_marks():
    """DS-R2: the cards of a hand every seat knows (marked, or shown) come with their card and marks in the
    view, so a client names them in its language without reading the label (``slug+frozen+poison300``)."""
    seen = 0
    for seed in range(40):
        s = GAME.start(seed=seed)
        rng = random.Random(seed)
        while not s.is_over and seen < 30:
            for p in s.view(None)["players"]:
                assert [k["label"] for k in p["known_cards"]] == p["hand_known"]
                for k in p["known_cards"]:
                    slug, *marks = k["label"].split("+")
                    assert k["frozen"] == ("frozen" in marks)
                    assert k["poison"] == next((int(m[6:]) for m in marks if m.startswith("poison")), 0)
                    assert (
                        GAME.table.find(slug) is not None
                        and k["card"] == GAME.table.name[GAME.table.find(slug)]
                    )
                    seen += 1
            s.apply(rng.choice(s.legal_actions()))
        if seen >= 30:
            break
    assert seen, "random games put a known card in a hand"


def test_every_reason_the_rules_give_is_a_sentence_in_every_language():
    """An event's ``why`` is the key of its reason's sentence (lang.py), ``by`` the card or ability it names:
    every such key the rules' modules write is in every catalog, and the events of played games carry only
    those keys (a client or a translator reads a reason without parsing English)."""
    import ast
    from pathlib import Path

    from kansei.builtin import dspirits

    written: set[str] = set()
    for path in Path(dspirits.__file__).parent.glob("*.py"):
        if path.name in ("lang.py", "text.py", "refusals.py", "views.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"[xy]_[a-z_]+", node.value):
                    written.add(node.value)
    assert {"y_battle", "y_named", "x_shift", "y_no_target"} <= written
    for key in written:
        for lang in LANGS:
            assert WORDS.has(lang, key), (lang, key)
    for s, _ in (play_random(GAME, seed) for seed in range(6)):
        for e in s.events_for(None):
            if "why" in e:
                assert e["why"] in written and isinstance(e.get("by", ""), str), e
