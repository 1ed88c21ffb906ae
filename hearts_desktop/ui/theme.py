"""Colours, fonts and cached text: the look of the table in one place."""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache

import pygame

from .. import language
from ..resources import asset_path
from . import bidi

Color = tuple[int, int, int]

FELT_DARK = (12, 66, 36)
FELT_LIGHT = (33, 122, 70)
INK = (245, 244, 236)
INK_DIM = (190, 205, 192)
GOLD = (242, 200, 84)
RED = (214, 62, 62)
SHADOW = (0, 0, 0)
PANEL = (14, 40, 26)
PANEL_EDGE = (72, 140, 98)
BUTTON = (36, 88, 58)
BUTTON_HOVER = (52, 118, 80)
BUTTON_DISABLED = (18, 48, 31)
INK_OFF = (104, 132, 112)
"""A disabled control's label: readable, plainly not at full strength."""
HIGHLIGHT = (255, 221, 87)
RECEIVED = (120, 200, 255)
HINT = (130, 255, 160)

BACK_COLOURS: dict[str, Color] = {
    "blue": (38, 74, 160),
    "red": (170, 38, 48),
    "green": (28, 118, 70),
    "purple": (104, 52, 140),
}


ARABIC_SCRIPT, HEBREW_SCRIPT, LATIN_SCRIPT = "Arab", "Hebr", "Latn"
"""ISO 15924 codes: the script a right-to-left run is shaped as (``_shaped``)."""

