"""What every Play is: what the window may offer for its game, and its lifetime.

The window shows ``Play.model`` and asks the Play what to offer: the menu's entries, what
comes after the game, how a hand is reviewed, whether quitting needs a question. Each kind of
game answers once, in its own class; the window never asks which kind it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..controller.bot_runner import BotRunner
from ..controller.session import Session
from ..controller.table import TableController
from ..controller.table_model import TableModel
from ..engine import Game, Ruleset
from ..language import _
from ..persistence.seats import Seat, hot_seat_names, shown_name
from ..words import DEAL_AGAIN_RESULT, DEAL_AGAIN_RESULT_NAMED, Level, Pace, SeatKind, points
from .services import Services

if TYPE_CHECKING:  # the coach loads when a review opens, the network when a table opens
    from ..coach.review import CoachBudget
    from ..controller.review import HandReviewer, ReviewCache
    from ..net.host import HostTable


class ComputerLevels(Protocol):
    """A table whose computer players' difficulty can change (a game here, or hosted)."""

    @property
    def seats(self) -> list[Seat]: ...

    def set_level(self, seat: int, level: Level) -> None: ...


@dataclass(frozen=True)
class Offers:
    """What the window offers for a kind of game, beyond what its table itself allows (undo,
    Finish hand and the hint are the model's to say, move by move)."""

    starts_games: bool
    """The table's menu offers New game, Restart hand and Statistics, and leaves by "Main
    menu"; a table shared on the network only leaves ("Leave the table"): its game is the
    friends' too."""
    next_game: bool
    """Rematch, New game and Quit once the game is over (a friend's table: the host deals
    any rematch, so the friend can only leave)."""
    all_cards_review: bool
    """A review can also judge with every hand shown (a friend's computer never knew the
    others' hands)."""
    one_deal: bool = False
    """One deal played again: its summary compares it with the first time and offers it
    again, and nothing comes after it."""


@dataclass(frozen=True)
class PlayContext:
    """What the window gives every Play it starts."""

    session: Session
    """The player's files: which save a Play writes is its choice, the writing is the session's."""
    services: Services
    bots: Callable[[], BotRunner]
    """A runner for a local game's computers: a share of the program's one worker."""
    new_seed: Callable[[], int]
    """The seed of a new deal (fixed by ``--seed``, else random)."""


@dataclass(frozen=True)
class ReviewTools:
    """What every hand of one review shares."""

    runner: BotRunner
    cache: ReviewCache
    budget: CoachBudget
    job_ids: Callable[[], int]
    """One numbering for every hand of the review: no answer is taken for another's."""


def game_reviewer(game: Game, hand_index: int, seat: int, tools: ReviewTools, all_cards: bool = False) -> HandReviewer:
    """The coach's review of ``seat``'s decisions in a finished hand of a game held here
    (the one on the table, or a past game from the history)."""
    from ..controller.review import HandReviewer

    return HandReviewer.of_game(tools.runner, game.rules, game.seed, game.actions, hand_index, seat, tools.cache,
                                budget=tools.budget, job_ids=tools.job_ids, all_cards=all_cards,
                                deals_from=game.deals_from)


@dataclass(frozen=True)
class PastDeal:
    """One hand of a finished or running game, to be played again: its deal, its seats and
    the points each seat took the first time."""

    rules: Ruleset
    seed: int
    deal: int
    """The deal's number in the game ``(rules, seed)`` (``Game.deal_again``)."""
    seats: tuple[Seat, ...]
    first_points: tuple[int, ...]

    @classmethod
    def of(cls, game: Game, seats: Sequence[Seat], hand_index: int) -> PastDeal:
        """Hand ``hand_index`` of ``game``, which must be scored; a friend who played it over
        the network is a computer of their seat's level here, and several people are named
        as ``hot_seat_names`` says (an older version's "You" too)."""
        here = hot_seat_names([Seat(seat.name, SeatKind.COMPUTER, seat.level) if seat.kind == SeatKind.REMOTE else seat
                               for seat in seats])
        return cls(game.rules, game.seed, game.deals_from + hand_index, here, game.results[hand_index].points)

    def compared(self, now: Sequence[int]) -> str:
        """This time's points beside the first time's, for each person at this computer."""
        people = [seat for seat, who in enumerate(self.seats) if who.is_human]
        if len(people) == 1:
            [seat] = people
            return _(DEAL_AGAIN_RESULT).format(now=points(now[seat]), then=points(self.first_points[seat]))
        return " ".join(_(DEAL_AGAIN_RESULT_NAMED).format(name=shown_name(self.seats[seat].name),
                                                       now=points(now[seat]), then=points(self.first_points[seat]))
                        for seat in people)


class Play:
    """One game in the window. The defaults are a table that offers nothing more."""

    offers: Offers

    @property
    def model(self) -> TableModel:
        """What the table shows and forwards input to."""
        raise NotImplementedError

    @property
    def controller(self) -> TableController | None:
        """The whole game, where this computer holds it (a friend's table holds only what
        its seat sees: the host has the game)."""
        return None

    @property
    def levels(self) -> ComputerLevels | None:
        """Where the computers' difficulty changes (None: not here to change)."""
        return None

    @property
    def friends_seats(self) -> HostTable | None:
        """The table whose friends' seats this window answers for (Friends' seats: who asks
        for a seat, who plays, who is away), or None."""
        return None

    def set_pace(self, pace: Pace) -> None:
        """The settings' pace changed (a friend's table keeps the host's)."""

    def can_restart_hand(self) -> bool:
        return False

    def restarted_hand(self) -> Play:
        """The same game at the start of the hand being played (``can_restart_hand``)."""
        raise NotImplementedError

    def rematch(self) -> Play:
        """Another game with the same seats and rules and a fresh deal (``offers.next_game``):
        a new Play, or this one where the same table deals again."""
        raise NotImplementedError

    def save_now(self) -> None:
        """Save the game as it is now (a changed difficulty), in the save it writes."""

    def reviewer(self, hand_index: int, seat: int, tools: ReviewTools, all_cards: bool = False) -> HandReviewer:
        """The coach's review of ``seat``'s decisions in a finished hand."""
        controller = self.controller
        assert controller is not None, "a game held elsewhere is reviewed from what its seat saw"
        return game_reviewer(controller.game, hand_index, seat, tools, all_cards)

    def deal_of(self, hand_index: int) -> PastDeal | None:
        """A finished hand of this game, to be played again (None: not from here)."""
        return None

    @property
    def played_again(self) -> PastDeal | None:
        """The deal this game plays again, or None for a game of its own."""
        return None

    def quit_question(self) -> str | None:
        """What to ask before the program quits in the middle of this game (None: nothing)."""
        return None

    def take_ending(self) -> str | None:
        """Why the table ended for this window, said once (a friend's: the host left)."""
        return None

    def keep_up(self) -> None:
        """Each frame: keep what outlasts this window current (a hosted table's advertisement,
        a friend's note of the table to rejoin)."""

    def take_seat_request(self) -> bool:
        """Someone asks for a seat, not yet shown (each request is shown once)."""
        return False

    def close(self) -> None:
        """End the game here: what it opened closes (its screens leaving close it)."""
