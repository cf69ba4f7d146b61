"""Game breakers DS-X1..DS-X7, each in a scenario, and SP payments a player cannot afford."""

from __future__ import annotations

from dspirits_helpers import cid, deck, hand, lab, legal, names, play, squad_cards

from kansei import Action
from kansei.testing import find_events, last_event, refused

A = deck(
    {"Gravelhound": 2, "Tuskaroo": 1, "Lampire": 2, "Howlpack": 2, "Maulbear": 1},
    {"Quick Summon": 1, "Stone Sanctum": 1, "Healing Light": 1},
    {"Volcanic Rift": 1, "Pebblit": 2},
)
B = deck({"Gravelhound": 2, "Tuskaroo": 2, "Mistmaw": 1}, {"Counter Sign": 1}, {})


def breakers(**kw):
    return lab(decks=(A, B), **kw)


def test_ds_x1_extra_draw_for_500_sp_not_on_the_first_turn():
    """DS-X1: one more card for 500 SP after the draw, not on a player's first turn."""
    s = breakers(step="draw")
    n = len(s.hand[0])
    play(s, "draw squad")
    assert legal(s) == ["extra squad", "extra support", "no extra"]
    play(s, "extra support")
    assert s.sp[0] == 4500 and len(s.hand[0]) == n + 2 and s.phase == "main"
    # a player's first turn: no Extra Draw
    s = breakers(step="draw", veteran=False)
    play(s, "draw squad")
    assert s.phase == "main"


def test_ds_x1_an_unaffordable_extra_draw_is_refused_with_a_clear_line():
    s = breakers(step="draw", sp=[500, 5000])
    play(s, "draw squad")
    assert s.phase == "main"  # 500 SP would leave nothing: not offered
    assert "Extra Draw costs 500 SP and you have 500" in refused(s, Action("extra squad"), seat=0)


def test_ds_x2_squad_recharge_pays_half_and_shuffles_the_dworld_back():
    """DS-X2: no D-Spirits left in the D-Squad deck: pay half the SP, the D-World's D-Spirits go back."""
    everything = squad_cards(A)
    s = breakers(step="draw", dworld=[everything, []], sp=[4001, 5000])
    assert s.squad[0] == () and "recharge" in legal(s)
    banished = s.dworld[0][-1]  # one D-Spirit removed from play stays out (white-box)
    s.duel.dworld = (s.dworld[0][:-1], s.dworld[1])
    s.duel.banished = ((*s.banished[0], banished), s.banished[1])
    s.remember_legal(s.duel.decision_actions())
    play(s, "recharge")
    assert s.sp[0] == 2001  # half of 4001, rounded down, paid
    back = [cid(n) for n in everything]
    back.remove(banished)
    assert sorted(s.squad[0]) == sorted(back)  # banished cards stay out
    assert s.banished[0] == (banished,) and last_event(s, "recharge")["count"] == len(everything) - 1
    assert legal(s)[:2] == ["draw squad", "draw support"]  # then the draw step goes on


def test_ds_x3_soul_exchange_once_per_turn_for_eligible_dspirits():
    """DS-X3: Super D-Summoned or on the field since an earlier turn; once per turn."""
    s = breakers(hands=[["Howlpack", "Tuskaroo", "Quick Summon"], []], field=[["Gravelhound"], []])
    assert "exchange gravelhound tuskaroo" in legal(s)  # on the field since an earlier turn
    play(s, "summon howlpack")  # Call of the Pack: seat 0 holds a D-Spirit, so it is asked for a target
    assert legal(s) == ["pass"]  # none of 1000 or less: it fizzles
    play(s, "pass")
    assert not any(a.startswith("exchange howlpack") for a in legal(s))  # summoned this turn
    play(s, "exchange gravelhound tuskaroo")
    assert names(s, 0) == ["Tuskaroo", "Howlpack"] and "Gravelhound" in hand(s, 0)
    assert not any(a.startswith("exchange") for a in legal(s))  # once per turn
    # a Super D-Summoned D-Spirit may be exchanged at once
    s = breakers(hands=[["Quick Summon", "Howlpack", "Tuskaroo"], []])
    play(s, "play quick-summon hand:howlpack", "pass")  # Call of the Pack finds nothing in hand
    assert "exchange howlpack tuskaroo" in legal(s)


def test_ds_x4_soul_shift_only_with_old_rules():
    """DS-X4: removed from the rules; the old_rules option brings it back."""
    s = breakers(field=[["Lampire"], []])
    assert not any(a.startswith("shift") for a in legal(s))
    assert "Soul Shift is removed" in refused(s, Action("shift lampire"), seat=0)
    s = breakers(field=[["Lampire"], []], options={"old_rules": True})
    play(s, "shift lampire")
    assert s.sp[0] == 4200 and names(s, 0, "parked") == ["Lampire"] and s.parked[0][0].shifted
    assert not any(a.startswith("ability lampire") for a in legal(s))  # abilities inactive


