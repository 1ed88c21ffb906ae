"""Saving under every fault a player meets: ``python -m benchmarks persistence``.

Each part counts cases and losses, and the command exits 1 if anything was lost or damaged:

- hostile files: saves, settings and statistics damaged in every way (``hostile_files``);
- kill -9 of the windowed program (SDL's dummy driver, the person played by an autopilot,
  short games so the end-of-game sequence is killed too) while it autosaves: the next start
  must offer at least every move the program had reported saved, and count every game it
  had reported finished, once;
- two copies at once: the second must refuse in one sentence within 5 s, and a copy
  started after the first is killed must open;
- a full disk at the end of a game (injected through the file layer): the result is kept in
  the save and counted at the next start, or, if even the save fails, said to be lost;
- lone backups: a save or statistics file deleted, a dangling link, a damaged save in a
  read-only folder: the backup is offered, with one sentence;
- power cuts at every step of the save code (``power_cut``).
"""

from __future__ import annotations

import argparse
import errno
import json
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.session import Session
from hearts_desktop.engine import Game, Phase, Ruleset
from hearts_desktop.persistence import (
    ALREADY_OPEN,
    DataPaths,
    NewGameSetup,
    Seat,
    Settings,
    Statistics,
    atomic,
    save_game,
    save_settings,
    save_statistics,
)
from hearts_desktop.persistence.stats import game_id
from hearts_desktop.words import Level, Pace, SeatKind

from .hostile_files import FuzzTally, random_action, run_fuzz
from .power_cut import PowerCutReport, run_power_cuts

if TYPE_CHECKING:
    from hearts_desktop.ui.table_scene import TableScene

PERSON = Seat("Anna", SeatKind.HUMAN)
SEATS = (PERSON,) + tuple(Seat(name, SeatKind.COMPUTER, Level.EASY) for name in ("Bo", "Cy", "Di"))
SHORT_GAME = Ruleset(target=26)
REFUSAL_SECONDS = 5.0


def child_environment() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


# --------------------------------------------------------------------------- the windowed program


def windowed_child(data_dir: Path) -> int:
    """The real app and its loop, the person played by an autopilot: it continues the saved
    game or starts a short one, plays a rematch after each, and prints ``applied``,
    ``saved`` and ``finished`` lines the parent checks the next start against."""
    import pygame

    from hearts_desktop.play.services import Services
    from hearts_desktop.ui.app import App, AppOptions
    from hearts_desktop.ui.intents import KeyPress
    from hearts_desktop.ui.menus import MainMenuScene
    from hearts_desktop.ui.table_scene import TableScene

    from .app_state import controller_of, table_of

    paths = DataPaths.resolve(data_dir)
    if not paths.settings.exists():
        save_settings(paths.settings, Settings(pace=Pace.QUICK, animations=False, sound=False,
                                               new_game=NewGameSetup.of(SEATS, SHORT_GAME)))
    app = App(AppOptions(data_dir=data_dir), Services(bot_runner=InlineRunner))
    said: dict[str, Any] = {}

    def say(word: str, value: Any) -> None:
        if said.get(word) != value:
            said[word] = value
            print(word, *value if isinstance(value, tuple) else (value,), flush=True)

    def autopilot(app: App) -> None:
        top = app.stack.top
        if isinstance(top, MainMenuScene):
            if app.session.saved is not None:
                say("resumed", (app.session.saved.game.seed, len(app.session.saved.game.actions)))
                app.continue_game()
            else:
                app.start_new_game(app.settings.new_game, app.settings.pace)
            return
        if not (app.play is not None):
            return
        game = controller_of(app).game
        say("applied", (game.seed, len(game.actions)))
        if app.session.autosaver is not None and app.session.autosaver.written is not None:
            say("saved", app.session.autosaver.written)
        if game.over and app.session.uncounted is None:
            say("finished", game_id(game))
        if not isinstance(top, TableScene):
            app.stack.handle(KeyPress(pygame.K_RETURN, 0, ""))  # score screens, covers, Rematch
        elif controller_of(app).active_human() == controller_of(app).viewer and not table_of(app).busy:
            act_for_the_person(table_of(app))

    app.on_frame = autopilot
    return app.run()


