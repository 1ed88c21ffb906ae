"""The UI log tells the truth: what it says is on screen is where a click finds it.

Headless (dummy video driver), so these run in the normal suite; the end-to-end run in a
real X window (run_e2e.py) relies on every fact checked here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.app_state import controller_of
from hearts_desktop import language
from hearts_desktop.engine import Phase, Ruleset
from hearts_desktop.engine.rules import PassCycle
from hearts_desktop.ui.intents import Intent, PointerDown, PointerMove, PointerUp
from hearts_desktop.ui.menus import MainMenuScene
from hearts_desktop.ui.new_game import NewGameScene
from hearts_desktop.ui.ui_log import UiLog

from ..app_driver import ONE_HUMAN, Driver, key
from .run_e2e import speaking
from .ui_log_reader import UiLogReader, card_point, centre


class LoggedDriver(Driver):
    """The app driver with the UI log following every frame, as ``--ui-log`` does."""

    def __init__(self, data_dir: Path, log_path: Path) -> None:
        self.log = UiLog(log_path)
        super().__init__(data_dir)

    def frame(self, *intents: Intent) -> None:
        super().frame(*intents)
        self.log.observe(self.app)

    def click(self, point: tuple[int, int]) -> None:
        self.frame(PointerMove(point))
        self.frame(PointerDown(point))
        self.frame(PointerUp(point))

    def close(self) -> None:
        super().close()
        self.log.file.close()


@pytest.fixture
def logged(tmp_path: Path) -> Iterator[tuple[LoggedDriver, UiLogReader]]:
    driver = LoggedDriver(tmp_path / "data", tmp_path / "ui.jsonl")
    yield driver, UiLogReader(tmp_path / "ui.jsonl")
    driver.close()


def test_a_click_where_the_log_places_a_button_presses_it(logged: tuple[LoggedDriver, UiLogReader]) -> None:
    driver, reader = logged
    reader.read()
    assert reader.top == "MainMenuScene"
    assert reader.latest["window"]["size"] == list(driver.app.size)
    target = reader.target("new_game")
    assert target is not None and target["label"] == "New game"
    driver.click(centre(target["rect"]))
    reader.read()
    assert isinstance(driver.top, NewGameScene) and reader.top == "NewGameScene"
    assert reader.target("start") is not None


@pytest.mark.parametrize("players", [4, 3])
def test_each_logged_card_point_is_where_the_pointer_finds_that_card(
        logged: tuple[LoggedDriver, UiLogReader], players: int) -> None:
    """With 17 cards (3 players) each card shows less than half of itself."""
    driver, reader = logged
    driver.new_game(ONE_HUMAN[:players], Ruleset(players=players, pass_cycle=PassCycle.LEFT_RIGHT_HOLD))
    reader.read()
    assert reader.table is not None and reader.table["phase"] == "passing" and reader.table["pass_open"]
    cards = [entry["card"] for entry in reader.table["hand"]]
    assert sorted(cards) == sorted(reader.table["cards"]) and len(cards) == 52 // players
    for card in cards + cards[::-1]:  # each card, with its neighbours lifted under the pointer
        reader.read()
        driver.frame(PointerMove(card_point(reader.table, card)))
        assert str(driver.table.hover) == card


def test_a_card_dropped_on_a_logged_pass_slot_goes_into_it(logged: tuple[LoggedDriver, UiLogReader]) -> None:
    driver, reader = logged
    driver.new_game()
    reader.read()
    assert reader.table is not None
    card = reader.table["hand"][0]["card"]
    start, end = card_point(reader.table, card), centre(reader.table["pass_slots"][0]["rect"])
    driver.frame(PointerDown(start))
    driver.frame(PointerMove(((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), pressed=True))
    driver.frame(PointerMove(end, pressed=True))
    driver.frame(PointerUp(end))
    reader.read()
    assert reader.table["pass_slots"][0]["card"] == card
    assert card not in [entry["card"] for entry in reader.table["hand"]]


def test_moves_undo_and_the_hand_score_are_logged(logged: tuple[LoggedDriver, UiLogReader]) -> None:
    driver, reader = logged
    driver.new_game()
    app = driver.app
    driver.play_through(lambda: driver.human_to_act() and controller_of(app).view().phase is Phase.PLAYING)
    reader.read()
    assert reader.my_move_wanted() and reader.table is not None
    card = reader.table["legal"][-1]
    before = len(reader.records)
    driver.click(card_point(reader.table, card))
    reader.read()
    played = reader.events("action", before)
    assert played[0]["play"] == card and played[0]["seat"] == reader.table["viewer"]
    numbers = [r["number"] for r in reader.events("action")]
    first = reader.events("game")[0]["actions"]  # what the game held when the log first saw it
    assert numbers == list(range(first, first + len(numbers)))
    driver.play_through(driver.human_to_act)
    driver.frame(key(pygame.K_z, pygame.KMOD_CTRL))
    reader.read()
    taken_back = reader.events("taken_back", before)
    assert taken_back and taken_back[0]["actions"] == played[0]["number"]
    assert card in reader.table["cards"] and reader.table["actions"] == len(controller_of(app).game.actions)
    driver.play_through(lambda: bool(controller_of(app).game.results))
    reader.read()
    scored = reader.events("hand_scored")
    assert len(scored) == 1 and scored[0]["points"] == list(controller_of(app).game.results[0].points)


def test_nothing_is_written_while_nothing_changes(logged: tuple[LoggedDriver, UiLogReader]) -> None:
    driver, reader = logged
    reader.read()
    written = len(reader.records)
    for _ in range(10):
        driver.frame()
    assert isinstance(driver.top, MainMenuScene)
    assert reader.read() == [] and len(reader.records) == written


def test_the_reader_waits_for_the_end_of_a_line(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    reader = UiLogReader(path)
    assert reader.read() == []
    line = json.dumps({"event": "screen", "top": "MainMenuScene", "targets": []})
    path.write_text(line[:10], encoding="utf-8")
    assert reader.read() == []
    path.write_text(line + "\n", encoding="utf-8")
    assert reader.read() == [json.loads(line)] and reader.top == "MainMenuScene"


def test_the_command_line_writes_the_log_until_the_program_exits(tmp_path: Path) -> None:
    log = tmp_path / "ui.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "hearts_desktop", "--data-dir", str(tmp_path / "data"),
                           "--ui-log", str(log), "--max-seconds", "0.5"], check=False, env=env, timeout=60)
    assert done.returncode == 3  # --max-seconds ran out
    reader = UiLogReader(log)
    reader.read()
    assert reader.top == "MainMenuScene"
    assert reader.records[-1]["event"] == "exit" and reader.records[-1]["code"] == 3


def test_a_button_keeps_its_name_in_every_language(tmp_path: Path) -> None:
    """The end-to-end runs find a button by its name in the log: in Hebrew too, where its
    words are Hebrew (and the label, for a check of what the player reads)."""
    log = tmp_path / "ui.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, "-m", "hearts_desktop", "--data-dir", str(tmp_path / "data"), "--language", "he",
                    "--ui-log", str(log), "--max-seconds", "0.5"], check=False, env=env, timeout=60)
    reader = UiLogReader(log)
    reader.read()
    for name, english in (("new_game", "New game"), ("network", "Play on the network")):
        with speaking("he"):
            hebrew = language._(english)
        target = reader.target(name)
        assert target is not None and target["label"] == hebrew != english
