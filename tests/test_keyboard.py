"""Everything without a mouse: a whole hand played with keys only, through the real app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hearts_desktop.engine import PassAction, Phase, PlayAction
from hearts_desktop.persistence import Settings
from hearts_desktop.ui import theme
from hearts_desktop.ui.info_scenes import TextScene
from hearts_desktop.ui.intents import PointerDown, PointerUp
from hearts_desktop.ui.menus import MainMenuScene
from hearts_desktop.ui.new_game import NewGameScene
from hearts_desktop.ui.overlays import HandScoreScene, ScoreHistoryScene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.words import Pace

from .app_driver import Driver, key


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path, seed=21)
    yield d
    d.close()


def start_by_keyboard(driver: Driver) -> None:
    """Main menu: Enter opens New game; Tab to Start game; Enter deals."""
    assert isinstance(driver.top, MainMenuScene)
    driver.keys(pygame.K_RETURN)
    dialog = driver.top
    assert isinstance(dialog, NewGameScene)
    while dialog.focused is not dialog.start_button:
        driver.keys(pygame.K_TAB)
    driver.keys(pygame.K_RETURN)
    assert isinstance(driver.top, TableScene)


def keys_for_my_move(driver: Driver) -> None:
    """The keys a person presses for their pass or their card (a legal one)."""
    table, view = driver.table, driver.controller.view()
    if view.phase is Phase.PASSING:
        driver.keys(pygame.K_HOME, pygame.K_SPACE, pygame.K_SPACE, pygame.K_SPACE)
        driver.frame()  # the focus moves to Pass once the third card is in
        assert table.keyboard.button == "pass"
        driver.keys(pygame.K_RETURN)
    else:
        target = view.legal_cards()[-1]
        driver.keys(pygame.K_HOME, *[pygame.K_RIGHT] * list(table.hand_rects).index(target))
        assert table.keyboard.focused_card() == target
        driver.keys(pygame.K_RETURN)


def test_a_whole_hand_with_the_keyboard_only(driver: Driver) -> None:
    start_by_keyboard(driver)
    for _ in range(3000):
        if isinstance(driver.top, HandScoreScene):
            break
        if driver.human_to_act():
            keys_for_my_move(driver)
        else:
            driver.frame()
    else:
        raise AssertionError("the hand never ended")
    mine = [a for a in driver.controller.game.actions if a.seat == 0]
    assert len([a for a in mine if isinstance(a, PassAction)]) == 1
    assert len([a for a in mine if isinstance(a, PlayAction)]) == 13
    driver.keys(pygame.K_RETURN)  # the score screen's Next hand
    assert isinstance(driver.top, TableScene) and driver.controller.game.hand_index == 1


def test_backspace_takes_the_last_card_back_out_of_the_slots(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    driver.keys(pygame.K_RIGHT, pygame.K_SPACE, pygame.K_SPACE)
    chosen = list(table.pass_slots)
    assert len(chosen) == 2
    driver.keys(pygame.K_BACKSPACE)
    assert table.pass_slots == chosen[:1]


def test_tab_reaches_the_table_buttons_and_enter_presses_them(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    for _ in range(10):
        if table.keyboard.button == "scores":
            break
        driver.keys(pygame.K_TAB)
    assert table.buttons["scores"].focused
    driver.keys(pygame.K_RETURN)
    assert isinstance(driver.top, ScoreHistoryScene)


@pytest.mark.parametrize("where", ["menu", "table"])
def test_f2_opens_new_game_and_question_mark_the_help(driver: Driver, where: str) -> None:
    if where == "table":
        driver.new_game()
    driver.keys(pygame.K_F2)
    assert isinstance(driver.top, NewGameScene)
    driver.keys(pygame.K_ESCAPE)
    driver.frame(key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?"))
    assert isinstance(driver.top, TextScene) and driver.top.heading == "Keyboard"


def test_confirm_before_play_needs_a_second_click(tmp_path: Path) -> None:
    driver = Driver(tmp_path, seed=21, settings=Settings(pace=Pace.INSTANT, animations=False, sound=False,
                                                         confirm_play=True))
    try:
        driver.new_game()
        driver.play_through(lambda: driver.human_to_act() and driver.controller.view().phase is Phase.PLAYING)
        table = driver.table
        card = driver.controller.view().legal_cards()[-1]
        rect = table.hand_rects[card]
        point = (rect.left + 6, rect.centery)
        plays = len(driver.controller.game.actions)
        driver.frame(PointerDown(point), PointerUp(point))
        assert table.keyboard.armed == card and len(driver.controller.game.actions) == plays
        driver.frame(PointerDown(point), PointerUp(point))
        assert PlayAction(0, card) in driver.controller.game.actions
    finally:
        driver.close()


def test_the_focused_card_is_outlined_on_screen(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)
    card = table.keyboard.focused_card()
    assert card is not None
    rect = table.hand_rects[card]
    screen = pygame.display.get_surface()
    assert screen is not None
    assert tuple(screen.get_at((rect.left - 2, rect.centery)))[:3] == theme.HIGHLIGHT
    driver.keys(pygame.K_LEFT)
    assert tuple(screen.get_at((rect.left - 2, rect.centery)))[:3] != theme.HIGHLIGHT
