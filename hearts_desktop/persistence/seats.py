"""Who sits at each seat: a person or a computer player of some difficulty, and a name.

Seats are stored in saves (to rebuild the table), in settings (the last new-game setup) and
in statistics (the opponents' difficulty), so they live with persistence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..language import N_, _
from ..words import PLAYER_NUMBER, Level, SeatKind
from .documents import DocumentError

MAX_NAME_LENGTH: Final = 20
DEFAULT_NAMES: Final = (
    # Translators: the name the game gives the person at this computer, shown where a name goes ("You 43").
    N_("You"),
    # Translators: a name the game gives a computer player: keep it, or use a short first name of your language.
    N_("Alice"),
    # Translators: a name the game gives a computer player: keep it, or use a short first name of your language.
    N_("Ben"),
    # Translators: a name the game gives a computer player: keep it, or use a short first name of your language.
    N_("Clara"),
    # Translators: a name the game gives a computer player: keep it, or use a short first name of your language.
    N_("Dev"),
)
"""The names the game gives, kept in files as they are here and shown with ``shown_name``."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at the table. ``level`` is kept for people too, so switching a seat to a
    computer in the New game dialog remembers the difficulty chosen before."""

    name: str
    kind: SeatKind = SeatKind.COMPUTER
    level: Level = Level.MEDIUM

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not name.strip() or not name.isprintable():
            raise ValueError(f"a player's name must be printable text, not {name!r:.40}")
        if len(name) > MAX_NAME_LENGTH or name != name.strip():
            raise ValueError(
                f"a player's name has at most {MAX_NAME_LENGTH} characters and no outer spaces"
            )
        if self.kind not in tuple(SeatKind):
            raise ValueError(f"a seat is {', '.join(SeatKind)}, not {self.kind!r:.40}")
        if self.level not in tuple(Level):
            raise ValueError(f"unknown difficulty {self.level!r:.40}")
        # A seat read from a document holds the words themselves, not their text.
        object.__setattr__(self, "kind", SeatKind(self.kind))
        object.__setattr__(self, "level", Level(self.level))

    @property
    def is_human(self) -> bool:
        """A person at this computer."""
        return self.kind == SeatKind.HUMAN

    @property
    def is_person(self) -> bool:
        """A person, here or at a friend's computer (what the other players are shown)."""
        return self.kind != SeatKind.COMPUTER

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """Read ``to_dict`` output; anything else raises DocumentError."""
        if not isinstance(data, dict):
            raise DocumentError(f"a seat must be an object, not {type(data).__name__}")
        try:
            return cls(data.get("name", ""), data.get("kind", ""), data.get("level", ""))
        except ValueError as error:
            raise DocumentError(str(error)) from error


def shown_levels(seats: Sequence[Seat]) -> tuple[Level | None, ...]:
    """What the table shows beside each name: a computer's level, or None for a person
    (the Expert models the seats shown as Medium, so its questions carry this)."""
    return tuple(None if seat.is_person else seat.level for seat in seats)


def seats_from_json(data: Any, players: int) -> tuple[Seat, ...]:
    """A seat list read from a document, one seat per player of the ruleset."""
    if not isinstance(data, list) or len(data) != players:
        raise DocumentError(f"seats must be a list of {players} seats")
    return tuple(Seat.from_dict(item) for item in data)


def hot_seat_names(seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """With several people at one computer, "You" names no one ("Pass the computer to you",
    "From You: …"): such a seat is called "Player 2" after its place instead."""
    if sum(seat.is_human for seat in seats) < 2:
        return tuple(seats)
    return tuple(Seat(PLAYER_NUMBER.format(number=i + 1), seat.kind, seat.level)
                 if seat.is_human and seat.name == DEFAULT_NAMES[0] else seat for i, seat in enumerate(seats))


def shown_name(name: str) -> str:
    """A player's name as the window shows it: a name the game gave ("You", "Alice",
    "Player 2") in the language in use, any other as it was typed. Files keep the name as it
    was given, so a game saved in one language reads in another."""
    if name in DEFAULT_NAMES:
        return _(name)
    before, _field, after = PLAYER_NUMBER.partition("{number}")
    number = name.removeprefix(before).removesuffix(after)
    if name == f"{before}{number}{after}" and number.isdecimal() and number.isascii():
        return _(PLAYER_NUMBER).format(number=int(number))
    return name


def default_seats(players: int = 4) -> tuple[Seat, ...]:
    """You against Medium computer players: the New game dialog's first offer."""
    return (Seat(DEFAULT_NAMES[0], SeatKind.HUMAN),) + tuple(Seat(n) for n in DEFAULT_NAMES[1:players])
