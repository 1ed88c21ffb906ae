"""A simulated power cut at every step of the save code.

The session's real code runs over a file layer that performs each change and records it:
every file created, written and fsynced, every link, rename and unlink, every fsync of the
folder. A power cut after step k keeps only what the disk must keep: the folder as of its
last fsync plus some of the renames, links and unlinks after it, in the order they were made
(a journal replays a prefix of them; every prefix is tried), and in each file only the bytes
it fsynced, or, for a file written but not yet synced, half of them (a torn write). The next
start then opens that folder like the program does, and what it offers must be what the
player had either just before or just after the step being taken when the power went: the
saved game (which one, how many moves) and the games counted in the statistics. Anything
else (a game lost or counted twice, a damaged file, a backup standing alone) is a loss.

The scenario: a game is played to its last moves, saved after each; it ends (saved, counted,
its save forgotten); a new game is started and saved a few times (from the person's first
move on). Nothing but the game and
the statistics is written, so every cut point is one of theirs.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.session import Session, person_moved
from hearts_desktop.engine import Game, Ruleset
from hearts_desktop.persistence import Seat, atomic
from hearts_desktop.persistence.stats import game_id
from hearts_desktop.words import Level, Pace, SeatKind

from .hostile_files import random_action

SEATS = (Seat("Anna", SeatKind.HUMAN),) + tuple(Seat(name, SeatKind.COMPUTER, Level.EASY) for name in ("Bo", "Cy", "Di"))

Op = tuple[str, ...]
"""("create", name) ("write", name) ("fsync", name) ("link", source, target)
("rename", source, target) ("unlink", name) ("fsync_dir",) or ("mark", index)."""


class RecordingFiles(atomic.FileLayer):
    """The real file layer, writing down each change (file names only: one folder)."""

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.data: dict[int, bytes] = {}
        """What each "write" step wrote, by its index in ``ops``."""

    def create(self, path: Path, data: bytes) -> None:
        super().create(path, data)
        self.ops.append(("create", path.name))
        self.data[len(self.ops)] = data
        self.ops.append(("write", path.name))
        self.ops.append(("fsync", path.name))

    def link(self, source: Path, target: Path) -> None:
        super().link(source, target)
        self.ops.append(("link", source.name, target.name))

    def replace(self, source: Path, target: Path) -> None:
        super().replace(source, target)
        self.ops.append(("rename", source.name, target.name))

    def rename(self, source: Path, target: Path) -> None:
        super().rename(source, target)
        self.ops.append(("rename", source.name, target.name))

    def unlink(self, path: Path) -> None:
        existed = path.exists() or path.is_symlink()
        super().unlink(path)
        if existed:
            self.ops.append(("unlink", path.name))

    def sync_folder(self, folder: Path) -> None:
        super().sync_folder(folder)
        self.ops.append(("fsync_dir",))


@dataclass
class Inode:
    data: bytes = b""
    synced: bytes = b""


@dataclass
class Disk:
    """The folder as the program sees it (``names``) and as a power cut would leave it
    (``synced_names`` plus a prefix of ``unsynced``)."""

    inodes: list[Inode] = field(default_factory=list)
    names: dict[str, int] = field(default_factory=dict)
    synced_names: dict[str, int] = field(default_factory=dict)
    unsynced: list[Op] = field(default_factory=list)

    @classmethod
    def of(cls, files: dict[str, bytes]) -> Disk:
        disk = cls()
        for name, data in files.items():
            disk.inodes.append(Inode(data, data))
            disk.names[name] = len(disk.inodes) - 1
        disk.synced_names = dict(disk.names)
        return disk

    def apply(self, op: Op, written: bytes | None) -> None:
        kind = op[0]
        if kind == "write":
            self.inodes[self.names[op[1]]].data = written or b""
        elif kind == "fsync":
            inode = self.inodes[self.names[op[1]]]
            inode.synced = inode.data
        elif kind == "fsync_dir":
            self.synced_names = dict(self.names)
            self.unsynced = []
        elif kind != "mark":
            if kind == "create":
                self.inodes.append(Inode())
            _rename(self.names, op, len(self.inodes) - 1)
            self.unsynced.append(op)

    def after_cut(self, kept: int, torn: bool) -> dict[str, bytes]:
        """The files a power cut leaves, keeping the first ``kept`` unsynced changes."""
        names = dict(self.synced_names)
        created = len(self.inodes) - sum(op[0] == "create" for op in self.unsynced)
        for op in self.unsynced[:kept]:
            if op[0] == "create":
                created += 1
            _rename(names, op, created - 1)
        files = {}
        for name, number in names.items():
            inode = self.inodes[number]
            unsynced = inode.data != inode.synced
            files[name] = inode.data[: len(inode.data) // 2] if torn and unsynced else inode.synced
        return files


def _rename(names: dict[str, int], op: Op, new_inode: int) -> None:
    """One metadata change on a name table; a change whose source is gone (its creation was
    lost in the cut) does nothing, as on a disk."""
    kind = op[0]
    if kind == "create":
        names[op[1]] = new_inode
    elif kind == "unlink":
        names.pop(op[1], None)
    elif op[1] in names:
        names[op[2]] = names[op[1]] if kind == "link" else names.pop(op[1])


Outcome = tuple[tuple[int, int] | None, tuple[str, ...], tuple[str, ...]]
"""What a start offers: the saved game (seed, moves), the games counted, the messages."""


def next_start(folder: Path) -> Outcome:
    """Open ``folder`` as the program does and say what the player is offered."""
    session = Session.open(folder)
    try:
        saved = None if session.saved is None else (session.saved.game.seed, len(session.saved.game.actions))
        counted = tuple(sorted(r.game_id for r in session.statistics.profile(SEATS[0].name).recent))
        return saved, counted, tuple(session.take_messages())
    finally:
        session.close()


def _materialize(files: dict[str, bytes], folder: Path) -> None:
    for old in folder.iterdir():
        old.unlink()
    for name, data in files.items():
        (folder / name).write_bytes(data)


@dataclass
class PowerCutReport:
    steps: int = 0
    """Recorded steps: each is a cut point."""
    cuts: int = 0
    """Folders a cut could leave, each started from."""
    steps_by_kind: dict[str, int] = field(default_factory=dict)
    losses: list[str] = field(default_factory=list)

    def add(self, other: PowerCutReport) -> None:
        self.steps += other.steps
        self.cuts += other.cuts
        for kind, count in other.steps_by_kind.items():
            self.steps_by_kind[kind] = self.steps_by_kind.get(kind, 0) + count
        self.losses.extend(other.losses)


def scenario(seed: int, before_end: int, after_end: int) -> Iterator[tuple[Game, Session]]:
    """A game played to ``before_end`` moves from its end, then the scenario's steps: each
    yields once the step's writes are done. Nothing is recorded until the first yield."""
    rng = random.Random(seed)
    game = Game(Ruleset(target=26), rng.randrange(2**32))
    ending = game.copy()
    while not ending.over:
        ending.apply(random_action(ending, rng))
    moves = ending.actions
    with tempfile.TemporaryDirectory(prefix="hearts-power-") as root:
        folder = Path(root)
        session = Session.open(folder)
        table = session.start_table(game, SEATS, InlineRunner(), Pace.INSTANT)
        for action in moves[: len(moves) - before_end - 1]:
            game.apply(action)
        session.game_changed(table)
        assert session.autosaver is not None
        session.autosaver.flush()
        yield game, session
        for action in moves[len(moves) - before_end - 1:]:
            game.apply(action)
            session.game_changed(table)
            session.autosaver.flush()
            yield game, session
        game = Game(Ruleset(target=26), rng.randrange(2**32))
        table = session.start_table(game, SEATS, InlineRunner(), Pace.INSTANT)
        saves = 0
        while saves < after_end:  # the computers' moves first are not saved: only from Anna's first on
            game.apply(random_action(game, rng))
            saves += person_moved(game, SEATS)
            session.game_changed(table)
            session.autosaver.flush()
            yield game, session
        session.close()


