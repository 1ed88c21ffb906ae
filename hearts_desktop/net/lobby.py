"""The lobby: who sits where at a network table, each seat's rejoin token, and who asks.

The second of the host's parts (admission, the lobby, the game). It hears of a connection
only once admission has let it in (``join``) and answers with the seat it now holds, if
any: greeting the person and showing them the game are the host's and the game's. Sans-IO
like the rest of ``net``: what it says goes to the link, and a connection it turns away is
handed back to the host to close and forget (``show_out``).

A seat is its person's: coming back needs its token, or the host's yes when someone
without it asks (``requests``); a seat is never given away unseen, and everyone sees its
name. Before the game starts a friend takes the first open seat, under a name that looks
like no one else's, and the host may give any friend's seat to a computer.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..language import _
from ..persistence.seats import Seat
from ..words import SeatKind
from . import protocol as p
from .link import HostLink
from .names import skeleton, unique_name
from .phrases import (
    ALREADY_ASKED,
    BACK_IN_SEAT,
    GIVEN_TO_COMPUTER,
    HOST_ASKED,
    HOST_GAVE_SEAT_TO,
    HOST_GAVE_YOUR_SEAT,
    HOST_KEPT_SEAT,
    JOINED_ELSEWHERE,
    REQUESTS_FULL,
    TABLE_FULL,
)

MAX_REQUESTS: Final = 4
"""Requests for a seat waiting for the host's answer at once, one per address: programs on
one address cannot fill them and keep a friend on another from asking."""
TOKEN_BYTES: Final = 24
"""A rejoin token's random bytes (192 bits: not a thing to guess)."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """Someone with the code but not the seat's token asks for a seat after the start."""

    conn_id: int
    seat: int
    name: str
    address: str
    seat_name: str
    in_use: bool = False
    """The seat's program is connected and playing: the asker may be an impostor."""

    @property
    def text(self) -> str:
        """What the host reads: who asks, from where, for whose seat."""
        if self.in_use:
            # Translators: {name} asks for the seat of {owner}; {address} is their computer's network address.
            return _("{name} (at {address}) asks for {owner}'s seat, which {owner} is playing now from another "
                     "program.").format(name=self.name, address=self.address, owner=self.seat_name)
        if skeleton(self.name) == skeleton(self.seat_name):
            return _("{name} (at {address}) asks for their seat back.").format(name=self.name, address=self.address)
        return _("{name} (at {address}) asks for {owner}'s seat.").format(
            name=self.name, address=self.address, owner=self.seat_name)


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

    @property
    def remote(self) -> bool:
        return self.seat.kind == SeatKind.REMOTE

    def info(self) -> p.SeatInfo:
        """The seat as every friend sees it."""
        seat = self.seat
        kind: p.SeatInfoKind
        if self.open:
            kind = "open"
        elif seat.kind == SeatKind.HUMAN:
            kind = "host"
        elif seat.kind == SeatKind.REMOTE:
            kind = "friend"
        else:
            kind = "computer"
        connected = self.conn_id is not None or seat.kind != SeatKind.REMOTE
        return p.SeatInfo(seat.name, kind, seat.level, connected, self.stand_in)