def act_for_the_person(table: TableScene) -> None:
    """A legal move made the way a click makes it (the tests' app driver makes them so too)."""
    view = table.controller.view()
    if not table.controller.hand_face_up:
        return
    if view.phase is Phase.PASSING:
        for card in view.cards()[: 3 - len(table.pass_slots)]:
            table.choose_card(card)
        table.buttons["pass"].action()
    elif view.phase is Phase.PLAYING:
        table.choose_card(view.legal_cards()[0])


@dataclass
class KillTally:
    kills: int = 0
    finished_games: int = 0
    saves_reported: int = 0
    behind: Counter[int] = field(default_factory=Counter)
    """Moves applied but not on disk at the kill (the write in flight), by count."""
    losses: list[str] = field(default_factory=list)


def _read_lines(stream: IO[str], lines: list[str], first: threading.Event) -> None:
    for line in stream:
        if line.endswith("\n"):  # not a line the kill cut short
            lines.append(line.strip())
        if line.startswith("applied"):
            first.set()
    first.set()


def _last(lines: list[str], word: str) -> list[str] | None:
    return next((line.split()[1:] for line in reversed(lines) if line.split()[0] == word), None)


def run_kills(kills: int, seed: int, max_delay: float = 2.5) -> KillTally:
    """Kill the windowed program ``kills`` times while it plays and saves; after each kill,
    start the way the program does and compare with what it had reported."""
    rng = random.Random(seed)
    tally = KillTally()
    on_disk: tuple[int, int] | None = None
    """The game the folder must offer: reported saved by a child, or found by a start."""
    finished: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="hearts-kill-") as folder:
        for _ in range(kills):
            process = subprocess.Popen(
                [sys.executable, "-m", "benchmarks", "persistence", "--windowed-child", folder],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=child_environment(),
            )
            lines: list[str] = []
            first = threading.Event()
            assert process.stdout is not None
            reader = threading.Thread(target=_read_lines, args=(process.stdout, lines, first))
            reader.start()
            first.wait(timeout=60)
            time.sleep(rng.uniform(0.05, max_delay))
            process.send_signal(signal.SIGKILL)
            process.wait()
            reader.join()
            tally.kills += 1
            reported = [line.split()[1] for line in lines if line.startswith("finished")]
            finished.update(reported)
            tally.finished_games += len(reported)
            saved = _last(lines, "saved")
            applied = _last(lines, "applied")
            tally.saves_reported += sum(line.startswith("saved") for line in lines)
            if saved is not None:
                on_disk = (int(saved[0]), int(saved[1]))
            outcome, counted, messages = _next_start(Path(folder))
            problem = _kill_problem(outcome, counted, messages, on_disk, finished)
            if problem:
                tally.losses.append(f"kill {tally.kills}: {problem}")
            if outcome is not None and applied is not None and int(applied[0]) == outcome[0]:
                tally.behind[int(applied[1]) - outcome[1]] += 1
            if outcome is not None:
                on_disk = outcome
            elif on_disk is not None and _counts(counted, on_disk[0]):
                on_disk = None
    return tally


def _next_start(folder: Path) -> tuple[tuple[int, int] | None, list[str], list[str]]:
    session = Session.open(folder)
    try:
        saved = session.saved
        counted = [r.game_id for r in session.statistics.profile(PERSON.name).recent]
        return (None if saved is None else (saved.game.seed, len(saved.game.actions))), counted, session.take_messages()
    finally:
        session.close()


def _counts(counted: list[str], seed: int) -> bool:
    """Whether the game dealt from ``seed`` is among the games counted."""
    return any(identity.startswith(f"{seed}:") for identity in counted)


def _kill_problem(outcome: tuple[int, int] | None, counted: list[str], messages: list[str],
                  on_disk: tuple[int, int] | None, finished: set[str]) -> str:
    """Why a start after a kill lost or damaged something, or ""."""
    if messages:
        return f"the start said {messages}"
    if len(set(counted)) != len(counted):
        return f"a game counted twice: {counted}"
    if not finished <= set(counted):
        return f"finished games {sorted(finished - set(counted))} are not counted"
    if on_disk is None:
        return ""
    game_counted = _counts(counted, on_disk[0])
    if outcome is None:
        return "" if game_counted else f"the game {on_disk} was lost"
    if outcome[0] == on_disk[0] and outcome[1] < on_disk[1]:
        return f"the start offered {outcome}, but {on_disk} had been saved"
    if outcome[0] != on_disk[0] and not game_counted:
        return f"the start offered {outcome}, but {on_disk} had been saved and not finished"
    return ""


