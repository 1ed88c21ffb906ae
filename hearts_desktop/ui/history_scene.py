"""Past games (issue 46): the finished games of the history, newest first, each opening its
score sheet and the coach's review of its hands.

The list scrolls with the keyboard (Up, Down, Page Up, Page Down, Home, End move the focus
from game to game, and the list follows it) and with the Newer and Older buttons. A past game
is replayed from its moves when it is opened, so its score sheet and reviews are those of
the game on the table: the same screens, given a ``PastSheet`` instead of a table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Final, Protocol

import pygame

from ..engine import Game, HandResult, Ruleset
from ..language import _, moment
from ..persistence.history import PastGame, UnplayableGame
from ..persistence.seats import Seat, shown_name
from ..play.base import PastDeal, game_reviewer
from ..words import (
    CHOOSE_DEAL,
    DEAL_CHOICE,
    DEAL_CHOICE_NOTE,
    DEAL_OF_HAND,
    NEWER,
    NO_PAST_GAMES,
    OLDER,
    PAST_GAME_HEADING,
    PAST_GAME_UNPLAYABLE,
    PAST_GAME_WINNER,
    PAST_GAMES,
    REVIEW_HANDS,
    REVIEW_PERSON,
    score_list,
)
from . import reading, theme
from .card_art import CardArt
from .form import Choice, FormScene
from .game_screens import ReviewButtons, ReviewWindow, push_review
from .intents import KeyPress
from .overlays import ScoreHistoryScene
from .widgets import Button, dim, panel

MOVES: Final = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_HOME: -10_000, pygame.K_END: 10_000}
PAGE_KEYS: Final = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
ROW_HEIGHT: Final = 2.0
"""A game's row, in font sizes."""


def when(finished: datetime) -> str:
    """"7 Dec 2026, 14:05" in this computer's time, the language's way."""
    return moment(finished.astimezone())


@dataclass(frozen=True, slots=True)
class PastSheet:
    """A replayed past game as the score sheet reads it."""

    seats: tuple[Seat, ...]
    rules: Ruleset
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]


class HistoryWindow(ReviewWindow, Protocol):
    """What the past games ask of the window."""

    def art(self) -> CardArt: ...

    def play_deal(self, deal: PastDeal) -> None: ...

    def say(self, sentence: str) -> None:
        """Show one sentence for a moment."""


