"""The coach's accuracy in the statistics: each person's finished hands judged in the
background behind the computers' moves, one mean cost per decision per game, kept in
statistics version 3 (version 2 files still read), and quitting never waits for it."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pygame
import pytest

from hearts_desktop.coach.game import moments_of, review_hand
from hearts_desktop.coach.review import CoachBudget
from hearts_desktop.controller.bot_runner import (
    BotAnswer,
    BotJob,
    InlineRunner,
    ProcessRunner,
    SharedRunner,
)
from hearts_desktop.controller.review import INLINE_REVIEW, HandReviewer
from hearts_desktop.controller.session import Session
from hearts_desktop.engine import ACTION_TYPES, Game, Ruleset
from hearts_desktop.persistence import DataPaths, Seat, load_statistics
from hearts_desktop.persistence.atomic import checksum
from hearts_desktop.persistence.saves import keep_unjudged, unjudged_path
from hearts_desktop.persistence.stats import STATISTICS, Accuracy, Statistics, game_id
from hearts_desktop.ui.game_screens import GameScreens
from hearts_desktop.ui.overlays import GameOverScene
from hearts_desktop.ui.review_scene import ReviewScene
from hearts_desktop.words import JobKind, Level, Pace, SeatKind

from .app_driver import ONE_HUMAN, Driver, finished_game
from .test_bot_worker import BUSY_MACHINE_SECONDS, WatchedInbox, a_view_job, bot_workers, serve_in_a_thread
from .test_review_screen import Recording

QUICK_JUDGE = CoachBudget(first=64, batch=64, most=256, pass_screen=8)


def test_a_move_asked_for_while_the_coach_judges_in_the_background_is_answered_first() -> None:
    """The move is asked for once the judgement is thinking (an event, not a sleep that
    assumed it was: on a busy machine the judgement had not started 0.3 s later), and the
    judgement, set aside and started again, is the one it would have been undisturbed."""
    game, _ = finished_game()
    [(index, view, action)] = [(i, at.view(0), a) for i, at, a in moments_of(game.rules, game.seed, game.actions, 0, 0)][3:4]
    judge = BotJob(1, JobKind.JUDGE, Level.EXPERT, view, "judge", chosen=action, budget=QUICK_JUDGE, background=True)
    inbox = WatchedInbox()
    answers = serve_in_a_thread(inbox, 2)
    inbox.add(judge)
    assert inbox.thinking.wait(timeout=BUSY_MACHINE_SECONDS), "the judgement never started"
    inbox.add(a_view_job(2))
    first, second = answers.get(timeout=BUSY_MACHINE_SECONDS), answers.get(timeout=BUSY_MACHINE_SECONDS)
    assert (first.job_id, second.job_id) == (2, 1), "the move first, the judgement after it"
    assert inbox.set_aside >= 1, "the judgement made way for the move"
    inline = InlineRunner()
    inline.submit(judge)
    [alone] = inline.poll()
    judged, again = alone.result, second.result
    assert isinstance(judged, tuple) and isinstance(again, tuple)
    assert not isinstance(judged, ACTION_TYPES) and not isinstance(again, ACTION_TYPES)  # actions are tuples too
    assert again[0].cost == judged[0].cost and again[0].deals == judged[0].deals and again[1] == judged[1]


def test_the_worker_process_answers_a_move_before_background_work_asked_for_earlier() -> None:
    """The same order across the process boundary, whichever the worker reads first."""
    game, _ = finished_game()
    [(view, action)] = [(at.view(0), a) for _, at, a in moments_of(game.rules, game.seed, game.actions, 0, 0)][3:4]
    runner = ProcessRunner.held()
    try:
        runner.submit(BotJob(1, JobKind.JUDGE, Level.EXPERT, view, "judge", chosen=action, budget=QUICK_JUDGE,
                             background=True))
        runner.submit(a_view_job(2))
        runner.start()
        order: list[int] = []
        deadline = time.monotonic() + BUSY_MACHINE_SECONDS
        while len(order) < 2 and time.monotonic() < deadline:
            order += [a.job_id for a in runner.poll()]
            time.sleep(0.01)
        assert order == [2, 1]
    finally:
        runner.close()


def test_clients_of_one_worker_get_their_own_answers_and_stop_only_their_own_jobs() -> None:
    class Holding(InlineRunner):
        """Answers only when polled, so a cancel can come first."""

        def __init__(self) -> None:
            super().__init__()
            self.held: list[BotJob] = []

        def submit(self, job: BotJob) -> None:
            self.held.append(job)

        def poll(self) -> list[BotAnswer]:
            for job in self.held:
                super().submit(job)
            self.held.clear()
            return super().poll()

        def cancel(self, job_ids: object) -> None:
            self.held = [j for j in self.held if j.job_id not in job_ids]  # type: ignore[operator]

    shared = SharedRunner(Holding())
    table, coach = shared.client(), shared.client()
    table.submit(a_view_job(1))
    coach.submit(a_view_job(1))
    coach.submit(a_view_job(2))
    coach.close()
    assert [a.job_id for a in table.poll()] == [1]
    assert coach.poll() == []


def hot_seat() -> tuple[Seat, ...]:
    return (Seat("Anna", SeatKind.HUMAN), Seat("Bo", SeatKind.HUMAN), *ONE_HUMAN[2:])


def test_each_person_of_a_finished_game_gets_their_accuracy_in_their_own_statistics(tmp_path: Path) -> None:
    driver = Driver(tmp_path, seed=8)
    try:
        driver.new_game(hot_seat(), rules=Ruleset(target=25))
        driver.play_through(lambda: isinstance(driver.top, GameOverScene), limit=20000)
        game = driver.controller.game
        driver.frame()
    finally:
        driver.close()
    statistics = load_statistics(DataPaths.resolve(tmp_path).statistics).value
    for seat, name in ((0, "Anna"), (1, "Bo")):
        [record] = statistics.profile(name).recent
        expected = [review_hand(game.rules, game.seed, game.actions, hand, seat, budget=INLINE_REVIEW)
                    for hand in range(len(game.results))]
        costs = [d.cost for review in expected for d in review.decisions]
        assert record.accuracy is not None and record.accuracy.decisions == len(costs)
        assert abs(record.accuracy.mean_cost - sum(costs) / len(costs)) < 1e-9
    assert list(DataPaths.resolve(tmp_path).unjudged.glob("*.json")) == []  # judged: nothing kept for later


def test_a_hand_the_coach_judged_in_the_background_opens_without_judging_again(tmp_path: Path) -> None:
    asked: list[BotJob] = []

    class CountingRunner(InlineRunner):
        def submit(self, job: BotJob) -> None:
            asked.append(job)
            super().submit(job)

    driver = Driver(tmp_path, bot_runner=CountingRunner)
    try:
        driver.new_game()
        driver.play_through(lambda: driver.controller.game.hand_index == 1 and driver.human_to_act())
        coach = driver.app.session.coach
        assert coach is not None and not coach.busy
        judged = len([job for job in asked if job.kind is JobKind.JUDGE])
        screens = driver.table.overlays
        assert isinstance(screens, GameScreens)
        screens.open_review(driver.table, 0, 0, covered=False)
        review = driver.top
        assert isinstance(review, ReviewScene) and review.reviewer.complete
        assert len([job for job in asked if job.kind is JobKind.JUDGE]) == judged
        driver.keys(pygame.K_ESCAPE)
    finally:
        driver.close()


def quit_while_judging(folder: Path) -> tuple[Game, tuple[Seat, ...]]:
    """A game played to its end, the program quit while the coach still judged it."""
    game, seats = finished_game()
    session = Session.open(folder)
    session.start_coach(Recording, INLINE_REVIEW)  # a worker that never answers
    table = session.start_table(Game(game.rules, game.seed), seats, InlineRunner(), Pace.INSTANT)
    for action in game.actions:  # the game as it was played, move by move
        table.game.apply(action)
        session.game_changed(table)
    assert session.coach is not None and session.coach.busy
    started = time.monotonic()
    session.close()
    assert time.monotonic() - started < 2
    return game, seats


def test_quitting_while_the_coach_judges_does_not_wait_and_the_next_start_finishes_the_game(
        tmp_path: Path) -> None:
    game, seats = quit_while_judging(tmp_path)
    paths = DataPaths.resolve(tmp_path)
    [record] = load_statistics(paths.statistics).value.profile("Anna").recent
    assert record.game_id == game_id(game) and record.accuracy is None
    assert len(list(paths.unjudged.glob("*.json"))) == 1
    session = Session.open(tmp_path)
    try:
        session.start_coach(InlineRunner, INLINE_REVIEW)  # the next start: the coach resumes at once
        assert session.coach is not None and not session.coach.busy
    finally:
        session.close()
    [record] = load_statistics(paths.statistics).value.profile("Anna").recent
    expected = [d.cost for hand in range(len(game.results))
                for d in review_hand(game.rules, game.seed, game.actions, hand, 0, budget=INLINE_REVIEW).decisions]
    assert record.accuracy is not None and record.accuracy.decisions == len(expected)
    assert abs(record.accuracy.mean_cost - sum(expected) / len(expected)) < 1e-9
    assert list(paths.unjudged.iterdir()) == []


def test_a_damaged_game_kept_for_the_coach_is_set_aside_with_a_sentence_and_not_tried_again(
        tmp_path: Path) -> None:
    quit_while_judging(tmp_path)
    paths = DataPaths.resolve(tmp_path)
    [kept] = paths.unjudged.glob("*.json")
    kept.write_bytes(kept.read_bytes()[:-40])
    for attempt in range(2):
        session = Session.open(tmp_path)
        try:
            session.start_coach(InlineRunner, INLINE_REVIEW)
            messages = session.take_messages()
        finally:
            session.close()
        if attempt == 0:
            [message] = messages
            assert message.startswith("A finished game waiting for the coach could not be used (the file is damaged)")
        else:
            assert messages == []
    [aside] = paths.unjudged.iterdir()
    assert ".corrupt-" in aside.name
    [record] = load_statistics(paths.statistics).value.profile("Anna").recent
    assert record.accuracy is None


def test_a_network_table_is_not_reviewed(tmp_path: Path) -> None:
    game, seats = finished_game()
    session = Session.open(tmp_path)
    try:
        jobs: list[Recording] = []

        def clients() -> Recording:
            jobs.append(Recording())
            return jobs[-1]

        session.start_coach(clients, INLINE_REVIEW)
        from hearts_desktop.controller.table import TableController

        hosted = TableController(Game.replay(game.rules, game.seed, game.actions[:60]), seats, InlineRunner(),
                                 on_change=session.game_changed)
        session.game_changed(hosted)  # as a network host's table reports its moves
        assert jobs == []
    finally:
        session.close()


# ----------------------------------------------------------------------------- the statistics file


def version_2_document(statistics: Statistics) -> dict[str, object]:
    """What version 2 of the program wrote: no accuracy in the game records."""
    document = statistics.to_dict()
    for profile in document["profiles"].values():
        for record in profile["recent"]:
            del record["accuracy"]
    body = {k: v for k, v in document.items() if k != "checksum"} | {"version": 2}
    return body | {"checksum": checksum(body)}


def test_a_version_2_statistics_file_still_reads_its_games_as_not_reviewed(tmp_path: Path) -> None:
    game, seats = finished_game()
    statistics = Statistics()
    statistics.record_game(game, seats)
    path = DataPaths.resolve(tmp_path).statistics
    path.write_text(json.dumps(version_2_document(statistics)))
    loaded = load_statistics(path)
    assert loaded.messages == []
    [record] = loaded.value.profile("Anna").recent
    assert record.accuracy is None and record.total == game.totals[0]
    assert loaded.value.record_accuracy("Anna", record.game_id, Accuracy(0.4, 52))
    assert loaded.value.to_dict()["version"] == STATISTICS.version == 3


def test_a_statistics_file_from_a_newer_version_is_set_aside_with_a_sentence(tmp_path: Path) -> None:
    path = DataPaths.resolve(tmp_path).statistics
    body = Statistics().to_dict() | {"version": 4}
    path.write_text(json.dumps({k: v for k, v in body.items() if k != "checksum"} | {"checksum": checksum(body)}))
    loaded = load_statistics(path)
    [message] = loaded.messages
    assert "newer version" in message and loaded.value.profiles == {}
    assert list(tmp_path.glob("statistics.corrupt-*.json"))


def test_an_accuracy_out_of_range_is_damage_not_a_crash(tmp_path: Path) -> None:
    game, seats = finished_game()
    statistics = Statistics()
    statistics.record_game(game, seats)
    document = statistics.to_dict()
    document["profiles"]["Anna"]["recent"][0]["accuracy"] = {"mean_cost": -1, "decisions": 3}
    document["checksum"] = checksum(document)
    path = DataPaths.resolve(tmp_path).statistics
    path.write_text(json.dumps(document))
    loaded = load_statistics(path)
    assert loaded.value.profiles == {} and "(the file is damaged)" in loaded.messages[0]


def test_a_review_in_progress_takes_the_hand_another_reviewer_finished_and_stops_its_jobs() -> None:
    game, _ = finished_game()
    cache = Session(None).reviews
    waiting = Recording()
    on_screen = HandReviewer.of_game(waiting, game.rules, game.seed, game.actions, 0, 0, cache, budget=INLINE_REVIEW)
    background = HandReviewer.of_game(InlineRunner(), game.rules, game.seed, game.actions, 0, 0, cache, budget=INLINE_REVIEW,
                              background=True)
    background.poll()
    assert background.complete and not on_screen.complete
    assert on_screen.poll() and on_screen.complete
    assert sorted(waiting.cancelled) == sorted(job.job_id for job in waiting.jobs)
    assert [d.cost for d in on_screen.review().decisions] == [d.cost for d in background.review().decisions]


def test_a_kept_game_that_was_not_finished_is_forgotten_with_a_sentence_in_the_log_and_not_read_again(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Only a finished game is counted and judged: one kept unfinished can never be, so
    it is not read again at every start."""
    game, seats = finished_game()
    unfinished = Game(game.rules, game.seed)
    for action in game.actions[:30]:
        unfinished.apply(action)
    paths = DataPaths.resolve(tmp_path)
    paths.unjudged.mkdir(parents=True, exist_ok=True)
    keep_unjudged(unjudged_path(paths.unjudged, "unfinished"), unfinished, seats)
    for attempt in range(2):
        caplog.clear()
        session = Session.open(tmp_path)
        try:
            with caplog.at_level(logging.WARNING):
                session.start_coach(InlineRunner, INLINE_REVIEW)
            assert session.take_messages() == []
        finally:
            session.close()
        said = [r.getMessage() for r in caplog.records if "not finished" in r.getMessage()]
        assert len(said) == (1 if attempt == 0 else 0)
    assert list(paths.unjudged.iterdir()) == []


