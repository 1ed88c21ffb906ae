"""The player's language: every sentence the game shows is looked up here.

gettext is the convention of free desktop software (and what Weblate and other translation
platforms read): the English text is the key, a catalogue per language holds the
translations, and Babel extracts the keys from the calls below. The catalogue in use is
handed in from outside (``persistence/languages.py`` reads the files), so this module does no
I/O and every layer, the rules included, may speak through it.

Conventions (docs/translating.md says them to translators):

- a whole sentence is one message, with named placeholders (``{name} plays {card}.``), so a
  language orders and inflects it itself; never join translated pieces into a sentence;
- ``n_`` when a number decides the form (``{count} point`` / ``{count} points``);
- ``p_`` when one English word has two meanings (``p_("level", "Easy")``);
- ``N_`` marks a text kept in a constant, translated where it is shown: a text translated
  when a module is imported would stay in the language of the start; a screen keeps
  ``Words`` (how to say a text) for the same reason.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Final

from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

DOMAIN = "hearts_desktop"
"""The catalogues' name: ``<language>/LC_MESSAGES/hearts_desktop.po``."""

ENGLISH = "en"
WRITTEN_ENGLISH = "en_GB"
"""The English whose lists and dates the game writes ("A, B and C", "7 Dec 2026, 14:05")."""
SHIPPED: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt_BR": "Português (Brasil)",
    "nl": "Nederlands",
    "pl": "Polski",
    "ru": "Русский",
    "he": "עברית",
    "ar": "العربية",
}
"""The languages the game ships, each named in itself (how a reader of it finds it in a list)."""
RIGHT_TO_LEFT = frozenset({"he", "ar", "fa", "ur", "yi"})
"""Languages written right to left (the first part of a code such as ``he_IL``)."""

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_code = ENGLISH
_writing: Locale | None = None
_listeners: list[Callable[[], None]] = []


def use(catalogue: gettext.NullTranslations, code: str, writing: Locale | None = None) -> None:
    """Speak ``code`` from now on (``catalogue`` holds its translations) and tell whoever
    asked (``when_changed``), so the window redraws its words without a restart. ``writing``:
    Babel's data for the dates, lists and numbers, where not the code's own (a language Babel
    does not know, such as the checks' pseudo-language)."""
    global _catalogue, _code, _writing
    _catalogue, _code, _writing = catalogue, code, writing
    for listener in tuple(_listeners):
        listener()


def when_changed(listener: Callable[[], None]) -> Callable[[], None]:
    """Call ``listener`` after every change of language; returns what stops it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def current() -> str:
    """The code of the language in use (``en``, ``de``, ``pt_BR``, ``he``…)."""
    return _code


def right_to_left() -> bool:
    """Whether the language in use is read right to left (the interface mirrors for it)."""
    return _code.split("_")[0].split("-")[0] in RIGHT_TO_LEFT


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _catalogue.gettext(message)


def n_(singular: str, plural: str, count: int) -> str:
    """The form of a message that ``count`` asks for in the player's language (a language
    may have more than two: Polish and Russian have three)."""
    return _catalogue.ngettext(singular, plural, count)


def p_(context: str, message: str) -> str:
    """``message`` as meant in ``context``, for an English word with two meanings."""
    return _catalogue.pgettext(context, message)


def np_(context: str, singular: str, plural: str, count: int) -> str:
    """``n_`` with a context."""
    return _catalogue.npgettext(context, singular, plural, count)


Words = str | Callable[[], str]
"""A text a screen keeps: fixed (a name, a number), or how to say it (``lambda: _("Close")``),
said again each time it is read, so a screen left open follows a change of language at once."""


def said(words: Words) -> str:
    """``words`` in the language in use now."""
    return words if isinstance(words, str) else words()


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    """Mark ``message`` for the catalogue without translating it yet (a constant's text,
    translated with ``_`` where it is shown)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (N_'s form for a plural)
    """Mark a message's two English forms for the catalogue (a ``Phrase`` with a count)."""
    return singular, plural


def number(value: float, digits: int = 0, *, sign: bool = False) -> str:
    """``value`` with ``digits`` decimals, written the language's way (``3,5`` in German,
    ``1 234`` in French); ``sign`` writes ``+`` before a positive value."""
    decimals = "." + "0" * digits if digits else ""
    pattern = f"#,##0{decimals}"
    if sign:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, format=pattern, locale=_written_locale())


