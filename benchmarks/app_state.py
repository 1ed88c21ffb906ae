"""What a tool or a test reads of a running window: the table on screen and the game held here.

The window keeps no field saying which game is on: its table scene holds the game's Play.
These read it from the stack, as a person reads the screen, and fail with a sentence where
there is nothing to read.
"""

from __future__ import annotations

from hearts_desktop.controller.table import TableController
from hearts_desktop.ui.app import App
from hearts_desktop.ui.table_scene import TableScene


def table_of(app: App) -> TableScene:
    """The game's table on the stack (under whatever screens are above it)."""
    table = app.table
    assert table is not None, "no game is on: the stack holds no table"
    return table


def controller_of(app: App) -> TableController:
    """The whole game, where this window holds it (at home, or hosted here)."""
    play = app.play
    assert play is not None and play.controller is not None, "no game held by this window is on"
    return play.controller
