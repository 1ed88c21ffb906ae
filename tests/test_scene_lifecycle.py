"""The scene stack tells each screen when it arrives and when it leaves (Tuxemon's state
manager), so that what a screen opened closes with it however it left."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame
import pytest

from hearts_desktop.net.discovery import TableAd
from hearts_desktop.ui.game_screens import GameScreens
from hearts_desktop.ui.network_scenes import JoinScene
from hearts_desktop.ui.review_scene import ReviewScene
from hearts_desktop.ui.scene import Scene, SceneStack

from .app_driver import Driver

SIZE = (1280, 800)


class Told(Scene):
    """A screen that writes down what the stack told it."""

    def __init__(self, name: str, said: list[str]) -> None:
        super().__init__()
        self.name = name
        self.said = said

    def on_enter(self) -> None:
        self.said.append(f"{self.name} arrives")

    def on_exit(self) -> None:
        self.said.append(f"{self.name} leaves")


def test_each_screen_is_told_once_when_it_arrives_and_when_it_leaves_however_it_left() -> None:
    said: list[str] = []
    stack = SceneStack()
    table, menu, question = Told("table", said), Told("menu", said), Told("question", said)
    for scene in (table, menu, question):
        stack.push(scene)
    question.close()
    question.close()  # closed twice: told once
    stack.push(question)
    stack.clear_above(table)
    assert stack.scenes == [table]
    stack.replace_all(Told("main menu", said))
    assert said == ["table arrives", "menu arrives", "question arrives", "question leaves", "question arrives",
                    "question leaves", "menu leaves", "table leaves", "main menu arrives"]
    assert stack.find(Told) is not None and stack.find(JoinScene) is None


class Listening:
    """A search for tables that only says whether it still listens."""

    def __init__(self) -> None:
        self.listening = True

    def tables(self) -> list[TableAd]:
        return []

    def close(self) -> None:
        self.listening = False


def test_the_search_for_tables_stops_when_the_join_screen_is_replaced() -> None:
    """Replaced with every other screen (a friend's table starting, the main menu), the Join
    screen kept its search listening on the network: only its Back button stopped it."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    stack = SceneStack()
    search = Listening()
    stack.push(JoinScene(SIZE, "Fran", search, "", lambda *_: None))  # type: ignore[arg-type]
    stack.replace_all(Scene())
    assert not search.listening


def noted(closed: list[str], name: str, close: Callable[[], None]) -> None:
    closed.append(name)
    close()


def test_a_review_closes_with_its_screen_and_a_game_with_its_table(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The main menu replacing every screen: the review over the table stops its work (only
    its Close button stopped it), and the game closes with its table (the window kept five
    fields to know which game to end)."""
    closed: list[str] = []
    driver = Driver(tmp_path)
    try:
        driver.new_game()
        driver.play_through(lambda: driver.controller.game.hand_index == 1 and driver.human_to_act())
        play, screens = driver.app.play, driver.table.overlays
        assert play is not None and isinstance(screens, GameScreens)
        screens.open_review(driver.table, 0, 0, covered=False)
        review = driver.top
        assert isinstance(review, ReviewScene)
        for name, thing in (("review", review.reviewer), ("game", play)):
            monkeypatch.setattr(thing, "close", partial(noted, closed, name, thing.close))
        driver.app.show_main_menu()
        assert closed == ["review", "game"] and driver.app.play is None
    finally:
        driver.close()
