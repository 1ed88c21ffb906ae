"""The rules of Hearts: pure Python, no I/O, deterministic under a seed.

Everything a caller needs is re-exported here; the submodules say how it works.
"""

from .actions import Action, MoonAction, PassAction, PlayAction, action_from_json, action_to_json
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

__all__ = [
    "CARDS", "Card", "Suit", "card", "cards_of", "format_cards", "mask_of", "parse_cards",
    "CardPlayed", "CardsExchanged", "Event", "GameOver", "HandDealt", "HandScored",
    "HeartsBroken", "MoonChoiceNeeded", "PassChosen", "TieForLowest", "TrickWon",
    "Action", "Game", "MoonAction", "PassAction", "PlayAction", "action_from_json",
    "action_to_json", "HandResult", "HandState", "IllegalMove", "Phase", "Trick",
    "PRESETS", "MoonScoring", "PassCycle", "PassDirection", "Preset", "Ruleset",
    "RulesetError", "describe", "matching_preset", "preset_by_key", "PlayerView", "view_of",
]
