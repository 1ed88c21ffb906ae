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
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    RANK_NAMES,
    SUIT_MASKS,
    Suit,
)
from ..engine.rules import CARDS_PASSED
from ..words import and_list
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
    """``"the queen of spades"``."""
    return f"the {RANK_NAMES[c % 13]} of {Suit(c // 13).label}"


def _rank(c: int) -> str:
    """``"the queen"`` (the suit is clear from the context)."""
    return f"the {RANK_NAMES[c % 13]}"


def _suit(suit: int) -> str:
    return Suit(suit).label


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def cards_words(cards: tuple[Card, ...]) -> str:
    """``"the ace of hearts, the king of clubs and the two of spades"``, highest first."""
    return and_list([card_words(c) for c in sorted(cards, reverse=True)])


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
        return f"Pass {names}: your hand can shoot the moon, so keep the winners and pass the likely losers."
    if passed & QUEEN_BIT and points[QUEEN_OF_SPADES] > 0:
        guard_words = "no low spade" if guards == 0 else f"only {_count(guards)} low spade{'s' * (guards != 1)}"
        return f"Pass {names}: you hold {guard_words} to guard the queen."
    if passed & QUEEN_CATCHERS and not hand & QUEEN_BIT:
        if points[ACE_OF_SPADES] > 0:
            return f"Pass {names}: in Black Maria the high spades cost points themselves."
        return f"Pass {names}: without the queen, your high spades could catch her."
    for suit in (Suit.CLUBS, Suit.DIAMONDS):
        mask = SUIT_MASKS[suit]
        if hand & mask and not kept & mask:
            return f"Pass {names}: it leaves you void in {_suit(suit)}, free to discard when they are led."
    hearts = tuple(c for c in cards if 1 << c & HEARTS_MASK)
    if hearts and min(hearts) % 13 >= HIGH_RANK and above_the_rest(hand, hearts):
        return f"Pass {names}: high hearts win tricks full of points, and you want to lose them."
    if highest_of_hand(hand, cards):
        return f"Pass {names}: they are your highest cards and the likeliest to win tricks."
    return f"Pass {names}: in the deals the coach tried, these three cost the most to keep."


def _count(k: int) -> str:
    return ("no", "one", "two", "three", "four", "five")[k] if k < 6 else str(k)


# ----------------------------------------------------------------- the moon choice


def moon_reason(view: PlayerView, choice: MoonScoring) -> str:
    total = view.rules.tables.penalty_total
    if choice is MoonScoring.ADD_TO_OTHERS:
        return f"Add {total} to everyone else: you stay ahead and the end of the game comes closer."
    return f"Take {total} off your own score: adding to the others would help the leader more."


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
            return "Go for the moon: no one else has taken a point card, and in most deals the coach tried your cards won the rest."
        return "Go for the moon: in most deals the coach tried, your cards won every point card."
    shooter = _moon_runner(view)
    if not view.trick:
        text = _lead_reason(view, card, shooter)
    elif card // 13 == view.trick[0] // 13:
        text = _follow_reason(view, card, shooter)
    else:
        text = _discard_reason(view, card)
    return text + comparison


def _forced(view: PlayerView, card: Card) -> str:
    if view.legal.bit_count() == 1:
        if not view.trick and not view.tricks:
            return f"{_capital(card_words(card))} must lead the first trick."
        if view.trick and card // 13 == view.trick[0] // 13:
            return f"{_capital(card_words(card))} is your only {_suit(card // 13)[:-1]}, and you must follow suit."
        return f"{_capital(card_words(card))} is your only legal card."
    return f"Any of your {_suit(card // 13)} plays the same here: the cards between them are yours or gone."


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
    return f" (Expected points: {best.mean_points:.1f}; {runner.mean_points:.1f} with {card_words(runner.card)}.)"


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
    if shooter is not None and suit == Suit.HEARTS:
        return (
            f"Lead {card_words(card)}: {seat_words(view, shooter)} has every point so far, and a heart "
            f"taken by anyone else stops the moon."
        )
    if out and not higher and sole_taker(view) == view.seat:
        return f"Lead {card_words(card)}, the top {_suit(suit)[:-1]} left: you have every point so far, so run for the moon."
    if suit == Suit.SPADES and queen_still_out(view) and card < QUEEN_OF_SPADES and not view.hand & QUEEN_CATCHERS:
        return f"Lead {card_words(card)} to flush out the unseen queen: you hold no spade above her."
    if not out:
        return f"Lead {card_words(card)}: nobody else holds {_suit(suit)}, and winning this trick costs least."
    if not lower:
        return f"Lead {card_words(card)}: {_higher(higher, suit)} still out and none lower, so someone else wins it."
    if not higher:
        return f"Lead {card_words(card)}: it is the top {_suit(suit)[:-1]} left, and taking this trick now costs least."
    return f"Lead {card_words(card)}: {_higher(higher, suit)} still out, and it is your least costly lead."


