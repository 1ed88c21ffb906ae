"""The table scene under the dummy video driver: clicks and drags reach the controller."""

from __future__ import annotations

import pygame
import pytest

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.table import TableController
from hearts_desktop.engine import Card, Game, PassAction, Phase, PlayAction, Ruleset, preset_by_key
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.ui.card_art import CardArt
from hearts_desktop.ui.intents import KeyPress, PointerDown, PointerMove, PointerUp
from hearts_desktop.ui.layout import LINE, MESSAGE_LINES, TableLayout
from hearts_desktop.ui.pass_selection import sort_for_display
from hearts_desktop.ui.scene import SceneStack
from hearts_desktop.ui.sound import Sounds
from hearts_desktop.ui.table_scene import TableOverlays, TableScene
from hearts_desktop.words import Level, Pace, SeatKind

SEATS = (Seat("You", SeatKind.HUMAN), Seat("A", SeatKind.COMPUTER, Level.EASY), Seat("B", SeatKind.COMPUTER, Level.EASY),
         Seat("C", SeatKind.COMPUTER, Level.EASY))


class Table:
    """A table scene on a scene stack, driven frame by frame like the real loop."""

    def __init__(self, seed: int = 5, size: tuple[int, int] = (1280, 800), pace: Pace = Pace.QUICK,
                 rules: Ruleset | None = None, seats: tuple[Seat, ...] = SEATS) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.controller = TableController(Game(rules or Ruleset(), seed), seats, InlineRunner(), pace)
        self.scene = TableScene(self.controller, CardArt(), Sounds(enabled=False), size)
        self.stack = SceneStack()
        self.stack.push(self.scene)
        self.frame()

    def frame(self, dt: float = 1 / 60) -> None:
        self.stack.update(dt)
        self.stack.draw(self.screen)

    def settle(self, seconds: float = 2.0) -> None:
        for _ in range(int(seconds * 60)):
            self.frame()

    def click(self, pos: tuple[int, int]) -> None:
        self.stack.handle(PointerDown(pos))
        self.stack.handle(PointerUp(pos))
        self.frame()

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.stack.handle(PointerDown(start))
        for i in range(1, 6):
            x = start[0] + (end[0] - start[0]) * i // 5
            y = start[1] + (end[1] - start[1]) * i // 5
            self.stack.handle(PointerMove((x, y), pressed=True))
            self.frame()
        self.stack.handle(PointerUp(end))
        self.frame()

    def card_center(self, card: Card) -> tuple[int, int]:
        rect = self.scene.hand_rects[card]
        return (rect.x + min(10, rect.width // 4), rect.centery)  # the visible left edge

    def human_actions(self) -> list[object]:
        return [a for a in self.controller.game.actions if a.seat == 0]


def test_clicking_three_cards_fills_the_slots_and_pass_sends_them() -> None:
    table = Table()
    table.settle(1.5)
    hand = list(table.scene.hand_rects)
    for card in hand[:3]:
        table.click(table.card_center(card))
    assert table.scene.pass_slots == hand[:3]
    assert table.scene.buttons["pass"].enabled
    table.click(table.scene.buttons["pass"].rect.center)
    passes = [a for a in table.human_actions() if isinstance(a, PassAction)]
    assert passes and set(passes[0].cards) == set(hand[:3])


def test_a_card_clicked_twice_within_one_frame_goes_into_a_slot_and_out_again() -> None:
    """Found by the hot-seat property test: the second click still hit the card where the
    hand had last been drawn, and put it into a second slot; Pass was then refused forever."""
    table = Table()
    table.settle(1.5)
    card = next(iter(table.scene.hand_rects))
    for _ in range(2):
        table.stack.handle(PointerDown(table.card_center(card)))
        table.stack.handle(PointerUp(table.card_center(card)))
    table.frame()
    assert table.scene.pass_slots == []


def test_dragging_to_the_slots_and_back_out() -> None:
    table = Table()
    table.settle(1.5)
    hand = list(table.scene.hand_rects)
    slots = table.scene.layout.pass_slots(table.scene.pass_side())
    table.drag(table.card_center(hand[0]), slots[0].center)
    table.drag(table.card_center(hand[1]), slots[1].center)
    assert table.scene.pass_slots == hand[:2]
    assert not table.scene.buttons["pass"].enabled
    table.drag(slots[0].center, (slots[0].centerx, table.scene.layout.height - 60))
    assert table.scene.pass_slots == [hand[1]]
    table.drag((10, 10), slots[2].center)  # nothing picked up: nothing changes
    assert table.scene.pass_slots == [hand[1]]


def test_a_click_right_after_a_resize_before_any_drawing_picks_the_card_under_it() -> None:
    """The hand's click places are computed when the size changes, not when it is drawn:
    before, a click between the resize and the next frame hit the hand of the old size."""
    table = Table()
    table.settle(1.5)
    size = (800, 600)
    hand = sort_for_display(list(table.controller.view().cards()))
    new_place = TableLayout.compute(size, 4, viewer=0).hand_rects(13)[6]
    point = (new_place.left + 5, new_place.centery)
    assert not table.scene.hand_rects[hand[6]].collidepoint(point)  # elsewhere at the old size
    table.screen = pygame.display.set_mode(size)
    table.stack.resize(size)
    table.stack.handle(PointerDown(point))
    table.stack.handle(PointerUp(point))
    assert table.scene.pass_slots == [hand[6]]


@pytest.mark.parametrize("moment", ["passing", "playing"])
def test_drawing_never_moves_what_a_click_hits(moment: str) -> None:
    table = Table(seed=11)
    if moment == "passing":
        table.settle(1.5)
        table.click(table.card_center(list(table.scene.hand_rects)[0]))
    else:
        _to_my_turn(table)
        table.click(table.scene.buttons["seen"].rect.center)  # OK: the received cards go back into the row
    row = list(table.scene.hand_rects)
    hovered = table.controller.view().legal_cards()[0] if moment == "playing" else row[4]
    table.stack.handle(PointerMove(table.card_center(hovered)))
    table.scene.update(0.0)  # the hovered card rises
    hand = dict(table.scene.hand_rects)
    buttons = {key: button.rect.copy() for key, button in table.scene.buttons.items()}
    layout = table.scene.layout
    assert hand[hovered].y == layout.hand_rects(len(row))[row.index(hovered)].y - layout.lift
    for _ in range(3):
        table.stack.draw(table.screen)
    assert table.scene.hand_rects == hand
    assert {key: button.rect for key, button in table.scene.buttons.items()} == buttons


def test_a_fourth_card_does_not_enter_the_full_slots() -> None:
    table = Table()
    table.settle(1.5)
    hand = list(table.scene.hand_rects)
    for card in hand[:4]:
        table.click(table.card_center(card))
    assert table.scene.pass_slots == hand[:3]
    assert "exactly 3" in (table.scene.message or ("", 0))[0]


def _to_my_turn(table: Table) -> None:
    table.settle(1.5)
    for card in list(table.scene.hand_rects)[:3]:
        table.click(table.card_center(card))
    table.click(table.scene.buttons["pass"].rect.center)
    for _ in range(60 * 30):
        table.frame()
        if table.controller.view().my_turn and not table.scene.busy and table.controller.active_human() == 0:
            table.frame()
            return
    raise AssertionError("the human's turn never came")


def test_click_plays_a_legal_card_and_refuses_an_illegal_one_with_the_reason() -> None:
    table = Table(seed=11)
    _to_my_turn(table)
    view = table.controller.view()
    illegal = [c for c in view.cards() if not view.legal >> c & 1]
    if illegal:
        table.click(table.card_center(illegal[0]))
        message = table.scene.message
        assert message is not None and message[0].endswith(".")
        assert table.scene.shaking is not None and table.scene.shaking[0] == illegal[0]
    before = len(table.human_actions())
    legal = view.legal_cards()[0]
    table.click(table.card_center(legal))
    plays = [a for a in table.human_actions() if isinstance(a, PlayAction)]
    assert len(table.human_actions()) == before + 1 and plays[-1].card == legal


def test_dragging_a_card_onto_the_table_plays_it_and_elsewhere_does_not() -> None:
    table = Table(seed=11)
    _to_my_turn(table)
    legal = table.controller.view().legal_cards()[0]
    start = table.card_center(legal)
    table.drag(start, (start[0], start[1] - 30))  # a small lift, not onto the table
    assert not any(isinstance(a, PlayAction) for a in table.human_actions())
    table.drag(table.card_center(legal), tuple(map(int, table.scene.layout.table_center)))  # type: ignore[arg-type]
    assert [a for a in table.human_actions() if isinstance(a, PlayAction)][-1].card == legal


def test_whole_hand_by_clicks_until_the_score() -> None:
    table = Table(seed=3, pace=Pace.QUICK)
    _to_my_turn(table)
    for _ in range(60 * 120):
        table.frame()
        if table.controller.awaiting_continue:
            break
        view = table.controller.view()
        if view.my_turn and table.controller.active_human() == 0 and view.legal_cards():
            card = view.legal_cards()[0]
            if card in table.scene.hand_rects:
                table.click(table.card_center(card))
    assert table.controller.awaiting_continue
    assert table.controller.game.results


def test_keyboard_undo_restores_the_position() -> None:
    table = Table(seed=11)
    _to_my_turn(table)
    before = list(table.controller.game.actions)
    table.click(table.card_center(table.controller.view().legal_cards()[0]))
    table.settle(0.5)
    table.stack.handle(KeyPress(pygame.K_z, pygame.KMOD_CTRL))
    table.frame()
    assert table.controller.game.actions == before


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160), (1000, 1000)])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_layout_keeps_everything_on_screen_and_apart(size: tuple[int, int], players: int) -> None:
    pygame.display.init()
    layout = TableLayout.compute(size, players, viewer=0)
    screen = pygame.Rect(0, 0, *size)
    hand = layout.hand_rects(17 if players == 3 else 13)
    assert all(screen.contains(r) for r in hand)
    boxes = [hand[0].unionall(hand)]
    for place in layout.places[1:]:
        rects = layout.opponent_rects(place.seat, 17 if players == 3 else 13)
        assert all(screen.contains(r) for r in rects), place.side
        boxes.append(rects[0].unionall(rects))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.colliderect(b)
    buttons = layout.button_row(5)
    assert all(screen.contains(b) for b in buttons)
    for b in buttons:
        assert not any(b.colliderect(box) for box in boxes)
    trick = [layout.trick_rect(p.seat) for p in layout.places]
    assert all(screen.contains(r) for r in trick)
    assert layout.card_h >= 120 or size[1] < 700


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (800, 1000)])
@pytest.mark.parametrize("large_cards", [False, True])
def test_a_raised_card_stays_below_the_viewers_name_and_the_messages_above_it(
        size: tuple[int, int], large_cards: bool) -> None:
    """A hovered or received card rose into "You 0 pts"; the hand band keeps room for it."""
    pygame.display.init()
    layout = TableLayout.compute(size, 4, viewer=0, large_cards=large_cards)
    raised = layout.hand_rects(13, lift=layout.lift)
    name_row_bottom = layout.place(0).label_anchor[1] + layout.font_size * LINE
    assert min(rect.top for rect in raised) >= round(name_row_bottom) - 1  # a pixel of rounding
    assert layout.message_bottom <= layout.place(0).label_anchor[1]
    assert layout.middle.bottom <= round(layout.message_bottom - layout.font_size * LINE * MESSAGE_LINES) + 1


