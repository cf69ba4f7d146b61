"""Effects as data: chains (DS-R4), statuses (DS-R2), launches (DS-R3), Realm bidding (DS-R1), D-Evolutions
(DS-C3), abilities and special moves (DS-C1, DS-C2) and the three named D-Spirits."""

from __future__ import annotations

from dspirits_helpers import cid, deck, lab, legal, names, play

from kansei import Action
from kansei.testing import find_events, last_event, refused

A = deck(
    {
        "Rockwraggle": 1,
        "Gravelhound": 2,
        "Tuskaroo": 1,
        "Emberpup": 2,
        "Lampire": 2,
        "Illguana": 1,
        "Frostling": 1,
        "Howlpack": 2,
        "Cindersnake": 1,
        "Thunderhorn": 1,
        "Glimmerfae": 1,
        "Maulbear": 1,
    },
    {
        "Meteor Signal": 1,
        "Counter Sign": 1,
        "Power Surge": 1,
        "Freeze Ray": 1,
        "Return Gust": 1,
        "Venom Sign": 1,
        "Thaw Sign": 1,
        "Quick Summon": 1,
        "Stone Sanctum": 1,
        "Haunted Hollow": 1,
        "Boulder Crash": 1,
        "Halt Signal": 1,
        "Iron Banner": 1,
    },
    {"Rockwraggle Titan": 1, "Infernohound": 1, "Lamplord Vampyre": 1, "Volcanic Rift": 1},
)
B = deck(
    {
        "Gravelhound": 2,
        "Tuskaroo": 2,
        "Maulbear": 1,
        "Mistmaw": 1,
        "Illguana": 2,
        "Moonmote": 1,
        "Howlpack": 1,
        "Glaciox": 1,
        "Frostling": 1,
    },
    {
        "Counter Sign": 2,
        "Power Surge": 2,
        "Halt Signal": 1,
        "Backfire Sign": 1,
        "Weaken Sign": 1,
        "Meteor Signal": 1,
        "Verdant Grove": 1,
        "Haunted Hollow": 1,
        "Thaw Sign": 1,
    },
    {"Plaguana": 1},
)


def effects(**kw):
    return lab(decks=(A, B), **kw)


# ------------------------------------------------------------------------------------------ chains
def test_ds_r4_two_link_chain_counter_sign_negates_the_card_below():
    s = effects(
        hands=[["Meteor Signal", "Power Surge"], ["Counter Sign"]], field=[["Tuskaroo"], ["Gravelhound"]]
    )
    play(s, "play meteor-signal foe:gravelhound")
    assert s.to_move == 1 and legal(s) == ["respond counter-sign", "pass"]
    assert [c["name"] for c in s.view(1)["chain"]] == ["Meteor Signal"]
    play(s, "respond counter-sign")
    # seat 0 may answer the Counter Sign (Power Surge is a response); the chain is open with two links
    assert s.to_move == 0 and [c["name"] for c in s.view(0)["chain"]] == ["Meteor Signal", "Counter Sign"]
    play(s, "pass")
    res = find_events(s, "resolve")
    assert [(e["name"], e["negated"]) for e in res] == [("Counter Sign", False), ("Meteor Signal", True)]
    assert names(s, 1) == ["Gravelhound"] and s.view(0)["chain"] == []
    assert s.to_move == 0 and s.phase == "main"


def test_ds_r4_last_in_first_out_power_surge_resolves_before_the_meteor():
    """The response resolves first: +500 lifts Gravelhound to 1700, past Meteor Signal's 1500 limit."""
    s = effects(hands=[["Meteor Signal"], ["Power Surge"]], field=[["Tuskaroo"], ["Gravelhound"]])
    play(s, "play meteor-signal foe:gravelhound", "respond power-surge own:gravelhound")
    assert [e["name"] for e in find_events(s, "resolve")] == ["Power Surge", "Meteor Signal"]
    assert names(s, 1) == ["Gravelhound"] and s.sp == [5000, 5000]
    # without the response the Meteor destroys it
    s = effects(hands=[["Meteor Signal"], ["Power Surge"]], field=[["Tuskaroo"], ["Gravelhound"]])
    play(s, "play meteor-signal foe:gravelhound", "pass")
    assert names(s, 1) == [] and s.sp == [5000, 4650]


