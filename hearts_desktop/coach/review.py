"""The coach's judgement of one decision: every option scored from the player's own view.

A decision is judged the way the Expert decides, run as an analysis: deal the cards the
player could not see in every way that agrees with what they could see (their
``PlayerView``: their hand, the cards they passed and were passed, the voids shown), play
the hand out after each option with the Expert's playout rules, and compare the options on
the same deals. Two things differ from the Expert at the table:

* **The budget is work, never time**: deals are counted, so a review replays exactly under
  its seed on any machine. Deals are added in batches until the decision's mark is settled
  (the cost's interval lies inside one mark's band) or the cap is reached, so the clear
  decisions are quick and the close ones get the deals. An option the deals show cannot be
  marked best is no longer dealt (it is out of the race): the deals past it go to the
  choice and the options still in the running, so a cost near a threshold gets more of them.
* **The chosen option is always scored**, even one the Expert would never consider, and a
  pass's best is re-measured on fresh deals after it was picked, so the winner of many
  noisy candidates is not flattered by its luck (which would inflate every cost).

Values are *points*: our points minus the others' mean, scaled by (n - 1) / n. When the
hand's points all go to someone that is exactly the difference in our own points, and a
moon (ours or another's) counts at its true weight.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations

from .. import language
from ..bots.base import Cancel, never_cancel
from ..bots.expert import EXPERT_LOOKAHEAD, MOON_SUCCESS, PASS_POOL, moon_worth_trying
from ..bots.heuristics import QUEEN_BIT
from ..bots.inference import Deal, DealSampler, position_of
from ..bots.knowledge import Knowledge
from ..bots.medium import medium_pass, pass_priority
from ..bots.search import (
    MediumLookahead,
    PlayoutPolicy,
    distinct_plays,
    paired_gap,
    play_out,
    relative_points,
)
from ..engine import CARDS, Card, HandState, MoonScoring, PlayerView, Ruleset
from ..engine.rules import CARDS_PASSED
from ..language import number
from ..words import CoachSentence


class Mark(Enum):
    """How a decision compares with the best, by its cost in points (see ``MARK_LIMITS``)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def label(self) -> str:
        """The mark as the player reads it, in their language (the value is what a review saves)."""
        # Translators: the coach's marks for a decision, best to worst.
        return {Mark.BEST: language.p_("mark", "best"), Mark.GOOD: language.p_("mark", "good"),
                Mark.INACCURACY: language.p_("mark", "inaccuracy"), Mark.MISTAKE: language.p_("mark", "mistake"),
                Mark.BLUNDER: language.p_("mark", "blunder")}[self]


MARK_LIMITS: tuple[tuple[Mark, float], ...] = (
    (Mark.BEST, 0.25),
    (Mark.GOOD, 0.75),
    (Mark.INACCURACY, 2.0),
    (Mark.MISTAKE, 5.0),
)
"""A cost below a limit earns that mark; from the last limit on it is a blunder. The rules
screen quotes these figures."""


def marks_sentence() -> str:
    """The marks and their thresholds, as the rules screen and the command line state them."""
    # Translators: one band of the coach's marks, e.g. "good under 0.75" ({limit} in points).
    bands = [language._("{mark} under {limit}").format(mark=mark.label, limit=_limit(limit)) for mark, limit in MARK_LIMITS]
    # Translators: the last band of the coach's marks, "blunder from 5" ({limit} in points).
    bands.append(language._("{mark} from {limit}").format(mark=Mark.BLUNDER.label, limit=_limit(MARK_LIMITS[-1][1])))
    marks = language._(CoachSentence.MARKS).format(bands=language.join_names(bands))
    return f"{marks} {language._(CoachSentence.EXPECTED_POINTS)}"


def _limit(limit: float) -> str:
    """A mark's limit with the decimals it has (``0.25``, ``2``), written the language's way."""
    return number(limit, len(f"{limit:g}".partition(".")[2]))


