"""A small window of our own with one sentence and a Close button.

The program says why it cannot start (a damaged card, another copy already open) in the
system's message box. Where that box cannot be shown (a Linux desktop without ``zenity``:
KDE, Xfce, minimal installs) a double-clicked program would close with the sentence on a
terminal nobody sees; this window shows it instead. It draws with pygame's own font, never
the game's assets: a damaged asset may be the very reason it is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import pygame

from ..language import _
from .intents import InputReader, Intent, KeyPress, PointerDown, PointerMove, PointerUp, QuitRequested

WIDTH: Final = 560
MARGIN: Final = 24
FONT_SIZE: Final = 24
"""pygame's own font at this size: about 16 px for a capital letter."""
LINE_GAP: Final = 4
BUTTON_SIZE: Final = (120, 40)
FPS: Final = 30
CLOSE_KEYS: Final = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
BACKGROUND: Final = (36, 40, 44)
INK: Final = (235, 235, 230)
BUTTON: Final = (70, 110, 160)
BUTTON_HOVER: Final = (90, 135, 190)


def wrapped(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text``'s lines broken into lines ``width`` pixels wide; a word wider than that (a
    long path) is broken between characters."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            while font.size(word)[0] > width:
                cut = max((i for i in range(1, len(word)) if font.size(word[:i])[0] <= width), default=1)
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


class MessageWindow:
    """The sentence and a Close button; closed by the button, its keys or the window's close."""

    def __init__(self, sentence: str) -> None:
        self.font = pygame.font.Font(None, FONT_SIZE)
        self.lines = wrapped(sentence, self.font, WIDTH - 2 * MARGIN)
        text_height = len(self.lines) * (self.font.get_linesize() + LINE_GAP)
        self.size = (WIDTH, MARGIN + text_height + MARGIN + BUTTON_SIZE[1] + MARGIN)
        self.button = pygame.Rect((0, 0), BUTTON_SIZE)
        self.button.midbottom = (WIDTH // 2, self.size[1] - MARGIN)
        self.closed = False
        self.hovered = False
        self._pressed = False

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, QuitRequested) or (isinstance(intent, KeyPress) and intent.key in CLOSE_KEYS):
            self.closed = True
        elif isinstance(intent, PointerMove):
            self.hovered = self.button.collidepoint(intent.pos)
        elif isinstance(intent, PointerDown) and intent.button == 1:
            self._pressed = self.button.collidepoint(intent.pos)
        elif isinstance(intent, PointerUp) and intent.button == 1:
            self.closed = self._pressed and self.button.collidepoint(intent.pos)
            self._pressed = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        y = MARGIN
        for line in self.lines:
            surface.blit(self.font.render(line, True, INK), (MARGIN, y))
            y += self.font.get_linesize() + LINE_GAP
        pygame.draw.rect(surface, BUTTON_HOVER if self.hovered else BUTTON, self.button, border_radius=8)
        pygame.draw.rect(surface, INK, self.button, width=1, border_radius=8)
        label = self.font.render(_("Close"), True, INK)
        surface.blit(label, label.get_rect(center=self.button.center))


def show_message(title: str, sentence: str, read: Callable[[], Sequence[Intent]] | None = None) -> None:
    """Show ``sentence`` in a window of our own until it is closed; raises pygame.error when
    no window can be opened (no display at all)."""
    pygame.display.init()
    pygame.font.init()
    try:
        window = MessageWindow(sentence)
        surface = pygame.display.set_mode(window.size)
        pygame.display.set_caption(title)
        read = read or InputReader().read
        clock = pygame.time.Clock()
        while not window.closed:
            for intent in read():
                window.handle(intent)
            window.draw(surface)
            pygame.display.flip()
            clock.tick(FPS)
    finally:
        pygame.display.quit()
