"""Names at a network table: one form for each name, and no name that looks like another's.

A friend's name comes from any keyboard, input method or paste. The host keeps it in
Unicode's NFKC form (full-width letters and ligatures become the plain ones), with every
run of spaces, tabs or line breaks made one space and the ends trimmed, at most
``MAX_NAME_LENGTH`` characters. Control and format characters that are left (a zero-width
space, a right-to-left mark) are refused: they hide what a name says.

Two seats must not look alike. A name whose letters mix the Latin, Greek and Cyrillic
alphabets (a Cyrillic "о" in "Hоstess") is refused with a sentence saying so; a name in one
alphabet whose ``skeleton`` equals another seat's (each letter reduced to the Latin letter
it looks like, accents dropped, case folded: "Сосо" in Cyrillic letters beside "Coco",
"H0stess" beside "Hostess") is given a number, "H0stess 2". ``LOOK_ALIKES`` holds the Greek and Cyrillic letters, digits
and marks that Unicode's confusables list (UTS #39) gives a single Latin letter as their
prototype. It is a table of our own rather than a dependency: the one maintained library
that installs offline (confusable-homoglyphs) finds confusable characters but computes no
skeleton to compare two names with, and loads a 900 KB table.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from enum import Enum
from typing import Final

from ..language import N_, Phrase, Said, _
from ..persistence.seats import MAX_NAME_LENGTH


class Alphabet(Enum):
    """An alphabet with letters drawn like another's: one name may use only one of them.
    The value is the first word of its letters' Unicode names."""

    # Translators: alphabets, filling {first} and {second} in "“{name}” mixes {first} and {second} letters".
    LATIN = N_("Latin")
    GREEK = N_("Greek")
    CYRILLIC = N_("Cyrillic")

    @property
    def label(self) -> str:
        return _(self.value)


LOOK_ALIKE_SCRIPTS: Final = {alphabet.name: alphabet for alphabet in Alphabet}
# Why a host turns a name away: phrases, so a friend reads the reason in its own language.
INVISIBLE_IN_NAME: Final = Phrase(N_("A name cannot hold invisible or control characters: type it again."))
NO_LETTERS_IN_NAME: Final = Phrase(N_("Choose a name made of letters and digits."))
# Translators: {first} and {second} are alphabets ("Cyrillic", "Latin").
MIXED_ALPHABETS: Final = Phrase(
    N_("Write your name in one alphabet: “{name}” mixes {first} and {second} letters, which can look alike."),
    name=str, first=Alphabet, second=Alphabet)
MIXED_THREE_ALPHABETS: Final = Phrase(
    N_("Write your name in one alphabet: “{name}” mixes Cyrillic, Greek and Latin letters, which can look alike."),
    name=str)
