"""How fast computer players act, in the paces of the online table in the rules seeds."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True, slots=True)
class Timing:
    bot_delay: float
    """Seconds from a computer's turn to its card landing (thinking overlaps this)."""
    trick_hold: float
    """Seconds a finished trick stays on the table, readable, before play goes on."""


class Pace(Enum):
    RELAXED = "relaxed"
    FRIENDLY = "friendly"
    QUICK = "quick"
    INSTANT = "instant"

    @property
    def timing(self) -> Timing:
        return _TIMINGS[self]

    @property
    def label(self) -> str:
        return self.value.capitalize()


_TIMINGS = {
    Pace.RELAXED: Timing(bot_delay=1.1, trick_hold=1.6),
    Pace.FRIENDLY: Timing(bot_delay=0.65, trick_hold=1.1),
    Pace.QUICK: Timing(bot_delay=0.3, trick_hold=0.6),
    Pace.INSTANT: Timing(bot_delay=0.0, trick_hold=0.0),
}
