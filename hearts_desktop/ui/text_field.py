"""Text boxes for names, edited by pygame_gui's ``UITextEntryLine``.

Typing text well is more than appending characters: a cursor that moves, selection by
mouse and Shift+arrows, Ctrl+A/C/V/X, key repeat, IME input through SDL's TEXTINPUT, text
that scrolls in a narrow box. pygame_gui does all of that, so we do not write it again. We
use it for text boxes only: its other widgets cannot be reached from the keyboard (no Tab
order), and every screen here must work without a mouse, so the rest of a dialog is our
own controls (``form.py``) and a text box is one stop in their focus order.

pygame_gui is imported when a screen with a text box first opens, not at start-up.

Whatever a keyboard, an IME or a paste sends, a box takes it or refuses it in a sentence
(``refusal``); it never reaches pygame_gui unchecked, whose text layout raises on a box
holding only zero-width characters, a NUL or a lone surrogate. Should its layout still fail
on something, the box goes back to the last text it showed, with a sentence.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import pygame

from ..language import N_, _, join_names, n_
from ..resources import asset_path
from . import theme
from .intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp, TextInput

if TYPE_CHECKING:
    from pygame_gui import UIManager
    from pygame_gui.elements import UITextEntryLine

log = logging.getLogger(__name__)

REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories no name or code holds: control characters, invisible formatting
(zero-width spaces and joiners, direction marks, the byte-order mark, the soft hyphen),
lone surrogates, private-use and unassigned code points, line and paragraph breaks."""
LAYOUT_FAILURES: Final = (pygame.error, ValueError, UnicodeError)
"""What pygame_gui's text layout raises on text it cannot measure or encode."""
UNSHOWABLE: Final = N_("The box could not show that, so it was left as it was.")
PASTE_KEY: Final = pygame.K_v


def unicode_names(chars: str, most: int = 2) -> str:
    """The first ``most`` characters by their Unicode names ("the cjk unified ideograph-738b"),
    and how many more, as a list in the player's language (Unicode names exist in English only)."""
    # Translators: {character} is a character's Unicode name, which exists in English only ("zero width space").
    named = [_("the {character}").format(character=unicode_name(c)) for c in chars[:most]]
    more = len(chars) - most
    if more > 0:
        # Translators: the last item of a list of characters: how many more are not named.
        # Translators: the last item of a list of characters ("the bell, the null and 2 more"); the list adds its own "and".
        named.append(n_("{count} more", "{count} more", more).format(count=more))
    return join_names(named)


def unicode_name(char: str) -> str:
    """A character's Unicode name in lower case, or its code point where it has none."""
    # Translators: a character with no name, by its number ("u+e000"); it fills {character} in "the {character}".
    return unicodedata.name(char, "").lower() or _("character {code}").format(code=f"u+{ord(char):04x}")


def typeable(text: str, before: str = "") -> tuple[str, str]:
    """``text`` typed or pasted after ``before``, split into the characters a box takes and
    the distinct ones it refuses: those of ``REFUSED_CATEGORIES``, and a combining mark with
    no character before it to sit on (at the start, or after a space)."""
    kept: list[str] = []
    refused: dict[str, None] = {}
    for char in text:
        base = kept[-1] if kept else before[-1:]
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES or (category.startswith("M") and (not base or base.isspace())):
            refused[char] = None
        else:
            kept.append(char)
    return "".join(kept), "".join(refused)


def refusal_sentence(refused: str) -> str:
    """The sentence a box says about the characters it left out."""
    # Translators: {characters} names the characters left out ("the zero width space").
    return n_("This box cannot hold {characters}, so it was left out.",
              "This box cannot hold {characters}, so they were left out.", len(refused)).format(
        characters=unicode_names(refused))


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


def cursor(entry: UITextEntryLine) -> tuple[int, int]:
    """Where typed text goes in ``entry``: the selection, or the cursor."""
    low, high = sorted(entry.select_range)
    return (low, high) if low != high else (entry.edit_position, entry.edit_position)


class TextField:
    """One named text box. Its text lives here until a pygame_gui entry exists for it, and
    afterwards the text it last showed, to go back to if its layout fails."""

    def __init__(self, host: TextFields, text: str, max_length: int) -> None:
        self.host = host
        self.max_length = max_length
        self._text = typeable(text)[0][:max_length]
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
        self._text = typeable(value)[0][: self.max_length]
        entry = self.entry
        if entry is not None:
            self.host.safely(lambda: entry.set_text(self._text))

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)


