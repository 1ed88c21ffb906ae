"""Faults injected through the persistence file layer: tests run as root, so a read-only
folder or a full disk cannot be made with permissions; the layer refuses instead."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from hearts_desktop.persistence import atomic


class RefusingFiles(atomic.FileLayer):
    """Refuses ``operations`` ("create", "link", "rename", "replace", "unlink") on files whose
    name contains ``names``, with ``code`` (ENOSPC: a full disk)."""

    def __init__(self, code: int, operations: set[str], names: str = "") -> None:
        self.code = code
        self.operations = operations
        self.names = names

    def _check(self, operation: str, path: Path) -> None:
        if operation in self.operations and self.names in path.name:
            raise OSError(self.code, os.strerror(self.code), str(path))

    def create(self, path: Path, data: bytes) -> None:
        self._check("create", path)
        super().create(path, data)

    def link(self, source: Path, target: Path) -> None:
        self._check("link", source)
        super().link(source, target)

    def rename(self, source: Path, target: Path) -> None:
        self._check("rename", source)
        super().rename(source, target)

    def replace(self, source: Path, target: Path) -> None:
        self._check("replace", target)
        super().replace(source, target)

    def unlink(self, path: Path) -> None:
        self._check("unlink", path)
        super().unlink(path)


def refuse(monkeypatch: pytest.MonkeyPatch, code: int, operations: set[str], names: str = "") -> None:
    monkeypatch.setattr(atomic, "files", RefusingFiles(code, operations, names))


def full_disk(monkeypatch: pytest.MonkeyPatch, names: str = "") -> None:
    """Every new file whose name contains ``names`` fails as on a full disk."""
    refuse(monkeypatch, errno.ENOSPC, {"create"}, names)


def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing in the folder can be created, moved or removed."""
    refuse(monkeypatch, errno.EROFS, {"create", "link", "rename", "replace", "unlink"})