def mark_of(cost: float) -> Mark:
    for mark, limit in MARK_LIMITS:
        if cost < limit:
            return mark
    return Mark.BLUNDER


@dataclass(frozen=True, slots=True)
class CoachBudget:
    """Deals per decision: ``first`` at once, then ``batch`` more until settled or ``most``.

    ``confidence`` is how many standard errors the cost's interval spans when asking
    whether it lies inside one mark's band. ``doubt`` is how many standard errors *of the
    full budget* are taken off a cost before it is charged: a difference the deals cannot
    tell from zero is not held against the player, and the charge is the same whether the
    deals stopped early or ran to ``most`` (an early stop's own error is larger, and
    taking it off would make the same choice cheaper the sooner it settled).
    """

    first: int = 192
    batch: int = 192
    most: int = 10752
    """Only a cost near a mark's threshold runs this far: a clear one settles early."""
    confidence: float = 2.5
    doubt: float = 1.0
    pass_screen: int = 32
    """Deals on which every candidate pass is tried before the field is halved."""


DEFAULT_BUDGET = CoachBudget()
ALL_CARDS_BUDGET = CoachBudget(first=1, batch=1, most=1, pass_screen=1)
"""With all cards shown the playouts of an option are all alike: one is enough."""


@dataclass(slots=True)
class Option:
    """One choice (a card, or the cards of a pass) and what the playouts after it showed."""

    cards: tuple[Card, ...]
    moon_plan: bool = False
    """Whether these playouts had us play for the moon (a plan the player could follow)."""
    values: list[float] = field(default_factory=list)
    own_points: int = 0
    """Our own points summed over the playouts (``values`` are against the others)."""
    queen_taken: int = 0
    moons_against: int = 0
    moons_shot: int = 0

    def add(self, points: Sequence[int], state: HandState, seat: int) -> None:
        self.values.append(hand_value(points, seat))
        self.own_points += points[seat]
        result = state.result
        assert result is not None
        self.queen_taken += bool(result.taken[seat] & QUEEN_BIT)
        if result.moon_shooter == seat:
            self.moons_shot += 1
        elif result.moon_shooter is not None:
            self.moons_against += 1

    @property
    def value(self) -> float:
        """Expected points after this choice (lower is better)."""
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def points(self) -> float:
        """Expected points in the words' sense: what we take to the end of the hand, on
        average over the playouts (``value`` is that against the others)."""
        return self.share(self.own_points)

    def share(self, count: int) -> float:
        return count / len(self.values) if self.values else 0.0


def hand_value(points: Sequence[int], seat: int) -> float:
    """Our points minus the others' mean, in the scale of our own points (see the module)."""
    n = len(points)
    return relative_points(points, seat) * (n - 1) / n


@dataclass(frozen=True, slots=True)
class Judgement:
    """The options of one decision, best first, with the chosen one's cost and mark."""

    chosen: Option
    options: tuple[Option, ...]
    cost: float
    """What the choice is charged: ``gap`` less the doubt (see ``CoachBudget.doubt``)."""
    gap: float
    """The measured difference in expected points between the choice and the best."""
    error: float
    """Standard error of the gap, from the per-deal differences."""
    deals: int

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def mark(self) -> Mark:
        return mark_of(self.cost)

    @property
    def forced(self) -> bool:
        return len(self.options) == 1


def judge(best: Option, chosen: Option, options: list[Option], deals: int, budget: CoachBudget,
          exact: bool = False) -> Judgement:
    """The judgement of ``chosen``; ``exact`` when the deals were the true one (no error)."""
    if exact:
        gap, error = chosen.value - best.value, 0.0
    else:
        gap, error = paired_gap(chosen.values, best.values) if chosen is not best else (0.0, 0.0)
        error = 0.0 if error == float("inf") else error
    ordered = sorted(options, key=lambda o: (o is not best, o.value))
    return Judgement(chosen, tuple(ordered), charged(gap, error, budget, len(chosen.values)), gap, error, deals)


