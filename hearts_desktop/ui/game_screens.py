"""The screens a game opens above its table: scores, covers, the menu, the game's end and
the coach's reviews, each offering what the game's Play says it offers.

``GameScreens`` is what the window gives a table it shows; ``SmokeOverlays`` is what a smoke
game (``--smoke``) gets: nothing to read, the game plays itself and the program exits.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import count
from typing import TYPE_CHECKING, Protocol

import pygame

from ..controller.session import Session
from ..controller.table import BotFailed, CoverShown
from ..engine import Card, GameOver, HandScored
from ..language import N_, _
from ..persistence.seats import shown_name
from ..play.base import PastDeal, Play, ReviewTools
from ..play.worker import BotWorker
from ..words import (
    DEAL_AGAIN_HEADING,
    MAIN_MENU,
    PLAY_DEAL_AGAIN,
    PLAY_IT_AGAIN,
    REVIEW_HANDS,
    REVIEW_PERSON,
    SeatKind,
)
from .menus import GameMenuScene, Navigator
from .overlays import (
    CoverScene,
    GameOverScene,
    HandScoreScene,
    LastTrickScene,
    MoonChoiceScene,
    ScoreHistoryScene,
)
from .scene import Scene, SceneStack
from .table_scene import TableOverlays, TableScene
from .widgets import Button

if TYPE_CHECKING:
    from ..controller.review import HandReviewer

ReviewButtons = list[Button]
REVIEW_HAND = N_("Review hand")
"""The button opening the coach's review of the hand just scored (one person at the table)."""


class ReviewWindow(Protocol):
    """What the coach's review asks of the window."""

    @property
    def stack(self) -> SceneStack: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def session(self) -> Session: ...

    @property
    def worker(self) -> BotWorker: ...


MakeReviewer = Callable[[int, ReviewTools, bool], "HandReviewer"]
"""The reviewer of one hand (its number, the review's tools, whether all cards are shown)."""


class GameWindow(Navigator, ReviewWindow, Protocol):
    """What the game's screens ask of the window (the app, without importing it)."""

    def show_main_menu(self) -> None: ...

    def rematch(self) -> None: ...

    def open_table_seats(self) -> None: ...

    def play_deal(self, deal: PastDeal) -> None:
        """Play ``deal`` again, in place of the game on the table (which is saved)."""


