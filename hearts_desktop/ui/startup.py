"""What must hold before the first frame: a screen the player can see, and every card image
and font the game draws with, readable.

Without a display SDL falls back to drawing off screen and the program would run forever
with nothing to see; it says so instead. A missing or damaged file is found here, before a
game needs it, and named (``ui.app.run`` says it in a message box as well as on stderr).
"""

from __future__ import annotations

import os
import struct
import zlib
from functools import cache

import pygame

from ..engine import CARDS
from ..language import N_, _
from ..persistence.settings import DECKS
from ..resources import DamagedAsset, asset_path
from . import theme

INVISIBLE_DRIVERS = ("offscreen", "dummy")
"""SDL's video drivers that draw into memory: chosen on purpose for tests, or as SDL's last
resort when it finds no display."""


class NoDisplay(Exception):
    """No screen to draw on; the message says so in one sentence."""


NO_DISPLAY = N_("Hearts Desktop needs a screen to draw on and found none "
                "(no DISPLAY or WAYLAND_DISPLAY, as over SSH): start it on the computer's own desktop.")


def open_display() -> None:
    """Start SDL's video, refusing a display nobody can see unless it was asked for."""
    try:
        pygame.display.init()
    except pygame.error:
        raise NoDisplay(_(NO_DISPLAY)) from None
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS and driver not in asked_drivers():
        pygame.display.quit()
        raise NoDisplay(_(NO_DISPLAY))


def asked_drivers() -> list[str]:
    """The video drivers named in SDL_VIDEODRIVER (tests and build checks ask for "dummy")."""
    return os.environ.get("SDL_VIDEODRIVER", "").lower().replace(" ", "").split(",")


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@cache
def check_assets() -> None:
    """Check every card face of every deck and the back, and read the fonts, once, at
    start-up: a missing or damaged file stops the program before a game needs it. Raises
    MissingAsset or DamagedAsset; checked once per process."""
    images = [asset_path("cards", deck, f"{card}.png") for deck in DECKS for card in CARDS]
    images.append(asset_path("cards", "back.png"))
    for path in images:
        if not png_is_whole(path.read_bytes()):
            raise DamagedAsset(path)
    for name in (theme.REGULAR_FONT, theme.BOLD_FONT):
        path = asset_path("fonts", name)
        try:
            pygame.font.Font(str(path), 12).render("♠♥♦♣ Hearts 10", True, (0, 0, 0))
        except (pygame.error, OSError):
            raise DamagedAsset(path) from None


def png_is_whole(data: bytes) -> bool:
    """``data`` is a PNG whose every chunk is complete and matches its checksum, up to the
    closing IEND chunk: a truncated, overwritten or bit-flipped file fails. Checking the
    105 card files this way takes milliseconds, where decoding them took a sixth of the
    start-up; the faces are decoded when first drawn."""
    if not data.startswith(PNG_SIGNATURE):
        return False
    position = len(PNG_SIGNATURE)
    while position + 12 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, position)
        end = position + 8 + length
        if end + 4 > len(data):
            return False
        if zlib.crc32(data[position + 4:end]) != struct.unpack_from(">I", data, end)[0]:
            return False
        if kind == b"IEND":
            return True
        position = end + 4
    return False
