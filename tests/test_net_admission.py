"""Admission: idle strangers never push out a friend, and the code limit is table-wide (issue 40).

The first half drives ``net.admission`` alone with a hand-set clock; the second a whole
host over the in-memory link, arrivals batched as the transport delivers them.
"""

from __future__ import annotations

import json

from hearts_desktop.engine import Ruleset
from hearts_desktop.net import protocol as p
from hearts_desktop.net.admission import (
    HELLO_SECONDS,
    MAX_IDLE,
    MAX_IDLE_PER_ADDRESS,
    MAX_WAITING,
    Admission,
    Admit,
    Bucket,
    CodeChecks,
    Hold,
    IdleGate,
    TurnAway,
)
from hearts_desktop.net.client import JOIN_RETRY_SECONDS, JOIN_TRIES, TRYING_AGAIN, ClientTable
from hearts_desktop.net.code import CHECK_BURST, CHECKS_PER_SECOND, FREE_TRIES_PER_ADDRESS
from hearts_desktop.net.headless import SeatBot
from hearts_desktop.net.link import ClientLink, Lost
from hearts_desktop.net.phrases import BUSY, CROWDED, SILENT, WAITING, WRONG_CODE
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Level, SeatKind

from .net_fakes import MemoryClientLink
from .net_play import CODE, NetTable, net_table

SEATS = [Seat("Host", SeatKind.HUMAN), Seat("Seat 1", SeatKind.REMOTE), Seat("Seat 2", SeatKind.REMOTE),
         Seat("Seat 3", SeatKind.COMPUTER)]
WRONG = "222-222"


# ---------------------------------------------------------------------- the module alone


