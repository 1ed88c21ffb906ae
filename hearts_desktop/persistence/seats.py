"""Who sits at each seat: a person or a computer player of some difficulty, and a name.

Seats are stored in saves (to rebuild the table), in settings (the last new-game setup) and
in statistics (the opponents' difficulty), so they live with persistence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from .documents import DocumentError

SeatKind = Literal["human", "computer", "remote"]
"""``remote``: a friend at their own computer, joined over the network; ``level`` is the
computer that plays the seat while they are away."""
Level = Literal["easy", "medium", "hard", "expert"]

SEAT_KINDS: Final[tuple[SeatKind, ...]] = get_args(SeatKind)
# The difficulties of hearts_desktop.bots.LEVELS, weakest first (persistence may not import
# bots; a test checks the two agree).
COMPUTER_LEVELS: Final[tuple[Level, ...]] = get_args(Level)
MAX_NAME_LENGTH: Final = 20
DEFAULT_NAMES: Final = ("You", "Alice", "Ben", "Clara", "Dev")


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at the table. ``level`` is kept for people too, so switching a seat to a
    computer in the New game dialog remembers the difficulty chosen before."""

    name: str
    kind: SeatKind = "computer"
    level: Level = "medium"

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not name.strip() or not name.isprintable():
            raise ValueError(f"a player's name must be printable text, not {name!r:.40}")
        if len(name) > MAX_NAME_LENGTH or name != name.strip():
            raise ValueError(
                f"a player's name has at most {MAX_NAME_LENGTH} characters and no outer spaces"
            )
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is {', '.join(SEAT_KINDS)}, not {self.kind!r:.40}")
        if self.level not in COMPUTER_LEVELS:
            raise ValueError(f"unknown difficulty {self.level!r:.40}")

    @property
    def is_human(self) -> bool:
        """A person at this computer."""
        return self.kind == "human"

    @property
    def is_person(self) -> bool:
        """A person, here or at a friend's computer (what the other players are shown)."""
        return self.kind != "computer"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """Read ``to_dict`` output; anything else raises DocumentError."""
        if not isinstance(data, dict):
            raise DocumentError(f"a seat must be an object, not {type(data).__name__}")
        try:
            return cls(data.get("name"), data.get("kind"), data.get("level"))  # type: ignore[arg-type]
        except ValueError as error:
            raise DocumentError(str(error)) from error


def seats_from_json(data: Any, players: int) -> tuple[Seat, ...]:
    """A seat list read from a document, one seat per player of the ruleset."""
    if not isinstance(data, list) or len(data) != players:
        raise DocumentError(f"seats must be a list of {players} seats")
    return tuple(Seat.from_dict(item) for item in data)


def default_seats(players: int = 4) -> tuple[Seat, ...]:
    """You against Medium computer players: the New game dialog's first offer."""
    return (Seat(DEFAULT_NAMES[0], "human"),) + tuple(Seat(n) for n in DEFAULT_NAMES[1:players])
