"""The one place that reads pygame's event queue and turns input into intents for scenes."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class PointerDown:
    pos: Point
    button: int = 1


@dataclass(frozen=True, slots=True)
class PointerUp:
    pos: Point
    button: int = 1


@dataclass(frozen=True, slots=True)
class PointerMove:
    pos: Point
    pressed: bool = False


@dataclass(frozen=True, slots=True)
class KeyPress:
    key: int
    mod: int = 0
    text: str = ""

    @property
    def ctrl(self) -> bool:
        return bool(self.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))

    @property
    def shift(self) -> bool:
        return bool(self.mod & pygame.KMOD_SHIFT)


@dataclass(frozen=True, slots=True)
class TextInput:
    text: str


@dataclass(frozen=True, slots=True)
class Resized:
    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class QuitRequested:
    pass


Intent = PointerDown | PointerUp | PointerMove | KeyPress | TextInput | Resized | QuitRequested


def translate(event: pygame.event.Event) -> Intent | None:
    """One pygame event as an intent, or None for events the game does not use."""
    if event.type == pygame.QUIT:
        return QuitRequested()
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return PointerDown(event.pos, event.button)
    if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
        return PointerUp(event.pos, event.button)
    if event.type == pygame.MOUSEMOTION:
        return PointerMove(event.pos, bool(event.buttons[0]))
    if event.type == pygame.KEYDOWN:
        return KeyPress(event.key, event.mod, event.unicode)
    if event.type == pygame.TEXTINPUT:
        return TextInput(event.text)
    if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        surface = pygame.display.get_surface()
        return Resized(surface.get_size()) if surface is not None else None
    return None


def read_intents() -> list[Intent]:
    intents = []
    for event in pygame.event.get():
        intent = translate(event)
        if intent is not None:
            intents.append(intent)
    return intents
