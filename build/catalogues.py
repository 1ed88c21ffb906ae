"""The translation catalogues' tools (Babel), for translators and for the build.

    python build/catalogues.py extract      # the code's messages -> assets/locale/hearts_desktop.pot
    python build/catalogues.py init CODE    # a new language: assets/locale/CODE/LC_MESSAGES/hearts_desktop.po
    python build/catalogues.py update       # every .po takes the template's new and changed messages
    python build/catalogues.py compile      # a .mo beside each .po (never committed: .gitignore)
    python build/catalogues.py check        # every message translated, placeholders and plurals right

docs/translating.md says when to run which. ``setup.py`` compiles the ``.mo`` files into a
built or installed game with ``compile_into``; the test suite runs ``check``.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import CommandLineInterface, parse_keywords
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hearts_desktop"
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "hearts_desktop"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = ("_", "n_:1,2", "p_:1c,2", "np_:1c,2,3", "N_", "Nn_:1,2")
"""The translation functions of hearts_desktop/language.py, as Babel's keyword specs: the
message's arguments, ``c`` marking a context."""
COMMENT_TAG = "Translators:"
BUGS = "https://github.com/heartsdesktop/hearts-desktop/issues"
"""Where a translator reports an English message that cannot be translated well."""
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")
"""A str.format field (``{name}``, ``{count:d}``); ``{{`` and ``}}`` are literal braces."""


def pybabel(*arguments: str | Path) -> None:
    """Run Babel's command line in this process (its output says what it did)."""
    CommandLineInterface().run(["pybabel", "--quiet", *map(str, arguments)])


def extract() -> None:
    """The template: every message the package passes to a translation function, with the
    comments tagged for translators."""
    arguments: list[str | Path] = ["extract", "--no-default-keywords", "--add-comments", COMMENT_TAG,
                                   "--project", "Hearts Desktop", "--copyright-holder", "Hearts Desktop maintainers",
                                   "--msgid-bugs-address", BUGS, "--sort-by-file", "--no-wrap", "-o", TEMPLATE]
    for keyword in KEYWORDS:
        arguments += ["-k", keyword]
    pybabel(*arguments, PACKAGE.relative_to(ROOT))


def code_messages(package: Path = PACKAGE) -> set[tuple[str | tuple[str, ...], str | None]]:
    """Every message the package passes to a translation function now: (id, context)."""
    keywords = parse_keywords(list(KEYWORDS))
    found = extract_from_dir(package, keywords=keywords, comment_tags=(COMMENT_TAG,))
    return {(message if isinstance(message, str) else tuple(message), context)
            for _file, _line, message, _comments, context in found}


def stale_messages(template: Path = TEMPLATE, package: Path = PACKAGE) -> list[str]:
    """The code's messages the template lacks (``extract`` was not run after they were added)."""
    known = {(_key(message.id), message.context) for message in read_template(template) if message.id}
    return sorted(repr(_key(message)) for message, context in code_messages(package)
                  if (_key(message), context) not in known)


def _key(message: str | Sequence[str]) -> str:
    return _texts(message)[0]


def init(code: str) -> None:
    """A catalogue for a new language, from the template (its plural rule from Babel's CLDR data)."""
    pybabel("init", "-i", TEMPLATE, "-d", LOCALE, "-D", DOMAIN, "-l", code)


def update() -> None:
    """Every catalogue takes the template's new messages; changed ones come back fuzzy with
    the old translation as a guess, removed ones are dropped. Not ``--previous``: Babel 2.19
    wraps a long previous English line into a ``#|`` comment msgfmt cannot read. Unwrapped
    lines, as translators' tools write them, keep each change to its own lines in a diff."""
    pybabel("update", "-i", TEMPLATE, "-d", LOCALE, "-D", DOMAIN, "--no-wrap", "--ignore-obsolete")


