"""The window sizes the table is laid out for: what ``--size`` accepts and what resizing keeps.

No pygame here, so the command line can check a size before anything starts.
"""

from __future__ import annotations

from typing import Final

SMALLEST: Final = (800, 600)
"""Below this the cards, labels and buttons of the table no longer fit side by side (and at
1x1 the layout divides by zero): the window refuses to become smaller."""
DEFAULT: Final = (1280, 800)
"""The window's size unless ``--size`` says another."""
LARGEST_SIDE: Final = 8192
"""Beyond an 8K screen a window is a mistyped number, and its frame alone would take 256 MB."""


def within_limits(size: tuple[int, int]) -> bool:
    width, height = size
    return SMALLEST[0] <= width <= LARGEST_SIDE and SMALLEST[1] <= height <= LARGEST_SIDE


def laid_out(size: tuple[int, int]) -> tuple[int, int]:
    """The size the scenes are laid out for: the window's, or the smallest when it is less."""
    return max(size[0], SMALLEST[0]), max(size[1], SMALLEST[1])
