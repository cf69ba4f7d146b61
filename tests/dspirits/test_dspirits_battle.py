"""Battle (DS-B1..DS-B6): every outcome — higher, equal, lower, endured, already enduring, direct — SP loss,
type advantages from the chart, the Elemental rule, and the Support Zone out of reach."""

from __future__ import annotations

from dspirits_helpers import deck, lab, legal, names, play

from kansei.builtin.dspirits.state import ENDURE_STANCE
from kansei.testing import find_events, last_event

BEASTS_A = deck(
    {
        "Tuskaroo": 2,
        "Gravelhound": 2,
        "Maulbear": 1,
        "Howlpack": 2,
        "Ghoulette": 1,
        "Rimefang": 1,
        "Blazewing": 1,
    }
)
BEASTS_B = deck({"Gravelhound": 2, "Tuskaroo": 1, "Mistmaw": 2, "Rimefang": 1, "Ghoulette": 2, "Howlpack": 1})


def battle(a: list, b: list, **kw):
    return lab(decks=(BEASTS_A, BEASTS_B), field=[a, b], step="battle", **kw)


def test_ds_b1_higher_power_destroys_the_target_ds_b3_its_controller_loses_its_sp():
    """DS-B1 A > P: the target is destroyed; DS-B3: its controller loses its SP value (Gravelhound 350)."""
    s = battle(["Tuskaroo"], ["Gravelhound"])
    assert "attack tuskaroo gravelhound" in legal(s)
    play(s, "attack tuskaroo gravelhound")
    b = last_event(s, "battle")
    assert (b["outcome"], b["power"], b["against"]) == ("higher", 1600, 1200)
    assert names(s, 1) == [] and names(s, 0) == ["Tuskaroo"]
    assert s.sp == [5000, 4650]
    assert "Gravelhound" in [s.game.table.name[c] for c in s.dworld[1]]


def test_ds_b1_equal_power_destroys_both():
    s = battle(["Gravelhound"], ["Gravelhound"])
    play(s, "attack gravelhound gravelhound")
    assert last_event(s, "battle")["outcome"] == "equal"
    assert names(s, 0) == [] and names(s, 1) == []
    assert s.sp == [4650, 4650]


def test_ds_b1_lower_power_destroys_the_attacker():
    s = battle(["Gravelhound"], ["Tuskaroo"])
    play(s, "attack gravelhound tuskaroo")
    assert last_event(s, "battle")["outcome"] == "lower"
    assert names(s, 0) == [] and names(s, 1) == ["Tuskaroo"]
    assert s.sp == [4650, 5000]


def test_ds_b2_endure_negates_the_attack_and_restricts_next_turn():
    """DS-B2: Mistmaw (power 1100, Endurance 1600) would fall to 1200; it may endure instead."""
    s = battle(["Gravelhound", "Tuskaroo"], ["Mistmaw"], hands=[[], ["Howlpack"]])
    play(s, "attack gravelhound mistmaw")
    assert s.to_move == 1 and legal(s) == ["endure", "fall"]
    play(s, "endure")
    assert last_event(s, "battle")["outcome"] == "endured"
    assert names(s, 1) == ["Mistmaw"] and s.sp == [5000, 5000]
    m = s.scene[1][0]
    assert m.stance == ENDURE_STANCE
    # DS-B2: a D-Spirit already enduring is destroyed only when the attack exceeds its Endurance
    play(s, "attack tuskaroo mistmaw")  # 1600 against Endurance 1600: held
    assert last_event(s, "battle")["outcome"] == "blocked" and names(s, 1) == ["Mistmaw"]
    # no attacker left: the battle step ends by itself; next turn (seat 1) it cannot attack, change
    # stance or be soul-exchanged
    assert s.active == 1 and s.phase == "draw"
    play(s, "draw squad", "no extra")
    assert s.phase == "main"
    acts = legal(s)
    assert not any(a.startswith(("stance mistmaw", "exchange mistmaw")) for a in acts)
    assert s.is_restricted(s.scene[1][0])
    play(s, "battle")
    assert not any(a.startswith("attack") for a in legal(s))
    play(s, "end")
    assert s.active == 0 and not s.is_restricted(s.scene[1][0])  # the turn after, the restriction is gone


