"""Room codes: what a friend types to take a seat, and the numbers that limit guessing.

A code is six characters from 30 that cannot be mistaken for one another when read aloud
or from a screen (no 0 or O, no 1, I or L, no U beside V), shown as ``K7M-Q2P``. There are 30**6 =
729,000,000 codes. The host compares at most one code a second with the table's, across
every address, once a burst of ``CHECK_BURST`` is spent: right or wrong, an address's first
guess included (``admission.CodeChecks``; a hello with a seat's token needs no code). Each
address also waits longer after each of its own wrong codes. So trying half the codes
would take 11.6 years, and an evening of three hours checks at most 10,820 codes, a chance
of 1 in 67,375 of hitting the table's.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Final

from ..language import _, n_

ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH: Final = 6
CODES: Final = len(ALPHABET) ** CODE_LENGTH

CHECK_BURST: Final = 20
"""Codes compared at once before the table-wide limit of ``CHECKS_PER_SECOND`` applies."""
CHECKS_PER_SECOND: Final = 1.0
FREE_TRIES_PER_ADDRESS: Final = 3
"""Wrong codes an address may send before it must wait (a typo or two is normal)."""
MAX_ADDRESS_WAIT: Final = 60.0


class CodeError(ValueError):
    """What is wrong with a typed code, in a sentence for the player."""


def new_code() -> str:
    """A fresh code from the operating system's secure random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def format_code(code: str) -> str:
    """``K7MQ2P`` as shown to people: ``K7M-Q2P``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def parse_code(text: str) -> str:
    """A typed code in its canonical form: any case, spaces and dashes ignored."""
    cleaned = "".join(ch for ch in text.upper() if ch not in " -\t")
    for ch in cleaned:
        if ch not in ALPHABET:
            if ch in "0O1IL":
                # Translators: {character} is a character the player typed, in quotes.
                raise CodeError(_("Room codes have no {character}: check the code on the host's screen.").format(
                    character=repr(ch)))
            raise CodeError(_("{character} is not in room codes: they use the letters and digits on the host's "
                              "screen.").format(character=repr(ch)))
    if len(cleaned) != CODE_LENGTH:
        raise CodeError(n_("A room code has {count} character, like K7M-Q2P.",
                           "A room code has {count} characters, like K7M-Q2P.", CODE_LENGTH).format(count=CODE_LENGTH))
    return cleaned


def codes_match(typed: str, code: str) -> bool:
    """Compare in constant time, so answer timing tells a guesser nothing."""
    return hmac.compare_digest(typed.encode(), code.encode())
