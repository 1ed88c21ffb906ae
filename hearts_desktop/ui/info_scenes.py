"""Screens to read: the rules in force, and the keyboard help (``?``). They scroll when the
window is too small for them."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..coach.review import marks_sentence
from ..engine import Ruleset, describe, matching_preset
from ..language import N_, _
from . import reading, theme
from .form import FormScene
from .intents import KeyPress
from .widgets import Button, dim, panel

BULLET = "•"
"""The first cell of a rule (its right in Hebrew): its sentence starts just past it, not past
the widest key."""
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8,
               pygame.K_HOME: -10_000, pygame.K_END: 10_000}

# Translators: the keyboard help: the keys' names as keyboards in your language write them
# (Space, Enter, Backspace, Ctrl...); single letters, F2, F11 and arrows are the keys themselves.
KEYBOARD_HELP: tuple[tuple[str, str], ...] = (
    ("← →", N_("move across your hand (Home, End: first, last card)")),
    (N_("Space, Enter"), N_("put the card in the pass slots, or play it")),
    (N_("Backspace"), N_("take the last card back out of the pass slots")),
    (N_("Tab, Shift+Tab"), N_("move between the buttons; Enter presses one")),
    (N_("Enter"), N_("pass, once three cards are in the slots")),
    ("F2", N_("new game")),
    (N_("Ctrl+Z"), N_("undo your last card or pass")),
    ("H", N_("hint")),
    ("F", N_("finish the hand when nothing can change any more")),
    ("L", N_("last trick")),
    ("S", N_("scores")),
    (N_("Esc"), N_("menu")),
    ("F11", N_("fullscreen")),
    ("?", N_("this help")),
)
"""Each key and what it does, marked for the catalogue: ``help_scene`` translates them."""


class TextScene(FormScene):
    """A titled list of entries, each a short left cell and a wrapped right cell (the other
    way round in Hebrew: the lines read from the right)."""

    arrow_focus = False
    panel_shares = (0.72, 0.88)

    def __init__(self, size: tuple[int, int], title: str, entries: Sequence[tuple[str, str]],
                 intro: str = "") -> None:
        super().__init__(size)
        self.heading = title
        self.entries = list(entries)
        self.intro = intro
        self.first_line = 0
        self.max_first_line = 0
        self.up = Button(_("▲ Up"), lambda: self.scroll(-4))
        self.down = Button(_("▼ Down"), lambda: self.scroll(4))
        self.close_button = Button(_("Close"), self.close)
        self.buttons = [self.close_button]
        self.shown: list[tuple[str | None, str, int]] = []
        """The lines on screen now, scrolled to ``first_line``."""
        self.set_focus(self.close_button)

    def scroll(self, lines: int) -> None:
        self.first_line = min(max(self.first_line + lines, 0), self.max_first_line)

    def key(self, intent: KeyPress) -> None:
        if intent.key in SCROLL_KEYS:
            self.scroll(SCROLL_KEYS[intent.key])

    def key_width(self, fs: int) -> int:
        return max((theme.font(fs, True).size(left)[0] for left, _ in self.entries if left != BULLET), default=0)

    def indent(self, left: str, fs: int) -> int:
        """Where the right cell starts: just past a bullet, else past the widest key."""
        if left == BULLET:
            return theme.font(fs, True).size(BULLET)[0] + fs
        return self.key_width(fs) + fs * 2

    def lines(self, width: int, fs: int) -> list[tuple[str | None, str, int]]:
        """Every drawn line as (left cell, right cell, where the right cell starts), the right
        cells wrapped to fit; the introduction's lines have no left cell (None) and use the
        whole width."""
        out: list[tuple[str | None, str, int]] = []
        if self.intro:
            out += [(None, line, 0) for line in theme.wrap(self.intro, fs, width)]
            out.append((None, "", 0))
        for left, right in self.entries:
            indent = self.indent(left, fs)
            wrapped = theme.wrap(right, fs, width - indent) or [""]
            out.append((left, wrapped[0], indent))
            out += [("", rest, indent) for rest in wrapped[1:]]
        return out

    def _text_area(self) -> pygame.Rect:
        fs = self.font_size
        rect = self.panel_box
        y = self.title_bottom(self.heading, rect.top + fs)
        return pygame.Rect(rect.left + fs * 2, y, rect.width - fs * 4, rect.bottom - y - fs * 4.5)

    def place(self) -> None:
        """How far the text scrolls is known once it is wrapped for this size: the arrows
        are there only when it can scroll, so the buttons are chosen before they are placed."""
        self.place_panel()
        fs = self.font_size
        area = self._text_area()
        lines = self.lines(area.width, fs)
        visible = max(1, area.height // int(fs * 1.5))
        self.max_first_line = max(0, len(lines) - visible)
        self.first_line = min(self.first_line, self.max_first_line)
        self.shown = lines[self.first_line:self.first_line + visible]
        self.up.enabled = self.first_line > 0
        self.down.enabled = self.first_line < self.max_first_line
        self.buttons = [self.up, self.down, self.close_button] if self.max_first_line else [self.close_button]
        super().place()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        self.title(surface, self.heading, rect.top + fs)
        area = reading.mirror(self._text_area(), self.size[0])
        y = area.top
        for left, right, indent in self.shown:  # each cell at the reading's start: the right in Hebrew
            if left:
                cell = theme.text(left, fs, theme.GOLD, bold=True)
                surface.blit(cell, reading.at_start(cell, pygame.Rect(area.left, y, area.width, 0), "topleft"))
            line = theme.text(right, fs, theme.INK if left is not None else theme.INK_DIM)
            box = reading.mirror_in(pygame.Rect(area.left + indent, y, area.width - indent, 0), area)
            surface.blit(line, reading.at_start(line, box, "topleft"))
            y += int(fs * 1.5)
        self.button_row(surface)


ACCURACY_SENTENCE = N_("While you play, the coach judges each hand you finish; Statistics shows each game's "
                       "cost per decision (its mean cost, lower is better). Network games are not reviewed.")


def rules_scene(size: tuple[int, int], rules: Ruleset, in_game: bool) -> TextScene:
    """The ruleset in plain sentences, generated from the ruleset itself (``describe``)."""
    preset = matching_preset(rules)
    name = preset.name if preset else _("Custom rules")
    if preset is None:
        intro = _("The rules of this game.") if in_game else _("The rules of the next new game.")
    elif in_game:
        # Translators: {tagline} is a sentence about the rules' set ("The rules most people know.").
        intro = _("The rules of this game. {tagline}").format(tagline=preset.tagline)
    else:
        intro = _("The rules of the next new game. {tagline}").format(tagline=preset.tagline)
    # Translators: the left cell of the coach's lines in the rules (the coach who reviews your hands).
    coach = _("Coach")
    entries = [(BULLET, sentence) for sentence in describe(rules)] + [(coach, marks_sentence()),
                                                                    (coach, _(ACCURACY_SENTENCE))]
    # Translators: {name} is the name of the rules' set ("Standard") or "Custom rules".
    return TextScene(size, _("Rules — {name}").format(name=name), entries, intro)


def help_scene(size: tuple[int, int]) -> TextScene:
    entries = [(_(key), _(what)) for key, what in KEYBOARD_HELP]  # a key not marked (F2, H) stays itself
    return TextScene(size, _("Keyboard"), entries, _("Everything can be played without a mouse."))
