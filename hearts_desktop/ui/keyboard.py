"""Playing at the table without a mouse, and the touchpad option "confirm before playing".

Left/Right (Home/End) move a focus across the hand; Space or Enter chooses the focused card,
which is what a click on it does: into the pass slots while passing, played otherwise. Enter
always means the screen's default action: once three cards are in the slots that is Pass,
whatever has the focus. A new hand, or a click on the table, clears the focus: a focus left
from before never takes a key.
Backspace takes the last card back out of the pass slots. Tab walks through the table's
buttons and Enter presses the focused one; once three cards are chosen for passing, the
focus moves to Pass so Enter sends them. The table owns one ``TableKeyboard``, hands it keys
before its own shortcuts, and calls ``draw`` last so the focus shows above everything.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ..controller.table_model import TableModel
from ..engine import Card
from . import theme
from .intents import KeyPress
from .widgets import Button

MOVE_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_HOME: -100, pygame.K_END: 100}
CHOOSE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
HAND = "hand"


class KeyboardTable(Protocol):
    """What the keyboard needs from the table scene."""

    controller: TableModel
    hand_rects: dict[Card, pygame.Rect]
    """The hand as last drawn, left to right."""
    buttons: dict[str, Button]
    hover: Card | None

    @property
    def pass_slots(self) -> list[Card]:
        """The cards in the pass slots, in the order chosen."""

    def choose_card(self, card: Card) -> None:
        """What a click on the card does: into or out of the pass slots, or played."""


class TableKeyboard:
    def __init__(self, confirm_play: bool = False) -> None:
        self.confirm_play = confirm_play
        self.index: int | None = None
        """The focused card's place in the hand row; None until the arrows are used."""
        self.button: str | None = None
        """The focused button's key in ``table.buttons``; None while the hand has the focus."""
        self.armed: Card | None = None
        """With confirm-before-play: the card clicked once, played by a second click or Enter."""
        self.pass_when_ready = False
        """A card was just chosen: once three are in the slots, the focus goes to Pass."""
        self.viewer: int | None = None
        """Whose hand the focus is in; another person's turn (hot-seat) starts afresh."""

    def focused_card(self, table: KeyboardTable) -> Card | None:
        cards = list(table.hand_rects)
        if self.button is not None or self.index is None or not cards:
            return None
        return cards[min(self.index, len(cards) - 1)]

    def handle(self, intent: KeyPress, table: KeyboardTable) -> bool:
        """Use the key if it is a keyboard-play key; False lets the table's shortcuts have it."""
        if not table.controller.hand_face_up:
            return False
        key = intent.key
        if key in MOVE_KEYS and not intent.ctrl:
            self._move(MOVE_KEYS[key], len(table.hand_rects))
            table.hover = self.focused_card(table)  # lifted like a card under the pointer
            return True
        if key == pygame.K_TAB:
            self._tab(-1 if intent.shift else 1, table)
            return True
        if key == pygame.K_BACKSPACE and table.pass_slots:
            table.choose_card(table.pass_slots[-1])
            return True
        if key in PASS_KEYS and self.button is None and table.buttons["pass"].enabled:
            table.buttons["pass"].action()
            return True
        if key in CHOOSE_KEYS:
            return self._choose(table)
        return False

    def clear(self) -> None:
        """Nothing focused and nothing armed: a new hand, or another person's turn."""
        self.forget_focus()
        self.armed = None

    def forget_focus(self) -> None:
        """No card and no button focused: the mouse took over (a card it armed stays armed)."""
        self.index = self.button = None
        self.pass_when_ready = False

    def _move(self, step: int, count: int) -> None:
        self.button = None
        self.armed = None
        self.pass_when_ready = False
        if count == 0:
            return
        # Without a focus, Right starts at the first card, Left at the last, Home and End
        # at their ends: as if the focus stood just outside the hand on the far side.
        start = (-1 if step > 0 else count) if self.index is None else min(self.index, count - 1)
        self.index = min(max(start + step, 0), count - 1)

    def _tab(self, step: int, table: KeyboardTable) -> None:
        stops = [HAND] + [name for name, button in table.buttons.items() if button.enabled]
        current = self.button or HAND
        index = stops.index(current) if current in stops else 0
        chosen = stops[(index + step) % len(stops)]
        self.button = None if chosen == HAND else chosen
        if chosen == HAND and self.index is None:
            self.index = 0

    def _choose(self, table: KeyboardTable) -> bool:
        if self.button is not None:
            button = table.buttons[self.button]
            if button.enabled:
                button.action()
            return True
        card = self.armed or self.focused_card(table)
        if card is None:
            return False
        self.armed = None
        table.choose_card(card)
        self.pass_when_ready = True
        return True

    def arms(self, card: Card, table: KeyboardTable) -> bool:
        """A click on a card with confirm-before-play: True when it only arms the card
        (the first click); the second click on the same card plays it."""
        if not self.confirm_play or self.armed == card:
            self.armed = None
            return False
        self.armed = card
        cards = list(table.hand_rects)
        self.index = cards.index(card) if card in cards else self.index
        return True

    def draw(self, surface: pygame.Surface, table: KeyboardTable) -> None:
        """The focus (yellow) or the armed card (green), above the table."""
        if table.controller.viewer != self.viewer:
            self.viewer = table.controller.viewer
            self.clear()
        if self.button is not None and not table.buttons[self.button].enabled:
            self.button = None
        if self.pass_when_ready and table.buttons["pass"].enabled:
            self.button = "pass"
            self.pass_when_ready = False
        for name, button in table.buttons.items():
            button.focused = name == self.button
        if not table.controller.hand_face_up:
            return
        if self.armed is not None and self.armed in table.hand_rects:
            rect = table.hand_rects[self.armed]
            pygame.draw.rect(surface, theme.HINT, rect.inflate(8, 8), width=4, border_radius=rect.width // 10)
            fs = max(12, rect.height // 9)
            label = theme.shadowed_text("click again to play", fs, theme.HINT, bold=True)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.top - 4)))
        card = self.focused_card(table)
        if card is not None and card != self.armed:
            rect = table.hand_rects[card]
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(8, 8), width=4,
                             border_radius=rect.width // 10)