def test_variant_pass_areas_draw_for_every_preset() -> None:
    for preset in ("black-maria", "five-players"):
        rules = preset_by_key(preset).rules
        seats = (Seat("You", SeatKind.HUMAN),) + tuple(Seat(f"Bot {i}", SeatKind.COMPUTER, Level.EASY) for i in range(1, rules.players))
        table = Table(rules=rules, seats=seats)
        table.settle(1.5)
        assert table.controller.view().phase is Phase.PASSING
        assert len(table.scene.hand_rects) == rules.tables.hand_size


def test_a_smoke_game_fails_when_a_bot_fails() -> None:
    from hearts_desktop.ui.game_screens import SmokeOverlays

    from .test_controller import BrokenRunner

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    seats = tuple(Seat(n, SeatKind.COMPUTER, Level.EASY) for n in "ABCD")
    controller = TableController(Game(Ruleset(), 1), seats, BrokenRunner(), Pace.INSTANT, auto_continue=True)
    overlays = SmokeOverlays(lambda: None)
    scene = TableScene(controller, CardArt(), Sounds(enabled=False), (1280, 800), animations=False,
                       overlays=overlays)
    with pytest.raises(RuntimeError, match="seat .* failed"):
        for _ in range(10):
            scene.update(0.05)
            scene.draw(screen)


