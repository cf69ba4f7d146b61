"""The menu's pieces: cutting a line to the width, the words a group shares, two columns."""

from __future__ import annotations

from rich.cells import cell_len

from kansei.cli import menu
from kansei.core.protocol import Action

ABILITY = "switch on Gutter Drift: +1 to cornering for this battle.  [margin +7, then you win the battle]"


def test_a_cut_line_keeps_its_preview_and_the_width() -> None:
    cut = menu.cut(ABILITY, 77)
    assert cut == "switch on Gutter Drift: +1 to cornering… [margin +7, then you win the battle]"
    assert cell_len(cut) <= 77
    assert menu.cut(ABILITY, 200) == ABILITY  # what fits stays whole, its two spaces kept
    assert menu.cut("play Wall: [Obstruction] the opponent must attack it", 30).endswith("…")  # no preview


def test_a_cut_line_is_one_line_in_cells() -> None:
    assert "\n" not in menu.cut("Cost: tap this card\nEffect: +2000 POW until the end of the turn", 30)
    ja = menu.cut("ローズ・スターター ギア1 3000/3000 をファーストマシンとして裏向きに置く", 40)
    assert cell_len(ja) <= 40 and ja.endswith("…")


def test_an_opened_group_drops_the_words_its_lines_share_but_keeps_the_noun_of_a_number() -> None:
    texts = ["tune-up Jump on tile 3 (Akagi, S) [margin -1]", "tune-up Jump on tile 5 (Nagao, S) [margin +2]"]
    assert menu.shared_words(texts) == 3  # "tune-up Jump on" goes; "tile 3", "tile 5" stay
    attacks = ["attack X with Rose (your left) — POW 1", "attack X with Rose (your center) — POW 1"]
    assert menu.common_prefix(attacks) == "attack X with Rose"  # never inside the parentheses


def test_a_long_menu_of_short_lines_takes_two_columns() -> None:
    entries = [
        menu.Entry(f"power {n}: lands {n - 5} to {n + 5}", [Action("sprint", f"sprint {n}")])
        for n in range(1, 13)
    ]
    assert menu.height(menu.table(entries, 80), 80) == 6
    assert menu.height(menu.table(entries[:5], 80), 80) == 5  # short menus stay in one column
