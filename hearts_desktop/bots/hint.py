"""The hint's and the coach's words: why a pass, a card or a moon choice, as a person reads it.

The reason is built from what the playouts and the card counting found in this position
(which cards are still out, who is void, what the trick holds, the points each option is
expected to cost), so it names the cards and facts that decided it; every fact comes from
``facts.py``, proved by the player's view. The Hint itself is the coach's judgement
(``coach/hint.py``); these words sit here, below the coach, because they need only a view
and a search's statistics.
"""

from __future__ import annotations

from ..engine import Card, MoonScoring, PlayerView
from ..engine.cards import (
    ACE_OF_SPADES,
    CARDS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Suit,
)
from ..engine.rules import CARDS_PASSED
from ..language import _, join_names, n_, number
from .facts import (
    HIGH_RANK,
    above_the_rest,
    higher_out,
    highest_in_suit,
    highest_of_hand,
    plays_last,
    points_on_trick,
    points_still_out,
    queen_still_out,
    sole_taker,
    suit_out,
)
from .heuristics import QUEEN_BIT
from .inference import QUEEN_CATCHERS
from .medium import count_losers
from .search import CandidateStats, SearchResult

# ----------------------------------------------------------------- words


def card_words(c: int) -> str:
    """``"the queen of spades"``: a card as a sentence names it, its article in its message."""
    return CARDS[c].with_article


def _suit(suit: int) -> str:
    """``"clubs"``: a suit as in "void in clubs"."""
    return Suit(suit).label


def cards_words(cards: tuple[Card, ...]) -> str:
    """``"the ace of hearts, the king of clubs and the two of spades"``, highest first."""
    return join_names([card_words(c) for c in sorted(cards, reverse=True)])


# ----------------------------------------------------------------- passing


def pass_reason(view: PlayerView, cards: tuple[Card, ...]) -> str:
    """Why these three cards: the most pressing danger among them decides the sentence."""
    hand = view.hand
    passed = 0
    for c in cards:
        passed |= 1 << c
    kept = hand & ~passed
    guards = (kept & SUIT_MASKS[Suit.SPADES] & (QUEEN_BIT - 1)).bit_count()
    names = cards_words(cards)
    points = view.rules.tables.points
    if view.rules.moon is not MoonScoring.OFF and count_losers(hand, view.unseen_mask) <= CARDS_PASSED:
        # Translators: the Hint's and the coach's reasons for a pass; {cards} is a list of cards
        # with their articles ("the ace of hearts, the king of clubs and the two of spades").
        sentence = _("Pass {cards}: your hand can shoot the moon, so keep the winners and pass the likely losers.")
    elif passed & QUEEN_BIT and points[QUEEN_OF_SPADES] > 0 and guards == 0:
        sentence = _("Pass {cards}: you hold no low spade to guard the queen.")
    elif passed & QUEEN_BIT and points[QUEEN_OF_SPADES] > 0:
        # Translators: {count} is the number of low spades kept (1 or more).
        sentence = n_("Pass {cards}: you hold only {count} low spade to guard the queen.",
                      "Pass {cards}: you hold only {count} low spades to guard the queen.", guards)
    elif passed & QUEEN_CATCHERS and not hand & QUEEN_BIT and points[ACE_OF_SPADES] > 0:
        sentence = _("Pass {cards}: in this game the ace and king of spades cost points too.")
    elif passed & QUEEN_CATCHERS and not hand & QUEEN_BIT:
        sentence = _("Pass {cards}: without the queen, your high spades could catch her.")
    else:
        sentence = _plain_pass_reason(hand, kept, cards)
    return sentence.format(cards=names, count=guards, suit=_suit(_voided_suit(hand, kept)))


def _voided_suit(hand: int, kept: int) -> int:
    """Clubs or diamonds when the pass leaves the hand without it (the reason says so), else hearts."""
    voided = (suit for suit in (Suit.CLUBS, Suit.DIAMONDS) if hand & SUIT_MASKS[suit] and not kept & SUIT_MASKS[suit])
    return next(voided, Suit.HEARTS)


def _plain_pass_reason(hand: int, kept: int, cards: tuple[Card, ...]) -> str:
    """The reason for a pass without the queen or the moon in it, ``{cards}`` and ``{suit}`` to fill."""
    if _voided_suit(hand, kept) is not Suit.HEARTS:
        # Translators: {suit} is "clubs" or "diamonds".
        return _("Pass {cards}: it leaves you void in {suit}, free to discard when they are led.")
    hearts = tuple(c for c in cards if 1 << c & HEARTS_MASK)
    if hearts and min(hearts) % 13 >= HIGH_RANK and above_the_rest(hand, hearts):
        return _("Pass {cards}: high hearts win tricks full of points, and you want to lose them.")
    if highest_of_hand(hand, cards):
        return _("Pass {cards}: they are your highest cards and the likeliest to win tricks.")
    return _("Pass {cards}: in the deals the coach tried, these three cost the most to keep.")


# ----------------------------------------------------------------- the moon choice


