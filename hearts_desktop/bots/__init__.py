"""Computer players: each reads one seat's view and returns that seat's decision.

``make_bot(Level.MEDIUM)`` builds a bot by difficulty.
"""

from __future__ import annotations

from importlib import import_module

from ..words import Level
from .base import Bot, Cancel, Hint, SeatLevels, never_cancel

_CLASSES = {
    Level.EASY: ("easy", "EasyBot"),
    Level.MEDIUM: ("medium", "MediumBot"),
    Level.HARD: ("hard", "HardBot"),
    Level.EXPERT: ("expert", "ExpertBot"),
}


def make_bot(level: Level) -> Bot:
    """A new bot of this difficulty (modules load on first use, keeping start-up fast)."""
    module_name, class_name = _CLASSES[level]
    bot_class: type[Bot] = getattr(import_module(f".{module_name}", __name__), class_name)
    return bot_class()


__all__ = ["Bot", "Cancel", "Hint", "SeatLevels", "make_bot", "never_cancel"]
