"""Reading files the program wrote, assuming nothing about what is in them now.

A file on disk may be truncated by a crash, garbled by a disk, edited by hand, written by a
newer version, or not a file at all (a FIFO, a dangling link). ``load_document`` never raises
on such a file and never lets it be overwritten unseen: a file it cannot use is moved aside
under a timestamped name, the player gets one sentence saying so and where it went, and the
backup (where kept) is tried next, also when the main file is missing or cannot be moved.
Saves and statistics carry a checksum from version 2 on, so a flipped bit is damage too.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

from ..language import N_, _
from . import atomic
from .atomic import MAX_DOCUMENT_BYTES, NotRegularFile, backup_path, checksum, read_regular, refuse_constant

T = TypeVar("T")

log = logging.getLogger(__name__)

# Translators: what is wrong with a file, a whole clause in parentheses: "The saved game could
# not be used (the file is damaged), so …".
DAMAGED: Final = N_("the file is damaged")


class DocumentError(ValueError):
    """A document that cannot be used. ``problem`` is a whole clause in the player's language
    ("the file is damaged"), made when the file is read and said right after, in parentheses
    in the kind's own sentence; ``str(error)`` is the detail for the log."""

    def __init__(self, detail: str, problem: str | None = None) -> None:
        super().__init__(detail)
        self.problem = _(DAMAGED) if problem is None else problem


@dataclass(frozen=True, slots=True)
class Reports:
    """The whole sentences a player reads about one kind of file that could not be used: the
    kind of file is their subject, so a language agrees every word with it. ``{problem}`` is
    a whole clause ("the file is damaged"), ``{aside}`` and ``{path}`` are paths."""

    set_aside: str
    """Moved aside, nothing else to load."""
    kept_in_place: str
    """Could not be moved aside (a read-only folder), nothing else to load."""


@dataclass(frozen=True, slots=True)
class BackupReports:
    """The sentences for a kind of file with a backup (``{first}``, ``{second}``: paths)."""

    used: str
    """The backup was loaded instead; the bad file was moved aside."""
    used_in_place: str
    """The backup was loaded instead; the bad file could not be moved."""
    both_unusable: str
    lone_unusable: str
    """The main file was missing and the backup could not be used."""
    lone_used: str
    """The main file was missing and the backup was loaded."""


@dataclass(frozen=True, slots=True)
class DocumentKind:
    """What a player is told about one kind of file, and how its envelope is recognised."""

    reports: Reports
    format: str
    version: int
    backup: BackupReports | None = None
    """Where a backup is kept and loaded when the file cannot be used."""
    sealed_from: int | None = None
    """The first version that carries a checksum (older files still load without one)."""

    def envelope(self) -> dict[str, Any]:
        return {"format": self.format, "version": self.version}

    def sealed(self, document: dict[str, Any]) -> dict[str, Any]:
        """``document`` with its checksum, when this kind of file carries one."""
        return document | {"checksum": checksum(document)} if self.sealed_from is not None else document


@dataclass(slots=True)
class LoadResult(Generic[T]):
    """What was loaded, and the sentences (usually none) the player should read."""

    value: T
    messages: list[str] = field(default_factory=list)


def load_document(
    path: Path, kind: DocumentKind, parse: Callable[[dict[str, Any]], T]
) -> LoadResult[T | None]:
    """Read ``path`` with ``parse`` (given the checked envelope's object), falling back to
    the backup when ``kind.backup`` says one is kept. Missing file and no backup:
    ``None``, silently.
    """
    try:
        present = path.exists()
    except OSError:
        present = True  # reading it will say why the folder cannot be looked at
    if not present:
        return _lone_backup(path, kind, parse)
    try:
        return LoadResult(read_document(path, kind, parse))
    except DocumentError as error:
        problem = error.problem
    stamp = datetime.now()
    aside = _set_aside_or_none(path, stamp)
    backup = backup_path(path)
    said = {"problem": problem, "path": path, "aside": aside}
    if kind.backup is None or not backup.exists():
        sentence = kind.reports.kept_in_place if aside is None else kind.reports.set_aside
        return LoadResult(None, [_(sentence).format(**said)])
    try:
        value = read_document(backup, kind, parse)
    except DocumentError:
        backup_aside = _set_aside_or_none(backup, stamp)
        return LoadResult(None, [_(kind.backup.both_unusable).format(
            first=aside or path, second=backup_aside or backup, **said)])
    # A read-only folder: the backup is used in memory, the bad file stays where it is
    # (and is never copied over the backup: only an intact file is).
    sentence = kind.backup.used_in_place if aside is None else kind.backup.used
    return LoadResult(value, [_(sentence).format(**said)])


