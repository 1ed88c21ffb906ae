"""The layout check run: every screen of ``layout_screens`` at every size, inspected by ``layout``.

``python -m benchmarks layout [--json] [--sheets DIR]`` (see ``layout`` for what counts as a
problem; at each size, Large cards making the hand less than ``LARGER_HAND`` taller is one too). Kept apart from both so that the screens can use the inspector without the
inspector knowing the screens (no import circle).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from hearts_desktop.ui import theme, window
from hearts_desktop.ui.layout import TableLayout

from . import layout_screens as s
from .layout import PORTRAIT, SIZES, Problem, Screen, contact_sheet, inspect

LARGER_HAND = 1.15
"""Large cards must make the hand at least this much taller at every size, or the switch
looks broken (issue 46: 2.6% at 1280x800)."""
PLAYERS = (3, 4, 5)


@dataclass
class Report:
    screens: int = 0
    sizes: int = 0
    problems: list[Problem] = field(default_factory=list)
    sheets: list[Path] = field(default_factory=list)

    def summary(self) -> dict[str, int]:
        return {"screens": self.screens, "sizes": self.sizes, "problems": len(self.problems)}


def screens() -> list[Screen]:
    """Every screen and overlay a player can reach, in states worth checking."""
    return s.all_screens()


def large_card_problems(size: tuple[int, int]) -> list[str]:
    """Where Large cards do not make the hand ``LARGER_HAND`` taller at this window size."""
    problems = []
    for players in PLAYERS:
        normal, large = (TableLayout.compute(size, players, 0, large).hand_h for large in (False, True))
        if large < LARGER_HAND * normal:
            problems.append(f"large cards make the hand only {large / normal - 1:.1%} taller with {players} players")
    return problems


def check(sizes: Sequence[tuple[int, int]] = (*SIZES, PORTRAIT), sheets: Path | None = None,
          only: Callable[[str], bool] = lambda name: True) -> Report:
    """Draw every screen at every size; the problems found, and the contact sheets if asked."""
    report = Report(sizes=len(sizes))
    chosen = [screen for screen in screens() if only(screen.name)]
    report.screens = len(chosen)
    with tempfile.TemporaryDirectory(prefix="hearts-layout-") as folder, s.stage(Path(folder)) as stage:
        for asked in sizes:
            size = window.laid_out(asked)
            report.problems += [Problem("table", asked, what) for what in large_card_problems(size)]
            pictures: list[tuple[str, pygame.Surface]] = []
            for screen in chosen:
                stage.show(screen, size)
                problems, picture = inspect(stage.app.stack.scenes, size, stage.inspector)
                report.problems += [Problem(screen.name, asked, what) for what in problems]
                pictures.append((screen.name, picture))
            if sheets is not None:
                report.sheets.append(contact_sheet(pictures, sheets / f"layout-{asked[0]}x{asked[1]}.png", asked))
        theme.clear_caches()
    return report


def run(as_json: bool, sheets: Path | None, only: str = "") -> int:
    report = check(sheets=sheets, only=lambda name: only in name)
    for problem in report.problems:
        print(problem)
    for sheet in report.sheets:
        print(f"contact sheet: {sheet}")
    if as_json:
        print(json.dumps(report.summary()))
    else:
        print(f"{report.screens} screens at {report.sizes} sizes: {len(report.problems)} problems")
    return 1 if report.problems else 0
