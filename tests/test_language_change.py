"""A change of language reaches what is already open (issue 44): a screen keeps how to say
its words, not the words of the language it was opened in.

The bracketing catalogue of ``test_language_core`` stands in for the new language: every
message comes back as ``⟦…⟧``, so a text still without brackets after the change was said
once, in the language of the start, and kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hearts_desktop.language import said
from hearts_desktop.persistence import Settings
from hearts_desktop.ui.network_scenes import HostLobbyScene
from hearts_desktop.ui.table_frame import table_frame
from hearts_desktop.words import Pace

from .app_driver import Driver
from .net_fakes import MemoryNetwork
from .test_language_core import bracketed, whole
from .test_menus import press

KEY_LETTERS = {"F", "H", "L", "S"}
"""Key hints that are the key's letter in every language (the named keys are translated)."""

QUICK = Settings(pace=Pace.INSTANT, animations=False, sound=False, network_name="Dana")


def test_the_lobbys_note_that_tables_cannot_be_found_follows_the_language(tmp_path: Path) -> None:
    driver = Driver(tmp_path, settings=QUICK, network=MemoryNetwork())  # it cannot advertise the table
    try:
        driver.app.open_host_setup()
        press(driver, "Open the table")
        lobby = driver.top
        assert isinstance(lobby, HostLobbyScene)
        with bracketed():
            notes = " ".join(lobby._notes())
        assert "⟦This network does not allow tables to be found: friends join by address.⟧" in notes
    finally:
        driver.close()


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path)
    yield d
    d.close()


def test_the_tables_buttons_and_their_keys_follow_the_language(driver: Driver) -> None:
    """Settings opens over the table (from its menu): back at the table, its buttons speak
    the language chosen there."""
    driver.new_game()
    with bracketed():
        driver.frame()
        buttons = list(driver.table.buttons.values())
        assert [button.label for button in buttons if not whole(button.label)] == []
        hints = {said(button.key_hint) for button in buttons} - KEY_LETTERS
        assert hints and [hint for hint in hints if not whole(hint)] == []


def test_the_note_naming_the_cards_received_follows_the_language(driver: Driver) -> None:
    driver.new_game()
    driver.play_through(lambda: driver.table.passing.note is not None)
    with bracketed():
        driver.frame()
        assert whole(str(driver.table.passing.note))
        assert whole(table_frame(driver.table).message)  # the table's own line, said anew too


def test_a_sentence_said_for_a_moment_is_not_left_in_the_old_language(driver: Driver) -> None:
    """A hint's sentence was said when it came (the coach's words are written once): after a
    change the table's line says what holds now, in the new language; the hint's cards stay
    outlined."""
    driver.new_game()
    driver.keys(pygame.K_h)
    driver.play_through(lambda: driver.table.hint is not None)
    assert table_frame(driver.table).message.startswith("Hint: ")
    with bracketed():
        driver.frame()
        assert whole(table_frame(driver.table).message)
        assert driver.table.hint is not None
