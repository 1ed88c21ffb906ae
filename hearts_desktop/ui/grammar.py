"""A player's name in a sentence: the default name "You" is a pronoun, not a third person, so
a sentence about a player is two whole messages, one said to "you" and one about a name."""

from __future__ import annotations

from ..persistence.seats import DEFAULT_NAMES, shown_name

YOU = DEFAULT_NAMES[0]


def about(name: str, to_you: str, about_them: str) -> str:
    """``to_you`` when ``name`` is the default "You", else ``about_them`` with ``{name}``
    filled (as the window shows it: "Player 2" in the language in use). Both are whole
    translated sentences (``_("You win!")``, ``_("{name} wins!")``), so each language says
    each its own way."""
    return to_you if name == YOU else about_them.format(name=shown_name(name))
