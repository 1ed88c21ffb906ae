"""The player's settings, and the last New game setup so the dialog offers it again.

Settings are forgiving where saves are strict: a missing setting takes its default, an
unknown one (written by a newer version) is kept and written back untouched, and a value of
the wrong type falls back to its default with a sentence for the player, while the file as
it was is kept aside so nothing the player wrote is lost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal, get_args

from .. import language
from ..engine import PRESETS, Ruleset, matching_preset
from ..language import N_, _
from ..words import Pace
from .atomic import StorageError, write_json_atomic
from .documents import (
    DocumentError,
    DocumentKind,
    LoadResult,
    Reports,
    is_number,
    load_document,
    set_aside,
)
from .languages import SYSTEM
from .seats import Seat, default_seats, seats_from_json

Deck = Literal["2color", "4color"]
CardBack = Literal["blue", "red", "green", "purple"]
HandSort = Literal["alternating", "suits"]
"""The hand's suits in alternating colours (clubs, hearts, spades, diamonds), or in suit
order (clubs, diamonds, spades, hearts)."""

DECKS: Final[tuple[Deck, ...]] = get_args(Deck)
CARD_BACKS: Final[tuple[CardBack, ...]] = get_args(CardBack)
HAND_SORTS: Final[tuple[HandSort, ...]] = get_args(HandSort)
CUSTOM_RULES: Final = "custom"
PRESET_KEYS: Final = tuple(p.key for p in PRESETS) + (CUSTOM_RULES,)

# Translators: why a file could not be used; {problem} is a whole clause ("the file is damaged"), {aside},
# {path}, {first} and {second} are paths.
SETTINGS: Final = DocumentKind(
    Reports(
        N_("The settings file could not be used ({problem}), so the default settings are used; "
           "it was moved to {aside}."),
        N_("The settings file could not be used ({problem}) or moved aside, so the default settings are used; "
           "it is still at {path}."),
    ),
    format="hearts-desktop-settings",
    version=1,
)
# Translators: {cause} is a whole clause saying why ("the disk is full").
UNSAVED: Final = N_("Your settings could not be saved: {cause}.")


@dataclass(frozen=True, slots=True)
class NewGameSetup:
    """What the New game dialog was last confirmed with. ``preset`` is a preset key, or
    ``"custom"`` when the Advanced panel changed the rules (the target is ``rules.target``)."""

    seats: tuple[Seat, ...] = field(default_factory=default_seats)
    preset: str = "standard"
    rules: Ruleset = field(default_factory=Ruleset)

    def __post_init__(self) -> None:
        if len(self.seats) != self.rules.players:
            raise ValueError(f"{len(self.seats)} seats for {self.rules.players} players")
        if self.preset not in PRESET_KEYS:
            raise ValueError(f"unknown preset {self.preset!r:.40}")

    @classmethod
    def of(cls, seats: tuple[Seat, ...], rules: Ruleset) -> NewGameSetup:
        """The setup for these seats and rules, naming the preset they match if any."""
        preset = matching_preset(rules)
        return cls(seats, preset.key if preset else CUSTOM_RULES, rules)

    @property
    def player_name(self) -> str:
        """The first person's name: who "you" are on this computer."""
        return next((s.name for s in self.seats if s.is_human), self.seats[0].name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [seat.to_dict() for seat in self.seats],
            "preset": self.preset,
            "rules": self.rules.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> NewGameSetup:
        if not isinstance(data, dict):
            raise DocumentError("new_game must be an object")
        try:
            rules = Ruleset.from_dict(data.get("rules"))
            seats = seats_from_json(data.get("seats"), rules.players)
            return cls(seats, data.get("preset"), rules)  # type: ignore[arg-type]
        except ValueError as error:
            raise DocumentError(str(error)) from error


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting of the Settings screen. Immutable: change one with ``replace``."""

    pace: Pace = Pace.FRIENDLY
    deck: Deck = "2color"
    card_back: CardBack = "blue"
    large_cards: bool = False
    sound: bool = True
    volume: float = 0.8
    animations: bool = True
    fullscreen: bool = False
    confirm_play: bool = False
    hand_sort: HandSort = "alternating"
    high_first: bool = False
    """Each suit of the hand from its highest card down."""
    auto_play_single: bool = False
    """The table plays the player's card when only one is legal."""
    network_name: str = ""
    """The player's name at network tables, asked the first time they host or join ("": not yet)."""
    language: str = SYSTEM
    """The language the game speaks: a code of ``language.SHIPPED``, or the system's."""
    new_game: NewGameSetup = field(default_factory=NewGameSetup)
    # Settings this version does not know (a newer version wrote them): kept, not used.
    unknown: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        known = {name: getattr(self, name) for name in _READERS}
        known["new_game"] = self.new_game.to_dict()
        return SETTINGS.envelope() | known | dict(self.unknown)


def _choice(options: tuple[str, ...]) -> Callable[[Any], Any]:
    def read(value: Any) -> Any:
        if value not in options:
            raise ValueError(f"expected one of {options}")
        return value
    return read


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return value


def _name(value: Any) -> str:
    """A name as a seat holds it, or "" for none chosen yet."""
    if value == "":
        return ""
    return Seat(value).name  # its checks raise ValueError


def _volume(value: Any) -> float:
    if not is_number(value) or not 0 <= value <= 1:
        raise ValueError("expected a number from 0 to 1")
    return float(value)


# How each stored setting is read; a reader raises ValueError or TypeError on a value it
# cannot use.
_READERS: Final[dict[str, Callable[[Any], Any]]] = {
    "pace": Pace,
    "deck": _choice(DECKS),
    "card_back": _choice(CARD_BACKS),
    "large_cards": _boolean,
    "sound": _boolean,
    "volume": _volume,
    "animations": _boolean,
    "fullscreen": _boolean,
    "confirm_play": _boolean,
    "hand_sort": _choice(HAND_SORTS),
    "high_first": _boolean,
    "auto_play_single": _boolean,
    "network_name": _name,
    "language": _choice((SYSTEM, *language.SHIPPED)),
    "new_game": NewGameSetup.from_dict,
}


def settings_from_dict(body: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a checked document object, and the names of values that were unusable."""
    values: dict[str, Any] = {}
    unusable: list[str] = []
    for name, read in _READERS.items():
        if name in body:
            try:
                values[name] = read(body[name])
            except (TypeError, ValueError):
                unusable.append(name)
    envelope = SETTINGS.envelope()
    unknown = {k: v for k, v in body.items() if k not in _READERS and k not in envelope}
    return Settings(**values, unknown=MappingProxyType(unknown)), unusable


def load_settings(path: Path) -> LoadResult[Settings]:
    """The saved settings (defaults where missing or unusable); never raises on a bad file.

    A file with unusable values is set aside, and the settings read from it are written
    back at once, so the player is told about it only once.
    """
    loaded = load_document(path, SETTINGS, settings_from_dict)
    if loaded.value is None:
        return LoadResult(Settings(), loaded.messages)
    settings, unusable = loaded.value
    if not unusable:
        return LoadResult(settings)
    names = ", ".join(name.replace("_", " ") for name in unusable)
    try:
        aside = set_aside(path, datetime.now())
    except OSError:
        # Translators: {names} lists the settings as the settings file names them ("player name, pace").
        return LoadResult(settings, [_("Some settings ({names}) could not be read and are back to their defaults "
                                       "for now.").format(names=names)])
    messages = [_("Some settings ({names}) could not be read and are back to their defaults; the old file was "
                  "kept as {path}.").format(names=names, path=aside)]
    try:
        save_settings(path, settings)
    except StorageError as error:
        messages.append(str(error))
    return LoadResult(settings, messages)


def save_settings(path: Path, settings: Settings) -> None:
    """Write the settings; raises StorageError (one sentence for the player) on failure."""
    write_json_atomic(path, settings.to_dict(), unsaved=UNSAVED)
