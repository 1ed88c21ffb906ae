"""The table: the hand, the other seats, the trick, passing, and every card in motion.

The scene holds what lies on the table and reacts to the events its model tells: each to
its animation, its sentence or the screen it opens above the table. Its parts do the rest:
``TableMotion`` (the trick on the table, cards in flight, deals and sweeps, advanced by
time), ``PassSelection`` (the cards in the pass slots and the cards received), the
``TableLayout`` of the window, ``TableInput`` (the pointer and the keys become the model's
moves) with the ``TableKeyboard``, and ``table_frame``, the snapshot (``TableFrame``) that
``TablePainter`` draws. Where the hand's cards and the buttons are is decided in ``update``
and ``resize``; drawing changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
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
from ..engine.hand import Trick
from ..engine.rules import PassDirection
from ..language import _, p_
from ..persistence.seats import shown_name
from ..play.base import Play
from .card_art import CardArt
from .intents import Intent
from .keyboard import TableKeyboard
from .layout import TableLayout
from .pass_selection import PassSelection
from .scene import Scene
from .sound import Sounds
from .table_frame import placed_hand, table_frame
from .table_input import Drag, TableInput
from .table_motion import TableMotion
from .table_painter import HandCard, TablePainter
from .tween import Tween
from .widgets import Button

MESSAGE_SECONDS = 3.0
"""How long a sentence about the table stays in its status line."""
HINT_SECONDS = 8.0
"""How long a hint stays said (longer: it gives a reason to read)."""
SHAKE_SECONDS = 0.45
"""How long a refused card shakes."""


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
        play: Play | None = None,
    ) -> None:
        """``play``: the game this table shows, closed when the table leaves the screen (a
        test may show a bare model, which it closes itself)."""
        super().__init__()
        self.controller = controller
        self.play = play
        self.painter = TablePainter(art)
        self.sounds = sounds
        self.large_cards = large_cards
        self.auto_play_single = False
        """Play the viewer's card when it is the only legal one (a setting, off by default)."""
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
        self._seen_view = controller.view()
        """The view the last update left: the hand on the table, before the model moves on."""
        self.hand_end: PlayerView | None = None
        """The hand whose last trick is still on the table, as it ended, while the model
        already holds the next one: the status line and the scores show it until the deal."""
        self.input = TableInput(self)
        self.buttons = self._make_buttons()
        self.keyboard = TableKeyboard(self)
        self._sync_from_view()
        if controller.fresh:
            self._start_deal(controller.rules.tables.hand_size)
        self._place_hand(updating=False)

    @property
    def layout(self) -> TableLayout:
        return self.motion.layout

    @property
    def replays_hand(self) -> int | None:
        """The number of the hand this table plays again (a deal played again), else None."""
        deal = self.play.played_again if self.play is not None else None
        return deal.deal + 1 if deal is not None else None

    @property
    def art(self) -> CardArt:
        """The deck the table draws, and the screens it opens (the settings may change it)."""
        return self.painter.art

    @art.setter
    def art(self, art: CardArt) -> None:
        self.painter.art = art

    def on_exit(self) -> None:
        """No game outlives its table: a local one stops its computers, a host tells the
        friends why the table closed, a friend leaves the seat."""
        if self.play is not None:
            self.play.close()

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
        moves = self.input
        return {  # said each time drawn: Settings opens over the table, and its language then rules here
            # Translators: a button: send the chosen cards (the verb).
            "pass": Button(lambda: p_("verb", "Pass"), moves.submit_pass, key_hint=lambda: _("Enter")),
            # Translators: a button: the cards passed to you have been seen, play on.
            "seen": Button(lambda: _("OK"), self.passing.acknowledge, key_hint=lambda: _("Enter")),
            # Translators: a button: let the computer play out the rest of the hand (deal) at once.
            "finish": Button(lambda: _("Finish hand"), moves.finish_hand, key_hint="F"),
            # Translators: a button: ask which card to play.
            "hint": Button(lambda: _("Hint"), moves.ask_hint, key_hint="H"),
            "undo": Button(lambda: _("Undo"), moves.undo, key_hint=lambda: _("Ctrl+Z")),
            "last": Button(lambda: _("Last trick"), self.open_last_trick, key_hint="L"),
            "scores": Button(lambda: _("Scores"), self.open_scores, key_hint="S"),
            "menu": Button(lambda: _("Menu"), self.open_menu, key_hint=lambda: _("Esc")),
        }

    def open_last_trick(self) -> None:
        self.overlays.last_trick(self)

    def open_scores(self) -> None:
        self.overlays.scores(self)

    def open_menu(self) -> None:
        self.overlays.menu(self)

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
        if self.pending_score is not None and not self.busy:
            show, self.pending_score = self.pending_score, None
            show()
        self._deal_when_ready()
        if self.layout.viewer != self.controller.viewer:
            self.motion.layout = self._layout()
        self.input.update(dt)
        self._play_lone_card()
        self._refresh_buttons()
        self._place_hand(updating=True)
        self.keyboard.sync()
        if self.hand_end is None:
            self._seen_view = self.controller.view()

    def _play_lone_card(self) -> None:
        """With the setting on: the viewer's only legal card, once the last frame showed them
        their hand (never behind a cover) and the received cards were seen. Played before the
        hand is placed, so that the frame drawn next shows what the move left."""
        view = self.controller.view()
        if (not self.auto_play_single or not self.hand_rects or self._shown_to != view.seat
                or not self.controller.hand_face_up or self.passing.note is not None
                or self.busy or self.drag is not None or not self._viewers_turn(view)):
            return
        legal = view.legal_cards()
        if len(legal) == 1:
            self.input.choose_card(legal[0])

    def _viewers_turn(self, view: PlayerView) -> bool:
        """The viewer may play a card now."""
        return (view.phase is Phase.PLAYING and view.my_turn and self.controller.active_human() == view.seat
                and not self.controller.awaiting_continue)

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
        """A new hand on the table: the slots as the view has them, no old hint, no cards
        received in the last hand still raised."""
        self.passing.reset(self.controller.view())
        self.passing.acknowledge()
        self.hint = None
        self.hand_end = None

    def _on_pass_chosen(self, event: PassChosen) -> None:
        if event.seat == self.controller.viewer:
            self.passing.chosen = list(event.cards)

    def _on_cards_exchanged(self, event: CardsExchanged) -> None:
        """Passed cards fly face down to their receivers; ours slide into the hand face up."""
        view = self.controller.view()
        passed = list(view.passed or ())
        slots = self.layout.pass_slots(self.pass_side())
        self.passing.chosen = []
        # Advice and sentences about the pass (the Hint names the cards it advised passing,
        # which now belong to another person) go with it; the received cards are said instead.
        self.hint = None
        self.message = None
        self.passing.received(event, self.controller.human_seats(), [seat.name for seat in self.controller.seats])
        hand = self.visible_hand(view)
        places = dict(zip(hand, self.layout.hand_rects(len(hand))))
        self.motion.cards_exchanged(event, self.controller.viewer, passed, slots, places,
                                    self.controller.hand_face_up)

    def _show_received(self) -> None:
        """Raise the received cards the first time their owner sees the hand (hot-seat too),
        with the sentence naming them, until the owner acts."""
        if self.controller.hand_face_up:
            self.passing.show_received(self.controller.viewer)

    def _on_card_played(self, event: CardPlayed) -> None:
        seat, card = event.seat, event.card
        drawn = [placed.rect for placed in self.hand if placed.card == card]
        start = drawn[0] if drawn and seat == self.controller.viewer else None
        if self.drag is not None and self.drag.card == card:
            start = pygame.Rect(self.drag.pos[0] - self.drag.grab_offset[0],
                                self.drag.pos[1] - self.drag.grab_offset[1],
                                self.layout.hand_w, self.layout.hand_h)
            self.drag = None
        self.motion.card_played(seat, card, start)
        self.hint = None

    def _on_hearts_broken(self, event: HeartsBroken) -> None:
        self.say(_("Hearts are broken!") if event.card.suit is Suit.HEARTS else _("The queen broke hearts!"))
        self.sounds.play("hearts_broken")

    def _on_trick_won(self, event: TrickWon) -> None:
        self.motion.trick_won(event, self.controller.pace.timing.trick_hold)
        if self.controller.view().hand_index != self._seen_view.hand_index:
            self.hand_end = with_trick(self.hand_end or self._seen_view, event)

    def _on_hand_scored(self, event: HandScored) -> None:
        if event.moon_shooter is not None:
            self.sounds.play("moon")
        self.pending_score = lambda: self.overlays.hand_scored(self, event)

    def _on_moon_choice_needed(self, event: MoonChoiceNeeded) -> None:
        if event.seat in self.controller.human_seats():
            self.pending_score = lambda: self.overlays.moon_choice(self, event.seat)

    def _on_refused(self, event: Refused) -> None:
        self.say(event.reason)
        if event.card is not None:
            self.shaking = (event.card, Tween(SHAKE_SECONDS, easing=lambda t: t))

    def _on_cover_shown(self, event: CoverShown) -> None:
        # Nothing of the last person's stays: their hint and messages (which name their
        # cards) and their slots. Where their cards were goes when this update places the
        # covered hand (``_place_hand``), so that a click in the frame that lifts the cover
        # picks nothing.
        self.drag = None
        self.hint = None
        self.message = None
        self.passing.reset(self.controller.view())
        self.passing.acknowledge()
        self.hover = None
        self.overlays.cover(self, event)

    def _on_hint_ready(self, event: HintReady) -> None:
        self.hint = (event.hint.cards, event.hint.reason)
        # Translators: {reason} is the hint's sentence ("Pass the ace of hearts: high hearts win tricks").
        said = _("Hint: {reason}").format(reason=self.hint[1]) if self.hint[1] else _("Hint ready.")
        self.say(said, seconds=HINT_SECONDS)

    def _on_bot_failed(self, event: BotFailed) -> None:
        self.say(_("{name} hesitated; a safe card was played.").format(
            name=shown_name(self.controller.seats[event.seat].name)))
        self.overlays.bot_failed(self, event)

    def words_changed(self) -> None:
        """A sentence said for a moment (a hint, a refusal) was said in the old language: it
        leaves the table's line, which says what holds now (a hint's cards stay outlined)."""
        self.message = None
        super().words_changed()

    def say(self, text: str, seconds: float = MESSAGE_SECONDS) -> None:
        """Put ``text`` in the table's status line for ``seconds``."""
        self.message = (text, seconds)

    def say_if(self, sentence: str | None) -> None:
        if sentence is not None:
            self.say(sentence)

    # ------------------------------------------------------------------ geometry

    def pass_slot_rects(self) -> list[pygame.Rect]:
        """Where the pass slots are while the viewer's pass is open, else none."""
        if not self.my_pass_open(self.controller.view()) or not self.controller.hand_face_up:
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
        return self.passing.order.sort(cards)

    def _place_hand(self, updating: bool) -> None:
        """Place the hand for the coming frame, and where clicks pick its cards. Called by
        ``update`` (a frame is drawn right after it) and ``resize`` (none may be): a hand
        gets click places only once a frame has shown it face up to this viewer, so a click
        as the hot-seat cover lifts, or after a resize in that moment, cannot pick a card of
        the next person's that they have not seen."""
        view = self.controller.view()
        self.hand = placed_hand(self, view)
        face_up = self.controller.hand_face_up
        if updating:
            self._shown_to = view.seat if face_up else None
        shown = face_up and self._shown_to == view.seat
        self.hand_rects = {placed.card: placed.rect for placed in self.hand} if shown else {}

    # ------------------------------------------------------------------ input

    def handle(self, intent: Intent) -> bool:
        return self.input.handle(intent)

    def choose_card(self, card: Card) -> None:
        """A card chosen without dragging (click, keyboard): into or out of the slots, or played."""
        self.input.choose_card(card)

    def my_pass_open(self, view: PlayerView) -> bool:
        """The viewer's cards may go into the pass slots now."""
        return view.phase is Phase.PASSING and view.passed is None and self.controller.active_human() == view.seat

    def _refresh_buttons(self) -> None:
        view = self.controller.view()
        passing = self.my_pass_open(view)
        self.buttons["pass"].enabled = passing and self.passing.complete
        self.buttons["seen"].enabled = self.passing.note is not None and self.controller.hand_face_up
        self.buttons["hint"].enabled = self.controller.active_human() is not None and self.controller.hand_face_up
        self.buttons["undo"].enabled = self.controller.can_undo()
        self.buttons["last"].enabled = bool(view.tricks)
        self.buttons["finish"].enabled = self.controller.can_finish_hand() and not self.busy
        self._place_buttons()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.layout, table_frame(self))
        self.keyboard.draw(surface)

    def _place_buttons(self) -> None:
        """Where each button is for this frame's state, decided before drawing so that a
        click always hits what is on the screen: the column at the right (OK for the received
        cards and Finish hand at its top while they are offered), Pass beside the slots
        while passing is open."""
        offered = ("seen", "finish")
        column = [key for key in self.buttons if key != "pass" and (key not in offered or self.buttons[key].enabled)]
        rects = dict(zip(column, self.layout.button_row(len(column))))
        if self.my_pass_open(self.controller.view()) and self.controller.hand_face_up and self.motion.dealing is None:
            rects["pass"] = self.layout.pass_button(self.pass_side())
        for key, button in self.buttons.items():
            button.rect = rects.get(key, pygame.Rect(0, 0, 0, 0))


def with_trick(view: PlayerView, event: TrickWon) -> PlayerView:
    """``view`` once the trick ``event`` tells is taken: what the table shows of a hand that
    the model has already left behind."""
    taken = list(view.points_taken)
    taken[event.winner] += event.points
    left = list(view.cards_left)
    counted = len(view.trick) if event.cards[: len(view.trick)] == view.trick else 0  # already out of the hands
    for position in range(counted, len(event.cards)):
        left[(event.leader + position) % view.players] -= 1
    return dataclasses.replace(
        view, trick=(), tricks=(*view.tricks, Trick(event.leader, event.cards, event.winner)),
        points_taken=tuple(taken), cards_left=tuple(left), phase=Phase.PLAYING, legal=0,
        hearts_broken=view.hearts_broken or any(card.suit is Suit.HEARTS for card in event.cards))


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
