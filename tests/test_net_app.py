"""A friend's window over real websockets: join, the table, and the host leaving (issue 22)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.engine import Game, Ruleset
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.host import HostTable
from hearts_desktop.net.transport import WebSocketHost
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.ui.app import App, AppOptions
from hearts_desktop.ui.network_scenes import JoiningScene, TableClosedScene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.words import Level, Pace, SeatKind

SEATS = [Seat("Hostess", SeatKind.COMPUTER, Level.EASY), Seat("Seat 2", SeatKind.REMOTE, Level.EASY), Seat("Ben", SeatKind.COMPUTER, Level.EASY),
         Seat("Clara", SeatKind.COMPUTER, Level.EASY)]


def frames(app: App, host: HostTable, until: Callable[[], bool], seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, f"the screen on top is {type(app.stack.top).__name__}"
        host.update(1 / 60)
        if host.can_start():
            host.start()
        app.step(1 / 60, [])
        time.sleep(0.005)


def test_a_friend_window_joins_sees_only_its_cards_and_hears_why_the_host_left(tmp_path: Path) -> None:
    link = WebSocketHost("127.0.0.1", 0)
    host = HostTable(Game(Ruleset(), 3), SEATS, InlineRunner, code="K7MQ2P", host_name="Hostess",
                     pace=Pace.QUICK, link=link)
    app = App(AppOptions(data_dir=tmp_path, bot_runner=InlineRunner, net_interface="127.0.0.1"))
    try:
        app.start()
        assert app.join_table("Fran", "K7M-Q2", f"127.0.0.1:{link.port}", None) == (
            "A room code has 6 characters, like K7M-Q2P.")
        assert app.join_table("Fran", "k7m-q2p", f"127.0.0.1:{link.port}", None) is None
        assert isinstance(app.stack.top, JoiningScene)
        frames(app, host, lambda: isinstance(app.stack.top, TableScene))
        model = app.table.controller
        assert isinstance(model, ClientTable) and model.viewer == 1
        assert [s.name for s in model.seats] == ["Hostess", "Fran", "Ben", "Clara"]
        assert set(model.view().cards()) == set(host.controller.game.view(1).cards())  # type: ignore[union-attr]
        host.close()
        frames(app, host, lambda: isinstance(app.stack.top, TableClosedScene))
        scene = app.stack.top
        assert isinstance(scene, TableClosedScene)
        assert scene.reason == "The host closed the table; the game is saved on their computer."
    finally:
        app.shutdown()
        host.close()
