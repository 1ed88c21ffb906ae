"""The bot worker process: answers by job id, cancels by job id, and dies with the game."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hearts_desktop import language
from hearts_desktop.bots import Hint
from hearts_desktop.controller.bot_runner import (
    WORKER_NICENESS,
    BotAnswer,
    BotJob,
    Inbox,
    ProcessRunner,
    serve,
)
from hearts_desktop.engine import Game, Ruleset
from hearts_desktop.persistence import languages
from hearts_desktop.words import JobKind, Level

GONE_WITHIN_SECONDS = 2.0
BUSY_MACHINE_SECONDS = 600.0
"""How long a test waits for the worker at most: generous enough for a machine running ten
other things; every wait ends as soon as what it waits for has happened."""

# A game process hosting a ProcessRunner: prints the worker's pid once the worker is ready,
# then keeps it busy (a long hint search) or idle, and waits to be killed.
PARENT = """
import multiprocessing, sys, time
from hearts_desktop.controller.bot_runner import BotJob, ProcessRunner
from hearts_desktop import language
from hearts_desktop.bots import Hint
from hearts_desktop.engine import Game, Ruleset
from hearts_desktop.persistence import languages
from hearts_desktop.words import JobKind, Level

runner = ProcessRunner()
view = Game(Ruleset(), 1).view(0)
runner.submit(BotJob(1, JobKind.DECIDE, Level.EASY, view, "ready"))
while not runner.poll():
    time.sleep(0.01)
if sys.argv[1] == "busy":
    for job_id in range(2, 40):
        runner.submit(BotJob(job_id, JobKind.HINT, Level.EXPERT, view, str(job_id)))
print(multiprocessing.active_children()[0].pid, flush=True)
time.sleep(120)
"""


class WatchedInbox(Inbox):
    """The worker's inbox, telling the test when a background job is thinking: its search
    asks whether a move waits (``urgent_waiting``) only while it runs."""

    def __init__(self) -> None:
        super().__init__()
        self.thinking = threading.Event()
        self.set_aside = 0

    def urgent_waiting(self) -> bool:
        self.thinking.set()
        return super().urgent_waiting()

    def put_back(self, job: BotJob) -> None:
        self.set_aside += 1
        super().put_back(job)


def serve_in_a_thread(inbox: Inbox, answers: int) -> queue.Queue[BotAnswer]:
    """The worker's loop in a thread of its own: the answers in the order sent, until ``answers`` came."""
    sent: queue.Queue[BotAnswer] = queue.Queue()

    def send(answer: BotAnswer) -> None:
        sent.put(answer)
        if sent.qsize() == answers:
            raise OSError("the test has its answers")  # as when the game is gone: the loop ends

    threading.Thread(target=serve, args=(inbox, send), name="test-worker", daemon=True).start()
    return sent


def cpu_ticks(pid: int) -> int:
    """The processor time ``pid`` has used so far, in clock ticks (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def thinking(pid: int, ticks: int = 5) -> None:
    """Wait until the worker ``pid`` has thought for ``ticks`` more clock ticks (a search is
    running), however long a busy machine makes that take."""
    start = cpu_ticks(pid)
    deadline = time.monotonic() + BUSY_MACHINE_SECONDS
    while cpu_ticks(pid) < start + ticks:
        assert time.monotonic() < deadline, "the worker never thought"
        time.sleep(0.01)


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting for its reaper has died)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def a_view_job(job_id: int, kind: JobKind = JobKind.DECIDE, level: Level = Level.EASY) -> BotJob:
    return BotJob(job_id, kind, level, Game(Ruleset(), 3).view(0), f"seed {job_id}")


def answers_for(runner: ProcessRunner, wanted: set[int], seconds: float = BUSY_MACHINE_SECONDS) -> dict[int, BotAnswer]:
    found: dict[int, BotAnswer] = {}
    deadline = time.monotonic() + seconds
    while not wanted <= found.keys() and time.monotonic() < deadline:
        found.update((a.job_id, a) for a in runner.poll())
        time.sleep(0.01)
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("worker", ["idle", "busy"])
def test_the_worker_is_gone_within_two_seconds_of_killing_the_game(worker: str) -> None:
    game = subprocess.Popen([sys.executable, "-c", PARENT, worker], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1])))
    try:
        assert game.stdout is not None
        pid = int(game.stdout.readline())
        assert alive(pid)
        if worker == "busy":
            thinking(pid)
        game.kill()  # SIGKILL: no atexit, no finalizer, no goodbye to the worker
        game.wait()
        killed = time.monotonic()
        while alive(pid) and time.monotonic() - killed < 10:
            time.sleep(0.02)
        assert not alive(pid), "the worker outlived the game"
        assert time.monotonic() - killed < GONE_WITHIN_SECONDS
    finally:
        game.kill()
        game.wait()


def test_cancelling_one_job_leaves_the_others_to_be_answered() -> None:
    runner = ProcessRunner()
    try:
        for job_id in (1, 2, 3, 4):
            runner.submit(a_view_job(job_id))
        runner.cancel([2, 3])
        runner.submit(a_view_job(5))  # answered after the others: nothing cancelled comes later
        answers = answers_for(runner, {1, 4, 5})
        assert set(answers) == {1, 4, 5}  # the cancelled jobs never answer
        assert all(a.error is None for a in answers.values())
    finally:
        runner.close()


def test_the_worker_writes_the_hints_reason_in_the_players_language() -> None:
    """The worker process starts in English: the Hint's and the coach's sentences were English
    whatever the player's language (seen in the Hebrew end-to-end run)."""
    runner = ProcessRunner()
    try:
        languages.apply("de")
        runner.submit(a_view_job(1, JobKind.HINT, Level.EXPERT))
        german = answers_for(runner, {1})[1].result
        languages.apply(language.ENGLISH)
        runner.submit(dataclasses.replace(a_view_job(2, JobKind.HINT, Level.EXPERT), seed="seed 1"))
        english = answers_for(runner, {2})[2].result
    finally:
        runner.close()
    assert isinstance(german, Hint) and isinstance(english, Hint)
    assert german.action == english.action and german.reason != english.reason


