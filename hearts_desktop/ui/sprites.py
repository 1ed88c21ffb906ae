"""Cards in motion and the small drawing helpers every card on the table shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from ..engine import Card
from . import theme
from .card_art import CardArt
from .tween import Tween, lerp, lerp_point


def draw_card(
    surface: pygame.Surface, art: CardArt, card: Card | None, rect: pygame.Rect,
    outline: theme.Color | None = None, dimmed: bool = False, rotate: bool = False,
) -> None:
    """A card (``None`` for a back) with a soft shadow, optionally outlined or dimmed."""
    height = rect.width if rotate else rect.height
    image = art.back(height, rotate) if card is None else art.face(card, height)
    shadow = pygame.Rect(rect.x + max(1, rect.width // 30), rect.y + max(2, rect.height // 28), rect.width, rect.height)
    _draw_shadow(surface, shadow)
    surface.blit(image, rect.topleft)
    if dimmed:
        veil = _veil(image.get_size())
        surface.blit(veil, rect.topleft)
    if outline is not None:
        pygame.draw.rect(surface, outline, rect.inflate(4, 4), width=3, border_radius=max(4, rect.width // 12))


# Card-sized overlays, one per size; bounded because a window being resized passes through
# many card sizes (an unbounded cache grew with every one).
@lru_cache(maxsize=32)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (20, 30, 25, 120), veil.get_rect(), border_radius=max(3, size[0] // 12))
    return veil


@lru_cache(maxsize=32)
def _shadow(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=max(3, size[0] // 12))
    return shade


def _draw_shadow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(_shadow(rect.size), rect.topleft)


@dataclass
class Flight:
    """A card moving from one place to another over time, then handing over to ``on_done``."""

    card: Card | None
    start: pygame.Rect
    end: pygame.Rect
    tween: Tween
    on_done: Callable[[], None] | None = None
    finished: bool = field(default=False)

    def update(self, dt: float) -> None:
        self.tween.update(dt)
        if self.tween.done:
            self.finish()

    def finish(self) -> None:
        if not self.finished:
            self.finished = True
            self.tween.finish()
            if self.on_done is not None:
                self.on_done()

    def rect(self) -> pygame.Rect:
        t = self.tween.progress
        x, y = lerp_point((self.start.x, self.start.y), (self.end.x, self.end.y), t)
        height = lerp(self.start.height, self.end.height, t)
        height = max(8, int(round(height / 4) * 4))  # a few sizes only, so scaled art is cached
        width = round(height * self.end.width / max(self.end.height, 1))
        return pygame.Rect(round(x), round(y), width, height)
