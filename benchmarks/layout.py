"""Every screen at every window size, checked for text and controls that collide, leave the
window, or sit on a panel the table shows through.

``python -m benchmarks layout [--json] [--sheets DIR]`` (``layout_check``) builds each screen of the
real program (the menus, the dialogs, the table in each phase with normal and large cards,
three to five players, hot-seat, the score screens) at each size, draws it into a surface
that records where every text, card and control lands, and prints one line per problem.
With ``--sheets`` it also saves one contact sheet per size (a PNG of every screen) to look at.

What counts as a problem:

* a text, card or control not wholly inside the window;
* two texts whose ink overlaps; a text that runs into a control (other than its own label,
  drawn inside it) or a card; two controls that overlap; a card that covers a control it
  does not sit in (a pass slot holds a card);
* an overlay's panel that lets what is below it show through, or a control of the overlay
  outside its panel.

Over a panel only the panel's own texts and controls count; an overlay without a panel (the
last trick) is checked together with the table it is drawn over.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440))
PORTRAIT = (600, 800)
"""Asked for, this window is refused by the minimum size: it is checked at what it becomes."""
SEE_THROUGH = (255, 0, 255)
"""Drawn below a panel in place of the table: a panel pixel of another colour than the
table's version of it lets the table show through."""


@dataclass(frozen=True)
class Element:
    kind: str
    """"text", "card" or "control"."""
    label: str
    rect: pygame.Rect
    """Where it is: a text's ink (not its line's empty margins), a card's face, a control's box."""
    layer: int
    """Which scene of the drawn stack drew it, from the bottom."""
    order: int = 0


class Inspector:
    """Knows which surfaces are texts and cards, and records where each is blitted."""

    def __init__(self) -> None:
        self.kinds: weakref.WeakKeyDictionary[pygame.Surface, tuple[str, str]] = weakref.WeakKeyDictionary()
        self.elements: list[Element] = []
        self.layer = 0

    def tag(self, surface: pygame.Surface, kind: str, label: str) -> pygame.Surface:
        self.kinds[surface] = (kind, label)
        return surface

    def blitted(self, source: pygame.Surface, dest: Any, area: Any) -> None:
        known = self.kinds.get(source)
        if known is None:
            return
        kind, label = known
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        if area is not None:
            return  # part of an image (scrolled text): not drawn in this game
        if kind == "text":
            ink = source.get_bounding_rect()
            if not ink.width:
                return
            rect = ink.move(x, y)
        else:
            rect = pygame.Rect(x, y, *source.get_size())
        self.elements.append(Element(kind, label, rect, self.layer, len(self.elements)))


class RecordingSurface(pygame.Surface):
    """The window's stand-in: draws as the window does and tells the inspector each blit."""

    def __init__(self, size: tuple[int, int], inspector: Inspector) -> None:
        super().__init__(size)
        self.inspector = inspector

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        self.inspector.blitted(source, dest, area)
        return done


@contextmanager
def inspected(inspector: Inspector) -> Iterator[None]:
    """Every text the theme renders, tagged with its words, while inside."""
    from hearts_desktop.ui import theme

    text, shadowed = theme.text, theme.shadowed_text

    def tagged_text(label: str, size: int, colour: theme.Color = theme.INK, bold: bool = False) -> pygame.Surface:
        return inspector.tag(text(label, size, colour, bold), "text", label)

    def tagged_shadowed(label: str, size: int, colour: theme.Color = theme.INK, bold: bool = False) -> pygame.Surface:
        return inspector.tag(shadowed(label, size, colour, bold), "text", label)

    theme.text, theme.shadowed_text = tagged_text, tagged_shadowed  # type: ignore[assignment]
    try:
        yield
    finally:
        theme.text, theme.shadowed_text = text, shadowed


@dataclass(frozen=True)
class Problem:
    screen: str
    size: tuple[int, int]
    what: str
    language: str = "en"

    def __str__(self) -> str:
        return f"{self.language} {self.size[0]}x{self.size[1]} {self.screen}: {self.what}"


def _name(element: Element) -> str:
    label = element.label if len(element.label) <= 48 else element.label[:47] + "…"
    return f"{element.kind} {label!r}"


def overlaps(elements: Sequence[Element], window: pygame.Rect) -> list[str]:
    """What is wrong with these elements drawn together in ``window``, one sentence each."""
    found: list[str] = []
    for element in elements:
        if not window.contains(element.rect):
            found.append(f"{_name(element)} leaves the window ({_rect(element.rect)})")
    for index, first in enumerate(elements):
        for second in elements[index + 1:]:
            problem = _clash(first, second)
            if problem:
                found.append(problem)
    return found


def _clash(a: Element, b: Element) -> str | None:
    kinds = {a.kind, b.kind}
    if kinds == {"card"}:
        return None  # a fanned hand, a pile, a card in a slot
    if kinds == {"text"}:
        if a.label == b.label and a.rect == b.rect:
            return None  # drawn twice in one place
        hit = a.rect.colliderect(b.rect)
    elif "control" in kinds and a.kind != b.kind:
        control, other = (a, b) if a.kind == "control" else (b, a)
        if control.rect.contains(other.rect):
            return None  # the control's label, or the card in a pass slot
        hit = control.rect.inflate(-2, -2).colliderect(other.rect)
    else:
        hit = a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2))
    if not hit:
        return None
    return f"{_name(a)} overlaps {_name(b)}"


