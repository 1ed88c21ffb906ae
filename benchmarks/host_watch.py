"""Everything a host says and hears, counted and checked from outside it.

The host is sans-IO: every message it reads and every byte it sends pass through its link.
``WatchedLink`` wraps the real link (the websockets server, or the tests' in-memory one)
and so sees all of it: messages in and out, refusals, wrong codes, seats taken
and lost, how long a friend's card waits before the update showing it played is sent, and,
with a ``LeakAudit``, every card of every message checked against what its seat may know
at that moment. The one thing no message shows, a message dropped unread over its
connection's budget, the host tells its ``HostWatch``, which this link is too. The program
never builds one: tests and benchmarks build the host with it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from hearts_desktop.engine import Game
from hearts_desktop.net import protocol as p
from hearts_desktop.net.link import Arrived, Closed, HostArrival, HostLink
from hearts_desktop.net.phrases import WRONG_CODE

from .audit import LeakAudit

REASON_KEY_LENGTH = 40
"""Refusals are counted by the start of their reason, before any colon (the details vary)."""


@dataclass
class Tally:
    """What the host did, as its link saw it."""

    messages_in: int = 0
    messages_out: int = 0
    bytes_out: int = 0
    refused: int = 0
    dropped: int = 0
    """Messages the host dropped unread, over their connection's budget (its watch)."""
    wrong_codes: int = 0
    joins: int = 0
    rejoins: int = 0
    drops: int = 0
    """Seated connections lost: closed by the friend, or cut off by the host."""
    refusal_reasons: dict[str, int] = field(default_factory=dict)

    @property
    def codes_checked(self) -> int:
        """Room codes the host answered, right (a seat without a token) or wrong."""
        return self.wrong_codes + self.joins


class WatchedLink:
    """A ``HostLink`` around another, counting and checking all that passes (and a ``HostWatch``)."""

    def __init__(self, inner: HostLink, audit: LeakAudit | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.inner = inner
        self.audit = audit
        self.clock = clock
        self.game: Callable[[], Game] | None = None
        """The host's game, for the audit (set once the host is built)."""
        self.on_update: Callable[[p.TableUpdate], None] | None = None
        """Called with every table update as it is sent (the LAN benchmark's log)."""
        self.tally = Tally()
        self.card_waits: list[float] = []
        """Seconds from a friend's card arriving to the first update showing it played."""
        self._seats: dict[int, int] = {}
        self._hello_tokens: dict[int, str] = {}
        self._cards: dict[tuple[int, str], float] = {}

    # ------------------------------------------------------------------ what arrives

    def take(self) -> list[HostArrival]:
        arrivals = self.inner.take()
        for arrival in arrivals:
            if isinstance(arrival, Arrived):
                self.tally.messages_in += 1
                self._read(arrival.conn_id, arrival.data)
            elif isinstance(arrival, Closed):
                self._gone(arrival.conn_id)
        return arrivals

    def _read(self, conn_id: int, data: bytes) -> None:
        try:
            message = p.decode_client(data)
        except p.BadMessage:
            return
        if isinstance(message, p.Hello):
            self._hello_tokens[conn_id] = message.token
        elif isinstance(message, p.Play) and self._seats.get(conn_id) == message.seat:
            self._cards[(message.seat, message.card)] = self.clock()

    def _gone(self, conn_id: int) -> None:
        self._hello_tokens.pop(conn_id, None)
        if self._seats.pop(conn_id, None) is not None:
            self.tally.drops += 1

    # ------------------------------------------------------------------ what is sent

    def send(self, conn_id: int, data: bytes) -> None:
        tally = self.tally
        tally.messages_out += 1
        tally.bytes_out += len(data)
        message = p.decode_host(data)
        if isinstance(message, p.Refusal):
            tally.refused += 1
            key = message.reason.split(":")[0][:REASON_KEY_LENGTH]
            tally.refusal_reasons[key] = tally.refusal_reasons.get(key, 0) + 1
        elif isinstance(message, p.Rejected):
            tally.wrong_codes += message.note is not None and message.note.message == WRONG_CODE.message
        elif isinstance(message, p.Welcome):
            self._welcomed(conn_id, message)
        elif isinstance(message, p.TableUpdate):
            self._shown(message)
        elif isinstance(message, p.Closing):
            self._seats.pop(conn_id, None)  # the host closing, or the seat handed on: not a drop
        if self.audit is not None:
            assert self.game is not None, "an audited link needs the host's game"
            self.audit.check(self.game(), self._seats.get(conn_id), data)
        self.inner.send(conn_id, data)

    def _welcomed(self, conn_id: int, welcome: p.Welcome) -> None:
        rejoin = welcome.token == self._hello_tokens.pop(conn_id, None)
        self.tally.rejoins += rejoin
        self.tally.joins += not rejoin
        self._seats[conn_id] = welcome.seat

    def _shown(self, update: p.TableUpdate) -> None:
        now = self.clock()
        for event in update.events:
            if isinstance(event, p.PlayedEvent) and (event.seat, event.card) in self._cards:
                self.card_waits.append(now - self._cards.pop((event.seat, event.card)))
        if self.on_update is not None:
            self.on_update(update)

    def hang_up(self, conn_id: int) -> None:
        self._gone(conn_id)
        self.inner.hang_up(conn_id)

    def close(self) -> None:
        self.inner.close()

    # ------------------------------------------------------------------ what no message shows

    def dropped(self, conn_id: int) -> None:
        self.tally.dropped += 1
