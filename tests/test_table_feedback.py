"""What the table tells a player between moves: the focus the keys use, who won the trick,
how many tricks each seat has, who passed the cards, and a moment to look at them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.layout import Inspector, RecordingSurface, inspected
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.table import TableController
from hearts_desktop.engine import Event, Game, HandDealt, PassAction, Phase, PlayAction, Ruleset
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.ui import theme
from hearts_desktop.ui.grammar import about
from hearts_desktop.ui.intents import KeyPress, PointerDown, PointerUp
from hearts_desktop.ui.new_game import pace_choices
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import Driver
from .test_table_scene import Table


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path, seed=21)
    yield d
    d.close()


@pytest.mark.parametrize(("key", "place"), [(pygame.K_HOME, 0), (pygame.K_END, -1), (pygame.K_RIGHT, 0),
                                            (pygame.K_LEFT, -1)], ids=["Home", "End", "Right", "Left"])
def test_the_first_key_press_goes_where_the_key_says(driver: Driver, key: int, place: int) -> None:
    """Home went to the last card and End to the first on the first press."""
    driver.new_game()
    table = driver.table
    driver.keys(key)
    assert table.keyboard.focused_card() == list(table.hand_rects)[place]


def test_enter_passes_three_cards_chosen_with_the_mouse_after_an_arrow_key(driver: Driver) -> None:
    """→ once, three cards clicked into the slots, Enter: it tried to add the focused card
    ("You pass exactly 3 cards: take one back first.") instead of passing."""
    driver.new_game()
    table = driver.table
    driver.keys(pygame.K_RIGHT)
    for card in list(table.hand_rects)[-3:]:
        rect = table.hand_rects[card]
        point = (rect.left + 6, rect.centery)  # the visible edge of a fanned card
        driver.frame(PointerDown(point), PointerUp(point))
    assert len(table.pass_slots) == 3
    driver.keys(pygame.K_RETURN)
    assert any(isinstance(a, PassAction) and a.seat == 0 for a in driver.controller.game.actions)
    assert "exactly" not in (table.message or ("", 0))[0]


def test_a_new_hand_starts_without_a_focus(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)
    assert table.keyboard.index is not None
    dealt: list[Event] = []
    Game(Ruleset(), 2, dealt)
    table._on_event(next(e for e in dealt if isinstance(e, HandDealt)))
    assert table.keyboard.index is None and table.keyboard.button is None


def labels_drawn(table: Table) -> list[str]:
    inspector = Inspector()
    with inspected(inspector):
        table.scene.draw(RecordingSurface(table.screen.get_size(), inspector))
    return [element.label for element in inspector.elements if element.kind == "text"]


def test_the_winning_card_is_outlined_and_each_seat_counts_its_tricks() -> None:
    table = Table(pace=Pace.RELAXED)
    table.scene.overlays.hand_scored = lambda *args: None  # type: ignore[method-assign]
    for _ in range(60 * 60):
        if table.scene.motion.trick_winner is not None and len(table.scene.motion.trick) == 4:
            break
        if table.controller.active_human() == 0:
            view = table.controller.view()
            if view.phase is Phase.PASSING and view.passed is None:
                table.controller.submit_pass(list(view.cards()[:3]))
            elif view.phase is Phase.PLAYING and view.my_turn and not table.scene.busy:
                table.controller.play(view.legal_cards()[0])
        table.frame()
    winner = table.scene.motion.trick_winner
    assert winner is not None
    rect = table.scene.layout.trick_rect(winner)
    table.frame()
    assert tuple(table.screen.get_at((rect.left - 1, rect.centery)))[:3] == theme.HIGHLIGHT
    assert any(label.endswith("· 1 trick") for label in labels_drawn(table))


def test_received_cards_say_who_passed_them_and_the_computers_wait() -> None:
    table = Table(pace=Pace.QUICK)
    table.settle(1.5)
    table.controller.submit_pass(list(table.controller.view().cards()[:3]))
    for _ in range(60 * 10):
        table.frame()
        if table.controller.view().phase is Phase.PLAYING:
            break
    assert table.controller.view().turn != 0, "a computer leads the first trick of this deal"
    giver = table.controller.seats[3].name  # passing left: the seat on the right gives
    table.settle(0.8)
    assert (table.scene.passing.note or "").startswith(f"From {giver}:")
    assert not any(isinstance(a, PlayAction) for a in table.controller.game.actions), "the computers wait"
    table.settle(1.5)
    assert any(isinstance(a, PlayAction) for a in table.controller.game.actions)


def test_instant_is_offered_and_the_fastest_pace_is_last() -> None:
    assert [value for value, _ in pace_choices()] == ["relaxed", "friendly", "quick", "instant"]
    assert Pace.QUICK.timing.received_hold >= 1.0 and Pace.INSTANT.timing.received_hold == 0


# ---------------------------------------------------------------------- controls that are off


def test_a_disabled_button_is_flat_and_says_why_when_clicked() -> None:
    table = Table()
    table.settle(1.5)
    last, scores = table.scene.buttons["last"], table.scene.buttons["scores"]
    assert not last.enabled and scores.enabled
    below = (last.rect.centerx, last.rect.bottom + 1)
    assert tuple(table.screen.get_at(below))[:3] != (0, 0, 0), "no shadow: it does not stand out to be pressed"
    assert tuple(table.screen.get_at((scores.rect.centerx, scores.rect.bottom + 1)))[:3] == (0, 0, 0)
    table.click(last.rect.center)
    assert (table.scene.message or ("", 0))[0] == "No trick has been played in this hand yet."


def test_undo_says_it_is_off_in_hot_seat() -> None:
    seats = (Seat("Anna", SeatKind.HUMAN), Seat("A", SeatKind.COMPUTER, Level.EASY), Seat("Ben", SeatKind.HUMAN),
             Seat("C", SeatKind.COMPUTER, Level.EASY))
    table = Table(seats=seats)
    table.scene.input.undo()
    assert (table.scene.message or ("", 0))[0] == "Undo is off when people take turns at one computer."


def test_undo_still_works_after_continue() -> None:
    """A resumed game could not take back the moves made before it was saved."""
    seats = (Seat("You", SeatKind.HUMAN),) + tuple(Seat(n, SeatKind.COMPUTER, Level.EASY) for n in "ABC")
    first = TableController(Game(Ruleset(), 5), seats, InlineRunner(), Pace.INSTANT)
    first.update(0.01)
    first.submit_pass(list(first.view().cards()[:3]))
    while first.game.hand.tricks_played < 2 or first.active_human() != 0:
        if first.active_human() == 0 and first.view().phase is Phase.PLAYING:
            first.play(first.view().legal_cards()[0])
        first.update(0.05)
    resumed = TableController(Game.replay(Ruleset(), 5, first.game.actions), seats, InlineRunner(), Pace.INSTANT)
    assert resumed.can_undo() and resumed.undo()
    assert len(resumed.game.actions) < len(first.game.actions)


def test_no_pass_button_while_the_cards_are_dealt() -> None:
    table = Table()
    assert table.scene.motion.dealing is not None
    assert table.scene.buttons["pass"].rect.width == 0
    table.settle(1.5)
    assert table.scene.buttons["pass"].rect.width > 0


def test_the_hand_counter_names_the_hand_whose_summary_is_open() -> None:
    table = Table(pace=Pace.INSTANT)
    shown: list[object] = []
    table.scene.overlays.hand_scored = lambda table, event: shown.append(event)  # type: ignore[method-assign]
    for _ in range(60 * 120):
        if shown:
            break
        view = table.controller.view()
        if table.controller.active_human() == 0 and not table.scene.busy:
            if view.phase is Phase.PASSING and view.passed is None:
                table.controller.submit_pass(list(view.cards()[:3]))
            elif view.phase is Phase.PLAYING and view.my_turn:
                table.controller.play(view.legal_cards()[0])
        table.frame()
    assert shown and table.controller.view().hand_index == 1
    assert "Hand 1 · game to 100" in labels_drawn(table)


def test_you_is_a_pronoun_in_sentences() -> None:
    assert about("You", "You win!", "{name} wins!") == "You win!"
    assert about("Anna", "You win!", "{name} wins!") == "Anna wins!"


# ---------------------------------------------------------------------- received cards stay


def _received_shown(table: Table) -> tuple[str, frozenset[object]]:
    from hearts_desktop.ui.table_frame import table_frame

    frame = table_frame(table.scene)
    return frame.message, frozenset(placed.card for placed in frame.hand if placed.outline == theme.RECEIVED)


def _passed_and_received(pace: Pace) -> Table:
    table = Table(pace=pace)
    table.settle(1.5)
    table.controller.submit_pass(list(table.controller.view().cards()[:3]))
    for _ in range(60 * 10):
        table.frame()
        if table.controller.view().phase is Phase.PLAYING and not table.scene.motion.arriving:
            break
    return table


@pytest.mark.parametrize("pace", list(Pace))
def test_received_cards_stay_shown_until_the_player_plays_a_card(pace: Pace) -> None:
    """At Quick the "From …" line and the raised cards were gone in 1.5 to 3 s, replaced by
    "Your turn…": Microsoft Hearts keeps them until the player acts."""
    table = _passed_and_received(pace)
    for _ in range(60 * 30):  # the computers play up to the player's turn, however long it takes
        table.frame()
        if table.controller.view().my_turn and not table.scene.busy:
            break
    table.settle(5.0)
    message, raised = _received_shown(table)
    giver = table.controller.seats[3].name
    received = set(table.controller.game.hand.received[0])
    assert message.startswith(f"From {giver}:") and raised == received
    table.scene.choose_card(table.controller.view().legal_cards()[0])
    table.frame()
    message, raised = _received_shown(table)
    assert not message.startswith("From") and not raised


def test_ok_puts_the_received_cards_back_in_the_row_and_enter_presses_it() -> None:
    table = _passed_and_received(Pace.INSTANT)
    ok = table.scene.buttons["seen"]
    assert ok.enabled and ok.rect.width and ok.label == "OK"
    table.stack.handle(KeyPress(pygame.K_RETURN))
    table.frame()
    message, raised = _received_shown(table)
    assert not message.startswith("From") and not raised and not ok.enabled and not ok.rect.width
