"""Stampede in French (issue: a third language): the catalogs are complete in every declared language, every
card has a French name and text, the board, menus, log, decision, reasons and refusals read in French —
a few sentences pinned, checked by reading them —, the board still fits 80 columns, and what a seat is told
in French is the same in every world it cannot tell apart."""

from __future__ import annotations

import io
import itertools
import random
import re

import pytest
from rich.console import Console
from stampede_helpers import GAME, PAIRS, random_games

from kansei.builtin.stampede.lang import WORDS
from kansei.builtin.stampede.refusals import public_reason, reason_for_mover
from kansei.builtin.stampede.text import card_line, card_name
from kansei.core.names import Names


def test_the_catalogs_are_complete_in_every_declared_language():
    assert GAME.languages == ("en", "ja", "fr")  # English first: the default
    assert GAME.words is WORDS
    assert WORDS.problems() == []
    assert set(WORDS.languages) == set(GAME.languages)


def test_every_card_has_a_french_name_and_text():
    """Content: each card's French name and text are its own (a name only where it is a proper name, a
    text only where it is a bare keyword such as "[Obstruction]"), and no French name is another card's
    name in any language (a name finds one card)."""
    cards = GAME.table.cards
    names: dict[str, int] = {}
    for d in cards:
        assert d.rec.fr and d.rec.text_fr, d.en
        assert d.label("fr") == d.rec.fr and d.card_text("fr") == d.rec.text_fr
        for n in {d.name, d.en, d.rec.fr}:
            assert names.setdefault(n.lower(), d.id) == d.id, n
        if d.rec.text_fr == d.text_en:
            assert re.fullmatch(r"(\[(Obstruction|Crash|Dead Heat \d)\] ?)+", d.text_en), d.en
    proper = {d.en for d in cards if d.rec.fr == d.en}
    assert proper <= {"Guileroad Judas", "Reiranken Deone", "Obstruction"}, proper
    # the French terms of the glossary, in the card texts too
    texts = " ".join(d.rec.text_fr for d in cards)
    for english in ("POW", "DEF", "HP", "gear", "Double Action", "Dragon Genus", "Guest", "tap"):
        assert not re.search(rf"\b{english}\b", texts), english
    for french in ("PUI", "DÉF", "PV", "rapport", "Double action", "Lignée du Dragon", "Invitée", "engagez"):
        assert french in texts, french


def test_card_faces_and_lines_in_french():
    """The card faces of a French page: French name, kind, class, keywords, stats and icon titles; a card
    line keeps the Japanese original beside the French name (as an English line does)."""
    faces = {f["slug"]: f for f in GAME.cards("fr")}
    assert len(faces) == len(GAME.cards("en"))
    bubble = faces["bubble-coat"]
    assert bubble["name"] == "Manteau de bulles" and bubble["kind"] == "événement"
    assert bubble["stats"] == {"rapport": 2, "PV": 5000}
    assert [i["title"] for i in bubble["icons"]] == ["rapport 2", "PV 5000"]
    assert bubble["tags"] == ["Montagne Sucrée", "Obstruction"]
    assert faces["pykrete-ride"]["stats"] == {"rapport": 2, "PUI": 8000, "DÉF": 8000}
    assert faces["dragoon-knight"]["tags"] == ["Couronne des Dragons", "Lignée du Dragon"]
    assert faces["rose-thorn"]["kind"] == "assistance"
    pykrete = GAME.table.cards[GAME.table.find("Pykrete Ride")]
    assert card_name(pykrete, "fr") == "Bolide en pykrete (パイクリート・ライド)"
    assert card_name(pykrete, "fr", both=False) == "Bolide en pykrete"
    assert card_line(pykrete, "fr") == (
        "Bolide en pykrete (パイクリート・ライド) — R2 8000/8000 machine, Rose Écarlate : "
        "Une carrosserie de glace et de fibre qui ne se fend pas."
    )
    yurika = GAME.table.cards[GAME.table.find("Yurika the Supreme Rider")]
    assert "【Dead Heat 4】" in card_line(yurika, "fr") and "Volant" in card_line(yurika, "fr")


