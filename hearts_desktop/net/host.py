"""The host's table: the one authority, fed bytes and time, answering with bytes.

``HostTable`` has no socket: the transport hands it what arrived through its link (new
connections, messages, connections gone) and it answers through the same link, so tests
drive it directly and check every byte it sends.

It is a coordinator of three parts, each sans-IO in a module of its own:

- **admission** (``admission.Admission``): which connections may stay, and whose room code
  is compared, and when;
- **the lobby** (``lobby.Lobby``): who sits where, each seat's rejoin token, and the requests
  for a seat the host answers;
- **the game** (``hosted_game.HostedGame``): the one controller, friends' turns, and the
  table updates each seat is sent, redacted for it.

What is left here is the connection itself. Nothing from a connection is trusted. Every
message it sends draws on its budget (``MESSAGES_PER_SECOND``), and only one that moves the
game (a move the table takes, the score read when it is due) gives its share back: the game
bounds those, so a quick player is never held back while ignored, refused or malformed
messages run the budget dry. Past it messages are dropped unread, and a connection that
keeps on is cut off. A message is decoded against the protocol's types first; a stranger's
first one must be a hello of this protocol with a usable name, and a seated friend's go to
the game, which refuses with the reason what it cannot take; the table carries on.

For the window on the host, ``HostTable`` is the table model: it forwards to the game's
controller, except that undo and finishing a hand are off, and the next deal waits until
every person at the table has read the score.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Protocol

from .. import __version__
from ..controller.bot_runner import BotRunner
from ..controller.table import TableController, TableEvent
from ..engine import Card, Game, HandResult, MoonScoring, PlayerView, Ruleset
from ..language import _
from ..persistence.seats import MAX_NAME_LENGTH, Seat
from ..words import Level, Pace
from . import protocol as p
from .admission import Admission, Admit, Bucket, Hold
from .code import format_code
from .hosted_game import HostedGame
from .link import Arrived, Closed, HostArrival, HostLink, Opened
from .lobby import Lobby, SeatRequest, SeatState
from .names import NameRefused, clean_name
from .phrases import ALREADY_SEATED, HELLO_FIRST, HOST_CLOSED, TOO_MANY_MESSAGES, WAIT_FOR_ANSWER
from .shared_table import NetworkTableRules

MESSAGES_PER_SECOND: Final = 10.0
"""Messages a connection may send a second after a burst, ignored or refused alike (the ones
that move the game give their share back): past it messages are dropped unread."""
MESSAGE_BURST: Final = 40.0
MAX_DROPPED: Final = 100
"""Messages dropped past the budget before the connection is cut off; its seat's token is
then changed, so only the host can give the seat back."""


class HostWatch(Protocol):
    """What the host decides that no message shows, for whoever checks it from outside.

    Everything else the host does passes through its link, so tests and benchmarks see it
    by wrapping the link; the program's host is built without a watch."""

    def dropped(self, conn_id: int) -> None:
        """A message over its connection's budget was dropped unread."""


