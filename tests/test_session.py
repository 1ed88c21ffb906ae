"""The session behind the table (issue 19): one program per data folder (two real processes:
test_persistence_bench), results on disk before a finished game's save goes, an autosave
writer that never dies, and the program's sentences for folders and disks that refuse."""

from __future__ import annotations

import errno
import logging
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from benchmarks.hostile_files import random_action
from hearts_desktop.app import main
from hearts_desktop.controller import autosave
from hearts_desktop.controller.autosave import Autosaver
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.session import Session
from hearts_desktop.engine import Game, PassAction, Ruleset
from hearts_desktop.persistence import (
    ALREADY_OPEN,
    DataPaths,
    FolderInUse,
    Statistics,
    UnusableFolder,
    atomic,
    load_game,
    load_statistics,
    save_game,
    save_statistics,
)
from hearts_desktop.persistence.saves import UNSAVED, keep_unjudged, unjudged_files, unjudged_path
from hearts_desktop.persistence.stats import game_id
from hearts_desktop.words import Pace

from .app_driver import ONE_HUMAN, finished_game
from .faults import full_disk

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def program(*args: str) -> list[str]:
    return [sys.executable, "-m", "hearts_desktop", *args]


def end_game(session: Session, game: Game) -> None:
    """What the table does when the last card of a game is played."""
    session.game_changed(session.start_table(game, ONE_HUMAN, InlineRunner(), Pace.INSTANT))


def counted(folder: Path) -> list[str]:
    return [r.game_id for r in load_statistics(DataPaths.resolve(folder).statistics).value.profile("Anna").recent]


# ----------------------------------------------------------------------------- one program per folder


def test_two_sessions_on_one_folder_are_refused_until_the_first_closes(tmp_path: Path) -> None:
    first = Session.open(tmp_path)
    with pytest.raises(FolderInUse, match=ALREADY_OPEN):
        Session.open(tmp_path)
    first.close()
    Session.open(tmp_path).close()


def test_a_starting_copy_leaves_another_writers_temporary_file_alone(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path)
    save_game(paths.autosave, finished_game()[0], ONE_HUMAN)
    writing = tmp_path / f".autosave.json.{os.getpid()}-0badcafe.tmp"
    writing.write_bytes(b'{"half": "writt')
    assert load_game(paths.autosave).value is not None
    assert writing.exists(), "loading alone must not decide another copy's file is stale"
    someone_elses = tmp_path / ".notes.tmp"
    someone_elses.write_text("not ours")
    Session.open(tmp_path).close()
    assert not writing.exists(), "the lock's holder knows no one else is writing"
    assert someone_elses.exists(), "only our own temporary files are cleared"


def test_a_game_counted_by_another_copy_is_not_written_over(tmp_path: Path) -> None:
    """An older version takes no lock: its result stays when this copy counts its own."""
    session = Session.open(tmp_path)
    theirs, seats = finished_game(seed=3)
    other = Statistics()
    other.record_game(theirs, seats)
    save_statistics(DataPaths.resolve(tmp_path).statistics, other)
    ours, _ = finished_game(seed=4)
    end_game(session, ours)
    session.close()
    assert sorted(counted(tmp_path)) == sorted([game_id(theirs), game_id(ours)])


# ----------------------------------------------------------------------------- results before deletes


def test_a_full_disk_at_game_end_keeps_the_game_and_counts_it_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _ = finished_game()
    session = Session.open(tmp_path)
    with monkeypatch.context() as faults:
        full_disk(faults, "statistics")
        end_game(session, game)
        [message] = session.take_messages()
        assert message == ("The statistics could not be saved: the disk is full; the result of the game is "
                           "kept with its save and will be counted at the next start.")
        session.close()
        assert session.take_messages() == [message]
    saved = load_game(DataPaths.resolve(tmp_path).autosave).value
    assert saved is not None and saved.game.over and saved.game.actions == game.actions
    again = Session.open(tmp_path)
    try:
        assert again.saved is None and again.take_messages() == []
        assert counted(tmp_path) == [game_id(game)]
        assert not DataPaths.resolve(tmp_path).autosave.exists()
    finally:
        again.close()
    Session.open(tmp_path).close()
    assert counted(tmp_path) == [game_id(game)], "counted once"


def test_quitting_with_a_result_on_disk_nowhere_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = finished_game()
    session = Session.open(tmp_path)
    full_disk(monkeypatch)
    end_game(session, game)
    session.close()
    messages = session.take_messages()
    assert messages[-1] == ("The statistics could not be saved: the disk is full; the result of the game "
                            "could not be saved either and is not in the statistics.")


