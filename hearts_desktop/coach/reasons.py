"""One sentence on each judged decision: what the choice cost, in facts a player can check.

The sentence names the fact that made the difference in the playouts (the queen of spades
landing on us, a moon let through, a moon plan missed, or plain points) and then says why
the better choice was better in the hint's own words, so the coach and the hint never
disagree on their reasons.
"""

from __future__ import annotations

from ..bots.facts import could_hold, later_seats, shown_void
from ..bots.hint import card_words, cards_words, pass_reason, play_reason, seat_words
from ..bots.search import CandidateStats, SearchResult
from ..engine import Card, PlayerView
from ..engine.cards import QUEEN_OF_SPADES, RANKS_PER_SUIT, Suit
from .review import Judgement, Mark, Option

NOTABLE_SHARE = 0.15
"""A difference in how often something happens (in the playouts) worth a sentence."""


def reason(view: PlayerView, judgement: Judgement, passing: bool) -> str:
    """Why the decision earned its mark, in one or two sentences."""
    best = judgement.best
    chosen = judgement.chosen
    played = None if chosen is best else chosen.cards[0]
    why_best = pass_reason(view, best.cards) if passing else play_reason(view, as_search(judgement), played)
    if judgement.forced:
        return why_best
    if judgement.mark is Mark.BEST:
        return why_best if chosen is best else f"As good as {cards_words(best.cards)}. {why_best}"
    return f"{_what_it_cost(view, judgement, passing)} Better: {why_best}"


def _what_it_cost(view: PlayerView, judgement: Judgement, passing: bool) -> str:
    chosen, best = judgement.chosen, judgement.best
    doing = f"Passing {cards_words(chosen.cards)}" if passing else f"Playing {card_words(chosen.cards[0])}"
    after = f"After {doing[0].lower()}{doing[1:]}"
    queen = chosen.share(chosen.queen_taken) - best.share(best.queen_taken)
    moons = chosen.share(chosen.moons_against) - best.share(best.moons_against)
    if queen >= NOTABLE_SHARE and view.rules.tables.points[QUEEN_OF_SPADES] > 0:
        return (f"{after}, you take the queen of spades in {_percent(chosen, chosen.queen_taken)} "
                f"of the deals the coach tried ({_percent(best, best.queen_taken)} after {cards_words(best.cards)})"
                f"{'' if passing else _queen_thrower(view, chosen.cards[0])}.")
    if moons >= NOTABLE_SHARE / 2:
        return (f"{doing} lets another player shoot the moon in {_percent(chosen, chosen.moons_against)} "
                f"of the deals the coach tried ({_percent(best, best.moons_against)} after {cards_words(best.cards)}).")
    if best.moon_plan and not chosen.moon_plan:
        return (f"{doing} gives up a moon that {cards_words(best.cards)} makes in "
                f"{_percent(best, best.moons_shot)} of the deals the coach tried.")
    return (f"{doing} costs {judgement.cost:.1f} points more than {cards_words(best.cards)}, "
            f"on average over the deals the coach tried.")


def _queen_thrower(view: PlayerView, card: Card) -> str:
    """A player still to play who has shown he is out of the suit of ``card`` and may hold
    the queen: he can throw her on the trick. A player out of spades cannot hold her."""
    suit = card // RANKS_PER_SUIT
    if suit == Suit.SPADES:
        return ""
    for seat in later_seats(view):
        if shown_void(view, seat, suit) and could_hold(view, seat, Card(QUEEN_OF_SPADES)):
            return f": {seat_words(view, seat)} is out of {Suit(suit).label} and could hold the queen"
    return ""


def _percent(option: Option, count: int) -> str:
    return f"{round(100 * option.share(count))}%"


def as_search(judgement: Judgement) -> SearchResult:
    """The judgement in the search's terms, best first, so the hint's words can explain it."""
    candidates = [
        CandidateStats(o.cards[0], o.moon_plan, o.cards, list(o.values), float(o.own_points),
                       o.queen_taken, o.moons_shot)
        for o in judgement.options
    ]
    return SearchResult(candidates, judgement.deals, 0.0)


def all_cards_reason(judgement: Judgement, passing: bool) -> str:
    """The second opinion's sentence: what the choice cost on the true deal, and the fact
    that made it (the queen or a moon), said as known, since every card was."""
    chosen, best = judgement.chosen, judgement.best
    if judgement.forced or chosen is best:
        return "With all cards shown, this was the best choice too."
    doing = f"passing {cards_words(chosen.cards)}" if passing else f"playing {card_words(chosen.cards[0])}"
    if judgement.mark is Mark.BEST:
        return f"With all cards shown, {doing} does as well as {cards_words(best.cards)}."
    if chosen.queen_taken > best.queen_taken:
        fact = " when the coach plays the hand out from the true deal, you take the queen of spades after it."
    elif chosen.moons_against > best.moons_against:
        fact = " when the coach plays the hand out from the true deal, another player shoots the moon after it."
    else:
        fact = ""
    return (f"With all cards shown, {doing} costs {judgement.gap:.1f} points more than "
            f"{cards_words(best.cards)}{':' + fact if fact else '.'}")
