"""The main menu, the in-game menu (Esc), the opponents' difficulty and yes/no questions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from .. import __version__
from ..language import N_, _, join_names
from ..persistence.saves import SavedGame
from ..persistence.seats import shown_name
from ..play.base import ComputerLevels
from ..words import Level, SeatKind, score_list
from . import reading, theme
from .form import Choice, FormScene, rows
from .widgets import Button, dim, panel


class Navigator(Protocol):
    """Where the menus lead: the app implements these."""

    def continue_game(self) -> None: ...

    def continue_network_game(self) -> None: ...

    def rejoin_table(self) -> None: ...

    def open_new_game(self) -> None: ...

    def open_network(self) -> None: ...

    def open_settings(self) -> None: ...

    def open_statistics(self) -> None: ...

    def open_rules(self) -> None: ...

    def open_help(self) -> None: ...

    def open_difficulty(self) -> None: ...

    def restart_hand(self) -> None: ...

    def can_restart_hand(self) -> bool: ...

    def quit_to_menu(self) -> None: ...

    def quit(self) -> None: ...


class MainMenuScene(FormScene):
    """The first screen: the title over the felt and what a person can do."""

    opaque = True
    close_keys = ()

    def __init__(self, size: tuple[int, int], nav: Navigator, saved_game: str | None,
                 saved_network: str | None = None, rejoin: str | None = None) -> None:
        """``rejoin``: the label of the button back to a friend's table this program left."""
        super().__init__(size)
        self.notes = [note for note in (saved_game, saved_network) if note is not None]
        """A line about each game a Continue button resumes (none: no Continue)."""
        entries = [
            Button(_("New game"), nav.open_new_game, name="new_game"),
            Button(_("Play on the network"), nav.open_network, name="network"),
            Button(_("Settings"), nav.open_settings, name="settings"),
            Button(_("Statistics"), nav.open_statistics, name="statistics"),
            Button(_("Rules"), nav.open_rules, name="rules"),
            Button(_("Quit"), nav.quit, name="quit"),
        ]
        if saved_network is not None:
            entries.insert(0, Button(_("Continue the network game"), nav.continue_network_game,
                                     name="continue_network_game"))
        if saved_game is not None:
            entries.insert(0, Button(_("Continue"), nav.continue_game, name="continue"))
        if rejoin is not None:
            entries.insert(0, Button(rejoin, nav.rejoin_table, name="rejoin"))
        self.controls = [*entries]
        self.note_top = 0
        """Where the line about the saved game goes: under the buttons."""
        self.move_focus(1)

    def _title_top(self) -> int:
        return int(self.size[1] * 0.1)

    def _title_size(self) -> int:
        return int(self.font_size * 4.2)

    def place_controls(self) -> None:
        fs = self.font_size
        title_height = theme.font(self._title_size(), True).size(game_title())[1] + max(1, self._title_size() // 14)
        under_suits = self._title_top() + title_height + int(fs * 2.6)
        top = under_suits + fs * 2
        buttons = [c for c in self.controls if isinstance(c, Button)]
        width = max(int(fs * 15), *(b.width_for(int(fs * 1.05)) + fs * 2 for b in buttons))
        self.note_top = self.place_column(buttons, top, width)
        # Rejoin, two Continues and the notes under them: the column rises into the space
        # under the suits rather than push the notes past the version line.
        overflow = self.note_top + len(self.notes) * int(fs * 1.3) + fs * 2 - self.size[1]
        if overflow > 0:
            self.note_top = self.place_column(buttons, max(under_suits, top - overflow), width)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        fs = self.font_size
        w, h = self.size
        title = theme.shadowed_text(game_title(), self._title_size(), theme.INK, bold=True)
        top = self._title_top()
        surface.blit(title, title.get_rect(midtop=(w // 2, top)))
        y = top + title.get_height()
        for i, (suit, colour) in enumerate(zip("♣♥♠♦", (theme.INK, theme.RED, theme.INK, theme.RED))):
            symbol = theme.shadowed_text(suit, int(fs * 2), colour)
            surface.blit(symbol, symbol.get_rect(midtop=(w // 2 + (i * 2 - 3) * fs * 3 // 2, y)))
        for control in self.controls:
            self.draw_control(surface, control, int(fs * 1.05))
        version = theme.text(f"Hearts Desktop {__version__}", int(fs * 0.75), theme.INK_DIM)
        # The page's small print, at the end of the reading: the bottom left in Hebrew.
        surface.blit(version, reading.at_start(version, pygame.Rect(fs, 0, w - 2 * fs, h - fs // 2), "bottomright"))
        room = w - 2 * (version.get_width() + 2 * fs)  # a centred note clear of the version, on its row too
        for line, note_text in enumerate(self.notes):
            note = theme.shadowed_text(theme.fitted(note_text, int(fs * 0.85), room), int(fs * 0.85), theme.INK_DIM)
            surface.blit(note, note.get_rect(midtop=(w // 2, self.note_top + line * int(fs * 1.3))))


def game_title() -> str:
    """The main menu's title: the card game's name."""
    # Translators: the card game's name as players in your language call it (the title of the main menu).
    return _("Hearts")


class GameMenuScene(FormScene):
    """Esc at the table: the game waits below while the player chooses."""

    def __init__(self, size: tuple[int, int], nav: Navigator, has_computers: bool, starts_games: bool = True,
                 on_seats: Callable[[], None] | None = None) -> None:
        super().__init__(size)
        # Translators: a button: deal the current hand (deal) again from the start.
        restart = Button(_("Restart hand"), self.closing_then(nav.restart_hand), enabled=nav.can_restart_hand())
        seats = [Button(_("Friends' seats"), self.closing_then(on_seats))] if on_seats is not None else []
        new_game = Button(_("New game"), self.closing_then(nav.open_new_game))
        statistics = Button(_("Statistics"), self.closing_then(nav.open_statistics))
        entries = [
            Button(_("Resume"), self.close),
            *seats,
            new_game,
            restart,
            Button(_(DifficultyScene.TITLE), self.closing_then(nav.open_difficulty), enabled=has_computers),
            Button(_("Settings"), self.closing_then(nav.open_settings)),
            Button(_("Rules"), self.closing_then(nav.open_rules)),
            statistics,
            Button(_("Keyboard help"), self.closing_then(nav.open_help)),
            Button(_("Main menu"), self.closing_then(nav.quit_to_menu)),
            Button(_("Quit"), nav.quit, name="quit"),
        ]
        if not starts_games:  # a shared table: no new game or restart from here; leaving says what it does
            entries = [b for b in entries if b not in (new_game, restart, statistics)]
            entries[-2].label = _("Leave the table")
        self.controls = list(entries)
        self.move_focus(1)

    def place_panel(self) -> None:
        fs = self.font_size
        rect = pygame.Rect(0, 0, max(self.size[0] * 34 // 100, fs * 18), self.column_height(len(self.controls)) + fs * 5)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        self.panel_area = rect

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        buttons = [c for c in self.controls if isinstance(c, Button)]
        self.place_column(buttons, self.title_bottom(_("Menu"), rect.top + fs), rect.width - fs * 3)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        self.title(surface, _("Menu"), rect.top + fs)
        for control in self.controls:
            self.draw_control(surface, control, int(fs * 1.05))


class DifficultyScene(FormScene):
    """Each computer player's difficulty, changed during a game from its next decision on."""

    TITLE = N_("Opponents' difficulty")
    panel_shares = (0.5, 0.62)

    def __init__(self, size: tuple[int, int], controller: ComputerLevels,
                 on_change: Callable[[], None]) -> None:
        super().__init__(size)
        levels = tuple((level, level.label) for level in Level)

        def level_of(seat: int) -> Callable[[], Level]:
            return lambda: controller.seats[seat].level

        def set_level(seat: int) -> Callable[[Level], None]:
            def apply(level: Level) -> None:
                controller.set_level(seat, level)
                on_change()
            return apply

        self.controls = [
            Choice(shown_name(seat.name), levels, level_of(index), set_level(index))
            for index, seat in enumerate(controller.seats) if seat.kind == SeatKind.COMPUTER
        ]
        self.buttons = [Button(_("Done"), self.close)]
        self.move_focus(1)

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        y = self.title_bottom(_(self.TITLE), rect.top + fs)
        places = rows(y + fs * 2, rect.left + fs * 2, rect.width - fs * 4, int(fs * 2.2), len(self.controls),
                      fs // 2)
        for control, place in zip(self.controls, places):
            control.rect = place

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, _(self.TITLE), rect.top + fs)
        note = theme.text(_("Changes take effect from each player's next decision."), int(fs * 0.85),
                          theme.INK_DIM)
        surface.blit(note, note.get_rect(midtop=(rect.centerx, y)))
        for control in self.controls:
            self.draw_control(surface, control)
        self.button_row(surface)


class ConfirmScene(FormScene):
    """A yes/no question before something that cannot be undone; No is the default."""

    def __init__(self, size: tuple[int, int], question: str, yes: str, on_yes: Callable[[], None]) -> None:
        self.question = question
        super().__init__(size)  # it places the panel, sized to the question

        def confirmed() -> None:
            self.close()
            on_yes()

        self.buttons = [Button(yes, confirmed, name="yes"), Button(_("Cancel"), self.close, name="cancel")]
        self.set_focus(self.buttons[1])

    def place_panel(self) -> None:
        """As tall as the question's lines and the buttons, at any window's height."""
        fs = self.font_size
        width = max(self.size[0] // 2, fs * 26)
        lines = len(self._question_lines(width))
        rect = pygame.Rect(0, 0, width, fs * 2 + lines * int(fs * 1.6) + fs * 2 + int(fs * 2.4))
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        self.panel_area = rect

    def _question_lines(self, panel_width: int) -> list[str]:
        return theme.wrap(self.question, int(self.font_size * 1.1), panel_width - self.font_size * 4)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = rect.top + fs * 2
        for line in self._question_lines(rect.width):
            text = theme.text(line, int(fs * 1.1), theme.INK)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += int(fs * 1.6)
        self.button_row(surface)


def continue_summary(saved: SavedGame | None, network: bool = False) -> str | None:
    """The line under Continue: which game it resumes (None: nothing to continue)."""
    if saved is None:
        return None
    number = saved.game.hand_index + 1
    if network:
        return _("Saved network game: hand {number} — {scores}").format(number=number, scores=scores(saved))
    # Translators: {number} counts the hands (deals) played; {scores} lists each player's score ("Anna 12, Bo 30").
    return _("Saved game: hand {number} — {scores}").format(number=number, scores=scores(saved))


def scores(saved: SavedGame) -> str:
    return score_list([shown_name(seat.name) for seat in saved.seats], saved.game.totals)


def replace_question(saved: SavedGame) -> str:
    """What New game or Host a table asks when it would replace ``saved``."""
    people = [shown_name(seat.name) for seat in saved.seats if seat.is_human]
    said = {"number": saved.game.hand_index + 1, "scores": scores(saved)}
    if any(seat.kind == SeatKind.REMOTE for seat in saved.seats):
        return _("Replace your saved game from your last network table? It is at hand {number} ({scores}). "
                 "It stays saved until your first move in the new game.").format(**said)
    if len(people) == 1:
        return _("Replace your saved game against computers? It is at hand {number} ({scores}). "
                 "It stays saved until your first move in the new game.").format(**said)
    if not people:  # ``--autoplay`` on the player's data folder
        return _("Replace your saved game of computers only? It is at hand {number} ({scores}). "
                 "It stays saved until your first move in the new game.").format(**said)
    # Translators: {names} lists the people of the saved game ("Ann, Bo and Cy").
    return _("Replace your saved game of {names}? It is at hand {number} ({scores}). "
             "It stays saved until your first move in the new game.").format(names=join_names(people), **said)


class QuitQuestion(ConfirmScene):
    """Quit while friends play at the table hosted here? (Closing the window again quits.)"""
