"""The table: the hand, the other seats, the trick, passing, and every card in motion.

The scene wires the controller to the table's parts: ``TableMotion`` (the trick on the
table, cards in flight, deals and sweeps, told the engine's events and advanced by time),
``PassSelection`` (the cards in the pass slots and the cards received), the ``TableLayout``
of the window, the keyboard, and ``TablePainter``, which draws a snapshot of them
(``TableFrame``). Input becomes controller calls or a model's choice. Where the hand's
cards and the buttons are is decided in ``update`` and ``resize``; drawing changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

import pygame

from ..controller.table import (
    BotFailed,
    CoverShown,
    HintReady,
    Refused,
    TableEvent,
    TableReset,
)
from ..controller.table_model import TableModel
from ..engine import (
    Card,
    CardPlayed,
    CardsExchanged,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChoiceNeeded,
    PassChosen,
    Phase,
    PlayerView,
    TieForLowest,
    TrickWon,
)
from ..engine.cards import Suit
from ..engine.game import single_leader
from ..engine.rules import CARDS_PASSED, PassDirection
from . import theme
from .card_art import CardArt
from .intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp, Resized
from .keyboard import TableKeyboard
from .layout import TableLayout
from .pass_selection import RECEIVED_GLOW_SECONDS, PassSelection, sort_for_display
from .scene import Scene
from .sound import Sounds
from .table_motion import TableMotion
from .table_painter import HandCard, PassArea, TableFrame, TablePainter
from .tween import Tween, shake
from .widgets import Button

MESSAGE_SECONDS = 3.0
DRAG_THRESHOLD = 6


@dataclass
class Drag:
    card: Card
    grab_offset: tuple[int, int]
    start: tuple[int, int]
    pos: tuple[int, int]
    from_slot: bool
    moved: bool = False


class TableScene(Scene):
    """Where the hand is played. Overlays (scores, menus, covers) are pushed above it."""

    def __init__(
        self,
        controller: TableModel,
        art: CardArt,
        sounds: Sounds,
        size: tuple[int, int],
        animations: bool = True,
        large_cards: bool = False,
        overlays: TableOverlays | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.art = art
        self.sounds = sounds
        self.large_cards = large_cards
        self.overlays = overlays or TableOverlays()
        self.size = size
        self.motion = TableMotion(self._layout(), animations, sound=sounds.play)
        self.passing = PassSelection()
        self.drag: Drag | None = None
        self.hover: Card | None = None
        self.shaking: tuple[Card, Tween] | None = None
        self.message: tuple[str, float] | None = None
        self.hint: tuple[tuple[Card, ...], str] | None = None
        self.hand: tuple[HandCard, ...] = ()
        """The viewer's hand as placed for the coming frame; drawing only reads it."""
        self.hand_rects: dict[Card, pygame.Rect] = {}
        """Where a click picks each card: the hand the player was last shown, face up."""
        self._shown_to: int | None = None
        """The seat whose hand the last update placed face up, for the frame drawn after it."""
        self.pending_score: Callable[[], None] | None = None
        self.buttons = self._make_buttons()
        self.keyboard = TableKeyboard(self)
        self.painter = TablePainter(art)
        self._sync_from_view()
        if controller.fresh:
            self._start_deal(controller.rules.tables.hand_size)
        self._place_hand(updating=False)

    @property
    def layout(self) -> TableLayout:
        return self.motion.layout

    @property
    def pass_slots(self) -> list[Card]:
        """The cards in the pass slots, in the order chosen."""
        return self.passing.chosen

    # ------------------------------------------------------------------ setup

    def _layout(self) -> TableLayout:
        return TableLayout.compute(
            self.size, self.controller.players, self.controller.viewer, self.large_cards
        )

    def _make_buttons(self) -> dict[str, Button]:
        return {
            "pass": Button("Pass", self._submit_pass, key_hint="Enter"),
            "finish": Button("Finish hand", self._finish_hand, key_hint="F"),
            "hint": Button("Hint", self._ask_hint, key_hint="H"),
            "undo": Button("Undo", self._undo, key_hint="Ctrl+Z"),
            "last": Button("Last trick", lambda: self.overlays.last_trick(self), key_hint="L"),
            "scores": Button("Scores", lambda: self.overlays.scores(self), key_hint="S"),
            "menu": Button("Menu", lambda: self.overlays.menu(self), key_hint="Esc"),
        }

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.motion.layout = self._layout()
        self.motion.land_all()
        self._place_buttons()
        self._place_hand(updating=False)

    def _sync_from_view(self) -> None:
        """Rebuild what lies on the table from the view, without animation (undo, resume).
        Nothing chosen before stays armed or focused: an armed card may have left the hand."""
        view = self.controller.view()
        self.motion.reset(view)
        self.passing.reset(view)
        self.keyboard.clear()
        self.drag = None
        self.hint = None
        self.motion.layout = self._layout()

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.controller.update(dt)
        for event in self.controller.drain_events():
            self._on_event(event)
        self.motion.update(dt)
        if self.shaking is not None:
            self.shaking[1].update(dt)
            if self.shaking[1].done:
                self.shaking = None
        if self.message is not None:
            text, left = self.message
            self.message = (text, left - dt) if left > dt else None
        self._show_received()
        self.passing.update(dt)
        if self.pending_score is not None and not self.busy:
            show, self.pending_score = self.pending_score, None
            show()
        self._deal_when_ready()
        if self.layout.viewer != self.controller.viewer:
            self.motion.layout = self._layout()
        self._refresh_buttons()
        self._place_hand(updating=True)
        self.keyboard.sync()

    @property
    def busy(self) -> bool:
        """Cards still moving or a trick waiting to be swept."""
        return self.motion.busy

    # ------------------------------------------------------------------ engine events

    def _on_event(self, event: TableEvent) -> None:
        """Every event the table can be told, each to its animation or sentence. The matches
        are exhaustive (``assert_never``): an event added or renamed fails the type check
        here instead of silently losing its animation, as a handler looked up by name would."""
        match event:
            case Refused():
                self._on_refused(event)
            case CoverShown():
                self._on_cover_shown(event)
            case TableReset():
                self._sync_from_view()
            case HintReady():
                self._on_hint_ready(event)
            case BotFailed():
                self._on_bot_failed(event)
            case _:
                self._on_game_event(event)

    def _on_game_event(self, event: Event) -> None:
        match event:
            case HandDealt():
                self._on_hand_dealt(event)
            case PassChosen():
                self._on_pass_chosen(event)
            case CardsExchanged():
                self._on_cards_exchanged(event)
            case CardPlayed():
                self._on_card_played(event)
            case HeartsBroken():
                self._on_hearts_broken(event)
            case TrickWon():
                self._on_trick_won(event)
            case HandScored():
                self._on_hand_scored(event)
            case GameOver():
                self.pending_score = lambda: self.overlays.game_over(self, event)
            case MoonChoiceNeeded():
                self._on_moon_choice_needed(event)
            case TieForLowest():
                pass  # the hand's summary and the game-over screen show the scores that tie
            case _:
                assert_never(event)

    def _on_hand_dealt(self, event: HandDealt) -> None:
        self.motion.hand_dealt(event)
        self.keyboard.clear()

    def _deal_when_ready(self) -> None:
        if self.motion.deal_when_ready(self.controller.awaiting_continue, self.controller.viewer):
            self._dealing_starts()

    def _start_deal(self, per_seat: int) -> None:
        self.motion.start_deal(per_seat, self.controller.viewer)
        self._dealing_starts()

    def _dealing_starts(self) -> None:
        """A new hand on the table: the slots as the view has them, no old hint."""
        self.passing.reset(self.controller.view())
        self.hint = None

    def _on_pass_chosen(self, event: PassChosen) -> None:
        if event.seat == self.controller.viewer:
            self.passing.chosen = list(event.cards)

    def _on_cards_exchanged(self, event: CardsExchanged) -> None:
        """Passed cards fly face down to their receivers; ours slide into the hand face up."""
        view = self.controller.view()
        passed = list(view.passed or ())
        slots = self.layout.pass_slots(self.pass_side())
        self.passing.chosen = []
        self.passing.received(event, self.controller.human_seats(), [seat.name for seat in self.controller.seats])
        hand = self.visible_hand(view)
        places = dict(zip(hand, self.layout.hand_rects(len(hand))))
        self.motion.cards_exchanged(event, self.controller.viewer, passed, slots, places,
                                    self.controller.hand_face_up)

    def _show_received(self) -> None:
        """Highlight received cards the first time their owner sees the hand (hot-seat too)."""
        if self.controller.hand_face_up:
            sentence = self.passing.show_received(self.controller.viewer)
            if sentence is not None:
                self._say(sentence, seconds=RECEIVED_GLOW_SECONDS)

    def _on_card_played(self, event: CardPlayed) -> None:
        seat, card = event.seat, event.card
        drawn = [placed.rect for placed in self.hand if placed.card == card]
        start = drawn[0] if drawn and seat == self.controller.viewer else None
        if self.drag is not None and self.drag.card == card:
            start = pygame.Rect(self.drag.pos[0] - self.drag.grab_offset[0],
                                self.drag.pos[1] - self.drag.grab_offset[1],
                                self.layout.card_w, self.layout.card_h)
            self.drag = None
        self.motion.card_played(seat, card, start)
        self.hint = None

    def _on_hearts_broken(self, event: HeartsBroken) -> None:
        self._say("Hearts are broken!" if event.card.suit is Suit.HEARTS else "The queen broke hearts!")
        self.sounds.play("hearts_broken")

    def _on_trick_won(self, event: TrickWon) -> None:
        self.motion.trick_won(event, self.controller.pace.timing.trick_hold)

    def _on_hand_scored(self, event: HandScored) -> None:
        if event.moon_shooter is not None:
            self.sounds.play("moon")
        self.pending_score = lambda: self.overlays.hand_scored(self, event)

    def _on_moon_choice_needed(self, event: MoonChoiceNeeded) -> None:
        if event.seat in self.controller.human_seats():
            self.pending_score = lambda: self.overlays.moon_choice(self, event.seat)

    def _on_refused(self, event: Refused) -> None:
        self._say(event.reason)
        if event.card is not None:
            self.shaking = (event.card, Tween(0.45, easing=lambda t: t))

    def _on_cover_shown(self, event: CoverShown) -> None:
        # Nothing of the last person's stays: their hint and messages (which name their
        # cards) and their slots. Where their cards were goes when this update places the
        # covered hand (``_place_hand``), so that a click in the frame that lifts the cover
        # picks nothing.
        self.drag = None
        self.hint = None
        self.message = None
        self.passing.reset(self.controller.view())
        self.hover = None
        self.overlays.cover(self, event)

    def _on_hint_ready(self, event: HintReady) -> None:
        self.hint = (event.hint.cards, event.hint.reason)
        self._say("Hint: " + self.hint[1] if self.hint[1] else "Hint ready.", seconds=8.0)

    def _on_bot_failed(self, event: BotFailed) -> None:
        self._say(f"{self.controller.seats[event.seat].name} hesitated; a safe card was played.")
        self.overlays.bot_failed(self, event)

    def _say(self, text: str, seconds: float = MESSAGE_SECONDS) -> None:
        self.message = (text, seconds)

    def _say_if(self, sentence: str | None) -> None:
        if sentence is not None:
            self._say(sentence)

    # ------------------------------------------------------------------ geometry

    def pass_slot_rects(self) -> list[pygame.Rect]:
        """Where the pass slots are while the viewer's pass is open, else none."""
        if not self._my_pass_open(self.controller.view()) or not self.controller.hand_face_up:
            return []
        return self.layout.pass_slots(self.pass_side())

    def pass_side(self) -> str:
        """Which way the pass slots lean: toward the receiver (left, right, across) or the
        center for a scatter pass; the UI log and the fuzzer find the slots by it too."""
        view = self.controller.view()
        if view.direction is PassDirection.SCATTER or not view.pass_targets:
            return "center"
        side = self.layout.place(view.pass_targets[0]).side
        return {"top": "across", "top-left": "left", "top-right": "right"}.get(side, side)

    def visible_hand(self, view: PlayerView) -> list[Card]:
        """The viewer's cards drawn in the hand row (slotted and dragged cards aside)."""
        cards = [c for c in view.cards() if c not in self.passing.chosen]
        if self.drag is not None and not self.drag.from_slot:
            cards = [c for c in cards if c != self.drag.card]
        if self.motion.dealing is not None:
            cards = cards[: self.motion.dealing.get(view.seat, 0)]
        return sort_for_display(cards)

    def _place_hand(self, updating: bool) -> None:
        """Place the hand for the coming frame, and where clicks pick its cards. Called by
        ``update`` (a frame is drawn right after it) and ``resize`` (none may be): a hand
        gets click places only once a frame has shown it face up to this viewer, so a click
        as the hot-seat cover lifts, or after a resize in that moment, cannot pick a card of
        the next person's that they have not seen."""
        view = self.controller.view()
        self.hand = self._hand_cards(view)
        face_up = self.controller.hand_face_up
        if updating:
            self._shown_to = view.seat if face_up else None
        shown = face_up and self._shown_to == view.seat
        self.hand_rects = {placed.card: placed.rect for placed in self.hand} if shown else {}

    def _hand_cards(self, view: PlayerView) -> tuple[HandCard, ...]:
        """Each card of the hand row where it is drawn: raised under the pointer (when it
        can be played or passed) and when just received, shaken when refused."""
        cards = self.visible_hand(view)
        face_up = self.controller.hand_face_up
        my_play = face_up and view.my_turn and self.controller.active_human() == view.seat and not self.controller.awaiting_continue
        legal = view.legal if my_play else 0
        hint_cards = set(self.hint[0]) if self.hint else set()
        glow = self.passing.glowing if face_up else frozenset()
        lift = self.layout.lift
        passing = self._my_pass_open(view)
        placed = []
        for card, rect in zip(cards, self.layout.hand_rects(len(cards))):
            if card in self.motion.arriving:
                placed.append(HandCard(card, rect, face_up, arriving=True))
                continue
            playable = bool(legal >> card & 1)
            if face_up and card == self.hover and (playable or passing):
                rect.y -= lift
            if card in glow:
                rect.y -= lift // 2
            if self.shaking is not None and self.shaking[0] == card:
                rect.x += round(shake(self.shaking[1].progress) * self.layout.card_w * 0.12)
            outline = theme.HINT if card in hint_cards else (theme.RECEIVED if card in glow else None)
            placed.append(HandCard(card, rect, face_up, outline, dimmed=my_play and not playable))
        return tuple(placed)

    # ------------------------------------------------------------------ input

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

    def _pointer_move(self, intent: PointerMove) -> None:
        for button in self.buttons.values():
            button.hovered = button.rect.collidepoint(intent.pos)
        if self.drag is not None:
            self.drag.pos = intent.pos
            dx = intent.pos[0] - self.drag.start[0]
            dy = intent.pos[1] - self.drag.start[1]
            if dx * dx + dy * dy > DRAG_THRESHOLD**2:
                self.drag.moved = True
        self.hover = self._card_at(intent.pos)

    def _card_at(self, pos: tuple[int, int]) -> Card | None:
        for card, rect in reversed(list(self.hand_rects.items())):
            if rect.collidepoint(pos):
                return card
        return None

    def _pointer_down(self, pos: tuple[int, int]) -> bool:
        self.keyboard.forget_focus()  # the mouse took over: a focus left from the keys takes no Enter
        for key, button in self.buttons.items():
            if button.hit(pos):
                button.action()
                return True
            if button.rect.collidepoint(pos):
                self._say(self._why_off(key))
                return True
        if not self.controller.hand_face_up:
            return False
        view = self.controller.view()
        passing = self._my_pass_open(view)
        slot_card = self.passing.card_at(pos, self.layout.pass_slots(self.pass_side())) if passing else None
        card = slot_card or self._card_at(pos)
        if card is None:
            return False
        rect = self.hand_rects.get(card) or pygame.Rect(pos, (1, 1))
        if slot_card is not None:
            rect = self.layout.pass_slots(self.pass_side())[self.passing.chosen.index(card)]
        # A card clicked twice within one frame is in a slot already, though still drawn in
        # the hand: the second click takes it out again, as a click on the slot would.
        self.drag = Drag(card, (pos[0] - rect.x, pos[1] - rect.y), pos, pos, from_slot=card in self.passing.chosen)
        return True

    def _pointer_up(self, pos: tuple[int, int]) -> bool:
        drag, self.drag = self.drag, None
        if drag is None:
            return False
        view = self.controller.view()
        if self._my_pass_open(view):
            self._pass_drop(drag, pos)
            return True
        if not drag.moved and self.keyboard.arms(drag.card):
            return True
        if not drag.moved or self.layout.drop_zone().collidepoint(pos):
            self.drag = drag if drag.moved else None  # keep the dragged card where it was dropped
            self._play(drag.card)
            if self.drag is drag:
                self.drag = None
        return True

    def _pass_drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        slots = self.layout.pass_slots(self.pass_side())
        over_slots = any(r.inflate(r.width // 2, r.height // 3).collidepoint(pos) for r in slots)
        self._say_if(self.passing.drop(drag.card, drag.from_slot, drag.moved, over_slots))

    def choose_card(self, card: Card) -> None:
        """A card chosen without dragging (click, keyboard): into or out of the slots, or played."""
        if self._my_pass_open(self.controller.view()):
            self._say_if(self.passing.choose(card))
        else:
            self._play(card)

    def _my_pass_open(self, view: PlayerView) -> bool:
        return view.phase is Phase.PASSING and view.passed is None and self.controller.active_human() == view.seat

    def _play(self, card: Card) -> None:
        if self.controller.play(card) is None:
            self.hover = None

    def _submit_pass(self) -> None:
        if self.passing.complete:
            self.controller.submit_pass(self.passing.chosen)

    def _ask_hint(self) -> None:
        if self.controller.request_hint():
            self._say("Thinking about a hint…", seconds=6.0)

    def _finish_hand(self) -> None:
        if self.controller.finish_hand():
            self._say("The rest of the hand cannot change the score: finished.")

    def _undo(self) -> None:
        if self.controller.undo():
            self._say("Move taken back.")
        else:
            self._say(self._why_off("undo"))

    def _why_off(self, key: str) -> str:
        """The sentence a click on a disabled button gets."""
        if key == "undo":
            return self.controller.undo_note or "Nothing of yours to take back in this hand yet."
        if key == "hint":
            return "Hints are for your own turn."
        if key == "last":
            return "No trick has been played in this hand yet."
        return self.passing.missing_sentence()

    def _key(self, intent: KeyPress) -> bool:
        if self.keyboard.handle(intent):
            return True
        if intent.key == pygame.K_z and intent.ctrl:
            self._undo()
            return True
        if intent.key == pygame.K_h:
            self._ask_hint()
            return True
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons["pass"].enabled:
            self._submit_pass()
            return True
        if intent.key == pygame.K_f and self.buttons["finish"].enabled:
            self._finish_hand()
            return True
        if intent.key == pygame.K_l:
            self.overlays.last_trick(self)
            return True
        if intent.key == pygame.K_s:
            self.overlays.scores(self)
            return True
        if intent.key == pygame.K_ESCAPE:
            self.overlays.menu(self)
            return True
        return False

    def _refresh_buttons(self) -> None:
        view = self.controller.view()
        passing = self._my_pass_open(view)
        self.buttons["pass"].enabled = passing and self.passing.complete
        self.buttons["hint"].enabled = self.controller.active_human() is not None and self.controller.hand_face_up
        self.buttons["undo"].enabled = self.controller.can_undo()
        self.buttons["last"].enabled = bool(view.tricks)
        self.buttons["finish"].enabled = self.controller.can_finish_hand() and not self.busy
        self._place_buttons()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.layout, self._frame())
        self.keyboard.draw(surface)

    def _frame(self) -> TableFrame:
        """What this frame shows, read from the models (nothing is changed)."""
        view = self.controller.view()
        layout = self.layout
        dragged = None
        if self.drag is not None and self.drag.moved:
            x = self.drag.pos[0] - self.drag.grab_offset[0]
            y = self.drag.pos[1] - self.drag.grab_offset[1]
            dragged = (self.drag.card, pygame.Rect(x, y, layout.card_w, layout.card_h))
        fs = layout.font_size
        return TableFrame(
            view=view,
            seats=tuple(self.controller.seats),
            turn=frozenset(seat for seat in range(layout.players) if self._is_turn(view, seat)),
            leader=self._leading_seat(),
            hand_number=view.hand_index if self.motion.pending_deal is not None else view.hand_index + 1,  # its summary is up
            notes=tuple(self.controller.notes()),
            message=self._status_message(view),
            others_cards=tuple(self._cards_shown(view, place.seat) for place in layout.places
                               if place.seat != layout.viewer),
            trick=tuple(self.motion.trick),
            trick_winner=self.motion.trick_winner if self.motion.trick_complete else None,
            pass_area=self._pass_area(view),
            hand=self.hand,
            flights=tuple((flight.card, flight.rect()) for flight in self.motion.flights if flight.tween.started),
            dragged=dragged,
            buttons=tuple((button, fs if key == "pass" else int(fs * 0.95))
                          for key, button in self.buttons.items() if button.rect.width),
        )

    def _pass_area(self, view: PlayerView) -> PassArea | None:
        """The slots while cards are being passed and the hand is shown."""
        if view.phase is not Phase.PASSING or self.motion.dealing is not None or not self.controller.hand_face_up:
            return None
        slots = self.layout.pass_slots(self.pass_side())
        dragged = self.drag.card if self.drag is not None and self.drag.moved and self.drag.from_slot else None
        receivers: tuple[str, ...] = ()
        if view.direction is PassDirection.SCATTER:
            receivers = tuple(self.controller.seats[target].name for target in view.pass_targets)
        return PassArea(
            slots=tuple(slots),
            chosen=tuple((card, rect) for card, rect in zip(self.passing.chosen, slots) if card != dragged),
            outlined=view.passed is None,
            title=pass_title(view, self.controller),
            receivers=receivers,
        )

    def _cards_shown(self, view: PlayerView, seat: int) -> int:
        """How many face-down cards another seat shows: those dealt so far, less a pass given."""
        if self.motion.dealing is not None:
            return self.motion.dealing.get(seat, 0)
        count = view.cards_left[seat]
        if view.phase is Phase.PASSING and seat not in view.waiting_to_pass:
            count -= CARDS_PASSED
        return count

    def _leading_seat(self) -> int | None:
        totals = self.controller.totals
        if not any(totals):
            return None
        return single_leader(totals)

    def _is_turn(self, view: PlayerView, seat: int) -> bool:
        if self.controller.awaiting_continue:
            return False
        if view.phase is Phase.PASSING:
            return seat in view.waiting_to_pass
        return view.phase is Phase.PLAYING and view.turn == seat and not self.busy

    def _status_message(self, view: PlayerView) -> str:
        if self.message is not None:
            return self.message[0]
        if self.controller.awaiting_continue or self.busy:
            return ""
        active = self.controller.active_human()
        if view.phase is Phase.PASSING:
            if view.passed is not None:
                return "Waiting for the others to pass…"
            if active == view.seat:
                return PASS_INSTRUCTION
            return ""
        if view.phase is Phase.PLAYING:
            if view.turn == view.seat and active == view.seat:
                if not view.tricks and not view.trick:
                    return f"You lead the {view.legal_cards()[0].name}."
                return "Your turn: click a card or drag it to the table."
            return f"{self.controller.seats[view.turn].name} to play…"
        return ""

    def _place_buttons(self) -> None:
        """Where each button is for this frame's state, decided before drawing so that a
        click always hits what is on the screen: the column at the right (Finish hand at
        its top while it is offered), Pass beside the slots while passing is open."""
        column = [key for key in self.buttons if key != "pass" and (key != "finish" or self.buttons[key].enabled)]
        rects = dict(zip(column, self.layout.button_row(len(column))))
        if self._my_pass_open(self.controller.view()) and self.controller.hand_face_up and self.motion.dealing is None:
            rects["pass"] = self.layout.pass_button(self.pass_side())
        for key, button in self.buttons.items():
            button.rect = rects.get(key, pygame.Rect(0, 0, 0, 0))


class TableOverlays:
    """What the table opens above itself; the app supplies real screens, tests may not."""

    def hand_scored(self, table: TableScene, event: HandScored) -> None:
        table.controller.continue_after_hand()

    def game_over(self, table: TableScene, event: GameOver) -> None:
        pass

    def moon_choice(self, table: TableScene, seat: int) -> None:
        pass

    def cover(self, table: TableScene, event: CoverShown) -> None:
        table.controller.reveal()

    def last_trick(self, table: TableScene) -> None:
        pass

    def scores(self, table: TableScene) -> None:
        pass

    def menu(self, table: TableScene) -> None:
        pass

    def bot_failed(self, table: TableScene, event: BotFailed) -> None:
        """A bot raised; the table already played a safe card for it and said so."""


PASS_INSTRUCTION = "Drag or click 3 cards into the slots, then press Pass."


def pass_title(view: PlayerView, controller: TableModel) -> str:
    if view.direction is PassDirection.SCATTER:
        return "Pass one card to each player"
    target = controller.seats[view.pass_targets[0]].name
    arrow = {PassDirection.LEFT: "←", PassDirection.RIGHT: "→", PassDirection.ACROSS: "↑"}.get(view.direction, "")
    return f"Pass 3 cards {view.direction.value} to {target} {arrow}".strip()
