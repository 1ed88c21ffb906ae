"""A bot runner that answers the way the worker process does: late and out of order."""

from __future__ import annotations

import random
from collections.abc import Iterable

from hearts_desktop.controller.bot_runner import BotAnswer, BotJob, run_job


class DelayedRunner:
    """Each answer arrives from zero to ``most_polls`` polls after its job, answers of one
    poll in a shuffled order, as from a worker that is still thinking about earlier jobs.
    Thinking is done at once and hurried (each bot is told to stop from the start, so even
    the Expert's hint costs little), deterministic under ``seed``; only the timing of the
    answers is the worker's."""

    def __init__(self, seed: int, most_polls: int = 4) -> None:
        self._rng = random.Random(seed)
        self._most_polls = most_polls
        self._waiting: dict[int, tuple[int, BotAnswer]] = {}
        self.submitted: list[BotJob] = []

    def submit(self, job: BotJob) -> None:
        self.submitted.append(job)
        answer = BotAnswer(job.job_id, run_job(job, lambda: True))
        self._waiting[job.job_id] = (self._rng.randint(0, self._most_polls), answer)

    def poll(self) -> list[BotAnswer]:
        due = [answer for polls, answer in self._waiting.values() if polls == 0]
        self._waiting = {job_id: (polls - 1, answer) for job_id, (polls, answer) in self._waiting.items() if polls}
        self._rng.shuffle(due)
        return due

    def cancel(self, job_ids: Iterable[int]) -> None:
        for job_id in job_ids:
            self._waiting.pop(job_id, None)

    def close(self) -> None:
        self._waiting.clear()