def charged(gap: float, error: float, budget: CoachBudget, deals: int) -> float:
    """The cost held against the player: the measured gap less ``budget.doubt`` errors of
    the full budget (``error``, measured on ``deals`` deals, scaled to ``budget.most``)."""
    full_error = error * math.sqrt(min(1.0, deals / budget.most))
    return max(0.0, gap - budget.doubt * full_error)


def settled(chosen: Option, options: Sequence[Option], budget: CoachBudget) -> bool:
    """Whether the chosen option's mark would stand with more deals.

    When the chosen option leads, the question is whether a runner-up could overtake it by
    more than the best mark allows.
    """
    best = min(options, key=lambda o: o.value)
    spread = budget.confidence
    deals = len(chosen.values)
    if chosen is best:
        for other in options:
            if other is not chosen:
                lead, error = paired_gap(other.values, chosen.values)
                if mark_of(charged(spread * error - lead, error, budget, deals)) is not Mark.BEST:
                    return False
        return True
    gap, error = paired_gap(chosen.values, best.values)
    low = charged(gap - spread * error, error, budget, deals)
    return mark_of(low) is mark_of(charged(gap + spread * error, error, budget, deals))


RACE_CONFIDENCE = 3.0
"""Standard errors by which an option must be shown to trail the leader before it is dealt
no more (wider than ``CoachBudget.confidence``: an option out of the race is never looked
at again)."""


def in_race(candidates: Sequence[Sequence[Option]], keep: Sequence[Option], within: float,
            follow: Callable[[Sequence[Option]], Option] = lambda options: options[0]) -> list[Sequence[Option]]:
    """The candidates (each the options of one choice: a card with its moon plans, a pass)
    still worth dealing: those holding an option of ``keep`` (the choice judged) and those
    with an option the deals cannot yet show to trail the leader (the lowest of the options
    a player would ``follow``) by more than ``within`` points: 0 where only the best
    counts, the best mark's limit where any option marked best may be the one shown.

    Every candidate passed in has seen the same deals; one left out stops there, so the
    leader is always taken among those still dealt (a mean over fewer, other deals is not
    comparable)."""
    leader = min((follow(c) for c in candidates), key=lambda o: o.value)

    def still_possible(option: Option) -> bool:
        if option is leader:
            return True
        gap, error = paired_gap(option.values, leader.values)
        return gap - RACE_CONFIDENCE * error <= within

    return [c for c in candidates if any(o is k for o in c for k in keep) or any(still_possible(o) for o in c)]


def _deal_until_settled(deal: Callable[[], None], is_settled: Callable[[], bool], budget: CoachBudget,
                        cancel: Cancel, between_batches: Callable[[], None] = lambda: None) -> int:
    """Play ``budget.first`` deals, then batches, until the mark is settled or the cap is
    reached; how many deals were played. ``between_batches`` runs after each batch that
    leaves the mark unsettled (the race drops options there)."""
    deals = 0
    while deals < budget.most:
        batch = budget.first if deals == 0 else budget.batch
        for _ in range(batch):
            if cancel():  # asked deal by deal: a move waiting for the worker waits a deal at most
                return deals
            deal()
            deals += 1
        if is_settled():
            break
        between_batches()
    return deals


# ----------------------------------------------------------------- playing a card


def dealer(view: PlayerView, truth: Deal | None, knowledge: Knowledge | None = None
           ) -> Callable[[random.Random], Deal]:
    """Where a judgement's deals come from: every deal the view allows, or the true one."""
    if truth is not None:
        return lambda rng: truth
    return DealSampler(view, knowledge).sample


