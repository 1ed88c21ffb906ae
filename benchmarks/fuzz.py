"""A seeded monkey: random but plausible input to the real scene stack, checked after every event.

The app runs as it does for a player, under SDL's dummy video driver: the main menu, the New
game dialog, the table, score screens, menus, settings, hot-seat covers. The monkey reads
where the controls and cards are from the scenes themselves (as the UI log does) and sends
what a person might: clicks and drags anywhere, on cards, on buttons; keys and shortcuts;
typing in name boxes; window resizes; closing the window and starting again. After every
event it checks that no exception escaped and that the game is whole: every card in
exactly one place, someone able to play whenever someone must, totals that add up, a sane
controller and scene stack, and, after a restart, the saved game equal to the one left.

The same seed sends the same events and replays the same run on any machine under any load,
so a failure names the seed and the event's number: nothing the monkey drives reads the
wall clock. Time is the frames' time; computer players (any level) answer at once, each told
to stop thinking from the start; the coach starts in a fixed frame; and network play meets a
network where nobody answers (``NobodyThere``), on the frames' clock.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
import tempfile
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from hearts_desktop.controller.bot_runner import BotAnswer, BotJob, InlineRunner, run_job
from hearts_desktop.controller.table import TableController
from hearts_desktop.engine import PRESETS, Game, Phase
from hearts_desktop.net.discovery import Advertiser, Browser
from hearts_desktop.net.link import ClientLink, HostArrival, HostLink, Lost
from hearts_desktop.persistence import NewGameSetup, Seat, Settings, save_settings
from hearts_desktop.persistence.paths import DataPaths
from hearts_desktop.persistence.seats import DEFAULT_NAMES
from hearts_desktop.play.services import Services
from hearts_desktop.ui.app import App, AppOptions
from hearts_desktop.ui.intents import (
    Intent,
    KeyPress,
    PointerDown,
    PointerMove,
    PointerUp,
    QuitRequested,
    Resized,
    TextInput,
)
from hearts_desktop.ui.new_game import NewGameScene
from hearts_desktop.ui.scene import Scene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.ui.ui_log import Target, card_points, targets
from hearts_desktop.words import Level, Pace, SeatKind

from .app_state import controller_of, table_of
from .invariants import check_game, require

FRAME = 1 / 60
WAIT_FRAME = 0.1
WAIT_FRAMES = 6
SIZES = ((640, 400), (800, 500), (1024, 640), (1024, 768), (1280, 800), (1920, 1080))
SIZE_WEIGHTS = (3, 3, 3, 1, 1, 0.3)
"""Window sizes, small ones most often: they draw faster, so more events fit in a run."""
REPLAY_EVERY = 250
FAST_PACES: tuple[Pace, ...] = (Pace.INSTANT, Pace.INSTANT, Pace.INSTANT, Pace.QUICK)
"""The pace a run starts with (the Settings screen may change it): computers that wait cost frames."""
Point = tuple[int, int]

# Keys a person presses, with their modifiers and the text SDL gives with them.
KEYS: tuple[tuple[int, int, str], ...] = (
    (pygame.K_LEFT, 0, ""), (pygame.K_RIGHT, 0, ""), (pygame.K_UP, 0, ""), (pygame.K_DOWN, 0, ""),
    (pygame.K_HOME, 0, ""), (pygame.K_END, 0, ""), (pygame.K_PAGEUP, 0, ""), (pygame.K_PAGEDOWN, 0, ""),
    (pygame.K_TAB, 0, "\t"), (pygame.K_TAB, pygame.KMOD_SHIFT, "\t"), (pygame.K_SPACE, 0, " "),
    (pygame.K_RETURN, 0, "\r"), (pygame.K_KP_ENTER, 0, "\r"), (pygame.K_ESCAPE, 0, "\x1b"),
    (pygame.K_BACKSPACE, 0, "\b"), (pygame.K_DELETE, 0, ""), (pygame.K_F1, 0, ""),
    (pygame.K_z, pygame.KMOD_CTRL, ""), (pygame.K_a, pygame.KMOD_CTRL, ""), (pygame.K_c, pygame.KMOD_CTRL, ""),
    (pygame.K_x, pygame.KMOD_CTRL, ""), (pygame.K_h, 0, "h"), (pygame.K_l, 0, "l"), (pygame.K_s, 0, "s"),
    (pygame.K_f, 0, "f"), (pygame.K_SLASH, pygame.KMOD_SHIFT, "?"), (pygame.K_q, 0, "q"),
    (pygame.K_v, pygame.KMOD_CTRL, ""),
)
RARE_KEYS = ((pygame.K_F11, 0, ""), (pygame.K_F2, 0, ""))
"""Keys that leave the game (fullscreen, a new game): pressed now and then, or no hand would end."""
TEXT = ("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'éß漢字😀\u200b\u200d\u200f\ufeff"
        "\u0301\ufe0f\x7f\x1b\u2028")
"""What a person types, an IME composes or a paste holds: letters, digits, symbols, emoji,
zero-width and direction marks, a lone combining accent, control characters."""

# How much more (or less) often the monkey clicks a control of this label than another.
LABEL_WEIGHTS = {
    "Quit": 0.03, "Main menu": 0.2, "Reset…": 0.3, "Restart hand": 0.3, "New game": 0.7, "Settings": 0.5,
    "Start game": 3.0, "Continue": 3.0, "Next hand": 3.0, "See the final scores": 3.0, "Rematch": 2.0,
    "pass": 3.0, "finish": 2.0,
}


def always() -> bool:
    return True


NOBODY_ANSWERED = "No table answered at that address."
NOBODY_PORT = 47_474
NOBODY_ADDRESS = "192.0.2.1"
"""An address reserved for documentation: no computer has it."""


class QuietHostLink:
    """A table's link on which no friend ever arrives."""

    def take(self) -> list[HostArrival]:
        return []

    def send(self, conn_id: int, data: bytes) -> None:
        pass

    def hang_up(self, conn_id: int) -> None:
        pass

    def close(self) -> None:
        pass


