"""The coach: textbook positions rated as a teacher would, fair judgements, exact replays,
and the command-line review."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("position", PLAYS, ids=[p.name for p in PLAYS])
def test_the_textbook_play_is_best_and_the_wrong_one_a_mistake(position: Textbook) -> None:
    view = position.view()
    wrong = judge_play(view, parse_cards(position.wrong)[0], random.Random(1))
    right = judge_play(view, parse_cards(position.right)[0], random.Random(1))
    assert wrong.mark in BAD, (position.name, wrong.cost)
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


def test_there_are_at_least_twenty_five_textbook_positions() -> None:
    assert len(PLAYS) + len(PASSES) >= 25


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


def test_the_command_line_refuses_a_damaged_save_without_touching_it(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text("{not json")
    assert coach_main(["review", str(path)]) == 2
    assert "cannot be reviewed" in capsys.readouterr().err
    assert path.read_text() == "{not json"


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


def test_the_command_line_adds_the_opinion_with_all_cards_shown(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
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
