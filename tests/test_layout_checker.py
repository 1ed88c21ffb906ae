"""The layout checker finds what a player would see as broken, and only that."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pygame
import pytest

from benchmarks.layout import PORTRAIT, SIZES, Element, overlaps, recent_games, see_through
from benchmarks.layout_check import check
from hearts_desktop.persistence import NewGameSetup
from hearts_desktop.ui import theme, window
from hearts_desktop.ui.app import windowed
from hearts_desktop.ui.new_game import SetupDraft
from hearts_desktop.ui.stats_scene import draw_chart, opponents_label

WINDOW = pygame.Rect(0, 0, 800, 600)


def text(label: str, x: int, y: int, w: int = 100, h: int = 16) -> Element:
    return Element("text", label, pygame.Rect(x, y, w, h), 0)


def control(label: str, x: int, y: int, w: int = 120, h: int = 36) -> Element:
    return Element("control", label, pygame.Rect(x, y, w, h), 0)


def card(label: str, x: int, y: int) -> Element:
    return Element("card", label, pygame.Rect(x, y, 70, 100), 0)


def test_texts_that_touch_a_name_and_a_hint_that_leaves_the_window_are_problems() -> None:
    found = overlaps([
        text("Pass 3 cards right to Clara →", 500, 300, 220),
        text("Clara (Medium)", 700, 305),
        text("Hint: a very long sentence", -40, 500, 900),
    ], WINDOW)
    assert found == [
        "text 'Hint: a very long sentence' leaves the window (-40,500 900x16)",
        "text 'Pass 3 cards right to Clara →' overlaps text 'Clara (Medium)'",
    ]


def test_a_button_on_a_sentence_a_card_on_a_score_and_two_buttons_are_problems() -> None:
    found = overlaps([
        text("Your turn: click a card", 300, 400, 300),
        control("Finish hand", 380, 390),
        card("Q♠", 350, 470),
        text("You 0 pts", 360, 480),
        control("Undo", 100, 100),
        control("Hint", 150, 120),
    ], WINDOW)
    assert len(found) == 3
    assert "text 'Your turn: click a card' overlaps control 'Finish hand'" in found
    assert "card 'Q♠' overlaps text 'You 0 pts'" in found
    assert "control 'Undo' overlaps control 'Hint'" in found


def test_a_buttons_own_label_a_card_in_its_slot_and_a_fanned_hand_are_fine() -> None:
    assert overlaps([
        control("Pass", 100, 100),
        text("Pass", 130, 110, 40),
        control("pass slot", 300, 300, 74, 104),
        card("2♣", 302, 302),
        card("3♣", 500, 302),
        card("4♣", 520, 302),
    ], WINDOW) == []


def test_a_panel_the_table_shows_through_is_found_and_an_opaque_one_is_not() -> None:
    pygame.display.init()
    size = (200, 100)
    panel = pygame.Rect(40, 20, 120, 60)

    def table(surface: pygame.Surface) -> None:
        surface.fill((20, 120, 40))
        pygame.draw.circle(surface, (255, 255, 255), (100, 50), 30)

    def panel_of(alpha: int) -> Callable[[pygame.Surface], None]:
        def draw(surface: pygame.Surface) -> None:
            box = pygame.Surface(panel.size, pygame.SRCALPHA)
            box.fill((10, 30, 20, alpha))
            surface.blit(box, panel.topleft)
        return draw

    assert see_through(table, panel_of(250), panel, size) > 1000  # faint, yet the circle shows
    assert see_through(table, panel_of(255), panel, size) == 0


@pytest.mark.parametrize("size", [*SIZES, PORTRAIT], ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_screen_is_clean_at_every_size(size: tuple[int, int]) -> None:
    """The bar is zero: no text or control off the window or on another, no see-through panel."""
    report = check(sizes=[size])
    assert report.screens >= 59
    assert [str(problem) for problem in report.problems] == []


def test_the_window_cannot_be_made_smaller_than_the_table_needs() -> None:
    pygame.display.init()
    surface = windowed((600, 400))
    assert surface.get_size() == (800, 600)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == window.SMALLEST == (800, 600)


def test_a_long_message_wraps_and_a_long_name_ends_in_an_ellipsis() -> None:
    pygame.font.init()
    hint = "Hint: Pass the ace of hearts, the king of clubs and the queen of clubs: high hearts win tricks"
    lines = theme.wrap(hint, 14, 300, most=2)
    assert len(lines) == 2 and lines[1].endswith("…")
    assert all(theme.font(14).size(line)[0] <= 300 for line in lines)
    assert " ".join(theme.wrap(hint, 14, 300)) == hint
    name = theme.fitted("Wolfgang Amadeus Wölfflin the Third", 14, 120)
    assert name.endswith("…") and theme.font(14).size(name)[0] <= 120
    assert theme.fitted("Ann", 14, 120) == "Ann"


def test_statistics_write_levels_as_the_game_does() -> None:
    assert opponents_label("1x human + 1x easy + 1x hard") == "1x Human + 1x Easy + 1x Hard"
    assert opponents_label("3x expert") == "3x Expert"


def test_the_chart_of_one_game_is_one_slim_bar() -> None:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((800, 400))
    draw_chart(surface, pygame.Rect(0, 0, 800, 400), recent_games(1)[:1], 14)
    bar = pygame.mask.from_threshold(surface, theme.GOLD, (2, 2, 2, 255)).get_bounding_rects()
    assert bar and max(rect.width for rect in bar) <= 28


# ---------------------------------------------------------------------- names


def test_a_hebrew_name_is_shaped_right_to_left_and_a_latin_one_is_not() -> None:
    """Right-to-left names were drawn with their letters reversed."""
    pygame.font.init()
    name = "שלום"
    assert theme.direction_of(name) == pygame.DIRECTION_RTL
    assert theme.direction_of("Anna") == theme.direction_of("(2) Anna") == pygame.DIRECTION_LTR
    left_to_right = theme.font(20).render(name, True, theme.INK)
    drawn = theme.text(name, 20)
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(left_to_right, "RGBA")
    assert pygame.image.tobytes(theme.text("Anna", 20), "RGBA") == pygame.image.tobytes(
        theme.font(20).render("Anna", True, theme.INK), "RGBA")


def test_a_hebrew_name_inside_a_sentence_is_shaped_right_to_left_in_its_place() -> None:
    """A line mixing directions was drawn in the direction of its first letter, so a Hebrew
    name in an English sentence came out with its letters reversed."""
    pygame.font.init()
    ltr, rtl = pygame.DIRECTION_LTR, pygame.DIRECTION_RTL
    assert theme.visual_runs("Pass 3 cards to שרה →") == [("Pass 3 cards to ", ltr), ("שרה", rtl), (" →", ltr)]
    assert theme.visual_runs("שרה כהן 12") == [("12", ltr), ("שרה כהן ", rtl)]  # drawn from the right
    assert theme.visual_runs("Anna (2)") == [("Anna (2)", ltr)]
    line = theme.text("to שרה!", 20)
    before, name, after = (theme.text(part, 20) for part in ("to ", "שרה", "!"))
    assert line.get_width() == before.get_width() + name.get_width() + after.get_width()
    drawn_name = line.subsurface(pygame.Rect(before.get_width(), 0, name.get_width(), name.get_height()))
    assert pygame.image.tobytes(drawn_name, "RGBA") == pygame.image.tobytes(name, "RGBA")
    assert pygame.image.tobytes(name, "RGBA") != pygame.image.tobytes(theme.font(20).render("שרה", True, theme.INK), "RGBA")


def test_a_name_the_font_cannot_draw_is_refused_with_a_sentence() -> None:
    """Glyphs missing from the font showed as boxes."""
    pygame.font.init()
    assert theme.missing_glyphs("Anna ♥ Ölçü") == ""
    assert theme.missing_glyphs("王小明") == "王小明"
    draft = SetupDraft(NewGameSetup())
    draft.seats[0].name = "王小明"
    problem = draft.problem()
    assert problem == ("The game's font cannot draw the cjk unified ideograph-738b, the cjk unified ideograph-5c0f "
                       "and 1 more in the name of player 1: use other letters for that name.")
    assert theme.missing_glyphs(problem) == ""  # the refusal itself draws no boxes
