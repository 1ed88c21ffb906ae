"""The window and its loop: read input, let the scenes react, advance time, draw, flip.

The app also connects the screens: the main menu first, the table, the menus above it. The
player's files (settings, statistics, the saved game) belong to the controller's ``Session``:
the table's actions flow through it to the disk, and the app only shows its sentences.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import __version__
from ..controller.bot_runner import BotRunner, InlineRunner, ProcessRunner, SharedRunner
from ..controller.session import Session
from ..controller.table import BotFailed, CoverShown, TableController
from ..controller.table_model import TableModel
from ..engine import Game, GameOver, HandScored, Ruleset
from ..net.link import DEFAULT_PORT
from ..persistence import FolderInUse, NewGameSetup, SavedGame, Seat, Settings, UnusableFolder
from ..persistence.seats import DEFAULT_NAMES, default_seats
from ..resources import DamagedAsset, MissingAsset, asset_path
from ..words import Pace, SeatKind
from . import startup, theme, window
from .card_art import CardArt
from .intents import InputReader, Intent, KeyPress, QuitRequested, Resized
from .menus import (
    ConfirmScene,
    DifficultyScene,
    GameMenuScene,
    MainMenuScene,
    QuitQuestion,
    continue_summary,
    replace_question,
)
from .network_access import NetworkAccess, RealNetwork
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
from .toast import Toasts

# The screens a first frame does not show, and the coach, are imported where they open: the
# program draws its first table or menu without them (start-up, issue 20).
if TYPE_CHECKING:
    from ..coach.review import CoachBudget
    from ..net.client import ClientTable
    from .network_scenes import NetworkGame

DEFAULT_SIZE = (1280, 800)
MAX_FRAME_SECONDS = 0.1
FRAME_TIMES_KEPT = 10_000
"""Frame times kept for the frames benchmark: almost three minutes at 60 fps, a whole hand.
Only the latest are kept; a list grew by a float every frame (7 MB an hour)."""


@dataclass
class AppOptions:
    seed: int | None = None
    """Deal every new game from this seed (testing); otherwise a random one."""
    pace: Pace | None = None
    """For a scripted game; a player's game uses the pace of the settings."""
    size: tuple[int, int] = DEFAULT_SIZE
    rules: Ruleset | None = None
    """For a scripted game; a player's game uses the New game dialog's rules."""
    seats: tuple[Seat, ...] | None = None
    """Given: a scripted game of these seats starts at once, with no menu, and nothing is read
    from or written to the player's files (benchmarks)."""
    smoke: bool = False
    """A scripted game of computers only, no animations, exiting at its end (checks a build)."""
    fps: int = 60
    max_seconds: float | None = None
    data_dir: Path | None = None
    bot_runner: Callable[[], BotRunner] = ProcessRunner
    """Makes each game's bot runner: a worker process (the local games' shared one is held
    until the frame showing the table is on screen); tests and benchmarks inject another
    (``InlineRunner``, or the fuzzer's hurried one)."""
    exit_after_first_frame: bool = False
    ui_log: Path | None = None
    """Write what the window shows, frame by frame, to this file (end-to-end tests)."""
    net_interface: str = "0.0.0.0"
    """Network play listens and looks for tables on this address (tests: loopback only)."""
    net_port: int = DEFAULT_PORT
    player_name: str | None = None
    """The name to host or join with (``--name``); else the New game dialog's, or the user's."""
    network: NetworkAccess = dataclasses.field(default_factory=RealNetwork)
    """How network play reaches other computers (the UI fuzzer gives one where nobody answers)."""

    @property
    def scripted(self) -> bool:
        return self.smoke or self.seats is not None


def hand_restarted(game: Game) -> Game:
    """The same game at the start of its current hand: the same deal, nothing passed or played."""
    fresh = Game(game.rules, game.seed)
    for action in game.actions:
        if fresh.hand_index == game.hand_index:
            break
        fresh.apply(action)
    return fresh


