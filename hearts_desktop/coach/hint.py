"""The Hint: the coach's judgement of the decision in front of the player, before it is made.

The Hint and the review are one judgement: the same options scored the same way (the
coach's playouts over the deals the view allows, ``review.judge_play`` and
``review.judge_pass``, at the review's budget but for its cap), so the card the Hint gives is the card
the review marks best, but for the noise of other deals (``python -m benchmarks
hint-agreement`` measures how often). The Hint explains its choice with the sentence the
review gives a best choice. Like every bot it reads only the player's view; it runs in the
bot worker, where it can be cancelled.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..bots.base import Cancel, Hint, choose_moon_by_score, never_cancel
from ..bots.hint import moon_reason, pass_reason, play_reason
from ..bots.medium import MediumBot, medium_pass
from ..engine import CARDS, MoonAction, MoonScoring, PassAction, Phase, PlayAction, PlayerView
from .reasons import as_search
from .review import DEFAULT_BUDGET, CoachBudget, judge_pass, judge_play

HINT_BUDGET = replace(DEFAULT_BUDGET, most=DEFAULT_BUDGET.most // 8)
"""The review's budget with a lower cap: the deals past it only settle the mark of a cost
near a threshold, and the Hint needs the best choice, not the mark of another; a person
waits for it at the table."""


def hint(view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel,
         budget: CoachBudget = HINT_BUDGET) -> Hint:
    """The coach's best choice for ``view.seat``; ValueError when it has nothing to decide.

    The judgement needs a choice to judge; Medium's is taken, a good guess at the best, so
    the deals stop as soon as the best is settled.
    """
    if view.phase is Phase.PASSING and view.seat in view.waiting_to_pass:
        usual = tuple(CARDS[c] for c in medium_pass(view.rules.tables, view.hand,
                                                    view.rules.moon is not MoonScoring.OFF))
        cards = judge_pass(view, usual, rng, budget, cancel).best.cards
        return Hint(PassAction(view.seat, cards), pass_reason(view, cards))
    if view.phase is Phase.MOON_CHOICE and view.moon_chooser == view.seat:
        choice = choose_moon_by_score(view)
        return Hint(MoonAction(view.seat, choice), moon_reason(view, choice))
    if view.my_turn:
        guess = MediumBot().decide(view, rng)
        assert isinstance(guess, PlayAction)
        judgement = judge_play(view, guess.card, rng, budget, cancel)
        return Hint(PlayAction(view.seat, judgement.best.cards[0]), play_reason(view, as_search(judgement)))
    raise ValueError("It is not this seat's turn to decide anything.")