def moon_reason(view: PlayerView, choice: MoonScoring) -> str:
    total = view.rules.tables.penalty_total
    if choice is MoonScoring.ADD_TO_OTHERS:
        # Translators: {total} is the points of a moon, e.g. 26.
        return _("Add {total} to everyone else: you stay ahead and the end of the game comes closer.").format(
            total=total)
    # Translators: {total} is the points of a moon, e.g. 26.
    return _("Take {total} off your own score: adding to the others would help the leader more.").format(total=total)


# ----------------------------------------------------------------- playing


def play_reason(view: PlayerView, result: SearchResult, played: Card | None = None) -> str:
    """Why the searched card: the kind of play (lead, duck, win, discard) and its facts;
    the note on expected points compares it with ``played`` (the coach: the card the
    player chose) or else with the runner-up (the hint)."""
    best = result.best
    card = best.card
    if len(result.candidates) == 1 and best.deals == 0:
        return _forced(view, card)
    comparison = _comparison(result, played)
    if best.attempt:
        if sole_taker(view) in (None, view.seat):
            return _("Go for the moon: no one else has taken a point card, and in most deals the coach tried "
                     "your cards won the rest.")
        return _("Go for the moon: in most deals the coach tried, your cards won every point card.")
    shooter = _moon_runner(view)
    if not view.trick:
        text = _lead_reason(view, card, shooter)
    elif card // 13 == view.trick[0] // 13:
        text = _follow_reason(view, card, shooter)
    else:
        text = _discard_reason(view, card)
    return f"{text} {comparison}" if comparison else text


