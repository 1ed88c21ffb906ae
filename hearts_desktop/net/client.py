"""A friend's table: the table model rebuilt from the host's messages.

The friend's program never holds the game. It holds what the host sent for its seat: the
latest ``PlayerView``, the redacted events to animate, the scored hands, who sits where;
its moves go to the host, which answers with the next table or a refusal. So the window
draws a friend's table exactly as it draws a game at home. Hints are thought out here,
from this seat's own view, by the local bot runner.

A connection that drops without the host saying goodbye is tried again every
``RETRY_SECONDS`` with the seat's rejoin token, and the host sends the whole table back.
A first knock that fails before the table has said a word (a flood of connections at the
host may close a friend's in its first milliseconds) is tried ``JOIN_TRIES`` times in all,
after ``JOIN_RETRY_SECONDS``, then twice that, and so on, before the friend is told why.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

import msgspec

from .. import __version__
from ..bots import Hint
from ..controller.bot_runner import BotAnswer, BotJob, BotRunner
from ..controller.review import Step
from ..controller.table import HINT_LEVEL, WAIT_FOR_TURN, HintReady, Refused, TableEvent, TableReset
from ..engine import (
    Card,
    Game,
    HandResult,
    MoonScoring,
    PassAction,
    Phase,
    PlayAction,
    PlayerView,
    Ruleset,
    RulesetError,
)
from ..language import N_, _, n_
from ..persistence.history import actions_of
from ..persistence.seats import MAX_NAME_LENGTH, Seat, shown_levels
from ..words import (
    AWAY_SEAT_PLAYED,
    HOST_GAVE_SEAT,
    HOST_NAME,
    PLAYER_NUMBER,
    SLOW_SEAT_PLAYED,
    JobKind,
    Pace,
    SeatKind,
    waiting_for_readers,
)
from . import protocol as p
from .link import ClientLink, Lost
from .names import shown_text
from .shared_table import TURN_SECONDS, NetworkTableRules
from .witness import GameWitness

RETRY_SECONDS: Final = 1.0
RETRY_FOR_SECONDS: Final = 60.0
ANSWER_SECONDS: Final = 5.0
JOIN_TRIES: Final = 4
JOIN_RETRY_SECONDS: Final = 0.25
TRYING_AGAIN: Final = N_("Trying again…")
RECORD_DISAGREES: Final = N_("The host's record of this game does not match the game you played, "
                             "so it was not added to your history.")
State = Literal["joining", "lobby", "playing", "closed"]


@dataclass(frozen=True, slots=True)
class Joined:
    """What the host told a friend when it let them in."""

    seat: int
    host: str
    rules: Ruleset
    pace: Pace


class ClientTable(NetworkTableRules):
    """The table on a friend's computer, from their seat."""

    def __init__(
        self,
        name: str,
        code: str,
        connect: Callable[[], ClientLink],
        runner: BotRunner | None = None,
        clock: Callable[[], float] = time.monotonic,
        token: str = "",
    ) -> None:
        """``token``: a seat's token from an earlier game at this table, to sit there again."""
        self.name = name
        self.code = code
        self.connect = connect
        self.runner = runner
        self.clock = clock
        self.state: State = "joining"
        self.closed_reason: str | None = None
        """Why the table ended for this friend, in one sentence, once ``state`` is closed."""
        self.waiting = ""
        """What the host said to wait for before seating this friend (a code check, the host's yes)."""
        self.token = token
        self.ended = False
        """The host closed the table or turned this seat away: there is nothing to come back to."""
        self.joined: Joined | None = None
        self.lobby: list[p.SeatInfo] = []
        self.seat_infos: list[p.SeatInfo] = []
        self.seats: list[Seat] = []
        self.viewer = 0
        self.pace = Pace.FRIENDLY
        self._view: PlayerView | None = None
        self._results: list[HandResult] = []
        self.awaiting_continue = False
        self.reading: tuple[int, ...] = ()
        self._over = False
        self.finished: Game | None = None
        """The whole game once it is over, as the host sent it for this friend's history."""
        self.record_note: str | None = None
        """Why the host's record of the game just over was not kept, for the player, once."""
        self._witness = GameWitness()
        """What this seat saw and chose in the game at the table: a record must agree."""
        self._record_taken = False
        """A record of this game came (kept or not): one per game, later ones are ignored."""
        self._events: list[TableEvent] = []
        self._move_sent: tuple[int, ...] | None = None
        """The decision a move was sent for: no other move until the host answers it."""
        self._move_sent_at = 0.0
        self._move_step: Step | None = None
        """The pass or card in ``_move_sent``, kept for the coach once the host takes it."""
        self._decisions: dict[int, list[Step]] = {}
        """This seat's passes and cards the host took, by hand, with the view each was made
        from: the coach reviews them here, as the game itself lives on the host."""
        self._hint_job: int | None = None
        self._next_job = 1
        self.seq = 0
        self.reconnecting_since: float | None = None
        self._last_try = 0.0
        self.retry_seconds = RETRY_SECONDS
        self._join_tries = 1
        self._answered = False
        """Whether the host has said anything on this connection."""
        self._join_retry_at: float | None = None
        self.link: ClientLink | None = None
        self._open()

    # ------------------------------------------------------------------ connection

    def _open(self) -> None:
        self._synced = False  # no move from a view older than the table the host sends back
        self._last_try = self.clock()
        self._answered = False
        self.link = self.connect()
        self._send(p.Hello(p.PROTOCOL, __version__, self.code, self.name, self.token))

    def _send(self, message: p.Message) -> None:
        if self.link is not None:
            self.link.send(p.encode(message))

    def _lost(self, reason: str) -> None:
        """The connection dropped: try again with the token if we had a seat, else give up."""
        if self.link is not None:
            self.link.close()
            self.link = None
        self._move_sent = None
        self._move_step = None  # in flight as the line broke: whether the host took it is unknown
        if self.state == "closed":
            return
        if self.token and self.state in ("playing", "lobby"):
            if self.reconnecting_since is None:
                self.reconnecting_since = self.clock()
            return
        if self.state == "joining" and not self._answered and self._join_tries < JOIN_TRIES:
            self._join_retry_at = self.clock() + JOIN_RETRY_SECONDS * 2 ** (self._join_tries - 1)
            self._join_tries += 1
            self.waiting = f"{reason} {_(TRYING_AGAIN)}"
            return
        self._close(reason)

    def _close(self, reason: str) -> None:
        self.state = "closed"
        self.closed_reason = reason
        self._join_retry_at = None
        if self.link is not None:
            self.link.close()
            self.link = None

    def drop(self) -> None:
        """Cut the connection as a network fault would (tests and benchmarks)."""
        self._lost("dropped")

    def leave(self) -> None:
        """Leave the table for good: the host's computer plays this seat from now on."""
        self._send(p.Leave())
        self._close(_("You left the table."))

    def close(self) -> None:
        if self.state != "closed":
            self.leave()
        if self.runner is not None:
            self.runner.close()

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Take in what the host sent; try to reconnect when the line is down."""
        if self.link is None and self.reconnecting_since is not None:
            now = self.clock()
            if now - self.reconnecting_since > RETRY_FOR_SECONDS:
                self.reconnecting_since = None
                self._close(_("The connection to the host was lost."))
            elif now - self._last_try >= self.retry_seconds:
                self._open()
        if self.link is None and self._join_retry_at is not None and self.clock() >= self._join_retry_at:
            self._join_retry_at = None
            self._open()
        if self.link is not None:
            for item in self.link.take():
                if isinstance(item, Lost):
                    self._lost(item.reason)
                    break
                self.received(item)
        if self._move_sent and self.clock() - self._move_sent_at > ANSWER_SECONDS:
            self._move_sent = None  # never answered (lost on the way): the move may be made again
        self._poll_hint()

    def received(self, data: bytes) -> None:
        self._answered = True
        try:
            message = p.decode_host(data)
            self._take(message)
        except (p.BadMessage, ValueError, RulesetError) as error:
            # Translators: {details} is a programmer's description of the message, left in English.
            self._close(_("The host sent something this version cannot read ({details}).").format(details=str(error)[:80]))

    def _take(self, message: p.HostMessage) -> None:
        if isinstance(message, p.Welcome):
            self._welcome(message)
        elif isinstance(message, p.Lobby):
            self.lobby = list(message.seats)
            self._set_seats(message.seats)
        elif isinstance(message, p.TableUpdate):
            self._table(message)
        elif isinstance(message, p.Refusal):
            self._move_sent = None
            self._move_step = None
            self._events.append(p.refusal_event(self.viewer, message))
        elif isinstance(message, p.Rejected):
            self.token = ""
            self.ended = True
            self._close(p.said(message))
        elif isinstance(message, p.Waiting):
            self.waiting = p.said(message)
        elif isinstance(message, p.Closing):
            self.ended = True
            self._close(p.said(message))
        elif isinstance(message, p.GameRecord):
            self._record(message)

    def _record(self, message: p.GameRecord) -> None:
        """The finished game as the host holds it, kept once per game this seat sat in, and
        only when it replays to all this seat saw and chose; else the player is told."""
        if self.joined is None or not self._over or self._record_taken or not self._witness.sat_in:
            return  # not a game this friend played to its end here, or one already recorded
        self._record_taken = True
        try:
            game = self._witness.replay(self.rules, p.checked_seed(message), actions_of(message.moves), self.viewer)
        except ValueError:  # a malformed move, a seed no save holds, an illegal move
            game = None
        if game is not None and tuple(game.totals) == tuple(self.view().totals):
            self.finished = game
        else:
            self.record_note = _(RECORD_DISAGREES)

    def _welcome(self, message: p.Welcome) -> None:
        rules = Ruleset.from_dict(dict(message.rules))
        if message.seat >= rules.players:
            raise ValueError(f"seat {message.seat} at a {rules.players}-player table")
        self.token = message.token
        self.viewer = message.seat
        self.pace = message.pace
        self.joined = Joined(message.seat, shown_text(message.host, MAX_NAME_LENGTH) or _(HOST_NAME), rules, self.pace)
        self.reconnecting_since = None
        self.waiting = ""
        if self.state == "joining":
            self.state = "lobby"

    def _table(self, message: p.TableUpdate) -> None:
        if self.joined is None:
            raise ValueError("a table before the welcome")
        view = p.view_from_wire(message.view, self.joined.rules)
        if view.seat != self.viewer:
            raise ValueError("a view of another seat")
        results = [p.result_from_wire(r) for r in message.results]
        if message.first_result > len(self._results):
            raise ValueError("a gap in the scored hands")
        self._results = self._results[: message.first_result] + results
        self._set_seats(message.seats)
        events = [p.event_from_wire(e) for e in message.events]
        self._view = view
        self.awaiting_continue = message.awaiting_continue
        self.reading = tuple(message.reading)
        if self._over and not message.over:  # a rematch: the game the record was of is over
            self._witness = GameWitness()
            self._record_taken = False
        self._over = message.over
        if not message.over:
            self.finished = None
        self._witness.saw(view)
        if any(isinstance(e, TableReset) for e in events):
            self._synced = True
            self._move_sent = None
            self._move_step = None
        if self._move_sent and _decision(view) != self._move_sent:
            self._move_sent = None  # the host has moved past the decision the move answered
            self._took_move()
        self.seq = message.seq
        self.state = "playing"
        self._cancel_hint()
        self._events += events

    def _set_seats(self, infos: Sequence[p.SeatInfo]) -> None:
        kinds = {"host": SeatKind.REMOTE, "friend": SeatKind.REMOTE, "open": SeatKind.REMOTE,
                 "computer": SeatKind.COMPUTER}
        self.seat_infos = [msgspec.structs.replace(info, name=name_from_host(info.name, index)) for index, info in enumerate(infos)]
        self.seats = [
            Seat(info.name, SeatKind.HUMAN if index == self.viewer else kinds[info.kind], info.level)
            for index, info in enumerate(self.seat_infos)
        ]

    # ------------------------------------------------------------------ the table model

    @property
    def rules(self) -> Ruleset:
        assert self.joined is not None
        return self.joined.rules

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def totals(self) -> Sequence[int]:
        return self.view().totals

    @property
    def results(self) -> Sequence[HandResult]:
        return self._results

    @property
    def over(self) -> bool:
        return self._over

    @property
    def fresh(self) -> bool:
        view = self.view()
        if view.hand_index or view.tricks or view.trick:
            return False
        return view.phase is Phase.PLAYING or len(view.waiting_to_pass) == view.players


    def human_seats(self) -> list[int]:
        return [self.viewer]

    def view(self) -> PlayerView:
        if self._view is None:
            raise RuntimeError("the host has not sent the table yet")
        return self._view

    def to_act(self) -> bool:
        """Whether the host waits for this seat's decision (from the view alone)."""
        view = self.view()
        if view.phase is Phase.PASSING:
            return view.passed is None
        if view.phase is Phase.PLAYING:
            return view.turn == view.seat
        return view.phase is Phase.MOON_CHOICE and view.moon_chooser == view.seat

    def active_human(self) -> int | None:
        if (self._view is None or self.awaiting_continue or self._over or self._move_sent or self.link is None
                or not self._synced or self._stand_in() == "host"):
            return None
        return self.viewer if self.to_act() else None

    def notes(self) -> list[str]:
        notes = []
        if self.reconnecting_since is not None:
            notes.append(_("The connection to the host dropped: reconnecting…"))
        for index, info in enumerate(self.seat_infos):
            if info.kind == "friend":
                notes += seat_notes(info, index == self.viewer)
        waiting = [self.seat_infos[s].name for s in self.reading if s != self.viewer and s < len(self.seat_infos)]
        if waiting and self.awaiting_continue and self.viewer not in self.reading:
            notes.append(waiting_for_readers(waiting))
        return notes

    def drain_events(self) -> list[TableEvent]:
        events, self._events = self._events, []
        return events

    def _stand_in(self) -> p.StandIn:
        return self.seat_infos[self.viewer].stand_in if self.viewer < len(self.seat_infos) else ""

    def _move(self, message: p.Move, action: PassAction | PlayAction | None = None,
              card: Card | None = None) -> str | None:
        if self.active_human() != self.viewer:
            reason = WAIT_FOR_TURN()
            self._events.append(Refused(self.viewer, reason, card))
            return reason
        self._send(message)
        view = self.view()
        self._move_sent = _decision(view)
        self._move_sent_at = self.clock()
        self._move_step = None if action is None else Step.seen(view, action)
        return None

    def _took_move(self) -> None:
        """The host answered the move with the next table: the decision joins its hand's."""
        if self._move_step is not None:
            self._decisions.setdefault(self._move_step.view.hand_index, []).append(self._move_step)
            self._witness.chose(self._move_step.view, self._move_step.action)
            self._move_step = None

    def decisions(self, hand_index: int) -> list[Step]:
        """This seat's passes and cards in hand ``hand_index`` that this computer made and
        the host took, in order: what the coach reviews at a friend's table."""
        return list(self._decisions.get(hand_index, ()))

    def play(self, card: Card) -> str | None:
        return self._move(p.Play(self.viewer, str(card)), PlayAction(self.viewer, card), card)

    def submit_pass(self, cards: Sequence[Card]) -> str | None:
        return self._move(p.PassCards(self.viewer, [str(c) for c in cards]), PassAction(self.viewer, tuple(cards)))

    def choose_moon(self, choice: MoonScoring) -> str | None:
        return self._move(p.Moon(self.viewer, choice.value))  # type: ignore[arg-type]

    def continue_after_hand(self) -> None:
        if self._results and self.viewer in self.reading:
            self.reading = tuple(s for s in self.reading if s != self.viewer)
            self._send(p.Ready(len(self._results) - 1))

    # ------------------------------------------------------------------ hints

    def request_hint(self) -> bool:
        """The Expert's suggestion, thought out here from this seat's own view."""
        if self.runner is None or self._hint_job is not None or self.active_human() is None:
            return False
        view = self.view()
        self._hint_job = self._next_job
        self._next_job += 1
        seed = f"hint:{view.hand_index}:{view.phase.value}:{len(view.tricks)}:{len(view.trick)}:{view.seat}"
        self.runner.submit(BotJob(self._hint_job, JobKind.HINT, HINT_LEVEL, view, seed, shown_levels(self.seats)))
        return True

    def _cancel_hint(self) -> None:
        if self._hint_job is not None and self.runner is not None:
            self.runner.cancel([self._hint_job])
        self._hint_job = None

    def _poll_hint(self) -> None:
        if self.runner is None:
            return
        for answer in self.runner.poll():
            self._hint_answer(answer)

    def _hint_answer(self, answer: BotAnswer) -> None:
        if answer.job_id == self._hint_job:
            self._hint_job = None
            if isinstance(answer.result, Hint):
                self._events.append(HintReady(self.viewer, answer.result))