class PastGamesScene(FormScene):
    """The past games, newest first; Enter or a click opens one."""

    arrow_focus = False
    panel_shares = (0.86, 0.9)

    def __init__(self, size: tuple[int, int], games: Sequence[PastGame], open_game: Callable[[PastGame], None]) -> None:
        super().__init__(size)
        self.games = list(reversed(games))
        self.rows = [Button(row_label(past), partial(open_game, past)) for past in self.games]
        self.first = 0
        """The newest game shown: the list scrolled this far."""
        self.visible = 1
        self.newer = Button(_(NEWER), lambda: self.page(-1))
        self.older = Button(_(OLDER), lambda: self.page(1))
        self.close_button = Button(_("Close"), self.close)
        self.buttons = [self.close_button]
        self.place()
        self.set_focus(self.rows[0] if self.rows else self.close_button)

    def list_area(self) -> pygame.Rect:
        fs = self.font_size
        rect = self.panel_box
        top = self.title_bottom(_(PAST_GAMES), rect.top + fs) + int(fs * 1.4)
        return pygame.Rect(rect.left + fs * 2, top, rect.width - fs * 4, self.buttons_bottom() - int(fs * 3.4) - top)

    def place(self) -> None:
        """The rows that fit from ``first``, each a button; the Newer and Older buttons only
        while the list is longer than the panel."""
        self.place_panel()
        fs = self.font_size
        area = self.list_area()
        row = int(fs * ROW_HEIGHT)
        self.visible = max(1, area.height // row)
        self.first = min(max(self.first, 0), max(0, len(self.rows) - self.visible))
        shown = self.rows[self.first:self.first + self.visible]
        for index, button in enumerate(shown):
            button.rect = pygame.Rect(area.left, area.top + index * row, area.width, row - fs // 4)
        self.controls = list(shown)
        scrolls = len(self.rows) > self.visible
        self.newer.enabled = self.first > 0
        self.older.enabled = self.first + self.visible < len(self.rows)
        self.buttons = [self.newer, self.older, self.close_button] if scrolls else [self.close_button]
        super().place()

    def page(self, step: int) -> None:
        """Scroll a page (the buttons): the focus stays on a game still shown."""
        on_a_row = self.focused in self.rows
        self.first += step * self.visible
        self.place()
        if on_a_row and self.focused is None:
            self.set_focus(self.controls[0])

    def key(self, intent: KeyPress) -> None:
        focused = self.focused
        if not self.rows:
            return
        index = self.rows.index(focused) if isinstance(focused, Button) and focused in self.rows else self.first
        if intent.key in MOVES:
            index += MOVES[intent.key]
        elif intent.key in PAGE_KEYS:
            index += PAGE_KEYS[intent.key] * self.visible
        else:
            return
        index = min(max(index, 0), len(self.rows) - 1)
        if index < self.first:
            self.first = index
        elif index >= self.first + self.visible:
            self.first = index - self.visible + 1
        self.place()
        self.set_focus(self.rows[index])

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        self.title(surface, _(PAST_GAMES), rect.top + fs)
        area = self.list_area()
        if not self.rows:
            for index, line in enumerate(theme.wrap(_(NO_PAST_GAMES), fs, area.width)):
                text = theme.text(line, fs, theme.INK_DIM)
                surface.blit(text, text.get_rect(midtop=(rect.centerx, area.top + fs * 2 + index * int(fs * 1.4))))
        for button, past in zip(self.rows[self.first:self.first + self.visible], self.games[self.first:]):
            self.draw_row(surface, button, past)
        self.button_row(surface)

    def draw_row(self, surface: pygame.Surface, button: Button, past: PastGame) -> None:
        """Date, players with their scores, winner: three columns, each cut to its width,
        from the right in Hebrew."""
        fs = self.font_size
        box = button.rect
        focused = self.is_highlighted(button)
        pygame.draw.rect(surface, theme.BUTTON_HOVER if focused or button.hovered else theme.BUTTON, box,
                         border_radius=6)
        if focused:
            pygame.draw.rect(surface, theme.HIGHLIGHT, box, width=2, border_radius=6)
        date_w, winner_w = int(box.width * 0.24), int(box.width * 0.22)
        middle_w = box.width - date_w - winner_w
        cells = ((when(past.finished_at), box.left + fs // 2, date_w - fs, theme.INK_DIM),
                 (scores_label(past), box.left + date_w, middle_w - fs, theme.INK),
                 (winner_label(past), box.right - winner_w, winner_w - fs // 2, theme.GOLD))
        for label, left, width, colour in cells:
            text = theme.text(theme.fitted(label, fs, width), fs, colour)
            surface.blit(text, reading.at_start(text, reading.mirror_in(pygame.Rect(left, box.top, width, box.height), box)))


def scores_label(past: PastGame) -> str:
    return score_list([shown_name(seat.name) for seat in past.seats], past.totals)


def winner_label(past: PastGame) -> str:
    return _(PAST_GAME_WINNER).format(name=shown_name(past.seats[past.winner].name))


def row_label(past: PastGame) -> str:
    """The whole row as one line (what a screen reader or the UI log reads)."""
    # Translators: a past game in one line: {date} it ended, {scores} ("Anna 42, Bo 67"), {winner} ("Anna won").
    return _("{date}: {scores}; {winner}").format(date=when(past.finished_at), scores=scores_label(past),
                                                  winner=winner_label(past))


def open_past_games(window: HistoryWindow) -> None:
    """The list of past games, above the Statistics screen."""
    window.stack.push(PastGamesScene(window.size, window.session.history.games,
                                     lambda past: open_past_game(window, past)))


def open_past_game(window: HistoryWindow, past: PastGame) -> None:
    """A past game's score sheet, with the coach's review of its hands for each person who
    played it at this computer."""
    try:
        game = past.replay()
    except UnplayableGame:
        window.say(_(PAST_GAME_UNPLAYABLE))
        return
    sheet = PastSheet(past.seats, game.rules, tuple(game.totals), tuple(game.results))
    heading = _(PAST_GAME_HEADING).format(date=when(past.finished_at))
    choose = Button(_(CHOOSE_DEAL), lambda: window.stack.push(DealChoiceScene(window.size, game, past.seats,
                                                                              window.play_deal)))
    window.stack.push(ScoreHistoryScene(window.size, sheet, reviews=[*past_reviews(window, game, past.seats), choose],
                                        heading=heading))


def past_reviews(window: HistoryWindow, game: Game, seats: Sequence[Seat]) -> ReviewButtons:
    """A review button for each person who played at this computer, opening the last hand."""
    people = [seat for seat, who in enumerate(seats) if who.is_human]
    names = [seat.name for seat in seats]
    hands = len(game.results)

    def review(seat: int) -> Callable[[], None]:
        return lambda: push_review(window, lambda hand, tools, all_cards: game_reviewer(game, hand, seat, tools, all_cards),
                                   hands - 1, names, window.art().face, hands)

    if len(people) == 1:
        return [Button(_(REVIEW_HANDS), review(people[0]), name="review")]
    return [Button(_(REVIEW_PERSON).format(name=shown_name(names[seat])), review(seat), name=f"review_{seat}")
            for seat in people]


class DealChoiceScene(FormScene):
    """Which hand of a past game to play again: Left and Right choose, Enter plays."""

    panel_shares = (0.6, 0.42)

    def __init__(self, size: tuple[int, int], game: Game, seats: Sequence[Seat],
                 play_deal: Callable[[PastDeal], None]) -> None:
        super().__init__(size)
        self.hand = 0
        hands = tuple((i, _(DEAL_OF_HAND).format(number=i + 1)) for i in range(len(game.results)))
        self.choice = Choice(_(DEAL_CHOICE), hands, lambda: self.hand, self._choose, wrap=False)
        self.controls = [self.choice]
        self.buttons = [Button(_(CHOOSE_DEAL), lambda: play_deal(PastDeal.of(game, seats, self.hand))),
                        Button(_("Cancel"), self.close)]
        self.set_focus(self.choice)

    def _choose(self, hand: int) -> None:
        self.hand = hand

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        y = self.title_bottom(_(CHOOSE_DEAL), rect.top + fs) + fs
        self.choice.rect = pygame.Rect(rect.centerx - fs * 12, y, fs * 24, int(fs * 2))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        self.title(surface, _(CHOOSE_DEAL), rect.top + fs)
        self.draw_control(surface, self.choice)
        small = int(fs * 0.9)
        for index, line in enumerate(theme.wrap(_(DEAL_CHOICE_NOTE), small, rect.width - fs * 4)):
            text = theme.text(line, small, theme.INK_DIM)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, self.choice.rect.bottom + fs + index * int(fs * 1.3))))
        self.button_row(surface)
