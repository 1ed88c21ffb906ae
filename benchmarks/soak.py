"""Memory over a long session: does the program's resident memory stop growing?

Two runs in one process. First an hour of frames of the real app, simulated at full speed
(each frame is told 1/60 s passed; the wall clock is not waited for) under SDL's dummy
driver: a person played by an autopilot against three Medium computers in the bot worker
process, animations on, games started, scored and rematched, autosaving as a player's
game does. Then games of ``--autoplay`` (computers only, saving after every move).

Each reports the growth of the resident set after a warm-up (caches filled, the first
games played) to the end; the bar is 5 MB for each. A steady leak shows as growth that
goes on past the warm-up: the window once kept every frame's time, 7 MB an hour.
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hearts_desktop.words import Level, Pace, SeatKind

FRAME = 1 / 60
BAR_MB = 5.0
MB = 2**20


def rss_bytes() -> int:
    """Resident memory now on Linux; elsewhere (macOS) the peak so far, an upper bound."""
    gc.collect()
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


@dataclass
class Trace:
    """Resident memory sampled through one run; growth counts from the end of the warm-up."""

    name: str
    unit: str
    samples: list[tuple[int, int]] = field(default_factory=list)
    """(units done, bytes resident)."""
    warm_at: int = 0
    seconds: float = 0.0

    def sample(self, done: int) -> None:
        self.samples.append((done, rss_bytes()))

    @property
    def growth_mb(self) -> float:
        warm = next(rss for done, rss in self.samples if done >= self.warm_at)
        return (self.samples[-1][1] - warm) / MB

    def report(self) -> str:
        points = ", ".join(f"{done:,}: {rss / MB:.1f}" for done, rss in self.samples)
        verdict = "within" if self.growth_mb <= BAR_MB else "OVER"
        return (f"{self.name}: {self.samples[-1][0]:,} {self.unit} in {self.seconds:.0f} s; resident MB by "
                f"{self.unit}: {points}\n  growth after the warm-up ({self.warm_at:,} {self.unit}): "
                f"{self.growth_mb:+.2f} MB, {verdict} the {BAR_MB:.0f} MB bar")


def soak_window(data_dir: Path, minutes: float, warm_minutes: float, samples: int = 12) -> Trace:
    """Frames of the real app for ``minutes`` of simulated time, a person at seat 0."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from hearts_desktop.engine import Ruleset
    from hearts_desktop.persistence import NewGameSetup, Seat, Settings, save_settings
    from hearts_desktop.persistence.paths import DataPaths
    from hearts_desktop.ui.app import App, AppOptions
    from hearts_desktop.ui.intents import KeyPress
    from hearts_desktop.ui.menus import MainMenuScene
    from hearts_desktop.ui.table_scene import TableScene

    from .app_state import controller_of, table_of
    from .persistence import act_for_the_person

    seats = (Seat("Anna", SeatKind.HUMAN),) + tuple(Seat(name, SeatKind.COMPUTER, Level.MEDIUM) for name in ("Bo", "Cy", "Di"))
    save_settings(DataPaths.resolve(data_dir).settings,
                  Settings(pace=Pace.QUICK, animations=True, sound=False,
                           new_game=NewGameSetup.of(seats, Ruleset(target=50))))
    app = App(AppOptions(data_dir=data_dir, seed=1))
    app.start()
    frames = round(minutes * 60 / FRAME)
    trace = Trace("window", "frames", warm_at=round(warm_minutes * 60 / FRAME))
    every = max(1, frames // samples)
    started = time.perf_counter()
    for frame in range(frames):
        top = app.stack.top
        if isinstance(top, MainMenuScene):
            app.start_new_game(app.settings.new_game, app.settings.pace)
        elif (app.play is not None) and isinstance(top, TableScene):
            if controller_of(app).active_human() == controller_of(app).viewer and not table_of(app).busy:
                act_for_the_person(table_of(app))
        elif (app.play is not None):
            app.stack.handle(KeyPress(pygame.K_RETURN, 0, ""))  # score screens, Rematch
        app.step(FRAME, ())
        pygame.event.get()  # as the real loop reads the queue every frame
        if frame % every == 0 or frame == trace.warm_at:
            trace.sample(frame)
    trace.sample(frames)
    trace.seconds = time.perf_counter() - started
    app.shutdown()
    return trace


def soak_autoplay(data_dir: Path, games: int, warm_games: int, samples: int = 10) -> Trace:
    """``--autoplay`` games in this process, saving after every move as it does."""
    from hearts_desktop.controller.autoplay import autoplay
    from hearts_desktop.persistence.paths import DataPaths

    trace = Trace("autoplay", "games", warm_at=warm_games)
    paths = DataPaths.resolve(data_dir)
    marks = sorted({warm_games, *range(0, games, max(1, games // samples)), games})
    done = 0
    started = time.perf_counter()
    with open(os.devnull, "w", encoding="utf-8") as quiet:
        for mark in marks:
            done += autoplay(paths, games=mark - done, seed=done, out=quiet)
            trace.sample(done)
    trace.seconds = time.perf_counter() - started
    return trace


def soak(minutes: float = 60, games: int = 1000, say: Callable[[str], None] = print) -> list[Trace]:
    """Both runs, each in a fresh data folder (a RAM disk where there is one: the figures are
    about memory, and a disk's fsync would only make the games slower)."""
    where = "/dev/shm" if os.path.isdir("/dev/shm") else None
    traces = []
    with tempfile.TemporaryDirectory(prefix="hearts-soak-", dir=where) as folder:
        if minutes > 0:
            traces.append(soak_window(Path(folder) / "window", minutes, warm_minutes=min(10, minutes / 4)))
            say(traces[-1].report())
        if games > 0:
            traces.append(soak_autoplay(Path(folder) / "autoplay", games, warm_games=max(1, games // 20)))
            say(traces[-1].report())
    return traces
