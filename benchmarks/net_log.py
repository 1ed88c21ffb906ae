"""What the LAN benchmarks' host and friends write: one JSON line for each table update,
with a fingerprint of the seat's table that both sides compute the same way."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, TextIO

from hearts_desktop.net import protocol as p


def digest(view: p.WireView, results: int) -> str:
    """A short fingerprint of a seat's table (its view and how many hands were scored)."""
    return hashlib.blake2b(p.encode_struct(view) + b"/%d" % results, digest_size=8).hexdigest()


class JsonLog:
    """One JSON object a line, flushed at once (the benchmarks read it as it is written)."""

    def __init__(self, path: Path | None) -> None:
        self.file: TextIO | None = path.open("a", encoding="utf-8") if path else None

    def write(self, **fields: Any) -> None:
        if self.file is not None:
            self.file.write(json.dumps(fields) + "\n")
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
