"""The program's one worker for the computers' decisions, shared by every local game and
the coach, and started where it costs no frame.

One worker serves every local game of the session and the coach's background reviews, which
go on from one game into the next (a rematch does not stop the last hand's review); it ends
when the program does. It is made when the first game asks for it but started only once the
frame that first showed that game's table is on screen, and the coach's modules are then
imported in a thread: started before that frame, the worker's imports took a core from it
and the coach's imports delayed it; done in the frame after it, they made that frame
22-42 ms (start-up, issue 20).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from ..controller.bot_runner import BotRunner, InlineRunner, ProcessRunner, SharedRunner
from ..controller.session import Session

if TYPE_CHECKING:  # the coach is imported off the render loop, once a table is on screen
    from ..coach.review import CoachBudget


class BotWorker:
    def __init__(self, make: Callable[[], BotRunner]) -> None:
        self._make = make
        self._shared: SharedRunner | None = None
        self._frames = 0
        """Frames drawn so far."""
        self._waits_for: int | None = None
        """The worker was made when this many frames were drawn, for a table not on screen
        yet: it and the coach's imports start once a frame more is (``frame_drawn``)."""
        self._coach_imports: threading.Thread | None = None
        """Imports the coach off the render loop; the coach starts once it has (``start_coach``)."""

    def client(self) -> BotRunner:
        """A game's share of the worker (made at the first call, held until a frame shows
        the game: the jobs asked for meanwhile wait in its runner)."""
        if self._shared is None:
            runner = ProcessRunner.held() if self._make is ProcessRunner else self._make()
            self._shared = SharedRunner(runner)
            self._waits_for = self._frames
        return self._shared.client()

    def frame_drawn(self) -> None:
        """After each frame's flip: once the frame that first showed a table is on screen,
        start the worker and the coach's imports (they cost the wait for the next frame)."""
        self._frames += 1
        if self._shared is None or self._waits_for is None or self._frames <= self._waits_for:
            return
        self._waits_for = None
        if isinstance(self._shared.runner, ProcessRunner):
            self._shared.runner.start()
        self._coach_imports = threading.Thread(target=import_module, args=("..controller.accuracy", __package__),
                                               name="coach-imports", daemon=True)
        self._coach_imports.start()
        if self.thinks_inline:
            # Everything thinks in the render loop (tests, the fuzzer): the coach starts in
            # the next frame, not whenever the thread happens to finish, so that a run
            # replays the same under any load.
            self._coach_imports.join()

    def start_coach(self, session: Session) -> None:
        """Before each frame: the coach, once its modules are imported (they load while the
        render loop waits for the next frame, so no frame waits for them)."""
        if self._coach_imports is None or self._coach_imports.is_alive():
            return
        self._coach_imports = None
        assert self._shared is not None, "the coach's imports start with the worker"
        session.start_coach(self._shared.client, self.review_budget())

    @property
    def thinks_inline(self) -> bool:
        return self._shared is not None and isinstance(self._shared.runner, InlineRunner)

    def review_budget(self) -> CoachBudget:
        """A runner that thinks in the render loop (tests, the fuzzer) gets a token review, or
        the window would stall for the whole review."""
        from ..coach.review import DEFAULT_BUDGET
        from ..controller.review import INLINE_REVIEW

        return INLINE_REVIEW if self.thinks_inline else DEFAULT_BUDGET

    def close(self) -> None:
        if self._shared is not None:
            self._shared.close()
