"""Draw the Hearts Desktop application icon: two fanned cards, a spade behind a heart.

Dev-only script; the game and the installers use the files it writes, never the script.
Run from the repository root with the project's venv (it needs pygame-ce only):

    python build/make_icon.py [OUT_DIR]     # default: assets/icon

It writes ``hearts-desktop-N.png`` for every size the platforms ask for (the window uses
the 256 one, Linux menus pick theirs from the hicolor theme), ``hearts-desktop.ico`` for
Windows (small sizes as classic bitmaps, 256 as PNG, as Windows itself does) and
``hearts-desktop.icns`` for macOS (PNG entries, readable since macOS 10.7). Both container
formats are written by hand so the icon can be built on Linux, where PyInstaller would
need Pillow and macOS's ``iconutil`` is missing. The drawing is deterministic.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # after the prompt variable is set

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "icon"
MASTER = 2048  # drawn large, then averaged down: the downscale is the anti-aliasing
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# macOS icon types holding PNG data, by pixel size (the @2x types reuse the bigger images).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128),
    (b"ic13", 256), (b"ic08", 256), (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024),
)

RED = (204, 24, 40)
INK = (24, 24, 28)
PAPER = (250, 248, 242)
EDGE = (70, 70, 76)
# Transparent pixels carry the edge colour so averaging at the card's rim darkens nothing.
CLEAR = (*EDGE, 0)


def heart_outline(center: tuple[float, float], size: float, upside_down: bool = False) -> list[tuple[float, float]]:
    """Points of the classic heart curve, ``size`` wide, centred on ``center``."""
    cx, cy = center
    scale = size / 34.0  # the curve spans x in [-16, 16]
    flip = -1.0 if upside_down else 1.0
    points = []
    for step in range(720):
        t = 2 * math.pi * step / 720
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * scale, cy - flip * (y + 2.5) * scale))
    return points


def draw_spade(surface: pygame.Surface, center: tuple[float, float], size: float) -> None:
    """A spade: an upside-down heart on a flared stem."""
    cx, cy = center
    pygame.draw.polygon(surface, INK, heart_outline((cx, cy - size * 0.08), size, upside_down=True))
    stem_top, stem_bottom = cy + size * 0.12, cy + size * 0.62
    pygame.draw.polygon(surface, INK, [
        (cx - size * 0.05, stem_top), (cx + size * 0.05, stem_top),
        (cx + size * 0.24, stem_bottom), (cx - size * 0.24, stem_bottom),
    ])


def card(width: int, height: int) -> pygame.Surface:
    """A blank card with a dark rim and rounded corners."""
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    face.fill(CLEAR)
    radius = width // 9
    pygame.draw.rect(face, EDGE, face.get_rect(), border_radius=radius)
    rim = width // 40
    pygame.draw.rect(face, PAPER, face.get_rect().inflate(-2 * rim, -2 * rim), border_radius=radius - rim)
    return face


def master() -> pygame.Surface:
    """The icon at MASTER pixels: the spade card tilted left behind the heart card tilted right."""
    canvas = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    canvas.fill(CLEAR)
    width, height = int(MASTER * 0.56), int(MASTER * 0.78)
    for tilt, shift, draw_pip in ((14.0, -0.14, "spade"), (-11.0, 0.14, "heart")):
        face = card(width, height)
        middle = (width / 2, height / 2)
        if draw_pip == "spade":  # in the corner the front card leaves uncovered
            draw_spade(face, (width * 0.32, height * 0.24), width * 0.40)
        else:
            pygame.draw.polygon(face, RED, heart_outline(middle, width * 0.74))
        turned = pygame.transform.rotate(face, tilt)
        place = turned.get_rect(center=(MASTER / 2 + shift * MASTER, MASTER / 2 + MASTER * 0.02))
        canvas.blit(turned, place)
    return canvas


def scaled(image: pygame.Surface, size: int) -> pygame.Surface:
    """``image`` averaged down to ``size`` pixels square, halving at most per step (sharper)."""
    while image.get_width() > 2 * size:
        image = pygame.transform.smoothscale(image, (image.get_width() // 2, image.get_height() // 2))
    return pygame.transform.smoothscale(image, (size, size))


def png_bytes(image: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(image, buffer, "png")
    return buffer.getvalue()


def ico_bitmap(image: pygame.Surface) -> bytes:
    """One ICO entry as a classic 32-bit bitmap: BGRA rows bottom-up, then an empty AND mask."""
    size = image.get_width()
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    pixels = bytearray()
    for y in reversed(range(size)):
        for x in range(size):
            r, g, b, a = image.get_at((x, y))
            pixels += bytes((b, g, r, a))
    mask_row = ((size + 31) // 32) * 4
    return header + bytes(pixels) + bytes(mask_row * size)


def ico_file(images: dict[int, pygame.Surface]) -> bytes:
    entries = [(size, png_bytes(images[size]) if size >= 256 else ico_bitmap(images[size]))
               for size in ICO_SIZES]
    offset = 6 + 16 * len(entries)
    directory, blobs = b"", b""
    for size, blob in entries:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset + len(blobs))
        blobs += blob
    return struct.pack("<HHH", 0, 1, len(entries)) + directory + blobs


def icns_file(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else DEFAULT_OUT
    out.mkdir(parents=True, exist_ok=True)
    drawing = master()
    images = {size: scaled(drawing, size) for size in sorted(set(PNG_SIZES) | set(ICO_SIZES))}
    pngs = {size: png_bytes(image) for size, image in images.items()}
    for size in PNG_SIZES:
        (out / f"hearts-desktop-{size}.png").write_bytes(pngs[size])
    (out / "hearts-desktop.ico").write_bytes(ico_file(images))
    (out / "hearts-desktop.icns").write_bytes(icns_file(pngs))
    print(f"wrote {len(PNG_SIZES)} PNGs, hearts-desktop.ico and hearts-desktop.icns to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
