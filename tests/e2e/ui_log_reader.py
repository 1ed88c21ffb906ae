"""Reading ``hearts-desktop --ui-log``: the latest state of each kind, and where to click.

Standard library only: the end-to-end script runs it beside a program it does not import.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Record = dict[str, Any]
Point = tuple[int, int]


def centre(rect: list[int]) -> Point:
    x, y, w, h = rect
    return x + w // 2, y + h // 2


def card_point(table: Record, card: str) -> Point:
    """Where a click hits ``card`` in the hand, as the program drew it."""
    x, y = next(entry["point"] for entry in table["hand"] if entry["card"] == card)
    return x, y


@dataclass
class UiLogReader:
    """Follows the log file as the program writes it; ``latest`` holds the last record of
    each event kind, ``records`` every record read so far."""

    path: Path
    records: list[Record] = field(default_factory=list)
    latest: dict[str, Record] = field(default_factory=dict)
    _offset: int = 0
    _partial: str = ""

    def read(self) -> list[Record]:
        """The records written since the last call (a half-written last line waits)."""
        if not self.path.exists():
            return []
        with self.path.open("r", encoding="utf-8") as file:
            file.seek(self._offset)
            text = file.read()
            self._offset = file.tell()
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()
        new = [json.loads(line) for line in lines if line.strip()]
        for record in new:
            self.records.append(record)
            self.latest[record["event"]] = record
        return new

    @property
    def top(self) -> str | None:
        screen = self.latest.get("screen")
        return screen["top"] if screen else None

    @property
    def table(self) -> Record | None:
        return self.latest.get("table")

    def target(self, name: str, kind: str = "button") -> Record | None:
        """The enabled control ``name`` on the top screen, if it is there: its name in the
        UI log, the same in every language (its ``label`` is the words on it)."""
        screen = self.latest.get("screen") or {"targets": []}
        return next((t for t in screen["targets"] if t["name"] == name and t["kind"] == kind
                     and t["enabled"]), None)

    def events(self, kind: str, since: int = 0) -> list[Record]:
        return [r for r in self.records[since:] if r["event"] == kind]

    def my_move_wanted(self) -> bool:
        """The table is on top, still, and waits for the viewer to play a card."""
        table = self.table
        return (self.top == "TableScene" and table is not None and bool(table["legal"])
                and not table["busy"] and table["active_human"] == table["viewer"])
