"""Network games without a window: a computer sits in a friend's seat and plays from its view.

``hearts-desktop --join CODE --address HOST:PORT --headless --bot LEVEL`` and the LAN
benchmark run this: the friend's program plays the real protocol, deciding with a bot of
``LEVEL`` from the view the host sent, and reading every score at once.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..bots import make_bot
from ..controller.bot_runner import InlineRunner
from ..engine import Game, MoonScoring, PassAction, Phase, PlayAction, Ruleset
from ..persistence.seats import Seat
from ..words import Level, Pace
from .client import ClientTable
from .code import new_code
from .host import HostTable
from .phrases import GAME_OVER_CLOSED


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
        host.close(GAME_OVER_CLOSED())


def _stalled(host: HostTable) -> dict[str, Any]:
    """What the table waits for when a headless host gives up."""
    game = host.game
    return {"event": "timeout", "waiting_for": game.to_act(), "hand": game.hand_index, "actions": len(game.actions),
            "awaiting_continue": host.awaiting_continue, "reading": sorted(host.reading),
            "seats": [[s.seat.name, s.seat.kind, s.conn_id] for s in host.table]}


def join_client(code: str, address: str, name: str, kind: type[ClientTable] = ClientTable) -> ClientTable:
    """A friend's table of ``kind`` joining ``code`` at ``address`` over websockets, retrying
    quickly (no person waits to read a message between tries)."""
    from .transport import WebSocketClient, parse_address

    host_name, port = parse_address(address)
    client = kind(name, code, lambda: WebSocketClient(host_name, port))
    client.retry_seconds = 0.1
    return client


class HeadlessFriend:
    """A friend's seat played by a computer over a real connection, one step at a time, so a
    caller may watch the table between steps (the LAN benchmarks do)."""

    def __init__(self, client: ClientTable, bot: SeatBot) -> None:
        self.client = client
        self.bot = bot
        self.games = 0

    def step(self) -> bool:
        """Wait for the host, take in what it sent, and move when the table waits for this
        seat; False once the table is closed."""
        from .transport import WebSocketClient

        client = self.client
        if client.state == "closed":
            return False
        if isinstance(client.link, WebSocketClient):
            client.link.inbox.wait(0.05)
        else:
            time.sleep(0.01)  # between tries to reconnect: nothing to wait on
        was_over = client.over
        client.update(0.0)
        if client.over and not was_over:
            self.games += 1
        self.bot.step(client)
        return True


def run_join(code: str, address: str, *, level: Level, name: str, seed: int | None, out: TextIO = sys.stdout,
             max_seconds: float | None = None) -> int:
    """Join a table with no window and let a computer of ``level`` play this seat."""
    client = join_client(code, address, name)
    friend = HeadlessFriend(client, SeatBot(level, seed if seed is not None else name))
    started = time.monotonic()
    try:
        while friend.step():
            if max_seconds is not None and time.monotonic() - started > max_seconds:
                return 3
        print(json.dumps({"event": "closed", "reason": client.closed_reason, "games": friend.games}), file=out,
              flush=True)
        return 0 if friend.games else 1
    finally:
        client.close()
