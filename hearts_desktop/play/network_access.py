"""How network play reaches other computers: one object it is given, never sockets of its own.

A hosted table listens and advertises, and a friend looks for tables and knocks at one, only
through the ``NetworkAccess`` of the program's ``Services``. ``RealNetwork`` is the
websockets transport and zeroconf discovery, on the wall clock. A tool gives another: the UI fuzzer's is a network where nobody answers, on the
clock of its frames, so that a seed replays the same run on any machine under any load.
The network modules are imported when a table is opened or looked for, not at start-up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..net.discovery import Advertiser, Browser
    from ..net.link import ClientLink, HostLink


class NetworkAccess(Protocol):
    @property
    def clock(self) -> Callable[[], float]:
        """The time the network tables run on (their timeouts and retries)."""

    def listen(self, interface: str, port: int) -> tuple[HostLink, int]:
        """A host's link listening on ``interface:port`` (0: any free port), and the port it
        got; raises OSError when it cannot."""

    def connect(self, address: str, port: int) -> ClientLink:
        """A friend's link to a host, connecting in the background."""

    def advertise(self, host_name: str, port: int, open_seats: int, interfaces: list[str] | None) -> Advertiser:
        """Tell the network a table is open here; raises OSError where discovery is blocked."""

    def browse(self, interfaces: list[str] | None) -> Browser:
        """Listen for tables; raises OSError where discovery is blocked."""

    def addresses(self) -> list[str]:
        """This computer's addresses a friend can type."""


class RealNetwork:
    """The network: websockets for the tables, zeroconf to find them, the monotonic clock."""

    clock: Callable[[], float] = staticmethod(time.monotonic)

    def listen(self, interface: str, port: int) -> tuple[HostLink, int]:
        from ..net.transport import WebSocketHost

        link = WebSocketHost(interface, port)
        return link, link.port

    def connect(self, address: str, port: int) -> ClientLink:
        from ..net.transport import WebSocketClient

        return WebSocketClient(address, port)

    def advertise(self, host_name: str, port: int, open_seats: int, interfaces: list[str] | None) -> Advertiser:
        from ..net.discovery import Advertiser

        return Advertiser(host_name, port, open_seats, interfaces)

    def browse(self, interfaces: list[str] | None) -> Browser:
        from ..net.discovery import Browser

        return Browser(interfaces)

    def addresses(self) -> list[str]:
        from ..net.discovery import local_addresses

        return local_addresses()
