"""Does the coach rank players as they are? ``python -m benchmarks coach``.

Each level (Easy, Medium, Hard, Expert) plays seat 0 against three Medium on the same deals
(deal ``i`` is hand 1 of the game with seed ``i``, so every pass goes left); the coach
reviews every decision of seat 0. Printed per level: the mean cost per decision with a 95%
interval over hands, the marks, and how long a hand's review took. The bar: Easy > Medium >
Hard >= Expert in mean cost, the first two gaps with intervals apart, the Expert at most
0.15 points a decision.

Because the levels play the same deals, each pair of neighbouring levels also gets the
paired difference: the mean over deals of one level's mean cost per decision in that hand
minus the other's, with its 95% interval. The deal's own difficulty cancels in each
difference, so two levels whose intervals overlap can still be told apart.

Stability: the first ``--stable`` hands of each level are reviewed again with another seed
(other imagined deals); the share of decisions whose mark changes is printed per level and
over all levels (bar: 2%, issue 42).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool

from hearts_desktop.bots import make_bot
from hearts_desktop.coach.game import review_hand
from hearts_desktop.coach.review import Mark
from hearts_desktop.engine import Game, Ruleset
from hearts_desktop.words import Level

from .arena import mean_ci95, quantile, ratio_ci95

OPPONENT = Level.MEDIUM
STABILITY_BAR = 0.02
"""At most this share of marks may change when the hands are reviewed with another seed."""


@dataclass(frozen=True, slots=True)
class HandFigures:
    level: Level
    index: int
    costs: tuple[float, ...]
    marks: tuple[str, ...]
    forced: tuple[bool, ...]
    seconds: float
    changed: int | None
    """Decisions whose mark another review seed changed (None: not checked)."""
    changed_unforced: int | None


def review_one(job: tuple[Level, int, bool]) -> HandFigures:
    level, index, check = job
    game = Game(Ruleset(), index)
    bots = [make_bot(level), *(make_bot(OPPONENT) for _ in range(3))]
    rng = random.Random(f"hearts-bench-coach:{level}:{index}")
    while game.hand_index == 0:
        seat = game.to_act()[0]
        game.apply(bots[seat].decide(game.view(seat), rng))
    start = time.perf_counter()
    review = review_hand(game.rules, game.seed, game.actions, 0, 0)
    seconds = time.perf_counter() - start
    marks = tuple(d.mark.value for d in review.decisions)
    forced = tuple(d.judgement.forced for d in review.decisions)
    changed = changed_unforced = None
    if check:
        again = review_hand(game.rules, game.seed, game.actions, 0, 0, review_seed=1)
        flips = [a != b.mark.value for a, b in zip(marks, again.decisions)]
        changed = sum(flips)
        changed_unforced = sum(f for f, forced_ in zip(flips, forced) if not forced_)
    return HandFigures(level, index, tuple(d.cost for d in review.decisions), marks, forced, seconds,
                       changed, changed_unforced)


def run(levels: Sequence[Level], hands: int, stable: int, workers: int) -> dict[str, object]:
    jobs = [(level, index, index < stable) for index in range(hands) for level in levels]
    with Pool(workers) as pool:
        figures = pool.map(review_one, jobs, chunksize=1)
    return summarize(figures, levels, hands)


def paired_difference(first: Sequence[HandFigures], second: Sequence[HandFigures]) -> tuple[float, float, float]:
    """Mean and 95% interval over deals of ``first``'s mean cost per decision in a hand minus
    ``second``'s on the same deal: the deal's own difficulty cancels in each difference."""
    theirs = {f.index: f for f in second}
    return mean_ci95([statistics.fmean(f.costs) - statistics.fmean(theirs[f.index].costs) for f in first])


def summarize(figures: Sequence[HandFigures], levels: Sequence[Level], hands: int) -> dict[str, object]:
    """The report of reviewed hands: figures per level, then each neighbouring pair's paired difference."""
    report: dict[str, object] = {"hands": hands, "opponents": OPPONENT, "levels": {}}
    per_level: dict[str, dict[str, object]] = {}
    for level in levels:
        mine = [f for f in figures if f.level == level]
        mean, low, high = ratio_ci95([(sum(f.costs), len(f.costs)) for f in mine])
        marks = Counter(m for f in mine for m in f.marks)
        seconds = sorted(f.seconds for f in mine)
        checked = [f for f in mine if f.changed is not None]
        decisions = sum(len(f.costs) for f in checked)
        unforced = sum(f.forced.count(False) for f in checked)
        per_level[level] = {
            "mean_cost": round(mean, 3), "ci95": [round(low, 3), round(high, 3)],
            "decisions": sum(len(f.costs) for f in mine),
            "marks": {m.value: marks[m.value] for m in Mark},
            "review_seconds_median": round(statistics.median(seconds), 2),
            "review_seconds_p95": round(quantile(seconds, 0.95), 2),
            "mark_changed_share": round(sum(f.changed or 0 for f in checked) / max(1, decisions), 4),
            "mark_changed_share_unforced": round(sum(f.changed_unforced or 0 for f in checked) / max(1, unforced), 4),
            "stability_decisions": decisions,
        }
    report["levels"] = per_level
    paired: dict[str, dict[str, object]] = {}
    for first, second in zip(levels, levels[1:]):
        mean, low, high = paired_difference([f for f in figures if f.level == first],
                                            [f for f in figures if f.level == second])
        paired[f"{first}-{second}"] = {"mean_difference": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}
    report["paired"] = paired
    checked = [f for f in figures if f.changed is not None]
    report["stability"] = {"decisions": sum(len(f.costs) for f in checked),
                           "changed": sum(f.changed or 0 for f in checked), "bar_share": STABILITY_BAR}
    return report


def print_report(report: dict[str, object]) -> None:
    levels = report["levels"]
    assert isinstance(levels, dict)
    print(f"{report['hands']} hands, seat 0 against three {report['opponents']}, every decision of seat 0 reviewed")
    print(f"{'level':8} {'mean cost':>9} {'95% interval':>16} {'decisions':>9}  marks (best/good/inacc./mistake/blunder)"
          f"  review s median/p95  marks changed by another seed (all / unforced)")
    for level, f in levels.items():
        marks = "/".join(str(v) for v in f["marks"].values())
        print(f"{level:8} {f['mean_cost']:9.3f} {f['ci95']!s:>16} {f['decisions']:9}  {marks:38}"
              f"  {f['review_seconds_median']:.2f}/{f['review_seconds_p95']:.2f}"
              f"  {100 * f['mark_changed_share']:.1f}% / {100 * f['mark_changed_share_unforced']:.1f}%"
              f" of {f['stability_decisions']}")
    paired = report["paired"]
    assert isinstance(paired, dict)
    if paired:
        print("paired difference of mean cost per decision, hand by hand on the same deals:")
    for pair, d in paired.items():
        print(f"{pair.replace('-', ' - '):16} {d['mean_difference']:9.3f} {d['ci95']!s:>16}")
    stability = report["stability"]
    assert isinstance(stability, dict)
    if stability["decisions"]:
        share = stability["changed"] / stability["decisions"]
        verdict = "holds" if share <= stability["bar_share"] else "not met"
        print(f"marks changed by another review seed: {stability['changed']} of {stability['decisions']} "
              f"({100 * share:.1f}%; bar {100 * stability['bar_share']:.0f}%: {verdict})")


def main(hands: int, stable: int, workers: int, as_json: bool, levels: Sequence[Level]) -> int:
    report = run(levels, hands, stable, workers)
    print_report(report)
    if as_json:
        print(json.dumps(report))
    return 0
