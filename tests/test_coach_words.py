"""Issue 42, part 5: words a player can use. A choice as good as the coach's says so first;
what expected points count is said once, with the marks; the sentences live in words.py."""

from __future__ import annotations

from hearts_desktop.coach.reasons import all_cards_reason, headline, reason
from hearts_desktop.coach.review import DEFAULT_BUDGET, Mark, judge, marks_sentence
from hearts_desktop.engine import view_of
from hearts_desktop.engine.rules import PassDirection
from hearts_desktop.words import CoachSentence

from .helpers import deal_with
from .test_coach_facts import STANDARD, option, right_out_of_spades


def test_a_pass_as_good_as_the_coachs_says_so_first() -> None:
    view = view_of(deal_with(STANDARD, {0: "QS AH KH 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D"}, direction=PassDirection.LEFT), 0)
    chosen, best = option("QS AH 6D", 0.1), option("QS AH KH", 0.0)
    judgement = judge(best, chosen, [chosen, best], 10, DEFAULT_BUDGET)
    assert judgement.mark is Mark.BEST
    assert reason(view, judgement, passing=True).startswith(
        "Your pass is as good as the coach's, the ace of hearts, the king of hearts and the queen of spades. Pass ")


def test_a_card_as_good_as_the_coachs_says_so_first() -> None:
    chosen, best = option("3D", 0.1), option("8C", 0.0)
    judgement = judge(best, chosen, [chosen, best], 10, DEFAULT_BUDGET)
    assert reason(right_out_of_spades(), judgement, passing=False).startswith(
        "Your card is as good as the coach's, the eight of clubs. Lead the eight of clubs")


def test_the_review_heading_says_whether_the_choice_was_the_coachs() -> None:
    chosen, best = option("3D", 0.1), option("8C", 0.0)
    assert headline(judge(best, best, [chosen, best], 10, DEFAULT_BUDGET), "8C", False) == \
        "Your choice is the coach's best: 8C"
    assert headline(judge(best, chosen, [chosen, best], 10, DEFAULT_BUDGET), "8C", False) == \
        "Your choice is as good as the coach's best: 8C"
    worse = option("KS", 5.0)
    assert headline(judge(best, worse, [worse, best], 10, DEFAULT_BUDGET), "8C", True) == \
        "Coach's best with all cards shown: 8C"


def test_what_expected_points_count_is_said_with_the_marks() -> None:
    assert "the points you take from here to the end of the hand, on average over the deals the coach tried" \
        in marks_sentence()


def test_the_coachs_sentences_are_the_words_of_words_py() -> None:
    view = right_out_of_spades()
    chosen, best = option("KS", 5.0), option("8C", 0.0)
    costly = reason(view, judge(best, chosen, [chosen, best], 10, DEFAULT_BUDGET), passing=False)
    assert costly.startswith(CoachSentence.COST_PLAY.format(
        chosen="the king of spades", cost="5.0", best="the eight of clubs"))
    exact = judge(best, chosen, [chosen, best], 1, DEFAULT_BUDGET, exact=True)
    assert all_cards_reason(exact, passing=False) == CoachSentence.SHOWN_COST_PLAY.format(
        chosen="the king of spades", cost="5.0", best="the eight of clubs")
