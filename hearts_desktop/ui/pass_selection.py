"""The viewer's pass in the making, and the cards passed to each person.

Which cards are in the pass slots, what a card let go over them (or clicked) does, and, after
the exchange, the cards each person received and who passed them, shown the first time
that person sees their hand, kept raised until they act (the Microsoft Hearts way). No
drawing and no window: the table scene asks it and draws what it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..engine import Card, CardsExchanged, Phase, PlayerView, Suit
from ..engine.rules import CARDS_PASSED
from ..language import _, join_names, n_
from ..persistence.seats import shown_name
from ..words import RECEIVED_FROM

SUIT_ORDERS = {
    "alternating": (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS),
    "suits": (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS),
}
"""The hand's suits left to right, by the settings' ``hand_sort``."""


@dataclass(frozen=True)
class HandOrder:
    """How the hand is sorted (the settings' ``hand_sort`` and ``high_first``)."""

    suits: str = "alternating"
    high_first: bool = False

    def sort(self, cards: Sequence[Card]) -> list[Card]:
        place = {suit: i for i, suit in enumerate(SUIT_ORDERS[self.suits])}
        sign = -1 if self.high_first else 1
        return sorted(cards, key=lambda c: (place[c.suit], sign * c.rank))


class PassSelection:
    """The cards in the pass slots, in the order chosen, and the received cards to show."""

    def __init__(self) -> None:
        self.order = HandOrder()
        """How the hand is sorted: the received cards are named in the same order."""
        self.chosen: list[Card] = []
        self.unseen_received: dict[int, tuple[frozenset[Card], tuple[str, ...]]] = {}
        """Per person: the cards passed to them, not yet seen, and who passed them."""
        self.shown: tuple[frozenset[Card], tuple[str, ...]] | None = None
        """The received cards raised in the viewer's hand and who passed them, until the
        viewer plays a card or presses OK (``acknowledge``)."""

    def reset(self, view: PlayerView) -> None:
        """The slots as the view has them: the viewer's chosen pass while cards are still
        being passed; nothing once they have been exchanged."""
        self.chosen = list(view.passed or ()) if view.phase is Phase.PASSING else []

    @property
    def complete(self) -> bool:
        return len(self.chosen) == CARDS_PASSED

    def missing_sentence(self) -> str:
        missing = CARDS_PASSED - len(self.chosen)
        return n_("Choose {count} more card to pass.", "Choose {count} more cards to pass.", missing).format(
            count=missing)

    def drop(self, card: Card, from_slot: bool, moved: bool, over_slots: bool) -> str | None:
        """A card let go after a drag (``moved``) or clicked: a slotted one comes back to the
        hand unless dropped on the slots again; one from the hand goes into a free slot when
        clicked or dropped on the slots. The sentence saying why, when a click is refused."""
        if from_slot:
            # The card may have left the slots while the pointer held it (Backspace, a reset).
            if (not moved or not over_slots) and card in self.chosen:
                self.chosen.remove(card)
        elif (not moved or over_slots) and len(self.chosen) < CARDS_PASSED:
            self.chosen.append(card)
        elif not moved and len(self.chosen) >= CARDS_PASSED:
            return n_("You pass exactly {count} card: take it back first.",
                      "You pass exactly {count} cards: take one back first.", CARDS_PASSED).format(count=CARDS_PASSED)
        return None

    def choose(self, card: Card) -> str | None:
        """A click on ``card`` (or the key that chooses it): into the slots or back out."""
        return self.drop(card, from_slot=card in self.chosen, moved=False, over_slots=False)

    def card_at(self, pos: tuple[int, int], slots: Sequence[pygame.Rect]) -> Card | None:
        """The chosen card whose slot holds ``pos``."""
        for card, rect in zip(self.chosen, slots):
            if rect.collidepoint(pos):
                return card
        return None

    # ------------------------------------------------------------------ received cards

    def received(self, event: CardsExchanged, people: Sequence[int], names: Sequence[str]) -> None:
        """Remember, for each person, the cards passed to them and who passed them (their
        givers from the left round the table), until that person sees the hand."""
        for seat in people:
            givers = sorted(set(event.senders[seat]), key=lambda giver: (giver - seat) % len(names))
            self.unseen_received[seat] = (frozenset(event.received[seat]), tuple(names[g] for g in givers))

    def show_received(self, seat: int) -> str | None:
        """``seat``'s owner sees the hand: the cards passed to them are raised until they act;
        the sentence naming them and who passed them, if any are new."""
        if seat not in self.unseen_received:
            return None
        cards, givers = self.unseen_received.pop(seat)
        self.shown = (cards, givers) if cards else None
        return self.note

    @property
    def note(self) -> str | None:
        """The sentence naming the received cards and who passed them, while the cards are
        raised, in the language in use (the player may change it meanwhile)."""
        if self.shown is None:
            return None
        cards, givers = self.shown
        named = " ".join(short_name(card) for card in self.order.sort(list(cards)))
        return _(RECEIVED_FROM).format(givers=join_names([shown_name(giver) for giver in givers]), cards=named)

    @property
    def glowing(self) -> frozenset[Card]:
        return self.shown[0] if self.shown is not None else frozenset()

    def acknowledge(self) -> None:
        """The viewer acted (played a card, pressed OK): the received cards go back in line."""
        self.shown = None


def short_name(card: Card) -> str:
    """"10♥", "Q♠": a card as its corner shows it."""
    return str(card)[:-1].replace("T", "10") + card.suit.symbol


def sort_for_display(cards: list[Card]) -> list[Card]:
    """Suits in alternating colours (clubs, hearts, spades, diamonds), low to high: the
    settings' default order."""
    return HandOrder().sort(cards)
