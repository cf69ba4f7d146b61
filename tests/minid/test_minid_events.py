"""Events (MD-E1): Event cases, drawing or not, ⚡ cards played at once (and those that wait), kept cards at
their moment, the hand limit of 3, and hidden hands. Akina's Event cases: 5 15 23 30 35 42 45 52 58."""

from __future__ import annotations

from minid_helpers import CARDS, DECK, STOP, act, corner, decision, find_card, names, notations, race, stops

from kansei.core.names import Names
from kansei.testing import find_events, last_event


def test_md_e1_stopping_on_an_event_case_offers_a_draw_kept_cards_are_hidden():
    """MD-E1: stop on 5: draw or pass. A kept card goes to the hand, seen by its owner only: the others are
    told "a card" (public ``drew``), the drawer which one (private ``drew_card``), and narration follows."""
    s = race(positions=[2, 0], dice=[3], deck=["Contre-braquage"], hands=[[], STOP])
    assert decision(s) == ("draw", 0) and notations(s) == ["draw", "pass"]
    act(s, "draw")
    assert names(s.race.hands[0]) == ["Contre-braquage"]
    assert s.view(0)["racers"][0]["hand"] == [{"ref": "hand:0", "card": "contre-braquage"}]
    v1 = s.view(1)
    assert "hand" not in v1["racers"][0] and v1["racers"][0]["hand_count"] == 1
    assert "contre-braquage" not in str(v1) and "contre-braquage" not in str(s.events_for(1))
    assert last_event(s, "drew", seat=1) == {"type": "drew", "seat": 0}
    assert last_event(s, "drew_card", seat=0) == {"type": "drew_card", "seat": 0, "card": "contre-braquage"}
    assert find_events(s, "drew_card", seat=1) == [] and find_events(s, "drew_card", seat=None) == []
    card = last_event(s, "drew_card")
    g = s.game
    assert g.narrate(card, 0, names=Names(second_person=False)).startswith(
        "Player 1 draws Countersteer: "
    )  # a replay's third person: the line never reaches another seat (it is not in their events)
    assert (
        g.narrate(card, 0)
        == "You draw Countersteer: Play after your DRIFT roll: roll it again; the new roll stands."
    )
    assert g.narrate(card, 0, "fr").startswith("Vous tirez Contre-braquage : ")
    drew = last_event(s, "drew")
    assert g.narrate(drew, 1) == "Player 1 keeps an Event card"
    assert g.narrate(drew, 0) == "You keep it face down" and g.narrate(drew, 1, "fr", ["Émile"]) == (
        "Émile garde une carte Événement"
    )


def test_md_e1_drawing_is_optional():
    """MD-E1 'lets you draw': pass leaves the card on the deck."""
    s = race(positions=[2, 0], dice=[3], deck=["Nitro"], hands=[[], STOP])
    top = s.race.deck[-1]
    act(s, "pass")
    assert s.race.hands[0] == [] and s.race.deck[-1] == top and decision(s) == ("turn", 1)


def test_md_e1_only_stopping_counts_not_passing_over():
    """MD-E1: driving over case 5 to 6 gives no draw."""
    s = race(positions=[2, 0], dice=[4], hands=[[], STOP])
    assert s.race.positions[0] == 6 and decision(s) == ("turn", 1)


def test_md_e1_bolt_card_is_played_at_once():
    """MD-E1 ⚡: Coup de turbo moves 3 now (42 -> 45), to the discard pile; a second Event case reached
    this way gives no draw (ruling)."""
    s = race(positions=[40, 0], dice=[2], deck=["Coup de turbo"], hands=[[], STOP])
    act(s, "draw")
    assert last_event(s, "bolt")["card"] == "coup-de-turbo"
    r = s.race
    assert r.positions[0] == 45 and r.hands[0] == [] and r.discard == [find_card("Coup de turbo")]
    assert decision(s) == ("turn", 1)


