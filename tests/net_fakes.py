"""An in-memory network for the network tables: the whole protocol, no sockets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hearts_desktop.net.discovery import Advertiser, Browser
from hearts_desktop.net.link import Arrived, ClientLink, Closed, HostArrival, HostLink, Lost, Opened


@dataclass
class MemoryHostLink:
    """The host's end: connections by id, each with the friend's end's inbox."""

    arrivals: list[HostArrival] = field(default_factory=list)
    clients: dict[int, MemoryClientLink] = field(default_factory=dict)
    sent: list[tuple[int, bytes]] = field(default_factory=list)
    next_id: int = 1

    def connect(self, address: str = "10.0.0.2") -> MemoryClientLink:
        conn_id = self.next_id
        self.next_id += 1
        client = MemoryClientLink(self, conn_id)
        self.clients[conn_id] = client
        self.arrivals.append(Opened(conn_id, address))
        return client

    def take(self) -> list[HostArrival]:
        arrivals, self.arrivals = self.arrivals, []
        return arrivals

    def send(self, conn_id: int, data: bytes) -> None:
        self.sent.append((conn_id, data))
        client = self.clients.get(conn_id)
        if client is not None and client.open:
            client.inbox.append(data)

    def hang_up(self, conn_id: int) -> None:
        client = self.clients.pop(conn_id, None)
        if client is not None and client.open:
            client.open = False
            client.inbox.append(Lost("The host hung up."))

    def close(self) -> None:
        for conn_id in list(self.clients):
            self.hang_up(conn_id)


@dataclass
class MemoryClientLink:
    host: MemoryHostLink
    conn_id: int
    inbox: list[bytes | Lost] = field(default_factory=list)
    open: bool = True

    def take(self) -> list[bytes | Lost]:
        items, self.inbox = self.inbox, []
        return items

    def send(self, data: bytes) -> None:
        if self.open:
            self.host.arrivals.append(Arrived(self.conn_id, data))

    def close(self) -> None:
        if self.open:
            self.open = False
            self.host.clients.pop(self.conn_id, None)
            self.host.arrivals.append(Closed(self.conn_id))


class MemoryNetwork:
    """The app's network in memory: a friend reaches the table hosted here through ``link``;
    nothing is found on the network; time is what the test says."""

    def __init__(self) -> None:
        self.link = MemoryHostLink()
        self.now = 0.0
        self.clock: Callable[[], float] = lambda: self.now

    def listen(self, interface: str, port: int) -> tuple[HostLink, int]:
        self.link = MemoryHostLink()
        return self.link, 47_474

    def connect(self, address: str, port: int) -> ClientLink:
        return self.link.connect(address)

    def advertise(self, host_name: str, port: int, open_seats: int, interfaces: list[str] | None) -> Advertiser:
        raise OSError("no discovery in memory")

    def browse(self, interfaces: list[str] | None) -> Browser:
        raise OSError("no discovery in memory")

    def addresses(self) -> list[str]:
        return ["10.0.0.1"]
