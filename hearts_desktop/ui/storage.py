"""The player's files behind the window: settings, statistics and the saved game.

All three are read once at start-up, before anything is written, and every message about a
bad or unwritable file is collected for the window to show. While a game runs it is saved
after every action by a background writer; when it ends it is counted in the statistics
and its save is forgotten, so Continue never offers a finished game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..controller.autosave import Autosaver
from ..engine import Game
from ..persistence import (
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


class Storage:
    """What is on disk, loaded; ``paths`` is None when nothing may be written (scripted runs)."""

    def __init__(self, paths: DataPaths | None) -> None:
        self.paths = paths
        self.messages: list[str] = []
        self.settings = Settings()
        self.statistics = Statistics()
        self.saved: SavedGame | None = None
        self.autosaver: Autosaver | None = None
        if paths is None:
            return
        settings = load_settings(paths.settings)
        statistics = load_statistics(paths.statistics)
        saved = load_game(paths.autosave)
        for loaded in (settings, statistics, saved):
            self.messages.extend(loaded.messages)
        self.settings = settings.value
        self.statistics = statistics.value
        self.saved = saved.value if saved.value is not None and not saved.value.game.over else None
        self.autosaver = Autosaver(paths.autosave)

    @classmethod
    def open(cls, data_dir: Path | None) -> Storage:
        return cls(DataPaths.resolve(data_dir))

    def take_messages(self) -> list[str]:
        """Sentences for the player since the last call, failed autosaves included."""
        if self.autosaver is not None:
            self.messages.extend(self.autosaver.errors())
        messages, self.messages = self.messages, []
        return messages

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        if self.paths is not None:
            self._try(save_settings, self.paths.settings, settings)

    def game_changed(self, game: Game, seats: Sequence[Seat]) -> None:
        """After every action: save the game, or, once it is over, count it and forget it."""
        if self.paths is None or self.autosaver is None:
            return
        if not game.over:
            self.saved = SavedGame(game, tuple(seats), datetime.now().astimezone())
            self.autosaver.submit(game, tuple(seats))
            return
        if self.statistics.record_game(game, tuple(seats)):
            self._try(save_statistics, self.paths.statistics, self.statistics)
        self.discard_saved_game()

    def reset_statistics(self, name: str) -> None:
        self.statistics.reset(name)
        if self.paths is not None:
            self._try(save_statistics, self.paths.statistics, self.statistics)

    def discard_saved_game(self) -> None:
        """Forget the saved game (a new game started, or the game was counted)."""
        self.saved = None
        if self.paths is None or self.autosaver is None:
            return
        self.autosaver.flush()
        self._try(discard_saved_game, self.paths.autosave)

    def close(self) -> None:
        if self.autosaver is not None:
            self.autosaver.close()
            self.messages.extend(self.autosaver.errors())

    def _try(self, write: Callable[..., None], *args: Any) -> None:
        try:
            write(*args)
        except StorageError as error:
            self.messages.append(str(error))
