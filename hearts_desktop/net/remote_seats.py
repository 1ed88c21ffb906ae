"""A bot runner that holds a friend's decisions for the friend, and gives the rest to computers.

The controller asks every seat that is not the local person for its decisions through a
``BotRunner``. A decision for a connected friend's seat waits here (``waiting_job``) until
the friend's move arrives; the host checks it and the controller applies it as a person's
move (``TableController.person_moved``), at once, not at the computers' pace. Every other
job goes to the real bot runner. When a friend's connection drops, their waiting decision
(and every later one) goes to that runner too, played at the seat's level, the level the
host chose for it; when they come back, a decision the computer has not answered yet is
handed back to them.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..controller.bot_runner import BotAnswer, BotJob, BotRunner
from ..words import JobKind


class RemoteSeats:
    """Routes decisions: a connected friend's seat to the person, all else to ``inner``."""

    def __init__(self, inner: BotRunner, remote: Iterable[int]) -> None:
        self.inner = inner
        self.remote = frozenset(remote)
        """The friends' seats, set again when the game starts (the host may give one to a computer before)."""
        self.connected: set[int] = set()
        self._waiting: dict[int, BotJob] = {}
        """Seat -> the decision its person has not sent yet."""
        self._substituted: dict[int, BotJob] = {}
        """Job id -> a remote seat's decision given to a computer while its person is away."""

    def _is_person(self, job: BotJob) -> bool:
        return job.kind is JobKind.DECIDE and job.view.seat in self.remote

    # ------------------------------------------------------------------ BotRunner

    def submit(self, job: BotJob) -> None:
        if self._is_person(job) and job.view.seat in self.connected:
            self._waiting[job.view.seat] = job
            return
        if self._is_person(job):
            self._substituted[job.job_id] = job
        self.inner.submit(job)

    def poll(self) -> list[BotAnswer]:
        answers = self.inner.poll()
        for answer in answers:
            self._substituted.pop(answer.job_id, None)
        return answers

    def cancel(self, job_ids: Iterable[int]) -> None:
        cancelled = set(job_ids)
        self.inner.cancel(cancelled)
        self._waiting = {seat: job for seat, job in self._waiting.items() if job.job_id not in cancelled}
        self._substituted = {k: job for k, job in self._substituted.items() if k not in cancelled}

    def close(self) -> None:
        self._waiting.clear()
        self.inner.close()

    # ------------------------------------------------------------------ the people

    def waiting_job(self, seat: int) -> BotJob | None:
        """The decision the table waits for from ``seat``'s person, if any."""
        return self._waiting.get(seat)

    def seat_left(self, seat: int) -> None:
        """The person went away: a computer takes their decisions from now on."""
        self.connected.discard(seat)
        job = self._waiting.pop(seat, None)
        if job is not None:
            self._substituted[job.job_id] = job
            self.inner.submit(job)

    def seat_back(self, seat: int) -> None:
        """The person is back: a decision the computer is still making returns to them."""
        self.connected.add(seat)
        for job_id, job in list(self._substituted.items()):
            if job.view.seat == seat:
                del self._substituted[job_id]
                self.inner.cancel([job_id])
                self._waiting[seat] = job
