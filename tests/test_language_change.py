"""A change of language reaches what is already open (issue 44): a screen keeps how to say
its words, not the words of the language it was opened in.

The bracketing catalogue of ``test_language_core`` stands in for the new language: every
message comes back as ``⟦…⟧``, so a text still without brackets after the change was said
once, in the language of the start, and kept.
"""

from __future__ import annotations

from pathlib import Path

from hearts_desktop.persistence import Settings
from hearts_desktop.ui.network_scenes import HostLobbyScene
from hearts_desktop.words import Pace

from .app_driver import Driver
from .net_fakes import MemoryNetwork
from .test_language_core import bracketed
from .test_menus import press

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
