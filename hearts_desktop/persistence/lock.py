"""One program per data folder: a lock held from start to exit.

Two copies on one folder (the icon double-clicked twice) would delete each other's saved
game and write the statistics over each other. The lock is ``filelock.FileLock``: the
operating system's own lock (``flock`` on Linux and macOS, ``LockFileEx`` on Windows) on a
file in the data folder, which the system releases when the process ends however it ends,
so a copy that was killed never blocks the next start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import filelock

from ..language import _
from ..words import ALREADY_OPEN as ALREADY_OPEN
from . import atomic
from .atomic import file_in_the_way, stale_temp_files, unlink_quietly

LOCK_NAME: Final = "hearts-desktop.lock"


class FolderInUse(Exception):
    """Another running copy holds the folder. ``str(error)`` is the sentence to show."""

    def __init__(self) -> None:
        super().__init__(_(ALREADY_OPEN))


class UnusableFolder(Exception):
    """The data folder cannot be a folder (a file is in the way). One sentence."""


class DataFolderLock:
    """Held while the program runs; ``acquire`` also clears the temporary files a killed
    writer left, which is safe only once no other copy can be writing."""

    def __init__(self, folder: Path, *others: Path) -> None:
        self.folder = folder
        self.others = others
        self._lock = filelock.FileLock(str(folder / LOCK_NAME), timeout=0)
        self.held = False

    def acquire(self) -> None:
        """Take the lock, or raise FolderInUse (another copy) or UnusableFolder."""
        try:
            atomic.files.make_folder(self.folder)
            self._lock.acquire()
        except filelock.Timeout:
            raise FolderInUse() from None
        except (FileExistsError, NotADirectoryError):
            raise UnusableFolder(_("{path} is a file, not a folder, so it cannot hold Hearts Desktop's saved game "
                                   "and statistics.").format(path=file_in_the_way(self.folder))) from None
        except OSError:
            # Read-only or full: the lock file cannot be made, and a second copy could write
            # nothing either; the saves will say why they fail.
            return
        self.held = True
        for folder in (self.folder, *self.others):
            for leftover in stale_temp_files(folder):
                unlink_quietly(leftover)

    def release(self) -> None:
        if self.held:
            self._lock.release()
            self.held = False
