"""What the defenders could still do against the moons of one arena entry, read from a journal.

``python -m benchmarks.moon_autopsy JOURNAL [--entry 0] [--json]``

For every hand in which the entry shot the moon (or swept), replayed card by card:

* **overtakes**: the point tricks it won on which a defender, to play, held a card of the led
  suit above the winning one while the shooter was winning or still to play: a defender
  could have taken a point and ended the moon there (at a cost of those points);
* **feeds**: the tricks a defender was winning, the shooter already played, on which another
  defender void in the led suit held a heart: a heart given there ends the moon for a point;
* **defenders' tricks**: how many tricks the three others won at all.

And over every hand, how often the entry went on to shoot from a trick's end at which it alone
had taken moon cards, by the tricks it had won by then: how much a lone taker's run shows
before its points do.

A moon with neither chance was not lost in the defenders' following: no point trick of the
shooter's was one they could beat, no defender's trick could take a heart, and they had to throw
their points on its winners. What could still stop it lies before the points (the pass, or keeping a card that wins a later
trick of the suit the shooter leads). Issue 43 used it to choose where to look next.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hearts_desktop.bots.heuristics import winning_card
from hearts_desktop.engine import HandState
from hearts_desktop.engine.cards import HEARTS_MASK, SUIT_MASKS, mask_of
from hearts_desktop.engine.rules import preset_by_key

from .arena import DealRecord, replay


@dataclass
class Autopsy:
    """The chances the defenders had, counted over the entry's moons, and how often the entry
    went on to shoot from each position as the lone taker of points."""

    moons: int = 0
    with_overtake: int = 0
    with_feed: int = 0
    with_either: int = 0
    first_overtake_trick: Counter[int] = field(default_factory=Counter)
    defenders_tricks: Counter[int] = field(default_factory=Counter)
    lone_taker: Counter[int] = field(default_factory=Counter)
    """Tricks' ends before the last at which the entry alone had taken moon cards, by the tricks
    it had won."""
    lone_taker_shot: Counter[int] = field(default_factory=Counter)
    """Of those, the ones in hands it went on to shoot."""

    def to_json(self) -> dict[str, object]:
        return {
            "moons": self.moons,
            "with_overtake": self.with_overtake,
            "with_feed": self.with_feed,
            "with_neither": self.moons - self.with_either,
            "first_overtake_trick": dict(sorted(self.first_overtake_trick.items())),
            "defenders_tricks": dict(sorted(self.defenders_tricks.items())),
            "lone_taker": {won: [count, self.lone_taker_shot[won]] for won, count in sorted(self.lone_taker.items())},
        }

    def table(self) -> str:
        shot = ", ".join(f"{won}: {self.lone_taker_shot[won]}/{count}" for won, count in sorted(self.lone_taker.items()))
        return "\n".join([
            f"moons and sweeps of the entry: {self.moons}",
            f"  a point trick of the shooter a defender could have overtaken: {self.with_overtake}"
            f" (hands by the first such trick: {dict(sorted(self.first_overtake_trick.items()))})",
            f"  a heart a defender could have given to another defender's trick: {self.with_feed}",
            f"  neither chance: {self.moons - self.with_either}",
            f"  tricks the defenders won (hands by count): {dict(sorted(self.defenders_tricks.items()))}",
            f"the entry as the lone taker of points, by tricks it had won: shot/positions {shot}",
        ])


@dataclass
class _Hand:
    """One rotation being replayed: what was seen so far (the engine's state holds the rest)."""

    seat: int
    """The entry's seat."""
    shot: bool
    """Whether the entry shot the moon (or swept) in this hand."""
    could_overtake: bool = False
    """A defender could have beaten the trick on the table (counts if the shooter wins points)."""
    overtake_trick: int = 0
    feed: bool = False


def _chances(hand: _Hand, state: HandState) -> None:
    """Note whether the defender to play could overtake the shooter or give a defender a heart."""
    high = winning_card(tuple(state.trick))
    winner = (state.leader + state.trick.index(high)) % state.n
    legal = state.legal_mask()
    suit = SUIT_MASKS[state.trick[0] // 13]
    shooter_played = (hand.seat - state.leader) % state.n < len(state.trick)
    if (winner == hand.seat or not shooter_played) and legal & suit & ~((2 << high) - 1):
        hand.could_overtake = True
    if shooter_played and winner != hand.seat and not legal & suit and legal & HEARTS_MASK:
        hand.feed = True


def examine(autopsy: Autopsy, preset: str, lineup: Sequence[str], seed: int, record: DealRecord,
            entry: int) -> None:
    """Add ``record``'s hands, as ``entry`` played them, to ``autopsy``."""
    rules = preset_by_key(preset).rules
    n = rules.players
    tables = rules.tables
    hand = _Hand(0, False)
    rotation = -1
    for decision in replay(rules, lineup, seed, record):
        state = decision.state
        if state.tricks_played == 0 and not state.trick:  # a rotation's first card
            rotation += 1
            hand = _Hand((entry + rotation) % n, record.shooters[rotation] == entry)
        if hand.shot and state.trick and state.turn != hand.seat:
            _chances(hand, state)
        if len(state.trick) < n - 1:
            continue
        after = state.copy()  # the trick this card ends, as the engine scores it
        after.play(decision.card)
        finished = after.tricks[-1]
        if (finished.winner == hand.seat and not hand.overtake_trick and hand.could_overtake
                and tables.points_in(mask_of(finished.cards) & tables.penalty_mask)):
            hand.overtake_trick = after.tricks_played
        hand.could_overtake = False
        last = after.tricks_played == tables.tricks_per_hand
        won = after.tricks_won[hand.seat]
        takers = [seat for seat, taken in enumerate(after.taken) if taken & tables.moon_mask]
        if not last and takers == [hand.seat]:
            autopsy.lone_taker[won] += 1
            autopsy.lone_taker_shot[won] += hand.shot
        if last and hand.shot:
            autopsy.moons += 1
            autopsy.defenders_tricks[tables.tricks_per_hand - won] += 1
            autopsy.with_overtake += bool(hand.overtake_trick)
            autopsy.with_feed += hand.feed
            autopsy.with_either += bool(hand.overtake_trick) or hand.feed
            if hand.overtake_trick:
                autopsy.first_overtake_trick[hand.overtake_trick] += 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.moon_autopsy", description=__doc__.split("\n\n")[0])
    parser.add_argument("journal", type=Path, help="an arena journal (arena --journal)")
    parser.add_argument("--entry", type=int, default=0, help="the line-up entry whose moons are examined")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    autopsy = Autopsy()
    try:
        text = args.journal.read_text(encoding="utf-8")
        lines = text[:text.rfind("\n") + 1].splitlines()  # read only: a running arena may be writing the last line
        header = json.loads(lines[0])
        for line in lines[1:]:
            record = DealRecord(**json.loads(line))
            examine(autopsy, header["preset"], header["lineup"], header["seed"], record, args.entry)
    except (OSError, UnicodeDecodeError, IndexError, KeyError, TypeError, ValueError) as error:
        parser.error(f"{args.journal} is not an arena journal we can read ({error})")
    print(autopsy.table())
    if args.json:
        print(json.dumps(autopsy.to_json()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
