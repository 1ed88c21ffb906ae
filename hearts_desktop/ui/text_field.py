"""Text boxes for names, edited by pygame_gui's ``UITextEntryLine``.

Typing text well is more than appending characters: a cursor that moves, selection by
mouse and Shift+arrows, Ctrl+A/C/V/X, key repeat, IME input through SDL's TEXTINPUT, text
that scrolls in a narrow box. pygame_gui does all of that, so we do not write it again. We
use it for text boxes only: its other widgets cannot be reached from the keyboard (no Tab
order), and every screen here must work without a mouse, so the rest of a dialog is our
own controls (``form.py``) and a text box is one stop in their focus order.

pygame_gui is imported when a screen with a text box first opens, not at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..resources import asset_path
from . import theme
from .intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp, TextInput

if TYPE_CHECKING:
    from pygame_gui import UIManager
    from pygame_gui.elements import UITextEntryLine


def _hex(colour: theme.Color) -> str:
    return "#{:02X}{:02X}{:02X}".format(*colour)


def _theme(font_size: int) -> dict[str, Any]:
    """pygame_gui's theme in the table's colours and font."""
    font = {
        "name": "dejavu",
        "size": str(font_size),
        "regular_path": str(asset_path("fonts", theme.REGULAR_FONT)),
        "bold_path": str(asset_path("fonts", theme.BOLD_FONT)),
    }
    return {
        "text_entry_line": {
            "font": font,
            "colours": {
                "dark_bg": _hex(theme.FELT_DARK),
                "normal_text": _hex(theme.INK),
                "selected_text": _hex(theme.PANEL),
                "selected_bg": _hex(theme.HIGHLIGHT),
                "text_cursor": _hex(theme.HIGHLIGHT),
                "normal_border": _hex(theme.PANEL_EDGE),
                "disabled_dark_bg": _hex(theme.BUTTON_DISABLED),
                "disabled_text": _hex(theme.INK_DIM),
            },
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "1",
                     "padding": "6,2"},
        }
    }


def pygame_event(intent: Intent) -> pygame.event.Event | None:
    """The pygame event an intent came from, for pygame_gui, which reads raw events."""
    if isinstance(intent, PointerDown):
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=intent.pos, button=intent.button)
    if isinstance(intent, PointerUp):
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=intent.pos, button=intent.button)
    if isinstance(intent, PointerMove):
        return pygame.event.Event(pygame.MOUSEMOTION, pos=intent.pos, rel=(0, 0),
                                  buttons=(int(intent.pressed), 0, 0))
    if isinstance(intent, KeyPress):
        return pygame.event.Event(pygame.KEYDOWN, key=intent.key, mod=intent.mod, unicode=intent.text,
                                  scancode=0)
    if isinstance(intent, TextInput):
        return pygame.event.Event(pygame.TEXTINPUT, text=intent.text)
    return None


class TextField:
    """One named text box. Its text lives here until a pygame_gui entry exists for it."""

    def __init__(self, host: TextFields, text: str, max_length: int) -> None:
        self.host = host
        self.max_length = max_length
        self._text = text
        self.entry: UITextEntryLine | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.hovered = False

    @property
    def text(self) -> str:
        return self.entry.get_text() if self.entry is not None else self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value[: self.max_length]
        if self.entry is not None:
            self.entry.set_text(self._text)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)


class TextFields:
    """The text boxes of one screen and the pygame_gui manager that draws and edits them."""

    def __init__(self) -> None:
        self.fields: list[TextField] = []
        self.focused: TextField | None = None
        self._manager: UIManager | None = None
        self._font_size = 0

    def add(self, text: str, max_length: int) -> TextField:
        field = TextField(self, text, max_length)
        self.fields.append(field)
        return field

    def layout(self, window: tuple[int, int], font_size: int) -> None:
        """Make the manager for this window and font size (again after a resize)."""
        if self._manager is not None and font_size == self._font_size:
            if tuple(self._manager.window_resolution) != window:
                self._manager.set_window_resolution(window)
            return
        from pygame_gui import UIManager

        for field in self.fields:
            if field.entry is not None:
                field._text = field.entry.get_text()
                field.entry.kill()  # type: ignore[no-untyped-call]  # pygame_gui leaves these unannotated
                field.entry = None
        self._font_size = font_size
        self._manager = UIManager(window, theme_path=_theme(font_size), enable_live_theme_updates=False)
        if self.focused is not None:
            self.focus(self.focused)

    def place(self, field: TextField, rect: pygame.Rect) -> None:
        """Put a field's box where the screen drew its row (call after ``layout``)."""
        field.rect = rect
        if self._manager is None:
            return
        if field.entry is None:
            from pygame_gui.elements import UITextEntryLine

            field.entry = UITextEntryLine(rect, self._manager, initial_text=field._text)
            field.entry.set_text_length_limit(field.max_length)
            if field is self.focused:
                self._focus_entry(field.entry)
        elif field.entry.relative_rect != rect:
            field.entry.set_relative_position(rect.topleft)
            field.entry.set_dimensions(rect.size)

    def focus(self, field: TextField | None) -> None:
        """Give the keyboard to ``field`` (all its text selected, so typing replaces it)."""
        self.focused = field
        if self._manager is None:
            return
        if field is None or field.entry is None:
            self._manager.set_focus_set(None)
        else:
            self._focus_entry(field.entry)

    def _focus_entry(self, entry: UITextEntryLine) -> None:
        assert self._manager is not None
        self._manager.set_focus_set(entry)
        length = len(entry.get_text())
        entry.edit_position = length
        entry.select_range = [0, length]

    def forward(self, intent: Intent) -> None:
        """Hand input to pygame_gui; a click into a box focuses it."""
        event = pygame_event(intent)
        if self._manager is None or event is None:
            return
        if isinstance(intent, (KeyPress, TextInput)) and self.focused is None:
            return
        self._manager.process_events(event)
        if isinstance(intent, PointerDown):
            self.focused = next((f for f in self.fields if f.entry is not None and f.entry.is_focused), None)

    def update(self, dt: float) -> None:
        if self._manager is not None:
            self._manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self._manager is None:
            return
        for field in self.fields:
            if field.entry is not None and field.visible != bool(field.entry.visible):
                if field.visible:
                    field.entry.show()  # type: ignore[no-untyped-call]  # pygame_gui leaves it unannotated
                else:
                    field.entry.hide()  # type: ignore[no-untyped-call]
        self._manager.draw_ui(surface)
