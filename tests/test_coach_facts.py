"""Issue 42: every fact the hint and the coach state is proved by the player's view.

Each test reproduces a false sentence the issue found, then pins the fact it rests on.
"""

from __future__ import annotations

from hearts_desktop.bots.facts import (
    could_hold,
    higher_out,
    highest_of_hand,
    queen_still_out,
    shown_void,
)
from hearts_desktop.bots.hint import pass_reason, play_reason
from hearts_desktop.bots.search import CandidateStats, SearchResult
from hearts_desktop.coach.reasons import all_cards_reason, reason
from hearts_desktop.coach.review import DEFAULT_BUDGET, Option, judge
from hearts_desktop.engine import Card, PassAction, PlayerView, Ruleset, cards_of, parse_cards, view_of
from hearts_desktop.engine.cards import Suit
from hearts_desktop.engine.rules import PassDirection

from .helpers import deal_with, hand_in_play

STANDARD = Ruleset()
FIRST = (0, "2C 3C 4C AC", 3)
DEALS = 10


def card(name: str) -> Card:
    return parse_cards(name)[0]


def queen_played() -> PlayerView:
    """The player on our left dropped the queen under the ace of spades in trick 2; now the
    player on our right leads a diamond and we are void in diamonds."""
    state = hand_in_play(STANDARD, {0: "KS 2S 8C 9C TC 2H 3H 4H 5H 6H 7H"},
                         [FIRST, (3, "AS 5S QS 6S", 3)], 3, "9D")
    return view_of(state, 0)


def right_out_of_spades() -> PlayerView:
    """The player on our right threw a diamond on our spade lead: out of spades, so he
    cannot hold the queen. We lead again."""
    state = hand_in_play(STANDARD, {0: "KS 8S 8C 9C TC 3D 4D 6D 7D 8D 9D"},
                         [FIRST, (0, "9S 3S 4S 5D", 0)], 0)
    return view_of(state, 0)


def left_out_of_diamonds() -> PlayerView:
    """The player on our left threw a club on a diamond: out of diamonds, and nothing he
    showed says he has no queen. We lead."""
    state = hand_in_play(STANDARD, {0: "2S 8S 8C 9C TC 3D 5D 6D 7D 8D 9D"},
                         [FIRST, (0, "TD 5C 4D 2D", 0)], 0)
    return view_of(state, 0)


def result(*cards_and_points: tuple[str, float]) -> SearchResult:
    """A search's statistics, best first: each card with the points it took on every deal."""
    return SearchResult([CandidateStats(card(name), values=[points] * DEALS, points=points * DEALS)
                         for name, points in cards_and_points], DEALS, 0.0)


def option(name: str, points: float, queen: int = 0) -> Option:
    return Option(tuple(parse_cards(name)), values=[points] * DEALS, own_points=round(points * DEALS),
                  queen_taken=queen)


# ----------------------------------------------------------------- the facts


def test_a_player_is_out_of_a_suit_only_when_he_failed_to_follow_it() -> None:
    view = right_out_of_spades()
    assert shown_void(view, 3, Suit.SPADES)
    assert not shown_void(view, 1, Suit.SPADES) and not shown_void(view, 3, Suit.DIAMONDS)
    assert not could_hold(view, 3, card("QS")) and could_hold(view, 1, card("QS"))


def test_the_queen_is_still_out_until_she_is_played() -> None:
    assert not queen_still_out(queen_played())
    assert queen_still_out(right_out_of_spades())


def test_the_highest_cards_of_a_hand_are_compared_by_rank_across_suits() -> None:
    hand = sum(1 << c for c in parse_cards("AH KH 7D 9C 6C 2C 3C 2D 3D 4D 2S 3S 4S"))
    assert not highest_of_hand(hand, tuple(parse_cards("7D 9C 6C")))
    assert highest_of_hand(hand, tuple(parse_cards("AH KH 9C")))


