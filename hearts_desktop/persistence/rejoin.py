"""The friend's table this program left or lost, kept so the main menu offers to rejoin it.

A friend's seat at a network table is theirs by its token. From the moment the friend is
seated until that game ends or its host closes the table, the program keeps where the table
is, its code and the seat's token: a closed program or a dropped line is then one click from
the table ("Rejoin Dana's table"), not a form to fill in again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from ..language import N_
from .atomic import files, storage_error, write_json_atomic
from .documents import DocumentKind, LoadResult, Reports, get_int, get_text, load_document
from .seats import MAX_NAME_LENGTH

# Translators: why a file could not be used; {problem} is a whole clause ("the file is damaged"), {aside},
# {path}, {first} and {second} are paths.
LEFT_TABLE: Final = DocumentKind(
    Reports(
        N_("The note of the table to rejoin could not be used ({problem}), so the main menu offers no Rejoin; "
           "it was moved to {aside}."),
        N_("The note of the table to rejoin could not be used ({problem}) or moved aside, so the main menu offers "
           "no Rejoin; it is still at {path}."),
    ),
    format="hearts-desktop-left-table",
    version=1,
)
# Translators: {cause} is a whole clause saying why ("the disk is full").
UNSAVED: Final = N_("The note of the table to rejoin could not be saved: {cause}.")
TEXT_LIMITS: Final = {"host_name": MAX_NAME_LENGTH, "name": MAX_NAME_LENGTH, "code": 6, "address": 255, "token": 64}
"""The longest text of each field: a name, a room code, a host name or address, a token."""
MAX_PORT: Final = 65_535


@dataclass(frozen=True, slots=True)
class LeftTable:
    """A friend's table to go back to: whose, where, and the seat's token."""

    host_name: str
    name: str
    """The name this program sat down with."""
    code: str
    address: str
    port: int
    token: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeftTable:
        texts = {key: get_text(data, key, most) for key, most in TEXT_LIMITS.items()}
        return cls(port=get_int(data, "port", 1, MAX_PORT), **texts)


def load_left_table(path: Path) -> LoadResult[LeftTable | None]:
    """The table to offer to rejoin, or None; never raises on a bad file."""
    return load_document(path, LEFT_TABLE, LeftTable.from_dict)


def remember_table(path: Path, table: LeftTable) -> None:
    """Write the note atomically; raises StorageError (one sentence for the player)."""
    write_json_atomic(path, LEFT_TABLE.envelope() | table.to_dict(), unsaved=UNSAVED)


def forget_table(path: Path) -> None:
    """The game ended or the host closed the table: nothing to rejoin any more."""
    try:
        files.unlink(path)
    except OSError as error:
        raise storage_error(error, path, UNSAVED) from error
