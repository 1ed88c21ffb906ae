"""Medium: a solid rule-based player of the kind a club player would recognise.

It passes to protect itself, ducks under the winning card, drops the queen (or its
costliest card) under another player's winning card when it cannot win the trick (the queen
under another's higher spade even when it could), throws the queen and high hearts away
when void, counts the cards that are gone and the suits each player has shown void in,
stops another player's moon, and shoots only with a very strong hand. It
reads the active variant from the rule tables: card values (spot hearts, Black Maria
spades), the jack of diamonds' bonus, first-trick points, the kitty.

Every card choice is an estimate of the points it will cost: for a card that could win
the trick, the chance that it holds times what the trick will hold by then (what is in
it already, the kitty on the first trick, the hearts followers must add, the queen a
later player may drop on a high spade, what a player void in the suit may throw). Ties
go to shedding the higher card.

The decision functions work on a ``Position`` of masks and cost tens of microseconds,
so search bots can use them as their playout policy:
``medium_play(position_from_state(state))`` chooses the card for the seat to play in a
simulated ``HandState``; ``medium_pass(rules.tables, hand, moon_on)`` chooses a pass.
"""

from __future__ import annotations

import random

from ..compiler import mypyc_attr
from ..engine import CARDS, Card, MoonScoring, PlayerView
from ..engine.cards import (
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Suit,
    iter_bits,
)
from ..engine.rules import CARDS_PASSED, RuleTables
from ..words import Level
from .base import Bot, Cancel, SeatLevels, never_cancel
from .heuristics import (
    QUEEN_BIT,
    SPADES_MASK,
    Position,
    above_in_suit,
    below_in_suit,
    best_discard,
    highest,
    lowest,
    masters,
    non_penalty,
    position_from_view,
    suit_mask_of,
    winning_card,
)

