"""Autosave off the render loop: the newest game state is written by a background thread.

A save costs a few milliseconds to tens of milliseconds (fsync), too long for a frame. The
table hands over a copy of the game after every action; the writer keeps only the newest
pending copy, so a burst of computer moves becomes one write, and ``flush`` on exit makes
sure the last action is on disk. The writer never dies: any error, not only a disk's, is
logged and becomes one sentence for the player, and the next submission is written as usual.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from pathlib import Path

from ..engine import Game
from ..persistence import Seat, StorageError, save_game

log = logging.getLogger(__name__)


class Autosaver:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._pending: tuple[Game, tuple[Seat, ...]] | None = None
        self._failed: tuple[Game, tuple[Seat, ...]] | None = None
        self._cause = ""
        """Why the newest write failed: the first half of the player's sentence."""
        self._errors: list[str] = []
        self.written: tuple[int, int] | None = None
        """The newest state on disk: its seed and number of actions (for measurements)."""
        self._lock = threading.Condition()
        self._closing = False
        self._busy = False
        self._thread = threading.Thread(target=self._run, name="hearts-autosave", daemon=True)
        self._thread.start()

    def submit(self, game: Game, seats: Sequence[Seat]) -> None:
        """Save this state soon; a newer submission replaces one not yet written."""
        with self._lock:
            self._pending = (game.copy(), tuple(seats))
            self._lock.notify()

    def save_now(self, game: Game, seats: Sequence[Seat]) -> bool:
        """Save this state and wait for it: True once it is on disk."""
        self.submit(game, seats)
        self.flush()
        with self._lock:
            return self._pending is None and not self._busy and self._failed is None

    def errors(self) -> list[str]:
        """Messages for the player about saves that failed since the last call."""
        with self._lock:
            errors, self._errors = self._errors, []
        return errors

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until everything submitted is written (or the timeout passes)."""
        with self._lock:
            self._lock.wait_for(lambda: (self._pending is None and not self._busy), timeout)

    def close(self) -> None:
        """Write what is left, trying a failed save once more (there is no next move to
        save it with, so a failure now is said as such)."""
        with self._lock:
            if self._pending is None:
                self._pending = self._failed
            self._lock.notify()
        self.flush()
        with self._lock:
            self._closing = True
            if self._failed is not None:
                self._errors = [f"{self._cause}, so the last moves of the game could not be saved before quitting."]
            self._lock.notify()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closing)
                if self._pending is None:
                    return
                state = self._pending
                self._pending = None
                self._busy = True
            failure = self._write(*state)
            with self._lock:
                self._failed = state if failure else None
                if not failure:
                    self.written = (state[0].seed, len(state[0].actions))
                if failure:
                    sentence, self._cause = failure
                    if sentence not in self._errors:
                        self._errors.append(sentence)
                self._busy = False
                self._lock.notify_all()

    def _write(self, game: Game, seats: tuple[Seat, ...]) -> tuple[str, str] | None:
        """Write one state; if that failed, the player's sentence and its cause."""
        try:
            save_game(self.path, game, seats)
        except StorageError as error:
            return str(error), error.cause
        except Exception as error:  # the writer must outlive any bug
            log.exception("autosave failed")
            cause = f"An error in Hearts Desktop ({type(error).__name__}: {str(error)[:80]})"
            return f"{cause} stopped the game being saved; saving goes on with your next move.", cause
        return None
