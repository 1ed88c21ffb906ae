"""What happened, in order, for the table to animate and the log to show.

Events carry everything that happened, including private details (which cards went to
whom); whoever shows them to a person filters by seat. They are produced only when a
caller asks for them, so bots simulating hands pay nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .rules import PassDirection


@dataclass(frozen=True, slots=True)
class HandDealt:
    hand_index: int
    hands: tuple[tuple[Card, ...], ...]
    kitty_size: int
    direction: PassDirection


@dataclass(frozen=True, slots=True)
class PassChosen:
    """A seat has chosen its cards; others learn only that it is done."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsExchanged:
    """Every pass delivered at once: ``received[s]`` came to seat ``s`` from ``senders[s]``."""

    received: tuple[tuple[Card, ...], ...]
    senders: tuple[tuple[int, ...], ...]
    leader: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    trick_number: int


@dataclass(frozen=True, slots=True)
class HeartsBroken:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    winner: int
    cards: tuple[Card, ...]
    leader: int
    points: int
    trick_number: int
    kitty: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class MoonChoiceNeeded:
    seat: int


@dataclass(frozen=True, slots=True)
class HandScored:
    hand_index: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon_shooter: int | None
    sweeper: int | None


@dataclass(frozen=True, slots=True)
class TieForLowest:
    """The target was reached but the lowest total is shared: another hand is played."""

    seats: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int
    totals: tuple[int, ...]


Event = (
    HandDealt
    | PassChosen
    | CardsExchanged
    | CardPlayed
    | HeartsBroken
    | TrickWon
    | MoonChoiceNeeded
    | HandScored
    | TieForLowest
    | GameOver
)
