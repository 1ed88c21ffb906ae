"""A friend's window over real websockets: join, the table, and the host leaving (issue 22);
the host's window answering requests for a seat (issue 40)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.app_state import table_of
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.engine import Game, Ruleset
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.host import HostTable
from hearts_desktop.net.transport import WebSocketHost
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.play.network import HostedPlay
from hearts_desktop.play.services import Services
from hearts_desktop.ui.app import App, AppOptions
from hearts_desktop.ui.menus import GameMenuScene
from hearts_desktop.ui.network_scenes import HostSeatsScene, JoiningScene, TableClosedScene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.ui.widgets import Button
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import Driver
from .net_play import started_table

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
    app = App(AppOptions(data_dir=tmp_path, net_interface="127.0.0.1"), Services(bot_runner=InlineRunner))
    try:
        app.start()
        assert app.join_table("Fran", "K7M-Q2", f"127.0.0.1:{link.port}", None) == (
            "A room code has 6 characters, like K7M-Q2P.")
        assert app.join_table("Fran", "k7m-q2p", f"127.0.0.1:{link.port}", None) is None
        assert isinstance(app.stack.top, JoiningScene)
        frames(app, host, lambda: isinstance(app.stack.top, TableScene))
        model = table_of(app).controller
        assert isinstance(model, ClientTable) and model.viewer == 1
        assert [s.name for s in model.seats] == ["Hostess", "Fran", "Ben", "Clara"]
        assert set(model.view().cards()) == set(host.game.view(1).cards())
        host.close()
        frames(app, host, lambda: isinstance(app.stack.top, TableClosedScene))
        scene = app.stack.top
        assert isinstance(scene, TableClosedScene)
        assert scene.reason == "The host closed the table; the game is saved on their computer."
    finally:
        app.shutdown()
        host.close()


def test_the_host_window_answers_who_asks_for_a_seat_and_hands_seats_to_computers(tmp_path: Path) -> None:
    table = started_table(Ruleset(), [Seat("Hostess", SeatKind.HUMAN), Seat("Seat 1", SeatKind.REMOTE, Level.EASY),
                                      Seat("Ben", SeatKind.COMPUTER, Level.EASY), Seat("Clara", SeatKind.COMPUTER, Level.EASY)])
    driver = Driver(tmp_path)
    try:
        driver.app.show_play(HostedPlay(driver.app.context, table.host))
        driver.table.overlays.menu(driver.table)
        menu = driver.top
        assert isinstance(menu, GameMenuScene) and "Friends' seats" in [getattr(c, "label", "") for c in menu.controls]
        menu.close()
        ann = table.friends[0]
        ann.retry_seconds = 10_000.0
        ann.drop()
        mallory = table.join("Mallory", address="10.0.0.66")
        for _ in range(100):
            if isinstance(driver.top, HostSeatsScene):
                break
            driver.frame()
            mallory.update(0.0)
        scene = driver.top
        assert isinstance(scene, HostSeatsScene)
        assert [text for text, _ in scene.lines] == ["Mallory (at 10.0.0.66) asks for Ann's seat.",
                                                     "Ann is away: a computer plays until Ann is back."]
        button(scene, "Give the seat").action()
        driver.frame()
        mallory.update(0.0)
        assert mallory.joined is not None and table.host.seats[1].name == "Mallory"
        button(scene, "Computer plays").action()
        assert table.host.table[1].stand_in == "host"
        driver.frame()
        button(scene, "Give back").action()
        assert not table.host.table[1].stand_in
    finally:
        driver.close()


def button(scene: HostSeatsScene, label: str) -> Button:
    return next(b for _, buttons in scene.lines for b in buttons if b.label == label)