def test_ds_r4_attack_halt_signal_countered_three_links():
    s = effects(
        hands=[["Counter Sign"], ["Halt Signal"]], field=[["Tuskaroo"], ["Gravelhound"]], step="battle"
    )
    play(s, "attack tuskaroo gravelhound")
    assert legal(s) == ["respond halt-signal", "pass"]
    play(s, "respond halt-signal")
    assert s.to_move == 0 and "respond counter-sign" in legal(s)
    play(s, "respond counter-sign")
    # seat 1 has nothing left: Counter Sign, then the negated Halt Signal, then the attack resolve
    assert [(e["name"], e["negated"]) for e in find_events(s, "resolve")] == [
        ("Counter Sign", False),
        ("Halt Signal", True),
    ]
    assert last_event(s, "battle")["outcome"] == "higher" and names(s, 1) == []


def test_halt_signal_negates_an_attack_and_backfire_destroys_the_attacker():
    s = effects(hands=[[], ["Halt Signal"]], field=[["Tuskaroo"], ["Gravelhound"]], step="battle")
    play(s, "attack tuskaroo gravelhound", "respond halt-signal")
    assert last_event(s, "battle")["outcome"] == "negated" and names(s, 1) == ["Gravelhound"]
    s = effects(
        hands=[[], ["Backfire Sign"]], field=[["Gravelhound", "Maulbear"], ["Tuskaroo"]], step="battle"
    )
    assert "respond backfire-sign" not in legal(play(s.clone(), "attack maulbear tuskaroo"))  # 2000 > 1500
    play(s, "attack gravelhound tuskaroo", "respond backfire-sign")
    assert last_event(s, "battle")["outcome"] == "fizzled" and names(s, 0) == ["Maulbear"]


# ------------------------------------------------------------------------------------------ statuses
def test_ds_r2_frozen_cannot_attack_change_stance_or_exchange_then_thaws():
    s = effects(hands=[["Freeze Ray"], ["Howlpack"]], field=[["Gravelhound"], ["Tuskaroo"]])
    play(s, "play freeze-ray foe:tuskaroo", "battle", "attack gravelhound tuskaroo")  # 1200 < 1600
    assert names(s, 0) == []
    assert s.active == 1 and s.view(1)["players"][1]["battle"][0]["frozen"]
    play(s, "draw support", "no extra")
    acts = legal(s)
    assert not any(a.startswith(("stance tuskaroo", "exchange tuskaroo")) for a in acts)
    play(s, "battle")
    assert not any(a.startswith("attack tuskaroo") for a in legal(s))
    play(s, "end")
    assert last_event(s, "thaw")["card"] == "Tuskaroo" and not s.view(0)["players"][1]["battle"][0]["frozen"]


def test_ds_r2_status_stays_on_a_dspirit_back_in_hand():
    """Frozen and poisoned, returned to hand: the card keeps both (and is public); summoned, it keeps them."""
    s = effects(
        hands=[["Freeze Ray", "Venom Sign", "Return Gust"], []], field=[["Gravelhound"], ["Tuskaroo"]]
    )
    play(s, "play freeze-ray foe:tuskaroo", "play venom-sign foe:tuskaroo", "play return-gust foe:tuskaroo")
    assert s.view(0)["players"][1]["hand_known"] == ["tuskaroo+frozen+poison300"]
    play(s, "battle", "attack gravelhound direct")
    # seat 1's turn: summon it back, still frozen and poisoned
    play(s, "draw squad", "no extra", "summon tuskaroo+frozen+poison300")
    u = s.view(1)["players"][1]["battle"][0]
    assert u["frozen"] and u["poison"] == 300
    play(s, "battle")
    sp = s.sp[1]
    play(s, "end") if "end" in legal(s) else None
    assert s.sp[1] == sp - 300  # DS-R2: poison at its controller's end step
    assert last_event(s, "thaw")["card"] == "Tuskaroo"