def percent(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0.25) as a percentage the language's way (``25 %`` in French)."""
    locale = _written_locale()
    pattern = locale.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return format_percent(fraction, format=pattern, locale=locale)


@lru_cache(maxsize=16)
def _babel_locale(code: str) -> Locale:
    """Babel's data for ``code``; English for a code Babel does not know (the pseudo-language)."""
    try:
        return Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(ENGLISH)


def join_names(items: Sequence[str]) -> str:
    """``items`` as a sentence lists them, the language's way ("Anna, Ben and Clara"). The
    game's English writes no comma before "and": British English's list, in Babel's data.

    Hebrew's "and" is a letter joined to the last name (ו); before a name or number not
    written in Hebrew it takes a hyphen ("ו-Bob"), which Babel's data leaves out."""
    listed, locale = list(items), _written_locale()
    if locale.language == "he" and len(listed) > 1 and not _starts_in_hebrew(listed[-1]):
        listed[-1] = f"-{listed[-1]}"
    return format_list(listed, locale=locale)


def _starts_in_hebrew(word: str) -> bool:
    return "\u05d0" <= word[:1] <= "\u05ea"  # alef to tav


def moment(when: datetime) -> str:
    """A day and time the language's way ("7 Dec 2026, 14:05", "7. Dez. 2026, 14:05")."""
    locale = _written_locale()
    day, time = format_skeleton("yMMMd", when, locale=locale), format_skeleton("Hm", when, locale=locale)
    return str(locale.datetime_formats["medium"]).format(time, day)


def _written_locale() -> Locale:
    """Babel's data for the language in use, English written the game's (British) way."""
    return _writing or _babel_locale(WRITTEN_ENGLISH if _code == ENGLISH else _code)


def join_alternatives(items: Sequence[str]) -> str:
    """``items`` as choices, the language's way ("A, B or C")."""
    return format_list(list(items), style="or", locale=_written_locale())


PHRASE_VALUES: Final = 8
"""Named values a phrase holds at most (a sentence names two or three)."""


class Phrase:
    """A sentence another program may have to say again, in its own language: a network
    host sends a friend the phrase's English message (its key) and its values, never its
    words, so a friend whose game speaks German reads German.

    ``kinds`` is the type of each named value: ``str`` (a name, said as it is), ``int`` (a
    number; ``count`` decides a plural's form) or a word with a ``label`` in the language in
    use (a card, a suit, a level), which the wire carries as its code. Every phrase made is
    known by its message (``phrase_of``), so a program reads only the phrases it has."""

    def __init__(self, message: str, plural: str = "", /, **kinds: type) -> None:
        if len(kinds) > PHRASE_VALUES:
            raise ValueError(f"a phrase names at most {PHRASE_VALUES} values")
        if plural and kinds.get("count") is not int:
            raise ValueError("a phrase with a plural needs an int count")
        self.message = message
        self.plural = plural
        self.kinds: Mapping[str, type] = kinds
        _phrases[message] = self

    def __call__(self, **values: object) -> Said:
        """The sentence with ``values``, in the language in use."""
        if values.keys() != self.kinds.keys():
            raise TypeError(f"{self.message!r} takes {sorted(self.kinds)}, not {sorted(values)}")
        return Said(self._words(values), self, values)

    def _words(self, values: Mapping[str, object]) -> str:
        count = values.get("count")
        text = n_(self.message, self.plural, count) if self.plural and isinstance(count, int) else _(self.message)
        return text.format(**{name: getattr(value, "label", value) for name, value in values.items()})


class Said(str):
    """A sentence in the language in use that remembers its phrase and values, so a host can
    send them and a friend's program say the sentence again in its own language."""

    phrase: Phrase
    values: Mapping[str, object]

    def __new__(cls, words: str, phrase: Phrase, values: Mapping[str, object]) -> Said:
        said = super().__new__(cls, words)
        said.phrase, said.values = phrase, dict(values)
        return said

    def again(self) -> str:
        """The sentence in the language in use now (the player may have changed it)."""
        return self.phrase._words(self.values)


_phrases: dict[str, Phrase] = {}


def phrase_of(message: str) -> Phrase | None:
    """The phrase whose English message is ``message`` (None: this program has no such phrase)."""
    return _phrases.get(message)
