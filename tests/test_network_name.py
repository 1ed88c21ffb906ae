"""A name chosen once for network play (issue 46): asked the first time the player hosts or
joins, never the computer's login name, kept in the settings and changed in Settings."""

from __future__ import annotations

from pathlib import Path

import pygame

from hearts_desktop.engine import Ruleset
from hearts_desktop.net.cli import default_name
from hearts_desktop.persistence import DataPaths, NewGameSetup, Seat, Settings, load_settings
from hearts_desktop.play.network import HostedPlay
from hearts_desktop.ui.network_name import NetworkNameScene
from hearts_desktop.ui.network_scenes import HostLobbyScene, JoinScene
from hearts_desktop.ui.new_game import NewGameScene
from hearts_desktop.ui.settings_scene import SettingsScene
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import Driver
from .test_menus import press

QUICK = Settings(pace=Pace.INSTANT, animations=False, sound=False)
HOT_SEAT = (Seat("Anna", SeatKind.HUMAN), Seat("Ben", SeatKind.HUMAN), Seat("Clara", SeatKind.COMPUTER, Level.EASY),
            Seat("Dev", SeatKind.COMPUTER, Level.EASY))


def asked(driver: Driver, choice: str) -> NetworkNameScene:
    """Play on the network, then Host or Join: the question comes first."""
    driver.app.open_network()
    driver.frame()
    press(driver, choice)
    question = driver.top
    assert isinstance(question, NetworkNameScene), type(question).__name__
    return question


def saved_name(folder: Path) -> str:
    return load_settings(DataPaths.resolve(folder).settings).value.network_name


def test_hosting_the_first_time_asks_a_name_and_the_table_shows_it_not_the_login_name(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        question = asked(driver, "Host a table")
        assert question.name_field.text == "" and question.name_field.text != default_name()
        question.name_field.text = "Dana"
        press(driver, "Continue")
        dialog = driver.top
        assert isinstance(dialog, NewGameScene) and dialog.seat_controls[0][0].text == "Dana"
        assert saved_name(tmp_path) == "Dana"
        press(driver, "Open the table")
        lobby = driver.top
        assert isinstance(lobby, HostLobbyScene)
        assert lobby.host.seats[0].name == "Dana"
    finally:
        driver.close()


def test_the_question_offers_the_last_name_typed_at_this_computer(tmp_path: Path) -> None:
    driver = Driver(tmp_path, settings=QUICK.replace(new_game=NewGameSetup.of(HOT_SEAT, Ruleset())))
    try:
        question = asked(driver, "Join a table")
        assert question.name_field.text == "Anna"
        press(driver, "Continue")
        form = driver.top
        assert isinstance(form, JoinScene) and form.name_field.text == "Anna"
        assert saved_name(tmp_path) == "Anna"
    finally:
        driver.close()


def test_a_name_that_cannot_be_used_is_refused_with_a_sentence_and_nothing_is_kept(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        question = asked(driver, "Join a table")
        question.name_field.text = "Hоstess"  # a Cyrillic о
        press(driver, "Continue")
        assert driver.top is question
        assert question.problem.startswith("Write your name in one alphabet")
        assert saved_name(tmp_path) == ""
        question.name_field.text = "Hostess"
        driver.keys(pygame.K_RETURN)
        assert isinstance(driver.top, JoinScene) and saved_name(tmp_path) == "Hostess"
    finally:
        driver.close()


def test_once_chosen_the_name_is_not_asked_again_and_settings_change_it(tmp_path: Path) -> None:
    driver = Driver(tmp_path, settings=QUICK.replace(network_name="Dana"))
    try:
        driver.app.open_network()
        driver.frame()
        press(driver, "Join a table")
        form = driver.top
        assert isinstance(form, JoinScene) and form.name_field.text == "Dana"
        driver.app.show_main_menu()
        driver.app.open_settings()
        driver.frame()
        settings = driver.top
        assert isinstance(settings, SettingsScene)
        settings.name_field.text = "Eve"
        driver.frame()
        assert saved_name(tmp_path) == "Eve"
        settings.name_field.text = "   "
        driver.frame()
        assert saved_name(tmp_path) == "Eve", "an empty name is not kept"
    finally:
        driver.close()


def test_a_table_hosted_without_a_chosen_name_is_never_the_login_names(tmp_path: Path) -> None:
    """Where nothing was asked (a test's direct call), the host is "Host", not "Root"."""
    driver = Driver(tmp_path)
    try:
        opened = HostedPlay.open(driver.app.context, NewGameSetup(), Pace.INSTANT, driver.app.network_place)
        assert isinstance(opened, HostedPlay)
        try:
            assert opened.host.seats[0].name not in (default_name(), "You")
        finally:
            opened.close()
    finally:
        driver.close()
