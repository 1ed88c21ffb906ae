"""Admission: which connections may speak, whose room code is compared, and when.

The first of the host's parts (admission, then the lobby's seats, then the game): it sees
connections, addresses and hellos, never a seat or a card. Sans-IO like the rest of
``net``: the caller passes the time in and acts on the verdicts that come back, so every
limit is tested without a socket or a clock.

- **Idle connections** (connected, nothing said yet) have ``HELLO_SECONDS`` to say hello, and
  at most ``MAX_IDLE_PER_ADDRESS`` from one address and ``MAX_IDLE`` in all wait at once.
  Past a cap the oldest idle connection of the address holding the most is closed
  (``IdleGate``), so a flood from one address pushes out its own connections first. The
  caps are applied in ``settle``, after the caller has handed over every hello that arrived
  with the connections: a connection whose hello has been read is never pushed out by idle
  ones.
- **Code checks** (``CodeChecks``): every comparison with the room code draws on one
  table-wide bucket, ``code.CHECK_BURST`` at once, then ``code.CHECKS_PER_SECOND``, right or
  wrong, an address's first guess included. A hello that finds the bucket empty waits (at
  most ``MAX_WAITING`` of them, for at most ``WAIT_SECONDS``), and each check goes to the
  waiting hello whose address has knocked the fewest times so far, the longest waiting first
  among those: an address's first knock goes before any address's second. A friend who
  arrives during a flood of guesses from addresses that have knocked before is checked at
  the next check, within a second; while a flood still has addresses it never used, a
  friend waits behind at most ``MAX_WAITING`` other first knocks, and is told the table is
  busy when the queue is full (docs/network.md says so).
- **Per address**, after ``code.FREE_TRIES_PER_ADDRESS`` wrong codes each further hello
  waits 2, 4, 8... seconds, at most ``code.MAX_ADDRESS_WAIT``, before it is even queued.

A hello that carries a seat's rejoin token (192 random bits, so not a thing to guess) is
admitted by the token alone (``admit``): no code is compared for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar

from .code import (
    CHECK_BURST,
    CHECKS_PER_SECOND,
    FREE_TRIES_PER_ADDRESS,
    MAX_ADDRESS_WAIT,
    CodeError,
    codes_match,
    parse_code,
)
from .phrases import BUSY, CROWDED, SILENT, WAITING, WRONG_CODE, WRONG_CODES_WAIT

HELLO_SECONDS: Final = 2.0
"""A friend's program says hello within milliseconds of connecting; this is for slow links."""
MAX_IDLE_PER_ADDRESS: Final = 64
MAX_IDLE: Final = 256
MAX_WAITING: Final = 16
"""Hellos waiting for a code check at once; more are turned away as busy."""
WAIT_SECONDS: Final = 20.0
MAX_ADDRESSES_REMEMBERED: Final = 65_536
"""Addresses whose knocks and wrong codes are remembered (the oldest forgotten first)."""

T = TypeVar("T")

@dataclass(frozen=True, slots=True)
class Admit:
    """The connection said hello with the right code (or a seat's token): the lobby seats it."""

    conn_id: int


@dataclass(frozen=True, slots=True)
class TurnAway:
    """Close the connection with this sentence."""

    conn_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class Hold:
    """Tell the connection to wait (once); its verdict comes later."""

    conn_id: int
    reason: str


Verdict = Admit | TurnAway | Hold


class Bucket:
    """A token bucket: ``burst`` at once, then ``per_second``; time is passed in."""

    def __init__(self, burst: float, per_second: float) -> None:
        self.burst = burst
        self.per_second = per_second
        self.tokens = burst
        self._refilled: float | None = None

    def take(self, now: float) -> bool:
        """Spend one token if there is one."""
        self._refill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def give_back(self) -> None:
        """Return a token taken for something that turned out to cost nothing."""
        self.tokens = min(self.burst, self.tokens + 1)

    def wait(self, now: float) -> float:
        """Seconds until a token is there (0 when one is)."""
        self._refill(now)
        return max(0.0, (1 - self.tokens) / self.per_second)

    def _refill(self, now: float) -> None:
        if self._refilled is not None:
            self.tokens = min(self.burst, self.tokens + max(0.0, now - self._refilled) * self.per_second)
        self._refilled = now


