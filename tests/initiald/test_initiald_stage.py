"""A stage: ID-P1 draws, ID-P2 alternate play and passing, ID-P5 cards in play, ID-P6 keep or discard."""

from __future__ import annotations

from kansei.builtin.initiald.table import KEEP, PLAY, STYLE, TRACTION
from kansei.testing import find_events


def names(s, cards):
    return [s.game.table.cards[c].name for c in cards]


def draws(s, seat):
    return [e["count"] for e in find_events(s, "draw") if e["seat"] == seat]


# -------------------------------------------------------------------------------------------- ID-P1
def test_id_p1_lead_and_style_draw_one_more(idh):
    """ID-P1: 7 cards; the lead car one more; the higher Style one more (none on a tie)."""
    s = idh.start([idh.AKINA, idh.RED_SUNS])  # Akina leads (Style 2), the FD has Style 3
    assert (s.race.stat(0, STYLE), s.race.stat(1, STYLE)) == (2, 3)
    assert (len(s.race.hands[0]), len(s.race.hands[1])) == (8, 8)
    s = idh.start([idh.AKINA, idh.AKINA], challenger=1)  # equal Style: only the lead's extra card
    assert (len(s.race.hands[0]), len(s.race.hands[1])) == (8, 7)


def test_id_p1_style_points_from_maneuvers_and_kept_cards(idh):
    """ID-P1: Style points of maneuvers played count for the next draw; kept cards reduce the draw
    (ID-P6); an empty deck is refilled by shuffling the discard pile (ruling)."""
    s = idh.start(
        [idh.AKINA, idh.AKINA],
        challenger=1,
        track="Akina Downhill",
        hands=[["Crowd Pleaser", "Heel-and-Toe"], ["Apex Kiss"]],
    )
    s.apply("play crowd-pleaser")  # +2 Style
    assert s.race.stat(0, STYLE) == 4 and s.race.stat(1, STYLE) == 2
    s.apply("pass")
    assert s.race.phase == KEEP and s.to_move == 0
    # empty seat 0's deck into its discard pile: the next draw must reshuffle it
    census = s.census()
    s.race.discards[0].extend(s.race.decks[0])
    s.race.decks[0].clear()
    s.apply("keep")
    assert len(s.race.hands[0]) == 7 + 1 + 1  # lead and higher Style
    assert draws(s, 0)[-1] == 9 - 1  # one card was kept
    assert [e["seat"] for e in find_events(s, "reshuffle")] == [0]
    assert len(s.race.hands[1]) == 7
    assert s.census() == census


def test_id_p1_nothing_to_draw_when_deck_and_discard_pile_are_empty(idh):
    """ID-P1 ruling: with an empty deck and an empty discard pile, nothing is drawn (and play goes on)."""
    s = idh.start(
        [idh.AKINA, idh.AKINA],
        challenger=1,
        track="Akina Downhill",
        hands=[["Heel-and-Toe", "Apex Kiss"], ["Apex Kiss"]],
    )
    s.apply("play heel-and-toe")
    s.apply("pass")  # seat 1 loses and discards its hand
    census = s.census()
    moved = s.race.decks[0] + s.race.discards[0]
    s.race.decks[0], s.race.discards[0] = (
        [],
        [],
    )  # seat 0 keeps only Apex Kiss; its deck and discard pile are gone
    census[0].subtract(moved)
    s.apply("keep")
    assert [s.game.table.cards[c].name for c in s.race.hands[0]] == ["Apex Kiss"]
    assert find_events(s, "reshuffle") == []
    assert len(s.race.hands[1]) == 7 and s.to_move == 0
    assert s.census()[0] == +census[0]


# -------------------------------------------------------------------------------------------- ID-P2
def test_id_p2_alternate_until_a_pass_and_the_last_to_play_wins(idh):
    """ID-P2: the lead plays first, then the players alternate; a pass ends the stage and whoever played
    the last maneuver wins it (and leads the next stage, ID-P6)."""
    s = idh.start(
        [idh.AKINA, idh.AKINA],
        challenger=1,
        track="Akina Downhill",
        hands=[["Heel-and-Toe", "Counter-Steer"], ["Apex Kiss", "Grip Line"]],
    )
    assert s.to_move == 0 and s.race.phase == PLAY
    idh.play(s, "Heel-and-Toe")
    assert s.to_move == 1
    idh.play(s, "Apex Kiss")
    assert s.to_move == 0
    assert "pass" in idh.notations(s)
    s.apply("pass")
    won = find_events(s, "stage_won")
    assert won == [
        {"type": "stage_won", "stage": 1, "winner": 1, "lead": 0, "how": "last maneuver", "streak": 0}
    ]
    assert s.race.lead == 1 and s.race.results == [1]


def test_id_p2_lead_passes_first_and_the_trailing_car_plays_one_to_win(idh):
    """ID-P2 ruling: the lead passes before any maneuver; one maneuver by the trailing car wins at once."""
    s = idh.start(
        [idh.AKINA, idh.AKINA],
        challenger=1,
        track="Akina Downhill",
        hands=[["Heel-and-Toe"], ["Apex Kiss", "Grip Line"]],
    )
    s.apply("pass")
    assert s.to_move == 1 and s.view(None)["lead_passed"] is True
    idh.play(s, "Grip Line")
    assert s.race.results == [1]
    assert [e["how"] for e in find_events(s, "stage_won")] == ["answered the lead car's pass"]


