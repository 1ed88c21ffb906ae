"""Settings reach the table at once (issue 46): the deck, large cards and the pace apply to
the game on the table without a restart, and Large cards are large at every size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.layout import PORTRAIT, SIZES
from benchmarks.layout_check import large_card_problems
from hearts_desktop.ui import window
from hearts_desktop.ui.layout import TableLayout
from hearts_desktop.words import Pace

from .app_driver import Driver

LARGER = 1.15
"""Large cards make the hand at least this much taller, whatever the window."""


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path, seed=21)
    yield d
    d.close()


def _hand_height(size: tuple[int, int], players: int, large: bool) -> int:
    return TableLayout.compute(window.laid_out(size), players, 0, large).hand_rects(13)[0].height


@pytest.mark.parametrize("size", [*SIZES, PORTRAIT, (1366, 768), (3840, 2160), (1600, 600)])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_large_cards_make_the_hand_at_least_15_percent_taller_at_every_size(size: tuple[int, int],
                                                                           players: int) -> None:
    """Large cards grew the hand by 2.6% at 1280x800, the most common laptop size."""
    assert _hand_height(size, players, True) >= LARGER * _hand_height(size, players, False)


def test_the_layout_checker_measures_large_cards_at_every_size() -> None:
    assert large_card_problems((800, 600)) == []


def _screen(driver: Driver) -> bytes:
    driver.frame()
    surface = pygame.display.get_surface()
    assert surface is not None
    return pygame.image.tobytes(surface, "RGB")


def test_the_four_colour_deck_is_on_the_table_at_once(driver: Driver) -> None:
    """The Settings preview and settings.json changed, the table did not until a restart."""
    driver.new_game()
    driver.app.stack.update(0.0)
    two_colours = _screen(driver)
    driver.app.apply_settings(driver.app.settings.replace(deck="4color"))
    four_colours = _screen(driver)
    assert four_colours != two_colours
    driver.app.apply_settings(driver.app.settings.replace(deck="2color"))
    assert _screen(driver) == two_colours


def test_large_cards_and_the_pace_apply_to_the_table_at_once(driver: Driver) -> None:
    driver.new_game()
    height = driver.table.hand[0].rect.height
    driver.app.apply_settings(driver.app.settings.replace(large_cards=True, pace=Pace.RELAXED))
    driver.frame()
    assert driver.table.hand[0].rect.height >= LARGER * height
    assert driver.controller.pace is Pace.RELAXED