def test_a_hint_asked_before_a_change_of_language_comes_in_the_new_one() -> None:
    """Found by the attack on issue 44: a hint asked in Arabic arrived in Arabic after the
    player had switched to Hebrew, under a Hebrew "Hint:"."""
    runner = ProcessRunner()
    try:
        languages.apply(language.ENGLISH)
        runner.submit(a_view_job(1, JobKind.HINT, Level.EXPERT))
        english = answers_for(runner, {1})[1].result
        languages.apply("de")
        runner.submit(dataclasses.replace(a_view_job(2, JobKind.HINT, Level.EXPERT), seed="seed 1"))
        languages.apply(language.ENGLISH)  # before its answer is read: it is asked again, in English
        again = answers_for(runner, {2})[2].result
    finally:
        runner.close()
    assert isinstance(english, Hint) and isinstance(again, Hint)
    assert again.reason == english.reason


def bot_workers() -> list[multiprocessing.process.BaseProcess]:
    return [child for child in multiprocessing.active_children() if child.name == "hearts-bots"]


def test_a_held_runner_starts_no_worker_until_started_then_answers_the_jobs_kept_meanwhile() -> None:
    runner = ProcessRunner.held()
    try:
        for job_id in (1, 2, 3):
            runner.submit(a_view_job(job_id))
        runner.cancel([2])
        assert runner.poll() == [] and bot_workers() == []
        runner.start()
        runner.start()  # a second start keeps the one worker
        assert len(bot_workers()) == 1
        runner.submit(a_view_job(4))  # answered after the others
        assert set(answers_for(runner, {1, 3, 4})) == {1, 3, 4}  # the job cancelled before the start never is
    finally:
        runner.close()
    assert bot_workers() == []


def test_a_job_thinking_when_cancelled_stops_and_the_next_one_is_answered() -> None:
    """Cancelled once it is thinking (an event from its search, not a sleep assumed long
    enough), the Expert's hint stops and the next job is answered, the hint never."""
    inbox = WatchedInbox()
    answers = serve_in_a_thread(inbox, 1)
    hint = dataclasses.replace(a_view_job(1, JobKind.HINT, Level.EXPERT), background=True)  # says it thinks
    inbox.add(hint)
    assert inbox.thinking.wait(BUSY_MACHINE_SECONDS), "the hint never started"
    inbox.cancel([1])
    inbox.add(a_view_job(2))
    assert answers.get(timeout=BUSY_MACHINE_SECONDS).job_id == 2
    assert answers.empty()


def test_a_killed_worker_is_replaced_and_given_the_unanswered_jobs() -> None:
    runner = ProcessRunner()
    try:
        runner.submit(a_view_job(1))
        assert set(answers_for(runner, {1})) == {1}
        worker = runner._process  # the test plays the out-of-memory killer
        assert worker is not None
        worker.kill()
        worker.join()
        runner.submit(a_view_job(2))
        assert set(answers_for(runner, {2})) == {2}
    finally:
        runner.close()


@pytest.mark.skipif(not hasattr(os, "getpriority") or not Path("/proc/self/stat").exists(),
                    reason="process priorities are a POSIX call; a search running is read from /proc")
def test_the_worker_thinks_at_a_lower_priority_than_the_window_and_closing_stops_it_at_once() -> None:
    runner = ProcessRunner()
    try:
        runner.submit(a_view_job(1))
        assert 1 in answers_for(runner, {1})  # the worker is running: it has stepped back
        pid = next(child.pid for child in multiprocessing.active_children() if child.name == "hearts-bots")
        assert pid is not None
        lowest = 19  # nice values stop there
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(lowest, os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS)
        runner.submit(a_view_job(2, JobKind.HINT, Level.EXPERT))  # a long search, then the window closes
        thinking(pid)
    finally:
        started = time.monotonic()
        runner.close()
    assert time.monotonic() - started < 0.5
