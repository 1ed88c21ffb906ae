"""The bot interface: a bot reads one player's view and returns that player's decision.

A bot never sees the game itself, only a ``PlayerView`` (which holds no hidden cards), what
the table shows beside each name (``SeatLevels``) and a random generator, so its strength
can only come from reasoning. Search bots check
``cancel`` often and return their best answer so far when it is set, so the table can stop
them on quit or undo.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..engine import Action, Card, MoonAction, MoonScoring, PassAction, Phase, PlayAction, PlayerView
from ..words import Level

Cancel = Callable[[], bool]
SeatLevels = tuple[Level | None, ...]
"""What the table shows beside each seat's name: a computer player's level, or None for a
person; empty when the caller does not say. It travels with the question, not in the view,
because it is the table's label, not a fact of the hand: only the Expert reads it, to model
the seats that play by Medium's published rules."""


def never_cancel() -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Hint:
    """What to do (the action the Expert would take) and one line saying why."""

    action: Action
    reason: str

    @property
    def cards(self) -> tuple[Card, ...]:
        """The suggested cards: three to pass or one to play (none for a moon choice)."""
        if isinstance(self.action, PassAction):
            return self.action.cards
        if isinstance(self.action, PlayAction):
            return (self.action.card,)
        return ()


class Bot(ABC):
    """A computer player. Subclasses choose passes and plays; the moon choice has a default."""

    level: ClassVar[Level | None]
    """The level the table shows beside this player's name; None for the benchmark's
    outside opponents, which are no level of ours."""

    @abstractmethod
    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        """The cards to pass, in the order of ``view.pass_targets``."""

    @abstractmethod
    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        """One of ``view.legal_cards()``."""

    def choose_moon(self, view: PlayerView, rng: random.Random) -> MoonScoring:
        return choose_moon_by_score(view)

    def decide(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Action:
        """The action the view's seat takes now, whatever the phase."""
        if view.phase is Phase.PASSING:
            return PassAction(view.seat, tuple(self.choose_pass(view, rng, cancel)))
        if view.phase is Phase.MOON_CHOICE:
            return MoonAction(view.seat, self.choose_moon(view, rng))
        return PlayAction(view.seat, self.choose_play(view, rng, cancel, seat_levels))


def choose_moon_by_score(view: PlayerView) -> MoonScoring:
    """Add to the others when that keeps you the single leader, else subtract from yourself.

    Both options change every gap between you and the others by the same amount; adding
    also brings the game's end closer, which helps only the player in the lead (and wins at
    once when it pushes someone past the target). ``view.totals`` are the totals before this
    hand, whose other points are all the shooter's.
    """
    total = view.rules.tables.penalty_total
    me = view.seat
    others = [t for s, t in enumerate(view.totals) if s != me]
    if view.totals[me] < min(others) + total:
        return MoonScoring.ADD_TO_OTHERS
    return MoonScoring.SUBTRACT_FROM_SHOOTER
