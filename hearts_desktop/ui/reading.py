"""Which way the interface reads: left to right, or mirrored for a right-to-left language.

A Hebrew reader starts at the right: a label stands right of its value, a row of buttons
begins at the right, the arrow that goes on points left. The screens place their controls
as for a left-to-right reader and ``Overlay.place`` mirrors those places about the window's
middle in one go, so no screen asks the direction itself; drawing anchors a text at the
start of its box with ``at_start``. The table is not mirrored: its seats and the trick are
where the cards are, in every language.
"""

from __future__ import annotations

import pygame

from .. import language

_MIRRORED_ANCHORS = {"left": "right", "right": "left"}
ARROWS = {-1: "◀", 1: "▶"}
"""The arrow beside a button's label that points left or right (``arrow``)."""
ARROW_KEYS = {-1: "←", 1: "→"}
"""The arrow keys as keyboards write them, left and right (``arrow_key``)."""


def mirrored() -> bool:
    """Whether the interface reads right to left now (the language in use says it)."""
    return language.right_to_left()


def mirror(rect: pygame.Rect, width: int) -> pygame.Rect:
    """``rect`` where a right-to-left reader expects it, in a window ``width`` wide (itself
    for a left-to-right one)."""
    return mirror_in(rect, pygame.Rect(0, 0, width, 0))


def mirror_in(rect: pygame.Rect, box: pygame.Rect) -> pygame.Rect:
    """``rect``, placed inside ``box`` for a left-to-right reader, where a right-to-left one
    expects it inside ``box`` (a column of a row that is itself mirrored)."""
    if not mirrored():
        return rect
    return pygame.Rect(box.left + box.right - rect.right, rect.y, rect.width, rect.height)


def across(x: int, left: int, right: int) -> int:
    """``x``, between ``left`` and ``right``, where a right-to-left reader expects it: a
    column of a table of figures, or a point of a chart, mirrored about the middle of the
    table or the window (itself left to right)."""
    return left + right - x if mirrored() else x


def forward(step: int) -> int:
    """What a move to the right (``+1``) or left (``-1``) means: onward or back in a
    left-to-right interface, the other way round in a mirrored one (Left goes on in Hebrew)."""
    return -step if mirrored() else step


def arrow(step: int) -> str:
    """The arrow that points the way a button goes (``step``: -1 back, +1 onward): ◀ back
    left to right, ▶ back in Hebrew. Drawn by the code beside the label, so that no
    translation writes an arrow that would point the wrong way when the reading turns."""
    return ARROWS[forward(step)]


def arrow_key(step: int) -> str:
    """The arrow key that goes ``step`` (-1 back, +1 onward): ← back left to right, → back
    in Hebrew, as ``forward`` reads the keys."""
    return ARROW_KEYS[forward(step)]


def anchor(name: str) -> str:
    """A rect anchor at the reading's start for ``name`` given as for left to right:
    ``midleft`` is ``midright`` when mirrored, ``topright`` is ``topleft``."""
    if not mirrored():
        return name
    for side, other in _MIRRORED_ANCHORS.items():
        if name.endswith(side):
            return name[: -len(side)] + other
    return name


def at_start(text: pygame.Surface, box: pygame.Rect, name: str = "midleft") -> pygame.Rect:
    """Where ``text`` goes at the start of ``box`` (its left end, its right end in Hebrew)."""
    side = anchor(name)
    return text.get_rect(**{side: getattr(box, side)})
