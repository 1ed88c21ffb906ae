"""Play the installed program in a real X window, as a person would, and fail if it does not.

    python -m tests.e2e.run_e2e --program .venv/bin/hearts-desktop [--language he]

Starts its own Xvfb on a free display, launches ``hearts-desktop --data-dir TMP --ui-log LOG
--language CODE`` as a separate process and drives it only through the X server with
xdotool: real pointer moves, button presses and releases, key presses. The UI log says where
the buttons and cards are and what state the program is in; nothing else reaches into the
program. It starts a game with the default settings, drags three cards into the pass slots
and passes, plays a whole hand by clicking legal cards (taking one card back with Ctrl+Z on
the way), reads the hand's score and steps on in the coach's review, opens the score history,
passes by clicking in the next hand, quits through the menu, starts the program again and
continues the saved game, checking that the same table comes back. A screenshot of each
stage goes to ``artifacts/e2e/NN_stage.png``.

The same run works in every language the game ships (``--language``, English by default;
CI runs it in Hebrew, whose interface is mirrored): it finds each button by the name the UI
log gives it, not by its words, and reads the sentences it checks from the program's own
catalogue, as the person in front of the window reads them.

Exits 0 when every stage is reached; otherwise 1 with the stage that failed, because the
program crashed, hung (every stage has a time limit, and so has the whole run) or showed
something else.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from hearts_desktop import language
from hearts_desktop.language import _
from hearts_desktop.persistence import languages

from .ui_log_reader import Point, Record, UiLogReader, card_point, centre

SCREEN = "1280x800x24"
STAGE_SECONDS = 30.0
REVIEW_SECONDS = 120.0
"""The coach reviews a whole hand in a worker: about 10 s on two idle cores, more on a busy CI machine."""
RUN_SECONDS = 540.0
POLL_SECONDS = 0.05
IMAGEMAGICK_CONVERT = "/usr/bin/convert"  # another ``convert`` may come first on PATH
SAME_TABLE_FIELDS = ("actions", "hand_index", "phase", "viewer", "turn", "cards", "trick", "tricks_played",
                     "hearts_broken", "points_taken", "totals", "passed")


class StageFailed(Exception):
    """The program did not reach a stage: the message says which and why."""


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """The program's words in ``code`` inside the block, from its own catalogue; English after it."""
    for problem in languages.apply(code):
        raise StageFailed(problem)
    try:
        yield
    finally:
        languages.apply(language.ENGLISH)


