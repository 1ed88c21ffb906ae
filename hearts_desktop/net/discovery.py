"""Finding tables on the local network with zeroconf (mDNS/DNS-SD): no server, no setup.

A host advertises ``<host name>._hearts-desktop._tcp.local.`` with its port and a TXT record
(the program's version, the protocol, the open seats); a friend's Join screen browses for
that service type and lists what it hears. The room code is never advertised: finding a
table is not joining it. Some networks (guest Wi-Fi, company networks, a firewall that
drops multicast) block discovery; joining by address works there.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from typing import Final

import ifaddr
from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from .. import __version__
from ..language import _, n_
from ..persistence.seats import MAX_NAME_LENGTH
from .protocol import PROTOCOL

SERVICE: Final = "_hearts-desktop._tcp.local."
TXT_LENGTH: Final = 40
"""Characters read of a TXT value heard (a version, a protocol, a count, a name: all shorter)."""


@dataclass(frozen=True, slots=True)
class TableAd:
    """A table heard on the network."""

    host_name: str
    address: str
    port: int
    version: str
    protocol: int
    open_seats: int

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL

    @property
    def label(self) -> str:
        if not self.compatible:
            # Translators: a table heard on the network: {host} is the host's name, {version} their program's version.
            return _("{host} — runs Hearts Desktop {version}, not this version").format(
                host=self.host_name, version=self.version)
        # Translators: a table heard on the network: {host} is the host's name.
        return n_("{host} — {count} open seat", "{host} — {count} open seats", self.open_seats).format(
            host=self.host_name, count=self.open_seats)


def _text(properties: dict[bytes, bytes | None], key: bytes, default: str = "") -> str:
    value = properties.get(key)
    return value.decode("utf-8", "replace")[:TXT_LENGTH] if value else default


def ad_from_info(info: ServiceInfo) -> TableAd | None:
    """The table a service record describes, or None when it lacks an address or port."""
    addresses = info.parsed_addresses(IPVersion.V4Only) or info.parsed_addresses()
    if not addresses or not info.port:
        return None
    props = info.properties
    try:
        protocol = int(_text(props, b"protocol", "-1"))
        open_seats = int(_text(props, b"open", "0"))
    except ValueError:
        return None
    name = _text(props, b"name") or info.name.removesuffix("." + info.type)
    return TableAd(name[:MAX_NAME_LENGTH], addresses[0], info.port, _text(props, b"version", "?"), protocol, open_seats)


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses but loopback (what a friend types to join by address)."""
    addresses = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if isinstance(ip.ip, str)}
    return sorted(a for a in addresses if not a.startswith("127."))


class Advertiser:
    """Tells the network a table is open here, until ``close``."""

    def __init__(self, host_name: str, port: int, open_seats: int, interfaces: list[str] | None = None,
                 service: str = SERVICE) -> None:
        self.zeroconf = Zeroconf(interfaces=interfaces or local_addresses() or ["127.0.0.1"], ip_version=IPVersion.V4Only)
        addresses = interfaces or local_addresses() or ["127.0.0.1"]
        label = "".join(ch for ch in host_name if ch.isalnum() or ch in " -_")[:MAX_NAME_LENGTH] or "Hearts"
        computer = socket.gethostname()[:MAX_NAME_LENGTH]  # the instance name stays within DNS's 63 bytes
        self.info = ServiceInfo(
            service, f"{label} {computer}.{service}", port=port,
            addresses=[socket.inet_aton(a) for a in addresses],
            properties={"version": __version__, "protocol": str(PROTOCOL), "name": host_name[:MAX_NAME_LENGTH],
                        "open": str(open_seats)},
        )
        self._lock = threading.Lock()
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def update(self, open_seats: int) -> None:
        with self._lock:
            properties = dict(self.info.properties)
            properties[b"open"] = str(open_seats).encode()
            self.info = ServiceInfo(self.info.type, self.info.name, port=self.info.port, server=self.info.server,
                                    addresses=self.info.addresses, properties=properties)
            self.zeroconf.update_service(self.info)

    def close(self) -> None:
        try:
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


class Browser(ServiceListener):
    """Listens for tables; ``tables()`` is what has been heard so far."""

    def __init__(self, interfaces: list[str] | None = None, service: str = SERVICE) -> None:
        self._tables: dict[str, TableAd] = {}
        self._lock = threading.Lock()
        self.zeroconf = Zeroconf(interfaces=interfaces or local_addresses() or ["127.0.0.1"], ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zeroconf, service, listener=self)

    def tables(self) -> list[TableAd]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (not t.compatible, t.host_name.casefold()))

    def _resolve(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=2000)
        ad = ad_from_info(info) if info is not None else None
        with self._lock:
            if ad is None:
                self._tables.pop(name, None)
            else:
                self._tables[name] = ad

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._tables.pop(name, None)

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()
