"""The name friends see at a network table, asked the first time the player hosts or joins.

The computer's login name is never used: a friend would read "Root" or "Administrator".
The question offers the last name the player typed at this computer (New game, hot-seat),
else nothing; the name is kept in the settings, where Settings changes it afterwards.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..language import _, p_
from ..persistence.seats import MAX_NAME_LENGTH
from . import theme
from .form import ENTER_KEYS, SMALL_PRINT, SMALL_PRINT_PITCH, FormScene
from .intents import KeyPress
from .overlays import BUTTON_HEIGHT
from .widgets import Button


class NetworkNameScene(FormScene):
    """The first time the player hosts or joins: the name friends will see at the table,
    asked once (Settings changes it afterwards), never taken from the computer's login."""

    panel_shares = (0.6, 0.4)

    def __init__(self, size: tuple[int, int], suggestion: str, on_chosen: Callable[[str], None]) -> None:
        """``suggestion``: the name offered (the last one typed at this computer, or none)."""
        self.problem = ""  # the panel grows to hold it, from its first placing on
        super().__init__(size)
        self.on_chosen = on_chosen
        self.name_field = self.text_fields.add(suggestion, MAX_NAME_LENGTH)
        self.controls = [self.name_field]
        self.buttons = [Button(_("Continue"), self._continue), Button(p_("go back", "Back"), self.close)]
        self.set_focus(self.name_field)

    @property
    def heading(self) -> str:
        return _("Your name at network tables")

    def _continue(self) -> None:
        from ..net.names import NameRefused, clean_name

        try:
            name = clean_name(self.name_field.text)
        except NameRefused as refused:
            self.problem = str(refused)
            return
        self.close()
        self.on_chosen(name)

    def key_press(self, intent: KeyPress) -> None:
        """Enter in the box is Continue: one name, nothing else to fill in."""
        if intent.key in ENTER_KEYS and self.focused is self.name_field:
            self._continue()
        else:
            super().key_press(intent)

    def _intro(self) -> list[str]:
        fs = self.font_size
        return theme.wrap(_("Friends at the table will see this name. You choose it once; Settings can change it."),
                          int(fs * SMALL_PRINT), self.panel_box.width - fs * 4)

    def _note(self) -> list[str]:
        """Why the name was refused, wrapped to the panel (none before a refusal)."""
        fs = self.font_size
        note = self.text_fields.refusal or self.problem
        return theme.wrap(note, int(fs * SMALL_PRINT), self.panel_box.width - fs * 4, bold=True) if note else []

    def place_panel(self) -> None:
        """As tall as its share of the window, or taller where the intro and a refusal need it
        (a longer sentence in another language), up to the window's height."""
        super().place_panel()
        fs = self.font_size
        pitch = int(fs * SMALL_PRINT_PITCH)
        needed = (self.title_bottom(self.heading, fs) + len(self._intro()) * pitch + fs + fs * 2
                  + fs // 2 + len(self._note()) * pitch + fs // 2 + round(fs * (BUTTON_HEIGHT + 1)))
        rect = self.panel_box
        if rect.height < needed:
            self.panel_area = rect.inflate(0, min(needed, self.size[1] - fs) - rect.height)

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        y = self.title_bottom(self.heading, rect.top + fs) + len(self._intro()) * int(fs * SMALL_PRINT_PITCH) + fs
        self.name_field.rect = pygame.Rect(rect.left + fs * 2, y, rect.width - fs * 4, int(fs * 2))

    def draw(self, surface: pygame.Surface) -> None:
        fs = self.font_size
        self.centred_lines(surface, self._intro(), self.draw_panel(surface, self.heading), theme.INK)
        self.draw_control(surface, self.name_field)
        self.centred_lines(surface, self._note(), self.name_field.rect.bottom + fs // 2, theme.RED, bold=True)
        self.button_row(surface)
        self.draw_text_fields(surface)
