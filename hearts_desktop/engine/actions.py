"""What a player can do: pass three cards, play a card, or choose how a moon scores.

A hand (``HandState.apply``) and a game (``Game.apply``) take these; a saved game is a list
of them, written and read by ``action_to_json`` and ``action_from_json``.

They are NamedTuples, like the hand's ``Trick``: immutable, hashed and compared by value
and picklable (worker processes return them) as the frozen dataclasses they were, and
cheap to make: a frozen dataclass's ``__init__`` is interpreted Python setting each field
through ``object.__setattr__``, 0.4 us a pass (three a random hand, about 3% of it in the
compiled build), and the compiled engine reads a NamedTuple's fields as tuple items.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .cards import Card, format_cards, parse_cards
from .rules import MoonScoring


class PassAction(NamedTuple):
    seat: int
    cards: tuple[Card, ...]


class PlayAction(NamedTuple):
    seat: int
    card: Card


class MoonAction(NamedTuple):
    seat: int
    choice: MoonScoring


Action = PassAction | PlayAction | MoonAction
ACTION_TYPES: Final = (PassAction, PlayAction, MoonAction)
"""For ``isinstance``: an action is a tuple, so telling one from another tuple needs these."""


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, PassAction):
        return {"pass": format_cards(action.cards), "seat": action.seat}
    if isinstance(action, PlayAction):
        return {"play": str(action.card), "seat": action.seat}
    return {"moon": action.choice.value, "seat": action.seat}


def action_from_json(data: Any) -> Action:
    """Read one saved action; a malformed one raises ValueError naming what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("seat"), int) or isinstance(
        data.get("seat"), bool
    ):
        raise ValueError(f"an action must be an object with a seat number, not {data!r:.80}")
    seat = data["seat"]
    kinds = [k for k in ("pass", "play", "moon") if k in data]
    if len(kinds) != 1 or not isinstance(data[kinds[0]], str):
        raise ValueError(f"an action needs exactly one of pass, play or moon: {data!r:.80}")
    value = data[kinds[0]]
    if kinds[0] == "pass":
        return PassAction(seat, parse_cards(value))
    if kinds[0] == "play":
        return PlayAction(seat, Card.parse(value))
    return MoonAction(seat, MoonScoring(value))
