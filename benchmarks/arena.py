"""Bots against bots on duplicate deals: ``python -m benchmarks.arena --seats medium,easy,easy,easy``.

Each deal is played once per rotation of the line-up (n times with n players), so every
bot holds every seat's cards once and the luck of the deal cancels. Hands are scored one
by one (single hands from a seeded deal, not whole games); the figures are points per
hand. Confidence intervals are computed over deals, from each deal's average over its
rotations, because the rotations of one deal are not independent of each other.

A bot only ever receives ``view_of(state, seat)`` (the ``seer``, a measuring stick and no
player, is shown hidden hands too); the arena validates every answer with the engine's
checked moves, so an illegal card stops the run with the engine's reason.
``run_arena`` is the same measurement as a function, for other benchmarks.

A long run (the sparring partner at full strength takes hours) can keep a journal
(``--journal PATH``): every finished deal is appended to it as it comes in, and a run given
the same journal plays only the deals it lacks, so a stopped run resumes, and the deals
finished so far can be summarised at any time (run again with ``--hands`` at most the
number done). A journal holds every card of every rotation (``DealRecord.passes`` and
``plays``), so its games can be replayed card by card (``replay``): the playout-agreement
benchmark asks other players what they would have played in the same positions.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hearts_desktop.bots import Bot, never_cancel
from hearts_desktop.bots.search import SAFETY_CAP
from hearts_desktop.engine import HandState, PassAction, PlayAction, Ruleset, view_of
from hearts_desktop.engine.hand import deal
from hearts_desktop.engine.rules import preset_by_key
from hearts_desktop.words import Level

from .opponents import OPPONENTS, Seer, make_player

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval (deals number in the hundreds or more)."""
CHUNK_DEALS = 20
"""Most deals a worker plays per job: few enough that a small run still uses every worker."""
JOURNAL_CHUNK_DEALS = 2
"""The same with a journal: a stopped run loses at most this many deals a worker."""


@dataclass(slots=True)
class DealRecord:
    """One deal played in every rotation: ``points[r][i]`` is line-up entry ``i``'s score
    in rotation ``r`` (where entry ``i`` sits in seat ``(i + r) % n``)."""

    index: int
    points: list[list[int]]
    moons: list[int]
    sweeps: list[int]
    decision_seconds: list[list[float]]
    safety_caps: list[int]
    """Decisions per line-up entry cut short by their budget's wall-clock cap (``SAFETY_CAP``)."""
    shooters: list[int] = field(default_factory=list)
    """Per rotation, the line-up entry that shot the moon or swept the tricks, -1 if none
    (empty in journals written before it was kept)."""
    passes: list[list[list[int]]] = field(default_factory=list)
    """Per rotation, the cards each seat passed (by seat, in the order given; empty lists in
    a hand without passing); empty in journals written before the cards were kept."""
    plays: list[list[int]] = field(default_factory=list)
    """Per rotation, every card played, in order (empty in journals written before it was kept)."""


@dataclass(frozen=True, slots=True)
class BotFigures:
    name: str
    seat: int
    """The bot's seat in the first rotation (its place in the line-up)."""
    mean_points: float
    ci95: tuple[float, float]
    moons: int
    moon_rate: float
    sweeps: int
    decisions: int
    decision_ms_median: float
    decision_ms_p95: float
    safety_caps: int
    """Decisions that hit the wall-clock safety cap: their answers depended on the clock."""