class Lobby:
    """The seats of a network table and the people asking for one."""

    def __init__(self, seats: Sequence[Seat], link: HostLink, show_out: Callable[[int, p.Message], None]) -> None:
        self.table = [SeatState(s, open=s.kind == SeatKind.REMOTE) for s in seats]
        self.requests: list[SeatRequest] = []
        """Seats asked for without their token, for the host to answer (``answer``)."""
        self.link = link
        self.show_out = show_out
        """Say a last message to a connection, close it and forget it (the host's part)."""

    # ------------------------------------------------------------------ who sits where

    @property
    def seats(self) -> list[Seat]:
        return [s.seat for s in self.table]

    def seat_infos(self) -> list[p.SeatInfo]:
        return [state.info() for state in self.table]

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.table) if s.open]

    def friend_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.table) if s.remote]

    def host_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.table) if s.seat.kind == SeatKind.HUMAN), None)

    def seat_of(self, conn_id: int) -> int | None:
        """The seat this connection holds, if any."""
        return next((i for i, s in enumerate(self.table) if s.conn_id == conn_id), None)

    def token_seat(self, token: str) -> int | None:
        if not token:
            return None
        for index, state in enumerate(self.table):
            if state.token and secrets.compare_digest(token.encode(), state.token.encode()):
                return index
        return None

    def notes(self) -> list[str]:
        return [request.text for request in self.requests]

    # ------------------------------------------------------------------ coming and going

    def join(self, conn_id: int, name: str, address: str, token: str, started: bool) -> int | None:
        """Admitted: the seat of the token; before the start the first open one; after it,
        the host is asked for the seat of that name or an away friend's. The seat taken,
        or None when the host is asked or the connection turned away."""
        seat = self.token_seat(token)
        if seat is None and not started:
            seat = next(iter(self.open_seats()), None)
            if seat is None:
                self._turn_away(conn_id, TABLE_FULL())
                return None
        if seat is not None:
            return self._seat(conn_id, seat, name)
        self._ask_host(conn_id, name, address)
        return None

    def _ask_host(self, conn_id: int, name: str, address: str) -> None:
        friends = self.friend_seats()
        named = [i for i in friends if skeleton(self.table[i].seat.name) == skeleton(name)]
        away = [i for i in friends if self.table[i].conn_id is None]
        seat = next(iter(named + away), None)
        if seat is None:
            self._turn_away(conn_id, TABLE_FULL())
            return
        if any(request.address == address for request in self.requests):
            self._turn_away(conn_id, ALREADY_ASKED())
            return
        if len(self.requests) >= MAX_REQUESTS:
            self._turn_away(conn_id, REQUESTS_FULL())
            return
        seat_name = self.table[seat].seat.name
        in_use = self.table[seat].conn_id is not None
        self.requests.append(SeatRequest(conn_id, seat, name, address, seat_name, in_use))
        self.link.send(conn_id, p.encode(p.waiting(HOST_ASKED(owner=seat_name))))

    def answer(self, conn_id: int, give: bool) -> int | None:
        """The host's answer to a request: the seat (with a new token, under the asker's name
        for everyone to see), or a refusal the asker reads. The seat given, if it was."""
        request = next((r for r in self.requests if r.conn_id == conn_id), None)
        if request is None:
            return None
        self.requests.remove(request)
        state = self.table[request.seat]
        owner = state.seat.name
        if not give:
            self._turn_away(conn_id, HOST_KEPT_SEAT(owner=owner))
            return None
        self._refuse_requests(request.seat, HOST_GAVE_SEAT_TO(owner=owner, name=request.name))
        if state.conn_id is not None:
            self.show_out(state.conn_id, p.closing(HOST_GAVE_YOUR_SEAT(name=request.name)))
            state.conn_id = None
        if skeleton(request.name) != skeleton(owner):
            others = [s.seat.name for i, s in enumerate(self.table) if i != request.seat]
            state.seat = replace(state.seat, name=unique_name(request.name, others))
        state.token = ""
        return self._seat(conn_id, request.seat, request.name)

    def _seat(self, conn_id: int, seat: int, name: str) -> int:
        state = self.table[seat]
        if state.conn_id is not None:
            self.show_out(state.conn_id, p.closing(JOINED_ELSEWHERE()))
        if state.open:
            others = [s.seat.name for i, s in enumerate(self.table) if i != seat and not s.open]
            state.seat = replace(state.seat, name=unique_name(name, others))
            state.open = False
        if not state.token:
            state.token = secrets.token_urlsafe(TOKEN_BYTES)
        state.conn_id = conn_id
        if state.stand_in == "slow":
            state.stand_in = ""  # coming back is a move of theirs
        self._refuse_requests(seat, BACK_IN_SEAT(name=state.seat.name))
        return seat

    def left(self, conn_id: int, started: bool) -> int | None:
        """The connection is gone: its requests with it, and its seat waits for its person
        (before the start, it is open again). The seat it held, if any."""
        self.requests = [r for r in self.requests if r.conn_id != conn_id]
        seat = self.seat_of(conn_id)
        if seat is None:
            return None
        state = self.table[seat]
        state.conn_id = None
        if not started:
            self.table[seat] = SeatState(state.seat, open=True)
            self.broadcast()
        return seat

    def make_computer(self, seat: int) -> None:
        """Before the start: an open (or taken) friend's seat becomes a computer player."""
        state = self.table[seat]
        if not state.remote:
            return
        if state.conn_id is not None:
            self.show_out(state.conn_id, p.rejection(GIVEN_TO_COMPUTER()))
        self.table[seat] = SeatState(replace(state.seat, kind=SeatKind.COMPUTER))
        self.broadcast()

    def change_token(self, seat: int) -> None:
        """The seat's person comes back only with the host's yes (their program misbehaved)."""
        self.table[seat].token = secrets.token_urlsafe(TOKEN_BYTES)

    def broadcast(self) -> None:
        """Before the game: who sits where, to everyone seated."""
        lobby = p.encode(p.Lobby(self.seat_infos()))
        for state in self.table:
            if state.conn_id is not None:
                self.link.send(state.conn_id, lobby)

    def _refuse_requests(self, seat: int, reason: str) -> None:
        for other in [r for r in self.requests if r.seat == seat]:
            self.requests.remove(other)
            self._turn_away(other.conn_id, reason)

    def _turn_away(self, conn_id: int, reason: str) -> None:
        self.show_out(conn_id, p.rejection(reason))
