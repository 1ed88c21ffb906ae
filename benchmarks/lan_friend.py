"""The LAN benchmarks' friend: the program's headless friend, its table logged as it arrives.

``python -m benchmarks.lan_friend --join CODE --address HOST:PORT ...`` plays a seat as
``hearts-desktop --join CODE --headless`` does (``net.headless.HeadlessFriend``), and writes one
JSON line for each table update it takes in: when, and a fingerprint of the table it then
holds, for ``benchmarks.lan`` to compare with the host's. With ``--drop-every N`` it cuts
its connection every N updates in the middle of hands and rejoins with its token; the first
update after a rejoin is marked, so the benchmark can check the table came back exact.
The program itself carries none of this.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

from hearts_desktop.net import protocol as p
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.headless import HeadlessFriend, SeatBot, join_client
from hearts_desktop.net.redact import redact_view
from hearts_desktop.words import Level

from .net_log import JsonLog, digest


class LoggedClient(ClientTable):
    """A friend's table that writes a line for each update it takes in, the moment it has."""

    log = JsonLog(None)
    rejoined = False
    """Set when the connection was cut on purpose: the next reset is a rejoin."""

    def _table(self, message: p.TableUpdate) -> None:
        super()._table(message)
        reset = any(isinstance(e, p.ResetEvent) for e in message.events)
        self.log.write(side="client", seat=self.viewer, seq=message.seq, t=time.monotonic(),
                       rejoin=reset and self.rejoined, digest=fingerprint(self))
        self.rejoined = False


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lan_friend", description=__doc__)
    parser.add_argument("--join", required=True, metavar="CODE")
    parser.add_argument("--address", required=True, metavar="HOST:PORT")
    parser.add_argument("--name", required=True)
    parser.add_argument("--bot", type=Level, choices=tuple(Level), default=Level.MEDIUM)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--net-log", type=Path, required=True, help="one JSON line for each table update taken in")
    parser.add_argument("--drop-every", type=int, default=0, help="cut the connection after this many updates")
    parser.add_argument("--max-seconds", type=float, default=600.0)
    args = parser.parse_args(argv)

    client = join_client(args.join, args.address, args.name, LoggedClient)
    assert isinstance(client, LoggedClient)
    client.log = JsonLog(args.net_log)
    friend = HeadlessFriend(client, SeatBot(args.bot, args.seed if args.seed is not None else args.name))
    started = time.monotonic()
    seen = client.seq
    updates = 0
    try:
        while friend.step():
            if client.seq != seen:
                updates += 1
                seen = client.seq
            if args.drop_every and updates >= args.drop_every and client.state == "playing" and not client.over:
                updates = 0
                client.rejoined = True
                client.drop()
            if time.monotonic() - started > args.max_seconds:
                return 3
        return 0 if friend.games else 1
    finally:
        client.close()
        client.log.close()


def fingerprint(client: ClientTable) -> str:
    """The fingerprint of the table a friend holds, as the host prints it for the same seat."""
    return digest(p.view_to_wire(redact_view(client.view())), len(client.results))


if __name__ == "__main__":
    raise SystemExit(main())
