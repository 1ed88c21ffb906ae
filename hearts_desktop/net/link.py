"""What the tables and the transport say to each other: arrivals in, bytes out.

The tables (``HostTable``, ``ClientTable``) never touch a socket; they read what arrived
from a link and send through it. ``transport`` implements the links over websockets; tests
use in-memory ones, so the whole protocol runs without the network.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

DEFAULT_PORT: Final = 47_474
"""Where a host listens, and a friend knocks, unless told another port."""


@dataclass(frozen=True, slots=True)
class Opened:
    conn_id: int
    address: str


@dataclass(frozen=True, slots=True)
class Arrived:
    conn_id: int
    data: bytes


@dataclass(frozen=True, slots=True)
class Closed:
    conn_id: int


HostArrival = Opened | Arrived | Closed


class HostLink(Protocol):
    """The host's side: every friend's connection, each with an id."""

    def take(self) -> list[HostArrival]: ...

    def send(self, conn_id: int, data: bytes) -> None: ...

    def hang_up(self, conn_id: int) -> None:
        """Close the connection once what was sent to it has gone."""

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Lost:
    """The connection to the host is gone; ``reason`` says why, for the player."""

    reason: str


class ClientLink(Protocol):
    """A friend's side: one connection to the host."""

    def take(self) -> list[bytes | Lost]: ...

    def send(self, data: bytes) -> None: ...

    def close(self) -> None: ...