class TextFields:
    """The text boxes of one screen and the pygame_gui manager that draws and edits them."""

    def __init__(self) -> None:
        self.fields: list[TextField] = []
        self.focused: TextField | None = None
        self.refusal: str | None = None
        """Why the last input was not taken whole (characters left out, an edit undone),
        for the screen to show; the next input taken whole clears it."""
        self._manager: UIManager | None = None
        self._font_size = 0

    def add(self, text: str, max_length: int) -> TextField:
        field = TextField(self, text, max_length)
        self.fields.append(field)
        return field

    def layout(self, window: tuple[int, int], font_size: int) -> None:
        """Make the manager for this window and font size (again after a resize)."""
        if self._manager is not None and font_size == self._font_size:
            manager = self._manager
            if tuple(manager.window_resolution) != window:
                self.safely(lambda: manager.set_window_resolution(window))
            return
        from pygame_gui import UIManager

        for field in self.fields:
            if field.entry is not None:
                field._text = field.entry.get_text()
                self._drop(field)
        self._font_size = font_size
        self._manager = UIManager(window, theme_path=_theme(font_size), enable_live_theme_updates=False)
        if self.focused is not None:
            self.focus(self.focused)

    def place(self, field: TextField, rect: pygame.Rect) -> None:
        """Put a field's box where the screen drew its row (call after ``layout``)."""
        field.rect = rect
        if self._manager is None:
            return
        entry = field.entry
        if entry is None:
            self._make_entry(field, rect)
        elif entry.relative_rect != rect:
            self.safely(lambda: (entry.set_relative_position(rect.topleft), entry.set_dimensions(rect.size)))

    def _make_entry(self, field: TextField, rect: pygame.Rect, select: bool = True) -> None:
        """A pygame_gui entry showing the field's text (empty where it cannot be shown);
        focused, all its text is selected, or with ``select`` False the cursor is at its end."""
        text = typeable(field._text)[0]  # what editing left may start with a mark that has no letter
        try:
            entry = self._empty_entry(field, rect)
            entry.set_text(text)
        except LAYOUT_FAILURES:
            log.warning("a text box could not show %r", text, exc_info=True)
            self._drop(field)
            text = ""
            entry = self._empty_entry(field, rect)
        field._text = text
        if field is self.focused:
            self._focus_entry(entry, select)

    def _empty_entry(self, field: TextField, rect: pygame.Rect) -> UITextEntryLine:
        from pygame_gui.elements import UITextEntryLine

        entry = UITextEntryLine(rect, self._manager, initial_text="")
        entry.set_text_length_limit(field.max_length)
        entry.paste_text_enabled = False  # pastes come through ``_paste``, which checks them
        field.entry = entry
        return entry

    @staticmethod
    def _drop(field: TextField) -> None:
        if field.entry is not None:
            field.entry.kill()  # type: ignore[no-untyped-call]  # pygame_gui leaves these unannotated
            field.entry = None

    def focus(self, field: TextField | None) -> None:
        """Give the keyboard to ``field`` (all its text selected, so typing replaces it)."""
        self.focused = field
        if self._manager is None:
            return
        if field is None or field.entry is None:
            self._manager.set_focus_set(None)
        else:
            self._focus_entry(field.entry)

    def _focus_entry(self, entry: UITextEntryLine, select: bool = True) -> None:
        assert self._manager is not None
        self._manager.set_focus_set(entry)
        length = len(entry.get_text())
        entry.edit_position = length
        entry.select_range = [0, length if select else 0]

    def forward(self, intent: Intent) -> None:
        """Hand input to pygame_gui; a click into a box focuses it. Text goes in checked
        (``typeable``), a paste through the same check."""
        manager = self._manager
        if manager is None:
            return
        if isinstance(intent, (KeyPress, TextInput)) and self.focused is None:
            return
        if isinstance(intent, KeyPress) and intent.key == PASTE_KEY and intent.ctrl and not intent.mod & pygame.KMOD_ALT:
            self._paste()
            return
        if isinstance(intent, TextInput):
            self._type(intent.text)
            return
        event = pygame_event(intent)
        if event is None:
            return
        self.safely(lambda: manager.process_events(event))
        if isinstance(intent, PointerDown):
            self.focused = next((f for f in self.fields if f.entry is not None and f.entry.is_focused), None)

    def _type(self, text: str) -> None:
        """Typed text (or an IME's): what the box can hold goes in; the rest is said."""
        entry = self.focused.entry if self.focused is not None else None
        if entry is None or self._manager is None:
            return
        manager = self._manager
        kept, refused = typeable(text, entry.get_text()[: cursor(entry)[0]])
        self.refusal = refusal_sentence(refused) if refused else None
        if kept:
            event = pygame.event.Event(pygame.TEXTINPUT, text=kept)
            self.safely(lambda: manager.process_events(event))

    def _paste(self) -> None:
        """Ctrl+V: the clipboard's text, checked as typed text is, in place of the selection."""
        field = self.focused
        if field is None or field.entry is None:
            return
        try:
            pasted = pygame.scrap.get_text()
        except pygame.error:
            return  # no clipboard on this system
        entry = field.entry
        text = entry.get_text()
        low, high = cursor(entry)
        kept, refused = typeable(pasted, text[:low])
        self.refusal = refusal_sentence(refused) if refused else None
        kept = kept[: max(0, field.max_length - len(text) + (high - low))]
        if kept:
            self.safely(lambda: entry.set_text(text[:low] + kept + text[high:]))
            entry.select_range = [0, 0]  # the selection was replaced
            entry.edit_position = low + len(kept)

    def safely(self, change: Callable[[], object]) -> None:
        """Make a pygame_gui call; if its text layout fails, every box goes back to the text
        it last showed, and the screen says so."""
        try:
            change()
        except LAYOUT_FAILURES:
            log.warning("a text box could not lay out its text", exc_info=True)
            self.refusal = _(UNSHOWABLE)
            for field in self.fields:
                self._drop(field)
                if field.visible and self._manager is not None:
                    self._make_entry(field, field.rect, select=False)

    def update(self, dt: float) -> None:
        manager = self._manager
        if manager is not None:
            self.safely(lambda: manager.update(dt))

    def draw(self, surface: pygame.Surface) -> None:
        manager = self._manager
        if manager is None:
            return
        for field in self.fields:
            if field.entry is not None and field.visible != bool(field.entry.visible):
                if field.visible:
                    field.entry.show()  # type: ignore[no-untyped-call]  # pygame_gui leaves it unannotated
                else:
                    field.entry.hide()  # type: ignore[no-untyped-call]
        self.safely(lambda: manager.draw_ui(surface))
        for field in self.fields:
            if field.entry is not None:
                field._text = field.entry.get_text()  # shown: what a failed layout goes back to
