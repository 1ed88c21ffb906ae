"""The UI fuzzer's findings, each fixed and kept here as a regression test named after it."""

from __future__ import annotations

from pathlib import Path

import pygame

from hearts_desktop.persistence import Seat
from hearts_desktop.ui.overlays import CoverScene, HandScoreScene
from hearts_desktop.ui.table_scene import TableScene

from .app_driver import Driver

HOT_SEAT = (Seat("Anna", "human"), Seat("Bo", "computer", "easy"), Seat("Cy", "human"),
            Seat("Di", "computer", "easy"))


def test_fuzz_seed_1_finishing_a_hot_seat_hand_raises_no_cover(tmp_path: Path) -> None:
    """Finish hand played the rest through the hot-seat turn logic: a cover asked for a
    person although the hand was over, and hid the hand's score behind it."""
    driver = Driver(tmp_path)
    driver.new_game(HOT_SEAT)
    app = driver.app
    driver.play_through(lambda: isinstance(driver.top, TableScene) and app.controller.can_finish_hand()
                        and app.table.buttons["finish"].enabled)
    at_the_computer = app.controller.active_human()
    driver.keys(pygame.K_f)
    for _ in range(60):
        driver.frame()
    assert isinstance(driver.top, HandScoreScene)
    assert not any(isinstance(scene, CoverScene) for scene in app.stack.scenes)
    assert app.controller.cover is None
    driver.keys(pygame.K_RETURN)
    first_to_pass = app.controller.active_human()
    assert isinstance(driver.top, CoverScene) == (first_to_pass != at_the_computer)
    driver.close()
