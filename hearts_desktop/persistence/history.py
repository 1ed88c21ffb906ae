"""The game history: every finished game, newest last, with what replays it.

A game is ``(ruleset, seed, actions)``, so each past game keeps exactly that, with the seats
and the result the list shows without replaying anything. Only the newest
``HISTORY_LENGTH`` games are kept. The moves are one short text per game ("0 play QS;1 play
2S", ``action_to_json``'s words in a line): a game to 100 is about 6 kB, not the 27 kB of the
save's JSON, so adding a game at its end (read, add, write) takes under a tenth of a second
with all 200 kept (1.3 MB), not one and a half. Reading checks every field and the checksum but parses and replays
no move, so opening Statistics stays quick; a past game is replayed when it is opened
(``PastGame.replay``), and one that does not replay to its recorded result is refused then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from ..engine import Action, Game, IllegalMove, Ruleset, action_from_json, action_to_json
from ..language import N_
from .atomic import write_json_atomic
from .documents import (
    BackupReports,
    DocumentError,
    DocumentKind,
    LoadResult,
    Reports,
    get_int,
    get_list,
    get_time,
    load_document,
)
from .saves import MAX_SEED
from .seats import Seat, seats_from_json
from .stats import MAX_SCORE, game_id

HISTORY_LENGTH: Final = 200
# Translators: why a file could not be used; {problem} is a whole clause ("the file is damaged"), {aside},
# {path}, {first} and {second} are paths.
HISTORY: Final = DocumentKind(
    Reports(
        N_("The game history could not be used ({problem}), so the list of past games starts afresh; "
           "it was moved to {aside}."),
        N_("The game history could not be used ({problem}) or moved aside, so the list of past games starts "
           "afresh; it is still at {path}."),
    ),
    format="hearts-desktop-history",
    version=1,
    backup=BackupReports(
        N_("The game history could not be used ({problem}), so the list of past games as it was before the last "
           "game was loaded instead; the bad file was moved to {aside}."),
        N_("The game history could not be used ({problem}) or moved aside, so the list of past games as it was "
           "before the last game was loaded instead; the bad file is still at {path}."),
        N_("Neither the game history ({problem}) nor its backup could be used, so the list of past games starts "
           "afresh; both were kept, as {first} and {second}."),
        N_("The game history was missing and its backup could not be used ({problem}), so the list of past games "
           "starts afresh; the backup is kept at {path}."),
        N_("The game history was missing, so the list of past games as it was before the last game was loaded "
           "instead."),
    ),
    sealed_from=1,
)
# Translators: {cause} is a whole clause saying why ("the disk is full").
UNSAVED: Final = N_("The game history could not be saved: {cause}.")
MAX_ID_LENGTH: Final = 200
MOVE_SEPARATOR: Final = ";"


class UnplayableGame(ValueError):
    """A past game whose moves do not give its recorded result (the file was edited)."""


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game: when, under which rules, who sat where, what replays it, how it ended."""

    game_id: str
    finished_at: datetime
    rules: Ruleset
    seed: int
    seats: tuple[Seat, ...]
    moves: str
    """The actions, in ``moves_text``'s words; parsed when the game is replayed."""
    totals: tuple[int, ...]
    winner: int

    @classmethod
    def of(cls, game: Game, seats: Sequence[Seat], finished_at: datetime) -> PastGame:
        if game.winner is None:
            raise ValueError("only a finished game goes into the history")
        return cls(game_id(game), finished_at.replace(microsecond=0), game.rules, game.seed, tuple(seats),
                   moves_text(game.actions), tuple(game.totals), game.winner)

    def replay(self) -> Game:
        """The whole game again; raises UnplayableGame when its moves do not give its result."""
        try:
            game = Game.replay(self.rules, self.seed, actions_of(self.moves))
        except (IllegalMove, ValueError) as error:
            raise UnplayableGame(str(error)) from error
        if (tuple(game.totals), game.winner) != (self.totals, self.winner):
            raise UnplayableGame(f"its moves give {game.totals}, not the recorded {list(self.totals)}")
        return game

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "finished_at": self.finished_at.isoformat(timespec="seconds"),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "seats": [seat.to_dict() for seat in self.seats],
            "moves": self.moves,
            "totals": list(self.totals),
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Any) -> PastGame:
        if not isinstance(data, dict):
            raise DocumentError("a past game must be an object")
        identity = data.get("game_id")
        if not isinstance(identity, str) or not identity or len(identity) > MAX_ID_LENGTH:
            raise DocumentError(f"game_id must be a short text, not {identity!r:.60}")
        try:
            rules = Ruleset.from_dict(data.get("rules"))
        except ValueError as error:
            raise DocumentError(str(error)) from error
        moves = data.get("moves")
        if not isinstance(moves, str):
            raise DocumentError("moves must be a text")
        totals = get_list(data, "totals")
        if len(totals) != rules.players:
            raise DocumentError(f"totals must hold {rules.players} scores")
        return cls(
            identity,
            get_time(data, "finished_at"),
            rules,
            get_int(data, "seed", 0, MAX_SEED),
            seats_from_json(data.get("seats"), rules.players),
            moves,
            tuple(get_int({"total": t}, "total", -MAX_SCORE, MAX_SCORE) for t in totals),
            get_int(data, "winner", 0, rules.players - 1),
        )


@dataclass(slots=True)
class GameHistory:
    """The past games, oldest first."""

    games: list[PastGame] = field(default_factory=list)

    def record(self, game: Game, seats: Sequence[Seat], finished_at: datetime) -> bool:
        """Add a finished game, dropping the oldest beyond ``HISTORY_LENGTH``; False if it
        is already here (a game reported again is kept once)."""
        past = PastGame.of(game, seats, finished_at)
        if any(kept.game_id == past.game_id for kept in self.games):
            return False
        self.games = (self.games + [past])[-HISTORY_LENGTH:]
        return True

    def to_dict(self) -> dict[str, Any]:
        return HISTORY.sealed(HISTORY.envelope() | {"games": [past.to_dict() for past in self.games]})

    @classmethod
    def from_dict(cls, body: dict[str, Any]) -> GameHistory:
        games = get_list(body, "games")
        if len(games) > HISTORY_LENGTH:
            raise DocumentError(f"more than {HISTORY_LENGTH} past games")
        return cls([PastGame.from_dict(item) for item in games])


def moves_text(actions: Sequence[Action]) -> str:
    """Actions as one line: each is its save words without the JSON ("0 pass QS KS AH")."""
    words = []
    for action in actions:
        fields = action_to_json(action)
        seat = fields.pop("seat")
        [(kind, value)] = fields.items()
        words.append(f"{seat} {kind} {value}")
    return MOVE_SEPARATOR.join(words)


def actions_of(moves: str) -> list[Action]:
    """``moves_text``'s actions back; a malformed one raises ValueError."""
    actions = []
    for move in moves.split(MOVE_SEPARATOR) if moves else ():
        seat, kind, value = move.split(" ", 2)
        actions.append(action_from_json({"seat": int(seat), kind: value}))
    return actions


def load_history(path: Path) -> LoadResult[GameHistory]:
    """The past games, or none; never raises on a bad file (it is set aside, and said)."""
    loaded = load_document(path, HISTORY, GameHistory.from_dict)
    return LoadResult(GameHistory() if loaded.value is None else loaded.value, loaded.messages)


def save_history(path: Path, history: GameHistory) -> None:
    """Write the history, keeping the previous file as a backup; raises StorageError."""
    write_json_atomic(path, history.to_dict(), unsaved=UNSAVED, keep_backup=True)
