"""Statistics per player profile (a person's name), by the difficulty of the opponents.

Recorded from a finished game's own results, so they can never disagree with the score
sheet. Each game carries an id: recording the same game twice (the program stopped between
recording it and forgetting its save) counts it once. From version 3 a game also carries
the coach's accuracy for that person (mean cost per decision), added when the coach has
judged the game in the background; version 2 files read as games not reviewed.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from ..engine import Game
from ..engine.cards import QUEEN_OF_SPADES
from ..language import N_
from ..words import Level, SeatKind
from .atomic import write_json_atomic
from .documents import (
    BackupReports,
    DocumentError,
    DocumentKind,
    LoadResult,
    Reports,
    get_int,
    get_list,
    get_object,
    get_time,
    is_number,
    load_document,
    read_document,
)
from .seats import MAX_NAME_LENGTH, Seat

RECENT_GAMES: Final = 20
MAX_COUNT: Final = 10**9
MAX_SCORE: Final = 10**6
# Translators: why a file could not be used; {problem} is a whole clause ("the file is damaged"), {aside},
# {path}, {first} and {second} are paths.
STATISTICS: Final = DocumentKind(
    Reports(
        N_("The statistics file could not be used ({problem}), so the statistics start afresh; "
           "it was moved to {aside}."),
        N_("The statistics file could not be used ({problem}) or moved aside, so the statistics start afresh; "
           "it is still at {path}."),
    ),
    format="hearts-desktop-statistics",
    version=3,
    backup=BackupReports(
        N_("The statistics file could not be used ({problem}), so the statistics as they were before the last "
           "game were loaded instead; the bad file was moved to {aside}."),
        N_("The statistics file could not be used ({problem}) or moved aside, so the statistics as they were "
           "before the last game were loaded instead; the bad file is still at {path}."),
        N_("Neither the statistics file ({problem}) nor its backup could be used, so the statistics start "
           "afresh; both were kept, as {first} and {second}."),
        N_("The statistics file was missing and its backup could not be used ({problem}), so the statistics "
           "start afresh; the backup is kept at {path}."),
        N_("The statistics file was missing, so the statistics as they were before the last game were loaded "
           "instead."),
    ),
    sealed_from=2,
)
# Translators: {cause} is a whole clause saying why ("the disk is full").
UNSAVED: Final = N_("The statistics could not be saved: {cause}.")


@dataclass(slots=True)
class Tally:
    """Totals over a set of games; ``best`` and ``worst`` are final totals (low is good)."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    moons: int = 0
    queens: int = 0
    best: int | None = None
    worst: int | None = None

    @property
    def average_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.hands += other.hands
        self.points += other.points
        self.moons += other.moons
        self.queens += other.queens
        if other.best is not None:
            self.best = other.best if self.best is None else min(self.best, other.best)
        if other.worst is not None:
            self.worst = other.worst if self.worst is None else max(self.worst, other.worst)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Tally:
        if not isinstance(data, dict):
            raise DocumentError("a tally must be an object")
        counts = {name: get_int(data, name, 0, MAX_COUNT) for name in _COUNTS}
        best, worst = (
            None if data.get(name) is None else get_int(data, name, -MAX_SCORE, MAX_SCORE)
            for name in ("best", "worst")
        )
        points = get_int(data, "points", -MAX_COUNT, MAX_COUNT)
        return cls(**counts, points=points, best=best, worst=worst)


_COUNTS: Final = ("games", "wins", "hands", "moons", "queens")