class GameScreens(TableOverlays):
    """The real screens above the table of ``play``."""

    def __init__(self, window: GameWindow, play: Play) -> None:
        self.window = window
        self.play = play

    def _push(self, scene: Scene) -> None:
        self.window.stack.push(scene)

    def hand_scored(self, table: TableScene, event: HandScored) -> None:
        window, play = self.window, self.play
        played = play.played_again
        if played is not None:  # a deal played again: set beside the first time, and that is all
            self._push(HandScoreScene(table.size, table.controller, event, table.art.face, window.show_main_menu,
                                      reviews=[*self.review_buttons(table, event.hand_index),
                                               Button(_(PLAY_IT_AGAIN), window.rematch)], continue_label=_(MAIN_MENU),
                                      note=played.compared(event.points),
                                      heading=_(DEAL_AGAIN_HEADING).format(number=played.deal + 1)))
            return
        deal = play.deal_of(event.hand_index)
        again = [] if deal is None else [Button(_(PLAY_DEAL_AGAIN), lambda: window.play_deal(deal))]
        self._push(HandScoreScene(table.size, table.controller, event, table.art.face,
                                  table.controller.continue_after_hand,
                                  reviews=self.review_buttons(table, event.hand_index) + again))

    def game_over(self, table: TableScene, event: GameOver) -> None:
        window = self.window
        if self.play.offers.one_deal:
            return  # its one hand's summary is the end (a moon past a low target ends the game too)
        reviews = self.review_buttons(table, len(table.controller.results) - 1, REVIEW_HANDS)
        if not self.play.offers.next_game:
            self._push(GameOverScene(table.size, table.controller, event, on_new_game=None,
                                     on_rematch=None, on_leave=window.show_main_menu, reviews=reviews))
            return
        self._push(GameOverScene(table.size, table.controller, event, on_new_game=window.open_new_game,
                                 on_rematch=window.rematch, on_leave=window.show_main_menu, on_quit=window.quit,
                                 # hot-seat: each person's review is offered by each hand's summary
                                 reviews=reviews if len(reviews) == 1 else []))

    def moon_choice(self, table: TableScene, seat: int) -> None:
        self._push(MoonChoiceScene(table.size, table.controller))

    def cover(self, table: TableScene, event: CoverShown) -> None:
        self._push(CoverScene(table.size, table.controller, event))

    def last_trick(self, table: TableScene) -> None:
        if table.controller.view().tricks:
            self._push(LastTrickScene(table.size, table.controller, lambda: table.layout, table.art.face))

    def scores(self, table: TableScene) -> None:
        finished = len(table.controller.results) - 1
        self._push(ScoreHistoryScene(table.size, table.controller,
                                     reviews=self.review_buttons(table, finished, REVIEW_HANDS)))

    def menu(self, table: TableScene) -> None:
        play = self.play
        has_computers = play.levels is not None and any(seat.kind == SeatKind.COMPUTER for seat in table.controller.seats)
        seats = self.window.open_table_seats if play.friends_seats is not None else None
        self._push(GameMenuScene(table.size, self.window, has_computers, starts_games=play.offers.starts_games,
                                 on_seats=seats))

    # ------------------------------------------------------------------ the coach

    def review_buttons(self, table: TableScene, hand_index: int, label: str = REVIEW_HAND) -> ReviewButtons:
        """Buttons opening the coach's review at ``hand_index`` (the other finished hands a
        step away): one for a lone player (at home or at a network table), one per person in
        hot-seat (each review behind a cover); none before any hand."""
        if hand_index < 0:
            return []
        people = table.controller.human_seats()
        if len(people) == 1:
            return [Button(_(label), self._review_action(table, hand_index, people[0], covered=False), name="review")]
        return [Button(_(REVIEW_PERSON).format(name=shown_name(table.controller.seats[seat].name)),
                       self._review_action(table, hand_index, seat, covered=True), name=f"review_{seat}")
                for seat in people]

    def _review_action(self, table: TableScene, hand_index: int, seat: int, covered: bool) -> Callable[[], None]:
        return lambda: self.open_review(table, hand_index, seat, covered)

    def open_review(self, table: TableScene, hand_index: int, seat: int, covered: bool) -> None:
        """The coach's review of ``seat``'s decisions in a finished hand. How a hand is
        reviewed is the Play's: from the game where it is held here, else from the views the
        host sent for each decision."""
        play = self.play
        names = [s.name for s in table.controller.seats]
        push_review(self.window, lambda hand, tools, all_cards: play.reviewer(hand, seat, tools, all_cards),
                    hand_index, names, table.art.face, len(table.controller.results),
                    cover_for=names[seat] if covered else None, all_cards=play.offers.all_cards_review,
                    replays_hand=table.replays_hand)


def push_review(window: ReviewWindow, make: MakeReviewer, hand_index: int, names: list[str],
                face: Callable[[Card, int], pygame.Surface], hands: int, cover_for: str | None = None,
                all_cards: bool = True, replays_hand: int | None = None) -> None:
    """Open the coach's review at ``hand_index`` (the other ``hands`` a step away), computed
    by the bots' worker ahead of the background reviews (a hand the background coach finishes
    first is taken from it); every hand of this review shares one client of the worker.
    ``replays_hand``: the number of the hand a deal played again replays."""
    from .review_scene import ReviewScene  # the coach's screen loads when first opened

    tools = ReviewTools(window.worker.client(), window.session.reviews, window.worker.review_budget(),
                        count(1).__next__)

    def reviewer(hand: int, all_cards: bool = False) -> HandReviewer:
        return make(hand, tools, all_cards)

    window.stack.push(ReviewScene(window.size, reviewer(hand_index), names, face, cover_for=cover_for, hands=hands,
                                  open_hand=reviewer, all_cards=partial(reviewer, all_cards=True) if all_cards else None,
                                  replays_hand=replays_hand))


class SmokeOverlays(TableOverlays):
    """For --smoke: no screens to read, the game plays itself and the program exits."""

    def __init__(self, stop: Callable[[], None]) -> None:
        self.stop = stop

    def game_over(self, table: TableScene, event: object) -> None:
        self.stop()

    def bot_failed(self, table: TableScene, event: BotFailed) -> None:
        """A smoke game checks a build: a failing bot must fail it, not be papered over."""
        raise RuntimeError(f"the computer player in seat {event.seat} failed:\n{event.details}")
