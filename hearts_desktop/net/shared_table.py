"""What every network table, the host's or a friend's, does the same way at the table."""

from __future__ import annotations

from typing import Final

from ..language import N_, _

UNDO_NOTE: Final = N_("Undo is off in network games.")
TURN_SECONDS: Final = 60.0
"""A friend who lets a decision, or the score, wait this long is played by the seat's
computer until their next move (a person who is merely slow keeps their seat)."""


class NetworkTableRules:
    """Each person has a screen of their own (no covers), and no one takes back or skips
    what the others are playing: undo and finishing a hand are off (undo says why)."""

    hot_seat = False
    hand_face_up = True

    @property
    def undo_note(self) -> str:
        return _(UNDO_NOTE)

    def reveal(self) -> None:
        """No covers at a network table."""

    def can_finish_hand(self) -> bool:
        return False  # the others play their own cards to the end

    def finish_hand(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False
