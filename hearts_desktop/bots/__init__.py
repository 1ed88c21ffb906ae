"""Computer players: each reads one seat's view and returns that seat's decision.

``make_bot("medium")`` builds a bot by difficulty; ``LEVELS`` lists them weakest first.
"""

from __future__ import annotations

from importlib import import_module

from .base import Bot, Cancel, never_cancel

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
_CLASSES = {
    "easy": ("easy", "EasyBot"),
    "medium": ("medium", "MediumBot"),
    "hard": ("hard", "HardBot"),
    "expert": ("expert", "ExpertBot"),
}


def make_bot(level: str) -> Bot:
    """A new bot of the named difficulty (modules load on first use, keeping start-up fast)."""
    try:
        module_name, class_name = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown difficulty {level!r}; choose one of {', '.join(LEVELS)}") from None
    bot_class: type[Bot] = getattr(import_module(f".{module_name}", __name__), class_name)
    return bot_class()


__all__ = ["LEVELS", "Bot", "Cancel", "make_bot", "never_cancel"]
