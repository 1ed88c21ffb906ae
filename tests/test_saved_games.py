"""Nothing saved is replaced unasked (issue 40): New game and Host a table ask first and keep
the saved game until the new game's first move; a hosted game has its own save, so hosting
never touches the game against the computers; Quit with friends at the table asks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.engine import Phase, Ruleset
from hearts_desktop.net.client import ClientTable
from hearts_desktop.persistence import DataPaths, NewGameSetup, Seat, load_game
from hearts_desktop.ui.form import FormScene
from hearts_desktop.ui.intents import QuitRequested
from hearts_desktop.ui.menus import ConfirmScene, MainMenuScene, QuitQuestion
from hearts_desktop.ui.network_scenes import HostLobbyScene
from hearts_desktop.ui.new_game import NewGameScene
from hearts_desktop.ui.overlays import GameOverScene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.ui.widgets import Button
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import FRAME, Driver
from .net_fakes import MemoryNetwork

TABLE = NewGameSetup.of((Seat("Hostess", SeatKind.HUMAN), Seat("Seat 2", SeatKind.REMOTE, Level.EASY),
                         Seat("Ben", SeatKind.COMPUTER, Level.EASY), Seat("Cleo", SeatKind.COMPUTER, Level.EASY)),
                        Ruleset())


@pytest.fixture
def network() -> MemoryNetwork:
    return MemoryNetwork()


@pytest.fixture
def driver(tmp_path: Path, network: MemoryNetwork) -> Iterator[Driver]:
    d = Driver(tmp_path, network=network)
    yield d
    d.close()


WRITES_DEADLINE = 120.0
"""Seconds a test waits for the save writer: it returns as soon as the writes are done."""


def saves(driver: Driver) -> dict[str, bytes]:
    """Every save file in the data folder, byte for byte (backups too), once every write
    submitted is on disk (the writer's own 5 s wait gave up first on a busy machine)."""
    driver.app.session.local.autosaver.flush(timeout=WRITES_DEADLINE)  # type: ignore[union-attr]
    driver.app.session.network.autosaver.flush(timeout=WRITES_DEADLINE)  # type: ignore[union-attr]
    return {p.name: p.read_bytes() for p in sorted(driver.data_dir.iterdir()) if "autosave" in p.name}


def play_a_little(driver: Driver) -> None:
    """A game against the computers, saved from the person's pass on."""
    driver.new_game()
    driver.play_through(lambda: driver.controller.view().phase is Phase.PLAYING and driver.human_to_act())


def press(driver: Driver, label: str) -> None:
    top = driver.top
    assert isinstance(top, FormScene)
    button = next(b for b in [*top.controls, *top.buttons] if isinstance(b, Button) and b.label == label)
    button.action()
    driver.frame()


def labels(menu: MainMenuScene) -> list[str]:
    return [control.label for control in menu.controls if isinstance(control, Button)]


def open_dialog(driver: Driver, hosting: bool) -> NewGameScene:
    driver.app.show_main_menu()
    (driver.app.open_host_setup if hosting else driver.app.open_new_game)()
    driver.frame()
    dialog = driver.top
    assert isinstance(dialog, NewGameScene)
    return dialog


def test_new_game_asks_before_replacing_the_saved_game(driver: Driver) -> None:
    play_a_little(driver)
    before = saves(driver)
    assert "autosave.json" in before
    open_dialog(driver, hosting=False).start_button.action()
    driver.frame()
    question = driver.top
    assert isinstance(question, ConfirmScene)
    assert question.question.startswith("Replace your saved game against computers? It is at hand 1 (")
    assert "stays saved until your first move" in question.question
    press(driver, "Cancel")
    assert saves(driver) == before and not isinstance(driver.top, TableScene)
    open_dialog(driver, hosting=False).start_button.action()
    driver.frame()
    press(driver, "Start the new game")
    assert isinstance(driver.top, TableScene)
    assert saves(driver) == before  # until the person's first move in the new game


def test_new_game_without_a_saved_game_does_not_ask(driver: Driver) -> None:
    open_dialog(driver, hosting=False).start_button.action()
    driver.frame()
    assert isinstance(driver.top, TableScene)


def test_opening_a_table_and_closing_it_leaves_the_solo_save_byte_for_byte(driver: Driver) -> None:
    """The lobby deleted the saved game and its backup as it opened, cancelled or not."""
    play_a_little(driver)
    driver.act_by_click()  # a second save: the backup exists too
    before = saves(driver)
    assert {"autosave.json", "autosave.json.bak"} <= set(before)
    open_dialog(driver, hosting=True).start_button.action()  # no saved network game: no question
    driver.frame()
    lobby = driver.top
    assert isinstance(lobby, HostLobbyScene)
    assert saves(driver) == before
    press(driver, "Close the table")
    assert isinstance(driver.top, MainMenuScene)
    assert saves(driver) == before
    assert driver.top.notes == [f"Saved game: hand 1 — {', '.join(f'{n} 0' for n in ('Anna', 'Bo', 'Cy', 'Di'))}"]
    assert labels(driver.top)[:2] == ["Continue", "New game"]


def seat_a_friend(driver: Driver, network: MemoryNetwork) -> ClientTable:
    """Fran joins the table open in the lobby, with its code; the host starts the game."""
    lobby = driver.top
    assert isinstance(lobby, HostLobbyScene)
    friend = ClientTable("Fran", lobby.host.code, lambda: network.link.connect(), runner=InlineRunner(),
                         clock=network.clock)
    for _ in range(200):
        if lobby.host.can_start():
            break
        network.now += FRAME
        friend.update(FRAME)
        driver.frame()
    press(driver, "Start")
    assert isinstance(driver.top, TableScene)
    return friend


def test_a_hosted_game_is_saved_apart_and_continue_offers_both(tmp_path: Path, driver: Driver,
                                                                network: MemoryNetwork) -> None:
    play_a_little(driver)
    solo = saves(driver)
    driver.app.show_main_menu()
    driver.app.host_table(TABLE, Pace.INSTANT)
    driver.frame()
    friend = seat_a_friend(driver, network)
    driver.play_through(driver.human_to_act)
    driver.act_by_click()  # the host's first move: the hosted game is saved, in its own file
    hosted = saves(driver)
    assert {name: data for name, data in hosted.items() if not name.startswith("network")} == solo
    assert "network-autosave.json" in hosted
    friend.close()
    driver.close()
    again = Driver(tmp_path, network=network)
    try:
        menu = again.top
        assert isinstance(menu, MainMenuScene)
        assert labels(menu)[:3] == ["Continue", "Continue the network game", "New game"]
        assert menu.notes[1].startswith("Saved network game: hand 1 — Hostess 0, Fran 0")
        again.app.continue_network_game()
        assert [s.name for s in again.controller.seats] == ["Hostess", "Fran", "Ben", "Cleo"]
        network_save = load_game(DataPaths.resolve(tmp_path).network_save).value
        assert network_save is not None and again.controller.game.actions == network_save.game.actions
        again.app.show_main_menu()
        again.app.open_host_setup()  # hosting again asks: a saved network game exists
        again.frame()
        dialog = again.top
        assert isinstance(dialog, NewGameScene)
        dialog.start_button.action()
        again.frame()
        question = again.top
        assert isinstance(question, ConfirmScene)
        assert question.question.startswith("Replace your saved game from your last network table?")
    finally:
        again.close()


def test_quit_with_friends_at_the_table_asks_and_closing_the_window_twice_quits(
        driver: Driver, network: MemoryNetwork) -> None:
    driver.app.host_table(TABLE, Pace.INSTANT)
    driver.frame()
    friend = seat_a_friend(driver, network)
    try:
        driver.app.quit()
        question = driver.top
        assert isinstance(question, QuitQuestion) and driver.app.running
        assert question.question.startswith("Fran is playing at your table. Quitting closes the table for them")
        press(driver, "Cancel")
        assert isinstance(driver.top, TableScene) and driver.app.running
        driver.frame(QuitRequested())  # the window's close button asks too
        assert isinstance(driver.top, QuitQuestion) and driver.app.running
        driver.frame(QuitRequested())  # and a second close quits
        assert not driver.app.running
    finally:
        friend.close()


def test_quit_at_a_table_of_computers_does_not_ask(driver: Driver) -> None:
    play_a_little(driver)
    driver.frame(QuitRequested())
    assert not driver.app.running


def test_a_table_hosted_for_computers_alone_is_still_saved_apart(driver: Driver) -> None:
    """Nobody came and the host gave the friend's seat to a computer: a hosted game all the
    same, which must not replace the game against the computers."""
    play_a_little(driver)
    solo = saves(driver)
    driver.app.show_main_menu()
    driver.app.host_table(TABLE, Pace.INSTANT)
    driver.frame()
    press(driver, "Computer plays")
    press(driver, "Start")
    driver.play_through(driver.human_to_act)
    driver.act_by_click()
    hosted = saves(driver)
    assert {name: data for name, data in hosted.items() if not name.startswith("network")} == solo
    assert "network-autosave.json" in hosted


def test_a_hosted_rematch_deals_again_at_the_same_table_and_shows_it(driver: Driver) -> None:
    """Rematch at a table hosted here dealt the new game under the final scores, which
    stayed on top: the table paused below them, the friends' game with it."""
    short = NewGameSetup.of(TABLE.seats, Ruleset(target=25))
    driver.app.host_table(short, Pace.INSTANT)
    driver.frame()
    press(driver, "Computer plays")
    press(driver, "Start")
    table, first = driver.table, driver.controller
    driver.play_through(lambda: isinstance(driver.top, GameOverScene))
    over = driver.top
    assert isinstance(over, GameOverScene)
    next(button for button in over.buttons if button.label == "Rematch").action()
    driver.frame()
    assert driver.top is table and driver.table is table, "the same table, on top"
    assert driver.controller is not first and not driver.controller.game.over
    driver.play_through(lambda: len(driver.controller.game.actions) > 8)  # the new game goes on
