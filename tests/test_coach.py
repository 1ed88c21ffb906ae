"""The coach: textbook positions rated as a teacher would, fair judgements, exact replays,
and the command-line review."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

import hearts_desktop.coach.__main__ as coach_cli
from hearts_desktop.bots import make_bot
from hearts_desktop.coach.__main__ import main as coach_main
from hearts_desktop.coach.game import review_hand, review_to_json, true_deal
from hearts_desktop.coach.reasons import all_cards_reason
from hearts_desktop.coach.review import ALL_CARDS_BUDGET, CoachBudget, Mark, judge_pass, judge_play, mark_of
from hearts_desktop.engine import Game, PlayerView, Ruleset, parse_cards, view_of
from hearts_desktop.engine.rules import PassDirection
from hearts_desktop.persistence.saves import save_game
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Level, SeatKind

from .helpers import deal_with, hand_in_play

STANDARD = Ruleset()
OMNIBUS = Ruleset(jack_of_diamonds=True)
FIRST = (0, "2C 3C 4C AC", 3)
"""Trick 1: we led the two of clubs, the player on our right won it with the ace."""
MOON_RUN = [(0, "2C 3C 4C AC", 2), (2, "KS 5S QS 6S", 2), (2, "AH 4H 5H 6H", 2), (2, "KH 7H 8H 9H", 2)]
"""The player across has taken the queen (we had to follow with her under his king) and
seven hearts: every point so far, with the top hearts. A moon is on."""
BAD = (Mark.MISTAKE, Mark.BLUNDER)
BROKEN = (3, "5D 2D AD 4H", 1)
"""Trick 2: the player across, out of diamonds, broke hearts; the player on our left won."""


@dataclass(frozen=True)
class Textbook:
    name: str
    rules: Ruleset
    held: dict[int, str]
    tricks: list[tuple[int, str, int]]
    leader: int
    trick: str
    wrong: str
    right: str
    at_least: Mark = Mark.MISTAKE
    """The mark the wrong choice earns at least."""

    def view(self) -> PlayerView:
        state = hand_in_play(self.rules, self.held, self.tricks, self.leader, self.trick)
        view = view_of(state, 0)
        assert view.my_turn, self.name
        return view


PLAYS = [
    # Someone dropped the queen on a spade trick and we play last: the ace takes 13
    # points, the two ducks under the five for nothing.
    Textbook("ace on the queen, spades", STANDARD, {0: "AS 2S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 1, "5S QS 3S", "AS", "2S"),
    # The player on our right, void in hearts, threw the queen onto a heart trick: winning
    # it with the ace costs 15 points when the two ducks.
    Textbook("ace on the queen, hearts", STANDARD, {0: "AH 2H 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 1, "5H 6H QS", "AH", "2H"),
    # The same on a diamond trick: the queen came from a void player.
    Textbook("ace on the queen, diamonds", STANDARD, {0: "AD 2D 8C 9C TC 3S 4S 5S 6S 7S 8S 9S"},
             [FIRST], 1, "4D QS 5D", "AD", "2D"),
    # And on a club trick: the king wins it, the seven does not.
    Textbook("king on the queen, clubs", STANDARD, {0: "KC 7C 8C JD 3D 4D 5D 6D 7D 8D 9D TD"},
             [FIRST], 1, "9C QS TC", "KC", "7C"),
    # Third to play, the queen is already on the trick under the nine: the king wins it
    # unless the last player holds the ace; the three is safely under.
    Textbook("third hand on the queen", STANDARD, {0: "KD 3D 8C 9C TC 4S 5S 6S 7S 8S 9S TS"},
             [FIRST], 2, "9D QS", "KD", "3D"),
    # The king of spades was led: our queen under it goes to the leader; keeping her and
    # playing the four leaves her to be caught later.
    Textbook("queen under the king", STANDARD, {0: "QS 4S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 1, "KS 5S 6S", "4S", "QS"),
    # The same under the ace, which has already fallen.
    Textbook("queen under the ace", STANDARD, {0: "QS 4S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 1, "AS 5S 6S", "4S", "QS"),
    # Third to play after the king was led: the queen under him is safe whatever the last
    # player holds (the ace would take her too).
    Textbook("queen under the king, third", STANDARD, {0: "QS 3S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 2, "KS 4S", "3S", "QS"),
    # Void in clubs with the unguarded queen: throw her on the king of clubs now; a heart
    # discard keeps her to be caught by a spade lead.
    Textbook("dump the unguarded queen", STANDARD,
             {0: "QS 2H 3H 4H 5D 6D 7D 8D 9D TD JD QD", 1: "KC 8C 9C TC JC 2S 3S 4S 5S 6S 7S 2D"},
             [FIRST], 1, "KC 5C 6C", "2H", "QS"),
    # Leading the queen of spades ourselves: the others follow under her and we win our
    # own 13 points. A low diamond is the safe lead.
    Textbook("never lead the queen", STANDARD, {0: "QS 3S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [(1, "2C 3C 4C AC", 0)], 0, "", "QS", "3D"),
    # The player across has every point but the two of hearts, which we hold, and leads
    # the ace of diamonds; we are void in diamonds. Throwing the two on his trick gives him
    # the moon (26 to each of us); keeping it keeps the moon out of his reach for now.
    Textbook("keep the moon stopper", STANDARD, {0: "2H 8C 9C TC 3S 4S 7S 8S"},
             [*MOON_RUN, (2, "QH JH TH 3H", 2)], 2, "AD 8D", "2H", "8C"),
    # Omnibus: the jack of diamonds is worth -10 to its taker. Last on a pointless diamond
    # trick that holds it, the ace wins it; the two throws it away.
    Textbook("win the jack of diamonds", OMNIBUS, {0: "AD 2D 8C 9C TC 3S 4S 5S 6S 7S 8S 9S"},
             [FIRST], 1, "JD 5D 6D", "2D", "AD"),
    # Third to play: the ace over the queen wins for certain; the two stays under her.
    Textbook("ace on the queen, third", STANDARD, {0: "AS 2S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 2, "5S QS", "AS", "2S"),
    # Third to play on a club trick holding the queen: the ace of clubs fell in trick 1,
    # so our king wins it for certain; the seven ducks under the nine.
    Textbook("king on the queen, third", STANDARD, {0: "KC 7C 8C JD 3D 4D 5D 6D 7D 8D 9D TD"},
             [FIRST], 2, "9C QS", "KC", "7C"),
    # Third to play after the ace of spades was led: the queen under it is safe.
    Textbook("queen under the ace, third", STANDARD, {0: "QS 3S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 2, "AS 4S", "3S", "QS"),
    # Void in diamonds with the unguarded queen and only hearts and clubs: the king of
    # diamonds is a safe trick to throw her on.
    Textbook("dump the queen on diamonds", STANDARD, {0: "QS 2H 3H 4H 5H 6H 7H 8H 9H TC JC QC"},
             [FIRST], 1, "KD 5D 6D", "2H", "QS"),
    # Leading the ace of spades while the queen is out: a player with the queen and no
    # other spade must drop her on our ace. A low diamond risks nothing.
    Textbook("do not lead the ace into the queen", STANDARD, {0: "AS 8C 9C TC 3D 4D 5D 6D 7D 8D 9D JD"},
             [(1, "2C 3C 4C AC", 0)], 0, "", "AS", "3D"),
    # Omnibus, third to play on a trick holding the jack of diamonds: the ace wins it
    # (-10 for us), the two lets it go.
    Textbook("win the jack of diamonds, third", OMNIBUS, {0: "AD 2D 8C 9C TC 3S 4S 5S 6S 7S 8S 9S"},
             [FIRST], 2, "JD 5D", "2D", "AD"),
]


MORE_PLAYS = [
    # --- The queen under another player's ace or king (issue 42): she goes to its owner.
    # Second to play after the ace of spades was led: nothing can beat the ace, so the
    # queen under it is free; keeping her leaves 13 points in our hand.
    Textbook("queen under the ace, second", STANDARD, {0: "QS 4S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 3, "AS", "4S", "QS"),
    # Second after the king was led, the ace already gone in trick 2: the king wins.
    Textbook("queen under the king, the ace gone", STANDARD, {0: "QS 4S 8C 9C TC 3D 4D 5D 6D 7D 8D"},
             [FIRST, (3, "AS 2S 7S 8S", 3)], 3, "KS", "4S", "QS"),
    # Second after the king, the ace still out: whoever wins (the king or the ace after
    # us) takes the queen, never we.
    Textbook("queen under the king, second, ace out", STANDARD, {0: "QS 4S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 3, "KS", "4S", "QS"),
    # Omnibus changes nothing for the queen: last under the ace, she goes.
    Textbook("queen under the ace, Omnibus", OMNIBUS, {0: "QS 4S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"},
             [FIRST], 1, "AS 5S 6S", "4S", "QS"),
    # --- Taking hearts as the last player (issue 42: "good" for a 3-point loss).
    # Last on three low hearts: the eight takes four points, the two ducks for nothing.
    Textbook("last on three hearts, duck", STANDARD, {0: "8H 2H 8C 9C TC 3D 4D 6D 7D 8D 9D"},
             [FIRST, BROKEN], 1, "5H 6H 7H", "8H", "2H"),
    # The same with the nine and the three: the three is under the seven.
    Textbook("last on three hearts, nine or three", STANDARD, {0: "9H 3H 8C 9C TC 3D 4D 6D 7D 8D 9D"},
             [FIRST, BROKEN], 1, "5H 6H 7H", "9H", "3H"),
    # Last on the jack of hearts with the queen and two low hearts: the queen takes four
    # points now while the ace and king are out to take her later anyway.
    Textbook("last on hearts, ace out", STANDARD, {0: "QH 2H 3H 9C TC 3D 4D 6D 7D 8D 9D"},
             [FIRST, BROKEN], 1, "6H JH 9H", "QH", "2H"),
    # Omnibus: the hearts cost the same; the jack of diamonds is not on the trick.
    Textbook("last on hearts, Omnibus", OMNIBUS, {0: "8H 2H 8C 9C TC 3D 4D 6D 7D 8D 9D"},
             [FIRST, BROKEN], 1, "5H 6H 7H", "8H", "2H"),
    # Last on the nine of hearts with the king: it wins four points now; the three ducks,
    # and the king may still be caught by the ace.
    Textbook("last on hearts, king over the nine", STANDARD, {0: "KH 3H 8C 9C TC 3D 4D 6D 7D 8D 9D"},
             [FIRST, BROKEN], 1, "6H 8H 9H", "KH", "3H", Mark.INACCURACY),
    # Last on the queen of hearts with the king: overtaking her takes three points.
    Textbook("last on hearts, king over the queen", STANDARD, {0: "KH 2H 8C 9C TC 3D 4D 6D 7D 8D 9D"},
             [FIRST, BROKEN], 1, "QH 3H 5H", "KH", "2H", Mark.INACCURACY),
    # --- Dumping under a running moon: the player across has every point (MOON_RUN).
    # The player on our left wins this trick with the ace of diamonds: a heart thrown on it
    # gives him a point and the moon is stopped; a club keeps the moon alive.
    Textbook("dump a heart on the left's ace, last", STANDARD, {0: "2H 3H 8C 9C TC 3S 4S 7S"},
             [*MOON_RUN, (2, "5D 6D 7D KD", 1)], 1, "AD 8D 9D", "8C", "2H"),
    # The player on our right led the ace of diamonds: it wins whatever follows, so a heart
    # under it stops the moon.
    Textbook("dump a heart on the right's ace, second", STANDARD, {0: "2H 3H 8C 9C TC 3S 4S 7S"},
             [*MOON_RUN, (2, "5D 6D 7D KD", 3)], 3, "AD", "8C", "2H"),
    # The runner leads a club we cannot follow: the queen of hearts is our stopper (the ace
    # and king are gone); thrown on his trick it feeds the moon. Throw a diamond.
    Textbook("keep the heart stopper off his club", STANDARD, {0: "QH 2H 3S 4S 7S 8S 3D 4D 5D"},
             MOON_RUN, 2, "KC 5C", "QH", "3D", Mark.INACCURACY),
    # The same on his diamond: keep the queen of hearts, throw a club.
    Textbook("keep the heart stopper off his diamond", STANDARD, {0: "QH 2H 3S 4S 7S 8S 8C 9C TC"},
             MOON_RUN, 2, "AD 5D", "QH", "8C", Mark.INACCURACY),
    # --- Counting the last three tricks (positions from whole hands of Medium players).
    # The ace and king of spades are gone: the queen led now is the top spade and wins her
    # own 13 points. The four of clubs gives the lead away.
    Textbook("count the spades: never lead the top queen", STANDARD, {0: "4C 2S QS"},
             [(1, "2C QC JC KC", 0), (0, "JD 8D TD 5D", 0), (0, "6D 3D QD 2D", 2), (2, "3S JS TS KS", 1),
              (1, "3C AS 7C 8C", 0), (0, "4D AD 9D AH", 1), (1, "7S 5S 8S 4S", 3), (3, "6H 9H 8H 7H", 0),
              (0, "5C AC QH TC", 1), (1, "TH 4H 5H KH", 0)], 0, "", "QS", "4C"),
    # Our eight, nine and king of spades; the queen, five and two are out. Led now, the king
    # wins a spade trick the queen can fall on; the low spades lose the lead and the queen
    # must be played under someone's spade.
    Textbook("count the spades: keep the king for last", STANDARD,
             {0: "8S 9S KS", 1: "8C 2S QS", 2: "AC 5S AH", 3: "3D 5D 6D"},
             [(2, "2C QC TC KC", 1), (1, "KD 8D JD AD", 0), (0, "4D QD 2D TD", 1), (1, "JC 5C 3C 9C", 1),
              (1, "6C 4C AS 7C", 0), (0, "3S TS 7S KH", 1), (1, "3H 2H 8H 4H", 3), (3, "7H TH 6H 9H", 0),
              (0, "JS 4S 6S 9D", 0), (0, "QH JH 5H 7D", 0)], 0, "", "KS", "8S", Mark.BLUNDER),
    # The ten of hearts is the only heart out above our eight: led now, the eight loses to
    # it; the ace led takes a trick of hearts now and still leaves us the last heart tricks.
    Textbook("count the hearts: lead under the ten", STANDARD, {0: "8H 9H AH"},
             [(2, "2C 6C JC AC", 1), (1, "5S TS JS AS", 0), (0, "2D KH 4D AD", 3), (3, "5D 7D QC 8D", 2),
              (2, "2S 6S 7S 9S", 1), (1, "3C 4C QS TC", 0), (0, "5C 8S KC QH", 2), (2, "3D TD 6D 6H", 3),
              (3, "9D JD 5H 7H", 0), (0, "KS 4S 9C JH", 0)], 0, "", "AH", "8H"),
    # Void in diamonds, second to play: the ten of hearts is the top heart left (the three,
    # four, five, six, eight and nine are out); thrown on this trick it goes to its winner,
    # kept it wins a heart trick at the end with the hearts thrown on it.
    Textbook("count the hearts: shed the top heart now", STANDARD, {0: "7C TS TH"},
             [(3, "2C JC QC TC", 1), (1, "6D KD QD 8D", 2), (2, "5C AC 9C 8C", 3), (3, "5S 4S 8S JS", 2),
              (2, "9D 5D 7D AS", 2), (2, "4D AD 2D KS", 3), (3, "3S 2S 7S 9S", 2), (2, "3D JD AH JH", 3),
              (3, "2H KH 7H QH", 0), (0, "3C 6C QS KC", 3)], 3, "TD", "7C", "TH"),
    # The two of hearts led with four, five, eight and ten of hearts out: the three ducks;
    # the king wins a trick full of hearts.
    Textbook("count the hearts: duck the last heart lead", STANDARD, {0: "JC 3H KH"},
             [(0, "2C 7C QC KD", 2), (2, "7S TS 9S AS", 1), (1, "AD 9D QD TD", 1), (1, "4C TC QS 5C", 2),
              (2, "5S 2S 8S KS", 1), (1, "6C 9C AH AC", 0), (0, "3S JS JH QH", 1), (1, "3C 8C 9H KC", 0),
              (0, "5D 7H 3D 4D", 0), (0, "2D 6H 6D JD", 3)], 3, "2H", "KH", "3H"),
    # Third on the seven of clubs: the four ducks under it; the nine wins the trick and
    # whatever the last player throws on it.
    Textbook("count the clubs: duck the seven", STANDARD, {0: "4C 9C QC"},
             [(0, "2C 3C 8C KC", 3), (3, "9S 8S 6S TS", 2), (2, "4S 2S 7S AS", 1), (1, "4D 5D KD AD", 0),
              (0, "6D 2D 9D 7D", 2), (2, "3S KH QS JS", 0), (0, "3D TD AH TH", 1), (1, "2H QH 7H AC", 2),
              (2, "6C JC TC KS", 3), (3, "5H JD 6H JH", 2)], 2, "5C 7C", "9C", "4C"),
    # Void in clubs, third: the queen of hearts is above every heart left (the nine and ten
    # are out); shed it on this club trick or it wins a heart trick at the end.
    Textbook("count the hearts: shed the queen of hearts", STANDARD, {0: "7S TS QH"},
             [(3, "2C QC 9C AC", 2), (2, "5C 6C 4C KS", 3), (3, "4S 2S JS 6S", 1), (1, "2D QS 3D KH", 3),
              (3, "9S 8S AD 5S", 3), (3, "8C 7C 7H KC", 2), (2, "3S JH AS QD", 0), (0, "3H 4H 5H 8H", 3),
              (3, "6H 2H JD AH", 2), (2, "JC KD 3C TD", 2)], 2, "TC 7D", "7S", "QH"),
]


@pytest.mark.parametrize("position", PLAYS + MORE_PLAYS, ids=[p.name for p in PLAYS + MORE_PLAYS])
def test_the_textbook_play_is_best_and_the_wrong_one_a_mistake(position: Textbook) -> None:
    view = position.view()
    wrong = judge_play(view, parse_cards(position.wrong)[0], random.Random(1))
    right = judge_play(view, parse_cards(position.right)[0], random.Random(1))
    worse = list(Mark)[list(Mark).index(position.at_least):]
    assert wrong.mark in worse, (position.name, wrong.cost)
    assert right.mark is Mark.BEST, (position.name, right.cost)
    assert wrong.best is not wrong.chosen


@dataclass(frozen=True)
class TextbookPass:
    name: str
    hand: str
    wrong: str
    right: str
    direction: PassDirection = PassDirection.LEFT


PASSES = [
    # No queen, but the ace and king of spades with one small spade: either catches the
    # queen if she is led through us. Pass them, not three harmless clubs.
    TextbookPass("ace and king of spades, short", "AS KS 5S 2C 3C 4C 5C 2D 3D 4D 2H 3H 4H", "2C 3C 4C", "AS KS 5S"),
    # The queen with no low spade to guard her: she goes.
    TextbookPass("the lone queen", "QS 2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H", "2C 3C 4C", "QS 6C 5D"),
    # The three top hearts with low cards elsewhere: they can only win tricks full of points.
    TextbookPass("the top hearts", "AH KH QH 2C 3C 4C 5C 2D 3D 4D 2S 3S 4S", "2C 3C 4C", "AH KH QH"),
    # The lone queen again, passing across: the direction does not save her.
    TextbookPass("the lone queen, across", "QS 2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H", "2C 3C 4C", "QS 6C 5D",
                 PassDirection.ACROSS),
    # The queen with the ace and king of spades and no low spade: all three are traps.
    TextbookPass("queen, ace and king of spades", "QS AS KS 2C 3C 4C 5C 2D 3D 4D 2H 3H 4H", "2C 3C 4C", "QS AS KS"),
    # Four top hearts: three of them go, whichever three.
    TextbookPass("four top hearts", "AH KH QH JH 2C 3C 4C 5C 2D 3D 4D 2S 3S", "2C 3C 4C", "AH KH QH"),
    # The queen with no guard and the ace and king of hearts: the worst three cards to keep.
    TextbookPass("queen and top hearts", "QS AH KH 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D", "2C 3C 4C", "QS AH KH"),
]


@pytest.mark.parametrize("position", PASSES, ids=[p.name for p in PASSES])
def test_the_textbook_pass_is_best_and_the_wrong_one_a_mistake(position: TextbookPass) -> None:
    view = view_of(deal_with(STANDARD, {0: position.hand}, direction=position.direction), 0)
    wrong = judge_pass(view, parse_cards(position.wrong), random.Random(1))
    right = judge_pass(view, parse_cards(position.right), random.Random(1))
    assert wrong.mark in BAD, (position.name, wrong.cost)
    assert right.mark is Mark.BEST, (position.name, right.cost)


def test_there_are_at_least_twenty_new_textbook_positions_beside_the_first_twenty_five() -> None:
    assert len(PLAYS) + len(PASSES) >= 25
    assert len(MORE_PLAYS) >= 20


def test_marks_follow_the_cost_bands() -> None:
    assert [mark_of(c) for c in (0.0, 0.3, 1.0, 3.0, 9.0)] == list(Mark)


def test_a_judgement_uses_only_the_view_so_hidden_cards_cannot_change_it() -> None:
    """Two deals that agree on everything the player saw get the same judgement."""
    mine = {0: "AS 2S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"}
    one = hand_in_play(STANDARD, mine | {1: "5S 6S 7S 8S 9S TS JS KS 2H 4H 5H"}, [FIRST], 1, "QH 6H 3H")
    other = hand_in_play(STANDARD, mine | {2: "5S 6S 7S 8S 9S TS JS KS 2H 4H 5H"}, [FIRST], 1, "QH 6H 3H")
    first = judge_play(view_of(one, 0), parse_cards("2S")[0], random.Random(5))
    second = judge_play(view_of(other, 0), parse_cards("2S")[0], random.Random(5))
    assert [o.values for o in first.options] == [o.values for o in second.options]


def played_game(hands: int, seed: int = 3) -> Game:
    game = Game(STANDARD, seed)
    bots = [make_bot(level) for level in (Level.EASY, Level.MEDIUM, Level.MEDIUM, Level.MEDIUM)]
    rng = random.Random(seed)
    while game.hand_index < hands:
        seat = game.to_act()[0]
        game.apply(bots[seat].decide(game.view(seat), rng))
    return game


QUICK = CoachBudget(first=24, batch=24, most=48, pass_screen=8)


def test_a_review_judges_every_decision_of_the_seat_and_replays_exactly() -> None:
    game = played_game(1)
    review = review_hand(game.rules, game.seed, game.actions, 0, 0, budget=QUICK)
    again = review_hand(game.rules, game.seed, game.actions, 0, 0, budget=QUICK)
    assert review.complete
    assert [d.trick for d in review.decisions] == [None, *range(13)]
    assert review_to_json(review) == review_to_json(again)
    for decision in review.decisions:
        assert game.actions[decision.action_index].seat == 0
        assert decision.reason


def test_a_cancelled_review_stops_and_says_it_is_incomplete() -> None:
    game = played_game(1)
    asked = []
    review = review_hand(game.rules, game.seed, game.actions, 0, 0, budget=QUICK,
                         progress=lambda done, total: asked.append((done, total)),
                         cancel=lambda: len(asked) >= 3)
    assert not review.complete
    assert len(review.decisions) == 3
    assert asked == [(1, 14), (2, 14), (3, 14)]


def test_the_command_line_prints_each_decision_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = played_game(2)
    path = tmp_path / "game.json"
    save_game(path, game, [Seat("You", SeatKind.HUMAN), Seat("Alice"), Seat("Ben"), Seat("Clara")])
    before = path.read_bytes()
    assert coach_main(["review", str(path), "--hand", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["hand"] == 0 and printed["seat"] == 0
    assert len(printed["decisions"]) == 14
    first = printed["decisions"][0]
    assert first["kind"] == "pass" and len(first["chosen"]) == 3
    assert {o["cards"][0] for o in first["options"]} >= {first["best"][0]}
    assert all(d["mark"] in {m.value for m in Mark} for d in printed["decisions"])
    assert path.read_bytes() == before


@pytest.mark.parametrize("text", ["{not json", "", " \n"])
def test_the_command_line_refuses_a_damaged_save_in_one_sentence_without_touching_it(tmp_path: Path, text: str) -> None:
    """A real process: the loader's log line went to the terminal before the sentence, and an
    empty file was "empty (the file is empty)" (an outside test of issue 42)."""
    path = tmp_path / "game.json"
    path.write_text(text)
    run = subprocess.run([sys.executable, "-m", "hearts_desktop.coach", "review", str(path)],
                         capture_output=True, text=True, check=False, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "cannot be reviewed" in lines[0], run.stderr
    problem = lines[0].partition(": ")[2]
    assert problem.count("empty") <= 1 and problem.count("damaged") <= 1
    assert path.read_text() == text


def test_the_second_opinion_with_all_cards_shown_judges_on_the_true_hands() -> None:
    """Two deals the player cannot tell apart get one fair judgement; with all cards shown,
    the two of spades costs nothing in one and 13 points in the other, where the spades
    sit across and the ace discarded now is better."""
    mine = {0: "AS 2S 8C 9C TC 3D 4D 5D 6D 7D 8D 9D"}
    harmless = hand_in_play(STANDARD, mine | {1: "5S 6S 7S 8S 9S TS JS KS 2H 4H 5H"}, [FIRST], 1, "QH 6H 3H")
    spades_across = hand_in_play(STANDARD, mine | {2: "5S 6S 7S 8S 9S TS JS KS 2H 4H 5H"}, [FIRST], 1, "QH 6H 3H")
    two = parse_cards("2S")[0]
    fair = [judge_play(view_of(state, 0), two, random.Random(5)) for state in (harmless, spades_across)]
    assert [o.values for o in fair[0].options] == [o.values for o in fair[1].options]
    shown = [judge_play(view_of(state, 0), two, random.Random(5), ALL_CARDS_BUDGET, truth=true_deal(state))
             for state in (harmless, spades_across)]
    assert shown[0].cost == 0.0 and shown[0].deals == 1
    assert shown[1].cost == 13.0 and shown[1].error == 0.0 and shown[1].best.cards == parse_cards("AS")
    assert "costs 13.0 points more than the ace of spades" in all_cards_reason(shown[1], passing=False)


def test_the_command_line_adds_the_opinion_with_all_cards_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach_cli, "review_hand", partial(review_hand, budget=QUICK))  # the fair review's budget
    game = played_game(1, seed=4)
    path = tmp_path / "game.json"
    save_game(path, game, [Seat("You", SeatKind.HUMAN), Seat("Alice"), Seat("Ben"), Seat("Clara")])
    assert coach_main(["review", str(path), "--all-cards", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = review_hand(game.rules, game.seed, game.actions, 0, 0, all_cards=True)
    assert [d["all_cards"] for d in printed["decisions"]] == [
        d for d in (entry["all_cards"] for entry in review_to_json(expected, expected)["decisions"])]
    assert all(d["all_cards"]["error"] == 0.0 and d["all_cards"]["reason"].startswith("With all cards shown")
               for d in printed["decisions"])
    assert coach_main(["review", str(path), "--all-cards"]) == 0
    text = capsys.readouterr().out
    assert "All cards shown: best" in text
    assert "Expected points count the points you take from here to the end of the hand" in text
    pass_options = next(line for line in text.splitlines() if "options (expected points):" in line)
    assert len(pass_options.split(": ", 1)[1].split(", ")) >= 2  # each option with its value


def test_the_command_lines_expected_points_are_the_points_you_take(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """It defines expected points as the points you take from here to the end of the hand;
    the options listed under "expected points" printed something else (our points against
    the others', "-0.21" for a pass, "3.26" where the reason said 9.8)."""
    monkeypatch.setattr(coach_cli, "review_hand", partial(review_hand, budget=QUICK))
    game = played_game(2)
    path = tmp_path / "game.json"
    save_game(path, game, [Seat("You", SeatKind.HUMAN), Seat("Alice"), Seat("Ben"), Seat("Clara")])
    assert coach_main(["review", str(path), "--hand", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    review = review_hand(game.rules, game.seed, game.actions, 0, 0, budget=QUICK)
    listed = [line.split("options (expected points): ", 1)[1] for line in lines if "options (expected points)" in line]
    judged = [d.judgement for d in review.decisions if not d.judgement.forced]
    assert len(listed) == len(judged) >= 5
    for line, judgement in zip(listed, judged):
        figures = [float(option.rsplit(" ", 1)[1]) for option in line.split(", ")]
        taken = [o.own_points / len(o.values) for o in judgement.options]
        assert figures == [round(points, 2) for points in taken]
        assert all(0 <= f <= 26 for f in figures)
    notes = [line for line in lines if "(Expected points: " in line]
    assert notes
    for note in notes:
        said = float(note.split("(Expected points: ", 1)[1].split(";")[0])
        options = lines[lines.index(note) + 1].split(": ", 1)[1].split(", ")
        assert said == round(float(options[0].rsplit(" ", 1)[1]), 1)  # the best, listed first
    assert coach_main(["review", str(path), "--hand", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    in_json = [[round(o["points"], 2) for o in d["options"]] for d in printed["decisions"] if len(d["options"]) > 1]
    assert in_json == [[float(option.rsplit(" ", 1)[1]) for option in line.split(", ")] for line in listed]
