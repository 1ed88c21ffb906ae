"""Everything the program keeps on disk: the autosave, settings, statistics and the game history.

Pure Python (no pygame): the controller calls it, the UI shows its messages. Loading never
raises on a bad file; writing raises ``StorageError`` with one sentence for the player.
"""

from .atomic import StorageError
from .documents import LoadResult
from .lock import ALREADY_OPEN, DataFolderLock, FolderInUse, UnusableFolder
from .paths import DataPaths
from .saves import SavedGame, discard_saved_game, load_game, save_game
from .seats import Seat, default_seats
from .settings import CARD_BACKS, DECKS, NewGameSetup, Settings, load_settings, save_settings
from .stats import GameRecord, Profile, Statistics, Tally, load_statistics, opponents_key, save_statistics

__all__ = [
    "ALREADY_OPEN",
    "CARD_BACKS",
    "DECKS",
    "DataFolderLock",
    "DataPaths",
    "FolderInUse",
    "GameRecord",
    "LoadResult",
    "NewGameSetup",
    "Profile",
    "SavedGame",
    "Seat",
    "Settings",
    "Statistics",
    "StorageError",
    "Tally",
    "UnusableFolder",
    "default_seats",
    "discard_saved_game",
    "load_game",
    "load_settings",
    "load_statistics",
    "opponents_key",
    "save_game",
    "save_settings",
    "save_statistics",
]
