"""Reading the table for moons: whose moon is still possible, and how real each seat's threat is.

A moon needs every moon card. It is over for a seat once another seat has won one, and it
is hopeless for us when a moon card we passed away is still in the receiver's hand with
nothing of ours above it in its suit: that player can always keep it out of our tricks
(play it on a trick of someone else's, or win with it), which any defender does. Running
the hearts, or taking the queen of spades, for such a moon only adds points.
"""

from __future__ import annotations

from ..engine import MoonScoring, PlayerView
from ..engine.cards import HEARTS_MASK, SUIT_MASKS, Suit, mask_of
from .heuristics import above_in_suit, highest, lowest, masters, winning_card
from .knowledge import Knowledge


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


DANGER_REAL = 0.4
"""A seat's moon danger from which the others defend at once (see ``moon_danger``)."""
DANGER_TAKE = 0.75
"""A seat's moon danger from which defence pays points to end the moon (``defence_take``):
at ``DANGER_REAL`` the queen of spades alone reads as a moon, and taking a point trick from
every such seat cost the searchers 0.3 points a hand against the sparring partner."""
LOW_PASS_SIGNAL = 0.3
"""Danger added when a seat passed us only low cards: a shooter passes its losers."""
LOW_RANK = 7
"""Ranks below this (the two to the eight) count as low cards in a pass."""
KEEP_DANGER = 0.55
"""A seat's moon danger from which the Expert keeps its stoppers on that seat's tricks
(``defence_keep``): more than the queen of spades alone (0.5). From ``DANGER_REAL`` it cost
0.08 points a hand [0.01, 0.16] in the hands nobody shot against three sparring partners, from
here 0.02 [-0.02, +0.06] (200 paired deals each); against the shooter both stopped about as
many moons (35 and 39 of 800, against 51 without)."""
LATE_TRICKS = 6
"""Finished tricks from which the Expert keeps a master heart against any lone taker of points,
however few (``defence_keep``). Late in a hand a lone taker is often running: the shooter shot
from 40% of the positions in which it alone had taken points after winning six tricks, and 25 of
its 39 moons against three Experts left the others no trick to beat, only hearts to throw on its
winners (``benchmarks/moon_autopsy.py``). Within noise in every line-up, paired over the same
deals: the Expert did better by 0.01 points a hand against three shooter:500, 0.02 against the
rule player and 0.003 against the sparring partner, and 0.13 worse against the shooter
[-0.05, +0.31], which shot 38 moons against 39 (``benchmarks/moon_shooter.txt`` section 8)."""
LONE_TAKER = 0.01
"""A moon danger above nothing: a lone taker of a point, or a seat that passed us low cards."""
TAKE_COST = 4
"""Most points moon defence takes on itself to end a moon at once (``defence_take``): a heart
trick, never the queen of spades (the search weighs that)."""


def moon_danger(view: PlayerView) -> tuple[float, ...]:
    """Per seat, how real the threat of its moon is, from 0 (it cannot happen) up.

    The share of the penalty points a seat has taken while nobody else has any, plus a
    signal from its pass: only low cards passed to us. A seat shown void in hearts cannot
    win the hearts it needs by following, so its danger is halved. Ours is always 0.
    """
    t = view.rules.tables
    takers = [seat for seat, won in enumerate(taken_masks(view)) if won & t.moon_mask]
    knowledge = Knowledge.from_view(view)
    danger = [0.0] * view.players
    for seat in range(view.players):
        if seat == view.seat or not moon_possible(view, seat):
            continue
        share = view.points_taken[seat] / t.penalty_total if takers == [seat] else 0.0
        if passed_low(view, seat):
            share += LOW_PASS_SIGNAL
        if knowledge.is_void(seat, Suit.HEARTS):
            share /= 2
        danger[seat] = share
    return tuple(danger)