@dataclass(frozen=True, slots=True)
class Accuracy:
    """The coach's verdict on one person's game: the mean cost of a decision, in points
    (lower is better), over how many decisions."""

    mean_cost: float
    decisions: int

    @classmethod
    def from_dict(cls, data: Any) -> Accuracy | None:
        if data is None:
            return None
        if not isinstance(data, dict):
            raise DocumentError("an accuracy must be an object")
        cost: Any = data.get("mean_cost")
        if not is_number(cost) or not 0 <= cost <= MAX_SCORE:
            raise DocumentError(f"mean_cost must be a number of points, not {cost!r:.40}")
        return cls(float(cost), get_int(data, "decisions", 1, MAX_COUNT))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game as one player saw it, for the charts of recent results."""

    game_id: str
    finished_at: datetime
    opponents: str
    total: int
    won: bool
    hands: int
    accuracy: Accuracy | None = None
    """None until the coach has judged the game (and for ever if it never did)."""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self) | {"finished_at": self.finished_at.isoformat(timespec="seconds")}

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise DocumentError("a game record must be an object")
        texts = [data.get("game_id"), data.get("opponents")]
        if not all(isinstance(t, str) and len(t) <= 200 for t in texts) or not isinstance(
            data.get("won"), bool
        ):
            raise DocumentError("a game record needs game_id, opponents and won")
        return cls(
            data["game_id"],
            get_time(data, "finished_at"),
            data["opponents"],
            get_int(data, "total", -MAX_SCORE, MAX_SCORE),
            data["won"],
            get_int(data, "hands", 0, MAX_COUNT),
            Accuracy.from_dict(data.get("accuracy")),  # absent before version 3: not reviewed
        )


@dataclass(slots=True)
class Profile:
    """One person's statistics: tallies keyed by the opponents ("3x medium"), and the
    last ``RECENT_GAMES`` games, oldest first."""

    by_opponents: dict[str, Tally] = field(default_factory=dict)
    recent: list[GameRecord] = field(default_factory=list)

    @property
    def overall(self) -> Tally:
        total = Tally()
        for tally in self.by_opponents.values():
            total.add(tally)
        return total

    def to_dict(self) -> dict[str, Any]:
        return {
            "by_opponents": {key: t.to_dict() for key, t in self.by_opponents.items()},
            "recent": [r.to_dict() for r in self.recent],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Profile:
        if not isinstance(data, dict):
            raise DocumentError("a profile must be an object")
        tallies = get_object(data, "by_opponents")
        recent = get_list(data, "recent")
        if len(recent) > RECENT_GAMES:
            raise DocumentError(f"more than {RECENT_GAMES} recent games")
        return cls(
            {key: Tally.from_dict(value) for key, value in tallies.items()},
            [GameRecord.from_dict(item) for item in recent],
        )


@dataclass(slots=True)
class Statistics:
    """Every profile's statistics, keyed by the person's name."""

    profiles: dict[str, Profile] = field(default_factory=dict)

    def record_game(self, game: Game, seats: Sequence[Seat], finished_at: datetime | None = None) -> bool:
        """Add a finished game for each person at the table; False if it was already counted."""
        if not game.over:
            raise ValueError("only a finished game can be recorded")
        identity = game_id(game)
        humans = [seat for seat, s in enumerate(seats) if s.is_human]
        if any(r.game_id == identity for s in humans for r in self.profile(seats[s].name).recent):
            return False
        when = (finished_at or datetime.now().astimezone()).replace(microsecond=0)
        for seat in humans:
            profile = self.profiles.setdefault(seats[seat].name, Profile())
            key = opponents_key(seats, seat)
            profile.by_opponents.setdefault(key, Tally()).add(game_tally(game, seat))
            record = GameRecord(
                identity, when, key, game.totals[seat], game.winner == seat, len(game.results)
            )
            profile.recent = (profile.recent + [record])[-RECENT_GAMES:]
        return True

    def record_accuracy(self, name: str, identity: str, accuracy: Accuracy) -> bool:
        """Add the coach's accuracy to ``name``'s record of a game; False if that game is
        not among their recent games (their statistics were reset meanwhile)."""
        profile = self.profiles.get(name)
        if profile is None:
            return False
        for index, record in enumerate(profile.recent):
            if record.game_id == identity:
                profile.recent[index] = dataclasses.replace(record, accuracy=accuracy)
                return True
        return False

    def profile(self, name: str) -> Profile:
        """The named person's profile (empty and unsaved until a game is recorded)."""
        return self.profiles[name] if name in self.profiles else Profile()

    def reset(self, name: str | None = None) -> None:
        """Forget one person's statistics, or everyone's (the screen asks first)."""
        if name is None:
            self.profiles.clear()
        else:
            self.profiles.pop(name, None)

    def to_dict(self) -> dict[str, Any]:
        return STATISTICS.sealed(STATISTICS.envelope() | {
            "profiles": {name: p.to_dict() for name, p in self.profiles.items()}
        })

    @classmethod
    def from_dict(cls, body: dict[str, Any]) -> Statistics:
        profiles = get_object(body, "profiles")
        for name in profiles:
            if not name or len(name) > MAX_NAME_LENGTH:
                raise DocumentError(f"{name!r:.40} is not a player's name")
        return cls({name: Profile.from_dict(value) for name, value in profiles.items()})


def game_tally(game: Game, seat: int) -> Tally:
    """One finished game's figures for one seat."""
    total = game.totals[seat]
    return Tally(
        games=1,
        wins=int(game.winner == seat),
        hands=len(game.results),
        points=total,
        moons=sum(r.moon_shooter == seat for r in game.results),
        queens=sum(r.taken[seat] >> QUEEN_OF_SPADES & 1 for r in game.results),
        best=total,
        worst=total,
    )


def game_id(game: Game) -> str:
    """Names one finished game: its seed, its length and how it ended."""
    return f"{game.seed}:{len(game.actions)}:{'/'.join(map(str, game.totals))}"


def opponents_key(seats: Sequence[Seat], seat: int) -> str:
    """The company one player kept, weakest first: "3x medium", "1x easy + 2x hard",
    with other people counted as "human"."""
    others = Counter(SeatKind.HUMAN if s.is_person else s.level for i, s in enumerate(seats) if i != seat)
    order = (SeatKind.HUMAN, *Level)
    return " + ".join(f"{others[kind]}x {kind}" for kind in order if others[kind])


def load_statistics(path: Path) -> LoadResult[Statistics]:
    """The saved statistics, or empty ones; never raises on a bad file."""
    loaded = load_document(path, STATISTICS, Statistics.from_dict)
    statistics = Statistics() if loaded.value is None else loaded.value
    return LoadResult(statistics, loaded.messages)


def reread_statistics(path: Path) -> Statistics | None:
    """The statistics on disk now, if they can be read: a write starts from them, so a game
    counted by another copy (an older version takes no lock) is never written over."""
    try:
        return read_document(path, STATISTICS, Statistics.from_dict)
    except DocumentError:
        return None


def save_statistics(path: Path, statistics: Statistics) -> None:
    """Write the statistics, keeping the previous file as a backup; raises StorageError."""
    write_json_atomic(path, statistics.to_dict(), unsaved=UNSAVED, keep_backup=True)
