"""Render the CC0 Adrian Kennard card deck from SVG into PNGs for Hearts Desktop.

Dev-only script; the game loads the generated PNGs and never needs this.

The SVGs come from the npm package ``@heruka_urgyen/react-playing-cards``:

    mkdir -p /tmp/cardpkg && cd /tmp/cardpkg
    npm pack @heruka_urgyen/react-playing-cards && tar xzf *.tgz
    python3 -m venv /tmp/assetvenv && /tmp/assetvenv/bin/pip install resvg-py
    /tmp/assetvenv/bin/python build/render_cards.py /tmp/cardpkg/package

Output: ``<out>/2color/XY.png``, ``<out>/4color/XY.png`` (52 cards each, rank
``23456789TJQKA`` then suit ``CDSH``) and ``<out>/back.png``.
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
import zlib
from pathlib import Path

import resvg_py

RANKS = "23456789TJQKA"
SUITS = "CDSH"
HEIGHT_PX = 336
# Our deck name -> folder in the package ("-bf" = the big-face variants).
DECKS: dict[str, str] = {"2color": "2color-bf", "4color": "4color-bf"}
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "cards"

_ROOT_TAG = re.compile(r"<svg\b[^>]*>", re.S)
_VIEWBOX = re.compile(r'\bviewBox="([^"]+)"')
_FACE = re.compile(r'\bface="([^"]+)"')


def card_names() -> list[str]:
    """Return all 52 two-character card names, e.g. ``QS``, ``TH``."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def px_svg(svg: str, height: int) -> tuple[str, int]:
    """Rewrite the root width/height to px (keeping viewBox); return (svg, width)."""
    match = _ROOT_TAG.search(svg)
    if match is None:
        raise ValueError("no <svg> root tag")
    tag = match.group(0)
    viewbox = _VIEWBOX.search(tag)
    if viewbox is None:
        raise ValueError("root <svg> has no viewBox")
    _, _, vb_w, vb_h = (float(v) for v in viewbox.group(1).replace(",", " ").split())
    width = round(height * vb_w / vb_h)
    tag = re.sub(r'(?<=\s)width="[^"]*"', f'width="{width}"', tag, count=1)
    tag = re.sub(r'(?<=\s)height="[^"]*"', f'height="{height}"', tag, count=1)
    return svg[: match.start()] + tag + svg[match.end() :], width


def _chunk(kind: bytes, data: bytes) -> bytes:
    """Encode one PNG chunk."""
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def recompress_png(png: bytes) -> bytes:
    """Re-deflate the image data at level 9 and drop ancillary chunks."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, ihdr, idat = 8, b"", bytearray()
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        data = png[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = data
        elif kind == b"IDAT":
            idat += data
    raw = zlib.decompress(bytes(idat))
    packed = zlib.compress(raw, 9)
    return png[:8] + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", packed) + _chunk(b"IEND", b"")


def render(svg_path: Path, out_path: Path, height: int = HEIGHT_PX) -> int:
    """Render one SVG to an RGBA PNG of the given height; return bytes written."""
    svg, width = px_svg(svg_path.read_text(encoding="utf-8"), height)
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, height=height))
    png = recompress_png(png)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_bytes(png)
    return len(png)


def find_images(package: Path) -> Path:
    """Locate ``src/images`` inside the unpacked npm package folder."""
    for candidate in (package / "src" / "images", package / "package" / "src" / "images"):
        if (candidate / "back.svg").is_file():
            return candidate
    raise SystemExit(f"no src/images/back.svg under {package}")


def main(argv: list[str] | None = None) -> int:
    """Render every card of both decks plus the back."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", type=Path, help="unpacked npm package folder")
    parser.add_argument("out", type=Path, nargs="?", default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    images = find_images(args.package)
    total = 0
    for deck, folder in DECKS.items():
        for name in card_names():
            src = images / folder / f"{name}.svg"
            face = _FACE.search(src.read_text(encoding="utf-8"))
            if face is None or face.group(1) != name:
                raise SystemExit(f"{src}: face attribute does not match {name}")
            total += render(src, args.out / deck / f"{name}.png")
    total += render(images / "back.svg", args.out / "back.png")
    print(f"wrote {2 * 52 + 1} PNGs, {total / 1e6:.2f} MB, to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
