"""The LAN benchmarks' host: the program's headless host, watched from its link.

``python -m benchmarks.lan_host --port 0 ...`` runs what ``hearts-desktop --host --headless``
runs (``net.headless.serve``), with the websockets link wrapped in a ``WatchedLink``: every
message audited for hidden cards, every table update logged with when it was sent and a
fingerprint of the seat's table, and the figures printed as a last JSON line
(``"event": "watched"``). The program itself carries none of this.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.engine import Game, preset_by_key
from hearts_desktop.net import protocol as p
from hearts_desktop.net.cli import headless_seats
from hearts_desktop.net.code import new_code
from hearts_desktop.net.headless import serve
from hearts_desktop.net.host import HostTable
from hearts_desktop.net.transport import WebSocketHost
from hearts_desktop.words import Level, Pace

from .audit import LeakAudit
from .host_watch import WatchedLink
from .net_log import JsonLog, digest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lan_host", description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--interface", default="127.0.0.1")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--friends", type=int, default=3)
    parser.add_argument("--bot", type=Level, choices=tuple(Level), default=Level.MEDIUM)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--pace", type=Pace, choices=tuple(Pace), default=Pace.INSTANT)
    parser.add_argument("--net-log", type=Path, help="one JSON line for each table update sent")
    parser.add_argument("--max-seconds", type=float, default=600.0)
    args = parser.parse_args(argv)

    rules = preset_by_key(args.preset).rules
    server = WebSocketHost(args.interface, args.port)
    audit = LeakAudit()
    watched = WatchedLink(server, audit)
    rng = random.Random(args.seed)
    host = HostTable(Game(rules, rng.randrange(2**32)), headless_seats(rules.players, "Host", args.friends, args.bot),
                     InlineRunner, code=new_code(), host_name="Host", pace=args.pace, link=watched, watch=watched)
    watched.game = lambda: host.game
    log = JsonLog(args.net_log)

    def logged(update: p.TableUpdate) -> None:
        log.write(side="host", seat=update.view.seat, seq=update.seq, t=time.monotonic(),
                  digest=digest(update.view, update.first_result + len(update.results)))

    watched.on_update = logged
    try:
        code = serve(host, server.arrivals.wait, server.port, rng, games=args.games, max_seconds=args.max_seconds)
    finally:
        log.close()
    print(json.dumps(figures(watched, audit)), flush=True)
    return code


def figures(watched: WatchedLink, audit: LeakAudit) -> dict[str, Any]:
    tally = watched.tally
    waits = sorted(1000 * wait for wait in watched.card_waits)
    return {"event": "watched", "messages_in": tally.messages_in, "messages_out": tally.messages_out,
            "bytes_out": tally.bytes_out, "refused": tally.refused, "refusal_reasons": tally.refusal_reasons,
            "dropped": tally.dropped, "joins": tally.joins, "rejoins": tally.rejoins, "drops": tally.drops,
            "audited": audit.messages, "cards_checked": audit.cards_checked, "leaks": len(audit.leaks),
            "friends_cards": len(waits),
            "card_wait_ms_median": round(statistics.median(waits), 2) if waits else None,
            "card_wait_ms_max": round(waits[-1], 2) if waits else None}


if __name__ == "__main__":
    sys.exit(main())