def _rect(rect: pygame.Rect) -> str:
    return f"{rect.x},{rect.y} {rect.width}x{rect.height}"


def see_through(below: Callable[[pygame.Surface], None], top: Callable[[pygame.Surface], None],
                panel: pygame.Rect, size: tuple[int, int]) -> int:
    """How many pixels of ``panel`` change when something else is drawn below it."""
    first = pygame.Surface(size)
    below(first)
    top(first)
    second = pygame.Surface(size)
    second.fill(SEE_THROUGH)
    top(second)
    inner = panel.inflate(-8, -8).clip(first.get_rect())
    if not inner.width or not inner.height:
        return 0
    a = first.subsurface(inner).copy()
    b = second.subsurface(inner).copy()
    difference = a.copy()
    difference.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    b.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    difference.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(difference, (0, 0, 0, 255), (4, 4, 4, 255))
    return inner.width * inner.height - same.count()


# ---------------------------------------------------------------------- the screens


@dataclass
class Screen:
    name: str
    build: Callable[[Any], None]
    """Puts the screen on the app's stack (``Any``: the app, imported late)."""
    large_cards: bool = False
    open_in_a_change: bool = False
    """The language can change while it is open (Settings opens over the table; the main menu
    the window builds anew): a pseudo run builds it in English and changes the language over it."""


def inspect(scenes: Sequence[Any], size: tuple[int, int],
            inspector: Inspector | None = None) -> tuple[list[str], pygame.Surface]:
    """Draw the visible scenes once, recording; what is wrong, and the picture. The
    ``inspector`` is the one the card art was tagged with, so that cards count."""
    from hearts_desktop.ui.ui_log import targets

    start = max((i for i, scene in enumerate(scenes) if scene.opaque), default=0)
    visible = list(scenes[start:])
    inspector = inspector or Inspector()
    inspector.elements = []
    surface = RecordingSurface(size, inspector)
    with inspected(inspector):
        for layer, scene in enumerate(visible):
            inspector.layer = layer
            scene.draw(surface)
    elements = list(inspector.elements)
    for layer, scene in enumerate(visible):
        elements += [Element("control", t.label, t.rect, layer) for t in targets(scene)]
        elements += [Element("control", "pass slot", rect, layer) for rect in _slots(scene)]
    top = visible[-1]
    panel: pygame.Rect | None = getattr(top, "panel_area", None)
    problems: list[str] = []
    if panel is not None:
        elements = [e for e in elements if e.layer == len(visible) - 1]
        problems += [f"{_name(e)} leaves its panel ({_rect(e.rect)})" for e in elements
                     if e.kind == "control" and not panel.contains(e.rect)]
    problems += overlaps(elements, pygame.Rect((0, 0), size))
    if panel is not None and len(visible) > 1:
        def below(target: pygame.Surface) -> None:
            for scene in visible[:-1]:
                scene.draw(target)
        leaked = see_through(below, top.draw, panel, size)
        if leaked:
            problems.append(f"the panel lets the screen below show through ({leaked} pixels)")
    return problems, surface


def _slots(scene: Any) -> list[pygame.Rect]:
    slots: Callable[[], list[pygame.Rect]] | None = getattr(scene, "pass_slot_rects", None)
    return slots() if slots is not None else []


def contact_sheet(pictures: Sequence[tuple[str, pygame.Surface]], path: Path, size: tuple[int, int]) -> Path:
    """Every screen of one size, small, named, in one PNG."""
    from hearts_desktop.ui import theme

    columns = min(4, len(pictures))
    width = 480 if len(pictures) > 1 else size[0]
    height = round(width * pictures[0][1].get_height() / pictures[0][1].get_width())
    label_h = 22
    rows = (len(pictures) + columns - 1) // columns
    sheet = pygame.Surface((columns * width, rows * (height + label_h)))
    sheet.fill((30, 30, 30))
    for index, (name, picture) in enumerate(pictures):
        x = index % columns * width
        y = index // columns * (height + label_h)
        sheet.blit(theme.text(f"{name} ({size[0]}x{size[1]})", 14), (x + 4, y + 3))
        sheet.blit(pygame.transform.smoothscale(picture, (width - 4, height - 4)), (x + 2, y + label_h))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))
    return path


def recent_games(count: int) -> list[Any]:
    """``count`` finished games for the statistics screen, oldest first."""
    from hearts_desktop.persistence.stats import Accuracy, GameRecord

    start = datetime(2025, 1, 1, tzinfo=UTC)
    return [GameRecord(f"{i}", start + timedelta(days=i), "3x expert", (i * 37) % 120 - 10, i % 3 == 0, 9,
                       None if i % 7 == 5 else Accuracy(0.12 + (i * 0.53) % 1.6, 90 + i % 11))
            for i in range(count)]