def test_md_e1_bolt_move_enters_corners_like_any_move():
    """⚡ Coup de turbo from 30: Épingle 4 starts on 31: the car stops there and rolls DRIFT (MD-C1)."""
    s = race(positions=[29, 0], dice=[1, 16], deck=["Coup de turbo"], hands=[[], STOP])
    act(s, "draw")
    assert s.race.positions[0] == 31 and last_event(s, "drift")["outcome"] == "mastered"


def test_md_e1_bolt_puncture_goes_back_and_defends_when_level():
    """⚡ Crevaison: 15 -> 12, where seat 1 stands: seat 1 attacks (MD-F3 ruling for cars put back)."""
    s = race(positions=[13, 12], dice=[2, 15, 5, 2], deck=["Crevaison"], hands=[[], STOP])
    act(s, "draw")
    assert [(b["attacker"], b["defender"], b["case"]) for b in find_events(s, "battle")] == [(1, 0, 12)]
    assert s.race.positions == [12, 13]


def test_md_e1_bolt_police_check_skips_the_next_turn():
    s = race(positions=[2, 0], dice=[3, 1], deck=["Contrôle de police"], hands=[[], STOP])
    act(s, "draw")
    assert s.race.skips[0] == 1
    act(s, "roll")
    assert [e["seat"] for e in find_events(s, "skip")] == [0]


def test_md_e1_bolt_second_wind_plays_again():
    s = race(positions=[2, 0], dice=[3, 1], deck=["Deuxième souffle"], hands=[[], STOP])
    act(s, "draw")
    assert [(e["seat"], e["src"], e["dst"]) for e in find_events(s, "move")] == [(0, 2, 5), (0, 5, 6)]
    assert decision(s) == ("turn", 1)


def test_md_e1_bolt_tofu_delivery_drives_bunta_who_crosses_racers():
    """⚡ Livraison de tofu: Bunta 19 -> 15 now, crossing seat 1 on 17 (MD-R1, MD-N1)."""
    s = race(
        bunta=20,
        positions=[2, 17],
        met=[False, False],
        dice=[1, 3, 12],
        deck=["Livraison de tofu"],
        hands=[[], STOP],
    )
    act(s, "draw")
    assert [(e["src"], e["dst"], e["card"]) for e in find_events(s, "bunta_move")] == [
        (20, 19, None),
        (19, 15, "livraison-de-tofu"),
    ]
    assert [(e["seat"], e["die"]) for e in find_events(s, "crossing")] == [(1, 12)]


def test_md_e1_waiting_bolt_cards_act_on_the_next_roll_and_skip_the_hand_limit():
    """⚡ Eurobeat à fond waits face up (not in the hand, not counted in the limit of 3), then +2."""
    s = race(
        positions=[2, 0],
        dice=[3, 1, 2],
        deck=["Eurobeat à fond"],
        hands=[["Frein à main", "Appel de phares", "Ange gardien"], STOP],
    )
    act(s, "draw")
    assert names(s.race.waiting[0]) == ["Eurobeat à fond"] and len(s.race.hands[0]) == 3
    assert s.view(1)["racers"][0]["waiting"] == ["eurobeat-a-fond"]
    assert decision(s) == ("turn", 1)  # no discard asked
    act(s, "roll")  # seat 1; then seat 0 rolls 2 + 2
    mv = [e for e in find_events(s, "move") if e["seat"] == 0][-1]
    assert (mv["die"], mv["steps"]) == (2, 4) and s.race.waiting[0] == []
    assert last_event(s, "trigger") == {
        "type": "trigger",
        "seat": 0,
        "cards": ["eurobeat-a-fond"],
        "amount": 2,
    }


def test_md_e1_waiting_move_card_waits_through_a_crawl():
    """⚡ next_move cards wait for a real move roll; crawling (MD-C3) has none."""
    s = race(positions=[10, 0], drift=["failed", None], waiting=[["Pluie battante"], []], hands=[[], STOP])
    waiting = s.race.waiting
    assert [e["dst"] for e in find_events(s, "move")] == [11] and names(waiting[0]) == ["Pluie battante"]


