"""``--smoke`` checks a build without a person: a whole game in a window, told by the exit code.

The program runs as a player would start it (``python -m hearts_desktop``, the same entry
as the ``hearts-desktop`` command) under SDL's dummy drivers, bot worker process included.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
HANG_GUARD_SECONDS = 240  # a hung program fails the test instead of the whole suite


def run_program(arguments: list[str], data_dir: Path, before_main: str = "") -> subprocess.CompletedProcess[str]:
    """Run the program's entry point, after ``before_main`` (code that sabotages it) if given."""
    code = f"import sys\n{before_main}\nfrom hearts_desktop.app import main\nsys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *arguments, "--data-dir", str(data_dir)],
        env=dict(os.environ, **HEADLESS), capture_output=True, text=True, timeout=HANG_GUARD_SECONDS, check=False,
    )


def test_smoke_game_plays_to_the_end_and_exits_zero(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hearts_desktop", "--smoke", "--seed", "11", "--data-dir", str(tmp_path)],
        env=dict(os.environ, **HEADLESS), capture_output=True, text=True, timeout=HANG_GUARD_SECONDS, check=False,
    )
    assert result.returncode == 0, result.stderr


def test_an_error_during_the_smoke_game_exits_non_zero_with_the_traceback(tmp_path: Path) -> None:
    sabotage = (
        "from hearts_desktop.ui.table_scene import TableScene\n"
        "def draw(self, surface):\n"
        "    raise RuntimeError('sabotaged drawing')\n"
        "TableScene.draw = draw"
    )
    result = run_program(["--smoke", "--seed", "11"], tmp_path, before_main=sabotage)
    assert result.returncode == 1
    assert "RuntimeError: sabotaged drawing" in result.stderr


def test_a_game_still_running_at_max_seconds_exits_three(tmp_path: Path) -> None:
    # At the Friendly pace a game takes minutes: a quarter of a second in, it counts as hung.
    result = run_program(["--smoke", "--pace", "friendly", "--max-seconds", "0.25"], tmp_path)
    assert result.returncode == 3, result.stderr
