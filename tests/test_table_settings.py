"""Settings reach the table at once (issue 46): the deck, large cards and the pace apply to
the game on the table without a restart, and Large cards are large at every size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.layout import PORTRAIT, SIZES
from benchmarks.layout_check import large_card_problems
from hearts_desktop.engine import Card, PlayAction
from hearts_desktop.engine.cards import Suit
from hearts_desktop.ui import window
from hearts_desktop.ui.intents import PointerDown, PointerUp
from hearts_desktop.ui.layout import TableLayout
from hearts_desktop.ui.pass_selection import sort_for_display
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.words import Pace

from .app_driver import Driver

LARGER = 1.15
"""Large cards make the hand at least this much taller, whatever the window."""


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path, seed=21)
    yield d
    d.close()


def _hand_height(size: tuple[int, int], players: int, large: bool) -> int:
    return TableLayout.compute(window.laid_out(size), players, 0, large).hand_rects(13)[0].height


@pytest.mark.parametrize("size", [*SIZES, PORTRAIT, (1366, 768), (3840, 2160), (1600, 600)])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_large_cards_make_the_hand_at_least_15_percent_taller_at_every_size(size: tuple[int, int],
                                                                           players: int) -> None:
    """Large cards grew the hand by 2.6% at 1280x800, the most common laptop size."""
    assert _hand_height(size, players, True) >= LARGER * _hand_height(size, players, False)


def test_the_layout_checker_measures_large_cards_at_every_size() -> None:
    assert large_card_problems((800, 600)) == []


def _screen(driver: Driver) -> bytes:
    driver.frame()
    surface = pygame.display.get_surface()
    assert surface is not None
    return pygame.image.tobytes(surface, "RGB")


def test_the_four_colour_deck_is_on_the_table_at_once(driver: Driver) -> None:
    """The Settings preview and settings.json changed, the table did not until a restart."""
    driver.new_game()
    driver.app.stack.update(0.0)
    two_colours = _screen(driver)
    driver.app.apply_settings(driver.app.settings.replace(deck="4color"))
    four_colours = _screen(driver)
    assert four_colours != two_colours
    driver.app.apply_settings(driver.app.settings.replace(deck="2color"))
    assert _screen(driver) == two_colours


def test_large_cards_and_the_pace_apply_to_the_table_at_once(driver: Driver) -> None:
    driver.new_game()
    height = driver.table.hand[0].rect.height
    driver.app.apply_settings(driver.app.settings.replace(large_cards=True, pace=Pace.RELAXED))
    driver.frame()
    assert driver.table.hand[0].rect.height >= LARGER * height
    assert driver.controller.pace is Pace.RELAXED


# ---------------------------------------------------------------------- sorting, lone cards, double-click

SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}


def test_the_hand_is_sorted_as_the_settings_say(driver: Driver) -> None:
    driver.new_game()
    driver.app.apply_settings(driver.app.settings.replace(hand_sort="suits", high_first=True))
    driver.frame()
    row = list(driver.table.hand_rects)
    assert row == sorted(row, key=lambda c: (SUIT_ORDER[c.suit], -c.rank))
    driver.app.apply_settings(driver.app.settings.replace(hand_sort="alternating", high_first=False))
    driver.frame()
    assert list(driver.table.hand_rects) == sort_for_display(row)


def _my_plays(driver: Driver) -> list[PlayAction]:
    return [a for a in driver.controller.game.actions if isinstance(a, PlayAction) and a.seat == 0]


def test_a_lone_legal_card_is_played_for_the_player_only_when_asked(driver: Driver) -> None:
    """Off by default: the player plays even a forced card. On: the table plays it."""
    driver.new_game()
    driver.play_through(lambda: driver.human_to_act() and len(driver.controller.view().legal_cards()) == 1
                        and driver.table.passing.note is None)
    forced = driver.controller.view().legal_cards()[0]
    for _ in range(5):
        driver.frame()
    assert forced not in [a.card for a in _my_plays(driver)], "off by default"
    driver.app.apply_settings(driver.app.settings.replace(auto_play_single=True))
    for _ in range(60):
        driver.frame()
        if forced in [a.card for a in _my_plays(driver)]:
            break
    assert forced in [a.card for a in _my_plays(driver)]


def _winning_last_card(driver: Driver) -> Card | None:
    """A legal card that wins the trick as its last card, if the player holds one."""
    view = driver.controller.view()
    if len(view.trick) != driver.controller.rules.players - 1:
        return None
    lead = view.trick[0].suit
    top = max(card.rank for card in view.trick if card.suit is lead)
    return next((c for c in view.legal_cards() if c.suit is lead and c.rank > top), None)


def test_a_double_click_on_a_card_plays_it_once_even_when_the_next_lead_is_at_once(driver: Driver) -> None:
    """At Instant the trick goes at once and the player, who won it, leads again: the second
    click of a double-click played the card that had slid under the pointer."""
    driver.new_game()
    driver.play_through(lambda: driver.human_to_act() and _winning_last_card(driver) is not None
                        and driver.table.passing.note is None)
    card = _winning_last_card(driver)
    assert card is not None
    rect = driver.table.hand_rects[card]
    point = (rect.left + 4, rect.centery)
    before = len(_my_plays(driver))
    driver.frame(PointerDown(point), PointerUp(point))
    for _ in range(3):
        driver.frame()
    assert driver.controller.view().my_turn, "the player leads the next trick at once"
    driver.frame(PointerDown(point), PointerUp(point))
    driver.frame()
    assert [a.card for a in _my_plays(driver)[before:]] == [card]


def test_a_card_played_for_the_player_leaves_the_hand_drawn_next(driver: Driver) -> None:
    """``bench fuzz --seed 1`` at event 4,184 and ``--seed 4242`` at 10,776: the lone card was
    played after the hand had been placed, so the next frame drew it (or, at a hot-seat table,
    the last person's cards under the next person's cover)."""
    driver.new_game()
    driver.app.apply_settings(driver.app.settings.replace(auto_play_single=True))
    played: list[Card] = []

    def checked() -> bool:
        view = driver.controller.view()
        if isinstance(driver.top, TableScene):
            assert all(view.hand >> card & 1 for card in driver.table.hand_rects)
        played[:] = [a.card for a in _my_plays(driver)]
        return len(played) >= 13

    driver.play_through(checked)
