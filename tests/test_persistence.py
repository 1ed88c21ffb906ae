"""Persistence: atomic writes, the autosave, settings, statistics and hostile files."""

from __future__ import annotations

import errno
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_desktop import persistence
from hearts_desktop.engine import Game, HandState, Ruleset, action_to_json, card, preset_by_key
from hearts_desktop.persistence import (
    DataPaths,
    NewGameSetup,
    Seat,
    Settings,
    Statistics,
    StorageError,
    default_seats,
    discard_saved_game,
    load_game,
    load_settings,
    load_statistics,
    opponents_key,
    save_game,
    save_settings,
    save_statistics,
)
from hearts_desktop.persistence.atomic import backup_path, write_json_atomic
from hearts_desktop.persistence.saves import UNSAVED
from hearts_desktop.persistence.stats import RECENT_GAMES
from hearts_desktop.words import Level, Pace, SeatKind

from .faults import read_only
from .test_game import play_random_game, random_action
from .test_properties import rulesets

SEATS = default_seats()


def played(actions: int, seed: int = 3, rules: Ruleset | None = None) -> Game:
    game = Game(rules or Ruleset(), seed)
    rng = random.Random(seed)
    while len(game.actions) < actions and not game.over:
        game.apply(random_action(game, rng))
    return game


def table_state(game: Game) -> dict[str, Any]:
    """Everything that makes up the table, including the undo history (the actions)."""
    hand = game.hand
    return {
        "rules": game.rules, "seed": game.seed, "actions": game.actions, "totals": game.totals,
        "results": game.results, "winner": game.winner, "hand_index": game.hand_index,
        "to_act": game.to_act(), "hand": {name: getattr(hand, name) for name in HandState.__slots__},
    }


def files_in(folder: Path) -> dict[str, bytes]:
    return {f.name: f.read_bytes() for f in folder.iterdir()}


def kept_aside(folder: Path, original: bytes) -> list[str]:
    return [name for name, data in files_in(folder).items() if ".corrupt-" in name and data == original]


@pytest.fixture
def paths(tmp_path: Path) -> DataPaths:
    return DataPaths.resolve(tmp_path)


# ----------------------------------------------------------------------------- folders


def test_data_dir_holds_every_file(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path / "portable")
    for path in (paths.autosave, paths.settings, paths.statistics):
        assert path.parent == tmp_path / "portable"


def test_default_folders_are_the_users_not_the_install_folder() -> None:
    paths = DataPaths.resolve()
    install = Path(persistence.__file__).resolve().parents[1]
    for folder in (paths.data_dir, paths.config_dir):
        assert "HeartsDesktop" in folder.parts
        assert install not in folder.resolve().parents and folder.resolve() != install


# ----------------------------------------------------------------------------- atomic writes


