"""An independent audit of what the host sends: no card a seat may not know, ever.

The audit does not trust the redaction code. It reads each message as plain JSON, finds
every card-shaped string in it, and checks it against what the rules let the receiving
seat know at that moment, worked out from the host's own game: the seat's dealt and
received cards, the cards played so far this hand, and, once a hand is scored, all of it
(the kitty included). Scored hands may only be those the host has scored. The leak
property test runs it over random games; the LAN benchmarks run it on every message. It
sees the messages through the host's link (``host_watch.WatchedLink``), as they are sent:
the program's host knows nothing of it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Final

from hearts_desktop.engine import Game, Phase, cards_of, mask_of

CARD: Final = re.compile(r"^[2-9TJQKA][CDSH]$")
NAMES: Final = ("seats", "host", "reason", "version", "token")
"""Fields of free text (players' names, sentences), where "QS" would be a name, not a card."""


def known_cards(game: Game, seat: int) -> set[str]:
    """What ``seat`` may know of the hand in play."""
    hand = game.hand
    if game.over or hand.phase is Phase.SCORED:
        return {str(c) for c in cards_of(hand.rules.tables.deck)}
    played = mask_of(hand.trick)
    for trick in hand.tricks:
        played |= mask_of(trick.cards)
    mask = hand.dealt[seat] | mask_of(hand.received[seat]) | played
    return {str(c) for c in cards_of(mask)}


def cards_in(value: Any, path: str = "") -> list[tuple[str, str]]:
    """Every card-shaped string in a JSON value, with where it is."""
    if isinstance(value, str):
        return [(path, value)] if CARD.match(value) else []
    if isinstance(value, list):
        return [found for i, item in enumerate(value) for found in cards_in(item, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [found for key, item in value.items() if key not in NAMES
                for found in cards_in(item, f"{path}.{key}")]
    return []


def current_hand_events(events: list[dict[str, Any]], game: Game) -> list[dict[str, Any]]:
    """The events of the hand in play: from its deal when the deal is among them, else all
    (one update never spans more than one deal; earlier hands are scored, so public)."""
    for index, event in enumerate(events):
        if event.get("type") == "dealt" and event.get("hand_index") == game.hand_index:
            return events[index:]
    return events


@dataclass
class LeakAudit:
    messages: int = 0
    cards_checked: int = 0
    leaks: list[str] = field(default_factory=list)

    def check(self, game: Game, seat: int | None, data: bytes) -> None:
        """One message as queued for ``seat`` (None: a connection without a seat yet)."""
        message = json.loads(data)
        self.messages += 1
        if message.get("type") != "table":
            if message.get("type") == "refused":
                message.pop("card", None)  # the card the friend named themselves
            self._expect(game, seat, cards_in(message), set(), message)
            return
        seat = message["view"]["seat"]
        if message["first_result"] + len(message["results"]) > len(game.results):
            self.leaks.append(f"seat {seat} was sent the result of a hand not scored yet")
        known = known_cards(game, seat)
        found = cards_in(message["view"], "view") + cards_in(current_hand_events(message["events"], game), "events")
        self._expect(game, seat, found, known, message)

    def _expect(self, game: Game, seat: int | None, found: list[tuple[str, str]], known: set[str],
                message: dict[str, Any]) -> None:
        for path, card in found:
            self.cards_checked += 1
            if card not in known:
                self.leaks.append(f"seat {seat} was sent {card} at {path} (hand {game.hand_index}, "
                                  f"{game.hand.phase.value}): {json.dumps(message)[:240]}")
