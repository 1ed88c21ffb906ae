"""The names the game gives ("You", "Player 2", the computers' "Alice"…) are words of its
language (issue 44): shown in the language in use, while files keep them as given, so a game
saved in one language reads in another. A name someone typed is theirs, in every language.

The bracketing catalogue of ``test_language_core`` stands in for a language.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.layout import Inspector, inspect
from benchmarks.layout_check import check
from hearts_desktop.persistence import DataPaths, Seat, Statistics, default_seats, load_game, load_settings
from hearts_desktop.persistence.seats import shown_name
from hearts_desktop.persistence.stats import Profile, Tally
from hearts_desktop.ui.new_game import NewGameScene
from hearts_desktop.ui.stats_scene import StatisticsScene
from hearts_desktop.words import SeatKind

from .app_driver import Driver
from .test_language_core import bracketed


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path)
    yield d
    d.close()


def test_a_name_the_game_gave_is_said_in_the_language_and_a_typed_one_as_it_is() -> None:
    with bracketed():
        assert [shown_name(name) for name in ("You", "Alice", "Dev", "Player 2", "Anna", "Player", "Player two")] == [
            "⟦You⟧", "⟦Alice⟧", "⟦Dev⟧", "⟦Player 2⟧", "Anna", "Player", "Player two"]
    assert shown_name("You") == "You" and shown_name("Player 3") == "Player 3"


def test_the_table_shows_the_given_names_in_the_language_and_the_save_keeps_them(
        driver: Driver, tmp_path: Path) -> None:
    driver.new_game(default_seats(4))
    with bracketed():
        driver.play_through(lambda: driver.controller.game.hand.tricks_played >= 1)
        texts = drawn_texts(driver)
    assert {"⟦You⟧", "⟦Alice⟧", "⟦Ben⟧", "⟦Clara⟧"} <= texts and not {"You", "Alice", "Ben", "Clara"} & texts
    driver.app.session.autosaver.flush()  # type: ignore[union-attr]
    saved = load_game(DataPaths.resolve(tmp_path).autosave).value
    assert saved is not None and [seat.name for seat in saved.seats] == ["You", "Alice", "Ben", "Clara"]


def drawn_texts(driver: Driver) -> set[str]:
    """Every text the window draws now."""
    inspector = Inspector()
    inspect(driver.app.stack.scenes, driver.app.size, inspector)
    return {element.label for element in inspector.elements if element.kind == "text"}


def test_the_new_game_dialog_shows_the_given_name_in_the_language_and_keeps_it_as_given(
        driver: Driver, tmp_path: Path) -> None:
    with bracketed():
        driver.app.open_new_game()
        dialog = driver.top
        assert isinstance(dialog, NewGameScene)
        fields = [name for name, _kind, _level in dialog.seat_controls]
        assert [field.text for field in fields[:2]] == ["⟦You⟧", "⟦Alice⟧"]
        fields[1].text = "Bea"  # a name typed is the player's
        driver.frame()
        dialog._start()
    setup = load_settings(DataPaths.resolve(tmp_path).settings).value.new_game
    assert [seat.name for seat in setup.seats[:3]] == ["You", "Bea", "Ben"]


def test_statistics_name_the_player_the_game_named_in_the_language(driver: Driver) -> None:
    statistics = Statistics()
    statistics.profiles["You"] = Profile({"3x easy": Tally(1, 1, 8, 30, 0, 0, 30, 30)}, [])
    statistics.profiles["Anna"] = Profile({"3x easy": Tally(1, 1, 8, 30, 0, 0, 30, 30)}, [])
    with bracketed():
        scene = StatisticsScene(driver.app.size, statistics, "You", lambda name: None, lambda: None)
        assert scene.heading == "⟦Statistics — {name}⟧".format(name="⟦You⟧")
        assert dict(scene.profile_choice.options) == {"Anna": "Anna", "You": "⟦You⟧"}


def test_a_hot_seat_players_number_is_said_in_the_language(driver: Driver) -> None:
    driver.new_game((Seat("You", SeatKind.HUMAN), Seat("Ann", SeatKind.HUMAN), *default_seats(4)[2:]))
    assert driver.controller.seats[0].name == "Player 1"  # as the save keeps it
    with bracketed():
        driver.frame()
        assert driver.handover().button.label == "⟦I am {name} — show my cards⟧".format(name="⟦Player 1⟧")


GIVEN_NAMES_SHOWN = ("main menu", "table lead", "table pass left", "hand summary", "statistics, one game",
                     "past games, 40", "past game", "coach review", "replace the saved game question",
                     "hot-seat cover, names given", "difficulty")


def test_the_pseudo_run_finds_every_given_name_said_in_the_language() -> None:
    report = check(sizes=[(1280, 800)], only=lambda name: name in GIVEN_NAMES_SHOWN, codes=("pseudo",))
    assert report.screens == len(GIVEN_NAMES_SHOWN)
    assert [str(problem) for problem in report.problems] == []
