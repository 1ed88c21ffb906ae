"""Buttons and panels drawn in the table's style."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from ..language import Words, said
from . import reading, theme


class Focusable(Protocol):
    """A control the keyboard focus can rest on: it has a place, and can be off or hovered."""

    rect: pygame.Rect
    enabled: bool
    hovered: bool

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a click at ``pos`` lands on it."""


HINT_MARGIN = 6
"""Pixels between a key hint and its button's end."""


@dataclass
class Button:
    words: Words
    """The label: fixed (a name), or how to say it, so that it follows a change of language."""
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    hovered: bool = False
    focused: bool = False
    key_hint: Words = ""
    """The key that presses it, beside the label ("H", or a key's name said in the language)."""
    name: str = ""
    """What the button is, the same in every language ("new_game"): the UI log gives it, so a
    test that drives the window finds the button whatever its label says; empty where no
    test looks for it."""
    direction: int = 0
    """Which way it goes in the reading: -1 back, +1 onward, 0 neither. An arrow beside the
    label points that way (``reading.arrow``): the code draws it, so it turns with the
    reading and no translation writes one."""

    @property
    def label(self) -> str:
        """The label in the language in use."""
        return said(self.words)

    @label.setter
    def label(self, words: Words) -> None:
        self.words = words

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def width_for(self, font_size: int) -> int:
        """The narrowest width that shows the label with its key hint beside it (``draw``
        leaves the hint out where it does not fit)."""
        label = theme.text(self.label, font_size, theme.INK, bold=True).get_width() + self._arrow_room(font_size)
        if not self.key_hint:
            return label + font_size
        return label + 2 * (self._hint(font_size).get_width() + 10)

    def _hint(self, font_size: int) -> pygame.Surface:
        return theme.text(said(self.key_hint), max(9, font_size * 2 // 3), theme.INK_DIM)

    def _arrow_room(self, font_size: int) -> int:
        """The width the arrow takes beside the label, with the gap between them."""
        if not self.direction:
            return 0
        return theme.font(font_size, True).size(reading.arrow(self.direction))[0] + font_size // 3

    def _draw_label(self, surface: pygame.Surface, font_size: int, colour: theme.Color, bold: bool) -> int:
        """The label in the middle, its arrow (if any) on the side it points to; how wide
        the two are together."""
        label = theme.fit_text(self.label, font_size, self._room(font_size) - self._arrow_room(font_size), colour,
                               bold=bold)
        if not self.direction:
            surface.blit(label, label.get_rect(center=self.rect.center))
            return label.get_width()
        arrow = theme.text(reading.arrow(self.direction), font_size, colour, bold=bold)
        whole = pygame.Rect(0, 0, label.get_width() + self._arrow_room(font_size), self.rect.height)
        whole.center = self.rect.center
        first, last = (arrow, label) if reading.forward(self.direction) < 0 else (label, arrow)
        surface.blit(first, first.get_rect(midleft=whole.midleft))
        surface.blit(last, last.get_rect(midright=whole.midright))
        return whole.width

    def _room(self, font_size: int) -> int:
        """The width the label may take: the button less a margin at each end (a longer
        label, in another language, is drawn smaller)."""
        return self.rect.width - font_size // 2

    def draw(self, surface: pygame.Surface, font_size: int) -> None:
        """Enabled: raised (a shadow), light label, key hint. Disabled: flat and dark, a
        faint label and no key hint, so it never reads as a button to press."""
        radius = max(4, self.rect.height // 4)
        if not self.enabled:
            pygame.draw.rect(surface, theme.BUTTON_DISABLED, self.rect, border_radius=radius)
            pygame.draw.rect(surface, theme.INK_OFF, self.rect, width=1, border_radius=radius)
            self._draw_label(surface, font_size, theme.INK_OFF, bold=False)
            return
        colour = theme.BUTTON_HOVER if self.hovered or self.focused else theme.BUTTON
        shadow = self.rect.move(0, max(2, self.rect.height // 16))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        edge = theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2 if self.focused else 1, border_radius=radius)
        label_width = self._draw_label(surface, font_size, theme.INK, bold=True)
        if self.key_hint:
            hint = self._hint(font_size)
            room = (self.rect.width - label_width) // 2
            if hint.get_width() + 8 < room:  # at the end of the reading: the right, the left in Hebrew
                surface.blit(hint, reading.at_start(hint, self.rect.inflate(-2 * HINT_MARGIN, 0), "midright"))


def click(buttons: list[Button], pos: tuple[int, int]) -> bool:
    """Press the enabled button under ``pos``, if any; whether one was pressed."""
    for button in buttons:
        if button.hit(pos):
            button.action()
            return True
    return False


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A dark rounded panel for overlays and score tables: solid, so that nothing of the
    table (names, slots, cards) shows through and mixes with the panel's own text; its
    corners only just rounded, so that the table shows at the very corners and nowhere else."""
    radius = max(4, min(12, min(rect.width, rect.height) // 24))
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))
