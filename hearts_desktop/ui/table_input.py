"""The player's hands on the table: the pointer and the keys become the model's moves.

A click picks a card where the hand was last shown face up (``hand_rects``), a drag carries
it to the pass slots or the table, a click on a button presses it (a disabled one says why
it is off), and the table's keys are its shortcuts. The keyboard's own focus and arming
(``TableKeyboard``) sees each key first. Nothing here draws; the table draws the drag and
the hover from what this leaves in ``table.drag`` and ``table.hover``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from ..controller.table_model import TableModel
from ..engine import Card, PlayerView
from ..language import _
from .intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp, Resized
from .keyboard import TableKeyboard
from .layout import TableLayout
from .pass_selection import PassSelection
from .widgets import Button

DRAG_THRESHOLD = 6
"""Pixels the pointer moves with the button down before a click becomes a drag."""
HINT_WAIT_SECONDS = 6.0
"""How long "Thinking about a hint…" stays, unless the hint comes first."""
DOUBLE_CLICK_SECONDS = 0.5
"""A click this soon after a click that played a card, near it, is the second half of a
double-click (Windows' longest double-click by default): it plays nothing more."""
DOUBLE_CLICK_SLOP = 8
"""Pixels the pointer may move between the two clicks of a double-click."""
DROP_SLACK = (2, 3)
"""A card dropped near the pass slots lands in them: each slot counts this much wider and
taller (a half and a third of its size) for a drop."""


@dataclass
class Drag:
    card: Card
    grab_offset: tuple[int, int]
    start: tuple[int, int]
    pos: tuple[int, int]
    from_slot: bool
    moved: bool = False


class InputTable(Protocol):
    """What input reads and moves on the table scene."""

    controller: TableModel
    passing: PassSelection
    keyboard: TableKeyboard
    buttons: dict[str, Button]
    hand_rects: dict[Card, pygame.Rect]
    drag: Drag | None
    hover: Card | None

    @property
    def layout(self) -> TableLayout: ...

    def pass_side(self) -> str: ...

    def my_pass_open(self, view: PlayerView) -> bool: ...

    def say(self, text: str, seconds: float = ...) -> None: ...

    def say_if(self, sentence: str | None) -> None: ...

    def open_last_trick(self) -> None: ...

    def open_scores(self) -> None: ...

    def open_menu(self) -> None: ...


class TableInput:
    def __init__(self, table: InputTable) -> None:
        self.table = table
        self.played_by_click: tuple[tuple[int, int], float] | None = None
        """Where a click played a card, and how long ago (seconds)."""

    def update(self, dt: float) -> None:
        if self.played_by_click is not None:
            pos, ago = self.played_by_click
            self.played_by_click = (pos, ago + dt) if ago + dt < DOUBLE_CLICK_SECONDS else None

    def _second_half_of_a_double_click(self, pos: tuple[int, int]) -> bool:
        if self.played_by_click is None:
            return False
        (x, y), _card = self.played_by_click
        return abs(pos[0] - x) <= DOUBLE_CLICK_SLOP and abs(pos[1] - y) <= DOUBLE_CLICK_SLOP

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Resized):
            return False
        if isinstance(intent, PointerMove):
            self._pointer_move(intent)
            return True
        if isinstance(intent, PointerDown) and intent.button == 1:
            return self._pointer_down(intent.pos)
        if isinstance(intent, PointerUp) and intent.button == 1:
            return self._pointer_up(intent.pos)
        if isinstance(intent, KeyPress):
            return self._key(intent)
        return False

    # ------------------------------------------------------------------ the pointer

    def _pointer_move(self, intent: PointerMove) -> None:
        table = self.table
        for button in table.buttons.values():
            button.hovered = button.rect.collidepoint(intent.pos)
        if table.drag is not None:
            table.drag.pos = intent.pos
            dx = intent.pos[0] - table.drag.start[0]
            dy = intent.pos[1] - table.drag.start[1]
            if dx * dx + dy * dy > DRAG_THRESHOLD**2:
                table.drag.moved = True
        table.hover = self._card_at(intent.pos)

    def _card_at(self, pos: tuple[int, int]) -> Card | None:
        for card, rect in reversed(list(self.table.hand_rects.items())):
            if rect.collidepoint(pos):
                return card
        return None

    def _pointer_down(self, pos: tuple[int, int]) -> bool:
        table = self.table
        table.keyboard.forget_focus()  # the mouse took over: a focus left from the keys takes no Enter
        for key, button in table.buttons.items():
            if button.hit(pos):
                button.action()
                return True
            if button.rect.collidepoint(pos):
                table.say(self.why_off(key))
                return True
        if not table.controller.hand_face_up:
            return False
        if self._second_half_of_a_double_click(pos):
            return True  # the card was played by the first click; the one now there is not
        view = table.controller.view()
        passing = table.my_pass_open(view)
        slot_card = table.passing.card_at(pos, table.layout.pass_slots(table.pass_side())) if passing else None
        card = slot_card or self._card_at(pos)
        if card is None:
            return False
        rect = table.hand_rects.get(card) or pygame.Rect(pos, (1, 1))
        if slot_card is not None:
            rect = table.layout.pass_slots(table.pass_side())[table.passing.chosen.index(card)]
        # A card clicked twice within one frame is in a slot already, though still drawn in
        # the hand: the second click takes it out again, as a click on the slot would.
        table.drag = Drag(card, (pos[0] - rect.x, pos[1] - rect.y), pos, pos, from_slot=card in table.passing.chosen)
        return True

    def _pointer_up(self, pos: tuple[int, int]) -> bool:
        table = self.table
        drag, table.drag = table.drag, None
        if drag is None:
            return False
        view = table.controller.view()
        if table.my_pass_open(view):
            self._pass_drop(drag, pos)
            return True
        if not drag.moved and table.keyboard.arms(drag.card):
            return True
        if not drag.moved or table.layout.drop_zone().collidepoint(pos):
            table.drag = drag if drag.moved else None  # keep the dragged card where it was dropped
            if self._play(drag.card) and not drag.moved:
                self.played_by_click = (pos, 0.0)
            if table.drag is drag:
                table.drag = None
        return True

    def _pass_drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        table = self.table
        slots = table.layout.pass_slots(table.pass_side())
        wider, taller = DROP_SLACK
        over_slots = any(r.inflate(r.width // wider, r.height // taller).collidepoint(pos) for r in slots)
        table.say_if(table.passing.drop(drag.card, drag.from_slot, drag.moved, over_slots))

    # ------------------------------------------------------------------ moves and buttons

    def choose_card(self, card: Card) -> None:
        """A card chosen without dragging (click, keyboard): into or out of the slots, or played."""
        table = self.table
        if table.my_pass_open(table.controller.view()):
            table.say_if(table.passing.choose(card))
        else:
            self._play(card)

    def _play(self, card: Card) -> bool:
        """Play ``card``; whether the table took it."""
        if self.table.controller.play(card) is not None:
            return False
        self.table.hover = None
        self.table.passing.acknowledge()
        return True

    def submit_pass(self) -> None:
        if self.table.passing.complete:
            self.table.controller.submit_pass(self.table.passing.chosen)

    def ask_hint(self) -> None:
        if self.table.controller.request_hint():
            self.table.say(_("Thinking about a hint…"), seconds=HINT_WAIT_SECONDS)

    def finish_hand(self) -> None:
        if self.table.controller.finish_hand():
            self.table.say(_("The rest of the hand cannot change the score: finished."))

    def undo(self) -> None:
        if self.table.controller.undo():
            self.table.say(_("Move taken back."))
        else:
            self.table.say(self.why_off("undo"))

    def why_off(self, key: str) -> str:
        """The sentence a click on a disabled button gets."""
        if key == "undo":
            return self.table.controller.undo_note or _("Nothing of yours to take back in this hand yet.")
        if key == "hint":
            return _("Hints are for your own turn.")
        if key == "last":
            return _("No trick has been played in this hand yet.")
        return self.table.passing.missing_sentence()

    def _key(self, intent: KeyPress) -> bool:
        table = self.table
        if table.keyboard.handle(intent):
            return True
        if intent.key == pygame.K_z and intent.ctrl:
            self.undo()
            return True
        if intent.key == pygame.K_h:
            self.ask_hint()
            return True
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and table.buttons["pass"].enabled:
            self.submit_pass()
            return True
        if intent.key == pygame.K_f and table.buttons["finish"].enabled:
            self.finish_hand()
            return True
        shortcuts = {pygame.K_l: table.open_last_trick, pygame.K_s: table.open_scores, pygame.K_ESCAPE: table.open_menu}
        if intent.key in shortcuts:
            shortcuts[intent.key]()
            return True
        return False
