"""Reviewing a played hand: walk a game's actions and judge one seat's decisions in it.

A game is its rules, its seed and its actions (``Game.replay``), so a review needs nothing
but what a save already holds. Each decision is judged from the view its seat had at that
moment, with a random source named by the review's seed and the decision's place in the
game: a review replays exactly, and another seed gives independent deals (the check that
marks are stable). With ``all_cards`` each decision is judged on the true deal instead, a
second opinion from knowledge the player did not have (``review.ALL_CARDS_BUDGET``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.base import Cancel, never_cancel
from ..bots.inference import Deal
from ..engine import Action, Card, Game, HandState, PassAction, Phase, PlayAction, PlayerView, Ruleset
from ..language import _, p_
from .reasons import all_cards_reason, reason
from .review import ALL_CARDS_BUDGET, DEFAULT_BUDGET, CoachBudget, Judgement, Mark, judge_pass, judge_play

Progress = Callable[[int, int], None]
"""Told (decisions judged, decisions in all) after each decision."""

Judged = tuple[Judgement, str]
"""A decision's judgement and the sentence why: what the bot worker sends back."""

BIGGEST = 3
"""How many of the costliest decisions a review sums up at its top."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision of the reviewed seat."""

    action_index: int
    """Where the decision stands in the game's actions: the table as it was is the replay
    of the actions before it."""
    trick: int | None
    """The trick it was played to (0 is the first), or None for the pass."""
    chosen: tuple[Card, ...]
    judgement: Judgement
    reason: str

    @property
    def mark(self) -> Mark:
        return self.judgement.mark

    @property
    def cost(self) -> float:
        return self.judgement.cost


