"""A pseudo-language: every message about 40% longer, in accented letters, its ends marked.

``⟦Šéţţîñĝš~~⟧`` reads as "Settings" to a developer, takes the room a long language (German)
takes, and shows where a text was cut (a missing ``⟧``). Every ASCII letter becomes an accented
one, so a text on screen that still holds plain English words did not come through the
catalogue (or was joined from pieces around one): ``untranslated_words`` finds them, and the
layout checker (``python -m benchmarks layout --languages pseudo``) reports each as a problem.
``{placeholders}`` are kept as they are, so the program can still fill them.

The game does not ship it: the checks install it with ``language.use`` like any catalogue.
"""

from __future__ import annotations

import gettext
import math
import re
from collections.abc import Iterable

from hearts_desktop.persistence.seats import DEFAULT_NAMES

CODE = "pseudo"
START, END, PADDING = "⟦", "⟧", "~"
GROWTH = 0.4
"""How much longer each message gets (German runs about 30% longer than English)."""
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
FIELD = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")
"""A str.format field (kept), or a doubled brace (a literal one, kept too)."""
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
NOT_TRANSLATED = frozenset({"Hearts", "Desktop", "Hearts Desktop", *DEFAULT_NAMES})
"""Words a screen shows in every language: the game's name and the default players' names."""


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language (fields and literal braces left as they are).

    >>> pseudo("Play {card}?")
    '⟦Þļáý {card}?~~⟧'
    """
    body = "".join(part if FIELD.fullmatch(part) else part.translate(ACCENTED) for part in FIELD.split(message))
    padding = max(0, math.ceil(len(message) * GROWTH) - len(START + END))
    return f"{START}{body}{PADDING * padding}{END}"


class PseudoCatalogue(gettext.NullTranslations):
    """Answers every lookup in the pseudo-language (plural by the English rule)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def untranslated_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The plain English words in a text drawn while the pseudo-language was spoken: none
    when every word came through the catalogue; names and the game's name are ``allowed``."""
    for name in sorted({*NOT_TRANSLATED, *allowed}, key=len, reverse=True):
        text = text.replace(name, " ")
    return ENGLISH_WORD.findall(text)
