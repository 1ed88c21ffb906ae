"""Card sense shared by the rule-based players, computed on bit masks.

A decision is made from a ``Position``: what one seat knows when it must play, flattened
to plain masks and tuples. Built from a ``PlayerView`` (``position_from_view``) it holds
exactly the view's information plus the deductions of ``Knowledge``; built from a
simulated ``HandState`` (``position_from_state``) it lets a search bot use the same
players as a fast playout policy without building a view for every card.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import HandState, MoonScoring, PlayerView
from ..engine.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, RANKS_PER_SUIT, SUIT_MASKS, Suit, iter_bits
from ..engine.rules import RuleTables
from .knowledge import Knowledge

SPADES_MASK = SUIT_MASKS[Suit.SPADES]
QUEEN_BIT = 1 << QUEEN_OF_SPADES
JACK_BIT = 1 << JACK_OF_DIAMONDS


class Position(NamedTuple):
    """What the seat to play knows, as masks (a NamedTuple: cheap to build in playouts)."""

    t: RuleTables
    moon_on: bool
    """Whether taking every penalty card scores as a moon under these rules."""
    seat: int
    hand: int
    legal: int
    trick: tuple[int, ...]
    """Cards of the current trick in play order (empty when we lead)."""
    leader: int
    tricks_played: int
    unseen: int
    """Cards we have not seen: in other hands or lying in the face-down kitty."""
    allowed: tuple[int, ...]
    """Per seat: the unseen cards it could hold (ours: our hand)."""
    taken: tuple[int, ...]
    """Per seat: the cards we have seen it win in tricks."""
    counts: tuple[int, ...]
    """Per seat: cards still in hand."""
    kitty_hidden: int
    """Face-down kitty cards that will go to the winner of the current trick (first trick only)."""

    @property
    def players(self) -> int:
        return len(self.allowed)

    def later_seats(self) -> range:
        """Offsets of the seats still to play to this trick after us."""
        return range(1, self.players - len(self.trick))


def position_from_view(view: PlayerView) -> Position:
    """The seat's knowledge from its view alone (voids, passed cards, first-trick dumps)."""
    knowledge = Knowledge.from_view(view)
    n = view.players
    known_anywhere = 0
    for seat in range(n):
        if seat != view.seat:
            known_anywhere |= knowledge.known[seat]
    allowed = tuple(
        knowledge.hand if seat == view.seat
        else (knowledge.allowed[seat] & ~known_anywhere) | knowledge.known[seat]
        for seat in range(n)
    )
    taken = [0] * n
    for finished in view.tricks:
        for c in finished.cards:
            taken[finished.winner] |= 1 << c
    return Position(
        t=view.rules.tables,
        moon_on=view.rules.moon is not MoonScoring.OFF,
        seat=view.seat,
        hand=view.hand,
        legal=view.legal,
        trick=tuple(view.trick),
        leader=view.leader,
        tricks_played=len(view.tricks),
        unseen=knowledge.unseen,
        allowed=allowed,
        taken=tuple(taken),
        counts=view.cards_left,
        kitty_hidden=knowledge.kitty_hidden if not view.tricks else 0,
    )


def position_from_state(state: HandState) -> Position:
    """The position of the seat to play in a simulated hand, reading only its own cards.

    Playouts know no voids (every other seat may hold any unseen card); the kitty counts as
    seen once taken, which is what its taker knows.
    """
    seat = state.turn
    hand = state.hands[seat]
    seen = state.trick_mask
    for won in state.taken:
        seen |= won
    t = state.t
    unseen = t.deck & ~hand & ~seen
    return Position(
        t=t,
        moon_on=state.rules.moon is not MoonScoring.OFF,
        seat=seat,
        hand=hand,
        legal=state.legal_mask(),
        trick=tuple(state.trick),
        leader=state.leader,
        tricks_played=state.tricks_played,
        unseen=unseen,
        allowed=tuple(hand if s == seat else unseen for s in range(state.n)),
        taken=tuple(state.taken),
        counts=tuple(h.bit_count() for h in state.hands),
        kitty_hidden=t.kitty_size if state.tricks_played == 0 else 0,
    )


# ----------------------------------------------------------------- cards and tricks


def suit_mask_of(c: int) -> int:
    """Mask of every card of ``c``'s suit."""
    return SUIT_MASKS[c // RANKS_PER_SUIT]


def below_in_suit(c: int) -> int:
    """Mask of the cards of ``c``'s suit ranked below it."""
    return (1 << c) - (1 << (c - c % RANKS_PER_SUIT))


def above_in_suit(c: int) -> int:
    """Mask of the cards of ``c``'s suit ranked above it."""
    return suit_mask_of(c) & ~((2 << c) - 1)


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def masters(mask: int, unseen: int) -> int:
    """The cards of ``mask`` that no unseen card outranks: led, they win for sure."""
    sure = 0
    for suit in SUIT_MASKS:
        mine = mask & suit
        if mine:
            top = highest(unseen & suit)
            sure |= mine & ~((2 << top) - 1) if top >= 0 else mine
    return sure


def winning_card(trick: tuple[int, ...]) -> int:
    """The card currently winning a non-empty trick: the highest of the led suit."""
    suit = suit_mask_of(trick[0])
    mask = 0
    for c in trick:
        mask |= 1 << c
    return highest(mask & suit)


def discard_priority(t: RuleTables, c: int, hand: int, unseen: int) -> float:
    """How keen we are to throw ``c`` away when void in the led suit (highest first).

    The queen first; then the ace and king of spades while the queen is out (they would
    catch her); then high hearts (face value under spot scoring) and high cards of short
    suits, which win tricks later. The jack of diamonds is a prize when it counts, so we
    keep it, and high diamonds that can still catch it.
    """
    suit, rank = divmod(c, RANKS_PER_SUIT)
    points = t.points[c]
    if c == QUEEN_OF_SPADES:
        return 200.0 + points
    if points < 0:
        return -100.0
    if suit == Suit.SPADES and c > QUEEN_OF_SPADES and unseen & QUEEN_BIT:
        return 100.0 + rank + points
    if suit == Suit.HEARTS:
        score = 3.0 * rank + 2 * points
    else:
        score = 2.0 * rank + 3 * points
    if t.jack_bonus and suit == Suit.DIAMONDS and c > JACK_OF_DIAMONDS and unseen & JACK_BIT:
        score -= 8
    length = (hand & SUIT_MASKS[suit]).bit_count()
    if length < 4:
        score += 2 * (4 - length)
    return score


def best_discard(t: RuleTables, candidates: int, hand: int, unseen: int) -> int:
    """The candidate we most want to be rid of (see ``discard_priority``)."""
    return max(iter_bits(candidates), key=lambda c: discard_priority(t, c, hand, unseen))


def non_penalty(t: RuleTables, mask: int) -> int:
    """The cards of a mask that cost nothing to whoever takes them (or the mask, if none)."""
    safe = mask & ~t.penalty_mask
    return safe or mask


