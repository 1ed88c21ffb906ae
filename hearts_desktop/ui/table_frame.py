"""What one frame of the table shows, read from the scene's models: ``TablePainter`` draws it.

``table_frame`` gathers the snapshot (``TableFrame``): whose turn, the status line, the pass
slots, the cards in flight, the hand as placed, the buttons. ``placed_hand`` decides where
each card of the hand row is drawn for the coming frame: raised under the pointer, raised
a little when just received, shaken when refused. Nothing here changes what it reads.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ..controller.table_model import TableModel
from ..engine import Card, Phase, PlayerView
from ..engine.game import single_leader
from ..engine.rules import CARDS_PASSED, PassDirection
from ..language import _, n_
from ..persistence.seats import shown_name
from . import theme
from .layout import TableLayout
from .pass_selection import PassSelection
from .table_input import Drag
from .table_motion import TableMotion
from .table_painter import HandCard, PassArea, TableFrame
from .tween import Tween, shake
from .widgets import Button

SHAKE_WIDTH = 0.12
"""How far a refused card shakes to each side, in card widths."""
BUTTON_TEXT = 0.95
"""The table's column of buttons is lettered this much smaller than Pass."""


class FramedTable(Protocol):
    """What a frame reads of the table scene."""

    controller: TableModel
    motion: TableMotion
    passing: PassSelection
    buttons: dict[str, Button]
    drag: Drag | None
    hover: Card | None
    shaking: tuple[Card, Tween] | None
    message: tuple[str, float] | None
    hint: tuple[tuple[Card, ...], str] | None
    hand: tuple[HandCard, ...]
    hand_end: PlayerView | None

    @property
    def layout(self) -> TableLayout: ...

    @property
    def replays_hand(self) -> int | None: ...

    @property
    def busy(self) -> bool: ...

    def pass_side(self) -> str: ...

    def my_pass_open(self, view: PlayerView) -> bool: ...

    def visible_hand(self, view: PlayerView) -> list[Card]: ...


def table_frame(table: FramedTable) -> TableFrame:
    """What this frame shows, read from the models (nothing is changed): the hand whose last
    trick is on the table while the model has dealt the next one."""
    layout = table.layout
    motion = table.motion
    ended = table.hand_end if motion.pending_deal is not None else None
    view = ended or table.controller.view()
    dragged = None
    if table.drag is not None and table.drag.moved:
        x = table.drag.pos[0] - table.drag.grab_offset[0]
        y = table.drag.pos[1] - table.drag.grab_offset[1]
        dragged = (table.drag.card, pygame.Rect(x, y, layout.hand_w, layout.hand_h))
    fs = layout.font_size
    return TableFrame(
        view=view,
        seats=tuple(table.controller.seats),
        turn=frozenset(seat for seat in range(layout.players) if _is_turn(table, view, seat)),
        leader=_leading_seat(table.controller),
        hand_number=view.hand_index if motion.pending_deal is not None and ended is None else view.hand_index + 1,
        replays_hand=table.replays_hand,
        notes=tuple(table.controller.notes()),
        message=_status_message(table, view),
        others_cards=tuple(_cards_shown(motion, view, place.seat) for place in layout.places
                           if place.seat != layout.viewer),
        trick=tuple(motion.trick),
        trick_winner=motion.trick_winner if motion.trick_complete else None,
        pass_area=_pass_area(table, view),
        hand=table.hand,
        flights=tuple((flight.card, flight.rect()) for flight in motion.flights if flight.tween.started),
        dragged=dragged,
        buttons=tuple((button, fs if key == "pass" else int(fs * BUTTON_TEXT))
                      for key, button in table.buttons.items() if button.rect.width),
    )


def placed_hand(table: FramedTable, view: PlayerView) -> tuple[HandCard, ...]:
    """Each card of the hand row where it is drawn: raised under the pointer (when it can be
    played or passed) and when just received, shaken when refused."""
    controller, layout = table.controller, table.layout
    cards = table.visible_hand(view)
    face_up = controller.hand_face_up
    my_play = face_up and view.my_turn and controller.active_human() == view.seat and not controller.awaiting_continue
    legal = view.legal if my_play else 0
    hint_cards = set(table.hint[0]) if table.hint else set()
    glow = table.passing.glowing if face_up else frozenset()
    passing = table.my_pass_open(view)
    placed = []
    for card, rect in zip(cards, layout.hand_rects(len(cards))):
        if card in table.motion.arriving:
            placed.append(HandCard(card, rect, face_up, arriving=True))
            continue
        playable = bool(legal >> card & 1)
        if face_up and card == table.hover and (playable or passing):
            rect.y -= layout.lift
        if card in glow:
            rect.y -= layout.lift // 2
        if table.shaking is not None and table.shaking[0] == card:
            rect.x += round(shake(table.shaking[1].progress) * layout.hand_w * SHAKE_WIDTH)
        outline = theme.HINT if card in hint_cards else (theme.RECEIVED if card in glow else None)
        placed.append(HandCard(card, rect, face_up, outline, dimmed=my_play and not playable))
    return tuple(placed)