def seat_notes(info: p.SeatInfo, mine: bool) -> list[str]:
    """What a friend's table says about a friend's seat a computer plays (this one's or another's)."""
    name, level = info.name, info.level.label
    if not info.connected and not mine:
        return [_(AWAY_SEAT_PLAYED).format(name=name, level=level)]
    if info.stand_in == "slow":
        return [n_("You let a turn pass for {count} second: a computer plays for you until your next move.",
                   "You let a turn pass for {count} seconds: a computer plays for you until your next move.",
                   round(TURN_SECONDS)).format(count=round(TURN_SECONDS))
                if mine else _(SLOW_SEAT_PLAYED).format(name=name, level=level)]
    if info.stand_in == "host":
        return [_("The host gave your seat to a computer for now.") if mine
                else _(HOST_GAVE_SEAT).format(name=name, level=level)]
    return []


def _decision(view: PlayerView) -> tuple[int, ...]:
    """Which decision of the hand a view is at (a move answers exactly one)."""
    return (view.hand_index, len(view.tricks), len(view.trick), view.passed is None,
            view.moon_chooser is not None)


def name_from_host(name: str, seat: int) -> str:
    """A name the host sent, as this program keeps it: one line of visible letters (a host may
    send a right-to-left override, a line break or nothing visible), else the name the game
    gives the seat (``shown_name`` says it in the language in use)."""
    return shown_text(name, MAX_NAME_LENGTH) or PLAYER_NUMBER.format(number=seat + 1)
