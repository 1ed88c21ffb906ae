"""The rules of Hearts: pure Python, no I/O, deterministic under a seed.

Everything a caller needs is re-exported here; the submodules say how it works.
"""

from types import FunctionType

from . import hand
from .actions import (
    ACTION_TYPES,
    Action,
    MoonAction,
    PassAction,
    PlayAction,
    action_from_json,
    action_to_json,
)
from .cards import CARDS, Card, Suit, card, cards_of, format_cards, mask_of, parse_cards
from .events import (
    CardPlayed,
    CardsExchanged,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChoiceNeeded,
    PassChosen,
    TieForLowest,
    TrickWon,
)
from .game import Game
from .hand import HandResult, HandState, IllegalMove, Phase, Trick
from .rules import (
    PRESETS,
    MoonScoring,
    PassCycle,
    PassDirection,
    Preset,
    Ruleset,
    RulesetError,
    describe,
    matching_preset,
    preset_by_key,
)
from .view import PlayerView, view_of


def build() -> str:
    """Which build runs: "compiled" when the rules are the C extensions that ``pip install .``
    compiles where it can (``setup.py``), "pure" when they are the Python source."""
    return "pure" if isinstance(hand.play_order, FunctionType) else "compiled"


__all__ = [
    "ACTION_TYPES",
    "CARDS",
    "PRESETS",
    "Action",
    "Card",
    "CardPlayed",
    "CardsExchanged",
    "Event",
    "Game",
    "GameOver",
    "HandDealt",
    "HandResult",
    "HandScored",
    "HandState",
    "HeartsBroken",
    "IllegalMove",
    "MoonAction",
    "MoonChoiceNeeded",
    "MoonScoring",
    "PassAction",
    "PassChosen",
    "PassCycle",
    "PassDirection",
    "Phase",
    "PlayAction",
    "PlayerView",
    "Preset",
    "Ruleset",
    "RulesetError",
    "Suit",
    "TieForLowest",
    "Trick",
    "TrickWon",
    "action_from_json",
    "action_to_json",
    "build",
    "card",
    "cards_of",
    "describe",
    "format_cards",
    "mask_of",
    "matching_preset",
    "parse_cards",
    "preset_by_key",
    "view_of",
]
