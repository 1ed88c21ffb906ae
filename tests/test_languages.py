"""Catalogues on disk and the system's language (persistence/languages.py)."""

from __future__ import annotations

import gettext
import os
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from hearts_desktop import language
from hearts_desktop.persistence import languages


def german_catalogue(done: str = "Fertig", *, fuzzy: bool = False) -> Catalog:
    catalogue = Catalog(locale="de", domain=language.DOMAIN)
    catalogue.add("Done", done, flags=("fuzzy",) if fuzzy else ())
    catalogue.add(("{count} point", "{count} points"), ("{count} Punkt", "{count} Punkte"))
    catalogue.add("Easy", "Leicht", context="level")
    return catalogue


def write_catalogue(folder: Path, code: str, catalogue: Catalog, suffix: str = ".po") -> Path:
    path = languages.catalogue_path(code, folder, suffix)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        (write_po if suffix == ".po" else write_mo)(file, catalogue)
    return path


def test_a_po_catalogue_is_compiled_in_memory_and_spoken(tmp_path: Path) -> None:
    write_catalogue(tmp_path, "de", german_catalogue())
    assert languages.apply("de", tmp_path) == []
    assert language.current() == "de"
    assert language._("Done") == "Fertig"
    assert language.n_("{count} point", "{count} points", 3) == "{count} Punkte"
    assert language.p_("level", "Easy") == "Leicht"
    assert language.number(3.5, 1) == "3,5"


def test_a_fuzzy_translation_is_not_used(tmp_path: Path) -> None:
    write_catalogue(tmp_path, "de", german_catalogue(fuzzy=True))
    languages.apply("de", tmp_path)
    assert language._("Done") == "Done"


def test_the_compiled_catalogue_is_read_unless_the_po_is_newer(tmp_path: Path) -> None:
    source = write_catalogue(tmp_path, "de", german_catalogue())
    compiled = write_catalogue(tmp_path, "de", german_catalogue("Erledigt"), ".mo")
    os.utime(source, (1_000_000, 1_000_000))
    languages.apply("de", tmp_path)
    assert language._("Done") == "Erledigt"
    os.utime(compiled, (999_000, 999_000))  # the .po was edited after the .mo was built
    languages.apply("de", tmp_path)
    assert language._("Done") == "Fertig"


@pytest.mark.parametrize("suffix", [".po", ".mo"])
def test_a_damaged_catalogue_is_one_sentence_and_english_and_its_file_is_kept(tmp_path: Path, suffix: str) -> None:
    path = languages.catalogue_path("de", tmp_path, suffix)
    path.parent.mkdir(parents=True)
    damaged = b'msgid "Done"\nmsgstr "Fertig"\nmsgid "cut off\n' if suffix == ".po" else b"\x95\x04\x12\xde cut"
    path.write_bytes(damaged)
    messages = languages.apply("de", tmp_path)
    assert len(messages) == 1 and str(path) in messages[0] and "speaks English" in messages[0]
    assert language.current() == language.ENGLISH and language._("Done") == "Done"
    assert path.read_bytes() == damaged


@pytest.mark.parametrize("unsafe", [
    "Fertig {nope}",            # a placeholder the code does not pass: KeyError while drawing
    "Fertig {0}",               # positional: IndexError
    "Fertig ({name)",           # no format string: ValueError
    "Fertig {name!r:>99999999}",  # a width that froze the window
    "Fertig {name.__class__.__mro__}",  # an attribute of the value
])
def test_a_translation_the_game_could_not_say_is_said_in_english_with_a_sentence(tmp_path: Path, unsafe: str) -> None:
    """Found by the attack on issue 44: such a catalogue loaded and then crashed or froze the
    window when its message was drawn."""
    catalogue = german_catalogue()
    catalogue.add("As the system ({name})", unsafe)
    catalogue.add(("{count} trick", "{count} tricks"), ("{nope} Stich", "{count} Stiche"))
    catalogue.add(("One more", "{count} more"), ("Noch {count}", "Noch {count}"))  # a count the English singular leaves out
    write_catalogue(tmp_path, "de", catalogue)
    (sentence,) = languages.apply("de", tmp_path)
    assert sentence.startswith("2 translations into Deutsch cannot be said")
    assert language._("As the system ({name})").format(name="Deutsch") == "As the system (Deutsch)"
    assert language.n_("{count} trick", "{count} tricks", 2).format(count=2) == "2 tricks"
    assert language.n_("One more", "{count} more", 1).format(count=1) == "Noch 1"
    assert language._("Done") == "Fertig"  # the rest is spoken


@pytest.mark.parametrize("header", ["nplurals=2; plural=n/0;", "nplurals=2; plural=(n%0);"])
def test_a_plural_rule_that_fails_is_one_sentence_and_english(tmp_path: Path, header: str) -> None:
    path = write_catalogue(tmp_path, "de", german_catalogue())
    path.write_text(path.read_text(encoding="utf-8").replace("nplurals=2; plural=(n != 1);", header), encoding="utf-8")
    assert header in path.read_text(encoding="utf-8")
    (sentence,) = languages.apply("de", tmp_path)
    assert "speaks English" in sentence and language.current() == language.ENGLISH