def windowed(size: tuple[int, int]) -> pygame.Surface:
    """A resizable window that the player cannot make smaller than the table needs: the
    window itself refuses, rather than the table being drawn cut off."""
    surface = pygame.display.set_mode(window.laid_out(size), pygame.RESIZABLE)
    with warnings.catch_warnings():
        # pygame-ce warns that a display-module window should be drawn through Window; only
        # its minimum size is set here, the drawing stays with the display module.
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = window.SMALLEST
    return surface


class App:
    """Owns the window, the scene stack, the player's files and the frame loop."""

    controller: TableController
    """The game on this computer (a hosted table's too); a friend's window has none."""
    model: TableModel
    """What the table shows: ``controller``, or a network table."""
    table: TableScene
    network: NetworkGame | None = None

    def __init__(self, options: AppOptions) -> None:
        self.options = options
        self.running = True
        self.clock = pygame.time.Clock()
        self.input = InputReader()
        self.stack = SceneStack()
        self.toasts = Toasts()
        self.frame_times: deque[float] = deque(maxlen=FRAME_TIMES_KEPT)
        self.on_frame: Callable[[App], None] | None = None
        self.exit_code = 0
        self.playing = False
        """A table is open (``controller`` and ``table`` are the live game)."""
        self.hosted_save = False
        """The local table plays a hosted game on (Continue the network game): it, its
        rematch and its restarted hands are saved with the hosted games."""
        self.session = Session(None) if options.scripted else Session.open(options.data_dir)
        self.sounds = Sounds(enabled=False)
        self.windowed_size = options.size
        self._art: CardArt | None = None
        self._worker: SharedRunner | None = None
        self._frames = 0
        """Frames drawn so far."""
        self._worker_waits_for: int | None = None
        """The worker was made when this many frames were drawn, for a table not on screen
        yet: it and the coach start once a frame more is (``_start_worker``)."""
        self._coach_imports: threading.Thread | None = None
        """Imports the coach off the render loop; the coach starts once it has (``_start_coach``)."""

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else self.options.size

    # ------------------------------------------------------------------ window and loop

    def open_window(self) -> pygame.Surface:
        """Raises NoDisplay, MissingAsset or DamagedAsset: the program cannot be played."""
        startup.open_display()
        pygame.font.init()
        startup.check_assets()
        pygame.display.set_caption(f"Hearts Desktop {__version__}")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon", "hearts-desktop-256.png"))))
        except (MissingAsset, pygame.error):
            pass  # the window works without its icon
        if self.settings.fullscreen:
            return pygame.display.set_mode(pygame.display.get_desktop_sizes()[0], pygame.FULLSCREEN)
        return windowed(self.options.size)

    def start(self) -> None:
        """Open the window and the first screen: the main menu, or a scripted game."""
        self.open_window()
        self.sounds = Sounds(enabled=self.settings.sound and not self.options.smoke, volume=self.settings.volume)
        if self.options.scripted:
            seats = self.options.seats or default_seats((self.options.rules or Ruleset()).players)
            if self.options.smoke:
                seats = tuple(Seat(s.name, SeatKind.COMPUTER, s.level) for s in seats)
            self.start_game(Game(self.options.rules or Ruleset(), self._new_seed()), seats)
        else:
            self.show_main_menu()

    def run(self) -> int:
        self.start()
        started = time.perf_counter()
        while self.running and self.stack:
            dt = min(self.clock.tick(self.options.fps) / 1000.0, MAX_FRAME_SECONDS)
            self.step(dt, self.input.read())
            if self.options.exit_after_first_frame:
                break
            if self._art is not None:
                self._art.read_more()  # the table is on screen: the rest of the deck, a little a frame
            if self.on_frame is not None:
                self.on_frame(self)
            if self.options.max_seconds is not None and time.perf_counter() - started > self.options.max_seconds:
                self.exit_code = 3
                break
        self.shutdown()
        return self.exit_code

    def step(self, dt: float, intents: Sequence[Intent]) -> None:
        """One frame: input, time, drawing (tests and the soak benchmark call this with their
        own intents and time); how long it took goes into ``frame_times``."""
        started = time.perf_counter()
        self._start_coach()
        self._frame(dt, intents)
        self._frames += 1
        self._start_worker()  # after the flip: it costs the wait for the next frame, not a frame
        self.frame_times.append(time.perf_counter() - started)

    def _frame(self, dt: float, intents: Sequence[Intent]) -> None:
        for intent in intents:
            if isinstance(intent, QuitRequested):
                self.quit()
                if not self.running:
                    return
                continue
            if isinstance(intent, Resized):
                self._resize(intent.size)
            if isinstance(intent, KeyPress) and self._global_key(intent):
                continue
            self.stack.handle(intent)
        self.stack.update(dt)
        self.session.update()
        self._notice_network_end()
        self._notice_seat_request()
        self.toasts.update(dt)
        for message in self.session.take_messages():
            self.toasts.say(message)
        surface = pygame.display.get_surface()
        assert surface is not None, "step() draws into the window that start() opened"
        self.stack.draw(surface)
        self.toasts.draw(surface)
        pygame.display.flip()

    def _global_key(self, intent: KeyPress) -> bool:
        """F11 anywhere; F2 and ? where no text is being typed (the table, the main menu)."""
        if intent.key == pygame.K_F11:
            self.apply_settings(self.settings.replace(fullscreen=not self.settings.fullscreen))
            return True
        if not isinstance(self.stack.top, (TableScene, MainMenuScene)):
            return False
        if intent.key == pygame.K_F2:
            self.open_new_game()
            return True
        if intent.text == "?" or intent.key == pygame.K_F1:
            self.open_help()
            return True
        return False

    def _resize(self, size: tuple[int, int]) -> None:
        self.stack.resize(window.laid_out(size))

    def _set_fullscreen(self, on: bool) -> None:
        if on:
            self.windowed_size = self.size
            pygame.display.set_mode(pygame.display.get_desktop_sizes()[0], pygame.FULLSCREEN)
        else:
            windowed(self.windowed_size)
        self._resize(self.size)

    def shutdown(self) -> None:
        self._end_game()
        self.session.close()
        if self._worker is not None:
            self._worker.close()
        unsaved = self.session.take_messages()  # the window is closing: said in a box instead
        theme.clear_caches()
        pygame.quit()
        if unsaved:
            alert("\n".join(unsaved))

    # ------------------------------------------------------------------ games

    def art(self) -> CardArt:
        """The card art of the settings' deck and back, made once per change."""
        if self._art is None:
            self._art = CardArt(self.settings.deck, self.settings.card_back)
        return self._art

    def _new_seed(self) -> int:
        return self.options.seed if self.options.seed is not None else int.from_bytes(os.urandom(4), "big")

    def start_game(self, game: Game, seats: Sequence[Seat], resumes: bool = False, hosted: bool = False) -> None:
        """Put ``game`` on the table, replacing every screen; ``resumes``: the saved game
        played on (it saves over the save at once, where a new game waits for a first move);
        ``hosted``: a network table's game played on here, saved with the hosted games."""
        self._end_game()
        options = self.options
        pace = options.pace if options.scripted and options.pace else self.settings.pace
        runner = self._bots()
        self.controller = self.session.start_table(game, seats, runner, pace, auto_continue=options.smoke,
                                                   resumes=resumes, hosted=hosted)
        self.hosted_save = hosted
        self._show_table(self.controller, SmokeOverlays(self) if options.smoke else AppOverlays(self))

    def _bots(self) -> BotRunner:
        """The local game's share of the bots' worker. One worker serves every local game of
        the session and the coach's background reviews, which go on from one game into the
        next (a rematch does not stop the last hand's review); it ends when the program does."""
        if self._worker is None:
            make = self.options.bot_runner
            # held: its imports would take a core from the table's first frame (_start_worker)
            self._worker = SharedRunner(ProcessRunner.held() if make is ProcessRunner else make())
            self._worker_waits_for = self._frames
        return self._worker.client()

    def _start_worker(self) -> None:
        """Once the frame that first showed the table is on screen: the worker (the jobs
        asked for meanwhile waited in its runner), and the coach's imports in a thread.
        Started before it, the worker's imports took a core from that frame and the coach's
        imports delayed it; done in the frame after it, they made that frame 22-42 ms
        (start-up, issue 20)."""
        if self._worker is None or self._worker_waits_for is None or self._frames <= self._worker_waits_for:
            return
        self._worker_waits_for = None
        if isinstance(self._worker.runner, ProcessRunner):
            self._worker.runner.start()
        self._coach_imports = threading.Thread(target=import_module, args=("..controller.accuracy", __package__),
                                               name="coach-imports", daemon=True)
        self._coach_imports.start()
        if isinstance(self._worker.runner, InlineRunner):
            # Everything thinks in the render loop here (tests, the fuzzer): the coach starts
            # in the next frame, not whenever the thread happens to finish, so that a run
            # replays the same under any load.
            self._coach_imports.join()

    def _start_coach(self) -> None:
        """The coach, once its modules are imported (they run while the render loop waits
        for the next frame, so no frame waits for them)."""
        if self._coach_imports is None or self._coach_imports.is_alive():
            return
        self._coach_imports = None
        assert self._worker is not None, "the coach's imports start with the worker"
        self.session.start_coach(self._worker.client, self._review_budget())

    def _review_budget(self) -> CoachBudget:
        """A runner that thinks in the render loop (tests, the fuzzer) gets a token review, or
        the window would stall for the whole review."""
        from ..coach.review import DEFAULT_BUDGET
        from ..controller.review import INLINE_REVIEW

        inline = self._worker is not None and isinstance(self._worker.runner, InlineRunner)
        return INLINE_REVIEW if inline else DEFAULT_BUDGET

    def _show_table(self, model: TableModel, overlays: TableOverlays) -> None:
        self.model = model
        smoke = self.options.smoke
        self.table = TableScene(model, self.art(), self.sounds, self.size,
                                animations=self.settings.animations and not smoke,
                                large_cards=self.settings.large_cards, overlays=overlays)
        self.table.keyboard.confirm_play = self.settings.confirm_play
        self.playing = True
        self.stack.replace_all(self.table)

    def _end_game(self) -> None:
        if self.playing:
            if self.network is not None:
                self.network.close()  # the host tells the friends why; a friend leaves its seat
            else:
                self.controller.close()
            self.playing = False
        self.network = None

    def start_new_game(self, setup: NewGameSetup, pace: Pace) -> None:
        """The New game dialog's Start: remember the setup and deal (the saved game stays
        until the first move in this one)."""
        self.apply_settings(self.settings.replace(new_game=setup, pace=pace))
        self.start_game(Game(setup.rules, self._new_seed()), setup.seats)

    def _ask_before_replacing(self, saved: SavedGame | None, go_on: Callable[[], None], yes: str) -> None:
        """``go_on`` at once where nothing is saved, else once the player said to replace it."""
        if saved is None:
            go_on()
            return
        self.stack.push(ConfirmScene(self.size, replace_question(saved), yes, go_on))

    def rematch(self) -> None:
        """Another game with the same seats and rules, and a fresh deal."""
        if self.network is not None:
            self._network_rematch(self.network)
            return
        game, seats = self.controller.game, tuple(self.controller.seats)
        self.start_game(Game(game.rules, self._new_seed()), seats, hosted=self.hosted_save)

    def continue_game(self) -> None:
        saved = self.session.saved
        if saved is not None:
            self.start_game(saved.game.copy(), saved.seats, resumes=True)

    def continue_network_game(self) -> None:
        """The last hosted game, played on here with computers in the friends' seats."""
        saved = self.session.saved_network
        if saved is not None:
            self.start_game(saved.game.copy(), saved.seats, resumes=True, hosted=True)

    def can_restart_hand(self) -> bool:
        if not self.playing or self.network is not None or self.controller.game.over or self.controller.awaiting_continue:
            return False
        return len(hand_restarted(self.controller.game).actions) < len(self.controller.game.actions)

    def restart_hand(self) -> None:
        if self.can_restart_hand():
            self.start_game(hand_restarted(self.controller.game), tuple(self.controller.seats),
                            resumes=self.session.saves(self.controller), hosted=self.hosted_save)
            self._save_now()

    def _save_now(self) -> None:
        """Save the game on the table as it is now (a restarted hand, a changed difficulty),
        where its own table saves it: with the local or the hosted games."""
        if self.controller.on_change is not None:
            self.controller.on_change(self.controller)

    # ------------------------------------------------------------------ the coach

    def review_buttons(self, table: TableScene, hand_index: int, label: str = "Review hand"
                       ) -> list[tuple[str, Callable[[], None]]]:
        """Buttons opening the coach's review at ``hand_index`` (the other finished hands a
        step away): one for a lone player (at home or at a network table), one per person in
        hot-seat (each review behind a cover); none before any hand."""
        if hand_index < 0:
            return []
        people = table.controller.human_seats()
        if len(people) == 1:
            return [(label, self._review_action(table, hand_index, people[0], covered=False))]
        return [(f"Review: {table.controller.seats[seat].name}", self._review_action(table, hand_index, seat, covered=True))
                for seat in people]

    def _review_action(self, table: TableScene, hand_index: int, seat: int, covered: bool) -> Callable[[], None]:
        return lambda: self.open_review(table, hand_index, seat, covered)

    def open_review(self, table: TableScene, hand_index: int, seat: int, covered: bool) -> None:
        """The coach's review of ``seat``'s decisions in a finished hand, computed by the bots'
        worker ahead of the background reviews (a hand the background coach finishes first
        is taken from it); every hand of this review shares one client of the worker. A
        friend at a network table, who holds no game, is reviewed from the views the host
        sent for each of their decisions."""
        from ..controller.review import HandReviewer
        from .review_scene import ReviewScene

        model = table.controller
        runner = self._bots()
        budget = self._review_budget()
        job_ids = count(1).__next__  # one numbering for every hand: no answer is taken for another's
        cache = self.session.reviews
        friend: ClientTable | None = None
        if self.network is not None and not self.network.hosting:  # never imported for a local review
            from ..net.client import ClientTable

            assert isinstance(self.network.model, ClientTable)
            friend = self.network.model

        def reviewer(hand: int, all_cards: bool = False) -> HandReviewer:
            if friend is not None:
                return HandReviewer.of_seen(runner, friend.decisions(hand), hand, seat, cache, budget=budget,
                                            job_ids=job_ids)
            game = self.controller.game
            return HandReviewer.of_game(runner, game.rules, game.seed, game.actions, hand, seat, cache,
                                        budget=budget, job_ids=job_ids, all_cards=all_cards)

        names = [s.name for s in model.seats]
        self.stack.push(ReviewScene(self.size, reviewer(hand_index), names, table.art.face,
                                    cover_for=names[seat] if covered else None,
                                    hands=len(model.results), open_hand=reviewer,
                                    # a friend's computer never knew the others' hands
                                    all_cards=None if friend is not None else partial(reviewer, all_cards=True)))

    # ------------------------------------------------------------------ screens

    def show_main_menu(self) -> None:
        self._end_game()
        self.stack.replace_all(MainMenuScene(self.size, self, continue_summary(self.session.saved),
                                             continue_summary(self.session.saved_network, "Saved network game")))

    def quit_to_menu(self) -> None:
        self.show_main_menu()

    def quit(self) -> None:
        """Close the program; with friends playing at the table hosted here, once the host
        said so (closing the window asks too, and closing it again while asked quits)."""
        friends = self._friends_seated()
        if not friends or isinstance(self.stack.top, QuitQuestion):
            self.running = False
            return
        self.stack.push(QuitQuestion(self.size, f"{friends} playing at your table. Quitting closes the "
                                                "table for them, in the middle of the game.", "Quit", self._quit_now))

    def _quit_now(self) -> None:
        self.running = False

    def _friends_seated(self) -> str:
        """Who is playing at the table hosted here ("Bo and Cy are"), or "" when no one is."""
        from ..net.host import HostTable

        host = self.network.model if self.playing and self.network is not None else None
        if not isinstance(host, HostTable) or host.over:
            return ""
        names = [state.seat.name for state in host.table if state.remote and state.conn_id is not None]
        if not names:
            return ""
        return (" and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]) + (
            " is" if len(names) == 1 else " are")

    def open_new_game(self) -> None:
        from .new_game import NewGameScene

        def start(setup: NewGameSetup, pace: Pace) -> None:
            self._ask_before_replacing(self.session.saved, lambda: self.start_new_game(setup, pace),
                                       "Start the new game")

        self.stack.push(NewGameScene(self.size, self.settings.new_game, self.settings.pace, start))

    def open_settings(self) -> None:
        from .settings_scene import SettingsScene

        self.stack.push(SettingsScene(self.size, self.settings, self.apply_settings, self.art))

    def open_statistics(self) -> None:
        from .stats_scene import StatisticsScene

        self.stack.push(StatisticsScene(self.size, self.session.statistics, self.settings.new_game.player_name,
                                        self.session.reset_statistics))

    def open_rules(self) -> None:
        from .info_scenes import rules_scene

        rules = self.model.rules if self.playing else self.settings.new_game.rules
        self.stack.push(rules_scene(self.size, rules, in_game=self.playing))

    def open_help(self) -> None:
        from .info_scenes import help_scene

        self.stack.push(help_scene(self.size))

    def open_difficulty(self) -> None:
        if self.playing and (self.network is None or self.network.hosting):
            levels = self.network.model if self.network is not None else self.controller
            self.stack.push(DifficultyScene(self.size, levels,  # type: ignore[arg-type]
                                            self._save_now))

    # ------------------------------------------------------------------ network play

    def open_network(self) -> None:
        from .network_scenes import NetworkMenuScene

        self.stack.push(NetworkMenuScene(self.size, self.open_host_setup, self.open_join))

    def open_host_setup(self) -> None:
        from .new_game import NewGameScene

        def host(setup: NewGameSetup, pace: Pace) -> None:
            self._ask_before_replacing(self.session.saved_network, lambda: self.host_table(setup, pace),
                                       "Open the table")

        self.stack.push(NewGameScene(self.size, self.settings.new_game, self.settings.pace, host, network=True))

    def _discovery_interfaces(self) -> list[str] | None:
        interface = self.options.net_interface
        return None if interface in ("0.0.0.0", "") else [interface]

    def host_table(self, setup: NewGameSetup, pace: Pace) -> None:
        """Open a table on the network for ``setup``: listen, advertise, show the lobby."""
        from ..net.code import new_code
        from ..net.host import HostTable
        from .network_scenes import HostLobbyScene, NetworkGame

        self.apply_settings(self.settings.replace(pace=pace))
        network = self.options.network
        try:
            link, port = network.listen(self.options.net_interface, self.options.net_port)
        except OSError as error:
            self.toasts.say(f"Could not open a table on port {self.options.net_port}: {error.strerror or error}.")
            return
        runner = self.options.bot_runner
        seats = list(setup.seats)
        if seats[0].name == DEFAULT_NAMES[0] or self.options.player_name:  # friends would see "You" for someone else
            taken = [s.name.casefold() for s in seats[1:]]
            name = self._network_name()
            seats[0] = dataclasses.replace(seats[0], name=name if name.casefold() not in taken else "Host")
        host = HostTable(Game(setup.rules, self._new_seed()), seats, runner, code=new_code(),
                         host_name=seats[0].name, pace=pace, on_change=self.session.hosted_game_changed,
                         link=link, clock=network.clock)
        game = NetworkGame(host)
        note = ""
        try:
            interfaces = self._discovery_interfaces()
            game.advertiser = network.advertise(seats[0].name, port, len(host.open_seats()), interfaces)
            addresses = [f"{a}:{port}" for a in (interfaces or network.addresses())]
        except OSError:
            addresses = []
            note = "This network does not allow tables to be found: friends join by address."
        self._end_game()
        self.stack.replace_all(HostLobbyScene(self.size, game, addresses, note,
                                              on_start=lambda: self._start_hosted(game),
                                              on_cancel=lambda: self._cancel_network(game)))

    def _start_hosted(self, game: NetworkGame) -> None:
        from ..net.host import HostTable

        host = game.model
        assert isinstance(host, HostTable)
        host.start()
        assert host.controller is not None
        self.controller = host.controller
        self.network = game
        self._show_table(host, AppOverlays(self))

    def _network_rematch(self, game: NetworkGame) -> None:
        from ..net.host import HostTable

        if isinstance(game.model, HostTable):
            game.model.rematch(self._new_seed())
            assert game.model.controller is not None
            self.controller = game.model.controller

    def _cancel_network(self, game: NetworkGame) -> None:
        game.close()
        self.show_main_menu()

    def open_join(self) -> None:
        from ..net.discovery import Browser
        from .network_scenes import JoinScene

        browser: Browser | None = None
        note = ""
        try:
            browser = self.options.network.browse(self._discovery_interfaces())
        except OSError:
            note = "This network does not allow tables to be found: type the host's address."
        self.stack.push(JoinScene(self.size, self._network_name(), browser, note, self.join_table))

    def _network_name(self) -> str:
        """The name a friend joins with: theirs from the New game dialog, unless still "You"."""
        from ..net.cli import default_name

        name = self.options.player_name or self.settings.new_game.player_name
        return default_name() if name == DEFAULT_NAMES[0] else name

    def join_table(self, name: str, code: str, address: str, chosen: object) -> str | None:
        """Knock at a table; the problem in one sentence when the form is not right."""
        from ..net.client import ClientTable
        from .network_scenes import JoiningScene, JoinScene, NetworkGame, join_target

        scene = self.stack.top
        heard = scene.tables if isinstance(scene, JoinScene) else []
        target = join_target(code, address, chosen, heard)  # type: ignore[arg-type]
        if isinstance(target, str):
            return target
        room, host_address, port = target
        name = name or self._network_name()
        if not name.isprintable():
            return "Choose a name made of letters and digits."
        runner = self.options.bot_runner()
        network = self.options.network
        client = ClientTable(name, room, lambda: network.connect(host_address, port), runner=runner,
                             clock=network.clock)
        game = NetworkGame(client)
        self.stack.push(JoiningScene(self.size, client, f"{host_address}:{port}",
                                     on_playing=lambda: self._start_joined(game),
                                     on_back=lambda: self._cancel_network(game)))
        return None

    def _start_joined(self, game: NetworkGame) -> None:
        self._end_game()
        self.network = game
        self._show_table(game.model, AppOverlays(self))

    def _notice_network_end(self) -> None:
        """A friend's table ended (the host left): say why once, over the table."""
        game = self.network
        if game is None or game.closed_shown:
            return
        reason = game.ended()
        if reason is not None:
            from .network_scenes import TableClosedScene

            game.closed_shown = True
            self.stack.push(TableClosedScene(self.size, reason, self.show_main_menu))

    def _notice_seat_request(self) -> None:
        """Someone asks the host for a friend's seat: Friends' seats opens for the answer."""
        if self.network is not None and self.network.new_request():
            self.open_table_seats()

    def open_table_seats(self) -> None:
        from .network_scenes import HostSeatsScene

        if self.network is not None and self.network.hosting and not isinstance(self.stack.top, HostSeatsScene):
            self.stack.push(HostSeatsScene(self.size, self.network))

    # ------------------------------------------------------------------ settings

    def apply_settings(self, settings: Settings) -> None:
        """Save the settings and apply them at once to everything on screen."""
        old = self.settings
        self.session.change_settings(settings)
        if (settings.deck, settings.card_back) != (old.deck, old.card_back):
            self._art = None
        self.sounds.set(settings.sound, settings.volume)
        if settings.sound and (settings.sound, settings.volume) != (old.sound, old.volume):
            self.sounds.play("card_play")
        if settings.fullscreen != old.fullscreen:
            self._set_fullscreen(settings.fullscreen)
        if self.playing:
            table = self.table
            if self.network is None or self.network.hosting:
                self.model.pace = settings.pace  # a friend's table keeps the host's pace
            table.art = self.art()
            table.motion.animations = settings.animations
            table.keyboard.confirm_play = settings.confirm_play
            if settings.large_cards != table.large_cards:
                table.large_cards = settings.large_cards
                table.resize(table.size)


