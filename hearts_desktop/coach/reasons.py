"""One sentence on each judged decision: what the choice cost, in facts a player can check.

The sentence names the fact that made the difference in the playouts (the queen of spades
landing on us, a moon let through, a moon plan missed, or plain points) and then says why
the better choice was better in the hint's own words, so the coach and the hint never
disagree on their reasons.
"""

from __future__ import annotations

from ..bots.facts import could_hold, later_seats, shown_void
from ..bots.hint import cards_words, pass_reason, play_reason, seat_words
from ..bots.search import CandidateStats, SearchResult
from ..engine import Card, PlayerView
from ..engine.cards import QUEEN_OF_SPADES, RANKS_PER_SUIT, Suit
from ..language import _, number, percent
from ..words import CoachSentence
from .review import Judgement, Mark, Option

NOTABLE_SHARE = 0.15
"""A difference in how often something happens (in the playouts) worth a sentence."""


def reason(view: PlayerView, judgement: Judgement, passing: bool) -> str:
    """Why the decision earned its mark, in one or two sentences; a choice as good as the
    coach's says so first."""
    best = judgement.best
    chosen = judgement.chosen
    played = None if chosen is best else chosen.cards[0]
    why_best = pass_reason(view, best.cards) if passing else play_reason(view, as_search(judgement), played)
    if judgement.forced or chosen is best:
        return why_best
    if judgement.mark is Mark.BEST:
        as_good = _(CoachSentence.AS_GOOD_PASS if passing else CoachSentence.AS_GOOD_CARD)
        return as_good.format(best=cards_words(best.cards), why=why_best)
    return _(CoachSentence.BETTER).format(cost=_what_it_cost(view, judgement, passing), why=why_best)


def headline(judgement: Judgement, best: str, all_cards: bool) -> str:
    """The heading over a reviewed decision's reason: whether the choice was the coach's
    best (``best`` is how the screen names the best cards)."""
    if all_cards:
        return _(CoachSentence.HEAD_SHOWN).format(best=best)
    if judgement.chosen is judgement.best or judgement.forced:
        return _(CoachSentence.HEAD_YOURS).format(best=best)
    if judgement.mark is Mark.BEST:
        return _(CoachSentence.HEAD_AS_GOOD).format(best=best)
    return _(CoachSentence.HEAD_BEST).format(best=best)


def _what_it_cost(view: PlayerView, judgement: Judgement, passing: bool) -> str:
    chosen, best = judgement.chosen, judgement.best
    named = {"chosen": cards_words(chosen.cards), "best": cards_words(best.cards)}
    queen = chosen.share(chosen.queen_taken) - best.share(best.queen_taken)
    moons = chosen.share(chosen.moons_against) - best.share(best.moons_against)
    if queen >= NOTABLE_SHARE and view.rules.tables.points[QUEEN_OF_SPADES] > 0:
        shares = {"share": _percent(chosen, chosen.queen_taken), "best_share": _percent(best, best.queen_taken)}
        if passing:
            return _(CoachSentence.QUEEN_AFTER_PASS).format(**named, **shares)
        thrower = _queen_thrower(view, chosen.cards[0])
        if thrower is None:
            return _(CoachSentence.QUEEN_AFTER_PLAY).format(**named, **shares)
        seat, suit = thrower
        return _(CoachSentence.QUEEN_THROWN_AFTER_PLAY).format(**named, **shares, seat=seat, suit=suit)
    if moons >= NOTABLE_SHARE / 2:
        sentence = CoachSentence.MOON_AFTER_PASS if passing else CoachSentence.MOON_AFTER_PLAY
        return _(sentence).format(**named, share=_percent(chosen, chosen.moons_against),
                               best_share=_percent(best, best.moons_against))
    if best.moon_plan and not chosen.moon_plan:
        sentence = CoachSentence.MOON_MISSED_PASS if passing else CoachSentence.MOON_MISSED_PLAY
        return _(sentence).format(**named, share=_percent(best, best.moons_shot))
    sentence = CoachSentence.COST_PASS if passing else CoachSentence.COST_PLAY
    return _(sentence).format(**named, cost=number(judgement.cost, 1))


def _queen_thrower(view: PlayerView, card: Card) -> tuple[str, str] | None:
    """A player still to play who has shown he is out of the suit of ``card`` and may hold
    the queen, and that suit: he can throw her on the trick. A player out of spades cannot
    hold her."""
    suit = card // RANKS_PER_SUIT
    if suit == Suit.SPADES:
        return None
    for seat in later_seats(view):
        if shown_void(view, seat, suit) and could_hold(view, seat, Card(QUEEN_OF_SPADES)):
            return seat_words(view, seat), Suit(suit).label
    return None


def _percent(option: Option, count: int) -> str:
    return percent(option.share(count))


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
    that made it (the queen or a moon) in the coach's playout of that deal."""
    chosen, best = judgement.chosen, judgement.best
    if judgement.forced or chosen is best:
        return _(CoachSentence.SHOWN_BEST)
    named = {"chosen": cards_words(chosen.cards), "best": cards_words(best.cards), "cost": number(judgement.gap, 1)}
    if judgement.mark is Mark.BEST:
        sentence = CoachSentence.SHOWN_AS_GOOD_PASS if passing else CoachSentence.SHOWN_AS_GOOD_PLAY
    elif chosen.queen_taken > best.queen_taken:
        sentence = CoachSentence.SHOWN_QUEEN_PASS if passing else CoachSentence.SHOWN_QUEEN_PLAY
    elif chosen.moons_against > best.moons_against:
        sentence = CoachSentence.SHOWN_MOON_PASS if passing else CoachSentence.SHOWN_MOON_PLAY
    else:
        sentence = CoachSentence.SHOWN_COST_PASS if passing else CoachSentence.SHOWN_COST_PLAY
    return _(sentence).format(**named)