@pytest.mark.parametrize("suffix", [".po", ".mo"])
def test_a_catalogue_in_an_unknown_charset_is_one_sentence_and_english(tmp_path: Path, suffix: str) -> None:
    path = write_catalogue(tmp_path, "de", german_catalogue(), suffix)
    path.write_bytes(path.read_bytes().replace(b"charset=utf-8", b"charset=x-bogus-44"))
    (sentence,) = languages.apply("de", tmp_path)
    assert "speaks English" in sentence and language.current() == language.ENGLISH


def test_stepping_back_to_a_language_reads_its_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player stepping through the languages compiled each .po at every step, in the frame."""
    write_catalogue(tmp_path, "de", german_catalogue())
    compiled: list[str] = []
    real_compiled = languages.compiled

    def counted(data: bytes, code: str) -> bytes:
        compiled.append(code)
        return real_compiled(data, code)

    monkeypatch.setattr(languages, "compiled", counted)
    for code in ("de", "en", "de", "en", "de"):
        languages.apply(code, tmp_path)
    assert compiled == ["de"] and language._("Done") == "Fertig"


def test_a_language_without_its_catalogue_is_english_with_a_sentence(tmp_path: Path) -> None:
    language.use(gettext.NullTranslations(), "fr")
    messages = languages.apply("he", tmp_path)
    assert messages and "עברית" in messages[0]
    assert language.current() == language.ENGLISH


def test_only_languages_with_a_catalogue_are_available_english_always(tmp_path: Path) -> None:
    assert languages.available(tmp_path) == ("en",)
    write_catalogue(tmp_path, "pl", german_catalogue())
    write_catalogue(tmp_path, "de", german_catalogue(), ".mo")
    write_catalogue(tmp_path, "xx", german_catalogue())  # not a shipped language
    assert languages.available(tmp_path) == ("en", "de", "pl")


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [
        (["de_AT.UTF-8"], "de"),
        (["pt"], "pt_BR"),
        (["pt-PT"], "pt_BR"),
        (["pt-BR"], "pt_BR"),
        (["ja_JP", "fr_CA"], "fr"),
        (["en_GB", "de"], "en"),
        (["C.UTF-8"], "en"),
        (["zh-Hans-CN"], "en"),
        ([], "en"),
        (["", "he-IL"], "he"),
    ],
)
def test_the_systems_language_is_matched_to_a_shipped_one(preferences: list[str], expected: str) -> None:
    assert languages.best_match(preferences, language.SHIPPED) == expected


def test_a_matched_language_must_be_available() -> None:
    assert languages.best_match(["de_DE", "fr"], ("en", "fr")) == "fr"
    assert languages.best_match(["de_DE"], ("en",)) == "en"


def test_locale_names_are_normalised() -> None:
    assert languages.normalise("de_AT.UTF-8@euro") == "de_AT"
    assert languages.normalise("zh-Hans-CN") == "zh_CN"
    assert languages.normalise("es-419") == "es_419"
    assert languages.normalise("POSIX") == "en"
    assert languages.normalise("  ") is None


def test_unix_preferences_follow_gettexts_order() -> None:
    environ = {"LANGUAGE": "pl:de", "LC_ALL": "", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"}
    assert languages.posix_preferences(environ) == ["pl", "de", "fr_FR.UTF-8"]
    assert languages.posix_preferences({"LANGUAGE": "pl:de", "LC_ALL": "C"}) == ["C"]
    assert languages.posix_preferences({"LANGUAGE": "de", "LANG": "C.UTF-8"}) == ["de", "C.UTF-8"]  # as ls reads them
    assert languages.posix_preferences({"LANG": "nl_NL.UTF-8"}) == ["nl_NL.UTF-8"]
    assert languages.posix_preferences({}) == []


def test_macos_and_windows_answers_are_read_in_order() -> None:
    assert languages.macos_preferences('(\n    "de-DE",\n    en,\n    "pt-BR"\n)\n') == ["de-DE", "en", "pt-BR"]
    assert languages.windows_preferences("ru-RU\0en-US\0\0") == ["ru-RU", "en-US"]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="reads the Unix variables")
def test_system_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_catalogue(tmp_path, "nl", german_catalogue())
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "nl_BE.UTF-8")
    assert languages.resolve(languages.SYSTEM, tmp_path) == "nl"
    languages.apply(languages.SYSTEM, tmp_path)
    assert language.current() == "nl"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # no German catalogue here
    assert languages.resolve(languages.SYSTEM, tmp_path) == "en"


def test_gettexts_language_list_comes_first_on_every_platform(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_catalogue(tmp_path, "nl", german_catalogue())
    monkeypatch.setenv("LANGUAGE", "ja:nl_BE")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert languages.system_preferences()[:2] == ["ja", "nl_BE"]
    assert languages.resolve(languages.SYSTEM, tmp_path) == "nl"


def test_the_shipped_catalogues_are_found_beside_the_game() -> None:
    folder = languages.locale_folder()
    assert folder.name == "locale" and folder.parent.name == "assets"
