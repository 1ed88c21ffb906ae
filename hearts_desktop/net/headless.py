"""Network games without a window: a computer sits in a friend's seat and plays from its view.

``hearts-desktop --join CODE --address HOST:PORT --headless --bot LEVEL`` and the LAN
benchmark run this: the friend's program plays the real protocol, deciding with a bot of
``LEVEL`` from the view the host sent, and reading every score at once.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..bots import make_bot
from ..controller.bot_runner import InlineRunner
from ..engine import Game, MoonScoring, PassAction, Phase, PlayAction, Ruleset
from ..persistence.seats import Seat
from ..words import Level, Pace
from . import protocol as p
from .client import ClientTable
from .code import new_code
from .host import HostTable
from .redact import redact_view


class SeatBot:
    """Decides for a friend's seat whenever the host waits for it."""

    def __init__(self, level: Level, seed: int | str) -> None:
        self.bot = make_bot(level)
        self.rng = random.Random(seed)

    def step(self, client: ClientTable) -> bool:
        """Make the move or read the score the table waits for; True when it did something."""
        if client.state != "playing":
            return False
        if client.awaiting_continue and client.viewer in client.reading:
            client.continue_after_hand()
            return True
        if client.active_human() is None:
            return False
        view = client.view()
        action = self.bot.decide(view, self.rng, lambda: False)
        if isinstance(action, PlayAction):
            client.play(action.card)
        elif isinstance(action, PassAction):
            client.submit_pass(action.cards)
        elif view.phase is Phase.MOON_CHOICE:
            client.choose_moon(getattr(action, "choice", MoonScoring.ADD_TO_OTHERS))
        return True


# ---------------------------------------------------------------------- whole programs

LINGER_SECONDS = 5.0

def digest(view: p.WireView, results: int) -> str:
    """A short fingerprint of a seat's table (its view and how many hands were scored)."""
    return hashlib.blake2b(p.encode_struct(view) + b"/%d" % results, digest_size=8).hexdigest()


class JsonLog:
    """One JSON object a line, flushed at once (benchmarks read it as it is written)."""

    def __init__(self, path: Path | None) -> None:
        self.file: TextIO | None = path.open("a", encoding="utf-8") if path else None

    def write(self, **fields: Any) -> None:
        if self.file is not None:
            self.file.write(json.dumps(fields) + "\n")
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def run_host(rules: Ruleset, seats: Sequence[Seat], *, port: int, interface: str, seed: int | None,
             games: int, pace: Pace, name: str, out: TextIO = sys.stdout, max_seconds: float | None = None) -> int:
    """Host a table with no window: wait for the friends, play ``games`` games, close."""
    from .transport import WebSocketHost

    rng = random.Random(seed)
    link = WebSocketHost(interface, port)
    host = HostTable(Game(rules, rng.randrange(2**32)), seats, InlineRunner, code=new_code(), host_name=name,
                     pace=pace, link=link)
    return serve(host, link.arrivals.wait, link.port, rng, games=games, out=out, max_seconds=max_seconds)


def serve(host: HostTable, wait: Callable[[float], object], port: int, rng: random.Random, *, games: int,
          out: TextIO = sys.stdout, max_seconds: float | None = None) -> int:
    """Run ``host`` until ``games`` games are played (``wait`` sleeps until something arrives),
    printing one JSON line for each step a script may wait on; the table is closed at the end."""
    print(json.dumps({"event": "hosting", "code": host.shown_code, "port": port}), file=out, flush=True)
    started = last = time.monotonic()
    finished = 0
    try:
        while finished < games:
            wait(0.002)
            now = time.monotonic()
            host.update(now - last)
            last = now
            if host.can_start():
                host.start()
            if host.started and host.over:
                finished += 1
                print(json.dumps({"event": "game-over", "totals": list(host.totals)}), file=out, flush=True)
                if finished < games:
                    host.rematch(rng.randrange(2**32))
            if max_seconds is not None and now - started > max_seconds:
                print(json.dumps(_stalled(host)), file=out, flush=True)
                return 3
        linger_until = time.monotonic() + LINGER_SECONDS
        while time.monotonic() < linger_until and any(s.remote and s.conn_id is None for s in host.table):
            wait(0.01)  # friends reconnecting see the final scores before the goodbye
            host.update(0.0)
        print(json.dumps({"event": "done", "games": finished}), file=out, flush=True)
        return 0
    finally:
        host.close("The game is over: the host closed the table.")


def _stalled(host: HostTable) -> dict[str, Any]:
    """What the table waits for when a headless host gives up."""
    game = host.game
    return {"event": "timeout", "waiting_for": game.to_act(), "hand": game.hand_index, "actions": len(game.actions),
            "awaiting_continue": host.awaiting_continue, "reading": sorted(host.reading),
            "seats": [[s.seat.name, s.seat.kind, s.conn_id] for s in host.table]}


def run_join(code: str, address: str, *, level: Level, name: str, seed: int | None, log_path: Path | None,
             drop_every: int = 0, out: TextIO = sys.stdout, max_seconds: float | None = None) -> int:
    """Join a table with no window and let a computer of ``level`` play this seat.

    ``drop_every`` (benchmarks) cuts the connection after that many table updates, mid-hand,
    and lets the client rejoin with its token: the log then shows whether the table it gets
    back is exactly the host's.
    """
    from .transport import WebSocketClient, parse_address

    host_name, port = parse_address(address)
    client = ClientTable(name, code, lambda: WebSocketClient(host_name, port))
    client.retry_seconds = 0.1
    bot = SeatBot(level, seed if seed is not None else name)
    log = JsonLog(log_path)
    updates = 0
    rejoined = False

    def shown(table: ClientTable, message: p.TableUpdate) -> None:
        nonlocal updates, rejoined
        updates += 1
        reset = any(isinstance(e, p.ResetEvent) for e in message.events)
        log.write(side="client", seat=table.viewer, seq=message.seq, t=time.monotonic(), rejoin=reset and rejoined,
                  digest=digest(p.view_to_wire(redact_view(table.view())), len(table.results)))
        rejoined = False

    client.on_table = shown
    started = time.monotonic()
    games = 0
    try:
        while client.state != "closed":
            if isinstance(client.link, WebSocketClient):
                client.link.inbox.wait(0.05)
            else:
                time.sleep(0.01)
            was_over = client.over
            client.update(0.0)
            if client.over and not was_over:
                games += 1
            bot.step(client)
            if drop_every and updates >= drop_every and client.state == "playing" and not client.over:
                updates = 0
                rejoined = True
                client.drop()
            if max_seconds is not None and time.monotonic() - started > max_seconds:
                return 3
        print(json.dumps({"event": "closed", "reason": client.closed_reason, "games": games}), file=out, flush=True)
        return 0 if games else 1
    finally:
        client.close()
        log.close()