class AppOverlays(TableOverlays):
    """The real screens above the table."""

    def __init__(self, app: App) -> None:
        self.app = app

    def _push(self, scene: Scene) -> None:
        self.app.stack.push(scene)

    def hand_scored(self, table: TableScene, event: HandScored) -> None:
        self._push(HandScoreScene(table.size, table.controller, event, table.art.face,
                                  table.controller.continue_after_hand,
                                  reviews=self.app.review_buttons(table, event.hand_index)))

    def game_over(self, table: TableScene, event: GameOver) -> None:
        network = self.app.network
        last = len(table.controller.results) - 1
        reviews = self.app.review_buttons(table, last, "Review hands")
        if network is not None and not network.hosting:
            self._push(GameOverScene(table.size, table.controller, event, on_new_game=None,
                                     on_rematch=None, on_leave=self.app.show_main_menu, reviews=reviews))
            return
        self._push(GameOverScene(table.size, table.controller, event, on_new_game=self.app.open_new_game,
                                 on_rematch=self.app.rematch, on_leave=self.app.show_main_menu,
                                 on_quit=self.app.quit,
                                 # hot-seat: each person's review is offered by each hand's summary
                                 reviews=reviews if len(reviews) == 1 else []))

    def moon_choice(self, table: TableScene, seat: int) -> None:
        self._push(MoonChoiceScene(table.size, table.controller))

    def cover(self, table: TableScene, event: CoverShown) -> None:
        self._push(CoverScene(table.size, table.controller, event))

    def last_trick(self, table: TableScene) -> None:
        if table.controller.view().tricks:
            self._push(LastTrickScene(table.size, table.controller, lambda: table.layout, table.art.face))

    def scores(self, table: TableScene) -> None:
        finished = len(table.controller.results) - 1
        self._push(ScoreHistoryScene(table.size, table.controller,
                                     reviews=self.app.review_buttons(table, finished, "Review hands")))

    def menu(self, table: TableScene) -> None:
        network = self.app.network
        has_computers = any(seat.kind == SeatKind.COMPUTER for seat in table.controller.seats)
        if network is not None:
            has_computers = has_computers and network.hosting
        seats = self.app.open_table_seats if network is not None and network.hosting else None
        self._push(GameMenuScene(table.size, self.app, has_computers, network=network is not None, on_seats=seats))


