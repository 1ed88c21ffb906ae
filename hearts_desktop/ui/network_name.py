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
from .form import ENTER_KEYS, FormScene
from .intents import KeyPress
from .widgets import Button, dim, panel


class NetworkNameScene(FormScene):
    """The first time the player hosts or joins: the name friends will see at the table,
    asked once (Settings changes it afterwards), never taken from the computer's login."""

    panel_shares = (0.6, 0.4)

    def __init__(self, size: tuple[int, int], suggestion: str, on_chosen: Callable[[str], None]) -> None:
        """``suggestion``: the name offered (the last one typed at this computer, or none)."""
        super().__init__(size)
        self.on_chosen = on_chosen
        self.name_field = self.text_fields.add(suggestion, MAX_NAME_LENGTH)
        self.problem = ""
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
                          int(fs * 0.9), self.panel_box.width - fs * 4)

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        y = self.title_bottom(self.heading, rect.top + fs) + len(self._intro()) * int(fs * 1.3) + fs
        self.name_field.rect = pygame.Rect(rect.left + fs * 2, y, rect.width - fs * 4, int(fs * 2))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, self.heading, rect.top + fs)
        for line in self._intro():
            text = theme.text(line, int(fs * 0.9), theme.INK)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += int(fs * 1.3)
        self.draw_control(surface, self.name_field)
        y = self.name_field.rect.bottom + fs // 2
        note = self.text_fields.refusal or self.problem
        for line in theme.wrap(note, int(fs * 0.9), rect.width - fs * 4, bold=True) if note else []:
            text = theme.text(line, int(fs * 0.9), theme.RED, bold=True)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += int(fs * 1.3)
        self.button_row(surface)
        self.draw_text_fields(surface)
