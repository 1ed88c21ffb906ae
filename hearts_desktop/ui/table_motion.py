"""What lies on the table and what moves over it: the trick, the cards in flight, the deal
and the sweep of a finished trick to its winner.

The model is told the game's events by the table scene and advanced by elapsed time; it
knows where things are (``TableLayout``) but draws nothing, so it is tested without a
window. The scene draws ``trick`` and ``flights`` as they are at each frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine import Card, CardsExchanged, HandDealt, PlayerView, TrickWon
from ..engine.cards import QUEEN_OF_SPADES
from .layout import TableLayout
from .sprites import Flight
from .tween import Timer, Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic

DEAL_SECONDS = 0.9
FLIGHT_SECONDS = 0.28
SWEEP_SECONDS = 0.42
PASS_FLIGHT_SECONDS = 0.5


class TableMotion:
    """The trick on the table and every card in motion, for one table layout at a time."""

    def __init__(self, layout: TableLayout, animations: bool = True,
                 sound: Callable[[str], None] = lambda name: None) -> None:
        self.layout = layout
        """Where the seats, the trick and the hand are; the scene replaces it on a resize."""
        self.animations = animations
        """Off: every card lands at once and a finished trick is swept at once."""
        self.sound = sound
        self.trick: list[tuple[int, Card]] = []
        """The cards that have landed in the trick, by seat, in the order played."""
        self.flights: list[Flight] = []
        self.sweep: Timer | None = None
        """Counts down the finished trick's stay on the table, then sweeps it to its winner."""
        self.trick_winner: int | None = None
        """The seat that won the trick still on the table: its card is outlined until the sweep."""
        self.dealing: dict[int, int] | None = None
        """While a deal is shown: the cards each seat has been dealt so far."""
        self.pending_deal: int | None = None
        """A hand was dealt (this many cards a seat) and waits for the table to be clear."""
        self.arriving: set[Card] = set()
        """Cards passed to the viewer still flying into the hand (their place stays empty)."""

    # ------------------------------------------------------------------ state

    def reset(self, view: PlayerView) -> None:
        """What lies on the table, rebuilt from the view without animation (undo, resume)."""
        self.trick = list(zip(view.trick_seats(), view.trick))
        self.flights.clear()
        self.sweep = None
        self.dealing = None
        self.pending_deal = None
        self.arriving = set()

    @property
    def busy(self) -> bool:
        """Cards still moving or a trick waiting to be swept."""
        return bool(self.flights) or self.sweep is not None or bool(self.trick and self.trick_complete)

    @property
    def trick_complete(self) -> bool:
        return len(self.trick) == self.layout.players

    def winning(self, seat: int) -> bool:
        """Whether ``seat``'s card in the trick is outlined as the winner."""
        return seat == self.trick_winner and self.trick_complete

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        for flight in list(self.flights):
            flight.update(dt)
        self.flights = [f for f in self.flights if not f.finished]
        if self.sweep is not None:
            self.sweep.update(dt)

    def land_all(self) -> None:
        """Every card in flight lands where it was going (the window changed size)."""
        for flight in self.flights:
            flight.finish()

    def _duration(self, seconds: float) -> float:
        return seconds if self.animations else 0.0

    # ------------------------------------------------------------------ the deal

    def hand_dealt(self, event: HandDealt) -> None:
        """The next hand is dealt once the last trick is swept and the score has been read;
        until then its cards stay out of sight (nothing is drawn from the new hand)."""
        self.pending_deal = max(len(hand) for hand in event.hands)  # only the viewer's may be known
        self.dealing = {seat: 0 for seat in range(self.layout.players)}

    def deal_when_ready(self, waiting: bool, viewer: int) -> bool:
        """Start the waiting deal once nothing moves and nobody is ``waiting`` (the score
        being read); whether it started."""
        if self.pending_deal is None or self.busy or waiting:
            return False
        per_seat, self.pending_deal = self.pending_deal, None
        self.start_deal(per_seat, viewer)
        return True

    def start_deal(self, per_seat: int, viewer: int) -> None:
        """Cards fly from the middle to each seat in turn, from the viewer's left; hands
        fill as they land."""
        self.trick.clear()
        if not self.animations:
            self.dealing = None
            return
        n = self.layout.players
        self.dealing = {seat: 0 for seat in range(n)}
        center = self.center_rect(self.layout.small_h)
        step = DEAL_SECONDS / (per_seat * n)
        for i in range(per_seat * n):
            seat = (viewer + 1 + i) % n
            self.flights.append(
                Flight(None, center, self.seat_rect(seat), Tween(0.16, delay=i * step, easing=ease_out_cubic),
                       self._dealt_one(seat, i == per_seat * n - 1))
            )
        self.sound("deal")

    def _dealt_one(self, seat: int, last: bool) -> Callable[[], None]:
        def land() -> None:
            if self.dealing is not None:
                self.dealing[seat] += 1
                if last:
                    self.dealing = None
        return land

    # ------------------------------------------------------------------ the pass

    def cards_exchanged(self, event: CardsExchanged, viewer: int, passed: list[Card], slots: list[pygame.Rect],
                        places: dict[Card, pygame.Rect], face_up: bool) -> None:
        """Passed cards fly face down to their receivers, the viewer's from the slots they
        were in (``passed``, ``slots``); the viewer's new cards slide face up to their
        ``places`` in the hand."""
        for seat, (cards, senders) in enumerate(zip(event.received, event.senders)):
            for i, sender in enumerate(senders):
                card = cards[i] if i < len(cards) else None  # another seat's cards may not be known
                start = slots[passed.index(card)] if sender == viewer and card in passed else self.seat_rect(sender)
                end = self.seat_rect(seat)
                mine = seat == viewer and face_up and card is not None
                if mine and card is not None:
                    end = places.get(card, end)
                    self.arriving.add(card)
                self.flights.append(
                    Flight(card if mine else None, start, end,
                           Tween(self._duration(PASS_FLIGHT_SECONDS), delay=0.06 * i, easing=ease_in_out_cubic),
                           self._arrived(card) if mine and card is not None else None)
                )

    def _arrived(self, card: Card) -> Callable[[], None]:
        return lambda: self.arriving.discard(card)

    # ------------------------------------------------------------------ tricks

    def card_played(self, seat: int, card: Card, start: pygame.Rect | None) -> None:
        """The card flies from ``start`` (where the viewer's was drawn or dropped; else its
        seat) into the trick, after whatever still showed the previous trick."""
        self.finish_sweep()
        flight = Flight(card, start or self.seat_rect(seat), self.layout.trick_rect(seat),
                        Tween(self._duration(FLIGHT_SECONDS), easing=ease_out_back),
                        lambda: self.trick.append((seat, card)))
        self.flights.append(flight)
        self.sound("card_play")

    def trick_won(self, event: TrickWon, hold: float) -> None:
        """The winner's card is outlined while the trick stays ``hold`` seconds after its
        last card lands, then the trick sweeps to the winner (at once without animations)."""
        winner = event.winner

        def sweep() -> None:
            self.sweep = None
            self.trick_winner = None
            for flight in list(self.flights):
                flight.finish()
            target = self.seat_rect(winner)
            for seat, card in self.trick:
                self.flights.append(Flight(card, self.layout.trick_rect(seat), target,
                                           Tween(self._duration(SWEEP_SECONDS), easing=ease_in_out_cubic)))
            self.trick = []
            self.sound("queen_taken" if QUEEN_OF_SPADES in event.cards else "trick_sweep")

        self.trick_winner = winner
        self.sweep = Timer(self._duration(hold) + self._duration(FLIGHT_SECONDS), sweep)
        if not self.animations:
            for flight in list(self.flights):
                flight.finish()
            self.sweep.fire()

    def finish_sweep(self) -> None:
        """A new card was played: complete any animation still showing the old trick."""
        for flight in list(self.flights):
            flight.finish()
        if self.sweep is not None:
            self.sweep.fire()
        self.flights = [f for f in self.flights if not f.finished]

    # ------------------------------------------------------------------ geometry

    def center_rect(self, height: int) -> pygame.Rect:
        cx, cy = self.layout.table_center
        width = round(height * self.layout.card_w / self.layout.card_h)
        return pygame.Rect(round(cx - width / 2), round(cy - height / 2), width, height)

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's cards gather: for sweeps, deals and passes."""
        layout = self.layout
        height = layout.hand_h if seat == layout.viewer else layout.small_h
        width = round(height * layout.card_w / layout.card_h)
        x, y = layout.place(seat).hand_center
        return pygame.Rect(round(x - width / 2), round(y - height / 2), width, height)
