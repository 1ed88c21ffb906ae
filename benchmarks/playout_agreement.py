"""Do the coach's playout opponents play like strong players? ``python -m benchmarks playout-agreement``.

The coach judges a decision by playing sampled deals out; the other seats there play
Medium's rules for the trick judged and the fast rules (``PlayoutPolicy``) after it
(``review.playout_policy``), both knowing what the player judged knows of a moon (the
seat it reads as a shooter: ``PlayoutPolicy.start``). This replays arena games whose journals hold their cards
(``arena.replay``) and, at every card a strong player chose (the sparring partner, the
Expert, Hard: players the playout rules were not written from), asks both what they would
play from the same position with the same cards. They are asked as in a playout: the
position is the true deal, each seat reading only its own hand and what is public; the
player judged is the one to play (what it knows of a moon is what the policy is started with).

Two cards agree when the choice between them cannot matter (``distinct_plays``: the 6 or
the 7 of a suit whose cards between them are gone). Agreement is printed for every strong
decision and by situation, for each strong player separately, so that no single player
defines what is right; a decision can be in several situations. Where a situation has a
textbook act (drop the queen under another's higher spade; take a trick without points,
playing last, with the highest card that carries none) the share of decisions making it is
printed too, for the player and for both rule sets.
"""

from __future__ import annotations

import json
import lzma
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from hearts_desktop.bots.heuristics import QUEEN_BIT
from hearts_desktop.bots.search import PlayoutPolicy, distinct_plays
from hearts_desktop.coach.review import playout_policy
from hearts_desktop.engine import HandState, Ruleset, preset_by_key, view_of
from hearts_desktop.engine.cards import QUEEN_OF_SPADES, SUIT_MASKS, Suit

from .arena import DealRecord, replay

STRONG: Final = ("sparring", "shooter", "expert", "hard")
"""Players (by arena name, before any ``:N``) whose cards are the yardstick."""
JOURNALS: Final = Path(__file__).parent / "arena_runs"
"""Where the journals read by default are kept (those holding no cards are passed over)."""
SPADES: Final = SUIT_MASKS[Suit.SPADES]


@dataclass(frozen=True, slots=True)
class Situation:
    """A kind of decision, and the textbook act in it if there is one."""

    name: str
    holds: Callable[[HandState, PlayoutPolicy], bool]
    act: Callable[[HandState, int], bool] | None = None


def _led(state: HandState) -> int:
    return SUIT_MASKS[state.led_suit] if state.trick else 0


def _follows(state: HandState) -> bool:
    return bool(state.trick) and bool(state.legal_mask() & _led(state))


def _winning(state: HandState) -> int:
    return max(c for c in state.trick if (1 << c) & _led(state))


def _last(state: HandState) -> bool:
    return len(state.trick) == state.n - 1


def _points_on(state: HandState) -> bool:
    return bool(state.trick_mask & state.t.penalty_mask)


def _queen_under(state: HandState, policy: PlayoutPolicy) -> bool:
    return (_follows(state) and bool(_led(state) & SPADES) and bool(state.legal_mask() & QUEEN_BIT)
            and _winning(state) > QUEEN_OF_SPADES)


def _highest_safe(state: HandState, card: int) -> bool:
    safe = state.legal_mask() & _led(state) & ~state.t.penalty_mask
    return bool(safe) and card == safe.bit_length() - 1


def _lone_taker(state: HandState) -> int:
    """The one seat that has taken points so far (-1: none, or several)."""
    takers = [seat for seat, won in enumerate(state.taken) if won & state.t.penalty_mask]
    return takers[0] if len(takers) == 1 else -1


def _moon_defence(state: HandState, policy: PlayoutPolicy) -> bool:
    shooter = policy.shooter(state)
    return shooter is not None and shooter != state.turn


def _before_defence(state: HandState, policy: PlayoutPolicy) -> bool:
    taker = _lone_taker(state)
    return taker >= 0 and taker != state.turn and policy.shooter(state) is None


SITUATIONS: Final = (
    Situation("every decision", lambda state, policy: True),
    Situation("queen under a higher spade (drops her?)", _queen_under, lambda state, card: card == QUEEN_OF_SPADES),
    Situation("last, no points on the trick (highest safe card?)",
              lambda state, policy: _follows(state) and _last(state) and not _points_on(state), _highest_safe),
    Situation("a lone taker past the moon threshold", _moon_defence),
    Situation("a lone taker short of the moon threshold", _before_defence),
    Situation("discard, void in the suit led", lambda state, policy: bool(state.trick) and not _follows(state)),
    Situation("lead", lambda state, policy: not state.trick),
    Situation("follow, points on the trick", lambda state, policy: _follows(state) and _points_on(state)),
)