@dataclass(frozen=True, slots=True)
class HandReview:
    hand_index: int
    seat: int
    decisions: tuple[Decision, ...]
    complete: bool
    """False when the review was cancelled before every decision was judged."""

    @property
    def mean_cost(self) -> float:
        """The hand's accuracy figure: the mean cost of a decision, in points."""
        return sum(d.cost for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    @property
    def biggest(self) -> tuple[Decision, ...]:
        """The costliest decisions below the best marks, costliest first."""
        worse = [d for d in self.decisions if d.mark not in (Mark.BEST, Mark.GOOD)]
        return tuple(sorted(worse, key=lambda d: -d.cost)[:BIGGEST])


def moments_of(rules: Ruleset, seed: int, actions: Sequence[Action], hand_index: int,
               seat: int, deals_from: int = 0) -> Iterator[tuple[int, Game, Action]]:
    """Every pass or card of ``seat`` in the hand, with the game as it stood (read it before
    the next one: the same game goes on); ``deals_from``: a deal played again (``Game.deal_again``)."""
    game = Game(rules, seed, deals_from=deals_from)
    for index, action in enumerate(actions):
        if game.hand_index > hand_index:
            return
        if game.hand_index == hand_index and action.seat == seat and isinstance(action, PassAction | PlayAction):
            yield index, game, action
        game.apply(action)


def true_deal(state: HandState) -> Deal:
    """The deal as it truly is: the dealt hands while passing, the cards held in play."""
    hands = state.dealt if state.phase is Phase.PASSING else tuple(state.hands)
    return Deal(tuple(hands), state.kitty)


def to_judge(rules: Ruleset, seed: int, actions: Sequence[Action], hand_index: int, seat: int,
             all_cards: bool = False, deals_from: int = 0) -> list[tuple[int, PlayerView, Action, Deal | None]]:
    """Each decision of ``seat`` in the hand: where it stands in the actions, the view it
    was made from, the action and, for the second opinion (``all_cards``), the true deal."""
    return [(index, game.view(seat), action, true_deal(game.hand) if all_cards else None)
            for index, game, action in moments_of(rules, seed, actions, hand_index, seat, deals_from)]


def budget_of(budget: CoachBudget, all_cards: bool) -> CoachBudget:
    """The budget a review is judged at: the second opinion's own, or the one asked for."""
    return ALL_CARDS_BUDGET if all_cards else budget


def review_hand(rules: Ruleset, seed: int, actions: Sequence[Action], hand_index: int, seat: int,
                review_seed: int = 0, budget: CoachBudget = DEFAULT_BUDGET,
                progress: Progress | None = None, cancel: Cancel = never_cancel,
                all_cards: bool = False) -> HandReview:
    """Judge each decision ``seat`` made in hand ``hand_index`` (0 is the first); with
    ``all_cards``, on the true deal (and ``ALL_CARDS_BUDGET``)."""
    found = to_judge(rules, seed, actions, hand_index, seat, all_cards)
    budget = budget_of(budget, all_cards)
    judged: list[Decision] = []
    for index, view, action, truth in found:
        if cancel():
            break
        rng = random.Random(decision_seed(review_seed, index))
        judged.append(decision_at(index, view, action, *judge_decision(view, action, rng, budget, cancel, truth)))
        if progress is not None:
            progress(len(judged), len(found))
    return HandReview(hand_index, seat, tuple(judged), len(judged) == len(found) and not cancel())


def decision_seed(review_seed: int, action_index: int) -> str:
    """The random source of one decision's judgement: the same wherever it is computed."""
    return f"hearts-desktop-coach:{review_seed}:{action_index}"


def judge_decision(view: PlayerView, action: Action, rng: random.Random,
                   budget: CoachBudget = DEFAULT_BUDGET, cancel: Cancel = never_cancel,
                   truth: Deal | None = None) -> Judged:
    """One pass or card judged from the view it was decided from (or, given ``truth``, on
    the true deal), with the sentence why."""
    passing = isinstance(action, PassAction)
    if isinstance(action, PassAction):
        judgement = judge_pass(view, action.cards, rng, budget, cancel, truth)
    elif isinstance(action, PlayAction):
        judgement = judge_play(view, action.card, rng, budget, cancel, truth)
    else:
        raise TypeError("only passes and cards are reviewed")
    why = reason(view, judgement, passing) if truth is None else all_cards_reason(judgement, passing)
    return judgement, why


def where(trick: int | None) -> str:
    """``"Pass"`` or ``"Trick 3"``: where a decision stands in its hand."""
    # Translators: where a decision stands in its hand: the pass before the first trick.
    return p_("the pass phase", "Pass") if trick is None else _("Trick {number}").format(number=trick + 1)


def decision_at(action_index: int, view: PlayerView, action: Action, judgement: Judgement, why: str) -> Decision:
    trick = None if isinstance(action, PassAction) else len(view.tricks)
    return Decision(action_index, trick, chosen_cards(action), judgement, why)


def chosen_cards(action: Action) -> tuple[Card, ...]:
    """The cards a decision put down: three passed, one played, none for a moon choice."""
    if isinstance(action, PassAction):
        return action.cards
    if isinstance(action, PlayAction):
        return (action.card,)
    return ()


def review_to_json(review: HandReview, all_cards: HandReview | None = None) -> dict[str, Any]:
    """The review as plain data: what the command line prints with ``--json``; with
    ``all_cards``, each decision also carries that second opinion under ``"all_cards"``."""
    second = {} if all_cards is None else {d.action_index: d for d in all_cards.decisions}
    return {
        "hand": review.hand_index,
        "seat": review.seat,
        "complete": review.complete,
        "mean_cost": round(review.mean_cost, 3),
        "biggest": [d.action_index for d in review.biggest],
        "decisions": [
            {
                "action_index": d.action_index,
                "kind": "pass" if d.trick is None else "play",
                "trick": d.trick,
                "chosen": [str(c) for c in d.chosen],
                **_judged_to_json(d),
                **({"all_cards": _judged_to_json(second[d.action_index])} if d.action_index in second else {}),
            }
            for d in review.decisions
        ],
    }


def _judged_to_json(d: Decision) -> dict[str, Any]:
    return {
        "best": [str(c) for c in d.judgement.best.cards],
        "cost": round(d.cost, 3),
        "gap": round(d.judgement.gap, 3),
        "error": round(d.judgement.error, 3),
        "mark": d.mark.value,
        "deals": d.judgement.deals,
        "reason": d.reason,
        "options": [
            {"cards": [str(c) for c in o.cards], "points": round(o.points, 3), "value": round(o.value, 3),
             "moon_plan": o.moon_plan}
            for o in d.judgement.options
        ],
    }
