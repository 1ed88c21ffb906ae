"""The window and its loop: read input, let the scenes react, advance time, draw, flip."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from .. import __version__
from ..controller.bot_runner import BotRunner, InlineRunner, ProcessRunner
from ..controller.pace import Pace
from ..controller.table import TableController
from ..engine import Game, Ruleset
from ..persistence.seats import Seat, default_seats
from ..resources import MissingAsset, asset_path
from . import theme
from .card_art import CardArt
from .intents import QuitRequested, Resized, read_intents
from ..controller.table import CoverShown
from ..engine import GameOver, HandScored
from .overlays import (
    CoverScene,
    GameOverScene,
    HandScoreScene,
    LastTrickScene,
    MoonChoiceScene,
    ScoreHistoryScene,
)
from .scene import Scene, SceneStack
from .sound import Sounds
from .table_scene import TableOverlays, TableScene

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 800)
MAX_FRAME_SECONDS = 0.1


@dataclass
class AppOptions:
    seed: int | None = None
    pace: Pace = Pace.FRIENDLY
    size: tuple[int, int] = DEFAULT_SIZE
    rules: Ruleset = field(default_factory=Ruleset)
    seats: tuple[Seat, ...] | None = None
    smoke: bool = False
    fps: int = 60
    max_seconds: float | None = None
    data_dir: Path | None = None
    inline_bots: bool = False
    exit_after_first_frame: bool = False


class App:
    """Owns the window, the scene stack and the frame loop."""

    def __init__(self, options: AppOptions) -> None:
        self.options = options
        self.running = True
        self.clock = pygame.time.Clock()
        self.stack = SceneStack()
        self.frame_times: list[float] = []
        self.on_frame: Callable[[App], None] | None = None
        self.exit_code = 0

    def open_window(self) -> pygame.Surface:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"Hearts Desktop {__version__}")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon", "hearts-desktop-256.png"))))
        except (MissingAsset, pygame.error):
            pass  # the window works without its icon
        screen = pygame.display.set_mode(self.options.size, pygame.RESIZABLE)
        return screen

    def run(self) -> int:
        screen = self.open_window()
        self.start_game(screen.get_size())
        started = time.perf_counter()
        while self.running and self.stack:
            dt = min(self.clock.tick(self.options.fps) / 1000.0, MAX_FRAME_SECONDS)
            frame_start = time.perf_counter()
            for intent in read_intents():
                if isinstance(intent, QuitRequested):
                    self.running = False
                    break
                if isinstance(intent, Resized):
                    self._resize(intent.size)
                self.stack.handle(intent)
            self.stack.update(dt)
            surface = pygame.display.get_surface()
            self.stack.draw(surface)
            pygame.display.flip()
            self.frame_times.append(time.perf_counter() - frame_start)
            if self.options.exit_after_first_frame:
                break
            if self.on_frame is not None:
                self.on_frame(self)
            if self.options.max_seconds is not None and time.perf_counter() - started > self.options.max_seconds:
                self.exit_code = 3
                break
        self.shutdown()
        return self.exit_code

    def _resize(self, size: tuple[int, int]) -> None:
        size = (max(size[0], MIN_SIZE[0] // 2), max(size[1], MIN_SIZE[1] // 2))
        self.stack.resize(size)

    def start_game(self, size: tuple[int, int]) -> None:
        options = self.options
        seats = options.seats or default_seats(options.rules.players)
        if options.smoke:
            seats = tuple(Seat(s.name, "computer", s.level) for s in seats)
        seed = options.seed if options.seed is not None else int.from_bytes(os.urandom(4), "big")
        runner: BotRunner = InlineRunner() if options.inline_bots else ProcessRunner()
        self.controller = TableController(
            Game(options.rules, seed), seats, runner, options.pace, auto_continue=options.smoke
        )
        overlays = SmokeOverlays(self) if options.smoke else AppOverlays(self)
        self.art = CardArt()
        self.table = TableScene(self.controller, self.art, Sounds(enabled=not options.smoke), size,
                                animations=not options.smoke, overlays=overlays)
        self.stack.replace_all(self.table)

    def rematch(self) -> None:
        """Another game with the same seats and rules, and a fresh deal."""
        self.controller.close()
        self.options.seed = None
        self.start_game(pygame.display.get_surface().get_size())

    def shutdown(self) -> None:
        controller = getattr(self, "controller", None)
        if controller is not None:
            controller.close()
        theme.clear_caches()
        pygame.quit()


class AppOverlays(TableOverlays):
    """The real screens above the table."""

    def __init__(self, app: App) -> None:
        self.app = app

    def _push(self, scene: Scene) -> None:
        self.app.stack.push(scene)

    def hand_scored(self, table: TableScene, event: HandScored) -> None:
        self._push(HandScoreScene(table.size, table.controller, event, table.art.face,
                                  table.controller.continue_after_hand))

    def game_over(self, table: TableScene, event: GameOver) -> None:
        self._push(GameOverScene(table.size, table.controller, event,
                                 on_new_game=self.app.rematch, on_rematch=self.app.rematch))

    def moon_choice(self, table: TableScene, seat: int) -> None:
        self._push(MoonChoiceScene(table.size, table.controller))

    def cover(self, table: TableScene, event: CoverShown) -> None:
        self._push(CoverScene(table.size, table.controller, event))

    def last_trick(self, table: TableScene) -> None:
        if table.controller.view().tricks:
            self._push(LastTrickScene(table.size, table.controller, table.layout.trick_rect, table.art.face))

    def scores(self, table: TableScene) -> None:
        self._push(ScoreHistoryScene(table.size, table.controller))


class SmokeOverlays(TableOverlays):
    """For --smoke: no screens to read, the game plays itself and the program exits."""

    def __init__(self, app: App) -> None:
        self.app = app

    def game_over(self, table: TableScene, event: object) -> None:
        self.app.running = False


def run(options: AppOptions) -> int:
    try:
        return App(options).run()
    except MissingAsset as error:
        print(error, file=sys.stderr)
        return 2
