"""Coming back to a network table (issue 46): the Join form kept after "Could not join", a
table with an away seat listed as having a seat to take, the menu's Rejoin, and a friend
coming back while the hand summary is read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hearts_desktop.engine import Ruleset
from hearts_desktop.net.discovery import Advertiser
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.ui.network_scenes import JoiningScene, JoinScene
from hearts_desktop.ui.widgets import Button
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import FRAME, Driver
from .net_fakes import MemoryNetwork
from .net_play import NetTable, net_table
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