class IdleGate:
    """Connections not through a stage yet, oldest first, with caps per address and in all.

    The transport keeps sockets in the websocket handshake here, ``Admission`` connections
    that have not said hello. Past a cap the connection closed is the one least likely to be
    a friend's: one still asking (the whole request not in yet) before one that has asked and
    only waits for the host, since a friend's program sends its whole request at once; then
    one from the address holding the most, so a flood from one address pushes out its own
    first; then the longest waiting, as a friend's connection asks within milliseconds of
    opening and a flood's stays silent. A friend is pushed out only while it is still asking,
    and only if ``in_all`` newer connections arrive in that time.
    """

    def __init__(self, per_address: int, in_all: int) -> None:
        self.per_address = per_address
        self.in_all = in_all
        self._since: dict[int, float] = {}
        """Key -> when it opened; insertion order is age order, as time only grows."""
        self._address: dict[int, str] = {}
        self._by_address: dict[str, dict[int, None]] = {}
        self._asked: set[int] = set()
        self._touched: set[str] = set()

    def __len__(self) -> int:
        return len(self._since)

    def __contains__(self, key: int) -> bool:
        return key in self._since

    def opened(self, key: int, address: str, now: float) -> None:
        self._since[key] = now
        self._address[key] = address
        self._by_address.setdefault(address, {})[key] = None
        self._touched.add(address)

    def asked(self, key: int) -> None:
        """``key``'s whole request is in: it only waits for the host, so it is closed last."""
        if key in self._since:
            self._asked.add(key)

    def spoke(self, key: int) -> None:
        """``key`` is through the stage (or closed): it is no longer counted."""
        if self._since.pop(key, None) is None:
            return
        self._asked.discard(key)
        address = self._address.pop(key)
        keys = self._by_address[address]
        del keys[key]
        if not keys:
            del self._by_address[address]

    def over_caps(self, asked_unread: Callable[[int], bool] = lambda key: False) -> list[int]:
        """The connections to close so that both caps hold, the least likely friends first.

        ``asked_unread(key)`` says whether a connection about to be closed as still asking
        has in fact asked, its request waiting unread (the caller's I/O looks); if so it
        counts as asked, and another is chosen."""
        closing = []
        for address in self._touched:
            keys = self._by_address.get(address, {})
            while len(keys) > self.per_address:
                closing.append(self._close(self._least_likely_friend(list(keys), asked_unread)))
        self._touched.clear()
        while len(self._since) > self.in_all:
            closing.append(self._close(self._least_likely_friend(list(self._since), asked_unread)))
        return closing

    def expired(self, now: float, seconds: float) -> list[int]:
        """The connections idle for ``seconds`` or more (no longer tracked)."""
        old = []
        for key, since in self._since.items():
            if now - since < seconds:
                break
            old.append(key)
        for key in old:
            self.spoke(key)
        return old

    def _least_likely_friend(self, keys: list[int], asked_unread: Callable[[int], bool]) -> int:
        """Of ``keys`` (oldest first): still asking before asked, then the most crowded
        address, then the oldest."""
        while True:
            asking = [key for key in keys if key not in self._asked] or keys
            crowding = {key: len(self._by_address[self._address[key]]) for key in asking}
            most = max(crowding.values())
            chosen = next(key for key in asking if crowding[key] == most)
            if chosen in self._asked or not asked_unread(chosen):
                return chosen
            self._asked.add(chosen)

    def _close(self, key: int) -> int:
        self.spoke(key)
        return key


@dataclass(frozen=True, slots=True)
class Knock:
    """A hello waiting for its code to be compared."""

    conn_id: int
    address: str
    typed: str
    since: float


