"""Room codes: what a friend types to take a seat, and the limit on wrong guesses.

A code is six characters from 30 that cannot be mistaken for one another when read aloud
or from a screen (no 0 or O, no 1, I or L, no U beside V), shown as ``K7M-Q2P``. There are 30**6 =
729,000,000 codes. The host answers at most one wrong code a second across every address
once a burst of ``GLOBAL_BURST`` is spent, and each address waits longer after each of its
own wrong codes, so trying half the codes would take 11.6 years; an evening of three hours
at that rate tries 10,800 codes, a chance of 1 in 67,500 of hitting the table's.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import Final

ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH: Final = 6
CODES: Final = len(ALPHABET) ** CODE_LENGTH

GLOBAL_BURST: Final = 20
"""Wrong codes answered at once before the table-wide limit of one a second applies."""
GLOBAL_PER_SECOND: Final = 1.0
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
                raise CodeError(f"Room codes have no {ch!r}: check the code on the host's screen.")
            raise CodeError(f"{ch!r} is not in room codes: they use the letters and digits on the host's screen.")
    if len(cleaned) != CODE_LENGTH:
        raise CodeError(f"A room code has {CODE_LENGTH} characters, like K7M-Q2P.")
    return cleaned


def codes_match(typed: str, code: str) -> bool:
    """Compare in constant time, so answer timing tells a guesser nothing."""
    return hmac.compare_digest(typed.encode(), code.encode())


@dataclass
class WrongCodeLimiter:
    """Rate limit on wrong codes, per address and across the table; time is passed in.

    Each address gets ``FREE_TRIES_PER_ADDRESS`` wrong codes, then waits 2, 4, 8... seconds
    (at most a minute) before its next code is even checked. Across all addresses, wrong
    codes draw on a bucket of ``GLOBAL_BURST`` refilled at one a second: with it empty, an
    address that has already sent a wrong code is not checked at all, so many addresses
    together still guess at one code a second. An address that never guessed wrong is
    always checked, so a flood cannot lock a friend with the right code out.
    """

    tokens: float = GLOBAL_BURST
    last_refill: float = 0.0
    failures: dict[str, int] = field(default_factory=dict)
    next_try: dict[str, float] = field(default_factory=dict)

    def refusal(self, address: str, now: float) -> str | None:
        """Why a code from ``address`` will not be checked now, or None when it will be."""
        self._refill(now)
        wait = self.next_try.get(address, 0.0) - now
        if wait > 0:
            seconds = max(1, round(wait))
            return f"Too many wrong room codes: try again in {seconds} second{'s' if seconds > 1 else ''}."
        if address in self.failures and self.tokens < 1:
            return "Too many wrong room codes at this table: try again in a minute."
        return None

    def wrong(self, address: str, now: float) -> None:
        self._refill(now)
        self.tokens = max(0.0, self.tokens - 1)
        count = self.failures.get(address, 0) + 1
        self.failures[address] = count
        if count >= FREE_TRIES_PER_ADDRESS:
            self.next_try[address] = now + min(MAX_ADDRESS_WAIT, 2.0 ** (count - FREE_TRIES_PER_ADDRESS + 1))

    def right(self, address: str) -> None:
        self.failures.pop(address, None)
        self.next_try.pop(address, None)

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.last_refill)
        self.last_refill = now
        self.tokens = min(float(GLOBAL_BURST), self.tokens + elapsed * GLOBAL_PER_SECOND)
