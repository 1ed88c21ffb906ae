"""The catalogues on disk and the language the operating system speaks.

A catalogue is ``assets/locale/<code>/LC_MESSAGES/hearts_desktop.po``. An installed or
frozen game ships the compiled ``.mo`` beside it (``setup.py`` and ``build/catalogues.py``
compile it); a source checkout or an editable install has only the ``.po``, which Babel
compiles in memory at start (a few milliseconds), so a translator sees an edit at the next
start without a build step. A damaged catalogue is one sentence for the player and English,
never a crash, and its file is left as it is.

Without a choice in Settings the game speaks the system's language, read each platform's
own way: ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` on Linux and other Unix systems, the
user's preferred interface languages on Windows, ``AppleLanguages`` on macOS. The first
preference the game has a catalogue for wins, matched loosely (``de_AT`` reads German,
``pt`` Brazilian Portuguese); with none, English.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import string
import struct
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .. import language
from ..resources import assets_root

SYSTEM = "system"
"""The setting that follows the operating system's language (the default)."""
LOCALE_FOLDER = "locale"
MESSAGES_FOLDER = "LC_MESSAGES"
CATALOGUE_ERRORS = (OSError, ValueError, UnicodeDecodeError, IndexError, KeyError, LookupError, struct.error,
                    ArithmeticError)
"""What reading a damaged ``.po`` or ``.mo`` raises (gettext's own parser raises OSError for a
bad magic number, struct and index errors for a cut file, LookupError for an unknown
charset); ArithmeticError: a plural rule that divides by zero."""
PLURAL_PROBE = (*range(0, 200), 1_000, 10_000, 100_000, 1_000_000)
"""Counts a catalogue's plural rule is tried on when it loads."""
PLURAL_COUNT = "count"
"""The placeholder a plural message's number fills (language.Phrase and every n_ call)."""
CONTEXT_SEPARATOR = "\x04"
"""Between a message's context and its English in a compiled catalogue's keys."""
WITHOUT_TRANSLATION = frozenset({"C", "POSIX"})
"""POSIX locale names that mean "no translation": English."""
MACOS_PREFERENCES = ("defaults", "read", "-g", "AppleLanguages")
MACOS_TIMEOUT = 3.0
"""Seconds to wait for ``defaults``; a system too busy to answer gets English, not a hang."""
WINDOWS_LANGUAGE_NAMES = 0x8
"""MUI_LANGUAGE_NAME: GetUserPreferredUILanguages answers "de-DE" rather than a number."""


class DamagedCatalogue(ValueError):
    """A catalogue the game ships cannot be read; the message is one sentence for the player."""


def locale_folder() -> Path:
    """Where the catalogues are (inside the installed package, the bundle or the checkout)."""
    return assets_root() / LOCALE_FOLDER


def catalogue_path(code: str, folder: Path | None = None, suffix: str = ".po") -> Path:
    """The file of ``code``'s catalogue (``.po``, or ``.mo`` with ``suffix``)."""
    return (folder or locale_folder()) / code / MESSAGES_FOLDER / f"{language.DOMAIN}{suffix}"


def available(folder: Path | None = None) -> tuple[str, ...]:
    """The shipped languages whose catalogue is here, English first (it needs none), in the
    order ``language.SHIPPED`` lists them."""
    return tuple(code for code in language.SHIPPED
                 if code == language.ENGLISH or _catalogue_file(code, folder) is not None)


def _catalogue_file(code: str, folder: Path | None) -> Path | None:
    """The compiled ``.mo`` when it is at least as new as the ``.po`` (an installed game), else
    the ``.po`` (a checkout, or a ``.mo`` left from before the last edit); None: neither."""
    source, compiled = catalogue_path(code, folder), catalogue_path(code, folder, ".mo")
    if compiled.is_file() and (not source.is_file() or compiled.stat().st_mtime >= source.stat().st_mtime):
        return compiled
    return source if source.is_file() else None


class Loaded(NamedTuple):
    catalogue: gettext.GNUTranslations
    left_out: int
    """Translations left out as unsafe (``_without_unsafe``): said in English."""


def load_catalogue(code: str, folder: Path | None = None) -> gettext.GNUTranslations:
    """``code``'s translations, each one the game can say safely (``read_catalogue``)."""
    return read_catalogue(code, folder).catalogue