def test_pinned_french_narration():
    """A few French log lines, read and checked: "vous" for the reader, the owner after the thing with
    "de"/"d'" (elided before a vowel), the machine's gender, no negative distance."""
    goal = {"type": "run", "seat": 1, "by": 4, "distance": -3, "dead_heat": False}
    assert GAME.narrate(goal, 0, "fr") == "Joueur 2 atteint la ligne d'arrivée"
    assert GAME.narrate(goal, 1, "fr") == "vous atteignez la ligne d'arrivée"
    assert GAME.narrate(goal, 0, "fr", ["Ann", "Bo"]) == "Bo atteint la ligne d'arrivée"
    left = {"type": "left", "seat": 1, "card": "Pykrete Ride", "zone": "L", "dest": "hand"}
    assert GAME.narrate(left, 1, "fr") == "votre Bolide en pykrete retourne dans votre main"
    assert GAME.narrate(left, 0, "fr") == "Bolide en pykrete de Joueur 2 retourne dans sa main"
    assert GAME.narrate(left, 0, "fr", ["Bo", "Ann"]) == "Bolide en pykrete d'Ann retourne dans sa main"
    shift = {"type": "distance", "seat": 1, "by": 2, "distance": -1}
    assert GAME.narrate(shift, 0, "fr") == "distance de Joueur 2 +2 : à l'arrivée"
    ran = {"type": "run", "seat": 0, "by": 2, "distance": 12, "dead_heat": False}
    assert GAME.narrate(ran, 0, "fr") == "vous : reste 12"
    assert GAME.narrate({"type": "draw", "seat": 0, "left": 30}, 0, "fr") == (
        "vous piochez une carte (30 dans le deck)"
    )
    assert GAME.narrate({"type": "dealt", "seat": 0, "count": 1}, 1, "fr") == "Joueur 1 reçoit une carte"
    attack = {
        "type": "attack",
        "seat": 0,
        "attackers": ["Blaze Petal", "Rose Starter"],
        "target": "Candy Hopper",
        "target_zone": "R",
    }
    assert GAME.narrate(attack, 0, "fr", ["Ann", "Bo"]) == (
        "vous attaquez Sauteuse bonbon (la zone droite de Bo) avec Pétale ardent + Rose de départ"
    )
    assert GAME.narrate(attack, 1, "fr", ["Ann", "Bo"]) == (
        "Ann attaque Sauteuse bonbon (votre zone droite) avec Pétale ardent + Rose de départ"
    )
    destroyed = {"type": "destroyed", "seat": 1, "card": "Candy Hopper", "zone": "R"}
    assert GAME.narrate(destroyed, 0, "fr", ["Ann", "Bo"]) == "Sauteuse bonbon de Bo est détruite"
    popped = {"type": "destroyed", "seat": 1, "card": "Bubble Coat", "zone": "L"}
    assert GAME.narrate(popped, 1, "fr") == "votre Manteau de bulles est détruit"  # an event: masculine
    crash = {"type": "crash", "overtaker": 0, "overtaken": 1}
    assert GAME.narrate(crash, 1, "fr", ["Ann", "Bo"]) == "CRASH ! Ann vous dépasse"
    assert GAME.narrate(crash, None, "fr", ["Ann", "Bo"]) == "CRASH ! Ann dépasse Bo"
    over = {"type": "race_over", "winner": 0, "reason": "deck-out", "distance": [3, 4]}
    assert GAME.narrate(over, 1, "fr") == "FIN DE LA COURSE : Joueur 1 gagne (deck vide)"
    assert GAME.narrate(over, 0, "fr") == "FIN DE LA COURSE : vous gagnez (deck vide)"
    combat = {"type": "combat", "target": "Candy Hopper", "outcome": "higher", "pow": 4500, "def_": 3500}
    assert GAME.narrate(combat, 0, "fr") == "PUI 4500 contre DÉF 3500 : Sauteuse bonbon est détruite"


def _words_of(line: str) -> set[str]:
    """The words of a line that are not names, numbers or card names (what would betray English)."""
    return set(re.findall(r"[A-Za-zÀ-ÿ']{3,}", line))


def test_a_whole_french_log_has_no_english_line():
    """Every line of random games' logs in French differs from its English line (unless it holds nothing
    but names and numbers), for each seat and the spectator, by name and in the third person."""
    cards = {w for d in GAME.table.cards for n in (d.en, d.rec.fr) for w in _words_of(n)}
    names = ["Ann", "Bo"]
    for s in random_games(6, 100):
        for seat in (0, 1, None):
            for e in s.events_for(seat):
                for who in (names, Names(names, lang="fr", second_person=False)):
                    en = GAME.narrate(e, seat, "en", who)
                    fr = GAME.narrate(e, seat, "fr", who)
                    assert fr and "\n" not in fr, (e, fr)
                    if _words_of(en) - cards - set(names):
                        assert fr != en, (e, fr)
                    assert "Player" not in fr and "you" not in fr.split(), (e, fr)


def test_the_board_menus_and_decisions_in_french():
    """The board fits 80 columns for every seat (measured by rich), and reads in French; every menu line,
    group, decision and reason of the seat to move is French (no English sentence left)."""
    english = re.compile(
        r"\b(the|your|with|attack|call|place|run|pass|end|turn|hand|discard|distance to go|machine able)\b"
    )
    seen_menu = 0
    for s in random_games(3, 40):
        for seat in (0, 1, None):
            out = io.StringIO()
            Console(file=out, width=80, color_system=None).print(GAME.render(s, seat, "fr", ["Ann", "Bo"]))
            lines = out.getvalue().splitlines()
            assert lines and max(len(x) for x in lines) <= 80 and len(lines) <= 26
            text = out.getvalue()
            assert "gauche" in text and "centre" in text and "droite" in text
            assert "Course terminée" in text
    for s in itertools.islice(_states(), 0, None, 7):
        mover = s.to_move
        line = GAME.prompt(s, "fr")
        assert line and not english.search(line), line
        for a in s.legal_actions():
            menu = GAME.describe_action(s, a, "fr")
            group = GAME.menu_group(s, a, "fr") or ""
            # card texts are French too; card names may be proper names, so look outside them
            assert not english.search(menu.replace("Guileroad Judas", "")), menu
            assert not english.search(group), group
            seen_menu += 1
        for why in GAME.unusable(s, mover, "fr").values():
            assert why and not english.search(why), why
    assert seen_menu > 200