def _pass_area(table: FramedTable, view: PlayerView) -> PassArea | None:
    """The slots while cards are being passed and the hand is shown."""
    if view.phase is not Phase.PASSING or table.motion.dealing is not None or not table.controller.hand_face_up:
        return None
    slots = table.layout.pass_slots(table.pass_side())
    drag = table.drag
    dragged = drag.card if drag is not None and drag.moved and drag.from_slot else None
    receivers: tuple[str, ...] = ()
    if view.direction is PassDirection.SCATTER:
        receivers = tuple(shown_name(table.controller.seats[target].name) for target in view.pass_targets)
    return PassArea(
        slots=tuple(slots),
        chosen=tuple((card, rect) for card, rect in zip(table.passing.chosen, slots) if card != dragged),
        outlined=view.passed is None,
        title=pass_title(view, table.controller),
        receivers=receivers,
    )


def _cards_shown(motion: TableMotion, view: PlayerView, seat: int) -> int:
    """How many face-down cards another seat shows: those dealt so far, less a pass given."""
    if motion.dealing is not None:
        return motion.dealing.get(seat, 0)
    count = view.cards_left[seat]
    if view.phase is Phase.PASSING and seat not in view.waiting_to_pass:
        count -= CARDS_PASSED
    return count


def _leading_seat(controller: TableModel) -> int | None:
    totals = controller.totals
    if not any(totals):
        return None
    return single_leader(totals)


def _is_turn(table: FramedTable, view: PlayerView, seat: int) -> bool:
    if table.controller.awaiting_continue:
        return False
    if view.phase is Phase.PASSING:
        return seat in view.waiting_to_pass
    return view.phase is Phase.PLAYING and view.turn == seat and not table.busy


def _status_message(table: FramedTable, view: PlayerView) -> str:
    controller = table.controller
    if table.message is not None:
        return table.message[0]
    if table.passing.note is not None and controller.hand_face_up:
        return table.passing.note
    if controller.awaiting_continue or table.busy:
        return ""
    active = controller.active_human()
    if view.phase is Phase.PASSING:
        if view.passed is not None:
            return _("Waiting for the others to pass…")
        if active == view.seat:
            return pass_instruction()
        return ""
    if view.phase is Phase.PLAYING:
        if view.turn == view.seat and active == view.seat:
            if not view.tricks and not view.trick:
                # Translators: {card} is the card that must lead, with its article ("the two of clubs").
                return _("You lead {card}.").format(card=view.legal_cards()[0].with_article)
            return _("Your turn: click a card or drag it to the table.")
        return _("{name} to play…").format(name=shown_name(controller.seats[view.turn].name))
    return ""


def pass_instruction() -> str:
    """What the person who passes now is asked to do."""
    return n_("Drag or click {count} card into the slots, then press Pass.",
              "Drag or click {count} cards into the slots, then press Pass.", CARDS_PASSED).format(count=CARDS_PASSED)


def pass_title(view: PlayerView, controller: TableModel) -> str:
    """Where the pass goes, above the slots, with an arrow toward the receiver's seat."""
    if view.direction is PassDirection.SCATTER:
        return _("Pass one card to each player")
    count = CARDS_PASSED
    if view.direction is PassDirection.LEFT:
        said, arrow = n_("Pass {count} card left to {name}", "Pass {count} cards left to {name}", count), " ←"
    elif view.direction is PassDirection.RIGHT:
        said, arrow = n_("Pass {count} card right to {name}", "Pass {count} cards right to {name}", count), " →"
    elif view.direction is PassDirection.ACROSS:
        said, arrow = n_("Pass {count} card across to {name}", "Pass {count} cards across to {name}", count), " ↑"
    else:
        said, arrow = n_("Pass {count} card to {name}", "Pass {count} cards to {name}", count), ""
    return said.format(count=count, name=shown_name(controller.seats[view.pass_targets[0]].name)) + arrow