@dataclass(frozen=True, slots=True)
class ArenaResult:
    preset: str
    seed: int
    hands: int
    """Deals; each was played once per rotation."""
    hands_played: int
    seat0_minus_others: tuple[float, float, float]
    """Mean, low and high of the 95% interval of seat 0's points minus the others' mean."""
    seat0_share: tuple[float, float, float]
    """Seat 0's points as a share of the others' mean, with its 95% interval (a ratio of two
    noisy means is itself noisy: a bar such as "at most 60%" is met clearly only if the
    interval stays under it)."""
    bots: tuple[BotFigures, ...]
    seconds: float
    workers: int
    deal_differences: tuple[tuple[int, float], ...] = ()
    """Per deal (by index), seat 0's points minus the others' mean over its rotations: what
    ``--compare`` pairs across runs on the same deals."""
    moon_split: tuple[MoonPart, ...] = ()
    """Seat 0's points minus the others' mean split by what happened in the hand: nobody shot
    the moon, seat 0 shot it, another seat shot it (a sweep counts as a moon). Each part is
    a share of the whole: the parts add up to ``seat0_minus_others``'s mean."""

    def to_json(self) -> dict[str, Any]:
        mean, low, high = self.seat0_minus_others
        return {
            "preset": self.preset,
            "seed": self.seed,
            "hands": self.hands,
            "hands_played": self.hands_played,
            "seat0_minus_others": {"mean": round(mean, 4), "ci95": [round(low, 4), round(high, 4)]},
            "seat0_share": {"mean": round(self.seat0_share[0], 5),
                            "ci95": [round(self.seat0_share[1], 5), round(self.seat0_share[2], 5)]},
            "bots": [
                {
                    "name": b.name,
                    "seat": b.seat,
                    "mean_points": round(b.mean_points, 4),
                    "ci95": [round(b.ci95[0], 4), round(b.ci95[1], 4)],
                    "moons": b.moons,
                    "moon_rate": round(b.moon_rate, 5),
                    "sweeps": b.sweeps,
                    "decisions": b.decisions,
                    "decision_ms_median": round(b.decision_ms_median, 4),
                    "decision_ms_p95": round(b.decision_ms_p95, 4),
                    "safety_caps": b.safety_caps,
                }
                for b in self.bots
            ],
            "seconds": round(self.seconds, 2),
            "workers": self.workers,
            "per_deal": [[index, round(difference, 6)] for index, difference in self.deal_differences],
            "moon_split": [{"hands": part.name, "count": part.hands, "points_per_hand": round(part.points, 4)}
                           for part in self.moon_split],
        }

    def table(self) -> str:
        """The figures as a plain-text table for people."""
        players = len(self.bots)
        lines = [
            (
                f"arena: preset {self.preset}, seed {self.seed}, {self.hands} deals x {players} rotations "
                f"= {self.hands_played} hands, {self.workers} worker(s), {self.seconds:.1f} s"
            ),
            (
                f"{'bot':<10} {'seat':>4} {'points/hand':>11} {'95% CI':>17} {'moons':>6} {'moon rate':>9} "
                f"{'sweeps':>6} {'decisions':>9} {'ms median':>9} {'ms p95':>7} {'capped':>6}"
            ),
        ]
        for b in self.bots:
            ci = f"[{b.ci95[0]:.3f}, {b.ci95[1]:.3f}]"
            lines.append(
                f"{b.name:<10} {b.seat:>4} {b.mean_points:>11.3f} {ci:>17} {b.moons:>6} "
                f"{b.moon_rate:>9.2%} {b.sweeps:>6} {b.decisions:>9} {b.decision_ms_median:>9.3f} "
                f"{b.decision_ms_p95:>7.3f} {b.safety_caps:>6}"
            )
        mean, low, high = self.seat0_minus_others
        verdict = "excludes 0" if low > 0 or high < 0 else "includes 0" if low < high else "identical"
        lines.append(
            f"seat 0 ({self.bots[0].name}) minus the others' mean: {mean:+.3f} points/hand, "
            f"95% CI [{low:+.3f}, {high:+.3f}] ({verdict}; over {self.hands} deals)"
        )
        share, low, high = self.seat0_share
        lines.append(
            f"seat 0 ({self.bots[0].name}) scores {share:.1%} of the others' mean, "
            f"95% CI [{low:.1%}, {high:.1%}]"
        )
        if self.moon_split:
            parts = "; ".join(f"{part.name} {part.points:+.3f} ({part.hands} hand{'s' * (part.hands != 1)})"
                              for part in self.moon_split)
            lines.append(f"seat 0 minus the others' mean, by hand (parts of the whole): {parts}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class MoonPart:
    """One part of seat 0's points minus the others' mean: the hands of one kind, summed and
    divided by every hand played (so the parts add up to the whole)."""

    name: str
    hands: int
    points: float


def arena_rng(seed: int, *parts: int) -> random.Random:
    """A random source per deal (and per bot and rotation), independent of worker count."""
    return random.Random(f"hearts-arena:{seed}:" + ":".join(map(str, parts)))


def deal_for(rules: Ruleset, seed: int, index: int) -> tuple[list[int], int]:
    """The cards of deal ``index``: the same for every rotation and every run with this seed."""
    return deal(rules, arena_rng(seed, index))


def play_deal(rules: Ruleset, bots: Sequence[Bot], seed: int, index: int) -> DealRecord:
    """Play deal ``index`` once per rotation of the line-up ``bots``."""
    n = rules.players
    hands, kitty = deal_for(rules, seed, index)
    direction = rules.pass_direction(index)
    record = DealRecord(index, [], [0] * n, [0] * n, [[] for _ in range(n)], [0] * n)
    for rotation in range(n):
        entry_at = [(seat - rotation) % n for seat in range(n)]
        shown = tuple(bots[entry].level for entry in entry_at)  # the levels beside the names
        rngs = [arena_rng(seed, index, rotation, entry) for entry in range(n)]
        state = HandState(rules, hands, kitty, direction)
        passes: list[list[int]] = [[] for _ in range(n)]
        plays: list[int] = []
        while seats := state.to_act():
            for seat in seats:
                entry = entry_at[seat]
                view = view_of(state, seat, hand_index=index)
                bot = bots[entry]
                if isinstance(bot, Seer):
                    bot.see(state, entry_at)
                caps_before = SAFETY_CAP.hits
                start = time.perf_counter()
                action = bot.decide(view, rngs[entry], never_cancel, shown)
                record.decision_seconds[entry].append(time.perf_counter() - start)
                record.safety_caps[entry] += SAFETY_CAP.hits - caps_before
                state.apply(action)
                if isinstance(action, PassAction):
                    passes[seat] = [int(c) for c in action.cards]
                elif isinstance(action, PlayAction):
                    plays.append(int(action.card))
        record.passes.append(passes)
        record.plays.append(plays)
        result = state.result
        assert result is not None
        record.points.append([result.points[(entry + rotation) % n] for entry in range(n)])
        if result.moon_shooter is not None:
            record.moons[entry_at[result.moon_shooter]] += 1
        if result.sweeper is not None:
            record.sweeps[entry_at[result.sweeper]] += 1
        shooter = result.moon_shooter if result.sweeper is None else result.sweeper
        record.shooters.append(-1 if shooter is None else entry_at[shooter])
    return record


@dataclass(frozen=True, slots=True)
class Decision:
    """One card played in a journal's game: the position before it and who played it."""

    state: HandState
    """The hand as it stood when the card was chosen (the true deal: every hand is in it)."""
    player: str
    """The line-up name of the player at the seat to act."""
    card: int


def replay(rules: Ruleset, lineup: Sequence[str], seed: int, record: DealRecord) -> Iterator[Decision]:
    """Every card played in ``record``'s rotations, each with the position it was played from."""
    n = rules.players
    hands, kitty = deal_for(rules, seed, record.index)
    for rotation, (passes, plays) in enumerate(zip(record.passes, record.plays)):
        state = HandState(rules, hands, kitty, rules.pass_direction(record.index))
        for seat in state.waiting_to_pass():
            state.pass_cards(seat, passes[seat])
        for card in plays:
            yield Decision(state.copy(), lineup[(state.turn - rotation) % n], card)
            state.play(card)


def _play_chunk(job: tuple[tuple[str, ...], Ruleset, int, tuple[int, ...]]) -> list[DealRecord]:
    names, rules, seed, indices = job
    bots = [make_player(name) for name in names]
    return [play_deal(rules, bots, seed, index) for index in indices]


def _chunks(levels: tuple[str, ...], rules: Ruleset, seed: int, indices: Sequence[int], workers: int,
            most: int) -> Iterator[tuple[tuple[str, ...], Ruleset, int, tuple[int, ...]]]:
    size = max(1, min(most, math.ceil(len(indices) / (4 * workers))))  # ~4 jobs per worker
    for first in range(0, len(indices), size):
        yield levels, rules, seed, tuple(indices[first:first + size])


class Journal:
    """The deals a run has finished, one JSON line each after a header naming the run, so
    that a stopped run resumes where it stopped; a journal of another run is refused."""

    def __init__(self, path: Path, lineup: tuple[str, ...], preset: str, seed: int) -> None:
        self.path = path
        self.header = {"arena_journal": 1, "lineup": list(lineup), "preset": preset, "seed": seed}
        self.records: dict[int, DealRecord] = {}
        if path.exists():
            self._read()
        else:
            path.write_text(json.dumps(self.header) + "\n", encoding="utf-8")

    def _read(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        complete = text[:text.rfind("\n") + 1]  # a record counts once its line is ended
        if complete != text:  # the line being written when the run was stopped
            print(f"arena: {self.path}: an unfinished last line, left out", file=sys.stderr)
        lines = complete.splitlines()
        try:
            header = json.loads(lines[0]) if lines else None
        except json.JSONDecodeError:
            header = None
        if header != self.header:
            raise ValueError(f"{self.path} is not this run's journal (it was written for {header}); "
                             "give another path, or the run's own --seats, --preset and --seed")
        for number, line in enumerate(lines[1:], start=2):
            try:
                record = DealRecord(**json.loads(line))
            except (json.JSONDecodeError, TypeError) as error:
                raise ValueError(f"{self.path}:{number}: not a deal record ({error})") from None
            self.records[record.index] = record
        if complete != text:
            os.truncate(self.path, len(complete.encode("utf-8")))  # so new records start on a line of their own

    def add(self, records: Sequence[DealRecord]) -> None:
        with self.path.open("a", encoding="utf-8") as file:
            for record in records:
                file.write(json.dumps(dataclasses.asdict(record)) + "\n")
                self.records[record.index] = record


def run_arena(
    levels: Sequence[str],
    hands: int,
    seed: int = 1,
    preset: str | Ruleset = "standard",
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    journal: Path | None = None,
) -> ArenaResult:
    """Play ``hands`` duplicate deals with the line-up ``levels`` (one player per seat: a
    level, or an outside opponent of ``opponents.py``).

    ``progress(done, hands)`` is called as deals finish. The figures do not depend on
    ``workers``: every deal and every bot's random source is derived from the seed. With a
    ``journal``, deals it holds are not played again and finished ones are added to it.
    """
    rules = preset_by_key(preset).rules if isinstance(preset, str) else preset
    lineup = tuple(levels)
    if len(lineup) != rules.players:
        raise ValueError(f"these rules seat {rules.players} players; got {len(lineup)} bots")
    if hands < 2:
        raise ValueError("play at least 2 deals, so that an interval can be estimated")
    start = time.perf_counter()
    kept = Journal(journal, lineup, preset if isinstance(preset, str) else "custom", seed) if journal else None
    records = [r for i, r in sorted(kept.records.items()) if i < hands] if kept else []
    missing = sorted(set(range(hands)) - {r.index for r in records})
    jobs = list(_chunks(lineup, rules, seed, missing, max(1, workers), JOURNAL_CHUNK_DEALS if kept else CHUNK_DEALS))

    def finished(chunk: list[DealRecord]) -> None:
        records.extend(chunk)
        if kept:
            kept.add(chunk)
        if progress:
            progress(len(records), hands)

    if workers <= 1:
        for job in jobs:
            finished(_play_chunk(job))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for chunk in pool.imap_unordered(_play_chunk, jobs):
                finished(chunk)
    records.sort(key=lambda r: r.index)
    return summarize(
        records, lineup, preset if isinstance(preset, str) else "custom", seed,
        time.perf_counter() - start, workers,
    )


@dataclass(slots=True)
class _Totals:
    per_deal: list[float] = field(default_factory=list)
    moons: int = 0
    sweeps: int = 0
    seconds: list[float] = field(default_factory=list)
    safety_caps: int = 0


def summarize(
    records: Sequence[DealRecord], lineup: Sequence[str], preset: str, seed: int, seconds: float,
    workers: int,
) -> ArenaResult:
    """Figures from played deals: means and intervals over deals, decision-time quantiles."""
    n = len(lineup)
    totals = [_Totals() for _ in range(n)]
    differences: list[float] = []
    mine_and_theirs = []
    for record in records:
        for entry in range(n):
            mine = [points[entry] for points in record.points]
            totals[entry].per_deal.append(statistics.fmean(mine))
            totals[entry].moons += record.moons[entry]
            totals[entry].sweeps += record.sweeps[entry]
            totals[entry].seconds.extend(record.decision_seconds[entry])
            totals[entry].safety_caps += record.safety_caps[entry]
        # Exact integers until the last division, so identical bots give exactly 0 (and 1).
        others = n - 1
        mine_total = sum(points[0] for points in record.points)
        theirs_total = sum(sum(points[1:]) for points in record.points)
        differences.append((others * mine_total - theirs_total) / (others * len(record.points)))
        mine_and_theirs.append((mine_total, theirs_total / others))
    played = len(records) * n
    bots = []
    for entry, level in enumerate(lineup):
        t = totals[entry]
        mean, low, high = mean_ci95(t.per_deal)
        ordered = sorted(t.seconds)
        bots.append(
            BotFigures(
                name=level,
                seat=entry,
                mean_points=mean,
                ci95=(low, high),
                moons=t.moons,
                moon_rate=t.moons / played,
                sweeps=t.sweeps,
                decisions=len(ordered),
                decision_ms_median=1000 * statistics.median(ordered),
                decision_ms_p95=1000 * quantile(ordered, 0.95),
                safety_caps=t.safety_caps,
            )
        )
    return ArenaResult(
        preset=preset,
        seed=seed,
        hands=len(records),
        hands_played=played,
        seat0_minus_others=mean_ci95(differences),
        seat0_share=ratio_ci95(mine_and_theirs),
        bots=tuple(bots),
        seconds=seconds,
        workers=workers,
        deal_differences=tuple(zip((r.index for r in records), differences)),
        moon_split=moon_split(records),
    )


MOON_PARTS = ("nobody shot", "seat 0 shot", "another seat shot")


def moon_split(records: Sequence[DealRecord]) -> tuple[MoonPart, ...]:
    """Seat 0's points minus the others' mean in the hands nobody shot the moon, seat 0 shot
    it and another seat shot it, each summed over its hands and divided by all the hands:
    how much of the whole each kind of hand makes (empty when a record lacks the shooters)."""
    if not records or any(len(r.shooters) != len(r.points) for r in records):
        return ()
    others = len(records[0].points[0]) - 1
    totals = [0.0] * len(MOON_PARTS)
    counts = [0] * len(MOON_PARTS)
    for record in records:
        for points, shooter in zip(record.points, record.shooters):
            part = 0 if shooter < 0 else 1 if shooter == 0 else 2
            totals[part] += points[0] - sum(points[1:]) / others
            counts[part] += 1
    hands = sum(counts)
    return tuple(MoonPart(name, count, total / hands) for name, count, total in zip(MOON_PARTS, counts, totals))


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and the normal-approximation 95% interval of the mean of independent values."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def ratio_ci95(pairs: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """The ratio of the means of ``x`` and ``y`` over independent ``(x, y)`` pairs, with its
    95% interval by the delta method (its spread is that of ``x - ratio * y``, scaled by
    the mean of ``y``); all NaN when the ``y`` sum to 0 and there is no ratio."""
    total_x = sum(x for x, _ in pairs)
    total_y = sum(y for _, y in pairs)
    if total_y == 0:
        return math.nan, math.nan, math.nan
    ratio = total_x / total_y
    _, low, high = mean_ci95([x - ratio * y for x, y in pairs])
    half = (high - low) / 2 / (total_y / len(pairs))
    return ratio, ratio - half, ratio + half


def quantile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of sorted values."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


@dataclass(frozen=True, slots=True)
class PairedStep:
    """One step of a ladder: ``upper``'s seat-0 figure minus ``lower``'s, deal by deal."""

    upper: str
    lower: str
    deals: int
    difference: tuple[float, float, float]
    """Mean and 95% interval over the deals both runs played (negative: ``upper`` is better)."""

    def line(self) -> str:
        mean, low, high = self.difference
        verdict = "excludes 0" if low > 0 or high < 0 else "includes 0"
        return (f"{self.upper} - {self.lower}: {mean:+.3f} points/hand, 95% CI [{low:+.3f}, {high:+.3f}] "
                f"({verdict}; paired over {self.deals} deals)")


def read_run(path: str) -> dict[str, Any]:
    """The JSON line an arena run with ``--json`` ended with (its table may come before it)."""
    with open(path, encoding="utf-8") as file:
        lines = [line for line in file if line.startswith("{")]
    if not lines:
        raise ValueError(f"{path}: no JSON line (run the arena with --json)")
    figures: dict[str, Any] = json.loads(lines[-1])
    if "per_deal" not in figures:
        raise ValueError(f"{path}: no per-deal figures (written before they were kept)")
    return figures


def paired_ladder(runs: Sequence[dict[str, Any]]) -> list[PairedStep]:
    """Each neighbouring pair of runs (in the order given, weakest first) compared deal by
    deal: the same deals and opponents, so the deal's luck cancels in each difference and
    levels whose own intervals overlap can still be told apart."""
    steps = []
    for lower, upper in zip(runs, runs[1:]):
        for key in ("preset", "seed"):
            if lower[key] != upper[key]:
                raise ValueError(f"runs with different {key}s ({lower[key]} and {upper[key]}) share no deals")
        if [b["name"] for b in lower["bots"][1:]] != [b["name"] for b in upper["bots"][1:]]:
            raise ValueError("runs against different opponents are not a ladder")
        below = dict(map(tuple, lower["per_deal"]))
        pairs = [(difference, below[index]) for index, difference in upper["per_deal"] if index in below]
        if len(pairs) < 2:
            raise ValueError("the runs share fewer than 2 deals")
        steps.append(PairedStep(upper["bots"][0]["name"], lower["bots"][0]["name"], len(pairs),
                                mean_ci95([mine - theirs for mine, theirs in pairs])))
    return steps


def _print_progress(done: int, total: int) -> None:
    print(f"arena: {done}/{total} deals", file=sys.stderr, flush=True)


def _lineup(text: str) -> list[str]:
    """The players of ``--seats``; an unknown one is refused with the list of names."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        try:
            make_player(name)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return names


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.arena", description=__doc__.split("\n")[0])
    parser.add_argument("--seats", type=_lineup, default="medium,easy,easy,easy",
                        help=f"one player per seat, comma-separated: a level ({', '.join(Level)}) or an outside "
                        f"opponent ({', '.join(OPPONENTS)}, sparring:N for N simulations a move, seer:N for the "
                        "Expert shown entry N's hand)")
    parser.add_argument("--hands", type=int, default=2000,
                        help="deals to play; each is played once per rotation of the seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--workers", type=int, default=1, help="processes (use 2 for both cores)")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    parser.add_argument("--journal", type=Path, metavar="PATH",
                        help="append each finished deal to PATH, and play only the deals it lacks (resume a run)")
    parser.add_argument("--compare", nargs="+", metavar="OUTPUT",
                        help="play nothing: read the outputs of --json runs (weakest level first, same seed and "
                        "opponents) and print each neighbouring pair's paired difference over their common deals")
    args = parser.parse_args(argv)
    if args.compare:
        try:
            steps = paired_ladder([read_run(path) for path in args.compare])
        except (OSError, ValueError) as error:
            parser.error(str(error))
        print("\n".join(step.line() for step in steps))
        return 0
    levels: list[str] = args.seats
    last_report = [0.0]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - last_report[0] >= 5.0:
            last_report[0] = now
            _print_progress(done, total)

    try:
        result = run_arena(levels, args.hands, args.seed, args.preset, args.workers, report, args.journal)
    except ValueError as error:
        parser.error(str(error))
    print(result.table())
    if args.json:
        print(json.dumps(result.to_json()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