def _states():
    for seed in range(4):
        s = GAME.start(seed=seed, decks=list(PAIRS[seed % len(PAIRS)]))
        rng = random.Random(seed)
        while not s.is_over:
            yield s
            s.apply(rng.choice(s.legal_actions()))


def test_pinned_french_board_menu_decision_and_reasons(sc):
    s = sc.start(
        sc.deck({"Pykrete Ride": 4}),
        centers=["Rose Starter", "Sugar Start"],
        turn=2,
        hands=[["Pykrete Ride", "Rose Thorn", "Crimson Pit"], []],
        field=[{"R": "Blaze Petal"}, {}],
    )
    lines = {a.notation: GAME.describe_action(s, a, "fr") for a in s.legal_actions()}
    assert lines["call pykrete-ride C"] == "appeler Bolide en pykrete R2 8000/8000 au centre (pile 1→2)"
    assert GAME.prompt(s, "fr") == (
        "Votre phase principale : appelez des machines, jouez des cartes ou utilisez des capacités, "
        "puis passez au combat"
    )
    assert GAME.prompt(s, "fr", Names(["Ann", "Bo"], second_person=False)).startswith("Ann : Votre phase")
    s.apply("call pykrete-ride C")
    lines = {a.notation: GAME.describe_action(s, a, "fr") for a in s.legal_actions()}
    assert lines["assist rose-thorn myR"].startswith(
        "jouer Épine de rose R1 → votre zone droite : Pétale ardent : "
    )
    assert lines["event crimson-pit L"].startswith(
        "poser l'événement Stand pourpre (紅蓮のピット) R2 PV6000 à gauche"
    )
    s = sc.start(centers=["Rose Starter", "Sugar Start"], turn=1, hands=[["Pykrete Ride", "Rose Thorn"], []])
    assert (
        GAME.unusable(s, 0, "fr")["hand:pykrete-ride"] == "le rapport 2 dépasse le rapport max de ce tour, 1"
    )
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(GAME.render(s, 0, "fr", ["Ann", "Bo"]))
    board = out.getvalue()
    assert "tour 1 (R max 1)  phase principale  · à vous de jouer" in board
    assert "vous — distance 20 · main 3 · deck " in board and "Bo — distance 20 · main 0" in board
    assert "main : Bolide en pykrete R2 8000/8000 · Épine de rose R1 assistance" in board


def test_refusals_in_french(sc):
    """refusals.py answers in a language given to it (the core asks in English: it passes none)."""
    s = sc.start(centers=["Rose Starter", "Sugar Start"], turn=1, hands=[["Rose Thorn"], []])
    assert public_reason(s, "attack C > C", "fr") == (
        "'attack C > C' : les machines agissent en phase de combat ; nous sommes en phase principale "
        "('battle' y mène)"
    )
    assert public_reason(s, "call pykrete-ride C", "fr") == (
        "'call pykrete-ride C' : le rapport 2 dépasse le rapport max de ce tour, 1"
    )
    assert public_reason(s, "assist blaze-petal", "fr") == (
        "'assist blaze-petal' : Pétale ardent n'est pas une assistance"
    )
    assert reason_for_mover(s, "call blaze-petal L", 0, "fr") == (
        "'call blaze-petal L' : vous n'avez pas de Pétale ardent dans votre main"
    )
    assert public_reason(s, "attack C > C") == (  # English stays the default
        "'attack C > C': machines act in the battle phase; this is the main phase ('battle' goes there)"
    )


@pytest.mark.parametrize("seed", range(2))
def test_what_a_seat_is_told_in_french_is_the_same_in_two_worlds(seed):
    """Privacy holds in French: narration, menu lines, decision and reasons equal in the real state and in
    a world resampled for the seat that reads them."""
    rng = random.Random(seed)
    s = GAME.start(seed=seed, decks=list(PAIRS[seed % len(PAIRS)]))
    step = 0
    while not s.is_over:
        if step % 5 == 0:
            for seat in (0, 1, None):
                world = s.determinize(seat, random.Random(step))
                assert [GAME.narrate(e, seat, "fr") for e in s.events_for(seat)] == [
                    GAME.narrate(e, seat, "fr") for e in world.events_for(seat)
                ]
            mover = s.to_move
            world = s.determinize(mover, random.Random(step))
            assert [GAME.describe_action(s, a, "fr") for a in s.legal_actions()] == [
                GAME.describe_action(world, a, "fr") for a in world.legal_actions()
            ]
            assert GAME.prompt(world, "fr") == GAME.prompt(s, "fr")
            assert GAME.unusable(world, mover, "fr") == GAME.unusable(s, mover, "fr")
        s.apply(rng.choice(s.legal_actions()))
        step += 1
