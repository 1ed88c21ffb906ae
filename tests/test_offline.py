"""The program never opens a network connection: whole games pass with every socket refused.

The blocker is a ``sitecustomize`` module on PYTHONPATH, so it loads into every Python
process the game starts, the spawned bot worker too. It installs an audit hook that
refuses every ``socket.*`` event (creating, binding, connecting, name lookups) and writes
each refusal, and each process it loaded into, to a log: a refusal the program swallowed
still fails the test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BLOCKER = '''\
import os
import sys

_LOG = os.environ["HEARTS_OFFLINE_LOG"]


def _note(line):
    with open(_LOG, "a", encoding="utf-8") as log:
        log.write(line + "\\n")


def _refuse_sockets(event, args):
    if event.startswith("socket."):
        _note(f"refused {event}")
        raise PermissionError(f"the offline test refuses {event}")


_note(f"process {os.getpid()}")
sys.addaudithook(_refuse_sockets)
'''


@pytest.fixture
def offline(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """Environment for a child process with sockets refused, and the blocker's log."""
    site = tmp_path / "offline-site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    log = tmp_path / "offline.log"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
               HEARTS_OFFLINE_LOG=str(log), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env, log


def run_offline(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *arguments], env=env, capture_output=True, text=True,
                          timeout=240, check=False)


def log_lines(log: Path, kind: str) -> list[str]:
    return [line for line in log.read_text(encoding="utf-8").splitlines() if line.startswith(kind)]


def play_offline(offline: tuple[dict[str, str], Path], data_dir: Path, *arguments: str) -> str:
    """Run the program with sockets refused; it must succeed without touching one. Return its log."""
    env, log = offline
    result = run_offline(env, "-m", "hearts_desktop", *arguments, "--seed", "5", "--data-dir", str(data_dir))
    assert result.returncode == 0, result.stderr
    assert log_lines(log, "refused") == []
    return result.stdout


def test_the_blocker_refuses_a_connection(offline: tuple[dict[str, str], Path]) -> None:
    env, log = offline
    result = run_offline(env, "-c", "import socket; socket.create_connection(('127.0.0.1', 9), timeout=1)")
    assert result.returncode != 0
    assert "the offline test refuses socket." in result.stderr
    assert log_lines(log, "refused")


def test_a_smoke_game_with_its_bot_worker_runs_without_the_network(
    offline: tuple[dict[str, str], Path], tmp_path: Path
) -> None:
    play_offline(offline, tmp_path, "--smoke")
    assert len(set(log_lines(offline[1], "process"))) >= 2, "the bot worker process ran without the blocker"


def test_an_autoplay_game_saving_every_move_runs_without_the_network(
    offline: tuple[dict[str, str], Path], tmp_path: Path
) -> None:
    assert "applied" in play_offline(offline, tmp_path, "--autoplay")
