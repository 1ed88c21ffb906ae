"""A hand's review running in the bot worker: one job per decision, so the window shows
progress as answers come in, stays responsive, and can stop the review at any moment.

Only the reviewed seat's views go to the worker, as with the bots: the coach judges each
decision from what that player could see. Finished reviews are kept by the caller's
``ReviewCache`` (and, through the session, on disk), so opening the same hand again is
instant, also after a restart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import count

from ..bots.inference import Deal
from ..coach.game import Decision, HandReview, budget_of, decision_at, decision_seed, to_judge
from ..coach.review import DEFAULT_BUDGET, CoachBudget
from ..coach.stored import review_key, seen_review_key
from ..engine import ACTION_TYPES, Action, PassAction, PlayAction, PlayerView, Ruleset
from ..words import JobKind, Level
from .bot_runner import BotJob, BotRunner

INLINE_REVIEW = CoachBudget(first=8, batch=8, most=8, pass_screen=4)
"""The coach's budget when it thinks in the render loop (tests, the fuzzer): enough to
exercise every path without stalling the window for a whole review."""


class ReviewCache:
    """Finished reviews by the digest of what they depend on (``coach.stored.review_key``:
    two games dealt from one seed never share one), oldest first; ``keep`` is told the
    whole collection after each new review, to put it on disk."""

    def __init__(self, reviews: dict[str, HandReview] | None = None,
                 keep: Callable[[dict[str, HandReview]], None] | None = None) -> None:
        self.reviews = dict(reviews or {})
        self.keep = keep

    def get(self, key: str) -> HandReview | None:
        return self.reviews.get(key)

    def put(self, key: str, review: HandReview) -> None:
        self.reviews.pop(key, None)  # the newest last: the file keeps the newest
        self.reviews[key] = review
        if self.keep is not None:
            self.keep(dict(self.reviews))


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the reviewed seat, with the table as the player saw it then."""

    action_index: int
    """The decision's place: in the game's actions, or (at a friend's network table, which
    holds no game) in its hand, from ``Step.seen``."""
    view: PlayerView
    action: Action
    truth: Deal | None = None
    """The true deal, for the second opinion with all cards shown alone."""

    @property
    def trick(self) -> int | None:
        """The trick the card went to (0 is the first), or None for the pass."""
        return None if isinstance(self.action, PassAction) else len(self.view.tricks)

    @classmethod
    def seen(cls, view: PlayerView, action: PassAction | PlayAction) -> Step:
        """A decision known only from the view it was made from: numbered by its place in
        the hand (the pass first, then each card by the cards already played)."""
        played = sum(len(trick.cards) for trick in view.tricks) + len(view.trick)
        return cls(0 if isinstance(action, PassAction) else 1 + played, view, action)


class HandReviewer:
    """Submits one judging job per decision and gathers the answers in game order."""

    def __init__(self, runner: BotRunner, steps: Sequence[Step], key: str, hand_index: int, seat: int,
                 cache: ReviewCache, review_seed: int = 0, budget: CoachBudget = DEFAULT_BUDGET,
                 job_ids: Callable[[], int] | None = None, background: bool = False) -> None:
        """Judge ``steps``, filed in ``cache`` under ``key``: use ``of_game`` or ``of_seen``."""
        self.runner = runner
        self.hand_index = hand_index
        self.seat = seat
        self.cache = cache
        self.steps = list(steps)
        self.key = key
        self.judged: dict[int, Decision] = {}
        self._jobs: dict[int, Step] = {}
        self._failed = False
        cached = cache.get(self.key)
        if cached is not None:
            self.judged = {d.action_index: d for d in cached.decisions}
            return
        next_id = job_ids or count(1).__next__
        for step in self.steps:
            job_id = next_id()
            self._jobs[job_id] = step
            runner.submit(BotJob(job_id, JobKind.JUDGE, Level.EXPERT, step.view, decision_seed(review_seed, step.action_index),
                                 chosen=step.action, budget=budget, truth=step.truth, background=background))

    @classmethod
    def of_game(cls, runner: BotRunner, rules: Ruleset, seed: int, actions: Sequence[Action], hand_index: int,
                seat: int, cache: ReviewCache, review_seed: int = 0, budget: CoachBudget = DEFAULT_BUDGET,
                job_ids: Callable[[], int] | None = None, background: bool = False,
                all_cards: bool = False, deals_from: int = 0) -> HandReviewer:
        """``seat``'s decisions in hand ``hand_index`` of a game held here (at home, or hosted);
        with ``all_cards``, the second opinion judged on the true deals; ``deals_from``: the
        game is a deal played again (``Game.deal_again``)."""
        steps = [Step(*moment) for moment in to_judge(rules, seed, actions, hand_index, seat, all_cards, deals_from)]
        last = steps[-1].action_index + 1 if steps else 0
        budget = budget_of(budget, all_cards)
        key = review_key(rules, seed, seat, review_seed, budget, actions[:last], all_cards, deals_from)
        return cls(runner, steps, key, hand_index, seat, cache, review_seed, budget, job_ids, background)

    @classmethod
    def of_seen(cls, runner: BotRunner, steps: Sequence[Step], hand_index: int, seat: int, cache: ReviewCache,
                review_seed: int = 0, budget: CoachBudget = DEFAULT_BUDGET,
                job_ids: Callable[[], int] | None = None) -> HandReviewer:
        """A friend's decisions at a network table, from the views the host sent for them."""
        key = seen_review_key(seat, review_seed, budget, [(s.view, s.action) for s in steps])
        return cls(runner, steps, key, hand_index, seat, cache, review_seed, budget, job_ids)

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions judged, decisions in the hand)."""
        return len(self.judged), len(self.steps)

    @property
    def complete(self) -> bool:
        return len(self.judged) == len(self.steps)

    @property
    def failed(self) -> bool:
        """Whether the worker could not judge some decision (the review stays incomplete)."""
        return self._failed

    def poll(self) -> bool:
        """Take in the worker's answers; True when something new was judged."""
        if not self._jobs:
            return False
        cached = self.cache.get(self.key)
        if cached is not None:  # another reviewer of the hand (the background coach) finished it
            self.cancel()
            self.judged = {d.action_index: d for d in cached.decisions}
            return True
        news = False
        for answer in self.runner.poll():
            step = self._jobs.pop(answer.job_id, None)
            if step is None:
                continue
            result = answer.result  # a judge job's (judgement, why); an engine action is a tuple too
            if answer.error is not None or not isinstance(result, tuple) or isinstance(result, ACTION_TYPES):
                self._failed = True
                continue
            judgement, why = result
            self.judged[step.action_index] = decision_at(step.action_index, step.view, step.action, judgement, why)
            news = True
        if self.complete and self.cache.get(self.key) is None:
            self.cache.put(self.key, self.review())
        return news

    def review(self) -> HandReview:
        """The decisions judged so far, in the order they were made."""
        decisions = tuple(self.judged[s.action_index] for s in self.steps if s.action_index in self.judged)
        return HandReview(self.hand_index, self.seat, decisions, self.complete)

    def cancel(self) -> None:
        """Stop the jobs still running or waiting; what was judged stays."""
        if self._jobs:
            self.runner.cancel(list(self._jobs))
            self._jobs.clear()

    def close(self) -> None:
        """Stop the work and close the runner (the review's own, or its client of a shared one)."""
        self.cancel()
        self.runner.close()

