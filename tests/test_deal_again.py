"""Play a deal again (issue 46): the same cards in the same seats, from a past game or from a
hand's summary, never saved or counted, and compared with the first time at its end."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pygame

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.table import TableController
from hearts_desktop.engine import Card, Event, Game, HandDealt, PassAction, Ruleset, cards_of
from hearts_desktop.persistence import DataPaths
from hearts_desktop.persistence.history import GameHistory, save_history
from hearts_desktop.play.base import PastDeal
from hearts_desktop.play.local import DealAgainPlay
from hearts_desktop.ui.history_scene import DealChoiceScene
from hearts_desktop.ui.overlays import HandScoreScene
from hearts_desktop.ui.review_scene import ReviewScene
from hearts_desktop.ui.table_frame import table_frame
from hearts_desktop.ui.table_painter import status_lines
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.words import Pace, points

from .app_driver import Driver, finished_game
from .test_menus import press
from .test_past_games import open_past_games


def deals_of(game: Game) -> list[HandDealt]:
    """Every hand's deal as the table was told it, replaying ``game``."""
    events: list[Event] = []
    again = Game(game.rules, game.seed, events)
    for action in game.actions:
        events += again.apply(action)
    return [event for event in events if isinstance(event, HandDealt)]


def dealt(game: Game) -> tuple[tuple[Card, ...], ...]:
    """The cards dealt to each seat in the hand being played."""
    return tuple(cards_of(hand) for hand in game.hand.dealt)


def test_a_deal_again_has_the_same_cards_and_pass_as_the_first_time() -> None:
    game, _ = finished_game(seed=3)
    for hand, first in enumerate(deals_of(game)[:len(game.results)]):
        told: list[Event] = []
        again = Game(game.rules, game.seed, told, deals_from=hand)
        [event] = told
        assert isinstance(event, HandDealt) and event.hands == first.hands and event.direction == first.direction
        assert dealt(Game.deal_again(game.rules, game.seed, hand)) == first.hands
        assert again.hand_index == 0


def play_the_hand(driver: Driver) -> HandScoreScene:
    driver.play_through(lambda: isinstance(driver.top, HandScoreScene))
    summary = driver.top
    assert isinstance(summary, HandScoreScene)
    return summary


def test_a_past_games_deal_is_played_again_and_compared_with_the_first_time(tmp_path: Path) -> None:
    game, seats = finished_game(seed=3)
    history = GameHistory()
    history.record(game, seats, datetime(2026, 3, 1, 20, 0).astimezone())
    paths = DataPaths.resolve(tmp_path)
    save_history(paths.history, history)
    driver = Driver(tmp_path)
    try:
        open_past_games(driver)
        driver.keys(pygame.K_RETURN)
        press(driver, "Play a deal again")
        choice = driver.top
        assert isinstance(choice, DealChoiceScene)
        driver.keys(pygame.K_RIGHT)  # hand 2
        press(driver, "Play a deal again")
        play = driver.app.play
        assert isinstance(play, DealAgainPlay) and isinstance(driver.top, TableScene)
        assert dealt(driver.controller.game) == deals_of(game)[1].hands
        assert [seat.name for seat in driver.controller.seats] == [seat.name for seat in seats]
        summary = play_the_hand(driver)
        now = driver.controller.game.results[0].points[0]
        assert summary.note == f"This time: {points(now)}. The first time: {points(game.results[1].points[0])}."
        assert [b.label for b in summary.buttons] == ["Main menu", "Review hand", "Play it again"]
        assert summary.heading == "Hand 2, played again"
        press(driver, "Play it again")
        again = driver.app.play
        assert isinstance(again, DealAgainPlay) and again is not play
        assert dealt(driver.controller.game) == deals_of(game)[1].hands and not driver.controller.game.results
        assert not paths.autosave.exists(), "a deal played again is never saved"
        assert driver.app.session.statistics.profiles == {}, "nor counted"
    finally:
        driver.close()


def test_a_hand_just_played_can_be_played_again_and_the_game_waits_in_its_save(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        driver.new_game(rules=Ruleset())
        first_deal = dealt(driver.controller.game)
        summary = play_the_hand(driver)
        first_points = driver.controller.game.results[0].points
        press(driver, "Play this deal again")
        assert driver.top is not summary
        assert isinstance(driver.app.play, DealAgainPlay)
        assert dealt(driver.controller.game) == first_deal
        saved = driver.app.session.saved
        assert saved is not None and len(saved.game.results) == 1, "the game itself waits for Continue"
        again = play_the_hand(driver)
        assert again.note.endswith(f"The first time: {points(first_points[0])}.")
        press(driver, "Main menu")
        assert driver.app.play is None
    finally:
        driver.close()


def test_undo_in_a_deal_played_again_keeps_its_cards() -> None:
    """The UI fuzzer's find: undo rebuilt the game from hand 1's deal."""
    game, seats = finished_game(seed=3)
    table = TableController(Game.deal_again(game.rules, game.seed, 2), seats, InlineRunner(), Pace.INSTANT)
    before = dealt(table.game)
    person = table.game.view(0)
    assert table.submit_pass(person.cards()[:3]) is None
    assert table.undo()
    assert dealt(table.game) == before == deals_of(game)[2].hands


@contextmanager
def playing_again(folder: Path, hand_index: int) -> Iterator[Driver]:
    """A window playing hand ``hand_index`` of a past game again."""
    game, seats = finished_game(seed=3)
    driver = Driver(folder)
    try:
        driver.app.play_deal(PastDeal.of(game, seats, hand_index))
        driver.frame()
        yield driver
    finally:
        driver.close()


def test_a_deal_played_again_offers_the_coachs_review_of_the_deal_as_played_again(tmp_path: Path) -> None:
    """The coach judges the replayed hand's decisions, from the replayed hand's cards."""
    with playing_again(tmp_path, 2) as driver:
        replayed = dealt(driver.controller.game)
        summary = play_the_hand(driver)
        assert "Review hand" in [b.label for b in summary.buttons]
        press(driver, "Review hand")
        review = driver.top
        assert isinstance(review, ReviewScene)
        first = review.reviewer.steps[0]
        assert isinstance(first.action, PassAction)
        assert sorted(first.view.cards()) == sorted(replayed[0]), "the pass judged is the one made from these cards"
        assert len(review.reviewer.steps) == 14
        assert review.heading == "Review of hand 3 played again — Anna"


def test_the_status_line_of_a_deal_played_again_names_the_hand_it_replays(tmp_path: Path) -> None:
    with playing_again(tmp_path, 1) as driver:
        lines = [text for text, _ in status_lines(table_frame(driver.table))]
        assert lines[0] == "You are playing hand 2 of that game again."
        assert not any(line.startswith("Hand 1") for line in lines)