class SmokeOverlays(TableOverlays):
    """For --smoke: no screens to read, the game plays itself and the program exits."""

    def __init__(self, app: App) -> None:
        self.app = app

    def game_over(self, table: TableScene, event: object) -> None:
        self.app.running = False

    def bot_failed(self, table: TableScene, event: BotFailed) -> None:
        """A smoke game checks a build: a failing bot must fail it, not be papered over."""
        raise RuntimeError(f"the computer player in seat {event.seat} failed:\n{event.details}")


def run(options: AppOptions) -> int:
    try:
        if options.ui_log is None:
            return App(options).run()
        from .ui_log import UiLog

        with UiLog(options.ui_log) as log:
            app = App(options)
            app.on_frame = log.observe
            code = app.run()
            log.write({"event": "exit", "code": code})
            return code
    except startup.NoDisplay as error:
        print(error, file=sys.stderr)
        return 2
    except (MissingAsset, DamagedAsset) as error:
        alert(str(error))
        return 2
    except (FolderInUse, UnusableFolder) as error:
        alert(str(error))
        return 1


def alert(sentence: str) -> None:
    """Say ``sentence`` on stderr and, where there is a screen, in the system's message box,
    or where that cannot be shown (no ``zenity`` on a Linux desktop), in a window of our own:
    a double-clicked program has no terminal to read."""
    print(sentence, file=sys.stderr, flush=True)
    if any(driver in startup.INVISIBLE_DRIVERS for driver in startup.asked_drivers()):
        return  # tests and build checks: a box would wait for a click on a screen nobody watches
    try:
        pygame.display.message_box("Hearts Desktop", sentence, message_type="error")
    except pygame.error:
        from .message_window import show_message

        try:
            show_message("Hearts Desktop", sentence)
        except pygame.error:
            pass  # no display at all: stderr said it
