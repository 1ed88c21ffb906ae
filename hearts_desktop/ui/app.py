"""The window and its loop: read input, let the scenes react, advance time, draw, flip.

The app also connects the screens: the main menu first, the table, the menus above it. The
game on the table is a ``Play`` (``hearts_desktop.play``): the app starts one, shows its table
and asks it what to offer; the table closes it on leaving the screen, so the app keeps no
record of which game is on. The player's files belong to the controller's ``Session``: the
table's actions flow through it to the disk, and the app only shows its sentences.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import __version__, language
from ..controller.session import Session
from ..engine import Game, Ruleset
from ..language import _
from ..net.link import DEFAULT_PORT
from ..persistence import FolderInUse, NewGameSetup, SavedGame, Seat, Settings, UnusableFolder, languages
from ..persistence.seats import default_seats, hot_seat_names
from ..play.base import PastDeal, Play, PlayContext
from ..play.local import DealAgainPlay, LocalPlay
from ..play.network import (
    ANY_INTERFACE,
    HostedPlay,
    JoinedPlay,
    NetworkPlace,
    look_for_tables,
    network_name,
    suggested_name,
)
from ..play.services import Services
from ..play.worker import BotWorker
from ..resources import DamagedAsset, MissingAsset, asset_path
from ..words import REJOIN_TABLE, Pace, SeatKind
from . import startup, theme, window
from .card_art import CardArt
from .game_screens import GameScreens, SmokeOverlays
from .intents import InputReader, Intent, KeyPress, QuitRequested, Resized
from .menus import (
    ConfirmScene,
    DifficultyScene,
    MainMenuScene,
    QuitQuestion,
    continue_summary,
    replace_question,
)
from .overlays import Overlay
from .pass_selection import HandOrder
from .scene import Scene, SceneStack
from .sound import Sounds
from .table_scene import TableOverlays, TableScene
from .toast import Toasts

# The screens a first frame does not show are imported where they open: the program draws
# its first table or menu without them (start-up, issue 20).
if TYPE_CHECKING:
    from ..net.discovery import TableAd

MAX_FRAME_SECONDS = 0.1
GAVE_UP = 3
"""The exit code of a run that went on past its ``RunLimits.max_seconds``."""


@dataclass(frozen=True)
class AppOptions:
    """What the person starting the program chose on its command line; everything else a
    player sets in the window, and the settings keep it."""

    seed: int | None = None
    """Deal every new game from this seed (testing); otherwise a random one."""
    size: tuple[int, int] = window.DEFAULT
    data_dir: Path | None = None
    player_name: str | None = None
    """The name to host or join with (``--name``); else the New game dialog's, or the user's."""
    net_interface: str = ANY_INTERFACE
    """Network play listens and looks for tables on this address (``--interface``)."""
    net_port: int = DEFAULT_PORT
    """A hosted table listens on this port (``--port``; 0: any free one)."""
    pace: Pace | None = None
    """The computers' pace (``--pace``): it replaces the saved one, as if chosen in Settings."""
    language: str | None = None
    """The language of this run (``--language``), over the saved one, which it leaves as it is."""


@dataclass(frozen=True)
class ScriptedGame:
    """A game that starts at once, with no menu, reading and writing none of the player's
    files: ``--smoke`` and the frames benchmark."""

    seats: tuple[Seat, ...]
    rules: Ruleset = field(default_factory=Ruleset)
    pace: Pace = Pace.INSTANT
    smoke: bool = False
    """Computers only, no animations or sounds, the hands' scores not waited for, and the
    program exits at the game's end (checks a build)."""

    @classmethod
    def smoke_check(cls, rules: Ruleset, pace: Pace) -> ScriptedGame:
        seats = tuple(Seat(seat.name, SeatKind.COMPUTER, seat.level) for seat in default_seats(rules.players))
        return cls(seats, rules, pace, smoke=True)


