"""Past games in Statistics (issue 46): newest first, scrolled and opened from the keyboard,
each opening its score sheet and the coach's review of its hands."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from pathlib import Path

import pygame

from hearts_desktop.persistence import DataPaths
from hearts_desktop.persistence.history import GameHistory, PastGame, save_history
from hearts_desktop.ui.history_scene import PastGamesScene, PastSheet
from hearts_desktop.ui.overlays import ScoreHistoryScene
from hearts_desktop.ui.review_scene import ReviewScene
from hearts_desktop.ui.stats_scene import StatisticsScene

from .app_driver import Driver, finished_game
from .test_menus import press

START = datetime(2026, 3, 1, 20, 0).astimezone()


def history_of(seeds: list[int], copies: int = 1) -> list[PastGame]:
    """Past games of ``seeds``, oldest first, each repeated ``copies`` times a day apart."""
    history = GameHistory()
    for day, seed in enumerate(seeds):
        history.record(*finished_game(seed=seed), START + timedelta(days=day))
    return [dataclasses.replace(past, game_id=f"{past.game_id}-{i}", finished_at=past.finished_at + timedelta(days=i * 10))
            for i in range(copies) for past in history.games]


def open_past_games(driver: Driver) -> PastGamesScene:
    press(driver, "Statistics")
    assert isinstance(driver.top, StatisticsScene)
    press(driver, "Past games")
    scene = driver.top
    assert isinstance(scene, PastGamesScene)
    return scene


def test_a_past_game_opens_its_score_sheet_and_its_hand_reviews(tmp_path: Path) -> None:
    save_history(DataPaths.resolve(tmp_path).history, GameHistory(history_of([3, 4])))
    driver = Driver(tmp_path)
    try:
        scene = open_past_games(driver)
        assert [past.seed for past in scene.games] == [4, 3], "newest first"
        assert scene.focused is scene.rows[0]
        driver.keys(pygame.K_DOWN, pygame.K_RETURN)
        sheet = driver.top
        assert isinstance(sheet, ScoreHistoryScene) and isinstance(sheet.controller, PastSheet)
        game, seats = finished_game(seed=3)
        assert list(sheet.controller.totals) == game.totals and sheet.controller.seats == seats
        assert sheet.heading == "The game of 1 Mar 2026, 20:00"
        press(driver, "Review hands")
        review = driver.top
        assert isinstance(review, ReviewScene)
        assert review.hands == len(game.results) and review.reviewer.hand_index == len(game.results) - 1
        assert review.names == [seat.name for seat in seats]
        driver.keys(pygame.K_ESCAPE, pygame.K_ESCAPE)
        assert driver.top is scene
    finally:
        driver.close()


def test_a_long_history_scrolls_with_the_keyboard_and_the_buttons(tmp_path: Path) -> None:
    games = history_of([3], copies=40)
    save_history(DataPaths.resolve(tmp_path).history, GameHistory(games))
    driver = Driver(tmp_path, size=(800, 600))
    try:
        scene = open_past_games(driver)
        shown = len(scene.controls)
        assert 1 < shown < 40 and scene.controls[0] is scene.rows[0]
        driver.keys(pygame.K_END)
        assert scene.focused is scene.rows[-1] and scene.rows[-1] in scene.controls
        driver.keys(pygame.K_HOME, pygame.K_PAGEDOWN)
        assert scene.focused is scene.rows[shown] and scene.rows[shown] in scene.controls
        driver.keys(pygame.K_HOME)
        assert not scene.newer.enabled
        scene.older.action()
        assert scene.first == shown and scene.focused in scene.controls
    finally:
        driver.close()


def test_no_past_games_says_where_they_will_be(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        scene = open_past_games(driver)
        assert scene.rows == [] and scene.focused is scene.close_button
        driver.keys(pygame.K_DOWN, pygame.K_RETURN)
        assert isinstance(driver.top, StatisticsScene)
    finally:
        driver.close()


def test_a_game_the_session_recorded_is_listed_at_once(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        game, seats = finished_game(seed=5)
        table = driver.app.session.start_table(game, seats, driver.app.worker.client(), driver.app.settings.pace)
        driver.app.session.game_changed(table)
        scene = open_past_games(driver)
        assert [past.seed for past in scene.games] == [5]
    finally:
        driver.close()
