"""The language module's pure helpers: lists, numbers and direction in the player's language."""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable

import pytest

from hearts_desktop import language


@pytest.fixture
def speak() -> Callable[[str], None]:
    """Switch to a language code (no catalogue: only Babel's data changes); English after."""

    def switch(code: str) -> None:
        language.use(gettext.NullTranslations(), code)

    return switch


@pytest.mark.parametrize(
    ("code", "three", "two"),
    [
        ("en", "Ann, Bob and Cy", "Ann and Bob"),
        ("de", "Ann, Bob und Cy", "Ann und Bob"),
        ("fr", "Ann, Bob et Cy", "Ann et Bob"),
        ("pl", "Ann, Bob i Cy", "Ann i Bob"),
    ],
)
def test_join_names_says_a_list_the_languages_way(speak: Callable[[str], None], code: str, three: str, two: str) -> None:
    speak(code)
    assert language.join_names(["Ann", "Bob", "Cy"]) == three
    assert language.join_names(("Ann", "Bob")) == two
    assert language.join_names(["Ann"]) == "Ann"


def test_join_names_of_nobody_is_empty() -> None:
    assert language.join_names([]) == ""


def test_every_shipped_language_is_named_in_itself_and_babel_knows_it() -> None:
    assert language.SHIPPED[language.ENGLISH] == "English"
    assert language.SHIPPED["de"] == "Deutsch"
    assert language.SHIPPED["he"] == "עברית"
    for code in language.SHIPPED:
        assert language._babel_locale(code).language == code.split("_")[0]


def test_numbers_and_percentages_are_written_the_languages_way(speak: Callable[[str], None]) -> None:
    assert (language.number(1234.5, 1), language.percent(0.25)) == ("1,234.5", "25%")
    speak("de")
    assert (language.number(3.5, 1, sign=True), language.percent(0.125, 1)) == ("+3,5", "12,5\xa0%")


def test_a_marked_constant_is_translated_where_it_is_shown(speak: Callable[[str], None]) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    title = language.N_("Settings")  # kept in English until shown
    german = Catalog(locale="de")
    german.add("Settings", "Einstellungen")
    german.add(("{count} trick", "{count} tricks"), ("{count} Stich", "{count} Stiche"), context="taken")
    compiled = io.BytesIO()
    write_mo(compiled, german)
    language.use(gettext.GNUTranslations(io.BytesIO(compiled.getvalue())), "de")
    try:
        assert (title, language._(title)) == ("Settings", "Einstellungen")
        assert language.np_("taken", "{count} trick", "{count} tricks", 2) == "{count} Stiche"
    finally:
        speak(language.ENGLISH)