def test_a_failed_rename_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "doc.json"
    write_json_atomic(target, {"n": 1}, unsaved="The test could not be saved: {cause}.")
    before = target.read_bytes()

    def crash(*args: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(StorageError) as caught:
        write_json_atomic(target, {"n": 2}, unsaved="The test could not be saved: {cause}.")
    assert target.read_bytes() == before
    assert files_in(tmp_path) == {"doc.json": before}, "no temporary file is left behind"
    assert "The test could not be saved" in str(caught.value)


def test_a_full_disk_mid_write_leaves_the_old_file_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "doc.json"
    write_json_atomic(target, {"n": 1}, unsaved=UNSAVED)
    before = target.read_bytes()

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(StorageError, match="The game could not be saved: the disk is full."):
        write_json_atomic(target, {"n": 2}, unsaved=UNSAVED)
    assert files_in(tmp_path) == {"doc.json": before}


def test_a_read_only_disk_gives_one_clear_sentence(paths: DataPaths, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def read_only(path: Any, flags: int, *args: Any) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(StorageError) as caught:
        save_settings(paths.settings, Settings())
    assert str(caught.value) == (
        f"Your settings could not be saved: the disk holding {paths.config_dir} is read-only."
    )


def test_a_read_only_folder_refuses_with_a_storage_error(paths: DataPaths) -> None:
    save_game(paths.autosave, played(10), SEATS)
    before = files_in(paths.data_dir)
    paths.data_dir.chmod(0o555)
    try:
        probe = paths.data_dir / "probe"
        try:
            probe.write_bytes(b"")
        except PermissionError:
            pass
        else:
            probe.unlink()
            pytest.skip("this user (root) can write to read-only folders")
        with pytest.raises(StorageError, match="read-only"):
            save_game(paths.autosave, played(11), SEATS)
    finally:
        paths.data_dir.chmod(0o755)
    assert files_in(paths.data_dir) == before


def test_the_previous_save_is_kept_as_the_backup(paths: DataPaths) -> None:
    save_game(paths.autosave, played(5), SEATS)
    first = paths.autosave.read_bytes()
    save_game(paths.autosave, played(6), SEATS)
    assert backup_path(paths.autosave).read_bytes() == first
    assert paths.autosave.read_bytes() != first
    assert sorted(files_in(paths.data_dir)) == ["autosave.json", "autosave.json.bak"]


# ----------------------------------------------------------------------------- the autosave


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rulesets(),
    seed=st.integers(0, 2**64 - 1),
    actions=st.one_of(st.integers(0, 400), st.just(10**6)),
)
def test_continue_restores_exactly_the_table_that_was_saved(rules: Ruleset, seed: int, actions: int) -> None:
    live = played(actions, seed, rules)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "autosave.json"
        save_game(path, live, default_seats(rules.players))
        loaded = load_game(path)
    assert loaded.messages == []
    assert loaded.value is not None
    assert table_state(loaded.value.game) == table_state(live)
    assert loaded.value.seats == default_seats(rules.players)


def test_no_save_means_nothing_to_continue_and_nothing_to_say(paths: DataPaths) -> None:
    loaded = load_game(paths.autosave)
    assert loaded.value is None and loaded.messages == []


def test_discarding_removes_the_save_and_its_backup(paths: DataPaths) -> None:
    save_game(paths.autosave, played(5), SEATS)
    save_game(paths.autosave, played(6), SEATS)
    discard_saved_game(paths.autosave)
    assert files_in(paths.data_dir) == {}


def test_a_save_needs_one_seat_per_player(paths: DataPaths) -> None:
    with pytest.raises(ValueError, match="3 seats"):
        save_game(paths.autosave, played(1), SEATS[:3])


def _save_document(game: Game) -> dict[str, Any]:
    """The save format as issue 9 specifies it, written out by hand."""
    return {
        "format": "hearts-desktop-save", "version": 1, "saved_at": "2026-12-02T13:45:01+00:00",
        "rules": game.rules.to_dict(), "seed": game.seed, "seats": [s.to_dict() for s in SEATS],
        "actions": [action_to_json(a) for a in game.actions],
    }


def _damaged(kind: str) -> bytes:
    good = _save_document(played(30))
    text = json.dumps(good).encode()
    if kind == "truncated":
        return text[: len(text) // 2]
    if kind == "garbled":
        return text.replace(b'"actions"', b'"act\x00ons"').replace(b"{", b"(", 3)
    if kind == "empty":
        return b""
    if kind == "not UTF-8":
        return text.replace(b"You", b"Y\xffu")
    if kind == "NaN":
        return text.replace(b'"seed": 3', b'"seed": NaN')
    if kind == "deep nesting":
        return b"[" * 100_000 + b"]" * 100_000
    if kind == "huge number":
        return text.replace(b'"seed": 3', b'"seed": ' + b"9" * 5000)
    changes: dict[str, Any] = {
        "wrong top-level type": [good],
        "wrong field type": good | {"seed": "three"},
        "seed too large": good | {"seed": 2**64},
        "wrong seat": good | {"seats": [{"name": "", "kind": "robot", "level": "godlike"}] * 4},
        "another format": good | {"format": "hearts-desktop-settings"},
        "future version": good | {"version": 3},
        "illegal actions": good | {"actions": good["actions"][:4] + good["actions"][5:]},
        "not an action": good | {"actions": good["actions"] + [{"play": "QS", "pass": "2C", "seat": 0}]},
        "wrong rules": good | {"rules": {"players": 6}},
    }
    return json.dumps(changes[kind]).encode()


DAMAGE = [
    "truncated", "garbled", "empty", "not UTF-8", "NaN", "deep nesting", "huge number",
    "wrong top-level type", "wrong field type", "seed too large", "wrong seat", "another format",
    "future version", "illegal actions", "not an action", "wrong rules",
]


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_bad_save_is_set_aside_and_the_player_told_where(paths: DataPaths, kind: str) -> None:
    bad = _damaged(kind)
    paths.autosave.parent.mkdir(parents=True, exist_ok=True)
    paths.autosave.write_bytes(bad)
    loaded = load_game(paths.autosave)
    assert loaded.value is None
    [aside] = kept_aside(paths.data_dir, bad)
    assert aside.startswith("autosave.corrupt-") and aside.endswith(".json")
    [message] = loaded.messages
    assert message.startswith("The saved game ") and message.count(". ") == 0
    assert str(paths.data_dir / aside) in message and "no game to continue" in message
    save_game(paths.autosave, played(3), SEATS)
    assert (paths.data_dir / aside).read_bytes() == bad, "the kept file is never overwritten"


def test_a_future_version_is_refused_in_its_own_words(paths: DataPaths) -> None:
    paths.autosave.write_bytes(_damaged("future version"))
    [message] = load_game(paths.autosave).messages
    assert "newer version of Hearts Desktop" in message


def test_an_action_list_the_rules_forbid_is_refused(paths: DataPaths) -> None:
    paths.autosave.write_bytes(_damaged("illegal actions"))
    [message] = load_game(paths.autosave).messages
    assert "contains a move the rules do not allow" in message


def test_a_bad_save_falls_back_to_a_good_backup(paths: DataPaths) -> None:
    earlier = played(40)
    save_game(paths.autosave, earlier, SEATS)
    save_game(paths.autosave, played(41), SEATS)
    bad = _damaged("truncated")
    paths.autosave.write_bytes(bad)
    loaded = load_game(paths.autosave)
    assert loaded.value is not None
    assert table_state(loaded.value.game) == table_state(earlier)
    [message] = loaded.messages
    assert "the save before it was loaded instead" in message
    assert kept_aside(paths.data_dir, bad)


def test_when_the_backup_is_bad_too_both_are_kept(paths: DataPaths) -> None:
    bad_main, bad_backup = _damaged("garbled"), _damaged("illegal actions")
    paths.autosave.write_bytes(bad_main)
    backup_path(paths.autosave).write_bytes(bad_backup)
    loaded = load_game(paths.autosave)
    assert loaded.value is None
    [message] = loaded.messages
    assert message.startswith("Neither the saved game (the file is damaged) nor its backup could be used, so ")
    assert kept_aside(paths.data_dir, bad_main) and kept_aside(paths.data_dir, bad_backup)
    assert set(files_in(paths.data_dir).values()) == {bad_main, bad_backup}


def test_two_bad_files_in_the_same_second_get_different_names(paths: DataPaths) -> None:
    for content in (b"one", b"two", b"three"):
        paths.autosave.write_bytes(content)
        load_game(paths.autosave)
    assert sorted(files_in(paths.data_dir).values()) == [b"one", b"three", b"two"]


# ----------------------------------------------------------------------------- settings


def test_settings_round_trip(paths: DataPaths) -> None:
    rules = preset_by_key("omnibus").rules.replace(target=150)
    chosen = Settings(
        pace=Pace.QUICK, deck="4color", card_back="purple", large_cards=True, sound=False, volume=0.25,
        animations=False, fullscreen=True, confirm_play=True,
        new_game=NewGameSetup.of((Seat("Anna", SeatKind.HUMAN), Seat("Bo", SeatKind.HUMAN), Seat("C3", level=Level.EXPERT),
                                  Seat("D4", level=Level.EASY)), rules),
    )
    save_settings(paths.settings, chosen)
    loaded = load_settings(paths.settings)
    assert loaded.messages == [] and loaded.value == chosen
    assert loaded.value.new_game.preset == "custom" and loaded.value.new_game.rules.target == 150
    assert loaded.value.new_game.player_name == "Anna"


def test_no_settings_file_means_defaults_silently(paths: DataPaths) -> None:
    assert load_settings(paths.settings).value == Settings()
    assert load_settings(paths.settings).messages == []
    assert Settings().new_game == NewGameSetup(default_seats(), "standard", Ruleset())


def test_unknown_settings_are_kept_and_missing_ones_default(paths: DataPaths) -> None:
    paths.settings.write_text(json.dumps({
        "format": "hearts-desktop-settings", "version": 1, "pace": "relaxed",
        "table_felt": {"colour": "green"}, "left_handed": True,
    }))
    loaded = load_settings(paths.settings)
    assert loaded.messages == []
    unknown = {"table_felt": {"colour": "green"}, "left_handed": True}
    assert loaded.value == Settings(pace=Pace.RELAXED, unknown=unknown)
    save_settings(paths.settings, loaded.value.replace(volume=0.5))
    written = json.loads(paths.settings.read_text())
    assert written["table_felt"] == {"colour": "green"} and written["left_handed"] is True
    assert written["volume"] == 0.5 and written["pace"] == "relaxed"


def test_a_wrong_typed_setting_takes_its_default_and_the_file_is_kept(paths: DataPaths) -> None:
    original = json.dumps({
        "format": "hearts-desktop-settings", "version": 1, "pace": "quick", "volume": "loud",
        "sound": 1, "new_game": {"seats": [], "preset": "standard", "rules": {}},
    }).encode()
    paths.settings.write_bytes(original)
    loaded = load_settings(paths.settings)
    assert loaded.value == Settings(pace=Pace.QUICK)
    [message] = loaded.messages
    assert "(sound, volume, new game)" in message and "back to their defaults" in message
    [aside] = kept_aside(paths.config_dir, original)
    assert str(paths.config_dir / aside) in message
    again = load_settings(paths.settings)
    assert again.messages == [] and again.value == loaded.value, "the player is told only once"


@pytest.mark.parametrize("content", [b"", b"{\"format\": \"hearts-desktop-settings\", \"vers", b"[1, 2]",
                                     b'{"format": "hearts-desktop-settings", "version": 7}', b"\xff\xfe{}"])
def test_a_bad_settings_file_is_set_aside_and_defaults_used(paths: DataPaths, content: bytes) -> None:
    paths.settings.write_bytes(content)
    loaded = load_settings(paths.settings)
    assert loaded.value == Settings()
    [message] = loaded.messages
    assert message.startswith("The settings file ") and "the default settings are used" in message
    assert kept_aside(paths.config_dir, content)


def test_a_new_game_setup_names_its_preset() -> None:
    black_maria = preset_by_key("black-maria").rules
    assert NewGameSetup.of(default_seats(3), black_maria).preset == "black-maria"
    with pytest.raises(ValueError):
        NewGameSetup(default_seats(4), "standard", black_maria)


@pytest.mark.parametrize("name", ["", " Anna", "x" * 21, "tab\there", None])
def test_seat_names_must_be_short_printable_text(name: Any) -> None:
    with pytest.raises(ValueError):
        Seat(name)


# ----------------------------------------------------------------------------- statistics


def test_a_finished_game_is_recorded_for_each_person(paths: DataPaths) -> None:
    seats = (Seat("Anna", SeatKind.HUMAN), Seat("Bo", level=Level.EASY), Seat("Cy", SeatKind.HUMAN), Seat("Di", level=Level.HARD))
    game = play_random_game(Ruleset(), 21)
    statistics = Statistics()
    assert statistics.record_game(game, seats)
    key = "1x human + 1x easy + 1x hard"
    for seat, name in ((0, "Anna"), (2, "Cy")):
        profile = statistics.profile(name)
        assert list(profile.by_opponents) == [key]
        tally = profile.overall
        assert tally.games == 1 and tally.wins == int(game.winner == seat)
        assert tally.hands == len(game.results)
        assert tally.points == sum(r.points[seat] for r in game.results) == game.totals[seat]
        assert tally.moons == sum(r.moon_shooter == seat for r in game.results)
        assert tally.queens == sum(card("QS") in r.cards_taken(seat) for r in game.results)
        assert tally.best == tally.worst == game.totals[seat]
        assert tally.average_per_hand == game.totals[seat] / len(game.results)
        [record] = profile.recent
        assert (record.total, record.won, record.opponents) == (game.totals[seat], game.winner == seat, key)
    assert set(statistics.profiles) == {"Anna", "Cy"}


def test_tallies_add_up_and_keep_best_and_worst() -> None:
    statistics = Statistics()
    games = [play_random_game(Ruleset(), seed) for seed in range(1, 4)]
    for game in games:
        statistics.record_game(game, SEATS)
    tally = statistics.profile("You").by_opponents["3x medium"]
    assert tally.games == 3 and tally.wins == sum(g.winner == 0 for g in games)
    assert tally.best == min(g.totals[0] for g in games) and tally.worst == max(g.totals[0] for g in games)
    assert tally.hands == sum(len(g.results) for g in games)


def test_recording_the_same_game_twice_counts_it_once() -> None:
    statistics = Statistics()
    game = play_random_game(Ruleset(), 5)
    assert statistics.record_game(game, SEATS)
    assert not statistics.record_game(Game.replay(game.rules, game.seed, game.actions), SEATS)
    assert statistics.profile("You").overall.games == 1


def test_only_a_finished_game_is_recorded() -> None:
    with pytest.raises(ValueError):
        Statistics().record_game(played(10), SEATS)


def test_recent_games_keep_the_last_ones() -> None:
    statistics = Statistics()
    game = play_random_game(Ruleset(), 8)
    for index in range(RECENT_GAMES + 3):
        twin = Game.replay(game.rules, game.seed, game.actions)
        twin.seed = index  # distinct games as far as the statistics can tell
        statistics.record_game(twin, SEATS)
    recent = statistics.profile("You").recent
    assert len(recent) == RECENT_GAMES and recent[-1].game_id.startswith(f"{RECENT_GAMES + 2}:")
    assert statistics.profile("You").overall.games == RECENT_GAMES + 3


def test_opponents_are_described_weakest_first() -> None:
    assert opponents_key(SEATS, 0) == "3x medium"
    mixed = (Seat("A", SeatKind.HUMAN), Seat("B", level=Level.EXPERT), Seat("C", level=Level.EASY), Seat("D", SeatKind.HUMAN))
    assert opponents_key(mixed, 0) == "1x human + 1x easy + 1x expert"


def test_statistics_survive_saving_and_reset_forgets(paths: DataPaths) -> None:
    statistics = Statistics()
    statistics.record_game(play_random_game(Ruleset(), 2), SEATS)
    statistics.record_game(play_random_game(Ruleset(), 4), (Seat("Anna", SeatKind.HUMAN),) + SEATS[1:])
    save_statistics(paths.statistics, statistics)
    loaded = load_statistics(paths.statistics)
    assert loaded.messages == [] and loaded.value == statistics
    loaded.value.reset("You")
    assert set(loaded.value.profiles) == {"Anna"}
    loaded.value.reset()
    save_statistics(paths.statistics, loaded.value)
    assert load_statistics(paths.statistics).value == Statistics()


def test_a_bad_statistics_file_is_set_aside_and_the_backup_used(paths: DataPaths) -> None:
    statistics = Statistics()
    statistics.record_game(play_random_game(Ruleset(), 2), SEATS)
    save_statistics(paths.statistics, statistics)
    save_statistics(paths.statistics, Statistics())
    bad = b'{"format": "hearts-desktop-statistics", "version": 1, "profiles": {"You": {"by_opponents": 3}}}'
    paths.statistics.write_bytes(bad)
    loaded = load_statistics(paths.statistics)
    assert loaded.value == statistics
    [message] = loaded.messages
    assert message.startswith("The statistics file could not be used (the file is damaged), so")
    assert kept_aside(paths.data_dir, bad)


# ----------------------------------------------------------------------------- backups that are used


def test_a_lone_backup_is_offered_with_one_sentence(paths: DataPaths) -> None:
    earlier = played(40)
    save_game(paths.autosave, earlier, SEATS)
    save_game(paths.autosave, played(41), SEATS)
    paths.autosave.unlink()
    loaded = load_game(paths.autosave)
    assert loaded.value is not None and table_state(loaded.value.game) == table_state(earlier)
    assert loaded.messages == ["The saved game was missing, so the save before it was loaded instead."]


def test_a_dangling_link_as_the_save_offers_the_backup(paths: DataPaths) -> None:
    earlier = played(40)
    save_game(paths.autosave, earlier, SEATS)
    save_game(paths.autosave, played(41), SEATS)
    paths.autosave.unlink()
    paths.autosave.symlink_to(paths.data_dir / "gone" / "autosave.json")
    loaded = load_game(paths.autosave)
    assert loaded.value is not None and loaded.value.game.actions == earlier.actions
    save_game(paths.autosave, played(42), SEATS)
    assert not paths.autosave.is_symlink() and load_game(paths.autosave).value is not None


def test_a_bad_save_in_a_read_only_folder_loads_the_backup_in_memory(
    paths: DataPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    earlier = played(40)
    save_game(paths.autosave, earlier, SEATS)
    save_game(paths.autosave, played(41), SEATS)
    bad = _damaged("truncated")
    paths.autosave.write_bytes(bad)
    read_only(monkeypatch)
    loaded = load_game(paths.autosave)
    assert loaded.value is not None and loaded.value.game.actions == earlier.actions
    [message] = loaded.messages
    assert message.startswith("The saved game could not be used (the file is damaged) or moved aside, so the save before it")
    assert str(paths.autosave) in message
    assert paths.autosave.read_bytes() == bad


def test_a_damaged_save_never_replaces_the_only_good_backup(paths: DataPaths) -> None:
    save_game(paths.autosave, played(40), SEATS)
    save_game(paths.autosave, played(41), SEATS)
    good = backup_path(paths.autosave).read_bytes()
    paths.autosave.write_bytes(_damaged("garbled"))  # damaged after the program loaded it
    save_game(paths.autosave, played(42), SEATS)
    assert backup_path(paths.autosave).read_bytes() == good
    assert load_game(paths.autosave).value is not None


def test_lone_statistics_backup_is_used(paths: DataPaths) -> None:
    statistics = Statistics()
    statistics.record_game(play_random_game(Ruleset(), 2), SEATS)
    save_statistics(paths.statistics, statistics)
    save_statistics(paths.statistics, Statistics())
    paths.statistics.unlink()
    loaded = load_statistics(paths.statistics)
    assert loaded.value == statistics
    assert loaded.messages == [
        "The statistics file was missing, so the statistics as they were before the last game were loaded instead."
    ]


# ----------------------------------------------------------------------------- only regular files


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_save_that_is_not_a_regular_file_is_refused_without_opening_it(paths: DataPaths, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(paths.autosave)
    else:
        paths.autosave.mkdir()
    loaded = load_game(paths.autosave)  # a FIFO would block here if it were opened for reading
    assert loaded.value is None
    [message] = loaded.messages
    assert message.startswith("The saved game could not be used (something other than a regular file is there), so there is no game to continue")


# ----------------------------------------------------------------------------- integrity


def test_flipped_bits_in_names_and_numbers_never_load_as_another_game(paths: DataPaths) -> None:
    game = played(60)
    seats = (Seat("Alice", SeatKind.HUMAN),) + SEATS[1:]
    save_game(paths.autosave, game, seats)
    original = paths.autosave.read_bytes()
    targets = [i for i, byte in enumerate(original) if chr(byte).isalnum()]
    changed_games = []
    for position in targets[::3]:
        for bit in (0, 1, 2):
            flipped = bytearray(original)
            flipped[position] ^= 1 << bit
            paths.autosave.write_bytes(bytes(flipped))
            backup_path(paths.autosave).unlink(missing_ok=True)
            loaded = load_game(paths.autosave)
            if loaded.value is not None and not loaded.messages and (
                loaded.value.seats != seats or table_state(loaded.value.game) != table_state(game)
            ):
                changed_games.append((position, bit))
            for leftover in paths.data_dir.glob("autosave.corrupt-*"):
                leftover.unlink()
    assert changed_games == []


def test_a_save_edited_to_other_rules_is_damaged(paths: DataPaths) -> None:
    save_game(paths.autosave, played(30), SEATS)
    document = json.loads(paths.autosave.read_bytes())
    document["rules"] = preset_by_key("omnibus").rules.to_dict()
    paths.autosave.write_text(json.dumps(document))
    loaded = load_game(paths.autosave)
    assert loaded.value is None and loaded.messages[0].startswith("The saved game could not be used (the file is damaged)")


def test_a_save_whose_recorded_result_disagrees_with_its_moves_is_damaged(paths: DataPaths) -> None:
    from hearts_desktop.persistence.atomic import checksum

    game = play_random_game(Ruleset(), 5)
    save_game(paths.autosave, game, SEATS)
    document = json.loads(paths.autosave.read_bytes())
    document["totals"][0] += 1
    document["checksum"] = checksum(document)  # re-sealed: only the replay can tell
    paths.autosave.write_text(json.dumps(document))
    loaded = load_game(paths.autosave)
    assert loaded.value is None and loaded.messages[0].startswith("The saved game could not be used (the file is damaged)")


def test_a_version_1_save_without_a_checksum_still_loads(paths: DataPaths) -> None:
    game = played(30)
    paths.autosave.write_text(json.dumps(_save_document(game)))
    loaded = load_game(paths.autosave)
    assert loaded.messages == [] and loaded.value is not None
    assert table_state(loaded.value.game) == table_state(game)


def test_a_flipped_bit_in_the_statistics_is_damage(paths: DataPaths) -> None:
    statistics = Statistics()
    statistics.record_game(play_random_game(Ruleset(), 2), SEATS)
    save_statistics(paths.statistics, statistics)
    text = paths.statistics.read_bytes()
    position = text.index(b'"games": 1') + len(b'"games": ')
    paths.statistics.write_bytes(text[:position] + b"3" + text[position + 1:])
    loaded = load_statistics(paths.statistics)
    assert loaded.value == Statistics() and loaded.messages[0].startswith("The statistics file could not be used (the file is damaged), so")
