"""Hit rectangles are computed for each window size before anything is drawn: a click
right after a resize hits the control the coming frame shows, and drawing moves nothing."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from benchmarks.app_state import table_of
from hearts_desktop.engine import preset_by_key
from hearts_desktop.persistence import NewGameSetup, Seat
from hearts_desktop.ui.form import Choice, FormScene
from hearts_desktop.ui.intents import PointerDown
from hearts_desktop.ui.overlays import Overlay, ScoreHistoryScene
from hearts_desktop.ui.settings_scene import SettingsScene
from hearts_desktop.ui.widgets import Focusable
from hearts_desktop.words import SeatKind

from .app_driver import Driver
from .test_keyboard import driver  # noqa: F401  # the keyboard tests' app (seed 21), as a fixture
from .test_review_screen import open_review

# ruff: noqa: F811  # the tests take the imported ``driver`` fixture as their argument

SIZES = ((1024, 768), (1920, 1080))


def openers(driver: Driver) -> dict[str, Callable[[], None]]:
    """Every kind of dialog and overlay, opened above a game of five."""
    five = NewGameSetup.of(tuple(Seat(n, SeatKind.COMPUTER) for n in "ABCDE"), preset_by_key("five-players").rules)
    driver.app.apply_settings(driver.app.settings.replace(new_game=five))
    driver.new_game()
    app = driver.app
    return {"new game": app.open_new_game, "settings": app.open_settings, "statistics": app.open_statistics,
            "rules": app.open_rules, "difficulty": app.open_difficulty,
            "menu": lambda: table_of(app).overlays.menu(table_of(app)), "main menu": app.show_main_menu,
            "scores": lambda: driver.keys(pygame.K_s)}


def rects(scene: Overlay) -> list[pygame.Rect]:
    return [pygame.Rect(target.rect) for target in scene.focus_order()]


def clicked(scene: Overlay, target: Focusable) -> Focusable | None:
    """What a click at the middle of ``target`` lands on."""
    return next((t for t in scene.focus_order() if t.hit(target.rect.center)), None)


@pytest.mark.parametrize("screen", ["new game", "settings", "statistics", "rules", "difficulty", "menu",
                                    "main menu", "scores"])
def test_after_a_resize_each_control_is_hit_where_it_will_be_drawn(driver: Driver, screen: str) -> None:
    openers(driver)[screen]()
    scene = driver.top
    assert isinstance(scene, Overlay)
    for size in SIZES:
        before = rects(scene)
        scene.resize(size)
        placed = rects(scene)
        assert placed and placed != before, "the resize placed the controls for the new size"
        window = pygame.Rect((0, 0), size)
        for target in scene.focus_order():
            assert window.contains(target.rect) and target.rect.width and target.rect.height
            assert clicked(scene, target) is target
        scene.draw(pygame.Surface(size))
        assert rects(scene) == placed, "drawing moved a control"


def test_a_click_on_a_dialog_right_after_a_resize_changes_the_setting_under_it(driver: Driver) -> None:
    driver.app.open_settings()
    dialog = driver.top
    assert isinstance(dialog, SettingsScene)
    large = next(c for c in dialog.controls if isinstance(c, Choice) and c.label == "Large cards")
    was = large.get()
    dialog.resize((1920, 1080))  # no frame drawn at this size yet
    box = large.value_rect()
    driver.app.stack.handle(PointerDown((box.right - 4, box.centery)))
    assert large.get() != was


def test_a_click_on_an_overlay_right_after_a_resize_presses_its_button(driver: Driver) -> None:
    driver.new_game()
    driver.keys(pygame.K_s)
    overlay = driver.top
    assert isinstance(overlay, ScoreHistoryScene)
    old_close = pygame.Rect(overlay.buttons[0].rect)
    overlay.resize((1920, 1080))
    assert overlay.buttons[0].rect != old_close
    driver.app.stack.handle(PointerDown(overlay.buttons[0].rect.center))
    assert overlay.stack is None


def test_a_form_places_its_controls_when_it_opens(driver: Driver) -> None:
    driver.app.open_new_game()
    dialog = driver.top
    assert isinstance(dialog, FormScene)
    assert all(target.rect.width for target in dialog.focus_order())


def test_a_click_on_the_review_right_after_a_resize_presses_the_button_under_it(driver: Driver) -> None:
    review = open_review(driver)
    driver.play_through(lambda: len(review.reviewer.steps) > 1)
    old_forward = pygame.Rect(review.forward.rect)
    review.resize((1920, 1080))
    assert review.forward.rect != old_forward and review.forward.enabled
    driver.app.stack.handle(PointerDown(review.forward.rect.center))
    assert review.step == 1
    placed = pygame.Rect(review.forward.rect)
    review.draw(pygame.Surface((1920, 1080)))
    assert review.forward.rect == placed
