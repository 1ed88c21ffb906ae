"""Writing off the render loop: the newest state of a file is written by a background thread.

A save costs a few milliseconds to tens of milliseconds (fsync), too long for a frame. The
caller hands over a copy of the state after every change; the writer keeps only the newest
pending copy, so a burst of computer moves becomes one write, and ``flush`` on exit makes
sure the last change is on disk. The writer never dies: any error, not only a disk's, is
logged and becomes one sentence for the player, and the next submission is written as usual.

``Autosaver`` writes the game in progress; the session also writes the coach's finished
reviews through a ``BackgroundWriter``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Generic, TypeVar

from ..engine import Game
from ..language import N_, _
from ..persistence import Seat, StorageError, save_game

log = logging.getLogger(__name__)

State = TypeVar("State")


class BackgroundWriter(Generic[State]):
    """One thread writing the newest submitted state of one file with ``write``."""

    def __init__(self, name: str, write: Callable[[State], None], on_bug: str, lost_on_close: str) -> None:
        self._name = name
        """For the log and the thread ("autosave")."""
        self._write_state = write
        self._on_bug = on_bug
        """The sentence about a bug that stopped a write, with ``{error}`` ("An error in Hearts
        Desktop ({error}) stopped the game being saved; …")."""
        self._lost_on_close = lost_on_close
        """The sentence about a failure at closing, with ``{cause}`` ("The last moves of the game
        could not be saved before quitting: {cause}.")."""
        self._pending: State | None = None
        self._failed: State | None = None
        self._cause = ""
        """Why the newest write failed, a whole clause ("the disk is full")."""
        self._said: str | None = None
        """The failure last said: a write failing the same way again is not said again
        (a toast on every move), until a write succeeds or fails otherwise."""
        self._errors: list[str] = []
        self._lock = threading.Condition()
        self._closing = False
        self._busy = False
        self._thread = threading.Thread(target=self._run, name=f"hearts-{name}", daemon=True)
        self._thread.start()

    def put(self, state: State) -> None:
        """Write this state soon; a newer one replaces it if it was not written yet."""
        with self._lock:
            self._pending = state
            self._lock.notify()

    def written_ok(self) -> bool:
        """Whether everything submitted so far is on disk."""
        with self._lock:
            return self._pending is None and not self._busy and self._failed is None

    def errors(self) -> list[str]:
        """Messages for the player about writes that failed since the last call."""
        with self._lock:
            errors, self._errors = self._errors, []
        return errors

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until everything submitted is written (or the timeout passes)."""
        with self._lock:
            self._lock.wait_for(lambda: (self._pending is None and not self._busy), timeout)

    def close(self) -> None:
        """Write what is left, trying a failed write once more (there is no next change to
        write it with, so a failure now is said as such)."""
        with self._lock:
            if self._pending is None:
                self._pending = self._failed
            self._lock.notify()
        self.flush()
        with self._lock:
            self._closing = True
            if self._failed is not None:
                self._errors = [_(self._lost_on_close).format(cause=self._cause)]
            self._lock.notify()
        self._thread.join(timeout=2.0)

    def _written(self, state: State) -> None:
        """Told of each state once it is on disk."""

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closing)
                if self._pending is None:
                    return
                state = self._pending
                self._pending = None
                self._busy = True
            failure = self._write(state)
            with self._lock:
                self._failed = state if failure else None
                if not failure:
                    self._written(state)
                    self._said = None
                if failure:
                    sentence, self._cause = failure
                    if sentence != self._said:
                        self._errors.append(sentence)
                        self._said = sentence
                self._busy = False
                self._lock.notify_all()

    def _write(self, state: State) -> tuple[str, str] | None:
        """Write one state; if that failed, the player's sentence and its cause."""
        try:
            self._write_state(state)
        except StorageError as error:
            return str(error), error.cause
        except Exception as error:  # the writer must outlive any bug
            log.exception("%s failed", self._name)
            described = f"{type(error).__name__}: {str(error)[:80]}"
            # Translators: why a write failed, a whole clause filling {cause}; {error} is a programmer's
            # description of the error, left in English.
            cause = _("Hearts Desktop met an error ({error})").format(error=described)
            return _(self._on_bug).format(error=described), cause
        return None


SavedState = tuple[Game, tuple[Seat, ...]]


class Autosaver(BackgroundWriter[SavedState]):
    """The game in progress, saved after every action."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.written: tuple[int, int] | None = None
        """The newest state on disk: its seed and number of actions (for measurements)."""
        super().__init__(
            "autosave", lambda state: save_game(path, *state),
            # Translators: {error} is a programmer's description of the error, left in English.
            N_("An error in Hearts Desktop ({error}) stopped the game being saved; saving goes on with your next move."),
            # Translators: {cause} is a whole clause saying why ("the disk is full").
            N_("The last moves of the game could not be saved before quitting: {cause}."))

    def submit(self, game: Game, seats: Sequence[Seat]) -> None:
        """Save this state soon; a newer submission replaces one not yet written."""
        self.put((game.copy(), tuple(seats)))

    def save_now(self, game: Game, seats: Sequence[Seat]) -> bool:
        """Save this state and wait for it: True once it is on disk."""
        self.submit(game, seats)
        self.flush()
        return self.written_ok()

    def _written(self, state: SavedState) -> None:
        self.written = (state[0].seed, len(state[0].actions))