SHED_WEIGHT = 0.02
"""Expected points we accept per rank to get rid of a high card while it is safe."""
VOID_DUMP_SHARE = 0.6
"""Share of its worst penalty card a player void in the led suit is expected to throw."""
JACK_GIFT = 5.0
"""Cost of letting an opponent win our jack of diamonds (their -10 is our relative loss)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: tests and tools extend it
class MediumBot(Bot):
    level = Level.MEDIUM

    def choose_pass(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel
    ) -> tuple[Card, ...]:
        moon_on = view.rules.moon is not MoonScoring.OFF
        return tuple(CARDS[c] for c in medium_pass(view.rules.tables, view.hand, moon_on))

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        return CARDS[medium_play(position_from_view(view))]


# ----------------------------------------------------------------- passing


def medium_pass(t: RuleTables, hand: int, moon_on: bool) -> tuple[int, ...]:
    """Three cards to pass, least dangerous first (scatter gives the last to our right).

    Our right-hand neighbour plays before us, so the queen passed there cannot be dropped
    on our high spade without our seeing her first.
    """
    unseen = t.deck & ~hand
    if moon_on and count_losers(hand, unseen) <= CARDS_PASSED:
        # A moon hand: pass the cards most likely to lose a trick, then the lowest cards
        # that cost nothing; keep the penalty cards we mean to take.
        weakest = sorted(
            iter_bits(hand),
            key=lambda c: (-(unseen & above_in_suit(c)).bit_count(), t.points[c] > 0, c % RANKS_PER_SUIT),
        )
        return tuple(reversed(weakest[:CARDS_PASSED]))
    chosen: list[tuple[float, int]] = []
    remaining = hand
    for _ in range(CARDS_PASSED):
        score, c = max(
            (pass_priority(t, c, hand) + _void_bonus(c, remaining), c) for c in iter_bits(remaining)
        )
        chosen.append((score, c))
        remaining &= ~(1 << c)
    return tuple(c for _, c in sorted(chosen))


def pass_priority(t: RuleTables, c: int, hand: int) -> float:
    """How much we want to pass ``c`` away (highest first).

    The queen goes unless at least three lower spades guard her; the ace and king of spades
    go when they could catch a queen we do not keep; low spades stay as guards; high hearts
    and high cards go; the jack of diamonds (when it counts) and the diamonds that can
    catch it stay.
    """
    suit, rank = divmod(c, RANKS_PER_SUIT)
    points = t.points[c]
    if points < 0:
        return -100.0
    guards = (hand & SPADES_MASK & below_in_suit(QUEEN_OF_SPADES)).bit_count()
    keeps_queen = bool(hand & QUEEN_BIT) and guards >= 3
    if c == QUEEN_OF_SPADES:
        return -20.0 if keeps_queen else 150.0
    if suit == Suit.SPADES:
        if c < QUEEN_OF_SPADES:
            return rank - 20.0
        if keeps_queen or (not hand & QUEEN_BIT and guards >= 4):
            return 2.0 * rank + 3 * points
        return 90.0 + rank + 3 * points
    if suit == Suit.HEARTS:
        return 3.0 * rank + 2 * points - 4
    if t.jack_bonus and suit == Suit.DIAMONDS and c > JACK_OF_DIAMONDS:
        return 2.0 * rank - 10
    return 2.0 * rank


def _void_bonus(c: int, remaining: int) -> float:
    """Extra wish to pass the last few cards of a side suit, so we can discard in it later."""
    suit = c // RANKS_PER_SUIT
    if suit not in (Suit.CLUBS, Suit.DIAMONDS):
        return 0.0
    length = (remaining & SUIT_MASKS[suit]).bit_count()
    return 6.0 * (4 - length) if length < 4 else 0.0


# ----------------------------------------------------------------- playing


def medium_play(pos: Position) -> int:
    """The card Medium plays in ``pos``."""
    legal = pos.legal
    if not legal & (legal - 1):
        return lowest(legal)
    if chasing_moon(pos):
        return _chase_moon(pos)
    shooter = moon_threat(pos)
    if not pos.trick:
        return _lead(pos, shooter)
    if legal & suit_mask_of(pos.trick[0]):
        return _follow(pos, shooter)
    return _discard(pos, shooter)


def count_losers(hand: int, unseen: int) -> int:
    """Our cards likely to lose a trick: those outranked by more unseen cards of their suit
    than we hold above them (an optimistic count, used to judge a moon hand)."""
    losers = 0
    for suit in SUIT_MASKS:
        mine = hand & suit
        ours_above = 0
        while mine:
            c = highest(mine)
            mine ^= 1 << c
            if (unseen & above_in_suit(c)).bit_count() > ours_above:
                losers += 1
            ours_above += 1
    return losers


def chasing_moon(pos: Position) -> bool:
    """Whether to go for the moon: no opponent has taken a moon card and we hold at most
    one likely loser (none in the last few cards)."""
    if not pos.moon_on:
        return False
    moon_mask = pos.t.moon_mask
    for seat, won in enumerate(pos.taken):
        if seat != pos.seat and won & moon_mask:
            return False
    allowed_losers = 1 if pos.hand.bit_count() > 4 else 0
    return count_losers(pos.hand, pos.unseen) <= allowed_losers


def moon_threat(pos: Position) -> int | None:
    """The opponent who has taken every penalty card so far, when that looks like a moon.

    Half the penalty points by mid-hand, three quarters at any time, or a third once 70% of
    the tricks are played.
    """
    if not pos.moon_on:
        return None
    t = pos.t
    holder = None
    for seat, won in enumerate(pos.taken):
        if won & t.penalty_mask:
            if holder is not None:
                return None
            holder = seat
    if holder is None or holder == pos.seat:
        return None
    share = t.points_in(pos.taken[holder] & t.penalty_mask) / t.penalty_total
    progress = pos.tricks_played / t.tricks_per_hand
    if share >= 0.75 or (share >= 0.5 and progress >= 0.5) or (share >= 0.3 and progress >= 0.7):
        return holder
    return None


def _chase_moon(pos: Position) -> int:
    """Win every trick: lead sure winners, beat the trick when we can, discard low cards."""
    legal = pos.legal
    if not pos.trick:
        sure = masters(legal, pos.unseen)
        if sure:
            # The suit with the most cards out first: each trick draws out more of them.
            return max(iter_bits(sure), key=lambda c: ((pos.unseen & suit_mask_of(c)).bit_count(), c))
        longest = max(SUIT_MASKS, key=lambda suit: (legal & suit).bit_count())
        return highest(legal & longest)
    led = suit_mask_of(pos.trick[0])
    if legal & led:
        over = legal & above_in_suit(winning_card(pos.trick))
        return highest(over) if over else lowest(legal)
    return min(iter_bits(non_penalty(pos.t, legal)), key=lambda c: c % RANKS_PER_SUIT)


def _lead(pos: Position, shooter: int | None) -> int:
    legal = pos.legal
    if shooter is not None:
        master_hearts = masters(legal & HEARTS_MASK, pos.unseen)
        if master_hearts:
            return highest(master_hearts)
    hand = pos.hand
    queen_out = bool(pos.unseen & QUEEN_BIT)
    high_spades = hand & above_in_suit(QUEEN_OF_SPADES)

    def lead_cost(c: int) -> float:
        suit = c // RANKS_PER_SUIT
        cost = _win_cost(pos, c, 0.0) - SHED_WEIGHT * (c % RANKS_PER_SUIT)
        cost += 0.05 * (hand & SUIT_MASKS[suit]).bit_count()  # short suits first: voids
        if suit == Suit.SPADES:
            if hand & QUEEN_BIT:
                cost += 10.0 if c == QUEEN_OF_SPADES else 1.5  # keep her guards
            elif queen_out and c < QUEEN_OF_SPADES:
                cost += 0.3 if high_spades else -0.5  # flush the queen out unless we could catch her
        return cost

    return min(iter_bits(legal), key=lead_cost)


def _follow(pos: Position, shooter: int | None) -> int:
    t = pos.t
    legal = pos.legal
    trick_mask = 0
    for c in pos.trick:
        trick_mask |= 1 << c
    winner = winning_card(pos.trick)
    over = legal & above_in_suit(winner)
    if shooter is not None:
        if over and (trick_mask & t.penalty_mask or legal & HEARTS_MASK):
            return highest(over)  # take a point card ourselves: it stops the moon
        if _shooter_may_win(pos, shooter, winner):
            legal = non_penalty(t, legal)
    if not over:  # another player takes this trick whatever we play: the queen goes under it now
        return max(iter_bits(legal), key=lambda c: (t.points[c], c))
    if legal & QUEEN_BIT and winner > QUEEN_OF_SPADES and t.points[QUEEN_OF_SPADES] > 0:
        return QUEEN_OF_SPADES  # under another's higher spade she is theirs; winning with the ace keeps her
    trick_points = t.points_in(trick_mask)

    def follow_cost(c: int) -> float:
        if c > winner:
            cost = _win_cost(pos, c, trick_points)
        else:
            cost = JACK_GIFT if c == JACK_OF_DIAMONDS and t.jack_bonus else 0.0
        return cost - SHED_WEIGHT * (c % RANKS_PER_SUIT)

    return min(iter_bits(legal), key=follow_cost)


def _discard(pos: Position, shooter: int | None) -> int:
    t = pos.t
    legal = pos.legal
    if shooter is not None:
        if _shooter_may_win(pos, shooter, winning_card(pos.trick)):
            legal = non_penalty(t, legal)
        elif legal & t.penalty_mask:
            return max(iter_bits(legal & t.penalty_mask), key=lambda c: (t.points[c], c))
    return best_discard(t, legal, pos.hand, pos.unseen)


def _shooter_may_win(pos: Position, shooter: int, winner: int) -> bool:
    """Whether the moon shooter is winning this trick or still to play to it."""
    n = pos.players
    if (pos.leader + pos.trick.index(winner)) % n == shooter:
        return True
    return any((pos.seat + offset) % n == shooter for offset in pos.later_seats())


def _win_cost(pos: Position, c: int, trick_points: float) -> float:
    """Expected points we take by playing ``c``, which beats every card played so far.

    The chance it holds: each later player who could hold a higher card of the suit is
    forced over it only when all their cards of the suit are higher (players duck when
    they can). What we then take: the trick so far, our own card, the kitty on the first
    trick, a heart from every follower on a heart lead, a penalty card of the suit a later
    player may drop under our card (the queen under a high spade), and what a player void
    in the suit is likely to throw.
    """
    t = pos.t
    n = pos.players
    suit_mask = suit_mask_of(c)
    unseen = pos.unseen
    out = unseen & suit_mask
    out_count = out.bit_count()
    above = out & above_in_suit(c)
    unseen_count = unseen.bit_count() or 1
    p_void_base = 1.0 - out_count / unseen_count
    heart_lead = suit_mask == HEARTS_MASK
    follow_add = t.points_in(out) / out_count if heart_lead and out_count else 0.0
    first_trick_clean = pos.tricks_played == 0 and t.first_trick_forbidden
    p_hold = 1.0
    added = 0.0
    forced = 0.0
    if above:
        holders = sum(1 for allowed in pos.allowed if allowed & out) or 1
        forced = (above.bit_count() / out_count) ** max(1.0, out_count / holders)
    for offset in pos.later_seats():
        seat = (pos.seat + offset) % n
        allowed = pos.allowed[seat]
        if allowed & out:
            p_void = p_void_base ** pos.counts[seat]
            if allowed & above:
                p_hold *= 1.0 - (1.0 - p_void) * forced
        else:
            p_void = 1.0
        dump = 0.0 if first_trick_clean else VOID_DUMP_SHARE * _worst_penalty(t, allowed)
        added += p_void * dump + (1.0 - p_void) * follow_add
    if not heart_lead:
        added += _dropped_penalties(pos, out & below_in_suit(c) & t.penalty_mask)
    if pos.kitty_hidden:
        added += pos.kitty_hidden * t.points_in(unseen) / unseen_count
    return p_hold * (trick_points + t.points[c] + added)


def _worst_penalty(t: RuleTables, cards: int) -> int:
    """The most a player could throw from ``cards`` (the queen outweighs any other card)."""
    if cards & QUEEN_BIT:
        return t.points[QUEEN_OF_SPADES]
    return max((t.points[c] for c in iter_bits(cards & t.penalty_mask)), default=0)


def _dropped_penalties(pos: Position, penalties: int) -> float:
    """Points of penalty cards below ours that a later player may drop under it: each
    counts by the share of its possible holders (the kitty among them) still to play."""
    n = pos.players
    later = {(pos.seat + offset) % n for offset in pos.later_seats()}
    expected = 0.0
    for p in iter_bits(penalties):
        bit = 1 << p
        holders = 1 if pos.t.kitty_size else 0
        later_holders = 0
        for seat in range(n):
            if seat != pos.seat and pos.allowed[seat] & bit:
                holders += 1
                later_holders += seat in later
        if holders:
            expected += pos.t.points[p] * later_holders / holders
    return expected
