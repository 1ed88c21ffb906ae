"""Reading the table for moons: whose moon is still possible, and how real each seat's threat is.

A moon needs every moon card. It is over for a seat once another seat has won one, and it
is hopeless for us when a moon card we passed away is still in the receiver's hand with
nothing of ours above it in its suit: that player can always keep it out of our tricks
(play it on a trick of someone else's, or win with it), which any defender does. Running
the hearts, or taking the queen of spades, for such a moon only adds points.
"""

from __future__ import annotations

from ..engine import MoonScoring, PlayerView
from ..engine.cards import mask_of
from .heuristics import above_in_suit


def taken_masks(view: PlayerView) -> tuple[int, ...]:
    """Per seat: the cards it has won in the finished tricks."""
    taken = [0] * view.players
    for finished in view.tricks:
        taken[finished.winner] |= mask_of(finished.cards)
    return tuple(taken)


def kept_from_us(view: PlayerView) -> int:
    """Moon cards we passed that their receiver still holds and that no card of ours outranks:
    the receiver can keep each of them out of our tricks."""
    if view.passed is None:
        return 0
    t = view.rules.tables
    unseen = view.unseen_mask
    kept = 0
    for c in view.passed:
        if t.moon_mask >> c & 1 and unseen >> c & 1 and not view.hand & above_in_suit(c):
            kept |= 1 << c
    return kept


def moon_possible(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` can still take every moon card, as far as this view shows."""
    if view.rules.moon is MoonScoring.OFF:
        return False
    moon_mask = view.rules.tables.moon_mask
    for other, won in enumerate(taken_masks(view)):
        if other != seat and won & moon_mask:
            return False
    return seat != view.seat or not kept_from_us(view)
