"""The one focus model (ui/focus.py) and each kind of screen that uses it: an overlay,
a dialog, and the table."""

# ruff: noqa: F811  # the tests take the imported ``driver`` fixture as their argument

from __future__ import annotations

import pygame

from hearts_desktop.engine import PassAction
from hearts_desktop.ui.focus import FocusRing
from hearts_desktop.ui.form import Choice
from hearts_desktop.ui.intents import PointerDown, PointerUp
from hearts_desktop.ui.overlays import ScoreHistoryScene
from hearts_desktop.ui.settings_scene import SettingsScene

from .app_driver import Driver
from .test_keyboard import driver  # noqa: F401  # the keyboard tests' app (seed 21), as a fixture


class Ring:
    """A ring over a list the test changes, with a default it sets."""

    def __init__(self, *targets: str) -> None:
        self.targets = list(targets)
        self.default: str | None = None
        self.ring = FocusRing(lambda: self.targets, lambda: self.default)


def test_moving_from_nothing_starts_just_outside_the_far_end() -> None:
    forward, backward = Ring("a", "b", "c"), Ring("a", "b", "c")
    assert forward.ring.move(1) == "a"
    assert backward.ring.move(-1) == "c"


def test_home_and_end_go_to_their_ends_on_the_first_press() -> None:
    home, end = Ring("a", "b", "c"), Ring("a", "b", "c")
    assert home.ring.move(-100, wrap=False) == "a"
    assert end.ring.move(100, wrap=False) == "c"


def test_moving_wraps_round_the_ring_or_stops_at_its_ends() -> None:
    ring = Ring("a", "b", "c")
    ring.ring.set("c")
    assert ring.ring.move(1) == "a"
    ring.ring.set("c")
    assert ring.ring.move(1, wrap=False) == "c"


def test_moving_within_a_part_of_the_ring_stays_in_it() -> None:
    ring = Ring("a", "b", "x", "y")
    ring.ring.set("b")
    assert ring.ring.move(1, among=["a", "b"], wrap=False) == "b"
    assert ring.ring.move(1, among=["b", "x"]) == "x"


def test_a_target_that_left_the_ring_is_no_longer_focused() -> None:
    ring = Ring("a", "b", "c")
    ring.ring.set("b")
    ring.targets.remove("b")
    assert ring.ring.current is None
    ring.targets.append("b")
    assert ring.ring.current is None  # dropped for good, not revived when it comes back


def test_only_a_current_target_can_take_the_focus() -> None:
    ring = Ring("a", "b")
    ring.ring.set("z")
    assert ring.ring.current is None


def test_a_click_moves_the_focus_to_what_it_hit_or_clears_it() -> None:
    ring = Ring("a", "b")
    ring.ring.set("a")
    ring.ring.pointer("b")
    assert ring.ring.current == "b"
    ring.ring.pointer(None)
    assert ring.ring.current is None


def test_enter_acts_on_the_default_before_the_focus() -> None:
    ring = Ring("card", "pass")
    ring.ring.set("card")
    assert ring.ring.enter_target() == "card"
    ring.default = "pass"
    assert ring.ring.enter_target() == "pass"


def scores(driver: Driver) -> ScoreHistoryScene:
    driver.new_game()
    driver.keys(pygame.K_s)
    overlay = driver.top
    assert isinstance(overlay, ScoreHistoryScene)
    return overlay


def test_an_overlay_highlights_what_enter_presses(driver: Driver) -> None:
    overlay = scores(driver)
    close = overlay.buttons[0]
    assert overlay.focused is None and close.focused  # nothing focused: Close is the default
    driver.keys(pygame.K_RETURN)
    assert overlay.stack is None


def test_a_click_beside_an_overlays_buttons_clears_the_focus_the_keys_gave(driver: Driver) -> None:
    overlay = scores(driver)
    driver.keys(pygame.K_TAB)
    assert overlay.focused is overlay.buttons[0]
    driver.frame(PointerDown((2, 2)))
    assert overlay.focused is None


