"""Twenty-character names stay in their place on every screen that names the players: the
pass title beside the side seats' names, the hand summary and the score table."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from benchmarks.app_state import table_of
from benchmarks.layout import Screen, inspect
from benchmarks.layout_screens import HOT_SEAT_LONG_NAMES, Stage, advanced, passing, stage
from hearts_desktop.engine import Ruleset
from hearts_desktop.persistence import Seat
from hearts_desktop.ui import window
from hearts_desktop.ui.overlays import HandScoreScene
from hearts_desktop.words import Level, SeatKind

LONG = ("WWWWWWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMMMMMMM", "Bartholomew Mmmmmmmm")
SEATS = (Seat("דנה", SeatKind.HUMAN),) + tuple(Seat(name, SeatKind.COMPUTER, Level.MEDIUM) for name in LONG)
SIZES = [(800, 600), (1280, 800), (800, 1000)]


@pytest.fixture(scope="module")
def app_stage() -> Iterator[Stage]:
    with tempfile.TemporaryDirectory(prefix="hearts-names-") as folder, stage(Path(folder)) as built:
        yield built


def problems(built: Stage, size: tuple[int, int], build: Callable[[Stage], None]) -> list[str]:
    laid_out = window.laid_out(size)
    built.show(Screen("long names", build), laid_out)
    found, _ = inspect(built.app.stack.scenes, laid_out, built.inspector)
    return found


def pass_toward(hand: int) -> Callable[[Stage], None]:
    def build(built: Stage) -> None:
        built.table(advanced(Ruleset(), passing(hand)), SEATS)
    return build


def hand_summary(built: Stage) -> None:
    built.table(advanced(Ruleset(), lambda g: len(g.hand.trick) == 0 and len(g.hand.tricks) == 12), SEATS)
    built.play_until(lambda: isinstance(built.app.stack.top, HandScoreScene))


def scores(built: Stage) -> None:
    hand_summary(built)
    table_of(built.app).overlays.scores(table_of(built.app))


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("build", [pass_toward(0), pass_toward(1), hand_summary, scores],
                         ids=["pass left", "pass right", "hand summary", "scores"])
def test_long_names_overlap_nothing(app_stage: Stage, size: tuple[int, int], build: Callable[[Stage], None]) -> None:
    assert problems(app_stage, size, build) == []


def hot_seat_summary(built: Stage) -> None:
    """Two people with 20-character names: a review button each, naming them."""
    built.table(advanced(Ruleset(), lambda g: len(g.hand.trick) == 0 and len(g.hand.tricks) == 12),
                HOT_SEAT_LONG_NAMES)
    built.play_until(lambda: isinstance(built.app.stack.top, HandScoreScene))


@pytest.mark.parametrize("size", [(800, 600), (1024, 768)], ids=lambda size: f"{size[0]}x{size[1]}")
def test_two_long_names_review_buttons_stay_in_the_hot_seat_summary(app_stage: Stage, size: tuple[int, int]) -> None:
    assert problems(app_stage, size, hot_seat_summary) == []
    summary = app_stage.app.stack.top
    assert isinstance(summary, HandScoreScene)
    assert [b.label for b in summary.buttons if b.label.startswith("Review")] == [
        f"Review: {seat.name}" for seat in HOT_SEAT_LONG_NAMES[:2]]