def catalogue_files(locale: Path = LOCALE) -> list[Path]:
    return sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compile_into(target: Path, locale: Path = LOCALE) -> list[Path]:
    """A ``.mo`` for each ``.po`` under ``locale``, at the same place under ``target`` (the
    folder itself, or a build's copy of it); fuzzy translations are left out. Returns the files."""
    written = []
    for source in catalogue_files(locale):
        relative = source.relative_to(locale).with_suffix(".mo")
        compiled = io.BytesIO()
        with source.open("rb") as file:
            write_mo(compiled, read_po(file, locale=source.parts[-3], abort_invalid=True))
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        (target / relative).write_bytes(compiled.getvalue())
        written.append(target / relative)
    return written


def placeholders(text: str) -> set[str]:
    """The names of the str.format fields in ``text`` (``{count:d}`` names ``count``)."""
    return {re.split(r"[:!.\[]", field)[0] for field in PLACEHOLDER.findall(text)}


def _texts(value: str | Sequence[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def message_problems(message: Message, forms: int) -> list[str]:
    """What is wrong with one translated message (none: it is complete and consistent)."""
    english, translated = _texts(message.id), _texts(message.string)
    where = f"{english[0]!r}" + (f" (context {message.context!r})" if message.context else "")
    if message.fuzzy:
        return [f"{where} is marked fuzzy: check the translation and remove the mark"]
    if not translated or not all(translated):
        return [f"{where} is not translated"]
    if len(english) > 1 and len(translated) != forms:
        return [f"{where} has {len(translated)} plural forms; the language has {forms}"]
    wanted = set().union(*map(placeholders, english))
    problems = [f"{where}: {{{name}}} is not in the English" for text in translated
                for name in sorted(placeholders(text) - wanted)]
    if not set().union(*map(placeholders, translated)) >= wanted:
        missing = ", ".join(f"{{{name}}}" for name in sorted(wanted - set().union(*map(placeholders, translated))))
        problems.append(f"{where} leaves out {missing}")
    return problems


def catalogue_problems(path: Path, template: Catalog) -> list[str]:
    """What keeps the catalogue at ``path`` from shipping: untranslated, fuzzy or inconsistent
    messages, a wrong plural rule, a message the template lacks, a file Babel cannot read."""
    code = path.parts[-3]
    try:
        with path.open("rb") as file:
            catalogue = read_po(file, locale=code, abort_invalid=True)
    except Exception as error:  # noqa: BLE001 (Babel raises several kinds on a damaged file)
        return [f"{path}: cannot be read ({error})"]
    forms = get_plural(code).num_plurals
    problems = []
    if catalogue.num_plurals != forms:
        problems.append(f"its Plural-Forms says {catalogue.num_plurals} forms; the language has {forms}")
    for wanted in template:
        if not wanted.id:
            continue
        message = catalogue.get(wanted.id, wanted.context)
        if message is None:
            problems.append(f"{_texts(wanted.id)[0]!r} is missing: run `python build/catalogues.py update`")
        else:
            problems.extend(message_problems(message, forms))
    return [f"{path.relative_to(path.parents[3])}: {problem}" for problem in problems]


def read_template(template: Path = TEMPLATE) -> Catalog:
    with template.open("rb") as file:
        return read_po(file)


def check(paths: Iterable[Path] | None = None, template: Path = TEMPLATE) -> list[str]:
    """Every problem of every catalogue (each a line that names the file and the message)."""
    model = read_template(template)
    return [problem for path in (catalogue_files() if paths is None else paths)
            for problem in catalogue_problems(path, model)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/catalogues.py", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help=f"write {TEMPLATE.relative_to(ROOT)} from the code")
    commands.add_parser("init", help="start a new language's catalogue").add_argument("code")
    commands.add_parser("update", help="bring every catalogue up to the template")
    commands.add_parser("compile", help="a .mo beside each .po")
    commands.add_parser("check", help="every shipped catalogue complete and consistent")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "init":
        init(args.code)
    elif args.command == "update":
        update()
    elif args.command == "compile":
        for path in compile_into(LOCALE):
            print(path.relative_to(ROOT))
    else:
        problems = check()
        print("\n".join(problems) or f"{len(catalogue_files())} catalogues complete")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
