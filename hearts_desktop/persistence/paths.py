"""Where the program keeps its files: the platform's user folders, or one folder given by
``--data-dir`` (tests, portable installs). Never the install folder, which may be read-only
and is replaced on upgrade.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

APP_NAME: Final = "HeartsDesktop"


@dataclass(frozen=True, slots=True)
class DataPaths:
    """The folders and file names of everything the program stores.

    Saves and statistics are the player's data (user data folder); settings are
    configuration (user config folder). Folders are created on the first write, not here,
    so merely starting the program leaves no trace.
    """

    data_dir: Path
    config_dir: Path

    @classmethod
    def resolve(cls, data_dir: str | Path | None = None) -> DataPaths:
        """The platform's folders, or ``data_dir`` alone for everything when given."""
        if data_dir is not None:
            folder = Path(data_dir).expanduser().absolute()
            return cls(folder, folder)
        return cls(
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        )

    @property
    def autosave(self) -> Path:
        return self.data_dir / "autosave.json"

    @property
    def network_save(self) -> Path:
        """The game of the last table hosted here, kept apart from the game against the
        computers, so that hosting never replaces it."""
        return self.data_dir / "network-autosave.json"

    @property
    def reviews(self) -> Path:
        """The coach's finished reviews (``coach.stored``)."""
        return self.data_dir / "reviews.json"

    @property
    def unjudged(self) -> Path:
        """A folder of finished games the coach has not judged to the end yet
        (``saves.keep_unjudged``), one file each."""
        return self.data_dir / "unjudged"

    @property
    def history(self) -> Path:
        """The finished games, newest last (``history``)."""
        return self.data_dir / "history.json"

    @property
    def statistics(self) -> Path:
        return self.data_dir / "statistics.json"

    @property
    def settings(self) -> Path:
        return self.config_dir / "settings.json"