def test_md_e1_waiting_drift_card_acts_on_the_next_drift():
    """⚡ Flaque d'huile: the next DRIFT roll is -4 (10 - 4 = 6 < 8: failed)."""
    s = race(positions=[7, 0], waiting=[["Flaque d'huile"], []], dice=[2, 10], hands=[[], STOP])
    d = last_event(s, "drift")
    assert (d["die"], d["total"], d["outcome"]) == (10, 6, "failed") and s.race.waiting[0] == []


def test_md_e1_kept_move_cards_before_the_roll_several_in_one_window():
    """Nitro (+3) and Pied au plancher (+2) at the start of the turn: a 1 moves 6."""
    s = race(positions=[12, 0], dice=[1], hands=[["Nitro", "Pied au plancher"], STOP])
    assert decision(s) == ("turn", 0)
    assert notations(s) == ["play nitro", "play pied-au-plancher", "roll"]
    act(s, "play nitro")
    assert notations(s) == ["play pied-au-plancher", "roll"]
    act(s, "play pied-au-plancher")
    mv = last_event(s, "move")
    assert (mv["die"], mv["steps"], mv["dst"]) == (1, 6, 18)
    assert s.race.hands[0] == [] and sorted(names(s.race.discard)) == ["Nitro", "Pied au plancher"]


def test_md_e1_countersteer_rerolls_the_drift_and_the_new_roll_stands():
    """Contre-braquage after DRIFT 3 vs 8: reroll 15 masters; a reroll of 1 would spin."""
    s = race(positions=[7, 0], dice=[2, 3, 15], hands=[["Contre-braquage"], STOP])
    assert decision(s) == ("drift", 0) and notations(s) == ["play contre-braquage", "accept"]
    assert s.view(0)["decision"]["die"] == 3
    act(s, "play contre-braquage")
    assert last_event(s, "reroll")["new"] == 15 and last_event(s, "drift")["outcome"] == "mastered"
    s = race(positions=[7, 0], dice=[2, 12, 1], hands=[["Contre-braquage"], STOP])
    act(s, "play contre-braquage")
    assert last_event(s, "drift")["outcome"] == "spin"


def test_md_e1_handbrake_adds_4_but_a_natural_1_stays_a_spin():
    s = race(positions=[7, 0], dice=[2, 5], hands=[["Frein à main"], STOP])
    act(s, "play frein-a-main")
    d = last_event(s, "drift")
    assert (d["total"], d["outcome"]) == (9, "mastered")
    s = race(positions=[7, 0], dice=[2, 1], hands=[["Frein à main"], STOP])
    act(s, "play frein-a-main")
    assert last_event(s, "drift")["outcome"] == "spin"


def test_md_e1_gutter_run_masters_unless_natural_1():
    s = race(positions=[29, 0], dice=[2, 2], hands=[["Passage dans la rigole"], STOP])
    act(s, "play passage-dans-la-rigole")
    d = last_event(s, "drift")
    assert (corner(d), d["total"], d["difficulty"], d["outcome"]) == ("Épingle 4", 2, 16, "mastered")


def test_md_e1_accepting_the_drift_keeps_the_card():
    s = race(positions=[7, 0], dice=[2, 12], hands=[["Frein à main"], STOP])
    act(s, "accept")
    assert names(s.race.hands[0]) == ["Frein à main"] and last_event(s, "drift")["outcome"] == "mastered"


def test_md_e1_guardian_angel_rerolls_a_crossing_even_the_judgement():
    """Ange gardien after a natural 1 for Bunta (MD-N2): roll again, 15: clear."""
    s = race(bunta=30, positions=[27, 0], met=[False, True], dice=[5, 1, 15], hands=[["Ange gardien"], STOP])
    assert decision(s) == ("crossing", 0) and s.view(0)["decision"]["die"] == 1
    act(s, "play ange-gardien")
    assert [(e["die"], e["outcome"]) for e in find_events(s, "crossing")] == [(15, "clear")]
    assert s.race.status[0] == 0