def test_the_worker_and_the_coach_start_once_the_first_table_is_on_screen(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up (issue 20): the frame showing the table is drawn before the bots' worker
    starts and the coach is imported (in a thread, so no frame waits for it); the coach then
    follows the game already on the table, and the computers' moves asked for meanwhile are
    answered."""
    driver = Driver(tmp_path, bot_runner=ProcessRunner.held)
    try:
        on_screen: list[tuple[int, bool]] = []  # at each flip: bots' workers, whether the coach exists
        monkeypatch.setattr(pygame.display, "flip",
                            lambda: on_screen.append((len(bot_workers()), driver.app.session.coach is not None)))
        driver.new_game()  # one frame: the table's first
        assert on_screen == [(0, False)]
        assert len(bot_workers()) == 1  # started once that frame was on screen
        deadline = time.monotonic() + BUSY_MACHINE_SECONDS
        while driver.app.session.coach is None and time.monotonic() < deadline:  # imported in a thread
            driver.frame()
            time.sleep(0.01)
        coach = driver.app.session.coach
        assert coach is not None and coach.games[-1].same_game(driver.controller.game)
        passes = len(driver.controller.game.actions)
        deadline = time.monotonic() + BUSY_MACHINE_SECONDS
        while len(driver.controller.game.actions) == passes and time.monotonic() < deadline:
            driver.frame()
            time.sleep(0.01)
        assert len(driver.controller.game.actions) > passes  # the computers passed through the worker
    finally:
        driver.close()
    assert bot_workers() == []