def test_a_button_turned_off_loses_the_focus_of_an_overlay(driver: Driver) -> None:
    overlay = scores(driver)
    overlay.buttons.append(extra := type(overlay.buttons[0])("Extra", lambda: None))
    overlay.set_focus(extra)
    extra.enabled = False
    assert overlay.focused is None
    assert overlay.focus.enter_target() is overlay.buttons[0]


def settings(driver: Driver) -> SettingsScene:
    driver.app.open_settings()
    dialog = driver.top
    assert isinstance(dialog, SettingsScene)
    driver.frame()
    return dialog


def test_a_click_on_a_dialogs_choice_moves_the_focus_there(driver: Driver) -> None:
    dialog = settings(driver)
    assert dialog.focused is dialog.controls[0]
    target = dialog.controls[3]
    assert isinstance(target, Choice)
    driver.frame(PointerDown(target.rect.midleft))
    assert dialog.focused is target
    driver.keys(pygame.K_DOWN)
    assert dialog.focused is dialog.controls[4]


def test_a_click_on_nothing_in_a_dialog_leaves_enter_nothing_to_do(driver: Driver) -> None:
    dialog = settings(driver)
    pace = dialog.controls[0]
    assert isinstance(pace, Choice)
    driver.frame(PointerDown((2, 2)))
    assert dialog.focused is None
    before = pace.get()
    driver.keys(pygame.K_RETURN)
    assert pace.get() == before and dialog.stack is not None


def test_a_dialogs_control_turned_off_gives_up_the_focus(driver: Driver) -> None:
    dialog = settings(driver)
    faces = dialog.controls[1]
    dialog.set_focus(faces)
    assert dialog.focused is faces
    faces.enabled = False
    assert dialog.focused is None


def click_card(driver: Driver, index: int) -> None:
    table = driver.table
    rect = list(table.hand_rects.values())[index]
    point = (rect.left + 6, rect.centery)  # the visible edge of a fanned card
    driver.frame(PointerDown(point), PointerUp(point))


def test_the_table_highlights_pass_once_three_cards_are_chosen_and_enter_sends_them(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    for _ in range(3):
        click_card(driver, 0)
    driver.keys(pygame.K_RIGHT)  # a card has the focus, but Pass is the screen's default
    assert table.keyboard.focused_card() is not None
    assert table.buttons["pass"].focused
    driver.keys(pygame.K_RETURN)
    assert any(isinstance(a, PassAction) and a.seat == 0 for a in driver.controller.game.actions)


def test_a_table_button_chosen_with_tab_takes_enter_before_the_default(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    for _ in range(3):
        click_card(driver, 0)
    for _ in range(10):
        if table.keyboard.focus.current == "scores":
            break
        driver.keys(pygame.K_TAB)
    assert table.buttons["scores"].focused and not table.buttons["pass"].focused
    driver.keys(pygame.K_RETURN)
    assert isinstance(driver.top, ScoreHistoryScene)
    assert not any(isinstance(a, PassAction) and a.seat == 0 for a in driver.controller.game.actions)


def test_a_focus_on_a_place_the_hand_no_longer_has_takes_no_key(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    driver.keys(pygame.K_END, pygame.K_SPACE)  # the last card goes into the slots
    assert len(table.pass_slots) == 1 and table.keyboard.index is None
    driver.keys(pygame.K_SPACE)
    assert len(table.pass_slots) == 1


def test_a_click_on_the_table_clears_the_focus_the_arrows_gave(driver: Driver) -> None:
    driver.new_game()
    table = driver.table
    driver.keys(pygame.K_RIGHT)
    assert table.keyboard.index == 0
    driver.frame(PointerDown((2, 2)), PointerUp((2, 2)))
    assert table.keyboard.index is None and table.keyboard.button is None
