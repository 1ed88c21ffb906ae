"""The scene stack tells each screen when it arrives and when it leaves (Tuxemon's state
manager), so that what a screen opened closes with it however it left."""

from __future__ import annotations

import pygame

from hearts_desktop.net.discovery import TableAd
from hearts_desktop.ui.network_scenes import JoinScene
from hearts_desktop.ui.scene import Scene, SceneStack

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
