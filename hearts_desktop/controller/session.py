"""The player's files behind the table: settings, statistics and the saved game.

A session holds the data folder's lock for the life of the program, reads everything once at
start-up (before anything is written) and collects every sentence about a bad or unwritable
file for the window to show. The table's actions flow down through it to the disk: while a
game runs it is saved after every action by a background writer; when it ends, the finished
game is saved, then counted in the statistics, and only then is its save forgotten, so a
result the disk refused is still on disk (in the save) and is counted at the next start.

Two games are kept: the one at this computer (``local``) and the last one hosted for friends
(``network``: the host's table reports to ``hosted_game_changed``), each in its own file, so
hosting never replaces the game against the computers. A new game replaces the saved one of its kind only once a
person here has made a move in it: a new game opened and left at once loses nothing.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Game
from ..language import N_, _
from ..persistence import (
    DataFolderLock,
    DataPaths,
    LoadResult,
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
from ..persistence.history import GameHistory, load_history, save_history
from ..persistence.rejoin import LeftTable, forget_table, load_left_table, remember_table
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

# Translators: {cause} is a whole clause saying why ("the disk is full").
RESULT_KEPT = N_("The statistics could not be saved: {cause}; the result of the game is kept with its save and "
                 "will be counted at the next start.")
RESULT_LOST = N_("The statistics could not be saved: {cause}; the result of the game could not be saved either "
                 "and is not in the statistics.")


@dataclass
class SaveSlot:
    """One kind of saved game: its file, its writer, and the game on disk as read or last saved."""

    path: Path
    autosaver: Autosaver
    saved: SavedGame | None = None
    owner: TableController | None = None
    """The table whose game the file holds now (None: a game from an earlier start, or none)."""


def person_moved(game: Game, seats: Sequence[Seat]) -> bool:
    """Whether a person at this computer has made a move in ``game`` (only then is it saved)."""
    return any(seats[action.seat].is_human for action in game.actions)




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
        self.local: SaveSlot | None = None
        """The game at this computer; None when nothing may be written."""
        self.network: SaveSlot | None = None
        """The last game hosted for friends."""
        self.uncounted: tuple[Game, tuple[Seat, ...], SaveSlot] | None = None
        """A finished game the statistics on disk do not count yet."""
        self.result_saved = True
        """Whether ``uncounted`` is at least in the save, to be counted at the next start."""
        self._reviews: ReviewCache | None = None
        self._history: GameHistory | None = None
        self._review_writer: BackgroundWriter[dict[str, HandReview]] | None = None
        self.coach: BackgroundReviews | None = None
        """Judges the people's finished hands for their accuracy (``start_coach``)."""
        self._coached: TableController | None = None
        """The local game the coach follows (never a network table)."""
        self._resumed: TableController | None = None
        """The table playing on the saved game (Continue, a restarted hand): it saves over it."""
        self.left_table: LeftTable | None = None
        """The friend's table this program left or lost, which the main menu offers to rejoin."""
        if paths is None:
            return
        left = load_left_table(paths.left_table)
        self.messages.extend(left.messages)
        self.left_table = left.value
        settings = load_settings(paths.settings)
        statistics = load_statistics(paths.statistics)
        for loaded in (settings, statistics):
            self.messages.extend(loaded.messages)
        self.settings = settings.value
        self.statistics = statistics.value
        self._stored = copy.deepcopy(statistics.value)
        self.local = self._open_slot(paths.autosave)
        self.network = self._open_slot(paths.network_save)
        for slot in (self.local, self.network):
            if slot.saved is not None and slot.saved.game.over:  # its result was not counted yet
                finished, slot.saved = slot.saved, None
                self._count_finished(finished.game, finished.seats, slot, save_first=False)

    def _open_slot(self, path: Path) -> SaveSlot:
        loaded = load_game(path)
        self.messages.extend(loaded.messages)
        return SaveSlot(path, Autosaver(path), loaded.value)

    @property
    def saved(self) -> SavedGame | None:
        """The game at this computer that Continue resumes."""
        return self.local.saved if self.local is not None else None

    @property
    def saved_network(self) -> SavedGame | None:
        """The last hosted game, which Continue can play on with computers in the friends' seats."""
        return self.network.saved if self.network is not None else None

    @property
    def autosaver(self) -> Autosaver | None:
        """The local game's writer."""
        return self.local.autosaver if self.local is not None else None

    def _slots(self) -> list[SaveSlot]:
        return [slot for slot in (self.local, self.network) if slot is not None]

    @classmethod
    def open(cls, data_dir: Path | None) -> Session:
        """The player's session; raises FolderInUse when another copy holds the folder and
        UnusableFolder when it cannot be a folder."""
        paths = DataPaths.resolve(data_dir)
        lock = DataFolderLock(paths.data_dir, paths.config_dir, paths.unjudged)
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
                "reviews", lambda kept: save_reviews(path, kept),
                # Translators: {error} is a programmer's description of the error, left in English.
                N_("An error in Hearts Desktop ({error}) stopped the coach's reviews being saved; saving goes on "
                   "with the next review."),
                # Translators: {cause} is a whole clause saying why ("the disk is full").
                N_("The coach's last review could not be saved before quitting: {cause}."))
            self._reviews = ReviewCache(loaded.value, keep=self._review_writer.put)
        return self._reviews

    @property
    def history(self) -> GameHistory:
        """The past games, read from their file the first time they are asked for (not at
        start: the first frame does not wait for them)."""
        if self._history is None:
            loaded = LoadResult(GameHistory()) if self.paths is None else load_history(self.paths.history)
            self.messages.extend(loaded.messages)
            self._history = loaded.value
        return self._history

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
                    auto_continue: bool = False, resumes: bool = False, hosted: bool = False) -> TableController:
        """A table for ``game`` whose every action is saved through this session (and whose
        finished hands the coach judges). ``resumes``: the game is the saved one played on
        (Continue, a restarted hand), saved over it at once; a new game replaces the saved
        game of its kind only from a person's first move. ``hosted``: the game of a network
        table, played on here, saved where hosted games are."""
        table = TableController(game, seats, runner, pace,
                                on_change=self.hosted_game_changed if hosted else self.game_changed,
                                auto_continue=auto_continue)
        self._resumed = table if resumes else None
        self._coached = table
        if self.coach is not None:
            self.coach.follow(game, seats)
        return table

    def saves(self, controller: TableController) -> bool:
        """Whether ``controller``'s game is the one on disk (a new game: only once a person moved)."""
        return any(slot.owner is controller for slot in self._slots())

    def update(self) -> None:
        """Each frame: take in the coach's judgements."""
        if self.coach is not None:
            self.coach.update()

    def take_messages(self) -> list[str]:
        """Sentences for the player since the last call, failed autosaves included."""
        for writer in (*(slot.autosaver for slot in self._slots()), self._review_writer):
            if writer is not None:
                self.messages.extend(writer.errors())
        messages, self.messages = self.messages, []
        return messages

    def remember_table(self, table: LeftTable | None) -> None:
        """Keep ``table`` to rejoin (None: forget it), on disk from now on."""
        if table == self.left_table:
            return
        self.left_table = table
        if self.paths is not None:
            if table is None:
                self._try(forget_table, self.paths.left_table)
            else:
                self._try(remember_table, self.paths.left_table, table)

    def keep_past_game(self, game: Game, seats: Sequence[Seat]) -> None:
        """Add a game finished elsewhere to the history (a friend's side of a network game:
        the host counts it, this computer lists it)."""
        if self.paths is not None:
            self._try(self._record_history, game, tuple(seats))

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        if self.paths is not None:
            self._try(save_settings, self.paths.settings, settings)

    def game_changed(self, controller: TableController) -> None:
        """After every action of a game at this computer: save it (from a person's first move
        on, replacing the saved one then), or, once it is over, count it and forget it; the
        coach starts on each hand that finished."""
        self._changed(controller, self.local)

    def hosted_game_changed(self, controller: TableController) -> None:
        """The same for the game of a table hosted here, in its own file."""
        self._changed(controller, self.network)

    def _changed(self, controller: TableController, slot: SaveSlot | None) -> None:
        game, seats = controller.game, tuple(controller.seats)
        if slot is None:
            return
        if not game.over:
            resumed = controller is self._resumed
            if slot.owner is not controller and (resumed or person_moved(game, seats)):
                if not resumed:
                    self._make_way(slot)
                slot.owner = controller
            if slot.owner is controller:
                slot.saved = SavedGame(game, seats, datetime.now().astimezone())
                slot.autosaver.submit(game, seats)
        else:
            slot.saved = None
            self._count_finished(game, seats, slot, save_first=True)
        if self.coach is not None and controller is self._coached:
            if game.over and self.paths is not None:  # kept until judged: a quit right now is finished at the next start
                self._try(keep_unjudged, unjudged_path(self.paths.unjudged, game_id(game)), game, seats)
            self.coach.follow(game, seats)  # after counting: the game's record takes its accuracy

    def reset_statistics(self, name: str) -> None:
        def forget(statistics: Statistics) -> bool:
            statistics.reset(name)
            return True

        self._try(self._update_statistics, forget)

    def _make_way(self, slot: SaveSlot) -> None:
        """Before a new game is first saved in ``slot``: the game there goes, a finished one
        whose result the statistics refused counted first (its last chance)."""
        if self.uncounted is not None and self.uncounted[2] is slot:
            self._count_finished(*self.uncounted, save_first=False, keeping_save=False)
            self.uncounted = None
        elif slot.saved is None:
            return
        slot.saved = None
        slot.autosaver.flush()
        self._try(discard_saved_game, slot.path)

    def close(self) -> None:
        """Write what is left and let go of the folder; what could not be written is said
        (there is no next change to save it with). Hands the coach is still judging are
        dropped: their games stay not reviewed."""
        if self.coach is not None:
            self.coach.close()
        for writer in (*(slot.autosaver for slot in self._slots()), self._review_writer):
            if writer is not None:
                writer.close()
                self.messages.extend(writer.errors())
        if self.uncounted is not None:
            self._count_finished(*self.uncounted, save_first=False)
        if self.lock is not None:
            self.lock.release()

    def _count_finished(self, game: Game, seats: tuple[Seat, ...], slot: SaveSlot, *, save_first: bool,
                        keeping_save: bool = True) -> None:
        """Save the finished game (``save_first``) in ``slot``, count it, and only then forget its save."""
        assert self.paths is not None
        if save_first:
            self.result_saved = slot.autosaver.save_now(game, seats)
        self._try(self._record_history, game, seats)
        try:
            self._update_statistics(lambda statistics: statistics.record_game(game, seats))
        except StorageError as error:
            self.uncounted = (game, seats, slot)
            outcome = RESULT_KEPT if self.result_saved and keeping_save else RESULT_LOST
            self.messages.append(_(outcome).format(cause=error.cause))
            return
        self.uncounted = None
        self._try(discard_saved_game, slot.path)

    def _record_history(self, game: Game, seats: tuple[Seat, ...]) -> None:
        """Add a finished game to the history on disk as it is now (once: a game counted again
        after a refused write is found there). A damaged file is set aside first; one that
        could not be moved is left alone, never written over."""
        assert self.paths is not None
        path = self.paths.history
        loaded = load_history(path)
        self.messages.extend(loaded.messages)
        if loaded.messages and path.exists():
            return
        if loaded.value.record(game, seats, datetime.now().astimezone()):
            self._history = loaded.value  # the list shown next holds the game even if the disk refuses it
            save_history(path, loaded.value)

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
