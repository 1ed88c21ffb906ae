"""A player's name in a sentence: the default name "You" is a pronoun, not a third person."""

from __future__ import annotations

YOU = "You"


def object_form(name: str) -> str:
    """"won by you", "Pass the computer to you"; other names as they are."""
    return "you" if name == YOU else name


def possessive(name: str) -> str:
    """"your statistics", "Anna's statistics"."""
    return "your" if name == YOU else f"{name}'s"


def subject_verb(name: str, verb: str) -> str:
    """"You win", "Anna wins"."""
    return f"{name} {verb}" if name == YOU else f"{name} {verb}s"