def test_fuzz_seed_1_a_deal_drawn_after_the_exchange_leaves_the_slots_empty() -> None:
    """The fuzzer (seed 1, event 1308) caught the pass slots refilled with cards already
    passed away: the deal animation, held back behind the score screen, started only after
    the new hand's cards had been exchanged, and took the slots from the view's pass."""
    table = Table()
    table.settle(1.5)
    table.controller.submit_pass(table.controller.view().cards()[:3])
    table.frame()
    assert table.controller.view().phase is Phase.PLAYING
    table.scene._start_deal(13)
    assert table.scene.pass_slots == []


class ScoreLeftOpen(TableOverlays):
    """A score screen nobody has clicked away yet."""

    def hand_scored(self, table: TableScene, event: object) -> None:
        pass


def test_the_next_hand_stays_hidden_until_the_score_is_read() -> None:
    table = Table(seed=3, pace=Pace.INSTANT)
    table.scene.overlays = ScoreLeftOpen()
    _to_my_turn(table)
    for _ in range(60 * 60):
        table.frame()
        if table.controller.awaiting_continue and not table.scene.busy:
            break
        view = table.controller.view()
        if view.my_turn and table.controller.active_human() == 0:
            table.controller.play(view.legal_cards()[0])
    assert table.controller.awaiting_continue
    table.settle(0.5)
    assert table.scene.motion.trick == [] and table.scene.hand_rects == {}  # nothing of the new deal shows
    table.controller.continue_after_hand()
    table.settle(2.0)
    assert len(table.scene.hand_rects) == 13