def _forced(view: PlayerView, card: Card) -> str:
    name = card_words(card)
    if view.legal.bit_count() == 1:
        if not view.trick and not view.tricks:
            # Translators: {card} is a card with its article, e.g. "the two of clubs".
            return _("The first trick must be led with {card}.").format(card=name)
        if view.trick and card // 13 == view.trick[0] // 13:
            # Translators: {card} is a card with its article, e.g. "the two of clubs".
            return _("You must follow suit, and {card} is your only card of that suit.").format(card=name)
        return _("Your only legal card is {card}.").format(card=name)
    # Translators: {suits} is a suit, e.g. "clubs".
    return _("Any of your {suits} plays the same here: the cards between them are yours or gone.").format(
        suits=_suit(card // 13))


NOTE_GAP = 0.5
"""Expected points apart before the note compares two cards."""


def _comparison(result: SearchResult, played: Card | None) -> str:
    """The price of the runner-up (or of ``played``), when the search found a clear
    difference in points: the points taken from here to the end of the hand, on average
    over the deals tried."""
    best = result.best
    others = [c for c in result.candidates[1:] if not c.attempt]
    if played is not None:
        others = [c for c in others if c.card == played]
    if not others or best.deals == 0:
        return ""
    runner: CandidateStats = min(others, key=lambda c: c.mean_points)
    gap = runner.mean_points - best.mean_points
    if gap < NOTE_GAP:
        return ""
    # Translators: {best} and {other} are points with one decimal; {card} a card with its article.
    return _("(Expected points: {best}; {other} with {card}.)").format(
        best=number(best.mean_points, 1), other=number(runner.mean_points, 1), card=card_words(runner.card))


def _moon_runner(view: PlayerView) -> int | None:
    """An opponent who alone has taken penalty cards, and a good share of them."""
    t = view.rules.tables
    if view.rules.moon is MoonScoring.OFF:
        return None
    taker = sole_taker(view)
    if taker is not None and taker != view.seat and view.points_taken[taker] * 2 >= t.penalty_total:
        return taker
    return None


def _lead_reason(view: PlayerView, card: Card, shooter: int | None) -> str:
    suit = card // 13
    out = suit_out(view, suit)
    higher = (out >> card).bit_count()
    lower = (out & ((1 << card) - 1)).bit_count()
    values = {"card": card_words(card), "suits": _suit(suit), "count": higher}
    if shooter is not None and suit == Suit.HEARTS:
        # Translators: the reasons for a lead; {card} is a card with its article ("the queen of spades"),
        # {suits} a suit ("clubs"), {count} a number of cards, {seat} a player ("the player on your left").
        return _("Lead {card}: {seat} has every point so far, and a heart taken by anyone else stops the moon.").format(
            seat=seat_words(view, shooter), **values)
    if out and not higher and sole_taker(view) == view.seat:
        sentence = _("Lead {card}, the highest card left in its suit: you have every point so far, so run for the moon.")
    elif suit == Suit.SPADES and queen_still_out(view) and card < QUEEN_OF_SPADES and not view.hand & QUEEN_CATCHERS:
        sentence = _("Lead {card} to flush out the unseen queen: you hold no spade above her.")
    elif not out:
        sentence = _("Lead {card}: nobody else holds {suits}, and winning this trick costs least.")
    elif not lower:
        sentence = n_("Lead {card}: {count} higher card of its suit is still out and none lower, so someone else "
                      "wins it.",
                      "Lead {card}: {count} higher cards of its suit are still out and none lower, so someone else "
                      "wins it.", higher)
    elif not higher:
        sentence = _("Lead {card}: it is the highest card left in its suit, and taking this trick now costs least.")
    else:
        sentence = n_("Lead {card}: {count} higher card of its suit is still out, and it is your least costly lead.",
                      "Lead {card}: {count} higher cards of its suit are still out, and it is your least costly lead.",
                      higher)
    return sentence.format(**values)


def seat_words(view: PlayerView, seat: int) -> str:
    """A seat as a player sees it from theirs: left, right, across."""
    offset = (seat - view.seat) % view.players
    if offset == 1:
        # Translators: a player named by their seat, filling {seat} ("{seat} has every point so far").
        return _("the player on your left")
    if offset == view.players - 1:
        return _("the player on your right")
    if offset == 2 and view.players == 4:
        return _("the player across")
    return _("the player two to your left") if offset == 2 else _("the player two to your right")


def _follow_reason(view: PlayerView, card: Card, shooter: int | None) -> str:
    suit = card // 13
    winning = max(c for c in view.trick if c // 13 == suit)
    points_on = points_on_trick(view)
    last = plays_last(view)
    values = {"card": card_words(card), "winning": card_words(winning)}
    if card < winning:
        return _duck_reason(view, suit, winning, points_on, last).format(count=points_on, **values)
    if shooter is not None and points_on > 0:
        # Translators: the reasons for following suit; {card} and {winning} are cards with their articles
        # ("the queen of hearts"), {winning} the card winning the trick so far.
        return _("Win with {card} to stop the moon: {seat} has every point so far.").format(
            seat=seat_words(view, shooter), **values)
    if card == QUEEN_OF_SPADES:
        if last or not higher_out(view, winning):
            return _("Play the queen of spades under {winning}: {winning} wins and takes her.").format(**values)
        return _("Play the queen of spades under {winning}: whoever wins this trick takes her, not you.").format(
            **values)
    if last and points_on <= 0:
        if view.rules.tables.jack_bonus and any(c == JACK_OF_DIAMONDS for c in view.trick):
            return _("Win with {card}: you play last and the trick holds the jack of diamonds.").format(**values)
        return _("Win with {card}: you play last and the trick holds no points, a free chance to shed a high "
                 "card.").format(**values)
    under = view.legal & SUIT_MASKS[suit] & ((1 << winning) - 1)
    if not under:
        return _("Play {card}: you cannot get under {winning}, and this card costs least.").format(**values)
    return _("Play {card}: ducking now leaves you worse placed later.").format(**values)


def _duck_reason(view: PlayerView, suit: int, winning: int, points_on: int, last: bool) -> str:
    """Why to play under ``winning``: the first fact that makes winning the trick a cost
    (``{winning}`` and ``{points}`` to fill)."""
    if suit == Suit.SPADES and view.hand & QUEEN_BIT and winning < QUEEN_OF_SPADES:
        # Translators: the reasons for playing under the winning card; {winning} is that card with its
        # article ("the king of spades").
        return _("Duck under {winning}: your queen would win this trick unless the king or ace comes after her.")
    if suit == Suit.SPADES and queen_still_out(view):
        return _("Duck under {winning}: the queen of spades is still out.")
    if points_on > 0:
        # Translators: {count} is the number of points on the trick.
        return n_("Duck under {winning}: the trick already holds {count} point.",
                  "Duck under {winning}: the trick already holds {count} points.", points_on)
    if not last and points_still_out(view):
        return _("Duck under {winning}: players after you could still throw points on it.")
    return _("Duck under {winning}: a higher card would win the trick for nothing you need.")


def _discard_reason(view: PlayerView, card: Card) -> str:
    points = view.rules.tables.points
    values = {"led": _suit(view.trick[0] // 13), "card": card_words(card), "suit": _suit(card // 13),
              "points": points[card]}
    if card == QUEEN_OF_SPADES:
        # Translators: the reasons for a discard; {led} is the suit led ("clubs"), {card} a card with
        # its article ("the king of spades"), {suit} the card's suit ("spades").
        sentence = _("Dump the queen of spades: you are void in {led}.")
    elif 1 << card & QUEEN_CATCHERS and points[card] > 0:
        # Translators: {points} is the points the card costs, e.g. 10.
        sentence = _("Throw {card}: you are void in {led} and it costs {points} to whoever takes it.")
    elif 1 << card & QUEEN_CATCHERS and queen_still_out(view):
        sentence = _("Throw {card}: you are void in {led}, and it could later win a trick the unseen queen is "
                     "thrown on.")
    elif card // 13 == Suit.HEARTS and highest_in_suit(view.hand, card):
        sentence = _("Throw {card}: you are void in {led}, and it is your highest heart.")
    elif view.hand & SUIT_MASKS[card // 13] == 1 << card:
        sentence = _("Shed {card} while you are void in {led}: it leaves you void in {suit} too.")
    elif highest_in_suit(view.hand, card) and card % 13 >= HIGH_RANK:
        sentence = _("Shed {card} while you are void in {led}: it could win a trick later.")
    else:
        sentence = _("Shed {card} while you are void in {led}: your other cards are worth more to keep.")
    return sentence.format(**values)