def passed_low(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` passed us only low cards and no moon card: a shooter passes its losers."""
    t = view.rules.tables
    passed = [c for c, sender in zip(view.received, view.received_from) if sender == seat]
    return bool(passed) and all(c % 13 < LOW_RANK and not t.moon_mask >> c & 1 for c in passed)


def likely_shooter(view: PlayerView, threshold: float = DANGER_REAL) -> int:
    """The seat whose moon danger is at least ``threshold`` (the highest), or -1."""
    danger = moon_danger(view)
    worst = max(range(view.players), key=lambda seat: danger[seat])
    return worst if danger[worst] >= threshold else -1


def defence_veto(view: PlayerView) -> int:
    """Cards moon defence forbids now, whatever the search says (0: none): against a real
    danger, void in the led suit on a trick the likely shooter wins or may still win, our
    highest heart, the stopper that can win a heart trick against it.

    The search deals the hidden cards evenly, so its shooter holds a random hand and rarely
    shoots in the playouts: there the stopper is one more high heart to shed (issue 24's
    moons against us, "the defence notices too late"). A seat that passed us its low cards
    and cashes winners is no random hand, and the stopper thrown on its trick may be the moon.
    """
    return _stopper_kept(view, likely_shooter(view), view.hand & HEARTS_MASK)


def _stopper_kept(view: PlayerView, shooter: int, hearts: int) -> int:
    """The highest of ``hearts`` (ours that may stop a run), kept when we are void in the led
    suit on a trick ``shooter`` wins or may still win (0: no shooter, no such heart, or nothing
    else to play)."""
    if shooter < 0 or not hearts or not view.trick or view.legal & SUIT_MASKS[view.trick[0].suit]:
        return 0
    stopper = 1 << highest(hearts)
    if not stopper & view.legal or not view.legal & ~stopper or not _shooter_may_win(view, shooter):
        return 0
    return stopper


def defence_keep(view: PlayerView) -> int:
    """Cards the Expert's moon defence keeps now (0: none): against a danger of
    ``KEEP_DANGER``, on a trick the likely shooter wins or may still win, the cards that could
    later beat it in their suit.

    Void in the led suit, those are our highest card of each suit that still outranks an
    unseen card of it; following under the shooter's winning card, every card but our lowest
    of the suit. Replayed moons against three Experts were lost this way: the spade ace
    thrown on the shooter's diamond, the nine of hearts played under its jack when its four
    was still to come. The search cannot see it: its deals give the shooter the winners a
    run needs, not the low cards that win once everyone else has shed the suit."""
    shooter = likely_shooter(view, KEEP_DANGER)
    if shooter < 0:
        return _late_master_heart(view)
    if not view.trick or not _shooter_may_win(view, shooter):
        return 0
    led = SUIT_MASKS[view.trick[0].suit]
    if view.legal & led:
        winning = winning_card(tuple(view.trick))
        if _winner(view) != shooter or view.legal & above_in_suit(winning):
            return 0
        return view.legal & ~(1 << lowest(view.legal))
    keep = 0
    for suit in SUIT_MASKS:
        mine = view.hand & suit
        if mine and view.unseen_mask & suit & ((1 << highest(mine)) - 1):
            keep |= 1 << highest(mine)
    return keep if view.legal & ~keep else 0


def _late_master_heart(view: PlayerView) -> int:
    """Our master heart, kept from ``LATE_TRICKS`` on when void in the led suit on a trick a
    lone taker of points (or a seat that passed us only low cards) wins or may still win (0:
    none); thrown there it adds to a run."""
    if len(view.tricks) < LATE_TRICKS:
        return 0
    return _stopper_kept(view, likely_shooter(view, LONE_TAKER), masters(view.hand & HEARTS_MASK, view.unseen_mask))


def defence_take(view: PlayerView) -> int:
    """The card with which moon defence takes this trick now (-1: none): against a danger of
    ``DANGER_TAKE``, on a trick the likely shooter is winning with a point card on it, the lowest
    card that beats it, if that costs us at most ``TAKE_COST`` points and we hold no master
    heart (which stops the moon later for nothing). A point or two now ends the moon for
    certain (no moon is shot once another seat has won a moon card), and a later player who
    beats us ends it as well.
    """
    shooter = likely_shooter(view, DANGER_TAKE)
    t = view.rules.tables
    on_table = mask_of(view.trick)
    if shooter < 0 or not on_table & t.moon_mask or masters(view.hand & HEARTS_MASK, view.unseen_mask):
        return -1
    winning = winning_card(tuple(view.trick))
    over = view.legal & above_in_suit(winning)
    if not over or _winner(view) != shooter or t.points_in(on_table | 1 << lowest(over)) > TAKE_COST:
        return -1
    return lowest(over)


def _winner(view: PlayerView) -> int:
    """The seat winning the trick on the table so far."""
    return view.trick_seats()[view.trick.index(winning_card(tuple(view.trick)))]


def _shooter_may_win(view: PlayerView, shooter: int) -> bool:
    """Whether ``shooter`` is winning the trick on the table or is still to play to it."""
    return _winner(view) == shooter or shooter not in view.trick_seats()