def test_the_kept_backdrop_never_shows_a_stale_table_through_a_deal_a_pass_and_tricks() -> None:
    """The felt and the other seats' face-down cards are kept between frames: every frame
    drawn from the kept backdrop equals the same frame drawn from scratch."""
    table = Table()

    def from_scratch() -> bytes:
        table.scene.painter.forget_backdrop()
        table.stack.draw(table.screen)
        return pygame.image.tobytes(table.screen, "RGB")

    def compare_for(frames: int) -> None:
        for _ in range(frames):
            table.frame()
            kept = pygame.image.tobytes(table.screen, "RGB")
            assert kept == from_scratch()

    compare_for(60)  # the deal: hands fill card by card
    for card in list(table.scene.hand_rects)[:3]:
        table.click(table.card_center(card))
    table.click(table.scene.buttons["pass"].rect.center)
    compare_for(60)  # the exchange
    for _ in range(3):
        view = table.controller.view()
        if view.my_turn:
            table.click(table.card_center(view.legal_cards()[0]))
        compare_for(40)
    assert any(count < 13 for count in table.controller.view().cards_left)


def test_the_keyboard_follows_a_hand_over_in_update_and_drawing_changes_none_of_it() -> None:
    """Hot-seat: the focus the first person left is gone and no button is highlighted once
    the table has updated for the next person, without a frame drawn; drawing reads only."""
    seats = (Seat("You", SeatKind.HUMAN), Seat("Bea", SeatKind.HUMAN)) + SEATS[2:]
    table = Table(seats=seats)
    table.settle(1.5)
    keyboard, buttons = table.scene.keyboard, table.scene.buttons
    for _ in range(10):
        if keyboard.button == "scores":
            break
        table.stack.handle(KeyPress(pygame.K_TAB))
    table.frame()
    assert buttons["scores"].focused and keyboard.viewer == 0

    def state() -> tuple[object, ...]:
        return (keyboard.viewer, keyboard.armed, keyboard.focus.current,
                tuple(button.focused for button in buttons.values()))

    assert table.controller.submit_pass(list(table.scene.hand_rects)[:3]) is None
    assert table.controller.viewer == 1
    before = state()
    table.scene.draw(table.screen)
    assert state() == before
    table.scene.update(1 / 60)
    assert keyboard.viewer == 1 and keyboard.focus.current is None
    assert not any(button.focused for button in buttons.values())
