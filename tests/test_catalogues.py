"""The translation catalogues: complete, consistent, compiled the way the game reads them.

The rule for translators and for the build: a shipped language whose catalogue does not
exist YET is skipped (it is being written); once its ``.po`` is in assets/locale, every message
must be translated, none fuzzy, each placeholder kept and the plural forms the language has.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from hearts_desktop import language
from hearts_desktop.persistence import languages
from hearts_desktop.resources import asset_path
from hearts_desktop.ui import theme

from .build_scripts import ROOT, appinfo, load_script

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
    assert languages.apply("ru", built) == []
    assert language.n_("{count} point", "{count} points", 22) == "{count} очка"
    assert language.p_("level", "Easy") == "Лёгкий"


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


# ---------------------------------------------------------------------- what ships with them


BABEL_FILES_READ = """
import gettext, json, sys
from datetime import datetime
import babel.localedata
from babel.messages.plurals import get_plural
from hearts_desktop import language

read = set()
original = babel.localedata.load

def load(name, merge_inherited=True):
    read.add(name)
    return original(name, merge_inherited)

babel.localedata.load = load
for code in sys.argv[1:]:
    language.use(gettext.NullTranslations(), code)
    language.number(1234.5, 1, sign=True), language.percent(0.5, 1), language.join_names(["a", "b", "c"])
    language.join_alternatives(["a", "b"]), language.moment(datetime(2026, 12, 7, 14, 5))
    get_plural(code)
print(json.dumps(sorted(read)))
"""


def babel_files_read(codes: tuple[str, ...]) -> set[str]:
    """The locale-data files Babel loads while the game speaks each of ``codes``: measured in
    a fresh interpreter, since Babel keeps what it loaded (an earlier test's English list
    would hide the file it read)."""
    result = subprocess.run([sys.executable, "-c", BABEL_FILES_READ, *codes], capture_output=True, text=True,
                            check=True, cwd=ROOT)
    return set(json.loads(result.stdout))


def test_the_bundle_keeps_the_babel_data_the_languages_read() -> None:
    """PyInstaller bundled all of Babel's CLDR data (32 MB, 1,149 files); 15 files are read."""
    codes = (*language.SHIPPED, language.WRITTEN_ENGLISH)  # as packaging.spec asks
    needed = babel_files_read(tuple(language.SHIPPED))
    assert {"he", "pt_BR", "pt", "en_GB", "root"} <= needed <= appinfo.babel_locales_read(codes)
    assert len(appinfo.babel_locales_read(codes)) == 15
    datas = [(f"babel/locale-data/{name}.dat", "src", "DATA") for name in ("pt_BR", "pt", "root", "ja", "en_GB")]
    datas.append(("babel/global.dat", "src", "DATA"))
    kept = appinfo.without_unread_locale_data(datas, language.SHIPPED)
    assert [entry[0] for entry in kept] == ["babel/locale-data/pt_BR.dat", "babel/locale-data/pt.dat",
                                            "babel/locale-data/root.dat", "babel/global.dat"]


def catalogue_texts() -> list[str]:
    """Every text a player may see from the catalogues and the language list: the English
    of the template and each shipped translation."""
    texts = [*language.SHIPPED.values()]
    for path in [catalogues.TEMPLATE, *catalogues.catalogue_files()]:
        with path.open("rb") as file:
            for message in read_po(file):
                for text in (*catalogues._texts(message.id), *catalogues._texts(message.string)):
                    texts.append(text)
    return texts


def test_every_letter_of_every_catalogue_is_in_the_fonts_the_game_ships() -> None:
    """DejaVu Sans covers Latin, Cyrillic and Hebrew; a translator's letter it lacks would be
    drawn as a box, so it is found here (the fix: a font that has it, not a refusal)."""
    pygame.font.init()
    letters = sorted({char for text in catalogue_texts() for char in text if not char.isspace()})
    assert "ע" in letters and "Р" in letters
    for name in (theme.REGULAR_FONT, theme.BOLD_FONT):
        face = pygame.font.Font(str(asset_path("fonts", name)), 16)
        missing = [char for char in letters if face.metrics(char)[0] is None]
        assert missing == [], f"{name} has no glyph for {''.join(missing)!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_game_can_say_every_shipped_translation(code: str) -> None:
    """The loader leaves out a translation it could not say safely (a placeholder the English
    has not, a format spec): none of the shipped ones is."""
    assert languages.read_catalogue(code).left_out == 0


def test_the_arabic_catalogue_writes_no_vowel_marks() -> None:
    """Marks above and below the letters (ً ُ ّ ِ…) draw a line taller than the font's: 144 places
    of the layout checker where Arabic lines overlapped. Interfaces write Arabic without them."""
    with (catalogues.LOCALE / "ar" / "LC_MESSAGES" / "hearts_desktop.po").open("rb") as file:
        marked = [m.id for m in read_po(file) if m.id and VOWEL_MARKS.search(str(m.string))]
    assert marked == []


VOWEL_MARKS = re.compile("[\u064b-\u0652]")