def test_ds_r2_poison_each_turn_until_cured_illguana_toxic_bite():
    """Illguana: when summoned, poison an opposing D-Spirit (200 SP each of its controller's end steps)."""
    s = effects(hands=[["Illguana"], ["Thaw Sign"]], field=[[], ["Tuskaroo"]])
    play(s, "summon illguana")  # one candidate: chosen without asking
    assert legal(s) == ["respond thaw-sign own:tuskaroo", "pass"]  # seat 1 may answer Toxic Bite
    play(s, "pass")
    assert last_event(s, "status") == {
        "type": "status",
        "seat": 1,
        "card": "Tuskaroo",
        "status": "poisoned",
        "amount": 200,
        "why": "y_named",  # the reason's sentence in lang.py: the name of what did it
        "by": "Toxic Bite",
    }
    play(s, "battle", "end")
    play(s, "draw squad", "no extra", "battle", "end")
    assert [e["delta"] for e in find_events(s, "sp") if e["seat"] == 1] == [-200]
    play(s, "draw squad", "no extra", "battle", "end")  # seat 0's turn: no poison for seat 1
    play(s, "draw squad", "no extra", "play thaw-sign own:tuskaroo", "battle", "end")
    assert [e["delta"] for e in find_events(s, "sp") if e["seat"] == 1] == [-200]


def test_triggered_target_choice_and_command_ability_with_cost():
    """A 'when summoned' ability with several targets asks its owner; Venom Spit pays 300 SP."""
    s = effects(hands=[["Illguana"], []], field=[[], ["Tuskaroo", "Gravelhound"]])
    play(s, "summon illguana")
    assert s.to_move == 0 and legal(s) == ["target foe:tuskaroo", "target foe:gravelhound"]
    play(s, "target foe:gravelhound")
    assert s.view(0)["players"][1]["battle"][1]["poison"] == 200
    play(s, "battle", "end", "draw squad", "no extra", "battle", "end", "draw squad", "no extra")
    assert "ability illguana venom-spit foe:tuskaroo" in legal(s)
    play(s, "ability illguana venom-spit foe:tuskaroo")
    assert s.sp[0] == 4700 and s.view(0)["players"][1]["battle"][0]["poison"] == 200
    assert not any(a.startswith("ability illguana") for a in legal(s))  # once per turn


# ------------------------------------------------------------------------------------------ launch
def test_ds_r3_rockwraggle_launches_a_dspirit_at_sp():
    """Boulder Barrage (400 SP): launch another of your D-Spirits at the opponent's SP with its Attack."""
    s = effects(field=[["Rockwraggle", "Gravelhound"], ["Tuskaroo"]])
    assert "move rockwraggle own:gravelhound" in legal(s)
    play(s, "move rockwraggle own:gravelhound")
    assert s.sp == [4600, 3800]  # 400 paid; 1200 launched; no SP lost for the launched card
    assert names(s, 0) == ["Rockwraggle"] and cid("Gravelhound") in s.dworld[0]
    assert last_event(s, "launch")["value"] == 1200
    assert not any(a.startswith("move rockwraggle") for a in legal(s))  # once per turn


def test_ds_r3_a_negated_launch_still_sends_the_card_to_the_dworld():
    s = effects(hands=[[], ["Counter Sign"]], field=[["Rockwraggle", "Gravelhound"], ["Tuskaroo"]])
    play(s, "move rockwraggle own:gravelhound", "respond counter-sign")
    assert s.sp == [4600, 5000]
    assert names(s, 0) == ["Rockwraggle"] and cid("Gravelhound") in s.dworld[0]


