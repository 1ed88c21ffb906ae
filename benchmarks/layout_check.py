"""The layout check run: every screen of ``layout_screens`` at every size, inspected by ``layout``.

``python -m benchmarks layout [--json] [--sheets DIR] [--languages en,de,he,pseudo,pseudo-rtl|all]``
(see ``layout`` for what counts as a problem; at each size, Large cards making the hand less
than ``LARGER_HAND`` taller is one too). Each language given is spoken in turn (its catalogue
from assets/locale; ``pseudo`` is ``benchmarks/pseudo.py``'s, ``pseudo-rtl`` the same read right
to left); in a pseudo-language, a text that still holds plain English words did not come
through the catalogue, and is a problem too. A screen the language can change under (the
table: Settings opens over it) is opened in English in a pseudo run and the language changed
over it, so a word it said once and kept is found. Kept apart from both so that the screens can use
the inspector without the inspector knowing the screens (no import circle).
"""

from __future__ import annotations

import gettext
import json
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from hearts_desktop import __version__, language
from hearts_desktop.persistence import languages
from hearts_desktop.persistence.seats import DEFAULT_NAMES, MAX_NAME_LENGTH
from hearts_desktop.ui import theme, window
from hearts_desktop.ui.layout import TableLayout

from . import layout_screens as s
from .layout import PORTRAIT, SIZES, Problem, Screen, contact_sheet, inspect
from .pseudo import CODE as PSEUDO
from .pseudo import MIRRORED_CODE, speak_pseudo, untranslated_words

MIRRORED_PSEUDO = "pseudo-rtl"
"""The pseudo-language read right to left: the mirrored screens, before a Hebrew catalogue exists."""
PSEUDO_CODES = {PSEUDO: PSEUDO, MIRRORED_PSEUDO: MIRRORED_CODE}
ALL_LANGUAGES = (*language.SHIPPED, PSEUDO, MIRRORED_PSEUDO)
NAMES_ON_SCREEN = frozenset({*(seat.name for seat in (*s.FOUR, *s.HOT_SEAT)), *s.WIDE_NAMES, *s.FRIENDS_PLAYING,
                             "W" * MAX_NAME_LENGTH, s.MIXED_NAME, __version__} - set(DEFAULT_NAMES))
"""What the screens show untranslated in every language: the names players typed (not those
the game gave, which are said in the language), the version."""

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
    languages: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        by_language = {code: sum(p.language == code for p in self.problems) for code in self.languages}
        return {"screens": self.screens, "sizes": self.sizes, "languages": len(self.languages),
                "problems": len(self.problems), "problems_by_language": by_language}


def speak(code: str) -> list[str]:
    """Speak ``code`` (a shipped language, or the pseudo-language); why it cannot, if so."""
    if code in PSEUDO_CODES:
        speak_pseudo(PSEUDO_CODES[code])
        return []
    if code not in language.SHIPPED:
        return [f"{code!r} is not a language the game ships ({', '.join(ALL_LANGUAGES)})"]
    return languages.apply(code)


def untranslated(texts: Sequence[str]) -> list[str]:
    """The texts of one screen holding English words in the pseudo-language, one problem each."""
    return [f"text {text[:60]!r} did not come through the catalogue ({', '.join(words[:4])})"
            for text in dict.fromkeys(texts) if (words := untranslated_words(text, NAMES_ON_SCREEN))]


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
          only: Callable[[str], bool] = lambda name: True,
          codes: Sequence[str] = (language.ENGLISH,)) -> Report:
    """Draw every screen at every size in every language; the problems found, and the
    contact sheets if asked (one per size and language)."""
    report = Report(sizes=len(sizes))
    chosen = [screen for screen in screens() if only(screen.name)]
    report.screens = len(chosen)
    try:
        for code in codes:
            refused = speak(code)
            report.problems += [Problem("catalogue", (0, 0), what, code) for what in refused]
            if not refused:
                report.languages.append(code)
                _check_language(report, chosen, sizes, sheets, code)
    finally:
        language.use(gettext.NullTranslations(), language.ENGLISH)
    return report


def _check_language(report: Report, chosen: Sequence[Screen], sizes: Sequence[tuple[int, int]],
                    sheets: Path | None, code: str) -> None:
    with tempfile.TemporaryDirectory(prefix="hearts-layout-") as folder, s.stage(Path(folder)) as stage:
        for asked in sizes:
            size = window.laid_out(asked)
            report.problems += [Problem("table", asked, what, code) for what in large_card_problems(size)]
            pictures: list[tuple[str, pygame.Surface]] = []
            for screen in chosen:
                changed = code in PSEUDO_CODES and screen.open_in_a_change
                if changed:  # opened in English, then the player changes the language over it
                    language.use(gettext.NullTranslations(), language.ENGLISH)
                stage.show(screen, size)
                if changed:
                    speak(code)
                problems, picture = inspect(stage.app.stack.scenes, size, stage.inspector)
                if code in PSEUDO_CODES:
                    problems += untranslated([e.label for e in stage.inspector.elements if e.kind == "text"])
                report.problems += [Problem(screen.name, asked, what, code) for what in problems]
                pictures.append((screen.name, picture))
            if sheets is not None:
                name = f"layout-{asked[0]}x{asked[1]}" + ("" if code == language.ENGLISH else f"-{code}")
                report.sheets.append(contact_sheet(pictures, sheets / f"{name}.png", asked))
        theme.clear_caches()


def run(as_json: bool, sheets: Path | None, only: str = "", codes: Sequence[str] = (language.ENGLISH,)) -> int:
    report = check(sheets=sheets, only=lambda name: only in name, codes=codes)
    for problem in report.problems:
        print(problem)
    for sheet in report.sheets:
        print(f"contact sheet: {sheet}")
    if as_json:
        print(json.dumps(report.summary()))
    else:
        print(f"{report.screens} screens at {report.sizes} sizes in {len(report.languages)} languages: "
              f"{len(report.problems)} problems")
    return 1 if report.problems else 0
