"""The autosave: the game in progress after every action, and Continue on the next start.

A save holds the ruleset, the seed, the seats and the action list; ``Game.replay`` rebuilds
the exact table from them, undo history included, and refuses an action list the rules do
not allow, so a save cannot smuggle in a position no real game reaches. From version 2 a save
also records the totals and the number of hands scored, and a checksum: a save whose replay
disagrees with its recorded result, or whose bytes changed, is damaged. Version 1 saves (no
checksum) still load.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from .. import __version__
from ..engine import Game, IllegalMove, Ruleset, action_from_json, action_to_json
from ..language import N_
from .atomic import remove_with_backup, write_json_atomic
from .documents import (
    BackupReports,
    DocumentError,
    DocumentKind,
    LoadResult,
    Reports,
    get_int,
    get_list,
    get_time,
    load_document,
)
from .seats import Seat, seats_from_json

MAX_SEED: Final = 2**64 - 1
# Translators: why a file could not be used; {problem} is a whole clause ("the file is damaged"), {aside},
# {path}, {first} and {second} are paths.
SAVE: Final = DocumentKind(
    Reports(
        N_("The saved game could not be used ({problem}), so there is no game to continue; it was moved to {aside}."),
        N_("The saved game could not be used ({problem}) or moved aside, so there is no game to continue; "
           "it is still at {path}."),
    ),
    format="hearts-desktop-save",
    version=2,
    backup=BackupReports(
        N_("The saved game could not be used ({problem}), so the save before it was loaded instead; "
           "the bad file was moved to {aside}."),
        N_("The saved game could not be used ({problem}) or moved aside, so the save before it was loaded instead; "
           "the bad file is still at {path}."),
        N_("Neither the saved game ({problem}) nor its backup could be used, so there is no game to continue; "
           "both were kept, as {first} and {second}."),
        N_("The saved game was missing and its backup could not be used ({problem}), so there is no game to "
           "continue; the backup is kept at {path}."),
        N_("The saved game was missing, so the save before it was loaded instead."),
    ),
    sealed_from=2,
)
# Translators: {cause} is a whole clause saying why ("the disk is full").
UNSAVED: Final = N_("The game could not be saved: {cause}.")
UNSAVED_FULL: Final = N_("The game could not be saved: {cause}; free some space and it will be saved with your "
                         "next move.")
UNJUDGED: Final = DocumentKind(
    Reports(
        N_("A finished game waiting for the coach could not be used ({problem}), so its accuracy will not be "
           "shown; it was moved to {aside}."),
        N_("A finished game waiting for the coach could not be used ({problem}) or moved aside, so its accuracy "
           "will not be shown; it is still at {path}."),
    ),
    format="hearts-desktop-unjudged",
    version=1,
    sealed_from=1,
)
"""A finished game kept until the coach has judged all of it: the statistics' accuracy of a
game the player quit right after the last hand is finished at the next start."""
UNJUDGED_UNSAVED: Final = N_("A finished game for the coach could not be saved: {cause}.")
UNJUDGED_NAME: Final = 24
"""Hex digits of a kept game's file name."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game rebuilt from disk, with who sits where and when it was saved."""

    game: Game
    seats: tuple[Seat, ...]
    saved_at: datetime


def save_document(game: Game, seats: Sequence[Seat], saved_at: datetime, kind: DocumentKind = SAVE) -> dict[str, Any]:
    if len(seats) != game.players:
        raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
    if not 0 <= game.seed <= MAX_SEED:
        raise ValueError(f"seeds are 0..2**64-1 so any copy of the program reads them, not {game.seed}")
    return kind.sealed(kind.envelope() | {
        "app_version": __version__,
        "saved_at": saved_at.isoformat(timespec="seconds"),
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "seats": [seat.to_dict() for seat in seats],
        "actions": [action_to_json(action) for action in game.actions],
        "totals": list(game.totals),
        "hands_scored": len(game.results),
    })


def save_game(path: Path, game: Game, seats: Sequence[Seat]) -> None:
    """Autosave ``game`` over ``path``, keeping the previous save as its backup.

    Raises StorageError (one sentence for the player) when the disk refuses.
    """
    document = save_document(game, seats, datetime.now().astimezone())
    write_json_atomic(path, document, unsaved=UNSAVED, keep_backup=True, when_full=UNSAVED_FULL)


def load_game(path: Path) -> LoadResult[SavedGame | None]:
    """The saved game to offer as Continue, or None; never raises on a bad file."""
    return load_document(path, SAVE, parse_save)


def discard_saved_game(path: Path) -> None:
    """Forget the saved game (a new game started, or the game was finished and recorded)."""
    remove_with_backup(path, unsaved=UNSAVED)


def unjudged_path(folder: Path, identity: str) -> Path:
    """The file of the finished game with the statistics' id ``identity``."""
    return folder / f"{hashlib.sha256(identity.encode()).hexdigest()[:UNJUDGED_NAME]}.json"


def unjudged_files(folder: Path) -> list[Path]:
    """The finished games kept for the coach, oldest first (files set aside are not)."""
    try:
        found = [p for p in folder.glob("*.json") if len(p.stem) == UNJUDGED_NAME and p.stem.isalnum()]
    except OSError:
        return []
    return sorted(found, key=_modified)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def keep_unjudged(path: Path, game: Game, seats: Sequence[Seat]) -> None:
    """Keep a finished game for the coach (one file each); raises StorageError."""
    write_json_atomic(path, save_document(game, seats, datetime.now().astimezone(), UNJUDGED), unsaved=UNJUDGED_UNSAVED)


def load_unjudged(path: Path) -> LoadResult[SavedGame | None]:
    """A finished game kept for the coach, or None; never raises on a bad file."""
    return load_document(path, UNJUDGED, parse_save)


def forget_unjudged(path: Path) -> None:
    """The coach has judged the game (or could not): its file goes; raises StorageError."""
    remove_with_backup(path, unsaved=UNJUDGED_UNSAVED)


def parse_save(body: dict[str, Any]) -> SavedGame:
    """Rebuild a game from a save document's object; DocumentError says why it cannot be."""
    rules = Ruleset.from_dict(body.get("rules"))
    seed = get_int(body, "seed", 0, MAX_SEED)
    seats = seats_from_json(body.get("seats"), rules.players)
    actions = [action_from_json(item) for item in get_list(body, "actions")]
    try:
        game = Game.replay(rules, seed, actions)
    except IllegalMove as error:
        raise DocumentError(str(error), "contains a move the rules do not allow") from error
    if body["version"] >= 2:
        recorded = (body.get("totals"), body.get("hands_scored"))
        if recorded != (list(game.totals), len(game.results)):
            raise DocumentError(f"records {recorded!r:.80} but its moves give {game.totals}, {len(game.results)}")
    return SavedGame(game, seats, get_time(body, "saved_at"))