def _higher(count: int, suit: int) -> str:
    """``"3 higher clubs are"`` / ``"1 higher club is"``."""
    if count == 1:
        return f"1 higher {_suit(suit)[:-1]} is"
    return f"{count} higher {_suit(suit)} are"


def seat_words(view: PlayerView, seat: int) -> str:
    """A seat as a player sees it from theirs: left, right, across."""
    offset = (seat - view.seat) % view.players
    if offset == 1:
        return "the player on your left"
    if offset == view.players - 1:
        return "the player on your right"
    if offset == 2 and view.players == 4:
        return "the player across"
    return "the player two to your left" if offset == 2 else "the player two to your right"


def _follow_reason(view: PlayerView, card: Card, shooter: int | None) -> str:
    suit = card // 13
    winning = max(c for c in view.trick if c // 13 == suit)
    points_on = points_on_trick(view)
    last = plays_last(view)
    if card < winning:
        facts: list[str] = []
        if suit == Suit.SPADES and view.hand & QUEEN_BIT and winning < QUEEN_OF_SPADES:
            facts.append("your queen would win this trick unless the king or ace comes after her")
        elif suit == Suit.SPADES and queen_still_out(view):
            facts.append("the queen of spades is still out")
        elif points_on > 0:
            facts.append(f"the trick already holds {points_on} point{'s' * (points_on != 1)}")
        elif not last and points_still_out(view):
            facts.append("players after you could still throw points on it")
        else:
            facts.append("a higher card would win the trick for nothing you need")
        return f"Duck under {_rank(winning)}: {facts[0]}."
    if shooter is not None and points_on > 0:
        return f"Take the trick with {_rank(card)}: {seat_words(view, shooter)} has every point so far and must not take them all."
    if card == QUEEN_OF_SPADES:
        if last or not higher_out(view, winning):
            return f"Play the queen under {_rank(winning)}: the {_rank(winning)[4:]} wins and takes her."
        return f"Play the queen under {_rank(winning)}: whoever wins this trick takes her, not you."
    if last and points_on <= 0:
        if view.rules.tables.jack_bonus and any(c == JACK_OF_DIAMONDS for c in view.trick):
            return f"Win with {_rank(card)}: you play last and the trick holds the jack of diamonds."
        return f"Win with {_rank(card)}: you play last and the trick holds no points, so it is a free chance to shed a high card."
    under = view.legal & SUIT_MASKS[suit] & ((1 << winning) - 1)
    if not under:
        return f"Play {_rank(card)}: you cannot get under {_rank(winning)}, and this card costs least."
    return f"Play {_rank(card)}: ducking now leaves you worse placed later."


def _discard_reason(view: PlayerView, card: Card) -> str:
    led = _suit(view.trick[0] // 13)
    points = view.rules.tables.points
    if card == QUEEN_OF_SPADES:
        return f"Dump the queen of spades: you are void in {led}."
    if 1 << card & QUEEN_CATCHERS:
        if points[card] > 0:
            return f"Throw {card_words(card)}: you are void in {led} and it costs {points[card]} to whoever takes it."
        if queen_still_out(view):
            return f"Throw {card_words(card)}: you are void in {led} and the queen of spades is still out to catch it."
    if card // 13 == Suit.HEARTS and highest_in_suit(view.hand, card):
        return f"Throw {card_words(card)}: you are void in {led}, and it is your highest heart."
    suit_left = view.hand & SUIT_MASKS[card // 13]
    if suit_left == 1 << card:
        return f"Shed {card_words(card)} while you are void in {led}: it leaves you void in {_suit(card // 13)} too."
    if highest_in_suit(view.hand, card) and card % 13 >= HIGH_RANK:
        return f"Shed {card_words(card)} while you are void in {led}: it could win a trick later."
    return f"Shed {card_words(card)} while you are void in {led}: your other cards are worth more to keep."
