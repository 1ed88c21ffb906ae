"""Crash-safe JSON writes: a power cut or a kill at any instant leaves either the old file or
the new one on disk, never half of each.

The new text goes to a temporary file in the same folder, is flushed and fsynced, then
renamed over the old name (``os.replace`` is atomic on POSIX and Windows), and the folder is
fsynced so the rename itself survives a power cut. Saves also keep the previous file as a
``.bak`` hard link taken just before the rename, so the main file never goes missing.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
from pathlib import Path
from typing import Any


class StorageError(Exception):
    """A write failed (read-only folder, full disk...). ``str(error)`` is one sentence for
    the player; the caller shows it and carries on, since the game in memory is intact."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def temp_path(path: Path) -> Path:
    """A fresh hidden name next to ``path``; ``stale_temp_files`` finds the ones a kill left."""
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def stale_temp_files(path: Path) -> list[Path]:
    """Temporary files of ``path`` (and of its backup) left behind by a killed writer."""
    return list(path.parent.glob(f".{path.name}.*.tmp"))


def encode_json(document: Any) -> bytes:
    """The bytes written for a document; NaN and infinities are refused, as JSON has none."""
    return json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False).encode("utf-8")


def write_json_atomic(path: Path, document: Any, *, what: str, keep_backup: bool = False) -> None:
    """Replace ``path`` with ``document`` atomically; raise StorageError naming ``what``
    (e.g. "the game") when the disk refuses. With ``keep_backup`` the file being replaced
    stays available as ``backup_path(path)``."""
    data = encode_json(document)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = temp_path(path)
        try:
            write_synced(temp, data)
            if keep_backup:
                _snapshot(path, backup_path(path))
            os.replace(temp, path)
        except BaseException:
            unlink_quietly(temp)
            raise
        fsync_folder(path.parent)
    except OSError as error:
        raise storage_error(error, path, what) from error


def remove_with_backup(path: Path, *, what: str) -> None:
    """Delete a document and its backup, the backup first so a crash in between can never
    leave an old backup standing alone to be mistaken for the current file."""
    try:
        for victim in (backup_path(path), path):
            victim.unlink(missing_ok=True)
        fsync_folder(path.parent)
    except OSError as error:
        raise storage_error(error, path, what) from error


def write_synced(path: Path, data: bytes) -> None:
    """Create ``path`` (it must not exist) holding ``data``, flushed to the disk."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags, 0o666)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def fsync_folder(folder: Path) -> None:
    """Make renames in ``folder`` durable where the platform allows it (not on Windows,
    and some file systems refuse; the rename is still atomic there, only less durable)."""
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def unlink_quietly(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def _snapshot(path: Path, backup: Path) -> None:
    """Make ``backup`` hold what ``path`` holds now (nothing to do when it does not exist).

    A hard link costs no copying and never exposes a partial file; where links are not
    supported the bytes are copied to a synced temporary file first.
    """
    temp = temp_path(backup)
    try:
        os.link(path, temp)
    except FileNotFoundError:
        return
    except OSError:
        write_synced(temp, path.read_bytes())
    try:
        os.replace(temp, backup)
    except BaseException:
        unlink_quietly(temp)
        raise


_DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}


def storage_error(error: OSError, path: Path, what: str) -> StorageError:
    """The one sentence a player reads when ``what`` could not be written to ``path``."""
    if error.errno in _DISK_FULL:
        message = (
            f"The disk is full, so {what} could not be saved; "
            f"free some space and it will be saved with the next change."
        )
    elif error.errno in _READ_ONLY or isinstance(error, PermissionError):
        message = f"The folder {path.parent} is read-only, so {what} could not be saved there."
    else:
        reason = error.strerror or str(error)
        message = f"{what[0].upper()}{what[1:]} could not be saved in {path.parent} ({reason})."
    return StorageError(message, path)
