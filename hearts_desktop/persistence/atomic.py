"""Crash-safe JSON writes: a power cut or a kill at any instant leaves either the old file or
the new one on disk, never half of each.

The new text goes to a temporary file in the same folder, is flushed and fsynced, then
renamed over the old name (``os.replace`` is atomic on POSIX and Windows), and the folder is
fsynced so the rename itself survives a power cut. Saves also keep the previous file as a
``.bak`` hard link taken just before the rename, so the main file never goes missing; a main
file that is no longer intact never replaces the backup, so the only good copy survives.

Every change on disk goes through ``files`` (a ``FileLayer``): a test or benchmark swaps in
its own layer to record each step (the simulated power cut) or to refuse one (a full disk).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
from pathlib import Path
from typing import Any, Final

from ..language import _

# Far above any real document (a long saved game is a few hundred kilobytes), low enough
# that reading a hostile file cannot exhaust memory.
MAX_DOCUMENT_BYTES: Final = 16 * 1024 * 1024


class StorageError(Exception):
    """A write failed (read-only folder, full disk...). ``str(error)`` is one sentence for
    the player; the caller shows it and carries on, since the game in memory is intact.
    ``cause`` is the reason as a whole clause ("the disk is full"), for callers that say
    what happens next in sentences of their own (``{cause}`` in them)."""

    def __init__(self, message: str, path: Path, cause: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.cause = cause or message.rstrip(".")


class NotRegularFile(OSError):
    """A FIFO, device, folder or socket where a document should be: never opened for reading,
    since opening a FIFO would wait forever for a writer."""


class FileLayer:
    """The operating system's file calls the program changes the disk with."""

    def create(self, path: Path, data: bytes) -> None:
        """Create ``path`` (it must not exist) holding ``data``, flushed to the disk."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        descriptor = os.open(path, flags, 0o666)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())

    def link(self, source: Path, target: Path) -> None:
        os.link(source, target)

    def replace(self, source: Path, target: Path) -> None:
        os.replace(source, target)

    def rename(self, source: Path, target: Path) -> None:
        os.rename(source, target)

    def unlink(self, path: Path) -> None:
        path.unlink(missing_ok=True)

    def make_folder(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)

    def sync_folder(self, folder: Path) -> None:
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


files = FileLayer()
_TEMP_NAME: Final = re.compile(r"\..+\.[0-9]+-[0-9a-f]{8}\.tmp")


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def temp_path(path: Path) -> Path:
    """A fresh hidden name next to ``path``; ``stale_temp_files`` finds the ones a kill left."""
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def stale_temp_files(folder: Path) -> list[Path]:
    """The temporary files ``temp_path`` names in ``folder``. Only the holder of the
    folder's lock may treat them as left behind by a killed writer: another copy may be
    writing one right now."""
    return [path for path in folder.glob(".*.tmp") if _TEMP_NAME.fullmatch(path.name)]


def encode_json(document: Any) -> bytes:
    """The bytes written for a document; NaN and infinities are refused, as JSON has none."""
    return json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False).encode("utf-8")


def read_regular(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """Up to ``limit + 1`` bytes of ``path``, which must be a regular file (a symbolic link to
    one is fine). Opening never blocks: it is non-blocking and checked with fstat, so a FIFO
    or device planted under a document's name is refused, not waited on."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return handle.read(limit + 1)
    finally:
        os.close(descriptor)


def write_json_atomic(
    path: Path, document: Any, *, unsaved: str, keep_backup: bool = False, when_full: str = ""
) -> None:
    """Replace ``path`` with ``document`` atomically; raise StorageError saying ``unsaved``
    ("The game could not be saved: {cause}.") when the disk refuses, or ``when_full`` (which
    says when it is tried again) after a full disk. With ``keep_backup`` the file being
    replaced stays available as ``backup_path(path)`` if it is intact."""
    data = encode_json(document)
    try:
        files.make_folder(path.parent)
        temp = temp_path(path)
        try:
            files.create(temp, data)
            if keep_backup and is_intact(path):
                _snapshot(path, backup_path(path))
            files.replace(temp, path)
        except BaseException:
            unlink_quietly(temp)
            raise
        files.sync_folder(path.parent)
    except OSError as error:
        raise storage_error(error, path, unsaved, when_full) from error