def _lone_backup(path: Path, kind: DocumentKind, parse: Callable[[dict[str, Any]], T]) -> LoadResult[T | None]:
    """The main file is missing (deleted, or a link to nothing) but a backup may be there:
    a backup only ever stands alone when the main file was lost, so it is offered."""
    backup = backup_path(path)
    if kind.backup is None or not backup.exists():
        return LoadResult(None)
    try:
        value = read_document(backup, kind, parse)
    except DocumentError as error:
        aside = _set_aside_or_none(backup, datetime.now())
        return LoadResult(None, [_(kind.backup.lone_unusable).format(problem=error.problem, path=aside or backup)])
    return LoadResult(value, [_(kind.backup.lone_used)])


def read_document(path: Path, kind: DocumentKind, parse: Callable[[dict[str, Any]], T]) -> T:
    """Parse one file; every way it can be unusable becomes a DocumentError."""
    try:
        raw = read_regular(path)
    except NotRegularFile as error:
        raise DocumentError(str(error), _("something other than a regular file is there")) from error
    except OSError as error:
        # Translators: {reason} is the system's reason, e.g. "Permission denied".
        raise DocumentError(str(error), _("the file could not be read: {reason}").format(
            reason=error.strerror or error)) from error
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise DocumentError(f"larger than {MAX_DOCUMENT_BYTES} bytes", _("the file is far too large"))
    try:
        body = check_envelope(decode_json(raw), kind)
        return parse(body)
    except DocumentError as error:
        log.warning("%s: %s", path, error)
        raise
    except (ValueError, RecursionError) as error:
        log.warning("%s: %s", path, error)
        raise DocumentError(str(error)) from error


def decode_json(raw: bytes) -> Any:
    """Strict JSON from UTF-8 bytes: NaN/Infinity literals and deep nesting are refused."""
    if not raw.strip():
        raise DocumentError(f"{len(raw)} bytes", _("the file is empty"))  # the detail is not the problem again
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=refuse_constant)
    except RecursionError as error:
        raise DocumentError("nested too deeply") from error
    except ValueError as error:
        raise DocumentError(f"not JSON: {error}") from error


def check_envelope(data: Any, kind: DocumentKind) -> dict[str, Any]:
    """The document's object once its format and version are ones this program reads."""
    if not isinstance(data, dict):
        raise DocumentError(f"expected an object, found {type(data).__name__}")
    if data.get("format") != kind.format:
        raise DocumentError(f"format is {data.get('format')!r:.60}, expected {kind.format!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DocumentError(f"version is {version!r:.60}")
    if version > kind.version:
        raise DocumentError(
            f"version {version} is newer than {kind.version}",
            _("the file was written by a newer version of Hearts Desktop"),
        )
    if kind.sealed_from is not None and version >= kind.sealed_from:
        verify_checksum(data)
    return data


def verify_checksum(data: dict[str, Any]) -> None:
    """Refuse a document whose checksum is missing or does not match what it holds."""
    recorded = data.get("checksum")
    if not isinstance(recorded, str) or recorded != checksum(data):
        raise DocumentError(f"checksum {recorded!r:.80} does not match the contents")


def is_number(value: Any) -> bool:
    """True for a finite JSON number (``bool`` is an ``int`` in Python, but not here)."""
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, int) and not isinstance(value, bool)


def get_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise DocumentError(f"{key} must be a whole number from {low} to {high}, not {value!r:.60}")


def get_text(data: Mapping[str, Any], key: str, most: int) -> str:
    value = data.get(key)
    if isinstance(value, str) and value and len(value) <= most and value.isprintable():
        return value
    raise DocumentError(f"{key} must be printable text of at most {most} characters, not {value!r:.60}")


def get_list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise DocumentError(f"{key} must be a list, not {type(value).__name__}")
    return value


def get_object(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise DocumentError(f"{key} must be an object, not {type(value).__name__}")
    return value


def get_time(data: Mapping[str, Any], key: str) -> datetime:
    value = data.get(key)
    try:
        return datetime.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise DocumentError(f"{key} must be a date and time, not {value!r:.60}") from None


def set_aside(path: Path, stamp: datetime) -> Path:
    """Move ``path`` to a free timestamped name beside it, never replacing another file:
    ``autosave.json`` becomes ``autosave.corrupt-20261202-134501.json``."""
    stem, dot, rest = path.name.partition(".")
    base = f"{stem}.corrupt-{stamp:%Y%m%d-%H%M%S}"
    for attempt in range(1, 1000):
        target = path.with_name(f"{base}{'' if attempt == 1 else f'-{attempt}'}{dot}{rest}")
        try:
            atomic.files.link(path, target)
        except FileExistsError:
            continue
        except OSError:
            # No hard links on this file system; a rename only risks a race no one runs.
            if target.exists():
                continue
            atomic.files.rename(path, target)
            return target
        atomic.files.unlink(path)
        return target
    raise FileExistsError(f"no free name to set {path} aside")


def _set_aside_or_none(path: Path, stamp: datetime) -> Path | None:
    try:
        return set_aside(path, stamp)
    except OSError as error:
        log.warning("could not set %s aside: %s", path, error)
        return None
