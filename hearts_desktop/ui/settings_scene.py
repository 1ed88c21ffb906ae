"""The Settings screen: every change is saved and applied at once, with a preview of the cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import language
from ..engine import card
from ..language import _, p_, percent
from ..persistence import Settings, languages
from ..persistence.seats import MAX_NAME_LENGTH
from . import reading, theme
from .card_art import CardArt, card_width
from .form import VALUE_SHARE, Choice, FormScene, on_off, rows
from .new_game import pace_choices
from .widgets import Button, dim, panel

PREVIEW_CARDS = ("AS", "KH", "QC", "JD")
NOTE_AND_BUTTONS = 5.0
"""The panel's bottom, below the rows: "Saved as you change them." and Done, in font sizes."""


def language_choices() -> tuple[tuple[str, str], ...]:
    """The system's language (named, so the player sees what it is), then each language the
    game has a catalogue for, named in itself: a reader finds their own in any language."""
    system = language.SHIPPED[languages.resolve(languages.SYSTEM)]
    # Translators: the first choice of the language setting; {name} is a language named in itself.
    own = _("As the system ({name})").format(name=system)
    return ((languages.SYSTEM, own), *((code, language.SHIPPED[code]) for code in languages.available()))


class SettingsScene(FormScene):
    """Rows of settings on the left, the cards as they will look on the right."""

    panel_shares = (0.8, 0.86)

    def __init__(self, size: tuple[int, int], settings: Settings, on_change: Callable[[Settings], None],
                 art: Callable[[], CardArt]) -> None:
        super().__init__(size)
        self.settings = settings
        self.on_change = on_change
        self.art = art
        self.volume = Choice(_("Volume"), tuple((v / 10, percent(v / 10)) for v in range(11)),
                             self._getter("volume"), self._setter("volume"), wrap=False)
        self.controls = [
            Choice(_("Language"), language_choices(), self._getter("language"), self._setter("language"),
                   turns_the_reading=True),
            Choice(_("Computers' pace"), pace_choices(), self._getter("pace"), self._setter("pace"), wrap=False),
            # Translators: card faces with two suit colours (red, black) or four (each suit its own).
            Choice(_("Card faces"), (("2color", _("Two-colour")), ("4color", _("Four-colour"))),
                   self._getter("deck"), self._setter("deck")),
            Choice(_("Card backs"), tuple((c, back_colour_name(c)) for c in theme.BACK_COLOURS),
                   self._getter("card_back"), self._setter("card_back")),
            on_off(_("Large cards"), self._getter("large_cards"), self._setter("large_cards")),
            on_off(_("Sound"), self._getter("sound"), self._setter("sound")),
            self.volume,
            on_off(_("Animations"), self._getter("animations"), self._setter("animations"),
                   (_("On"), _("Off (reduced motion)"))),
            on_off(_("Fullscreen (F11)"), self._getter("fullscreen"), self._setter("fullscreen")),
            on_off(_("Confirm before playing"), self._getter("confirm_play"), self._setter("confirm_play"),
                   (_("On (click twice)"), _("Off"))),
            # Translators: how the hand is sorted: suits alternating red and black, or in a fixed order of suits.
            Choice(_("Hand order"), (("alternating", _("Alternating colours")), ("suits", _("By suit ♣♦♠♥"))),
                   self._getter("hand_sort"), self._setter("hand_sort")),
            # Translators: within each suit of the hand, cards from high to low or from low to high.
            on_off(_("Each suit"), self._getter("high_first"), self._setter("high_first"),
                   (_("High to low"), _("Low to high"))),
            # Translators: what happens when only one card may be played.
            on_off(_("Only one legal card"), self._getter("auto_play_single"), self._setter("auto_play_single"),
                   (_("Play it for me"), _("Let me play it"))),
        ]
        self.name_field = self.text_fields.add(settings.network_name, MAX_NAME_LENGTH)
        """The name at network tables, kept as typed once it is one a table takes."""
        self.name_refused = ""
        self.name_row = pygame.Rect(0, 0, 0, 0)
        """The name's row: its label on the left, its box on the right."""
        self.controls.append(self.name_field)
        self.buttons = [Button(_("Done"), self.close)]
        self.move_focus(1)

    def _getter(self, name: str) -> Callable[[], Any]:
        return lambda: getattr(self.settings, name)

    def _setter(self, name: str) -> Callable[[Any], None]:
        def change(value: Any) -> None:
            self.settings = self.settings.replace(**{name: value})
            self.on_change(self.settings)
        return change

    def update(self, dt: float) -> None:
        self.volume.enabled = self.settings.sound
        super().update(dt)
        self._take_name()

    def _take_name(self) -> None:
        """The name typed, saved when a table would take it; else why not, under the rows."""
        from ..net.names import NameRefused, clean_name

        typed = self.name_field.text
        if typed.strip() == self.settings.network_name:
            self.name_refused = ""
            return
        try:
            name = clean_name(typed)
        except NameRefused as refused:
            self.name_refused = str(refused)
            return
        self.name_refused = ""
        if name != self.settings.network_name:
            self._setter("network_name")(name)

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        y = self.title_bottom(_("Settings"), rect.top + fs)
        gap = max(4, fs // 3)
        room = rect.bottom - round(fs * NOTE_AND_BUTTONS) - (y + fs // 2)  # above the note and Done
        height = min(int(fs * 2.1), room // len(self.controls) - gap)
        places = rows(y + fs // 2, rect.left + fs * 2, int(rect.width * 0.58) - fs * 2, height,
                      len(self.controls), gap)
        for control, place in zip(self.controls, places):
            control.rect = place
        label = self.name_field.rect  # the box takes the value's part of its row, as a choice's does
        self.name_row = label.copy()
        width = int(label.width * VALUE_SHARE)
        self.name_field.rect = pygame.Rect(label.right - width, label.top, width, label.height)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, _("Settings"), rect.top + fs)
        form_w = int(rect.width * 0.58)
        for control in self.controls:
            self.draw_control(surface, control)
        row = reading.mirror(self.name_row, self.size[0])
        name_label = theme.fit_text(_("Name at network tables"), fs,
                                    row.width - self.name_field.rect.width - max(6, fs // 2), theme.INK)
        surface.blit(name_label, reading.at_start(name_label, row))
        preview = pygame.Rect(rect.left + form_w + fs * 2, y + fs, rect.right - form_w - rect.left - fs * 4,
                              rect.height // 2)
        self._draw_preview(surface, reading.mirror(preview, self.size[0]))
        warned = bool(self.name_refused or self.text_fields.refusal)
        note = theme.fit_text(self.text_fields.refusal or self.name_refused or _("Saved as you change them."),
                        int(fs * 0.85), rect.width - fs * 2, theme.RED if warned else theme.INK_DIM, bold=warned)
        surface.blit(note, note.get_rect(midbottom=(rect.centerx, rect.bottom - fs * 3.8)))  # within NOTE_AND_BUTTONS
        self.button_row(surface)
        self.draw_text_fields(surface)

    def _draw_preview(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        art = self.art()
        height = min(int(area.height * 0.45), int(area.width / 3.2 / 0.72))
        step = int(card_width(height) * 0.55)
        x = area.centerx - (step * (len(PREVIEW_CARDS) - 1) + card_width(height)) // 2
        for i, name in enumerate(PREVIEW_CARDS):
            surface.blit(art.face(card(name), height), (x + i * step, area.top))
        back = art.back(height)
        surface.blit(back, back.get_rect(midtop=(area.centerx, area.top + height + self.font_size)))


def back_colour_name(colour: str) -> str:
    """A colour of the card backs as the Settings screen names it (the key is what settings hold)."""
    names = {"blue": p_("card back", "Blue"), "red": p_("card back", "Red"), "green": p_("card back", "Green"),
             "purple": p_("card back", "Purple")}
    return names.get(colour, colour.capitalize())