def test_a_bucket_gives_its_burst_then_its_rate() -> None:
    bucket = Bucket(3, 2.0)
    assert [bucket.take(10.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.wait(10.0) == 0.5
    assert bucket.take(10.5) and not bucket.take(10.5)


def test_the_idle_gate_closes_the_oldest_of_the_most_crowded_address() -> None:
    gate = IdleGate(per_address=2, in_all=3)
    for key, address in enumerate(["flood", "flood", "flood", "friend"]):
        gate.opened(key, address, float(key))
    assert gate.over_caps() == [0]  # the flood's oldest: over its own cap
    gate.opened(4, "other", 4.0)
    assert gate.over_caps() == [1]  # over the cap in all: the flood holds the most
    assert 3 in gate and len(gate) == 3
    assert gate.expired(6.5, 3.0) == [2, 3]


def test_the_idle_gate_closes_sockets_still_asking_before_a_friend_who_has_asked() -> None:
    """A friend's request is all in; a flood from many addresses, one socket each, keeps
    coming: the flood's oldest go, never the friend (issue 40)."""
    gate = IdleGate(per_address=2, in_all=4)
    gate.opened(0, "friend", 0.0)
    gate.asked(0)
    closed = []
    for key in range(1, 300):
        gate.opened(key, f"10.0.{key // 250}.{key % 250}", float(key))
        closed += gate.over_caps()
    assert 0 in gate and closed == list(range(1, 297))


def test_the_idle_gate_closes_the_longest_silent_when_addresses_tie() -> None:
    gate = IdleGate(per_address=2, in_all=3)
    for key, address in enumerate(["b", "a", "c"]):
        gate.opened(key, address, float(key))
    gate.opened(3, "a", 3.0)
    assert gate.over_caps() == [1]  # "a" holds the most
    gate.opened(4, "d", 4.0)
    assert gate.over_caps() == [0]  # a tie: the oldest, whatever the addresses' order
    gate.asked(2)
    gate.opened(5, "e", 5.0)
    assert gate.over_caps() == [3]  # the oldest still asking; the asked one waits for its answer
    gate.opened(6, "c", 6.0)
    gate.opened(7, "c", 7.0)
    assert gate.over_caps() == [6, 7]  # its own cap, then the cap in all: "c" still holds the most


def test_the_idle_gate_spares_a_socket_whose_request_waits_unread() -> None:
    gate = IdleGate(per_address=4, in_all=2)
    for key in range(3):
        gate.opened(key, f"10.0.0.{key}", float(key))
    assert gate.over_caps(lambda key: key == 0) == [1]  # the oldest has asked: the caller saw it
    assert 0 in gate


def test_every_code_compared_draws_on_the_table_wide_bucket_first_guesses_included() -> None:
    checks = CodeChecks(CODE)
    for number in range(200):
        assert checks.knock(number, f"10.1.{number}", WRONG, 0.0) is None
    answers = checks.due(0.0)
    assert [a for a in answers if a[1] == WRONG_CODE()] == [(n, WRONG_CODE()) for n in range(CHECK_BURST)]
    assert len(checks.waiting) == MAX_WAITING and sum(a[1] == BUSY() for a in answers) == 200 - CHECK_BURST - MAX_WAITING
    assert sum(a[1] == WRONG_CODE() for a in checks.due(5.0)) == 5 * CHECKS_PER_SECOND


def test_the_address_that_knocked_least_is_checked_first() -> None:
    checks = CodeChecks(CODE)
    for number in range(CHECK_BURST):
        checks.knock(number, f"guesser {number}", WRONG, 0.0)
    checks.due(0.0)  # the burst is spent on twenty first guesses
    for number in range(5):
        checks.knock(100 + number, f"guesser {number}", WRONG, 0.1)
    checks.knock(999, "friend", CODE, 0.5)
    assert checks.due(0.9) == []
    assert checks.due(1.0) == [(999, None)]  # the friend's first knock goes before their second ones
    assert [c for c, _ in checks.due(6.0)] == [100, 101, 102, 103, 104]


def test_an_address_waits_longer_after_each_wrong_code_past_its_free_tries() -> None:
    checks = CodeChecks(CODE)
    for number in range(FREE_TRIES_PER_ADDRESS):
        assert checks.knock(number, "typo", WRONG, 0.0) is None
        checks.due(0.0)
    assert checks.knock(9, "typo", CODE, 0.0) == "Too many wrong room codes: try again in 2 seconds."
    assert checks.knock(10, "typo", CODE, 2.0) is None
    assert checks.due(2.0) == [(10, None)]


def test_admission_holds_then_answers_and_closes_the_silent() -> None:
    admission = Admission(CODE)
    for number in range(CHECK_BURST + 2):
        admission.opened(number, f"10.0.0.{number}", 0.0)
        admission.hello(number, WRONG, 0.0)
    admission.opened(50, "10.0.0.50", 0.0)
    verdicts = admission.settle(0.0)
    assert verdicts.count(TurnAway(0, WRONG_CODE())) == 1
    assert [v for v in verdicts if isinstance(v, Hold)] == [Hold(CHECK_BURST, WAITING()), Hold(CHECK_BURST + 1, WAITING())]
    assert admission.settle(0.5) == []
    assert admission.settle(HELLO_SECONDS) == [TurnAway(CHECK_BURST, WRONG_CODE()), TurnAway(CHECK_BURST + 1, WRONG_CODE()),
                                               TurnAway(50, SILENT())]
    admission.opened(51, "10.0.0.51", 3.0)
    admission.admit(51)
    assert admission.settle(3.0)[0] == Admit(51)


# ---------------------------------------------------------------------- a whole host


def hello(link: MemoryClientLink, name: str = "Ann", code: str = CODE) -> None:
    link.send(p.encode(p.Hello(p.PROTOCOL, "test", code, name)))


def answers(link: MemoryClientLink) -> list[str]:
    return [json.loads(item)["type"] for item in link.inbox if isinstance(item, bytes)]


def crowd(table: NetTable, address: str, count: int) -> list[MemoryClientLink]:
    return [table.link.connect(address) for _ in range(count)]


def test_idle_connections_arriving_with_a_friend_never_push_the_friend_out() -> None:
    table = net_table(Ruleset(), SEATS)
    friend = table.link.connect("10.0.0.7")
    idle = crowd(table, "10.0.0.66", 300) + crowd(table, "10.0.0.7", 100)
    hello(friend)  # read in the same batch as the idle connections
    table.step()
    assert answers(friend)[0] == "welcome"
    assert sum(link.open for link in idle) <= MAX_IDLE_PER_ADDRESS * 2


def test_idle_connections_from_another_address_never_push_out_a_friend_who_says_hello_later() -> None:
    table = net_table(Ruleset(), SEATS)
    friend = table.link.connect("10.0.0.7")
    crowd(table, "10.0.0.66", 300)
    table.step()
    for number in range(4):  # many addresses, a few each
        crowd(table, f"10.0.1.{number}", 60)
        table.step()
    assert friend.open
    hello(friend)
    table.step()
    assert answers(friend)[0] == "welcome"
    assert sum(link.open for link in table.link.clients.values()) <= MAX_IDLE + 1


class ClosedUnanswered:
    """A connection the host closes before its table says a word (a flood pushed it out)."""

    def take(self) -> list[bytes | Lost]:
        return [Lost(UNREACHABLE)]

    def send(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


UNREACHABLE = "Could not reach the table."


def test_a_friend_closed_before_the_table_answered_tries_again_then_sits() -> None:
    table = net_table(Ruleset(), SEATS)
    tries: list[float] = []

    def connect() -> ClientLink:
        tries.append(table.clock.now)
        return ClosedUnanswered() if len(tries) < JOIN_TRIES else table.link.connect("10.0.0.7")

    friend = ClientTable("Ann", CODE, connect, clock=table.clock)
    table.friends.append(friend)
    table.bots.append(SeatBot(Level.EASY, "Ann"))
    friend.update(0.0)
    assert (friend.state, friend.waiting) == ("joining", f"{UNREACHABLE} {TRYING_AGAIN}")
    table.run(lambda: friend.state != "joining", steps=200)
    assert friend.state == "lobby" and len(tries) == JOIN_TRIES
    pauses = [round(later - earlier, 2) for earlier, later in zip(tries, tries[1:])]
    assert pauses == sorted(pauses) and pauses[0] >= JOIN_RETRY_SECONDS


def test_a_friend_gives_up_after_its_tries_and_says_why() -> None:
    table = net_table(Ruleset(), SEATS)
    friend = ClientTable("Ann", CODE, ClosedUnanswered, clock=table.clock)
    table.friends.append(friend)
    table.bots.append(SeatBot(Level.EASY, "Ann"))
    table.run(lambda: friend.state == "closed", steps=400)
    assert friend.closed_reason == UNREACHABLE


def test_a_crowd_is_told_why_it_is_closed() -> None:
    table = net_table(Ruleset(), SEATS)
    idle = crowd(table, "10.0.0.66", MAX_IDLE_PER_ADDRESS + 1)
    table.step()
    assert json.loads(idle[0].inbox[0])["reason"] == CROWDED()  # type: ignore[arg-type]


def test_first_guesses_from_new_addresses_draw_on_the_table_wide_limit() -> None:
    table = net_table(Ruleset(), SEATS)
    guessers = [table.join("Eve", code=WRONG, address=f"10.1.{n // 250}.{n % 250}") for n in range(300)]
    table.step()
    assert table.watched.tally.wrong_codes == CHECK_BURST
    assert {g.closed_reason for g in guessers if g.state == "closed"} == {WRONG_CODE(), BUSY()}
    started = table.clock.now
    for _ in range(10):  # the same addresses guess on, one hello each a second
        table.clock.now += 1.0
        guessers = [table.join("Eve", code=WRONG, address=f"10.1.{n // 250}.{n % 250}") for n in range(300)]
        table.step()
    elapsed = table.clock.now - started
    assert table.watched.tally.wrong_codes <= CHECK_BURST + elapsed * CHECKS_PER_SECOND + 1
    friend = table.join("Ann", address="10.9.9.9")
    knocked = table.clock.now
    table.run(lambda: friend.state != "joining", steps=100)
    assert friend.state == "lobby" and table.clock.now - knocked <= 1 / CHECKS_PER_SECOND + 0.1
