"""RULES.md's edge cases and the Standard rules, each scripted by card names."""

from __future__ import annotations

import pytest

from hearts_desktop.engine import (
    CARDS,
    PRESETS,
    Game,
    HandState,
    IllegalMove,
    Phase,
    PlayAction,
    Preset,
    Ruleset,
    card,
)
from hearts_desktop.engine.cards import HEARTS_MASK, mask_of
from hearts_desktop.engine.game import decide_end, single_leader

from .helpers import deal_with, legal, play

STANDARD = Ruleset()


def test_two_of_clubs_must_open() -> None:
    state = deal_with(STANDARD, {2: "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"})
    assert state.turn == 2
    assert legal(state) == {"2C"}
    with pytest.raises(IllegalMove, match="The first trick must be led with the two of clubs."):
        state.apply(PlayAction(2, CARDS[state.hands[2].bit_length() - 1]))


def test_void_in_clubs_on_first_trick_with_only_hearts_and_queen_may_play_any() -> None:
    only_points = "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    state = deal_with(STANDARD, {1: only_points})
    play(state, "2C")
    assert state.turn == 1
    assert legal(state) == set(only_points.split())


def test_void_in_clubs_on_first_trick_must_discard_a_card_without_points() -> None:
    state = deal_with(STANDARD, {1: "QS 2D 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    play(state, "2C")
    assert legal(state) == {"2D"}
    with pytest.raises(IllegalMove, match="No points on the first trick"):
        play(state, "QS")


def test_must_follow_suit_with_reason() -> None:
    state = deal_with(STANDARD, {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"})
    state2 = deal_with(STANDARD, {1: "3C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"})
    play(state2, "2C")
    assert legal(state2) == {"3C"}
    with pytest.raises(IllegalMove, match="You must follow clubs"):
        play(state2, "2D")
    assert legal(state) == {"2C"}


def test_leader_holding_only_hearts_may_lead_one_before_hearts_are_broken() -> None:
    state = deal_with(STANDARD, {0: "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    # Seat 1 holds 2C..KC and 2D; seats 2 and 3 are void in clubs and discard safely.
    assert state.turn == 1
    play(state, "2C 3D 3S AC")
    assert state.turn == 0 and not state.hearts_broken
    assert legal(state) == {f"{r}H" for r in "23456789TJQK"}


def test_hearts_cannot_be_led_before_broken_when_holding_something_else() -> None:
    state = deal_with(STANDARD, {0: "AC 2D 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    play(state, "2C 4D 4S AC")
    assert legal(state) == {"2D"}
    with pytest.raises(IllegalMove, match="Hearts have not been broken"):
        play(state, "3H")


QUEEN_DISCARD_DEAL = {
    0: "AC 2D 3D 4D 5D 6D 7D 8D 9D TD 2H 3H 4H",
    1: "2C QS 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS",
    2: "3C 4C 5C 6C 7C 8C JD QD KD AD AS 5H 6H",
    3: "9C TC JC QC KC 7H 8H 9H TH JH QH KH AH",
}


def _queen_discard_position(rules: Ruleset) -> HandState:
    """Seat 0 wins the first trick, leads a diamond, and seat 1 (void) discards the queen."""
    state = deal_with(rules, QUEEN_DISCARD_DEAL)
    play(state, "2C 3C 9C AC")
    play(state, "2D QS")
    return state


def test_queen_discarded_on_a_non_spade_lead_breaks_hearts_in_standard() -> None:
    state = _queen_discard_position(STANDARD)
    assert state.hearts_broken
    play(state, "JD TC")
    assert state.tricks[-1].winner == 2


def test_queen_discarded_does_not_break_hearts_when_the_option_says_no() -> None:
    state = _queen_discard_position(Ruleset(queen_breaks_hearts=False))
    assert not state.hearts_broken


@pytest.mark.parametrize("queen_breaks", [True, False])
def test_heart_lead_after_a_queen_discard_depends_on_the_option(queen_breaks: bool) -> None:
    state = _queen_discard_position(Ruleset(queen_breaks_hearts=queen_breaks))
    play(state, "JD TC")
    assert state.turn == 2
    assert ("5H" in legal(state)) is queen_breaks


def test_trick_goes_to_the_highest_card_of_the_led_suit_not_the_highest_card() -> None:
    state = deal_with(
        STANDARD,
        {
            0: "2C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
            1: "3C KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
            2: "4C QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH",
            3: "6C 7C 8C 9C TC JC QC KC AC JH QH KH AH",
        },
    )
    play(state, "2C 3C 4C 6C")
    play(state, "7C 5C AD AS")  # two aces discarded on a club lead win nothing
    assert [t.winner for t in state.tricks] == [3, 3]


def test_all_thirteen_tricks_score_a_sweep_not_a_moon() -> None:
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    state = deal_with(STANDARD, {0: clubs})
    for c in clubs.split():
        play(state, c)
        while state.turn != 0 and state.phase is Phase.PLAYING:
            state.play(state.legal_mask().bit_length() - 1)
    assert state.phase is Phase.SCORED and state.result is not None
    assert state.result.sweeper == 0
    assert state.result.moon_shooter is None
    assert state.result.points == (0, 39, 39, 39)


def test_sweep_without_the_bonus_scores_as_a_moon() -> None:
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    state = deal_with(Ruleset(sweep_bonus=False), {0: clubs})
    for c in clubs.split():
        play(state, c)
        while state.turn != 0 and state.phase is Phase.PLAYING:
            state.play(state.legal_mask().bit_length() - 1)
    assert state.result is not None
    assert state.result.sweeper is None and state.result.moon_shooter == 0
    assert state.result.points == (0, 26, 26, 26)


def test_three_player_short_deck_three_of_clubs_leads() -> None:
    rules = Ruleset.for_players(3)
    assert rules.tables.hand_size == 17 and rules.tables.kitty_size == 0
    state = deal_with(rules, {1: "3C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S"})
    assert state.turn == 1
    assert legal(state) == {"3C"}
    with pytest.raises(IllegalMove, match="must be led with the three of clubs"):
        play(state, "2D")


def test_three_player_kitty_goes_to_first_trick_winner_and_counts_toward_a_moon() -> None:
    rules = Ruleset.for_players(3, kitty=True, sweep_bonus=False)
    seat0 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AS KS QS AD"
    state = deal_with(rules, {0: seat0}, kitty="AH")
    assert state.t.kitty_size == 1
    for c in seat0.split():
        if state.phase is not Phase.PLAYING:
            break
        play(state, c)
        while state.turn != 0 and state.phase is Phase.PLAYING:
            state.play(state.legal_mask().bit_length() - 1)
    assert state.kitty_taker == 0
    assert state.result is not None
    assert state.result.moon_shooter == 0
    assert state.result.points == (0, 26, 26)
    assert state.result.card_points[0] == 26


def test_kitty_points_go_to_the_first_trick_winner() -> None:
    rules = Ruleset.for_players(3, kitty=True)
    deal = {
        0: "2C 3C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S",
        1: "AC 4S 5S 6S 7S 8S 9S TS JS KS AS 2H 3H 4H 5H 6H 7H",
        2: "4C 5C 6C 7C 8C 9C TC JC QC KC 8H 9H TH JH QH KH AH",
    }
    state = deal_with(rules, deal, kitty="QS")
    play(state, "2C AC 4C")
    assert state.kitty_taker == 1
    assert state.taken[1] >> card("QS") & 1
    assert state.points_taken_in_tricks() == [0, 0, 0]  # the kitty stays face down


def test_game_end_rule_function_cases() -> None:
    assert decide_end([99, 50, 60, 70], 100) == (None, ())
    assert decide_end([100, 50, 60, 70], 100) == (1, ())
    assert decide_end([100, 50, 50, 70], 100) == (None, (1, 2))
    # Two players tied above the target while a third is lowest alone: the game ends.
    assert decide_end([110, 110, 40, 90], 100) == (2, ())
    assert decide_end([26, 26, 0, 0], 25) == (None, (2, 3))
    assert single_leader([0, 0, 0, 0]) is None and single_leader([30, 12, 40, 13]) == 1


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.key)
def test_the_points_in_a_set_of_cards_are_the_scoring_cards_values(preset: Preset) -> None:
    t = preset.rules.tables
    assert t.points_in(t.deck) == t.penalty_total + t.jack_bonus
    assert t.points_in(t.deck & ~t.scoring_mask) == 0
    assert t.scoring_mask == mask_of(c for c in range(52) if t.points[c])
    queen = mask_of([card("QS")])
    assert t.points_in(queen | HEARTS_MASK & ~t.scoring_mask) == t.points[card("QS")]


def _sweep_by_seat_zero(totals: list[int]) -> tuple[Game, list[str]]:
    """A game whose current hand seat 0 sweeps (it holds every club), from ``totals``."""
    game = Game(STANDARD, seed=1)
    game.hand = deal_with(STANDARD, {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"})
    game.totals = totals
    names: list[str] = []
    while game.hand_index == 0 and not game.over:
        seat = game.to_act()[0]
        names += [type(e).__name__ for e in game.apply(PlayAction(seat, game.view(seat).legal_cards()[-1]))]
    return game, names


def test_tie_for_lowest_at_the_target_plays_another_hand() -> None:
    game, events = _sweep_by_seat_zero([100, 61, 70, 80])
    assert game.totals == [100, 100, 109, 119]
    assert not game.over and game.hand_index == 1
    assert events[-3:] == ["HandScored", "TieForLowest", "HandDealt"]


def test_two_tied_above_target_with_a_third_lowest_alone_ends_the_game() -> None:
    game, events = _sweep_by_seat_zero([90, 70, 70, 95])
    assert game.totals == [90, 109, 109, 134]
    assert game.over and game.winner == 0
    assert events[-2:] == ["HandScored", "GameOver"]