def test_id_p2_no_maneuver_at_all_the_lead_wins(idh):
    """ID-P2 ruling: if no maneuver is played at all, the lead car wins the stage."""
    s = idh.start(
        [idh.AKINA, idh.AKINA], challenger=1, track="Akina Downhill", hands=[["Heel-and-Toe"], ["Apex Kiss"]]
    )
    s.apply("pass")
    s.apply("pass")
    assert s.race.results == [0]
    assert [e["how"] for e in find_events(s, "stage_won")] == ["no maneuver played"]


def test_id_p2_a_player_who_cannot_play_is_asked_and_passes(idh):
    """ID-P2: the first player unable to play ends the stage (Block the Line is lead car only). That seat
    is asked all the same, with ``pass`` its only choice: whether it can play depends on its hidden hand,
    so skipping it would tell the opponent (docs/rulings.md). The pass event carries nothing more."""
    s = idh.start(
        [idh.AKINA, idh.AKINA],
        challenger=1,
        track="Akina Downhill",
        hands=[["Heel-and-Toe", "Apex Kiss"], ["Block the Line"]],
    )
    idh.play(s, "Heel-and-Toe")
    assert s.to_move == 1 and idh.notations(s) == ["pass"] and s.race.results == []
    s.apply("pass")
    assert find_events(s, "pass") == [{"type": "pass", "seat": 1}]
    assert s.race.results == [0] and s.race.phase == KEEP


# -------------------------------------------------------------------------------------------- ID-P5
def test_id_p5_bonuses_and_penalties_stay_until_an_effect_discards_them(idh):
    """ID-P5: Smooth Line (+1 Traction) stays in play across stages; Psych Out (-1 Traction to the
    opponent) too; Read the Road discards the opponent's maneuvers in play. Other maneuvers go to their
    owner's discard pile when the stage ends (ruling)."""
    s = idh.start(
        [idh.AKINA, idh.AKINA],
        challenger=1,
        track="Akina Downhill",
        hands=[["Smooth Line", "Psych Out", "Heel-and-Toe"], ["Apex Kiss"]],
        order=[[], ["Read the Road"]],
    )
    assert s.race.stat(0, TRACTION) == 8
    s.apply("play smooth-line")
    assert s.race.stat(0, TRACTION) == 9 and names(s, [c for _, c in s.race.inplay]) == ["Smooth Line"]
    s.apply("pass")  # seat 0 wins stage 1
    s.apply("keep")
    assert s.race.stage_no == 1 and names(s, [c for _, c in s.race.inplay]) == ["Smooth Line"]
    assert s.race.stat(0, TRACTION) == 8 + 1 + 1  # curve stage (+1, the AE86) and Smooth Line (+1)
    s.apply("play psych-out")
    assert s.race.stat(1, TRACTION) == 9 - 1
    assert "play read-the-road" in idh.notations(s)
    s.apply("play read-the-road")
    assert s.race.inplay == []
    assert (s.race.stat(0, TRACTION), s.race.stat(1, TRACTION)) == (9, 9)
    assert names(s, s.race.discards[0])[-2:] == ["Psych Out", "Smooth Line"]
    s.apply("pass")  # seat 1 wins stage 2; Read the Road was not in play: to seat 1's discard pile
    assert names(s, s.race.discards[1])[-1] == "Read the Road" and s.race.pile == []


def test_id_p5_played_maneuvers_go_to_their_owners_discard_pile(idh):
    """ID-P5 ruling: maneuvers not in play are discarded by their owner at the end of the stage."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        challenger=0,
        track="Happogahara Run",
        hands=[["Tight Twin Drift", "Heel-and-Toe"], ["Pure Power", "Full Throttle"]],
    )
    s.apply("play pure-power")
    s.apply("play tight-twin-drift discard 1")
    assert names(s, [c for _, c in s.race.pile]) == ["Pure Power", "Tight Twin Drift"]
    s.apply("pass")
    assert s.race.pile == []
    assert "Pure Power" in names(s, s.race.discards[1]) and "Tight Twin Drift" in names(s, s.race.discards[0])


# -------------------------------------------------------------------------------------------- ID-P6
def test_id_p6_winner_keeps_or_discards_each_card_loser_discards_the_hand(idh):
    """ID-P6: the loser's hand is discarded; the winner chooses card by card, then keeps the rest, and
    leads the next stage."""
    s = idh.start(
        [idh.AKINA, idh.AKINA],
        challenger=1,
        track="Akina Downhill",
        hands=[["Heel-and-Toe", "Counter-Steer", "Grip Line", "Apex Kiss"], ["Apex Kiss", "Feint Drift"]],
    )
    idh.play(s, "Heel-and-Toe")
    s.apply("pass")
    assert s.race.hands[1] == [] and names(s, s.race.discards[1]) == ["Feint Drift", "Apex Kiss"]
    assert [(e["seat"], e["count"]) for e in find_events(s, "discard_hand")] == [(1, 2)]
    assert s.race.phase == KEEP and s.to_move == 0
    assert idh.notations(s) == ["discard counter-steer", "discard grip-line", "discard apex-kiss", "keep"]
    s.apply("discard grip-line")
    # discards go left to right: Counter-Steer (before Grip Line in the hand) is kept
    assert idh.notations(s) == ["discard apex-kiss", "keep"]
    s.apply("keep")
    assert s.race.stage_no == 1 and s.race.lead == 0 and s.to_move == 0
    assert "Counter-Steer" in names(s, s.race.hands[0]) and "Apex Kiss" in names(s, s.race.hands[0])
    assert draws(s, 0)[-1] == 8 - 2
