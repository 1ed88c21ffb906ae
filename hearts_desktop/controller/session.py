"""The player's files behind the table: settings, statistics and the saved game.

A session holds the data folder's lock for the life of the program, reads everything once at
start-up (before anything is written) and collects every sentence about a bad or unwritable
file for the window to show. The table's actions flow down through it to the disk: while a
game runs it is saved after every action by a background writer; when it ends, the finished
game is saved, then counted in the statistics, and only then is its save forgotten, so a
result the disk refused is still on disk (in the save) and is counted at the next start.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Game
from ..persistence import (
    DataFolderLock,
    DataPaths,
    SavedGame,
    Seat,
    Settings,
    Statistics,
    StorageError,
    discard_saved_game,
    load_game,
    load_settings,
    load_statistics,
    save_settings,
    save_statistics,
)
from ..persistence.saves import forget_unjudged, keep_unjudged, load_unjudged, unjudged_files, unjudged_path
from ..persistence.stats import Accuracy, game_id, reread_statistics
from ..words import Pace
from .autosave import Autosaver, BackgroundWriter
from .bot_runner import BotRunner
from .table import TableController

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # the coach is read and imported when first needed, not before the first frame
    from ..coach.game import HandReview
    from ..coach.review import CoachBudget
    from .accuracy import BackgroundReviews
    from .review import ReviewCache

RESULT_KEPT = "the result of the game is kept with its save and will be counted at the next start"
RESULT_LOST = "the result of the game could not be saved and is not in the statistics"


class Session:
    """What is on disk, loaded; ``paths`` is None when nothing may be read or written
    (scripted runs). ``open`` takes the folder's lock first."""

    def __init__(self, paths: DataPaths | None, lock: DataFolderLock | None = None) -> None:
        self.paths = paths
        self.lock = lock
        self.messages: list[str] = []
        self.settings = Settings()
        self.statistics = Statistics()
        self._stored = Statistics()
        """The statistics as last read from or written to disk (``statistics`` may hold a
        result the disk refused)."""
        self.saved: SavedGame | None = None
        self.autosaver: Autosaver | None = None
        self.uncounted: tuple[Game, tuple[Seat, ...]] | None = None
        """A finished game the statistics on disk do not count yet."""
        self.result_saved = True
        """Whether ``uncounted`` is at least in the save, to be counted at the next start."""
        self._reviews: ReviewCache | None = None
        self._review_writer: BackgroundWriter[dict[str, HandReview]] | None = None
        self.coach: BackgroundReviews | None = None
        """Judges the people's finished hands for their accuracy (``start_coach``)."""
        self._coached: TableController | None = None
        """The local game the coach follows (never a network table)."""
        if paths is None:
            return
        settings = load_settings(paths.settings)
        statistics = load_statistics(paths.statistics)
        saved = load_game(paths.autosave)
        for loaded in (settings, statistics, saved):
            self.messages.extend(loaded.messages)
        self.settings = settings.value
        self.statistics = statistics.value
        self._stored = copy.deepcopy(statistics.value)
        self.saved = saved.value
        self.autosaver = Autosaver(paths.autosave)
        if self.saved is not None and self.saved.game.over:  # its result was not counted yet
            finished, self.saved = self.saved, None
            self._count_finished(finished.game, finished.seats, save_first=False)

    @classmethod
    def open(cls, data_dir: Path | None) -> Session:
        """The player's session; raises FolderInUse when another copy holds the folder and
        UnusableFolder when it cannot be a folder."""
        paths = DataPaths.resolve(data_dir)
        lock = DataFolderLock(paths.data_dir, paths.config_dir)
        lock.acquire()
        try:
            return cls(paths, lock)
        except BaseException:
            lock.release()
            raise

    @property
    def reviews(self) -> ReviewCache:
        """The coach's finished reviews, read from their own file (``coach.stored``) the first
        time a review is asked for."""
        if self._reviews is None:
            from ..coach.stored import load_reviews, save_reviews
            from .review import ReviewCache

            if self.paths is None:
                self._reviews = ReviewCache()
                return self._reviews
            loaded = load_reviews(self.paths.reviews)
            self.messages.extend(loaded.messages)
            path = self.paths.reviews
            self._review_writer = BackgroundWriter(
                "reviews", lambda kept: save_reviews(path, kept), "the coach's reviews being saved",
                "the coach's last review", "saving goes on with the next review")
            self._reviews = ReviewCache(loaded.value, keep=self._review_writer.put)
        return self._reviews

    def start_coach(self, clients: Callable[[], BotRunner], budget: CoachBudget) -> None:
        """Have the coach judge the people's hands of the local games from now on, each
        review through a runner ``clients`` makes (background jobs of the bots' worker)."""
        if self.paths is not None and self.coach is None:
            from .accuracy import BackgroundReviews

            self.coach = BackgroundReviews(clients, self.reviews, budget, self._record_accuracy, self._judged)
            self._resume_unjudged(self.coach)
            if self._coached is not None:  # the window starts the coach after the table's first frame
                self.coach.follow(self._coached.game, tuple(self._coached.seats))

    def start_table(self, game: Game, seats: Sequence[Seat], runner: BotRunner, pace: Pace,
                    auto_continue: bool = False) -> TableController:
        """A table for ``game`` whose every action is saved through this session (and whose
        finished hands the coach judges)."""
        table = TableController(game, seats, runner, pace, on_change=self.game_changed,
                                auto_continue=auto_continue)
        self._coached = table
        if self.coach is not None:
            self.coach.follow(game, seats)
        return table

    def update(self) -> None:
        """Each frame: take in the coach's judgements."""
        if self.coach is not None:
            self.coach.update()

    def take_messages(self) -> list[str]:
        """Sentences for the player since the last call, failed autosaves included."""
        for writer in (self.autosaver, self._review_writer):
            if writer is not None:
                self.messages.extend(writer.errors())
        messages, self.messages = self.messages, []
        return messages

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        if self.paths is not None:
            self._try(save_settings, self.paths.settings, settings)

    def game_changed(self, controller: TableController) -> None:
        """After every action: save the game, or, once it is over, count it and forget it;
        the coach starts on each hand that finished."""
        if self.autosaver is None:
            return
        game, seats = controller.game, tuple(controller.seats)
        if not game.over:
            self.saved = SavedGame(game, seats, datetime.now().astimezone())
            self.autosaver.submit(game, seats)
        else:
            self.saved = None
            self._count_finished(game, seats, save_first=True)
        if self.coach is not None and controller is self._coached:
            if game.over and self.paths is not None:  # kept until judged: a quit right now is finished at the next start
                self._try(keep_unjudged, unjudged_path(self.paths.unjudged, game_id(game)), game, seats)
            self.coach.follow(game, seats)  # after counting: the game's record takes its accuracy

    def reset_statistics(self, name: str) -> None:
        def forget(statistics: Statistics) -> bool:
            statistics.reset(name)
            return True

        self._try(self._update_statistics, forget)

    def discard_saved_game(self) -> None:
        """Forget the saved game (a new game started, or the game was counted)."""
        self.saved = None
        if self.paths is None or self.autosaver is None:
            return
        if self.uncounted is not None:
            # The last chance: the finished game's save is about to go.
            self._count_finished(*self.uncounted, save_first=False, keeping_save=False)
            self.uncounted = None
        self.autosaver.flush()
        self._try(discard_saved_game, self.paths.autosave)

    def close(self) -> None:
        """Write what is left and let go of the folder; what could not be written is said
        (there is no next change to save it with). Hands the coach is still judging are
        dropped: their games stay not reviewed."""
        if self.coach is not None:
            self.coach.close()
        for writer in (self.autosaver, self._review_writer):
            if writer is not None:
                writer.close()
                self.messages.extend(writer.errors())
        if self.uncounted is not None:
            self._count_finished(*self.uncounted, save_first=False)
        if self.lock is not None:
            self.lock.release()

    def _count_finished(self, game: Game, seats: tuple[Seat, ...], *, save_first: bool,
                        keeping_save: bool = True) -> None:
        """Save the finished game (``save_first``), count it, and only then forget its save."""
        assert self.autosaver is not None and self.paths is not None
        if save_first:
            self.result_saved = self.autosaver.save_now(game, seats)
        try:
            self._update_statistics(lambda statistics: statistics.record_game(game, seats))
        except StorageError as error:
            self.uncounted = (game, seats)
            outcome = RESULT_KEPT if self.result_saved and keeping_save else RESULT_LOST
            self.messages.append(f"{error.cause}, so the statistics could not be saved; {outcome}.")
            return
        self.uncounted = None
        self._try(discard_saved_game, self.paths.autosave)

    def _resume_unjudged(self, coach: BackgroundReviews) -> None:
        """The finished games whose judging the program quit before, judged to the end."""
        assert self.paths is not None
        for path in unjudged_files(self.paths.unjudged):
            loaded = load_unjudged(path)
            self.messages.extend(loaded.messages)
            if loaded.value is None:
                continue
            if loaded.value.game.over:
                coach.resume(loaded.value.game, loaded.value.seats)
            else:  # never counted, so never judged: read at every start for nothing
                log.warning("%s holds a game that was not finished, so the coach cannot judge it: "
                            "it is forgotten", path)
                self._try(forget_unjudged, path)

    def _judged(self, identity: str) -> None:
        assert self.paths is not None
        self._try(forget_unjudged, unjudged_path(self.paths.unjudged, identity))

    def _record_accuracy(self, identity: str, name: str, accuracy: Accuracy) -> None:
        self._try(self._update_statistics, lambda statistics: statistics.record_accuracy(name, identity, accuracy))

    def _update_statistics(self, change: Callable[[Statistics], bool]) -> None:
        """Apply ``change`` to the statistics on disk as they are now (re-read, so a game
        another copy counted is never written over) and to the ones shown; raises
        StorageError when the write fails."""
        current = None if self.paths is None else reread_statistics(self.paths.statistics)
        if current is None:
            current = copy.deepcopy(self._stored)
        changed = change(current)
        self.statistics.profiles = copy.deepcopy(current.profiles)  # in place: screens hold it
        if changed and self.paths is not None:
            save_statistics(self.paths.statistics, current)
        self._stored = current

    def _try(self, write: Callable[..., None], *args: object) -> None:
        try:
            write(*args)
        except StorageError as error:
            self.messages.append(str(error))
