"""Playing at the table without a mouse, and the touchpad option "confirm before playing".

Left/Right (Home/End) move a focus across the hand; Space or Enter chooses the focused card,
which is what a click on it does: into the pass slots while passing, played otherwise. Enter
always means the screen's default action: once three cards are in the slots that is Pass,
whatever has the focus. A new hand, or a click on the table, clears the focus: a focus left
from before never takes a key.
Backspace takes the last card back out of the pass slots. Tab walks through the table's
buttons and Enter presses the focused one; once three cards are chosen for passing, Pass is
highlighted and Enter sends them (unless Tab chose another button). The focus is the one
model every screen uses (``focus.FocusRing``). The table owns one ``TableKeyboard``, hands
it keys before its own shortcuts, calls ``sync`` at the end of each update (a new viewer,
the highlighted button) and ``draw`` last so the focus shows above everything.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ..controller.table_model import TableModel
from ..engine import Card
from ..language import _
from . import theme
from .focus import FocusRing
from .intents import KeyPress
from .widgets import Button

MOVE_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_HOME: -100, pygame.K_END: 100}
CHOOSE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


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


TableStop = int | str
"""Where the table's focus can rest: a place in the hand row (0 is the leftmost card; the
focus stays at its place as cards leave, so Space three times passes three neighbours),
or a table button's key in ``table.buttons``."""


class TableKeyboard:
    def __init__(self, table: KeyboardTable, confirm_play: bool = False) -> None:
        self.table = table
        self.confirm_play = confirm_play
        self.focus: FocusRing[TableStop] = FocusRing(self._stops, self._default)
        self.armed: Card | None = None
        """With confirm-before-play: the card clicked once, played by a second click or Enter."""
        self.viewer: int | None = None
        """Whose hand the focus is in; another person's turn (hot-seat) starts afresh."""

    def _places(self) -> list[TableStop]:
        return list(range(len(self.table.hand_rects)))

    def _stops(self) -> list[TableStop]:
        buttons: list[TableStop] = [name for name, button in self.table.buttons.items() if button.enabled]
        return self._places() + buttons

    def _default(self) -> TableStop | None:
        """Pass once three cards are chosen (unless Tab chose another button), else the armed
        card, else OK while the received cards are raised."""
        if isinstance(self.focus.current, str):
            return None
        if self.table.buttons["pass"].enabled:
            return "pass"
        cards = list(self.table.hand_rects)
        if self.armed in cards:
            return cards.index(self.armed)
        return "seen" if self.table.buttons["seen"].enabled and self.focus.current is None else None

    @property
    def index(self) -> int | None:
        """The focused place in the hand row, if a card has the focus."""
        current = self.focus.current
        return current if isinstance(current, int) else None

    @property
    def button(self) -> str | None:
        """The highlighted button: the one Enter presses."""
        target = self.focus.enter_target()
        return target if isinstance(target, str) else None

    def focused_card(self) -> Card | None:
        index = self.index
        return None if index is None else list(self.table.hand_rects)[index]

    def handle(self, intent: KeyPress) -> bool:
        """Use the key if it is a keyboard-play key; False lets the table's shortcuts have it."""
        self.sync()  # a key right after a hand-over, before the next update, starts afresh too
        table = self.table
        if not table.controller.hand_face_up:
            return False
        key = intent.key
        if key in MOVE_KEYS and not intent.ctrl:
            self.armed = None
            self.focus.move(MOVE_KEYS[key], among=self._places(), wrap=False)
            table.hover = self.focused_card()  # lifted like a card under the pointer
            return True
        if key == pygame.K_TAB:
            self._tab(-1 if intent.shift else 1)
            return True
        if key == pygame.K_BACKSPACE and table.pass_slots:
            table.choose_card(table.pass_slots[-1])
            return True
        if key in PASS_KEYS:
            return self._act(self.focus.enter_target())
        if key in CHOOSE_KEYS:
            return self._act(self.focus.current)
        return False

    def clear(self) -> None:
        """Nothing focused and nothing armed: a new hand, or another person's turn."""
        self.forget_focus()
        self.armed = None

    def forget_focus(self) -> None:
        """No card and no button focused: the mouse took over (a card it armed stays armed)."""
        self.focus.pointer(None)

    def _tab(self, step: int) -> None:
        """Tab walks the hand (one stop: the focused card, or the first) and the buttons."""
        places = self._places()
        hand: list[TableStop] = [self.index if self.index is not None else 0] if places else []
        buttons: list[TableStop] = [stop for stop in self._stops() if isinstance(stop, str)]
        self.focus.move(step, among=hand + buttons)

    def _act(self, target: TableStop | None) -> bool:
        """Enter or Space on ``target``: press the button, or choose the card (the armed one first)."""
        if isinstance(target, str):
            button = self.table.buttons[target]
            if button.enabled:
                button.action()
            return True
        card = self.armed or (None if target is None else list(self.table.hand_rects)[target])
        if card is None:
            return False
        self.armed = None
        self.table.choose_card(card)
        return True

    def arms(self, card: Card) -> bool:
        """A click on a card with confirm-before-play: True when it only arms the card
        (the first click); the second click on the same card plays it."""
        if not self.confirm_play or self.armed == card:
            self.armed = None
            return False
        self.armed = card
        cards = list(self.table.hand_rects)
        self.focus.pointer(cards.index(card) if card in cards else None)
        return True

    def sync(self) -> None:
        """Follow the table as the update left it: another person's hand starts with nothing
        focused, and the buttons show which one Enter presses. The table calls it after
        placing its hand and buttons, and before a key, so drawing only reads the result."""
        table = self.table
        if table.controller.viewer != self.viewer:
            self.viewer = table.controller.viewer
            self.clear()
        highlighted = self.button
        for name, button in table.buttons.items():
            button.focused = name == highlighted

    def draw(self, surface: pygame.Surface) -> None:
        """The focus (yellow) or the armed card (green), above the table."""
        table = self.table
        if not table.controller.hand_face_up:
            return
        if self.armed is not None and self.armed in table.hand_rects:
            rect = table.hand_rects[self.armed]
            pygame.draw.rect(surface, theme.HINT, rect.inflate(8, 8), width=4, border_radius=rect.width // 10)
            fs = max(12, rect.height // 9)
            # Translators: above a card clicked once, when playing asks for a second click.
            label = theme.shadowed_text(_("click again to play"), fs, theme.HINT, bold=True)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.top - 4)))
        card = self.focused_card()
        if card is not None and card != self.armed:
            rect = table.hand_rects[card]
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(8, 8), width=4,
                             border_radius=rect.width // 10)
