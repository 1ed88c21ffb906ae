"""The layout check run: every screen of ``layout_screens`` at every size, inspected by ``layout``.

``python -m benchmarks layout [--json] [--sheets DIR]`` (see ``layout`` for what counts as a
problem). Kept apart from both so that the screens can use the inspector without the
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

from . import layout_screens as s
from .layout import PORTRAIT, SIZES, Problem, Screen, contact_sheet, inspect


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


def check(sizes: Sequence[tuple[int, int]] = (*SIZES, PORTRAIT), sheets: Path | None = None,
          only: Callable[[str], bool] = lambda name: True) -> Report:
    """Draw every screen at every size; the problems found, and the contact sheets if asked."""
    report = Report(sizes=len(sizes))
    chosen = [screen for screen in screens() if only(screen.name)]
    report.screens = len(chosen)
    with tempfile.TemporaryDirectory(prefix="hearts-layout-") as folder, s.stage(Path(folder)) as stage:
        for asked in sizes:
            size = window.laid_out(asked)
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
