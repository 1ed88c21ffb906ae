"""Replay reference hands recorded by an independent engine and compare every decision.

Usage: ``python -m benchmarks.conformance FILE.jsonl [FILE ...]``. Each hand is
replayed through our engine with the ruleset its recorded ``params`` ask for; the legal set
at every play, the trick winners and the points must agree. Exit status: 0 when every hand
agrees, 1 on a mismatch, 2 when a file cannot be read or a hand needs an unknown rule.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts_desktop.engine import (
    Card,
    HandState,
    IllegalMove,
    PassAction,
    Phase,
    PlayAction,
    Ruleset,
    format_cards,
)
from hearts_desktop.engine.cards import iter_bits, mask_of, parse_cards
from hearts_desktop.engine.rules import PassDirection

# Recording switches that must hold their Standard value: we have no such option.
_FIXED_PARAMS = {
    "must_break_hearts": True,
    "can_lead_any_club": False,
    "avoid_all_tricks_bonus": False,
    "can_lead_hearts_instead_of_qs": False,
}
_DIRECTIONS = {
    "left": PassDirection.LEFT,
    "right": PassDirection.RIGHT,
    "across": PassDirection.ACROSS,
    "none": PassDirection.HOLD,
}


class TraceError(Exception):
    """A trace we cannot replay: unreadable, malformed, or needing an unknown rule."""


@dataclass
class Report:
    hands: int = 0
    mismatches: int = 0
    first_mismatch: str | None = None


def ruleset_for(params: dict[str, Any]) -> Ruleset:
    """Our ruleset for a recording's switches (the conformance README's mapping)."""
    for name, required in _FIXED_PARAMS.items():
        if params.get(name, required) != required:
            raise TraceError(
                f"the hand needs the rule {name}={params[name]!r}, which Hearts Desktop "
                f"does not implement"
            )
    return Ruleset(
        points_on_first_trick=not params.get("no_pts_on_first_trick", True),
        queen_breaks_hearts=bool(params.get("qs_breaks_hearts", True)),
        jack_of_diamonds=bool(params.get("jd_bonus", False)),
    )


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise TraceError(f"expected a list of cards, got {value!r:.60}")
    try:
        return parse_cards([str(v) for v in value])
    except ValueError as error:
        raise TraceError(str(error)) from None


def compare_hand(record: dict[str, Any]) -> str | None:
    """Replay one recorded hand; return what first differs, or None when all agrees."""
    try:
        rules = ruleset_for(record["params"])
        direction = _DIRECTIONS[record["pass_direction"]]
        hands = [mask_of(_cards(h)) for h in record["dealt"]]
        state = HandState(rules, hands, 0, direction)
        if direction is not PassDirection.HOLD:
            for seat, passed in enumerate(record["passed"]):
                state.apply(PassAction(seat, _cards(passed)))
        for seat, expected in enumerate(record["hands_after_pass"]):
            if state.hands[seat] != mask_of(_cards(expected)):
                return f"seat {seat}'s hand after the pass differs"
        if state.leader != record["first_leader"]:
            return f"first leader: ours {state.leader}, recorded {record['first_leader']}"
        for number, play in enumerate(record["plays"]):
            ours = state.legal_mask()
            recorded = mask_of(_cards(play["legal"]))
            if state.turn != play["seat"] or ours != recorded:
                return (
                    f"play {number} (seat {play['seat']}): legal ours [{format_cards(iter_bits(ours))}]"
                    f" vs recorded [{format_cards(iter_bits(recorded))}], our turn seat {state.turn}"
                )
            state.apply(PlayAction(play["seat"], _cards([play["card"]])[0]))
    except IllegalMove as error:
        return f"our engine refused a recorded move: {error}"
    except (KeyError, TypeError, IndexError) as error:
        raise TraceError(f"malformed hand record ({type(error).__name__}: {error})") from None
    if state.phase is not Phase.SCORED or state.result is None:
        return "the hand did not finish after the recorded plays"
    winners = [t.winner for t in state.tricks]
    if winners != record["trick_winners"]:
        return f"trick winners: ours {winners}, recorded {record['trick_winners']}"
    expected = list(record["points"])
    sweeper = record.get("all_tricks_seat")
    if sweeper is not None:
        # The recording has no sweep rule; Standard gives every other seat 39, not 26.
        expected = [p if s == sweeper else p - 26 + 39 for s, p in enumerate(expected)]
    if list(state.result.points) != expected:
        return f"points: ours {list(state.result.points)}, recorded (adjusted) {expected}"
    if list(state.result.card_points) != record["raw_points"]:
        return f"card points: ours {list(state.result.card_points)}, recorded {record['raw_points']}"
    return None


def check_file(path: Path, report: Report) -> None:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise TraceError(f"cannot read {path}: {error}") from None
    for line_number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise TraceError(f"{path}:{line_number}: not JSON ({error.msg})") from None
        if not isinstance(record, dict) or record.get("format") != "hearts-trace-v1":
            raise TraceError(f"{path}:{line_number}: not a hearts-trace-v1 record")
        try:
            problem = compare_hand(record)
        except TraceError as error:
            raise TraceError(f"{path}:{line_number}: {error}") from None
        report.hands += 1
        if problem:
            report.mismatches += 1
            if report.first_mismatch is None:
                report.first_mismatch = f"{path}:{line_number}: {problem}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.conformance",
        description="Replay recorded reference hands and compare legal sets and points.",
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE.jsonl")
    args = parser.parse_args(argv)
    report = Report()
    try:
        for path in args.files:
            check_file(path, report)
    except TraceError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{report.hands} hands, {report.mismatches} mismatches")
    if report.first_mismatch:
        print(f"first mismatch: {report.first_mismatch}")
    return 1 if report.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