# ------------------------------------------------------------------------------------------ realms
def test_ds_r1_realm_bidding_won_by_its_player():
    s = effects(hands=[["Stone Sanctum"], []], field=[["Rockwraggle"], []])
    play(s, "play stone-sanctum")
    assert s.to_move == 1 and legal(s) == ["bid 600", "bid 800", "bid 1000", "pass"]
    play(s, "pass")
    assert s.sp == [4500, 5000] and s.view(0)["realm"]["card"] == "Stone Sanctum"
    assert s.view(0)["players"][0]["battle"][0]["attack"] == 2000  # Rock +300


def test_ds_r1_outbid_negates_the_realm_and_a_new_realm_destroys_the_old():
    s = effects(hands=[["Stone Sanctum", "Haunted Hollow"], []], realm={"name": "Verdant Grove", "owner": 1})
    play(s, "play stone-sanctum", "bid 600", "bid 900", "pass")  # seat 0 outbid back at 900, seat 1 passes
    assert s.sp == [4100, 5000] and s.view(0)["realm"]["card"] == "Stone Sanctum"
    assert cid("Verdant Grove") in s.dworld[1]  # the old realm is destroyed
    play(s, "play haunted-hollow", "bid 600", "pass")  # seat 1 outbids, seat 0 lets it stand
    assert s.sp == [4100, 4400] and s.view(0)["realm"]["card"] == "Stone Sanctum"
    assert cid("Haunted Hollow") in s.dworld[0]


def test_ds_r1_a_bid_lower_than_allowed_is_refused_and_nothing_changes():
    s = effects(hands=[["Stone Sanctum"], []])
    play(s, "play stone-sanctum")
    assert "lower than allowed: the bid stands at 500 SP" in refused(s, Action("bid 400"), seat=1)
    assert "fixed steps: 600, 800, 1000" in refused(s, Action("bid 550"), seat=1)
    assert "cannot afford 100000 SP" in refused(s, Action("bid 100000"), seat=1)


def test_ds_r1_opening_bid_must_be_affordable():
    s = effects(hands=[["Stone Sanctum"], []], sp=[500, 5000])
    assert "play stone-sanctum" not in legal(s)
    msg = refused(s, Action("play stone-sanctum"), seat=0)
    assert "opening bid for Stone Sanctum is 500 SP and you have 500" in msg


# ------------------------------------------------------------------------------------------ evolutions
def test_ds_c3_evolution_stacked_on_its_base_then_destroyed_as_a_whole():
    """Infernohound (SP 3000 or less) on Emberpup: destroyed, both go to the D-World; only its 600 SP is lost;
    with the condition met again it comes back from the D-World onto another Emberpup."""
    s = effects(hands=[["Emberpup"], []], field=[["Emberpup"], ["Maulbear"]], sp=[3000, 5000])
    assert "evolve infernohound emberpup" in legal(s)
    play(s, "evolve infernohound emberpup")
    u = s.scene[0][0]
    assert names(s, 0) == ["Infernohound"] and u.under == (cid("Emberpup"),)
    u = s.view(1)["players"][0]["battle"][0]
    assert (u["card"], u["stack"], u["attack"]) == ("Infernohound", ["Emberpup"], 1900)
    assert "Infernohound" not in s.view(0)["players"][0]["side"]
    play(s, "battle", "end", "draw squad", "no extra", "battle", "attack maulbear infernohound")
    d = last_event(s, "destroy")
    assert (d["card"], d["stack"]) == ("Infernohound", ["Emberpup"])
    assert s.sp == [2400, 5000]  # top card only (DS-C3)
    assert cid("Infernohound") in s.dworld[0] and cid("Emberpup") in s.dworld[0]
    play(s, "draw support", "no extra", "summon emberpup")
    assert "evolve infernohound emberpup" in legal(s)
    play(s, "evolve infernohound emberpup")
    assert last_event(s, "evolve")["source"] == "dworld"