class CodeChecks:
    """The room code compared at most ``CHECKS_PER_SECOND`` across every address."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.bucket = Bucket(CHECK_BURST, CHECKS_PER_SECOND)
        self.waiting: list[Knock] = []
        self._knocks: dict[str, int] = {}
        self._failures: dict[str, int] = {}
        self._next_try: dict[str, float] = {}

    def knock(self, conn_id: int, address: str, typed: str, now: float) -> str | None:
        """Queue a hello for a check; the refusal at once when its address must wait first."""
        _remember(self._knocks, address, self._knocks.get(address, 0) + 1)
        wait = self._next_try.get(address, 0.0) - now
        if wait > 0:
            seconds = max(1, round(wait))
            return WRONG_CODES_WAIT(count=seconds)
        self.waiting.append(Knock(conn_id, address, typed, now))
        return None

    def _rank(self, knock: Knock) -> tuple[int, float]:
        """Fewest knocks from its address so far first (an address that keeps knocking sinks
        behind a newcomer), then the longest waiting."""
        return self._knocks.get(knock.address, 1), knock.since

    def forget(self, conn_id: int) -> None:
        self.waiting = [k for k in self.waiting if k.conn_id != conn_id]

    def due(self, now: float) -> list[tuple[int, str | None]]:
        """The checks the bucket allows now, fewest knocks first, as (connection, None when the
        code is right, else why not); then the hellos that waited too long or do not fit."""
        self.waiting.sort(key=self._rank)
        answers: list[tuple[int, str | None]] = []
        while self.waiting and self.bucket.take(now):
            knock = self.waiting.pop(0)
            answers.append((knock.conn_id, self._compare(knock, now)))
        kept: list[Knock] = []
        for knock in self.waiting:
            if now - knock.since >= WAIT_SECONDS or len(kept) >= MAX_WAITING:
                answers.append((knock.conn_id, BUSY()))
            else:
                kept.append(knock)
        self.waiting = kept
        return answers

    def _compare(self, knock: Knock, now: float) -> str | None:
        try:
            typed = parse_code(knock.typed)
        except CodeError:
            typed = ""
        address = knock.address
        if codes_match(typed, self.code):
            for table in (self._knocks, self._failures, self._next_try):
                table.pop(address, None)
            return None
        count = self._failures.get(address, 0) + 1
        _remember(self._failures, address, count)
        if count >= FREE_TRIES_PER_ADDRESS:
            wait = min(MAX_ADDRESS_WAIT, 2.0 ** (count - FREE_TRIES_PER_ADDRESS + 1))
            _remember(self._next_try, address, now + wait)
        return WRONG_CODE()



def _remember(table: dict[str, T], address: str, value: T) -> None:
    """Set ``table[address]``, forgetting the oldest address past ``MAX_ADDRESSES_REMEMBERED``."""
    table.pop(address, None)
    table[address] = value
    if len(table) > MAX_ADDRESSES_REMEMBERED:
        del table[next(iter(table))]


class Admission:
    """Connections from their first byte to ``Admit`` or ``TurnAway``; time is passed in."""

    def __init__(self, code: str) -> None:
        self.idle = IdleGate(MAX_IDLE_PER_ADDRESS, MAX_IDLE)
        self.checks = CodeChecks(code)
        self._addresses: dict[int, str] = {}
        self._held: set[int] = set()
        self._verdicts: list[Verdict] = []

    def opened(self, conn_id: int, address: str, now: float) -> None:
        self._addresses[conn_id] = address
        self.idle.opened(conn_id, address, now)

    def spoke(self, conn_id: int) -> None:
        """The connection's first message arrived: it is no longer idle, whatever it said."""
        self.idle.spoke(conn_id)

    def hello(self, conn_id: int, code: str, now: float) -> None:
        """A hello without a seat's token: its code waits for a check."""
        self.idle.spoke(conn_id)
        refusal = self.checks.knock(conn_id, self._addresses.get(conn_id, "?"), code, now)
        if refusal is not None:
            self._verdicts.append(TurnAway(conn_id, refusal))

    def admit(self, conn_id: int) -> None:
        """A hello with a seat's token: no code to compare."""
        self.idle.spoke(conn_id)
        self._verdicts.append(Admit(conn_id))

    def closed(self, conn_id: int) -> None:
        self._addresses.pop(conn_id, None)
        self.idle.spoke(conn_id)
        self.checks.forget(conn_id)
        self._held.discard(conn_id)

    def settle(self, now: float) -> list[Verdict]:
        """What to do with each connection now that a batch of arrivals has been read."""
        verdicts, self._verdicts = self._verdicts, []
        for conn_id, refusal in self.checks.due(now):
            verdicts.append(Admit(conn_id) if refusal is None else TurnAway(conn_id, refusal))
        for knock in self.checks.waiting:
            if knock.conn_id not in self._held:
                self._held.add(knock.conn_id)
                verdicts.append(Hold(knock.conn_id, WAITING()))
        verdicts += [TurnAway(c, SILENT()) for c in self.idle.expired(now, HELLO_SECONDS)]
        verdicts += [TurnAway(c, CROWDED()) for c in self.idle.over_caps()]
        for verdict in verdicts:
            if not isinstance(verdict, Hold):
                self._addresses.pop(verdict.conn_id, None)
                self._held.discard(verdict.conn_id)
        return verdicts
