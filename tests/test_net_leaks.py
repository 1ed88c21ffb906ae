"""No message to a seat ever holds a card that seat may not know (issue 22's leak property).

Random games (every variant: kitty, three and five players, scatter passes, the shooter's
choice), friends who drop, come back with their token or join afresh and are given their
seat back by the host, and a host
who plays or not: every message the host sends is checked by ``LeakAudit``, which reads
it as plain JSON against what the rules let that seat know then, worked out from the
host's game, not from the redaction code.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.audit import LeakAudit
from hearts_desktop.engine import MoonScoring, PassCycle, Ruleset, cards_of
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Level, SeatKind

from .net_play import NetTable, net_table, seat_friends

VARIANTS = (
    Ruleset(target=25),
    Ruleset.for_players(3, kitty=True, target=25, moon=MoonScoring.SHOOTERS_CHOICE),
    Ruleset.for_players(5, kitty=True, target=25),
    Ruleset.for_players(3, target=25, black_maria_spades=True),
    Ruleset(pass_cycle=PassCycle.SCATTER, target=25, jack_of_diamonds=True),
    Ruleset.for_players(5, target=25, pass_cycle=PassCycle.ALWAYS_LEFT, spot_scoring=True),
    Ruleset(moon=MoonScoring.SHOOTERS_CHOICE, target=25, pass_cycle=PassCycle.NO_PASSING),
)


def audited_table(audit: LeakAudit, rules: Ruleset, seats: list[Seat], seed: int) -> NetTable:
    return seat_friends(net_table(rules, seats, seed, audit=audit))


def seat_plan(players: int, host_plays: bool, friends: int) -> list[Seat]:
    seats = [Seat("Host", SeatKind.HUMAN if host_plays else SeatKind.COMPUTER, Level.EASY)]
    for index in range(1, players):
        kind = "remote" if index <= friends else "computer"
        seats.append(Seat(f"Seat {index}", kind, Level.EASY))  # type: ignore[arg-type]
    return seats


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    host_plays=st.booleans(),
    friends=st.integers(1, 4),
    faults=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 3), st.sampled_from(["drop", "afresh"])),
                    max_size=6),
)
def test_no_message_holds_a_card_its_seat_may_not_know(
    variant: Ruleset, seed: int, host_plays: bool, friends: int, faults: list[tuple[int, int, str]]
) -> None:
    audit = LeakAudit()
    friends = min(friends, variant.players - 1)
    table = audited_table(audit, variant, seat_plan(variant.players, host_plays, friends), seed)
    table.gives_seats = True
    schedule = {step: (index, kind) for step, index, kind in faults}

    def fault(step: int) -> None:
        if step not in schedule:
            return
        index, kind = schedule[step]
        friend = table.friends[index % len(table.friends)]
        if kind == "drop":
            friend.drop()  # comes back by itself with its token
        elif friend.state == "playing":
            friend.leave()
            table.join(friend.name)  # a new program, no token: the host gives the seat back

    table.run(lambda: table.host.over, steps=40_000, each=fault)
    assert audit.leaks == []
    assert audit.cards_checked > 100
    for _ in range(100):  # a friend reconnecting at the end is sent the final table too
        if all(f.over for f in table.friends if f.state == "playing"):
            break
        table.step(play=False)
    assert all(f.over for f in table.friends if f.state == "playing")


def test_the_checker_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The property can fail: the same game with redaction switched off leaks at once."""
    import hearts_desktop.net.hosted_game as hosted_game

    audit = LeakAudit()
    monkeypatch.setattr(hosted_game, "redact", lambda event, seat: event)
    table = audited_table(audit, Ruleset(), seat_plan(4, False, 3), 3)
    table.run(lambda: bool(audit.leaks), steps=2000)
    assert "at events" in audit.leaks[0]


def test_a_kitty_stays_hidden_until_the_hand_is_scored() -> None:
    audit = LeakAudit()
    rules = Ruleset.for_players(3, kitty=True, target=25)
    table = audited_table(audit, rules, seat_plan(3, False, 2), 11)
    kitty = {str(c) for c in cards_of(table.host.game.hand.kitty)}
    seen_at_scoring: set[str] = set()

    def look(step: int) -> None:
        for friend in table.friends:
            for result in friend.results:
                seen_at_scoring.update(str(c) for c in result.kitty)

    table.run(lambda: len(table.host.results) >= 1 and table.friends[0].results != [], steps=5000, each=look)
    look(0)
    assert audit.leaks == []
    assert kitty and kitty <= seen_at_scoring
