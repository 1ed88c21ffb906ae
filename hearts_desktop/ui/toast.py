"""Short messages at the top of the window ("your settings could not be saved...").

Drawn above every scene and never taking input, so a message about a file never blocks the
game; each stays long enough to be read, longer for longer sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import theme
from .widgets import panel

MIN_SECONDS = 4.0
SECONDS_PER_CHARACTER = 0.06
MAX_SHOWN = 3


@dataclass
class Toast:
    text: str
    seconds_left: float


class Toasts:
    def __init__(self) -> None:
        self.shown: list[Toast] = []

    def say(self, text: str) -> None:
        if any(t.text == text for t in self.shown):
            return
        self.shown.append(Toast(text, MIN_SECONDS + SECONDS_PER_CHARACTER * len(text)))

    def update(self, dt: float) -> None:
        for toast in self.shown[:MAX_SHOWN]:
            toast.seconds_left -= dt
        self.shown = [t for t in self.shown if t.seconds_left > 0]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = max(13, int(min(w / 70, h / 44)))
        width = int(w * 0.6)
        y = fs
        for toast in self.shown[:MAX_SHOWN]:
            lines = theme.wrap(toast.text, fs, width - fs * 2)
            rect = pygame.Rect(0, y, width, len(lines) * int(fs * 1.35) + fs)
            rect.centerx = w // 2
            panel(surface, rect)
            line_y = rect.top + fs // 2
            for line in lines:
                text = theme.text(line, fs, theme.INK)
                surface.blit(text, text.get_rect(midtop=(rect.centerx, line_y)))
                line_y += int(fs * 1.35)
            y = rect.bottom + fs // 2