def test_ds_b2_enduring_destroyed_when_attack_exceeds_endurance():
    s = battle(["Maulbear"], [{"name": "Mistmaw", "stance": "endure"}])
    play(s, "attack maulbear mistmaw")  # 2000 > Endurance 1600
    b = last_event(s, "battle")
    assert (b["outcome"], b["stance"]) == ("higher", "endure")
    assert names(s, 1) == [] and s.sp[1] == 5000 - 450


def test_ds_b2_declining_to_endure_and_no_endure_when_frozen():
    s = battle(["Gravelhound"], ["Mistmaw"])
    play(s, "attack gravelhound mistmaw", "fall")
    assert names(s, 1) == []
    s = battle(["Gravelhound"], [{"name": "Mistmaw", "frozen": True}])
    play(s, "attack gravelhound mistmaw")  # DS-R2: Frozen cannot change stance, so no endure decision
    assert names(s, 1) == [] and last_event(s, "battle")["outcome"] == "higher"


def test_ds_b4_direct_attack_only_against_an_empty_battle_scene():
    s = battle(["Tuskaroo"], [])
    assert legal(s) == ["attack tuskaroo direct", "supercharge tuskaroo", "end"]
    play(s, "attack tuskaroo direct")
    assert last_event(s, "battle")["outcome"] == "direct"
    assert s.sp == [5000, 3400]
    s = battle(["Tuskaroo"], ["Howlpack"])
    assert "attack tuskaroo direct" not in legal(s)


def test_ds_b5_type_boost_from_the_chart():
    """DS-B5: Rimefang (Ice) has the advantage over Beast: +300, so 1800 beats Tuskaroo's 1600."""
    s = battle(["Rimefang"], ["Tuskaroo"])
    play(s, "attack rimefang tuskaroo")
    b = last_event(s, "battle")
    assert (b["outcome"], b["power"], b["against"]) == ("higher", 1800, 1600)
    # and the boost works when targeted: Tuskaroo attacking Rimefang meets 1500 + 300
    s = battle(["Tuskaroo"], ["Rimefang"])
    play(s, "attack tuskaroo rimefang")
    b = last_event(s, "battle")
    assert (b["outcome"], b["power"], b["against"]) == ("lower", 1600, 1800)


def test_ds_b5_elemental_negates_spooky_when_destroyed_in_battle():
    """DS-B5 ruling: an Elemental D-Spirit that destroys a Spooky in battle negates its 'when destroyed'."""
    s = battle(["Rimefang"], ["Ghoulette"])
    play(s, "attack rimefang ghoulette")
    assert names(s, 1) == []
    assert s.sp == [5000, 4700]  # Ghoulette's Parting Wail (300 to seat 0) is negated
    assert find_events(s, "negated")
    s = battle(["Maulbear"], ["Ghoulette"])  # a Beast destroys it: the ability fires
    play(s, "attack maulbear ghoulette")
    assert s.sp == [4700, 4700]
    s = battle(["Rimefang"], ["Ghoulette"], options={"elemental_negates_spooky": False})
    play(s, "attack rimefang ghoulette")
    assert s.sp == [4700, 4700]


def test_ds_b6_support_zone_cannot_be_targeted_or_attack():
    """DS-B6: D-Spirits in the Support Zone are out of battle (Limbo, DS-X5, is the exception)."""
    s = battle(
        ["Tuskaroo", {"name": "Gravelhound", "zone": "support"}], [{"name": "Howlpack", "zone": "support"}]
    )
    acts = legal(s)
    assert "attack tuskaroo direct" in acts  # no D-Spirit on the Battle Scene
    assert not any("howlpack" in a for a in acts if a.startswith("attack"))
    assert not any(a.startswith("attack gravelhound") for a in acts)


def test_ds_g2_first_player_does_not_attack_on_turn_one():
    s = lab(decks=(BEASTS_A, BEASTS_B), field=[["Tuskaroo"], []], veteran=False, step="battle")
    assert legal(s) == ["end"] or s.active == 1
    assert not find_events(s, "attack")
    s = lab(
        decks=(BEASTS_A, BEASTS_B),
        field=[["Tuskaroo"], []],
        veteran=False,
        step="battle",
        options={"first_turn_attack": True},
    )
    assert "attack tuskaroo direct" in legal(s)