def test_ds_c3_evolution_conditions():
    s = effects(field=[["Rockwraggle"], ["Gravelhound"]])
    assert not any(a.startswith("evolve") for a in legal(s))
    s = effects(field=[["Rockwraggle"], ["Gravelhound"]], step="battle")
    play(s, "attack rockwraggle gravelhound")  # the only attacker: the turn ends
    play(s, "draw squad", "no extra", "battle")  # seat 1 has nothing to attack with
    play(s, "draw squad", "no extra")
    assert "evolve rockwraggle-titan rockwraggle" in legal(s)  # it won a battle
    # Lamplord Vampyre: Lampire on the field for two of your turns
    s = effects(field=[["Lampire"], []], veteran=False)
    assert not any(a.startswith("evolve") for a in legal(s))
    s = effects(field=[["Lampire"], []])
    assert "evolve lamplord-vampyre lampire" in legal(s)


# ------------------------------------------------------------------------------------------ named D-Spirits
def test_lampire_moves_between_support_zone_and_battle_scene():
    s = effects(field=[["Lampire"], ["Tuskaroo"]])
    play(s, "ability lampire flicker")
    assert names(s, 0, "parked") == ["Lampire"] and names(s, 0) == []
    assert last_event(s, "zone")["dest"] == "support"
    play(s, "battle", "end", "draw squad", "no extra", "battle")
    assert "attack tuskaroo direct" in legal(s)  # DS-B4/DS-B6: nothing on seat 0's Battle Scene
    play(s, "end", "draw squad", "no extra", "ability lampire flicker")
    assert names(s, 0) == ["Lampire"]


def test_abilities_destroyed_attack_end_and_summoned_super_summon():
    # when destroyed: Cindersnake costs the opponent 300
    s = effects(field=[["Cindersnake"], ["Maulbear"]], step="battle")
    play(s, "attack cindersnake maulbear")
    assert s.sp == [4600, 4700]
    # when it attacks: Thunderhorn +300 this turn
    s = effects(field=[["Thunderhorn"], ["Tuskaroo"]], step="battle")
    play(s, "attack thunderhorn tuskaroo")
    assert last_event(s, "battle")["power"] == 2000
    # at your end step: Glimmerfae +100
    s = effects(field=[["Glimmerfae"], []], step="battle")
    play(s, "end")
    assert s.sp[0] == 5100
    # when summoned: Howlpack Super D-Summons a 1000-or-less D-Spirit from hand
    s = effects(hands=[["Howlpack", "Howlpack"], []])
    play(s, "summon howlpack")
    assert legal(s) == ["target hand:howlpack"]  # a target in hand is always chosen by its owner
    play(s, "target hand:howlpack")
    assert names(s, 0) == ["Howlpack", "Howlpack"]
    assert last_event(s, "summon")["kind"] == "super"


def test_ds_c2_special_move_card_needs_its_dspirit():
    s = effects(hands=[["Boulder Crash"], []], field=[["Gravelhound"], ["Tuskaroo"]])
    assert not any(a.startswith("play boulder-crash") for a in legal(s))
    s = effects(hands=[["Boulder Crash"], []], field=[["Rockwraggle"], ["Tuskaroo"]])
    play(s, "play boulder-crash foe:tuskaroo")
    assert s.sp == [4600, 4500] and names(s, 1) == []


def test_lasting_signal_stays_in_the_support_zone():
    s = effects(hands=[["Iron Banner"], []], field=[["Gravelhound"], []])
    play(s, "play iron-banner")
    assert s.view(1)["players"][0]["support_cards"] == ["Iron Banner"]
    assert s.view(1)["players"][0]["battle"][0]["endurance"] == 1100