def remove_with_backup(path: Path, *, unsaved: str) -> None:
    """Delete a document and its backup, the backup first and durably, so no crash can leave
    an old backup standing alone to be mistaken for the current file."""
    try:
        files.unlink(backup_path(path))
        files.sync_folder(path.parent)
        files.unlink(path)
        files.sync_folder(path.parent)
    except OSError as error:
        raise storage_error(error, path, unsaved) from error


def unlink_quietly(path: Path) -> None:
    try:
        files.unlink(path)
    except OSError:
        pass


def is_intact(path: Path) -> bool:
    """Whether ``path`` is a JSON document whose checksum (if it has one) matches: only then
    may it replace the backup. A missing file is not."""
    try:
        data = json.loads(read_regular(path).decode("utf-8"), parse_constant=refuse_constant)
        return not isinstance(data, dict) or "checksum" not in data or data["checksum"] == checksum(data)
    except (OSError, ValueError, RecursionError):
        return False


def checksum(document: dict[str, Any]) -> str:
    """A digest of everything in ``document`` but its ``checksum``, independent of layout:
    any changed value (a flipped bit in a name, an edited ruleset) changes it."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def refuse_constant(name: str) -> Any:
    """For ``json.loads``: NaN and Infinity are not numbers JSON allows."""
    raise ValueError(f"{name} is not a number JSON allows")


def _snapshot(path: Path, backup: Path) -> None:
    """Make ``backup`` hold what ``path`` holds now.

    A hard link costs no copying and never exposes a partial file; where links are not
    supported the bytes are copied to a synced temporary file first.
    """
    temp = temp_path(backup)
    try:
        files.link(path, temp)
    except FileNotFoundError:
        return
    except OSError:
        files.create(temp, read_regular(path))
    try:
        files.replace(temp, backup)
    except BaseException:
        unlink_quietly(temp)
        raise


_DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}


def storage_error(error: OSError, path: Path, unsaved: str, when_full: str = "") -> StorageError:
    """The one sentence a player reads when a file could not be written to ``path``:
    ``unsaved`` ("The game could not be saved: {cause}."), or ``when_full`` after a full disk,
    both kept in English, marked for the catalogue and said here in the player's language,
    with the cause as a whole clause in ``{cause}``."""
    cause = _write_refusal(error, path)
    sentence = when_full if error.errno in _DISK_FULL and when_full else unsaved
    return StorageError(_(sentence).format(cause=cause), path, cause)


def _write_refusal(error: OSError, path: Path) -> str:
    """Why the system refused a write, as a whole clause ("the disk is full")."""
    folder = path.parent
    if error.errno in _DISK_FULL:
        # Translators: why a file could not be written, a whole clause filling {cause} in "The game could
        # not be saved: {cause}."; {folder} and {path} are paths.
        return _("the disk is full")
    if error.errno == errno.EROFS:
        return _("the disk holding {folder} is read-only").format(folder=folder)
    if error.errno == errno.EACCES:
        return _("you may not write in the folder {folder}").format(folder=folder)
    if error.errno == errno.EPERM:  # the system names the hidden temporary file: the player knows the save
        return _("the system does not allow changing {path} (it may be locked)").format(path=path)
    if error.errno == errno.ENOENT:
        return _("the folder {folder} does not exist (was its disk removed?)").format(folder=folder)
    if error.errno in (errno.ENOTDIR, errno.EEXIST):
        return _("{path} is a file, not a folder").format(path=file_in_the_way(folder))
    # Translators: {reason} is the system's reason, e.g. "Input/output error".
    return _("the system refused to write in {folder} ({reason})").format(folder=folder, reason=error.strerror or error)


def file_in_the_way(folder: Path) -> Path:
    """The file standing where ``folder`` or one of its parents should be a folder."""
    for candidate in (folder, *folder.parents):
        if candidate.exists() and not candidate.is_dir():
            return candidate
    return folder
