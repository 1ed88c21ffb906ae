"""Facts a sentence may state, each proved from the player's view alone.

The hint and the coach explain a choice with facts the player can check: who is out of a
suit, what is still out, which cards are the highest of a suit or of the hand, whether the
queen of spades is still out. Each fact is computed here, once, from what the view shows,
so a sentence never states what the view cannot prove (a player who has shown no spade
cannot hold the queen; a queen already played is not "still out"). The claim checker of
``benchmarks/claims.py`` reads every sentence back against the view.
"""

from __future__ import annotations

from ..engine import Card, PlayerView
from ..engine.cards import QUEEN_OF_SPADES, RANKS_PER_SUIT, SUIT_MASKS
from .knowledge import Knowledge

HIGH_RANK = 8
"""The ten and above (ranks count from the two at 0): cards that win tricks, as a sentence
calls them high."""


def shown_void(view: PlayerView, seat: int, suit: int) -> bool:
    """Whether ``seat`` has shown it holds no card of ``suit`` (it did not follow it)."""
    return Knowledge.from_view(view).is_void(seat, suit)


def still_out(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` has not been played and is not ours: someone else holds it (or the kitty)."""
    return bool(view.unseen_mask >> card & 1)


def queen_still_out(view: PlayerView) -> bool:
    return still_out(view, Card(QUEEN_OF_SPADES))


def could_hold(view: PlayerView, seat: int, card: Card) -> bool:
    """Whether what the view shows leaves ``card`` possibly in ``seat``'s hand (not a card
    we passed to another seat, which holds it still)."""
    knowledge = Knowledge.from_view(view)
    elsewhere = any(known >> card & 1 for other, known in enumerate(knowledge.known) if other != seat)
    return bool(knowledge.allowed[seat] >> card & 1) and not elsewhere


def higher_out(view: PlayerView, card: Card) -> int:
    """How many cards of ``card``'s suit above it are still out."""
    return (suit_out(view, card // RANKS_PER_SUIT) >> (card + 1)).bit_count()


def suit_out(view: PlayerView, suit: int) -> int:
    """The cards of ``suit`` still out (0: nobody else holds the suit)."""
    return view.unseen_mask & SUIT_MASKS[suit]


def highest_of_hand(hand: int, cards: tuple[Card, ...]) -> bool:
    """Whether ``cards`` rank at least as high as every other card of ``hand`` (any suit)."""
    lowest = min(c % RANKS_PER_SUIT for c in cards)
    chosen = sum(1 << c for c in cards)
    others = hand & ~chosen
    return all(c % RANKS_PER_SUIT <= lowest for c in range(others.bit_length()) if others >> c & 1)


def above_the_rest(hand: int, cards: tuple[Card, ...]) -> bool:
    """Whether each of ``cards`` ranks above every card of its suit that ``hand`` keeps
    without them (the highest hearts of a hand, say)."""
    kept = hand & ~sum(1 << c for c in cards)
    return all(not kept & SUIT_MASKS[c // RANKS_PER_SUIT] & ~((1 << c) - 1) for c in cards)


def highest_in_suit(hand: int, card: Card) -> bool:
    """Whether ``card`` is the highest of its suit in ``hand``."""
    return not hand & SUIT_MASKS[card // RANKS_PER_SUIT] & ~((2 << card) - 1)


def points_still_out(view: PlayerView) -> bool:
    """Whether any card worth points is still out (someone could still throw one)."""
    points = view.rules.tables.points
    unseen = view.unseen_mask
    return any(points[c] > 0 for c in range(unseen.bit_length()) if unseen >> c & 1)


def sole_taker(view: PlayerView) -> int | None:
    """The one seat that has taken every point card so far (None: none, or more than one)."""
    takers = [s for s, p in enumerate(view.points_taken) if p > 0]
    return takers[0] if len(takers) == 1 else None


def points_on_trick(view: PlayerView) -> int:
    points = view.rules.tables.points
    return sum(points[c] for c in view.trick)


def plays_last(view: PlayerView) -> bool:
    return len(view.trick) == view.players - 1


def later_seats(view: PlayerView) -> tuple[int, ...]:
    """The seats still to play to the current trick after us."""
    return tuple((view.seat + k) % view.players for k in range(1, view.players - len(view.trick)))
