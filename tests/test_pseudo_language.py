"""The pseudo-language (benchmarks/pseudo.py) and the layout checker's run in it: a text that
did not come through the catalogue is found by a check, not by a player."""

from __future__ import annotations

import gettext
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from benchmarks.layout import Inspector, inspect
from benchmarks.layout_check import check, untranslated
from benchmarks.pseudo import PseudoCatalogue, play, pseudo, speak_pseudo, untranslated_words
from hearts_desktop import language
from hearts_desktop.language import _, n_
from hearts_desktop.ui import theme
from hearts_desktop.ui.app import GAVE_UP
from hearts_desktop.ui.scene import Scene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.ui.widgets import Button


@pytest.mark.parametrize("english", ["Settings", "{name} passes {cards} to you.", "Done", "{count} point"])
def test_every_message_grows_by_40_percent_in_accents_with_its_ends_marked(english: str) -> None:
    shown = pseudo(english)
    assert shown.startswith("⟦") and shown.endswith("⟧")
    assert len(shown) >= 1.4 * len(english)
    filled = shown.format(name="Anna", cards="3♣", count=2)  # the program can still fill it
    assert untranslated_words(filled, allowed=["Anna"]) == []  # not one plain English word is left
    assert ("Anna" in filled) == ("{name}" in english)


def test_placeholders_and_literal_braces_are_kept() -> None:
    assert "{count:d}" in pseudo("{count:d} cards") and "{{" in pseudo("{{literal}}")


def test_the_catalogue_speaks_it_for_every_lookup() -> None:
    language.use(PseudoCatalogue(), "pseudo")
    try:
        assert _("Done") == pseudo("Done")
        assert n_("{count} point", "{count} points", 2) == pseudo("{count} points")
        assert language.number(3.5, 1) == "3.5"  # Babel's English for a code it does not know
    finally:
        language.use(gettext.NullTranslations(), language.ENGLISH)


@pytest.mark.parametrize("code", ["pseudo", "he"])
def test_dates_lists_and_numbers_babel_writes_are_in_the_pseudo_language_too(code: str) -> None:
    """A date or a list is the language's words too (Babel's, not the catalogue's): in the
    pseudo-language they are accented and marked, so the checker tells them from English left
    in code, and a mirrored run reads them as a developer can."""
    speak_pseudo(code)
    try:
        day = language.moment(datetime(2026, 3, 1, 20, 0))
        names = language.join_names(["Anna", "Ben", "Clara"])
        choices = language.join_alternatives(["Anna", "Ben"])
        figures = (language.number(1234.5, 1), language.percent(0.25))
    finally:
        language.use(gettext.NullTranslations(), language.ENGLISH)
    assert day == f"1 {pseudo('Mar')} 2026, 20:00"
    assert names == pseudo("{0} and {1}").format("Anna, Ben", "Clara")  # a comma is no word
    assert choices == pseudo("{0} or {1}").format("Anna", "Ben")
    assert figures == ("1,234.5", "25%")
    assert untranslated_words(" ".join((day, names, choices)), allowed=["Anna", "Ben", "Clara"]) == []
    assert language.join_names(["Anna", "Ben"]) == "Anna and Ben"  # English again after


def test_untranslated_words_are_english_left_in_a_text_names_aside() -> None:
    assert untranslated_words(f"{pseudo('Score')} Anna 12", allowed=["Anna"]) == []
    assert untranslated_words(f"Anna {pseudo('plays')} the queen", allowed=["Anna"]) == ["the", "queen"]
    assert untranslated_words("You 43, Alice 67") == ["You", "Alice"]  # names the game gave are its words
    assert untranslated_words("Wolfgang 3♠", allowed=["Wolfgang"]) == []
    assert untranslated_words("Bartholomew Mmmm…", allowed=["Bartholomew Mmmmmmmm"]) == []  # cut to fit
    assert untranslated_words("An error", allowed=["Anna"]) == ["An", "error"]
    assert untranslated_words("⟦Þļáýéŕš: Maximilian Www…", allowed=["Maximilian Wwwwwwww"]) == []  # cut short
    assert untranslated_words("⟦Ŕéšûļţš: Cl…", allowed=["Clara"]) == []
    assert untranslated_words("⟦Ŕéšûļţš: An…", allowed=["Clara"]) == ["An"]  # cut, but of no name


