"""The host's table: the one authority, fed bytes and time, answering with bytes.

``HostTable`` owns the room code, the seats (the host's own, computers, friends' seats
open or taken), the connections, and, once started, the ``TableController`` that runs the
game as for any game. It has no socket: the transport hands it what arrived
(``connected``, ``received``, ``disconnected``) and sends what it queues in ``outbox``, so
tests drive it directly and check every byte it would send.

Nothing from a connection is trusted. A message is decoded against the protocol's types
first; then a move must come from the connection of the seat it names, for a decision the
table is waiting for from that seat, and the engine must find it legal. Anything else is
refused with the reason and the table carries on. Every message a seat receives is built
from that seat's ``PlayerView`` and events redacted for that seat.

For the window on the host, ``HostTable`` is the table model: it forwards to the
controller, except that undo and finishing a hand are off, and the next deal waits until
every person at the table has read the score.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from .. import __version__
from ..controller.bot_runner import BotRunner
from ..controller.table import TableController, TableEvent, TableReset
from ..engine import (
    Action,
    Card,
    Game,
    HandResult,
    HandScored,
    MoonAction,
    MoonScoring,
    PassAction,
    PlayAction,
    PlayerView,
    Ruleset,
)
from ..persistence.seats import Seat
from ..words import Level, Pace, SeatKind
from . import protocol as p
from .audit import LeakAudit
from .code import CodeError, WrongCodeLimiter, codes_match, format_code, parse_code
from .link import Arrived, HostArrival, HostLink, Opened
from .redact import redact, redact_view
from .remote_seats import RemoteSeats
from .shared_table import NetworkTableRules

HELLO_SECONDS: Final = 5.0
"""A connection that has not said hello with the code by then is closed."""
MAX_CONNECTIONS: Final = 24
MAX_STRANGERS: Final = 12
"""Connections that have not joined yet; more are closed at once (a flood cannot starve
the friends' connections)."""
MESSAGES_PER_SECOND: Final = 20.0
"""Refusals a connection is answered a second (after a burst)."""
MESSAGE_BURST: Final = 40.0
MAX_DROPPED: Final = 200
"""Refused messages past the rate a connection may send before it is closed."""


def seat_name_taken(name: str, names: Sequence[str]) -> bool:
    return name.casefold() in {n.casefold() for n in names}


def unique_name(name: str, taken: Sequence[str]) -> str:
    """``name``, or ``name 2``, ``name 3``... so two people are never called the same."""
    if not seat_name_taken(name, taken):
        return name
    for number in range(2, 10):
        candidate = f"{name[:17]} {number}"
        if not seat_name_taken(candidate, taken):
            return candidate
    return f"Friend {secrets.randbelow(1000)}"


@dataclass
class Connection:
    conn_id: int
    address: str
    opened_at: float
    seat: int | None = None
    results_sent: int = 0
    tokens: float = MESSAGE_BURST
    last_message: float = 0.0
    dropped: int = 0


@dataclass
class SeatState:
    """A seat of the network table: whose it is and how to reach them."""

    seat: Seat
    open: bool = False
    """A friend's seat nobody has taken yet (only before the game starts)."""
    token: str = ""
    conn_id: int | None = None

    @property
    def remote(self) -> bool:
        return self.seat.kind == SeatKind.REMOTE


@dataclass
class HostCounters:
    """What the host did, for benchmarks and the hostile-client run."""

    messages_in: int = 0
    messages_out: int = 0
    bytes_out: int = 0
    refused: int = 0
    rejected: int = 0
    rate_limited: int = 0
    wrong_codes: int = 0
    joins: int = 0
    rejoins: int = 0
    drops: int = 0
    refusal_reasons: dict[str, int] = field(default_factory=dict)


class HostTable(NetworkTableRules):
    """A network table on the host: lobby, then the game, with every friend's connection."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        runner: Callable[[], BotRunner],
        *,
        code: str,
        host_name: str,
        pace: Pace = Pace.FRIENDLY,
        on_change: Callable[[TableController], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        link: HostLink | None = None,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{game.players} players need {game.players} seats, not {len(seats)}")
        self.game = game
        self.code = code
        self.host_name = host_name
        self._pace = pace
        self.on_change = on_change
        self.clock = clock
        self.link = link
        self.table: list[SeatState] = [SeatState(s, open=s.kind == SeatKind.REMOTE) for s in seats]
        self.new_runner = runner
        self.remote = RemoteSeats(runner(), [i for i, s in enumerate(seats) if s.kind == SeatKind.REMOTE])
        self.controller: TableController | None = None
        self.connections: dict[int, Connection] = {}
        self.limiter = WrongCodeLimiter()
        self.outbox: list[tuple[int, bytes]] = []
        self.hangups: list[int] = []
        self.counters = HostCounters()
        self.seq = 0
        self.broadcast_at = 0.0
        """When the latest table updates were made, right after the move they show."""
        self.reading: set[int] = set()
        self._local_events: list[TableEvent] = []
        self._dirty = False
        self._closed = False
        self.audit: LeakAudit | None = None
        """Checks every message as it is queued (the leak test, the LAN benchmark)."""
        self.on_sent: Callable[[int, int, p.TableUpdate], None] | None = None
        """Called for every table update sent (seat, seq, message): benchmarks log it."""

    # ------------------------------------------------------------------ seats

    @property
    def shown_code(self) -> str:
        return format_code(self.code)

    @property
    def started(self) -> bool:
        return self.controller is not None

    def host_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.table) if s.seat.kind == SeatKind.HUMAN), None)

    def seat_infos(self) -> list[p.SeatInfo]:
        infos = []
        for state in self.table:
            seat = state.seat
            kind: p.SeatInfoKind
            if state.open:
                kind = "open"
            elif seat.kind == SeatKind.HUMAN:
                kind = "host"
            elif seat.kind == SeatKind.REMOTE:
                kind = "friend"
            else:
                kind = "computer"
            connected = state.conn_id is not None or seat.kind != SeatKind.REMOTE
            infos.append(p.SeatInfo(seat.name, kind, seat.level, connected))
        return infos

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.table) if s.open]

    def can_start(self) -> bool:
        return not self.started and not self.open_seats()

    def make_computer(self, seat: int) -> None:
        """Before the start: an open (or taken) friend's seat becomes a computer player."""
        state = self.table[seat]
        if self.started or state.seat.kind != SeatKind.REMOTE:
            return
        if state.conn_id is not None:
            self._reject(state.conn_id, "The host gave your seat to a computer player.")
        self.table[seat] = SeatState(replace(state.seat, kind=SeatKind.COMPUTER))
        self.remote = RemoteSeats(self.remote.inner, [i for i, s in enumerate(self.table) if s.remote])
        self._broadcast_lobby()

    def start(self) -> None:
        """Deal: every open seat must be taken or turned into a computer first."""
        if not self.can_start():
            return
        seats = [s.seat for s in self.table]
        self.controller = TableController(self.game, seats, self.remote, self._pace, on_change=self.on_change)
        for index, state in enumerate(self.table):
            if state.remote and state.conn_id is not None:
                self.remote.seat_back(index)
        self._send_snapshots()
        self.flush()

    def rematch(self, seed: int) -> None:
        """Once the game is over: a new game at the same table, the same people seated."""
        if self.controller is None or not self.controller.game.over:
            return
        self.controller.close()
        self.game = Game(self.game.rules, seed)
        self.remote = RemoteSeats(self.new_runner(), [i for i, s in enumerate(self.table) if s.remote])
        self.reading.clear()
        self.controller = None
        self.start()
        self._local_events.append(TableReset())

    # ------------------------------------------------------------------ connections

    def connected(self, conn_id: int, address: str) -> bool:
        """A new connection; False (and hung up) when the host has no room for it.

        With too many connections that have not joined, the oldest of them is closed to make
        room: a friend's hello comes within milliseconds of connecting, so a flood of idle
        connections cannot keep a friend out."""
        strangers = sorted((c for c in self.connections.values() if c.seat is None), key=lambda c: c.opened_at)
        if strangers and (len(strangers) >= MAX_STRANGERS or len(self.connections) >= MAX_CONNECTIONS):
            self._reject(strangers[0].conn_id, "Too many connections at once: try again.")
        if self._closed or len(self.connections) >= MAX_CONNECTIONS:
            self.hangups.append(conn_id)
            self.counters.rejected += 1
            return False
        self.connections[conn_id] = Connection(conn_id, address, self.clock(), last_message=self.clock())
        return True

    def disconnected(self, conn_id: int) -> None:
        conn = self.connections.pop(conn_id, None)
        if conn is None or conn.seat is None:
            return
        state = self.table[conn.seat]
        if state.conn_id != conn_id:
            return  # an old connection of a seat that has already come back
        state.conn_id = None
        self.counters.drops += 1
        self.reading.discard(conn.seat)
        if self.started:
            self.remote.seat_left(conn.seat)
            self._dirty = True
        else:
            self.table[conn.seat] = SeatState(state.seat, open=True)
            self._broadcast_lobby()

    def received(self, conn_id: int, data: bytes) -> None:
        """One message from a connection: decoded, checked, acted on or refused."""
        conn = self.connections.get(conn_id)
        if conn is None:
            return
        self.counters.messages_in += 1
        self._refill(conn)
        if conn.seat is None:
            self._stranger_message(conn, data)
            return
        try:
            message = p.decode_client(data)
        except p.BadMessage as error:
            self._refuse(conn, str(error))
            return
        if isinstance(message, p.Hello):
            self._refuse(conn, "You are already at the table.")
        elif isinstance(message, p.Ready):
            self._ready(conn.seat, message.hand_index)
        elif isinstance(message, p.Leave):
            self._hang_up(conn.conn_id)
            self.disconnected(conn.conn_id)
        else:
            self._move(conn, message)

    def _refill(self, conn: Connection) -> None:
        now = self.clock()
        conn.tokens = min(MESSAGE_BURST, conn.tokens + (now - conn.last_message) * MESSAGES_PER_SECOND)
        conn.last_message = now

    def _stranger_message(self, conn: Connection, data: bytes) -> None:
        probe = p.probe_hello(data)
        if probe is None:
            self._reject(conn.conn_id, "Say hello with the room code first.")
            return
        if probe.protocol != p.PROTOCOL:
            self._reject(conn.conn_id, f"The host runs Hearts Desktop {__version__} and you have "
                         f"{probe.version[:32]}: use the same version to play together.")
            return
        try:
            hello = p.decode_client(data)
        except p.BadMessage as error:
            self._reject(conn.conn_id, str(error))
            return
        assert isinstance(hello, p.Hello)
        self._join(conn, hello)

    def _join(self, conn: Connection, hello: p.Hello) -> None:
        now = self.clock()
        refusal = self.limiter.refusal(conn.address, now)
        if refusal is not None:
            self._reject(conn.conn_id, refusal)
            return
        try:
            typed = parse_code(hello.code)
        except CodeError:
            typed = ""
        if not codes_match(typed, self.code):
            self.limiter.wrong(conn.address, now)
            self.counters.wrong_codes += 1
            self._reject(conn.conn_id, "Wrong room code: check it on the host's screen.")
            return
        self.limiter.right(conn.address)
        name = hello.name.strip()
        if not name or not name.isprintable():
            self._reject(conn.conn_id, "Choose a name made of letters and digits.")
            return
        seat = self._seat_for(hello.token, name)
        if seat is None:
            self._reject(conn.conn_id, "The table is full.")
            return
        self._seat_person(conn, seat, name)

    def _seat_for(self, token: str, name: str) -> int | None:
        """The seat a joiner takes: theirs by token; else, before the start, the first open
        one; after it, an away friend's seat, the one of their name first."""
        for index, state in enumerate(self.table):
            if token and state.token and secrets.compare_digest(token.encode(), state.token.encode()):
                return index
        if not self.started:
            open_seats = self.open_seats()
            return open_seats[0] if open_seats else None
        away = [i for i, s in enumerate(self.table) if s.remote and s.conn_id is None]
        named = [i for i in away if self.table[i].seat.name.casefold() == name.casefold()]
        return next(iter(named + away), None)

    def _seat_person(self, conn: Connection, seat: int, name: str) -> None:
        state = self.table[seat]
        if state.conn_id is not None and state.conn_id in self.connections:
            old = state.conn_id
            self._send(old, p.Closing("You joined this table from another window."))
            self._hang_up(old)
            self.connections.pop(old, None)
        rejoin = bool(state.token) and not state.open
        if state.open:
            others = [s.seat.name for i, s in enumerate(self.table) if i != seat and not s.open]
            state.seat = replace(state.seat, name=unique_name(name[:20], others))
            state.open = False
        if not state.token:
            state.token = secrets.token_urlsafe(24)
        state.conn_id = conn.conn_id
        conn.seat = seat
        conn.results_sent = 0
        self.counters.rejoins += rejoin
        self.counters.joins += not rejoin
        self._send(conn.conn_id, p.Welcome(
            protocol=p.PROTOCOL, version=__version__, seat=seat, token=state.token,
            host=self.host_name[:20], rules=self.game.rules.to_dict(),
            pace=self._pace,
        ))
        if self.started:
            self.remote.seat_back(seat)
            self.seq += 1
            self.broadcast_at = self.clock()
            self._send_table(seat, [p.ResetEvent()], reset=True)
            self._dirty = True
        else:
            self._broadcast_lobby()

    # ------------------------------------------------------------------ moves

    def _move(self, conn: Connection, message: p.Move) -> None:
        seat = conn.seat
        assert seat is not None
        controller = self.controller
        card = message.card if isinstance(message, p.Play) else None
        if controller is None:
            self._refuse(conn, "The game has not started yet.", card)
            return
        if message.seat != seat:
            self._refuse(conn, f"You sit in seat {seat + 1}; that move was for seat {message.seat + 1}.", card)
            return
        if self.remote.waiting_job(seat) is None:
            self._refuse(conn, "Wait for your turn.", card)
            return
        action = _action(seat, message)
        reason = controller.game.illegal_reason(action)
        if reason is not None:
            self._refuse(conn, reason, card)
            return
        self.remote.answer(seat, action)

    def _ready(self, seat: int, hand_index: int) -> None:
        """A person has read the score of hand ``hand_index``."""
        results = self.game.results if self.controller is None else self.controller.game.results
        if hand_index == len(results) - 1:
            self.reading.discard(seat)
            self._dirty = True

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Advance the game, act on what arrived from the link, send what that changed.

        Arrivals are read after the controller has started this turn's decisions, so a move
        always finds the decision it answers; a move accepted is applied in the same call.
        """
        controller = self.controller
        if self._closed:
            return
        if controller is not None:
            controller.update(dt)
            self._collect(controller)
        if self.link is not None:
            self.pump(self.link.take())

    def pump(self, arrivals: Sequence[HostArrival]) -> None:
        """Act on arrivals, apply the moves they brought, and hand the replies to the link."""
        for arrival in arrivals:
            if isinstance(arrival, Opened):
                self.connected(arrival.conn_id, arrival.address)
            elif isinstance(arrival, Arrived):
                self.received(arrival.conn_id, arrival.data)
            else:
                self.disconnected(arrival.conn_id)
        self._close_silent_strangers()
        controller = self.controller
        if controller is not None:
            self._continue_when_read(controller)
            controller.update(0.0)
            self._collect(controller)
        if self._dirty and self.started:
            self._broadcast([])
        self.flush()

    def flush(self) -> None:
        """Hand what is queued to the link (tests without one read ``take_outgoing``)."""
        if self.link is None:
            return
        out, hangups = self.take_outgoing()
        for conn_id, data in out:
            self.link.send(conn_id, data)
        for conn_id in hangups:
            self.link.hang_up(conn_id)

    def _close_silent_strangers(self) -> None:
        deadline = self.clock() - HELLO_SECONDS
        for conn in list(self.connections.values()):
            if conn.seat is None and conn.opened_at < deadline:
                self._reject(conn.conn_id, "No hello with the room code: the host closed the connection.")

    def _collect(self, controller: TableController) -> None:
        events = controller.drain_events()
        if not events:
            return
        if any(isinstance(e, HandScored) for e in events) and not controller.game.over:
            self.reading = {i for i, s in enumerate(self.table)
                            if s.seat.kind == SeatKind.HUMAN or (s.remote and s.conn_id is not None)}
        host = self.host_seat()
        if host is not None:
            self._local_events += [e for e in (redact(e, host) for e in events) if e is not None]
        self._broadcast(events)
        self._continue_when_read(controller)

    def _continue_when_read(self, controller: TableController) -> None:
        if controller.awaiting_continue and not self.reading and not controller.game.over:
            controller.continue_after_hand()
            self._dirty = True

    # ------------------------------------------------------------------ sending

    def _broadcast(self, events: Sequence[TableEvent]) -> None:
        self._dirty = False
        self.seq += 1
        self.broadcast_at = self.clock()
        for seat, state in enumerate(self.table):
            if state.conn_id is None or state.seat.kind != SeatKind.REMOTE:
                continue
            wire = [w for w in (p.event_to_wire(e) for e in (redact(e, seat) for e in events) if e is not None)
                    if w is not None]
            self._send_table(seat, wire, reset=False)

    def _send_snapshots(self) -> None:
        self.seq += 1
        self.broadcast_at = self.clock()
        for seat, state in enumerate(self.table):
            if state.conn_id is not None and state.remote:
                self._send_table(seat, [p.ResetEvent()], reset=True)

    def _send_table(self, seat: int, events: list[p.AnyWireEvent], reset: bool) -> None:
        controller = self.controller
        state = self.table[seat]
        conn = self.connections.get(state.conn_id) if state.conn_id is not None else None
        if controller is None or conn is None or state.conn_id is None:
            return
        game = controller.game
        first = 0 if reset else conn.results_sent
        message = p.TableUpdate(
            seq=self.seq, events=events, view=p.view_to_wire(redact_view(game.view(seat))), first_result=first,
            results=[p.result_to_wire(r) for r in game.results[first:]], seats=self.seat_infos(),
            awaiting_continue=controller.awaiting_continue, reading=sorted(self.reading), over=game.over,
        )
        conn.results_sent = len(game.results)
        self._send(state.conn_id, message)
        if self.on_sent is not None:
            self.on_sent(seat, self.seq, message)

    def _broadcast_lobby(self) -> None:
        lobby = p.Lobby(self.seat_infos())
        for state in self.table:
            if state.conn_id is not None:
                self._send(state.conn_id, lobby)

    def _send(self, conn_id: int, message: p.Message) -> None:
        data = p.encode(message)
        if self.audit is not None:
            conn = self.connections.get(conn_id)
            self.audit.check(self._game(), None if conn is None else conn.seat, data)
        self.outbox.append((conn_id, data))
        self.counters.messages_out += 1
        self.counters.bytes_out += len(data)

    def _refuse(self, conn: Connection, reason: str, card: str | None = None) -> None:
        """Answer a refused message with its reason, within the connection's rate: refusals
        draw on a token bucket, and past it they are dropped unanswered, and a connection
        that keeps sending refused messages is closed. Moves the table accepts cost nothing,
        so a quick player is never slowed, and a flood cannot make the host talk."""
        self.counters.refused += 1
        key = reason.split(":")[0][:40]
        self.counters.refusal_reasons[key] = self.counters.refusal_reasons.get(key, 0) + 1
        if conn.tokens >= 1:
            conn.tokens -= 1
            self._send(conn.conn_id, p.Refusal(reason[:300], card))
            return
        conn.dropped += 1
        self.counters.rate_limited += 1
        if conn.dropped > MAX_DROPPED:
            self._reject(conn.conn_id, "Too many refused messages: the host closed the connection.")

    def _reject(self, conn_id: int, reason: str) -> None:
        self.counters.rejected += 1
        self._send(conn_id, p.Rejected(reason[:300], __version__))
        self._hang_up(conn_id)
        self.disconnected(conn_id)

    def _hang_up(self, conn_id: int) -> None:
        self.hangups.append(conn_id)

    def take_outgoing(self) -> tuple[list[tuple[int, bytes]], list[int]]:
        """What to send, then which connections to close once it is sent."""
        out, hangups = self.outbox[:], self.hangups[:]
        self.outbox.clear()
        self.hangups.clear()
        return out, hangups

    def close(self, reason: str = "The host closed the table; the game is saved on their computer.") -> None:
        """Tell every friend why in one sentence, then hang up (the transport sends it first)."""
        if self._closed:
            return
        self._closed = True
        for conn_id in list(self.connections):
            self._send(conn_id, p.Closing(reason))
            self._hang_up(conn_id)
        self.connections.clear()
        for state in self.table:
            state.conn_id = None
        self.flush()
        if self.link is not None:
            self.link.close()
        if self.controller is not None:
            self.controller.close()
        else:
            self.remote.close()

    # ------------------------------------------------------------------ the table model

    def _game(self) -> Game:
        return self.game if self.controller is None else self.controller.game

    @property
    def seats(self) -> list[Seat]:
        return [s.seat for s in self.table]

    @property
    def viewer(self) -> int:
        host = self.host_seat()
        return host if host is not None else 0

    @property
    def pace(self) -> Pace:
        return self._pace

    @pace.setter
    def pace(self, pace: Pace) -> None:
        self._pace = pace
        if self.controller is not None:
            self.controller.pace = pace

    @property
    def awaiting_continue(self) -> bool:
        return self.controller is not None and self.controller.awaiting_continue

    @property
    def rules(self) -> Ruleset:
        return self.game.rules

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def totals(self) -> Sequence[int]:
        return self._game().totals

    @property
    def results(self) -> Sequence[HandResult]:
        return self._game().results

    @property
    def over(self) -> bool:
        return self._game().over

    @property
    def fresh(self) -> bool:
        return not self._game().actions


    def human_seats(self) -> list[int]:
        host = self.host_seat()
        return [] if host is None else [host]

    def active_human(self) -> int | None:
        return None if self.controller is None else self.controller.active_human()

    def notes(self) -> list[str]:
        notes = []
        for state in self.table:
            if state.remote and state.conn_id is None and self.started:
                notes.append(f"{state.seat.name} is away: a {state.seat.level.capitalize()} computer plays.")
        waiting = [self.table[s].seat.name for s in sorted(self.reading) if s != self.host_seat()]
        if waiting and self.awaiting_continue and self.host_seat() not in self.reading:
            notes.append(f"Waiting for {' and '.join(waiting)} to read the scores…")
        return notes

    def view(self) -> PlayerView:
        return self._game().view(self.viewer)

    def drain_events(self) -> list[TableEvent]:
        events, self._local_events = self._local_events, []
        return events

    def _local(self, move: Callable[[TableController], str | None]) -> str | None:
        """The host's own move, played as at home, then sent to the friends at once."""
        if self.controller is None:
            return "The game has not started yet."
        result = move(self.controller)
        self._collect(self.controller)
        self.flush()
        return result

    def play(self, card: Card) -> str | None:
        return self._local(lambda c: c.play(card))

    def submit_pass(self, cards: Sequence[Card]) -> str | None:
        return self._local(lambda c: c.submit_pass(cards))

    def choose_moon(self, choice: MoonScoring) -> str | None:
        return self._local(lambda c: c.choose_moon(choice))

    def continue_after_hand(self) -> None:
        self.reading.discard(self.viewer)
        self._dirty = True
        if self.controller is not None:
            self._continue_when_read(self.controller)
        self.flush()

    def request_hint(self) -> bool:
        return self.controller is not None and self.controller.request_hint()

    def set_level(self, seat: int, level: Level) -> None:
        if self.controller is not None:
            self.controller.set_level(seat, level)
        self.table[seat].seat = replace(self.table[seat].seat, level=level)


def _action(seat: int, message: p.Move) -> Action:
    """The engine action a move message asks for (its cards already well-formed)."""
    if isinstance(message, p.Play):
        return PlayAction(seat, Card.parse(message.card))
    if isinstance(message, p.PassCards):
        return PassAction(seat, p.parse_card_texts(message.cards))
    return MoonAction(seat, MoonScoring(message.choice))