REGULAR_FONT = "DejaVuSans.ttf"
BOLD_FONT = "DejaVuSans-Bold.ttf"
"""The shipped DejaVu Sans (it has the suit symbols), in assets/fonts."""
MIN_FITTED_SIZE = 9
"""The smallest font a text shrinks to so as to fit its room; narrower still, it is cut."""


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped font at a pixel size."""
    name = BOLD_FONT if bold else REGULAR_FONT
    return pygame.font.Font(str(asset_path("fonts", name)), max(size, 6))


@lru_cache(maxsize=512)
def text(label: str, size: int, colour: Color = INK, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: drawing a frame never renders the same words twice.

    Hebrew and Arabic are shaped right to left by SDL_ttf's HarfBuzz, through pygame-ce's
    font direction. A line mixing directions ("Pass 3 cards to דנה →") is cut into runs of
    one direction by the Unicode bidi algorithm (``bidi``), each shaped in its own, in the
    line's direction (that of its first letter, or right to left in a right-to-left
    interface when it holds any right-to-left letter, as a Hebrew sentence that starts with
    a Latin name does).
    """
    shaper = font(size, bold)
    runs = visual_runs(label)
    if len(runs) == 1:
        return _shaped(shaper, runs[0][0], runs[0][1], colour)
    pieces = [_shaped(shaper, run, direction, colour) for run, direction in runs]
    line = pygame.Surface((sum(p.get_width() for p in pieces), max(p.get_height() for p in pieces)),
                          pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        line.blit(piece, (x, 0))
        x += piece.get_width()
    return line


def _shaped(shaper: pygame.font.Font, run: str, direction: int, colour: Color) -> pygame.Surface:
    """One run in its direction. HarfBuzz joins Arabic letters only when told the run's
    script: without it, SDL_ttf's default (Latin) drew every letter in its isolated form.

    A run SDL_ttf cannot draw (one holding a NUL or a lone surrogate, or nothing visible: a
    zero-width space, a direction mark) draws as nothing, a line's height and no width: the
    words may come from another computer, and the render loop must not stop for them."""
    try:
        if direction == pygame.DIRECTION_LTR:
            return _within_the_line(shaper.render(run, True, colour), shaper.get_height())
        shaper.set_direction(direction)
        shaper.set_script(ARABIC_SCRIPT if any(unicodedata.bidirectional(c) == "AL" for c in run) else HEBREW_SCRIPT)
        try:
            return _within_the_line(shaper.render(run, True, colour), shaper.get_height())
        finally:
            shaper.set_direction(pygame.DIRECTION_LTR)
            shaper.set_script(LATIN_SCRIPT)
    except (ValueError, pygame.error):  # NUL, surrogate (UnicodeEncodeError); "Text has zero width"
        return pygame.Surface((0, shaper.get_height()), pygame.SRCALPHA)


def _within_the_line(rendered: pygame.Surface, line_height: int) -> pygame.Surface:
    """``rendered`` no taller than the font's line: a hamza above an alef (أ) or a mark above
    or below a letter draws a run 1-8 px taller, which overlapped the next line of a list
    (129 places in Arabic); such a run is drawn that much smaller, whole."""
    width, height = rendered.get_size()
    if height <= line_height:
        return rendered
    return pygame.transform.smoothscale(rendered, (max(1, width * line_height // height), line_height))


def direction_of(label: str) -> int:
    """Right to left when the first letter with a direction is Hebrew or Arabic, or, in a
    right-to-left interface, when any letter is (the sentence is then the interface's)."""
    strong = [direction for direction in map(_strong, label) if direction is not None]
    if language.right_to_left() and pygame.DIRECTION_RTL in strong:
        return pygame.DIRECTION_RTL
    return strong[0] if strong else pygame.DIRECTION_LTR


def _strong(char: str) -> int | None:
    """A letter's direction; digits and punctuation have none of their own (rule P2: a line
    that starts with a number takes the direction of its first letter)."""
    kind = unicodedata.bidirectional(char)
    if kind in ("R", "AL"):
        return pygame.DIRECTION_RTL
    if kind == "L":
        return pygame.DIRECTION_LTR
    return None


def visual_runs(label: str) -> list[tuple[str, int]]:
    """``label`` cut into runs of one direction, in the order they are drawn left to right,
    by the Unicode bidi algorithm (``bidi``) in the line's direction (``direction_of``)."""
    right_to_left = direction_of(label) == pygame.DIRECTION_RTL
    return [(run, pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
            for run, rtl in bidi.visual_runs(label, right_to_left)]


def missing_glyphs(label: str) -> str:
    """The characters of ``label`` the shipped font has no picture for (drawn as boxes)."""

    face = _glyph_font()
    return "".join(dict.fromkeys(char for char, metrics in zip(label, face.get_metrics(label))
                                 if metrics is None and not char.isspace()))


@lru_cache(maxsize=1)
def _glyph_font() -> pygame.freetype.Font:
    import pygame.freetype

    pygame.freetype.init()
    return pygame.freetype.Font(str(asset_path("fonts", REGULAR_FONT)), 16)


def shadowed_text(label: str, size: int, colour: Color = INK, bold: bool = False) -> pygame.Surface:
    return _shadowed(label, size, colour, bold)


@lru_cache(maxsize=256)
def _shadowed(label: str, size: int, colour: Color, bold: bool) -> pygame.Surface:
    front = text(label, size, colour, bold)
    offset = max(1, size // 14)
    surface = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
    back = text(label, size, SHADOW, bold).copy()  # shaped as the front is
    back.set_alpha(150)
    surface.blit(back, (offset, offset))
    surface.blit(front, (0, 0))
    return surface


def wrap(label: str, size: int, width: int, bold: bool = False, most: int = 0) -> list[str]:
    """Break ``label`` into lines that fit ``width`` pixels; with ``most``, no more lines than
    that, the last one ending in an ellipsis if words were left out. A word longer than the
    width is cut with an ellipsis too."""
    words = label.split()
    lines: list[str] = []
    current = ""
    f = font(size, bold)
    for word in words:
        candidate = f"{current} {word}".strip()
        if f.size(candidate)[0] <= width or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if most and len(lines) > most:
        lines = lines[:most - 1] + [" ".join(lines[most - 1:])]
    return [fitted(line, size, width, bold) for line in lines]


def fitted(label: str, size: int, width: int, bold: bool = False) -> str:
    """``label``, or as much of it as fits ``width`` pixels followed by an ellipsis."""
    f = font(size, bold)
    if f.size(label)[0] <= width:
        return label
    low, high = 0, len(label)
    while low < high:
        middle = (low + high + 1) // 2
        if f.size(label[:middle].rstrip() + "…")[0] <= width:
            low = middle
        else:
            high = middle - 1
    return label[:low].rstrip() + "…"


def fit_text(label: str, size: int, width: int, colour: Color, bold: bool = False) -> pygame.Surface:
    """``label`` rendered at ``size`` or smaller, so that it fits ``width`` pixels (cut with
    an ellipsis when even the smallest size is too wide): a longer word in another language
    stays inside its button or row."""
    size = fitting_size(label, size, width, bold)
    return text(fitted(label, size, width, bold), size, colour, bold)


def fitting_size(label: str, size: int, width: int, bold: bool = False) -> int:
    """``size``, or the largest smaller one (down to ``MIN_FITTED_SIZE``) at which ``label``
    fits ``width`` pixels."""
    while size > MIN_FITTED_SIZE and font(size, bold).size(label)[0] > width:
        size -= 1
    return size


def clear_caches() -> None:
    """Forget fonts and rendered text: they die with pygame.quit() and cannot be reused."""
    for cached in (font, felt, _glyph_font):
        cached.cache_clear()
    forget_texts()


def forget_texts() -> None:
    """Forget rendered text: after a change of language, a line mixing directions is laid
    out in the new interface's direction."""
    text.cache_clear()
    _shadowed.cache_clear()


@lru_cache(maxsize=2)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green table with a soft vignette, drawn once per window size."""
    surface = pygame.Surface(size)
    surface.blit(pygame.transform.smoothscale(_vignette(), size), (0, 0))
    return surface


VIGNETTE_SIZE = (64, 40)


@cache
def _vignette() -> pygame.Surface:
    """The felt's light centre fading to dark edges, small (smoothing it up to the window's
    size blurs it), the same for every size: made once, from bytes rather than pixel by pixel."""
    width, height = VIGNETTE_SIZE
    pixels = bytearray()
    for y in range(height):
        dy = (y - (height - 1) / 2) / (height / 2)
        for x in range(width):
            dx = (x - (width - 1) / 2) / (width / 2)
            t = max(0.0, min(1.0, (dx * dx + dy * dy) ** 0.5) - 0.35) / 0.65
            pixels += bytes(int(light * (1 - t) + dark * t) for light, dark in zip(FELT_LIGHT, FELT_DARK))
    return pygame.image.frombytes(bytes(pixels), VIGNETTE_SIZE, "RGB")
