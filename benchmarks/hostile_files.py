"""Hostile files: saves, settings, statistics, the coach's reviews and the finished games kept for the coach made from valid ones by truncation, bit
flips, wrong types, huge numbers, deep nesting, non-UTF-8 bytes, NaN, giant strings, future
versions and illegal action lists. Each is loaded the way the program starts, then the
program saves as it would; a crash is any exception, and an overwrite is a rejected file
whose original bytes are no longer anywhere in the folder.
"""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from hearts_desktop.coach.game import HandReview, review_hand
from hearts_desktop.coach.review import CoachBudget
from hearts_desktop.coach.stored import load_reviews, review_key, reviews_document, save_reviews
from hearts_desktop.engine import PRESETS, Action, Game
from hearts_desktop.persistence import (
    CARD_BACKS,
    DECKS,
    DataPaths,
    NewGameSetup,
    Seat,
    Settings,
    Statistics,
    load_game,
    load_settings,
    load_statistics,
    save_game,
    save_settings,
    save_statistics,
)
from hearts_desktop.persistence.atomic import encode_json
from hearts_desktop.persistence.saves import (
    UNJUDGED,
    keep_unjudged,
    load_unjudged,
    save_document,
    unjudged_path,
)
from hearts_desktop.persistence.seats import DEFAULT_NAMES
from hearts_desktop.persistence.stats import Accuracy, game_id
from hearts_desktop.words import Level, Pace, SeatKind

DEEP = 100_000
GIANT = 2_000_000
POOL = 12  # valid documents per kind that the hostile files are made from


# --------------------------------------------------------------------------- random play


def random_action(game: Game, rng: random.Random) -> Action:
    """Any legal action of any seat the game waits for: the autoplay child's policy."""
    return game.hand.random_action(rng.choice(game.to_act()), rng)


def random_table(rng: random.Random) -> tuple[Game, tuple[Seat, ...]]:
    """A new game under a random preset, with a person and computers of random levels."""
    rules = rng.choice(PRESETS).rules
    seats = tuple(
        Seat(DEFAULT_NAMES[i], SeatKind.HUMAN if i == 0 else SeatKind.COMPUTER, rng.choice(tuple(Level)))
        for i in range(rules.players)
    )
    return Game(rules, rng.getrandbits(32)), seats


def play(game: Game, rng: random.Random, actions: int) -> Game:
    while actions > 0 and not game.over:
        game.apply(random_action(game, rng))
        actions -= 1
    return game


# --------------------------------------------------------------------------- fuzzing

UNJUDGED_ID = "7:312:26/52/13/39"
"""A statistics' game id: where a kept game's file is planted."""
TOKEN_BUDGET = CoachBudget(first=4, batch=4, most=4, pass_screen=2)

Kind = str  # "save", "settings", "statistics", "reviews" or "unjudged"
KINDS: tuple[Kind, ...] = ("save", "settings", "statistics", "reviews", "unjudged")
GAME_KINDS = ("save", "unjudged")
"""Kinds holding a game: compared by the game's moves, not by equality."""


def valid_document(kind: Kind, rng: random.Random) -> dict[str, Any]:
    """A document the program itself could have written."""
    if kind == "save":
        game, seats = random_table(rng)
        play(game, rng, rng.randrange(0, 300))
        return save_document(game, seats, datetime(2026, 12, 2, 12, 0))
    if kind == "settings":
        game, seats = random_table(rng)
        settings = Settings(
            pace=rng.choice(tuple(Pace)),
            deck=rng.choice(DECKS),
            card_back=rng.choice(CARD_BACKS),
            large_cards=rng.random() < 0.5,
            volume=rng.random(),
            new_game=NewGameSetup.of(seats, game.rules),
        )
        return settings.to_dict()
    if kind == "reviews":
        return reviews_document(dict(random_reviews(rng)))
    if kind == "unjudged":
        game, seats = random_table(rng)
        return save_document(play(game, rng, 10**6), seats, datetime(2026, 12, 2, 12, 0), UNJUDGED)
    statistics = Statistics()
    for _ in range(rng.randrange(1, 3)):
        game, seats = random_table(rng)
        statistics.record_game(play(game, rng, 10**6), seats)
        if rng.random() < 0.7:  # the coach judged it
            statistics.record_accuracy(seats[0].name, game_id(game), Accuracy(rng.random() * 3, rng.randrange(1, 400)))
    return statistics.to_dict()