def read_catalogue(code: str, folder: Path | None = None) -> Loaded:
    """``code``'s catalogue and how many of its translations were left out as unsafe. Raises
    DamagedCatalogue (a sentence naming the file) when it is missing or cannot be read; a
    fuzzy entry is left out, as msgfmt leaves it out."""
    path = _catalogue_file(code, folder)
    if path is None:
        raise DamagedCatalogue(f"Hearts Desktop has no translation into {language.SHIPPED.get(code, code)} "
                               f"(it looked for {catalogue_path(code, folder)}), so it speaks English.")
    try:
        stat = path.stat()
        return _loaded(path, stat.st_mtime_ns, stat.st_size, code)
    except CATALOGUE_ERRORS as error:
        raise DamagedCatalogue(f"The translation file {path} cannot be read, so Hearts Desktop speaks English; "
                               f"installing the game again repairs it.") from error


@lru_cache(maxsize=len(language.SHIPPED))
def _loaded(path: Path, _modified: int, _size: int, code: str) -> Loaded:
    """The catalogue at ``path`` as it was when it had that time and size: a player stepping
    through the languages in Settings reads and checks each file once, not at every step."""
    data = path.read_bytes()
    if path.suffix == ".po":
        data = compiled(data, code)
    catalogue = gettext.GNUTranslations(io.BytesIO(data))
    plural: Callable[[int], int] = catalogue.plural  # type: ignore[attr-defined]
    for count in PLURAL_PROBE:  # a rule that fails (n/0) would fail at a message on screen
        plural(count)
    return Loaded(catalogue, _without_unsafe(catalogue))


def _without_unsafe(catalogue: gettext.GNUTranslations) -> int:
    """Leave out each translation the game could not say, and count them: one naming a
    placeholder the English has not (the code passes only the English's: a KeyError in the
    render loop), a positional or attribute field, a conversion or a format spec
    ("{name!r:>99999999}" froze the window). Those messages are said in English."""
    messages: dict[str | tuple[str, int], str] = catalogue._catalog  # type: ignore[attr-defined]
    unsafe = {key if isinstance(key, str) else key[0] for key, words in messages.items() if key and not _safe(key, words)}
    for key in [key for key in messages if (key if isinstance(key, str) else key[0]) in unsafe]:
        del messages[key]  # every form of a plural: one language or the other, not both
    return len(unsafe)


def _safe(key: str | tuple[str, int], words: str) -> bool:
    english = (key if isinstance(key, str) else key[0]).rpartition(CONTEXT_SEPARATOR)[2]
    allowed = _fields(english) or set()
    if not isinstance(key, str):
        allowed.add(PLURAL_COUNT)  # a plural's forms may name the number its English leaves out
    fields = _fields(words, plain_only=True)
    return fields is not None and fields <= allowed


def _fields(text: str, plain_only: bool = False) -> set[str] | None:
    """The names of ``text``'s str.format fields; None when it is no valid format string or,
    with ``plain_only``, holds a field other than a plain ``{name}``."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    names = set()
    for _literal, name, spec, conversion in parsed:
        if name is None:
            continue
        if plain_only and (not name.isidentifier() or spec or conversion):
            return None
        names.add(name)
    return names


def compiled(source: bytes, code: str) -> bytes:
    """The ``.mo`` of a ``.po``'s text; raises ValueError when it cannot be read. (Babel's
    catalogue modules load only here: an installed game reads ``.mo`` files and skips them.)"""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    output = io.BytesIO()
    try:
        write_mo(output, read_po(io.BytesIO(source), locale=code, abort_invalid=True))
    except PoFileError as error:
        raise ValueError(str(error)) from error
    return output.getvalue()


def resolve(choice: str, folder: Path | None = None) -> str:
    """The language a setting means: ``system`` is the system's, matched to what is here."""
    if choice == SYSTEM:
        return best_match(system_preferences(), available(folder))
    return choice


def apply(choice: str, folder: Path | None = None) -> list[str]:
    """Speak the language ``choice`` (a code, or ``system``) from now on; returns the
    sentences for the player when its catalogue could not be read (English is spoken then,
    and the setting is left as the player chose it)."""
    code = resolve(choice, folder)
    if code == language.ENGLISH:
        language.use(gettext.NullTranslations(), language.ENGLISH)
        return []
    try:
        catalogue, left_out = read_catalogue(code, folder)
    except DamagedCatalogue as error:
        language.use(gettext.NullTranslations(), language.ENGLISH)
        return [str(error)]
    language.use(catalogue, code)
    if left_out:  # in English, as every sentence about a damaged catalogue: it may be this one
        some = "1 translation" if left_out == 1 else f"{left_out} translations"
        return [f"{some} into {language.SHIPPED.get(code, code)} cannot be said, so Hearts Desktop says "
                f"{'it' if left_out == 1 else 'them'} in English; installing the game again repairs the file."]
    return []


# ---------------------------------------------------------------------- the system's language