@dataclass
class Connection:
    conn_id: int
    address: str
    hello: p.Hello | None = None
    """Said hello (``name`` cleaned): waits for admission, then maybe for the host's answer."""
    name: str = ""
    budget: Bucket = field(default_factory=lambda: Bucket(MESSAGE_BURST, MESSAGES_PER_SECOND))
    dropped: int = 0


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
        link: HostLink,
        pace: Pace = Pace.FRIENDLY,
        on_change: Callable[[TableController], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        watch: HostWatch | None = None,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{game.players} players need {game.players} seats, not {len(seats)}")
        self.code = code
        self.host_name = host_name
        self.clock = clock
        self.link = link
        self.watch = watch
        self.connections: dict[int, Connection] = {}
        self.admission = Admission(code)
        self.lobby = Lobby(seats, link, self._show_out)
        self.hosted = HostedGame(game, self.lobby, runner, link, pace=pace, on_change=on_change, clock=clock)
        self._closed = False

    # ------------------------------------------------------------------ the parts, as the window sees them

    @property
    def shown_code(self) -> str:
        return format_code(self.code)

    @property
    def started(self) -> bool:
        return self.hosted.started

    @property
    def game(self) -> Game:
        return self.hosted.game

    @property
    def controller(self) -> TableController:
        return self.hosted.controller

    @property
    def table(self) -> list[SeatState]:
        return self.lobby.table

    @property
    def requests(self) -> list[SeatRequest]:
        return self.lobby.requests

    @property
    def reading(self) -> set[int]:
        return self.hosted.reading

    def host_seat(self) -> int | None:
        return self.lobby.host_seat()

    def open_seats(self) -> list[int]:
        return self.lobby.open_seats()

    def seats_to_take(self) -> int:
        """What the table advertises: its open seats, and once it plays the seats of friends
        who are away (their program closed or their line down), which they can come back to."""
        away = [state for state in self.table if state.remote and not state.open and state.conn_id is None]
        return len(self.open_seats()) + (len(away) if self.started else 0)

    def can_start(self) -> bool:
        return not self.started and not self.open_seats()

    def start(self) -> None:
        """Deal: every open seat must be taken or turned into a computer first."""
        if self.can_start():
            self.hosted.start()

    def rematch(self, seed: int) -> None:
        """Once the game is over: a new game at the same table, the same people seated."""
        self.hosted.rematch(seed)

    def make_computer(self, seat: int) -> None:
        """Before the start: an open (or taken) friend's seat becomes a computer player."""
        if not self.started:
            self.lobby.make_computer(seat)

    def hand_to_computer(self, seat: int) -> None:
        self.hosted.hand_to_computer(seat)

    def hand_back(self, seat: int) -> None:
        self.hosted.hand_back(seat)

    def answer_request(self, conn_id: int, give: bool) -> None:
        """The host's answer to someone asking for a seat without its token."""
        seat = self.lobby.answer(conn_id, give)
        if seat is not None:
            self._seated(self.connections[conn_id], seat)

    # ------------------------------------------------------------------ connections

    def connected(self, conn_id: int, address: str) -> bool:
        """A new connection; admission decides, once its batch of arrivals is read, whether
        it may stay (False: the host is closed and hangs up at once)."""
        if self._closed:
            self.link.hang_up(conn_id)
            return False
        self.connections[conn_id] = Connection(conn_id, address)
        self.admission.opened(conn_id, address, self.clock())
        return True

    def disconnected(self, conn_id: int) -> None:
        self.connections.pop(conn_id, None)
        self.admission.closed(conn_id)
        seat = self.lobby.left(conn_id, self.started)
        if seat is not None and self.started:
            self.hosted.left(seat)

    def received(self, conn_id: int, data: bytes) -> None:
        """One message from a connection: counted, decoded, checked, acted on or refused."""
        conn = self.connections.get(conn_id)
        if conn is None or not self._within_budget(conn):
            return
        seat = self.lobby.seat_of(conn_id)
        if seat is None:
            self._stranger_message(conn, data)
            return
        try:
            message = p.decode_client(data)
        except p.BadMessage as error:
            self._refuse(conn, error.reason)
            return
        if isinstance(message, p.Hello):
            self._refuse(conn, ALREADY_SEATED())
        elif isinstance(message, p.Leave):
            self.link.hang_up(conn_id)
            self.disconnected(conn_id)
        elif self._took(conn, seat, message):
            conn.budget.give_back()

    def _took(self, conn: Connection, seat: int, message: p.Move | p.Ready) -> bool:
        """Hand a seated friend's move or readiness to the game: True when it moved the game."""
        self.hosted.back_from_slow(seat)
        if isinstance(message, p.Ready):
            return self.hosted.ready(seat, message.hand_index)
        reason = self.hosted.move(seat, message)
        if reason is not None:
            self._refuse(conn, reason, message.card if isinstance(message, p.Play) else None)
        return reason is None

    def _within_budget(self, conn: Connection) -> bool:
        """Every message draws on its connection's budget; past it, dropped unread."""
        if conn.budget.take(self.clock()):
            return True
        conn.dropped += 1
        if self.watch is not None:
            self.watch.dropped(conn.conn_id)
        if conn.dropped > MAX_DROPPED:
            seat = self.lobby.seat_of(conn.conn_id)
            if seat is not None:
                self.lobby.change_token(seat)  # back only with the host's yes
            self._reject(conn.conn_id, TOO_MANY_MESSAGES())
        return False

    # ------------------------------------------------------------------ admission

    def _stranger_message(self, conn: Connection, data: bytes) -> None:
        """A connection's first message must be a hello of this protocol with a usable name;
        its code or token goes to admission, which answers in ``_settle_admission``."""
        if conn.hello is not None:
            self._reject(conn.conn_id, WAIT_FOR_ANSWER())
            return
        self.admission.spoke(conn.conn_id)
        probe = p.probe_hello(data)
        if probe is None:
            self._reject(conn.conn_id, HELLO_FIRST())
            return
        if probe.protocol != p.PROTOCOL:
            self._reject(conn.conn_id, _other_program(probe))
            return
        try:
            hello = p.decode_client(data)
            assert isinstance(hello, p.Hello)
            conn.name = clean_name(hello.name)
        except p.BadMessage as error:
            self._reject(conn.conn_id, error.reason)
            return
        except NameRefused as error:
            self._reject(conn.conn_id, error.reason)
            return
        conn.hello = hello
        if self.lobby.token_seat(hello.token) is not None:
            self.admission.admit(conn.conn_id)
        else:
            self.admission.hello(conn.conn_id, hello.code, self.clock())

    def _settle_admission(self) -> None:
        for verdict in self.admission.settle(self.clock()):
            conn = self.connections.get(verdict.conn_id)
            if conn is None:
                continue
            if isinstance(verdict, Admit):
                assert conn.hello is not None
                seat = self.lobby.join(conn.conn_id, conn.name, conn.address, conn.hello.token, self.started)
                if seat is not None:
                    self._seated(conn, seat)
            elif isinstance(verdict, Hold):
                self._send(conn.conn_id, p.waiting(verdict.reason))
            else:
                self._reject(conn.conn_id, verdict.reason)

    def _seated(self, conn: Connection, seat: int) -> None:
        """The lobby gave the connection a seat: welcome it, and show it the table."""
        conn.hello = None
        self._send(conn.conn_id, p.Welcome(
            protocol=p.PROTOCOL, version=__version__, seat=seat, token=self.lobby.table[seat].token,
            host=self.host_name[:MAX_NAME_LENGTH], rules=self.rules.to_dict(), pace=self.pace,
        ))
        if self.started:
            self.hosted.seated(seat)
        else:
            self.lobby.broadcast()

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Advance the game, then act on what arrived from the link.

        Arrivals are read after the controller has started this turn's decisions, so a move
        always finds the decision it answers; a move accepted is applied at once."""
        if self._closed:
            return
        self.hosted.update(dt)
        self.pump(self.link.take())

    def answer_arrivals(self) -> None:
        """Act on what arrived, without advancing the host's own clock: while the host's
        window pauses the table (the hand summary, a menu), a friend who knocks is still
        seated at once, not when the host reads on."""
        arrivals = [] if self._closed else self.link.take()
        if arrivals:
            self.pump(arrivals)

    def pump(self, arrivals: Sequence[HostArrival]) -> None:
        """Act on arrivals and send what they changed.

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
        self.hosted.settle()

    # ------------------------------------------------------------------ sending

    def _send(self, conn_id: int, message: p.Message) -> None:
        self.link.send(conn_id, p.encode(message))

    def _refuse(self, conn: Connection, reason: str, card: str | None = None) -> None:
        """Answer a refused message with its reason: the message was within its connection's
        budget, so a flood cannot make the host say more than the budget allows."""
        self._send(conn.conn_id, p.refusal(reason, card))

    def _reject(self, conn_id: int, reason: str) -> None:
        """Turn a connection away with ``reason``, and forget it (its seat waits for its person)."""
        self._send(conn_id, p.rejection(reason))
        self.link.hang_up(conn_id)
        self.disconnected(conn_id)

    def _show_out(self, conn_id: int, message: p.Message) -> None:
        """The lobby's last word to a connection it has already unseated: say it, close, forget."""
        self._send(conn_id, message)
        self.link.hang_up(conn_id)
        self.connections.pop(conn_id, None)
        self.admission.closed(conn_id)

    def close(self, reason: str = "") -> None:
        """Tell every friend why in one sentence (by default: the host closed the table),
        then hang up (the transport sends it first)."""
        if self._closed:
            return
        self._closed = True
        reason = reason or HOST_CLOSED()
        for conn_id in list(self.connections):
            self._send(conn_id, p.closing(reason))
            self.link.hang_up(conn_id)
        self.connections.clear()
        for state in self.lobby.table:
            state.conn_id = None
        self.link.close()
        self.hosted.close()

    # ------------------------------------------------------------------ the table model

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    @property
    def viewer(self) -> int:
        host = self.host_seat()
        return host if host is not None else 0

    @property
    def pace(self) -> Pace:
        return self.controller.pace

    @pace.setter
    def pace(self, pace: Pace) -> None:
        self.controller.pace = pace

    @property
    def awaiting_continue(self) -> bool:
        return self.started and self.controller.awaiting_continue

    @property
    def rules(self) -> Ruleset:
        return self.game.rules

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def totals(self) -> Sequence[int]:
        return self.game.totals

    @property
    def results(self) -> Sequence[HandResult]:
        return self.game.results

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def fresh(self) -> bool:
        return not self.game.actions

    def human_seats(self) -> list[int]:
        host = self.host_seat()
        return [] if host is None else [host]

    def active_human(self) -> int | None:
        return self.controller.active_human() if self.started else None

    def notes(self) -> list[str]:
        return self.lobby.notes() + self.hosted.notes()

    def view(self) -> PlayerView:
        return self.game.view(self.viewer)

    def drain_events(self) -> list[TableEvent]:
        return self.hosted.drain_events()

    def play(self, card: Card) -> str | None:
        return self.hosted.local(lambda c: c.play(card))

    def submit_pass(self, cards: Sequence[Card]) -> str | None:
        return self.hosted.local(lambda c: c.submit_pass(cards))

    def choose_moon(self, choice: MoonScoring) -> str | None:
        return self.hosted.local(lambda c: c.choose_moon(choice))

    def continue_after_hand(self) -> None:
        self.hosted.host_read(self.viewer)

    def request_hint(self) -> bool:
        return self.started and self.controller.request_hint()

    def set_level(self, seat: int, level: Level) -> None:
        state = self.lobby.table[seat]
        state.seat = replace(state.seat, level=level)
        self.controller.set_level(seat, level)


def _other_program(probe: p.HelloProbe) -> str:
    """Why a hello of another protocol is turned away, naming what differs: in the host's
    words, as no phrase, since a program of another protocol may read no note."""
    theirs = probe.version[:p.VERSION_LENGTH]
    if theirs == __version__:
        # Translators: {version} is a version of the program; {theirs} and {ours} numbers of network protocols.
        return _("Your Hearts Desktop {version} speaks network protocol {theirs} and the host's speaks "
                 "{ours}: install the same build as the host to play together.").format(
            version=theirs, theirs=probe.protocol, ours=p.PROTOCOL)
    return p.other_version(__version__, theirs)
