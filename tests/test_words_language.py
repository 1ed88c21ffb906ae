"""Issue 44: the shared words (levels, paces, scores, lists, the coach's sentences) and the
window's sentences are said in the language in use when they are shown, not the one of the
start, each a whole message whose parts are filled in, its form chosen by its number."""

from __future__ import annotations

import ast
import gettext
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path

from hearts_desktop import language
from hearts_desktop.ui.grammar import about
from hearts_desktop.ui.history_scene import when
from hearts_desktop.ui.new_game import ON_OFF, option_text, pace_choices
from hearts_desktop.ui.overlays import tie_sentence
from hearts_desktop.ui.stats_scene import opponents_label
from hearts_desktop.ui.text_field import refusal_sentence
from hearts_desktop.words import (
    FRIEND_SEAT,
    CoachSentence,
    Level,
    Pace,
    and_list,
    points,
    score_list,
    waiting_for_readers,
)

from .test_language_core import speaking

PACKAGE = Path(__file__).resolve().parents[1] / "hearts_desktop"


class Marked(gettext.NullTranslations):
    """A catalogue that marks every text it translates, and says which plural form a count
    asked for, so a test sees what went through the catalogue and with what."""

    def gettext(self, message: str) -> str:
        return f"<{message}>"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"<{msgid1 if n == 1 else msgid2}|{n}>"

    def pgettext(self, context: str, message: str) -> str:
        return f"<{context}:{message}>"


def marked() -> AbstractContextManager[None]:
    """Speak German through ``Marked`` for a while, English again after."""
    return speaking(Marked(), "de")


def test_english_is_said_as_before() -> None:
    assert (Level.EASY.label, Pace.QUICK.label) == ("Easy", "Quick")
    assert (points(1), points(-1), points(0), points(12)) == ("1 pt", "-1 pt", "0 pts", "12 pts")
    assert and_list(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy"
    assert CoachSentence.HEAD_BEST.format(best="8C") == "Coach's best: 8C"


def test_levels_and_paces_are_named_in_the_language_in_use_with_their_meaning() -> None:
    with marked():
        assert Level.EASY.label == "<level:Easy>" and Level.EASY.value == "easy"
        assert Pace.QUICK.label == "<pace:Quick>" and Pace.QUICK.value == "quick"


def test_a_score_asks_the_catalogue_for_the_form_its_number_needs() -> None:
    with marked():
        assert points(1) == "<1 pt|1>"
        assert points(-1) == "<-1 pt|1>"
        assert points(3) == "<3 pts|3>"


def test_a_list_is_joined_the_languages_way() -> None:
    with marked():
        assert and_list(["Ann", "Bo", "Cy"]) == "Ann, Bo und Cy"


def test_a_list_of_scores_is_joined_by_the_languages_separator() -> None:
    """Arabic separates with "،": the comma was written in code."""
    assert score_list(["Ann", "Bo", "Cy"], [42, 30, 17]) == "Ann 42, Bo 30, Cy 17"
    with marked():
        assert score_list(["Ann", "Bo"], [42, 30]) == "<scores:<Ann 42>, <Bo 30>>"


def test_the_wait_for_readers_asks_for_the_form_of_how_many_they_are() -> None:
    assert waiting_for_readers(["Ann", "Bo"]) == "Waiting for Ann and Bo to read the scores…"
    with marked():
        assert waiting_for_readers(["Ann"]) == "<Waiting for Ann to read the scores…|1>"
        assert waiting_for_readers(["Ann", "Bo"]) == "<Waiting for Ann und Bo to read the scores…|2>"


def test_the_coachs_sentence_is_looked_up_when_said_and_a_constant_where_shown() -> None:
    with marked():
        assert language._(CoachSentence.HEAD_BEST).format(best="8C") == "<Coach's best: 8C>"
        assert language._(FRIEND_SEAT) == "<A friend>"


def test_the_windows_sentences_are_whole_messages_with_their_parts_filled_in() -> None:
    with marked():
        assert tie_sentence(["Ann", "Bo", "Cy"]) == "<Ann, Bo und Cy tie for the lowest score: another hand decides.>"
        assert opponents_label("1x human + 2x expert") == "<1x <seat:Human>> + <2x <level:Expert>>"
        assert about("Anna", language._("You win!"), language._("{name} wins!")) == "<Anna wins!>"


def test_a_count_of_characters_asks_for_its_own_form() -> None:
    with marked():
        assert refusal_sentence("\u200b") == "<This box cannot hold <the zero width space>, so it was left out.|1>"
        assert "so they were left out.|2>" in refusal_sentence("\u200b\u200c")


def test_texts_kept_in_constants_are_translated_when_shown() -> None:
    with marked():
        assert [label for _, label in pace_choices()] == ["<pace:Relaxed>", "<pace:Friendly>", "<pace:Quick>",
                                                          "<pace:Instant>"]
        assert option_text(False, ON_OFF[0][1]) == "<Off>"
        assert when(datetime(2026, 12, 7, 14, 5).astimezone()) == "7. Dez. 2026, 14:05"


TRANSLATING = {"_", "n_", "p_", "np_", "N_"}
WRAPPED = [PACKAGE / "words.py", *sorted((PACKAGE / "ui").glob("*.py"))]


def test_no_sentence_is_built_inside_a_translation_call() -> None:
    """Babel extracts only literal texts, and a catalogue holds whole sentences: every call
    of the translation functions gets literals (an f-string, a "+" or a "%" there would be
    looked up as a text no catalogue holds), or ``_`` a constant marked where it is kept."""
    built = []
    for path in WRAPPED:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATING:
                counted = node.args[-1:] if node.func.id in ("n_", "np_") else []
                for arg in node.args:
                    literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    constant = node.func.id == "_" and isinstance(arg, ast.Name | ast.Attribute)
                    if not (literal or constant or arg in counted):
                        built.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert built == []
