"""The game history (issue 46): every finished game kept on disk with what replays it, the
newest 200, damage set aside with one sentence, once per game."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.session import Session
from hearts_desktop.engine import Action, Game, Ruleset
from hearts_desktop.engine.rules import MIN_TARGET
from hearts_desktop.net import hosted_game
from hearts_desktop.persistence import DataPaths
from hearts_desktop.persistence.history import (
    HISTORY_LENGTH,
    GameHistory,
    UnplayableGame,
    load_history,
    moves_text,
    save_history,
)
from hearts_desktop.persistence.stats import game_id
from hearts_desktop.ui.overlays import GameOverScene, HandScoreScene
from hearts_desktop.words import Pace, SeatKind

from .app_driver import ONE_HUMAN, Driver, finished_game
from .faults import full_disk
from .net_play import NetTable, net_table
from .test_net_record_checks import first_plays_swapped
from .test_net_rejoin import SEATS, frames_until, join_by_form, reaching


def end_game(session: Session, game: Game, hosted: bool = False) -> None:
    """What the table does when the last card of a game is played."""
    table = session.start_table(game, ONE_HUMAN, InlineRunner(), Pace.INSTANT, hosted=hosted)
    (session.hosted_game_changed if hosted else session.game_changed)(table)


def history_of(folder: Path) -> GameHistory:
    loaded = load_history(DataPaths.resolve(folder).history)
    assert loaded.messages == []
    return loaded.value


def test_a_finished_game_is_kept_with_what_replays_it(tmp_path: Path) -> None:
    game, seats = finished_game(seed=3)
    session = Session.open(tmp_path)
    end_game(session, game)
    end_game(session, game)  # the same game reported again is kept once
    session.close()
    [past] = history_of(tmp_path).games
    assert past.game_id == game_id(game)
    assert past.seats == seats and past.rules == game.rules and past.seed == game.seed
    assert past.totals == tuple(game.totals) and past.winner == game.winner
    assert past.finished_at.tzinfo is not None
    replayed = past.replay()
    assert replayed.over and replayed.totals == game.totals and replayed.actions == game.actions


def test_a_past_game_whose_moves_were_edited_is_refused_when_opened(tmp_path: Path) -> None:
    game, seats = finished_game(seed=3)
    history = GameHistory()
    history.record(game, seats, datetime(2026, 1, 1).astimezone())
    [past] = history.games
    for moves in (past.moves.replace("play", "jump", 1), past.moves.rsplit(";", 1)[0]):
        with pytest.raises(UnplayableGame):
            dataclasses.replace(past, moves=moves).replay()


def test_a_hosted_game_is_kept_too_and_the_newest_comes_last(tmp_path: Path) -> None:
    first, _ = finished_game(seed=3)
    second, _ = finished_game(seed=4)
    session = Session.open(tmp_path)
    end_game(session, first)
    end_game(session, second, hosted=True)
    session.close()
    assert [past.seed for past in history_of(tmp_path).games] == [3, 4]


def test_only_the_newest_games_are_kept(tmp_path: Path) -> None:
    game, seats = finished_game(seed=3)
    full = GameHistory()
    full.record(game, seats, datetime(2026, 1, 1).astimezone())
    [past] = full.games
    full.games = [dataclasses.replace(past, game_id=f"old-{i}") for i in range(HISTORY_LENGTH)]
    path = DataPaths.resolve(tmp_path).history
    save_history(path, full)
    newest, _ = finished_game(seed=4)
    session = Session.open(tmp_path)
    end_game(session, newest)
    session.close()
    kept = history_of(tmp_path).games
    assert len(kept) == HISTORY_LENGTH
    assert kept[0].game_id == "old-1" and kept[-1].game_id == game_id(newest)


def test_a_damaged_history_is_set_aside_with_one_sentence_and_never_written_over(tmp_path: Path) -> None:
    path = DataPaths.resolve(tmp_path).history
    path.write_bytes(b'{"format": "hearts-desktop-history", "version": 1, "games": [')
    game, _ = finished_game(seed=3)
    session = Session.open(tmp_path)
    end_game(session, game)
    [message] = session.take_messages()
    session.close()
    [aside] = tmp_path.glob("history.corrupt-*.json")
    assert message == (f"The game history could not be used (the file is damaged), so the list of past games starts "
                       f"afresh; it was moved to {aside}.")
    assert aside.read_bytes().endswith(b'"games": [')
    assert [past.game_id for past in history_of(tmp_path).games] == [game_id(game)]


def test_a_flipped_byte_is_damage(tmp_path: Path) -> None:
    game, seats = finished_game(seed=3)
    history = GameHistory()
    history.record(game, seats, datetime(2026, 1, 1).astimezone())
    path = DataPaths.resolve(tmp_path).history
    save_history(path, history)
    path.write_bytes(path.read_bytes().replace(b'"seed": 3', b'"seed": 4'))
    loaded = load_history(path)
    assert loaded.value.games == [] and "damaged" in loaded.messages[0]


def test_a_full_disk_says_so_and_the_statistics_still_count_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _ = finished_game(seed=3)
    session = Session.open(tmp_path)
    with monkeypatch.context() as faults:
        full_disk(faults, "history")
        end_game(session, game)
    messages = session.take_messages()
    session.close()
    assert messages == ["The game history could not be saved: the disk is full."]
    assert session.statistics.profile("Anna").overall.games == 1


def play_network_game_as_friend(driver: Driver, table: NetTable) -> None:
    """Fran joins ``table`` from the window and plays it to its end (and a few frames more:
    the record may come a frame after the last table)."""
    join_by_form(driver, table)
    frames_until(driver, table, table.host.can_start)
    table.host.start()
    for _ in range(20_000):
        if isinstance(driver.top, GameOverScene):
            break
        table.step(play=True)  # the host's person plays at the host's window
        if isinstance(driver.top, HandScoreScene):
            driver.keys(pygame.K_RETURN)
        elif driver.human_to_act():
            driver.act_by_click()
        driver.frame()
    assert isinstance(driver.top, GameOverScene)
    for _ in range(10):
        driver.frame()


def test_a_friends_side_of_a_network_game_is_kept_when_it_ends(tmp_path: Path) -> None:
    """The host sends the whole game once it is over (nothing is hidden any more), and the
    friend's computer keeps it as the host's does: the friend as the person at this computer."""
    table = net_table(Ruleset(target=MIN_TARGET), SEATS)
    driver = Driver(tmp_path, network=reaching(table))
    try:
        play_network_game_as_friend(driver, table)
        host_game = table.host.game
        [past] = history_of(tmp_path).games
        assert past.game_id == game_id(host_game) and past.totals == tuple(host_game.totals)
        assert [(seat.name, seat.kind) for seat in past.seats] == [
            ("Hostess", SeatKind.REMOTE), ("Fran", SeatKind.HUMAN), ("Ben", SeatKind.COMPUTER),
            ("Clara", SeatKind.COMPUTER)]
        assert past.replay().actions == host_game.actions
    finally:
        driver.close()


def test_a_host_record_that_does_not_match_is_said_and_not_kept(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack 46 F3: a record with two cards swapped closed the friend's table with "The host
    sent something this version cannot read (It is not your turn.)"."""

    def swapped(actions: Sequence[Action]) -> str:
        return first_plays_swapped(moves_text(actions))

    monkeypatch.setattr(hosted_game, "moves_text", swapped)
    table = net_table(Ruleset(target=MIN_TARGET), SEATS)
    driver = Driver(tmp_path, network=reaching(table))
    try:
        play_network_game_as_friend(driver, table)
        assert [t.text for t in driver.app.toasts.shown] == [
            "The host's record of this game does not match the game you played, "
            "so it was not added to your history."]
        assert isinstance(driver.top, GameOverScene)  # the table is not closed over it
        assert history_of(tmp_path).games == []
    finally:
        driver.close()
