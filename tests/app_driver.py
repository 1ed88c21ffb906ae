"""The real app under the dummy video driver, driven frame by frame with intents."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from benchmarks.app_state import controller_of, table_of
from benchmarks.persistence import act_for_the_person
from hearts_desktop.controller.bot_runner import BotRunner, InlineRunner
from hearts_desktop.controller.table import TableController
from hearts_desktop.engine import Game, Ruleset
from hearts_desktop.persistence import NewGameSetup, Seat, Settings, save_settings
from hearts_desktop.persistence.paths import DataPaths
from hearts_desktop.play.network_access import NetworkAccess, RealNetwork
from hearts_desktop.play.services import Services
from hearts_desktop.ui.app import App, AppOptions
from hearts_desktop.ui.intents import Intent, KeyPress, PointerDown, PointerUp
from hearts_desktop.ui.overlays import CoverScene, Handover, HandScoreScene
from hearts_desktop.ui.review_scene import ReviewScene
from hearts_desktop.ui.scene import Scene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.words import Level, Pace, SeatKind

FRAME = 1 / 30
ONE_HUMAN = (Seat("Anna", SeatKind.HUMAN),) + tuple(Seat(n, SeatKind.COMPUTER, Level.EASY) for n in ("Bo", "Cy", "Di"))


def finished_game(seed: int = 3, target: int = 25) -> tuple[Game, tuple[Seat, ...]]:
    """A short game computers played to its end, and seats naming Anna as the person at seat 0."""
    bots = tuple(Seat(seat.name, SeatKind.COMPUTER, Level.EASY) for seat in ONE_HUMAN)
    controller = TableController(Game(Ruleset(target=target), seed), bots, InlineRunner(), Pace.INSTANT,
                                 auto_continue=True)
    while not controller.game.over:
        controller.update(0.0)
    return controller.game, ONE_HUMAN


def key(code: int, mod: int = 0, text: str = "") -> KeyPress:
    return KeyPress(code, mod, text)


class Driver:
    """One app with its own data folder; ``quick`` settings keep the walk short."""

    def __init__(self, data_dir: Path, seed: int = 5, quick: bool = True, settings: Settings | None = None,
                 size: tuple[int, int] = AppOptions.size, network: NetworkAccess | None = None,
                 bot_runner: Callable[[], BotRunner] = InlineRunner) -> None:
        if settings is None and quick:
            settings = Settings(pace=Pace.INSTANT, animations=False, sound=False)
        if settings is not None:
            save_settings(DataPaths.resolve(data_dir).settings, settings)
        self.data_dir = data_dir
        self.app = App(AppOptions(data_dir=data_dir, seed=seed, size=size,
                                  net_interface="127.0.0.1", net_port=0),  # network play on loopback only
                       Services(bot_runner=bot_runner, network=network or RealNetwork()))
        self.app.start()
        self.frame()

    @property
    def top(self) -> Scene | None:
        return self.app.stack.top

    @property
    def table(self) -> TableScene:
        return table_of(self.app)

    @property
    def controller(self) -> TableController:
        return controller_of(self.app)

    def frame(self, *intents: Intent) -> None:
        self.app.step(FRAME, intents)

    def keys(self, *codes: int) -> None:
        for code in codes:
            self.frame(key(code))

    def new_game(self, seats: Sequence[Seat] = ONE_HUMAN, rules: Ruleset | None = None) -> None:
        rules = rules or Ruleset()
        self.app.start_new_game(NewGameSetup.of(tuple(seats), rules), Pace.INSTANT)
        self.frame()

    def human_to_act(self) -> bool:
        if not isinstance(self.top, TableScene):
            return False
        model = self.table.controller  # a friend's table too, whose game is the host's
        return model.hand_face_up and not self.table.busy and model.active_human() == model.viewer

    def act_by_click(self) -> None:
        """The person makes a legal move the way a click does."""
        act_for_the_person(self.table)

    def handover(self) -> Handover:
        """The hot-seat cover on top (of the table or of a review)."""
        top = self.top
        handover = top.handover if isinstance(top, CoverScene | ReviewScene) else None
        assert handover is not None, f"no cover on top but {type(top).__name__}"
        return handover

    def lift_cover(self, *also: Intent) -> None:
        """The person named on the cover takes the computer: once the cover takes input,
        a click on its button (and ``also`` in the same frame)."""
        handover = self.handover()
        while not handover.ready:
            self.frame()
        point = handover.button.rect.center
        self.frame(PointerDown(point), PointerUp(point), *also)

    def play_through(self, done: Callable[[], bool], limit: int = 6000) -> None:
        """Play on until ``done``: moving for the people, reading score screens, lifting covers."""
        for _ in range(limit):
            if done():
                return
            if isinstance(self.top, CoverScene):
                self.lift_cover()
                continue
            if isinstance(self.top, HandScoreScene):
                self.frame(key(pygame.K_RETURN))
                continue
            if self.app.play is not None and self.human_to_act():
                self.act_by_click()
            self.frame()
        raise AssertionError("never happened")

    def close(self) -> None:
        self.app.shutdown()
