"""What the table on screen asks of the game it shows: the ``TableModel`` protocol.

The window draws from this and forwards input to it, and nothing else. ``TableController``
satisfies it for a game on this computer; a network table satisfies it on both sides (the
host's wraps the controller, a friend's is rebuilt from the host's messages), so the
scenes never know which one they show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..engine import Card, HandResult, MoonScoring, PlayerView, Ruleset
from ..persistence.seats import Seat
from ..words import Pace
from .table import TableEvent


class TableModel(Protocol):
    @property
    def seats(self) -> list[Seat]: ...

    @property
    def viewer(self) -> int:
        """The seat whose hand the window shows."""

    @property
    def pace(self) -> Pace:
        """How fast computers play (a friend's table: the host's pace)."""

    @pace.setter
    def pace(self, pace: Pace) -> None: ...

    @property
    def awaiting_continue(self) -> bool:
        """A hand's score is on screen and the next deal waits for it to be read."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def players(self) -> int: ...

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def results(self) -> Sequence[HandResult]:
        """Every scored hand of the game, in order."""

    @property
    def over(self) -> bool: ...

    @property
    def fresh(self) -> bool:
        """No move made yet: the first deal is animated."""

    @property
    def hot_seat(self) -> bool: ...

    @property
    def hand_face_up(self) -> bool: ...

    @property
    def undo_note(self) -> str | None:
        """Why undo is off for the whole game (shown when asked for), or None."""

    def human_seats(self) -> list[int]:
        """The people at this computer."""

    def active_human(self) -> int | None: ...

    def notes(self) -> list[str]:
        """Extra status lines for the table (who is away, who the table waits for)."""

    def view(self) -> PlayerView: ...

    def drain_events(self) -> list[TableEvent]: ...

    def update(self, dt: float) -> None: ...

    def play(self, card: Card) -> str | None: ...

    def submit_pass(self, cards: Sequence[Card]) -> str | None: ...

    def choose_moon(self, choice: MoonScoring) -> str | None: ...

    def continue_after_hand(self) -> None: ...

    def reveal(self) -> None: ...

    def can_finish_hand(self) -> bool: ...

    def finish_hand(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def request_hint(self) -> bool: ...

    def close(self) -> None: ...
