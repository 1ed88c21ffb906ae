"""The host's table: the one authority, fed bytes and time, answering with bytes.

``HostTable`` owns the room code, the seats (the host's own, computers, friends' seats
open or taken), the connections, and, once started, the ``TableController`` that runs the
game as for any game. It has no socket: the transport hands it what arrived
(``connected``, ``received``, ``disconnected``) and sends what it queues in ``outbox``, so
tests drive it directly and check every byte it would send.

It comes in three parts. **Admission** (``admission.Admission``) decides which connections
may stay and whose code is compared, and when. **The lobby** is the seats: who sits where,
each seat's rejoin token, and the requests for a seat the host answers. **The game** is the
controller's, relayed to each seat redacted for it.

Nothing from a connection is trusted. Every message it sends draws on its budget
(``MESSAGES_PER_SECOND``), and only one that moves the game (a move the table takes, the
score read when it is due) gives its share back: the game bounds those, so a quick player
is never held back while ignored, refused or malformed messages run the budget dry. Past it
messages are dropped unread, and a connection that keeps on is cut off. A message is
decoded against the protocol's types first; then a move must come from the connection of
the seat it names, for a decision the table is waiting for from that seat, and the engine
must find it legal. Anything else is refused with the reason and the table carries on.
Every message a seat receives is built from that seat's ``PlayerView`` and events redacted
for that seat.

A seat is its person's: coming back needs its token, or the host's yes when someone without
it asks (``requests``); a seat is never given away unseen, and everyone sees its name. A
friend who lets a turn (or the score) wait ``TURN_SECONDS`` is played by the seat's computer
until their next move; the host can also give any friend's seat to a computer and back.

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
from .admission import WRONG_CODE, Admission, Admit, Bucket, Hold
from .audit import LeakAudit
from .code import format_code
from .link import Arrived, Closed, HostArrival, HostLink, Opened
from .names import NameRefused, clean_name, skeleton, unique_name
from .redact import redact, redact_view
from .remote_seats import RemoteSeats
from .shared_table import TURN_SECONDS, NetworkTableRules

MESSAGES_PER_SECOND: Final = 10.0
"""Messages a connection may send a second after a burst, ignored or refused alike (the ones
that move the game give their share back): past it messages are dropped unread."""
MESSAGE_BURST: Final = 40.0
MAX_DROPPED: Final = 100
"""Messages dropped past the budget before the connection is cut off; its seat's token is
then changed, so only the host can give the seat back."""
MAX_REQUESTS: Final = 4
"""Requests for a seat waiting for the host's answer at once."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """Someone with the code but not the seat's token asks for a seat after the start."""

    conn_id: int
    seat: int
    name: str
    address: str
    seat_name: str

    @property
    def text(self) -> str:
        """What the host reads: who asks, from where, for whose seat."""
        if skeleton(self.name) == skeleton(self.seat_name):
            return f"{self.name} (at {self.address}) asks for their seat back."
        return f"{self.name} (at {self.address}) asks for {self.seat_name}'s seat."


@dataclass
class Connection:
    conn_id: int
    address: str
    seat: int | None = None
    hello: p.Hello | None = None
    """Said hello (``name`` cleaned): waits for admission, then maybe for the host's answer."""
    name: str = ""
    results_sent: int = 0
    budget: Bucket = field(default_factory=lambda: Bucket(MESSAGE_BURST, MESSAGES_PER_SECOND))
    dropped: int = 0


