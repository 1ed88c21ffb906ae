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
    repeat: bool = False
    """The key was already down: held since an earlier press (key repeat), not pressed anew.
    A hot-seat cover lifts only for a fresh press."""

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


def translate(event: pygame.event.Event, held: set[int]) -> Intent | None:
    """One pygame event as an intent, or None for events the game does not use. ``held``
    holds the keys down now (``InputReader``): a key pressed while held is a repeat."""
    if event.type == pygame.QUIT:
        return QuitRequested()
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return PointerDown(event.pos, event.button)
    if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
        return PointerUp(event.pos, event.button)
    if event.type == pygame.MOUSEMOTION:
        return PointerMove(event.pos, bool(event.buttons[0]))
    if event.type == pygame.KEYDOWN:
        repeat = event.key in held
        held.add(event.key)
        return KeyPress(event.key, event.mod, event.unicode, repeat)
    if event.type == pygame.KEYUP:
        held.discard(event.key)
        return None
    if event.type == pygame.WINDOWFOCUSLOST:
        held.clear()  # keys let go of in another window send no KEYUP here
        return None
    if event.type == pygame.TEXTINPUT:
        return TextInput(event.text)
    if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        surface = pygame.display.get_surface()
        return Resized(surface.get_size()) if surface is not None else None
    return None


class InputReader:
    """Reads pygame's event queue each frame, remembering which keys are down, so that a
    key held from before (SDL's key repeat, or a press that began on another screen) is
    marked as a repeat."""

    def __init__(self) -> None:
        self.held: set[int] = set()

    def read(self) -> list[Intent]:
        intents = []
        for event in pygame.event.get():
            intent = translate(event, self.held)
            if intent is not None:
                intents.append(intent)
        return intents
