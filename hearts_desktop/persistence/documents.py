"""Reading files the program wrote, assuming nothing about what is in them now.

A file on disk may be truncated by a crash, garbled by a disk, edited by hand or written by
a newer version. ``load_document`` never raises on such a file and never lets it be
overwritten unseen: a file it cannot use is moved aside under a timestamped name, the player
gets one sentence saying so and where it went, and the backup (where kept) is tried next.
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

from .atomic import backup_path, stale_temp_files, unlink_quietly

T = TypeVar("T")

log = logging.getLogger(__name__)

# Far above any real document (a long saved game is a few hundred kilobytes), low enough
# that reading a hostile file cannot exhaust memory.
MAX_DOCUMENT_BYTES: Final = 16 * 1024 * 1024
DAMAGED: Final = "is damaged"


class DocumentError(ValueError):
    """A document that cannot be used. ``problem`` finishes the player's sentence
    ("The saved game <problem>, so ..."); ``str(error)`` is the detail for the log."""

    def __init__(self, detail: str, problem: str = DAMAGED) -> None:
        super().__init__(detail)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class DocumentKind:
    """What a player is told about one kind of file, and how its envelope is recognised."""

    label: str
    format: str
    version: int
    without_file: str
    from_backup: str | None = None

    def envelope(self) -> dict[str, Any]:
        return {"format": self.format, "version": self.version}


@dataclass(slots=True)
class LoadResult(Generic[T]):
    """What was loaded, and the sentences (usually none) the player should read."""

    value: T
    messages: list[str] = field(default_factory=list)


def load_document(
    path: Path, kind: DocumentKind, parse: Callable[[dict[str, Any]], T]
) -> LoadResult[T | None]:
    """Read ``path`` with ``parse`` (given the checked envelope's object), falling back to
    the backup when ``kind.from_backup`` says one is kept. Missing file: ``None``, silently.

    Call it before the first write of this run: it clears temporary files a killed writer
    left behind.
    """
    try:
        for leftover in stale_temp_files(path):
            unlink_quietly(leftover)
        present = path.exists()
    except OSError:
        present = True  # reading it will say why the folder cannot be looked at
    if not present:
        return LoadResult(None)
    try:
        return LoadResult(read_document(path, kind, parse))
    except DocumentError as error:
        problem = error.problem
    stamp = datetime.now()
    aside = _set_aside_or_none(path, stamp)
    if aside is None:
        return LoadResult(None, [(
            f"{kind.label} {problem} and could not be moved aside, so {kind.without_file}; "
            f"it is still at {path}."
        )])
    backup = backup_path(path)
    if kind.from_backup is None or not backup.exists():
        return LoadResult(None, [f"{kind.label} {problem}, so {kind.without_file}; it was moved to {aside}."])
    try:
        value = read_document(backup, kind, parse)
    except DocumentError:
        backup_aside = _set_aside_or_none(backup, stamp)
        kept = f"{aside} and {backup_aside}" if backup_aside else f"{aside} and {backup}"
        return LoadResult(None, [(
            f"{kind.label} {problem} and its backup could not be used either, so "
            f"{kind.without_file}; both were kept, as {kept}."
        )])
    return LoadResult(value, [
        f"{kind.label} {problem}, so {kind.from_backup}; the bad file was moved to {aside}."
    ])


def read_document(path: Path, kind: DocumentKind, parse: Callable[[dict[str, Any]], T]) -> T:
    """Parse one file; every way it can be unusable becomes a DocumentError."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as error:
        raise DocumentError(str(error), f"could not be read ({error.strerror or error})") from error
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise DocumentError(f"larger than {MAX_DOCUMENT_BYTES} bytes", "is far too large")
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
        raise DocumentError("the file is empty", "is empty")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except RecursionError as error:
        raise DocumentError("nested too deeply") from error
    except ValueError as error:
        raise DocumentError(f"not JSON: {error}") from error


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


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
            "was written by a newer version of Hearts Desktop",
        )
    return data


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
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:
            # No hard links on this file system; a rename only risks a race no one runs.
            if target.exists():
                continue
            os.rename(path, target)
            return target
        os.unlink(path)
        return target
    raise FileExistsError(f"no free name to set {path} aside")


def _set_aside_or_none(path: Path, stamp: datetime) -> Path | None:
    try:
        return set_aside(path, stamp)
    except OSError as error:
        log.warning("could not set %s aside: %s", path, error)
        return None