@dataclass
class SeatState:
    """A seat of the network table: whose it is and how to reach them."""

    seat: Seat
    open: bool = False
    """A friend's seat nobody has taken yet (only before the game starts)."""
    token: str = ""
    conn_id: int | None = None
    stand_in: p.StandIn = ""
    """Why a computer plays this connected friend's seat for now (empty: it does not)."""
    turn: tuple[int, float] | None = None
    """The decision the table waits for from this friend, and since when."""

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
    codes_checked: int = 0
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
        self.admission = Admission(code)
        self.requests: list[SeatRequest] = []
        """Seats asked for without their token, for the host to answer (``answer_request``)."""
        self.outbox: list[tuple[int, bytes]] = []
        self.hangups: list[int] = []
        self.counters = HostCounters()
        self.seq = 0
        self.broadcast_at = 0.0
        """When the latest table updates were made, right after the move they show."""
        self.reading: set[int] = set()
        self.reading_since = 0.0
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
            infos.append(p.SeatInfo(seat.name, kind, seat.level, connected, state.stand_in))
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

    def hand_to_computer(self, seat: int) -> None:
        """After the start: the seat's computer plays a friend's seat until the host hands it back."""
        if self.started and self.table[seat].remote:
            self._stand_in(seat, "host")

    def hand_back(self, seat: int) -> None:
        """The friend plays their seat again (if connected; else when they come back)."""
        state = self.table[seat]
        if not state.stand_in:
            return
        state.stand_in = ""
        if state.conn_id is not None:
            self.remote.seat_back(seat)
        self._dirty = True

    def _stand_in(self, seat: int, why: p.StandIn) -> None:
        state = self.table[seat]
        state.stand_in = why
        state.turn = None
        self.remote.seat_left(seat)  # the decision waiting for the person goes to the computer
        self.reading.discard(seat)
        self._dirty = True

    def _back_from_slow(self, seat: int) -> None:
        """A move from a friend whose turn passed to the computer: the seat is theirs again."""
        if self.table[seat].stand_in == "slow":
            self.hand_back(seat)

    def start(self) -> None:
        """Deal: every open seat must be taken or turned into a computer first."""
        if not self.can_start():
            return
        seats = [s.seat for s in self.table]
        self.controller = TableController(self.game, seats, self.remote, self._pace, on_change=self.on_change)
        for index, state in enumerate(self.table):
            if state.remote and state.conn_id is not None and not state.stand_in:
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
        """A new connection; admission decides, once its batch of arrivals is read, whether
        it may stay (False: the host is closed and hangs up at once)."""
        if self._closed:
            self.hangups.append(conn_id)
            self.counters.rejected += 1
            return False
        self.connections[conn_id] = Connection(conn_id, address)
        self.admission.opened(conn_id, address, self.clock())
        return True

    def disconnected(self, conn_id: int) -> None:
        conn = self.connections.pop(conn_id, None)
        self.admission.closed(conn_id)
        self.requests = [r for r in self.requests if r.conn_id != conn_id]
        if conn is None or conn.seat is None:
            return
        state = self.table[conn.seat]
        if state.conn_id != conn_id:
            return  # an old connection of a seat that has already come back
        state.conn_id = None
        state.turn = None
        self.counters.drops += 1
        self.reading.discard(conn.seat)
        if self.started:
            self.remote.seat_left(conn.seat)
            self._dirty = True
        else:
            self.table[conn.seat] = SeatState(state.seat, open=True)
            self._broadcast_lobby()

    def received(self, conn_id: int, data: bytes) -> None:
        """One message from a connection: counted, decoded, checked, acted on or refused."""
        conn = self.connections.get(conn_id)
        if conn is None:
            return
        self.counters.messages_in += 1
        if not self._within_budget(conn):
            return
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
        elif isinstance(message, p.Leave):
            self._hang_up(conn.conn_id)
            self.disconnected(conn.conn_id)
        else:
            self._back_from_slow(conn.seat)
            moved = self._ready(conn.seat, message.hand_index) if isinstance(message, p.Ready) else self._move(conn, message)
            if moved:
                conn.budget.give_back()

    def _within_budget(self, conn: Connection) -> bool:
        """Every message draws on its connection's budget; past it, dropped unread."""
        if conn.budget.take(self.clock()):
            return True
        conn.dropped += 1
        self.counters.rate_limited += 1
        if conn.dropped > MAX_DROPPED:
            if conn.seat is not None:
                self.table[conn.seat].token = secrets.token_urlsafe(24)  # back only with the host's yes
            self._reject(conn.conn_id, "Too many messages: the host closed the connection.")
        return False

    # ------------------------------------------------------------------ admission

    def _stranger_message(self, conn: Connection, data: bytes) -> None:
        """A connection's first message must be a hello of this protocol with a usable name;
        its code or token goes to admission, which answers in ``_settle_admission``."""
        if conn.hello is not None:
            self._reject(conn.conn_id, "Wait for the answer to your hello.")
            return
        self.admission.spoke(conn.conn_id)
        probe = p.probe_hello(data)
        if probe is None:
            self._reject(conn.conn_id, "Say hello with the room code first.")
            return
        if probe.protocol != p.PROTOCOL:
            self._reject(conn.conn_id, _other_program(probe))
            return
        try:
            hello = p.decode_client(data)
            assert isinstance(hello, p.Hello)
            conn.name = clean_name(hello.name)
        except (p.BadMessage, NameRefused) as error:
            self._reject(conn.conn_id, str(error))
            return
        conn.hello = hello
        if self._token_seat(hello.token) is not None:
            self.admission.admit(conn.conn_id)
        else:
            self.admission.hello(conn.conn_id, hello.code, self.clock())

    def _settle_admission(self) -> None:
        for verdict in self.admission.settle(self.clock()):
            conn = self.connections.get(verdict.conn_id)
            if conn is None:
                continue
            if isinstance(verdict, Admit):
                self._join(conn)
            elif isinstance(verdict, Hold):
                self._send(conn.conn_id, p.Waiting(verdict.reason))
            else:
                self.counters.wrong_codes += verdict.reason == WRONG_CODE
                self._reject(conn.conn_id, verdict.reason)
        self.counters.codes_checked = self.admission.checks.checked

    # ------------------------------------------------------------------ the lobby

    def _token_seat(self, token: str) -> int | None:
        if not token:
            return None
        for index, state in enumerate(self.table):
            if state.token and secrets.compare_digest(token.encode(), state.token.encode()):
                return index
        return None

    def _join(self, conn: Connection) -> None:
        """Admitted: the seat of the token; before the start the first open one; after it,
        ask the host for the seat of that name or an away friend's."""
        assert conn.hello is not None
        seat = self._token_seat(conn.hello.token)
        if seat is None and not self.started:
            seat = next(iter(self.open_seats()), None)
            if seat is None:
                self._reject(conn.conn_id, "The table is full.")
                return
        if seat is not None:
            self._seat_person(conn, seat, conn.name)
            return
        self._ask_host(conn)

    def _ask_host(self, conn: Connection) -> None:
        friends = [i for i, s in enumerate(self.table) if s.remote]
        named = [i for i in friends if skeleton(self.table[i].seat.name) == skeleton(conn.name)]
        away = [i for i in friends if self.table[i].conn_id is None]
        seat = next(iter(named + away), None)
        if seat is None:
            self._reject(conn.conn_id, "The table is full.")
            return
        if len(self.requests) >= MAX_REQUESTS:
            self._reject(conn.conn_id, "The host has other requests for a seat to answer: try again in a minute.")
            return
        seat_name = self.table[seat].seat.name
        self.requests.append(SeatRequest(conn.conn_id, seat, conn.name, conn.address, seat_name))
        self._send(conn.conn_id, p.Waiting(f"The host has been asked to give you {seat_name}'s seat: "
                                           "wait for their answer."))

    def answer_request(self, conn_id: int, give: bool) -> None:
        """The host's answer to a request: the seat (with a new token, under the asker's name
        for everyone to see), or a refusal the asker reads."""
        request = next((r for r in self.requests if r.conn_id == conn_id), None)
        if request is None:
            return
        self.requests.remove(request)
        state = self.table[request.seat]
        owner = state.seat.name
        if not give:
            self._reject(conn_id, f"The host kept {owner}'s seat for {owner}.")
            return
        for other in [r for r in self.requests if r.seat == request.seat]:
            self.requests.remove(other)
            self._reject(other.conn_id, f"The host gave {owner}'s seat to {request.name}.")
        if state.conn_id is not None:
            self._send(state.conn_id, p.Closing(f"The host gave your seat to {request.name}."))
            self._hang_up(state.conn_id)
            self.connections.pop(state.conn_id, None)
            state.conn_id = None
        if skeleton(request.name) != skeleton(owner):
            others = [s.seat.name for i, s in enumerate(self.table) if i != request.seat]
            self._rename(request.seat, unique_name(request.name, others))
        state.token = ""
        self._seat_person(self.connections[conn_id], request.seat, request.name)

    def _rename(self, seat: int, name: str) -> None:
        state = self.table[seat]
        state.seat = replace(state.seat, name=name)
        if self.controller is not None:
            self.controller.seats[seat] = replace(self.controller.seats[seat], name=name)
        self._dirty = True

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
            state.seat = replace(state.seat, name=unique_name(name, others))
            state.open = False
        if not state.token:
            state.token = secrets.token_urlsafe(24)
        state.conn_id = conn.conn_id
        if state.stand_in == "slow":
            state.stand_in = ""  # coming back is a move of theirs
        conn.seat = seat
        conn.hello = None
        conn.results_sent = 0
        for other in [r for r in self.requests if r.seat == seat]:
            self.requests.remove(other)
            self._reject(other.conn_id, f"{state.seat.name} is back in that seat.")
        self.counters.rejoins += rejoin
        self.counters.joins += not rejoin
        self._send(conn.conn_id, p.Welcome(
            protocol=p.PROTOCOL, version=__version__, seat=seat, token=state.token,
            host=self.host_name[:20], rules=self.game.rules.to_dict(),
            pace=self._pace,
        ))
        if self.started:
            if not state.stand_in:
                self.remote.seat_back(seat)
            self.seq += 1
            self.broadcast_at = self.clock()
            self._send_table(seat, [p.ResetEvent()], reset=True)
            self._dirty = True
        else:
            self._broadcast_lobby()

    # ------------------------------------------------------------------ moves

    def _move(self, conn: Connection, message: p.Move) -> bool:
        """Apply a friend's move if the table waits for it and the rules allow it (True)."""
        seat = conn.seat
        assert seat is not None
        controller = self.controller
        card = message.card if isinstance(message, p.Play) else None
        if controller is None:
            self._refuse(conn, "The game has not started yet.", card)
            return False
        if message.seat != seat:
            self._refuse(conn, f"You sit in seat {seat + 1}; that move was for seat {message.seat + 1}.", card)
            return False
        reason = "Wait for your turn." if self.remote.waiting_job(seat) is None else controller.person_moved(
            _action(seat, message))
        if reason is not None:
            self._refuse(conn, reason, card)
            return False
        return True

    def _ready(self, seat: int, hand_index: int) -> bool:
        """A person has read the score of hand ``hand_index`` (True when the table waited for it)."""
        results = self.game.results if self.controller is None else self.controller.game.results
        if hand_index == len(results) - 1 and seat in self.reading:
            self.reading.discard(seat)
            self._dirty = True
            return True
        return False

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
        """Act on arrivals, apply the moves they brought, and hand the replies to the link.

        New connections first, then what every connection said, then who left (each
        connection's own order is kept): so admission has every hello of the batch before
        it closes idle connections, and a friend's hello that came with a crowd is served."""
        for arrival in arrivals:
            if isinstance(arrival, Opened):
                self.connected(arrival.conn_id, arrival.address)
        for arrival in arrivals:
            if isinstance(arrival, Arrived):
                self.received(arrival.conn_id, arrival.data)
        for arrival in arrivals:
            if isinstance(arrival, Closed):
                self.disconnected(arrival.conn_id)
        self._settle_admission()
        controller = self.controller
        if controller is not None:
            self._time_out(controller)
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

    def _time_out(self, controller: TableController) -> None:
        """A friend who lets a decision wait ``TURN_SECONDS`` is played by the computer until
        their next move; the next deal waits that long at most for friends reading the score."""
        now = self.clock()
        for seat, state in enumerate(self.table):
            job = self.remote.waiting_job(seat) if state.remote and not state.stand_in else None
            if job is None:
                state.turn = None
            elif state.turn is None or state.turn[0] != job.job_id:
                state.turn = (job.job_id, now)
            elif now - state.turn[1] >= TURN_SECONDS:
                self._stand_in(seat, "slow")
        friends_reading = {s for s in self.reading if self.table[s].remote}
        if friends_reading and controller.awaiting_continue and now - self.reading_since >= TURN_SECONDS:
            self.reading -= friends_reading
            self._dirty = True

    def _collect(self, controller: TableController) -> None:
        events = controller.drain_events()
        if not events:
            return
        if any(isinstance(e, HandScored) for e in events) and not controller.game.over:
            self.reading = {i for i, s in enumerate(self.table)
                            if s.seat.kind == SeatKind.HUMAN or (s.remote and s.conn_id is not None and not s.stand_in)}
            self.reading_since = self.clock()
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
        """Answer a refused message with its reason: the message was within its connection's
        budget, so a flood cannot make the host say more than the budget allows."""
        self.counters.refused += 1
        key = reason.split(":")[0][:40]
        self.counters.refusal_reasons[key] = self.counters.refusal_reasons.get(key, 0) + 1
        self._send(conn.conn_id, p.Refusal(reason[:300], card))

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
        notes = [request.text for request in self.requests]
        for state in self.table:
            if not (state.remote and self.started):
                continue
            name, level = state.seat.name, state.seat.level.capitalize()
            if state.conn_id is None:
                notes.append(f"{name} is away: a {level} computer plays.")
            elif state.stand_in == "slow":
                notes.append(f"{name} let a turn pass: a {level} computer plays until {name} moves.")
            elif state.stand_in == "host":
                notes.append(f"You gave {name}'s seat to a {level} computer.")
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


def _other_program(probe: p.HelloProbe) -> str:
    """Why a hello of another protocol is turned away, naming what differs."""
    theirs = probe.version[:32]
    if theirs == __version__:
        return (f"Your Hearts Desktop {theirs} speaks network protocol {probe.protocol} and the host's speaks "
                f"{p.PROTOCOL}: install the same build as the host to play together.")
    return f"The host runs Hearts Desktop {__version__} and you have {theirs}: use the same version to play together."


def _action(seat: int, message: p.Move) -> Action:
    """The engine action a move message asks for (its cards already well-formed)."""
    if isinstance(message, p.Play):
        return PlayAction(seat, Card.parse(message.card))
    if isinstance(message, p.PassCards):
        return PassAction(seat, p.parse_card_texts(message.cards))
    return MoonAction(seat, MoonScoring(message.choice))
