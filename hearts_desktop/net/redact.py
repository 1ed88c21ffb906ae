"""What of each table event one seat may see.

The engine's events carry everything that happened, hidden cards included (a deal holds
every hand, an exchange every seat's received cards, the first trick the kitty). Before an
event leaves the host, and before the host's own screen sees it, it is cut down to what the
rules show that seat: its own cards, the cards played, the kitty once the hand is scored
(in ``HandScored``'s result, never in the first ``TrickWon``). A view is its own seat's
already, but for one detail: which card opens play (with a kitty, a missing two of clubs
says the kitty holds it), known only to its holder until it is led. Who passed to whom stays,
since the direction is public, so other seats' passes still fly face down.
"""

from __future__ import annotations

from dataclasses import replace

from ..controller.table import BotFailed, CoverShown, HintReady, Refused, TableEvent
from ..engine import CardsExchanged, HandDealt, PassChosen, PlayerView, TrickWon


def redact(event: TableEvent, seat: int) -> TableEvent | None:
    """``event`` as ``seat`` may see it, or None when it is not for that seat at all."""
    if isinstance(event, HandDealt):
        return replace(event, hands=tuple(h if s == seat else () for s, h in enumerate(event.hands)))
    if isinstance(event, PassChosen):
        return event if event.seat == seat else replace(event, cards=())
    if isinstance(event, CardsExchanged):
        return replace(event, received=tuple(r if s == seat else () for s, r in enumerate(event.received)))
    if isinstance(event, TrickWon):
        return replace(event, kitty=()) if event.kitty else event
    if isinstance(event, (Refused, HintReady)):
        return event if event.seat == seat else None
    if isinstance(event, CoverShown):
        return None  # covers are for people sharing one computer, never a network table
    if isinstance(event, BotFailed):
        return replace(event, details="")  # a traceback stays in the host's program
    return event


def redact_view(view: PlayerView) -> PlayerView:
    """The view as sent to its seat: the opening card only for its holder until it is led."""
    if view.opening_card < 0 or view.tricks or view.trick or view.hand >> view.opening_card & 1:
        return view
    return replace(view, opening_card=-1)
