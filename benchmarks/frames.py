"""Frame times of the real table through a whole hand, and start-up to the first frame.

Runs under SDL's dummy video driver: the table is drawn into memory exactly as it would be
on screen, so the figures measure our drawing and game flow, not the display server.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from hearts_desktop.words import Level, Pace, SeatKind


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def one_hand_frame_times(level: Level, seed: int = 1, size: tuple[int, int] = (1280, 800)) -> list[float]:
    """Seconds spent on each frame while four computers of ``level`` play one hand."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from hearts_desktop.persistence.seats import Seat
    from hearts_desktop.ui.app import App, AppOptions, RunLimits, ScriptedGame
    from hearts_desktop.ui.intents import Intent

    from .app_state import controller_of, table_of

    class TimedApp(App):
        """The program's window, each frame's own time written down (the window keeps none)."""

        frame_times: list[float]

        def step(self, dt: float, intents: Sequence[Intent]) -> None:
            started = time.perf_counter()
            super().step(dt, intents)
            self.frame_times.append(time.perf_counter() - started)

    seats = tuple(Seat(name, SeatKind.COMPUTER, level) for name in ("South", "West", "North", "East"))
    app = TimedApp(AppOptions(seed=seed, size=size), script=ScriptedGame(seats, pace=Pace.QUICK))
    app.frame_times = []

    def stop_after_hand(app: App) -> None:
        if controller_of(app).game.results and not table_of(app).busy:
            app.running = False

    app.on_frame = stop_after_hand
    app.run(RunLimits(max_seconds=180))
    return list(app.frame_times)[5:]  # the first frames load and scale the card art


def first_game_gap(frames: int = 30) -> float:
    """The longest time between two frames in the first half second of this program's first
    game, started from the main menu as a player starts one: the bots' worker and the coach
    start then. At 60 frames a second nothing delayed a frame when it is about 17 ms."""
    from hearts_desktop.engine import Game, Ruleset
    from hearts_desktop.persistence.seats import default_seats
    from hearts_desktop.ui.app import App, AppOptions

    with tempfile.TemporaryDirectory() as folder:
        app = App(AppOptions(seed=1, size=(1280, 800), data_dir=Path(folder)))
        app.start()
        app.step(1 / 60, [])  # the main menu
        app.start_game(Game(Ruleset(), 1), default_seats(4))
        shown = []
        for _ in range(frames):
            app.clock.tick(60)
            app.step(1 / 60, [])
            shown.append(time.perf_counter())
        app.shutdown()
    return max(later - earlier for earlier, later in zip(shown, shown[1:]))


def game_start_gaps(runs: int = 5) -> list[float]:
    """``first_game_gap`` of ``runs`` programs: only a program's first game starts them."""
    name = first_game_gap.__name__
    code = f"from {__name__} import {name}; print({name}())"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return [float(subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                                 text=True).stdout.split()[-1]) for _ in range(runs)]


def startup_seconds(
    runs: int = 5, to_table: bool = True, command: Sequence[str] = (sys.executable, "-m", "hearts_desktop")
) -> list[float]:
    """Wall time from launching ``command`` to its first drawn frame, per run.

    ``to_table`` starts a scripted game (``--smoke``), whose first frame is the table with
    the cards dealt; otherwise the first frame is the main menu a player sees.
    """
    root = Path(__file__).resolve().parents[2]
    # An installed program runs from compiled bytecode (pip and PyInstaller write it); a
    # checkout under PYTHONDONTWRITEBYTECODE would compile every module at each launch,
    # which measured 0.13 s of a 0.5 s start-up here, so the bytecode is written first.
    compileall.compile_dir(Path(__file__).resolve().parents[1], quiet=1)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    arguments = [*command, "--exit-after-first-frame", "--seed", "1", *(["--smoke"] if to_table else [])]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(arguments, env=env, check=True, capture_output=True,
                       cwd=root)
        times.append(time.perf_counter() - start)
    return times


def measure() -> dict[str, float]:
    plain = one_hand_frame_times(Level.MEDIUM)
    thinking = one_hand_frame_times(Level.EXPERT)
    starts = startup_seconds()
    menu_starts = startup_seconds(to_table=False)
    gaps = game_start_gaps()
    return {
        "p50_ms": round(statistics.median(plain) * 1000, 2),
        "p99_ms": round(_percentile(plain, 0.99) * 1000, 2),
        "p50_ms_bot_thinking": round(statistics.median(thinking) * 1000, 2),
        "p99_ms_bot_thinking": round(_percentile(thinking, 0.99) * 1000, 2),
        "frames": len(plain),
        "frames_bot_thinking": len(thinking),
        "startup_s": round(statistics.median(starts), 3),
        "startup_menu_s": round(statistics.median(menu_starts), 3),
        "game_start_gap_ms": round(statistics.median(gaps) * 1000, 1),
        "game_start_gap_max_ms": round(max(gaps) * 1000, 1),
    }


def report(result: dict[str, float]) -> str:
    return (
        f"frames at 1280x800 (one hand, Quick pace, animations on): median {result['p50_ms']} ms, "
        f"p99 {result['p99_ms']} ms over {result['frames']} frames\n"
        f"with Expert bots thinking in the background: median {result['p50_ms_bot_thinking']} ms, "
        f"p99 {result['p99_ms_bot_thinking']} ms over {result['frames_bot_thinking']} frames\n"
        f"start-up to the first drawn table: {result['startup_s']} s, to the main menu: "
        f"{result['startup_menu_s']} s (medians of 5)\n"
        f"longest gap between frames as a game starts, at 60 fps: median {result['game_start_gap_ms']} ms, "
        f"worst {result['game_start_gap_max_ms']} ms (the first game of 5 programs)"
    )