def test_md_e1_delivery_reflexes_cancel_a_skip():
    """Réflexes de livreur: a turn to skip is played instead; passing skips it."""
    s = race(positions=[12, 0], skips=[1, 0], dice=[3], hands=[["Réflexes de livreur"], STOP])
    assert decision(s) == ("skip", 0) and notations(s) == ["play reflexes-de-livreur", "pass"]
    act(s, "play reflexes-de-livreur")
    assert s.race.skips[0] == 0 and last_event(s, "move")["dst"] == 15
    s = race(positions=[12, 0], skips=[1, 0], hands=[["Réflexes de livreur"], STOP])
    act(s, "pass")
    r = s.race
    assert r.skips[0] == 0 and find_events(s, "move") == [] and names(r.hands[0]) == ["Réflexes de livreur"]


def test_md_e1_hand_limit_discard_down_to_3_at_the_end_of_the_turn():
    """MD-E1: a fourth kept card at the end of the turn: discard one (any of the four)."""
    s = race(
        positions=[2, 0],
        dice=[3],
        deck=["Contre-braquage"],
        hands=[["Nitro", "Frein à main", "Appel de phares"], STOP],
    )
    act(s, "roll")
    act(s, "draw")
    assert decision(s) == ("discard", 0) and len(s.race.hands[0]) == 4
    assert sorted(notations(s)) == sorted(
        ["discard nitro", "discard frein-a-main", "discard appel-de-phares", "discard contre-braquage"]
    )
    act(s, "discard appel-de-phares")
    assert len(s.race.hands[0]) == 3 and decision(s) == ("turn", 1)
    assert last_event(s, "discard") == {"type": "discard", "seat": 0, "card": "appel-de-phares"}


def test_md_e1_empty_deck_reshuffles_the_discard_pile():
    """MD-E1 ruling: an empty deck takes the shuffled discard pile."""
    everything = [CARDS[c].name["fr"] for c in DECK]
    everything.remove("Nitro")  # the other Nitro is seat 1's
    s = race(positions=[2, 0], dice=[3], discard=everything, hands=[[], STOP])
    assert s.race.deck == [] and decision(s) == ("draw", 0)
    act(s, "draw")
    assert last_event(s, "reshuffle")["cards"] == len(DECK) - 1
    assert sum(s.census()[-1].values()) == len(DECK)


def test_md_e1_census_counts_every_event_card():
    """Cards are never created or lost: deck, hands, waiting ⚡ and discard pile hold all 33 copies."""
    s = race(positions=[2, 0], dice=[3], deck=["Eurobeat à fond"], hands=[["Nitro"], ["Frein à main"]])
    act(s, "roll")
    act(s, "draw")
    assert sum(s.census()[-1].values()) == len(DECK) == 33
    assert s.census()[-1][find_card("Eurobeat à fond")] == 2


def test_md_e1_the_shipped_deck_has_15_plus_house_cards_both_kinds():
    """MD-E1: at least 15 house Event cards, ⚡ and kept, French names with English text."""
    assert len(CARDS) >= 15
    assert {c.bolt for c in CARDS} == {True, False}
    assert all(c.rec.house and c.text for c in CARDS)
    assert sum(1 for c in CARDS if c.bolt) >= 5 and sum(1 for c in CARDS if not c.bolt) >= 5


def test_md_e1_no_window_without_a_card_for_that_moment():
    """MD-E1 ruling: a racer is asked only when holding a card playable then (here: a battle card at a
    drift is not offered)."""
    s = race(positions=[7, 0], dice=[2, 12], hands=[["Appel de phares"], STOP])
    assert decision(s) == ("turn", 1)
    assert stops(2) == [STOP, STOP]
