"""Cards, suits and ranks, and the bit masks the engine computes with.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank``, suits ordered clubs, diamonds,
spades, hearts (the order RULES.md sorts card lists in) and ranks from two (0) to ace (12).
A set of cards is an ``int`` bit mask, so a hand, a suit or the legal set costs one
machine word and set operations are single instructions. ``Card`` is an ``int`` subclass
with one cached instance per card, so it prints as ``"QS"`` yet compares and indexes as
the plain number the hot loops use.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from ..compiler import mypyc_attr
from ..language import N_, _, p_


class Suit(IntEnum):
    """The four suits, in the engine's (and RULES.md's sorting) order."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return "♣♦♠♥"[self]

    @property
    def label(self) -> str:
        """The suit's name in the player's language, as a sentence says it (``spades``)."""
        return _(SUIT_NAMES[self])


SUIT_LETTERS: Final = "CDSH"
RANK_LETTERS: Final = "23456789TJQKA"
RANK_NAMES: Final = (
    # Translators: a card's rank, filling {rank} in "{rank} of {suit}" (the "queen" of spades).
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"),
    N_("ten"), N_("jack"), N_("queen"), N_("king"), N_("ace"),
)
"""The ranks' names in English, two first; ``rank_name`` says one in the player's language."""
RANKS_WITH_ARTICLE: Final = (
    # Translators: a card with its article, as a sentence names it ("Lead the queen of spades."): one
    # message per rank, so the article (or the case ending) agrees with the rank; {suit} is a suit
    # ("spades"). Every sentence that names a card leaves the article to these messages.
    N_("the two of {suit}"), N_("the three of {suit}"), N_("the four of {suit}"), N_("the five of {suit}"),
    N_("the six of {suit}"), N_("the seven of {suit}"), N_("the eight of {suit}"), N_("the nine of {suit}"),
    N_("the ten of {suit}"), N_("the jack of {suit}"), N_("the queen of {suit}"), N_("the king of {suit}"),
    N_("the ace of {suit}"),
)
"""A card as a sentence names it, with its article, by rank; ``Card.with_article`` says one."""
# Translators: a suit, filling {suit} in "{rank} of {suit}" and "You must follow {suit}.".
SUIT_NAMES: Final = (N_("clubs"), N_("diamonds"), N_("spades"), N_("hearts"))
"""The suits' names in English, in the engine's order; ``Suit.label`` says one translated."""
NUM_CARDS: Final = 52
RANKS_PER_SUIT: Final = 13
SUIT_BITS: Final = (1 << RANKS_PER_SUIT) - 1
FULL_DECK: Final = (1 << NUM_CARDS) - 1


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of int as a native class
class Card(int):
    """One playing card; construct with ``Card.parse("QS")`` or ``CARDS[index]``."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return Suit(self // RANKS_PER_SUIT)

    @property
    def rank(self) -> int:
        """0 for a two up to 12 for an ace."""
        return self % RANKS_PER_SUIT

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def name(self) -> str:
        """Plain words for messages, in the player's language: ``"queen of spades"``."""
        # Translators: a card's name, e.g. "queen of spades"; {rank} is "queen", {suit} is "spades".
        return p_("card", "{rank} of {suit}").format(rank=rank_name(self.rank), suit=self.suit.label)

    @property
    def with_article(self) -> str:
        """The card as a sentence names it, article and all (``"the queen of spades"``), in the
        player's language: a sentence puts no article of its own before a card, since in many
        languages the article agrees with the rank."""
        return _(RANKS_WITH_ARTICLE[self.rank]).format(suit=self.suit.label)

    @property
    def label(self) -> str:
        """The card as a sentence's value names it, article and all (a ``Phrase`` says every
        word by its label)."""
        return self.with_article

    def __str__(self) -> str:
        return RANK_LETTERS[self % RANKS_PER_SUIT] + SUIT_LETTERS[self // RANKS_PER_SUIT]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the two-character notation (``"QS"``, ``"th"``); raise ValueError otherwise."""
        cleaned = text.strip().upper()
        if len(cleaned) != 2 or cleaned[0] not in RANK_LETTERS or cleaned[1] not in SUIT_LETTERS:
            raise ValueError(
                f"{text!r} is not a card: use a rank from {RANK_LETTERS} then a suit from "
                f"{SUIT_LETTERS}, e.g. 'QS'"
            )
        return CARDS[SUIT_LETTERS.index(cleaned[1]) * RANKS_PER_SUIT + RANK_LETTERS.index(cleaned[0])]


def rank_name(rank: int) -> str:
    """A rank's name in the player's language (0 is ``two``, 12 is ``ace``)."""
    return _(RANK_NAMES[rank])


CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(NUM_CARDS))