def judge_play(view: PlayerView, card: Card, rng: random.Random,
               budget: CoachBudget = DEFAULT_BUDGET, cancel: Cancel = never_cancel,
               truth: Deal | None = None) -> Judgement:
    """Score every sensibly different legal card against ``card``, the one played (on the
    true deal ``truth`` alone, if given)."""
    groups = distinct_plays(view)
    chosen_group = next(g for g in groups if card in g)
    safe = {g: Option((g[0],) if card not in g else (card,)) for g in groups}
    if len(groups) == 1:
        only = safe[chosen_group]
        return Judgement(only, (only,), 0.0, 0.0, 0.0, 0)
    knowledge = Knowledge.from_view(view)
    trying = moon_worth_trying(view, knowledge)
    plans = {g: (Option(safe[g].cards, moon_plan=True),) if trying else () for g in groups}
    policy = playout_policy(view.rules)
    policy.start(view)
    deal = dealer(view, truth, knowledge)
    racing: list[Sequence[Option]] = [(safe[g], *plans[g]) for g in groups]

    def follow(options: Sequence[Option]) -> Option:
        return _plan_of(options[0], tuple(options[1:]))

    def followed() -> list[Option]:
        return [follow(c) for c in racing]

    def race() -> None:
        racing[:] = in_race(racing, (safe[chosen_group], *plans[chosen_group]), 0.0, follow)

    deals = _deal_until_settled(
        lambda: _play_deal(view, deal(rng), [o for c in racing for o in c], policy),
        lambda: settled(_plan_of(safe[chosen_group], plans[chosen_group]), followed(), budget),
        budget, cancel, race,
    )
    best = min(followed(), key=lambda o: o.value)
    options = [_plan_of(safe[g], plans[g]) for g in groups]
    return judge(best, _plan_of(safe[chosen_group], plans[chosen_group]), options, deals, budget, truth is not None)


def playout_policy(rules: Ruleset) -> MediumLookahead:
    """How the seats play in the playouts of a card judged: Medium's rules in the trick judged
    (``EXPERT_LOOKAHEAD``), the fast rules after it, where nobody pays a trick to stop a lone
    taker's moon before its points show a run or its pass was a shooter's
    (``benchmarks/playout_agreement.py`` measures them against strong players)."""
    policy = MediumLookahead(rules, EXPERT_LOOKAHEAD)
    policy.early_stops = False
    return policy


def _play_deal(view: PlayerView, deal: Deal, options: list[Option], policy: PlayoutPolicy) -> None:
    root = position_of(view, deal)
    played = view.played_mask
    seat = view.seat
    for option in options:
        state = root.copy()
        state.play(option.cards[0])
        points = play_out(state, policy, played | 1 << option.cards[0], seat if option.moon_plan else None)
        option.add(points, state, seat)


def _plan_of(safe: Option, plans: tuple[Option, ...]) -> Option:
    """The option a player would follow: the moon plan only where it nearly always works."""
    for plan in plans:
        if plan.share(plan.moons_shot) >= MOON_SUCCESS and plan.value < safe.value:
            return plan
    return safe


# ----------------------------------------------------------------- passing