def test_a_save_that_fails_at_the_last_move_says_so_at_quit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No "it will be saved with your next move" when there is no next move."""
    saver = Autosaver(DataPaths.resolve(tmp_path).autosave)
    full_disk(monkeypatch)
    saver.submit(Game(Ruleset(), 1), ONE_HUMAN)
    saver.flush()
    assert "saved with your next move" in saver.errors()[0]
    saver.close()
    assert saver.errors() == [
        "The last moves of the game could not be saved before quitting: the disk is full."
    ]


# ----------------------------------------------------------------------------- the autosave writer


def test_any_autosave_error_is_said_logged_and_saving_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    real_save = save_game
    calls = []

    def buggy_once(*args: object) -> None:
        calls.append(args)
        if len(calls) == 1:
            raise ValueError("seeds are 0..2**64-1")
        real_save(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(autosave, "save_game", buggy_once)
    path = DataPaths.resolve(tmp_path).autosave
    saver = Autosaver(path)
    game = Game(Ruleset(), 1)
    with caplog.at_level(logging.ERROR):
        saver.submit(game, ONE_HUMAN)
        saver.flush()
    [message] = saver.errors()
    assert message.startswith("An error in Hearts Desktop (ValueError: seeds are") and message.count(". ") == 0
    assert "autosave failed" in caplog.text and "ValueError" in caplog.text
    assert saver.save_now(game, ONE_HUMAN), "the writer lives on"
    assert load_game(path).value is not None
    started = time.monotonic()
    saver.close()
    assert time.monotonic() - started < 1


# ----------------------------------------------------------------------------- folders and sentences


def test_a_data_folder_that_is_a_file_is_said_plainly(tmp_path: Path) -> None:
    file = tmp_path / "not-a-folder"
    file.write_text("x")
    with pytest.raises(UnusableFolder) as caught:
        Session.open(file)
    assert str(caught.value).startswith(f"{file} is a file, not a folder")
    result = subprocess.run(program("--data-dir", str(file / "inner")), env=ENV, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode != 0 and result.stderr.strip().startswith(f"{file} is a file, not a folder")
    assert "Traceback" not in result.stderr


def test_autoplay_on_a_full_disk_is_a_sentence_and_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    full_disk(monkeypatch)
    assert main(["--autoplay", "--data-dir", str(tmp_path), "--seed", "1"]) == 1
    assert capsys.readouterr().err.strip() == (
        "The game could not be saved: the disk is full; free some space and it will be saved with your next move."
    )


def test_a_fifo_in_place_of_every_file_does_not_stop_the_start(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path)
    for path in (paths.autosave, paths.settings, paths.statistics):
        os.mkfifo(path)
    opened: list[Session] = []
    starting = threading.Thread(target=lambda: opened.append(Session.open(tmp_path)), daemon=True)
    starting.start()
    starting.join(timeout=120)
    try:
        assert opened, "the start hung on a FIFO"
        messages = opened[0].take_messages()
        assert len(messages) == 3 and all("(something other than a regular file is there)" in m for m in messages)
    finally:
        for path in (paths.autosave, paths.settings, paths.statistics):
            if path.exists():  # let a hung reader go
                descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
                os.close(descriptor)
        if opened:
            opened[0].close()


@pytest.mark.parametrize(("code", "expected"), [
    (errno.EPERM, "does not allow changing"),
    (errno.ENOENT, "does not exist"),
    (errno.EROFS, "is read-only"),
])
def test_each_refusal_has_its_own_words(tmp_path: Path, code: int, expected: str) -> None:
    from hearts_desktop.persistence.atomic import storage_error

    message = str(storage_error(OSError(code, os.strerror(code)), tmp_path / "autosave.json", UNSAVED))
    assert expected in message
    assert ("read-only" in message) == (code == errno.EROFS)


# ----------------------------------------------------------------------------- saves the system refuses (issue 40)


class LockedSave(atomic.FileLayer):
    """The save file is locked (another program holds it, on Windows): replacing it fails
    with EPERM, and the system names the temporary file being moved, as ``os.replace`` does."""

    def __init__(self) -> None:
        self.locked = True

    def replace(self, source: Path, target: Path) -> None:
        if self.locked and target.name == "autosave.json":
            raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), str(source), None, str(target))
        super().replace(source, target)


def test_a_locked_save_is_said_once_naming_the_save_until_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A toast on every move, each naming another hidden temporary file."""
    layer = LockedSave()
    monkeypatch.setattr(atomic, "files", layer)
    session = Session.open(tmp_path)
    try:
        game = Game(Ruleset(), 1)
        table = session.start_table(game, ONE_HUMAN, InlineRunner(), Pace.INSTANT)
        said = []
        game.apply(PassAction(0, game.view(0).cards()[:3]))  # Anna's move: saved from here on
        for move in range(4):
            game.apply(random_action(game, random.Random(move)))
            session.game_changed(table)
            session.autosaver.flush()  # type: ignore[union-attr]
            said += session.take_messages()
        path = DataPaths.resolve(tmp_path).autosave
        assert said == [f"The game could not be saved: the system does not allow changing {path} "
                        "(it may be locked)."]
        layer.locked = False
        session.game_changed(table)
        session.autosaver.flush()  # type: ignore[union-attr]
        assert session.take_messages() == [] and load_game(path).value is not None
        layer.locked = True
        session.game_changed(table)
        session.autosaver.flush()  # type: ignore[union-attr]
        assert session.take_messages() == said  # locked again: said again
    finally:
        session.close()


def test_a_temporary_file_a_kill_left_among_the_coachs_games_is_removed_at_start(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path)
    game, seats = finished_game()
    keep_unjudged(unjudged_path(paths.unjudged, game_id(game)), game, seats)
    left = paths.unjudged / f".{unjudged_path(paths.unjudged, 'x').name}.{os.getpid() + 1}-0badcafe.tmp"
    left.write_bytes(b'{"format": "hearts-desktop-unj')  # where a kill stopped the write
    Session.open(tmp_path).close()
    assert not left.exists()
    assert unjudged_files(paths.unjudged)