@dataclass(frozen=True)
class RunLimits:
    """How ``App.run`` paces and ends its loop; a player's window runs until it is closed."""

    fps: int = 60
    max_seconds: float | None = None
    """Give up (exit code ``GAVE_UP``) after this long (``--max-seconds``)."""
    frames: int | None = None
    """Stop after this many frames (``--exit-after-first-frame``: start-up checks)."""


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

    def __init__(self, options: AppOptions, services: Services | None = None,
                 script: ScriptedGame | None = None) -> None:
        self.options = options
        self.script = script
        self.running = True
        self.clock = pygame.time.Clock()
        self.input = InputReader()
        self.stack = SceneStack()
        self.toasts = Toasts()
        self.on_frame: Callable[[App], None] | None = None
        self.exit_code = 0
        self.session = Session(None) if script is not None else Session.open(options.data_dir)
        services = services or Services()
        self.worker = BotWorker(services.bot_runner)
        self.context = PlayContext(self.session, services, self.worker.client, self._new_seed)
        self.network_place = NetworkPlace(options.net_interface, options.net_port)
        self.sounds = Sounds(enabled=False)
        self.windowed_size = options.size
        self._art: CardArt | None = None
        self._stop_listening: Callable[[], None] = lambda: None

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else self.options.size

    @property
    def table(self) -> TableScene | None:
        """The table on the stack (under its overlays), if a game is on."""
        return self.stack.find(TableScene)

    @property
    def play(self) -> Play | None:
        """The game on the table: the screens say which, nothing else keeps it."""
        table = self.table
        return table.play if table is not None else None

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
        for sentence in languages.apply(self.options.language or self.settings.language):
            self.say(sentence)
        self.follow_language()
        self.open_window()
        if self.options.pace is not None and self.script is None:
            self.session.change_settings(self.settings.replace(pace=self.options.pace))
        smoke = self.script is not None and self.script.smoke
        self.sounds = Sounds(enabled=self.settings.sound and not smoke, volume=self.settings.volume)
        if self.script is None:
            self.show_main_menu()
            return
        script = self.script
        play = LocalPlay(self.context, Game(script.rules, self._new_seed()), script.seats, script.pace,
                         auto_continue=script.smoke)
        self._show(play, SmokeOverlays(self._quit_now) if smoke else GameScreens(self, play),
                   animations=self.settings.animations and not smoke)

    def run(self, limits: RunLimits | None = None) -> int:
        """Run frames until the player quits; whatever ends it, the player's files, the data
        folder's lock and the worker are let go before anything is said (a message box is
        drawn by a process SDL forks, which would hold them as long as it stays up)."""
        try:
            self._loop(limits or RunLimits())
        finally:
            self.shutdown()
        return self.exit_code

    def _loop(self, limits: RunLimits) -> None:
        self.start()
        started = time.perf_counter()
        frames = 0
        while self.running and self.stack:
            dt = min(self.clock.tick(limits.fps) / 1000.0, MAX_FRAME_SECONDS)
            self.step(dt, self.input.read())
            frames += 1
            if limits.frames is not None and frames >= limits.frames:
                break
            if self._art is not None:
                self._art.read_more()  # the table is on screen: the rest of the deck, a little a frame
            if self.on_frame is not None:
                self.on_frame(self)
            if limits.max_seconds is not None and time.perf_counter() - started > limits.max_seconds:
                self.exit_code = GAVE_UP
                break

    def step(self, dt: float, intents: Sequence[Intent]) -> None:
        """One frame: input, time, drawing (tests and the soak benchmark call this with their
        own intents and time)."""
        self.worker.start_coach(self.session)
        self._frame(dt, intents)
        self.worker.frame_drawn()  # after the flip: it costs the wait for the next frame, not a frame

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
        self._hear_play()
        self.toasts.update(dt)
        for message in self.session.take_messages():
            self.toasts.say(message)
        surface = pygame.display.get_surface()
        assert surface is not None, "step() draws into the window that start() opened"
        self.stack.draw(surface)
        self.toasts.draw(surface)
        pygame.display.flip()

    def _hear_play(self) -> None:
        """What the game on the table tells the window between moves: its end (a friend's
        table whose host left: said once, over the table), a friend asking for a seat
        (Friends' seats opens for the host's answer); and what the network hears of it."""
        play = self.play
        if play is None:
            return
        ending = play.take_ending()
        if ending is not None:
            from .network_scenes import TableClosedScene

            self.stack.push(TableClosedScene(self.size, ending, self.show_main_menu))
        if play.take_seat_request():
            self.open_table_seats()
        play.keep_up()

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
        self._stop_listening()
        self.stack.clear()  # every screen leaves, and the game on the table closes with its table
        self.session.close()
        self.worker.close()
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

    def show_play(self, play: Play) -> None:
        """Put ``play``'s table on screen, replacing every screen (a game shown before closes
        with its table)."""
        self._show(play, GameScreens(self, play), animations=self.settings.animations)

    def _show(self, play: Play, overlays: TableOverlays, animations: bool) -> None:
        table = TableScene(play.model, self.art(), self.sounds, self.size, animations=animations,
                           large_cards=self.settings.large_cards, overlays=overlays, play=play)
        self._apply_to_table(table, self.settings)
        self.stack.replace_all(table)

    def start_game(self, game: Game, seats: Sequence[Seat], resumes: bool = False, network_save: bool = False) -> None:
        """Play ``game`` here, against computers or hot-seat (``LocalPlay``)."""
        self.show_play(LocalPlay(self.context, game, seats, self.settings.pace, resumes=resumes,
                                 network_save=network_save))

    def start_new_game(self, setup: NewGameSetup, pace: Pace) -> None:
        """The New game dialog's Start: remember the setup and deal (the saved game stays
        until the first move in this one)."""
        setup = NewGameSetup(hot_seat_names(setup.seats), setup.preset, setup.rules)
        self.apply_settings(self.settings.replace(new_game=setup, pace=pace))
        self.start_game(Game(setup.rules, self._new_seed()), setup.seats)

    def _ask_before_replacing(self, saved: SavedGame | None, go_on: Callable[[], None], yes: str) -> None:
        """``go_on`` at once where nothing is saved, else once the player said to replace it."""
        if saved is None:
            go_on()
            return
        self.stack.push(ConfirmScene(self.size, replace_question(saved), yes, go_on))

    def rematch(self) -> None:
        """Another game with the same seats and rules, and a fresh deal: a new table, or the
        same table dealing again (its screens above it close)."""
        play, table = self.play, self.table
        if play is None or table is None:
            return
        again = play.rematch()
        if again is play:
            self.stack.clear_above(table)
        else:
            self.show_play(again)

    def play_deal(self, deal: PastDeal) -> None:
        """Play ``deal`` again (``DealAgainPlay``), in place of any game on the table: that one
        is saved after every move, so Continue finds it afterwards."""
        self.show_play(DealAgainPlay(self.context, deal, self.settings.pace))

    def continue_game(self) -> None:
        saved = self.session.saved
        if saved is not None:
            self.start_game(saved.game.copy(), saved.seats, resumes=True)

    def continue_network_game(self) -> None:
        """The last hosted game, played on here with computers in the friends' seats."""
        saved = self.session.saved_network
        if saved is not None:
            self.start_game(saved.game.copy(), saved.seats, resumes=True, network_save=True)

    def can_restart_hand(self) -> bool:
        return self.play is not None and self.play.can_restart_hand()

    def restart_hand(self) -> None:
        play = self.play
        if play is not None and play.can_restart_hand():
            self.show_play(play.restarted_hand())

    # ------------------------------------------------------------------ screens

    def show_main_menu(self) -> None:
        self.stack.replace_all(self._main_menu())

    def _main_menu(self) -> MainMenuScene:
        left = self.session.left_table
        return MainMenuScene(self.size, self, continue_summary(self.session.saved),
                             continue_summary(self.session.saved_network, network=True),
                             _(REJOIN_TABLE).format(host=left.host_name) if left is not None else None)

    def quit_to_menu(self) -> None:
        self.show_main_menu()

    def quit(self) -> None:
        """Close the program; in the middle of a game that asks first (friends playing at the
        table hosted here), once the host said so (closing the window asks too, and closing
        it again while asked quits)."""
        question = self.play.quit_question() if self.play is not None else None
        if question is None or isinstance(self.stack.top, QuitQuestion):
            self.running = False
            return
        self.stack.push(QuitQuestion(self.size, question, _("Quit"), self._quit_now))

    def _quit_now(self) -> None:
        self.running = False

    def open_new_game(self) -> None:
        from .new_game import NewGameScene

        def start(setup: NewGameSetup, pace: Pace) -> None:
            self._ask_before_replacing(self.session.saved, lambda: self.start_new_game(setup, pace),
                                       _("Start the new game"))

        self.stack.push(NewGameScene(self.size, self.settings.new_game, self.settings.pace, start))

    def open_settings(self) -> None:
        self.stack.push(self._settings_scene())

    def _settings_scene(self) -> Scene:
        from .settings_scene import SettingsScene

        return SettingsScene(self.size, self.settings, self.apply_settings, self.art)

    def follow_language(self) -> None:
        """From now on, a change of language reaches the open screens at once (``start``
        asks it; until ``shutdown``)."""
        self._stop_listening = language.when_changed(self._words_changed)

    def _words_changed(self) -> None:
        """The language changed: the menu and Settings, which hold their words, are built
        again in it (where they are, the focus kept); every other screen measures its words
        again, as they are looked up where drawn."""
        theme.forget_texts()
        rebuilt: dict[str, Callable[[], Scene]] = {"MainMenuScene": self._main_menu,
                                                   "SettingsScene": self._settings_scene}
        for scene in list(self.stack.scenes):
            build = rebuilt.get(type(scene).__name__)
            if build is None:
                scene.words_changed()
                continue
            new = build()
            self.stack.swap(scene, new)
            if isinstance(scene, Overlay) and isinstance(new, Overlay) and scene.focused in scene.focus_order():
                place = scene.focus_order().index(scene.focused)
                new.set_focus(new.focus_order()[min(place, len(new.focus_order()) - 1)])

    def open_statistics(self) -> None:
        from .history_scene import open_past_games
        from .stats_scene import StatisticsScene

        self.stack.push(StatisticsScene(self.size, self.session.statistics, self.settings.new_game.player_name,
                                        self.session.reset_statistics, lambda: open_past_games(self)))

    def say(self, sentence: str) -> None:
        """One sentence shown for a moment above every screen."""
        self.toasts.say(sentence)

    def open_rules(self) -> None:
        from .info_scenes import rules_scene

        play = self.play
        rules = play.model.rules if play is not None else self.settings.new_game.rules
        self.stack.push(rules_scene(self.size, rules, in_game=play is not None))

    def open_help(self) -> None:
        from .info_scenes import help_scene

        self.stack.push(help_scene(self.size))

    def open_difficulty(self) -> None:
        play = self.play
        levels = play.levels if play is not None else None
        if play is not None and levels is not None:
            self.stack.push(DifficultyScene(self.size, levels, play.save_now))

    # ------------------------------------------------------------------ network play

    def open_network(self) -> None:
        from .network_scenes import NetworkMenuScene

        self.stack.push(NetworkMenuScene(self.size, lambda: self.named_then(self.open_host_setup),
                                         lambda: self.named_then(self.open_join)))

    def named_then(self, go_on: Callable[[], None]) -> None:
        """``go_on`` (host or join) once the player has a name for network tables: the first
        time, asked (offering the last name typed here, never the login name), then kept."""
        if self.options.player_name or self.settings.network_name:
            go_on()
            return
        from .network_name import NetworkNameScene

        def chosen(name: str) -> None:
            self.apply_settings(self.settings.replace(network_name=name))
            go_on()

        self.stack.push(NetworkNameScene(self.size, suggested_name(self.settings.new_game), chosen))

    def open_host_setup(self) -> None:
        from .new_game import NewGameScene

        def host(setup: NewGameSetup, pace: Pace) -> None:
            self._ask_before_replacing(self.session.saved_network, lambda: self.host_table(setup, pace),
                                       _("Open the table"))

        setup = self.settings.new_game
        name = network_name(self.context, self.options.player_name)
        if name:  # the host's seat is offered with the name for network tables
            setup = NewGameSetup((dataclasses.replace(setup.seats[0], name=name), *setup.seats[1:]), setup.preset,
                                 setup.rules)
        self.stack.push(NewGameScene(self.size, setup, self.settings.pace, host, network=True))

    def host_table(self, setup: NewGameSetup, pace: Pace) -> None:
        """Open a table on the network for ``setup`` and show its lobby (``HostedPlay``)."""
        from .network_scenes import HostLobbyScene

        self.apply_settings(self.settings.replace(pace=pace))
        opened = HostedPlay.open(self.context, setup, pace, self.network_place, self.options.player_name)
        if isinstance(opened, str):
            self.toasts.say(opened)
            return
        self.stack.replace_all(HostLobbyScene(self.size, opened, on_start=self.show_play,
                                              on_cancel=self.show_main_menu))

    def open_join(self) -> None:
        from .network_scenes import JoinScene

        browser, note = look_for_tables(self.context.services.network, self.network_place)
        self.stack.push(JoinScene(self.size, network_name(self.context, self.options.player_name), browser, note,
                                  self.join_table))

    def join_table(self, name: str, code: str, address: str, chosen: TableAd | None) -> str | None:
        """Knock at a table (``JoinedPlay``); the problem in one sentence when the form is not right."""
        from ..net.names import NameRefused, clean_name
        from .network_scenes import JoiningScene, JoinScene

        scene = self.stack.top
        heard = scene.tables if isinstance(scene, JoinScene) else []
        try:
            name = clean_name(name or network_name(self.context, self.options.player_name))
        except NameRefused as refused:
            return str(refused)
        knocked = JoinedPlay.knock(self.context, name, code, address, chosen, heard)
        if isinstance(knocked, str):
            return knocked
        if self.options.player_name is None and name != self.settings.network_name:
            self.apply_settings(self.settings.replace(network_name=name))  # the name typed is kept for next time
        self.stack.push(JoiningScene(self.size, knocked, on_playing=self.show_play))
        return None

    def rejoin_table(self) -> None:
        """Back to the friend's table this program left or lost, in its seat (its token)."""
        from .network_scenes import JoiningScene

        left = self.session.left_table
        if left is not None:
            self.stack.push(JoiningScene(self.size, JoinedPlay.rejoin(self.context, left), on_playing=self.show_play,
                                         on_back=self.show_main_menu))

    def open_table_seats(self) -> None:
        from .network_scenes import HostSeatsScene

        host = self.play.friends_seats if self.play is not None else None
        if host is not None and not isinstance(self.stack.top, HostSeatsScene):
            self.stack.push(HostSeatsScene(self.size, host))

    # ------------------------------------------------------------------ settings

    def apply_settings(self, settings: Settings) -> None:
        """Save the settings and apply them at once to everything on screen."""
        old = self.settings
        self.session.change_settings(settings)
        if settings.language != old.language:
            for sentence in languages.apply(settings.language):
                self.say(sentence)
        if (settings.deck, settings.card_back) != (old.deck, old.card_back):
            self._art = None
        self.sounds.set(settings.sound, settings.volume)
        if settings.sound and (settings.sound, settings.volume) != (old.sound, old.volume):
            self.sounds.play("card_play")
        if settings.fullscreen != old.fullscreen:
            self._set_fullscreen(settings.fullscreen)
        table = self.table
        if table is None:
            return
        if table.play is not None:
            table.play.set_pace(settings.pace)
        table.art = self.art()
        table.motion.animations = settings.animations
        self._apply_to_table(table, settings)
        if settings.large_cards != table.large_cards:
            table.large_cards = settings.large_cards
            table.resize(table.size)

    @staticmethod
    def _apply_to_table(table: TableScene, settings: Settings) -> None:
        """The settings a table reads as it plays: how the hand is sorted and played."""
        table.keyboard.confirm_play = settings.confirm_play
        table.passing.order = HandOrder(settings.hand_sort, settings.high_first)
        table.auto_play_single = settings.auto_play_single


def run(options: AppOptions, *, script: ScriptedGame | None = None, limits: RunLimits | None = None,
        ui_log: Path | None = None) -> int:
    """Run the program's window; ``ui_log``: write what it shows, frame by frame, to this
    file (``--ui-log``, for the end-to-end tests)."""
    try:
        if ui_log is None:
            return App(options, script=script).run(limits)
        from .ui_log import UiLog

        with UiLog(ui_log) as log:
            app = App(options, script=script)
            app.on_frame = log.observe
            code = app.run(limits)
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