def best_match(preferences: Iterable[str], shipped: Iterable[str]) -> str:
    """The first of ``preferences`` (locale names such as ``de_AT.UTF-8``, ``pt-BR``) that a
    ``shipped`` language serves: the same code, else the same language (``de_AT`` reads
    ``de``, ``pt`` or ``pt_PT`` reads ``pt_BR``); English when none does.

    >>> best_match(["ja_JP", "de_AT.UTF-8"], ["en", "de", "pt_BR"])
    'de'
    """
    codes = tuple(shipped)
    for preference in preferences:
        wanted = normalise(preference)
        if wanted is None:
            continue
        base = wanted.split("_")[0]
        if base == language.ENGLISH:
            return language.ENGLISH
        exact = [code for code in codes if code.lower() == wanted.lower()]
        same_language = [code for code in codes if code.split("_")[0] == base]
        if exact or same_language:
            return (exact or same_language)[0]
    return language.ENGLISH


def normalise(locale_name: str) -> str | None:
    """``de_AT.UTF-8@euro`` → ``de_AT``, ``pt-BR`` → ``pt_BR``, ``zh-Hans-CN`` → ``zh_CN``;
    None for an empty name. ``C`` and ``POSIX`` are English."""
    name = locale_name.strip().split(".")[0].split("@")[0]
    if not name:
        return None
    if name in WITHOUT_TRANSLATION:
        return language.ENGLISH
    parts = re.split(r"[-_]", name)
    region = next((part.upper() for part in parts[1:] if len(part) == 2 or part.isdigit()), None)
    return f"{parts[0].lower()}_{region}" if region else parts[0].lower()


def posix_preferences(environ: Mapping[str, str]) -> list[str]:
    """The languages a Unix desktop asks for, as gettext reads them: the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set, preceded by ``LANGUAGE``'s list unless that
    locale is exactly ``C`` or ``POSIX`` (gettext ignores LANGUAGE then, but not for
    ``C.UTF-8``, the default of many containers)."""
    locale_name = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    if locale_name in WITHOUT_TRANSLATION:
        return [locale_name]
    listed = [part for part in environ.get("LANGUAGE", "").split(":") if part]
    return [*listed, locale_name] if locale_name else listed


def macos_preferences(defaults_output: str) -> list[str]:
    """The languages in ``defaults read -g AppleLanguages``'s answer, in the player's order:
    ``(\\n    "de-DE",\\n    en\\n)``."""
    return [match.strip('"') for match in re.findall(r'"[^"]+"|[A-Za-z][\w-]*', defaults_output)]


def windows_preferences(names: str) -> list[str]:
    """The languages in GetUserPreferredUILanguages' answer: names joined by NUL
    (``de-DE\\0en-US\\0\\0``)."""
    return [name for name in names.split("\0") if name]


def system_preferences() -> list[str]:
    """The languages the operating system asks for, most wanted first (possibly none).
    ``LANGUAGE``, gettext's own list, comes first on every platform: set in a shell, it tries
    the game in another language (and keeps the test suite English on any machine)."""
    listed = [part for part in os.environ.get("LANGUAGE", "").split(":") if part]
    if sys.platform == "win32":
        return listed + _windows_languages()
    if sys.platform == "darwin":
        return listed + _macos_languages() + posix_preferences(os.environ)
    return posix_preferences(os.environ)


@lru_cache(maxsize=1)
def _macos_languages() -> list[str]:
    """A program started from the Finder has no LANG: the system keeps the list in its
    preferences, which ``defaults`` reads (an empty list if it cannot; read once a run)."""
    try:
        answer = subprocess.run(MACOS_PREFERENCES, capture_output=True, text=True, timeout=MACOS_TIMEOUT,
                                check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    return macos_preferences(answer.stdout) if answer.returncode == 0 else []


def _windows_languages() -> list[str]:  # pragma: no cover (Windows only)
    """The user's interface languages in order (Windows Vista on); else the one default."""
    import ctypes
    import locale

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
    count, size = ctypes.c_ulong(), ctypes.c_ulong()
    if kernel.GetUserPreferredUILanguages(WINDOWS_LANGUAGE_NAMES, ctypes.byref(count), None, ctypes.byref(size)):
        buffer = ctypes.create_unicode_buffer(size.value)
        if kernel.GetUserPreferredUILanguages(WINDOWS_LANGUAGE_NAMES, ctypes.byref(count), buffer,
                                              ctypes.byref(size)):
            return windows_preferences(ctypes.wstring_at(buffer, size.value))
    default = locale.windows_locale.get(kernel.GetUserDefaultUILanguage())
    return [default] if default else []