# --------------------------------------------------------------------------- two copies


@dataclass
class CopiesTally:
    rounds: int = 0
    refused: int = 0
    slowest_refusal: float = 0.0
    opened_after_kill: int = 0
    losses: list[str] = field(default_factory=list)


def run_two_copies(rounds: int) -> CopiesTally:
    """The icon double-clicked twice, then the first copy killed and the icon clicked again."""
    tally = CopiesTally()
    command = [sys.executable, "-m", "hearts_desktop"]
    with tempfile.TemporaryDirectory(prefix="hearts-copies-") as folder:
        for _ in range(rounds):
            tally.rounds += 1
            first = subprocess.Popen(
                [sys.executable, "-m", "benchmarks", "persistence", "--windowed-child", folder],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=child_environment(),
            )
            try:
                assert first.stdout is not None
                first.stdout.readline()  # it has the lock and is playing
                started = time.perf_counter()
                second = subprocess.run(command + ["--data-dir", folder], capture_output=True, text=True,
                                        timeout=60, check=False, env=child_environment())
                took = time.perf_counter() - started
                tally.slowest_refusal = max(tally.slowest_refusal, took)
                if second.returncode != 0 and second.stderr.strip() == ALREADY_OPEN and took < REFUSAL_SECONDS:
                    tally.refused += 1
                else:
                    tally.losses.append(f"second copy: exit {second.returncode} after {took:.1f} s, "
                                        f"said {second.stderr.strip()[-200:]!r}")
                if first.poll() is not None:
                    tally.losses.append("the first copy stopped when the second started")
            finally:
                first.send_signal(signal.SIGKILL)
                first.wait()
            again = subprocess.run(command + ["--data-dir", folder, "--exit-after-first-frame"],
                                   capture_output=True, text=True, timeout=60, check=False, env=child_environment())
            if again.returncode == 0:
                tally.opened_after_kill += 1
            else:
                tally.losses.append(f"after the kill, a new copy failed: {again.stderr.strip()[-200:]!r}")
            _, _, messages = _next_start(Path(folder))
            if messages:
                tally.losses.append(f"the folder was damaged: {messages}")
    return tally


# --------------------------------------------------------------------------- in-process faults


class FullDisk(atomic.FileLayer):
    """New files whose names contain one of ``names`` fail as on a full disk."""

    def __init__(self, *names: str) -> None:
        self.names = names

    def create(self, path: Path, data: bytes) -> None:
        if any(name in path.name for name in self.names):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        super().create(path, data)


@dataclass
class CaseTally:
    cases: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    losses: list[str] = field(default_factory=list)

    def check(self, kind: str, problem: str) -> None:
        self.cases += 1
        self.kinds[kind] += 1
        if problem:
            self.losses.append(f"{kind}: {problem}")


def _game_before_its_end(rng: random.Random) -> tuple[Game, Game]:
    """A short game one move before its end, and the same game ended."""
    game = Game(SHORT_GAME, rng.randrange(2**32))
    while not game.over:
        game.apply(random_action(game, rng))
    return Game.replay(game.rules, game.seed, game.actions[:-1]), game


@contextmanager
def file_layer(layer: atomic.FileLayer) -> Iterator[None]:
    """Every change on disk goes through ``layer`` for a while."""
    previous, atomic.files = atomic.files, layer
    try:
        yield
    finally:
        atomic.files = previous


