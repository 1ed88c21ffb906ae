"""Issue 44: the shared words (levels, paces, scores, lists, the coach's sentences) are said in
the language in use when they are shown, not the one of the start."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest

from hearts_desktop import language
from hearts_desktop.words import FRIEND_SEAT, CoachSentence, Level, Pace, and_list, points


class Marked(gettext.NullTranslations):
    """A catalogue that marks every text it translates, and says which plural form a count
    asked for, so a test sees what went through the catalogue and with what."""

    def gettext(self, message: str) -> str:
        return f"<{message}>"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"<{msgid1 if n == 1 else msgid2}|{n}>"

    def pgettext(self, context: str, message: str) -> str:
        return f"<{context}:{message}>"


@pytest.fixture(name="marked")
def marked_catalogue() -> Iterator[None]:
    language.use(Marked(), "de")
    yield
    language.use(gettext.NullTranslations(), language.ENGLISH)


def test_english_is_said_as_before() -> None:
    assert (Level.EASY.label, Pace.QUICK.label) == ("Easy", "Quick")
    assert (points(1), points(-1), points(0), points(12)) == ("1 pt", "-1 pt", "0 pts", "12 pts")
    assert and_list(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy"
    assert CoachSentence.HEAD_BEST.format(best="8C") == "Coach's best: 8C"


@pytest.mark.usefixtures("marked")
def test_levels_and_paces_are_named_in_the_language_in_use_with_their_meaning() -> None:
    assert Level.EASY.label == "<level:Easy>" and Level.EASY.value == "easy"
    assert Pace.QUICK.label == "<pace:Quick>" and Pace.QUICK.value == "quick"


@pytest.mark.usefixtures("marked")
def test_a_score_asks_the_catalogue_for_the_form_its_number_needs() -> None:
    assert points(1) == "<1 pt|1>"
    assert points(-1) == "<-1 pt|1>"
    assert points(3) == "<3 pts|3>"


@pytest.mark.usefixtures("marked")
def test_a_list_is_joined_the_languages_way() -> None:
    assert and_list(["Ann", "Bo", "Cy"]) == "Ann, Bo und Cy"


@pytest.mark.usefixtures("marked")
def test_the_coachs_sentence_is_looked_up_when_said_and_a_constant_where_shown() -> None:
    assert CoachSentence.HEAD_BEST.format(best="8C") == "<Coach's best: 8C>"
    assert language._(FRIEND_SEAT) == "<A friend>"
