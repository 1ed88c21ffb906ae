"""A game at this computer: one person against computers, or several taking turns (hot-seat).

Its computers think in a share of the program's one worker; its game is saved after every
move by the session, in the solo autosave, or, for a hosted game played on here with
computers in the friends' seats (Continue the network game), in the network save, with its
rematches and restarted hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..controller.table import TableController
from ..controller.table_model import TableModel
from ..engine import Game
from ..persistence.seats import Seat, hot_seat_names
from ..words import Pace
from .base import ComputerLevels, Offers, PastDeal, Play, PlayContext


class LocalPlay(Play):
    offers = Offers(starts_games=True, next_game=True, all_cards_review=True)

    def __init__(self, context: PlayContext, game: Game, seats: Sequence[Seat], pace: Pace, *,
                 resumes: bool = False, network_save: bool = False, auto_continue: bool = False) -> None:
        """``resumes``: the saved game played on (it saves over the save at once, where a new
        game waits for a person's first move); ``network_save``: saved with the hosted games;
        ``auto_continue``: the hands' scores are not waited for (a game of computers alone).
        Several people's seats are named as ``hot_seat_names`` says, even those an older
        version saved."""
        self.context = context
        self.network_save = network_save
        self.table = context.session.start_table(game, hot_seat_names(seats), context.bots(), pace, auto_continue=auto_continue,
                                                 resumes=resumes, hosted=network_save)

    @property
    def model(self) -> TableModel:
        return self.table

    @property
    def controller(self) -> TableController:
        return self.table

    @property
    def levels(self) -> ComputerLevels:
        return self.table

    def set_pace(self, pace: Pace) -> None:
        self.table.pace = pace

    def _again(self, game: Game, resumes: bool = False) -> LocalPlay:
        """Another game at the same table: the same seats, pace and save."""
        table = self.table
        return LocalPlay(self.context, game, tuple(table.seats), table.pace, resumes=resumes,
                         network_save=self.network_save, auto_continue=table.auto_continue)

    def can_restart_hand(self) -> bool:
        game = self.table.game
        return not game.over and not self.table.awaiting_continue and game.hand_start < len(game.actions)

    def restarted_hand(self) -> LocalPlay:
        """Saved at once over the game it restarts, where that one was saved."""
        restarted = self._again(self.table.game.at_hand_start(), resumes=self.context.session.saves(self.table))
        restarted.save_now()
        return restarted

    def rematch(self) -> LocalPlay:
        return self._again(Game(self.table.game.rules, self.context.new_seed()))

    def deal_of(self, hand_index: int) -> PastDeal:
        return PastDeal.of(self.table.game, self.table.seats, hand_index)

    def save_now(self) -> None:
        if self.table.on_change is not None:
            self.table.on_change(self.table)

    def close(self) -> None:
        self.table.close()


class DealAgainPlay(LocalPlay):
    """One deal played again at this computer, the way duplicate players practise: never
    saved and never counted (the game it came from is), and once its hand is scored, set
    beside the first time."""

    offers = Offers(starts_games=True, next_game=False, all_cards_review=True, one_deal=True)

    def __init__(self, context: PlayContext, deal: PastDeal, pace: Pace) -> None:
        self.context = context
        self.network_save = False
        self.deal = deal
        game = Game.deal_again(deal.rules, deal.seed, deal.deal)
        self.table = TableController(game, deal.seats, context.bots(), pace)

    def restarted_hand(self) -> DealAgainPlay:
        return self.rematch()

    def rematch(self) -> DealAgainPlay:
        """The same deal once more."""
        return DealAgainPlay(self.context, self.deal, self.table.pace)

    @property
    def played_again(self) -> PastDeal:
        return self.deal