def run_full_disk(cases: int, seed: int) -> CaseTally:
    """A full disk when a game ends: for the statistics only (the result is kept in the save
    and counted at the next start) and for everything (the player is told it is lost)."""
    rng = random.Random(seed)
    tally = CaseTally()
    for case in range(cases):
        everything = case % 2 == 1
        before, ended = _game_before_its_end(rng)
        with tempfile.TemporaryDirectory(prefix="hearts-full-") as root:
            folder = Path(root)
            session = Session.open(folder)
            table = session.start_table(before, SEATS, InlineRunner(), Pace.INSTANT)
            session.game_changed(table)
            assert session.autosaver is not None
            session.autosaver.flush()
            with file_layer(FullDisk("statistics", "autosave") if everything else FullDisk("statistics")):
                table.game = ended
                session.game_changed(table)
                session.close()
            said = " ".join(session.take_messages())
            _, counted, messages = _next_start(folder)
            if everything:
                problem = "" if "is not in the statistics" in said else f"the lost result was not said: {said!r}"
                kind = "save and statistics refused"
            else:
                problem = "" if counted == [game_id(ended)] and not messages else (
                    f"the next start counted {counted}, said {messages}")
                if "counted at the next start" not in said:
                    problem = problem or f"the kept result was not said: {said!r}"
                kind = "statistics refused"
            tally.check(kind, problem)
    return tally


def run_lone_backups(cases: int, seed: int) -> CaseTally:
    """A save or statistics file gone (deleted, a dangling link), or a damaged save in a
    folder where nothing can be moved: the backup must be what the next start offers."""
    rng = random.Random(seed)
    tally = CaseTally()
    kinds: list[tuple[str, Callable[[DataPaths], None], atomic.FileLayer]] = [
        ("save deleted", lambda paths: paths.autosave.unlink(), atomic.FileLayer()),
        ("save a dangling link", _dangling_save, atomic.FileLayer()),
        ("statistics deleted", lambda paths: paths.statistics.unlink(), atomic.FileLayer()),
        ("damaged save, read-only folder", _truncate_save, ReadOnly()),
    ]
    for case in range(cases):
        kind, damage, layer = kinds[case % len(kinds)]
        later, ended = _game_before_its_end(rng)
        earlier = Game.replay(ended.rules, ended.seed, ended.actions[:-2])
        statistics = Statistics()
        statistics.record_game(ended, SEATS)
        with tempfile.TemporaryDirectory(prefix="hearts-lone-") as root:
            paths = DataPaths.resolve(root)
            save_game(paths.autosave, earlier, SEATS)
            save_game(paths.autosave, later, SEATS)
            save_statistics(paths.statistics, statistics)
            save_statistics(paths.statistics, Statistics())
            damage(paths)
            with file_layer(layer):
                session = Session(paths)
                messages = session.take_messages()
                session.close()
            if kind.startswith("statistics"):
                ok = session.statistics == statistics
            else:
                ok = session.saved is not None and session.saved.game.actions == earlier.actions
            tally.check(kind, "" if ok and len(messages) == 1 else f"the start said {messages}")
    return tally


def _dangling_save(paths: DataPaths) -> None:
    paths.autosave.unlink()
    paths.autosave.symlink_to(paths.data_dir / "gone" / "autosave.json")


def _truncate_save(paths: DataPaths) -> None:
    paths.autosave.write_bytes(paths.autosave.read_bytes()[:100])


class ReadOnly(atomic.FileLayer):
    """A folder where nothing can be created, moved or removed."""

    def create(self, path: Path, data: bytes) -> None:
        self._refuse(path)

    def link(self, source: Path, target: Path) -> None:
        self._refuse(target)

    def rename(self, source: Path, target: Path) -> None:
        self._refuse(target)

    def replace(self, source: Path, target: Path) -> None:
        self._refuse(target)

    def unlink(self, path: Path) -> None:
        self._refuse(path)

    @staticmethod
    def _refuse(path: Path) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))


# --------------------------------------------------------------------------- the report


@dataclass
class Figures:
    fuzz: dict[str, FuzzTally] = field(default_factory=dict)
    kills: KillTally | None = None
    copies: CopiesTally | None = None
    full_disk: CaseTally | None = None
    lone_backups: CaseTally | None = None
    power_cuts: PowerCutReport | None = None

    def problems(self) -> list[str]:
        found = [f"{kind}: {p}" for kind, t in self.fuzz.items() for p in t.crashes + t.overwritten]
        for part in (self.kills, self.copies, self.full_disk, self.lone_backups, self.power_cuts):
            if part is not None:
                found.extend(part.losses)
        return found