@dataclass(slots=True)
class Tally:
    """One strong player's decisions in one situation."""

    decisions: int = 0
    medium: int = 0
    """Decisions where Medium's rules (the coach's playouts in the trick judged) agree."""
    fast: int = 0
    """Decisions where the fast rules (the playouts after that trick) agree."""
    acts: list[int] = field(default_factory=lambda: [0, 0, 0])
    """The textbook act made by the player, by Medium's rules and by the fast rules."""

    def to_json(self) -> dict[str, int | list[int]]:
        return {"decisions": self.decisions, "medium_agrees": self.medium, "fast_agrees": self.fast,
                "acts": list(self.acts)}


@dataclass(slots=True)
class Agreement:
    """Tallies by situation, then by player; the games replayed and the journals passed over."""

    tallies: dict[str, dict[str, Tally]] = field(default_factory=lambda: {s.name: {} for s in SITUATIONS})
    games: int = 0
    skipped: list[str] = field(default_factory=list)


def strong(name: str) -> bool:
    return name.partition(":")[0] in STRONG


def read_journal(path: Path) -> tuple[dict[str, Any], list[DealRecord]]:
    """An arena journal's header and its finished deals (a journal still being written ends in
    a line that is not; ``.xz`` journals are read as they are)."""
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt", encoding="utf-8") as file:
        lines = file.read().split("\n")[:-1]  # the text after the last line end is unfinished
    return json.loads(lines[0]), [DealRecord(**json.loads(line)) for line in lines[1:]]


def measure(paths: Iterable[Path]) -> Agreement:
    """Replay the journals at ``paths`` and ask both rule sets at every strong player's card."""
    agreement = Agreement()
    for path in paths:
        header, records = read_journal(path)
        lineup = [str(name) for name in header["lineup"]]
        played = [r for r in records if r.plays]
        if not played or not any(strong(name) for name in lineup):
            agreement.skipped.append(f"{path.name} ({'no strong player' if played else 'no cards kept'})")
            continue
        rules = preset_by_key(str(header["preset"])).rules
        for record in sorted(played, key=lambda r: r.index):
            agreement.games += len(record.plays)
            for decision in replay(rules, lineup, int(header["seed"]), record):
                if strong(decision.player):
                    ask(agreement, rules, decision.state, decision.player, decision.card)
    return agreement


def ask(agreement: Agreement, rules: Ruleset, state: HandState, player: str, card: int) -> None:
    """What Medium's rules and the fast rules play where ``player`` played ``card``, tallied."""
    view = view_of(state, state.turn)
    groups = distinct_plays(view)
    if len(groups) == 1:
        return  # a forced card says nothing about anyone's judgement
    group_of = {int(c): frozenset(map(int, g)) for g in groups for c in g}
    answers = []
    for horizon in (1, 0):  # in the trick judged (Medium's rules), then past it (the fast rules)
        policy = playout_policy(rules)
        policy.start(view)
        policy.horizon = len(view.tricks) + horizon
        answers.append(policy.choose(state, view.played_mask, policy.watched(state)))
    watch = PlayoutPolicy(rules)  # the moon threshold of the fast rules, for a plain reading
    for situation in SITUATIONS:
        if situation.holds(state, watch):
            tally = agreement.tallies[situation.name].setdefault(player, Tally())
            tally.decisions += 1
            tally.medium += answers[0] in group_of[card]
            tally.fast += answers[1] in group_of[card]
            if situation.act is not None:
                for i, chosen in enumerate((card, *answers)):
                    tally.acts[i] += any(situation.act(state, c) for c in group_of[chosen])


def _share(count: int, total: int) -> str:
    return f"{100 * count / total:5.1f}%" if total else "    -"


def report(agreement: Agreement) -> None:
    print(f"{agreement.games} hands replayed; each strong player's unforced cards asked of Medium's rules "
          "(the coach's playouts in the trick judged) and the fast rules (the tricks after it)")
    for skipped in agreement.skipped:
        print(f"passed over: {skipped}")
    for situation in SITUATIONS:
        print(f"\n{situation.name}")
        act = "   textbook act: player / Medium / fast" if situation.act else ""
        print(f"  {'player':<14} {'decisions':>9} {'Medium agrees':>14} {'fast agrees':>12}{act}")
        for player, tally in sorted(agreement.tallies[situation.name].items()):
            acts = ("   " + " / ".join(_share(a, tally.decisions) for a in tally.acts)) if situation.act else ""
            print(f"  {player:<14} {tally.decisions:>9} {_share(tally.medium, tally.decisions):>14} "
                  f"{_share(tally.fast, tally.decisions):>12}{acts}")


def main(paths: Sequence[Path], as_json: bool) -> int:
    chosen = list(paths) or sorted(JOURNALS.glob("*.jsonl*"))
    agreement = measure(chosen)
    report(agreement)
    if as_json:
        print(json.dumps({"games": agreement.games, "situations": {
            name: {player: tally.to_json() for player, tally in players.items()}
            for name, players in agreement.tallies.items()}}))
    return 0
