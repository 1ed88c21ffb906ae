"""The app and the player's files: messages shown, autosave after every action, Continue
restoring the exact table, statistics recorded at the end, no crash without sound."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hearts_desktop.engine import Ruleset
from hearts_desktop.persistence import DataPaths, StorageError, load_game, load_statistics
from hearts_desktop.persistence.atomic import backup_path
from hearts_desktop.ui import theme
from hearts_desktop.ui.menus import MainMenuScene
from hearts_desktop.ui.overlays import GameOverScene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.words import Pace

from .app_driver import ONE_HUMAN, Driver, key


def paths(tmp_path: Path) -> DataPaths:
    return DataPaths.resolve(tmp_path)


def test_a_bad_settings_file_is_reported_in_a_message(tmp_path: Path) -> None:
    paths(tmp_path).settings.write_text("{ not json", encoding="utf-8")
    driver = Driver(tmp_path, quick=False)
    try:
        assert isinstance(driver.top, MainMenuScene)
        assert any("settings" in toast.text.lower() for toast in driver.app.toasts.shown)
    finally:
        driver.close()


def test_a_failed_autosave_is_reported_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise StorageError("The game could not be saved: the disk is full.", tmp_path)

    monkeypatch.setattr("hearts_desktop.controller.autosave.save_game", refuse)
    driver = Driver(tmp_path)
    try:
        driver.new_game()
        driver.play_through(lambda: len(driver.controller.game.actions) >= 6)
        driver.app.session.autosaver.flush()  # type: ignore[union-attr]
        driver.frame()
        assert [t.text for t in driver.app.toasts.shown] == ["The game could not be saved: the disk is full."]
        assert isinstance(driver.top, TableScene)
    finally:
        driver.close()


def test_every_action_is_saved_and_continue_restores_the_exact_table(tmp_path: Path) -> None:
    driver = Driver(tmp_path, seed=33)
    driver.new_game()
    driver.play_through(lambda: driver.controller.game.hand.tricks_played >= 4
                        and bool(driver.controller.game.hand.trick))
    live = driver.controller.game
    views = [live.view(seat) for seat in range(live.players)]
    actions = list(live.actions)
    driver.app.session.autosaver.flush()  # type: ignore[union-attr]
    saved = load_game(paths(tmp_path).autosave).value
    assert saved is not None and saved.game.actions == actions
    driver.close()  # closing the window: the game stays saved

    again = Driver(tmp_path, seed=1)
    try:
        assert isinstance(again.top, MainMenuScene) and again.top.notes
        again.top.focused.action()  # type: ignore[union-attr]  # Continue, focused first
        game = again.controller.game
        assert game.actions == actions
        assert [game.view(seat) for seat in range(game.players)] == views
        assert [s.name for s in again.controller.seats] == [s.name for s in ONE_HUMAN]
    finally:
        again.close()


def test_a_new_game_keeps_the_old_save_until_its_first_move(tmp_path: Path) -> None:
    """Issue 40: New game replaced the saved game at once, unasked. The old game stays
    offered (on disk, save and backup alike) while the computers make their first moves of
    the new one, and goes only with the person's first move."""
    driver = Driver(tmp_path)
    try:
        driver.new_game()
        driver.play_through(lambda: len(driver.controller.game.actions) >= 8)
        old = driver.controller.game.actions
        driver.app.session.autosaver.flush()  # type: ignore[union-attr]
        on_disk = files(tmp_path)
        driver.app.start_new_game(driver.app.settings.new_game, Pace.INSTANT)
        for _ in range(5):
            driver.frame()  # the computers pass
        new = driver.controller.game
        assert new.actions and not any(a.seat == 0 for a in new.actions)
        driver.app.session.autosaver.flush()  # type: ignore[union-attr]
        assert files(tmp_path) == on_disk
        assert driver.app.session.saved is not None and driver.app.session.saved.game.actions == old
        driver.act_by_click()  # the person passes: now the new game is the saved one
        driver.app.session.autosaver.flush()  # type: ignore[union-attr]
        saved = load_game(paths(tmp_path).autosave).value
        assert saved is not None and saved.game.actions == driver.controller.game.actions
        assert not backup_path(paths(tmp_path).autosave).exists()  # no backup of another game
    finally:
        driver.close()


def files(folder: Path) -> dict[str, bytes]:
    """The data folder's saves, byte for byte."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if "autosave" in p.name}


@pytest.fixture
def game_over(tmp_path: Path) -> Iterator[Driver]:
    """A short game (to 25) played to its end."""
    driver = Driver(tmp_path, seed=8)
    driver.new_game(rules=Ruleset(target=25))
    driver.play_through(lambda: isinstance(driver.top, GameOverScene), limit=20000)
    yield driver
    driver.close()


def test_a_finished_game_is_counted_and_not_offered_again(game_over: Driver) -> None:
    game = game_over.controller.game
    statistics = load_statistics(paths(game_over.data_dir).statistics).value
    tally = statistics.profile("Anna").overall
    assert (tally.games, tally.hands, tally.points) == (1, len(game.results), game.totals[0])
    assert tally.wins == int(game.winner == 0)
    assert load_game(paths(game_over.data_dir).autosave).value is None
    game_over.keys(pygame.K_ESCAPE)  # nothing closes the game-over screen but its buttons
    assert isinstance(game_over.top, GameOverScene)
    game_over.app.quit_to_menu()
    assert isinstance(game_over.top, MainMenuScene) and game_over.top.notes == []


def test_the_game_over_screen_offers_the_main_menu_and_quit(game_over: Driver) -> None:
    """It offered only Rematch and New game."""
    scene = game_over.top
    assert isinstance(scene, GameOverScene)
    assert [button.label for button in scene.buttons] == ["Rematch", "New game", "Main menu", "Review hands", "Quit"]
    scene.buttons[-1].action()
    assert not game_over.app.running


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_every_game_over_label_keeps_a_margin_inside_its_button(game_over: Driver, size: tuple[int, int]) -> None:
    """At 800x600 five equal buttons left "Review hands" touching its button's edges."""
    scene = game_over.top
    assert isinstance(scene, GameOverScene)
    scene.resize(size)
    fs = scene.font_size
    rects = [button.rect for button in scene.buttons]
    for button in scene.buttons:
        label = theme.font(scene.button_font_size, True).size(button.label)[0]
        assert button.rect.width >= label + fs, button.label
        assert scene.panel_box.contains(button.rect), button.label
    assert all(left.right < right.left for left, right in zip(rects, rects[1:])), "side by side, apart"


def test_rematch_deals_a_new_game_with_the_same_seats(game_over: Driver) -> None:
    game_over.frame(key(pygame.K_RETURN))  # Rematch has the focus
    assert isinstance(game_over.top, TableScene)
    game = game_over.controller.game
    assert game.rules.target == 25 and game.hand_index == 0 and not game.results
    assert [s.name for s in game_over.controller.seats] == [s.name for s in ONE_HUMAN]


@pytest.mark.parametrize("audio", ["dummy", "no-such-driver"])
def test_the_program_starts_without_a_sound_device(tmp_path: Path, audio: str) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER=audio)
    result = subprocess.run(
        [sys.executable, "-m", "hearts_desktop", "--exit-after-first-frame", "--data-dir", str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr


def test_sounds_without_a_device_are_silent_not_fatal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    driver = Driver(tmp_path)
    try:
        driver.app.apply_settings(driver.app.settings.replace(sound=True, volume=1.0))
        driver.new_game()
        driver.play_through(lambda: driver.controller.game.hand.tricks_played >= 2)
        assert not driver.app.sounds.available
    finally:
        driver.close()
