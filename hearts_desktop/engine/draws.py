"""Python's random draws (``shuffle``, ``sample``, ``choice``) written out over the same
random bits in the same order, so a seeded hand deals and draws exactly as the library would.

Why: the library's methods are interpreted Python, and in the compiled build (``setup.py``)
they cost more than the engine work around them (a deal's shuffle made 51 calls into
``random.py``). Each function here equals its library method: the same ``getrandbits``
calls in the same order, so the generator is left in the same state too
(``tests/test_draws.py`` checks them against this Python's ``random``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """``rng._randbelow(n)`` given ``rng.getrandbits`` (looked up once by the caller: the
    lookup costs as much as the draw): a number from 0 to ``n - 1``, ``n`` at least 1."""
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, in place."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        j = below(getrandbits, i + 1)
        items[i], items[j] = items[j], items[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)`` for a population of at most 21 (any hand of cards):
    the library draws from larger ones another way."""
    size = len(population)
    if not 0 <= k <= size <= 21:
        raise ValueError("sample draws as the library does only k of at most 21 items")
    getrandbits = rng.getrandbits
    pool = list(population)
    drawn = []
    for left in range(size, size - k, -1):
        pick = below(getrandbits, left)
        drawn.append(pool[pick])
        pool[pick] = pool[left - 1]
    return drawn


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)`` from a non-empty sequence."""
    return items[below(rng.getrandbits, len(items))]