def test_ds_x5_limbo_lets_a_support_zone_dspirit_attack_for_1200():
    """DS-X5: 1200 SP for a Support Zone D-Spirit to attack."""
    s = breakers(field=[[{"name": "Maulbear", "zone": "support"}], ["Tuskaroo"]], step="battle")
    assert "limbo maulbear tuskaroo" in legal(s)
    play(s, "limbo maulbear tuskaroo")
    assert s.sp == [3800, 4500] and names(s, 1) == []
    assert last_event(s, "attack")["limbo"] is True


def test_ds_x6_field_rush_bids_from_500_for_a_realm_and_skips_extra_draw():
    """DS-X6: instead of drawing, bid from 500 SP for a Realm of the Support or side deck."""
    s = breakers(step="draw")
    assert {"rush stone-sanctum", "rush volcanic-rift"} <= set(legal(s))
    play(s, "rush volcanic-rift")  # from the side deck
    assert s.to_move == 1 and legal(s)[0] == "bid 600"
    play(s, "pass")
    assert s.sp == [4500, 5000] and "Volcanic Rift" in hand(s, 0) and s.phase == "main"
    assert not s.side[0].count(cid("Volcanic Rift"))
    # outbid: the rusher gets nothing this turn
    s = breakers(step="draw")
    play(s, "rush stone-sanctum", "bid 600", "pass")
    assert s.sp == [5000, 4400] and "Stone Sanctum" not in hand(s, 0) and s.phase == "main"
    assert cid("Stone Sanctum") in s.support[0]


def test_ds_x7_super_charge_skips_the_battle_then_doubles_one_attacker():
    """DS-X7: 500 SP, skip the battle; next turn attack doubled and it alone attacks."""
    s = breakers(field=[["Gravelhound", "Tuskaroo"], ["Tuskaroo"]], step="battle")
    play(s, "supercharge gravelhound")
    assert s.sp[0] == 4500 and s.active == 1  # the battle step is skipped
    play(s, "draw squad", "no extra", "battle", "end", "draw squad", "no extra", "battle")
    acts = [a for a in legal(s) if a.startswith("attack")]
    assert acts == ["attack gravelhound tuskaroo"]  # it alone may attack
    play(s, "attack gravelhound tuskaroo")
    b = last_event(s, "battle")
    assert (b["outcome"], b["power"]) == ("higher", 2400)
    assert s.active == 1  # its only attack done, the turn is over
    assert s.view(0)["players"][0]["battle"][0]["attack"] == 1200  # back to normal after that turn


def test_unaffordable_sp_payments_are_refused():
    s = breakers(
        field=[[{"name": "Maulbear", "zone": "support"}, "Gravelhound"], ["Tuskaroo"]],
        step="battle",
        sp=[1200, 5000],
    )
    assert not any(a.startswith("limbo") for a in legal(s))
    assert "Limbo costs 1200 SP and you have 1200" in refused(s, Action("limbo maulbear tuskaroo"), seat=0)
    s = breakers(field=[["Gravelhound"], []], step="battle", sp=[500, 5000])
    assert "Super Charge costs 500 SP and you have 500" in refused(
        s, Action("supercharge gravelhound"), seat=0
    )


def test_ds_x2_ds_x6_with_both_decks_empty_the_draw_may_be_let_go():
    """DS-X2, DS-X6 (issue 11): with both decks empty, Squad Recharge and Field Rush are a player's choice
    ("can", "may"), not the only legal action: the player may also draw nothing."""
    squad = squad_cards(A)
    support = [n for n, k in A["cards"].items() if n not in squad for _ in range(k)]
    s = breakers(step="draw", hands=[squad[:8] + support, []], dworld=[squad[8:], []])
    assert not s.squad[0] and not s.support[0]
    assert legal(s) == ["recharge", "rush volcanic-rift", "no draw"]
    play(s, "no draw")
    assert s.phase == "main" and s.sp[0] == 5000 and last_event(s, "no_draw")["seat"] == 0
    assert not find_events(s, "recharge") and not find_events(s, "bid")
    # nothing to recharge, no SP to rush: nothing to choose, the draw step passes by itself
    s = breakers(step="draw", hands=[squad + support, []], sp=[500, 5000])
    assert s.phase == "main" and last_event(s, "no_draw")["seat"] == 0
