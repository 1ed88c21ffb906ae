"""The game at a network table: one controller, and what each seat is sent of it.

The third of the host's parts (admission, the lobby, the game). It owns the one
``TableController`` (so the one ``Game``) from the first moment, playing once the host
starts it, and reads the lobby's seats for who to send to. Sans-IO like the rest of
``net``: time comes in through ``update``, what friends send through ``move`` and
``ready``, and table updates go out through the link.

A friend's move is a person's move: checked here (their seat, their turn), then applied by
the controller at once (``TableController.person_moved``), never held by the pace that lets
people follow the computers. A friend who lets a turn (or the score) wait ``TURN_SECONDS``
is played by the seat's computer until their next move; the host can also give any
friend's seat to a computer and back.

Every message a seat receives is built from that seat's ``PlayerView`` and the events
redacted for that seat (``redact``); the host's own window gets the events redacted for the
host's seat. The next deal waits until every person at the table has read the score.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..controller.bot_runner import BotRunner
from ..controller.table import WAIT_FOR_TURN, TableController, TableEvent, TableReset
from ..engine import Action, Card, Game, HandScored, MoonAction, MoonScoring, PassAction, PlayAction
from ..language import _
from ..persistence.history import moves_text
from ..words import AWAY_SEAT_PLAYED, SLOW_SEAT_PLAYED, YOU_GAVE_SEAT, Pace, SeatKind, waiting_for_readers
from . import protocol as p
from .link import HostLink
from .lobby import Lobby
from .phrases import NOT_STARTED, OTHER_SEAT
from .redact import redact, redact_view
from .remote_seats import RemoteSeats
from .shared_table import TURN_SECONDS


class HostedGame:
    """The controller of a network table, its friends' turns, and the updates they are sent."""

    def __init__(self, game: Game, lobby: Lobby, runner: Callable[[], BotRunner], link: HostLink, *,
                 pace: Pace, on_change: Callable[[TableController], None] | None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lobby = lobby
        self.new_runner = runner
        self.link = link
        self.on_change = on_change
        self.clock = clock
        self.started = False
        self.remote = RemoteSeats(runner(), lobby.friend_seats())
        self.controller = TableController(game, lobby.seats, self.remote, pace, on_change=on_change)
        self.seq = 0
        self.reading: set[int] = set()
        """People still reading the last hand's score: the next deal waits for them."""
        self.reading_since = 0.0
        self._turns: dict[int, tuple[int, float]] = {}
        """Friend's seat -> the decision the table waits for from them, and since when."""
        self._results_sent: dict[int, int] = {}
        self._records_sent: set[int] = set()
        """Friends' seats sent the finished game (``GameRecord``)."""
        self._local_events: list[TableEvent] = []
        self._dirty = False

    @property
    def game(self) -> Game:
        return self.controller.game

    # ------------------------------------------------------------------ starting

    def start(self) -> None:
        """Deal, with the seats as the lobby has them now, and show each friend the table."""
        self.controller.seats = self.lobby.seats
        self.remote.remote = frozenset(self.lobby.friend_seats())
        self.started = True
        for seat, state in enumerate(self.lobby.table):
            if state.remote and state.conn_id is not None and not state.stand_in:
                self.remote.seat_back(seat)
        self.controller.start_decisions()
        self.seq += 1
        for seat in self.lobby.friend_seats():
            self._send_table(seat, [p.ResetEvent()], reset=True)

    def rematch(self, seed: int) -> None:
        """Once the game is over: a new game at the same table, the same people seated."""
        if not (self.started and self.game.over):
            return
        self.controller.close()
        self.remote = RemoteSeats(self.new_runner(), self.lobby.friend_seats())
        self.controller = TableController(Game(self.game.rules, seed), self.lobby.seats, self.remote,
                                          self.controller.pace, on_change=self.on_change)
        self.reading.clear()
        self._turns.clear()
        self._records_sent.clear()
        self.start()
        self._local_events.append(TableReset())

    # ------------------------------------------------------------------ friends

    def seated(self, seat: int) -> None:
        """A person took their seat again (or someone was given it): the whole table for them."""
        state = self.lobby.table[seat]
        self.controller.seats[seat] = state.seat  # the name everyone sees may be new
        if not state.stand_in:
            self.remote.seat_back(seat)
        self.controller.start_decisions()
        self.seq += 1
        self._send_table(seat, [p.ResetEvent()], reset=True)
        self._dirty = True

    def left(self, seat: int) -> None:
        """A friend's connection is gone: their decisions go to the seat's computer."""
        self._turns.pop(seat, None)
        self.reading.discard(seat)
        self.remote.seat_left(seat)
        self._dirty = True

    def move(self, seat: int, message: p.Move) -> str | None:
        """A friend's move, applied now; else why not (the table carries on)."""
        if not self.started:
            return NOT_STARTED()
        if message.seat != seat:
            return OTHER_SEAT(yours=seat + 1, other=message.seat + 1)
        if seat not in self.remote.connected:
            return WAIT_FOR_TURN()  # a computer plays the seat for now
        return self.controller.person_moved(_action(seat, message))

    def ready(self, seat: int, hand_index: int) -> bool:
        """A person has read the score of hand ``hand_index`` (True when the table waited for it)."""
        if hand_index == len(self.game.results) - 1 and seat in self.reading:
            self.reading.discard(seat)
            self._dirty = True
            return True
        return False

    def hand_to_computer(self, seat: int) -> None:
        """After the start: the seat's computer plays a friend's seat until the host hands it back."""
        if self.started and self.lobby.table[seat].remote:
            self._stand_in(seat, "host")

    def hand_back(self, seat: int) -> None:
        """The friend plays their seat again (if connected; else when they come back)."""
        state = self.lobby.table[seat]
        if not state.stand_in:
            return
        state.stand_in = ""
        if state.conn_id is not None:
            self.remote.seat_back(seat)
        self._dirty = True

    def back_from_slow(self, seat: int) -> None:
        """A move from a friend whose turn passed to the computer: the seat is theirs again."""
        if self.lobby.table[seat].stand_in == "slow":
            self.hand_back(seat)

    def _stand_in(self, seat: int, why: p.StandIn) -> None:
        self.lobby.table[seat].stand_in = why
        self._turns.pop(seat, None)
        self.remote.seat_left(seat)  # the decision waiting for the person goes to the computer
        self.reading.discard(seat)
        self._dirty = True

    # ------------------------------------------------------------------ the host's person

    def local(self, move: Callable[[TableController], str | None]) -> str | None:
        """The host's own move, played as at home, then sent to the friends at once."""
        if not self.started:
            return NOT_STARTED()
        result = move(self.controller)
        self._collect()
        return result

    def host_read(self, seat: int) -> None:
        """The host's person (at ``seat``) has read the score."""
        self.reading.discard(seat)
        self._dirty = True
        self._continue_when_read()

    def drain_events(self) -> list[TableEvent]:
        events, self._local_events = self._local_events, []
        return events

    def notes(self) -> list[str]:
        """Who a computer plays for, and who the next deal waits for."""
        notes = []
        for state in self.lobby.table:
            if not (state.remote and self.started):
                continue
            name, level = state.seat.name, state.seat.level.label
            if state.conn_id is None:
                notes.append(_(AWAY_SEAT_PLAYED).format(name=name, level=level))
            elif state.stand_in == "slow":
                notes.append(_(SLOW_SEAT_PLAYED).format(name=name, level=level))
            elif state.stand_in == "host":
                notes.append(_(YOU_GAVE_SEAT).format(name=name, level=level))
        host = self.lobby.host_seat()
        waiting = [self.lobby.table[s].seat.name for s in sorted(self.reading) if s != host]
        if waiting and self.controller.awaiting_continue and host not in self.reading:
            notes.append(waiting_for_readers(waiting))
        return notes

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Advance the game by ``dt`` and send what that changed."""
        if self.started:
            self.controller.update(dt)
            self._collect()

    def settle(self) -> None:
        """After a batch of arrivals: turns that waited too long, the next deal when everyone
        has read the score, the moves they brought, and one update for what changed."""
        if not self.started:
            return
        self._time_out()
        self._continue_when_read()
        self.controller.update(0.0)
        self._collect()
        if self._dirty:
            self._broadcast([])

    def _time_out(self) -> None:
        """A friend who lets a decision wait ``TURN_SECONDS`` is played by the computer until
        their next move; the next deal waits that long at most for friends reading the score."""
        now = self.clock()
        for seat, state in enumerate(self.lobby.table):
            job = self.remote.waiting_job(seat) if state.remote and not state.stand_in else None
            turn = self._turns.get(seat)
            if job is None:
                self._turns.pop(seat, None)
            elif turn is None or turn[0] != job.job_id:
                self._turns[seat] = (job.job_id, now)
            elif now - turn[1] >= TURN_SECONDS:
                self._stand_in(seat, "slow")
        friends_reading = {s for s in self.reading if self.lobby.table[s].remote}
        if friends_reading and self.controller.awaiting_continue and now - self.reading_since >= TURN_SECONDS:
            self.reading -= friends_reading
            self._dirty = True

    def _collect(self) -> None:
        events = self.controller.drain_events()
        if not events:
            return
        if any(isinstance(e, HandScored) for e in events) and not self.game.over:
            self.reading = {i for i, s in enumerate(self.lobby.table) if s.seat.kind == SeatKind.HUMAN
                            or (s.remote and s.conn_id is not None and not s.stand_in)}
            self.reading_since = self.clock()
        host = self.lobby.host_seat()
        if host is not None:
            self._local_events += [e for e in (redact(e, host) for e in events) if e is not None]
        self._broadcast(events)
        self._continue_when_read()

    def _continue_when_read(self) -> None:
        controller = self.controller
        if self.started and controller.awaiting_continue and not self.reading and not controller.game.over:
            controller.continue_after_hand()
            self._dirty = True

    # ------------------------------------------------------------------ sending

    def _broadcast(self, events: Sequence[TableEvent]) -> None:
        self.controller.start_decisions()  # a friend shown their turn finds the table waiting for it
        self._dirty = False
        self.seq += 1
        for seat, state in enumerate(self.lobby.table):
            if state.conn_id is None or not state.remote:
                continue
            wire = [w for w in (p.event_to_wire(e) for e in (redact(e, seat) for e in events) if e is not None)
                    if w is not None]
            self._send_table(seat, wire, reset=False)

    def _send_table(self, seat: int, events: list[p.AnyWireEvent], reset: bool) -> None:
        conn_id = self.lobby.table[seat].conn_id
        if conn_id is None:
            return
        game = self.game
        first = 0 if reset else self._results_sent.get(seat, 0)
        message = p.TableUpdate(
            seq=self.seq, events=events, view=p.view_to_wire(redact_view(game.view(seat))), first_result=first,
            results=[p.result_to_wire(r) for r in game.results[first:]], seats=self.lobby.seat_infos(),
            awaiting_continue=self.controller.awaiting_continue, reading=sorted(self.reading), over=game.over,
        )
        self._results_sent[seat] = len(game.results)
        self.link.send(conn_id, p.encode(message))
        if game.over and (reset or seat not in self._records_sent):
            self._send_record(conn_id)
            self._records_sent.add(seat)

    def _send_record(self, conn_id: int) -> None:
        """The finished game for the friend's history (a game too long for a message is not sent)."""
        moves = moves_text(self.game.actions)
        if len(moves) <= p.MAX_RECORD_CHARACTERS:
            self.link.send(conn_id, p.encode(p.GameRecord(self.game.seed, moves)))

    def close(self) -> None:
        self.controller.close()


def _action(seat: int, message: p.Move) -> Action:
    """The engine action a move message asks for (its cards already well-formed)."""
    if isinstance(message, p.Play):
        return PlayAction(seat, Card.parse(message.card))
    if isinstance(message, p.PassCards):
        return PassAction(seat, p.parse_card_texts(message.cards))
    return MoonAction(seat, MoonScoring(message.choice))
