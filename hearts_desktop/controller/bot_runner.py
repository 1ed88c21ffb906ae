"""Where computer players think: inline (tests, autoplay) or in a worker process (the window).

A search bot may think for a second or two. Run in the render loop's process it would hold
the interpreter and starve the frames, so the table uses ``ProcessRunner``: one persistent
worker process on the other core, fed jobs through a pipe. Jobs carry only the player's
view, so the worker never sees hidden cards either.

Jobs are cancelled by their ids, never by age: a queued job is skipped, a running one sees
its ``cancel`` callable turn true, and a cancelled job's answer is dropped, while every
other job (a computer's pass submitted before a hint, say) is still answered.

Background jobs (the coach judging a finished hand while the game goes on) wait behind
every move and hint: the worker takes one only when nothing else waits, and a move or hint
arriving while one runs stops it at once; it is started again later (its seed makes the
second run give the same answer). ``SharedRunner`` lets the table and the coach share the
one worker, each with its own job numbers and answers.

The worker dies with the game, however the game ends (kill -9, out of memory): it holds
only its own ends of its two pipes, and a thread in it waits on the job pipe and on the
parent's sentinel, ending the worker at once when either says the game is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import count
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any, Protocol

from .. import language
from ..bots import Hint, make_bot
from ..bots.base import Cancel, SeatLevels
from ..engine import Action, PlayerView
from ..language import ENGLISH
from ..persistence import languages
from ..words import JobKind, Level

if TYPE_CHECKING:  # the coach thinks in the worker: the window's process need not import it
    from ..bots.inference import Deal
    from ..coach.game import Judged
    from ..coach.review import CoachBudget


@dataclass(frozen=True, slots=True)
class BotJob:
    job_id: int
    kind: JobKind
    level: Level
    view: PlayerView
    seed: str
    seat_levels: SeatLevels = ()
    """What the table shows beside each name (the Expert models the Medium seats)."""
    chosen: Action | None = None
    """For the coach ("judge"): the action taken from ``view``, to be judged."""
    budget: CoachBudget | None = None
    """For the coach: how many deals a judgement may use (None: the coach's default)."""
    truth: Deal | None = None
    """For the coach's second opinion "with all cards shown" alone: the true deal."""
    background: bool = False
    """Low priority: run only when no other job waits, and set aside when one comes."""
    language: str = ENGLISH
    """The player's language when the job was asked for: the worker process writes the
    coach's and the Hint's sentences in it (``ProcessRunner.submit`` sets it)."""


@dataclass(frozen=True, slots=True)
class BotAnswer:
    job_id: int
    result: Action | Hint | Judged | None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class CancelJobs:
    """Sent down the job pipe: stop these jobs, queued or running."""

    job_ids: frozenset[int]


def run_job(job: BotJob, cancel: Cancel) -> Action | Hint | Judged:
    """Compute one job's answer: an engine action, a hint for the human, or the coach's
    judgement of a decision the human made."""
    rng = random.Random(job.seed)
    if job.kind is JobKind.HINT:
        from ..coach.hint import hint

        return hint(job.view, rng, cancel)
    if job.kind is JobKind.JUDGE:
        from ..coach.game import judge_decision
        from ..coach.review import DEFAULT_BUDGET

        assert job.chosen is not None
        return judge_decision(job.view, job.chosen, rng, job.budget or DEFAULT_BUDGET, cancel, job.truth)
    return make_bot(job.level).decide(job.view, rng, cancel, job.seat_levels)


class BotRunner(Protocol):
    def submit(self, job: BotJob) -> None: ...

    def poll(self) -> list[BotAnswer]:
        """The answers that came in since the last poll, in any order, none of a cancelled job."""

    def cancel(self, job_ids: Iterable[int]) -> None:
        """Stop work on these jobs and drop their answers; every other job goes on."""

    def close(self) -> None: ...


class InlineRunner:
    """Thinks at once, in the caller's thread: deterministic, for tests and autoplay."""

    def __init__(self) -> None:
        self._answers: list[BotAnswer] = []

    def submit(self, job: BotJob) -> None:
        self._answers.append(_answer(job, lambda: False))

    def poll(self) -> list[BotAnswer]:
        answers, self._answers = self._answers, []
        return answers

    def cancel(self, job_ids: Iterable[int]) -> None:
        cancelled = set(job_ids)
        self._answers = [a for a in self._answers if a.job_id not in cancelled]

    def close(self) -> None:
        self._answers.clear()


def _answer(job: BotJob, cancel: Cancel) -> BotAnswer:
    try:
        return BotAnswer(job.job_id, run_job(job, cancel))
    except Exception:  # a bot bug must not take the table down; the controller falls back
        return BotAnswer(job.job_id, None, traceback.format_exc(limit=8))


class Inbox:
    """The worker's side: jobs waiting (moves and hints first, in order, then background
    jobs), and which of them (or the one running) were cancelled. Cancellations are kept
    only for jobs still queued or running, so the record never outgrows the queue however
    long the game lasts."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._urgent: deque[BotJob] = deque()
        self._background: deque[BotJob] = deque()
        self._live: set[int] = set()
        self._cancelled: set[int] = set()

    def add(self, job: BotJob) -> None:
        with self._ready:
            self._live.add(job.job_id)
            (self._background if job.background else self._urgent).append(job)
            self._ready.notify()

    def put_back(self, job: BotJob) -> None:
        """A background job set aside for a move: first of its kind to run again."""
        with self._ready:
            self._background.appendleft(job)

    def next(self) -> BotJob:
        """The next job to run, waiting for one."""
        with self._ready:
            self._ready.wait_for(lambda: bool(self._urgent or self._background))
            return (self._urgent or self._background).popleft()

    def urgent_waiting(self) -> bool:
        return bool(self._urgent)

    def cancel(self, job_ids: Iterable[int]) -> None:
        with self._ready:
            self._cancelled |= self._live.intersection(job_ids)

    def is_cancelled(self, job_id: int) -> bool:
        return job_id in self._cancelled

    def done(self, job_id: int) -> None:
        with self._ready:
            self._live.discard(job_id)
            self._cancelled.discard(job_id)


class _Stop:
    """A running job's ``cancel``: true once it is cancelled or, for a background job, once
    a move or hint waits (then ``set_aside`` says the job must run again)."""

    def __init__(self, inbox: Inbox, job: BotJob) -> None:
        self.inbox = inbox
        self.job = job
        self.set_aside = False

    def __call__(self) -> bool:
        if self.inbox.is_cancelled(self.job.job_id):
            return True
        if self.job.background and self.inbox.urgent_waiting():
            self.set_aside = True
        return self.set_aside


def _listen(jobs: Connection, inbox: Inbox) -> None:
    """Move messages from the game into the inbox; end the worker when the game is gone:
    its end of the pipe closed (even by kill -9) or, belt and braces, its process died."""
    parent = multiprocessing.parent_process()
    watched: list[Any] = [jobs] if parent is None else [jobs, parent.sentinel]
    while True:
        ready = wait(watched)
        if jobs not in ready:
            os._exit(0)
        try:
            message = jobs.recv()
        except (EOFError, OSError):
            os._exit(0)
        if isinstance(message, CancelJobs):
            inbox.cancel(message.job_ids)
        else:
            inbox.add(message)


WORKER_NICENESS = 5
"""How far the worker steps back for the window: on two cores, a search thinking at the
same priority as the render loop took a core the frames needed (frame p99 9-13 ms while
the Expert thought). Idle cores still run it at full speed, and its budgets are counted
in deals, so a niced worker decides the same, only later when the machine is busy."""


def _step_back_for_the_window() -> None:
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):
        pass  # no nice (Windows) or not allowed: the worker thinks at the window's priority


def _worker(jobs: Connection, answers: Connection) -> None:
    _step_back_for_the_window()
    inbox = Inbox()
    threading.Thread(target=_listen, args=(jobs, inbox), name="hearts-bots-listener", daemon=True).start()
    serve(inbox, answers.send)


def serve(inbox: Inbox, send: Callable[[BotAnswer], None]) -> None:
    """Answer the inbox's jobs, moves before background work, until ``send`` fails (the game
    is gone). The worker process runs it; tests run it in a thread, watching the inbox."""
    while True:
        job = inbox.next()
        if not inbox.is_cancelled(job.job_id):
            _speak(job.language)
            stop = _Stop(inbox, job)
            answer = _answer(job, stop)
            if stop.set_aside and not inbox.is_cancelled(job.job_id):
                inbox.put_back(job)
                continue
            if not inbox.is_cancelled(job.job_id):
                try:
                    send(answer)
                except OSError:
                    return
        inbox.done(job.job_id)


WORDED_JOBS = frozenset({JobKind.HINT, JobKind.JUDGE})
"""Jobs whose answer holds sentences for the player (a computer's move holds none)."""


def _speak(code: str) -> None:
    """Write the job's sentences in ``code``, as the window would (the worker process starts
    in English; a catalogue it cannot read leaves it in English, which the window has said)."""
    if code != language.current():
        languages.apply(code)


class ProcessRunner:
    """Runs bots in one persistent worker process so the window never waits for them.

    ``start=False`` holds the jobs until ``start``: the window starts the worker once its
    first frame is on screen, as the worker's imports (0.2 s of CPU) competed with the
    window's own for the two cores the first frame waited on."""

    def __init__(self, start: bool = True) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._outstanding: dict[int, BotJob] = {}
        self._process: BaseProcess | None = None
        if start:
            self.start()

    @classmethod
    def held(cls) -> ProcessRunner:
        """A runner whose worker waits for ``start``."""
        return cls(start=False)

    def start(self) -> None:
        """Start the worker, handing it every job asked for so far (a started one stays)."""
        if self._process is None:
            self._start()

    def _start(self) -> None:
        job_end, self._jobs = self._context.Pipe(duplex=False)
        self._answers, answer_end = self._context.Pipe(duplex=False)
        self._process = self._context.Process(
            target=_worker, args=(job_end, answer_end), name="hearts-bots", daemon=True,
        )
        self._process.start()
        # The worker's ends belong to the worker alone: once the game's process is gone,
        # no copy of the job pipe's writing end is left open, and the worker reads its end.
        job_end.close()
        answer_end.close()
        for job in self._outstanding.values():
            self._send(job)

    def _send(self, message: BotJob | CancelJobs) -> None:
        try:
            self._jobs.send(message)
        except OSError:
            pass  # the worker died; poll() starts another and hands it the outstanding jobs

    def submit(self, job: BotJob) -> None:
        job = replace(job, language=language.current())
        self._outstanding[job.job_id] = job
        if self._process is not None:
            self._send(job)

    def poll(self) -> list[BotAnswer]:
        answers: list[BotAnswer] = []
        if self._process is None:
            return answers
        try:
            while self._answers.poll():
                answer = self._answers.recv()
                job = self._outstanding.get(answer.job_id)
                if job is not None and job.kind in WORDED_JOBS and job.language != language.current():
                    self.submit(job)  # its sentences are in the language the player left: ask again
                elif self._outstanding.pop(answer.job_id, None) is not None:
                    answers.append(answer)
        except (EOFError, OSError):
            pass  # the worker died; its jobs are still outstanding
        if self._outstanding and not self._process.is_alive():
            # The worker died (killed, out of memory): start another and hand it the work.
            self._jobs.close()
            self._answers.close()
            self._start()
        return answers

    def cancel(self, job_ids: Iterable[int]) -> None:
        cancelled = frozenset(job_ids) & self._outstanding.keys()
        for job_id in cancelled:
            del self._outstanding[job_id]
        if cancelled and self._process is not None:
            self._send(CancelJobs(cancelled))

    def close(self) -> None:
        """Stop the worker at once: it keeps nothing, so waiting for it to finish a search
        (or, just after start-up, its imports: 0.2 s) only kept the window from closing."""
        self._outstanding.clear()
        if self._process is None:
            return
        self._process.terminate()
        self._process.join(timeout=1.0)
        self._jobs.close()
        self._answers.close()


class SharedRunner:
    """One worker for several users (the table, each of the coach's background reviews):
    each gets a client (a ``BotRunner``) numbering its jobs as it likes; answers go back to
    the client that asked, and closing a client stops only its own jobs."""

    def __init__(self, runner: BotRunner) -> None:
        self.runner = runner
        self._numbers = count(1)
        self._owners: dict[int, tuple[RunnerClient, int]] = {}

    def client(self) -> RunnerClient:
        return RunnerClient(self)

    def _deliver(self) -> None:
        for answer in self.runner.poll():
            owner = self._owners.pop(answer.job_id, None)
            if owner is not None:
                client, job_id = owner
                client.receive(replace(answer, job_id=job_id))

    def close(self) -> None:
        """Stop every job and the worker."""
        self._owners.clear()
        self.runner.close()


class RunnerClient:
    """One user's share of a ``SharedRunner``."""

    def __init__(self, shared: SharedRunner) -> None:
        self._shared = shared
        self._numbers: dict[int, int] = {}  # the client's job id -> the worker's
        self._answers: list[BotAnswer] = []

    def submit(self, job: BotJob) -> None:
        number = next(self._shared._numbers)
        self._numbers[job.job_id] = number
        self._shared._owners[number] = (self, job.job_id)
        self._shared.runner.submit(replace(job, job_id=number))

    def receive(self, answer: BotAnswer) -> None:
        if self._numbers.pop(answer.job_id, None) is not None:
            self._answers.append(answer)

    def poll(self) -> list[BotAnswer]:
        self._shared._deliver()
        answers, self._answers = self._answers, []
        return answers

    def cancel(self, job_ids: Iterable[int]) -> None:
        cancelled = set(job_ids)
        numbers = [self._numbers.pop(i) for i in cancelled if i in self._numbers]
        for number in numbers:
            self._shared._owners.pop(number, None)
        if numbers:
            self._shared.runner.cancel(numbers)
        self._answers = [a for a in self._answers if a.job_id not in cancelled]

    def close(self) -> None:
        """Stop this client's jobs; the worker goes on for the others."""
        self.cancel(list(self._numbers))
        self._answers.clear()
