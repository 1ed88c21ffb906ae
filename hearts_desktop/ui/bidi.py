"""The order a line of mixed directions is drawn in: the Unicode bidirectional algorithm
(UAX #9) for one line without explicit embeddings, which is every line the game draws.

Why here and not a library: the one maintained implementation for Python (python-bidi) is a
Rust extension without a pure wheel, and the Flatpak builds every compiled dependency from
source, offline. What a line of the game needs is the algorithm's weak and neutral rules
(W1-W7, N0-N2), its implicit levels (I1-I2) and its reordering (L2), about a page; the
tests hold the lines a Hebrew reader found drawn wrong when digits counted as letters.

Explicit embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) count as
neutrals: names typed by players lose them before they are shown, and translations hold
none.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from itertools import groupby
from typing import TypeVar

T = TypeVar("T")

SUIT_SYMBOLS = frozenset("♣♦♠♥♧♢♤♡")
"""Symbols with no direction of their own that belong to the rank before them: a card in a
right-to-left sentence reads "J♦", never "♦J"."""
NUMBERS = frozenset({"EN", "AN"})
SEPARATORS = frozenset({"ES", "CS"})
# Neutrals and isolate or embedding controls that rule N1 resolves from their neighbours.
NEUTRALS = frozenset({"B", "S", "WS", "ON", "BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


BRACKETS = {"(": ")", "[": "]", "{": "}", "⁅": "⁆", "⁽": "⁾", "₍": "₎", "⟨": "⟩", "〈": "〉"}
"""Opening brackets and their closing ones (the pairs of Unicode's BidiBrackets.txt that a
translation or a name may hold)."""
MAX_BRACKET_DEPTH = 63
"""BD16: past this many open brackets the rest of the line pairs none."""


def levels(text: str, right_to_left: bool) -> list[int]:
    """Each character's embedding level in a paragraph of that direction (even: drawn left to
    right, odd: right to left)."""
    base = 1 if right_to_left else 0
    start = "R" if right_to_left else "L"  # sos: the type before the first character
    types = [unicodedata.bidirectional(ch) or "L" for ch in text]
    for i in range(1, len(text)):  # the game's one higher-level rule: "J♦", "10♥" read as one
        if text[i] in SUIT_SYMBOLS and types[i - 1] in ("L", "EN", "AN"):
            types[i] = types[i - 1]
    _weak_types(types, start)
    _bracket_pairs(text, types, start)
    _neutral_types(types, start)
    result = []
    for kind in types:  # I1, I2
        if base == 0:
            result.append(1 if kind == "R" else 2 if kind in NUMBERS else 0)
        else:
            result.append(2 if kind in ("L", "EN", "AN") else 1)
    return result


def _weak_types(types: list[str], start: str) -> None:
    """Rules W1-W7, in place."""
    for i, kind in enumerate(types):  # W1: a mark takes the type of what it marks
        if kind == "NSM":
            types[i] = start if i == 0 else types[i - 1]
    last_strong = start
    for i, kind in enumerate(types):  # W2: a European number after Arabic letters is Arabic
        if kind in ("L", "R", "AL"):
            last_strong = kind
        elif kind == "EN" and last_strong == "AL":
            types[i] = "AN"
    for i, kind in enumerate(types):  # W3
        if kind == "AL":
            types[i] = "R"
    for i in range(1, len(types) - 1):  # W4: one separator between two numbers of a kind
        before, kind, after = types[i - 1], types[i], types[i + 1]
        if kind in SEPARATORS and before == after == "EN" or kind == "CS" and before == after == "AN":
            types[i] = before
    _terminators_join_numbers(types)  # W5
    for i, kind in enumerate(types):  # W6
        if kind in ("ES", "ET", "CS"):
            types[i] = "ON"
    last_strong = start
    for i, kind in enumerate(types):  # W7: a European number after Latin letters is Latin
        if kind in ("L", "R"):
            last_strong = kind
        elif kind == "EN" and last_strong == "L":
            types[i] = "L"


def _terminators_join_numbers(types: list[str]) -> None:
    """W5: signs such as %, + or € next to a European number are part of it."""
    for start, end in _stretches(types, lambda kind: kind == "ET"):
        if (start > 0 and types[start - 1] == "EN") or (end < len(types) and types[end] == "EN"):
            types[start:end] = ["EN"] * (end - start)


def _bracket_pairs(text: str, types: list[str], start: str) -> None:
    """N0: a pair of brackets takes the direction of what it encloses when that is the
    line's, else that of the text before it, so "(או Enter)" closes where it opened."""
    pairs = []
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        if types[i] != "ON":
            continue
        if ch in BRACKETS:
            if len(stack) == MAX_BRACKET_DEPTH:
                break
            stack.append((BRACKETS[ch], i))
        elif ch in BRACKETS.values():
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == ch:
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    for opening, closing in sorted(pairs):
        inside = {_as_strong(kind) for kind in types[opening + 1:closing] if kind not in NEUTRALS}
        if not inside:
            continue
        if start in inside:
            direction = start
        else:
            before = next((_as_strong(kind) for kind in reversed(types[:opening]) if kind not in NEUTRALS), start)
            direction = before if before in inside else start
        types[opening] = types[closing] = direction


def _neutral_types(types: list[str], start: str) -> None:
    """Rules N1-N2: spaces and punctuation between two runs of one direction take it (numbers
    count as right to left), the others the paragraph's."""
    for first, end in _stretches(types, lambda kind: kind in NEUTRALS):
        before = _as_strong(types[first - 1]) if first > 0 else start
        after = _as_strong(types[end]) if end < len(types) else start
        types[first:end] = [before if before == after else start] * (end - first)


def _stretches(items: Sequence[T], belongs: Callable[[T], bool]) -> list[tuple[int, int]]:
    """Where ``items`` hold a stretch of ones that ``belongs``: each as (first, past its last),
    left to right, found before any is changed (changing one never moves another's ends)."""
    stretches = []
    index = 0
    for inside, group in groupby(items, key=belongs):
        length = sum(1 for _ in group)
        if inside:
            stretches.append((index, index + length))
        index += length
    return stretches


def _as_strong(kind: str) -> str:
    return "R" if kind in ("R", "EN", "AN") else "L"


def visual_runs(text: str, right_to_left: bool) -> list[tuple[str, bool]]:
    """``text`` cut into runs of one level, in the order they are drawn from the left; each
    run in its own (logical) order with whether it reads right to left, for the shaper
    (rule L2 on runs: the characters of a right-to-left run are reversed by shaping it)."""
    if not text:
        return [("", right_to_left)]
    runs = [("".join(ch for ch, _ in group), level)
            for level, group in groupby(zip(text, levels(text, right_to_left)), key=lambda pair: pair[1])]
    highest = max(level for _, level in runs)
    lowest_odd = min((level for _, level in runs if level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        for first, end in _stretches([run_level >= level for _, run_level in runs], bool):
            runs[first:end] = runs[first:end][::-1]
    return [(run, level % 2 == 1) for run, level in runs]
