"""What the table tells a player between moves: the focus the keys use, who won the trick,
how many tricks each seat has, who passed the cards, and a moment to look at them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hearts_desktop.bench.layout import Inspector, RecordingSurface, inspected
from hearts_desktop.engine import Event, Game, HandDealt, PassAction, Phase, PlayAction, Ruleset
from hearts_desktop.ui import theme
from hearts_desktop.ui.intents import PointerDown, PointerUp
from hearts_desktop.ui.new_game import PACE_CHOICES
from hearts_desktop.words import Pace

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
    table = driver.app.table
    driver.keys(key)
    assert table.keyboard.focused_card(table) == list(table.hand_rects)[place]


def test_enter_passes_three_cards_chosen_with_the_mouse_after_an_arrow_key(driver: Driver) -> None:
    """→ once, three cards clicked into the slots, Enter: it tried to add the focused card
    ("You pass exactly 3 cards: take one back first.") instead of passing."""
    driver.new_game()
    table = driver.app.table
    driver.keys(pygame.K_RIGHT)
    for card in list(table.hand_rects)[-3:]:
        rect = table.hand_rects[card]
        point = (rect.left + 6, rect.centery)  # the visible edge of a fanned card
        driver.frame(PointerDown(point), PointerUp(point))
    assert len(table.pass_slots) == 3
    driver.keys(pygame.K_RETURN)
    assert any(isinstance(a, PassAction) and a.seat == 0 for a in driver.app.controller.game.actions)
    assert "exactly" not in (table.message or ("", 0))[0]


def test_a_new_hand_starts_without_a_focus(driver: Driver) -> None:
    driver.new_game()
    table = driver.app.table
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
        if table.scene.trick_winner is not None and len(table.scene.trick) == 4:
            break
        if table.controller.active_human() == 0:
            view = table.controller.view()
            if view.phase is Phase.PASSING and view.passed is None:
                table.controller.submit_pass(list(view.cards()[:3]))
            elif view.phase is Phase.PLAYING and view.my_turn and not table.scene.busy:
                table.controller.play(view.legal_cards()[0])
        table.frame()
    winner = table.scene.trick_winner
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
    assert (table.scene.message or ("", 0))[0].startswith(f"From {giver}:")
    assert not any(isinstance(a, PlayAction) for a in table.controller.game.actions), "the computers wait"
    table.settle(1.5)
    assert any(isinstance(a, PlayAction) for a in table.controller.game.actions)


def test_instant_is_offered_and_the_fastest_pace_is_last() -> None:
    assert [value for value, _ in PACE_CHOICES] == ["relaxed", "friendly", "quick", "instant"]
    assert Pace.QUICK.timing.received_hold >= 1.0 and Pace.INSTANT.timing.received_hold == 0
