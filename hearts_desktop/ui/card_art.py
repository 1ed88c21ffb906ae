"""The card images: each read from its PNG when first drawn, scaled once per card size."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache

import pygame

from ..engine import CARDS, Card
from ..resources import asset_path
from . import theme

ASPECT = 240 / 336  # width / height of the art
KEPT_BYTES = 96 * 2**20
"""Memory for scaled images. A window uses a few heights (hand, other seats, cards in flight);
resizing through many window sizes drops the least recently used heights instead of keeping
every size ever drawn (a full deck at 4K height is about 30 MB)."""
READ_SECONDS = 0.002
"""How long one frame may spend reading the faces not drawn yet (a file takes about 1.5 ms):
the rest of the deck comes in over a few dozen frames instead of holding one for 50-70 ms."""


class CardArt:
    """Faces of one deck ("2color" or "4color") and backs, at any size, cached."""

    def __init__(self, deck: str = "2color", back_colour: str = "blue") -> None:
        self.deck = deck
        self.back_colour = back_colour
        self._back = _tinted_back(back_colour)
        self._scaled: OrderedDict[int, dict[int, pygame.Surface]] = OrderedDict()
        """Scaled images by height, the most recently used height last."""
        self._bytes = 0
        self._unread = [str(card) for card in CARDS]
        """Faces that ``read_more`` has not read yet."""

    def read_more(self, seconds: float = READ_SECONDS) -> None:
        """Read the next faces not read yet, at least one and more while ``seconds`` last:
        called after each frame once the table is on screen, so that a card seen for the
        first time mid-hand costs no frame a file read, and no frame reads the whole deck
        (no-op once it is all read)."""
        started = time.perf_counter()
        while self._unread:
            _load(self.deck, self._unread.pop())
            if time.perf_counter() - started >= seconds:
                return

    def face(self, card: Card, height: int) -> pygame.Surface:
        """A face is read from its file the first time it is drawn, or by ``read_more`` (a
        card's file takes about 1.5 ms: the whole deck read before the first frame took a
        tenth of the start-up)."""
        return self._at(height, int(card), lambda: _load(self.deck, str(card)))

    def back(self, height: int, sideways: bool = False) -> pygame.Surface:
        """The back ``height`` tall, or lying on its side (the seats left and right)."""
        if sideways:
            return self._at(height, -2, lambda: self._back, rotate=True)
        return self._at(height, -1, lambda: self._back)

    def _at(self, height: int, key: int, image: Callable[[], pygame.Surface], rotate: bool = False
            ) -> pygame.Surface:
        """``image()`` scaled to ``height``: scaled once while that height is in use."""
        sized = self._scaled.get(height)
        if sized is None:
            sized = self._scaled[height] = {}
        else:
            self._scaled.move_to_end(height)
        surface = sized.get(key)
        if surface is None:
            surface = _scale(image(), height)
            surface = sized[key] = pygame.transform.rotate(surface, 90) if rotate else surface
            self._bytes += _size_of(surface)
            while self._bytes > KEPT_BYTES and len(self._scaled) > 1:
                _, dropped = self._scaled.popitem(last=False)
                self._bytes -= sum(_size_of(s) for s in dropped.values())
        return surface


def _size_of(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


def card_width(height: int) -> int:
    return round(height * ASPECT)


def _scale(image: pygame.Surface, height: int) -> pygame.Surface:
    return pygame.transform.smoothscale(image, (card_width(height), height))


@lru_cache(maxsize=128)
def _load(deck: str, name: str) -> pygame.Surface:
    path = asset_path("cards", deck, f"{name}.png") if deck else asset_path("cards", f"{name}.png")
    image = pygame.image.load(str(path))
    return image.convert_alpha() if pygame.display.get_surface() else image


@lru_cache(maxsize=8)
def _tinted_back(colour: str) -> pygame.Surface:
    """The back's lattice recoloured: multiplying keeps white white and tints the lines."""
    coloured = _load("", "back").copy()
    tint = pygame.Surface(coloured.get_size(), pygame.SRCALPHA)
    tint.fill((*theme.BACK_COLOURS.get(colour, theme.BACK_COLOURS["blue"]), 255))
    coloured.blit(tint, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return coloured
