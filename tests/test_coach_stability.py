"""Issue 42, part 3: marks that do not move with when the deals stopped or with the seed."""

from __future__ import annotations

from hearts_desktop.coach.review import DEFAULT_BUDGET, Mark, Option, judge, settled

GAP = 2.2
SPREAD = 5.0


def measured(deals: int, gap: float = GAP) -> tuple[Option, Option]:
    """A choice that costs ``gap`` points more than the best on average, deal by deal
    ``gap`` plus or minus ``SPREAD``, over ``deals`` deals."""
    best = Option(("best",), values=[0.0] * deals)  # type: ignore[arg-type]
    chosen = Option(("chosen",), values=[gap + SPREAD * (-1) ** k for k in range(deals)])  # type: ignore[arg-type]
    return chosen, best


def test_an_early_stop_charges_what_the_full_budget_would() -> None:
    """The issue: 192 deals called a choice an inaccuracy (1.37), 1,344 deals on the same
    seed a mistake (2.10): less the doubt of 192 deals, the same gap cost less."""
    costs = {}
    for deals in (DEFAULT_BUDGET.first, DEFAULT_BUDGET.most):
        chosen, best = measured(deals)
        costs[deals] = judge(best, chosen, [chosen, best], deals, DEFAULT_BUDGET)
    early, full = costs[DEFAULT_BUDGET.first], costs[DEFAULT_BUDGET.most]
    assert early.mark is full.mark is Mark.MISTAKE
    assert abs(early.cost - full.cost) < 0.01  # the sample spread differs by n - 1 only


def test_a_cost_near_a_threshold_gets_more_deals_and_a_clear_one_stops_early() -> None:
    chosen, best = measured(DEFAULT_BUDGET.first)
    assert not settled(chosen, [chosen, best], DEFAULT_BUDGET)
    chosen, best = measured(DEFAULT_BUDGET.first, gap=3.5)
    assert settled(chosen, [chosen, best], DEFAULT_BUDGET)