def judge_pass(view: PlayerView, cards: tuple[Card, ...], rng: random.Random,
               budget: CoachBudget = DEFAULT_BUDGET, cancel: Cancel = never_cancel,
               truth: Deal | None = None) -> Judgement:
    """Score the pass made against the passes the Expert would consider (on the true deal
    ``truth`` alone, if given; the others' passes are still Medium's, as in every deal).

    The field (Medium's pass and every triple of the cards most worth passing, each a set)
    is screened on a few deals, keeping the passes the deals cannot yet tell from the
    leader; the finalists, the pass made and Medium's pass are then measured on the same
    fresh deals, so the best one's value is not the luckiest of many. Among finalists the
    deals cannot tell apart, the best shown is the one a player would most want to pass
    (``natural_best``).
    """
    t = view.rules.tables
    moon_on = view.rules.moon is not MoonScoring.OFF
    one_target = len(set(view.pass_targets)) == 1
    made = Option(tuple(cards))
    field_: dict[tuple[Card, ...], Option] = {_pass_key(cards, one_target): made}
    usual = tuple(CARDS[c] for c in medium_pass(t, view.hand, moon_on))
    pool = sorted(view.cards(), key=lambda c: -pass_priority(t, c, view.hand))[:PASS_POOL]
    for triple in [usual, *combinations(pool, CARDS_PASSED)]:
        ordered = tuple(sorted(triple, key=lambda c: pass_priority(t, c, view.hand)))
        field_.setdefault(_pass_key(ordered, one_target), Option(ordered))
    deal = dealer(view, truth)
    policy = MediumLookahead(view.rules, 0)
    kept = {_pass_key(cards, one_target), _pass_key(usual, one_target)}
    alive = list(field_.values())
    screened = 0
    while len(alive) > FINALISTS and not cancel():
        for _ in range(budget.pass_screen):
            _pass_deal(view, deal(rng), alive, policy, moon_on)
        screened += budget.pass_screen
        field_size, alive = len(alive), screen_field(alive, kept, one_target, budget)
        if len(alive) == field_size:
            break
    finalists = [Option(o.cards) for o in alive]
    made = next(o for o in finalists if _pass_key(o.cards, one_target) == _pass_key(cards, one_target))
    racing: list[Sequence[Option]] = [(o,) for o in finalists]

    def race() -> None:
        racing[:] = in_race(racing, (made,), MARK_LIMITS[0][1])  # any pass marked best may be shown

    deals = _deal_until_settled(
        lambda: _pass_deal(view, deal(rng), [c[0] for c in racing], policy, moon_on),
        lambda: settled(made, [c[0] for c in racing], budget),
        budget, cancel, race,
    )
    best = natural_best([c[0] for c in racing], budget, lambda o: sum(pass_priority(t, c, view.hand) for c in o.cards))
    return judge(best, made, finalists, screened + deals, budget, truth is not None)


FINALISTS = 4
"""Screening stops when this few passes are left (besides any the deals cannot separate)."""


def screen_field(alive: list[Option], kept: set[tuple[Card, ...]], one_target: bool, budget: CoachBudget) -> list[Option]:
    """The half of the field that leads, with the pass made and Medium's pass always kept,
    and up to ``FINALISTS`` more that the deals so far cannot tell from the leader."""
    ranked = sorted(alive, key=lambda o: o.value)
    leader = ranked[0]
    keep = max(FINALISTS - 1, len(alive) // 2)
    survivors = []
    for rank, option in enumerate(ranked):
        if _pass_key(option.cards, one_target) in kept or rank < keep:
            survivors.append(option)
        elif len(survivors) < keep + FINALISTS:
            gap, error = paired_gap(option.values, leader.values)
            if gap < budget.confidence * error:
                survivors.append(option)
    return survivors


def natural_best(options: Sequence[Option], budget: CoachBudget, preference: Callable[[Option], float]) -> Option:
    """The best option to show: among those whose cost against the lowest would be marked
    best (the deals cannot tell them apart), the one ``preference`` ranks highest."""
    lowest = min(options, key=lambda o: o.value)
    tied = [o for o in options if o is lowest
            or mark_of(charged(*paired_gap(o.values, lowest.values), budget, len(o.values))) is Mark.BEST]
    return max(tied, key=lambda o: (preference(o), -o.value))


def _pass_key(cards: Sequence[Card], one_target: bool) -> tuple[Card, ...]:
    """Passes to one seat are the same pass in any order; scattered ones are not."""
    return tuple(sorted(cards)) if one_target else tuple(cards)


def _pass_deal(view: PlayerView, deal: Deal, options: list[Option], policy: PlayoutPolicy,
               moon_on: bool) -> None:
    t = view.rules.tables
    hands, kitty = deal
    theirs = {s: medium_pass(t, hands[s], moon_on) for s in range(view.players) if s != view.seat}
    for option in options:
        state = HandState(view.rules, hands, kitty, view.direction)
        state.pass_cards(view.seat, option.cards)
        for seat, passed in theirs.items():
            state.pass_cards(seat, passed)
        option.add(play_out(state, policy, 0), state, view.seat)
