"""The translation catalogues: complete, consistent, compiled the way the game reads them.

The rule for translators and for the build: a shipped language whose catalogue does not
exist YET is skipped (it is being written); once its ``.po`` is in assets/locale, every message
must be translated, none fuzzy, each placeholder kept and the plural forms the language has.
"""

from __future__ import annotations

import gettext
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from hearts_desktop import language
from hearts_desktop.persistence import languages

from .build_scripts import load_script

catalogues = load_script("catalogues")
TRANSLATED = tuple(code for code in language.SHIPPED if code != language.ENGLISH)


def test_the_template_holds_every_message_the_code_has() -> None:
    stale = catalogues.stale_messages()
    assert not stale, ("assets/locale/hearts_desktop.pot lacks these messages; run "
                       f"`python build/catalogues.py extract` and then `update`: {', '.join(stale[:20])}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_shipped_catalogue_is_complete_and_consistent(code: str) -> None:
    path = catalogues.LOCALE / code / "LC_MESSAGES" / "hearts_desktop.po"
    if not path.is_file():
        pytest.skip(f"{code}: no catalogue yet (once its .po exists it must be complete)")
    assert catalogues.check([path]) == []
    msgfmt = shutil.which("msgfmt")
    if msgfmt is not None:
        result = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


def write(path: Path, catalogue: Catalog) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalogue)
    return path


def template() -> Catalog:
    model = Catalog()
    model.add("Done")
    model.add("{name} plays {card}.")
    model.add(("{count} point", "{count} points"))
    model.add("Easy", context="level")
    return model


def test_the_check_finds_each_kind_of_problem(tmp_path: Path) -> None:
    pot = write(tmp_path / "hearts_desktop.pot", template())
    polish = Catalog(locale="pl")
    polish.add("Done", "Gotowe", flags=("fuzzy",))
    polish.add("{name} plays {card}.", "{imie} zagrywa {card}.")
    polish.add(("{count} point", "{count} points"), ("{count} punkt", "{count} punkty"))
    po = write(tmp_path / "pl" / "LC_MESSAGES" / "hearts_desktop.po", polish)
    problems = "\n".join(catalogues.check([po], pot))
    assert "'Done' is marked fuzzy" in problems
    assert "{imie} is not in the English" in problems and "leaves out {name}" in problems
    assert "'{count} point' is not translated" in problems  # Polish has a third form
    assert "'Easy' is missing" in problems
    assert problems.count("\n") == 4


def test_the_check_wants_the_languages_own_plural_rule(tmp_path: Path) -> None:
    pot = write(tmp_path / "hearts_desktop.pot", template())
    po = tmp_path / "pl" / "LC_MESSAGES" / "hearts_desktop.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: pl\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                  'msgid "{count} point"\nmsgid_plural "{count} points"\n'
                  'msgstr[0] "{count} punkt"\nmsgstr[1] "{count} punkty"\n', encoding="utf-8")
    problems = catalogues.check([po], pot)
    assert any("Plural-Forms says 2 forms; the language has 3" in problem for problem in problems)
    assert any("'{count} point' has 2 plural forms; the language has 3" in problem for problem in problems)


def test_a_complete_catalogue_passes_and_compiles_to_what_the_game_reads(tmp_path: Path) -> None:
    pot = write(tmp_path / "hearts_desktop.pot", template())
    russian = Catalog(locale="ru")
    russian.add("Done", "Готово")
    russian.add("{name} plays {card}.", "{name} ходит картой {card}.")
    russian.add(("{count} point", "{count} points"), ("{count} очко", "{count} очка", "{count} очков"))
    russian.add("Easy", "Лёгкий", context="level")
    po = write(tmp_path / "ru" / "LC_MESSAGES" / "hearts_desktop.po", russian)
    assert catalogues.check([po], pot) == []
    built = tmp_path / "built"
    assert catalogues.compile_into(built, tmp_path) == [built / "ru" / "LC_MESSAGES" / "hearts_desktop.mo"]
    try:
        assert languages.apply("ru", built) == []
        assert language.n_("{count} point", "{count} points", 22) == "{count} очка"
        assert language.p_("level", "Easy") == "Лёгкий"
    finally:
        language.use(gettext.NullTranslations(), language.ENGLISH)


def test_extraction_reads_every_translation_function(tmp_path: Path) -> None:
    (tmp_path / "screen.py").write_text(
        "from hearts_desktop.language import N_, _, n_, np_, p_\n"
        "TITLE = N_('Settings')\n"
        "_('Done')\n"
        "n_('{count} card', '{count} cards', 2)\n"
        "p_('level', 'Easy')\n"
        "np_('trick', '{count} trick', '{count} tricks', 2)\n",
        encoding="utf-8")
    found = catalogues.code_messages(tmp_path)
    assert found == {("Settings", None), ("Done", None), (("{count} card", "{count} cards"), None),
                     ("Easy", "level"), (("{count} trick", "{count} tricks"), "trick")}
    stale = catalogues.stale_messages(write(tmp_path / "old.pot", template()), tmp_path)
    assert stale == sorted(["'Settings'", "'{count} card'", "'{count} trick'"])