def test_higher_cards_out_counts_only_unseen_cards_above() -> None:
    view = queen_played()  # spades gone: A and Q played, K and 2 ours, 3 4 5 6 played
    assert higher_out(view, card("KS")) == 0
    assert higher_out(view, card("2S")) == 7  # the 3 4 7 8 9 T J of spades
    assert higher_out(view, card("8C")) == 3  # the 9 and ten are ours, the ace played


# ----------------------------------------------------------------- the sentences


def test_a_discarded_king_of_spades_never_waits_for_a_queen_already_played() -> None:
    text = play_reason(queen_played(), result(("KS", 0.0), ("7H", 1.0)))
    assert "queen is still out" not in text
    assert text.startswith("Shed the king of spades while you are void in diamonds")


def test_passed_cards_are_called_the_highest_only_when_they_are() -> None:
    state = deal_with(STANDARD, {0: "AH KH 7D 9C 6C 2C 3C 2D 3D 4D 2S 3S 4S"}, direction=PassDirection.LEFT)
    view = view_of(state, 0)
    assert "highest" not in pass_reason(view, tuple(parse_cards("7D 9C 6C")))
    state = deal_with(STANDARD, {0: "AC KC QD 9C 6C 2C 3C 2D 3D 4D 2S 3S 4S"}, direction=PassDirection.LEFT)
    assert "they are your highest cards" in pass_reason(view_of(state, 0), tuple(parse_cards("AC KC QD")))


def test_the_queen_sentence_never_names_a_player_who_cannot_hold_her() -> None:
    view = right_out_of_spades()
    chosen, best = option("KS", 5.0, queen=6), option("8C", 0.0)
    text = reason(view, judge(best, chosen, [chosen, best], DEALS, DEFAULT_BUDGET), passing=False)
    assert "you take the queen of spades" in text
    assert "out of spades" not in text


def test_the_queen_sentence_names_a_void_player_who_could_hold_her() -> None:
    view = left_out_of_diamonds()
    chosen, best = option("9D", 5.0, queen=6), option("8C", 0.0)
    text = reason(view, judge(best, chosen, [chosen, best], DEALS, DEFAULT_BUDGET), passing=False)
    assert "the player on your left is out of diamonds and could hold the queen" in text


def test_the_expected_points_note_names_the_card_played() -> None:
    view = right_out_of_spades()
    chosen, runner, best = option("KS", 3.0), option("3D", 1.0), option("8C", 0.0)
    text = reason(view, judge(best, chosen, [chosen, runner, best], DEALS, DEFAULT_BUDGET), passing=False)
    assert "the three of diamonds" not in text
    assert "with the king of spades" in text


def test_playout_results_are_said_as_what_the_playouts_found() -> None:
    view = right_out_of_spades()
    chosen, best = option("KS", 5.0, queen=6), option("8C", 0.0)
    judgement = judge(best, chosen, [chosen, best], DEALS, DEFAULT_BUDGET)
    assert "of the deals the coach tried" in reason(view, judgement, passing=False)
    plain = judge(best, option("KS", 5.0), [option("KS", 5.0), best], DEALS, DEFAULT_BUDGET)
    assert "over the deals the coach tried" in reason(view, plain, passing=False)
    exact = judge(best, chosen, [chosen, best], 1, DEFAULT_BUDGET, exact=True)
    shown = all_cards_reason(exact, passing=False)
    assert "when the coach plays the hand out from the true deal, you take the queen" in shown


def test_a_queen_we_passed_is_held_by_the_player_we_passed_her_to() -> None:
    state = deal_with(STANDARD, {0: "QS 2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H"}, direction=PassDirection.LEFT)
    state.apply(PassAction(0, tuple(parse_cards("QS 6C 5D"))))
    for seat in (1, 2, 3):
        state.apply(PassAction(seat, cards_of(state.hands[seat])[:3]))
    view = view_of(state, 0)
    assert could_hold(view, 1, card("QS"))
    assert not could_hold(view, 2, card("QS")) and not could_hold(view, 3, card("QS"))