def card(text: str) -> Card:
    """Shorthand for ``Card.parse`` used by tests and scripts."""
    return Card.parse(text)


def suit_mask(suit: int) -> int:
    return SUIT_BITS << (suit * RANKS_PER_SUIT)


SUIT_MASKS: Final[tuple[int, ...]] = tuple(suit_mask(s) for s in range(4))
HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]
QUEEN_OF_SPADES: Final = Card.parse("QS")
KING_OF_SPADES: Final = Card.parse("KS")
ACE_OF_SPADES: Final = Card.parse("AS")
JACK_OF_DIAMONDS: Final = Card.parse("JD")
TWO_OF_CLUBS: Final = Card.parse("2C")
TWO_OF_DIAMONDS: Final = Card.parse("2D")

# The cards of each 13-bit suit pattern, per suit: turning a mask into cards is then four
# table look-ups instead of a loop over 52 bits (bots do this millions of times). A pattern's
# entry is made the first time it is met: making all 32,768 at import took 15 ms of the
# window's start-up, which turns a few dozen masks into cards before its first frame.
_SUIT_PATTERN_CARDS: Final[tuple[list[tuple[Card, ...] | None], ...]] = tuple(
    [(), *[None] * ((1 << RANKS_PER_SUIT) - 1)] for _ in range(4))  # the empty pattern made


def _cards_making_patterns(mask: int) -> tuple[Card, ...]:
    """``cards_of`` when one of the mask's suit patterns is not in the table yet."""
    cards: tuple[Card, ...] = ()
    for suit in range(4):
        cards += suit_cards(suit, mask >> suit * RANKS_PER_SUIT & SUIT_BITS)
    return cards


def suit_cards(suit: int, pattern: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit pattern (``mask >> suit * 13 & SUIT_BITS``): for a set
    known to lie in one suit, one look-up where ``cards_of`` makes four.

    Made (and kept) as the pattern without its highest card plus that card: a new pattern
    then costs one join, as most of its shorter ones are already made (a fresh process
    meets thousands in its first hands)."""
    table = _SUIT_PATTERN_CARDS[suit]
    made = table[pattern]
    if made is None:
        top = pattern.bit_length() - 1
        made = table[pattern] = suit_cards(suit, pattern ^ 1 << top) + (CARDS[suit * RANKS_PER_SUIT + top],)
    return made


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted by suit (C, D, S, H) then rank."""
    clubs, diamonds, spades, hearts = _SUIT_PATTERN_CARDS
    in_clubs = clubs[mask & SUIT_BITS]
    in_diamonds = diamonds[mask >> 13 & SUIT_BITS]
    in_spades = spades[mask >> 26 & SUIT_BITS]
    in_hearts = hearts[mask >> 39 & SUIT_BITS]
    if in_clubs is None or in_diamonds is None or in_spades is None or in_hearts is None:
        return _cards_making_patterns(mask)
    # Joined only where a suit has cards: a legal set is mostly one suit (following), and
    # then it is the table's own tuple, with no call to join an empty one.
    cards = in_clubs
    if in_diamonds:
        cards = cards + in_diamonds if cards else in_diamonds
    if in_spades:
        cards = cards + in_spades if cards else in_spades
    if in_hearts:
        cards = cards + in_hearts if cards else in_hearts
    return cards


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from ``"QS KS 2H"`` (spaces or commas) or from a list of card strings."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(w) for w in words)


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(str(CARDS[c]) for c in cards)


def iter_bits(mask: int) -> Iterator[int]:
    """Card indices of a mask, lowest first, for code that is not on a hot path."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest_card(mask: int) -> int:
    """The lowest card index in a non-empty mask (lowest suit first, then rank)."""
    return (mask & -mask).bit_length() - 1

