"""Autosave off the render loop: the newest game state is written by a background thread.

A save costs a few milliseconds to tens of milliseconds (fsync), too long for a frame. The
table hands over a copy of the game after every action; the writer keeps only the newest
pending copy, so a burst of computer moves becomes one write, and ``flush`` on exit makes
sure the last action is on disk.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

from ..engine import Game
from ..persistence import Seat, StorageError, save_game


class Autosaver:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._pending: tuple[Game, tuple[Seat, ...]] | None = None
        self._errors: list[str] = []
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

    def errors(self) -> list[str]:
        """Messages for the player about saves that failed since the last call."""
        with self._lock:
            errors, self._errors = self._errors, []
        return errors

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until everything submitted is written (or the timeout passes)."""
        with self._lock:
            self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closing = True
            self._lock.notify()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closing)
                if self._pending is None:
                    return
                game, seats = self._pending
                self._pending = None
                self._busy = True
            try:
                save_game(self.path, game, seats)
            except StorageError as error:
                with self._lock:
                    if str(error) not in self._errors:
                        self._errors.append(str(error))
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
