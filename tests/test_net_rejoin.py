"""Coming back to a network table (issue 46): the Join form kept after "Could not join", a
table with an away seat listed as having a seat to take, the menu's Rejoin, and a friend
coming back while the hand summary is read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from benchmarks.app_state import table_of
from hearts_desktop.engine import Ruleset
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.discovery import Advertiser
from hearts_desktop.persistence import DataPaths
from hearts_desktop.persistence.rejoin import LeftTable, load_left_table
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.play.network import HostedPlay
from hearts_desktop.ui.menus import MainMenuScene
from hearts_desktop.ui.network_scenes import JoiningScene, JoinScene, TableClosedScene
from hearts_desktop.ui.overlays import HandScoreScene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.ui.widgets import Button
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import FRAME, Driver
from .net_fakes import MemoryNetwork
from .net_play import CODE, NetTable, net_table, started_table
from .test_saved_games import TABLE, seat_a_friend

SEATS = [Seat("Hostess", SeatKind.HUMAN), Seat("Seat 2", SeatKind.REMOTE, Level.EASY),
         Seat("Ben", SeatKind.COMPUTER, Level.EASY), Seat("Clara", SeatKind.COMPUTER, Level.EASY)]
STEPS = 400


def reaching(table: NetTable) -> MemoryNetwork:
    """The app's network: every knock reaches ``table``, on its clock."""
    network = MemoryNetwork()
    network.link = table.link
    network.clock = table.clock
    return network


def frames_until(driver: Driver, table: NetTable, done: Callable[[], bool]) -> None:
    for _ in range(STEPS):
        if done():
            return
        table.step(play=False)
        driver.frame()
    raise AssertionError(f"not done; the screen on top is {type(driver.top).__name__}")


def press(scene: object, label: str) -> None:
    controls = [*getattr(scene, "controls", []), *getattr(scene, "buttons", [])]
    next(c for c in controls if isinstance(c, Button) and c.label == label).action()


def test_back_from_could_not_join_keeps_the_typed_form(tmp_path: Path) -> None:
    table = net_table(Ruleset(), SEATS)
    driver = Driver(tmp_path, network=reaching(table))
    try:
        driver.app.open_join()
        driver.frame()
        form = driver.top
        assert isinstance(form, JoinScene)
        form.name_field.text = "Fran"
        form.code_field.text = "AAA-AAA"
        form.address_field.text = "10.0.0.1:47474"
        press(form, "Join")
        driver.frame()
        joining = driver.top
        assert isinstance(joining, JoiningScene)
        frames_until(driver, table, lambda: joining.client.state == "closed")
        press(joining, "Back")
        driver.frame()
        back = driver.top
        assert isinstance(back, JoinScene)
        assert (back.name_field.text, back.code_field.text, back.address_field.text) == (
            "Fran", "AAA-AAA", "10.0.0.1:47474")
    finally:
        driver.close()


class HeardAd(Advertiser):
    """What the network hears of a table: the seats to take it advertised, in order."""

    def __init__(self, open_seats: int) -> None:  # no zeroconf: nothing leaves this process
        self.heard = [open_seats]

    def update(self, open_seats: int) -> None:
        self.heard.append(open_seats)

    def close(self) -> None:
        self.heard.append(-1)


class AdvertisingNetwork(MemoryNetwork):
    def __init__(self) -> None:
        super().__init__()
        self.ads: list[HeardAd] = []

    def advertise(self, host_name: str, port: int, open_seats: int, interfaces: list[str] | None) -> Advertiser:
        self.ads.append(HeardAd(open_seats))
        return self.ads[-1]


def test_a_table_with_an_away_friend_is_advertised_with_a_seat_to_take(tmp_path: Path) -> None:
    network = AdvertisingNetwork()
    driver = Driver(tmp_path, network=network)
    try:
        driver.app.host_table(TABLE, Pace.INSTANT)
        driver.frame()
        friend = seat_a_friend(driver, network)
        ad = network.ads[0]
        assert ad.heard[-1] == 0
        friend.retry_seconds = 10_000.0  # gone for good: the program was closed
        friend.drop()
        for _ in range(100):
            if ad.heard[-1] == 1:
                break
            network.now += FRAME
            driver.frame()
        assert ad.heard[-1] == 1, ad.heard
    finally:
        driver.close()


def join_by_form(driver: Driver, table: NetTable, name: str = "Fran") -> JoinScene:
    driver.app.open_join()
    driver.frame()
    form = driver.top
    assert isinstance(form, JoinScene)
    form.name_field.text = name
    form.code_field.text = CODE
    form.address_field.text = "10.0.0.1:47474"
    press(form, "Join")
    driver.frame()
    return form


def test_the_menu_rejoins_a_table_left_in_one_click_until_the_host_closes_it(tmp_path: Path) -> None:
    table = net_table(Ruleset(), SEATS)
    driver = Driver(tmp_path, network=reaching(table))
    note = DataPaths.resolve(tmp_path).left_table
    try:
        join_by_form(driver, table)
        frames_until(driver, table, table.host.can_start)
        table.host.start()
        frames_until(driver, table, lambda: isinstance(driver.top, TableScene))
        token = table.host.table[1].token
        assert load_left_table(note).value == LeftTable("Host", "Fran", CODE, "10.0.0.1", 47474, token)
    finally:
        driver.close()  # the program closed: the seat is away, a computer plays it
    frames_until_host(table, lambda: table.host.table[1].conn_id is None)
    again = Driver(tmp_path, network=reaching(table))
    try:
        menu = again.top
        assert isinstance(menu, MainMenuScene)
        press(menu, "Rejoin Host's table")
        again.frame()
        frames_until(again, table, lambda: isinstance(again.top, TableScene))
        assert table.host.table[1].conn_id is not None and table_of(again.app).controller.viewer == 1
        table.host.close()
        frames_until(again, table, lambda: isinstance(again.top, TableClosedScene))
        assert not note.exists()
        again.app.show_main_menu()
        menu = again.top
        assert isinstance(menu, MainMenuScene) and not any(
            getattr(c, "label", "").startswith("Rejoin") for c in menu.controls)
    finally:
        again.close()


def frames_until_host(table: NetTable, done: Callable[[], bool]) -> None:
    for _ in range(STEPS):
        if done():
            return
        table.step(play=False)
    raise AssertionError("the host never saw it")


def test_a_friend_back_during_the_hand_summary_is_seated_at_once(tmp_path: Path) -> None:
    """The host's window reads the summary: the table below it is paused, its knocks are not."""
    table = started_table(Ruleset(), SEATS)
    driver = Driver(tmp_path)
    try:
        driver.app.show_play(HostedPlay(driver.app.context, table.host))
        for _ in range(STEPS * 10):  # the host's person plays the hand at this window
            if isinstance(driver.top, HandScoreScene):
                break
            if driver.human_to_act():
                driver.act_by_click()
            table.clock.now += FRAME
            driver.frame()
            for friend, bot in zip(table.friends, table.bots):
                friend.update(FRAME)
                bot.step(friend)
        assert isinstance(driver.top, HandScoreScene) and table.host.awaiting_continue
        ann = table.friends[0]
        ann.retry_seconds = 10_000.0  # her program closed
        ann.drop()
        back = ClientTable("Ann", CODE, lambda: table.link.connect(), clock=table.clock, token=ann.token)
        for _ in range(STEPS):
            if back.state == "playing":
                break
            table.clock.now += FRAME
            driver.frame()
            back.update(FRAME)
        assert back.state == "playing" and back.awaiting_continue, (back.state, back.waiting)
        assert isinstance(driver.top, HandScoreScene)
    finally:
        driver.close()