class UnansweredLink:
    """A friend's link to an address where nobody answers: lost at once."""

    def __init__(self) -> None:
        self.said = False

    def take(self) -> list[bytes | Lost]:
        if self.said:
            return []
        self.said = True
        return [Lost(NOBODY_ANSWERED)]

    def send(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


class NobodyThere:
    """The network the monkey plays on: tables open and wait, knocks find no one, and
    discovery is blocked (as on guest Wi-Fi), all on the frames' clock; the real network's
    answers and timeouts would come at the wall clock's pace and change the run."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock

    def listen(self, interface: str, port: int) -> tuple[HostLink, int]:
        return QuietHostLink(), port or NOBODY_PORT

    def connect(self, address: str, port: int) -> ClientLink:
        return UnansweredLink()

    def advertise(self, host_name: str, port: int, open_seats: int, interfaces: list[str] | None) -> Advertiser:
        raise OSError("this network does not allow tables to be found")

    def browse(self, interfaces: list[str] | None) -> Browser:
        raise OSError("this network does not allow tables to be found")

    def addresses(self) -> list[str]:
        return [NOBODY_ADDRESS]


class HurriedRunner(InlineRunner):
    """Inline computer players told to answer at once, so every level (and the hint) costs
    microseconds; a bot that raises fails the run instead of being covered by a fallback."""

    def submit(self, job: BotJob) -> None:
        self._answers.append(BotAnswer(job.job_id, run_job(job, always)))


# ---------------------------------------------------------------------- invariants


def check_replay(game: Game) -> None:
    """The action list rebuilds exactly this game (what saving and undo rely on)."""
    again = Game.replay(game.rules, game.seed, game.actions, game.deals_from)
    same = (again.totals == game.totals and again.hand_index == game.hand_index
            and again.hand.hands == game.hand.hands and again.hand.trick == game.hand.trick
            and again.hand.taken == game.hand.taken and again.hand.phase is game.hand.phase)
    require(same, "replaying the actions gives another game")


def check_controller(controller: TableController) -> None:
    humans = controller.human_seats()
    game = controller.game
    if humans:
        require(controller.viewer in humans, f"the viewer {controller.viewer} is not a person")
    if controller.cover is not None:
        require(controller.hot_seat and controller.cover == controller.active_human(),
                f"a cover for seat {controller.cover} while {controller.active_human()} is to act")
    if controller.hot_seat and controller.hand_face_up:
        require(controller.viewer == controller.revealed == controller.active_human(),
                "a hand is face up for someone other than the person to act")
    if controller.awaiting_continue and not game.over:
        hand = game.hand
        untouched = all(p is None for p in hand.passes) and hand.tricks_played == 0 and not hand.trick
        require(untouched, "the next hand went on while the score screen was waiting")


def table_drawn(stack: Sequence[Scene], table: TableScene) -> bool:
    """Whether the last frame drew the table (no opaque screen above it)."""
    index = stack.index(table)
    return not any(scene.opaque for scene in stack[index + 1:])


def table_live(stack: Sequence[Scene], table: TableScene) -> bool:
    """Whether the last frame updated the table (no screen above it pauses it): a paused
    table is the snapshot of its last update (a move and the menu in one frame: the move's
    card is still drawn in the hand until the menu closes)."""
    index = stack.index(table)
    return not any(scene.pauses_below for scene in stack[index + 1:])


def check_table(table: TableScene, live: bool) -> None:
    view = table.controller.view()
    slots = table.pass_slots
    require(len(slots) <= 3 and len(set(slots)) == len(slots), f"pass slots hold {slots}")
    if view.phase is Phase.PASSING:
        require(all(view.hand >> card & 1 for card in slots), f"pass slots hold {slots}, not all in the hand")
    if live:
        stray = [card for card in table.hand_rects if not view.hand >> card & 1]
        require(not stray, f"cards {stray} drawn in the hand of seat {view.seat} who does not hold them")


def check_app(app: App) -> None:
    stack = app.stack.scenes
    require(not app.running or bool(stack), "the app runs with no screen")
    require(len({id(s) for s in stack}) == len(stack), "a screen is on the stack twice")
    require(all(s.stack is app.stack for s in stack), "a screen on the stack does not know it")
    tables = [s for s in stack if isinstance(s, TableScene)]
    require(len(tables) <= 1, "two tables on the stack")
    if tables:
        require((app.play is not None) and tables[0] is table_of(app), "a table on the stack that is not the game")
    if not (app.play is not None):
        return
    require(table_of(app) in stack, "a game is playing with no table on the stack")
    check_game(controller_of(app).game)
    check_controller(controller_of(app))
    check_table(table_of(app), table_live(stack, table_of(app)))


def check_saved(before: App, after: App) -> None:
    """What the next start offers to Continue (the local and the hosted game) is what the
    last run had saved."""
    for left, found in ((before.session.saved, after.session.saved),
                        (before.session.saved_network, after.session.saved_network)):
        require((left is None) == (found is None), f"saved game {'lost' if found is None else 'appeared'}")
        if left is not None and found is not None:
            same = (left.game.actions == found.game.actions and left.game.seed == found.game.seed
                    and left.game.rules == found.game.rules and left.seats == found.seats)
            require(same, "the saved game on disk differs from the one the app had")


# ---------------------------------------------------------------------- the monkey


@dataclass
class FuzzReport:
    """What one run did: the figures printed, and what the tests check it reached."""

    seed: int
    events: int = 0
    frames: int = 0
    seconds: float = 0.0
    restarts: int = 0
    games: int = 0
    hands: int = 0
    screens: Counter[str] = field(default_factory=Counter)
    """Gestures made on each screen."""
    gestures: Counter[str] = field(default_factory=Counter)
    trail: hashlib._Hash = field(default_factory=hashlib.sha256)
    """Every frame's input, time and what it left on screen: two runs of one seed that
    replayed the same have the same ``digest``, however loaded the machine was."""

    @property
    def digest(self) -> str:
        return self.trail.hexdigest()[:16]

    @property
    def events_per_second(self) -> float:
        return self.events / self.seconds if self.seconds else 0.0

    def summary(self) -> str:
        screens = ", ".join(f"{name} {count}" for name, count in self.screens.most_common())
        return (f"seed {self.seed}: {self.events} input events in {self.frames} frames, {self.seconds:.1f} s, "
                f"{self.events_per_second:.0f} events/s; {self.games} games, {self.hands} hands scored, "
                f"{self.restarts} restarts, replay digest {self.digest}\ngestures on each screen: {screens}")


class FuzzFailure(Exception):
    """The run broke: the seed and the event's number reproduce it."""

    def __init__(self, report: FuzzReport, recent: Sequence[str], details: str) -> None:
        self.report = report
        self.index = report.events
        """How many input events had gone in when it broke."""
        self.recent = list(recent)
        self.details = details
        # One event more than had gone in: the run then reaches the gesture that broke it
        # even when that gesture was only time passing.
        self.reproduce = f"python -m benchmarks fuzz --seed {report.seed} --events {self.index + 1}"
        super().__init__(
            f"seed {report.seed} failed at event {self.index} (frame {report.frames}):\n{details}\n"
            "last gestures, the one that broke it last:\n  " + "\n  ".join(self.recent)
            + f"\nreproduce: {self.reproduce}"
        )


class Monkey:
    """One seeded run of the app, fed events one at a time."""

    def __init__(self, seed: int, data_dir: Path, animations: bool | None = None) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the window is drawn in memory
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.rng = random.Random(seed)
        self.data_dir = data_dir
        self.report = FuzzReport(seed)
        self.recent: deque[str] = deque(maxlen=15)
        animations = self.rng.random() < 0.5 if animations is None else animations
        pace = self.rng.choice(FAST_PACES)
        setup = self.random_setup()
        save_settings(DataPaths.resolve(data_dir).settings,
                      Settings(pace=pace, animations=animations, sound=self.rng.random() < 0.2, new_game=setup))
        self.recent.append(f"settings: pace {pace}, animations {'on' if animations else 'off'}, New game "
                           f"offers {setup.preset} to {setup.rules.target} for {[s.kind for s in setup.seats]}")
        self._seen_controller: TableController | None = None
        self._seen_hands = 0
        self.now = 0.0
        """The frames' time so far: the only clock anything in the run reads."""
        self.app = self._open()

    def random_setup(self) -> NewGameSetup:
        """What the New game dialog offers first: any preset, a short game now and then, and
        one to three people (hot-seat) among computers of every level."""
        preset = self.rng.choice(PRESETS)
        rules = dataclasses.replace(preset.rules, target=self.rng.choice((25, 50, 100)))
        people = min(self.rng.choice((1, 1, 2, 3)), rules.players)
        kinds = [SeatKind.HUMAN] * people + [SeatKind.COMPUTER] * (rules.players - people)
        self.rng.shuffle(kinds)
        seats = tuple(Seat(name, kind, self.rng.choice(tuple(Level)))
                      for name, kind in zip(DEFAULT_NAMES, kinds))
        return NewGameSetup.of(seats, rules)

    def _open(self) -> App:
        size = self.rng.choices(SIZES, SIZE_WEIGHTS)[0]
        app = App(AppOptions(data_dir=self.data_dir, seed=self.rng.randrange(2**31), size=size),
                  Services(bot_runner=HurriedRunner, network=NobodyThere(lambda: self.now)))
        app.start()
        pygame.scrap.put_text(self.random_text())  # what Ctrl+V pastes: the seed's, not the last run's
        app.step(FRAME, ())
        return app

    # ------------------------------------------------------------------ running

    def run(self, events: int) -> FuzzReport:
        """Send gestures until ``events`` input events have gone in, checking every frame."""
        started = time.perf_counter()
        try:
            while self.report.events < events:
                try:
                    self.gesture()
                except Exception:  # noqa: BLE001 (every escape is the finding)
                    self.report.seconds = time.perf_counter() - started
                    raise FuzzFailure(self.report, self.recent, traceback.format_exc(limit=12)) from None
        finally:
            self.report.seconds = time.perf_counter() - started
            self.app.shutdown()
        return self.report

    def frame(self, *intents: Intent, dt: float = FRAME) -> None:
        """One frame of the app's loop with these inputs, then every check."""
        self.now += dt
        self.app.step(dt, intents)
        # The real loop reads (and so empties) pygame's queue every frame; the monkey feeds
        # intents directly, so it reads the queue itself. Left alone, the queue kept the events
        # pygame_gui posts, and with them every closed dialog's text boxes (hundreds of MB over
        # a long run). pygame.event.clear() is not enough: it does not release those events.
        pygame.event.get()
        self.report.frames += 1
        self.report.events += len(intents)
        self._record(intents, dt)
        check_app(self.app)
        if self.report.frames % REPLAY_EVERY == 0 and (self.app.play is not None):
            check_replay(controller_of(self.app).game)
        self._count_progress()

    def _record(self, intents: Sequence[Intent], dt: float) -> None:
        """Add this frame to the report's trail: its input and time, the screen on top and
        where the game stands."""
        app = self.app
        game = controller_of(app).game if (app.play is not None) else None
        state = (type(app.stack.top).__name__, len(app.stack.scenes), game and (game.seed, len(game.actions)))
        self.report.trail.update(f"{intents!r}{dt!r}{state!r}".encode())

    def _count_progress(self) -> None:
        if not (self.app.play is not None):
            return
        controller = controller_of(self.app)
        if controller is not self._seen_controller:
            self._seen_controller = controller
            self._seen_hands = len(controller.game.results)
            self.report.games += 1
        scored = len(controller.game.results)
        self.report.hands += max(0, scored - self._seen_hands)
        self._seen_hands = scored

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def gesture(self) -> str:
        """One thing a person does (a click, a drag, a key...), chosen for the screen on top."""
        if not self.app.running:
            self.recent.append("start again…")
            self.recent[-1] = self.restart()
            return self.recent[-1]
        top = self.app.stack.top
        name = type(top).__name__
        self.report.screens[name] += 1
        at_table = isinstance(top, TableScene)
        behaviours: list[tuple[float, Callable[[], str]]] = [
            (45 if at_table else 6, self.play_well),
            (12 if at_table else 45, self.click_target),
            (8 if at_table else 0, self.click_card),
            (8 if at_table else 1, self.drag),
            (3, self.click_anywhere),
            (14, self.press_key),
            (6 if name == "NewGameScene" else 0.5, self.type_text),
            (3, self.lone_pointer),
            (12 if at_table else 25 if name == "CoverScene" else 4, self.wait),  # a cover takes no input at first
            (0.6, self.resize),
            (2, self.burst),
            (10 if name == "NewGameScene" else 0, self.short_game),
            (0.1, self.close_window),
        ]
        behaviour = self.rng.choices([b for _, b in behaviours], weights=[w for w, _ in behaviours])[0]
        self.report.gestures[behaviour.__name__] += 1
        self.recent.append(f"{name}: {behaviour.__name__}…")  # said in full once it is done
        self.recent[-1] = f"{name}: {behaviour()}"
        return self.recent[-1]

    # ------------------------------------------------------------------ where things are

    def point_in(self, rect: pygame.Rect) -> Point:
        return (self.rng.randrange(rect.left, rect.right) if rect.width > 0 else rect.left,
                self.rng.randrange(rect.top, rect.bottom) if rect.height > 0 else rect.top)

    def anywhere(self) -> Point:
        """Somewhere in the window, now and then just outside it (a drag may leave it)."""
        w, h = self.size
        if self.rng.random() < 0.05:
            return self.rng.randrange(-50, w + 50), self.rng.randrange(-50, h + 50)
        return self.rng.randrange(w), self.rng.randrange(h)

    def targets(self) -> list[Target]:
        top = self.app.stack.top
        return [t for t in targets(top) if t.enabled] if top is not None else []

    def table(self) -> TableScene | None:
        return table_of(self.app) if (self.app.play is not None) and self.app.stack.top is table_of(self.app) else None

    # ------------------------------------------------------------------ gestures

    def click(self, point: Point, button: int = 1) -> None:
        """Move there, press, release: one frame each, or two or all three within one frame."""
        gesture: list[Intent] = [PointerMove(point), PointerDown(point, button), PointerUp(point, button)]
        cut = sorted(self.rng.sample((1, 2), self.rng.choice((0, 1, 1, 2))))
        for start, end in zip([0, *cut], [*cut, 3]):
            self.frame(*gesture[start:end])

    def drag_between(self, start: Point, end: Point) -> None:
        self.frame(PointerMove(start))
        self.frame(PointerDown(start))
        steps = self.rng.randrange(1, 8)
        for step in range(1, steps + 1):
            point = (start[0] + (end[0] - start[0]) * step // steps, start[1] + (end[1] - start[1]) * step // steps)
            self.frame(PointerMove(point, pressed=True))
        self.frame(PointerUp(end))

    def play_well(self) -> str:
        """What a person who knows the game does next: a legal card, a pass, Next hand."""
        table = self.table()
        if table is None:
            choices = self.targets()
            if not choices:
                self.click(self.anywhere())
                return "click to go on"
            target = max(choices, key=lambda t: LABEL_WEIGHTS.get(t.label, 1.0))
            self.click(self.point_in(target.rect))
            return f"go on with {target.label!r}"
        controller = table.controller
        view = controller.view()
        points = card_points(table.hand_rects)
        if table.busy or controller.active_human() != view.seat or not controller.hand_face_up or not points:
            return self.wait()
        if view.phase is Phase.PASSING and view.passed is None:
            if len(table.pass_slots) == 3 and table.buttons["pass"].rect.width:
                self.click(self.point_in(table.buttons["pass"].rect))
                return "press Pass"
            card = self.rng.choice(list(points))
            self.click(points[card])
            return f"choose {card} to pass"
        legal = [card for card in view.legal_cards() if card in points]
        if not legal:
            return self.wait()
        card = self.rng.choice(legal)
        if self.rng.random() < 0.3:
            self.drag_between(points[card], self.point_in(table.layout.drop_zone()))
            return f"drag {card} to the table"
        self.click(points[card])
        return f"play {card}"

    def click_target(self) -> str:
        choices = self.targets()
        if not choices:
            return self.click_anywhere()
        target = self.rng.choices(choices, weights=[LABEL_WEIGHTS.get(t.label, 1.0) for t in choices])[0]
        self.click(self.point_in(target.rect))
        return f"click {target.kind} {target.label!r}"

    def click_card(self) -> str:
        table = self.table()
        points = card_points(table.hand_rects) if table is not None else {}
        if not points:
            return self.click_anywhere()
        card = self.rng.choice(list(points))
        self.click(points[card], button=self.rng.choice((1, 1, 1, 3)))
        return f"click card {card}"

    def drag(self) -> str:
        """From a card or a pass slot to a slot, the table, another card or anywhere."""
        table = table_of(self.app) if (self.app.play is not None) else None
        starts: list[Point] = [self.anywhere()]
        ends: list[Point] = [self.anywhere()]
        if table is not None:
            points = card_points(table.hand_rects)
            starts += list(points.values()) * 3
            slots = table.layout.pass_slots(table.pass_side())  # the table's own geometry
            starts += [self.point_in(r) for r in slots[: len(table.pass_slots)]]
            ends += [self.point_in(r) for r in slots] + [self.point_in(table.layout.drop_zone())]
            ends += list(points.values())
        start, end = self.rng.choice(starts), self.rng.choice(ends)
        self.drag_between(start, end)
        return f"drag {start} to {end}"

    def click_anywhere(self) -> str:
        point = self.anywhere()
        self.click(point, button=self.rng.choice((1, 1, 3)))
        return f"click at {point}"

    def press_key(self) -> str:
        key, mod, text = self.rng.choice(RARE_KEYS if self.rng.random() < 0.01 else KEYS)
        intents: list[Intent] = [KeyPress(key, mod, text)]
        if text.isprintable() and text and not mod & pygame.KMOD_CTRL:
            intents.append(TextInput(text))  # SDL sends both for a printable key
        self.frame(*intents)
        return f"key {pygame.key.name(key)}{' +mod ' + str(mod) if mod else ''}"

    def random_text(self) -> str:
        return "".join(self.rng.choice(TEXT) for _ in range(self.rng.randrange(1, 30)))

    def type_text(self) -> str:
        text = self.random_text()
        for char in text:
            self.frame(KeyPress(0, 0, char), TextInput(char))
        return f"type {text!r}"

    def lone_pointer(self) -> str:
        """A press, release or move on its own: the odd orders real input comes in."""
        point = self.anywhere()
        intent = self.rng.choice((PointerDown(point, self.rng.choice((1, 3))), PointerUp(point),
                                  PointerMove(point, pressed=self.rng.random() < 0.5)))
        self.frame(intent)
        return f"lone {intent}"

    def wait(self) -> str:
        """Let time pass until a person is wanted or the screen changes (bots, animations)."""
        top = self.app.stack.top
        frames = 0
        while frames < WAIT_FRAMES:
            frames += 1
            self.frame(dt=WAIT_FRAME)
            if self.app.stack.top is not top or self._person_wanted():
                break
        return f"wait {frames} frames"

    def _person_wanted(self) -> bool:
        table = self.table()
        if table is None:
            return False
        controller = table.controller
        return not table.busy and controller.active_human() is not None and controller.hand_face_up

    def resize(self) -> str:
        if self.app.settings.fullscreen:
            return self.press_key()
        size = self.rng.choices(SIZES, SIZE_WEIGHTS)[0]
        if self.rng.random() < 0.3:
            size = (self.rng.randrange(200, 2000), self.rng.randrange(150, 1300))
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.frame(Resized(size))
        return f"resize to {size}"

    def burst(self) -> str:
        """Several inputs within one frame: fast hands, or a slow frame."""
        point = self.anywhere()
        key, mod, text = self.rng.choice(KEYS)
        intents: list[Intent] = [PointerDown(point), PointerUp(point), KeyPress(key, mod, text),
                                 PointerMove(self.anywhere()), PointerDown(self.anywhere())]
        self.rng.shuffle(intents)
        self.frame(*intents[: self.rng.randrange(2, len(intents) + 1)])
        return "burst of input in one frame"

    def short_game(self) -> str:
        """In the New game dialog: the lowest target, as someone with little time would."""
        top = self.app.stack.top
        if not isinstance(top, NewGameScene) or not top.target.rect.width:
            return self.click_target()
        box = top.target.value_rect()
        lower = pygame.Rect(box.left, box.top, max(1, box.width // 2), box.height)  # a click here steps down
        for _ in range(6):
            self.click(self.point_in(lower))
        return "shorten the game"

    def close_window(self) -> str:
        self.frame(QuitRequested())
        return "close the window"

    def restart(self) -> str:
        """The app quit: start it again on the same files, which must offer the same game."""
        before = self.app
        before.shutdown()
        self.app = self._open()
        self.report.restarts += 1
        check_saved(before, self.app)
        return "start again"


def fuzz(events: int, seed: int, animations: bool | None = None) -> FuzzReport:
    """Run the monkey; raises FuzzFailure at the first broken event."""
    with tempfile.TemporaryDirectory(prefix="hearts-fuzz-") as folder:
        return Monkey(seed, Path(folder), animations).run(events)