def run_checked(command: list[str], env: dict[str, str], timeout: float = 20.0) -> str:
    try:
        done = subprocess.run(command, check=False, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise StageFailed(f"{command[0]} did not answer within {timeout:.0f} s: {' '.join(command)}") from None
    if done.returncode != 0:
        raise StageFailed(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


@contextmanager
def x_server(screen: str = SCREEN) -> Iterator[str]:
    """An Xvfb of our own on the first display number nobody uses; stopped on the way out.

    ``-noreset``: by default Xvfb resets when its last client leaves and drops whoever connects
    meanwhile. A button acts on the press, so the program can exit between xdotool's
    mousedown and mouseup; the mouseup then connected during the reset and found no display.
    """
    for number in range(99, 160):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", screen, "-nolisten", "tcp",
                                   "-noreset"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = Path(f"/tmp/.X11-unix/X{number}")
        deadline = time.monotonic() + 10
        while server.poll() is None and not socket.exists() and time.monotonic() < deadline:
            time.sleep(POLL_SECONDS)
        if server.poll() is not None:
            continue  # someone took this display between our look and our start
        if not socket.exists():
            stop(server)
            raise StageFailed("Xvfb started but never opened its display")
        try:
            yield f":{number}"
        finally:
            stop(server)
        return
    raise StageFailed("no free X display number between :99 and :159")


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a process we started: politely, then for sure."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


class Album:
    """The screenshots of one run, numbered in the order the stages were reached."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0

    def take(self, stage: str, env: dict[str, str]) -> None:
        """The whole screen as the person sees it; a one-colour picture means nothing was drawn."""
        self.count += 1
        path = self.folder / f"{self.count:02d}_{stage}.png"
        run_checked(["import", "-window", "root", str(path)], env)
        spread = run_checked([IMAGEMAGICK_CONVERT, str(path), "-format", "%[fx:standard_deviation]", "info:"],
                             env)
        if float(spread) == 0:
            raise StageFailed(f"the screenshot {path.name} is one flat colour: the window shows nothing")
        print(f"  {path.name}", flush=True)


class Person:
    """One run of the program on the display, and the hand on its mouse and keyboard."""

    def __init__(self, program: str, display: str, data_dir: Path, album: Album, run: int | str,
                 extra: tuple[str, ...] = (), speaks: str = language.ENGLISH) -> None:
        """``speaks``: the language the program is started in (``--language``)."""
        self.env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        self.env |= {"DISPLAY": display, "SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_AUDIODRIVER": "dummy"}
        self.album = album
        self.speaks = speaks
        self.log = UiLogReader(album.folder / f"ui-log-{run}.jsonl")
        self.output_path = album.folder / f"program-{run}.log"
        with self.output_path.open("wb") as output:
            self.process = subprocess.Popen(
                [program, "--data-dir", str(data_dir), "--ui-log", str(self.log.path), "--language", speaks, *extra],
                env=self.env, stdout=output, stderr=subprocess.STDOUT,
            )
        self.window = ""

    # ------------------------------------------------------------------ reading its language

    def reads(self, words: Callable[[], str]) -> str:
        """``words()`` (written with the program's ``_``) as this person's program says them."""
        with speaking(self.speaks):
            return words()

    def check_label(self, name: str, message: str) -> None:
        """The button ``name`` reads ``message`` in this person's language: the program speaks it."""
        target = self.log.target(name)
        expected = self.reads(lambda: _(message))
        if target is None or target["label"] != expected:
            raise StageFailed(f"in {self.speaks} the {name!r} button should read {expected!r}: "
                              f"{target['label'] if target else 'it is not there'!r}")

    # ------------------------------------------------------------------ watching

    def wait(self, what: str, ready: Callable[[], bool], seconds: float = STAGE_SECONDS) -> None:
        """Follow the log until ``ready()``; fail if the program exits or time runs out."""
        deadline = time.monotonic() + seconds
        while True:
            self.log.read()
            if ready():
                return
            code = self.process.poll()
            if code is not None:
                self.log.read()
                if ready():
                    return
                raise StageFailed(f"the program exited with code {code} while waiting for {what}"
                                  f"{self.output_tail()}")
            if time.monotonic() > deadline:
                raise StageFailed(f"waited {seconds:.0f} s for {what}; the screen on top is {self.log.top}")
            time.sleep(POLL_SECONDS)

    def output_tail(self) -> str:
        text = self.output_path.read_text(encoding="utf-8", errors="replace").strip()
        return f"; its output ends:\n{text[-3000:]}" if text else ""

    def wait_for_screen(self, scene: str, seconds: float = STAGE_SECONDS) -> None:
        self.wait(f"the {scene}", lambda: self.log.top == scene, seconds)

    def table_when(self, what: str, ready: Callable[[Record], bool], seconds: float = STAGE_SECONDS) -> Record:
        """Wait until the table is on top and ``ready`` for it; return the table."""
        self.wait(what, lambda: self.log.top == "TableScene" and self.log.table is not None
                  and ready(self.log.table), seconds)
        assert self.log.table is not None
        return self.log.table

    def find_window(self) -> None:
        """The SDL window by the program's process id (SDL sets no searchable name)."""
        self.wait("the first frame", lambda: "window" in self.log.latest)
        found = run_checked(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)],
                            self.env).split()
        if not found:
            raise StageFailed("xdotool found no window of the program")
        self.window = found[0]
        logged = self.log.latest["window"]["id"]
        if logged is not None and str(logged) not in found:
            raise StageFailed(f"the program says its window is {logged}, X shows {found}")

    def screenshot(self, stage: str) -> None:
        self.album.take(stage, self.env)

    # ------------------------------------------------------------------ the hand on the mouse

    def xdotool(self, *arguments: str) -> None:
        run_checked(["xdotool", *arguments], self.env)

    def move(self, point: Point) -> None:
        self.xdotool("mousemove", "--window", self.window, str(point[0]), str(point[1]))

    def click(self, point: Point) -> None:
        self.move(point)
        time.sleep(0.08)
        self.xdotool("mousedown", "1")
        time.sleep(0.08)
        self.xdotool("mouseup", "1")

    def drag(self, start: Point, end: Point, steps: int = 10) -> None:
        """Press, carry the card along in small moves as a hand does, release."""
        self.move(start)
        time.sleep(0.08)
        self.xdotool("mousedown", "1")
        for step in range(1, steps + 1):
            time.sleep(0.025)
            self.move((start[0] + (end[0] - start[0]) * step // steps,
                       start[1] + (end[1] - start[1]) * step // steps))
        time.sleep(0.08)
        self.xdotool("mouseup", "1")

    def key(self, name: str) -> None:
        """Keys go to the window under the pointer (there is no window manager)."""
        self.xdotool("key", "--delay", "60", name)

    def press(self, name: str, kind: str = "button") -> None:
        """Click the control ``name`` (the UI log's name for it, the same in every language)
        on the top screen, once it is there."""
        self.wait(f"the {name!r} {kind}", lambda: self.log.target(name, kind) is not None)
        target = self.log.target(name, kind)
        assert target is not None
        self.click(centre(target["rect"]))

    def quit_through_menu(self, asked: bool = False) -> Record:
        """Esc, then Quit (and Quit again where the program asks first: ``asked``); the
        program must exit cleanly. Returns the table as it was left."""
        self.key("Escape")
        self.wait_for_screen("GameMenuScene")
        table = self.log.table
        assert table is not None
        self.screenshot("game_menu")
        self.press("quit")
        if asked:
            self.wait_for_screen("QuitQuestion")
            self.screenshot("quit_question")
            self.press("yes")
        try:
            code = self.process.wait(timeout=STAGE_SECONDS)
        except subprocess.TimeoutExpired:
            raise StageFailed("Quit was clicked but the program did not exit") from None
        self.log.read()
        if code != 0 or "exit" not in self.log.latest:
            raise StageFailed(f"the program quit with code {code}{self.output_tail()}")
        return table

    def close(self) -> None:
        stop(self.process)


# ---------------------------------------------------------------------- the stages


def pass_open(table: Record) -> bool:
    return bool(table["pass_open"]) and not table["busy"] and len(table["hand"]) == 13


def slotted(table: Record) -> list[str]:
    return [slot["card"] for slot in table["pass_slots"] if slot["card"]]


def in_a_slot(card: str) -> Callable[[Record], bool]:
    return lambda table: card in slotted(table)


def pass_by_dragging(person: Person) -> None:
    table = person.table_when("the pass area open with 13 cards", pass_open)
    for count in range(1, 4):
        card = table["hand"][-1]["card"]
        empty = next(slot for slot in table["pass_slots"] if not slot["card"])
        person.drag(card_point(table, card), centre(empty["rect"]))
        table = person.table_when(f"{card} in a pass slot", in_a_slot(card))
        if len(slotted(table)) != count:
            raise StageFailed(f"after dragging {count} cards the slots hold {slotted(table)}")
    person.screenshot("three_cards_in_pass_slots")
    person.press("pass")
    person.table_when("the pass sent", lambda t: t["passed"] is not None)


def pass_by_clicking(person: Person) -> None:
    table = person.table_when("the pass area open with 13 cards", pass_open)
    for card in [entry["card"] for entry in table["hand"][:3]]:
        person.click(card_point(person.table_when("the hand", lambda t: True), card))
        person.table_when(f"{card} in a pass slot", in_a_slot(card))
    person.press("pass")
    person.table_when("the pass sent", lambda t: t["passed"] is not None)


def play_one_card(person: Person, rng: random.Random) -> str:
    """Click a legal card on our turn and wait until the program applied it."""
    person.wait("our turn to play", person.log.my_move_wanted)
    table = person.log.table
    assert table is not None
    card: str = rng.choice(table["legal"])
    seen = len(person.log.records)
    person.click(card_point(table, card))
    person.wait(f"{card} played", lambda: any(
        r.get("play") == card and r["seat"] == table["viewer"] for r in person.log.events("action", seen)))
    return card


def undo_last_card(person: Person, card: str) -> None:
    """Ctrl+Z takes the card back: the log says so and the card is in the hand again."""
    person.wait("our turn again", person.log.my_move_wanted)
    seen = len(person.log.records)
    person.key("ctrl+z")
    person.wait("the move taken back", lambda: bool(person.log.events("taken_back", seen)))
    person.table_when(f"{card} back in the hand", lambda t: card in t["cards"] and not t["busy"])
    person.screenshot("after_undo")


def play_hand(person: Person, rng: random.Random) -> None:
    """Play our cards until the hand is scored, taking one back with Ctrl+Z on the way."""
    scored = len(person.log.events("hand_scored"))

    def hand_over() -> bool:
        return len(person.log.events("hand_scored")) > scored

    plays = 0
    while not hand_over():
        person.wait("our turn or the hand's end", lambda: person.log.my_move_wanted() or hand_over())
        if hand_over():
            break
        card = play_one_card(person, rng)
        plays += 1
        if plays == 2:
            undo_last_card(person, card)
        if plays == 7:
            person.screenshot("mid_hand")
    score = person.log.events("hand_scored")[-1]
    # Standard hands out 26 points, or 3 x 26 after a moon, or 3 x 39 after a sweep of all 13 tricks.
    if sum(score["points"]) not in (26, 78, 117) or score["totals"] != score["points"]:
        raise StageFailed(f"the first hand scored {score['points']} with totals {score['totals']}")


def review_the_hand(person: Person) -> None:
    """The coach reviews the hand in its worker while the window goes on drawing; a step
    on to the second decision, then back to the hand summary."""
    person.press("review")
    person.wait_for_screen("ReviewScene")
    person.wait("the coach's review", lambda: _review_done(person.log.latest.get("screen")), seconds=REVIEW_SECONDS)
    person.press("next")
    person.wait("the review's second decision", lambda: (person.log.latest.get("screen") or {}).get("review_step") == 1)
    person.screenshot("coach_review")
    person.press("close")
    person.wait_for_screen("HandScoreScene")


def _review_done(screen: Record | None) -> bool:
    progress = screen.get("review") if screen else None
    return isinstance(progress, list) and progress[0] == progress[1]


def first_run(person: Person, rng: random.Random) -> Record:
    """From the main menu to a saved game in its second hand; returns the table left."""
    person.find_window()
    person.wait_for_screen("MainMenuScene")
    person.check_label("new_game", "New game")
    person.screenshot("main_menu")
    person.press("new_game")
    person.wait_for_screen("NewGameScene")
    person.screenshot("new_game_dialog")
    person.press("start")
    person.table_when("the deal", pass_open)
    person.screenshot("pass_area")
    pass_by_dragging(person)
    person.table_when("the first trick", lambda t: t["phase"] == "playing")
    play_hand(person, rng)
    person.wait_for_screen("HandScoreScene")
    person.screenshot("hand_score")
    review_the_hand(person)
    person.press("continue")
    person.table_when("the second deal", lambda t: t["hand_index"] == 1)
    person.key("s")
    person.wait_for_screen("ScoreHistoryScene")
    person.screenshot("score_history")
    person.press("close")
    pass_by_clicking(person)
    play_one_card(person, rng)
    return person.quit_through_menu()


def second_run(person: Person, left: Record) -> None:
    """Continue brings back the table exactly as it was left."""
    person.find_window()
    person.wait_for_screen("MainMenuScene")
    person.screenshot("main_menu_with_continue")
    person.press("continue")
    table = person.table_when("the saved game", lambda t: True)
    different = {name: (left[name], table[name]) for name in SAME_TABLE_FIELDS if left[name] != table[name]}
    # A computer whose turn it was when the game was left may already have played its card.
    bot_moved_on = (table["actions"] == left["actions"] + 1
                    and table["trick"][: len(left["trick"])] == left["trick"])
    if different and not bot_moved_on:
        raise StageFailed(f"Continue showed another table (left, shown): {different}")
    person.screenshot("continued")
    person.quit_through_menu()


def play(program: str, artifacts: Path, options: argparse.Namespace) -> None:
    rng = random.Random(11)
    album = Album(artifacts)
    data_dir = Path(tempfile.mkdtemp(prefix="hearts-e2e-"))
    speaks = options.language
    try:
        with x_server() as display:
            print(f"first run on X display {display}, in {language.SHIPPED[speaks]} ({speaks})", flush=True)
            person = Person(program, display, data_dir, album, 1, speaks=speaks)
            try:
                left = first_run(person, rng)
            finally:
                person.close()
            print("second run: Continue", flush=True)
            person = Person(program, display, data_dir, album, 2, speaks=speaks)
            try:
                second_run(person, left)
            finally:
                person.close()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def hard_timeout(_signum: int, _frame: FrameType | None) -> None:
    raise StageFailed(f"the whole run took longer than {RUN_SECONDS:.0f} s")


def language_option(parser: argparse.ArgumentParser, flag: str = "--language", who: str = "the program") -> None:
    """An option naming the language ``who`` is started in: a shipped one, English by default."""
    parser.add_argument(flag, choices=tuple(language.SHIPPED), default=language.ENGLISH, metavar="CODE",
                        help=f"the language {who} speaks: {', '.join(language.SHIPPED)} (default: en)")


def main(run: Callable[[str, Path, argparse.Namespace], None] = play, artifacts: Path = Path("artifacts/e2e"),
         what: str = "end-to-end", description: str | None = __doc__, seconds: float = RUN_SECONDS,
         options: Callable[[argparse.ArgumentParser], None] = language_option) -> int:
    """Check the tools, run ``run`` under the whole run's time limit, say how it went;
    ``options`` adds the run's own options (its languages)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--program", default=shutil.which("hearts-desktop"),
                        help="the installed hearts-desktop to run (default: the one on PATH)")
    parser.add_argument("--artifacts", type=Path, default=artifacts,
                        help="where the screenshots, UI logs and program output go")
    options(parser)
    args = parser.parse_args()
    if not args.program:
        parser.error("no hearts-desktop on PATH: give --program")
    for tool in ("Xvfb", "xdotool", "import", IMAGEMAGICK_CONVERT):
        if shutil.which(tool) is None:
            print(f"end-to-end: {tool} is missing (Debian: xvfb, xdotool, imagemagick)", file=sys.stderr)
            return 1
    shutil.rmtree(args.artifacts, ignore_errors=True)
    args.artifacts.mkdir(parents=True)
    signal.signal(signal.SIGALRM, hard_timeout)
    signal.alarm(int(seconds))
    started = time.monotonic()
    try:
        run(args.program, args.artifacts, args)
    except StageFailed as failure:
        print(f"{what} FAILED after {time.monotonic() - started:.1f} s: {failure}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
    print(f"{what} passed in {time.monotonic() - started:.1f} s; screenshots in {args.artifacts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
