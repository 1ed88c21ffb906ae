"""Dialogs the keyboard drives as well as the mouse: choices, text boxes and buttons in one
focus order.

Tab and Shift+Tab (or Down and Up) move the focus, Left/Right change a choice, Enter or
Space press a button or advance a choice, Esc goes back. A click does the same as the
keyboard on whatever it lands on. Scenes place their controls in ``place`` (on every resize
and update, for the size and content of the coming frame) and only read those places while
drawing, so a click hits what is about to be shown even before the first frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import pygame

from ..language import _
from . import reading, theme
from .intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp, TextInput
from .overlays import ACTIVATE_KEYS, Overlay
from .text_field import TextField, TextFields
from .widgets import Button, Focusable, dim, panel

T = TypeVar("T")

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
DIALOG_DIM = 170
"""How dark the screen below a dialog is made (of 255)."""
SMALL_PRINT = 0.9
SMALL_PRINT_PITCH = 1.3
"""A panel's small print, and the step from one of its lines to the next, in font sizes."""
VALUE_SHARE = 0.48
"""The part of a labelled row its value takes (a choice's box, a text box), the label the rest."""


@dataclass(eq=False)
class Choice(Generic[T]):
    """One value among a few, changed with Left/Right or a click on either half of its box.

    The value is read through ``get`` each time, so a choice always shows the model's
    state, even when another control changed it.
    """

    label: str
    options: Sequence[tuple[T, str]]
    get: Callable[[], T]
    set: Callable[[T], None]
    wrap: bool = True
    fallback: str = ""
    """Shown when the current value is none of the options (a custom ruleset, say)."""
    enabled: bool = True
    visible: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hovered: bool = False
    turns_the_reading: bool = False
    """Its value can turn the interface's direction (the language): Right and its right half
    then step on through the list in either direction, or the first right-to-left value would
    turn the next step back (Русский, עברית, Русский, עברית...)."""

    def sideways(self, step: int) -> int:
        """What a step to the right (+1) or the left (-1) does to the value."""
        return step if self.turns_the_reading else reading.forward(step)

    @property
    def index(self) -> int:
        current = self.get()
        return next((i for i, (value, _) in enumerate(self.options) if value == current), -1)

    @property
    def text(self) -> str:
        index = self.index
        if index < 0:
            return self.fallback or str(self.get())
        return self.options[index][1]

    def step(self, delta: int) -> None:
        if not self.enabled or not self.options:
            return
        count = len(self.options)
        index = self.index
        if index < 0:
            index = 0 if delta > 0 else count - 1
        elif self.wrap:
            index = (index + delta) % count
        else:
            index = min(max(index + delta, 0), count - 1)
        value = self.options[index][0]
        if value != self.get():
            self.set(value)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def value_rect(self) -> pygame.Rect:
        """The box with the value and its arrows: the end of the row (its right part, its
        left part in a right-to-left interface), or all of it."""
        if not self.label:
            return self.rect
        width = int(self.rect.width * VALUE_SHARE)
        box = pygame.Rect(0, self.rect.y, width, self.rect.height)
        setattr(box, reading.anchor("right"), getattr(self.rect, reading.anchor("right")))
        return box

    def click(self, pos: tuple[int, int]) -> None:
        self.step(self.sideways(-1 if pos[0] < self.value_rect().centerx else 1))

    def draw(self, surface: pygame.Surface, font_size: int, focused: bool) -> None:
        ink = theme.INK if self.enabled else theme.INK_DIM
        box = self.value_rect()
        if self.label:
            room = self.rect.width - box.width - max(6, font_size // 2)
            label = theme.fit_text(self.label, font_size, room, ink)
            surface.blit(label, reading.at_start(label, self.rect))
        colour = theme.BUTTON_DISABLED if not self.enabled else (
            theme.BUTTON_HOVER if self.hovered or focused else theme.BUTTON)
        radius = max(4, box.height // 4)
        pygame.draw.rect(surface, colour, box, border_radius=radius)
        pygame.draw.rect(surface, theme.HIGHLIGHT if focused else theme.PANEL_EDGE, box,
                         width=2 if focused else 1, border_radius=radius)
        arrows = theme.GOLD if self.enabled else theme.INK_DIM
        pad = max(6, font_size // 2)
        left = theme.text("◀", font_size, arrows)
        right = theme.text("▶", font_size, arrows)
        surface.blit(left, left.get_rect(midleft=(box.x + pad, box.centery)))
        surface.blit(right, right.get_rect(midright=(box.right - pad, box.centery)))
        value = theme.fit_text(self.text, font_size, box.width - 2 * (pad + right.get_width()) - pad, ink, bold=True)
        surface.blit(value, value.get_rect(center=box.center))


def on_off(label: str, get: Callable[[], bool], set: Callable[[bool], None],
           words: tuple[str, str] | None = None) -> Choice[bool]:
    """A yes/no setting as a two-way choice, so it works like every other row (On and Off
    unless ``words`` say otherwise)."""
    on, off = words or (_("On"), _("Off"))
    return Choice(label, ((True, on), (False, off)), get, set)


Control = Button | Choice[Any] | TextField


class FormScene(Overlay):
    """A screen of controls with one focus order; subclasses create them, place them in
    ``place_controls`` (``rows`` helps), and may react to extra keys in ``key``."""

    arrow_focus = True
    """Up and Down move the focus (a scrolling screen keeps them for scrolling)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.controls: list[Control] = []
        self.text_fields = TextFields()
        super().__init__(size)  # it places the panel, which some forms size to their controls

    def focus_order(self) -> list[Focusable]:
        """Every control that can take the focus now, ending with the buttons at the bottom."""
        controls: list[Control] = [*self.controls, *self.buttons]
        return [c for c in controls if c.enabled and getattr(c, "visible", True)]

    def default_target(self) -> Focusable | None:
        """A dialog has no button Enter presses unseen: Enter acts on the focus alone."""
        return None

    def set_focus(self, target: Focusable | None) -> None:
        super().set_focus(target)
        self.text_fields.focus(target if isinstance(target, TextField) else None)

    def update(self, dt: float) -> None:
        if self.text_fields.focused is not None and self.focused is None:
            self.text_fields.focus(None)  # its box was hidden: typing goes nowhere now
        super().update(dt)
        self.text_fields.update(dt)

    def place_for_reading(self) -> None:
        super().place_for_reading()
        if self.text_fields.fields:
            self.text_fields.layout(self.size, self.font_size)
        self.place_controls()

    def placed(self) -> Sequence[Focusable]:
        return [*self.controls, *self.buttons]

    def place(self) -> None:
        super().place()
        for control in self.controls:
            if isinstance(control, TextField) and control.visible:
                self.text_fields.place(control, control.rect)

    def place_controls(self) -> None:
        """Give each control its rectangle for this size (the buttons' row is placed already)."""

    # ------------------------------------------------------------------ input

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, (PointerUp, TextInput)):
            self.text_fields.forward(intent)
            return True
        if not isinstance(intent, (PointerMove, PointerDown, KeyPress)):
            return False
        super().handle(intent)
        if not isinstance(intent, KeyPress):
            self.text_fields.forward(intent)
        return True

    def press(self, target: Focusable, pos: tuple[int, int]) -> None:
        if isinstance(target, Choice):
            target.click(pos)
        else:
            super().press(target, pos)

    def activate(self, target: Focusable) -> None:
        if isinstance(target, Choice):
            target.step(1)
        else:
            super().activate(target)

    def key_press(self, intent: KeyPress) -> None:
        key = intent.key
        focused = self.focused
        if key == pygame.K_TAB:
            self.move_focus(-1 if intent.shift else 1)
        elif self.arrow_focus and key in (pygame.K_UP, pygame.K_DOWN):
            self.move_focus(-1 if key == pygame.K_UP else 1)
        elif key in self.close_keys:
            self.on_close()
        elif isinstance(focused, TextField):
            if key in ENTER_KEYS:
                self.move_focus(1)
            else:
                self.text_fields.forward(intent)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(focused, Choice):
            focused.step(focused.sideways(-1 if key == pygame.K_LEFT else 1))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and focused in self.buttons:
            self.move_focus(reading.forward(-1 if key == pygame.K_LEFT else 1))
        elif key in ACTIVATE_KEYS and focused is not None:
            self.activate(focused)
        else:
            self.key(intent)

    def key(self, intent: KeyPress) -> None:
        """A key no control used (scrolling, say)."""

    def closing_then(self, action: Callable[[], None]) -> Callable[[], None]:
        """Close this screen, then open what was chosen in its place (menus)."""
        def run() -> None:
            self.close()
            action()
        return run

    # ------------------------------------------------------------------ drawing

    def draw_control(self, surface: pygame.Surface, control: Control, font_size: int | None = None) -> None:
        """Draw a control where ``place`` put it."""
        fs = font_size or self.font_size
        focused = self.is_highlighted(control)
        if isinstance(control, Button):
            control.focused = focused
            control.draw(surface, fs)
        elif isinstance(control, Choice):
            control.draw(surface, fs, focused)
        elif focused:
            pygame.draw.rect(surface, theme.HIGHLIGHT, control.rect.inflate(6, 6), width=2, border_radius=8)

    def draw_panel(self, surface: pygame.Surface, heading: str) -> int:
        """The table dimmed, the panel and its title; returns where what follows the title starts."""
        dim(surface, DIALOG_DIM)
        panel(surface, self.panel_box)
        return self.title(surface, heading, self.panel_box.top + self.font_size)

    def centred_lines(self, surface: pygame.Surface, lines: Sequence[str], y: int, colour: theme.Color,
                      bold: bool = False) -> int:
        """Lines of the panel's small print, each centred, from ``y``; returns the bottom."""
        size = int(self.font_size * SMALL_PRINT)
        for line in lines:
            text = theme.text(line, size, colour, bold=bold)
            surface.blit(text, text.get_rect(midtop=(self.panel_box.centerx, y)))
            y += int(self.font_size * SMALL_PRINT_PITCH)
        return y

    def draw_text_fields(self, surface: pygame.Surface) -> None:
        """Draw the text boxes last, above the panel."""
        self.text_fields.draw(surface)

    def place_buttons(self, bottom: int) -> None:
        """The dialog's buttons side by side, each as wide as its label needs, centred."""
        fs = self.font_size
        height = int(fs * 2.4)
        widths = [max(int(fs * 9), theme.font(fs, True).size(b.label)[0] + fs * 2) for b in self.buttons]
        x = self.size[0] // 2 - (sum(widths) + fs * (len(widths) - 1)) // 2
        for button, width in zip(self.buttons, widths):
            button.rect = pygame.Rect(x, bottom - height, width, height)
            x += width + fs

    def button_row(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            self.draw_control(surface, button)

    def column_height(self, count: int) -> int:
        """How tall ``place_column`` makes ``count`` buttons."""
        return count * (int(self.font_size * 2.3) + self.font_size // 2)

    def place_column(self, buttons: Sequence[Button], top: int, width: int) -> int:
        """Buttons one above the other, centred, from ``top``; returns the bottom."""
        fs = self.font_size
        height = int(fs * 2.3)
        x = self.size[0] // 2 - width // 2
        for place, button in zip(rows(top, x, width, height, len(buttons), fs // 2), buttons):
            button.rect = place
        return top + len(buttons) * (height + fs // 2)


def rows(top: int, left: int, width: int, height: int, count: int, gap: int = 0) -> list[pygame.Rect]:
    """``count`` rows of ``height`` pixels stacked from ``top``."""
    return [pygame.Rect(left, top + i * (height + gap), width, height) for i in range(count)]
