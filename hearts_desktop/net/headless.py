"""Network games without a window: a computer sits in a friend's seat and plays from its view.

``hearts-desktop --join CODE --address HOST:PORT --headless --bot LEVEL`` and the LAN
benchmark run this: the friend's program plays the real protocol, deciding with a bot of
``LEVEL`` from the view the host sent, and reading every score at once.
"""

from __future__ import annotations

import random

from ..bots import make_bot
from ..engine import MoonScoring, PassAction, Phase, PlayAction
from .client import ClientTable


class SeatBot:
    """Decides for a friend's seat whenever the host waits for it."""

    def __init__(self, level: str, seed: int | str) -> None:
        self.bot = make_bot(level)
        self.rng = random.Random(seed)

    def step(self, client: ClientTable) -> bool:
        """Make the move or read the score the table waits for; True when it did something."""
        if client.state != "playing":
            return False
        if client.awaiting_continue and client.viewer in client.reading:
            client.continue_after_hand()
            return True
        if client.active_human() is None:
            return False
        view = client.view()
        action = self.bot.decide(view, self.rng, lambda: False)
        if isinstance(action, PlayAction):
            client.play(action.card)
        elif isinstance(action, PassAction):
            client.submit_pass(action.cards)
        elif view.phase is Phase.MOON_CHOICE:
            client.choose_moon(getattr(action, "choice", MoonScoring.ADD_TO_OTHERS))
        return True