def test_a_language_named_in_itself_is_no_english_left_in_code() -> None:
    assert untranslated_words(pseudo("As the system ({name})").format(name="English")) == []
    assert untranslated_words(pseudo("As the system ({name})").format(name="Nederlands")) == []


class TwoTexts(Scene):
    """One text through the catalogue, one around it, as a screen might draw them."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.text(_("Through the catalogue"), 20), (10, 10))
        surface.blit(theme.text("Written in code", 20), (10, 60))


def test_the_pseudo_run_reports_a_text_that_did_not_come_through_the_catalogue() -> None:
    pygame.font.init()
    inspector = Inspector()
    language.use(PseudoCatalogue(), "pseudo")
    try:
        inspect([TwoTexts()], (400, 300), inspector)
    finally:
        language.use(gettext.NullTranslations(), language.ENGLISH)
    found = untranslated([element.label for element in inspector.elements])
    assert found == ["text 'Written in code' did not come through the catalogue (Written, in, code)"]


def test_the_layout_check_runs_in_each_language_given_and_english_again_after() -> None:
    report = check(sizes=[(1280, 800)], only=lambda name: name == "settings", codes=("pseudo", "xx"))
    assert report.summary()["languages"] == 1
    found = "\n".join(str(problem) for problem in report.problems)
    assert "'xx' is not a language the game ships" in found
    assert "'Language'" not in found  # the setting's own label comes through the catalogue
    assert language.current() == language.ENGLISH


SAID_AS_THE_GAME_SAYS = ("settings", "statistics reset question", "quit with friends question", "join a table",
                         "network name refused", "settings, network name refused", "past games, 5 wide names",
                         "hot-seat hand summary, long names")


def test_the_checker_builds_its_screens_with_the_games_own_words() -> None:
    """Its questions and notes are the game's messages, not English written into the checker;
    a name typed, cut to fit, or a language named in itself is no English left in code."""
    report = check(sizes=[(800, 600), (1920, 1080)], only=lambda name: name in SAID_AS_THE_GAME_SAYS,
                   codes=("pseudo",))
    assert report.screens == len(SAID_AS_THE_GAME_SAYS)
    assert [str(problem) for problem in report.problems] == []


def test_a_table_that_keeps_a_word_said_before_a_change_of_language_is_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings opens over the table: the pseudo run opens the table in English and changes
    the language over it, so a word the table said once and kept is found."""
    make_buttons = TableScene._make_buttons

    def keeping_a_word(table: TableScene) -> dict[str, Button]:
        buttons = make_buttons(table)
        buttons["menu"].label = buttons["menu"].label  # said once, in the language of the moment
        return buttons

    monkeypatch.setattr(TableScene, "_make_buttons", keeping_a_word)
    report = check(sizes=[(1280, 800)], only=lambda name: name == "table lead", codes=("pseudo",))
    assert [problem.what for problem in report.problems] == ["text 'Menu' did not come through the catalogue (Menu)"]


@pytest.mark.parametrize(("option", "code"), [([], "pseudo"), (["--mirrored"], "he")])
def test_the_game_opens_in_the_pseudo_language(tmp_path: Path, option: list[str], code: str) -> None:
    try:
        exit_code = play([*option, "--data-dir", str(tmp_path), "--max-seconds", "1.5"])
        assert exit_code == GAVE_UP  # it ran until told to stop
        assert language.current() == code and _("Done") == pseudo("Done")
    finally:
        language.use(gettext.NullTranslations(), language.ENGLISH)