def measure(fuzz: int, kills: int, copies: int, full_disk: int, lone_backups: int, power_cuts: int,
            seed: int, out: IO[str] = sys.stdout) -> Figures:
    """Run each part (0 skips it), printing its figures as it ends."""
    figures = Figures()
    started = time.perf_counter()

    def stamp() -> str:
        return f"{time.perf_counter() - started:.0f} s"

    if fuzz:
        figures.fuzz = run_fuzz(fuzz, seed)
        print(f"Hostile files (at {stamp()}):", file=out)
        for kind, t in figures.fuzz.items():
            outcomes = ", ".join(f"{name} {n}" for name, n in sorted(t.outcomes.items()))
            print(f"  {kind:10} {t.cases} files: {len(t.crashes)} crashes, {len(t.overwritten)} silent "
                  f"overwrites ({outcomes})", file=out)
    if kills:
        k = figures.kills = run_kills(kills, seed)
        behind = ", ".join(f"{n}: {count}" for n, count in sorted(k.behind.items()))
        print(f"kill -9 of the windowed program while it autosaves (at {stamp()}): {k.kills} kills, "
              f"{k.saves_reported} saves and {k.finished_games} finished games reported, "
              f"{len(k.losses)} losses; moves not yet on disk at the kill: {behind}", file=out)
    if copies:
        c = figures.copies = run_two_copies(copies)
        print(f"two copies on one folder (at {stamp()}): {c.refused} of {c.rounds} second copies refused "
              f"in one sentence (slowest {c.slowest_refusal:.2f} s); {c.opened_after_kill} of {c.rounds} "
              f"starts after a kill -9 of the first opened; {len(c.losses)} losses", file=out)
    if full_disk:
        f = figures.full_disk = run_full_disk(full_disk, seed)
        print(f"full disk at the end of a game (at {stamp()}): {f.cases} games "
              f"({', '.join(f'{k} {n}' for k, n in sorted(f.kinds.items()))}), {len(f.losses)} losses", file=out)
    if lone_backups:
        b = figures.lone_backups = run_lone_backups(lone_backups, seed)
        print(f"lone backups (at {stamp()}): {b.cases} cases "
              f"({', '.join(f'{k} {n}' for k, n in sorted(b.kinds.items()))}), {len(b.losses)} losses", file=out)
    if power_cuts:
        report = figures.power_cuts = PowerCutReport()
        for scenario in range(power_cuts):
            report.add(run_power_cuts(seed + scenario))
        steps = ", ".join(f"{k} {n}" for k, n in sorted(report.steps_by_kind.items()))
        print(f"power cuts (at {stamp()}): {power_cuts} scenarios, {report.steps} cut points ({steps}), "
              f"{report.cuts} folders a cut could leave started from, {len(report.losses)} losses", file=out)
    for problem in figures.problems()[:20]:
        print(f"  ! {problem}", file=out)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks persistence", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fuzz", type=int, default=1000, help="hostile files of each kind")
    parser.add_argument("--kills", type=int, default=200, help="kill -9 of the windowed program")
    parser.add_argument("--copies", type=int, default=20, help="rounds of two copies at once")
    parser.add_argument("--full-disk", type=int, default=100, help="games ending on a full disk")
    parser.add_argument("--lone-backups", type=int, default=100, help="lost or damaged files with a backup")
    parser.add_argument("--power-cuts", type=int, default=20, help="scenarios cut at every step")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--windowed-child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.windowed_child is not None:
        return windowed_child(args.windowed_child)
    logging.basicConfig(level=logging.CRITICAL)  # the damage found is counted, not logged
    figures = measure(args.fuzz, args.kills, args.copies, args.full_disk, args.lone_backups, args.power_cuts,
                      args.seed)
    problems = figures.problems()
    if args.json:
        print(json.dumps({"problems": len(problems),
                          "power_cut_points": figures.power_cuts.steps if figures.power_cuts else 0,
                          "power_cuts": figures.power_cuts.cuts if figures.power_cuts else 0,
                          "kills": figures.kills.kills if figures.kills else 0}))
    return 1 if problems else 0
