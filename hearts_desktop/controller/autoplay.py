"""Headless computer-against-computer games that save after every action.

``hearts-desktop --autoplay --data-dir DIR`` runs this: it resumes the saved game if there
is one, plays on, and saves synchronously after each action. The reliability benchmark
kills it at random moments and checks that every restart finds a valid save; the lines it
prints (``resumed``/``applied``) let the benchmark count how far behind a restart is. It holds
the data folder's lock like the windowed program; a refused write raises StorageError, which
the entry point turns into its sentence and a non-zero exit.
"""

from __future__ import annotations

import random
import sys
from typing import TextIO

from ..engine import Game, Ruleset
from ..persistence import DataFolderLock, DataPaths, Seat, discard_saved_game, load_game, save_game
from ..words import Level, Pace, SeatKind
from .bot_runner import InlineRunner
from .table import TableController

AUTOPLAY_SEATS = tuple(Seat(name, SeatKind.COMPUTER, Level.EASY) for name in ("Ann", "Bo", "Cy", "Di"))


def autoplay(paths: DataPaths, games: int = 1, seed: int | None = None, out: TextIO = sys.stdout) -> int:
    """Play ``games`` whole games, resuming a saved one first; return how many finished.
    Raises FolderInUse, UnusableFolder or StorageError."""
    lock = DataFolderLock(paths.data_dir, paths.config_dir)
    lock.acquire()
    try:
        return _autoplay(paths, games, seed, out)
    finally:
        lock.release()


def _autoplay(paths: DataPaths, games: int, seed: int | None, out: TextIO) -> int:
    autosave = paths.autosave
    loaded = load_game(autosave)
    for message in loaded.messages:
        print(f"note: {message}", file=out, flush=True)
    finished = 0
    saved = loaded.value
    rng = random.Random(seed)
    while finished < games:
        if saved is not None and not saved.game.over:
            game, seats = saved.game, tuple(saved.seats)
            print(f"resumed {game.seed} {len(game.actions)}", file=out, flush=True)
        else:
            game, seats = Game(Ruleset(), rng.randrange(2**63)), AUTOPLAY_SEATS
        saved = None

        def save(controller: TableController) -> None:
            print(f"applied {controller.game.seed} {len(controller.game.actions)}", file=out, flush=True)
            save_game(autosave, controller.game, controller.seats)

        controller = TableController(game, seats, InlineRunner(), Pace.INSTANT, on_change=save,
                                     auto_continue=True)
        while not controller.game.over:
            controller.update(0.0)
        discard_saved_game(autosave)
        finished += 1
    return finished
