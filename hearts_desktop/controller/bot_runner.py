"""Where computer players think: inline (tests, autoplay) or in a worker process (the window).

A search bot may think for a second or two. Run in the render loop's process it would hold
the interpreter and starve the frames, so the table uses ``ProcessRunner``: one persistent
worker process on the other core, fed jobs through a queue. Jobs carry only the player's
view, so the worker never sees hidden cards either. Cancelling raises a watermark that the
worker's ``cancel`` callable compares against; answers to cancelled jobs are dropped.
"""

from __future__ import annotations

import multiprocessing
import queue
import random
import traceback
from dataclasses import dataclass
from multiprocessing.sharedctypes import Synchronized
from typing import Any, Literal, Protocol

from ..bots import make_bot
from ..bots.base import Cancel
from ..engine import PlayerView

JobKind = Literal["decide", "hint"]


@dataclass(frozen=True, slots=True)
class BotJob:
    job_id: int
    kind: JobKind
    level: str
    view: PlayerView
    seed: str


@dataclass(frozen=True, slots=True)
class BotAnswer:
    job_id: int
    result: Any
    error: str | None = None


def run_job(job: BotJob, cancel: Cancel) -> Any:
    """Compute one job's answer: an engine action, or a hint for the human."""
    rng = random.Random(job.seed)
    if job.kind == "hint":
        from ..bots.hint import hint

        return hint(job.view, rng, cancel)
    return make_bot(job.level).decide(job.view, rng, cancel)


class BotRunner(Protocol):
    def submit(self, job: BotJob) -> None: ...

    def poll(self) -> list[BotAnswer]: ...

    def cancel_before(self, job_id: int) -> None:
        """Stop work on every job numbered below ``job_id``; their answers are dropped."""

    def close(self) -> None: ...


class InlineRunner:
    """Thinks at once, in the caller's thread: deterministic, for tests and autoplay."""

    def __init__(self) -> None:
        self._answers: list[BotAnswer] = []
        self._watermark = 0

    def submit(self, job: BotJob) -> None:
        self._answers.append(_answer(job, lambda: False))

    def poll(self) -> list[BotAnswer]:
        answers = [a for a in self._answers if a.job_id >= self._watermark]
        self._answers.clear()
        return answers

    def cancel_before(self, job_id: int) -> None:
        self._watermark = job_id

    def close(self) -> None:
        self._answers.clear()


def _answer(job: BotJob, cancel: Cancel) -> BotAnswer:
    try:
        return BotAnswer(job.job_id, run_job(job, cancel))
    except Exception:  # a bot bug must not take the table down; the controller falls back
        return BotAnswer(job.job_id, None, traceback.format_exc(limit=8))


def _worker(jobs: Any, answers: Any, watermark: Synchronized) -> None:  # type: ignore[type-arg]
    while True:
        job = jobs.get()
        if job is None:
            return
        if job.job_id < watermark.value:
            continue

        def cancelled(job_id: int = job.job_id) -> bool:
            return bool(job_id < watermark.value)

        answers.put(_answer(job, cancelled))


class ProcessRunner:
    """Runs bots in one persistent worker process so the window never waits for them."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._watermark: Synchronized = self._context.Value("q", 0)  # type: ignore[type-arg]
        self._outstanding: dict[int, BotJob] = {}
        self._start()

    def _start(self) -> None:
        self._jobs = self._context.Queue()
        self._answers = self._context.Queue()
        self._process = self._context.Process(
            target=_worker, args=(self._jobs, self._answers, self._watermark),
            name="hearts-bots", daemon=True,
        )
        self._process.start()

    def submit(self, job: BotJob) -> None:
        self._outstanding[job.job_id] = job
        self._jobs.put(job)

    def poll(self) -> list[BotAnswer]:
        answers: list[BotAnswer] = []
        while True:
            try:
                answer = self._answers.get_nowait()
            except queue.Empty:
                break
            self._outstanding.pop(answer.job_id, None)
            if answer.job_id >= self._watermark.value:
                answers.append(answer)
        if not self._process.is_alive() and self._outstanding:
            # The worker died (killed, out of memory): start another and hand it the work.
            pending = [j for j in self._outstanding.values() if j.job_id >= self._watermark.value]
            self._outstanding.clear()
            self._start()
            for job in pending:
                self.submit(job)
        return answers

    def cancel_before(self, job_id: int) -> None:
        with self._watermark.get_lock():
            self._watermark.value = max(self._watermark.value, job_id)
        self._outstanding = {k: j for k, j in self._outstanding.items() if k >= job_id}

    def close(self) -> None:
        self.cancel_before(2**62)
        try:
            self._jobs.put(None)
        except (OSError, ValueError):
            pass
        self._process.join(timeout=1.0)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=1.0)