INVISIBLE: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories of characters that are not seen or not assigned."""
# Line and paragraph separators (Zl, Zp) are spaces to ``str.split``: ``one_line`` turns them into one.

LOOK_ALIKES: Final = str.maketrans({
    # Cyrillic
    "а": "a", "А": "a", "В": "b", "с": "c", "С": "c", "ԁ": "d", "е": "e", "Е": "e", "ё": "e", "Ё": "e",
    "һ": "h", "Н": "h", "і": "i", "І": "l", "ї": "i", "ј": "j", "Ј": "j", "К": "k", "ӏ": "l", "Ӏ": "l",
    "М": "m", "о": "o", "О": "o", "р": "p", "Р": "p", "ԛ": "q", "Ԛ": "q", "ѕ": "s", "Ѕ": "s", "Т": "t",
    "у": "y", "У": "y", "Ү": "y", "ԝ": "w", "Ԝ": "w", "х": "x", "Х": "x",
    # Greek
    "α": "a", "Α": "a", "Β": "b", "ϲ": "c", "Ϲ": "c", "ε": "e", "Ε": "e", "Η": "h", "ι": "i", "Ι": "l",
    "ϳ": "j", "Κ": "k", "Μ": "m", "Ν": "n", "ο": "o", "Ο": "o", "ρ": "p", "Ρ": "p", "Τ": "t", "υ": "u",
    "ν": "v", "γ": "y", "Υ": "y", "Χ": "x", "χ": "x", "Ζ": "z",
    # Latin letters, digits and marks drawn like another letter
    "I": "l", "1": "l", "|": "l", "0": "o", "ı": "i",
})
"""Letters and digits to the Latin letter they are drawn like, before case is folded
(so a capital I becomes the small l it is drawn like, not i)."""
LOOK_ALIKE_PAIRS: Final = (("rn", "m"), ("vv", "w"))
"""Two small letters drawn like one (before case is folded: "RN" is not drawn like "M")."""


class NameRefused(ValueError):
    """Why a name cannot be used: ``reason``, a sentence for the person who typed it, which a
    host sends a friend as its phrase, so the friend reads it in its own language."""

    def __init__(self, reason: Said) -> None:
        super().__init__(reason)
        self.reason = reason


def one_line(text: str) -> str:
    """``text`` with every run of spaces, tabs or line breaks made one space, ends trimmed."""
    return " ".join(text.split())


def invisible(ch: str) -> bool:
    return unicodedata.category(ch) in INVISIBLE


def shown_text(text: str, limit: int) -> str:
    """Words from another computer as one line that shows what it says: line breaks made
    spaces (a second line could pass for a sentence of ours), control and format characters
    dropped (a NUL, a zero-width space, a right-to-left override), at most ``limit``
    characters. Empty when nothing visible is left."""
    seen = "".join(ch for ch in one_line(text) if not invisible(ch))
    return one_line(seen[:limit])


def clean_name(text: str) -> str:
    """``text`` as the table shows it; NameRefused says what is wrong with it."""
    name = one_line(unicodedata.normalize("NFKC", text))
    if any(map(invisible, name)):
        raise NameRefused(INVISIBLE_IN_NAME())
    name = name[:MAX_NAME_LENGTH].strip()
    if not any(ch.isalnum() for ch in name):
        raise NameRefused(NO_LETTERS_IN_NAME())
    alphabets = sorted({LOOK_ALIKE_SCRIPTS[s] for ch in name if ch.isalpha() and (s := _script(ch)) in LOOK_ALIKE_SCRIPTS},
                       key=lambda alphabet: alphabet.name)
    if len(alphabets) == len(Alphabet):
        raise NameRefused(MIXED_THREE_ALPHABETS(name=name))
    if len(alphabets) > 1:
        raise NameRefused(MIXED_ALPHABETS(name=name, first=alphabets[0], second=alphabets[1]))
    return name


def skeleton(name: str) -> str:
    """What ``name`` looks like: letters drawn alike made one, accents dropped, case folded.

    >>> skeleton("Hоstess") == skeleton("HOSTESS") == skeleton("Hostéss")
    True
    """
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    drawn = bare.translate(LOOK_ALIKES)
    for pair, letter in LOOK_ALIKE_PAIRS:
        drawn = drawn.replace(pair, letter)
    return drawn.casefold()


def looks_taken(name: str, names: Sequence[str]) -> bool:
    shape = skeleton(name)
    return any(skeleton(other) == shape for other in names)


def unique_name(name: str, taken: Sequence[str]) -> str:
    """``name``, or ``name 2``, ``name 3``... so no two people look alike at the table."""
    if not looks_taken(name, taken):
        return name
    for number in range(2, 10):
        candidate = f"{name[:MAX_NAME_LENGTH - 3]} {number}"
        if not looks_taken(candidate, taken):
            return candidate
    # Translators: the name of a friend whose own name looks like others' at the table.
    return _("Friend {number}").format(number=secrets.randbelow(1000))


def _script(ch: str) -> str:
    """The alphabet a letter belongs to, from its Unicode name (LATIN, GREEK, CYRILLIC...)."""
    return unicodedata.name(ch, "UNKNOWN").split(" ")[0]