def run_power_cuts(seed: int, before_end: int = 6, after_end: int = 4) -> PowerCutReport:
    """Record one scenario, then cut the power at every step of it."""
    layer = RecordingFiles()
    expected: list[Outcome] = []
    start: dict[str, bytes] = {}
    previous = atomic.files
    steps = scenario(seed, before_end, after_end)
    game, session = next(steps)
    assert session.paths is not None
    folder = session.paths.data_dir
    counted: tuple[str, ...] = ()

    def snapshot() -> dict[str, bytes]:
        return {f.name: f.read_bytes() for f in folder.iterdir() if f.name != "hearts-desktop.lock"}

    start = snapshot()
    expected.append(((game.seed, len(game.actions)), counted, ()))
    atomic.files = layer
    try:
        for game, _session in steps:
            if game.over:
                counted = tuple(sorted((*counted, game_id(game))))
            saved = (game.seed, len(game.actions)) if not game.over and person_moved(game, SEATS) else None
            layer.ops.append(("mark", str(len(expected))))
            expected.append((saved, counted, ()))
    finally:
        atomic.files = previous
    return check_cuts(layer, start, expected)


def check_cuts(layer: RecordingFiles, start: dict[str, bytes], expected: list[Outcome]) -> PowerCutReport:
    """Start from every folder a power cut at any recorded step could leave."""
    report = PowerCutReport()
    disk = Disk.of(start)
    mark = 0
    with tempfile.TemporaryDirectory(prefix="hearts-cut-") as root:
        folder = Path(root)
        for index, op in enumerate(layer.ops):
            if op[0] == "mark":
                mark = int(op[1])
                continue
            disk.apply(op, layer.data.get(index))
            report.steps += 1
            report.steps_by_kind[op[0]] = report.steps_by_kind.get(op[0], 0) + 1
            allowed = expected[mark: mark + 2]
            seen = set()
            for kept in range(len(disk.unsynced) + 1):
                for torn in (False, True):
                    files = disk.after_cut(kept, torn)
                    key = tuple(sorted(files.items()))
                    if key in seen:
                        continue
                    seen.add(key)
                    _materialize(files, folder)
                    outcome = next_start(folder)
                    report.cuts += 1
                    if outcome not in allowed:
                        report.losses.append(
                            f"cut after step {index} {op} (kept {kept} unsynced, torn {torn}): "
                            f"started with {outcome}, expected one of {allowed}"
                        )
    return report