def random_reviews(rng: random.Random) -> Iterator[tuple[str, HandReview]]:
    """A hand or two the coach judged (on a token budget: the file is what is tested)."""
    for _ in range(rng.randrange(1, 3)):
        game, _ = random_table(rng)
        while not game.results:
            game.apply(random_action(game, rng))
        review = review_hand(game.rules, game.seed, game.actions, 0, 0, budget=TOKEN_BUDGET)
        yield review_key(game.rules, game.seed, 0, 0, TOKEN_BUDGET, game.actions), review


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _nodes(item, path + (index,))


def _replace_node(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return document


MARK = "\u0000fuzz-mark\u0000"


def _structural(document: dict[str, Any], rng: random.Random) -> tuple[str, bytes]:
    """Change one node of the parsed document, then serialise it as the program would."""
    path = rng.choice(list(_nodes(document))[1:] or [()])
    choice = rng.randrange(7)
    if choice == 0:
        label, new = "wrong type", rng.choice(["text", 7, 2.5, True, None, [], {}, [1, "x"], {"a": 1}])
    elif choice == 1:
        huge = [10 ** rng.randrange(19, 4000), -(10**300), 1e308, -1e308, 2**64]
        label, new = "huge number", rng.choice(huge)
    elif choice == 2:
        label, new = "giant string", "x" * GIANT
    elif choice == 3:
        label, new = "deep nesting", MARK
    elif choice == 4 and len(path) >= 1:
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        del parent[path[-1]]
        return "missing key or item", encode_json(document)
    elif choice == 5:
        label, new = "NaN or Infinity", MARK + "nan"
    else:
        label = "unknown key"
        document["added_" + str(rng.randrange(100))] = {"nested": [1, 2, 3]}
        return label, encode_json(document)
    text = encode_json(_replace_node(document, path, new)).decode("utf-8")
    marker = json.dumps(MARK, ensure_ascii=False)
    not_a_number = rng.choice(["NaN", "Infinity", "-Infinity"])
    text = text.replace(json.dumps(MARK + "nan", ensure_ascii=False), not_a_number)
    text = text.replace(marker, "[" * DEEP + "]" * DEEP)
    return label, text.encode("utf-8")


def _textual(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """Damage the bytes as a crash, a disk or a careless editor would."""
    choice = rng.randrange(10)
    if choice == 0:
        return "truncated", data[: rng.randrange(len(data))]
    if choice == 1:
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            position = rng.randrange(len(flipped))
            flipped[position] ^= 1 << rng.randrange(8)
        return "bit flips", bytes(flipped)
    if choice == 2:
        position = rng.randrange(len(data))
        invalid = rng.choice([b"\xff\xfe", b"\xc3", b"\x80\x80", b"\xed\xa0\x80"])
        return "non-UTF-8", data[:position] + invalid + data[position:]
    if choice == 3:
        return "non-UTF-8", data.decode("utf-8").encode(rng.choice(["utf-16", "utf-32", "cp1252"]), "replace")
    if choice == 4:
        return "empty", rng.choice([b"", b"   \n", b"\x00" * 4096])
    if choice == 5:
        return "wrong type", rng.choice([b"null", b"[]", b"42", b'"save"', b"true", b"[" + data + b"]"])
    if choice == 6:
        return "random bytes", rng.randbytes(rng.randrange(1, 5000))
    if choice == 7:
        start = rng.randrange(len(data))
        return "span deleted", data[:start] + data[start + rng.randrange(1, 200):]
    if choice == 8:
        numbers = list(re.finditer(rb"\d+", data))
        if numbers:
            number = rng.choice(numbers)
            return "huge number", data[: number.start()] + b"9" * 5000 + data[number.end():]
    return "deep nesting", b"[" * DEEP + b"]" * DEEP


def _semantic_save(document: dict[str, Any], rng: random.Random) -> tuple[str, bytes]:
    """Valid JSON that is not a valid save: a newer version or moves the rules forbid."""
    actions = document["actions"]
    choice = rng.randrange(4)
    if choice == 0:
        document["version"] = rng.choice([3, 99, 10**30])
        return "future version", encode_json(document)
    if choice == 1 and len(actions) >= 2:
        i, j = sorted(rng.sample(range(len(actions)), 2))
        actions[i], actions[j] = actions[j], actions[i]
        return "actions reordered", encode_json(document)
    if choice == 2 and actions:
        target = rng.randrange(len(actions))
        key = next(k for k in ("pass", "play", "moon") if k in actions[target])
        actions[target][key] = rng.choice(["QS", "2C", "AH", "XX", "", "QS QS QS", "add-to-others"])
        return "action changed", encode_json(document)
    document["seed"] = document["seed"] + 1
    if actions:
        actions.append(actions[-1])
    return "seed changed", encode_json(document)


def fuzz_case(kind: Kind, document: dict[str, Any], rng: random.Random) -> tuple[str, bytes]:
    """One hostile file made from a valid ``document`` of ``kind`` (changed in place), with
    a label saying what was done to it."""
    roll = rng.random()
    if kind == "save" and roll < 0.2:
        return _semantic_save(document, rng)
    if roll < 0.55:
        return _structural(document, rng)
    if kind != "save" and roll < 0.6:
        document["version"] = rng.choice([3, 99])
        return "future version", encode_json(document)
    return _textual(encode_json(document), rng)


@dataclass
class FuzzTally:
    cases: int = 0
    crashes: list[str] = field(default_factory=list)
    overwritten: list[str] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    labels: Counter[str] = field(default_factory=Counter)


def _load_and_save(kind: Kind, paths: DataPaths, rng: random.Random) -> tuple[Any, list[str]]:
    """Start as the program does, then save as it would after the player's next action."""
    if kind == "save":
        loaded = load_game(paths.autosave)
        game, seats = (
            random_table(rng) if loaded.value is None else (loaded.value.game, loaded.value.seats)
        )
        if not game.over:
            game.apply(random_action(game, rng))
        save_game(paths.autosave, game, seats)
        return loaded.value, loaded.messages
    if kind == "settings":
        settings = load_settings(paths.settings)
        save_settings(paths.settings, settings.value)
        return settings.value, settings.messages
    if kind == "reviews":
        reviews = load_reviews(paths.reviews)
        save_reviews(paths.reviews, reviews.value)
        return reviews.value, reviews.messages
    if kind == "unjudged":
        path = unjudged_path(paths.unjudged, UNJUDGED_ID)
        kept = load_unjudged(path)
        if kept.value is not None:  # kept again, as when the game ends once more
            keep_unjudged(path, kept.value.game, kept.value.seats)
        return kept.value, kept.messages
    statistics = load_statistics(paths.statistics)
    save_statistics(paths.statistics, statistics.value)
    return statistics.value, statistics.messages


def check_case(kind: Kind, data: bytes, folder: Path, rng: random.Random, backup: bytes | None) -> str:
    """Plant ``data`` (and ``backup``) as the file of ``kind`` in an empty ``folder``, start
    and save; the outcome is "crash", "overwritten", "accepted", "repaired", "set aside" or
    "backup"."""
    paths = DataPaths.resolve(folder)
    target = {"save": paths.autosave, "settings": paths.settings, "statistics": paths.statistics,
              "reviews": paths.reviews, "unjudged": unjudged_path(paths.unjudged, UNJUDGED_ID)}[kind]
    target.parent.mkdir(parents=True, exist_ok=True)
    if backup is not None:
        target.with_name(target.name + ".bak").write_bytes(backup)
    target.write_bytes(data)
    try:
        value, messages = _load_and_save(kind, paths, rng)
    except Exception as error:  # noqa: BLE001 - counting crashes is the point
        return f"crash: {type(error).__name__}: {str(error)[:200]}"
    still_there = any(f.read_bytes() == data for f in folder.rglob("*") if f.is_file())
    if not messages:
        if value is None:
            return "crash: a file vanished without a message"
        if kind not in GAME_KINDS and _load_and_save(kind, paths, rng)[0] != value:
            return "crash: an accepted file changed when saved again"
        return "accepted"
    if not still_there:
        return "overwritten"
    if messages[0].startswith("Some settings"):
        return "repaired"
    return "backup" if "loaded instead" in messages[0] else "set aside"


def run_fuzz(count: int, seed: int, kinds: tuple[Kind, ...] = KINDS) -> dict[Kind, FuzzTally]:
    rng = random.Random(seed)
    tallies = {kind: FuzzTally() for kind in kinds}
    with tempfile.TemporaryDirectory(prefix="hearts-fuzz-") as root:
        for kind in kinds:
            tally = tallies[kind]
            originals = [valid_document(kind, rng) for _ in range(POOL)]
            for case in range(count):
                label, data = fuzz_case(kind, copy.deepcopy(rng.choice(originals)), rng)
                backup = encode_json(rng.choice(originals)) if rng.random() < 0.5 else None
                folder = Path(root) / f"{kind}-{case}"
                folder.mkdir()
                outcome = check_case(kind, data, folder, rng, backup)
                tally.cases += 1
                tally.labels[label] += 1
                tally.outcomes[outcome.split(":")[0]] += 1
                if outcome.startswith("crash"):
                    tally.crashes.append(f"{label}: {outcome}")
                elif outcome == "overwritten":
                    tally.overwritten.append(label)
                shutil.rmtree(folder)
    return tallies
